"""Search tokens for lessons and requests, and the backtick identifiers ("anchors") of a lesson.

An identifier is searchable by its parts and by its underscore affixes: `amountCents` yields `amountcents`,
`amount`, `cents`; `stg_orders_total` yields `stg_orders_total`, `stg`, `orders`, `total`, the prefixes
`stg_`, `stg_orders_` and the suffixes `_orders_total`, `_total`. So a request that names
`net_amount_cents` finds a lesson about `_cents` columns, and one about "amount" finds it too.

:func:`search_tokens` is what BM25 indexes and queries: those tokens without :data:`STOPWORDS` (English
function words and the filler of requests to an agent: "please", "can", "you", "add", "make", "new"),
which otherwise match half the store and fill the retrieved tier with noise, and with plain words folded
by :mod:`altimate_learn.deliver.morphology` (plurals, -ed, -ing, light derivations and abbreviations:
`timestamps`, `formatted`, `validation`, `validator`, `configs`, `explicitly`, `deps` meet `timestamp`,
`format`, `validate`, `config`, `explicit`, `dependency`). Identifiers with an underscore or a digit are
kept as written (their parts are folded).
:func:`tokenize` (every token, unfolded) is what file paths are matched against backtick identifiers with.

Stdlib only: this runs on the hook path (when the prepared index is rebuilt).
"""

from __future__ import annotations

from altimate_learn.deliver.morphology import VERB, fold, sion_verb, stem  # noqa: F401  (stem: Porter 1 and 5)

# Stdlib only and no regex engine: this module is imported by every hook call, and `import re` costs about
# half a Python start-up on a slow machine. Words are runs of `\w` characters (str.isalnum() or "_", the
# same set as the regex `\w+`); camelCase boundaries are found by scanning characters. Backtick anchors,
# only needed when the index is prepared, use `re` (imported there).
_ASCII_NON_WORD = {c: " " for c in range(128) if not (chr(c).isalnum() or c == 95)}


def words(text: str) -> list[str]:
    r"""The runs of word characters of ``text``, in order (what ``re.findall(r"\w+", text)`` returns)."""
    chunks = text.translate(_ASCII_NON_WORD).split()
    if text.isascii():
        return chunks
    out: list[str] = []
    for chunk in chunks:
        if chunk.isascii() or chunk.replace("_", "").isalnum():
            out.append(chunk)
            continue
        start = -1
        for i, ch in enumerate(chunk):
            if ch.isalnum() or ch == "_":
                if start < 0:
                    start = i
            elif start >= 0:
                out.append(chunk[start:i])
                start = -1
        if start >= 0:
            out.append(chunk[start:])
    return out


_ASCII_NON_ALNUM = {c: " " for c in range(128) if not chr(c).isalnum()}


def word_set(text: str) -> frozenset[str]:
    """The lowercase ASCII letter-and-digit runs of ``text``, numbers and single letters included (so
    "retry 3 times" and "retry 5 times" stay apart): what :class:`altimate_learn.deliver.select.Distinct`
    compares to find copies of one rule."""
    lowered = text.lower()
    if not lowered.isascii():
        lowered = "".join(ch if ch.isascii() else " " for ch in lowered)
    return frozenset(lowered.translate(_ASCII_NON_ALNUM).split())


def overlap(a: frozenset[str], b: frozenset[str]) -> float:
    """Jaccard similarity of two word sets (1.0 for two empty sets)."""
    if not a and not b:
        return 1.0
    shared = len(a & b)
    return shared / (len(a) + len(b) - shared)


def _camel_spaced(identifier: str) -> str:
    """Spaces at camelCase boundaries: `amountCents` → `amount Cents`, `HTTPClient` → `HTTP Client`."""
    chars = list(identifier)
    out: list[str] = []
    for i, ch in enumerate(chars):  # a lowercase letter or digit, then an uppercase letter
        if i and "A" <= ch <= "Z" and (("a" <= chars[i - 1] <= "z") or chars[i - 1].isdecimal()):
            out.append(" ")
        out.append(ch)
    spaced = out
    out = []
    n = len(spaced)
    for i, ch in enumerate(spaced):  # the last capital of a run of two or more before a lowercase letter
        if ("A" <= ch <= "Z" and i + 1 < n and "a" <= spaced[i + 1] <= "z" and i >= 1 and "A" <= spaced[i - 1] <= "Z"):
            out.append(" ")
        out.append(ch)
    return "".join(out)


_memo: dict[str, list[str]] = {}


def identifier_tokens(identifier: str) -> list[str]:
    """The tokens of one identifier (see module docstring); empty for `__` and the like."""
    cached = _memo.get(identifier)
    if cached is not None:
        return cached
    if "_" not in identifier and identifier == identifier.lower():
        tokens_list = [identifier]  # a plain lowercase word (or number): itself only
    else:
        tokens_list = _split_identifier(identifier)
    if len(_memo) < 200_000:
        _memo[identifier] = tokens_list
    return tokens_list


def identifier_parts(identifier: str) -> list[str]:
    """The lowercase parts of an identifier in order (`useEffect` → `use`, `effect`; `unique_key` → `unique`,
    `key`); a plain lowercase word is its own single part."""
    return _camel_spaced(identifier).lower().replace("_", " ").split()


def _split_identifier(identifier: str) -> list[str]:
    lowered = identifier.lower()
    parts = identifier_parts(identifier)
    if not parts:
        return []
    tokens = dict.fromkeys([lowered, *parts])
    last = len(lowered) - 1
    for i, ch in enumerate(lowered):
        if ch != "_":
            continue
        if i > 0:
            tokens[lowered[: i + 1]] = None
        if i < last:
            tokens[lowered[i:]] = None
    return list(tokens)


def tokenize(text: str) -> list[str]:
    """Tokens of ``text`` in order; an identifier's own tokens are unique, repeats across words are kept."""
    out: list[str] = []
    for word in words(text):
        out.extend(identifier_tokens(word))
    return out


# Words that say nothing about which lesson applies: English function words, and what people type around
# a request to an agent ("can you please add a new …", "users see …", "someone said …", "people seem to …").
# Conventions are rarely *about* these words, and lessons are imperative ("Add …", "Use …", "Never …"), so
# they match large parts of any store. Also the halves of contractions ("don't" is `don` and `t`; "we're", "I've",
# "they'll"), contractions typed without the apostrophe ("dont", "im", "youre"), chat shorthand ("ur", "pls"), and
# function words whose folded forms reached the relevance floor as topics ("once" as `onc`, "what happened" as
# `happen`, "itself", "against", "whenever"): two of them were two shared terms, enough to admit any lesson. And
# "instead", which says how a rule is phrased ("Use `pathlib.Path` instead of `os.path`": 15 lessons of the
# benchmark's store of 1,000), never what it is about: "the sync hangs for hours instead of giving up" held by few
# of a folder's conventions pointed at those phrased so (select.selective), ahead of the one on timeouts.
STOPWORDS = frozenset("""
a an the and or but nor if then else than so too also as of to in on at by for with without from into onto
upon over under about above below across after before between through during via per up down out off
is are was were be been being am do does did done doing have has had having can could should would will shall
may might must ought need needs needed want wants wanted let lets get gets got getting go goes going
i me my mine we us our ours you your yours he him his she her hers it its they them their theirs
this that these those there here what which who whom whose why how when where while whether
not no yes all any some each every either neither both few more most less least much many other another such
same own only just even still yet already again ever never always very really quite rather almost
please thanks thank ok okay hi hello hey now next first last one two new make makes made making add adds added
adding create creates created creating write writes wrote written writing use uses used using set sets
like try tries help sure thing things stuff something anything everything way ways able
see sees seeing saw seen say says said know knows knew tell tells told seem seems seemed feel feels felt
look looks looking think thinks guess maybe probably somehow someone somebody anyone anybody everyone everybody
people folks guys currently actually basically literally kinda wonder wondering
instead once itself themselves himself herself ourselves yourself yourselves myself against whenever wherever whatever whoever
happen happens happened happening letting tried trying
don doesn didn isn aren wasn weren shouldn wouldn couldn hasn haven hadn re ve ll
dont doesnt didnt isnt arent wasnt cant wont shouldnt wouldnt couldnt im ive youre theyre thats whats ur pls plz
""".split())


# Everyday phrases of a request whose words name no topic: "one at a time" is not about time, "for a sec" not
# about security, "right away" not about anything. Dropped from a request's search words only (a lesson's
# words are indexed as they are, so plain BM25 stays rank-bm25's); the concept and implied-concern tables
# still see them ("one at a time" is work done per item).
IDIOMS = tuple(tuple(phrase.split()) for phrase in """
at a time|at the same time|all the time|every time|each time|this time|next time|last time|first time|
any time|from time to time|most of the time|some of the time|half the time|on time|in time|in no time|
a long time|a while|for a while|in a while|once in a while|for a sec|for a second|for a moment|for a minute|
in a minute|in a sec|a bit|a little bit|a lot|lots of|right now|right away|as soon as|at some point|
at the moment|for now|by the way|kind of|sort of|out of nowhere|all of a sudden|over and over|
on and off|at least|at most|in general|in the end|end up|ends up|ended up|make sure|makes sure|
take a look|have a look|work on|works on|working on|deal with|figure out|find out|turns out|turned out|
show up|shows up|showed up|showing up|shown up|come up|comes up|came up|
the user|a user|the users|our users|our user|their users|each user|every user
""".replace("\n", " ").split("|"))
_IDIOM_FIRST = {phrase[0] for phrase in IDIOMS}


def without_idioms(text: str) -> str:
    """``text`` as its words, without the words of :data:`IDIOMS` (matched case-insensitively) and without
    lone letters that are no notation (see :func:`lone_letters`)."""
    found = words(_without_contraction_tails(text) if "'" in text or "\u2019" in text else text)
    lowered = [w.lower() for w in found]
    lone = [len(w) == 1 and w.isascii() and w.isalpha() for w in lowered]
    notation = iter(lone_letters(text) if any(lone) else ())
    keep = [next(notation) if single else True for single in lone]
    for i, word in enumerate(lowered):
        if word not in _IDIOM_FIRST:
            continue
        for phrase in IDIOMS:
            if tuple(lowered[i:i + len(phrase)]) == phrase:
                for j in range(i, i + len(phrase)):
                    keep[j] = False
    return " ".join(w for w, k in zip(found, keep) if k)


def _word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


_CONTRACTION_TAILS = ("re", "ve", "ll")  # "we're", "I've", "they'll" (one-letter tails are lone letters)


def _without_contraction_tails(text: str) -> str:
    """``text`` without the two-letter tails of contractions ("we're", "you've", "they'll", also with "’"): a
    request's "re" is no word, yet a term one lesson may hold ("re-raising"), so it passed the relevance floor on
    its own and brought that lesson to "we're building a bulk-edit feature"."""
    out: list[str] = []
    start = 0
    n = len(text)
    for i, ch in enumerate(text):
        if ch not in "'\u2019" or i == 0 or not _word_char(text[i - 1]):
            continue
        tail = text[i + 1:i + 3].lower()
        if tail in _CONTRACTION_TAILS and (i + 3 == n or not _word_char(text[i + 3])):
            out.append(text[start:i])
            out.append("   ")
            start = i + 3
    out.append(text[start:])
    return "".join(out)


def lone_letters(text: str) -> list[bool]:
    """For each lone letter of ``text`` in order (an ASCII letter that is a word of its own, as
    :func:`words` splits), whether it is written as part of a notation: followed by "+" or "#" (`N+1`
    queries, C#, C++).

    Any other lone letter in a request is chat shorthand or a piece of a word: "n" for "and", "u" for "you",
    the "t" of "doesn't" and the "s" of "tuesday's" or "502s". Such a letter names no topic, yet it is a term
    that only one lesson may hold ("N+1"), so it would pass the relevance floor on its own and bring that
    lesson to "the carousel spins faster n faster". Requests only: a lesson's words are indexed as they are."""
    out: list[bool] = []
    n = len(text)
    for i, ch in enumerate(text):
        if ch.isascii() and ch.isalpha() and (i == 0 or not _word_char(text[i - 1])) and (
                i + 1 == n or not _word_char(text[i + 1])):
            out.append(i + 1 < n and text[i + 1] in "+#")
    return out


CURRENCY_SIGNS = "€£¥₹₩¢"  # signs that only ever mean money; "$" also starts shell and template variables
# "$" + digits is money only in a money shape: a thousands separator ("$1,200"), cents ("$12.50"), a period or
# unit after a "/" ("$49/mo", "$10/seat"), k/m ("$5k"), or a currency code or word next to it ("$40 USD", "USD
# $40", "$40 dollars"). Bare "$10" is as often awk's tenth field, a regex group ("$12") or LaTeX ("$10^3$"), and
# nothing inside `backticks` or right after a word character or a backslash ("a$10", "\\$10") is money.
_PERIOD_UNITS = frozenset("mo month yr year wk week day hr hour seat user person head unit license".split())
_CURRENCY_CODES = frozenset("usd cad aud nzd sgd hkd mxn".split())
_CURRENCY_AFTER = _CURRENCY_CODES | {"dollar", "dollars", "bucks"}


def _word_at(text: str, i: int) -> str:
    j = i
    while j < len(text) and text[j].isalpha():
        j += 1
    return text[i:j].lower()


def _dollar_amount(text: str, i: int, code: list[tuple[int, int]]) -> bool:
    """Whether the "$" at ``i`` starts an amount of money in a money shape (see :data:`CURRENCY_SIGNS`)."""
    n = len(text)
    if i > 0 and (_word_char(text[i - 1]) or text[i - 1] in "\\$") or any(a <= i < b for a, b in code):
        return False
    j = i + 1
    while j < n and text[j].isascii() and text[j].isdecimal():
        j += 1
    digits = j - i - 1
    if not digits:
        return False
    shaped = False
    while digits <= 3 and j + 3 < n + 1 and text[j:j + 1] == "," and text[j + 1:j + 4].isdecimal() and (
            j + 4 == n or not text[j + 4].isdecimal()):
        j, shaped = j + 4, True  # "$1,200"
    if text[j:j + 1] == "." and text[j + 1:j + 3].isdecimal() and len(text[j + 1:j + 3]) == 2 and (
            j + 3 == n or not (text[j + 3].isdecimal() or text[j + 3] == ".")):
        return True  # "$12.50"
    if j < n and text[j] in ".," and j + 1 < n and text[j + 1].isdecimal():
        return False  # "$1.5", "$1,2": no amount
    if shaped:
        return True
    if text[j:j + 1] == "/":
        unit = _word_at(text, j + 1)
        return unit in _PERIOD_UNITS or unit.endswith("s") and unit[:-1] in _PERIOD_UNITS  # "$49/mo"
    if j < n and text[j] in "kKmM" and (j + 1 == n or not _word_char(text[j + 1])):
        return True  # "$5k"
    k = j
    while k < n and text[k] == " ":
        k += 1
    if _word_at(text, k) in _CURRENCY_AFTER:  # "$40 USD", "$40 dollars"
        return True
    before = text[:i].rstrip().rsplit(None, 1)
    return bool(before) and before[-1].lower() in _CURRENCY_CODES | {"us"}  # "USD $40"


def money_amounts(text: str) -> int:
    """How many amounts of money ``text`` writes with a currency sign: "€123,400.00", "£1,234", "¥500", and
    "$" + digits in a money shape ("$1,200", "$12.50", "$49/mo", "$5k", "$40 USD"), so that "$1" and "$10"
    (shell arguments, awk fields, regex groups), "$10^3$" (LaTeX), "$HOME" and "${name}" are no money.

    People paste what the screen shows ("the subtotal shows €123,400.00"); the amount says the task is about
    money as plainly as the word would, so a request gets the word "money" for it (see
    :func:`altimate_learn.deliver.select.query_terms`)."""
    count = 0
    n = len(text)
    if "$" not in text and not any(sign in text for sign in CURRENCY_SIGNS):
        return 0
    for i, ch in enumerate(text):
        if ch in CURRENCY_SIGNS:
            j = i + 1
            while j < n and text[j] == " ":
                j += 1
            count += j < n and text[j].isdecimal()
    code = _code_spans(text) if "`" in text else []
    count += sum(_dollar_amount(text, i, code) for i, ch in enumerate(text) if ch == "$")
    return count


def _code_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each `inline code` span of ``text``."""
    spans, open_at = [], -1
    for i, ch in enumerate(text):
        if ch == "`":
            if open_at < 0:
                open_at = i
            else:
                spans.append((open_at, i))
                open_at = -1
    return spans


_search_memo: dict[str, tuple[str, ...]] = {}


def said_zero(text: str) -> str:
    """``text`` with the word "zero" after each 0 written alone ("spend is 0 and the model errors", "days with 0
    users"): the number a lesson says in words ("a zero denominator", "days with zero signups"). Not a 0 of a
    longer number, a version, an address or a decimal (`10`, `2.0`, `0.5`, `127.0.0.1`, `1,0`, `0x1f`). The 0 stays
    (`uid 0`); "zero" comes right after it, so the words around it keep their neighbours."""
    if "0" not in text:
        return text
    out: list[str] = []
    n = len(text)
    last = 0
    at = text.find("0")
    while at >= 0:
        before = text[at - 1] if at else " "
        after = text[at + 1] if at + 1 < n else " "
        following = text[at + 2] if at + 2 < n else " "
        alone = not (before.isalnum() or before in "_.,") and not (
            after.isalnum() or after == "_" or (after in ".," and following.isdigit()))
        if alone:
            out.append(text[last:at + 1])
            out.append(" zero")
            last = at + 1
        at = text.find("0", at + 1)
    out.append(text[last:])
    return "".join(out)


def search_tokens(text: str) -> list[str]:
    """The BM25 tokens of ``text``: :func:`tokenize` without stopwords, each plain word folded
    (:func:`altimate_learn.deliver.morphology.fold`: `validation` → the term of `validate`)."""
    out: list[str] = []
    for word in words(text):
        cached = _search_memo.get(word)
        if cached is None:
            cached = tuple(dict.fromkeys(term for t in identifier_tokens(word) if t not in STOPWORDS
                                         for term in fold(t)))
            if len(_search_memo) < 200_000:
                _search_memo[word] = cached
        out.extend(cached)
    return out


_folded_memo: dict[str, tuple[tuple[str, ...], ...]] = {}


def folded_words(text: str) -> list[tuple[str, ...]]:
    """The words of ``text`` in order, stopwords included, each position as its folded term(s): an identifier
    stands for its parts (`api_key` → `api`, `key`), and its first and last part also for the whole
    (`GitHub Actions` → (`git`, `github`), (`hub`, `github`), (`action`,)), so a two-word phrase meets the
    identifier next to it. A -sion noun also stands for its verb, marked (`division` → (`divis`, `=divid`)):
    a key of the request-only join tables, never a search term (:func:`altimate_learn.deliver.concepts.sion_joins`).
    What :func:`altimate_learn.deliver.concepts.concept_terms` looks words and adjacent pairs up in."""
    out: list[tuple[str, ...]] = []
    for word in words(text):
        cached = _folded_memo.get(word)
        if cached is None:
            tokens = identifier_tokens(word)
            if len(tokens) <= 1:
                cached = tuple(fold(t) + ((VERB + verb,) if (verb := sion_verb(t)) else ()) for t in tokens)
            else:
                whole = fold(tokens[0])
                parts = [fold(t) for t in tokens[1:] if "_" not in t] or [()]
                parts[0] = tuple(dict.fromkeys(parts[0] + whole))
                parts[-1] = tuple(dict.fromkeys(parts[-1] + whole))
                cached = tuple(parts)
            if len(_folded_memo) < 200_000:
                _folded_memo[word] = cached
        out.extend(cached)
    return out


# --- operators ---------------------------------------------------------------------------------------

# Characters of the operators lessons quote (`!=`, `==`, `&&`, `??`, `~>`, `::`, `=>`, `<>`): words() drops
# them, so "never with `==`" and a request about "a plain `==`" shared no search word. A run of two or more
# is an operator, unless it is only `*` or `-` (globs, bold text, dashes, `--flags`).
OPERATOR_CHARS = frozenset("!<>=?|&:~^%*+-")


def _operator_runs(text: str) -> list[str]:
    out: list[str] = []
    start = -1
    for i, ch in enumerate(text + " "):
        if ch in OPERATOR_CHARS:
            if start < 0:
                start = i
            continue
        if start >= 0 and i - start >= 2:
            run = text[start:i]
            if run.strip("*") and run.strip("-"):
                out.append(run)
        start = -1
    return out


def operators(text: str, quoted: bool = True) -> list[str]:
    """The operators ``text`` writes, as search terms of their own (the run itself, `!=`): with ``quoted`` (a
    lesson) only inside `backticks`; else (a request) anywhere, since a request's term counts only when a
    lesson holds it (:func:`altimate_learn.deliver.select.query_terms`)."""
    if not any(ch in OPERATOR_CHARS for ch in text):
        return []
    if not quoted:
        return list(dict.fromkeys(_operator_runs(text)))
    spans = text.split("`")[1::2]  # the text between the first and second backtick, the third and fourth, …
    return list(dict.fromkeys(run for span in spans for run in _operator_runs(span)))


# --- anchors -----------------------------------------------------------------------------------------

# SQL keywords, common functions and dbt macros: a backticked `ref()` or `coalesce(x, 0)` names no file.
_STOP = frozenset("""
select from where as not and or is in null true false case when then else end on join by group order having
qualify distinct over partition with union all asc desc limit offset coalesce cast try_cast safe_cast sum count
min max avg lower upper trim ltrim rtrim round abs ceil floor nullif ifnull nvl date_trunc date timestamp
dateadd datediff extract current_date current_timestamp concat substring substr replace length greatest least
ref source config var if col column table entity x sql
""".split())
_GROUPING = frozenset("""
and or not in where on when then else having select from case by as is exists over partition join with values
distinct qualify
""".split())
_patterns: list = []


def _regexes() -> list:
    """(backtick spans, quoted SQL strings, `<placeholder>`s, identifiers, a call's name, a file name's
    extension), compiled once."""
    if not _patterns:
        import re

        _patterns.extend([re.compile(r"(`+)([\s\S]*?)\1"), re.compile(r"'(?:''|\\[\s\S]|[^'\\])*(?:'|$)"),
                          re.compile(r"<[a-z_][a-z0-9_]*>"), re.compile(r"[a-z_][a-z0-9_]*"),
                          re.compile(r"[a-z_][a-z0-9_]*\s*$"),
                          re.compile(r"[\w./*<>{}@-]+\.([A-Za-z][A-Za-z0-9]{0,5})\Z")])
    return _patterns


# byte → itself for the bytes of an identifier (`a`-`z`, `0`-`9`, `_`), a space for every other byte
_IDENTIFIER_BYTES = bytes(c if 97 <= c <= 122 or 48 <= c <= 57 or c == 95 else 32 for c in range(256))


def identifiers(lowered: str) -> list[str]:
    """The identifiers of lowercase text, in order: what ``re.findall(r"[a-z_][a-z0-9_]*", lowered)`` finds (a run of
    letters, digits and underscores without its leading digits), without a regex engine (an edit's hook reads the
    code it writes with it, and `import re` costs half a Python start-up). Any other character, a non-ASCII letter
    too, ends an identifier."""
    runs = lowered.encode("ascii", "replace").translate(_IDENTIFIER_BYTES).decode("ascii").split()
    return [word for word in (run.lstrip("0123456789") for run in runs) if word]


# byte → itself for the bytes of an identifier and `*`, a space for every other byte (code_words)
_CODE_BYTES = bytes(c if 97 <= c <= 122 or 48 <= c <= 57 or c in (95, 42) else 32 for c in range(256))


def code_words(lowered: str) -> list[str]:
    r"""The identifiers and `*`s of lowercase code, in order: what ``re.findall(r"[a-z_][a-z0-9_]*|\*", lowered)``
    finds, without a regex engine (the keyword code an edit writes or a read returns, which a lesson bans:
    :func:`altimate_learn.deliver.edits.banned_points`)."""
    code = lowered.encode("ascii", "replace").translate(_CODE_BYTES).decode("ascii")
    if "*" in code:
        code = code.replace("*", " * ")
    return [word for word in (run.lstrip("0123456789") for run in code.split()) if word]


def without_sql_strings(text: str) -> str:
    """``text`` with each quoted SQL string (``'…'``, `''` and a backslash escape inside, or up to the text's end
    when unclosed) replaced by a space: ``_regexes()[1].sub(" ", text)``, without a regex engine."""
    at = text.find("'")
    if at < 0:
        return text
    n = len(text)
    out: list[str] = []
    last = 0
    while at >= 0:
        end = _sql_string_end(text, at, n)
        if end < 0:  # no string starts here (the regex then looks from the next quote)
            at = text.find("'", at + 1)
            continue
        out.append(text[last:at])
        out.append(" ")
        last = end
        at = text.find("'", end)
    out.append(text[last:])
    return "".join(out)


def _sql_string_end(text: str, start: int, n: int) -> int:
    r"""Where the match of ``'(?:''|\\[\s\S]|[^'\\])*(?:'|$)`` at ``start`` ends, or -1 for none: its loop takes
    `''`, a backslash and the character after it, or any other character but a quote, as long as it can; then a
    quote or the text's end must follow. It stops short of both only at a backslash that ends the text; the regex
    then gives back what it took, up to the last `''`, whose first quote ends the string."""
    at = start + 1
    pair = -1  # where the last `''` the loop took starts
    while True:
        quote = text.find("'", at)
        escape = text.find("\\", at, quote if quote >= 0 else n)
        if escape >= 0:  # a backslash before the next quote: it and the character after it
            if escape + 1 < n:
                at = escape + 2
                continue
            return pair + 1 if pair >= 0 else -1  # a lone backslash at the end
        if quote < 0:
            return n
        if quote + 1 < n and text[quote + 1] == "'":
            pair = quote
            at = quote + 2
            continue
        return quote + 1


def _without_arguments(code: str) -> str:
    """Drop call arguments (nested too) but keep the function name: `cents_to_dollars(amount)` → name only."""
    depth = 0
    quote = ""
    out: list[str] = []
    for ch in code:
        if depth and quote:
            if ch == quote:
                quote = ""
            continue
        if depth and ch in "'\"":
            quote = ch
            continue
        if ch == "(":
            match = _regexes()[4].search("".join(out[-64:]))
            name = match.group(0).strip() if match else ""
            if depth or (name and name not in _GROUPING):
                if not depth:
                    out.append(" ")
                depth += 1
            else:
                out.append(ch)
        elif ch == ")":
            if depth:
                depth -= 1
            else:
                out.append(ch)
        elif not depth:
            out.append(ch)
    return "".join(out)


def anchors(text: str) -> set[str]:
    """Lowercase code identifiers inside backticks, minus SQL keywords and common functions."""
    found: set[str] = set()
    backticks, quoted, placeholder, ident, _, file_name = _regexes()
    for span in backticks.finditer(text):
        raw = span.group(2).strip()
        extension = file_name.match(raw)
        if extension:  # a file name: its extension (`.py`, `.tf`) names no part of a path worth matching
            raw = raw[: extension.start(1) - 1]
        code = _without_arguments(quoted.sub(" ", raw.lower()))
        code = placeholder.sub("", code)
        for token in ident.findall(code):
            if token not in _STOP and any("a" <= c <= "z" for c in token):
                found.add(token)
    return found


def anchor_matches(anchor: str, token: str) -> bool:
    """An anchor names a path token exactly, or as an underscore affix (`_cents`, `stg_`)."""
    if anchor == token:
        return True
    if anchor.startswith("_") and token.endswith(anchor):
        return True
    return anchor.endswith("_") and token.startswith(anchor)
