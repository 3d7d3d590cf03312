"""What the delivered-lesson form tests share (cls42's and cls43's files): an answer that names none of the lessons,
the lessons a session was given, and the classifier's verdict on a message typed after "add a log line to the export"
with the lines the session was shown (``delivered``, as the live capture worker reads them from the delivery state)."""

from __future__ import annotations

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

ELSE = "Done: the export in app/export.py now reports how many rows it wrote."
LOGGER = ("Log through app/log.py (the project logger), never print() in app code.",)
# a session given thirty lessons' worth of prose (review42 R42-7): only what a lesson bans is a thing to complain of
LESSONS = LOGGER + ("Use `httpx`, never `requests`, for HTTP calls.", "Money is Decimal, never float.",
                    "Use pathlib instead of os.path.", "Parse ints with parse_int(); don't use int() on user input.",
                    "The finance team wants money reports by Friday; keep files under 500 lines.", "Staging timeout is 30 s.",
                    "UI strings go through t() for translation.")


def judge(text: str, answer: str | None, delivered: tuple[str, ...] = ()) -> tuple[bool, str]:
    """(a correction or not, the reason) for ``text`` typed after ``answer`` in a session shown ``delivered``."""
    previous = UserMessage(text="add a log line to the export", index=1, after_assistant=True)
    verdict = classify_user_message(UserMessage(text=text, index=2, after_assistant=True), previous, answer=answer,
                                    delivered=delivered)
    return bool(verdict.correction), verdict.reason
