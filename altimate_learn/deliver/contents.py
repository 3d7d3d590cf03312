"""What a file says: the lessons the code of a file the agent reads is about (issue 19, deliver41).

A file's lessons are ranked by the request's words and the file's path (:func:`select.rank_file_scored`); in a
crowded folder (`web/src/**`, `services/**`: dozens of conventions at one level) a request that says nothing of
the file's code ("the promo banner jumps around", no request at all) leaves the rule that code is about 25th or
37th. The file's own text says more: a React effect that calls `fetch(`, an `<img>`, a class component, a token
put in `localStorage`, `requests.get(` with no timeout, `os.environ[…]`, `shell=True`, a `union` in a model. The
hooks carry that text after a read: Claude Code's PostToolUse of Read (`tool_response.file.content`, the whole
file), Gemini CLI's AfterTool of `read_file` (`tool_response.llmContent`).

:func:`read_text` takes at most :data:`MAX_CHARS` of it (a bounded prefix: the hook's time budget; a file's
imports and first functions say what it is). Nothing of it is stored: :func:`points` returns lesson indices and
the text is dropped with the event. Among the lessons that apply to the file (its ranking), a lesson is named by
the file's code when

- code it bans (in backticks after "never", "do not", "no", "avoid", "instead of", "rather than", "over" in its
  clause: `useEffect` in "Do not fetch data in `useEffect`", `gather()` in "… instead of bare `gather()`") is an
  identifier of the text (:func:`banned_anchors`), held so by at most ``pick`` of the file's lessons; the file
  does what the rule forbids (where that code is the place of what the rule bans, "Do not fetch data in
  `useEffect`", the text must also hold a word of the practice, `fetch`: :func:`banned_practices`);
- the text holds an idiom of :data:`IDIOMS` (code whose rule speaks of it in other words: `<img` is an image,
  `extends React.Component` a class component, `os.environ` environment variables, an `f"…"` log call an
  f-string in a log message, `setInterval(` with no `clearInterval(` a timer, `requests.get(` or a client's
  `.post(` with no timeout an outbound HTTP call, `lag(x) over (` a SQL window function) and the lesson is the
  file's best match for that idiom's words (BM25 among the file's lessons, holding one of its words);
- what it bans is no identifier (:func:`plain_bans`, deliver45): an operator (`==` in "Compare secrets and
  signatures with `hmac.compare_digest()`, never with `==`") on a line of the text that also holds a word of the
  rule's clause (`X-Signature`), or a name in plain words ("never with SMTP from the API", "do not use pandas")
  that the text imports as a top-level module or, an acronym, calls (`smtplib.SMTP(`), held so by at most ``pick``
  of the file's lessons (these come with the banned code);
- its prose says in two adjacent words what an identifier of the text joins (:func:`compound_points`, deliver49:
  `primary_key=True` and "… for new primary keys"), held so by at most ``pick`` of the file's lessons: the file holds
  what the rule is about, though the rule names the code it asks for (`uuid7()`), not the code it replaces;
- code it asks for, a name with an underscore (`convert_timezone()`, `cents_to_dollars()`), is called in the
  text, held by at most ``pick`` of the file's lessons (the file uses what the rule governs).

A banned name with an underscore that the text does not call (a column such as `created_at`, which "filter on
`updated_at`, not on `created_at`" bans) comes last: a file that merely has the column says little of the rule.

What the request keeps (:func:`kept_terms`: "keep it a class component", "we stay on requests here", "leave the
env var as is") is no reason: a point whose triggering words the request keeps is dropped, so the file's code never
brings a rule the person has just said does not apply.
"""

from __future__ import annotations

MAX_CHARS = 12_000  # of a read file's text: its imports and first functions say what it is
READ_TOOLS = ("Read", "read_file")  # Claude Code, Gemini CLI (opencode's plugin passes no tool output; Codex reads
# with shell commands)

# Calls to another system over HTTP, as code writes them (lowercase).
_HTTP_CALLS = ("requests.get(", "requests.post(", "requests.put(", "requests.patch(", "requests.delete(",
               "requests.request(", "urlopen(", "http.client.", "axios.get(", "axios.post(", "httpx.get(",
               "httpx.post(", "client.get(", "client.post(", "client.put(", "client.patch(", "client.delete(",
               "client.request(")
# (what the code holds, what it must not hold, the words a rule uses for it). Lowercase substrings: the text is
# lowered once; no regular expression (the hook's start-up). General idioms of several stacks, never a store's words.
IDIOMS: tuple[tuple[tuple[str, ...], tuple[str, ...], str], ...] = (
    (("<img ", "<img\n"), (), "image images img"),
    (("extends react.component", "extends component<", "extends component {", "extends purecomponent",
      "extends react.purecomponent"), (), "class component components"),
    (('<a href="/', "<a href='/", "<a href={`/"), (), "anchor anchors link links navigation"),
    (("os.environ", "os.getenv(", "process.env.", "system.getenv(", "env::var(", "getenv(\""), (),
     "environment variable variables env"),
    (("setinterval(", "settimeout("), ("clearinterval(", "cleartimeout("), "interval intervals timeout timeouts timer"),
    (('.info(f"', ".info(f'", '.debug(f"', ".debug(f'", '.warning(f"', ".warning(f'", '.error(f"', ".error(f'",
      '.exception(f"', ".exception(f'", '.critical(f"', ".critical(f'"), (), "f-strings log logging messages"),
    (_HTTP_CALLS, ("timeout",), "outbound http call calls timeout"),
    (("float(", "parsefloat(", ": float", "-> float"), (), "float floats"),
    ((" = false", " = true", " == true", " == false", " === true", " === false", " != true", " != false",
      " is true", " is false"), (), "compare booleans boolean true false"),
    (("print(",), (), "print"),
    (("console.log(", "console.error(", "console.warn("), (), "console log"),
    (("time.sleep(", "thread.sleep("), (), "sleep"),
    (("datetime.now()", "datetime.utcnow(", "datetime.today("), (), "naive datetime datetimes timezone-aware"),
    ((") over (", ") over(", ")\nover (", ") over\n"), (), "window function functions"),  # SQL: `lag(x) over (…)`
    (("defmodule ",), (), "elixir module"),
    (("@composable",), (), "compose composable"),
)
# Words of a request clause that keep the code it names ("keep it a class component", "leave the env var").
_KEEPS = ("keep", "keeps", "keeping", "leave", "leaving", "stay", "stays", "stick", "as is", "as-is", "don't change",
          "do not change", "don't touch", "do not touch", "don't switch", "do not switch", "still use", "we use",
          "we're on", "we are on", "on purpose", "intentional")
_CLAUSE_ENDS = ".;!?\n"
_BANS = frozenset(("never", "no", "not", "avoid", "don't", "dont", "without", "instead", "rather", "over"))

# Words before a backticked span that make it the place where the banned practice happens ("do not fetch data in
# `useEffect`", "never store tokens in `localStorage`"), not the practice itself ("instead of bare `gather()`").
_PLACES = frozenset(("in", "inside", "within", "into"))
# Nouns a practice's words may hold that say nothing of it: a component with `data` from a query hook fetches nothing
_LIGHT = frozenset(("data", "value", "values", "thing", "things", "stuff", "item", "items", "result", "results",
                    "info", "information"))

# Code that fetches data, for a practice that says "fetch" (R42-11: `axios.get(…)` or `await api.get("/stats")` in an
# effect fetches as `fetch(` does): an HTTP call, axios, or a client's GET or POST of a path or URL.
_FETCHES = (*_HTTP_CALLS, "fetch(", "axios(", "axios.", ".get('/", '.get("/', ".get(`/", ".post('/", '.post("/',
            ".post(`/", ".get('http", '.get("http', ".get(`http")

def read_text(tool: str | None, response: object) -> str:
    """The text of the file a read returned (at most :data:`MAX_CHARS`), or "" for any other tool or answer."""
    if tool not in READ_TOOLS or not isinstance(response, dict):
        return ""
    text = None
    inner = response.get("file")
    if isinstance(inner, dict) and isinstance(inner.get("content"), str):  # Claude Code's Read
        text = inner["content"]
    elif isinstance(response.get("llmContent"), str):  # Gemini CLI's read_file
        text = response["llmContent"]
    return text[:MAX_CHARS] if text else ""


def banned_anchors(text: str) -> dict[str, tuple[str, ...]]:
    """The anchors (:func:`altimate_learn.deliver.tokenize.anchors`) of a lesson's backticked code that the lesson
    bans (a ban word, :data:`_BANS`, between the span and the previous span of its clause, or the clause's start),
    each with the banned code it is part of, lowercase, call arguments left out (`console.error`, `async def`,
    `gather` of `gather()`): a text names the rule only where it holds that code whole, not one of its words
    (`console.info` is no `console.error`, a plain `def` no `async def`; review41 R41-8). Found when the corpus is
    prepared (:func:`packed_bans`; regexes), read by a hook from the corpus (:func:`lesson_bans`)."""
    from altimate_learn.deliver.tokenize import _regexes, _without_arguments, anchors

    found: dict[str, tuple[str, ...]] = {}
    last = 0
    for span in _regexes()[0].finditer(text):
        before = text[last:span.start()]
        last = span.end()
        cut = max(before.rfind(c) for c in ".;:!?")
        if cut >= 0:
            before = before[cut + 1:]
        if any(w.strip(",()").lower() in _BANS for w in before.split()):
            code = " ".join(_without_arguments(span.group(2).strip().lower()).split())
            for anchor in anchors(span.group(0)):
                found[anchor] = (*found.get(anchor, ()), code)
    return found


def banned_practices(text: str) -> dict[str, frozenset[str]]:
    """For each code a lesson bans as the place of a practice (:data:`_PLACES` just before its span: "Do not fetch data
    in `useEffect`"), the search terms of that practice (the words between the ban word and the place, without
    :data:`_LIGHT` nouns: `fetch`), keyed by the banned code as :func:`banned_anchors` gives it (`useeffect`). A
    file's text names such a rule only when it also holds one of those terms: it does what the rule bans there, not
    merely uses the place (review41 R41-8's residue: a `useEffect` that fetches nothing brought the fetch rule).
    Code banned as the practice itself ("instead of bare `gather()`") has no entry. Prepared with the corpus, as
    :func:`banned_anchors`."""
    from altimate_learn.deliver.tokenize import _regexes, _without_arguments, search_tokens

    found: dict[str, frozenset[str]] = {}
    last = 0
    for span in _regexes()[0].finditer(text):
        before = text[last:span.start()]
        last = span.end()
        cut = max(before.rfind(c) for c in ".;:!?")
        words = [w.strip(",()").lower() for w in (before[cut + 1:] if cut >= 0 else before).split()]
        bans = [n for n, w in enumerate(words) if w in _BANS]
        if not bans or not words or words[-1] not in _PLACES:
            continue
        practice = " ".join(w for w in words[bans[-1] + 1:-1] if w not in _LIGHT)
        terms = frozenset(t for t in search_tokens(practice) if len(t) > 2 and t.isalpha())
        if terms:
            found[" ".join(_without_arguments(span.group(2).strip().lower()).split())] = terms
    return found


# Words of a ban clause that end the object of the ban: its place or manner follows ("never with SMTP from the API",
# "do not use pandas in the API service": the API is where, not what).
_OBJECT_ENDS = _PLACES | frozenset(("from", "through", "to", "at", "on", "for", "as", "by", "between", "after",
                                    "before", "when", "unless", "except", "because", "so", "since", "if", "but",
                                    "than", "outside", "only", "via", "per", "or", "and", "nor"))


def plain_bans(text: str) -> tuple[dict[str, frozenset[str]], dict[str, bool]]:
    """What a lesson bans that is no identifier (deliver45): (operators, names).

    - An operator in backticks, banned as :func:`banned_anchors` bans code ("Compare secrets and signatures with
      `hmac.compare_digest()`, never with `==`"), with the search terms of its clause's other words (without code,
      ban words and the clause's first word, the rule's verb: `secret`, `signatur`): every file compares with
      `==`, so a file's text names the rule only on a line that also holds one of those terms (:func:`_names_plain`).
    - The name in plain words a ban is about: the head (last word) of the words after a ban word, up to a place or
      manner word, code or a comma ("never with SMTP from the API" → `smtp`; "do not use pandas in …" → `pandas`;
      "do not create new React contexts" → `contexts`, not `react`), with whether the lesson writes it as an acronym
      (three capitals or more): a file names the rule when it imports it as a top-level module (`import pandas`,
      `from 'redux'`), or, an acronym, calls it (`smtplib.SMTP(`). A lowercase word needs four letters or more; a
      prose word ("tables", "select") is only read as an import's name.
    Found when the corpus is prepared (:func:`packed_bans`; a regex), read by a hook from the corpus
    (:func:`lesson_plain_bans`)."""
    from altimate_learn.deliver.tokenize import OPERATOR_CHARS, STOPWORDS, _regexes, search_tokens

    if not any(w.strip(",()").lower() in _BANS for w in text.split()):
        return {}, {}
    spans: list[str] = []

    def mask(match) -> str:
        spans.append(match.group(2))
        return f" \x00{len(spans) - 1} "

    masked = _regexes()[0].sub(mask, text) + " "
    for end in ".;:!?":
        masked = masked.replace(end + " ", "\n")
    operators: dict[str, frozenset[str]] = {}
    names: dict[str, bool] = {}
    for clause in masked.split("\n"):
        raw = [w.strip(",()'\"") for w in clause.split()]
        lowered = [w.lower() for w in raw]
        if not any(w in _BANS for w in lowered):
            continue
        ban = False  # a ban word since the previous span (or the clause's start)
        for n, word in enumerate(lowered):
            if word.startswith("\x00"):
                code = spans[int(word[1:])].strip()
                if ban and len(code) >= 2 and all(ch in OPERATOR_CHARS for ch in code):
                    prose = " ".join(w for m, w in enumerate(raw) if m and not w.startswith("\x00")
                                     and w.lower() not in _BANS)
                    terms = frozenset(t for t in search_tokens(prose) if len(t) > 2 and t.isalpha())
                    if terms:
                        operators[code] = terms
                ban = False
                continue
            if word not in _BANS:
                continue
            ban = True
            phrase: list[int] = []
            for m in range(n + 1, len(raw)):
                if raw[m].startswith("\x00") or lowered[m] in _BANS or lowered[m] in _OBJECT_ENDS \
                        or (lowered[m] == "with" and phrase):
                    break
                if lowered[m] != "with":  # "never with SMTP": the manner word before the object
                    phrase.append(m)
                if clause.split()[m].endswith(","):
                    break
            if not phrase:
                continue
            name = raw[phrase[-1]]  # the object's head: "new React contexts" bans contexts, not React
            acronym = len(name) >= 3 and name.isalpha() and name.isupper() and name.isascii()
            if acronym or (len(name) >= 4 and name.isalpha() and name.isascii()
                           and name.lower() not in STOPWORDS and name.lower() not in _LIGHT):
                names[name.lower()] = names.get(name.lower(), False) or acronym
    return operators, names


def packed_bans(text: str) -> str:
    """:func:`banned_anchors` and :func:`banned_practices` of a lesson's text as the corpus keeps them
    (``corpus.banned``; "" for none): a line per anchor ("a", the anchor and its codes, separated by tabs) and per
    practice ("p", the code, its terms joined by spaces). An anchor is an identifier, a code is single-spaced and a
    term a word, so none holds a tab or a line break."""
    operators, names = plain_bans(text)
    lines = ["\t".join(("o", code, " ".join(sorted(terms)))) for code, terms in operators.items()]
    lines += ["\t".join(("w", name, "A" if acronym else "")) for name, acronym in names.items()]
    if "`" in text:
        lines += ["\t".join(("a", anchor, *codes)) for anchor, codes in banned_anchors(text).items()]
        lines += ["\t".join(("p", code, " ".join(sorted(terms)))) for code, terms in banned_practices(text).items()]
    return "\n".join(lines)


def lesson_bans(corpus, doc: int) -> tuple[dict[str, tuple[str, ...]], dict[str, frozenset[str]]]:
    """(:func:`banned_anchors`, :func:`banned_practices`) of lesson ``doc``, read from the prepared corpus: a hook
    needs no regex engine."""
    packed = corpus.banned[doc]
    anchors: dict[str, tuple[str, ...]] = {}
    practices: dict[str, frozenset[str]] = {}
    if packed:
        for line in packed.split("\n"):
            kind, key, *rest = line.split("\t")
            if kind == "a":
                anchors[key] = tuple(rest)
            elif kind == "p":
                practices[key] = frozenset(rest[0].split(" "))
    return anchors, practices


def lesson_plain_bans(corpus, doc: int) -> tuple[dict[str, frozenset[str]], dict[str, bool]]:
    """:func:`plain_bans` of lesson ``doc``, read from the prepared corpus (({}, {}) for a lesson with none)."""
    packed = corpus.banned[doc]
    operators: dict[str, frozenset[str]] = {}
    names: dict[str, bool] = {}
    if packed and (packed.startswith(("o\t", "w\t")) or "\no\t" in packed or "\nw\t" in packed):
        for line in packed.split("\n"):
            kind, key, *rest = line.split("\t")
            if kind == "o":
                operators[key] = frozenset(rest[0].split(" "))
            elif kind == "w":
                names[key] = rest[0] == "A"
    return operators, names


def _imported(lowered: str) -> set[str]:
    """The top-level modules and packages lowercase code imports: `import pandas as pd`, `from smtplib import SMTP`,
    `import x from 'redux'`, `require("jwt-decode")`, `using Foo.Bar;`, `use serde::…` (a package's first run of
    letters and digits: `jwt` of `jwt-decode`, `reduxjs` of `@reduxjs/toolkit`); relative imports name none."""
    out: set[str] = set()
    for line in lowered.splitlines():
        line = line.strip()
        quoted = ""
        if "require(" in line:
            quoted = line.split("require(", 1)[1]
        elif line.startswith("import ") or line.startswith("export ") and " from " in line:
            if "'" in line or '"' in line:
                quoted = line.split(" from ", 1)[1] if " from " in line else line[7:]
            else:  # Python, Java, Go, Kotlin: `import a.b.c as d`, `import a, b`
                out.update(part.strip().split(".", 1)[0].split(" ", 1)[0] for part in line[7:].split(","))
                continue
        elif line.startswith("from ") and " import " in line:
            out.add(line[5:].split(".", 1)[0].split(" ", 1)[0])
            continue
        elif line.startswith(("using ", "use ")):
            out.add(line.split(" ", 1)[1].replace("::", ".").split(".", 1)[0].strip(" ;{"))
            continue
        else:
            continue
        quoted = quoted.strip().lstrip("(").strip()
        if quoted[:1] in ("'", '"', "`"):
            name = quoted[1:].lstrip("@")
            if name and not name.startswith("."):
                run = ""
                for ch in name:
                    if not (ch.isalnum() or ch == "_"):
                        break
                    run += ch
                if run:
                    out.add(run)
    out.discard("")
    return out


def plain_points(corpus, text: str, lowered: str, matched, pick: int, keep=()) -> dict[int, int]:
    """The lessons of ``matched`` (those of the file) that code (``text``, ``lowered`` its lowercase) names by what
    they ban that is no identifier (:func:`plain_bans`): an operator on a line that also holds one of its clause's
    terms, a name the code imports or (an acronym) calls; each operator or name held so by at most ``pick`` of them.
    A lowercase name more than ``pick`` lessons of the store use is prose ("secrets", "config"), not a package; one
    ``keep`` (:func:`kept_terms`: "we stay on pandas here") holds names nothing. The lesson → how many it was named
    by. The code of a read (:func:`points`) and of an edit (:func:`altimate_learn.deliver.edits.code_points`)."""
    from altimate_learn.deliver.tokenize import _operator_runs, search_tokens

    docs: dict[int, tuple[dict[str, frozenset[str]], dict[str, bool]]] = {}
    kept = set(keep)
    usable: dict[str, bool] = {}  # name → whether it may name a lesson (many lessons share "directly", "tables")
    for doc in matched:
        operators, names = lesson_plain_bans(corpus, doc)
        if names:
            for name, acronym in names.items():
                if name not in usable:
                    terms = search_tokens(name)
                    usable[name] = (acronym or all(corpus.bm25.df(t) <= pick for t in terms)) \
                        and not kept.intersection(terms)
            names = {name: acronym for name, acronym in names.items() if usable[name]}
        if operators or names:
            docs[doc] = (operators, names)
    if not docs:
        return {}
    holders: dict[tuple[str, str], list[int]] = {}
    for doc, (operators, names) in docs.items():
        for code in operators:
            holders.setdefault(("o", code), []).append(doc)
        for name in names:
            holders.setdefault(("w", name), []).append(doc)
    imported: set[str] | None = None
    lines: list[tuple[set[str], set[str]]] | None = None  # (operators, search terms) of each line holding one
    found: dict[int, int] = {}
    for (kind, key), holding in holders.items():
        if len(holding) > pick:
            continue
        for doc in holding:
            operators, names = docs[doc]
            if kind == "o":
                if key not in lowered:
                    continue
                if lines is None:
                    lines = []
                    for line in text.splitlines():
                        runs = set(_operator_runs(line))
                        if runs:
                            lines.append((runs, set(search_tokens(line))))
                terms = operators[key]
                hit = any(key in runs and not terms.isdisjoint(words) for runs, words in lines)
            else:
                if key not in lowered:
                    continue
                if imported is None:
                    imported = _imported(lowered)
                hit = key in imported or (names[key] and _calls(lowered, key))
            if hit:
                found[doc] = found.get(doc, 0) + 1
    return found


def _calls(lowered: str, name: str) -> bool:
    """Whether lowercase code calls ``name`` (`name(` with no identifier character just before it)."""
    at = lowered.find(name + "(")
    while at >= 0:
        before = lowered[at - 1] if at else " "
        if not (before.isalnum() or before == "_"):
            return True
        at = lowered.find(name + "(", at + 1)
    return False


_PROSE_BREAKS = {ord(c): "\n" for c in ".,;:!?()[]{}\"'"}
# The words after a clause's first two that make those two its subject ("Primary keys are …", "Table names must …"):
# else the clause opens with a verb and its object ("Sort keys in every JSON fixture", "Dry run every migration"),
# which `sort_keys=True` or `dry_run=False` in code is not (check49 C49-4).
_SUBJECT_NEXT = frozenset("are is must should shall need needs never always can cannot may will stay stays go goes "
                          "live lives belong belongs come comes get gets have has take takes".split())


def compound_points(corpus, text: str, matched, pick: int, keep=()) -> dict[int, int]:
    """The lessons of ``matched`` (those of the file) whose prose says, as two adjacent words, what a compound
    identifier of the code (``text``) joins (deliver49): `primary_key=True` and "Use `uuid7()` … for new primary keys",
    `ForeignKey(` and "Add an index for every foreign key column": the file holds the thing the rule is about, whatever
    the rule asks of it, and the code the rule replaces (`uuid.uuid4`) may share no word with the code it asks for.
    Both sides are folded as search terms (`keys` is `key`); a part that is a stopword, or not a word of three letters
    or more, joins nothing (`is_active`, `user_id`), and the lesson's words must be adjacent in one clause outside its
    backticks (its code is :func:`points`' other evidence). A pair held so by more than ``pick`` of them says nothing
    of one rule; one whose words ``keep`` (:func:`kept_terms`) holds names nothing. Lesson → how many pairs name it."""
    from altimate_learn.deliver.tokenize import STOPWORDS, fold, identifier_parts, words

    def term(word: str) -> str | None:
        if len(word) < 3 or not word.isalpha() or not word.isascii() or word in STOPWORDS:
            return None
        return fold(word)[0]

    pairs: dict[tuple[str, str], tuple[str, str]] = {}  # folded pair → the raw parts' first letters (a quick test)
    kept = set(keep)
    for word in set(words(text)):
        if word.islower() and "_" not in word.strip("_"):
            continue  # one plain word
        raw = identifier_parts(word)
        parts = [term(part) for part in raw]
        for n in range(len(parts) - 1):
            first, second = parts[n], parts[n + 1]
            if first and second and first != second and first not in kept and second not in kept:
                pairs.setdefault((first, second), (raw[n][:3], raw[n + 1][:3]))
    if not pairs:
        return {}
    holders: dict[tuple[str, str], list[int]] = {}
    for doc in matched:
        lowered = corpus.texts[doc].lower()
        wanted = [pair for pair, (a, b) in pairs.items() if a in lowered and b in lowered]
        if not wanted:
            continue
        prose = " \n ".join(lowered.split("`")[0::2]).translate(_PROSE_BREAKS)
        said: set[tuple[str, str]] = set()
        for clause in prose.split("\n"):
            raw = words(clause)
            terms = [term(w) for w in raw]
            said.update(zip(terms[1:], terms[2:]))
            if len(raw) >= 2 and (len(raw) == 2 or raw[2] in _SUBJECT_NEXT):
                said.add((terms[0], terms[1]))  # "Primary keys are …"; not "Sort keys in every fixture"
        for pair in wanted:
            if pair in said:
                holders.setdefault(pair, []).append(doc)
    found: dict[int, int] = {}
    for holding in holders.values():
        if len(holding) <= pick:
            for doc in holding:
                found[doc] = found.get(doc, 0) + 1
    return found


def kept_terms(request: str, vocabulary) -> list[str]:
    """The search terms of the request's clauses that keep what they name ("keep it a class component": `class`,
    `component`), folded as the lessons' words are, and only those some lesson uses (``vocabulary``: they are only
    compared with lessons' words); [] when no clause keeps anything. They are kept in the session state, so nothing
    but words some lesson uses is kept: a token typed in it ("keep the github token ghp_… as is") never reaches disk
    (review41 R41-7). (No redaction pass: lessons' words are no secret, and importing the redactor on the prompt
    hook cost 35 ms on every request that says "keep" or "we use", 2.5x -> 6.3x `python -c pass`.)"""
    lowered = request.lower()
    if not any(k in lowered for k in _KEEPS):
        return []
    from altimate_learn.deliver.tokenize import search_tokens

    clauses = [lowered]
    for end in _CLAUSE_ENDS + ",":
        clauses = [part for clause in clauses for part in clause.split(end)]
    out: list[str] = []
    for clause in clauses:
        if any(k in clause for k in _KEEPS):
            out += [t for t in search_tokens(clause) if t in vocabulary and t not in out]
    return out[:64]


def points(corpus, text: str, scored: list[tuple[int, float, float]], pick: int, kept: list[str] = ()) -> list[int]:
    """The lessons of ``scored`` (the file's ranking) the read text names, most telling first: banned code it holds,
    then its idioms' best lessons, then the subjects its identifiers join, then code with an underscore it
    asks for (see the module's docstring); none whose
    triggering words ``kept`` (:func:`kept_terms`) holds."""
    if not text or not scored or pick <= 0:
        return []
    from altimate_learn.deliver import edits
    from altimate_learn.deliver.bm25 import unpack
    from altimate_learn.deliver.select import concept_links, query_terms
    from altimate_learn.deliver.tokenize import identifiers, search_tokens

    lowered = text.lower()
    matched = {i for i, _, _ in scored}
    keep = set(kept)
    # keyword code a lesson of the file's own folders bans (`union`, `select *`: no anchors, edits.banned_points)
    banned: dict[int, int] = dict.fromkeys(edits.banned_points(corpus, lowered, [i for i, level, _ in scored
                                                                                  if level > 0], pick), 1)
    asked: dict[int, int] = {}
    weak: dict[int, int] = {}
    def does(doc: int, codes: tuple[str, ...]) -> bool:
        """The text holds code ``doc`` bans and, where that code is the place of a practice, does the practice: holds
        one of its folded words (`fetch` in `fetch(`, `refetch()`; `token` in `'authToken'`), or, for fetching, code
        that fetches in other words (:data:`_FETCHES`)."""
        practices = lesson_bans(corpus, doc)[1]
        for code in codes:
            if code not in lowered:
                continue
            practice = practices.get(code)
            if practice is None or any(word in lowered for word in practice) or (
                    "fetch" in practice and any(call in lowered for call in _FETCHES)):
                return True
        return False

    for token in set(identifiers(lowered)):
        if len(token) < 2:
            continue
        packed = corpus.anchors.get(token)
        if not packed:
            continue
        docs = [doc for doc in unpack(packed) if doc in matched]
        if not docs or len(docs) > pick or keep.intersection(search_tokens(token)):
            continue
        called = token + "(" in lowered
        for doc in docs:
            codes = lesson_bans(corpus, doc)[0].get(token)
            if codes and does(doc, codes):
                # a name with an underscore the text does not call is a column or a field (`created_at`): the rule
                # that bans filtering on it says less of a file that merely has one
                group = banned if called or "_" not in token.strip("_") else weak
                group[doc] = group.get(doc, 0) + 1
            elif called and "_" in token.strip("_"):
                asked[doc] = asked.get(doc, 0) + 1
    for doc, count in plain_points(corpus, text, lowered, matched, pick, keep).items():
        banned[doc] = banned.get(doc, 0) + count
    idioms: list[int] = []
    candidates = list(matched)
    for holds, unless, words in IDIOMS:
        if not any(h in lowered for h in holds) or any(u in lowered for u in unless):
            continue
        if keep and keep.intersection(search_tokens(words + " " + " ".join(holds))):
            continue
        terms = [t for t in query_terms(corpus, words, implied=False)]
        if not terms:
            continue
        plain = [t for t in terms if not t.startswith("~")]
        holding = corpus.bm25.score_docs(plain, candidates) if plain else {}  # lessons holding one of its words
        if not holding:
            continue
        scores = corpus.bm25.score_docs(terms, [doc for doc in holding if holding[doc] > 0],
                                        concept_links(corpus, terms))
        best = min(scores, key=lambda doc: (-scores[doc], doc), default=None)
        if best is not None and scores[best] > 0 and best not in idioms:
            idioms.append(best)
    held = compound_points(corpus, text, matched, pick, keep)
    order = sorted(banned, key=lambda doc: (-banned[doc], doc)) + idioms \
        + sorted(held, key=lambda doc: (-held[doc], doc)) + sorted(asked, key=lambda doc: (-asked[doc], doc)) \
        + sorted(weak, key=lambda doc: (-weak[doc], doc))
    return list(dict.fromkeys(order))

