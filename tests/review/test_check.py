"""`learn check`: committed lesson files validated without changing anything."""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.store.fsio import canonical_json
from tests.review.conftest import lesson

CENTS = "Convert `amount_cents` to dollars with `cents_to_dollars` in staging models."
LONG = ("Staging models select from sources only through the `source()` macro and rename every column to "
        "snake_case before any join, so marts never see raw column names.")


def commit_file(root: Path, store: str, text: str) -> Path:
    """What a teammate's commit puts in a checkout: only approved.json, no .gitignore, no lock."""
    path = root / ".altimate-code" / "learn" / store / "approved.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted((root / ".altimate-code").rglob("*"))
            if p.is_file()}


def test_a_good_store_passes_and_nothing_is_created(git_repo, cli):
    (git_repo / "models" / "staging").mkdir(parents=True)  # the folder its path trigger names (review14 R14-25)
    (git_repo / "models" / "staging" / "stg_orders.sql").write_text("select 1\n")
    commit_file(git_repo, "team-playbook", canonical_json([
        lesson("L-aaaa0001", CENTS, paths=["models/staging/**"]),
        lesson("L-bbbb0002", "Keep `amount_cents` as integer cents in finance marts.", coexists=["L-aaaa0001"]),
    ]))
    before = tree(git_repo)
    assert cli("check") == (0, "OK: 1 file, 2 lessons.\n", "")
    assert tree(git_repo) == before
    assert sorted(before) == [".altimate-code/learn/team-playbook/approved.json"]  # no .gitignore, no .lock


def test_every_problem_gets_one_line(git_repo, cli):
    lessons = [
        lesson("L-aaaa0001", CENTS),
        lesson("L-aaaa0002", "Never convert `amount_cents` in marts."),  # overlap, no coexists
        lesson("L-aaaa0003", LONG),  # too long: delivery leaves it out
        lesson("L-aaaa0004", "Read https://example.com/style first."),
        lesson("L-aaaa0005", "Prefer CTEs.", coexists=["L-ffff0000"]),
        lesson("L-aaaa0005", "Prefer CTEs again."),
        {"id": "L-aaaa0006", "text": "No counters."},
        lesson("L-aaaa0007", "Do not skip dbt tests on seeds."),  # flagged: listed, not a failure
    ]
    path = commit_file(git_repo, "team-playbook", json.dumps(lessons))  # not canonical either
    before = tree(git_repo)
    code, out, err = cli("check")
    assert code == 1
    rel = ".altimate-code/learn/team-playbook/approved.json"
    assert out.splitlines() == [
        f"{rel}: L-aaaa0005: duplicate-id: entry #6 repeats id L-aaaa0005; ids must be unique",
        f"{rel}: L-aaaa0006: schema: field 'tags': must be a list of strings",
        f"{rel}: (file): not-canonical: not in canonical form (keys sorted, 2-space indent, no null values, one "
        "trailing newline); `learn check --fix` rewrites it so",
        f"{rel}: L-aaaa0003: too-long: longer than 140 characters (160)",
        f"{rel}: L-aaaa0004: url: contains a URL",
        f"{rel}: L-aaaa0005: coexists: declares that it coexists with L-ffff0000, which is not in this lesson set",
        f"{rel}: L-aaaa0001: overlap: shares `amount_cents` with L-aaaa0002 without declaring that they coexist or "
        "that one supersedes the other",
        f"{rel}: L-aaaa0007: flagged: mentions skipping or disabling verification (listed, not a failure)",
    ]
    assert err == "7 problems in 1 file.\n"
    assert tree(git_repo) == before
    assert path.exists()


def test_invalid_json_is_one_problem_and_the_file_stays(git_repo, cli):
    path = commit_file(git_repo, "team-playbook", "[{,\n")
    code, out, _ = cli("check", str(path))
    assert code == 1
    assert out == (".altimate-code/learn/team-playbook/approved.json: (file): invalid-json: Expecting property "
                   "name enclosed in double quotes at line 1 column 3\n")
    assert path.read_text() == "[{,\n"
    assert not list(path.parent.glob("*.malformed-*"))


def test_paths_can_be_files_or_store_folders_and_default_is_every_store(git_repo, cli):
    good = canonical_json([lesson("L-aaaa0001", CENTS)])
    commit_file(git_repo, "team-playbook", good)
    commit_file(git_repo, "finance", '{"not": "a list"}\n')
    (git_repo / ".altimate-code" / "learn" / "no-approved-yet").mkdir()
    code, out, _ = cli("check")
    assert code == 1
    assert out == ".altimate-code/learn/finance/approved.json: (file): schema: expected a JSON array of lessons\n"
    assert cli("check", ".altimate-code/learn/team-playbook")[0] == 0
    code, out, _ = cli("check", "missing/approved.json")
    assert (code, out) == (1, "missing/approved.json: (file): missing: the file does not exist\n")


def test_no_stores_is_not_a_failure(git_repo, cli):
    assert cli("check") == (0, "No approved.json found; nothing to check.\n", "")
    assert not (git_repo / ".altimate-code").exists()


def test_check_json_keys(git_repo, cli):
    commit_file(git_repo, "team-playbook", canonical_json([
        lesson("L-aaaa0001", CENTS), lesson("L-aaaa0003", LONG), lesson("L-aaaa0007", "Never skip CI checks.")]))
    code, out, _ = cli("check", "--json")
    assert code == 1
    data = json.loads(out)
    rel = ".altimate-code/learn/team-playbook/approved.json"
    assert data == {
        "ok": False,
        "files": [{"path": rel, "lessons": 3, "ok": False}],
        "problems": [{"path": rel, "id": "L-aaaa0003", "rule": "too-long",
                      "message": "longer than 140 characters (160)"}],
        "flagged": [{"path": rel, "id": "L-aaaa0007", "reason": "mentions skipping or disabling verification"}],
        "warnings": [],  # duplicate / stale-block warnings (none here): listed, never a failure
    }


def test_check_escapes_hostile_text_in_its_output(git_repo, cli):
    commit_file(git_repo, "team-playbook", canonical_json([lesson("L-aaaa0001", "Fine\x1b]0;pwned\x07 rule.")]))
    code, out, _ = cli("check")
    assert code == 1
    assert "\x1b" not in out and "\x07" not in out
    assert out == (".altimate-code/learn/team-playbook/approved.json: L-aaaa0001: not-normalized: contains hidden "
                   "characters or extra whitespace\n")


def test_fix_rewrites_a_hand_edited_file_in_canonical_form_and_leaves_a_broken_one(git_repo, cli):
    """review14 R14-7: "rewrite it with learn or fix the formatting" named no command."""
    lessons = [lesson("L-aaaa0001", CENTS)]
    path = commit_file(git_repo, "team-playbook", json.dumps(lessons, indent=4))  # a script's json.dump
    code, out, _ = cli("check")
    assert code == 1 and "`learn check --fix` rewrites it so" in out
    code, out, err = cli("check", "--fix")
    assert code == 0, out + err
    [rewrote, ok] = out.splitlines()
    assert rewrote.startswith("Rewrote ") and rewrote.endswith("approved.json in canonical form (the same lessons).")
    assert ok == "OK: 1 file, 1 lesson."
    assert json.loads(path.read_text()) == lessons and cli("check")[0] == 0
    broken = [lesson("L-aaaa0001", CENTS), {"id": "L-aaaa0006", "text": "No counters."}]
    path.write_text(json.dumps(broken, indent=4))
    before = path.read_text()
    code, out, _ = cli("check", "--fix")
    assert code == 1 and "Rewrote" not in out and path.read_text() == before  # a person reads that one
