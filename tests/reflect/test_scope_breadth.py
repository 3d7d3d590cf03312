"""A lesson's scope is never narrower than the correction's words (issue 20).

The built-in reflector scopes a lesson to the folders of the files the agent had open. When the correction speaks
of a kind of thing ("in migrations", "for React components", "to public functions", "the table names"), one file
the agent happened to touch does not make the rule stop at that file's folder: a rule naming a folder on the path
holds in that folder and below it; a rule about a kind of code holds in files of that type across the part of the
repository it came from. A rule about neither keeps the folder, as before.
"""

from __future__ import annotations

import pytest

from altimate_learn.deliver.globs import glob_matches
from altimate_learn.reflect.providers.builtin import FeedbackItem, reflect_builtin, trigger_for

WIDENED = [
    # the rule names a folder on the touched path: that folder and everything below it
    ("Never edit applied migrations.", ["db/migrations/0042_orders.py"], ["db/migrations/**"]),
    ("Staging models must convert cents to dollars.", ["models/staging/stg_orders.sql"], ["models/staging/**"]),
    # a kind of code, no folder named: its file type in the part of the repository it came from
    ("Use function components for React components.", ["web/src/pages/Home.tsx"], ["web/**/*.tsx"]),
    ("Always add type hints to public functions.", ["src/api/users.py"], ["src/**/*.py"]),
    ("Use `ref()` instead of hardcoding the schema and table names.", ["models/marts/finance/fct_revenue.sql"],
     ["models/**/*.sql"]),
    ("Every new endpoint needs an integration test.", ["services/api/routes/orders.py"], ["services/**/*.py"]),
    ("Use `Decimal` instead of `float` for money.", ["services/api/app/routers/orders.py"], ["services/**/*.py"]),
]


@pytest.mark.parametrize(("rule", "paths", "globs"), WIDENED, ids=[w[0][:40] for w in WIDENED])
def test_a_rule_about_a_kind_of_thing_is_not_scoped_to_the_one_folder_touched(rule, paths, globs) -> None:
    assert trigger_for(rule, paths) == globs


KEPT = [
    # a rule about one thing of that folder, or that names its own place, keeps the touched folder
    ("Always convert `amount_cents` to dollars.", ["models/staging/stg_orders.sql"], ["models/staging/*.sql"]),
    ("Keep `stg_orders.sql` thin.", ["models/staging/stg_orders.sql"], ["models/staging/*.sql"]),
    ("Use `models/staging/` for renames.", ["models/staging/a.sql"], ["models/staging/*.sql"]),
    ("Use `Decimal` instead of `float` for money.", ["app/money.py"], ["app/*.py"]),  # one folder deep already
    # and what was project-wide stays so
    ("Never use `pip`.", ["app/money.py"], []),
    ("Keep functions short in this repo.", ["src/files.py"], []),
    ("Always put generated output under `build/`.", ["scripts/gen/make_report.py"], []),
]


@pytest.mark.parametrize(("rule", "paths", "globs"), KEPT, ids=[k[0][:40] for k in KEPT])
def test_a_rule_about_one_place_keeps_its_scope(rule, paths, globs) -> None:
    assert trigger_for(rule, paths) == globs


def test_a_lesson_learned_in_one_folder_reaches_a_file_of_its_kind_in_another() -> None:
    """The user's view: corrected in a finance mart, the lesson is there when the agent writes a staging model."""
    items = [FeedbackItem("user_correction", "no, use ref() instead of hardcoding the schema and table names",
                          "sig_1", "m1", ["models/marts/finance/fct_revenue.sql"])]
    delta = reflect_builtin(items, []).deltas[0]
    assert delta["text"] == "Use `ref()` instead of hardcoding the schema and table names."
    assert any(glob_matches(glob, "models/staging/stg_shopify__orders.sql") for glob in delta["paths"])
    assert not any(glob_matches(glob, "services/api/app/main.py") for glob in delta["paths"])
