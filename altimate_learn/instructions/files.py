"""The project's instruction files: which ones the supported agents load, their text, and one hash of them.

A lesson is vetted against "the contract": every instruction file in the repository that one of the agents
learn delivers to loads on its own (the team's files; personal ones under the home folder are listed by
`learn doctor` but not vetted against, since lessons are shared through git):

- at the project root: ``AGENTS.md`` (Codex, opencode/altimate-code), ``AGENTS.override.md`` (Codex),
  ``AGENTS.local.md`` (the personal file beside AGENTS.md that continual learners write), ``CLAUDE.md``,
  ``CLAUDE.local.md`` and ``.claude/CLAUDE.md`` (Claude Code), ``GEMINI.md`` (Gemini CLI);
- ``.claude/rules/**/*.md`` (Claude Code's rule files);
- the same names in subfolders (Codex reads the ones on the way to its working folder, Claude Code and
  Gemini CLI read them when they work there), found with ``git ls-files`` (tracked and untracked, not
  ignored) or, outside git, a bounded walk;
- files named by Gemini CLI's ``context.fileName`` (``.gemini/settings.json``) and by opencode's
  ``instructions`` list (``opencode.json``, ``opencode.jsonc``, ``.altimate-code/altimate-code.json``);
- files imported with ``@path`` from CLAUDE.md or GEMINI.md (relative, inside the repository, five levels).

Bad files are not read and say why in one line (:attr:`InstructionFile.problem`): larger than
:data:`MAX_FILE_BYTES`, binary or not UTF-8, unreadable, or a symlink that leads out of the repository.

The hash (:func:`contract_hash`) covers each file's path and text with learn's own marked blocks excised
(:mod:`altimate_learn.instructions.block`: what `learn export agents-md` and the learner write), line
endings, trailing spaces and blank-line runs normalised, so writing our block never makes lessons stale. A
bad file enters the hash as its path and problem, so fixing it changes the hash too. The same function
runs on the hook path (delivery holds stale lessons out), over the files discovery recorded in
``.altimate-code/learn/.instructions.json`` plus the root candidates: standard library only, no ``re``.
"""

from __future__ import annotations

import os

MAX_FILE_BYTES = 256 * 1024
MAX_FILES = 60
MAX_IMPORT_DEPTH = 5
MAX_WALK_ENTRIES = 50_000
RECORD = ".instructions.json"  # in .altimate-code/learn/: the files the last discovery found

# Files at the root, and which agents load them.
ROOT_FILES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("AGENTS.md", ("codex", "opencode")),
    ("AGENTS.override.md", ("codex",)),
    ("AGENTS.local.md", ("learner",)),
    ("CLAUDE.md", ("claude-code",)),
    ("CLAUDE.local.md", ("claude-code",)),
    (".claude/CLAUDE.md", ("claude-code",)),
    ("GEMINI.md", ("gemini",)),
)
NESTED_NAMES: dict[str, tuple[str, ...]] = {"AGENTS.md": ("codex", "opencode"), "AGENTS.override.md": ("codex",),
                                            "CLAUDE.md": ("claude-code",), "GEMINI.md": ("gemini",)}
# Files outside the home folder that the agents load for every project of a person (never vetted against).
PERSONAL_FILES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("~/.claude/CLAUDE.md", ("claude-code",)),
    ("$CODEX_HOME/AGENTS.md", ("codex",)),
    ("~/.gemini/GEMINI.md", ("gemini",)),
    ("~/.config/opencode/AGENTS.md", ("opencode",)),
)
_SKIP_DIRS = frozenset({".git", "node_modules", ".venv", "venv", "__pycache__", "dist", "build", "target",
                        ".tox", ".mypy_cache", ".pytest_cache", ".altimate-code"})
BLOCK_OPEN = "<!-- learn:"  # every marker block.py writes starts so (a file without it has no block of ours)


class InstructionFile:
    """One instruction file: ``path`` relative to the root ('/' separators), its text when usable."""

    __slots__ = ("path", "agents", "via", "size", "text", "problem", "real")

    def __init__(self, path: str, agents: tuple[str, ...] = (), via: str | None = None) -> None:
        self.path = path
        self.agents = agents
        self.via = via  # why it counts, when not by its name: "imported by CLAUDE.md", a config file
        self.size = 0
        self.text: str | None = None  # excised, normalised text (None when the file is bad)
        self.problem: str | None = None  # one line: why it was not read
        self.real: str | None = None

    @property
    def ok(self) -> bool:
        return self.text is not None

    def as_dict(self) -> dict:
        out = {"path": self.path, "agents": list(self.agents), "bytes": self.size, "ok": self.ok}
        if self.via:
            out["via"] = self.via
        if self.problem:
            out["problem"] = self.problem
        return out


# --- reading one file ----------------------------------------------------------------------------------

def excise_blocks(text: str) -> str:
    """``text`` without the blocks learn manages (:func:`altimate_learn.instructions.block.excise`: each
    balanced ``<!-- learn:lessons -->`` / ``<!-- learn:learned -->`` block; unbalanced markers are kept)."""
    if BLOCK_OPEN not in text:
        return text  # the common case costs no import on the hook path
    from altimate_learn.markers import excise_managed  # not instructions.block: dataclasses would cost the hook

    return excise_managed(text)


def normalise(text: str) -> str:
    """Line endings, trailing spaces and runs of blank lines folded, so formatting alone never stales a lesson."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    out: list[str] = []
    for line in lines:
        if not line and (not out or not out[-1]):
            continue
        out.append(line)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def read_file(root: str, item: InstructionFile) -> InstructionFile:
    """Fill ``item`` from disk: its text, or the one-line problem that kept it out."""
    path = os.path.join(root, item.path)
    real_root = os.path.realpath(root)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        item.problem = "missing"
        return item
    except OSError as exc:
        item.problem = f"cannot be read ({exc.strerror or exc}); fix its permissions"
        return item
    real = os.path.realpath(path)
    item.real = real
    if not _inside(real, real_root):
        item.problem = "is a symlink that leads out of the repository; not read (replace it with a regular file)"
        return item
    try:
        info = os.stat(path)
    except OSError as exc:
        item.problem = f"cannot be read ({exc.strerror or exc}); fix its permissions"
        return item
    import stat as _stat

    if not _stat.S_ISREG(info.st_mode):
        item.problem = "is not a regular file; not read"
        return item
    item.size = info.st_size
    if info.st_size > MAX_FILE_BYTES:
        item.problem = (f"is {info.st_size:,} bytes, over the {MAX_FILE_BYTES // 1024} KiB limit; not read "
                        "(agents truncate files this large too: split it)")
        return item
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        item.problem = f"cannot be read ({exc.strerror or exc}); fix its permissions"
        return item
    if b"\0" in raw[:8192]:
        item.problem = "is binary, not text; not read"
        return item
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        item.problem = "is not UTF-8 text; not read (save it as UTF-8)"
        return item
    item.text = normalise(excise_blocks(text))
    return item


# --- the hash (hook path) ------------------------------------------------------------------------------

def contract_hash(root: str, paths: list[str] | tuple[str, ...]) -> str:
    """One hash of the instruction files ``paths`` (relative to ``root``) as they are now: 16 hex digits.

    Missing files are left out; bad ones count by path and problem. Deterministic in the order of ``paths``.
    """
    import hashlib  # here, not at the top: hashlib loads OpenSSL (~3 MiB), which a session start without stale
    # checks or exported blocks never needs (the hook imports this module for root_candidates / hook_paths)

    digest = hashlib.sha256(b"learn-instructions-v1")
    seen: set[str] = set()
    for rel in sorted(set(paths)):
        item = read_file(root, InstructionFile(rel))
        if item.problem == "missing":
            continue
        if item.ok and not (item.text or "").strip():
            # Empty, or nothing but learn's own block (an export into a new AGENTS.md): nothing to vet against,
            # so it hashes as absent and writing the block never makes the set stale.
            continue
        if item.real is not None and item.ok:
            if item.real in seen:  # CLAUDE.md → AGENTS.md: one text, counted once
                continue
            seen.add(item.real)
        digest.update(b"\0" + rel.encode("utf-8", "surrogateescape") + b"\0")
        if item.ok:
            digest.update(b"T" + (item.text or "").encode("utf-8", "surrogateescape"))
        else:
            digest.update(b"P" + (item.problem or "").encode("utf-8", "surrogateescape"))
    return digest.hexdigest()[:16]


def root_candidates(root: str) -> list[str]:
    """The root-level instruction files that exist (cheap: one lstat each)."""
    out = []
    for rel, _agents in ROOT_FILES:
        if os.path.lexists(os.path.join(root, rel)):
            out.append(rel)
    return out


def recorded_paths(learn_dir: str) -> list[str]:
    """The files the last discovery recorded (empty when there is no usable record)."""
    from altimate_learn.deliver import fastjson

    try:
        with open(os.path.join(learn_dir, RECORD), encoding="utf-8") as handle:
            value = fastjson.loads(handle.read())
    except (OSError, ValueError, UnicodeDecodeError):
        return []
    files = value.get("files") if isinstance(value, dict) else None
    if not isinstance(files, list):
        return []
    return [f for f in files if isinstance(f, str) and f and not f.startswith("/") and ".." not in f.split("/")]


def hook_paths(root: str, learn_dir: str) -> list[str]:
    """What the hook path hashes: the recorded files plus the root candidates present now."""
    return sorted(set(recorded_paths(learn_dir)) | set(root_candidates(root)))


def current_hash(root: str, learn_dir: str) -> str:
    return contract_hash(root, hook_paths(root, learn_dir))


# --- discovery (commands, not the hook path) -----------------------------------------------------------

class Contract:
    """The instruction files of a project as discovery found them, and their hash."""

    def __init__(self, root: str, files: list[InstructionFile], notes: list[str]) -> None:
        self.root = root
        self.files = files
        self.notes = notes  # lines about what was left out (over the file limit, unreadable config)
        self.hash = contract_hash(root, self.paths)

    @property
    def paths(self) -> list[str]:
        return sorted({f.path for f in self.files} | set(root_candidates(self.root)))

    @property
    def usable(self) -> list[InstructionFile]:
        """Readable files, each text once (a symlinked CLAUDE.md → AGENTS.md is one file)."""
        seen: set[str] = set()
        out = []
        for item in sorted(self.files, key=lambda f: f.path):
            if not item.ok or (item.real or item.path) in seen:
                continue
            seen.add(item.real or item.path)
            out.append(item)
        return out

    @property
    def problems(self) -> list[str]:
        return [f"{f.path} {f.problem}" for f in sorted(self.files, key=lambda f: f.path)
                if f.problem and f.problem != "missing"] + self.notes

    def text_of(self, path: str) -> str | None:
        for item in self.files:
            if item.path == path:
                return item.text
        return None

    def as_dict(self) -> dict:
        return {"hash": self.hash, "files": [f.as_dict() for f in sorted(self.files, key=lambda f: f.path)],
                "problems": self.problems}


def _git_files(root: str) -> list[str] | None:
    """Tracked and untracked (not ignored) files, relative to ``root``; None when git cannot say."""
    import subprocess

    if not os.path.exists(os.path.join(root, ".git")):
        return None
    # A leaked GIT_DIR / GIT_INDEX_FILE (from a git hook) would list another repository's files.
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("GIT_") or k in ("GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM")}
    try:
        proc = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                              capture_output=True, timeout=30, env=env)
    except (OSError, subprocess.SubprocessError):
        return None
    if proc.returncode != 0:
        return None
    return [p for p in proc.stdout.decode("utf-8", "surrogateescape").split("\0") if p]


def _walk_files(root: str) -> list[str]:
    out: list[str] = []
    seen = 0
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS and not d.startswith("."))
        rel = os.path.relpath(folder, root)
        for name in files:
            out.append(name if rel == "." else f"{rel}/{name}".replace(os.sep, "/"))
        seen += len(files) + len(dirs)
        if seen > MAX_WALK_ENTRIES:
            break
    return out


def _read_json_config(path: str) -> dict | None:
    try:
        with open(path, encoding="utf-8") as handle:
            raw = handle.read(1024 * 1024)
    except (OSError, UnicodeDecodeError):
        return None
    import json  # only when the file exists: the session-start hook imports no json package otherwise
    try:
        value = json.loads(raw)
    except ValueError:
        from altimate_learn.config import strip_jsonc

        try:
            value = json.loads(strip_jsonc(raw))
        except ValueError:
            return None
    return value if isinstance(value, dict) else None


def config_names(root: str) -> tuple[dict[str, tuple[str, ...]], list[tuple[str, str]], list[str]]:
    """Instruction names and files that agent config adds: ({name: agents}, [(glob, config file)], config files)."""
    names: dict[str, tuple[str, ...]] = {}
    globs: list[tuple[str, str]] = []
    used: list[str] = []
    gemini = _read_json_config(os.path.join(root, ".gemini", "settings.json"))
    if gemini is not None:
        context = gemini.get("context")
        value = context.get("fileName") if isinstance(context, dict) else None
        listed = [value] if isinstance(value, str) else value if isinstance(value, list) else []
        for name in listed:
            if isinstance(name, str) and name and "/" not in name and "\\" not in name:
                names[name] = ("gemini",)
        if listed:
            used.append(".gemini/settings.json")
    for rel in ("opencode.json", "opencode.jsonc", ".altimate-code/altimate-code.json"):
        data = _read_json_config(os.path.join(root, rel))
        listed = data.get("instructions") if data is not None else None
        if isinstance(listed, list) and listed:
            used.append(rel)
            for pattern in listed:
                if isinstance(pattern, str) and pattern and not pattern.startswith(("/", "~", "http:", "https:")):
                    globs.append((pattern.removeprefix("./"), rel))
    return names, globs, used


def _imports(text: str) -> list[str]:
    """``@path`` imports of a CLAUDE.md / GEMINI.md (outside code spans and fences)."""
    out: list[str] = []
    fenced = False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        parts = line.split("`")
        for index in range(0, len(parts), 2):  # even parts are outside inline code
            for word in parts[index].split():
                if word.startswith("@") and len(word) > 1 and word[1] not in "@ ":
                    target = word[1:].rstrip(".,;:)]")
                    if "/" in target or "." in target:
                        out.append(target)
    return out


def discover(root: str | os.PathLike, *, nested: bool = True) -> Contract:
    """Every instruction file of the project (see the module docstring), read, with a hash.

    ``nested=False`` (the session-start hook: no ``git ls-files``, no walk) keeps to the files at the root: the
    root names, the names and plain paths agent config adds, and the ``@path`` imports of those files, with the
    same agents each one is loaded by."""

    root = os.path.realpath(os.fspath(root))
    found: dict[str, InstructionFile] = {}
    notes: list[str] = []

    def add(rel: str, agents: tuple[str, ...], via: str | None = None) -> InstructionFile | None:
        rel = rel.replace(os.sep, "/").removeprefix("./")
        if not rel or rel.startswith("/") or ".." in rel.split("/"):
            return None
        if rel in found:
            item = found[rel]
            item.agents = tuple(dict.fromkeys(item.agents + agents))
            return None
        if len(found) >= MAX_FILES:
            notes.append(f"more than {MAX_FILES} instruction files: {rel} and later ones were not read")
            return None
        item = read_file(root, InstructionFile(rel, agents, via))
        if item.problem == "missing":
            return None
        found[rel] = item
        return item

    for rel, agents in ROOT_FILES:
        add(rel, agents)
    extra_names, globs, _configs = config_names(root)
    names = dict(NESTED_NAMES)
    for name, agents in extra_names.items():
        names[name] = tuple(dict.fromkeys(names.get(name, ()) + agents))
    if nested:
        listing = _git_files(root)
        if listing is None:
            listing = _walk_files(root)
    else:  # only what can sit at the root; `add` skips what is missing
        listing = list(names) + [pattern for pattern, _ in globs if not any(c in pattern for c in "*?[")]
    for rel in sorted(listing):
        base = rel.rsplit("/", 1)[-1]
        if base in names:
            add(rel, names[base])
        elif rel.startswith(".claude/rules/") and rel.endswith(".md"):
            add(rel, ("claude-code",), "Claude Code rules folder")
        else:
            for pattern, config in globs:
                import fnmatch  # imports re: only with opencode `instructions` globs

                if fnmatch.fnmatch(rel, pattern):
                    add(rel, ("opencode",), f"instructions in {config}")
                    break
    # Codex reads AGENTS.override.md instead of the AGENTS.md beside it (Codex 0.171.0: with both at the root, its
    # first model request carried only the override; trial24)
    for rel, item in list(found.items()):
        if rel.rsplit("/", 1)[-1] == "AGENTS.override.md" and item.ok and (item.text or "").strip():
            beside = rel[: -len("AGENTS.override.md")] + "AGENTS.md"
            if beside in found and "codex" in found[beside].agents:
                found[beside].agents = tuple(a for a in found[beside].agents if a != "codex")
    # @imports, breadth first, from the files Claude Code and Gemini CLI read
    queue = [(item, 0) for item in list(found.values())
             if item.ok and ("claude-code" in item.agents or "gemini" in item.agents)]
    while queue:
        item, depth = queue.pop(0)
        if depth >= MAX_IMPORT_DEPTH:
            continue
        folder = os.path.dirname(item.path)
        for target in _imports(item.text or ""):
            if target.startswith(("~", "/")):
                continue
            rel = os.path.normpath(os.path.join(folder, target)).replace(os.sep, "/")
            added = add(rel, item.agents, f"imported by {item.path}")
            if added is not None and added.ok:
                queue.append((added, depth + 1))
    return Contract(root, list(found.values()), notes)


def personal_files(env: dict | None = None) -> list[InstructionFile]:
    """The per-person instruction files that exist (listed by `learn doctor`; never vetted against)."""
    env = os.environ if env is None else env
    home = env.get("HOME") or os.path.expanduser("~")
    out = []
    for spec, agents in PERSONAL_FILES:
        if spec.startswith("$CODEX_HOME/"):
            path = os.path.join(env.get("CODEX_HOME") or os.path.join(home, ".codex"), spec[len("$CODEX_HOME/"):])
        elif spec.startswith("~/.claude/") and env.get("CLAUDE_CONFIG_DIR"):
            path = os.path.join(env["CLAUDE_CONFIG_DIR"], spec[len("~/.claude/"):])
        else:
            path = os.path.join(home, spec[2:])
        if os.path.isfile(path):
            item = InstructionFile(path, agents)
            try:
                item.size = os.path.getsize(path)
            except OSError:
                pass
            out.append(item)
    return out


def record(learn_dir: str, contract: Contract) -> None:
    """Write the discovered file list for the hook path (under `.altimate-code/learn/`)."""
    from altimate_learn.store.fsio import atomic_write, canonical_json, utc_now

    path = os.path.join(learn_dir, RECORD)
    value = {"files": sorted(f.path for f in contract.files), "hash": contract.hash}
    try:
        with open(path, encoding="utf-8") as handle:
            import json

            old = json.loads(handle.read())
        if isinstance(old, dict) and old.get("files") == value["files"] and old.get("hash") == value["hash"]:
            return
    except (OSError, ValueError):
        pass
    os.makedirs(learn_dir, exist_ok=True)
    atomic_write(__import__("pathlib").Path(path), canonical_json({**value, "at": utc_now()}))
