"""Values a request shows instead of naming its idea (issue 19, deliver43: vague symptoms whose rule is a helper).

"the plan card says 1999 where the plan costs 19.99" is money kept in cents shown as the whole unit, and "shows the
delivery day as 2026-03-04T23:00:00.000Z" a date that reached people unformatted; "the kickoff time is 3 or 12
hours off" is a time zone. None names the rule that fixes it (format money with the money helper, dates with the date
helper, which uses the user's time zone), and among a web app's dozens of conventions those rules came 40th to 50th
of the file's lessons. An amount with cents and a hundred times it now gives the request the words "money" and
"cents", an ISO date and time the word "date", and "hours off" / "an hour early" name the time zone idea.
"""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.deliver.shapes import hundredfold, raw_timestamp
from tests.deliver.helpers import lesson, write_store

MONEY = "Format money with `formatMoney()`; amounts from the API are integer cents."
DATES = "Format dates with `formatDate()` from `web/src/lib/dates`, which uses the user's timezone."
WORDS = ("amber", "basil", "cedar", "dahlia", "ember", "fennel", "garnet", "hazel", "indigo", "juniper", "kelp",
         "lilac", "maple", "nutmeg", "olive", "pepper", "quartz", "rowan", "saffron", "thistle")
LESSONS = ([lesson("L-a001", MONEY, paths=["web/src/**"]), lesson("L-a002", DATES, paths=["web/src/**"])]
           + [lesson(f"L-b{n:03d}", f"Widgets of the {word} kind render through the {word} adapter.",
                     paths=["web/src/**"], helpful=5) for n, word in enumerate(WORDS)]
           + [lesson(f"L-c{n:03d}", f"Ledger {word} jobs retry {n + 2} times before paging.",
                     paths=["services/ledger/**"], helpful=2) for n, word in enumerate(WORDS)])


TEXTS = {item["id"]: item["text"] for item in LESSONS}


def _deliver(run_learn, root: Path, session: str, *event: str) -> list[str]:
    proc = run_learn("deliver", "--session", session, "--json", *event, cwd=root)
    assert proc.returncode == 0, proc.stderr
    return [TEXTS[item["id"]] for item in json.loads(proc.stdout)["lessons"]]


def _first_file(run_learn, root: Path, session: str, request: str) -> list[str]:
    shown = _deliver(run_learn, root, session, "--request", request)
    return shown + _deliver(run_learn, root, session, "--file", "web/src/features/orders/OrderSummary.tsx")


def test_values_a_request_shows_bring_the_helper_that_formats_them(git_repo: Path, run_learn):
    write_store(git_repo, LESSONS)
    money = _first_file(run_learn, git_repo, "s-money", "the plan card says 1999 where the plan costs 19.99")
    assert MONEY in money and DATES not in money
    raw = _first_file(run_learn, git_repo, "s-raw",
                      "the order summary shows the delivery day as 2026-03-04T23:00:00.000Z, nobody can read it")
    assert DATES in raw and MONEY not in raw
    zone = _first_file(run_learn, git_repo, "s-zone", "parents in japan see the kickoff time 3 or 12 hours off")
    assert DATES in zone and MONEY not in zone
    plain = _first_file(run_learn, git_repo, "s-plain", "the order summary needs a bigger heading, 12 or 14 px")
    assert MONEY not in plain and DATES not in plain


def test_which_values_are_cents_shown_as_the_whole_unit_or_a_raw_timestamp():
    assert hundredfold("the plan card says 1999 where the plan costs 19.99")
    assert hundredfold("club fee summary says 4500 € where it should be 45,00 €")
    assert hundredfold("total shows 199,900 but the invoice says 1,999.00")
    assert hundredfold("the refund shows 1200.00 instead of 12")
    assert not hundredfold("went from 1 to 100 users")  # no cents written
    assert not hundredfold("shows 12 instead of 1200")  # no cents written: a count, a size, a timeout
    assert not hundredfold("it costs 19.99 and 20 others")
    assert not hundredfold("bump 1.2.3 to 123.0 and ping 10.0.0.1 on port 1000")  # versions and addresses
    assert not hundredfold("the 12:30 run and the 1230 run")  # a time
    assert not hundredfold("the rate shows 0.25 where it should say 25%")  # a share, not an amount
    assert not hundredfold("conversion is 0.25 instead of 25 percent")
    assert raw_timestamp("shows the delivery day as 2026-03-04T23:00:00.000Z")
    assert raw_timestamp("created 2026-03-04T23:00")
    assert not raw_timestamp("since 2026-03-04 the job fails")  # a date as people write it
    assert not raw_timestamp("at 2026-03-04 23:00")
    assert not raw_timestamp("ID2026-03-04T23:00")
