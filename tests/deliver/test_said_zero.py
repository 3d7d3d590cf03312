"""A 0 written alone in a request is the number a lesson says as "zero" (deliver27).

"fyi some days spend is 0 and the model errors" needs "Divide with `safe_divide()` so a zero denominator returns null
instead of failing", and "the weeks with 0 signups" the date-spine rule ("days with zero signups"
is a period with nothing in it, :mod:`altimate_learn.deliver.shapes`). The request's "0" met no lesson word, so among
the dozens of rules of `models/**` neither came. A 0 of a longer number, a version, an address or a decimal (`10`,
`2.0`, `127.0.0.1`, `0.5`) is no "zero".
"""

from __future__ import annotations

import uuid
from pathlib import Path

from altimate_learn.deliver.shapes import empty_period
from altimate_learn.deliver.tokenize import folded_words, said_zero
from tests.deliver.helpers import hook, lesson, write_store

SAFE_DIVIDE = "Divide with `safe_divide()` so a zero denominator returns null instead of failing."
SPINE = "Use the `date_spine` macro to build calendars; never hard-code date lists."
# Conventions for every model (more than 20: a bucket), more helpful than the two rules, sharing no word with the
# requests below.
CONVENTIONS = [
    "Name boolean columns with an `is_` or `has_` prefix.",
    "Timestamps end in `_at` and are stored in UTC.",
    "Put one model per file and name the file after the model.",
    "Every model has a yml entry with a description.",
    "Use `snake_case` for every column name.",
    "Keep business logic out of staging models.",
    "Marts are wide tables for one business process each.",
    "Every primary key is tested `unique` and `not_null`.",
    "Cast ids to strings in staging so joins across sources agree.",
    "Rename columns in staging, never in marts.",
    "Write CTE names that say what the CTE holds.",
    "Indent SQL with four spaces and put commas first.",
    "Amounts are stored in cents as integers.",
    "Document every column of a mart in its yml file.",
    "Mart models declare an `owner` in their meta block.",
    "Tag models that feed finance dashboards with `finance`.",
    "Group by column names, never by position.",
    "Use `dbt_utils.generate_surrogate_key()` for surrogate keys.",
    "Filter out test accounts with the `is_internal` flag.",
    "Keep incremental models' lookback at three days.",
    "Upgrade dbt packages one at a time and read their changelog.",
    "Pin dbt packages to an exact version in `packages.yml`.",
]
NOUNS = ("invoices receipts ledgers budgets forecasts payrolls audits contracts vendors tenders quotes grants "
         "leases permits licences tariffs rebates refunds coupons vouchers").split()
FILLER = [f"{a.capitalize()} and {b} need {c} approval." for a, b, c in zip(NOUNS, NOUNS[7:] + NOUNS[:7],
                                                                              NOUNS[13:] + NOUNS[:13])]
LESSONS = ([lesson(f"L-01{n:02x}", text, paths=["models/**"], helpful=5) for n, text in enumerate(CONVENTIONS)]
           + [lesson("L-0200", SAFE_DIVIDE, paths=["models/**"]), lesson("L-0201", SPINE, paths=["models/**"])]
           + [lesson(f"L-03{n:02x}", text, helpful=9) for n, text in enumerate(FILLER)])


def _session(root: Path, prompt: str, file: str, edit: bool = True) -> str:
    """What a session shows for ``prompt`` and a Read and (with ``edit``) an Edit of ``file``."""
    write_store(root, LESSONS)
    session_id = str(uuid.uuid4())
    shown = hook(root, session_id, "SessionStart", source="startup")
    shown += hook(root, session_id, "UserPromptSubmit", prompt=prompt)
    path = str(root / file)
    calls = [("Read", {"file_path": path}), ("Edit", {"file_path": path, "old_string": "a", "new_string": "b"})]
    for n, (tool, tool_input) in enumerate(calls[:2 if edit else 1]):
        common = {"tool_name": tool, "tool_input": tool_input, "tool_use_id": f"toolu_{n}"}
        shown += hook(root, session_id, "PreToolUse", **common)
        shown += hook(root, session_id, "PostToolUse", tool_response={"success": True}, **common)
    return shown


def test_a_zero_written_as_0_brings_the_rule_that_says_zero(git_repo: Path):
    shown = _session(git_repo, "add ROAS = revenue/spend to fct_ad_spend, fyi some days spend is 0 and the model errors",
                     "models/marts/marketing/fct_ad_spend.sql")
    assert SAFE_DIVIDE in shown


def test_a_0_of_a_version_or_a_longer_number_is_no_zero(git_repo: Path):
    shown = _session(git_repo, "upgrade dbt packages to 2.0 and set the lookback to 10 days",
                     "models/marts/marketing/fct_ad_spend.sql")
    assert SAFE_DIVIDE not in shown


def test_which_0_is_said_as_zero():
    assert said_zero("spend is 0 and the model errors") == "spend is 0 zero and the model errors"
    assert said_zero("days with 0 users") == "days with 0 zero users"
    assert said_zero("uid 0") == "uid 0 zero"  # the 0 stays: "uid 0" is still a root user
    assert said_zero("returns 0.") == "returns 0 zero."
    for text in ("version 2.0", "10 days", "0.5 of them", "127.0.0.1", "1,0", "0x1f", "v0", "a_0", "no zeros"):
        assert said_zero(text) == text
    # "days with 0 users" is a period with nothing in it, as "days with zero users" is (shapes.empty_period)
    assert not empty_period(folded_words("days with 0 users"))
    assert empty_period(folded_words(said_zero("days with 0 users")))
