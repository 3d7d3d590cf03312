"""Correction families of the fourth pass (issue 20, item 2), each a general form measured on dev owners whose messages
were not read while writing it (research/classifier_folds.py), and the look-alikes that must stay out: praise, status,
a new task, a feature named "undo", a problem said to be gone, a reply that declines a proposal."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import answered, classify_text

DONE = "I've updated the component and fixed the import; the page should now render correctly."


@pytest.mark.parametrize("text", [
    "one question at a time plz",
    "one at a time please",
    "no, talking about expires_at",
    "no, I meant the staging config",
    "no simply add it to reset.bat like the electron folder",
    "No I want to revert the extra amendment to the commit message",
    "You can revert the border, I don't need a dedicated divider.",
    "The new divider is not looking good.",
    "There are only two problems left to solve.",
    "ca fonctionne pas",
    "ça marche toujours pas",
    "x.cookies(...).get is not a function",
    "/Users/me/app/Views/QuizRunView.swift:36:53 Value of optional type 'String?' must be unwrapped",
    'http://localhost:3000/api/user/policies {"error":"Unauthorized"}',
])
def test_redirects_reports_and_pasted_errors_after_the_agent_said_it_was_done(text):
    assert classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "你没有按照我的要求改",                  # zh: you didn't change it as I asked
    "撤销刚才的修改",                        # undo the last change
    "不是这样",                              # not like this
    "又报错了",                              # it errors again
    "這個還是不行",                          # zh-TW: this still doesn't work
    "tu n'as pas changé le fichier",         # fr: you didn't change the file
    "no lo cambiaste",                       # es: you didn't change it
    "ты не исправил ошибку",                 # ru: you didn't fix the error
    "не помогло",                            # ru: it didn't help
    "schon wieder der gleiche Fehler",       # de: the same error again
    "mach das rückgängig",                   # de: undo that
    "não funcionou",                         # pt: it didn't work
    "元に戻してください",                    # ja: put it back
    "또 에러가 나요",                        # ko: the error again
])
def test_the_same_families_in_other_languages(text):
    assert classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("answer", [
    "已修复登录问题，现在可以正常使用了。",
    "He corregido el error del login.",
    "J'ai corrigé la route de connexion.",
    "Ich habe den Import behoben.",
    "Исправил импорт.",
    "ログインの問題を修正しました。",
])
def test_a_short_answer_that_says_the_work_is_done_in_another_language_gives_the_context(answer):
    assert answered(answer)
    assert classify_text("页面打不开了", answer=answer).correction


def test_a_conditional_invitation_to_send_the_next_error_is_not_a_hand_over():
    invited = "Fixed `cookies()` to be awaited in `page.tsx`. If anything else pops up, send the new error."
    report = 'Error: Route "/login" used `searchParams.token`. `searchParams` is a Promise and must be awaited'
    assert classify_text(report, answer=invited).correction
    handed = "That looks like a missing environment variable. Run it once more and paste the full output here."
    assert not classify_text(report, answer=handed).correction


@pytest.mark.parametrize("text", [
    "no, just the API for now",                        # declines a proposal
    "Let's go through them one at a time.",            # a plan, not a complaint
    "one more thing: add a footer",
    "can you add an undo button to the editor?",
    "please add undo support for the canvas",
    "no problems left, thanks",
    "great, no issues remain",
    "ça marche, merci",
    "还是有必要加一个测试",                            # zh: still worth adding a test
    "并没有问题，继续",                                # zh: no problem, go on
    'http://localhost:3000/api/health {"status":"ok"}',
    "still waiting for CI",
    "you are the best",
])
def test_look_alikes_stay_out(text):
    assert not classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "Doesn't this lose the progressive filtering?",
    "won't that break the existing tests?",
    "Think some more. I don't like any approach.",
    "I don't like this solution",
    "you don't make claims that it's proven",
    "где ты это берешь?",                     # ru: where do you get this?
    "тебе же сказали, по одному виджету",      # ru: you were told, one widget at a time
    "модуль часов не изменился",              # ru: the clock module did not change
    "модуля рабочих столов вообще нет",       # ru: the workspaces module is not there at all
    "¿de dónde sacaste ese paquete?",         # es: where did you get that package?
])
def test_challenges_refusals_and_rules_for_the_agent(text):
    assert classify_text(text, answer=DONE).correction, text


def test_an_emphatic_bare_no_rejects_a_done_answer_but_answers_a_question():
    assert classify_text("NO", answer=DONE).correction
    assert classify_text("no no no!", answer=DONE).correction
    assert not classify_text("no", answer=DONE).correction  # may say there is nothing more to ask
    assert not classify_text("no", answer="I've added the route. Do you want me to add tests too?").correction
    assert not classify_text("no", answer=None).correction


@pytest.mark.parametrize("text", [
    "doesn't this function return a list?",        # a question about the code, no challenge
    "I don't like coffee, but go on",
    "you don't need to run the tests",
    "you can't delete a post after 24 hours",      # a requirement in the second person
    "Defintely not Go, pick Rust",
    "no problem, thanks",
])
def test_more_look_alikes_stay_out(text):
    assert not classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "the show button did not take me back to this window",
    "the name is not prefilled",
    "The wheel is not slowing down.",
    "ok, but the sidebar isn't collapsing anymore",
])
def test_a_part_of_the_result_said_not_to_work_after_a_done_answer(text):
    assert classify_text(text, answer=DONE).correction, text
    assert not classify_text(text, answer=None).correction, text  # a new bug report, not a reaction to the agent's work


@pytest.mark.parametrize("text", [
    "the tests don't need to change",
    "this isn't urgent, do it later",
    "the docs aren't part of this task",
    "the login is not what I want to work on now, let's do the footer",
    "the new error is not helpful",
    "the API doesn't support batching, so use a loop",
    # a long description of a problem of the person's own: the negated part deep inside it counts for nothing
    "I have a problem with my physics file. For context this is a 2D top down car simulation. Right now the car moves "
    "great, and things are working well except for the friction. " * 3 + "The wheel is not slowing down.",
])
def test_a_negated_sentence_about_need_wish_or_scope_is_not_a_report(text):
    assert not classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "the error is not showing anymore, thanks",
    "I no longer see the warning",
    "the crash doesn't happen anymore",
    "the errors are no longer there",
])
def test_a_problem_said_to_be_gone_in_other_words_is_not_a_report(text):
    assert not classify_text(text, answer=DONE).correction, text


def test_a_problem_still_there_is_still_a_report():
    assert classify_text("the error is still showing", answer=DONE).correction
