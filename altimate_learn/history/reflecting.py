"""The reflect step of both imports, over the normal reflect → curate path (:mod:`altimate_learn.reflect`).

Batches are one session each (a bootstrap session, or one pull request for review comments), with as
many of its open signals as fit the feedback budget, so a reflection sees one context and the model's
"at most 3 new lessons" rule applies per session, as in live reflection. Each batch goes through
:func:`reflect_batch` (claim, model or builtin, curator, consume on success); this module only plans the
batches, estimates the input tokens before anything is sent, and stops at `--max-reflections`, at the
deadline, or at a provider failure.

The token estimate is characters / 4 of the exact prompts that would be sent (system prompt, current
lessons, session digest, feedback), built with the reflect module's own prompt builder; with a model, plus
each reflection's vet call (its prompt, every instruction file, the lessons, the evidence).
"""

from __future__ import annotations

from altimate_learn.english import plural

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from altimate_learn.history.common import estimate_tokens
from altimate_learn.reflect.pricing import Usage
from altimate_learn.reflect.providers import Resolution
from altimate_learn.reflect.reflect import SessionIndex
from altimate_learn.store import Store


NO_MODEL = "none"


def resolve(model: str | None, settings: Any, *, max_reflections: int | None = None,
            dry_run: bool = False) -> Resolution:
    """`--model`, then `learn.model` (or ALTIMATE_LEARN_MODEL), else the builtin reflector (said in the output).

    `--max-reflections 0` imports signals only and needs no model at all, so an unusable `learn.model`
    does not stop it; a dry run shows an unusable model as a note instead of stopping before the scope.
    """
    from altimate_learn.errors import ConfigError, LearnError
    from altimate_learn.reflect.providers import resolve_model

    if max_reflections == 0:
        return Resolution(NO_MODEL, None, "--max-reflections 0", "--max-reflections 0 imports signals only")
    if dry_run:
        try:
            return resolve(model, settings)
        except ConfigError:
            raise
        except LearnError as exc:
            return Resolution(NO_MODEL, None, "unusable", f"{exc.message} A real run stops here. {exc.hint or ''}".strip())

    sources = getattr(settings, "sources", {}) or {}
    configured_source = "ALTIMATE_LEARN_MODEL" if str(sources.get("model", "")).startswith("env") else "learn.model"
    values = settings.values
    resolution = resolve_model(model, configured=values.get("model"), configured_source=configured_source,
                               providers=values.get("providers") or {})
    if resolution.is_builtin and resolution.source == "default":
        resolution.note = "no --model and no learn.model set; no network, no cost"
    return resolution


class KnownSessions(SessionIndex):
    """The sessions this import already discovered, so reflection does not scan every harness again."""

    def __init__(self, root: Path, sessions: dict[str, Any] | None) -> None:
        super().__init__(root)
        self.known = dict(sessions or {})

    def find(self, session_id: str) -> Any:
        return self.known.get(session_id)


def _group(signals: Iterable[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for signal in signals:
        groups.setdefault(signal["sessionID"], []).append(signal)
    return groups


def _chunks(signals: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Consecutive batches of whole signals, each within the feedback budget."""
    from altimate_learn.reflect.reflect import select_signals

    out: list[list[dict[str, Any]]] = []
    rest = list(signals)
    while rest:
        chosen, _ = select_signals(rest)
        if not chosen:  # one signal larger than the budget cannot be sent whole; it stays open
            break
        out.append(chosen)
        ids = {id(s) for s in chosen}
        rest = [s for s in rest if id(s) not in ids]
    return out


@dataclass
class ReflectPlan:
    resolution: Resolution
    planned: int  # reflections this run would make
    total: int  # batches there are
    estimated_tokens: int

    @property
    def model_label(self) -> str:
        return self.resolution.model

    def describe_model(self) -> str:
        if self.resolution.model == NO_MODEL:
            return f"Model: none ({self.resolution.note})."
        if self.resolution.is_builtin:
            why = self.resolution.note or f"from {self.resolution.source}; no network, no cost"
            return f"Model: builtin, the offline reflector ({why})."
        provider = self.resolution.model.split("/", 1)[0]
        return f"Model: {self.resolution.model} (provider {provider}, from {self.resolution.source})."

    def describe_estimate(self) -> str:
        vet = ", each reflection's vet call included" if self.resolution.chat is not None else ""
        text = (f"Estimated input: about {self.estimated_tokens:,} tokens (characters/4 of what would be sent{vet}) "
                f"in {plural(self.planned, 'reflection')}")
        if self.total > self.planned:
            text += f"; {self.total - self.planned} more batch(es) wait for a rerun (--max-reflections)"
        if self.resolution.is_builtin:
            text += "; the builtin reflector sends nothing over the network"
        return text + "."


def plan_reflections(store: Store, resolution: Resolution, signals: list[dict[str, Any]], max_reflections: int, *,
                     per_session: bool = True, sessions: dict[str, Any] | None = None) -> ReflectPlan:
    """How many reflections the signals need, and the input-token estimate of the first ``max_reflections``."""
    from altimate_learn.capture.signals import feedback_text
    from altimate_learn.reflect.digest import DigestSource, build_digest
    from altimate_learn.reflect.prompts import build_prompt
    from altimate_learn.reflect.reflect import current_lessons, feedback_kind_of, load_source

    batches = [(sid, chunk) for sid, group in _group(signals).items() for chunk in _chunks(group)]
    planned = batches[:max_reflections]
    try:
        lessons = current_lessons(store)
    except Exception:  # a malformed candidate is reported by the reflection itself, not by the preview
        lessons = []
    index = KnownSessions(store.project.root, sessions)
    from altimate_learn.gates.vet import EVIDENCE_CAP

    digests: dict[str, str] = {}
    chars = 0
    vet_fixed: int | None = None
    for sid, chunk in planned:
        if sid not in digests:
            source = None
            if sessions and sid in sessions:
                try:
                    source = load_source(sid, index)
                except Exception:  # an unreadable transcript is estimated without its digest
                    source = None
            digests[sid] = build_digest(source or DigestSource())
        system, user = build_prompt(lessons, digests[sid], feedback_text(chunk), feedback_kind_of(chunk))
        chars += len(system) + len(user)
        if resolution.chat is not None:
            if vet_fixed is None:
                vet_fixed = _vet_chars(store, lessons)
            chars += vet_fixed + min(len(digests[sid]) + len(feedback_text(chunk)), EVIDENCE_CAP)
    return ReflectPlan(resolution, len(planned), len(batches), estimate_tokens(chars))


def _vet_chars(store: Store, lessons: list[dict[str, Any]]) -> int:
    """What a reflection's vet call sends besides its evidence: its prompt, every instruction file whole and the
    lessons as the vet lists them (see :mod:`altimate_learn.gates.vet`)."""
    from altimate_learn.gates.vet import build_prompt as vet_prompt
    from altimate_learn.instructions.files import discover

    contract = discover(store.project.root)
    system, user = vet_prompt([], lessons, [(f.path, f.text or "") for f in contract.usable], "")
    return len(system) + len(user)


@dataclass
class ReflectRun:
    reflections: int = 0
    lessons_proposed: int = 0  # ADDs applied to the candidate
    lessons_edited: int = 0
    remaining: int = 0  # open signals left among those this run was asked to reflect on
    usage: Usage = field(default_factory=Usage)
    stopped: str | None = None  # "reflections", "time", "failed"
    errors: list[str] = field(default_factory=list)

    def usage_dict(self) -> dict[str, Any]:
        return {**self.usage.to_dict(), "calls": self.usage.calls}

    def describe_usage(self) -> str:
        if not self.reflections:
            return "no model calls"
        if not self.usage.calls and not self.usage.input_tokens:
            return "no model tokens (builtin reflector), cost $0"
        tokens = f"{self.usage.input_tokens:,} input + {self.usage.output_tokens:,} output tokens"
        tokens += " (estimated: the provider reported no usage)" if self.usage.estimated else " (reported)"
        cost = "cost unknown (no price for this model)" if self.usage.cost_usd is None else \
            f"estimated cost ${self.usage.cost_usd:.4f}"
        return f"{tokens}, {cost}"


def _review_batch(session_id: str, chunk: list[dict[str, Any]], left_out: int) -> Any:
    """A pull request's review signals as one batch (no transcript: the comments are the whole context)."""
    from altimate_learn.capture.signals import feedback_text
    from altimate_learn.reflect.digest import DigestSource
    from altimate_learn.reflect.providers.builtin import FeedbackItem
    from altimate_learn.reflect.reflect import Batch

    items = []
    for signal in chunk:
        text, paths = signal["text"], []
        path = review_path(signal)
        if path and text.startswith(path + ": "):  # the rule extractor reads the comment, the scope the file
            text, paths = text[len(path) + 2:], [path]
        items.append(FeedbackItem(signal["kind"], text, signal["id"], signal.get("messageID"), paths))
    return Batch(session_id, feedback_text(chunk), "review", items, DigestSource(), chunk, left_out)


def review_path(signal: dict[str, Any]) -> str | None:
    """The file a review signal is about (its reason ends with ` on <path>`)."""
    reason = str(signal.get("reason") or "")
    marker = reason.rfind(" on ")
    return reason[marker + 4:] or None if marker >= 0 else None


def reflect_signals(store: Store, resolution: Resolution, signal_ids: Iterable[str], max_reflections: int, *,
                    out: Callable[[str], None], label: str, per_session: bool = True,
                    sessions: dict[str, Any] | None = None, deadline: float | None = None,
                    source: str | None = None, settings: Any = None) -> ReflectRun:
    """Reflect on the open signals among ``signal_ids``, session by session in the order given."""
    from altimate_learn.capture.signals import feedback_text, list_signals
    from altimate_learn.errors import LearnError
    from altimate_learn.history.progress import Progress
    from altimate_learn.reflect.reflect import Options, feedback_kind_of, reflect_batch, select_signals, session_batch

    wanted = list(dict.fromkeys(signal_ids))
    run = ReflectRun()
    if not wanted:
        return run
    if settings is None:
        from altimate_learn.config import load_settings

        settings = load_settings(store.project.root)
    options = Options(deadline=deadline, settings=settings)
    index = KnownSessions(store.project.root, sessions)
    order = {sid: i for i, sid in enumerate(wanted)}
    wanted_set = set(wanted)

    def open_wanted() -> list[dict[str, Any]]:
        found = [s for s in list_signals(store) if s["id"] in wanted_set]
        return sorted(found, key=lambda s: order[s["id"]])

    sessions_left = list(_group(open_wanted()))
    done: set[str] = set()
    with Progress("Reflecting", min(max_reflections, len(sessions_left)) if max_reflections else 0) as bar:
        while sessions_left:
            if run.reflections >= max_reflections:
                run.stopped = run.stopped or ("reflections" if max_reflections else None)
                break
            if deadline is not None and deadline - time.monotonic() < 1:
                run.stopped = "time"
                break
            sid = sessions_left[0]
            group = [s for s in open_wanted() if s["sessionID"] == sid]
            if not group or sid in done:
                sessions_left.pop(0)
                continue
            if sid.startswith("review:"):
                chosen, left = select_signals(group)
                batch = _review_batch(sid, chosen, left) if chosen else None
            else:
                try:
                    batch = session_batch(store, sid, index)
                except LearnError as exc:
                    run.errors.append(f"session {sid}: {exc}")
                    batch = None
                if batch is not None:  # only this import's signals of the session, not others waiting there
                    keep = {s["id"] for s in group}
                    batch.signals = [s for s in batch.signals if s["id"] in keep]
                    batch.items = [i for i in batch.items if i.signal_id in keep]
                    batch.feedback = feedback_text(batch.signals)
                    batch.kind = feedback_kind_of(batch.signals)
                    if not batch.signals:
                        batch = None
            if batch is None:
                done.add(sid)
                sessions_left.pop(0)
                continue
            outcome = reflect_batch(store, batch, options, resolution)
            if outcome.status in ("none", "busy"):  # consumed or claimed by another process meanwhile
                out(f"Skipped {_short(sid)}: {outcome.error or outcome.summary}.")
                done.add(sid)
                sessions_left.pop(0)
                continue
            run.reflections += 1
            run.usage.add(outcome.usage)
            bar.advance(sid[:24])
            run.lessons_proposed += sum(1 for a in outcome.applied if a.get("op") == "ADD")
            run.lessons_edited += sum(1 for a in outcome.applied if a.get("op") == "EDIT")
            what = outcome.summary or outcome.status
            out(f"Reflected {label} of {_short(sid)}: {what}"
                + (f" ({outcome.error})" if outcome.error and not outcome.ok else "") + ".")
            if outcome.status == "failed":
                run.errors.append(outcome.error or "failed")
                run.stopped = "failed"
                break
            if not outcome.ok:  # nothing usable or busy: the signals stay open for a later run
                done.add(sid)
                sessions_left.pop(0)
    run.remaining = len(open_wanted())
    return run


def _short(session_id: str) -> str:
    if session_id.startswith("review:"):
        return "PR #" + session_id.rsplit("/", 1)[-1]
    return f"session {session_id[:12]}"
