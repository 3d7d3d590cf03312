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
    # the shell's own prefix and the command it names first are not the failure (review13 R13-19)
    assert signature("bash: pytset: command not found", failed_input={"command": "pytset -q"}) == "command not found"
    assert signature("Exit code 127\n/bin/bash: line 1: pytestx: command not found", 127,
                     {"command": "pytestx -q"}) == "command not found"
    assert signature("Exit code 1\n.F..\nFAILED tests/test_x.py::test_a - KeyError: 'SHA'", 1, {"command": "pytest"}) \
        == "failed <path>::test_a - keyerror: '...'"
    assert signature("Exit code 2", 2, {"command": "make"}) == "exit code 2"


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
                       _fail("Bash", {"command": "pytest -q /home/ana/shop/tests/test_orders.py"},
                             "Exit code 2\nE   ModuleNotFoundError: No module named 'shop'", "g"),
                       _ok("Bash", {"command": "python -m pytest -q /home/ana/shop/tests/test_orders.py"}, "h")],
                      "s1")
    run = record_and_propose(store, recoveries)
    assert [p["tool"] for p in run.proposed] == ["Read", "Bash"]
    assert run.proposed[1]["text"] == ('When `Bash` fails with "modulenotfounderror: no module named \'...\'", run '
                                       '`python -m pytest` instead of `pytest`.')
    lessons = read_json(git_repo, "candidate.json")
    assert [lesson["tags"] for lesson in lessons] == [["tool-errors", "read"], ["tool-errors", "bash"]]
    assert {stamps(git_repo)[lesson["id"]]["channel"] for lesson in lessons} == {"tool-errors"}
    assert "ih" not in stamps(git_repo)[lessons[0]["id"]]  # verified in code: no vet, never stale
    raw = (git_repo / ".altimate-code/learn/team-playbook/tool-errors.json").read_text()
    # shapes, never values: a shell command keeps only the part the lesson quotes, not the file it ran on
    assert "missing.sql" not in raw and "test_orders" not in raw and "/home/ana" not in raw
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
    # `cat` of another file: the same command on other values, nothing a rule can say
    assert "(would not be proposed: what worked is not the same command run another way)" in out
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

    code, out, _ = cli("tool-errors", str(REAL / "codex_shell_recovery.jsonl"))  # `python` (not found), `python3`
    assert code == 0 and ('When `exec_command` fails with "command not found", run `python3` instead of `python`.'
                          in out), out
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


def _claude_bash_transcript(tmp_path, failures: list[tuple[str, str]], fixed: str):
    """The real Claude Code transcript of a Read recovery, its tool calls made Bash calls: ``failures`` (command,
    the tool_result Claude Code wrote: "Exit code N" first, then the output), then ``fixed`` working."""
    lines = (REAL / "claude_tool_recovery.jsonl").read_text().splitlines()
    out = []
    for line in lines:
        entry = json.loads(line)
        content = (entry.get("message") or {}).get("content") if isinstance(entry.get("message"), dict) else None
        first = content[0] if isinstance(content, list) and content and isinstance(content[0], dict) else {}
        if first.get("type") == "tool_use" and first.get("name") == "Read":
            if first["input"]["file_path"].endswith("missing_model.sql"):
                for n, (command, result) in enumerate(failures):
                    use = json.loads(line)
                    use["message"]["content"][0].update(name="Bash", id=f"toolu_f{n}", input={"command": command})
                    answer = {**entry, "type": "user", "message": {"role": "user", "content": [
                        {"type": "tool_result", "content": result, "is_error": True, "tool_use_id": f"toolu_f{n}"}]}}
                    out += [json.dumps(use), json.dumps(answer)]
                continue
            first.update(name="Bash", input={"command": fixed})
        elif first.get("type") == "tool_result" and first.get("is_error"):
            continue  # replaced above
        out.append(json.dumps(entry))
    path = tmp_path / "bash-session.jsonl"
    path.write_text("\n".join(out) + "\n")
    return path


def test_a_bash_recovery_is_learned_from_the_error_not_from_claude_codes_exit_code_line(git_repo, cli, tmp_path):
    """review13 R13-19: every failed-then-fixed Bash call became "When `Bash` fails with "exit code #", retry with a
    different `command`." (the first line of Claude Code's Bash result is "Exit code N")."""
    missing = [(f"pytestx -q{extra}", "Exit code 127\n/bin/bash: line 1: pytestx: command not found")
               for extra in ("", " tests", " -x")]
    path = _claude_bash_transcript(tmp_path, missing, "python3 -m pytest -q")
    code, out, err = cli("tool-errors", str(path))
    assert code == 0, err
    assert 'proposed L-' in out and \
        'When `Bash` fails with "command not found", run `python3 -m pytest` instead of `pytestx`.' in out
    assert "exit code" not in out


def test_a_bash_recovery_that_says_nothing_about_the_failed_command_is_recorded_but_never_proposed(git_repo, cli,
                                                                                                  tmp_path):
    """fix13b's note on R13-19: "retry with a different `command`" says nothing. What ran next is another command
    (R13-19's own session: `pytestx` three times, then `python3 -c ...`), a typo fixed, or the same command on
    another file: nothing a rule can say, so it is recorded and never proposed."""
    missing = [(f"pytestx -q{extra}", "Exit code 127\n/bin/bash: line 1: pytestx: command not found")
               for extra in ("", " tests", " -x")]
    for fixed in ("python3 -c 'print(1)'", "pytset -q"):
        path = _claude_bash_transcript(tmp_path, missing, fixed)
        code, out, err = cli("tool-errors", str(path), "--dry-run")
        assert code == 0 and "(would not be proposed: what worked is not the same command run another way)" in out
    path = _claude_bash_transcript(tmp_path, missing, "python3 -c 'print(1)'")
    code, out, err = cli("tool-errors", str(path))
    assert code == 0, err
    assert "proposed L-" not in out and 'not proposed "When `Bash` fails with "command not found", retry with a ' \
        'different `command`.": the command that worked is not the failed one run another way' in out
    assert not (git_repo / ".altimate-code/learn/team-playbook/candidate.json").exists()
    # a later session that does say what worked replaces the record, and its lesson is proposed
    path = _claude_bash_transcript(tmp_path, missing[:1], "python3 -m pytest -q")
    session = json.loads(path.read_text().splitlines()[0]).get("sessionId")
    path.write_text(path.read_text().replace(session, "b2c3d4e5-0000-4000-8000-000000000002"))
    code, out, err = cli("tool-errors", str(path))
    assert code == 0 and "1 improved" in out, out
    assert 'run `python3 -m pytest` instead of `pytestx`.' in texts(git_repo)[0]


def test_a_failure_that_printed_only_its_exit_code_is_recorded_but_never_proposed(git_repo, cli, tmp_path):
    path = _claude_bash_transcript(tmp_path, [("make deploy", "Exit code 2")], "make deploy-staging")
    code, out, err = cli("tool-errors", str(path), "--dry-run")
    assert code == 0 and "(would not be proposed: only an exit code)" in out, err
    code, out, err = cli("tool-errors", str(path))
    assert code == 0, err
    assert out.splitlines()[1] == ('  not proposed "When `Bash` fails with "exit code 2", run `make deploy-staging` '
                                   'instead of `make deploy`.": the failure gave no error text, only how the call '
                                   'ended (an exit code); a lesson from it would say nothing')
    assert not (git_repo / ".altimate-code/learn/team-playbook/candidate.json").exists()
    [record] = json.loads((git_repo / ".altimate-code/learn/team-playbook/tool-errors.json").read_text())["records"]
    assert record["sig"] == "exit code 2" and record["seen"] == 1
    code, out, _ = cli("tool-errors", str(path))  # read again: seen before, not offered again
    assert code == 0 and "not proposed" not in out


def test_claudes_description_of_a_call_is_not_a_change_and_a_bash_recovery_without_a_fix_is_not_proposed(git_repo):
    """review14 R14-16: "retry with a different `command` and a different `description`": `description` is the label
    Claude Code shows the person, and what ran next (`python3 -c ...` after `pytestx`) says nothing."""
    from altimate_learn.gates.tool_errors import change, shell_without_fix

    assert change({"command": "pytestx -q", "description": "Run the tests"},
                  {"command": "python3 -V", "description": "Check the Python version"}) == ["a different `command`"]
    store = Store(project(git_repo), "team-playbook")
    calls = [_fail("Bash", {"command": command, "description": "Run the tests"},
                   "Exit code 127\n/bin/bash: line 1: pytestx: command not found", f"f{n}")
             for n, command in enumerate(["pytestx -q tests", "pytestx -q", "pytestx tests/test_pricing.py"])]
    run = record_and_propose(store, scan([*calls, _ok("Bash", {"command": "python3 -c 'print(1)'",
                                                               "description": "Check Python"}, "ok")], "s1"))
    assert run.proposed == [] and [r["text"] for r in run.rejected] == [
        'When `Bash` fails with "command not found", retry with a different `command`.']
    # a record written before records kept what worked is not proposed either
    assert shell_without_fix({"tool": "Bash", "sig": "command not found", "failed": {"command": "str",
                              "description": "str"}, "change": ["a different `command`", "a different `description`"]})


def test_a_recovery_an_approved_lesson_already_states_is_not_proposed_again(git_repo, cli, tmp_path):
    """review14 R14-26: "run `uv run pytest` instead of `pytest`" beside the approved "Run the tests with `uv run pytest
    -q -x` before every commit." was called the opposite rule; it says the same thing."""
    assert cli("remember", "Run the tests with `uv run pytest -q -x` before every commit.")[0] == 0
    assert cli("promote", "--yes")[0] == 0
    missing = [(f"pytest -q{extra}", "Exit code 127\n/bin/bash: line 1: pytest: command not found")
               for extra in ("", " tests", " -x")]
    code, out, err = cli("tool-errors", str(_claude_bash_transcript(tmp_path, missing, "uv run pytest -q")))
    assert code == 0, err
    assert "opposite" not in out and "proposed L-" not in out
    assert 'run `uv run pytest` instead of `pytest`.": L-' in out and "already says to run `uv run pytest`" in out
