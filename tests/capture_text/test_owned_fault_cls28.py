"""cls28 (issue 20, precision first): shapes of the third blind set's false alarms, written as shapes and tested on typed
look-alikes (none of these sentences is a row of any set): the person owns the fault ("I was on the wrong branch", "that
one's on me", "mi culpa"), the agent is cleared of an old fault ("it comes from the old uploader, not from anything you
wrote"), a purpose clause is no convention ("so we don't diverge"), and "don't worry about …" still replies to the
agent's question. The corrections of the same shapes must still fire."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done. I updated the code and all tests pass."
ON_BRANCH = "The changes are on feature/invoices."
QUESTION = "Should I also add retries to the uploader?"


def judge(text: str, answer: str | None):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


QUIET = [
    # the person's own slip (11 of these 22 fired before: the first eight English ones and the three replies)
    (DONE, "ugh, I was testing the old build, that's why the button didn't work. all good now"),
    (DONE, "I was on the wrong tab, that's why I didn't see the change. works"),
    (ON_BRANCH, "oh I was on the wrong branch, I didn't see any of your changes. fine now"),
    (DONE, "sorry, I forgot to mention the endpoint needs pagination, it's still missing. add it please"),
    (DONE, "my bad, I gave you the wrong port, it's 5433 not 5432. can you update it"),
    (DONE, "that's on me, I never told you the API needs an auth header. please add X-Token to the client"),
    # the agent cleared of an old fault
    (DONE, "the import still fails, but it comes from the legacy loader, not from anything you wrote. can you look at it?"),
    (DONE, "the nightly job still times out, it's old and not related to what we did today. can you dig in?"),
    (DONE, "the flaky test still fails 1 in 5 runs, nothing you changed. look into it when you can"),
    (DONE, "el test sigue fallando, pero no tiene nada que ver con lo que hiciste. ¿lo puedes revisar?"),
    (DONE, "le test échoue encore, mais ça n'a rien à voir avec ce que tu as fait, tu peux regarder ?"),
    (DONE, "der Test schlägt immer noch fehl, das hat nichts mit deiner Änderung zu tun. Kannst du schauen?"),
    # the same slip in other languages
    (DONE, "mi culpa, te di el puerto equivocado, es 5433, no 5432"),
    (DONE, "c'est ma faute, je t'ai donné le mauvais port, c'est 5433 et pas 5432"),
    (DONE, "mein Fehler, ich hab dir den falschen Port gegeben, es ist 5433, nicht 5432"),
    (DONE, "是我的错，我给你的端口不对，应该是5433，不是5432"),
    (DONE, "私のミスです、ポートが間違っていました。5433です、5432ではありません"),
    # a purpose clause, not a convention
    (DONE, "the deploy script works, pull before you push so we don't diverge"),
    (DONE, "merged your branch. rebase onto main so that we don't get conflicts later"),
    # declining what the agent offered, in reply to its question
    (QUESTION, "don't worry about retries, we only run it on the internal network"),
    (QUESTION, "no need, we never upload more than a few files"),
    (QUESTION, "don't bother, we only call it from the cron job"),
    # review28's (R28-9): the slip owned in the report's own clause
    (DONE, "my bad, I gave you the wrong file"),
    (DONE, "sorry, I was on the wrong branch, it works now"),
    (DONE, "oops, that was my typo in the .env, all good"),
    (DONE, "ah my mistake, the server wasn't running"),
    (DONE, "pardon, c'est ma faute, j'avais oublié de redémarrer le serveur"),
    (DONE, "perdón, fue mi error, tenía mal el puerto"),
    (DONE, "that's on me, I forgot to pull first"),
    (DONE, "never mind, I was looking at the old tab"),
    (DONE, "my fault, I ran it with the wrong python"),
]

FIRE = [
    # an apology in an earlier clause clears nothing after a turn (review28 R28-9: these three fired at the start and were
    # silenced by the first version of the guard)
    (DONE, "ok that one's on me, but why did you delete the migration?"),
    (DONE, "sorry, my fault for being vague: the endpoint must return 404, not 500"),
    (DONE, "my bad for not saying it earlier, but we never use print here, use the logger"),
    (DONE, "my bad for not being clear, but you used the wrong table, it's orders_v2"),
    (DONE, "that's on me for not saying it, but your change broke the login page"),
    (DONE, "I was on the wrong branch before, but now I see your change and the login page is still broken"),
    (DONE, "not related to what we did today? it started right after your change, revert it"),
    (DONE, "not related to what we did today, but your migration broke the seed script"),
    (DONE, "that one's on me, but it's still broken after your fix"),
    (DONE, "the upload still fails since your change, it is not from the old loader"),
    (DONE, "mi culpa por no explicarlo, pero usaste la tabla equivocada y sigue sin funcionar"),
    (DONE, "the tests still fail"),
    (DONE, "we don't use moment here, use date-fns"),
    (DONE, "we never commit generated files, remove dist/ from the commit"),
    (QUESTION, "no, don't add retries, we never retry uploads"),
]


@pytest.mark.parametrize("answer,text", QUIET)
def test_quiet(answer: str, text: str) -> None:
    verdict = judge(text, answer)
    assert not verdict.correction, verdict.reason


@pytest.mark.parametrize("answer,text", FIRE)
def test_fires(answer: str, text: str) -> None:
    assert judge(text, answer).correction
