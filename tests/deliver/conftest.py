"""What the tests of code in a hook's payload share (sec43): the read's (test_read_content.py) and the edit's
(test_edit_content.py) store, a folder of services with more than 20 conventions more helpful than the rule the code
breaks, and project-wide rules more helpful still (the session-start tier is theirs)."""

from __future__ import annotations

GATHER = "Use `asyncio.TaskGroup` instead of bare `gather()` so failures cancel sibling tasks."
# Conventions for every file of the services, sharing no word with the requests.
SERVICE_CONVENTIONS = [
    "Log with `structlog` and key-value pairs in every handler.",
    "Represent money as `Decimal` or integer cents, never as float.",
    "Parse user dates with `parse_user_date()`, which knows the account's locale.",
    "Use `uuid7()` from `app.ids` for new primary keys so they sort by time.",
    "Never catch bare `Exception` without re-raising or logging the traceback.",
    "Compare secrets and signatures with `hmac.compare_digest()`.",
    "Use `pathlib.Path` instead of `os.path` for file paths.",
    "Add dependencies to `pyproject.toml` with a compatible-release pin.",
    "Serialize datetimes as ISO 8601 with a `Z` suffix in responses.",
    "Raise domain errors in services; routers translate them to HTTP errors.",
    "Open transactions in the service layer with `session.begin()`.",
    "Validate inputs with Pydantic validators, not manual `if` checks.",
    "Retry provider calls at most three times with jittered backoff.",
    "Background jobs are idempotent: a rerun must not charge twice.",
    "Paginate list endpoints with cursors, never offsets.",
    "Keep handlers thin; business rules live in the domain layer.",
    "Return 404 for records another tenant owns, never 403.",
    "Name queues after the event they carry, in the past tense.",
    "Store feature flags in `flags.yaml` and read them through `flags.enabled()`.",
    "Emit one metric per outcome with `metrics.incr()`.",
    "Hash personal emails with `hash_pii()` before they leave the service.",
    "Write migrations with Alembic autogenerate, then review them.",
]
# Project-wide rules, the most helpful: the session-start tier (10 of a store of more than 40) is theirs.
NOUNS = ("invoices receipts ledgers budgets forecasts payrolls audits contracts vendors tenders quotes grants "
         "leases permits licences tariffs rebates refunds coupons vouchers").split()
FILLER = [f"{a.capitalize()} and {b} need {c} approval." for a, b, c in zip(NOUNS, NOUNS[7:] + NOUNS[:7],
                                                                              NOUNS[13:] + NOUNS[:13])]
