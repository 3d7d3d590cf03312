"""cls27 (issue 20, precision first): the look-alikes cls26's and review26's notes left firing, quiet by shape (the
person's own act, done as asked, a fault accepted as right, the agent cleared, a part deferred, a limit of the
person's, work still to come, a figure's fall with its analysis asked, someone else's thing, a confirming question),
and the corrections of the same shapes that must still fire."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done. I updated the code and all tests pass."


def judge(text: str, answer: str | None = DONE):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


QUIET = [
    "I'll put it back in the backlog",
    "let me move it back to the sprint board",
    "ok I'll switch it back myself after the demo",
    "you skipped it like I asked, good",
    "you removed the banner as I said, thanks",
    "the dropdown is empty for new accounts, which is correct",
    "it returns undefined when the key is missing, which is what the spec wants",
    "it's worse on safari in general, not your fault",
    "the export is slow, unrelated to your change",
    "the helper you wrote isn't wired in yet, we'll do it tomorrow",
    "no console access on prod, so add a log line instead",
    "we don't have ssh access to the box, so write the logs to a file instead",
    "for the new export, don't include archived projects",
    "use the staging bucket for this new job, not prod",
    "signups are still dropping, pull the numbers for the last quarter",
    "revenue is still going down, break it down by region",
    "the numbers are off by a day in the vendor's feed, can our parser shift them?",
    "the tooltip shows up twice in the figma file, replicate that",
    "you said earlier that staging is empty, is that still true?",
    "the tests pass but my colleague's branch still fails, unrelated",
    "you forgot nothing, like I asked, thanks",
]

FIRE = [
    "put it back the way it was",
    "you skipped the tests, I asked you not to",
    "you didn't skip it like I asked",
    "the dropdown is empty for new accounts, that's wrong",
    "it returns undefined when the key is missing, it should throw",
    "it's worse on safari since your change",
    "the helper you wrote isn't wired in, the page still uses the old one",
    "No need for a new file, put it in utils.py",
    "signups are still broken on the form you changed",
    "the tooltip shows up twice since your change, only once in the figma file",
    "don't include archived projects in the export you just wrote",
    # review27 R27-6: a guard never clears a clause that blames the agent's act
    "you forgot the tests again, like I asked yesterday",
    "you forgot to update the changelog like I said",
    "you forgot the header, like I said before",
    "you forgot the header again, like I said twice",
    "not your fault, but the build is red since your change, revert it",
    "the page is blank now, not your fault maybe, but check your change to the router",
    "the login still fails, not your fault entirely but you changed the session key, put it back",
    "for the new endpoint you wrote, don't return 200 on errors",
    "for the new page you made, don't use inline styles, move them to the css file",
    "for the new export you just added, don't include archived projects, remove them",
]


@pytest.mark.parametrize("text", QUIET)
def test_look_alikes_stay_quiet(text):
    assert not judge(text).correction, text


@pytest.mark.parametrize("text", FIRE)
def test_corrections_of_the_same_shapes_still_fire(text):
    assert judge(text).correction, text
