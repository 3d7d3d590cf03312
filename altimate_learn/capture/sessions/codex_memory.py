"""Codex CLI's memories: `$CODEX_HOME/memories/` (and `memories_v2/`), CODEX_HOME defaulting to `~/.codex`.

Codex builds them in the background from finished sessions (openai/codex `codex-rs/memories/write`, and the
templates embedded in Codex 0.171.0): phase 1 asks a model for a per-session `rollout_summary` and
`raw_memory`; Codex writes each summary to `rollout_summaries/<slug>.md` under a header it writes itself
(`thread_id:`, `updated_at:`, `rollout_path:`, `cwd:`, optional `git_branch:`, a blank line), and merges the
raw memories into `raw_memories.md`. Phase 2 runs a consolidation agent that writes:
- `MEMORY.md`: blocks `# Task Group: …` with `scope:` and `applies_to: cwd=<path>; reuse_rule=…`, task
  sections whose `### rollout_summary_files` bullets carry `(cwd=<path>, rollout_path=…, updated_at=…)`, then
  `## User preferences` ("when <situation>, the user asked / corrected: "<quote>" -> <default>"),
  `## Reusable knowledge` and `## Failures and how to do differently` bullets;
- `memory_summary.md`: `v1`, `## User Profile`, `## User preferences`, `## General Tips`,
  `## What's in Memory`: a cross-project summary of the person.

The folder is one per machine, not per project, so a memory belongs to this repository only through the
working directories it names: a `MEMORY.md` block is read when its cwds name this repository (its main
checkout or a worktree, or a folder inside one that is not a project of its own) and no other. Bullets of
`User preferences` and `Failures and how to do differently` are `feedback` memories, `Reusable knowledge`
bullets are `project` memories. When a memories folder has no `MEMORY.md` yet (phase 2 has not run, or the
`memories_v2` layout, which keeps only summaries), the rollout summaries whose `cwd:` is this repository
are read the same way (`Preference signals:`, `Failures and how to do differently:`, `Reusable knowledge:`).
`memory_summary.md` is about the person across every project: its preferences and tips are `user`
memories (not imported unless asked for by type).

A bullet is one memory across Codex's rewrites: it is known by its task group, its section and its stable
head (the situation and quote before "->", see :func:`stable_head`), so a consolidation that rewrites the
default after "->" changes that memory (a replacement of its lesson), rather than deleting one memory and
adding another.

Codex 0.171 with `[features] memories = true` keeps them in `memories_v2/` (its memory prompt names that folder,
seen with the real CLI offline, trial26): `memory_summary.md` (injected into every session), `rollout_summaries/`,
and the ad-hoc notes; its consolidation copies a note's rule into `memory_summary.md` with the tag
"[ad-hoc note]", a bullet left out when it repeats one of this repository's notes (:func:`read_profile`).

When the user explicitly asks Codex to remember something, Codex 0.171 writes an ad-hoc note,
`extensions/ad_hoc/notes/<YYYY-MM-DDTHH-MM-SS>-<slug>.md` (verbatim Markdown), for the next consolidation.
A note names no folder; it is this repository's when one of this repository's Codex sessions wrote it (its
rollout mentions the note's file name, or, for an `--ephemeral` session, which keeps no rollout, learn's Codex hook
saw the command that wrote it: :func:`record_notes`). Such a note is a `feedback` memory; a note that asks Codex to forget
or delete something is not a rule and is skipped.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
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

AGENT = "codex"
Belongs = Callable[[str], bool]  # is a working directory an agent recorded this repository's?
ROOTS = ("memories", "memories_v2")
_SECTION_TYPES = {"user preferences": "feedback", "failures and how to do differently": "feedback",
                  "reusable knowledge": "project", "preference signals": "feedback"}
_SUMMARY_TYPES = {"user preferences": "user", "general tips": "user"}
_CWD = re.compile(r"\bcwd\s*=\s*([^;,)\n]+)")
_ABSOLUTE = re.compile(r"(?:(?<=\s)|^)(?:~|[A-Za-z]:)?[/\\][^\s,;:'\"()]*")  # as history.memory_import.no_paths
# "[Task 2]" references, and the tag Codex 0.171's consolidation puts after what it took from an ad-hoc note
# ("Include the tag "[ad-hoc note]" after any information derived from this in your summary"): not the memory's words
# ("Include the tag "[ad-hoc note]" after any information derived from this in your summary", so also mid-bullet)
_TASK_REFS = re.compile(r"(?:\s*\[Task \d+\])+\s*$", re.I)
_AD_HOC_TAG = re.compile(r"\s*\[ad-hoc note\]", re.I)


def _untagged(bullet: str) -> str:
    return _TASK_REFS.sub("", _AD_HOC_TAG.sub("", bullet))
_LABEL = re.compile(r"^\s*(preference signals|reusable knowledge|failures and how to do differently|key steps|"
                    r"references|outcome)\s*:\s*(.*)$", re.I)
_NOTE_NAME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-[a-z0-9][a-z0-9-]{0,79}\.md$")
_FORGET = re.compile(r"^\W*(?:please\s+)?(?:forget|delete|remove|drop|disregard|unlearn)\b", re.I)
NOTES = "extensions/ad_hoc/notes"
_PREFERENCE = re.compile(r"^(when\b[^,]{3,120}?),\s*(?:after\b[^,]{0,120},\s*)?(?:the )?user\b.*?->\s*(.+)$",
                         re.I)


def codex_home() -> Path:
    return Path(os.environ.get("CODEX_HOME") or Path.home() / ".codex").expanduser()


def _cwds(text: str) -> list[str]:
    out = []
    for match in _CWD.finditer(text):
        value = match.group(1).strip().strip("`'\"")
        if value.startswith("~/"):
            value = str(Path.home() / value[2:])
        if os.path.isabs(value):
            out.append(os.path.normpath(value))
    return out


def _ours(cwds: list[str], belongs: Belongs) -> bool:
    """At least one recorded cwd is this repository's and none is another project's."""
    return bool(cwds) and all(belongs(c) for c in cwds)


# Words a Codex default starts with that are plain English (lower-cased when glued after "When X, "): an
# imperative verb or an adverb. Anything else (`pytest`, SQL, React, a name) keeps its letters.
_PLAIN_STARTS = frozenset("""always never do don't dont prefer show answer lay try stop start keep put give take get
let see look treat first only ask tell explain mention say confirm wait double-check""".split())


def _glued(default: str) -> str:
    """``default`` as the rest of a "When X, ..." sentence: a capitalised plain first word is lower-cased
    ("Use `ruff`" reads "use `ruff`"); a code identifier, an acronym or a proper name is left as written."""
    from altimate_learn.reflect.providers.builtin.vocabulary import VERBS

    word = default.split(" ", 1)[0]
    if re.fullmatch(r"[A-Z][a-z'-]*", word) and (word.lower() in VERBS or word.lower() in _PLAIN_STARTS):
        return word.lower() + default[len(word):]
    return default


def _said_again(situation: str, default: str) -> bool:
    """The default starts by saying the situation again ("when writing tests" and "Write tests as pytest functions
    …"): glued, the rule would read "When writing tests, write tests as …" (review13 R13-15), so the default is the
    rule alone. Every word of the situation must come back, its "-ing" verb as the plain verb."""
    from altimate_learn.reflect.providers.builtin.vocabulary import gerund_base

    words = re.findall(r"[\w'-]+", situation.lower())[1:]  # after "when"
    if not words or gerund_base(words[0]) is None:
        return False
    said = [gerund_base(words[0])] + words[1:]
    return re.findall(r"[\w'-]+", default.lower())[:len(said)] == said


def split_bullet(bullet: str) -> tuple[str, str]:
    """(rule, why) of a Codex memory bullet: "when X, the user corrected: "q" -> do Y" reads as
    "When X, do Y" with the quote as the why; "evidence -> implication" keeps the implication."""
    bullet = _untagged(bullet).strip()
    match = _PREFERENCE.match(bullet)
    if match:
        situation, default = match.group(1).strip(), match.group(2).strip()
        if _said_again(situation, default):  # "when writing tests" -> "Write tests as pytest functions …"
            rule = default[0].upper() + default[1:]
        else:
            rule = f"{situation[0].upper()}{situation[1:]}, {_glued(default)}"
        return rule, bullet[: bullet.rfind("->")].strip()
    if "->" in bullet:
        before, _, after = bullet.rpartition("->")
        if after.strip():
            rule = after.strip()
            return rule[0].upper() + rule[1:], before.strip()
    return bullet, ""


_SITUATION = re.compile(r"^(when\b[^,]{3,120}?),", re.I)


def stable_head(bullet: str) -> str:
    """The part of a bullet that names the memory across Codex's rewrites: what comes before the last "->"
    (the situation and the person's words) or a "when X," situation; else the whole bullet. Codex's
    consolidation rewrites the default after "->" ("Run `pytest -q`" becomes "Run `pytest -q -x`"): the
    same memory, a new version of it."""
    bullet = one_line(_untagged(bullet)).strip()
    if "->" in bullet:
        before = bullet.rpartition("->")[0].strip()
        if before:
            return before.lower()
    match = _SITUATION.match(bullet)
    return (match.group(1) if match else bullet).lower()


def _memory(kind: str, group: str, section: str, bullet: str, rel: str, mtime: float, cwd: str) -> AgentMemory:
    """One bullet as a memory, keyed by its group, section and :func:`stable_head`; a bullet whose head another
    bullet of the section already has is keyed by its whole text (see :func:`read_memories`)."""
    rule, why = split_bullet(bullet)
    whole = digest_of(one_line(group).lower(), section, one_line(bullet))[:16]  # learn 0.x's key: the whole text
    anchor = digest_of("head", one_line(group).lower(), section, stable_head(bullet))[:16]
    # the group's title as people read it: a checkout path Codex names it after cut to its last part (before the
    # clip, so a long path does not leave only its first letters of the title; review14 R14-4)
    title = _ABSOLUTE.sub(lambda m: m.group(0).rstrip("/\\").replace("\\", "/").rsplit("/", 1)[-1] or "/",
                          one_line(group))
    name = f"{title[:80]} / {section}" if group else section
    return AgentMemory(agent=AGENT, type=kind, name=name, key=f"{AGENT}:{rel}#{anchor}", rel=rel, mtime=mtime,
                       rule=rule, why=why, digest=digest_of(kind, group, section, bullet), extra={"cwd": cwd},
                       aliases=(f"{AGENT}:{rel}#{whole}",))


def read_handbook(text: str, rel: str, mtime: float, belongs: Belongs) -> tuple[list[AgentMemory], int]:
    """Memories of this repository in a `MEMORY.md`, and how many task groups belong elsewhere."""
    memories: list[AgentMemory] = []
    others = 0
    for heading, lines in sections(text, 1)[1:]:
        if not heading.lower().startswith("task group"):
            continue
        group = heading.split(":", 1)[1].strip() if ":" in heading else heading
        body = "\n".join(lines)
        applies = next((line for line in lines if line.strip().lower().startswith("applies_to:")), "")
        cwds = _cwds(applies) or _cwds(body)
        if not _ours(cwds, belongs):
            others += 1
            continue
        for section, section_lines in sections(body, 2)[1:]:
            kind = _SECTION_TYPES.get(section.strip().lower())
            if kind is None:
                continue
            for bullet in bullets(section_lines):
                memories.append(_memory(kind, group, section.strip(), bullet, rel, mtime, cwds[0]))
    return memories, others


def read_summary_file(text: str, rel: str, mtime: float, belongs: Belongs) -> list[AgentMemory] | None:
    """Memories in one `rollout_summaries/*.md` (None when its `cwd:` header is not this repository)."""
    head, _, body = text.partition("\n\n")
    header = {}
    for line in head.split("\n"):
        if ":" in line:
            k, v = line.split(":", 1)
            header[k.strip().lower()] = v.strip()
    cwd = header.get("cwd", "")
    if not cwd or not os.path.isabs(cwd) or not belongs(os.path.normpath(cwd)):
        return None
    memories: list[AgentMemory] = []
    for task, lines in sections(body, 2)[1:] or [("", body.split("\n"))]:
        group = task.split(":", 1)[1].strip() if ":" in task else task
        label, chunk = "", []  # type: str, list[str]

        def flush() -> None:
            kind = _SECTION_TYPES.get(label)
            if kind is not None:
                for bullet in bullets(chunk):
                    memories.append(_memory(kind, group, label.capitalize(), bullet, rel, mtime, cwd))

        for line in lines:
            match = _LABEL.match(line)
            if match and not line[:1].isspace() and not line.lstrip().startswith(("-", "*")):
                flush()
                label = match.group(1).strip().lower()
                chunk = [match.group(2)] if match.group(2).strip() else []
                continue
            chunk.append(line)
        flush()
    return memories


def read_profile(text: str, rel: str, mtime: float, notes: list[AgentMemory] = ()) -> tuple[list[AgentMemory], int]:
    """`memory_summary.md`: the person's cross-project preferences and tips (`user` memories), and how many of its
    bullets were left out as Codex's consolidation of one of ``notes`` (this repository's ad-hoc notes, imported
    from their own files: tagged "[ad-hoc note]" and in the same words, it would reach the agent twice)."""
    out, repeats = [], 0
    noted = [_words(note.rule) for note in notes]
    for heading, lines in sections(text, 2)[1:]:
        if heading.strip().lower() in _SUMMARY_TYPES:
            for bullet in bullets(lines):
                if _AD_HOC_TAG.search(bullet) and any(_same_words(_words(bullet), words) for words in noted):
                    repeats += 1
                    continue
                out.append(_memory("user", "", heading.strip(), bullet, rel, mtime, ""))
    return out, repeats


def _words(text: str) -> set[str]:
    """The words of a bullet or note, cut to their first five letters ("converted" and "convert" are one word)."""
    return {w[:5] for w in re.findall(r"[a-z0-9_]+", _AD_HOC_TAG.sub("", text).lower()) if w not in _FILLER}


_FILLER = frozenset("a an the and or to of in on for with by is are be it this that user wants asked always".split())


def _same_words(one: set[str], other: set[str]) -> bool:
    """Do a summary bullet and a note say the same thing? Codex's consolidation rewords a note a little ("The user
    wants money columns converted with `cents_to_dollars`" for "Always convert money columns with …"): most of the
    words of each are in the other. A bullet that says more (a note merged with other preferences) is kept."""
    if not one or not other:
        return False
    return len(one & other) >= 0.6 * max(len(one), len(other))


_NEGATED = re.compile(r"\b(?:never|not|no|avoid|without|instead)\b|n't\b", re.I)
# what a rule names exactly: a code span, a number or version, a path or file name, a dotted or snake_case identifier
_FACT = re.compile(r"`([^`\n]+)`|(\d+(?:\.\d+)*)|((?:[\w-]+)?[/._][\w./-]*\w)")


def _facts(text: str) -> set[str]:
    return {next(g for g in m.groups() if g).lower().strip("/") for m in _FACT.finditer(text)}


def repeats_note(text: str, other: str) -> bool:
    """Do two wordings give one rule? Most words in common (:func:`_same_words`), both or neither a prohibition
    ("Use `pnpm`" is not "Never use `pnpm`"; "instead of" counts as one), and every code span, number and path of
    each in the other ("Use port 5432" is not "Use port 5433", review25 R25-6)."""
    bare = _AD_HOC_TAG.sub("", other)
    if not _same_words(_words(text), _words(bare)) or bool(_NEGATED.search(text)) != bool(_NEGATED.search(bare)):
        return False
    low, low_other = text.lower(), bare.lower()
    return all(fact in low_other for fact in _facts(text)) and all(fact in low for fact in _facts(bare))


def injected_notes(home: Path | None = None) -> tuple[Path | None, list[str]]:
    """The bullets tagged "[ad-hoc note]" of the memory summary Codex puts in every session, and its file: Codex
    0.171 reads `memory_summary.md` (memories_v2/, else memories/) only with `[features] memories = true` in its
    config.toml. (None, []) when its memories are off or there is no such summary."""
    home = home or codex_home()
    try:
        import tomllib

        with open(home / "config.toml", "rb") as handle:
            features = tomllib.load(handle).get("features")
    except (OSError, ValueError):
        return None, []
    if not isinstance(features, dict) or features.get("memories") is not True:
        return None, []
    for name in reversed(ROOTS):  # memories_v2 first
        path = home / name / "memory_summary.md"
        text, _ = read_text(path, home / name) if path.is_file() else (None, None)
        if text is None:
            continue
        tagged = [bullet for heading, lines in sections(text, 2)[1:] for bullet in bullets(lines)
                  if _AD_HOC_TAG.search(bullet)]
        return path, tagged
    return None, []


_FROM_NOTE = re.compile(r"ad_hoc/notes/(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-[a-z0-9-]*)(…)?")


def given_by_codex(lessons: list[dict], home: Path | None = None) -> tuple[Path | None, set[str]]:
    """The texts of ``lessons`` (approved, with provenance) that Codex's own memory summary already gives its
    sessions on this machine, and the summary's file. For the Codex hook: a rule the person asked Codex to remember
    is an ad-hoc note; `learn import-memories` stages it, the team promotes it, and Codex's consolidation copies the
    same note into `memory_summary.md`, tagged "[ad-hoc note]", which Codex puts in every session while its memories
    are on (trial27: the rule came twice). A lesson counts only when it was imported from one of this machine's notes
    (its provenance names the note file), is unchanged since (``updated`` is ``created``: a team's edit is the team's
    rule), still says what the note says, and a tagged bullet of the summary says it too (:func:`repeats_note`)."""
    home = home or codex_home()
    path, tagged = injected_notes(home)
    if not tagged:
        return None, set()
    from altimate_learn.capture.sessions.gemini_memory import read_note

    out: set[str] = set()
    for lesson in lessons:
        match = _FROM_NOTE.search(str(lesson.get("provenance") or ""))
        text = lesson.get("text")
        if match is None or not isinstance(text, str) or lesson.get("updated") != lesson.get("created"):
            continue
        prefix, clipped = match.group(1), bool(match.group(2))
        for name in ROOTS:
            folder = home / name / NOTES
            names = [prefix + ".md"] if not clipped else sorted(
                n for n in (os.listdir(folder) if folder.is_dir() else []) if n.startswith(prefix))
            note_path = next((folder / n for n in names if (folder / n).is_file()), None)
            if note_path is None:
                continue
            note_text, _ = read_text(note_path, home / name)
            note = read_note(note_text, note_path, note_path.name) if note_text is not None else None
            if note is not None and repeats_note(text, note.rule) and any(repeats_note(note.rule, bullet)
                                                                          for bullet in tagged):
                out.add(text)
            break
    return path, out


def _written_here(names: list[str], rollouts: list[Path]) -> set[str]:
    """Which of the note file names appear in one of these rollout files (this repository's sessions)."""
    wanted = {n.encode() for n in names}
    found: set[bytes] = set()
    for path in rollouts:
        if not wanted - found:
            break
        try:
            with open(path, "rb") as handle:
                tail = b""
                while chunk := handle.read(1 << 20):
                    window = tail + chunk
                    found |= {n for n in wanted - found if n in window}
                    tail = window[-200:]
        except OSError:
            continue
    return {n.decode() for n in found}


HOOK_NOTES = "codex-notes.txt"  # in the repository's `.sessions` folder: note names learn's Codex hook saw written
_NOTE_IN_COMMAND = re.compile(r"ad_hoc[/\\]+notes[/\\]+(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-[a-z0-9][a-z0-9-]{0,79}\.md)")
_HOOK_NOTES_MAX = 1 << 16


def record_notes(command: str, sessions_dir: str) -> list[str]:
    """Remember the ad-hoc notes a Codex tool call of this repository wrote (its shell command or patch names
    `…/ad_hoc/notes/<name>.md`): an `--ephemeral` Codex session keeps no rollout, so without this its note belonged to
    no repository and `learn import-memories` left it out silently (trial27, real Codex 0.171). Appends one name a
    line to :data:`HOOK_NOTES`; returns the names."""
    names = sorted(set(_NOTE_IN_COMMAND.findall(command)))
    if not names:
        return []
    os.makedirs(sessions_dir, exist_ok=True)
    path = os.path.join(sessions_dir, HOOK_NOTES)
    try:
        if os.path.getsize(path) > _HOOK_NOTES_MAX:
            return []
    except OSError:
        pass
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        os.write(fd, "".join(f"{name}\n" for name in names).encode("utf-8"))
    finally:
        os.close(fd)
    return names


def recorded_notes(sessions_dir: str | os.PathLike[str]) -> set[str]:
    """The note names :func:`record_notes` kept for this repository."""
    try:
        with open(os.path.join(sessions_dir, HOOK_NOTES), "rb") as handle:
            text = handle.read(_HOOK_NOTES_MAX * 2).decode("utf-8", "replace")
    except OSError:
        return set()
    return {line.strip() for line in text.splitlines() if _NOTE_NAME.match(line.strip())}


def read_notes(folder: Path, name: str, rollouts: Callable[[], list[Path]],
               hook_notes: Callable[[], set[str]] = set) -> tuple[list[AgentMemory], list[SkippedMemory], int]:
    """Ad-hoc notes this repository's Codex sessions wrote (see the module docstring), and how many notes were left
    out as no session of this repository on record wrote them."""
    from altimate_learn.capture.sessions.gemini_memory import read_note

    notes_dir = folder / NOTES
    files, _ = list_markdown(notes_dir)
    files = [f for f in files if _NOTE_NAME.match(f.name)]
    if not files:
        return [], [], 0
    names = [f.name for f in files]
    ours = hook_notes() & set(names)
    ours |= _written_here([n for n in names if n not in ours], rollouts())
    memories: list[AgentMemory] = []
    skipped: list[SkippedMemory] = []
    for path in files:
        if path.name not in ours:
            continue
        rel = f"{name}/{NOTES}/{path.name}"
        text, problem = read_text(path, folder)
        if text is None:
            skipped.append(SkippedMemory(AGENT, rel, problem or "cannot be read"))
            continue
        note = read_note(text, path, rel)
        if note is None:
            skipped.append(SkippedMemory(AGENT, rel, "has no text"))
            continue
        if _FORGET.match(note.rule):
            skipped.append(SkippedMemory(AGENT, rel, "asks Codex to forget or delete a memory: not a rule"))
            continue
        note.agent, note.type, note.key = AGENT, "feedback", f"{AGENT}:{rel}"
        note.name = path.stem[20:] or path.stem  # the slug after the timestamp
        memories.append(note)
    return memories, skipped, len(files) - len(ours)


def read_memories(belongs: Belongs, rollouts: Callable[[], list[Path]] = list,
                  hook_notes: Callable[[], set[str]] = set
                  ) -> tuple[list[AgentMemory], list[SkippedMemory], list[Path], list[str]]:
    """Every Codex memory of this repository: (memories, skipped files, folders read, notes).

    ``belongs(path)`` says whether a recorded working directory is this repository's; ``rollouts`` are
    this repository's Codex session files (listed only when there are ad-hoc notes to attribute); ``hook_notes``, the
    note names learn's Codex hook saw this repository's sessions write (:func:`recorded_notes`)."""
    home = codex_home()
    memories: list[AgentMemory] = []
    skipped: list[SkippedMemory] = []
    read: list[Path] = []
    notes: list[str] = []
    seen: set[str] = set()
    for name in ROOTS:
        folder = home / name
        if not folder.is_dir():
            continue
        read.append(folder)
        found: list[AgentMemory] = []
        handbook = folder / "MEMORY.md"
        if handbook.exists():
            rel = f"{name}/MEMORY.md"
            text, problem = read_text(handbook, folder)
            if text is None:
                skipped.append(SkippedMemory(AGENT, rel, problem or "cannot be read"))
            else:
                found, others = read_handbook(text, rel, mtime_of(handbook), belongs)
                if others:
                    notes.append(f"{rel}: {others} task group{'s' if others != 1 else ''} of other projects "
                                 "left out")
        else:
            files, cut = list_markdown(folder / "rollout_summaries")
            if cut:
                skipped.append(SkippedMemory(AGENT, f"{name}/rollout_summaries", "too many files: the rest were "
                                                                                    "not read"))
            for path in files:
                rel = f"{name}/rollout_summaries/{path.name}"
                text, problem = read_text(path, folder)
                if text is None:
                    skipped.append(SkippedMemory(AGENT, rel, problem or "cannot be read"))
                    continue
                found += read_summary_file(text, rel, mtime_of(path), belongs) or []
        adhoc, bad, elsewhere = read_notes(folder, name, rollouts, hook_notes)
        found += adhoc
        skipped += bad
        if elsewhere:
            notes.append(f"{name}/{NOTES}: {elsewhere} note{'s' if elsewhere != 1 else ''} no session of this "
                         "repository on record wrote (another project's, or an `--ephemeral` Codex session without "
                         "learn's Codex hooks, which keeps no rollout) left out")
        summary = folder / "memory_summary.md"
        if summary.exists():
            rel = f"{name}/memory_summary.md"
            text, problem = read_text(summary, folder)
            if text is None:
                skipped.append(SkippedMemory(AGENT, rel, problem or "cannot be read"))
            else:
                profile, repeats = read_profile(text, rel, mtime_of(summary), adhoc)
                found += profile
                if repeats:
                    notes.append(f"{rel}: {repeats} bullet{'s' if repeats != 1 else ''} tagged [ad-hoc note] left "
                                 "out: Codex's summary of this repository's ad-hoc note, imported from the note")
        digests: dict[str, str] = {}
        for memory in found:
            if memory.key in digests and digests[memory.key] != memory.digest and memory.aliases:
                # two bullets of one section with the same head: this one is known by its whole text
                memory.key, memory.aliases = memory.aliases[0], ()
            if memory.key not in seen:  # the same bullet twice in one file is one memory
                seen.add(memory.key)
                digests[memory.key] = memory.digest
                memories.append(memory)
    return memories, skipped, read, notes
