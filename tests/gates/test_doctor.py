"""`learn doctor [--json]`: tokens measured with the delivery code, what holds lessons back with the fix,
channels, instruction and config files, agents' hooks, store files; and it writes nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path

from altimate_learn.deliver.render import estimate_tokens
from tests.deliver.helpers import context_of, lesson, run_hook, sample_lessons, write_store
from tests.gates.helpers import AGENTS_MD, write_instructions

README = (Path(__file__).resolve().parents[2] / "docs" / "review.md").read_text(encoding="utf-8")  # was README
KEYS = ["agents", "by_channel", "config_files", "enabled", "git_merge", "instructions", "lessons", "outside_cap",
        "overruled", "problems", "project_root", "quarantined", "set", "stale", "stores", "tokens", "unfinished_merge"]


def _doctor(cli) -> dict:
    code, out, err = cli("doctor", "--json")
    assert code == 0, err
    return json.loads(out)


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and ".git/" not in str(p)}


def test_json_keys_are_stable_and_documented_in_the_readme(git_repo, cli):
    data = _doctor(cli)
    assert sorted(data) == KEYS
    assert sorted(data["tokens"]) == ["budget_tokens", "core_lessons", "core_waiting", "deliverable", "held_out",
                                      "learned_notes", "per_request", "per_session_max"]
    assert sorted(data["lessons"]) == ["approved", "deliverable", "quarantined", "stale", "unreadable", "unvetted",
                                       "unvetted_from_teammates"]
    section = re.search(r"^### Doctor\n(.*?)(?=^## |^### |\Z)", README, flags=re.S | re.M).group(1)
    assert sorted(data["set"]) == ["graduated", "in_force", "max_in_force", "outside_cap", "over_max_in_force", "retired",
                                   "stale"]
    for key in KEYS + ["per_request", "per_session_max", "learned_notes", "core_waiting", "over_max_stored",
                       "pinned_not_shown", "works", "waiting",
                       "over_max_in_force", "in_force", "graduated", "unreadable", "unvetted_from_teammates"]:
        assert f"`{key}`" in section, f"docs/review.md's doctor section does not document `{key}`"


def test_tokens_per_request_are_what_a_real_hook_delivers_at_session_start(git_repo, cli):
    write_store(git_repo, [dict(item, pinned=True) if n < 3 else item for n, item in enumerate(sample_lessons())])
    data = _doctor(cli)
    payload = {"session_id": "doctor-1", "transcript_path": str(git_repo / "t.jsonl"), "cwd": str(git_repo),
               "hook_event_name": "SessionStart", "source": "startup"}
    section = context_of(run_hook("claude-code", payload, cwd=git_repo).stdout)
    assert data["tokens"]["per_request"] == estimate_tokens(section) > 0
    assert data["tokens"]["core_lessons"] == section.count("\n- ")
    assert data["tokens"]["per_session_max"] > data["tokens"]["per_request"]


def test_stale_quarantined_and_outside_the_cap_are_counted_with_the_fix(git_repo, cli):
    write_instructions(git_repo)
    assert cli("remember", "Name staging models `stg_<source>__<table>`.", "--approve")[0] == 0
    assert cli("remember", "Install dependencies with `npm install`.")[0] == 0  # quarantined
    (git_repo / ".altimate-code" / "altimate-code.json").write_text(json.dumps({"learn": {"max_stored": 1}}))
    assert cli("remember", "Keep marts in `models/marts/`.", "--approve")[0] == 0
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "- A new rule.\n")
    data = _doctor(cli)
    assert data["stale"]["count"] == 2 and data["stale"]["fix"] == \
        ("run `learn vet` (it re-vets every store; the hooks' next capture does it too): passes are re-stamped and "
         "delivered again")
    [item] = data["quarantined"]["items"]
    assert item["reason"] == 'contradicts AGENTS.md: "Use pnpm, never npm"'
    assert data["outside_cap"]["over_max_stored"] == 1
    assert data["by_channel"] == {"remember": 2}
    assert data["lessons"] == {"approved": 2, "deliverable": 0, "quarantined": 1, "stale": 2, "unvetted": 0,
                               "unvetted_from_teammates": 0, "unreadable": []}
    code, out, _ = cli("doctor")
    assert "  2 lessons are stale: the instruction files changed since they were vetted. Held out of delivery " \
           "until re-vetted: run `learn vet`" in out
    assert "  1 lesson quarantined (failed the vet, never delivered):" in out
    assert "1 approved past learn.max_stored=1" in out


def test_instruction_config_and_store_files_are_listed(git_repo, cli):
    write_instructions(git_repo)
    (git_repo / "GEMINI.md").write_bytes(b"\0\1binary")
    (git_repo / ".gemini").mkdir()
    (git_repo / ".gemini" / "settings.json").write_text(json.dumps({"context": {"fileName": "GEMINI.md"}}))
    write_store(git_repo, [lesson("L-0001", "Use `ref()` for model dependencies.")])
    data = _doctor(cli)
    files = {f["path"]: f for f in data["instructions"]["files"]}
    assert files["AGENTS.md"]["agents"] == ["codex", "opencode", "claude-code"]  # CLAUDE.md imports it
    assert files["AGENTS.md"]["ok"] and files["CLAUDE.md"]["agents"] == ["claude-code"]
    assert files["GEMINI.md"]["problem"] == "is binary, not text; not read"
    assert str(git_repo / ".gemini" / "settings.json") in data["config_files"]
    [store] = data["stores"]
    assert {"name": "approved.json", "bytes": (git_repo / ".altimate-code/learn/team-playbook/approved.json")
            .stat().st_size} in store["files"]
    # written by hand, never added through this clone: it came from elsewhere, not "legacy" (review28 R28-4)
    assert data["by_channel"] == {"teammates": 1}


def test_agents_with_hooks_and_whether_they_work(git_repo, cli):
    assert cli("install", "claude-code")[0] == 0
    data = _doctor(cli)
    claude = data["agents"]["claude-code"]
    assert claude["installed"] and claude["works"] is True
    assert data["agents"]["codex"] == {"installed": False, "files": [], "works": None, "detail": []}
    code, out, _ = cli("doctor")
    assert "  codex: no learn hooks (`learn install codex` adds them)" in out
    assert re.search(r"  claude-code: hooks in .*settings\.json, working", out)


def test_doctor_writes_nothing_in_the_project(git_repo, cli):
    write_instructions(git_repo)
    assert cli("remember", "Name staging models `stg_<source>__<table>`.", "--approve")[0] == 0
    before = _tree(git_repo)
    assert cli("doctor")[0] == 0 and cli("doctor", "--json")[0] == 0
    assert _tree(git_repo) == before


def test_hooks_installed_twice_are_said_even_when_they_work(git_repo, cli):
    """trial24: with learn's hooks in the project's and the user's settings, the real Claude Code and Codex ran
    both and their first model request carried every lesson twice; `learn doctor` said only "working" (the note
    that `learn install --check` prints was shown only for hooks that do not work)."""
    assert cli("install", "claude-code")[0] == 0
    assert cli("install", "claude-code", "--user")[0] == 0
    code, out, _ = cli("doctor")
    # trial27: learn writes the same command in both files, and Claude Code runs a command several files hold once
    assert re.search(r"  claude-code: hooks in .*settings\.json, .*settings\.json, working\n"
                     r"    Note: the hooks are installed in 2 files, with the same command, and claude-code runs a hook "
                     r"that several files hold once, so learn's hook runs once for every event; the extra copies do "
                     r"nothing", out), out


def test_gemini_hooks_installed_twice_are_said_to_run_once(git_repo, cli):
    """trial25: doctor said Gemini CLI "runs each of them"; it runs a hook that both files hold (the same name and
    command, as learn writes it) once."""
    assert cli("install", "gemini")[0] == 0
    assert cli("install", "gemini", "--user")[0] == 0
    code, out, _ = cli("doctor")
    assert re.search(r"  gemini: hooks in .*settings\.json, .*settings\.json, working\n"
                     r"    Note: the hooks are installed in 2 files, with the same name and command, and gemini runs a "
                     r"hook that several files hold once, so learn's hook runs once for every event", out), out
    assert "runs each of them" not in out


def test_a_user_level_install_is_reported_once(git_repo, cli):
    """trial24: with Codex's hooks in the project's and the user's hooks.json (not trusted yet), doctor printed the
    "installed in … and run, but codex will not run them" paragraph for both files, then again for the user file
    alone: it checked the user file twice."""
    assert cli("install", "codex")[0] == 0
    assert cli("install", "codex", "--user")[0] == 0
    code, out, _ = cli("doctor")
    codex = out[out.index("  codex: "):out.index("  gemini: ")]
    assert codex.count("learn hooks for codex are installed in") == 1, codex
    assert codex.count("hooks.json (user)") == 1, codex
