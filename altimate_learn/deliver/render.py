"""The text that reaches the agent: lesson lines, and sections that fit a token budget.

A section is wrapped in :data:`altimate_learn.markers.SECTION_OPEN` / ``SECTION_CLOSE`` so a session
reader recognises it as ours and never reads it back as something the user said. It is phrased as a
fact about the project ("Team conventions for this project (approved by the team):"), not as an order.

Tokens are estimated as ``ceil(characters / 4)`` over the whole section, markers and heading included.
A lesson that does not fit is skipped whole (a later, shorter one may still fit); nothing is cut.
"""

from __future__ import annotations

from altimate_learn.markers import SECTION_CLOSE, SECTION_OPEN

SCOPE_SHOWN = 3  # globs shown in `[applies to: …]` before "(+N more)"

HEADING_START = "Team conventions for this project (approved by the team):"
HEADING_RETRIEVED = "More team conventions for this project, related to this request (approved by the team):"
HEADING_REQUEST = "Team conventions related to this request (approved by the team):"
HEADING_FILE = "Team conventions for {path} (approved by the team):"
HEADING_TOOL = "Team conventions for when {tool} fails (approved by the team):"

def single_line(text: str) -> str:
    """Whitespace runs (line breaks, tabs, U+0085, U+2028, U+2029: everything str.isspace) as one space."""
    return " ".join(text.split())


def estimate_tokens(text: str) -> int:
    return -(-len(text) // 4)


SUBFOLDERS = " (and subfolders)"  # after a folder's file-name pattern, which its subfolders' files match too


def scope_shown(pattern: str) -> str:
    """A path trigger as a person or the agent reads it: a folder's file-name pattern (`models/staging/*.sql`), which
    delivery matches in the folder's subfolders too (:func:`altimate_learn.deliver.globs.deep_folder`), says so."""
    from altimate_learn.deliver.globs import deep_folder

    return pattern + SUBFOLDERS if deep_folder(pattern) else pattern


def lesson_line(text: str, paths: list[str] | tuple[str, ...] | None = None) -> str:
    """One lesson as one line; scoped lessons say where they apply, shortest globs first (at most 3). A folder's
    file-name pattern (`models/staging/*.sql`), which delivery matches in the folder's subfolders too
    (:func:`altimate_learn.deliver.globs.deep_folder`), says so: "models/staging/*.sql (and subfolders)", wherever the
    line is shown (session start, a request, a file, `learn export agents-md`)."""
    body = single_line(text)
    globs = sorted({single_line(p) for p in (paths or ()) if single_line(p)}, key=lambda p: (len(p), p))
    if not globs:
        return body
    shown = ", ".join(scope_shown(g) for g in globs[:SCOPE_SHOWN])
    more = f" (+{len(globs) - SCOPE_SHOWN} more)" if len(globs) > SCOPE_SHOWN else ""
    return f"[applies to: {shown}{more}] {body}"


def split_scope(line: str) -> tuple[str, str]:
    """A line of :func:`lesson_line` back into its scope (``""`` when unscoped) and the lesson's words."""
    if line.startswith("[applies to: ") and "] " in line:
        scope, body = line[len("[applies to: "):].split("] ", 1)
        return scope, body
    return "", line


def file_heading(path: str) -> str:
    shown = single_line(path).replace("`", "'")
    if len(shown) > 160:
        shown = "…" + shown[-159:]
    return HEADING_FILE.format(path=f"`{shown}`")


def tool_heading(tool: str) -> str:
    shown = single_line(tool).replace("`", "'")[:80]
    return HEADING_TOOL.format(tool=f"`{shown}`")


def wrap(heading: str, lines: list[str]) -> str:
    body = "".join(f"- {line}\n" for line in lines)
    return f"{SECTION_OPEN}\n{heading}\n{body}{SECTION_CLOSE}"


def fit(lines: list[str], budget_tokens: int, heading: str) -> tuple[str, list[int]]:
    """The section of the lines that fit ``budget_tokens`` (in order, whole lines) and their positions."""
    if budget_tokens <= 0 or not lines:
        return "", []
    overhead = len(wrap(heading, []))
    limit = budget_tokens * 4  # ceil(n/4) <= budget  <=>  n <= 4·budget
    used = overhead
    kept: list[int] = []
    for position, line in enumerate(lines):
        cost = len(line) + 3  # "- " and the newline
        if used + cost > limit:
            continue
        used += cost
        kept.append(position)
    if not kept:
        return "", []
    return wrap(heading, [lines[i] for i in kept]), kept
