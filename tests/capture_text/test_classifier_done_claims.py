"""A short or passive done claim is a done claim (review14 R14-31): "Done.", "All done, the endpoint is added.", "The
settings page is in place.", "Everything works." say the work was done as much as "I have added the settings page.", and
a report that the result fails outright after any of them is a correction. The same reports after an answer that claims
nothing stay quiet, and so does a next request after "Done.". Every sentence here is invented."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import answered, classify_text


def _flags(text: str, answer: str) -> bool:
    return classify_text(text, answer).correction


SHORT_CLAIMS = [
    "Done.",
    "Done!",
    "Done: the settings page is added and everything works.",
    "All done, the endpoint is added.",
    "OK, done.",
    "It's done.",
    "That's done, the route is registered.",
    "The settings page is in place.",
    "The endpoint is now added to the router.",
    "The migration was applied and the tests pass.",
    "Everything works.",
    "Everything is working now.",
    "That should do it.",
    "Added the settings page.",
    "Created `settings.py` with the defaults.",
    "- Added the endpoint\n- Registered the router",
    "Finished: the export button is wired up.",
]
REPORTS = [
    "it crashes on startup now",
    "the page is blank now",
    "how do i fix this? it crashes on startup now",
    "I get a 500 now",
    "the build fails",
]


@pytest.mark.parametrize("answer", SHORT_CLAIMS)
@pytest.mark.parametrize("report", REPORTS)
def test_a_failure_after_a_short_or_passive_done_claim_is_a_report(answer, report):
    assert _flags(report, answer), f"{report!r} after {answer!r} missed"


@pytest.mark.parametrize("answer", SHORT_CLAIMS)
@pytest.mark.parametrize("text", ["ok now add tests", "thanks!", "great, now the dark mode toggle",
                                  "can you also add a settings link to the navbar?", "looks good"])
def test_the_next_request_or_thanks_after_a_short_done_claim_is_not(answer, text):
    assert not _flags(text, answer), f"{text!r} after {answer!r} flagged"


# Answers that claim nothing: a question, a plan, advice, a "done" that is not the agent's ("when you're done …").
NO_CLAIM = [
    "Sure, which page should the settings live on?",
    "Here is how you could structure it: a settings module and a page that reads it.",
    "Once that is done, we can wire the router.",
    "Let me know when you're done with the migration.",
    "It's not done yet: I still need the database URL.",
    "What is the endpoint supposed to return?",
    "Is the settings page added to the menu, or should it stay hidden?",
    "The endpoint is not added yet; which path do you want?",
    "Here's how it works: the router reads the settings on startup.",
    "Finished reading the code: the router reads the settings on startup.",
    "Set up the database first, then run the migrations.",
    "When the migration is applied, the settings page can read the new column.",
]


@pytest.mark.parametrize("answer", NO_CLAIM)
def test_an_answer_that_claims_nothing_is_no_done_claim(answer):
    assert not answered(answer), f"read as a done claim: {answer!r}"


@pytest.mark.parametrize("answer", NO_CLAIM)
@pytest.mark.parametrize("report", ["it crashes on startup now", "the page is blank now"])
def test_the_same_failure_after_an_answer_that_claims_nothing_is_unchanged(answer, report):
    assert not _flags(report, answer), f"{report!r} after {answer!r} flagged"


# Other languages the classifier reads: their short and passive done claims, and a failure reported after them.
@pytest.mark.parametrize("answer, report", [
    ("¡Listo! El endpoint está añadido.", "no funciona"),
    ("Hecho.", "ahora la página sale en blanco"),
    ("Pronto! O endpoint foi adicionado.", "não funciona"),
    ("C'est fait, la page est ajoutée.", "ça ne marche pas"),
    ("Terminé.", "la page ne s'affiche plus"),
    ("Erledigt, der Endpunkt ist hinzugefügt.", "funktioniert nicht"),
    ("Fertig.", "es startet nicht"),
    ("Fatto! L'endpoint è stato aggiunto.", "non funziona"),
    ("Сделано, эндпоинт добавлен.", "не работает"),
    ("Tamamlandı, endpoint eklendi.", "çalışmıyor"),
    ("好了，接口加上了。", "打不开"),
    ("搞定。", "启动不了"),
    ("できました。", "動かない"),
    ("완료!", "안 돼요"),
])
def test_short_done_claims_in_other_languages(answer, report):
    assert answered(answer), f"not read as a done claim: {answer!r}"
    assert _flags(report, answer), f"{report!r} after {answer!r} missed"


@pytest.mark.parametrize("answer", [
    "¿Dónde quieres el endpoint?",
    "Pronto lo tendré, ¿qué base de datos usas?",
    "Où voulez-vous la page ?",
    "Wo soll der Endpunkt hin?",
    "你想把接口放在哪里？",
])
def test_a_question_in_another_language_is_no_done_claim(answer):
    assert not answered(answer), f"read as a done claim: {answer!r}"
