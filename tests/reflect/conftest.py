"""Shared set-up of the reflect tests that run a real `learn reflect --session` on a store: lessons approved and
given to a session (``shown.jsonl``), the person's messages of that session as stored correction signals, and what
the reflection staged and left open."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest


@dataclass
class SessionStore:
    """A project store in ``repo`` (the team playbook) and the `learn` CLI run in-process."""

    repo: Path
    cli: Callable[..., tuple[int, str, str]]

    @property
    def store(self):
        from altimate_learn.store import Store, project

        store = Store(project(self.repo), "team-playbook")
        store.ensure()
        return store

    def given(self, *lessons: dict[str, str], session: str = "sess-1") -> None:
        """``lessons`` ({"id", "text"}) approved, and learn gave each to ``session``."""
        from altimate_learn.schema import make_lesson
        from altimate_learn.store import Store

        store = self.store
        store.write_lessons(Store.APPROVED, [make_lesson(lesson["text"], lesson_id=lesson["id"],
                                                         now="2026-11-01T00:00:00Z") for lesson in lessons])
        store.append_jsonl(Store.SHOWN, [{"at": "2026-12-06T15:12:55.717Z", "id": lesson["id"], "session": session,
                                          "tier": "core"} for lesson in lessons])

    def say(self, text: str, session: str = "sess-1", message_id: str | None = None) -> dict[str, Any]:
        """The person typed ``text`` in ``session``: its correction signal (``id``, ``at``, …)."""
        from altimate_learn.capture.signals import NewSignal, append_signals

        signal = append_signals(self.store, [NewSignal(kind="user_correction", session_id=session, text=text,
                                                       reason="test", message_id=message_id or f"m-{session}")])[0]
        return signal

    def reflect(self, session: str = "sess-1") -> str:
        """`learn reflect --session SESSION --json` (it must succeed): what it printed, out and err."""
        code, out, err = self.cli("reflect", "--session", session, "--json")
        assert code == 0, err
        return out + err

    def staged(self) -> dict[str, dict[str, Any]]:
        """The candidate lessons by id ({} when none was staged)."""
        from altimate_learn.store import Store

        path = self.store.path(Store.CANDIDATE)
        return {lesson["id"]: lesson for lesson in json.loads(path.read_text())} if path.exists() else {}

    def status(self, signal: dict[str, Any]) -> str:
        """The signal's status now ("open", "consumed", …)."""
        from altimate_learn.capture.signals import list_signals

        return {s["id"]: s["status"] for s in list_signals(self.store, include_consumed=True)}[signal["id"]]


@pytest.fixture
def session_store(git_repo: Path, cli) -> SessionStore:
    return SessionStore(git_repo, cli)
