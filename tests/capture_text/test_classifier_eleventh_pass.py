"""Eleventh pass on the correction classifier (issue 20, item 2): families that did not generalise narrowed, and the
terse corrections of review10 R10-18 ("uv, not pip", "please use uv from now on"). Every sentence here is invented."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text, classify_user_message
from altimate_learn.capture.model import UserMessage

PIP = "I ran `pip install httpx` and added it to requirements.txt. Done: the client now builds."
NPM = "I installed the dependencies with `npm install` and the dev server starts with `npm run dev`. All set."
ASKING = "Which package manager should I use for this project?"


def _after_interrupt(text: str) -> bool:
    stopped = UserMessage(text="[Request interrupted by user]", index=1, after_assistant=True, kind="interrupt")
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True), stopped).correction


# After an interruption, a plain direction with no word of departure is the next instruction, not a correction: on dev
# owners at first sight (each scored by the classifier version that had not seen them) that branch flagged 14 messages
# labelled `not` for 10 found, and the real sessions label "use react for the frontend" after a stop as a choice.
@pytest.mark.parametrize("plain, departs", [
    ("use the staging db", "use the staging db, not prod"),
    ("make it a dataclass", "no, make it a dataclass"),
    ("put the helper in utils/dates.py", "put the helper in utils/dates.py instead"),
    ("write the migration with alembic", "write the migration with alembic first"),
    ("switch the endpoint to POST", "switch the endpoint to POST rather than GET"),
    ("keep the public API the same", "don't change the public API"),
    ("run the linter on the api package", "stop, run the linter on the api package only"),
    ("rename the column to created_at", "rename the column to created_at, the model is right"),
])
def test_after_an_interruption_only_a_departure_redirects(plain, departs):
    assert not _after_interrupt(plain), f"plain direction flagged: {plain!r}"
    assert _after_interrupt(departs), f"departure missed: {departs!r}"


# R10-18: "X, not Y" typed alone after an answer that used Y.
@pytest.mark.parametrize("text, answer", [
    ("uv, not pip", PIP),
    ("uv, not pip", "Installed httpx."),  # the tool call ran pip; the answer's words do not name it
    ("uv, not pip", "Installed httpx and wired it into the client; the request module now uses it."),  # ran pip unnamed
    ("poetry not pip please", PIP),
    ("pnpm, not npm", NPM),
    ("bun — not npm!", NPM),
    ("yarn not npm", NPM),
])
def test_a_terse_choice_against_what_the_agent_used_is_a_correction(text, answer):
    verdict = classify_text(text, answer)
    assert verdict.correction, text


@pytest.mark.parametrize("text, answer", [
    ("pnpm, not npm", ASKING),  # the choice the agent asked for
    ("pnpm, not npm", "Should I use npm or pnpm here?"),  # the choice the agent asked for
    ("fine, not urgent", PIP),
    ("yes, not now", PIP),
    ("good, not great", NPM),
    ("not sure", NPM),
    ("pip, not conda", PIP),  # the agent used pip, never conda: it already did what is asked
    ("pnpm, not npm?", NPM),  # a question, read by the question rules
    ("uv, not pip", None),  # no answer before it
    ("release it tomorrow, not tonight", PIP),  # a time: a plan, not a choice against what the agent did
    ("the docs first, not after", NPM),
])
def test_a_terse_x_not_y_without_the_agents_y_is_not_a_correction(text, answer):
    assert not classify_text(text, answer).correction, text


# R10-18: a standing instruction for the rest of the work.
@pytest.mark.parametrize("text", [
    "please use uv from now on",
    "from now on run the tests with pytest -q before you say it's done",
    "going forward, answer in English",
    "from here on out just commit to the feature branch",
    "for the rest of this session, don't touch the migrations",
    "use black for formatting from now on",
])
def test_a_standing_instruction_is_a_correction(text):
    verdict = classify_text(text, NPM)
    assert verdict.correction, text


@pytest.mark.parametrize("text", [
    "from now on I'll review the pull requests myself",
    "we will deploy on fridays from now on",
    "can you use uv from now on?",
    "the build is much faster from now on",
    "thanks, that's all for now",
    "going forward the team is smaller",
])
def test_a_plan_a_question_or_a_remark_about_the_future_is_not(text):
    assert not classify_text(text, NPM).correction, text


def test_a_standing_instruction_given_as_the_answer_to_the_agents_question_is_a_preference():
    assert not classify_text("pnpm from now on, please use it for everything", ASKING).correction
    assert classify_text("pnpm from now on, please use it for everything", NPM).correction
