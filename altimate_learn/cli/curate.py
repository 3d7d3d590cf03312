"""`learn curate --deltas FILE|-`: run only the curator over a deltas file.

The seam for any reflector (a model, a script, a person with an editor): whatever proposes the deltas,
the deterministic curator alone decides what reaches `candidate.json`.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Annotated

import typer

from altimate_learn.jsonsafe import loads_document
from altimate_learn.cli.common import JsonOpt, LearnCommand, NameOpt, echo, open_store, plural, print_json, shown_path
from altimate_learn.errors import LearnError

MAX_DELTAS_BYTES = 20 * 1024 * 1024

DeltasOpt = Annotated[str, typer.Option(
    "--deltas", metavar="FILE|-",
    help='Deltas to curate: a JSON file (or - for stdin) holding a list of deltas or {"deltas": [...]}. '
         'Each delta: {"op": "ADD|EDIT|REMOVE|HELPFUL|HARMFUL", "id"?, "text"?, "reason", "supersedes"?, '
         '"coexists"?: [ids], "paths"?: [globs], "tags"?: [words]}.')]


def _read_deltas(source: str) -> tuple[object, str]:
    """The parsed deltas and a short hash of the raw bytes (the feedback identity of this run)."""
    if source == "-":
        data = sys.stdin.buffer.read(MAX_DELTAS_BYTES + 1) if hasattr(sys.stdin, "buffer") else \
            sys.stdin.read(MAX_DELTAS_BYTES + 1).encode("utf-8")
        where = "stdin"
    else:
        try:
            with open(source, "rb") as handle:
                data = handle.read(MAX_DELTAS_BYTES + 1)
        except FileNotFoundError:
            raise LearnError(f"deltas file {source} does not exist.", "Pass a JSON file, or - to read stdin.") from None
        except IsADirectoryError:
            raise LearnError(f"deltas file {source} is a folder.", "Pass a JSON file, or - to read stdin.") from None
        except OSError as exc:
            raise LearnError(f"cannot read deltas file {source}: {exc.strerror}.", None) from None
        where = source
    if len(data) > MAX_DELTAS_BYTES:
        raise LearnError(f"deltas in {where} are larger than {MAX_DELTAS_BYTES // (1024 * 1024)} MB.",
                         "A reflection proposes a handful of deltas; check the file.")
    try:
        value = loads_document(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise LearnError(f"deltas in {where} are not UTF-8 text.", 'Write a JSON list of deltas or {"deltas": [...]}.') \
            from None
    except json.JSONDecodeError as exc:
        raise LearnError(f"deltas in {where} are not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}).",
                         'Write a JSON list of deltas or {"deltas": [...]}.') from None
    if isinstance(value, dict) and isinstance(value.get("deltas"), list):
        pass
    elif not isinstance(value, list):
        raise LearnError(f"deltas in {where} must be a JSON list of deltas or an object with a \"deltas\" list.",
                         'Example: {"deltas": [{"op": "ADD", "text": "Use `ref()` for models.", "reason": "review"}]}')
    return value, hashlib.sha256(data).hexdigest()[:12]


def curate_command(
    deltas: DeltasOpt,
    json_out: JsonOpt = False,
    name: NameOpt = "team-playbook",
) -> None:
    """Run the curator over a deltas file and stage the result as the candidate (nothing goes live)."""
    from altimate_learn.curate.curator import curate
    from altimate_learn.redact import redact
    from altimate_learn.review.text import safe

    value, digest = _read_deltas(deltas)
    store = open_store(name)
    result = curate(store, value, feedback_ids=[f"curate:{digest}"], op="curate")
    if json_out:
        print_json(result.to_json())
        return
    for entry in result.applied:
        if entry["op"] == "QUARANTINE":
            quoted = '"' + safe(str(entry.get("text", "")).rstrip(".")) + '"'
            echo(f"QUARANTINED {entry['id']} {quoted}: {entry.get('note', '')}. It is not "
                 "delivered; fix the instruction file and run `learn quarantine release ID` (`--force` if the vet is "
                 "wrong), or `learn quarantine drop ID`.")
            continue
        text = f": {safe(entry['text'])}" if entry.get("text") and entry["op"] in ("ADD", "EDIT") else ""
        note = f" [{entry['note']}]" if entry.get("note") else ""
        echo(f"{entry['op']} {entry['id']}{note}{text}")
    for entry in result.rejected:
        text = entry.get("text") or ""
        clipped = safe(text if len(text) <= 60 else text[:60] + "...")
        what = f' "{clipped}"' if text else (f" {entry['id']}" if entry.get("id") else "")
        echo(f"REJECTED {entry.get('op') or 'delta'}{what}: {redact(entry['reason'])}")
    for line in (result.cap.lines() if result.cap is not None else []):
        echo(line)
    for lesson_id in result.flagged:
        echo(f"WARNING: {lesson_id} mentions skipping or disabling verification; it needs explicit approval.")
    for record in result.replacements_needed:
        echo(f"Pending replacement for {record['id']} (attempts {record['attempts']}).")
    if result.changed:
        echo(f"Candidate staged: {shown_path(store.path(store.CANDIDATE))} ({plural(len(result.candidate), 'lesson')}). "
             "Review it with `learn show`.")
    echo(f"Summary: {result.summary}")


def retire_command(
    ids: Annotated[list[str], typer.Argument(metavar="ID", help="Ids of approved lessons (`learn show` lists them), "
                                             "or unique prefixes of them (L-3f2a, 3f2a).")],
    reason: Annotated[str, typer.Option("--reason", help="Why they go (kept in retired.json and the history).")] =
    "retired by a person",
    json_out: JsonOpt = False,
    name: NameOpt = "team-playbook",
) -> None:
    """Stage the removal of approved lessons (a lesson that is wrong now, or whose agent memory was deleted).

    The removal goes through the curator into the candidate like any other change: review it with `learn show`,
    then `learn promote` (or `learn reject ID` to keep the lesson). The lesson stays findable as retired.
    """
    from altimate_learn.cli.common import Report
    from altimate_learn.curate.curator import curate
    from altimate_learn.redact import redact
    from altimate_learn.review.search import resolve_id

    store = open_store(name)
    report = Report(json_out, store=name)
    approved_ids = [lesson["id"] for lesson in store.approved()]
    # A unique prefix names a lesson as it does for pin, unpin and reject; an id that names none goes to the
    # curator as given, which refuses it with its reason.
    ids = [resolve_id(lesson_id, approved_ids) or lesson_id.strip() for lesson_id in ids]
    deltas = [{"op": "REMOVE", "id": lesson_id, "reason": reason} for lesson_id in dict.fromkeys(ids)]
    digest = hashlib.sha256(json.dumps(deltas, sort_keys=True).encode("utf-8")).hexdigest()[:12]
    result = curate(store, deltas, feedback_ids=[f"retire:{digest}"], op="retire")
    staged = [entry["id"] for entry in result.applied if entry["op"] == "REMOVE"]
    if staged:  # a person's removal waits for no model-written replacement (the curator queues one for a model's)
        with store.lock():
            kept = [r for r in store.read_jsonl(store.PENDING_REPLACEMENTS).records
                    if not (isinstance(r, dict) and r.get("id") in staged)]
            store.rewrite_jsonl(store.PENDING_REPLACEMENTS, kept)
    for lesson_id in staged:
        report.line(f"Staged the removal of {lesson_id}.")
    refused = [{"id": entry.get("id"), "reason": redact(entry["reason"])} for entry in result.rejected]
    for entry in refused:
        if not json_out:
            typer.echo(f"Not staged: {entry['id'] or '?'}: {entry['reason']}", err=True)
    if result.changed:
        report.line("Review it with `learn show`, approve it with `learn promote` (`learn reject ID` keeps a lesson).")
    report.data.update(staged=staged, refused=refused)
    if refused and json_out:
        raise report.fail(f"{plural(len(refused), 'lesson')} could not be retired: "
                          + ", ".join(str(e["id"]) for e in refused) + ".", hint="Check the ids with `learn show`.")
    if refused:
        raise LearnError(f"{plural(len(refused), 'lesson')} could not be retired (see above).",
                         "Check the ids with `learn show`.")
    report.emit()


def register(app: typer.Typer) -> None:
    app.command("curate", cls=LearnCommand, help="Run only the curator over a deltas file and stage the candidate.")(curate_command)
    app.command("retire", cls=LearnCommand, help="Stage the removal of approved lessons, for review and promote.")(retire_command)
