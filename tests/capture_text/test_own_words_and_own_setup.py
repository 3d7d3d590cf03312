"""Issue 20, cls24: false alarms on new people, by structure (each form seen at first sight on a dev owner).

- "forget what I said" / "ignore what I just said" take the person's own words back: no reminder ("as I said", "I told
  you" still repeat an instruction), and no reply apologising for it makes the withdrawal a correction.
- "I already have the download part / the env vars / the latest version" speaks of the person's own machine; "we
  already have a helper for that" and "I already have a date helper in …, use that one" still say the agent rebuilt
  what exists.
- "we only really care about …", "we only want …" set this work's scope; "we only use pnpm" is still a convention.
- Japanese "また同じ<thing>を<request>" (the same thing again, asked for: "また同じ役割分担を行うので", "また同じページを作って
  ください") is new work, not "again the same" (still broken); "また同じエラーが出ます" and "また同じ関数を作りましたね" still report.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done. I updated the login form and the API client; the build passes and the dev server is running on port 5173."


def judge(text: str, answer: str = DONE, reply: str | None = None) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None, answer=answer,
                                      reply=reply).correction)


@pytest.mark.parametrize("text", [
    "forget what i said",
    "ignore what I just said",
    "never mind what I asked for",
    "disregard what I wrote above",
    "I already have the download part",
    "I already have a venv set up for this",
    "I already have the latest version installed, will this erase my sessions?",
    "we only really care about the live mode for now",
    "we only want the admin page in this release",
    "本文を変更する際にまた同じ役割分担を行うので、指示も追加しておいて",
    "来週また同じ作業をお願いします",
])
def test_look_alikes_stay_quiet(text):
    assert not judge(text)


def test_a_withdrawal_stays_quiet_whatever_the_reply_apologises_for():
    assert not judge("forget what i said", reply="My apologies. I understand the requirements now. Here are the files.")


@pytest.mark.parametrize("text", [
    "as I said, use pnpm",
    "I told you to use pnpm",
    "I already said to use pnpm",
    "we already have a helper for that in utils",
    "we only use pnpm here",
    "また同じエラーが出ます",
    "また同じです",
])
def test_reports_next_to_them_still_count(text):
    assert judge(text)


HELPER = "I've added a new formatDate helper in src/lib/format.ts and used it in the invoice page."


# review24 R24-9: the person's own code the agent duplicated, the same thing made again, and a choice after words taken
# back are still corrections; the person's own setup and a request for the same thing again are not.
@pytest.mark.parametrize("text", [
    "I already have a date helper in src/utils/dates.ts, use that one instead",
    "また同じ関数を作りましたね。既存のものを使ってください",
    "forget what I said, use pnpm not npm",
])
def test_a_duplicate_or_a_choice_after_words_taken_back_still_counts(text):
    assert judge(text, HELPER)


@pytest.mark.parametrize("text", [
    "I already have the env vars set locally",
    "I already have the latest version, thanks",
    "また同じページを作ってください、今度は請求書用",
    "forget what I said about tests, just ship it",
])
def test_own_setup_and_the_same_thing_asked_again_stay_quiet(text):
    assert not judge(text, HELPER)
