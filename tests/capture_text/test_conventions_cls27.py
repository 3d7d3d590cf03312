"""capture/conventions.py (cls27, issue 20): a team convention stated as a plain fact right after the agent did
otherwise (a norm about the very thing the answer did) is a correction; the same kind of sentence about nothing the
answer did, a habit that is no norm, agreement, a request or a fault stays quiet. Sentences written for the shape."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage


def judge(text: str, answer: str | None):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


FIRE = [
    ("I opened the pull request against main and requested review.",
     "pull requests go to staging here, main only gets release merges"),
    ('I committed the change with the message "fixed stuff".', "our commit messages always start with the ticket id"),
    ("I edited the existing migration 0012 to add the column.",
     "migrations are never edited once they are merged, add a new one"),
    ("I put the new screen in screens/Settings.tsx.", "in this repo every screen gets its own folder"),
    ("I wrote the tests with unittest.", "this team writes tests with pytest, not unittest"),
    ("I named the file UserService.js.", "file names here are kebab-case"),
    ("I deployed it straight to production.", "nothing goes to prod without passing staging first"),
    ("I added the helper to the shared package.", "helpers live in each app's own lib folder, the shared package is for types only"),
]

QUIET = [
    # about something the answer did not do
    ("Done. I updated the code and all tests pass.", "pull requests go to staging here, main only gets release merges"),
    # not a norm, or agreement, a request, a fault, a question
    ("I opened the pull request against main and requested review.",
     "main is protected, so it needs two approvals. I'll ask the team"),
    ("I added the constants to utils.py.", "our config lives in a yaml file too, can you read it from there as well?"),
    ("I wrote the tests with pytest.", "we use pytest here too, great choice"),
    ("I deployed it to staging.", "staging deploys usually take ten minutes here"),
    ("I set up the CI workflow.", "our CI runs on self-hosted runners, so the first run may be slow"),
    ("I set up the CI workflow.", "our builds always fail on mondays, the runners get recycled"),
    ("I restored the stash after the rewrite.", "it's ok, no need to bring back the stash, just our commits"),
    ("I opened the pull request against main.", "do PRs here always go against main?"),
    # what the system does by itself, with its consequence: information, not a norm the agent broke
    ("I seeded the staging database with test users and verified the login flow end to end, everything works now.",
     "our staging always resets at midnight, so the test users will be gone tomorrow"),
    ("I deployed the new version through the pipeline and it is live now, all checks passed.",
     "every deploy goes through the pipeline here anyway, so no worries"),
    ("I added the migration and ran it locally, all tests pass.",
     "migrations here always run automatically on deploy, so nothing else to do"),
    ("I merged the branch into main and deleted it, done.", "nice, main is only deployed on fridays so it'll go out then"),
    ("I squashed the commits, done.", "we always squash merge, so I'll do that when merging"),
    # review27 R27-5: plain project facts that share a word with the answer, and a plan (nothing done yet)
    ("I've added the migration for the orders table.",
     "migrations here always run automatically on deploy, so you don't need to run it"),
    ("I committed the fix.", "our commits always get squashed on merge anyway"),
    ("I've pushed the branch.", "our branches always get deleted after merge, so don't worry about cleanup"),
    ("I added the dependency to requirements.txt.", "our requirements go through dependabot every monday"),
    ("I've created the ticket in Jira.", "our tickets go to the triage board first, Anna picks them up"),
    ("Deployed to staging.", "staging deploys here always go out at noon, so you'll see it then"),
    ("I'll start by reading the config.", "our config is split across three files, start with base.py"),
    ("I'll look at the payment service first.", "the payment service here only talks to stripe, so start there"),
    ("I've added the cache for the product list.", "our product list only changes once a day, so a long TTL is fine"),
    ("I added the index on users.email.",
     "our users table is only a few thousand rows, the index won't matter much but keep it"),
    # the agent asked: a stated rule answers the question
    ("Should I open the pull request against main or develop?", "pull requests go to develop here"),
]


@pytest.mark.parametrize("answer,text", FIRE)
def test_a_norm_stated_about_what_the_answer_did_is_a_correction(answer, text):
    assert judge(text, answer).correction, text


@pytest.mark.parametrize("answer,text", QUIET)
def test_look_alikes_stay_quiet(answer, text):
    assert not judge(text, answer).correction, text
