"""The offline vet on a command one side forbids and the other prescribes (review12 R12-10).

Whatever the verb ("use", "run", "format with", "add … with") and however short the instruction line, a rule
that says never to use the very command an instruction file tells the agent to use is a contradiction; two
different commands of one tool are not.
"""

from __future__ import annotations

import pytest

from altimate_learn.gates.offline import compare, sentences
from tests.gates.helpers import quarantined, texts, write_instructions

FORBIDS_WHAT_IS_PRESCRIBED = [
    ("Run the tests with `pytest -q`.", "Never use `pytest -q`."),
    ("Run `pytest`.", "Never use `pytest`."),
    ("Use `make test`.", "Never use `make test`."),
    ("Add dependencies with `uv add`.", "Never use `uv add`; use `poetry add`."),
    ("Run the tests with `pytest -q`.", "Run the tests with `pytest -x`, never `pytest -q`."),
    ("Format with `ruff format`.", "Never run `ruff format`; use `black`."),
    ("Use npm ci in CI.", "Never use `npm ci`."),
    ("Never use `npm`; use `pnpm`.", "Install with `npm install`."),
    ("Build the images with `docker buildx bake`.", "Avoid `docker buildx bake`, it is flaky here."),
    # review42 R42-10: the instruction runs a longer form of the command the rule bans
    ("Install dependencies with `pip install -r requirements.txt`.", "Use `uv add` for dependencies; never `pip install`."),
    ("Install with `npm install --legacy-peer-deps`.", "Never use `npm install`; use `pnpm install`."),
]

COMPATIBLE = [
    ("Load settings from `.env`.", "Never commit `.env`."),
    ("Run the tests with `pytest -q`.", "Use `pytest -q`, never bare `pytest`."),
    ("Run the tests with `pytest -q`.", "Always run `pytest -q`."),
    ("Use `uv` for dependencies.", "Use `uv add`, never `pip install`."),
    ("Use `pnpm`, never `npm`.", "Install dependencies with `pnpm install`."),
    ("Run `make lint` before pushing.", "Never run `make deploy` from a laptop."),
    ("Use `git rebase` to update branches.", "Never use `git push --force` on main."),
    ("Use `npm ci` in CI.", "Never use `npm install` in CI."),
]


def _contradiction(instructions: str, rule: str):
    found = [compare(rule, sentence) for sentence in sentences(instructions)]
    return [f for f in found if f is not None and f.verdict == "contradiction"]


@pytest.mark.parametrize("instructions,rule", FORBIDS_WHAT_IS_PRESCRIBED)
def test_a_rule_forbidding_the_prescribed_command_contradicts_it(instructions, rule):
    [finding] = _contradiction(instructions, rule)
    assert finding.quote == sentences(instructions)[0]


@pytest.mark.parametrize("instructions,rule", COMPATIBLE)
def test_a_rule_about_another_command_or_action_does_not(instructions, rule):
    assert _contradiction(instructions, rule) == []


def test_remember_quarantines_it_live_and_names_the_instruction(git_repo, cli):
    """The reviewer's run: AGENTS.md says `pytest -q`; "Run the tests with `pytest -x`, never `pytest -q`." was
    staged (replacing an approved lesson) with nothing said about AGENTS.md."""
    write_instructions(git_repo, agents="# Tooling\n\n- Run the tests with `pytest -q`.\n", claude=None)
    code, out, err = cli("remember", "Run the tests with `pytest -x`, never `pytest -q`.")
    assert code == 0, err
    [item] = quarantined(git_repo)
    assert item["verdict"] == "contradiction" and item["source"] == "AGENTS.md"
    assert item["quote"] == "Run the tests with `pytest -q`."
    assert texts(git_repo) == []  # nothing staged for delivery


def test_remember_quarantines_a_ban_of_the_command_the_instructions_run_with_arguments(git_repo, cli):
    """review42 R42-10: CLAUDE.md's "Install dependencies with `pip install -r requirements.txt`." and a remembered
    "never `pip install`" were only warned about, approved and delivered together; "never `black`" beside "Use
    `black`" was quarantined. The same contradiction, the same gate."""
    write_instructions(git_repo, agents="# Project\n", claude="# Setup\n\n- Install dependencies with `pip install -r "
                                                     "requirements.txt`.\n")
    code, out, err = cli("remember", "Use `uv add` for dependencies; never `pip install`.")
    assert code == 0, err
    [item] = quarantined(git_repo)
    assert item["verdict"] == "contradiction" and item["source"] == "CLAUDE.md"
    assert item["quote"] == "Install dependencies with `pip install -r requirements.txt`."
    assert texts(git_repo) == []
