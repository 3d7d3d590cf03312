"""Helpers for capture tests: fixture paths, an opencode database with the real schema, and a fake HOME
with sessions of every harness placed where each agent keeps them."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "sessions"
CLAUDE = FIXTURES / "claude" / "5f0c2c1e-8d7b-4c59-9a51-3f1e2d4c6b7a.jsonl"
CLAUDE_SECRETS = FIXTURES / "claude" / "9d3e7a10-2b4c-4d6e-8f01-23456789abcd.jsonl"
CODEX = FIXTURES / "codex" / "rollout-2026-11-20T09-15-02-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl"
GEMINI = FIXTURES / "gemini" / "session-2026-11-21T10-02-4f2a9c1e.jsonl"
GEMINI_LEGACY = FIXTURES / "gemini" / "session-2026-10-01T08-00-0b7c1d2e.json"
GENERIC = FIXTURES / "generic" / "trajectory.jsonl"
OPENCODE_STORAGE = FIXTURES / "opencode" / "storage"
OPENCODE_SESSION = "ses_7f1e2d3c4b5aXyZaBcDeFgHiJk"
OPENCODE_CHILD = "ses_7f1e2d3c4b5bChIlDsEsSiOnAa"
REAL_CLAUDE = FIXTURES / "real" / "claude_transcript.jsonl"
REAL_CODEX = FIXTURES / "real" / "codex_rollout.jsonl"
REAL_OPENCODE = FIXTURES / "real" / "opencode.db"
SECRETS = json.loads((FIXTURES / "secrets.json").read_text())

FIXTURE_CWDS = {"claude": "/home/dev/shop-api", "codex": "/home/dev/web-app", "gemini": "/home/dev/data-pipeline",
                "opencode": "/home/dev/rust-svc"}


def rewrite_cwd(text: str, old: str, new: str) -> str:
    """A fixture transcript moved to another project folder (paths are plain, no JSON escaping needed)."""
    return text.replace(old, new)


def opencode_db(target: Path, *, directory: str | None = None, storage: Path = OPENCODE_STORAGE) -> Path:
    """The real opencode sample database plus the storage fixture's sessions (same rows opencode writes)."""
    shutil.copyfile(REAL_OPENCODE, target)
    con = sqlite3.connect(target)
    try:
        for session_file in sorted((storage / "session").glob("*/*.json")):
            info = json.loads(session_file.read_text())
            time = info["time"]
            con.execute(
                "INSERT INTO session (id, project_id, parent_id, slug, directory, title, version, time_created, "
                "time_updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (info["id"], "global", info.get("parentID"), "slug-" + info["id"][-4:],
                 directory or info["directory"], info["title"], info["version"], time["created"], time["updated"]))
            for message_file in sorted((storage / "message" / info["id"]).glob("*.json")):
                message = json.loads(message_file.read_text())
                mid = message.pop("id")
                message.pop("sessionID")
                created = message["time"]["created"]
                con.execute("INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES (?,?,?,?,?)",
                            (mid, info["id"], created, created, json.dumps(message)))
                for part_file in sorted((storage / "part" / mid).glob("*.json")):
                    part = json.loads(part_file.read_text())
                    pid = part.pop("id")
                    part.pop("sessionID")
                    part.pop("messageID")
                    con.execute("INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) "
                                "VALUES (?,?,?,?,?,?)", (pid, mid, info["id"], created, created, json.dumps(part)))
        con.commit()
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        con.close()
    return target


def place_sessions(home: Path, project: Path, *, other: Path | None = None) -> dict[str, list[str]]:
    """Put one session of each harness for ``project`` (and, if given, one for ``other``) where each
    agent keeps them under ``home``. Returns the session ids per harness placed for ``project``."""
    placed: dict[str, list[str]] = {}
    mtime = 1_790_000_000

    def stamp(path: Path, offset: int) -> None:
        os.utime(path, (mtime + offset, mtime + offset))

    for index, (root, tag) in enumerate([(project, "mine"), (other, "other")]):
        if root is None:
            continue
        # Claude Code: a session in the project root and one in a subfolder (its own slug folder)
        for sub, sid in (("", "aaaaaaaa-0000-4000-8000-00000000000" + str(index)),
                         ("/services/api", "bbbbbbbb-0000-4000-8000-00000000000" + str(index))):
            cwd = str(root) + sub
            slug = "".join(c if c.isalnum() else "-" for c in cwd)
            target = home / ".claude" / "projects" / slug / f"{sid}.jsonl"
            target.parent.mkdir(parents=True, exist_ok=True)
            text = rewrite_cwd(CLAUDE.read_text(), FIXTURE_CWDS["claude"], cwd)
            target.write_text(text.replace("5f0c2c1e-8d7b-4c59-9a51-3f1e2d4c6b7a", sid))
            stamp(target, 10 if not sub else 20)
            if tag == "mine":
                placed.setdefault("claude-code", []).append(sid)
        # Codex
        cid = f"0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5{index}"
        day = home / ".codex" / "sessions" / "2026" / "11" / "20"
        day.mkdir(parents=True, exist_ok=True)
        target = day / f"rollout-2026-11-20T09-15-0{index}-{cid}.jsonl"
        target.write_text(rewrite_cwd(CODEX.read_text(), FIXTURE_CWDS["codex"], str(root))
                          .replace("0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", cid))
        stamp(target, 30)
        if tag == "mine":
            placed["codex"] = [cid]
        # Gemini: by path hash for the project; by projects.json slug for the other
        gid = f"4f2a9c1e-5b6d-4e7f-8a90-b1c2d3e4f5a{index}"
        if tag == "mine":
            folder = home / ".gemini" / "tmp" / hashlib.sha256(str(root).encode()).hexdigest() / "chats"
        else:
            folder = home / ".gemini" / "tmp" / "other-project" / "chats"
            (folder.parent).mkdir(parents=True, exist_ok=True)
            (folder.parent / ".project_root").write_text(str(root))
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"session-2026-11-21T10-02-{gid[:8]}.jsonl"
        target.write_text(GEMINI.read_text().replace("4f2a9c1e-5b6d-4e7f-8a90-b1c2d3e4f5a6", gid))
        stamp(target, 40)
        if tag == "mine":
            placed["gemini"] = [gid]
    # opencode: one database holding sessions of both projects (and a sub-agent session)
    data = home / ".local" / "share" / "opencode"
    data.mkdir(parents=True, exist_ok=True)
    opencode_db(data / "opencode.db", directory=str(project))
    if other is not None:
        con = sqlite3.connect(data / "opencode.db")
        con.execute("UPDATE session SET directory = ? WHERE id = ?", (str(other), "ses_dd8bc6156ffeDDwyi4aZs22cyS"))
        con.commit()
        con.close()
    placed["opencode"] = [OPENCODE_SESSION]
    return placed


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES
