"""Why the answer before a message counted as done work, and what each reason is worth (counts only on the held-out split).

    python research/classifier_answer_kind.py                       # dev split: counts and the flags each variant drops
    python research/classifier_answer_kind.py --split holdout       # held-out split: counts only (a look: declare it)
    python research/classifier_answer_kind.py --owners-since C      # dev owners added to the corpus after commit C, counts only
    python research/classifier_answer_kind.py --shipped-only ...    # this checkout only (one pass, no variant)

After an answer that says the agent did something (`classifier.answered`: a claim word, code, a short act reported
as done, or 200+ characters of any wording), a report that something fails reads as a report on the agent's work.
This tool splits every scored message by the kind of answer before it (claims / code / done-act / size-only / no
work) and reruns the classifier with the size reason raised or removed and with no answer counted as work, so one run
says how many right and false flags each reason of "done work" carries. cls36's first look (session #18, the start
code): on the held-out split the flags that rested on the length alone were right 18 times and wrong 9 (dev 30 and 5);
removing the length was not kept, as it silences done-work summaries worded outside the claim words (review22 R22-1). On the held-out split it prints counts and
rule families only (no message, no answer, no quoted reply: a reason that quotes text is cut to its family).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter, defaultdict
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

KINDS = ("claims", "code", "done-act", "size-only", "no work")
# name -> (the length from which an answer counts as work whatever its wording, or None: as this checkout reads it
# (`classifier.ANSWER_ACTS`, 200); whether any answer may count as work)
SHIPPED = "as shipped"
VARIANTS = {SHIPPED: (None, True), "size 400": (400, True), "size 600": (600, True), "size never": (10 ** 9, True),
            "no answer is work": (None, False)}


def answer_kind(answer: str | None) -> str:
    """The first reason `classifier.answered` finds in the answer (claims, code, done-act, size-only), or "no work"."""
    from altimate_learn.capture import classifier as C
    from altimate_learn.capture import languages
    from altimate_learn.capture.cues import CLAIMS, DONE_ACT

    if not answer:
        return "no work"
    answer = C.plain_answer(answer) or ""
    if CLAIMS.search(answer) or languages.CLAIMS.search(answer):
        return "claims"
    if "[code]" in answer:
        return "code"
    if DONE_ACT.search(answer):
        return "done-act"
    size = len(answer) + 2 * len(C._WIDE.findall(answer))
    return "size-only" if size >= C.ANSWER_ACTS else "no work"


def family(reason: str) -> str:
    """A verdict's rule family, with no quoted text (a tool rejection's words, the agent's reply, the model's score)."""
    from altimate_learn.capture.second_opinion import MODEL_REASON

    if reason.startswith("rejected "):
        return "rejected a tool call"
    if reason.startswith("the agent's reply"):
        return reason.split(":")[0]
    if reason.startswith(MODEL_REASON):
        return MODEL_REASON
    return reason


@contextmanager
def variant(size: int | None, work: bool) -> Iterator[None]:
    from altimate_learn.capture import classifier as C

    saved_size, saved_answered = C.ANSWER_ACTS, C.answered
    if size is not None:
        C.ANSWER_ACTS = size
    if not work:
        C.answered = lambda answer, acts=True: False  # type: ignore[assignment]
    try:
        yield
    finally:
        C.ANSWER_ACTS, C.answered = saved_size, saved_answered


def run(split: str, owners: set[str] | None = None, variants: tuple[str, ...] = tuple(VARIANTS)) -> dict[str, list[dict[str, Any]]]:
    """Per variant, one row per scored message: key, outcome, family, the answer's kind (and, for dev, the texts)."""
    from research.classifier_real import _verdict
    from research.data.real_sessions import iter_classifier_inputs

    inputs = [(m, msg, prev) for m, msg, prev in iter_classifier_inputs(split)
              if m.positive is not None and (owners is None or m.repo.split("/")[0].lower() in owners)]
    out: dict[str, list[dict[str, Any]]] = {}
    for name, (size, work) in VARIANTS.items():
        if name not in variants:
            continue
        rows = []
        with variant(size, work):
            for message, msg, previous in inputs:
                verdict = _verdict(message, msg, previous)
                flagged = bool(verdict.correction) and verdict.strength != "model"
                outcome = ("tp" if flagged else "fn") if message.positive else ("fp" if flagged else "tn")
                rows.append({"key": (message.session, message.id), "outcome": outcome,
                             "family": family(verdict.reason) if flagged else "",
                             "kind": answer_kind(message.answer), "message": message})
        out[name] = rows
    return out


def _p_r(c: Counter[str]) -> tuple[float, float]:
    p = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 1.0
    r = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 1.0
    return p, r


def report(runs: dict[str, list[dict[str, Any]]], texts: bool) -> str:
    out = ["| variant | P | R | TP | FP | FN | TN |", "|---|---:|---:|---:|---:|---:|---:|"]
    for name, rows in runs.items():
        c = Counter(r["outcome"] for r in rows)
        p, rec = _p_r(c)
        out.append(f"| {name} | {p:.3f} | {rec:.3f} | {c['tp']} | {c['fp']} | {c['fn']} | {c['tn']} |")
    base = runs[SHIPPED]
    kinds: dict[str, Counter[str]] = defaultdict(Counter)
    for r in base:
        kinds[r["kind"]][r["outcome"]] += 1
    out += ["", "By the answer's kind (as shipped):", "", "| answer | TP | FP | FN | TN |", "|---|---:|---:|---:|---:|"]
    out += [f"| {k} | {kinds[k]['tp']} | {kinds[k]['fp']} | {kinds[k]['fn']} | {kinds[k]['tn']} |" for k in KINDS]
    fams: dict[str, Counter[str]] = defaultdict(Counter)
    for r in base:
        if r["outcome"] in ("tp", "fp"):
            fams[r["family"]][r["outcome"]] += 1
            fams[r["family"]][r["outcome"] + ":" + r["kind"]] += 1
    out += ["", "Flags by rule family (as shipped), and the size-only answers' share:", "",
            "| rule family | TP | FP | TP size-only | FP size-only |", "|---|---:|---:|---:|---:|"]
    for fam in sorted(fams, key=lambda f: (-fams[f]["fp"], -fams[f]["tp"], f)):
        c = fams[fam]
        out.append(f"| {fam} | {c['tp']} | {c['fp']} | {c['tp:size-only']} | {c['fp:size-only']} |")
    for name, rows in runs.items():
        if name == SHIPPED:
            continue
        lost: Counter[str] = Counter()
        gained: Counter[str] = Counter()
        changed = []
        for b, r in zip(base, rows):
            if b["outcome"] != r["outcome"]:
                (lost if b["outcome"] in ("tp", "fp") else gained)[b["outcome"] if b["outcome"] in ("tp", "fp") else r["outcome"]] += 1
                changed.append((b, r))
        out += ["", f"{name} against as shipped: flags dropped TP {lost['tp']} / FP {lost['fp']}; flags added TP "
                    f"{gained['tp']} / FP {gained['fp']}"]
        if name == "no answer is work":  # the flags that rest on the answer's work: by the answer's end and the message's
            shape: Counter[str] = Counter()
            for b, r in changed:
                if b["outcome"] in ("tp", "fp"):
                    m = b["message"]
                    tail = (m.answer or "").rstrip()[-300:]
                    shape[(b["outcome"], "answer ends asking" if "?" in tail[-150:] else "answer ends stating",
                           "message asks" if "?" in m.text or "\uff1f" in m.text else "message states")] += 1
            out += ["", "| flags resting on the answer's work | TP | FP |", "|---|---:|---:|"]
            for ends in ("answer ends asking", "answer ends stating"):
                for asks in ("message asks", "message states"):
                    out.append(f"| {ends}, {asks} | {shape[('tp', ends, asks)]} | {shape[('fp', ends, asks)]} |")
        if texts:
            for b, r in changed:
                m = b["message"]
                out.append(f"  {b['outcome']}->{r['outcome']} [{b['family'] or r['family']}] {m.session} {m.id} "
                           f"({b['kind']}) ANSWER …{' '.join((m.answer or '')[-160:].split())} | TEXT "
                           f"{' '.join(m.text[:240].split())}")
    return "\n".join(out) + "\n"


def new_owners(commit: str) -> set[str]:
    """Dev owners in the corpus now that were not in `split.json` at ``commit``."""
    old = json.loads(subprocess.run(["git", "show", f"{commit}:research/data/real/split.json"], cwd=ROOT, check=True,
                                    capture_output=True, text=True).stdout)
    now = json.loads((ROOT / "research/data/real/split.json").read_text(encoding="utf-8"))
    before = {repo.split("/")[0].lower() for part in ("dev", "holdout") for repo in old.get(part, ())}
    return {repo.split("/")[0].lower() for repo in now["dev"]} - before


def main() -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("dev", "holdout"), default="dev")
    parser.add_argument("--owners-since", metavar="COMMIT", help="dev owners added after COMMIT (counts only)")
    parser.add_argument("--shipped-only", action="store_true", help="only this checkout as it reads answers (one pass)")
    args = parser.parse_args()
    variants = (SHIPPED,) if args.shipped_only else tuple(VARIANTS)
    if args.owners_since:
        owners = new_owners(args.owners_since)
        return f"{len(owners)} dev owners added since {args.owners_since}\n\n" + report(run("dev", owners, variants), texts=False)
    return report(run(args.split, variants=variants), texts=args.split == "dev")


if __name__ == "__main__":
    print(main(), end="")
