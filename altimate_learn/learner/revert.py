"""`learn revert RUN[:N]`: undo what a run changed, while it still stands as the run left it.

- A block in an instruction file is restored only while it still holds what the run wrote (or, after an
  earlier partial revert, what that revert left). Reverting all of a run's changes to a file puts the block
  back as it was; a block the run added to an existing file is taken out with exactly what was appended, and
  a file the run created is deleted when it holds nothing else. One change (``RUN:N``) undoes that bullet
  alone. The file is compared before it is written, like every block write; the `.gitignore` line of a
  local file stays.
- A staged candidate item is withdrawn: an added lesson leaves `candidate.json`, an edited one gets its
  previous text back, while the candidate still holds what the run staged. A lesson already promoted is
  not touched (`learn rollback` undoes a promote).
- Counter changes (helpful, harmful) and removals are not undone here: `learn reject` discards the candidate.

Each revert is a `revert` line in `runs.jsonl`, so `learn runs` shows which changes were undone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from altimate_learn.errors import LearnError
from altimate_learn.instructions import block
from altimate_learn.instructions.block import LEARNED, BlockError
from altimate_learn.learner.state import LearnerFiles, iso, utcnow
from altimate_learn.store import ProjectPaths, Store


@dataclass
class Reverted:
    run: str
    done: list[str] = field(default_factory=list)  # one line per undone change
    refused: list[str] = field(default_factory=list)  # one line per change left as it is, and why
    reopened: list[str] = field(default_factory=list)  # signals of the run's reflection given back (none of it left)


def parse_spec(spec: str) -> tuple[str, int | None]:
    run, sep, number = spec.strip().partition(":")
    if not run:
        raise LearnError(f"'{spec}' names no run.", "Pass RUN or RUN:N (see `learn runs`).")
    if not sep:
        return run, None
    if not number.isdigit() or int(number) < 1:
        raise LearnError(f"'{spec}': the change number must be 1 or more.", "Pass RUN:N with N from `learn runs`.")
    return run, int(number)


def revert(paths: ProjectPaths, spec: str) -> Reverted:
    files = LearnerFiles(paths)
    run_id, number = parse_spec(spec)
    record = files.find_run(run_id)
    if record is None:
        raise LearnError(f"no learner run '{run_id}'.", "`learn runs` lists them.")
    changes = [c for c in record.get("changes") or [] if isinstance(c, dict)]
    if not changes:
        raise LearnError(f"run {record['id']} changed nothing, so there is nothing to revert.")
    done_before = set(record.get("reverted") or [])
    if number is not None:
        chosen = [c for c in changes if c.get("n") == number]
        if not chosen:
            raise LearnError(f"run {record['id']} has no change {number} (it has {len(changes)}).",
                             "`learn runs show RUN` lists them.")
        if number in done_before:
            raise LearnError(f"change {number} of run {record['id']} was reverted already.")
    else:
        chosen = [c for c in changes if c.get("n") not in done_before]
        if not chosen:
            raise LearnError(f"every change of run {record['id']} was reverted already.")
    result = Reverted(record["id"])
    undone: list[int] = []
    blocks_now: dict[str, str | None] = {}
    by_file: dict[str, list[dict[str, Any]]] = {}
    for change in chosen:
        if change.get("target") == "review":
            if _revert_review(paths, record, change, result):
                undone.append(int(change["n"]))
        else:
            by_file.setdefault(str(change.get("file")), []).append(change)
    for path, picked in by_file.items():
        remaining = [c for c in changes if c.get("file") == path and c.get("n") not in done_before]
        outcome = _revert_block(paths, record, Path(path), picked, len(picked) == len(remaining), result)
        if outcome is not False:
            blocks_now[path] = outcome if isinstance(outcome, str) else None
            undone += [int(c["n"]) for c in picked]
    if undone:
        files.append_run({"op": "revert", "run": record["id"], "at": iso(utcnow()), "changes": sorted(undone),
                          "blocks": blocks_now or None})
    return result


def _describe(change: dict[str, Any]) -> str:
    text = change.get("text") or change.get("old") or change.get("id") or ""
    return f"{change.get('n')}. {change.get('target')} {change.get('op')} {text}".rstrip()


def _revert_block(paths: ProjectPaths, record: dict[str, Any], path: Path, picked: list[dict[str, Any]],
                  whole: bool, result: Reverted) -> str | None | bool:
    """The block left in ``path`` (None: no block), or False when nothing could be reverted there."""
    info = (record.get("blocks") or {}).get(str(path))
    if not isinstance(info, dict):
        result.refused += [f"{_describe(c)}: the run's record of {path} is missing" for c in picked]
        return False
    expected = (record.get("blocks_now") or {}).get(str(path), info.get("after"))
    within = None if info.get("target") == "global" else paths.root
    try:
        snapshot = block.read_target(path, within=within)
        now = block.block_text(snapshot.text, LEARNED, str(path))
    except BlockError as exc:
        result.refused += [f"{_describe(c)}: {exc.message}" for c in picked]
        return False
    if now != expected:
        why = "it no longer exists" if snapshot.text is None else "its block changed since the run wrote it"
        result.refused += [f"{_describe(c)}: {path} was left alone ({why})" for c in picked]
        return False
    text = snapshot.text or ""
    if whole:
        before = info.get("before")
        if before is not None:
            start, end = block.span(text, LEARNED, str(path)) or (0, 0)
            new: str | None = text[:start] + before + text[end:]
        elif info.get("created") and text.strip() == (now or "").strip():
            new = None  # the run created the file and nothing else is in it
        else:
            new = block.without_block(text, LEARNED, str(path), info.get("added"))
    else:
        bullets = block.bullets(text, LEARNED, str(path))
        for change in sorted(picked, key=lambda c: -int(c.get("n", 0))):
            op = change.get("op")
            if op == "ADD" and change.get("text") in bullets:
                bullets.remove(change["text"])
            elif op == "EDIT" and change.get("text") in bullets and change.get("old"):
                bullets[bullets.index(change["text"])] = change["old"]
            elif op == "REMOVE" and change.get("old"):
                bullets.append(change["old"])
        new = block.updated_text(text, LEARNED, bullets, str(path)) or text
    if not block.restore(snapshot, new, within=within):
        result.refused += [f"{_describe(c)}: {path} changed while it was being reverted; left alone" for c in picked]
        return False
    result.done += [f"{_describe(c)} (in {path})" for c in picked]
    if new is None:
        result.done.append(f"deleted {path}, which the run had created")
        return None
    return block.block_text(new, LEARNED, str(path))


def _revert_review(paths: ProjectPaths, record: dict[str, Any], change: dict[str, Any], result: Reverted) -> bool:
    store = Store(paths, record.get("store") or "team-playbook")
    lesson_id = change.get("id")
    op = change.get("op")
    if op not in ("ADD", "EDIT") or not isinstance(change.get("after"), dict):
        result.refused.append(f"{_describe(change)}: a {op} cannot be reverted on its own; `learn reject` discards "
                              "the whole candidate")
        return False
    with store.lock():
        candidate = store.candidate()
        if candidate is None or not any(lesson["id"] == lesson_id for lesson in candidate):
            approved = {lesson["id"] for lesson in store.approved()}
            where = "it was promoted already (`learn rollback` undoes a promote)" if lesson_id in approved \
                else "it is no longer staged"
            result.refused.append(f"{_describe(change)}: {where}")
            return False
        position = next(i for i, lesson in enumerate(candidate) if lesson["id"] == lesson_id)
        if candidate[position] != change["after"]:
            result.refused.append(f"{_describe(change)}: the staged lesson changed since the run; left alone")
            return False
        if op == "ADD" or not isinstance(change.get("before"), dict):
            del candidate[position]
        else:
            candidate[position] = change["before"]
        if candidate == store.approved():
            store.remove(Store.CANDIDATE)  # nothing is staged any more
        else:
            store.write_lessons(Store.CANDIDATE, candidate)
        from altimate_learn.review.gate import give_back_signals

        reopened = give_back_signals(store, {lesson_id})
        result.reopened += reopened
        store.record_history("revert", run=record["id"], change=change.get("n"), id=lesson_id, reverted_op=op,
                             reopened=reopened or None)
    result.done.append(f"{_describe(change)} (withdrawn from the candidate)")
    return True
