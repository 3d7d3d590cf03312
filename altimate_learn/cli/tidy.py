"""`learn tidy` and `learn undo`."""

from __future__ import annotations

from typing import Annotated

import typer

from altimate_learn.cli.common import DEFAULT_NAME, JsonOpt, LearnCommand, NameOpt, echo, open_existing_store, print_json
from altimate_learn.cli.gates import TimeoutOpt, _chat, _quoted

ModelOpt = Annotated[str | None, typer.Option(
    "--model", "-m", metavar="PROVIDER/MODEL", help="Model for the re-vet, the merges, rewording and the denser "
                                                    "graduated block, e.g. openai/gpt-4.1-mini, or builtin for the "
                                                    "offline steps only. Default: learn.model, else offline.",
    show_default=False)]


def tidy_command(
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Print the plan and both diffs; write nothing.")] = False,
    model: ModelOpt = None,
    timeout: TimeoutOpt = 120.0,
    as_json: JsonOpt = False,
    name: NameOpt = DEFAULT_NAME,
) -> None:
    """Get the approved set back in order: re-vet stale and never-vetted lessons, merge related ones, reword a
    lesson people keep repeating, graduate proven lessons into the instruction files' marked block (AGENTS.md,
    CLAUDE.md, GEMINI.md), drain a set over learn.max_in_force, and rewrite the graduated block denser. Up to 5
    passes, all in memory, every file written once; `learn undo` restores them."""
    from altimate_learn.english import plural
    from altimate_learn.tidy.run import tidy

    result = tidy(open_existing_store(name), chat=_chat(model), timeout=timeout, dry_run=dry_run)
    if as_json:
        print_json(result.to_json())
        return
    revet = result.revet
    if revet["checked"]:
        echo(f"Re-vetted {plural(revet['checked'], 'lesson')} ({result.by}): {revet['restamped']} re-stamped, "
             f"{revet['quarantined']} quarantined.")
    for item in result.quarantined:
        echo(f"QUARANTINED {item['id']} {_quoted(item['text'])}: {item['reason']}.")
    for item in result.merged:
        echo(f"MERGED {', '.join(item['covers'])} into {item['id']}: {_quoted(item['text'])}.")
    for item in result.rewritten:
        echo(f"REWORDED {item['id']}: {_quoted(item['text'])} (was {_quoted(item['was'])}).")
    for item in result.retired:
        if not item["reason"].startswith("merged into"):
            echo(f"RETIRED {item['id']} {_quoted(item['text'])}: {item['reason']}.")
    for item in result.graduated:
        echo(f"NOW PERMANENT {item['id']} {_quoted(item['text'])} ({item['why']}).")
    for entered in result.entered:
        echo(f"ENTERED {entered} from outside the cap.")
    for note in result.notes:
        echo(f"Note: {note}")
    if result.still_over:
        over = result.still_over
        from altimate_learn.tidy.counts import RAISE_OR_RETIRE

        echo(f"Still {over['over']} over the cap, and that is as far as tidying up can take it: "
             f"{over['protected']} are a person's, pinned or repeated, {over['young']} are less than 14 days old, "
             f"{over['different']} say different things. They stay in force, delivered when relevant; {RAISE_OR_RETIRE}.")
    if dry_run:
        for path, diff in result.diffs.items():
            echo(diff.rstrip("\n"))
        echo(f"Plan: {result.summary()}. Nothing was written (--dry-run).")
        return
    if not result.files:
        echo(f"Nothing to tidy: {plural(result.after, 'lesson')} in force (max_in_force {result.max_in_force}).")
        return
    echo(f"Done: {result.summary()}.")
    echo(f"Wrote {', '.join(result.files)}. Undo with `learn undo`.")


def undo_command(
    as_json: JsonOpt = False,
    name: NameOpt = DEFAULT_NAME,
) -> None:
    """Undo the last `learn tidy`: every file it changed gets its bytes back. Refuses, naming the file, when one
    changed since."""
    from altimate_learn.tidy.run import undo

    done = undo(open_existing_store(name))
    if as_json:
        print_json(done)
        return
    restored = ", ".join(done["restored"]) or "nothing (the files already held their old bytes)"
    echo(f"Undid the tidy of {done['tidy_at']}: restored {restored}.")


def register(app: typer.Typer) -> None:
    app.command("tidy", cls=LearnCommand, help="Re-vet, merge, graduate proven lessons into AGENTS.md/CLAUDE.md and "
                                               "drain the approved set to learn.max_in_force (--dry-run: the plan "
                                               "and diffs only); `learn undo` restores it.")(tidy_command)
    app.command("undo", cls=LearnCommand, help="Undo the last `learn tidy`, byte for byte.")(undo_command)
