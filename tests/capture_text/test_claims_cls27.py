"""capture/claims.py (cls27, issue 20): after an answer that says the work is done, the answer's claim set against what
the person sees is a correction (the claim quoted back then a fault; the claimed part granted then another part
failing; the claim's word in scare quotes), and its look-alikes stay quiet (praise, a request, a plan, a question, the
person's own setup, a fault accepted). Sentences written for the shape, not copied from any scored set."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done. I updated the code and all tests pass."


def judge(text: str, answer: str | None = DONE):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


FIRE = [
    # the claim quoted back, then a fault
    "you said the checks pass but three of them are failing on my machine",
    "I thought you said it loads fast? it takes 9 seconds here",
    "you told me the export was fixed, yet the report still has no totals row",
    "you claimed the migration was idempotent but running it twice duplicates every row",
    # the claimed part granted, then another part failing
    "the upload works but the file arrives empty on the server",
    "the chart renders but the axis labels are all zero",
    "the toggle opens the sidebar but it never closes again",
    "the redirect works now, but the session cookie is gone after it",
    "it is faster but the results stay stale for an hour",
    "import runs but 0 rows end up in the table",
    "passes on my laptop too but CI is red on the same test",
    "ok the login works but the avatar disappears after a refresh",
    "it deploys now but the health check never goes green",
    "great, the page renders, but the copy you wrote has typos in every heading",
    "the tests pass but the coverage dropped from 90 to 60 percent",
    # the claim's own word in scare quotes, or so-called
    "the so-called fix wipes the draft every time I save",
    "the 'working' mailer sends every email twice",
    # abroad: the claim quoted back
    "você disse que funcionava mas o arquivo está vazio",
    "hai detto che funzionava ma il file è vuoto",
    "dijiste que los tests pasaban pero fallan tres",
    "du hast gesagt, alle Tests laufen, aber drei schlagen fehl",
]

QUIET = [
    "the upload works, thanks. next can you add a progress bar",
    "it builds now but I'd like it to be faster, can we look at caching next?",
    "it works but let's also add a retry for the network errors",
    "it works but remove the debug prints before we merge",
    "you said the migration runs cleanly, great, so let's deploy it",
    "the chart renders but the legend is something we'll do tomorrow",
    "works now, but my vpn keeps dropping so I can't test the rest today",
    "import runs but it's slow on my old laptop, that's fine for now",
    "it works but no rush on the next one",
    "the page loads but the footer is empty, which is correct for guests",
    "you said earlier that staging is empty, is that still true?",
    "your tests don't run on Windows but we don't support Windows anyway",
    "the 'new' badge is something marketing asked for?",
    "it works but I have a question about the config, where does the timeout come from?",
    "the build passes but what does this warning mean?",
    "it compiles but there are still some warnings from other modules, not yours",
    "that works but now I want the same for the admin page",
    "it works but honestly I never liked this login page anyway",
    "it works, but the real problem is that nobody uses the login page, so let's drop it",
    "the login works but the signup page was never part of this task, so leave it",
    "it loads now but our analytics script is broken on that page, that's a separate ticket",
    "the export works but excel shows a warning on open, that's excel's thing",
    "it builds but the docker image is still big, that's expected with cuda",
    # abroad
    "tu as dit que ça marchait, super, on déploie",
    "dijiste que funcionaba, genial, sigamos con el login",
    "você disse que funcionava, ótimo, vamos para a próxima tarefa",
    "hai detto che funzionava, perfetto, passiamo al prossimo",
    "du hast gesagt, es läuft, super, dann weiter mit dem Login",
]


@pytest.mark.parametrize("text", FIRE)
def test_the_claim_set_against_what_the_person_sees_is_a_correction(text):
    assert judge(text).correction, text


@pytest.mark.parametrize("text", QUIET)
def test_look_alikes_stay_quiet(text):
    assert not judge(text).correction, text


def test_only_after_an_answer_that_claimed_the_work():
    text = "the upload works but the file arrives empty on the server"
    assert not judge(text, answer=None).correction
    assert not judge(text, answer="Should I change the upload handler to stream the file? Let me know.").correction
