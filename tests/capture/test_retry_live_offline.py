"""One "failures in a row" count for both capture paths: the hooks live and `learn capture` from the transcript.

A session captured live and then again offline must give the same tool_retry signals, recorded once: the same
episodes (a success of any tool ends one), reported at the same call (the signal's dedupe key is that call's id:
Claude Code's `toolu_…`, opencode's `callID`). Each test replays a transcript's own tool calls through the real hook
entry point, in the shape each agent sends them, then captures the transcript offline into the same store.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from altimate_learn.capture.capture import capture_reader, signals_from_session
from altimate_learn.capture.model import ToolCall
from altimate_learn.capture.sessions import read_session
from altimate_learn.harness import capture_worker, hook
from altimate_learn.store import ProjectPaths, Store
from tests.capture.conftest import CLAUDE, OPENCODE_SESSION, OPENCODE_STORAGE, REAL_CLAUDE
from tests.deliver.helpers import learn_dir, read_jsonl, sample_lessons, write_store


@pytest.fixture
def repo(git_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    write_store(git_repo, sample_lessons())
    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO_REFLECT", "0")
    monkeypatch.setenv("ALTIMATE_LEARN_CONTINUAL_LEARNING", "0")
    return git_repo


def _fire(payload: dict, harness: str, capsys) -> None:
    sys.stdin = io.TextIOWrapper(io.BytesIO(json.dumps(payload).encode()))
    try:
        hook.main([harness])
    finally:
        sys.stdin = sys.__stdin__
    capsys.readouterr()


def _payload(harness: str, call: ToolCall, session: str, repo: Path) -> dict:
    """The hook input each agent sends for one finished call (the shapes tests/agents and harness/ parse)."""
    if harness == "claude-code":
        common = {"session_id": session, "transcript_path": str(repo / "t.jsonl"), "cwd": str(repo),
                  "tool_name": call.name, "tool_input": call.input, "tool_use_id": call.id}
        if call.is_error:
            return {**common, "hook_event_name": "PostToolUseFailure", "error": call.result or "failed"}
        return {**common, "hook_event_name": "PostToolUse", "tool_response": {"stdout": call.result or ""}}
    common = {"session_id": session, "directory": str(repo), "tool": call.name, "args": call.input,
              "call_id": call.id}
    if call.is_error:
        return {**common, "hook": "tool.error", "error": call.result or "failed"}
    return {**common, "hook": "tool.ok"}


def _live_then_offline(repo: Path, capsys, reader_factory, harness: str) -> tuple[list[dict], list[str], int]:
    reader = reader_factory()
    session = reader.info.id
    for event in reader.events():
        if isinstance(event, ToolCall) and event.result is not None:  # a call whose result arrived
            _fire(_payload(harness, event, session, repo), harness, capsys)
    assert capture_worker.wait_for_workers(str(learn_dir(repo) / ".sessions"), timeout=120)
    live = [s for s in read_jsonl(learn_dir(repo) / "team-playbook" / "signals.jsonl") if s["kind"] == "tool_retry"]
    offline, _ = signals_from_session(reader_factory())
    expected = [s.part_id for s in offline if s.kind == "tool_retry"]
    store = Store(ProjectPaths(repo), "team-playbook")
    added = capture_reader(store, reader_factory()).tool_retry_added
    return live, expected, added


def _claude(tmp: Path, calls: list[tuple[str, str, bool]]) -> Path:
    """A Claude Code transcript (its real line shapes) whose assistant runs ``calls`` (name, command, failed)."""
    session = "7a1c9e52-3b4d-4f6a-8c2e-1d0f9b8a7c65"
    lines = [{"type": "user", "uuid": "u0", "parentUuid": None, "sessionId": session, "cwd": "/home/dev/shop",
              "timestamp": "2026-12-01T10:00:00.000Z", "isSidechain": False,
              "message": {"role": "user", "content": "make the build pass"}}]
    for n, (name, command, failed) in enumerate(calls):
        call_id = f"toolu_01{n:04d}AbCdEfGhIjKlMnOp"
        tool_input = {"command": command} if name == "Bash" else {"file_path": command}
        lines.append({"type": "assistant", "uuid": f"a{n}", "parentUuid": f"u{n}", "sessionId": session,
                      "timestamp": f"2026-12-01T10:{n + 1:02d}:00.000Z", "isSidechain": False,
                      "message": {"id": f"msg_{n}", "role": "assistant", "type": "message", "model": "claude-sonnet-4-5",
                                  "content": [{"type": "tool_use", "id": call_id, "name": name, "input": tool_input}]}})
        result = "Exit code 1\nerror: build failed in stg_orders" if failed else "ok"
        lines.append({"type": "user", "uuid": f"u{n + 1}", "parentUuid": f"a{n}", "sessionId": session,
                      "timestamp": f"2026-12-01T10:{n + 1:02d}:30.000Z", "isSidechain": False,
                      "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call_id,
                                                               "content": result, "is_error": failed}]}})
    path = tmp / f"{session}.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


FAIL, OK = True, False


@pytest.mark.parametrize("calls,signals", [
    # another tool's success ends the episode: the live hook kept counting across it (3 failures "in a row")
    ([("Bash", "dbt build", FAIL), ("Bash", "dbt build", FAIL), ("Read", "models/stg_orders.sql", OK),
      ("Bash", "dbt build", FAIL), ("Bash", "dbt build", FAIL)], 0),
    # one episode, five failures: one signal, at the third
    ([("Bash", "dbt build", FAIL)] * 5, 1),
    # two episodes split by a success of the same tool
    ([("Bash", "dbt build", FAIL)] * 3 + [("Bash", "dbt deps", OK)] + [("Bash", "dbt build", FAIL)] * 3, 2),
    # another tool's failure starts a new episode
    ([("Bash", "dbt build", FAIL)] * 2 + [("Read", "missing.sql", FAIL)] + [("Bash", "dbt build", FAIL)] * 2, 0),
])
def test_claude_code_live_and_offline_count_the_same_episodes(repo: Path, tmp_path: Path, capsys, calls, signals):
    path = _claude(tmp_path, calls)
    live, expected, added = _live_then_offline(repo, capsys, lambda: read_session(path, harness="claude-code"),
                                               "claude-code")
    # two episodes' signals are recorded by two capture workers, which may finish in either order
    assert sorted(s["partID"] for s in live) == sorted(expected) and len(expected) == signals
    assert added == 0  # captured live already: the offline pass adds nothing


def test_the_real_claude_code_fixtures_give_the_same_signals_both_ways(repo: Path, capsys):
    for path in (CLAUDE, REAL_CLAUDE):
        live, expected, added = _live_then_offline(repo, capsys, lambda p=path: read_session(p, harness="claude-code"),
                                                   "claude-code")
        assert sorted(s["partID"] for s in live if s["partID"] in expected) == sorted(expected)
        assert added == 0


def test_opencode_parts_give_the_same_signals_both_ways(repo: Path, capsys):
    """opencode's tool hooks report the part's `callID`; the reader keys its calls the same way."""
    live, expected, added = _live_then_offline(
        repo, capsys, lambda: read_session(OPENCODE_STORAGE, harness="opencode", session_id=OPENCODE_SESSION),
        "opencode")
    assert sorted(s["partID"] for s in live) == sorted(expected)
    assert added == 0


def _subagent_payload(repo: Path, session: str, n: int, failed: bool) -> dict:
    """A tool call of a Claude Code sub-agent (Agent/Task tool) as its hooks report it: the parent's session id,
    with `agent_id` and `agent_type` (the shape Claude Code 2.1.332 sent, seen with the real CLI)."""
    common = {"session_id": session, "transcript_path": str(repo / "t.jsonl"), "cwd": str(repo),
              "agent_id": "a31f3ca2614af726e", "agent_type": "general-purpose", "tool_name": "Read",
              "tool_input": {"file_path": str(repo / "config" / "missing.yml")}, "tool_use_id": f"toolu_sub{n:04d}"}
    if failed:
        return {**common, "hook_event_name": "PostToolUseFailure", "error": "File does not exist."}
    return {**common, "hook_event_name": "PostToolUse", "tool_response": {"type": "text"}}


@pytest.mark.parametrize("parent,sub,signals", [
    # the sub-agent fails three times in a row while the parent waits on its Agent call: the sub-agent's calls live
    # in its own transcript (`<session>/subagents/agent-<id>.jsonl`), which `learn capture` does not count, so the
    # hooks must not either (they recorded a tool_retry the offline pass never found)
    ([("Agent", "read the config", OK)], [FAIL, FAIL, FAIL], 0),
    # a background sub-agent's success between the parent's failures does not end the parent's episode
    ([("Bash", "dbt build", FAIL)] * 3, [OK], 1),
])
def test_a_claude_code_sub_agents_calls_count_neither_live_nor_offline(repo: Path, tmp_path: Path, capsys, parent, sub,
                                                                        signals):
    path = _claude(tmp_path, parent)
    reader = read_session(path, harness="claude-code")
    session = reader.info.id
    calls = [event for event in reader.events() if isinstance(event, ToolCall) and event.result is not None]
    for n, call in enumerate(calls):
        _fire(_payload("claude-code", call, session, repo), "claude-code", capsys)
        if n == len(calls) // 2:  # the sub-agent's calls arrive in the middle of the parent's
            for m, failed in enumerate(sub):
                _fire(_subagent_payload(repo, session, m, failed), "claude-code", capsys)
    assert capture_worker.wait_for_workers(str(learn_dir(repo) / ".sessions"), timeout=120)
    live = [s for s in read_jsonl(learn_dir(repo) / "team-playbook" / "signals.jsonl") if s["kind"] == "tool_retry"] \
        if (learn_dir(repo) / "team-playbook" / "signals.jsonl").exists() else []
    offline, _ = signals_from_session(read_session(path, harness="claude-code"))
    expected = [s.part_id for s in offline if s.kind == "tool_retry"]
    assert [s["partID"] for s in live] == expected and len(expected) == signals


def test_a_command_that_exited_non_zero_counts_as_failed_whoever_reports_it():
    """fix17: opencode's `bash` reports a command that exits non-zero as a completed call, its exit code beside it
    (the session reader's `exit_code`, the plugin's `exit_code`); every other agent marks such a call failed. Three
    of them in a row are one tool_retry episode, as three failed calls are; exit code 0 is a success."""
    from altimate_learn.capture.tool_retry import RetryCounter

    def run(codes: list[int]) -> list[str]:
        counter = RetryCounter()
        found = [counter.feed(ToolCall(name="bash", input={"command": "pytest -q"}, id=f"call_{n}", at=None,
                                       result="1 failed in 0.02s", is_error=False, exit_code=code), "ses_1")
                 for n, code in enumerate(codes)]
        return [signal.part_id for signal in found if signal is not None]

    assert run([1, 2, 1]) == ["call_2"]
    assert run([1, 0, 1, 1]) == []  # the success between ends the episode
    assert run([0, 0, 0]) == []


REFUSED, INVALID = "refused", "invalid"
# Claude Code 2.1.332's tool-result lines for a call it refused before running it (seen with the real CLI): its
# permission check ("This command requires approval", with permissionDecision "reject"; PreToolUse fired, no
# PostToolUse / PostToolUseFailure) and its input validation (a <tool_use_error>, no permissionDecision; no hook)
_NOT_RUN = {REFUSED: ("This command requires approval", {"decision": "reject", "source": "config",
                                                         "reasonCode": "bashMiss:no-rule-match"}),
            INVALID: ("<tool_use_error>String to replace not found in file.\nString: zzz=9</tool_use_error>", None)}


@pytest.mark.parametrize("calls,signals", [
    ([("Bash", "python3 -m pytest -q", REFUSED)] * 4, 0),  # offline read four failures in a row (review44 R44-1)
    ([("Edit", "models/stg_orders.sql", INVALID)] * 3, 0),
    # live: three failures in a row, the refused call between them unseen; offline must report the same call
    ([("Bash", "dbt build", FAIL), ("Bash", "dbt build", REFUSED), ("Bash", "dbt build", FAIL),
      ("Bash", "dbt build", FAIL)], 1),
    # an Edit refused by validation is no failure of another tool: the Bash episode goes on, as live
    ([("Bash", "dbt build", FAIL)] * 2 + [("Edit", "models/stg_orders.sql", INVALID), ("Bash", "dbt build", FAIL)], 1),
])
def test_a_call_claude_code_refused_before_running_counts_neither_live_nor_offline(repo: Path, tmp_path: Path, capsys,
                                                                                   calls, signals):
    path = _claude(tmp_path, [(name, command, outcome is FAIL) for name, command, outcome in calls])
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    results = [line for line in lines if line["type"] == "user" and isinstance(line["message"]["content"], list)]
    for line, (_, _, outcome) in zip(results, calls):
        if outcome in _NOT_RUN:
            text, decision = _NOT_RUN[outcome]
            line["message"]["content"][0].update(content=text, is_error=True)
            if decision:
                line.update(permissionDecision=decision, toolDenialKind="user-rejected")
        else:
            line["permissionDecision"] = {"decision": "accept", "source": "config", "reasonType": "mode"}
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    reader = read_session(path, harness="claude-code")
    session = reader.info.id
    read = [event for event in reader.events() if isinstance(event, ToolCall)]
    assert [call.ran for call in read] == [outcome not in _NOT_RUN for _, _, outcome in calls]  # all still read
    for call, (_, _, outcome) in zip(read, calls):
        if outcome not in _NOT_RUN:  # the hooks Claude Code fires: none for a refused call's outcome
            _fire(_payload("claude-code", call, session, repo), "claude-code", capsys)
    assert capture_worker.wait_for_workers(str(learn_dir(repo) / ".sessions"), timeout=120)
    signals_file = learn_dir(repo) / "team-playbook" / "signals.jsonl"
    live = [s for s in read_jsonl(signals_file) if s["kind"] == "tool_retry"] if signals_file.exists() else []
    offline, _ = signals_from_session(read_session(path, harness="claude-code"))
    expected = [s.part_id for s in offline if s.kind == "tool_retry"]
    assert [s["partID"] for s in live] == expected and len(expected) == signals
    assert capture_reader(Store(ProjectPaths(repo), "team-playbook"), read_session(path, harness="claude-code")) \
        .tool_retry_added == 0
