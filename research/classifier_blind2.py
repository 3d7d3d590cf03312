"""The correction classifier on the second blind written set (issue 20, cls26): `research/data/corrections_blind2.jsonl`.

    python research/classifier_blind2.py --numbers    # both halves, with and without the answer, counts only
    python research/classifier_blind2.py --numbers A  # half A alone, counts only (while tuning: no look at half B)
    python research/classifier_blind2.py --errors A   # half A's errors (with the answer), the half tuned on
    python research/classifier_blind2.py              # the Markdown section: lists half B's errors (run it only after
                                                      # the last tuning; the research runner does)

`main() -> str` returns the section; `evaluate(half, with_answer)` returns the raw counts (tests may use it).

The set: 240 messages a person might type to a coding agent, written by a helper (cwrite2) who never read the
classifier, its tables or its tests (`research/data/corrections_blind2_README.md`). Unlike the first blind set, each
row may carry `answer`, the agent's last words before the message. The real sessions are scored with the answer the
message replied to (`research/classifier_real.py` passes it as ``answer``, which the reply-context code reads: a claim
of done work, a hand-over, a proposal); so is this set, and, to compare with the first set and `corrections.jsonl`,
also without it (`capture_quality.to_messages` alone: each row's session context, no answer text).

The halves are fixed by a hash of the text alone (:func:`half_of`, prefix "blind2-half:"), written down before a single
row was read: a text goes to one half whatever its answer, context or label. Half A may be read and tuned on; half B is
measured by counts only, once or twice, and its errors are listed here only after the last tuning.
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from altimate_learn.capture.classifier import classify_user_message  # noqa: E402
from research import blind_halves  # noqa: E402
from research.capture_quality import to_messages  # noqa: E402

BLIND2 = ROOT / "research" / "data" / "corrections_blind2.jsonl"
WRITER = "cwrite2 (a helper of session 2026-12-05 #10 who never read the classifier)"
HALVES = ("A", "B")
MODES = (True, False)  # with the answer, without it


def half_of(text: str) -> str:
    """"A" or "B": the first byte of SHA-256 over "blind2-half:" and the text, even for A (`research.blind_halves`, the
    reflector's blind measure uses the same halves). Fixed before any row was read; it never looks at the answer, the
    label, the category or the verdict."""
    return blind_halves.half_of(text, blind_halves.BLIND2)


def load(path: Path = BLIND2) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def answer_of(row: dict[str, Any]) -> str | None:
    """The agent's last words before the message, as the real sessions pass them (None when the row has none, or when
    the message opens the session)."""
    if (row.get("context") or {}).get("first"):
        return None
    answer = row.get("answer")
    return answer if isinstance(answer, str) and answer.strip() else None


def verdict_of(row: dict[str, Any], with_answer: bool = True) -> Any:
    msg, previous = to_messages(row)
    return classify_user_message(msg, previous, answer=answer_of(row) if with_answer else None)


def _scores(c: Counter[str]) -> dict[str, Any]:
    tp, fp, fn, tn = c["tp"], c["fp"], c["fn"], c["tn"]
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1, "tp": tp, "fp": fp, "fn": fn, "tn": tn,
            "n": tp + fp + fn + tn}


def evaluate(half: str | None = None, with_answer: bool = True, rows: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Counts for one half (or both with ``half=None``), with or without the answer: overall, per category (``+name``
    for corrections, ``-name`` for the rest), and the errors (text, answer, label, category, note, the verdict's
    reason)."""
    rows = load() if rows is None else rows
    counts: Counter[str] = Counter()
    by_category: dict[str, Counter[str]] = defaultdict(Counter)
    errors: list[dict[str, Any]] = []
    for row in rows:
        if half is not None and half_of(row["text"]) != half:
            continue
        verdict = verdict_of(row, with_answer)
        label = bool(row["label"])
        outcome = ("tp" if verdict.correction else "fn") if label else ("fp" if verdict.correction else "tn")
        counts[outcome] += 1
        by_category[("+" if label else "-") + row.get("category", "?")][outcome] += 1
        if outcome in ("fp", "fn"):
            errors.append({"outcome": outcome, "text": row["text"], "answer": answer_of(row) or "",
                           "category": row.get("category", "?"), "note": row.get("note", ""),
                           "context": row.get("context"), "reason": verdict.reason})
    result = _scores(counts)
    result["by_category"] = {k: dict(v) for k, v in sorted(by_category.items())}
    result["errors"] = errors
    return result


def _mode(with_answer: bool) -> str:
    return "with the answer" if with_answer else "without the answer"


def _line(name: str, r: dict[str, Any]) -> str:
    return (f"{name}: precision {r['precision']:.3f} recall {r['recall']:.3f} (TP {r['tp']}, FP {r['fp']}, FN {r['fn']}, "
            f"TN {r['tn']}; {r['n']} messages)")


def _category_cell(counts: dict[str, int], positive: bool) -> str:
    if positive:
        return f"{counts.get('tp', 0)}/{counts.get('tp', 0) + counts.get('fn', 0)}"
    return f"{counts.get('fp', 0)}/{counts.get('fp', 0) + counts.get('tn', 0)}"


def numbers(halves: tuple[str, ...] = HALVES, rows: list[dict[str, Any]] | None = None) -> str:
    """Counts only, overall and per category (caught/total for corrections, flagged/total for the rest), with and
    without the answer: no message text, no error, the way to measure half B without reading it. ``halves=("A",)``
    while tuning spends no look at half B."""
    lines = []
    rows = load() if rows is None else rows
    for with_answer in MODES:
        results = {h: evaluate(h, with_answer, rows) if h in halves else {"by_category": {}} for h in HALVES}
        lines += [_line(f"half {h}, {_mode(with_answer)}", results[h]) for h in halves]
        categories = sorted(set(results["A"]["by_category"]) | set(results["B"]["by_category"]))
        lines.append(f"per category, {_mode(with_answer)} (" + " | ".join(halves) + "): " + "; ".join(
            f"{c} " + " | ".join(_category_cell(results[h]["by_category"].get(c, {}), c.startswith("+")) for h in halves)
            for c in categories))
    return "\n".join(lines) + "\n"


def errors(half: str) -> str:
    """The errors of half A (with the answer), to tune on. Half B's are listed only by :func:`main`, after the last
    tuning."""
    if half != "A":
        raise SystemExit("only half A's errors may be read while tuning; half B is measured with --numbers")
    r = evaluate("A", True)
    lines = [_line("half A, with the answer", r), ""]
    for e in r["errors"]:
        context = f" {json.dumps(e['context'], sort_keys=True)}" if e["context"] else ""
        lines.append(f"{e['outcome'].upper()} | {e['category']}{context} | answer: {e['answer'] or '–'}\n"
                     f"    | {e['text']} | {e['note'] or '–'} | {e['reason'] or '–'}")
    return "\n".join(lines) + "\n"


# Measured before any row of the set was read (numbers only, `--numbers`), and after each round of tuning on half A.
# (commit, UTC time, what it was, {(half, with_answer): (precision, recall, TP, FP, FN, TN)})
MEASURED: list[tuple[str, str, str, dict[tuple[str, bool], tuple[float, float, int, int, int, int]]]] = [
    ("9237e4f2", "09:16", "first sight: before any row was read (the classifier as at the session's start, b9150722)",
     {("A", True): (0.939, 0.676, 46, 3, 22, 54), ("A", False): (0.870, 0.588, 40, 6, 28, 51),
      ("B", True): (0.950, 0.613, 38, 2, 24, 51), ("B", False): (0.917, 0.532, 33, 3, 29, 50)}),
    ("147abdd3 (landed as 6bf27de9)", "09:44", "after the round written from half A's errors: the first of two looks at "
     "half B (counts only)",
     {("A", True): (1.000, 0.971, 66, 0, 2, 57), ("A", False): (0.946, 0.779, 53, 3, 15, 54),
      ("B", True): (0.950, 0.613, 38, 2, 24, 51), ("B", False): (0.917, 0.532, 33, 3, 29, 50)}),
]


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _short(text: str, limit: int = 160) -> str:
    text = _cell(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def main() -> str:
    rows = load()
    results = {(h, a): evaluate(h, a, rows) for h in HALVES for a in MODES}
    positives = sum(1 for r in rows if r["label"])
    answered = sum(1 for r in rows if answer_of(r))
    lines = ["## Capture: the correction classifier on a second blind written set, with the agent's answer (issue 20)", "",
             f"Data: `research/data/corrections_blind2.jsonl`, {len(rows)} messages ({positives} corrections, "
             f"{len(rows) - positives} not; {answered} with the agent's last words before them), written by {WRITER} "
             "(`research/data/corrections_blind2_README.md`). Scored with the answer passed to the classifier as the real "
             "sessions are (`classifier_real.py`), and without it as `corrections.jsonl` and the first blind set are. Two "
             "fixed halves by a hash of the text (`half_of`, \"blind2-half:\"), written down before a row was read: half A "
             "was read and tuned on, half B was measured by counts only and its errors are listed below, after the last "
             "tuning.", ""]
    if MEASURED:
        lines += ["| when | commit | what | half A with answer | half A without | half B with answer | half B without |",
                  "|---|---|---|---|---|---|---|"]
        for commit, when, what, cells in MEASURED:
            shown = []
            for h in HALVES:
                for a in MODES:
                    p, r, tp, fp, fn, _ = cells[(h, a)]
                    shown.append(f"{p:.3f} / {r:.3f} ({tp}, {fp}, {fn})")
            lines.append(f"| {when} | {commit} | {what} | " + " | ".join(shown) + " |")
        lines += ["", "(cells: precision / recall (TP, FP, FN))", ""]
    lines += ["Now (this checkout):", "", "| half | answer | n | precision | recall | F1 | TP | FP | FN | TN |",
              "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for h in HALVES:
        for a in MODES:
            r = results[(h, a)]
            lines.append(f"| {h} | {'with' if a else 'without'} | {r['n']} | {r['precision']:.3f} | {r['recall']:.3f} | "
                         f"{r['f1']:.3f} | {r['tp']} | {r['fp']} | {r['fn']} | {r['tn']} |")
    categories = sorted(set().union(*(set(r["by_category"]) for r in results.values())))
    lines += ["", "By category (`+` corrections: caught/total; `-` not: flagged/total):", "",
              "| category | A with answer | A without | B with answer | B without |", "|---|---:|---:|---:|---:|"]
    for c in categories:
        lines.append(f"| {c} | " + " | ".join(_category_cell(results[(h, a)]["by_category"].get(c, {}), c.startswith("+"))
                                             for h in HALVES for a in MODES) + " |")
    errs = results[("B", True)]["errors"]
    lines += ["", f"Every error of half B with the answer ({len(errs)}; all rows written by cwrite2): FP = flagged but "
              "written as not a correction, FN = a written correction it missed.", "",
              "| | category | the agent's last words (shortened) | message | writer's note | classifier |",
              "|---|---|---|---|---|---|"]
    for e in errs:
        context = f" ({', '.join(f'{k}={v}' for k, v in sorted(e['context'].items()))})" if e["context"] else ""
        lines.append(f"| {e['outcome'].upper()} | {e['category']}{context} | {_short(e['answer']) or '–'} | {_cell(e['text'])} | "
                     f"{_cell(e['note']) or '–'} | {_cell(e['reason']) or '–'} |")
    lines += ["", *NOTES]
    return "\n".join(lines) + "\n"


NOTES: list[str] = [
    "What was tuned: half A's 25 errors (22 misses, 3 false alarms; read at 09:17) gave a round of general forms, each "
    "with typed look-alikes that must stay quiet in English and other languages (tests/capture_text/"
    "test_indirect_third_round.py): disbelief at the agent's act, \"you said you'd …\", undo asked, \"shouldn't X be …, "
    "not just …?\", where things live and the only way a thing is done, \"no X please, we use Y\", reminders without a "
    "colon, a figure off by an amount, a redirect loop, a value shown as \"undefined\", a thing done twice, a JS error "
    "class pasted, \"いいえ、X ではなく Y\"; and quiet: the person's own slip, \"nothing changed\" inside a condition. Then, "
    "written from no message: a report in the result's own words after done work, the agent's earlier work named with "
    "its fault inside a new request, hedged ways back to what was there, and cls25's and review25's residuals by shape "
    "(tests/capture_text/test_classifier_residuals_cls26.py). Half B was counted once while tuning (09:44, the table above) "
    "and read only when this section was generated, after the last change to the classifier (10:12 on the commit that "
    "registered it).",
    "",
    "What carried: half A's recall with the answer rose from 0.676 to 0.971 (precision 0.939 -> 1.000); half B's did not "
    "move: the first round, written from half A's errors, carried nothing (half B the same at 09:44); the forms written "
    "from no message carried one of half B's 24 misses (0.629, TP 39, at 10:12 on 02e50daa, when half B's errors were "
    "read); then review26's R26-4 guard (a report followed by new work that asks no fix is quiet) withdrew one buried "
    "correction whose fix is asked \"after that\", and half B is back at 0.613 (TP 38, counted a third time at 10:58 to "
    "keep this section true; the guard was left as it is, since half B had been read). The answer matters: without it "
    "half B finds 34 and with it 38 (the same classifier), because a report that the result is broken counts only after an "
    "answer that claimed the work. The same rules moved nothing on the real-session dev split (not one flag gained or "
    "lost) and found one `corrections.jsonl` held-out row more; on the real held-out split (numbers only, once) 0.779 / "
    "0.430 -> 0.778 / 0.434 (two reports more, one false alarm more).",
    "",
    "Read in half B's errors after the last change, left for the next pass (not tuned on, since this half is now read): "
    "most misses are reports after done work that set the answer's own claim against what the person sees (\"you said "
    "all tests pass but 12 fail\", \"it compiles now but the output file is 0 bytes\", \"the toggle flips the icon but the "
    "colors stay light\"): the shape the brief names (a claim of done work followed by a complaint) read as \"<the claimed "
    "thing> works, but <another part> does not\", which no table holds in general; conventions stated as plain facts "
    "(\"PRs go against develop, main is release only\"); corrections buried after praise in a longer message.",
    "",
    "Limits: one writer, who wrote both halves in one sitting, so the halves share a style; the answers are 1-3 sentences "
    "written for the row, shorter than an agent's; half B holds 62 corrections, so one message moves its recall by 0.016.",
]


if __name__ == "__main__":
    args = sys.argv[1:]
    if args == ["--numbers"]:
        print(numbers(), end="")
    elif args == ["--numbers", "A"]:
        print(numbers(("A",)), end="")
    elif len(args) == 2 and args[0] == "--errors":
        print(errors(args[1]), end="")
    elif not args:
        print(main(), end="")
    else:
        sys.exit("usage: python research/classifier_blind2.py [--numbers [A] | --errors A]\n"
                 "  --numbers: both halves, with and without the answer, counts only (half B without reading it)\n"
                 "  --errors A: half A's errors, to tune on\n"
                 "  no option: the whole section, which lists every error of half B (only after the last tuning)")
