"""The correction classifier on a blind written set (issue 20): one scorer for every such set, given the set's file.

    python research/classifier_blind.py FILE --numbers    # counts only (no message, no error): both halves, or the
                                                          # whole set when it has no halves; with and without the answer
    python research/classifier_blind.py FILE --numbers A  # half A alone, counts only (while tuning: no look at half B)
    python research/classifier_blind.py FILE --errors A   # half A's errors, the half tuned on (half B and a set without
                                                          # halves cannot be asked for)
    python research/classifier_blind.py FILE              # the Markdown section (half B's errors only after the last
                                                          # tuning; a set without halves shows counts only)

FILE is a set's JSONL (`research/data/corrections_blind1.jsonl`, `…_blind2.jsonl`, `…_blind3.jsonl`; any file with the
same fields works). Add `--json` to `--numbers` for the counts as JSON (to record a look in `MEASURED`).
`main(name=KEY) -> str` returns a set's section (the research runner's sections `classifier_blind`,
`classifier_blind2` and `classifier_blind3` call it with "blind1", "blind2", "blind3"); `evaluate(rows, half,
with_answer, prefix)` returns the raw counts (tests use it on rows of their own).

Each set was written by a helper who never read the classifier, its tables or its tests (the set's README says what
the writer read). A row may carry `answer`, the agent's last words before the message: the real sessions are scored
with the answer the message replied to (`research/classifier_real.py` passes it as ``answer``), so a set with answers
is scored that way and also without it (`capture_quality.to_messages` alone: each row's session context, no answer),
to compare with `corrections.jsonl` and the first set, which has none.

Halves: the first two sets have two halves fixed by a hash of the text alone (`research.blind_halves.half_of` with
the set's prefix), written down before a single row was read: half A may be read and tuned on, half B is measured by
counts only and its errors are listed only after the last tuning. The third set has no halves: the whole of it is
held back, scored by counts only a few times in a session (each look recorded in `MEASURED`), and nothing of it is
ever printed but counts.
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from altimate_learn.capture.classifier import classify_user_message  # noqa: E402
from research import blind_halves  # noqa: E402
from research.capture_quality import to_messages  # noqa: E402

DATA = ROOT / "research" / "data"
BLIND = DATA / "corrections_blind1.jsonl"  # the first set (kept as the default of load(), half_of())
BLIND1_PREFIX = "blind1-half:"
HALVES = ("A", "B")
WITH, WITHOUT = True, False
# A third mode, for a set whose rows carry the agent's next answer (`reply`, from the tenth set on): the answer before
# the message and the reply after it, as `learn capture` passes both when the transcript has them.
REPLY = "reply"
Mode = bool | str

# (commit, UTC time, what it was, {(half or "all", with_answer): (precision, recall, TP, FP, FN, TN)})
Measured = tuple[str, str, str, dict[tuple[str, bool], tuple[float, float, int, int, int, int]]]


@dataclass(frozen=True)
class BlindSet:
    key: str
    path: Path
    writer: str  # who wrote it, as the section names them
    title: str  # the section's heading
    prefix: str | None  # the halves' hash prefix; None: no halves, the whole set is held back (counts only)
    modes: tuple[bool, ...]  # scored with the answer (True) and/or without it (False)
    describe: str  # what the set is, after its counts in the section's first paragraph
    measured: list[Measured] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # a set held back whole: each look's counts per category (commit, UTC time, what, {"all, with": {category: {tp, fp,
    # fn, tn}}, "all, without": …}), as `--numbers --json` printed them
    looks: list[tuple[str, str, str, dict[str, dict[str, dict[str, int]]]]] = field(default_factory=list)
    # a set without halves that was held back in an earlier session and has been read since (dev data): its errors may be
    # listed (`--errors all`, and in its section)
    readable: bool = False
    # a set held back whole: its section shows the looks recorded in `measured`/`looks` only and never scores this
    # checkout, so regenerating RESULTS.md spends none of its looks (each look is `--numbers --json`, recorded by hand)
    recorded_only: bool = False


def half_of(text: str, prefix: str = BLIND1_PREFIX) -> str:
    """"A" or "B": the first byte of SHA-256 over the set's prefix and the text, even for A (`research.blind_halves`).
    Fixed before any row was read; it never looks at the answer, the label, the category or the verdict."""
    return blind_halves.half_of(text, prefix)


def load(path: Path = BLIND) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]


def answer_of(row: dict[str, Any]) -> str | None:
    """The agent's last words before the message, as the real sessions pass them (None when the row has none, or when
    the message opens the session)."""
    if (row.get("context") or {}).get("first"):
        return None
    answer = row.get("answer")
    return answer if isinstance(answer, str) and answer.strip() else None


def reply_of(row: dict[str, Any]) -> str | None:
    """The agent's next answer after the message (the tenth set on), as the real sessions pass it; None when none."""
    reply = row.get("reply")
    return reply if isinstance(reply, str) and reply.strip() else None


def verdict_of(row: dict[str, Any], with_answer: Mode = True) -> Any:
    """The verdict without the answer (False), with it (True), or with it and the agent's reply after it (REPLY)."""
    msg, previous = to_messages(row)
    if with_answer == REPLY:
        return classify_user_message(msg, previous, answer=answer_of(row), reply=reply_of(row))
    return classify_user_message(msg, previous, answer=answer_of(row) if with_answer else None)


def _scores(c: Counter[str]) -> dict[str, Any]:
    tp, fp, fn, tn = c["tp"], c["fp"], c["fn"], c["tn"]
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1, "tp": tp, "fp": fp, "fn": fn, "tn": tn,
            "n": tp + fp + fn + tn}


def evaluate(rows: list[dict[str, Any]], half: str | None = None, with_answer: Mode = True,
             prefix: str | None = None) -> dict[str, Any]:
    """Counts for one half (``prefix`` names the set's halves) or the whole of ``rows`` (``half=None``), with or
    without the answer: overall, per category (``+name`` for corrections, ``-name`` for the rest), and the errors
    (text, answer, category, note, context, the verdict's reason)."""
    counts: Counter[str] = Counter()
    by_category: dict[str, Counter[str]] = defaultdict(Counter)
    errors: list[dict[str, Any]] = []
    for row in rows:
        if half is not None and half_of(row["text"], prefix or BLIND1_PREFIX) != half:
            continue
        verdict = verdict_of(row, with_answer)
        label = bool(row["label"])
        outcome = ("tp" if verdict.correction else "fn") if label else ("fp" if verdict.correction else "tn")
        counts[outcome] += 1
        by_category[("+" if label else "-") + row.get("category", "?")][outcome] += 1
        if outcome in ("fp", "fn"):
            errors.append({"outcome": outcome, "text": row["text"], "answer": answer_of(row) or "", "reply": reply_of(row) or "",
                           "category": row.get("category", "?"), "note": row.get("note", ""),
                           "context": row.get("context"), "reason": verdict.reason})
    result = _scores(counts)
    result["by_category"] = {k: dict(v) for k, v in sorted(by_category.items())}
    result["errors"] = errors
    return result


def _parts(blind: BlindSet, halves: tuple[str, ...] = HALVES) -> tuple[str, ...]:
    return halves if blind.prefix else ("all",)


def _evaluate_part(blind: BlindSet, rows: list[dict[str, Any]], part: str, with_answer: Mode) -> dict[str, Any]:
    return evaluate(rows, None if part == "all" else part, with_answer, blind.prefix)


def _mode(with_answer: Mode) -> str:
    if with_answer == REPLY:
        return "with the answer and the reply"
    return "with the answer" if with_answer else "without the answer"


def _mode_key(with_answer: Mode) -> str:
    """The mode's word in `--json` keys and tables: "with", "without", "with reply"."""
    if with_answer == REPLY:
        return "with reply"
    return "with" if with_answer else "without"


def _part_name(part: str) -> str:
    return "the whole set" if part == "all" else f"half {part}"


def _line(name: str, r: dict[str, Any]) -> str:
    return (f"{name}: precision {r['precision']:.3f} recall {r['recall']:.3f} (TP {r['tp']}, FP {r['fp']}, FN {r['fn']}, "
            f"TN {r['tn']}; {r['n']} messages)")


def _category_cell(counts: dict[str, int], positive: bool) -> str:
    if positive:
        return f"{counts.get('tp', 0)}/{counts.get('tp', 0) + counts.get('fn', 0)}"
    return f"{counts.get('fp', 0)}/{counts.get('fp', 0) + counts.get('tn', 0)}"


def counts(blind: BlindSet, rows: list[dict[str, Any]], halves: tuple[str, ...] = HALVES) -> dict[str, Any]:
    """Counts only, as data: ``{"<part>, <mode>": {precision, recall, tp, fp, fn, tn, n, by_category}}``, no text."""
    out: dict[str, Any] = {}
    for with_answer in blind.modes:
        for part in _parts(blind, halves):
            r = _evaluate_part(blind, rows, part, with_answer)
            out[f"{part}, {_mode_key(with_answer)}"] = {k: v for k, v in r.items() if k != "errors"}
    return out


def numbers(blind: BlindSet, halves: tuple[str, ...] = HALVES, rows: list[dict[str, Any]] | None = None) -> str:
    """Counts only, overall and per category (caught/total for corrections, flagged/total for the rest), in each of
    the set's modes: no message text, no error, the way to measure half B (or a set without halves) without reading
    it. ``halves=("A",)`` while tuning spends no look at half B."""
    rows = load(blind.path) if rows is None else rows
    lines = []
    for with_answer in blind.modes:
        parts = _parts(blind, halves)
        results = {p: _evaluate_part(blind, rows, p, with_answer) for p in parts}
        lines += [_line(f"{_part_name(p)}, {_mode(with_answer)}", results[p]) for p in parts]
        categories = sorted(set().union(*(set(r["by_category"]) for r in results.values())))
        lines.append(f"per category, {_mode(with_answer)} (" + " | ".join(parts) + "): " + "; ".join(
            f"{c} " + " | ".join(_category_cell(results[p]["by_category"].get(c, {}), c.startswith("+")) for p in parts)
            for c in categories))
    return "\n".join(lines) + "\n"


def errors(blind: BlindSet, half: str, rows: list[dict[str, Any]] | None = None) -> str:
    """The errors of half A (with the answer where the set has answers), to tune on. Half B's are listed only by
    :func:`main`, after the last tuning; a set without halves never shows an error, unless it has been read since it was
    held back (``readable``: ``half="all"``)."""
    if blind.prefix is None and blind.readable:
        if half != "all":
            raise SystemExit(f"{blind.path.name} has no halves and has been read: ask for --errors all")
    elif blind.prefix is None:
        raise SystemExit(f"{blind.path.name} has no halves: it is measured with --numbers only, and none of its "
                         "messages or errors may be read")
    elif half != "A":
        raise SystemExit("only half A's errors may be read while tuning; half B is measured with --numbers")
    with_answer = _errors_mode(blind)
    part = None if half == "all" else "A"
    r = evaluate(load(blind.path) if rows is None else rows, part, with_answer, blind.prefix)
    lines = [_line(f"{'the whole set' if part is None else 'half A'}, {_mode(with_answer)}", r), ""]
    for e in r["errors"]:
        context = f" {json.dumps(e['context'], sort_keys=True)}" if e["context"] else ""
        answer = f" | answer: {e['answer'] or '–'}\n   " if WITH in blind.modes else ""
        lines.append(f"{e['outcome'].upper()} | {e['category']}{context}{answer} | {e['text']} | {e['note'] or '–'} | "
                     f"{e['reason'] or '–'}")
    return "\n".join(lines) + "\n"


def _errors_mode(blind: BlindSet) -> Mode:
    """The mode a set's errors are listed in: with the answer and the reply where its rows carry the reply (as `learn
    capture` reads a transcript), else its first mode."""
    return REPLY if REPLY in blind.modes else blind.modes[0]


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _short(text: str, limit: int = 160) -> str:
    text = _cell(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _look_mode(key: str) -> str:
    """A recorded look's key ("all, with", "all, without", "all, with reply") as a column's words."""
    return {"with": "with the answer", "without": "without the answer",
            "with reply": "with the answer and the reply"}.get(key.split(", ")[1], key.split(", ")[1])


def _mode_header(with_answer: Mode, blind: BlindSet) -> str:
    if len(blind.modes) == 1:
        return ""
    if with_answer == REPLY:
        return " with answer and reply"
    return " with answer" if with_answer else " without"


def _looks_table(blind: BlindSet, cells_of: list[tuple[str, bool]]) -> list[str]:
    header = " | ".join(f"{_part_name(p).replace('the whole set', 'all')}{_mode_header(a, blind)}" for p, a in cells_of)
    lines = [f"| when | commit | what | {header} |", "|---|---|---|" + "---|" * len(cells_of)]
    for commit, when, what, cells in blind.measured:
        shown = []
        for key in cells_of:
            if key not in cells:  # a look that did not score this mode
                shown.append("–")
                continue
            p, r, tp, fp, fn, _ = cells[key]
            shown.append(f"{p:.3f} / {r:.3f} ({tp}, {fp}, {fn})")
        lines.append(f"| {when} | {commit} | {what} | " + " | ".join(shown) + " |")
    return lines + ["", "(cells: precision / recall (TP, FP, FN); –: not scored at that look)", ""]


def _looks_by_category(blind: BlindSet) -> list[str]:
    columns = [(when, key) for _, when, _, by in blind.looks for key in sorted(by, key=lambda k: ("without" in k, "reply" in k))]
    lines = ["By category at each look (counts recorded then; `+` caught/total, `-` flagged/total):", "",
             "| category | " + " | ".join(f"{when} {_look_mode(key)}" for when, key in columns) + " |",
             "|---|" + "---:|" * len(columns)]
    looked = {(when, key): by[key] for _, when, _, by in blind.looks for key in by}
    for c in sorted(set().union(*(set(v) for v in looked.values()))):
        lines.append(f"| {c} | " + " | ".join(_category_cell(looked[col].get(c, {}), c.startswith("+"))
                                             for col in columns) + " |")
    return lines


def _recorded(blind: BlindSet) -> str:
    """The section of a set held back whole: the looks recorded when they were taken, nothing scored now, no message."""
    rows = load(blind.path)
    positives = sum(1 for r in rows if r["label"])
    answered = sum(1 for r in rows if answer_of(r))
    lines = [f"## {blind.title}", "", f"Data: `research/data/{blind.path.name}`, {len(rows)} messages ({positives} "
             f"corrections, {len(rows) - positives} not; {answered} with the agent's last words before them), written "
             f"by {blind.writer} {blind.describe}", ""]
    cells_of = [(p, a) for p in _parts(blind) for a in blind.modes]
    if blind.measured:
        lines += _looks_table(blind, cells_of)
    if blind.looks:
        lines += _looks_by_category(blind)
    lines += ["", *blind.notes]
    return "\n".join(lines) + "\n"


def main(name: str = "blind1") -> str:
    """The Markdown section of the registered set ``name`` ("blind1", "blind2", "blind3")."""
    blind = SETS[name]
    if blind.recorded_only:
        return _recorded(blind)
    rows = load(blind.path)
    parts = _parts(blind)
    results = {(p, a): _evaluate_part(blind, rows, p, a) for p in parts for a in blind.modes}
    positives = sum(1 for r in rows if r["label"])
    answered = sum(1 for r in rows if answer_of(r))
    said = f" ({positives} corrections, {len(rows) - positives} not"
    said += f"; {answered} with the agent's last words before them)" if answered else ")"
    lines = [f"## {blind.title}", "", f"Data: `research/data/{blind.path.name}`, {len(rows)} messages{said}, written by "
             f"{blind.writer} {blind.describe}", ""]
    cells_of = [(p, a) for p in parts for a in blind.modes]
    if blind.measured:
        header = " | ".join(f"{_part_name(p).replace('the whole set', 'all')}{_mode_header(a, blind)}"
                            for p, a in cells_of)
        lines += [f"| when | commit | what | {header} |", "|---|---|---|" + "---|" * len(cells_of)]
        for commit, when, what, cells in blind.measured:
            shown = []
            for key in cells_of:
                p, r, tp, fp, fn, _ = cells[key]
                shown.append(f"{p:.3f} / {r:.3f} ({tp}, {fp}, {fn})")
            lines.append(f"| {when} | {commit} | {what} | " + " | ".join(shown) + " |")
        lines += ["", "(cells: precision / recall (TP, FP, FN))", ""]
    lines += ["Now (this checkout):", "", "| part | answer | n | precision | recall | F1 | TP | FP | FN | TN |",
              "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for p, a in cells_of:
        r = results[(p, a)]
        lines.append(f"| {_part_name(p)} | {_mode_key(a)} | {r['n']} | {r['precision']:.3f} | "
                     f"{r['recall']:.3f} | {r['f1']:.3f} | {r['tp']} | {r['fp']} | {r['fn']} | {r['tn']} |")
    if blind.prefix:
        for a in blind.modes:
            both = evaluate(rows, None, a)
            lines.append(f"| both | {_mode_key(a)} | {both['n']} | {both['precision']:.3f} | "
                         f"{both['recall']:.3f} | {both['f1']:.3f} | {both['tp']} | {both['fp']} | {both['fn']} | "
                         f"{both['tn']} |")
    categories = sorted(set().union(*(set(r["by_category"]) for r in results.values())))
    header = " | ".join(f"{_part_name(p)} {_mode(a)}" for p, a in cells_of)
    lines += ["", "By category (`+` corrections: caught/total; `-` not: flagged/total):", "",
              f"| category | {header} |", "|---|" + "---:|" * len(cells_of)]
    for c in categories:
        lines.append(f"| {c} | " + " | ".join(_category_cell(results[k]["by_category"].get(c, {}), c.startswith("+"))
                                             for k in cells_of) + " |")
    if blind.looks:
        columns = [(when, key) for _, when, _, by in blind.looks for key in sorted(by, key=lambda k: ("without" in k, "reply" in k))]
        lines += ["", "By category at each look (counts recorded then; `+` caught/total, `-` flagged/total):", "",
                  "| category | " + " | ".join(f"{when} {_look_mode(key)}" for when, key in columns) + " |",
                  "|---|" + "---:|" * len(columns)]
        looked = {(when, key): by[key] for _, when, _, by in blind.looks for key in by}
        for c in sorted(set().union(*(set(v) for v in looked.values()))):
            lines.append(f"| {c} | " + " | ".join(_category_cell(looked[col].get(c, {}), c.startswith("+"))
                                                 for col in columns) + " |")
    if blind.prefix or blind.readable:
        mode = _errors_mode(blind)
        errs = results[("B" if blind.prefix else "all", mode)]["errors"]
        answers = WITH in blind.modes
        replies = mode == REPLY
        which = "half B" if blind.prefix else "the set (read since it was held back)"
        scored = " with the answer and the reply" if replies else " with the answer" if answers else ""
        lines += ["", f"Every error of {which}{scored} ({len(errs)}; all rows written by "
                  f"{blind.writer.split(' ')[0]}): FP = flagged but written as not a correction, FN = a written "
                  "correction it missed.", ""]
        if replies:
            lines += ["| | category | the agent's last words (shortened) | message | the agent's reply (opening) | writer's note | "
                      "classifier |", "|---|---|---|---|---|---|---|"]
        elif answers:
            lines += ["| | category | the agent's last words (shortened) | message | writer's note | classifier |",
                      "|---|---|---|---|---|---|"]
        else:
            lines += ["| | category | message | writer's note | classifier |", "|---|---|---|---|---|"]
        for e in errs:
            context = f" ({', '.join(f'{k}={v}' for k, v in sorted(e['context'].items()))})" if e["context"] else ""
            said = f" {_short(e['answer']) or '–'} |" if answers else ""
            reply = f" {_short(e.get('reply') or '', 100) or '–'} |" if replies else ""
            lines.append(f"| {e['outcome'].upper()} | {e['category']}{context} |{said} {_cell(e['text'])} |{reply} "
                         f"{_cell(e['note']) or '–'} | {_cell(e['reason']) or '–'} |")
    lines += ["", *blind.notes]
    return "\n".join(lines) + "\n"


SETS: dict[str, BlindSet] = {}


def _register(blind: BlindSet) -> None:
    SETS[blind.key] = blind


_register(BlindSet(
    key="blind1",
    path=DATA / "corrections_blind1.jsonl",
    writer="cwrite (a helper of session 2026-12-05 #9 who never read the classifier)",
    title="Capture: the correction classifier on a blind written set (issue 20, halves A and B)",
    prefix=BLIND1_PREFIX,
    modes=(WITHOUT,),
    describe="in issue 20's groups, from the issue, the format of `corrections.jsonl` and `capture_quality.to_messages` "
             "only (`research/data/corrections_blind1_README.md`). Scored as `corrections.jsonl` is (each row's session "
             "context, no answer text). Two fixed halves by a hash of the text (`half_of`, \"blind1-half:\"), written "
             "down before a row was read: half A was read and tuned on, half B was measured by counts only and its "
             "errors are listed below, after the last tuning.",
    measured=[
        ("1095878c, 3ea949e8", "06:30", "first sight: before any row was read (main at the session's start, and after "
         "the still-crashing fix written before the set landed: the same counts)",
         {("A", WITHOUT): (1.000, 0.493, 37, 0, 38, 53), ("B", WITHOUT): (0.968, 0.545, 30, 1, 25, 56)}),
        ("draft on 9cb3046a", "06:33", "a first draft of the rules written from half A's errors (`--numbers` printed both "
         "halves: the first of the two looks at half B)",
         {("A", WITHOUT): (1.000, 0.853, 64, 0, 11, 53), ("B", WITHOUT): (0.969, 0.564, 31, 1, 24, 56)}),
        ("R25-2 fixes on 00e471f6", "07:02", "after the landed rules, the same groups in eight languages and review25's "
         "R25-2 narrowings (\"how come … now?\" dropped): the second and last look at half B while tuning",
         {("A", WITHOUT): (1.000, 0.933, 70, 0, 5, 53), ("B", WITHOUT): (0.970, 0.582, 32, 1, 23, 56)}),
    ],
    notes=[
        "What was tuned: half A's 38 misses (no false alarm) were read at 06:31 and `capture/indirect.py` written from "
        "their groups as general forms, each with typed look-alikes that must stay quiet "
        "(tests/capture_text/test_indirect_*.py), then the same groups in eight other languages and a second round "
        "written from no message; review25's look-alikes narrowed them by the shape of the rest of the message (a "
        "purpose after a question, new work or a lookup after a recalled fact, going on or accepting in the same "
        "breath, the person's own find). Half B was counted twice while tuning (the table above) and read only when "
        "this section was generated, after the last change to the classifier. Both halves have been read since: the "
        "whole set is dev data.",
        "",
        "What carried: half A's recall rose from 0.493 to 0.933 and half B's from 0.545 to 0.582 (two of its 25 misses; "
        "the second round written from no message and the later narrowings left half B as it was at 07:02), at the "
        "same precision: rules written from one half's errors carry little to messages their writer did not read, as "
        "the real-session folds showed in the earlier passes. The same rules moved nothing on the real-session dev "
        "split (not one flag gained or lost) and nothing on `corrections.jsonl`; on the real held-out split (numbers "
        "only) one correction more was found (0.778 / 0.429 -> 0.779 / 0.430, counted three times, the last at 08:07 "
        "on 72218452).",
        "",
        "Limits: one writer, who wrote both halves in one sitting, so the halves share a style that a second writer "
        "would not; rows are scored without the answer they replied to (as `corrections.jsonl` is), so a report that "
        "the agent's work is broken counts only when its own words carry the fault (in capture, after an answer that "
        "claims done work, more of them count); half B holds 55 corrections, so one message moves its recall by 0.018.",
    ],
))

_register(BlindSet(
    key="blind2",
    path=DATA / "corrections_blind2.jsonl",
    writer="cwrite2 (a helper of session 2026-12-05 #10 who never read the classifier)",
    title="Capture: the correction classifier on a second blind written set, with the agent's answer (issue 20)",
    prefix=blind_halves.BLIND2,
    modes=(WITH, WITHOUT),
    describe="(`research/data/corrections_blind2_README.md`). Scored with the answer passed to the classifier as the "
             "real sessions are (`classifier_real.py`), and without it as `corrections.jsonl` and the first blind set "
             "are. Two fixed halves by a hash of the text (`half_of`, \"blind2-half:\"), written down before a row was "
             "read: half A was read and tuned on, half B was measured by counts only and its errors are listed below, "
             "after the last tuning.",
    measured=[
        ("9237e4f2", "09:16", "first sight: before any row was read (the classifier as at the session's start, b9150722)",
         {("A", WITH): (0.939, 0.676, 46, 3, 22, 54), ("A", WITHOUT): (0.870, 0.588, 40, 6, 28, 51),
          ("B", WITH): (0.950, 0.613, 38, 2, 24, 51), ("B", WITHOUT): (0.917, 0.532, 33, 3, 29, 50)}),
        ("147abdd3 (landed as 6bf27de9)", "09:44", "after the round written from half A's errors: the first of two looks "
         "at half B (counts only)",
         {("A", WITH): (1.000, 0.971, 66, 0, 2, 57), ("A", WITHOUT): (0.946, 0.779, 53, 3, 15, 54),
          ("B", WITH): (0.950, 0.613, 38, 2, 24, 51), ("B", WITHOUT): (0.917, 0.532, 33, 3, 29, 50)}),
    ],
    notes=[
        "What was tuned: half A's 25 errors (22 misses, 3 false alarms; read at 09:17) gave a round of general forms, "
        "each with typed look-alikes that must stay quiet in English and other languages (tests/capture_text/"
        "test_indirect_third_round.py): disbelief at the agent's act, \"you said you'd …\", undo asked, \"shouldn't X be "
        "…, not just …?\", where things live and the only way a thing is done, \"no X please, we use Y\", reminders "
        "without a colon, a figure off by an amount, a redirect loop, a value shown as \"undefined\", a thing done "
        "twice, a JS error class pasted, \"いいえ、X ではなく Y\"; and quiet: the person's own slip, \"nothing changed\" "
        "inside a condition. Then, written from no message: a report in the result's own words after done work, the "
        "agent's earlier work named with its fault inside a new request, hedged ways back to what was there, and "
        "cls25's and review25's residuals by shape (tests/capture_text/test_classifier_residuals_cls26.py). Half B was "
        "counted once while tuning (09:44, the table above) and read only when this section was generated, after the "
        "last change to the classifier (10:12 on the commit that registered it). Both halves have been read since: the "
        "whole set is dev data.",
        "",
        "What carried: half A's recall with the answer rose from 0.676 to 0.971 (precision 0.939 -> 1.000); half B's "
        "did not move: the first round, written from half A's errors, carried nothing (half B the same at 09:44); the "
        "forms written from no message carried one of half B's 24 misses (0.629, TP 39, at 10:12 on 02e50daa, when "
        "half B's errors were read); then review26's R26-4 guard (a report followed by new work that asks no fix is "
        "quiet) withdrew one buried correction whose fix is asked \"after that\", and half B is back at 0.613 (TP 38, "
        "counted a third time at 10:58 to keep this section true; the guard was left as it is, since half B had been "
        "read). The answer matters: without it half B finds 34 and with it 38 (the same classifier), because a report "
        "that the result is broken counts only after an answer that claimed the work. The same rules moved nothing on "
        "the real-session dev split (not one flag gained or lost) and found one `corrections.jsonl` held-out row more; "
        "on the real held-out split (numbers only, once) 0.779 / 0.430 -> 0.778 / 0.434 (two reports more, one false "
        "alarm more).",
        "",
        "Read in half B's errors after the last change, left for the next pass (not tuned on, since this half is now "
        "read): most misses are reports after done work that set the answer's own claim against what the person sees "
        "(\"you said all tests pass but 12 fail\", \"it compiles now but the output file is 0 bytes\", \"the toggle "
        "flips the icon but the colors stay light\"): the shape the brief names (a claim of done work followed by a "
        "complaint) read as \"<the claimed thing> works, but <another part> does not\", which no table holds in "
        "general; conventions stated as plain facts (\"PRs go against develop, main is release only\"); corrections "
        "buried after praise in a longer message.",
        "",
        "Limits: one writer, who wrote both halves in one sitting, so the halves share a style; the answers are 1-3 "
        "sentences written for the row, shorter than an agent's; half B holds 62 corrections, so one message moves its "
        "recall by 0.016.",
    ],
))

_register(BlindSet(
    key="blind3",
    path=DATA / "corrections_blind3.jsonl",
    writer="cwrite3 (a helper of session 2026-12-05 #11 who never read the classifier)",
    title="Capture: the correction classifier on a third blind written set, held back in session #11, dev data since (issue 20)",
    prefix=None,
    modes=(WITH, WITHOUT),
    readable=True,
    describe="(`research/data/corrections_blind3_README.md`). Scored with the answer passed to the classifier as the "
             "real sessions are, and without it. No halves: in session #11 the whole set was held back as the measure "
             "of carry for cls27's forms, scored by counts only three times (the looks below) and never read. In session "
             "#12 it became readable dev data: cls28 read its errors (15:20 UTC) and wrote guards from its false alarms' "
             "shapes, so from then on it measures fit, not carry; the measure of carry is the fourth set (its own "
             "section). Every error of this checkout is listed below.",
    measured=[
        ("f782cf16 (the classifier as at a95e9e48)", "12:19", "first sight: before any row was read and before any change "
         "of this session to the classifier (the first of at most three looks)",
         {("all", WITH): (0.912, 0.664, 73, 7, 37, 123), ("all", WITHOUT): (0.875, 0.573, 63, 9, 47, 121)}),
        ("4af2ff97", "13:40", "after cls27's third classifier landing (15dff783: the claim set against what the person "
         "sees, a norm stated about what the answer did, a correction after praise, and the look-alike guards); the second "
         "look. review27's R27-5/R27-6 fix landed after it (about 14:05) and was not counted on this set: its three "
         "scorings were spent",
         {("all", WITH): (0.916, 0.691, 76, 7, 34, 123), ("all", WITHOUT): (0.875, 0.573, 63, 9, 47, 121)}),
    ],
    looks=[
        ("f782cf16", "12:19", "first sight", {
            "all, with": {"+broken_after_done": {"fn": 13, "tp": 21}, "+buried": {"fn": 7, "tp": 3},
                          "+challenge_question": {"fn": 3, "tp": 12}, "+convention": {"fn": 6, "tp": 4},
                          "+explicit": {"tp": 11}, "+hedged": {"fn": 5, "tp": 6}, "+reminder": {"fn": 2, "tp": 8},
                          "+shorthand": {"fn": 1, "tp": 8}, "-approval": {"tn": 15}, "-continue_after_interrupt": {"tn": 8},
                          "-existing_bug": {"fp": 1, "tn": 11}, "-first_rules": {"tn": 12}, "-neutral_question": {"tn": 15},
                          "-own_mistake": {"fp": 3, "tn": 5}, "-paste_with_request": {"tn": 12}, "-plain_request": {"tn": 8},
                          "-request_with_cue": {"fp": 2, "tn": 20}, "-status": {"fp": 1, "tn": 9}, "-thanks": {"tn": 8}},
            "all, without": {"+broken_after_done": {"fn": 21, "tp": 13}, "+buried": {"fn": 7, "tp": 3},
                             "+challenge_question": {"fn": 3, "tp": 12}, "+convention": {"fn": 6, "tp": 4},
                             "+explicit": {"tp": 11}, "+hedged": {"fn": 5, "tp": 6}, "+reminder": {"fn": 4, "tp": 6},
                             "+shorthand": {"fn": 1, "tp": 8}, "-approval": {"fp": 1, "tn": 14},
                             "-continue_after_interrupt": {"tn": 8}, "-existing_bug": {"fp": 1, "tn": 11},
                             "-first_rules": {"tn": 12}, "-neutral_question": {"tn": 15}, "-own_mistake": {"fp": 3, "tn": 5},
                             "-paste_with_request": {"tn": 12}, "-plain_request": {"tn": 8},
                             "-request_with_cue": {"fp": 3, "tn": 19}, "-status": {"fp": 1, "tn": 9}, "-thanks": {"tn": 8}}}),
        ("4af2ff97", "13:40", "after", {"all, with": {"+broken_after_done": {"fn": 12, "tp": 22},
            "+buried": {"fn": 5, "tp": 5},
            "+challenge_question": {"fn": 3, "tp": 12},
            "+convention": {"fn": 6, "tp": 4},
            "+explicit": {"tp": 11},
            "+hedged": {"fn": 5, "tp": 6},
            "+reminder": {"fn": 2, "tp": 8},
            "+shorthand": {"fn": 1, "tp": 8},
            "-approval": {"tn": 15},
            "-continue_after_interrupt": {"tn": 8},
            "-existing_bug": {"fp": 1, "tn": 11},
            "-first_rules": {"tn": 12},
            "-neutral_question": {"tn": 15},
            "-own_mistake": {"fp": 3, "tn": 5},
            "-paste_with_request": {"tn": 12},
            "-plain_request": {"tn": 8},
            "-request_with_cue": {"fp": 2, "tn": 20},
            "-status": {"fp": 1, "tn": 9},
            "-thanks": {"tn": 8}},
            "all, without": {"+broken_after_done": {"fn": 21, "tp": 13},
            "+buried": {"fn": 7, "tp": 3},
            "+challenge_question": {"fn": 3, "tp": 12},
            "+convention": {"fn": 6, "tp": 4},
            "+explicit": {"tp": 11},
            "+hedged": {"fn": 5, "tp": 6},
            "+reminder": {"fn": 4, "tp": 6},
            "+shorthand": {"fn": 1, "tp": 8},
            "-approval": {"fp": 1, "tn": 14},
            "-continue_after_interrupt": {"tn": 8},
            "-existing_bug": {"fp": 1, "tn": 11},
            "-first_rules": {"tn": 12},
            "-neutral_question": {"tn": 15},
            "-own_mistake": {"fp": 3, "tn": 5},
            "-paste_with_request": {"tn": 12},
            "-plain_request": {"tn": 8},
            "-request_with_cue": {"fp": 3, "tn": 19},
            "-status": {"fp": 1, "tn": 9},
            "-thanks": {"tn": 8}}}),
    ],
    notes=[
        "What was written between the looks, and from what: three shapes read against the agent's answer (the answer's "
        "claim set against what the person sees: `capture/claims.py`; a norm stated as a plain fact about the very thing "
        "the answer did: `capture/conventions.py`; a correction after praise that names the agent's act: "
        "`capture/buried.py`) and guards for the look-alikes cls26's and review26's notes left firing, each written from "
        "the shape named in the brief and from sentences typed for it (tests/capture_text/test_*_cls27.py, in English and "
        "other languages), checked on the real-session dev split, the first two blind sets (both dev data by then) and "
        "`corrections.jsonl`, then tightened twice on fresh look-alikes typed after the first landing. No row of this set "
        "was read; its category names and counts were seen at each look.",
        "",
        "What carried: with the answer, recall 0.664 -> 0.691 (three corrections more: two buried after praise, one report "
        "after done work) at the same seven false alarms (precision 0.912 -> 0.916); without the answer nothing moved, as "
        "expected of forms read against the answer. Conventions stated as facts stayed at 4/10 (why was not read: the set "
        "stays blind). No false alarm was removed: the look-alike guards were written from other sentences, and the person's own "
        "mistake (3 of 8 flagged) and new requests with a cue word (2 of 22) still fire. On the real-session held-out split "
        "(numbers only, counted twice, at 13:16 on 15b43cd5 and 13:40 on 4af2ff97) 0.778 / 0.434 (TP 259, FP 74) -> 0.776 / "
        "0.436 (TP 260, FP 75): one report more, one false alarm more; the real dev split 0.955 / 0.601 -> 0.955 / 0.604 "
        "(TP 549 -> 551, FP 26).",
        "",
        "Limits: one writer (cwrite3; what the writer read is in the set's README, which this scorer's author did not "
        "need to read); 110 corrections, so one message moves recall by 0.009. The set was scored three times in the session: the two "
        "looks above and this section's generation on the commit of the second look (the same classifier: the same "
        "counts).",
        "",
        "Read in session #12 (cls28, 15:20 UTC, after the fourth set's first look): with the answer its 7 false alarms "
        "were the person's own slip (3: \"I was on the wrong branch, that's why I didn't see your changes\", \"that one's "
        "on me\", \"I pasted the wrong error earlier\"), an old fault the agent was cleared of (\"it's old, not related to "
        "what we did today\"), a purpose read as a convention (\"… so we don't diverge\"), a reply to the agent's question "
        "opened by \"don't worry about …\", and a new refactor asked after an answer that only read the code (\"let's use "
        "a lookup map instead of the nested if/else in that reducer\"). Guards were written for the first four shapes, "
        "each with typed look-alikes in English and other languages (tests/capture_text/test_owned_fault_cls28.py): "
        "with the answer 0.916 / 0.691 (TP 76, FP 7) -> 0.987 / 0.691 (TP 76, FP 1); this is fit (the shapes were read "
        "here), not carry: the fourth set's looks say what carried.",
    ],
))

_register(BlindSet(
    key="blind4",
    path=DATA / "corrections_blind4.jsonl",
    writer="cwrite4 (a helper of session 2026-12-05 #12 who never read the classifier)",
    title="Capture: the correction classifier on a fourth blind written set, held back in session #12, dev data since (issue 20)",
    prefix=None,
    modes=(WITH, WITHOUT),
    readable=True,
    describe="(`research/data/corrections_blind4_README.md`). Scored with the answer passed to the classifier as the "
             "real sessions are, and without it. No halves: in session #12 the whole set was held back as the measure "
             "of carry for cls28's forms, scored by counts only three times (the looks below) and never read. In session "
             "#13 it became readable dev data: cls29 read its errors (about 17:50 UTC) and grouped them by mechanism, so from "
             "then on it measures fit, not carry; the measure of carry is the fifth set (its own section). Every error of "
             "this checkout is listed below.",
    measured=[
        ("c6e29c2e (the classifier as at 66b2ba16, the session's start)", "15:14", "first sight: before any row was read "
         "and before any change of this session to the classifier (the first of at most three looks)",
         {("all", WITH): (0.887, 0.573, 63, 8, 47, 122), ("all", WITHOUT): (0.868, 0.418, 46, 7, 64, 123)}),
        ("9ee2143c", "15:55", "mid-way: after the guards for the third set's false-alarm shapes (b129fb06: the person's "
         "own slip, an old fault the agent is cleared of, a purpose clause, \"don't worry about …\" replying), before "
         "the forms from its misses (the second look)",
         {("all", WITH): (0.9, 0.573, 63, 7, 47, 123), ("all", WITHOUT): (0.885, 0.418, 46, 6, 64, 124)}),
        ("72259f54", "16:11", "the end: after the forms from the third set's misses and review28's R28-9 narrowing (an owned "
         "fault clears only its own clause), cls28's last change to the classifier (the third and last look)",
         {("all", WITH): (0.887, 0.573, 63, 8, 47, 122), ("all", WITHOUT): (0.868, 0.418, 46, 7, 64, 123)}),
    ],
    looks=[
        ("c6e29c2e", "15:14", "first sight", {
            "all, with": {'+broken_after_done': {'fn': 17, 'tp': 19}, '+buried_in_request': {'fn': 5, 'tp': 3}, '+challenge_question': {'fn': 4, 'tp': 11}, '+classic': {'fn': 4, 'tp': 4}, '+convention_fact': {'fn': 6, 'tp': 4}, '+hedged': {'fn': 5, 'tp': 4}, '+interrupt_redirect': {'tp': 2}, '+reminder': {'fn': 5, 'tp': 7}, '+shorthand_typo': {'fn': 1, 'tp': 7}, '+tool_rejection': {'tp': 2}, '-approval_next': {'tn': 14}, '-continue_after_interrupt': {'tn': 9}, '-existing_bug': {'tn': 12}, '-first_rules': {'tn': 13}, '-neutral_question': {'fp': 1, 'tn': 12}, '-new_request': {'fp': 1, 'tn': 10}, '-own_mistake': {'fp': 2, 'tn': 7}, '-pasted_log_request': {'fp': 1, 'tn': 13}, '-request_with_cue': {'fp': 3, 'tn': 15}, '-status_update': {'tn': 10}, '-thanks': {'tn': 7}},
            "all, without": {'+broken_after_done': {'fn': 26, 'tp': 10}, '+buried_in_request': {'fn': 6, 'tp': 2}, '+challenge_question': {'fn': 4, 'tp': 11}, '+classic': {'fn': 4, 'tp': 4}, '+convention_fact': {'fn': 8, 'tp': 2}, '+hedged': {'fn': 6, 'tp': 3}, '+interrupt_redirect': {'tp': 2}, '+reminder': {'fn': 7, 'tp': 5}, '+shorthand_typo': {'fn': 3, 'tp': 5}, '+tool_rejection': {'tp': 2}, '-approval_next': {'tn': 14}, '-continue_after_interrupt': {'tn': 9}, '-existing_bug': {'tn': 12}, '-first_rules': {'tn': 13}, '-neutral_question': {'fp': 1, 'tn': 12}, '-new_request': {'fp': 1, 'tn': 10}, '-own_mistake': {'fp': 2, 'tn': 7}, '-pasted_log_request': {'tn': 14}, '-request_with_cue': {'fp': 3, 'tn': 15}, '-status_update': {'tn': 10}, '-thanks': {'tn': 7}}}),
        ("9ee2143c", "15:55", "mid-way", {
            "all, with": {'+broken_after_done': {'fn': 17, 'tp': 19}, '+buried_in_request': {'fn': 5, 'tp': 3}, '+challenge_question': {'fn': 4, 'tp': 11}, '+classic': {'fn': 4, 'tp': 4}, '+convention_fact': {'fn': 6, 'tp': 4}, '+hedged': {'fn': 5, 'tp': 4}, '+interrupt_redirect': {'tp': 2}, '+reminder': {'fn': 5, 'tp': 7}, '+shorthand_typo': {'fn': 1, 'tp': 7}, '+tool_rejection': {'tp': 2}, '-approval_next': {'tn': 14}, '-continue_after_interrupt': {'tn': 9}, '-existing_bug': {'tn': 12}, '-first_rules': {'tn': 13}, '-neutral_question': {'fp': 1, 'tn': 12}, '-new_request': {'fp': 1, 'tn': 10}, '-own_mistake': {'fp': 1, 'tn': 8}, '-pasted_log_request': {'fp': 1, 'tn': 13}, '-request_with_cue': {'fp': 3, 'tn': 15}, '-status_update': {'tn': 10}, '-thanks': {'tn': 7}},
            "all, without": {'+broken_after_done': {'fn': 26, 'tp': 10}, '+buried_in_request': {'fn': 6, 'tp': 2}, '+challenge_question': {'fn': 4, 'tp': 11}, '+classic': {'fn': 4, 'tp': 4}, '+convention_fact': {'fn': 8, 'tp': 2}, '+hedged': {'fn': 6, 'tp': 3}, '+interrupt_redirect': {'tp': 2}, '+reminder': {'fn': 7, 'tp': 5}, '+shorthand_typo': {'fn': 3, 'tp': 5}, '+tool_rejection': {'tp': 2}, '-approval_next': {'tn': 14}, '-continue_after_interrupt': {'tn': 9}, '-existing_bug': {'tn': 12}, '-first_rules': {'tn': 13}, '-neutral_question': {'fp': 1, 'tn': 12}, '-new_request': {'fp': 1, 'tn': 10}, '-own_mistake': {'fp': 1, 'tn': 8}, '-pasted_log_request': {'tn': 14}, '-request_with_cue': {'fp': 3, 'tn': 15}, '-status_update': {'tn': 10}, '-thanks': {'tn': 7}}}),
        ("72259f54", "16:11", "the end", {
            "all, with": {'+broken_after_done': {'fn': 17, 'tp': 19}, '+buried_in_request': {'fn': 5, 'tp': 3}, '+challenge_question': {'fn': 4, 'tp': 11}, '+classic': {'fn': 4, 'tp': 4}, '+convention_fact': {'fn': 6, 'tp': 4}, '+hedged': {'fn': 5, 'tp': 4}, '+interrupt_redirect': {'tp': 2}, '+reminder': {'fn': 5, 'tp': 7}, '+shorthand_typo': {'fn': 1, 'tp': 7}, '+tool_rejection': {'tp': 2}, '-approval_next': {'tn': 14}, '-continue_after_interrupt': {'tn': 9}, '-existing_bug': {'tn': 12}, '-first_rules': {'tn': 13}, '-neutral_question': {'fp': 1, 'tn': 12}, '-new_request': {'fp': 1, 'tn': 10}, '-own_mistake': {'fp': 2, 'tn': 7}, '-pasted_log_request': {'fp': 1, 'tn': 13}, '-request_with_cue': {'fp': 3, 'tn': 15}, '-status_update': {'tn': 10}, '-thanks': {'tn': 7}},
            "all, without": {'+broken_after_done': {'fn': 26, 'tp': 10}, '+buried_in_request': {'fn': 6, 'tp': 2}, '+challenge_question': {'fn': 4, 'tp': 11}, '+classic': {'fn': 4, 'tp': 4}, '+convention_fact': {'fn': 8, 'tp': 2}, '+hedged': {'fn': 6, 'tp': 3}, '+interrupt_redirect': {'tp': 2}, '+reminder': {'fn': 7, 'tp': 5}, '+shorthand_typo': {'fn': 3, 'tp': 5}, '+tool_rejection': {'tp': 2}, '-approval_next': {'tn': 14}, '-continue_after_interrupt': {'tn': 9}, '-existing_bug': {'tn': 12}, '-first_rules': {'tn': 13}, '-neutral_question': {'fp': 1, 'tn': 12}, '-new_request': {'fp': 1, 'tn': 10}, '-own_mistake': {'fp': 2, 'tn': 7}, '-pasted_log_request': {'tn': 14}, '-request_with_cue': {'fp': 3, 'tn': 15}, '-status_update': {'tn': 10}, '-thanks': {'tn': 7}}}),
    ],
    notes=[
        "What carried: nothing, by the end. The guards written from the third set's false-alarm shapes took one of the "
        "fourth set's false alarms (the person's own mistake, 2 -> 1 flagged of 9) at the mid-way look and no correction; "
        "review28's R28-9 then narrowed the owned fault to the report's own clause (an apology before a turn had silenced "
        "corrections after it), and that false alarm came back. The forms written from the third set's misses (a "
        "problem's onset placed at the agent's change, a fault back again, figures doubled, an empty result still, the app "
        "closing by itself abroad, an old thing taken after praise) found none of the fourth set's 47 misses. Every count "
        "at the end equals first sight, with and without the answer. Which rows moved was not read: the set stays blind.",
        "",
        "Limits: one writer (cwrite4; what the writer read is in the set's README); 110 corrections, so one message moves "
        "recall by 0.009; 130 not, so one false alarm moves precision by about 0.01 at these counts.",
        "",
        "Read in session #13 (cls29, about 17:50 UTC, after the set was made readable and before the fifth set landed): "
        "its 47 misses and 8 false alarms with the answer were grouped by mechanism, not by wording. Misses: after done "
        "work, the state said to go on (\"still double counting\", \"bullet still flags it\"); after a short answer that "
        "reported its act in a verb no claim word knew (\"I rewrote the query …\", \"The readiness probe now points to "
        "…\", \"Migration 0042 is written\"), a report the classifier did not read as one on done work; a challenge "
        "naming what the codebase uses instead; conventions as plain facts; hedges; a correction buried after new work; "
        "other languages. False alarms: the person taking back their own request after the agent did as asked (2), a "
        "thing's \"should always / never\" stated for new work (2), a challenge disclaimed (\"not a complaint\"), output "
        "shown then new work asked, \"we already have X\" as a premise of new work, a prohibition inside new work. "
        "Written once each, with typed look-alikes (tests/capture_text/test_mechanisms_cls29.py): the state said to go "
        "on (`capture/persisting.py`), the short act (`cues.DONE_ACT`), the request taken back, the challenge disclaimed, "
        "output then new work. Measured on data it was not written from before it was kept: the short act found 1 more "
        "on real dev (fold 2), 1 on the second set, 1 on the third, no false alarm; the state said to go on, first form, "
        "1 more and 2 false alarms on real dev (folds 0 and 3), narrowed by their shapes to 1 more (fold 1) and none; the "
        "\"we already have\" premise lost a first-sight right flag of real dev and removed no false one (dropped before "
        "landing); a thing's \"should always / never\" lost a dev correction for one false alarm of the second set "
        "(landed, then undone). The guards written from this set's false alarms moved nothing on other readable data; "
        "the fifth set's looks say what carried. Now: with the answer 0.887 / 0.573 (TP 63, FP 8) -> 0.932 / 0.627 "
        "(TP 69, FP 5), fit, not carry.",
    ],
))


_register(BlindSet(
    key="blind5",
    path=DATA / "corrections_blind5.jsonl",
    writer="cwrite5 (a helper of session 2026-12-05 #13 who never read the classifier)",
    title="Capture: the correction classifier on a fifth blind written set, held back in session #13, dev data since (issue 20)",
    prefix=None,
    modes=(WITH, WITHOUT),
    readable=True,
    describe="(`research/data/corrections_blind5_README.md`). Scored with the answer passed to the classifier as the "
             "real sessions are, and without it. No halves: in session #13 the whole set was held back as the measure "
             "of carry for the mechanisms cls29 wrote from other data, scored by counts only three times (the looks "
             "below) and never read. In session #14 it became readable dev data: cls30 read its errors (about 20:50 "
             "UTC) and grouped them by mechanism, so from then on it measures fit, not carry; the measure of carry is "
             "the sixth set (its own section). Every error of this checkout is listed below.",
    measured=[
        ("b11f4693 (the classifier as at edb30a48, the session's start)", "18:22", "first sight: before any row was read "
         "and before any change of this session to the classifier (the first of at most three looks)",
         {("all", WITH): (0.947, 0.645, 71, 4, 39, 126),
          ("all", WITHOUT): (0.887, 0.573, 63, 8, 47, 122)}),
        ("bb3ccf6d", "18:49", "mid-way: after cls29's classifier landing (the state said to go on after done work, a short "
         "answer reporting an act, the person's own request taken back after the agent did as asked, a challenge "
         "disclaimed, output then new work, a thing's \"should always / never\" left out); the second look",
         {("all", WITH): (0.973, 0.664, 73, 2, 37, 128), ("all", WITHOUT): (0.886, 0.564, 62, 8, 48, 122)}),
        ("423647e6", "18:54", "the end: after the \"should always / never\" change was undone (it had not held on data it "
         "was not written from: real dev and the second blind set), cls29's last change to the classifier (the third and "
         "last look)",
         {("all", WITH): (0.974, 0.673, 74, 2, 36, 128), ("all", WITHOUT): (0.887, 0.573, 63, 8, 47, 122)}),
    ],
    looks=[
        ("b11f4693", "18:22", "first sight", {
            "all, with": {'+broken_after_done': {'fn': 13, 'tp': 23}, '+buried': {'fn': 5, 'tp': 3}, '+challenge_question': {'fn': 5, 'tp': 10}, '+classic': {'fn': 1, 'tp': 9}, '+convention': {'fn': 5, 'tp': 6}, '+hedged': {'fn': 7, 'tp': 3}, '+reminder': {'fn': 3, 'tp': 8}, '+shorthand_typo': {'tp': 9}, '-approval': {'tn': 15}, '-continue_after_interrupt': {'tn': 8}, '-existing_bug': {'tn': 12}, '-first_message_rules': {'tn': 16}, '-log_with_request': {'tn': 12}, '-new_request_cue_words': {'tn': 21}, '-own_mistake': {'fp': 4, 'tn': 6}, '-question_neutral': {'tn': 17}, '-status_update': {'tn': 11}, '-thanks': {'tn': 8}},
            "all, without": {'+broken_after_done': {'fn': 18, 'tp': 18}, '+buried': {'fn': 5, 'tp': 3}, '+challenge_question': {'fn': 5, 'tp': 10}, '+classic': {'fn': 1, 'tp': 9}, '+convention': {'fn': 7, 'tp': 4}, '+hedged': {'fn': 7, 'tp': 3}, '+reminder': {'fn': 3, 'tp': 8}, '+shorthand_typo': {'fn': 1, 'tp': 8}, '-approval': {'tn': 15}, '-continue_after_interrupt': {'tn': 8}, '-existing_bug': {'tn': 12}, '-first_message_rules': {'tn': 16}, '-log_with_request': {'tn': 12}, '-new_request_cue_words': {'fp': 4, 'tn': 17}, '-own_mistake': {'fp': 4, 'tn': 6}, '-question_neutral': {'tn': 17}, '-status_update': {'tn': 11}, '-thanks': {'tn': 8}}}),
        ("bb3ccf6d", "18:49", "mid-way", {
            "all, with": {'+broken_after_done': {'fn': 11, 'tp': 25}, '+buried': {'fn': 5, 'tp': 3}, '+challenge_question': {'fn': 5, 'tp': 10}, '+classic': {'fn': 1, 'tp': 9}, '+convention': {'fn': 4, 'tp': 7}, '+hedged': {'fn': 7, 'tp': 3}, '+reminder': {'fn': 4, 'tp': 7}, '+shorthand_typo': {'tp': 9}, '-approval': {'tn': 15}, '-continue_after_interrupt': {'tn': 8}, '-existing_bug': {'tn': 12}, '-first_message_rules': {'tn': 16}, '-log_with_request': {'tn': 12}, '-new_request_cue_words': {'tn': 21}, '-own_mistake': {'fp': 2, 'tn': 8}, '-question_neutral': {'tn': 17}, '-status_update': {'tn': 11}, '-thanks': {'tn': 8}},
            "all, without": {'+broken_after_done': {'fn': 18, 'tp': 18}, '+buried': {'fn': 5, 'tp': 3}, '+challenge_question': {'fn': 5, 'tp': 10}, '+classic': {'fn': 1, 'tp': 9}, '+convention': {'fn': 7, 'tp': 4}, '+hedged': {'fn': 7, 'tp': 3}, '+reminder': {'fn': 4, 'tp': 7}, '+shorthand_typo': {'fn': 1, 'tp': 8}, '-approval': {'tn': 15}, '-continue_after_interrupt': {'tn': 8}, '-existing_bug': {'tn': 12}, '-first_message_rules': {'tn': 16}, '-log_with_request': {'tn': 12}, '-new_request_cue_words': {'fp': 4, 'tn': 17}, '-own_mistake': {'fp': 4, 'tn': 6}, '-question_neutral': {'tn': 17}, '-status_update': {'tn': 11}, '-thanks': {'tn': 8}}}),
        ("423647e6", "18:54", "the end", {
            "all, with": {'+broken_after_done': {'fn': 11, 'tp': 25}, '+buried': {'fn': 5, 'tp': 3}, '+challenge_question': {'fn': 5, 'tp': 10}, '+classic': {'fn': 1, 'tp': 9}, '+convention': {'fn': 4, 'tp': 7}, '+hedged': {'fn': 7, 'tp': 3}, '+reminder': {'fn': 3, 'tp': 8}, '+shorthand_typo': {'tp': 9}, '-approval': {'tn': 15}, '-continue_after_interrupt': {'tn': 8}, '-existing_bug': {'tn': 12}, '-first_message_rules': {'tn': 16}, '-log_with_request': {'tn': 12}, '-new_request_cue_words': {'tn': 21}, '-own_mistake': {'fp': 2, 'tn': 8}, '-question_neutral': {'tn': 17}, '-status_update': {'tn': 11}, '-thanks': {'tn': 8}},
            "all, without": {'+broken_after_done': {'fn': 18, 'tp': 18}, '+buried': {'fn': 5, 'tp': 3}, '+challenge_question': {'fn': 5, 'tp': 10}, '+classic': {'fn': 1, 'tp': 9}, '+convention': {'fn': 7, 'tp': 4}, '+hedged': {'fn': 7, 'tp': 3}, '+reminder': {'fn': 3, 'tp': 8}, '+shorthand_typo': {'fn': 1, 'tp': 8}, '-approval': {'tn': 15}, '-continue_after_interrupt': {'tn': 8}, '-existing_bug': {'tn': 12}, '-first_message_rules': {'tn': 16}, '-log_with_request': {'tn': 12}, '-new_request_cue_words': {'fp': 4, 'tn': 17}, '-own_mistake': {'fp': 4, 'tn': 6}, '-question_neutral': {'tn': 17}, '-status_update': {'tn': 11}, '-thanks': {'tn': 8}}}),
    ],
    notes=[
        "What carried, with the answer: three corrections more (two reports after done work, one convention) and two "
        "false alarms fewer (the person's own mistake, 4 -> 2 flagged of 10): 0.947 / 0.645 (TP 71, FP 4) -> 0.974 / 0.673 "
        "(TP 74, FP 2). The first in six sessions of blind sets where the end differs from first sight in the right "
        "direction. Without the answer the end equals first sight (every mechanism of this pass reads the answer). The "
        "mid-way look lost a reminder in both modes; the only change of the pass that reads no answer and could take one "
        "was a thing's \"should always / never\" left out, which had also lost a real dev correction for one false alarm "
        "of the second set; it was undone and the reminder came back at the end. Which rows moved was not read: the "
        "set stays blind.",
        "",
        "Limits: one writer (cwrite5; what the writer read is in the set's README); 110 corrections, so one message moves "
        "recall by 0.009; 130 not, so one false alarm moves precision by about 0.01 at these counts.",
        "",
        "Read in session #14 (cls30, about 20:50 UTC, after the sixth set's first look): with the answer its 36 misses "
        "and 2 false alarms, without it 47 and 8, grouped by mechanism. False alarms: the person's own mistake owned "
        "outright (\"scratch that, I misread the requirements doc\", \"the typo came from my ticket\", \"my bad, I gave "
        "you the wrong table name\", \"me equivoqué de archivo\"), and without the answer new requests with a cue word. "
        "Misses: reports after a short answer whose sentence opens with the past tense of the work (\"Switched training "
        "to …\": no claim word knew it), corrections softened before they are said (\"sorry to be picky, but\", \"not to "
        "nitpick\", \"I might be wrong, but\", \"maybe I wasn't clear\"), the work set against the rest of the code, the "
        "claimed part granted and another failing, \"No — X is a no-go\", conventions as plain facts, reminders, "
        "corrections buried after new work, other languages. Written once each as a mechanism with typed look-alikes "
        "(tests/capture_text/test_mechanisms_cls30.py) and measured on the readable sets they were not written from "
        "before they were kept; the sixth set's looks say what carried. Now: with the answer 0.974 / 0.673 (TP 74, "
        "FP 2) -> 1.000 / 0.773 (TP 85, FP 0); without 0.887 / 0.573 (TP 63, FP 8) -> 0.941 / 0.582 (TP 64, FP 4): "
        "fit, not carry.",
    ],
))


_register(BlindSet(
    key="blind6",
    path=DATA / "corrections_blind6.jsonl",
    writer="cwrite6 (a helper of session 2026-12-05 #14 who never read the classifier)",
    title="Capture: the correction classifier on a sixth blind written set, held back in session #14, dev data since (issue 20)",
    prefix=None,
    modes=(WITH, WITHOUT),
    readable=True,
    describe="(`research/data/corrections_blind6_README.md`). Scored with the answer passed to the classifier as the "
             "real sessions are, and without it. No halves: in session #14 the whole set was held back as the measure "
             "of carry for the mechanisms cls30 wrote from other data, scored by counts only three times (the looks "
             "below) and never read. In session #15 it became readable dev data (cls31), so from then on it measures "
             "fit, not carry; the measure of carry is the seventh set (its own section). Every error of this checkout "
             "is listed below.",
    measured=[
        ("bdaa6579 (the classifier as at 09a17058, the session's start)", "20:44", "first sight: before any row was read "
         "and before any change of this session to the classifier (the first of at most three looks)",
         {("all", WITH): (0.918, 0.496, 56, 5, 57, 122),
          ("all", WITHOUT): (0.854, 0.363, 41, 7, 72, 120)}),
        ("a761b8ed", "21:53", "mid-way: after cls30's first two classifier landings (a correction softened, the answer's "
         "report opened by the verb, the person's own mistake owned outright, the agent's offer taken, a reply's apology for "
         "a limit, a model router's refusal); the second look",
         {("all", WITH): (0.921, 0.513, 58, 5, 55, 122), ("all", WITHOUT): (0.854, 0.363, 41, 7, 72, 120)}),
        ("64774a86", "22:18", "the end: after the third landing (the work set against the rest of the code, the claimed part "
         "granted and another timing out, \"No — X is a no-go\", a rule stated after a skeleton), cls30's last change to "
         "the classifier (the third and last look)",
         {("all", WITH): (0.922, 0.522, 59, 5, 54, 122), ("all", WITHOUT): (0.854, 0.363, 41, 7, 72, 120)}),
    ],
    looks=[
        ("bdaa6579", "20:44", "first sight", {
            "all, with": {'+broken_after_done': {'fn': 19, 'tp': 21}, '+buried': {'fn': 6, 'tp': 3}, '+challenge_question': {'fn': 7, 'tp': 8}, '+classic': {'fn': 4, 'tp': 6}, '+convention_fact': {'fn': 7, 'tp': 2}, '+hedged': {'fn': 9, 'tp': 1}, '+reminder': {'fn': 2, 'tp': 8}, '+shorthand_typo': {'fn': 3, 'tp': 7}, '-approval': {'tn': 12}, '-continue_after_interrupt': {'tn': 8}, '-existing_bug': {'tn': 12}, '-first_rules': {'tn': 14}, '-neutral_question': {'fp': 1, 'tn': 13}, '-new_request': {'tn': 8}, '-own_mistake': {'tn': 9}, '-pasted_log_request': {'tn': 12}, '-request_with_cue': {'fp': 4, 'tn': 16}, '-status_update': {'tn': 10}, '-thanks': {'tn': 8}},
            "all, without": {'+broken_after_done': {'fn': 31, 'tp': 9}, '+buried': {'fn': 7, 'tp': 2}, '+challenge_question': {'fn': 7, 'tp': 8}, '+classic': {'fn': 4, 'tp': 6}, '+convention_fact': {'fn': 8, 'tp': 1}, '+hedged': {'fn': 9, 'tp': 1}, '+reminder': {'fn': 3, 'tp': 7}, '+shorthand_typo': {'fn': 3, 'tp': 7}, '-approval': {'tn': 12}, '-continue_after_interrupt': {'tn': 8}, '-existing_bug': {'tn': 12}, '-first_rules': {'tn': 14}, '-neutral_question': {'fp': 1, 'tn': 13}, '-new_request': {'tn': 8}, '-own_mistake': {'fp': 2, 'tn': 7}, '-pasted_log_request': {'tn': 12}, '-request_with_cue': {'fp': 4, 'tn': 16}, '-status_update': {'tn': 10}, '-thanks': {'tn': 8}}}),
        ("a761b8ed", "21:53", "mid-way", {
            "all, with": {'+broken_after_done': {'fn': 18, 'tp': 22}, '+buried': {'fn': 6, 'tp': 3}, '+challenge_question': {'fn': 7, 'tp': 8}, '+classic': {'fn': 4, 'tp': 6}, '+convention_fact': {'fn': 7, 'tp': 2}, '+hedged': {'fn': 8, 'tp': 2}, '+reminder': {'fn': 2, 'tp': 8}, '+shorthand_typo': {'fn': 3, 'tp': 7}, '-approval': {'tn': 12}, '-continue_after_interrupt': {'tn': 8}, '-existing_bug': {'tn': 12}, '-first_rules': {'tn': 14}, '-neutral_question': {'fp': 1, 'tn': 13}, '-new_request': {'tn': 8}, '-own_mistake': {'tn': 9}, '-pasted_log_request': {'tn': 12}, '-request_with_cue': {'fp': 4, 'tn': 16}, '-status_update': {'tn': 10}, '-thanks': {'tn': 8}},
            "all, without": {'+broken_after_done': {'fn': 31, 'tp': 9}, '+buried': {'fn': 7, 'tp': 2}, '+challenge_question': {'fn': 7, 'tp': 8}, '+classic': {'fn': 4, 'tp': 6}, '+convention_fact': {'fn': 8, 'tp': 1}, '+hedged': {'fn': 9, 'tp': 1}, '+reminder': {'fn': 3, 'tp': 7}, '+shorthand_typo': {'fn': 3, 'tp': 7}, '-approval': {'tn': 12}, '-continue_after_interrupt': {'tn': 8}, '-existing_bug': {'tn': 12}, '-first_rules': {'tn': 14}, '-neutral_question': {'fp': 1, 'tn': 13}, '-new_request': {'tn': 8}, '-own_mistake': {'fp': 2, 'tn': 7}, '-pasted_log_request': {'tn': 12}, '-request_with_cue': {'fp': 4, 'tn': 16}, '-status_update': {'tn': 10}, '-thanks': {'tn': 8}}}),
        ("64774a86", "22:18", "the end", {
            "all, with": {'+broken_after_done': {'fn': 18, 'tp': 22}, '+buried': {'fn': 6, 'tp': 3}, '+challenge_question': {'fn': 7, 'tp': 8}, '+classic': {'fn': 4, 'tp': 6}, '+convention_fact': {'fn': 7, 'tp': 2}, '+hedged': {'fn': 7, 'tp': 3}, '+reminder': {'fn': 2, 'tp': 8}, '+shorthand_typo': {'fn': 3, 'tp': 7}, '-approval': {'tn': 12}, '-continue_after_interrupt': {'tn': 8}, '-existing_bug': {'tn': 12}, '-first_rules': {'tn': 14}, '-neutral_question': {'fp': 1, 'tn': 13}, '-new_request': {'tn': 8}, '-own_mistake': {'tn': 9}, '-pasted_log_request': {'tn': 12}, '-request_with_cue': {'fp': 4, 'tn': 16}, '-status_update': {'tn': 10}, '-thanks': {'tn': 8}},
            "all, without": {'+broken_after_done': {'fn': 31, 'tp': 9}, '+buried': {'fn': 7, 'tp': 2}, '+challenge_question': {'fn': 7, 'tp': 8}, '+classic': {'fn': 4, 'tp': 6}, '+convention_fact': {'fn': 8, 'tp': 1}, '+hedged': {'fn': 9, 'tp': 1}, '+reminder': {'fn': 3, 'tp': 7}, '+shorthand_typo': {'fn': 3, 'tp': 7}, '-approval': {'tn': 12}, '-continue_after_interrupt': {'tn': 8}, '-existing_bug': {'tn': 12}, '-first_rules': {'tn': 14}, '-neutral_question': {'fp': 1, 'tn': 13}, '-new_request': {'tn': 8}, '-own_mistake': {'fp': 2, 'tn': 7}, '-pasted_log_request': {'tn': 12}, '-request_with_cue': {'fp': 4, 'tn': 16}, '-status_update': {'tn': 10}, '-thanks': {'tn': 8}}}),
    ],
    notes=[
        "What carried, with the answer: three corrections more (broken_after_done 21 -> 22, hedged 1 -> 3 of 10) and no false alarm fewer or more: 0.918 / 0.496 (TP 56, FP 5, FN 57) -> 0.922 / 0.522 (TP 59, FP 5, FN 54). The mid-way look (after the softened correction, the answer's report opened by the verb, the own mistake, the offer taken) took two of them; the third landing one more hedge. The false alarms at first sight (a new request with a cue word 4 of 20, a neutral question 1 of 14) stayed: none of the precision mechanisms reached them, and no mechanism of this pass added one. Without the answer every count at the end equals first sight (0.854 / 0.363, TP 41, FP 7): every mechanism of this pass reads the answer. Which rows moved was not read: the set stays blind. The third look was taken on 41c0463d, the third landing's content before its rebase onto main (landed as 64774a86, the same classifier).",
        "",
        "Limits: one writer (cwrite6; what the writer read is in the set's README); 113 corrections, so one message moves "
        "recall by 0.009; 127 not, so one false alarm moves precision by about 0.01 at these counts.",
        "",
        "Read in session #15 (cls31, about 23:30 UTC, after the seventh set had landed and before any look at it): with "
        "the answer its 54 misses and 5 false alarms. Four of the five false alarms are the next piece of work named "
        "without a verb or asked with \"please also\", with a rule inside it (\"Now the onboarding: three pages … Don't "
        "show it again …\", \"next the CloudFront distribution … always redirect http to https\", \"next section is the "
        "pricing table … use grid instead of flexbox\", \"please also make a cron entry … don't email the output\"); "
        "written once as new work (`classifier._NEXT_PIECE`, \"please also <verb>\" in `_TASK_OPENING`; typed "
        "look-alikes in tests/capture_text/test_mechanisms_cls31.py). The fifth is a why-question that asks for the reason "
        "of a choice. The misses are reports after done work whose message names the failure in the domain's own words "
        "(\"pods are in CrashLoopBackOff\", \"job died after 40 min with …OutOfMemoryError\", \"second run shows "
        "changed=14\"), why-questions followed by the fact that makes the choice wrong, conventions stated as facts, "
        "hedged asks and corrections buried after new work; left as they are (the real-session dev split holds few of "
        "these shapes, so a rule for them would be measured on no real data).",
    ],
))


_register(BlindSet(
    key="blind7",
    path=DATA / "corrections_blind7.jsonl",
    writer="cwrite7 (a helper of session 2026-12-05 #15 who never read the classifier)",
    title="Capture: the correction classifier on a seventh blind written set, held back in session #15, dev data since (issue 20)",
    prefix=None,
    modes=(WITH, WITHOUT),
    readable=True,
    describe="(`research/data/corrections_blind7_README.md`). Scored with the answer passed to the classifier as the "
             "real sessions are, and without it. No halves: in session #15 the whole set was held back as the measure of "
             "carry for what cls31 changed from other data, scored by counts only three times (the looks below) and never "
             "read. In session #16 it became readable dev data (cls34), so from then on it measures fit, not carry; the "
             "measure of carry is the eighth set (its own section). Every error of this checkout is listed below.",
    measured=[
        ("9efff510 (the classifier as at 02a79f3b, the session's start)", "23:36", "first sight: before any change of "
         "this session to the classifier (the first of at most three looks; a copy of main, `git archive`, scored it)",
         {("all", WITH): (0.965, 0.683, 82, 3, 38, 117),
          ("all", WITHOUT): (0.930, 0.550, 66, 5, 54, 115)}),
        ("bf243378", "00:02", "the end: after cls31's classifier landings that read a message without the agent's reply "
         "(the next piece of work named without a verb, a why-question answered by the person's own fact); the third "
         "landing (4fb60a61) reads only the reply, which the set's rows do not carry (the second look)",
         {("all", WITH): (0.965, 0.683, 82, 3, 38, 117),
          ("all", WITHOUT): (0.930, 0.550, 66, 5, 54, 115)}),
        ("ecc66440", "00:36", "after cls31's last classifier landing (8bf115ef: an answer that wrote the agents' "
         "instructions file changed no code); the third and last look",
         {("all", WITH): (0.965, 0.683, 82, 3, 38, 117),
          ("all", WITHOUT): (0.930, 0.550, 66, 5, 54, 115)}),
    ],
    looks=[
        ("9efff510", "23:36", "first sight", {
            "all, with": {'+broken_after_done': {'fn': 4, 'tp': 18}, '+buried': {'fn': 7, 'tp': 4}, '+challenge_question': {'fn': 5, 'tp': 13}, '+complaint': {'fn': 3, 'tp': 7}, '+convention_fact': {'fn': 4, 'tp': 3}, '+hedged': {'fn': 3, 'tp': 4}, '+pasted_error': {'fn': 2, 'tp': 9}, '+reminder': {'fn': 3, 'tp': 10}, '+shorthand_typo': {'fn': 1, 'tp': 5}, '+terse': {'fn': 6, 'tp': 9}, '-approval': {'tn': 14}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 1, 'tn': 13}, '-first_rules': {'tn': 10}, '-learn_question': {'fp': 1, 'tn': 14}, '-new_request': {'tn': 5}, '-own_mistake': {'tn': 10}, '-pasted_log_request': {'tn': 7}, '-request_with_cue': {'fp': 1, 'tn': 19}, '-status_update': {'tn': 11}, '-thanks': {'tn': 4}},
            "all, without": {'+broken_after_done': {'fn': 11, 'tp': 11}, '+buried': {'fn': 6, 'tp': 5}, '+challenge_question': {'fn': 5, 'tp': 13}, '+complaint': {'fn': 4, 'tp': 6}, '+convention_fact': {'fn': 2, 'tp': 5}, '+hedged': {'fn': 2, 'tp': 5}, '+pasted_error': {'fn': 10, 'tp': 1}, '+reminder': {'fn': 4, 'tp': 9}, '+shorthand_typo': {'fn': 1, 'tp': 5}, '+terse': {'fn': 9, 'tp': 6}, '-approval': {'tn': 14}, '-continue': {'tn': 10}, '-existing_bug': {'tn': 14}, '-first_rules': {'tn': 10}, '-learn_question': {'tn': 15}, '-new_request': {'tn': 5}, '-own_mistake': {'fp': 2, 'tn': 8}, '-pasted_log_request': {'fp': 1, 'tn': 6}, '-request_with_cue': {'fp': 2, 'tn': 18}, '-status_update': {'tn': 11}, '-thanks': {'tn': 4}}}),
        ("bf243378", "00:02", "the end", {
            "all, with": {'+broken_after_done': {'fn': 4, 'tp': 18}, '+buried': {'fn': 7, 'tp': 4}, '+challenge_question': {'fn': 5, 'tp': 13}, '+complaint': {'fn': 3, 'tp': 7}, '+convention_fact': {'fn': 4, 'tp': 3}, '+hedged': {'fn': 3, 'tp': 4}, '+pasted_error': {'fn': 2, 'tp': 9}, '+reminder': {'fn': 3, 'tp': 10}, '+shorthand_typo': {'fn': 1, 'tp': 5}, '+terse': {'fn': 6, 'tp': 9}, '-approval': {'tn': 14}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 1, 'tn': 13}, '-first_rules': {'tn': 10}, '-learn_question': {'fp': 1, 'tn': 14}, '-new_request': {'tn': 5}, '-own_mistake': {'tn': 10}, '-pasted_log_request': {'tn': 7}, '-request_with_cue': {'fp': 1, 'tn': 19}, '-status_update': {'tn': 11}, '-thanks': {'tn': 4}},
            "all, without": {'+broken_after_done': {'fn': 11, 'tp': 11}, '+buried': {'fn': 6, 'tp': 5}, '+challenge_question': {'fn': 5, 'tp': 13}, '+complaint': {'fn': 4, 'tp': 6}, '+convention_fact': {'fn': 2, 'tp': 5}, '+hedged': {'fn': 2, 'tp': 5}, '+pasted_error': {'fn': 10, 'tp': 1}, '+reminder': {'fn': 4, 'tp': 9}, '+shorthand_typo': {'fn': 1, 'tp': 5}, '+terse': {'fn': 9, 'tp': 6}, '-approval': {'tn': 14}, '-continue': {'tn': 10}, '-existing_bug': {'tn': 14}, '-first_rules': {'tn': 10}, '-learn_question': {'tn': 15}, '-new_request': {'tn': 5}, '-own_mistake': {'fp': 2, 'tn': 8}, '-pasted_log_request': {'fp': 1, 'tn': 6}, '-request_with_cue': {'fp': 2, 'tn': 18}, '-status_update': {'tn': 11}, '-thanks': {'tn': 4}}}),
        ("ecc66440", "00:36", "after the last landing", {
            "all, with": {'+broken_after_done': {'fn': 4, 'tp': 18}, '+buried': {'fn': 7, 'tp': 4}, '+challenge_question': {'fn': 5, 'tp': 13}, '+complaint': {'fn': 3, 'tp': 7}, '+convention_fact': {'fn': 4, 'tp': 3}, '+hedged': {'fn': 3, 'tp': 4}, '+pasted_error': {'fn': 2, 'tp': 9}, '+reminder': {'fn': 3, 'tp': 10}, '+shorthand_typo': {'fn': 1, 'tp': 5}, '+terse': {'fn': 6, 'tp': 9}, '-approval': {'tn': 14}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 1, 'tn': 13}, '-first_rules': {'tn': 10}, '-learn_question': {'fp': 1, 'tn': 14}, '-new_request': {'tn': 5}, '-own_mistake': {'tn': 10}, '-pasted_log_request': {'tn': 7}, '-request_with_cue': {'fp': 1, 'tn': 19}, '-status_update': {'tn': 11}, '-thanks': {'tn': 4}},
            "all, without": {'+broken_after_done': {'fn': 11, 'tp': 11}, '+buried': {'fn': 6, 'tp': 5}, '+challenge_question': {'fn': 5, 'tp': 13}, '+complaint': {'fn': 4, 'tp': 6}, '+convention_fact': {'fn': 2, 'tp': 5}, '+hedged': {'fn': 2, 'tp': 5}, '+pasted_error': {'fn': 10, 'tp': 1}, '+reminder': {'fn': 4, 'tp': 9}, '+shorthand_typo': {'fn': 1, 'tp': 5}, '+terse': {'fn': 9, 'tp': 6}, '-approval': {'tn': 14}, '-continue': {'tn': 10}, '-existing_bug': {'tn': 14}, '-first_rules': {'tn': 10}, '-learn_question': {'tn': 15}, '-new_request': {'tn': 5}, '-own_mistake': {'fp': 2, 'tn': 8}, '-pasted_log_request': {'fp': 1, 'tn': 6}, '-request_with_cue': {'fp': 2, 'tn': 18}, '-status_update': {'tn': 11}, '-thanks': {'tn': 4}}}),
    ],
    notes=[
        "What carried: nothing. Every count at the end equals first sight, in both modes and in every category (with "
        "the answer 0.965 / 0.683, TP 82, FP 3, FN 38; without 0.930 / 0.550, TP 66, FP 5, FN 54): no count moved in any "
        "category, so most likely neither mechanism of the pass fired on a row of this set, though both moved the sixth "
        "set they were written from "
        "(FP 5 -> 0, TP 59 -> 63 with the answer). Which rows the three false alarms and 38 misses are was not read: "
        "the set stays blind. All three looks were spent; the third (00:36, after the last landing, which reads an answer "
        "that wrote the agents' instructions file) equals the other two.",
        "",
        "Limits: one writer (cwrite7; what the writer read is in the set's README); 120 corrections, so one message moves "
        "recall by 0.008; 120 not, so one false alarm moves precision by about 0.01 at these counts.",
        "",
        "Read in session #16 (cls34, about 02:20 UTC, before the eighth set had landed): with the answer its 38 misses and "
        "3 false alarms, grouped by mechanism. Misses: corrections buried after new work (8: \"Next: hook up the email "
        "sending. btw the config you added reads SMTP_PASS from config.yaml, secrets come from env vars\"), questions that "
        "challenge the result (5: \"how come the readme still says node 16?\", \"did you push that to main directly?\"), "
        "terse directions (6: \"use pnpm\", \"py3.8 pls\", \"no. metric units\", \"no, en el otro archivo\"), conventions "
        "stated as facts (4), reminders (3), complaints (3), hedged asks (3), reports after done work in the domain's own "
        "words (3), pasted errors (2), and other languages (5 of the 38). False alarms: a request to fix an old bug the "
        "person set up, a question about profiling, and \"Use the batch endpoint instead of calling translate() per "
        "string\" after an answer that only offered the work. Acted on: the other languages' plain corrective forms, whose "
        "group the real-session dev split also shows (over a third of its misses are in other languages; review31 R31-8, review34 "
        "R34-1), written from the languages' grammar (`capture/direct_abroad.py`): two of this set's misses are found "
        "(\"ce n'est pas du tout ce que j'ai demandé\" in both modes, \"no, en el otro archivo\" without the answer; with "
        "it the answer asks a question, which the form leaves alone). The other groups were left: their shapes in the real "
        "dev split are single rows or already patched.",
    ],
))


_register(BlindSet(
    key="blind8",
    path=DATA / "corrections_blind8.jsonl",
    writer="cwrite8 (a helper of session 2026-12-06 #16 who never read the classifier)",
    title="Capture: the correction classifier on an eighth blind written set, held back in session #16, dev data since (issue 20)",
    prefix=None,
    modes=(WITH, WITHOUT),
    readable=True,
    describe="(`research/data/corrections_blind8_README.md`). Scored with the answer passed to the classifier as the "
             "real sessions are, and without it. No halves: in session #16 the whole set was held back as the measure of "
             "carry for what cls34 changed from other data, scored by counts only twice (the looks below) and never read. "
             "In session #17 it became readable dev data (cls35), so from then on it measures fit, not carry; the measure "
             "of carry is the ninth set (its own section). Every error of this checkout is listed below.",
    measured=[
        ("c92f3f50 (the classifier as at fff2c87f, the session's start)", "02:38", "first sight: before any change of "
         "this session to the classifier reached main (the first of at most three looks; a copy of main, `git archive`, "
         "scored it)",
         {("all", WITH): (0.878, 0.600, 72, 10, 48, 110),
          ("all", WITHOUT): (0.891, 0.475, 57, 7, 63, 113)}),
        ("839e6a46 (landed as ce1ab246)", "03:30", "the end: after all of cls34's classifier changes (other-language direct "
         "corrections, a refusal and a direction abroad, the reply that takes in a restated want, a hedged swap of what the "
         "answer used, the same work carried to the next thing); the second look",
         {("all", WITH): (0.880, 0.608, 73, 10, 47, 110),
          ("all", WITHOUT): (0.891, 0.475, 57, 7, 63, 113)}),
    ],
    looks=[
        ("c92f3f50", "02:38", "first sight", {
            "all, with": {'+broken_after_done': {'fn': 1, 'tp': 17}, '+buried': {'fn': 7, 'tp': 5}, '+challenge_question': {'fn': 7, 'tp': 10}, '+complaint': {'fn': 5, 'tp': 5}, '+convention_fact': {'fn': 7}, '+hedged': {'fn': 4, 'tp': 4}, '+pasted_error': {'fn': 3, 'tp': 9}, '+quote_back': {'fn': 2, 'tp': 2}, '+reminder': {'fn': 5, 'tp': 7}, '+shorthand_typo': {'tp': 5}, '+terse': {'fn': 7, 'tp': 8}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 3, 'tn': 10}, '-first_rules': {'tn': 10}, '-learn_question': {'fp': 1, 'tn': 14}, '-new_request': {'tn': 5}, '-own_mistake': {'fp': 1, 'tn': 9}, '-pasted_log_request': {'fp': 1, 'tn': 8}, '-request_with_cue': {'fp': 3, 'tn': 17}, '-status_update': {'fp': 1, 'tn': 10}, '-thanks': {'tn': 4}},
            "all, without": {'+broken_after_done': {'fn': 9, 'tp': 9}, '+buried': {'fn': 7, 'tp': 5}, '+challenge_question': {'fn': 7, 'tp': 10}, '+complaint': {'fn': 5, 'tp': 5}, '+convention_fact': {'fn': 6, 'tp': 1}, '+hedged': {'fn': 4, 'tp': 4}, '+pasted_error': {'fn': 11, 'tp': 1}, '+quote_back': {'fn': 2, 'tp': 2}, '+reminder': {'fn': 4, 'tp': 8}, '+shorthand_typo': {'tp': 5}, '+terse': {'fn': 8, 'tp': 7}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'tn': 13}, '-first_rules': {'tn': 10}, '-learn_question': {'fp': 1, 'tn': 14}, '-new_request': {'tn': 5}, '-own_mistake': {'fp': 2, 'tn': 8}, '-pasted_log_request': {'tn': 9}, '-request_with_cue': {'fp': 3, 'tn': 17}, '-status_update': {'fp': 1, 'tn': 10}, '-thanks': {'tn': 4}}}),
        ("839e6a46", "03:30", "the end", {
            "all, with": {'+broken_after_done': {'fn': 1, 'tp': 17}, '+buried': {'fn': 7, 'tp': 5}, '+challenge_question': {'fn': 7, 'tp': 10}, '+complaint': {'fn': 5, 'tp': 5}, '+convention_fact': {'fn': 7}, '+hedged': {'fn': 3, 'tp': 5}, '+pasted_error': {'fn': 3, 'tp': 9}, '+quote_back': {'fn': 2, 'tp': 2}, '+reminder': {'fn': 5, 'tp': 7}, '+shorthand_typo': {'tp': 5}, '+terse': {'fn': 7, 'tp': 8}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 3, 'tn': 10}, '-first_rules': {'tn': 10}, '-learn_question': {'fp': 1, 'tn': 14}, '-new_request': {'tn': 5}, '-own_mistake': {'fp': 1, 'tn': 9}, '-pasted_log_request': {'fp': 1, 'tn': 8}, '-request_with_cue': {'fp': 3, 'tn': 17}, '-status_update': {'fp': 1, 'tn': 10}, '-thanks': {'tn': 4}},
            "all, without": {'+broken_after_done': {'fn': 9, 'tp': 9}, '+buried': {'fn': 7, 'tp': 5}, '+challenge_question': {'fn': 7, 'tp': 10}, '+complaint': {'fn': 5, 'tp': 5}, '+convention_fact': {'fn': 6, 'tp': 1}, '+hedged': {'fn': 4, 'tp': 4}, '+pasted_error': {'fn': 11, 'tp': 1}, '+quote_back': {'fn': 2, 'tp': 2}, '+reminder': {'fn': 4, 'tp': 8}, '+shorthand_typo': {'tp': 5}, '+terse': {'fn': 8, 'tp': 7}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'tn': 13}, '-first_rules': {'tn': 10}, '-learn_question': {'fp': 1, 'tn': 14}, '-new_request': {'tn': 5}, '-own_mistake': {'fp': 2, 'tn': 8}, '-pasted_log_request': {'tn': 9}, '-request_with_cue': {'fp': 3, 'tn': 17}, '-status_update': {'fp': 1, 'tn': 10}, '-thanks': {'tn': 4}}}),
    ],
    notes=[
        "What carried: one correction more with the answer (hedged 4 -> 5 of 8), no false alarm more or fewer: 0.878 / 0.600 "
        "(TP 72, FP 10, FN 48) -> 0.880 / 0.608 (TP 73, FP 10, FN 47); without the answer every count equals first sight "
        "(0.891 / 0.475). Which row moved was not read: the set stays blind (two of three looks spent).",
        "",
        "Limits: one writer (cwrite8; what the writer read is in the set's README); 120 corrections, so one message moves "
        "recall by 0.008; 120 not, so one false alarm moves precision by about 0.01 at these counts.",
        "",
        "Read in session #17 (cls35, about 05:45 UTC, after the ninth set had landed and before any look at it): with the "
        "answer its 10 false alarms. Four say the fault is older than the agent's work (\"While testing your branch I hit "
        "this, but it also happens on main\", \"mypy --strict on main gives these, all from before we switched to strict\", "
        "\"the API has always done that\", \"unrelated to what you're doing: …\"): written once from the grammar of saying "
        "so, in English and five other languages (`guards.predates`; typed look-alikes in "
        "tests/capture_text/test_predates_cls35.py), measured on real dev and blind sets 1-7 before it was kept (no message "
        "changed there): FP 10 -> 6 here, fit, not carry. The others (an order of proposed steps, a new request with a cue "
        "word, a preference changed, a reviewer's curiosity, a refusal that asks for a moment) and the 47 misses were left.",
    ],
))


_register(BlindSet(
    key="blind9",
    path=DATA / "corrections_blind9.jsonl",
    writer="cwrite9 (a helper of session 2026-12-06 #17 who never read the classifier)",
    title="Capture: the correction classifier on a ninth blind written set, held back in session #17, dev data since (issue 20)",
    prefix=None,
    modes=(WITH, WITHOUT),
    readable=True,
    describe="(`research/data/corrections_blind9_README.md`). Scored with the answer passed to the classifier as the "
             "real sessions are, and without it. No halves: in session #17 the whole set was held back as the measure of "
             "carry for what cls35 changed from other data, scored by counts only three times (the looks below) and never "
             "read. In session #18 it became readable dev data (cls36), so from then on it measures fit, not carry; the "
             "measure of carry is the tenth set (its own section). Every error of this checkout is listed below.",
    measured=[
        ("97b6bd47 (the classifier at the session's start)", "05:59", "first sight: before any change of this session "
         "to the classifier was scored on it (the first of at most three looks; a copy of the start, `git archive`, scored "
         "it)",
         {("all", WITH): (0.867, 0.600, 72, 11, 48, 109),
          ("all", WITHOUT): (0.851, 0.475, 57, 10, 63, 110)}),
        ("c70fdd30 (cls35's branch, before it landed)", "06:12", "mid-way: after cls35's first four classifier changes "
         "(the reply's concession read in its opening, a redo another way, a fault said to predate the work, the hedged swap "
         "with any verb); the second look",
         {("all", WITH): (0.867, 0.600, 72, 11, 48, 109),
          ("all", WITHOUT): (0.851, 0.475, 57, 10, 63, 110)}),
        ("a619eaaf", "06:32", "the end: after cls35's last classifier change (the predates guard on reports only, the "
         "harness's own API errors); the third and last look",
         {("all", WITH): (0.867, 0.600, 72, 11, 48, 109),
          ("all", WITHOUT): (0.851, 0.475, 57, 10, 63, 110)}),
    ],
    looks=[
        ("97b6bd47", "05:59", "first sight", {
            "all, with": {'+broken_after_done': {'fn': 6, 'tp': 11}, '+buried': {'fn': 5, 'tp': 7}, '+challenge_question': {'fn': 10, 'tp': 7}, '+complaint': {'fn': 2, 'tp': 8}, '+convention_fact': {'fn': 4, 'tp': 3}, '+hedged': {'fn': 5, 'tp': 4}, '+pasted_error': {'fn': 2, 'tp': 10}, '+quote_back': {'fn': 1, 'tp': 3}, '+reminder': {'fn': 3, 'tp': 9}, '+shorthand_typo': {'fn': 2, 'tp': 3}, '+terse': {'fn': 8, 'tp': 7}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 2, 'tn': 11}, '-first_rules': {'tn': 10}, '-learn_question': {'tn': 15}, '-new_request': {'tn': 6}, '-own_mistake': {'fp': 2, 'tn': 8}, '-pasted_log_request': {'fp': 1, 'tn': 8}, '-request_with_cue': {'fp': 5, 'tn': 15}, '-status_update': {'fp': 1, 'tn': 10}, '-thanks': {'tn': 3}},
            "all, without": {'+broken_after_done': {'fn': 7, 'tp': 10}, '+buried': {'fn': 6, 'tp': 6}, '+challenge_question': {'fn': 10, 'tp': 7}, '+complaint': {'fn': 2, 'tp': 8}, '+convention_fact': {'fn': 5, 'tp': 2}, '+hedged': {'fn': 5, 'tp': 4}, '+pasted_error': {'fn': 12}, '+quote_back': {'fn': 3, 'tp': 1}, '+reminder': {'fn': 4, 'tp': 8}, '+shorthand_typo': {'fn': 1, 'tp': 4}, '+terse': {'fn': 8, 'tp': 7}, '-approval': {'fp': 1, 'tn': 12}, '-continue': {'tn': 10}, '-existing_bug': {'tn': 13}, '-first_rules': {'tn': 10}, '-learn_question': {'tn': 15}, '-new_request': {'tn': 6}, '-own_mistake': {'fp': 2, 'tn': 8}, '-pasted_log_request': {'fp': 1, 'tn': 8}, '-request_with_cue': {'fp': 5, 'tn': 15}, '-status_update': {'fp': 1, 'tn': 10}, '-thanks': {'tn': 3}}}),
        ("c70fdd30", "06:12", "mid-way", {
            "all, with": {'+broken_after_done': {'fn': 6, 'tp': 11}, '+buried': {'fn': 5, 'tp': 7}, '+challenge_question': {'fn': 10, 'tp': 7}, '+complaint': {'fn': 2, 'tp': 8}, '+convention_fact': {'fn': 4, 'tp': 3}, '+hedged': {'fn': 5, 'tp': 4}, '+pasted_error': {'fn': 2, 'tp': 10}, '+quote_back': {'fn': 1, 'tp': 3}, '+reminder': {'fn': 3, 'tp': 9}, '+shorthand_typo': {'fn': 2, 'tp': 3}, '+terse': {'fn': 8, 'tp': 7}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 2, 'tn': 11}, '-first_rules': {'tn': 10}, '-learn_question': {'tn': 15}, '-new_request': {'tn': 6}, '-own_mistake': {'fp': 2, 'tn': 8}, '-pasted_log_request': {'fp': 1, 'tn': 8}, '-request_with_cue': {'fp': 5, 'tn': 15}, '-status_update': {'fp': 1, 'tn': 10}, '-thanks': {'tn': 3}},
            "all, without": {'+broken_after_done': {'fn': 7, 'tp': 10}, '+buried': {'fn': 6, 'tp': 6}, '+challenge_question': {'fn': 10, 'tp': 7}, '+complaint': {'fn': 2, 'tp': 8}, '+convention_fact': {'fn': 5, 'tp': 2}, '+hedged': {'fn': 5, 'tp': 4}, '+pasted_error': {'fn': 12}, '+quote_back': {'fn': 3, 'tp': 1}, '+reminder': {'fn': 4, 'tp': 8}, '+shorthand_typo': {'fn': 1, 'tp': 4}, '+terse': {'fn': 8, 'tp': 7}, '-approval': {'fp': 1, 'tn': 12}, '-continue': {'tn': 10}, '-existing_bug': {'tn': 13}, '-first_rules': {'tn': 10}, '-learn_question': {'tn': 15}, '-new_request': {'tn': 6}, '-own_mistake': {'fp': 2, 'tn': 8}, '-pasted_log_request': {'fp': 1, 'tn': 8}, '-request_with_cue': {'fp': 5, 'tn': 15}, '-status_update': {'fp': 1, 'tn': 10}, '-thanks': {'tn': 3}}}),
        ("a619eaaf", "06:32", "the end", {
            "all, with": {'+broken_after_done': {'fn': 6, 'tp': 11}, '+buried': {'fn': 5, 'tp': 7}, '+challenge_question': {'fn': 10, 'tp': 7}, '+complaint': {'fn': 2, 'tp': 8}, '+convention_fact': {'fn': 4, 'tp': 3}, '+hedged': {'fn': 5, 'tp': 4}, '+pasted_error': {'fn': 2, 'tp': 10}, '+quote_back': {'fn': 1, 'tp': 3}, '+reminder': {'fn': 3, 'tp': 9}, '+shorthand_typo': {'fn': 2, 'tp': 3}, '+terse': {'fn': 8, 'tp': 7}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 2, 'tn': 11}, '-first_rules': {'tn': 10}, '-learn_question': {'tn': 15}, '-new_request': {'tn': 6}, '-own_mistake': {'fp': 2, 'tn': 8}, '-pasted_log_request': {'fp': 1, 'tn': 8}, '-request_with_cue': {'fp': 5, 'tn': 15}, '-status_update': {'fp': 1, 'tn': 10}, '-thanks': {'tn': 3}},
            "all, without": {'+broken_after_done': {'fn': 7, 'tp': 10}, '+buried': {'fn': 6, 'tp': 6}, '+challenge_question': {'fn': 10, 'tp': 7}, '+complaint': {'fn': 2, 'tp': 8}, '+convention_fact': {'fn': 5, 'tp': 2}, '+hedged': {'fn': 5, 'tp': 4}, '+pasted_error': {'fn': 12}, '+quote_back': {'fn': 3, 'tp': 1}, '+reminder': {'fn': 4, 'tp': 8}, '+shorthand_typo': {'fn': 1, 'tp': 4}, '+terse': {'fn': 8, 'tp': 7}, '-approval': {'fp': 1, 'tn': 12}, '-continue': {'tn': 10}, '-existing_bug': {'tn': 13}, '-first_rules': {'tn': 10}, '-learn_question': {'tn': 15}, '-new_request': {'tn': 6}, '-own_mistake': {'fp': 2, 'tn': 8}, '-pasted_log_request': {'fp': 1, 'tn': 8}, '-request_with_cue': {'fp': 5, 'tn': 15}, '-status_update': {'fp': 1, 'tn': 10}, '-thanks': {'tn': 3}}}),
    ],
    notes=[
        "The third and last look (06:32, a619eaaf, after the last change) equals the other two in every count.",
        "",
        "What carried at the second look (06:12): nothing. Every count equals first sight in both modes and every "
        "category (with the answer 0.867 / 0.600, TP 72, FP 11; without 0.851 / 0.475, TP 57, FP 10): the guard for a fault "
        "said to predate the work took 4 of the eighth set's 10 false alarms and none here (this set's 2 `existing_bug` false "
        "alarms say it otherwise or not at all), and the redo and any-verb swaps found no hedged ask here. The reply change "
        "cannot show on a set without replies. Which rows the false alarms and misses are was not read.",
        "",
        "Limits: one writer (cwrite9; what the writer read is in the set's README); 120 corrections, so one message moves "
        "recall by 0.008; 120 not, so one false alarm moves precision by about 0.01 at these counts.",
        "",
        "Read in session #18 (cls36, about 08:33 UTC, after the tenth set had landed and before any look at it): with the "
        "answer its 11 false alarms. Five are new requests that carry a cue word (\"new requirement from security: stop "
        "publishing source maps\", \"don't deploy yet, I want to show it to Maria first\" answering the agent's question, "
        "\"next, in the old export.py, use a generator instead of …\", \"revert my commit from friday\"); two are the "
        "person's own slip (\"actually I was wrong, the client wants the logo on the left\"); two are old faults pasted or "
        "named (a PHP deprecation line, \"the marketing site is throwing this on every page since yesterday\"); one a refused "
        "tool call that asks to wait; one eslint output on main said to be \"none of it from your branch\", whose linter "
        "line \"Do not access Object.prototype …\" read as a refusal with a direction. Acted on: a linter's stylish output "
        "is pasted text and a fault said not to be the agent's clears a report (`guards.predates`), written from the "
        "grammar of saying so: FP 11 -> 10 here (fit, not carry); real dev both halves unchanged. The rest were left.",
    ],
))


_register(BlindSet(
    key="blind10",
    path=DATA / "corrections_blind10.jsonl",
    writer="cwrite10 (a helper of session 2026-12-06 #18 who never read the classifier)",
    title="Capture: the correction classifier on a tenth blind written set, held back in session #18, dev data since "
          "(issue 20)",
    prefix=None,
    modes=(WITH, WITHOUT, REPLY),
    readable=True,
    describe="(`research/data/corrections_blind10_README.md`). The first set whose rows carry the agent's reply after the "
             "message (`reply`): scored with the answer before the message passed to the classifier as the real sessions "
             "are, without it, and with the answer and the reply (as `learn capture` passes both when the transcript has "
             "them: a reply that concedes a mistake can make a message the patterns let pass a correction). No halves: the "
             "whole set is held back as the measure of carry for what cls36 changed in session #18 from other data (the "
             "real dev split, review36's probes, the ninth set, readable since). It is scored by counts only "
             "(`classifier_blind.py FILE --numbers --json`), at most three times in the session, each look recorded below "
             "when it was taken. In session #19 it became readable dev data (cls37), so from then on it measures fit, not "
             "carry; the measure of carry is the eleventh set (its own section). Every error of this checkout, scored "
             "with the answer and the reply as `learn capture` reads a transcript, is listed below.",
    measured=[
        ("a354408a (the classifier at the session's start)", "08:42", "first sight: before any change of this session "
         "to the classifier was scored on it (the first of at most three looks; the start's `altimate_learn` from `git "
         "archive`, with this scorer, scored it)",
         {("all", WITH): (0.787, 0.492, 59, 16, 61, 104),
          ("all", WITHOUT): (0.769, 0.333, 40, 12, 80, 108),
          ("all", REPLY): (0.8, 0.633, 76, 19, 44, 101)}),
        ("a8783195", "09:08", "the end: after all of cls36's classifier changes (review36's forms: conventions abroad, a "
         "filler before an always/never rule, a question about what the agent put in, the person's experience after "
         "always/never; the hedged swap's shared word; a fault said not to be the agent's; a linter's output as pasted "
         "text); the second look",
         {("all", WITH): (0.787, 0.492, 59, 16, 61, 104),
          ("all", WITHOUT): (0.769, 0.333, 40, 12, 80, 108),
          ("all", REPLY): (0.8, 0.633, 76, 19, 44, 101)}),
    ],
    looks=[
        ("a354408a", "08:42", "first sight", {
            "all, with": {'+broken_after_done': {'fn': 7, 'tp': 9}, '+buried': {'fn': 8, 'tp': 4}, '+challenge_question': {'fn': 13, 'tp': 4}, '+complaint': {'fn': 3, 'tp': 7}, '+convention_fact': {'fn': 5, 'tp': 2}, '+hedged': {'fn': 6, 'tp': 3}, '+pasted_error': {'fn': 2, 'tp': 10}, '+quote_back': {'fn': 1, 'tp': 3}, '+reminder': {'fn': 7, 'tp': 5}, '+shorthand_typo': {'fn': 2, 'tp': 4}, '+terse': {'fn': 7, 'tp': 8}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 5, 'tn': 8}, '-first_rules': {'tn': 10}, '-learn_question': {'fp': 2, 'tn': 13}, '-new_request': {'tn': 6}, '-own_mistake': {'fp': 3, 'tn': 7}, '-pasted_log_request': {'tn': 9}, '-request_with_cue': {'fp': 3, 'tn': 17}, '-status_update': {'fp': 3, 'tn': 8}, '-thanks': {'tn': 3}},
            "all, without": {'+broken_after_done': {'fn': 12, 'tp': 4}, '+buried': {'fn': 10, 'tp': 2}, '+challenge_question': {'fn': 14, 'tp': 3}, '+complaint': {'fn': 3, 'tp': 7}, '+convention_fact': {'fn': 5, 'tp': 2}, '+hedged': {'fn': 5, 'tp': 4}, '+pasted_error': {'fn': 10, 'tp': 2}, '+quote_back': {'fn': 4}, '+reminder': {'fn': 7, 'tp': 5}, '+shorthand_typo': {'fn': 2, 'tp': 4}, '+terse': {'fn': 8, 'tp': 7}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 1, 'tn': 12}, '-first_rules': {'tn': 10}, '-learn_question': {'fp': 2, 'tn': 13}, '-new_request': {'tn': 6}, '-own_mistake': {'fp': 3, 'tn': 7}, '-pasted_log_request': {'tn': 9}, '-request_with_cue': {'fp': 4, 'tn': 16}, '-status_update': {'fp': 2, 'tn': 9}, '-thanks': {'tn': 3}},
            "all, with reply": {'+broken_after_done': {'fn': 4, 'tp': 12}, '+buried': {'fn': 8, 'tp': 4}, '+challenge_question': {'fn': 7, 'tp': 10}, '+complaint': {'fn': 1, 'tp': 9}, '+convention_fact': {'fn': 5, 'tp': 2}, '+hedged': {'fn': 5, 'tp': 4}, '+pasted_error': {'fn': 2, 'tp': 10}, '+quote_back': {'tp': 4}, '+reminder': {'fn': 4, 'tp': 8}, '+shorthand_typo': {'fn': 2, 'tp': 4}, '+terse': {'fn': 6, 'tp': 9}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 5, 'tn': 8}, '-first_rules': {'tn': 10}, '-learn_question': {'fp': 4, 'tn': 11}, '-new_request': {'tn': 6}, '-own_mistake': {'fp': 4, 'tn': 6}, '-pasted_log_request': {'tn': 9}, '-request_with_cue': {'fp': 3, 'tn': 17}, '-status_update': {'fp': 3, 'tn': 8}, '-thanks': {'tn': 3}}}),
        ("a8783195", "09:08", "the end", {
            "all, with": {'+broken_after_done': {'fn': 7, 'tp': 9}, '+buried': {'fn': 8, 'tp': 4}, '+challenge_question': {'fn': 13, 'tp': 4}, '+complaint': {'fn': 3, 'tp': 7}, '+convention_fact': {'fn': 5, 'tp': 2}, '+hedged': {'fn': 6, 'tp': 3}, '+pasted_error': {'fn': 2, 'tp': 10}, '+quote_back': {'fn': 1, 'tp': 3}, '+reminder': {'fn': 7, 'tp': 5}, '+shorthand_typo': {'fn': 2, 'tp': 4}, '+terse': {'fn': 7, 'tp': 8}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 5, 'tn': 8}, '-first_rules': {'tn': 10}, '-learn_question': {'fp': 2, 'tn': 13}, '-new_request': {'tn': 6}, '-own_mistake': {'fp': 3, 'tn': 7}, '-pasted_log_request': {'tn': 9}, '-request_with_cue': {'fp': 3, 'tn': 17}, '-status_update': {'fp': 3, 'tn': 8}, '-thanks': {'tn': 3}},
            "all, without": {'+broken_after_done': {'fn': 12, 'tp': 4}, '+buried': {'fn': 10, 'tp': 2}, '+challenge_question': {'fn': 14, 'tp': 3}, '+complaint': {'fn': 3, 'tp': 7}, '+convention_fact': {'fn': 5, 'tp': 2}, '+hedged': {'fn': 5, 'tp': 4}, '+pasted_error': {'fn': 10, 'tp': 2}, '+quote_back': {'fn': 4}, '+reminder': {'fn': 7, 'tp': 5}, '+shorthand_typo': {'fn': 2, 'tp': 4}, '+terse': {'fn': 8, 'tp': 7}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 1, 'tn': 12}, '-first_rules': {'tn': 10}, '-learn_question': {'fp': 2, 'tn': 13}, '-new_request': {'tn': 6}, '-own_mistake': {'fp': 3, 'tn': 7}, '-pasted_log_request': {'tn': 9}, '-request_with_cue': {'fp': 4, 'tn': 16}, '-status_update': {'fp': 2, 'tn': 9}, '-thanks': {'tn': 3}},
            "all, with reply": {'+broken_after_done': {'fn': 4, 'tp': 12}, '+buried': {'fn': 8, 'tp': 4}, '+challenge_question': {'fn': 7, 'tp': 10}, '+complaint': {'fn': 1, 'tp': 9}, '+convention_fact': {'fn': 5, 'tp': 2}, '+hedged': {'fn': 5, 'tp': 4}, '+pasted_error': {'fn': 2, 'tp': 10}, '+quote_back': {'tp': 4}, '+reminder': {'fn': 4, 'tp': 8}, '+shorthand_typo': {'fn': 2, 'tp': 4}, '+terse': {'fn': 6, 'tp': 9}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 5, 'tn': 8}, '-first_rules': {'tn': 10}, '-learn_question': {'fp': 4, 'tn': 11}, '-new_request': {'tn': 6}, '-own_mistake': {'fp': 4, 'tn': 6}, '-pasted_log_request': {'tn': 9}, '-request_with_cue': {'fp': 3, 'tn': 17}, '-status_update': {'fp': 3, 'tn': 8}, '-thanks': {'tn': 3}}}),
    ],
    notes=[
        "What carried at the second look (09:08, a8783195, cls36's last classifier change): nothing. Every count equals "
        "first sight in all three modes and every category (with the answer 0.787 / 0.492, TP 59, FP 16; without 0.769 / "
        "0.333, TP 40, FP 12; with the answer and the reply 0.800 / 0.633, TP 76, FP 19): the forms written from "
        "review36's probes, the ninth set's false alarm and the hedged swap found nothing here. The reply adds 17 "
        "corrections and 3 false alarms against the answer alone. Which rows the false alarms and misses are was not "
        "read.",
        "",
        "Limits: one writer (cwrite10; what the writer read is in the set's README); 120 corrections, so one message moves "
        "recall by 0.008; 120 not, so one false alarm moves precision by about 0.01 at these counts.",
    ],
))


_register(BlindSet(
    key="blind11",
    path=DATA / "corrections_blind11.jsonl",
    writer="cwrite11 (a helper of session 2026-12-06 #19 who never read the classifier)",
    title="Capture: the correction classifier on an eleventh blind written set, held back whole (issue 20)",
    prefix=None,
    modes=(WITH, WITHOUT, REPLY),
    recorded_only=True,
    describe="(`research/data/corrections_blind11_README.md`). Its rows carry the agent's reply after the message, as the "
             "tenth set's do: scored with the answer before the message passed to the classifier as the real sessions are, "
             "without it, and with the answer and the reply (as `learn capture` passes both when the transcript has them). "
             "No halves: the whole set is held back as the measure of carry for what cls37 changed in session #19 from other "
             "data (the real dev split, the tenth set, readable since, review37's probes). It is scored by counts only "
             "(`classifier_blind.py FILE --numbers --json`), at most three times in the session, each look recorded below "
             "when it was taken; this section shows those records and scores nothing itself, so regenerating RESULTS.md "
             "spends no look. No message or error of it was read or is printed here.",
    measured=[
        ("883db74e (the classifier at the session's start)", "11:42", "first sight, the first look: the start's "
         "`altimate_learn` from `git archive` with this scorer, on a copy of the file outside the repository, which the "
         "scorer took for an unregistered set and scored with and without the answer only",
         {("all", WITH): (0.932, 0.575, 69, 5, 51, 115),
          ("all", WITHOUT): (0.904, 0.392, 47, 5, 73, 115)}),
        ("883db74e (the classifier at the session's start)", "11:43", "first sight again, the second look: the same "
         "code, scored with the reply too (unregistered files whose rows carry a reply are scored with it since); with and "
         "without the answer the counts equal the first look's",
         {("all", WITH): (0.932, 0.575, 69, 5, 51, 115),
          ("all", WITHOUT): (0.904, 0.392, 47, 5, 73, 115),
          ("all", REPLY): (0.901, 0.683, 82, 9, 38, 111)}),
        ("9aa68814 (cls37's branch, all its classifier changes)", "11:59", "the third and last look: after the reminders "
         "opened 'once more:' / 'as mentioned before:', 'why did you' in spoken Chinese, Japanese, Korean and Persian, "
         "review37's R37-7/8/12, a conceding reply no longer deciding the person's own slip, 'no, I wanted …' and 'I don't "
         "see X' after done work",
         {("all", WITH): (0.932, 0.575, 69, 5, 51, 115),
          ("all", WITHOUT): (0.904, 0.392, 47, 5, 73, 115),
          ("all", REPLY): (0.932, 0.683, 82, 6, 38, 114)}),
    ],
    looks=[
        ("883db74e", "11:42", "first sight", {'all, with': {'+broken_after_done': {'fn': 4, 'tp': 11}, '+buried': {'fn': 6, 'tp': 6}, '+challenge_question': {'fn': 12, 'tp': 6}, '+complaint': {'fn': 6, 'tp': 4}, '+convention_fact': {'fn': 2, 'tp': 6}, '+hedged': {'fn': 5, 'tp': 4}, '+pasted_error': {'fn': 1, 'tp': 10}, '+quote_back': {'fn': 2, 'tp': 1}, '+reminder': {'fn': 2, 'tp': 10}, '+shorthand_typo': {'fn': 3, 'tp': 3}, '+terse': {'fn': 8, 'tp': 8}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 2, 'tn': 11}, '-first_rules': {'tn': 10}, '-learn_question': {'tn': 15}, '-new_request': {'tn': 7}, '-own_mistake': {'fp': 1, 'tn': 9}, '-pasted_log_request': {'tn': 9}, '-request_with_cue': {'fp': 1, 'tn': 18}, '-status_update': {'fp': 1, 'tn': 10}, '-thanks': {'tn': 3}}, 'all, without': {'+broken_after_done': {'fn': 9, 'tp': 6}, '+buried': {'fn': 7, 'tp': 5}, '+challenge_question': {'fn': 12, 'tp': 6}, '+complaint': {'fn': 6, 'tp': 4}, '+convention_fact': {'fn': 3, 'tp': 5}, '+hedged': {'fn': 6, 'tp': 3}, '+pasted_error': {'fn': 11}, '+quote_back': {'fn': 3}, '+reminder': {'fn': 3, 'tp': 9}, '+shorthand_typo': {'fn': 3, 'tp': 3}, '+terse': {'fn': 10, 'tp': 6}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'tn': 13}, '-first_rules': {'tn': 10}, '-learn_question': {'tn': 15}, '-new_request': {'tn': 7}, '-own_mistake': {'fp': 1, 'tn': 9}, '-pasted_log_request': {'tn': 9}, '-request_with_cue': {'fp': 2, 'tn': 17}, '-status_update': {'fp': 2, 'tn': 9}, '-thanks': {'tn': 3}}}),
        ("883db74e", "11:43", "first sight, with the reply", {'all, with': {'+broken_after_done': {'fn': 4, 'tp': 11}, '+buried': {'fn': 6, 'tp': 6}, '+challenge_question': {'fn': 12, 'tp': 6}, '+complaint': {'fn': 6, 'tp': 4}, '+convention_fact': {'fn': 2, 'tp': 6}, '+hedged': {'fn': 5, 'tp': 4}, '+pasted_error': {'fn': 1, 'tp': 10}, '+quote_back': {'fn': 2, 'tp': 1}, '+reminder': {'fn': 2, 'tp': 10}, '+shorthand_typo': {'fn': 3, 'tp': 3}, '+terse': {'fn': 8, 'tp': 8}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 2, 'tn': 11}, '-first_rules': {'tn': 10}, '-learn_question': {'tn': 15}, '-new_request': {'tn': 7}, '-own_mistake': {'fp': 1, 'tn': 9}, '-pasted_log_request': {'tn': 9}, '-request_with_cue': {'fp': 1, 'tn': 18}, '-status_update': {'fp': 1, 'tn': 10}, '-thanks': {'tn': 3}}, 'all, with reply': {'+broken_after_done': {'fn': 3, 'tp': 12}, '+buried': {'fn': 4, 'tp': 8}, '+challenge_question': {'fn': 9, 'tp': 9}, '+complaint': {'fn': 3, 'tp': 7}, '+convention_fact': {'fn': 2, 'tp': 6}, '+hedged': {'fn': 5, 'tp': 4}, '+pasted_error': {'fn': 1, 'tp': 10}, '+quote_back': {'tp': 3}, '+reminder': {'fn': 2, 'tp': 10}, '+shorthand_typo': {'fn': 2, 'tp': 4}, '+terse': {'fn': 7, 'tp': 9}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 2, 'tn': 11}, '-first_rules': {'tn': 10}, '-learn_question': {'tn': 15}, '-new_request': {'tn': 7}, '-own_mistake': {'fp': 5, 'tn': 5}, '-pasted_log_request': {'tn': 9}, '-request_with_cue': {'fp': 1, 'tn': 18}, '-status_update': {'fp': 1, 'tn': 10}, '-thanks': {'tn': 3}}, 'all, without': {'+broken_after_done': {'fn': 9, 'tp': 6}, '+buried': {'fn': 7, 'tp': 5}, '+challenge_question': {'fn': 12, 'tp': 6}, '+complaint': {'fn': 6, 'tp': 4}, '+convention_fact': {'fn': 3, 'tp': 5}, '+hedged': {'fn': 6, 'tp': 3}, '+pasted_error': {'fn': 11}, '+quote_back': {'fn': 3}, '+reminder': {'fn': 3, 'tp': 9}, '+shorthand_typo': {'fn': 3, 'tp': 3}, '+terse': {'fn': 10, 'tp': 6}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'tn': 13}, '-first_rules': {'tn': 10}, '-learn_question': {'tn': 15}, '-new_request': {'tn': 7}, '-own_mistake': {'fp': 1, 'tn': 9}, '-pasted_log_request': {'tn': 9}, '-request_with_cue': {'fp': 2, 'tn': 17}, '-status_update': {'fp': 2, 'tn': 9}, '-thanks': {'tn': 3}}}),
        ("9aa68814", "11:59", "the last look", {'all, with': {'+broken_after_done': {'fn': 4, 'tp': 11}, '+buried': {'fn': 6, 'tp': 6}, '+challenge_question': {'fn': 12, 'tp': 6}, '+complaint': {'fn': 6, 'tp': 4}, '+convention_fact': {'fn': 2, 'tp': 6}, '+hedged': {'fn': 5, 'tp': 4}, '+pasted_error': {'fn': 1, 'tp': 10}, '+quote_back': {'fn': 2, 'tp': 1}, '+reminder': {'fn': 2, 'tp': 10}, '+shorthand_typo': {'fn': 3, 'tp': 3}, '+terse': {'fn': 8, 'tp': 8}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 2, 'tn': 11}, '-first_rules': {'tn': 10}, '-learn_question': {'tn': 15}, '-new_request': {'tn': 7}, '-own_mistake': {'fp': 1, 'tn': 9}, '-pasted_log_request': {'tn': 9}, '-request_with_cue': {'fp': 1, 'tn': 18}, '-status_update': {'fp': 1, 'tn': 10}, '-thanks': {'tn': 3}}, 'all, with reply': {'+broken_after_done': {'fn': 3, 'tp': 12}, '+buried': {'fn': 4, 'tp': 8}, '+challenge_question': {'fn': 9, 'tp': 9}, '+complaint': {'fn': 3, 'tp': 7}, '+convention_fact': {'fn': 2, 'tp': 6}, '+hedged': {'fn': 5, 'tp': 4}, '+pasted_error': {'fn': 1, 'tp': 10}, '+quote_back': {'tp': 3}, '+reminder': {'fn': 2, 'tp': 10}, '+shorthand_typo': {'fn': 2, 'tp': 4}, '+terse': {'fn': 7, 'tp': 9}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'fp': 2, 'tn': 11}, '-first_rules': {'tn': 10}, '-learn_question': {'tn': 15}, '-new_request': {'tn': 7}, '-own_mistake': {'fp': 2, 'tn': 8}, '-pasted_log_request': {'tn': 9}, '-request_with_cue': {'fp': 1, 'tn': 18}, '-status_update': {'fp': 1, 'tn': 10}, '-thanks': {'tn': 3}}, 'all, without': {'+broken_after_done': {'fn': 9, 'tp': 6}, '+buried': {'fn': 7, 'tp': 5}, '+challenge_question': {'fn': 12, 'tp': 6}, '+complaint': {'fn': 6, 'tp': 4}, '+convention_fact': {'fn': 3, 'tp': 5}, '+hedged': {'fn': 6, 'tp': 3}, '+pasted_error': {'fn': 11}, '+quote_back': {'fn': 3}, '+reminder': {'fn': 3, 'tp': 9}, '+shorthand_typo': {'fn': 3, 'tp': 3}, '+terse': {'fn': 10, 'tp': 6}, '-approval': {'tn': 13}, '-continue': {'tn': 10}, '-existing_bug': {'tn': 13}, '-first_rules': {'tn': 10}, '-learn_question': {'tn': 15}, '-new_request': {'tn': 7}, '-own_mistake': {'fp': 1, 'tn': 9}, '-pasted_log_request': {'tn': 9}, '-request_with_cue': {'fp': 2, 'tn': 17}, '-status_update': {'fp': 2, 'tn': 9}, '-thanks': {'tn': 3}}}),
    ],
    notes=[
        "What carried at the last look (11:59, 9aa68814): with the answer and without it nothing moved (0.932 / 0.575, TP 69, "
        "FP 5; 0.904 / 0.392, TP 47, FP 5); with the answer and the reply the false alarms fell from 9 to 6 (0.901 -> 0.932, "
        "recall 0.683 unchanged), all three in `own_mistake` (5 -> 2 of 10): the person owned the slip and the agent's reply "
        "apologised anyway. That guard was written from the tenth set's rows of the kind (readable since this session) "
        "before this set's first look; the look's count of that category (5 of 10 flagged) was seen before it was "
        "written down in code. None of the recall forms written from real dev found a correction here. Which rows moved "
        "was not read. Two forms of that branch were taken out before landing (\"no, I wanted you to …\" and \"I don't "
        "see X\" after done work: the held-out look showed them under the split's precision); no category rose between "
        "the second look and this one, so neither was the only reason for a flag here and the landed code counts as this "
        "look did. 9aa68814 is the branch's id before it was rebased onto main.",
        "",
        "Limits: one writer (cwrite11; what the writer read is in the set's README); 120 corrections, so one message moves "
        "recall by 0.008; 120 not, so one false alarm moves precision by about 0.01 at these counts.",
    ],
))


def set_for(path: str | Path) -> BlindSet:
    """The registered set whose file ``path`` is; any other file of the same fields is scored as a set without halves
    (counts only), with and without the answer (and with the answer and the reply when its rows carry one)."""
    resolved = Path(path).resolve()
    for blind in SETS.values():
        if blind.path.resolve() == resolved:
            return blind
    replied = any(reply_of(row) for row in load(resolved))  # rows that carry the agent's reply are scored with it too
    return BlindSet(key=resolved.stem, path=resolved, writer="an unregistered writer", title=f"{resolved.name}",
                    prefix=None, modes=(WITH, WITHOUT, REPLY) if replied else (WITH, WITHOUT), describe="")


USAGE = ("usage: python research/classifier_blind.py FILE [--numbers [A] [--json] | --errors A|all]\n"
         "  FILE: a blind set's JSONL (research/data/corrections_blind1.jsonl … …_blind11.jsonl)\n"
         "  --numbers: counts only, both halves (or the whole of a set without halves), with and without the answer (and\n"
         "    with the answer and the agent's reply, for a set whose rows carry it)\n"
         "  --numbers A: half A alone, counts only (while tuning: no look at half B)\n"
         "  --json: the counts as JSON (to record a look)\n"
         "  --errors A: half A's errors, to tune on (never half B, never a set without halves)\n"
         "  --errors all: every error of a set without halves that has been read since it was held back (blind3 … blind10)\n"
         "  no option: the whole section (half B's errors listed: only after the last tuning)")


def cli(args: list[str]) -> str:
    if not args or args[0].startswith("-"):
        raise SystemExit(USAGE)
    path, rest = Path(args[0]), args[1:]
    if not path.is_file():
        raise SystemExit(f"no such set: {path} (give a blind set's JSONL file, e.g. "
                         "research/data/corrections_blind2.jsonl)")
    blind = set_for(path)
    as_json = "--json" in rest
    rest = [a for a in rest if a != "--json"]
    if rest and rest[0] == "--numbers" and rest[1:] in ([], ["A"]):
        halves = ("A",) if rest[1:] == ["A"] else HALVES
        if rest[1:] and blind.prefix is None:
            raise SystemExit(f"{path.name} has no halves: --numbers counts the whole set")
        if as_json:
            return json.dumps(counts(blind, load(blind.path), halves), sort_keys=True, indent=1) + "\n"
        return numbers(blind, halves)
    if as_json:
        raise SystemExit(USAGE)
    if len(rest) == 2 and rest[0] == "--errors":
        return errors(blind, rest[1])
    if not rest:
        if blind.key not in SETS:
            raise SystemExit(f"{path.name} is not a registered set: use --numbers")
        return main(blind.key)
    raise SystemExit(USAGE)


if __name__ == "__main__":
    print(cli(sys.argv[1:]), end="")
