"""`learn bootstrap`'s preview counts a correction live capture recorded without an id as recorded, as the write
does (review13 R13-12: Gemini CLI's BeforeAgent carries no prompt id, so its live signal has no messageID)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.history.conftest import read_signals
from tests.history.transcripts import claude_session, correction_session, days_ago

SESSION = "11111111-1111-4111-8111-111111111111"


def _captured_live_without_an_id(cli, repo: Path, home: Path) -> dict:
    """The session's correction as a hook without prompt ids records it: its words, when it was said, no id."""
    transcript = claude_session(home, repo, SESSION, days_ago(1), correction_session("revenue"))
    code, _, err = cli("capture", "--session", SESSION)
    assert code == 0, err
    path = repo / ".altimate-code" / "learn" / "team-playbook" / "signals.jsonl"
    [signal] = [json.loads(line) for line in path.read_text().splitlines()]
    said = next(json.loads(line)["timestamp"] for line in transcript.read_text().splitlines()
                if json.loads(line).get("uuid") == signal["messageID"])
    del signal["messageID"]
    signal["at"] = said
    path.write_text(json.dumps(signal) + "\n")
    return signal


def test_the_preview_and_the_import_agree_on_a_correction_captured_live_without_an_id(cli, isolated_home, git_repo):
    live = _captured_live_without_an_id(cli, git_repo, isolated_home)
    code, out, err = cli("bootstrap", "--dry-run", "--max-reflections", "0")
    assert code == 0, err
    assert ("Signals found: 1 (0 corrections, 0 repeated tool failures new; 1 already recorded, 1 of them still "
            "open).") in out
    assert live["text"][:40] not in out.split("Signals found:")[1].split("\n", 1)[1]  # not listed as new
    code, out, err = cli("bootstrap", "--yes", "--max-reflections", "0")
    assert code == 0, err
    assert "Nothing to import" in out
    assert [s["id"] for s in read_signals(git_repo)] == [live["id"]]
