"""Session #21 (cls39, issue 20), second round of guards for the false alarms the classifier raised on dev owners at
first sight (`research/classifier_unseen.py --history`), each a general form with a pair: the look-alike that must stay
quiet and the correction that must still fire.

- An answer that did no work and only asks the person for details or offers help in general ("Could you clarify …?",
  "何かお手伝いできることはありますか？", "Você poderia clarificar …?"): an error reported next is not the change's.
- A fault put forward as a hypothesis for the agent to check ("This could be a serious logical error. Try to locate this
  and confirm or deny my thesis", "编译估计时报错，检查…").
- The agent's access asked about ("It doesn't seem like you have access to the right tools. What do I need to do to give
  you access?", "do I need to authorize you?").
- A state said not to matter ("they were all empty anyway"); "That's what I meant by …" confirms the agent's reading.
- Weighing options ("option A seems like I have to enter a PAT every time. Which do you suggest?") states no convention.
- A pasted folder tree ("errors.js  # Error classes") is no failure output; a request to explain what pasted output means
  ("what does this mean? how can i fix it?") reports nothing.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text

DONE = "I've updated the component and fixed the import; the page should now render correctly."
LONG_DONE = ("I rewrote the upload handler and moved the validation into its own module. The form now posts to /api/upload, "
             "the server checks the size and the type, and the tests cover both. " * 2)


def _flag(text: str, answer: str | None = DONE) -> tuple[bool, str]:
    verdict = classify_text(text, answer)
    return bool(verdict.correction), verdict.reason


ASKS_FOR_MORE = [
    "I understand you mentioned 'A qujest' - it seems like a typo. Could you clarify what you would like to know or ask for "
    "help with? I'm here to help with any question about the code or the features of the app we are building together.",
    "これはGemini CLIです。私、Geminiは、Googleによってトレーニングされた大規模言語モデルです。このコマンドラインインターフェース"
    "を通じて、あなたのローカル環境で様々なタスクを支援します。何かお手伝いできることはありますか？",
    "Entendi que você mencionou 'A qujest' - parece que pode ter sido um erro de digitação. Você poderia clarificar o que "
    "gostaria de saber ou pedir ajuda? Estou aqui para ajudar com qualquer dúvida sobre o código.",
]


@pytest.mark.parametrize("answer", ASKS_FOR_MORE)
def test_error_after_an_answer_that_only_asked_for_details_is_the_persons_own(answer):
    for text in ("どうしてもエラーになる", "when I click solve I get this error: HTTP 404"):
        assert not _flag(text, answer)[0], (text, answer[:40])


def test_error_after_done_work_that_also_offers_help_still_reports():
    answer = "I've fixed the upload handler and added the size check. Is there anything else I can help with?"
    assert _flag("when I click upload I get this error: HTTP 500", answer)[0]
    assert _flag("どうしてもエラーになる", "アップロード処理を修正しました。[code] 何かお手伝いできることはありますか？")[0]


@pytest.mark.parametrize("text", [
    "I think we may have two separate commission calculation methods in this project created by two different agents. "
    "This could be a serious logical error. Try to locate this and to confirm or deny my thesis",
    "this might be a bug in the date parser, can you check whether it drops the timezone?",
    "编译估计时报错，检查哪些位置会导致报错",  # compiling will probably error: check which places would cause it
])
def test_a_hypothesis_to_check_is_no_report(text):
    assert not _flag(text, LONG_DONE)[0], text


@pytest.mark.parametrize("text", [
    "the upload still fails with a 500, can you check the logs?",
    "编译报错了，检查一下",  # it errors when compiling, check it
])
def test_a_report_with_a_request_to_check_still_counts(text):
    assert _flag(text, LONG_DONE)[0], text


@pytest.mark.parametrize("text", [
    "It doesn't seem like you have access to the right tools. What do I need to do to give you access?",
    "OK I used the browser to delete all but one repository (they were all empty anyway). That's what I guess i meant by "
    "start over. I also typed 'git reset' in the terminal. Now what?",
    "option A seems like I have to enter a PAT every time.... Which do you suggest?",
    "chezmoi: .claude/plugins: inconsistent state (/Users/x/a, /Users/x/b)\n\nwhat does this mean? how can i fix it?",
])
def test_first_sight_look_alikes_of_round_two_stay_quiet(text):
    assert not _flag(text, LONG_DONE)[0], text


@pytest.mark.parametrize("text, reason", [
    ("it doesn't seem to work", "said the change did not work"),
    ("that's not what I meant", None),
    ("no, I meant the other file", None),
    ("the page is still empty", None),
    ("the page is blank now", None),
])
def test_round_two_corrections_still_fire(text, reason):
    flagged, got = _flag(text, LONG_DONE)
    assert flagged and (reason is None or got == reason), (text, got)


def test_a_pasted_folder_tree_is_no_failure_but_a_pasted_traceback_is():
    tree = ("apply these changes \u2500\u2500 src/\n\u2502   \u251c\u2500\u2500 app/   # Application Core\n"
            "\u2502   \u2514\u2500\u2500 shared/\n\u2502       \u251c\u2500\u2500 utils/   # Moved from root\n"
            "\u2502       \u2514\u2500\u2500 errors.js   # Error classes\n\u251c\u2500\u2500 tests/   # Tests remain at root\n")
    assert not _flag(tree, LONG_DONE)[0]
    trace = ('Traceback (most recent call last):\n  File "app.py", line 3, in <module>\n    main()\n'
             "ValueError: invalid literal for int() with base 10: 'x'")
    assert _flag(trace, LONG_DONE)[0]


# -- review39 findings ---------------------------------------------------------------------------------------------------

ENDPOINT_DONE = "Done: I added the endpoint and the tests pass."


@pytest.mark.parametrize("text", [
    "I think I broke something in my branch, the login page is blank now. can you take a look?",  # R39-9
    "I broke the login page on my branch, it's blank now, can you help?",
    "the staging deploy failed last night with a timeout, unrelated to this, can you check the logs?",
    "separate issue: the search page throws a 500 on empty queries",
    "great. next: the export job should run nightly instead of hourly",
])
def test_own_breakage_an_unrelated_issue_and_the_next_piece_are_no_correction(text):
    assert not _flag(text, ENDPOINT_DONE)[0], text


@pytest.mark.parametrize("text", [
    "the login page is blank now",
    "the search page throws a 500 on empty queries",
    "great. the login page is blank now",
    "it crashes on startup since your change, unrelated to my branch",  # tied to the change
])
def test_the_same_reports_without_those_words_still_count(text):
    assert _flag(text, ENDPOINT_DONE)[0], text


def test_a_doubt_kept_for_now_is_withdrawn():
    answer = "Refactored the parser into three functions and updated the call sites."
    assert not _flag("I'm not sure the third function is needed, but let's keep it for now", answer)[0]
    assert _flag("I'm not sure the third function is needed", answer)[0]


USED_BANNED = ("Done: I added print statements to log each request, and console.log in the frontend. I used axios for the "
               "call.")


@pytest.mark.parametrize("text, reason", [  # R39-10
    ("não use console.log", "prohibited an action"),
    ("não usamos console.log aqui", "stated a team convention"),
    ("aquí no usamos axios", "stated a team convention"),
    ("不要用print", "prohibited an action"),
    ("print を使わないでください", "prohibited an action"),
    ("npm は使わないで、pnpm を使って", "prohibited an action"),
    ("nicht npm verwenden, wir nehmen pnpm", "prohibited an action"),
    ("benutz kein print, wir loggen mit logging", "prohibited an action"),
])
def test_bans_and_conventions_abroad_count_like_their_english_twins(text, reason):
    assert _flag(text, USED_BANNED) == (True, reason), text


@pytest.mark.parametrize("text", [
    "o app não usa cache",  # a statement of what the app does
    "crie uma página de login, não use bootstrap",  # a new piece of work with its own requirement
    "se não usar cache, fica lento?",  # a question with a condition
    "ログイン画面を作成してください。bootstrap は使わないで",  # a new piece of work
    "crie a página de perfil com o formulário e a foto. não use bootstrap",  # a ban inside a longer request
])
def test_look_alikes_of_bans_abroad_stay_quiet(text):
    assert not _flag(text, USED_BANNED)[0], text


def test_a_norm_after_a_why_question_is_read_as_its_own_sentence():  # R39-1
    answer = "Added app/routes/orders.py: get_orders(user_id) calls the orders service."
    text = ("hm, why is the http call in the route? routes stay thin in this repo, that stuff goes in app/services/. and "
            "please no print(), use the logger from app/log.py")
    assert _flag(text, answer) == (True, "stated a convention the agent's work broke")
    assert not _flag("why is the http call in the route? just curious", answer)[0]
    assert not _flag("is the route file the right place? routes go in app/routes in this repo, right?", answer)[0]


@pytest.mark.parametrize("text", [  # R39-15
    "you only changed one of the two handlers",
    "there are two handlers, you fixed one",
])
def test_the_work_done_in_part_is_a_correction(text):
    assert _flag(text, "I've fixed the handler and the tests pass now.")[0], text


@pytest.mark.parametrize("text", [
    "you only need to change one of the two configs",
    "I only changed one of the two configs, I'll do the other",
])
def test_look_alikes_of_the_work_done_in_part_stay_quiet(text):
    assert not _flag(text, "I've fixed the handler and the tests pass now.")[0], text


RULES_SAY = "Replaced axios with fetch in src/upload.js as the team rules say."


@pytest.mark.parametrize("text", [  # review39 R39-20: a delivered rule said to hold no longer
    "that axios rule is outdated, we use axios again since the v2 migration, fetch can't report upload progress",
    "that lesson is outdated, we use axios again since the v2 migration",
    "the rule about fetch no longer applies, we need upload progress",
])
def test_a_rule_said_to_hold_no_longer_is_a_correction(text):
    assert _flag(text, RULES_SAY) == (True, "said a rule the agent followed no longer holds"), text


@pytest.mark.parametrize("text", [
    "the eslint rule no-console is outdated, remove it from the config",  # a linter's rule: new work
    "this validation rule is wrong, it rejects valid emails",  # a rule of the product
    "our convention is outdated?",  # asked
    "add a rule that the guideline doc is outdated after 30 days",  # a new request
])
def test_look_alikes_of_a_rule_that_no_longer_holds_stay_quiet(text):
    assert not _flag(text, RULES_SAY)[0], text
