"""A forked session holds copies of the lessons learn sent to the session it came from: they count as shown in the fork,
so its requests do not carry them twice (review43 R43-4).

Claude Code 2.1.332 (`claude -p … --resume ID --fork-session`, checked with the real CLI): the fork's SessionStart
says `source: "fork"` with a new session id, a `transcript_path` that does not exist yet (nor at its first
UserPromptSubmit) and `seconds_since_last_response` (the parent's last answer); the parent is the project folder's
other transcript written just after that answer. The payloads and transcript lines below have the fields the real CLI
sends and writes (../shared/realagents/claude/samples). opencode: the plugin sends the fork's copied texts that hold
learn's sections with `session.start` (`inherited`)."""

from __future__ import annotations

import json
import os
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from altimate_learn.harness import claude, codex, opencode
from altimate_learn.harness import hook as hook_module
from altimate_learn.harness.hook import handle
from tests.deliver.helpers import lesson, sample_lessons, write_store

PARENT = "e8ec2a7f-b48f-4f6a-bb2c-7777aee1c7c1"
FORK = "d6fa5ad5-184b-4bb8-9520-f3345c28c1a6"
NOW = 1_796_613_912.0
EXTRA = [
    "Retry HTTP calls with `tenacity`.",
    "Set `acks=all` on every Kafka producer.",
    "Verify Stripe webhook signatures with `stripe.Webhook.construct_event`.",
    "Make queue consumers idempotent.",
]


def lessons() -> list[dict]:
    return sample_lessons() + [lesson(f"L-1{i:03x}", text) for i, text in enumerate(EXTRA)]


@pytest.fixture
def project(git_repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """The repository with lessons, and the folder where Claude Code keeps this project's transcripts."""
    write_store(git_repo, lessons())
    folder = tmp_path / "home" / ".claude" / "projects" / "-repo"
    folder.mkdir(parents=True)
    monkeypatch.setattr(hook_module, "_clock", lambda: NOW)
    return git_repo, folder


def call(root: Path, adapter, payload: dict, log=None) -> str:
    event = adapter.parse(payload)
    assert event is not None
    text = handle(event, adapter.NAME, str(root), str(root), log or (lambda m: None))
    return text


def claude_call(root: Path, folder: Path, session: str, event: str, log=None, **more) -> str:
    payload = {"session_id": session, "transcript_path": str(folder / f"{session}.jsonl"), "cwd": str(root),
               "hook_event_name": event, **more}
    return call(root, claude, payload, log)


def bullets(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("- ")]


def stamp(at: float) -> str:
    """A transcript line's `timestamp` as Claude Code writes it (UTC, milliseconds, `Z`)."""
    return datetime.fromtimestamp(at, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def write_transcript(path: Path, session: str, turns: list[tuple[str, str, str]], written: float) -> None:
    """A Claude Code transcript as 2.1.332 writes it: each hook's context as a `hook_additional_context` attachment
    (the same text JSON-escaped), each typed prompt as a `user` line, each answer an `assistant` line with its
    `timestamp` (half a second before the file was last written, at ``written``: the Stop hook's lines follow)."""
    rows = []
    for event, prompt, context in turns:
        if prompt:
            rows.append({"parentUuid": None, "isSidechain": False, "type": "user",
                         "message": {"role": "user", "content": prompt}, "sessionId": session})
        if context:
            rows.append({"parentUuid": None, "isSidechain": False,
                         "attachment": {"type": "hook_additional_context", "content": [context], "hookName": event,
                                        "toolUseID": event, "hookEvent": event},
                         "type": "attachment", "sessionId": session})
        rows.append({"parentUuid": None, "isSidechain": False, "type": "assistant",
                     "message": {"role": "assistant", "content": [{"type": "text", "text": "Done."}]},
                     "sessionId": session, "timestamp": stamp(written - 0.5)})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    os.utime(path, (written, written))


PROMPTS = ["add an endpoint that lists products", "now the stripe webhook should retry HTTP calls too",
           "and a kafka producer for order events"]
FORK_PROMPT = "add retries with tenacity to the kafka producer"


def parent_session(root: Path, folder: Path, written: float) -> list[str]:
    """The parent's start and three prompts through the hook; its transcript as Claude Code leaves it. Every lesson
    line the parent was given."""
    turns = [("SessionStart", "", claude_call(root, folder, PARENT, "SessionStart", source="startup"))]
    for i, prompt in enumerate(PROMPTS):
        turns.append(("UserPromptSubmit", prompt, claude_call(root, folder, PARENT, "UserPromptSubmit", prompt=prompt,
                                                              prompt_id=f"p{i}")))
    write_transcript(folder / f"{PARENT}.jsonl", PARENT, turns, written)
    given = [line for _, _, text in turns for line in bullets(text)]
    assert len(given) == len(set(given)) and {"- " + t for t in EXTRA[:2]} <= set(given)
    return given


def fork_start(root: Path, folder: Path, log=None, seconds: int = 3) -> str:
    return claude_call(root, folder, FORK, "SessionStart", log, source="fork", seconds_since_last_response=seconds,
                       context_tokens=120, prompt_cache_likely_expired=False, estimated_cache_write_usd=0.0006)


def test_a_claude_fork_gets_no_lesson_its_parent_was_given(project):
    root, folder = project
    given = parent_session(root, folder, NOW - 2)
    said: list[str] = []
    section = fork_start(root, folder, said.append)
    assert not (folder / f"{FORK}.jsonl").exists()  # as with the real CLI: the fork's own file comes later
    first = claude_call(root, folder, FORK, "UserPromptSubmit", prompt=FORK_PROMPT, prompt_id="f0")
    assert not set(bullets(first)) & set(given)  # before: the `tenacity` and `acks=all` lessons a second time
    assert section == ""  # the copied conversation holds the session-start section already
    assert any("already in the conversation" in line for line in said)
    # the fork is a session of its own: a new lesson still comes, once
    later = claude_call(root, folder, FORK, "UserPromptSubmit", prompt="make the order events consumer idempotent",
                        prompt_id="f1")
    assert not set(bullets(later)) & (set(given) | set(bullets(first)))
    # nothing was sent by the fork's seeding: the store's delivery record holds only what hooks really sent
    shown = (root / ".altimate-code" / "learn" / "team-playbook" / "shown.jsonl").read_text().splitlines()
    fork_lines = [json.loads(line) for line in shown if FORK in line]
    assert all(item["tier"] != "inherited" for item in fork_lines)


def compact(path: Path, session: str, context: str, written: float) -> None:
    """Append what Claude Code 2.1.332 writes at `/compact`: the compact_boundary line, the summary, and the
    ``context`` learn gave at SessionStart `compact` (a hook_additional_context attachment); last written at
    ``written``."""
    rows = [{"parentUuid": None, "logicalParentUuid": "ab6cc201-d72e-4769-be48-b244c46d4d18", "isSidechain": False,
             "type": "system", "subtype": "compact_boundary", "content": "Conversation compacted", "isMeta": False,
             "compactMetadata": {"trigger": "manual", "preTokens": 9000, "postTokens": 2718}, "sessionId": session},
            {"parentUuid": None, "isSidechain": False, "type": "user", "isCompactSummary": True,
             "message": {"role": "user", "content": "This session is being continued from a previous one."},
             "sessionId": session},
            {"parentUuid": None, "isSidechain": False, "type": "attachment", "sessionId": session,
             "attachment": {"type": "hook_additional_context", "hookName": "SessionStart:compact",
                            "content": [context]}},
            {"type": "last-prompt", "lastPrompt": "/compact", "sessionId": session}]
    with path.open("a") as handle:
        handle.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in rows))
    os.utime(path, (written, written))


def test_a_fork_of_a_compacted_session_counts_only_what_the_compaction_kept(project):
    """review45 R45-6: after `/compact` the model sees only what follows Claude Code's compact_boundary line (the
    summary, and the section learn rebuilt at SessionStart `compact`); a fork copied from there must not take the
    lessons of the summarised turns as shown, or it never gets them."""
    root, folder = project
    given = parent_session(root, folder, NOW - 2)
    rebuilt = "- Retry HTTP calls with `tenacity`."
    compact(folder / f"{PARENT}.jsonl", PARENT, '<team-rules source="altimate-learn">\nTeam conventions for this '
            'project (approved by the team):\n' + rebuilt + '\n</team-rules>', NOW - 2)
    assert rebuilt in given and len(given) > 1
    fork_start(root, folder)
    first = claude_call(root, folder, FORK, "UserPromptSubmit", prompt=FORK_PROMPT, prompt_id="f0")
    assert rebuilt not in bullets(first)  # still in the fork's context: not twice
    assert "- " + EXTRA[1] in bullets(first)  # `acks=all`: given before the compaction, gone with it, so it comes


def compacted_parent(root: Path, folder: Path, session: str, written: float) -> list[str]:
    """A session's start and one prompt through the hook, then `/compact` with nothing answered after it (the
    section learn gives at SessionStart `compact` is the last thing in its conversation). The lines of that section."""
    turns = [("SessionStart", "", claude_call(root, folder, session, "SessionStart", source="startup")),
             ("UserPromptSubmit", PROMPTS[2], claude_call(root, folder, session, "UserPromptSubmit", prompt=PROMPTS[2],
                                                          prompt_id="p0"))]
    path = folder / f"{session}.jsonl"
    write_transcript(path, session, turns, written)
    rebuilt = claude_call(root, folder, session, "SessionStart", source="compact", prompt_id="c0",
                          model="claude-opus-5-5")
    compact(path, session, rebuilt, written)
    assert bullets(rebuilt)
    return bullets(rebuilt)


def bare_fork_start(root: Path, folder: Path, log=None) -> str:
    """The fork's SessionStart as Claude Code 2.1.332 sends it when the conversation it copied holds no answer (a fork
    right after a `/compact` that kept none): no ``seconds_since_last_response``, no other field."""
    return claude_call(root, folder, FORK, "SessionStart", log, source="fork")


def test_a_fork_right_after_a_compaction_that_kept_no_answer_finds_its_parent(project):
    """review45 R45-7: `claude -p --resume ID '/compact'` then `claude -p --resume ID --fork-session '…'`: the fork's
    SessionStart had no ``seconds_since_last_response``, the parent was not found, and the first request carried the
    compaction's section twice (the real CLI: `tenacity` 2x). The parent is the transcript that ends in a compaction
    with nothing answered after it; other sessions of the project, answered after their compaction or never compacted,
    are not."""
    root, folder = project
    kept = compacted_parent(root, folder, PARENT, NOW - 4)
    other = "0b7f6d1e-0000-4000-8000-000000000002"  # compacted too, then answered: the model's answer comes after
    compact(folder / f"{other}.jsonl", other, "", NOW - 30)
    with (folder / f"{other}.jsonl").open("a") as handle:
        handle.write(json.dumps({"type": "assistant", "message": {"role": "assistant", "content": "Done."}}) + "\n")
    os.utime(folder / f"{other}.jsonl", (NOW - 1, NOW - 1))
    beside = "0b7f6d1e-0000-4000-8000-000000000003"
    write_transcript(folder / f"{beside}.jsonl", beside, [("SessionStart", "", "")], NOW - 1)  # never compacted
    said: list[str] = []
    assert bare_fork_start(root, folder, said.append) == ""  # the copied conversation holds the rebuilt section
    assert any("already in the conversation" in line for line in said), said
    first = claude_call(root, folder, FORK, "UserPromptSubmit", prompt=FORK_PROMPT, prompt_id="f0")
    assert not set(bullets(first)) & set(kept)  # before: the section's `tenacity` lesson a second time


def test_of_several_sessions_left_at_a_compaction_the_fork_takes_the_one_just_compacted(project):
    root, folder = project
    kept = compacted_parent(root, folder, PARENT, NOW - 5)
    older = "0b7f6d1e-0000-4000-8000-000000000004"  # also left at a compaction, two days ago
    compacted_parent(root, folder, older, NOW - 2 * 86400)
    assert bare_fork_start(root, folder) == ""
    first = claude_call(root, folder, FORK, "UserPromptSubmit", prompt=FORK_PROMPT, prompt_id="f0")
    assert not set(bullets(first)) & set(kept)
    # two left at a compaction within the last minute: no telling which was copied, the fork starts afresh
    os.utime(folder / f"{older}.jsonl", (NOW - 20, NOW - 20))
    said: list[str] = []
    second = "0b7f6d1e-0000-4000-8000-000000000005"
    section = claude_call(root, folder, second, "SessionStart", said.append, source="fork")
    assert bullets(section)
    assert any("not known" in line and "holds no answer" in line for line in said), said


def api_error(session: str, at: float) -> dict:
    """What Claude Code 2.1.332 writes in place of an answer when the API cannot be reached (measured)."""
    return {"parentUuid": None, "isSidechain": False, "type": "assistant", "isApiErrorMessage": True,
            "message": {"role": "assistant", "content": [{"type": "text", "text": "API Error: Connection refused — a "
                                                          "firewall or proxy may be blocking it (ECONNREFUSED)"}]},
            "sessionId": session, "timestamp": stamp(at)}


def test_the_end_of_a_transcript_says_whether_its_conversation_holds_an_answer(tmp_path: Path):
    """Read from the end: a compaction followed by more than the first 64 KiB read (files it brought back) still
    counts; an answer after the compaction is one, Claude Code's "API Error: …" is none; a transcript with neither
    compaction nor answer holds none."""
    from altimate_learn.deliver.inherit import holds_no_answer
    path = tmp_path / "s.jsonl"
    write_transcript(path, "s", [("SessionStart", "", "")], NOW)
    assert not holds_no_answer(str(path), path.stat().st_size)
    compact(path, "s", "", NOW)
    big = {"type": "attachment", "attachment": {"type": "file", "content": "x = 1\n" * 20_000}}
    with path.open("a") as handle:
        handle.write(json.dumps(big) + "\n")
    assert path.stat().st_size - path.read_text().rindex("compact_boundary") > 64 << 10
    assert holds_no_answer(str(path), path.stat().st_size)
    with path.open("a") as handle:
        handle.write(json.dumps(api_error("s", NOW)) + "\n")
    assert holds_no_answer(str(path), path.stat().st_size)
    with path.open("a") as handle:
        handle.write(json.dumps({"type": "assistant", "message": {"role": "assistant", "content": "Done."}}) + "\n")
    assert not holds_no_answer(str(path), path.stat().st_size)
    errored = tmp_path / "e.jsonl"
    errored.write_text(json.dumps({"type": "user", "message": {"role": "user", "content": "hello"}}) + "\n"
                       + json.dumps(api_error("e", NOW)) + "\n")
    assert holds_no_answer(str(errored), errored.stat().st_size)


def test_a_fork_of_a_session_whose_answer_was_an_api_error_takes_no_other_sessions_lessons(project):
    """Claude Code 2.1.332 sends no ``seconds_since_last_response`` for a fork of a session whose only answer was its
    "API Error: …" either (measured). Another session of the project left at a compaction hours before is not its
    parent: the fork would count that session's lessons as shown and never get them."""
    root, folder = project
    kept = compacted_parent(root, folder, PARENT, NOW - 3 * 3600)
    needed = {"- " + EXTRA[1]}  # `acks=all`: FORK_PROMPT needs it, the compacted session was shown it
    assert needed <= set(kept)
    errored = "7c1d2e3f-0000-4000-8000-000000000006"
    start = claude_call(root, folder, errored, "SessionStart", source="startup")
    hello = claude_call(root, folder, errored, "UserPromptSubmit", prompt="hello", prompt_id="e0")
    assert not needed & set(bullets(start + hello))
    rows = [{"type": "attachment", "sessionId": errored,
             "attachment": {"type": "hook_additional_context", "hookName": "SessionStart", "content": [start]}},
            {"type": "user", "message": {"role": "user", "content": "hello"}, "sessionId": errored},
            api_error(errored, NOW - 10.5)]
    (folder / f"{errored}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    os.utime(folder / f"{errored}.jsonl", (NOW - 10, NOW - 10))
    assert bare_fork_start(root, folder) == ""  # the errored session's section, copied
    first = claude_call(root, folder, FORK, "UserPromptSubmit", prompt=FORK_PROMPT, prompt_id="f0")
    assert needed <= set(bullets(first))  # before: counted as shown from the compacted session, never sent


def test_a_parent_that_cannot_be_told_apart_leaves_the_fork_as_before(project):
    root, folder = project
    given = parent_session(root, folder, NOW - 2)
    write_transcript(folder / "0b7f6d1e-0000-4000-8000-000000000001.jsonl", "0b7f6d1e-0000-4000-8000-000000000001",
                     [("SessionStart", "", "")], NOW - 1)  # a session working beside it, written just as late
    said: list[str] = []
    section = fork_start(root, folder, said.append)
    assert bullets(section) and set(bullets(section)) <= set(given)  # a fresh start: the core tier again
    assert any("not known" in line for line in said)
    # review50 (archive30/review48's leftover): the fork's first prompt, before Claude Code wrote its transcript
    first = claude_call(root, folder, FORK, "UserPromptSubmit", prompt="add logging", prompt_id="f0")
    copied = set(given) - set(bullets(section)) - set(bullets(first))
    assert "- Set `acks=all` on every Kafka producer." in copied  # the parent had it; the fork was not sent it
    # its first answer: the transcript now holds the parent's messages (with learn's sections) and the fork's own
    shutil.copyfile(folder / f"{PARENT}.jsonl", folder / f"{FORK}.jsonl")
    later = claude_call(root, folder, FORK, "UserPromptSubmit", said.append, prompt=PROMPTS[2], prompt_id="f1")
    assert not set(bullets(later)) & copied, later  # before: `acks=all` a second time in the fork's request
    assert any("its own transcript holds (copied from the session it came from)" in line for line in said), said
    # read once: a lesson the parent never had still comes, once
    again = claude_call(root, folder, FORK, "UserPromptSubmit", prompt="make the order events consumer idempotent",
                        prompt_id="f2")
    assert bullets(again) == ["- Make queue consumers idempotent."]


def test_a_second_fork_of_a_session_tells_its_parent_from_the_first_fork(project):
    """review46 R46-1 (real Claude Code 2.1.332): `--resume ID --fork-session` twice (the 'best of N' pattern): the
    first fork, written within a minute of the parent's last answer, was 'written just after that answer' too, so the
    second fork found two and its first request carried the parent's lessons twice. The first fork copied that answer
    and answered since; the parent's last answer is the one ``seconds_since_last_response`` measures."""
    root, folder = project
    given = parent_session(root, folder, NOW - 19)  # its last answer 19.5 s ago
    first = "5b0c1e2d-0000-4000-8000-00000000000f"
    shutil.copyfile(folder / f"{PARENT}.jsonl", folder / f"{first}.jsonl")
    with (folder / f"{first}.jsonl").open("a") as handle:  # the first fork's own answer, 11 s after the parent's
        handle.write(json.dumps({"type": "assistant", "message": {"role": "assistant", "content": "Tried A."},
                                 "sessionId": first, "timestamp": stamp(NOW - 8.5)}) + "\n")
    os.utime(folder / f"{first}.jsonl", (NOW - 8, NOW - 8))
    said: list[str] = []
    assert fork_start(root, folder, said.append, seconds=19) == ""
    assert any("already in the conversation" in line for line in said), said
    first_prompt = claude_call(root, folder, FORK, "UserPromptSubmit", prompt=FORK_PROMPT, prompt_id="f0")
    assert not set(bullets(first_prompt)) & set(given)  # before: `tenacity` and `acks=all` a second time


def test_a_transcript_written_long_before_the_last_answer_is_no_parent(project):
    root, folder = project
    given = parent_session(root, folder, NOW - 600)  # the payload says the last answer came 3 s ago
    assert set(bullets(fork_start(root, folder))) <= set(given) and bullets(fork_start(root, folder))


def test_a_resume_learn_has_no_state_for_reads_its_own_transcript(project):
    root, folder = project
    given = parent_session(root, folder, NOW - 2)
    for state in (root / ".altimate-code" / "learn" / ".sessions").glob("*.json"):
        state.unlink()  # e.g. learn installed on another machine; the transcript holds what was given
    said: list[str] = []
    assert claude_call(root, folder, PARENT, "SessionStart", said.append, source="resume",
                       seconds_since_last_response=2) == ""
    assert any("already in the conversation (read from its own transcript)" in line for line in said), said
    assert any("its own transcript holds the lessons sent to it" in line for line in said), said
    assert not any("came from" in line for line in said), said  # a fork's wording
    again = claude_call(root, folder, PARENT, "UserPromptSubmit", prompt=FORK_PROMPT, prompt_id="r0")
    assert not set(bullets(again)) & set(given)


def test_an_opencode_fork_gets_no_lesson_its_copied_messages_hold(project):
    root, _ = project
    base = {"directory": str(root)}

    def oc(session: str, hook: str, **fields) -> str:
        return call(root, opencode, {**base, **fields, "hook": hook, "session_id": session})

    section = oc("ses_parent", "session.start")
    parts = [oc("ses_parent", "chat.message", message_id=f"msg_{i}", prompt=p) for i, p in enumerate(PROMPTS)]
    given = [line for text in parts for line in bullets(text)]
    assert {"- " + t for t in EXTRA[:2]} <= set(given)
    # the fork's messages: copies of the parent's, learn's synthetic parts among them
    fork_section = oc("ses_fork", "session.start", inherited=[p for p in parts if p])
    assert bullets(fork_section) == bullets(section)  # the system prompt is not copied: the fork gets its own
    first = oc("ses_fork", "chat.message", message_id="msg_f0", prompt=FORK_PROMPT)
    assert not set(bullets(first)) & set(given)


def codex_line(ordinal: int, kind: str, payload: dict) -> str:
    return json.dumps({"timestamp": "2026-12-07T06:14:47.752Z", "ordinal": ordinal, "type": kind, "payload": payload})


def codex_context(ordinal: int, text: str) -> str:
    """A hook's context in a Codex 0.171 rollout: a developer message marked as the hooks' additional context."""
    return codex_line(ordinal, "response_item", {
        "type": "message", "role": "developer", "content": [{"type": "input_text", "text": text}],
        "internal_chat_message_metadata_passthrough": {"content_item_kinds": ["hooks.additional_context"]}})


def test_a_codex_fork_finds_its_parent_rollout_by_the_id_its_first_line_names(git_repo: Path, tmp_path: Path):
    write_store(git_repo, lessons())
    parent, fork = "01a24f23-fab4-7f20-9c38-43d54631e56c", "01a24f24-0b0f-7f70-9891-488cd96b6c40"
    day = tmp_path / "codex-home" / "sessions" / "2026" / "12" / "07"
    day.mkdir(parents=True)
    earlier = tmp_path / "codex-home" / "sessions" / "2026" / "12" / "06"  # the parent began the day before
    earlier.mkdir()
    parent_rollout = earlier / f"rollout-2026-12-06T23-59-47-{parent}.jsonl"
    fork_rollout = day / f"rollout-2026-12-07T06-14-51-{fork}.jsonl"

    def codex_call(session: str, rollout: Path, event: str, **more) -> str:
        payload = {"session_id": session, "transcript_path": str(rollout), "cwd": str(git_repo),
                   "hook_event_name": event, "model": "gpt-5.5", "permission_mode": "bypassPermissions", **more}
        return call(git_repo, codex, payload)

    meta = {"session_id": parent, "id": parent, "cwd": str(git_repo), "originator": "codex_exec",
            "cli_version": "0.171.0", "source": "exec"}
    rows = [codex_line(0, "session_meta", meta)]
    parent_rollout.write_text(rows[0] + "\n")
    given: list[str] = []
    start = codex_call(parent, parent_rollout, "SessionStart", source="startup")
    rows.append(codex_context(1, start))
    for i, prompt in enumerate(PROMPTS):
        context = codex_call(parent, parent_rollout, "UserPromptSubmit", prompt=prompt, turn_id=f"t{i}")
        rows.append(codex_context(2 + i, context))
        given += bullets(context)
    given += bullets(start)
    parent_rollout.write_text("".join(r + "\n" for r in rows))
    assert {"- " + t for t in EXTRA[:2]} <= set(given)

    # the fork's rollout at its SessionStart: its first line names the parent, no copy yet
    fork_rollout.write_text(codex_line(0, "session_meta", {**meta, "session_id": fork, "id": fork,
                                                            "forked_from_id": parent,
                                                            "forked_from_ordinal_exclusive": len(rows)}) + "\n")
    assert codex_call(fork, fork_rollout, "SessionStart", source="fork") == ""
    first = codex_call(fork, fork_rollout, "UserPromptSubmit", prompt=FORK_PROMPT, turn_id="f0")
    assert not set(bullets(first)) & set(given)
