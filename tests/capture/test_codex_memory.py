"""Codex CLI memories, on files laid out the way Codex 0.171.0 writes them.

The parts Codex's own code writes are reproduced byte for byte from openai/codex
(`codex-rs/memories/write`, storage: `write_rollout_summary_for_thread` writes `thread_id:`, `updated_at:`,
`rollout_path:`, `cwd:`, `git_branch:`, a blank line, then the model's summary; the file is named
`<timestamp>-<4-char hash>-<slug>.md`); the parts its model writes follow the phase-1 `rollout_summary`
template and the phase-2 `MEMORY.md` / `memory_summary.md` format embedded in the 0.171.0 binary; ad-hoc
notes follow the `add_ad_hoc_note` tool (`extensions/ad_hoc/notes/YYYY-MM-DDTHH-MM-SS-<slug>.md`).
Running the real CLI's background memory pipeline offline needs its phase-1 and consolidation agents
scripted end to end; tests/e2e does that for Claude Code, whose memory the model writes directly.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from altimate_learn.capture.sessions import codex_memory as cx
from altimate_learn.history.memory_import import _belongs, scan


def rollout_summary(repo: str, body: str, *, thread: str = "019c7714-3b77-74d1-9866-e1f484aae2ab") -> str:
    """What Codex's `write_rollout_summary_for_thread` writes around the model's summary."""
    return (f"thread_id: {thread}\nupdated_at: 2026-11-20T09:41:05+00:00\n"
            f"rollout_path: /home/dev/.codex/sessions/2026/11/20/rollout-2026-11-20T09-41-05-{thread}.jsonl\n"
            f"cwd: {repo}\ngit_branch: main\n\n{body}\n")


SUMMARY_BODY = """# Fixed the cents rounding in the staging models and added a test.

Rollout context: the user asked to fix rounding in `models/staging/stg_payments.sql`.

## Task 1: fix rounding in stg_payments
Outcome: success

Preference signals:
- when the agent divided `amount_cents` by 100 inline, the user corrected: "we always use cents_to_dollars" -> use the `cents_to_dollars` macro for money columns in staging models
- after the agent edited before explaining, the user asked to "show me the plan first" -> lay out a plan before editing SQL models

Key steps:
- read the model, replaced the division [1]

Failures and how to do differently:
- `dbt build` failed until `dbt deps` ran: run `dbt deps` first in a fresh checkout

Reusable knowledge:
- Staging models live in `models/staging/` and are named `stg_<source>.sql`.

References:
- [1] `dbt build --select stg_payments`
"""

HANDBOOK = """# Task Group: {repo} dbt staging models

scope: fixing and extending staging models of the payments warehouse
applies_to: cwd={repo}; reuse_rule=safe for this checkout only

## Task 1: fix rounding in stg_payments, success

### rollout_summary_files

- rollout_summaries/2026-11-20T09-41-05-ab12-fix_cents_rounding.md (cwd={repo}, rollout_path=/home/dev/.codex/sessions/x.jsonl, updated_at=2026-11-20T09:41:05+00:00, thread_id=019c7714-3b77-74d1-9866-e1f484aae2ab)

### keywords

- dbt, cents_to_dollars, stg_payments

## User preferences

- when the agent divided `amount_cents` inline, the user corrected: "we always use cents_to_dollars" -> use the `cents_to_dollars` macro for money columns in staging models [Task 1]

## Reusable knowledge

- Staging models live in `models/staging/` and are named `stg_<source>.sql`. [Task 1]

## Failures and how to do differently

- `dbt build` failed until `dbt deps` ran -> run `dbt deps` first in a fresh checkout [Task 1]

# Task Group: {other} billing service

scope: the billing API of another repository
applies_to: cwd={other}; reuse_rule=other checkout

## Task 1: add invoices endpoint, success

## User preferences

- when adding endpoints, the user asked: "always version the route" -> prefix new routes with /v2 [Task 1]
"""

PROFILE = """v1

## User Profile

A data engineer who works on dbt projects and prefers short answers.

## User preferences

- answer in short bullet lists
- never open a pull request without being asked

## General Tips

- the user's machine runs macOS with zsh

## What's in Memory

### payments warehouse

#### 2026-11-20

- rollout_summaries/2026-11-20T09-41-05-ab12-fix_cents_rounding.md fixed cents rounding; thread_id=019c7714-3b77-74d1-9866-e1f484aae2ab
"""


@pytest.fixture
def repos(tmp_path: Path) -> tuple[Path, Path]:
    from tests.conftest import git

    repo, other = tmp_path / "payments", tmp_path / "payments-billing"  # the other shares the name prefix
    for folder in (repo, other):
        folder.mkdir()
        git(folder, "init", "-q")
    return repo, other


def codex_root(name: str = "memories") -> Path:
    root = cx.codex_home() / name
    root.mkdir(parents=True, exist_ok=True)
    return root


def test_consolidated_handbook_blocks_of_this_repository_only(repos: tuple[Path, Path]) -> None:
    repo, other = repos
    root = codex_root()
    (root / "MEMORY.md").write_text(HANDBOOK.format(repo=repo, other=other))
    (root / "memory_summary.md").write_text(PROFILE)
    found = scan(repo, ["codex"])
    team = [(m.type, m.rule) for m in found.memories if m.type != "user"]
    assert team == [
        ("feedback", "When the agent divided `amount_cents` inline, use the `cents_to_dollars` macro for money "
                     "columns in staging models"),
        ("project", "Staging models live in `models/staging/` and are named `stg_<source>.sql`."),
        ("feedback", "Run `dbt deps` first in a fresh checkout"),
    ]
    assert all(m.rel == "memories/MEMORY.md" and m.label == "Codex's memory" for m in found.memories[:3])
    assert "1 task group of other projects left out" in " ".join(found.notes)
    # the person's cross-project summary is personal: `user` memories
    assert [m.rule for m in found.memories if m.type == "user"] == [
        "answer in short bullet lists", "never open a pull request without being asked",
        "the user's machine runs macOS with zsh"]
    # the other repository sees its own block, not ours
    theirs = [m.rule for m in scan(other, ["codex"]).memories if m.type != "user"]
    assert theirs == ["When adding endpoints, prefix new routes with /v2"]


def test_rollout_summaries_are_read_where_there_is_no_handbook(repos: tuple[Path, Path],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    repo, other = repos
    monkeypatch.setenv("CODEX_HOME", str(Path.home() / "custom-codex"))
    root = codex_root("memories_v2")  # Codex 0.171's default layout: summaries, no MEMORY.md
    summaries = root / "rollout_summaries"
    summaries.mkdir()
    (summaries / "2026-11-20T09-41-05-ab12-fix_cents_rounding.md").write_text(rollout_summary(str(repo), SUMMARY_BODY))
    (summaries / "2026-11-21T10-00-00-cd34-other.md").write_text(
        rollout_summary(str(other), SUMMARY_BODY, thread="019c7714-3b77-74d1-9866-000000000001"))
    (summaries / "2026-11-22T10-00-00-ef56-sub.md").write_text(
        rollout_summary(str(repo / "models"), SUMMARY_BODY.replace("cents", "pennies"),
                        thread="019c7714-3b77-74d1-9866-000000000002"))
    assert not (Path.home() / ".codex" / "memories_v2").exists()  # CODEX_HOME is respected
    found = scan(repo, ["codex"])
    rules = [(m.type, m.rule, m.rel.split("/")[-1][:19]) for m in found.memories]
    assert ("feedback", "When the agent divided `amount_cents` by 100 inline, use the `cents_to_dollars` macro for "
            "money columns in staging models", "2026-11-20T09-41-05") in rules
    assert ("feedback", "Lay out a plan before editing SQL models", "2026-11-20T09-41-05") in rules
    assert ("feedback", "`dbt build` failed until `dbt deps` ran: run `dbt deps` first in a fresh checkout",
            "2026-11-20T09-41-05") in rules
    assert ("project", "Staging models live in `models/staging/` and are named `stg_<source>.sql`.",
            "2026-11-20T09-41-05") in rules
    assert {r[2] for r in rules} == {"2026-11-20T09-41-05", "2026-11-22T10-00-00"}  # a subfolder is ours too
    assert not any("Key steps" in m.name or "References" in m.name for m in found.memories)


def test_ad_hoc_notes_belong_to_the_repository_whose_session_wrote_them(repos: tuple[Path, Path]) -> None:
    repo, other = repos
    notes = codex_root("memories_v2") / "extensions" / "ad_hoc" / "notes"
    notes.mkdir(parents=True)
    ours, theirs = "2026-11-20T10-00-00-use-uv.md", "2026-11-20T11-00-00-billing-v2.md"
    (notes / ours).write_text("Always run the test suite with `uv run pytest -q` in this repository.\n")
    (notes / theirs).write_text("Prefix billing routes with /v2.\n")
    (notes / "2026-11-20T12-00-00-forget-black.md").write_text("Forget the note about black.\n")
    (notes / "not-a-note.md").write_text("A stray file.\n")
    sessions = cx.codex_home() / "sessions" / "2026" / "11" / "20"
    sessions.mkdir(parents=True)
    for cwd, name, written in ((repo, "a", ours), (other, "b", theirs), (repo, "c", "2026-11-20T12-00-00-forget-black.md")):
        meta = {"timestamp": "2026-11-20T10:00:00Z", "type": "session_meta",
                "payload": {"id": f"019c7714-3b77-74d1-9866-00000000000{name}", "cwd": str(cwd),
                            "timestamp": "2026-11-20T10:00:00Z", "originator": "codex_exec"}}
        call = {"timestamp": "2026-11-20T10:00:01Z", "type": "response_item",
                "payload": {"type": "function_call", "name": "add_ad_hoc_note", "call_id": "c1",
                            "arguments": json.dumps({"name": written, "note": "..."})}}
        (sessions / f"rollout-2026-11-20T10-00-0{name}-x.jsonl").write_text(json.dumps(meta) + "\n" + json.dumps(call) + "\n")
    found = scan(repo, ["codex"])
    assert [(m.type, m.name, m.rule) for m in found.memories] == [
        ("feedback", "use-uv", "Always run the test suite with `uv run pytest -q` in this repository.")]
    assert [(s.rel.split("/")[-1], s.reason) for s in found.skipped] == [
        ("2026-11-20T12-00-00-forget-black.md", "asks Codex to forget or delete a memory: not a rule")]


def test_split_bullet_reads_codex_preference_shapes() -> None:
    assert cx.split_bullet('when debugging, the user asked / corrected: "check the rule" -> trace the routing '
                           'config before answering [Task 1][Task 2]') == (
        "When debugging, trace the routing config before answering",
        'when debugging, the user asked / corrected: "check the rule"')
    assert cx.split_bullet("rg times out here -> use grep") == ("Use grep", "rg times out here")
    assert cx.split_bullet("A plain fact. [Task 3]") == ("A plain fact.", "")


def test_a_default_that_says_the_situation_again_is_the_rule_alone() -> None:
    """review13 R13-15: "When writing tests, write tests as pytest functions …" (the situation said twice)."""
    bullet = ('when writing tests, the user corrected: "no unittest classes please" -> Write tests as pytest '
              'functions with fixtures, not unittest classes')
    assert cx.split_bullet(bullet)[0] == "Write tests as pytest functions with fixtures, not unittest classes"
    # a situation the default does not say again stays in the rule
    assert cx.split_bullet('when writing migrations, the user corrected: "x" -> Write them reversible')[0] == \
        "When writing migrations, write them reversible"
    assert cx.split_bullet('when adding a dependency, the user corrected: "no pip" -> Use `uv add`, never pip')[0] \
        == "When adding a dependency, use `uv add`, never pip"


def test_an_unreadable_handbook_is_skipped_not_fatal(repos: tuple[Path, Path]) -> None:
    repo, _ = repos
    (codex_root() / "MEMORY.md").write_bytes(b"\x00" * 10)
    found = scan(repo, ["codex"])
    assert found.memories == [] and [(s.rel, s.reason) for s in found.skipped] == [
        ("memories/MEMORY.md", "is binary, not text")]


def test_belongs_accepts_worktrees_and_refuses_prefix_siblings(repos: tuple[Path, Path], tmp_path: Path) -> None:
    from tests.conftest import git

    repo, other = repos
    git(repo, "commit", "-q", "--allow-empty", "-m", "init")
    git(repo, "worktree", "add", "-q", "-b", "wt", str(tmp_path / "payments-wt"))
    belongs = _belongs(repo)
    assert belongs(str(repo)) and belongs(str(repo / "models")) and belongs(str(tmp_path / "payments-wt"))
    assert not belongs(str(other)) and not belongs(str(tmp_path))


# Codex 0.171's memories_v2 summary, written by its consolidation agent as its prompt asks (real Codex offline,
# trial26): `v1`, the four sections, and "[ad-hoc note]" after what it took from an ad-hoc note.
V2_SUMMARY = """v1

## User Profile
- Works on a dbt analytics warehouse; prefers concise answers.

## User preferences
- The user wants money columns converted with `cents_to_dollars`, never divided by 100 inline. [ad-hoc note]
- Prefix billing routes with /v2 in the billing service. [ad-hoc note]
- Prefers small, focused commits.

## General Tips
- Run `make test` before pushing.

## What's in Memory
### payments
#### 2026-12-05
- rollout_summaries/2026-12-05T04-00-00-ab12-money-columns.md — the user asked to remember the money-column rule; thread_id=019c7714-3b77-74d1-9866-00000000000a
"""


def test_a_summary_bullet_codex_took_from_this_repositorys_ad_hoc_note_is_not_imported_twice(
        repos: tuple[Path, Path]) -> None:
    """trial26, real Codex 0.171 offline: asked to remember a rule, it writes an ad-hoc note (with its shell, at the
    path its memory prompt names: `$CODEX_HOME/memories_v2/extensions/ad_hoc/notes/`); its next consolidation puts
    the same rule in memory_summary.md tagged "[ad-hoc note]". With `--type user` the rule went to the team's
    candidate (the note) and to AGENTS.local.md (the summary), and the tag was kept in the personal note."""
    repo, _ = repos
    root = codex_root("memories_v2")
    notes = root / "extensions" / "ad_hoc" / "notes"
    notes.mkdir(parents=True)
    name = "2026-12-05T04-00-00-cents-to-dollars.md"
    (notes / name).write_text("Always convert money columns with the `cents_to_dollars` macro; never divide by 100 "
                              "inline.\n")
    (root / "memory_summary.md").write_text(V2_SUMMARY)
    sessions = cx.codex_home() / "sessions" / "2026" / "12" / "05"
    sessions.mkdir(parents=True)
    meta = {"timestamp": "2026-12-05T04:00:00Z", "type": "session_meta",
            "payload": {"id": "019c7714-3b77-74d1-9866-00000000000a", "cwd": str(repo),
                        "timestamp": "2026-12-05T04:00:00Z", "originator": "codex_exec"}}
    shell = {"timestamp": "2026-12-05T04:00:01Z", "type": "response_item",
             "payload": {"type": "function_call", "name": "exec_command", "call_id": "c1", "arguments": json.dumps(
                 {"cmd": f"mkdir -p {notes} && printf '%s\\n' '…' > {notes / name}"})}}
    (sessions / "rollout-2026-12-05T04-00-00-019c7714-3b77-74d1-9866-00000000000a.jsonl").write_text(
        json.dumps(meta) + "\n" + json.dumps(shell) + "\n")
    found = scan(repo, ["codex"])
    assert [(m.type, m.rule) for m in found.memories] == [
        ("feedback", "Always convert money columns with the `cents_to_dollars` macro; never divide by 100 inline."),
        ("user", "Prefix billing routes with /v2 in the billing service."),  # another repository's note: kept, untagged
        ("user", "Prefers small, focused commits."),
        ("user", "Run `make test` before pushing."),
    ]
    assert any("1 bullet tagged [ad-hoc note] left out" in note for note in found.notes), found.notes


def test_a_summary_bullet_that_says_more_than_the_note_is_kept_and_the_tag_goes_wherever_it_is() -> None:
    """review24 R24-6: the note "Use pnpm" dropped a bullet Codex merged it into with two other preferences; R24-7:
    the tag in the middle of a bullet stayed in the memory's text."""
    from altimate_learn.capture.sessions._memory import AgentMemory

    note = AgentMemory(agent="codex", type="feedback", name="use-pnpm", key="k", rel="r", mtime=0.0, rule="Use pnpm")
    text = ("v1\n\n## User preferences\n"
            "- Use pnpm for installs; run tests with pytest -x before every commit; deploy only from main [ad-hoc note]\n"
            "- Prefers concise answers [ad-hoc note] and answers in English.\n"
            "- Use pnpm. [ad-hoc note]\n")
    kept, repeats = cx.read_profile(text, "memories_v2/memory_summary.md", 0.0, [note])
    assert [m.rule for m in kept] == [
        "Use pnpm for installs; run tests with pytest -x before every commit; deploy only from main",
        "Prefers concise answers and answers in English."]
    assert repeats == 1
