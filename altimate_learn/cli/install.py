"""`learn install <agent>`: write (or remove, or check) the agent's hook configuration."""

from __future__ import annotations

from typing import Annotated

import typer

from altimate_learn.cli.common import JsonOpt, LearnCommand, Report, current_project, writing_project
from altimate_learn.errors import LearnError


def install(
    agent: Annotated[str, typer.Argument(help="claude-code, codex, gemini or opencode; or git (the merge "
                                         "driver for lesson files).", show_default=False)],
    user: Annotated[bool, typer.Option("--user", help="The user-level settings file instead of the project's.")]
    = False,
    local: Annotated[bool, typer.Option("--local", help="claude-code only: .claude/settings.local.json (not "
                                        "committed) instead of .claude/settings.json.")] = False,
    uninstall: Annotated[bool, typer.Option("--uninstall", help="Remove learn's hook entries (only ours).")] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Print the change; write nothing.")] = False,
    check: Annotated[bool, typer.Option("--check", help="Report where the hooks are installed, whether their "
                                        "command is safe and whether it runs.")] = False,
    on_path: Annotated[bool, typer.Option("--on-path", help="Write `learn hook <agent>` found on each machine's "
                                          "PATH instead of this machine's Python: for a settings file your team "
                                          "commits.")] = False,
    plugin: Annotated[bool, typer.Option("--plugin", help="claude-code only: write the hooks as a Claude Code "
                                         "plugin in .altimate-code/claude-plugin/ (a one-plugin marketplace to "
                                         "commit; teammates add it with `claude plugin marketplace add`) instead "
                                         "of a settings file; --check and --uninstall then act on it.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Add learn's hooks to an agent's settings, so approved lessons reach it and corrections are captured.

    Writes .claude/settings.json (claude-code), .codex/hooks.json (codex), .gemini/settings.json (gemini)
    or the plugin .opencode/plugins/altimate-learn.js (opencode) in the project, or the user-level file with
    --user. Other settings and hooks are kept byte for byte, the previous file is copied to
    .altimate-code/learn/.backups/ (a user-level file: <file>.bak-<time>), and running it twice changes
    nothing. The hooks run this machine's Python by absolute path, isolated from the project folder and
    PYTHONPATH; --on-path writes `learn hook <agent>` instead, for teammates (a project file your team
    committed in that form keeps it, and --local or --user add nothing while those hooks run here). --check
    looks in every settings file the agent reads. Outside a git repository the project is the nearest folder with
    .altimate-code/ (named), or it refuses. claude-code --plugin writes the hooks as a Claude Code plugin
    instead (.altimate-code/claude-plugin/).

    Every project install also sets git up so lesson files merge as data (what `learn install git` does
    alone): a block in .gitattributes, and learn's merge driver in this clone's git config.
    """
    from altimate_learn.harness.check import run_check
    from altimate_learn.harness.install import InstallOptions, run_install

    if agent == "git":
        return _install_git(user=user, local=local, uninstall=uninstall, dry_run=dry_run, check=check,
                            as_json=as_json)

    if user and local:
        raise typer.BadParameter("--user and --local name different files; pass one.", param_hint="--local")
    if check and (uninstall or dry_run):
        raise typer.BadParameter("--check only reports; it cannot be combined with --uninstall or --dry-run.",
                                 param_hint="--check")
    if on_path and (check or uninstall):
        raise typer.BadParameter("--on-path chooses the command to write; --check and --uninstall find any form.",
                                 param_hint="--on-path")
    if plugin:
        if agent != "claude-code":
            raise typer.BadParameter(f"--plugin is for claude-code; {agent} has no plugin of this kind.",
                                     param_hint="--plugin")
        if user or local:
            raise typer.BadParameter("--plugin writes a folder in the project; it takes neither --user nor --local.",
                                     param_hint="--plugin")
    # The user-level file needs no project; a project-level change (or its --dry-run preview) needs one.
    root = current_project().root if user or check else writing_project().root
    options = InstallOptions(agent, root, user=user, local=local, uninstall=uninstall, dry_run=dry_run,
                             on_path=on_path)
    action = "check" if check else "uninstall" if uninstall else "install"
    report = Report(as_json, agent=agent, action=action, dry_run=dry_run, scope="user" if user else
                    "local" if local else "project")
    if plugin:
        from altimate_learn.harness import claude_plugin

        report.data.update(plugin=str(root / claude_plugin.PLUGIN))
        if check:
            ok, lines = claude_plugin.check(options)
            for line in lines:
                report.line(line)
            report.data.update(ok=ok, messages=lines)
            if not ok:
                if as_json:
                    report.emit()
                    raise typer.Exit(1)
                raise LearnError("the learn plugin for claude-code is incomplete or its hooks do not run (see above).")
            report.emit()
            return
        lines = claude_plugin.install(options)
        for line in lines:
            report.line(line)
        report.emit(messages=lines)
        return
    if check:
        ok, lines = run_check(options)
        for line in lines:
            report.line(line)
        report.data.update(ok=ok, messages=lines, files=_hook_files(agent, root))
        if not ok:
            if as_json:  # the report is the answer; the exit code says it failed
                report.emit()
                raise typer.Exit(1)
            if lines and lines[0].endswith("will not run them:"):  # installed and working: the agent skips them
                # (review48: it ended with "not installed or do not run" after saying they are installed and work)
                raise LearnError(f"{agent} will not run learn's hooks until that is fixed (see above).")
            raise LearnError(f"learn hooks for {agent} are not installed or do not run (see above).")
        report.emit()
        return
    if not dry_run:
        from altimate_learn.harness.install import sweep_killed_writes

        sweep_killed_writes(root)
    if not (user or uninstall or dry_run):
        from altimate_learn.team.setup import _gitattributes, clear_the_pulls_way

        # the .gitattributes block written below would stop a pull that brings it (review38 R38-3)
        clear_the_pulls_way(options.root, [_gitattributes(options.root)[0]],
                            f"learn install {agent}{' --local' if local else ''}")
    lines = run_install(options)
    if uninstall:
        from altimate_learn.harness.install import shared_removal_note

        lines = [*lines, *shared_removal_note(options)]
    if not (user or uninstall or dry_run):
        from altimate_learn.team.setup import install as setup_git

        lines = [*lines, *setup_git(options.root)]
    for line in lines:
        report.line(line)
    report.emit(messages=lines, files=_hook_files(agent, root))


def _install_git(*, user: bool, local: bool, uninstall: bool, dry_run: bool, check: bool, as_json: bool) -> None:
    """`learn install git`: .gitattributes and the merge driver, for this clone."""
    from altimate_learn.team import setup

    if user or local:
        raise typer.BadParameter("git's merge driver is set up per repository; drop --user/--local.",
                                 param_hint="--user" if user else "--local")
    root = current_project().root
    from altimate_learn import git

    if git.toplevel(root) is None:
        raise LearnError(f"{root} is not in a git repository, so there is no merge to set up.",
                         "Run it inside the repository whose lessons you share (after `git init` or a clone).")
    action = "check" if check else "uninstall" if uninstall else "install"
    report = Report(as_json, agent="git", action=action, dry_run=dry_run, scope="project")
    if check:
        state = setup.merge_setup(root)
        lines = setup.status_lines(state) or ["Git: not a git repository."]
        for line in lines:
            report.line(line)
        report.data.update(ok=state.ok and state.repository, messages=lines, git_merge=state.as_dict())
        if not state.ok or not state.repository:
            if as_json:
                report.emit()
                raise typer.Exit(1)
            raise LearnError("lesson files do not merge as data in this clone (see above).")
        report.emit()
        return
    if not (uninstall or dry_run):
        setup.clear_the_pulls_way(root, [setup._gitattributes(root)[0]], "learn install git")  # review38 R38-3
    lines = setup.uninstall(root) if uninstall else setup.install(root, dry_run=dry_run)
    lines = [("(dry run) " if dry_run else "") + line for line in lines]
    for line in lines:
        report.line(line)
    report.emit(messages=lines)


def _hook_files(agent: str, root) -> list[str]:  # type: ignore[no-untyped-def]
    """The settings files that now hold learn's hooks for ``agent``."""
    from altimate_learn.cli.settings import hook_status

    return hook_status(root).get(agent, {}).get("files", [])


def register(app: typer.Typer) -> None:
    app.command("install", cls=LearnCommand)(install)
