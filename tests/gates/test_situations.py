"""The offline vet on two rules about one name in different situations.

"CLI scripts write their output with `print()`" and "Never use `print()` for logging; use the logger" are about
a CLI's output and about logging: neither contradicts the other, so neither is quarantined against an
instruction file, and a person's rule does not replace the lesson (both stay). A rule that names no situation
holds everywhere and still contradicts a rule for the opposite in one situation, and two rules for the same
situation still contradict, also when they name it in other words ("money amounts" and "prices"). Situations
count as different only when both are ideas the concept table knows and they differ: a place it does not know is
no evidence, and the contradiction is reported for a person to decide.
"""

from __future__ import annotations

import json

import pytest

from altimate_learn.gates.offline import compare, sentences
from tests.gates.helpers import quarantined, read_json, texts, write_instructions

LOGGING = "Never use `print()` for logging; use the logger."

DIFFERENT_SITUATIONS = [
    ("Never use print() for logging; use the logger.", "CLI scripts write their output with `print()`."),
    (LOGGING, "CLI scripts write their output with `print()`."),
    (LOGGING, "In CLI scripts, use `print()` for output."),
    (LOGGING, "Use `print()` for CLI output."),
    ("Use the logger, not `print()`, for logging.", "CLI tools write results to stdout with `print()`."),
    ("Don't use `print()` for logging, use `logging.getLogger(__name__)`.", "Use `print()` for CLI output."),
    ("Never use `npm ci` on developer laptops.", "Use `npm ci` in CI."),
]

SAME_SITUATION_OR_EVERYWHERE = [
    ("Never use `print()`; use the logger.", "CLI scripts write their output with `print()`."),
    ("Never use `print()`; use the logger.", "In CLI scripts, use `print()` for output."),
    ("Never use `print()` for logging; use the logger.", "Use `print()` for logging."),
    ("Always use `float` for money amounts.", "Never use `float` for money amounts; use `Decimal`."),
    ("Use `freezegun` for time in tests.", "Never use `freezegun` in tests."),
    ("Log errors with `logger.exception` in API handlers.", "Never use `logger.exception` in API handlers."),
    ("Use `npm ci` in this repository.", "Never use `npm ci`."),
    ("Use tabs for indentation.", "Never use tabs for indentation."),
    # one situation in other words (review13 R13-16): words for one idea are one place
    ("Use `float` for money amounts.", "Never use `float` for prices."),
    ("Use `npm` for installing packages.", "Never use `npm` when adding dependencies; use `pnpm`."),
    ("Use `print()` for logging.", "Never use `print()` in log lines; use `structlog`."),
    # places the concept table does not know are no evidence of different situations (review13, on R13-16)
    ("Use `requests` for API calls.", "Never use `requests` for HTTP requests; use `httpx`."),
    ("Use `moment` for dates.", "Never use `moment` for timestamps; use `date-fns`."),
    ("Use `jest` for unit tests.", "Never use `jest` for specs; use `vitest`."),
    ("Use `print()` in scripts.", "Never use `print()` in CLI tools."),
    ("Store secrets in `.env` for local development.", "Never put secrets in `.env` on developer machines."),
]


def _contradictions(instructions: str, rule: str):
    found = [compare(rule, sentence) for sentence in sentences(instructions)]
    return [f for f in found if f is not None and f.verdict == "contradiction"]


@pytest.mark.parametrize("instructions,rule", DIFFERENT_SITUATIONS)
def test_rules_for_different_situations_do_not_contradict(instructions, rule):
    assert _contradictions(instructions, rule) == []
    assert _contradictions(rule, instructions) == []


@pytest.mark.parametrize("instructions,rule", SAME_SITUATION_OR_EVERYWHERE)
def test_rules_for_one_situation_or_everywhere_still_contradict(instructions, rule):
    [finding] = _contradictions(instructions, rule)
    assert finding.quote == sentences(instructions)[0]
    [back] = _contradictions(rule, instructions)
    assert back.quote == sentences(rule)[0]


def test_remember_keeps_a_cli_output_rule_beside_the_logging_instruction(git_repo, cli):
    write_instructions(git_repo, agents=f"# Style\n\n- {LOGGING}\n", claude=None)
    code, out, err = cli("remember", "CLI scripts write their output with `print()`.")
    assert code == 0, err
    assert quarantined(git_repo) == []
    assert texts(git_repo) == ["CLI scripts write their output with `print()`."]
    assert out.startswith('Remembered L-')


def test_remember_quarantines_the_cli_output_rule_against_a_blanket_ban(git_repo, cli):
    write_instructions(git_repo, agents="# Style\n\n- Never use `print()`; use the logger.\n", claude=None)
    code, out, err = cli("remember", "CLI scripts write their output with `print()`.")
    assert code == 0, err
    [item] = quarantined(git_repo)
    assert item["verdict"] == "contradiction" and item["source"] == "AGENTS.md"
    assert texts(git_repo) == []


def test_a_persons_rule_for_another_situation_sits_beside_the_lesson(git_repo, cli):
    """It was taken as sharpening (or contradicting) the logging lesson and retired it: the team lost its
    logging rule for a rule about CLI output."""
    code, out, err = cli("remember", LOGGING, "--approve", "--json")
    assert code == 0, err
    base = json.loads(out)["id"]
    code, out, err = cli("remember", "In CLI scripts, use `print()` for output.")
    assert code == 0, err
    assert "Replaced" not in out
    assert f"It shares an identifier with {base}, which stays beside it." in out.splitlines()
    assert texts(git_repo) == [LOGGING, "In CLI scripts, use `print()` for output."]
    assert read_json(git_repo, "candidate-retired.json") is None
    [_, added] = read_json(git_repo, "candidate.json")
    assert added["coexists"] == [base]


def test_a_persons_blanket_rule_still_replaces_the_lesson_it_contradicts(git_repo, cli):
    code, out, err = cli("remember", "In CLI scripts, use `print()` for output.", "--approve", "--json")
    assert code == 0, err
    base = json.loads(out)["id"]
    code, out, err = cli("remember", "Never use `print()`; use the logger.", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["status"] == "replaced" and [r["id"] for r in result["replaced"]] == [base]
    assert texts(git_repo) == ["Never use `print()`; use the logger."]


def test_a_persons_rule_naming_the_situation_in_other_words_replaces_the_lesson(git_repo, cli):
    code, out, err = cli("remember", "Use `float` for money amounts.", "--approve", "--json")
    assert code == 0, err
    base = json.loads(out)["id"]
    code, out, err = cli("remember", "Never use `float` for prices; use `Decimal`.", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["status"] == "replaced" and [r["id"] for r in result["replaced"]] == [base]
    assert result["coexists"] == []
