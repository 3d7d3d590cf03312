"""cls36 (issue 20): review36's probes of session #18, each a form the classifier missed on the session's start code
(a354408a), with look-alikes that must stay none. Sentences written for the test (review36's probe shapes); none is a row
of any set.

- R36-1: "we use X, not Y" / "in this project we always use X" in German, Italian, French, Russian and Chinese, as its
  English, Spanish and Portuguese siblings were read; "bitte keine print-Aufrufe, wir verwenden das logging-Modul".
- R36-2: an always/never rule after a filler with no comma ("anyway never …", "oh and never …", "whatever, just never …").
- R36-4: "why is there a print in the handler?" after an answer that says it made the handler; "why is there a console.log
  in cart.js?" after one that worked on cart.js; "what's with all the print statements?" after done work.
- R36-13 / R36-14 (review36's look-alikes of the branch): "never seen that before", "btw never used that lib myself",
  "always happy to help" tell of the person, not a rule; "我们都用过这个库" ("we've all used this lib") describes no convention;
  "what's with all the TODOs in the legacy module?" names a place the agent did not work on.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage


def judge(text: str, answer: str):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


DONE = "Done. I updated the code."
CONVENTIONS_ABROAD = [
    "wir nutzen pnpm, nicht npm",
    "hier verwenden wir pnpm, nicht npm",
    "wir verwenden immer logging, nie print",
    "qui usiamo pnpm, non npm",
    "in questo progetto usiamo sempre pnpm",
    "dans ce projet on utilise pnpm",
    "nous utilisons pnpm, pas npm",
    "мы используем pnpm, а не npm",
    "我们一直用 pnpm，不用 npm",
    "bitte keine print-Aufrufe im Code, wir verwenden das logging-Modul",
]


@pytest.mark.parametrize("text", CONVENTIONS_ABROAD)
def test_a_team_convention_in_another_language_is_a_correction(text: str) -> None:
    verdict = judge(text, DONE)
    assert verdict.correction, (text, verdict)
    assert verdict.reason == "stated a team convention"


STACK_DESCRIBED = [
    "wir verwenden React und Postgres",
    "wir nutzen React, weil es schnell ist",
    "usiamo React per il frontend",
    "мы используем React",
    "我们用 React 做前端",
    "nous utilisons React pour le front",
    "bitte keine Eile",
    "我们都用过这个库，挺好用的",
    "我们只用了一半的时间就做完了",
    "on utilise jamais cette fonction, tu peux la supprimer ?",
]


@pytest.mark.parametrize("text", STACK_DESCRIBED)
def test_the_stack_described_or_a_reassurance_is_none(text: str) -> None:
    verdict = judge(text, DONE)
    assert not verdict.correction, (text, verdict)


SCRIPT = "I added the deploy script in deploy.sh."
FILLER_RULES = [
    "anyway never hardcode tokens in deploy.sh",
    "oh and never commit .env files",
    "whatever, just never hardcode tokens in scripts",
]


@pytest.mark.parametrize("text", FILLER_RULES)
def test_an_always_never_rule_after_a_filler_is_a_correction(text: str) -> None:
    verdict = judge(text, SCRIPT)
    assert verdict.correction, (text, verdict)
    assert verdict.reason == "stated an always/never rule"


@pytest.mark.parametrize("text", ["anyway never mind", "oh and never mind", "just never mind",
                                  "whatever never worked before will not work now", "we should probably not worry about that",
                                  "never seen that before", "oh never seen that before", "btw never used that lib myself",
                                  "never happened again after the restart", "anyway always happy to help",
                                  "always fun with timezones lol", "just never got around to it"])
def test_never_mind_and_a_filler_word_as_subject_are_none(text: str) -> None:
    verdict = judge(text, SCRIPT)
    assert not verdict.correction, (text, verdict)


PUT_IN = [
    ("why is there a print in the handler? use the logger", "I added the /orders handler in api.py."),
    ("why is there a print in the handler?", "I added the /orders handler in api.py."),
    ("why is there a console.log in cart.js?", "I updated src/cart.js with the discount logic."),
    ("why is there a console.log in cart.js? remove it", "I updated src/cart.js with the discount logic."),
    ("why is there a hardcoded API key in config.py?", "I added the client setup to config.py."),
    ("what's with all the print statements?", "I refactored utils.py."),
    ("what's with all the prints in utils.py?", "I refactored utils.py."),
]


@pytest.mark.parametrize(("text", "answer"), PUT_IN)
def test_a_question_about_what_the_agent_put_in_is_a_correction(text: str, answer: str) -> None:
    verdict = judge(text, answer)
    assert verdict.correction, (text, verdict)


NOT_PUT_IN = [
    ("why is there a delay on startup?", "I fixed the login page."),
    ("why is there a dist folder in the repo?", "I fixed the login page in src/login.tsx."),
    ("why is there a print in the handler? just curious", "I added the /orders handler in api.py."),
    ("why is there a limit in the API?", "I added pagination to the API client."),
    ("why is there a hardcoded key in config.py?", "I fixed the login page in src/login.tsx."),
    ("why is there a TODO in utils.py? I wrote it last year", "I refactored utils.py."),
    ("what's with all the warnings?", "I refactored utils.py. Want me to also update the tests?"),
    ("what's with all the TODOs in the legacy module?", "I refactored utils.py."),
]


@pytest.mark.parametrize(("text", "answer"), NOT_PUT_IN)
def test_a_question_about_a_place_the_agent_did_not_work_on_is_none(text: str, answer: str) -> None:
    verdict = judge(text, answer)
    assert not verdict.correction, (text, verdict)
