"""capture/buried.py (cls27, issue 20): praise, a turn, then the agent's own act named with a change asked or a fault
is a correction, even when new work follows ("then let's do the logging"); praise then new work, a wish for later,
someone else's wish or the act praised stays quiet. Sentences written for the shape."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done. I updated the code and all tests pass."


def judge(text: str, answer: str | None = DONE):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


FIRE = [
    "thanks, this is great. one thing though: the endpoint you added returns 200 on errors, it should be 400",
    "love it! quick note, you left two print statements in parser/core.py, please remove them",
    "nice work. however the save button you added doesn't persist anything after a reload",
    "great, thanks! small thing: you're retrying on 4xx too, only retry on 5xx. then let's do the logging",
    "perfect. just one issue, the migration you wrote drops the index, restore it. after that, move on to the api",
    "looks good! one nit: you hardcoded the bucket name, read it from the env. next up is the upload page",
    "cool, works for me. but your new cache has no expiry, add a ttl before we do the search page",
]

QUIET = [
    "thanks, this is great. one more thing: add a rate limit to it",
    "love it! next, can you do the same for the lexer?",
    "looks good, but before we ship let's add a README section",
    "great, thanks! small thing for later: we might want metrics on retries",
    "nice work. however, the product team wants a dark mode toggle there too",
    "great, you left the old API alone like I asked. now the docs",
    "thanks! one thing: could you also export it as csv?",
    "nice! quick note: you're going to need the API key from me, I'll send it tonight",
    "thanks a lot. one thing, your explanation of the cache was really helpful",
    "perfect. one question, you used redis here, is it already in our stack?",
    "good job. but I need to leave now, we'll continue tomorrow",
    # abroad: praise then new work
    "merci, c'est super. prochaine étape : ajoute un bouton export",
    "genial, gracias. una cosa más: agrega la paginación",
    "super, danke! noch eins: bau bitte den CSV-Export",
]


@pytest.mark.parametrize("text", FIRE)
def test_a_correction_after_praise_counts(text):
    assert judge(text).correction, text


@pytest.mark.parametrize("text", QUIET)
def test_look_alikes_stay_quiet(text):
    assert not judge(text).correction, text
