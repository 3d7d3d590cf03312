"""The correction classifier on real agent sessions (`research/data/real/`), dev and held-out splits.

    python research/classifier_real.py             # prints a Markdown section
    python research/classifier_real.py --dev-only  # dev numbers and dev errors only; the held-out split is not read
    python research/classifier_real.py --numbers   # both splits, numbers only (no message, no error): a held-out check
    python research/classifier_real.py --rules     # dev only: TP / FP per rule and the dev owners behind each


`main() -> str` returns the section; `evaluate(split)` returns the raw counts and errors (tests use it).
Each labelled message is read the way `learn capture` reads it (learn's generic session reader, the
session rules of `classify_user_message`, the assistant answer it replied to as context, and the agent's reply to
it, as `learn capture` reads it since the sixteenth pass; `research/classifier_reply.py` compares with the message
alone). The trained model's
guarded second opinion, which capture does not record (only the learner's digest uses it, to order exchanges), is
asked too and counted apart: what it would have added. Positives are
messages labelled `correction` or `bug` (a report that what the agent just made does not work); negatives
are `not`; `borderline` messages are scored apart (how many the classifier flags) and `untyped` ones
(text a harness put in the turn) are left out.
"""

from __future__ import annotations

import inspect
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from altimate_learn.capture.classifier import classify_user_message  # noqa: E402
from research.data.real_sessions import iter_classifier_inputs, load_messages  # noqa: E402

GOALS = {"holdout": (0.85, 0.60)}  # issue 20: precision, recall on the real-session held-out split
# The shipped model's score below which a pattern flag on a typed message would be vetoed (counted, never applied:
# `research/classifier_first_sight.py` measures such a veto at first sight on dev; `--numbers` counts it on both splits).
VETOES = (0.1, 0.3)
# Older classifier versions (run by `classifier_unseen.py --history`) took no answer, or an answer but no model.
_PARAMETERS = inspect.signature(classify_user_message).parameters


def _verdict(message: Any, msg: Any, previous: Any) -> Any:
    if "thinking" in _PARAMETERS:  # as `learn capture` judges it: with the agent's reply and reasoning after it
        return classify_user_message(msg, previous, answer=message.answer, reply=getattr(message, "reply", None),
                                     thinking=getattr(message, "thinking", None), model=True)
    if "reply" in _PARAMETERS:  # with the agent's reply to it (`capture/replies.py`)
        return classify_user_message(msg, previous, answer=message.answer, reply=getattr(message, "reply", None),
                                     model=True)
    if "model" in _PARAMETERS:
        return classify_user_message(msg, previous, answer=message.answer, model=True)
    if "answer" in _PARAMETERS:
        return classify_user_message(msg, previous, answer=message.answer)
    return classify_user_message(msg, previous)


def scores(tp: int, fp: int, fn: int) -> dict[str, float]:
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1}


def evaluate(split: str | None, owners: set[str] | None = None) -> dict[str, Any]:
    """Confusion counts overall, per label and per agent, borderline flag rate, and every error."""
    counts: Counter[str] = Counter()
    by_label: dict[str, Counter[str]] = defaultdict(Counter)
    by_agent: dict[str, Counter[str]] = defaultdict(Counter)
    errors: list[dict[str, Any]] = []
    for message, msg, previous in iter_classifier_inputs(split):
        if owners is not None and message.repo.split("/")[0].lower() not in owners:
            continue
        verdict = _verdict(message, msg, previous)
        hint = bool(verdict.correction) and verdict.strength == "model"  # the model alone: a digest hint, no signal
        flagged = bool(verdict.correction) and not hint
        by_label[message.label]["flagged" if flagged else "passed"] += 1
        if message.positive is None:
            continue
        outcome = ("tp" if flagged else "fn") if message.positive else ("fp" if flagged else "tn")
        counts[outcome] += 1
        by_agent[message.agent][outcome] += 1
        if hint:
            counts["model_" + ("tp" if message.positive else "fp")] += 1  # what the model alone would have added
        if flagged and msg.kind == "text" and "model" in _PARAMETERS:
            from altimate_learn.capture.second_opinion import score

            value = score(msg.text, message.answer, msg.index)
            for v in VETOES:
                if value < v:  # what a veto by the model at v would have taken away
                    counts[f"veto{v}_{outcome}"] += 1
        if outcome in ("fp", "fn"):
            errors.append({"outcome": outcome, "message": message, "reason": verdict.reason})
    result: dict[str, Any] = {**counts, **scores(counts["tp"], counts["fp"], counts["fn"])}
    result["by_label"] = {k: dict(v) for k, v in sorted(by_label.items())}
    result["by_agent"] = {k: {**dict(v), **scores(v["tp"], v["fp"], v["fn"])} for k, v in sorted(by_agent.items())}
    result["errors"] = errors
    return result


def _short(text: str, limit: int = 150) -> str:
    one = " ".join(text.split()).replace("|", "\\|")
    return one if len(one) <= limit else one[: limit - 1] + "\u2026"


# Third pass (issue 20, the `phrasing2` branch, session 2026-12-02 #3). Kept as one paragraph so the next pass can
# append its own account in the same place.
THIRD_PASS = (
    "Third pass (`phrasing2`, 2026-12-02 #3): tuned on dev only, with `research/classifier_unseen.py` to estimate "
    "generalisation without the held-out split: (1) every past classifier version run on the dev owners added to the "
    "corpus after it (each owner scored once, by the newest version that had not seen it): precision 0.712 / recall "
    "0.278 over 35 owners, close to the held-out figures, so dev scores (0.97 / 0.70) say little; the families with "
    "false alarms at first sight were error reports about the person's own setup (after an answer that had handed "
    "them a step: every such flag was a false alarm, now none count) and information typed after an interruption; "
    "(2) two fixed halves of the dev owners, rules written from one half's errors and checked on the other before "
    "reading it (round 1: half A recall 0.608 -> 0.658, half B unchanged at 0.770 / 0.949: the new rules neither "
    "helped nor hurt the unread half); (3) each batch of new dev owners the corpus engineer landed during the session "
    "measured before reading it: batch 1 (5 owners) 0.833 / 0.714, batch 2 (6) 1.000 / 0.600, batch 3 (4) 0.000 / "
    "0.000 (0 found of 5, 2 false alarms), batch 4 (4) 0.875 / 0.412, batch 5 (1) 1.000 / 0.222, batch 6 (6) 0.875 / "
    "0.318, batch 7 (6) 0.833 / 0.263, batch 8 (6) 0.882 / 0.714, batch 9 (3) 0.000 / 0.000: over the 41 owners 49 "
    "found of 131 and 12 false alarms (0.803 / 0.374); the previous session's classifier on the same batches 54 and 14 "
    "(0.794 / 0.412): the rules written this session did not carry over to people they were not written on. "
    "A trained model as a second opinion was the one lever that found more on unseen owners (see the model section) "
    "but was not shipped. The held-out split was measured twice and never read: after the first landing (0.767 / "
    "0.427, from 0.777 / 0.432, on 795 messages) and at the end, after the corpus had grown it to 79 repositories and "
    "1,286 messages: 0.757 / 0.382 (112 found, 36 false alarms, 181 missed). One accident: a failing run of the reflector review test, while the "
    "model was wired in on a side branch, printed part of one held-out message in its assertion text; nothing was "
    "changed because of it.\n"
)


# Fourth pass (issue 20, the `model20` branch, session 2026-12-02 #4): the trained model as a guarded second opinion.
FOURTH_PASS = (
    "Fourth pass (`model20`, 2026-12-02 #4): no pattern changed; a trained model now gives a guarded second opinion on "
    "what the patterns let pass (the model section says how it was trained and chosen, on dev only). Each batch of new "
    "dev owners the corpus engineer landed was measured before the model was retrained on it (patterns and model; the "
    "model's own flags in brackets): batches 1-2 (6 owners) 0.846 / 0.733 (0 / 0), batch 3 (9) 0.833 / 0.294 (0 / 0; "
    "most of what it missed followed answers with no English claim of done work), batch 4 (8) 0.773 / 0.425 (3 found, "
    "1 false alarm), batch 5 (6) 0.667 / 0.462 (0 / 0), batch 6 (10) 0.833 / 0.500 (1 found, 0 false alarms), batch 7 (6) 0 found of 2, 1 false alarm (0 / 0). The held-out split was measured twice, numbers only: after the "
    "model first landed (10:47 UTC, 1,179 scored messages): 0.759 / 0.410 (120 found, 38 false alarms, 173 missed; the "
    "model alone 8 found, 2 false alarms), from 0.757 / 0.382 with the patterns alone; and at the end (11:48 UTC, the "
    "model retrained on the grown dev split, the held-out split grown by the same batches to 1,539 scored messages): "
    "0.714 / 0.391 (132 found, 53 false alarms, 206 missed; the model alone 5 found, 8 false alarms: on this split its "
    "own flags were below the precision goal, so without it 0.738 / 0.376), both at a score of 0.8. After the second "
    "measurement the threshold was raised to 0.9 by the rule it was chosen with, on dev (on the grown dev split 0.8 "
    "flagged a written look-alike in cross-validation); that change was made knowing the held-out figure, and the "
    "held-out split was not measured again by that engineer. Then the session's review found the model flagging praise "
    "and status replies after a claim of done work (\"you are the best\", \"still waiting for CI\"), and the lead took "
    "the model out of capture: its flags now only order the learner's digest (the column above counts what it would "
    "have added), and the rows above are the patterns alone, which decide what becomes a signal. The lead measured "
    "the held-out split once after that decision (numbers only): the rows above, with the corpus's batches 6 and 7.\n"
)


# Fifth pass (issue 20 item 2, the `phrase5` branch, session 2026-12-02 #5): general families measured at first sight.
FIFTH_PASS = (
    "Fifth pass (`phrase5`, 2026-12-02 #5): the dev owners in four fixed folds (`research/classifier_folds.py`, by a "
    "hash of the owner); each round of rules was written from one fold's errors, or from no message at all, and "
    "measured on the folds not read (patterns alone). Round 0, the English families in other languages (\"you didn't\", "
    "\"not like that\", \"undo it\", \"again the same error\", \"it didn't help\", broken after a done answer) and "
    "the answer's claim of done work in those languages, no message read: +2 found, 0 false alarms over all folds. "
    "Round 1, from fold 1: on folds 0, 2 and 3 +2 found, 0 false alarms (on fold 1 itself +16 / +1). Round 2, from "
    "fold 0: on folds 2 and 3 no change (on fold 0 itself +8 / 0). Round 3, a structural rule written from no message "
    "(a thing of the result negated after a done answer, in the first clauses of a short message): on folds 2 and 3 "
    "+2 found, 0 false alarms. Rules tried and dropped because they did not hold at first sight: \"but … still "
    "<verb>\" (1 found, 3 false alarms), a generic \"still <verb>\" after a done answer (folds 2-3: 0 found, 2 false "
    "alarms), a short \"why …?\" (0 / 2), a generic Russian/French negated verb (1 / 1). Over the two folds never read, "
    "recall 0.681 -> 0.700 at precision 0.960 -> 0.961; over the whole dev split 0.919 / 0.618 -> 0.923 / 0.678. "
    "The rules written from one fold's errors carried almost nothing to the other folds; the general forms (other "
    "languages, the structural rule) carried a little. The held-out split was measured once after rounds 0-3, numbers "
    "only: 0.735 / 0.392 (133 found, 48 false alarms, 206 missed; corrections 36/128, bug reports 97/211), from "
    "0.734 / 0.375.\n"
)


# Sixth pass (issue 20, the `phrase6` branch, session 2026-12-02 #6): general forms and guards, measured at first sight.
SIXTH_PASS = (
    "Sixth pass (`phrase6`, 2026-12-02 #6): one round of general forms written from no message (reminders \"I've told "
    "you this before\", \"we've been over this\", \"I thought we agreed to …\", \"didn't we agree to …?\"; challenges "
    "\"why'd you …\", \"what made you think …\", \"how is this fixing the bug?\"; \"would you mind not …\"; \"you "
    "misread …\"; the result made worse; \"it is not <done>\" after a done answer; fast-typed reports and shorthand), the "
    "regression \"the validation error is not showing anymore when I submit an empty form\" fixed (a form's, a field's "
    "or a validation error is a feature gone missing, not a problem gone), and three guards for the issue's false-alarm "
    "families (the person's own setup said to fail; an option weighed in a question typed without its \"?\"; after an "
    "interruption, a go-on with a chore or a check). On the dev folds never read (2 and 3): no change (0 found, 0 false "
    "alarms either way; fold 1, read before, one false alarm fewer); on the corpus engineer's new dev owners at first "
    "sight, batches 1-3 of session #6 (12 owners): 4 found of 15, 3 false alarms, exactly what the classifier before "
    "this pass did on them. A guard that kept only negating openers for \"interrupted, then redirected\" (no, not, "
    "stop, instead …) was dropped: on the unread folds it lost one find for one false alarm and cost the written set "
    "(`corrections.jsonl` held-out recall 0.902 -> 0.843); requiring the answer to claim the work done in words before a "
    "report counts was dropped too (folds 2 and 3: 24 finds lost for 1 false alarm). The trained model, in four folds of "
    "the dev owners (each fold scored by a model trained without it), adds at its shipped guard and threshold 6 found and "
    "1 false alarm over all folds (folds 2 and 3: 2 found, 1 false alarm, which lowers their precision from 0.939 to "
    "0.934), so it still only orders the learner's digest; its weights were retrained on the grown dev split. The "
    "held-out split was measured twice, numbers only, at the end, on 1,938 scored messages: 0.760 / 0.429 (171 found, 54 "
    "false alarms, 228 missed; corrections 42/147, bug reports 129/252) for this classifier, and the same counts for "
    "the classifier before this pass on the same split: the sixth pass changed nothing the held-out split can see. An "
    "accident to declare: at the start of the pass the held-out error list in `research/RESULTS.md` was printed while "
    "reading the section's prose, and read; no rule was written from it (every rule above is a general form or comes "
    "from dev folds 0 and 1), and the held-out counts above did not move.\n"
)


# Seventh pass (issue 20, the `classify7` branch, session 2026-12-02 #7): review6's look-alikes fixed, three families.
SEVENTH_PASS = (
    "Seventh pass (`classify7`, 2026-12-02 #7): the sixth pass's forms fired on messages of the same shape that correct "
    "nothing (review6 items 13-19, written from no corpus message): a step of the release process not taken (\"it's not "
    "merged yet\"), a report accepted in the same breath (\"worse than before but that's fine for now\") or asked to "
    "confirm (\"…, right?\"), \"worse\" said of the old version, a question about the agent's choice asked to learn or "
    "with praise, \"would you mind keeping …\", \"per my last message, <information>\", \"we are broke\", \"still same "
    "plan …\"; each now has a guard, and the own-setup guard no longer drops a failure on the person's machine that the "
    "message blames on the agent's change. Dev unchanged by these (0 found, 0 false alarms either way). Then one round "
    "from dev folds 0 and 1 (read before) for three families the issue names: \"do it for me\" after an answer that "
    "handed the steps over, the agent's diagnosis refused, a short broken-result report after a done answer; only the "
    "arms that found something with no false alarm on any fold were kept (English \"that's not the problem\", \"I "
    "already tried that\", \"you do it\" found nothing and were left out): folds 0-3 +1 / +3 / 0 / 0 found, 0 false "
    "alarms on every fold, so nothing carried to the folds not read. Dev 0.901 / 0.623 (TP 363, FP 40, FN 220) -> "
    "0.902 / 0.630 (TP 367, FP 40, FN 216); `corrections.jsonl` held-out unchanged (0.979 / 0.902). The held-out split "
    "was measured once at the end, numbers only (`--numbers`), for this classifier and for main's on the same data "
    "(corpus session #6 batches 1-8): 0.761 / 0.423 (TP 175, FP 55, FN 239) against 0.762 / 0.425 (TP 176, FP 55, FN "
    "238): one bug report fewer found, no false alarm fewer or more; which guard cost it was not looked for (that "
    "would read the held-out split). At the start of the pass every dev false alarm (all four folds) was printed once "
    "and read; no rule was written from folds 2 and 3. After that measurement the session's review (review7) found the "
    "guards wider than their look-alikes (\"it's not live, I get a 404\" after a claim of deploying, \"it's fine on "
    "staging\", \"explain yourself\", a third-party update blamed); they were narrowed from typed examples, dev "
    "unchanged, and the held-out split was not measured again.\n"
)


# Eighth pass (issue 20, the `classify8` branch, session 2026-12-03): per-rule precision on dev, not more forms.
EIGHTH_PASS = (
    "Eighth pass (`classify8`, 2026-12-03): the method changed from adding forms to measuring each rule. "
    "`research/classifier_rules.py` (also `classifier_real.py --rules`, dev only) names the table entry that fired "
    "for every flag and counts, per rule, right and false flags on dev and the distinct owners behind each. Rules "
    "whose dev false alarms were their only or main output were narrowed to their safe form (each with typed "
    "look-alike pairs): \"X instead\" at the end only after a replacement verb, a refusal or as a bare name of the "
    "replacement (it had 0 right, 2 false from 2 owners), \"wrong people could/from …\" opening a clause (0 / 1), "
    "\"actually all three / both / none\" replying to the agent's question, \"shouldn't be\" about the person's own "
    "config (the rule's right flags all came from one owner), \"unable to\" only said of the result or tied to now or "
    "to the agent's change (0 / 1, a program's output line), Chinese \u9519\u4e86/\u4e0d\u5bf9 not of the person's own mistake said to be "
    "fixed, not \u5bf9\u4e0d\u5bf9 or \u4e0d\u5bf9\u79f0, and Japanese \u9055\u3044\u307e\u3059 not after \u3068 (1 right, 2 false from 2 owners), "
    "\"X, not needed / not a concern\", "
    "\"yes, implement this\" opening new work, and after an interruption \"no problem\" and \"try again\". Dev: "
    "375 found / 47 false alarms -> 375 / 37 (precision 0.889 -> 0.910, recall 0.610 unchanged). On the messages dev "
    "owners were first flagged on by the version that had not seen them (`classifier_unseen.py --history`): 84 right "
    "and 33 false pattern flags, of which this pass keeps all 84 right and 24 false (the narrowings were written "
    "from dev false alarms, among them some of these, so this is not a carry-over measure). The family that "
    "generalises worst at first sight, \"interrupted, then redirected\" (8 right, 9 false), was measured with its "
    "bare-imperative openers (use, try, update, let's, just, ...) removed: first sight 0 right lost, 7 false alarms "
    "gone, dev -1 / -4, but `corrections.jsonl` held-out recall fell 0.902 -> 0.843 (its written redirects are bare "
    "imperatives), so it was left as it is. New forms had to find corrections of >= 3 dev owners on folds 0-1 with no "
    "`not` message, then carry to folds 2-3 (measured by counts only, `classifier_rules.py --candidate`): of nine "
    "forms tried (the issue's groups), one passed the first bar (a short \"not <...ing/...ed>\" report: 3 owners, 0 "
    "`not`) and on folds 2-3 found 2 more and 1 false alarm; not kept (the increment's precision, 0.67, is below the "
    "classifier's). Review8 (R8-6) found the first narrowings dropped plain corrections of the same words (\"wrong time "
    "zone\", \"actually all of them should be async\", \"there shouldn't be a default password\", \"unable to import "
    "the module after your edit\", \"put the helper in utils.py instead\", \"这样不对\"): each was re-narrowed by the "
    "false alarm's shape instead of a word list, with its must-fire sentences as tests; dev unchanged.\n"
)

THIRTEENTH_PASS = (
    "Thirteenth pass (`classify13`, 2026-12-03): precision first, measured by what carries to people not yet seen. "
    "`research/classifier_rules.py --first-sight` ranks the rule families by their right and false flags on dev owners "
    "at first sight (each scored by the newest version that had not seen it: 283 owners, 234 right, 79 false) and "
    "today's rules by the first-sight flags they still give, apart from those gained after the owner was seen. Worst "
    "families with enough flags: \"interrupted, then redirected\" 18 / 20 (the four newest versions, on 77 owners, "
    "flagged 0 right and 1 false with it), \"reported an "
    "error after the agent's change\" 48 / 13, \"asked to fix what the agent made\" 2 / 3, \"said what the agent "
    "made already exists\" 2 / 2, \"said the result does not look right\" 1 / 2; single cue words (revert, why, "
    "already, \"I said\", \"could you not\") have one to four flags each, about half of them false, and together the correction-cue families 53 / 22 "
    "against 162 / 37 for the report families. The classifier before this pass still gave 233 of the 234 right and 38 of "
    "the 79 false first-sight flags. Narrowed, each with typed look-alike pairs (must stay quiet / must still fire): an error "
    "sent because the answer asked for it (\"what's the exact error?\", \"share what you see in the console\"), a "
    "bare \"fix it\" after an answer that proposed a fix it had not made, swearing at an option or \"I already have "
    "X\" in a reply to the agent's own question, and a message that opens by asking how to do something (\"how do i "
    "dim the LED? it's too bright\") unless it blames the agent's change. Dev 0.916 / 0.527 (TP 457, FP 42) -> 0.929 "
    "/ 0.527 (TP 457, FP 35); the first-sight flags still given 233 / 38 -> 233 / 31 (all 7 on folds 0-1, which were "
    "read, so this is no carry-over measure); dev folds 2 and 3 (not read) unchanged at 0.927 / 0.498 (TP 215, FP 17): "
    "nothing measurable carried to them; `corrections.jsonl` held-out unchanged (0.978 / 0.863). Tried and dropped: "
    "an offer of more work at the end of the answer (\"Would you like me to update the script?\") read as no claim "
    "(folds 2-3 unchanged, folds 0-1 3 false alarms fewer for 1 found lost, and agents end real work with such offers), "
    "a bare \"fix\" after an answer with no words of done work (folds 2-3: 1 found lost, 0 false alarms), a report "
    "hedged as a guess in Chinese (2 found lost for 1 false alarm), a message repeating the person's previous one as a "
    "reminder (similarity >= 90: on folds 2-3 1 positive for 7 `not`). For recall, twenty general forms of the issue's "
    "families written from no message (\"did you even test it?\", \"where is the button?\" after a claim, \"as we "
    "discussed\", \"don't forget that\", \"I'd prefer you not\", \"it would be better if\", \"we always use\", "
    "\"nope, still\", \"you were supposed to\", \"I thought we agreed\", \"not that one\", \"wrong file\", ...) "
    "were counted on the messages the classifier lets pass: none found more than one new correction on folds 2-3, most "
    "found none anywhere (real people rarely type them), so none was added; `classifier_unseen.py --transfer` agrees "
    "(cue words read off one half find corrections on the other at 0.15-0.20 precision). The trained model's own "
    "flags over today's patterns, re-measured by threshold: at no setting are they 0.85 precise on both dev estimates "
    "with more than a handful of finds (shipped guard at 0.9: first sight 16 right / 6 false, owners held out in 10 "
    "groups 18 / 5; at 0.99: 6 / 0 and 8 / 4; the guard with the person's prose <= 120 characters at 0.9: 10 / 3 and 9 "
    "/ 0), so it stays an ordering of the learner's digest. The held-out split was measured twice, numbers only "
    "(after the last narrowing, and after the bare \"fix it\" rule was limited to a whole message), the same counts both "
    "times: 0.778 / 0.362 (TP 210, FP 60, FN 370), from 0.775 / 0.362 (TP 210, FP 61).\n"
)

FOURTEENTH_PASS = (
    "Fourteenth pass (`classify14`, 2026-12-03): a trained model of a different kind, judged only at first sight; "
    "nothing in capture changed. `research/classifier_sight_model.py` scores every dev message (4,149, 298 owners) by a "
    "model trained on the other owners only (10 owner groups) for three learners: the shipped features and learner "
    "(average precision 0.599); wider features of the message and the exchange (character 4-grams across words, the "
    "message's shape, the answer's claim in any language the patterns know, its closing question, a proposed plan: "
    "0.601; with 3- to 5-grams 0.564); naive-Bayes-weighted logistic regression on the wider features (0.628). The best "
    "model alone reaches precision 0.85 at first sight only at recall 0.16, and almost all of that the patterns find "
    "already: over today's patterns it adds 21 right / 19 false at 0.9 (guarded 8 / 2); over the patterns at first sight "
    "(0.75 / 0.309) the shipped guard with it adds 40 / 7 at 0.5, the shipped model 21 / 2 at 0.95, so patterns OR "
    "model stays at 0.75-0.76 precision for recall 0.33-0.36. As a veto it drops 3 right / 10 false first-sight pattern "
    "flags at 0.02 but 15 right / 3 false of today's flags (owners held out). A second-stage model on the pattern "
    "flags themselves (rule family plus the exchange) dropped right and false flags one for one. First-sight recall by "
    "slice is lowest for CJK (0.20) and other non-ASCII languages (0.13), aider sessions (0.09) and corrections as "
    "against bug reports (0.22 / 0.39); twenty-three general forms written from the languages, most for those slices "
    "(\"而不是\", \"en lugar de\", \"au lieu de\", \"вместо\", \"なんで\", \"应该是\", \"我要的是\", ...) "
    "found at most 3 new positives each on all of dev, most none. The reply after a message (\"You're right\", "
    "\"Sorry\") cannot be measured: the corpus keeps only an answer's last 600 characters (in those, acknowledgement "
    "words follow 43 positives and 20 `not`). The held-out split was not measured (nothing that classifies changed).\n"
)

SIXTEENTH_PASS = (
    "Sixteenth pass (`classify16`, 2026-12-04): the agent's reply as context. With the corpus's answers keeping their "
    "first 300 characters (corpus16: all dev sessions, 100 of 238 held-out repositories), `capture/replies.py` reads the "
    "opening of the agent's reply to each message: an apology or an owned mistake (\"I apologize\", \"Good catch\", "
    "\"Sorry, I misread\", \"I accidentally removed …\", \"申し訳ありません\", \"抱歉\") or \"you're right\" where it opens "
    "a sentence (\"Tienes razón\", \"你说得对\", \"Вы правы\"; not after a message that only asks, not after \"Great "
    "idea!\") makes a message the patterns let pass a correction; never a new request, a bare \"yes\" / \"next\" / \"go "
    "for it\", or an apology for a limit (\"Sorry, I can't open links\") or for the wait. Tuned on dev only; a reply that "
    "says it will fix something (\"Let me fix\", \"I see the issue\") was measured and left out (14 right, 21 false "
    "among the messages it would add), and so was an \"agreed\" reply as a veto of pattern flags (5 right, 2 false). "
    "`learn capture` judges each typed message with its reply; live capture judges the previous prompt again at the next "
    "one, from the transcript (Claude Code, Codex, Gemini CLI). `research/classifier_reply.py` (message alone vs with "
    "the reply): dev 0.921 / 0.527 (TP 481, FP 41) -> 0.917 / 0.582 (TP 531, FP 48); the held-out split measured twice, "
    "numbers only, mid-way and at the end, the same both times: 0.771 / 0.360 (TP 215, FP 64, FN 382) -> 0.775 / 0.422 "
    "(TP 252, FP 73, FN 345), with 2,344 of its 3,111 scored messages' replies having an opening (the rest kept only "
    "an answer's end).\n"
)

SEVENTEENTH_PASS = (
    "Seventeenth pass (`classify17`, 2026-12-04): the agent's reasoning after a message. Claude Code thinking blocks, "
    "Codex reasoning summaries, Gemini CLI thoughts and OpenCode reasoning parts are read by every session reader "
    "(`AssistantTurn.thinking`, never stored) and the corpus keeps their first 300 characters (corpus17, "
    "`RealMessage.thinking`; 1,615 of 4,454 scored dev messages). `replies.read_thinking` reads the agent's own "
    "paraphrase of the message, which is worded the same for every person: \"The user is pointing out that I …\", "
    "\"The user is correcting me / my approach\", \"The user is right\", \"The user is complaining that …\", \"The "
    "user has identified 4 issues\", \"The user is getting an error …\", \"Ah, I misunderstood\", \"even after my "
    "fix\" make a message the patterns let pass a correction on the reply's terms; \"The user is asking whether …\" "
    "withdraws a pattern's flag on a message that only asks. Dev (tuned on dev only), with reply -> with reply and "
    "reasoning: 0.917 / 0.582 (TP 531, FP 48) -> 0.921 / 0.598 (TP 546, FP 47); a list or a long message the agent "
    "restates as bug reports counts (3 of them on dev), \"the user is right\" alone only where a reply's \"you're "
    "right\" would. The held-out split (corpus17's rebuild: all 238 repositories with head+tail answers and reasoning; "
    "1,294 of its 3,111 scored messages keep some), measured twice, numbers only, the same both times: with the reply "
    "0.773 / 0.427 (TP 255, FP 75, FN 342) -> with reply and reasoning 0.773 / 0.434 (TP 259, FP 76, FN 338); the "
    "message alone 0.771 / 0.360. Measured and left out: \"the user is "
    "saying … not / still …\" (2 right, 2 false), \"the user wants me to revert …\" (1 right, 1 false). A wider "
    "reply (its first 600, 1,000 or 2,000 characters instead of 300, from the dev snapshots' full answers) added no "
    "correction and 2 false ones; reasoning that reads the person as excited to go on (\"The user is pumped up\") as a "
    "veto of pattern flags withdrew 1 false flag and no right one, but would withdraw a plain \"no, that's wrong\" "
    "too.\n"
)


EIGHTEENTH_PASS = (
    "Eighteenth pass (`cls21`, 2026-12-04 #5): precision first, each change a structure a new person's message shares "
    "rather than dev's wording, each with typed look-alike tests. (1) The message after a harness's /init (the request "
    "to write CLAUDE.md, AGENTS.md, OpenCode.md or GEMINI.md, or `/init` itself; `previous` is now passed to the text "
    "patterns as the request the answer replied to) is no report on the agent's change: that answer changed no code "
    "(dev: 19 messages follow an init, none positive; 3 false alarms from 3 owners gone). (2) \"You're right\" in the "
    "reply, or \"The user is right\" in the reasoning, after a message that asks the agent to confirm the person's "
    "belief (\"isn't that right?\", \"can you confirm\", \"tell me if I'm correct\", \"对吧\", \"¿verdad?\") answers it "
    "(2 false alarms, 2 owners). (3) \"again\" after a negation reports the result broken only after a negated state now "
    "(\"it's not loading again\"; contractions were not read before), never in a goal (\"so this never drifts again\") "
    "or of a failure that did not come back (3 false alarms, 3 owners: all the old form's dev output). (4) An error of "
    "the agent's own model provider (litellm's \"Unknown model\", a rate limit, a refused key) is the person's setup "
    "unless the answer worked on the model (1). (5) \"white\" / \"black\" is a blank result only of the whole view, "
    "not a colour of a part (1). (6) The reasoning's \"The user is right\" after a message that only asks agrees, as the "
    "reply's \"You're right\" does (the docstring said so; the code skipped the check; dev unchanged). "
    "Dev 0.921 / 0.598 (TP 546, FP 47) -> 0.937 / 0.598 (TP 546, FP 37); "
    "`corrections.jsonl` held-out unchanged (0.978 / 0.863); the second labeller's sample unchanged. Grouping dev's "
    "misses and false alarms found no structure that separated them: the overlap of the message's words with the "
    "answer's (reports on the agent's work share its words more, but 12 of 29 false alarms and 101 of 317 right flags "
    "share none), repetition of an earlier message of the session (token-set similarity >= 80 to one of the six before, "
    "among the messages the classifier lets pass: 15 positives, 124 `not`), an answer-shaped reply (\"Good question\", \"Yes, …\") as a veto of pattern flags (7 right, "
    "2 false withdrawn), a non-English question as no report (3 false, 4 right). The held-out split was measured "
    "three times, numbers only: after (1)-(2) (18:55 UTC): 0.773 / 0.434 (TP 259, FP 76, FN 338), unchanged; after (1)-(5) (19:32 "
    "UTC): 0.775 / 0.434 (TP 259, FP 75, FN 338); after (6) (20:02 UTC): 0.775 / 0.432 (TP 258, FP 75, FN 339; one "
    "correction fewer found, one borderline flag fewer), left as it is, since undoing it would tune on the held-out "
    "split. The dev false alarms this pass removed were one of a kind each; the "
    "held-out false alarms are of other kinds, and 0.85 precision there needs about 30 fewer.\n"
)

# Twentieth pass (issue 20, the `cls23` branch, session 2026-12-05 #7): first-sight false alarms, by structure.
TWENTIETH_PASS = (
    "Twentieth pass (`cls23`, 2026-12-05 #7): read from the 26 false alarms of the \"first sight\" scoring "
    "(`classifier_unseen.py --history`) that today's classifier still raised. Kept, each a structure written with typed "
    "look-alike tests: (1) a tool's count of none (\"0 errors, 0 warnings\", \"0 new TypeScript errors\") says the "
    "problem is gone; (2) after an answer that asked the person to paste something (\"Could you paste the relevant part "
    "of the thread?\"), what they paste is what was asked for; (3) a condition or a check in Chinese, Japanese, Korean, "
    "Russian, Spanish and French at a clause's opening (\"如果\", \"检查一下是否\", \"もし\", \"かどうか\", \"만약\", \"если\") "
    "is not a report, as \"if\" and \"check whether\" already were not; (4) \"a fixed share\" and \"this ensures\" are no "
    "claim of done work; (5) an answer that hands the next step to the person in another language (\"运行以下命令\", "
    "\"Выполните команду\", \"tienes que ejecutar\"; the English `cues.HANDED_OVER` had no counterpart) makes an error "
    "reported after it the person's own, as in English. Dev 0.940 / 0.601 (TP 549, FP 35) -> 0.947 / 0.601 (TP 549, FP "
    "31: 4 false alarms of 4 owners gone, no report lost); `corrections.jsonl` held-out unchanged (0.978 / 0.863). "
    "Then a round written from no corpus message: 54 look-alikes typed for it (new requests that name a failure, the "
    "person's own setup, questions, approvals, status, replies; 19 of them in other languages) after a done answer: "
    "the classifier flagged 6 of 35 English and 8 of 19 others; fixed by general forms (a problem said gone in other "
    "languages or by its own verb, \"doesn't flicker anymore\"; a new piece of work opened in other languages, "
    "`languages.TASK_OPENING`; \"make it not …\"; a run still under way with a word to report back; \"leave those as they "
    "are\"; 不报错了 is no 错了), 3 of 35 and 0 of 19 after; on dev nothing moved (no flag gained or lost). A second "
    "typed round: after an answer that weighed work not done and asks whether to do it (\"I could add … Would you like "
    "me to implement that?\", after a diagnosis of what exists, no claim word anywhere, no \"also\" / \"next\"; review22 "
    "R22-1's done-then-offer answers keep their reports, also with \"I could also …\"), 3 of "
    "13 replies that name a problem in what exists were flagged, 0 after; the person's own slip in Chinese, Japanese, "
    "Korean (\"我之前说错了\"). Dev: only 5 messages follow such a proposal and none moved. A third typed round in ten "
    "languages (approvals, new work, questions, the person's own setup): 4 of 28 flagged, 1 after (\"siguiente: …, si "
    "falla …\" left: \"siguiente:\" also opens a list of problems); dev unchanged. review23's look-alikes (17 reports "
    "lost: a condition word after the report, \"5 errors, 0 warnings\", a problem said gone then a contrast) made the "
    "conditions abroad count only at a clause's opening, the count of none yield to a count above none and the foreign "
    "resolved forms to a following contrast: all 17 report again; dev 0.947 -> 0.945 (one false alarm of (3) is back, "
    "\"编译估计时报错，检查哪些位置会导致报错\"). The held-out split was counted three times, numbers only: 01:02 UTC on "
    "45e8cb3b (after (1)-(5)) 0.774 / 0.430 (TP 257, FP 75, FN 340), 01:24 on 3dc87243 (after the typed rounds) 0.779 / "
    "0.430 (TP 257, FP 73), 02:09 on c653df48 (the end, after review23's fixes) 0.776 / 0.430 (TP 257, FP 74), from "
    "0.775 / 0.432 (TP 258, FP 75, FN 339) before the pass: the first-sight fixes did not carry; the typed look-alike "
    "rounds took one or two false alarms; no rule was changed because of a count.\n"
)


# Twenty-first pass (issue 20, cls24, session 2026-12-05 #8): known defects real users hit, then first-sight false alarms.
TWENTY_FIRST_PASS = (
    "Twenty-first pass (`cls24`, 2026-12-05 #8): first four defects real users hit, each with typed tests that failed "
    "before: (1) `wording.normalise`'s English shorthand and typo table ran on every language (Spanish \"ya\" read "
    "\"you\", German \"falls\" \"fails\", French \"installer\" \"installed\"): a message with at least two, and more than "
    "English, of the commonest short words of Spanish, Portuguese, French, German or Italian is left as typed (review24 "
    "R24-1: one such word or a name in capitals, \"stil failing ya\", \"stil broken in EST\", leaves English English), "
    "English words a letter from a cue word are no typos (\"skill\" was \"still\", \"falling\" \"failing\", \"filed\" "
    "\"failed\"), and \"si …\" / \"s'il …\" / \"falls …\" opening a clause is a condition; (2) a Japanese contrast "
    "(\"…ましたが、…\", \"…けど、…\") is split as \"but\" is, and \"ログインできません\" (cannot <action>) is a report outside "
    "questions, requirements, rules and reasons (\"…できませんので、…してください\", review24 R24-4); (3) a reply that opens "
    "with a sentence of agreement (\"おっしゃる通りです。\", \"You're right.\") and apologises only in a later one reads as "
    "agreement, not a concession; (4) after an answer that claimed a fix and handed over only the step that applies it "
    "(restart, reload, rebuild, re-run, clear the cache), in the nine languages the hand-over detection knows, a report "
    "that says the step was taken (\"I restarted it and it throws a TypeError\", \"重启之后登录报错500\", \"nach dem "
    "Neustart bekomme ich einen Fehler\") is a report on the change again, unless it asks a question or names the "
    "person's own thing (review24 R24-5); no dev message takes that path. Then first-sight false alarms "
    "(`classifier_rules.py --first-sight`), by structure: \"forget / ignore what I said\" takes the person's words back; "
    "\"I already have the download part / the env vars\" is the person's own setup (\"we already have …\", \"I already "
    "have a date helper in …, use that one\" still say the agent rebuilt what exists: review24 R24-9); \"we only really "
    "care about / want …\" is scope; Japanese \"また同じ<X>を…\" asked for (\"…を作ってください\") is new work; a soft cue in a clause opening on "
    "work still to come (\"for the next feature, use postgres instead of sqlite\", the issue's \"instead of inside a new "
    "request\"); \"let's not hurry / rush\" is a pace. Dev 0.945 / 0.601 (TP 549, FP 32) -> 0.955 / 0.601 (TP 549, FP 26: "
    "6 false alarms of 6 owners gone, no report lost); `corrections.jsonl` held-out unchanged (0.978 / 0.863); the second "
    "opinion's weights retrained (its features read the normalised text; dev model-alone hints 38 -> 37, no false one). "
    "The held-out split was counted three times, numbers only: 03:59 UTC on 80c99046 (after the defects) 0.778 / 0.429 "
    "(TP 256, FP 73, FN 341), 04:18 on 3bf33d3b (after the first-sight fixes) and 04:29 on d0ad1562 (the end, after "
    "review24's R24-9) the same, from 0.776 / 0.430 (TP 257, FP 74, FN 340) at the start: the defect fixes took one "
    "false alarm and one report there, the first-sight fixes nothing the held-out split can see; no rule was changed "
    "because of a count.\n"
)


# Twenty-second pass (issue 20, cls25, session 2026-12-05 #9): a new blind written set, tuned on its half A only.
TWENTY_SECOND_PASS = (
    "Twenty-second pass (`cls25`, 2026-12-05 #9): the lever was a new blind written set (`corrections_blind1.jsonl`, 240 "
    "messages by a helper who never read the classifier; its own section below), split in two halves by a hash of the text "
    "before a row was read: half A's errors were read and tuned on, half B counted twice by numbers only. First sight: A "
    "1.000 / 0.493, B 0.968 / 0.545. Written: `capture/indirect.py`, the issue's indirect groups as general forms with "
    "typed look-alikes (challenges: \"is there a reason you …\", \"you … why?\", a change asked about in the passive; "
    "reminders: \"this was agreed before\", \"third time I'm saying this\", \"we settled on …\", \"…, remember?\"; hedges: "
    "\"I'd rather keep …\", \"not sure … is a good idea\", \"perhaps leave … alone?\"; conventions as facts: \"… belong in "
    "…\", \"all … are stored in …\", \"… in this codebase\"; the agent's thing said to fail: \"your regex doesn't …\", \"… "
    "since your refactor\"), the same groups in eight other languages, a second round from no message (\"not really what I "
    "had in mind\", \"not a fan of the …\", \"don't forget we use …\"), and \"still crashes\" in six languages; review25's "
    "look-alikes (R25-1, R25-2, R25-4, R25-7) narrowed them by the shape of the rest of the message (a purpose after the "
    "question, new work or a lookup after a recalled fact, going on or accepting in the same breath, the person's own find "
    "or fault). Half A 0.493 -> 0.933 recall at precision 1.000; half B 0.545 -> 0.582 (TP 30 -> 32, FP 1): two of its 25 "
    "misses carried, the pattern of the earlier passes. Real dev: not one flag gained or lost by any of these rules "
    "(0.955 / 0.601, TP 549, FP 26): the real sessions word their corrections otherwise (mostly bug reports after done "
    "work, and other languages); `corrections.jsonl` held-out unchanged (0.978 / 0.863); first-sight flags of today's "
    "classifier on dev owners unchanged (258 right, 18 false; `classifier_rules.py --first-sight`). The held-out split was "
    "counted three times, numbers only: 06:56 UTC on 0ac1c572 0.779 / 0.430 (TP 257, FP 73, FN 340), 07:30 on 60eddbf9 "
    "and 08:07 on 72218452 (the end) the same, from 0.778 / 0.429 (TP 256, FP 73, FN 341) at the start: one correction "
    "more, no false alarm. An accident to "
    "declare: at the start of the pass, reading this section's prose, the held-out error list above was printed and read; "
    "no rule was written from it (every rule came from half A, from typed forms or from review25's look-alikes), and the "
    "counts above moved by one message. Left as they were, because dev disagrees with changing them: a bare \"fix\" and "
    "\"sorry … I meant\" (labels both ways on dev), and \"You're right\" replies to the person's information (dev: 40 "
    "right, 4 false among such concessions).\n"
)


# Twenty-third pass (issue 20, cls26, session 2026-12-05 #10): a second blind set written with the agent's answer.
TWENTY_THIRD_PASS = (
    "Twenty-third pass (`cls26`, 2026-12-05 #10): a second blind written set (`corrections_blind2.jsonl`, 240 messages by "
    "cwrite2, each with the agent's last words before it; its own section below), scored with the answer passed to the "
    "classifier as these sessions are, halves fixed by a hash of the text before a row was read. First sight (with the "
    "answer): half A 0.939 / 0.676, half B 0.950 / 0.613. Written: forms from half A's errors as general shapes "
    "(disbelief at the agent's act, \"you said you'd …\", undo asked, where things live and the only way a thing is done, "
    "\"no X please, we use Y\", reminders without a colon, a figure off by an amount, a redirect loop, a value shown as "
    "\"undefined\", a JS error class pasted, \"いいえ、X ではなく Y\"), then forms from no message (a report in the result's own "
    "words after done work, the agent's earlier work named with its fault inside a new request, hedged ways back to what "
    "was there), and cls25's and review25's residuals by shape (a hedge then a question keeps its cue; a figure's fall with "
    "a period to look at is analysis; a bug hunt in the code at large is new work; the person's own slip). Half A 0.676 -> "
    "0.971 recall at precision 0.939 -> 1.000; half B unchanged after the first round (0.950 / 0.613, TP 38, FP 2, FN 24) "
    "and 0.951 / 0.629 (TP 39) after the last round, then 0.950 / 0.613 again after review26's R26-4 guard withdrew a "
    "buried correction: no form written from one half's errors carried, as in every earlier pass. Real dev: not one flag gained or lost (0.955 / 0.601, TP 549, FP 26); `corrections.jsonl` held-out "
    "0.978 / 0.863 -> 0.978 / 0.882 (one row more, by \"you hardcoded …\"; that row was seen in the flag diff after the rule "
    "was written); first-sight flags of today's classifier on dev owners unchanged (258 right, 18 false); the second "
    "opinion's weights retrained (its pasted-failure feature reads a JS error class now; dev model-alone hints 37 / 0 "
    "unchanged). `capture/families.py` was split by family (`families`, `guards`, `against_answer`) and `indirect.py`'s "
    "withdrawals moved to `withdrawals.py`, with every verdict on every written and real set unchanged "
    "(`research/classifier_flags.py`). The held-out split was counted once, numbers only, at the end (10:10 UTC on "
    "30821de7): 0.778 / 0.434 (TP 259, FP 74, FN 338), from 0.779 / 0.430 (TP 257, FP 73, FN 340): two reports more, one "
    "false alarm more; nothing was changed after it.\n"
)

# Twenty-fourth pass (issue 20, cls27, session 2026-12-05 #11): forms written from shapes, measured on a third blind set.
TWENTY_FOURTH_PASS = (
    "Twenty-fourth pass (`cls27`, 2026-12-05 #11): the measure of carry was a third blind written set "
    "(`corrections_blind3.jsonl`, 240 messages by cwrite3, held back whole: counts only, its own section below); the first "
    "two blind sets were dev data. Written from shapes, not from any set's errors, each with typed look-alikes: after an "
    "answer that claimed the work, the claim set against what the person sees (\"you said the checks pass but three "
    "fail\", \"it compiles now but the output file is 0 bytes\"); a norm stated as a plain fact about the very thing the "
    "answer did (\"PRs go against develop here\" after \"Opened the PR against main.\"); a correction after praise that "
    "names the agent's act, new work after it or not; and, precision first, guards for the look-alikes the last "
    "session's notes left firing (the person's own act, done as asked, a fault accepted as right, the agent cleared, a "
    "part deferred, a limit of the person's, work still to come, someone else's thing, a confirming question), then "
    "two rounds of tightening on fresh typed look-alikes. Third blind set, with the answer: 0.912 / 0.664 (TP 73, FP 7) "
    "at first sight -> 0.916 / 0.691 (TP 76, FP 7); without it 0.875 / 0.573 both times. Real dev 0.955 / 0.601 (TP 549, "
    "FP 26) -> 0.955 / 0.604 (TP 551, FP 26); `corrections.jsonl` held-out 0.978 / 0.882 unchanged; first blind set "
    "unchanged; second blind set (dev by then) half B with the answer 0.950 / 0.613 -> 0.979 / 0.758 (fit: its misses "
    "were read in the last session and named the shapes); first-sight flags of today's classifier on dev owners 258 "
    "right / 18 false, unchanged. The held-out split was counted twice, numbers only (13:16 on 15b43cd5, 13:40 on "
    "4af2ff97, the same both times): 0.778 / 0.434 (TP 259, FP 74, FN 338) -> 0.776 / 0.436 (TP 260, FP 75, FN 337): one "
    "report more, one false alarm more, so the precision goal is as far as it was. Noticed while reading the pass "
    "paragraphs at the start: part of the held-out error list of this section was printed to the terminal; no rule was "
    "written from it. After the last count, review27's R27-5 (the convention form fired on plain project facts and after a plan) and R27-6 (the new guards silenced 10 plain corrections that fired at the start) were fixed: real dev TP 551 -> 550 (a convention the trained model also hints went back to its hint), no dev false alarm; neither blind3 nor the held-out split was counted after it.\n"
)

# Twenty-fifth pass (issue 20, cls28, session 2026-12-05 #12): precision first, measured on a fourth blind set.
TWENTY_FIFTH_PASS = (
    "Twenty-fifth pass (`cls28`, 2026-12-05 #12): the measure of carry was a fourth blind written set (`corrections"
    "_blind4.jsonl`, 240 messages by cwrite4, held back whole: counts only, its own section below); the third blind"
    " set became dev data and was read. Precision first: the rules whose first-sight precision on dev owners is low"
    " (`classifier_rules.py --first-sight`: \"asked to revert\" 0 right / 1 false, \"use X instead of Y\" 1 / 1, \"alrea"
    "dy exists\" 1 / 1, \"asked to fix what the agent made\" 2 / 2, \"does not look right\" 1 / 1, \"a problem after the "
    "agent's change\" 1 / 1) were weighed for dropping and kept: the first three are the classic forms the written s"
    "ets are made of (across `corrections.jsonl` and the three blind sets \"revert\" 12 right / 0 false, \"use X inste"
    "ad of Y\" 12 / 4), and the three report rules' first-sight record is 4 right / 4 false in all, too few to move "
    "a rule on (dropping them would cost dev 21 reports for 4 false alarms). Written instead from the shapes of the"
    " third set's 7 false alarms, each with typed look-alikes in English and other languages: the person owns the f"
    "ault in the report's own clause (\"I was on the wrong branch, that's why \u2026\", \"that one's on me\", \"mi culpa\", \"m"
    "ein Fehler\"), an old fault the agent is cleared of (\"not from anything you wrote\", \"not related to what we did"
    " today\"), a purpose clause is no convention (\"\u2026 so we don't diverge\"), \"don't worry about \u2026\" still replies to "
    "the agent's question, and \"still 0 errors\" is the good state kept (it fired); review28's R28-9 narrowed the fi"
    "rst to the report's own clause. Then forms from the third set's misses as shapes: the problem's onset placed a"
    "t the agent's change, a fault of the view back again, figures doubled or a quality measure fallen after the ch"
    "ange, an empty result still (\"still 0 rows\"), the app closing by itself in four other languages, after praise "
    "an act that took the old thing. `capture/classifier.py` was split (its clause loop and helpers are `capture/cl"
    "ause_rules.py`, 885 -> 660 lines) with not one verdict changed on any set. Fourth blind set, with the answer: "
    "first sight 0.887 / 0.573 (TP 63, FP 8) -> 0.900 / 0.573 (TP 63, FP 7) after the guards -> 0.887 / 0.573 (TP 6"
    "3, FP 8) at the end; without it 0.868 / 0.418 (TP 46, FP 7) -> 0.885 / 0.418 (FP 6) -> 0.868 / 0.418 (FP 7). T"
    "hird blind set (read, so fit): with the answer 0.916 / 0.691 (TP 76, FP 7) -> 0.988 / 0.727 (TP 80, FP 1); wit"
    "hout 0.875 / 0.573 (FP 9) -> 0.955 / 0.582 (TP 64, FP 3). Real dev 0.955 / 0.602 (TP 550, FP 26) unchanged: no"
    "t one flag gained or lost (one reason renamed); `corrections.jsonl` held-out 0.978 / 0.882 unchanged; first bl"
    "ind set unchanged; second (without the answer) TP 87 -> 88; first-sight flags of today's classifier on dev own"
    "ers 258 right / 18 false, unchanged; classify CPU on 3,000 dev messages +0% to +4%. The held-out split was cou"
    "nted twice, numbers only: at 15:18 on f653156c (the split, no verdict changed since the start) 0.778 / 0.436 ("
    "TP 260, FP 74, FN 337) and at 16:11 on 72259f54 (the end) the same counts: nothing the held-out split can see "
    "moved. The fourth set's counts at the end equal its first sight: the guards' one false alarm fewer (mid-way) c"
    "ame back with review28's R28-9 narrowing, and the forms from the third set's misses found none of its misses; "
    "as in every pass before, shapes read off one set's errors moved that set only, and nothing moved on the real s"
    "essions. Nothing of the held-out split or the fourth set was printed but counts."
    " After the last counts, review28's R28-10 (\"still 0 rows, but that's expected until the nightly job runs\" fire"
    "d) was fixed: a report that something is still so, accepted in the same breath, is quiet; no verdict moved on "
    "real dev, `corrections.jsonl` or the first three blind sets, and neither the fourth set nor the held-out split"
    " was counted after it."
)

# Twenty-sixth pass (issue 20, cls29, session 2026-12-05 #13): mechanisms instead of forms, measured on a fifth blind set.
TWENTY_SIXTH_PASS = (
    "Twenty-sixth pass (`cls29`, 2026-12-05 #13): the method changed from forms written from one set's sentences to"
    " mechanisms, and the measure of carry was a fifth blind written set (`corrections_blind5.jsonl`, 240 messages "
    "by cwrite5, held back whole: counts only, its own section below); the fourth blind set became dev data and was"
    " read. Its 47 misses and 8 false alarms (with the answer) were grouped by what in the message and the answer b"
    "efore it makes it a correction or not, each mechanism written once, with typed look-alikes that must fire and "
    "must stay quiet (`tests/capture_text/test_mechanisms_cls29.py`, 22 of 48 failed at the start), and kept only w"
    "here it held on data it was not written from (real dev folds, the first-sight records of `classifier_rules.py "
    '--first-sight`, the first three blind sets): (1) after done work, the state said to go on, "still" before a ve'
    'rb of the thing\'s own ("the cron still sends two emails", "still double posting"; never a good state, work und'
    "er way, the person's or the agent's act, a purpose; `capture/persisting.py`): its first form found 1 more repo"
    "rt and 2 false alarms on real dev (folds 0 and 3), narrowed by their shapes (a verb of trying, an -ing form af"
    'ter a connective) to 1 more (fold 1) and none; the same shape abroad ("sigue cayendo", "stürzt immer noch ab",'
    ' "всё ещё падает") fired on the business-figure look-alikes earlier passes typed, and the verb\'s form does not'
    " tell a falling figure from a broken result, so it is English only; (2) a short answer that reports its act in"
    ' any verb ("I rewrote the query", "the probe now points to /healthz", "the migration is written", never readin'
    'g, thinking, asking or a condition) is done work as much as "I fixed it" (`cues.DONE_ACT`; the trained model\'s'
    " feature keeps the reading its weights were trained on): 1 more on real dev (fold 2), 1 on the second set, 1 o"
    'n the third, no false alarm; (3) precision: the agent did as asked ("… as you said") and the person takes the '
    "request back as their own mistake, in six languages, unless an act of the agent's is named as the fault; a que"
    'stion about the agent\'s choice whose challenge is disclaimed ("not a complaint", "por curiosidad", "只是好奇"); ou'
    'tput shown, then new work asked after it. Tried and not kept: "we already have X" opening new work as a premis'
    'e (it lost a right first-sight flag of real dev and removed no false one); a thing\'s "should always / never" a'
    "s a rule for the work to come (landed, then undone: real dev 1 correction lost, the second set 1 false alarm f"
    "ewer, and the fifth set's mid-way look lost a reminder, which came back at the end). Fifth blind set, with the"
    " answer: first sight 0.947 / 0.645 (TP 71, FP 4, FN 39) -> 0.973 / 0.664 (TP 73, FP 2) mid-way -> 0.974 / 0.67"
    "3 (TP 74, FP 2, FN 36) at the end: three corrections more (two reports after done work, one convention) and tw"
    "o false alarms fewer (the person's own mistake, 4 -> 2 of 10); without the answer 0.887 / 0.573 (TP 63, FP 8) "
    "at first sight and at the end (every mechanism reads the answer). This is the first blind set in six sessions "
    "whose end differs from its first sight in the right direction. Fourth set (read, so fit): with the answer 0.88"
    "7 / 0.573 (TP 63, FP 8) -> 0.932 / 0.627 (TP 69, FP 5); without 0.868 / 0.418 (TP 46, FP 7) -> 0.885 / 0.418 ("
    "FP 6). Real dev 0.955 / 0.602 (TP 550, FP 26) -> 0.955 / 0.605 (TP 552, FP 26); `corrections.jsonl` held-out 0"
    ".978 / 0.882 unchanged; first blind set unchanged; second with the answer TP 113 -> 114; third with the answer"
    " TP 80 -> 81; first-sight flags of today's classifier on dev owners: no false alarm gained; classify CPU on 3,"
    "000 dev messages +3% to +5%. The held-out split was counted twice, numbers only: at 18:49 UTC on bb3ccf6d (wit"
    'h the "should always / never" change) 0.778 / 0.436 (TP 260, FP 74, FN 337), the figures before the pass, and '
    "at 18:54 on 423647e6 (the end) 0.779 / 0.437 (TP 261, FP 74, FN 336): one report more, the precision goal as f"
    "ar as it was. Noticed while reading the pass paragraphs at the start: part of the held-out error list of this "
    "section was printed to the terminal (about 35 rows); no rule was written from it."
    ' After the last counts, review29\'s R29-8 (the state said to go on fired on people, figures and other systems: "the team still prefers tabs", "traffic still peaks around lunch") and the R29-9 addendum ("not a complaint, but why did you drop …?" was quiet) were fixed: what "still" is said of must be the agent\'s work (a pronoun, a word of the answer, a thing code and tools are made of), and a disclaimer before "but" clears nothing; no verdict moved on real dev, `corrections.jsonl` or the four readable blind sets, and neither the fifth set nor the held-out split was counted after it.'
)

# Twenty-seventh pass (issue 20, cls30, session 2026-12-05 #14): mechanisms, measured on a sixth blind set.
TWENTY_SEVENTH_PASS = (
    "Twenty-seventh pass (`cls30`, 2026-12-05 #14): mechanisms again, written once each from the fifth blind set's errors"
    ' (readable from this session, grouped by mechanism), the real-session first-sight false alarms and the new dev owner'
    's corpus14 added, with typed look-alikes that must fire and must stay quiet (`tests/capture_text/test_mechanisms_cls'
    '30.py`); the measure of carry was a sixth blind written set (`corrections_blind6.jsonl`, 240 messages by cwrite6, he'
    "ld back whole: counts only, its own section below). Precision: the person's own mistake owned outright anywhere in t"
    'he message ("scratch that, I misread the spec", "the typo came from my ticket"; never "my fault for being vague: <ru'
    'le>", a turn to what is broken now or the agent\'s act named); the agent\'s closing offer taken ("… I can start the de'
    'v server for you" -> "connection refused, please start it", also in Chinese); a reply that apologises for a limit of'
    " its tools; a model router's refusal pasted; a rule or a choice stated after an answer that laid down only a skeleto"
    'n or a scaffold. Recall: a correction softened before it is said ("sorry to be picky, but …", "I might be wrong, but'
    ' …", "maybe I wasn\'t clear", "I wonder if X would be safer there"; `capture/softened.py`); a short answer opening a '
    'sentence with the past tense of the work, the "I" left out ("Added retries to …", "I\'ve scheduled …"), is done work '
    '(`cues.DONE_ACT`; the trained model\'s feature unchanged); the work set against the rest of the code ("every other fu'
    'nction in this module has them", "the whole codebase uses httpx"); the claimed part granted and another timing out o'
    'r running backwards; "No — X is a no-go, use Y". Carry to readable sets it was not written from: the answer-opening '
    'form found 1 more on the second set and 4 on the third (with the answer), the own-mistake guard took 1 false alarm o'
    'f the fourth set (without); no flag was gained or lost on real dev by any of it except the three real false alarms t'
    'he precision shapes were written from and one report found among the owners first seen this session; the skeleton gu'
    'ard took the fourth set\'s two "should always / never" false alarms it was written from (fit). New dev owners at firs'
    "t sight (numbers before reading): corpus14 batches 1-4 (17 owners) 0.733 / 0.550 (TP 11, FP 4) with the session's st"
    'art classifier -> 0.750 / 0.600 (TP 12, FP 4) with the first landing; batch 5 (4 owners) 1.000 / 1.000 (TP 2) both. '
    'Sixth blind set, with the answer: first sight 0.918 / 0.496 (TP 56, FP 5, FN 57) -> 0.921 / 0.513 (TP 58, FP 5) mid-'
    'way -> 0.922 / 0.522 (TP 59, FP 5, FN 54) at the end (hedged 1 -> 3 of 10, reports after done work 21 -> 22 of 40); '
    'its five false alarms (new requests with a cue word 4, a neutral question 1) stayed; without the answer 0.854 / 0.36'
    '3 (TP 41, FP 7) at first sight and at the end. The held-out split was counted three times, numbers only, on the corp'
    "us as it grew: at 21:38 with the session's start classifier 0.779 / 0.432 (TP 268, FP 76, FN 352; corpus14 batches 1"
    '-4 in); at 22:19 with the end classifier 0.768 / 0.434 (TP 271, FP 82, FN 353) and at 22:21 with the start classifie'
    'r on that same corpus (batch 5 in) 0.766 / 0.434 (TP 271, FP 83, FN 353): this pass took one held-out false alarm an'
    "d found no more; the precision gap (goal 0.85) is untouched, and batch 5's held-out owners brought false alarms that"
    ' both classifiers raise. Real dev on the grown corpus: 0.950 / 0.604 (TP 565, FP 30) with the start classifier -> 0.'
    '954 / 0.605 (TP 566, FP 27).'
)

# Twenty-eighth pass (issue 20, cls31, session 2026-12-05 #15): precision on unseen people first, measured on a seventh
# blind set, corpus15's new owners and the held-out split (start and end on the same corpus).
TWENTY_EIGHTH_PASS = (
    "Twenty-eighth pass (`cls31`, 2026-12-05 #15): precision on people the rules were not written on first. The "
    "first-sight records (`classifier_unseen.py --history`: 335 dev owners, each scored by the newest version that had "
    "not seen it; 0.758 / 0.331, TP 275, FP 88) were read by rule family: the families whose unseen false alarms were "
    "not paid for by unseen finds are small ones (asked to fix what the agent made 2 / 3, what the agent made already "
    "exists 2 / 2, does not look right 1 / 2, \"use X instead of Y\" 1 / 2, what the result should have been 0 / 2, "
    "and single cases) plus \"interrupted, then redirected\" (18 / 20), whose false alarms were all from versions before "
    "the eleventh pass when the pass began (corpus15's first owners brought one more: 3 / 1 since 2026-12-03 15:00); on "
    "the versions since 2026-12-03 15:00 the first-sight flags were 0.840 precision (TP 79, FP 15) at the start and are "
    "0.816 / 0.373 (TP 93, FP 21) with corpus15's owners (`--history --since 2026-12-03T15`), spread over the large "
    "report families (an error reported after the change 17 / 6, \"does not work\" 12 / 4). No family was retired: each small family's unseen counts "
    "are one to three messages, and every false alarm behind them is already quiet in today's classifier (fitted). A "
    "report family's flag after an answer that claims the work only by its length (no claim word) was right 22 times "
    "and wrong 14 at first sight (words: 159 / 26); its false alarms follow answers that explain or offer, its finds "
    "follow answers in other languages and other wordings, so no guard was written. Written: the next piece of work "
    "named without a verb (\"next the X …\", \"Now the X: …\", \"please also <verb>\") is new work, so a rule inside "
    "it corrects nothing; a why-question answered by the person's own fact against the choice (taken out by the lead "
    "before the session ended: review31 R31-6, 7 of 8 curiosity and surprise look-alikes became false alarms); "
    "a mistake the agent's reply owns only after its own checking is no concession (`replies._INVESTIGATES`, from one "
    "first-sight false alarm on corpus15's batch 2, measured before it was read); an answer that reports writing the "
    "agents' instructions file and ends by saying it is for coding agents changed no code, so a report after it is the "
    "project's own, as after a typed /init (`against_answer.answer_wrote_instructions`; 4 of the 21 false alarms at "
    "first sight since 2026-12-03 15:00 followed such answers, no correction did). Dropped after measuring: \"I don't "
    "see it / anything / the X\" after done work (2 reports found, both on an owner already read, for 1 dev false "
    "alarm). Real dev (grown corpus): 0.946 / 0.600 (TP 583, FP 33) at the start -> 0.950 / 0.599 (TP 583, FP 31) at "
    "the end, nothing else moved; the sixth blind set (read this session) with the "
    "answer 0.922 / 0.522 (TP 59, FP 5) -> 1.000 / 0.558 (TP 63, FP 0), fit; the third set with TP 85 -> 87 and the "
    "fourth and fifth without the answer one false alarm fewer each (not read for it). What carried to data nobody "
    "read: nothing. corpus15's new dev owners at first sight (numbers before reading): batches 1-2 (8 owners) 0.684 / "
    "0.464 (TP 13, FP 6, FN 15) with the session's start classifier and with the first two landings; batches 1-4 (11 "
    "owners) 0.700 / 0.452 (TP 14, FP 6, FN 17) at the start -> 0.737 / 0.452 (TP 14, FP 5) at the end, the one false "
    "alarm fewer being the one the third landing was written from (fit); batches 1-6 (12 owners) 0.700 / 0.438 (TP 14, "
    "FP 6, FN 18) at the start -> 0.778 / 0.438 (TP 14, FP 4) with the fourth landing, whose false alarm is among them "
    "(fit); the seventh blind set (cwrite7, counts only) identical at first sight and "
    "after the pass in every category (with the answer 0.965 / 0.683, TP 82, FP 3; without 0.930 / 0.550); the "
    "held-out split counted twice, numbers only, on the same corpus (main 4fb60a61, corpus15 batches 1-4 in): at 00:10 "
    "UTC with the session's start classifier 0.770 / 0.438 (TP 285, FP 85, FN 365) and at 00:11 with the end classifier "
    "0.770 / 0.438 (TP 285, FP 85, FN 365); the fourth landing (the instructions file) came after both counts and was "
    "not counted on the held-out split (the seventh set, counted a third time after it at 00:36, still equals first "
    "sight). At the start of the pass about 60 rows of this section's held-out error list "
    "were read by accident (a sed of the section); no rule was written from them."
)

NINETEENTH_PASS = (
    "Nineteenth pass (`cls22`, 2026-12-04 #6): read from the errors the \"first sight\" scoring shows "
    "(`classifier_unseen.py --history`: each dev owner scored by the newest version that had not seen it; 0.755 / 0.322, "
    "TP 259, FP 84, FN 545). Of those 84 false alarms, 56 are gone in today's classifier (dev tuning since) and 28 remain; "
    "they group, by reading, into: a message after an interruption that is information, a question, pasted output or a "
    "plain next instruction (20, most gone now); an error of the person's own (their command, setup or code, or a request "
    "to explain it: about 22); a reply to the agent's proposal or question that names a problem it is about to fix or a "
    "requirement (about 10); a new request that carries failure words (about 8); the person's own slip (\"sry pls revert it "
    "i meant …\", \"forget what i said\": 3); text pasted from elsewhere (3); a question about a thing of their own "
    "(\"react 为什么要…\", \"how do i dim the LED?\", \"에러 발생 원인은?\": about 5). Of the 545 misses, 350 are still missed; "
    "most (about 290) follow an answer read as done work and are worded in ways no cue carries: other languages (about "
    "100 in Chinese, Japanese, Korean or Cyrillic letters, more in other Latin-script languages), typos, terse corrections of "
    "a choice (\"use bun\", \"sonnet4だよ\"), hand-backs (\"do all these steps\", \"请执行\"). `--transfer` says again that cue "
    "words read off one half's misses do not carry to the other (precision 0.11-0.12 there) and that a short negation "
    "after a claim of done work is right 0.29-0.33 of the time. Kept, each a structure with typed look-alike tests: "
    "(1) a whole clause after done work that says the result has no effect (\"alt shift 4 doesnt do anythign\", \"now i "
    "cant see anything on localhost\", \"nothing is output to the logs though\"; never inside an approval, a fix confirmed "
    "or a request: 3 more found, 3 owners, no false alarm); (2) 为什么要… after a name in Latin letters asks about that "
    "thing (\"react 为什么要合并优先级\"), and a cause asked in Korean or Japanese (\"원인은?\", \"原因は何\") is a question "
    "(2 false alarms). Dev 0.937 / 0.598 (TP 546, FP 37) -> 0.940 / 0.601 (TP 549, FP 35); `corrections.jsonl` held-out "
    "unchanged (0.978 / 0.863). Landed and undone the same session after review22's look-alikes: an answer that ends by "
    "offering work and has no claim words read as a proposal with no work in it (dev: 2 false alarms gone, no report "
    "lost; the first-sight flags of older versions: 6 false alarms, 1 right flag; but done-work summaries worded outside "
    "`CLAIMS` that offer a follow-up, \"Switched the date parsing … Should I also update the CSV export?\", silenced the "
    "report after them: 5 of review22's 10); looser no-effect forms (\"not accessible\", \"can't see anything\" anywhere: "
    "9 of 20 approvals and requests flagged) and a blank view without an article (\"white screen on load\": 9 of 11 "
    "design requests and confirmations flagged). Measured on dev and not kept: `\\b` before n't in the still/either "
    "branch of `cues.PERSISTS` (\"it doesn't work either\") fixed: 1 more found, 2 false alarms (2 owners); Chinese, "
    "Japanese and Korean question endings (吗, ですか, 나요, 은?) read as questions in the broken-result rules: 1 report "
    "lost, nothing gained; tag questions (\", right?\"): 1 positive and 4 `not` on dev; an answer that lists options as "
    "no work: 1 report lost; an answer naming only documents as no work for error reports: 1 report lost, 2 false alarms "
    "gone; hand-backs in other languages (\"请执行\", \"faça isso pra mim\"): short messages of that shape are 26 `not` "
    "and 17 positive on dev. The held-out split was counted three times, numbers only: 22:04 UTC on b013da34 (proposal "
    "veto, loose no-effect forms, 为什么 only at a clause's opening, the Korean/Japanese cause): 0.777 / 0.425 (TP 254, FP "
    "73, FN 343); 22:13 UTC on 830973b3 (为什么 read anywhere but after a Latin name, blank view): 0.773 / 0.427 (TP 255, FP "
    "75, FN 342); 22:36 UTC on 7b54f2fe (the undo for review22's findings, nothing changed after it): 0.775 / 0.432 (TP "
    "258, FP 75, FN 339), the figures before the pass. The dev gains did not carry to the held-out split.\n"
)

# Twenty-ninth pass (issue 20, cls35, session 2026-12-06 #17): the agent's reply read in its opening, and report guards from
# the readable eighth blind set; measured on the ninth.
TWENTY_NINTH_PASS = (
    "Twenty-ninth pass (`cls35`, 2026-12-06 #17): precision on people the rules were not written on. (1) The agent's "
    "reply concedes in its opening: after an opening that sets out the agent's own next step (\"Let me try with the full "
    "context.\", \"I'll help you apply these changes.\", \"まず、…を確認します。\", \"好的，我来…\") a bare apology or a "
    "self-found slip answers what the work turned up, not the message; a concession that names the point (\"You're right "
    "— I used naive datetimes\") or follows an opening that fixes or redoes the work still counts (review35 R35-9). From "
    "the lead's count of the held-out false alarms by reason (no message read). (2) A report that says the fault "
    "predates the work (\"it also happens on main\", \"the API has always done that\"; five other languages) clears the "
    "report families only; written from the eighth blind set (readable since): its false alarms with the answer 10 -> 6. "
    "(3) A redo another way (\"redo it with Decimal instead of float\", review34 R34-14) and the hedged swap with any verb "
    "(\"could you run ruff format instead of black next time?\", review35 R35-15) read against what the answer reports. "
    "(4) The harness failing to reach its model (\"API Error: 401 … Please run /login\") is a model-provider error. Real "
    "dev: identical to the start but 1 false alarm (the harness error, on an owner corpus17 added this session, read after "
    "its first-sight count); the 11 dev owners corpus17 added this session, at first sight (`--new-since`, before they "
    "were read): batches 1-2 (5 owners) 0.500 / 0.667 (TP 4, FP 4, FN 2), batches 3-5 (4) 0.750 / 0.667 (TP 6, FP 2, FN 3), "
    "batch 6 (2) no positive and no flag; all 11 with the start's code 0.625 / 0.667 (TP 10, FP 6, FN 5) and the end's 0.667 / "
    "0.667 (TP 10, FP 5, FN 5), the one fewer the harness error read after its count: nothing else this pass wrote fired "
    "on them. The ninth blind set, held back (three "
    "looks, counts only): every count the same at all three (with the answer 0.867 / 0.600, TP 72, FP 11; without "
    "0.851 / 0.475, TP 57, FP 10): nothing carried. The held-out split, measured twice on the corpus of the session's "
    "start (122e2092), numbers and false alarms by reason only: 0.771 / 0.444 (TP 300, FP 89, FN 376; the lead's "
    "regeneration) -> 0.775 / 0.442 (TP 299, FP 87, FN 377); its false alarms now by reason: an error reported after the "
    "change 12, the agent's reply conceded 10 (the lead counted about 12 before), \"does not work\" 7, a pasted error 5, "
    "\"not right yet\", a rejected tool call, \"prohibited an action\", \"still broken\" 4 each, the rest 3 or fewer. "
    "After the last looks (so measured on no held-out or blind row): a correction buried after new work (an aside \"also / "
    "btw / PS …\" that names the agent's act with a change or a fault; review35 R35-1): real dev unchanged, readable blind "
    "sets +5 corrections, no false alarm; and a standing rule said as an aside after a new request (\"… btw we use cursor "
    "pagination, never offset\") read alone as the convention it is (review35 R35-1, the lead's request): real dev, "
    "blind sets 1-8 and corpus17's newest owner unchanged. The regeneration's held-out numbers include both."
)


THIRTIETH_PASS = (
    "Thirtieth pass (`cls36`, 2026-12-06 #18): the looks planned up front, two on the held-out split, both with "
    "`research/classifier_answer_kind.py` (counts and rule families only). Look 1 (08:25, the start a354408a, the "
    "session-start corpus): 0.776 / 0.441 (TP 311, FP 90, FN 394), as the lead's regeneration; flags by why the answer "
    "before the message counted as done work: a claim word 200 right / 42 false, code 39 / 12, a done act 5 / 2, only its "
    "length (200+ characters) 51 / 28, no work 16 / 6; the flags that rest on the length alone (the classifier rerun "
    "without it) 18 right / 9 false (dev 30 / 5; dev owners at first sight, cls35's count, 3 / 5; blind sets 1-9 with the "
    "answer 3 / 0); a threshold of 400 or 600 characters drops more right flags than false. Dropping the length was "
    "written, then reverted before landing: it silences done-work summaries worded outside the claim words (review22 "
    "R22-1; `tests/capture_text/test_classifier_proposal.py`), and no feature read on dev told those apart from the false "
    "alarms (the dev false alarms resting on length are explanations, proposals and a sync summary, in English and "
    "Chinese alike). Landed instead, each measured on real dev (both halves: one right flag lost, \"\'User\' is defined "
    "but never used\" in a pasted CI log, which had read as a never-rule) and the readable blind sets: review36's forms (a team convention in German, Italian, French, Russian and Chinese; a filler before an "
    "always/never rule; \"why is there a print in the handler?\" after an answer that made the handler; the person's "
    "experience after always/never is no rule), the hedged swap's shared word (review35 R35-15 residue), a fault said not "
    "to be the agent's (\"none of it is from your branch\") and a linter's output as pasted text (from the ninth blind "
    "set, readable since: its false alarms with the answer 11 -> 10, fit). Look 2 (09:08, a8783195, the same corpus): "
    "0.776 / 0.441 (TP 311, FP 90, FN 394), every rule family's count the same as at look 1: nothing this pass wrote "
    "fired on the held-out split. The tenth blind set (cwrite10, the first with the agent's reply; two of three looks, "
    "counts only): with the answer 0.787 / 0.492 (TP 59, FP 16), without 0.769 / 0.333 (TP 40, FP 12), with the answer "
    "and the reply 0.800 / 0.633 (TP 76, FP 19), identical at the start and the end: nothing carried."
)

THIRTY_FIRST_PASS = (
    "Thirty-first pass (`cls37`, 2026-12-06 #19): two looks at the held-out split, counts and rule families only, with "
    "`research/classifier_misses.py` (misses and false alarms by the shape of the message and of the agent's reply). Look "
    "1 (11:17, the start 883db74e, the session-start corpus): 0.771 / 0.434 (TP 316, FP 94, FN 412, TN 3047). What the "
    "reply could still carry: of the 412 misses, 7 have a reply the classifier reads as conceding or as \"you're right\" "
    "and 372 a reply it reads as neither; broader reply openings (\"let me fix\", \"I see the issue\", \"understood\") "
    "open 15, 16 and 12 misses against 91, 38 and 29 true negatives: the reply carries little more than it does. The "
    "reply's own flags were 48 right / 10 false (dev 65 / 7). Misses by shape: 134 of 412 have no English (the largest "
    "group; 753 true negatives too), 58 the words of a report that something still fails, 43 a hedge, 7 a challenging "
    "question by the English shape. Landed, written from real dev and the tenth blind set (readable since): reminders "
    "opened \"once more:\" / \"as mentioned before:\", \"why did you …\" in spoken Chinese, Japanese, Korean and Persian, "
    "review37's R37-7/8/12 (work in progress is no fault; \"still broken, it says 404\"), and a conceding reply no longer "
    "deciding the person's own slip. Real dev halves on the grown corpus: A 312 / 24 -> 314 / 24, B 325 / 27 unchanged "
    "(corpus19's new dev owners at first sight, start and end alike: 0.667 / 0.500, TP 2, FP 1, FN 2, TN 34). Look 2 "
    "(11:59, the branch 9aa68814, on the corpus grown by corpus19's first batch: 32 more held-out negatives, no more "
    "positives): 0.767 / 0.440 (TP 320, FP 97, FN 408, TN 3076): \"why did you\" abroad +1 right, work in progress -1 "
    "false, and two forms written from real dev (17 right / 1 false there) that the look put at 5 right / 3 false: \"no, I "
    "wanted you to …\" and \"I don't see X\" after done work. Those two were taken out before landing (precision first), "
    "so the landed code is look 2's less their flags, unmeasured as such (the lead's regeneration is its count). The "
    "eleventh blind set (cwrite11, with the reply; three looks, counts only): the start 0.932 / 0.575 with the answer, "
    "0.904 / 0.392 without, 0.901 / 0.683 with the answer and the reply; at 9aa68814 the same but with the reply 0.932 / "
    "0.683 (false alarms 9 -> 6, all the person's own slips). The tenth set (dev, fit): with the reply 76 / 19 -> 77 / 17."
)

THIRTY_SECOND_PASS = (
    "Thirty-second pass (`cls38`, 2026-12-06 #20): landed cls37's six commits first (656eab23), then two rounds of forms "
    "written from the real dev split's misses (general forms with look-alikes, "
    "`tests/capture_text/test_abroad_forms_cls38.py`). Round 1 (8ebb5e1f): Japanese \"what the work should have brought is "
    "not there\" as a plain ending (\"これらが実装されていません。\") and \"nothing comes back / happens\" (\"何も返ってこない\"), "
    "Chinese \"你没写 / 没加 / 没处理\", Russian and Korean prohibitions said to the agent (\"тебе не нужно ничего менять\", "
    "\"… 한정하지 말고\"). Round 2 (4360fad8): after an answer that claimed the work, \"the changes were not applied\" in "
    "English, Portuguese (\"as alterações não foram feitas\", the dev miss), Spanish, French, German and Italian; Japanese "
    "\"違うって …\" and \"想定と違う\". Real dev halves (right / false flags): A 316 / 27 -> 318 / 27, then on the corpus grown by "
    "batches 1-3 319 / 27 -> 322 / 27; B 326 / 27 and 331 / 28 unchanged by either round (with batches 4-5: A 323 / 31, B "
    "339 / 29); no verdict changed on "
    "`corrections.jsonl` or the readable written blind sets 1-10. First sight on this session's new dev owners (scored by the "
    "code of the time before anyone read them): corpus20 batches 1-3, 9 repositories, 62 messages: TP 6, FP 1, FN 6, TN 49 "
    "(0.857 / 0.500); batches 4-5, 8 repositories, 81 messages: TP 9, FP 5, FN 5, TN 62 (0.643 / 0.643). Held-out, counts "
    "only (`classifier_real.py --numbers`, `classifier_misses.py --split holdout`). Look 1 (12:53, 656eab23): 0.771 / 0.434 "
    "(TP 316, FP 94, FN 412, TN 3081), the same counts as cls37's look 1: cls37's landed forms net to nothing on held-out. "
    "Look 2 (13:53, 4360fad8, on the corpus grown by batches 1-5: +19 positives, +99 negatives): 0.761 / 0.435 (TP 325, FP "
    "102, FN 422, TN 3172). The growth and the code are confounded in those totals; by shape, the messages with no English "
    "went from TP 50 / FP 16 / FN 134 to TP 51 / FP 16 / FN 133 (the new forms abroad: one more right, no false alarm), and "
    "the family \"said the change is not there\" from 0 / 0 to 1 / 0; the other families' moves (\"said the result does "
    "not work\" 21 / 7 -> 21 / 10, \"reported an error\" 57 / 13 -> 58 / 15) are in English messages the new forms do not "
    "read, so they come with the grown split. The eleventh blind set (two looks, counts only): unchanged at 656eab23 and "
    "4360fad8: 0.932 / 0.575 with the answer, 0.904 / 0.392 without, 0.932 / 0.683 with the answer and the reply. The goal "
    "(held-out 0.85 / 0.60) is far: what remains on dev are single forms (one or two messages each). The model was not "
    "re-measured this pass: session 8's table (`research/classifier_model.py`) has it as an adder without the claim of done "
    "work (>= 0.95) raising first-sight recall 0.348 -> 0.408 at the same precision (0.746 -> 0.747), and the dense "
    "section's adder took held-out precision down (0.773 -> 0.732); re-running that table on the grown split, folds by "
    "owner, is the next step before any retrain, so the weights file is unchanged."
)


THIRTY_THIRD_PASS = (
    "Thirty-third pass (`cls39`, 2026-12-06 #21): precision first, from the false alarms the classifier raised on dev owners "
    "at first sight (`research/classifier_unseen.py --history`, each owner scored by the newest version that had not seen "
    "it: 0.742 / 0.354, TP 360, FP 125, FN 657 over 415 owners). Of those 125 false alarms, 53 were still flagged by the "
    "session-start classifier (aba674be); general guards, each with a look-alike pair "
    "(`tests/capture_text/test_first_sight_guards_cls39.py`), took that to 37: a Chinese yes-no question (\"有没有变化\", "
    "\"是不是重叠了\") is no report, a bare \"do nothing\" answers the agent's options, \"it's still working\" and \"or maybe not\" "
    "are no fault, \"more than what I just mentioned\" bounds the request, a pasted page's \"Wrong window may …\" is no "
    "verdict, a \"You're right\" reply to a request for advice concedes nothing, \"You're right, it is too small\" takes up "
    "the agent's own finding, an apology for the person's own paste or slip owns it, and a failure of the person's machine "
    "(the port in use, GLIBCXX, a module the answer never named) is no report unless tied to the change. Review38's open "
    "findings were fixed the same way: a rule said after an owned slip counts (R38-10), spoken Chinese bans and "
    "conventions (\"别用npm\" as the whole message, \"我们用pnpm\"), \"no changes needed, looks good\" (R38-14) and the Japanese \"not shown\" under "
    "a negative condition or as the design. Real dev halves (TP / FP): A 327 / 31 -> 327 / 26, B 342 / 30 -> 341 / 19; "
    "`corrections.jsonl` unchanged; the readable written sets: blind10 one false alarm fewer (with the Chinese bans read in "
    "any clause, blind4 and blind8 had one more found each and blind4 one more false alarm, the Chinese twin of \"great. "
    "from now on …, don't overwrite old files\"; none of that after the bans were narrowed, below). A second round (landed with review39's R39-1/9/10/15): an answer that only asks for details or "
    "offers help claims no work, a hypothesis to check, the agent's access asked about, the person's own breakage, an "
    "issue called unrelated, a state that does not matter, weighing options, a pasted folder tree and a request to explain "
    "pasted output are no report; \"we don't use X\" in Portuguese and Spanish and whole-message bans in Portuguese, Japanese "
    "and German count. First-sight "
    "false alarms still flagged 37 -> 26 of 125; dev halves A 327 / 26 -> 327 / 19, B 341 / 19 -> 341 / 15; blind7 one "
    "false alarm fewer; nothing else moved. Looks, counts only: the twelfth blind set at aba674be: with the answer 0.899 / 0.517 (TP 62, FP 7, "
    "FN 58, TN 113), without 0.913 / 0.350, with the answer and the reply 0.900 / 0.600 (TP 72, FP 8); the held-out split "
    "at aba674be: 0.761 / 0.434 (TP 324, FP 102, FN 423, TN 3172; its false alarms by family: reported an error 15, the "
    "agent's reply conceded 11, said the result does not work 10, pasted an error 6, prohibited an action 5). Look 2 "
    "(16:00, e5e6529b, both rounds, with the bans abroad read in any clause): the twelfth set unchanged in every mode (0.899 / "
    "0.517, 0.913 / 0.350, 0.900 / 0.600); held-out 0.759 / 0.434 (TP 324, FP 103, FN 423, TN 3171): by family, the guards "
    "took 2 false alarms away (reported an error 15 -> 14, other 4 -> 3) and one right flag (said the result does not work 21 "
    "-> 20), and the bans abroad added 1 right and 3 false (prohibited an action 6 / 5 -> 7 / 8; no-English messages FP 16 -> "
    "18). The dev guards barely carry to people not seen (as the passes before found); the bans abroad were then narrowed to "
    "a message that is only the ban (precision first), so the landed code is look 2's less most of those flags, unmeasured "
    "as such (the lead's regeneration is its count)."
)


THIRTY_FOURTH_PASS = (
    "Thirty-fourth pass (`cls40`, 2026-12-06 #22): precision by rule family, measured on dev owners at first sight "
    "(`research/classifier_families.py`, written to `research/CLASSIFIER_FAMILIES.md`: each dev owner judged by the newest "
    "classifier version that had not yet seen it). First sight 0.75 (TP 370, FP 125) against 0.95 on the whole dev split "
    "(TP 678, FP 34), the split the guards were written on. The bar, decided before the second held-out look: a family "
    "below 0.80 at first sight with at least 8 flags is narrowed, by what the message is, where a property read off the "
    "message splits it at first sight into a side at or below 0.55 that costs dev fewer right flags than false ones. Eight "
    "families are below the bar (interrupted then redirected 26 / 22, reported an error after the agent's change 74 / 21, "
    "said the result does not work 55 / 14, pasted an error 34 / 12, the agent's reply conceded 15 / 5, said the result is "
    "not right yet 12 / 4, repeated an earlier instruction 7 / 2, prohibited an action 6 / 2). Properties tried: the kind "
    "of answer before the message (claim words, code, a short act, length alone), the message's shape (output, a question, "
    "short, long), where in the message the report sits, a turn word (but, now, still, you), whether the rule's words are "
    "in the answer. One split passed: a report in a later clause after an opening question of the way forward or a "
    "go-ahead, with no turn to it (\"How should we handle submodules? I feel like it's not working well\", \"Yes, implement "
    "this, don't bother running mix precommit as it isn't working yet\"): 0 right and 2 false at first sight, nothing on "
    "today's dev; narrowed for the four report families (after look 2, how-to questions were left to the thirteenth "
    "pass's rule, \"how do I test this? the endpoint returns 500\" being a report there: the landed code is look 2's less "
    "that part, unmeasured on held-out as such). The others do not split: after an answer that claims no work in "
    "words the report families are 0.56 at first sight (TP 40, FP 31) but 0.95 on dev (60 / 4) and 0.70 in held-out look 1 "
    "(reported an error 14 / 6, does not work 6 / 6, pasted an error 16 / 1): dropping them trades about one right flag "
    "for each false one; a report after the opening clause is 0.64 at first sight, mostly pasted output under an intro "
    "line. The dev counterparts of the held-out false-alarm families are labelled unevenly: a pasted traceback with no "
    "words right after an answer that claimed the fix is `bug` in 26 dev rows and `borderline` in 11 (the labelling "
    "guideline, `research/data/real/agreement/GUIDELINE.md`, makes it `bug` when the agent changed the failing code), and "
    "questions that challenge the agent's choice, conceded by its reply, are `borderline` on dev though the guideline "
    "makes them `correction` (reported to the corpus owner, not relabelled). Also review39's rest: a ban with the team's "
    "way (\"não use console.log, usamos o logger do projeto\"), what the agent used again against the repository's "
    "convention (\"また print 使ってる。このリポジトリでは logging を使って\"), the fixed fault in another place (\"what about "
    "the PUT handler? same bug there\"; \"… in my old branch\" is the person's own), a rule for later in one clause "
    "(\"next time don't use print\"). Dev, `corrections.jsonl` and the readable written sets unchanged by all of it. Held-out "
    "look 1 (c3b60073, counts only): 0.759 / 0.433 (TP 333, FP 106, FN 436, TN 3203); false alarms by family: reported an "
    "error 14, the agent's reply conceded 13, said the result does not work 10, pasted an error 6, prohibited an action 5, "
    "use X instead of Y 5, still broken 4, a rejected tool call 4, not right yet 4, asked to fix 4. Look 2 (18:28, 2dcfc1b7, all of this "
    "pass): 0.760 / 0.433 (TP 333, FP 105, FN 436, TN 3204): reported an error 14 -> 13 (the aside), no right flag lost, "
    "one right flag moved from the fix did not work to a part of the result does not work (the fault in another place). "
    "The twelfth blind set (counts only, the same code): with the answer 0.899 / 0.517 (TP 62, FP 7), without 0.913 / "
    "0.350, with the answer and the reply 0.900 / 0.600 (TP 72, FP 8), the same as cls39's looks (e5e6529b). Reading: precision by "
    "family at first sight names where the false alarms come from, but the weak families' false alarms share no property "
    "of the message that their right flags lack; the lever left is the one cls36 and cls39 named, telling an answer that "
    "did the work from one that only explained, which the length of the answer does not."
)

THIRTY_FIFTH_PASS = (
    "Thirty-fifth pass (`cls41`, 2026-12-06 #23): recall of everyday corrections review40 found quiet at capture (R40-2, "
    "R40-4, R40-8, R40-12), each as a general form with look-alikes that stay quiet (`capture/team_way.py`, "
    "tests/capture_text/test_team_way_cls41.py). The main one is the team's way given as the reason of a request or a "
    "challenge after an answer that did work: \"could you maybe use httpx instead of requests here? we're trying to get "
    "rid of requests everywhere\", \"why is this a class? we keep handlers as plain functions here\", \"please add type "
    "hints, every public function in app/ gets them\" (the team's direction, its standing practice with a scope, what the "
    "rest of the code does, what every such thing gets); alone each first half is a wish or a question, and the answer "
    "just before need not name the thing. Also \"<thing> again\" with its replacement (\"ugh, print again. use the "
    "logger\"; a plain word needs a mark of complaint: \"print again, use the verbose flag\" stays quiet), \"no prints "
    "please\" after an answer that used print, \"why os.path? doesn't the rest of the code use pathlib?\", a hedged ask to "
    "use what already exists, an opinion weighed against the agent's way (\"I think it'd be better to keep the sql in the "
    "repos, not in the route\"), a reminder whose rule is a norm (\"again: api responses are snake_case\") or opened by "
    "\"don't forget:\". Quiet now: a failure put down to flakiness with only a re-run asked (\"hmm, the CI is flaky "
    "today, just rerun it\") and an exception or value the person asks the code to raise or return (\"also guard against "
    "an empty list, raise ValueError\"). review40's battery with its addenda: 16 of 16 quiet corrections flagged, its false "
    "alarm gone, its look-alikes quiet. The real dev split: no message changed (none of these forms occurs in it as typed: "
    "they come from a new user's trip, and the written sets); `corrections.jsonl` unchanged (192 / 2 / 14 / 183); the "
    "readable written sets 1-11: 5 right flags more in each mode, none lost. Item 2, the answer's work as a feature: the "
    "corpus keeps only each answer's text and reasoning (no tool events), so what is left of the work is a code block "
    "(`[code]`) or a file path in the answer. On cls40's first-sight flags (495) an answer with either is right 0.77 of "
    "the time (TP 276, FP 82) and a prose-only one 0.69 (TP 94, FP 43); the weakest side, prose with no work claimed, "
    "is 0.55 at first sight (18 / 15) but 0.87 on the whole dev split (27 / 4). The bar, decided before the second "
    "held-out look (cls40's): a side at or below 0.55 at first sight that costs dev fewer right flags than false ones; "
    "dropping it would cost dev 27 right flags for 4 false ones, so nothing was narrowed. Dropping the answer-asked guard "
    "(`replying`) altogether was measured too: dev 6 right flags more, 10 false. Held-out look 1 (563c115e, counts "
    "only): 0.759 / 0.438 (TP 347, FP 110, FN 445, TN 3277). Look 2 (4a055477, all of this pass, on the held-out split "
    "grown by corpus23's first batch): 0.760 / 0.439 (TP 348, FP 110, FN 445, TN 3289): none of this pass's families "
    "flagged a held-out message (the one right flag more is a grown row's, under an old family). The twelfth blind set "
    "(counts only): look 1 with the answer 0.899 / 0.517 (TP 62, FP 7), without 0.913 / 0.350, with the answer and the "
    "reply 0.900 / 0.600 (TP 72, FP 8); look 2 0.900 / 0.525 (TP 63, FP 7), 0.913 / 0.350, 0.901 / 0.608 (TP 73, FP 8): "
    "one hedged request more. Reading: the forms review40 names are real recall for a new user's everyday messages, "
    "but the real sessions' misses are elsewhere (long, multilingual, bug reports after answers that offered more work), "
    "so they do not move the held-out recall."
)


THIRTY_SIXTH_PASS = (
    "Thirty-sixth pass (`cls42`, 2026-12-06 #24): review41's open findings and the misses the held-out summary names, "
    "each as a general form with look-alikes that stay quiet, and a fold view of where the flags come from. R41-5: "
    "\"print again??\" (\"why int() again?\", \"prints again :(\") in a session that was shown the team's logger lesson is a "
    "correction though the answer before it never names print: the live capture worker reads the lessons the session was "
    "shown (its delivery state) and a short complaint naming a thing one of them bans counts (only a banned thing: after "
    "review42's R42-7, a word of a lesson's prose, \"money again?!\", or what a lesson asks for, \"httpx again??\", is "
    "none). The research data carry no delivered lessons, so no scored message can move by it. R41-10: \"no prints please, "
    "we log through app/log.py here\" (\"we keep them in conftest.py\", \"we test against the docker postgres\") is a "
    "stated convention like \"…, we use app/log.py\". Item 2: a hand-back after an answer that left the step to the person in "
    "words the hand-over test did not read (\"Please run these in your terminal and paste the results\", \"To fix this, "
    "open … and change …\"): \"fix it for me\", \"can you do it from the CLI\", \"i have given you permission\"; a step "
    "refused whatever the answer said (\"no, do it for me\", \"nao, faça isso pra mim\"); the agent's asking complained of "
    "(\"you ask too many questions\", \"don't ask me, just do it\"); the agent named as the cause of the errors (\"fix all the "
    "errors that you created!\"). Precision: a new choice after approving the result (\"looks good. use blue/black instead "
    "of the light brown\") is no \"use X instead of Y\" unless a fault is said. Verdict snapshots "
    "(`research/classifier_snapshot.py`, every readable message before and after, diffed): real dev 4 right flags more "
    "(two from forms read on dev messages: \"investigate it for me, i have given you permission\", \"everything dont ask me "
    "you do continuously\", \"fix all the errors that you created!\", \"nao, faça isso pra mim\"), none lost, no false flag "
    "added; `corrections.jsonl` (both splits) and the readable written sets 1-11 in every mode unchanged. Item 1, folds by "
    "owner (`research/classifier_fold_families.py`, five folds of sha256(\"fold5:\" + owner)): on the dev the patterns were "
    "written on, every family with at least 8 flags has a fold precision of 0.80 or more and its right flags spread over "
    "many owners (no family's top owner holds more than 0.20 of them), so the fold view names no family that pays off on a "
    "few people; the families with false flags in more than one fold are the weak first-sight ones cls40 found (\"use X "
    "instead of Y\" 5 / 2, min fold 0.00; \"asked to fix what the agent made\" 10 / 2, whose false flags are a bare \"fix\" "
    "labelled `not` while two bare \"fix\" / \"fix it\" are `bug`, so no property of the message splits them). Fold totals "
    "before / after: TP 701 -> 705, FP 37 -> 37 (folds 0, 2, 3 gained 1, 1, 2). Held-out, counts only: look 1 (c943aad7, "
    "session start) 0.760 / 0.439 (TP 348, FP 110, FN 445, TN 3289); look 2 (21c6de72, all of this pass, on the split grown "
    "by corpus24's batch 1: +12 positives, +51 negatives) 0.762 / 0.434 (TP 349, FP 109, FN 456, TN 3341): one right flag "
    "more and one false alarm fewer, the grown rows' positives missed, so the forms of this pass barely occur in the held-out "
    "people's messages as typed. The twelfth blind set (counts only, both looks): with the answer 0.900 / 0.525 (TP 63, FP "
    "7), without 0.913 / 0.350, with the answer and the reply 0.901 / 0.608 (TP 73, FP 8): unchanged. Reading: as cls40 "
    "and cls41 found, forms a reviewer or a summary names are real for a new user's everyday messages but rare in the real "
    "sessions, whose misses are long, multilingual bug reports; the goal (0.85 / 0.60) stays far."
)


THIRTY_SEVENTH_PASS = (
    "Thirty-seventh pass (`cls43`, 2026-12-07 #25): #24's leftovers, precision first. (1) `learn capture` of a transcript "
    "file (and of a session found by discovery) judges each message with the lessons its session was shown before it was "
    "typed, read from the session's delivery state as the live capture worker reads them (`deliver.state.shown_of`, one "
    "reader for both), so offline capture gives live capture's signals; the research data carry no delivered lessons, so "
    "no scored message moves by it. (2) \"float?? really?\" (the marks, then one word of disbelief) and \"not float again\" "
    "(the thing refused once more), lost by review42's narrowing, read again as complaints of a thing a delivered lesson "
    "bans; \"not float?\" and more words after the disbelief stay quiet. (3) \"read the token from the env\" (review41 "
    "R41-3's fifth) after an answer that handled that kind of secret another way: \"said where a secret comes from\"; no "
    "dev message has the form. Verdict snapshots (`research/classifier_snapshot.py`): real dev, `corrections.jsonl` and "
    "the readable written sets 1-11 in every mode unchanged (dev 0.945 / 0.596, TP 710, FP 41, FN 482). Measured and not "
    "kept: \"i don't see the status line\" / \"i dont see it fix that\" / \"no veo ningún repo nuevo\" after an answer that "
    "claimed the work (real dev +5 right, +1 false) is the form cls37 wrote and took back after its held-out look said 5 "
    "right / 3 wrong (`tests/capture_text/test_reminders_and_why_abroad_cls37.py`): below the classifier's own held-out "
    "precision, so dropped. Held-out, counts only, one look (3afa2dc9, the landed code, on the split as corpus25 rebuilt it): 0.762 / 0.434 (TP 353, "
    "FP 110, FN 460, TN 3377): the same counts as RESULTS' 0.762 / 0.435 (TP 353, FP 110, FN 459) but one miss more, "
    "from corpus25's rebuild of the held-out rows. Dev on that corpus (corpus25 batch 1 added one dev owner): 0.946 / "
    "0.594 (TP 715, FP 41, FN 488). The goal (0.85 / 0.60) stays far: held-out precision equals the first-sight "
    "precision of `CLASSIFIER_FAMILIES.md` (0.75), which dev phrase guards do not move."
)

THIRTY_EIGHTH_PASS = (
    "Thirty-eighth pass (`cls44`, 2026-12-07 #26): the held-out proxy first, then what it says the trained model can do. "
    "`research/classifier_first_sight.py` (numbers in `research/CLASSIFIER_FIRST_SIGHT.md`) joins, message by message on "
    "dev, each owner's first-sight flag (the newest classifier version that had not seen the owner, and its family) with the "
    "trained second opinion scored by a model trained, as `train_correction_model.py` trains the shipped one, on the other "
    "four owner folds (sha256(\"fold5:\" + owner)). On 62229d7b: first sight 0.751 / 0.367 (TP 401, FP 133, FN 693; "
    "folds 0.71 / 0.34, 0.67 / 0.42, 0.81 / 0.36, 0.78 / 0.31, 0.78 / 0.41), the owners of the versions since "
    "2026-12-05T18 0.728 / 0.478. Gating the families below 0.80 at first sight on the fold model (>= 0.5) gives 0.799 / "
    "0.305; \"interrupted, then redirected\" (26 / 22 at first sight, 21 / 5 where the model scores >= 0.5) is weak only "
    "in old versions (the recent ones: 8 / 2). A veto of every pattern flag on a typed message the fold model scores below "
    "0.1 takes 48 right and 46 false first-sight flags away (0.802 / 0.323; below 0.3: 0.821 / 0.285), the same on both "
    "fold halves (folds 0-2 0.733 -> 0.780, folds 3-4 0.778 -> 0.832); the fold model's guarded flags (0.9 / 0.3) over "
    "the first-sight patterns add 49 right / 12 false, so veto and flags together read 0.802 / 0.367. `--numbers` now "
    "counts, per split, the flags a veto by the shipped model would take away (counted, never applied). Held-out look 1 "
    "(e64e1ba0, counts only; the classifier code is 4c6a5b2e's, unchanged this pass): 0.762 / 0.434 (TP 353, FP 110, FN "
    "460, TN 3377); a veto below 0.1 would take away TP 59, FP 47 (0.824 / 0.362), below 0.3 TP 96, FP 64 (0.848 / "
    "0.316); the model's own guarded flags TP 14, FP 9 (with the veto below 0.1: 0.811 / 0.379). The proxy predicted the "
    "veto (its flags taken away are right about half the time at first sight, 0.51 on dev, 0.56 held-out) but not the "
    "model's own flags (0.80 on first-sight misses of old versions, 0.61 on today's held-out misses: today's patterns "
    "already take most of what it finds). Dev says nothing of either: the shipped model was trained on dev (a veto below "
    "0.3 takes 34 of its 41 false flags and 4 right ones). Nothing in capture changed: a veto trades about one right flag "
    "for each false one (precision 0.76 -> 0.82, recall 0.434 -> 0.362), the kind of trade earlier passes declined, and it "
    "would make the pattern flags of capture depend on the model file (the hook then reads it for every flag)."
)

THIRTY_NINTH_PASS = (
    "Thirty-ninth pass (`cls45`, 2026-12-07 #27): general forms of how people correct, each written from the form and "
    "measured at first sight (`classifier_first_sight.py --before/--after`: a change's flags joined to each owner's "
    "first-sight verdicts; the author read only owner folds 0-2): after done work \"I don't see it / the status line\" "
    "(never \"I don't see why / the point / any errors\", \"… anymore\", a past, nor backing a how-question) and the "
    "same in es/pt/fr/de/it/ru/pl; the blank or inert result abroad; \"the tests dir is tests/unit not test/\" (both "
    "sides code, review44 R44-2); the hand-back in other languages after an answer that left a step to the person "
    "(\"请执行\", \"実行してください\", \"hazlo tú\"). First sight 0.751 / 0.367 -> 0.753 / 0.373 (TP 401 -> 408, FP 133 "
    "-> 134); dev 0.946 / 0.594 -> 0.945 / 0.600 (TP 722, FP 42); corrections.jsonl and blind12 unchanged. Held-out look "
    "1 (ca8f5e2a, counts only): 0.765 / 0.440 (TP 358, FP 110, FN 455, TN 3377), from 0.762 / 0.434 (TP 353, FP 110): "
    "five more found, no false alarm more, as the proxy said (seven found, one false, on dev). English surface forms "
    "are near saturation on dev (a battery of 84 plausible corrections: the 30 missed forms occur 0-2 times on dev); "
    "first-sight recall is lowest outside English (es/pt/fr/it 0.11, ko 0.08, ja 0.17, zh 0.26, en 0.44)."
)

FORTIETH_PASS = (
    "Fortieth pass (`cls46`, 2026-12-07 #28): the families that work in English, written from the form in es/pt/fr/de/"
    "it/ru/pl/zh/ja/ko (why didn't you, I told you, still the same error, that's not what I asked, undo that, you "
    "forgot); the good state abroad (\"ya no veo ningún error\") no longer an error report, \"为什么不试试 redis？\" no "
    "longer a challenge; after done work the change not there / still nothing / an endless loop abroad; two more "
    "hand-overs (zh, pl). First sight 0.751 / 0.367 -> 0.754 / 0.373 (TP 401 -> 408, FP 133 -> 133; all seven in the "
    "owner folds the author read, none in the unread ones); dev 0.945 / 0.600 -> 0.946 / 0.606 (TP 722 -> 729, FP 42); "
    "corrections.jsonl and blind12 unchanged. Held-out (the lead's look on f2b122f4, counts only): 0.765 / 0.440 (TP "
    "358, FP 110, FN 455, TN 3377), unchanged: the forms found nothing the held-out owners wrote. What dev still misses "
    "abroad is mostly meaning, not wording (a specific UI's bug, a fact about the person's setup), as in English."
)

FORTY_FIRST_PASS = (
    "Forty-first pass (`cls47`, 2026-12-07 #29): no rule changed; a search for large groups of dev errors with a "
    "general signal found none that separates. The 474 dev misses by the answer they replied to: claim words 247, a "
    "long answer without them 99, code 64, no work 52, an act reported done 12; by what the person does (read off the "
    "labeller's note): a new symptom of the agent's work 74, still broken after a claim of done 60, a rejection or "
    "dispute of the agent's reading 60, an instruction repeated or reminded 35, a requirement the work missed 30, a "
    "challenging question 17, the work handed back 13, other 185. Signals measured on dev (misses against true "
    "negatives among the messages nothing flags): a diagnosis in the reply's first 300 characters (\"I see the "
    "issue\", \"the root cause\") after a claim 28 / 25; the reasoning's \"the user says … not …\" 4 / 8; a negated "
    "state said after a claim (\"it's not …\") 10 / 9; \"still\" with a negation or \"same\" in any of 15 languages, "
    "short messages after a claim: 21 already flagged, 2 missed; words or file names the message shares with the "
    "answer: first-sight precision alike with none, one or two, three or more shared (0.77, 0.79, 0.78); the "
    "`replying` and `tasking` gates relaxed: 6 right / 11 false and 3 / 5 gained. One change was measured and not "
    "kept: a long answer with no sign of work that ends by asking the person something (first sight after such "
    "answers: 12 right, 12 false) read as no claim: dev TP 729 -> 725, FP 42 -> 39. Held-out (cls47's look 1, "
    "`classifier_misses.py --split holdout` on 00009a52, counts only, taken after the search ended): 0.765 / 0.440 "
    "(TP 358, FP 110, FN 455); the false alarms by family: the agent's reply conceded 15 (49 right; the reply read as "
    "an apology 10 false / 24 right and as \"you're right\" 12 / 57, where dev has 1 / 44 and 5 / 107), reported an "
    "error after the agent's change 13 (71), said the result does not work 10 (24), pasted an error 6 (31), "
    "prohibited an action 5 (6); sessions of aider carry 29 of the 110 (dev: 5 of 42). The reply family is the one "
    "dev overstates most; it was not tuned on this look."
)

def main() -> str:
    lines: list[str] = []
    add = lines.append
    add("## Capture: correction classifier on real agent sessions\n")
    everything = load_messages(include_untyped=True)
    repos = {m.repo for m in everything}
    add(f"Data: `research/data/real/` ({len(everything)} typed messages from {len(repos)} public repositories; "
        "sessions of " + ", ".join(f"{agent} ({n})" for agent, n in Counter(m.agent for m in everything)
                                    .most_common()) + "). Every message labelled by hand with a one-line reason "
        "(`labels.jsonl`); the split is by repository owner, fixed before any tuning (`split.json`). Positives are "
        "`correction` and `bug` (the agent's own output reported broken); `borderline` is scored apart.\n")
    add("| split | repos | messages | corrections | bug reports | not | borderline | untyped |")
    add("|---|---:|---:|---:|---:|---:|---:|---:|")
    for split in ("dev", "holdout"):
        ms = [m for m in everything if m.split == split]
        label = Counter(m.label for m in ms)
        add(f"| {split} | {len({m.repo for m in ms})} | {len(ms)} | {label['correction']} | {label['bug']} | "
            f"{label['not']} | {label['borderline']} | {label['untyped']} |")
    add("")
    results = {split: evaluate(split) for split in ("dev", "holdout")}
    add("| split | precision | recall | F1 | TP | FP | FN | TN | the model's hint alone, not recorded (TP / FP) | borderline flagged | goal |")
    add("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for split, r in results.items():
        border = r["by_label"].get("borderline", {})
        goal = GOALS.get(split)
        verdict = "–"
        if goal:
            met = r["precision"] >= goal[0] and r["recall"] >= goal[1]
            verdict = f"precision ≥ {goal[0]}, recall ≥ {goal[1]}: {'met' if met else 'MISSED'}"
        add(f"| {split} | {r['precision']:.3f} | {r['recall']:.3f} | {r['f1']:.3f} | {r.get('tp', 0)} | "
            f"{r.get('fp', 0)} | {r.get('fn', 0)} | {r.get('tn', 0)} | {r.get('model_tp', 0)} / {r.get('model_fp', 0)} | "
            f"{border.get('flagged', 0)}/"
            f"{sum(border.values())} | {verdict} |")
    add("")
    add("Recall by label (caught / total):\n")
    add("| split | correction | bug report |")
    add("|---|---:|---:|")
    for split, r in results.items():
        cells = []
        for label in ("correction", "bug"):
            c = r["by_label"].get(label, {})
            cells.append(f"{c.get('flagged', 0)}/{sum(c.values())}")
        add(f"| {split} | {' | '.join(cells)} |")
    add("")
    add("By agent (both splits):\n")
    add("| agent | precision | recall | TP | FP | FN |")
    add("|---|---:|---:|---:|---:|---:|")
    merged: dict[str, Counter[str]] = defaultdict(Counter)
    for r in results.values():
        for agent, c in r["by_agent"].items():
            merged[agent].update({k: c.get(k, 0) for k in ("tp", "fp", "fn")})
    for agent, c in sorted(merged.items()):
        s = scores(c["tp"], c["fp"], c["fn"])
        add(f"| {agent} | {s['precision']:.2f} | {s['recall']:.2f} | {c['tp']} | {c['fp']} | {c['fn']} |")
    add("")
    for split in ("holdout", "dev"):
        errors = results[split]["errors"]
        add(f"Every error on the {split} split ({len(errors)}): FP = flagged but labelled `not`, FN = a "
            "labelled correction or bug report it missed.\n")
        add("| | message | label: why | classifier |")
        add("|---|---|---|---|")
        for e in errors:
            m = e["message"]
            add(f"| {e['outcome'].upper()} | {_short(m.text)} | {m.label}: {_short(m.why, 90)} | "
                f"{_short(e['reason'], 60) or '–'} |")
        add("")
    add("Before this work (the classifier as of the corpus commit): dev precision 0.438, recall 0.128 (TP 14, FP 18, "
        "FN 95); held-out precision 0.538, recall 0.159 (TP 14, FP 12, FN 74).\n")
    add("How the held-out split was used, honestly: every held-out message was read once while labelling, before "
        "any change to the classifier; the first five rows of the held-out error list were printed by accident "
        "while checking this script's output, once before tuning and once after it was finished (nothing was "
        "changed after that). The patterns were then written against "
        "dev errors only. The held-out numbers were looked at three times after tuning (precision 0.767 / recall "
        "0.523, then 0.767 / 0.523 after a dev-driven fix, then 0.770 / 0.534), and one held-out message, seen in the "
        "reflector's evaluation, prompted one rule (an agent's polite closer, \"Would you like me to make any "
        "adjustments?\", is not a question the next message answers). No held-out error list was read to tune.\n")
    add("Second pass (issue 20, the `phrasing` branch, 2026-12-02): general forms written from the issue's families and "
        "from three probe sets of invented messages (a rule was kept only if it read as a general form and cost nothing "
        "on the dev negatives, `corrections.jsonl` dev and the probe negatives), then checked on each batch of new dev "
        "repositories *before* tuning on it: on the first batch of 12 new dev repositories (mostly Spanish, Turkish, "
        "Czech, Italian and Chinese sessions) precision 0.857 / recall 0.146 (the first-pass classifier: 0.667 / 0.146), "
        "on the second (12) 0.842 / 0.267 (first pass 0.714 / 0.250), on the third (7) 0.800 / 0.600 (0.786 / 0.550), "
        "on the fourth (3) 0.125 / 0.200 (the same as the first pass; five of its seven false positives were "
        "'interrupted, then redirected' on information typed after an interruption), on the fifth (1) 0.667 / 0.333. "
        "The held-out split was measured "
        "seven times and never read: at the start (0.770 / 0.534), at the first landing (0.776 / 0.511), twice as the "
        "assertion message of the regression test after the corpus had grown the held-out split (0.795 / 0.460, then "
        "0.780 / 0.429), and at the end, twice: 0.777 / 0.432 for this classifier (the same at the last landing) and "
        "0.720 / 0.459 for the first-pass "
        "classifier on the same, grown, held-out split (10 fewer false positives, 5 fewer found); no rule was changed "
        "in response to a held-out number or message.\n")
    add(THIRD_PASS)
    add(FOURTH_PASS)
    add(FIFTH_PASS)
    add(SIXTH_PASS)
    add(SEVENTH_PASS)
    add(EIGHTH_PASS)
    add(THIRTEENTH_PASS)
    add(FOURTEENTH_PASS)
    add(SIXTEENTH_PASS)
    add(SEVENTEENTH_PASS)
    add(EIGHTEENTH_PASS)
    add(NINETEENTH_PASS)
    add(TWENTIETH_PASS)
    add(TWENTY_FIRST_PASS)
    add(TWENTY_SECOND_PASS)
    add(TWENTY_THIRD_PASS)
    add(TWENTY_FOURTH_PASS)
    add(TWENTY_FIFTH_PASS)
    add(TWENTY_SIXTH_PASS)
    add(TWENTY_SEVENTH_PASS)
    add(TWENTY_EIGHTH_PASS)
    add(TWENTY_NINTH_PASS)
    add(THIRTIETH_PASS)
    add(THIRTY_FIRST_PASS)
    add(THIRTY_SECOND_PASS)
    add(THIRTY_THIRD_PASS)
    add(THIRTY_FOURTH_PASS)
    add(THIRTY_FIFTH_PASS)
    add(THIRTY_SIXTH_PASS)
    add(THIRTY_SEVENTH_PASS)
    add(THIRTY_EIGHTH_PASS)
    add(THIRTY_NINTH_PASS)
    add(FORTIETH_PASS)
    add(FORTY_FIRST_PASS)
    add("Limits: one person labelled every message, so the labels carry one reader's judgement (the reasons are "
        "in `labels.jsonl` to be argued with); sessions are mostly in English (the 2026-12 additions bring Spanish, "
        "Turkish, Chinese, Czech, Italian and others) and mostly from IDE agents "
        "(Cursor through SpecStory exports) and aider; each repository contributes at most 40 typed messages, "
        "so a few chatty repositories do not decide the numbers; the held-out messages were read while "
        "labelling (before any tuning), so the held-out split is unseen by the tuning, not by the labeller.")
    return "\n".join(lines) + "\n"


def dev_only(owners: set[str] | None = None) -> str:
    """The dev split alone (for tuning): its scores and every dev error. Nothing of the held-out split is loaded.
    ``owners``: only these repository owners' messages (lower-cased), e.g. a batch the corpus just added, measured
    before anyone reads it (`--dev-only --owners a b c`)."""
    r = evaluate("dev", owners)
    lines = [f"dev: precision {r['precision']:.3f} recall {r['recall']:.3f} F1 {r['f1']:.3f} (TP {r.get('tp', 0)}, "
             f"FP {r.get('fp', 0)}, FN {r.get('fn', 0)}, TN {r.get('tn', 0)}; the model alone: TP {r.get('model_tp', 0)}, "
             f"FP {r.get('model_fp', 0)})", ""]
    for e in r["errors"]:
        m = e["message"]
        lines.append(f"{e['outcome'].upper()} | {m.session} {m.id} | {_short(m.text)} | {m.label}: {_short(m.why, 90)} | "
                     f"{_short(e['reason'], 60) or '–'}")
    return "\n".join(lines) + "\n"


def numbers() -> str:
    """Both splits as counts only, one line each: precision, recall, TP / FP / FN / TN, the model's unrecorded hint, the
    pattern flags a veto by the shipped model would take away (score below each of :data:`VETOES`), the borderline
    messages flagged and recall by label. No message text and no error is printed, so the held-out split can be
    measured without being read (`--numbers`)."""
    lines = []
    for split in ("dev", "holdout"):
        r = evaluate(split)
        label = {k: (v.get("flagged", 0), sum(v.values())) for k, v in r["by_label"].items()}
        lines.append(f"{split}: precision {r['precision']:.3f} recall {r['recall']:.3f} (TP {r.get('tp', 0)}, FP {r.get('fp', 0)}, "
                     f"FN {r.get('fn', 0)}, TN {r.get('tn', 0)}; the model alone: TP {r.get('model_tp', 0)}, FP "
                     f"{r.get('model_fp', 0)}; vetoed by the model below " +
                     ", ".join(f"{v}: TP {r.get(f'veto{v}_tp', 0)}, FP {r.get(f'veto{v}_fp', 0)}" for v in VETOES) +
                     f"); corrections {'/'.join(map(str, label.get('correction', (0, 0))))}, bug reports "
                     f"{'/'.join(map(str, label.get('bug', (0, 0))))}, borderline flagged "
                     f"{'/'.join(map(str, label.get('borderline', (0, 0))))}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    args = sys.argv[1:]
    if args == ["--numbers"]:
        print(numbers())
        sys.exit(0)
    if args == ["--rules"]:  # dev only: which rule fired, TP / FP and the distinct dev owners behind each
        from research.classifier_rules import render

        print(render("dev"))
        sys.exit(0)
    flags = {arg for arg in args if arg.startswith("-")}
    if args and not ("--dev-only" in flags and flags <= {"--dev-only", "--owners"}):
        # anything else (--help, a typo, --owners without --dev-only) prints the usage, never the report: the
        # report lists the held-out errors
        sys.exit("usage: python research/classifier_real.py [--dev-only [--owners OWNER ...] | --numbers | --rules]\n"
                 "  --rules: per rule of the classifier, right and false flags on the dev split and their owners (dev only)\n"
                 "  --numbers: both splits, counts only (the way to measure the held-out split without reading it)\n"
                 "  no option: the whole report, which lists every held-out error (do not run it while tuning)")
    chosen = {a.lower() for a in args[args.index("--owners") + 1:]} if "--owners" in args else None
    print(dev_only(chosen) if "--dev-only" in args else main())
