"""The built-in reflector's changes of refl28 (issue 20): the wrong lesson found when the third blind set's not rows were
read (now dev data), review27's and refl27's residuals, and forms for rules said in ways earlier sets showed. Each change
has look-alikes: what must give nothing gives nothing, and what must still give its rule gives it."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def lessons(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


# --- 1. Wrong lessons (blind3's not rows, refl27's and review27's residuals): must give nothing ----------------------
NOTHING = [
    # "it's X, not Y" that says how something is, not which of two things to use ("Use `old`, not `related` to what we
    # did today." from blind3's "it's old, not related to what we did today"; a chat typo gave "Use `stil` instead of
    # `workign`.")
    "flaky test: test_upload_resume fails about 1 in 5 runs on CI with a timeout. it's old, not related to what we did "
    "today. can you dig in?",
    "it's old, not related to what we did today",
    "its stil not workign",
    "it's legacy, not ours",
    "it is flaky, not broken",
    "it's intermittent, not caused by your change",
    "it's fine, not urgent",
    # one thing of this task moved to another way, asked for ("Migrate the config loader to pydantic-settings instead
    # of `os.environ`.", "… for each new widget.")
    "Please migrate the config loader to pydantic-settings instead of os.environ.",
    "Can you switch the date library to dayjs instead of moment for the new widget?",
    "please convert the report script to polars instead of pandas",
    "move the settings page to React instead of the jinja template",
    # a way of the team's about what is no code ("Keep meetings short.")
    "we try to keep meetings short",
    "we keep standups brief",
    "we try to keep slides simple",
]


@pytest.mark.parametrize("text", NOTHING)
def test_lookalike_gives_nothing(text: str) -> None:
    assert lessons(text) == []


STILL = [
    # a bare "it's X, not Y" between two tools or pieces of code
    ("it's pnpm, not npm", ["Use `pnpm` instead of `npm`."]),
    ("It's pytest, not unittest", ["Use `pytest` instead of `unittest`."]),
    ("we use pydantic v2 here so its model_dump() not .dict()", ["Use `model_dump()` instead of `.dict()`."]),
    # a kind of thing moved to another way, or a change asked for every time
    ("move the tests to tests/ instead of src/", ["Move the tests to `tests/` instead of `src/`."]),
    ("always migrate the config to env vars instead of yaml files",
     ["Always migrate the config to env vars instead of yaml files."]),
    ("please switch to pnpm instead of npm", ["Switch to `pnpm` instead of `npm`."]),
    # the team's way about code
    ("we try to keep deps minimal", ["Keep deps minimal."]),
    ("We pin provider versions with ~>, not >=.", ["Pin provider versions with ~>, not >=."]),
]


@pytest.mark.parametrize(("text", "rules"), STILL)
def test_form_still_gives_its_rule(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules
