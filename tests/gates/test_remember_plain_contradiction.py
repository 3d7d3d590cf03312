"""A person's rule that contradicts a lesson in plain words (no backticks) is seen (review35 R35-8): README's own
example, `learn remember "Use uv, never pip."` then `learn remember "Use pip to install dependencies."`, staged the
second beside the first, with no word, although the same pair in backticks replaced the old lesson."""

from __future__ import annotations

import json

import pytest

from altimate_learn.gates.offline import compare


def _json(cli, *args: str) -> dict:
    code, out, err = cli(*args, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("old, new", [
    ("Use uv, never pip.", "Use pip to install dependencies."),
    ("Use uv, never pip.", "Install dependencies with pip install -r requirements.txt."),
    ("Use pnpm instead of npm.", "Use npm to install packages."),
    ("Use npm to install packages.", "Use pnpm instead of npm."),
])
def test_remember_replaces_the_lesson_it_contradicts_in_plain_words(git_repo, cli, old, new) -> None:
    first = _json(cli, "remember", old, "--approve")
    code, out, err = cli("remember", new)
    assert code == 0, err
    assert out.splitlines()[0] == (f'Replaced an earlier lesson: "{old.rstrip(".")}" ({first["id"]}, retired when '
                                   "the candidate is promoted).")


@pytest.mark.parametrize("rule, other", [
    ("Merge PRs with a squash commit.", "Always rebase, never merge."),  # "merge" is the order's verb, not a thing used
    ("Print the summary at the end of the CLI run.", "Log with structlog instead of print."),
    ("Use pip-tools to compile requirements.", "Use uv, never pip."),  # another name
    ("Use uv instead of pip for installs.", "Use uv, never pip."),  # the same way round
    ("In scripts, never use pytest fixtures; write plain functions.", "Run tests with pytest -q."),  # a thing of it
])
def test_plain_look_alikes_are_no_contradiction(rule: str, other: str) -> None:
    found = compare(rule, other)
    assert found is None or found.verdict != "contradiction"
