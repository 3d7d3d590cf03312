"""Word forms for search: one search term for the forms of a word that carry the same idea.

A request and the lesson it needs often say the same thing in different forms: "validate the payload" and
"payload validation", "the config" and "configuration files", "explicitly" and "explicit", "deps" and
"dependencies". :func:`fold` turns each plain lowercase word into one term, in four steps:

1. Porter's step 1 (plurals, -ed, -ing, a final y): `timestamps`, `formatted`, `merging`, `policies`.
2. Abbreviations and short forms (:data:`ALIASES`): `config`, `cfg` → `configuration`; `deps` →
   `dependency`; `k8s` → `kubernetes`; `auth` → both `authentication` and `authorization`.
3. A light subset of Porter's steps 2-4 (derivations): `-ation`, `-ator` and `-ization` meet their verb
   (`validation`, `validator` → `validate`), `-ment`, `-ness`, `-ence`/`-ency`, `-able`/`-ible`, `-ion` after
   s or t (`encryption` → `encrypt`), and `-ly` (`explicitly` → `explicit`), each only when enough of the
   word is left (Porter's measure). Suffixes that join unrelated words in a code base (`-al`, `-ive`,
   `-ous`, `-er`, `-ize`: general/generate, positive/position, author/authorize) are left alone, except
   a doubled consonant before -er (`logger`, `wrapper`, `runner`).
4. Porter's step 5 (a final e, a final double l).

A Latin -sion noun and its verb (`division` and `divide`, `conversion` and `convert`) keep their own terms:
Porter's stem of the noun is what joins it to its other forms (`recursion` and `recurse`, `precision` and
`precise`, `division` and `divisible`), so :func:`sion_verb` gives the verb's term only as an alternate a
request may meet a lesson by (see :func:`altimate_learn.deliver.concepts.sion_joins`), never instead of the
noun's. The irregular forms of :data:`IRREGULAR` meet their verb (`caught` → catch, `sent` → send).

Lessons and requests are folded alike, so only whether two words meet matters, not how the term looks.
:data:`KEEP` lists words that must not meet a shorter one (`production` is not `product`).

Stdlib only, no regex: this runs on the hook path when a request is tokenised.
"""

from __future__ import annotations

_VOWELS = frozenset("aeiou")


def _consonant(word: str, i: int) -> bool:
    ch = word[i]
    if ch in _VOWELS:
        return False
    if ch == "y":
        return i == 0 or not _consonant(word, i - 1)
    return True


def _measure(stem: str) -> int:
    """Porter's m: the number of vowel-consonant sequences in ``stem``."""
    m = 0
    previous_vowel = False
    for i in range(len(stem)):
        consonant = _consonant(stem, i)
        if consonant and previous_vowel:
            m += 1
        previous_vowel = not consonant
    return m


def _has_vowel(stem: str) -> bool:
    return any(not _consonant(stem, i) for i in range(len(stem)))


def _cvc(stem: str) -> bool:
    """Ends consonant-vowel-consonant, the last not w, x or y (`hop`, not `fix`)."""
    n = len(stem)
    return (n >= 3 and _consonant(stem, n - 3) and not _consonant(stem, n - 2) and _consonant(stem, n - 1)
            and stem[-1] not in "wxy")


def _step1(word: str) -> str:
    """Porter's step 1: plurals (1a), -eed/-ed/-ing (1b), a final y after a vowel-bearing stem (1c)."""
    if word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("ies"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if word.endswith("eed"):
        if _measure(word[:-3]) > 0:
            word = word[:-1]
    else:
        for suffix in ("ed", "ing"):
            if word.endswith(suffix) and _has_vowel(word[: -len(suffix)]):
                word = word[: -len(suffix)]
                if word.endswith(("at", "bl", "iz")):
                    word += "e"
                elif len(word) >= 2 and word[-1] == word[-2] and _consonant(word, len(word) - 1) \
                        and word[-1] not in "lsz":
                    word = word[:-1]
                elif _measure(word) == 1 and _cvc(word):
                    word += "e"
                break
    if word.endswith("y") and _has_vowel(word[:-1]):
        word = word[:-1] + "i"
    return word


def _step5(word: str) -> str:
    """Porter's step 5: a final e (so `merge` meets `merged` and `merging`), then a final double l."""
    if word.endswith("e"):
        m = _measure(word[:-1])
        if m > 1 or (m == 1 and not _cvc(word[:-1])):
            word = word[:-1]
    if word.endswith("ll") and _measure(word) > 1:
        word = word[:-1]
    return word


def stem(word: str) -> str:
    """Steps 1 and 5 of Porter's stemmer for a plain lowercase word: plurals, -ed/-ing and a final e
    (`policies` → `polici`, `models` → `model`, `formatted` → `format`, `merging` → `merg`, `timing` →
    `time`), without derivations (see :func:`fold`)."""
    if len(word) < 3 or not word.isalpha():
        return word
    return _step5(_step1(word))


# Derivations, after step 1. Longest suffix first; (suffix, replacement, measure the rest must exceed).
# Step A maps a derived form onto its base: Porter's step 2, then his step 3 (subsets).
_STEP_A2 = sorted([
    ("ational", "ate"), ("tional", "tion"), ("ization", "ize"), ("isation", "ize"), ("ation", "ate"),
    ("ator", "ate"), ("izer", "ize"), ("iser", "ize"), ("essor", "ess"), ("enci", "ence"), ("anci", "ance"),
    ("abli", "able"), ("ibli", "ible"), ("bli", "ble"), ("alli", "al"), ("entli", "ent"), ("ousli", "ous"),
    ("fulli", "ful"), ("lessli", "less"), ("aliti", "al"), ("iviti", "ive"), ("abiliti", "able"),
    ("ibiliti", "ible"), ("iveness", "ive"), ("fulness", "ful"), ("ousness", "ous"),
], key=lambda rule: -len(rule[0]))
_STEP_A3 = sorted([("icate", "ic"), ("iciti", "ic"), ("ical", "ic"), ("ness", "")], key=lambda rule: -len(rule[0]))
# Step B drops a derivational ending when enough is left (a subset of Porter's step 4, all m > 1).
_STEP_B = sorted(["ement", "ment", "ence", "ance", "ent", "able", "ible", "ate", "ion"], key=lambda s: -len(s))
_LI_ENDINGS = frozenset("cdeghkmnrt")  # Porter2: a final -li (from -ly) goes after one of these


def _replace(word: str, rules: list[tuple[str, str]]) -> tuple[str, bool]:
    """The first rule whose suffix ``word`` ends with, applied when the rest has a measure above 0."""
    for suffix, replacement in rules:
        if word.endswith(suffix):
            rest = word[: -len(suffix)]
            if _measure(rest) > 0:
                return rest + replacement, True
            return word, False
    return word, False


def _derive(word: str) -> str:
    word, changed = _replace(word, _STEP_A2)
    if not changed:
        # -ly (step 1c made it -li): `explicitly` → `explicit`, `hourly` → `hour`; not `apply`, `family`
        if word.endswith("li") and len(word) > 4 and word[-3] in _LI_ENDINGS and _measure(word[:-2]) > 0:
            word = word[:-2]
        # a doubled consonant before -er: `logger` → `log`, `wrapper` → `wrap`, `controller` → `control`
        elif (word.endswith("er") and len(word) > 5 and word[-3] == word[-4] and _consonant(word, len(word) - 3)
              and _measure(word[:-3]) > 0):
            word = word[:-3] if word[-3] != "l" else word[:-2]
    word, _ = _replace(word, _STEP_A3)
    for suffix in _STEP_B:
        if word.endswith(suffix):
            rest = word[: -len(suffix)]
            if _measure(rest) > 1 and (suffix != "ion" or rest.endswith(("s", "t"))):
                word = rest
            break
    if word.endswith("y") and _has_vowel(word[:-1]):  # step 1c again: `deployment` → `deploy` → `deploi`
        word = word[:-1] + "i"
    return word


def _sion(word: str) -> str | None:
    """The verb a Latin -sion noun comes from, before step 5, where Porter's steps keep them apart:
    `division` → `divid` (divide), `decision`, `inclusion`, `exclusion`; `expansion` → `expand`;
    `conversion` → `convert`; `permission` → `permit`, `submission`, `admission`. None for other words
    (`version`, `session`, `tension`, `compression`: too little is left, or the noun keeps its verb's -ss).
    A guess from the spelling only: `precision` gives `precid`, a verb no lesson has (Porter's stem, not
    this, is the noun's term)."""
    if not word.endswith("sion"):
        return None
    rest = word[:-4]
    if word.endswith("ssion"):  # permi|ssion, submi|ssion: the verb ends in -t
        rest = word[:-5]
        return rest + "t" if rest.endswith("i") and _measure(rest) > 0 else None
    if rest and rest[-1] in _VOWELS and _measure(rest) > 0:  # divi|sion, inclu|sion, persua|sion: -de
        return rest + "d"
    if rest.endswith("n") and _measure(rest) > 1:  # exten|sion, expan|sion, suspen|sion: -d
        return rest + "d"
    if rest.endswith("r") and _measure(rest) > 1:  # conver|sion, inver|sion, diver|sion: -t
        return rest + "t"
    return None


# Short forms people type for a longer word (after step 1, so `configs`, `deps` and `envs` are found too).
# A value with a space stands for each of its words (`auth` means both kinds). A short form that is also an
# everyday word or another short form is left out (`perm`: permanent, `cust`: custom, `fe`: iron, a prefix;
# only the plural `perms` is permissions).
ALIASES = {
    "config": "configuration", "cfg": "configuration", "conf": "configuration",
    "env": "environment", "db": "database", "repo": "repository", "dep": "dependency",
    "doc": "documentation", "k8": "kubernetes", "k8s": "kubernetes", "prod": "production",
    "dev": "development", "msg": "message", "err": "error", "req": "request", "resp": "response",
    "impl": "implementation", "param": "parameter", "arg": "argument", "func": "function", "fn": "function",
    "var": "variable", "dir": "directory", "app": "application", "admin": "administrator",
    "tmp": "temporary", "temp": "temporary", "stat": "statistic", "perf": "performance",
    "info": "information", "spec": "specification", "pkg": "package", "lib": "library", "util": "utility",
    "js": "javascript", "py": "python", "tf": "terraform", "tz": "timezone", "int": "integer", "str": "string",
    "bool": "boolean", "num": "number", "max": "maximum", "min": "minimum", "i18n": "internationalization",
    "l10n": "localization", "a11y": "accessibility", "pk": "primary key", "fk": "foreign key",
    "pr": "pull request", "auth": "authentication authorization", "authn": "authentication",
    "authz": "authorization", "sync": "synchronize", "async": "asynchronous", "dedup": "deduplicate",
    "dedupe": "deduplicate", "img": "image", "btn": "button", "nav": "navigation", "col": "column",
    "tbl": "table", "idx": "index", "attr": "attribute", "obj": "object", "ctx": "context", "fmt": "format",
    "tmpl": "template", "tpl": "template", "infra": "infrastructure", "mgmt": "management", "svc": "service",
    "srv": "server", "dupe": "duplicate", "perms": "permission", "txn": "transaction", "notif": "notification",
    "acct": "account", "addr": "address", "qty": "quantity", "amt": "amount",
    "sched": "schedule", "conn": "connection", "prev": "previous", "gh": "github",
}
# Irregular forms a request uses for a lesson's verb ("errors are caught" for "never catch", "the reset link is
# never sent" for "send emails"). A form that is mostly an adjective for another idea is left out: `broken`
# (does not work; "break" is also a breaking change), `frozen` (immutable: frozen dataclasses, a frozen
# lockfile; "freezes" is a hang), `built` ("built-in"), `hid` (a HID device).
IRREGULAR = {
    "broke": "break", "rebuilt": "rebuild", "caught": "catch",
    "chose": "choose", "chosen": "choose", "froze": "freeze", "hidden": "hide",
    "hung": "hang", "kept": "keep", "lost": "lose", "ran": "run", "sent": "send", "resent": "resend",
    "spent": "spend", "threw": "throw", "thrown": "throw", "took": "take", "taken": "take", "forgot": "forget",
    "forgotten": "forget", "began": "begin", "begun": "begin", "shown": "show", "drew": "draw", "drawn": "draw",
    "fell": "fall", "fallen": "fall", "stole": "steal", "stolen": "steal", "undid": "undo", "undone": "undo",
    "overwrote": "overwrite", "overwritten": "overwrite", "rewrote": "rewrite", "rewritten": "rewrite",
}
# Words whose derivation would meet a different idea (`production` → `product`, `locale` → `local`,
# `commission` → `commit`, `provision` → `provide`): kept as they are.
KEEP = frozenset(_step1(word) for word in ("production", "specification", "accessibility", "locale", "commission",
                                            "provision"))  # as step 1 leaves them


# -sion nouns whose verb is mostly another idea in code: a file or browser `extension` is no `extend`
# (subclassing), a `dimension` no `dimend`; `provision` and `commission` are in :data:`KEEP`.
SION_APART = frozenset(("extension", "dimension", "provision", "commission"))


def _folded(word: str) -> str:
    if word in KEEP:
        return word
    return _step5(_derive(word))


VERB = "="  # marks a -sion noun's verb term where a word is looked up in the join tables (never a search term)


def sion_verb(word: str) -> str | None:
    """The term of the verb a -sion noun (`division`, `conversions`) comes from (`divid`, as `divide` folds),
    or None: the alternate a request's noun may meet a lesson's verb by, and a request's verb a lesson's
    noun (:func:`altimate_learn.deliver.concepts.sion_joins`). Not the noun's own term (:func:`fold`)."""
    if len(word) < 6 or not word.isalpha():
        return None
    base = _step1(word)
    if base in SION_APART or base in KEEP:
        return None
    verb = _sion(base)
    return _step5(verb) if verb is not None else None


_memo: dict[str, tuple[str, ...]] = {}


def fold(word: str) -> tuple[str, ...]:
    """The search term(s) of one lowercase word: usually one, two for an alias such as `auth`."""
    cached = _memo.get(word)
    if cached is not None:
        return cached
    alias = ALIASES.get(word) or IRREGULAR.get(word)
    if alias is None and len(word) >= 3 and word.isalpha():
        base = _step1(word)
        alias = ALIASES.get(base)
        out = tuple(_folded(_step1(w)) for w in alias.split()) if alias else (_folded(base),)
    elif alias is not None:
        out = tuple(_folded(_step1(w)) for w in alias.split())
    else:
        out = (word,)
    if len(_memo) < 200_000:
        _memo[word] = out
    return out
