"""The correction classifier's precision by rule family on the real dev split, in five folds by repository owner, and
how many owners each family's right and false flags come from (cls42, issue 20, item 1).

    python research/classifier_fold_families.py                      # runs the classifier on dev (Markdown table)
    python research/classifier_fold_families.py --snapshot SNAP.json  # from `classifier_snapshot.py write` output

The patterns are written by hand on all of dev, so a fold's precision here is not first sight (that is
`research/classifier_families.py`, each owner judged by the newest version that had not seen it). What the folds add is
spread: a family whose right flags come from one or two owners while its false ones come from others pays off on a few
people, the shape that does not carry to the held-out split. Only the dev split is read.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FOLDS = 5


def owner_of_session(session: str) -> str:
    """The repository owner of a real session id (`owner__repo/n`)."""
    return session.split("__", 1)[0].lower()


def fold_of(owner: str) -> int:
    return hashlib.sha256(("fold5:" + owner).encode("utf-8")).digest()[0] % FOLDS


def rows_from(snapshot: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    from research.classifier_answer_kind import family

    rows = []
    for key, v in snapshot.items():
        if not key.startswith("real-dev|") or v["label"] is None:
            continue
        session = key.split("|")[1]
        owner = owner_of_session(session)
        outcome = ("tp" if v["flagged"] else "fn") if v["label"] else ("fp" if v["flagged"] else "tn")
        rows.append({"owner": owner, "fold": fold_of(owner), "outcome": outcome,
                     "family": family(v["reason"]) if v["flagged"] else ""})
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    per: dict[str, dict[int, Counter[str]]] = defaultdict(lambda: defaultdict(Counter))
    owners: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for r in rows:
        if r["outcome"] in ("tp", "fp"):
            per[r["family"]][r["fold"]][r["outcome"]] += 1
            owners[r["family"]][r["outcome"]].add(r["owner"])
    out = [f"Folds by owner (sha256 of \"fold5:\" + owner, mod {FOLDS}); per fold TP/FP; owners behind the right and the false "
           "flags; the largest share of a family's right flags from one owner.\n",
           "| family | " + " | ".join(f"fold {i}" for i in range(FOLDS)) + " | TP | FP | P | min fold P | TP owners | FP owners | top owner share |",
           "|---|" + "---:|" * (FOLDS + 7)]
    order = sorted(per, key=lambda f: (-sum(c["fp"] for c in per[f].values()), -sum(c["tp"] for c in per[f].values())))
    for fam in order:
        folds = per[fam]
        tp = sum(c["tp"] for c in folds.values())
        fp = sum(c["fp"] for c in folds.values())
        precisions = [c["tp"] / (c["tp"] + c["fp"]) for c in folds.values() if c["tp"] + c["fp"]]
        by_owner = Counter(r["owner"] for r in rows if r["family"] == fam and r["outcome"] == "tp")
        top = max(by_owner.values()) / tp if tp else 0.0
        cells = " | ".join(f"{folds[i]['tp']}/{folds[i]['fp']}" if folds[i] else "–" for i in range(FOLDS))
        out.append(f"| {fam} | {cells} | {tp} | {fp} | {tp / (tp + fp):.2f} | {min(precisions):.2f} | "
                   f"{len(owners[fam]['tp'])} | {len(owners[fam]['fp'])} | {top:.2f} |")
    total = Counter(r["outcome"] for r in rows)
    lines = []
    for i in range(FOLDS):
        c = Counter(r["outcome"] for r in rows if r["fold"] == i)
        p = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 1.0
        rec = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 1.0
        lines.append(f"fold {i}: {len({r['owner'] for r in rows if r['fold'] == i})} owners, P {p:.3f} R {rec:.3f} "
                     f"(TP {c['tp']}, FP {c['fp']}, FN {c['fn']})")
    lines.append(f"all: TP {total['tp']}, FP {total['fp']}, FN {total['fn']}, TN {total['tn']}")
    return "\n".join(lines) + "\n\n" + "\n".join(out) + "\n"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--snapshot", type=Path)
    args = parser.parse_args()
    if args.snapshot:
        snap = json.loads(args.snapshot.read_text(encoding="utf-8"))
    else:
        from research.classifier_snapshot import snapshot

        snap = snapshot()
    print(table(rows_from(snap)), end="")
