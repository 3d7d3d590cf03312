"""`learn enable`, `learn disable`, `learn status`, `learn nudge off`."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from typing import Annotated

import typer

from altimate_learn.jsonsafe import loads_document
from altimate_learn.cli.common import (LearnCommand, plural, JsonOpt, NameOpt, Report, current_project, echo,
                                       is_interactive, print_json, settings, warn, writing_project)
from altimate_learn.config import KEYS, load_settings, project_config_target, write_project_keys
from altimate_learn.errors import ConfigError, LearnError, StoreError
from altimate_learn.learner.state import status as learner_status
from altimate_learn.learner.state import status_lines as learner_lines
from altimate_learn.store import Store, ensure_learn_dir
from altimate_learn.team.setup import merge_setup, status_lines

LIMIT_KEYS = ("core_lessons", "retrieved_lessons", "request_lessons", "file_lessons", "budget_tokens",
              "session_max_lessons", "max_stored", "max_in_force", "recovery_max_reflections", "recovery_max_seconds",
              "auto_reflect_daily_max")


def nudge_state_path() -> Path:
    from altimate_learn.nudge import state_path

    return state_path()


def dismiss_nudge() -> Path:
    """Turn the learning reminder off for every project (altimate-code reads the same file)."""
    from altimate_learn.nudge import dismiss

    return dismiss()


def fix_hint(key: str, source: str, want: bool) -> str:
    """How to change a setting where it actually comes from (the env var, or the file that sets it)."""
    if source.startswith("env "):
        var = source[len("env "):]
        return f"unset {var} (or set it to {1 if want else 0})"
    if source.startswith("inline config env:"):
        return f"set learn.{key} to {json.dumps(want)} in ${source[len('inline config env:'):]}"
    for label in ("project config ", "user config ", "custom config ", "config folder "):
        if source.startswith(label):
            return f"set learn.{key} to {json.dumps(want)} in {source[len(label):]}"
    return f"set learn.{key} to {json.dumps(want)} in the project config"


def hook_status(root: Path) -> dict[str, dict[str, Any]]:
    """Agent → {"installed": bool, "files": [files holding learn's hooks]}. Read-only and cheap: reads the
    project and user settings files `learn install` writes and looks for a command that runs learn's hook."""
    from altimate_learn.harness import HARNESSES
    from altimate_learn.harness.install import InstallOptions, harness_module, ours_present, settings_path

    result: dict[str, dict[str, Any]] = {}
    for harness in HARNESSES:
        found: list[str] = []
        commands: set[str] = set()
        try:
            module = harness_module(harness)
        except LearnError:
            result[harness] = {"installed": False, "files": [], "not_run": []}
            continue
        variants = [{"user": False}, {"user": True}] + ([{"local": True}] if harness == "claude-code" else [])
        for variant in variants:
            options = InstallOptions(harness, root, command="-", **variant)
            try:
                if harness == "opencode":
                    path = Path(module.plugin_path(options))
                    if module._ours(str(path)) is True:
                        found.append(str(path))
                    continue
                path = settings_path(module, options)
                data = _read_settings_json(path)
                ours = ours_present(data, harness) if data is not None else None
                if ours:
                    found.append(str(path))
                    commands.update(c for cs in ours.values() for c in cs)
            except (LearnError, OSError, AttributeError, KeyError):
                continue  # an unreadable or unusual file: not evidence of our hooks
        if harness == "claude-code":  # learn's plugin, enabled in Claude Code (review49 R49-6)
            from altimate_learn.harness.claude_plugin import enabled

            try:
                plugin = enabled(root)
            except (LearnError, OSError):
                plugin = None
            if plugin is not None:
                found.append(str(plugin[0]))
                commands.update(plugin[1])
        if harness == "claude-code":  # a linked worktree: Claude Code runs the main checkout's --local hooks
            from altimate_learn.harness.check import main_checkout_local

            main = main_checkout_local(InstallOptions(harness, root, command="-"))
            try:
                data = _read_settings_json(main) if main is not None else None
            except OSError:
                data = None
            if main is not None and data is not None and ours_present(data, harness) and str(main) not in found:
                found.append(str(main))
        not_run: list[str] = []
        notes: list[str] = []
        if found and hasattr(module, "agent_problems"):  # installed, but will the agent run them? (as doctor asks)
            try:
                not_run, notes = module.agent_problems(root, sorted(commands))
            except Exception:  # noqa: BLE001 - `learn doctor` reports what cannot be read
                not_run, notes = [], []
        # sessions started in a subfolder, which ran without the hooks (Claude Code: review48 R48-3; Gemini CLI, whose
        # other notes, such as a folder not asked about yet, are not about such sessions: review49 R49-4)
        from altimate_learn.harness.claude_subfolder import STARTED_ONLY

        elsewhere = [note for note in notes if STARTED_ONLY in note] \
            if hasattr(module, "sessions_without_hooks") and not not_run else []
        result[harness] = {"installed": bool(found), "files": found, "not_run": not_run,
                           "missing": missing_interpreters(commands) if found else [], "elsewhere": elsewhere}
    return result


def missing_interpreters(commands: set[str]) -> list[str]:
    """The absolute programs learn's hook commands start with that no longer exist (a virtual environment moved or
    deleted after `learn install`): the agent's shell finds nothing, and the guard (`|| true`) keeps that quiet.
    No subprocess: `status` stays cheap; `learn doctor` and `install --check` run the commands."""
    import shlex

    missing: list[str] = []
    for command in sorted(commands):
        try:
            argv = shlex.split(command)
        except ValueError:
            continue
        if argv and Path(argv[0]).is_absolute() and not Path(argv[0]).exists() and argv[0] not in missing:
            missing.append(argv[0])
    return missing


def _read_settings_json(path: Path) -> dict | None:
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, IsADirectoryError, UnicodeDecodeError):
        return None
    from altimate_learn.config import strip_jsonc

    for candidate in (text, strip_jsonc(text)):
        try:
            data = loads_document(candidate)
        except ValueError:
            continue
        return data if isinstance(data, dict) else None
    return None


def hook_lines(hooks: dict[str, dict[str, Any]], root: Path) -> list[str]:
    """What `enable` and `status` say about hooks: who has them, or the next step when nobody does."""
    installed = [h for h, v in hooks.items() if v["installed"]]
    if not installed:
        return ["Hooks: none installed for this project, so nothing is captured or delivered live.",
                "  Next: `learn install claude-code --local` (or codex / gemini / opencode)."]
    shown = []
    for harness in installed:
        files = []
        for f in hooks[harness]["files"]:
            try:
                files.append(str(Path(f).relative_to(root)))
            except ValueError:
                files.append(f)
        skipped = f", but {harness} does not run them yet" if hooks[harness].get("not_run") else ""
        if hooks[harness].get("missing"):
            skipped = ", but they cannot run"
        shown.append(f"{harness} ({', '.join(files)}{skipped})")
    lines = ["Hooks installed: " + "; ".join(shown) + "."]
    for harness in installed:  # the interpreter the hooks name is gone: the agent runs nothing (review44 R44-5)
        missing = hooks[harness].get("missing") or []
        if missing:
            lines.append(f"  {harness}: its hooks run {', '.join(missing)}, which no longer exists (a virtual "
                         "environment moved or deleted), so nothing is delivered or captured. Fix: `learn install "
                         f"{harness}` again (with --user or --local as you installed them) from the learn you use now.")
    for harness in installed:  # what `learn doctor` says: the agent skips them, so nothing is delivered or captured
        if hooks[harness].get("not_run"):
            lines.append(f"  {harness}: " + " ".join(hooks[harness]["not_run"]) + " (`learn doctor` checks again)")
    for harness in installed:  # sessions started where the agent does not read the hooks (review48 R48-3)
        if hooks[harness].get("elsewhere"):
            lines.append(f"  {harness}: " + " ".join(hooks[harness]["elsewhere"]))
    return lines


def _preferred_clis(hooks: dict[str, dict[str, Any]]) -> list[str]:
    """The agent CLIs of the agents whose hooks this project has (the agent the user works with here)."""
    from altimate_learn.reflect.providers.agentcli import HARNESS_CLI

    return [HARNESS_CLI[h] for h, v in hooks.items() if v["installed"] and h in HARNESS_CLI]


_HOME_CONFIG = "~/.altimate-code/altimate-code.json"  # the home folder's config: it wins over the project's


def _shared_model_note(model: str, path: Path, root: Path) -> str | None:
    """After `learn enable --model <agent CLI>` in a git repository: the project config is committed with the lessons,
    so every teammate who pulls reflects with that CLI, on their own login, and fails without it (review40 R40-11)."""
    from altimate_learn import git
    from altimate_learn.reflect.providers.agentcli import AGENT_CLIS

    command = AGENT_CLIS.get(model.split("/", 1)[0])
    if command is None or git.toplevel(root) is None:
        return None
    try:
        shown = path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return None
    return (f"Note: {shown} is shared through git, so every teammate who pulls it reflects with {model}, on their own "
            f"login and plan; without the `{command}` command their runs fail and keep their signals open. To choose "
            f"it only for yourself, set learn.model in {_HOME_CONFIG} or ALTIMATE_LEARN_MODEL (either wins over the "
            "project's) and `learn enable --model builtin` here.")


def model_lines(choice: Any, *, next_step: bool = True) -> list[str]:
    """What `enable` and `status` say about the reflection model: which one, why, and what it costs."""
    if choice.model == "session":
        return [f"Reflection model: {choice.why}."]
    if choice.problem:
        if choice.source.startswith("learn.model from project config"):
            # the team's committed setting: `learn enable --model NAME` would change it for everyone who pulls, and a
            # teammate without that agent CLI was told only that (review40 R40-11)
            return [f"Reflection model: {choice.model} ({choice.source}) cannot be used now: {choice.problem}.",
                    "  Reflections fail and keep their signals open until it is fixed. The project's config is shared "
                    f"through git: to use another model yourself, set ALTIMATE_LEARN_MODEL=NAME (where it is set) or "
                    f"learn.model in {_HOME_CONFIG} (every project of yours); either wins over the project's. "
                    "`learn enable --model NAME` changes it for everyone who pulls."]
        return [f"Reflection model: {choice.model} ({choice.source}) cannot be used now: {choice.problem}.",
                "  Reflections fail and keep their signals open until it is fixed; `learn enable --model NAME` "
                "chooses another."]
    if choice.source != "default":
        return [f"Reflection model: {choice.model}, {choice.why} ({choice.source})."]
    lines = [f"Reflection model: builtin, the offline reflector (no model call, no cost): {choice.why}."]
    if choice.suggestion:
        from altimate_learn.reflect.choice import how_it_runs

        lines.append(f"  Agent CLIs on PATH: {', '.join(choice.agent_clis)}. learn would use {choice.suggestion}, "
                     f"{how_it_runs(choice.suggestion)}.")
        if next_step:
            lines.append(f"  To use it: `learn enable --model {choice.suggestion}`.")
    else:
        lines.append("  To reflect with a model, set an API key (ANTHROPIC_API_KEY, OPENAI_API_KEY, ...) or install "
                     "an agent CLI (claude, codex, gemini, opencode), then run `learn enable --model NAME`.")
    return lines


def _checked_model(value: str, root: Path) -> str:
    """``value`` when reflection can use it now; else the one-line error of the model that cannot be used."""
    from altimate_learn.reflect.providers import BUILTIN, SESSION_AGENT, make_chat_model, split_model
    from altimate_learn.reflect.providers.agentcli import installed_clis

    text = value.strip()
    provider, _ = split_model(text)
    if provider == BUILTIN:
        return BUILTIN
    if provider == SESSION_AGENT:
        if not installed_clis():
            raise LearnError("model 'agent' cannot be used: no agent CLI (claude, codex, gemini, opencode) is on PATH.",
                             "Install one, or choose another model.")
        return SESSION_AGENT
    resolved = load_settings(root, Path.cwd())
    make_chat_model(text, providers=resolved.values.get("providers") or {})
    return text


def enable(
    model: Annotated[str | None, typer.Option(
        "--model", "-m", metavar="MODEL", help="Also record the model reflection uses (learn.model): an agent CLI "
        "you already use (claude-code, codex, gemini-cli, opencode, or e.g. claude-code/sonnet), provider/model, "
        "agent (the CLI of each session's own agent) or builtin.", show_default=False)] = None,
    as_json: JsonOpt = False,
) -> None:
    """Turn on capture and automatic reflection for this project (writes the project config), and say which
    model reflection will use.

    The project is the git repository you are in; outside one, the nearest folder with .altimate-code/
    (named on stderr), never your home folder; with neither, it refuses and says how to mark the project.
    """
    paths = writing_project()
    from altimate_learn.harness.install import sweep_killed_writes

    sweep_killed_writes(paths.root)  # what a killed `learn install` left beside the agents' settings files
    _clear_the_pulls_way(paths)
    updates: dict[str, Any] = {"capture": True, "auto_reflect": True}
    if model is not None:
        updates["model"] = _checked_model(model, paths.root)  # an unusable model stops here, before any write
    path = write_project_keys(paths.root, updates, Path.cwd())
    ensure_learn_dir(paths)
    try:
        dismiss_nudge()
    except LearnError as exc:  # the settings are written; the reminder is a nicety (altimate-code logs it too)
        warn(f"the learning reminder was not dismissed: {exc.message}")
    report = Report(as_json, config_file=str(path), written={f"learn.{k}": v for k, v in updates.items()})
    if model is not None:
        report.line(f"Learning enabled: learn.capture and learn.auto_reflect set to true, learn.model to "
                    f"{json.dumps(updates['model'])} in {path}.")
        shared = _shared_model_note(str(updates["model"]), Path(path), paths.root)
        if shared:
            report.line(shared)
    else:
        report.line(f"Learning enabled: learn.capture and learn.auto_reflect set to true in {path}.")
    from altimate_learn.team.setup import install as setup_git

    git_lines = setup_git(paths.root, quiet_outside_git=True)
    for line in git_lines:
        report.line(line)
    report.data["git"] = git_lines
    report.line("Continual learning: when a session goes idle, the learner reads every exchange since its last run "
                "(learn.continual_learning; `learn pause` stops it for this project, `learn run --now` runs it now).")
    resolved = load_settings(paths.root, Path.cwd())
    from altimate_learn.learner.state import direct_targets_note

    direct = direct_targets_note(list(resolved.values["learning_targets"]))
    if direct:  # spec 002: the learner's own block in an instruction file is not staged for `learn promote`
        report.line(direct.strip())
        report.data["direct_targets_note"] = direct.strip()
    hooks = hook_status(paths.root)
    for line in hook_lines(hooks, paths.root):
        report.line(line)
    _say_model(paths, resolved, hooks, report)
    blockers, hints = [], []
    for key in ("enabled", "capture"):
        if not resolved.values[key]:
            blockers.append(f"learn.{key} is false (from {resolved.sources[key]})")
            hints.append(fix_hint(key, resolved.sources[key], True))
    if blockers:
        hint = "; ".join(hints)
        raise LearnError(
            "capture is still off: " + "; ".join(blockers) + ".",
            f"To turn it on, {hint}, then run `learn status`.",
        )
    if not resolved.values["auto_reflect"]:
        report.line(f"Note: automatic reflection stays off (learn.auto_reflect from "
                    f"{resolved.sources['auto_reflect']}).")
    report.emit(enabled=True, capture=True, auto_reflect=bool(resolved.values["auto_reflect"]),
                hooks={h: v["installed"] for h, v in hooks.items()})


def _clear_the_pulls_way(paths: Any) -> None:
    """Before `enable` writes anything: learn's files that would stop `git pull` (untracked copies of the upstream's,
    or ones the upstream has that enable would write first): :func:`altimate_learn.team.setup.clear_the_pulls_way`."""
    from altimate_learn.team.setup import _gitattributes, clear_the_pulls_way

    clear_the_pulls_way(paths.root, [project_config_target(paths.root, Path.cwd()), paths.gitignore,
                                     _gitattributes(paths.root)[0]], "learn enable")


def _say_model(paths: Any, resolved: Any, hooks: dict[str, dict[str, Any]], report: Report) -> None:
    """The model lines of `enable`; with nothing configured, offer the agent CLI found on PATH (recorded only
    on an interactive yes, never asked under --json; otherwise the command that records it)."""
    from altimate_learn.reflect.choice import model_choice

    choice = model_choice(resolved, preferred_clis=_preferred_clis(hooks))
    offer = choice.source == "default" and choice.model == "builtin" and bool(choice.suggestion)
    ask = offer and is_interactive() and not report.as_json
    for line in model_lines(choice, next_step=not ask):
        report.line(line)
    if choice.source == "default" and choice.model == "builtin" and resolved.auto_reflect_on:
        # "builtin … no cost" here, then the first automatic run, started by Claude Code's hook whose environment
        # holds ANTHROPIC_API_KEY, used the session's model on that key (review35 R35-16): say so before it happens
        report.line("  Automatic runs started by an agent's hooks see that agent's environment: with a provider's "
                    "API key there, they use the session's own model on that key. `learn enable --model builtin` "
                    "keeps every run offline.")
    if ask and typer.confirm(f"Reflect with {choice.suggestion}?", default=False):
        path = write_project_keys(paths.root, {"model": choice.suggestion}, Path.cwd())
        echo(f"learn.model set to {json.dumps(choice.suggestion)} in {path}; `learn enable --model builtin` undoes it.")
        choice = model_choice(load_settings(paths.root, Path.cwd()), preferred_clis=_preferred_clis(hooks))
    report.data["model_choice"] = choice.to_json()


def disable(as_json: JsonOpt = False) -> None:
    """Stop capture and automatic reflection. Deletes nothing; approved lessons are still delivered."""
    from altimate_learn import git

    paths = writing_project()
    # the person's own uncommitted edits of the team's file, before learn's (review28 R28-3)
    own_edits = git.committed_and_changed(paths.root, project_config_target(paths.root, Path.cwd()))
    path = write_project_keys(paths.root, {"capture": False, "auto_reflect": False}, Path.cwd())
    ensure_learn_dir(paths)
    report = Report(as_json, config_file=str(path), written={"learn.capture": False, "learn.auto_reflect": False})
    report.line(f"Learning disabled: learn.capture and learn.auto_reflect set to false in {path}.")
    report.line("Nothing was deleted. Approved lessons are still delivered; set learn.enabled to false "
                "(or ALTIMATE_LEARN=0) to stop that too.")
    shared = git.committed_and_changed(paths.root, Path(path))
    if shared:  # a teammate following "Removing learn" would turn learning off for the whole team (trial29 T29-3)
        undo = (f"put learn's two settings back (`git checkout -p HEAD -- {shared}` restores only the hunks you choose; a "
                "plain `git checkout HEAD --` would also drop your own uncommitted edits of the file)"
                if own_edits == shared else f"restore the file (`git checkout HEAD -- {shared}`)")
        note = (f"Note: {shared} is committed, so committing this change turns learning off for every teammate who "
                f"pulls it. To turn it off only for yourself, {undo} and set ALTIMATE_LEARN_CAPTURE=0 and "
                "ALTIMATE_LEARN_AUTO=0 in your environment.")
        report.line(note)
        report.data["shared_note"] = note
    resolved = load_settings(paths.root, Path.cwd())
    if resolved.values["capture"]:
        raise LearnError(f"capture is still on (from {resolved.sources['capture']}).",
                         "Change or unset that setting.")
    report.emit(capture=False, auto_reflect=bool(resolved.values["auto_reflect"]),
                delivery=bool(resolved.values["enabled"]))


def _read_lessons(store: Store, filename: str, problems: list[str]) -> list[dict[str, Any]] | None:
    """The lessons of ``filename`` (None: absent, or unreadable, with the reason added to ``problems``)."""
    try:
        return store.read_lessons(filename)
    except StoreError as exc:
        problems.append(str(exc))
        return None


def _count(lessons: list[dict[str, Any]] | None) -> int | None:
    return None if lessons is None else len(lessons)


def _waiting_review(approved: list[dict[str, Any]] | None, candidate: list[dict[str, Any]] | None) -> dict[str, int]:
    """Lessons the candidate adds, edits and removes against approved.json."""
    from altimate_learn.review.model import diff_lessons

    if candidate is None:
        return {"added": 0, "edited": 0, "removed": 0, "harmful": 0}
    diff = diff_lessons(approved or [], candidate)
    # a HARMFUL mark waits for review as a lesson does (`learn reject` discards it): a candidate holding only one read
    # "nothing waiting for review" (review40, the R39-20 residue)
    harmful = sum(1 for change in diff.counters if change.changes.get("harmful", (0, 0))[1] >
                  change.changes.get("harmful", (0, 0))[0])
    return {"added": len(diff.added), "edited": len(diff.edited), "removed": len(diff.removed), "harmful": harmful}


def waiting_phrase(waiting: dict[str, int]) -> str:
    """"3 new, 1 edited waiting for review (`learn show`)", or "nothing waiting for review"."""
    parts = [f"{waiting[k]} {word}" for k, word in (("added", "new"), ("edited", "edited"), ("removed", "to retire"),
                                                    ("harmful", "marked harmful")) if waiting.get(k)]
    if not parts:
        return "nothing waiting for review"
    return f"{', '.join(parts)} waiting for review (`learn show`, then `learn promote`)"


def _budget(paths: Any, resolved: Any) -> dict[str, Any]:
    from altimate_learn.reflect.budget import budget_status

    return budget_status(paths.local_dir, int(resolved.values["auto_reflect_daily_max"]))


def budget_line(budget: dict[str, Any]) -> str:
    """The cost guard in one line of `learn status`."""
    if budget["limit"] == 0:
        return "  automatic model runs: none allowed (learn.auto_reflect_daily_max=0)"
    full = "; the limit is reached, the rest waits for tomorrow" if budget["left"] == 0 else ""
    return (f"  automatic model runs today: {budget['used']} of {budget['limit']} "
            f"(learn.auto_reflect_daily_max){full}")


def collect_status(name: str) -> dict[str, Any]:
    from altimate_learn.cli.common import open_existing_store
    from altimate_learn.store.layout import layout
    from altimate_learn.reflect.choice import model_choice

    paths = current_project()
    # a config file that cannot be read, or an invalid value: show what the hooks do meanwhile, with each problem
    # first (review13 R13-33, review14 R14-15)
    from altimate_learn.cli.common import reading_settings, settle_capture

    resolved, unreadable = reading_settings(paths)
    store = open_existing_store(name)  # reads only: creates no folder, .gitignore or lock
    settle_capture(paths)
    problems: list[str] = []
    approved_lessons = _read_lessons(store, Store.APPROVED, problems)
    approved = _count(approved_lessons)
    fallback = _delivery_fallback(store) if problems and _unusable(store.path(Store.APPROVED)) else None
    candidate_lessons = _read_lessons(store, Store.CANDIDATE, problems)
    candidate = _count(candidate_lessons)
    # read once: what promote would change, only when both files can be read
    for_review = _waiting_review(approved_lessons, candidate_lessons) if not problems else None
    _read_lessons(store, Store.RETIRED, problems)  # an unreadable retired.json is named in the problems
    from altimate_learn.store.legacy_playbook import unimported

    problems += unimported(store)
    signals, skipped = store.signals()
    open_signals = [s for s in signals if s["status"] == "open"]
    from altimate_learn.capture.unlearned import waiting
    from altimate_learn.reflect.schedule import load_schedule

    waits = waiting(store)
    try:
        schedule = load_schedule(store, repair=False)  # reads only: nothing is moved aside
    except StoreError as exc:
        problems.append(str(exc))
        schedule = {}
    last = schedule.get("last_reflection") if isinstance(schedule.get("last_reflection"), dict) else None
    hooks = hook_status(paths.root)
    from altimate_learn.gates.report import stale_by_store, store_gates

    gates = store_gates(store)
    from altimate_learn.tidy.counts import set_counts

    try:
        approved_now = store.approved()
    except LearnError:  # an unreadable approved.json is reported with the lesson counts
        approved_now = []
    # retired here (retired.json) or by a teammate (the committed retired/<id>.json that came by git), less the
    # lessons a teammate's side of a merge kept approved
    counts = set_counts(store, approved_now, gates["held_out"], int(resolved.values["max_in_force"]))
    from altimate_learn.team.resolve import pending_lines
    from altimate_learn.team.retirements import teammate_replacements
    from altimate_learn.team.overruled import overruled

    merge = pending_lines(paths) if problems else []
    limits, core_waiting = _limits(paths, resolved)
    return {
        "merge": merge,
        "unfinished_merge": _unfinished_merge(paths, merge),
        "replaced_by_teammates": [{"id": old["id"], "by": new["id"]}
                                  for old, new in teammate_replacements(store, approved_now)],
        "overruled": [item.as_dict() for item in overruled(store, approved_now)],
        "gates": {"quarantined": len(gates["quarantined"]), "stale": len(gates["stale"]),
                  "quarantine_unreadable": gates["quarantine_unreadable"],
                  "unvetted": len(gates["unvetted"]),
                  # delivery reads every store: stale lessons of the others are held out too
                  "stale_in_other_stores": {n: c for n, c in stale_by_store(paths).items() if n != name},
                  # quarantined by the hooks' background re-vet (nobody ran a command): [{id, at}]
                  "quarantined_by_hooks": [{"id": q["id"], "at": q.get("at")} for q in gates["quarantined"]
                                           if q.get("via") == "background re-vet"]},
        "set": counts,
        "project_root": str(paths.root),
        # no repository and no .altimate-code/ at or above: no folder is the project yet, and `learn enable` refuses
        # here (review35 R35-12)
        "project_found": _project_found(),
        "store": name,
        "store_path": str(store.dir),
        "enabled": bool(resolved.values["enabled"]),
        "capture": resolved.capture_on,
        "auto_reflect": resolved.auto_reflect_on,
        "model": resolved.values["model"],
        "model_choice": model_choice(resolved, preferred_clis=_preferred_clis(hooks)).to_json(),
        "settings": {k: {"value": resolved.values[k], "source": resolved.sources[k]} for k in KEYS},
        "lessons": {"approved": approved or 0, "candidate": candidate, "retired": counts["retired"],
                    # what `learn promote` would change: the candidate holds the approved lessons too, so its size
                    # alone read as that many new lessons (review34 trip list)
                    "waiting": for_review},
        "versions": len(store.versions()),
        "promote_interrupted": _promote_interrupted(store),
        "signals": {"open": len(open_signals), "consumed": len(signals) - len(open_signals),
                    "skipped_lines": skipped, "waiting": len(waits),
                    "waiting_corrections": sum(1 for w in waits if w.signal.get("kind") != "tool_retry")},
        "pending_sessions": sorted({s["sessionID"] for s in open_signals}),
        "last_reflection": last,
        "backoff_until": schedule.get("backoff_until"),
        "auto_reflect_budget": _budget(paths, resolved),
        "limits": limits,
        "core_waiting": core_waiting,
        "config_files": [str(p) for p in resolved.files],
        "warnings": [w for w in resolved.unknown if w not in resolved.invalid] + problems,
        "hooks": {h: v["installed"] for h, v in hooks.items()},
        "hooks_not_run": {h: v["not_run"] for h, v in hooks.items() if v.get("not_run")},
        "hooks_missing_interpreter": {h: v["missing"] for h, v in hooks.items() if v.get("missing")},
        "hooks_not_run_in_subfolders": {h: v["elsewhere"] for h, v in hooks.items() if v.get("elsewhere")},
        "delivery_fallback": fallback,
        "config_unreadable": unreadable,
        "git_merge": merge_setup(paths.root, name).as_dict(),
        "worktree": layout(store),
        "learner": learner_status(paths, resolved) | {"last_automatic_start": _last_learner_log(store)},
        "agent_memories": _agent_memories(store, problems),
    }


def overruled_lines(items: list[dict[str, Any]], shown: int = 3) -> list[str]:
    """`learn status` and `learn doctor`'s lines on rules this clone rejected that the team approved since (or
    retired, for a rejected removal): :mod:`altimate_learn.team.overruled`."""
    from altimate_learn.review.text import shown as safe
    from altimate_learn.team.overruled import Overruled, line

    if not items:
        return []
    out = [f"overruled by the team: {plural(len(items), 'rule')} you rejected {'was' if len(items) == 1 else 'were'} "
           "approved (or retired) by a teammate since:"]
    for item in items[:shown]:
        rejection = {"id": item["rejected_id"], "at": item["rejected_at"], "kind": item["kind"],
                     "text": item["text"], **({"reason": item["reason"]} if item.get("reason") else {})}
        lesson = {"id": item["id"], "text": item["text"], **({"reason": item["their_reason"]}
                                                             if item.get("their_reason") else {})}
        out.append("  " + safe(line(Overruled(rejection, lesson, item["by"], item["date"], item["commit"]))))
    if len(items) > shown:
        out.append(f"  … and {len(items) - shown} more (`learn show` lists them)")
    return out


def _promote_interrupted(store: Store) -> str | None:
    """When a promote was killed after it wrote approved.json (its note is still there: the next `learn promote`
    finishes it, review.gate.finish_interrupted): the time it started ("" when unknown); None otherwise."""
    try:
        note = store.read_json(Store.PROMOTE_PENDING)
    except LearnError:
        return None
    if not isinstance(note, dict):
        return None
    return note.get("at") if isinstance(note.get("at"), str) else ""


def _unfinished_merge(paths, said: list[str]) -> list[str]:
    """The files of an unfinished merge (:func:`altimate_learn.team.resolve.unfinished_files`) that the merge lines
    (``said``) do not name: one `learn resolve` merges as data alone (the same lesson retired by two teammates: its
    `retired/<id>.json`), and instruction files with a conflict inside learn's block."""
    from altimate_learn.team.resolve import unfinished_files

    return [shown for shown in unfinished_files(paths) if not any(line.startswith(f"{shown}:") for line in said)]


def _limits(paths, resolved) -> tuple[dict[str, Any], int]:
    """The limits as delivery applies them, and how many core lessons wait for a file: ``core_lessons`` is the core
    tier a session starts with at most (left at its default in a store of more lessons than ``session_max_lessons``,
    a quarter of that cap unless more are pinned, and of those the unpinned ones scoped to a folder come with the
    first file there instead; what `learn doctor` counts), the others as set."""
    limits = {k: resolved.values[k] for k in LIMIT_KEYS}
    waiting = 0
    try:
        from altimate_learn.gates.doctor import delivered_core

        limits["core_lessons"], waiting = delivered_core(paths, resolved)
    except Exception:  # noqa: BLE001 - an unreadable store is reported with the lesson counts; the setting stands
        pass
    return limits, waiting


def _last_learner_log(store: Store) -> dict[str, Any] | None:
    """The newest line the hooks' learner wrote to `<store>/state/reflect.log` (why it did not run, or what it
    did), or None. Reads the file's end only; a torn or foreign line is skipped."""
    from altimate_learn.reflect import LOG_FILE

    path = store.local_dir / "state" / LOG_FILE
    try:
        with open(path, "rb") as handle:
            handle.seek(0, 2)
            handle.seek(max(0, handle.tell() - 65536))
            tail = handle.read().decode("utf-8", errors="replace").splitlines()
    except OSError:
        return None
    for raw in reversed(tail):
        try:
            entry = json.loads(raw)
        except ValueError:
            continue
        if isinstance(entry, dict) and entry.get("mode") == "learner":
            return {k: entry.get(k) for k in ("at", "status", "message", "error")}
    return None


def _unusable(path: Path) -> bool:
    """Delivery skips a whole approved.json only when it is not a JSON array (see deliver.index)."""
    from altimate_learn.jsonsafe import loads_document

    try:
        return not isinstance(loads_document(path.read_bytes().decode("utf-8")), list)
    except FileNotFoundError:
        return False
    except (OSError, ValueError):
        return True


def _delivery_fallback(store: Store) -> dict[str, Any] | None:
    """When approved.json cannot be read: the last good set the hooks deliver instead (see deliver.lastgood)."""
    from altimate_learn.gates.doctor import fallback

    return fallback(store)


def _agent_memories(store: Store, problems: list[str]) -> dict[str, int] | None:
    """How many of the agents' own memories of this repository wait for review (None: unknown)."""
    from altimate_learn.history.memory_import import pending

    try:
        return pending(store)
    except Exception as exc:  # status must show, whatever an agent's memory folder holds
        problems.append(f"agent memories could not be counted: {exc}")
        return None


def _next_start(at: object) -> str:
    """When the hooks may start the learner again after a start at ``at`` (at most one per project every
    ``LEARN_SPACING`` seconds): a person who typed the message that makes it due reads "2 typed messages so far"
    until then (review39 R39-12)."""
    from datetime import datetime, timedelta

    from altimate_learn.harness.live_capture import LEARN_SPACING

    try:
        when = datetime.fromisoformat(str(at).replace("Z", "+00:00")) + timedelta(seconds=LEARN_SPACING)
    except ValueError:
        return "the agent's next event, or now with `learn run --now`"
    stamp = when.isoformat(timespec="seconds").replace("+00:00", "Z")
    return f"the agent's next event after {stamp}, or now with `learn run --now`"


def _project_found() -> bool:
    """A git repository or a folder with .altimate-code/ (not the home folder's) holds the current folder."""
    from altimate_learn.store.paths import locate_project

    where = locate_project(Path.cwd())
    return where.in_git or (where.marked and where.root != Path.home().resolve())


def status(name: NameOpt = "team-playbook", as_json: JsonOpt = False) -> None:
    """Show whether learning is on, where each setting came from, lesson and signal counts, and limits; where
    each kind of file lives (in a git worktree: approved.json on this branch, local state in the main
    checkout) and whether this branch's approved set differs from the default branch's."""
    from altimate_learn.store.layout import status_lines as layout_lines

    info = collect_status(name)
    if as_json:
        print_json(info)
        return
    s = info["settings"]
    for problem in info["config_unreadable"]:
        echo(f"Config: {problem}")
    root = Path(info["project_root"])
    if not info["project_found"]:
        # "off for this project (next: `learn enable`)" sent a person to a command that refuses here (review35 R35-12)
        echo(f"Learning: no project here: {root} is not in a git repository and no folder at or above it has "
             ".altimate-code/. Run learn inside your project's repository, or make this folder the project with "
             "`git init` (or `mkdir .altimate-code`), then `learn enable`.")
        return
    hooks = hook_status(root)
    installed = [h for h, v in hooks.items() if v["installed"]]
    if not info["enabled"]:
        echo(f"Learning: DISABLED (learn.enabled false, from {s['enabled']['source']}).")
        echo(f"  Nothing is delivered or captured. Re-enable: {fix_hint('enabled', s['enabled']['source'], True)}, "
             "then `learn enable` to capture.")
    elif not installed:
        # lessons reach an agent only through its hooks: "enabled" alone, before `learn install`, reads as if
        # they already did (and before `learn enable`, as if corrections were captured)
        if info["capture"]:
            echo("Learning: enabled, but no agent has learn's hooks, so nothing is delivered or captured yet "
                 "(next: `learn install claude-code --local`)")
        else:  # "enabled" next to "run `learn enable`" read as a contradiction to a new user (review8 R8-8a)
            echo("Learning: off for this project: nothing is captured and no agent has learn's hooks "
                 "(next: `learn enable`, then `learn install claude-code --local`)")
    elif not any(not hooks[h].get("not_run") and not hooks[h].get("missing") for h in installed):  # none runs them
        echo(f"Learning: enabled, but {', '.join(installed)} {'does' if len(installed) == 1 else 'do'} not run "
             "learn's hooks yet, so nothing is delivered or captured (see Hooks below)")
    elif info["capture"]:
        echo("Learning: enabled")
    else:
        # `learn.enabled` alone only lets approved lessons be delivered: a new user who sees a bare "enabled" here
        # before running `learn enable` believes corrections are already being captured.
        echo(f"Learning: enabled for delivery only (approved lessons reach {', '.join(installed)} through "
             f"{'its' if len(installed) == 1 else 'their'} hooks; nothing is captured)")
    on = lambda v: "on" if v else "off"  # noqa: E731
    echo(f"  capture:      {on(info['capture'])}  (learn.capture={json.dumps(s['capture']['value'])} "
         f"from {s['capture']['source']})")
    echo(f"  auto-reflect: {on(info['auto_reflect'])}  (learn.auto_reflect={json.dumps(s['auto_reflect']['value'])} "
         f"from {s['auto_reflect']['source']})")
    if info["enabled"] and not info["capture"] and not info["config_unreadable"]:
        echo("  Run `learn enable` to capture corrections from your sessions.")
    from altimate_learn.reflect.choice import ModelChoice

    choice = ModelChoice.from_json(info["model_choice"])
    for line in model_lines(choice):
        echo(f"  {line}")
    used = (info.get("learner") or {}).get("last_auto_model")
    if choice.model == "builtin" and choice.source == "default" and used and used != "builtin":
        # the hooks' learner sees the agent's environment (its API key), not this shell's
        echo(f"  The last automatic run (started by an agent's hook) used {used}: the hooks' learner uses the "
             "session's own model when the agent's environment has its API key. `learn enable --model builtin` "
             "keeps every run offline; `learn enable --model NAME` chooses one.")
    for line in hook_lines(hooks, root):
        echo(line)
    echo(f"Store '{info['store']}': {info['store_path']}")
    for line in layout_lines(info["worktree"]):
        echo(line)
    les = info["lessons"]
    if les.get("waiting") is not None:
        cand = waiting_phrase(les["waiting"])
    else:
        cand = "none in candidate" if les["candidate"] is None else f"{les['candidate']} in candidate"
    if les["candidate"] is None and Path(info["store_path"], Store.CANDIDATE).exists():
        cand = "the candidate unreadable (`learn reject` sets it aside)"  # review12 R12-12
    approved = f"{les['approved']} approved"
    if info["delivery_fallback"] is not None:  # conflict markers, or a file that does not parse: not "0 approved"
        approved = ("approved.json cannot be read until the merge is finished (below)" if info["merge"]
                    else "approved.json cannot be read (below)")
    echo(f"  lessons: {approved}, {cand}, {les['retired']} retired; "
         f"{plural(info['versions'], 'archived version')}")
    replaced = info["replaced_by_teammates"]
    if replaced:
        named = ", ".join(f"{r['id']} by {r['by']}" for r in replaced[:3])
        more = f" and {len(replaced) - 3} more" if len(replaced) > 3 else ""
        echo(f"  replaced by teammates: {named}{more} (`learn show` lists them)")
    for line in overruled_lines(info["overruled"]):
        echo(f"  {line}")
    if info["promote_interrupted"] is not None:
        when = f" (started {info['promote_interrupted']})" if info["promote_interrupted"] else ""
        echo(f"  promote interrupted{when}: `learn promote` finishes it and records it in the history.")
    for line in info["merge"]:
        echo(f"  {line}")
    if info["unfinished_merge"]:
        from altimate_learn.team.resolve import unfinished_line

        echo(f"  {unfinished_line(info['unfinished_merge'])}.")
    from altimate_learn.tidy.counts import line as set_line

    fallback = info["delivery_fallback"]
    # approved.json cannot be read (a merge not finished): its count would say "0 in force" while the hooks
    # deliver the last good set (trial18)
    echo("  set: not counted until approved.json can be read (delivery below)" if fallback is not None
         else f"  set: {set_line(info['set'])}")
    if fallback and fallback["from"]:
        echo(f"  delivery: approved.json cannot be read, so the hooks deliver the last good set instead: "
             f"{plural(fallback['lessons'], 'lesson')} from {fallback['from']}.")
    elif fallback:
        echo("  delivery: approved.json cannot be read and no last good set was found: this store delivers "
             "nothing until it is fixed.")
    gates = info["gates"]
    if gates.get("quarantine_unreadable"):
        echo(f"  quarantine: {gates['quarantine_unreadable']} The lessons it held are not known as quarantined until "
             "it is fixed by hand or removed.")
    if gates["quarantined"]:
        echo(f"  quarantined: {gates['quarantined']} (failed the vet, never delivered; `learn quarantine list` lists them)")
        by_hooks = gates["quarantined_by_hooks"]
        if by_hooks:
            newest = max((str(q["at"]) for q in by_hooks if q.get("at")), default=None)
            when = f", newest at {newest}" if newest else ""
            echo(f"    {len(by_hooks)} of them set aside by the hooks' background re-vet after the instruction files "
                 f"changed ({', '.join(q['id'] for q in by_hooks[:5])}{when}): their removal is staged in the "
                 "candidate; if the vet was wrong, `learn quarantine release ID --force`")
    if gates["stale"]:
        echo(f"  stale: {gates['stale']} (instructions changed; held out of delivery until re-vetted: the hooks' "
             "next capture does it, `learn vet` does it now)")
    if gates["stale_in_other_stores"]:
        others = ", ".join(f"{n} ({c})" for n, c in gates["stale_in_other_stores"].items())
        echo(f"  stale in other stores: {others} (held out of delivery too; `learn vet` re-vets every store)")
    sig = info["signals"]  # unreadable lines: the Warning line says them once, with the file and what to do
    echo(f"  signals: {sig['open']} open in {plural(len(info['pending_sessions']), 'session')}, "
         f"{sig['consumed']} consumed")
    if sig["waiting"]:
        from altimate_learn.capture.unlearned import waiting_line

        echo(f"  {waiting_line(sig['waiting'], sig['waiting_corrections'])}")
    memories = info["agent_memories"]
    if memories and memories["memories"]:
        from altimate_learn.history.memory_import import status_line

        echo(f"  agent memories: {status_line(memories)}")
    last = info["last_reflection"]
    if last:
        outcome = "ok" if last.get("ok") else f"failed: {last.get('error', '?')}"
        echo(f"  last reflection: {last.get('at', '?')} ({outcome}) {last.get('summary', '')}".rstrip())
    else:
        echo("  last reflection: none")
    if info["backoff_until"]:
        echo(f"  next automatic retry after {info['backoff_until']}")
    echo(budget_line(info["auto_reflect_budget"]))
    for line in learner_lines(info["learner"]):
        echo(line)
    auto = (info.get("learner") or {}).get("last_automatic_start")
    if auto and auto.get("status") in ("off", "paused", "not-due", "idle-timeout", "busy", "capped", "error"):
        why = auto.get("message") or auto.get("error") or auto.get("status")
        echo(f"  last automatic start: {auto.get('at', '?')}: {why}")
        if auto.get("status") == "not-due":
            echo(f"  (what was typed since is counted at the next automatic start: {_next_start(auto.get('at'))})")
    for line in status_lines(merge_setup(root, info["store"])):
        echo(line)
    limits = [f"{k}={v}" for k, v in info["limits"].items()]
    core = info["settings"]["core_lessons"]["value"]
    waiting = info.get("core_waiting") or 0
    if waiting:  # unpinned core lessons of a folder wait for its first file (select.core_waits)
        limits[0] += (f" at session start (learn.core_lessons {core}, left at its default: in a store of more lessons "
                      f"than session_max_lessons, a quarter of it unless more are pinned; {waiting} more, scoped to "
                      "a folder, come with the first file there; set it to have them all at the start)")
    elif info["limits"]["core_lessons"] != core:  # the default's share of a large store (select.core_limit)
        limits[0] += (f" (learn.core_lessons {core}, left at its default: in a store of more lessons than "
                      "session_max_lessons, a quarter of it unless more are pinned; set it to have more)")
    echo("Limits: " + ", ".join(limits))
    for problem in info["warnings"]:
        echo(f"Warning: {problem}")


nudge_app = typer.Typer(help="The learning reminder.", no_args_is_help=True)


@nudge_app.command("off", cls=LearnCommand)
def nudge_off(as_json: JsonOpt = False) -> None:
    """Turn the learning reminder off for every project."""
    path = dismiss_nudge()
    report = Report(as_json, dismissed=True, state_file=str(path))
    report.line(f"Learning reminder turned off ({path}).")
    report.emit()


def register(app: typer.Typer) -> None:
    app.command("enable", cls=LearnCommand)(enable)
    app.command("disable", cls=LearnCommand)(disable)
    app.command("status", cls=LearnCommand)(status)
    app.add_typer(nudge_app, name="nudge")
