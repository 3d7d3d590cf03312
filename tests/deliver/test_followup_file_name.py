"""A follow-up's file (issue 19, fourteenth round): in a later topic, among a broad folder's conventions (a level of
more than `BUCKET` × `file_lessons` lessons, such as `web/src/**`), the lessons holding a word of the file's own name
that few of them hold (`form` for `SignupForm.tsx`) come before those the request matches through everyday words
("page", "error", "show"). A follow-up arrives when the first topic has used most of the session, so the file's first
five are usually all it gets; before, they were five conventions sharing the request's everyday words, and the rule
for forms came 25th (blind18 b18-24)."""

from __future__ import annotations

from pathlib import Path

from tests.deliver.helpers import lesson, write_store
from tests.deliver.test_engine import bullet_ids, step

COLOURS = ("red", "orange", "yellow", "green", "blue", "indigo", "violet", "black", "white", "grey", "amber", "coral",
           "olive", "navy", "teal", "plum", "rose", "sand", "slate", "ivory", "jade", "lilac")
# 22 conventions for every web file (more than 4 x 5: a bucket), each sharing two everyday words of the follow-up.
WEB = [lesson(f"L-a{i:03x}", f"Page error banner {word}: use the {word} palette for it.", paths=["web/src/**"])
       for i, word in enumerate(COLOURS)]
FORMS = lesson("L-b000", "Build forms with `react-hook-form` and `zod` schemas from `web/src/schemas`.",
               paths=["web/src/**"])
# The first topic: ledger rules that fill the first request's tier.
LEDGER = [lesson(f"L-c{i:03x}", f"Ledger journal rule {word}: post {word} ledger entries through the journal.")
          for i, word in enumerate(COLOURS[:12])]
OTHER = [lesson(f"L-d{i:03x}", f"Kiosk lobby convention number n{i} for the lobby screens.") for i in range(30)]
LIMITS = {"core_lessons": 0, "session_max_lessons": 20}
FOLLOW_UP = "different thing: on the sign up page the error shows in a popup nobody reads; make the page error clearer"


def test_a_follow_up_files_own_name_brings_its_rule_after_the_first_topic_filled_most_of_the_session(git_repo: Path):
    lessons = WEB + [FORMS] + LEDGER + OTHER
    write_store(git_repo, lessons)
    step(git_repo, "session_start", "startup", **LIMITS)
    first = step(git_repo, "request", "post the ledger journal entries for the month", **LIMITS)
    assert len(first.added) >= 5
    step(git_repo, "request", FOLLOW_UP, **LIMITS)
    opened = step(git_repo, "file", str(git_repo / "web/src/features/signup/SignupForm.tsx"), **LIMITS)
    shown = bullet_ids(opened.text, lessons)
    assert shown[:1] == ["L-b000"]
    assert len(shown) <= 5

