"""`learn resolve` and `learn merge-driver`: committed lesson files merge as data when teammates promote."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from altimate_learn.cli.common import JsonOpt, LearnCommand, current_project, echo, plural, print_json, shown_path
from altimate_learn.errors import LearnError


def merge_driver(
    base: Annotated[str, typer.Argument(metavar="BASE", help="git's %O: the common ancestor's version.")],
    ours: Annotated[str, typer.Argument(metavar="OURS", help="git's %A: our version; the result is written here.")],
    theirs: Annotated[str, typer.Argument(metavar="THEIRS", help="git's %B: their version.")],
    path: Annotated[str, typer.Argument(metavar="PATH", help="git's %P: the file's path in the repository.")],
    marker_size: Annotated[int, typer.Option("--marker-size", metavar="N",
                                             help="git's %L: length of conflict markers.")] = 7,
    virtual_base: Annotated[bool, typer.Option("--virtual-base", help="Git's internal merge of several merge "
                                               "bases: settle every conflict with the base's version, exit 0.")]
    = False,
) -> None:
    """Git's merge driver for the files of a store (set up by `learn install git` or `learn enable`).

    Lessons merge by id: both sides' additions are kept, counters add up, tags unite; a text or trigger
    changed differently on both sides, or a lesson removed on one side and edited on the other, is a
    conflict: exit 1, a short report, and a file `learn resolve` finishes. JSONL lines unite.
    """
    from altimate_learn.team.driver import run_driver

    code = run_driver(base, ours, theirs, path, marker_size=marker_size, virtual_base=virtual_base)
    raise typer.Exit(code)


def resolve(
    paths: Annotated[list[Path] | None, typer.Argument(metavar="PATH", show_default=False,
                                                       help="Store files to resolve (default: every store "
                                                       "file with conflict markers or left unmerged).")] = None,
    ours: Annotated[bool, typer.Option("--ours", help="Settle conflicts with our side (during a rebase: the "
                                       "branch you rebase onto).")] = False,
    theirs: Annotated[bool, typer.Option("--theirs", help="Settle conflicts with their side (during a rebase: "
                                         "your commit).")] = False,
    both: Annotated[bool, typer.Option("--both", help="Keep both sides' rules as two lessons (ours under a new "
                                       "id when both have one id), when the gates let them stand together: not "
                                       "when they contradict or say the same thing.")] = False,
    lessons: Annotated[list[str] | None, typer.Option("--lesson", metavar="ID", show_default=False,
                                                      help="With --ours/--theirs/--both: only the conflicts of "
                                                      "these lessons (repeat for more).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Finish a merge of lesson files that git left with conflict markers (for example a merge made
    without learn's driver, or on GitHub's web editor), and of learn's blocks in instruction files.

    Merges the two sides by lesson id with the same rules as the merge driver, writes the result
    canonically and stages it. A conflict that needs a person (a text changed differently on both
    sides, a lesson removed on one side and edited on the other, two new lessons on one identifier) is
    settled by --ours or --theirs, or --both to keep both rules (checked against each other as the vet does);
    without them it stays marked in the file and the command exits 1. A conflict inside learn's
    block of an instruction file (AGENTS.md, CLAUDE.md, …: two teammates' learners each added a
    bullet) is merged bullet by bullet against the common version, keeping both sides' changes; the
    file is staged when nothing else in it conflicts (a bullet changed on both sides, or a block past
    its cap, is left for you, exit 1).
    """
    from altimate_learn.team.files import conflict_lines
    from altimate_learn.team.resolve import resolve_file, targets

    if ours + theirs + both > 1:
        raise typer.BadParameter("pass one of --ours, --theirs and --both.", param_hint="--theirs")
    if lessons and not (ours or theirs or both):
        raise typer.BadParameter("--lesson picks which conflicts --ours, --theirs or --both settles; pass one of "
                                 "them.", param_hint="--lesson")
    side = "ours" if ours else "theirs" if theirs else "both" if both else None
    project = current_project()
    files = list(paths or []) or targets(project)
    # the instruction files' learn blocks (two teammates' learners each added a bullet): both sides' bullets kept
    blocks = [] if paths else _instruction_blocks(project.root, as_json)
    if not files:
        if as_json:
            print_json({"ok": all(not merged.left for _, merged, _ in blocks), "files": [],
                        "instruction_files": [_block_json(path, merged, staged) for path, merged, staged in blocks]})
        elif not blocks:
            echo("Nothing to resolve: no store file has conflict markers or is left unmerged by git.")
        _blocks_left(blocks)
        if not as_json and any(staged for _, _, staged in blocks):
            _next_step()
        return
    outcomes = [resolve_file(Path(p).absolute(), side, lessons or []) for p in files]
    if as_json:
        print_json({"ok": all(o.status != "conflicts" and not o.problems for o in outcomes)
                    and all(not merged.left for _, merged, _ in blocks),
                    "files": [o.as_dict(shown_path(o.path)) for o in outcomes],
                    "instruction_files": [_block_json(path, merged, staged) for path, merged, staged in blocks]})
    else:
        for outcome in outcomes:
            shown = shown_path(outcome.path)
            result = outcome.result
            if outcome.status == "conflicts" and result is not None:
                echo(f"{shown}: {plural(len(result.conflicts), 'conflict')} left to choose "
                     f"(the rest merged, from {outcome.source}):")
                for conflict in result.conflicts:
                    for line in conflict_lines(conflict):
                        echo("  " + line)
            else:
                count = f": {plural(result.lessons, 'lesson')}" if result and result.lessons is not None else ""
                staged = "; staged" if outcome.staged else ""
                verb = "Resolved" if outcome.status == "resolved" else "Nothing to merge in"
                echo(f"{verb} {shown}{count} (from {outcome.source}){staged}.")
            for note in (result.notes if result else []):
                echo(f"  note: {note}")
            if outcome.kept_copy:
                echo(f"  the conflicted file is kept as {shown_path(outcome.kept_copy)}")
            for problem in outcome.problems:
                echo(f"  learn check: {problem}")
    left = [o for o in outcomes if o.status == "conflicts"]
    if left:
        first = next(c.ids[0] for o in left for c in (o.result.conflicts if o.result else []))
        count = sum(len(o.result.conflicts) for o in left if o.result)
        if any(note.startswith("--both left") for o in left for note in (o.result.notes if o.result else [])):
            # --both was just refused (the sides contradict or restate each other): offering it again sends the
            # person round in a circle (review35 R35-5)
            raise LearnError(f"{plural(count, 'conflict')} {'needs' if count == 1 else 'need'} a choice.",
                             "Run `learn resolve --ours` or `learn resolve --theirs`: the two sides cannot both stand "
                             f"(the note above says why; one lesson: add --lesson {first}).")
        raise LearnError(f"{plural(count, 'conflict')} {'needs' if count == 1 else 'need'} a choice.",
                         f"Run `learn resolve --ours` or `learn resolve --theirs`, or `--both` to keep both rules "
                         f"(one lesson: add --lesson {first}).")
    if any(o.problems for o in outcomes):
        raise LearnError("the merged lessons do not pass `learn check` (see above).",
                         "Fix them in the approved set (`learn tidy` folds rules that say the same; `learn retire "
                         "ID` removes one; or edit the file), run `learn check`, then commit.")
    _blocks_left(blocks)
    if not as_json and (any(o.staged for o in outcomes) or any(staged for _, _, staged in blocks)):
        _next_step()


def _next_step() -> None:
    from altimate_learn import git

    op = git.operation_in_progress(Path.cwd())
    nxt = {"rebase": "git rebase --continue", "cherry-pick": "git cherry-pick --continue",
           "revert": "git revert --continue"}.get(op or "", "git commit")
    echo(f"Next: `{nxt}`.")


def _instruction_blocks(root: Path, as_json: bool) -> list:
    """Settle the conflicts inside learn's blocks of instruction files (AGENTS.md, …) and say what was done."""
    from altimate_learn.instructions.block import resolve_conflicts

    done = resolve_conflicts(root)
    for path, merged, staged in done if not as_json else []:
        shown = shown_path(path)
        if merged.settled:
            kinds = ", ".join(f"{kind} ({plural(count, 'conflict')})" for kind, count in merged.settled.items())
            echo(f"Resolved learn's blocks in {shown}: {kinds}, both sides' changes kept"
                 + ("; staged." if staged else "."))
        for problem in merged.problems:
            echo(f"  {shown}: {problem}.")
        if merged.left:
            echo(f"  {shown}: {plural(merged.left, 'conflict')} left for you to settle; then `git add {shown}`.")
    return done


def _block_json(path: Path, merged, staged: bool) -> dict:
    return {"path": shown_path(path), "settled": merged.settled, "left": merged.left, "problems": merged.problems,
            "staged": staged}


def _blocks_left(blocks: list) -> None:
    left = sum(merged.left for _, merged, _ in blocks)
    if left:
        raise LearnError(f"{plural(left, 'conflict')} in instruction files {'needs' if left == 1 else 'need'} a person.",
                         "Settle them by hand (see above), `git add` the file, then commit.")


def register(app: typer.Typer) -> None:
    app.command("resolve", cls=LearnCommand)(resolve)
    app.command("merge-driver", cls=LearnCommand)(merge_driver)
