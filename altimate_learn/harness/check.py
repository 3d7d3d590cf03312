"""`learn install <agent> --check`: are learn's hooks where the agent reads them, safe, and do they run?

The agent reads several settings files (Claude Code: the user's, the project's and the project's
`settings.local.json`; Codex and Gemini CLI: the user's and the project's) and runs the hooks of all of
them. So `--check` looks in every one of them unless `--user` or `--local` names one, and says where the
hooks are: an install with `--local` is found by a plain `--check`. Each command found is judged
(:func:`altimate_learn.launch.command_problem`: an old `python -m altimate_learn` without `-I` runs code from
the project folder and fails the check) and run the way the agent runs it, with a harmless check event.
A command that runs `learn` from PATH is looked up on this machine's PATH, and the check says when it is
not there.
"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
from pathlib import Path

from altimate_learn.harness import CHECK_EVENT
from altimate_learn.harness.install import (InstallOptions, _parse, flag, harness_module, ours_present,
                                            settings_path)
from altimate_learn.launch import command_problem


def scopes(module, options: InstallOptions) -> list[tuple[str, Path]]:
    """(scope, settings file) the check looks at: the one named by --user/--local, else all the agent reads."""
    if options.user or options.local:
        out = [(options.scope, settings_path(module, options))]
    else:
        out = []
        for scope in ("project", "local", "user"):
            if scope == "local" and "local" not in module.SETTINGS:
                continue
            probe = InstallOptions(options.harness, options.root, user=scope == "user", local=scope == "local",
                                   command=options.command)
            out.append((scope, settings_path(module, probe)))
    main = main_checkout_local(options)
    if main is not None:
        out.append(("local", main))
    return out


def main_checkout_local(options: InstallOptions) -> Path | None:
    """In a linked git worktree, the main checkout's `.claude/settings.local.json`: Claude Code runs the hooks
    `learn install claude-code --local` put there in every worktree of the repository (review12 R12-9)."""
    if options.harness != "claude-code" or options.user:
        return None
    from altimate_learn.worktree import LINKED, locate

    checkout = locate(str(options.root))
    if checkout.kind != LINKED:
        return None
    return Path(checkout.home) / ".claude" / "settings.local.json"


def run_check(options: InstallOptions) -> tuple[bool, list[str]]:
    """(installed, safe and runnable?, lines to print)."""
    module = harness_module(options.harness)
    if hasattr(module, "check"):
        return module.check(options)
    wanted = [event for event, _ in module.HOOKS]
    places: list[tuple[str, Path, dict[str, list[str]]]] = []
    keys: list[dict[str, set[str]]] = []  # each place's: event -> what the agent tells its hooks apart by
    for scope, path in scopes(module, options):
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            continue
        except (OSError, UnicodeDecodeError) as exc:
            return False, [f"{path} cannot be read ({exc})."]
        data = _parse(text if text.strip() else "{}", path, module)
        found = ours_present(data, module.NAME)
        if found:
            places.append((scope, path, found))
            keys.append(_run_keys(data, module.NAME))
    asked = scopes(module, options)
    if not places:
        where = " or ".join(str(path) for _, path in asked)
        return False, [f"learn hooks for {options.harness} are not installed in {where}.",
                       f"Run `learn install {options.harness}{flag(options.scope)}`."]
    ok = True
    out: list[str] = []
    for scope, path, found in places:
        missing = [event for event in wanted if event not in found]
        if missing:
            ok = False
            out.append(f"{path}: learn hooks missing for {', '.join(missing)}.")
        for command in sorted({c for commands in found.values() for c in commands}):
            good, lines = judge(command, options.root)
            ok = ok and good
            out.extend(lines)
    repair = " or ".join(f"`learn install {options.harness}{flag(scope)}`" for scope, _, _ in places)
    where = ", ".join(f"{path} ({scope})" for scope, path, _ in places)
    failures: list[str] = []
    agent_notes: list[str] = []
    if hasattr(module, "agent_problems"):  # what the agent itself will do with them (hooks off, folder untrusted)
        commands = sorted({c for _, _, found in places for cs in found.values() for c in cs})
        failures, agent_notes = module.agent_problems(options.root, commands)
    if ok and not failures:
        out.insert(0, f"learn hooks for {options.harness} are installed in {where} and run.")
    elif ok:
        out.insert(0, f"learn hooks for {options.harness} are installed in {where} and work when run, but "
                      f"{options.harness} will not run them:")
    out.extend(failures)
    out.extend(agent_notes)
    if not ok:
        out.append(f"Run {repair} to repair them.")
    ok = ok and not failures
    if len(places) > 1 and getattr(module, "RUNS_A_HOOK_ONCE", False) and all(
            len(set().union(*(k.get(event, set()) for k in keys))) == 1 for event in wanted):
        out.append(f"Note: the hooks are installed in {len(places)} files, with the same "
                   f"{module.RUNS_A_HOOK_ONCE}, and {options.harness} runs a hook that several files hold once, so learn's hook runs once for "
                   "every event; the extra copies do nothing (remove them with `learn install … --uninstall` and "
                   "the flag of that file).")
    elif len(places) > 1:
        out.append(f"Note: the hooks are installed in {len(places)} files and {options.harness} runs each of "
                   "them for every event (learn answers the first and gives the others nothing, so each lesson "
                   "arrives once, but each costs a process); remove the extra ones with "
                   "`learn install … --uninstall` and the flag of that file.")
    return ok, out


def _run_keys(data: dict, harness: str) -> dict[str, set[str]]:
    """Event -> ``name:command`` of learn's handlers in one settings file: Gemini CLI runs the handlers of an event
    that share both once, whichever files hold them (its hook planner's deduplicateHooks, 0.61)."""
    from altimate_learn.harness.install import is_ours

    out: dict[str, set[str]] = {}
    for event, groups in (data.get("hooks") or {}).items():
        for group in groups if isinstance(groups, list) else []:
            for handler in (group.get("hooks") or []) if isinstance(group, dict) else []:
                if is_ours(handler, harness):
                    name = handler.get("name") if isinstance(handler.get("name"), str) else ""
                    out.setdefault(event, set()).add(f"{name}:{handler['command']}")
    return out


def judge(command: str, root: Path) -> tuple[bool, list[str]]:
    """Is one installed command safe, found, and does it answer as learn's hook? (ok, lines)"""
    try:
        argv = shlex.split(command)
    except ValueError:
        argv = []
    problem = command_problem(argv)
    if problem:
        return False, [f"UNSAFE: {command} ({problem})."]
    lines: list[str] = []
    if any(word in ("learn", "altimate-learn") for word in argv[:8]) and "-m" not in argv:
        found = shutil.which("learn")
        if found is None:
            return False, [f"FAILS: {command} (`learn` is not on PATH here; put the folder that holds it on "
                           "PATH, or install with the absolute form: `learn install` without --on-path)."]
        if not Path(found).is_absolute() or Path(found).resolve().is_relative_to(root.resolve()):
            return False, [f"UNSAFE: {command} (`learn` on PATH is {found}, inside the project or found "
                           "through a relative PATH entry)."]
        lines.append(f"`learn` on PATH is {found}.")
    if argv and Path(argv[0]).is_absolute() and not Path(argv[0]).exists():  # review44 R44-5: not "ran but…"
        return False, [f"FAILS: {command} ({argv[0]} does not exist: the environment learn was installed from was "
                       "moved or deleted)."]
    runs, detail = try_command(command, root)
    lines.insert(0, f"{'runs' if runs else 'FAILS'}: {command}" + (f" ({detail})" if detail else ""))
    return runs, lines


def try_command(command: str, cwd: Path) -> tuple[bool, str]:
    payload = json.dumps({"hook_event_name": CHECK_EVENT, "session_id": "learn-install-check", "cwd": str(cwd)})
    try:
        proc = subprocess.run(command, shell=True, input=payload, capture_output=True, text=True, timeout=60,
                              cwd=cwd)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return False, str(exc)
    if proc.returncode != 0:
        return False, f"exit code {proc.returncode}: {(proc.stderr or proc.stdout).strip()[-200:]}"
    try:
        answer = json.loads(proc.stdout)
        return True, f"altimate-learn {answer.get('altimate_learn')}"
    except ValueError:
        return False, "it ran but did not answer as altimate-learn's hook"
