"""The correction classifier's precision by rule family: on dev owners at first sight, on the whole dev split, and (counts
only) on the held-out split.

    python research/classifier_families.py                  # dev: first-sight and whole-split tables (Markdown)
    python research/classifier_families.py --write          # the same, written to research/CLASSIFIER_FAMILIES.md
    python research/classifier_families.py --holdout        # held-out: counts per family only (a look: declare it)

A rule family is a verdict's reason with no quoted text (`classifier_answer_kind.family`). Three columns of it:

1. **First sight** (`classifier_unseen.history`): each dev owner scored once, by the newest classifier version that did
   not yet have the owner in the corpus, so no rule was written on the messages it judged. Its precision per family is
   the honest one: eleven sessions of dev phrase guards lifted dev precision to ~0.95 and held-out stayed ~0.76 (cls39's
   final), because the whole-dev column is scored on the messages the guards were written on.
2. **Whole dev** (this checkout on every dev owner), and the `borderline` messages each family flags (scored apart).
3. **Held-out** (`--holdout`): the same counts, printed only as numbers under fixed family names (a reason not among the
   families the checkout can write, or that quotes text, counts as "(other)"); no message, answer or reason text.

Each flagged message is also split by two things read off it, so a narrowing can be chosen by what the message is
rather than by its words: the answer before it (`classifier_answer_kind.answer_kind`: claims / code / done-act /
size-only / no work) and the message's shape (`shape`: output with at most a few words of the person's, a question, a
short message, a long one).
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

OUTPUT = ROOT / "research" / "CLASSIFIER_FAMILIES.md"
SHAPES = ("output", "question", "short", "long")
SHORT_CHARS = 120  # the person's own prose, in characters: a short message
OUTPUT_WORDS = 12  # at most this many words of the person's own next to pasted output: "output"
BAR = 0.80  # first-sight precision below which a family is a candidate to narrow (cls40, decided before look 2)
MIN_FLAGS = 8  # ... when it raised at least this many first-sight flags (fewer says little either way)


def shape(text: str) -> str:
    """What the message is, coarsely: pasted output with at most a few words of the person's own, a question (its own
    words end asking), a short message (<= SHORT_CHARS characters of the person's prose) or a long one."""
    from altimate_learn.capture import classifier as C
    from altimate_learn.capture import languages
    from altimate_learn.capture.wording import normalise

    clipped = C.strip_injected(text)[:C.MAX_CLASSIFIED_CHARS]
    own = languages.plain_chinese(normalise(C.prose_of(clipped))).strip()
    words = re.findall(r"[^\W\d_]{2,}", own)
    wide = len(re.findall(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]", own))
    if C.pasted_failure(clipped) and len(words) + wide // 2 <= OUTPUT_WORDS:
        return "output"
    if re.search(r"[?\uff1f]\W*$", own):
        return "question"
    return "short" if len(own) + 2 * wide <= SHORT_CHARS else "long"


def known_families() -> set[str]:
    """Every reason string the checkout's capture code writes literally (its string constants), as families: a held-out
    reason outside these is printed as "(other)"."""
    from research.classifier_answer_kind import family

    from altimate_learn.capture.second_opinion import MODEL_REASON

    out: set[str] = {"rejected a tool call", MODEL_REASON}
    for path in (ROOT / "altimate_learn" / "capture").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and 3 <= len(node.value) <= 90:
                out.add(family(node.value))
    return out


def _score(tp: int, fp: int) -> str:
    return f"{tp / (tp + fp):.2f}" if tp + fp else "–"


def current_rows(split: str) -> list[dict[str, Any]]:
    """One row per labelled message of ``split`` judged by this checkout (borderline kept; untyped left out by the
    loader): label, outcome (tp / fp / fn / tn, or "flagged" / "passed" for borderline), family, answer kind, shape."""
    from research.classifier_answer_kind import answer_kind, family
    from research.classifier_real import _verdict
    from research.data.real_sessions import iter_classifier_inputs

    rows = []
    for message, msg, previous in iter_classifier_inputs(split):
        verdict = _verdict(message, msg, previous)
        flagged = bool(verdict.correction) and verdict.strength != "model"
        if message.positive is None:
            outcome = "flagged" if flagged else "passed"
        else:
            outcome = ("tp" if flagged else "fn") if message.positive else ("fp" if flagged else "tn")
        rows.append({"key": (message.session, message.id), "label": message.label, "outcome": outcome,
                     "family": family(verdict.reason) if flagged else "", "kind": answer_kind(message.answer),
                     "shape": shape(message.text)})
    return rows


def first_sight_rows() -> list[dict[str, Any]]:
    """The dev owners at first sight (`classifier_unseen.history`): the old version's family, this corpus's answer kind
    and shape."""
    from research import classifier_unseen as unseen
    from research.classifier_answer_kind import answer_kind, family
    from research.data.real_sessions import load_messages

    unseen.history()
    messages = {(m.session, m.id): m for m in load_messages("dev")}
    rows = []
    for source in (unseen.HISTORY_TPS, unseen.HISTORY_FPS):
        for r in source:
            m = messages[(r["session"], r["id"])]
            rows.append({"key": (r["session"], r["id"]), "label": r["label"], "outcome": r["outcome"],
                         "family": family(r["reason"]), "kind": answer_kind(m.answer), "shape": shape(m.text)})
    for source in (unseen.HISTORY_FNS, unseen.HISTORY_TNS):
        rows += [{"key": (r["session"], r["id"]), "label": r["label"], "outcome": r["outcome"], "family": "",
                  "kind": "", "shape": ""} for r in source]
    return rows


def by_family(rows: list[dict[str, Any]]) -> dict[str, Counter[str]]:
    fams: dict[str, Counter[str]] = defaultdict(Counter)
    for r in rows:
        if r["outcome"] in ("tp", "fp", "flagged"):
            o = {"flagged": "bl"}.get(r["outcome"], r["outcome"])
            fams[r["family"]][o] += 1
            fams[r["family"]][f"{o}:{r['kind']}"] += 1
            fams[r["family"]][f"{o}:{r['shape']}"] += 1
    return fams


def candidates(first: dict[str, Counter[str]]) -> list[str]:
    """The families whose first-sight precision is below BAR with at least MIN_FLAGS flags (the trained model's hint
    is no flag capture records and is left out)."""
    from altimate_learn.capture.second_opinion import MODEL_REASON

    out = []
    for fam, c in first.items():
        n = c["tp"] + c["fp"]
        if fam != MODEL_REASON and n >= MIN_FLAGS and c["tp"] / n < BAR:
            out.append(fam)
    return sorted(out, key=lambda f: -first[f]["fp"])


def _totals(rows: list[dict[str, Any]]) -> Counter[str]:
    return Counter(r["outcome"] for r in rows)


def dev_report() -> str:
    first_rows = first_sight_rows()
    whole_rows = current_rows("dev")
    first, whole = by_family(first_rows), by_family(whole_rows)
    ft, wt = _totals(first_rows), _totals(whole_rows)
    out = ["# The correction classifier's precision by rule family (dev)", "",
           "Written by `python research/classifier_families.py --write` (see its docstring). First sight: each dev owner "
           "judged by the newest classifier version that had not yet seen it (`classifier_unseen.history`; the family is "
           "that version's reason); whole dev: this checkout on every dev owner; `borderline` messages each family flags "
           "are counted apart (bl).", "",
           f"First sight: P {_score(ft['tp'], ft['fp'])} (TP {ft['tp']}, FP {ft['fp']}, FN {ft['fn']}). "
           f"Whole dev: P {_score(wt['tp'], wt['fp'])} (TP {wt['tp']}, FP {wt['fp']}, FN {wt['fn']}; borderline flagged "
           f"{wt['flagged']}).", "",
           "| rule family | first sight TP | FP | P | whole dev TP | FP | P | bl |",
           "|---|---:|---:|---:|---:|---:|---:|---:|"]
    names = sorted(set(first) | set(whole), key=lambda f: (-first[f]["fp"], -whole[f]["fp"], -whole[f]["tp"], f))
    for fam in names:
        f, w = first[fam], whole[fam]
        out.append(f"| {fam} | {f['tp']} | {f['fp']} | {_score(f['tp'], f['fp'])} | {w['tp']} | {w['fp']} | "
                   f"{_score(w['tp'], w['fp'])} | {w['bl']} |")
    picked = candidates(first)
    out += ["", f"Families below {BAR:.2f} at first sight with at least {MIN_FLAGS} flags: "
                f"{', '.join(picked) or 'none'}.", "",
            "By the answer before the message and the message's shape (TP / FP; first sight, then whole dev):", "",
            "| rule family | split | " + " | ".join(("claims", "code", "done-act", "size-only", "no work") + SHAPES) + " |",
            "|---|---|" + "---:|" * (5 + len(SHAPES))]
    for fam in picked:
        for name, table in (("first sight", first), ("whole dev", whole)):
            c = table[fam]
            cells = [f"{c['tp:' + k]}/{c['fp:' + k]}" for k in ("claims", "code", "done-act", "size-only", "no work") + SHAPES]
            out.append(f"| {fam} | {name} | " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def holdout_report() -> str:
    """Counts only: per family TP / FP (under a known family name or "(other)"), and for the given families the same
    split by answer kind and shape. No text of any message, answer or reason is printed."""
    known = known_families()
    rows = current_rows("holdout")
    for r in rows:
        if r["family"] and r["family"] not in known:
            r["family"] = "(other)"
    fams = by_family(rows)
    t = _totals(rows)
    p = t["tp"] / (t["tp"] + t["fp"]) if t["tp"] + t["fp"] else 1.0
    rec = t["tp"] / (t["tp"] + t["fn"]) if t["tp"] + t["fn"] else 1.0
    out = [f"holdout: P {p:.3f} R {rec:.3f} TP {t['tp']} FP {t['fp']} FN {t['fn']} TN {t['tn']} "
           f"(borderline flagged {t['flagged']})", "", "| rule family | TP | FP | P | bl |", "|---|---:|---:|---:|---:|"]
    for fam in sorted(fams, key=lambda f: (-fams[f]["fp"], -fams[f]["tp"], f)):
        c = fams[fam]
        out.append(f"| {fam} | {c['tp']} | {c['fp']} | {_score(c['tp'], c['fp'])} | {c['bl']} |")
    heads = ("claims", "code", "done-act", "size-only", "no work") + SHAPES
    out += ["", "| rule family | " + " | ".join(heads) + " |", "|---|" + "---:|" * len(heads)]
    for fam in sorted(fams, key=lambda f: -fams[f]["fp"])[:12]:
        c = fams[fam]
        out.append(f"| {fam} | " + " | ".join(f"{c['tp:' + k]}/{c['fp:' + k]}" for k in heads) + " |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holdout", action="store_true", help="held-out counts per family only (a look)")
    parser.add_argument("--write", action="store_true", help=f"write the dev report to {OUTPUT.relative_to(ROOT)}")
    args = parser.parse_args()
    if args.holdout:
        print(holdout_report(), end="")
    else:
        text = dev_report()
        if args.write:
            OUTPUT.write_text(text, encoding="utf-8")
        print(text, end="")
