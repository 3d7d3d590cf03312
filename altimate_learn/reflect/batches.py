"""A batch for one reflection: a session's open signals (or feedback given on the command line) with a digest
source for that session, and how both are found (split from :mod:`altimate_learn.reflect.reflect`, which
reflects on a batch)."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from altimate_learn.capture.second_opinion import is_model_only
from altimate_learn.errors import LearnError
from altimate_learn.jsonsafe import loads_document
from altimate_learn.reflect.digest import FEEDBACK_CAP, DigestSource, clip_feedback
from altimate_learn.reflect.providers.builtin import FeedbackItem
from altimate_learn.store import Store

FEEDBACK_KINDS = ("verifier", "ci", "review", "user")
MAX_FEEDBACK_ITEMS = 20

@dataclass
class Batch:
    """What one reflection works on."""

    session_id: str | None
    feedback: str  # the feedback text the model sees (redacted, capped)
    kind: str  # verifier, ci, review or user
    items: list[FeedbackItem]  # the same feedback, item by item (the builtin reflector reads these)
    source: DigestSource
    signals: list[dict[str, Any]] = field(default_factory=list)  # consumed when the reflection succeeds
    left_out: int = 0  # open signals that did not fit the feedback budget (they stay open)
    feedback_id: str | None = None  # for `--feedback`: a hash that names this feedback in history
    notes: list[str] = field(default_factory=list)
    harness: str | None = None  # the agent that recorded the session (for learn.model "agent")
    # The continual learner's batch brings its own prompt (a project-wide digest with history references) and
    # screens the answer before the curator (citations, instruction-file targets). Reflection passes None.
    prompt: Callable[[list[dict[str, Any]]], tuple[str, str]] | None = None  # lessons → (system, user)
    # With ``prompt``: the digest its rules rest on (the exchanges), the vet's evidence beside ``feedback``; never
    # the prompt itself, whose fences, lessons and answer order are the reflection's (review14 R14-12).
    digest: str | None = None
    screen: Callable[[list[Any], list[Any], list[dict[str, Any]]], list[Any]] | None = None
    # Rules the screen took for elsewhere (the learner's instruction-file bullets): vetted in the same call as
    # the curator's deltas (keys c<vet_offset + i>), never curated here; ``vetted`` holds the vet's result.
    vet_extra: list[dict[str, Any]] = field(default_factory=list)
    vet_offset: int = 0
    vetted: Any = None

    @property
    def signal_ids(self) -> list[str]:
        return [s["id"] for s in self.signals]


def select_signals(open_signals: list[dict[str, Any]], cap: int = FEEDBACK_CAP) -> tuple[list[dict[str, Any]], int]:
    """Whole signals, in order, that fit ``cap`` as `[kind] text` lines (what `feedback_text` renders)."""
    chosen: list[dict[str, Any]] = []
    used = 0
    for signal in open_signals:
        cost = len(f"[{signal['kind']}] {signal['text']}") + (2 if chosen else 0)
        if used + cost > cap:
            continue
        chosen.append(signal)
        used += cost
    return chosen, len(open_signals) - len(chosen)


def feedback_kind_of(signals: list[dict[str, Any]]) -> str:
    kinds = {s["kind"] for s in signals}
    if kinds == {"review"}:
        return "review"
    if kinds == {"ci"}:
        return "ci"
    return "user"


class SessionIndex:
    """The project's sessions by id, discovered once (lazily) for a run."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._by_id: dict[str, Any] | None = None

    def find(self, session_id: str) -> Any:
        from altimate_learn.capture.sessions import discover_sessions
        from altimate_learn.schema import EXTERNAL_SESSION

        if session_id == EXTERNAL_SESSION or session_id.startswith("review:"):
            return None  # signals from outside any transcript (learn signal add, import-reviews)
        if self._by_id is None:
            try:
                self._by_id = {s.id: s for s in discover_sessions(self.root)}
            except (OSError, ValueError):
                self._by_id = {}
        found = self._by_id.get(session_id)
        if found is None and len(session_id) >= 6:  # a unique prefix, from the sessions already discovered
            matches = [s for sid, s in self._by_id.items() if sid.startswith(session_id)]
            if len(matches) > 1:
                listed = ", ".join(f"{s.harness} {s.id}" for s in matches[:5])
                raise LearnError(f"session id prefix '{session_id}' matches {len(matches)} sessions ({listed}).",
                                 "Give more of the id.")
            found = matches[0] if matches else None
        return found


def load_source(session_id: str, index: SessionIndex) -> DigestSource | None:
    """The digest source of a session of this project, or None when its transcript is not found."""
    from altimate_learn.capture.sessions import read_session, session_to_open
    from altimate_learn.reflect.digest import source_from_events

    info = index.find(session_id)
    if info is None:
        return None
    reader = read_session(Path(info.path), harness=info.harness,
                          session_id=session_to_open(info))
    return source_from_events(reader.events(), cwd=reader.info.cwd or info.cwd, model=reader.info.model or info.model)


def load_trajectory(path: Path) -> DigestSource:
    """A session recorded elsewhere: an altimate-code trajectory export, or any transcript `learn` reads."""
    from altimate_learn.capture.sessions import read_session
    from altimate_learn.reflect.digest import source_from_events, source_from_trajectory

    if not path.is_file():
        raise LearnError(f"trajectory file {path} does not exist.", "Pass the path of a session transcript.")
    try:
        head = path.read_bytes()[:1]
    except OSError as exc:
        raise LearnError(f"cannot read {path} ({exc.strerror}).", "Check its permissions.") from None
    if head == b"{":
        try:
            value = loads_document(path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            value = None
        if isinstance(value, dict) and isinstance(value.get("steps"), list):
            return source_from_trajectory(value)
    reader = read_session(path)
    return source_from_events(reader.events(), cwd=reader.info.cwd, model=reader.info.model)


def _item_paths(source: DigestSource, message_id: str | None) -> list[str]:
    window = source.window_for(message_id)
    if window is not None:
        return window.written or window.touched
    return list(source.files_written)


def session_batch(store: Store, session_id: str, index: SessionIndex, *,
                  feedback: str | None = None, kind: str | None = None, auto: bool = False) -> Batch | None:
    """The batch for one session: its open signals (or ``feedback``); None when there is nothing to do. ``auto``
    (no person asked): the signals a person's reject gave back are left for that person."""
    from altimate_learn.capture.signals import feedback_text, held_signals, list_signals
    from altimate_learn.schema import EXTERNAL_SESSION

    notes: list[str] = []
    source: DigestSource | None = None
    if session_id != EXTERNAL_SESSION:
        source = load_source(session_id, index)
    if feedback is not None:
        if source is None:
            raise LearnError(f"session {session_id} was not found among this project's sessions.",
                             "Check the id with `learn sessions`; for a session recorded elsewhere, use "
                             "--trajectory FILE.")
        batch = feedback_batch(session_id, source, feedback, kind or "user")
        found = index.find(session_id)
        batch.harness = found.harness if found is not None else None
        return batch
    open_signals = list_signals(store, session=session_id)
    if not open_signals and source is not None:
        info = index.find(session_id)  # a unique prefix names the session too
        if info is not None and info.id != session_id:
            session_id = info.id
            open_signals = list_signals(store, session=session_id)
    if auto and open_signals:
        held = held_signals(store)
        open_signals = [s for s in open_signals if s["id"] not in held]
    if not open_signals:
        return None
    chosen, left_out = select_signals(open_signals)
    if not chosen:
        raise LearnError(f"the first open signal of session {session_id} is larger than the "
                         f"{FEEDBACK_CAP:,}-character feedback budget.", "Remove it from signals.jsonl by hand.")
    if source is None:
        source = DigestSource()
        if session_id != EXTERNAL_SESSION and any(s["kind"] in ("user_correction", "tool_retry") for s in chosen):
            notes.append(f"the transcript of session {session_id} was not found; reflecting on its signals alone")
    items = [FeedbackItem(s["kind"], s["text"], s["id"], s.get("messageID"), _item_paths(source, s.get("messageID")),
                          model_only=is_model_only(s))
             for s in chosen]
    found = index.find(session_id) if session_id != EXTERNAL_SESSION else None
    return Batch(session_id, feedback_text(chosen), feedback_kind_of(chosen), items, source, chosen, left_out,
                 notes=notes, harness=found.harness if found is not None else None)


def feedback_batch(session_id: str | None, source: DigestSource, feedback: str, kind: str) -> Batch:
    """A batch from feedback given on the command line (not stored as signals)."""
    if kind not in FEEDBACK_KINDS:
        raise LearnError(f"unknown feedback kind '{kind}'.", f"Use one of: {', '.join(FEEDBACK_KINDS)}.")
    text = clip_feedback(feedback)
    if not text.strip():
        raise LearnError("the feedback is empty.", "Pass a file with the feedback (or - for stdin).")
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()][:MAX_FEEDBACK_ITEMS]
    builtin_kind = {"user": "user", "review": "review", "ci": "ci", "verifier": "verifier"}[kind]
    items = [FeedbackItem(builtin_kind, p, None, None, list(source.files_written)) for p in paragraphs]
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    return Batch(session_id, text, kind, items, source, feedback_id=f"fb_{digest}")
