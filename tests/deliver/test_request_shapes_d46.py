"""What a request shows rather than says, five more shapes, and a SQL window function in a read file (issue 19,
deliver46: direct misses b47-09, b60-10, b46-02 at 300; vague misses b73-19, b74-12, b74-20; file miss b73-21).

Each request shared one word of the rule it needed, or none, and the relevance floor (two shared terms) or a crowded
folder's ranking left the rule out: a tracker's key ("the fix for PAY-88") names a ticket; a CLI
that "prints 'failed'" shows an error message as a page that "says 'failed'" does; "one row per subscription per
day" is a calendar; "the morning rush at 5 not 7" is a time zone; "opens /carparks/undefined" is a URL built by hand;
"answers sooner when the first digits are wrong" is a timing attack. In-process: the corpus and the selection code,
no `learn` subprocess.
"""

from __future__ import annotations

from functools import lru_cache

from altimate_learn.deliver.contents import points
from altimate_learn.deliver.select import query_terms, rank_file_scored, retrieve
from altimate_learn.deliver.shapes import (broken_url, each_period, failure_shown, shifted_hours, ticket_key,
                                           timing_leak)
from tests.deliver.test_select import corpus

COMMITS = "Write commit messages in the imperative mood with a ticket id prefix like `DATA-123:`."
WORDING = "Error messages say what happened and what to do next."
SPINE = "Use the `date_spine` macro to build calendars in models; never hard-code date lists."
ZONES = "Convert timestamps for reporting with `convert_timezone()`."
PATHS = "Build URLs with the `paths` helper from `web/src/lib/paths`; never concatenate strings."
DIGEST = "Compare secrets and signatures with `hmac.compare_digest()`, never with `==`."
WINDOWS = "Always give window functions an explicit `order by`."
PAYMENTS = "Charge cards through `payments.charge()`; never call the Stripe SDK from a handler."
RULES = [COMMITS, WORDING, SPINE, ZONES, PATHS, DIGEST, PAYMENTS]
SERVICES = ["Return Pydantic response models from routes, never raw dicts.",
            "Raise domain errors in services; routers translate them.",
            "Use the async database session inside `async def` handlers.",
            "Read settings through `Settings` from `app.config`.",
            "Use the shared `httpx.AsyncClient` from `app.http`.",
            "Represent money as `Decimal` or integer cents in services.",
            "Log with `structlog`; never with `print()`."]


@lru_cache(maxsize=1)
def _rules():
    return corpus(*((f"L-0d{n:02x}", text) for n, text in enumerate(RULES)), filler=True)


def _found(request: str) -> list[str]:
    c = _rules()
    return [c.texts[i] for i in retrieve(c, query_terms(c, request), 5)]


def test_the_shapes_and_their_look_alikes():
    assert ticket_key("commit this as the fix for PAY-88 and push it") and ticket_key("link DATA-1234, JIRA-9.")
    for other in ("UTF-8 and SHA-256", "see CVE-2024-1234", "path foo/ABC-12 x", "ABC-12.3", "ABC-12b", "Ab-12",
                  "A-1", "MY_PAY-88", "GPT-4 and COVID-19", "a well-known x-ray"):
        assert not ticket_key(other)
    assert failure_shown("the import cli just prints 'failed' when the csv is bad")
    assert not failure_shown("the cli prints 'Done' at the end")  # no failure's word
    assert each_period("need an intermediate model w/ one row per subscription per day it was active")
    assert each_period("a row for every account for every month")
    for other in ("one row per day", "one row per order with its daily total", "rows per page per request"):
        assert not each_period(other)
    assert shifted_hours("the morning rush shows at 5 not 7. Ops thinks the cameras are off")
    assert shifted_hours("the digest goes out at 3am instead of 9am")
    assert shifted_hours("runs at 17:00, not 19:00")
    for other in ("retry at 5 not 7 retries", "version 5 not 7", "at 5 not 5", "look at 5 not 7 items", "at 25 not 7."):
        assert not shifted_hours(other)
    assert broken_url("the map link opens /carparks/undefined or cuts off at the slash")
    assert broken_url("redirects to /orders/null/edit") and broken_url("goes to ?id=undefined")
    assert broken_url("see https://example.com/a/undefined")
    for other in ("it returns null", "undefined is not a function", "a/b testing", "path src/undefined.ts",
                  "call /api/v1/users"):
        assert not broken_url(other)
    assert timing_leak("the code check answers a few microseconds sooner when the first digits are wrong")
    assert timing_leak("the login responds faster when the first characters of the token match")
    assert not timing_leak("the first digits of the phone number are wrong")  # no time
    assert not timing_leak("the list loads faster with fewer rows")  # no guess


def test_a_request_that_shows_the_idea_finds_the_rule_and_its_look_alike_does_not():
    found = _found("commit this as the fix for PAY-88 and push it on a new branch")
    assert COMMITS in found
    c = _rules()
    assert "~ticket" in query_terms(c, "commit this as the fix for PAY-88")  # the idea, not the word
    assert "~ticket" not in query_terms(c, "commit the file as UTF-8 and sign it with SHA-256")
    assert COMMITS not in _found("FIN-301 exec dashboard wants MRR by day split by country, new mart pls")
    assert WORDING in _found("import_contacts cli just prints 'failed' when the csv is bad, make the error useful")
    assert WORDING not in _found("import_contacts cli prints the row count when the csv is done, make it useful")
    assert SPINE in _found("need an intermediate model w/ one row per subscription per day it was active")
    assert SPINE not in _found("need an intermediate model w/ one row per subscription")
    assert ZONES in _found("hourly occupancy report has the morning rush at 5 not 7, the raw reads look right")
    assert ZONES not in _found("hourly occupancy report has the morning rush, the raw reads look right")
    assert PATHS in _found("the map link opens /carparks/undefined when the car park has no slug")
    # a timing attack is the signature idea: among a service folder's conventions, the file's ranking takes the rule
    c = corpus(*((f"L-0s{n:02x}", text, {"paths": ["services/**"], "net": 3}) for n, text in enumerate(SERVICES)),
               ("L-0s99", DIGEST, {"paths": ["services/**"]}))
    path = "services/api/app/services/pairing.py"
    leak = "pen test: the pairing code check answers a few microseconds sooner when the first digits are wrong"
    assert "~signature" in query_terms(c, leak)
    assert c.texts[rank_file_scored(c, path, query_terms(c, leak), 5)[0][0]] == DIGEST
    slow = "pen test: the pairing code check answers slowly when the first page loads"
    assert DIGEST not in [c.texts[i] for i, _, _ in rank_file_scored(c, path, query_terms(c, slow), 5)[:5]]


def test_a_read_file_with_a_window_function_names_the_rule_on_window_functions():
    texts = [f"Models of the {area} team are reviewed by `@{area}-data`." for area in
             ("billing", "growth", "ledger", "search", "pricing", "catalog", "payroll", "shipping")] + [WINDOWS]
    c = corpus(*((f"L-0w{n:02x}", text, {"paths": ["models/**"], "net": 0 if text == WINDOWS else 3})
                 for n, text in enumerate(texts)))
    scored = rank_file_scored(c, "models/intermediate/int_meter_reads_interpolated.sql", [], 5)
    code = ("select meter_id, read_at,\n    lag(reading_m3) over (partition by meter_id) as previous_reading_m3\n"
            "from reads\n")
    assert [c.texts[i] for i in points(c, code, scored, 5)] == [WINDOWS]
    assert points(c, "select meter_id, read_at from reads -- hand over (to ops)\n", scored, 5) == []
