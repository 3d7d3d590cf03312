"""`learn export agents-md`: the approved core lessons in a marked block of AGENTS.md.

For agents without hooks: the block between ``<!-- learn:lessons -->`` and ``<!-- /learn:lessons -->``
(:data:`altimate_learn.markers.AGENTS_MD_OPEN` / ``AGENTS_MD_CLOSE``) is replaced; every byte outside
it is kept. A file without the markers gets the block appended; a missing file is created. A file whose
markers are unbalanced (a lone marker, a closing marker first, nested or repeated blocks) is refused.

The lessons are the core tier (pinned, then helpful − harmful, then id) of every approved store (or of
one with ``--name``), checked exactly as delivery checks them, limited by `learn.core_lessons` and
`learn.budget_tokens`, and rendered like the session-start section (with `[applies to: …]` scopes).
"""

from __future__ import annotations

import os
from pathlib import Path

from altimate_learn.errors import LearnError
from altimate_learn.markers import AGENTS_MD_CLOSE, AGENTS_MD_OPEN

HEADING = "Team conventions for this project (approved by the team with altimate-learn):"


def block_span(text: str, path: str) -> tuple[int, int] | None:
    """(start, end) of the marked block including both markers; None if the file has no markers."""
    opens = _positions(text, AGENTS_MD_OPEN)
    closes = _positions(text, AGENTS_MD_CLOSE)
    if not opens and not closes:
        return None
    if len(opens) != 1 or len(closes) != 1 or closes[0] < opens[0]:
        raise LearnError(
            f"{path} has unbalanced learn markers ({len(opens)} × {AGENTS_MD_OPEN}, {len(closes)} × "
            f"{AGENTS_MD_CLOSE}).",
            "Leave exactly one opening marker followed by one closing marker (or remove both), then run the "
            "command again.")
    return opens[0], closes[0] + len(AGENTS_MD_CLOSE)


def _positions(text: str, marker: str) -> list[int]:
    out, start = [], 0
    while True:
        found = text.find(marker, start)
        if found < 0:
            return out
        out.append(found)
        start = found + len(marker)


def render_block(lines: list[str], newline: str = "\n") -> str:
    body = "".join(f"- {line}{newline}" for line in lines)
    if not lines:
        body = f"(No approved lessons yet.){newline}"
    return f"{AGENTS_MD_OPEN}{newline}{HEADING}{newline}{newline}{body}{AGENTS_MD_CLOSE}"


def updated_text(old: str | None, lines: list[str], path: str) -> str:
    """The new file text: the block replaced (or appended), nothing else touched."""
    if old is None:
        return render_block(lines) + "\n"
    newline = "\r\n" if "\r\n" in old else "\n"
    block = render_block(lines, newline)
    span = block_span(old, path)
    if span is None:
        if not old:
            return block + newline
        separator = "" if old.endswith(newline * 2) else (newline if old.endswith(newline) else newline * 2)
        return old + separator + block + newline
    start, end = span
    return old[:start] + block + old[end:]


def core_lines(root: str, settings: dict, name: str | None, log) -> list[str]:
    """Rendered core lessons (all stores, or store ``name``) within the core limit and token budget."""
    from altimate_learn.deliver.index import load_corpus, prepare, read_stores
    from altimate_learn.deliver.select import select_core

    learn_dir = os.path.join(root, ".altimate-code", "learn")
    if name is None:
        corpus = load_corpus(learn_dir, log)
    else:
        corpus = prepare([s for s in read_stores(learn_dir, log) if s[0] == name], log, learn_dir)
    picks = select_core(corpus, settings["core_lessons"], earned=False)  # no retrieval behind it: fill the tier
    lines = [corpus.lines[i] for i in picks]
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
           log=lambda message: None) -> tuple[bool, int, str]:
    """Write the block; returns (changed, lessons written, new text)."""
    from altimate_learn.store.fsio import atomic_write

    try:
        old = target.read_text(encoding="utf-8")
    except FileNotFoundError:
        old = None
    except (OSError, UnicodeDecodeError) as exc:
        raise LearnError(f"{target} cannot be read ({exc}).", "Fix its permissions or encoding.") from None
    lines = core_lines(str(root), settings, name, log)
    new = updated_text(old, lines, str(target))
    changed = new != old
    if changed and not dry_run:
        if target.is_symlink():
            raise LearnError(f"{target} is a symlink; refusing to replace it.", "Point --path at the real file.")
        atomic_write(target, new)
    return changed, len(lines), new
