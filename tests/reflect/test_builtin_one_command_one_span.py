"""One command the person typed bare comes out of the built-in reflector as one code span (fix17).

Several marking passes each put the piece they know in backticks (a tool name, the command after "run", a tool's
subcommand), so "use uv run pytest" became "Use `uv run` `pytest`": two spans side by side, which reads as two
things and which an agent copies badly. Spans with only spaces between them are one piece of code.
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import correction_rules
from altimate_learn.reflect.providers.builtin.identifiers import join_adjacent_code


@pytest.mark.parametrize("said, lesson", [
    ("use uv run pytest instead of pytest", "Use `uv run pytest` instead of `pytest`."),
    ("Don't run pytest directly, use uv run pytest", "Never run `pytest` directly; use `uv run pytest`."),
    ("use npm run build not yarn build", "Use `npm run build` instead of `yarn build`."),
])
def test_a_command_typed_bare_is_one_span(said: str, lesson: str):
    assert correction_rules(said)[0] == [lesson]


def test_spans_apart_stay_apart_and_touching_ones_join():
    assert join_adjacent_code("Use `uv run` `pytest` `-q`.") == "Use `uv run pytest -q`."
    assert join_adjacent_code("Use `ruff`, not `flake8` or `pylint`.") == "Use `ruff`, not `flake8` or `pylint`."
    assert join_adjacent_code("Run `make``test`.") == "Run `make test`."
