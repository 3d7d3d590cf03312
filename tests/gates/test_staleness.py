"""An AGENTS.md edit makes the lessons vetted against it stale: a real hook holds them out until a re-vet."""

from __future__ import annotations

import json
from pathlib import Path

from tests.deliver.helpers import context_of, run_hook
from tests.gates.helpers import AGENTS_MD, quarantined, read_json, stamps, write_instructions

RULE = "Name staging models `stg_<source>__<table>`."


def _prompt(repo: Path, session: str) -> str:
    payload = {"session_id": session, "transcript_path": str(repo / "t.jsonl"), "cwd": str(repo),
               "hook_event_name": "UserPromptSubmit", "prompt": "add a staging model for the stripe source"}
    proc = run_hook("claude-code", payload, cwd=repo)
    assert proc.returncode == 0 and proc.stderr == ""
    return context_of(proc.stdout)


def test_an_agents_md_edit_holds_a_lesson_out_of_a_real_hook_until_it_is_re_vetted(git_repo, cli):
    write_instructions(git_repo)
    assert cli("remember", RULE, "--approve")[0] == 0
    assert "stg_<source>__<table>" in _prompt(git_repo, "s-before")

    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "- Document every model in its schema file.\n")
    assert "stg_<source>__<table>" not in _prompt(git_repo, "s-stale")
    code, out, _ = cli("status")
    assert "  stale: 1 (instructions changed; held out of delivery until `learn vet`)" in out
    code, out, _ = cli("show")
    assert "Stale: instructions changed, awaiting re-vet (1)" in out

    code, out, err = cli("vet")
    assert code == 0, err
    assert out.startswith("Re-vetted 1 lesson (offline): 1 re-stamped, 0 quarantined.")
    assert "stg_<source>__<table>" in _prompt(git_repo, "s-after")


def test_a_lesson_without_a_stamp_is_delivered_and_the_first_re_vet_backfills_it(git_repo, cli):
    from tests.deliver.helpers import lesson, write_store

    write_instructions(git_repo)
    write_store(git_repo, [lesson("L-00a1", RULE)])
    assert "stg_<source>__<table>" in _prompt(git_repo, "s-1")
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "- Another rule entirely.\n")
    assert "stg_<source>__<table>" in _prompt(git_repo, "s-2")  # no hash: not stale
    assert cli("vet")[0] == 0
    assert stamps(git_repo)["L-00a1"]["ih"]
    assert "stg_<source>__<table>" in _prompt(git_repo, "s-3")


def test_a_lesson_the_new_instructions_contradict_is_quarantined_and_never_delivered(git_repo, cli):
    write_instructions(git_repo)
    assert cli("remember", "Install dependencies with `yarn install`.", "--approve")[0] == 0
    assert "yarn install" in _prompt(git_repo, "s-1")
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "- Use pnpm for installs, never yarn.\n")
    code, out, err = cli("vet")
    assert code == 0, err
    [item] = quarantined(git_repo)
    assert item["reason"] == 'contradicts AGENTS.md: "Use pnpm for installs, never yarn"' and item["was"] == "approved"
    assert "yarn install" not in _prompt(git_repo, "s-2")  # still in approved.json, held out locally
    assert [lesson["id"] for lesson in read_json(git_repo, "approved.json")] == [item["id"]]
    assert read_json(git_repo, "candidate.json") == []  # its removal is staged for review

    (git_repo / "AGENTS.md").write_text(AGENTS_MD)  # the team fixes the instructions
    code, out, err = cli("quarantine", "release", item["id"])
    assert code == 0, err
    assert out.strip() == f"Released {item['id']}: it passed the vet and is delivered again."
    assert quarantined(git_repo) == [] and read_json(git_repo, "candidate.json") is None
    assert "yarn install" in _prompt(git_repo, "s-3")


def test_the_hook_log_says_why_a_lesson_is_held_out(git_repo, cli):
    write_instructions(git_repo)
    assert cli("remember", RULE, "--approve")[0] == 0
    (git_repo / "AGENTS.md").write_text("# Rewritten\n")
    _prompt(git_repo, "s-1")
    log = (git_repo / ".altimate-code/learn/.sessions/hook.log").read_text()
    assert "held out: stale: the instruction files changed since it was vetted" in log
