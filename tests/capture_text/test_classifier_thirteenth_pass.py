"""Thirteenth pass on the correction classifier (issue 20, item 2): rules ranked by their right and false flags on dev
owners at first sight (each scored by the classifier version that had not seen them), and the shapes behind their
false alarms narrowed. Each narrowing is a typed look-alike pair: the sentence that must stay quiet and one of the same
words that must still be read as a correction. Every sentence here is invented."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text

DONE = "I've updated the header component and fixed the import; the page now renders and all tests pass."


def _flags(text: str, answer: str) -> bool:
    return classify_text(text, answer).correction


# Real answers that diagnose are long; an answer this long counts as work done unless its own words hand the step over.
DIAGNOSIS = ("I looked at the config loader, the middleware chain and the build script, and nothing in the diff explains "
             "it on its own; the behaviour depends on the environment the app runs in, so I need one more detail. ")


# The answer asked for what the person sees: the error they send next answers that question, it does not report that
# the agent's change broke something. The same error after an answer that claimed a fix is still a report.
ASKS_FOR_OUTPUT = [
    "The redirect loop can come from the session cookie or the auth middleware. What's the exact error in the console?",
    "It may be the proxy config. What error do you get when you run `npm run dev`?",
    "Several things could cause the blank form. Could you share the console output from the browser?",
    "I can't tell which import fails from here. Please share what you see in the terminal and we can go from there.",
]


@pytest.mark.parametrize("ask", ASKS_FOR_OUTPUT)
def test_an_error_sent_because_the_agent_asked_for_it_is_no_report(ask):
    answer = DIAGNOSIS + ask
    report = "I get this error: TypeError: Cannot read properties of undefined (reading 'map')"
    assert not _flags(report, answer), f"flagged as a report although asked for: {answer!r}"
    assert _flags(report, DONE), "the same error after a claimed fix must still count"


def test_a_claimed_fix_that_invites_errors_only_if_they_come_is_still_a_claim():
    answer = "Fixed the null check in List.render; the list now loads. If anything else breaks, paste the error."
    assert _flags("I get this error: TypeError: Cannot read properties of undefined (reading 'map')", answer)


# A bare "fix it" after an answer that proposed a fix it has not made is a go-ahead.
@pytest.mark.parametrize("proposal", [
    "The crash comes from calling setState after dispose. The fix: check `mounted` before calling setState.",
    "The SIGHUP kills the child process. The simplest fix would be to spawn it detached.",
    "The import order is wrong in main.py. Want me to fix it?",
    "That warning comes from the deprecated option on line 50. To fix this, remove `--no-lock` from the command.",
])
def test_a_bare_fix_it_after_a_proposed_fix_is_a_go_ahead(proposal):
    proposal = DIAGNOSIS + proposal
    for text in ("fix it", "fix", "fix it please", "Fix this now"):
        assert not _flags(text, proposal), f"{text!r} after a proposal flagged"


@pytest.mark.parametrize("text", ["fix it", "fix this please", "fix the button", "Somehow it made the SVG invisible. Fix it."])
def test_fix_it_after_work_the_agent_says_it_did_is_still_a_report(text):
    assert _flags(text, DONE)


def test_only_a_bare_fix_it_is_a_go_ahead_not_a_report_that_ends_with_one():
    proposal = DIAGNOSIS + "The crash comes from calling setState after dispose. The fix: check `mounted` first."
    assert _flags("the SVG is invisible now. Fix it.", proposal)


# In a reply to the agent's own question, swearing at one of the options or saying what the person already has answers
# the question; the same words after work the agent did correct it.
QUESTION = "Which runtime do you prefer for the kernel: Node.js, Python, Go or Rust? Any strong preferences?"
OPTIONS = ("I see two ways: a new endpoint, or a date filter in the existing loader. Which would you prefer? "
           "Would you like me to start on one of them?")


@pytest.mark.parametrize("text, answer", [
    ("Rust, I think. Definitely not Go, fuck that language.", QUESTION),
    ("wtf, so many choices. Rust I guess", QUESTION),
    ("I like the second option. I already have some date logic in load_budget that we can reuse.", OPTIONS),
    ("The filter. We already have a helper for ranges in utils/dates.py.", OPTIONS),
])
def test_a_reply_to_the_agents_question_informs_the_answer(text, answer):
    answer = DIAGNOSIS + answer
    assert not _flags(text, answer), f"reply flagged: {text!r}"


@pytest.mark.parametrize("text", [
    "wtf, you deleted half of the file",
    "we already have a date helper in utils/dates.py, use that one",
    "there is already a formatDate function, don't add another",
])
def test_the_same_words_after_work_the_agent_did_still_correct_it(text):
    assert _flags(text, "I added a new `formatDate` helper in components/Header.tsx and removed the old import.")


# A message that opens by asking how to do something asks a question of its own: the trouble it names next is the
# situation it asks about. The same trouble said plainly after the agent's work, or blamed on its change, is a report.
@pytest.mark.parametrize("question, report", [
    ("how do i dim the LED on the Nano? it's too bright", "the LED is too bright now"),
    ("How can we speed up CI? the build is too slow", "the build is too slow now"),
    ("how do we make the tests faster? they're way too slow", "the tests are way too slow now"),
    ("how do I get rid of this warning? it shows up on every run", "how do I get rid of this? it broke after your change"),
])
def test_a_how_to_question_is_no_report_on_the_agents_work(question, report):
    assert not _flags(question, DONE), f"how-to question flagged: {question!r}"
    assert _flags(report, DONE), f"report missed: {report!r}"


@pytest.mark.parametrize("text", [
    "how do i fix this? it crashes on startup now",
    "how should I run it? it errors with ModuleNotFoundError: No module named 'payments'",
    "how do I test this? the endpoint returns 500",
    "so how do I deploy it now? the build fails",
])
def test_a_how_to_question_that_reports_a_failure_is_still_a_report(text):
    """review13 R13-28: the how-to guard is for the person's own situation; the agent's work failing outright after it
    claimed the work done is a report however the message opens."""
    assert _flags(text, "I updated the payment service and refactored the database layer. All tests pass.")


def test_the_first_sight_ranking_keeps_tuned_flags_apart():
    """research/classifier_rules.py --first-sight on made-up rows (no corpus read): a family is ranked by its flags on
    owners the scoring version had not seen, and a rule's flags gained after the owner was seen are counted apart."""
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[2])
    if root not in sys.path:
        sys.path.insert(0, root)
    from research.classifier_rules import first_sight

    history = [
        {"session": "s1", "id": "u1", "outcome": "tp", "reason": "said the result does not work"},
        {"session": "s1", "id": "u2", "outcome": "fp", "reason": "said the result does not work"},
        {"session": "s2", "id": "u1", "outcome": "fp", "reason": "interrupted, then redirected"},
        {"session": "s2", "id": "u2", "outcome": "fn", "reason": ""},
        {"session": "s2", "id": "u3", "outcome": "tp", "reason": "asks \"why did you…\""},
    ]
    flagged = [
        {"session": "s1", "id": "u1", "outcome": "tp", "rule": "cues.BROKEN[1]", "reason": "said the result does not work"},
        {"session": "s2", "id": "u2", "outcome": "tp", "rule": "cues.BROKEN[1]", "reason": "said the result does not work"},
        {"session": "s2", "id": "u1", "outcome": "fp", "rule": "interrupted, then redirected",
         "reason": "interrupted, then redirected"},
        {"session": "s9", "id": "u1", "outcome": "fp", "rule": "cues.CUES[3]", "reason": "says \"that's wrong\""},
    ]
    families, rules = first_sight(history, flagged)
    assert [(f["family"], f["tp"], f["fp"]) for f in families] == [
        ("interrupted, then redirected", 0, 1), ("said the result does not work", 1, 1), ('asks "why did you…"', 1, 0)]
    by_rule = {r["rule"]: r for r in rules}
    assert (by_rule["cues.BROKEN[1]"]["kept_tp"], by_rule["cues.BROKEN[1]"]["later_tp"]) == (1, 1)
    assert by_rule["interrupted, then redirected"]["precision"] == 0.0
    assert "cues.CUES[3]" not in by_rule  # an owner with no first-sight score is left out
    assert rules[0]["rule"] == "interrupted, then redirected"
