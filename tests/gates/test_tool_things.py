"""A thing of a tool named after it is not the tool: "never use `pytest` fixtures" does not contradict "Run tests
with `pytest -q`" (found adopting learn in a project whose AGENTS.md says how to run the tests: a person's rule for
`scripts/` was quarantined against it). The same thing on both sides, or the tool itself, still contradicts."""

from __future__ import annotations

import pytest

from tests.gates.helpers import contradicts, quarantined, texts, write_instructions

APART = [
    ("In `scripts/`, never use `pytest` fixtures; write plain functions.", "Run tests with `pytest -q`."),
    ("Never use `git` hooks; use CI checks instead.", "Commit with `git commit -s`."),
    ("Never edit `npm` scripts by hand; regenerate them.", "Install dependencies with `npm ci`."),
]
STILL = [
    ("Never use `pytest` fixtures; write plain functions.", "Always use `pytest` fixtures for setup."),
    ("Use pnpm, never `npm` commands.", "Install with `npm install`."),
    ("Use `pnpm`, not `npm`.", "Install with `npm install`."),
    ("Never use `print()` statements; use the logger.", "Use `print()` for CLI output."),
    ("Never use `pytest`; use `unittest`.", "Run tests with `pytest -q`."),
]


@pytest.mark.parametrize("a,b", APART)
def test_a_thing_of_a_tool_is_not_the_tool(a, b):
    assert contradicts(a, b) == (False, False)


@pytest.mark.parametrize("a,b", STILL)
def test_the_same_thing_or_the_tool_itself_still_contradicts(a, b):
    assert contradicts(a, b) == (True, True)


def test_remember_keeps_a_rule_about_fixtures_beside_the_test_command(git_repo, cli):
    write_instructions(git_repo, agents="# Shop\n\n- Run tests with `pytest -q`.\n", claude=None)
    code, out, err = cli("remember", APART[0][0])
    assert code == 0, err
    assert quarantined(git_repo) == [] and texts(git_repo) == [APART[0][0]]


def test_a_persons_rule_the_curator_reads_as_opposite_on_a_command_is_never_quarantined_for_it(git_repo, cli):
    """"Run `pytest -q -x --ff` before every commit." beside "…, never `pytest` alone.": the curator's overlap
    guard saw opposite rules on `pytest` and quarantined the person's rule ("EDIT it, or ADD with supersedes or
    coexists", advice for a model); a person's rule replaces the lesson or sits beside it, and says which."""
    import json

    code, out, err = cli("remember", "Run the tests with `pytest -q -x` before every commit, never `pytest` alone.",
                         "--approve", "--json")
    assert code == 0, err
    base = json.loads(out)["id"]
    code, out, err = cli("remember", "Run `pytest -q -x --ff` before every commit.", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["status"] in ("replaced", "added") and quarantined(git_repo) == []
    assert [r["id"] for r in result["replaced"]] == [base] or result["coexists"] == [base]
