"""After a harness's /init (write the agents' instructions file: CLAUDE.md, AGENTS.md, OpenCode.md, GEMINI.md) the
agent changed no code: an error the person reports next is the project's own, not a report on the agent's change.
What corrects the instructions file itself still counts."""

from __future__ import annotations

import pytest

from altimate_learn.capture.capture import signals_from_session
from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage
from tests.capture_text.test_classifier_replies import _session

INIT_REQUESTS = [
    "/init",
    "Please analyze this codebase and create a CLAUDE.md file, which will be given to future instances of Claude Code "
    "to operate in this repository.",
    "Generate a file named AGENTS.md that serves as a contributor guide for this repository.",
    "Please analyze this codebase and create a OpenCode.md file containing:\n1. Build/lint/test commands\n"
    "2. Code style guidelines",
    "Your task is to analyze the current directory and generate a comprehensive GEMINI.md file to be used as "
    "instructional context for future interactions.",
]
WROTE_GUIDE = ("I have created CLAUDE.md with the build, lint and test commands and the code style guidelines for "
               "agents working in this repository.")
CHANGED_CODE = "I changed the request handler in proxy.py to build the response with Response.make and return it."
TASK = "Make the request handler return a canned response for the matching hosts."

# Reports of the project's own failures, typed as the first message after the guide was written.
OWN_PROJECT_ERRORS = [
    "when I run it I get: AttributeError: module 'proxy.http' has no attribute 'Response'",
    "the app crashes on startup",
    "Traceback (most recent call last):\n  File \"proxy.py\", line 20, in request\n"
    "AttributeError: module 'proxy.http' has no attribute 'Response'",
]


def judge(text: str, request: str, answer: str) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=1, after_assistant=True),
                                      UserMessage(text=request, index=0), answer=answer).correction)


@pytest.mark.parametrize("request_text", INIT_REQUESTS)
@pytest.mark.parametrize("text", OWN_PROJECT_ERRORS)
def test_an_error_after_init_is_the_projects_own(request_text, text):
    assert not judge(text, request_text, WROTE_GUIDE)


@pytest.mark.parametrize("text", OWN_PROJECT_ERRORS)
def test_the_same_error_after_a_code_change_is_a_report(text):
    assert judge(text, TASK, CHANGED_CODE)


@pytest.mark.parametrize("text", [
    "no, that is wrong: we use pytest, not unittest",
    "you forgot the lint command",
    "the test command in CLAUDE.md is wrong, it is make check",
])
def test_a_correction_of_the_guide_itself_still_counts(text):
    assert judge(text, INIT_REQUESTS[1], WROTE_GUIDE)


@pytest.mark.parametrize("request_text", [
    "fix the typo in CLAUDE.md",
    "add a rule to AGENTS.md that tests run with pytest -q",
    "update the README and make the handler return a canned response",
])
def test_other_requests_that_name_the_file_are_no_init(request_text):
    assert judge(OWN_PROJECT_ERRORS[1], request_text, CHANGED_CODE)


def test_learn_capture_records_no_report_after_init_but_one_after_a_change(tmp_path):
    reader = _session(tmp_path, [
        {"type": "user", "id": "u0", "text": INIT_REQUESTS[3]},
        {"type": "assistant", "id": "a0", "text": WROTE_GUIDE},
        {"type": "user", "id": "u1", "text": OWN_PROJECT_ERRORS[0]},
        {"type": "assistant", "id": "a1", "text": CHANGED_CODE},
        {"type": "user", "id": "u2", "text": OWN_PROJECT_ERRORS[0]},
    ])
    signals, stats = signals_from_session(reader)
    assert [s.message_id for s in signals] == ["u2"]
    assert stats.user_messages == 3
