"""The tool-errors channel: recoveries found in code, one record per (tool, signature), shapes never values."""

from __future__ import annotations

import json

from altimate_learn.capture.model import ToolCall
from altimate_learn.gates.tool_errors import (RecoveryScanner, lesson_text, merge, read_records, record_and_propose,
                                              scan, shape, signature)
from altimate_learn.store import Store, project
from tests.gates.helpers import read_json, stamps, texts

MISSING = {"file_path": "/home/ana/shop/models/missing.sql"}
FOUND = {"file_path": "/home/ana/shop/models/orders.sql"}
NOT_FOUND = "<tool_use_error>File does not exist. Note: your current working directory is /home/ana/shop.</tool_use_error>"


def _fail(name: str, value: dict, error: str = NOT_FOUND, call: str = "f") -> ToolCall:
    return ToolCall(name=name, input=value, id=call, result=error, is_error=True)


def _ok(name: str, value: dict, call: str = "s") -> ToolCall:
    return ToolCall(name=name, input=value, id=call, result="1\tselect 1")


def test_the_signature_is_the_first_line_folded():
    assert signature(NOT_FOUND) == "file does not exist. note: your current working directory is <path>"
    assert signature("\n\nError 0x1f3a at line 42: key 'user_7' missing\nTraceback...") == \
        "error # at line #: key '...' missing"
    assert signature("", exit_code=2) == "exit code 2"
    assert signature("npm ERR! code E404   for   deadbeef0123") == "npm err! code e# for #"
    assert signature("failed to fetch https://internal.example.com/x?token=1") == "failed to fetch <url>"
    assert signature("bash: pytset: command not found", failed_input={"command": "pytset -q"}) == \
        "bash: ...: command not found"


def test_shapes_keep_keys_and_kinds_never_values():
    assert shape({"file_path": "/abs/x.sql", "limit": 20, "args": ["a", "b"], "note": "two\nlines", "p": "a/b"}) == \
        {"args": ["str"], "file_path": "str:abs-path", "limit": "int", "note": "str:multiline", "p": "str:rel-path"}


def test_a_failure_then_a_different_input_is_a_recovery_and_the_same_input_is_not():
    [found] = scan([_fail("Read", MISSING), _ok("Glob", {"pattern": "*.sql"}), _ok("Read", FOUND)], "s1")
    assert (found.tool, found.attempts, found.change) == ("Read", 1, ["a different `file_path`"])
    assert scan([_fail("Read", FOUND), _ok("Read", FOUND)], "s1") == []  # flaky: the same call worked
    assert scan([_fail("Read", MISSING), _ok("Edit", FOUND)], "s1") == []  # another tool is no recovery


def test_the_change_is_said_in_shapes():
    [found] = scan([_fail("Read", {"file_path": "big.log"}, "File content exceeds maximum allowed tokens"),
                    _ok("Read", {"file_path": "/abs/big.log", "offset": 1, "limit": 200})], "s1")
    assert found.change == ["`limit` added", "`offset` added", "`file_path` as an absolute path"]
    text = lesson_text({"tool": "Read", "sig": found.sig, "change": found.change})
    assert len(text) <= 140 and text.startswith('When `Read` fails with "file content exceeds maximum a')
    assert text.endswith('...", retry with `limit` added and `offset` added and `file_path` as an absolute path.')


def test_one_record_per_tool_and_signature_replaced_by_a_better_recovery():
    records: list[dict] = []
    slow = RecoveryScanner("s1")
    for call in (_fail("Read", MISSING, call="a"), _fail("Read", {"file_path": "x"}, call="b"), _ok("Read", FOUND, "c")):
        found = slow.feed(call)
    merge(records, [found], "t1")
    assert records[0]["attempts"] == 2 and records[0]["seen"] == 1
    records[0]["proposed"] = "old text"
    quick = scan([_fail("Read", MISSING, call="d"), _ok("Read", FOUND, "e")], "s2")
    result = merge(records, quick, "t2")
    assert len(records) == 1 and records[0]["attempts"] == 1 and records[0]["seen"] == 2
    assert result.improved and "proposed" not in records[0]  # proposed again
    assert merge(records, quick, "t3").already == 1  # the same call twice counts once


def test_records_are_proposed_through_the_candidate_scoped_to_the_tool(git_repo):
    store = Store(project(git_repo), "team-playbook")
    recoveries = scan([_fail("Read", MISSING), _ok("Read", FOUND),
                       _fail("Bash", {"command": "pytset"}, "bash: pytset: command not found", "g"),
                       _ok("Bash", {"command": "pytest"}, "h")], "s1")
    run = record_and_propose(store, recoveries)
    assert [p["tool"] for p in run.proposed] == ["Read", "Bash"]
    lessons = read_json(git_repo, "candidate.json")
    assert [lesson["tags"] for lesson in lessons] == [["tool-errors", "read"], ["tool-errors", "bash"]]
    assert {stamps(git_repo)[lesson["id"]]["channel"] for lesson in lessons} == {"tool-errors"}
    assert "ih" not in stamps(git_repo)[lessons[0]["id"]]  # verified in code: no vet, never stale
    raw = (git_repo / ".altimate-code/learn/team-playbook/tool-errors.json").read_text()
    assert "missing.sql" not in raw and "pytset" not in raw and "/home/ana" not in raw
    assert [r["lesson"] for r in read_records(store)] == [lesson["id"] for lesson in lessons]
    # A better recovery of the same failure supersedes its lesson, structurally.
    again = scan([_fail("Read", MISSING, call="x"), _ok("Read", {"file_path": "orders.sql"}, "y")], "s2")
    run = record_and_propose(store, again)
    assert run.proposed == [] and run.merge.seen_again == 1
    assert texts(git_repo) == [lesson["text"] for lesson in lessons]


def test_a_recovery_text_the_lint_refuses_is_kept_as_a_record_and_not_retried(git_repo):
    store = Store(project(git_repo), "team-playbook")
    tool = "mcp__warehouse_connector__" + "run_query_against_the_reporting_warehouse_" * 3  # no room in 140
    recoveries = scan([_fail(tool, {"sql": "select 1"}, "timeout"), _ok(tool, {"sql": "select 2"})], "s1")
    run = record_and_propose(store, recoveries)
    assert run.proposed == [] and len(run.rejected) == 1
    assert json.loads((git_repo / ".altimate-code/learn/team-playbook/tool-errors.json").read_text())["records"][0][
        "rejected"]
    assert record_and_propose(store, []).rejected == []


# --- transcripts the real agents wrote ------------------------------------------------------------------

REAL = __import__("pathlib").Path(__file__).resolve().parents[1] / "fixtures" / "sessions" / "real"


def test_records_from_a_real_claude_code_transcript(git_repo, cli):
    code, out, err = cli("tool-errors", str(REAL / "claude_tool_recovery.jsonl"), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert (data["sessions"], data["recoveries"], data["new_records"]) == (1, 1, 1)
    [proposed] = data["proposed"]
    assert proposed["text"] == ('When `Read` fails with "file does not exist. note: your current working directory '
                                'is <path>", retry with a different `file_path`.')
    [record] = json.loads((git_repo / ".altimate-code/learn/team-playbook/tool-errors.json").read_text())["records"]
    assert record["failed"] == record["fixed"] == {"file_path": "str:abs-path"} and record["attempts"] == 1
    assert "missing_model" not in json.dumps(record)
    assert texts(git_repo) == [proposed["text"]]


def test_records_from_a_real_codex_transcript(git_repo, cli):
    code, out, err = cli("tool-errors", str(REAL / "codex_tool_recovery.jsonl"), "--dry-run")
    assert code == 0, err
    assert out.splitlines()[0] == "1 session, 2 tool calls: 1 recovery."
    assert 'When `exec_command` fails with "' in out and "retry with a different `cmd`." in out
    assert "missing_model" not in out and "Nothing was written (--dry-run)." in out
    assert not (git_repo / ".altimate-code/learn/team-playbook/tool-errors.json").exists()


# --- scoped to the tool: a failed call of that tool gets its lessons -------------------------------------

def test_a_failed_call_of_the_tool_gets_its_tool_errors_lessons_from_a_real_hook(git_repo, cli):
    from tests.deliver.helpers import context_of, run_hook

    assert cli("tool-errors", str(REAL / "claude_tool_recovery.jsonl"))[0] == 0
    assert cli("promote", "--yes")[0] == 0

    def event(name: str, tool: str, session: str, **extra) -> str:
        payload = {"session_id": session, "transcript_path": str(git_repo / "t.jsonl"), "cwd": str(git_repo),
                   "hook_event_name": name, "tool_name": tool, "tool_use_id": f"toolu_{session}", **extra}
        proc = run_hook("claude-code", payload, cwd=git_repo)
        assert proc.returncode == 0 and proc.stderr == ""
        return context_of(proc.stdout)

    missing = {"file_path": str(git_repo / "models" / "nope.sql")}
    failed = event("PostToolUseFailure", "Read", "s-1", tool_input=missing, error="File does not exist.")
    assert "Team conventions for when `Read` fails (approved by the team):" in failed
    assert 'When `Read` fails with "file does not exist.' in failed
    assert event("PostToolUseFailure", "Read", "s-1", tool_input=missing, error="File does not exist.") == ""  # once
    assert "fails with" not in event("PostToolUseFailure", "Bash", "s-2", tool_input={"command": "x"}, error="boom")
    assert "fails with" not in event("PostToolUse", "Read", "s-3", tool_input=missing, tool_response={"content": "ok"})


def test_a_failed_codex_shell_call_gets_the_shell_lessons_learned_from_its_rollout(git_repo, cli):
    from tests.deliver.helpers import context_of, run_hook

    assert cli("tool-errors", str(REAL / "codex_tool_recovery.jsonl"))[0] == 0
    assert cli("promote", "--yes")[0] == 0
    payload = {"session_id": "c-1", "turn_id": "t-1", "transcript_path": str(git_repo / "rollout.jsonl"),
               "cwd": str(git_repo), "hook_event_name": "PostToolUse", "tool_name": "Bash",
               "tool_input": {"command": "dbt run -s missing_model"},
               "tool_response": "Error: no such model\nExit code: 1\n", "tool_use_id": "call_1"}
    proc = run_hook("codex", payload, cwd=git_repo)
    assert proc.returncode == 0 and proc.stderr == ""
    text = context_of(proc.stdout)
    assert "Team conventions for when `Bash` fails (approved by the team):" in text
    assert 'When `exec_command` fails with "' in text  # the rollout's name for the same shell tool
    ok = dict(payload, tool_response="done\nExit code: 0\n", tool_use_id="call_2", session_id="c-2")
    assert "fails with" not in context_of(run_hook("codex", ok, cwd=git_repo).stdout)
