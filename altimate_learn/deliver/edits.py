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
Code made only of keywords (`select *`, `limit`) names a lesson of the file where the lesson bans it
(:func:`banned_points`, deliver27), and so does an operator or a name in plain words it bans (`==` on a line about a
signature, `SMTP(`: :func:`altimate_learn.deliver.contents.plain_points`, deliver45).
"""

from __future__ import annotations

TYPE_CHECKING = False  # the hook path imports no typing helpers (`collections` costs a share of a start-up)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

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


def code_points(corpus, text: str, candidate: Callable[[int], bool], pick: int,
                scoped: Iterable[int] = ()) -> list[int]:
    """The lessons (``candidate``: those that apply to the file) whose anchors ``text`` holds as identifiers, each
    anchor held by at most ``pick`` candidates, and those of ``scoped`` (the lessons whose path triggers match the
    file) that ban code made of keywords the text writes (:func:`banned_points`); the lessons named by more of the
    text's identifiers first, then in index order."""
    if not text or pick <= 0:
        return []
    from altimate_learn.deliver.bm25 import unpack
    from altimate_learn.deliver.tokenize import identifiers

    from altimate_learn.deliver.contents import plain_points

    lowered = text.lower()
    scoped = list(scoped)
    hits: dict[int, int] = dict.fromkeys(banned_points(corpus, lowered, scoped, pick), 1)
    # what they ban that is no identifier: `==` on a line about a signature, a call of `SMTP(`, `import pandas`
    for doc, count in plain_points(corpus, text, lowered, scoped, pick).items():
        hits[doc] = hits.get(doc, 0) + count
    for token in set(identifiers(lowered)):
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


# Code in a lesson's backticks made only of keywords (`select *`, `limit`, `union`, `count`) is no anchor: every SQL
# model writes `select`, and a request's "limit" or "count" is an everyday word (tokenize.anchors leaves them out).
# What an edit writes can still name such a lesson where the lesson bans that code ("Never use `select *` in a final
# CTE", "Never leave a `limit` clause in a committed model", "Prefer `union all` over `union`", "Use `for_each` …
# instead of `count`"): the agent is writing what the rule forbids. Code the lesson asks for (`ref()`, `order by`,
# `union all`) names nothing: writing it is following the rule. A ban is the code after "never", "no", "not",
# "avoid", "don't", "instead of", "rather than" or "over" in its clause (up to the code, no other code between).
_BANS = frozenset(("never", "no", "not", "avoid", "don't", "dont", "without", "instead", "rather", "over"))
_CLAUSE_ENDS = ".;:!?"


def _code_tokens(code: str, arguments: bool = False) -> list[str]:
    """Words and `*` of a piece of lowercase code, quoted strings left out (and, with ``arguments``, call arguments:
    a lesson's `date_trunc('day', ...)`)."""
    from altimate_learn.deliver.tokenize import _without_arguments, code_words, without_sql_strings

    code = without_sql_strings(code)  # no regex engine: an edit's and a read's hook read the code with it
    if arguments:
        code = _without_arguments(code)
    return code_words(code)


def lesson_bans(text: str) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """(banned, asked-for) keyword phrases of a lesson's backticked code: spans made only of keywords and `*`
    (:data:`altimate_learn.deliver.tokenize._STOP`) with a word of three letters or more. A span is banned when a
    ban word (:data:`_BANS`) stands between it and the previous span of its clause (or the clause's start), or only
    "or", "and", "nor" or a comma stand between it and a banned span ("never `select *` or `limit`")."""
    from altimate_learn.deliver.tokenize import _STOP, _regexes

    banned: list[tuple[str, ...]] = []
    asked: list[tuple[str, ...]] = []
    last = 0
    previous = False  # the previous span of this clause was banned
    for span in _regexes()[0].finditer(text):
        before = text[last:span.start()]
        last = span.end()
        cut = max(before.rfind(c) for c in _CLAUSE_ENDS)
        if cut >= 0:
            previous = False
            before = before[cut + 1:]
        words = [w.strip(",()").lower() for w in before.split()]
        ban = any(w in _BANS for w in words) or (previous and all(w in ("", "or", "and", "nor") for w in words))
        previous = ban
        tokens = tuple(_code_tokens(span.group(2).lower(), arguments=True))
        if tokens and all(t == "*" or t in _STOP for t in tokens) and any(len(t) >= 3 for t in tokens):
            (banned if ban else asked).append(tokens)
    return banned, asked


def _holds(tokens: list[str], phrase: tuple[str, ...], unless: list[tuple[str, ...]]) -> bool:
    """Whether ``tokens`` hold ``phrase`` where it is not part of one of ``unless`` (`union` in `union all`)."""
    n = len(phrase)
    for at in range(len(tokens) - n + 1):
        if tuple(tokens[at:at + n]) != phrase:
            continue
        inside = False
        for longer in unless:
            if len(longer) <= n:
                continue
            for offset in range(len(longer) - n + 1):
                if longer[offset:offset + n] == phrase and at - offset >= 0 \
                        and tuple(tokens[at - offset:at - offset + len(longer)]) == longer:
                    inside = True
        if not inside:
            return True
    return False


def banned_points(corpus, lowered: str, scoped: Iterable[int], pick: int) -> list[int]:
    """The lessons of ``scoped`` whose banned keyword code (:func:`lesson_bans`, prepared with the index:
    ``corpus.bans``) the written text (``lowered``) holds, when at most ``pick`` of them ban it (a ban many rules of
    the file share says nothing about which). Only the phrases whose words the text holds are looked up."""
    bans = corpus.bans
    if not bans or pick <= 0:
        return []
    from altimate_learn.deliver.bm25 import unpack

    wanted = set(scoped)
    tokens = _code_tokens(lowered)
    present = set(tokens)  # a phrase whose words the text lacks is not looked up (10,000 lessons ban hundreds)
    out: list[int] = []
    for phrase, (packed, unless) in bans.items():
        words = phrase.split()
        if not present.issuperset(words):
            continue
        docs = [doc for doc in unpack(packed) if doc in wanted]
        if not docs or len(docs) > pick:
            continue
        if _holds(tokens, tuple(words), [tuple(longer.split()) for longer in unless]):
            out.extend(doc for doc in docs if doc not in out)
    return out
