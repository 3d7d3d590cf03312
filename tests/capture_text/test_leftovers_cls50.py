"""Session #32 (cls50, issue 20, cls49's leftovers and check50's C50-1/C50-2): a thing of the result said broken, the
whole clause ("the dropdown is broken though", "the upload form is broken", "the nav menu is broken on mobile", "search
is broken though"), is a report after claimed work, alone or beside failures the person excuses ("3 fail but those are
flaky. …"); the blank result said gone ("the blank page is gone now, thanks") and a fault said absent ("the dropdown
isn't broken anymore") are the good state, and an excuse's tie to the change is read in its own sentences only.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text

DONE = "I've updated the handler and the dropdown, and run the tests; everything passes."
EXCUSE = "3 fail but those are flaky. "

BROKEN = [
    "the dropdown is broken though",
    "the upload form is broken",
    "the nav menu is broken on mobile",
    "but the filters are broken now",
    "search is broken though",
    "the blank page is gone but the header is broken",
]

NOT_BROKEN = [
    "the blank page is gone now, thanks",
    "the white screen went away, thanks!",
    "the blank screen is fixed, great",
    "the dropdown isn't broken anymore, thanks",
    "the page is not blank now, thanks",
    "great, the export is not failing now",
    "the staging server is broken since yesterday, use local",
    "the old implementation is broken on windows, so replace it",
    "the vendored chart lib is broken upstream",
    "the CI runner is broken today, rerun later",
    "my laptop is broken, I'll test tomorrow",
    "nothing is broken though",
    "is the dropdown broken?",
    "what is broken exactly?",
    "Ana says the modal is broken in her branch, can you look next?",
    "the dropdown was broken yesterday but works now",
]


@pytest.mark.parametrize("before", ["", EXCUSE])
@pytest.mark.parametrize("text", BROKEN)
def test_a_broken_part_is_a_report(before: str, text: str) -> None:
    verdict = classify_text(before + text, DONE)
    assert verdict.correction, (before + text, verdict)


@pytest.mark.parametrize("before", ["", EXCUSE])
@pytest.mark.parametrize("text", NOT_BROKEN)
def test_the_good_state_and_other_things_broken_are_no_report(before: str, text: str) -> None:
    verdict = classify_text(before + text, DONE)
    assert not verdict.correction, (before + text, verdict)


@pytest.mark.parametrize("text", [
    "3 fail but those are flaky since your change",
    "3 fail but those are flaky. please fix them",
    "still 3 failing, those are flaky",
])
def test_failures_tied_to_the_change_or_asked_fixed_stay_reports(text: str) -> None:
    assert classify_text(text, DONE).correction, text


def test_the_broken_part_needs_claimed_work() -> None:
    assert not classify_text("the upload form is broken", "Which storage bucket should the upload form use?").correction
