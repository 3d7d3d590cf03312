"""Issue 20, cls25: a second round of indirect forms written from no message (the issue's hedged, reminder and challenge
groups): "not really what I had in mind", "I was hoping for …", "not a fan of the …", "looks a little too …", "not sure
about the naming", "it might be cleaner to …", "hmm, I think we should keep …", "don't forget we use …", "I thought we
were using …", "why X and not Y?". Look-alikes stay quiet: a request, a plan, a note about a meeting, praise, new work,
a question asked out of interest or for the person's own document.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "I've fixed the login handler and updated the tests. Everything passes now."


def judge(text: str, answer: str | None = DONE) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None,
                                      answer=answer).correction)


@pytest.mark.parametrize("text", [
    "I was hoping for a simpler version",
    "I was expecting the tests to stay in one file",
    "not a fan of the new naming",
    "I'm not a big fan of all these helper classes",
    "the spacing looks a little too tight",
    "not sure about the naming here",
    "I'm not sure about your approach",
    "it might be better to keep it in one file",
    "might be cleaner to use a dataclass",
    "hmm, I think we should keep the old endpoint",
    "don't forget we use pnpm",
    "don't forget that the API is versioned",
    "why redux and not context?",
    "I thought we were using tailwind",
    "hmm not sure that's what I had in mind",
    "that's not really what I had in mind",
    "I had something else in mind",
    # review25 R25-7: the must-fire side, and a correction followed by a go-on still counts
    'not really what I had in mind, the table should be sortable',
    'I was hoping for a simpler version without the extra class',
    'not a fan of the nested ternaries',
    'looks a little too cluttered, drop the borders',
    'it might be cleaner to keep the parsing in one function',
    "don't forget we use pnpm",
    'I thought we were using tabs',
    'why axios and not fetch?',
    'no need to add tests, continue with the API',
    'can you not add emojis? continue with the rest',
    # review25 R25-9: a request to change the agent's work before going on keeps the correction
    'not a fan of the extra wrapper, inline it and move on',
    'I thought we agreed on Decimal, replace the floats and continue',
    "that's not what I asked for, redo it",
    'not a fan of the nested ternaries, rewrite them and then continue',
    'not a fan of the nested ternaries, change them and continue',
    'I thought we were using tabs, fix that and carry on',
    'I thought we agreed on pnpm, switch it back and keep going',
    'we use pnpm, remember? redo the install and move on',
    'not sure this extra index is a good idea, drop it and carry on',
])
def test_hedged_reminding_and_challenging_forms_count(text):
    assert judge(text)
    assert judge(text, answer=None)


@pytest.mark.parametrize("text", [
    "I was hoping you could help me with the deploy",
    "I was hoping to finish this today",
    "I was expecting a call from the client",
    "that's exactly what I had in mind, thanks",
    "it's a bit too early to deploy",
    "not sure about the deadline, ask Bob",
    "it might be better to wait until monday to deploy",
    "hmm, I think we should also add tests",
    "hmm, I think we should ship it",
    "don't forget about the meeting at 3pm",
    "don't forget to add a changelog entry for the new feature",
    "why rust over go for the new service? just curious",
    "why react and not vue? I'm writing the design doc",
    "I thought we were done, great",
    "the colors look great",
    "looks a bit too good to be true, nice work",
    # review25 R25-7 and the fresh look-alikes of its R25-2 / R25-4 checks: going on or accepting in the same message, a
    # purpose or curiosity worded otherwise, the person's own fault, a fact then a lookup, a doubt put up for discussion
    'I was hoping for a quick win and this is it, thanks!',
    'hmm, I think we should keep going, next ticket',
    "not sure about the naming of the new service yet, let's ask the PM later; continue with the API",
    'I thought we were using this branch for the demo too, anyway carry on',
    'any particular reason you picked zod? the team asked me to document our choices',
    'why was the route renamed? need to tell the mobile team',
    "arrête de chercher, c'était ma faute, j'avais pas mis la variable d'env",
    'deja de buscar, el error era mío: tenía mal el .env',
    'our secrets are stored in vault, fetch the stripe key from there',
    'not sure the retry is a good idea, what do you think?',
    "I don't think these indexes are needed, but let's measure first: run the benchmark",
    'como quedamos, sin presión: termina cuando puedas',
    "comme convenu, pas d'urgence, on verra lundi",
    'hay alguna razón por la que usaste un Set? lo pregunto para aprender',
    'gibt es einen Grund, warum du zod genommen hast? Will es nur verstehen',
    # review25 R25-9: "go on" and a purpose worded otherwise
    "not really what I wanted, but it's fine, keep going",
    "not what I asked, but it's fine, keep going",
    "not sure about the color scheme yet, I'll check with design; meanwhile go on with the backend",
    'is there a reason you went with SQLite? need it for the architecture review slide',
])
def test_look_alikes_stay_quiet(text):
    assert not judge(text)
