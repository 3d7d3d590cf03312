"""tool_retry: three failures of the same tool in a row, one signal per episode."""

from __future__ import annotations

import json

from altimate_learn.capture.model import ToolCall
from altimate_learn.capture.tool_retry import RetryCounter


def fail(call_id: str, name: str = "Bash", error: str = "Exit code 1\nboom") -> ToolCall:
    return ToolCall(name=name, input={"command": "make"}, id=call_id, result=error, is_error=True, exit_code=1,
                    message_id="m-" + call_id)


def ok(call_id: str, name: str = "Bash") -> ToolCall:
    return ToolCall(name=name, input={}, id=call_id, result="fine", is_error=False)


def feed_all(counter: RetryCounter, calls: list[ToolCall]) -> list:
    return [s for s in (counter.feed(c, "ses-1") for c in calls) if s is not None]


def test_third_failure_in_a_row_gives_one_signal_per_episode():
    counter = RetryCounter()
    signals = feed_all(counter, [fail("c1"), fail("c2"), fail("c3", error="Exit code 2\nlast one"), fail("c4")])
    assert len(signals) == 1
    sig = signals[0]
    assert sig.kind == "tool_retry" and sig.session_id == "ses-1"
    assert sig.part_id == "c3" and sig.message_id == "m-c3"
    assert sig.text == "Tool `Bash` failed 3 times in a row. Last error: Exit code 2\nlast one\nLast command: make"
    assert sig.reason == "tool Bash failed 3 times in a row"


def test_a_success_of_that_tool_resets_and_starts_a_new_episode():
    counter = RetryCounter()
    signals = feed_all(counter, [fail("a"), fail("b"), ok("c"), fail("d"), fail("e")])
    assert signals == []
    signals = feed_all(counter, [fail("f"), ok("g"), fail("h"), fail("i"), fail("j")])
    assert [s.part_id for s in signals] == ["f", "j"]


def test_in_a_row_means_consecutive_calls():
    counter = RetryCounter()
    # the agent working: tests fail, an edit succeeds, tests fail again (three times) -> not stuck
    calls = [fail("1"), ok("2", "Edit"), fail("3"), ok("4", "Edit"), fail("5")]
    assert feed_all(counter, calls) == []
    # a failure of another tool starts a new episode too
    counter = RetryCounter()
    assert feed_all(counter, [fail("6"), fail("7"), fail("8", "Edit"), fail("9")]) == []
    assert [s.part_id for s in feed_all(counter, [fail("10"), fail("11")])] == ["11"]


def test_the_same_call_reported_twice_counts_once():
    counter = RetryCounter()
    assert feed_all(counter, [fail("x"), fail("x"), fail("x"), fail("y")]) == []


def test_state_round_trips_between_processes():
    counter = RetryCounter()
    feed_all(counter, [fail("p1"), fail("p2")])
    state = json.loads(json.dumps(counter.to_dict()))
    assert set(state) == {"version", "failures", "reported", "seen"}  # nothing awaited before a signal
    again = RetryCounter.from_dict(state)
    assert again.feed(fail("p2"), "ses-1") is None  # already seen
    signal = again.feed(fail("p3"), "ses-1")
    assert signal is not None and signal.part_id == "p3"
    resumed = RetryCounter.from_dict(json.loads(json.dumps(again.to_dict())))
    assert resumed.feed(fail("p4"), "ses-1") is None  # same episode: no second signal


def test_unreadable_state_starts_fresh():
    for junk in (None, [], "x", {"version": 99}, {"version": 1, "failures": {"Bash": "three"}, "seen": 5}):
        counter = RetryCounter.from_dict(junk)
        assert counter.failures == {} and counter.feed(fail("z"), "s") is None


def test_last_error_is_redacted_and_clipped_and_state_holds_no_text():
    key = "AKIA" + "Q7N3X2WZ5PLM8RTV"
    counter = RetryCounter()
    long_error = f"Exit code 1\nAuthFailure for {key}\n" + "x" * 2000
    signals = feed_all(counter, [fail("1", error=long_error), fail("2", error=long_error),
                                 fail("3", error=long_error)])
    text = signals[0].text
    error = text.split("Last error: ", 1)[1].rsplit("\nLast command: ", 1)[0]
    assert len(error) == 500 and error.endswith("x" * 200)  # its start and its end
    assert key not in text and "[REDACTED:aws-key]" in text
    assert key not in json.dumps(counter.to_dict()) and "AuthFailure" not in json.dumps(counter.to_dict())


def test_empty_error_text_says_the_exit_code():
    counter = RetryCounter()
    calls = [ToolCall(name="shell", input=None, id=str(i), result="", is_error=True, exit_code=127) for i in range(3)]
    assert feed_all(counter, calls)[0].text.endswith("Last error: exit code 127")


# --- what worked after the failures ------------------------------------------------------------------------

def bash(call_id: str, command: str, *, error: str | None = None, name: str = "Bash") -> ToolCall:
    return ToolCall(name=name, input={"command": command, "description": "run the tests"}, id=call_id,
                    result=error if error is not None else "3 passed", is_error=error is not None,
                    exit_code=2 if error is not None else None)


MODULE_ERROR = "Exit code 2\nE   ModuleNotFoundError: No module named 'app'"


def worked_after(calls: list[ToolCall]) -> tuple[list, list]:
    """(signals, the Worked records) of feeding ``calls`` (the capture path's order of use)."""
    counter = RetryCounter()
    signals, worked = [], []
    for call in calls:
        signal = counter.feed(call, "ses-1")
        if signal is not None:
            signals.append(signal)
        if counter.worked is not None:
            worked.append(counter.worked)
    return signals, worked


def test_the_command_that_worked_after_the_failures_is_kept_with_the_failed_one():
    signals, worked = worked_after([bash("1", "pytest -q", error=MODULE_ERROR),
                                    bash("2", "pytest -q tests", error=MODULE_ERROR),
                                    bash("3", "pytest -q -x", error=MODULE_ERROR),
                                    ToolCall(name="Read", input={"file_path": "/p/tests/test_app.py"}, id="4",
                                             result="import app"),
                                    bash("5", "python -m pytest -q")])
    assert signals[0].text.endswith("\nLast command: pytest -q -x")
    assert len(worked) == 1 and worked[0].part_id == "3" and worked[0].tool == "Bash"
    assert worked[0].line() == "Then worked: python -m pytest -q"


def test_nothing_is_kept_when_what_ran_next_is_another_command_or_a_file_was_written():
    failing = [bash(str(n), "pytestx -q", error="Exit code 127\n/bin/bash: line 1: pytestx: command not found")
               for n in range(3)]
    # another command (R13-19's session): not the failed one done another way
    assert worked_after([*failing, bash("9", "python3 -c 'print(1)'")])[1] == []
    # the tests fail, the agent edits the code, the tests pass: the edit fixed it, not the command
    pytest_fails = [bash(str(n), "pytest -q", error=MODULE_ERROR) for n in range(3)]
    edit = ToolCall(name="Edit", input={"file_path": "/p/app.py"}, id="e", result="ok")
    assert worked_after([*pytest_fails, edit, bash("9", "python -m pytest -q")])[1] == []
    # the same command simply working the next time is not another way
    assert worked_after([*pytest_fails, bash("9", "pytest -q")])[1] == []
    # a tool that is not a shell has no command to keep
    reads = [ToolCall(name="Read", input={"file_path": "a"}, id=str(n), result="no such file", is_error=True)
             for n in range(3)]
    assert worked_after([*reads, ToolCall(name="Read", input={"file_path": "/p/a"}, id="9", result="x")])[1] == []


def test_what_worked_is_redacted_and_the_hook_state_keeps_no_command_text():
    key = "AKIA" + "Q7N3X2WZ5PLM8RTV"
    counter = RetryCounter()
    for n in range(3):
        counter.feed(bash(str(n), f"aws s3 ls --profile x {key}", error="Exit code 1\nboom"), "s")
    state = json.dumps(counter.to_dict())
    assert "aws" not in state and key not in state and "await" in state
    resumed = RetryCounter.from_dict(json.loads(state))  # the next hook process
    resumed.feed(bash("9", f"AWS_PROFILE=x aws s3 ls {key}"), "s")
    assert resumed.worked is not None and key not in resumed.worked.line()
    assert "[REDACTED:aws-key]" in resumed.worked.line()


def test_what_worked_is_kept_when_the_program_ran_by_its_path_or_the_failure_ended_in_a_folder():
    # R42-4 (a real Codex session): the third failure named a folder, the fix ran the same test program another way
    # without it; and programs run by their path (a venv's script, node_modules/.bin) have an anchor too
    for failures, fix in ((["pytest -q", "pytest -q -x", "pytest -q tests"], "python -m pytest -q"),
                          (["pytest -q tests"] * 3, "uv run pytest -q"),
                          ([".venv/bin/pytest -q"] * 3, ".venv/bin/python -m pytest -q"),
                          (["./node_modules/.bin/jest"] * 3, "npx jest")):
        counter = RetryCounter()
        for n, command in enumerate(failures):
            counter.feed(bash(str(n), command, error=MODULE_ERROR), "s")
        state = json.dumps(counter.to_dict())
        assert "pytest" not in state and "jest" not in state and "tests" not in state  # hashes only
        resumed = RetryCounter.from_dict(json.loads(state))  # the next hook process
        resumed.feed(bash("9", fix), "s")
        assert resumed.worked is not None and resumed.worked.line() == f"Then worked: {fix}", (failures, fix)


def test_another_argument_or_the_same_run_with_fewer_arguments_is_not_another_way():
    for failures, fix in ((["git status"] * 3, "git log"), (["git status"] * 3, "git"),
                          (["pytest -q tests"] * 3, "pytest -q tests/unit"), (["pytest -q tests"] * 3, "pytest -q"),
                          (["cat a.txt"] * 3, "cat b.txt"),
                          # review42 R42-8 (real Codex and Claude Code sessions): a look around is not what worked
                          ([".venv/bin/pytest -q tests"] * 3, "ls tests"), (["pytest -k orders"] * 3,
                                                                             "grep -r orders tests"),
                          (["cat config/missing.yaml"] * 3, "cat a.txt"), (["find tests -name x"] * 3, "find . -name x"),
                          (["python scripts/migrate.py"] * 3, "python scripts/seed.py")):
        counter = RetryCounter()
        for n, command in enumerate(failures):
            counter.feed(bash(str(n), command, error="Exit code 1\nboom"), "s")
        resumed = RetryCounter.from_dict(json.loads(json.dumps(counter.to_dict())))
        resumed.feed(bash("9", fix), "s")
        assert resumed.worked is None, (failures, fix)


def test_the_same_run_on_another_file_is_a_new_command_not_what_worked():
    # review42 R42-8's residue: `pytest tests/test_a.py` failing three times, then `pytest tests/test_b.py` passing, was
    # taken for the fix (the signal gained "Then worked: …"): the same run on another file is a new command
    for failures, fix in ((["pytest tests/test_a.py"] * 3, "pytest tests/test_b.py"),
                          (["pytest -q tests/test_a.py"] * 3, "pytest -q tests/test_a.py tests/test_b.py"),
                          (["pytest test_a.py"] * 3, "pytest test_b.py"),
                          (["npx jest src/a.test.ts"] * 3, "npx jest src/b.test.ts"),
                          (["ruff check src/a.py"] * 3, "ruff check src/"),
                          (["go test ./pkg/a"] * 3, "go test ./pkg/b")):
        counter = RetryCounter()
        for n, command in enumerate(failures):
            counter.feed(bash(str(n), command, error="Exit code 1\nboom"), "s")
        resumed = RetryCounter.from_dict(json.loads(json.dumps(counter.to_dict())))  # the next hook process
        resumed.feed(bash("9", fix), "s")
        assert resumed.worked is None, (failures, fix)


def test_the_same_file_run_another_way_or_with_other_options_is_still_what_worked():
    for failures, fix in ((["pytest tests/test_a.py"] * 3, "python -m pytest tests/test_a.py"),
                          (["pytest tests/test_a.py"] * 3, "pytest -p no:cacheprovider tests/test_a.py"),
                          (["npm install"] * 3, "npm install --legacy-peer-deps"),
                          (["pytest -q tests/test_a.py"] * 3, "uv run pytest -q tests/test_a.py")):
        counter = RetryCounter()
        for n, command in enumerate(failures):
            counter.feed(bash(str(n), command, error="Exit code 1\nboom"), "s")
        resumed = RetryCounter.from_dict(json.loads(json.dumps(counter.to_dict())))
        resumed.feed(bash("9", fix), "s")
        assert resumed.worked is not None and resumed.worked.line() == f"Then worked: {fix}", (failures, fix)


PAIRS = [("pytest -q -x", "python -m pytest -q"), ("pytestx -q", "python3 -m pytest -q"), ("git status", "git log"),
         ("pytest tests/a.py", "pytest tests/b.py"), ("pytest -q tests", "python -m pytest -q"), ("git status", "git"),
         ("pytest -q tests", "pytest -q tests/unit"), ("pytest -q tests", "ls tests"), ("cat a.txt", "cat b.txt"),
         ("python scripts/migrate.py", "python scripts/seed.py"), ("grep -P foo x", "grep -E foo x"),
         ("npm test", "pnpm test"), ("cd /srv/app && pytest tests/", "cd /srv/app && uv run pytest tests/"),
         (".venv/bin/pytest -q", ".venv/bin/python -m pytest -q"), ("./node_modules/.bin/jest", "npx jest"),
         ("pytest tests/test_a.py", "pytest -p no:cacheprovider tests/test_a.py"), ("make build", "make -j1 build")]


def test_the_hook_and_the_transcript_read_what_worked_the_same_way():
    # one implementation: `related` (learn capture of a transcript, the tool-errors channel, the digest) is the hook's
    # hashed test on the failed command's hashes
    from altimate_learn.capture.commands import anchor_hashes, program_hashes, related, related_to_hashes

    for failed, worked in PAIRS:
        assert related(failed, worked) == related_to_hashes(anchor_hashes(failed), worked, program_hashes(failed)), (
            failed, worked)
        counter = RetryCounter()
        for n in range(3):
            counter.feed(bash(str(n), failed, error="Exit code 1\nboom"), "s")
        resumed = RetryCounter.from_dict(json.loads(json.dumps(counter.to_dict())))
        resumed.feed(bash("9", worked), "s")
        assert (resumed.worked is not None) == related(failed, worked), (failed, worked)
