"""The digest the reflector reads: sections, clipping, redaction, the cap, and per-message file windows."""

from __future__ import annotations

from altimate_learn.capture.model import AssistantTurn, ToolCall, UserMessage
from altimate_learn.reflect.digest import (DIGEST_CAP, build_digest, clip_feedback, source_from_events,
                                           source_from_trajectory)

AWS = "AKIA" + "ABCDEFGHIJKLMNOP"


def _events() -> list:
    return [
        UserMessage("Add a staging model for payments", 0, id="u0"),
        AssistantTurn("Reading the sources.", id="a0", model="claude-sonnet-4-5"),
        ToolCall("Read", {"file_path": "/repo/models/staging/_sources.yml"}, id="t0", result="sources: []"),
        ToolCall("Write", {"file_path": "/repo/models/staging/stg_payments.sql", "content": "select 1"}, id="t1",
                 result="ok"),
        AssistantTurn("Done.", id="a1"),
        UserMessage("no, use source() instead of hardcoding", 1, id="u1", after_assistant=True),
        ToolCall("Bash", {"command": f"AWS_ACCESS_KEY_ID={AWS} dbt run"}, id="t2", result="boom", is_error=True),
        ToolCall("Edit", {"file_path": "/repo/models/staging/stg_payments.sql", "old_string": "a", "new_string": "b"},
                 id="t3", result="ok"),
        AssistantTurn("Fixed it to use source().", id="a2"),
        UserMessage("", 2, id="u2", kind="rejection", reason="don't run dbt against prod", tool_name="Bash"),
    ]


def test_sections_in_order_with_relative_paths_and_errors() -> None:
    src = source_from_events(_events(), cwd="/repo")
    digest = build_digest(src)
    heads = [line for line in digest.splitlines() if line.startswith("## ")]
    assert heads == ["## User request", "## Tool calls (4)", "## Files written", "## Final assistant message"]
    assert "Add a staging model for payments" in digest
    assert "[the user rejected the Bash call: don't run dbt against prod]" in digest
    assert "3. Bash(" in digest and "-> ERROR: boom" in digest
    assert "- models/staging/stg_payments.sql" in digest
    assert digest.rstrip().endswith("Fixed it to use source().")
    assert src.model == "claude-sonnet-4-5"


def test_secrets_never_reach_the_digest() -> None:
    digest = build_digest(source_from_events(_events(), cwd="/repo"))
    assert AWS not in digest and "[REDACTED:aws-key]" in digest


def test_each_user_message_knows_the_files_touched_before_it() -> None:
    src = source_from_events(_events(), cwd="/repo")
    window = src.window_for("u1")
    assert window is not None
    assert window.written == ["models/staging/stg_payments.sql"]
    assert window.touched == ["models/staging/_sources.yml", "models/staging/stg_payments.sql"]
    assert src.window_for("u2").written == ["models/staging/stg_payments.sql"]
    assert src.window_for("nope") is None


def test_cap_keeps_start_and_end_of_a_long_run() -> None:
    events = [UserMessage("do the big refactor", 0, id="u0")]
    events += [ToolCall("Read", {"file_path": f"src/m{i}.py"}, id=f"t{i}", result="x" * 500) for i in range(400)]
    events.append(AssistantTurn("All done.", id="a"))
    digest = build_digest(source_from_events(events))
    assert len(digest) <= DIGEST_CAP
    assert "1. Read(" in digest and "400. Read(" in digest
    assert "tool calls omitted]" in digest
    assert digest.rstrip().endswith("All done.")


def test_inputs_and_outputs_are_clipped() -> None:
    events = [UserMessage("x", 0), ToolCall("Bash", {"command": "echo " + "a" * 5000}, result="b" * 5000)]
    line = next(line for line in build_digest(source_from_events(events)).splitlines() if line.startswith("1. "))
    assert len(line) < 800 and "chars]" in line


def test_many_long_prompts_keep_the_first_and_the_latest() -> None:
    events = [UserMessage(f"message {i} " + "w" * 1900, i, id=f"u{i}") for i in range(30)]
    digest = build_digest(source_from_events(events))
    assert "message 0 " in digest and "message 29 " in digest and "messages omitted]" in digest
    assert "message 5 " not in digest


def test_trajectory_export() -> None:
    src = source_from_trajectory({
        "user_prompts": ["fix the model"],
        "steps": [{"text": "working", "tool_calls": [{"name": "edit", "input": {"filePath": "models/a.sql"},
                                                       "output": "ok"}]},
                  {"text": "done", "tool_calls": [{"name": "bash", "input": {"command": "dbt build"},
                                                    "error": "failed"}]}],
    })
    digest = build_digest(src)
    assert "fix the model" in digest and "- models/a.sql" in digest and "ERROR: failed" in digest
    assert src.final_text == "done"


def test_feedback_is_redacted_and_capped() -> None:
    text = clip_feedback(f"token={AWS}\n" + "log line\n" * 3000)
    assert len(text) <= 12_000 and "characters omitted] …" in text and AWS not in text
    assert clip_feedback("  short  ") == "short"


def test_a_long_ci_log_keeps_its_start_and_the_failure_at_its_end() -> None:
    log = "$ pip install -r requirements.txt\n" + "Collecting package\n" * 5000 + \
        f"FAILED tests/test_orders.py::test_total - AssertionError\nexport KEY={AWS}\n"
    text = clip_feedback(log)
    assert len(text) <= 12_000
    assert text.startswith("$ pip install -r requirements.txt")
    assert "FAILED tests/test_orders.py::test_total - AssertionError" in text and AWS not in text
    assert clip_feedback("x" * 50_000).count("x") < 12_000


def test_a_huge_session_only_redacts_the_calls_the_digest_can_show(monkeypatch) -> None:
    import altimate_learn.reflect.digest as digest_module
    from altimate_learn.reflect.digest import DigestCall, DigestSource

    seen = []
    real = digest_module.redact
    monkeypatch.setattr(digest_module, "redact", lambda text: seen.append(1) or real(text))
    calls = [DigestCall("Bash", {"command": f"pytest tests/test_{i}.py"}, "output line\n" * 100) for i in range(5000)]
    digest = build_digest(DigestSource(prompts=["fix the tests"], calls=calls))
    assert "1. Bash(" in digest and "5000. Bash(" in digest and "tool calls omitted]" in digest
    assert len(seen) < 300  # not two redactions for each of 5,000 calls


def test_a_denied_write_is_not_a_file_written():
    # review42 R42-5: a Write the person's permissions refused was listed among the files the session changed
    events = [UserMessage("add app/new.py", 0, id="u0"),
              ToolCall(name="Write", input={"file_path": "/repo/app/new.py", "content": "x"}, id="w1",
                       result="Claude requested permissions to write to /repo/app/new.py, but you haven't granted it",
                       is_error=True),
              ToolCall(name="Edit", input={"file_path": "/repo/app/old.py"}, id="e1", result="ok")]
    src = source_from_events(events, cwd="/repo")
    assert src.files_written == ["app/old.py"]
    assert "app/new.py" in src.files_touched
