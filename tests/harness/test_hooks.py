"""`learn hook <harness>` end to end: recorded payloads in, the harness's answer format out."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from altimate_learn.markers import SECTION_CLOSE, SECTION_OPEN
from tests.deliver.helpers import (context_of, learn_dir, lesson, read_jsonl, run_hook, sample_lessons, settle_capture,
                                   write_store)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "hooks"
REF = "Use `ref()` for model dependencies; never select from raw tables in models."


def recorded(harness: str, root: Path) -> list[dict]:
    """The recorded payloads of a harness, moved into ``root``."""
    out = []
    for line in (FIXTURES / f"{harness}.jsonl").read_text().splitlines():
        payload = json.loads(line)
        old_cwd = payload["cwd"]
        out.append(json.loads(json.dumps(payload).replace(old_cwd, str(root))))
    return out


@pytest.fixture
def repo(git_repo: Path) -> Path:
    write_store(git_repo, sample_lessons() + [lesson("L-0100", "Write text files with a trailing newline.",
                                                     paths=["*.txt"])])
    (git_repo / "hello.txt").write_text("hello from the project file\n")
    # The recorded prompt names hello.txt, which would retrieve the *.txt lesson with the prompt; without
    # the retrieved tier it arrives with the file instead, which is what these tests look at.
    (git_repo / ".altimate-code" / "altimate-code.json").write_text(json.dumps({"learn": {"retrieved_lessons": 0}}))
    return git_repo


def test_a_prompt_naming_an_existing_file_retrieves_its_lessons_up_front(repo: Path):
    (repo / ".altimate-code" / "altimate-code.json").unlink()
    events = recorded("claude", repo)
    outputs = [run_hook("claude-code", e, cwd=repo) for e in events[:3]]
    assert "trailing newline" in context_of(outputs[1].stdout)  # "please read hello.txt"
    assert outputs[2].stdout == ""  # so reading the file adds nothing: shown once per session


def test_contract_user_prompt_delivers_the_relevant_lesson(git_repo: Path):
    write_store(git_repo, [lesson("L-0001", REF)])
    payload = {"session_id": "contract-session-1", "transcript_path": str(git_repo / "t.jsonl"), "cwd": str(git_repo),
               "hook_event_name": "UserPromptSubmit",
               "prompt": "add a staging model for chargebacks from the raw tables"}
    proc = run_hook("claude-code", payload, cwd=git_repo)
    assert proc.returncode == 0 and proc.stderr == ""
    answer = json.loads(proc.stdout)
    assert answer["hookSpecificOutput"]["hookEventName"] == "UserPromptSubmit"
    context = answer["hookSpecificOutput"]["additionalContext"]
    assert "ref()" in context and context.startswith(SECTION_OPEN) and context.endswith(SECTION_CLOSE)
    assert "Team conventions for this project (approved by the team):" in context


def test_claude_code_recorded_session(repo: Path):
    events = recorded("claude", repo)
    names = [e["hook_event_name"] for e in events]
    assert names == ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PreToolUse", "PostToolUse",
                     "SessionEnd"]
    outputs = [run_hook("claude-code", e, cwd=repo) for e in events]
    assert all(p.returncode == 0 and p.stderr == "" for p in outputs)
    start = json.loads(outputs[0].stdout)["hookSpecificOutput"]
    assert start["hookEventName"] == "SessionStart" and SECTION_OPEN in start["additionalContext"]
    read = json.loads(outputs[2].stdout)["hookSpecificOutput"]
    assert read["hookEventName"] == "PreToolUse"
    assert "`hello.txt`" in read["additionalContext"] and "trailing newline" in read["additionalContext"]
    assert outputs[3].stdout == ""  # PostToolUse on the same file: already shown this session
    assert outputs[6].stdout == ""  # SessionEnd takes no context
    shown = read_jsonl(learn_dir(repo) / "team-playbook" / "shown.jsonl")
    assert {r["session"] for r in shown} == {events[0]["session_id"]}
    assert [r["tier"] for r in shown].count("file") == 1


def test_claude_code_read_then_edit_of_a_file_four_events_one_batch_then_the_held_back_narrow_lessons(
        git_repo: Path):
    narrow = [lesson(f"L-1{i:03x}", f"Text file rule number n{i}.", paths=["*.txt"], helpful=20 - i) for i in range(8)]
    write_store(git_repo, narrow + [lesson(f"L-2{i:03x}", f"Broad rule number n{i}.", paths=["**"], helpful=50)
                                    for i in range(8)])
    (git_repo / "hello.txt").write_text("hello\n")
    # the prompt names hello.txt: without the request's tier, its lessons arrive with the file, which this looks at
    (git_repo / ".altimate-code" / "altimate-code.json").write_text(json.dumps({"learn": {"core_lessons": 0,
                                                                                          "retrieved_lessons": 0}}))
    events = recorded("claude", git_repo)
    pre_read, post_read = events[2], events[3]
    edit = {"tool_name": "Edit", "tool_input": {**pre_read["tool_input"], "old_string": "hello", "new_string": "hi"},
            "tool_use_id": "toolu_edit"}
    pre_edit, post_edit = {**pre_read, **edit}, {**post_read, **edit}
    texts = [context_of(run_hook("claude-code", e, cwd=git_repo).stdout)
             for e in (events[1], pre_read, post_read, pre_edit, post_edit)]
    rules = [[line for line in text.splitlines() if line.startswith("- ")] for text in texts]
    # the read shows the file's five best rules: *.txt names the file, ** names nothing
    assert [r.split("] ")[1] for r in rules[1]] == [f"Text file rule number n{i}." for i in range(5)]
    assert rules[2] == [] and rules[4] == []  # PostToolUse of the same call adds nothing
    assert [r.split("] ")[1] for r in rules[3]] == [f"Text file rule number n{i}." for i in range(5, 8)]
    assert len(read_jsonl(learn_dir(git_repo) / "team-playbook" / "shown.jsonl")) == 8


def test_session_start_section_is_frozen_across_fresh_processes(repo: Path):
    payload = recorded("claude", repo)[0]
    first = run_hook("claude-code", payload, cwd=repo).stdout
    write_store(repo, [lesson("L-0001", "A different approved set now.", pinned=True)])
    again = run_hook("claude-code", {**payload, "source": "resume"}, cwd=repo).stdout
    assert again == first and "A different approved set" not in again


def test_a_codex_resume_does_not_add_the_section_again_but_builds_one_frozen_empty(git_repo: Path):
    """review14 R14-21: `codex exec resume` keeps the first SessionStart context in its conversation and adds
    what learn returns for source "resume": every resume added the whole core tier again. A section frozen
    empty (nothing approved when the session began) is still built at resume; Claude Code's resume is unchanged
    (test_session_start_section_is_frozen_across_fresh_processes)."""
    write_store(git_repo, [lesson("L-0001", REF, pinned=True)])
    start = recorded("codex", git_repo)[0]
    first = run_hook("codex", start, cwd=git_repo)
    assert "ref()" in json.loads(first.stdout)["hookSpecificOutput"]["additionalContext"]
    resumed = run_hook("codex", {**start, "source": "resume"}, cwd=git_repo)
    assert (resumed.returncode, resumed.stdout, resumed.stderr) == (0, "", "")
    # a session that began with nothing approved: its resume brings the lessons approved since
    write_store(git_repo, [])
    empty = {**start, "session_id": "019a0000-0000-7000-8000-00000000e3e3"}
    assert run_hook("codex", empty, cwd=git_repo).stdout == ""
    write_store(git_repo, [lesson("L-0001", REF, pinned=True)])
    later = run_hook("codex", {**empty, "source": "resume"}, cwd=git_repo)
    assert "ref()" in json.loads(later.stdout)["hookSpecificOutput"]["additionalContext"]
    # Claude Code: the same resume returns the frozen section (its resumed request carries it once)
    claude = {**recorded("claude", git_repo)[0], "session_id": "c1"}
    text = run_hook("claude-code", claude, cwd=git_repo).stdout
    assert "ref()" in text and run_hook("claude-code", {**claude, "source": "resume"}, cwd=git_repo).stdout == text


def test_codex_recorded_session_apply_patch_files_and_plain_prompt_context(repo: Path):
    events = recorded("codex", repo)
    outputs = {i: run_hook("codex", e, cwd=repo) for i, e in enumerate(events)}
    assert all(p.returncode == 0 and p.stderr == "" for p in outputs.values())
    assert json.loads(outputs[0].stdout)["hookSpecificOutput"]["hookEventName"] == "SessionStart"
    prompt_out = outputs[1].stdout
    assert prompt_out == "" or prompt_out.startswith(SECTION_OPEN)  # plain stdout, not JSON
    assert outputs[2].stdout == "" and outputs[3].stdout == ""  # Bash: no file, no lessons
    patch = json.loads(outputs[4].stdout)["hookSpecificOutput"]
    assert patch["hookEventName"] == "PreToolUse"
    assert "`out.txt`" in patch["additionalContext"] and "trailing newline" in patch["additionalContext"]


def test_codex_first_prompt_is_plain_text_context(git_repo: Path):
    write_store(git_repo, [lesson("L-0001", REF)])
    payload = recorded("codex", git_repo)[1]
    proc = run_hook("codex", payload, cwd=git_repo)
    assert proc.stdout.startswith(SECTION_OPEN) and "ref()" in proc.stdout


def test_gemini_section_arrives_with_the_first_prompt_and_file_lessons_after_the_tool(repo: Path):
    events = recorded("gemini", repo)
    outputs = [run_hook("gemini", e, cwd=repo) for e in events]
    assert all(p.returncode == 0 and p.stderr == "" for p in outputs)
    # SessionStart context would go in front of the prompt in `gemini -p`, where a resume then drops the
    # prompt from Gemini's history: the frozen section goes with the first BeforeAgent instead
    assert outputs[0].stdout == ""
    start = json.loads(outputs[1].stdout)["hookSpecificOutput"]
    assert start["hookEventName"] == "BeforeAgent" and SECTION_OPEN in start["additionalContext"]
    assert "Team conventions for this project" in start["additionalContext"]
    assert outputs[2].stdout == ""  # BeforeTool: Gemini takes no context there
    after = json.loads(outputs[3].stdout)["hookSpecificOutput"]
    assert after["hookEventName"] == "AfterTool" and "trailing newline" in after["additionalContext"]
    for proc in outputs[5:]:
        assert proc.stdout == ""


@pytest.mark.parametrize("stdin", ["this is not json", "", "[1, 2]", "{\"hook_event_name\": 5}",
                                   "{\"hook_event_name\": \"UserPromptSubmit\"}",
                                   "{\"hook_event_name\": \"PreToolUse\", \"session_id\": \"x\", \"tool_name\": 3}",
                                   "{\"hook_event_name\": \"UserPromptSubmit\", \"session_id\": [], \"prompt\": \"hi\"}",
                                   "\udcff"])
def test_bad_stdin_prints_nothing_and_exits_zero(repo: Path, stdin: str):
    proc = run_hook("claude-code", stdin.encode("utf-8", "surrogateescape"), cwd=repo)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")


def test_unknown_harness_and_missing_argument_exit_zero_silently(repo: Path):
    for argv in (["hook", "vim"], ["hook"]):
        proc = subprocess.run([sys.executable, "-m", "altimate_learn", *argv], input="{}", cwd=repo,
                              capture_output=True, text=True)
        assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")


def test_garbage_is_logged_under_the_sessions_folder(repo: Path):
    run_hook("claude-code", "not json", cwd=repo)
    log = (learn_dir(repo) / ".sessions" / "hook.log").read_text()
    assert "stdin is not a JSON object" in log


def test_kill_switch_reads_and_writes_nothing(repo: Path):
    payload = recorded("claude", repo)[1]
    for env, config in (({"ALTIMATE_LEARN": "0"}, None), ({}, {"learn": {"enabled": False}})):
        if config:
            (repo / ".altimate-code" / "altimate-code.json").write_text(json.dumps(config))
        before = sorted(p.relative_to(repo) for p in repo.rglob("*") if ".git" not in p.parts)
        proc = run_hook("claude-code", payload, cwd=repo, env=env)
        after = sorted(p.relative_to(repo) for p in repo.rglob("*") if ".git" not in p.parts)
        assert (proc.returncode, proc.stdout) == (0, "") and after == before


def test_an_invalid_setting_is_passed_over_and_logged_and_lessons_still_arrive(repo: Path):
    """review9 R9-4f: one invalid value (here `core_lessons: -1`) used to stop delivery for every session; the hook
    now uses the default for that key, delivers, and says in hook.log which value it passed over."""
    (repo / ".altimate-code" / "altimate-code.json").write_text(json.dumps({"learn": {"core_lessons": -1}}))
    proc = run_hook("claude-code", recorded("claude", repo)[0], cwd=repo)
    assert proc.returncode == 0 and proc.stderr == ""
    assert context_of(proc.stdout)  # the session-start section arrived
    log = (learn_dir(repo) / ".sessions" / "hook.log").read_text()
    assert "setting passed over" in log and "core_lessons = -1 is invalid" in log and "Using 15." in log


def test_a_project_without_learn_gets_nothing_written(git_repo: Path):
    proc = run_hook("claude-code", recorded("claude", git_repo)[0], cwd=git_repo)
    assert (proc.returncode, proc.stdout) == (0, "")
    assert not (git_repo / ".altimate-code").exists()


def test_read_only_project_still_answers_nothing_and_exits_zero(repo: Path):
    import os

    if os.geteuid() == 0:
        pytest.skip("root ignores folder permissions")
    folder = learn_dir(repo)
    folder.chmod(0o555)
    try:
        proc = run_hook("claude-code", recorded("claude", repo)[0], cwd=repo)
        assert (proc.returncode, proc.stderr) == (0, "")
    finally:
        folder.chmod(0o755)


def test_compact_source_rebuilds_and_answers_as_session_start(repo: Path):
    events = recorded("claude", repo)
    run_hook("claude-code", events[0], cwd=repo)
    run_hook("claude-code", events[2], cwd=repo)
    compacted = context_of(run_hook("claude-code", {**events[0], "source": "compact"}, cwd=repo).stdout)
    assert "trailing newline" in compacted  # the file lesson shown mid-session is in the rebuilt section


def test_check_event_answers_with_the_version(repo: Path):
    proc = run_hook("gemini", {"hook_event_name": "altimate-learn-check", "session_id": "x", "cwd": str(repo)},
                    cwd=repo)
    from altimate_learn import __version__

    assert json.loads(proc.stdout)["altimate_learn"] == __version__


HEAVY = ("typer", "rank_bm25", "detect_secrets", "ghapi", "numpy", "rich", "click", "rapidfuzz", "orjson")


def test_hook_path_imports_only_the_standard_library(repo: Path):
    write_store(repo, sample_lessons() + [lesson("L-0100", "Keep `hello` files short.")])  # a file lesson
    (repo / ".altimate-code" / "altimate-code.json").write_text(json.dumps({"learn": {"retrieved_lessons": 1}}))
    events = recorded("claude", repo)
    events[1]["prompt"] = "convert the cents columns to dollars in the staging models"
    script = f"""
import io, json, sys
from altimate_learn.harness import hook
for payload in {json.dumps(events[:3])!r}:
    sys.stdin = io.TextIOWrapper(io.BytesIO(payload.encode()))
    hook.main(["claude-code"])
heavy = sorted(m for m in sys.modules if m.split(".")[0] in {HEAVY!r})
print(json.dumps(heavy))
"""
    script = script.replace(repr(json.dumps(events[:3])), repr([json.dumps(e) for e in events[:3]]))
    proc = subprocess.run([sys.executable, "-c", script], cwd=repo, capture_output=True, text=True)
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 4, proc.stdout + proc.stderr  # three answers (start, retrieved, file), then the modules
    assert json.loads(lines[-1]) == []


def test_a_project_without_learn_imports_no_delivery_code(git_repo: Path):
    payload = json.dumps(recorded("claude", git_repo)[1])
    script = f"""
import io, sys
from altimate_learn.harness import hook
sys.stdin = io.TextIOWrapper(io.BytesIO({payload!r}.encode()))
hook.main(["claude-code"])
print(sorted(m for m in sys.modules if m.startswith("altimate_learn.")))
"""
    proc = subprocess.run([sys.executable, "-c", script], cwd=git_repo, capture_output=True, text=True)
    assert proc.stdout.strip() == ("['altimate_learn.deliver', 'altimate_learn.deliver.fastjson', "
                                   "'altimate_learn.harness', 'altimate_learn.harness.hook']"), proc.stderr


def test_a_warm_hook_imports_no_regex_engine_and_no_json_package(repo: Path):
    """`import json` / `import re` cost about half a Python start-up on a slow machine: a file event and a
    prompt that names no file need neither (a prompt naming a path compiles its path regex)."""
    (repo / ".altimate-code" / "altimate-code.json").unlink()
    events = recorded("claude", repo)
    events[1]["prompt"] = "convert the cents columns to dollars in the staging models"
    code_root = str(Path(__file__).resolve().parents[2])
    # The warm-up must run the same code as the measured calls: the prepared index is keyed by the code's
    # files, so a copy of the project (its own mtimes) would otherwise rebuild it on the "warm" call.
    run_hook("claude-code", {**events[0], "session_id": "warm-up"}, cwd=repo,
             env={"PYTHONPATH": code_root})  # prepares the index
    script = f"""
import io, sys
from altimate_learn.harness import hook
for payload in {[json.dumps(e) for e in events[:3]]!r}:
    sys.stdin = io.TextIOWrapper(io.BytesIO(payload.encode()))
    hook.main(["claude-code"])
print(sorted(m for m in ("re", "json", "enum", "collections", "array", "contextlib") if m in sys.modules))
"""
    proc = subprocess.run([sys.executable, "-S", "-c", script], cwd=repo, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": code_root})
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 4 and lines[0] and lines[2], proc.stdout + proc.stderr  # start, prompt and file answered
    assert lines[-1] == "[]"


def test_a_hook_process_runs_without_the_cyclic_garbage_collector(repo: Path):
    """perf42: the collector's passes over the modules a hook imports and the index it loads were 4% of a
    prompt's hook (callgrind); a hook process (tens of milliseconds) runs without it, and still answers."""
    events = recorded("claude", repo)
    code_root = str(Path(__file__).resolve().parents[2])
    script = f"""
import gc, io, sys
from altimate_learn.entry import main
sys.stdin = io.TextIOWrapper(io.BytesIO({json.dumps(events[0])!r}.encode()))
main(["hook", "claude-code"])
print(gc.isenabled())
"""
    proc = subprocess.run([sys.executable, "-c", script], cwd=repo, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": code_root})
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 2 and context_of(lines[0]), proc.stdout + proc.stderr  # the session start was answered
    assert lines[1] == "False"


def test_a_hook_process_ends_once_it_answered_without_the_interpreters_shutdown(repo: Path):
    """perf42: freeing every module a hook imported and the index it loaded, one object at a time, was a tenth of its
    time; a hook process of its own (the `learn` command, `python -m altimate_learn`) ends as soon as its answer is
    written, whole (atexit handlers, the interpreter's shutdown, do not run). Called with arguments (in a process that
    goes on), it returns."""
    events = recorded("claude", repo)
    code_root = str(Path(__file__).resolve().parents[2])
    script = """
import atexit, sys
atexit.register(lambda: sys.stdout.write("\\nshut down\\n"))
sys.argv = ["learn", "hook", "claude-code"]
from altimate_learn.entry import main
main({argv})
print("returned")
"""
    for n, (argv, tail) in enumerate((("", None), ('["hook", "claude-code"]', "returned\n\nshut down"))):
        payload = json.dumps({**events[0], "session_id": f"ends-{n}"})  # a session each: no repeated event
        proc = subprocess.run([sys.executable, "-c", script.format(argv=argv)], cwd=repo, capture_output=True,
                              text=True, input=payload, env={**os.environ, "PYTHONPATH": code_root})
        lines = proc.stdout.strip().split("\n", 1)
        assert proc.returncode == 0 and lines[0].startswith("{"), proc.stdout + proc.stderr
        assert context_of(lines[0])  # the whole answer
        assert (lines[1] if len(lines) > 1 else None) == tail


def _commit_all(repo: Path, message: str) -> None:
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, capture_output=True)
    subprocess.run(["git", "commit", "-q", "-m", message], cwd=repo, check=True, capture_output=True)


BROKEN_CONFIG = '{"learn": {"capture": true,\n'  # a half-finished edit


def test_a_broken_project_config_does_not_stop_delivery_and_capture_is_off_meanwhile(repo: Path):
    """review13 R13-4: a malformed committed config (a half-finished edit, a conflict) made every hook fail, so no
    approved lesson reached any agent. Now the hooks read its git HEAD version, deliver, log why, and capture
    nothing until the file is fixed; commands keep naming the problem."""
    config = repo / ".altimate-code" / "altimate-code.json"
    config.write_text(json.dumps({"learn": {"capture": True, "auto_reflect": False}}))
    _commit_all(repo, "learn on")
    events = recorded("claude", repo)

    def session(session_id: str) -> list[subprocess.CompletedProcess[str]]:
        base = {"session_id": session_id, "cwd": str(repo), "transcript_path": str(repo / "t.jsonl")}
        turns = [{**events[0], **base}, {**base, "hook_event_name": "UserPromptSubmit", "prompt": "add httpx"},
                 {**base, "hook_event_name": "Stop", "last_assistant_message": "I ran pip install httpx."},
                 {**base, "hook_event_name": "UserPromptSubmit",
                  "prompt": "no, that's wrong: never use pip here, add dependencies with uv add"}]
        out = [run_hook("claude-code", turn, cwd=repo) for turn in turns]
        settle_capture(repo)
        return out

    config.write_text(BROKEN_CONFIG)
    start = session("broken-1")[0]
    assert (start.returncode, start.stderr) == (0, "")
    assert "ref()" in context_of(start.stdout)  # the approved lessons still arrive
    assert not (learn_dir(repo) / "team-playbook" / "signals.jsonl").exists()  # capture is off meanwhile
    log = (learn_dir(repo) / ".sessions" / "hook.log").read_text()
    assert "config file cannot be read" in log and "malformed JSON" in log and "git HEAD" in log
    assert "hook failed" not in log
    def learn(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "altimate_learn", *args], cwd=repo, capture_output=True,
                              text=True, stdin=subprocess.DEVNULL)

    stopped = learn("reflect", "--pending")  # a command that needs the settings stops, and says what the hooks do
    assert stopped.returncode == 1 and "malformed JSON" in stopped.stderr
    assert "Until then the hooks deliver lessons without it" in stopped.stderr
    status = learn("status")  # review13 R13-33: status shows what holds meanwhile, the problem first
    assert status.returncode == 0 and status.stdout.startswith(f"Config: {config}: malformed JSON")
    assert f"capture:      off  (learn.capture=false from unreadable config {config})" in status.stdout
    # fixed: capture is back (the same correction in a new session is a signal)
    config.write_text(json.dumps({"learn": {"capture": True, "auto_reflect": False}}))
    session("fixed-1")
    assert read_jsonl(learn_dir(repo) / "team-playbook" / "signals.jsonl")


def test_a_broken_config_keeps_a_committed_off_switch(repo: Path):
    """A project that committed `learn.enabled: false` stays off while the file in the work tree is broken."""
    config = repo / ".altimate-code" / "altimate-code.json"
    config.write_text(json.dumps({"learn": {"enabled": False}}))
    _commit_all(repo, "learn off here")
    config.write_text(BROKEN_CONFIG)
    proc = run_hook("claude-code", recorded("claude", repo)[0], cwd=repo)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")


def test_a_broken_config_never_committed_is_passed_over(repo: Path):
    config = repo / ".altimate-code" / "altimate-code.json"
    config.write_text("[1, 2]")  # JSON, but not an object
    proc = run_hook("claude-code", recorded("claude", repo)[0], cwd=repo)
    assert proc.returncode == 0 and "ref()" in context_of(proc.stdout)
    log = (learn_dir(repo) / ".sessions" / "hook.log").read_text()
    assert "expected a JSON object" in log and "pass it over" in log


def test_a_config_left_with_conflict_markers_says_finish_the_merge(repo: Path):
    """review13 R13-32: a config a merge left with markers read "malformed JSON (... line 2 column 1)"."""
    config = repo / ".altimate-code" / "altimate-code.json"
    config.write_text('{\n<<<<<<< HEAD\n  "learn": {"capture": true}\n=======\n  "learn": {"capture": false}\n'
                      '>>>>>>> theirs\n}\n')
    proc = subprocess.run([sys.executable, "-m", "altimate_learn", "reflect", "--pending"], cwd=repo,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert proc.returncode == 1
    assert proc.stderr.startswith(f"Error: {config} has git conflict markers (a merge that is not finished). Finish "
                                  "the merge of that file")
    assert "ref()" in context_of(run_hook("claude-code", recorded("claude", repo)[0], cwd=repo).stdout)


def test_a_session_start_with_learned_notes_imports_no_block_writer(repo: Path):
    """review22 R22-15: a learn:learned block in AGENTS.local.md (every user of `import-memories --type user`), which
    Claude Code does not load, is given at session start; finding which files the agent loads read the instruction
    files through the block writer (dataclasses, inspect, ast, subprocess: a third more time at every session
    start). Reading needs only the markers."""
    (repo / "AGENTS.local.md").write_text("# mine\n\n<!-- learn:learned -->\n- Use port 5433 for the test db.\n"
                                          "<!-- /learn:learned -->\n")
    (repo / "AGENTS.md").write_text("# team\n\n<!-- learn:learned -->\n- Run make check before pushing.\n"
                                    "<!-- /learn:learned -->\n")
    event = recorded("claude", repo)[0]
    run_hook("claude-code", {**event, "session_id": "warm-up"}, cwd=repo)  # prepares the index
    script = f"""
import io, json, sys
from altimate_learn.harness import hook
sys.stdin = io.TextIOWrapper(io.BytesIO({json.dumps(event)!r}.encode()))
hook.main(["claude-code"])
print(json.dumps(sorted(m for m in ("dataclasses", "inspect", "ast", "subprocess", "altimate_learn.instructions.block")
                        if m in sys.modules)))
"""
    proc = subprocess.run([sys.executable, "-c", script], cwd=repo, capture_output=True, text=True)
    answer, modules = proc.stdout.strip().splitlines()
    assert "Use port 5433 for the test db." in context_of(answer), proc.stderr
    assert json.loads(modules) == []
