"""Direct targets: the learner's block in an instruction file (spec 002 "Where it writes").

| target    | file                                                                  |
|-----------|-----------------------------------------------------------------------|
| `project` | `AGENTS.md` at the project root, or `CLAUDE.md` when that is the file in use (it exists, AGENTS.md does not) |
| `local`   | `<that file's name>.local.md` beside it (`AGENTS.local.md`), git-ignored before it is first written |
| `global`  | the user's own file, `$XDG_CONFIG_HOME/altimate-code/AGENTS.md`       |

Each file is read when the run starts (a :class:`~altimate_learn.instructions.block.Snapshot`), the model
is shown its bullets, and the block is written through the one block writer, which leaves a file that
changed meanwhile alone. An item is dropped, with its reason, when it breaks a rule: the lesson lint
(a bullet is untrusted model text like any lesson) and the block's own rules (one line, at most 240 bytes,
no marker, no secret, at most 12 bullets); a flagged text (skipping tests, forcing, …) needs a person and
goes to review only; the vet (:mod:`altimate_learn.gates.vet`, in the reflection's one vet call) must pass
it, as it must pass every model rule; a bullet already in the block is not added twice; a bullet of the
committed project file needs evidence from two sessions. Evidence from one session is kept (``state["evidence"]``) until
another session says the same, so two-session evidence can span runs.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from altimate_learn.instructions import block
from altimate_learn.instructions.block import LEARNED, BlockError

TARGETS = ("review", "project", "local", "global")
DIRECT = ("project", "local", "global")
MAX_PER_OP = 3  # ADD, EDIT and REMOVE each, per run, across the files (as a reflection's limits)
SIMILAR = 0.6  # word overlap at which two bullets say the same thing (the curator's dedupe threshold)
MAX_EVIDENCE = 50


def project_file(root: Path) -> Path:
    agents, claude = root / "AGENTS.md", root / "CLAUDE.md"
    if not agents.exists() and claude.exists():
        return claude
    return agents


def local_file(root: Path) -> Path:
    main = project_file(root)
    return main.with_name(f"{main.stem}.local.md")


def local_tracked(root: Path) -> bool:
    """Whether git tracks the local file (a repository that committed one): the person's own bullets would go out
    with the next commit (review21)."""
    from altimate_learn import git

    return git.is_tracked(root, local_file(root).name)


def global_file(env: dict[str, str] | None = None) -> Path:
    env = dict(os.environ) if env is None else env
    base = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME") or Path.home()) / ".config")
    return Path(base) / "altimate-code" / "AGENTS.md"


@dataclass
class Target:
    name: str
    path: Path
    within: Path | None  # a symlink may not lead outside this folder
    snapshot: block.Snapshot
    bullets: list[str]

    def ids(self) -> list[str]:
        return [f"{self.name}#{n}" for n in range(1, len(self.bullets) + 1)]

    def shown(self, root: Path) -> str:
        try:
            return str(self.path.relative_to(root))
        except ValueError:
            return str(self.path)


def open_targets(root: Path, wanted: list[str], notes: list[str], env: dict[str, str] | None = None
                 ) -> dict[str, Target]:
    """Snapshots of the direct targets in ``wanted``; one that cannot be read is left out with a note."""
    out: dict[str, Target] = {}
    for name in wanted:
        if name not in DIRECT:
            continue
        path = {"project": project_file, "local": local_file}[name](root) if name != "global" else global_file(env)
        within = root if name != "global" else None
        if name == "local" and local_tracked(root):
            notes.append(f"local target: {path.name} is tracked by git, so what learn wrote there would be committed "
                         f"with the project; `git rm --cached {path.name}` makes it yours again. Nothing is written "
                         "there until then.")
            continue
        try:
            snapshot = block.read_target(path, within=within)
            current = block.bullets(snapshot.text, LEARNED, str(path))
        except BlockError as exc:
            notes.append(f"{name} target: {exc.message} Nothing is written there until it is fixed.")
            continue
        out[name] = Target(name, path, within, snapshot, current)
    return out


@dataclass
class DirectItem:
    op: str
    target: str
    text: str | None
    id: str | None
    reason: str
    cites: list[str]
    index: int


@dataclass
class Applied:
    changes: list[dict[str, Any]] = field(default_factory=list)
    dropped: list[dict[str, Any]] = field(default_factory=list)
    blocks: dict[str, dict[str, Any]] = field(default_factory=dict)  # file → before/after/added/created
    held: set[str] = field(default_factory=set)  # sessions whose history must be read again
    cut: set[str] = field(default_factory=set)  # what items dropped at MAX_PER_OP cite: read again next run


def _drop(out: Applied, item: DirectItem, reason: str) -> None:
    entry: dict[str, Any] = {"target": item.target, "op": item.op, "reason": reason}
    if item.text:
        entry["text"] = item.text[:300]
    if item.id:
        entry["id"] = item.id
    out.dropped.append(entry)


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be a bullet of an instruction file (the lint, a flag, the block's own rules), or None."""
    from altimate_learn.curate.lint import lint

    verdict = lint(text)
    if not verdict.ok:
        return f"rejected by the lesson lint ({verdict.rule}: {verdict.reason})"
    if verdict.flagged:
        return f"flagged ({verdict.flag_reason}): a person must approve it, so it can only go to review"
    return block.bullet_problem(LEARNED, verdict.text)


def _similar(a: str, b: str) -> bool:
    from altimate_learn.curate.curator import jaccard

    return jaccard(a, b) >= SIMILAR


def _evidence_for(state: dict[str, Any], item: DirectItem, sessions: set[str], refs: list[str], now: str
                  ) -> tuple[set[str], list[str]]:
    """Sessions and references for ``item`` including evidence kept from earlier runs; updates the store."""
    kept = state.setdefault("evidence", [])
    match = next((e for e in kept if isinstance(e, dict) and e.get("target") == item.target
                  and isinstance(e.get("text"), str) and _similar(e["text"], item.text or "")), None)
    if match is not None:
        sessions = sessions | set(match.get("sessions") or [])
        refs = list(dict.fromkeys([*(match.get("refs") or []), *refs]))
        kept.remove(match)
    return sessions, refs


def _keep_evidence(state: dict[str, Any], item: DirectItem, sessions: set[str], refs: list[str], now: str) -> None:
    kept = state.setdefault("evidence", [])
    kept.append({"target": item.target, "text": item.text, "sessions": sorted(sessions), "refs": refs[:20], "at": now})
    del kept[:-MAX_EVIDENCE]


def _vet_problem(verdict: Any) -> str | None:
    """Why the vet keeps a model's bullet out (a duplicate, a contradiction, no grounding), or None."""
    if verdict is None:
        return "the vet gave no verdict on it"
    if verdict.verdict == "pass":
        return None
    where = f" ({verdict.source}: \"{verdict.quote}\")" if verdict.source and verdict.quote else (
        f" ({verdict.source})" if verdict.source else "")
    why = f": {verdict.reason}" if verdict.reason else ""
    return f"the vet found it {verdict.verdict}{where}{why}"


def apply_items(targets: dict[str, Target], items: list[DirectItem], refs: dict[str, str], state: dict[str, Any],
                *, now: str, dry_run: bool = False, vet: dict[int, Any] | None = None) -> Applied:
    """Check every item, then write each changed block (see the module docstring). ``vet``: the vet's
    verdict on each ADD/EDIT it judged, by position in ``items``; a bullet without ``pass`` is dropped."""
    out = Applied()
    plans: dict[str, list[str]] = {name: list(t.bullets) for name, t in targets.items()}
    planned: dict[str, list[dict[str, Any]]] = {name: [] for name in targets}
    counts = {"ADD": 0, "EDIT": 0, "REMOVE": 0}
    for number, item in enumerate(items):
        target = targets.get(item.target)
        if target is None:
            _drop(out, item, f"the {item.target} target cannot be written this run")
            continue
        if item.op not in counts:
            _drop(out, item, f"{item.op} is not an operation on a block (ADD, EDIT or REMOVE)")
            continue
        if counts[item.op] >= MAX_PER_OP:
            _drop(out, item, f"limit reached: at most {MAX_PER_OP} {item.op} per run")
            out.cut.update(item.cites)
            continue
        bullets = plans[item.target]
        position = None
        if item.op in ("EDIT", "REMOVE"):
            ids = [f"{item.target}#{n}" for n in range(1, len(target.bullets) + 1)]
            if item.id not in ids:
                _drop(out, item, f"{item.op} needs the id of a bullet of the {item.target} block "
                                 f"({', '.join(ids) or 'it has none'})")
                continue
            original = target.bullets[ids.index(item.id)]
            if original not in bullets:
                _drop(out, item, f"{item.id} was already changed by another item of this run")
                continue
            position = bullets.index(original)
        if item.op in ("ADD", "EDIT"):
            problem = text_problem(item.text or "")
            if problem is None and vet is not None and number in vet:
                problem = _vet_problem(vet[number])
            if problem:
                _drop(out, item, problem)
                continue
            others = [b for n, b in enumerate(bullets) if n != position]
            if any(_similar(b, item.text or "") for b in others):
                _drop(out, item, f"the {item.target} block already says this")
                continue
            if item.op == "ADD" and len(bullets) >= (LEARNED.max_bullets or 12):
                _drop(out, item, f"the {item.target} block is full ({LEARNED.max_bullets} bullets)")
                continue
        cites = list(item.cites)
        sessions = {refs[c] for c in cites}
        if item.target == "project" and item.op in ("ADD", "EDIT"):
            sessions, cites = _evidence_for(state, item, sessions, cites, now)
            if len(sessions) < 2:
                _keep_evidence(state, item, sessions, cites, now)
                _drop(out, item, "a bullet of the committed project file needs evidence from two sessions "
                                 f"({len(sessions)} so far); kept until another session says it")
                continue
        counts[item.op] += 1
        change: dict[str, Any] = {"target": item.target, "file": str(target.path), "op": item.op,
                                  "reason": item.reason[:300], "cites": cites}
        if item.op == "ADD":
            bullets.append(item.text or "")
            change["text"] = item.text
        elif item.op == "EDIT":
            assert position is not None
            change["old"] = bullets[position]
            change["text"] = item.text
            bullets[position] = item.text or ""
        else:
            assert position is not None
            change["old"] = bullets.pop(position)
        planned[item.target].append(change)
    for name, changes in planned.items():
        if not changes:
            continue
        target = targets[name]
        try:
            if name == "local" and not dry_run:
                block.ensure_ignored(target.path)
            written = block.write(target.snapshot, LEARNED, plans[name], within=target.within, dry_run=dry_run)
        except (BlockError, OSError) as exc:
            reason = exc.message if isinstance(exc, BlockError) else f"{target.path} cannot be written ({exc})"
            for change in changes:
                out.dropped.append({"target": name, "op": change["op"], "text": change.get("text") or change.get("old"),
                                    "reason": reason})
                out.held |= {refs[c] for c in change["cites"] if c in refs}
            continue
        if written.status == "changed":
            for change in changes:
                out.dropped.append({"target": name, "op": change["op"], "text": change.get("text") or change.get("old"),
                                    "reason": f"{target.path} changed during the run and was left alone; this "
                                              "history is read again on the next run"})
                out.held |= {refs[c] for c in change["cites"] if c in refs}
            continue
        if written.status in ("nothing", "unchanged"):
            continue
        out.blocks[str(target.path)] = {"target": name, "before": written.before, "after": written.after,
                                        "added": written.added, "created": written.created}
        out.changes += changes
    return out
