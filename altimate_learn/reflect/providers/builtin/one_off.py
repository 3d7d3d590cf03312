"""Why a clean sentence is still no lesson (:func:`one_off`): one-off steering of the task at hand (a reminder of one
slip, a referent only the conversation names, one file for this change, an open list, an emphatic complaint, a design
statement about one part, a task step), and the tests of a kind of thing against one thing of this task that the
templates share (:func:`one_of_many`, `_plural`). The signal stays open with the reason, for a model or a person.
"""

from __future__ import annotations

import re

from altimate_learn.reflect.providers.builtin.identifiers import mark_identifiers
from altimate_learn.reflect.providers.builtin.phrase import Rule
from altimate_learn.reflect.providers.builtin.vocabulary import (CALENDAR, CONVENTION_VERBS, EVERYDAY_TECH,
                                                                 EXAMPLE_ROLES, INTENSIFIERS, ONE_OF_MANY, OPEN_LIST,
                                                                 PLURAL_NOUNS, POINTING, PROJECT_WIDE, PUBLIC_MARKS,
                                                                 PUBLIC_SURFACES, REGISTRIES, STYLE_WORDS, TOOL_FAMILIES,
                                                                 UI_ACTIONS, UI_PARTS, UI_STATES, VERBS,
                                                                 WHEN_GERUNDS)

# Plurals that say nothing of what is forbidden ("don't use things in tests").
# "the new X" (one thing of this task) put in, moved to or added to one file, named by its path with an extension
# ("add the new model to schema.yml": registering each new thing in the file that lists them is a convention)
_NEW_TO_FILE = re.compile(r"^(?:put|move|write|place)\s+the\s+new\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+"
                          r"(?:in|into|under|inside)\s+`?(?:[\w.-]+/)*[\w-]+\.[a-z0-9]{1,6}`?(?=[\s.,;]|$)", re.I)

_VAGUE_KINDS = frozenset("things stuff ones others items pieces bits parts words values numbers".split())


# Verbs of a change made once (a repair, an undo, one edit to the page): "Always fix the header." is no habit.
_DONE_ONCE = frozenset("""fix remove delete revert undo restore repair debug try redo finish complete change move rename
hide show resize center centre align reset replace swap""".split())


# Why a clean sentence is still no lesson: it steers one change or complains, it does not state a habit. The
# signal stays open with the reason (`learn signals --unlearned`) for a model or a person.
ONE_FIX = ("a reminder of one slip (\"you didn't …\") that names no habit: which fix it means is in the conversation, "
           "not in the words")
UNRESOLVED = "it points at something only the conversation names (\"that dir\", \"in there\", \"any other …\")"
FIRST_OF_WHAT = ("it says when against a moment only the conversation names (\"… first\", \"… afterwards\"): before or after "
                 "what is not in the words")
ONE_CHANGE = "it limits one change to one file (\"just the X file\"), not a standing rule"
OPEN_ENDED = "an open list (\"etc\", \"and so on\"): the lesson would not say what it covers"
COMPLAINT = "an emphatic complaint (\"we really need …\"), not a rule to keep"
ONE_COMPONENT = ("a design statement about one part (\"the X should …\"): what that part should do in this task, "
                 "not a standing rule")
ONE_THING = ("it names or places one thing of this task (\"rename the variable to …\", \"name the new file …\"), "
             "not a standing rule")
TASK_STEP = "a step of the task at hand (no \"always\", \"every\", \"before …\" or \"from now on\" says it holds later)"
STATEMENT = "a statement of how things are, not an instruction"
VAGUE_THING = ("what it says to use is vague (\"react-admin stuff\", \"the other things\"): the lesson would not say what "
               "to use")
THAT_MUCH = ("a degree measured against what the agent just did (\"that low\", \"this long\"): how much, and of what, is "
             "in the conversation")
HEDGED_IDEA = ("a hedged suggestion (\"I think we should use a queue instead of polling\") that names no code: an idea "
               "for this task's design, not a standing rule")
WORKAROUND = ("a choice made to get around a bug (\"use X instead of Y since there's a bug\"): a workaround for this "
              "task while the bug lasts, not a standing rule")
# The reason a choice gives is a defect now: "since theres a bug", "because of a bug in axios", "it has a bug with our
# proxy", "it's broken" (corpus20's KLIMA dev message; refl38). Not a judgement of the thing that holds while it is what
# it is ("because moment is buggy", "they are buggy", "it has bugs with timezones": review38 R38-15, the "never" phrasing
# of the same preference, "never use moment, it has bugs", keeps its rule too)
BUG_REASON = re.compile(r"(?:\b(?:since|because|as|cause|cuz|coz|bc)\b|,)\s+(?:(?:there'?s|theres|there\s+is|there\s+are)"
                        r"\s+(?:a\s+|some\s+|an?\s+open\s+)?(?:known\s+)?(?:bug|bugs|issue\s+with)\b|(?:it'?s|its|it\s+is|they'?re|"
                        r"theyre|they\s+are|[\w`.-]+\s+(?:is|are))\s+(?:\w+\s+)?broken\b|of\s+(?:a|the)\s+bug\b|"
                        r"(?:it|they|[\w`.-]+)\s+(?:has|have)\s+(?:a\s+(?:known\s+)?bug\b|an?\s+(?:open\s+)?issue\s+with\b))", re.I)
ONE_CASE = ("a rule said for one case (\"if it fails, never use npm\", \"whenever the build breaks, …\"): it holds when "
            "that happens, which the lesson would leave out, so it would hold always")
TWO_PLACES = ("it says one thing for one place and another for another (\"we don't use requests in the app, we use httpx "
              "in the scripts\"): one lesson of \"use this instead of that\" would mix the places, so a model or a person "
              "should write it")
# "we don't use requests in the app, we use httpx in the scripts", "no moment in the frontend, we use date-fns in the backend"
# (refl50's left-alone): a ban for one place and a tool for another. Read as a choice it gave "Use `httpx` in the scripts
# instead of `requests` in the app." (a swap nobody asked for), or lost the ban ("Use `date-fns` in the backend."). A place
# is "in <the/our/this> …" or "for <the/our/this> …" ("for installs" is a purpose, not a place); the same place twice is one
# rule ("don't use npm in the app, use pnpm in the app").
_PLACE = (r"\s+(?:(?:in|on|inside|within|under)\s+(?:the\s+|our\s+|this\s+|that\s+|all\s+(?:the\s+)?)?|for\s+(?:the|our|this|that)\s+)"
          r"(?P<{0}>[\w./-]+(?:\s+(?!(?:and|but|we|it|its|use|so)\b)[\w./-]+)?)")
_BANNED_IN = (r"(?:(?:we\s+)?(?:don'?t|do\s+not|never|shouldn'?t|should\s+not)\s+(?:use|add|import|install|want)|no|avoid|stop\s+using)"
              r"\s+(?P<x>`[^`]+`|[\w.@/+-]+)" + _PLACE.format("a"))
_USED_IN = (r"(?:(?:(?:just\s+|only\s+|please\s+)?use|we\s+(?:(?:just|only|always)\s+)?use|it'?s|its|it\s+is|we\s+have)"
            r"\s+(?P<y>`[^`]+`|[\w.@/+-]+)" + _PLACE.format("b") + r"|(?:the|our|all\s+(?:the\s+)?)\s*(?P<s>(?!(?:team|teams|company|codebase|repo|repository|project|rest|others|"
            r"whole|entire|world|people|devs|developers|engineers)\b)[\w-]+)\s+uses?"
            r"\s+(?P<z>`[^`]+`|[\w.@/+-]+)(?:" + _PLACE.format("c") + r")?)")
_JOIN = r"\s*(?:[,;.:]|\u2014|\s-)\s*(?:(?:but|and|instead|while|whereas)\s*,?\s+)?"
_TWO_PLACES = re.compile(r"(?:^|[,;.!?]\s+)(?:" + _BANNED_IN + _JOIN + _USED_IN + r"|"
                         + re.sub(r"\?P<(\w)>", r"?P<\g<1>2>", _USED_IN) + _JOIN
                         + _BANNED_IN.replace("?P<x>", "?P<x2>").replace("?P<a>", "?P<a2>") + r")\s*(?:[.!,;]|$)", re.I)


def two_places(text: str) -> bool:
    """Whether ``text`` bans a thing for one place and names the thing used in another place (:data:`_TWO_PLACES`)."""
    for match in _TWO_PLACES.finditer(text):
        a = match.group("a") or match.group("a2")
        # the place the tool is used in: said after it, or the part that uses it ("the scripts use httpx")
        b = next((match.group(k) for k in ("b", "b2", "c", "c2", "s", "s2") if match.group(k)), "")
        if a.lower().rstrip(".") != b.lower().rstrip("."):
            return True
    return False


RELAYED_OUTSIDE = ("it passes on what someone outside the team says (\"…, chatgpt says\", \"…, someone on stackoverflow "
                   "says\"): whether the team follows it needs a person to say")
# A rule the person typed, then who it comes from: "don't use print, bob says", "use pnpm, not npm, our lead says", "…,
# according to the style guide" (refl50's left-alone: "Never use `any`; prefer unknown, bob says.", "Use `pnpm` instead of
# `npm`, bob says." kept the tag in the lesson). The person gives the instruction to the agent; the tag only says whose it
# was first, so a teammate's rule is the team's rule and the lesson is written without the tag. Someone outside the team
# (a chatbot, a forum, a blog, "someone") is a source the person passes on, not the team's choice: that waits. Said first
# ("bob says never use npm") it is a report of what bob says, read as before (it waits).
_RELAYED_TAIL = re.compile(r"\s*[,;\u2014]\s*(?:(?:that'?s\s+what\s+)?(?P<who>(?:the\s+|our\s+|my\s+|an?\s+|some\s+|this\s+(?:one\s+)?)?[\w-]+(?:\s+(?:on|from|at)\s+"
                           r"[\w-]+)?(?:\s+[\w-]+)?)\s+(?:says|say|said|insists|wants)(?:\s+so)?|(?:says|said)\s+"
                           r"(?P<who2>(?:the\s+|our\s+|my\s+|an?\s+|some\s+|this\s+(?:one\s+)?)?[\w-]+(?:\s+[\w-]+)?)|(?:according\s+to|per)\s+"
                           r"(?P<who3>(?:the\s+|our\s+|my\s+|an?\s+|some\s+|this\s+(?:one\s+)?)?[\w-]+(?:\s+[\w-]+)?))\s*[.!]*$", re.I)
_OUTSIDE = re.compile(r"\b(?:chat\s*gpt|gpt[\w.-]*|claude|copilot|gemini|ai|llm|stack\s*overflow|so|google|reddit|twitter|"
                      r"hn|internet|web|blog|blogs|post|article|tutorial|video|youtube|course|book|someone|somebody|some\s+guy|"
                      r"people|everyone|everybody|they|he|she|vendor|interviewer|professor|teacher|client|customer|"
                      r"old|other)\b", re.I)
_NOT_A_SOURCE = frozenset("it this that which what who error compiler log output test tests build ci warning message "
                          "screen page docs".split())


def relayed(text: str) -> tuple[str, bool] | None:
    """(``text`` without a tag naming who a rule it states comes from, whether that one is outside the team), or None
    when no such tag ends it (:data:`_RELAYED_TAIL`)."""
    match = _RELAYED_TAIL.search(text)
    if not match or match.start() == 0 or text[:match.start()].rstrip().endswith("?"):
        return None
    who = (match.group("who") or match.group("who2") or match.group("who3")).lower()
    named = re.sub(r"^(?:the|our|my|an?|some|this(?:\s+one)?)\s+", "", who).split()
    if who in _NOT_A_SOURCE or named[-1] in _NOT_A_SOURCE or named[0] in _NOT_A_SOURCE:
        return None  # "…, the error says", "…, it says": what the tool printed, read as before
    # ("…, says the mobile team", "…, the ios folks say": a team named by its kind is another team, not ours; check51 C51-8)
    other_team = re.search(r"\b(?!(?:the|our|my|whole|entire|dev)\b)[\w-]+\s+(?:team|folks|guys|squad|crew)\b", who)
    return text[:match.start()], bool(_OUTSIDE.search(who) or other_team)


TEMPORARY = ("a rule for a while (\"until the bug is fixed\", \"until we upgrade\", \"while the bug is open\"): it ends when "
             "that happens, not a standing rule")
_EVENT_NOUN = (r"(?:bug|bugs|issue|regression|migration|upgrade|rewrite|refactor|port|switch|move|fix|patch|hotfix|release|"
               r"outage|incident|freeze|pr|new\s+[\w`.-]+)")
# A rule said to hold until one thing happens (review38 R38-15: "use npm instead of pnpm until the pnpm bug is fixed" gave a
# standing lesson): a bug fixed, a release out, an upgrade done, "while the bug is open". Not a condition met again and
# again ("never merge until CI is green", "don't push until the tests pass"; "done" only of an event: "until the build is
# done" is every build).
UNTIL_IT_ENDS = re.compile(
    r"\b(?:until|till|'?til)\s+(?:[\w`.'/@-]+\s+){0,5}?(?:is|are|gets?|has\s+been|have\s+been)\s+(?:fixed|resolved|patched|"
    r"released|upgraded|migrated|landed|shipped|closed|sorted(?:\s+out)?)\b"
    r"|\b(?:until|till|'?til)\s+(?:the\s+|this\s+|that\s+|our\s+)?(?:[\w`.'/@-]+\s+){0,2}?" + _EVENT_NOUN
    + r"\s+(?:is|are|gets?|has\s+been)\s+(?:done|finished|complete|completed|over|merged|out|deployed|in|live)\b"
    r"|\b(?:until|till|'?til)\s+(?:they|we|someone|upstream|the\s+maintainers|[\w`.@/-]+)\s+(?:fix(?:es)?|patch(?:es)?|"
    r"resolves?|releases?|ships?|upgrades?|migrates?|finish(?:es)?|merges?|lands?|bumps?)\b"
    r"|\b(?:until|till|'?til)\s+(?:the\s+)?(?:next|new)\s+(?:release|version|sprint|deploy)\b"
    r"|\b(?:until|till|'?til)\s+(?:a\s+|the\s+)?fix\s+(?:lands|is\s+out|ships)\b"
    r"|\bwhile\s+(?:the|this|that|our)\s+(?:[\w`.@/-]+\s+){0,2}?(?:bug|issue|regression|outage|incident|problem|freeze)\s+"
    r"(?:lasts|exists|persists|is\s+(?:still\s+)?(?:open|there|around|unresolved|unfixed|on|ongoing))\b"
    r"|\bfor\s+the\s+time\s+being\b|\bin\s+the\s+meantime\b", re.I)
# A rule's own clause said of one day or one sitting ("always run the tests today", "never forget to lint tonight", "no
# deploys this week"; check47 C47-7): a one-off, whatever "always" says. Read in the lesson's words, not the message's:
# "I broke prod today, so always run the smoke tests before deploying" keeps its rule, the "today" is the occasion's.
# ("today's date" is a kind of value, "`date.today()`" code.)
ONE_DAY = ("it says it holds today (\"today\", \"tonight\", \"this week\"): a one-off for the task at hand, "
           "not a standing rule")
# ("from today on", "starting tomorrow", "today and every day" start a standing rule.)
# ("before today", "default to today", "compare against today": the date as a value; check48 C48-3)
_ONE_DAY = re.compile(r"(?<!\bfrom\s)(?<!\bstarting\s)(?<!\bbeginning\s)(?<!\bof\s)(?<!\bsince\s)(?<!\bafter\s)"
                      # ("before today", "default to today": the date as a value; "until tomorrow", "before tonight"
                      # are a one-off's end: check48 C48-6)
                      r"(?:(?<!\bbefore\s)(?<!\bto\s)(?<!\bagainst\s)(?<!\bthan\s)(?<!\bpast\s)(?<!\buntil\s)(?<!\btill\s)"
                      r"(?<!\bwith\s)(?<!\bas\s)(?<!\bis\s)(?<!\bequals\s)\btoday"
                      r"|\b(?:tonight|tomorrow|this\s+(?:morning|afternoon|evening|week|weekend|sprint)))\b"
                      r"(?!['\u2019]s\b|\s+(?:on|onwards?|forward|and\s+(?:every|each|always|from)|and\s+after)\b)"
                      # "until end of day", "till EOD", "for the rest of the day" (check48 C48-3; "never deploy over the
                      # weekend" is every weekend)
                      r"|\b(?:until|till|'?til)\s+(?:the\s+)?(?:end\s+of\s+(?:the\s+)?(?:day|week)|eod|eow|cob)\b"
                      r"|\bfor\s+the\s+rest\s+of\s+(?:the\s+)?(?:day|week|sprint|session)\b", re.I)
# A rule's own clause said for one occasion ("we use pnpm just for the demo", "for the hackathon we use bun", "we use the test
# key for the demo only"; refl49's left-alone): a one-off, read in the lesson's words as _ONE_DAY is. Not a part of the
# project named by the word ("the demo app", "the prototype folder": a noun after it), not the kind said in the plural
# ("for the demos", "for experiments": each of them), not one said to hold each time ("for every demo").
ONE_OCCASION = ("it says it holds for one occasion (\"just for the demo\", \"for this build\", \"for the hackathon\"): a "
                "one-off for the task at hand, not a standing rule")
_ONE_OCCASION = re.compile(r"\bfor\s+(?:(?:the|this|that|our|my|tomorrow'?s|today'?s|(?:the\s+)?(?:next|upcoming))\s+"
                           r"(?:(?:upcoming|next|big|client|investor|internal|live|quick|first)\s+)?"
                           r"(?:demo|hackathon|presentation|pitch|workshop|meetup|talk|prototype|spike|poc|proof[\s-]of[\s-]concept|"
                           r"experiment|dry[\s-]run|trial(?:\s+run)?)"
                           r"|(?:this|that)\s+(?:one\s+)?(?:build|run|ticket|task|pr|pull\s+request|change|fix|commit|"
                           r"deploy(?:ment)?|release|session|one|time|attempt))"
                           r"(?=\s*(?:$|[.,;:!?)])|\s+(?:only|on|at|in|next|tomorrow|today|tonight|this|with|and|but|so|because|"
                           r"since|ok(?:ay)?|please|pls)\b)", re.I)
_EACH_TIME = re.compile(r"\b(?:every|each|all|whenever|any)\b", re.I)
# One change of this task's past named by its place in the conversation ("in the last PR", "in your previous commit"):
# which one only the conversation says, and the rule is about it ("the latest version" is what a project keeps current)
_ONE_PAST_CHANGE = re.compile(r"\b(?:in|on|for|from|to|of|with)\s+(?:the|your|my|our|that)\s+(?:last|previous|prior|earlier)\s+"
                              r"(?:pr|pull\s+request|commit|change|changes|push|diff|patch|edit|run|attempt|merge\s+request|"
                              r"mr|message|reply|answer|version|try|migration|deploy)\b", re.I)
TYPO = ("its wording carries a typo (\"{word}\"): the built-in reflector does not keep it, and which word was meant "
        "is not certain (it repairs a slip only when one known word is one step from it)")

# Words that say when a rule holds (every time, before each commit): a rule with one is not a step of this task.
_WHEN = re.compile(r"\b(?:always|never|every|each|whenever|before|after|when|unless|per|by\s+default|any\s+new|"
                   r"(?:for|in|across|throughout)\s+all|"
                   r"all\s+new|from\s+now\s+on|going\s+forward|anymore|consistently|"
                   # "money has to be Decimal everywhere in this codebase, not float" (blind9): where it holds is everywhere
                   r"everywhere\s+(?:in|across|throughout)\s+(?:this|the|our)\s+(?:whole\s+|entire\s+)?(?:codebase|repo(?:sitory)?|project))\b",
                   re.I)
_OPEN_LIST = re.compile(r"(?:^|\s|,)(?:" + "|".join(re.escape(w) for w in OPEN_LIST) + r")(?=$|[\s,.;:!?)])", re.I)
_POINTING = re.compile(r"\b(?:in|on|at|to|from|into|onto|for|with|of|under|inside|within|by|about|through|across|"
                       r"like|use|using)\s+(?:" + "|".join(POINTING) + r")\s+(?!is\b|are\b|was\b)[a-z]"
                       r"|^(?:" + "|".join(POINTING) + r")\s+[a-z]+\s+(?:should|must|needs?|is|are|goes|go)\b"
                       r"|\b(?:in|from|out\s+of)\s+there\b|\b(?:any|all|the|every|each)\s+other\b", re.I)
# "here" / "there" left in a rendered rule (tidy drops the "here" that means "in this project") is a place only the
# conversation names: "Put helpers here, not in utils." would tell a later agent nothing.
_DEICTIC_PLACE = re.compile(r"\b(?:here|there)\b(?!\s+(?:is|are|was|were)\b)", re.I)
_UNITS = (r"(?:char|chars|characters?|hours?|h|minutes?|mins?|seconds?|secs?|ms|days?|weeks?|months?|years?|decimal|"
          r"digits?|spaces?|columns?|lines?|px|pt|bytes?|kb|mb|gb|percent|%)\b")
# Things of this task told apart by when or where they stand in it: "the old endpoint", "the new button component" (left
# as it is when the new thing is used, not made: tidy's "each new" is for "add the new page to the changelog"), "the new
# tests", "the remaining components", "both diagrams", "the 3 tests" (review22: "Always keep the old endpoint working.",
# "Never use sleeps in the new tests."): which ones only the conversation says, and "new" and "old" change meaning.
# ("the latest X" is what a project keeps current, "the 100 character limit" a number with its unit: review23 R1.)
_THIS_TASKS = re.compile(r"\b(?:the|all\s+the)\s+(?:(?:new|old|remaining|following|previous|original|listed|mentioned|"
                         r"aforementioned|updated|changed|modified|edited|touched|affected)\s+(?:\d+\s+)?|\d+\s+(?!" + _UNITS + r"))"
                         r"(?!one\b)[a-z]"
                         r"|\bboth\s+(?:the\s+)?[a-z]+s\b", re.I)
# A degree measured against what the agent just did ("that low", "so many", "this long"): one value of this task
_THAT_MUCH = re.compile(r"\b(?:that|this)\s+(?:low|high|big|small|large|long|short|many|much|often|fast|slow|tight|"
                        r"strict|loose|deep|wide|narrow|aggressive|early|late|huge|tiny|low-level|high-level|verbose|"
                        r"frequent|frequently|aggressively|far)(?=\s*(?:$|[.,;:!?)])|\s+(?:for|in|on|at|again|anymore|"
                        r"here|there|without|when|if|because|since|or|and|but|please|pls)\b)", re.I)
_JUST_ONE_FILE = re.compile(r"\b(?:just|only)\s+(?:(?:edit|change|touch|modify|update|fix|in|to)\s+)?(?:the\s+)?"
                            r"(?:[\w\\/.@-]*\.\w{1,5}\b|[\w\\/.@-]+\s+file\b)", re.I)
_EMPHATIC = re.compile(r"\b(?:" + "|".join(INTENSIFIERS) + r")\s+(?:must|need|needs|have\s+to|has\s+to|should|gotta)\b",
                       re.I)
_AS_EXAMPLE = re.compile(r"\buse\b.*\bas\s+(?:an?\s+|the\s+|our\s+)?(?:" + "|".join(EXAMPLE_ROLES) + r")\b"
                         r"|\bfor\s+reference\b|\bif\s+(?:needed|necessary|required)\b", re.I)
_REUSE = re.compile(r"\b(?:use|reuse|call|go\s+through)\s+(?:the\s+)?(?:existing|shared)\b", re.I)
_FINITE = re.compile(r"^[\w-]+(?:\s+[\w-]+)?\s+(?:always\s+|never\s+|already\s+|just\s+|still\s+)?"
                     r"(?:is|are|was|were|happens|happened|has|does|seems|exists|becomes|works|runs|fails|breaks)\b"
                     # "install step still takes 3m40 on every run": a noun and what it still does, a report (refl29)
                     r"|^(?:[\w-]+\s+){0,2}still\s+[a-z]+s\b", re.I)
# A verb in the past that only a finite clause has, after the first word read as an imperative with no word between that
# could start a clause of its own (a relative or a subject): "select count(*) for 2026-12-04 went from 1.2M to 2.4M after
# the second run" is what a query showed, not "select" + a thing (refl31, blind6); "use what you wrote" / "deploy the
# version that was tagged" keep their clause
_PAST_ONLY = re.compile(r"\b(?:went|was|were|became|came|gave|took|broke|ran|grew|fell|rose|threw|began|doubled|tripled|"
                        r"halved)\b", re.I)
_CLAUSE_START = re.compile(r"\b(?:that|which|who|whom|whose|what|when|where|while|if|after|before|since|because|as|until|"
                           r"once|unless|though|although|i|you|u|we|they|he|she|it|there|everything|nothing|something)\b",
                           re.I)


def _reported(rest: str) -> bool:
    """Whether the words after an imperative's verb are a clause of their own, said in the past (:data:`_PAST_ONLY`)."""
    past = _PAST_ONLY.search(rest)
    return bool(past) and not _CLAUSE_START.search(rest[:past.start()])


# "some" before what an order is about: an amount this task needs, no kind the order holds for ("read some docs about
# drizzle", "add some tests for the parser"; refl31, a real dev message). "some of the time" is a frequency.
_SOME_OF_THIS_TASK = re.compile(r"\bsome\s+(?!of\s+the\s+time\b|time\b|cases\b)[a-z]", re.I)


# What a project keeps in one place, whatever the task: "the config lives in config/settings.toml, not in env vars" (review40
# R40-9) places the project's config, not one thing of this task, when it sets that place against another
_ONE_PLACE_THINGS = frozenset("config configuration settings secrets credentials".split()) | PROJECT_WIDE


def _kept_in_one_place(what: str, text: str) -> bool:
    """Whether "Put the <what> in …" places what the project keeps in one place (its config, its changelog) against
    another place the rule names (", not in env vars"): a standing placement, not one thing of this task."""
    words = what.lower().split()
    return len(words) <= 2 and words[-1] in _ONE_PLACE_THINGS and not (set(words) & {"new", "this", "that", "same"}) \
        and bool(re.search(r",\s+not\s+(?:in|under|inside|into|as)?\s*\S", text))


def one_off(rule: Rule, text: str) -> str:
    """Why ``text`` (a clean rendering of ``rule``) steers one change rather than states a habit, or ""."""
    prose = re.sub(r"`[^`]*`", " ", text)
    plain = text.replace("`", "")
    if _ONE_DAY.search(prose):
        return ONE_DAY  # "Always run the tests today." (check47 C47-7)
    if _ONE_OCCASION.search(prose.replace("(", "").replace(")", "")) and not _EACH_TIME.search(prose):
        return ONE_OCCASION  # "Use `pnpm` just for the demo.", "For the hackathon, use `bun`." (refl49's left-alone)
    if _ONE_PAST_CHANGE.search(prose):
        return UNRESOLVED  # "Use `pnpm` instead of `npm` in the last PR." (check47 C47-2): which PR only the conversation says
    if _OPEN_LIST.search(prose):
        return OPEN_ENDED  # "Use data from cricket world cups etc, essentially every t20 game."
    if _POINTING.search(prose) or _DEICTIC_PLACE.search(prose):
        return UNRESOLVED  # "Each rule should be a distinct mdc file in that rules dir.", "Put helpers here, not …"
    if _JUST_ONE_FILE.search(plain):
        return ONE_CHANGE  # "Edit just the src/common/env.ts file, not the .env file."
    if re.search(r"\b(?:use|using|uses|prefer|prefers)\s+(?:the\s+|more\s+|some\s+|other\s+)?(?:[\w.@/-]+\s+)?"
                 r"(?:stuff|things|whatnot)\b", prose, re.I):
        return VAGUE_THING  # "The xamples should use react-admin stuff." (corpus18's dev repo): which things?
    if _THAT_MUCH.search(prose):
        return THAT_MUCH  # "Never set the memory limit that low." (blind10): the value this task set, measured against it
    if _EMPHATIC.search(prose):
        return COMPLAINT
    # "Always add each new field to the form.": the "each" is the clean-up's ("the new field"), and the new things go to
    # one thing only the conversation names ("the form"); to code, or to what a project has one of, it is a rule
    target = _NEW_TO_ONE.search(text)
    if target and "`" not in target.group(2) and one_of_many(target.group(2)) and not _registers(target):
        return ONE_FIX if rule.shape == "reminder" else ONE_THING
    # the person's words, not the "Always" a reminder is rendered with
    said = re.sub(r"^Always\s+", "", text) if rule.shape == "reminder" else text
    if rule.shape == "imperative" and "`" not in text:
        # "please add tests for the new endpoint" -> "Add tests for each new endpoint.": the "each" is tidy's, and a
        # request with no code and no word of the person's that it holds later is this task's step
        said = re.sub(r"\beach new\b", "the new", said)
    general = rule.standing or bool(_WHEN.search(said))
    if rule.shape == "reminder" and not general and "`" not in text and not _plural(rule.positive[0] if rule.positive else ""):
        return ONE_FIX  # "you didn't change the actual function code" -> not "Always change the actual function code."
    if rule.shape == "modal" and rule.subject and not general and "`" not in text and not _REUSE.search(text) \
            and not _plural(rule.subject):
        return ONE_COMPONENT  # "the unknown should trigger a node on the langgraph", "the width … should be 419px"
    made = re.match(r"^Make\s+the\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})", text)
    if rule.shape == "imperative" and made and "`" not in text and not rule.standing \
            and (any(word in UI_PARTS | ONE_OF_MANY | _WIDGETS for word in made.group(1).split())
                 # "can you make the logger always include the request id?" (blind8): how one thing named by "the" is to
                 # behave from this change on, whatever it is; a kind ("make the commit messages always …") is no one thing
                 or re.match(r"^Make\s+the\s+(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*\s+(?:always|never)\s", text)
                 and not _plural(made.group(1).split()[-1])):
        # "make the carousel autoplay every 5s but pause on hover", "make the dark mode toggle use the system setting by
        # default instead of light": what one part of this app should do, "every" or "by default" (refl29)
        return ONE_COMPONENT
    if rule.shape == "instead" and made and "`" not in text and not rule.standing \
            and re.search(r"\b(?:when|if|whenever)\s+the\s+[a-z]+\s+(?:doesn'?t|does\s+not|is|isn'?t|has|hasn'?t|can'?t)\b",
                          text):
        # "make the api return 404 instead of 500 when the order doesn't exist" (refl42's look-alike not row): how one
        # thing should behave in one case of this task
        return ONE_COMPONENT
    if rule.shape in ("always", "imperative", "modal") and not rule.standing \
            and (new := re.search(r"\b(?:in|inside|within)\s+the\s+new\s+([a-z][\w-]*[^s\W](?:\s+[a-z][\w-]*[^s\W])?)\s*$",
                                  rule.text, re.I)) \
            and new.group(1).split()[-1].lower() not in PROJECT_WIDE | {"code", "stuff", "work", "version", "release"}:
        # "always log the request id in the new middleware" (blind10): what the new thing this task builds does every
        # time it runs; not "… in each new middleware" ("always add tests for the new endpoint" adds one for each; "always
        # use dayjs in the new code" is new code, review37 R37-6)
        return UNRESOLVED
    looks = re.match(r"^Make\s+(?:the|all(?:\s+the)?|our)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+`?[a-z-]+`?\s+"
                     r"(?:instead\s+of|rather\s+than)\s", text)
    if rule.shape == "instead" and looks and not rule.standing and not general \
            and any(word in UI_PARTS or word.endswith("s") and word[:-1] in UI_PARTS for word in looks.group(1).split()):
        # "make the buttons rounded instead of square, across the whole site" (blind10): how this app's screen looks,
        # asked for now, wherever it applies
        return ONE_COMPONENT
    if rule.shape == "place" and not rule.standing and re.match(r"^Put\s+the\s+new\s+[a-z][\w-]*\s+(?:in|under|into|inside)\s",
                                                                 rule.text, re.I):
        return ONE_THING  # "the new report goes in reports/q3 and is due friday": not "Put each new report …" (R28-2)
    if _NEW_TO_FILE.match(rule.text):
        # "put the new report in reports/2024/q3.sql": where this task's one new thing goes, one file; not "Put each
        # new report in `reports/2024/q3.sql`." (review29: every report into one quarter's file)
        return ONE_THING
    one = re.match(r"^(?:Rename|Put)\s+the\s+([^`]+?)\s+(?:to|in|under|into|inside)\s", text)
    if rule.shape in ("rename", "place", "imperative") and not general and one and not _plural(one.group(1)) \
            and not (rule.shape == "place" and _kept_in_one_place(one.group(1), text)):
        return ONE_THING  # "Rename the variable to `total_cents`.", "Put the constant in `config.py`.": one thing
    # "Name the new file stg_orders.sql": one new thing given its one name (the "each" is the clean-up's, not the
    # person's); a pattern with a placeholder ("`stg_<entity>.sql`") is a convention.
    if _NAMES_ONE_NEW.match(text) and not _GENERAL.search(said.replace("each new", "")):
        return ONE_THING
    # "Never build the pipeline in a single file.": how to build one thing of this task ("the pipeline", "the report")
    # that only the conversation names; a kind of thing ("never write migrations by hand") or code stays a rule
    built = _BUILDS_ONE.match(text)
    if rule.shape == "never" and built and "`" not in text and not _plural(built.group(1)) \
            and not _GENERAL.search(text[len("Never"):]):
        return ONE_THING
    # "Call the class `OrderService` instead of `OrderManager`.": the name of one thing of this task, not a convention
    if rule.shape in ("instead", "rename") and not general and _NAMES_ONE.match(text):
        return ONE_THING
    if rule.shape == "never" and not rule.standing and _undoes_one_thing(rule, text):
        # "don't add the button back", "don't run the migration on prod", "stop adding margins to the card"; "never" or
        # "don't ever" on one thing of this task too ("don't ever run the migration on prod": which migration?)
        return ONE_THING
    if rule.shape == "never" and not rule.standing and text.startswith("Avoid ") and "`" not in text \
            and rule.negative and _avoids_one_thing(rule.negative[0]):
        return ONE_THING  # "avoid the modal on mobile": one thing of this task, not a kind ("avoid global state")
    if rule.shape == "modal" and rule.subject and "`" not in text and _one_ui_part(rule.subject) \
            and not _behaves_in_a_state(text):
        return ONE_COMPONENT  # "The modal should always be centered.": one part of this app's screen, "always" or not
    if _ONE_OF_TWO.search(prose):
        return UNRESOLVED  # "Never create a new file; edit the existing one.": which one only the conversation says
    existing = re.search(r"\bthe\s+(?:existing|same)\s+([a-z]+)\b(?!\s+(?:[A-Z]|`))", text)
    if existing and not _plural(existing.group(1)) and existing.group(1) not in PROJECT_WIDE:
        return UNRESOLVED  # "use the existing helper instead of writing a new one": which helper (review24 R24-10)?
    if rule.shape == "imperative" and not general and _NAMES_ONE.match(text):
        return ONE_THING  # "Name the table `order_items`.", "Call the function `parse_invoice`." (review24 R24-10)
    sides = [side.strip() for side in rule.positive + rule.negative if side.strip()]
    if rule.shape == "instead" and sides and (_ONE_PER.match(sides[0]) or all(_ONE_AS_PRONOUN.search(side) for side in sides)):
        return UNRESOLVED  # "use one per AZ instead of a shared one": one what, only the conversation says (refl29)
    if rule.shape == "instead" and not general and _picks_for_this_task(rule):
        return ONE_THING  # "Use the `button` instead of the `link`.", "Use port 3000 instead of 8080."
    changed = _CHANGES_ONE.match(text)
    if rule.shape == "instead" and changed and not _plural(changed.group("what")) \
            and not re.search(r"`[^`]*[^a-z`-][^`]*`", changed.group("what")) \
            and changed.group("what").replace("`", "").split()[-1].lower() not in PROJECT_WIDE \
            and not rule.standing and not _WHEN.search(re.sub(r"\beach new\b", "the new", said)):
        # "please migrate the config loader to pydantic-settings instead of os.environ", "switch the date library to
        # dayjs instead of moment for the new widget" (the "each new" is tidy's), "port the cli to click instead of
        # argparse", "rewrite the upload handler with aiohttp instead of requests": one thing of this task done another
        # way, whatever the verb (refl28, review28 R28-7); "set up the queue with rq …", "create the form with
        # react-hook-form …" (the word "form" marked as code by the slot is still one thing; review28 R28-14)
        return ONE_THING
    ui = re.search(r"\b(?:in|on|for|inside)\s+the\s+(?:[a-z]+\s+)?([a-z]+)\.$", text)
    if rule.shape == "instead" and not general and "`" not in text and ui and ui.group(1) in UI_PARTS:
        return ONE_THING  # "Use icons instead of text in the toolbar.": the design of one part of the screen
    if _styled(text) and not _case_for_a_kind(rule, text):
        return ONE_THING  # "Use `red` instead of `blue`.", "Always use `blue`.": a colour or a type style is no code
    if rule.shape == "imperative":
        verb = text.split(" ", 1)[0].lower()
        if _FINITE.match(text.split(" ", 1)[1] if " " in text else "") or _reported(plain.partition(" ")[2]):
            return STATEMENT  # "squash merge always happens in any case" is not "squash" + a thing
        # "Compare before / after for things like /archive, /batch, /ship.", "show me what was removed": a look at this
        # task's work, however many paths it names, unless the person says when it holds (a real dev correction; refl34)
        if (verb in _ONE_LOOK or re.search(r"\b(?:things|stuff|ones)\s+like\b", prose, re.I)) \
                and verb not in CONVENTION_VERBS and not _GENERAL.search(text) and not _BEFORE_EACH.search(text):
            return TASK_STEP
        if not general and (verb not in CONVENTION_VERBS or _AS_EXAMPLE.search(prose)):
            return TASK_STEP
        if not general and _SOME_OF_THIS_TASK.search(prose):
            return TASK_STEP  # "use firecrawl to read some t3 nextapp docs, and …": what this task needs, some of it  # "Load all mcp servers from the json file.", "Use S001 as a template if needed."
        # "Parse the vendor CSVs and write one summary per day.": two steps of a task; "Tag the release as v2.0.": one
        # version of this task (refl25). Unless the person says when it holds ("always", "every", "before committing").
        if "`" not in text and not _GENERAL.search(text) and not _BEFORE_EACH.search(text) and (
                re.search(r"\band\s+(?:then\s+)?(?:" + "|".join(sorted(VERBS)) + r")\s+(?:the|a|an|one|all|each|\w+s)\b",
                          prose, re.I)
                or verb != "pin" and re.search(r"(?<![\w.])v?\d+\.\d+(?:\.\d+)*\b", prose)):
            return TASK_STEP
    if rule.shape == "imperative" and not general and re.match(r"^Use\s+the\s+(?:`[a-z]+`|[a-z]+)(?:\s+(?:in|from)\s+`|\.$)", text):
        return ONE_THING  # "please use the helper in utils.py" -> "Use the `helper` in `utils.py`.": which helper?
    if rule.shape == "never" and (new := re.search(r"\beach\s+new\s+(?:[a-z-]+\s+)?([a-z]+)\b", text)) \
            and _plural(new.group(1)):
        return UNRESOLVED  # "never modify the new migration files" gave "Never modify each new migration files.": which?
    if rule.shape == "never" and not rule.standing and _THE_TESTS_KEPT.match(text):
        # "I said DON'T touch the tests" (blind8's one-off row): the tests this task's change must pass, kept as they are
        # for it; as a standing rule the agent could never write or fix a test. Removing them is another matter ("never
        # delete the tests"), and so are tests the person names apart ("the original tests", "the e2e tests")
        return ONE_THING
    if _THIS_TASKS.search(_ORIGINALS.sub(" ", prose) if _guards(rule, text) else prose):
        return UNRESOLVED  # "Always keep the old endpoint working.", "Never use sleeps in the new tests."
    # "next time, run the tests first" -> "Always run the tests first.": before what? The person's own "always" says
    # it is the first step every time ("always run the linter first"); a step of one thing still says nothing
    if re.search(r"\b(?:afterwards|later|after\s+that|then)\.$", text, re.I) or re.search(r"\bfirst\.$", text, re.I) \
            and not (rule.shape == "always" and not rule.standing and (step := _PROJECTS_STEP.match(text))
                     and (step.group("what").split()[-1] in PROJECT_WIDE or _plural(step.group("what")))):
        return FIRST_OF_WHAT  # (review45 R45-1: "we always run ruff first" was said to point at "that dir")
    return ""


# Verbs of a look at this task's work, done once: "compare …", "show …", "explain …" (refl34)
_ONE_LOOK = frozenset("""compare show list explain investigate summarize summarise describe diff inspect examine analyze
analyse find locate tell""".split())


# Verbs of one step a "don't …" holds back for this task ("don't run the migration on prod", "don't refactor the whole
# thing"); a guard ("don't touch …", "don't edit …") or a way of working ("don't call …", "don't push …") is left to
# the other checks.
_ONE_STEP = _DONE_ONCE | frozenset("add run rerun rebuild redo refactor deploy build create install merge update".split())
_WIDGETS = frozenset("toggle switch widget picker selector stepper".split())
# "one" standing for a thing the conversation names: "one per AZ", "a shared one", "the old ones" (not "one file per …")
_ONE_PER = re.compile(r"^(?:just\s+)?one\s+(?:per|for\s+each|each|in\s+each|of\s+(?:them|those|these))\b", re.I)
_ONE_AS_PRONOUN = re.compile(r"^(?:just\s+)?one\s+(?:per|for\s+each|each|in\s+each|of\s+(?:them|those|these))\b"
                             r"|\b(?:a|an|the|this|that|one)\s+(?:[a-z-]+\s+)?ones?$", re.I)
_ONE_OF_TWO = re.compile(r"\bthe\s+(?:existing|other|old|new|same|first|second|last|previous|current|original)\s+(?:one|ones)\b",
                         re.I)


def _undoes_one_thing(rule: Rule, text: str) -> bool:
    """Whether a "don't …" said once holds back one step on one thing of this task: the thing is "the <one thing>"
    ("the button back", "the migration on prod", "the whole thing"), or what is added goes into one ("margins to the
    card"). Code, a kind ("the tests", "emojis to the commit messages") or what a project has one of ("the schema",
    "the changelog") is a rule."""
    from altimate_learn.reflect.providers.builtin.habits import _one_thing

    obj = (rule.negative or [""])[0].strip()
    verb = text.split(" ", 2)[1].lower() if len(text.split()) > 2 else ""
    if re.search(r"^(?:the|this|that|it|them|my|your)\b.*\bback$", obj, re.I) and "`" not in text:
        return True  # "don't put the modal back": an undo of this task's step
    if re.match(r"(?:(?:the|this|that)\s+(?:feature|hotfix|bugfix|fix|topic|working|current|local|temp|temporary|wip|"
                r"experiment|experimental|test|new|old|other)|my|your)\s+branch\b", obj, re.I) and "`" not in text:
        return True  # "don't deploy the feature branch to prod", "we never push the feature branch": which branch? ("the
        # release branch", "the shared branch", "the main branch" are the project's)
    if not obj or verb not in _ONE_STEP or "`" in mark_identifiers(obj) or "`" in text or _WHEN_AT_ALL.search(obj) \
            or re.search(r"\bthe\s+(?:whole\s+|entire\s+)?(?:project|repo|repository|codebase|app|database|schema)\b", obj, re.I):
        return False
    if re.search(r"\bback\b|\b(?:whole|entire)\s+thing\b", obj, re.I):
        return True
    head = re.split(r"\s+(?:to|in|into|on|onto|from|for|with|at|until|without|by|before|after|when|against)\b", obj,
                    maxsplit=1)[0]
    if not rule.once:
        # "never" / "don't ever": the person says it holds every time, so only a bare "the migration", "the script" (one
        # of many, which one unsaid) is this task's; "never run the seed script on prod", "never change the public API
        # without a deprecation notice" are rules (review24 R24-2)
        return _bare_one_of_many(obj)
    if re.match(r"(?:the|our)\s+[a-z]+s\s+(?:folder|dir|directory)$", head, re.I):
        return False  # "the migrations folder", "the logs folder": a part of the project named by what it holds
    if _one_thing(head):
        return True
    target = re.search(r"\b(?:to|in|into|on|onto)\s+((?:the|this|that|my|your)\s+[^,;.]+)$", obj, re.I)
    return verb in ("add", "put", "insert", "append") and bool(target) and _one_thing(target.group(1))


def _avoids_one_thing(obj: str) -> bool:
    """Whether what an "avoid …" keeps away from is one thing of this task ("the modal on mobile", "the old client"), not
    a kind, code or what the project has one of ("global state", "the changelog")."""
    if "`" in mark_identifiers(obj):
        return False
    if _bare_one_of_many(obj):
        return True
    # "we avoid the main road": "the" and one thing named by a word that is not of code talk (not a word the reflector
    # knows from rules about code, not an acronym): a road, a restaurant, a meeting are nothing a repository holds
    # ("avoid the global lock", "avoid the ORM" are; refl26)
    from altimate_learn.reflect.providers.builtin.typos import known_words

    head = re.split(r"\s+(?:to|in|into|on|onto|from|for|with|at|when|while|during|unless|if)\b|[,;.!]", obj.strip(),
                    maxsplit=1)[0].split()
    return len(head) >= 2 and head[0].lower() == "the" and one_of_many(" ".join(head)) \
        and not head[-1].isupper() and head[-1].lower() not in known_words()


def _bare_one_of_many(obj: str) -> bool:
    """Whether a phrase is "the <X>" with X one of many things of its kind a task works on (vocabulary.ONE_OF_MANY:
    "the migration", "the modal", "the script"), with no word saying which: "the seed script", "the public API", "the
    ORM", "the global lock" name what the project has one of, and a "never" about them is a rule."""
    head = re.split(r"\s+(?:to|in|into|on|onto|from|for|with|at|until|without|by|before|after|when|against|while|"
                    r"during|unless|if)\b|[,;.!]", obj.strip(), maxsplit=1)[0]
    bare = re.fullmatch(r"(?:the|this|that|my|your)\s+([a-z]+)(?:\s+(?:globally|locally|directly|manually|again|by\s+hand))?",
                        head.strip(), re.I)
    return bool(bare) and bare.group(1).lower() in ONE_OF_MANY


_IN_A_STATE = re.compile(r"\b(?:should|must)\s+(?:always|never)\s+(?:be\s+(?P<state>[a-z-]+)|(?P<verb>[a-z]+))\b.*?"
                         r"\b(?:while|during|until)\s+[a-z]", re.I)


def _behaves_in_a_state(text: str) -> bool:
    """Whether a part of the screen is said to behave some way for as long as a state lasts, every time ("The submit
    button should always be disabled while saving.", "… must always be disabled until the form is valid."):
    vocabulary.UI_STATES / UI_ACTIONS, never a look ("…always be blue while …"); an event ("close on escape",
    "disappear after 3 seconds") is one part's design (refl24)."""
    m = _IN_A_STATE.search(text)
    if m and re.search(r"\b(?:while|during|until)\s+(?:the\s+(?:page|user)\s+)?(?:scroll|hover|resiz|zoom|drag)", text, re.I):
        return False  # "… always be visible while scrolling": a layout of one part (sticky), not what a state allows
    return bool(m) and ((m.group("state") or "").lower() in UI_STATES or (m.group("verb") or "").lower() in UI_ACTIONS)


def _one_ui_part(subject: str) -> bool:
    """Whether a modal rule's subject is one part of an app's screen ("the modal", "the submit button", "the header
    of the page"): what it should look like or do is this task's design, whatever "always" says (vocabulary.UI_PARTS)."""
    words = re.findall(r"[a-z][\w-]*", subject.lower())
    if not words or words[0] not in ("the", "this", "that", "our", "my", "your"):
        return False
    head = []
    for word in words[1:]:
        if word in ("of", "for", "in", "on", "at", "from", "with", "to", "inside", "under"):
            break
        head.append(word)
    return bool(head) and head[-1] in UI_PARTS and head[-1] in ONE_OF_MANY


# "Never touch the tests.", "Never modify the test files.": a guard on the tests, named bare (refl35)
_THE_TESTS_KEPT = re.compile(r"^Never\s+(?:touch|edit|modify|change|alter)\s+(?:the|any\s+of\s+the)\s+(?:tests?|specs?|"
                             r"test\s+(?:files?|cases?|suites?))\.$", re.I)
# "never modify the original migration files": the ones already there, as against the ones the agent adds, are a kind a
# project guards (a guard verb, a plural); "the original file" is one thing of this task.
_ORIGINALS = re.compile(r"\bthe\s+(?:original|existing)\s+(?:[a-z][\w-]*\s+)?[a-z][\w-]*s\b(?!\s+(?:of|for)\b)", re.I)


def _guards(rule: Rule, text: str) -> bool:
    """A "never" (not a "don't" said once) that guards a kind of thing from the agent ("Never modify …")."""
    return rule.shape == "never" and not rule.once and len(text.split()) > 2 and text.split()[1].lower() in _GUARDS


# "Always run the linter first.", "Always run the tests first.", "Always read the docs first.": a step the project's
# work starts with (what the project has one of, or a kind), not one thing of this task ("the migration", "the header").
_PROJECTS_STEP = re.compile(r"^Always\s+(?:run|read|check|update|pull|lint|format|write|ask|plan)\s+(?:the\s+)?"
                            r"(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+first\.$")


_WHEN_AT_ALL = re.compile(r"\b(?:any|every|each|all|whenever|always|unless|without\s+asking)\b", re.I)


# A value of one thing: a number of its own ("16px", "port 3000", "2 columns"); not digits inside a name ("utf-8",
# "int64", "latin-1": code, review23 R4).
_VALUE = re.compile(r"(?<![\w.-])\d")
_INDENT = re.compile(r"^\d+\s*(?:spaces?|tabs?)\b", re.I)  # an indentation is the project's, whatever its width


def _picks_for_this_task(rule: Rule) -> bool:
    """Whether an "X instead of Y" with no code in the person's words picks between this task's things: both sides are
    one thing ("the button instead of the link", "the staging bucket, not the prod one", "a modal instead of a new
    page", "a line chart instead of a bar chart"), or one is a value ("16px instead of 14px", "port 3000", "version
    2"). A kind of thing or code on either side ("tabs instead of spaces", "composition over inheritance", "the logger
    instead of print statements", "a union of string literals instead of enums") is a convention."""
    from altimate_learn.reflect.providers.builtin.habits import _a_kind, _code_word

    sides = [side.strip() for side in rule.positive + rule.negative if side and side.strip()]
    if len(sides) < 2 or any(_code_word(side) for side in sides):
        return False
    if any(len(side.split()) <= 2 and _VALUE.search(side) for side in sides) and not any(_INDENT.search(side) for side in sides):
        return True  # "16px instead of 14px", "port 3000"; not "4 spaces instead of 2", "int64", "utf-8" (review23 R4)

    def one(side: str) -> bool:
        words = re.findall(r"[a-z]+", side.lower())
        if words and (words[-1] in EVERYDAY_TECH or any(word in CALENDAR for word in words)):
            return True  # "the ip instead of localhost", "the January data instead of February": this task's pick
        lead = re.match(r"(?:the|a|an|this|that|my|your|our)\s+(\S+(?:\s+\S+){0,3}?)(?=\s+(?:for|in|on|at|to|from|with|"
                        r"of|instead|rather|not)\b|$)", side, re.I)
        return bool(lead) and not _a_kind("the " + lead.group(1)) and lead.group(1).split()[-1].lower() not in PROJECT_WIDE

    return all(one(side) for side in sides)


def _styled(text: str) -> bool:
    """Whether a lesson puts a colour or a type style in backticks as if it were code ("Use `red` instead of `blue`.",
    "Never use `bold` in the heading.", "Make the text grey instead of `black`."): a choice for one thing of this task.
    A tool beside it ("Use `ruff` instead of `black`.") is a choice of tools."""
    # what a rule's slot holds, in backticks or (an everyday word: identifiers.looks_like_code) not
    spans = [span.lower() for span in re.findall(r"`([^`]+)`", text)] + \
        [word.lower() for word in re.findall(r"\b(?:[Uu]se|instead\s+of|not)\s+([A-Za-z]+)\b(?!`)", text)]
    tools = any(span in TOOL_FAMILIES and span not in STYLE_WORDS and span != "black" for span in spans)
    if any(span in STYLE_WORDS for span in spans) and not tools:
        return True
    colour_in_prose = re.search(r"\b(?:" + "|".join(sorted(STYLE_WORDS)) + r")\b", re.sub(r"`[^`]*`", " ", text), re.I)
    return "black" in spans and not tools and bool(colour_in_prose)


def _design_idea(rule: Rule) -> bool:
    """Whether an "X instead of Y" picks one thing to build for this task ("a queue instead of polling", "a modal instead
    of the page") with no code on either side: softened by "I think" / "maybe", it is an idea for the design. Kinds on
    both sides ("tabs over spaces") or code on one ("the logger instead of print") are conventions."""
    from altimate_learn.reflect.providers.builtin.habits import _code_word

    sides = [side.strip() for side in rule.positive + rule.negative if side and side.strip()]
    if rule.shape != "instead" or rule.standing or len(sides) < 2 or any(_code_word(side) or "`" in mark_identifiers(side)
                                                                           for side in sides):
        return False
    return any(re.match(r"(?:a|an|one|the|this|that)\s", side, re.I) and not _plural(side) for side in sides)


_CASE_FOR_A_KIND = re.compile(r"^Use\s+`?(?:lowercase|uppercase)`?(?:\s+instead\s+of|,\s+not)\s+`?(?:lowercase|uppercase)`?\s+"
                              r"(?:for|in)\s+(?:[A-Za-z]+\s+)?(?:names|identifiers|keywords|columns|tables|fields|keys|constants|"
                              r"variables|tags|headers)\.$")


def _case_for_a_kind(rule: Rule, text: str) -> bool:
    """Whether a choice of lower or upper case is for a kind of name ("Use lowercase instead of uppercase for table
    names.", "… for SQL keywords."): the project's convention, not one title's look ("for the title", "for these names")."""
    said = " ".join(rule.positive + rule.negative)
    return bool(_CASE_FOR_A_KIND.match(text)) and not re.search(r"\b(?:the|this|that|these|those|my|your|our)\b", said, re.I)


_NEW_TO_ONE = re.compile(r"\beach\s+new\s+(?P<new>[\w-]+(?:\s+[\w-]+)?)\s+(?:to|in|into|on|onto|inside|under)\s+"
                         r"((?:the|this|that)\s+[^,;.]+)")


def _registers(target: re.Match[str]) -> bool:
    """Whether "each new X to the Y" names a list the project keeps of every X (vocabulary.REGISTRIES: each new
    endpoint goes in the router, each new page in the sidebar, each new model in the admin; review22 R22-3), not one
    thing of this task that the new thing goes into ("the new field to the form", "the new button to the sidebar")."""
    new = target.group("new").lower()
    where = re.sub(r"^the\s+", "", target.group(2).strip().lower())
    return where in REGISTRIES.get(new, ())
# Verbs of a prohibition that guards a kind of thing from the agent ("never touch the migrations").
# ("delete"/"remove"/"change" are left out: "don't remove the buttons" is as often one change's steering.)
_GUARDS = frozenset("touch edit modify commit push rewrite overwrite regenerate hand-edit".split())
# "Migrate the config loader to …", "Switch the date library to …": one thing of this task moved to another way
_CHANGES_ONE = re.compile(r"^(?:Use\s+)?(?!(?:use|prefer|pick|choose|stick|keep|call|import|follow)\b)[A-Za-z]+\s+(?:up\s+|out\s+)?"
                          r"(?:(?:the|this|that|our|my|your)\s+(?:new\s+)?|each\s+new\s+)"
                          r"(?P<what>`?[a-z][\w-]*`?(?:\s+`?[a-z][\w-]*`?){0,3}?)\s+"
                          r"(?:over\s+)?(?:to|into|with|using|use)\s", re.I)
# (the name in backticks, or one the clean-up left bare that no word is: "Name the branch feat/DATA-412."; refl30, blind5)
_NAMES_ONE = re.compile(r"^(?:Call|Name|Rename)\s+(?:the|this|that|our|my|your)\s+(?:new\s+)?[a-z]+(?:\s+[a-z]+)?\s+"
                        r"(?:`|(?=[^\s<>*{}]*[/_\d])[^\s<>*{}]+\.?$)")
_BUILDS_ONE = re.compile(r"^Never\s+(?:build|create|write|implement|generate|draft|design|scaffold)\s+the\s+([^`]+?)"
                         r"(?=\s+(?:in|as|with|into|inside|on|for|from|using|by)\b|[.;,]|$)")
_NAMES_ONE_NEW = re.compile(r"^(?:Name|Call)\s+(?:each|the)\s+new\s+\w+(?:\s+\w+)?\s+`[^`<>*{}]+`\.$")


def one_of_many(obj: str) -> bool:
    """Whether an object names one thing of this task: "the file", "the modal", "the `console.log`", "the env var"
    (which one only the conversation says), not a kind ("the tests", "debug prints", "emojis") or what the project has
    one of ("the changelog", "the linter", "the version": vocabulary.PROJECT_WIDE). Review21 on refl21's habit forms:
    "you forgot to save the file again" gave "Always save the file."."""
    words = re.findall(r"[\w'.-]+", re.sub(r"`[^`]*`", "x", obj.lower()))
    if not words or words[0] not in ("the", "this", "that", "my", "your", "our", "its"):
        return False
    head: list[str] = []
    for word in words[1:]:
        if word in ("of", "for", "in", "on", "at", "from", "with", "to", "into", "before", "after", "when", "so"):
            break
        head.append(word)
    if len(head) >= 2 and head[-2] in PUBLIC_MARKS and head[-1] in PUBLIC_SURFACES:
        return False  # "the public API", "the exported types": what others build on, which the project has one of
    return not head or not _plural(" ".join(head)) and head[-1] not in PROJECT_WIDE


def _plural(phrase: str) -> bool:
    """Whether a noun phrase names a kind of thing ("staging models", "every migration", "the API's dates") rather
    than one thing ("the unknown", "the width of the container", "python3")."""
    words = re.findall(r"[\w'-]+", re.sub(r"`[^`]*`", "x", phrase.lower()))
    if not words:
        return False
    if words[0] in ("every", "each", "all", "any", "no", "both"):
        return True
    head: list[str] = []
    for word in words:
        if word in ("of", "for", "in", "on", "at", "from", "with", "under", "inside", "within", "across", "to", "that",
                    "which", "who"):
            break
        head.append(word)
    if "and" in head:
        return True
    last = head[-1] if head else words[-1]
    return last in PLURAL_NOUNS or (len(last) > 2 and last.endswith("s") and not last.endswith(("ss", "us", "is")))


def _balanced(text: str) -> bool:
    """Brackets and double quotes outside code close where they open: a rule cut mid-sentence ("… then check
    that (`chi_1000`.") does not."""
    prose_only = re.sub(r"`[^`]*`", "", text)
    depth = 0
    for ch in prose_only:
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0 and prose_only.count('"') % 2 == 0


# A verb that names a step of the task at hand ("remove the scrollbar", "add logging to X") rather than a habit.
ONE_OFF_VERBS = frozenset("""add remove delete fix change update move make set create modify replace insert increase decrease
resize align center centre adjust apply implement refactor clean rewrite redo restyle reformat shrink enlarge
widen narrow hide show swap reorder install uninstall start list format generate build save""".split())
# A file attached to this one message with an @-mention (Claude Code, Cursor, Copilot: "read @Bio.md"): a rule that
# names one is about the task at hand unless it says it holds beyond it.
_ATTACHED_FILE = re.compile(r"(?<![\w.])`?@[\w./-]*\.(?:md|mdx|txt|py|ts|tsx|js|jsx|mjs|json|ya?ml|html?|css|scss|sql|go|rs|"
                            r"java|kt|rb|php|sh|toml|ini|cfg|csv|pdf|png|jpe?g|svg|ipynb|c|h|cpp|swift|vue|svelte)\b`?", re.I)
# Words that make a rule hold beyond this task.
_GENERAL = re.compile(r"\b(?:always|never|every|each|whenever|by\s+default|from\s+now\s+on|in\s+(?:the\s+)?future|"
                      r"going\s+forward|anymore|convention|no\s+more|consistently|any\s+new|all\s+new)\b", re.I)
# "make a plan before coding", "update the docs before committing": before a kind of work the agent does again and
# again, the step is a habit; before one step of this task ("add the column before running the migration") it is not.
_BEFORE_EACH = re.compile(r"\b(?:before|after)\s+(?:(?:any|each|every)\s+\w+|(?:coding|committing|pushing|merging|"
                          r"deploying|releasing|answering|responding|replying|implementing|editing|starting|submitting|"
                          r"opening\s+(?:a|the)\s+(?:pr|pull\s+request|mr)|making\s+(?:any\s+)?changes|"
                          r"writing\s+(?:any\s+)?code|changing\s+(?:any\s+)?code))[.!]?$"
                          # "add an integration test when adding a new endpoint" (refl44): the kind of change it comes
                          # with, one of a kind ("a", "any", "new"), not this task's thing ("when adding the endpoint")
                          r"|\bwhen\s+(?:" + "|".join(sorted(WHEN_GERUNDS.values(), key=len, reverse=True)) + r")\s+"
                          r"(?:an?|any|new|every|each)\s+(?:new\s+)?[\w`.-]+(?:\s+[\w`.-]+){0,2}[.!]?$", re.I)
# What the code at hand does in one case, said with the error or value it gives ("also guard against an empty list, raise
# ValueError", "handle the None case, return 0"): a requirement of this task's function, not a habit; "guard against empty
# lists" (a kind) or "always …" may hold beyond it.
_ONE_CASE = re.compile(r"^(?:guard|check|handle|validate|catch|protect|test)\s+(?:against\s+|for\s+)?(?:a|an|the|that|this)\s+"
                       r"[^;,]{1,40}?\s*(?:;|,|\band\b)\s*(?:then\s+)?(?:raise|throw|return|log|exit)\b", re.I)
_VAGUE_OBJECT = re.compile(r"\b(?:anything|everything|something|nothing)\b", re.I)
_FUNCTION_WORD_END = re.compile(r"\b(?:to|of|with|including|look|the|a|an|and|or|for|in|on|at|by|from|into|that|which|"
                                r"this|these|like|as|than|be|is|are)\.$", re.I)
_GARBLED = re.compile(r"^(?:maybe|perhaps|probably|i\s+think|we\s+should\s+(?:probably|maybe)|use\s+to\b)"
                      r"|\bis\s+instead\s+of\b|\b(?:which|that)\s+should\b|\b(?:is|are)\s+\w+\s+(?:which|but)\s+should\b"
                      r"|^the\s+fixed\b|^(?:create|grant|insert|select|alter|drop)\s+[`\w]+\s+with\b"
                      r"|\bbeing\s+used\b", re.I)  # "Use the green being used to be …": a clause, not a thing


def _standing(rule: Rule, text: str) -> bool:
    """A rule that holds beyond the task at hand, written as a whole sentence.

    A step of this task ("Remove the side to side scrolling", "Add console logging to `handleKeyDown`"), a
    statement of the current state ("The status bar is black which should be white"), a garbled or cut-off
    sentence, and a prohibition of "anything" are not lessons.
    """
    # "anything under `vendor/`" says what it covers; "anything" alone does not
    scoped = re.sub(r"\banything\s+(?:in|under|inside|within|from)\s+`[^`]+`", "", text)
    if _GARBLED.search(text) or _FUNCTION_WORD_END.search(text) or _VAGUE_OBJECT.search(scoped):
        return False
    words = re.findall(r"[a-z]+", text.lower())
    if not words:
        return False
    if re.search(r"\b(?:must|should|will|can|to|need|needs)\s+(?:" + "|".join(sorted(ONE_OFF_VERBS)) + r")\.$", text, re.I):
        return False  # "The video plotting must fix."
    if rule.shape in ("imperative", "modal", "reminder"):
        head = words[0]
        # ("we usually add new env vars to .env.example": the team's way, every time; refl39)
        if head in ONE_OFF_VERBS and not _GENERAL.search(text) and not (rule.shape == "imperative" and rule.standing) and not (
                _BEFORE_EACH.search(text) and not one_of_many(text.split(" ", 1)[1] if " " in text else "")):
            return False  # "Add the env var before deploying.": one thing of this task, before the deploy
        if _ONE_CASE.match(text) and not _GENERAL.search(text):
            return False  # "Guard against an empty list; raise `ValueError`." (review40 R40-12): what this code does in one case
        if _ATTACHED_FILE.search(text) and not _GENERAL.search(text):
            return False  # "Ask gemini pro and o3 to read @Bio.md … before evaluating": one evaluation's step
        # "Follow `camelCase` and add SKU and offers": a step joined to the rule
        if re.search(r"\band\s+(?:also\s+)?(?:" + "|".join(sorted(ONE_OFF_VERBS)) + r")\b", text, re.I):
            return False
    return True


def _lint_ok(text: str) -> bool:
    try:
        from altimate_learn.curate.lint import lint
    except ImportError:  # the curator's lint is the real gate; without it, let the curator decide
        return True
    try:
        return bool(lint(text).ok)
    except Exception:  # noqa: BLE001 - a lint bug must not stop the offline reflector
        return True
