"""What an edit writes into a file, and the lessons that code names (issue 19, deliver26).

A file's lessons are ranked by the request's words and the file's path (:func:`select.rank_file_scored`); a
crowded folder (`web/src/**`, `services/**`) holds dozens of conventions the request shares no word with. What the
agent writes into the file says more: `asyncio.gather(` in a service is what "Use `asyncio.TaskGroup` instead of
bare `gather()`" is about, `localStorage.setItem('token', …)` what "Never store tokens in `localStorage`" is
about, `# TODO: remove this` what the TODO convention is about. The hook payloads carry that text: Claude Code's
Edit (`new_string`), MultiEdit (`edits[].new_string`), Write (`content`), NotebookEdit (`new_source`); Gemini CLI's
`replace` and `write_file` the same keys; opencode's `edit` and `write` (`newString`, `content`); Codex's
`apply_patch` the patch (`command`), whose `+` lines under the file's `*** Update File:` / `*** Add File:` header
are what it adds.

:func:`written` reads that text (at most :data:`MAX_CHARS`); :func:`code_points` finds the lessons whose code in
backticks (their anchors, :func:`altimate_learn.deliver.tokenize.anchors`) the text holds as an identifier, among
the lessons that apply to the file or to every file, when at most ``pick`` of those hold it (an identifier many
lessons name says nothing about which). Identifiers of one letter are left out (`t` of `t()`, a loop variable).
"""

from __future__ import annotations

from collections.abc import Callable

MAX_CHARS = 20_000  # of the written text read: the identifiers of a long file's first part are enough
_TEXT_KEYS = ("new_string", "newString", "content", "new_source", "newSource")
_PATCH_KEYS = ("command", "patch", "input")
_HEADERS = ("*** Update File: ", "*** Add File: ")


def written(tool_input: object, is_file: Callable[[str], bool]) -> str:
    """The text a tool call writes into a file (``is_file``: whether a path the input names is that file), or ""
    when the input carries none (a Read, a shell command)."""
    if not isinstance(tool_input, dict):
        return ""
    parts: list[str] = [tool_input[k] for k in _TEXT_KEYS if isinstance(tool_input.get(k), str)]
    edits = tool_input.get("edits")
    if isinstance(edits, list):
        for item in edits[:100]:
            if isinstance(item, dict):
                parts += [item[k] for k in ("new_string", "newString") if isinstance(item.get(k), str)]
    for key in _PATCH_KEYS:
        body = tool_input.get(key)
        if isinstance(body, str) and "*** Begin Patch" in body[:200]:
            parts.append(_patch_added(body[:4 * MAX_CHARS], is_file))
    text = "\n".join(p for p in parts if p)
    return text[:MAX_CHARS]


def _patch_added(body: str, is_file: Callable[[str], bool]) -> str:
    """The lines an apply_patch body adds to the file (``is_file``), without their `+`."""
    out: list[str] = []
    mine = False
    for line in body.splitlines():
        if line.startswith("*** "):
            header = next((h for h in _HEADERS if line.startswith(h)), None)
            mine = bool(header) and is_file(line[len(header):].strip())  # type: ignore[arg-type]
            continue
        if mine and line.startswith("+"):
            out.append(line[1:])
    return "\n".join(out)


def code_points(corpus, text: str, candidate: Callable[[int], bool], pick: int) -> list[int]:
    """The lessons (``candidate``: those that apply to the file) whose anchors ``text`` holds as identifiers, each
    anchor held by at most ``pick`` candidates; the lessons named by more of the text's identifiers first, then in
    index order."""
    if not text or pick <= 0:
        return []
    from altimate_learn.deliver.bm25 import unpack
    from altimate_learn.deliver.tokenize import _regexes

    ident = _regexes()[3]
    hits: dict[int, int] = {}
    for token in set(ident.findall(text.lower())):
        if len(token) < 2:
            continue
        packed = corpus.anchors.get(token)
        if not packed:
            continue
        docs = [doc for doc in unpack(packed) if candidate(doc)]
        if 0 < len(docs) <= pick:
            for doc in docs:
                hits[doc] = hits.get(doc, 0) + 1
    return sorted(hits, key=lambda doc: (-hits[doc], doc))
