"""`learn import-memories`: what the agents saved in their own memories about this repository becomes
candidate lessons, through the same curator as every other source.

1. Scan: each agent's module beside its transcript reader finds this repository's memories
   (`claude_memory`, `codex_memory`, `gemini_memory`); unreadable files are listed as skipped, never fatal.
2. Choose: `feedback` and `project` memories are the team's; `user` and `reference` memories are personal
   and are only read when asked for by type (``types``). A `user` memory goes to the person's own git-ignored
   instruction file (the learner's `local` target, AGENTS.local.md), never to the team's candidate.
3. Compare with `memories.json` (a sidecar in the store, git-ignored like everything but approved.json):
   a memory already imported with the same content adds nothing; a rewritten one updates the lesson it
   staged (an EDIT while the lesson is only in the candidate, a replacement that supersedes it once it is
   approved); one that disappeared is reported as deleted; one that could not be condensed is tried again.
4. Propose (:mod:`altimate_learn.history.memory_condense`): redacted, screened, condensed offline or, for
   what offline cannot condense, by the configured model when the person agreed to send.
5. Curate: the proposals are deltas like a reflection's, with provenance, given to
   :func:`altimate_learn.curate.curator.curate` a few at a time (its per-reflection limits hold), so lint,
   redaction, dedupe (a duplicate counts as helpful on the existing lesson) and the contradiction rule
   apply exactly as for reflection. Nothing is ever written to approved.json: `learn promote` decides.

Every imported lesson carries `provenance`: the agent, the memory's name, its file relative to the agent's
memory folder, its modification date and, when git has one, the name the person signs commits with (never
this machine's user or host name, never a home path). `memories.json`
holds keys, digests, names, statuses and lesson ids, never memory text.

:func:`import_memories` is the one entry point, for the CLI and for the continual learner's schedule.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from altimate_learn.curate.apply import WITHHELD, unredactable_secret
from altimate_learn.capture.sessions._memory import AGENT_LABELS, TEAM_TYPES, TYPES, AgentMemory, SkippedMemory
from altimate_learn.english import plural
from altimate_learn.errors import LearnError, MalformedFileError
from altimate_learn.curate.lint import lint
from altimate_learn.curate.deltas import MAX_PROVENANCE_CHARS
from altimate_learn.history.memory_condense import (
    HOSTILE_RULES, MODEL_BATCH, MODEL_TOKENS, SYSTEM, Proposal, apply_answer, build_prompt, dated_note,
    propose_offline, redacted,
)
from altimate_learn.redact import redact
from altimate_learn.store import Store, fsio

AGENTS = ("claude-code", "codex", "gemini")
STATE_FILE = "memories.json"
OP = "import-memories"
MAX_NAME = 60
_TAG = re.compile(r"\[m(\d+)\]")
_LESSON = re.compile(r"\bL-[0-9a-f]{4,}\b")


# --- scanning ------------------------------------------------------------------------------------------

@dataclass
class Scan:
    memories: list[AgentMemory] = field(default_factory=list)
    skipped: list[SkippedMemory] = field(default_factory=list)
    folders: dict[str, list[str]] = field(default_factory=dict)  # agent -> folders read (home shown as ~)
    notes: list[str] = field(default_factory=list)
    scanned: set[str] = field(default_factory=set)               # agents whose memory folders were read


def tilde(path: Path) -> str:
    home = str(Path.home())
    text = str(path)
    return "~" + text[len(home):] if home not in ("", "/") and (text == home or text.startswith(home + os.sep)) \
        else text


def file_names(project_root: Path) -> frozenset[str]:
    """The names (last part) of the project's files, tracked or not ignored, for bare file names in a memory
    (``billing.py`` scopes a lesson only when the project has a billing.py). Empty when git cannot say."""
    import subprocess

    try:
        proc = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                              cwd=project_root, capture_output=True, timeout=30, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return frozenset()
    if proc.returncode != 0:
        return frozenset()
    return frozenset(p.rsplit("/", 1)[-1] for p in proc.stdout.decode("utf-8", "replace").split("\0") if p)


def _belongs(project_root: Path) -> Callable[[str], bool]:
    """Whether a working directory an agent recorded is this repository's (main checkout or a worktree,
    or a folder inside one that is not a project of its own)."""
    from altimate_learn.capture.sessions import belongs_to, project_roots
    from altimate_learn.capture.sessions.claude_memory import repository_roots

    roots = [project_roots(r) for r in repository_roots(project_root)]
    cache: dict[str, bool] = {}

    def belongs(cwd: str) -> bool:
        if cwd not in cache:
            cache[cwd] = any(belongs_to(cwd, r) for r in roots)
        return cache[cwd]

    return belongs


def _codex_rollouts(project_root: Path) -> list[Path]:
    """This repository's Codex session files (main checkout and worktrees)."""
    from altimate_learn.capture.sessions import codex, project_roots
    from altimate_learn.capture.sessions.claude_memory import repository_roots

    roots: set[str] = set()
    for root in repository_roots(project_root):
        roots |= project_roots(root)
    try:
        return [Path(info.path) for info in codex.discover(roots)]
    except (OSError, ValueError):
        return []


def _codex_hook_notes(project_root: Path) -> set[str]:
    """The Codex ad-hoc notes learn's Codex hook saw this repository's sessions write (an `--ephemeral` one too)."""
    from altimate_learn.capture.sessions.codex_memory import recorded_notes
    from altimate_learn.deliver.state import SESSIONS
    from altimate_learn.worktree import locate

    return recorded_notes(os.path.join(locate(str(project_root)).local_dir, SESSIONS))


def scan(project_root: Path, agents: Iterable[str] = AGENTS) -> Scan:
    """This repository's memories of every agent in ``agents`` (reads only)."""
    out = Scan()
    for agent in agents:
        try:
            if agent == "claude-code":
                from altimate_learn.capture.sessions import claude_memory

                found = claude_memory.read_memories(project_root)
            elif agent == "codex":
                from altimate_learn.capture.sessions import codex_memory

                found = codex_memory.read_memories(_belongs(project_root), lambda: _codex_rollouts(project_root),
                                                   lambda: _codex_hook_notes(project_root))
            elif agent == "gemini":
                from altimate_learn.capture.sessions import gemini_memory

                found = gemini_memory.read_for_project(project_root)
            else:
                raise LearnError(f"unknown agent '{agent}'.", f"Use one of: {', '.join(AGENTS)}, all.")
        except OSError as exc:  # one agent's unreadable folder never hides the others
            out.notes.append(f"{AGENT_LABELS[agent]}: memory folder cannot be read ({exc.strerror or exc})")
            continue
        memories, skipped, folders, notes = found
        out.memories += memories
        out.skipped += skipped
        out.notes += notes
        out.folders[agent] = [tilde(f) for f in folders]
        if folders:
            out.scanned.add(agent)
    return out


# --- state ---------------------------------------------------------------------------------------------

def read_state(store: Store) -> dict[str, Any]:
    """`memories.json` ({"version": 1, "memories": {key: entry}}); unreadable reads as empty (writes nothing)."""
    try:
        value = fsio.read_json(store.path(STATE_FILE), quarantine=False)
    except MalformedFileError:
        value = None
    entries = value.get("memories") if isinstance(value, dict) else None
    clean = {k: v for k, v in entries.items() if isinstance(k, str) and isinstance(v, dict)} \
        if isinstance(entries, dict) else {}
    return {"version": 1, "memories": clean}


def _write_state(store: Store, updates: dict[str, dict[str, Any]], removed: Iterable[str] = ()) -> None:
    """Merge ``updates`` into the file under the store lock (another run may have written meanwhile);
    ``removed`` are keys a memory no longer goes by (its entry moved to its current key)."""
    removed = [k for k in removed if k not in updates]
    if not updates and not removed:
        return
    with store.lock():
        path = store.path(STATE_FILE)
        try:
            fsio.read_json(path, quarantine=False)
        except MalformedFileError:
            fsio.move_aside(path)  # never overwritten: kept beside, as every malformed file
        state = read_state(store)
        state["memories"].update(updates)
        for key in removed:
            state["memories"].pop(key, None)
        store.write_json(STATE_FILE, state)


def _resolve_aliases(memories: Iterable[AgentMemory], state: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Read entries kept under a key an earlier learn gave a memory (``aliases``) as the memory's current key:
    ``state`` gains them; the answer maps each old key to the new one."""
    moved: dict[str, str] = {}
    for memory in memories:
        if memory.key in state:
            continue
        for alias in memory.aliases:
            if alias in state and alias not in moved:
                state[memory.key] = state[alias]
                moved[alias] = memory.key
                break
    return moved


# --- provenance ----------------------------------------------------------------------------------------

def author(root: Path) -> str:
    """The name this person signs their commits with in this repository (``GIT_AUTHOR_NAME``, else git's
    ``user.name``), for provenance; "" when none is set. Never this machine's user or host name: provenance is
    committed with the lesson, and the name a person chose for their commits is what the commit adding it
    already shows (review48: "on tester@vm", user@host, reached the team's approved.json)."""
    from altimate_learn import git

    name = os.environ.get("GIT_AUTHOR_NAME") or git.config_get(root, "user.name") or ""
    return _clip(redact(name), 60) if name.strip() else ""


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


_ABSOLUTE = re.compile(r"(?:(?<=\s)|^)(?:~|[A-Za-z]:)?[/\\][^\s,;:'\"()]*")


def no_paths(text: str) -> str:
    """``text`` with absolute paths cut to their last part: an agent names a memory after its working
    directory (Codex's task groups do), and provenance is committed with the lesson."""
    return _ABSOLUTE.sub(lambda m: m.group(0).rstrip("/\\").replace("\\", "/").rsplit("/", 1)[-1] or "/", text)


def provenance(memory: AgentMemory, where: str) -> str:
    when = datetime.fromtimestamp(memory.mtime or 0, timezone.utc).strftime("%Y-%m-%d")
    name = _clip(no_paths(redact(memory.name)), MAX_NAME)
    by = f", by {where}" if where else ""
    return f"from {memory.label} '{name}' ({_clip(no_paths(redact(memory.rel)), 80)}, modified {when}{by})"


# --- the import ----------------------------------------------------------------------------------------

@dataclass
class Outcome:
    """What happened to one memory in this run."""

    memory: AgentMemory
    change: str                  # new | changed | unchanged | retry
    status: str                  # staged | updated | replacement | merged | refused | conflict | waiting | unchanged
    #                              (a dry run: would-stage | would-replace | would-update instead of the first three)
    lesson: str | None = None
    text: str | None = None
    reason: str = ""
    by: str = ""
    was: str = ""                # an unchanged memory: its status at the import that read it (refused, staged, …)
    bullet: str = ""             # a personal memory written to the local file: the digest of its bullet

    def to_json(self) -> dict[str, Any]:
        m = self.memory
        return {"agent": m.agent, "type": m.type, "name": _clip(m.name, 120), "file": m.rel, "change": self.change,
                "status": self.status, "lesson": self.lesson, "text": self.text, "reason": self.reason or None,
                "condensed_by": self.by or None}


@dataclass
class ImportResult:
    store: str
    dry_run: bool = False
    outcomes: list[Outcome] = field(default_factory=list)
    skipped: list[SkippedMemory] = field(default_factory=list)
    deleted: list[dict[str, Any]] = field(default_factory=list)
    personal: dict[str, int] = field(default_factory=dict)
    folders: dict[str, list[str]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    model: str = ""
    model_note: str = ""
    candidate: str | None = None
    local: str | None = None  # the personal file user memories went to (AGENTS.local.md), as shown
    types: list[str] = field(default_factory=list)  # the types imported

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)

    @property
    def added(self) -> int:
        return sum(1 for o in self.outcomes if o.status in ("staged", "updated", "replacement"))

    @property
    def written_locally(self) -> int:
        return sum(1 for o in self.outcomes if o.status in ("local", "would-write"))

    def to_json(self) -> dict[str, Any]:
        counts = Counter(o.status for o in self.outcomes)
        return {"store": self.store, "dry_run": self.dry_run, "folders": self.folders,
                "memories": [o.to_json() for o in self.outcomes],
                "skipped": [{"agent": s.agent, "file": s.rel, "reason": s.reason} for s in self.skipped],
                "deleted": self.deleted, "personal": self.personal, "notes": self.notes,
                "summary": {k: counts.get(k, 0) for k in ("staged", "updated", "replacement", "merged", "unchanged",
                                                         "waiting", "conflict", "refused")},
                "model": self.model or None, "candidate": self.candidate, "local": self.local}


# A refusal because of an instruction file (the vet: "duplicates AGENTS.md: …", "contradicts CLAUDE.md: …"), not a
# lesson ("duplicates lesson L-…"): it holds only while those files say so.
_INSTRUCTION_VERDICT = re.compile(r"^(?:duplicates|contradicts) (?!lesson L-)")


def _plan(memory: AgentMemory, entry: dict[str, Any] | None,
          instructions: Callable[[], str] | None = None) -> str:
    """``instructions``: the hash of the instruction files now (called only when an entry needs it): a memory
    refused because of them is tried again once they changed (review14 R14-23)."""
    if entry is None or entry.get("status") == "deleted":
        return "new"
    if entry.get("digest") != memory.digest:
        return "changed"
    if entry.get("status") == "waiting":
        return "retry"
    if instructions is not None and entry.get("status") == "refused" \
            and _INSTRUCTION_VERDICT.match(str(entry.get("reason") or "")) and entry.get("ih") != instructions():
        return "retry"
    return "unchanged"


def _instruction_hash(store: Store) -> Callable[[], str]:
    """The hash of the project's instruction files (what the vet's stamps record), computed on first use."""
    known: list[str] = []

    def current() -> str:
        if not known:
            from altimate_learn.instructions.files import discover

            known.append(discover(store.project.root).hash)
        return known[0]

    return current


def _entry(outcome: Outcome, now: str, previous: dict[str, Any] | None,
           instructions: Callable[[], str] | None = None) -> dict[str, Any]:
    m = outcome.memory
    entry = {"agent": m.agent, "type": m.type, "name": _clip(m.name, 120), "file": m.rel, "digest": m.digest,
             "modified": datetime.fromtimestamp(m.mtime or 0, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
             "status": outcome.status, "at": now}
    lesson = outcome.lesson or (previous or {}).get("lesson")
    if lesson:
        entry["lesson"] = lesson
    rule = _rule_digest(outcome.text) if outcome.text and outcome.status in ("staged", "updated", "replacement") \
        else (previous or {}).get("rule") if lesson == (previous or {}).get("lesson") else None
    if rule:
        entry["rule"] = rule  # a digest of the rule it staged, never its text: finds that rule under another id
    if outcome.reason:
        entry["reason"] = _clip(outcome.reason, 300)
    bullet = outcome.bullet or ((previous or {}).get("bullet") if outcome.status == "unchanged" else "")
    if bullet:
        entry["bullet"] = bullet
    if instructions is not None and outcome.status == "refused" and _INSTRUCTION_VERDICT.match(outcome.reason or "") \
            and "; quarantined as L-" not in outcome.reason:  # a quarantined one waits in quarantine, not here
        entry["ih"] = instructions()  # the instruction files it was refused against
    return entry


def _base_lessons(store: Store) -> tuple[list[dict[str, Any]], set[str]]:
    """The lessons the curator will work on (the candidate, else the approved set), and the approved ids."""
    approved = store.approved()
    candidate = store.candidate()
    return (candidate if candidate is not None else approved), {lesson["id"] for lesson in approved}


def _batches(items: list[tuple[dict[str, Any], int]]) -> list[list[tuple[dict[str, Any], int]]]:
    """Deltas in groups the curator accepts in one pass (3 ADDs and 3 edits or replacements)."""
    from altimate_learn.curate.curator import MAX_ADDS, MAX_EDITS

    out: list[list[tuple[dict[str, Any], int]]] = []
    current: list[tuple[dict[str, Any], int]] = []
    adds = edits = 0
    for item in items:
        delta = item[0]
        is_edit = delta["op"] == "EDIT" or bool(delta.get("supersedes"))
        if (is_edit and edits >= MAX_EDITS) or (not is_edit and adds >= MAX_ADDS):
            out.append(current)
            current, adds, edits = [], 0, 0
        current.append(item)
        edits += is_edit
        adds += not is_edit
    if current:
        out.append(current)
    return out


_OVERLAP = re.compile(r"^overlaps (.+?): EDIT it, or ADD with")


def _conflict_reason(reason: str, text: str | None, lessons: dict[str, dict[str, Any]] | None = None) -> str:
    """The curator's overlap reason in the words of a person running `learn import-memories` (the curator's
    own advice is about deltas, which they do not write): what they can do with learn's commands, saying what
    `learn remember` will do with the rule (``lessons``: the lessons by id): replace a lesson it says most of or
    gives the opposite rule to, else stage it beside (review14 R14-32)."""
    match = _OVERLAP.match(reason)
    if match is None:
        return reason
    ids = list(dict.fromkeys(_LESSON.findall(match.group(1))))
    them = ids[0] if len(ids) == 1 else "them"
    rule = f'"{_clip(text, 150)}"' if text else "its rule"
    if text and lessons is not None and ids and all(i in lessons for i in ids) \
            and not any(_replaced_by(text, lessons[i].get("text") or "") for i in ids):
        return (f"overlaps {match.group(1)}: to add {rule} beside {them}, pass it to `learn remember` (both stay; "
                f"`learn retire {ids[0]}` if the new rule should take its place); to keep only {them}, do nothing")
    return (f"overlaps {match.group(1)}: to make {rule} the rule, pass it to `learn remember` (it replaces {them}); "
            f"to keep {them}, do nothing")


def _replaced_by(text: str, lesson: str) -> bool:
    """Whether `learn remember` of ``text`` replaces ``lesson`` when the two share a backticked name: it says most
    of the lesson, or gives the opposite rule for that name (gates/screen.py)."""
    from altimate_learn.curate.apply import contradictions
    from altimate_learn.gates.screen import _covers

    return _covers(text, lesson) or bool(contradictions(text, lesson))


def _rejected_status(rule: str | None) -> str:
    """A memory's status from the curator's rejection rule: a lint rule refuses it; a contradiction waits
    for a person; a limit or a lesson changed meanwhile ("unknown-id") is tried again next run."""
    if rule == "overlap":
        return "conflict"
    if rule == "duplicate":
        return "merged"
    if rule in ("limit", "too-many", "too-long", "unknown-id"):
        return "waiting"
    return "refused"


def import_memories(store: Store, *, agents: Iterable[str] = AGENTS, types: Iterable[str] | None = None,
                    dry_run: bool = False, resolution: Any = None,
                    consent: Callable[[int, str], bool] | None = None, max_stored: int | None = None,
                    now: str | None = None) -> ImportResult:
    """Import this repository's agent memories into the store's candidate (see the module docstring).

    ``resolution`` is the model to condense with (:class:`altimate_learn.reflect.providers.Resolution`;
    None or the builtin one: offline only); ``consent(count, model)`` is asked before waiting memories are
    sent to it (None: send without asking, e.g. the learner's own schedule, which has its consent)."""
    now = now or fsio.utc_now()
    wanted = {t for t in (types or TEAM_TYPES)}
    unknown = wanted - set(TYPES)
    if unknown:
        raise LearnError(f"unknown memory type '{sorted(unknown)[0]}'.", f"Use one of: {', '.join(TYPES)}.")
    agents = list(dict.fromkeys(agents))
    found = scan(store.project.root, agents)
    result = ImportResult(store.name, dry_run=dry_run, skipped=found.skipped, folders=found.folders,
                          notes=found.notes, types=[t for t in TYPES if t in wanted])
    state = read_state(store)["memories"]
    moved = _resolve_aliases(found.memories, state)
    instructions = _instruction_hash(store)
    base, approved_ids = _base_lessons(store)
    base_by_id = {lesson["id"]: lesson for lesson in base}
    where = author(store.project.root)

    personal: Counter[str] = Counter()
    work: list[tuple[Outcome, Proposal]] = []
    files: frozenset[str] | None = None  # the project's file names, read when a memory needs condensing
    for raw in found.memories:
        change = _plan(raw, state.get(raw.key), instructions)
        if raw.type not in wanted:
            entry = state.get(raw.key) or {}
            if change == "unchanged" and entry.get("status") in ("local", "staged", "merged", "updated", "replacement"):
                # imported by a run that named its type: already where it goes, not left out (trial24)
                result.outcomes.append(Outcome(redacted(raw), change, "unchanged", lesson=entry.get("lesson"),
                                               was=str(entry.get("status") or "")))
            else:
                personal[raw.type] += 1
            continue
        memory = redacted(raw)
        if change == "unchanged":
            entry = state[raw.key]
            result.outcomes.append(Outcome(memory, change, "unchanged", lesson=entry.get("lesson"),
                                           reason=entry.get("reason", "") if entry.get("status") != "staged" else "",
                                           was=str(entry.get("status") or "")))
            continue
        if files is None:
            files = file_names(store.project.root)
        proposal = propose_offline(memory, files)
        work.append((Outcome(memory, change, proposal.status, reason=proposal.reason), proposal))
    result.personal = dict(sorted(personal.items()))

    # the model, for what offline could not condense
    waiting = [p for _, p in work if p.status == "waiting"]
    chat = getattr(resolution, "chat", None)
    if resolution is not None:
        result.model = getattr(resolution, "model", "") or ""
    if waiting and chat is not None:
        if dry_run:
            result.model_note = f"a real run would ask {result.model} to condense {plural(len(waiting), 'memory', 'memories')}"
        elif consent is None or consent(len(waiting), result.model):
            _condense_with_model(chat, waiting, result)
        else:
            result.model_note = f"not sent to {result.model}: {plural(len(waiting), 'memory', 'memories')} stay waiting"
    elif waiting:
        result.model_note = ("no model configured (--model or learn.model): memories whose rule is too long stay "
                             "waiting")

    gone = _deleted(found, state, skip=moved)
    # personal memories go to the person's own instruction file, never to the team's candidate
    mine = [(o, p) for o, p in work if o.memory.type in LOCAL_TYPES]
    work = [(o, p) for o, p in work if o.memory.type not in LOCAL_TYPES]
    rewritten: set[int] = set()  # ids of gone entries whose bullet a new memory replaced
    if mine:
        given = _first_shown(store)
        result.local = _to_local(store, mine, state, gone, rewritten, dry_run=dry_run, notes=result.notes,
                                 echo=lambda proposal: _echoed(proposal, base, approved_ids, given))
    paired: dict[int, dict[str, Any]] = {}  # work index -> the gone memory whose lesson it replaces
    deltas: list[tuple[dict[str, Any], int]] = []
    helpful_for: dict[int, str] = {}  # work index -> the lesson a memory agreeing with it counts as helpful for
    shown = _first_shown(store) if work else {}
    rewrites: dict[int, tuple[str, bool]] = {}  # work index -> (the lesson it replaces, approved: superseded)
    for index, (outcome, proposal) in enumerate(work):
        outcome.status, outcome.reason, outcome.by = proposal.status, proposal.reason, proposal.by
        if proposal.status != "ready":
            continue
        outcome.text = proposal.text
        previous = state.get(proposal.memory.key) or {}
        # a memory owns the lesson it staged; one merged into a lesson (an echo of what learn gave the agent, or a
        # vote for it) never did: its rewrite is read as a new memory, never as that lesson's replacement (review42
        # R42-1: the agent's paraphrase of a delivered lesson superseded the person-approved one, narrowed to app/**)
        owned = previous.get("status") != "merged"
        target = previous.get("lesson") if outcome.change in ("changed", "retry") and owned else None
        if target is None and outcome.change == "new":
            sibling = _restated(proposal, gone, base_by_id, paired)
            if sibling is not None:
                target, paired[index] = sibling["lesson"], sibling
        delta = _delta(proposal, outcome, index, where)
        echo = _echoed(proposal, base, approved_ids, shown) if target is None else None
        if echo is not None:
            outcome.status, outcome.lesson = "merged", echo
            outcome.reason = (f"says what {echo} says, which learn gave the agent before this memory was written: an "
                              "echo of the lesson, not counted as helpful")
            continue
        if target is None:
            twin = _same_words(proposal.text or "", base)
            repeated = twin if twin is not None else _note_repeat(delta, outcome, proposal.text or "", base)
            if twin is not None or (repeated is not None
                                    and _says_the_same(proposal.text or "", repeated.get("text") or "")):
                # The curator refuses an ADD naming a lesson's identifiers (an overlap, reported as a conflict
                # with advice to replace the lesson) though the two agree: the memory is a vote for that lesson,
                # in a dry run as in the real one (review12 R12-3).
                delta = {"op": "HELPFUL", "id": repeated["id"], "reason": delta["reason"]}
                helpful_for[index] = repeated["id"]
        if target is not None and target not in base_by_id and outcome.change == "changed":
            heir = _heir(store, target, base_by_id)
            if heir is not None:  # a person replaced the memory's lesson, then the agent rewrote the memory (trial29)
                note = (f"its lesson {target} was replaced by {heir}: may repeat {heir}, reject it in review if it adds "
                        "nothing")
                outcome.reason = f"{outcome.reason}; {note}" if outcome.reason else note
                delta["provenance"] = _clip(f"{delta['provenance']}; {note}", MAX_PROVENANCE_CHARS)
            else:  # its lesson was left out as a twin of the same rule a teammate approved first: that one is its lesson
                target = next((lesson["id"] for lesson in base if previous.get("rule")
                               and _rule_digest(lesson.get("text") or "") == previous["rule"]), target)
        if target in base_by_id:
            old = base_by_id[target]
            same = old["text"] == proposal.text and (not proposal.paths or
                                                      (old.get("trigger") or {}).get("paths") == proposal.paths)
            if same:
                outcome.status, outcome.lesson = "unchanged", target
                continue
            delta = _replacing(delta, target, approved_ids)
            rewrites[index] = (target, target in approved_ids)
        deltas.append((delta, index))
        outcome.status = "ready"

    if dry_run:
        for index, (outcome, _) in enumerate(work):
            if outcome.status == "ready" and index in helpful_for:
                outcome.status, outcome.lesson = "merged", helpful_for[index]
                outcome.reason = f"says what {helpful_for[index]} says: it would count as helpful for it"
            elif outcome.status == "ready":  # the curator's lint and the offline vet, predicted (dedupe and overlaps
                verdict = lint(outcome.text or "")  # need a real run)
                outcome.status = "would-stage" if verdict.ok else "refused"
                outcome.reason = outcome.reason if verdict.ok else (verdict.reason or "fails lint")
                if verdict.rule == "secret" and unredactable_secret(outcome.text or ""):
                    outcome.text = WITHHELD  # a value the redactor did not name is not shown either (R40-13)
                vetted = _vet_offline(store, base, verdict.text) if verdict.ok and index not in rewrites else None
                if vetted is not None:  # what the real run's vet says, which sends nothing either (review14 R14-36)
                    outcome.status = "refused"
                    outcome.reason = vetted
                twin, stale = _duplicate_of(verdict.text, base) if verdict.ok and vetted is None \
                    and index not in rewrites else (None, None)
                if twin is not None:  # the curator's duplicate rule, as the real run meets it (review27 R27-1)
                    outcome.status, outcome.lesson = "merged", twin
                    outcome.reason = f"a duplicate of {twin}: it would count as helpful for it"
                elif stale is not None:  # another value: the curator stages it as replacing that lesson (R27-2)
                    outcome.status = "would-replace"  # the id is said in the reason, never shown as this rule's
                    said = f"would replace {stale} (it states another value; superseded once promoted)"
                    outcome.reason = f"{said}; {outcome.reason}" if outcome.reason else said
                elif verdict.ok and vetted is None and index not in rewrites \
                        and (clash := _overlap_conflict(verdict.text, base)) is not None:
                    # the curator's overlap refusal, as the real run reports it (R34-11), with the reviewer's notes
                    outcome.status, outcome.reason = "conflict", "; ".join([clash, *_notes(outcome.reason)])
                if verdict.ok and index in rewrites:  # a rewritten memory replaces its lesson (review13 R13-14)
                    target, approved = rewrites[index]
                    outcome.status = "would-replace" if approved else "would-update"
                    said = (f"would replace {target} (superseded once promoted)" if approved
                            else f"would update {target} (staged)")
                    outcome.reason = f"{said}; {outcome.reason}" if outcome.reason else said
        result.outcomes += [o for o, _ in [*work, *mine]]
        result.deleted = [e for e in _unpaired(gone, paired, work, dry_run=True) if id(e) not in rewritten]
        return result

    _curate(store, deltas, work, max_stored)
    # A new bullet the curator found to restate or contradict the lesson of a bullet of the same group and
    # section that disappeared in this run is that memory rewritten: propose it as that lesson's replacement.
    retry: list[tuple[dict[str, Any], int]] = []
    if gone:
        base, approved_ids = _base_lessons(store)
        base_by_id = {lesson["id"]: lesson for lesson in base}
        for index, (outcome, proposal) in enumerate(work):
            if outcome.change != "new" or outcome.status not in ("conflict", "merged") or index in paired:
                continue
            named = set(_LESSON.findall(outcome.reason)) | ({outcome.lesson} if outcome.lesson else set())
            sibling = _restated(proposal, gone, base_by_id, paired, named=named)
            if sibling is None:
                continue
            paired[index] = sibling
            retry.append((_replacing(_delta(proposal, outcome, index, where), sibling["lesson"], approved_ids),
                          index))
        if retry:
            _curate(store, retry, work, max_stored)
    beside = _apart(store, work, where)
    if beside:
        _curate(store, beside, work, max_stored)
    lessons_now = {lesson["id"]: lesson for lesson in _base_lessons(store)[0]}
    noted = {index: _notes(delta.get("provenance")) for delta, index in deltas}
    for index, (outcome, _) in enumerate(work):
        if outcome.status == "conflict":
            # what the reviewer was told of the lessons it may repeat or contradict stays with the conflict
            outcome.reason = "; ".join([_conflict_reason(outcome.reason, outcome.text, lessons_now),
                                        *noted.get(index, [])])
    result.outcomes += [o for o, _ in [*work, *mine]]
    result.deleted = [e for e in _unpaired(gone, paired, work, dry_run=False) if id(e) not in rewritten]
    updates: dict[str, dict[str, Any]] = {}
    for outcome in result.outcomes:
        previous = state.get(outcome.memory.key)
        if outcome.change == "unchanged" and previous is not None:
            if outcome.memory.key in moved.values():  # the same entry, under the memory's current key
                updates[outcome.memory.key] = dict(previous)
            continue
        updates[outcome.memory.key] = _entry(outcome, now, previous, instructions)
    for index, entry in paired.items():  # moved or renamed, same text: the entry moves with its status
        outcome = work[index][0]
        if outcome.status == "unchanged" and entry.get("status") in ("staged", "updated", "replacement"):
            updates[outcome.memory.key]["status"] = entry["status"]
    for entry in result.deleted:
        updates[entry["key"]] = dict(state[entry["key"]], status="deleted", at=now)
    replaced = [entry["key"] for entry in gone if entry not in result.deleted]
    _write_state(store, updates, removed=[*moved, *replaced])
    if store.path(Store.CANDIDATE).exists():
        result.candidate = str(store.path(Store.CANDIDATE))
    return result


# `user` memories are about the person (their role, their machine, their preferences; Gemini CLI's private project
# memory): imported, they go to the learner's `local` target, the person's own git-ignored instruction file beside the
# project's (AGENTS.local.md, or CLAUDE.local.md beside CLAUDE.md: learner/targets.py), never to the team's candidate.
LOCAL_TYPES = ("user",)


def _rule_digest(text: str) -> str:
    """A rule's words as the team's twin check reads them (case, spacing, backticks, a final period aside), hashed."""
    import hashlib

    from altimate_learn.team.overruled import words_key

    return hashlib.sha256(words_key(text).encode("utf-8")).hexdigest()[:16]


def _bullet_digest(text: str) -> str:
    import hashlib

    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:16]


def _to_local(store: Store, mine: list[tuple[Outcome, Proposal]], state: dict[str, dict[str, Any]],
              gone: list[dict[str, Any]], rewritten: set[int], *, dry_run: bool, notes: list[str],
              echo: Callable[[Proposal], str | None] = lambda proposal: None) -> str | None:
    """Write the personal memories of ``mine`` as bullets of the learner's block in the local file (the same checks
    as the learner's bullets: the lesson lint, one line, no secret, at most 12, not twice); a rewritten memory
    replaces the bullet it wrote before while that bullet is still there, and so does a new memory of the same agent
    that restates the bullet of one that disappeared (Gemini CLI rewrites a fact: its id ``rewritten`` gets). Sets
    each outcome's status (``local``, in a dry run ``would-write``; ``merged`` when the block says it already;
    ``refused`` by the lint; ``waiting``, tried again by the next import, when the file cannot be read or written or
    its block is full); returns the file as shown. A new bullet that says again an approved lesson learn gave the
    agent before the memory was written (``echo``: Gemini CLI keeps what its context told it in its private memory)
    is ``merged`` into that lesson, not written: learn's section already gives it to every agent, and the bullet
    would come beside it (review49 R49-2)."""
    from altimate_learn.instructions import block
    from altimate_learn.instructions.block import LEARNED, BlockError
    from altimate_learn.learner import targets

    root = store.project.root
    path = targets.local_file(root)
    shown = path.name
    opened = targets.open_targets(root, ["local"], notes)
    target = opened.get("local")
    bullets = list(target.bullets) if target is not None else []
    written: list[Outcome] = []
    for outcome, proposal in mine:
        outcome.status, outcome.reason, outcome.by = proposal.status, proposal.reason, proposal.by
        if proposal.status != "ready":
            continue
        text = outcome.text = proposal.text or ""
        if target is None:  # tried again by the next import (waiting), once the file is fixed
            outcome.status, outcome.reason = "waiting", (
                f"{shown} is tracked by git: a personal memory there would be committed (see the note)"
                if targets.local_tracked(root) else f"{shown} cannot be read (see the note)")
            continue
        problem = targets.text_problem(text)
        if problem:
            outcome.status, outcome.reason = "refused", problem
            continue
        before = (state.get(outcome.memory.key) or {}).get("bullet") if outcome.change in ("changed", "retry") else None
        position = next((n for n, b in enumerate(bullets) if _bullet_digest(b) == before), None) if before else None
        if position is None and outcome.change == "new":
            position = _rewritten_bullet(outcome.memory, text, bullets, gone, rewritten)
        lesson = echo(proposal) if position is None else None
        if lesson is not None:
            outcome.status, outcome.lesson = "merged", lesson
            outcome.reason = (f"says what {lesson} says, which learn gave the agent before this memory was written: an "
                              f"echo of the lesson, not written to {shown}")
            continue
        if any(targets._similar(b, text) for n, b in enumerate(bullets) if n != position):
            outcome.status, outcome.reason = "merged", f"{shown} already says this"
            outcome.bullet = _bullet_digest(text)
            continue
        if position is None and len(bullets) >= (LEARNED.max_bullets or 12):  # tried again once there is room
            outcome.status, outcome.reason = "waiting", f"the learned block of {shown} is full ({LEARNED.max_bullets} bullets)"
            continue
        if position is None:
            bullets.append(text)
        else:
            bullets[position] = text
            outcome.reason = "replaces the bullet it wrote before"
        outcome.status, outcome.bullet = ("would-write" if dry_run else "local"), _bullet_digest(text)
        written.append(outcome)
    if not written or dry_run or target is None:
        return shown
    try:
        block.ensure_ignored(target.path)
        done = block.write(target.snapshot, LEARNED, bullets, within=target.within)
    except (BlockError, OSError) as exc:
        why = exc.message if isinstance(exc, BlockError) else f"{shown} cannot be written ({exc})"
        done = None
    else:
        why = f"{shown} changed while it was imported; run the import again" if done.status == "changed" else ""
    if done is None or done.status == "changed":
        for outcome in written:
            outcome.status, outcome.reason, outcome.bullet = "waiting", why, ""
    return shown


def _rewritten_bullet(memory: AgentMemory, text: str, bullets: list[str], gone: list[dict[str, Any]],
                      rewritten: set[int]) -> int | None:
    """The position of the bullet of a memory of the same agent that disappeared in this run, still in the block,
    that ``text`` restates (as similar as the curator's duplicate threshold; one of the same file and name first)."""
    from altimate_learn.curate.curator import DEDUPE_THRESHOLD, jaccard, word_set

    best, best_rank = None, (False, 0.0)
    for entry in gone:
        if id(entry) in rewritten or entry.get("agent") != memory.agent or not entry.get("bullet"):
            continue
        position = next((n for n, b in enumerate(bullets) if _bullet_digest(b) == entry["bullet"]), None)
        if position is None:
            continue
        score = jaccard(word_set(text), word_set(bullets[position]))
        rank = (entry.get("file") == memory.rel and entry.get("name") == _clip(memory.name, 120), score)
        if score >= DEDUPE_THRESHOLD and rank > best_rank:
            best, best_rank = (entry, position), rank
    if best is None:
        return None
    rewritten.add(id(best[0]))
    return best[1]


def _delta(proposal: Proposal, outcome: Outcome, index: int, where: str) -> dict[str, Any]:
    """The ADD one memory proposes to the curator (tagged with its place in the run as `[m<index>]`)."""
    label = f"{proposal.memory.label} '{_clip(no_paths(proposal.memory.name), 40)}' [m{index}]"
    delta: dict[str, Any] = {"op": "ADD", "text": proposal.text, "provenance": provenance(proposal.memory, where),
                             "reason": label}
    if proposal.dated:  # staged with a note the reviewer reads in the report, `learn show` and the promote diff
        note = dated_note(proposal.dated)
        outcome.reason = note
        delta["provenance"] = _clip(f"{delta['provenance']}; {note}", MAX_PROVENANCE_CHARS)
    if proposal.paths:
        delta["paths"] = proposal.paths
    if proposal.tags:
        delta["tags"] = proposal.tags
    return delta


# Word overlap (Jaccard) past which a memory that gives the same backticked names the same way as a lesson in
# force is noted as a possible repeat of it (the curator's duplicate rule needs 0.6 and sees no overlap on
# stoplisted commands such as `uv` or `pip`).
REPEAT_WORDS = 0.3


_SITUATION = re.compile(r"^(?:when|whenever|if|before|after|while)\b[^,]{0,120},\s*", re.IGNORECASE)
SAME_WORDS = 0.8  # of each side's content words the other holds, for a memory to count as the lesson it repeats


def _first_shown(store: Store) -> dict[str, float]:
    """When learn first gave each lesson to an agent on this machine (the store's `shown.jsonl`, written by the
    hooks), as epoch seconds."""
    out: dict[str, float] = {}
    try:
        with open(store.path("shown.jsonl"), "rb") as handle:
            lines = handle.read(16 << 20).splitlines()
    except OSError:
        return out
    for line in lines:
        try:
            record = json.loads(line)
            at = datetime.strptime(str(record["at"])[:19], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc).timestamp()
            lesson = str(record["id"])
        except (ValueError, KeyError, TypeError):
            continue
        out[lesson] = min(at, out.get(lesson, at))
    return out


def _echoed(proposal: Proposal, base: list[dict[str, Any]], approved_ids: set[str],
            shown: dict[str, float]) -> str | None:
    """The approved lesson the memory says again (the curator's duplicate rule) that learn gave the agent before the
    memory was written: the agent saved our own text (Claude Code writes what its context told it as a `feedback`
    memory), which is no one's vote for the lesson (trial24). None when there is no such lesson."""
    if not shown or not proposal.text or not proposal.memory.mtime:
        return None
    from altimate_learn.curate.apply import DEDUPE_THRESHOLD, opposite
    from altimate_learn.curate.prepared import jaccard, word_set

    words = word_set(proposal.text)
    for lesson in base:
        given = shown.get(lesson.get("id") or "")
        if lesson.get("id") not in approved_ids or given is None or given > proposal.memory.mtime:
            continue
        text = lesson.get("text") or ""
        if words and jaccard(words, word_set(text)) >= DEDUPE_THRESHOLD and not opposite(proposal.text, text) \
                and not _swapped(proposal.text, text):
            return str(lesson["id"])
    return None


def _heir(store: Store, lesson_id: str, live: dict[str, dict[str, Any]]) -> str | None:
    """The lesson in ``live`` that replaced the retired ``lesson_id`` (its `supersededBy`, followed through later
    replacements), from this clone's retired.json and the team's committed retired/ records; None when there is none."""
    from altimate_learn.team.retirements import team_retired

    try:
        records = [*store.retired(), *team_retired(store)]
    except (LearnError, OSError, ValueError):
        return None
    by = {record["id"]: record.get("supersededBy") for record in records if record.get("supersededBy")}
    seen = {lesson_id}
    current = by.get(lesson_id)
    while isinstance(current, str) and current not in seen:
        if current in live:
            return current
        seen.add(current)
        current = by.get(current)
    return None


def _duplicate_of(text: str, base: list[dict[str, Any]]) -> tuple[str | None, str | None]:
    """What the curator's duplicate rule does with an ADD of ``text`` (the dedupe of an ADD in
    `altimate_learn.curate.apply._Pass`: word-set similarity at the threshold, not the opposite rule, naming no code
    beyond it; the most similar, the first in store order among equals): (the lesson it counts as a HELPFUL vote for,
    None) or, when the only such lessons state another value (`values_swapped`: review27 R27-2), (None, the lesson it
    replaces). So the dry run says what the real run does: it said "would stage" where the run merged (review27
    R27-1). tests/history/test_memory_import.py checks that the two agree."""
    from altimate_learn.curate.apply import DEDUPE_THRESHOLD, opposite
    from altimate_learn.curate.names import names_beyond, values_swapped
    from altimate_learn.curate.prepared import jaccard, word_set

    words = word_set(text)
    best_id, best, swap_id, swap = None, 0.0, None, 0.0
    for lesson in base:
        other = lesson.get("text") or ""
        score = jaccard(words, word_set(other))
        if score < DEDUPE_THRESHOLD or opposite(text, other) or names_beyond(text, other):
            continue
        if values_swapped(text, other):
            if score > swap:
                swap_id, swap = lesson.get("id"), score
        elif score > best:
            best_id, best = lesson.get("id"), score
    return (best_id, None) if best_id is not None else (None, swap_id)


def _same_words(text: str, base: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The lesson with the same words as ``text`` (case, backticks and punctuation aside): a captured correction
    and the agent's memory of it often differ only in which names are backticked (review14 R14-30)."""
    from altimate_learn.curate.apply import opposite
    from altimate_learn.curate.prepared import word_set

    words = word_set(text)
    return next((lesson for lesson in base if words and word_set(lesson.get("text") or "") == words
                 and not opposite(text, lesson.get("text") or "") and not _swapped(text, lesson.get("text") or "")),
                None)


def _says_the_same(text: str, lesson: str) -> bool:
    """``text`` (a memory's rule, its "When …," situation aside) holds the lesson's content words and adds next to
    none, and the two name an identifier in common the curator reads overlaps on (`Decimal`; not stoplisted
    commands such as `uv`): an ADD would be refused as an overlap though it says the same thing."""
    from altimate_learn.curate.anchors import identifiers
    from altimate_learn.gates.offline import content_words

    if not identifiers(text) & identifiers(lesson):
        return False
    mine, theirs = content_words(_SITUATION.sub("", text.strip())), content_words(lesson)
    shared = len(mine & theirs)
    return bool(mine and theirs) and shared >= SAME_WORDS * len(mine) and shared >= SAME_WORDS * len(theirs)


def _note_repeat(delta: dict[str, Any], outcome: Outcome, text: str,
                 base: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A memory that restates a lesson in words of its own ("use `uv add` for new dependencies, never pip" beside
    "Use `uv add` to add dependencies; never use `pip install`.") is staged, not merged: whether it adds anything
    is a person's call. The reviewer reads which lesson it may repeat in the import report, `learn show` and the
    promote diff (review11 R11-6). Returns that lesson (None: no repeat)."""
    from altimate_learn.curate.apply import opposite
    from altimate_learn.curate.polarity import polar_spans
    from altimate_learn.curate.prepared import jaccard, word_set
    from altimate_learn.gates.offline import compare
    from altimate_learn.gates.screen import _says_less

    spans = {(span.key, span.polarity): span.label for span in polar_spans(text)}
    words = word_set(text)
    if not spans:
        return _note_plain_repeat(delta, outcome, text, base)
    names = list(dict.fromkeys(_BACKTICKED.findall(text)))
    for lesson in base:
        lesson_text = lesson.get("text") or ""
        if not _BACKTICKED.search(lesson_text):
            # a lesson in plain words (typed with `learn remember`: "Never commit .env files.") read with the memory's
            # names in backticks, as the memory writes them ("Never commit `.env` files; they hold local secrets.":
            # the same rule and its reason; review35 R35-3)
            lesson_text = _backticked(lesson_text, names)
            found = compare(text, lesson_text)  # the vet's reading: "Load settings from `.env`" is not against
            if found is not None and found.verdict == "contradiction" and _swapped(text, lesson_text):
                # "Use `pip` instead of `uv`" beside "Use uv instead of pip."; never "Never commit .env files."
                shown = ", ".join(f"`{name}`" for name in names if name in lesson_text)
                note = (f"may contradict {lesson['id']} (it gives {shown} the other way round): check which rule "
                        "holds before you promote it")
                outcome.reason = f"{outcome.reason}; {note}" if outcome.reason else note
                delta["provenance"] = _clip(f"{delta['provenance']}; {note}", MAX_PROVENANCE_CHARS)
                return lesson
        other = {(span.key, span.polarity) for span in polar_spans(lesson_text)}
        if not spans.keys() <= other:
            continue
        # two or more names, each given the same way on both sides, say it whatever the other words ("Use `structlog`
        # for all logging instead of `print()`." beside "Log with `structlog`, never `print()`.": review13 R13-20);
        # or a part of the lesson said again, nothing added ("When running tests, run `uv run pytest`." of "Run tests
        # with `uv run pytest`, never `bare pytest`.": `learn remember` counts it for the lesson, review34 R34-3)
        part = _says_less(text, lesson_text)
        if not (len(spans) >= 2 and spans.keys() == other) \
                and jaccard(words, word_set(lesson_text)) < REPEAT_WORDS and not part:
            continue
        # each name the memory gives is given the same way in the lesson (above): a part of it is no opposite, though
        # the lesson's other name is negated ("never `bare pytest`" beside "run `uv run pytest`")
        if opposite(text, lesson_text) and not part:
            continue
        names = ", ".join(f"`{label}`" for label in sorted(spans.values()))
        note = f"may repeat {lesson['id']} (both give {names} the same way): reject it in review if it adds nothing"
        outcome.reason = f"{outcome.reason}; {note}" if outcome.reason else note
        delta["provenance"] = _clip(f"{delta['provenance']}; {note}", MAX_PROVENANCE_CHARS)
        return lesson
    return None


_BACKTICKED = re.compile(r"`([^`\n]+)`")


def _note_plain_repeat(delta: dict[str, Any], outcome: Outcome, text: str,
                       base: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A memory that writes a lesson's backticked names as plain words ("This service is FastAPI; never add Flask."
    beside "Build endpoints with `FastAPI`; never add `Flask`.": a teammate's Claude Code saved the rule the team had
    already approved) has no names of its own to compare, so :func:`_note_repeat` saw nothing and the same rule was
    staged a second time, unremarked (trial28). The reviewer is told which lesson it may repeat when the memory says
    every name of it and as many of its words as a repeat needs (:data:`REPEAT_WORDS`), the same way round."""
    from altimate_learn.curate.apply import opposite
    from altimate_learn.curate.prepared import jaccard, word_set

    said = {word.lower() for word in re.findall(r"[\w+#-]+(?:[./][\w+#-]+)*/?", text)}  # `app/lib/`, `app.py`
    words = word_set(text)
    for lesson in base:
        lesson_text = lesson.get("text") or ""
        names = list(dict.fromkeys(_BACKTICKED.findall(lesson_text)))
        if not names or not all(name.lower() in said for name in names):
            continue
        shown = ", ".join(f"`{name}`" for name in names)
        # which way round each name is given ("never Flask"), read as the curator reads backticked names (review26
        # R26-6: "Use yarn, never pnpm." beside "Use `pnpm`, never `yarn`." was called a repeat)
        mine, theirs = _polarities(_backticked(text, names)), _polarities(lesson_text)
        if _swapped(text, lesson_text):
            # the curator reads which way round a name is given only in backticks: with them it sees the conflict
            # (the same words the other way round were taken for a duplicate, counted as helpful)
            delta["text"] = _backticked(text, names)
            note = (f"may contradict {lesson['id']} (it gives {shown} the other way round): check which rule holds "
                    "before you promote it")
        elif all(mine.get(key) == way for key, way in theirs.items()) \
                and jaccard(words, word_set(lesson_text)) >= REPEAT_WORDS and not opposite(text, lesson_text):
            note = f"may repeat {lesson['id']} (both name {shown}): reject it in review if it adds nothing"
        else:
            continue
        outcome.reason = f"{outcome.reason}; {note}" if outcome.reason else note
        delta["provenance"] = _clip(f"{delta['provenance']}; {note}", MAX_PROVENANCE_CHARS)
        return lesson
    from altimate_learn.gates.offline import compare

    for lesson in base:
        lesson_text = lesson.get("text") or ""
        if _BACKTICKED.search(lesson_text):
            continue
        found = compare(text, lesson_text)
        if found is not None and found.verdict == "contradiction":
            # both in plain words ("Use pip to install dependencies." beside the approved "Use uv, never pip."): the
            # vet's reading, as `learn remember` replaces such a lesson (review35 R35-8 residue)
            note = (f"may contradict {lesson['id']} ({found.reason}): check which rule holds before you promote it")
            outcome.reason = f"{outcome.reason}; {note}" if outcome.reason else note
            delta["provenance"] = _clip(f"{delta['provenance']}; {note}", MAX_PROVENANCE_CHARS)
            return lesson
    for lesson in base:
        lesson_text = lesson.get("text") or ""
        if _BACKTICKED.search(lesson_text) or not _plain_repeat(text, lesson_text):
            continue
        note = f"may repeat {lesson['id']} (it says most of its words, the same way): reject it in review if it adds " \
               "nothing"
        outcome.reason = f"{outcome.reason}; {note}" if outcome.reason else note
        delta["provenance"] = _clip(f"{delta['provenance']}; {note}", MAX_PROVENANCE_CHARS)
        return lesson
    return None


# Of each side's content words the other must hold, for two rules in plain words (no backticked name on either side)
# to be noted as a possible repeat: a teammate's Claude Code saved "This repo logs through the logging module; no print
# calls for diagnostics." beside the approved "Use the logging module for diagnostics in this repo; never leave print()
# calls." (6 of 8 and 6 of 7; Jaccard 0.56, under the curator's 0.6) and it was staged without a word (trial29).
PLAIN_REPEAT_SHARE = 0.6
_CLAUSES = re.compile(r"[;.!?]+(?:\s|$)|,\s*(?:but|and)\b")


def _plain_repeat(text: str, lesson_text: str) -> bool:
    """Whether ``text`` says the plain-words rule ``lesson_text`` again: most content words of each on the other side,
    the same values (numbers, names), and both rules saying not to do the same thing (the words after a negation, clause
    by clause, meet more than they meet what the other asks for: "Use print() for diagnostics; never use the logging
    module." is no repeat). Two statements of fact ("The session timeout is 30 minutes.") are never called repeats: the
    words they do not share may be the value that changed."""
    from altimate_learn.curate.apply import opposite
    from altimate_learn.gates.offline import content_words

    mine, theirs = content_words(text), content_words(lesson_text)
    shared = mine & theirs
    if len(shared) < 3 or len(shared) < PLAIN_REPEAT_SHARE * len(mine) or len(shared) < PLAIN_REPEAT_SHARE * len(theirs):
        return False
    if opposite(text, lesson_text):
        return False
    if _values(text) - _values(lesson_text) or _values(lesson_text) - _values(text):
        return False  # another number, version or name: "… is 5 minutes" beside "… is 30 minutes" (review27 R27-1)
    (my_yes, my_no), (their_yes, their_no) = _sides(text), _sides(lesson_text)
    if not my_no or not their_no:
        return False  # a statement of fact sharing most words may state another value: no "same way" to compare
    together = len(my_no & their_no)
    return together > len(my_no & (their_yes - their_no)) and together > len(their_no & (my_yes - my_no))


_VALUE = re.compile(r"(?<![\w.])(?:\w*\d[\w.]*|(?<=[^\s.!?:;] )[A-Z][\w.+#-]*|[a-z]+[A-Z][\w.+#-]*)")


def _values(text: str) -> frozenset[str]:
    """What a sentence states as a value: numbers and versions ("30", "16", "3.12"), and names, as capitalised words
    inside it ("Redis", "Tuesday", "HTTPS"; the first word of a sentence is any word) or camelCase ("useState")."""
    return frozenset(word.lower().rstrip(".") for word in _VALUE.findall(text))


def _sides(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The content words ``text`` asks for and those it says not to (after a negation, to the end of its clause)."""
    from altimate_learn.curate.polarity import _AVOID_VERBS, _NEGATORS, _normal
    from altimate_learn.gates.offline import content_words

    yes: set[str] = set()
    no: set[str] = set()
    for clause in _CLAUSES.split(text):
        words = re.findall(r"[\w'’()]+", clause)
        cut = next((n for n, word in enumerate(words)
                    if _normal(word.lower().strip("()")) in _NEGATORS | _AVOID_VERBS), None)
        if cut is None:
            yes |= content_words(clause)
        else:
            yes |= content_words(" ".join(words[:cut]))
            no |= content_words(" ".join(words[cut + 1:]))
    return frozenset(yes), frozenset(no)


def _swapped(text: str, lesson_text: str) -> bool:
    """Whether ``text`` gives a backticked name of the lesson, backticked or as a plain word, only the other way round
    ("Use yarn, never pnpm." beside "Use `pnpm`, never `yarn`.": the same words, the opposite rule; review26 R26-6)."""
    names = list(dict.fromkeys(_BACKTICKED.findall(lesson_text)))
    if not names:
        return False
    mine, theirs = _polarities(_backticked(text, names)), _polarities(lesson_text)
    return any(mine.get(key) and not mine[key] & way for key, way in theirs.items())


def _backticked(text: str, names: list[str]) -> str:
    """``text`` with each of ``names`` it says as a plain word in backticks, as the lesson writes it."""
    for name in names:
        text = re.sub(rf"(?<![\w`]){re.escape(name)}(?![\w`])", f"`{name}`", text, flags=re.IGNORECASE)
    return text


def _polarities(text: str) -> dict[Any, set[int]]:
    """Each backticked name of ``text`` and the ways it is given (1: to use, -1: never, instead of, avoid)."""
    from altimate_learn.curate.polarity import polar_spans

    out: dict[Any, set[int]] = {}
    for span in polar_spans(text):
        out.setdefault(span.key, set()).add(span.polarity)
    return out


def _replacing(delta: dict[str, Any], target: str, approved_ids: set[str]) -> dict[str, Any]:
    """``delta`` as the new version of lesson ``target``: a replacement that supersedes it once approved, an
    EDIT while it is only staged."""
    if target in approved_ids:
        return {**delta, "supersedes": target}
    return {**delta, "op": "EDIT", "id": target}


def _restated(proposal: Proposal, gone: list[dict[str, Any]], base_by_id: dict[str, dict[str, Any]],
              paired: dict[int, dict[str, Any]], named: set[str] | None = None) -> dict[str, Any] | None:
    """The memory of the same agent that disappeared in this run and whose lesson ``proposal`` restates or
    rewrites: a lesson the curator named (``named``: it overlaps or repeats it), else one at least as similar
    as the curator's duplicate threshold. That is the same memory rewritten, moved or renamed (Codex rewrites
    a bullet or renames its task group, Claude Code renames a file, Gemini CLI rewrites a fact); one of the
    same file and group or section comes first. None when there is none (or it is already taken)."""
    from altimate_learn.curate.curator import DEDUPE_THRESHOLD, jaccard, word_set

    memory = proposal.memory
    taken = {id(entry) for entry in paired.values()}
    best, best_rank = None, (False, 0.0)
    for entry in gone:
        lesson = entry.get("lesson")
        if id(entry) in taken or lesson not in base_by_id or entry.get("agent") != memory.agent:
            continue
        same_place = entry.get("file") == memory.rel and entry.get("name") == _clip(memory.name, 120)
        if named is not None:
            score = 1.0 if lesson in named else 0.0
        else:
            score = jaccard(word_set(proposal.text or ""), word_set(base_by_id[lesson]["text"]))
            score = score if score >= DEDUPE_THRESHOLD else 0.0
        if score and (same_place, score) > best_rank:
            best, best_rank = entry, (same_place, score)
    return best


def _unpaired(gone: list[dict[str, Any]], paired: dict[int, dict[str, Any]], work: list[tuple[Outcome, Proposal]],
              *, dry_run: bool) -> list[dict[str, Any]]:
    """The memories to report as deleted: those that disappeared, less those rewritten as a new bullet whose
    replacement of their lesson went through (in a dry run: would be proposed)."""
    done = {id(entry) for index, entry in paired.items()
            if dry_run or work[index][0].status in ("replacement", "updated", "unchanged")}
    return [entry for entry in gone if id(entry) not in done]


def _condense_with_model(chat: Any, waiting: list[Proposal], result: ImportResult) -> None:
    from altimate_learn.reflect.providers import ProviderError

    for start in range(0, len(waiting), MODEL_BATCH):
        batch = waiting[start:start + MODEL_BATCH]
        try:
            completion = chat.complete(SYSTEM, build_prompt(batch), timeout=120, max_tokens=MODEL_TOKENS)
        except ProviderError as exc:
            for proposal in batch:
                proposal.reason = f"{result.model} failed ({exc.message})"
            result.model_note = f"{result.model} failed: {exc.message}"
            return
        apply_answer(batch, completion.text, result.model)
        for proposal in batch:  # the model's text is screened like any other before the curator sees it
            if proposal.status == "ready" and proposal.text:
                verdict = lint(proposal.text)
                if not verdict.ok and verdict.rule in HOSTILE_RULES:
                    # the model's answer is refused, not the memory: it stays waiting and is asked for again
                    proposal.status, proposal.text = "waiting", None
                    proposal.reason = f"{result.model}'s text {verdict.reason}: not used, tried again next run"


def _curate(store: Store, deltas: list[tuple[dict[str, Any], int]], work: list[tuple[Outcome, Proposal]],
            max_stored: int | None) -> None:
    """Give the deltas to the curator a batch at a time and record each memory's fate."""
    from altimate_learn.curate.curator import curate

    for batch in _batches(deltas):
        result = curate(store, [d for d, _ in batch], op=OP, trusted_provenance=True, max_stored=max_stored)
        done: set[int] = set()
        for applied in result.applied:
            tag = _TAG.search(str(applied.get("reason", "")))
            if tag is None:
                continue  # the REMOVE of a lesson this batch superseded
            outcome = work[int(tag.group(1))][0]
            done.add(int(tag.group(1)))
            outcome.lesson = applied.get("id")
            if applied["op"] == "QUARANTINE":  # the vet found it contradicts an instruction file: set aside
                outcome.status = "refused"
                outcome.reason = (f"{applied.get('note') or 'failed the vet'}; quarantined as {applied.get('id')} (never "
                                  f"delivered): `learn quarantine release {applied.get('id')} --force` if the vet is "
                                  "wrong")
            elif applied["op"] == "HELPFUL":
                outcome.status, outcome.reason = "merged", f"a duplicate of {applied.get('id')}, counted as helpful"
            elif applied["op"] == "EDIT":
                outcome.status = "unchanged" if applied.get("note") == "no change" else "updated"
            elif applied.get("supersedes"):
                outcome.status, outcome.reason = "replacement", f"replaces {applied['supersedes']} (superseded)"
            else:
                outcome.status = "staged"
        for rejected in result.rejected:
            if "index" not in rejected or not 0 <= rejected["index"] < len(batch):
                continue
            index = batch[rejected["index"]][1]
            outcome = work[index][0]
            done.add(index)
            reason = str(rejected.get("reason", ""))
            outcome.status = _rejected_status(rejected.get("rule"))
            if rejected.get("rule") == "secret" and unredactable_secret(outcome.text or ""):
                outcome.text = WITHHELD  # a value the redactor did not name is not shown either (review40 R40-13)
            if outcome.status == "merged":
                match = _LESSON.search(reason)
                outcome.lesson = match.group(0) if match else None
                outcome.reason = f"a duplicate of {outcome.lesson}" if outcome.lesson else reason
            else:
                outcome.reason = reason
        for _, index in batch:
            if index not in done:
                outcome = work[index][0]
                outcome.status, outcome.reason = "waiting", "the curator reported nothing for it"


def _vet_offline(store: Store, base: list[dict[str, Any]], text: str | None) -> str | None:
    """Why the curator's offline vet would set ``text`` aside against the instruction files (a model's rule: a
    duplicate is refused, a contradiction quarantined), or None when it passes."""
    from altimate_learn.gates.vet import Item, OfflineVet
    from altimate_learn.instructions.files import discover

    if not text:
        return None
    contract = discover(store.project.root)
    verdict = OfflineVet(base, [(f.path, f.text or "") for f in contract.usable]).verdict(
        Item("c0", text, "model", evidence=False), against_lessons=False)
    if verdict.verdict not in ("duplicate", "contradiction") or not verdict.against_instructions:
        return None
    if verdict.verdict == "duplicate":
        return verdict.describe()
    return f"{verdict.describe()}; would be quarantined (never delivered)"


def _apart(store: Store, work: list[tuple[Outcome, Proposal]], where: str) -> list[tuple[dict[str, Any], int]]:
    """Memories the curator set aside as overlapping a lesson on a shared name, where the two are about different
    things at that name: a file or folder where each puts something else ("Register every new router in
    `src/shop/api.py`" beside "Keep route handlers in `src/shop/api.py` thin"), or situations known to differ
    (:func:`altimate_learn.gates.offline.different_subjects`, ``different_situations``). They are proposed again
    beside the lesson (``coexists``), with a note, instead of a conflict whose only way in retires the lesson
    (review14 R14-17b). An overlap without that evidence stays a conflict for a person: two rules about one
    name can be opposite in words no polarity reads ("keep `amount_cents` as cents" / "convert it to dollars")."""

    lessons = {lesson["id"]: lesson for lesson in _base_lessons(store)[0]}
    out: list[tuple[dict[str, Any], int]] = []
    for index, (outcome, proposal) in enumerate(work):
        match = _OVERLAP.match(outcome.reason or "") if outcome.status == "conflict" else None
        if match is None or not proposal.text:
            continue
        ids = list(dict.fromkeys(_LESSON.findall(match.group(1))))
        if not ids or any(i not in lessons for i in ids):
            continue
        names = _about_another_thing(proposal.text, [lessons[i]["text"] for i in ids])
        if names is not None:
            delta = _delta(proposal, outcome, index, where)
            delta["coexists"] = ids
            note = (f"shares {', '.join(f'`{n}`' for n in sorted(names))} with {', '.join(ids)}, about another "
                    "thing there: staged beside it")
            delta["provenance"] = _clip(f"{delta['provenance']}; {note}", MAX_PROVENANCE_CHARS)
            outcome.reason = note
            out.append((delta, index))
    return out


def _notes(reason: str | None) -> list[str]:
    """The notes for the reviewer in a "; "-joined reason or provenance ("may repeat L-…", "may contradict L-…")."""
    return [part for part in (reason or "").split("; ") if part.startswith(("may repeat ", "may contradict "))]


def _about_another_thing(text: str, lessons: list[str]) -> set[str] | None:
    """The names ``text`` shares with each of ``lessons`` when, at every one of them, the two are about different
    things (:func:`altimate_learn.gates.offline.different_subjects`, ``different_situations``): it may stand beside
    them (:func:`_apart`). None when any lesson shares no such name or one where they are about the same thing."""
    from altimate_learn.gates import offline

    mine = offline.Rule(text)
    names: set[str] = set()
    for lesson in lessons:
        theirs = offline.Rule(lesson)
        shared = {t for t in mine.ids if offline._names(theirs.lower, t)} | \
            {t for t in theirs.ids if offline._names(mine.lower, t)}
        if not shared or not all(offline.different_subjects(mine, theirs, t)
                                 or offline.different_situations(mine, theirs, t) for t in shared):
            return None
        names |= shared
    return names


def _overlap_conflict(text: str, base: list[dict[str, Any]]) -> str | None:
    """The curator's overlap refusal an ADD of ``text`` meets against ``base`` (lessons naming an identifier it names,
    or giving the opposite rule for a name it gives), as the real run reports it after :func:`_apart`; None when
    there is none or the memory would be staged beside those lessons. So the dry run says "conflict" where the real
    run does (review34 R34-11: it said "would stage")."""
    from altimate_learn.curate.anchors import AnchorIndex, identifiers
    from altimate_learn.curate.polarity import polar_spans

    overlap = AnchorIndex(base).overlapping(identifiers(text), polar=polar_spans(text))
    if not overlap:
        return None
    by_id = {lesson["id"]: lesson for lesson in base}
    ids = [lesson["id"] for lesson in base if lesson["id"] in overlap]  # store order, as the curator says them
    if _about_another_thing(text, [by_id[i].get("text") or "" for i in ids]) is not None:
        return None
    parts = ", ".join(f"{i} on {', '.join(sorted(overlap[i]))}" for i in ids)
    return _conflict_reason(f'overlaps {parts}: EDIT it, or ADD with "supersedes" or "coexists"', text, by_id)


def _deleted(found: Scan, state: dict[str, dict[str, Any]], *, skip: Iterable[str] = ()) -> list[dict[str, Any]]:
    """Memories imported before whose file (or entry) is gone, for agents whose folders were read (``skip``:
    keys a present memory went by before). A memory of a file skipped as unreadable this time (binary, not
    UTF-8, too big) is not gone: it was not read (review12 R12-11)."""
    present = {m.key for m in found.memories} | set(skip)
    unread = {(item.agent, item.rel) for item in found.skipped}
    out = []
    for key, entry in sorted(state.items()):
        if (entry.get("agent"), entry.get("file")) in unread:
            continue
        if entry.get("agent") in found.scanned and key not in present and entry.get("status") != "deleted":
            out.append({"key": key, "agent": entry.get("agent"), "name": entry.get("name"), "file": entry.get("file"),
                        "lesson": entry.get("lesson"), **({"bullet": entry["bullet"]} if entry.get("bullet") else {})})
    return out


# --- status --------------------------------------------------------------------------------------------

def pending(store: Store) -> dict[str, int]:
    """How many team memories of this repository are not reviewed yet, for `learn status`:
    ``new`` (never imported, or rewritten since), ``waiting`` (could not be condensed), ``conflict`` (overlaps a
    lesson it would replace; the person decides), ``staged`` (their lesson is in the candidate, not approved yet); ``total`` is their sum."""
    found = scan(store.project.root)
    state = read_state(store)["memories"]
    _resolve_aliases(found.memories, state)
    instructions = _instruction_hash(store)
    candidate = store.candidate()
    staged_ids = {lesson["id"] for lesson in candidate or []} - {lesson["id"] for lesson in store.approved()}
    counts = Counter()
    for memory in found.memories:
        if memory.type not in TEAM_TYPES:
            continue
        counts["memories"] += 1
        entry = state.get(memory.key)
        change = _plan(memory, entry, instructions)
        if change in ("new", "changed") or (change == "retry" and entry and entry.get("status") == "refused"):
            counts["new"] += 1  # a refusal the instruction files no longer back is new to review again
        elif entry and entry.get("status") == "waiting":
            counts["waiting"] += 1
        elif entry and entry.get("status") == "conflict":
            counts["conflict"] += 1
        elif entry and entry.get("lesson") in staged_ids and entry.get("status") in ("staged", "updated",
                                                                                     "replacement"):
            counts["staged"] += 1
    out = {k: counts.get(k, 0) for k in ("memories", "new", "waiting", "conflict", "staged")}
    out["total"] = out["new"] + out["waiting"] + out["conflict"] + out["staged"]
    return out


def status_line(counts: dict[str, int]) -> str:
    """The `learn status` line for :func:`pending`'s counts."""
    total = counts["total"]
    head = f"{plural(counts['memories'], 'team memory', 'team memories')} of this repository"
    if not total:
        return head + ", all reviewed"
    parts = []
    if counts["new"]:
        parts.append(f"{counts['new']} not imported (`learn import-memories`)")
    if counts["waiting"]:
        parts.append(f"{counts['waiting']} waiting (`learn import-memories --dry-run` says why)")
    if counts.get("conflict"):
        parts.append(f"{counts['conflict']} in conflict with a lesson (`learn import-memories --dry-run` names it; to "
                     "keep the lesson, do nothing)")
    if counts["staged"]:
        parts.append(f"{counts['staged']} in the candidate (`learn show`)")
    return f"{head}, {total} not yet reviewed: " + ", ".join(parts)
