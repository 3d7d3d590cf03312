"""Scoped rules are not contradictions: two rules bounded to places no file is in both hold side by side.

"In `tests/`, always use `pytest` fixtures" and "In `scripts/`, never use `pytest` fixtures" were quarantined or
made to replace each other as if one were the opposite of the other. Places come from the rule's text (a folder,
a path, a file pattern after "in", "under", "for" …) and from a lesson's path trigger; places that overlap
(`scripts/` and `scripts/tools/*.py`, `src/` and `*.py`), or a rule that names none, still contradict.
"""

from __future__ import annotations

import json

import pytest

from altimate_learn.gates.offline import Rule
from altimate_learn.gates.scopes import disjoint, overlap, place_globs, rule_scopes, text_places
from tests.fakes.model_server import FakeModelServer, model_server  # noqa: F401
from tests.gates.helpers import contradicts, quarantined, read_json, texts, write_instructions

FIXTURES = "In `tests/`, always use `pytest` fixtures for setup."
NO_FIXTURES = "In `scripts/`, never use `pytest` fixtures; write plain functions."


@pytest.mark.parametrize("word,quoted,globs", [
    ("tests/", False, ["tests/**"]),
    ("`./src/api/`", True, ["src/api/**"]),
    ("scripts/*.py", False, ["scripts/*.py"]),
    ("*.sh", False, ["**/*.sh"]),
    ("conftest.py", True, ["**/conftest.py"]),
    ("Makefile", False, ["**/Makefile"]),
    ("app/cli", True, ["app/cli", "app/cli.*", "app/cli/**"]),
    ("src/<module>/models.py", True, ["src/*/models.py"]),
])
def test_a_place_is_read_as_the_globs_of_its_files(word, quoted, globs):
    assert place_globs(word, quoted) == globs


@pytest.mark.parametrize("word,quoted", [
    ("tests", False), ("tests", True), ("client/server", False), ("e.g", False), ("https://x.io/a/", True),
    ("../up/", True), ("/etc/hosts", True), ("print()", True), ("1.2", False),
])
def test_a_word_that_is_not_clearly_a_path_names_no_place(word, quoted):
    assert place_globs(word, quoted) is None


@pytest.mark.parametrize("a,b", [
    (["tests/**"], ["scripts/**"]),
    (["**/*.sh"], ["**/*.py"]),
    (["scripts/*.sh"], ["scripts/tools/*.py"]),  # no file fits both names, in any folder
    (["scripts/*.py"], ["tools/*.py"]),
    (["src/**/*.ts"], ["src/**/*.py", "tests/**"]),
    (["docs/**"], ["{src,lib}/**"]),
    (["test_*.py"], ["*_test.go"]),
])
def test_globs_no_file_matches_both_do_not_overlap(a, b):
    assert not overlap(a, b) and not overlap(b, a)


@pytest.mark.parametrize("a,b", [
    # a folder's name pattern reaches its subfolders' files too, as the delivery matches it (deliver29's D29-2:
    # both rules reach `scripts/tools/x.py`)
    (["scripts/*.py"], ["scripts/tools/*.py"]),
    (["models/staging/*.sql"], ["models/staging/stripe/stg_*.sql"]),
    (["scripts/**"], ["scripts/tools/*.py"]),
    (["src/**"], ["**/*.py"]),
    (["**/test_*.py"], ["tests/**"]),
    (["src/*/models.py"], ["src/shop/**"]),
    (["{src,lib}/**"], ["lib/x.py"]),
    (["test_*.py"], ["*_test.py"]),  # test_a_test.py
    (["src/[ab]*.py"], ["src/c.py"]),  # a class: a "maybe" counts as overlapping
])
def test_globs_some_file_may_match_both_overlap(a, b):
    assert overlap(a, b) and overlap(b, a)


def test_a_rule_of_several_clauses_is_bounded_only_when_each_names_a_place():
    assert text_places("Never use `print()`; in `scripts/` use `click.echo`.") is None
    assert text_places("Keep helpers small. In `scripts/`, prefer plain functions.") is None
    assert text_places("In `tests/` and `benchmarks/`, use fixtures; in `scripts/`, use functions.") == [
        "tests/**", "benchmarks/**", "scripts/**"]
    assert text_places("In `tests/`, use `pytest` fixtures defined in `conftest.py`.") == ["tests/**"]
    assert rule_scopes("Use fixtures.", ["tests/**", "!tests/legacy/**"]) == (("tests/**",),)
    assert rule_scopes("Use fixtures.") == ()
    assert not disjoint((), (("tests/**",),))


SCOPED_APART = [
    (FIXTURES, NO_FIXTURES),
    ("Use pytest fixtures in tests/ for shared setup.", "Never use pytest fixtures in scripts/; use plain functions."),
    ("Use `print()` in `scripts/*.py` for output.", "Never use `print()` in `src/**/*.py`."),
    ("Use `print()` in `*.sh` files.", "Never use `print()` in `*.py` files."),
    ("Under `services/api/`, use `requests`.", "Under `services/worker/`, never use `requests`; use `httpx`."),
]
SCOPES_MEET = [
    ("Use `print()` in `scripts/` for output.", "Never use `print()` in `scripts/tools/*.py`."),
    ("Use `print()` in `src/`.", "Never use `print()` in `*.py` files."),
    ("Use `print()` in `scripts/`.", "Never use `print()`."),  # one holds everywhere
    ("Never use `print()`; in `scripts/` use `click.echo`.", "Use `print()` in `src/cli/`."),
    ("In `tests/`, always use `pytest` fixtures.", "Never use `pytest` fixtures in `tests/unit/`."),
]


@pytest.mark.parametrize("a,b", SCOPED_APART)
def test_rules_for_places_no_file_is_in_both_do_not_contradict(a, b):
    assert contradicts(a, b) == (False, False)


@pytest.mark.parametrize("a,b", SCOPES_MEET)
def test_rules_for_places_that_overlap_still_contradict(a, b):
    assert contradicts(a, b) == (True, True)


def test_path_triggers_bound_a_lesson_like_the_places_its_text_names():
    fixtures, plain = "Always use `pytest` fixtures.", "Never use `pytest` fixtures."
    assert contradicts(fixtures, plain) == (True, True)
    assert contradicts(Rule(fixtures, paths=["tests/**"]), Rule(plain, paths=["scripts/**"])) == (False, False)
    assert contradicts(Rule(fixtures, paths=["tests/**"]), Rule("In `scripts/`, never use `pytest` fixtures.")) == (
        False, False)
    assert contradicts(Rule(fixtures, paths=["tests/**"]), Rule(plain, paths=["**/*.py"])) == (True, True)
    assert contradicts(Rule(fixtures, paths=["tests/**"]), Rule(plain)) == (True, True)


def test_remember_keeps_a_scoped_rule_beside_an_instruction_for_another_folder(git_repo, cli):
    write_instructions(git_repo, agents=f"# Tests\n\n- {FIXTURES}\n", claude=None)
    code, out, err = cli("remember", NO_FIXTURES)
    assert code == 0, err
    assert quarantined(git_repo) == []
    assert texts(git_repo) == [NO_FIXTURES]


def test_remember_still_quarantines_a_rule_for_an_overlapping_folder(git_repo, cli):
    write_instructions(git_repo, agents=f"# Tests\n\n- {FIXTURES}\n", claude=None)
    code, out, err = cli("remember", "In `tests/unit/`, never use `pytest` fixtures.")
    assert code == 0, err
    [item] = quarantined(git_repo)
    assert item["verdict"] == "contradiction" and item["source"] == "AGENTS.md"


def test_a_rule_for_tests_naming_where_its_fixtures_live_does_not_replace_the_rule_for_scripts(git_repo, cli):
    """Found adopting learn as two teammates: "In `tests/`, … defined in `conftest.py`" was bounded by tests/ and
    every conftest.py (scripts/conftest.py too), so it contradicted and replaced the rule for `scripts/`."""
    for rule in (FIXTURES, NO_FIXTURES):
        assert cli("remember", rule, "--approve")[0] == 0
    code, out, err = cli("remember", "In `tests/`, always use `pytest` fixtures for setup and teardown, defined in "
                         "`conftest.py`.", "--json")
    assert code == 0, err
    assert [r["text"] for r in json.loads(out)["replaced"]] != [NO_FIXTURES]
    assert NO_FIXTURES in [lesson["text"] for lesson in read_json(git_repo, "candidate.json")]


def test_a_persons_rule_for_another_folder_sits_beside_the_lesson(git_repo, cli):
    code, out, err = cli("remember", FIXTURES, "--approve", "--json")
    assert code == 0, err
    base = json.loads(out)["id"]
    code, out, err = cli("remember", NO_FIXTURES, "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["replaced"] == [] and result["coexists"] == [base]
    assert texts(git_repo) == [FIXTURES, NO_FIXTURES]
    assert read_json(git_repo, "candidate-retired.json") is None


def test_a_persons_rule_with_a_path_trigger_sits_beside_a_lesson_for_another_folder(git_repo, cli):
    code, out, err = cli("remember", "Always use `pytest` fixtures for setup.", "--paths", "tests/**",
                         "--approve", "--json")
    assert code == 0, err
    base = json.loads(out)["id"]
    code, out, err = cli("remember", "Never use `pytest` fixtures; write plain functions.", "--paths",
                         "scripts/**", "--json")
    assert code == 0, err
    assert json.loads(out)["replaced"] == []
    assert len(texts(git_repo)) == 2
    code, out, err = cli("remember", "Never use `pytest` fixtures for setup.", "--json")  # holds everywhere
    assert code == 0, err
    assert [r["id"] for r in json.loads(out)["replaced"]] == [base]


def test_a_models_contradiction_between_rules_for_other_folders_is_passed(git_repo, cli, monkeypatch,
                                                                            model_server: FakeModelServer):
    write_instructions(git_repo, agents=f"# Tests\n\n- {FIXTURES}\n", claude=None)
    monkeypatch.setenv("OPENAI_BASE_URL", model_server.openai_base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-0000000000000000000000")
    model_server.vet({"fixtures": {"verdict": "contradiction", "source": "AGENTS.md", "quote": FIXTURES}})
    code, out, err = cli("remember", NO_FIXTURES, "-m", "openai/gpt-4o-mini", "--json")
    assert code == 0, err
    assert quarantined(git_repo) == [] and texts(git_repo) == [NO_FIXTURES]
    assert "places no file belongs to both do not contradict" in json.dumps(model_server.requests[0].body)
    model_server.vet({"fixtures": {"verdict": "contradiction", "source": "AGENTS.md", "quote": FIXTURES}})
    code, out, err = cli("remember", "In `tests/unit/`, never use `pytest` fixtures.", "-m", "openai/gpt-4o-mini")
    assert code == 0, err
    [item] = quarantined(git_repo)
    assert item["verdict"] == "contradiction"
