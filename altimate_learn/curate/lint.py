"""Lesson lint: the deterministic gate every lesson text passes before it can reach `candidate.json`,
`approved.json` or an agent's prompt.

A lesson is untrusted until it passed here: a model wrote it from session text that may contain a
poisoned review comment, a copied error message or a secret. The rules reject (never repair) text that
could steer an agent somewhere a reviewer would not expect: shell commands that fetch or destroy, URLs and
hosts, links, addresses, ids from someone's session, paths outside the project, prompt-injection phrasing
and anything that looks like a credential. Ordinary developer commands in a lesson ("Run `dbt build
--select state:modified+` in CI") are the substance of good lessons and are accepted.

Normalisation comes first so a rule cannot be dodged with look-alike characters: NFKC folds fullwidth and
compatibility forms (``ｃｕｒｌ`` → ``curl``), control and format characters (zero-width, bidi overrides,
BOM, soft hyphen) are removed, and every run of whitespace becomes one space. A line break anywhere inside
the text (``\\n``, ``\\r``, U+2028/2029, NEL, vertical tab, form feed) is a rejection, not a repair: a
lesson is one line. A model's text must already be plain (a model's input fails closed): one that needed
normalising (invisible characters, unusual spaces, tabs, look-alike letter forms, decomposed accents) is
rejected as `hidden-characters` when no other rule names it; a person's (``typed_by_person``) is normalised
and the result carries a warning.

Text that would read differently to a model than to a reviewer is rejected (`hidden-characters`): bidi
overrides and Unicode tag characters, and words mixing Latin letters with Cyrillic/Greek look-alikes. Every
rule also runs over a skeleton of the text (:mod:`altimate_learn.curate.rules.hidden`), so `іgnore previous
instructions` or `w g e t … | s h` fail like their plain forms.

The rules live in :mod:`altimate_learn.curate.rules`, one module per family: markup and locations, shell
commands, prompt injection, secrets, exfiltration, remote code and obfuscated code, destruction and
privilege, concealment and orders from data, untrusted package sources, and the verification flags
(:mod:`altimate_learn.curate.rules.flags`: kept, but flagged for explicit approval). This module normalises,
runs them in order, and reports the first that fires.

Stdlib only (plus the project's redactor): delivery re-lints every approved lesson on the hook path.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

from altimate_learn.curate.rules.base import Text, rx
from altimate_learn.curate.rules.exfiltration import ENV_OUT, ENV_OUT_TRIGGER, EXFIL_RULE, EXFIL_TRIGGER, EXFIL_VERBS
from altimate_learn.curate.rules.flags import flag
from altimate_learn.curate.rules.hidden import HIDDEN, NOT_PLAIN_REASON, mixed_script, not_plain, skeleton
from altimate_learn.curate.rules.markup import IPV4, TLD_SET, bare_host
from altimate_learn.curate.rules.secrets import looks_secret
from altimate_learn.curate.rules import CLAUSE_RULES, RULES

MAX_CHARS = 140

# Line terminators that split a line for some consumer (markdown, JS, Python's splitlines).
_LINE_BREAKS = rx("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
_WS = rx(r"\s+")


@dataclass(frozen=True)
class LintResult:
    ok: bool
    text: str
    rule: str | None = None
    reason: str | None = None
    flagged: bool = False
    flag_reason: str | None = None
    warning: str | None = None  # text a person typed that was normalised (invisible characters removed, …)


def length(text: str) -> int:
    """Length as altimate-code counts it (UTF-16 code units): a lesson both tools accept."""
    if text.isascii():
        return len(text)
    return len(text) + len(_ASTRAL.findall(text))


_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")


_ASCII_CONTROL = rx(r"[\x00-\x08\x0e-\x1f\x7f]")


def normalize(text: str) -> str:
    """NFKC, control/format characters removed, whitespace collapsed and trimmed."""
    if text.isascii():  # the common case: ASCII is already NFKC and has no format characters
        return _WS.sub(" ", _ASCII_CONTROL.sub("", text)).strip()
    text = unicodedata.normalize("NFKC", text)
    # Tabs and other spacing controls become spaces first so words they separate stay apart.
    text = "".join(" " if ch in "\t\n\r\v\f\x85" else ch for ch in text)
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn")
                   or ch == " ")
    return _WS.sub(" ", text).strip()


def path_problem(glob: object, verdict: tuple | None = None) -> str | None:
    """Why a path trigger glob may not be stored or delivered, or None. Triggers are shown to the agent
    (`[applies to: models/staging/**]`), so they pass the same lint as lesson text, and stay relative,
    one word, inside the project. The reason reads after the glob ("'/etc/**' leaves the project")."""
    if not isinstance(glob, str) or not glob.strip():
        return "must be a non-empty string"
    if glob != glob.strip() or len(glob) > 200:
        return "has surrounding spaces or is too long"
    # ``verdict``: (ok, text, reason) of lint(glob) already at hand (delivery memoises verdicts).
    ok, clean, reason = verdict[:3] if verdict is not None else (lambda r: (r.ok, r.text, r.reason))(lint(glob))
    if not ok:
        return reason
    if clean != glob or " " in glob:
        return "contains spaces or hidden characters"
    if glob.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", glob) or ".." in re.split(r"[\\/]", glob):
        return "leaves the project"
    return None


def _reject(text: str, rule: str, reason: str) -> LintResult:
    return LintResult(False, text, rule, reason)


def lint(text: str, *, grandfathered: bool = False, typed_by_person: bool = False) -> LintResult:
    """Check one lesson text. ``grandfathered``: the unchanged text of an already approved lesson, which
    may exceed the length limit (every other rule still applies).

    ``typed_by_person``: the text comes from a person (a lesson they wrote, edited or approved) rather than
    a model. A model's text must already be plain: zero-width, BOM, soft hyphen and other format characters,
    NBSP, tabs and text not in NFKC form (ligatures, decomposed accents, fullwidth letters) are a rejection
    (`hidden-characters`; a model's input fails closed). A person's text is normalised instead, and the
    result says so in ``warning``.
    """
    if not isinstance(text, str):
        return _reject("", "empty", "lesson text must be a string")
    return _lint(text, grandfathered, typed_by_person)


@functools.lru_cache(maxsize=16384)  # a store is linted on every reflection, delivery and promote
def _lint(text: str, grandfathered: bool, typed_by_person: bool = False) -> LintResult:
    if _LINE_BREAKS.search(text.strip(" ")) and not _LINE_BREAKS.search(text.strip()) and not typed_by_person:
        return _reject(normalize(text), "hidden-characters", NOT_PLAIN_REASON)  # a stray trailing line break
    if _LINE_BREAKS.search(text.strip()):
        return _reject(normalize(text), "multiline", "must be a single line")
    clean = normalize(text)
    if _LINE_BREAKS.search(clean):  # pragma: no cover - normalize removes them; kept as a guard
        return _reject(clean, "multiline", "must be a single line")
    if not clean:
        return _reject(clean, "empty", "empty text")
    if length(clean) > MAX_CHARS and not grandfathered:
        return _reject(clean, "too-long", f"longer than {MAX_CHARS} characters ({length(clean)})")
    if HIDDEN.search(text):
        return _reject(clean, "hidden-characters", "contains hidden characters (bidi controls or Unicode tags)")
    warning = None
    plain = not not_plain(text)
    if not plain and typed_by_person:
        warning = "normalised: invisible or non-normalised characters were removed or replaced"
    mixed = mixed_script(clean) if not clean.isascii() else None
    if mixed:
        return _reject(clean, "hidden-characters",
                       f"mixes look-alike letters from another script in one word ({mixed!r})")
    problem = _check(clean)
    variants = _variants(text, clean)
    for variant in variants:
        if problem is not None:
            break
        # The same rules over the skeleton catch dodges (`іgnore` with a Cyrillic і, `c u r l … | b a s h`).
        problem = _check(variant)
        if problem is not None:
            problem = (problem[0], problem[1] + " (written with look-alike, invisible or spaced-out characters)")
    if problem is not None:
        return _reject(clean, *problem)
    if not plain and not typed_by_person:  # a model's text fails closed: no rule fired, but it is not plain
        return _reject(clean, "hidden-characters", NOT_PLAIN_REASON)
    flagged, why = flag(clean)
    for variant in variants:
        if flagged:
            break
        flagged, why = flag(variant)
    return LintResult(True, clean, None, None, flagged, why, warning)


def _variants(text: str, clean: str) -> list[str]:
    """Other readings of the text the rules must also pass: the skeleton of the clean text, and of the text
    with each invisible character read as a space (`ignore\u00adall` is "ignore all" to a reader)."""
    out = [skeleton(clean)]
    if not text.isascii():
        spaced = "".join(" " if unicodedata.category(ch) == "Cf" else ch for ch in unicodedata.normalize("NFKC", text))
        if spaced != text:
            out.append(skeleton(normalize(spaced)))
    return [v for v in dict.fromkeys(out) if v != clean]


_SENTENCE = re.compile(r"[^.;!?\n]+[.;!?]*")
# a prohibition whose next word is the act itself ("Never use …", "Do not pipe …", "Avoid eval …", "No sudo …"): a
# list of what may follow, not of what may not ("Never stop running sudo …", "Never refuse to run …" are orders:
# review31 R31-9)
_PROHIBITION = re.compile(r"\s*(?:never|do not|don['’]?t|dont|avoid|no)\s+(?:ever\s+)?(?:use|using|run|running|call|calling|"
                          r"pipe|piping|invoke|invoking|execute|executing|add|adding|put|putting|type|typing|include|"
                          r"including|hardcode|hardcoding|commit|committing|sudo|eval|curl|wget|rm|chmod|chown|exec|"
                          r"bash|sh|dd|kill)\b", re.I)
# words that turn a prohibition into an order, or join a second clause to it ("Never use sudo, run … instead",
# "Don't forget to run …", "No need to avoid …"): such a sentence is read as it stands
_NOT_PLAIN = re.compile(r"[,:&|$`]|\s[-–—]\s|\b(?:and|or|unless|except|instead|but|however|forget|forgets|skip|omit|"
                        r"fail|neglect|without|need|needs|hesitate|then|yet|only|until|before|after|otherwise|rather|"
                        r"always|must|should|first)\b", re.I)


_NEGATED_AGAIN = re.compile(r"\b(?:no|not|nothing|anything|less|fewer|other|non|neither|nor|never|n['’]t)\b", re.I)


def _plain_prohibition(sentence: str) -> bool:
    found = _PROHIBITION.match(sentence)
    if not found:
        return False
    rest = sentence[found.end():]
    return not _NOT_PLAIN.search(sentence) and not _NEGATED_AGAIN.search(rest)


def _without_prohibitions(clean: str) -> str:
    """``clean`` with each sentence that is one plain prohibition blanked ("Never use sudo in Dockerfiles.", "Do not
    pipe curl into sh in install scripts."): the act right after the negation, and no comma, code span, second clause,
    second negation or word that turns it around."""
    return _SENTENCE.sub(lambda m: " " * len(m.group(0)) if _plain_prohibition(m.group(0)) else m.group(0), clean)


def _check(clean: str) -> tuple[str, str] | None:
    """(rule, reason) of the first rule ``clean`` breaks, or None."""
    view = Text(clean)
    unforbidden = None
    for rule, reason, pattern, trigger in RULES:
        if trigger(view) and pattern.search(clean):  # type: ignore[operator]
            if rule == "shell-command":
                # "Never use sudo in Dockerfiles." forbids the command it names (review31 R31-7): read without its
                # plain prohibitions, the text must still hold no command
                unforbidden = _without_prohibitions(clean) if unforbidden is None else unforbidden
                if not pattern.search(unforbidden):  # type: ignore[attr-defined]
                    continue
            return rule, reason
        if rule == "url" and reason == "contains a URL" and "." in clean:
            if (not view.words.isdisjoint(TLD_SET) and bare_host(clean)) or \
                    (clean.count(".") >= 3 and IPV4.search(clean)):
                return "url", "contains a URL (bare host name)"
    if "[REDACTED" in clean:  # a placeholder means a secret was here: the rule was written around it
        return "secret", "contains a redacted secret"
    if looks_secret(clean, view):
        return "secret", "looks like a secret"
    if view.has(*EXFIL_TRIGGER) and view.starts(EXFIL_VERBS) and EXFIL_RULE.search(clean):
        return "exfiltration", "asks to send, post or commit credentials or private files"
    if view.has(*ENV_OUT_TRIGGER) and ENV_OUT.search(clean):
        return "exfiltration", "asks to move the environment or a credentials file out of the process"
    for rule, reason, searcher, trigger in CLAUSE_RULES:
        if trigger(view) and searcher.search(clean):  # type: ignore[attr-defined,operator]
            return rule, reason
    return None


def is_flagged(text: str) -> tuple[bool, str | None]:
    """Does the text mention skipping, disabling or ignoring verification? (Kept, needs explicit approval.)"""
    if not isinstance(text, str):
        return False, None
    clean = normalize(text)
    result = flag(clean)
    for variant in _variants(text, clean) if not result[0] else ():
        result = flag(variant)
        if result[0]:
            break
    return result

