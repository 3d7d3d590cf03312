"""Session #24 (cls42, issue 20): review41's R41-10 and R41-5 at the classifier.

- R41-10: "no prints please, we log through app/log.py here" was quiet while "no prints please" fired: the team's way
  after a ban may be a verb of the team's own with how it is done ("we log through …", "we format with …", "we query via
  …"), not only "we use …". Never a past, a modal or a step in time ("we talked with the team", "we start with the
  prototype"), nor a ban of nothing ("no rush please, we live with that").
- R41-5: "print again??" right after the logger lesson was delivered: a short complaint that names a thing a lesson given
  in the session names is a correction though the answer does not name it (``delivered``: the lines the session was
  shown, which the live capture worker reads from the session's delivery state).
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text
from tests.capture_text.delivered import ELSE, LESSONS, LOGGER
from tests.capture_text.delivered import judge as _judge

USED = "Done: added app/m1.py with a print of the totals."
ASKS = "Should the export report the totals with print or with the logger?"


@pytest.mark.parametrize("text, fires", [
    ("no prints please, we log through app/log.py here", True),
    ("no print statements please, we log via the logger module", True),
    ("no prints please, we log everything through structlog", True),
    ("no tabs please, we indent with 2 spaces", True),
    ("no raw sql please, we query through the ORM", True),
    ("no console.log pls, we log via pino", True),
    ("no prints please, we use app/log.py", True),  # as before
    ("no rush please, we live with that", False),
    ("no comments please, we talked with the team", False),
    ("no tests for now please, we start with the prototype", False),
    ("no worries, we deal with it later", False),
    ("no emojis please, we talk with customers through this", False),
    # review42 R42-7: the team's way with its object and how ("we keep them in conftest.py")
    ("no new deps please, we vendor everything under third_party/", True),
    ("no global state please, we pass config through the Settings object", True),
    ("no fixtures in the test file please, we keep them in conftest.py", True),
    ("no hardcoded urls please, we read them from settings.API_BASE", True),
    ("no requests please, we call APIs through the shared httpx client", True),
    ("no class components please, we write function components with hooks", True),
    ("no sleeps in tests please, we wait with the poll() helper", True),
    ("no mocking the db please, we test against the docker postgres", True),
    ("no photos please, we sit in a shared office", False),
    ("no worries at all please, we use whatever works", False),
])
def test_a_ban_with_the_teams_way_of_doing_it(text, fires):
    for answer in (USED, ELSE):
        verdict = classify_text(text, answer)
        assert bool(verdict.correction) is fires, (text, answer, verdict.reason)
        if fires:
            assert verdict.reason == "stated a team convention"


@pytest.mark.parametrize("text", ["print again??", "why print?", "print?!", "ugh print again??"])
def test_a_complaint_naming_a_delivered_lessons_thing(text):
    assert _judge(text, ELSE, LOGGER) == (True, "complained of a thing a lesson given in this session bans")
    assert _judge(text, None, LOGGER)[0]  # the answer not kept: the lesson is the evidence
    assert _judge(text, ELSE) == (False, "")  # no lesson delivered: the answer names no print


@pytest.mark.parametrize("text", [
    "print again",  # a request to print once more
    "docs again??",  # a thing no lesson names
    "print again?? haha ok thanks",  # taken lightly
    "again??",
    "nope. structlog.",  # the replacement: no lesson need name it, and the answer names none
])
def test_no_complaint_of_a_delivered_lesson(text):
    verdict = _judge(text, ELSE, LOGGER)
    assert verdict[1] != "complained of a thing a lesson given in this session bans", text


@pytest.mark.parametrize("text", ["why int() again?", "os.path again...", "ugh, requests. again.", "int() again, seriously?",
                                  "prints again :(", "float again?!", "print AGAIN"])
def test_a_complaint_of_a_banned_thing_in_its_everyday_shapes(text):
    assert _judge(text, ELSE, LESSONS) == (True, "complained of a thing a lesson given in this session bans"), text


@pytest.mark.parametrize("text", ["money again?! the finance team wants another report", "files again?? how many are left",
                                  "timeout again?? the staging server is so slow today", "UI again? let's do the backend first",
                                  "Decimal again?!", "httpx again??", "pathlib again?", "print again."])
def test_a_word_of_a_lessons_prose_or_what_it_asks_for_is_no_such_complaint(text):
    assert _judge(text, ELSE, LESSONS)[1] != "complained of a thing a lesson given in this session bans", text


def test_after_the_agents_own_question_it_is_an_answer():
    assert _judge("print again??", ASKS, LOGGER) == (False, "")
