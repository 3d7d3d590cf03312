"""Session #22 (cls40, issue 20): the rest of review39's open findings, each a pair (a look-alike that must stay quiet,
the correction that must still fire).

- R39-10: a ban with what the team uses instead ("não use console.log, usamos o logger do projeto"), and what the agent
  used again set against this repository's convention ("また print 使ってる。このリポジトリでは logging を使って").
- R39-15 rest: the fault just fixed, found in another place ("what about the PUT handler? same bug there"); the person's
  own copy of it ("the same issue is there in my old branch") is theirs.
- A rule for later said in one clause ("next time don't use print", "in future don't use print") reads as the same rule
  with a comma after "next time" did.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text

FIXED = "I've fixed the handler and the tests pass now."
LOGGED = "I added console.log statements to trace the request in api.js."
PRINTED_JA = "utils.py に print() でデバッグ出力を追加しました。"
PRINTED = "I've added debug output with print() calls in utils.py so you can trace the values. Done."


def _flag(text: str, answer: str | None) -> tuple[bool, str]:
    verdict = classify_text(text, answer)
    return bool(verdict.correction), verdict.reason


@pytest.mark.parametrize("text, answer", [
    ("não use console.log, usamos o logger do projeto", LOGGED),
    ("não use console.log; aqui usamos o logger", LOGGED),
    ("また print 使ってる。このリポジトリでは logging を使って", PRINTED_JA),
    ("また print 使ってる。ここでは logging を使ってください", PRINTED_JA),
])
def test_a_ban_with_the_teams_way_is_a_correction(text, answer):
    assert _flag(text, answer)[0], text


@pytest.mark.parametrize("text, answer", [
    ("não se preocupe, usamos o logger do projeto", LOGGED),  # a reassurance: nothing banned
    ("não use console.log, obrigado", LOGGED),  # thanks, no convention: not the whole-message ban either
    ("não use console.log? usamos o logger?", LOGGED),  # asked
    ("また print 使ってる", PRINTED_JA),  # "また" is also "also": alone it sets nothing against the work
    ("このリポジトリでは logging を使って", PRINTED_JA),  # the convention alone is a request
    ("また print 使ってる？このリポジトリでは logging を使う？", PRINTED_JA),  # asked
])
def test_look_alikes_of_a_ban_with_the_teams_way_stay_quiet(text, answer):
    assert not _flag(text, answer)[0], text


@pytest.mark.parametrize("text", [
    "what about the PUT handler? same bug there",
    "same bug in the PUT handler",
    "the PUT handler has the same bug",
])
def test_the_fixed_fault_in_another_place_is_a_correction(text):
    assert _flag(text, FIXED) == (True, "said a part of the result does not work"), text


@pytest.mark.parametrize("text", [
    "the same issue is there in my old branch",
    "we had the same bug in the old app years ago",
    "is the same bug there?",
])
def test_look_alikes_of_the_fixed_fault_elsewhere_stay_quiet(text):
    assert not _flag(text, FIXED)[0], text


def test_the_same_issue_with_no_other_place_still_says_the_fix_did_not_work():
    assert _flag("the same issue is there", FIXED) == (True, "said the fix did not work")


@pytest.mark.parametrize("text", [
    "next time don't use print",
    "in future don't use print",
    "next time don't use print statements",
    "from now on don't use print",
    "next time, don't use print statements",
])
def test_a_rule_for_later_in_one_clause_is_a_correction(text):
    assert _flag(text, PRINTED) == (True, "prohibited an action"), text


@pytest.mark.parametrize("text", [
    "next time don't worry about it",
    "next time we can do the docs first",
    "in future releases we may drop print support",
])
def test_look_alikes_of_a_rule_for_later_stay_quiet(text):
    assert not _flag(text, PRINTED)[0], text


# -- Thirty-fourth pass (cls40): a report that is an aside after an opening question of the way forward or a go-ahead.
# The report families narrowed were below 0.80 precision on dev owners at first sight (research/classifier_families.py).

UPDATED = "I've updated the dashboard and the chart now loads the data; everything should work."


@pytest.mark.parametrize("text", [
    "what is the best way to pin versions? the lockfile is not working well",
    "should we vendor the submodules? they are not working well and get out of date",
    "can we switch to pnpm? npm install fails on the CI runner",
    "yes, do it. the nightly job is not working either",
    "ok, proceed. the linter is failing on the vendored files",
])
def test_a_report_aside_after_a_question_of_the_way_forward_or_a_go_ahead_stays_quiet(text):
    assert not _flag(text, UPDATED)[0], text


@pytest.mark.parametrize("text", [
    "is the chart done? the tooltip is not working",  # a question about the agent's result
    "what? the tooltip is not working",  # a bare "what?"
    "did you run it? the page is not loading",
    "where is the export button? but now the page does not load",  # the message turns to the report
    "how do I test this? the endpoint returns 500",  # a how-to question: the thirteenth pass's
    "ok, go ahead. but the tooltip you added is still broken",
    "yes, do it. the chart is still not working after your change",
    "the tooltip is not working",  # the report opens the message
    "can you check? TypeError: Cannot read properties of undefined (reading 'map')\n    at Chart (Chart.tsx:12)",  # output
])
def test_a_report_after_other_openings_or_with_a_turn_still_fires(text):
    assert _flag(text, UPDATED)[0], text


# -- A "No, …" in a later clause of a reply to the agent's own questions answers one of them (a new dev owner's
# "Django apps: No, you choose."), as the reply-informs cues do; a "No, …" that opens the message still refuses.

QUESTIONS = ("Before I start, a few questions: 1. What should the Django project be called? 2. Which apps do you want? "
             "3. Where should the secret key live? 4. Any naming convention?")


def test_a_no_answering_one_of_the_agents_questions_stays_quiet():
    text = "Project name: Localight. Apps: No, you choose. Naming convention: up to you. Secret key: a config file."
    assert not _flag(text, QUESTIONS)[0]


@pytest.mark.parametrize("text, answer", [
    ("no, use postgres, not sqlite", QUESTIONS),  # opens with the refusal
    ("Project name: Localight. No, use postgres, not sqlite, like the rest of our services", FIXED),  # no question asked
])
def test_a_no_with_a_direction_still_fires_where_it_refuses(text, answer):
    assert _flag(text, answer)[0], text
