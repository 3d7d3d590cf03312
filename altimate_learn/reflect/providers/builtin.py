"""The built-in offline reflector: deterministic rules, no model, no network.

It reads correction, review and CI feedback and writes at most one short rule per piece of feedback,
by pattern, never by guessing. A correction carries its rule in a few shapes, and each has a rendering:

====================================================  ====================================================
feedback                                              lesson
====================================================  ====================================================
"no, use ref() instead of hardcoding the table"       Use `ref()` instead of hardcoding the table.
"don't use print, use the logger"                     Use the logger instead of `print`.
"it's pnpm, not npm"                                  Use `pnpm` instead of `npm`.
"please rename getUserData to fetchUser"              Rename `getUserData` to `fetchUser`.
"we never use SELECT * in marts"                      Never use `SELECT *` in marts.
"stop adding comments to every line"                  Never add comments to every line.
"you forgot to add the migration for the new column"  Always add the migration for each new column.
"staging models must convert amount_cents to …"       Staging models must convert `amount_cents` to …
"API handlers go in src/api/handlers/"                Put API handlers in `src/api/handlers/`.
====================================================  ====================================================

Around that: greetings, refusals ("no,", "that's wrong"), reminders ("as I said") and team phrasing ("in
this repo") are stripped; rationale after "because" / "so that" is dropped; code identifiers (snake_case,
camelCase, dotted names, calls such as ``ref()``, file names, paths, globs, ``--flags``) are put in
backticks; the result is one imperative line of at most 140 characters. Feedback it cannot turn into a
clean rule ("that's still broken", "revert that", a CI stack trace) produces nothing: a missing lesson
costs less than a wrong one a person must read and reject.

A rule that restates an existing lesson (word overlap) becomes HELPFUL on that lesson. A rule sharing a
backticked identifier with an existing lesson declares the relation the curator asks for: ``supersedes``
when they point opposite ways (the new rule avoids what the old one recommends, or the reverse),
``coexists`` when they agree. Lessons are scoped (``paths``) to the folders of the files the agent was
working on when it was corrected, as directory globs such as ``models/staging/*.sql``; root-level files
never make a trigger, and a lesson that names a folder or file elsewhere (`build/` while the agent wrote
`out.txt`) is left project-wide.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

MAX_CHARS = 140
MAX_ADDS = 3
HELPFUL_OVERLAP = 0.5  # Jaccard of content words for "restates an existing lesson"
LEARN_KINDS = ("user_correction", "review", "ci", "user", "verifier")


@dataclass
class FeedbackItem:
    """One piece of feedback: a stored signal, or a paragraph of `--feedback` text."""

    kind: str
    text: str
    signal_id: str | None = None
    message_id: str | None = None
    paths: list[str] = field(default_factory=list)  # files the agent worked on just before it


@dataclass
class BuiltinResult:
    deltas: list[dict[str, Any]]
    skipped: list[tuple[str, str]]  # (signal id or "#n", why nothing was proposed)


# --- vocabulary ---------------------------------------------------------------------------------------

# Base forms of verbs an imperative rule starts with (and the gerunds "stop …ing" turns into them).
VERBS = frozenset("""
add adopt alias align annotate append apply assert avoid await batch bind bump cache call cap cast catch
chain change check clean clear close coalesce collapse commit compare compile compute configure convert copy
create declare decode default define delete depend deploy deprecate describe destructure document drop dump
emit enable encode enforce escape exclude expose extend extract fail fetch filter fix flatten flush follow
format freeze generate group guard handle hardcode hard-code hash hide hoist ignore import include index
inherit initialize inject inline insert install isolate join keep label leave limit link lint list load lock
log lowercase make map mark match memoize merge migrate mock move mutate name namespace normalize notify open
order override pad paginate parameterize parse partition pass patch pin place prefer prefix print push put
quote raise read rebase record reduce refactor reference register reject release reload remove rename render
reorder replace require reset resolve restart retry return reuse revert rewrite round run sanitize save scope
seed select send serialize set sort split squash stage start store stream strip stub submit subclass suffix
support swallow switch sync tag test throw time touch trace track transform translate trim truncate type
unwrap update upgrade uppercase upload use validate vendor verify version wait wrap write yield
edit modify overwrite share skip disable rely duplicate paste nest mix suppress silence bypass ask ship export
build comment force snapshot materialize cluster grant revoke leak split test sort assign instantiate bundle publish regenerate
access allocate assume block break clone concatenate couple expose guess hit increment interpolate introduce mutate omit
poll query reach recreate reformat reinvent repeat shadow sleep spawn trust bypass concat reimplement hand-roll roll
reference alter truncate ping mark rerun reorder
""".split())

_IRREGULAR_GERUNDS = {"writing": "write", "using": "use", "making": "make", "taking": "take", "giving": "give",
                      "leaving": "leave", "having": "have", "being": "be", "doing": "do", "lying": "lie",
                      "hardcoding": "hardcode", "hard-coding": "hard-code"}

# Words that are never an identifier even in an identifier's slot ("use tabs, not spaces").
_PLAIN = frozenset("""
a an the it this that these those them they one ones same thing things stuff way ways something anything
everything nothing code file files function functions method methods class classes test tests type types
tabs spaces space tab quotes comments comment names name variables variable values value data logic
strings string numbers number lines line errors error logs log output input loops loop calls call
docs documentation version versions library libraries package packages module modules tool tools
here there now again always never instead please properly correctly manually directly everywhere anywhere
inline globally locally field fields enums interfaces generics decorators mixins callbacks promises hooks
macros fixtures mocks globals singletons composition inheritance recursion iteration mutation immutability objects
""".split())

_STOPWORDS = frozenset("""
a an the and or but if then than so to of in on at by for with from into onto as is are was were be been
being it its this that these those there here we you i me my our your they them their he she his her do
does did done not no never always all any each every some such only just also too very should must would
could can may might will shall need needs use using used instead rather over please make sure when
""".split())

# English pairs written with a slash that are not paths.
_SLASH_WORDS = frozenset("""and/or input/output read/write true/false yes/no client/server frontend/backend
either/or on/off he/she his/her pros/cons try/catch async/await get/set start/stop open/close before/after
his/hers w/o i/o n/a tcp/ip ci/cd""".split())

# Capitalised words that look like identifiers but are names of products and languages.
_PROPER = frozenset("""JavaScript TypeScript GitHub GitLab PostgreSQL MySQL MongoDB BigQuery DuckDB SQLite
NoSQL GraphQL PowerShell MacOS iOS macOS iPhone iPad YouTube LinkedIn OpenAI FastAPI DevOps PyPI NumPy
SciPy PyTorch TensorFlow CircleCI GitOps OAuth WebSocket JSON YAML README DynamoDB ClickHouse""".split())

_KNOWN_FILES = frozenset("""Dockerfile Makefile Jenkinsfile Procfile Gemfile Rakefile Vagrantfile Justfile
Brewfile Pipfile Containerfile""".split())

_CODE_EXT = ("py|pyi|sql|yml|yaml|json|jsonl|toml|ini|cfg|conf|env|md|rst|txt|csv|ts|tsx|js|jsx|mjs|cjs|vue|"
             "svelte|go|rs|java|kt|kts|scala|rb|php|cs|cpp|cc|c|h|hpp|swift|m|sh|bash|zsh|tf|tfvars|hcl|proto|"
             "graphql|gql|html|css|scss|sass|less|lock|xml|gradle|ipynb|r|jl|ex|exs|erl|dart|lua|pl|sbt")

# --- identifiers --------------------------------------------------------------------------------------

_BACKTICK_SPAN = re.compile(r"`[^`]+`")
_IDENT = re.compile(
    r"""(?<![\w`$@/.-])(?:
        (?i:SELECT)\ \*                                                # the SQL idiom
      | \{\{[^{}]{1,60}\}\} | \{%[^{}]{1,60}%\}                          # Jinja
      | --[a-z][a-z0-9-]*(?:=[\w.-]+)?                                 # --flags
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
    if token in _PROPER or token.lower() in _SLASH_WORDS:
        return False
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
        return bool(re.fullmatch(_CODE_EXT, last.lower())) or token[0].islower() or "_" in token
    if "_" in token:
        return bool(re.search(r"[A-Za-z]", token)) and token.strip("_") != ""
    return bool(re.fullmatch(r"[a-z]+(?:[A-Z][a-z0-9]*)+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+", token))


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
        if token in _KNOWN_FILES or (token and _is_identifier(token)):
            return f"`{token}`{trail}"
        return match.group(0)

    text = re.sub(r"\b(?:" + "|".join(_KNOWN_FILES) + r")\b", lambda m: f"\0{m.group(0)}\0", text)
    pieces = text.split("\0")
    for i in range(0, len(pieces), 2):
        pieces[i] = _IDENT.sub(wrap, pieces[i])
    for i in range(1, len(pieces), 2):
        pieces[i] = f"`{pieces[i]}`"
    return re.sub(r"(?<![\w`])\+`([^`]+)`", r"`+\1`", "".join(pieces))  # dbt selectors: `+fct_orders`


_SLOT_SKIP = _PLAIN | frozenset("a an the and or but of to in on at by for with it its this that our your my we you i "
                                 "all some every each no not never always".split())
_PREPOSITIONS = r"(?:for|in|inside|within|with|when|on|from|to|as|across|throughout|everywhere|instead)"


def _slot(phrase: str) -> str:
    """An identifier's slot ("use X instead of Y"): a single bare token there is code (`pnpm`, `Decimal`).

    Lists ("const and let") are taken item by item, and "X for …" / "X in …" look at X alone.
    """
    items = re.split(r"(\s*(?:,|\band\b|\bor\b)\s*)", phrase.strip())
    out = []
    for item in items:
        token = item.strip()
        bare = re.match(r"^(?:the\s+)?([A-Za-z_][\w.+#-]*(?:\(\))?)(?=$|\s+" + _PREPOSITIONS + r"\b)", token, re.I)
        name = bare.group(1) if bare else ""
        # a verb or gerund ("importing from …") is prose; so is a noun after "a"/"an" ("a field on the struct")
        verbish = name.islower() and (name.endswith("ing") or _gerund_base(name) is not None)
        if bare and not verbish and "`" not in token and "/" not in name and name.lower() not in _SLOT_SKIP and len(name) <= 30 \
                and not re.fullmatch(r"[A-Z]{2,5}", name) and not item.isspace():
            out.append(item.replace(name, f"`{name}`", 1))
        else:
            out.append(item)
    return "".join(out)


# --- text clean-up ------------------------------------------------------------------------------------

_FENCE_BLOCK = re.compile(r"```.*?(?:```|$)", re.S)
_PASTED = re.compile(r"^\s*(?:>|\$ |#\s|Traceback|File \"|at\s+[\w.$<>]+\(|\d{4}-\d{2}-\d{2}[T ]\d|"
                     r"\[?(?:ERROR|WARN(?:ING)?|INFO|DEBUG|FATAL)\b|E\s{2,}|[\w.]*(?:Error|Exception):|"
                     r"(?:FAILED|PASSED|FAIL|PASS)\s|(?:ok|not ok)\s+\d|[\w./-]+\.\w+:\d+|.*::test_|.*\bAssertionError\b|"
                     r"\s*\d+ (?:passed|failed|errors?)\b|npm ERR!|error\[?\w*\]?:|panic:|goroutine \d|\[signal |"
                     r"\s+/\S+:\d+|\s+[\w./-]+\.go:\d+)")

_LEADING = re.compile(
    r"""^(?:
        (?:wrong\ (?:file|table|model|place|folder|directory|name|column|approach|way|import|module|function|one)|
           in\ (?:this|our)\ (?:repo(?:sitory)?|project|codebase|team|company|org)|around\ here|
           in\ [\w.+#-]+(?=\s+we\b)|
           [A-Za-z][\w.+#-]{0,14}:(?=\s)|\[[\w\ -]{1,20}\]|
           [A-Za-z][\w.+#-]{0,14}(?:\ [\w.+#-]{1,14}){0,2}\ (?:failed|error|errors|warning|warnings|check):(?=\s)|
           no+|nope|nah|wrong|incorrect|hmm+|ugh|oops|oh|ah|ok(?:ay)?|so|and|but|also|well|actually|wait|hold\ on|
           hey|again|seriously|please|pls|plz|careful|reminder|remember|note|nit|suggestion|important|fyi|
           heads\ up|come\ on|sorry|correction|one\ (?:more\ |last\ |small\ )?thing(?:\ though)?|also\ note|just|btw|by\ the\ way|
           though|dude|man|bro|mate|guys|folks|quick\ note|side\ note|small\ thing|@[\w-]+|cc\ @[\w-]+|like\ i\ said|as\ i\ said(?:\ before)?|
           as\ i\ mentioned|i\ (?:already\ |just\ )?(?:said|told\ you|mentioned)(?:\ this)?(?:\ before)?|
           this\ is\ the\ \w+\ time|for\ the\ \w+\ time|once\ again|not\ quite|close(?:,\ but)?|
           (?:that|this|it)(?:'s|\ is|\ was|\ looks|\ seems)\ (?:still\ )?(?:wrong|incorrect|not\ right|not\ correct|not\ it|not\ how\ we\ do\ (?:it|this|things)(?:\ here)?|
              not\ what\ (?:i|we)\ (?:asked|wanted|meant|want|need)|backwards|the\ wrong\ \w+))
        [\s,.:;!—–-]+
    )+""",
    re.I | re.X,
)
_TRAILING = re.compile(
    r"""(?:[\s,;—–-]+(?:please|thanks|thank\ you|thx|ok\??|okay\??|again|this\ time|next\ time|from\ now\ on|
        going\ forward|in\ (?:the\ )?future|anymore|lol|lmao|haha+|ty|tia|thx|pls|plz|any\ more|for\ (?:this|that|now)|(?:here|in\ this\ (?:repo(?:sitory)?|project|codebase|
        team|company|org))|as\ i\ said|like\ i\ said|as\ usual|ffs|!+))+\s*[.!]*\s*$""",
    re.I | re.X,
)
_RATIONALE = re.compile(r"\s*(?:[,;(—–]|\s-)?\s*\b(?:because|since|as\s+(?:it|that|this|they|we|otherwise)|so\s+that|"
                        r"so\s+(?:it|we|the|that|they|you)|so\s+(?:\w+\s+){0,3}(?:is|are|gets?|stays?|works?|can|will|won't|doesn't|don't)|otherwise|which\s+(?:is|breaks|causes|means)|"
                        r"that\s+way|or\s+else|to\s+avoid|to\s+prevent|to\s+keep\s+(?:it|things))\b.*$"
                        r"|,\s+so\b.*$|,\s+(?:(?:we|it|they|that|this|which)(?:'s|'re|'ll)?|(?:the|this|that|its|our)\s+\w+(?:\s+\w+)?\s+"
                        r"(?:is|are|was|were|has|have|needs?|expects?|breaks?|fails?))\b.*$"
                        # ", ifnull isn't portable", ", pip breaks the lockfile": a reason, not part of the rule
                        r"|,\s+`?[\w.()-]+`?\s+(?:is|isn'?t|is\s+not|are|aren'?t|doesn'?t|does\s+not|won'?t|can'?t|cannot|"
                        r"breaks|causes|fails|makes|was|gets|loses|leaks|needs|expects|fans\s+out|blows\s+up)\b.*$"
                        r"|,\s+(?:you|you'(?:re|ve|ll))\s+(?!should\b|must\b|need\b|have\s+to\b).*$", re.I)
_PRONOUN_TAIL = re.compile(r",\s+(?:the\s+|our\s+)?[\w\s`]{1,40}?\b(?:it|them|this|that)\s*[.!]*$"
                           r"|\s+and\s+[a-z]+\s+(?:it|them)(?:\s+\w+)?\s*[.!]*$", re.I)
_TEAM = re.compile(r"\s*\b(?:in\s+this\s+(?:repo(?:sitory)?|project|codebase|team|company|org)|around\s+here|"
                   r"here)\b(?=\s*[,.;!]?\s*$)", re.I)


def prose(text: str) -> str:
    """The feedback's own prose: fenced code, quoted and pasted log lines removed (inline code kept)."""
    text = _FENCE_BLOCK.sub("\n", text)
    return "\n".join(line for line in text.splitlines() if not _PASTED.match(line))


def sentences(text: str) -> list[str]:
    # Sentence ends are punctuation followed by a space; dots inside names (moment.js) stay.
    parts = re.split(r"(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\betc\.)(?<=[.!?])\s+(?=[\"'`(A-Za-z0-9])|\n+", text)
    return [p.strip() for p in parts if p and p.strip()]


def strip_lead(text: str) -> str:
    previous = None
    text = text.strip().strip("\"'“”")
    while previous != text:
        previous = text
        text = _LEADING.sub("", text).strip()
    return text


def tidy(rule: str) -> str:
    """Final form: rationale, team phrasing and fillers dropped, capitalised, one trailing period."""
    rule = " ".join(rule.split())
    rule = re.sub(r"\s+[—–-]\s+", "; ", rule)
    head, sep, tail = rule.partition(";")
    if sep and not re.match(r"\s*(?:always\s+|never\s+)?(?:" + "|".join(sorted(VERBS)) + r")\b", tail, re.I):
        rule = head
    rule = re.sub(r",?\s*\((?:run|see|e\.g\.?|i\.e\.?|eg|ie|for\s+example|like)\b[^)]*\)\s*$", "", rule, flags=re.I)
    rule = re.sub(r"\s+\([^()`]{1,40}\)\s*[.!]*$", "", rule)  # "(deprecated)", "(it's slow)": an aside, not f(x)
    rule = re.sub(r",?\s+(?:e\.g\.?|i\.e\.?|for\s+example|like)(?:\s+[^,;]*)?$", "", rule, flags=re.I)
    rule = re.sub(r"\s+please\b(?=[\s,;.!]|$)", "", rule, flags=re.I)  # "keep the PR small please, …"
    rule = _RATIONALE.sub("", rule)
    rule = _PRONOUN_TAIL.sub("", rule)
    # "make sure endpoints have auth, use the decorator": two imperatives joined by a comma read better with ";"
    splice = re.search(r",\s+(?=(?:use|put|add|call|keep|move|run|return|wrap|pass|import|raise|throw|catch|convert|"
                       r"create|set|store|define|declare|place|read|write|prefer|go)\s+\S)", rule)
    if splice and any(w in VERBS or w in ("is", "are", "has", "have", "must", "should")
                      for w in rule[:splice.start()].lower().split()):
        rule = rule[:splice.start()] + "; " + rule[splice.end():]
    for _ in range(2):
        rule = _TRAILING.sub("", rule).strip()
        rule = _TEAM.sub("", rule).strip()
    rule = re.sub(r"\s+([,;])", r"\1", rule).strip(" ,;:—–-")
    rule = re.sub(r"[.!]+$", "", rule).strip()
    rule = re.sub(r"\bthe new (?=\w+?[^s\W]\b)", "each new ", rule)
    rule = re.sub(r"\b(?:in|for|on)\s+(?:these|those)\s+(\w+)", lambda m: m.group(0).split()[0] + " " + m.group(1), rule)
    if not rule:
        return ""
    if rule[0] == "`" or rule[0].isupper():
        pass
    else:
        rule = rule[0].upper() + rule[1:]
    return rule + "."


# --- patterns -----------------------------------------------------------------------------------------

_USE_VERB = r"(?:use|prefer|switch\s+to|go\s+with|stick\s+(?:to|with)|pick|choose|call|import|depend\s+on)"
_NEG = r"(?:i'?d\s+rather\s+(?:we|you)\s+(?:didn'?t|did\s+not)|don'?t|do\s+not|dont|never|stop|avoid|quit|no\s+more|shouldn'?t|should\s+not|should\s+never|must\s+not|mustn'?t|must\s+never|can'?t|cannot)"
_WE_NEG = r"(?:we|you)\s+(?:don'?t|do\s+not|never|no\s+longer|shouldn'?t|should\s+not|stopped)"
_PRONOUN_OBJECT = re.compile(r"^(?:it|that|this|them|those|these|one|so|the\s+same|what\s+i\s+said|anything|"
                             r"something|everything|the\s+other\s+one|that\s+one|this\s+one)\b", re.I)


@dataclass
class Rule:
    text: str
    shape: str  # "instead", "rename", "never", "always", "modal", "place", "imperative"
    positive: list[str] = field(default_factory=list)  # phrases recommended
    negative: list[str] = field(default_factory=list)  # phrases to avoid


def _gerund_base(word: str) -> str | None:
    lowered = word.lower()
    if lowered in _IRREGULAR_GERUNDS:
        return _IRREGULAR_GERUNDS[lowered]
    if not lowered.endswith("ing") or len(lowered) < 5:
        return None
    stem = lowered[:-3]
    for candidate in (stem, stem + "e", stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else None):
        if candidate and candidate in VERBS:
            return candidate
    return None


def _verb_phrase(phrase: str) -> str | None:
    """A base-form verb phrase from "adding comments" / "add comments"; None if it starts with no verb."""
    words = phrase.strip().split(" ", 1)
    if not words or not words[0]:
        return None
    head = words[0].lower().strip(",")
    rest = words[1] if len(words) > 1 else ""
    if head in VERBS:
        return (head + " " + rest).strip()
    base = _gerund_base(head)
    if base:
        return (base + " " + rest).strip()
    return None


def _clean_object(phrase: str) -> str:
    phrase = _RATIONALE.sub("", phrase.strip()).strip().strip(",;:").strip()
    phrase = _PRONOUN_TAIL.sub("", phrase).strip()
    phrase = re.sub(r"^(?:the\s+)?(?:same\s+)?", lambda m: m.group(0), phrase)
    phrase = _TRAILING.sub("", phrase).strip()
    phrase = _TEAM.sub("", phrase).strip()
    phrase = re.sub(r"\s+(?:anymore|any\s+more|instead|either|now|these\s+days|nowadays)$", "", phrase, flags=re.I).strip()
    return phrase.strip(" ,;:!").rstrip(".")


def _bad_object(phrase: str) -> bool:
    text = phrase.strip().lower()
    return not text or bool(_PRONOUN_OBJECT.match(text)) and len(text.split()) <= 2


def match_rule(clause: str, context: Sequence[str] = ()) -> Rule | None:
    """The rule one clause states, or None (see the module docstring for the shapes)."""
    c = strip_lead(clause)
    # "in the frontend we always use X": the scope leads the rule ("In the frontend, always use X")
    scoped = re.match(r"^(in|for)\s+((?:the|our|all)\s+[\w.+#/-]+(?:\s+[\w.+#/-]+){0,2}?)\s*,?\s+(we\s+.+)$", c, re.I)
    if scoped and not re.search(r"\b(?:this|that|these|those|it)\b", scoped.group(2), re.I):
        inner = match_rule(scoped.group(3))
        first = inner.text.split(" ", 1)[0] if inner else ""
        if inner and first.lower() in {"use", "never", "always", "avoid", "put", "rename", "name", *VERBS}:
            scope = re.sub(r"^our\s+", "the ", scoped.group(2), flags=re.I)
            inner.text = f"{scoped.group(1).capitalize()} {scope}, {first.lower()}{inner.text[len(first):]}"
            return inner
    # "can you not add emojis" asks for a rule as politely as "don't add emojis"
    polite = re.match(r"^(?:can|could|would)\s+you\s+(?:please\s+)?(not|stop)\s+(.+?)\??$", c, re.I)
    if polite:
        c = ("stop " if polite.group(1).lower() == "stop" else "don't ") + polite.group(2)
    c = re.sub(r"^we\s+(?=(?:" + "|".join(sorted(VERBS - {"use", "prefer"})) + r")\s)", "", c, flags=re.I)
    c = re.sub(r"^(?:you\s+(?:should|must|need\s+to|have\s+to|gotta)\s+|we\s+(?:should|must|need\s+to|have\s+to)\s+|"
               r"(?:make\s+sure|be\s+sure|remember)\s+(?:to|you|that\s+you)\s+|could\s+you\s+|can\s+you\s+)"
               r"(?=\w)", "", c, flags=re.I)
    if not c or re.search(r"\w[)`'\"]?\?\s*$", c) or re.match(r"^let'?s\b", c, re.I):
        return None  # questions; "let's …" starts new work, it does not correct
    flags = re.I

    # Rename X to Y / X should be (called|named) Y
    m = re.match(r"^(?:please\s+)?rename\s+(.+?)\s+(?:to|as|into)\s+(.+)$", c, flags)
    if m and not _bad_object(m.group(1)):
        old, new = _clean_object(m.group(1)), _clean_object(m.group(2))
        if old and new and len(new.split()) <= 4:
            return Rule(f"Rename {_slot(old)} to {_slot(new)}", "rename", [new], [old])
    m = re.match(r"^(?:the\s+)?(.+?)\s+(?:should|must|needs\s+to)\s+be\s+(?:called|named|renamed\s+to)\s+(.+)$", c, flags)
    if m and not _bad_object(m.group(1)):
        old, new = _clean_object(m.group(1)), _clean_object(m.group(2))
        if new and len(new.split()) <= 4 and len(old.split()) <= 6:
            return Rule(f"Name {old} {_slot(new)}", "rename", [new], [])

    # Instead of Y, use X
    m = re.match(r"^instead\s+of\s+(.+?),\s*(?:please\s+)?(?:just\s+)?" + _USE_VERB + r"\s+(.+)$", c, flags)
    if m:
        found = _instead(m.group(2), m.group(1))
        if found:  # a shape that matched but yields nothing usable lets the next shapes try
            return found
    # use X instead of Y [rest]  /  we use X instead of Y  /  prefer X over Y
    m = re.match(r"^(?:we\s+|you\s+|(?:this|it|that|these|they)\s+(?=should|must|needs?\s+to))?"
                 r"(?:should\s+|must\s+|needs?\s+to\s+)?(?:always\s+)?(?:be\s+)?" + r"(use|using|prefer|preferring|switch\s+to|go\s+with|stick\s+(?:to|with)|call|calling|import|importing|pick|choose)"
                 r"\s+(.+?)\s*,?\s+(instead\s+of|rather\s+than|over|in\s+place\s+of)\s+(.+)$", c, flags)
    # "over" contrasts only after "prefer" ("use QUALIFY row_number() over (…)" is SQL, not a preference)
    if m and (m.group(3).lower() != "over" or m.group(1).lower().startswith("prefer")):
        verb = m.group(1).lower()
        verb = _gerund_base(verb) or verb
        found = _instead(m.group(2), m.group(4), verb="use" if verb in ("prefer", "pick", "choose") else verb)
        if found:  # a shape that matched but yields nothing usable lets the next shapes try
            return found
    # X instead of Y (no verb): "`ref()` instead of hardcoded names"
    m = re.match(r"^(.{1,60}?)\s*,?\s+instead\s+of\s+(.+)$", c, flags)
    if m and not re.search(r"\b(?:you|i|we|should|must|could|would|will|can|is|are|was|were)\b|,", m.group(1), flags) \
            and len(m.group(1).split()) <= 6 \
            and not re.match(r"^(?:if|when|unless|once|after|before|while)\b", m.group(1), flags):
        found = _instead(m.group(1), m.group(2), verb=None)
        if found:  # a shape that matched but yields nothing usable lets the next shapes try
            return found
    # don't use Y, use X (instead) / we don't use Y anymore, we use X
    m = re.match(r"^(?:" + _NEG + r"|" + _WE_NEG + r")\s+(use|using|call|calling|import|importing|add|adding)\s+(.+?)"
                 r"\s*(?:[,;.—–-]+|\s+)\s*(?:please\s+|just\s+|we\s+|you\s+should\s+|always\s+|instead\s*,?\s*)*"
                 r"(use|call|import|prefer|we\s+use|go\s+with|switch\s+to)\s+(.+)$", c, flags)
    if m:
        gerund = m.group(1).lower()
        gerund = gerund if gerund.endswith("ing") else {"call": "calling", "import": "importing", "add": "adding"}.get(
            gerund, "")
        avoided = m.group(2).split(",", 1)[0]  # ", remove those and use X": the rest is another clause
        bad = avoided if gerund in ("", "using") or re.match(r"^(?:use|using)$", m.group(1), flags) else \
            f"{gerund} {avoided}"
        found = _instead(m.group(4), bad, verb="use", keep_bad=bad != avoided)
        if found:  # a shape that matched but yields nothing usable lets the next shapes try
            return found
    # the column is called customer_id, not cust_id / the env var is DATABASE_URL not DB_URL
    m = re.match(r"^(?:the\s+)?(.{1,40}?)\s+(?:is|are|should\s+be)\s+(?:called\s+|named\s+|spelled\s+)?(`[^`]+`|[\w.()*/-]+),?\s+not\s+(`[^`]+`|[\w.()*/-]+)$",
                 c, flags)
    if m and re.search(r"[_.`()/]|[a-z][A-Z]", m.group(2) + m.group(3)) and not re.match(r"^(?:it|that|this)$", m.group(1), flags):
        rule = _instead(m.group(2), m.group(3))
        if rule and not re.search(r"\b(?:you|i|my)\b", m.group(1), flags):
            if len(m.group(1).split()) <= 3:
                rule.text += f" for the {m.group(1)}"
            elif len(m.group(1).split()) <= 6 and re.search(r"\s(?:for|of|in)\s", m.group(1), flags):
                rule.text += f" as the {m.group(1)}"  # "… as the prefix for intermediate models"
        if rule:
            return rule
    # it's X, not Y / use X, not Y / X, not Y
    m = re.match(r"^(?:it'?s|it\s+is|(?:it|that|this)\s+(?:should|must|needs\s+to)\s+be|should\s+be|we\s+use|use|"
                 r"(?:should\s+)?be\s+using|we\s+want|i\s+want|"
                 r"the\s+(?:right|correct)\s+\w+\s+is)\s+(.+?),?\s+not\s+(?:a\s+|an\s+)?(.+)$", c, flags)
    if m and re.match(r"^it(?:'?s|\s+is)\s+an?\s", c, flags):
        m = None  # "it's a permission problem, not a missing file" explains; it does not name a choice
    if m:
        found = _instead(m.group(1), m.group(2), comma=True)
        if found:  # a shape that matched but yields nothing usable lets the next shapes try
            return found
    # foo() is deprecated, use bar() (instead)
    m = re.match(r"^(.{1,60}?)\s+(?:is|are)\s+(?:now\s+)?(?:deprecated|obsolete|legacy|outdated|banned|forbidden|dead|gone|"
                 r"removed|not\s+allowed|not\s+supported)\s*(?:[,;.—–-]+|\s+)\s*(?:so\s+|please\s+|just\s+|we\s+)*"
                 r"(?:use|call|import|switch\s+to)\s+(.+)$", c, flags)
    if m and not _bad_object(m.group(1)) and not re.search(r"\b(?:you|i)\b", m.group(1), flags):
        found = _instead(m.group(2), m.group(1), verb="use")
        if found:
            return found
    # we use 4 spaces in python files / we use ISO dates for the API
    m = re.match(r"^we\s+(?:always\s+|only\s+)?use\s+(.+?)\s+(in|for|on|across|throughout|with)\s+(.+)$", c, flags)
    if m and not _bad_object(m.group(1)) and not _bad_object(m.group(3)) \
            and not re.search(r"\b(?:you|i|it|this|that)\b", m.group(1) + " " + m.group(3), flags):
        return Rule(f"Use {_slot(_clean_object(m.group(1)))} {m.group(2).lower()} {_clean_object(m.group(3))}", "modal",
                    [m.group(1)], [])
    # you keep using Y, use X (instead)
    m = re.match(r"^you(?:'re|\s+are)?\s+(?:keep\s+|still\s+)?(?:using|calling|importing|adding)\s+(.+?)\s*[,;.—–-]+\s*"
                 r"(?:please\s+|just\s+)?(?:use|call|import|switch\s+to|it'?s|it\s+is|we\s+use)\s+(.+)$", c, flags)
    if m:
        found = _instead(m.group(2), m.group(1), verb="use")
        if found:  # a shape that matched but yields nothing usable lets the next shapes try
            return found

    # X go(es) in Y [, not Z]
    m = re.match(r"^((?:the\s+|all\s+|our\s+)?.+?)\s+(?:go|goes|belong|belongs|live|lives|should\s+go|should\s+live|"
                 r"must\s+go|must\s+live|need\s+to\s+go|should\s+be|must\s+be|are\s+kept|is\s+kept|are|is)\s+"
                 r"(in|under|inside|into)\s+(.+?)(?:,?\s+not\s+((?:in\s+|under\s+)?.+))?$", c, flags)
    if m and not m.group(4) and re.match(r"^(?:are|is)\s", c[len(m.group(1)):].strip(), flags):
        m = None  # "the config is in settings.py" states a fact; with ", not Y" it corrects a place
    if m and not _bad_object(m.group(1)) and not re.search(r"\b(?:you|i|it)\b", m.group(1), flags) \
            and re.search(r"[/`.]|_", m.group(3)) and len(m.group(1).split()) <= 5:
        where = _slot(_clean_object(m.group(3)))
        subject = re.sub(r"^our\s+", "the ", m.group(1), flags=re.I)
        if re.match(r"^[A-Z][a-z]", subject):
            subject = subject[0].lower() + subject[1:]
        text = f"Put {subject} {m.group(2).lower()} {where}"
        if m.group(4):
            other = _clean_object(m.group(4))
            # "not in the templates" keeps its preposition; a bare name in that slot is code ("not `tests/`")
            text += ", not " + (other if re.match(r"(?:in|under)\s", other, re.I) else _slot(other))
        return Rule(text, "place", [m.group(3)], [m.group(4)] if m.group(4) else [])

    # Never …: don't X / never X / we don't X / stop Xing / avoid X
    m = re.match(r"^(?:" + _WE_NEG + r"|" + _NEG + r")\s+(?:ever\s+)?(.+)$", c, flags)
    if m:
        head = c.split()[0].lower()
        body = m.group(1)
        rest_split = re.split(r"\s*[;,—–]\s*|\s+-\s+|\s+and\s+(?=(?:" + "|".join(sorted(VERBS)) + r")\b)", body, maxsplit=1)
        first = rest_split[0]
        follow = rest_split[1] if len(rest_split) > 1 else ""
        if head in ("avoid",) and not _verb_phrase(first):
            if _bad_object(first):
                return None
            instead = re.match(r"^(?:(?:we|you\s+should)\s+|instead\s+|just\s+)?use\s+(.+)$", strip_lead(follow), flags)
            if instead and not re.search(r"\b(?:you|i|it|them)\b", instead.group(1), flags):
                found = _instead(instead.group(1), first, verb="use")  # "avoid X in tests, use Y"
                if found:
                    return found
            return Rule(f"Avoid {_clean_object(first)}", "never", [], [first])
        phrase = _verb_phrase(first)
        if phrase is None and re.match(r"^[\w.]+\(\)", first):  # "don't unwrap() in library code"
            phrase = "call " + first
        if phrase is None:
            if head in ("stop", "quit") or not re.match(r"^(?:be|put|have|let|leave|go|do)\b", first, flags):
                return None
            phrase = first
        verb, _, obj = phrase.partition(" ")
        if _bad_object(obj) and verb not in ("commit", "push", "deploy", "merge"):
            return None
        text = f"Never {verb} {_slot(_clean_object(obj)) if verb == 'use' else _clean_object(obj)}".strip()
        follow = re.sub(r"^(?:(?:we|you\s+should)\s+(?=use\b|prefer\b)|instead\s+)", "", strip_lead(follow), flags=re.I) \
            if follow else ""
        follow_phrase = _verb_phrase(follow) if follow else None
        if follow_phrase and (not re.search(r"[\w`)]\s*[.!]?$", follow_phrase)
                              or re.search(r"\b(?:you|i|me|my)\b", follow_phrase, re.I)):
            follow_phrase = None
        if follow_phrase and (re.match(r"^(?:those|these|that|this)\b", follow_phrase.partition(" ")[2], re.I)
                              or re.search(r"\bthe\s+(?:ones|rest|existing\s+ones)\b", follow_phrase, re.I)):
            # "remove those and use logging.debug": the pronoun part is about this change, the rest is the rule
            tail = re.search(r"\band\s+(use\s+.+)$", follow_phrase, re.I)
            follow_phrase = tail.group(1) if tail else None
        if follow_phrase and not _bad_object(follow_phrase.partition(" ")[2]):
            if verb == "use" and follow_phrase.startswith("use "):
                return _instead(follow_phrase[4:], obj, verb="use")
            text += f"; {_clean_object(follow_phrase)}"
        return Rule(text, "never", [], [obj])

    # Always …: always X / we always X / you forgot to X / you didn't X
    m = re.match(r"^(?:we\s+|you\s+should\s+|you\s+must\s+)?always\s+(.+)$", c, flags)
    reminder = m is None
    m = m or re.match(r"^you\s+(?:forgot|forget|neglected|failed|missed|didn'?t\s+remember)\s+to\s+(.+)$", c, flags) or \
        re.match(r"^you\s+(?:didn'?t|did\s+not|never|haven'?t|have\s+not)\s+(.+)$", c, flags)
    if m:
        phrase = _verb_phrase(m.group(1))
        if phrase is None:
            return None
        verb, _, obj = phrase.partition(" ")
        if _bad_object(obj):
            return None
        if verb in ("test", "check", "run", "verify") and not obj:
            return None
        target = _slot(_clean_object(obj)) if verb == "use" else _clean_object(obj)
        return Rule(f"Always {verb} {target}".strip(), "reminder" if reminder else "always", [obj], [])

    # Subject must/should … : "staging models must convert amount_cents to dollars"
    m = re.match(r"^((?:the\s+|all\s+|every\s+|each\s+|our\s+)?[\w`*./-]+(?:\s+[\w`*./()-]+){0,5}?)\s+"
                 r"(must(?:\s+always|\s+never|\s+not)?|should(?:\s+always|\s+never|\s+not)?|shouldn'?t|mustn'?t|"
                 r"needs?\s+to|have\s+to|has\s+to|are\s+always|is\s+always|are\s+never|is\s+never)\s+(.+)$", c, flags)
    if m:
        subject = m.group(1)
        if re.match(r"^(?:it|that|this|you|i|we|they|he|she|there|which|what|who|everything|nothing|something)$",
                    subject.strip(), flags) or re.search(r"\b(?:you|i|me|my)\b", subject, flags) \
                or re.match(r"^(?:the\s+new|this|that|these|those)\s", subject, flags):
            return None  # "the new job should run hourly" specifies this task's work
        modal = m.group(2).lower().replace("needs to", "must").replace("need to", "must").replace("has to", "must") \
            .replace("have to", "must").replace("shouldn't", "should not").replace("mustn't", "must not")
        rest = m.group(3)
        if modal.startswith("should"):  # "should have been X" states the rule in the past: "should be X"
            rest = re.sub(r"^have\s+been\s+", "be ", rest, flags=re.I)
        if _bad_object(rest):
            return None
        negative = "never" in modal or "not" in modal
        return Rule(f"{subject} {modal} {_clean_object(rest)}", "modal", [] if negative else [rest],
                    [rest] if negative else [])

    # A plain imperative: "convert amount_cents to dollars in staging". Only when it reads as a general rule:
    # it names code, says when or how often, or is about a plural ("keep functions short"). "Edit the
    # existing test file" is an instruction for this task, not a convention.
    phrase = _verb_phrase(c)
    if phrase:
        verb, _, obj = phrase.partition(" ")
        body = _clean_object(phrase)
        if verb == "use":
            body = "use " + _slot(body[4:])
        body = re.sub(r"(,\s+(?:never|not)\s+)([A-Za-z_][\w.-]*)(?=$|\s)", lambda n: n.group(1) + _slot(n.group(2)), body)
        general = bool(re.search(r"[`_./()]|[a-z][A-Z]|\b(?:every|each|all|always|never|any|before|after|when|whenever|"
                                 r"unless|per|instead)\b", body)) or bool(re.match(r"^[a-z]+s\b", obj))
        # "write an Airflow DAG …", "add a workflow that runs …": one new thing to build is a task, not a rule
        task = re.match(r"^(?:a|an|another|one)\b", obj, flags) and (
            verb in ("write", "create", "build", "implement", "make", "generate", "draft", "design", "scaffold")
            or verb == "add" and re.search(r"\b(?:that|which|who)\b", obj, flags))
        if general and not task and not c.split()[0].lower().endswith("ing") and not _PRONOUN_OBJECT.match(obj) \
                and verb not in ("fix", "test", "check", "revert", "undo", "try", "read", "look", "skip", "leave",
                                 "focus"):
            return Rule(body, "imperative", [obj], [])
    return None


def _instead(good: str, bad: str, *, verb: str | None = "use", comma: bool = False, keep_bad: bool = False) -> Rule | None:
    good, bad = _clean_object(good), _clean_object(bad)
    good = re.sub(r"^(?:use|using)\s+", "", good, flags=re.I)
    if not keep_bad:
        bad = re.sub(r"^(?:use|using)\s+", "", bad, flags=re.I)
    if _bad_object(good) or not bad or re.fullmatch(r"(?:it|that|this|them|one)", bad.strip(), re.I):
        return None
    bare = re.sub(r"`[^`]*`|\{\{.*?\}\}|\([^()]*\)", "", good)  # commas inside code are not clause breaks
    if re.search(r"\b(?:so|because|since|which|but|although|though|otherwise)\b|[,;]", bare, re.I):
        return None  # "we use pydantic v2 here so its model_dump()": two clauses, not one alternative
    if re.search(r"\b(?:you|i|me|my)\b", good + " " + bad, re.I):
        return None
    tail = ""
    split = re.match(r"^(.+?),\s+((?:for|in|when|with|on|inside|across|throughout)\b.*)$", bad, re.I) or \
        re.match(r"^(`[^`]+`|[\w.()]*[_.(/][\w.()/]*|[a-z]+[A-Z]\w*)\s+((?:for|in|when|with|on|inside|across|throughout)\s.*)$",
                 bad)  # "`userId` in the DB models": the scope belongs to the whole rule
    if split:
        bad, tail = split.group(1), " " + split.group(2)
    head = good.split(" ", 1)[0].lower()
    if verb is None and head in VERBS:
        verb, good = head, good.split(" ", 1)[1] if " " in good else ""
        if not good:
            return None
    lead = f"{(verb or 'use').capitalize()} {_slot(good)}"
    # "use X, not Y" for adverbs and long alternatives ("…, not everywhere")
    plain = bad.strip().lower() in _SLOT_SKIP
    joiner = ", not" if plain or (comma and len(bad.split()) > 4) else " instead of"
    return Rule(f"{lead}{joiner} {bad if plain else _slot(bad)}{tail}", "instead", [good], [bad])


def cross_sentence_rule(parts: Sequence[str]) -> Rule | None:
    """"why did you use requests? we use httpx" → Use `httpx` instead of `requests`.

    The first piece names what the agent used (or what not to use), a later one what to use instead.
    """
    used = None
    for part in parts:
        m = re.search(r"\byou(?:'re|\s+are)?\s+(?:still\s+|keep\s+)?(?:(?:used?|using|imported|importing|called|calling|"
                      r"added|adding|chose|picked)|(?P<hard>hard-?cod(?:ed|ing)))\s+(?P<what>[`\w.()/-]+(?:\s+[`\w.()/-]+)?)",
                      part, re.I) or \
            re.match(r"^(?:don't|do\s+not|never|stop|avoid)\s+(?:use\s+|using\s+|call\s+|calling\s+)?"
                     r"(?P<what>`[^`]+`|[\w.]+\(\))(?P<scope>\s+(?:in|for|inside|within|on)\s+[^,.;!?`]{1,60})?[\s,.;!]*"
                     r"(?:(?:it's|it\s+is|that's)\s+(?:deprecated|slow|broken|legacy|outdated|unsafe)[.!]?)?$",
                     strip_lead(part), re.I)  # "Don't use `utcnow()`, it's deprecated. Use `now(UTC)`."
        what = m.group("what") if m else ""
        if m and re.match(r"^(?:from|in|on|at|to|for|with|the|a|an|my|our|your|this|that|it)\b", what, re.I):
            m = None  # "you're importing from '../utils'": what was used is not named
        if m and used is None:
            what = re.sub(r"\s+(?:in|on|at|for|to|from|with|again|here|there|still|everywhere|instead)$", "", what,
                          flags=re.I)
            # "you hardcoded analytics.raw.orders": what to avoid is hardcoding it
            used = f"hardcoding {_slot(what)}" if m.groupdict().get("hard") else what + (m.groupdict().get("scope") or "")
            continue
        if used:
            body = strip_lead(part)
            m2 = re.match(r"^(?:(?:we|you\s+should|please|just)?\s*(?:always\s+)?(?:use|prefer|import|call)|it'?s|it\s+is"
                          r"|(?:it|that)\s+should\s+be)\s+(.+?)(?:\s+instead)?"
                          r"(?:\s+(?:in\s+this\s+\w+|here))?[.!]?$", body, re.I)
            if m2:
                return _instead(m2.group(1), used, keep_bad=used.startswith("hardcoding "))
    return None


# --- quality gate -------------------------------------------------------------------------------------

def content_words(text: str) -> set[str]:
    words = re.findall(r"[a-z0-9_]+", text.lower().replace("`", " "))
    return {w.rstrip("s") if len(w) > 3 and not w.endswith("ss") else w for w in words if w not in _STOPWORDS}


def finalize(rule: Rule) -> str | None:
    """The lesson text for ``rule``, or None when it is not a clean, specific, safe rule."""
    text = tidy(rule.text)
    if not text:
        return None
    text = mark_identifiers(text)
    text = re.sub(r"`([^`]+)`\s*`([^`]+)`", r"`\1 \2`", text) if "``" in text else text
    if len(text) > MAX_CHARS:
        cut = re.split(r"\s*(?:;|,\s+(?:and|but|which|so|then)\b|\s+-\s+|\s+—\s+)", text, maxsplit=1)[0].rstrip(".,;") + "."
        if len(cut) > MAX_CHARS or cut.count("`") % 2:
            return None
        text = cut
    if text.count("`") % 2:
        return None
    lowered = text.lower()
    if re.search(r"\b(?:i|me|my|mine|you|your|yours|i'm|i've|i'd|you're|you've|let's)\b", lowered):
        return None
    # "it" / "them" may point back inside the rule ("…; read it from config"), not out of it ("make it a sensor")
    if re.search(r"\b(?:it|it's|them)\b", re.split(r"[;,]", lowered, maxsplit=1)[0]):
        return None
    if re.search(r"\b(?:above|earlier|previous|last\s+time|just\s+now|again|yesterday|this\s+pr|this\s+task|tickets?|"
                 r"(?:this|next|the)\s+(?:task|issue|step|one)|the\s+(?:failing|broken|current|same|other)|"
                 r"(?:these|those)\s+\w+|this\s+(?!is\b|repo|repository|project|codebase|team|company|org\b|package|module|service|app\b)\w+)\b",
                 lowered):
        return None
    words = content_words(text)
    has_ident = "`" in text
    if has_ident:
        needed = 1 if rule.shape in ("always", "never", "instead", "rename") else 2
    else:
        needed = 2 if rule.shape in ("instead", "rename") else 4 if rule.shape == "imperative" else 3
    if len(words) < needed:
        return None
    if not _lint_ok(text):
        return None
    return text


def _lint_ok(text: str) -> bool:
    try:
        from altimate_learn.curate.lint import lint
    except ImportError:  # the curator's lint is the real gate; without it, let the curator decide
        return True
    try:
        return bool(lint(text).ok)
    except Exception:  # noqa: BLE001 - a lint bug must not stop the offline reflector
        return True


_CONTRACTIONS = {"dont": "don't", "doesnt": "doesn't", "didnt": "didn't", "isnt": "isn't", "arent": "aren't",
                 "wasnt": "wasn't", "werent": "weren't", "shouldnt": "shouldn't", "mustnt": "mustn't",
                 "couldnt": "couldn't", "wouldnt": "wouldn't", "havent": "haven't", "hasnt": "hasn't",
                 "thats": "that's", "youre": "you're", "theyre": "they're", "youve": "you've"}
_CONTRACTION = re.compile(r"\b(" + "|".join(_CONTRACTIONS) + r")\b", re.I)
# A correction that only holds for the task at hand ("skip it for now", "this time use …") is not a rule.
_ONE_OFF = re.compile(r"\b(?:for\s+now|for\s+the\s+moment|for\s+today|right\s+now|this\s+time|just\s+this\s+once|"
                      r"temporarily|for\s+(?:this|that)(?=\s*(?:[,.;:!?]|$)))", re.I)


def normalise(text: str) -> str:
    """Typographic quotes made plain and apostrophe-less contractions ("dont", "thats") restored, so the
    patterns see what a careful writer would have typed."""
    text = text.translate(str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " "}))

    def fix(match: re.Match[str]) -> str:
        word = match.group(1)
        fixed = _CONTRACTIONS[word.lower()]
        return fixed[0].upper() + fixed[1:] if word[0].isupper() else fixed

    text = re.sub(r"\b(can|could|would|did|do|are|have|if|when|why|will)\s+u\b", r"\1 you", text, flags=re.I)
    return _CONTRACTION.sub(fix, text)


def extract_rule(text: str) -> str | None:
    """The one lesson a piece of feedback states, or None."""
    parts = sentences(prose(normalise(text)))[:12]
    candidates: list[tuple[int, float, str]] = []
    cross = cross_sentence_rule([piece for part in parts if not _ONE_OFF.search(part)
                                 for piece in _clauses(part)[1:] or [part]])
    if cross:
        final = finalize(cross)
        if final:
            candidates.append((0, 0, final))
    # Stated rules beat reminders of one slip ("you forgot to …"); naming code beats not naming it.
    order = {"instead": 1, "rename": 1, "never": 2, "always": 2, "place": 2, "modal": 2, "reminder": 3, "imperative": 4}
    for index, part in enumerate(parts):
        if _ONE_OFF.search(part):
            continue  # "don't use pandas for this, … use polars": every clause is about the task at hand
        for clause in _clauses(part):
            rule = match_rule(clause)
            if rule is None:
                continue
            final = finalize(rule)
            if final:
                rank = order[rule.shape] - (1 if "`" in final else 0)
                candidates.append((rank, index - final.count("`") // 2 * 0.01, final))
    if not candidates:
        return None
    candidates.sort(key=lambda c: (c[0], c[1]))
    return candidates[0][2]


def _clauses(sentence: str) -> list[str]:
    """The sentence, and its pieces split at "but" / a semicolon / a dash when the whole does not match."""
    out = [sentence]
    incident = re.match(r"^((?:you|why\s+(?:did|are|do)\s+you)\b[^,]{3,80}),\s+(.+)$", sentence, re.I)
    if incident:  # "you put the fixture in the test file, shared fixtures go in conftest.py"
        out += [incident.group(1), incident.group(2)]
    pieces = re.split(r"\s*;\s*|\s+[—–]\s+|\s+-\s+|,?\s+but\s+|"
                      r",?\s+so\s+(?=(?:it'?s|its|it\s+is|we|use|always|never|they)\b)", sentence)
    if len(pieces) > 1:
        out += [p for p in pieces if p.strip()]
    return out


# --- relations to existing lessons ----------------------------------------------------------------------

def jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


def _polarity(text: str) -> tuple[set[str], set[str]]:
    """(identifiers recommended, identifiers to avoid) in a lesson text."""
    from altimate_learn.curate.anchors import identifiers

    lowered = text
    m = re.search(r"\b(?:instead\s+of|rather\s+than|,\s*not|over)\b", lowered, re.I)
    if m:
        return identifiers(lowered[:m.start()]), identifiers(lowered[m.end():])
    if re.match(r"^\s*(?:never|avoid|do\s+not|don't)\b", lowered, re.I) or re.search(r"\b(?:must|should)\s+(?:never|not)\b",
                                                                                        lowered, re.I):
        return set(), identifiers(lowered)
    return identifiers(lowered), set()


def relate(text: str, lessons: Sequence[dict[str, Any]]) -> tuple[str | None, str | None, list[str]]:
    """(id restated → HELPFUL, id superseded, ids coexisting) for a new lesson text.

    Polarity comes first: a lesson recommending what the new rule avoids (or the reverse) is superseded,
    however many words the two share; only a lesson that agrees can be "restated".
    """
    from altimate_learn.curate.anchors import OPPOSITE, overlaps

    pos, neg = _polarity(text)
    conflicting: list[str] = []
    agreeing: list[str] = []
    for lesson in lessons:
        common = overlaps(text, lesson.get("text", ""))
        if not common:
            continue
        old_pos, old_neg = _polarity(lesson.get("text", ""))
        opposite = (pos & old_neg) or (neg & old_pos) or any(name.endswith(OPPOSITE) for name in common)
        (conflicting if opposite else agreeing).append(lesson["id"])
    words = content_words(text)
    best: tuple[float, str] | None = None
    for lesson in lessons:
        if lesson["id"] in conflicting:
            continue
        score = jaccard(words, content_words(lesson.get("text", "")))
        if score >= HELPFUL_OVERLAP and (best is None or score > best[0]):
            best = (score, lesson["id"])
    if best:
        return best[1], None, []
    return None, (conflicting[0] if conflicting else None), agreeing


def restated(text: str, lessons: Sequence[dict[str, Any]]) -> str | None:
    """An existing lesson that feedback with no extractable rule clearly repeats (most of its words)."""
    words = content_words(prose(text))
    best: tuple[float, str] | None = None
    for lesson in lessons:
        lw = content_words(lesson.get("text", ""))
        if len(lw) < 3:
            continue
        cover = len(lw & words) / len(lw)
        if cover >= 0.75 and (best is None or cover > best[0]):
            best = (cover, lesson["id"])
    return best[1] if best else None


# --- paths ---------------------------------------------------------------------------------------------

def path_globs(paths: Iterable[str], limit: int = 3) -> list[str]:
    """Directory globs for the files an agent touched: `models/staging/stg_a.sql` → `models/staging/*.sql`.

    Triggers come from folders only. Why: a trigger made of one concrete file (say `out.txt`) matches almost
    no later session, so the lesson would almost never be delivered. Files at the project root are therefore
    ignored, and when only root files were touched no trigger is returned (the lesson is project-wide).
    Paths outside the project (absolute, `..`) and hidden folders are ignored; when the folders spread over
    more than ``limit`` globs, no trigger is returned (the rule is general).
    """
    globs: list[str] = []
    for raw in paths:
        path = raw.replace("\\", "/").strip()
        if not path or path.startswith(("/", "~")) or re.match(r"^[A-Za-z]:/", path):
            continue
        parts = PurePosixPath(path).parts
        if ".." in parts or any(p.startswith(".") and p not in (".",) for p in parts[:-1]):
            continue  # hidden folders (.git, .venv, .altimate-code) are not where conventions live
        parts = tuple(p for p in parts if p != ".")
        if len(parts) < 2:
            continue  # a root-level file alone is no folder to scope to
        suffix = PurePosixPath(parts[-1]).suffix
        glob = "/".join(parts[:-1]) + ("/*" + suffix if suffix else "/*")
        if glob not in globs:
            globs.append(glob)
    if len(globs) > limit:
        return []
    return globs


# Well-known file names without an extension that a lesson may name.
_PLAIN_FILE_NAMES = frozenset({"Makefile", "Dockerfile", "Jenkinsfile", "Procfile", "Gemfile", "Rakefile",
                               "Vagrantfile", "Justfile", "LICENSE", "CODEOWNERS"})
# File endings that make a backticked name a file rather than a dotted identifier (`os.path`, `self.name`).
_FILE_SUFFIXES = frozenset(
    "py pyi ipynb sql txt md rst json jsonl yml yaml toml ini cfg conf env lock csv tsv parquet xml html css scss "
    "js jsx mjs cjs ts tsx vue svelte go rs java kt kts scala rb php cs c h cc cpp hpp swift m sh bash zsh ps1 "
    "bat tf tfvars hcl proto graphql gql sqlx lkml log out pdf png svg".split())
_CODE_SPAN = re.compile(r"`([^`\s]+)`")


def named_paths(text: str) -> list[str]:
    """Folders and files a lesson names in backticks: `build/`, `models/staging/`, `out.txt`, `.env`, `Makefile`.

    Calls (`ref()`), dotted names without a file-like ending and plain identifiers are not paths.
    """
    found: list[str] = []
    for token in _CODE_SPAN.findall(text):
        if any(c in token for c in "()[]{}=<>:,;'\"$@"):
            continue
        name = token.removeprefix("./")
        if "/" in name or name in _PLAIN_FILE_NAMES or name.startswith("."):
            found.append(name)
        elif PurePosixPath(name).suffix[1:].lower() in _FILE_SUFFIXES:
            found.append(name)  # `out.txt`, `dbt_project.yml`, but not `os.path` or `self.name`
    return found


def _names_scoped_place(name: str, globs: Sequence[str]) -> bool:
    """Whether a path the lesson names lies within (or contains) one of the trigger globs."""
    name = name.rstrip("/").rstrip("*").rstrip("/")
    if not name:
        return False
    for glob in globs:
        folder, _, pattern = glob.rpartition("/")
        if "/" not in name:
            # a bare name: a folder on the glob's path, or a file the glob's pattern matches
            if name in folder.split("/") or fnmatch.fnmatchcase(name, pattern):
                return True
            continue
        if folder == name or folder.startswith(name + "/") or fnmatch.fnmatchcase(name, glob):
            return True
    return False


def trigger_for(rule: str, paths: Iterable[str], limit: int = 3) -> list[str]:
    """The path trigger for a new lesson ``rule`` learned while the agent touched ``paths`` ([] = project-wide).

    A lesson whose text names a folder or file outside the touched folders (the lesson says `build/`, the
    agent wrote `out.txt`) gets no trigger: no trigger is better than a wrong one.
    """
    globs = path_globs(paths, limit)
    if globs and any(not _names_scoped_place(name, globs) for name in named_paths(rule)):
        return []
    return globs


# --- the reflector -------------------------------------------------------------------------------------

def reflect_builtin(items: Sequence[FeedbackItem], lessons: Sequence[dict[str, Any]], *,
                    scope_paths: bool = True) -> BuiltinResult:
    """Deltas for ``items`` against the current ``lessons`` (see the module docstring)."""
    deltas: list[dict[str, Any]] = []
    skipped: list[tuple[str, str]] = []
    helpful: set[str] = set()
    added: list[dict[str, Any]] = []
    for number, item in enumerate(items):
        who = item.signal_id or f"#{number + 1}"
        if item.kind not in LEARN_KINDS:
            skipped.append((who, f"{item.kind} signals need a model to interpret"))
            continue
        rule = extract_rule(item.text)
        if rule is None:
            again = restated(item.text, lessons)
            if again and again not in helpful:
                helpful.add(again)
                deltas.append(_cited({"op": "HELPFUL", "id": again, "reason": f"{item.kind} restates it: {_quote(item.text)}"},
                                     item))
            else:
                skipped.append((who, "no clear rule in it"))
            continue
        if any(jaccard(content_words(rule), content_words(d["text"])) >= HELPFUL_OVERLAP for d in added):
            skipped.append((who, "same rule as another piece of feedback"))
            continue
        same, supersedes, coexists = relate(rule, lessons)
        if same:
            if same not in helpful:
                helpful.add(same)
                deltas.append(_cited({"op": "HELPFUL", "id": same, "reason": f"{item.kind} restates it: {_quote(item.text)}"},
                                     item))
            else:
                skipped.append((who, "restates a lesson already marked helpful"))
            continue
        if len(added) >= MAX_ADDS:
            skipped.append((who, f"more than {MAX_ADDS} new lessons in one reflection"))
            continue
        delta: dict[str, Any] = {"op": "ADD", "text": rule, "reason": f"{item.kind}: {_quote(item.text)}"}
        if supersedes:
            delta["supersedes"] = supersedes
        if coexists:
            delta["coexists"] = coexists
        if scope_paths:
            globs = trigger_for(rule, item.paths)
            if globs:
                delta["paths"] = globs
        added.append(delta)
        deltas.append(_cited(delta, item))
    return BuiltinResult(deltas, skipped)


def _cited(delta: dict[str, Any], item: FeedbackItem) -> dict[str, Any]:
    """The delta with ``cites``: the item it came from (the curator ignores the field; the learner checks it)."""
    source = item.message_id or item.signal_id
    if source:
        delta["cites"] = [source]
    return delta


def _quote(text: str, limit: int = 120) -> str:
    flat = " ".join(text.split())
    return f"\"{flat[:limit]}{'…' if len(flat) > limit else ''}\""
