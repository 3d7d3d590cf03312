"""`learn bootstrap` and `learn import-reviews`: seed candidate lessons from history.

Both print their scope first and ask before anything is sent to a model; outside a terminal they need
`--yes` (or `--dry-run`, which sends nothing and changes nothing).
"""

from __future__ import annotations

from typing import Annotated

import typer

from altimate_learn.cli.common import LearnCommand, DEFAULT_NAME, JsonOpt, NameOpt, echo, is_interactive, open_store, print_json, \
    settings, warn

def _check_since(value: str) -> str:
    """A bad --since is a usage error (exit 2), like any other malformed flag."""
    from altimate_learn.errors import LearnError
    from altimate_learn.history.common import parse_since

    try:
        parse_since(value)
    except LearnError as exc:
        raise typer.BadParameter(f"{exc.message} {exc.hint or ''}".strip().removeprefix("--since "),
                                 param_hint="--since") from None
    return value


def _check_repo(value: str | None) -> str | None:
    import re

    # owner/name, or a repository URL (checked when it is resolved)
    if value is not None and not re.fullmatch(r"\s*[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+\s*", value) \
            and not re.match(r"\s*(?:[a-z+]+://|git@|(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)+/)", value, re.I):
        raise typer.BadParameter(f"must be owner/name (for example my-org/my-repo), not '{value}'.",
                                 param_hint="--repo")
    return value


SinceOpt = Annotated[str, typer.Option(
    "--since", metavar="DURATION|DATE", help="A duration (30d, 24h, 4w) or an ISO date.", show_default=True,
    callback=_check_since)]
ModelOpt = Annotated[str | None, typer.Option(
    "--model", "-m", metavar="PROVIDER/MODEL",
    help="Model to reflect with (provider/model, or an agent CLI: claude-code, codex, gemini-cli, opencode). "
         "Default: learn.model, else the built-in offline reflector.", show_default=False)]
YesOpt = Annotated[bool, typer.Option("--yes", "-y", help="Confirm sending the displayed scope (needed outside a terminal).")]
DryRunOpt = Annotated[bool, typer.Option("--dry-run", help="Print the scope and the redacted items; send nothing, change nothing.")]
MaxReflectionsOpt = Annotated[int, typer.Option(
    "--max-reflections", min=0, metavar="N", help="Maximum reflection batches; 0 imports signals only (no model).")]


def _confirm(question: str) -> bool:
    return typer.confirm(question, default=False)


def _confirm_on_stderr(question: str) -> bool:
    """With --json the question goes to stderr, so stdout stays one JSON document."""
    return typer.confirm(question, default=False, err=True)


def import_reviews(
    repo: Annotated[str | None, typer.Option(
        "--repo", metavar="OWNER/NAME", help="GitHub repository (owner/name or its URL). Default: the project's "
                                             "GitHub `origin` remote.",
        show_default=False, callback=_check_repo)] = None,
    since: SinceOpt = "30d",
    limit: Annotated[int, typer.Option("--limit", min=1, max=1000, metavar="N", help="Maximum merged pull requests to inspect.")] = 50,
    include_bots: Annotated[bool, typer.Option("--include-bots", help="Keep comments from bots (overrides every bot filter).")] = False,
    any_author: Annotated[bool, typer.Option(
        "--any-author", help="Keep reviewers who are not owners, members or collaborators.")] = False,
    bots: Annotated[str | None, typer.Option(
        "--bots", metavar="A,B", help="Extra bot logins to drop (also learn.review_bots).", show_default=False)] = None,
    model: ModelOpt = None,
    yes: YesOpt = False,
    dry_run: DryRunOpt = False,
    max_reflections: MaxReflectionsOpt = 20,
    json_out: JsonOpt = False,
    name: NameOpt = DEFAULT_NAME,
) -> None:
    """Seed candidate lessons from human review comments on merged GitHub pull requests.

    Token: GITHUB_TOKEN, GH_TOKEN, else `gh auth token`. API: GITHUB_API_URL, else the host's default.
    Drops bots, the PR's author, non-members, late, agent-written, trivial, retracted and duplicate
    comments, commands to bots ("@coderabbitai resolve"), acknowledgements ("Done, fixed in 3fa2b1c."), and
    anything already imported. A rate-limit pause saves the cursor and exits 75 (`--json`: `paused_until`):
    rerun after that time to continue after the last finished PR. GitHub failing partway exits 75 too
    (`--json`: `failed`): what was finished is kept; rerun to continue.
    """
    from altimate_learn.history.review_import import ImportReviewsOptions, run

    store = open_store(name)
    options = ImportReviewsOptions(
        repo=repo, since=since, limit=limit, include_bots=include_bots, any_author=any_author,
        bots=[b.strip() for b in (bots or "").split(",") if b.strip()], model=model, yes=yes, dry_run=dry_run,
        max_reflections=max_reflections)
    result = run(options, store=store, settings=settings(store.project), out=echo if not json_out else warn_out,
                 warn=warn, interactive=is_interactive(), confirm=_confirm_on_stderr if json_out else _confirm)
    if json_out:
        print_json(result.to_dict())
    if result.paused_until or result.failed:  # what was finished is kept, but the import is not complete: a script must tell
        raise typer.Exit(PAUSED)


PAUSED = 75  # sysexits' EX_TEMPFAIL: a temporary failure, try again later (docs/files.md, "Exit codes")


def warn_out(text: str) -> None:
    """With --json, human-readable progress goes to stderr so stdout stays one JSON document."""
    typer.echo(text, err=True)


def bootstrap(
    since: SinceOpt = "30d",
    limit: Annotated[int, typer.Option("--limit", min=1, metavar="N", help="Maximum root sessions to inspect.")] = 200,
    model: ModelOpt = None,
    yes: YesOpt = False,
    dry_run: DryRunOpt = False,
    max_reflections: MaxReflectionsOpt = 20,
    max_seconds: Annotated[int, typer.Option(
        "--max-seconds", min=1, metavar="SECONDS", help="Total time budget after confirmation.")] = 300,
    json_out: JsonOpt = False,
    name: NameOpt = DEFAULT_NAME,
) -> None:
    """Seed candidate lessons from this project's past agent sessions (every harness).

    Finds the corrections and repeated tool failures live capture would have recorded in root sessions
    created within --since, shows them, asks, then reflects. Rerun to finish pending reflections and
    continue with older sessions; sessions already imported add no signals.
    """
    from altimate_learn.history.bootstrap import BootstrapOptions, run

    store = open_store(name)
    options = BootstrapOptions(since=since, limit=limit, model=model, yes=yes, dry_run=dry_run,
                               max_reflections=max_reflections, max_seconds=max_seconds)
    result = run(options, store=store, settings=settings(store.project), out=echo if not json_out else warn_out,
                 interactive=is_interactive(), confirm=_confirm_on_stderr if json_out else _confirm)
    if json_out:
        print_json(result.to_dict())


def register(app: typer.Typer) -> None:
    app.command("bootstrap", cls=LearnCommand)(bootstrap)
    app.command("import-reviews", cls=LearnCommand)(import_reviews)
