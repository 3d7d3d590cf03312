"""The agent's reasoning after a message as evidence: "The user is pointing out that I …", "Ah, I misunderstood"
after a message the patterns let pass makes it a correction; reasoning that plans the work, a new request, a bare
approval never do; reasoning that reads a flagged message as a question withdraws the flag. The reasoning is a
feature only: never a signal's text or reason, never written by `learn capture`."""

from __future__ import annotations

import pytest

from altimate_learn.capture import replies
from altimate_learn.capture.capture import signals_from_session
from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage
from tests.capture_text.test_classifier_replies import _session

ANSWER = "I set the sensor threshold to 40 and added a debounce of 200 ms; the false triggers should be gone."


def judge(text: str, thinking: str | None, answer: str = ANSWER, reply: str | None = None):
    return classify_user_message(UserMessage(text=text, index=3, after_assistant=True), None, answer=answer,
                                 reply=reply, thinking=thinking)


# (message the patterns let pass, the agent's reasoning after it): the reasoning reads it as a correction.
MUST_FIRE = [
    ("it's about how close the base of the charger is to the sensor",
     "Ah, I misunderstood. The problem is that the metal charging base is always triggering the sensor."),
    ("the vault lives in the Safari folder",
     "Ah, the user corrected me - the vault is at `00_Claude_Safari`, not `00_Claude`. Let me note this."),
    ("不是應該是 /skills 底下嗎？",
     "The user is correcting me - they're saying it should be under `/skills` not `/commands`."),
    ("the sidebar has the old links",
     "The user is pointing out that I left the old links in the sidebar component when I moved the routes."),
    ("the log again: HF_HUB_OFFLINE is True",
     "The error is still showing `HF_HUB_OFFLINE is True` even after my fix. The file save didn't take effect."),
    ("the totals in the summary row",
     "I made a mistake in the summary: I summed the gross column instead of net."),
    ("the charts on the dashboard page",
     "Oh! The user is right - I should have kept the original chart component instead of rewriting it."),
    ("上一步的配置文件", "用户指出我改错了配置文件，应该改的是 config.local.json。"),
    ("el archivo de rutas", "El usuario tiene razón: cambié el archivo equivocado."),
    ("o arquivo de rotas", "O usuário tem razão, alterei o arquivo errado."),
    ("빌드 스크립트", "사용자가 맞습니다. 제가 잘못 이해했습니다."),
    ("the sensor readings", "Clarifying the request: I misread the spec, the threshold is per channel."),
    # a complaint or a bug report, as the agent restates it
    ("the analyst agent again", "The user is complaining that the analyst agent still writes technical details."),
    ("the appraisal page", "The user is getting an error in the appraisals page: `hints.map is not a function`."),
    ("the vehicle board and the uploads", "The user has identified 4 issues to fix. Let me make a todo list."),
    ("campaign C is the live scraping case", "The user is correcting my approach. Campaign C is for live scraping."),
    ("run it now", "My earlier statement about having fixed the problem was premature; the root cause is the import."),
    ("o instalador no passo 71", "O usuário está dizendo que o instalador parou de novo, mesmo após a correção que fizemos."),
    # a list the agent restates as bug reports: a report, not a new specification
    ("That is working. Some amendments that need debugging and fixing:\n1. Adding a vehicle creates duplicate prep "
     "tasks\n2. The V5 upload does not show on the card after saving\n3. The V5 from the appraisal lands in the "
     "documents tab", "The user has identified 3 issues that need debugging and fixing. Let me make a todo list."),
]


@pytest.mark.parametrize("text,thinking", MUST_FIRE)
def test_reasoning_that_reads_the_message_as_a_correction_makes_it_one(text, thinking):
    assert not judge(text, None).correction  # the message alone: the patterns let it pass
    verdict = judge(text, thinking)
    assert verdict.correction and verdict.strength == "reply"
    assert verdict.reason == "the agent's reasoning took it as a correction"  # never the reasoning's words


# (message, reasoning): the reasoning never decides for these.
MUST_NOT_FIRE = [
    # look-alikes of each family that say nothing about a mistake
    ("the sensor readings", "The user wants the sensor readings plotted per channel; I'll add a chart."),
    ("the sensor readings", "I should have a look at the sensor module before changing anything."),
    ("the sensor readings", "The user is right-clicking the chart to export it, so I'll add a context menu."),
    ("the sensor readings", "The user is right now on the calibration screen; the readings come from the driver."),
    ("the sensor readings", "The user is pointing to the readings table; let me read it."),
    ("the sensor readings", "After my analysis the readings look stable; I'll summarise them."),
    ("the sensor readings", "The user's right panel shows the readings; I need to add the unit there."),
    ("the sensor readings", "The user has identified the files to change: the driver and the chart."),
    ("the sensor readings", "The user is getting started with the sensor kit; explain the wiring."),
    ("the sensor readings", "The user is seeing the dashboard for the first time, so I'll describe each panel."),
    ("the sensor readings", "After the change I'll run the tests; the user found a library that smooths readings."),
    ("the sensor readings", "The user is complaint-free so far; plotting the readings next."),
    # a new request, a bare approval, a slash command: whatever the agent thinks, nothing was corrected
    ("Create a settings page with a dark mode toggle and save the choice in local storage.",
     "The user is right that a settings page is missing; I'll create one."),
    ("yes", "The user is right, I should have asked first. Proceeding."),
    ("yes", "The user has identified 2 issues; proceeding with both."),
    # "the user is right" alone weighs as a reply's "you're right": never after a new request
    ("Create a settings page with a dark mode toggle and save the choice in local storage.",
     "The user is right, the app has no settings page yet."),
    ("/review", "I misunderstood the earlier request; now reviewing."),
    # only the opening is read: a mistake owned deep in a long reasoning is about the work, not the message
    ("the sensor readings", "Planning the chart. " + "The readings come per channel and per minute. " * 8
     + "I made a mistake in the export earlier."),
]


# review17's look-alikes: an agent checking its own scope, "pointing out" with no fault, "shouldn't have to", a change
# mentioned with no failure, a restated feature list. Each after a message no words of its own flag.
CHECKS_ITS_OWN_WORK = [
    "Let me verify that my change does not affect the other endpoints.",
    "I need to make sure my edit doesn't break the CLI.",
    "Even after the change, we need to run the migration.",
    "The user is pointing out a file they want me to look at.",
    "The user is pointing out the README section to use as reference.",
    "The user points out an example in the docs.",
    "I shouldn't have to change the config for this.",
    "I should not have any problem running this.",
    "Despite my previous change being merged, the tests need another run.",
    "After my fix the tests pass; now the docs.",
    # the fault named only as what a check looks for, or a thing that still works
    "After my change, I need to make sure the tests still pass.",
    "Even after my fix, let me verify nothing is broken.",
    "The user is pointing out the file where I should check for errors.",
    "After my edit the app still works; moving on to the docs.",
]
PLAIN_MESSAGES = ["looks good, now the export page", "ok and what about the export page?",
                  "here is the stack trace from prod"]


@pytest.mark.parametrize("thinking", CHECKS_ITS_OWN_WORK)
@pytest.mark.parametrize("text", PLAIN_MESSAGES)
def test_reasoning_that_owns_no_fault_makes_nothing_a_correction(text, thinking):
    assert replies.read_thinking(thinking) is None
    assert not judge(text, thinking).correction


# the same forms when the sentence names the fault: the agent owns one
OWNS_A_FAULT = [
    "My fix didn't work: the cache is still stale.",
    "My previous change broke the CLI's --json flag.",
    "I need to check the export again because my change broke the CSV header.",
    "The user is pointing out a missing import in the handler.",
    "The user points out that the retry is wrong: it never backs off.",
    "I shouldn't have removed the header row.",
    "Even after our fix, the build still fails on CI.",
    "Despite my earlier change the error persists.",
    "Even after my fix the build still fails, so let me check why.",
]


@pytest.mark.parametrize("thinking", OWNS_A_FAULT)
def test_the_same_forms_with_a_fault_still_fire(thinking):
    assert replies.read_thinking(thinking) == replies.OWNED
    assert judge("the export page", thinking).correction


FEATURE_LIST = ("Please build the following for the admin dashboard:\n1. a users table with search\n2. CSV export of the "
                "table\n3. an audit log page\n4. dark mode toggle")


@pytest.mark.parametrize("thinking", ["The user has identified 4 issues to build for the admin dashboard. Let me plan.",
                                      "The user has identified 4 issues. Let me plan the dashboard.",
                                      "The user found several issues to implement; starting with the users table."])
def test_a_restated_feature_list_after_a_new_request_is_no_bug_report(thinking):
    assert not judge(FEATURE_LIST, thinking).correction
    # the same restatement of a list whose items are faults is one (MUST_FIRE's amendments)
    faults = ("Some amendments:\n1. the users table shows duplicate rows\n2. CSV export does not include the header\n"
              "3. the audit log page crashes on load")
    assert judge(faults, "The user has identified 3 issues. Let me plan.").correction


@pytest.mark.parametrize("text,thinking", MUST_NOT_FIRE)
def test_reasoning_alone_does_not_make_these_corrections(text, thinking):
    assert not judge(text, thinking).correction


FLAGGED_QUESTION = "How should we handle submodules?  I feel like it's not working well, and things are getting out of date?"
COMMITTED = ("Committed as `874cad4`. Only `.fzf.zsh` and `.zprofile` were included; the submodule updates and "
             "settings.json changes are left unstaged.")


def test_reasoning_that_takes_a_flagged_message_as_a_question_withdraws_the_flag():
    flagged = judge(FLAGGED_QUESTION, None, COMMITTED)
    assert flagged.correction and flagged.strength == "pattern"  # the patterns flag it on its own
    assert not judge(FLAGGED_QUESTION, "The user is asking about how to handle submodules in their dotfiles repo.",
                     COMMITTED).correction
    # Gemini CLI's thoughts open with a subject
    assert not judge(FLAGGED_QUESTION, "Assessing Submodule Handling: The user is asking whether submodules are the "
                                       "right tool here.", COMMITTED).correction
    # reasoning that reads it otherwise keeps the flag
    assert judge(FLAGGED_QUESTION, "The user says submodules are out of date; let me check them.", COMMITTED).correction


def test_a_question_reading_never_withdraws_what_a_message_says_plainly():
    said = "no, that's wrong, I asked for the contents of the folder, not the folder itself"
    assert judge(said, None).correction
    assert judge(said, "The user is asking about the copy step, let me look.").correction


def test_what_the_reasoning_says():
    assert replies.read_thinking("The user is pointing out that I broke the import.") == replies.OWNED
    assert replies.read_thinking("The user is right, the config is wrong.") == replies.RIGHT
    assert replies.read_thinking("The user is right: I misunderstood the config.") == replies.OWNED
    assert replies.read_thinking("The user is asking whether the cache is cleared.") == replies.ASKED
    assert replies.read_thinking("The user wants to know how to run the tests.") == replies.ASKED
    assert replies.read_thinking("Let me read the file first.") is None
    assert replies.read_thinking("") is None and replies.read_thinking(None) is None
    assert replies.read_thinking(123) is None  # type: ignore[arg-type]
    # only the opening is read
    assert replies.read_thinking("x " * replies.THINKING_CHARS + "I misunderstood") is None


def test_learn_capture_judges_a_message_with_the_reasoning_after_it(tmp_path):
    """A generic trajectory's assistant record may carry the agent's `thinking`: the message before it is judged
    with it, and neither the signal's text nor its reason holds a word of it."""
    thinking = "Ah, I misunderstood. The charging base itself triggers the sensor; debounce is not the issue."
    reader = _session(tmp_path, [
        {"type": "user", "id": "u0", "text": "The touch sensor triggers falsely, fix it."},
        {"type": "assistant", "id": "a0", "text": ANSWER},
        {"type": "user", "id": "u1", "text": "it's about how close the base of the charger is to the sensor"},
        {"type": "assistant", "id": "a1", "text": "Let me look at the sensor's range setting.", "thinking": thinking},
        {"type": "user", "id": "u2", "text": "what is the range now?"},
        {"type": "assistant", "id": "a2", "text": "It is 3 cm.", "thinking": "The user is asking about the range."},
    ])
    signals, stats = signals_from_session(reader)
    assert [(s.message_id, s.reason) for s in signals] == [("u1", "the agent's reasoning took it as a correction")]
    assert stats.corrections == 1
    assert "misunderstood" not in signals[0].text + signals[0].reason


def test_reasoning_of_the_wrong_type_changes_nothing():
    assert not judge("the sensor readings", ["Ah, I misunderstood"]).correction  # type: ignore[arg-type]
    assert judge(FLAGGED_QUESTION, {"text": "The user is asking"}, COMMITTED).correction  # type: ignore[arg-type]
