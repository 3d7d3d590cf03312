"""How people phrase corrections in their own words (issue 20, second pass): the families the real sessions
showed, written as general forms rather than copies of any one message, and the look-alikes that must stay out
(an error talked about or said to be gone, a question about an error, a new request)."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text, classify_user_message, pasted_failure
from altimate_learn.capture.model import UserMessage
from altimate_learn.capture.wording import normalise

DONE = "I've updated the component and fixed the import; the page should now render correctly."


@pytest.mark.parametrize("text", [
    "where did the sidebar go?",
    "did you even run the tests?",
    "how is this supposed to work if the id is null?",
    "why are there two copies of the function now?",
    "who said to use redux?",
    "why is the test file gone?",
    "where are the types i asked for?",
    "isn't that the same bug as before?",
    "how come it still shows the old data?",
])
def test_questions_that_challenge_what_the_agent_did(text):
    assert classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "as we agreed, no new dependencies",
    "like we discussed, tests go in tests/unit",
    "I mentioned this before: the dates are UTC",
    "once again: no semicolons",
    "we talked about this, use the logger not print",
    "how many times do i have to say it, no inline styles",
    "we agreed on snake_case",
])
def test_reminders_of_what_was_agreed(text):
    assert classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "could you maybe not add comments everywhere?",
    "can we not use any here?",
    "I'd prefer if you didn't change the public API",
    "maybe avoid the global variable?",
    "would it be possible to not rename the functions?",
    "it would be nice if you didn't touch unrelated files",
    "please try not to add new dependencies",
    "let's not add a new library for this",
    "can you undo that last change?",
])
def test_hedged_requests(text):
    assert classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "we use pnpm here",
    "in this repo tests live next to the code",
    "this project uses tabs",
    "the team prefers composition over inheritance",
    "we use black with line length 100",
])
def test_conventions_stated_as_facts(text):
    assert classify_text(text, answer=DONE).correction, text


def test_a_convention_given_as_the_answer_to_the_agents_question_is_not_a_correction():
    assert not classify_text("we use pnpm here", answer="Should I use npm or pnpm to install it?").correction


@pytest.mark.parametrize("text", [
    "the page is blank now",
    "build fails",
    "nope, same thing",
    "the button does nothing",
    "still seeing the old layout",
    "i see a blank screen",
    "getting undefined",
    "an error pops up when I run the app",
    "Now we're having an error on start",
    "the api reports an error: 405 Method Not Allowed",
    "so weird, import error",
    "systematically fix the remaining errors",
    "why do I get this error?",
])
def test_the_result_reported_broken_after_the_agent_said_it_was_done(text):
    assert classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "what does this error mean?",
    "Is there a way to catch this error in the middleware?",
    "How should we handle errors from the API?",
    "can you add logging for errors?",
    "what error do we return when the user is not found?",
    "awesome, no more errors",
    "the error is gone now, thanks",
    "make the error messages more friendly",
    "add error handling to the upload function",
    "build the docker image",
    "ok we have about 70 type errors, group them into tasks",
])
def test_an_error_talked_about_asked_about_or_gone_is_not_a_report(text):
    assert not classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "y did u delete that",
    "didnt ask for that",
    "ur using the wrong file",
])
def test_more_shorthand(text):
    assert classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("typed, plain", [
    ("y did u do that", "why did you do that"),
    ("ur using the old api", "you're using the old api"),
    ("your tests pass", "your tests pass"),  # a possessive stays a possessive
    ("your reasoning is unclear", "your reasoning is unclear"),
])
def test_why_and_you_are_are_made_plain(typed, plain):
    assert normalise(typed) == plain


def test_a_question_with_no_paste_is_not_pasted_failure_output():
    assert not pasted_failure("what does this error mean?")
    assert pasted_failure("Traceback (most recent call last):\n  File \"a.py\", line 1\nNameError: name 'x' is not defined")
    assert pasted_failure('how do i fix this\n[{\n "severity": 8,\n "message": "Cannot find name \'x\'"\n}]')


@pytest.mark.parametrize("text", [
    "Can you convert this into a markdown file? Do not modify any text, only the formatting.",
    "please convert this into an md formatted file but keep all of the text. do not modify any text",
    "Now add a dark mode toggle that uses CSS variables instead of hardcoded colours.",
])
def test_a_new_request_with_its_constraints_is_not_a_correction(text):
    assert not classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "sigue sin funcionar",                               # es
    "todavía no funciona el login",
    "me sale un error al guardar",
    "eso está mal, te dije que usaras la otra tabla",
    "continua dando erro no build",                      # pt
    "isso está errado",
    "ça ne marche toujours pas",                         # fr
    "j'ai une erreur quand je lance le serveur",
    "das funktioniert immer noch nicht",                 # de
    "ich habe doch gesagt, keine neuen Abhängigkeiten",
    "ancora non funziona",                               # it
    "hai dimenticato i test",
    "всё ещё не работает",                               # ru
    "hala çalışmıyor",                                   # tr
    "uygulama açılmıyor",
    "还是报错",                                          # zh
    "不对，我说的是整个项目",
    "页面打不开了",
    "まだ動かないです",                                  # ja
    "아직도 안돼요",                                     # ko
])
def test_corrections_in_other_languages(text):
    assert classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "agrega manejo de errores al formulario",            # add error handling
    "¿qué significa este error?",                        # what does this error mean
    "添加错误处理",                                      # add error handling
    "这个错误是什么意思？",                              # what does this error mean
    "Fehlerbehandlung für den Upload hinzufügen",
    "gracias, ahora funciona",
    "谢谢，现在可以了",
    "perfeito, obrigado",
])
def test_other_languages_talking_about_errors_or_thanking_are_not_corrections(text):
    assert not classify_text(text, answer=DONE).correction, text


def test_another_language_needs_the_agents_answer_for_a_broken_result():
    assert not classify_text("页面打不开了").correction  # before any answer it is a new bug report
    assert classify_text("还是不行").correction  # "still not working" says the attempt failed


@pytest.mark.parametrize("text", [
    "no, I meant the other file",
    "you're overcomplicating this",
    "this is overkill",
    "That's a hack",
    "you're guessing",
    "I don't think that's correct",
    "Are you sure? The docs say the limit is 100",
    "No need for a new file, put it in utils.py",
    "Not quite. The header should stay fixed",
    "that function doesn't exist",
    "there is no such method in the sdk",
    "why not just use the existing helper?",
    "Did you check that it compiles?",
    "CI is red",
    "the migration you wrote drops the table",
    "you left debug prints everywhere",
    "the fix introduced a new bug",
    "now the other page is broken",
    "it's returning null",
    "roll it back",
    "that's still hardcoded",
    "the numbers don't add up",
    "that's not the right approach",
])
def test_judgements_doubts_and_flaws_in_what_the_agent_made(text):
    assert classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "why not?",
    "sure, why not",
    "are you sure we need a migration for this?",
    "I meant to ask: can you also add a CHANGELOG entry?",
    "close the issue once it's merged",
    "no need for a review, just merge it",
    "the old implementation is broken on windows, so let's replace it with pathlib",
    "the staging server is broken since yesterday, use local for now",
    "this is a hack day project so keep it simple",
    "tests are red on main because of someone else's change, ignore them",
    "handle the case where the file does not exist",
    "what if the key doesn't exist?",
    "I'm not sure what you mean",
    "nope, that's all for now",
    "you're right",
])
def test_the_same_words_about_something_else_are_not_corrections(text):
    assert not classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "no improvment",  # a typo of a cue word
    "it's blank",
    "it's just a white blank page",
    "when i run it i see no output",
    "better, but still no logs",
    "how about you run it and tell me",
    "you do that",
    "i never asked you that",
    "you are wrong, the cache is per user",
    "you're stuck in a loop",
    "whare are the other pages?",
    "edit only the config module, not the .env file",
])
def test_more_reports_and_corrections_in_plain_words(text):
    assert classify_text(text, answer=DONE).correction, text


def test_a_problem_reported_after_the_agent_asks_how_it_looks_is_a_report():
    assert classify_text("I can't see the text", answer="Opened. How's it looking?").correction


def test_a_long_quoted_draft_is_not_the_persons_words():
    draft = ('please review this post before I send it:\n"I built an early version. If you find any errors or the app '
             'does not work for you, leave a comment and I will fix it in the next release."')
    assert not classify_text(draft, answer=DONE).correction
    assert classify_text('you wrote "retry three times" but it still fails on the first error', answer=DONE).correction


def test_an_error_the_person_asks_to_have_explained_is_not_a_report():
    pulled = "I get this error when I do git pull, please explain and tell me how to fix it:\nfatal: refusing to merge"
    assert not classify_text(pulled, answer=DONE).correction
    pasted = ('Traceback (most recent call last):\n  File "app.py", line 3, in <module>\n    x.shape\n'
              "AttributeError: 'list' object has no attribute 'shape' what does this mean?")
    assert not classify_text(pasted, answer=DONE).correction
    assert classify_text(pasted.replace(" what does this mean?", ""), answer=DONE).correction


def test_a_statement_typed_with_a_question_mark_keeps_its_cue_but_not_a_rule():
    assert classify_text("seems like you didn't consider outliers?", answer=DONE).correction
    assert not classify_text("we use pnpm here?", answer=DONE).correction  # asking, not stating


def test_a_deploy_the_agent_reported_makes_the_next_error_a_report():
    assert classify_text("Errors in deployment", answer="Pushed a177b83. The deploy workflow will start shortly.").correction
    assert not classify_text("Errors in deployment").correction


@pytest.mark.parametrize("text", [
    "I am running just the basic command ./setup.sh foo",
    "it happens on this step:",
    "give me the steps again",
    "[+] Creating container: foo\nThis client hasn't been configured to use a remote server yet.",
    "the tool allows you to start it like this: tool start --runtime x",
])
def test_after_an_interruption_information_or_a_paste_is_not_a_redirect(text):
    interrupted = UserMessage(text="[Request interrupted by user]", index=1, after_assistant=True, kind="interrupt")
    assert not classify_user_message(UserMessage(text=text, index=2, after_assistant=True), interrupted).correction


@pytest.mark.parametrize("text", [
    "check the logs first",
    "let's do it with a make target",
    "plan first, I want to see the diff",
    "shouldn't the feed module reuse the links module?",
])
def test_after_an_interruption_a_direction_is_a_redirect(text):
    interrupted = UserMessage(text="[Request interrupted by user]", index=1, after_assistant=True, kind="interrupt")
    assert classify_user_message(UserMessage(text=text, index=2, after_assistant=True), interrupted).correction


@pytest.mark.parametrize("text", ["i am not using wsl", "i dont have docker installed", "the tests should go in the tests folder"])
def test_an_assumed_setup_or_a_short_should_be_is_a_correction(text):
    assert classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "we don't have tests for that module yet, add some",
    "I don't have a preference",
    "I am not on the team that owns this, so leave it",
    "i don't have the credentials, can you mock it?",
    "it should be ready by friday",
    "I'm not using the old api anymore, delete it",
])
def test_the_persons_own_situation_is_not_a_correction(text):
    assert not classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "we already decided against redis, remove it",
    "it's deeper than that, the cache is never invalidated",
    "still flaky",
    "too much logging",
    "that's not what the ticket says",
    "Now I'm getting these:\n\nmain.obj : error LNK2019: unresolved external symbol",
])
def test_decisions_depth_and_leftovers(text):
    assert classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "I'm getting coffee, continue meanwhile",
    "too bad the library doesn't support it natively; ok, keep the wrapper",
    "we already have a PR open for this, push to it",
    "we decided to use redis last week, so add a cache layer with it",
    "run the tests again",
    "try again with a concept that is not hardcoded",
    "this is too complex for me to review, can you summarise it?",
    "Feedback from the tasting:\n- Too much lemon\n- Prefer drab to pollack\n- Serve it warmer\n- The sauce was lovely\n"
    "- Plating could be neater\n" + "More notes on the menu follow. " * 20,
])
def test_everyday_phrases_with_the_same_words_are_not_corrections(text):
    assert not classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", ["the tests pass because you mocked the database, that's useless",
                                  "hmm, the total count is off by one"])
def test_useless_results_and_off_by_one(text):
    assert classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", ["that is useless for our users, remove the banner", "it's pointless to optimise this now",
                                  "is it off by one?"])
def test_useless_or_off_by_one_about_something_else(text):
    assert not classify_text(text, answer=DONE).correction, text
