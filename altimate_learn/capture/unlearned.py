"""Signals no reflection could learn from yet: they stay open, with the reason, until a model, a person or a
later reflection uses them.

The built-in reflector turns a correction into a lesson only when the correction states a clean rule. Any
other correction (a bug report, a long specification, a step of the task at hand, a rule the curator
rejected) is neither lost nor guessed at: its signal stays `open` in `signals.jsonl`, and its id and reason
go into this sidecar, `unlearned.json` (`{signal id: {"reason": …, "at": …, "by": "builtin"}}`), which
altimate-code does not read, so `signals.jsonl` keeps its format. The built-in reflector does not read a
signal listed here again (it would come to the same answer); a model reflection reads it like any open
signal. The way out for a person: `learn remember --signal ID "RULE"` (say its lesson yourself: the signal is used
up by it) or `learn signal dismiss ID`.
An entry whose signal is no longer open is ignored and dropped at the next write.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from altimate_learn.store import Store

FILE = "unlearned.json"
WAY_OUT = "`learn remember --signal ID \"RULE\"` to state its lesson yourself, or `learn signal dismiss ID`"


@dataclass
class Waiting:
    signal: dict[str, Any]
    reason: str
    at: str | None


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def load(store: Store) -> dict[str, dict[str, Any]]:
    """The sidecar as read (a malformed file is moved aside and read as empty)."""
    raw = store.read_json_object(FILE)
    return {k: v for k, v in raw.items() if isinstance(k, str) and isinstance(v, dict)}


def _open_ids(store: Store) -> set[str]:
    signals, _ = store.signals()
    return {s["id"] for s in signals if s.get("status") == "open"}


def record(store: Store, reasons: Mapping[str, str], by: str = "builtin") -> None:
    """Note ``{signal id: why}`` for signals left open. Call with the store lock held."""
    if not reasons:
        return
    entries = load(store)
    still_open = _open_ids(store)
    entries = {k: v for k, v in entries.items() if k in still_open}
    stamp = _now()
    for signal_id, reason in reasons.items():
        if signal_id in still_open:
            entries[signal_id] = {"reason": reason, "at": stamp, "by": by}
    store.write_json(FILE, dict(sorted(entries.items())))


def forget(store: Store, ids: Iterable[str]) -> None:
    """Drop entries (the signals were used or dismissed). Call with the store lock held."""
    wanted = set(ids)
    entries = load(store)
    if not wanted & set(entries):
        return
    store.write_json(FILE, {k: v for k, v in sorted(entries.items()) if k not in wanted})


def known(store: Store, by: str = "builtin") -> set[str]:
    """Ids of open signals ``by`` already found unusable."""
    entries = load(store)
    if not entries:
        return set()
    still_open = _open_ids(store)
    return {k for k, v in entries.items() if k in still_open and v.get("by") == by}


def waiting(store: Store, *, session: str | None = None) -> list[Waiting]:
    """Open signals that wait for a model or a person, oldest first, with their reasons."""
    entries = load(store)
    if not entries:
        return []
    signals, _ = store.signals()
    out = []
    for signal in signals:
        entry = entries.get(signal["id"])
        if entry is None or signal.get("status") != "open" or (session and signal.get("sessionID") != session):
            continue
        out.append(Waiting(signal, str(entry.get("reason") or "no clear rule in it"), entry.get("at")))
    return out


def waiting_line(count: int, corrections: int) -> str:
    """The line `learn status` and `learn run` print when ``count`` signals wait (``corrections`` of them
    corrections, the rest tool failures): how many, and the way out."""
    from altimate_learn.english import plural

    what = plural(corrections, "correction") if corrections == count else plural(count, "signal")
    return (f"{what} wait{'s' if count == 1 else ''} for a model or a person: "
            "`learn signals --unlearned` lists them with the reason; `learn remember --signal ID \"RULE\"` states "
            "one's lesson yourself, `learn signal dismiss ID` drops one")


def open_signal(store: Store, signal_id: str, action: str) -> dict[str, Any]:
    """The open signal ``signal_id``, or a :class:`LearnError` saying what to do (no such signal: the open ones with
    that start; already consumed: by what). ``action`` ("dismiss", "remember") words the error."""
    from altimate_learn.errors import LearnError

    signals, _ = store.signals()
    found = [s for s in signals if s.get("id") == signal_id]
    if not found:
        # a unique start of an open signal's id names it, as a lesson id's does (`sig_d475`, or `d475` without
        # `sig_`; trial30 T30-1: the error named the one signal it could have meant)
        query = signal_id.strip().lower()
        query = query if query.startswith("sig_") else f"sig_{query}"
        starts = sorted({s["id"] for s in signals if s.get("status") == "open" and len(query) >= 6
                         and str(s.get("id", "")).lower().startswith(query)})
        if len(starts) == 1:
            return [s for s in signals if s.get("id") == starts[0]][-1]
        if len(starts) > 1:
            shown = ", ".join(starts[:5]) + (f" and {len(starts) - 5} more" if len(starts) > 5 else "")
            raise LearnError(f"{signal_id} is the start of {len(starts)} open signals: {shown}.",
                             "Give more of the id.")
        near = sorted(s["id"] for s in signals if s.get("status") == "open" and s["id"].startswith(signal_id[:6]))
        hint = f"Open signals with that start: {', '.join(near[:5])}." if near else \
            "List the open signals with `learn signals` (or `learn signals --unlearned`)."
        raise LearnError(f"no signal {signal_id} in store '{store.name}'.", hint)
    signal = found[-1]
    if signal.get("status") != "open":
        done = {"dismiss": "nothing to dismiss", "remember": "a lesson was already taken from it or it was dismissed"}
        raise LearnError(f"signal {signal_id} is already {signal.get('consumedBy') or 'consumed'}; {done[action]}.",
                         {"dismiss": "Only open signals can be dismissed (`learn signals` lists them).",
                          "remember": "Remember the rule without --signal, or pick an open signal "
                                      "(`learn signals --unlearned`)."}[action])
    return signal


def dismiss(store: Store, signal_id: str, reason: str | None = None) -> dict[str, Any]:
    """A person decides an open signal holds no lesson: it is consumed (`consumedBy: dismissed@<time>`), its
    entry here dropped, and a `dismiss` history entry records who-knows-why. Returns the signal."""
    signal = open_signal(store, signal_id, "dismiss")
    signal_id = signal["id"]  # a unique start of it names it
    stamp = _now()
    with store.lock():
        use(store, signal_id, "dismissed", stamp)
        store.record_history("dismiss", signals=[signal_id], reason=reason or "dismissed by a person",
                             session=signal.get("sessionID"))
    return {**signal, "status": "consumed", "consumedBy": f"dismissed@{stamp}"}


def use(store: Store, signal_id: str, by: str, stamp: str | None = None) -> int:
    """Consume a signal a person acted on (`consumedBy: <by>@<stamp>`: dismissed, remember) and drop its entry
    here; the store's lock is held. Returns how many signals were consumed (1, or 0 when it was not open)."""
    from altimate_learn.capture.signals import consume_signals

    consumed = consume_signals(store, [signal_id], f"{by}@{stamp or _now()}")
    forget(store, [signal_id])
    return consumed


__all__ = ["FILE", "WAY_OUT", "Waiting", "dismiss", "forget", "known", "load", "open_signal", "record", "use", "waiting",
           "waiting_line"]
