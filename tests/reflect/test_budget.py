"""The cost guard: at most `learn.auto_reflect_daily_max` automatic model runs per project and local day.

Real files, real processes racing for the last run, the real `learn reflect --auto` against the fake model
server, and `learn status` / `--json`.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from altimate_learn.capture.signals import NewSignal, append_signals, list_signals
from altimate_learn.reflect.budget import (BUDGET_FILE, automatic_runs_today, budget_status, local_day,
                                           take_automatic_run)
from altimate_learn.store import Store, project
from tests.fakes.model_server import FakeModelServer, model_server  # noqa: F401

DAY1 = datetime(2026, 3, 1, 9, 0)
DAY1_LATE = datetime(2026, 3, 1, 23, 59)
DAY2 = datetime(2026, 3, 2, 0, 1)


def test_the_ninth_automatic_run_of_a_day_is_refused(tmp_path: Path) -> None:
    granted = [take_automatic_run(tmp_path, 8, kind="session", now=DAY1) for _ in range(9)]
    assert granted == [True] * 8 + [False]
    assert automatic_runs_today(tmp_path, now=DAY1_LATE) == 8
    saved = json.loads((tmp_path / BUDGET_FILE).read_text())
    assert saved["day"] == "2026-03-01" and saved["count"] == 8
    assert {r["kind"] for r in saved["runs"]} == {"session"}


def test_a_new_local_day_starts_a_new_allowance(tmp_path: Path) -> None:
    for _ in range(3):
        assert take_automatic_run(tmp_path, 3, kind="recovery", now=DAY1)
    assert not take_automatic_run(tmp_path, 3, kind="recovery", now=DAY1_LATE)
    assert automatic_runs_today(tmp_path, now=DAY2) == 0
    assert take_automatic_run(tmp_path, 3, kind="learner", now=DAY2)
    assert automatic_runs_today(tmp_path, now=DAY2) == 1
    assert budget_status(tmp_path, 3, now=DAY2) == {"day": "2026-03-02", "used": 1, "limit": 3, "left": 2}


def test_a_limit_of_zero_allows_no_run_and_writes_nothing(tmp_path: Path) -> None:
    assert not take_automatic_run(tmp_path, 0, kind="session")
    assert not (tmp_path / BUDGET_FILE).exists()


def test_a_raised_limit_allows_more_the_same_day(tmp_path: Path) -> None:
    assert take_automatic_run(tmp_path, 1, kind="session", now=DAY1)
    assert not take_automatic_run(tmp_path, 1, kind="session", now=DAY1)
    assert take_automatic_run(tmp_path, 2, kind="session", now=DAY1)


def test_processes_racing_for_the_last_runs_never_overshoot(tmp_path: Path) -> None:
    code = ("import sys, datetime; from altimate_learn.reflect.budget import take_automatic_run; "
            "print(take_automatic_run(sys.argv[1], 5, kind='race', now=datetime.datetime(2026, 3, 1, 9)))")
    procs = [subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], stdout=subprocess.PIPE, text=True)
             for _ in range(12)]
    answers = [p.communicate(timeout=60)[0].strip() for p in procs]
    assert sorted(answers) == ["False"] * 7 + ["True"] * 5
    assert automatic_runs_today(tmp_path, now=DAY1) == 5


def test_a_malformed_count_is_moved_aside_by_the_writer_not_by_a_reader(tmp_path: Path) -> None:
    path = tmp_path / BUDGET_FILE
    path.write_text("{not json")
    assert automatic_runs_today(tmp_path) == 0
    assert path.read_text() == "{not json"  # status only reads
    assert take_automatic_run(tmp_path, 8, kind="session")
    aside = list(tmp_path.glob(BUDGET_FILE + ".malformed-*"))
    assert len(aside) == 1 and aside[0].read_text() == "{not json"
    assert automatic_runs_today(tmp_path) == 1


def test_local_day_is_the_local_calendar_date() -> None:
    assert local_day(DAY1) == "2026-03-01"
    before = datetime.now().strftime("%Y-%m-%d")
    today = local_day()
    assert today in {before, datetime.now().strftime("%Y-%m-%d")}  # a run across midnight reads either day


# --- in `learn reflect --auto` and `learn status` ----------------------------------------------------------

def _signals(repo: Path, text: str, session: str) -> list[dict]:
    store = Store(project(repo), "team-playbook")
    return append_signals(store, [NewSignal(kind="user_correction", session_id=session, text=text, reason="test",
                                            message_id=f"m-{session}")])


def _log(repo: Path) -> list[dict]:
    path = repo / ".altimate-code/learn/team-playbook/state/reflect.log"
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture
def auto_env(model_server: FakeModelServer, monkeypatch: pytest.MonkeyPatch) -> FakeModelServer:
    monkeypatch.setenv("OPENAI_BASE_URL", model_server.openai_base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-budget")
    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_MODEL", "openai/gpt-4o-mini")
    return model_server


def test_automatic_reflection_stops_at_the_daily_limit_and_keeps_the_signals(git_repo, cli, auto_env,
                                                                             monkeypatch) -> None:
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO_REFLECT_DAILY_MAX", "1")
    _signals(git_repo, "never commit directly to main", "s1")
    kept = [s["id"] for s in _signals(git_repo, "never push to the release branch", "s2")]
    auto_env.deltas({"op": "ADD", "text": "Never commit directly to `main`.", "reason": "user"})
    auto_env.vet()  # a reflection with a model is two calls: the reflection and its vet
    assert cli("reflect", "--session", "s1", "--auto") == (0, "", "")
    calls = len(auto_env.requests)
    assert calls == 2
    assert cli("reflect", "--session", "s2", "--auto") == (0, "", "")
    assert len(auto_env.requests) == calls  # refused before any call
    assert [s["id"] for s in list_signals(Store(project(git_repo), "team-playbook"))] == kept
    assert _log(git_repo)[-1]["status"] == "limited"
    from altimate_learn.reflect.schedule import read_schedule

    schedule = read_schedule(Store(project(git_repo), "team-playbook"))
    assert "backoff_until" not in schedule  # the limit is not a failure: no backoff
    # A reflection the user starts is not limited.
    auto_env.deltas({"op": "ADD", "text": "Never push to the `release` branch.", "reason": "user"})
    auto_env.vet()
    code, out, err = cli("reflect", "--session", "s2")
    assert code == 0, err
    assert len(auto_env.requests) == calls + 2


def test_startup_recovery_counts_each_session_against_the_limit(git_repo, cli, auto_env, monkeypatch) -> None:
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO_REFLECT_DAILY_MAX", "2")
    for n in range(3):
        _signals(git_repo, f"never commit directly to branch{n}_main", f"s{n}")
    for n in range(3):
        auto_env.deltas({"op": "ADD", "text": f"Never commit directly to `branch{n}_main`.", "reason": "user"})
        auto_env.vet()  # each reflection's vet call
    assert cli("reflect", "--pending", "--auto") == (0, "", "")
    assert len(auto_env.requests) == 4  # two reflections, each with its vet
    assert {s["sessionID"] for s in list_signals(Store(project(git_repo), "team-playbook"))} == {"s2"}
    assert any("daily limit of automatic model runs reached" in e.get("note", "") for e in _log(git_repo))


def test_the_offline_reflector_is_not_counted(git_repo, cli, monkeypatch) -> None:
    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO_REFLECT_DAILY_MAX", "0")
    _signals(git_repo, "no, use ref() instead of hardcoding the table name", "s1")
    assert cli("reflect", "--session", "s1", "--auto") == (0, "", "")
    assert _log(git_repo)[-1]["status"] == "applied"
    assert automatic_runs_today(git_repo / ".altimate-code" / "learn") == 0


def test_status_reports_the_days_runs(git_repo, cli, monkeypatch) -> None:
    learn_dir = git_repo / ".altimate-code" / "learn"
    for _ in range(3):
        take_automatic_run(learn_dir, 8, kind="session")
    code, out, _ = cli("status")
    assert code == 0
    assert "  automatic model runs today: 3 of 8 (learn.auto_reflect_daily_max)" in out.splitlines()
    code, out, _ = cli("status", "--json")
    info = json.loads(out)
    assert info["auto_reflect_budget"] == {"day": local_day(), "used": 3, "limit": 8, "left": 5}
    assert info["limits"]["auto_reflect_daily_max"] == 8
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO_REFLECT_DAILY_MAX", "3")
    code, out, _ = cli("status")
    assert ("  automatic model runs today: 3 of 3 (learn.auto_reflect_daily_max); the limit is reached, "
            "the rest waits for tomorrow") in out.splitlines()
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO_REFLECT_DAILY_MAX", "0")
    code, out, _ = cli("status")
    assert "  automatic model runs: none allowed (learn.auto_reflect_daily_max=0)" in out.splitlines()
