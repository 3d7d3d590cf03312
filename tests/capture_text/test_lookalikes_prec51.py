"""prec51 (issue 20, precision on people not yet seen): look-alikes of a correction quiet by the structure that misled a
rule (a case asked about, the agent cleared by a "not caused by your …", a fault said to be intended, a thing of the
person's surroundings, a way of working set for the inquiry the message asks for, a premise of the next step said of
something else), and the corrections of the same shapes that must still fire."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done. I updated the export handler in api.py and all tests pass."


def judge(text: str, answer: str | None = DONE):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


QUIET = [
    # a case asked about or asked to be handled: the failure word names the case, not what happened
    "check what happens when the file is empty",
    "now test what would happen if the queue is empty at startup",
    "handle the case where the list is empty",
    "add a test for when the config file is empty",
    "vérifie ce qui se passe quand le fichier est vide",
    "prüfe, was passiert, wenn die Datei leer ist",
    "comprueba qué pasa cuando la lista está vacía",
    "veja o que acontece quando o arquivo está vazio",
    # the agent cleared, with the change named inside the clearing words
    "the deploy is failing, not caused by your changes, the registry is down",
    "the build is broken on main, not from your change",
    "the staging build is red, not due to your edits, someone pushed a bad lockfile",
    # a fault said to be intended
    "it is broken by design",
    "it's broken by design, the legacy export only takes csv",
    "the preview is empty on purpose until the user picks a file",
    # the person's surroundings, not the work
    "the coffee machine is broken though",
    "office wifi is broken now",
    "the elevator is broken again, I'll be late to standup",
    "la machine à café est en panne",
    # a way of working set for the inquiry the message opens with
    "Explore the text/data module option thoroughly, using the official docs and experiments. Do not assume any details",
    "look into the flaky test and report back, don't fix anything",
    "please continue the migration plan. Research the driver docs and make no assumptions",
    "investigate the memory leak in the worker, don't change any code",
    # a premise of the next step, said of something else (check51 C51-1)
    "same error handling as the orders module please",
    "use the same error format as the billing api for the new endpoint",
    "still no reply from finance, draft a reminder",
    "still waiting for approval from legal, prepare the release notes anyway",
    "the old endpoint is still used by the mobile app, keep it",
    "the v1 client is still used in the billing service, so leave it in place",
    "nothing changed in the api, so just bump the client version",
]

FIRE = [
    "when I open it the page is empty",
    "the page is broken now",
    "it's still broken",
    "the file is empty now, check what happens when you save",
    "the build is broken since your change",
    "not your fault, but the build is red since your change, revert it",
    "the deploy is failing, not caused by the registry, your change broke the config",
    "you removed the retry on purpose? put it back",
    "the export page you built is broken now",
    "look into the flaky test again, don't guess this time",
    "don't assume, check the docs",
    "you assumed the schema, don't assume things",
    "investigate why it fails and stop changing the tests, I told you not to edit them",
    "the page is empty now, not the wifi, it's the handler",
    "same error handling as before, but I still get the same error",
    "same error again",
    "nothing changed in the ui, so I guess it didn't work",
    "the old endpoint is still used by the handler, you didn't replace it",
    "still no reply from the webhook you added, it never fires",
]


@pytest.mark.parametrize("text", QUIET)
def test_look_alikes_stay_quiet(text):
    assert not judge(text).correction, text


@pytest.mark.parametrize("text", FIRE)
def test_corrections_of_the_same_shapes_still_fire(text):
    assert judge(text).correction, text
