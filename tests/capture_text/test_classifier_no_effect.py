"""After an answer that said the work was done, a whole clause that says the result has no effect is a report on it
("alt shift 4 doesnt do anythign", "now i cant see anything on localhost", "nothing is output to the logs though"); the
same words inside an approval, a fix confirmed or a request are not (review22 R22-7 and R22-11: a looser form, and a
blank-view form, fired on such look-alikes and were narrowed or undone)."""

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
    "nothing is output to the logs though",
    "i still can't see anything",
])
def test_no_effect_after_done_work_is_a_report(text):
    assert judge(text)


@pytest.mark.parametrize("text", [
    "make sure the modal doesn't do anything when the user is logged out",
    "add a health check so we know when the api is not reachable",
    "if nothing is printed, log a warning",
    # review22 R22-7: approvals, a fix confirmed, requests
    "I don't see anything wrong with it, ship it",
    "ok I don't see anything else to change, merge it",
    "I can't see anything missing, let's move on to the billing page",
    "we didn't see anything like that in prod before",
    "the flag is off by default so it won't do anything in prod, fine",
    "add a dry-run flag that doesn't do anything except print the plan",
    "ensure nothing is logged when the token is present",
    "thanks! now the worker: when nothing is printed for 30s, restart it",
    "nice, I don't see anything in the logs anymore",
    "perfect, nothing is rendered twice now",
    "now hide the sidebar on mobile so it's not clickable behind the modal",
    "make the old endpoints not reachable but keep the code",
    # review22 R22-11: design words and a fix confirmed
    "white page with the logo centered for the landing, please",
    "empty screen for no results: show an illustration and a retry button",
    "blank page template for new docs, add one too",
    "the app turns white when you toggle light mode, nice",
    "it turns white on hover, exactly what I wanted",
    "white screen on load is gone now, thanks",
    "empty window when there are no tabs is fine, move on",
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
