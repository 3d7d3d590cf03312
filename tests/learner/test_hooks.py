"""The hooks start the learner when a session goes idle, return at once, and fold automatic reflection into it;
the learner's automatic runs share the daily cap with automatic reflection."""

from __future__ import annotations

import json
import os
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

from altimate_learn.config import load_settings
from altimate_learn.harness import live_capture
from altimate_learn.learner.run import RunRequest, run
from altimate_learn.store import project as project_paths
from tests.deliver.helpers import learn_dir, run_hook, settle_capture
from tests.harness.test_live_capture import CORRECTION, SESSION, event, fire
from tests.learner.conftest import MODEL, runs

SINCE = datetime(2000, 1, 1, tzinfo=timezone.utc)


@pytest.fixture
def enabled(project: Path, cli, monkeypatch: pytest.MonkeyPatch) -> dict[str, list]:
    """`learn enable` ran; both spawns recorded instead of started."""
    assert cli("enable")[0] == 0
    started: dict[str, list] = {"learner": [], "reflect": [], "recovery": []}
    monkeypatch.setattr(live_capture, "_spawn",
                        lambda root, args, folder: (started["learner"].append(args), (4242, "log"))[1])
    monkeypatch.setattr(live_capture, "spawn_reflect", lambda *a: started["reflect"].append(a))
    monkeypatch.setattr(live_capture, "spawn_recovery", lambda *a: started["recovery"].append(a))
    return started


def test_a_stop_starts_the_learner_once_per_ten_minutes_and_never_the_old_reflection(project: Path, enabled, capsys):
    from altimate_learn.capture.signals import NewSignal, append_signals
    from altimate_learn.store import Store

    append_signals(Store.open(start=project), [NewSignal("review", "old-session", "Leftover comment.", "test")])
    fire(project, event(project, "UserPromptSubmit", prompt="task", prompt_id="p1"), capsys=capsys)
    fire(project, event(project, "Stop"), capsys=capsys)
    fire(project, event(project, "UserPromptSubmit", prompt=CORRECTION, prompt_id="p2"), capsys=capsys)
    fire(project, event(project, "Stop"), capsys=capsys)
    fire(project, {**event(project, "Stop"), "session_id": "another"}, capsys=capsys)
    assert enabled == {"learner": [["run", "--auto", "--idle", "60"]], "reflect": [], "recovery": []}
    stamp = learn_dir(project) / ".learner" / "started"
    old = time.time() - 601
    os.utime(stamp, (old, old))
    fire(project, event(project, "SessionEnd", reason="other"), capsys=capsys)
    assert len(enabled["learner"]) == 2
    assert "started the continual learner" in (learn_dir(project) / ".sessions" / "hook.log").read_text()


def test_a_paused_project_starts_no_learner(project: Path, enabled, cli, capsys):
    assert cli("pause")[0] == 0
    fire(project, event(project, "Stop"), capsys=capsys)
    assert enabled["learner"] == []
    assert cli("resume")[0] == 0
    fire(project, event(project, "UserPromptSubmit", prompt="next task", prompt_id="p2"), capsys=capsys)
    fire(project, event(project, "Stop"), capsys=capsys)  # the next turn's end (the same Stop at once is a duplicate)
    assert len(enabled["learner"]) == 1


def test_with_the_learner_off_the_old_automatic_reflection_runs(project: Path, enabled, capsys,
                                                              monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("ALTIMATE_LEARN_CONTINUAL_LEARNING", "0")
    fire(project, event(project, "UserPromptSubmit", prompt="task", prompt_id="p1"), capsys=capsys)
    fire(project, event(project, "Stop"), capsys=capsys)
    fire(project, event(project, "UserPromptSubmit", prompt=CORRECTION, prompt_id="p2"), capsys=capsys)
    settle_capture(project)  # the correction's signal is recorded before the turn ends
    fire(project, event(project, "Stop"), capsys=capsys)
    assert enabled["learner"] == [] and enabled["reflect"]


def test_the_real_hook_returns_at_once_and_leaves_a_detached_learner(project: Path, cli):
    import re
    import signal

    assert cli("enable")[0] == 0
    proc = run_hook("claude-code", {"session_id": SESSION, "cwd": str(project), "hook_event_name": "Stop"},
                    cwd=project, env={"ALTIMATE_LEARN_CONTINUAL_LEARNING": "1"})  # run_hook's 60 s: a hang guard
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")
    log = (learn_dir(project) / ".sessions" / "hook.log").read_text()
    assert "started the continual learner (pid" in log
    assert (learn_dir(project) / ".learner" / "started").exists()
    pid = int(re.search(r"started the continual learner \(pid (\d+)", log).group(1))
    # the hook has returned (and closed its output) while the learner it started still waits for the project's idle
    # minute: the hook never waits for the learner, whatever the machine's load
    os.kill(pid, 0)
    try:  # the learner this test started would otherwise wait a minute for the project to go idle
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        pass


def test_automatic_runs_stop_at_the_daily_cap_shared_with_automatic_reflection(project: Path, server,
                                                                              monkeypatch: pytest.MonkeyPatch):
    from altimate_learn.reflect.budget import automatic_runs_today, take_automatic_run

    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_MODEL", MODEL)
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO_REFLECT_DAILY_MAX", "3")
    learn = project / ".altimate-code" / "learn"
    learn.mkdir(parents=True, exist_ok=True)
    for _ in range(2):  # automatic reflection already took two of today's runs
        assert take_automatic_run(learn, 3, kind="session")
    paths = project_paths(project)
    first = run(paths, load_settings(project, project), RunRequest(auto=True, since=SINCE))
    assert first.status == "no-change" and len(server.requests) == 1
    assert automatic_runs_today(learn) == 3
    (learn / ".learner" / "state.json").unlink()  # as if everything were new again, and due
    second = run(paths, load_settings(project, project), RunRequest(auto=True, since=SINCE))
    assert second.status == "capped" and "daily limit of automatic model runs is reached" in second.message
    assert len(server.requests) == 1 and len(runs(project)) == 1
    manual = run(paths, load_settings(project, project), RunRequest(force=True, since=SINCE))
    assert manual.status == "no-change" and len(server.requests) == 2  # a person's run is never refused
    assert automatic_runs_today(learn) == 3


def test_a_failed_automatic_run_backs_off_before_the_next(project: Path, server, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_MODEL", MODEL)
    server.fail(503, "overloaded")
    paths = project_paths(project)
    first = run(paths, load_settings(project, project), RunRequest(auto=True, since=SINCE))
    assert first.status == "failed" and "HTTP 503" in (first.record or {}).get("error", "")
    second = run(paths, load_settings(project, project), RunRequest(auto=True, since=SINCE))
    assert second.status == "not-due" and second.message.startswith("Not run: backing off after a failed run until")
    assert len(server.requests) == 1
    from altimate_learn.reflect.schedule import read_schedule
    from altimate_learn.store import Store

    schedule = read_schedule(Store(paths, "team-playbook"))  # learn's provider backoff (learn-schedule.json)
    assert schedule["failures"] == 1


def test_status_names_the_model_the_hooks_learner_really_used(project: Path, server, cli,
                                                             monkeypatch: pytest.MonkeyPatch):
    """The hooks' learner sees the agent's environment (its API key); the person's shell may have none. `learn
    status` there must not say "builtin … no model call, no cost" and leave it at that after a billed run
    (review8 R8-2): it names the model of the last automatic run."""
    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_MODEL", MODEL)  # what the agent's environment resolved to
    report = run(project_paths(project), load_settings(project, project), RunRequest(auto=True, since=SINCE))
    assert report.status == "no-change" and len(server.requests) == 1
    for name in ("ALTIMATE_LEARN_MODEL", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY"):
        monkeypatch.delenv(name, raising=False)  # the person's shell
    monkeypatch.setenv("PATH", str(project))  # and no agent CLI on it
    code, out, _ = cli("status")
    assert code == 0
    text = " ".join(out.split())
    assert "Reflection model: builtin" in text
    assert f"The last automatic run (started by an agent's hook) used {MODEL}" in text
    assert f"with {MODEL}; read" in text  # the learner's last-run line says which model it was


def test_status_says_why_the_hooks_learner_did_not_run(project: Path, cli, monkeypatch: pytest.MonkeyPatch):
    """`last run: none` alone leaves a person asking why nothing was learned; the hooks' last start says why
    (review8 R8-3)."""
    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    assert cli("pause")[0] == 0
    code, _, _ = cli("run", "--auto", "--idle", "0")
    assert code == 0
    code, out, _ = cli("status")
    assert code == 0
    text = " ".join(out.split())
    assert "last run: none" in text
    assert "last automatic start:" in text and "learning is paused for this project" in text


def test_status_after_a_not_due_start_says_when_new_messages_are_counted(project: Path, cli,
                                                                         monkeypatch: pytest.MonkeyPatch):
    """review39 R39-12: after "Not due: 2 typed messages so far …, 3 needed" a third correction was captured, but
    the hooks start the learner at most once per 10 minutes, and status kept the old count with no word of when the
    new message would count."""
    from datetime import datetime, timedelta

    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    code, _, _ = cli("run", "--auto", "--idle", "0")
    assert code == 0
    code, out, _ = cli("status")
    assert code == 0
    start = next(line for line in out.splitlines() if "last automatic start:" in line)
    assert "Not due:" in start, out
    at = datetime.fromisoformat(start.split("last automatic start: ", 1)[1].split(": Not due", 1)[0].replace("Z", "+00:00"))
    after = (at + timedelta(minutes=10)).isoformat(timespec="seconds").replace("+00:00", "Z")
    assert (f"(what was typed since is counted at the next automatic start: the agent's next event after {after}, "
            "or now with `learn run --now`)") in out
