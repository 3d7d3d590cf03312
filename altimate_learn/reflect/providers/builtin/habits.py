"""A complaint that the agent repeats something, read as the standing rule it carries (:func:`_habit`): "you keep
adding emojis to the commit messages", "why did you delete the tests again?", "you forgot to update the changelog
again", "why are you editing the generated files?". And the tests the restating shares with the other readers: whether
what the agent did names a kind of thing or code (:func:`_a_kind`), one thing of this task (:func:`_one_thing`), or code
(:func:`_code_word`). `restate.py` runs it with the other restatings.
"""

from __future__ import annotations

import re

from altimate_learn.reflect.providers.builtin.one_off import _plural, one_of_many
from altimate_learn.reflect.providers.builtin.vocabulary import COMPLAINT_INTENSIFIER

# A complaint that the agent repeats something ("you keep adding emojis to the commit messages", "why did you delete
# the tests again?", "you forgot to update the changelog again"): the repetition is the person's own marker that the
# rule holds beyond this task, so it is restated with "from now on" (which the templates read as a standing rule).
# Only verbs of an action the agent chose; a verb of re-doing ("why did you run the tests again?", "…generate the
# types again?") asks about one more run, not a habit, and gives nothing.
_HABIT_VERBS = frozenset("""add delete remove change modify rewrite overwrite revert commit push use create rename move
hardcode hard-code disable skip ignore touch edit put import leave mock write insert reformat wrap print log call
include append drop pin introduce inline duplicate comment suppress silence bypass swallow stub hide install bump
generate copy upgrade downgrade""".split())
_REDO_VERBS = frozenset("install bump generate copy upgrade downgrade push commit".split())
_PAST = {"wrote": "write", "put": "put", "left": "leave", "rewrote": "rewrite", "overwrote": "overwrite", "hid": "hide"}
_HABIT_LEAD = r"^(?:(?:ugh|dude|bro|man|seriously|come\s+on|wait|hm+|again|once\s+again|and|so|but|no+|omg)[\s,!.]+)*"
_DEICTIC_OBJECT = re.compile(r"^(?:it|that|this|these|those|them|the\s+same|everything|anything|something|stuff|things)\b"
                             r"|\b(?:wrong|incorrect|right|correct|proper|same|other|here|there)\b", re.I)
# "you keep adding emojis", "why do you keep deleting the tests?", "you keep forgetting to run the linter"
_KEEP = re.compile(_HABIT_LEAD + r"(?:why\s+(?:do|did|does|would)\s+you\s+|you(?:'re|\s+are)?\s+)(?:still\s+)?"
                   r"(?:keep|kept)\s+(?:on\s+)?(?P<verb>[a-z-]+ing)\s+(?P<rest>.+?)\s*[?!.]*$", re.I)
# "you're always adding comments to every line", "you constantly forget to run the formatter"
_ALWAYS = re.compile(_HABIT_LEAD + r"you(?:'re|\s+are)\s+(?:always|constantly)\s+(?P<verb>[a-z-]+ing)\s+(?P<rest>.+?)"
                     r"\s*[?!.]*$", re.I)
_FORGET = re.compile(_HABIT_LEAD + r"you\s+(?:(?:always|constantly|keep)\s+)?(?:forget|forgot|forgetting)\s+to\s+"
                     r"(?P<rest>.+?)(?P<again>\s+again)?\s*[?!.]*$", re.I)
# "why did you delete the tests again?", "you deleted the tests again!"
_AGAIN = re.compile(_HABIT_LEAD + r"(?:why\s+(?:did|do|would)\s+you\s+(?:just\s+)?(?P<verb>[a-z-]+)|"
                    r"why\s+(?:have|'ve)\s+you\s+(?:just\s+)?(?P<past>[a-z-]+)|you\s+(?:just\s+|have\s+|'ve\s+)?"
                    r"(?P<did>[a-z-]+ed|wrote|put|left|rewrote|overwrote|hid))\s+(?P<rest>.+?)\s+(?:again|once\s+more)"
                    r"\s*[?!.]*$", re.I)
# "wait, why are you editing the generated files?": asked of what the agent is doing to a kind of thing or code (refl28);
# a guard's verb only ("why are you adding tests?" may ask a plan)
_WHY_ARE_YOU = re.compile(_HABIT_LEAD + r"why\s+are\s+you\s+(?:still\s+|now\s+)?(?P<verb>editing|touching|modifying|"
                          r"changing|deleting|removing|overwriting|committing|hardcoding|hard-coding|disabling|skipping|"
                          r"reformatting|rewriting|bypassing|silencing|suppressing)\s+(?P<rest>.+?)\s*[?!.]*$", re.I)
# "why are you using `Any` everywhere?", "why do you put console.log all over the place?": the question names how widely
# the agent did it, which makes it a complaint of a habit, not a question about one choice (review43 R43-2's class)
_WHY_SO_MUCH = re.compile(_HABIT_LEAD + r"why\s+(?:are|do|did|would)\s+you\s+(?:still\s+|keep\s+(?:on\s+)?|always\s+|"
                          r"constantly\s+)?(?P<verb>using|adding|putting|use|add|put)\s+(?P<rest>.+?)"
                          r"(?:\s+" + COMPLAINT_INTENSIFIER + r")+\s*[?!.]*$", re.I)


def _past_base(word: str) -> str | None:
    lowered = word.lower()
    if lowered in _PAST:
        return _PAST[lowered]
    if not lowered.endswith("ed"):
        return None
    stem = lowered[:-2]
    for candidate in (stem, lowered[:-1], stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else None,
                      stem[:-1] + "y" if stem.endswith("i") else None):
        if candidate and candidate in _HABIT_VERBS:
            return candidate
    return None


# Plurals that name what a project keeps as a kind, even after "the" ("you keep touching the fixtures").
_KIND_HEADS = frozenset("""tests migrations fixtures snapshots docs docstrings types hints dependencies deps lockfiles
hooks secrets credentials messages warnings""".split())
_FILE_KINDS = frozenset("generated lock test temp temporary build env config migration snapshot vendor vendored".split())
_CODE = re.compile(r"`|[\w-]+[._/][\w./-]+|(?<![\w.])\.[a-z][\w-]+|\b[a-z]+[A-Z]\w*|\w\(\)")


def _a_kind(rest: str) -> bool:
    """Whether what the agent kept doing names a kind of thing or code ("the tests", "emojis to the commit messages",
    "console.log", "the .env file"), not one thing of this task ("the button", "the file", "the port": which one only
    the conversation says). "instead of" / "rather than" leave it out: the rule would be the other half, unsaid."""

    if re.search(r"\b(?:instead\s+of|rather\s+than)\b", rest, re.I):
        return False
    if _CODE.search(rest):
        return True
    if re.match(r"(?:directly\s+)?(?:to|on|into)\s+(?:the\s+)?(?:main|master|trunk|prod|production)(?:\s+branch)?\s*[?!.]*$",
                rest, re.I):
        return True  # "you keep committing to main": the project's main branch, not one thing of this task (refl25)
    if re.match(r"^(?:new|more|extra|other)\s", rest, re.I):
        return False  # "why did you create new files again": the rule is what to do instead, unsaid
    definite = re.match(r"^(?:the|all\s+the)\s+(.+)$", rest, re.I)
    if definite:
        # "the colors", "the buttons", "the files": this task's things, as much as "the button" (review21); a kind of
        # thing a project keeps ("the tests", "the migrations", "the generated files") is a kind
        words = []
        for word in re.findall(r"[\w-]+", definite.group(1).lower()):
            if word in ("of", "for", "in", "on", "at", "from", "with", "to", "into", "before", "after", "when", "so",
                        "again", "every", "each", "everywhere"):
                break
            words.append(word)
        if not words:
            return False
        head, qualifiers = words[-1], set(words[:-1])
        return head in _KIND_HEADS or head == "files" and bool(qualifiers & _FILE_KINDS)
    return _plural(rest)


_INSTEAD = re.compile(r"^(?P<bad>.+?)\s+(?:instead\s+of|rather\s+than)\s+(?P<good>.+?)(?:\s+(?:again|everywhere|all\s+the\s+time))?$",
                      re.I)


def _code_word(what: str) -> bool:
    """Whether a short phrase is or holds code: a name with code marks (`console.log`, `useState`, `any`), a tool's name
    (`pnpm`, `axios`) or a keyword a project bans (`var`, `print`, `eval`)."""
    from altimate_learn.reflect.providers.builtin.vocabulary import EVERYDAY_TOOL_NAMES, FORBIDDEN_CODE, TOOL_FAMILIES

    words = re.findall(r"[\w.-]+", what.lower())
    return bool(_CODE.search(what)) or any(w in FORBIDDEN_CODE or w in TOOL_FAMILIES and w not in EVERYDAY_TOOL_NAMES
                                           for w in words)


def _used_instead(rest: str) -> tuple[str, str] | None:
    """(what the agent keeps using, what it should use) when "you keep using X instead of Y" names code on one side
    and neither side is this task's thing ("var instead of const", "print instead of logging"; not "red instead of
    blue", "the modal instead of the page")."""
    m = _INSTEAD.match(rest.strip())
    if not m:
        return None
    bad, good = m.group("bad").strip(), m.group("good").strip()
    if re.search(r"\b(?:for|in|on|with)\s+(?:this|that|these|those)(?:\s+one)?$", good, re.I):
        return None  # "you keep using useEffect instead of useMemo for this": this case only (review23 R3)
    if any(len(side.split()) > 4 or _DEICTIC_OBJECT.search(side) or _one_thing(side) or re.search(r"\b(?:you|i|me|my)\b", side, re.I)
           for side in (bad, good)):
        return None
    return (bad, good) if _code_word(bad) or _code_word(good) else None


def _one_thing(what: str) -> bool:
    """Whether the object of a prohibition said again is one thing of this task ("the button", "that library", "the
    old API"), not a kind or what the project has one of (:func:`rules.one_of_many`)."""

    what = re.split(r"[,;.!?]", what, maxsplit=1)[0].strip()
    return bool(_DEICTIC_OBJECT.search(what)) or one_of_many(what)


def _habit(sentence: str) -> str | None:
    """The standing rule a complaint about a repeated action carries, restated, or None."""
    from altimate_learn.reflect.providers.builtin.vocabulary import gerund_base

    # chat's "u" for "you": "u forgot to update the readme again" (refl28)
    sentence = re.sub(r"\bu\s+(?=(?:forgot|keep|kept|deleted|removed|added|changed|broke|left|put|used|just)\b)", "you ",
                      sentence, flags=re.I)

    match = _FORGET.match(sentence)
    if match:
        standing = match.group("again") or re.search(r"\b(?:always|constantly|keep|forgetting)\b",
                                                     sentence[:match.start("rest")], re.I)
        rest = match.group("rest")
        if not standing or _DEICTIC_OBJECT.search(rest) or one_of_many(rest.partition(" ")[2]):
            return None  # "you forgot to save the file again": which file only the conversation says (review21)
        return f"from now on, always {rest}"
    match = _KEEP.match(sentence) or _ALWAYS.match(sentence)
    if match:
        verb = match.group("verb").lower()
        base = gerund_base(verb) or (verb[:-3] if verb[:-3] in _HABIT_VERBS else None)
        # "you're constantly adding print statements everywhere": what is done, the complaint's size apart (the ban
        # reads it again: imperatives.imperative_rule; review43 R43-2)
        rest = re.sub(r"(?:\s+" + COMPLAINT_INTENSIFIER + r")+(?=\s*[?!.]*$)", "", match.group("rest"), flags=re.I)
        sized = rest != match.group("rest")
        if base == "forget" or verb == "forgetting":
            found = re.match(r"^to\s+(.+)$", rest, re.I)
            if not found or _DEICTIC_OBJECT.search(found.group(1)) or one_of_many(found.group(1).partition(" ")[2]):
                return None
            return f"from now on, always {found.group(1)}"
        swap = _used_instead(rest) if base in ("use", "call", "import") else None
        if swap:  # "you keep using var instead of const": the rule is the other half, and it is said
            return f"from now on, {base} {swap[1]} instead of {swap[0]}"
        if base in _HABIT_VERBS and not _DEICTIC_OBJECT.search(rest) and _a_kind(rest):
            return f"from now on, don't {base} {rest}{' everywhere' if sized else ''}"
        return None
    match = _WHY_SO_MUCH.match(sentence)
    if match and not _DEICTIC_OBJECT.search(match.group("rest")):
        verb = match.group("verb").lower()
        base = {"using": "use", "adding": "add", "putting": "put"}.get(verb, verb)
        return f"from now on, don't {base} {match.group('rest')} everywhere"
    match = _WHY_ARE_YOU.match(sentence)
    if match and not _DEICTIC_OBJECT.search(match.group("rest")) and _a_kind(match.group("rest")):
        verb = match.group("verb").lower()
        return f"from now on, don't {gerund_base(verb) or verb[:-3]} {match.group('rest')}"
    match = _AGAIN.match(sentence)
    if match:
        word = match.group("verb") or match.group("past") or match.group("did")
        base = word.lower() if word.lower() in _HABIT_VERBS else _past_base(word)
        rest = match.group("rest")
        if base and base not in _REDO_VERBS and not _DEICTIC_OBJECT.search(rest) and _a_kind(rest):
            return f"from now on, don't {base} {rest}"
    return None
