"""Gemini CLI replaces the model's context without a hook event: after a compression its history is a `<state_snapshot>`
summary plus the last turns, and the lessons learn sent with earlier prompts are gone from every later request
(review45 R45-4, Gemini CLI 0.61: 1 each before, 0 each in all 11 requests after). Its chat file says so: a
`{"$set": {"messages": [...]}}` record holds the whole new context. Each BeforeAgent and finished tool call reads the
file's new lines; the shown lessons the new context no longer holds come again, once. A session learn has no record
of (its state lost) resumed on a conversation holding learn's sections takes them as shown (R45-5: each lesson went
twice). The chat file is written the way Gemini CLI 0.61 writes it (records as in
/work/shared/realagents/gemini/samples/sessions and a real compression's file); the hook runs in-process."""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.harness import gemini
from altimate_learn.harness.hook import handle
from altimate_learn.markers import SECTION_OPEN
from tests.deliver.helpers import sample_lessons, write_store

SESSION = "104c42d6-c7ac-4a50-876b-fc72b2da4290"
CONTEXT = {"id": "d04923d38bb0f6017037e74183378ef4", "timestamp": "2026-12-07T09:25:07.210Z", "type": "user",
           "content": [{"text": "<session_context>\nThis is the Gemini CLI. We are setting up the context for our chat."
                                "\n</session_context>"}]}


class Chat:
    """A Gemini chat file and the hook calls of its session."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.path = root / "chats" / f"session-2026-12-07T09-25-{SESSION[:8]}.jsonl"
        self.path.parent.mkdir(exist_ok=True)
        self.history: list[dict] = []
        self.turn = 0
        self.logged: list[str] = []

    def write(self, record: dict) -> None:
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(record, separators=(",", ":")) + "\n")

    def begin(self) -> None:
        self.write({"sessionId": SESSION, "projectHash": "94a1", "startTime": "2026-12-07T09:25:07.210Z",
                    "lastUpdated": "2026-12-07T09:25:07.210Z", "kind": "main"})
        self.set_messages([CONTEXT])

    def set_messages(self, messages: list[dict]) -> None:
        self.write({"$set": {"messages": messages}})

    def call(self, payload: dict) -> str:
        payload = {"session_id": SESSION, "transcript_path": str(self.path), "cwd": str(self.root),
                   "timestamp": "2026-12-07T09:25:08.034Z", **payload}
        event = gemini.parse(payload)
        assert event is not None
        can_inject = bool(gemini.respond(event, "probe"))
        text = handle(event, gemini.NAME, str(self.root), str(self.root), self.logged.append, can_inject=can_inject)
        answer = gemini.respond(event, text) if text else ""
        return json.loads(answer)["hookSpecificOutput"]["additionalContext"] if answer else ""

    def start(self, source: str) -> str:
        return self.call({"hook_event_name": "SessionStart", "source": source})

    def prompt(self, text: str) -> str:
        """A turn: BeforeAgent, then the user record as Gemini writes it (the hook's context escaped) and an answer."""
        answer = self.call({"hook_event_name": "BeforeAgent", "prompt": text})
        self.turn += 1
        content = [{"text": text}]
        if answer:
            content.append({"text": "<hook_context>" + answer.replace("<", "&lt;").replace(">", "&gt;")
                            + "</hook_context>"})
        user = {"id": f"u{self.turn}", "timestamp": "2026-12-07T09:25:08.034Z", "type": "user", "content": content}
        model = {"id": f"g{self.turn}", "timestamp": "2026-12-07T09:25:08.826Z", "type": "gemini", "content": "Done."}
        for record in (user, {"$set": {"lastUpdated": "2026-12-07T09:25:08.035Z"}}, model):
            self.write(record)
        self.history += [user, {**model, "content": [{"text": "Done."}]}]
        return answer

    def compress(self, keep: int) -> None:
        """Gemini's compression: the context becomes the preamble, the summary, its acknowledgement and the last
        ``keep`` records."""
        summary = {"id": "s1", "timestamp": "2026-12-07T09:26:00.000Z", "type": "user",
                   "content": [{"text": "<state_snapshot>\n<overall_goal>a calculator</overall_goal>\n</state_snapshot>"}]}
        ack = {"id": "s2", "timestamp": "2026-12-07T09:26:00.000Z", "type": "gemini",
               "content": [{"text": "Got it. Thanks for the additional context!"}]}
        self.set_messages([CONTEXT, summary, ack, *(self.history[-keep:] if keep else [])])


def bullets(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("- ")]


def started(root: Path) -> tuple[Chat, str]:
    """A session on the sample store: its start (Gemini's answers nothing) and its first prompt's answer."""
    write_store(root, sample_lessons())
    chat = Chat(root)
    chat.begin()
    assert chat.start("startup") == ""
    return chat, chat.prompt("add a staging model for disputes")


def test_after_a_compression_the_lessons_it_dropped_come_again_once(git_repo: Path):
    chat, first = started(git_repo)
    assert first.startswith(SECTION_OPEN) and len(bullets(first)) >= 3
    later = chat.prompt("now convert amount_cents to dollars in the disputes model")
    assert not set(bullets(later)) & set(bullets(first))
    shown = bullets(first) + bullets(later)
    chat.compress(keep=0)  # every turn that held a lesson is summarised away
    again = chat.prompt("rename the disputes model")
    assert again.startswith(SECTION_OPEN)
    assert set(shown) <= set(bullets(again))  # every lesson shown before is back
    assert len(bullets(again)) == len(set(bullets(again)))
    assert any("compressed the model's context" in line and f"{len(shown)} lessons" in line for line in chat.logged)
    assert not set(bullets(chat.prompt("now add a test for it"))) & set(shown)  # once: not again after


def test_a_compression_that_kept_a_turn_sends_only_what_it_dropped(git_repo: Path):
    chat, first = started(git_repo)
    later = chat.prompt("now convert amount_cents to dollars in the disputes model")
    assert bullets(later), "the second prompt must bring lessons of its own for this test to mean anything"
    chat.compress(keep=2)  # the last turn (its prompt with its lessons, and the answer) is kept verbatim
    again = chat.prompt("rename the disputes model")
    assert set(bullets(first)) <= set(bullets(again))
    assert not set(bullets(again)) & set(bullets(later))  # still in the context: not sent twice


def test_a_compression_is_also_seen_at_a_file_tool_call(git_repo: Path):
    chat, first = started(git_repo)
    chat.compress(keep=0)  # Gemini compresses before the request that follows BeforeAgent: a tool call comes after
    (git_repo / "README.md").write_text("# disputes\n")
    result = chat.call({"hook_event_name": "AfterTool", "tool_name": "read_file",
                        "tool_input": {"file_path": str(git_repo / "README.md")},
                        "tool_response": {"llmContent": "# disputes\n"}})
    assert set(bullets(first)) <= set(bullets(result))
    assert not set(bullets(chat.prompt("rename it"))) & set(bullets(first))


def test_a_resume_restoring_the_whole_history_sends_nothing_again(git_repo: Path):
    chat, first = started(git_repo)
    chat.set_messages([CONTEXT])  # `gemini --resume`: the preamble, then the restored history
    chat.set_messages([CONTEXT, *chat.history])
    assert chat.start("resume") == ""
    assert not set(bullets(chat.prompt("rename the disputes model"))) & set(bullets(first))


def test_a_resumed_session_learn_has_no_record_of_takes_its_sections_as_shown(git_repo: Path):
    chat, first = started(git_repo)
    sessions = git_repo / ".altimate-code" / "learn" / ".sessions"
    states = list(sessions.glob("*.json"))
    assert len(states) == 1
    states[0].unlink()  # the state is gone (cleaned, or a clone without it): R45-5
    chat.set_messages([CONTEXT, *chat.history])
    assert chat.start("resume") == ""
    resumed = chat.prompt("rename the disputes model")
    assert not set(bullets(resumed)) & set(bullets(first))  # each lesson once in the resumed conversation
    assert any("already in the resumed conversation" in line for line in chat.logged)


def test_a_cleared_session_gets_its_lessons_again(git_repo: Path):
    chat, first = started(git_repo)
    assert chat.start("clear") == ""  # `/clear`: the model's context is empty, whatever the file still holds
    again = chat.prompt("add a staging model for refunds")
    assert again.startswith(SECTION_OPEN) and set(bullets(first)) & set(bullets(again))


def test_a_session_begun_before_learn_read_the_chat_file_sends_nothing_again(git_repo: Path):
    chat, first = started(git_repo)
    state = next((git_repo / ".altimate-code" / "learn" / ".sessions").glob("*.json"))
    data = json.loads(state.read_text())
    del data["transcript_read"]  # a state written by a learn before this one
    state.write_text(json.dumps(data))
    chat.set_messages([CONTEXT])  # the file's last context record says nothing of what the model holds now
    assert not set(bullets(chat.prompt("rename the disputes model"))) & set(bullets(first))


def test_context_since_reads_only_complete_new_lines(tmp_path: Path):
    path = tmp_path / "chat.jsonl"
    section = "&lt;team-rules source=\"altimate-learn\"&gt;\nTeam conventions\n- Use `a && b`.\n&lt;/team-rules&gt;"
    record = json.dumps({"$set": {"messages": [{"type": "user", "content": [{"text": "<hook_context>" + section
                                                                                  + "</hook_context>"}]}]}})
    path.write_text('{"id":"u1","type":"user","content":"typed {\\"$set\\":{\\"messages\\":[]}}"}\n' + record[:40])
    offset, texts, compressed = gemini.context_since(str(path), 0)
    assert texts is None and offset == path.read_text().index(record[:40])  # a half-written line waits
    path.write_text(path.read_text() + record[40:] + "\n")
    offset2, texts, compressed = gemini.context_since(str(path), offset)
    assert offset2 == path.stat().st_size and not compressed  # a context without a summary: a resume's
    assert texts == [f"<hook_context>{SECTION_OPEN}\nTeam conventions\n- Use `a && b`.\n</team-rules></hook_context>"]
    assert gemini.context_since(str(path), offset2) == (offset2, None, False)
    assert gemini.context_since(str(tmp_path / "missing.jsonl"), 5) == (5, None, False)


def test_a_compression_is_told_by_its_acknowledgement_when_the_summary_has_another_opening(git_repo: Path):
    chat, first = started(git_repo)
    summary = {"id": "s1", "type": "user", "content": [{"text": "Here is the snapshot.\n<state_snapshot>x</state_snapshot>"}]}
    ack = {"id": "s2", "type": "gemini", "content": [{"text": gemini.COMPRESSION_ACK}]}
    chat.set_messages([CONTEXT, summary, ack])
    assert set(bullets(first)) <= set(bullets(chat.prompt("rename the disputes model")))


def test_a_resume_stub_file_with_only_the_preamble_sends_nothing_again(git_repo: Path):
    chat, first = started(git_repo)
    chat.path = chat.path.with_name("session-2026-12-07T09-26-104c42d6.jsonl")  # a resume in a later minute: a stub
    chat.begin()
    assert chat.start("resume") == ""
    assert not set(bullets(chat.prompt("rename the disputes model"))) & set(bullets(first))
