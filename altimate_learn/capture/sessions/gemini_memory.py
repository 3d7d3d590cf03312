"""Gemini CLI's memories (GEMINI_CLI_HOME, else the home folder, then `.gemini/`).

Read from google-gemini/gemini-cli (`packages/core/src/tools/memoryTool.ts`) and the bundled 0.61.0:
- `save_memory` (before 0.61) appends `- <fact>` to a `## Gemini Added Memories` section of the global
  `~/.gemini/GEMINI.md` (the section ends at the next `## ` heading), or, with `scope: "project"`, a bare
  `- <fact>` line to the project's private memory index `~/.gemini/tmp/<project>/memory/MEMORY.md`; a fact is
  one line (line breaks folded to spaces, `<` and `>` blanked, leading dashes dropped). Older versions kept
  the project file as `GEMINI.md` in that folder (still loaded as a legacy project memory).
- Gemini CLI 0.61 has no `save_memory`: its model edits the same files itself. `MEMORY.md` holds brief facts
  and one-line pointers to sibling `*.md` notes with more detail; team conventions go into the committed
  `./GEMINI.md` (already shared, not read here); `~/.gemini/GEMINI.md` holds cross-project personal
  preferences. `memory/.inbox/` holds extraction patches the user has not reviewed yet: not read.

`<project>` is the project's short name from `~/.gemini/projects.json` (or the sha256 of its root in older
versions), resolved as the transcript reader does. Both are the person's own: Gemini's prompt calls the private
project memory "personal-to-the-user", not to be committed (team conventions go to `./GEMINI.md`), and the
global file is about the person in every project. So their facts and notes are `user` memories, like Codex's
`memory_summary.md`: not imported unless asked for by type (`learn import-memories --type user`; trial18).
A memory's digest is of where it lives and what it says, not of its type, so a fact imported before it was
typed `user` is still unchanged when imported again.
"""

from __future__ import annotations

import re
from pathlib import Path

from altimate_learn.capture.sessions._memory import (
    AgentMemory,
    SkippedMemory,
    bullets,
    digest_of,
    list_markdown,
    mtime_of,
    one_line,
    read_text,
    sections,
)

AGENT = "gemini"
SECTION = "Gemini Added Memories"
INDEX = "MEMORY.md"
LEGACY = "GEMINI.md"
_LINK_FIRST = re.compile(r"\s*\[[^\]\n]{1,200}\]\([^)\s]{1,300}\.md\)")
_POINTER = re.compile(r"\[[^\]\n]{1,200}\]\(([^)\s]{1,300}\.md)\)|(?<![\w/])([\w.-]{1,120}\.md)\b")


def added_section(text: str) -> list[str] | None:
    """The lines of the `## Gemini Added Memories` section, or None when there is none."""
    for heading, lines in sections(text, 2)[1:]:
        if heading.strip().lower() == SECTION.lower():
            return lines
    return None


def _fact(scope: str, fact: str, rel: str, mtime: float, name: str = "") -> AgentMemory:
    """A fact of the private project memory (``scope`` "project") or of the global file ("user"): a `user`
    memory either way (the module docstring); the digest keeps the scope, as it did when it was the type."""
    anchor = digest_of(one_line(fact))[:16]
    return AgentMemory(agent=AGENT, type="user", name=name or one_line(fact)[:60], key=f"{AGENT}:{rel}#{anchor}",
                       rel=rel, mtime=mtime, rule=fact, digest=digest_of(scope, fact))


# A fact's own closing pointer to a note, the index style Gemini CLI 0.61's prompt asks for: "… port 5433 (see
# [local-db](local-db.md))", "… (details: deploy.md)", "… — see [deploy](deploy.md)". The words before it are the fact.
# A bare file name is a pointer only after a word that says so: "Update the changelog (CHANGELOG.md)." keeps it.
_LINK = r"\[[^\]\n]{1,200}\]\([^)\s]{1,300}\.md\)"
_NOTE = rf"(?:{_LINK}|`?[\w.-]{{1,120}}\.md`?)"
_LEAD = r"(?:see(?:\s+also)?|details?(?:\s+in)?|more(?:\s+in)?|notes?(?:\s+in)?|cf\.?)"
_TRAILING_POINTER = re.compile(
    rf"\s*(?:(?<!\])\(\s*(?:{_LEAD}\s*:?\s*{_NOTE}|{_LINK})\s*\)|[-\u2013\u2014;,]\s*{_LEAD}\s*:?\s*{_NOTE})\s*\.?\s*$",
    re.I)


def own_words(bullet: str) -> str:
    """The bullet without a pointer to a note at its end (:data:`_TRAILING_POINTER`), ending as a sentence; the
    bullet itself when it has none, or when nothing of its own is left before it."""
    match = _TRAILING_POINTER.search(bullet)
    if match is None:
        return bullet
    words = bullet[: match.start()].rstrip(" ,;:\u2013\u2014-")
    if not re.search(r"\w", words):
        return bullet
    return words if words.endswith((".", "!", "?")) else words + "."


def _is_pointer(bullet: str, folder: Path) -> bool:
    """An index line pointing at a sibling note (the note itself is read as the memory). A line that starts with a
    link to a note is one even when the note is gone: it says nothing of its own ("Deploy notes.")."""
    if _LINK_FIRST.match(bullet):
        return True
    for match in _POINTER.finditer(bullet):
        target = match.group(1) or match.group(2)
        if target and "/" not in target and (folder / target).is_file():
            return True
    return False


def read_note(text: str, path: Path, rel: str) -> AgentMemory | None:
    """A sibling note: its first heading names it; its first paragraph or bullet is the rule. A YAML front
    matter block at the top (`---` … `---`, the form Claude Code's notes use, which a model may copy) is not
    text of the rule: its `name:` names the note, its `description:` is kept as the description."""
    from altimate_learn.capture.sessions.claude_memory import frontmatter

    whole = text  # the note's version: any change to the file, front matter included
    name = path.stem
    description = ""
    lines = text.split("\n")
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None) \
        if lines[0].strip() == "---" else None
    if end is not None:
        fields, _, problem = frontmatter(text)
        if fields is not None and problem is None:
            if isinstance(fields.get("name"), str) and str(fields["name"]).strip():
                name = str(fields["name"]).strip()
            if isinstance(fields.get("description"), str):
                description = one_line(str(fields["description"]))
        lines = lines[end + 1:]
    named = name != path.stem
    body: list[str] = []
    for line in lines:
        if line.startswith("#") and not any(b.strip() for b in body):
            if not named:  # the first heading names the note (once); it is never the rule
                name, named = line.lstrip("#").strip() or name, True
            continue
        body.append(line)
    paragraphs = [p.strip() for p in "\n".join(body).split("\n\n") if p.strip()]
    if not paragraphs:
        return None
    first = paragraphs[0]
    items = bullets(first.split("\n")) if first.lstrip().startswith(("-", "*")) else []
    rule = items[0] if items else first
    rest = "\n\n".join(paragraphs[1:])
    return AgentMemory(agent=AGENT, type="user", name=one_line(name)[:80], key=f"{AGENT}:{rel}", rel=rel,
                       mtime=mtime_of(path), rule=rule, why=rest, description=description, digest=digest_of(whole))


def read_project_folder(folder: Path) -> tuple[list[AgentMemory], list[SkippedMemory]]:
    """A private project memory folder (`tmp/<project>/memory/`): personal (`user`) memories."""
    memories: list[AgentMemory] = []
    skipped: list[SkippedMemory] = []
    files, cut = list_markdown(folder)
    if cut:
        skipped.append(SkippedMemory(AGENT, "memory", "too many files: the rest were not read"))
    for path in files:
        rel = f"memory/{path.name}"
        text, problem = read_text(path, folder)
        if text is None:
            skipped.append(SkippedMemory(AGENT, rel, problem or "cannot be read"))
            continue
        if path.name in (INDEX, LEGACY):
            lines = added_section(text) if path.name == LEGACY else None
            for bullet in bullets(lines if lines is not None else text.split("\n")):
                fact = own_words(bullet)  # a fact that points to its note is still a fact (review43 R43-5)
                if not _is_pointer(fact, folder):
                    memories.append(_fact("project", fact, rel, mtime_of(path)))
            continue
        note = read_note(text, path, rel)
        if note is None:
            skipped.append(SkippedMemory(AGENT, rel, "has no text"))
        else:
            memories.append(note)
    return memories, skipped


def read_memories(project_dirs: list[Path], global_dir: Path) -> tuple[list[AgentMemory], list[SkippedMemory],
                                                                         list[Path], list[str]]:
    """Every Gemini CLI memory of this repository: (memories, skipped files, folders read, notes).

    ``project_dirs`` are this repository's folders under `~/.gemini/tmp/`; ``global_dir`` is `~/.gemini`."""
    memories: list[AgentMemory] = []
    skipped: list[SkippedMemory] = []
    read: list[Path] = []
    seen: set[str] = set()

    def keep(found: list[AgentMemory]) -> None:
        for memory in found:
            if memory.key not in seen:
                seen.add(memory.key)
                memories.append(memory)

    for project in project_dirs:
        folder = project / "memory"
        if folder.is_dir():
            read.append(folder)
            found, bad = read_project_folder(folder)
            keep(found)
            skipped += bad
    personal = global_dir / LEGACY
    if personal.exists():
        read.append(global_dir)
        text, problem = read_text(personal, global_dir)
        if text is None:
            skipped.append(SkippedMemory(AGENT, "~/.gemini/GEMINI.md", problem or "cannot be read"))
        else:
            lines = added_section(text)
            keep([_fact("user", fact, "~/.gemini/GEMINI.md", mtime_of(personal)) for fact in bullets(lines or [])])
    return memories, skipped, read, []


def read_for_project(project_root: Path) -> tuple[list[AgentMemory], list[SkippedMemory], list[Path], list[str]]:
    """:func:`read_memories` for this repository: its folders under `~/.gemini/tmp/` (main checkout and
    worktrees, found as the transcript reader finds them) and the global `~/.gemini`."""
    from altimate_learn.capture.sessions import project_roots
    from altimate_learn.capture.sessions.claude_memory import repository_roots
    from altimate_learn.capture.sessions.gemini import _project_dirs, gemini_dir

    roots: set[str] = set()
    for root in repository_roots(project_root):
        roots |= project_roots(root)
    return read_memories(sorted(_project_dirs(roots)), gemini_dir())
