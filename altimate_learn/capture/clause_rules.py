"""The correction classifier's clause rules: the cue tables tried on each clause of a message, and the guards that keep a
cue from counting (split from `classifier.py`, whose `classify_text` reads the message as a whole and calls
:func:`clause_reason` with what it found, a :class:`Reading`).

A clause that is pure thanks or approval is skipped. A clause that ends in `?` counts only when it challenges what the
agent did ("why did you…", "didn't I say…?") or is a statement typed with a question mark; every other clause is tried
against the cue tables; after an answer that said the work was done, a report that the result is broken counts too
(:func:`_broken`). The first clause that gives a reason decides.
"""

from __future__ import annotations

from altimate_learn.capture import lazy_re as re
from dataclasses import dataclass

from altimate_learn.capture.cues import (APPROVAL, ASKED, BROKEN, CHALLENGES, CLOSER, CUES, ERROR_AT_END, ERROR_REPORT,
                                         ERROR_TALK, INTERROGATIVE, NOT_OWN_WORDS, NOT_SEEN, PERSISTS, RESOLVED,
                                         SHORT_CLAUSE_WORDS, SOFT, WHY)
from altimate_learn.capture import (against_answer, direct_abroad, families, guards, indirect, languages, needles,
                                    persisting, withdrawals)

# The English cue tables, then the same families in other languages (`capture/languages.py`, `capture/direct_abroad.py`).
ALL_CHALLENGES = CHALLENGES + languages.CHALLENGES + families.CHALLENGES + indirect.CHALLENGES
ALL_CUES = CUES + languages.CUES + families.CUES + indirect.CUES + direct_abroad.CUES
ALL_PERSISTS = PERSISTS + languages.PERSISTS + indirect.PERSISTS + direct_abroad.PERSISTS
ALL_BROKEN = BROKEN + languages.BROKEN + families.BROKEN
LONG_MESSAGE = 500  # characters of the person's own prose
# A rule stated in a message longer than this (a prohibition, "X instead of Y", "X, not Y", a convention) counts only
# in its opening clause: further in, it is a requirement of the request it sits in. On dev owners the looser bound
# (500 characters, three clauses) flagged such requirements and found nothing the stricter one misses.
SOFT_MESSAGE = 250
SOFT_OPENING_CLAUSES = 1
_BARE_REFUSAL = re.compile(r"^\W*(?:no+|nope|nah|stop|wait|hmm+|ugh|ok(?:ay)?)\W*$", re.I)

def _is_question(clause: str) -> bool:
    # A "?" after a space is an operator or a placeholder (Rust's `propagate with ?`), not a question.
    return bool(re.search(r"(?<!\s)[?\uff1f]+[\"'\u201d\u2019)\]}]*$", clause))

# "if the build fails, …", "make sure it doesn't crash": a condition or a check, not a report.
_HYPOTHETICAL = re.compile(r"\b(?:if|whether|in\s+case|unless|make\s+sure|ensure|verify|check\s+(?:that|if|whether))\b"
                          # a requirement for the next change: "make it not fail when the list is empty" (never "fix it so that
                          # it does not use Chart.js": that one says what the agent did wrong)
                          r"|\bmake\s+(?:it|them|this|that)\s+(?:not|never)\b", re.I)
# The same in other languages, only where the clause opens with it ("如果…", "万一…", "检查一下是否…", "もし…", "만약…",
# "если …", "en caso de …", "si …", "falls …") or is one check request ("エラーが出るかどうか確認して"): a Chinese or Japanese clause runs on
# past commas, and a condition word after the report ("仍然崩溃，会不会是依赖的问题", "ещё не работает, если честно", "Es
# funktioniert nicht, ob du es glaubst oder nicht") leaves the report standing (review23 C1).
_HYPOTHETICAL_ABROAD = re.compile(
    r"^\W*(?:(?:好的?|可以|ok(?:ay)?|那|那么|另外|还有|然后)[，,\s]*)?(?:如果|假如|万一|请?(?:再)?检查(?:一下)?(?:是否|有没有|哪些|哪里)|もし|만약)"
    r"|^[^、，,。]*かどうか(?:を)?(?:確認|チェック|見て)"
    r"|^\W*(?:если|в\s+случае|en\s+caso\s+de|au\s+cas\s+o[uù])\b"
    # Spanish and French "si …" (if), German "falls …" (in case), which wording.normalise leaves as they are in a message in
    # those languages; never "si, …" (yes)
    r"|^\W*(?:si|s'ils?|falls)\b(?!\s*[,.!])", re.I)


def _hypothetical(clause: str) -> bool:
    return bool(_HYPOTHETICAL.search(clause) or _HYPOTHETICAL_ABROAD.search(clause))


def _before_condition(clause: str) -> str:
    """The clause up to a case it asks about: "check what happens when the file is empty", "vérifie ce qui se passe quand
    le fichier est vide" report nothing (`guards.CONDITION_ASKED`, prec51); "the file is empty now, check what happens
    when you save" still reports what comes before."""
    condition = guards.CONDITION_ASKED.search(clause)
    return clause[:condition.start()].rstrip(" ,;:") if condition else clause

def _try(cues: list[tuple[re.Pattern[str], str]], clause: str) -> str | None:
    # the reason of the first cue found in the clause (a cue whose needles the clause lacks is not searched: `needles`)
    return needles.first(cues, clause)


# The cues a statement typed with a question mark still carries ("seems like you didn't consider outliers?").
_STATEMENT_CUES = frozenset({"doubted the agent's answer", "said the agent misunderstood", 'says "you didn\'t…"', 'says "you forgot…"', 'says "that\'s wrong"', 'says "not what I asked"',
                             "repeated an earlier instruction", "reminded of an earlier instruction", 'says "you\'re wrong"',
                             "refused the agent's diagnosis"})
# A hedge said as a statement before a question in the same clause (the statement part is what `_STATED_FIRST` strips the
# question from): "not a fan of the nested ternaries, could we use if/else?", "not sure this is right — shouldn't …?".
_HEDGES = frozenset({"disliked what the agent made", "said the result is not what was expected", "doubted the agent's answer",
                     "asked the agent not to do something", 'says "not what I asked"', "said the result is not quite right"})
_STATED_FIRST = re.compile(r"(?:[,;:.\u2014\u2013]|\s-+)\s*(?:(?:so|and|but|maybe|perhaps)\s+)?(?:could|can|would|should|shouldn't|wouldn't|"
                           r"couldn't|isn't|doesn't|why|what|how|is\s+there|any\s+chance)\b[^?]*\?+\s*$", re.I)
_ERROR_REASONS = frozenset({ERROR_REPORT, "quoted an error after the agent's change",
                            "reported a problem after the agent's change"})


def _not_asked_of_agent(reason: str | None, clause: str) -> str | None:
    """None when the clause gives the cue's act to someone other than the agent (cls27): the person's own act ("I'll put
    it back in the backlog", "let me move it back to the sprint board"), or the agent's act done as asked ("you skipped
    it like I asked, good")."""
    if reason == "asked to revert the agent's change" and guards.OWN_ACT.match(clause):
        return None
    if reason in ('says "you forgot…"', 'says "you didn\'t…"') and guards.COMPLIED.search(clause):
        return None
    return reason


def _cleared(own: str, window: str, clause: str = "") -> bool:
    """The report is said in the same breath not to be about the agent's work (cls27, precision first): the agent cleared
    ("…, not your fault"), the fault accepted as right ("…, which is correct"), a part not reached yet that the person
    takes up ("… isn't wired in yet, we'll do it tomorrow"), a business figure's fall with its analysis asked ("signups
    are still dropping, pull the numbers for the last quarter"). ``window``: the report's clause and the one after it."""
    # ("not your fault, but the build is red since your change, revert it": the blame wins, review27 R27-6)
    # (the blame is looked for outside the clearing words: "…, not caused by your changes" names the change to clear it)
    return bool((guards.CLEARED.search(own) and not guards.blamed_beside(guards.CLEARED.sub(" ", own)))
                or guards.ACCEPTED_AS_RIGHT.search(window) or guards.DEFERRED.search(window)
                # "it is broken by design", "the export is empty on purpose": the fault said to be intended (prec51)
                or (guards.INTENDED.search(window) and not guards.BLAMES_ACT.search(own))
                or (guards.FIGURE_FALLS.search(window) and guards.ANALYSIS_ASKED.search(window))
                # "ugh I was on the wrong branch, that's why I didn't see your changes", "it comes from the old uploader,
                # not from anything you wrote": the person's own slip, or an old fault the agent is cleared of (cls28)
                # (the owned fault clears only its own clause: "my bad for not saying it earlier, but we never use print
                # here" still corrects, review28 R28-9)
                or guards.owned_fault(clause or window, window))


def _broken(clause: str, explaining: bool = False, blamed: bool = False, answer: str | None = None) -> str | None:
    """A report that the result is broken, read after an answer that said the work was done. A question counts
    only when it asks why the failure happens ("why do I get this error?", not "what does this error mean?");
    an error talked about ("handle the errors", "error codes") or said to be gone ("no more errors") is none, and so
    is a step of the release process not taken ("it's not merged yet") or a clause that asks to confirm ("…, right?").
    The person's own setup failing is none unless the message names the agent's change as the cause (``blamed``)."""
    if (RESOLVED.search(clause) or guards.RESOLVED.search(clause) or _resolved_abroad(clause) or _none_counted(clause)
            or guards.PRAISED.search(clause)
            or guards.PRAISED_TOO.search(clause) or guards.STATUS.search(clause)
            or guards.TAG_QUESTION.search(clause) or guards.OWN_PLAN.search(clause)
            or languages.JA_CONDITION_OR_DESIGN.search(clause)
            or ((guards.OWN_SETUP.search(clause) or languages.OWN_SETUP.search(clause)) and not blamed)):
        return None
    if _is_question(clause) and INTERROGATIVE.match(clause) and not WHY.match(clause):
        return None
    for reason in needles.matches(ALL_BROKEN, clause):
        if reason == ERROR_REPORT and ERROR_TALK.search(clause):
            continue
        if explaining and reason in _ERROR_REASONS:
            continue
        return reason
    if persisting.still_doing(clause, answer):
        return persisting.REASON  # "the cron still sends two emails" after "I fixed the cron." (cls29, review29 R29-8)
    if (not explaining and len(re.findall(r"[\w@`'\"().-]+", clause)) <= SHORT_CLAUSE_WORDS and ERROR_AT_END.search(clause)
            and not ERROR_TALK.search(clause)):
        return ERROR_REPORT
    return None


# A tool's count of none ("Found 0 errors.", "0 errors, 0 warnings", "✅ 0 new TypeScript errors") says the problem is
# gone, unless a count above none stands in the same clause ("✖ 5 problems (5 errors, 0 warnings)": review23 C2).
_NONE_COUNTED = re.compile(r"(?<![\d.,])\b0\s+(?:new\s+|remaining\s+|[\w-]+\s+){0,2}?(?:errors?|exceptions?|warnings?|"
                           r"failures?|failed|crash\w*|issues?|problems?)\b", re.I)
_SOME_COUNTED = re.compile(r"(?<![\d.,])\b[1-9]\d*\s+(?:new\s+|remaining\s+|[\w-]+\s+){0,2}?(?:errors?|exceptions?|"
                           r"failures?|failed|crash\w*|issues?|problems?)\b", re.I)
# A contrast after the problem said gone: "现在不报错了，但是登录不了", "ya no da error, pero el login no funciona" (a
# Chinese or Spanish clause is not split at 但是 / pero as an English one is at "but": review23 C4).
_CONTRAST = re.compile(r"但是|但|不过|可是|然而|でも|しかし|けど|[たすだい]が[、,]|のに|그런데|하지만|근데|\b(?:pero|mas|aber|jedoch|но|однако|mais|ma|"
                       r"ama|fakat|nhưng)\b", re.I)


# "still" before a count of none of the problems: "still 0 errors", "still reports no warnings" (never "still 0 rows": an
# empty result).
_STILL_NONE = re.compile(r"\bstill\s+(?:[\w-]+\s+){0,2}?(?:0|zero|no)\s+(?:new\s+|more\s+)?(?:errors?|warnings?|exceptions?|"
                         r"issues?|problems?|failures?|crash\w*|type\s+errors?|lint\s+errors?)\b", re.I)


def _none_counted(clause: str) -> bool:
    return bool(_NONE_COUNTED.search(clause)) and not _SOME_COUNTED.search(clause)


def _resolved_abroad(clause: str) -> bool:
    return any(not _CONTRAST.search(clause[m.end():]) for m in languages.RESOLVED.finditer(clause))


# The person asks what pasted output means ("what does this mean?", "是什么意思", "¿qué significa?"): a request to explain
# it, whatever its words say (a "why …?" still asks why the result fails: "la app se cierra sola, ¿por qué?").
_MEANING_ASKED = re.compile(r"\bwhat\s+does\s+(?:it|this|that)\s+(?:error\s+|message\s+)?mean\b|是什么意思|什么意思|\bqu[eé]\s+significa\b"
                            r"|\bwas\s+bedeutet\b|\bque\s+veut\s+dire\b|どういう意味", re.I)


# The reasons of a report of the result's state (not of a rule, a challenge, a reminder, nor of an attempt that failed:
# "you're right, still broken" after the agent's own doubt still says its fix did not work).
REPORT_REASONS = frozenset(reason for _, reason in ALL_BROKEN) - {
    "said the result is still broken", "said the fix did not work", "said nothing changed", "said problems remain",
    "said the change did not work", "said the change made it worse", "said the change is not there"}


# Cues that, in a reply to the agent's own question, give information for the answer rather than correct work done.
REPLY_INFORMS = frozenset({"expressed frustration with the result", "said what the agent made already exists",
                           "rejected the result and gave a direction"})


@dataclass(frozen=True)
class Reading:
    """What `classifier.classify_text` found about the whole message, which the clause rules read."""
    own: str  # the person's own prose, normalised
    parts: list[str]  # its clauses (only the opening ones of a task specification)
    answer: str | None  # the agent's last answer before it (typographic quotes made plain)
    spec: bool  # a structured or long new request
    proposal: bool  # the answer only proposed work and asked whether to do it
    claimed: bool  # the answer said the work was done (and handed over nothing but a step that applies it)
    replying: bool  # the message replies to the agent's own question
    tasking: bool  # the message opens a new piece of work
    explaining: bool  # the person asks to have an error explained
    blamed: bool  # the message names the agent's change as the cause
    wrong_place: bool  # the failure is of where a command ran, or of the agent's own model provider
    handed_back: bool  # the answer handed the next step over and the short message hands it back
    reminder_opened: bool  # the message opens as a reminder ("Remember: …")
    pasted: bool = False  # the message is output the person pasted that shows a failure (`classifier.pasted_failure`)


def clause_reason(reading: Reading) -> str | None:
    """The reason of the first clause that reads as a correction, or None."""
    own, parts, answer, spec, proposal = reading.own, reading.parts, reading.answer, reading.spec, reading.proposal
    claimed, replying, tasking, explaining = reading.claimed, reading.replying, reading.tasking, reading.explaining
    blamed, wrong_place, handed_back = reading.blamed, reading.wrong_place, reading.handed_back
    reminder_opened = reading.reminder_opened
    number = 0  # the clause's place among those with words of their own ("No" before "don't …" opens nothing)
    for at, clause in enumerate(parts):
        if APPROVAL.match(clause):
            continue
        reported = NOT_OWN_WORDS.search(clause)
        if reported:
            # what another says is not the person's words, but what they said before it is: "still broken, it says 404"
            # reads "still broken" (review37 R37-8); "the docs say …", "here's the log" read nothing
            clause = clause[:reported.start()].rstrip(" ,;:\u2013\u2014-")
            if not re.search(r"[^\W_]", clause) or APPROVAL.match(clause):
                continue
        # ("Remember: dates are always UTC" with no answer to hold it against is a note: the reminder needs the answer,
        # `against_answer.reminds_of_rule`)
        soft_ok = (not replying and not tasking and (len(own) <= SOFT_MESSAGE or number < SOFT_OPENING_CLAUSES)
                   and not (not answer and reminder_opened))
        number += 0 if _BARE_REFUSAL.match(clause) else 1
        reason = _try(ALL_CHALLENGES, clause)
        reason = _not_asked_of_agent(reason, clause)
        if reason == "challenges an action" and guards.PRAISE.search(own):
            reason = None  # "where did you get that idea? great, go on"
        if reason in guards.QUESTION_CHALLENGES and guards.CURIOUS.search(own):
            reason = None  # "what made you choose this library? just curious, it looks great"
        # "seems like you didn't consider outliers?": a statement typed with a question mark (it does not open
        # like a question) still carries the statement's cues, though not the soft ones (rules, preferences).
        asked = _is_question(clause)
        statement_asked = asked and not INTERROGATIVE.match(clause)
        # "perhaps leave the CI file alone for now?": a hedged direction typed as a question says what a statement does
        hedged = statement_asked and bool(indirect.HEDGED_ASK.match(clause))
        if reason is None and (not asked or statement_asked):
            reason = _try(ALL_CUES, indirect.HEDGED_ASK.sub("", clause) if hedged else clause)
            reason = _not_asked_of_agent(reason, clause)
            if reason == "repeated an earlier instruction" and guards.WITHDRAWS.search(clause):
                # "forget what i said": the person takes their words back; what follows may still correct ("…, use
                # pnpm not npm")
                reason = _try(ALL_CUES, guards.WITHDRAWS.sub(" ", clause))
            if reason in SOFT and ((statement_asked and not hedged)
                                   or not (soft_ok and (reason != 'says "X, not Y"' or len(clause.split()) <= 15))):
                reason = None
            if (statement_asked and not hedged and reason not in _STATEMENT_CUES
                    and not (reason in _HEDGES and _try(ALL_CUES, _STATED_FIRST.sub("", clause)) == reason)):
                # ("I'm not a big fan of the nested ternaries, could we use if/else?": a hedge said as a statement,
                # then a question, keeps the hedge's cue: cls26)
                reason = None
            if reason == "asked the agent to go one step at a time" and guards.PLANNED.search(own):
                reason = None
            if reason in ('says "wrong…"', "said the agent misunderstood") and guards.OWN_SLIP.search(own):
                reason = None  # "oops I typed staging when I meant dev": the person's own slip (cls26)
            if reason == "said the agent misunderstood" and guards.CONFIRMS_MEANING.search(clause):
                reason = None  # "That's what I meant by start over": the agent understood (cls39)
            if reason == 'says "that\'s wrong"' and languages.OWN_MISTAKE.search(clause):
                reason = None  # "我之前说错了，你的实现是对的": the person's own slip, not the agent's
            if reason == 'says "X, not Y"' and guards.NOT_YOUR_DOING.search(clause):
                reason = None  # "…, but that's my old node, not your change": the agent cleared, not corrected
            if reason in SOFT and guards.CIRCUMSTANCE.search(clause):
                reason = None  # "we can't use the company VPN from home, so test locally": the person's moment (cls26)
            if reason in SOFT and guards.NEXT_WORK.match(clause):
                reason = None  # "for the next feature, use postgres instead of sqlite": sets up work still to come
            if reason in SOFT and guards.ASKS_OPENLY.match(clause) and not indirect.BACK_TO_OLD.search(clause):
                reason = None  # "what if we used sqlite instead of postgres": a question typed without its "?"
            if reason == "corrected course" and replying and guards.PICKS_ONE.match(clause):
                reason = None  # "Which matters most?" "Actually all three": an answer, not a change of course
            if reason == direct_abroad.REFUSED_AND_DIRECTED and answer and ASKED.search(answer) and not CLOSER.search(answer[-300:]):
                reason = None  # "Soll ich auch Tests schreiben?" "Nein, nur das Backend": the refusal answers the question (cls34)
            if reason in REPLY_INFORMS and replying:
                # "Go, Rust or Python?" "Rust. fuck Go": an answer that swears at an option; "Option 1 or 2?" "2. I
                # already have some retry logic in fetch_all": information for the choice, not a correction
                reason = None
            if reason == "said the result is still broken" and guards.predates(own):
                reason = None  # "the build is failing but none of it is from your branch" (review36 R36-16), as for "still …"
            if reason == "stated what the result should have been" and guards.OWN_CONFIG.search(own):
                reason = None  # "my tmux config is a bit off, there shouldn't be a status bar": the person's own setup
            if reason in SOFT and guards.SO_I_WILL.search(clause):
                reason = None  # "we always squash merge, so I'll do that when merging": theirs to apply (cls27)
            if (reason in SOFT or reason == "rejected the result and gave a direction") and guards.NO_ACCESS.search(own):
                reason = None  # "no console access on prod, so add a log line instead": a limit of theirs (cls27)
            if (reason in SOFT or reason == "prohibited an action") and (
                    guards.NEXT_WORK.match(clause) or guards.FOR_NEW_WORK.search(" ".join(parts[max(at - 1, 0):at + 1]))):
                reason = None  # "for the new export, don't include archived projects": work still to come (cls27)
            if reason is None and not proposal:  # after a proposal, "still" speaks of what exists, not of a change
                reason = _try(ALL_PERSISTS, languages.without_asked_whether(clause))
                if reason and _STILL_NONE.search(clause) and not _SOME_COUNTED.search(clause):
                    reason = None  # "still 0 errors, great", "tsc still reports no errors": the good state kept (cls28)
                if reason and guards.ACCEPTED.search(" ".join(parts[at:at + 2])):
                    reason = None  # "still 0 rows, but that's expected until the nightly job runs" (review28 R28-10)
                if reason and guards.predates(own):
                    reason = None  # "… still points at postgres 12, unrelated to what you're doing" (cls35)
                if reason and guards.OWN_BREAKAGE.search(own) and not blamed:
                    reason = None  # "the same issue is there in my old branch": the person's own copy (cls40)
        if reason is None and handed_back and (against_answer.ACT_YOURSELF.search(clause)
                                               or against_answer.ACT_YOURSELF_MORE.search(clause)
                                               or against_answer.ACT_YOURSELF_ABROAD.search(clause)):
            reason = "told the agent to act instead of describing"
        reported_part = _before_condition(clause)
        if reason is None and claimed and not spec and not tasking and not _hypothetical(reported_part) and reported_part:
            reason = _broken(languages.without_asked_whether(reported_part), explaining, blamed, answer)
            if (reason == "said the change is not there" and NOT_SEEN.search(clause)
                    and any(_is_question(p) and INTERROGATIVE.match(p) and not WHY.match(p) for i, p in enumerate(parts) if i != at)):
                reason = None  # "how do the tests get a broker? I don't see it in compose": how it works, asked (cls45)
            if reason and _MEANING_ASKED.search(own):
                reason = None  # "chezmoi: … inconsistent state … what does this mean? how can i fix it?": explain it (cls39)
            if (reason == "asked to fix what the agent made" and guards.BARE_FIX.match(own)
                    and guards.PROPOSED_FIX.search((answer or "")[-400:])):
                reason = None  # "The fix: check `mounted` first." "fix it": go ahead, not a report
            if reason in _ERROR_REASONS and wrong_place:
                reason = None
            if reason and guards.predates(own):
                # "it also happens on main", "the API has always done that": a fault older than the work, reported (cls35);
                # a correction of an act in the same message is no report and stays ("… still, you shouldn't have deleted
                # the retry logic", review35 R35-18)
                reason = None
            if reason and (guards.OWN_BREAKAGE.search(own) or guards.UNRELATED_ISSUE.search(own)) and not blamed:
                reason = None  # "I think I broke something in my branch, …", "separate issue: …" (review39 R39-9, cls39)
            if reason and guards.BUG_HUNT.search(own) and not blamed:
                reason = None  # "there's a bug in this codebase somewhere, can you find it?": new work (cls26)
            if reason in families.OPENING_ONLY and (number > families.OPENING_CLAUSES or len(own) > LONG_MESSAGE
                                                    or guards.UNREACHED.search(clause)):
                reason = None
            if (reason and guards.HOW_TO.match(own) and not blamed and reason not in _ERROR_REASONS
                    and not guards.HOW_TO_FAILURE.search(own)):
                reason = None  # "how do I dim the LED on the Nano? it's too bright": a question of the person's own
            if reason and guards.ELSEWHERE.search(" ".join(parts[at:at + 2])) and not guards.FIX_ASKED.search(own):
                reason = None  # "the old cron never fires on the replica, so move it to the primary" (review26 R26-4)
            if reason and (guards.ASKS_TO_CONFIRM.search(" ".join(parts[at:at + 2]))
                           or (guards.THEIRS.search(" ".join(parts[at:at + 2])) and not blamed)):
                reason = None  # "…, is that still true?"; "… in the vendor's feed, can our parser shift them?" (cls27)
            if reason and guards.ACCEPTED.search(" ".join(parts[at:at + 2])):
                reason = None  # "latency is worse than before but that's fine for now"
            if reason and guards.OWN_MOMENT.search(" ".join(parts[at:at + 2])):
                reason = None  # "I can't open it right now, I'm on my phone": the person's moment, not the result
        if reason in REPORT_REASONS and (guards.HYPOTHESIS_TO_CHECK.search(own) or guards.ASKS_ACCESS.search(own)
                                         or guards.DOES_NOT_MATTER.search(clause)):
            reason = None  # a guess to check, the agent's access asked about, a state that does not matter (cls39)
        if reason in REPORT_REASONS and guards.SURROUNDINGS.search(clause) and not blamed:
            reason = None  # "the coffee machine is broken though", "office wifi is broken now": not the work (prec51)
        if guards.premise_then_request(reason, own):
            reason = None  # "still no reply from finance, draft a reminder": a premise of the next step (check51, prec51)
        if guards.working_mode_of_inquiry(reason, own):
            reason = None  # "explore the module option thoroughly. Do not assume any details": how to do the new work (prec51)
        if reason in REPORT_REASONS and (guards.AGREES_WITH_AGENT.search(clause)
                                         or (at and guards.AGREES_WITH_AGENT.search(parts[at - 1]) and len(parts[at - 1]) <= 40)):
            reason = None  # "You're right, it is too small right now, so upscale it": the agent's own finding, taken up (cls39)
        # (a question that challenges an act is cleared only by what it says and what follows it: "it crashes, nothing to do
        # with your PR though. but why did you remove the retry?" still asks why the agent removed it, review36 R36-16)
        # ("what made you pick redis? not your fault, the docs are confusing": a clearing after the question still clears it)
        after = own[own.find(clause):] if reason in guards.QUESTION_CHALLENGES and clause in own else own
        if reason and _cleared(after, " ".join(parts[at:at + 2]), clause):
            reason = None
        if reason and withdrawals.withdrawn(reason, own):
            reason = None  # "any reason you chose Postgres? I'm writing the design doc" (review25 R25-2)
        if (reason in families.ASIDE_REPORTS and at > 0 and not reading.pasted
                and (families.WAY_FORWARD_QUESTION.match(parts[0]) or families.GO_AHEAD.match(parts[0]))
                and not families.TURN.search(" ".join(parts[max(at - 1, 0):at + 1]))):
            reason = None  # "Yes, implement this, don't bother running mix precommit as it isn't working yet" (cls40)
        if reason == families.STANDING_RULE_REASON and languages.asked_another_language(own, answer):
            reason = "asked for the language the agent did not answer in"  # "answer me in french from now on"
        if reason:
            return reason
    return None
