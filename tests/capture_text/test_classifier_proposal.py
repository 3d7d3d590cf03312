"""A report after an answer that did the work and then offers more is a report on that work, however the answer words
what it did ("Switched the date parsing over to …", "Changes: - `api/routes.py`: …", "I bumped react-router …"): an
offer at the end of the answer ("Should I also update the CSV export?") says nothing about whether work was done.
(An offer-ended answer was briefly read as a proposal with no work in it; review22 R22-1 found done-work summaries worded
outside the claim words silenced, and the change was undone.)"""

from __future__ import annotations


import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE_THEN_OFFER = [
    ("Switched the date parsing over to `dateutil.parser.isoparse` in `events.py` and `calendar.py`, and the timezone "
     "now comes from the user's profile rather than the server default. Both call sites go through the new helper.\n\n"
     "Should I also update the CSV export to use it?", "the calendar page crashes now"),
    ("Changes:\n- `api/routes.py`: the `/orders` endpoint paginates with `limit`/`offset`\n- `api/schemas.py`: new "
     "`OrderPage` response model\n- `web/orders.tsx`: the table reads `page.items`\n\nWould you like me to wire up the "
     "page-size dropdown too?", "orders page is empty now, nothing shows"),
    ("I bumped `react-router` to 6.22 and rewrote the route config in `App.tsx` with `createBrowserRouter`; the old "
     "`<Switch>` blocks are gone and the nested layouts use `<Outlet/>`.\n\nDo you want me to migrate the remaining class "
     "components as well?", "getting a blank screen on /settings"),
    ("The migration `0042_add_status` adds the `status` column with a default of 'draft', and the model and serializer "
     "both expose it. I ran it locally against the dev database without problems.\n\nShall I add the admin filter for it?",
     "the migration fails on staging: column already exists"),
    ("## Summary\n\nThe login form validation moved into `useLoginForm`, and the submit button is disabled while the "
     "request is pending. Error messages come from the API response instead of the hardcoded strings.\n\nWant me to add "
     "unit tests for the hook next?", "the login button doesn't work anymore"),
    ("I've updated get_mood_interaction to lower the isolation decay and added a cap for rage; the tests pass. Would you "
     "like me to tune the weights next?", "the isolation code isn't working properly"),
    ("The `deploy.sh` script takes the environment as its first argument now and refuses to run against prod without "
     "`--yes`. The docker tag comes from `git rev-parse --short HEAD`.\n\nWant me to add this to the CI workflow?",
     "the script errors with unbound variable $1"),
]


@pytest.mark.parametrize(("answer", "text"), DONE_THEN_OFFER)
def test_a_report_after_done_work_that_offers_more_is_a_report(answer, text):
    verdict = classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None, answer=answer)
    assert verdict.correction
