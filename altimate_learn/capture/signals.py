"""The signals store: `signals.jsonl` of one store.

Signal text is redacted, then clipped to 2,000 characters (its start and its end), before it is written. A dedupe key
(session + message id, or the tool-call id for `tool_retry`, else a hash of the text; plus the kind)
makes capturing the same session twice add nothing.

Live capture and the transcript must also agree when the agent's hooks give no ids (Gemini CLI's BeforeAgent
has no prompt id, its AfterTool no call id) while its transcript does: the hook records a correction without
a message id, and `learn capture` later finds the same message with one. Such a pair (one with an id, one
without) is the same event when it has the same session, kind and content (the normalised text of a
correction, with our own injected text removed; the tool and episode of a tool_retry, whose error text the
hook and the transcript word differently) and happened within :data:`TWIN_WINDOW` of each other (the stored
signal's `at`, the new one's time in the transcript). Two signals that both lack ids, or both have them, are
told apart by the key above alone. A stored signal is the twin of one new signal at most.

Appends and status changes happen under the store lock, so concurrent hooks and commands never tear the file
or lose a line.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from altimate_learn.schema import SIGNAL_KINDS, SIGNAL_TEXT_CAP, Signal, new_signal_id
from altimate_learn.store import Store
from altimate_learn.store.fsio import repair_jsonl, utc_now


@dataclass
class NewSignal:
    kind: str
    session_id: str
    text: str
    reason: str
    message_id: str | None = None
    part_id: str | None = None  # the tool-call id for tool_retry
    source: str | None = None  # "bootstrap" or "import-reviews"
    provenance: str | None = None
    said_at: str | None = None  # when it happened (the transcript's time), for matching a live twin; not stored


def clip(text: str, cap: int = SIGNAL_TEXT_CAP) -> str:
    """Redact, then clip to the start and the end (so a secret cut in half can never survive as a part of it; the
    words typed after a pasted log stay: :mod:`altimate_learn.textclip`)."""
    from altimate_learn.redact import redact
    from altimate_learn.textclip import head_and_tail

    return head_and_tail(redact(text), cap)


def dedupe_key(sig: dict[str, Any]) -> str:
    if sig.get("kind") == "tool_retry" and sig.get("partID"):
        where = "part:" + sig["partID"]
    elif sig.get("messageID"):
        where = "msg:" + sig["messageID"]
    else:
        where = "text:" + hashlib.sha256(sig.get("text", "").encode("utf-8")).hexdigest()[:16]
    return f"{sig.get('sessionID')}\0{where}\0{sig.get('kind')}"


TWIN_WINDOW = 600.0  # seconds between a signal captured live and the same event read from the transcript


def normalise(text: str) -> str:
    """Text as compared across capture paths: without our injected text, whitespace collapsed, case folded."""
    from altimate_learn.markers import strip_injected

    return " ".join(strip_injected(text or "").split()).casefold()


def _has_id(sig: dict[str, Any]) -> bool:
    return bool(sig.get("partID") if sig.get("kind") == "tool_retry" else sig.get("messageID"))


def twin_key(sig: dict[str, Any]) -> str:
    """Session, kind and content of a signal (see the module docstring)."""
    content = sig.get("reason", "") if sig.get("kind") == "tool_retry" else sig.get("text", "")
    digest = hashlib.sha256(normalise(content).encode("utf-8")).hexdigest()[:16]
    return f"{sig.get('sessionID')}\0{sig.get('kind')}\0{digest}"


def _seconds(value: Any) -> float | None:
    """Seconds since the epoch of an ISO 8601 time (a naive one is UTC), or None."""
    from datetime import datetime, timezone

    if not isinstance(value, str) or not value.strip():
        return None
    text = value.strip()
    try:
        parsed = datetime.fromisoformat(text[:-1] + "+00:00" if text.endswith("Z") else text)
    except ValueError:
        return None
    return (parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)).timestamp()


_ABSENT = object()
_KEYS_KEPT = 50_000  # stored signals whose keys are kept (a long-lived process stays small)
_keys_kept: dict[tuple[Any, ...], tuple[str, str, bool, float | None]] = {}
_keys_lock = threading.Lock()


def _keys(sig: dict[str, Any]) -> tuple[str, str, bool, float | None]:
    """The dedupe key, twin key, whether it has an id, and the time of a stored signal. Worked out once per content:
    capturing many sessions tests each against the whole store (a signal's keys depend only on its kind, session,
    message and part ids, text, reason and time: kept when each is a string or absent, as the schema has them)."""
    get = sig.get
    fields = (get("kind", _ABSENT), get("sessionID", _ABSENT), get("messageID", _ABSENT), get("partID", _ABSENT),
              get("text", _ABSENT), get("reason", _ABSENT), get("at", _ABSENT))
    plain = all(type(value) is str or value is _ABSENT for value in fields)
    found = _keys_kept.get(fields) if plain else None
    if found is None:
        found = (dedupe_key(sig), twin_key(sig), _has_id(sig), _seconds(sig.get("at")))
        if plain:
            with _keys_lock:
                while len(_keys_kept) >= _KEYS_KEPT:
                    del _keys_kept[next(iter(_keys_kept))]
                _keys_kept[fields] = found
    return found


class Recorded:
    """What a store has recorded already, by dedupe key and by twin: one test for writing signals and for a
    preview of what a write would add (`learn bootstrap`), so the two always agree (review13 R13-12: a Gemini
    correction captured live, without an id, was "new" in the preview and a duplicate at the write)."""

    def __init__(self, existing: Iterable[dict[str, Any]]) -> None:
        self.keys: set[str] = set()
        self.twins: dict[str, list[tuple[bool, float | None, str]]] = {}
        self.add(existing)

    def add(self, existing: Iterable[dict[str, Any]]) -> None:
        """Count ``existing`` (stored signals, in the file's order) as recorded too."""
        for old in existing:
            key, twin, has_id, at = _keys(old)
            self.keys.add(key)
            self.twins.setdefault(twin, []).append((has_id, at, key))

    def copy(self) -> Recorded:
        other = Recorded(())
        other.keys = set(self.keys)
        other.twins = {twin: list(found) for twin, found in self.twins.items()}
        return other

    def match(self, signal: dict[str, Any], said_at: str | None = None) -> str | None:
        """The dedupe key of the recorded signal ``signal`` repeats (the same key, or its twin captured by the other
        path within :data:`TWIN_WINDOW`), else None, and from then on ``signal`` counts as recorded."""
        key = dedupe_key(signal)
        if key in self.keys:
            return key
        twin, has_id = twin_key(signal), _has_id(signal)
        when = _seconds(said_at) or _seconds(signal.get("at"))
        candidates = self.twins.get(twin, [])
        found = next((n for n, (other_id, other_at, _) in enumerate(candidates) if other_id != has_id and (
            other_at is None or when is None or abs(other_at - when) <= TWIN_WINDOW)), None)
        if found is not None:  # the same event, captured live without an id and from the transcript with one
            return candidates.pop(found)[2]  # one twin each: the same words said twice are two events
        self.keys.add(key)
        self.twins.setdefault(twin, []).append((has_id, when, key))
        return None


# What each signals file held at its last read in this process, which of its records are valid signals, and (once an
# append asked) a Recorded of them. A capture run appends each session's signals in turn and every `learn run` and
# session capture reads the stored signals whole: each read checked every stored signal again (829 signals of the real
# dev sessions: 133k schema checks in one capture). The file is still read every time; only the records after the
# ones read last (the same records, of the same types, in the same order, then more: what appending does) are checked.
_SNAPSHOTS_KEPT = 8
_snapshots: dict[str, _Checked] = {}
_snapshots_lock = threading.Lock()


class _Checked:
    """One read of a signals file: its records (this module's own copies, never handed out), the indices of those that
    are valid signals, the indices of those holding a number or true/false, and a Recorded of the valid ones (None
    until an append needs it)."""

    __slots__ = ("records", "valid", "numbers", "recorded")

    def __init__(self, records: list[Any], valid: list[int], numbers: list[int], recorded: Recorded | None) -> None:
        self.records, self.valid, self.numbers, self.recorded = records, valid, numbers, recorded


def _same(a: Any, b: Any) -> bool:
    """``a == b`` with the same JSON types throughout: ``true``, ``1`` and ``1.0`` are equal in Python but not to the
    schema (a signal's ``resolved`` must be true or false)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(_same(value, b[key]) for key, value in a.items())
    if type(a) is list:
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return bool(a == b)


def _has_number(value: Any) -> bool:
    """Whether a JSON value holds a number or true/false anywhere. Two values without one that are ``==`` are the same
    JSON (a string, null, object or array equals only its own kind), so ``==`` alone compares them."""
    kind = type(value)
    if kind is dict:
        return any(_has_number(v) for v in value.values())
    if kind is list:
        return any(_has_number(v) for v in value)
    return kind in (bool, int, float)


def _own(record: Any) -> Any:
    """A copy of a record as read that no caller can change (records are JSON values: dicts, lists and scalars)."""
    if type(record) is dict:
        return {key: _own(value) for key, value in record.items()}
    if type(record) is list:
        return [_own(value) for value in record]
    return record


def _checked(store: Store, records: list[Any]) -> _Checked:
    """The checked read of ``records``, just read from the store's signals file: the records the last read kept are
    checked again only if they are not the start of ``records``."""
    from altimate_learn.errors import SchemaError
    from altimate_learn.schema import validate_signal

    path = str(store.path(Store.SIGNALS))
    with _snapshots_lock:
        kept = _snapshots.get(path)
    if kept is not None and kept.records and len(kept.records) <= len(records) and \
            kept.records == records[:len(kept.records)] and \
            all(_same(kept.records[index], records[index]) for index in kept.numbers):
        if len(kept.records) == len(records):
            return _keep(path, kept)
        start, owned = len(kept.records), list(kept.records)
        valid, numbers = list(kept.valid), list(kept.numbers)
    else:
        kept, start, owned, valid, numbers = None, 0, [], [], []
    fresh = []
    for index in range(start, len(records)):
        record = records[index]
        owned.append(_own(record))
        if _has_number(record):
            numbers.append(index)
        try:
            validate_signal(record, path, index)
        except SchemaError:
            continue
        fresh.append(index)
    recorded = None
    if kept is not None and kept.recorded is not None:
        recorded = kept.recorded.copy()
        recorded.add(owned[index] for index in fresh)
    return _keep(path, _Checked(owned, valid + fresh, numbers, recorded))


def _keep(path: str, checked: _Checked) -> _Checked:
    with _snapshots_lock:
        _snapshots.pop(path, None)
        _snapshots[path] = checked
        while len(_snapshots) > _SNAPSHOTS_KEPT:
            del _snapshots[next(iter(_snapshots))]
    return checked


def valid_signals(store: Store) -> tuple[list[Signal], int]:
    """:meth:`Store.signals`: the store's valid signals (in new objects the caller may change) and the number of lines
    skipped, each stored signal checked once per process (the records read last are not checked again)."""
    result = store.read_jsonl(Store.SIGNALS)
    checked = _checked(store, result.records)
    return [result.records[index] for index in checked.valid], result.skipped + len(result.records) - len(checked.valid)


def _recorded(store: Store) -> Recorded:
    """``Recorded`` of the store's valid signals (:meth:`Store.signals`), a new one each call (it is changed as
    signals are matched against it). Call under the store lock."""
    records = store.read_jsonl(Store.SIGNALS).records
    checked = _checked(store, records)
    if checked.recorded is None:
        checked.recorded = Recorded(checked.records[index] for index in checked.valid)
    return checked.recorded.copy()


def append_signals(store: Store, new: Iterable[NewSignal]) -> list[Signal]:
    """Redact, clip and append signals that are not already recorded; returns those added."""
    from altimate_learn.redact import redact_url

    pending = list(new)
    if not pending:
        return []
    for item in pending:
        if item.kind not in SIGNAL_KINDS:
            raise ValueError(f"unknown signal kind {item.kind!r}")
    with store.lock():
        repair_jsonl(store.path(Store.SIGNALS), within=store.local_dir)
        recorded = _recorded(store)
        added: list[Signal] = []
        completions: list[tuple[str, str]] = []
        for item in pending:
            text = clip(item.text).strip()
            if not text:
                continue
            signal: Signal = {
                "id": new_signal_id(),
                "kind": item.kind,
                "sessionID": item.session_id,
                "messageID": item.message_id,
                "partID": item.part_id,
                "source": item.source,
                "provenance": None if item.provenance is None else redact_url(item.provenance)[:SIGNAL_TEXT_CAP],
                "text": text,
                "reason": clip(item.reason),
                "at": utc_now(),
                "status": "open",
            }
            key = recorded.match(signal, item.said_at)
            if key is None:
                added.append(signal)
            elif item.kind == "tool_retry":
                # the same episode recorded live before the command that worked after it was known: the transcript's
                # reading completes it
                completions.append((key, text))
        raw = store.read_jsonl(Store.SIGNALS).records if completions else []
        records = [r for r in raw if isinstance(r, dict)]
        completed = [done for key, text in completions if (done := _complete_worked(records, key, text))]
        if completed:
            store.rewrite_jsonl(Store.SIGNALS, [*raw, *added], repaired=True)  # lines that are not signals are kept
            _tried_again(store, completed)
        else:
            store.append_jsonl(Store.SIGNALS, added)
    return added


def _worked_line(text: str) -> str | None:
    from altimate_learn.capture.commands import WORKED

    last = text.rsplit("\n", 1)[-1]
    return last if last.startswith(WORKED) else None


def _complete_worked(records: list[dict[str, Any]], key: str, text: str) -> str | None:
    """Add the ``Then worked:`` line of ``text`` to the open tool_retry record with dedupe key ``key`` that has
    none; the id of the one that changed."""
    line = _worked_line(text)
    if line is None:
        return None
    for record in records:
        if (record.get("kind") == "tool_retry" and record.get("status") == "open" and dedupe_key(record) == key
                and _worked_line(str(record.get("text", ""))) is None):
            record["text"] = clip(str(record.get("text", "")) + "\n" + line)
            return str(record.get("id"))
    return None


def _tried_again(store: Store, ids: list[str]) -> None:
    """A completed signal says more than when the built-in reflector last read it: it reads it again."""
    from altimate_learn.capture import unlearned

    try:
        unlearned.forget(store, ids)
    except Exception:  # noqa: BLE001 - a broken side file must not lose the signal's new line
        pass


def add_worked(store: Store, session_id: str, part_id: str | None, line: str) -> bool:
    """Complete the open tool_retry signal of ``session_id`` whose call id is ``part_id`` with ``line`` (the
    command that worked after its failures, :class:`~altimate_learn.capture.tool_retry.Worked`); whether one
    changed. Redacted like every signal text (with the secrets the caller's :func:`remembering` holds)."""
    if not part_id:
        return False
    with store.lock():
        result = store.read_repaired(Store.SIGNALS)
        records = [r for r in result.records if isinstance(r, dict)]
        key = dedupe_key({"kind": "tool_retry", "partID": part_id, "sessionID": session_id})
        done = _complete_worked(records, key, clip(line))
        if not done:
            return False
        store.rewrite_jsonl(Store.SIGNALS, result.records, repaired=True)
        _tried_again(store, [done])
    return True


def withdraw_twin(store: Store, new: NewSignal, recorded: str | None = None) -> str | None:
    """Remove the open signal that records the same event as ``new`` (the session's previous prompt, judged again by
    the live worker with the agent's reasoning after it): the signal ``recorded``, the id its own prompt's worker
    noted it wrote, when it has ``new``'s key or the same session, kind and content (the hook's prompt id is not
    always the transcript's); without one, only the signal with ``new``'s own message id. Never another signal of
    the same words: the same question typed twice in a session is two events, and the reasoning after one says
    nothing of the other. The live worker flagged a message that `learn capture`, reading the agent's reasoning
    after it, would not record. A consumed or dismissed signal, or one a reject gave back for a person
    (:func:`held_signals`), is never touched. The id removed, else None."""
    with store.lock():
        result = store.read_repaired(Store.SIGNALS)
        wanted = {"kind": new.kind, "sessionID": new.session_id, "messageID": new.message_id, "partID": new.part_id,
                  "text": clip(new.text).strip()}
        key, twin = dedupe_key(wanted), twin_key(wanted)
        held = held_signals(store)
        found = None
        for record in result.records:
            if not (isinstance(record, dict) and record.get("status") == "open" and record.get("id") not in held):
                continue
            if recorded is not None:
                if record.get("id") == recorded and (dedupe_key(record) == key or twin_key(record) == twin):
                    found = record
            elif new.message_id and dedupe_key(record) == key:
                found = record
        if found is None:
            return None
        store.rewrite_jsonl(Store.SIGNALS, [r for r in result.records if r is not found], repaired=True)
    return str(found.get("id"))


def list_signals(store: Store, *, session: str | None = None, include_consumed: bool = False) -> list[Signal]:
    signals, _ = valid_signals(store)
    return [s for s in signals
            if (include_consumed or s["status"] == "open") and (session is None or s["sessionID"] == session)]


def consume_signals(store: Store, ids: Iterable[str], consumed_by: str) -> int:
    """Mark open signals consumed by a reflection (rewrites the file atomically); returns how many."""
    wanted = set(ids)
    if not wanted:
        return 0
    with store.lock():
        result = store.read_repaired(Store.SIGNALS)
        changed = 0
        for record in result.records:
            if isinstance(record, dict) and record.get("id") in wanted and record.get("status") == "open":
                record["status"] = "consumed"
                record["consumedBy"] = consumed_by
                changed += 1
        if changed:
            store.rewrite_jsonl(Store.SIGNALS, result.records, repaired=True)
    return changed


HELD = "held-signals.json"  # local: signals a person's reject reopened, for a person's `learn reflect` only


def held_signals(store: Store) -> set[str]:
    """Ids of open signals that only a person's `learn reflect` may use: a reject gave them back, and automatic
    reflection (the hooks' `--auto`, the continual learner) would propose the rejected lesson again at the next
    turn (review13 R13-8). An unreadable file holds nothing."""
    try:
        value = store.read_json_object(HELD)
    except Exception:  # noqa: BLE001 - a broken side file must not stop reflection
        return set()
    ids = value.get("signals")
    return {i for i in ids if isinstance(i, str)} if isinstance(ids, list) else set()


def reopen_signals(store: Store, consumed_by: dict[str, str], *, hold: bool = True) -> list[str]:
    """Open again the signals ``{id: consumedBy}`` names, each only while it is still consumed by that same
    reflection (a reflection whose result a person discarded gives its signals back); returns the ids opened,
    which are held for a person's `learn reflect` (:func:`held_signals`) unless ``hold`` is false (the learner
    gives back what a rule cut for room came from: its next run may use them). Call under the store lock."""
    if not consumed_by:
        return []
    result = store.read_repaired(Store.SIGNALS)
    opened = []
    for record in result.records:
        if (isinstance(record, dict) and record.get("status") == "consumed"
                and consumed_by.get(record.get("id")) == record.get("consumedBy")):
            record["status"] = "open"
            record.pop("consumedBy", None)
            opened.append(record["id"])
    if opened:
        store.rewrite_jsonl(Store.SIGNALS, result.records, repaired=True)
        if not hold:
            return opened
        still_open = {r.get("id") for r in result.records if isinstance(r, dict) and r.get("status") == "open"}
        store.write_json(HELD, {"signals": sorted((held_signals(store) & still_open) | set(opened))})
    return opened


def pending_sessions(signals: Iterable[Signal]) -> list[str]:
    """Session ids with open signals, in order of their first open signal."""
    return list(dict.fromkeys(s["sessionID"] for s in signals if s["status"] == "open"))


def feedback_text(signals: Iterable[Signal], cap: int = 12_000) -> str:
    """`[kind] text` lines of whole signals, up to ``cap`` characters (a signal that does not fit is left out)."""
    parts: list[str] = []
    used = 0
    for s in signals:
        line = f"[{s['kind']}] {s['text']}"
        cost = len(line) + (2 if parts else 0)
        if used + cost > cap:
            continue
        parts.append(line)
        used += cost
    return "\n\n".join(parts)
