"""`learn export agents-md`: the approved core lessons in a marked block of AGENTS.md.

For agents without hooks: the block between ``<!-- learn:lessons -->`` and ``<!-- /learn:lessons -->``
(:data:`altimate_learn.markers.AGENTS_MD_OPEN` / ``AGENTS_MD_CLOSE``) is written by the one block writer,
:mod:`altimate_learn.instructions.block`: every byte outside it is kept, a file without the markers gets
the block appended, a missing file is created only when there are lessons to write, a file whose markers
are unbalanced is refused, and a file that changed while it was being written is left alone.

The lessons are the core tier (pinned, then helpful − harmful, then id) of every approved store (or of
one with ``--name``), checked exactly as delivery checks them, limited by `learn.core_lessons` and
`learn.budget_tokens`, and rendered like the session-start section (with `[applies to: …]` scopes).
"""

from __future__ import annotations

import os
from pathlib import Path

from altimate_learn.errors import LearnError
from altimate_learn.instructions import block
from altimate_learn.instructions.block import LESSONS

HEADING = LESSONS.heading


def block_span(text: str, path: str) -> tuple[int, int] | None:
    """(start, end) of the marked block including both markers; None if the file has no markers."""
    return block.span(text, LESSONS, path)


def render_block(lines: list[str], newline: str = "\n") -> str:
    return block.render(LESSONS, lines, newline)


def updated_text(old: str | None, lines: list[str], path: str) -> str | None:
    """The new file text: the block replaced (or appended), nothing else touched; None when there is
    nothing to write (no lessons and no block to update)."""
    return block.updated_text(old, LESSONS, lines, path)


def core_lines(root: str, settings: dict, name: str | None, log) -> list[str]:
    """Rendered core lessons (all stores, or store ``name``) within the core limit and token budget."""
    from altimate_learn.deliver.index import load_corpus, prepare, read_stores
    from altimate_learn.deliver.select import select_core

    learn_dir = os.path.join(root, ".altimate-code", "learn")
    if name is None:
        corpus = load_corpus(learn_dir, log)
    else:
        corpus = prepare([s for s in read_stores(learn_dir, log) if s[0] == name], log, learn_dir)
    picks = select_core(corpus, settings["core_lessons"])
    lines = []
    for i in picks:
        problem = block.bullet_problem(LESSONS, corpus.lines[i])
        if problem:
            log(f"lesson left out of the block: {problem}")
            continue
        lines.append(corpus.lines[i])
    budget_chars = settings["budget_tokens"] * 4 - len(render_block([]))
    kept: list[str] = []
    used = 0
    for line in lines:
        cost = len(line) + 3
        if used + cost > budget_chars:
            continue
        used += cost
        kept.append(line)
    return kept


def export(root: Path, target: Path, settings: dict, name: str | None, *, dry_run: bool = False,
           log=lambda message: None) -> tuple[str, int, str | None]:
    """Write the block through :mod:`altimate_learn.instructions.block`.

    Returns (status, lessons written, new text): status is ``written``, ``unchanged``, ``nothing`` (no
    lessons and no block: no file is created) or ``changed`` (the file changed while it was being
    written: left alone)."""
    snapshot = block.read_target(target, within=root)
    lines = core_lines(str(root), settings, name, log)
    result = block.write(snapshot, LESSONS, lines, within=root, dry_run=dry_run)
    return result.status, len(lines), result.text
