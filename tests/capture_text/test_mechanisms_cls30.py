"""cls30 (issue 20): mechanisms, each written once from what makes a message a correction (or not) against the answer
before it, grouped from the fifth blind set's errors (readable since session #14) and the real-session first-sight
records, and tested on typed look-alikes (none of these sentences is a row of any set):

- a correction softened before it is said ("sorry to be picky, but …", "I might be wrong, but …", "maybe I wasn't
  clear, …", "I wonder if X would be safer there"): the softener apologises for a criticism (`capture/softened.py`);
- a short answer that opens a sentence with the past tense of the work, the "I" left out ("Added retries to the upload
  client", "Switched training to mixed precision") said the work was done (`cues.DONE_ACT`);
- the person owns the mistake outright anywhere in the message ("scratch that, I misread the spec", "the typo came
  from my ticket", "my bad, wrong table name") and names no act of the agent's as the fault (`guards.owns_the_slip`).
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import answered, classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done: I updated the sync job and the tests pass."


def judge(text: str, answer: str | None = DONE):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


# -- a correction softened --------------------------------------------------------------------------------------------

SOFTENED_FIRES = [
    ("sorry to be picky, but the toast should sit at the bottom like every other notice in the app",
     "I've added a success toast at the top of the settings page."),
    ("not to nitpick, but the changelog entry is under the wrong version, this ships in 3.2",
     "I've added the changelog entry for the webhook retries."),
    ("I might be wrong, but I think the cron runs in UTC on that host, so 9am is 11am for the team",
     "I've scheduled the digest job for 9am."),
    ("correct me if I'm wrong, but the SDK expects the amount in cents, this sends 12.5",
     "I've wired the checkout to the payments SDK."),
    ("maybe I wasn't clear, I wanted the filter in the sidebar, the top bar is full already",
     "I've moved the date filter into the top bar."),
    ("sorry if I wasn't clear, the export was supposed to keep the header row",
     "I've rewritten the CSV export to stream rows."),
    ("I think this might be a bit off, the legend colours no longer match the lines",
     "I've restyled the chart with the new palette."),
    ("I wonder if a WeakMap would be safer there, the cache keeps every node alive",
     "I've added a Map cache keyed by DOM node."),
    ("I wonder if we should just keep the old polling loop, the websocket drops behind the proxy",
     "I've replaced the polling loop with a websocket."),
    ("vielleicht irre ich mich, aber die Zeitzone sollte Europe/Berlin sein, nicht UTC",
     "I've set the scheduler's timezone to UTC."),
]

SOFTENED_QUIET = [
    # new work after the softener
    ("not to nitpick, but can you also add a footer with the version?", "I've added the header with the logo."),
    ("I wonder if we could also add a dark mode toggle", "I've added the header with the logo."),
    ("I might be wrong, but I think the API allows 100 calls a minute, so add a throttle to the sync job",
     "I've updated the client to page through the results."),
    # accepted, or a step of the person's own
    ("sorry to be picky, but it's fine, ship it", "I've added the header with the logo."),
    ("sorry to be picky, but I'll fix the copy myself later", "I've added the header with the logo."),
    # a question to learn, not a claim against the work
    ("correct me if I'm wrong, but does this job run nightly?", "I've added the cron job for the export."),
    # a request softener is not a criticism softener
    ("sorry to be a pain, but I need the report by friday", "I've drafted the outline of the report."),
    # the answer did no work
    ("sorry to be picky, but the margins are too wide on mobile", "Which page should I look at first?"),
]


@pytest.mark.parametrize("text,answer", SOFTENED_FIRES)
def test_a_softened_correction_after_done_work_fires(text, answer):
    verdict = judge(text, answer)
    assert verdict.correction, text


@pytest.mark.parametrize("text,answer", SOFTENED_QUIET)
def test_a_softener_before_new_work_acceptance_or_a_question_stays_quiet(text, answer):
    assert not judge(text, answer).correction, text


def test_the_softener_needs_words_after_it():
    assert not judge("sorry to be picky, but yeah", "I've added the header with the logo.").correction


# -- the answer's report opened by the verb -----------------------------------------------------------------------------

REPORTS = ["Added retries to the upload client: 5 attempts, 1 second apart.",
           "Switched training to mixed precision; each epoch is about 40% faster.",
           "Rebuilt the orders model as an incremental table.",
           "Ported the motor driver to the new PWM library.",
           "- Launched the sync in a background scope\n- Stored the token in the keychain",
           "Made the change. Want me to push it?"]
NOT_REPORTS = ["Set the request timeout to 30 before you run it.",
               "Based on the code, the bug is in the parser.",
               "Checked the logs; nothing stands out.",
               "Needed: your database URL.",
               "Called it from main? If so, the import fails.",
               "run the tests and send me the output"]


@pytest.mark.parametrize("answer", REPORTS)
def test_an_answer_that_opens_with_the_past_tense_of_the_work_says_it_was_done(answer):
    assert answered(answer)
    assert not answered(answer, acts=False) or "Made" in answer  # the trained model's feature keeps its old reading


@pytest.mark.parametrize("answer", NOT_REPORTS)
def test_reading_an_imperative_or_a_question_is_no_report_of_work(answer):
    assert not answered(answer)


def test_a_report_after_a_terse_done_answer_fires_and_the_same_after_an_imperative_does_not():
    assert judge("loss goes to nan after the second epoch now",
                 "Switched training to mixed precision; each epoch is faster.").correction
    assert not judge("loss goes to nan after the second epoch now",
                     "Set the learning rate to 3e-4 and run the training again.").correction


# -- the person's own mistake, owned outright -------------------------------------------------------------------------

OWN_SLIP_QUIET = [
    ("scratch that, I misread the design doc. the banner goes on the billing page, not the settings page. can you move it?",
     "I've added the trial banner to the settings page."),
    ("the typo came from my ticket: it's 'Organisation', not 'Organization'. can you fix the label?",
     "I've added the Organization field to the signup form."),
    ("oh wait, my bad, the bucket is assets-prod, not assets-staging", "I've pointed the uploader at assets-staging."),
    ("mea culpa... my mistake, the retention is 30 days, not 14", "I've set the log retention to 14 days."),
    ("perdón, me equivoqué de rama: es release/2.4, no main", "He abierto el PR contra main."),
    ("c'est ma faute, le port est 5433, pas 5432", "J'ai configuré la connexion sur le port 5432."),
    ("我的错，环境变量名应该是 API_BASE 不是 API_URL", "已经把代码改成读取 API_URL。"),
]
OWN_SLIP_FIRES = [
    ("my bad for not being clear, but you used the wrong table, it's orders_v2 not orders",
     "I've pointed the report at the orders table."),
    ("my mistake on the port, but the login is still broken after your change", "Fixed the login redirect."),
    ("I misread your question earlier, sorry. but why did you delete the migration?",
     "I've deleted the old migration and regenerated it."),
    ("that's on me for the port, but now the page is blank", "I've updated the routes."),
    ("no, use pnpm not npm, my bad for not saying earlier, and revert the lockfile", "Installed the deps with npm."),
]


@pytest.mark.parametrize("text,answer", OWN_SLIP_QUIET)
def test_the_persons_own_mistake_owned_outright_is_no_correction(text, answer):
    assert not judge(text, answer).correction, text
    assert not judge(text, None).correction, text


@pytest.mark.parametrize("text,answer", OWN_SLIP_FIRES)
def test_an_apology_that_still_names_the_agents_fault_or_turns_to_what_is_broken_fires(text, answer):
    assert judge(text, answer).correction, text


# -- the agent's offer taken --------------------------------------------------------------------------------------------

OFFER_TAKEN_QUIET = [
    ("the page says connection refused. please start the server for me",
     "The dashboard routes are registered and the page renders the table. If you'd like, I can start the dev server "
     "for you now."),
    ("it still shows the old build? ok, can you deploy it", "I've merged the fix. Want me to deploy it to staging?"),
    ("the mails don't go out yet, yes please schedule it", "The digest job is written. Shall I schedule it for 9am?"),
    ("打开后显示拒绝连接，请帮我启动服务", "前端已经改好了。需要的话我可以现在帮你启动服务。"),
]
OFFER_TAKEN_FIRES = [
    # the turn to what is wrong now, or the agent's act named as the fault
    ("the page is still blank, please start the server again",
     "I've fixed the routes. If you'd like, I can start the dev server for you now."),
    ("please start the server. the login form you added throws a 500",
     "The login form is in place. If you want, I can start the server for you."),
    ("the chart you added shows NaN, please deploy it after fixing that",
     "I added the chart and committed it. Shall I deploy it to staging?"),
    # a request that is not the offered step
    ("the login is broken now, please fix it", "I've added the login page. Want me to add tests too?"),
]


@pytest.mark.parametrize("text,answer", OFFER_TAKEN_QUIET)
def test_asking_for_the_step_the_answer_offered_is_no_correction(text, answer):
    assert not judge(text, answer).correction, text


@pytest.mark.parametrize("text,answer", OFFER_TAKEN_FIRES)
def test_a_report_on_the_work_with_or_without_the_offer_taken_fires(text, answer):
    assert judge(text, answer).correction, text


# -- an apology for a limit, a router's refusal ---------------------------------------------------------------------------

def test_a_reply_that_apologises_for_a_limit_of_its_tools_concedes_nothing():
    from altimate_learn.capture import replies

    for reply in ("I'm sorry, I only have access to a limited set of tools: view, grep and ls.",
                  "Sorry, that isn't supported by this CLI, but I can print the file instead.",
                  "Sorry, I don't support opening images here."):
        assert replies.read_reply(reply) is None, reply
    for reply in ("Sorry, I broke the import when I moved the helper. Fixed now.", "I apologize, I deleted the wrong file."):
        assert replies.read_reply(reply) == replies.CONCEDED, reply
    quiet = classify_user_message(UserMessage(text="now try opening the design notes", index=2, after_assistant=True),
                                  UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=DONE,
                                  reply="I'm sorry, I only have access to a limited set of tools: view, grep and ls.")
    assert not quiet.correction


def test_a_model_routers_refusal_pasted_after_done_work_is_the_persons_setup():
    paste = ('Error: Error from provider(404): {"error":{"message":"No endpoints found that support tool use. To learn '
             'more about provider routing, visit: https://openrouter.ai/docs/provider-routing","code":404}}')
    assert not judge(paste, "I've added the search tool to the agent's tool list.").correction
    # a 404 of the person's own app after the agent's change is still a report
    assert judge("now the app gives Error: 404 not found on /api/search",
                 "I've added the search endpoint and wired it into the router.").correction


# -- the work set against the rest of the code; the claimed part granted, another timing out; "No —" -----------------------

REST_FIRES = [
    ("where's the docstring? every other function in this file has one", "Here's the new retry helper."),
    ("why pull in axios when the whole codebase uses fetch?", "Added axios to call the pricing API."),
    ("all our other services log in JSON", "I've added logging to the billing worker with plain print calls."),
    ("hmm, every other endpoint here returns 201 on create", "I've added the POST /invoices endpoint."),
    ("it builds but the dashboard tests time out on CI now", "Cleaned up the dashboard layout; the build passes."),
    ("the page loads but the chart is upside down", "Rebuilt the chart with the new library; the page loads fast."),
    ("No — sqlite in prod is a no-go, use the postgres service", "Configured the app to use a local sqlite file."),
]
REST_QUIET = [
    ("scan the whole project first and tell me what every other module does", "I've read the README."),
    ("add a footer like every other page has", "I've built the pricing page."),
    ("the whole team uses macs", "I've added the setup script."),
    ("search the entire codebase for the old name and list the files", "I've renamed the class."),
    ("no — that's all, thanks", "Stored the invoice amounts as float."),
    ("it builds but can you also add a dark mode toggle?", "Rebuilt the settings page; it builds."),
]


@pytest.mark.parametrize("text,answer", REST_FIRES)
def test_the_work_set_against_the_rest_of_the_code_or_a_part_failing_after_a_granted_claim_fires(text, answer):
    assert judge(text, answer).correction, text


@pytest.mark.parametrize("text,answer", REST_QUIET)
def test_a_task_over_the_whole_project_new_work_or_a_plain_no_stays_quiet(text, answer):
    assert not judge(text, answer).correction, text


# -- a rule for the rest of a skeleton -------------------------------------------------------------------------------------

SKELETON_QUIET = [
    ("the job should never run twice at once, it isn't idempotent", "I've scaffolded the cron job with an empty handler."),
    ("don't store the tokens in localStorage, use the secure cookie", "Scaffolded the login page with placeholder fields."),
    ("the importer should always skip rows without an id", "I've created the importer skeleton with stubbed parsers."),
]
SKELETON_FIRES = [
    ("it crashes on import now", "I've scaffolded the server with the health endpoint."),
    ("you hardcoded the port in the skeleton, don't do that", "I've created the server skeleton with the health endpoint."),
    ("the job should never run twice at once, it isn't idempotent", "I've added the cron job and deployed it."),
]


@pytest.mark.parametrize("text,answer", SKELETON_QUIET)
def test_a_rule_for_the_part_a_skeleton_left_to_write_is_no_correction(text, answer):
    assert not judge(text, answer).correction, text


@pytest.mark.parametrize("text,answer", SKELETON_FIRES)
def test_a_report_on_the_skeleton_its_fault_named_or_a_rule_after_finished_work_fires(text, answer):
    assert judge(text, answer).correction, text


# -- review30 R30-7 / R30-10: more work and approvals after the softener or the appeal to the rest -----------------------

ANSWER = "Added retries to the webhook handler and updated the tests."
R30_QUIET = [
    ("not to nitpick, but while you're there could you add docstrings to repo.py", ANSWER),
    ("not to nitpick, but it would be nice to also have a README for repo.py", ANSWER),
    ("sorry to be picky, but please also bump the version", ANSWER),
    ("maybe I wasn't clear: this is great, and next I want the same for the refunds handler", ANSWER),
    ("I might be wrong, but I think the CI runner has 4 cores, so let's parallelize the tests next", ANSWER),
    ("all the other helpers are fine, thanks", "I added `fetch_orders()` to `client.py` using `requests`."),
    ("the whole codebase uses httpx, so add retries there as well please",
     "I added `fetch_orders()` to `client.py` using `requests`."),
]
R30_FIRES = [
    ("my mistake was not mentioning it, but column renames always need a migration here",
     "I renamed the column to amount_cents and updated the model."),
    ("not to nitpick, but you renamed get_total without updating callers", ANSWER),
    ("why add requests when the whole codebase uses httpx?", "I added `fetch_orders()` to `client.py` using `requests`."),
]


@pytest.mark.parametrize("text,answer", R30_QUIET)
def test_more_work_or_an_approval_after_a_softener_or_an_appeal_to_the_rest_stays_quiet(text, answer):
    assert not judge(text, answer).correction, text


@pytest.mark.parametrize("text,answer", R30_FIRES)
def test_a_rule_after_owning_an_omission_and_a_softened_fault_still_fire(text, answer):
    assert judge(text, answer).correction, text
