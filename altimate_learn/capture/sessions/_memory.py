"""What every agent-memory reader shares: the memory record, safe file reading, and Markdown helpers.

The agents keep memories of their own (Claude Code's auto memory, Codex's memories folder, Gemini CLI's
memory files). Each agent's module beside its transcript reader (`claude_memory`, `codex_memory`,
`gemini_memory`) finds the memories of one repository and turns them into :class:`AgentMemory` records;
:mod:`altimate_learn.history.memory_import` stages them through the curator. Nothing here writes: the
agents' folders are only read.

A memory file is untrusted input. :func:`read_text` refuses, with one line saying why, anything that is not
a plain UTF-8 text file of reasonable size inside the folder being read: a symlink that leads out of the
folder, a binary or undecodable file, a file over :data:`MAX_FILE_BYTES`, a folder where a file was
expected. Such a file is reported as skipped (:class:`SkippedMemory`), never fatal.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from altimate_learn.markers import strip_injected

MAX_FILE_BYTES = 256 * 1024      # a memory is a note; anything larger is not one
MAX_FILES = 2_000                # files read from one memory folder per run
TYPES = ("feedback", "project", "user", "reference")
TEAM_TYPES = ("feedback", "project")  # imported by default; the others are personal or pointers

AGENT_LABELS = {"claude-code": "Claude Code", "codex": "Codex", "gemini": "Gemini CLI"}


@dataclass
class AgentMemory:
    """One memory an agent saved about this repository.

    ``key`` identifies the memory across runs (agent, file relative to the agent's memory folder, and an
    anchor for files that hold several memories); ``digest`` identifies this version of it. ``aliases`` are
    keys an earlier version of learn gave the same memory (read as this key, never written again). ``rel`` is the
    file as shown to people and stored in provenance: relative to the agent's memory folder, never a home
    path. ``rule``/``why``/``how`` are the memory's text, with our own injected sections removed."""

    agent: str
    type: str
    name: str
    key: str
    rel: str
    mtime: float
    rule: str
    why: str = ""
    how: str = ""
    description: str = ""
    digest: str = ""
    # paths and tools the memory itself names as where it applies (Codex: the rollout's cwd, none)
    extra: dict[str, str] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return f"{AGENT_LABELS.get(self.agent, self.agent)}'s memory"

    def lines(self) -> list[str]:
        """Every line of the memory's own text (rule, why, how, description, name), for screening."""
        out: list[str] = []
        for part in (self.name, self.description, self.rule, self.why, self.how):
            out += [line.strip() for line in part.splitlines() if line.strip()]
        return out


@dataclass
class SkippedMemory:
    """A file (or entry) that could not be read as a memory, and why: one line a person can act on."""

    agent: str
    rel: str
    reason: str


def digest_of(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def rel_of(path: Path, folder: Path) -> str:
    try:
        return path.relative_to(folder).as_posix()
    except ValueError:
        return path.name


def read_text(path: Path, folder: Path, *, max_bytes: int = MAX_FILE_BYTES) -> tuple[str | None, str | None]:
    """(text, None) for a readable memory file inside ``folder``, else (None, why it was skipped)."""
    try:
        info = os.lstat(path)
    except OSError as exc:
        return None, f"cannot be read ({exc.strerror or exc})"
    if stat.S_ISLNK(info.st_mode):
        try:
            target = path.resolve(strict=True)
            inside = target.is_relative_to(folder.resolve(strict=True))
        except (OSError, RuntimeError):
            return None, "is a broken symlink"
        if not inside:
            return None, "is a symlink that leads out of the memory folder"
        try:
            info = os.stat(target)
        except OSError as exc:
            return None, f"cannot be read ({exc.strerror or exc})"
    if stat.S_ISDIR(info.st_mode):
        return None, "is a folder"
    if not stat.S_ISREG(info.st_mode):
        return None, "is not a regular file"
    if info.st_size > max_bytes:
        return None, f"is larger than {max_bytes // 1024} KB ({info.st_size // 1024} KB): not a memory note"
    try:
        with open(path, "rb") as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        return None, f"cannot be read ({exc.strerror or exc})"
    if len(raw) > max_bytes:
        return None, f"is larger than {max_bytes // 1024} KB: not a memory note"
    if b"\x00" in raw:
        return None, "is binary, not text"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None, "is not UTF-8 text"
    return strip_injected(text.replace("\r\n", "\n").replace("\r", "\n")), None


def mtime_of(path: Path) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0


def list_markdown(folder: Path) -> tuple[list[Path], bool]:
    """The `*.md` entries directly in ``folder`` (sorted), and whether the listing was cut at MAX_FILES."""
    try:
        names = sorted(e.name for e in os.scandir(folder) if e.name.endswith(".md"))
    except OSError:
        return [], False
    return [folder / n for n in names[:MAX_FILES]], len(names) > MAX_FILES


# --- Markdown ------------------------------------------------------------------------------------------

_WIKILINK = re.compile(r"\[\[([^\]\n|]{1,120})(?:\|([^\]\n]{1,120}))?\]\]")
_BOLD = re.compile(r"(\*\*|__)(.+?)\1")
_LINK = re.compile(r"\[([^\]\n]{1,200})\]\(([^)\s]{1,500})\)")
BULLET = re.compile(r"^(\s*)(?:[-*+]|\d{1,3}[.)])\s+(.*)$")


# A pointer to other memories and nothing else: "(see [[dbt-macros]])", "Related: [[a]], [[b]].", "— see also [[a]]".
# Claude Code's memory prompt asks for such links ("Link related memories with [[their-name]] … liberally"); they
# name files of the person's private memory folder, which a lesson's readers (teammates, other agents) do not have.
_ONE_LINK = r"\[\[[^\]\n|]{1,120}(?:\|[^\]\n]{1,120})?\]\]"
_LINK_LIST = _ONE_LINK + r"(?:\s*(?:,|;|&|\band\b)\s*" + _ONE_LINK + r")*"
_SEE = r"(?:see(?:\s+also)?|cf\.?|related(?:\s+to)?|links?|more\s+in)"
_POINTERS = re.compile(
    r"\s*\(\s*(?:" + _SEE + r"\s*:?\s*)?" + _LINK_LIST + r"\s*\)"                   # (see [[a]])
    r"|(?:(?<=^)|(?<=[.!?;:]))\s*(?:" + _SEE + r"\s*:?\s*)?" + _LINK_LIST + r"\s*(?:[.;](?=\s|$)|$)"  # Related: [[a]].
    r"|\s*(?:[,;\u2013\u2014]|\s-)\s*" + _SEE + r"\s*:?\s*" + _LINK_LIST + r"(?=\s*(?:[.;!?]|$))",  # , see [[a]]
    re.IGNORECASE)


def plain(text: str) -> str:
    """Markdown decoration a lesson does not need: pointers to other memories go, wiki links within a sentence and
    links keep their words, bold goes."""
    if "[[" in text:
        text = _POINTERS.sub("", text)
    text = _WIKILINK.sub(lambda m: m.group(2) or m.group(1), text)
    text = _LINK.sub(lambda m: m.group(1), text)
    text = _BOLD.sub(lambda m: m.group(2), text)
    return text


def one_line(text: str) -> str:
    return " ".join(text.split())


def bullets(lines: list[str]) -> list[str]:
    """Top-level bullet items of a Markdown section, each with its continuation lines joined."""
    items: list[str] = []
    base: int | None = None
    for line in lines:
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        match = BULLET.match(line)
        if match and (base is None or indent <= base):
            base = indent if base is None else base
            items.append(match.group(2))
        elif items:  # an indented line, a nested bullet or a lazy continuation belongs to the item above
            items[-1] += " " + line.strip()
    return [one_line(i) for i in items if i.strip()]


def sections(text: str, level: int) -> list[tuple[str, list[str]]]:
    """``(heading, lines)`` for each heading of exactly ``level`` `#`s (the text before the first: "")."""
    marker = "#" * level + " "
    out: list[tuple[str, list[str]]] = [("", [])]
    fence = False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fence = not fence
        if not fence and line.startswith(marker):
            out.append((line[len(marker):].strip(), []))
        else:
            out[-1][1].append(line)
    return out
