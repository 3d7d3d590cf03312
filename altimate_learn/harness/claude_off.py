"""Claude Code's own switch for every hook: `"disableAllHooks": true` in one of its settings files.

Claude Code (2.1.332) then runs no hook at all, learn's included, and says nothing; `learn status` said "Hooks
installed", `learn install claude-code --check` "installed … and run" (review48 R48-5, checked with the real CLI: with
it in `~/.claude/settings.json` the request carried no lesson). The files are read in Claude Code's order, the first
that sets the key deciding: managed settings (the organisation's, which nothing overrides; with
`"allowManagedHooksOnly": true` there only their own hooks run), then `.claude/settings.local.json`, the project's
`.claude/settings.json` and the user's own (a `false` in the local file turns the user's `true` off: checked)."""

from __future__ import annotations

from pathlib import Path

# Where Claude Code reads managed settings (Linux, macOS)
MANAGED = (Path("/etc/claude-code/managed-settings.json"),
           Path("/Library/Application Support/ClaudeCode/managed-settings.json"))
_UNSET = object()


def _value(path: Path, key: str) -> object:
    from altimate_learn.jsonsafe import loads_document

    try:
        data = loads_document(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return _UNSET
    return data.get(key, _UNSET) if isinstance(data, dict) else _UNSET


def problems(root: Path) -> list[str]:
    """Why Claude Code runs none of learn's hooks here, with the fix; [] when nothing turns them off."""
    from altimate_learn.harness import claude
    from altimate_learn.harness.install import InstallOptions, settings_path

    for path in MANAGED:
        if _value(path, "disableAllHooks") is True:
            return [f"Claude Code runs no hooks on this machine: \"disableAllHooks\": true in the managed settings "
                    f"{path} (your organisation's, which no other file overrides); ask whoever manages it."]
        if _value(path, "allowManagedHooksOnly") is True:
            return [f"Claude Code runs only the managed settings' own hooks on this machine (\"allowManagedHooksOnly\": "
                    f"true in {path}), not learn's; ask whoever manages it to add learn's hooks there."]
    user = settings_path(claude, InstallOptions("claude-code", root, command="-", user=True))
    for path in (root / ".claude" / "settings.local.json", root / ".claude" / "settings.json", user):
        value = _value(path, "disableAllHooks")
        if value is _UNSET:
            continue
        if value is True:
            return [f"Claude Code runs no hooks here: \"disableAllHooks\": true in {path}. Remove it, or set it to "
                    "false in .claude/settings.local.json (which comes before the other files), so learn's hooks "
                    "run."]
        return []
    return []
