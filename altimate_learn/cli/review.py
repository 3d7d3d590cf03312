"""`learn show`, `promote`, `reject`, `rollback`, `pin`, `unpin`, `search`, `publish`, `check`.

A thin layer: each command calls :mod:`altimate_learn.review` and renders what it returns. Lesson text
is untrusted and always printed through `review.text.safe` / `shown` / `safe_json`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from altimate_learn.errors import LearnError
from altimate_learn.review.render import version_label
from altimate_learn.cli.common import LearnCommand, plural, JsonOpt, NameOpt, Report, echo, is_interactive, \
    open_existing_store, say_given_back, settings, warn

SHOWN_REPLACED = 10  # teammates' replacements `learn show` lists (the newest first)
YesOpt = Annotated[bool, typer.Option("--yes", "-y", help="Skip the confirmation prompt. Required outside a "
                                                           "terminal.")]
AllowFlaggedOpt = Annotated[bool, typer.Option(
    "--allow-flagged", help="With --yes: approve lessons flagged for mentioning skipping or disabling tests, "
                            "checks, CI, review or TLS verification, or forcing (--force, force-push), or for "
                            "replacing a lesson a teammate retired since the candidate was staged.")]
PublishOpt = Annotated[bool, typer.Option(
    "--publish", help="After promoting, export the approved lessons as .altimate-code/skills/<name>/SKILL.md.")]
ReplaceOpt = Annotated[bool, typer.Option(
    "--replace", help="With --publish: overwrite a SKILL.md that this store did not write (or that was edited "
                      "by hand).")]


def _json(value: object) -> None:
    from altimate_learn.review.text import safe_json

    typer.echo(safe_json(value))


def _store_label(store) -> str:  # type: ignore[no-untyped-def]
    try:
        return str(store.dir.relative_to(store.project.root))
    except ValueError:
        return str(store.dir)


def show(name: NameOpt = "team-playbook", as_json: JsonOpt = False) -> None:
    """Show the approved lessons, the candidate, the diff between them, flags and pending replacements."""
    from altimate_learn.review.model import load_review
    from altimate_learn.review.render import render_review
    from altimate_learn.review.text import safe as shown_text

    from altimate_learn.gates import quarantine
    from altimate_learn.gates.report import stale_line, store_gates

    from altimate_learn.tidy.counts import line as set_line, set_counts

    store = open_existing_store(name)
    try:
        review = load_review(store)
    except LearnError:
        from altimate_learn.team.resolve import pending_lines

        for line in [] if as_json else pending_lines(store.project):  # what `learn resolve` leaves to choose
            echo(line)
        raise
    gates = store_gates(store)
    from altimate_learn.cli.common import reading_settings

    resolved, config_problems = reading_settings()  # an invalid value: what the hooks use, said (review14 R14-15)
    for problem in config_problems:
        warn(f"Config: {problem}")
    counts = set_counts(store, store.approved(), gates["held_out"], int(resolved.values["max_in_force"]))
    from altimate_learn.team.overruled import line as overruled_line, overruled

    overruled_now = overruled(store, store.approved())  # rules this clone rejected that the team approved since
    from altimate_learn.team.overruled import rejected_before

    again = rejected_before(store, review.candidate.lessons or [], store.approved())  # staged once more
    if as_json:
        _json({**review.as_dict(), "quarantined": [quarantine.view(i) for i in gates["quarantined"]],
               "stale": [lesson["id"] for lesson in gates["stale"]], "set": counts,
               "overruled": [item.as_dict() for item in overruled_now],
               "rejected_before": [{"id": lesson["id"], "rejected_id": record["id"], "rejected_at": record["at"],
                                    "reason": record.get("reason")} for lesson, record in again]})
        return
    lines = render_review(review, _store_label(store))
    staged = review.candidate.lessons is not None
    extra: list[str] = ["", ("Approved set (without this candidate): " if staged else "Approved set: ") + set_line(counts)]
    if gates["stale"]:
        extra += ["", f"Stale: instructions changed, awaiting re-vet ({len(gates['stale'])})"]
        extra += [f"  [{lesson['id']}] {lesson['text']}" for lesson in gates["stale"]]
        extra.append("  " + stale_line(len(gates["stale"])))
    from altimate_learn.team.retirements import teammate_replacements

    replaced = teammate_replacements(store, store.approved())
    if replaced:
        extra += ["", f"Replaced by teammates ({len(replaced)})"]
        extra += [f"  [{new['id']}] replaced [{old['id']}] {old['text']}" for old, new in replaced[:SHOWN_REPLACED]]
        if len(replaced) > SHOWN_REPLACED:
            extra.append(f"  … and {len(replaced) - SHOWN_REPLACED} more (`learn search ID` finds each)")
    if again:
        extra += ["", f"Rejected before in this clone: staged again ({len(again)})"]
        for lesson, record in again:
            why = f': "{record["reason"]}"' if record.get("reason") else ""
            extra.append(shown_text(f"  [{lesson['id']}] {lesson['text']} (you rejected it on {record['at'][:10]}{why}): "
                                    f"`learn reject {lesson['id']}` rejects it again; promote it if you changed your "
                                    "mind."))
    if overruled_now:
        extra += ["", f"Overruled by the team: you rejected these, a teammate approved (or retired) them since "
                      f"({len(overruled_now)})"]
        extra += [f"  {shown_text(overruled_line(item))}" for item in overruled_now]
    if gates["quarantined"]:
        extra += ["", f"Quarantined: failed the vet, never delivered ({len(gates['quarantined'])})"]
        extra += [f"  {quarantine.line(item)}" for item in gates["quarantined"]]
        extra += [f"  {hint}" for hint in quarantine.hints(gates["quarantined"])]
    at = len(lines) - 1 if lines and lines[-1] else len(lines)
    while at > 0 and lines[at - 1] != "":
        at -= 1
    lines[max(at - 1, 0):max(at - 1, 0)] = extra
    for line in lines:
        echo(line)


def promote(name: NameOpt = "team-playbook", yes: YesOpt = False, allow_flagged: AllowFlaggedOpt = False,
            publish: PublishOpt = False, replace: ReplaceOpt = False, as_json: JsonOpt = False) -> None:
    """Make the candidate the approved set, after showing its diff and asking to confirm.

    Every lesson is linted again and identifier overlaps are checked again. If the candidate changes
    between the diff and the write, nothing is promoted. The approved set it replaces is archived in
    versions/ (see `learn rollback`). A promote killed after writing approved.json is finished (its
    history recorded) by the next one.
    """
    from altimate_learn.review import gate
    from altimate_learn.review.render import render_diff

    if replace and not publish:
        raise typer.BadParameter("--replace only applies with --publish.", param_hint="--replace")
    store = open_existing_store(name)
    report = Report(as_json, store=name)

    def shown(review: gate.Review) -> None:  # under --json the diff is shown only before a question, on stderr
        if as_json and (yes or not is_interactive()):
            return
        typer.echo("Review the changes below before they become the approved lessons"
                   + (" (and the published skill)." if publish else "."), err=as_json)
        for line in render_diff(review):
            typer.echo(line, err=as_json)

    def confirm(review: gate.Review) -> bool:
        question = "Promote this candidate" + (" and publish it" if publish else "") + "?"
        if review.flagged:
            question = f"Promote this candidate, including {plural(len(review.flagged), 'flagged lesson')}?"
        return typer.confirm(question, default=False, err=as_json)

    # A promote killed after writing approved.json is finished first (its history entry), then said before any diff.
    if (done := gate.finish_interrupted(store)) is not None:
        when = f" (started {done.at})" if done.at else ""
        report.line(f"Finished the interrupted promote of '{name}'{when}: {plural(done.approved, 'approved lesson')}, "
                    f"{len(done.added)} added, {len(done.edited)} edited, {len(done.removed)} removed; the set before "
                    f"it is archived as {version_label(done.version)} (`learn rollback` restores it).")
        report.data["finished_interrupted"] = {"at": done.at, "version": done.version, "approved": done.approved,
                                               "added": done.added, "edited": done.edited, "removed": done.removed}
        if not store.path(store.CANDIDATE).exists():  # nothing else was staged
            report.data.update(promoted=False, approved=done.approved)
            report.emit()
            return
    result = gate.promote(store, yes=yes, allow_flagged=allow_flagged, interactive=is_interactive(),
                          confirm=confirm, show=shown)
    if not result.promoted:
        raise report.fail("Cancelled; nothing was promoted.")
    if result.previous_count:
        archived = (f" (the previous set is archived as {version_label(result.archived_version)}; `learn rollback` "
                    "restores it)")
    else:
        archived = (f" (the empty set before it is archived as {version_label(result.archived_version)}; "
                    "`learn rollback` undoes this)")
    report.line(f"Promoted '{name}': {plural(result.approved_count, 'approved lesson')}{archived}.")
    report.data.update(promoted=True, approved=result.approved_count, archived_version=result.archived_version,
                       added=result.added, edited=result.edited, removed=result.removed, flagged=result.flagged)
    shared, lines = share_lines(store, result.removed)
    for line in lines:
        report.line(line)
    if shared:
        report.data["shared_retirements"] = shared
    from altimate_learn.store.layout import written_line

    if (where := written_line(store)) is not None:  # a linked worktree: which checkout and branch it wrote
        report.line(where)
        report.data["written"] = str(store.path(store.APPROVED))
    if publish:
        report.data["published"] = _publish(store, replace, report, promoted=True)
    report.emit()


def _publish(store, replace: bool, report: Report, *, promoted: bool = False) -> dict:  # type: ignore[no-untyped-def]
    from altimate_learn.errors import LearnError
    from altimate_learn.review.publish import publish as do_publish

    try:
        result = do_publish(store, replace=replace)
    except LearnError as exc:
        if promoted:
            raise LearnError(f"promoted, but not published: {exc.message}",
                             f"{exc.hint or ''} Retry with `learn publish --name {store.name}`.".strip()) from None
        raise
    where = _relative(result.path, store.project.root)
    verb = "Published" if result.changed else "Already up to date:"
    report.line(f"{verb} {where} ({plural(result.exported, 'lesson')}).")
    for item in result.skipped:
        report.line(f"Left out {item['id']}: it fails the lesson lint ({item['rule']}); delivery leaves it out too.")
    return {"path": where, "changed": result.changed, "exported": result.exported,
            "skipped": [{"id": item["id"], "rule": item["rule"]} for item in result.skipped]}


def share_lines(store, removed: list[str]) -> tuple[list[str], list[str]]:  # type: ignore[no-untyped-def]
    """After approved.json changed (promote, `learn remember --approve`): the shared retirement records of the
    ``removed`` lessons to commit with it, and after the first approval in a clone what to commit at all.
    Returns (the ids of those records, the lines to print)."""
    from altimate_learn.team.retirements import folder as shared_folder

    lines = []
    shared = [i for i in removed if (shared_folder(store) / f"{i}.json").is_file()]
    if shared:  # the team's clones learn of the retirement (and its reason) from these files
        lines.append(f"Recorded why {plural(len(shared), 'lesson')} left in "
                     f"{_relative(shared_folder(store), store.project.root)}/: commit "
                     f"{'it' if len(shared) == 1 else 'them'} with approved.json, so teammates' clones do not propose "
                     f"{'it' if len(shared) == 1 else 'them'} again.")
    share = _first_share(store)
    if share:
        lines.append(share)
    return shared, lines


def _first_share(store) -> str | None:  # type: ignore[no-untyped-def]
    """After the first promote in a clone (approved.json not in git yet): the files to commit so teammates' agents
    get the lessons. A new user's promote otherwise ended on the rollback hint, and the lessons stayed on one
    machine (fix17)."""
    from altimate_learn import git

    root = store.project.root
    approved = store.path(store.APPROVED)
    try:
        relpath = approved.resolve().relative_to(Path(root).resolve()).as_posix()
    except (OSError, ValueError):
        return None
    if git.toplevel(root) is None or git.is_tracked(root, relpath) or git.ignores(root, relpath):
        return None  # not in git, already shared, or kept out of git on purpose (`.altimate-code/` ignored)
    paths = [Path(relpath).parent.as_posix()]
    paths += [name for name in (".gitattributes", ".altimate-code/learn/.gitignore")
              if (Path(root) / name).is_file() and not git.is_tracked(root, name)]
    settings_file = ".altimate-code/altimate-code.json"  # `learn enable` wrote it: a choice, so said apart (trial27)
    choice = ""
    if (Path(root) / settings_file).is_file() and not git.is_tracked(root, settings_file) \
            and not git.ignores(root, settings_file):
        if _holds_secret(Path(root) / settings_file):  # altimate-code and opencode keep provider keys there (R26-1)
            choice = (f" Keep {settings_file} out of git: it holds a secret (an API key or token); each teammate "
                      "turns learning on with `learn enable`.")
        else:
            model = _project_model(Path(root) / settings_file)
            also = f" and choose {model} as everyone's reflection model (learn.model)" if model else ""
            choice = (f" Add {settings_file} too (the settings `learn enable` wrote) to turn capture and automatic "
                      f"reflection on in every clone{also}; leave it out and each teammate turns them on with "
                      "`learn enable`.")
    return (f"Share them with your team: commit {relpath} (`git add {' '.join(paths)}`, then `git commit`); "
            f"teammates get the lessons with their next pull.{choice}")


def _holds_secret(path: Path) -> bool:
    """Whether the redactor would change anything in the file (unreadable: treated as holding one, never advised)."""
    from altimate_learn.redact import holds_secret

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return True
    return holds_secret(text)  # a maintainer's e-mail address in a settings file is no key


def _project_model(path: Path) -> str | None:
    """The `learn.model` a project config file sets, if any (read as it is on disk; unreadable: none)."""
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    learn = data.get("learn") if isinstance(data, dict) else None
    model = learn.get("model") if isinstance(learn, dict) else None
    return model if isinstance(model, str) and model.strip() else None


def _relative(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)


def publish(name: NameOpt = "team-playbook", replace: Annotated[bool, typer.Option(
        "--replace", help="Overwrite a SKILL.md that this store did not write (or that was edited by hand).")] = False,
            as_json: JsonOpt = False) -> None:
    """Export the approved lessons as .altimate-code/skills/<name>/SKILL.md."""
    report = Report(as_json, store=name)
    report.emit(**_publish(open_existing_store(name), replace, report))


def reject(lesson_ids: Annotated[list[str] | None, typer.Argument(
        help="Reject only these staged lessons (for example one with a WARNING), keeping the rest of the "
             "candidate; a unique prefix of an id is enough. A lesson only the candidate has is dropped; an "
             "approved lesson the candidate removed or edited gets its approved version back.",
        show_default=False, metavar="ID")] = None,
           reason: Annotated[str | None, typer.Option(
               "--reason", help="Why (kept in this clone, redacted): if a teammate approves the same rule later, "
                                "`learn status`, `show` and `doctor` tell you, with this reason.",
               show_default=False)] = None,
           withdraw: Annotated[str | None, typer.Option(
               "--withdraw", metavar="ID", help="Accept the team's approval of a rule you rejected (a lesson "
                                                "`learn status` lists as approved by a teammate after you "
                                                "rejected it): it is no longer said. Changes no lesson.",
               show_default=False)] = None,
           name: NameOpt = "team-playbook", as_json: JsonOpt = False) -> None:
    """Discard the staged candidate (and the harmful marks and pending replacements of its reflection),
    or with ids, only those lessons' staged changes. The signals a discarded reflection consumed are open
    again, for `learn reflect` to try once more; a rule you rejected by its id is not staged again by a
    reflection (only `learn remember` brings it back), while discarding a whole candidate refuses none of its rules
    in particular. What you rejected is kept in this clone: when a teammate
    approves the same rule and it arrives with a pull, `learn status`, `show` and `doctor` say who approved it
    and your reason; `--withdraw ID` accepts their approval, `learn retire ID` proposes its removal to everyone."""
    from altimate_learn.review import gate
    from altimate_learn.review.text import shown

    report = Report(as_json, store=name)
    if withdraw is not None:
        if lesson_ids or reason is not None:
            raise typer.BadParameter("--withdraw takes one id and no other ids or --reason.",
                                     param_hint="--withdraw")
        from altimate_learn.team.overruled import withdraw as accept

        store = open_existing_store(name)
        settled = accept(store, withdraw, store.approved())
        for item in settled:
            verb = "its retirement" if item.removed else "the team's approval of"
            text = shown(item.lesson["text"])
            report.line(f"Accepted {verb} [{item.lesson['id']}] {text}{'' if text.endswith('.') else '.'} Your "
                        f"rejection of {item.rejection['at'][:10]} is no longer said.")
        report.emit(rejected=False, withdrawn=[item.lesson["id"] for item in settled])
        return
    if lesson_ids:
        store = open_existing_store(name)
        partial = gate.reject_lessons(store, lesson_ids, reason)
        for lesson in partial.dropped:
            report.line(f"Dropped [{lesson['id']}] {shown(lesson['text'])}")
        for lesson in partial.restored:
            report.line(f"Kept the approved version of [{lesson['id']}] {shown(lesson['text'])}")
        say_given_back(report, partial.reopened)
        _still_quarantined(report, store, {lesson["id"] for lesson in partial.restored})
        if partial.same_as_approved:
            report.line(f"The candidate of '{name}' now matches the approved lessons; run `learn reject` to discard it.")
        else:
            report.line(f"The candidate of '{name}' now has {plural(partial.candidate_count, 'lesson')}; "
                        "`learn show` has the diff.")
        report.emit(rejected=False, **partial.as_dict())
        return
    store = open_existing_store(name)
    result = gate.reject(store, reason)
    if not result.rejected:
        report.line(f"No candidate in '{name}'; nothing to reject.")
    elif result.moved_to:
        report.line(f"Discarded the unreadable candidate of '{name}' (kept as {result.moved_to}).")
    else:
        report.line(f"Discarded the candidate of '{name}' ({result.added} added, {result.edited} edited, "
                    f"{result.removed} removed).")
    if result.rejected:
        say_given_back(report, result.reopened)
        _still_quarantined(report, store, None)
    report.emit(rejected=result.rejected, lessons=result.lessons, moved_to=result.moved_to, added=result.added,
                edited=result.edited, removed=result.removed, reopened=result.reopened)



def _still_quarantined(report: Report, store: Any, ids: set[str] | None) -> None:
    """Approved lessons (of ``ids``; None: all) a re-vet quarantined whose staged removal was just rejected: they
    stay in approved.json and stay held out until released (review14 R14-11)."""
    from altimate_learn.gates import quarantine
    from altimate_learn.review.text import shown

    approved = {lesson["id"] for lesson in store.approved()}
    held = [item for item in quarantine.read(store, writing=False)
            if item["id"] in approved and (ids is None or item["id"] in ids)]
    for item in held:
        report.line(f"[{item['id']}] {shown(item['text'])} stays approved but quarantined (not delivered): "
                    f"{item.get('reason') or item.get('verdict')}. `learn quarantine release {item['id']}` re-vets "
                    "it (`--force` if the vet was wrong); `learn quarantine drop` retires it.")
    if held:
        report.data["still_quarantined"] = [item["id"] for item in held]


def rollback(name: NameOpt = "team-playbook", yes: YesOpt = False, as_json: JsonOpt = False) -> None:
    """Restore the approved set the last promote replaced (the first promote rolls back to the empty set).

    Shows which version comes back and which lessons return or leave, then asks to confirm; outside a
    terminal it refuses without --yes. When approved.json changed after that promote (a git pull), only that
    promote's own changes are undone and the lessons that arrived since stay. A staged candidate was built on
    the set being left: it is set aside as candidate.json.rolled-back-<time> in the store folder, never deleted.
    """
    from altimate_learn.review.rollback import rollback as do_rollback
    from altimate_learn.review.text import shown

    store = open_existing_store(name)
    report = Report(as_json, store=name)

    asking = is_interactive() and not yes

    def echo(text: str) -> None:  # under --json the plan is shown only before a question, on stderr
        if asking or not as_json:
            typer.echo(text, err=as_json)

    def show(plan) -> None:  # type: ignore[no-untyped-def]
        now = "an unreadable approved.json" if plan.current is None else plural(len(plan.current), "approved lesson")
        echo(f"Rolling back '{name}' restores v{plan.version} ({plural(len(plan.restored), 'approved lesson')}) "
             f"in place of {now}:")
        if plan.arrived:
            echo(f"  approved.json changed since that promote (a pull, or another branch): only its own changes "
                 f"are undone; {plural(len(plan.arrived), 'lesson')} that arrived after it "
                 f"{'stays' if len(plan.arrived) == 1 else 'stay'}")
        for lesson in plan.returning:
            echo(f"  + [{lesson['id']}] {shown(lesson['text'])}")
        for lesson in plan.leaving:
            echo(f"  - [{lesson['id']}] {shown(lesson['text'])} (stays findable as retired)")
        if not plan.returning and not plan.leaving:
            echo("  (the same lessons; their counters and details go back)")
        if plan.candidate_sha256:
            size = "unreadable" if plan.candidate_count is None else plural(plan.candidate_count, "lesson")
            echo(f"The staged candidate ({size}) was built on the set being left: it will be set aside as "
                 "candidate.json.rolled-back-<time>, not deleted.")

    def confirm(plan) -> bool:  # type: ignore[no-untyped-def]
        return typer.confirm("Roll back?", default=False, err=as_json)

    from altimate_learn.team.retirements import folder as shared_folder

    records = shared_folder(store)
    before = {p.stem for p in records.glob("L-*.json")} if records.is_dir() else set()
    result = do_rollback(store, yes=yes, interactive=is_interactive(), confirm=confirm, show=show)
    if not result.done:
        raise report.fail("Cancelled; nothing was rolled back.")
    after = {p.stem for p in records.glob("L-*.json")} if records.is_dir() else set()
    written, deleted = sorted(after - before), sorted(before - after)
    if written or deleted:  # the shared retirement records changed with approved.json: both are committed
        done = [f"recorded why {plural(len(written), 'lesson')} left" if written else "",
                f"removed the record of {plural(len(deleted), 'returning lesson')}" if deleted else ""]
        report.line(f"In {_relative(records, store.project.root)}/: {' and '.join(d for d in done if d)}; commit "
                    "that with approved.json.")
    report.line(f"Restored '{name}' from v{result.version}: {plural(result.restored, 'approved lesson')}.")
    kept = _relative(Path(result.candidate_kept_as), store.project.root) if result.candidate_kept_as else None
    if kept:
        report.line(f"The candidate is no longer staged; it was kept as {kept} (rename it to candidate.json to stage "
                    "it again).")
    if result.moved_aside:
        report.line(f"The unreadable approved.json was kept as {result.moved_aside}.")
    report.emit(rolled_back=True, version=result.version, approved=result.restored, added=result.added,
                removed=result.removed, candidate_kept_as=kept,
                moved_aside=result.moved_aside, shared_retirements_written=written,
                shared_retirements_removed=deleted)


def _pin(name: str, lesson_id: str, pinned: bool, as_json: bool) -> None:
    from altimate_learn.review import gate
    from altimate_learn.review.text import shown

    result = gate.set_pinned(open_existing_store(name), lesson_id.strip(), pinned)
    report = Report(as_json, store=name, id=result.lesson["id"], pinned=pinned, changed=result.changed,
                    candidate_changed=result.candidate_changed)
    word = "Pinned" if pinned else "Unpinned"
    if not result.changed and not result.candidate_changed:
        report.line(f"[{result.lesson['id']}] is already {'pinned' if pinned else 'unpinned'}; nothing changed.")
    else:
        also = " (also in the staged candidate)" if result.candidate_changed else ""
        report.line(f"{word} [{result.lesson['id']}] {shown(result.lesson['text'])}{also}")
    report.emit()


IdArg = Annotated[str, typer.Argument(help="Lesson id, for example L-3f2a91c0, or a unique prefix of it (L-3f2a, "
                                           "3f2a).", show_default=False, metavar="ID")]


def pin(lesson_id: IdArg, name: NameOpt = "team-playbook", as_json: JsonOpt = False) -> None:
    """Pin an approved lesson: it fills the core tier first and is never evicted by learn.max_stored."""
    _pin(name, lesson_id, True, as_json)


def unpin(lesson_id: IdArg, name: NameOpt = "team-playbook", as_json: JsonOpt = False) -> None:
    """Unpin an approved lesson."""
    _pin(name, lesson_id, False, as_json)


def search(words: Annotated[list[str], typer.Argument(help="Words that must all appear (any case) in the "
                                                           "lesson id, text or tags.", show_default=False,
                                                      metavar="WORD")],
           name: NameOpt = "team-playbook", as_json: JsonOpt = False) -> None:
    """Find approved and retired lessons; an id that matches nothing lists the closest ids."""
    from altimate_learn.review.search import search as do_search
    from altimate_learn.review.text import safe, shown

    result = do_search(open_existing_store(name), words)
    for path in result.unreadable:  # a teammate's retirement this clone cannot see: say so, never silently
        typer.echo(f"Warning: {path} cannot be read (a shared retirement record: conflict markers or a hand edit); "
                   "run `learn check`, then `learn resolve` or restore it from git.", err=True)
    if as_json:
        _json(result.as_dict())
        return
    if not result.matches:
        if result.closest:
            echo(f"No lesson has id {safe(result.words[0])}. Closest ids: {', '.join(result.closest)}")
        else:
            echo("No lessons match.")
        return
    for state, lesson in result.matches:
        line = f"[{lesson['id']}] {state}: {shown(lesson['text'])}"
        if state == "merged":  # the same rule approved on both sides, kept once under the other id
            line = f"[{lesson['id']}] merged into {lesson['supersededBy']}: {shown(lesson['text'])} " \
                   f"({shown(lesson['reason'])})"
        elif state == "retired" and lesson.get("reason"):
            line += f" (retired: {shown(lesson['reason'])})"
        echo(line)


def check(paths: Annotated[list[Path] | None, typer.Argument(
        help="approved.json files, shared retirement records (retired/*.json) or store folders (default: every "
             "store of this project).",
        show_default=False, metavar="PATH")] = None, as_json: JsonOpt = False,
        schema: Annotated[bool, typer.Option("--schema", help="Also validate every store file that has a "
                                             "published JSON Schema (approved.json, candidate.json, each line "
                                             "of signals.jsonl, usage.json; see docs/schemas/).")] = False,
        fix: Annotated[bool, typer.Option("--fix", help="First rewrite in canonical form each lesson file whose only "
                                          "problem is its form (a hand edit: keys unsorted, another indent); files "
                                          "with any other problem are left alone.")] = False) -> None:
    """Validate committed lesson files without changing them (for pre-commit and CI); --fix rewrites one that is
    only out of canonical form.

    Checks the schema, canonical form, unique ids, the lesson lint, coexists references and identifier
    overlaps (including opposite rules about one backticked name, such as `ref()` or `pytest`). Prints one line per problem (`path: L-xxxx: rule: message`) and exits 1 if there is any;
    flagged lessons are listed but are not failures.

    Warnings are listed but do not change the exit code: `duplicate` (two approved lessons `learn tidy`
    would merge: run `learn tidy`), `stale-block` (a learn:lessons block in an instruction file that
    differs from what `learn export agents-md` writes now: run it and commit) and `path-trigger` (a lesson's
    glob that matches no file of the project, with the closest folder).
    """
    from altimate_learn.cli.common import current_project
    from altimate_learn.review.check import check as do_check
    from altimate_learn.review.text import safe

    fixed: list[Path] = []
    if fix:
        from altimate_learn.review.check import fix_canonical

        fixed = fix_canonical(list(paths or []), current_project())
    report = do_check(list(paths or []), current_project(), schema=schema)
    if as_json:
        _json({**report.as_dict(), **({"fixed": [str(p) for p in fixed]} if fix else {})})
    else:
        for path in fixed:
            echo(safe(f"Rewrote {path} in canonical form (the same lessons)."))
        for line in report.lines():
            echo(safe(line))
        for f in report.files:
            for lesson_id, reason in f.flagged.items():
                echo(safe(f"{f.path}: {lesson_id}: flagged: {reason} (listed, not a failure)"))
        for line in report.warning_lines():
            echo(safe(f"{line} (a warning, not a failure)"))
        if not report.files:
            echo(f"No {'store files' if schema else 'approved.json'} found; nothing to check.")
        elif report.ok:
            # a shared retirement record (retired/<id>.json) holds a retired lesson, not one of the team's lessons
            records = [f for f in report.files if Path(f.path).parent.name == "retired"]
            total = sum(f.lessons for f in report.files if f not in records)
            apart = f", {plural(len(records), 'retirement record')}" if records else ""
            echo(f"OK: {plural(len(report.files), 'file')}, {plural(total, 'lesson')}{apart}.")
        else:
            count = len(report.lines())
            typer.echo(f"{plural(count, 'problem')} in {plural(sum(not f.ok for f in report.files), 'file')}.", err=True)
    if not report.ok:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("show", cls=LearnCommand)(show)
    app.command("promote", cls=LearnCommand)(promote)
    app.command("reject", cls=LearnCommand)(reject)
    app.command("rollback", cls=LearnCommand)(rollback)
    app.command("pin", cls=LearnCommand)(pin)
    app.command("unpin", cls=LearnCommand)(unpin)
    app.command("search", cls=LearnCommand)(search)
    app.command("publish", cls=LearnCommand)(publish)
    app.command("check", cls=LearnCommand)(check)
