"""`import-memories --dry-run` names what the real run does with a rewritten memory (review13 R13-14)."""

from __future__ import annotations

import json

from tests.history.test_memory_import import RUFF, by_name, candidate, claude_folder, store_dir, write


def test_the_dry_run_of_a_rewritten_memory_says_it_replaces_its_lesson(cli, git_repo):
    path = write(claude_folder(git_repo), "feedback_ruff.md", RUFF)
    assert cli("import-memories")[0] == 0
    [first] = candidate(git_repo)

    path.write_text(RUFF.replace("never black.", "never black or yapf."))  # its lesson is only staged
    code, out, _ = cli("import-memories", "--dry-run")
    assert code == 0
    assert "  would update Format Python code with `ruff format`, never black or yapf." in out
    assert f"would update {first['id']} (staged)" in out
    assert "Summary: 1 would update its staged lesson. Run without --dry-run to stage them." in out
    assert cli("import-memories")[0] == 0 and cli("promote", "--yes")[0] == 0

    path.write_text(RUFF.replace("never black.", "never black, yapf or autopep8."))  # now approved
    before = {p.name: p.read_bytes() for p in store_dir(git_repo).iterdir() if p.is_file()}
    code, out, _ = cli("import-memories", "--dry-run")
    assert code == 0
    assert "  would replace Format Python code with `ruff format`, never black, yapf or autopep8." in out
    assert f"would replace {first['id']} (superseded once promoted)" in out
    assert "would stage" not in out
    assert "Summary: 1 would replace its lesson. Run without --dry-run to stage them." in out
    assert {p.name: p.read_bytes() for p in store_dir(git_repo).iterdir() if p.is_file()} == before

    code, out, err = cli("import-memories", "--json")  # the real run does what the dry run said
    assert code == 0, err
    outcome = by_name(json.loads(out))["use-ruff"]
    assert outcome["status"] == "replacement" and first["id"] in outcome["reason"]
