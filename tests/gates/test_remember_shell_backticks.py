"""A rule a shell cut holes in is refused, with the fix (review36 R36-8): `learn remember --approve "Return
`snake_case` keys from every endpoint in `api.py`."` in a shell runs the backticked words as commands, so learn got
"Return  keys from every endpoint in ." and approved it for every agent. Nothing is saved; the error says why and
shows single quotes. Rules that end on a particle ("on", "in") or read whole are kept."""

from __future__ import annotations

import json

import pytest


def _lessons(git_repo) -> list:
    path = git_repo / ".altimate-code" / "learn" / "team-playbook" / "candidate.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else []


@pytest.mark.parametrize("eaten", [
    "Return  keys from every endpoint in .",
    "Use , never .",
    "Use pnpm instead of.",
    "Never call  from ; use  instead.",
])
def test_a_rule_with_the_shells_holes_is_refused_and_nothing_is_saved(git_repo, cli, eaten) -> None:
    code, out, err = cli("remember", eaten, "--approve")
    assert code != 0
    assert "words seem to be missing" in err and "single quotes" in err
    assert "learn remember 'Use `pnpm`, never `npm`.'" in err
    assert _lessons(git_repo) == []
    assert not (git_repo / ".altimate-code" / "learn" / "team-playbook" / "approved.json").exists() or \
        json.loads((git_repo / ".altimate-code" / "learn" / "team-playbook" / "approved.json").read_text()) == []


@pytest.mark.parametrize(("eaten", "between"), [
    ("Use  to install dependencies.", '"Use" and "to"'),
    ("Run  before every commit.", '"Run" and "before"'),
    ("Import dates from  only.", '"from" and "only"'),
])
def test_a_hole_between_two_words_is_refused_and_named(git_repo, cli, eaten, between) -> None:
    # review36 R36-8 residue: `learn remember "Use `uv` to install dependencies."` left two spaces mid-sentence
    code, out, err = cli("remember", eaten, "--approve")
    assert code != 0
    assert f"a word seems to be missing between {between} (two spaces)" in err and "single quotes" in err
    assert _lessons(git_repo) == []


@pytest.mark.parametrize("whole", ["Use pnpm.  Never use npm.", "Use `uv`  to install dependencies.",
                                   "Turn strict mode on.", "Always log in.", "Prefer composition over inheritance.",
                                   "Write the tests first, then the code.", "Use `pnpm`, never `npm`."])
def test_a_whole_rule_is_kept(git_repo, cli, whole) -> None:
    code, out, err = cli("remember", whole)
    assert code == 0, err
    assert "Remembered" in out
