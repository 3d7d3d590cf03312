"""Will Codex run learn's hooks? Its own trust state, read for `learn install codex --check` and `learn doctor`.

Read from Codex CLI 0.171 (its hook discovery, `codex-rs/hooks`) and its documentation ("Review and trust hooks"):

- Codex runs a hook that is not managed (system/MDM) only once the person trusted it in the TUI's `/hooks`; it
  records that in `$CODEX_HOME/config.toml` (default `~/.codex`) as
  `[hooks.state."<hooks.json path>:<event>:<group>:<handler>"]` with `trusted_hash = "sha256:…"` (the event in
  snake_case, `session_start`; group and handler are positions in that file), and `enabled = false` for a hook
  turned off there. A hook without a `trusted_hash` is skipped without a word (`codex exec` too, unless run with
  `--dangerously-bypass-hook-trust`, which trusts nothing durably).
- The hash covers the hook's exact definition, so a hook whose command changed after it was trusted is skipped
  too until it is trusted again. learn does not compute that hash (Codex's maintainers say integrators who
  reverse-engineer it break on internal changes): a recorded trust is taken as trust, and the sessions check
  (:func:`silent_sessions`) catches what that misses.
- A project's `.codex/hooks.json` loads only in a project the person trusts:
  `[projects."<absolute path>"] trust_level = "trusted"`.
- `[features] hooks = false` (or the older `codex_hooks = false`) turns hooks off.

Codex documents no way for another program to record trust, so learn never writes it: it says what to do.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

TRUST_HINT = ("Codex will skip learn's hooks until you trust them: open /hooks in Codex and trust them (or run "
              "`codex --dangerously-bypass-hook-trust`, which runs them for that one run only).")


def codex_home() -> Path:
    return Path(os.environ.get("CODEX_HOME") or Path.home() / ".codex").expanduser()


def event_label(event: str) -> str:
    """`SessionStart` -> `session_start`, as Codex writes it in hook-state keys."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", event).lower()


def read_config(home: Path | None = None) -> tuple[dict[str, Any], str | None]:
    """(config.toml, problem): {} when there is none."""
    path = (home or codex_home()) / "config.toml"
    try:
        return tomllib.loads(path.read_text(encoding="utf-8")), None
    except FileNotFoundError:
        return {}, None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return {}, f"{path} cannot be read ({exc}); learn cannot tell whether Codex trusts its hooks."


def learn_handlers(hooks_file: Path, commands: list[str]) -> list[tuple[str, str]]:
    """(Codex's hook-state key, event) of every handler in ``hooks_file`` that runs one of ``commands``."""
    import json

    try:
        data = json.loads(hooks_file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return []
    events = data.get("hooks") if isinstance(data, dict) else None
    out = []
    for event, groups in (events or {}).items() if isinstance(events, dict) else ():
        for g, group in enumerate(groups if isinstance(groups, list) else []):
            handlers = group.get("hooks") if isinstance(group, dict) else None
            for h, handler in enumerate(handlers if isinstance(handlers, list) else []):
                if isinstance(handler, dict) and handler.get("command") in commands:
                    out.append((f"{hooks_file}:{event_label(event)}:{g}:{h}", event))
    return out


def _project_trusted(config: dict[str, Any], root: Path) -> bool:
    projects = config.get("projects") if isinstance(config.get("projects"), dict) else {}
    for key in {str(root), str(root.resolve())}:
        entry = projects.get(key)
        if isinstance(entry, dict) and entry.get("trust_level") == "trusted":
            return True
    return False


def problems(root: Path, commands: list[str], home: Path | None = None) -> tuple[list[str], list[str]]:
    """(failures, notes): what keeps Codex from running learn's hooks, read from its config.toml."""
    home = home or codex_home()
    config, problem = read_config(home)
    if problem:
        return [], [problem]
    config_path = home / "config.toml"
    failures: list[str] = []
    features = config.get("features") if isinstance(config.get("features"), dict) else {}
    if features.get("hooks") is False or features.get("codex_hooks") is False:
        failures.append(f"Codex's hooks are turned off ([features] hooks = false in {config_path}): set it to true.")
    files = []
    project_file = root / ".codex" / "hooks.json"
    if project_file.is_file():
        if _project_trusted(config, root):
            files.append(project_file)
        elif learn_handlers(project_file, commands):
            failures.append(f"Codex loads {project_file} only in a project you trust, and {root} is not trusted in "
                            f"{config_path}: trust the folder when Codex asks, or add [projects.\"{root}\"] "
                            "trust_level = \"trusted\" there.")
    user_file = home / "hooks.json"
    if user_file.is_file():
        files.append(user_file)
    state = (config.get("hooks") or {}).get("state") if isinstance(config.get("hooks"), dict) else None
    state = state if isinstance(state, dict) else {}
    untrusted, disabled = [], []
    for path in files:
        for key, event in learn_handlers(path, commands):
            entry = state.get(key) if isinstance(state.get(key), dict) else {}
            if entry.get("enabled") is False:
                disabled.append(event)
            elif not isinstance(entry.get("trusted_hash"), str) or not entry["trusted_hash"]:
                untrusted.append(event)
    if disabled:
        failures.append(f"learn's {', '.join(dict.fromkeys(disabled))} hook{'s are' if len(disabled) > 1 else ' is'} "
                        "turned off in Codex's /hooks: turn them on there.")
    if untrusted:
        failures.append(f"{TRUST_HINT} Not trusted yet: {', '.join(dict.fromkeys(untrusted))}.")
    if files and not failures:
        silent = silent_sessions(root, [p for p in files if learn_handlers(p, commands)])
        if silent:
            last = "The last Codex session" if len(silent) == 1 else f"The last {len(silent)} Codex sessions"
            failures.append(f"{last} of this project ({silent[-1]}) ran without learn's hooks, installed before "
                            f"{'it' if len(silent) == 1 else 'them'}: {TRUST_HINT}")
    notes = []
    if files and not untrusted and not failures:
        notes.append("Codex trusts these hooks as they are now; after a change to them (a new `learn install codex`) "
                     "it skips them until you trust them again in /hooks.")
    return failures, notes


def silent_sessions(root: Path, hook_files: list[Path]) -> list[str]:
    """Ids of this project's latest Codex sessions (started after learn's hooks were last written, and after the
    last one in which they ran) in which learn's hooks never ran (no session state file), oldest first: the sign
    that Codex skipped them whatever config.toml says (a hook changed after it was trusted). Nothing unless capture
    is on (a typed prompt then always leaves the session's state file) and the project has learn's folder."""
    from datetime import datetime, timezone

    from altimate_learn.capture.sessions import codex as reader
    from altimate_learn.deliver.settings import capture_on, delivery_settings
    from altimate_learn.deliver.state import SESSIONS, session_file_name
    from altimate_learn.worktree import locate

    if not hook_files:
        return []
    settings = delivery_settings(str(root), str(root), warn=lambda _: None)
    if not settings["enabled"] or not capture_on(settings):  # then a session's hooks may leave no state behind
        return []
    try:
        written = max(path.stat().st_mtime for path in hook_files)
    except OSError:
        return []
    since = datetime.fromtimestamp(written, tz=timezone.utc)
    folder = Path(locate(str(root)).local_dir) / SESSIONS
    if not folder.parent.is_dir():  # a project without learn's folder: the hooks write nothing there
        return []
    out = []
    for info in reader.discover({str(root)}, since):
        try:
            started = datetime.fromisoformat((info.started or "").replace("Z", "+00:00"))
        except ValueError:
            continue
        if started.tzinfo is None or started < since or not info.id:
            continue
        out.append((started, info.id, (folder / (session_file_name(info.id) + ".json")).exists()))
    silent: list[str] = []
    for _, session, ran in sorted(out):  # the latest sessions count: trusting the hooks later clears this
        silent = [] if ran else [*silent, session]
    return silent
