"""Issue 20, cls26: forms written from the second blind set's half A, as general shapes (never a copied sentence), each
with typed look-alikes that must stay quiet, in English and other languages.

Fire after a done answer: disbelief at the agent's act ("did you just wipe …???", "did u even run it", "how is that even
compiling?"), "what's with the … you added", what the agent said it would do ("you said you'd …"), undo asked ("put … back
where it was"), "shouldn't X be …, not just …?", the whole answer doubted ("not sure this is right"), where things live
and the only way a thing is done ("… live under spec/", "… only go through terraform"), "no X please, we use Y" (also
T28-4's walk), a hedge then a question ("not a big fan of …, could we …?"), reminders without a colon ("remember we're not
…", "again: …", "as discussed, …", "didnt we say …?"), a result wrong by an amount, looping forever, showing "undefined",
doing a thing twice, "its worse now", a JS error class pasted, "no, not X but Y" in Japanese, Korean and Chinese.
Stay quiet: the person's own slip ("oops I typed X when I meant Y"), "nothing changed" inside a condition, "approved by
design" read as intent, and the look-alikes listed with each form.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "I've updated the handler and the tests. Everything should work now."


def judge(text: str, answer: str | None = DONE) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None,
                                      answer=answer).correction)


FIRE = [
    # disbelief at the agent's act
    "did you just wipe the whole migrations folder???",
    "wait, did you really force-push to main?",
    "did u even run the tests",
    "did you actually remove the retry logic",
    "how is that even compiling? half the imports are gone",
    "how does it even work with the cache turned off?",
    "what's with the five wrapper classes you wrote",
    "what is up with all the print calls you left",
    # what the agent said it would do
    "you said you would keep the old endpoint, it's gone now",
    "where's the migration? you said you'd add one",
    # undo asked
    "can you move the config loader back where it was?",
    "please put the old error messages back",
    "change the button colour back",
    "set it back to how it was",
    # a question of what the agent's thing should do instead
    "shouldn't the token be refreshed on every request, not just on login?",
    "shouldn't this use the shared client instead of a new one?",
    # the answer doubted as a whole; a hedge then a question
    "I'm not convinced that's the right fix",
    "not sure this is correct",
    "I'm not a big fan of the giant switch statement, could we use a lookup table?",
    "not sure this is right, shouldn't the lock be released in finally?",
    # conventions stated as facts
    "fixtures live under tests/fixtures, not next to the tests",
    "migrations go in the db/migrate folder",
    "schema changes only go through alembic",
    "deploys only happen via the pipeline",
    "no semicolons please, we use standard style",
    "no console.log pls, use the logger",
    "no print statements please, we use the logging module with a module-level logger",  # trial28's T28-4 walk
    "kein print bitte, wir verwenden logging",
    "nada de console.log, usamos el logger",
    # reminders without a colon, or with "again"
    "remember we only use UTC in the database",
    "remember that we never commit generated files",
    "again: pnpm, not npm",
    "as agreed, no new dependencies without asking",
    "as discussed, the API stays backwards compatible",
    "didnt we say no inline styles?",
    # broken after a done answer
    "the totals are off by one now",
    "the page is stuck in a redirect loop",
    "it keeps reloading forever",
    "the invoice number shows NaN",
    "every row has the name \"undefined\"",
    "each notification shows up twice now",
    "the form is submitting every request twice",
    "its worse now",
    "TypeError: Cannot read properties of null (reading 'length')\n    at render (List.tsx:12)\nthat's what I see now",
    "KeyError: 'user_id'\nafter your change",
    # "no, not X but Y" abroad
    "いいえ、そのテーブルではなく users テーブルを使ってください",
    "違う、そっちじゃなくて staging を直して",
    "아니요, 그 함수 말고 새 함수를 써 주세요",
    "不对，不是这个文件，是 config/prod.yml",
]

QUIET = [
    # questions, checks and praise around the agent's act
    "did you just finish? great",
    "did you just update the README or also the docs?",
    "did you delete the temp files like I asked?",
    "how does this even work? just curious, it's neat",
    "what's with the new logo? did marketing send it?",
    "you said you'd write them later, that's fine",
    "you said you would look at the logs, what did you find?",
    "you said you'd do it and you did, thanks",
    # "back" as a noun or a direction
    "could you put the back button on the left?",
    "add a back link to the settings page",
    "turn the status LED back on",
    "switch the feature flag back off for now",
    "shouldn't we also add a test for this?",
    # lookups and conditions, not conventions
    "the logs live in /var/log, can you grep them for the request id?",
    "the request only goes through if the token is valid",
    "no worries, we use the staging db for that anyway",
    "no idea, use your judgment",
    "no rush, use whatever is easiest",
    "kein Problem, nutze einfach den Staging-Server",
    "no hay prisa, usa lo que quieras",
    # notes, not rules
    "remember we have a demo on friday",
    "remember we're meeting the client at 3pm",
    "again, thanks for the quick fix",
    "again: please run the full suite before you push",
    "as discussed, here are the logs you asked for",
    "as discussed, add a CSV export next",
    "didn't we say hi to the new team member?",
    # amounts, loops, values and repeats that report nothing
    "the timer is off by default",
    "make it retry forever until it succeeds",
    "the cron job runs twice a day",
    "run it twice to check for flakiness",
    "next, make the CLI always print a summary at the end, even when nothing changed",
    "if nothing changed, skip the deploy step",
    # the person's own slip
    "sorry wrong file, the one I meant is utils/date.js",
    "oops I typed staging when I meant dev, please point it at dev",
    "my bad, wrong ticket, the one I want is PAY-123",
    # no contrast after "no" abroad
    "いいえ、大丈夫です",
    "아니요, 괜찮아요",
    "不，不用了，谢谢",
    # "by design" said of the design team next to a go-ahead
    "the first screen is approved by design, so now the second screen with the carousel",
]


@pytest.mark.parametrize("text", FIRE)
def test_third_round_forms_fire_after_a_done_answer(text):
    assert judge(text), text


@pytest.mark.parametrize("text", QUIET)
def test_third_round_look_alikes_stay_quiet(text):
    assert not judge(text), text


def test_a_buried_flaw_counts_when_the_design_team_approved_the_rest():
    text = ("ok the login screen is approved by design, so next the profile screen with the avatar picker. also, you left "
            "the debug banner turned on in the login screen, QA saw it in the release build. please remove it first")
    assert judge(text)
    assert not judge("the spinner keeps going forever, that's by design")


def test_the_own_slip_guard_does_not_hide_the_agents_mistake():
    assert judge("sorry, but that's the wrong file")
    assert judge("oops, you deleted the wrong table")
    assert judge("no, I meant the other file")


def test_broken_forms_need_an_answer_that_claimed_work():
    for text in ("the totals are off by one now", "the page is stuck in a redirect loop", "each notification shows up twice now"):
        assert not judge(text, answer=None), text


# A report in the result's own words after done work, and the agent's earlier work named with its fault inside a new
# request: written from no message (typed here), dev-neutral.
OWN_WORDS_FIRE = [
    "the sidebar is completely broken on tablets now",
    "the checkout looks messed up again",
    "the submit button is greyed out now",
    "the bar chart is upside down",
    "the logo disappeared from the header",
    "the cleanup job never runs",
    "the avatars don't show anymore",
    "now the worker hangs",
    "it freezes on startup",
]
OWN_WORDS_QUIET = [
    "nothing is broken, ship it",
    "the staging server is broken since yesterday, use local for now",
    "is the sidebar broken on tablets?",
    "the legacy page is broken by design, ignore it",
    "the error disappeared",
    "the warnings vanished, nice",
    "make sure the cleanup job never runs on weekends",
]
BURIED_FIRE = [
    "next is the import wizard. also the fixtures you added don't load on windows",
    "ok, the search page now. btw the cache you introduced never expires",
    "let's do the mobile menu. one more thing: you hardcoded the locale, it must come from the browser",
    "moving on to payments. and the endpoint you built returns 200 even when the card is declined",
    "cool, then the docs. oh and the script you wrote deletes the backup folder too",
]
BURIED_QUIET = [
    "the fixtures you added are passing now, thanks",
    "the endpoint you built should also support filtering",
    "the script you wrote works great, now let's do the docs",
    "the page you made looks good, next the footer",
]


@pytest.mark.parametrize("text", OWN_WORDS_FIRE + BURIED_FIRE)
def test_reports_in_own_words_and_buried_faults_fire(text):
    assert judge(text), text


@pytest.mark.parametrize("text", OWN_WORDS_QUIET + BURIED_QUIET)
def test_their_look_alikes_stay_quiet(text):
    assert not judge(text), text


def test_reports_in_own_words_need_done_work():
    for text in OWN_WORDS_FIRE:
        assert not judge(text, answer=None), text


# review26 R26-4: a state of something else, told to set up other work, stays quiet; near paraphrases fire.
ELSEWHERE_QUIET = [
    "the nightly export never runs on holidays, add a check for that",
    "the old cron never fires on the replica, so move it to the primary",
    "the webhook never fires in sandbox mode, stripe says so, add a note to the docs",
    "the cleanup job never runs on staging, can you add a manual trigger?",
    "the search box is greyed out for guests by design, leave it",
    "the chart is upside down in the design mock, copy that exactly",
    "the footer disappeared from the spec, so delete it from the template too",
    "the logo disappeared in the new brand guide, so remove it from the header too",
    "the totals are off by a cent in the legacy system, do ours match the new rounding rule?",
    "the page is stuck in a redirect loop in the old app too, so let's add a test for it in the new one",
    "each order shows up twice in the report because it has two lines, that's right",
    "didnt we say we'd grab lunch after this?",
    "no sé, sino pregunto",
    "the batch is sent twice a week",
]
R26_4_FIRE = [
    "the footer disappeared, add it back",
    "the webhook never fires, can you check why?",
    "the layout is broken on mobile now, fix it",
    "every row shows up twice now, add a regression test for it",
    "I'm not convinced this handles the null case",
    "the dates all show as Invalid Date",
    "every email is sent three times now",
    "its even slower now",
    "no, non quella tabella ma quella degli ordini",
    "no, esa tabla no, sino la de pedidos",
    "nein, nicht die Tabelle, sondern die Bestellungen",
    "didnt we say no inline styles?",
]


@pytest.mark.parametrize("text", ELSEWHERE_QUIET)
def test_a_state_of_something_else_stays_quiet(text):
    assert not judge(text), text


@pytest.mark.parametrize("text", R26_4_FIRE)
def test_fixes_asked_and_near_paraphrases_fire(text):
    assert judge(text), text
