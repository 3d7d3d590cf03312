"""Claude Code sessions started in a subfolder of the project, which ran without learn's project hooks.

Claude Code (2.1.332, and every version since the 2.0 line) reads `.claude/settings.json` only in the folder it is
started in (`.claude/settings.local.json` it finds from a subfolder too: checked with 2.1.332, review49 R49-5):
started in `src/`, it does not look in the project's top folder's settings.json, and registers none of its hooks, with no warning (anthropics/claude-code#36793,
#74023, #76441). Such a session gets no lesson and captures nothing, and `hook.log` is silent, since no hook ran
(review48 R48-3). The hooks of the user's own settings file run in every folder (learn finds the project from the
folder), and those of the person's own `.claude/settings.local.json` in every subfolder, so `learn install claude-code
--local` or `--user` is the way for people who start Claude Code in subfolders.

:func:`problems` is what `learn status`, `learn doctor` and `learn install claude-code --check` say about it: the
latest Claude Code sessions of the project started in a subfolder after learn's hooks were written, in which the
hooks never ran (no session state file), while no user-level settings file holds learn's hooks. As for Codex's
skipped hooks (:func:`altimate_learn.harness.codex_trust.silent_sessions`), only with capture on: a prompt typed
then always leaves the session's state file.

Gemini CLI (0.61) does the same with `.gemini/settings.json` (its `loadSettings` reads `<cwd>/.gemini/settings.json`;
checked with the real CLI started in `src/`: no section in the request, the correction not captured, `hook.log` silent;
review49 R49-4), so the same note is given for it (``agent="gemini"``); its user file is `~/.gemini/settings.json`."""

from __future__ import annotations

import os
from pathlib import Path

# the words `learn doctor` recognises this note by (every agent's)
STARTED_ONLY = "only in the folder it starts in"
READS_ONLY = f"Claude Code reads .claude/settings.json {STARTED_ONLY}"
# agent -> (its name in the note, what it reads only where it starts, the project's settings files, the fix)
AGENTS = {
    # Claude Code 2.1.332 started in src/ or src/app/ (of the main checkout or of a linked worktree) does run the hooks
    # of the top folder's .claude/settings.local.json (review49 R49-5, checked with the real CLI): `--local` is a fix
    "claude-code": ("Claude Code", READS_ONLY, (".claude/settings.json", ".claude/settings.local.json"),
                    "run `learn install claude-code --local` (your own .claude/settings.local.json, which Claude Code "
                    "also reads from a subfolder) or `learn install claude-code --user` (hooks that run in every "
                    "folder; learn finds the project from the folder)"),
    "gemini": ("Gemini CLI", f"Gemini CLI reads .gemini/settings.json {STARTED_ONLY}", (".gemini/settings.json",),
               "run `learn install gemini --user` (hooks that run in every folder; learn finds the project from the "
               "folder)"),
}


def _user_hooks(agent: str = "claude-code") -> bool:
    """Does the user's own settings file of ``agent`` hold learn's hooks (which the agent runs in every folder)?"""
    from altimate_learn.harness import claude, gemini
    from altimate_learn.harness.install import InstallOptions, ours_present, settings_path
    from altimate_learn.jsonsafe import loads_document

    module = gemini if agent == "gemini" else claude
    try:
        path = settings_path(module, InstallOptions(agent, Path("."), command="-", user=True))
        data = loads_document(path.read_text(encoding="utf-8"))
        return isinstance(data, dict) and bool(ours_present(data, agent))
    except (OSError, UnicodeDecodeError, ValueError, AttributeError):
        return False


def silent_sessions(root: Path, agent: str = "claude-code") -> list[tuple[str, str]]:
    """``(session id, the subfolder it started in)`` of the latest Claude Code sessions of ``root`` started in a
    subfolder, after the project's settings files were last written, in which learn's hooks never ran; oldest first.
    A later session in which they ran (one started in the top folder) clears the list."""
    from datetime import datetime, timezone

    from altimate_learn.capture.sessions import claude, gemini
    from altimate_learn.deliver.settings import capture_on, delivery_settings
    from altimate_learn.deliver.state import SESSIONS, session_file_name
    from altimate_learn.worktree import locate

    settings = delivery_settings(str(root), str(root), warn=lambda _: None)
    if not settings["enabled"] or not capture_on(settings):
        return []
    reader = gemini if agent == "gemini" else claude
    files = [root / name for name in AGENTS[agent][2]]
    try:
        written = max(p.stat().st_mtime for p in files if p.is_file())
    except (OSError, ValueError):
        return []
    folder = Path(locate(str(root)).local_dir) / SESSIONS
    if not folder.parent.is_dir():
        return []
    top = os.path.realpath(root)
    out = []
    for info in reader.discover({str(root)}, datetime.fromtimestamp(written, tz=timezone.utc)):
        cwd = os.path.realpath(info.cwd) if info.cwd else top
        if not info.id or not info.started:
            continue
        try:
            started = datetime.fromisoformat(info.started.replace("Z", "+00:00"))
        except ValueError:
            continue
        if started.tzinfo is None or started.timestamp() < written:
            continue
        ran = (folder / (session_file_name(info.id) + ".json")).exists()
        out.append((started, info.id, os.path.relpath(cwd, top), ran))
    silent: list[tuple[str, str]] = []
    for _, session, where, ran in sorted(out):  # the latest count: a later session in which they ran clears this
        if ran:
            silent = []
        elif where != os.curdir:
            silent.append((session, where))
    return silent


def problems(root: Path, commands: list[str], agent: str = "claude-code") -> list[str]:
    """What `learn install <agent> --check`, `learn doctor` and `learn status` say (see the module docstring):
    a note, not a failure, since the hooks run in every session started in the top folder."""
    del commands  # any of learn's commands in the user's file runs in every folder
    if _user_hooks(agent):
        return []
    silent = silent_sessions(root, agent)
    if not silent:
        return []
    label, reads_only, _, fix = AGENTS[agent]
    if agent == "claude-code":
        from altimate_learn.harness.claude_plugin import NAME, enabled

        if enabled(root) is not None:  # learn's plugin, enabled for the project (`--scope project`): its default
            # user scope runs it in every folder (checked with Claude Code 2.1.332; review49)
            fix = (f"enable learn's plugin for yourself: `claude plugin install {NAME}@{NAME}` (its default user "
                   "scope runs it in every folder; learn finds the project from the folder)")
    session, where = silent[-1]
    last = f"The last {label} session" if len(silent) == 1 else f"The last {len(silent)} {label} sessions"
    return [f"{last} of this project ({session}, started in {where}/) ran without learn's hooks: {reads_only} "
            f"({root}). Start it there, or {fix}."]
