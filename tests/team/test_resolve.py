"""`learn resolve` and the merge driver on the cases a person meets: one repository, two branches."""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path

import pytest

from altimate_learn.store.fsio import canonical_json
from altimate_learn.team.driver import run_driver
from tests.conftest import git
from tests.review.conftest import lesson

CENTS = "Convert `amount_cents` to dollars with `cents_to_dollars` in staging models."
CTE = "Prefer CTEs over nested subqueries in every model."
SNAKE = "Use snake_case for every column name in marts."
UTC = "Store every timestamp in UTC before comparing sources."
REL = ".altimate-code/learn/team-playbook/approved.json"


def approved(repo: Path) -> Path:
    return repo / REL


def commit(repo: Path, lessons, message: str) -> None:
    path = approved(repo)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(canonical_json(lessons))
    git(repo, "add", "-f", REL)
    git(repo, "commit", "-q", "-m", message)


def merge(repo: Path, branch: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "merge", "--no-edit", branch], cwd=repo, capture_output=True, text=True)


def diverge(repo: Path, base, ours, theirs) -> None:
    """main holds ``base``, branch `theirs` changes it to ``theirs``, main then to ``ours``."""
    commit(repo, base, "base")
    git(repo, "checkout", "-q", "-b", "theirs")
    commit(repo, theirs, "theirs")
    git(repo, "checkout", "-q", "main")
    commit(repo, ours, "ours")


def texts(repo: Path) -> dict[str, str]:
    return {x["id"]: x["text"] for x in json.loads(approved(repo).read_text())}


@pytest.fixture
def repo(git_repo: Path, cli) -> Path:
    assert cli("install", "git")[0] == 0
    git(git_repo, "add", ".gitattributes")
    git(git_repo, "commit", "-q", "-m", "learn: merge driver")
    return git_repo


def test_two_conflicts_settled_one_at_a_time(repo: Path, cli):
    base = [lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", CTE)]
    diverge(repo, base,
            [lesson("L-aaaa0001", CENTS + " Ours."), lesson("L-bbbb0002", CTE + " Ours.")],
            [lesson("L-aaaa0001", CENTS + " Theirs."), lesson("L-bbbb0002", CTE + " Theirs."),
             lesson("L-cccc0003", SNAKE)])
    assert merge(repo, "theirs").returncode != 0

    code, out, err = cli("resolve", "--ours", "--lesson", "L-aaaa0001")
    assert code == 1
    assert out.startswith(f"{REL}: 1 conflict left to choose (the rest merged, from the three versions of the "
                          "unfinished merge in the index):\n  L-bbbb0002: edited on both sides")
    assert err == ("Error: 1 conflict needs a choice. Run `learn resolve --ours` or `learn resolve --theirs`, or "
                   "`--both` to keep both rules (one lesson: add --lesson L-bbbb0002).\n")
    assert approved(repo).read_text().count("<<<<<<<") == 1

    code, out, _ = cli("resolve", "--theirs")
    assert code == 0 and "; staged.\n" in out and out.endswith("\nNext: `git commit`.\n")
    assert texts(repo) == {"L-aaaa0001": CENTS + " Ours.", "L-bbbb0002": CTE + " Theirs.", "L-cccc0003": SNAKE}
    assert cli("check")[0] == 0
    assert git(repo, "diff", "--name-only", "--diff-filter=U") == ""


def test_a_side_picked_in_an_editor_is_kept_canonicalised_and_staged(repo: Path, cli):
    diverge(repo, [lesson("L-aaaa0001", CENTS)], [lesson("L-aaaa0001", CENTS + " Ours.")],
            [lesson("L-aaaa0001", CENTS + " Theirs."), lesson("L-bbbb0002", CTE)])
    merge(repo, "theirs")
    lines = approved(repo).read_text().splitlines(keepends=True)
    # "Accept current change": keep the lines between <<<<<<< and =======, drop the rest of the block.
    start = next(i for i, x in enumerate(lines) if x.startswith("<<<<<<<"))
    middle = next(i for i, x in enumerate(lines) if x.startswith("======="))
    end = next(i for i, x in enumerate(lines) if x.startswith(">>>>>>>"))
    picked = "".join(lines[:start] + lines[start + 1:middle] + lines[end + 1:])
    approved(repo).write_text(picked)
    assert cli("check")[0] == 0  # what an editor leaves is canonical already
    code, out, _ = cli("resolve", REL)
    assert code == 0
    assert out.startswith(f"Resolved {REL}: 2 lessons (from the file as it is (no conflict markers)); staged.")
    assert texts(repo) == {"L-aaaa0001": CENTS + " Ours.", "L-bbbb0002": CTE}


def test_when_the_driver_could_not_run_resolve_merges_from_the_index(repo: Path, cli):
    git(repo, "config", "merge.altimate-learn.driver", "/gone/venv/bin/python -m altimate_learn merge-driver %O %A %B")
    base = [lesson("L-aaaa0001", CENTS, helpful=1)]
    diverge(repo, base, base + [lesson("L-bbbb0002", CTE)],
            [lesson("L-aaaa0001", CENTS, helpful=2), lesson("L-cccc0003", SNAKE)])
    assert merge(repo, "theirs").returncode != 0
    assert "<<<<<<<" not in approved(repo).read_text()  # git kept our version and marked the path unmerged
    code, out, _ = cli("resolve")
    assert code == 0
    assert "(from the unfinished merge in the index (the merge driver did not run)); staged." in out
    assert set(texts(repo)) == {"L-aaaa0001", "L-bbbb0002", "L-cccc0003"}
    assert json.loads(approved(repo).read_text())[0]["helpful"] == 2


def test_two_new_lessons_on_one_identifier_from_two_sides_are_a_conflict(repo: Path, cli):
    base = [lesson("L-aaaa0001", CTE)]
    diverge(repo, base, base + [lesson("L-bbbb0002", CENTS)],
            base + [lesson("L-cccc0003", "Never divide `amount_cents` by 100 in marts.")])
    result = merge(repo, "theirs")
    assert result.returncode != 0
    assert ("L-bbbb0002 L-cccc0003: added on different sides, sharing an identifier without declaring how they "
            "relate (both name `amount_cents`)") in result.stderr
    assert cli("resolve", "--theirs")[0] == 0
    assert set(texts(repo)) == {"L-aaaa0001", "L-cccc0003"}
    assert cli("check")[0] == 0


def test_diff3_markers_outside_git_use_their_base_sections(tmp_path: Path, monkeypatch, cli):
    root = tmp_path / "p"
    path = root / REL
    path.parent.mkdir(parents=True)
    one = canonical_json([lesson("L-aaaa0001", CENTS, helpful=1)]).splitlines(keepends=True)
    ours = canonical_json([lesson("L-aaaa0001", CENTS, helpful=2)]).splitlines(keepends=True)
    theirs = canonical_json([lesson("L-aaaa0001", CENTS, helpful=3)]).splitlines(keepends=True)
    line = next(i for i, x in enumerate(one) if '"helpful"' in x)
    path.write_text("".join(one[:line] + ["<<<<<<< ours\n", ours[line], "||||||| base\n", one[line], "=======\n",
                                          theirs[line], ">>>>>>> theirs\n"] + one[line + 1:]))
    monkeypatch.chdir(root)
    code, out, _ = cli("resolve")
    assert code == 0 and "(from the conflict markers (with their base sections))" in out
    assert json.loads(path.read_text())[0]["helpful"] == 4  # 1 + 1 + 2
    [kept] = path.parent.glob("approved.json.conflict-*")
    assert "<<<<<<< ours" in kept.read_text()


def test_jsonl_with_markers_resolves_to_the_union_of_lines(tmp_path: Path, monkeypatch, cli):
    root = tmp_path / "p"
    path = root / ".altimate-code" / "learn" / "team-playbook" / "history.jsonl"
    path.parent.mkdir(parents=True)
    path.write_text('{"at":"1"}\n<<<<<<< ours\n{"at":"2a"}\n=======\n{"at":"2b"}\n>>>>>>> theirs\n')
    monkeypatch.chdir(root)
    assert cli("resolve", str(path))[0] == 0
    assert path.read_text() == '{"at":"1"}\n{"at":"2a"}\n{"at":"2b"}\n'


def test_nothing_to_resolve_bad_input_and_bad_options(git_repo: Path, cli):
    assert cli("resolve") == (0, "Nothing to resolve: no store file has conflict markers or is left unmerged by "
                                 "git.\n", "")
    path = approved(git_repo)
    path.parent.mkdir(parents=True)
    path.write_text("[{ broken")
    code, out, err = cli("resolve", REL)
    assert (code, out) == (1, "")
    assert err == (f"Error: {REL} is not valid JSON and has no conflict markers, so it is not a merge to finish. "
                   "Fix it by hand, or restore it with `git checkout -- <file>`.\n")
    assert path.read_text() == "[{ broken"
    code, _, err = cli("resolve", "--lesson", "L-aaaa0001")
    assert code == 2 and "--lesson picks which conflicts --ours, --theirs or --both settles" in err
    code, _, err = cli("resolve", "--ours", "--theirs")
    assert code == 2 and "pass one of --ours, --theirs and --both" in err


def test_the_driver_merges_as_text_when_a_version_is_not_data(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    files = {}
    for name, text in (("base", "[\n  1\n]\n"), ("ours", "not json\n[\n  1\n]\n"), ("theirs", "[\n  1,\n  2\n]\n")):
        files[name] = tmp_path / name
        files[name].write_text(text)
    err = io.StringIO()
    code = run_driver(str(files["base"]), str(files["ours"]), str(files["theirs"]), REL, err=err)
    assert err.getvalue() == f"learn: {REL}: our version is not valid JSON (Expecting value at line 1); merged as text lines instead.\n"
    assert code in (0, 1) and "not json" in files["ours"].read_text()


def test_the_virtual_base_of_a_criss_cross_merge_never_fails(tmp_path: Path):
    paths = []
    for name, lessons in (("o", [lesson("L-aaaa0001", CENTS)]), ("a", [lesson("L-aaaa0001", CENTS + " A.")]),
                          ("b", [lesson("L-aaaa0001", CENTS + " B.")])):
        paths.append(tmp_path / name)
        paths[-1].write_text(canonical_json(lessons))
    assert run_driver(*map(str, paths), REL, virtual_base=True, err=io.StringIO()) == 0
    assert json.loads(paths[1].read_text())[0]["text"] == CENTS  # the conflict takes the base's version


DECIMAL_A = "Use `Decimal` for money amounts, never `float`."
DECIMAL_B = "Money is always Decimal here, never float."


def test_one_rule_learned_on_both_sides_in_two_wordings_is_named_with_learn_tidy(tmp_path: Path, monkeypatch, cli):
    """review12 R12-2: two teammates learn one rule in two wordings; the merge keeps both (a person approved
    each) but says which pair `learn tidy` would merge, and `learn check` warns without failing."""
    monkeypatch.chdir(tmp_path)
    base = [lesson("L-aaaa0001", CTE)]
    sides = {"base": base, "ours": base + [lesson("L-685f4638", DECIMAL_B)],
             "theirs": base + [lesson("L-e0e9277c", DECIMAL_A)]}
    files = {}
    for name, lessons in sides.items():
        files[name] = tmp_path / name
        files[name].write_text(canonical_json(lessons))
    err = io.StringIO()
    assert run_driver(str(files["base"]), str(files["ours"]), str(files["theirs"]), REL, err=err) == 0
    note = ("L-685f4638 says the same rule as L-e0e9277c: both reach every agent; run `learn tidy` to keep one "
            "(`learn tidy --dry-run` shows it first)")
    assert err.getvalue() == f"learn: {REL}: {note}\n"
    merged = json.loads(files["ours"].read_text())
    assert [x["id"] for x in merged] == ["L-aaaa0001", "L-685f4638", "L-e0e9277c"]  # nothing merged silently

    store = tmp_path / ".altimate-code" / "learn" / "team-playbook"
    store.mkdir(parents=True)
    (store / "approved.json").write_text(files["ours"].read_text())
    code, out, _ = cli("check")
    assert code == 0  # a warning: stores from before this check must not start failing CI
    assert out == (f"{REL}: L-e0e9277c L-685f4638: duplicate: {note} (a warning, not a failure)\n"
                   "OK: 1 file, 3 lessons.\n")
    code, out, _ = cli("check", "--json")
    assert json.loads(out)["warnings"] == [{"path": REL, "id": "L-e0e9277c L-685f4638", "rule": "duplicate",
                                            "message": note}]
    code, out, _ = cli("doctor")
    assert code == 0 and f"Warning: store 'team-playbook': L-e0e9277c L-685f4638: {note}" in out

    # one side only (a lesson already in the base repeated by one teammate) is that side's business: no note
    err = io.StringIO()
    for name, lessons in (("base", base + [lesson("L-685f4638", DECIMAL_B)]),
                          ("ours", base + [lesson("L-685f4638", DECIMAL_B), lesson("L-bbbb0002", SNAKE)]),
                          ("theirs", base + [lesson("L-685f4638", DECIMAL_B), lesson("L-cccc0003", UTC)])):
        files[name].write_text(canonical_json(lessons))
    assert run_driver(str(files["base"]), str(files["ours"]), str(files["theirs"]), REL, err=err) == 0
    assert err.getvalue() == ""


def test_two_new_lessons_on_one_identifier_for_different_folders_merge_side_by_side(repo: Path, cli):
    """Each holds where the other does not ("in `tests/`", "in `scripts/`"): both kept, no conflict, and the
    later one declares the other in `coexists` so `learn check` passes; lessons for overlapping folders still
    conflict."""
    fixtures = "In `tests/`, always use `pytest` fixtures for setup."
    plain = "In `scripts/`, never use `pytest` fixtures; write plain functions."
    base = [lesson("L-aaaa0001", CTE)]
    diverge(repo, base, base + [lesson("L-bbbb0002", fixtures)], base + [lesson("L-cccc0003", plain)])
    result = merge(repo, "theirs")
    assert result.returncode == 0, result.stderr
    assert texts(repo) == {"L-aaaa0001": CTE, "L-bbbb0002": fixtures, "L-cccc0003": plain}
    merged = {x["id"]: x for x in json.loads(approved(repo).read_text())}
    assert sorted([*merged["L-bbbb0002"].get("coexists", []), *merged["L-cccc0003"].get("coexists", [])]) == [
        "L-bbbb0002"]
    assert "both kept (L-cccc0003 declares L-bbbb0002 in coexists)" in result.stderr + result.stdout
    assert cli("check")[0] == 0

    git(repo, "checkout", "-q", "-b", "unit")
    commit(repo, [*json.loads(approved(repo).read_text()),
                  lesson("L-dddd0004", "In `tests/unit/`, never use `pytest` fixtures.")], "unit")
    git(repo, "checkout", "-q", "main")
    commit(repo, [*json.loads(approved(repo).read_text()),
                  lesson("L-eeee0005", "In `tests/`, always use `pytest` fixtures for each test.")], "more")
    result = merge(repo, "unit")
    assert result.returncode != 0
    assert ("L-dddd0004 L-eeee0005: added on different sides, sharing an identifier without declaring how they "
            "relate (both name `pytest` (opposite rules))") in result.stderr


BEFORE_JOINING = "Convert `amount_cents` to dollars with `cents_to_dollars` in staging models before joining."
ROUNDING = "Round `amount_cents` conversions to two places in marts."


def test_both_keeps_each_sides_edit_as_its_own_lesson_with_a_new_id_for_ours(repo: Path, cli):
    base = [lesson("L-aaaa0001", CENTS, helpful=3), lesson("L-bbbb0002", CTE)]
    diverge(repo, base, [lesson("L-aaaa0001", ROUNDING, helpful=3), lesson("L-bbbb0002", CTE)],
            [lesson("L-aaaa0001", BEFORE_JOINING, helpful=4), lesson("L-bbbb0002", CTE)])
    assert merge(repo, "theirs").returncode != 0
    code, out, err = cli("resolve", "--both")
    assert code == 0, out + err
    kept = json.loads(approved(repo).read_text())
    [new_id] = [x["id"] for x in kept if x["id"] not in ("L-aaaa0001", "L-bbbb0002")]
    assert [x["id"] for x in kept] == ["L-aaaa0001", new_id, "L-bbbb0002"]  # ours right after theirs
    assert texts(repo) == {"L-aaaa0001": BEFORE_JOINING, new_id: ROUNDING, "L-bbbb0002": CTE}
    theirs, ours = kept[0], kept[1]
    assert theirs["helpful"] >= 4 and (ours["helpful"], ours["harmful"], ours["applied"]) == (0, 0, 0)
    assert ours["coexists"] == ["L-aaaa0001"]  # both name `amount_cents`: declared, so `learn check` passes
    assert "kept beside L-aaaa0001 by `learn resolve --both`" in ours["provenance"]
    assert (f"note: kept both sides of L-aaaa0001: L-aaaa0001 (theirs) and {new_id} (ours, a new id for our "
            "version of L-aaaa0001)") in out
    assert cli("check")[0] == 0
    assert git(repo, "diff", "--name-only", "--diff-filter=U") == ""


def test_both_refuses_two_rules_the_gates_say_cannot_stand_together(repo: Path, cli):
    base = [lesson("L-aaaa0001", "Use `float` for money amounts in reports.")]
    diverge(repo, base, [lesson("L-aaaa0001", "Always use `float` for money amounts.")],
            [lesson("L-aaaa0001", "Never use `float` for money amounts; use `Decimal`.")])
    merge(repo, "theirs")
    code, out, err = cli("resolve", "--both")
    assert code == 1
    assert ("note: --both left L-aaaa0001 to choose: ours and theirs contradict (it is for `float` where the other "
            "says the opposite), so they cannot both stand; pick one with --ours or --theirs") in out
    assert "`--both` to keep both rules" not in err and "the two sides cannot both stand" in err  # review35 R35-5
    assert approved(repo).read_text().count("<<<<<<<") == 1  # nothing was decided for the person
    assert cli("resolve", "--theirs")[0] == 0
    assert list(texts(repo).values()) == ["Never use `float` for money amounts; use `Decimal`."]


def test_both_refuses_two_wordings_of_one_rule(repo: Path, cli):
    diverge(repo, [lesson("L-aaaa0001", CENTS)], [lesson("L-aaaa0001", CENTS.replace(".", " only."))],
            [lesson("L-aaaa0001", BEFORE_JOINING)])
    merge(repo, "theirs")
    code, out, _ = cli("resolve", "--both")
    assert code == 1 and "ours and theirs say the same thing (restates it" in out


def test_both_keeps_two_new_lessons_on_one_identifier_and_declares_them(repo: Path, cli):
    base = [lesson("L-aaaa0001", CTE)]
    diverge(repo, base, base + [lesson("L-bbbb0002", BEFORE_JOINING)], base + [lesson("L-cccc0003", ROUNDING)])
    assert merge(repo, "theirs").returncode != 0  # both name `amount_cents`
    code, out, err = cli("resolve", "--both", "--lesson", "L-cccc0003")
    assert code == 0, out + err
    assert set(texts(repo)) == {"L-aaaa0001", "L-bbbb0002", "L-cccc0003"}  # no new id: two ids already
    declared = {x["id"]: x.get("coexists") for x in json.loads(approved(repo).read_text())}
    assert declared["L-bbbb0002"] == ["L-cccc0003"] or declared["L-cccc0003"] == ["L-bbbb0002"]
    assert cli("check")[0] == 0


def test_both_with_ours_or_theirs_is_a_usage_error(repo: Path, cli):
    code, _, err = cli("resolve", "--both", "--ours")
    assert code == 2 and "pass one of --ours, --theirs and --both" in err
