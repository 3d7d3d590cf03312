"""Code names: two rules worded alike about different names are two rules (review13 R13-22, R13-23).

"Put staging models in `models/staging/`." and "Put intermediate models in `models/intermediate/`." share most of
their words, and so do "Read the database URL from `DATABASE_URL`." and "Read the Redis URL from `REDIS_URL`.": by
word overlap each restates the other, and the second was counted HELPFUL on the first (a model's, the built-in
reflector's or an imported memory's rule lost) or, from `learn remember`, replaced it (the team's first rule
lost). A parallel convention differs exactly in its code names. So a restatement needs the names to agree: a
rule that names code the other (which names code too) does not, says something of its own
(:func:`names_beyond`): it is no vote for that lesson, and a lesson is not replaced by a rule that drops its names.

A name is a word of a backtick span as :func:`altimate_learn.curate.polarity.span_key` reads it (call arguments,
quoted strings and placeholders dropped, flags kept; a path is one name), so `ref('orders')` and `ref()` are one
name and `uv add` and `poetry add` are not.
"""

from __future__ import annotations

import re

from altimate_learn.curate.polarity import span_key

_SPAN = re.compile(r"(`+)(.+?)\1", re.S)


def code_names(text: str) -> frozenset[str]:
    """The words of ``text``'s backtick spans (empty: it names no code)."""
    if not isinstance(text, str) or "`" not in text:
        return frozenset()
    out: set[str] = set()
    for match in _SPAN.finditer(text):
        key = span_key(match.group(2))
        if key is not None:
            out.update(key[0])
    return frozenset(out)


def different_names(a: str, b: str) -> bool:
    """Both texts name code and neither's names are all among the other's: rules about different things,
    however many other words they share."""
    mine, theirs = code_names(a), code_names(b)
    return bool(mine) and bool(theirs) and not (mine <= theirs or theirs <= mine)


def names_beyond(new: str, old: str) -> bool:
    """``old`` names code and ``new`` names code ``old`` does not: ``new`` is no restatement of ``old`` ("… in
    `models/intermediate/`" of "… in `models/staging/`"; "Put marts in `models/marts/`, staging models in
    `models/staging/`" of the staging rule alone). A name ``old`` writes without backticks is named all the same:
    "`Decimal.quantize`" and "Decimal.quantize" are one name (review14 R14-30: a captured correction and the
    agent's memory of it differ only in which words are backticked)."""
    theirs = code_names(old)
    if not theirs:
        return False
    lower = old.lower()
    return any(not _written(name, lower) for name in code_names(new) - theirs)


def _written(name: str, lower: str) -> bool:
    """``name`` appears in ``lower`` as a whole name (not inside a longer word or dotted name)."""
    return re.search(r"(?<![\w.\-/])" + re.escape(name) + r"(?![\w\-/]|\.\w)", lower) is not None


_VALUE_TOKEN = re.compile(r"[A-Za-z0-9][\w.+-]*")
_SENTENCE_END = re.compile(r"[.!?:;]\s*$")


_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
          "seventeen eighteen nineteen").split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_NUMBER = {**{w: n for n, w in enumerate(_UNITS)}, **{w: 20 + 10 * n for n, w in enumerate(_TENS)}}
# a number written in words ("thirty minutes", "twenty-five", "two reviewers"); "one" only before a noun, not as a
# pronoun ("the old one", "no one", "one of", "one more")
# words after which "one" is the pronoun ("the old one around", "the sync one over the async one", "one of")
_PRONOUN_NEXT = ("of more that which is was are by at or and another around over here there instead for in on to with "
                 "from too as if when so then than up out off back again else we you i it").split()
_NOT_AFTER = "".join(f"(?<!{word} )" for word in "the this that each every any no which an a".split())
_NUMBER_WORDS = re.compile(
    r"(?<![\w-])" + _NOT_AFTER + r"(?:(" + "|".join(_TENS) + r")(?:[- ](one|two|three|four|five|six|seven|eight|nine))?"
    r"|(" + "|".join(sorted(set(_UNITS) - {"one"}, key=len, reverse=True))
    + r"|one(?= (?!(?:" + "|".join(_PRONOUN_NEXT) + r")\b)[a-z])))(?![\w-])", re.I)
# counts in other words: "twice", "a dozen", "a hundred" (not after a number: "two hundred" stays as it is)
_COUNT_WORDS = {"twice": "2", "thrice": "3", "dozen": "12", "hundred": "100", "thousand": "1000"}
_MORE_NUMBERS = re.compile(r"(?<![\w-])(?<!\d )(?:(?:a|one) )?(twice|thrice|dozen|hundred|thousand)(?![\w-])", re.I)
# "once" as a count ("retry once", "once a day", "only once."), not the conjunction ("once the build passes, …",
# "Once in CI, …": a sentence's first word) nor "at once" (all together)
_ONCE = re.compile(r"(?<![\w-])(?<!at )once(?=\s*(?:[.,;:!?)]|$|(?:a|an|per|every|each|more|only|again|before|after|then|at|on|in|for)\b))", re.I)
_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s)\W*$")
# a number with its multipliers, once its words are digits: "2 hundred" is 200, "3 thousand 2 hundred and 50" 3250;
# "and" or a bare number joins only as the tens after a multiplier ("2 and 3 hundred" is 2 and 300, not 500)
_GROUP = r"\d{1,3} (?:hundred|thousand)(?: (?:hundred|thousand))*"
_MULTIPLIED = re.compile(r"(?<![\w.,])" + _GROUP + r"(?: " + _GROUP + r")*(?: (?:and )?\d{1,2}(?![\w.-]|,\d| (?:hundred|thousand)\b))?(?![\w-])",
                         re.I)
_A_MULTIPLIER = re.compile(r"(?<![\w-])(?:a|one) (?=(?:hundred|thousand)(?![\w-]))", re.I)  # "a hundred thousand"
# digits grouped by thousands: "2,000" and "100,000" are one number each (not "2" and "000")
_GROUPED = re.compile(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?!\w|[.,]\d)")


# one wording for a negation or a switch that many wordings say: "Never use floats …", "Don't use …" and "Do not
# use …" are one rule; "Use pnpm, not npm" and "… instead of npm"; "turn the type checker off" and "disable the type
# checker"; "shut down the worker" and "stop the worker" (review30 R30-1, R30-3: each was kept as another rule)
_NEGATION_WORDS = frozenset("not never instead rather don doesn didn dont doesnt didnt".split())
_SWITCH_WORDS = frozenset("turn turns turned turning switch switches switched switching".split())
_SHUT_WORDS = frozenset("shut shuts shutting".split())
_PLAIN_FORMS = [  # (the words one of which the text must hold, the form, its plain wording)
    (_NEGATION_WORDS,
     re.compile(r"\b(?:(?:do|does|did) not|(?:don|doesn|didn)['’]?t|never|instead of|rather than)\b", re.I), "not"),
    (_SWITCH_WORDS, re.compile(r"\b(?:turn|switch)(?:s|ed|ing|es)? off\b", re.I), "disable"),
    (_SWITCH_WORDS, re.compile(r"\b(?:turn|switch)(?:s|ed|ing|es)? on\b", re.I), "enable"),
    (_SWITCH_WORDS, re.compile(r"\b(?:turn|switch)(?:s|ed|ing|es)? ((?:[\w`'./-]+ ){1,4}?)off\b", re.I), r"disable \1"),
    (_SHUT_WORDS, re.compile(r"\bshut(?:s|ting)? (?:down|off)\b", re.I), "stop"),
]


# what may change under :func:`plain` / :func:`_numbers`: most lessons hold none of it, and a look at their words is
# cheaper than the rewrites, which the curator runs on every lesson of a store it indexes
_LETTERS = re.compile(r"[a-z]+")
_NUMBER_WORD_SET = frozenset(_UNITS) | frozenset(_TENS) | frozenset("once twice thrice dozen hundred thousand".split())
_DIGIT_GROUP = re.compile(r"\d,\d\d\d")
# a text without any of these words (and no grouped digits) is its own plain form
PLAIN_TRIGGERS = _NEGATION_WORDS | _SWITCH_WORDS | _SHUT_WORDS | _NUMBER_WORD_SET


def has_plain_form(words: set[str] | frozenset[str], text: str) -> bool:
    """Whether :func:`plain` may change ``text`` (``words``: its lower-cased words)."""
    return not words.isdisjoint(PLAIN_TRIGGERS) or ("," in text and _DIGIT_GROUP.search(text) is not None)


def plain(text: str, words: set[str] | None = None) -> str:
    """``text`` with its numbers as digits (:func:`_numbers`) and one wording for negations and switches, for
    comparing what two rules say, never for showing: "Don't keep more than two hundred rows." reads "not keep more
    than 200 rows.". ``words``: its lower-cased words, when known."""
    if words is None:
        words = set(_LETTERS.findall(text.lower()))
    for needs, pattern, replacement in _PLAIN_FORMS:
        if not words.isdisjoint(needs):
            text = pattern.sub(replacement, text)
    return _numbers(text, words)


def _numbers(text: str, words: set[str] | None = None) -> str:
    """``text`` with its numbers in words written as digits ("thirty minutes" -> "30 minutes", "twice" -> "2",
    "two hundred" -> "200", "once a day" -> "1 a day"). ``words``: its lower-cased words, when known."""
    if words is None:
        words = set(_LETTERS.findall(text.lower()))
    if words.isdisjoint(_NUMBER_WORD_SET) and not ("," in text and _DIGIT_GROUP.search(text)):
        return text
    text = _GROUPED.sub(_ungrouped, text)
    text = _NUMBER_WORDS.sub(_digits, _A_MULTIPLIER.sub("1 ", text))
    text = _MULTIPLIED.sub(_multiplied, text)
    text = _ONCE.sub(lambda m: m.group(0) if _SENTENCE_START.search(text[:m.start()]) else "1", text)
    return _MORE_NUMBERS.sub(lambda m: _COUNT_WORDS[m.group(1).lower()], text)


def _ungrouped(match: re.Match[str]) -> str:
    """"2,000" and "1,234,567" as one number; "502,503,504" (three-digit codes in a list) stays a list: grouped only
    when the first group is shorter than three digits or a later one is round ("250,000")."""
    first, *later = match.group(0).split(",")
    if len(first) < 3 or any(group.endswith("00") for group in later):
        return match.group(0).replace(",", "")
    return match.group(0)


def _multiplied(match: re.Match[str]) -> str:
    words = match.group(0).lower().split()
    total = current = 0
    for word in words:
        if word == "hundred":
            current = (current or 1) * 100
        elif word == "thousand":
            total, current = total + (current or 1) * 1000, 0
        elif word != "and":
            current += int(word)
    return str(total + current)


def _digits(match: re.Match[str]) -> str:
    if match.group(3):
        return str(_NUMBER[match.group(3).lower()])
    return str(_NUMBER[match.group(1).lower()] + (_NUMBER[match.group(2).lower()] if match.group(2) else 0))


def value_words(text: str) -> frozenset[str]:
    """The values a rule's prose states, outside backticks: numbers and versions ("30 minutes", "Postgres 16", and
    in words: "thirty minutes" is "30 minutes") and proper names, a capitalised word that does not open a sentence
    ("Redis", "Tuesday", "HTTPS"); lower-cased, a plural "s" dropped ("Tuesdays" is "Tuesday")."""
    if not isinstance(text, str):
        return frozenset()
    prose = _numbers(_SPAN.sub(" ", text))
    out: set[str] = set()
    for match in _VALUE_TOKEN.finditer(prose):
        word = match.group(0).rstrip(".-+")
        opens = match.start() == 0 or bool(_SENTENCE_END.search(prose[:match.start()]))
        if any(c.isdigit() for c in word) or (word[:1].isupper() and not opens):
            lower = word.lower()
            plural = len(lower) > 3 and lower.endswith("s") and not lower.endswith("ss") and not word.isupper()
            out.add(lower[:-1] if plural else lower)  # "Tuesdays" is "Tuesday"; "HTTPS" is not "HTTP"
    return frozenset(out)


_WORD = re.compile(r"[a-z0-9][a-z0-9.+#_-]*[a-z0-9+#]|[a-z0-9]")
# the words after which a rule names the tool or thing it is about: "use X", "with X", "via X", "on X" …
_TOOL_SLOT = frozenset("use uses using with via through by on from prefer prefers".split())


# one word for another that says the same ("every"/"each") or its opposite ("before"/"after": a conflict)
_SAME = [frozenset(p.split()) for p in ("every each all any", "1 single", "repo repository", "pr pull", "dir directory folder",
                                        "config configuration", "docs documentation", "env environment")]
_OPPOSITE = [frozenset(p.split()) for p in (
    "before after", "always never", "do don't", "enable disable", "enabled disabled", "with without", "above below",
    "first last", "min max", "minimum maximum", "allow forbid", "allow deny", "include exclude", "sync async",
    "public private", "upper lower", "uppercase lowercase", "start end", "true false", "on off", "must mustn't",
    "should shouldn't", "can can't", "ascending descending", "asc desc", "inside outside", "local remote")]


# words that carry no content of their own: one for another is the same rule ("over"/"to" inheritance)
_FUNCTION = frozenset("a an the to of over for in on at into onto than as".split())
# function words and quantifiers: no word of a fact's content ("every Tuesday" / "on Tuesdays")
_FLEX = _FUNCTION | frozenset("every each all any some by from with".split())


def _tokens(text: str, numbers: bool = True) -> list[tuple[str, bool]]:
    """``text``'s words, lower-cased, in their :func:`plain` forms (numbers in words as digits, one wording for a
    negation), each with whether it is a backtick span (a span is one word)."""
    out: list[tuple[str, bool]] = []
    last = 0
    for match in list(_SPAN.finditer(text)) + [None]:
        prose = text[last:match.start()] if match else text[last:]
        out += [(w, False) for w in _WORD.findall((plain(prose) if numbers else prose).lower())]
        if match:
            key = span_key(match.group(2))  # a code span is one name (`ref('orders')` is `ref()`)
            out.append((" ".join(sorted(key[0])) if key is not None else match.group(2).strip().lower(), True))
            last = match.end()
    return out


def _places(text: str) -> list[tuple[int, int]]:
    """Where each word of ``_tokens(text, numbers=False)`` stands in ``text`` (start, end): a note quotes the words
    as the text writes them, case, slashes and backticks included."""
    out: list[tuple[int, int]] = []
    last = 0
    for match in list(_SPAN.finditer(text)) + [None]:
        end = match.start() if match else len(text)
        out += [(last + m.start(), last + m.end()) for m in _WORD.finditer(text[last:end].lower())]
        if match:
            out.append((match.start(), match.end()))
            last = match.end()
    return out


def _quoted(text: str, places: list[tuple[int, int]], first: int, last: int) -> str:
    """The words ``first``..``last`` (token indices) of ``text`` as written."""
    return text[places[first][0]:places[last][1]]


def _runs(indices: list[int]) -> list[tuple[int, int]]:
    """Consecutive indices as (first, last) runs: [2, 3, 7] -> [(2, 3), (7, 7)]."""
    runs: list[tuple[int, int]] = []
    for i in indices:
        if runs and runs[-1][1] == i - 1:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


def _one_word(new: str, old: str) -> tuple[str, str, str, bool] | None:
    """(the word before, new's word, old's word, both in code spans) when the two texts are the same words but one,
    else None."""
    a, b = _tokens(new), _tokens(old)
    if len(a) != len(b) or len(a) < 3:
        return None
    diff = [i for i, (x, y) in enumerate(zip(a, b)) if x[0] != y[0]]
    if len(diff) != 1:
        return None
    i = diff[0]
    return (a[i - 1][0] if i else "", a[i][0], b[i][0], a[i][1] and b[i][1])


# endings that make another form of the same word ("test"/"tests", "lint"/"linting", "type"/"typed"), and prefixes
# that keep its sense ("generated"/"autogenerated"); a prefix that negates it makes its opposite ("sync"/"async",
# "valid"/"invalid", "mutable"/"immutable": review29 R29-1, counted HELPFUL for the old rule as "a form of it")
_FORM_ENDINGS = frozenset("s es ed d ing er ers ly ion ions ation ations ment ments able ity ities ies al ally ness "
                          "ize ise ized ised izing ising or ors ive".split())
_SAME_PREFIXES = ("auto", "re", "sub", "co", "multi", "self")
_NEGATING_PREFIXES = ("un", "in", "im", "il", "ir", "non", "non-", "dis", "a", "de", "anti", "mis")


def _negated(x: str, y: str) -> bool:
    """One word is the other with a negating prefix ("async" of "sync", "unsigned" of "signed")."""
    short, long = sorted((x, y), key=len)
    return len(short) >= 3 and any(long == prefix + short for prefix in _NEGATING_PREFIXES)


def _contrary(x: str, y: str) -> bool:
    """One word says the opposite of the other: a listed pair ("before"/"after") or a negating prefix ("sync"/"async")."""
    return any(x in p and y in p for p in _OPPOSITE) or _negated(x, y)


def _alike(x: str, y: str) -> bool:
    """One word for another that says the same: a form of it ("installs"/"installing", "generated"/"autogenerated"),
    a short form ("repo"/"repository", "prod"/"production"), a listed synonym ("every"/"each") or two function words
    ("over"/"to"). Not its opposite ("sync"/"async", listed or by a negating prefix), nor another name that begins or
    ends with it ("pip"/"pipx", "make"/"cmake", "vite"/"vitest", "java"/"javascript")."""
    from altimate_learn.deliver.morphology import fold

    if any(x in p and y in p for p in _SAME) or (x in _FUNCTION and y in _FUNCTION):
        return True
    if _contrary(x, y):
        return False
    if set(fold(x)) & set(fold(y)):
        return True
    short, long = sorted((x, y), key=len)
    if len(short) < 3:
        return False
    if long.startswith(short):
        return long[len(short):] in _FORM_ENDINGS or (short.endswith("e") and long[len(short) - 1:] in _FORM_ENDINGS)
    return long.endswith(short) and long[:len(long) - len(short)] in _SAME_PREFIXES


def _one_word_kind(new: str, old: str) -> tuple[str, str, str] | None:
    """When the two texts are the same words but one: (kind, new's word, old's word), the kind ``same`` (a form of
    the word or a synonym), ``value`` (another value of the same slot: a tool named after "with"/"use"/"via"… in lower
    case as often as not, "Lint with flake8 …" and "Lint with ruff …" (review28 R28-1), or its opposite, "Run
    migrations before deploying." and "… after deploying.": a conflict) or ``other`` (anything else, a code span
    included: `pnpm` for `npm` is a parallel rule, `invoices` for `orders`, as often as another value)."""
    swap = _one_word(new, old)
    if swap is None:
        return None
    before, x, y, code = swap
    if code:
        return "other", x, y
    if _alike(x, y):
        return "same", x, y
    if before in _TOOL_SLOT or _contrary(x, y):
        return "value", x, y
    return "other", x, y


def one_word_apart(new: str, old: str) -> tuple[str, str] | None:
    """(new's word, old's word) when the texts differ in one word that neither says the same nor is another value
    of the same slot (:func:`values_swapped`): "Add docs for every new endpoint." and "Add tests …", "Use type hints
    everywhere." and "… type annotations …": maybe two rules, maybe one in other words. No vote either way: the rule is
    added beside the lesson with a note naming it, for the person who reviews it to keep both or reject one."""
    kind = _one_word_kind(new, old)
    if kind is None or kind[0] != "other" or values_swapped(new, old):
        return None
    return kind[1], kind[2]


MAX_APART = 3  # words two same-length texts may differ in and still be read side by side, word for word


def words_apart(new: str, old: str) -> list[tuple[str, str]] | None:
    """The (new's word, old's word) pairs that set two texts apart when they are the same sentence but for one to
    three words in the same places, not all of which say the same (a form, a synonym): "The orders table is
    partitioned by month in Snowflake." and "The events table is partitioned by day …" are two facts, however many
    words they share (review28: counted HELPFUL for the orders lesson, the events fact dropped). One word apart is
    :func:`one_word_apart`; another value of the same slot (:func:`values_swapped`) and an opposite are updates or
    conflicts, not this. The rule is added beside the lesson with a note naming the words."""
    a, b = _tokens(new), _tokens(old)
    if len(a) != len(b):
        return _spans_apart(new, old, a, b)
    diff = [i for i, (x, y) in enumerate(zip(a, b)) if x[0] != y[0]]
    if len(diff) == 1:
        if one_word_apart(new, old) is None:
            return None
        picked = diff
    else:
        if len(a) < 4 or not 2 <= len(diff) <= min(MAX_APART, len(a) // 2) or values_swapped(new, old):
            return None
        if len(diff) == 2 and (a[diff[0]], a[diff[1]]) == (b[diff[1]], b[diff[0]]):
            return None  # two words traded: a list in another order, or the opposite (:func:`reversed_choice`)
        picked = [i for i in diff if a[i][1] or b[i][1] or not _alike(a[i][0], b[i][0])]
        # two words of content or more ("every Tuesday" / "on Tuesdays" is one function word and a form: a restatement)
        content = [i for i in picked if not (_FLEX & {a[i][0], b[i][0]})]
        if len(content) < 2 or any(a[i][0] in p and b[i][0] in p for i in picked for p in _OPPOSITE):
            return None
    # the words as the texts write them ("fourty", not the "40" they are compared as; "AWS Secrets Manager" for "the
    # team vault", not word by word: review29 R29-10), where the two line up
    at_a, at_b = _places(new), _places(old)
    if (len(at_a), len(at_b)) != (len(a), len(b)):
        return [(a[i][0], b[i][0]) for i in picked]
    return [(_quoted(new, at_a, first, last), _quoted(old, at_b, first, last))
            for first, last in _runs(diff) if any(first <= i <= last for i in picked)]


def _spans_apart(new: str, old: str, a: list[tuple[str, bool]], b: list[tuple[str, bool]]) -> list[tuple[str, str]] | None:
    """:func:`words_apart` for texts of different lengths: words of content in one place replaced by others that
    say something else ("Pin the action versions to a tag." of "… to a commit sha.": review29, a HELPFUL vote for the
    sha rule, the tag rule lost). Words only added or left out (an example, "every") and forms ("before pushing" /
    "before every push", "PR" / "pull request") are no such replacement."""
    from difflib import SequenceMatcher

    if min(len(a), len(b)) < 4 or values_swapped(new, old):
        return None
    # a code span as its words: "Deploy with `helm`, not `kubectl apply`." says what "… Helm, not kubectl apply." says
    at_a, at_b = _places(new), _places(old)
    whole = (len(at_a), len(at_b)) == (len(a), len(b))
    home_a = [n for n, (token, _) in enumerate(a) for _w in token.split()]  # flat word -> its token
    home_b = [n for n, (token, _) in enumerate(b) for _w in token.split()]
    a = [(w, False) for token, _ in a for w in token.split()]
    b = [(w, False) for token, _ in b for w in token.split()]
    ops = [op for op in SequenceMatcher(None, [w for w, _ in a], [w for w, _ in b], autojunk=False).get_opcodes()
           if op[0] != "equal"]
    if not ops or len(ops) > MAX_APART:
        return None
    moved = _moved_negation(ops, a, b)
    if moved:
        if whole:
            mine = " … ".join(_quoted(new, at_a, home_a[op[1]], home_a[op[2] - 1]) for op in moved if op[2] > op[1])
            theirs = " … ".join(_quoted(old, at_b, home_b[op[3]], home_b[op[4] - 1]) for op in moved if op[4] > op[3])
        else:
            mine = " … ".join(" ".join(w for w, _ in a[op[1]:op[2]]) for op in moved if op[2] > op[1])
            theirs = " … ".join(" ".join(w for w, _ in b[op[3]:op[4]]) for op in moved if op[4] > op[3])
        return [(mine, theirs)]
    pairs = []
    for tag, i1, i2, j1, j2 in ops:
        if tag != "replace":
            continue
        mine = [w for w, _ in a[i1:i2] if w not in _FLEX]
        theirs = [w for w, _ in b[j1:j2] if w not in _FLEX]
        if not mine or not theirs or any(_alike(x, y) for x in mine for y in theirs):
            continue
        if any(x in p and y in p for x in mine for y in theirs for p in _OPPOSITE):
            return None
        if whole:
            pairs.append((_quoted(new, at_a, home_a[i1], home_a[i2 - 1]), _quoted(old, at_b, home_b[j1], home_b[j2 - 1])))
        else:
            pairs.append((" ".join(w for w, _ in a[i1:i2]), " ".join(w for w, _ in b[j1:j2])))
    return pairs or None


def _moved_negation(ops: list[tuple[str, int, int, int, int]], a: list[tuple[str, bool]],
                    b: list[tuple[str, bool]]) -> list[tuple[str, int, int, int, int]]:
    """The edits that move a negation, when one text drops it in one place and has it in another: "Run migrations in
    the request handler, never at startup." is no restatement of "Never run migrations in the request handler." (the
    same words, negated elsewhere: review30); [] otherwise."""
    def negated(words: list[tuple[str, bool]], start: int, end: int) -> bool:
        return any(w in ("not", "no") for w, _ in words[start:end])

    only_new = [n for n, op in enumerate(ops) if op[0] in ("delete", "replace") and negated(a, op[1], op[2])]
    only_old = [n for n, op in enumerate(ops) if op[0] in ("insert", "replace") and negated(b, op[3], op[4])]
    if not only_new or not only_old or set(only_new) == set(only_old):
        return []  # no negation on one side, or the same place negated in other words
    return [ops[n] for n in sorted(set(only_new) | set(only_old))]


def _opposite_in_place(new: str, old: str) -> bool:
    """The texts differ in one place, of another length, where one says the opposite of the other: "Run the smoke
    tests only after the rollout." of "… before the rollout." (counted HELPFUL: review30)."""
    from difflib import SequenceMatcher

    a = [w for token, _ in _tokens(new) for w in token.split()]
    b = [w for token, _ in _tokens(old) for w in token.split()]
    if len(a) == len(b):
        return False  # word for word: :func:`_one_word_kind` and :func:`words_apart` read it
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "replace" and any(x in p and y in p for x in a[i1:i2] for y in b[j1:j2] for p in _OPPOSITE):
            return True
    return False


# words that set one choice against another ("use X, not Y", "X over Y", "X instead of Y", "X rather than Y", "X vs
# Y", "X; never Y") or put two in an order or a direction ("X before Y", "X first, then Y", "merge X into Y", "rebase X
# onto Y"); "to" only after a word that gives it a direction ("prefer X to Y", "convert X to Y", "from X to Y", "map X
# to Y"): "Join orders to customers." and "Join customers to orders." may well be one rule
_CONTRAST = frozenset("not no never over instead rather than vs versus unlike nor avoid before after then first into "
                      "onto from".split())
_DIRECTED = frozenset("""prefer prefers preferred favour favor convert converts cast casts map maps migrate migrates move
    moves switch switches change changes port ports translate translates upgrade downgrade rename renames redirect
    redirects copy copies promote promotes from""".split())


def reversed_choice(new: str, old: str) -> bool:
    """The same words with two choices traded across a word that sets one against the other: "Use npm, not pnpm." of
    "Use pnpm, not npm.", "Prefer tabs over spaces." of "Prefer spaces over tabs.", "Use local time, not UTC." of "Use
    UTC, not local time.", "Convert dollars to cents." of "Convert cents to dollars.", "Write the code first, then the
    tests." of "Write the tests first, then the code." Their words are the same, so they read as a restatement (a
    HELPFUL vote, both kept in force); they say the opposite of each other. Items of a list traded ("Use ruff and
    mypy.") are no such thing, nor two words joined by "to" without a direction ("Join orders to customers.")."""
    a = [w for token, _ in _tokens(new) for w in token.split()]
    b = [w for token, _ in _tokens(old) for w in token.split()]
    if len(a) != len(b) or a == b or sorted(a) != sorted(b):
        return False
    diff = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
    first, last = diff[0], diff[-1] + 1
    mine, theirs = a[first:last], b[first:last]
    for x_len in range(1, len(mine) - 1):
        for y_len in range(1, len(mine) - x_len):
            x, middle, y = mine[:x_len], mine[x_len:len(mine) - y_len], mine[len(mine) - y_len:]
            if theirs != y + middle + x:
                continue
            said = set(middle)
            if _CONTRAST & said or "to" in said and _DIRECTED & set(a[:first + x_len]):
                return True
    return False


# the words every rule is framed in, whatever it is about: a short rule sharing only these with a lesson shares no subject
_RULE_FRAME = frozenset("not always use using prefer avoid stop do please only instead make sure".split())


def one_place_apart(new: str, old: str) -> tuple[str, str] | None:
    """(new's words, old's words) when the texts are the same sentence but for one place, where words of content are
    replaced by others that do not say the same: "Store timestamps in local time." of "Store timestamps in UTC.",
    "Write tests for the CLI." of "… for the API."; else None. In a short rule that one place is most of its words, so
    word overlap calls the two unrelated."""
    from difflib import SequenceMatcher

    a = [w for token, _ in _tokens(new) for w in token.split()]
    b = [w for token, _ in _tokens(old) for w in token.split()]
    if min(len(a), len(b)) < 3:
        return None
    ops = [op for op in SequenceMatcher(None, a, b, autojunk=False).get_opcodes() if op[0] != "equal"]
    if len(ops) != 1 or ops[0][0] != "replace":
        return None
    _, i1, i2, j1, j2 = ops[0]
    mine = [w for w in a[i1:i2] if w not in _FLEX]
    theirs = [w for w in b[j1:j2] if w not in _FLEX]
    if not (mine and theirs) or len(a) - (i2 - i1) < 2 or any(_alike(x, y) for x in mine for y in theirs):
        return None
    if all(w in _FLEX or w in _RULE_FRAME for w in a[:i1] + a[i2:]):
        return None  # only the frame of a rule is shared: "Never use `Any` everywhere." and "Never use semicolons."
        # are two rules about two things, not one rule with another value (review43 R43-2)
    tokens_a, tokens_b = _tokens(new, numbers=False), _tokens(old, numbers=False)
    at_a, at_b = _places(new), _places(old)
    flat_a = [w for token, _ in tokens_a for w in token.split()]
    flat_b = [w for token, _ in tokens_b for w in token.split()]
    if (len(at_a), len(at_b)) == (len(flat_a), len(flat_b)) == (len(a), len(b)):
        return _quoted(new, at_a, i1, i2 - 1), _quoted(old, at_b, j1, j2 - 1)
    return " ".join(a[i1:i2]), " ".join(b[j1:j2])


def opposed(mine: str, theirs: str) -> bool:
    """Whether one place's words say the opposite of the other's ("enable"/"disable", "sync"/"async", "before"/
    "after")."""
    a, b = _WORD.findall(plain(mine).lower()), _WORD.findall(plain(theirs).lower())
    return any(_contrary(x, y) for x in a for y in b)


# the words before a place a rule covers: "Write tests for the API." and "… for the CLI." are two scopes, two rules
_SCOPE_WORDS = frozenset("for on in under inside within across into".split())
_DAYS_MONTHS = frozenset("""monday tuesday wednesday thursday friday saturday sunday weekday weekend january february
march april may june july august september october november december""".split())


def another_scope(new: str, old: str) -> tuple[str, str] | None:
    """(new's word, old's word) when the texts differ in one word after "for"/"on"/"in"… that is no number, day or
    opposite: "Write tests for the CLI." of "… for the API.", "Run mypy on scripts." of "… on services." (review31
    R31-5: replaced as "another value", the first rule lost). Whether it is another value or a second scope, the words
    cannot tell: both rules stay, the difference named."""
    swap = _one_word(new, old)
    if swap is None:
        return None
    before, x, y, _code = swap
    if before not in _SCOPE_WORDS:  # "for the CLI", "on every service": the scope word one or two words before
        a, b = _tokens(new), _tokens(old)
        at = next(i for i, (m, t) in enumerate(zip(a, b)) if m[0] != t[0])
        if before not in ("the", "a", "an", "every", "each", "all") or not any(
                w in _SCOPE_WORDS for w, _ in a[max(0, at - 2):at]):
            return None
    if any(c.isdigit() for c in x + y) or {x.rstrip("s"), y.rstrip("s")} & _DAYS_MONTHS or _contrary(x, y) \
            or _alike(x, y):
        return None
    return one_place_apart(new, old) or (x, y)


def values_swapped(new: str, old: str) -> bool:
    """Each rule states a value the other does not: "… runs on Postgres 15" of "… runs on Postgres 16", "… every
    Thursday from `develop`" of "… every Tuesday", "Lint with ruff" of "Lint with flake8", "after deploying" of
    "before deploying": an update or a conflict, never a restatement (review27 R27-2: counted HELPFUL for the stale
    lesson, the new value dropped)."""
    mine, theirs = value_words(new), value_words(old)
    if mine - theirs and theirs - mine:
        return True
    kind = _one_word_kind(new, old)
    return (kind is not None and kind[0] == "value") or _opposite_in_place(new, old)


MAX_ADDED = 4  # words one lesson may add to another's whole sentence and still be read as saying it again
_CONDITION_WORDS = _SCOPE_WORDS | frozenset("only except unless when whenever if outside but without".split())


def added_span(new: str, old: str) -> tuple[str, bool] | None:
    """(the words ``new`` adds, as written; whether they narrow the rule) when ``new`` is ``old``'s whole sentence with
    one run of at most :data:`MAX_ADDED` words added: "Use `uv` instead of `pip` to install dependencies." of "Use `uv`
    instead of `pip`." (review36 R36-11: staged beside it, 0.57 alike, below the dedupe threshold). Words that open with
    a place or a condition ("in CI", "except in Docker", "only for scripts") narrow it: a second rule, not the same one
    said again. None for anything else (another word changed, words left out, two runs added)."""
    a, b = _tokens(new, numbers=False), _tokens(old, numbers=False)
    if (len(b) < 3 and not (len(b) == 2 and b[1][1])) or not 0 < len(a) - len(b) <= MAX_ADDED:
        # (two words only as a verb and a name: "Use `uv`." of "Use `uv` instead of `pip`.", review38 R38-9)
        return None
    start = 0
    while start < len(b) and a[start][0] == b[start][0]:
        start += 1
    added = len(a) - len(b)
    if a[start + added:] != b[start:]:
        return None  # not one run inserted into the same sentence
    places = _places(new)
    if len(places) != len(a):
        return None
    words = _quoted(new, places, start, start + added - 1)
    return words, a[start][0] in _CONDITION_WORDS
