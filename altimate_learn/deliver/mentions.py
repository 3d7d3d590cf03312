"""The files a lesson names in its text, as globs, so the file tier finds a lesson about the file it names.

"Keep the batch size in `ledger/config.py`", "Name staging models `stg_<source>__<table>.sql`", "Never
commit `.env` files", "Every Dockerfile pins its base image": each of these is about a file the agent may
open, whatever the lesson's path trigger says. :func:`file_mentions` turns such names into globs that
match the file wherever it sits in the project (`**/ledger/config.py`, `**/stg_*__*.sql`, `**/.env`,
`**/Dockerfile`), and a name also with a leading underscore (`**/_sources.yml` for `sources.yml`); the file
tier ranks them with the path triggers, by the same specificity.

What counts as a file name: inside backticks, every word with an extension (`config.py`, `*.test.ts`,
`.eslintrc.json`), a path with one (`services/api/app/main.py`), or a name ending in `file`
(`Dockerfile`, `Makefile`); in plain text, the same except that a name without an extension must look like
`Dockerfile` (a capital, then `file`). `<placeholders>` become `*`. Inside backticks, a path without an
extension names a module or a folder (imports omit the extension: `web/src/lib/dates` is `dates.ts` there;
"commands go under `app/cli`" is about the files in it): `**/web/src/lib/dates.*` and
`**/web/src/lib/dates/**`. URLs, absolute paths, `..`, one-word folders (`build/`), versions (`1.2.3`),
calls (`flags.isEnabled()`), dotted names (`app.config` is as often an event or an attribute as a module)
and a folder in plain text name no file (a dotted name with an extension-like end stays a file name).

A dotted name in backticks right after "from" or "import" is a Python module, though ("Read settings through
`Settings` from `app.config`"): lowercase identifiers, two parts or more, give the module's file and package
(`**/app/config.py`, `**/app/config/**`, as well as a file named `app.config`); anywhere else a dotted name stays no module ("Publish `catalog.updated`",
"a timeout from `settings.http_timeout`" names an attribute: its glob matches only a file of that path).

A lowercase snake_case identifier in backticks (`stg_fx__rates`, `int_touches_ranked`, `status_mapping`,
`app_settings`) names a file by its stem as well: dbt refers to models and seeds by name, Python to modules by
name, so "convert with the rate from `stg_fx__rates`" is about `stg_fx__rates.sql` too (`**/stg_fx__rates.*`).
Such names come after the file names (a column such as `customer_id` only matches a file of that stem); one
part alone (`ledger`), a prefix (`stg_`), a dunder (`__init__`) and an UPPER_CASE constant name no file.

Runs only when the delivery index is prepared (regexes are fine here).
"""

from __future__ import annotations

import re

_BACKTICKS = re.compile(r"(`+)([\s\S]*?)\1")
_PLAIN_WORD = re.compile(r"[\w./*?{}<>@+,\[\]-]+")
_PLACEHOLDER = re.compile(r"<[^<>/\s]*>")
_ALLOWED = re.compile(r"^[\w./*?{},@+\[\]-]+$")
_EXTENSION = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,9}$")
_BRACED_EXTENSION = re.compile(r"\.\{[A-Za-z][A-Za-z0-9,]*\}$")
_FILE_WORD = re.compile(r"(?i:[a-z0-9_.-]*file)$")
_PLAIN_FILE_WORD = re.compile(r"^[A-Z][a-z]+file$")
# A module's import path: lowercase-led folders and a name, letters, digits, `_` and `-` only (no glob, no dot).
_MODULE_PATH = re.compile(r"^[A-Za-z_][\w-]*(?:/[A-Za-z_][\w-]*)+$")
_LEAD = "'\"(["
_TAIL = "'\")]:;,.!?"
_DOTTED_MODULE = re.compile(r"^[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+$")
_IMPORT_CUE = re.compile(r"\b(?:from|import)\s*$", re.IGNORECASE)
_STEM_NAME = re.compile(r"^[a-z][a-z0-9]*(?:__?[a-z0-9]+)+$")
MAX_MENTIONS = 8
MAX_STEM_MENTIONS = 4


def _module_globs(word: str) -> list[str]:
    """The files of a module or folder named by its path in backticks: `web/src/lib/dates` is `dates.ts` in
    that folder or any file in `dates/` (`dates/index.ts`; "commands go under `app/cli`"). A dotted name
    (`app.config`) is not read as a module: it is as often an event (`catalog.updated`) or an attribute
    (`settings.http_timeout`)."""
    if "/" not in word or word.startswith("@") or not _MODULE_PATH.match(word.rstrip("/")):
        return []
    word = word.rstrip("/")
    return [f"**/{word}.*", f"**/{word}/**"]


def _as_glob(word: str, quoted: bool) -> str | list[str] | None:
    if "(" in word.lstrip(_LEAD):
        return None  # a call (`flags.isEnabled()`, `cents_to_dollars(amount)`), not a file
    word = _PLACEHOLDER.sub("*", word.lstrip(_LEAD).rstrip(_TAIL))
    while word.startswith("./"):
        word = word[2:]
    if (not word or len(word) > 200 or not _ALLOWED.match(word) or word.startswith(("/", "~", "-", "@"))
            or ".." in word or "//" in word):
        return None
    if word.endswith("/"):  # a folder: its files, when quoted (`models/staging/`)
        return (_module_globs(word) or None) if quoted else None
    name = word.rsplit("/", 1)[-1]
    if not name or name in ("*", "**"):
        return None
    has_extension = bool(_EXTENSION.search(name) or _BRACED_EXTENSION.search(name)) or name.endswith(".*")
    if quoted and not has_extension:
        modules = _module_globs(word)
        if modules:
            return modules
    if not has_extension:
        if not (_FILE_WORD.match(name) if quoted else _PLAIN_FILE_WORD.match(name)) or "*" in name:
            return None
    if "," in word and "{" not in word:
        return None
    if not quoted and "/" not in word and not any(ch in name for ch in "*?{[") and name[:1] == "." and \
            name.count(".") == 1 and name[1:].islower() and len(name) <= 4:
        return None  # ".py" in prose is an extension, not a file
    if not quoted and len(name) <= 3:
        return None  # "e.g", "i.e"
    return word if word.startswith("**/") else "**/" + word


def file_mentions(text: str) -> list[str]:
    """Globs for the files ``text`` names (see module docstring), in order, at most :data:`MAX_MENTIONS`."""
    found: dict[str, None] = {}
    matches = list(_BACKTICKS.finditer(text))
    spans = [match.group(2) for match in matches]
    plain = _BACKTICKS.sub(" ", text)
    for match, span in zip(matches, spans):
        if _DOTTED_MODULE.match(span) and _IMPORT_CUE.search(text, 0, match.start()):  # "from `app.config`"
            module = span.replace(".", "/")
            found[f"**/{module}.py"] = None
            found[f"**/{module}/**"] = None  # and, below, the file of that name (`web.config` may be one)
        for piece in span.split():
            glob = _as_glob(piece, quoted=True)
            for item in [glob] if isinstance(glob, str) else glob or ():
                found[item] = None
    for word in _PLAIN_WORD.findall(plain):
        glob = _as_glob(word, quoted=False)
        if glob:
            found[glob] = None
    named = list(found)[:MAX_MENTIONS]
    named += [variant for glob in named if (variant := _partial(glob)) and variant not in found]
    stems = dict.fromkeys(f"**/{word}.*" for span in spans for piece in span.split()
                          if _STEM_NAME.match(word := piece.rstrip(_TAIL)) and len(word) >= 6)
    return named + [glob for glob in stems if glob not in named][:MAX_STEM_MENTIONS]


def _partial(glob: str) -> str | None:
    """The same file name with a leading underscore (`**/_sources.yml` for `**/sources.yml`): a leading `_` marks a
    partial or a project's own copy of a conventional file (dbt's `_sources.yml`, Sass partials, Next.js
    `_app.tsx`), and people name it without one."""
    folder, _, name = glob.rpartition("/")
    if not name or not name[0].isalnum() or any(ch in name for ch in "*?{[") or "." not in name.strip("."):
        return None
    return f"{folder}/_{name}" if folder else f"_{name}"
