"""After an answer that said the work was done, a result that has no effect or cannot be reached is a report on it,
however the person goes on ("alt shift 4 doesnt do anythign", "not opening, you gave me the link"); the same words
in a request or after an answer that did nothing are not."""

from __future__ import annotations

import json

import pytest

from altimate_learn.capture.capture import signals_from_session
from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage
from altimate_learn.capture.sessions import read_session

DONE = "Done. The screenshot bind is now on alt+shift+4 and the server runs on port 5173; I restarted it for you."


def judge(text: str, answer: str = DONE) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None,
                                      answer=answer).correction)


@pytest.mark.parametrize("text", [
    "alt shift 4 doesnt do anythign",
    "the shortcut didn't seem to do anything",
    "now i cant see anything on localhost",
    "not openaing you give me link",
    "the app is not accessible from my browser",
    "nothing is output to the logs though",
    "the button isn't clickable on mobile",
    "blank page again!",
    "white screen on load",
    "the screen still turn black",
])
def test_no_effect_after_done_work_is_a_report(text):
    assert judge(text)


@pytest.mark.parametrize("text", [
    "make sure the modal doesn't do anything when the user is logged out",
    "add a health check so we know when the api is not reachable",
    "if nothing is printed, log a warning",
    "white page background would look cleaner",
    "black screen mode for the reader, please",
])
def test_the_same_words_in_a_request_are_no_report(text):
    assert not judge(text)


def test_no_effect_without_done_work_is_no_report():
    assert not judge("alt shift 4 doesn't do anything", answer="Which key would you like the screenshot on?")


def test_capture_records_it(tmp_path):
    lines = [{"type": "session", "format": "learn-trajectory/1", "id": "s-bind", "cwd": str(tmp_path)},
             {"type": "user", "text": "move the screenshot bind to alt+shift+4"},
             {"type": "assistant", "text": DONE},
             {"type": "user", "text": "alt shift 4 doesnt do anythign"}]
    path = tmp_path / "trajectory.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    signals, _ = signals_from_session(read_session(path, harness="generic"))
    assert [s.text for s in signals if s.kind == "user_correction"] == ["alt shift 4 doesnt do anythign"]
