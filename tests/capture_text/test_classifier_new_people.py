"""Issue 20, cls23: false alarms on people the classifier has not seen, by structure rather than by their words.

- A tool's count of none ("Found 0 errors.", "0 errors, 0 warnings", "✅ 0 new TypeScript errors") says the problem is
  gone; a count above none after done work is still a report.
- The answer asked the person to paste something ("Could you paste the relevant part of the thread?"): the paste that
  follows is what was asked for, not a report on the agent's work.
- A condition or a check in other languages ("如果…", "检查一下是否…", "もし…", "…かどうか確認して", "만약…") is not a
  report, as "if …" and "check whether …" are not in English.
- "fixed" as an adjective ("a fixed share") and "this ensures …" in a proposal or an explanation claim no done work, so
  what comes after them is not read as a report on it.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.cues import CLAIMS
from altimate_learn.capture.model import UserMessage

DONE = "Done. I updated the login form and the API client; the build passes and the dev server is running on port 5173."
# Long enough to read as an answer that did something (over 200 characters), as the real one was.
ASKED_TO_PASTE = ("I tried to open the forum thread you linked, but the site refuses requests from here, so I can't read it "
                  "directly. Could you paste the relevant part of the thread? Then I can tell you whether the advice about the "
                  "compile flags and the generated compile_commands.json actually holds up for your setup.")


def judge(text: str, answer: str = DONE) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None,
                                      answer=answer).correction)


@pytest.mark.parametrize("text", [
    "Found 0 errors.",
    "tsc: 0 errors, 0 warnings",
    "✅ 0 new TypeScript errors",
    "ran it again: 0 failures",
    "the linter says 0 problems",
])
def test_a_count_of_none_is_no_report(text):
    assert not judge(text)


@pytest.mark.parametrize("text", [
    "Found 1 error.",
    "the build fails with 10 errors",
    "still 2 errors",
    "tsc: 20 errors in 3 files",
])
def test_a_count_above_none_after_done_work_is_still_a_report(text):
    assert judge(text)


@pytest.mark.parametrize("text", [
    "Q: when I open the project in neovim the header files can't be found, clangd fails with an error",
    "here it is: the lsp crashes with an error when it starts on an esp32 project",
    "the build fails because the toolchain is not found",
])
def test_a_paste_the_agent_asked_for_is_no_report(text):
    assert not judge(text, ASKED_TO_PASTE)


@pytest.mark.parametrize("text", [
    "the lsp crashes with an error when it starts",
    "the build fails because the toolchain is not found",
])
def test_the_same_paste_after_done_work_is_a_report(text):
    assert judge(text)


@pytest.mark.parametrize("text", [
    "检查一下是否还会报错",
    "检查哪些位置会导致报错",
    "如果点击按钮报错，显示一个提示",
    "万一接口报错，重试三次",
    "もしエラーが出たら、ログに出して",
    "エラーが出るかどうか確認して",
    "만약 에러가 나면 로그 남겨줘",
    "falls es abstürzt, logge den Fehler",
    "если будет ошибка, покажи сообщение",
    "en caso de error, muestra un mensaje",
])
def test_a_condition_or_a_check_in_other_languages_is_no_report(text):
    assert not judge(text)


@pytest.mark.parametrize("text", [
    "还是报错",
    "まだエラーが出ます",
    "아직도 에러가 나요",
    "всё ещё ошибка",
    "sigue dando error",
])
def test_a_report_in_those_languages_still_counts(text):
    assert judge(text)


@pytest.mark.parametrize("answer", [
    "You could cap it at a fixed share of the budget.",
    "Use a fixed-width font for the table.",
    "This ensures a clean slate for every module.",
])
def test_no_done_claim_in_an_adjective_or_a_proposal(answer):
    assert not CLAIMS.search(answer)
    assert not judge("it crashes", answer)


@pytest.mark.parametrize("answer", ["Fixed the cap.", "I fixed the import.", "The bug is fixed."])
def test_a_done_claim_still_makes_a_crash_a_report(answer):
    assert CLAIMS.search(answer)
    assert judge("it crashes", answer)


# -- the answer handed the next step to the person, in other languages ------------------------------------------------

HANDED_ABROAD = [
    "包需要从 GitHub 克隆并集成到源码中，我已经更新了 Packages.sh 的说明。请在 OpenWrt 源码目录中运行以下命令来添加这些包：[code] "
    "运行后，重新生成配置并构建。" + "这一步会下载依赖。" * 12,
    "Я обновил README и описал сборку. Вариант Б: через командную строку. Выполните команду в терминале: [code] "
    "После этого расширение появится в списке. " + "Это займёт минуту. " * 8,
    "He actualizado el Dockerfile y el README con los pasos de despliegue. Para probarlo en tu máquina tienes que ejecutar "
    "el contenedor con tus variables: [code] " + "Esto tarda un poco la primera vez. " * 6,
]


@pytest.mark.parametrize("answer", HANDED_ABROAD)
def test_an_error_after_a_step_handed_over_in_another_language_is_no_report(answer):
    assert not judge("git push 不工作: fatal: Authentication failed for the remote", answer)
    assert not judge("it fails with an error: permission denied", answer)


DONE_ABROAD = [
    "我已经更新了 Packages.sh，并修复了构建脚本里的路径问题。" + "现在构建会自动拉取这些包。" * 12
    + "如果仍有问题，请检查构建日志中是否有关于这些包的错误信息。",
    "Я обновил README и исправил сборку расширения. " + "Теперь всё работает из коробки. " * 8
    + "Если хотите, выполните команду в терминале, чтобы проверить.",
    "He actualizado el Dockerfile y corregido el puerto. " + "Ahora funciona con tus variables de entorno. " * 6
    + "Por favor, recarga la página para ver el resultado.",
]


@pytest.mark.parametrize("answer", DONE_ABROAD)
def test_the_same_error_after_done_work_offering_a_step_under_a_condition_or_a_check_is_a_report(answer):
    assert judge("it fails with an error: permission denied", answer)


# -- look-alikes written for this pass (no corpus message): after done work, each corrects nothing ----------------------

@pytest.mark.parametrize("text", [
    # a problem said gone, in English and other languages
    "that fixed it, the page doesn't flicker anymore",
    "nice, it doesn't crash anymore on empty input",
    "谢谢，现在不报错了",
    "gracias, ya no da error",
    "obrigado, já não dá erro",
    # a new piece of work that names a failure it must handle
    "好的，下一步：上传失败的时候显示一个错误提示",
    "可以，再加一个功能：网络断开时不要崩溃，自动重试",
    "OK、次は支払いが失敗した時にリトライを追加して",
    "perfecto, ahora agrega un mensaje cuando falle la subida",
    "great, now make it not retry more than 3 times",
    "yes please, and make it not fail when the list is empty",
    # the person's time or a run under way, with their word to come back
    "the CI is still running, I'll tell you when it finishes",
    "the deploy is still in progress, I'll ping you when it's done",
    "it's still early, I'll test the whole flow tomorrow",
    # a state accepted as it is
    "thanks! the old tests still use the fixtures from v1, leave those as they are",
])
def test_look_alikes_after_done_work_stay_quiet(text):
    assert not judge(text)


@pytest.mark.parametrize("text", [
    "it doesn't load anymore",
    "the page still flickers",
    "the menu still overlaps the header",
    "it still crashes, I'll let you know if I find more",
    "the CI is still failing, I'll send the log",
    "还是报错",
    "页面没有反应",
    "sigue sin funcionar",
    "Please fix the frontend UI so that it does not use Chart.js",
])
def test_reports_next_to_those_look_alikes_still_count(text):
    assert judge(text)


# -- the person's own slip, in Chinese, Japanese and Korean --------------------------------------------------------------

@pytest.mark.parametrize("text", ["我之前说错了，你的实现是对的", "是我搞错了，没问题", "私が間違えました、大丈夫です"])
def test_the_person_owning_a_mistake_is_no_correction(text):
    assert not judge(text)


@pytest.mark.parametrize("text", ["你说错了，应该用postgres", "这里错了", "不对，你理解错了"])
def test_saying_the_agent_is_wrong_still_counts(text):
    assert judge(text)


# -- an answer that weighed work it has not done and asks whether to do it -------------------------------------------------

PROPOSAL = ("I looked at the upload module. The retry logic is missing and the timeout is hard-coded to 5 seconds, which is "
            "probably why large files fail on slow connections. I could add exponential backoff and make the timeout "
            "configurable. Would you like me to implement that?")
DONE_THEN_COULD = ("I fixed the upload handler: the retry logic now backs off exponentially and the timeout comes from the "
                   "config. I could also add a progress event for the UI. Would you like me to implement that?")


@pytest.mark.parametrize("text", [
    "yes please, large uploads fail all the time for our users",
    "yes, and also the progress bar doesn't work on safari, can you look at that too?",
    "go ahead. the timeout is also wrong in the download module",
    "yes, it's been broken for months, customers complain every week",
    "do it, the error happens on every file above 100MB",
    "yes, make the timeout configurable, it crashes on my slow wifi",
    "sounds good. the uploads still fail on mobile, that's the main issue",
    "yes. btw the old uploader never worked on windows either",
    "是的，请实现。大文件上传一直失败",
    "sí, hazlo. las subidas grandes fallan siempre",
])
def test_a_problem_named_in_reply_to_a_proposal_is_no_report(text):
    assert not judge(text, PROPOSAL)


@pytest.mark.parametrize("text", [
    "no, don't add backoff, just raise the timeout",
    "that's wrong, the timeout is not the problem, it's the proxy",
    "you didn't look at the proxy config at all",
])
def test_a_correction_of_the_proposal_still_counts(text):
    assert judge(text, PROPOSAL)


@pytest.mark.parametrize("text", ["uploads still fail on mobile", "the upload crashes now", "it doesn't work"])
def test_after_done_work_that_offers_more_a_report_still_counts(text):
    assert judge(text, DONE_THEN_COULD)


# -- a third typed round: approvals, new work, questions and the person's own setup in other languages --------------------

@pytest.mark.parametrize("text", [
    "完美，现在不卡了",
    "可以了，页面正常显示了",
    "这个错误是什么意思？",
    "接下来做登录页面，登录失败要提示用户",
    "再加一个导出功能，导出失败时弹窗提醒",
    "先不用管那个报错，那是我本地环境的问题",
    "うまくいきました、もうクラッシュしません",
    "次にログイン画面を作って、失敗したらエラーを表示して",
    "다음으로 로그인 페이지 만들어줘, 실패하면 에러 보여줘",
    "ok funciona, ya no se cuelga",
    "parfait, ça ne plante plus",
    "super, es stürzt nicht mehr ab",
    "отлично, больше не падает",
])
def test_third_round_look_alikes_stay_quiet(text):
    assert not judge(text)


@pytest.mark.parametrize("text", [
    "次に、保存ボタンが動かない",
    "接下来，保存按钮没有反应",
    "页面报错了，不是我本地环境的问题",
    "那是我本地环境的问题，不过页面还是报错",
    "登录还是失败",
])
def test_third_round_reports_still_count(text):
    assert judge(text)


# -- review23's look-alikes (C1, C2, C4): reports next to a foreign condition word, a count of none or a problem said gone

FIXED = "I've updated the login form and the API client; the build passes."


@pytest.mark.parametrize("text", [
    # C1: a condition word after the report leaves it standing (only a clause that opens with one is a condition)
    "Es funktioniert nicht, ob du es glaubst oder nicht",
    "ещё не работает, если честно",
    "теперь ошибка, если открыть страницу",
    "the test hangs, ob lokal oder in CI",
    "不行，打不开，万一是端口的问题呢",
    "仍然崩溃，会不会是依赖的问题",
    "不行，页面还是空白，检查一下是否缓存了",
    # C2: a count above none beside "0 warnings"
    "✖ 5 problems (5 errors, 0 warnings)",
    "eslint: 3 errors, 0 warnings",
    # C4: the problem said gone, then a contrast; 不报错 as a missing check; 问题解决不了; a new test with a report
    "现在不报错了，但是登录不了",
    "ya no da error, pero el login no funciona",
    "kein Fehler mehr, aber der Login geht nicht",
    "ошибок больше нет, но логин не работает",
    "에러가 안 나요, 그런데 로그인이 안 돼요",
    "输入错误的密码也不报错，应该提示",
    "问题解决不了，页面还是白屏",
    "写个接口的测试，现在登录接口报错 500",
])
def test_review23_reports_still_count(text):
    assert judge(text, FIXED)


DONE_THEN_COULD_NO_CLAIM_WORDS = [
    "Switched the date parsing over to `dateutil.parser.isoparse` in `events.py` and `calendar.py`, and the timezone comes "
    "from the user's profile. I could also add caching for the parsed values. Want me to do that?",
    "Moved the auth check into the middleware so every route goes through it, and the session cookie is refreshed on each "
    "request. I'd suggest adding rate limiting next. Should I add it?",
]


@pytest.mark.parametrize("answer", DONE_THEN_COULD_NO_CLAIM_WORDS)
def test_done_work_worded_outside_the_claim_words_then_could_more_keeps_its_reports(answer):
    # R22-1's shape with a conditional offer: "also" / "next" offers more after work done, so no proposal
    assert judge("the calendar page crashes now", answer)


@pytest.mark.parametrize("text", ["不是我这边的问题，登录报错", "我确认过了，不是我这边的问题，页面打不开"])
def test_not_my_side_keeps_the_report(text):
    # review23 C5
    assert judge(text, FIXED)
