"""The digest's order: an exchange is flagged as the classifier judges it in `learn capture`, with the agent's reply
to the message and the reasoning after it, so a session whose agent conceded ("You're right, I copied the folder")
or reasoned so ("The user is pointing out that I …") goes first; the reasoning is never shown or kept."""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.capture.sessions import read_session as open_reader
from altimate_learn.learner import digest

TASK = "Copy the data folder into the build output."
DONE = "I updated the import script so it copies the data folder into the target and ran it; 42 files copied."
REPORT = "we just want the contents"  # alone: neither the patterns nor the trained model flag it
OWNS = "The user is pointing out that I copied the folder itself rather than its contents."


def session(tmp_path: Path, name: str, reply: str, thinking: str | None = None, text: str = REPORT) -> digest.SessionRead:
    path = tmp_path / f"{name}.jsonl"
    answer = {"type": "assistant", "id": "a1", "text": reply, **({"thinking": thinking} if thinking else {})}
    records = [{"type": "session", "id": name, "format": "learn-trajectory/1", "at": "2026-12-04T10:00:00Z"},
               {"type": "user", "id": "u0", "text": TASK, "at": "2026-12-04T10:00:00Z"},
               {"type": "assistant", "id": "a0", "text": DONE},
               {"type": "user", "id": "u1", "text": text, "at": "2026-12-04T10:01:00Z"}, answer,
               {"type": "user", "id": "u2", "text": "ok now add a checksum step", "at": "2026-12-04T10:02:00Z"},
               {"type": "assistant", "id": "a2", "text": "Added the checksum step."}]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return digest.read_session(open_reader(path).info, None, floor=None)


def hints(read: digest.SessionRead) -> dict[str, str | None]:
    return {e.message_id: e.hint for e in read.exchanges}


def test_the_reply_and_the_reasoning_after_a_message_give_its_hint(tmp_path):
    assert hints(session(tmp_path, "plain", "Let me copy its contents instead.")) == {"u0": None, "u1": None, "u2": None}
    conceded = hints(session(tmp_path, "conceded", "You're right! I copied the folder itself. Copying its contents."))
    assert conceded["u1"].startswith("the agent's reply conceded: \"You're right!") and conceded["u2"] is None
    reasoned = hints(session(tmp_path, "reasoned", "Let me copy its contents instead.", OWNS))
    assert reasoned["u1"] == "the agent's reasoning took it as a correction" and reasoned["u2"] is None
    # a new request stays one whatever the agent says ("You're right") or thinks ("The user is right"); so does a
    # bare go-on, whatever the reasoning
    task = "Create a settings page with a dark mode toggle and save the choice in local storage."
    assert hints(session(tmp_path, "task", "You're right, I should have asked. Creating it.",
                         "The user is right that the app has no settings page.", task))["u1"] is None
    assert hints(session(tmp_path, "go-on", "Copying its contents.", OWNS, "yes"))["u1"] is None


def test_sessions_whose_agent_conceded_or_reasoned_so_go_first_and_the_reasoning_is_never_shown(tmp_path):
    reads = [session(tmp_path, "a-plain", "Let me copy its contents instead."),
             session(tmp_path, "b-reasoned", "Let me copy its contents instead.", OWNS),
             session(tmp_path, "c-plain", "Copying its contents now.")]
    one = sum(len(e.render()) + 1 for e in reads[1].exchanges) + len(digest._session_header(reads[1])) + 200
    shown = digest.assemble(reads, budget=one)
    assert {e.session for e in shown.exchanges} == {"b-reasoned"}
    assert "pointing out" not in shown.text and REPORT in shown.text
