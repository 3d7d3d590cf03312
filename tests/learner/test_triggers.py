"""When the learner runs on its own: messages, spacing, the eager start, idle, off and paused."""

from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from altimate_learn.config import load_settings
from altimate_learn.learner import triggers
from altimate_learn.learner.run import RunRequest, run
from altimate_learn.store import project as project_paths
from tests.deliver.helpers import sample_lessons, write_store
from tests.learner.conftest import MODEL, runs

T0 = datetime(2026, 11, 25, 9, 0, tzinfo=timezone.utc)
SINCE = datetime(2000, 1, 1, tzinfo=timezone.utc)


@pytest.mark.parametrize("last, approved, runs_today, messages, spacing", [
    ({}, 0, 0, 3, timedelta(minutes=10)),  # a store with no approved lessons: the day's first 2 runs are eager
    ({}, 0, 1, 3, timedelta(minutes=10)),
    ({}, 0, 2, 10, timedelta(hours=2)),  # the third run of the day waits like any other
    ({}, 4, 0, 10, timedelta(hours=2)),
    ({"truncated": True}, 4, 0, 10, timedelta(minutes=10)),  # more history waiting: sooner
])
def test_the_rule_for_the_next_run(last: dict, approved: int, runs_today: int, messages: int, spacing: timedelta):
    rule = triggers.rule_for({"last_run": last}, approved=approved, runs_today=runs_today)
    assert (rule.messages, rule.spacing) == (messages, spacing)


def test_spacing_counts_from_the_last_run():
    rule = triggers.rule_for({}, approved=3, runs_today=0)
    state = {"last_run": {"at": "2026-11-25T09:00:00.000Z"}}
    assert triggers.spacing_wait(state, rule, T0 + timedelta(hours=1)) == T0 + timedelta(hours=2)
    assert triggers.spacing_wait(state, rule, T0 + timedelta(hours=2, seconds=1)) is None
    assert triggers.spacing_wait({}, rule, T0) is None


def test_waiting_for_idle_follows_the_hooks_session_state(tmp_path: Path):
    folder = tmp_path / ".sessions"
    folder.mkdir()
    (folder / "cap-1.json").write_text("{}")
    os.utime(folder / "cap-1.json", (990.0, 990.0))
    (folder / "reflect.log").write_text("our own output does not count as activity")
    os.utime(folder / "reflect.log", (1000.0, 1000.0))
    now = [1000.0]
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    assert triggers.wait_for_idle(folder, 60, clock=lambda: now[0], sleep=sleep) is True
    assert slept == [50.0]
    now[0] = 1000.0
    slept.clear()

    def busy_sleep(seconds: float) -> None:  # the agent keeps working
        now[0] += seconds
        os.utime(folder / "cap-1.json", (now[0] - 1, now[0] - 1))

    assert triggers.wait_for_idle(folder, 60, clock=lambda: now[0], sleep=busy_sleep, give_up=600) is False


@pytest.fixture
def auto(project: Path, server, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project with learning on and a (fake) model that reads every exchange of a run, so the runs below
    read everything (the built-in reflector's cap would keep some for the next run)."""
    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    return project


def auto_run(repo: Path, at: datetime):
    return run(project_paths(repo), load_settings(repo, repo), RunRequest(auto=True, since=SINCE, model=MODEL),
               clock=lambda: at)


def test_an_automatic_run_keeps_to_the_spacing_and_the_message_count(auto: Path, isolated_home: Path):
    first = auto_run(auto, T0)
    assert first.status == "no-change", first.message
    soon = auto_run(auto, T0 + timedelta(minutes=5))
    assert soon.status == "not-due"
    assert soon.message == ("Not due: the next run can start after 2026-11-25T09:10:00.000Z (no approved lessons "
                            "yet: run 2 of the first 2 of the day); `learn run --now` runs it anyway.")
    later = auto_run(auto, T0 + timedelta(minutes=11))
    assert later.status == "not-due" and later.message.startswith("Not due: 0 typed messages since the last run, 3 "
                                                                  "needed")
    assert later.message.endswith("; `learn run --now` runs it anyway.")
    assert len(runs(auto)) == 1  # a run that was not due is not a run


def test_with_approved_lessons_ten_messages_and_two_hours(auto: Path):
    write_store(auto, sample_lessons())
    assert auto_run(auto, T0).status in ("applied", "no-change")
    report = auto_run(auto, T0 + timedelta(hours=1))
    assert report.status == "not-due" and "(the usual spacing)" in report.message
    assert auto_run(auto, T0 + timedelta(hours=2, minutes=1)).message.startswith(
        "Not due: 0 typed messages since the last run, 10 needed")


def test_automatic_runs_need_learning_on(project: Path, monkeypatch: pytest.MonkeyPatch):
    report = auto_run(project, T0)
    assert report.status == "off" and "capture or automatic reflection is off" in report.message
    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_CONTINUAL_LEARNING", "0")
    report = auto_run(project, T0)
    assert report.status == "off" and "learn.continual_learning is" not in report.message
    assert "continual learning is off (learn.continual_learning from env ALTIMATE_LEARN_CONTINUAL_LEARNING)" in \
        report.message
    assert runs(project) == []


def test_automatic_runs_without_a_model_also_stop_at_eight_a_day(project: Path, monkeypatch: pytest.MonkeyPatch):
    """Spec 002: a project runs at most 8 times a day. The built-in reflector costs nothing, but its runs count."""
    from altimate_learn.learner.state import LearnerFiles, iso

    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    paths, settings = project_paths(project), load_settings(project, project)
    files = LearnerFiles(paths)
    files.append_run({"id": "yesterday", "at": iso(T0 - timedelta(days=1)), "status": "applied", "trigger": "auto"})
    for n in range(7):
        files.append_run({"id": f"r{n}", "at": iso(T0 + timedelta(minutes=n)), "status": "no-change",
                          "trigger": "auto"})
    files.append_run({"id": "by-hand", "at": iso(T0), "status": "applied", "trigger": "manual"})
    eighth = run(paths, settings, RunRequest(auto=True, since=SINCE, force=True), clock=lambda: T0 + timedelta(hours=3))
    assert eighth.status == "applied", eighth.message  # 7 automatic runs today: one more may start
    ninth = run(paths, settings, RunRequest(auto=True, since=SINCE, force=True), clock=lambda: T0 + timedelta(hours=6))
    assert ninth.status == "capped" and "8 automatic runs of the learner today" in ninth.message
    by_hand = run(paths, settings, RunRequest(since=SINCE, force=True), clock=lambda: T0 + timedelta(hours=7))
    assert by_hand.status != "capped", by_hand.message  # `learn run --now` still runs


def test_before_any_run_the_message_count_is_not_said_to_be_since_a_last_run(git_repo: Path, isolated_home: Path,
                                                                              monkeypatch: pytest.MonkeyPatch):
    """fix17, a new user's first session: the hooks' automatic start logged "Not due: 2 typed messages since the last
    run, 10 needed" (`learn status`: "last automatic start: …") while `learn status` said "last run: none"."""
    from tests.history.transcripts import claude_session

    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    claude_session(isolated_home, git_repo, "0b6f3e9a-1c2d-4e5f-8a9b-0c1d2e3f4a5b", T0 - timedelta(minutes=30),
                   [("user", "add a subtract function"), ("assistant", "Done."),
                    ("user", "No, never run pytest directly here; use uv run pytest."), ("assistant", "Understood.")])
    report = auto_run(git_repo, T0)
    assert report.status == "not-due", report.message
    assert report.message.startswith("Not due: 2 typed messages so far (no run yet), 3 needed"), report.message
    assert runs(git_repo) == []


def test_a_first_run_that_finds_no_session_says_so_and_where_it_looked(git_repo: Path, isolated_home: Path):
    """A new user's `learn run --now` in a project with no agent session read "Nothing new to learn from since the
    last run." although there was no last run and nothing had been found. A run that found nothing records no run,
    so the next one, still without a session, says the same."""
    paths, settings = project_paths(git_repo), load_settings(git_repo, git_repo)
    first = run(paths, settings, RunRequest(force=True, since=datetime(2026, 11, 1, tzinfo=timezone.utc),
                                            model="builtin"), clock=lambda: T0)
    assert first.status == "nothing-new"
    assert first.message.startswith("Nothing to learn from yet: no agent session of this project since 2026-11-01 "
                                    "(learn reads this repository's Claude Code, Codex"), first.message
    assert "`--since 30d`" in first.message and "last run" not in first.message
    second = run(paths, settings, RunRequest(force=True, model="builtin"), clock=lambda: T0 + timedelta(hours=1))
    assert second.message.startswith("Nothing to learn from yet: no agent session of this project since "), \
        second.message


def test_a_first_run_over_sessions_already_learned_from_does_not_speak_of_a_last_run(git_repo: Path,
                                                                                     isolated_home: Path):
    from altimate_learn.learner.run import _nothing_new

    assert _nothing_new([object()], True, T0).startswith("Nothing new to learn from so far (no run yet)")
