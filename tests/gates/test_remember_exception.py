"""A person's exception sits beside the general rule it narrows (review35 R35-19): `learn remember "Always use black."`
then `learn remember "Never use black on generated files."` retired the general rule ("Replaced an earlier lesson"),
so the agent lost "use black" everywhere else. Both hold (the narrower where it applies); the output names the
relation and how to retire the general rule. A rule that says only when ("for now") or holds as widely as the lesson
still replaces it (and a blanket rule said after a narrower lesson replaces it: tests/gates/test_situations.py)."""

from __future__ import annotations

import json

import pytest


def _json(cli, *args: str) -> dict:
    code, out, err = cli(*args, "--json")
    assert code == 0, err
    return json.loads(out)


def _candidate(git_repo) -> list[dict]:
    path = git_repo / ".altimate-code" / "learn" / "team-playbook" / "candidate.json"
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("general, exception, where", [
    ("Always use black.", "Never use black on generated files.", "on generated files"),
    ("Always use `black`.", "Never use `black` on migrations.", "on migrations"),
    ("Use pnpm instead of npm.", "Use npm in the docs site.", "in the docs site"),
    # the narrower things it names, not a place (review36: the R35-19 residue retired "Never commit to main.")
    ("Never commit to main.", "Commit hotfixes directly to main.", 'for "hotfixes"'),
    ("Never push on Fridays.", "Push security patches on Fridays.", 'for "security patches"'),
    # "not X" with a place of its own says what it replaces there (review38 R38-11: it replaced the lesson everywhere)
    ("Use `pnpm`.", "Use npm for the docs site, not pnpm.", "for the docs site"),
    ("Always use `httpx`.", "Use requests in `scripts/`, not httpx.", 'for "scripts/**"'),
    # a place in plain words beside a lesson that names its tool's job ("for formatting"): the job is what the rule is
    # about, not where it holds (review38 R38-13: these replaced the lesson everywhere)
    ("Use black for formatting.", "Use ruff format in the new services, not black.", "in the new services"),
    ("Use dayjs for dates.", "Use moment in the legacy admin, not dayjs.", "in the legacy admin"),
    ("Use `httpx` for HTTP clients, never `requests`.", "Use requests in the legacy sync scripts.",
     "in the legacy sync scripts"),
    ("Use `pnpm`.", "Use npm in the admin app, not pnpm.", "in the admin app"),  # one app of several: a place
])
def test_an_exception_stays_beside_the_general_rule(git_repo, cli, general, exception, where) -> None:
    first = _json(cli, "remember", general, "--approve")
    code, out, err = cli("remember", exception)
    assert code == 0, err
    assert "Replaced an earlier lesson" not in out
    assert f'an exception to {first["id"]} ("{general}") {where}: both kept' in err
    assert f"learn retire {first['id']}" in err
    ids = {lesson["id"] for lesson in _candidate(git_repo)}
    assert first["id"] in ids and len(ids) == 2
    added = next(lesson for lesson in _candidate(git_repo) if lesson["id"] != first["id"])
    assert first["id"] in added.get("coexists", [])


@pytest.mark.parametrize("general, narrower, where", [
    ("Use httpx for HTTP calls, never requests.",
     "In the billing service, use httpx for HTTP calls, never requests; retry twice on 502.", 'for "billing service"'),
    ("Use the logger from app/log.py, never print.", "Use the logger from app/log.py in the billing service, never "
     "print.", "in the billing service"),
    ("Use uv, never pip.", "Use uv in CI, never pip.", "in ci"),
])
def test_the_same_choice_for_one_place_stays_beside_the_rule_for_everywhere(git_repo, cli, general, narrower,
                                                                            where) -> None:
    """The lesson's choice said again for one place, turning away from what the lesson turns away from too: it was
    read as a sharper rule and replaced the lesson, so the team's rule for every other service was gone."""
    first = _json(cli, "remember", general, "--approve")
    code, out, err = cli("remember", narrower)
    assert code == 0, err
    assert "Replaced an earlier lesson" not in out
    assert f'narrower than {first["id"]} ("{general}") {where}: both kept (`learn retire {first["id"]}` if this ' \
        "replaces it)" in err
    ids = {lesson["id"] for lesson in _candidate(git_repo)}
    assert first["id"] in ids and len(ids) == 2


def test_an_exception_by_path_trigger_stays_beside_the_rule(git_repo, cli) -> None:
    first = _json(cli, "remember", "Always use black.", "--approve")
    code, out, err = cli("remember", "Never use black.", "--paths", "generated/**")
    assert code == 0, err
    assert "Replaced an earlier lesson" not in out
    assert f'an exception to {first["id"]} ("Always use black.") for "generated/**": both kept' in err


@pytest.mark.parametrize("later", ["Never use black for now.", "Never use black.", "Never use the black formatter.",
                                   "Never really use black."])
def test_a_rule_no_narrower_still_replaces_the_lesson(git_repo, cli, later) -> None:
    first = _json(cli, "remember", "Always use black.", "--approve")
    code, out, err = cli("remember", later)
    assert code == 0, err
    assert out.splitlines()[0] == (f'Replaced an earlier lesson: "Always use black" ({first["id"]}, retired when the '
                                   "candidate is promoted).")
    assert "exception" not in err


@pytest.mark.parametrize(("general", "later"), [
    # a rule that turns away from what the lesson chooses replaces it, whatever it adds (review37 R37-13)
    ("Use `pnpm`.", "Use npm, not pnpm."),
    ("Use ruff for linting.", "Use flake8 for linting, not ruff."),
    ("Use `click` for command-line tools.", "Use argparse for command-line tools, not click."),
    ("Use `pnpm`.", "Use npm for installing packages, not pnpm."),  # the lesson's own job, no place (R38-13)
    ("Use black for formatting.", "Use ruff for formatting, not black."),  # the same job, no place of its own
    # "the whole app", "the entire project", "the monorepo" are everywhere, no place of its own (review39 R39-16)
    ("Use dayjs for dates.", "Use moment in the whole app, not dayjs."),
    ("Use `pnpm`.", "Use npm in the entire project, not pnpm."),
    ("Use `pnpm`.", "Use npm in the monorepo, not pnpm."),
    # the lesson turns away from it too: a sharper rule, with no place of its own
    ("Use uv, never pip.", "Use uv for installing packages, never pip."),
    ("Use uv, never pip.", "Use uv in the whole repo, never pip; pin versions in uv.lock."),
    ("Use httpx for HTTP calls, never requests.", "Use httpx for HTTP calls, never requests; set a timeout."),
])
def test_a_rule_turning_away_from_the_lessons_choice_replaces_it(git_repo, cli, general, later) -> None:
    first = _json(cli, "remember", general, "--approve")
    code, out, err = cli("remember", later)
    assert code == 0, err
    assert out.splitlines()[0].startswith(f'Replaced an earlier lesson: "{general.rstrip(".")}" ({first["id"]}')
    assert "exception" not in err


def test_a_narrower_set_of_changes_stays_beside_and_a_manner_word_is_no_narrower(git_repo, cli) -> None:
    # review38 R38-13: the make test-fast rule for small changes replaced the make test rule after an "inline" fix
    first = _json(cli, "remember", "Run `make test` before pushing.", "--approve")
    code, out, err = cli("remember", "Run `make test-fast` before pushing small changes.")
    assert code == 0, err
    assert "Replaced an earlier lesson" not in out
    assert f"narrower than {first['id']}" in err
    second = _json(cli, "remember", "Cite the source of every model in its description.", "--approve")
    code, out, err = cli("remember", "Cite the source inline in each model description.")
    assert code == 0, err
    assert out.splitlines()[0].startswith(f'Replaced an earlier lesson: "Cite the source of every model in its '
                                          f'description" ({second["id"]}')
