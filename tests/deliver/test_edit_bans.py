"""An edit that writes code a lesson bans brings that lesson, when the code is only keywords (deliver27, brief item 2).

Code in a lesson's backticks made of keywords (`select *`, `limit`, `union`, `count`) is no anchor: every SQL model
writes `select`, and "limit" is an everyday word of a request. So an edit of a dbt model writing `select *` and
`limit 1000` named neither "Never use `select *` in a final CTE" nor "Never leave a `limit` clause in a committed
model", which among the dozens of rules of `models/**` the file's first batch did not hold. Now such code names a
lesson of the file where the lesson bans it (after "never", "no", "not", "avoid", "instead of", "over" …); code the
lesson asks for (`ref()`, `union all`, `order by`) names nothing: writing it is following the rule.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from altimate_learn.deliver.edits import lesson_bans
from tests.deliver.helpers import hook, lesson, write_store

SELECT_STAR = "Never use `select *` in a final CTE; list the columns explicitly."
LIMIT = "Never leave a `limit` clause in a committed model."
UNION = "Prefer `union all` over `union` unless duplicates must really be removed."
REF = "Use `ref()` for model dependencies; never select from raw tables in models."
ORDER_BY = "Always give window functions an explicit `order by` and frame clause."
# Conventions for every model (more than 20: a bucket, whose edit brings no second batch), more helpful than the
# rules above, sharing no word with the request.
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
    "Use `coalesce_zero()` for amounts that may be missing.",
    "Amounts are stored in cents as integers.",
    "Document every column of a mart in its yml file.",
    "Mart models declare an `owner` in their meta block.",
    "Tag models that feed finance dashboards with `finance`.",
    "Group by column names, never by position.",
    "Use `dbt_utils.generate_surrogate_key()` for surrogate keys.",
    "Filter out test accounts with the `is_internal` flag.",
    "Use `date_spine` for calendars; never hard-code date lists.",
    "Keep incremental models' lookback at three days.",
]
NOUNS = ("invoices receipts ledgers budgets forecasts payrolls audits contracts vendors tenders quotes grants "
         "leases permits licences tariffs rebates refunds coupons vouchers").split()
FILLER = [f"{a.capitalize()} and {b} need {c} approval." for a, b, c in zip(NOUNS, NOUNS[7:] + NOUNS[:7],
                                                                              NOUNS[13:] + NOUNS[:13])]
LESSONS = ([lesson(f"L-01{n:02x}", text, paths=["models/**"], helpful=5) for n, text in enumerate(CONVENTIONS)]
           + [lesson(f"L-02{n:02x}", text, paths=["models/**"])
              for n, text in enumerate((SELECT_STAR, LIMIT, UNION, REF, ORDER_BY))]
           + [lesson(f"L-03{n:02x}", text, helpful=9) for n, text in enumerate(FILLER)])
FILE = "models/marts/product/fct_feature_usage.sql"


def _tool(root: Path, session_id: str, tool: str, tool_input: dict, call: str) -> str:
    common = {"tool_name": tool, "tool_input": tool_input, "tool_use_id": call}
    return (hook(root, session_id, "PreToolUse", **common)
            + hook(root, session_id, "PostToolUse", tool_response={"success": True}, **common))


def _session(root: Path, code: str) -> tuple[str, str]:
    """(what the Read showed, what the Edit writing ``code`` showed)."""
    write_store(root, LESSONS)
    session_id = str(uuid.uuid4())
    hook(root, session_id, "SessionStart", source="startup")
    hook(root, session_id, "UserPromptSubmit", prompt="add the feature usage table for the product team")
    path = str(root / FILE)
    read = _tool(root, session_id, "Read", {"file_path": path}, "toolu_01")
    edit = _tool(root, session_id, "Edit", {"file_path": path, "old_string": "x", "new_string": code}, "toolu_02")
    return read, edit


def test_an_edit_writing_banned_keyword_code_brings_the_rules_that_ban_it(git_repo: Path):
    read, edit = _session(git_repo, "select *\nfrom {{ ref('int_feature_events') }}\nunion\n"
                                    "select * from {{ ref('int_legacy_events') }}\nlimit 1000\n")
    assert read.count("[applies to: models/**]") >= 5
    assert not any(rule in read for rule in (SELECT_STAR, LIMIT, UNION))  # the most helpful conventions came first
    assert SELECT_STAR in edit and LIMIT in edit and UNION in edit
    assert REF not in edit and ORDER_BY not in edit  # the edit follows those


def test_an_edit_writing_the_code_a_rule_asks_for_brings_nothing_for_it(git_repo: Path):
    _, edit = _session(git_repo, "select\n    feature_id,\n    count(*) as uses,\n"
                                 "    row_number() over (order by count(*) desc) as rank\n"
                                 "from {{ ref('int_feature_events') }}\nunion all\n"
                                 "select feature_id, 0, 0 from {{ ref('int_legacy_events') }}\n")
    assert not any(rule in edit for rule in (SELECT_STAR, LIMIT, UNION, REF, ORDER_BY))


def test_which_keyword_code_a_lesson_bans():
    assert lesson_bans(UNION) == ([("union",)], [("union", "all")])
    assert lesson_bans(SELECT_STAR) == ([("select", "*")], [])
    assert lesson_bans(LIMIT) == ([("limit",)], [])
    assert lesson_bans("Use `for_each` with maps instead of `count` for resources that may be reordered.") == (
        [("count",)], [])
    assert lesson_bans(REF) == ([], [("ref",)])  # the ban after the `;` is about raw tables, in no backticks
    assert lesson_bans("Read environment-specific values with `var()`, never hard-code schema names.") == (
        [], [("var",)])
    assert lesson_bans("Never use `select *` or `limit` in marts.") == ([("select", "*"), ("limit",)], [])
    # a span with an identifier is an anchor already; one of short keywords or `*` alone names nothing
    assert lesson_bans("Validate inputs with Pydantic validators, not manual `if` checks.") == ([], [])
    assert lesson_bans("Grant least privilege: no `*` actions in IAM policies.") == ([], [])
    assert lesson_bans("Never call `fetch_all()` in a loop.") == ([], [])


def test_the_bans_are_read_when_the_index_is_prepared_not_at_each_edit(git_repo: Path, monkeypatch):
    """review26 R26-3: every Edit parsed the backticks of every lesson of the file again (a dbt store of 2,000
    `models/**` rules: 7-8x `python -c pass` for a Write). The bans are prepared with the index (corpus.bans)."""
    from altimate_learn.deliver import edits
    from altimate_learn.deliver.index import load_corpus
    from tests.deliver.helpers import learn_dir

    write_store(git_repo, LESSONS)
    corpus = load_corpus(str(learn_dir(git_repo)), lambda _: None)
    assert set(corpus.bans) == {"select *", "limit", "union"} and corpus.bans["union"][1] == ["union all"]

    def parse(_text):
        raise AssertionError("a lesson's backticks parsed at an edit")

    monkeypatch.setattr(edits, "lesson_bans", parse)
    scoped = range(len(corpus))
    found = edits.banned_points(corpus, "select *\nfrom x\nlimit 10\n", scoped, 5)
    assert sorted(corpus.texts[i] for i in found) == sorted([LIMIT, SELECT_STAR])
