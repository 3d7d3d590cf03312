"""Quarantine: rules that failed the vet, set aside with the reason, never delivered and never deleted.

`quarantine.json` in the store (altimate-code ignores files it does not know)::

    {"items": [{"id": "L-…", "text": "…", "lesson": {…the whole lesson…}, "verdict": "contradiction",
                "reason": "contradicts AGENTS.md: \\"Use pnpm, never npm.\\"", "source": "AGENTS.md",
                "quote": "Use pnpm, never npm.", "author": "person", "channel": "remember", "by": "offline",
                "at": "…", "was": "new" | "approved" | "candidate"}]}

What lands here: contradictions (anyone's), a person's rule that failed any check (a person's input is
never dropped), and stored lessons a re-vet found in conflict with changed instructions. Delivery holds
every quarantined id out, even while a not-yet-promoted `approved.json` still lists it.

`learn quarantine release ID` re-vets the rule against the instructions as they are now and puts it back in
the candidate (or, for a lesson still approved, lets it be delivered again); with ``--force`` the person
overrules the vet's verdict against an instruction file: the lesson's provenance records it ("kept by a person
over the vet (date): contradicts AGENTS.md: …"), and a later re-vet that finds the same conflict keeps it.
`learn quarantine drop ID` moves it to `retired.json` with the reason, where `learn search` still finds it.
"""

from __future__ import annotations

from typing import Any

from altimate_learn.errors import StoreError
from altimate_learn.gates.stamps import QUARANTINE
from altimate_learn.redact import redact
from altimate_learn.store import Store
from altimate_learn.store.fsio import utc_now

Entry = dict[str, Any]
OVERRULED = "kept by a person over the vet"  # the provenance mark of `learn quarantine release ID --force`


def overruled(lesson: dict, verdict: Any) -> bool:
    """A person released ``lesson`` over this very verdict (`learn quarantine release ID --force`): its provenance
    names the verdict, so a re-vet that finds the same conflict again keeps it (review14 R14-3)."""
    provenance = lesson.get("provenance")
    return isinstance(provenance, str) and OVERRULED in provenance and verdict.describe() in provenance


def read(store: Store, *, writing: bool = True) -> list[Entry]:
    """The quarantined entries. An unparseable file reads as empty; a command about to write moves it aside
    first (never overwritten), a reading command (``writing=False``) leaves it where it is."""
    from altimate_learn.errors import LearnError

    try:
        value = store.read_json_object(QUARANTINE, quarantine=writing)
    except LearnError:
        return []
    items = value.get("items")
    if not isinstance(items, list):
        return []
    return [item for item in items if isinstance(item, dict) and isinstance(item.get("id"), str)
            and isinstance(item.get("text"), str)]


UNREADABLE_HINT = ("Fix the file by hand, or remove it (the next lesson quarantined moves a broken file aside and "
                   "starts a new one); until then the lessons it held are not known as quarantined.")


def problem(store: Store) -> str | None:
    """Why `quarantine.json` cannot be read (one line), or None: a reading command says it instead of "nothing is
    quarantined" (review14 R14-14)."""
    from altimate_learn.errors import LearnError

    if not store.path(QUARANTINE).exists():
        return None
    try:
        value = store.read_json_object(QUARANTINE, quarantine=False)
    except LearnError as exc:
        return exc.message.strip()
    if not isinstance(value.get("items", []), list):
        return f"{store.path(QUARANTINE)} cannot be read: its \"items\" is not a list."
    return None


def write(store: Store, items: list[Entry]) -> None:
    """Replace the file (call under the store lock). An empty quarantine removes the file."""
    if not items:
        store.remove(QUARANTINE)
        return
    store.write_json(QUARANTINE, {"items": items})


def entry(lesson: dict, *, verdict: str, reason: str, author: str, channel: str | None, by: str,
          source: str | None = None, quote: str | None = None, was: str = "new") -> Entry:
    """One quarantine record. Text is redacted (secrets never reach disk)."""
    lesson = dict(lesson)
    lesson["text"] = redact(str(lesson.get("text", "")))
    return {"id": lesson["id"], "text": lesson["text"], "lesson": lesson, "verdict": verdict,
            "reason": redact(reason), "source": source, "quote": redact(quote) if quote else None,
            "author": author, "channel": channel, "by": by, "at": utc_now(), "was": was}


def add(store: Store, entries: list[Entry]) -> None:
    """Add (or replace, by id) entries. Call under the store lock."""
    if not entries:
        return
    items = read(store)
    index = {item["id"]: n for n, item in enumerate(items)}
    for new in entries:
        if new["id"] in index:
            items[index[new["id"]]] = new
        else:
            index[new["id"]] = len(items)
            items.append(new)
    write(store, items)


def find(store: Store, lesson_id: str) -> Entry:
    items = read(store)
    for item in items:
        if item["id"] == lesson_id:
            return item
    from altimate_learn.review.search import closest_ids

    close = closest_ids(lesson_id, [i["id"] for i in items])
    hint = (f"Closest quarantined ids: {', '.join(close)}." if close
            else "`learn quarantine list` lists what is quarantined." if items else "Nothing is quarantined.")
    raise StoreError(f"no quarantined lesson {lesson_id} in store '{store.name}'.", hint)


def remove(store: Store, lesson_id: str) -> None:
    write(store, [item for item in read(store) if item["id"] != lesson_id])


def view(item: Entry) -> dict[str, Any]:
    """The `--json` shape of one entry (stable keys)."""
    return {"id": item["id"], "text": item["text"], "verdict": item.get("verdict"), "reason": item.get("reason"),
            "source": item.get("source"), "quote": item.get("quote"), "author": item.get("author"),
            "channel": item.get("channel"), "at": item.get("at"), "was": item.get("was")}


def line(item: Entry) -> str:
    """`[L-…] text — reason (by a person)` for listings."""
    who = " (written by a person)" if item.get("author") == "person" else ""
    return f"[{item['id']}] {item['text']} — {item.get('reason') or item.get('verdict')}{who}"


VET_HINT = ("Fix the instruction file and run `learn quarantine release ID`; if the vet is wrong, `learn quarantine "
            "release ID --force`; or `learn quarantine drop ID`.")
CHECK_HINT = ("A rule that failed a check of its own text (no instruction file named): write it again without what "
              "the reason names (`learn remember \"…\"`), then `learn quarantine drop ID`.")


def rewrite_hint(lesson_id: str) -> str:
    """What to do about a rule a check of its own text refused: no file to fix, nothing ``--force`` can overrule."""
    return ('Write the rule again without what the reason names (`learn remember "…"`), then '
            f"`learn quarantine drop {lesson_id}`.")


def hints(items: list[Entry]) -> list[str]:
    """What to do about the listed rules: an instruction file to fix for a conflict with one (it names its
    ``source``), the rule to write again for one that failed a check of its text (a shell command, a URL: no file to
    fix, and ``--force`` does not release it) (review31 R31-7)."""
    out = []
    if any(item.get("source") for item in items):
        out.append(VET_HINT)
    if any(not item.get("source") for item in items):
        out.append(CHECK_HINT)
    return out

