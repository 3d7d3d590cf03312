"""Issue 20, cls26: the residuals cls25 and review25 left, fixed by shape (each sentence below fired, or was missed, on
main before this change).

- A figure's fall with a request that sets a period against another or as a window is analysis, in any wording:
  "DAU всё ещё падает, выгрузи данные за месяц", "la tasa de apertura sigue cayéndose, compara con el mes pasado"
  (review25's R25-1 residuals; the word list of analysis words missed "выгрузи" and "compara").
- A bug somewhere in the code at large with a request to find it is new work; "we can't use <X> from home / right now"
  is the person's circumstance; "it'd be great if you didn't stop there: also …" asks for more; a fault dismissed with
  "anyway" asks for nothing; "not quite what I wanted, but good enough, ship it" accepts (review25 R25-9's sibling);
  "new task: …" opens new work, so a soft cue in it is a requirement.
- Hedged ways back to what was there: "I wonder if we should just keep the old parser", "any chance we can use the
  built-in logger?".
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "I've updated the handler and the tests. Everything should work now."


def judge(text: str, answer: str | None = DONE) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None,
                                      answer=answer).correction)


QUIET = [
    "DAU всё ещё падает, выгрузи данные за месяц",
    "la tasa de apertura sigue cayéndose, compara con el mes pasado",
    "die Anmeldungen stürzen immer noch ab, vergleich mit dem Vormonat",
    "конверсия всё ещё падает, разбей по неделям",
    "there's a bug in this codebase somewhere, can you find it?",
    "something in the repo leaks memory somewhere, can you track it down?",
    "we can't use the company VPN from home, so test locally",
    "I can't use docker on this laptop right now, run the tests without it",
    "it'd be great if you didn't stop there: also port the admin pages",
    "it would be nice if you didn't stop here, do the settings page too",
    "your tests don't run on Windows but we don't support Windows anyway",
    "the export skips archived rows, nobody uses those anyway",
    "not quite what I wanted, but good enough, ship it",
    "not exactly what I pictured but close enough, ship it",
    "new task: write an importer that skips bad rows instead of aborting",
    "next ticket: a CLI flag that prints JSON instead of text",
    "I wonder if we should add caching",
    "any chance you can keep the logs for a week?",
    "any chance we can use the built-in logger in the new service too?",
    "what if we used sqlite instead of postgres",
]

FIRE = [
    "приложение всё ещё падает после твоего фикса",
    "la app se sigue cayendo, lo vi la semana pasada",
    "la app se sigue cayendo al abrir el perfil",
    "there's a bug in the checkout since your change, can you find it?",
    "we can't use moment.js, we use date-fns",
    "it would be nice if you didn't touch the tests",
    "not quite what I wanted, rewrite it and then ship it",
    "use the streaming parser instead of loading the whole file",
    "I wonder if we should just keep the old parser",
    "any chance we can use the built-in logger?",
    "any chance we could stick with the existing schema?",
    "I was wondering if we could go back to the previous layout",
]


@pytest.mark.parametrize("text", QUIET)
def test_residual_look_alikes_stay_quiet(text):
    assert not judge(text), text


@pytest.mark.parametrize("text", FIRE)
def test_their_corrections_still_fire(text):
    assert judge(text), text
