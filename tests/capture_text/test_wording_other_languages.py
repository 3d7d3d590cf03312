"""Issue 20, cls24: the English shorthand and typo table of `wording.normalise` runs on English only.

- A message in Spanish, Portuguese, French, German or Italian (at least two of its words, and more than English ones,
  are those languages' commonest short words; a word in capitals is a name) is left as typed: Spanish "ya" (already) is not "you", German "falls" (in case) is not a typo
  of "fails", French "installer" is not "installed".
- English words one letter away from a cue word are words, not typos: "skill" is not "still", "falling" not
  "failing", "cashing" not "crashing".
- With "si …" / "s'il …" / "falls …" left as typed, a condition in those languages at a clause's opening is no report
  after done work, as "if …" is not in English; "si, …" (yes, …) is no condition.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage
from altimate_learn.capture.wording import foreign, normalise

DONE = "Done. I updated the upload handler and the API client; the build passes and the dev server is running on port 5173."


def judge(text: str, answer: str = DONE) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None,
                                      answer=answer).correction)


@pytest.mark.parametrize("text", [
    "ya no da error, pero el login no funciona",
    "ya lo probé, ahora haz el deploy",
    "Falls der Build fehlschlägt, zeig den Fehler an",
    "il faut installer le paquet dont je t'ai parlé",
    "já não dá erro, mas o botão ainda não funciona",
    "ya funciona",
])
def test_a_message_in_another_language_is_left_as_typed(text):
    assert foreign(text)
    assert normalise(text) == text


@pytest.mark.parametrize("text, plain", [
    ("u didnt update the test", "you didn't update the test"),
    ("pls dont touch the config", "please don't touch the config"),
    ("its stil broken", "its still broken"),
    ("nothign changed", "nothing changed"),
])
def test_english_shorthand_and_typos_are_still_made_plain(text, plain):
    assert not foreign(text)
    assert normalise(text) == plain


# review24 R24-1: one word of another language, or a name in capitals, does not make an English message foreign.
@pytest.mark.parametrize("text, answer", [
    ("stil failing ya", "I've fixed the tests."),
    ("nothign changed ya", "I've fixed it."),
    ("thats wrong ya", "I've fixed it."),
    ("ya didnt run the tests", DONE),
    ("stil broken in EST", "I've fixed it."),
    ("dont hardcode EST pls", DONE),
    ("u shouldnt use MIT", DONE),
    ("doesnt work on El Capitan", "I've fixed the build."),
    ("stil failing on DES", "I've fixed the DES cipher."),
])
def test_an_english_message_with_one_foreign_looking_word_is_still_made_plain(text, answer):
    assert not foreign(text)
    assert judge(text, answer)


@pytest.mark.parametrize("text", [
    "add a skill for the upload",
    "the layout falls apart on mobile",
    "the image is visibly darker",
    "leading zeros are needed in the invoice id",
    "the price is falling, add an alert",
    "the cashing out page is next",
    "the installer step is next",
    "I filed a ticket for the flaky test",
    "I messed up my local env",
    "the newer version is out",
])
def test_english_words_a_letter_away_from_a_cue_word_are_not_typos(text):
    assert normalise(text) == text


# Typed look-alikes (none from a corpus): English words next to a cue word, and conditions in other languages, after an
# answer that said the work was done. Each was flagged by the main of the time, or guards its neighbours.
@pytest.mark.parametrize("text", [
    "skill issue on my side, I had the wrong branch checked out",
    "add a skill that shows the error count",
    "the skill showing the deploy steps is great",
    "make a skill for failing builds",
    "the price is falling, add an alert",
    "the cashing out page is next",
    "the layout falls back to one column on mobile, nice",
    "si no funciona, usa la versión anterior",
    "si da error, reinténtalo tres veces",
    "si falla el upload, muestra un mensaje",
    "si hay un error, muéstralo en rojo",
    "si ça plante, affiche un message",
    "si ça ne marche pas, reviens à l'ancienne version",
    "s'il y a une erreur, affiche-la",
    "falls es wieder einen Fehler gibt, zeig eine Meldung",
    "falls das nicht funktioniert, nimm die alte Version",
])
def test_look_alikes_after_done_work_stay_quiet(text):
    assert not judge(text)


@pytest.mark.parametrize("text", [
    "u didnt update the test",
    "pls dont touch the config",
    "its stil broken",
    "the skill still fails to load",
    "the page still falls apart on mobile",
    "still falls apart when I log in twice",  # review24 R24-3
    "it still falls apart with large files",
    "si, sigue dando error",
    "sigue sin funcionar",
    "ya no funciona el login",
    "ça ne marche toujours pas",
    "es funktioniert immer noch nicht",
])
def test_reports_next_to_them_still_count(text):
    assert judge(text)
