"""Two choices for one job (review36 R36-12): "Use dayjs for new code." beside the AGENTS.md line "Use moment for all
date handling." shares no word but "use" and negates nothing, so the offline vet passed it with no word to the
reviewer. A rule that chooses another member of a set of alternatives (a date library, a package manager, an HTTP
client …) than a lesson in force or an instruction sentence is kept, with a note naming both, for the reviewer to
decide: the words cannot tell an update, an exception or a conflict apart. Everyday words count only as the object
of a verb of use ("the requests are slow" names no library), a registry is no choice of a tool ("publish to npm"), and
rules for different situations or an exception to the other get no note."""

from __future__ import annotations

import json

import pytest

from altimate_learn.gates.alternatives import chosen, other_choice


def _candidate(git_repo) -> list[dict]:
    path = git_repo / ".altimate-code" / "learn" / "team-playbook" / "candidate.json"
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_rule_choosing_another_library_than_the_instructions_is_kept_with_a_note(git_repo, cli) -> None:
    (git_repo / "AGENTS.md").write_text("# Agents\n\n- Use moment for all date handling.\n", encoding="utf-8")
    code, out, err = cli("remember", "Use dayjs for new code.")
    assert code == 0, err
    assert ('may contradict AGENTS.md ("Use moment for all date handling."), which chooses moment where this chooses '
            "dayjs for a date library: check which holds before you promote it") in err
    (staged,) = [lesson for lesson in _candidate(git_repo) if lesson["text"] == "Use dayjs for new code."]
    assert "may contradict AGENTS.md" in staged["provenance"]


def test_a_rule_choosing_another_client_than_a_lesson_is_kept_beside_it_with_a_note(git_repo, cli) -> None:
    code, out, err = cli("remember", "Use httpx for outbound HTTP calls.", "--approve", "--json")
    assert code == 0, err
    first = json.loads(out)["id"]
    code, out, err = cli("remember", "Use aiohttp for HTTP calls.")
    assert code == 0, err
    assert "Replaced an earlier lesson" not in out
    assert f'may contradict {first} ("Use httpx for outbound HTTP calls."), which chooses httpx where this ' \
           "chooses aiohttp for a Python HTTP client" in err
    assert {lesson["text"] for lesson in _candidate(git_repo)} == {"Use httpx for outbound HTTP calls.",
                                                                    "Use aiohttp for HTTP calls."}


def test_a_broad_rule_against_a_narrower_lesson_still_gets_the_note(git_repo, cli) -> None:
    # the lesson is narrower than the new rule: the broad rule may overrule it, so the reviewer is told
    code, out, err = cli("remember", "Use pnpm for the web app.", "--approve", "--json")
    assert code == 0, err
    first = json.loads(out)["id"]
    code, out, err = cli("remember", "Always use npm.")
    assert code == 0, err
    assert f'may contradict {first} ("Use pnpm for the web app."), which chooses pnpm where this chooses npm' in err
    assert {lesson["text"] for lesson in _candidate(git_repo)} == {"Use pnpm for the web app.", "Always use npm."}


def test_a_narrower_rule_choosing_otherwise_is_an_exception_without_a_note(git_repo, cli) -> None:
    code, out, err = cli("remember", "Always use npm.", "--approve")
    assert code == 0, err
    code, out, err = cli("remember", "Use pnpm for the web app.")
    assert code == 0, err
    assert "may contradict" not in err


@pytest.mark.parametrize(("lesson", "rule"), [
    ("Use pnpm instead of npm.", "Publish the package to npm after every release."),  # a registry, not the tool
    ("Format Python code with black.", "The black box tests run nightly."),  # an everyday word, not the tool
    ("Use requests for HTTP calls.", "Retry failed requests three times."),
    ("Use dayjs for dates.", "Wait a moment before retrying the deploy."),
    ("Use pnpm instead of npm.", "Use pnpm workspaces for the monorepo."),  # the same choice
])
def test_no_note_where_nothing_else_is_chosen(git_repo, cli, lesson, rule) -> None:
    code, out, err = cli("remember", lesson, "--approve")
    assert code == 0, err
    code, out, err = cli("remember", rule)
    assert code == 0, err
    assert "may contradict" not in err


@pytest.mark.parametrize(("text", "used", "avoided"), [
    ("use dayjs, never moment.", {"dayjs"}, {"moment"}),
    ("we switched from moment to day.js.", {"dayjs"}, {"moment"}),
    ("indent with tabs.", {"tabs"}, set()),
    ("use 4 spaces for indentation.", {"spaces"}, set()),
    ("add spaces around operators.", set(), set()),
    ("store all timestamps in utc.", set(), set()),  # time zones: stored in UTC, shown in local time is no conflict
])
def test_what_a_rule_chooses_and_avoids(text, used, avoided) -> None:
    found = {u for us, _ in chosen(text).values() for u in us}, {a for _, av in chosen(text).values() for a in av}
    assert found == (used, avoided)


def test_a_list_of_two_is_no_choice_against_either() -> None:
    assert other_choice("use jest for unit tests and mocha for the legacy suite.", "use vitest.") is None
    assert other_choice("use vitest.", "use jest.") == ("a JavaScript test runner", "vitest", "jest")
