"""Session #24 (cls42, issue 20, item 2): the agent told to do it itself, and its asking complained of.

- A hand-back after an answer that left a step to the person, in words `cues.HANDED_OVER` does not read ("Please run
  these in your terminal and paste the results", "To fix this, open … and change …", "You can create the bucket in
  the AWS console: go to S3 …"): "fix it for me", "can you do it from the CLI", "investigate it for me, i have given you
  permission". After an answer that did the work or only diagnosed, the same words ask for new work and stay quiet.
- The agent's asking complained of: "don't ask me, just do it", "you ask too many questions", "no need to ask for
  confirmation"; never "feel free to ask me questions", "don't ask me why, …" as an idiom of its own, or "too many
  questions" about the product.
- Precision: "looks good. use blue/black instead of the light brown" approves the result, then makes a new choice with
  nothing said against the agent's: a change of mind on accepted work (the labelling guideline's "actually make it blue"),
  no "use X instead of Y" correction. A fault said anywhere, or a plain "ok" before it, keeps the flag.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text

STEPS = [
    "To fix this, open config/settings.py and change DEBUG to False, then restart the server.",
    "You can create the bucket in the AWS console: go to S3, click Create bucket and name it assets-prod.",
    "To investigate, I need the local CLI outputs. Please run these in your terminal and paste the results: 1. `codex "
    "--version` 2. `codex auth status`. If you want me to run those commands for you, say so and I'll execute them here.",
]
DID = "Done: I created the bucket assets-prod with the CLI and updated config/settings.py."
FOUND = "I found the issue: the import path in app/main.py is wrong."
HANDBACK = "told the agent to act instead of describing"


@pytest.mark.parametrize("text", [
    "fix it for me",
    "can you do it from the CLI",
    "do it from cli",
    "can't you do it via the terminal?",
    "investigate it for me , i have given you permission",
    "you have my permission, run them",
])
def test_a_hand_back_after_an_answer_that_left_a_step_to_the_person(text):
    assert any(classify_text(text, answer).reason == HANDBACK for answer in STEPS), text
    for answer in (DID, FOUND):
        assert classify_text(text, answer).reason != HANDBACK, (text, answer)


@pytest.mark.parametrize("text", [
    "ok I'll do it from the CLI",
    "how do I do it from the CLI?",
    "I ran it in my terminal and it works",
    "can you do it for the other bucket too",
])
def test_the_persons_own_step_or_new_work_is_no_hand_back(text):
    for answer in STEPS:
        assert classify_text(text, answer).reason != HANDBACK, (text, answer)


ASKS = "Should I use postgres or sqlite for this?"
ASKS_INSTEAD = "complained that the agent asks instead of doing"


@pytest.mark.parametrize("text, mine", [
    ("everything dont ask me you do continuously", True),
    ("you ask too many questions", True),
    ("no need to ask for confirmation, go ahead", True),
    ("you don't need to ask me about minor things, just pick", True),
    ("you keep asking me so many questions", False),  # 'says "you forgot…"' reads it first
    ("stop asking for permission", False),  # 'says "stop…"'
])
def test_the_agents_asking_complained_of(text, mine):
    verdict = classify_text(text, ASKS)
    assert verdict.correction, text
    assert (verdict.reason == ASKS_INSTEAD) is mine, (text, verdict.reason)


@pytest.mark.parametrize("text", [
    "feel free to ask me questions if anything is unclear",
    "the quiz has too many questions",
    "ask me if you need anything else",
    "don't ask me what the colour should be, ask the designer",
    "i keep asking myself whether sqlite is enough",
])
def test_asking_allowed_or_about_something_else_is_no_complaint(text):
    assert classify_text(text, ASKS).reason != ASKS_INSTEAD, text


THEMED = "Done: the landing page is live with a light brown theme and a serif font."
INSTEAD = 'says "use X instead of Y"'


@pytest.mark.parametrize("text", [
    "looks good. use blue/black instead of the light brown",
    "nice! now use a sans-serif font instead of the serif one",
    "love it, maybe use a darker green instead of the teal for the header",
])
def test_a_new_choice_after_approving_the_result_is_no_correction(text):
    assert not classify_text(text, THEMED).correction, text


@pytest.mark.parametrize("text", [
    "looks good, but use blue instead of brown, the brown is hard to read",
    "great, now use the theme colors instead of hardcoded hex values",
    "nice, but use pnpm instead of npm like I said",
    "nice, it renders. though you put the queries in the controller instead of the repository, please move them",
    "ok. use blue instead of the light brown",
    "use blue instead of the light brown",
])
def test_the_same_choice_with_a_fault_or_without_approval_still_corrects(text):
    assert classify_text(text, THEMED).correction, text


OFFERED = "The foundation is now solid. Would you like me to help you test the integration or work on any specific features next?"


@pytest.mark.parametrize("text", [
    "fix all the errors that you created!",
    "clean up the mess you made",
    "the bugs you introduced are still there",
    "arregla los errores que creaste",
    "修复你引入的问题",
])
def test_the_agent_named_as_the_cause_of_the_errors(text):
    assert classify_text(text, OFFERED).correction, text


@pytest.mark.parametrize("text", [
    "fix the bug you found",
    "thanks for fixing the bugs you found",
    "the errors I created are gone",
    "close the issues you created on GitHub",
    "the problems you made me aware of are real, let's plan them",
])
def test_errors_the_agent_found_or_the_persons_own_are_no_blame(text):
    assert classify_text(text, OFFERED).reason != "named the agent's own errors", text


ASKED_HOW = "Flask needs a restart to load the new route. How did you start the server (`python app.py` or `./run_web.sh`)?"


@pytest.mark.parametrize("text", ["no, do it for me", "nope, you run it", "nao, faça isso pra mim", "no, hazlo tú"])
def test_a_refused_step_whatever_the_answer_said(text):
    assert classify_text(text, ASKED_HOW).correction, text


@pytest.mark.parametrize("text", ["no, I'll do it myself", "crie um arquivo pra mim", "no worries, do it tomorrow",
                                  "do it for me"])
def test_no_refusal_of_the_step(text):
    assert classify_text(text, ASKED_HOW).reason != HANDBACK, text
