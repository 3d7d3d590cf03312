"""The continual learner imports the agents' own memories on its schedule (offline, into the candidate)."""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.capture.sessions.claude_memory import memory_folders
from tests.learner.conftest import EVERYTHING, runs

RULE = "Run `make check` before every commit in this repository."


def test_a_learner_run_stages_a_claude_code_memory_for_review(project: Path, cli):
    folder = memory_folders(project)[0][0]
    folder.mkdir(parents=True)
    (folder / "feedback_check.md").write_text(
        f"---\nname: make-check\ndescription: run make check\nmetadata:\n  type: feedback\n---\n\n{RULE}\n")
    code, out, err = cli("run", "--now", "--since", EVERYTHING)
    assert code == 0, err
    candidate = json.loads((project / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    lesson = next(l for l in candidate if l["text"] == RULE)
    assert lesson["provenance"].startswith("from Claude Code's memory 'make-check'")
    (record,) = runs(project)
    assert any(n.startswith("agent memories: 1 staged for review") for n in record["notes"] or [])
    code, out, err = cli("run", "--now", "--since", EVERYTHING)  # (it may stage corrections that waited)
    assert code == 0, err
    again = json.loads((project / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    assert [l for l in again if l["text"] == RULE] == [lesson]  # the memory is not staged twice
    later = runs(project)[1:]
    assert not any("agent memories" in n for r in later for n in r.get("notes") or [])  # nothing new the second time
