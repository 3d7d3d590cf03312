"""`learn import-memories`: stage what the agents saved in their own memories as candidate lessons."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from altimate_learn.cli.common import (DEFAULT_NAME, JsonOpt, LearnCommand, NameOpt, echo, is_interactive, open_store,
                                       plural, settings)

AGENT_CHOICES = ("claude-code", "codex", "gemini", "all")
TYPE_CHOICES = ("feedback", "project", "user", "reference")


def _check_agent(value: str) -> str:
    if value not in AGENT_CHOICES:
        raise typer.BadParameter(f"must be one of {', '.join(AGENT_CHOICES)}, not '{value}'.", param_hint="--agent")
    return value


def _check_types(values: list[str] | None) -> list[str] | None:
    if not values:
        return None
    out: list[str] = []
    for value in values:
        for part in value.split(","):
            part = part.strip().lower()
            if part not in TYPE_CHOICES:
                raise typer.BadParameter(f"must be one of {', '.join(TYPE_CHOICES)}, not '{part}'.",
                                         param_hint="--type")
            out.append(part)
    return list(dict.fromkeys(out))


def import_memories(
    agent: Annotated[str, typer.Option(
        "--agent", metavar="AGENT", help="Whose memories: claude-code, codex, gemini or all.",
        callback=_check_agent, show_default=True)] = "all",
    types: Annotated[list[str] | None, typer.Option(
        "--type", metavar="TYPE", callback=_check_types, show_default=False,
        help="The memory types to import (repeatable, or comma-separated); naming any replaces the default, "
             "feedback,project: `--type feedback,project,user` adds user memories. User and reference memories are "
             "personal and come only when named (Gemini CLI's memories, private to you, are user memories); user "
             "memories go to your own git-ignored AGENTS.local.md (CLAUDE.local.md beside a CLAUDE.md), never to the "
             "team's candidate.")] = None,
    model: Annotated[str | None, typer.Option(
        "--model", "-m", metavar="PROVIDER/MODEL", show_default=False,
        help="Model that condenses memories too long for the offline rule extraction. Default: learn.model.")]
    = None,
    yes: Annotated[bool, typer.Option(
        "--yes", "-y", help="Send those memories (redacted) to the model without asking.")] = False,
    dry_run: Annotated[bool, typer.Option(
        "--dry-run", help="Show what would be staged; write nothing, send nothing.")] = False,
    json_out: JsonOpt = False,
    name: NameOpt = DEFAULT_NAME,
) -> None:
    """Stage the agents' own memories of this repository as candidate lessons.

    Reads Claude Code's auto memory, Codex's memories and Gemini CLI's memory files of this repository
    only (never writes there), and proposes each feedback or project memory to the curator like a
    reflection would: redacted, linted, deduplicated, contradictions flagged, with provenance. Nothing is
    approved: review with `learn show`, approve with `learn promote`. A second run adds nothing new.
    """
    from altimate_learn.errors import LearnError
    from altimate_learn.history.memory_import import AGENTS, import_memories as run
    from altimate_learn.history.reflecting import resolve

    store = open_store(name)
    resolved = settings(store.project)
    notes: list[str] = []
    try:
        resolution = resolve(model, resolved, dry_run=dry_run)
    except LearnError as exc:
        if model:
            raise
        resolution = None
        notes.append(f"learn.model is not usable ({exc.message.rstrip('.')}): condensing offline only")

    def consent(count: int, model_name: str) -> bool:
        if yes:
            return True
        if not is_interactive():
            notes.append(f"{plural(count, 'memory', 'memories')} too long to condense offline were not sent to "
                         f"{model_name}: pass --yes to send them")
            return False
        return typer.confirm(f"Send {plural(count, 'memory', 'memories')} (redacted) to {model_name} to condense "
                             "them into lessons?", default=False, err=json_out)

    agents = AGENTS if agent == "all" else (agent,)
    result = run(store, agents=agents, types=types, dry_run=dry_run, resolution=resolution, consent=consent,
                 max_stored=resolved.values.get("max_stored"))
    result.notes += notes
    if json_out:
        from altimate_learn.review.text import safe_json

        typer.echo(safe_json(result.to_json()))
        return
    for line in render(result, agents):
        echo(line)


def render(result: Any, agents: tuple[str, ...] | list[str]) -> list[str]:
    """The human-readable report (every memory-derived text escaped)."""
    from altimate_learn.capture.sessions._memory import AGENT_LABELS
    from altimate_learn.history.memory_import import no_paths
    from altimate_learn.review.text import shown

    lines = [f"Agent memories of this repository (store '{result.store}')"
             + (": dry run, nothing written or sent" if result.dry_run else "")]
    for agent in agents:
        folders = result.folders.get(agent) or []
        label = AGENT_LABELS[agent]
        lines.append(f"  {label}: " + (", ".join(shown(f) for f in folders) if folders else "no memory folder found"))
    lines.append("")
    if result.local:
        lines.append(f"  Where they go: team memories are staged in the candidate of store '{result.store}' for review; "
                     f"user memories (personal) go to {result.local}, your own file beside the project's, ignored by "
                     "git.")
        lines.append("")
    verbs = {"local": "personal", "would-write": "would write",
             "staged": "staged", "would-stage": "would stage", "would-replace": "would replace",
             "would-update": "would update", "updated": "updated", "replacement": "replaces",
             "merged": "merged", "refused": "refused", "conflict": "conflict", "waiting": "waiting"}
    unchanged = 0
    refused: list[str] = []  # unchanged since an import refused them: no lesson came of them (trial18)
    for outcome in result.outcomes:
        m = outcome.memory
        who = f"{m.label} '{shown(no_paths(m.name))}' ({shown(m.rel)})"  # as provenance names it (no checkout path)
        if outcome.status == "unchanged":
            if outcome.was == "conflict":  # still open: `learn status` counts it and points here (review39 R39-7)
                lines.append(f"  {verbs['conflict']:<11} {who}: {shown(outcome.reason)} (unchanged since it was "
                             "read)")
                continue
            if outcome.was == "refused":
                refused.append(f"{shown(m.rel)}: {shown(outcome.reason)}" if outcome.reason else shown(m.rel))
            else:
                unchanged += 1
            continue
        verb = f"{verbs.get(outcome.status, outcome.status):<11}"
        if outcome.status in ("local", "would-write"):
            extra = f"; {shown(outcome.reason)}" if outcome.reason else ""
            lines.append(f"  {verb} {shown(outcome.text or '')}")
            lines.append(f"  {'':<11} from {who}; {'to' if outcome.status == 'local' else 'would go to'} "
                         f"{result.local} (yours){extra}")
        elif outcome.status in ("staged", "updated", "replacement", "would-stage", "would-replace", "would-update"):
            ref = f"[{outcome.lesson}] " if outcome.lesson else ""
            lines.append(f"  {verb} {ref}{shown(outcome.text or '')}")
            extra = f"; {shown(outcome.reason)}" if outcome.reason else ""
            by = f", condensed by {outcome.by}" if outcome.by and outcome.by != "offline" else ""
            lines.append(f"  {'':<11} from {who}{by}{extra}")
        else:
            lines.append(f"  {verb} {who}: {shown(outcome.reason)}")
    if unchanged:
        lines.append(f"  {plural(unchanged, 'memory', 'memories')} already imported and unchanged")
    if refused:
        shown_refused = "; ".join(refused[:3]) + (f"; {len(refused) - 3} more" if len(refused) > 3 else "")
        lines.append(f"  {plural(len(refused), 'memory', 'memories')} refused before and unchanged ({shown_refused})")
    for gone in result.deleted:
        label = AGENT_LABELS.get(gone.get("agent") or "", gone.get("agent"))
        lesson = f"; its lesson {gone['lesson']} stays: `learn retire {gone['lesson']}` stages its removal" if gone.get("lesson") else (
            "; its bullet stays in your AGENTS.local.md (or CLAUDE.local.md): remove it there if it no longer holds"
            if gone.get("bullet") else "")
        lines.append(f"  {'deleted':<11} {label}'s memory '{shown(gone.get('name') or '')}' "
                     f"({shown(gone.get('file') or '')}) is gone{lesson}")
    for skipped in result.skipped:
        lines.append(f"  {'skipped':<11} {AGENT_LABELS.get(skipped.agent, skipped.agent)} {shown(skipped.rel)}: "
                     f"{shown(skipped.reason)}")
    if result.personal:
        parts = [plural(n, f"{kind} memory", f"{kind} memories") for kind, n in result.personal.items()]
        # --type names every type to import (it replaces the default): the ones imported now and these
        wanted = ",".join(dict.fromkeys([*result.types, *result.personal]))
        why = "personal; " if set(result.personal) <= {"user", "reference"} else ""
        where = "; user memories go to your own AGENTS.local.md" if "user" in result.personal else ""
        lines.append(f"  Not imported: {', '.join(parts)} ({why}pass --type {wanted} to import them too{where}).")
    for note in [*result.notes, *([result.model_note] if result.model_note else [])]:
        lines.append(f"  Note: {shown(note)}")
    lines.append("")
    lines.append(summary(result))
    return lines


def summary(result: Any) -> str:
    order = ("would-stage", "would-replace", "would-update", "staged", "updated", "replacement", "merged", "waiting",
             "conflict", "refused")
    names = {"would-stage": ("would be staged",) * 2, "replacement": ("replacement", "replacements"),
             "would-replace": ("would replace its lesson", "would replace their lessons"),
             "would-update": ("would update its staged lesson", "would update their staged lessons")}
    parts = [plural(result.count(s), *names.get(s, (s, s))) for s in order if result.count(s)]
    if result.written_locally:
        parts.append(f"{result.written_locally} {'would be ' if result.dry_run else ''}written to {result.local} "
                     "(personal)")
    if result.deleted:
        parts.append(f"{len(result.deleted)} deleted")
    if result.skipped:
        parts.append(f"{len(result.skipped)} skipped")
    if not parts:
        if result.outcomes:
            return "Nothing new to import."
        # personal memories were found and left out (said above): "no memories found" would deny them (trial24)
        return "Nothing to import by default." if result.personal else "No memories of this repository found."
    text = "Summary: " + ", ".join(parts) + "."
    if result.dry_run:  # a memory that is gone only is reported; nothing is staged for it (trial30)
        staging = result.written_locally or any(result.count(s) for s in ("would-stage", "would-replace",
                                                                          "would-update"))
        return text + (" Run without --dry-run to stage them." if staging else " Nothing would be staged.")
    if result.added:
        return text + " Review with `learn show`, approve with `learn promote`."
    return text


def register(app: typer.Typer) -> None:
    app.command("import-memories", cls=LearnCommand)(import_memories)
