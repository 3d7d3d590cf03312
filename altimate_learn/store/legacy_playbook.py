"""Migration from altimate-code's earlier skill-file playbook, recorded in `migration.json` (spec 003).

Before lesson stores were JSON, altimate-code kept a store as a skill file, `.altimate-code/skills/<name>/
SKILL.md` (front matter, a managed header line, one bullet per lesson: `- [L-3f2a] text <!-- h:2 x:0 -->`),
with `candidate.md` and `versions/vN.md` beside it (`playbook.ts`). altimate-code imports such a store the
first time it reads it (`store.ts`, `migrate`), and so does learn, the same way, so whichever tool meets the
old files first leaves the store the other expects:

1. Only when the store has no `approved.json` and no `candidate.json`, and an old file exists (a SKILL.md
   holding the managed header, `candidate.md`, or `versions/v*.md`), and no `migration.json` says it is
   done, and no `migrated-from` history entry names the SKILL.md.
2. The plan is written first, as `migration.json` (`{"source": <absolute SKILL.md path>, "complete": false,
   "imports": [{"file", "lessons"}], "malformed": [{"file", "reason"}]}`), so an interrupted migration
   resumes from it: SKILL.md becomes `approved.json`, `candidate.md` `candidate.json`, `versions/vN.md`
   `versions/vN.json`. A file that fails altimate-code's checks is listed as malformed, renamed to
   `<file>.malformed-<ms>-<random>` and, for SKILL.md, imported as an empty approved set.
3. Each import is written only if its target does not exist yet; then a `migrated-from` history entry
   records the source and the lessons over 140 characters (`grandfathered`: their unchanged text keeps its
   length allowance), and `migration.json` becomes `{"source", "complete": true, "imports": [], "malformed": []}`.

Nothing is deleted: the old files stay (SKILL.md is then just a skill), malformed ones are renamed.
"""

from __future__ import annotations

import json
import os
import re
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from altimate_learn.jsonsafe import loads_document
from altimate_learn.schema import MAX_LESSON_CHARS
from altimate_learn.store import fsio

MIGRATION = "migration.json"
HEADER = "<!-- learned-playbook v1; managed by `altimate-code learn`. Edit via `learn`, not by hand. -->"
DESCRIPTION = ("Conventions this team's CI and reviewers enforce, learned from past sessions. Apply them to "
               "related work.")
_BULLET = re.compile(r"^- \[(L-[0-9a-f]{4,})\] (.*) <!-- h:(\d+) x:(\d+) -->\r?$")
_APPLY = re.compile(r"^applyPaths: (\[.*\])$", re.M)
_VERSION_MD = re.compile(r"^v\d+\.md$")


def skill_path(store: Any) -> Path:
    return store.project.root / ".altimate-code" / "skills" / store.name / "SKILL.md"


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return None


def _lines(text: str) -> list[str]:
    return re.split(r"\r?\n", text)


def _parse(text: str) -> tuple[str, list[str]]:
    """(front matter text, body lines), as playbook.ts `parse` splits them."""
    lines = _lines(text)
    if lines and lines[0].rstrip() == "---":
        end = next((i for i in range(1, len(lines)) if lines[i].rstrip() == "---"), -1)
        if end > 0:
            return "\n".join(lines[: end + 1]), lines[end + 1:]
    return "", lines


def _front_matter(name: str, apply_paths: list[str] | None) -> str:
    lines = ["---", f"name: {name}", f"description: {json.dumps(DESCRIPTION, ensure_ascii=False)}"]
    if apply_paths:
        lines.append("applyPaths: [" + ", ".join(json.dumps(p, ensure_ascii=False) for p in apply_paths) + "]")
    else:
        lines.append("alwaysApply: true")
    lines.append("---")
    return "\n".join(lines)


def _apply_paths(front: str) -> list[str] | None:
    match = _APPLY.search(front)
    if not match:
        return None
    try:
        value = json.loads(match.group(1))
    except ValueError:
        return None
    return value if isinstance(value, list) and all(isinstance(v, str) for v in value) else None


def legacy_problem(name: str, text: str) -> str | None:
    """altimate-code's `validateLegacy`: why an old playbook file cannot be imported, or None."""
    front, body = _parse(text)
    if not re.search(rf"^name:\s*[\"']?{re.escape(name)}[\"']?\s*$", front, re.M):
        return f"candidate frontmatter must declare name: {name}"
    apply_paths = None
    if _APPLY.search(front):
        apply_paths = _apply_paths(front)
        if apply_paths is None:
            return "candidate frontmatter has an invalid applyPaths"
    if front != _front_matter(name, apply_paths):
        return "candidate frontmatter was edited by hand; it must match the generated frontmatter"
    seen: set[str] = set()
    for line in body:
        match = _BULLET.match(line)
        if match:
            if match.group(1) in seen:
                return f"candidate repeats bullet id {match.group(1)}"
            seen.add(match.group(1))
        elif line != "" and line != HEADER:
            return f'candidate has an unmanaged line: "{line[:60]}"'
    return None


def _lessons(text: str, stamp: str) -> list[dict[str, Any]]:
    front, body = _parse(text)
    paths = _apply_paths(front)
    out = []
    for line in body:
        match = _BULLET.match(line)
        if not match:
            continue
        lesson: dict[str, Any] = {"id": match.group(1), "text": match.group(2), "tags": [], "scope": "project",
                                  "helpful": int(match.group(3)), "harmful": int(match.group(4)), "applied": 0,
                                  "created": stamp, "updated": stamp}
        if paths:
            lesson["trigger"] = {"paths": paths}
        out.append(lesson)
    return out


def _mtime_iso(path: Path) -> str:
    moment = datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def _sources(store: Any) -> list[tuple[Path, Path]]:
    """(old file, the file it becomes), in altimate-code's order."""
    out = [(skill_path(store), store.path(store.APPROVED)), (store.dir / "candidate.md", store.path(store.CANDIDATE))]
    try:
        names = sorted(p.name for p in store.versions_dir.iterdir() if _VERSION_MD.match(p.name))
    except (FileNotFoundError, NotADirectoryError):
        names = []
    out += [(store.versions_dir / n, store.versions_dir / (n[:-3] + ".json")) for n in names]
    return out


def _has_legacy(store: Any) -> bool:
    skill = _read(skill_path(store))
    if skill is not None and HEADER in _lines(skill):
        return True
    return any(src.exists() for src, _ in _sources(store)[1:])


def _migrated(store: Any, source: str) -> bool:
    return any(e.get("op") == "migrated-from" and e.get("source") == source for e in store.history())


def _journal(store: Any, source: str) -> dict[str, Any] | None:
    """The journal when it is one altimate-code's `parseMigration` accepts for this store, else None."""
    try:
        value = loads_document(store.path(MIGRATION).read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError, UnicodeDecodeError):
        return None
    if (not isinstance(value, dict) or value.get("source") != source or not isinstance(value.get("complete"), bool)
            or not isinstance(value.get("imports"), list) or not isinstance(value.get("malformed", []), list)):
        return None
    return value


def migrate(store: Any) -> bool:
    """Import the old skill-file playbook of ``store`` if there is one (call under the store lock).

    Returns True when this call changed something."""
    journal_path = store.path(MIGRATION)
    if not journal_path.exists():
        if store.path(store.APPROVED).exists() or store.path(store.CANDIDATE).exists():
            return False
        if not _has_legacy(store):
            return False
    source = str(skill_path(store))
    journal = _journal(store, source)
    if journal is not None and journal["complete"]:
        return False
    if journal is None:
        if _migrated(store, source):
            _write_journal(store, {"source": source, "complete": True, "imports": [], "malformed": []})
            return True
        if not journal_path.exists() and (store.path(store.APPROVED).exists() or store.path(store.CANDIDATE).exists()):
            return False
        if not _has_legacy(store):
            return False
        journal = {"source": source, "complete": False, "imports": [], "malformed": []}
        for old, new in _sources(store):
            raw = _read(old)
            if raw is None:
                continue
            if old == skill_path(store) and HEADER not in _lines(raw):
                continue
            problem = legacy_problem(store.name, raw)
            if problem:
                journal["malformed"].append({"file": str(old), "reason": problem})
                if new == store.path(store.APPROVED):
                    journal["imports"].append({"file": str(new), "lessons": []})
                continue
            journal["imports"].append({"file": str(new), "lessons": _lessons(raw, _mtime_iso(old))})
        _write_journal(store, journal)
    for entry in journal.get("malformed", []):
        old = Path(entry["file"])
        if old.exists():
            stamp = int(datetime.now(timezone.utc).timestamp() * 1000)
            os.rename(old, old.with_name(f"{old.name}.malformed-{stamp}-{os.urandom(8).hex()}"))
    for entry in journal["imports"]:
        target = Path(entry["file"])
        if not target.exists() and _inside(target, store.dir):
            fsio.write_json(target, entry["lessons"], within=store.dir)
    if not _migrated(store, source):
        long = [{"id": lesson["id"], "text": lesson["text"]} for entry in journal["imports"]
                for lesson in entry["lessons"] if len(lesson["text"]) > MAX_LESSON_CHARS]
        store.record_history("migrated-from", source=source, grandfathered=long,
                             malformed=[{"file": e["file"], "reason": e["reason"]} for e in journal.get("malformed", [])])
    _write_journal(store, {"source": source, "complete": True, "imports": [], "malformed": []})
    return True


def unimported(store: Any) -> list[str]:
    """One line per old playbook file that failed the import checks and still waits beside the store, renamed
    `<file>.malformed-…` (by learn or altimate-code): its lessons are in no approved set, and nothing else
    says so (review9 R9-3). The reason comes from the `migrated-from` history entry when learn imported it."""
    reasons: dict[str, str] = {}
    try:
        for entry in store.history():
            if entry.get("op") == "migrated-from" and isinstance(entry.get("malformed"), list):
                for item in entry["malformed"]:
                    if isinstance(item, dict) and isinstance(item.get("file"), str):
                        reasons[Path(item["file"]).name] = str(item.get("reason") or "")
    except Exception:  # noqa: BLE001 - an unreadable history only loses the reason
        pass
    lines = []
    for old in (skill_path(store), store.dir / "candidate.md"):
        try:
            kept = sorted(old.parent.glob(f"{old.name}.malformed-*"))
        except OSError:
            continue
        for path in kept:
            text = _read(path) or ""
            count = sum(1 for line in _lines(text) if _BULLET.match(line))
            if not count:
                continue
            why = reasons.get(old.name)
            what = "approved lessons" if old.name == "SKILL.md" else "candidate lessons"
            lines.append(f"the old playbook {path} was not imported{f' ({why})' if why else ''}, so its "
                         f"{count} {what} are not in this store: re-add each with `learn remember \"...\"`, "
                         "then delete that file")
    return lines


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False


def _write_journal(store: Any, value: dict[str, Any]) -> None:
    path = store.path(MIGRATION)
    if path.exists() and _journal(store, value["source"]) is None:
        fsio.move_aside(path)  # an unreadable journal is kept, as altimate-code's quarantine keeps it
    store.ensure()
    fsio.write_json(path, value, within=store.dir)


def grandfathered_pairs(history: list[dict[str, Any]]) -> set[tuple[str, str]]:
    """(id, text) of long lessons a migration imported: their unchanged text keeps its length allowance."""
    out: set[tuple[str, str]] = set()
    for entry in history:
        if entry.get("op") != "migrated-from" or not isinstance(entry.get("grandfathered"), list):
            continue
        for item in entry["grandfathered"]:
            if isinstance(item, dict) and isinstance(item.get("id"), str) and isinstance(item.get("text"), str):
                out.add((item["id"], item["text"]))
    return out
