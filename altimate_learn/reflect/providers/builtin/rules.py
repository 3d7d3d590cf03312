"""From a piece of feedback to its rules (:func:`rules_for`, :func:`extract_rules`): the person's own words set apart from
what was pasted, split into clauses, each read into a rule (`match.py`), rendered and judged (`render.py`); and, for
feedback that gives none, the reason it is left to a model or a person (broken, a question, a complaint, too long).
"""

from __future__ import annotations

import re

from altimate_learn.reflect.providers.builtin.challenges import secret_to_env

from altimate_learn.reflect.providers.builtin.choices import shouted_tool, team_direction, team_moved
from altimate_learn.reflect.providers.builtin.hedges import softened, unhedge
from altimate_learn.reflect.providers.builtin.match import match_rule
from altimate_learn.reflect.providers.builtin.other_languages import choice_in_other_language
from altimate_learn.reflect.providers.builtin.identifiers import mark_identifiers
from altimate_learn.reflect.providers.builtin.one_off import (BUG_REASON, HEDGED_IDEA, ONE_CASE, ONE_COMPONENT, ONE_THING, TEMPORARY,
                                                              TWO_PLACES, two_places,
                                                              UNTIL_IT_ENDS, WORKAROUND, _GENERAL, _bare_one_of_many, _design_idea, _plural)
from altimate_learn.reflect.providers.builtin.pasted import split_pasted
from altimate_learn.reflect.providers.builtin.phrase import Rule, _ASKS
from altimate_learn.reflect.providers.builtin.render import cross_sentence_rule, judge
from altimate_learn.reflect.providers.builtin.text import (ONE_OFF, after_a_line, drop_chatter, front_discourse,
                                                           normalise, not_english, prose, record_asked, run_on_reason,
                                                           sentences, strip_lead)
from altimate_learn.reflect.providers.builtin.vocabulary import (BEFORE_GERUNDS, TALK_PLAIN_NOUNS, UNIT_WORDS, VERBS,
                                                                 WHEN_GERUNDS, WORK_KINDS, gerund_base)
from altimate_learn.reflect.providers.builtin.waiting import GO_ON, OWN_SETUP, go_on, own_setup

# Feedback longer than this (the person's own prose) is a specification or a pasted review to read whole, not
# a correction to take one rule from by pattern: a model or a person should read it.
LONG_FEEDBACK = 400
_SPEC_LINE = re.compile(r"^\s*(?:#{1,6}\s|[-*\u2022]\s|\d+[.)]\s)", re.M)

_STATEMENT = re.compile(r"^\W*(?:CREATE|GRANT|REVOKE|INSERT|UPDATE|DELETE|SELECT|ALTER|DROP|TRUNCATE)\s+[A-Z*]")

NO_RULE = "no clear rule in it"
TOO_LONG = "long or structured feedback: a model or a person should read it whole"
PASTED = "no clear rule in the person's own words (pasted code, output or quoted text never makes a lesson)"
NOT_ENGLISH = "not in English: the built-in reflector reads English only, a model or a person should read it"
OWN_SLIP = ("no standing rule: the person corrects their own words (\"I gave you the wrong table name\", \"I meant …\"), "
            "a fix of this task's instruction, not of what the agent did")
# The person takes back their own instruction: what follows fixes what they said, not a habit of the agent's (refl30,
# blind5: "oh wait, my bad, I gave you the wrong table name. it's analytics.page_views, not web.page_views" gave "Use
# `analytics.page_views` instead of `web.page_views`."). "my bad for not saying it earlier, but we never use print" states
# a rule: only the slips that name the person's wrong words count, and a tie to the team's ways keeps the rule.
_OWN_SLIP = re.compile(r"\bi\s+(?:gave|sent|pasted|typed|told|said|wrote|copied|showed)\s+(?:you\s+)?(?:the\s+)?wrong\b"
                       r"|\bi\s+(?:actually\s+)?meant\b|\bi\s+(?:mixed|got)\s+(?:them|it|those|these|the\s+\w+|\w+)\s+"
                       r"(?:up|mixed\s+up)\b|\b(?:my\s+typo|typo\s+on\s+my\s+(?:part|end|side)|i\s+(?:misspelled|mistyped))\b"
                       # "correction to my last message: the field is optional, not required" (blind10), "I misspoke":
                       # the person's own message fixed, as "I meant …" fixes it
                       r"|\b(?:(?:a\s+)?correction\s+to|correcting|to\s+correct)\s+(?:my\s+(?:own\s+)?(?:last|previous|"
                       r"earlier|first)\s+(?:message|msg|comment|reply|instruction|prompt)|(?:what\s+)?i\s+(?:just\s+)?"
                       r"(?:said|wrote)|myself)\b|\bi\s+misspoke\b", re.I)


TAKEN_BACK = ("no standing rule: the person takes it back or makes an exception in the same message (\"actually X is "
              "fine here\", \"but this one is fine\", \"never mind\"): what holds is for a model or a person to read")
# The rule said, then taken back or excepted in the same message (review30 R30-8): "… actually lodash is fine here", "we
# don't add deps, but this one is fine", "never mind", "scratch that", "on second thought"
_TAKEN_BACK = re.compile(r"\bactually\s+(?:[\w.@/+-]+|it|that|this)\s+(?:is|'s)\s+(?:fine|ok(?:ay)?|good|allowed)\b"
                         r"|\b(?:but|though|except)\s+(?:this|that)\s+one\s+(?:is|'s)\s+(?:fine|ok(?:ay)?|allowed)\b"
                         r"|\b(?:never\s*mind|nvm|scratch\s+that|on\s+second\s+thought|ignore\s+what\s+i\s+said|"
                         r"forget\s+(?:it|that|what\s+i\s+said))\b"
                         # "wait, no", "ignore that", "jk", "just kidding", "hmm, no, …" after what was said (review35
                         # R35-17); at the start they refuse what the agent did ("hmm no, the env var is DATABASE_URL")
                         r"|(?<=\S)[\s,;.!?(\u2014\u2013-]*[,;.!?(\u2014\u2013-]\s*(?:wait\s*,?\s*no|no\s*,?\s*wait|ignore\s+(?:that|this|the\s+above|my\s+last(?:\s+message)?)|"
                         r"disregard\s+(?:that|this|the\s+above|my\s+last(?:\s+message)?)|j/?k|just\s+kidding|(?<!no\s)(?:i'?m\s+)?kidding|"
                         r"actually\s*,?\s*no|hm+\s*,?\s*no|(?:oh\s+)?wait\s*,?\s*(?:actually|never))\b"
                         # "…, probably not", "…, obviously not" after the rule; "…, unlike the backend" may be where it
                         # does not hold (check48 on a22f9034; "unlike the last PR" is the occasion, text.drop_chatter)
                         r"|,\s*(?:(?:but|or)\s+)?(?:probably|perhaps|possibly|obviously|maybe|or)\s+not\s*[.!?]*\s*$"
                         r"|,\s*unlike\s+(?!(?:in\s+)?(?:the|your|my)\s+(?:last|previous)\b)", re.I)
# ... or narrowed after it: "…, but only in the new services", "well, except in the charts" (review35 R35-17): where it
# holds is for a model or a person to read, as a rule said under a leading condition is
_LIMITED_AFTER = re.compile(r"(?:^|[,;.!?(\u2014\u2013-])\s*(?:(?:but|and|well|though|although|hm+|ok(?:ay)?)\s*,?\s+)*"
                            r"(?:only\s+(?:in|for|on|inside|within|when|if|where)|except(?:\s+(?:in|for|on|when|if|where))?|"
                            r"apart\s+from|other\s+than|"
                            # the place said first and "only" last: "never use any, for the public api only", "…, in tests only"
                            r"(?:for|in|on|inside|within)\s+[^,;.!?\n]{1,60}?\s+only(?=\s*(?:[,;.!?)]|$)))\b", re.I)
# "npm is fine", "float is fine for the chart": a thing the rule names, said to be fine in the same message
_SAID_FINE = re.compile(r"(?P<what>`[^`]+`|[\w.@/+#-]+)\s+(?:is|'s|are|'re)\s+(?:(?:totally|perfectly|actually|still|also)\s+)?"
                        r"(?:fine|ok(?:ay)?|good|allowed|acceptable)\b", re.I)


def rule_for(text: str) -> tuple[str | None, str]:
    """(the first lesson, "") or (None, why there is none)."""
    rules, why = rules_for(text)
    return (rules[0] if rules else None), why


# "for this repo we use pnpm", "here we use pnpm" (refl50's left-alone: gave nothing, while "for this repo, we use pnpm" and
# "we use pnpm for this repo" gave "Use `pnpm`."): the project said first with no comma before the team's "we"; only this
# project ("for the demo", "for our other repo" are read as before)
_REPO_FIRST = re.compile(r"^(?P<where>(?:for|in)\s+this\s+(?:repo(?:sitory)?|project|codebase|monorepo)|here)\s+(?=we\s)", re.I)


def rules_for(text: str) -> tuple[list[str], str]:
    """(the lessons, best first, "") or ([], why there is none)."""
    text = record_asked(text)  # "for next time: never commit the .env", "…, add this to CLAUDE.md"
    text = _REPO_FIRST.sub(r"\g<where>, ", text)  # "for this repo we use pnpm" as "for this repo, we use pnpm" (refl51)
    kept, pasted = split_pasted(normalise(text))
    own = "\n".join(kept)
    if len(own.strip()) > LONG_FEEDBACK or len(_SPEC_LINE.findall(own)) >= 3:
        said = _said_to_hold_from_now_on(own)
        return ([said], "") if said else ([], TOO_LONG)
    foreign = choice_in_other_language(own)
    if foreign:  # "Nein, nicht npm, sondern pnpm": one tool against another of its job, in the person's words (refl27)
        return [foreign], ""
    if not_english(own):
        return [], NOT_ENGLISH
    if own_setup(own) and _shape_of_no_rule(own) != BROKEN:  # ("I'm on a Mac and the build fails" reports a bug)
        return [], OWN_SETUP  # "I use the fish shell. Why do you think I use zsh?": the person's, not the team's
    if _OWN_SLIP.search(own) and not _GENERAL_TIE.search(own):
        return [], OWN_SLIP  # "my bad, I gave you the wrong table name. it's analytics.page_views, not web.page_views"
    if _TAKEN_BACK.search(own):
        return [], TAKEN_BACK  # "why add lodash when the codebase uses ramda? actually lodash is fine here" (R30-8)
    if two_places(own):
        return [], TWO_PLACES  # "we don't use requests in the app, we use httpx in the scripts" (refl51)
    shouted = shouted_tool(own)
    if shouted:  # "pnpm!! for the third time" (refl31, blind6)
        return [shouted], ""
    directed = None if _LIMITED_AFTER.search(own) else team_direction(own)
    if directed:  # "maybe use httpx rather than requests here? we're phasing requests out" (review40 R40-3)
        return [directed], ""
    moved_to = None if _LIMITED_AFTER.search(own) else team_moved(own)
    if moved_to:  # "I thought we replaced redux with zustand. why are there still use cases for redux" (refl47)
        return [moved_to], ""
    moved = secret_to_env(own)
    # "you hardcoded the token. read it from the env": the secret and where it comes from, in two sentences (refl43)
    rules, declined = _extract(moved if moved else text)
    unsafe = [rule for rule in rules if _UNSAFE_SECRET.search(rule) and not _TURNED_AWAY.match(rule)]
    if unsafe:  # "ugh, we store passwords in plain text": a complaint about the team's practice (review39 R39-17)
        rules = [rule for rule in rules if rule not in unsafe]
        if not rules:
            return [], UNSAFE
    asked = [rule for rule in rules if _ASKED.search(rule)]
    if asked:  # "we store passwords in plain text??" is a shocked question, never the rule (review39 R39-17)
        rules = [rule for rule in rules if rule not in asked]
        if not rules:
            return [], ASKS
    if rules and _narrowed(own, rules):
        return [], TAKEN_BACK  # "use httpx instead of requests, but only in the new services", "… npm is fine" (R35-17)
    if rules:
        return rules, ""
    if declined:  # a clean sentence that steers one change: say which shape, so a person knows why it waits
        return [], f"no standing rule: {declined[0]}"
    if pasted:
        return [], PASTED
    shape = _shape_of_no_rule(own)
    if shape in (NO_RULE, ASKS) and go_on(own):
        return [], GO_ON  # "stop asking me to say things just do it", "go go go why do you stop"
    return [], shape


_GRANTED = re.compile(
    r"(?:[.;!?]\s+|,\s+)(?:(?:well|ok(?:ay)?|hm+|but|no|though|although|and)\W+)*"
    r"(?:(?!(?:it|this|that|everything|all|rest|which|what)\b)[a-z][\w.-]*(?:\s+[a-z][\w.-]*){0,2}\s+(?:is|are|'s|'re)\s+"
    r"(?:(?:totally|perfectly|actually|still|also)\s+)?(?:fine|ok(?:ay)?|allowed|acceptable)\b"
    r"|maybe\s+(?:(?:not\s+)?for\s+)?(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s*(?:[.!?]|$)"
    r"|(?!(?:you|we|i|it|this|that|they|yours|ours|its|this)\b)[a-z][\w-]*s\s+can\s+(?:still\s+)?(?:go|be|skip|bypass|use|have)\b)",
    re.I)


def _narrowed(own: str, rules: list[str]) -> bool:
    """Whether the message limits or takes back the rules it states (review35 R35-17): a limit after them that no lesson
    keeps ("…, but only in the new services", "well, except in the charts"), or a thing a lesson names said to be fine
    ("wait, no, npm is fine", "float is fine for the chart")."""
    said = " ".join(rules).lower()
    if not re.search(r"\b(?:only|except|apart\s+from|other\s+than)\b", said) and _LIMITED_AFTER.search(own):
        return True
    # an exception granted after the rule, to something the rule does not name (review36 R36-6: "never push to main.
    # well, hotfixes are ok", "… hotfixes can go straight to main", "… ok maybe for hotfixes")
    first = next((w.strip("`").lower() for w in re.findall(r"`[^`]+`|[\w.-]+", rules[0])
                  if w.lower() not in ("never", "always", "use", "avoid", "don't", "do", "not")), "") if rules else ""
    start = own.lower().find(first) if first else -1
    # (in the rule's sentence or the one right after it: "…, the dev target is fine" two sentences on is another subject)
    ends = [m.end() for m in re.finditer(r"[.!?](?:\s+|$)|\n+", own[start:])] if start >= 0 else []
    if start >= 0 and _GRANTED.search(own[start:start + ends[1]] if len(ends) > 1 else own[start:]):
        return True
    named = {word.strip("`").lower() for rule in rules for word in re.findall(r"`[^`]+`|[\w.@/+#-]+", rule)}
    if any(m.group("what").strip("`").lower() in named and m.group("what").lower() not in ("it", "this", "that")
           for m in _SAID_FINE.finditer(own)):
        return True
    # where the thing a rule keeps out still belongs (review39 R39-13: "use pnpm not npm (npm is only for the docs site)"
    # gave "Use `pnpm`, not `npm`.", which bans npm in the one place the person said it is for)
    avoided = set()
    for rule in rules:
        kept_out = re.split(r"\binstead\s+of\b|,\s+not\b|\brather\s+than\b", rule, maxsplit=1)
        part = kept_out[1] if len(kept_out) > 1 else rule if re.match(r"(?:Never|Avoid)\b", rule) else ""
        avoided |= {word.strip("`").lower() for word in re.findall(r"`[^`]+`|[\w.@/+#-]+", part)}
    return any((m.group("what") or m.group("what2") or m.group("what3")).strip("`").lower() in avoided | {"it", "its", "it's"}
               for m in _ONLY_THERE.finditer(own))


# "npm is only for the docs site", "moment is only allowed in the legacy admin", "it's only acceptable in the generated
# types", "flake8 only runs on the old py2 package", "we only use npm to publish the docs": a place it keeps (R39-13)
_ONLY_THERE = re.compile(r"(?P<what>`[^`]+`|[\w.@/+#-]+?)(?:\s+(?:is|are)|'s|'re)\s+only\s+(?:(?:ok(?:ay)?|fine|allowed|"
                         r"acceptable|permitted|used|meant|there|needed)\s+)?(?:for|in|on|inside|within|to|by|when)\b"
                         r"|(?P<what2>`[^`]+`|[\w.@/+#-]+)\s+only\s+(?:runs?|lives?|belongs?|goes|works?|stays?)\s+(?:on|in|for|with)\b"
                         r"|\bwe\s+only\s+(?:use|need|keep|run)\s+(?P<what3>`[^`]+`|[\w.@/+#-]+)\s+(?:to|for|in|on|when)\b", re.I)


# The person's own words that a clause holds beyond this task: in long feedback, the one part not to leave to a model.
_FROM_NOW_ON = re.compile(r"\b(?:going\s+forward|moving\s+forward|from\s+now\s+on|from\s+here\s+on(?:\s+out)?|henceforth|"
                          r"in\s+(?:the\s+)?future)\b", re.I)


# A clause that opens with a condition or a scope ("for this release only", "except for hotfixes", "unless I say so",
# "until the freeze ends"): the clauses after it in its sentence hold only under it (review22 R22-12), which the rule
# read alone would drop ("Always skip the e2e tests.")
_CONDITION = re.compile(r"^(?:for|except|unless|until|till|when|whenever|if|during|while|as\s+long\s+as|only|apart\s+from|"
                        r"besides|other\s+than|before|after|in\s+case|once|on)\b", re.I)


def _said_to_hold_from_now_on(own: str) -> str | None:
    """The one rule long feedback says holds from now on ("…, i prefer rounded polygons for any shapes going forward,
    …" -> "Prefer rounded polygons for any shapes."), or None. The rest of the feedback (a dozen requests, a
    specification) is still left to a model or a person; two such clauses, or one that is no clean rule, give
    nothing."""
    clauses: list[str] = []
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", own):
        conditioned = False
        for clause in (c.strip() for c in re.split(r",\s+|;\s+", sentence)):
            if conditioned:
                continue  # "for this release only, from now on skip the e2e tests": the rule holds only under that
            if clauses and _FROM_NOW_ON.fullmatch(clauses[-1].strip(" ,:;")):
                clauses[-1] = f"{clauses[-1]}, {clause}"  # "going forward, never …": the lead and its rule
            elif clause:
                clauses.append(clause)
            conditioned = bool(_CONDITION.match(clause)) and not _FROM_NOW_ON.search(clause)
    found = []
    for clause in clauses:
        if not _FROM_NOW_ON.search(clause) or len(clause) > 200 or "?" in clause:
            continue
        rules, _declined = _extract(clause)
        # "…, from now on, the modal should close on escape, …": how one part should behave, in what reads as a
        # specification of this task, not a standing rule
        found += [rule for rule in rules if not ((one := re.match(r"^The\s+(.+?)\s+(?:should|must|needs?)\b", rule))
                                                 and not _plural(one.group(1)))]
    return found[0] if len(found) == 1 else None


# Most corrections that give no lesson report that the result is broken or ask a question about it (the dev sort of
# refl21: research/data/real/reflector_unlearned_dev.jsonl). Saying which, in the reason a waiting signal is listed
# with, tells the person reading `learn signals --unlearned` what is left for them without opening each one.
BROKEN = ("no rule in it: it reports that something does not work (an error, \"still broken\", \"nothing happens\"); "
          "what to fix is in the conversation")
ASKS = "no rule in it: a question; what it asks about is in the conversation"
# A rule that would keep secrets where anyone can read them ("Store passwords in plain text.", "Log the API tokens."):
# whatever the words, a person who says the team does so is complaining; never written as the team's way (R39-17)
_UNSAFE_SECRET = re.compile(
    r"\b(?:store|keep|save|persist|log|print|commit|put|send|write|hard-?code|expose|paste|email)\w*\b[^.;]{0,40}?"
    r"\b(?:passwords?|passwd|secrets?|(?:api|access|auth|bearer|session)[\s_-]?(?:keys?|tokens?)|tokens?|credentials?|"
    r"private[\s_-]keys?)\b[^.;]{0,40}?(?:\b(?:in\s+)?(?:plain[\s-]?text|plaintext|clear[\s-]?text|unencrypted|unhashed)\b"
    r"|\bin\s+(?:the\s+)?(?:repo(?:sitory)?|git|logs?|urls?|query\s+strings?|frontend|client|browser|local\s*storage|"
    r"bundle|source(?:\s+code)?|code)\b)"
    r"|\b(?:log|print)\w*\s+(?:the\s+|all\s+|every\s+)?(?:passwords?|secrets?|(?:api|access|auth)[\s_-]?(?:keys?|tokens?)|"
    r"credentials?|private[\s_-]keys?)\b", re.I)
_TURNED_AWAY = re.compile(r"^(?:never|don'?t|do\s+not|avoid|no)\b", re.I)
UNSAFE = "no rule in it: it says the team keeps secrets where anyone can read them, which is a complaint, never a rule"
# A rule that kept its sentence's question mark ("Store passwords in plain text??."): the sentence asked, it stated nothing
_ASKED = re.compile(r"\?[?!.]*$")
KEEPS = ("no standing rule: a complaint about what the agent keeps doing (\"you keep …\") to something only the "
         "conversation names (\"the failing tests\", \"the button\"), not a kind of thing or code")
# review22 R22-4: the reason above was given to every "you keep …" with no rule, also "you keep using var instead of
# const" (which gives its rule now) and "you keep asking me questions"; each says what it is.
KEEPS_INSTEAD = ("no standing rule: a complaint that the agent keeps using one thing instead of another (\"you keep using "
                 "X instead of Y\") where neither is code, or one is this task's thing or a judgement (\"the new one\", "
                 "\"proper types\", \"in this file\"): which to use, and where, is in the conversation")
KEEPS_OTHER = ("no standing rule: a complaint about what the agent keeps doing (\"you keep …\") that the built-in "
               "reflector cannot read as a rule (what it is done to is no kind of thing or code it knows, or the verb "
               "is no action on the code)")
# A request to repair or handle what went wrong: its "errors" or "failing tests" are what it asks about, not a report.
_ASKS_REPAIR = re.compile(r"^(?:please\s+|pls\s+|now\s+|also\s+)*(?:fix|resolve|handle|address|clean\s+up|clear|debug|solve|"
                          r"investigate|look\s+into|catch|silence|suppress|log|ignore|remove|check\s+for|report|surface|"
                          r"raise|throw|wrap)\s+(?:(?:the|any|all|all\s+the|these|those|its|their)\s+)?"
                          r"(?:[\w-]+\s+){0,2}?(?:errors?|exceptions?|failures?|failing\s+[\w-]+|bugs?|crash(?:es)?)\b"
                          r"(?!.*\b(?:still|again|not|n't|broken|nothing|you|your)\b)", re.I)
_BROKEN = re.compile(
    r"\b(?:error|errors|broken|broke|crash(?:es|ed|ing)?|fail(?:s|ed|ing|ure)?|blank|404|500|exception|bug|stuck|"
    r"hangs?|freez(?:es|ing)|not\s+(?:working|loading|showing|opening|starting|running|rendering|displaying|found|"
    r"fixed|changed|created|saved|visible|there|appearing)|(?:(?:does|did|is|are|was|were|has|have)\s*(?:n'?t|\s+not)|"
    r"won'?t|can'?t|cannot)\s+(?:work|load|show|open|start|run|render|display|change|appear|exist|build|compile|save|fix|"
    r"help|do\s+anything|see|find|connect|reach|access)|nothing\s+(?:happens|happened|changed|"
    r"works|is|shows|loads)|still\s+(?:the\s+same|not|no|getting|failing|broken|empty|wrong|see|shows?|happening))\b",
    re.I)


def _shape_of_no_rule(own: str) -> str:
    """Why feedback with no rule in its own words gives none: a report that something is broken, a question, or
    (the rest) :data:`NO_RULE`."""
    said = strip_lead(own.strip())
    keeps = re.match(r"^(?:why\s+(?:do|did|are)\s+)?you(?:'re|\s+are)?\s+(?:still\s+)?(?:keep|kept|always|constantly)\s+"
                     r"(?:on\s+)?(?P<verb>[a-z-]+)\s*(?P<rest>.*)$", said, re.I)
    if keeps:  # a complaint about the agent's habit, not a bug report
        from altimate_learn.reflect.providers.builtin.habits import _one_thing

        rest = re.sub(r"[?!.\s]+$", "", keeps.group("rest"))
        if re.search(r"\b(?:instead\s+of|rather\s+than)\b", rest, re.I):
            return KEEPS_INSTEAD  # "you keep using red instead of blue"
        verb = keeps.group("verb").lower()
        if rest and verb.endswith("ing") and gerund_base(verb) and (_one_thing(rest) or re.match(
                r"(?:the|this|that|these|those|my|your|it|them)\b", rest, re.I)):
            return KEEPS  # "you keep skipping the failing tests"
        return KEEPS_OTHER  # "you keep asking me questions", "you keep importing lodash"
    # "fix the lint errors before committing": a request that names errors reports nothing broken; a clause of its own
    # ("fix it, it's still broken") still does
    if any(_BROKEN.search(clause) and not _ASKS_REPAIR.match(strip_lead(clause.strip()))
           for clause in re.split(r"[.!?;,\n]+|\s+(?:and|but|then|so)\s+", own)):
        return BROKEN
    if re.match(r"^(?:can|could|would|will)\s+(?:you|u)\b", said, re.I):
        return NO_RULE  # a request asked as a question ("could you prune them all at once?"): a step of this task
    if re.search(r"\?\s*$", own.strip()) or _ASKS.match(said):
        return ASKS
    return NO_RULE


_DID_IT_AGAIN = re.compile(r"^(?:and\s+|but\s+)?(?:you|u)\s+(?:just\s+|literally\s+|have\s+|'ve\s+)?(?:did|done|do)\s+"
                           r"(?:it|that|this|the\s+same)\s+(?:again|once\s+more)(?:\s+(?:today|now|just\s+now))?\s*[.!?\u2026]*$",
                           re.I)


def _lead_joined(said: list[str]) -> list[str]:
    """The sentences, a reminder lead said as a sentence of its own ("again.", "I told you.", "how many times...") joined
    to the one after it as its lead: "how many times... tests go next to the file, not in __tests__" (blind11; refl39)."""
    from altimate_learn.reflect.providers.builtin.conventions import RECALLED

    out: list[str] = []
    split: list[str] = []
    for sentence in said:
        # "no no no, the migrations folder is generated, never edit it by hand" (review40 R40-9): the two sentences
        # "… is generated. never edit it …" said with a comma (refl40)
        parts = re.match(r"^(?P<made>.+?\bgenerated(?:\s+(?:code|files?))?)\s*[,;\u2014-]\s*(?P<hands>(?:so\s+|and\s+|please\s+)*"
                         r"(?:don'?t|do\s+not|never)\s+\S.*)$", sentence, re.I)
        made = _MADE_BY_A_TOOL.match(strip_lead(parts.group("made"))) if parts else None
        if made and _HANDS_OFF.match(parts.group("hands")):
            first = strip_lead(parts.group("made"))
            split += [first[:1].lower() + first[1:], parts.group("hands")]
        else:
            split.append(sentence)
    for sentence in split:
        lead = RECALLED.match(out[-1] + " ") if out else None
        made = _MADE_BY_A_TOOL.match(out[-1]) if out else None
        hands_off = _HANDS_OFF.match(sentence)
        if lead and lead.end() >= len(out[-1]):
            out[-1] = re.sub(r"[\s.!?\u2026]+$", "", out[-1]) + ", " + sentence
        elif out and _DID_IT_AGAIN.match(sentence):
            # "dude. no force pushes on shared branches. you just did it again" (blind11): the slip said again after the
            # rule is the reminder "again, …" said first (refl40)
            out[-1] = "again, " + out[-1]
        elif made and hands_off:
            # "the snapshot files are generated. don't hand-edit them" -> "never hand-edit the snapshot files" (refl39)
            verb = hands_off.group("verb").lower()
            by_hand = " by hand" if verb.startswith("hand") or hands_off.group("by_hand") else ""
            what = re.sub(r"^(the|our|all)\s+", lambda m: f"{m.group(1).lower()} generated ", made.group("what"), flags=re.I)
            out[-1] = f"{made.group('lead') or ''}never {re.sub(r'^hand-?', '', verb)} {what}{by_hand}"
        else:
            out.append(sentence)
    return out


# What a tool makes, said as a fact ("the snapshot files are generated", "that file gets overwritten on every build"), and
# the ban on touching "them" said after it
_MADE_BY_A_TOOL = re.compile(r"^(?P<lead>(?:(?:like|as)\s+(?:last\s+time|before|i\s+said)|again|remember)\s*[,:;\u2014-]*\s*)?"
                             r"(?P<what>(?:the|our|all)\s+[\w`./-]+(?:\s+[\w`./-]+){0,2}?)\s+(?:is|are)\s+"
                             r"(?:auto-?)?generated(?:\s+(?:code|files?))?\s*[,.;!]*$", re.I)
_HANDS_OFF = re.compile(r"^(?:so\s+|and\s+|please\s+)*(?:don'?t|do\s+not|never)\s+(?P<verb>(?:hand-?)?edit|touch|modify|change|"
                        r"hand-?edit)\s+(?:it|them|those|these)(?P<by_hand>\s+by\s+hand|\s+manually)?\s*[.!]*$", re.I)


def extract_rule(text: str) -> str | None:
    """The first lesson a piece of feedback states (the best of :func:`extract_rules`), or None."""
    rules = extract_rules(text)
    return rules[0] if rules else None


MAX_RULES_PER_ITEM = 3


def extract_rules(text: str) -> list[str]:
    """The lessons a piece of feedback states, best first: one per sentence that states its own rule ("No, use
    `Decimal` for money. And never use pip here, we use uv." is two), at most :data:`MAX_RULES_PER_ITEM`. A later
    sentence counts only when its rule shares no identifier and few words with one already taken, so a rule said
    twice in other words stays one lesson, and never as a reminder of one slip."""
    return _extract(text)[0]


def _extract(text: str) -> tuple[list[str], list[str]]:
    """(the lessons, why each clean sentence that is one-off steering gave none)."""
    own = prose(normalise(text))
    declined: list[str] = []

    def final_of(rule: Rule) -> str | None:
        final, why = judge(rule, own)
        if why and why not in declined:
            declined.append(why)
        return final

    # "…, tbh" read as "tbh, …"; "dont use class components we r on hooks" as "…, we're on hooks"
    said = _lead_joined([_case_as_verb(_condition_last(front_discourse(drop_chatter(run_on_reason(sentence)))))
                         for sentence in sentences(own)[:12]])
    # "could you maybe use X?" reads as "use X"; a request for one new thing after a comma is no part of a rule (R29-7)
    parts = [_case_as_verb(unhedge(part if (cut := _new_work_tail(part)) is None else part[:cut])) for part in said]
    # "never use floats for money but Decimal": what to use after "but", read as "…, use Decimal" is (refl49)
    parts = [_BAN_BUT_USE.sub(r"\g<ban>, use \g<use>", part) for part in parts]
    # "never use any but prefer unknown": the one thing to prefer after "but", read as "…, prefer unknown" is (refl50)
    parts = [_BAN_BUT_PREFER.sub(r"\g<ban>, \g<verb> \g<use>\g<end>", part) for part in parts]
    # (rank, place, lesson, sentence or -1 for several, shape, how the clause stands in its sentence: "whole", "piece",
    # or "own" for a statement of its own joined by ", and" / "pls")
    candidates: list[tuple[int, float, str, int, str, str]] = []
    cross = cross_sentence_rule([piece for part in parts if not ONE_OFF.search(part)
                                 for piece in _clauses(part)[1:] or [part]])
    if cross:
        final = final_of(cross)
        if final:
            candidates.append((0, 0, final, -1, cross.shape, "whole"))
    # Stated rules beat reminders of one slip ("you forgot to …"); naming code beats not naming it.
    order = {"instead": 1, "rename": 1, "never": 2, "always": 2, "place": 2, "modal": 2, "convention": 2, "reminder": 3,
             "imperative": 4}
    for index, part in enumerate(parts):
        if _offers_alternative(said[index]):
            if OFFERED not in declined:
                declined.append(OFFERED)
            continue  # "can we use zod instead of yup?", "what about dayjs instead of moment?": an idea put up for
            # discussion, not the person's decision (review42: a held-out real question gave "Use `zod` instead of `yup`.")
        if ONE_OFF.search(part):
            part = after_a_line(part) or ""  # (a rule said after the report at one file's line is no part of it)
            if not part:
                continue  # "don't use pandas for this, … use polars": every clause is about the task at hand
        before = len(candidates)
        # "Errors are returned as Result, we don't panic outside main": the team's way after a comma is read only when
        # nothing else in the sentence gave a rule ("Use camelCase for JSON fields, we don't do snake_case" keeps its
        # first rule; refl26)
        for late, clauses in ((False, _clauses(part)), (True, _late_clauses(part)), (True, _reason_cut(part))):
            if len(candidates) > before:
                break
            for clause in clauses:
                if _STATEMENT.match(clause):
                    continue  # pasted SQL ("CREATE USER … WITH PASSWORD …; GRANT ALL …"), not a sentence
                rule = match_rule(clause)
                # (the team's way after a comma, read because nothing before it is a rule, is no premise: "stick to the
                # existing naming, we use camelCase for variables"; refl27)
                if rule is None or rule.alone and clause != part and not late and not _own_statement(part, clause):
                    continue  # a short statement that is only one piece of a longer sentence may be its premise (one
                    # joined by ", and we …" is a statement of its own: "tests live under spec/, and we use rspec")
                if rule.alone and clause != part and _WHEN_FIRST.match(part) and not part.lower().startswith(clause.lower()):
                    continue  # "if it fails, we use pnpm", "when we deploy tomorrow, we use pnpm": the team's way said
                    # for when something happens, not always (check49 C49-10)
                if not rule.alone and clause != part and (case := _CASE_FIRST.match(part)) \
                        and not part.lower().startswith(clause.lower()) and not _OWN_WORK.match(case.group(0)):
                    if ONE_CASE not in declined:
                        declined.append(ONE_CASE)
                    continue  # "if it fails, never use npm", "whenever the build fails, never use npm": a rule said for
                    # one case, read alone it holds always (refl49's left-alone; the team's way is the check above:
                    # "whenever you install something, we use pnpm" holds each time)
                if rule.shape in ("instead", "imperative") and (_SIZE_OF_ONE.search(said[index]) or _will_run(said[index])) \
                        and not _GENERAL_TIE.search(said[index]):
                    if ONE_THING not in declined:
                        declined.append(ONE_THING)
                    continue  # "use TRUNCATE, not DELETE, the table has 80M rows": a choice for that one table (refl29)
                if UNTIL_IT_ENDS.search(said[index]):
                    if TEMPORARY not in declined:
                        declined.append(TEMPORARY)
                    continue  # "use npm instead of pnpm until the pnpm bug is fixed": it ends when the bug does (R38-15)
                if rule.shape in ("instead", "imperative") and BUG_REASON.search(said[index]):
                    if WORKAROUND not in declined:
                        declined.append(WORKAROUND)
                    continue  # "use normal checkboxes instead of shadcns since theres a bug": while the bug lasts
                if _one_part_untied(rule, own) or _behaviour_of_one_part(rule, own):
                    if ONE_COMPONENT not in declined:
                        declined.append(ONE_COMPONENT)
                    continue  # "the script should never overwrite an existing output file, …": how one thing behaves
                if softened(said[index]) and not _GENERAL.search(said[index]) and _design_idea(rule) \
                        and not _LIKE_THE_REST.search(own):
                    if HEDGED_IDEA not in declined:
                        declined.append(HEDGED_IDEA)
                    continue  # "I think we should use a queue instead of polling": an idea for this task's design
                final = final_of(rule)
                grant = _granted(said[index]) if final and rule.shape == "never" else None
                if grant and final.startswith("Never ") and " but " not in final:
                    final = f"{final.rstrip('.')}, but {mark_identifiers(grant)}."  # (its grant kept with it; refl49)
                elif grant and final.startswith("Never ") and ", but " not in final:
                    final = final.replace(" but ", ", but ", 1)  # ("never commit .env files but do commit .env.example")
                if final and _BUT_GLUED.search(final) and not grant:
                    continue  # "never use any but prefer unknown" gave "Use `unknown` instead of any but." (C47-2)
                if final:
                    rank = order[rule.shape] - (1 if "`" in final else 0)
                    stands = "whole" if clause == part else "own" if _own_statement(part, clause) else "piece"
                    candidates.append((rank, index - final.count("`") // 2 * 0.01, final, index, rule.shape, stands))
    if candidates and any(_but_after(part) for part in parts):
        # "always run the tests, but skip them for docs-only changes", "…, but it's your call", "dont use npm. we use pnpm,
        # but leave the docs site on npm": the rule read before "but" is not all that holds, in its sentence or before
        # it (check47 C47-2)
        candidates = []
        declined.insert(0, BUT_AFTER)
    asked = _asks_new_work(said)
    within = _asks_new_work_within(said) if asked is None else None
    if within is not None:
        asked = within
    if asked is not None:
        # "add a retry to the upload, and never retry on 4xx errors", "Build the signup form. Never store the password
        # …": a requirement of the work the message asks for, not a rule about what the agent did (refl27); "don't
        # cache images bigger than 5mb, and add a settings option …": the request after the rule, in its sentence (refl29)
        joined = within is not None or bool(re.search(r",\s+(?:and|but)\s|;|\s[-\u2014\u2013]\s|:\s", said[asked]))
        # (a rule that names code keeps, request or not: "don't use floats for money, and add a test for the rounding";
        # review29 R29-7)
        aside = _asides(said, asked)
        kept = [c for c in candidates if c[3] != -1 and (c[3] < asked or c[3] in aside or c[3] == asked and (
            not joined or within is not None and "`" in c[2]))]
        request = _NEW_WORK.match(strip_lead(said[asked].strip())) if within is None else None
        if request and asked > 0 and _POINTS_BACK.fullmatch(request.group("what").strip()) and not _tied(said[asked - 1]) \
                and request.group("verb").lower() in ("build", "implement", "create", "write", "design", "scaffold",
                                                      "set up", "make"):
            # "users should never be able to change their email without confirming the new one. can you build that
            # flow?" (blind10): the sentence before a request for "that" / "it" says what to build, not a rule
            kept = [c for c in kept if c[3] != asked - 1]
        if within is None:  # the request itself, read as an order with its purpose ("Add `X` so people always …"; refl31)
            asking = strip_lead(said[asked].strip())
            request = _NEW_WORK.match(asking)
            if request and _PURPOSE.search(asking[request.start("what"):]):
                verb = request.group("verb").lower()
                kept = [c for c in kept if c[3] != asked or not c[2].lower().startswith(verb + " ")]
        if len(kept) < len(candidates) and SPEC_OF_NEW_WORK not in declined:
            declined.append(SPEC_OF_NEW_WORK)
        candidates = kept
    candidates.sort(key=lambda c: (c[0], c[1]))
    taken: list[tuple[str, int, str]] = []
    for _rank, _place, final, index, shape, stands in candidates:
        if len(taken) >= MAX_RULES_PER_ITEM:
            break
        # A slip recalled next to a stated rule ("You forgot to convert amount_cents. Staging models must use
        # cents_to_dollars()") is that rule's occasion, not a second rule. One sentence gives one rule, unless it joins
        # two statements of their own ("tests live under spec/, and we use rspec not minitest": both hold; refl27).
        if taken and (index == -1 or shape == "reminder"
                      or any(index == other and not _two_statements(stands, how) or not _apart(final, rule)
                             for rule, other, how in taken)):
            continue
        taken.append((final, index, stands))
    return [rule for rule, _index, _how in taken], declined


# a ban of using one thing, then "but" and the one thing to use ("never use floats for money but Decimal", "don't use
# floats for money, but use Decimal")
_BAN_BUT_USE = re.compile(r"^(?P<ban>(?:never|don'?t|do\s+not|stop)\s+(?:use|using)\s+[^,;]+?)\s*,?\s+but\s+(?:use\s+)?"
                          r"(?P<use>`[^`]+`|[A-Z][\w.]*(?:\(\))?|[a-z][\w]*\.[\w.]+(?:\(\))?|[a-z_]+\(\))(?:\s+instead)?\s*[.!]*$")

# (or a verb that picks it, then one word or piece of code and nothing after it: "never use any but prefer unknown", "don't
# use var but use const"; "… but prefer unknown in my own code", "… but prefer the logger, bob says" are not all of it)
_BAN_BUT_PREFER = re.compile(r"^(?P<ban>(?:never|don'?t|do\s+not|stop)\s+(?:use|using)\s+[^,;]+?)\s*,?\s+but\s+"
                             r"(?P<verb>(?:please\s+)?(?:use|prefer))\s+(?P<use>`[^`]+`|(?:the\s+)?[\w.@/+#-]+(?:\(\))?)"
                             r"(?P<end>(?:\s+instead)?\s*[.!]*)$", re.I)


# a sentence that opens with when or on what condition what follows holds ("if it fails, …", "once the migration is done,
# …"); "whenever …" and "every time …" say it holds each time
_WHEN_FIRST = re.compile(r"^\W*(?:(?:and|so|but|ok(?:ay)?)[\s,]+)*(?:if|when|after|once|until|till|unless|as\s+soon\s+as|"
                         r"before|while|in\s+case)\s[^,;]+[,;]\s", re.I)


# a sentence that opens with a case the rule after it holds in ("if it fails, never use npm", "whenever the build fails,
# …", "every time it breaks, …", "should it fail, …"): read alone, the rule would hold always (a kind of work said first, "before committing,
# …", "when you add a new migration, …", was moved after its rule by _condition_last and opens no sentence here)
_CASE_FIRST = re.compile(r"^\W*(?:(?:and|so|but|ok(?:ay)?)[\s,]+)*(?:if|when|whenever|after|once(?!\s+(?:again|more)\b)|until|till|unless|"
                         r"as\s+soon\s+as|before|while|in\s+case|(?:every|each|any)\s*time|should\s+(?:it|this|that|they|anything|something|"
                         r"the\s+[\w-]+))\s[^,;:]+[,;]\s", re.I)

# (not the agent's own kind of work, done again and again: "when you log errors, never log the token" keeps "Never log the
# token." (check50 C50-3), unless the work is one this task points at: "when you see this error", "when you do that")
_OWN_WORK = re.compile(r"^\W*(?:if|when|whenever|(?:every|each|any)\s*time|before|after)\s+(?:you|u)\s+(?!(?:see|get|hit|find|"
                       r"run\s+into|can'?t|cannot|don'?t|are|have|need|want|try)\b)[a-z]+\b(?![^,;]*\b(?:it|this|that|these|those|"
                       r"them|tomorrow|today|tonight|now|next|again)\b)[^,;]*[,;]\s$", re.I)


# A lesson that carries "but" after its rule: a limit of the rule ("…, but only in the frontend", "…, but not in the docs
# folder") is its scope and stays; any other "but" is a clause glued to it (check47 C47-2)
_LIMIT = r"(?:(?:only|not|never)\s+(?:in|for|on|inside|under|within|when|with|during|if|where|across|outside)|except|unless)\b"
_BUT_GLUED = re.compile(r"\bbut\b(?!\s+" + _LIMIT + ")", re.I)
BUT_AFTER = ("something said after it with \"but\" limits, excepts or takes it back (\"…, but skip them for docs-only "
             "changes\", \"…, but it's your call\"): what holds is for a model or a person to read")
# "but" after a sentence's rule, and what follows it (the chatter that may close a sentence is dropped before:
# text.drop_chatter)
_BUT_TAIL = re.compile(r"(?:\s*,\s*|\s+)but\s+(?P<tail>\S.*)$", re.I)
# what "but" may bring that is the rule's own: its limit ("but only in the frontend", "but not in the docs"), kept in the
# lesson as its scope, or what to do instead after a ban ("don't use npm, but use pnpm", "never use any but prefer
# unknown", "don't use npm but pnpm")
_BUT_LIMIT = re.compile(_LIMIT, re.I)
_BUT_INSTEAD = re.compile(r"(?:please\s+)?(?:use|prefer|go\s+with|stick\s+(?:to|with)|switch\s+to|pick|choose|call|import)\b"
                          r"|(?:rather\s+)?(?:the\s+)?(?!(?:i|you|we|they|it|that|this|there|he|she|me|u|whatever|either|neither)\b)"
                          r"`?[\w.@/+#-]+`?(?:\s+(?:or|and)\s+`?[\w.@/+#-]+`?)*(?:\s+instead)?\s*[.!]*$", re.I)


# "…, but do commit .env.example", "…, but you can log the user id": what "but" grants after a ban, by the ban's own verb
_GRANT = re.compile(r"^(?:(?:please\s+)?do|you\s+(?:can|may)(?:\s+still)?|(?:it'?s|it\s+is)\s+(?:fine|ok(?:ay)?)\s+to|"
                    r"feel\s+free\s+to)\s+(?P<verb>[a-z]+)\s+(?P<what>[^,;:]+?)\s*[.!]*$", re.I)
_BANNED = re.compile(r"^(?:(?:please|so|and)\s+)*(?:never|don'?t|do\s+not)\s+(?:ever\s+)?(?P<verb>[a-z]+)\s+(?P<what>[^,;:]+?)\s*$",
                     re.I)
_NOT_ANOTHER_THING = re.compile(r"\b(?:it|them|that|this|those|these|one|ones|same|other|some|when|if|for|in|on|during|unless|"
                                r"while|only|except|but|before|after|until|once|instead)\b", re.I)


def _granted(sentence: str) -> str | None:
    """What "but" grants after a ban in ``sentence``, when it is another thing of the ban's own verb: "never commit .env
    files, but do commit .env.example" -> "do commit .env.example", "never log passwords, but you can log the user id"
    -> "you can log the user id" (refl49; they waited as an exception). None for an exception of the banned thing
    itself ("…, but you can log them hashed", "…, but you can log password hashes", "…, but do push in hotfixes")."""
    from altimate_learn.reflect.providers.builtin.vocabulary import STOPWORDS

    def content_words(text: str) -> set[str]:  # (".env.example" is one name, not ".env" and "example")
        return {w.lower().rstrip("s") for w in re.findall(r"[\w.@/-]*\w", text) if w.lower() not in STOPWORDS}

    found = _BUT_TAIL.search(sentence)
    if not found:
        return None
    banned = _BANNED.match(strip_lead(sentence[:found.start()].strip()))
    grant = _GRANT.match(found.group("tail").strip())
    if not banned or not grant or grant.group("verb").lower() != banned.group("verb").lower():
        return None
    what = grant.group("what")
    if len(what.split()) > 4 or _NOT_ANOTHER_THING.search(what) or content_words(what) & content_words(banned.group("what")) \
            or not content_words(what):
        return None
    return found.group("tail").strip().rstrip(".!")


def _but_after(sentence: str) -> bool:
    """Whether ``sentence`` states a rule and then says "but" something that limits, excepts or takes it back: "always
    run the tests, but skip them for docs-only changes", "use pnpm instead of npm, but leave the docs site on npm", "…,
    but it's your call", "never push to main, but hotfixes are the exception" (check47 C47-2: the clause was glued to
    the lesson, or dropped and the exception lost with it)."""
    found = _BUT_TAIL.search(sentence)
    if not found or not sentence[:found.start()].strip():
        return False
    tail = found.group("tail")
    if _BUT_LIMIT.match(tail):
        return False
    rule = match_rule(sentence[:found.start()].strip())
    if rule is None or not judge(rule, sentence)[0]:
        return False  # "close, but the order_date should be a date": no rule before it
    if rule.shape == "never" and _granted(sentence):
        return False  # "never commit .env files, but do commit .env.example": the ban, and another thing allowed
    if _BUT_SAME_THING.match(tail):
        return True  # "don't use print but use it in scripts", "… but prefer unknown only in tests": where the banned thing
        # or the other one is fine after all, an exception of the ban (check50 C50-9)
    return not (rule.shape in ("never", "instead") and _BUT_INSTEAD.match(tail))


# what "but" says to use after a ban that is the banned thing itself ("but use it in scripts") or one limited to a place
# ("but prefer unknown only in tests")
_BUT_SAME_THING = re.compile(r"^(?:please\s+)?(?:use|prefer|go\s+with|stick\s+(?:to|with)|pick|choose|call|import)\s+"
                             r"(?:(?:it|them|that|those|this|these|one|ones)\b|\S+(?:\s+\S+)?\s+only\b)", re.I)


# A sentence said as an aside ("btw", "by the way", "p.s.", "side note", "unrelated"): a subject of its own, not a
# requirement of the new work asked for before it, unless it is about that work's things
_ASIDE = re.compile(r"^\W*(?:btw|by\s+the\s+way|p\.?\s?s\.?|side\s*note|unrelated(?:ly)?|on\s+(?:an)?other\s+note|"
                    # "…api.py. one more thing: never commit .env files", "… oh and never …", "… anyway never …" (review36 R36-2)
                    r"(?:oh\s+and|and\s+)?one\s+(?:more|last)\s+thing|oh\s+and|anyways?|"
                    r"(?:oh\s+)?(?:and\s+)?(?:also\s+)?(?:one\s+)?unrelated\s+(?:thing|note))\b[\s,:;.!-]*", re.I)


def _asides(said: list[str], asked: int) -> set[int]:
    """The sentences after the one that asks for new work (``said[asked]``) that are asides (:data:`_ASIDE`) sharing no
    content word with the request: "now add a /health endpoint to api.py. btw, never commit .env files" (review35 R35-1:
    a rule of the project's, said in passing); "add a cache for the rates. btw never cache for more than 5 minutes"
    specifies the cache asked for."""
    from altimate_learn.reflect.providers.builtin.text import content_words

    request = content_words(said[asked])
    out = set()
    for index in range(asked + 1, len(said)):
        lead = _ASIDE.match(said[index])
        if lead and lead.end() == len(said[index]):
            continue  # "p.s." split off as a sentence of its own: the aside is the next one
        if not lead and not (index > asked + 1 and (alone := _ASIDE.match(said[index - 1])) and alone.end() == len(said[index - 1])):
            continue
        if not content_words(said[index][lead.end() if lead else 0:]) & request:
            out.add(index)
    return out


def _two_statements(one: str, other: str) -> bool:
    """Whether two clauses of one sentence are two statements: neither is the whole sentence, and one is joined to it as
    a statement of its own (", and we use rspec not minitest")."""
    return "whole" not in (one, other) and "own" in (one, other) and one != other


# The person says the rest of the project already does it that way: a hedged choice is then the project's way, not an idea
# for this task's design ("perhaps we could use the tailwind classes for that instead of a separate css file? that's how
# the rest of the app is done"; refl31, blind6)
_LIKE_THE_REST = re.compile(r"\b(?:that'?s|this\s+is|it'?s)\s+how\s+(?:the\s+rest\s+of\s+the|every\s+other|all\s+the\s+other)\s+"
                            r"(?:app|codebase|code|project|repo|site|ui|components?|screens?|pages?|services?)\s+(?:is|are|does|do|"
                            r"works?|was)\b|\blike\s+(?:the\s+rest\s+of\s+the|every\s+other|all\s+the\s+other)\s+"
                            r"(?:app|codebase|code|project|repo|components?|screens?|pages?|services?)\b", re.I)


OFFERED = ("a question that offers another way (\"can we use X instead of Y?\", \"what about X instead?\"): an idea put "
           "up for discussion, not a decision")
# A sentence that puts another way up for discussion: a proposal lead ("what about", "how about", "what if we", "why don't
# we", "can / could / should / shall we", "would it be better / worth", "is it worth", "do we want"), or a bare or
# "maybe …" question, naming the alternative ("instead of", "rather than", "over", "or", "switch to", "go with",
# "vs"). Not a request to the agent ("could you use pnpm instead of npm?": the person decided) nor a challenge of what it
# did ("why not use the logger instead of print?", "shouldn't this use ref() instead of …?")
_PROPOSAL_LEAD = re.compile(
    r"^(?:(?:so|and|or|but|hm+|hm|ok(?:ay)?|well|also|alternatively|quick\s+question)\b[\s,:]*)*"
    r"(?:(?:what|how)\s+about\b|what\s+if\s+(?:we|you|i)\b|why\s+don'?t\s+we\b"
    r"|(?:can|could|should|shall|may|might)\s+we\b(?!\s+(?:not|stop|never|please\s+(?:not|stop))\b)"
    r"|(?:would|will)\s+(?:it|that)\s+(?:be\s+)?(?:better|worth|make\s+(?:more\s+)?sense|nicer|cleaner|simpler|easier)\b"
    r"|is\s+it\s+(?:worth|better|possible)\b|do\s+we\s+(?:want|need)\s+to\s+(?:use|switch|move|go)\b"
    r"|do\s+you\s+think\b(?!\s+(?:that\s+)?(?:you|u)\b)|would\s+you\s+(?:recommend|suggest|prefer)\b)", re.I)
_MAYBE_ASKED = re.compile(r"^(?:(?:so|and|or|but|hm+|hm)\b[\s,]*)*(?:maybe|perhaps|or)\b.*\?\s*$|^[^.!?]*\?\s*$", re.I)
_ALTERNATIVE = re.compile(r"\b(?:instead(?:\s+of)?|rather\s+than|over|or|vs\.?|versus|switch(?:ing)?\s+to|go(?:ing)?\s+with|"
                          r"replac(?:e|ing)\s+\S+\s+with|alternative)\b", re.I)


# What the project already has or does: a question that holds to it is a correction, not a new idea
_STAYS = re.compile(r"\b(?:keep\s+(?:using|with|to)|stick(?:ing)?\s+(?:with|to)|continue\s+(?:using|to\s+use|with)|stay(?:ing)?\s+"
                    r"with|go(?:ing)?\s+back\s+to|already\s+(?:have|has|use|uses|using|had)|(?:we|you)\s+(?:have|use)\s+already|"
                    r"existing|(?:the\s+)?rest\s+of\s+the|everywhere\s+else|like\s+(?:we|the\s+others?)\b)", re.I)


def _offers_alternative(sentence: str) -> bool:
    """Whether ``sentence`` puts another way up for discussion (:data:`_PROPOSAL_LEAD`) rather than deciding it: "can we
    use zod instead of yup?", "what about dayjs instead of moment", "maybe zod instead of yup?", "or should we go with
    zod?"."""
    said = strip_lead(sentence.strip())
    if not _ALTERNATIVE.search(said) or _STAYS.search(said):
        return False  # ("maybe we could keep using the Money class instead of floats?", "… the `useDebounce` hook we
        # already have rather than a new one?": the project's own way, held up against the agent's; blind11, blind5)
    if _PROPOSAL_LEAD.match(said):
        return True
    # a bare or "maybe" question naming the other way ("zod instead of yup?", "maybe dayjs rather than moment?"), not
    # one that asks the agent to act ("could you …", "can you …") or challenges it ("why not …", "shouldn't this …")
    return bool(_MAYBE_ASKED.match(said)) and not re.match(
        r"^(?:(?:so|and|but|hm+|hm)\b[\s,]*)*(?:(?:can|could|would|will)\s+(?:you|u)|why|shouldn'?t|should\s+(?:this|it|that|"
        r"these|those|you)|didn'?t|did\s+we|don'?t|do\s+not|never|always|stop|please|pls)\b", said, re.I) \
        and bool(re.match(r"^(?:(?:so|and|or|but|hm+|hm)\b[\s,]*)*(?:maybe|perhaps|or)\b", said, re.I)
                 or re.match(r"^[\w`.@/+#-]+(?:\s+[\w`.@/+#-]+)?\s+(?:instead\s+of|rather\s+than|over|or|vs\.?|versus)\s", said, re.I))


SPEC_OF_NEW_WORK = ("a requirement of the new work the message asks for (\"add …, and never …\", \"Build X. Always …\"): "
                    "how to build this one thing, not a rule about what the agent did")
# A sentence that asks for new work: "add …", "let's build …", "can you create …", "next task: implement …"
_NEW_WORK = re.compile(r"^(?:(?:ok(?:ay)?|great|thanks|cool|nice|now|next|so|alright|also|and|then)\b[\s,!.:-]*)*"
                       r"(?P<lead>let'?s\s+|please\s+|pls\s+|(?:can|could|would)\s+(?:you|u)\s+(?:please\s+)?|"
                       r"i\s+(?:want|need|would\s+like|'d\s+like)\s+(?:you\s+)?to\s+|(?:next|new|first)\s+(?:task|feature|step)\s*"
                       r"(?:\s+(?:today|now|for\s+today))?[:,-]?\s*(?:is\s+to\s+)?)?(?P<verb>add|build|create|implement|write|set\s+up|"
                       r"refactor|generate|scaffold|design|wire(?:\s+up)?|hook\s+up|connect|integrate|introduce|make)\s+"
                       r"(?P<what>[^,;.!?]*)", re.I)
# What a request for new work asks for, named by pointing back at the sentence before it ("can you build that flow?",
# "implement this", "add it to the settings page")
# ... and nothing else: "can you implement that for the signup form?" applies a rule to a part (review37 R37-6)
_POINTS_BACK = re.compile(r"(?:that|this|it|these|those|them|such\s+an?)(?:\s+(?:flow|feature|logic|behaviou?r|check|"
                          r"rule|thing|one|part|functionality|page|screen|form|system|endpoint|change|step|validation|"
                          r"restriction|constraint|requirement))?(?:\s+(?:please|pls|for\s+me|now|too|as\s+well))*\s*\??", re.I)
# "make it catch up missing days …": a new behaviour of this task's thing
_MAKE_IT = re.compile(r"^(?:[\w']+\b[\s,!.:-]*)*?make\s+(?:it|them)\s+[a-z]", re.I)
# (bare, "add a retry …" asks for one thing by its article; after "let's" / "can you" any object does: "let's add
# pagination to the users list")
_ONE_NEW = re.compile(r"(?:a|an|the|some|another|one|this|that|my|our|new)\s", re.I)
# ... for one thing: a request that says "every", "always", "before …" is itself a rule ("Add a changelog entry for every
# user-facing change.", "Create a branch before making changes.")
_GENERAL_ASK = re.compile(r"\b(?:every|each|all|any|always|never|before|after|whenever|unless|instead|rather|per)\b", re.I)
# What ties a rule to what the agent did or to the project: then it is a correction or a convention, whatever follows
_TIED = re.compile(r"\b(?:you|your|u|ur|again|still|we(?!\s+(?:had|hit|got|saw|lost|ran\s+into|went\s+down|were\s+down|"
                   # "instead of the jenkins job we have now": one thing of the project, not its ways (refl30)
                   r"(?:currently\s+)?have\s+(?:now|today|right\s+now|currently|at\s+the\s+moment)|currently\s+have)\b)|our|us|here|repo|repository|codebase|project|team|convention|"
                   r"from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future|next\s+time|remember|said|told|agreed|discussed|"
                   r"anymore|no\s+more)\b", re.I)


# A clause that describes the new thing ("a github action that runs on every push"), and one thing it replaces ("instead
# of the old theme dropdown"): neither says the request holds in general (refl30, blind5)
_DESCRIBES = re.compile(r"\s+(?:that|which|who)\s.*$", re.I)
_REPLACES_ONE = re.compile(r"\b(?:instead\s+of|rather\s+than)\s+(?:the|our|my)\s+(?:old|current|existing|legacy|previous)\s"
                           r"[^,;]*", re.I)


# ... and the purpose of the work, said after "so": "add require_partition_filter so people always have to filter by date",
# "add a unique constraint on email so signups never create duplicates" ask for one thing, whose "always" or "never" is
# what it will bring about (refl31, blind6 and review31 R31-4); "so much / so far / so long" are no purpose
_PURPOSE = re.compile(r"\s+so\s+(?:that\s+)?(?!(?:much|many|far|long|often|i|me)\b)[a-z`_][^,;]*", re.I)
# A request for one thing that is code or a feature named before a colon ("add require_partition_filter", "add graceful
# shutdown: on SIGTERM stop accepting, …"): asks for it as one with an article does
_ONE_NAMED = re.compile(r"^(?:`|[A-Za-z]\w*(?:_\w+|\(\))\w*|[a-z]+(?:\s+[a-z]+){0,2}(?=:\s))", re.I)


def _asked_thing(what: str) -> str:
    """What a request asks for, without a clause describing it, the one thing it replaces, its purpose or the
    specification after a colon."""
    return _DESCRIBES.sub("", _REPLACES_ONE.sub(" ", _PURPOSE.sub("", what.split(": ", 1)[0])))


# What ties nothing to the team's ways or to what the agent did, in a message that asks for new work (refl31, blind6): the
# purpose of the work asked for ("… so we keep history of plan changes"), what this task does not need ("we don't need its
# history"), what an incident cost ("it cost us 300 dollars"), and what the chosen way replaces ("instead of sending the
# file through our API")
_NOT_A_TIE = re.compile(r"\bwe\s+(?:don'?t|do\s+not)\s+(?:really\s+)?need\s+(?:its|the|this|that|these|those|it|them)\b"
                        r"|\b(?:cost|costs|bit|burned|burnt|hurt|slowed)\s+us\b"
                        r"|\b(?:instead\s+of|rather\s+than)\s+[a-z]+ing\s+(?:[\w-]+\s+){0,4}?(?:through|via|to|from|in|on|with)\s+our"
                        r"(?=\s+[\w-]+(?:\s+[\w-]+)?\s*[.!]*$)", re.I)


def _tied(part: str, asked: bool = False) -> bool:
    """Whether ``part`` of a message that asks for new work ties its rules to the team's ways or to what the agent did
    (:data:`_TIED`); ``asked``: ``part`` is the request itself, whose purpose clause ties nothing."""
    if asked:
        part = _PURPOSE.sub(" ", part)
    # a label in quotes is a name, not the person's words ("now add a 'remember me' checkbox", blind10: no reminder)
    part = re.sub(r"(?<![\w'])'[^'\n]{1,40}'(?![\w'])|\"[^\"\n]{1,40}\"|\u201c[^\u201d\n]{1,40}\u201d", " ", part)
    return bool(_TIED.search(_NOT_A_TIE.sub(" ", part)))


# A request for new work named as such before a colon: "new feature:", "feature request:", "next task:", "task:"
_WORK_NAMED = re.compile(r"^(?:(?:ok(?:ay)?|great|thanks|cool|nice|now|so|alright)\b[\s,!.]*)*(?:(?:new|next|first|another)\s+"
                         r"(?:feature|task|story|ticket)|feature(?:\s+request)?|task|user\s+story|todo)\s*:\s*(?=\S)", re.I)


def _asks_new_work(said: list[str]) -> int | None:
    """The index of the first sentence that asks for new work, when no sentence from it on ties its rules to what the
    agent did or to the project; None otherwise (a rule said before the request, or with "you", "again", "we", "in this
    repo", stays a rule)."""
    for index, sentence in enumerate(said):
        named = _WORK_NAMED.match(strip_lead(sentence.strip()))
        if named:  # "new feature: users can export their data as csv." (refl42's look-alike not rows): whatever its verb
            rest = [sentence.strip()[named.end():], *said[index + 1:]]
            if not any(_tied(part) for part in rest):
                return index
            continue
        m = _NEW_WORK.match(strip_lead(sentence.strip()))
        if not m or _GENERAL_ASK.search(_asked_thing(m.group("what"))) or not m.group("lead") and not (
                _ONE_NEW.match(m.group("what")) or _ONE_NAMED.match(m.group("what")) or _MAKE_IT.match(m.group(0))):
            continue
        rest = [strip_lead(sentence.strip())[m.end("lead") if m.group("lead") else 0:], *said[index + 1:]]
        return None if any(_tied(part, asked=number == 0) for number, part in enumerate(rest)) else index
    return None


# The size of one thing of this task given as the reason for a choice: "the table has 80M rows", "the file is 2GB"
_SIZE_OF_ONE = re.compile(r"\b(?:the|this|that)\s+(?:[a-z]+\s+)?(?:table|file|dataset|csv|dump|export|log|image|video|"
                          r"upload|backup|index|collection|bucket|folder|repo|model|query|payload|response)\s+"
                          r"(?:has|is|holds|contains|weighs|takes)\s+(?:about\s+|over\s+|around\s+|almost\s+|nearly\s+|~)?"
                          r"\d"
                          # "there are 2M rows", "it's 5M lines" (review29 R29-6/7)
                          r"|\b(?:there\s+are|there'?s|it'?s|it\s+(?:is|has))\s+(?:about\s+|over\s+|around\s+|almost\s+|"
                          r"nearly\s+|~)?\d[\d.,]*\s*[kmb]?\s+(?:rows|lines|records|files|items|entries|documents|objects)\b",
                          re.I)
# ... unless the person says it is how the team works or holds every time ("we use TRUNCATE for staging tables, they
# have 80M rows"); "here" and "this table" do not (this task's)
_GENERAL_TIE = re.compile(r"\b(?:we|our|us|team|always|never|every|each|all|any|whenever|from\s+now\s+on|going\s+forward|"
                          r"remember|again|convention)\b", re.I)


# Where this task's thing will run given as the reason for a choice: "use Redis for the session store instead of memory,
# this will run on 3 instances behind the load balancer" designs what is being built (refl30, blind5)
_WILL_RUN = re.compile(r"\b(?:this|it|that)(?:\s+will|'ll)\s+(?:run|be\s+(?:running|deployed|hosted|served)|get\s+deployed|live|"
                       r"sit)\s+(?:on|in|behind|across|under|inside)\b", re.I)


def _will_run(sentence: str) -> bool:
    """Whether a choice "for the <thing>" is made for where that one thing will run (:data:`_WILL_RUN`): "use Decimal
    instead of float for money, it will run in the billing service" chooses for a kind of data, and keeps its rule."""
    found = _WILL_RUN.search(sentence)
    return bool(found) and bool(re.search(r"\bfor\s+(?:the|this|that|our)\s", sentence[:found.start()], re.I))


def _does_instead(what: str, before: str) -> bool:
    """Whether what a clause asks to add is what the rule before it is about, made anew instead ("never edit migrations
    that are already merged, add a new migration", "…, add a new one"): the rule's other half, not new work."""
    words = re.findall(r"[a-z]+", what.lower())
    head = words[1] if len(words) > 1 and words[0] in ("new", "another", "fresh", "separate") else None
    if words and words[0] in ("a", "an") and len(words) > 1 and words[1] in ("new", "fresh", "separate"):
        head = words[2] if len(words) > 2 else "one"
    elif words and words[0] == "another":
        head = words[1] if len(words) > 1 else "one"
    if head is None:
        return False
    return head in ("one", "ones") or bool(re.search(r"\b" + re.escape(head.rstrip("s")), before, re.I))


def _one_part_untied(rule: Rule, own: str) -> bool:
    """Whether a "the X should always / never …" is about one thing of this task ("the script", "the worker": not a kind,
    one of many of its kind, vocabulary.ONE_OF_MANY) in a message that ties nothing to the project or to what the agent did:
    how that thing should behave, asked for now, not a standing rule, "always" or not (refl29: "the script should never
    overwrite an existing output file, write to a timestamped name instead"). "as discussed, the firmware must not
    allocate after init" recalls the project's rule."""
    if rule.shape != "modal" or "`" in mark_identifiers(rule.text) or _TIED.search(own):
        return False
    if re.search(r"\b(?:always|never)\b", rule.text, re.I) and _bare_one_of_many(rule.subject):
        return True
    # "the search box should debounce input …", "the report must include every region …": one named part of what is
    # being built, singular, how it behaves (refl42's look-alike not rows; "the header should always stay at the top",
    # a part every screen has, and "the staging db is read-only", a convention, stay rules: review24 R24-2)
    one = re.fullmatch(r"(?:the|this|that)\s+(?:[a-z]+\s+){0,2}(?P<head>[a-z]+)", (rule.subject or "").strip(), re.I)
    if one and not _plural(one.group("head")) and one.group("head").lower() in _PRODUCT_PARTS:
        return True
    # "every chart on the dashboard needs a legend": each of a kind of UI part on one screen of the product, its design
    # ("every page must have a title" stays a rule)
    on_one = re.fullmatch(r"(?:each|every|all(?:\s+the)?)\s+(?:[a-z]+\s+)?(?P<head>[a-z]+)\s+(?:on|in)\s+the\s+"
                          r"(?!(?:app|apps|site|website|project|codebase|repo|ui|frontend|product|whole|entire|design)\b)"
                          r"[a-z]+(?:\s+[a-z]+)?", (rule.subject or "").strip(), re.I)
    return bool(on_one) and one_of_ui(on_one.group("head"))


def one_of_ui(word: str) -> bool:
    """Whether ``word`` names a UI part, in the singular or the plural ("chart", "buttons")."""
    from altimate_learn.reflect.providers.builtin.vocabulary import UI_PARTS

    word = word.lower()
    return word in UI_PARTS or word.endswith("s") and word[:-1] in UI_PARTS


# Parts of a product a request names one of ("the search box", "the report", "the export"): singular, what it should do
_PRODUCT_PARTS = frozenset("""box report export import sidebar widget view list feed timeline search filter invoice receipt
email notification reminder checkout cart dashboard calculator calc upload download wizard onboarding flow player editor
viewer preview counter timer clock map calendar picker client cli bot worker scheduler importer exporter parser crawler
scraper price total""".split())


# What a program does to its data or its users (not how its code is written): "round", "charge", "show", "send" …
_DOES_TO_DATA = re.compile(r"^Always\s+(?:round|charge|bill|compute|calculate|show|display|send|notify|redirect|sort|cap|"
                           r"clamp|truncate|email|refund|discount)\b.*\s(?:in|on|for)\s+the\s+[a-z]+(?:\s+[a-z]+)?\.$")


def _behaviour_of_one_part(rule: Rule, own: str) -> bool:
    """Whether an "always …" says what one part of the program does to its data or its users, in a message that ties
    nothing to the project or to what the agent did: "always round up to the next full hour in the billing calc"
    (blind11, a request of this task, gave that sentence as a lesson; refl39). "always use Decimal in the billing
    module" is how the code is written, and stays."""
    text = rule.text[0].upper() + rule.text[1:] + ("" if rule.text.endswith(".") else ".")
    return rule.shape == "always" and bool(_DOES_TO_DATA.match(text)) and "`" not in mark_identifiers(rule.text) \
        and not _TIED.search(own)


def _new_work_tail(sentence: str) -> int | None:
    """Where a clause after a comma that asks for one new thing starts ("…, add a graceful shutdown with a 30s timeout",
    "…, and add a settings option to clear the cache"), or None: what follows is this task's step, never part of a
    rule (review29 R29-7: "…; add a model for each new endpoint too." kept the step and made "the new" "each new")."""
    for found in re.finditer(r",\s+(?:and\s+(?:then\s+)?|then\s+|also\s+)?", sentence):
        m = _NEW_WORK.match(sentence[found.end():])
        if m and not m.group("lead") and _ONE_NEW.match(m.group("what")) and not _GENERAL_ASK.search(m.group("what")) \
                and not re.search(r"\b(?:to|in|for|into)\s+(?:new\s+)?[a-z]+s\b", m.group("what")) \
                and not _does_instead(m.group("what"), sentence[:found.start()]):
            return found.start()
    return None


def _asks_new_work_within(said: list[str]) -> int | None:
    """The index of the first sentence whose clause after a comma asks for one new thing (:func:`_new_work_tail`: "the
    worker should always drain the queue before shutting down, add a graceful shutdown with a 30s timeout", "don't cache
    images bigger than 5mb, and add a settings option to clear the cache"), when nothing from that sentence on ties its
    rules to what the agent did or to the project: the sentence specifies the thing asked for (refl29). None otherwise."""
    for index, sentence in enumerate(said):
        if _new_work_tail(sentence) is not None:
            return None if any(_tied(part) for part in said[index:]) else index
    return None


# A reason said after a comma with a subject of its own ("we rebase feature branches here, merge commits get rejected by the
# PR check", "…, it's in the style guide", "…, that broke 3 middlewares"): the statement before it is the rule (refl31, blind6)
_TRAILING_REASON = re.compile(r",\s+(?:(?:it|that|this|they|which)(?:'s|'re|\s+is|\s+are|\s+was|\s+were|\s+will|"
                              r"\s+would|\s+broke|\s+breaks|\s+causes|\s+caused|\s+makes|\s+gets)|its\s|thats\s|theyre\s|"
                              r"we'?ve\s+had|we\s+(?:had|ship|hit|ran\s+into|got\s+bitten)|otherwise|or\s+else|"
                              # "…, I noticed you added one in the last change": the occasion, said after the rule
                              r"i\s+(?:just\s+)?(?:noticed|saw|see|found|spotted)\s+(?:that\s+)?(?:you|u|ur|there)\b|"
                              r"(?:the\s+|our\s+)?(?!(?:and|or|but|so|then|what|who|how|why|where|when|which|there)\b)"
                              r"[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s+(?:(?:have|has)\s+(?:bitten|burned|burnt|broken|caused|bit)|"
                              r"get|gets|got|is|are|was|were|will|"
                              r"won'?t|can'?t|cannot|breaks?|broke|fails?|failed|maps?|converts?|handles?|takes?|took|needs?|"
                              r"expects?|costs?|blocks?|rejects?)\b)", re.I)


def _reason_cut(sentence: str) -> list[str]:
    """The sentence without a reason said after its first comma (:data:`_TRAILING_REASON`), tried only when the sentence
    and its pieces give no rule; [] when it has none."""
    found = _TRAILING_REASON.search(sentence)
    said = sentence[:found.start()].strip() if found else ""
    if len(said.split()) < 2 or "," in said or _BROKEN.search(sentence[found.end():] if found else ""):
        return []  # ("timestamps are stored in UTC, the UI is broken": a report after it)
    # only a statement of the team's ways or a rule said to hold, whose reason the person adds: "respond in english, the
    # users are in the UK" is this task's choice, and its reason says so
    return [said] if _TIED.search(said) or re.search(r"\b(?:never|always|every|each|unless\s+(?:i|we)\s+ask)\b", said, re.I) \
        else []


# A case style said as a verb: "don't camelCase the response fields" (review38 R38-8) is "don't convert the response fields
# to camelCase" (refl41)
_CASE_VERB = re.compile(r"\b(?P<neg>don'?t|do\s+not|never|stop)\s+(?P<style>camel-?case|pascal-?case|snake[_-]case|kebab-case|"
                        r"screaming_snake_case)(?:d|ing)?\s+(?P<what>(?:the|any|our|all(?:\s+the)?)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)"
                        r"(?=\s*(?:[,;.!?]|$))", re.I)


# "don't SELECT * in the API queries" gave "Never `select *` in the API queries.": the SQL idiom said as a verb is a use of it
_SELECT_STAR = re.compile(r"\b(?P<neg>don'?t|do\s+not|never)\s+(?P<idiom>select\s+\*)", re.I)


# "use our Button component, not a raw <button> like you did on the filters" (blind9): the slip the rule is said on, pointed
# at after it, is no part of the rule
_LIKE_YOU_DID = re.compile(r"\s+like\s+(?:you|u)\s+(?:did|had|used|wrote)(?:\s+(?:it\s+)?(?:on|in|for|with)\s+(?:the|that|those|"
                           r"this|these|your)\s+[\w\s/.-]{1,40}?)?(?=\s*(?:[,;.!?]|$))", re.I)


# A condition said first that names a kind of work the agent does again and again ("before every commit, run the
# linter", "when adding a new endpoint, add an integration test", "whenever you add a dependency, run uv lock"): the rule
# of the words in the order the templates read ("run the linter before every commit"; refl44). Not a moment of this task
# ("when you're done, …", "after that, …", "when adding the endpoint, …", "before you go, …"), and only a rule that is one
# clause (what follows a comma may belong to the condition's task).
_WHEN_VERBS = "|".join(sorted(WHEN_GERUNDS, key=len, reverse=True))
_WHEN_DOING = "|".join(sorted(WHEN_GERUNDS.values(), key=len, reverse=True))
_HANDOVER = "|".join(sorted(BEFORE_GERUNDS, key=len, reverse=True))
_CONDITION_FIRST = re.compile(
    r"^(?P<lead>(?:(?:ok(?:ay)?|also|and|btw|fyi|note|pls|please|remember|oh\s+and|one\s+more\s+thing|and\s+also)[\s,:]+)*)"
    r"(?:(?P<prep>before|after)\s+(?P<each>(?:any|each|every)\s+(?:new\s+)?[a-z][\w-]*|committing|pushing|merging|deploying|"
    r"releasing|opening\s+an?\s+(?:pr|pull\s+request|mr)|making\s+(?:any\s+)?changes|writing\s+(?:any\s+)?code)"
    r"|(?P<prep2>before|after|when|whenever|every\s+time|each\s+time|any\s*time)\s+(?:you|u)\s+(?P<handover>" + _HANDOVER + r")"
    r"(?=\s*,|\s+(?:always|never|don'?t|do\s+not|please|pls)\b)"
    r"|(?:when|whenever|every\s+time|each\s+time|any\s*time)\s+(?:(?:you|u)\s+(?P<verb>" + _WHEN_VERBS + r")|(?P<doing>"
    + _WHEN_DOING + r"))\s+(?P<what>(?:an?|any|new|every|each)\s+(?:new\s+)?[\w`.-]+(?:\s+(?![,]|always\b|never\b|don'?t\b|"
    r"please\b)[\w`.-]+){0,2}?))"
    r"\s*,?\s+(?P<rest>(?:(?:always|never|don'?t|do\s+not|please|pls)\s+)*(?:" + "|".join(sorted(VERBS)) + r")\b[^,;:]*?)"
    r"(?P<end>[.!]*)$", re.I)


_PRONOUNS = r"\b(?:one|ones|it|them|that|those|these|this|they|their)\b"


def _condition_last(sentence: str) -> str:
    """``sentence`` with a condition said first that names a kind of work done again and again (:data:`_CONDITION_FIRST`)
    said after the rule instead, or unchanged."""
    m = _CONDITION_FIRST.match(sentence.strip())
    if not m:
        return sentence
    if m.group("what"):
        head = re.sub(r"ies$", "y", re.sub(r"(?<=[a-z]{3})(?<!ie)s$", "", m.group("what").split()[-1].lower().strip("`")))
        if head not in WORK_KINDS and "`" not in mark_identifiers(m.group("what")):
            return sentence  # "when adding a new user, send a welcome email": what the product does, not a way of work
        # "when you add a new env var, add it to .env.example": what "it" is, the condition says ("Add every new env var
        # to `.env.example`."); the step done to each new one is the rule
        kind = re.sub(r"^(?:an?|any|every|each)\s+", "", m.group("what"), flags=re.I)
        kind = kind if re.match(r"new\s", kind, re.I) else f"new {kind}"
        # "when you add new pages, add them to the sitemap" gave "Add every new pages to the sitemap.": a kind said in the
        # plural is each of "all new pages"
        every = "all" if _plural(kind.split()[-1].strip("`")) and not re.match(r"^(?:an?|any|every|each)\s", m.group("what"), re.I) \
            else "every"
        each = re.match(r"^(?P<verb>(?:" + "|".join(sorted(VERBS)) + r"))\s+(?:it|them)\b(?P<more>\s+(?:to|in|into|on|under|"
                        r"with|from|behind|through)\s+[^,;:]+)?$", m.group("rest").strip(), re.I)
        if each and not re.search(_PRONOUNS, each.group("more") or ""):
            return f"{m.group('lead')}{each.group('verb')} {every} {kind}{each.group('more') or ''}{m.group('end')}"
        # "when you add a new dependency, pin its version" gave "Pin its version when adding a new dependency.": the
        # part of each new one the step is done to ("Pin the version of every new dependency.")
        part = re.match(r"^(?P<verb>(?:" + "|".join(sorted(VERBS)) + r"))\s+(?:its|their)\s+(?P<part>[a-z][\w-]*(?:\(\))?(?:\s+[a-z][\w-]*)?)"
                        r"(?P<more>\s+(?:to|in|into|on|under|with|from|behind|through)\s+[^,;:]+)?$", m.group("rest").strip(), re.I)
        if part and not re.search(_PRONOUNS + r"|\b(?:its|their)\b", (part.group("more") or "") + " " + part.group("part")):
            return (f"{m.group('lead')}{part.group('verb')} the {part.group('part')} of {every} {kind}{part.group('more') or ''}"
                    f"{m.group('end')}")
    if re.search(_PRONOUNS + r"|\b(?:its|their)\b", m.group("rest")):
        return sentence  # "when you add a new migration, never edit an old one": what "one" is, the condition says
    if m.group("each"):
        cond = f"{m.group('prep').lower()} {m.group('each')}"
    elif m.group("handover"):
        prep = m.group("prep2").lower()
        cond = f"{'after' if prep == 'after' else 'before'} {BEFORE_GERUNDS[m.group('handover').lower()]}"
    else:
        doing = WHEN_GERUNDS[m.group("verb").lower()] if m.group("verb") else m.group("doing").lower()
        cond = f"when {doing} {m.group('what')}"
    return f"{m.group('lead')}{m.group('rest').strip()} {cond}{m.group('end')}"


def _case_as_verb(sentence: str) -> str:
    """A case style or the SQL idiom said as a verb, as the act it names (:data:`_CASE_VERB`, :data:`_SELECT_STAR`); the
    slip the rule was said on, pointed at after it (:data:`_LIKE_YOU_DID`), left out."""
    sentence = _LIKE_YOU_DID.sub("", sentence)
    # "every migration here needs a down()" (blind8): the "here" of a kind is the project's, not a place the rule points at
    sentence = re.sub(r"\b((?:every|each)\s+(?:new\s+)?[a-z][\w-]*)\s+(?:here|in\s+(?:this|our)\s+(?:repo(?:sitory)?|project|"
                      r"codebase))\b(?=\s+(?:needs|gets|has|must|should)\b)", r"\1", sentence, flags=re.I)
    sentence = _SELECT_STAR.sub(lambda m: f"{m.group('neg')} use SELECT *", sentence)
    return _CASE_VERB.sub(lambda m: f"{'never' if m.group('neg').lower() == 'never' else 'don' + chr(39) + 't'} convert "
                                    f"{m.group('what')} to {m.group('style')}", sentence)


def _late_clauses(sentence: str) -> list[str]:
    """The team's way said after a comma ("…, we don't panic outside main"), tried only when the sentence's other
    clauses give no rule; and a rule said after a statement of how the project is ("the API returns snake_case, don't
    camelCase the response fields": :data:`_PREMISE`), or after the team's way it follows from ("we squash merge, so keep
    commits small and don't bother with fixups")."""
    found = re.search(r",\s+(?=we\s+(?:don'?t|do\s+not|never|always|only|use)\s)", sentence, re.I)
    if found:
        return [sentence[found.end():]]
    # "the migration you wrote isn't reversible, every migration needs a down()" (blind8): what each one of a kind needs,
    # said after what is wrong with this one
    found = re.search(r",\s+(?=(?:every|each)\s+(?:new\s+)?[a-z][\w-]*\s+(?:needs|gets|must|has\s+to|should)\s)", sentence, re.I)
    if found and re.search(r"\b(?:you|your)\b", sentence[:found.start()], re.I):
        return [sentence[found.end():]]
    # "i dont understand what ure saying, keep your language simple" (a dev correction; refl43): how to talk to the person,
    # said after what made them ask
    found = re.search(r",\s+(?=(?:please\s+|pls\s+|and\s+)?keep\s+(?:the|our|your|ur)\s+(?:" + "|".join(sorted(TALK_PLAIN_NOUNS))
                      + r")\s)", sentence, re.I)
    if found:
        return [sentence[found.end():]]
    premise = _PREMISE.match(strip_lead(sentence))
    if premise and ("`" in mark_identifiers(premise.group("what")) or premise.group("what").lower().strip("`") in
                    UNIT_WORDS) or _WE_SO.match(strip_lead(sentence)):
        return [(premise or _WE_SO.match(strip_lead(sentence))).group("rule")]
    return []


# "the API returns snake_case, don't …", "our handlers return Result, never …": what a part of the project is or does,
# named as code, then the rule that keeps to it (review38 R38-8; refl41)
_PREMISE = re.compile(r"^(?:the|our)\s+(?:[\w-]+\s+){0,2}?[\w-]+\s+(?:returns?|uses?|expects?|accepts?|sends?|speaks?|"
                      r"stores?|is|are)\s+(?:all\s+|always\s+|in\s+)?(?P<what>`[^`]+`|[\w.-]+)\s*,\s+"
                      r"(?P<rule>(?:so\s+)?(?:don'?t|do\s+not|never|always)\s.+)$", re.I)
# "we squash merge, so keep commits small …": the team's way (a "we" and a verb of doing, not of having), then what
# follows from it for the agent
_WE_SO = re.compile(r"^we\s+(?:always\s+|all\s+)?(?!(?:have|had|are|were|need|needed|want|wanted|got|can|could|will|would|"
                    r"should|did|do|don'?t|know|think|like|just|still|tried|fixed|found|saw)\b)[a-z]+(?:\s+[\w-]+){0,3},?\s+so\s+"
                    r"(?P<rule>(?:always\s+|never\s+|don'?t\s+|please\s+)?(?:keep|use|run|write|put|avoid|make|name|add|squash|"
                    r"rebase|commit|open|prefer)\b.+)$", re.I)


def _own_statement(part: str, clause: str) -> bool:
    """Whether ``clause`` ends ``part`` as a statement of its own, joined by ", and" or after a "pls" ("tests live under
    spec/, and we use rspec", "no tabs pls we use 2 spaces"), not as the premise of what follows it."""
    return part.endswith(clause) and bool(re.search(r"(?:,?\s+and|\s(?:pls|plz|please))\s+$", part[: len(part) - len(clause)]))


def _apart(one: str, other: str) -> bool:
    """Two rules about different things: no code in backticks in common and few words in common."""
    if set(re.findall(r"`([^`]+)`", one.lower())) & set(re.findall(r"`([^`]+)`", other.lower())):
        return False
    a, b = set(re.findall(r"[a-z][a-z0-9_]{2,}", one.lower())) - _GLUE, set(re.findall(r"[a-z][a-z0-9_]{2,}", other.lower())) - _GLUE
    return not a or not b or len(a & b) / len(a | b) < 0.3


_GLUE = frozenset("use instead never always the and for with not don't every each when our this that".split())


def _clauses(sentence: str) -> list[str]:
    """The sentence, and its pieces split at "but" / a semicolon / a dash when the whole does not match."""
    out = [sentence]
    incident = re.match(r"^((?:you|why\s+(?:did|are|do)\s+you)\b[^,]{3,80}),\s+(.+)$", strip_lead(sentence), re.I)
    if incident:  # "you put the fixture in the test file, shared fixtures go in conftest.py"
        out += [incident.group(1), incident.group(2)]
    # "remove the X and also make sure in future too …": a step of this task, then a rule said to hold from now on
    later = re.search(r",?\s+and\s+(?:also\s+)?(?=(?:(?:please\s+)?(?:make|be)\s+sure\s+(?:that\s+)?)?(?:from\s+now\s+on|"
                      r"going\s+forward|in\s+(?:the\s+)?future|next\s+time)\b)", sentence, re.I)
    if later:
        out.append(sentence[later.end():])
    # (a colon before the team's way: "add the endpoint: we always version our APIs under /v2"; review31 R31-4)
    pieces = re.split(r"\s*;\s*|\s+[—–]\s+|\s+-\s+|,?\s+but\s+|:\s+(?=we\s+(?:always|never|don'?t|do\s+not|only|use)\s)|,\s+and\s+(?=we\s|(?:never|always|don'?t|do\s+not)\s)|"
                      r"\s+and\s+(?=we\s+(?:use|never|always|don'?t|do\s+not|only)\s)|"
                      r"\s+(?:pls|plz|please)\s+(?=we\s)|"
                      r",?\s+so\s+(?=(?:it'?s|its|it\s+is|we|use|always|never|they)\b)", sentence)
    if len(pieces) > 1:
        out += [p for p in pieces if p.strip()]
    # "it crashes on startup, and btw never commit .env files", "the tests fail with the same error, also please never use
    # sleep in tests": a rule said after a report that something is broken, in its sentence (review37 R37-2)
    after = _AFTER_REPORT.search(sentence)
    if after and _BROKEN.search(sentence[:after.start()]) and not _BROKEN.search(sentence[after.end():]):
        out.append(sentence[after.end():])
    return out


_AFTER_REPORT = re.compile(r",\s+(?:and\s+)?(?:(?:btw|by\s+the\s+way|also|plus|oh\s+and)\s+)?(?:please\s+|pls\s+|plz\s+)?"
                           r"(?=(?:never|always|don'?t|do\s+not|dont)\s)", re.I)
