"""`learn enable`, `learn disable`, `learn status`, `learn nudge off`."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import typer

from altimate_learn.cli.common import LearnCommand, JsonOpt, NameOpt, current_project, echo, print_json, settings
from altimate_learn.config import KEYS, load_settings, write_project_keys
from altimate_learn.errors import LearnError, StoreError
from altimate_learn.store import Store, ensure_learn_dir
from altimate_learn.store.fsio import atomic_write

LIMIT_KEYS = ("core_lessons", "retrieved_lessons", "request_lessons", "file_lessons", "budget_tokens",
              "session_max_lessons", "max_stored", "recovery_max_reflections", "recovery_max_seconds")


def nudge_state_path() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "altimate-code" / "learn-nudge.json"


def dismiss_nudge() -> Path:
    """Turn the learning reminder off for every project (altimate-code reads the same file)."""
    path = nudge_state_path()
    state: dict[str, Any] = {}
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(loaded, dict):
            state = loaded
    except (FileNotFoundError, json.JSONDecodeError, UnicodeDecodeError):
        pass
    state["dismissed"] = True
    atomic_write(path, json.dumps(state, indent=2, sort_keys=True) + "\n")
    return path


def enable() -> None:
    """Turn on capture and automatic reflection for this project (writes the project config)."""
    paths = current_project()
    path = write_project_keys(paths.root, {"capture": True, "auto_reflect": True}, Path.cwd())
    ensure_learn_dir(paths)
    dismiss_nudge()
    echo(f"Learning enabled: learn.capture and learn.auto_reflect set to true in {path}.")
    resolved = load_settings(paths.root, Path.cwd())
    blockers = []
    if not resolved.values["enabled"]:
        blockers.append(f"learn.enabled is false (from {resolved.sources['enabled']})")
    if not resolved.values["capture"]:
        blockers.append(f"learn.capture is false (from {resolved.sources['capture']})")
    if blockers:
        raise LearnError(
            "capture is still off: " + "; ".join(blockers) + ".",
            "Change or unset that setting, then run `learn status`.",
        )
    if not resolved.values["auto_reflect"]:
        echo(f"Note: automatic reflection stays off (learn.auto_reflect from {resolved.sources['auto_reflect']}).")


def disable() -> None:
    """Stop capture and automatic reflection. Deletes nothing; approved lessons are still delivered."""
    paths = current_project()
    path = write_project_keys(paths.root, {"capture": False, "auto_reflect": False}, Path.cwd())
    ensure_learn_dir(paths)
    echo(f"Learning disabled: learn.capture and learn.auto_reflect set to false in {path}.")
    echo("Nothing was deleted. Approved lessons are still delivered; set learn.enabled to false "
         "(or ALTIMATE_LEARN=0) to stop that too.")
    resolved = load_settings(paths.root, Path.cwd())
    if resolved.values["capture"]:
        raise LearnError(f"capture is still on (from {resolved.sources['capture']}).",
                         "Change or unset that setting.")


def _count_lessons(store: Store, filename: str, problems: list[str]) -> int | None:
    try:
        lessons = store.read_lessons(filename)
    except StoreError as exc:
        problems.append(str(exc))
        return None
    return None if lessons is None else len(lessons)


def collect_status(name: str) -> dict[str, Any]:
    paths = current_project()
    resolved = settings(paths)
    store = Store(paths, name)
    ensure_learn_dir(paths)
    problems: list[str] = []
    approved = _count_lessons(store, Store.APPROVED, problems)
    candidate = _count_lessons(store, Store.CANDIDATE, problems)
    retired = _count_lessons(store, Store.RETIRED, problems)
    signals, skipped = store.signals()
    open_signals = [s for s in signals if s["status"] == "open"]
    try:
        schedule = store.read_json_object(Store.SCHEDULE, quarantine=False)
    except StoreError as exc:
        problems.append(str(exc))
        schedule = {}
    last = schedule.get("last_reflection") if isinstance(schedule.get("last_reflection"), dict) else None
    return {
        "project_root": str(paths.root),
        "store": name,
        "store_path": str(store.dir),
        "enabled": bool(resolved.values["enabled"]),
        "capture": resolved.capture_on,
        "auto_reflect": resolved.auto_reflect_on,
        "model": resolved.values["model"],
        "settings": {k: {"value": resolved.values[k], "source": resolved.sources[k]} for k in KEYS},
        "lessons": {"approved": approved or 0, "candidate": candidate, "retired": retired or 0},
        "versions": len(store.versions()),
        "signals": {"open": len(open_signals), "consumed": len(signals) - len(open_signals),
                    "skipped_lines": skipped},
        "pending_sessions": sorted({s["sessionID"] for s in open_signals}),
        "last_reflection": last,
        "backoff_until": schedule.get("backoff_until"),
        "limits": {k: resolved.values[k] for k in LIMIT_KEYS},
        "config_files": [str(p) for p in resolved.files],
        "warnings": resolved.unknown + problems,
    }


def status(name: NameOpt = "team-playbook", as_json: JsonOpt = False) -> None:
    """Show whether learning is on, where each setting came from, lesson and signal counts, and limits."""
    info = collect_status(name)
    if as_json:
        print_json(info)
        return
    s = info["settings"]
    if not info["enabled"]:
        echo(f"Learning: DISABLED (learn.enabled false, from {s['enabled']['source']}).")
        echo("  Nothing is delivered or captured. Re-enable: set learn.enabled to true "
             "(or ALTIMATE_LEARN=1), then `learn enable` to capture.")
    else:
        echo("Learning: enabled")
    on = lambda v: "on" if v else "off"  # noqa: E731
    echo(f"  capture:      {on(info['capture'])}  (learn.capture={json.dumps(s['capture']['value'])} "
         f"from {s['capture']['source']})")
    echo(f"  auto-reflect: {on(info['auto_reflect'])}  (learn.auto_reflect={json.dumps(s['auto_reflect']['value'])} "
         f"from {s['auto_reflect']['source']})")
    if info["enabled"] and not info["capture"]:
        echo("  Run `learn enable` to capture corrections from your sessions.")
    echo(f"  model:        {info['model'] or '(not set: the session model, else builtin)'}"
         f"  ({s['model']['source']})")
    echo(f"Store '{info['store']}': {info['store_path']}")
    les = info["lessons"]
    cand = "none" if les["candidate"] is None else str(les["candidate"])
    echo(f"  lessons: {les['approved']} approved, {cand} in candidate, {les['retired']} retired; "
         f"{info['versions']} archived versions")
    sig = info["signals"]
    extra = f", {sig['skipped_lines']} unreadable lines skipped" if sig["skipped_lines"] else ""
    echo(f"  signals: {sig['open']} open in {len(info['pending_sessions'])} sessions, "
         f"{sig['consumed']} consumed{extra}")
    last = info["last_reflection"]
    if last:
        outcome = "ok" if last.get("ok") else f"failed: {last.get('error', '?')}"
        echo(f"  last reflection: {last.get('at', '?')} ({outcome}) {last.get('summary', '')}".rstrip())
    else:
        echo("  last reflection: none")
    if info["backoff_until"]:
        echo(f"  next automatic retry after {info['backoff_until']}")
    echo("Limits: " + ", ".join(f"{k}={v}" for k, v in info["limits"].items()))
    for problem in info["warnings"]:
        echo(f"Warning: {problem}")


nudge_app = typer.Typer(help="The learning reminder.", no_args_is_help=True)


@nudge_app.command("off", cls=LearnCommand)
def nudge_off() -> None:
    """Turn the learning reminder off for every project."""
    path = dismiss_nudge()
    echo(f"Learning reminder turned off ({path}).")


def register(app: typer.Typer) -> None:
    app.command("enable", cls=LearnCommand)(enable)
    app.command("disable", cls=LearnCommand)(disable)
    app.command("status", cls=LearnCommand)(status)
    app.add_typer(nudge_app, name="nudge")
