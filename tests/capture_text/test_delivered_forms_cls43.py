"""Session #25 (cls43, issue 20), each form with look-alikes that stay quiet:

- two everyday complaints of a thing a delivered lesson bans that the narrowing of #24 (review42 R42-7) lost: the marks
  then one word of disbelief ("float?? really?") and the thing refused once more ("not float again"); quiet: more words
  after the disbelief, "not X" without "again" (it may ask which to use), a thing no lesson bans, no lesson delivered;
- "read the token from the env" after an answer that handled that secret another way (review41 R41-3's fifth)."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text
from tests.capture_text.delivered import ELSE, LESSONS
from tests.capture_text.delivered import judge as _judge

REASON = "complained of a thing a lesson given in this session bans"


@pytest.mark.parametrize("text", ["float?? really?", "float? really?", "float?! seriously", "float?? come on",
                                  "not float again", "not float again!", "not print again", "ugh, not requests again"])
def test_disbelief_or_the_thing_refused_once_more(text):
    assert _judge(text, ELSE, LESSONS) == (True, REASON), text
    assert _judge(text, ELSE) == (False, "")  # no lesson delivered: the answer names none of them


@pytest.mark.parametrize("text", ["float? really? I thought we used it everywhere", "float?? really? ok fine",
                                  "not float?", "not float", "float? really", "not httpx again", "not money again",
                                  "not Decimal again", "not again, float?"])
def test_their_look_alikes(text):
    assert _judge(text, ELSE, LESSONS)[1] != REASON, text


# "read the token from the env" (review41 R41-3's fifth: the built-in reflector makes the rule, capture never recorded it)
HARDCODED = "Done: the client in app/gh.py now sends GITHUB_TOKEN = 'ghp_x' with each call; the sync runs."
API_KEY = "I added the Stripe call in billing.py and put the API key in a constant at the top of the file."
FROM_ENV = "Done: the client reads the token from os.environ['GITHUB_TOKEN'] and the sync runs."
ASKS_WHERE = "I wired the client. Where should the token come from?"
KEYBOARD = "I added keyboard shortcuts and a tokenizer for the search box."
SECRET = "said where a secret comes from"


@pytest.mark.parametrize("text, answer", [
    ("read the token from the env", HARDCODED),
    ("read the token from the env please", HARDCODED),
    ("token from env pls", HARDCODED),
    ("use the github token from .env", HARDCODED),
    ("get the api key from an environment variable", API_KEY),
    ("load the API key from process.env instead", API_KEY),
])
def test_where_the_secret_the_agent_handled_comes_from(text, answer):
    assert classify_text(text, answer).reason == SECRET, text


@pytest.mark.parametrize("text, answer", [
    ("read the token from the env", FROM_ENV),  # the answer reads it there already
    ("read the token from the env", ASKS_WHERE),  # an answer to the agent's question
    ("read the token from the env", KEYBOARD),  # no secret handled ("tokenizer", "keyboard")
    ("read the token from the env", ELSE),
    ("get the api key from an environment variable", HARDCODED),  # another kind of secret
    ("read the token from the env for now", HARDCODED),  # this task only
    ("now read the token from the env and call the api", HARDCODED),  # a step of new work
    ("can you read the token from the env?", HARDCODED),  # a question
    ("read the file from the env", HARDCODED),  # no secret
    ("the port from the env", HARDCODED),
])
def test_where_a_secret_comes_from_look_alikes(text, answer):
    assert classify_text(text, answer).reason != SECRET, (text, answer)

