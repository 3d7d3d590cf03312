"""The symptom shapes of session #31 (day_month, per_letter, files_gone, split_day, float_digits) fire on the symptom
they name and stay quiet on ordinary requests that share their words (check49's C49-6 and C49-11): a shape that
fires adds its words to the request's search and brings a rule the person did not need."""

import pytest

from altimate_learn.deliver.shapes import day_month, files_gone, float_digits, per_letter, split_day

QUIET = [
    # day_month: a date typed with one reading told and no mistake, a fraction or a score beside a date
    (day_month, "3/5 of the orders on May 3rd failed"),
    (day_month, "we won 2/5 games on May 2nd"),
    (day_month, "set the deadline to 6/7, June 7th"),
    (day_month, "schedule the release for 3/4 (March 4th)"),
    (day_month, "step 2/4: run the migration for February 4th"),
    (day_month, "invoice 7/8 was sent on the 8th of July"),
    # per_letter: a key that is no key pressed, a call told of something else
    (per_letter, "type every api key into the vault before the deploy"),
    (per_letter, "add type hints for every key in the settings dict the api returns"),
    (per_letter, "I typed each key of the config by hand, then the request failed"),
    (per_letter, "the user types a name and we call the api once on submit; validate every character server-side"),
    (per_letter, "typing each letter of the password is slow on mobile, and the login request times out"),
    # files_gone: files removed on purpose, wished removed, a page lacking something
    (files_gone, "after we deploy the server, old log files are deleted by logrotate, keep 7 days"),
    (files_gone, "the uploads page is missing a title; restart the server to see the change"),
    (files_gone, "temporary export files in /tmp should be deleted after the email is sent"),
    # split_day: the same day with and without a time, but no rows split
    (split_day, "the job ran at 2026-08-14 02:00 and again on 2026-08-14, two runs in the log"),
    (split_day, "release 2026-08-14 10:00 was tagged; the changelog says 2026-08-14, add a row for it"),
    # float_digits: a float's digits where no money is told
    (float_digits, "set the learning rate to 1e-5 and train for two epochs"),
    (float_digits, "lr=1e-4 diverges, try 3e-5"),
    (float_digits, "the tolerance in assertAlmostEqual is 1e-09"),
    (float_digits, "sleep for 0.50000 seconds between retries"),
    (float_digits, "the speed of light is 3e+08 in the physics sim"),
]

FIRES = [
    (day_month, "a guest in Lyon typed 02/09 and we booked her for the ninth of February, not the 2nd of September"),
    (day_month, "the clinic's dates come out flipped: 04/05 shows as april 5th"),
    (per_letter, "typing an address calls the geocoder for every key pressed, the bill tripled"),
    (per_letter, "search is slow, the logs show one query per character typed"),
    (files_gone, "the scanned PDFs disappear whenever the container restarts. where do we keep them?"),
    (files_gone, "our generated PDFs are lost after every redeploy of the pods"),
    (split_day, "the daily report shows the 2026-03-02 sales on two rows: 2026-03-02 00:00:00 and 2026-03-02"),
    (float_digits, "the basket total reads 89.99999 EUR for some customers"),
    (float_digits, "one refund came out as 2.5e+01 dollars in the email"),
]


@pytest.mark.parametrize(("shape", "text"), QUIET, ids=[f"{s.__name__}-{i}" for i, (s, _) in enumerate(QUIET)])
def test_an_ordinary_request_with_the_shapes_words_is_no_symptom(shape, text):
    assert not shape(text)


@pytest.mark.parametrize(("shape", "text"), FIRES, ids=[f"{s.__name__}-{i}" for i, (s, _) in enumerate(FIRES)])
def test_the_symptom_told_in_other_words_still_fires(shape, text):
    assert shape(text)


# late_update, empty_before and hours_off (check49's C49-5 and C49-7): the first narrowing of each was written against
# the phrases it was shown; these are the form.
from altimate_learn.deliver.shapes import empty_before, hours_off, late_update  # noqa: E402

QUIET_FORMS = [
    (late_update, "we'll fix the old status values later"),
    (late_update, "fix it later, the page shows the old price for now"),
    (late_update, "please fix the old price formatting later"),
    (late_update, "the tests take forever, I'll fix them later"),
    (late_update, "we fixed the bug later and the old totals were recomputed"),
    (empty_before, "CI skips all steps when the old token is unset"),
    (empty_before, "the deploy skips migrations if the previous release is missing"),
    (empty_before, "docker skips pulls where the old image is missing"),
    (empty_before, "renovate skips updates when the previous lockfile is missing"),
    (hours_off, "we finished 3h early this time"),
    (hours_off, "the test run finished 1h early"),
    (hours_off, "the show started 1h early"),
    (hours_off, "we go home 2h early on fridays"),
    (hours_off, "the marathon ran 3h early this year because of the heat"),
]

FIRING_FORMS = [
    (late_update, "when a nurse corrects a shift's hours two days later the payroll mart keeps the old total forever"),
    (late_update, "the ops team edits a booking later and the numbers never update"),
    (empty_before, "the loyalty report drops members where the previous tier is null"),
    (empty_before, "the diff loses rows when their previous value is null"),
    (empty_before, "price changes never show products whose old price was empty"),
    (hours_off, "the reminder texts go out 1h early for everyone"),
    (hours_off, "every invoice email went out 2h early last week"),
    (hours_off, "the alerts fired 1h early since the clocks went forward"),
    (hours_off, "the booking timestamps are 1h early"),
]


@pytest.mark.parametrize(("shape", "text"), QUIET_FORMS,
                         ids=[f"{s.__name__}-{i}" for i, (s, _) in enumerate(QUIET_FORMS)])
def test_a_step_a_plan_or_a_one_off_is_no_late_change_empty_value_or_zone(shape, text):
    assert not shape(text)


@pytest.mark.parametrize(("shape", "text"), FIRING_FORMS,
                         ids=[f"{s.__name__}-{i}" for i, (s, _) in enumerate(FIRING_FORMS)])
def test_the_late_change_the_empty_value_and_the_zone_told_in_other_words_still_fire(shape, text):
    assert shape(text)
