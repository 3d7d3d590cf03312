"""`learn doctor [--json]`: what the learned rules cost, what holds them back, and the fix for each."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from altimate_learn.cli.common import JsonOpt, LearnCommand, current_project, echo, plural, print_json, settings


def agents(root: Path) -> dict[str, dict[str, Any]]:
    """Each agent: are learn's hooks installed (and where), and do they run (`learn install --check`)."""
    from altimate_learn.cli.settings import hook_status
    from altimate_learn.errors import LearnError
    from altimate_learn.harness import claude_plugin
    from altimate_learn.harness.check import run_check
    from altimate_learn.harness.install import InstallOptions, harness_module

    out: dict[str, dict[str, Any]] = {}
    for harness, status in hook_status(root).items():
        entry: dict[str, Any] = {"installed": status["installed"], "files": status["files"], "works": None,
                                 "detail": []}
        if status["installed"]:
            works = True
            # the generic check reads every settings file the agent reads, the user's too: a second, user-only
            # check reported the user file twice (trial24); an agent with a check of its own gets both
            custom = hasattr(harness_module(harness), "check")
            for variant in ({"user": False}, {"user": True}) if custom else ({"user": False},):
                options = InstallOptions(harness, root, **variant)
                try:
                    ok, lines = run_check(options)
                except (LearnError, OSError) as exc:
                    ok, lines = False, [str(exc)]
                if any(line.startswith(("runs:", "FAILS:")) for line in lines) or ok:
                    works = works and ok
                    entry["detail"] += lines
            if harness == "claude-code" and any(f.endswith(str(claude_plugin.HOOKS)) for f in status["files"]):
                ok, lines = claude_plugin.check(InstallOptions(harness, root))  # learn's plugin, enabled (R49-6)
                works = works and ok
                entry["detail"] += lines
            entry["works"] = works
        out[harness] = entry
    return out


def duplicate_problems(paths: Any, names: list[str]) -> list[str]:
    """Approved lessons `learn tidy` would merge, per store (the same lines as `learn check`: review12 R12-2)."""
    import json

    from altimate_learn.review.check import duplicate_warnings

    out = []
    for store in names:
        folder = paths.learn_dir / store
        try:
            lessons = json.loads((folder / "approved.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # unreadable: collect() reports it
        if isinstance(lessons, list):
            good = [x for x in lessons if isinstance(x, dict) and isinstance(x.get("id"), str)
                    and isinstance(x.get("text"), str)]
            out += [f"store '{store}': {p.lesson}: {p.message}" for p in duplicate_warnings(good, folder)]
            out += trigger_problems(paths, store, good)
    return out


def trigger_problems(paths: Any, store: str, lessons: list[dict]) -> list[str]:
    """Approved lessons whose path trigger matches no file of the project (review14 R14-25; `learn check` lists the
    same as warnings)."""
    from altimate_learn.review.triggers import lesson_warnings, project_files

    if not any(isinstance(x.get("trigger"), dict) for x in lessons):
        return []
    return [f"store '{store}': {lesson_id}: path trigger {line}; no agent's file event reaches it"
            for lesson_id, line in lesson_warnings(lessons, project_files(paths.root))]


def lesson_block_problems(paths: Any, hooks: dict[str, dict[str, Any]]) -> list[str]:
    """A learn:lessons block that is stale, or that an agent with learn's hooks also reads (every lesson twice,
    two versions of a rule once the block is stale): review12 R12-5."""
    from altimate_learn.review.check import lesson_blocks, stale_blocks

    out = [f"{p.lesson}: {p.message}" for p in stale_blocks(paths)]
    for rel, _text, readers in lesson_blocks(paths):
        both = [agent for agent in readers if (hooks.get(agent) or {}).get("installed")]
        if both:
            out.append(f"{rel} has a learn:lessons block (`learn export agents-md`, for agents without hooks) and "
                       f"{', '.join(both)} also {'has' if len(both) == 1 else 'have'} learn's hooks: "
                       f"{'it gets' if len(both) == 1 else 'they get'} the lessons from both (the session-start "
                       "hook leaves out a lesson the block carries word for word, not an older wording). Keep one "
                       "channel: remove the block, or `learn install "
                       f"{both[0]} --uninstall`")
    return out


def doctor(
    name: Annotated[str | None, typer.Option("--name", metavar="NAME", help="Only this store (default: every "
                                                                             "store of the project).",
                                             show_default=False)] = None,
    as_json: JsonOpt = False,
) -> None:
    """What the learned rules cost per model request and session, what holds lessons back (stale, quarantined,
    outside the cap) with the fix for each, lessons by channel, the instruction and config files in force,
    which agents have learn's hooks and whether they run, and the store files. Warns about approved lessons
    `learn tidy` would merge, a stale learn:lessons block, and a block an agent with hooks also reads. Writes
    nothing."""
    from altimate_learn.gates.doctor import collect
    from altimate_learn.store.paths import validate_store_name

    paths = current_project()
    if name is not None:
        validate_store_name(name)
    from altimate_learn.cli.common import reading_settings

    resolved, config_problems = reading_settings(paths)  # an invalid value: what the hooks use (review14 R14-15)
    report = collect(paths, resolved, [name] if name else None)
    report["problems"] = [f"Config: {problem}" for problem in config_problems] + report["problems"]
    report["agents"] = agents(paths.root)
    report["problems"] += duplicate_problems(paths, [name] if name else paths.store_names())
    report["problems"] += lesson_block_problems(paths, report["agents"])
    from altimate_learn.store.paths import DEFAULT_STORE
    from altimate_learn.team.setup import merge_setup

    report["git_merge"] = merge_setup(paths.root, name or DEFAULT_STORE).as_dict()
    if as_json:
        print_json(report)
        return
    _render(report)


def _waiting(count: int) -> str:
    """Core lessons of a folder that wait for the first file there (:func:`altimate_learn.deliver.select.core_waits`):
    they are not in the session-start section."""
    if not count:
        return ""
    verb = "comes" if count == 1 else "come"
    return f"; {plural(count, 'more core lesson')}, scoped to a folder, {verb} with the first file there"


def _render(report: dict[str, Any]) -> None:
    t, les = report["tokens"], report["lessons"]
    echo(f"Project: {report['project_root']}" + ("" if report["enabled"] else "  (learning is DISABLED)"))
    echo(f"learned lessons: {_delivered(les)}; "
         f"~{t['per_request']:,} tokens/model request (the session-start section, {plural(t['core_lessons'], 'core lesson')}"
         f"{' and the learned notes' if (t.get('learned_notes') or {}).get('tokens') else ''}"
         f"{_waiting(t.get('core_waiting') or 0)}), "
         f"at most ~{t['per_session_max']:,} tokens in a session")
    learned = t.get("learned_notes") or {}
    if learned.get("tokens"):
        gone = ", ".join(f"{n} of {name}" for name, n in learned["left_out"].items())
        echo(f"  learned notes: {plural(learned['bullets'], 'bullet')} (~{learned['tokens']:,} tokens, counted in "
             f"the session start and learn.budget_tokens) for {', '.join(learned['agents'])}"
             + (f"; left out for the budget: {gone} (the files have them; `learn deliver --agent AGENT` shows "
                "what a session start gets)" if gone else ""))
    stale, quarantined, cap = report["stale"], report["quarantined"], report["outside_cap"]
    from altimate_learn.tidy.counts import line as set_line

    unreadable = les.get("unreadable") or []
    if unreadable:  # its set is unknown while the hooks deliver the last good set: never "0 in force" (trial29)
        names = ", ".join(f"'{item['store']}'" for item in unreadable)
        counted = f"{set_line(report['set'])}; " if les["approved"] else ""
        echo(f"  set: {counted}store {names} not counted until {'its' if len(unreadable) == 1 else 'their'} "
             "approved.json can be read (the hooks deliver the last good set meanwhile, above)")
    else:
        echo(f"  set: {set_line(report['set'])}")
    from altimate_learn.cli.settings import overruled_lines

    for line in overruled_lines(report.get("overruled") or []):
        echo(f"  {line}")
    if report.get("unfinished_merge"):
        from altimate_learn.team.resolve import unfinished_line

        echo(f"  {unfinished_line(report['unfinished_merge'])}.")
    if stale["count"]:
        echo(f"  {plural(stale['count'], 'lesson')} {'is' if stale['count'] == 1 else 'are'} stale: the instruction files "
             "changed since they were vetted. Held out of delivery until re-vetted: " + stale["fix"] + ".")
    if quarantined["count"]:
        echo(f"  {plural(quarantined['count'], 'lesson')} quarantined (failed the vet, never delivered):")
        for item in quarantined["items"]:
            echo(f"    [{item['store']}/{item['id']}] {item['text']} — {item['reason']}")
        echo(f"  Fix: {quarantined['fix']}.")
    if cap["count"]:
        echo(f"  {plural(cap['count'], 'lesson')} outside the cap (never delivered as the limits stand):")
        for fix in cap["fix"]:
            echo(f"    {fix}.")
    if cap.get("over_max_in_force_fix"):
        echo(f"  {cap['over_max_in_force_fix']}.")
    teammates = les.get("unvetted_from_teammates", 0)
    if les["unvetted"] - teammates:
        mine = les["unvetted"] - teammates
        echo(f"  {plural(mine, 'lesson')} not vetted in {'its' if mine == 1 else 'their'} current wording (delivered; "
             f"the next reflection or `learn vet` vets {'it' if mine == 1 else 'them'}).")
    if teammates:
        echo(f"  {plural(teammates, 'lesson')} from teammates, not vetted here (delivered; `learn vet` vets "
             f"{'it' if teammates == 1 else 'them'} against this clone's instruction files).")
    names = {"teammates": "from teammates (not vetted here)", "teammates-vetted": "from teammates (vetted here)"}
    channels = ", ".join(f"{names.get(k, k)}:{v}" for k, v in report["by_channel"].items()) or "none"
    echo(f"by channel: {channels}")
    instructions = report["instructions"]
    echo(f"instruction files (hash {instructions['hash']}):" if instructions["files"] else
         "instruction files: none found (AGENTS.md, CLAUDE.md, GEMINI.md, …)")
    for f in instructions["files"]:
        how = f" ({f['via']})" if f.get("via") else ""
        state = f"{f['bytes']:,} bytes" if f["ok"] else f"NOT READ: {f['problem']}"
        echo(f"  {f['path']} [{', '.join(f['agents'])}]{how}: {state}")
    for note in instructions["problems"]:
        if not any(note.startswith(f["path"] + " ") for f in instructions["files"]):
            echo(f"  {note}")
    for f in instructions["personal"]:
        echo(f"  {f['path']} [{', '.join(f['agents'])}]: personal, not vetted against")
    echo("config files: " + (", ".join(report["config_files"]) or "none"))
    from altimate_learn.harness.claude_subfolder import STARTED_ONLY

    echo("agents:")
    for harness, entry in report["agents"].items():
        if not entry["installed"]:
            echo(f"  {harness}: no learn hooks (`learn install {harness}` adds them)")
            continue
        trust = _not_run(entry["detail"])
        works = ("working" if entry["works"] else f"NOT RUN: {trust}" if trust else
                 "NOT WORKING: run `learn install " + harness + "` to repair")
        echo(f"  {harness}: hooks in {', '.join(entry['files'])}, {works}")
        if not entry["works"]:
            for line in entry["detail"]:
                if line != trust:
                    echo(f"    {line}")
        else:  # working, but in more than one settings file (trial24), or an opencode plugin another learn wrote
            for line in entry["detail"]:
                if line.startswith(("Note: the hooks are installed in ", "Note: the plugin ")) or \
                        STARTED_ONLY in line:  # Claude Code / Gemini CLI started in a subfolder (R48-3, R49-4)
                    echo(f"    {line}")
    from altimate_learn.team.setup import MergeSetup, status_lines

    merge = report["git_merge"]
    for line in status_lines(MergeSetup(**{k: merge[k] for k in ("repository", "attributes", "driver", "runs")})):
        echo(line)
    for store in report["stores"]:
        files = ", ".join(f"{f['name']} {f['bytes']:,} B" for f in store["files"]) or "no files"
        echo(f"store '{store['name']}': {files}")
    for problem in report["problems"]:
        echo(f"Warning: {problem}")


def _not_run(detail: list[str]) -> str | None:
    """The first reason the agent will not run hooks that work (Codex: a project not trusted, hooks not trusted or
    turned off), from `learn install --check`'s lines; None when that is not the problem. Reinstalling fixes none of
    them, so doctor says that reason, never "run `learn install` to repair" (trial30: an untrusted project)."""
    heads = [n for n, line in enumerate(detail) if line.rstrip().endswith("will not run them:")]
    if not heads:
        return None
    return next((line for line in detail[heads[0] + 1:] if not line.startswith("runs:")), None)


def _delivered(les: dict[str, Any]) -> str:
    """How many approved lessons the hooks can deliver; a store whose approved.json cannot be read is named
    with the last good set the hooks deliver instead (never "4 of 0 approved")."""
    unreadable = les.get("unreadable") or []
    stand_in = sum(item["lessons"] for item in unreadable if item.get("from"))
    parts = []
    if les["approved"] or not unreadable:
        parts.append(f"{max(0, les['deliverable'] - stand_in)} of {les['approved']} approved can be delivered")
    for item in unreadable:
        head = f"store '{item['store']}': approved.json cannot be read"
        if item.get("from"):
            parts.append(f"{head}; the hooks deliver {plural(item['lessons'], 'lesson')} from {item['from']} until it "
                         "is fixed (see the warning below)")
        else:
            parts.append(f"{head} and no last good set was found: it delivers nothing until it is fixed")
    return "; ".join(parts)


def register(app: typer.Typer) -> None:
    app.command("doctor", cls=LearnCommand)(doctor)
