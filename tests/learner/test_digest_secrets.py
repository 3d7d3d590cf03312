"""The learner's and the reflection's digests learn the whole session's secrets before they redact anything
(review6 #10): a password the person typed bare before the line that names it, or that only a tool call names,
reaches neither the model nor the learner's files."""

from __future__ import annotations

import json
from pathlib import Path

from tests.learner.conftest import EVERYTHING, MODEL, learner_dir, runs, transcript

SESSION = "5e55c0de-0000-4000-8000-00000000beef"
SECRET = "Kd8-rain-42"  # bare in a sentence, the redactor alone keeps it; named, it is a password


def _claude_session(home: Path, repo: Path) -> Path:
    slug = "".join(c if c.isalnum() else "-" for c in str(repo))
    path = home / ".claude" / "projects" / slug / f"{SESSION}.jsonl"
    path.parent.mkdir(parents=True)
    base = {"sessionId": SESSION, "cwd": str(repo), "userType": "external", "version": "2.1.332"}
    lines, parent = [], None

    def add(kind: str, message: dict, stamp: int, **extra) -> None:
        nonlocal parent
        uuid = f"0000{stamp:04d}-0000-4000-8000-000000000000"
        lines.append({**base, "type": kind, "uuid": uuid, "parentUuid": parent, "message": message,
                      "timestamp": f"2026-11-28T10:{stamp:02d}:00.000Z", **extra})
        parent = uuid

    def said(text: str, stamp: int) -> None:
        add("assistant", {"id": f"msg_{stamp}", "role": "assistant", "model": "claude-sonnet-4-5",
                          "content": [{"type": "text", "text": text}]}, stamp)

    add("user", {"role": "user", "content": f"Use {SECRET} for the staging loader and run the import."}, 1)
    said(f"I'll connect with {SECRET} and run the import.", 2)
    add("assistant", {"id": "msg_3", "role": "assistant", "model": "claude-sonnet-4-5", "content": [
        {"type": "tool_use", "id": "toolu_1", "name": "Bash",
         "input": {"command": f"PGPASSWORD={SECRET} psql -h staging -f import.sql"}}]}, 3)
    add("user", {"role": "user", "content": [{"tool_use_id": "toolu_1", "type": "tool_result",
                                              "content": "COPY 1200"}]}, 4)
    said(f"Imported 1200 rows into staging (connected with {SECRET}).", 5)
    add("user", {"role": "user", "content": f"no, never put {SECRET} on the command line; read it from .env"}, 6)
    said("Understood: the loader now reads PGPASSWORD from .env.", 7)
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    return path


def test_a_secret_typed_bare_before_a_tool_call_names_it_never_reaches_the_learners_model(
        git_repo: Path, isolated_home: Path, server, cli):
    _claude_session(isolated_home, git_repo)
    code, _, err = cli("run", "--now", "--since", EVERYTHING, "--model", MODEL)
    assert code == 0, err
    sent = json.dumps([r.body for r in server.requests])
    assert "for the staging loader" in sent and "on the command line" in sent  # both messages were shown
    assert SECRET not in sent
    assert "Use [REDACTED:password] for the staging loader" in sent  # the first message, typed bare
    (record,) = runs(git_repo)
    kept = "".join(p.read_text() for p in learner_dir(git_repo).glob("*.json*") if p.is_file())
    kept += json.dumps(transcript(git_repo, record["id"]))
    assert SECRET not in kept


def test_the_reflection_digest_learns_a_secret_from_a_tool_call_before_the_prompt_that_repeats_it():
    from altimate_learn.reflect.digest import DigestCall, DigestSource, build_digest

    src = DigestSource(prompts=[f"Use {SECRET} for the staging loader and run the import."],
                       calls=[DigestCall(name="bash", input={"command": f"PGPASSWORD={SECRET} psql -f import.sql"},
                                         output="COPY 1200")],
                       final_text=f"Imported 1200 rows (connected with {SECRET}).")
    digest = build_digest(src)
    assert SECRET not in digest
    assert "Use [REDACTED:password] for the staging loader" in digest
    assert "connected with [REDACTED:password]" in digest
