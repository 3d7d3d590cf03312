"""What Gemini CLI will actually do with learn's hooks: for `learn install gemini --check` and the install note.

Read from Gemini CLI 0.61's own code (not on the hook path):

- Settings come in layers, later ones winning: system defaults (`system-defaults.json` beside the system file,
  or `GEMINI_CLI_SYSTEM_DEFAULTS_PATH`), the user's `~/.gemini/settings.json` (`GEMINI_CLI_HOME` moves `~`), the
  project's `.gemini/settings.json` (only in a trusted folder), and system settings
  (`/etc/gemini-cli/settings.json`, `/Library/Application Support/GeminiCli/settings.json` on macOS, or
  `GEMINI_CLI_SYSTEM_SETTINGS_PATH`). Files may hold comments.
- `hooksConfig.enabled` (default true) turns the whole hooks system off; `hooksConfig.disabled` lists hook
  names or commands that do not run.
- In a folder Gemini does not trust it runs no hooks at all, the user's included. Folder trust is on unless
  `security.folderTrust.enabled` is false; `GEMINI_CLI_TRUST_WORKSPACE=true` (what `--skip-trust` sets) trusts
  every folder for that run; otherwise the longest matching rule of `~/.gemini/trustedFolders.json`
  (`GEMINI_CLI_TRUSTED_FOLDERS_PATH`) decides: TRUST_FOLDER, TRUST_PARENT (the rule's parent folder), or
  DO_NOT_TRUST. No rule: the interactive CLI asks on start, `gemini -p` refuses to run (exit 55).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

TESTED = (0, 61)  # the version this was read from and is tested against (tests/e2e/test_gemini_e2e.py)
HOOK_NAME = "altimate-learn"


def _home() -> Path:
    return Path(os.environ.get("GEMINI_CLI_HOME") or Path.home()).expanduser()


def _system_path() -> Path:
    if os.environ.get("GEMINI_CLI_SYSTEM_SETTINGS_PATH"):
        return Path(os.environ["GEMINI_CLI_SYSTEM_SETTINGS_PATH"])
    if sys.platform == "darwin":
        return Path("/Library/Application Support/GeminiCli/settings.json")
    return Path("/etc/gemini-cli/settings.json")


def _defaults_path() -> Path:
    if os.environ.get("GEMINI_CLI_SYSTEM_DEFAULTS_PATH"):
        return Path(os.environ["GEMINI_CLI_SYSTEM_DEFAULTS_PATH"])
    return _system_path().parent / "system-defaults.json"


_COMMENT = re.compile(r'("(?:[^"\\]|\\.)*")|//[^\n]*|/\*.*?\*/', re.S)


def _read(path: Path) -> tuple[dict[str, Any], str | None]:
    """(settings, problem): {} for a file that does not exist; comments allowed, as Gemini allows them."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, None
    except (OSError, UnicodeDecodeError) as exc:
        return {}, f"{path} cannot be read ({exc})"
    try:
        data = json.loads(_COMMENT.sub(lambda m: m.group(1) or "", text)) if text.strip() else {}
    except ValueError as exc:
        return {}, f"{path} is not valid JSON ({exc}); Gemini CLI will refuse to start until it is fixed"
    return (data if isinstance(data, dict) else {}), None


def _get(settings: dict[str, Any], *keys: str) -> Any:
    value: Any = settings
    for key in keys:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


def trust(root: Path, settings: list[tuple[str, Path, dict[str, Any]]]) -> tuple[bool | None, str]:
    """(trusted?, why): None when Gemini has no rule for the folder yet (it will ask)."""
    enabled = True
    for _, _, data in settings:
        value = _get(data, "security", "folderTrust", "enabled")
        if isinstance(value, bool):
            enabled = value
    env = os.environ.get("GEMINI_CLI_TRUST_WORKSPACE")
    if os.environ.get("GEMINI_RESTRICTED_MODE") == "true" or env == "false":
        return False, "GEMINI_RESTRICTED_MODE or GEMINI_CLI_TRUST_WORKSPACE=false is set in this environment"
    if env == "true":
        return True, "GEMINI_CLI_TRUST_WORKSPACE=true is set in this environment"
    if not enabled:
        return True, "folder trust is off (security.folderTrust.enabled: false)"
    path = Path(os.environ.get("GEMINI_CLI_TRUSTED_FOLDERS_PATH") or _home() / ".gemini" / "trustedFolders.json")
    rules, problem = _read(path)
    if problem:
        return False, problem
    here = os.path.realpath(root)
    best, level = -1, None
    for rule, value in rules.items():
        base = os.path.dirname(rule) if value == "TRUST_PARENT" else rule
        base = os.path.realpath(os.path.expanduser(base))
        if (here == base or here.startswith(base.rstrip(os.sep) + os.sep)) and len(rule) > best:
            best, level = len(rule), value
    if level == "DO_NOT_TRUST":
        return False, f"{path} says DO_NOT_TRUST for it"
    if level in ("TRUST_FOLDER", "TRUST_PARENT"):
        return True, f"trusted in {path}"
    return None, f"no rule in {path} covers it"


def problems(root: Path, commands: list[str]) -> tuple[list[str], list[str]]:
    """(failures, notes): what keeps Gemini CLI from running ``commands`` (learn's hook commands) in ``root``,
    each with how to fix it, and what the user should know without it failing the check."""
    user = _home() / ".gemini" / "settings.json"
    layers = [("system defaults", _defaults_path()), ("user", user), ("project", root / ".gemini" / "settings.json"),
              ("system", _system_path())]
    loaded: list[tuple[str, Path, dict[str, Any]]] = []
    failures: list[str] = []
    for scope, path in layers:
        data, problem = _read(path)
        if problem:
            failures.append(f"FAILS: {problem}.")
        loaded.append((scope, path, data))
    trusted, why = trust(root, [layer for layer in loaded if layer[0] != "project"])
    notes: list[str] = []
    if trusted is False:
        failures.append(f"FAILS: Gemini CLI does not trust {root} ({why}), and it runs no hooks in a folder it does "
                        "not trust. Trust it: run `gemini` there and choose to trust the folder, or use /permissions.")
    elif trusted is None:
        notes.append(f"Note: Gemini CLI has not been told whether to trust {root} ({why}): `gemini` will ask when it "
                     "starts there (`gemini -p` refuses to run until then), and runs no hooks unless you trust it.")
    effective = loaded if trusted else [layer for layer in loaded if layer[0] != "project"]
    enabled, where = True, None
    disabled: set[str] = set()
    for _, path, data in effective:
        value = _get(data, "hooksConfig", "enabled")
        if isinstance(value, bool):
            enabled, where = value, path
        names = _get(data, "hooksConfig", "disabled")
        if isinstance(names, list):
            disabled |= {n for n in names if isinstance(n, str)}
    if not enabled:
        failures.append(f"FAILS: Gemini CLI's hooks system is turned off (\"hooksConfig\": {{\"enabled\": false}} in "
                        f"{where}), so it runs no hooks. Remove that setting or set it to true (in Gemini: /settings "
                        "→ Enable Hooks), then restart Gemini CLI.")
    off = sorted(disabled & ({HOOK_NAME} | set(commands)))
    if off:
        failures.append(f"FAILS: Gemini CLI skips learn's hook: \"hooksConfig.disabled\" lists {', '.join(off)}. "
                        "Remove it from that list (in Gemini: /hooks enable altimate-learn).")
    return failures, notes


def installed_version() -> str | None:
    """The version of the `gemini` on PATH, read from its package.json (no process started), or None."""
    found = shutil.which("gemini")
    if not found:
        return None
    here = Path(os.path.realpath(found)).parent
    for folder in (here, *list(here.parents)[:4]):
        data, _ = _read(folder / "package.json")
        if data.get("name") == "@google/gemini-cli" and isinstance(data.get("version"), str):
            return data["version"]
    return None


def notes(version: str | None = None) -> list[str]:
    """The install note, current for the Gemini CLI found on PATH."""
    version = version if version is not None else installed_version()
    current = ("Gemini CLI runs these hooks in folders it trusts, unless \"hooksConfig\": {\"enabled\": false} "
               "turns its hooks system off (/settings → Enable Hooks); /hooks lists them. "
               "`learn install gemini --check` checks both.")
    if version is None:
        return [f"Gemini CLI was not found on PATH. For version {TESTED[0]}.{TESTED[1]}: {current}"]
    try:
        numbers = tuple(int(part) for part in version.split("-")[0].split(".")[:2])
    except ValueError:
        numbers = TESTED
    if numbers < TESTED:
        return [f"Gemini CLI {version} is older than {TESTED[0]}.{TESTED[1]}, the version learn is tested with: its "
                "hooks may need enabling (some older versions: \"tools\": {\"enableHooks\": true} in settings.json; "
                "/hooks tells). Updating Gemini CLI is the sure way.", current]
    return [f"Gemini CLI {version}: {current}"]
