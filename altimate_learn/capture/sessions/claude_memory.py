"""Claude Code's auto memory: `~/.claude/projects/<project key>/memory/*.md`.

Claude Code (2.1.3xx, on by default) tells its model to save one Markdown file per memory, with frontmatter
(`name`, `description`, `metadata.type`: `user` | `feedback` | `project` | `reference`; older versions wrote
`type` at the top level) and, for feedback and project memories, the rule followed by `**Why:**` and
`**How to apply:**` lines. `MEMORY.md` is only the index of one-line pointers and is not a memory.

Where the folder is, as Claude Code 2.1.332 computes it (read from its bundled code, and checked by
tests/e2e/test_memories_e2e.py against the path the real CLI puts in its own system prompt):
- the base is the git root of the folder Claude was started in, resolved through a worktree's `.git` file
  to the main checkout (`gitdir:` → `commondir` → the folder holding the common `.git`), so every worktree
  and every subfolder of a repository shares one memory folder; outside git it is the folder itself;
- the key is that path with every UTF-16 code unit that is not an ASCII letter or digit replaced by `-`;
  past 200 characters it is the first 200 followed by `-` and the base-36 of the absolute value of the
  path's 32-bit Java-style string hash;
- the folder is `<memory base>/projects/<key>/memory/`, where the memory base is
  `CLAUDE_CODE_REMOTE_MEMORY_DIR` or the config folder (`CLAUDE_CONFIG_DIR`, else `~/.claude`); with
  `CLAUDE_CONFIG_DIR` set, a valid `CLAUDE_CODE_PROJECT_DIR_NAME` replaces the key.

The key is exact, never a prefix: `/src/app` and `/src/app-old` are different projects with keys that
share a prefix. `autoMemoryDirectory` in this repository's `.claude/settings.local.json` moves the folder
and is read too. The same setting in the user's settings (or `CLAUDE_COWORK_MEMORY_PATH_OVERRIDE`) names
one folder for every project, so it could hold other repositories' memories: it is reported, not read.
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from pathlib import Path

from altimate_learn.capture.sessions._memory import (
    AgentMemory,
    SkippedMemory,
    digest_of,
    list_markdown,
    mtime_of,
    one_line,
    read_text,
    rel_of,
)

AGENT = "claude-code"
KEY_MAX = 200
INDEX = "MEMORY.md"
_DIR_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_RESERVED = re.compile(r"^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])$", re.I)
# `**Why:**`, `**Why**:` or `Why:` (a colon is required: a rule may start with the word "Why")
_MARKER = re.compile(r"^\s*(?:[-*]\s+)?(?:\*\*|__)?(why|how to apply)(?::(?:\*\*|__)?|(?:\*\*|__):)\s*(.*)$", re.I)


# --- where -----------------------------------------------------------------------------------------------

def _utf16_units(text: str) -> list[int]:
    raw = text.encode("utf-16-le", "surrogatepass")
    return [int.from_bytes(raw[i:i + 2], "little") for i in range(0, len(raw), 2)]


def _java_hash(text: str) -> int:
    value = 0
    for unit in _utf16_units(text):
        value = (value * 31 + unit) & 0xFFFFFFFF
    return value - 0x100000000 if value >= 0x80000000 else value


def _base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    number, out = abs(number), ""
    while True:
        number, rest = divmod(number, 36)
        out = digits[rest] + out
        if number == 0:
            return out


def project_key(path: str) -> str:
    """Claude Code's folder name for a project path (see the module docstring)."""
    path = unicodedata.normalize("NFC", path)
    key = "".join(ch if ch.isascii() and ch.isalnum() else "-" * (2 if ord(ch) > 0xFFFF else 1) for ch in path)
    if len(key) <= KEY_MAX:
        return key
    return f"{key[:KEY_MAX]}-{_base36(_java_hash(path))}"


def _read_small(path: Path, limit: int = 4096) -> str | None:
    try:
        with open(path, "rb") as handle:
            return handle.read(limit).decode("utf-8", "replace").strip()
    except OSError:
        return None


def git_root(start: Path) -> Path | None:
    """The nearest folder from ``start`` upward with a `.git` folder or file (Claude's git root)."""
    here = Path(os.path.realpath(start))
    for folder in (here, *here.parents):
        if (folder / ".git").is_dir() or (folder / ".git").is_file():
            return folder
    return None


def main_checkout(root: Path) -> Path:
    """The main checkout of the repository ``root`` belongs to: ``root`` itself unless its `.git` is a
    worktree's `gitdir:` file whose `commondir` and `gitdir` files check out (as Claude Code requires)."""
    dotgit = root / ".git"
    if not dotgit.is_file():
        return root
    head = _read_small(dotgit)
    if not head or not head.startswith("gitdir:"):
        return root
    gitdir = (root / head[len("gitdir:"):].strip()).resolve()
    common_rel = _read_small(gitdir / "commondir")
    back = _read_small(gitdir / "gitdir")
    if not common_rel or not back:
        return root
    common = (gitdir / common_rel).resolve()
    if gitdir.parent != common / "worktrees":
        return root
    if Path(os.path.realpath(gitdir / back)) != Path(os.path.realpath(dotgit)):
        return root
    if common.name != ".git":  # a bare repository's worktree: the repository folder itself
        return common
    return common.parent


def repository_roots(root: Path) -> list[Path]:
    """The main checkout and every worktree of the repository ``root`` is in (for matching recorded cwds)."""
    main = main_checkout(root)
    out = [main]
    common = main / ".git" if (main / ".git").is_dir() else main
    try:
        entries = sorted(os.scandir(common / "worktrees"), key=lambda e: e.name)
    except OSError:
        entries = []
    for entry in entries:
        back = _read_small(Path(entry.path) / "gitdir")
        if back:
            folder = Path(os.path.normpath(Path(entry.path) / back)).parent
            if folder not in out:
                out.append(folder)
    if root not in out:
        out.append(root)
    return out


def config_dir() -> Path:
    configured = os.environ.get("CLAUDE_CONFIG_DIR")
    return Path(configured).expanduser() if configured else Path.home() / ".claude"


def _setting(path: Path, key: str) -> str | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    value = data.get(key) if isinstance(data, dict) else None
    return value if isinstance(value, str) and value.strip() else None


def _expand(value: str) -> Path | None:
    if value.startswith(("~/", "~\\")):
        return Path.home() / value[2:]
    path = Path(value)
    return path if path.is_absolute() and len(value) >= 3 and "\x00" not in value else None


def memory_folders(project_root: Path) -> tuple[list[Path], list[str]]:
    """Claude Code's memory folders of this repository, and notes about folders deliberately not read."""
    notes: list[str] = []
    base = git_root(project_root)
    base = main_checkout(base) if base is not None else Path(os.path.realpath(project_root))
    config = config_dir()
    remote = os.environ.get("CLAUDE_CODE_REMOTE_MEMORY_DIR")
    memory_base = Path(remote).expanduser() if remote else config
    key = project_key(str(base))
    named = os.environ.get("CLAUDE_CODE_PROJECT_DIR_NAME")
    if not remote and os.environ.get("CLAUDE_CONFIG_DIR") and named and _DIR_NAME.match(named) \
            and not _RESERVED.match(named):
        key = named
    folders: list[Path] = []
    local = _setting(project_root / ".claude" / "settings.local.json", "autoMemoryDirectory")
    if local and _expand(local) is not None:
        folders.append(_expand(local))  # type: ignore[arg-type]
    folders.append(memory_base / "projects" / key / "memory")
    if _setting(config / "settings.json", "autoMemoryDirectory"):
        notes.append("Claude Code's autoMemoryDirectory in your user settings names one folder for every "
                      "project, so it may hold other repositories' memories: not read")
    if os.environ.get("CLAUDE_COWORK_MEMORY_PATH_OVERRIDE"):
        notes.append("CLAUDE_COWORK_MEMORY_PATH_OVERRIDE names a folder that is not per repository: not read")
    unique: list[Path] = []
    for folder in folders:
        if folder not in unique:
            unique.append(folder)
    return unique, notes


# --- what ------------------------------------------------------------------------------------------------

def _unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        value = value[1:-1]
    return value.strip()


def frontmatter(text: str) -> tuple[dict[str, object] | None, str, str | None]:
    """(fields, body, problem): the YAML subset Claude Code writes (`key: value`, one nested mapping level)."""
    if not text.startswith("---\n") and text.strip() != "---":
        return None, text, "has no frontmatter (Claude Code writes name, description and type at the top)"
    lines = text.split("\n")
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
    if end is None:
        return None, text, "has a frontmatter that is never closed with '---'"
    fields: dict[str, object] = {}
    parent: dict[str, str] | None = None
    for line in lines[1:end]:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line[0] in " \t":
            if parent is not None and ":" in line:
                k, v = line.strip().split(":", 1)
                parent[k.strip()] = _unquote(v)
            continue
        if ":" not in line:
            return None, text, f"has a frontmatter line that is not 'key: value' ({one_line(line)[:40]!r})"
        k, v = line.split(":", 1)
        if v.strip():
            fields[k.strip()] = _unquote(v)
            parent = None
        else:
            parent = {}
            fields[k.strip()] = parent
    return fields, "\n".join(lines[end + 1:]), None


def split_body(body: str) -> tuple[str, str, str]:
    """(rule, why, how) of a memory body: the text before `**Why:**`, and the two marked parts."""
    parts = {"rule": [], "why": [], "how to apply": []}  # type: dict[str, list[str]]
    current = "rule"
    for line in body.split("\n"):
        match = _MARKER.match(line)
        if match:
            current = match.group(1).lower()
            if match.group(2).strip():
                parts[current].append(match.group(2))
            continue
        parts[current].append(line)
    return ("\n".join(parts["rule"]).strip(), "\n".join(parts["why"]).strip(),
            "\n".join(parts["how to apply"]).strip())


def _type_of(fields: dict[str, object]) -> str:
    meta = fields.get("metadata")
    value = meta.get("type") if isinstance(meta, dict) else None
    if not value:
        value = fields.get("type")
    return str(value).strip().lower() if isinstance(value, str) else ""


def read_folder(folder: Path) -> tuple[list[AgentMemory], list[SkippedMemory]]:
    """The memories in one Claude Code memory folder (MEMORY.md, the index, is not a memory)."""
    memories: list[AgentMemory] = []
    skipped: list[SkippedMemory] = []
    files, cut = list_markdown(folder)
    if cut:
        skipped.append(SkippedMemory(AGENT, ".", f"more than {len(files)} files: the rest were not read"))
    for path in files:
        rel = rel_of(path, folder)
        if path.name == INDEX:
            continue
        text, problem = read_text(path, folder)
        if text is None:
            skipped.append(SkippedMemory(AGENT, rel, problem or "cannot be read"))
            continue
        fields, body, problem = frontmatter(text)
        if fields is None:
            skipped.append(SkippedMemory(AGENT, rel, problem or "has no frontmatter"))
            continue
        kind = _type_of(fields)
        if not kind:
            skipped.append(SkippedMemory(AGENT, rel, "has no type in its frontmatter (user, feedback, project "
                                                     "or reference)"))
            continue
        rule, why, how = split_body(body)
        if not rule and not why and not how:
            skipped.append(SkippedMemory(AGENT, rel, "has no text after its frontmatter"))
            continue
        name = fields.get("name")
        description = fields.get("description")
        memories.append(AgentMemory(
            agent=AGENT, type=kind, name=one_line(name) if isinstance(name, str) and name.strip() else path.stem,
            key=f"{AGENT}:{rel}", rel=rel, mtime=mtime_of(path), rule=rule, why=why, how=how,
            description=one_line(description) if isinstance(description, str) else "",
            digest=digest_of(text)))
    return memories, skipped


def read_memories(project_root: Path) -> tuple[list[AgentMemory], list[SkippedMemory], list[Path], list[str]]:
    """Every Claude Code memory of this repository: (memories, skipped files, folders read, notes)."""
    folders, notes = memory_folders(project_root)
    memories: list[AgentMemory] = []
    skipped: list[SkippedMemory] = []
    read: list[Path] = []
    seen: set[str] = set()
    for folder in folders:
        if not folder.is_dir():
            continue
        read.append(folder)
        found, bad = read_folder(folder)
        skipped += bad
        for memory in found:
            if memory.key in seen:
                skipped.append(SkippedMemory(AGENT, memory.rel, "has the same file name as a memory in another "
                                                                "memory folder of this repository: read once"))
                continue
            seen.add(memory.key)
            memories.append(memory)
    return memories, skipped, read, notes
