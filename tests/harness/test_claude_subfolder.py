"""review48 R48-3 (real Claude Code 2.1.332): started in a subfolder of the project (`cd src && claude`), Claude Code
does not read the top folder's `.claude/settings.json`, so learn's project hooks never ran: no lesson reached the model,
the correction typed there was not captured, hook.log stayed silent and `learn status` said all was well. `learn
status`, `learn doctor` and `learn install claude-code --check` now name such sessions and the fix.

The transcript lines are the shape Claude Code 2.1.332 writes (its first lines: the queued prompt, then the prompt with
`cwd`, `sessionId`, `version`), in the folder it names after the working directory."""

from __future__ import annotations

import json
import os
from pathlib import Path

from altimate_learn.capture.sessions.claude import project_slug

INSTALLED_AT = 1767225600  # 2026-01-01T00:00:00Z: the settings file's time, so the sessions below come after it
SRC_SESSION = "037a9bed-5a78-457d-bbd9-75c653ab680b"
TOP_SESSION = "64261cbb-1a74-4fff-a217-764401acc506"
SAID = "ran without learn's hooks: Claude Code reads .claude/settings.json only in the folder it starts in"


def transcript(home: Path, cwd: Path, session: str, started: str, prompt: str = "hello from src") -> None:
    folder = home / ".claude" / "projects" / project_slug(str(cwd))
    folder.mkdir(parents=True, exist_ok=True)
    lines = [{"type": "queue-operation", "operation": "enqueue", "timestamp": started, "sessionId": session,
              "content": prompt},
             {"parentUuid": None, "isSidechain": False, "type": "user", "message": {"role": "user", "content": prompt},
              "uuid": "257ff2fd-f33e-4e7a-866b-39306494ac00", "timestamp": started, "userType": "external",
              "entrypoint": "sdk-cli", "cwd": str(cwd), "sessionId": session, "version": "2.1.332",
              "gitBranch": "main"}]
    (folder / f"{session}.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))


def test_sessions_started_in_a_subfolder_without_learns_hooks_are_named_with_the_fix(
        git_repo: Path, isolated_home: Path, learn_cli, run_learn):
    assert learn_cli("enable", cwd=git_repo).returncode == 0
    assert learn_cli("install", "claude-code", cwd=git_repo).returncode == 0
    os.utime(git_repo / ".claude" / "settings.json", (INSTALLED_AT, INSTALLED_AT))
    (git_repo / "src").mkdir()
    transcript(isolated_home, git_repo / "src", "0d1e2f3a-0000-4000-8000-000000000001", "2025-12-01T09:00:00.000Z")
    status = learn_cli("status", cwd=git_repo)
    assert SAID not in status.stdout  # a session from before learn's hooks were installed says nothing

    transcript(isolated_home, git_repo / "src", SRC_SESSION, "2026-06-01T09:00:00.000Z")
    status = learn_cli("status", cwd=git_repo)
    note = (f"The last Claude Code session of this project ({SRC_SESSION}, started in src/) {SAID} ({git_repo}). "
            "Start it there, or run `learn install claude-code --local` (your own .claude/settings.local.json, which "
            "Claude Code also reads from a subfolder) or `learn install claude-code --user` (hooks that run in every "
            "folder; learn finds the project from the folder).")
    assert "Learning: enabled\n" in status.stdout  # a session started in the top folder still runs them
    assert "Hooks installed: claude-code (.claude/settings.json).\n  claude-code: " + note + "\n" in status.stdout
    assert json.loads(learn_cli("status", "--json", cwd=git_repo).stdout)["hooks_not_run_in_subfolders"] == {
        "claude-code": [note]}
    check = learn_cli("install", "claude-code", "--check", cwd=git_repo)
    assert check.returncode == 0 and note in check.stdout.splitlines()  # they run where Claude Code reads them
    assert "    " + note in learn_cli("doctor", cwd=git_repo).stdout.splitlines()

    # hooks in the user's own settings run in every folder: nothing to say
    assert learn_cli("install", "claude-code", "--user", cwd=git_repo).returncode == 0
    assert SAID not in learn_cli("status", cwd=git_repo).stdout
    assert learn_cli("install", "claude-code", "--user", "--uninstall", cwd=git_repo).returncode == 0
    assert SAID in learn_cli("status", cwd=git_repo).stdout

    # the person starts Claude Code in the top folder and learn's hooks run there: the note is gone
    transcript(isolated_home, git_repo, TOP_SESSION, "2026-06-01T10:00:00.000Z", "add a health check")
    payload = {"session_id": TOP_SESSION, "cwd": str(git_repo), "hook_event_name": "UserPromptSubmit",
               "transcript_path": str(isolated_home / ".claude" / "projects" / project_slug(str(git_repo))
                                      / f"{TOP_SESSION}.jsonl"), "prompt": "add a health check"}
    assert run_learn("hook", "claude-code", cwd=git_repo, input=json.dumps(payload)).returncode == 0
    status = learn_cli("status", cwd=git_repo)
    assert ".sessions" in str(list((git_repo / ".altimate-code" / "learn").rglob("*.json")))
    assert SAID not in status.stdout, status.stdout
    assert json.loads(learn_cli("status", "--json", cwd=git_repo).stdout)["hooks_not_run_in_subfolders"] == {}


# ---- Gemini CLI (review49 R49-4) ----
GEMINI_SRC = "089fb17f-1ce2-491f-a912-6212117e8ce0"
GEMINI_SAID = "ran without learn's hooks: Gemini CLI reads .gemini/settings.json only in the folder it starts in"


def gemini_chat(home: Path, cwd: Path, slug: str, session: str, started: str, prompt: str) -> None:
    """A chat file as Gemini CLI 0.61 writes it for a session started in ``cwd`` (registered in projects.json under
    ``slug``): the header, the session context, the prompt, the answer (real run, review49)."""
    registry = home / ".gemini" / "projects.json"
    registry.parent.mkdir(parents=True, exist_ok=True)
    data = json.loads(registry.read_text()) if registry.exists() else {"projects": {}}
    data["projects"][str(cwd)] = slug
    registry.write_text(json.dumps(data))
    folder = home / ".gemini" / "tmp" / slug / "chats"
    folder.mkdir(parents=True, exist_ok=True)
    lines = [{"sessionId": session, "projectHash": "6ebbcfcaeaa26b18fb399f4b775e9460ba7024e9d97ff4a343b60cb0954014c0",
              "startTime": started, "lastUpdated": started, "kind": "main"},
             {"$set": {"messages": [{"id": "d04923d38bb0f6017037e74183378ef4", "timestamp": started, "type": "user",
                                     "content": [{"text": "<session_context>\nThis is the Gemini CLI.\n"
                                                          "</session_context>"}]}], "lastUpdated": started}},
             {"id": "1cf57e74-8fe1-4d32-b40f-b9edbf5d5866", "timestamp": started, "type": "user",
              "content": [{"text": prompt}]},
             {"id": "e2aa6a8a-e16b-49f4-a342-5bc86aa69faf", "timestamp": started, "type": "gemini",
              "content": "Done.", "thoughts": [], "model": "gemini-3.8-flash"}]
    name = f"session-{started[:16].replace(':', '-')}-{session[:8]}.jsonl"
    (folder / name).write_text("".join(json.dumps(line) + "\n" for line in lines))


def test_gemini_sessions_started_in_a_subfolder_without_learns_hooks_are_named_with_the_fix(
        git_repo: Path, isolated_home: Path, learn_cli, run_learn):
    """Real Gemini CLI 0.61 started in src/ (`cd src && gemini`): its loadSettings reads `<cwd>/.gemini/settings.json`
    only, so learn's project hooks never ran (no section in either request, "no, why did you use requests? we use
    httpx here" not captured, hook.log silent) while status, doctor and --check said all was well."""
    assert learn_cli("enable", cwd=git_repo).returncode == 0
    assert learn_cli("install", "gemini", cwd=git_repo).returncode == 0
    (isolated_home / ".gemini").mkdir(exist_ok=True)
    (isolated_home / ".gemini" / "trustedFolders.json").write_text(json.dumps({str(git_repo): "TRUST_FOLDER"}))
    os.utime(git_repo / ".gemini" / "settings.json", (INSTALLED_AT, INSTALLED_AT))
    (git_repo / "src").mkdir()
    gemini_chat(isolated_home, git_repo / "src", "src", GEMINI_SRC, "2026-06-01T09:00:00.000Z",
                "no, why did you use requests? we use httpx here")
    note = (f"The last Gemini CLI session of this project ({GEMINI_SRC}, started in src/) {GEMINI_SAID} ({git_repo}). "
            "Start it there, or run `learn install gemini --user` (hooks that run in every folder; learn finds "
            "the project from the folder).")
    status = learn_cli("status", cwd=git_repo)
    assert "Hooks installed: gemini (.gemini/settings.json).\n  gemini: " + note + "\n" in status.stdout
    assert json.loads(learn_cli("status", "--json", cwd=git_repo).stdout)["hooks_not_run_in_subfolders"] == {
        "gemini": [note]}
    check = learn_cli("install", "gemini", "--check", cwd=git_repo)
    assert check.returncode == 0 and note in check.stdout.splitlines()
    assert "    " + note in learn_cli("doctor", cwd=git_repo).stdout.splitlines()

    # with the folder not asked about yet, that note stays a note of --check, never one of the subfolder sessions
    (isolated_home / ".gemini" / "trustedFolders.json").unlink()
    assert json.loads(learn_cli("status", "--json", cwd=git_repo).stdout)["hooks_not_run_in_subfolders"] == {
        "gemini": [note]}
    (isolated_home / ".gemini" / "trustedFolders.json").write_text(json.dumps({str(git_repo): "TRUST_FOLDER"}))

    # hooks in the user's own ~/.gemini/settings.json run in every folder (checked with the real CLI): nothing to say
    assert learn_cli("install", "gemini", "--user", cwd=git_repo).returncode == 0
    assert GEMINI_SAID not in learn_cli("status", cwd=git_repo).stdout
    assert learn_cli("install", "gemini", "--user", "--uninstall", cwd=git_repo).returncode == 0

    # a later session in the top folder in which learn's hooks ran clears it
    top = "5b1c2d3e-0000-4000-8000-0000000000b2"
    gemini_chat(isolated_home, git_repo, "repo", top, "2026-06-01T10:00:00.000Z", "add a health check")
    payload = {"session_id": top, "cwd": str(git_repo), "hook_event_name": "BeforeAgent", "prompt": "add a health check",
               "timestamp": "2026-06-01T10:00:00.000Z",
               "transcript_path": str(next((isolated_home / ".gemini" / "tmp" / "repo" / "chats").iterdir()))}
    assert run_learn("hook", "gemini", cwd=git_repo, input=json.dumps(payload)).returncode == 0
    assert GEMINI_SAID not in learn_cli("status", cwd=git_repo).stdout
    assert json.loads(learn_cli("status", "--json", cwd=git_repo).stdout)["hooks_not_run_in_subfolders"] == {}
