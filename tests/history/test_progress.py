"""The progress bar draws on a terminal only."""

from __future__ import annotations

import io

from altimate_learn.history.progress import Progress


def test_draws_and_clears_when_enabled():
    stream = io.StringIO()
    with Progress("Reading sessions", 2, stream=stream, enabled=True) as bar:
        bar.advance("one")
        bar.advance("two")
    text = stream.getvalue()
    assert "\rReading sessions [" in text and "2/2 two" in text
    assert text.endswith("\r\x1b[K")


def test_silent_when_not_a_terminal():
    stream = io.StringIO()  # isatty() is False
    with Progress("Reading sessions", 3, stream=stream) as bar:
        bar.advance("one")
    assert stream.getvalue() == ""
