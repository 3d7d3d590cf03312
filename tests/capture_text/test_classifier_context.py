"""What the agent's answer and the shape of the session say about the next message (issue 20, third pass): a
session exported mid-conversation, an answer that handed the work to the person, output attached by reference,
a bare "nothing" after the agent said it was done, a log's own headings, answers in dense scripts."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import answered, classify_text, classify_user_message, is_task_spec
from altimate_learn.capture.model import UserMessage

DONE = "I've updated the component and fixed the import; the page should now render correctly."


def test_the_first_message_of_a_transcript_that_starts_with_an_answer_replies_to_it():
    report = UserMessage(text="it still crashes on startup", index=0, after_assistant=True)
    assert classify_user_message(report, None, answer=DONE).correction
    task = UserMessage(text="it still crashes on startup", index=0, after_assistant=False)
    assert not classify_user_message(task, None, answer=None).correction


EXPLAINED = ("The error comes from the build step, not from the component itself: the styles are fine as they are, and "
             "the component compiles on its own. ")


@pytest.mark.parametrize("answer", [EXPLAINED + a for a in (
    "The plugin moved to a separate package. You'll need to install `@tailwindcss/postcss` and update your PostCSS config.",
    "Add the two rules to `App.vue` and save it; your browser will reload and show both buttons.",
    "Then `incus launch images:alpine/3.23 foo` should pull from `images`. What does `incus remote list` show?",
    "That looks like a missing environment variable. Run it once more and paste the full output here.",
)])
def test_an_error_after_the_agent_handed_the_step_to_the_person_is_not_a_report_on_its_work(answer):
    assert answered(answer)
    for text in ("I get this error: Unclosed block at line 2", "the page is blank"):
        assert not classify_text(text, answer=answer).correction, (text, answer)
        assert classify_text(text, answer=DONE).correction, text


def test_a_correction_in_words_still_counts_after_an_answer_that_handed_the_step_over():
    answer = "You'll need to update the config file and run the migration yourself."
    assert classify_text("no, you forgot the migration for the users table", answer=answer).correction


@pytest.mark.parametrize("text", [
    "#terminalLastCommand the build fails, please fix",
    "#terminalSelection Please check, diagnose and fix",
    "@terminal still errors after your change",
])
def test_terminal_output_attached_by_reference_with_a_failure_is_a_report(text):
    assert classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "#terminalLastCommand what does this command do",
    "#terminalSelection summarise the output",
    "#terminalLastCommand the build fails, please fix",  # no answer before it: nothing of the agent's to report on
])
def test_terminal_output_attached_without_a_failure_or_an_answer_is_not(text):
    answer = None if "fails" in text else DONE
    assert not classify_text(text, answer=answer).correction, text


@pytest.mark.parametrize("text", ["nothing", "as you can see - nothing", "still nothing.", "Nothing at all",
                                  'nope "WARN[0001] runtime cannot be updated after initial setup"'])
def test_a_bare_nothing_or_a_refusal_with_the_output_after_a_done_answer_is_a_report(text):
    assert classify_text(text, answer=DONE).correction, text
    assert not classify_text(text, answer=None).correction, text


@pytest.mark.parametrize("text", ["nothing else, thanks", "nothing to add", "no", "nope, that's all"])
def test_nothing_more_to_ask_is_not_a_report(text):
    assert not classify_text(text, answer=DONE).correction, text


def test_a_logs_own_headings_do_not_make_it_a_specification():
    log = ("Closing non transactional SqlSession\n"
           "### Error querying database.  Cause: java.sql.SQLSyntaxErrorException: Unknown column 'id'\n"
           "### The error may exist in com/example/mapper/HotelInfoMapper.java (best guess)\n"
           "### The error occurred while setting parameters\n"
           "### SQL: SELECT id FROM portal_hotel_info\n")
    assert not is_task_spec(log)
    assert classify_text(log, answer=DONE).correction
    spec = "### Goal\nAdd a login page.\n### Steps\n- a form\n- a route\n### Error handling\nshow a toast"
    assert is_task_spec(spec)


@pytest.mark.parametrize("text", [
    "## Error handling\nWrap the payment call and retry on timeouts, and show the user a toast when it fails.",
    "## Error handling\n- don't swallow exceptions\n- log with context",
    "# Exceptions\nRaise ValidationError for bad input and map it to a 422 in the router.",
])
def test_a_specification_under_an_error_heading_is_a_new_request_not_a_report(text):
    """A request whose heading is about errors is still a request (a broad heading pattern read it as a log)."""
    assert is_task_spec(text)
    assert not classify_text(text, answer=DONE * 3).correction


def test_a_copied_error_overlay_and_a_traceback_heading_are_a_log():
    overlay = "## Error Type\nConsole Error\n\n## Error Message\nHydration failed because the server HTML didn't match."
    assert not is_task_spec(overlay)
    assert classify_text(overlay, answer=DONE).correction


@pytest.mark.parametrize("text, flagged", [
    ("Now handle signup: when the email already exists, return 409 with a message.", False),
    ("if the user already exists, skip it", False),
    ("check whether it already exists first", False),
    ("that file already exists, you created a duplicate", True),
    ("This already exists. Why did you add it again?", True),
])
def test_already_exists_as_a_condition_of_a_new_request_is_not_a_report(text, flagged):
    assert classify_text(text, answer=DONE).correction is flagged


def test_text_full_of_blank_lines_is_classified_without_rescanning_them():
    """Line-start patterns must not run across blank lines (quadratic): the verdict on 4,000 newlines plus a
    report is the report's, and the scan finishes (no timing asserted)."""
    assert classify_text("\n" * 3900 + "still getting the same error", answer=DONE).correction


def test_a_short_answer_in_a_dense_script_still_says_the_agent_did_something():
    answer = ("懂了，两件事：把首页图标做成整块可点，旁边空白区域现在也响应点击。然后重写了仪表盘，模仿数据看板的样式。"
              "验证一下：首次编译耗时较长，超时了。再等一下再试。")
    assert len(answer) < 200 and answered(answer)
    assert classify_text("继续，现在系统左边点开的没有办法动了", answer=answer).correction
    assert not answered("好的。")


@pytest.mark.parametrize("text", ["В тебе дофіга помилок в main", "видає помилку при запуску", "много ошибок в консоли"])
def test_errors_reported_in_ukrainian_and_russian(text):
    assert classify_text(text, answer=DONE).correction, text


def test_the_unseen_owner_harness_reads_dev_only_and_splits_its_owners_in_two_fixed_halves():
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    from research.classifier_unseen import half_of, owner_of, run_current
    from research.data.real_sessions import splits

    dev = sorted(repo for repo, part in splits().items() if part == "dev")
    assert {half_of(repo) for repo in dev} == {"A", "B"}
    # the half is the owner's, so one owner's repositories never straddle the halves
    by_owner: dict[str, set[str]] = {}
    for repo in dev:
        by_owner.setdefault(owner_of(repo), set()).add(half_of(repo))
    assert all(len(h) == 1 for h in by_owner.values())
    # The harness scores dev messages only. Classifying every dev message takes a minute, so the test scores a
    # fixed sample of six owners per half, with every held-out owner offered too: they must yield no row.
    sample = {half: sorted(o for o, h in by_owner.items() if h == {half})[:6] for half in ("A", "B")}
    heldout_owners = {owner_of(repo) for repo, part in splits().items() if part != "dev"}
    rows = run_current(owners=set(sample["A"]) | set(sample["B"]) | heldout_owners)
    repos = {r["repo"] for r in rows}
    assert repos and all(splits()[repo] == "dev" for repo in repos)
    assert {half_of(repo) for repo in repos} == {"A", "B"}
    assert {owner_of(repo) for repo in repos} <= set(sample["A"]) | set(sample["B"])
    assert {r["outcome"] for r in rows} <= {"tp", "fp", "fn", "tn"}


def test_a_rule_deep_in_a_longer_message_is_a_requirement_of_that_request():
    ask = ("simplify the output to tie the customer complaints you listed to the mechanisms behind them, one line "
           "each, and keep the wording plain and short so the team can read it in the meeting tomorrow. again, don't edit "
           "anything, I only want the analysis for now")
    assert len(ask) > 250
    assert not classify_text(ask, answer=DONE).correction
    assert classify_text("keep it short. again, don't edit anything", answer=DONE).correction
    assert classify_text("don't edit anything. " + ask, answer=DONE).correction  # the opening clause still counts
    assert classify_text("No, don't edit anything. " + ask, answer=DONE).correction  # "No" opens nothing of its own


OFFER = ("The OpenAI client now reads the model name from the settings file and retries twice on a rate limit. "
         "Would you like me to provide additional details or make specific modifications to any part of the code?")


@pytest.mark.parametrize("text, answer", [
    ("Lets not change anything", OFFER),  # a refusal of the offer still corrects the work it offers to extend
    ("i mean the LLM behind the chat>?", OFFER),
    ("no, I mean the settings page, not the profile", DONE),
    ("i dont have access to gpt-4. the local model is for coding only", DONE),
    ("you have my permission to edit the files and commit them yourself", DONE),
    ("Quiero darte el permiso para que edites cada uno de los archivos y luego realices un commit", DONE),
    ("that helper already exists in utils", DONE),
])
def test_refusals_clarifications_missing_access_and_permission_are_corrections(text, answer):
    assert classify_text(text, answer=answer).correction, text


@pytest.mark.parametrize("text", [
    "I mean, it works, thanks",
    "Because the rows might already exist with the wrong sector, change the SQL to an upsert",
    "i don't have access to the internet right now, I'll test it tomorrow",
])
def test_the_same_words_as_filler_speculation_or_news_are_not(text):
    assert not classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", ['"mise run test:ci" fails', "`npm run build` fails now",
                                  "the list of projects doesn't save/load when I refresh", "the form won't submit"])
def test_a_quoted_command_that_fails_and_things_that_do_not_save_or_submit_are_reports(text):
    assert classify_text(text, answer=DONE).correction, text
    assert not classify_text(text, answer=None).correction, text


def test_optional_advice_in_the_answer_does_not_hand_the_step_over():
    built = ("The backend serves the API on port 8000 and the web client is static. If needed, you can change the port "
             "in the settings file and update the API base URL at the top of the web client; both are optional.")
    assert classify_text("the api reports an error when I click health check", answer=built).correction
    handed = built.replace("you can change", "you'll need to change")
    assert not classify_text("the api reports an error when I click health check", answer=handed).correction


@pytest.mark.parametrize("text", ["I think there's a bug in the SVG rendering.", "I can see some issues in the rendering",
                                  "there are a few issues with the new layout", "нет никакой кнопки",
                                  "Так все появилось, только не сохраняются группы", "Посмотри приложение, буква A не видна."])
def test_a_bug_or_issues_reported_in_what_the_agent_made(text):
    assert classify_text(text, answer=DONE).correction, text
    assert not classify_text(text, answer=None).correction, text


@pytest.mark.parametrize("text", ["is there a bug in my approach?", "there are no issues with it",
                                  "I found a bug in my own script, not yours"])
def test_asking_about_bugs_or_saying_there_are_none_is_not_a_report(text):
    assert not classify_text(text, answer=DONE).correction, text


LOADED = "I have updated the loader and the texture paths; the mod should now load correctly in the game."


@pytest.mark.parametrize("text", [
    "this is the log now:\nRimWorld 1.5.4409 rev1120\nVerse.Log:Message (string)\nVerse.Root:Start ()",
    "the log remains:\nRimWorld 1.5.4409 rev1120\nUnityEngine.StackTraceUtility:ExtractStackTrace ()",
    "This is the response from health endpoint: {\n  \"endpoint\": \"/health\",\n  \"db_url\": \"sqlite:////C:/temp/x.db\"\n}",
])
def test_output_introduced_after_a_done_answer_is_a_report_even_without_an_error_word(text):
    assert classify_text(text, answer=LOADED).correction, text
    assert not classify_text(text, answer=None).correction, text


@pytest.mark.parametrize("text", [
    "here is the output:\n===== 12 passed in 0.4s =====\nall good",
    "the build works now, here is the log:\nlinking...\ndone in 3s",
    "can you explain this output:\nwarning: unused variable x\n  --> src/main.rs:3:9",
])
def test_a_green_run_or_output_to_explain_is_not(text):
    assert not classify_text(text, answer=LOADED).correction, text


@pytest.mark.parametrize("text", ["La app no se ha lanzado. Tampoco haz creado un jar", "No hay jar",
                                  "Les cercles ne s'affichent pas.", "il y a un problème avec le zoom",
                                  "jest błąd 404 przy próbie połączenia", "przy zatrzymywaniu widzę takie błędy"])
def test_broken_results_in_spanish_french_and_polish_after_a_done_answer(text):
    assert classify_text(text, answer=LOADED).correction, text
    assert not classify_text(text, answer=None).correction, text


@pytest.mark.parametrize("text", ["no hay problema, gracias", "il n'y a pas de problème, merci", "nie ma błędów, dzięki"])
def test_no_problem_in_other_languages_is_not_a_report(text):
    assert not classify_text(text, answer=LOADED).correction, text


ZH_DONE = "我已经修改了加载逻辑，现在应该可以正常显示了。" * 4


@pytest.mark.parametrize("text", ["还是看不到按钮", "页面白屏了", "编译失败", "显示乱码", "这个结果不正确", "反映されない"])
def test_broken_results_in_chinese_and_japanese_after_a_done_answer(text):
    assert classify_text(text, answer=ZH_DONE).correction, text
    assert not classify_text(text, answer=None).correction, text


@pytest.mark.parametrize("text", ["请帮我处理登录失败的情况", "如果请求失败时要重试", "谢谢，现在正常了"])
def test_handling_failures_or_thanks_in_chinese_is_not_a_report(text):
    assert not classify_text(text, answer=ZH_DONE).correction, text


@pytest.mark.parametrize("text", [
    "/Users/me/app/Views/QuizIntroView.swift:93:37 Cannot find 'computed' in scope",
    "lib/shop_web/live/order.ex:34: no function clause matching in OrderLive.handle_event/3",
    "i cannot use @seed.js", "i cannot open the settings page", "i still can't log in.",
])
def test_compiler_lines_of_any_language_and_things_the_person_cannot_use_are_reports(text):
    assert classify_text(text, answer=DONE).correction, text
    assert not classify_text(text, answer=None).correction, text


@pytest.mark.parametrize("text", ["You just did it again.", "Are you sure you are getting the right policies",
                                  "why you update that, it was fine", "颜色是白色没有生效", "tôi đã thử rồi nhưng không có tác dụng"])
def test_challenges_and_persisting_problems_need_no_answer(text):
    assert classify_text(text, answer=None).correction, text


@pytest.mark.parametrize("text", ["I can't use it on weekends anyway, thanks", "why you would want that is unclear to me"])
def test_the_same_words_without_the_fault_are_not(text):
    assert not classify_text(text, answer=DONE).correction, text


def test_narration_of_work_under_way_counts_as_the_agent_acting():
    narration = ("The grouping needs a new handler in the order screen and a toggle in the list component. "
                 "I'll implement visual grouping in both the POS system and admin CRUD. Let me start with the handler:")
    assert classify_text("It looks good, but deleting a group doesn't work", answer=narration).correction
    assert not classify_text("It looks good, but deleting a group doesn't work",
                             answer="Which of the two screens should I change first?").correction


@pytest.mark.parametrize("text", ["not just openai but the other providers too",
                                  "@ssh (1-19) docker compose pull is doing this instead of fetching the image",
                                  "the section is sort of buggy, elements vanish when i hover",
                                  "the compose button in gmail is super slow now", "直接帮我运行一下，我要进行测试"])
def test_partial_work_buggy_or_slow_results_and_run_it_for_me(text):
    assert classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", ["not just yet, but later", "not only that, but also faster",
                                  "the old API was slow, now it is fast", "I want it to disappear when the user scrolls"])
def test_the_same_words_in_other_senses_are_not(text):
    assert not classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", ["It won't be very complicated, but it needs a plan", "it doesn't matter which one",
                                  "đây là context cho hàm _handleAuthException"])
def test_a_future_estimate_an_indifference_or_a_handler_name_is_not_a_report(text):
    assert not classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", ["that doesnt sound right", "it does not clear the sessions created inside .git",
                                  "it didn't need to return anything, it just modified the source", "it doesn't."])
def test_it_does_not_do_what_it_should_is_still_a_report(text):
    assert classify_text(text, answer=DONE).correction, text
