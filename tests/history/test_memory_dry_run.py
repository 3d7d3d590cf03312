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


def test_the_dry_run_says_conflict_where_the_real_run_refuses_an_overlap(cli, git_repo):
    """review34 R34-11: beside the approved "Use `pnpm` instead of `npm`.", a memory giving `npm` the other way round
    was "would stage" in the dry run and a conflict in the real one. A memory about another name still stages."""
    from tests.history.test_memory_import import approve, memory, run_json

    approve(git_repo, ("L-aaaa0007", "Use `pnpm` instead of `npm`."))
    folder = claude_folder(git_repo)
    write(folder, "feedback_npm.md", memory("npm", "feedback", "Never use `pnpm`; use `npm`."))
    write(folder, "feedback_install.md", memory("install", "feedback", "Use `npm` to install packages."))
    write(folder, "feedback_lint.md", memory("lint", "feedback", "Lint TypeScript with `eslint --max-warnings 0`."))
    dry = by_name(run_json(cli, "--dry-run"))
    real = by_name(run_json(cli))
    for name in ("npm", "install"):
        assert dry[name]["status"] == real[name]["status"] == "conflict", name
        assert dry[name]["reason"] == real[name]["reason"] and "overlaps L-aaaa0007 on" in real[name]["reason"]
    assert (dry["lint"]["status"], real["lint"]["status"]) == ("would-stage", "staged")
