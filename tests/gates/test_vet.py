"""The vet against real instruction files: each verdict, offline (deterministic) and with a model (one call)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from altimate_learn.capture.signals import NewSignal, append_signals, list_signals
from altimate_learn.instructions.files import discover
from altimate_learn.store import Store, project
from tests.fakes.model_server import FakeModelServer, model_server  # noqa: F401
from tests.gates.helpers import AGENTS_MD, deltas_file, quarantined, read_json, stamps, texts, write_instructions

KEY = "sk-test-" + "q1w2e3r4t5y6u7i8o9p0a1s2"
RESTATED = "Run the tests with `pytest -q` before committing."
CONTRADICTS = "Install dependencies with `npm install`."
GROUNDED = "Name staging models `stg_<source>__<table>`."


@pytest.fixture
def repo(git_repo: Path) -> Path:
    write_instructions(git_repo)
    return git_repo


def _add(text: str, reason: str = "review") -> dict:
    return {"op": "ADD", "text": text, "reason": reason}


# --- offline: the deterministic vet ----------------------------------------------------------------------

def test_a_rule_restating_an_instruction_is_rejected_with_the_instruction_named(repo, cli, tmp_path):
    code, out, err = cli("curate", "--deltas", deltas_file(tmp_path, _add(RESTATED)), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["applied"] == [] and data["quarantined"] == []
    [rejected] = data["rejected"]
    assert rejected["rule"] == "vet-duplicate"
    assert rejected["reason"] == 'duplicates AGENTS.md: "Run tests with `pytest -q` before you commit"'
    assert read_json(repo, "candidate.json") is None and quarantined(repo) == []


def test_a_rule_contradicting_an_instruction_is_quarantined_with_the_text_named(repo, cli, tmp_path):
    code, out, err = cli("curate", "--deltas", deltas_file(tmp_path, _add(CONTRADICTS), _add(GROUNDED)))
    assert code == 0, err
    assert texts(repo) == [GROUNDED]
    [item] = quarantined(repo)
    assert item["text"] == CONTRADICTS and item["verdict"] == "contradiction" and item["author"] == "model"
    assert item["reason"] == 'contradicts AGENTS.md: "Use pnpm, never npm"'
    assert item["source"] == "AGENTS.md" and item["quote"] == "Use pnpm, never npm."
    assert (f'QUARANTINED {item["id"]} "Install dependencies with `npm install`": contradicts AGENTS.md: "Use pnpm, '
            'never npm". It is not delivered') in out


def test_a_grounded_new_rule_passes_and_is_stamped_with_the_instruction_hash(repo, cli, tmp_path):
    code, out, err = cli("curate", "--deltas", deltas_file(tmp_path, _add(GROUNDED)))
    assert code == 0, err
    [lesson] = read_json(repo, "candidate.json")
    assert lesson["text"] == GROUNDED and set(lesson) <= {"id", "text", "tags", "scope", "helpful", "harmful",
                                                          "applied", "created", "updated"}  # altimate-code's shape
    stamp = stamps(repo)[lesson["id"]]
    assert stamp["ih"] == discover(repo).hash and stamp["by"] == "offline"
    recorded = json.loads((repo / ".altimate-code/learn/.instructions.json").read_text())
    assert recorded["files"] == ["AGENTS.md", "CLAUDE.md"] and recorded["hash"] == stamp["ih"]


def test_a_contradiction_in_an_imported_file_names_that_file(git_repo, cli, tmp_path):
    (git_repo / "docs").mkdir()
    (git_repo / "docs" / "conventions.md").write_text("- Always log with `structlog`, never with `print`.\n")
    write_instructions(git_repo, agents="# Project\n", claude="See @docs/conventions.md for the rules.\n")
    cli("curate", "--deltas", deltas_file(tmp_path, _add("Use `print` for debug output in scripts.")))
    [item] = quarantined(git_repo)
    assert item["source"] == "docs/conventions.md"
    assert item["reason"] == 'contradicts docs/conventions.md: "Always log with `structlog`, never with `print`"'


def test_our_own_block_in_agents_md_is_not_an_instruction(git_repo, cli, tmp_path):
    block = ("<!-- learn:lessons -->\nTeam conventions for this project (approved by the team with altimate-learn):"
             "\n\n- Run the tests with `pytest -q` before committing.\n<!-- /learn:lessons -->\n")
    write_instructions(git_repo, agents="# Project\n\n" + block, claude=None)
    code, out, _ = cli("curate", "--deltas", deltas_file(tmp_path, _add(RESTATED)))
    assert code == 0 and texts(git_repo) == [RESTATED]


# --- with a model: one call for the whole batch -----------------------------------------------------------

def _signals(repo: Path, *texts_: str) -> list[dict]:
    store = Store(project(repo), "team-playbook")
    return append_signals(store, [NewSignal(kind="user_correction", session_id="sess-1", text=t, reason="test",
                                            message_id=f"m{i}") for i, t in enumerate(texts_)])


@pytest.fixture
def openai_env(model_server: FakeModelServer, monkeypatch: pytest.MonkeyPatch) -> FakeModelServer:
    monkeypatch.setenv("OPENAI_BASE_URL", model_server.openai_base_url)
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    return model_server


def test_one_vet_call_judges_the_whole_reflection_and_each_verdict_has_its_effect(repo, cli, openai_env):
    _signals(repo, "no, staging models must be named stg_<source>__<table>")
    openai_env.deltas(_add(GROUNDED, "the user named the convention"),
                      _add("Reuse the prior run item on same-day re-invocation.", "r"),
                      _add("Prefer short answers in chat.", "r"),
                      _add("Always page `store_list` results by 50.", "r"))
    openai_env.vet({
        "Reuse the prior": {"verdict": "contradiction", "source": "AGENTS.md",
                            "quote": "Every invocation creates one new run item and terminalizes it.",
                            "reason": "the contract creates a new item each time"},
        "short answers": {"verdict": "duplicate", "source": "CLAUDE.md", "quote": "Keep answers short."},
        "store_list": {"verdict": "ungrounded", "reason": "nothing in the session pages store_list"},
    })
    code, out, err = cli("reflect", "--session", "sess-1", "--model", "openai/gpt-4o-mini", "--json")
    assert code == 0, err
    assert len(openai_env.requests) == 2  # the reflection and its one vet call
    vet_request = openai_env.requests[1]
    assert "=== FILE: AGENTS.md ===" in vet_request.prompt and AGENTS_MD.strip() in vet_request.prompt
    assert "[user_correction] no, staging models must be named" in vet_request.prompt  # the evidence
    one = json.loads(out)["reflections"][0]
    assert texts(repo) == [GROUNDED]
    rejected = {r["text"]: (r["rule"], r["reason"]) for r in one["rejected"]}
    assert rejected["Prefer short answers in chat."] == ("vet-duplicate", 'duplicates CLAUDE.md: "Keep answers short"')
    assert rejected["Always page `store_list` results by 50."] == (
        "vet-ungrounded", "ungrounded: nothing in the session pages store_list")
    [item] = quarantined(repo)
    assert item["reason"] == ('contradicts AGENTS.md: "Every invocation creates one new run item and terminalizes '
                              'it"') and item["by"] == "openai/gpt-4o-mini"
    assert one["quarantined"] == [{"id": item["id"], "text": item["text"], "reason": item["reason"]}]
    lesson_id = read_json(repo, "candidate.json")[0]["id"]
    assert stamps(repo)[lesson_id]["by"] == "openai/gpt-4o-mini"
    assert list_signals(Store(project(repo), "team-playbook")) == []


def test_a_vet_answer_with_unknown_ids_or_verdicts_drops_only_the_model_rules_it_did_not_judge(repo, cli, openai_env):
    _signals(repo, "no, staging models must be named stg_<source>__<table>")
    openai_env.deltas(_add(GROUNDED, "r"), _add("Keep `dbt_project.yml` sorted by model folder.", "r"))
    openai_env.reply({"verdicts": [{"item": "c0", "verdict": "pass"},
                                   {"item": "c7", "verdict": "pass"},
                                   {"item": "c1", "verdict": "looks fine"}]})
    code, out, err = cli("reflect", "--session", "sess-1", "--model", "openai/gpt-4o-mini", "--json")
    assert code == 0, err
    one = json.loads(out)["reflections"][0]
    assert texts(repo) == [GROUNDED]
    [dropped] = one["rejected"]
    assert dropped["rule"] == "vet" and dropped["reason"] == "dropped: the vet gave it no verdict"
    lines = (repo / ".altimate-code/learn/team-playbook/history.jsonl").read_text().splitlines()
    notes = json.loads(lines[-1])["vet"]["notes"]
    assert "the vet named an item it was not given (c7); ignored" in notes
    assert "the vet gave c1 an unknown verdict (looks fine); no verdict" in notes


def test_a_failed_vet_call_applies_no_model_rule_and_keeps_the_signals(repo, cli, openai_env):
    ids = [s["id"] for s in _signals(repo, "no, staging models must be named stg_<source>__<table>")]
    openai_env.deltas(_add(GROUNDED, "r"))
    openai_env.fail(500, "vet backend down")
    code, out, err = cli("reflect", "--session", "sess-1", "--model", "openai/gpt-4o-mini")
    assert code == 1
    assert err.startswith("Error: the vet call failed: openai/gpt-4o-mini failed (HTTP 500)")
    assert read_json(repo, "candidate.json") is None
    assert [s["id"] for s in list_signals(Store(project(repo), "team-playbook"))] == ids
