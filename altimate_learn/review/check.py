"""`learn check`: validate committed lesson files without changing anything.

Made for a pre-commit hook and CI: it takes no lock, creates no folder or `.gitignore`, and moves
nothing aside. For each `approved.json`, and each shared retirement record (`retired/<id>.json`: conflict markers,
JSON, the retired-lesson schema, one lesson named as the file, canonical form), it reports every problem it
finds, not only the first:

- ``conflict``: git conflict markers, a merge that is not finished (`learn resolve` finishes it);
- ``invalid-json``: the file does not parse (or is not UTF-8);
- ``schema``: a lesson does not follow the schema (the whole file must be a JSON array of lessons);
- ``duplicate-id``: two lessons share an id;
- ``not-canonical``: the bytes are not the canonical form (sorted keys, 2-space indent, no nulls, one
  trailing newline), so a later `learn` write would produce a noisy diff. CRLF line ends count as LF: a
  Windows checkout (``core.autocrlf=true``) has them, and git stores the file with LF;
- every lint rule of the curator (``too-long`` and the rest): delivery leaves such a lesson out, so a
  lesson committed by hand that fails it would silently never reach an agent. There is no grandfathering
  here: a lesson over 140 characters from an older store fails too;
- ``coexists``: `coexists` names the lesson itself or an id that is not in the file;
- ``overlap``: two lessons share a backticked identifier, or give opposite rules about one backticked
  name (even a stoplisted one such as `ref()`), without declaring that they coexist.

Flagged lessons (they mention skipping or disabling tests, checks, CI or review) are listed but are not
failures: a person approved them. Warnings are listed but are not failures either:

- ``duplicate``: two approved lessons say one rule in two wordings (the pairs an offline `learn tidy`
  would merge, found by tidy's own code): both reach every agent. A person approved both, and stores that
  predate this check would otherwise fail CI, so it only says to run `learn tidy`;
- ``contradiction``: two related approved lessons say opposite things (the offline compare a team merge stops a
  pull on: the same words with the choice or two of their parts swapped, opposite preferences): both reach every
  agent, so it says to retire the one that no longer holds;
- ``stale-block``: a `learn:lessons` block in an instruction file (written by `learn export agents-md`)
  no longer matches what `learn export` writes now, so an agent reading that file gets an older version of
  the rules (beside the current one, when learn's hooks deliver too).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from altimate_learn.jsonsafe import loads_document
from altimate_learn.errors import SchemaError
from altimate_learn.review.model import Problem, lesson_problems
from altimate_learn.schema import Lesson, validate_lesson
from altimate_learn.store import fsio
from altimate_learn.store.paths import ProjectPaths

FILE = "(file)"  # the lesson column of a problem that concerns the whole file


@dataclass
class FileReport:
    path: str
    lessons: int = 0
    problems: list[Problem] = field(default_factory=list)
    flagged: dict[str, str] = field(default_factory=dict)
    warnings: list[Problem] = field(default_factory=list)  # listed, never a failure

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass
class CheckReport:
    files: list[FileReport]
    blocks: list[Problem] = field(default_factory=list)  # stale learn:lessons blocks (warnings; lesson = the file)

    @property
    def ok(self) -> bool:
        return all(f.ok for f in self.files)

    def lines(self) -> list[str]:
        """One line per problem: ``path: L-xxxx: rule: message``."""
        return [f"{f.path}: {p.lesson}: {p.rule}: {p.message}" for f in self.files for p in f.problems]

    def warning_lines(self) -> list[str]:
        """One line per warning (not a failure): ``path: L-xxxx: rule: message``."""
        return ([f"{f.path}: {p.lesson}: {p.rule}: {p.message}" for f in self.files for p in f.warnings]
                + [f"{p.lesson}: {p.rule}: {p.message}" for p in self.blocks])

    def as_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "files": [{"path": f.path, "lessons": f.lessons, "ok": f.ok} for f in self.files],
            "problems": [{"path": f.path, **p.as_dict()} for f in self.files for p in f.problems],
            "flagged": [{"path": f.path, "id": i, "reason": r} for f in self.files for i, r in f.flagged.items()],
            "warnings": [{"path": f.path, **p.as_dict()} for f in self.files for p in f.warnings]
                        + [{"path": p.lesson, "id": "", "rule": p.rule, "message": p.message} for p in self.blocks],
        }


def _entry(index: int, value: Any) -> str:
    if isinstance(value, dict) and isinstance(value.get("id"), str):
        return value["id"]
    return f"#{index + 1}"


def check_file(path: Path, shown: str | None = None) -> FileReport:
    """Every problem of one lesson file (read-only)."""
    report = FileReport(shown or str(path))
    add = report.problems.append
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        add(Problem(FILE, "missing", "the file does not exist"))
        return report
    except IsADirectoryError:
        add(Problem(FILE, "missing", "this is a folder, not a lesson file"))
        return report
    if fsio.has_conflict_markers(raw):
        add(Problem(FILE, "conflict", "git conflict markers: a merge of this file is not finished. Run "
                                      "`learn resolve` to merge both sides' lessons, then commit"))
        return report
    try:
        value = loads_document(raw.decode("utf-8"))
    except UnicodeDecodeError:
        add(Problem(FILE, "invalid-json", "the file is not UTF-8 text"))
        return report
    except json.JSONDecodeError as exc:
        add(Problem(FILE, "invalid-json", f"{exc.msg.removesuffix(' at')} at line {exc.lineno} column {exc.colno}"))
        return report
    if not isinstance(value, list):
        add(Problem(FILE, "schema", "expected a JSON array of lessons"))
        return report
    report.lessons = len(value)
    shared = path.parent.name == "retired"  # retired/<id>.json: a shared retirement record
    retired = path.name == "retired.json" or shared
    if shared and not (len(value) == 1 and isinstance(value[0], dict) and value[0].get("id") == path.stem):
        add(Problem(FILE, "schema", f"a shared retirement record holds one retired lesson, {path.stem} (the file's "
                                    "name); restore the file from git or delete it"))
        return report
    valid: list[Lesson] = []
    seen: set[str] = set()
    for index, item in enumerate(value):
        try:
            validate_lesson(item, str(path), index, retired=retired)
        except SchemaError as exc:
            add(Problem(_entry(index, item), "schema", f"field '{exc.field}': {exc.problem}"))
            continue
        if item["id"] in seen:
            add(Problem(item["id"], "duplicate-id", f"entry #{index + 1} repeats id {item['id']}; ids must be unique"))
            continue
        seen.add(item["id"])
        valid.append(item)
    if raw.replace(b"\r\n", b"\n") != fsio.canonical_json(value).encode("utf-8"):  # CRLF: a Windows checkout
        add(Problem(FILE, "not-canonical", "not in canonical form (keys sorted, 2-space indent, no null values, "
                                           "one trailing newline); `learn check --fix` rewrites it so"))
    if not retired:
        problems, flagged = lesson_problems(valid)  # nothing grandfathered: delivery applies the same lint
        report.problems.extend(problems)
        report.flagged = flagged
        from altimate_learn.tidy.rewrite import Related

        related = Related()  # both warnings group these lessons: identifiers and wording are worked out once
        report.warnings += duplicate_warnings(valid, path.parent, related)
        report.warnings += contradiction_warnings(valid, related)
    return report


def contradiction_warnings(lessons: list[Lesson], related: Any = None) -> list[Problem]:
    """Two approved lessons that say opposite things, found by the offline compare a team merge stops a pull on
    (the same words with the choice or two parts swapped, opposite preferences): a set from before that compare
    knew them, or from a hand edit, has both in force and every agent gets both. Among related lessons only (tidy's
    groups); a pair that declares it coexists, or that ``overlap`` reports already, is left out."""
    from altimate_learn.curate.anchors import undeclared_overlaps
    from altimate_learn.gates.offline import Rule, compare
    from altimate_learn.gates.scopes import trigger_paths
    from altimate_learn.tidy.rewrite import groups

    if len(lessons) < 2:
        return []
    by_id = {lesson["id"]: lesson for lesson in lessons}
    known = {frozenset((a, b)) for a, b, _ in undeclared_overlaps(lessons)}
    out = []
    for group in groups([{**lesson, "pinned": False} for lesson in lessons], set(), related):
        rules = {lid: Rule(by_id[lid]["text"], paths=trigger_paths(by_id[lid])) for lid in group}
        for n, a in enumerate(group):
            for b in group[n + 1:]:
                if frozenset((a, b)) in known or b in (by_id[a].get("coexists") or []) \
                        or a in (by_id[b].get("coexists") or []):
                    continue
                found = compare(rules[b], rules[a])
                if found is not None and found.verdict == "contradiction":
                    out.append(Problem(f"{a} {b}", "contradiction",
                                       f"{b} says the opposite of {a} ({found.reason}): both reach every agent; "
                                       "retire the one that no longer holds (`learn retire ID`)"))
    return out


def duplicate_warnings(lessons: list[Lesson], store_dir: Path, related: Any = None) -> list[Problem]:
    """The pairs `learn tidy` would merge (its own offline logic; tool-errors records are never merged)."""
    from altimate_learn.gates.stamps import read_stamps
    from altimate_learn.tidy.graduate import NEVER
    from altimate_learn.tidy.rewrite import duplicate_line, duplicates

    if len(lessons) < 2:
        return []
    skip = {lid for lid, stamp in read_stamps(str(store_dir)).items() if stamp.get("channel") in NEVER}
    return [Problem(" ".join([keeper, *others]), "duplicate", duplicate_line(keeper, others))
            for keeper, others in duplicates(lessons, skip, related)]


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def resolve_targets(paths: list[Path], project: ProjectPaths) -> list[Path]:
    """Files to check: each PATH (a lesson file, or a store folder's approved.json and shared retirements);
    by default every store of the project that has an approved.json or shared retirements (`retired/*.json`,
    committed team data too: review14 R14-27)."""
    if paths:
        out: list[Path] = []
        for path in paths:
            out += [path / "approved.json", *_shared_retirements(path)] if path.is_dir() else [path]
        return out
    found = []
    for name in project.store_names():
        candidate = project.learn_dir / name / "approved.json"
        if candidate.is_file():
            found.append(candidate)
        found += _shared_retirements(project.learn_dir / name)
    return found


def _shared_retirements(store_dir: Path) -> list[Path]:
    """A store folder's committed retirement records (`retired/<id>.json`: :mod:`altimate_learn.team.retirements`)."""
    try:
        return sorted(p for p in (store_dir / "retired").iterdir() if p.name.endswith(".json") and p.is_file())
    except OSError:
        return []


def schema_targets(paths: list[Path], project: ProjectPaths) -> list[Path]:
    """Files `--schema` validates: each PATH (a folder: its store files), by default every store's files."""
    from altimate_learn.review.schemas import store_files

    folders: list[Path] = []
    files: list[Path] = []
    for path in paths:
        (folders if path.is_dir() else files).append(path)
    if not paths:
        folders = [project.learn_dir / name for name in project.store_names()]
    for folder in folders:
        files.extend(file for file, _ in store_files(folder) if file.is_file())
        files.extend(_shared_retirements(folder))
        if not (folder / "approved.json").is_file() and paths:
            files.insert(0, folder / "approved.json")  # a folder named by hand must hold a store
    return files


def _trigger_warnings(targets: list[Path], reports: list[FileReport], project: ProjectPaths) -> None:
    """A `path-trigger` warning for each approved lesson's glob that matches no file of the project (review14
    R14-25); a warning, never a failure: the folder may come later."""
    from altimate_learn.review.triggers import lesson_warnings, project_files

    files: list[str] | None = None
    for target, report in zip(targets, reports):
        if target.name != "approved.json" or not target.is_file():
            continue
        try:
            value = loads_document(target.read_bytes().decode("utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            continue
        if not isinstance(value, list):
            continue
        files = files if files is not None else (project_files(project.root) or [])
        report.warnings += [Problem(lesson_id, "path-trigger", f"{line}; no agent's file event reaches it until "
                                                               "one does (fix the glob, or leave it if that folder is "
                                                               "coming)")
                            for lesson_id, line in lesson_warnings(value, files)]


def fix_canonical(paths: list[Path], project: ProjectPaths) -> list[Path]:
    """Rewrite the lesson files whose only fault is their form (`not-canonical`: valid lessons, keys unsorted, another
    indent) in canonical form, atomically; the files rewritten (review14 R14-7: a hand edit had no command to fix
    it). A file with any other problem is left as it is, for a person to read."""
    fixed: list[Path] = []
    for target in resolve_targets(paths, project):
        report = check_file(target, _display(target))
        if not report.problems or any(p.rule != "not-canonical" for p in report.problems):
            continue
        value = loads_document(target.read_bytes().decode("utf-8"))
        fsio.atomic_write(target, fsio.canonical_json(value), within=target.parent)
        fixed.append(target)
    return fixed


def check(paths: list[Path], project: ProjectPaths, *, schema: bool = False) -> CheckReport:
    """Every problem of the lesson files; with ``schema``, also every store file against its published
    JSON Schema (`docs/schemas/`), the files without lessons (signals.jsonl, usage.json) included."""
    blocks = [] if paths else stale_blocks(project)
    if not schema:
        targets = resolve_targets(paths, project)
        reports = [check_file(target, _display(target)) for target in targets]
        _trigger_warnings(targets, reports, project)
        return CheckReport(reports, blocks)
    from altimate_learn.review import schemas

    reports = []
    for target in schema_targets(paths, project):
        name = schemas.schema_for(target)
        if name in (None, "approved", "candidate"):  # a lesson file: the lesson checks, then the schema
            report = check_file(target, _display(target))
        else:
            report = FileReport(_display(target))
            if not target.is_file():
                report.problems.append(Problem(FILE, "missing", "the file does not exist"))
        if name is not None:
            report.problems.extend(Problem(p.where, "json-schema", f"{p.message} ({name}.schema.json)")
                                   for p in schemas.check_file(target, name))
        reports.append(report)
    return CheckReport(reports, blocks)


def lesson_blocks(project: ProjectPaths) -> list[tuple[str, str, tuple[str, ...]]]:
    """(path from the root, text, agents that read it) of each instruction file holding a learn:lessons block."""
    from altimate_learn.instructions import block
    from altimate_learn.instructions.files import discover

    found = []
    for item in discover(project.root).files:
        try:
            raw = Path(project.root, item.path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if block.LESSONS.open in raw:
            found.append((item.path, raw, tuple(item.agents)))
    return found


def stale_blocks(project: ProjectPaths) -> list[Problem]:
    """Each instruction file whose `learn:lessons` block differs from what `learn export agents-md` would write
    now (from every store, or from any one store: `--name`). Read-only; a file learn cannot read is skipped."""
    from altimate_learn.harness.agents_md import core_lines
    from altimate_learn.instructions import block

    found = lesson_blocks(project)
    if not found:
        return []
    from altimate_learn.deliver.settings import delivery_settings

    settings = delivery_settings(str(project.root), str(project.root))
    quiet = lambda message: None  # noqa: E731 - the export's own notes are not check's business
    wanted = [core_lines(str(project.root), settings, None, quiet)]
    out = []
    for rel, raw, _agents in found:
        try:
            have = block.bullets(raw, block.LESSONS, rel)
        except block.BlockError:  # unbalanced markers: export refuses the file and says so
            continue
        if have in wanted:
            continue
        if len(wanted) == 1:
            wanted += [core_lines(str(project.root), settings, name, quiet) for name in project.store_names()]
            if have in wanted:
                continue
        where = _display(Path(project.root, rel))
        out.append(Problem(where, "stale-block", "the learn:lessons block no longer matches the approved lessons, "
                           "so agents reading this file get an older version of them; run `learn export agents-md`"
                           f"{'' if rel == 'AGENTS.md' else ' --path ' + rel} and commit it"))
    return out
