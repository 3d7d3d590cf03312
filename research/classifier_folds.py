"""The correction classifier on dev owners in four fixed folds: rules written from one fold's errors are measured on
the folds whose messages were not read (a first-sight estimate without the held-out split).

    python research/classifier_folds.py                # precision / recall per fold (numbers only)
    python research/classifier_folds.py --errors 0     # the errors of fold 0 (to read and tune on)
    python research/classifier_folds.py --owners       # how many dev owners each fold holds

A session's own folds, fresh for owners whose errors earlier sessions read in the fixed folds (cls51):

    python research/classifier_folds.py --salt cls51: --folds 5 --errors 0     # read fold 0's errors only
    python research/classifier_folds.py --salt cls51: --folds 5 --write A.json # every scored row, with its fold
    python research/classifier_folds.py --diff A.json B.json --read 0          # per fold right / false flags before ->
                                                              # after; the words of a changed message only for fold 0

``--diff`` prints a changed message's words only for the fold that was read (``--read``); for the others it prints the
rule that flagged it, so a change can be measured on folds nobody read without reading them
(`classifier_snapshot.py diff` prints every changed message).

Folds are a fixed hash of the repository owner (``fold_of``), independent of the dev/held-out rule and of the two
halves of `research/classifier_unseen.py`. Only the dev split is read. A round of the fourth pass (issue 20, item 2)
reads one fold's errors, writes rules, and reports the other folds before and after; a fold once read is no longer
first sight.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from research.classifier_unseen import owner_of  # noqa: E402

FOLDS = 4
SALT = "fold:"


def fold_of(repo: str, salt: str = SALT, folds: int = FOLDS) -> int:
    return hashlib.sha256((salt + owner_of(repo)).encode("utf-8")).digest()[0] % folds


def run_current(owners: set[str] | None = None) -> list[dict[str, Any]]:
    """One row per scored dev message, as capture records it: the patterns alone (the trained model's hint, which only
    orders the learner's digest, is not a flag here; `research/classifier_real.py` counts it apart the same way)."""
    from research.classifier_real import _verdict
    from research.data.real_sessions import iter_classifier_inputs

    rows = []
    for message, msg, previous in iter_classifier_inputs("dev"):
        if message.positive is None or (owners is not None and owner_of(message.repo) not in owners):
            continue
        verdict = _verdict(message, msg, previous)
        flagged = bool(verdict.correction) and verdict.strength != "model"
        outcome = ("tp" if flagged else "fn") if message.positive else ("fp" if flagged else "tn")
        rows.append({"repo": message.repo, "session": message.session, "id": message.id, "label": message.label,
                     "outcome": outcome, "reason": verdict.reason if flagged else "", "text": message.text,
                     "answer": message.answer or ""})
    return rows


def _scores(c: Counter[str]) -> tuple[float, float]:
    p = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 1.0
    r = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 1.0
    return p, r


def table(rows: list[dict[str, Any]], salt: str = SALT, folds: int = FOLDS) -> str:
    out = ["| fold | owners | P | R | TP | FP | FN | TN | corrections found | bug reports found |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    total: Counter[str] = Counter()
    for fold in [*range(folds), None]:
        part = [r for r in rows if fold is None or fold_of(r["repo"], salt, folds) == fold]
        c = Counter(r["outcome"] for r in part)
        by = {label: (sum(r["outcome"] == "tp" for r in part if r["label"] == label),
                      sum(1 for r in part if r["label"] == label)) for label in ("correction", "bug")}
        p, rec = _scores(c)
        total.update(c)
        out.append(f"| {'all' if fold is None else fold} | {len({owner_of(r['repo']) for r in part})} | {p:.3f} | {rec:.3f} | "
                   f"{c['tp']} | {c['fp']} | {c['fn']} | {c['tn']} | {by['correction'][0]}/{by['correction'][1]} | "
                   f"{by['bug'][0]}/{by['bug'][1]} |")
    return "\n".join(out) + "\n"


def errors(rows: list[dict[str, Any]], fold: int, salt: str = SALT, folds: int = FOLDS) -> str:
    out = []
    for r in rows:
        if fold_of(r["repo"], salt, folds) != fold or r["outcome"] not in ("fp", "fn"):
            continue
        out.append(f"--- {r['outcome'].upper()} {r['label']} {r['session']} {r['id']} [{r['reason']}]\n"
                   f"ANSWER …{' '.join(r['answer'][-240:].split())}\nTEXT {r['text'][:700]}")
    return "\n".join(out) + "\n"


def diff(before: list[dict[str, Any]], after: list[dict[str, Any]], read: int | None = None) -> str:
    """Right and false flags per fold, before -> after (rows written by ``--write``, each with its ``fold``), and each
    message whose outcome changed: its words only when it is in fold ``read``, else only its fold and rule."""
    old = {(r["session"], r["id"]): r for r in before}
    folds = sorted({r["fold"] for r in before} | {r["fold"] for r in after})
    out = ["| fold | positives | TP before -> after | FP before -> after |", "|---|---:|---:|---:|"]
    for fold in [*folds, None]:
        a = Counter(r["outcome"] for r in before if fold is None or r["fold"] == fold)
        b = Counter(r["outcome"] for r in after if fold is None or r["fold"] == fold)
        name = "all" if fold is None else f"{fold}{' (read)' if fold == read else ''}"
        out.append(f"| {name} | {a['tp'] + a['fn']} | {a['tp']} -> {b['tp']} | {a['fp']} -> {b['fp']} |")
    out.append("")
    for r in after:
        was = old.get((r["session"], r["id"]))
        if was is None or was["outcome"] == r["outcome"]:
            continue
        words = f" | {' '.join(r['text'][:200].split())}" if r["fold"] == read else ""
        out.append(f"fold {r['fold']}: {was['outcome']} -> {r['outcome']} [{r['reason'] or was['reason']}]{words}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--errors", type=int, metavar="FOLD")
    parser.add_argument("--new-since", metavar="COMMIT", help="numbers only, on dev owners added after COMMIT")
    parser.add_argument("--salt", default=SALT, help="folds of your own: sha256(SALT + owner) %% FOLDS")
    parser.add_argument("--folds", type=int, default=FOLDS)
    parser.add_argument("--write", metavar="OUT", help="every scored dev row with its fold, as JSON (for --diff)")
    parser.add_argument("--diff", nargs=2, metavar=("BEFORE", "AFTER"))
    parser.add_argument("--read", type=int, metavar="FOLD", help="with --diff: the fold whose messages were read")
    parser.add_argument("--owners", action="store_true", help="how many dev owners each fold holds")
    args = parser.parse_args()
    if args.folds < 2 or (args.errors is not None and not 0 <= args.errors < args.folds):
        parser.error(f"--folds must be at least 2 and --errors a fold from 0 to {args.folds - 1}")
    if args.owners:
        from research.data.real_sessions import splits

        dev = {owner_of(r) for r, name in splits().items() if name == "dev"}
        held = Counter(fold_of(o + "/", args.salt, args.folds) for o in dev)
        print(" ".join(f"{fold}: {held[fold]}" for fold in range(args.folds)) + f" (dev owners: {len(dev)})")
        raise SystemExit(0)
    if args.diff:
        import json

        print(diff(*(json.loads(Path(p).read_text(encoding="utf-8")) for p in args.diff), read=args.read), end="")
        raise SystemExit(0)
    if args.new_since:
        from research.classifier_unseen import known_owners
        from research.data.real_sessions import splits

        fresh = {owner_of(r) for r, s in splits().items() if s == "dev"} - known_owners(args.new_since)
        rows = run_current(fresh)
        c = Counter(r["outcome"] for r in rows)
        p, rec = _scores(c)
        print(f"{len(fresh)} new dev owners since {args.new_since[:7]}: P {p:.3f} R {rec:.3f} (TP {c['tp']}, FP {c['fp']}, "
              f"FN {c['fn']}, TN {c['tn']})")
        raise SystemExit(0)
    rows = run_current()
    if args.write:
        import json

        for row in rows:
            row["fold"] = fold_of(row["repo"], args.salt, args.folds)
        Path(args.write).write_text(json.dumps(rows), encoding="utf-8")
        raise SystemExit(0)
    if args.errors is not None:
        print(errors(rows, args.errors, args.salt, args.folds))
    else:
        print(table(rows, args.salt, args.folds))
