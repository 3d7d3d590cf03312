"""Shared helpers for delivery and harness tests: lessons, stores, hook runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

STAMP = "2026-09-30T00:00:00.000Z"

# A realistic mixed repository: dbt models, a Python service, a web app. (text, tags, trigger paths)
SAMPLE = [
    ("Convert `*_cents` columns to dollars with `cents_to_dollars()` in staging models.", ["dbt", "money"],
     ["models/staging/**"]),
    ("Use `ref()` for model dependencies; never select from raw tables in models.", ["dbt"], []),
    ("Name staging models `stg_<source>__<entity>` and keep one model per source table.", ["dbt", "naming"],
     ["models/staging/*.sql"]),
    ("Cast timestamps to UTC with `to_utc()` before comparing them across sources.", ["dbt", "time"],
     ["models/**"]),
    ("Marts expose only `*_at` timestamp columns, never local dates.", ["dbt", "time"], ["models/marts/**"]),
    ("Every primary key in a mart needs `unique` and `not_null` tests in its schema file.", ["dbt", "tests"],
     ["models/marts/**"]),
    ("Keep `amount_cents` as an integer in the ledger service; never store floats for money.", ["python", "money"],
     ["services/ledger/**"]),
    ("Use `structlog` loggers from `app.logging`; do not call `print` in services.", ["python", "logging"],
     ["services/**"]),
    ("Database sessions come from `get_session()`; never create engines inside request handlers.",
     ["python", "db"], ["services/**/*.py"]),
    ("Pydantic models in `schemas/` are the API contract; change them only with a version bump.",
     ["python", "api"], ["services/api/schemas/**"]),
    ("React components live in `src/components/` with one component per file.", ["web", "react"],
     ["web/src/components/**"]),
    ("Use the `useQuery` hook from `lib/api` for data fetching, not raw `fetch` calls.", ["web", "react"],
     ["web/src/**"]),
    ("Format prices with `formatMoney()` so the currency symbol follows the user's locale.", ["web", "money"],
     ["web/src/**"]),
    ("Feature flags are read through `flags.isEnabled()`, never from environment variables directly.",
     ["web", "flags"], []),
    ("Write migrations with `alembic revision --autogenerate` and review the generated SQL.", ["python", "db"],
     ["services/**/migrations/**"]),
    ("Refunds are negative amounts in `fct_payments`; do not store them as positive values.", ["dbt", "money"],
     ["models/marts/finance/**"]),
    ("Seed files in `seeds/` are reference data only; never put customer data in them.", ["dbt"], ["seeds/**"]),
    ("Use snake_case for column names in every model.", ["dbt", "naming"], []),
    ("Integration tests use the `db_session` fixture and roll back after each test.", ["python", "tests"],
     ["services/**/tests/**"]),
    ("Prefer `httpx.AsyncClient` over `requests` in async services.", ["python", "http"], ["services/**"]),
]


def lesson(lesson_id: str, text: str, *, tags: list[str] | None = None, paths: list[str] | None = None,
           helpful: int = 0, harmful: int = 0, pinned: bool | None = None) -> dict:
    item = {"id": lesson_id, "text": text, "tags": list(tags or []), "scope": "project", "helpful": helpful,
            "harmful": harmful, "applied": 0, "created": STAMP, "updated": STAMP}
    if paths:
        item["trigger"] = {"paths": list(paths)}
    if pinned is not None:
        item["pinned"] = pinned
    return item


def sample_lessons() -> list[dict]:
    return [lesson(f"L-{i + 1:04x}", text, tags=tags, paths=paths, helpful=(i * 7) % 5)
            for i, (text, tags, paths) in enumerate(SAMPLE)]


def learn_dir(root: Path) -> Path:
    return root / ".altimate-code" / "learn"


def write_store(root: Path, lessons: list[dict] | str, name: str = "team-playbook") -> Path:
    folder = learn_dir(root) / name
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "approved.json"
    path.write_text(lessons if isinstance(lessons, str) else json.dumps(lessons, indent=2) + "\n")
    return path


def read_jsonl(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def run_hook(harness: str, payload: dict | str | bytes, *, cwd: Path, env: dict | None = None,
             timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The real `learn hook <harness>` entry point in a fresh process."""
    data = payload if isinstance(payload, (str, bytes)) else json.dumps(payload)
    raw = data if isinstance(data, bytes) else data.encode("utf-8")
    full_env = dict(os.environ)
    full_env.update(env or {})
    proc = subprocess.run([sys.executable, "-m", "altimate_learn", "hook", harness], input=raw, cwd=cwd,
                          capture_output=True, env=full_env, timeout=timeout)
    return subprocess.CompletedProcess(proc.args, proc.returncode, proc.stdout.decode("utf-8"),
                                       proc.stderr.decode("utf-8", "replace"))


def hook(root: Path, session_id: str, event: str, harness: str = "claude-code", **more) -> str:
    """One hook event of ``session_id`` through the real `learn hook HARNESS` in ``root``: it must exit 0 and print
    nothing on stderr; the context it gives the agent."""
    payload = {"session_id": session_id, "transcript_path": str(root / "t.jsonl"), "cwd": str(root),
               "hook_event_name": event, **more}
    proc = run_hook(harness, payload, cwd=root)
    assert proc.returncode == 0 and proc.stderr == ""
    return context_of(proc.stdout)


def commit_all(root: Path, message: str) -> None:
    subprocess.run(["git", "add", "-A"], cwd=root, check=True, capture_output=True)
    subprocess.run(["git", "commit", "-q", "-m", message], cwd=root, check=True, capture_output=True)


def context_of(stdout: str) -> str:
    """The additionalContext of a Claude/Codex/Gemini JSON answer ('' for no answer)."""
    if not stdout.strip():
        return ""
    return json.loads(stdout)["hookSpecificOutput"]["additionalContext"]


def settle_capture(cwd: Path, timeout: float = 120) -> None:
    """Wait for the capture workers hooks started in ``cwd``'s project: with live capture on, a prompt after an
    answer is classified by a worker just after its hook returned (altimate_learn/harness/capture_worker.py)."""
    from altimate_learn.harness.capture_worker import pending, wait_for_workers
    from altimate_learn.harness.hook import find_root
    from altimate_learn.worktree import locate

    sessions = str(Path(locate(find_root(str(cwd))).local_dir) / ".sessions")
    assert wait_for_workers(sessions, timeout), f"capture workers still pending: {pending(sessions)}"
