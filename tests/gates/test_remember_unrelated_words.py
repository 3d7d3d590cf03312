"""A plain word that is another lesson's backticked name is not that name (review37 R37-10): approved "Use `httpx` for
HTTP clients, never `requests`." and then `learn remember "Keep pull requests small."` retired the httpx rule as its
opposite ("Replaced an earlier lesson"), and with --approve it was gone at once. A name counts in plain words only
where they use it as the name. And a rule for a narrower place no longer retires the project-wide lesson it repeats."""

from __future__ import annotations

import json

import pytest


def _json(cli, *args: str) -> dict:
    code, out, err = cli(*args, "--json")
    assert code == 0, err
    return json.loads(out)


def _texts(git_repo, name: str = "candidate.json") -> list[str]:
    path = git_repo / ".altimate-code" / "learn" / "team-playbook" / name
    return [lesson["text"] for lesson in json.loads(path.read_text(encoding="utf-8"))]


@pytest.mark.parametrize(("lesson", "rule"), [
    ("Use `httpx` for HTTP clients, never `requests`.", "Keep pull requests small."),
    ("Use `httpx` for HTTP clients, never `requests`.", "Answer feature requests within a day."),
    ("Use `click` for command-line tools.", "Never click through the deploy dialog; use the CLI."),
    ("Use `black` to format Python.", "Never use black text on dark backgrounds."),
    # the other way round (review38 R38-6): the new rule names the tool in plain words, the lesson has the everyday word
    ("Keep pull requests small.", "Never use requests."),
    ("Keep pull requests small.", "Never use `requests`, use `httpx`."),
    ("Never use requests.", "Batch requests to the billing API."),
])
def test_an_everyday_word_does_not_retire_the_lesson_naming_it(git_repo, cli, lesson, rule) -> None:
    _json(cli, "remember", lesson, "--approve")
    code, out, err = cli("remember", rule, "--approve")
    assert code == 0, err
    assert "Replaced an earlier lesson" not in out and "exception" not in err
    assert _texts(git_repo, "approved.json") == [lesson, rule]


@pytest.mark.parametrize(("lesson", "rule"), [
    ("Use `httpx` for HTTP clients, never `requests`.", "Use requests for HTTP calls."),
    ("Use `uv`, never `pip`.", "Install dependencies with pip."),
])
def test_the_name_used_as_the_name_still_contradicts_the_lesson(git_repo, cli, lesson, rule) -> None:
    first = _json(cli, "remember", lesson, "--approve")
    result = _json(cli, "remember", rule)
    assert result["status"] == "replaced" and result["replaced"][0]["id"] == first["id"]


def test_a_rule_for_one_file_stays_beside_the_project_wide_lesson(git_repo, cli) -> None:
    first = _json(cli, "remember", "Use `Decimal` for money, never float.", "--approve")
    code, out, err = cli("remember", "In `src/billing.py`, round money with `Decimal.quantize`.")
    assert code == 0, err
    assert "Replaced an earlier lesson" not in out
    assert f'narrower than {first["id"]} ("Use `Decimal` for money, never float.") for "src/billing.py": both kept' in err
    assert _texts(git_repo) == ["Use `Decimal` for money, never float.",
                                "In `src/billing.py`, round money with `Decimal.quantize`."]
