"""Code identifiers in feedback: which tokens are code (`snake_case`, `ref()`, `src/api/`, `*.sql`, `--flag`) and
putting them in backticks, so a lesson names code the way the curator's anchors read it."""

from __future__ import annotations

import re

from altimate_learn.reflect.providers.builtin.vocabulary import (CODE_EXT, KNOWN_FILES, PREPOSITIONS, PROPER,
                                                                 SLASH_WORDS, SLOT_SKIP, gerund_base)

_BACKTICK_SPAN = re.compile(r"`[^`]+`")
_IDENT = re.compile(
    r"""(?<![\w`$@/.-])(?:
        (?i:SELECT)\ \*                                                # the SQL idiom
      | [\w.-]*[\w.]<\w+>[\w.<>-]* | <\w+>[_.-][\w.<>-]*               # a name with a placeholder: stg_<entity>.sql
      | \{\{[^{}]{1,60}\}\} | \{%[^{}]{1,60}%\}                          # Jinja
      | --[a-z][a-z0-9-]*(?:=[\w.-]+)?                                 # --flags
      | [A-Za-z_][\w.-]*=[\w.:@+-]*[\w]                                 # settings: ddl-auto=update, NODE_ENV=development
      | \#\[[^\]\s]{1,40}\]                                              # Rust attributes: #[derive(Debug)]
      | @[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*(?:\([^()\s]{0,30}\))?              # decorators, annotations: @Autowired
      | @[a-z0-9][\w.-]*/[a-z0-9][\w.-]*                                # scoped npm packages: @tanstack/react-query
      | \.?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\((?:[^()\s](?:[^()]|\([^()]{0,30}\)){0,38})?\)(?:\.[A-Za-z_$][\w$]*(?:\([^()]{0,40}\))?)*  # calls
      | (?:(?:[\w*.-]|<\w+>)+/)+(?:[\w*.-]|<\w+>)*                       # paths and globs: src/api/, **/*.py, marts/<domain>/
      | [\w.-]*\*[\w.*-]*                                              # globs: *_cents, stg_*, *.sql
      | [A-Za-z0-9_$][\w$-]*(?:\.[A-Za-z_$][\w$-]*)+                    # dotted: moment.js, os.path, 0042_x.py
      | \.[A-Za-z][\w-]*(?:\.[\w-]+)*                                  # dotfiles: .env, .gitignore
      | \w*_\w*                                                        # snake_case, SCREAMING_CASE, _cents, stg_
      | [a-z]+(?:[A-Z][a-z0-9]*)+                                      # camelCase
      | [A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+                              # PascalCase with 2+ humps
    )(?![\w`$/])""",
    re.X,
)


def _is_identifier(token: str) -> bool:
    if token in PROPER or token.lower() in SLASH_WORDS:
        return False
    if re.search(r"<\w+>", token) and "/" not in token:
        return bool(re.search(r"[_.]|\w<", token))  # stg_<entity>.sql, <name>_test.py
    if re.fullmatch(r"[A-Za-z_][\w.-]*=[\w.:@+-]*\w", token):
        return True  # a setting and its value, one piece of code ("`spring.jpa.hibernate.ddl-auto`=update" split it)
    if token.startswith(("--", "{{", "{%", "#[")) or token.upper() == "SELECT *" or token.endswith(")") \
            or re.fullmatch(r"@[A-Za-z_][\w.]*|@[a-z0-9][\w.-]*/[a-z0-9][\w.-]*", token):
        return True
    if "/" in token:
        parts = [p for p in token.split("/") if p]
        if not parts or not any(re.search(r"[A-Za-z*]", p) for p in parts):
            return False
        # two plain words around one slash ("tests/unit") only count when they are lower case
        return bool(re.search(r"[._*]|/$|/.*/", token)) or token == token.lower() \
            or any(re.fullmatch(r"[a-z]+[A-Z]\w*", p) for p in parts)  # setUp/tearDown
    if "*" in token:
        return bool(re.search(r"[A-Za-z.]", token))
    if token.startswith(".") and re.fullmatch(r"\.[A-Za-z][\w.-]*", token):
        return True
    if "." in token:
        if token.lower() in {"e.g", "i.e", "etc", "vs", "a.k.a"} or token.endswith("."):
            return False
        last = token.rsplit(".", 1)[-1]
        # file names, modules and attribute chains; not "Node.js"-style prose at the start of a sentence
        return bool(re.fullmatch(CODE_EXT, last.lower())) or token[0].islower() or "_" in token
    if "_" in token:
        return bool(re.search(r"[A-Za-z]", token)) and token.strip("_") != ""
    return bool(re.fullmatch(r"[a-z]+(?:[A-Z][a-z0-9]*)+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+", token))


# ("we use pnpm just for the demo" gave "`pnpm just`": a word that says how much, never a subcommand; check49 C49-10)
_ADVERBS = frozenset("just only mainly mostly also still even really simply".split())


def mark_identifiers(text: str) -> str:
    """Put code identifiers in backticks (spans already in backticks are kept as they are)."""
    out: list[str] = []
    last = 0
    for span in _BACKTICK_SPAN.finditer(text):
        out.append(_mark_plain(text[last:span.start()]))
        out.append(span.group(0))
        last = span.end()
    out.append(_mark_plain(text[last:]))
    return "".join(out)


def _mark_plain(text: str) -> str:
    def wrap(match: re.Match[str]) -> str:
        token = match.group(0)
        trail = ""
        while token and token[-1] in ".,:;" and not token.endswith("..."):
            trail = token[-1] + trail
            token = token[:-1]
        if token in KNOWN_FILES or (token and _is_identifier(token)):
            return f"`{token}`{trail}"
        return match.group(0)

    text = re.sub(r"\b(?:" + "|".join(KNOWN_FILES) + r")\b", lambda m: f"\0{m.group(0)}\0", text)
    pieces = text.split("\0")
    for i in range(0, len(pieces), 2):
        pieces[i] = _IDENT.sub(wrap, pieces[i])
    for i in range(1, len(pieces), 2):
        pieces[i] = f"`{pieces[i]}`"
    return re.sub(r"(?<![\w`])\+`([^`]+)`", r"`+\1`", "".join(pieces))  # dbt selectors: `+fct_orders`




def join_adjacent_code(text: str) -> str:
    """Code spans with only spaces between them become one span ("Use `uv run` `pytest`" -> "Use `uv run pytest`").
    Each marking pass (identifiers, a command after "run", tool names, a tool's subcommand) wraps the piece it knows,
    so one command the person typed bare can come out as several spans side by side; no rule writes two pieces of
    code next to each other without a comma or a word between them, so side by side they are one piece."""
    parts = re.split(r"(`[^`]+`)", text)
    out: list[str] = []
    for n, part in enumerate(parts):
        if n % 2 and len(out) >= 2 and out[-2].startswith("`") and re.fullmatch(r"[ \t]*", out[-1]):
            out.pop()
            out[-1] = out[-1][:-1] + " " + part[1:]
        else:
            out.append(part)
    return "".join(out)


# Command names a flag may follow in a rule ("run ruff check --fix"), besides the tools of vocabulary.TOOL_FAMILIES
# (everyday words among those, like "make" or "go", are left out: "make sure to pass `--strict`").
_COMMANDS = frozenset("""git cargo dbt terraform kubectl helm gradle mvn dotnet rails python python3 alembic pre-commit
gh bazel cmake ansible-playbook sqlfluff""".split())
_FLAG_AFTER_WORDS = re.compile(r"(?<![\w`./-])((?:[A-Za-z][\w.-]*\s+){1,4})`(-{1,2}[A-Za-z][^`]*)`")


def join_commands(text: str) -> str:
    """A flag in backticks after the bare command it belongs to takes the command in ("run ruff check `--fix`" →
    "run `ruff check --fix`"; review13 R13-15): half a command in backticks reads as if the flag were the code. The
    command starts at a tool's name and runs on through words that are not prose ("with", "before"); no tool name
    before the flag, nothing changes."""
    from altimate_learn.deliver.tokenize import STOPWORDS
    from altimate_learn.reflect.providers.builtin.vocabulary import EVERYDAY_TOOL_NAMES, TOOL_FAMILIES

    def is_command(word: str) -> bool:
        lower = word.lower()
        return lower in _COMMANDS or (lower in TOOL_FAMILIES and lower not in EVERYDAY_TOOL_NAMES)

    def join(match: re.Match[str]) -> str:
        words = match.group(1).split()
        for start, word in enumerate(words):
            if is_command(word) and word == word.lower() \
                    and all(re.fullmatch(r"[a-z][\w-]*", w) and w not in STOPWORDS for w in words[start + 1:]):
                head = " ".join(words[:start])
                return f"{head}{' ' if head else ''}`{' '.join(words[start:])} {match.group(2)}`"
        return match.group(0)

    return _FLAG_AFTER_WORDS.sub(join, text) if "`-" in text else text


def _plain_plural(name: str) -> bool:
    """A plain plural noun ("emojis", "semicolons", "abbreviations"): prose, not code, in a rule's slot. A tool whose name
    reads as a plural (`pandas`, `requests`) or code that does (`float`s aside) is not one."""
    from altimate_learn.reflect.providers.builtin.vocabulary import FORBIDDEN_CODE, PLURAL_NOUNS, TOOL_FAMILIES

    if name in PLURAL_NOUNS:
        return True
    return bool(re.fullmatch(r"[a-z]{3,}s", name)) and not name.endswith(("ss", "us", "is", "os")) \
        and name not in TOOL_FAMILIES and name[:-1] not in FORBIDDEN_CODE


def _code_name(name: str) -> str:
    """The name of the code a word names: "floats" is `float` ("For the payments, never use `floats`." put an English
    plural in backticks as if it were code, review22), "prints" `print`; any other word is its own name."""
    from altimate_learn.reflect.providers.builtin.vocabulary import FORBIDDEN_CODE

    return name[:-1] if name.endswith("s") and name[:-1] in FORBIDDEN_CODE else name


def looks_like_code(name: str) -> bool:
    """Whether a single bare word in a rule's slot is code: an identifier's shape (snake_case, camelCase, dotted, a
    call), a tool or command (`pnpm`, `pytest`), a keyword or type a rule picks (`var`, `const`, `float`, vocabulary.
    CODE_WORDS), a name with digits or code marks (`int64`, `utf-8`, `c++`), a capitalised name that is no month or
    day or language (`Decimal`, `Money`; not "English"), a keyword in capitals (`DISTINCT`), or a lower-case name that is no English word the
    reflector knows (`lodash`, `slog`, `react-query`). An everyday word is prose: "Use the ip instead of localhost.",
    "Use icons instead of text in the toolbar.", "Use the January data instead of February." (refl23 noticed every
    bare word in backticks)."""
    from altimate_learn.reflect.providers.builtin.scope import _COMMANDS
    from altimate_learn.reflect.providers.builtin.typos import known_words
    from altimate_learn.reflect.providers.builtin.vocabulary import VERBS as VERB_FORMS
    from altimate_learn.reflect.providers.builtin.vocabulary import (CALENDAR, CODE_WORDS, EVERYDAY_TECH, FORBIDDEN_CODE,
                                                                     LANGUAGES, TOOL_FAMILIES)

    bare = name.removesuffix("()")
    lower = bare.lower()
    if name.endswith("()") or _is_identifier(bare) or lower in TOOL_FAMILIES or lower in _COMMANDS \
            or lower in FORBIDDEN_CODE or lower in CODE_WORDS:
        return True
    if lower in EVERYDAY_TECH or lower in CALENDAR or lower in LANGUAGES:
        return False
    if re.search(r"\d|[+#.]", bare) or re.fullmatch(r"[a-z]-[a-z]+", bare):
        return True  # int64, utf-8, python3, c++, c#, f-strings
    if bare.isupper():
        return len(bare) >= 6  # DISTINCT, NOT NULL's words; API, JSON, CSV are names
    if bare[:1].isupper():
        return bare[1:].islower() or bare[1:] == ""  # Decimal, Money; a word in prose is lower case
    parts = lower.split("-")
    return len(lower) >= 3 and not all(part in known_words() or part in VERB_FORMS for part in parts if part)


# Modules whose names read as gerunds: "use structlog instead of logging" names Python's `logging` (review24 R24-8).
_MODULE_WORDS = frozenset("logging typing threading".split())


def _is_command(word: str) -> bool:
    from altimate_learn.reflect.providers.builtin.scope import _COMMANDS
    from altimate_learn.reflect.providers.builtin.vocabulary import EVERYDAY_TOOL_NAMES, TOOL_FAMILIES

    return word in _COMMANDS and word not in ("make", "go") or word in TOOL_FAMILIES and word not in EVERYDAY_TOOL_NAMES


def slot(phrase: str) -> str:
    """An identifier's slot ("use X instead of Y"): a single bare token there is code when it looks like code
    (:func:`looks_like_code`: `pnpm`, `Decimal`, `var`), and prose when it is an everyday word ("the ip", "text").

    Lists ("const and let") are taken item by item, and "X for …" / "X in …" look at X alone.
    """
    items = re.split(r"(\s*(?:,|\band\b|\bor\b)\s*)", phrase.strip())
    # "logging and continuing": a module's name listed with a gerund is a gerund too (blind11; refl39)
    gerunds = any(re.fullmatch(r"[a-z]{3,}ing", item.strip()) and item.strip() not in _MODULE_WORDS for item in items)
    out = []
    for item in items:
        token = item.strip()
        # ("pnpm only in the frontend": the tool, then where alone; check47 C47-8's look-alike gave "`pnpm only`")
        bare = re.match(r"^(?:the\s+)?([A-Za-z_][\w.+#-]*(?:\(\))?)(?=$|\s+(?:only\s+)?" + PREPOSITIONS + r"\b)", token, re.I)
        name = bare.group(1) if bare else ""
        # a verb or gerund ("importing from …") is prose; so is a noun after "a"/"an" ("a field on the struct")
        verbish = name.islower() and (name.endswith("ing") or gerund_base(name) is not None) and (
            name not in _MODULE_WORDS or gerunds)
        verbish = verbish or _plain_plural(name)
        command = re.match(r"^([a-z][\w-]*)\s+([a-z][\w-]*)(?=$|\s+" + PREPOSITIONS + r"\b)", token)
        if command and "`" not in token and _is_command(command.group(1)) and command.group(2) not in SLOT_SKIP \
                and command.group(2) not in _ADVERBS and not _plain_plural(command.group(2)):
            # "kubectl apply", "git mv", "make test": a command and its subcommand, one piece of code (review24 R24-8)
            out.append(item.replace(command.group(0), f"`{command.group(0)}`", 1))
            continue
        if bare and not verbish and "`" not in token and "/" not in name and name.lower() not in SLOT_SKIP and len(name) <= 30 \
                and not re.fullmatch(r"[A-Z]{2,5}", name) and not item.isspace() and looks_like_code(_code_name(name)):
            out.append(item.replace(name, f"`{_code_name(name)}`", 1))
        else:
            out.append(item)
    return "".join(out)


