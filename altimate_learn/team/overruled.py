"""Rules this clone rejected that the team approved since: heard, never silent (trial29's team gap).

`learn reject` is a person's decision in one clone, while `approved.json` is the team's, through git. Ann rejects
the staged rule "Format Python with `ruff format`, never `black`." ("we use black"); Bob's clone stages the same
rule, he approves it and pushes; Ann's next pull brings it in, and until now nothing told her: her rejection was a
history line with ids only. What a team wants instead:

- the rejection is kept with what was rejected: each lesson's text and files, what kind of change it was (a new
  lesson, an edit of an approved one, the removal of one) and the reason the person gave (`learn reject --reason`,
  redacted), in the store's local `rejections.jsonl` (git-ignored: a decision of this clone, not the team's);
- when the approved set holds the same rule again (the same words for the same files, under any id) and it was not
  this clone that approved it since, `learn status`, `learn show` and `learn doctor` say so, with who approved it
  (the commit that brought it into approved.json: author, date) and the rejection's reason. Likewise a lesson
  whose staged removal this clone rejected and that a teammate then retired;
- nothing is undone behind anyone's back: the team's approval stands and the lesson is delivered, and this clone's
  rejection is not applied again. The person settles it either way: `learn reject --withdraw ID` accepts the team's
  decision (the notice ends), or `learn retire ID --reason …`, promote and commit proposes the removal to everyone
  (the notice ends with the lesson, and the teammates hear the reason through `retired/<id>.json`).

Reads only, except :func:`record` (under the store lock, by `learn reject`) and :func:`withdraw`. Cheap when
nothing was rejected (one missing file); git is read only for a rule that matched.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from altimate_learn.errors import LearnError
from altimate_learn.schema import Lesson
from altimate_learn.store import fsio

FILE = "rejections.jsonl"
KEEP = 1000  # rejection records kept (the newest): a person's decisions, small
REASON_CHARS = 300
KINDS = ("added", "edited", "removed")


def words_key(text: str) -> str:
    """A rule's words for matching (case, spacing, backticks and a final period aside), as the merge driver's twins."""
    return " ".join(str(text).replace("`", "").split()).rstrip(".").casefold()


def _files(lesson: dict[str, Any]) -> list[str]:
    trigger = lesson.get("trigger")
    paths = trigger.get("paths") if isinstance(trigger, dict) else None
    return sorted(p for p in paths if isinstance(p, str)) if isinstance(paths, list) else []


def read(store) -> list[dict[str, Any]]:  # type: ignore[no-untyped-def]
    """The rejection records (oldest first); a line that is not one is skipped."""
    if not store.path(FILE).is_file():
        return []
    try:
        lines = store.read_jsonl(FILE).records
    except (LearnError, OSError):
        return []
    return [r for r in lines if isinstance(r, dict) and isinstance(r.get("id"), str) and isinstance(r.get("text"), str)
            and r.get("kind") in KINDS and isinstance(r.get("at"), str)]


def clean_reason(reason: str | None) -> str | None:
    """A person's reason as it is kept: one line, redacted, at most :data:`REASON_CHARS` characters."""
    if reason is None:
        return None
    from altimate_learn.redact import redact

    text = " ".join(redact(reason).split())
    return text[:REASON_CHARS] or None


def record(store, changes: list[tuple[str, Lesson]], reason: str | None,  # type: ignore[no-untyped-def]
           named: bool = False) -> None:
    """Keep what `learn reject` rejected: ``changes`` are (kind, lesson as the rejected change had it; for a
    removal, the approved lesson kept). ``named``: the person named these rules (`learn reject ID…`), a refusal of
    each rule itself, which a reflection may not stage again (:mod:`altimate_learn.gates.screen`); discarding a whole
    candidate refuses none of its rules in particular. Call under the store lock. Never raises: the rejection is
    done whatever happens here."""
    if not changes:
        return
    from altimate_learn.redact import redact

    at = fsio.utc_now()
    why = clean_reason(reason)
    new = []
    for kind, lesson in changes:
        entry: dict[str, Any] = {"id": lesson["id"], "text": redact(lesson["text"]), "kind": kind, "at": at}
        if _files(lesson):
            entry["paths"] = _files(lesson)
        if why:
            entry["reason"] = why
        if named:
            entry["named"] = True
        new.append(entry)
    try:
        store.rewrite_jsonl(FILE, (read(store) + new)[-KEEP:])
    except (LearnError, OSError):
        return


@dataclass
class Overruled:
    """A rejection of this clone that the team's approved set overrules."""

    rejection: dict[str, Any]
    lesson: Lesson  # the approved lesson (for a rejected removal: the lesson as it was kept)
    by: str | None = None  # the author of the commit that brought it (or retired it), its date and id
    date: str | None = None
    commit: str | None = None

    @property
    def removed(self) -> bool:
        return self.rejection["kind"] == "removed"

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.lesson["id"], "text": self.lesson["text"], "kind": self.rejection["kind"],
                "rejected_id": self.rejection["id"], "rejected_at": self.rejection["at"],
                "reason": self.rejection.get("reason"), "by": self.by, "date": self.date, "commit": self.commit,
                "their_reason": their_reason(self.lesson) if self.removed else None}


def _approved_here_since(store, at: str) -> set[str]:  # type: ignore[no-untyped-def]
    """Ids this clone itself approved (promote, `learn remember --approve`) after ``at``."""
    try:
        history = store.history()
    except LearnError:
        return set()
    out: set[str] = set()
    for entry in history:
        if entry.get("op") == "promote" and str(entry.get("at", "")) > at:
            for key in ("added", "edited"):
                out.update(i for i in entry.get(key) or [] if isinstance(i, str))
    return out


def overruled(store, approved: list[Lesson]) -> list[Overruled]:  # type: ignore[no-untyped-def]
    """This clone's standing rejections that the approved set overrules (see the module docstring), the newest
    rejection first, one per approved lesson."""
    records = [r for r in read(store) if not r.get("withdrawn")]
    if not records:
        return []
    by_words: dict[tuple[str, tuple[str, ...]], Lesson] = {}
    by_id = {lesson["id"]: lesson for lesson in approved}
    for lesson in approved:
        by_words.setdefault(_key(lesson), lesson)
    found: dict[str, Overruled] = {}
    removed: list[dict[str, Any]] = []
    mine: dict[str, set[str]] = {}
    for record in reversed(records):  # the newest rejection first
        if record["kind"] == "removed":
            if record["id"] not in by_id:
                removed.append(record)
            continue
        lesson = by_words.get(_key(record))
        if lesson is None or lesson["id"] in found:
            continue
        if record["at"] not in mine:
            mine[record["at"]] = _approved_here_since(store, record["at"])
        if lesson["id"] in mine[record["at"]]:
            continue  # this clone approved it itself since: the person changed their mind
        found[lesson["id"]] = Overruled(record, lesson)
    out = list(found.values())
    if removed:
        out += _retired_by_teammates(store, removed)
    if out:
        _who(store, out)
    return out


def _key(lesson: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    """What makes a rejected rule and an approved one the same rule: the same words for the same files."""
    paths = lesson.get("paths") if "paths" in lesson else _files(lesson)
    return words_key(lesson["text"]), tuple(paths or [])


def _retired_by_teammates(store, records: list[dict[str, Any]]) -> list[Overruled]:  # type: ignore[no-untyped-def]
    """Rejected removals of lessons that a teammate retired since (their shared record came with a pull)."""
    from altimate_learn.team.retirements import team_retired

    try:
        own = {r["id"] for r in store.retired()}
    except LearnError:
        own = set()
    shared = {r["id"]: r for r in team_retired(store)}
    out = []
    seen: set[str] = set()
    for record in records:
        lesson = shared.get(record["id"])
        if lesson is None or record["id"] in own or record["id"] in seen:
            continue
        seen.add(record["id"])
        out.append(Overruled(record, lesson))
    return out


def _who(store, items: list[Overruled]) -> None:  # type: ignore[no-untyped-def]
    """Fill in the commit (author, date) that brought each approved lesson into approved.json (or, for a rejected
    removal, that took it out). Outside git, or when git fails, left unknown."""
    from altimate_learn import git
    from altimate_learn.team.departed import _lesson_sets

    folder = store.dir
    prefix = git.text(folder, "rev-parse", "--show-prefix")
    if prefix is None:
        return
    log = git.text(folder, "log", "-n200", "--format=%H%x09%P%x09%an%x09%aI", "--", "approved.json")
    if not log:
        return
    commits = []
    for line in log.splitlines():
        parts = line.split("\t")
        if len(parts) == 4:
            commits.append((parts[0], parts[1].split(), parts[2], parts[3]))
    spec = f":{prefix}approved.json"
    specs = list(dict.fromkeys(s for sha, parents, _, _ in commits for s in [sha + spec] + [p + spec for p in parents]))
    sets = _lesson_sets(folder, specs)

    def holds(sha: str, item: Overruled) -> bool:
        lesson = sets.get(sha + spec, {}).get(item.lesson["id"])  # a commit without the file holds nothing
        if item.removed:
            return lesson is not None
        return lesson is not None and words_key(lesson["text"]) == words_key(item.lesson["text"])

    for item in items:
        for sha, parents, author, date in commits:  # newest first
            now = holds(sha, item)
            before = [holds(p, item) for p in parents]
            changed = (not now and any(before)) if item.removed else (now and not any(before))
            if changed:
                item.by, item.date, item.commit = author or None, date[:10], sha[:10]
                break


def withdraw(store, query: str, approved: list[Lesson]) -> list[Overruled]:  # type: ignore[no-untyped-def]
    """Accept the team's decision on the overruled rejections ``query`` names (the approved lesson's id, or the
    rejected one's; a unique prefix is enough): they are no longer said. Returns them; raises
    :class:`LearnError` when ``query`` names none."""
    from altimate_learn.review.search import resolve_id

    with store.lock():
        items = overruled(store, approved)
        ids = [i.lesson["id"] for i in items] + [i.rejection["id"] for i in items]
        wanted = resolve_id(query, ids)
        chosen = [i for i in items if wanted in (i.lesson["id"], i.rejection["id"])]
        if not chosen:
            listed = ", ".join(i.lesson["id"] for i in items)
            raise LearnError(f"no rejection of yours that the team overruled is named {query}.",
                             f"Overruled now: {listed}." if listed else
                             "Nothing you rejected has been approved by the team since; nothing to withdraw.")
        records = read(store)
        now = fsio.utc_now()
        for item in chosen:  # every rejection of that rule, not only the newest: the person settled the rule
            for record in records:
                if record.get("withdrawn") or (record["kind"] == "removed") != item.removed:
                    continue
                if (record["id"] == item.lesson["id"]) if item.removed else (_key(record) == _key(item.rejection)):
                    record["withdrawn"] = now
        store.rewrite_jsonl(FILE, records)
        return chosen


def rejected_before(store, candidate: list[Lesson], approved: list[Lesson]) -> list[tuple[Lesson, dict[str, Any]]]:  # type: ignore[no-untyped-def]
    """(staged lesson, the newest standing rejection of the same rule) for each rule the candidate adds or rewords that
    this clone rejected before: a reflection given the signals back by `learn reject` (or a teammate's same
    correction) proposes it again, and `learn show` says so rather than ask for the decision as if it were new."""
    records = [r for r in read(store) if not r.get("withdrawn") and r["kind"] != "removed"]
    if not records or not candidate:
        return []
    newest: dict[tuple[str, tuple[str, ...]], dict[str, Any]] = {}
    for record in records:
        newest[_key(record)] = record
    before = {lesson["id"]: _key(lesson) for lesson in approved}
    return [(lesson, newest[_key(lesson)]) for lesson in candidate
            if _key(lesson) in newest and before.get(lesson["id"]) != _key(lesson)]


def their_reason(record: dict[str, Any]) -> str | None:
    """The reason a teammate gave for a retirement (`learn retire --reason`, kept as "removed: …"), or None."""
    reason = record.get("reason")
    if not isinstance(reason, str) or not reason or reason.startswith("removed from the approved set"):
        return None
    return reason.removeprefix("removed: ") or None


def line(item: Overruled) -> str:
    """One line on an overruled rejection, with the way out (lesson text is the caller's to make safe)."""
    rejected = item.rejection
    why = f': "{rejected["reason"]}"' if rejected.get("reason") else ""
    when = rejected["at"][:10]
    who = (f"{item.by or 'a teammate'} ({item.date}, commit {item.commit})" if item.commit
           else "a teammate (in no commit of this clone yet)")
    short = item.lesson["id"]
    if item.removed:
        theirs = their_reason(item.lesson)
        if theirs:
            who += f': "{theirs}"'
        return (f"[{short}] {item.lesson['text']} (you rejected its removal on {when}{why}; retired by {who}): it is "
                f"no longer delivered. `learn reject --withdraw {short}` accepts that; to bring it back, `learn "
                f"remember` it and promote.")
    return (f"[{short}] {item.lesson['text']} (you rejected it on {when}{why}; approved by {who}): it is delivered "
            f"to every agent now. `learn reject --withdraw {short}` accepts the team's approval; `learn retire "
            f"{short} --reason …`, promote and commit proposes its removal to everyone.")
