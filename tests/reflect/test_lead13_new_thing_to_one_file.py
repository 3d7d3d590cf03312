"""The built-in reflector: this task's one new thing put in one file is no standing rule (review29, session 13).

"put the new report in reports/2024/q3.sql" gave "Put each new report in `reports/2024/q3.sql`.": the "each" was the
clean-up's, and every report of the project would go into one quarter's file. A place for new things of a kind (a
folder, or "new constants" without "the") stays a rule."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, reflect_builtin


def _lessons(text: str) -> list[str]:
    result = reflect_builtin([FeedbackItem("user_correction", text, signal_id="s1")], [])
    return [d["text"] for d in result.deltas if d["op"] == "ADD"]


@pytest.mark.parametrize("text", [
    "put the new report in reports/2024/q3.sql",
    "no, put the new migration in db/migrations/0042_add_index.sql",
    "move the new test into tests/test_api.py",
    "no, put the new endpoint in api/routes/users.py not in main.py",
])
def test_the_new_thing_into_one_file_gives_nothing(text):
    assert _lessons(text) == []


@pytest.mark.parametrize(("text", "lesson"), [
    ("put new helpers in src/utils/", "Put new helpers in `src/utils/`."),
    ("always put new constants in config.py", "Always put new constants in `config.py`."),
    ("new reports go in reports/, one file per quarter", "Put new reports in `reports/`, one file per quarter."),
])
def test_a_place_for_new_things_of_a_kind_is_still_a_rule(text, lesson):
    assert _lessons(text) == [lesson]
