"""What the redaction files that plant personal data in a real Claude Code session share (sec43's e-mail addresses,
cur44's phone numbers): the session (tests/reflect/fixtures/claude_dbt_session.jsonl) installed where Claude Code
keeps it, with words added to the person's correction and to a tool's output, and every file under a folder read
back as text (also tests/curate/test_nothing_unredacted_written.py's check that nothing written holds a secret)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

FIXTURE = Path(__file__).resolve().parents[1] / "reflect" / "fixtures" / "claude_dbt_session.jsonl"
SESSION = "5f0c2a9e-3b7d-4c1e-9a6f-2d8e41b7c903"
CORRECTION = "no, use source() instead of hardcoding the raw table name"


def every_file(root: Path) -> str:
    chunks = []
    for folder, _dirs, files in os.walk(root):
        for name in files:
            chunks.append((Path(folder) / name).read_bytes().decode("utf-8", "replace"))
    return "\n".join(chunks)


def install_transcript(home: Path, repo: Path, typed: str, tool_note: str) -> None:
    """The session under ``home``'s ~/.claude/projects for ``repo``: the correction gets "; <typed>" and the fourth
    tool call's output " (<tool_note>)"."""
    lines = []
    for line in FIXTURE.read_text().replace("__CWD__", str(repo)).splitlines():
        record = json.loads(line)
        content = record.get("message", {}).get("content")
        if content == CORRECTION:
            record["message"]["content"] = f"{CORRECTION}; {typed}"
        elif isinstance(content, list) and content and content[0].get("tool_use_id") == "toolu_04":
            content[0]["content"] += f" ({tool_note})"
        lines.append(json.dumps(record))
    folder = home / ".claude" / "projects" / re.sub(r"[^A-Za-z0-9]", "-", str(repo))
    folder.mkdir(parents=True)
    (folder / f"{SESSION}.jsonl").write_text("\n".join(lines) + "\n")
