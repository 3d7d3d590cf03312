"""Would a small trained model beat the correction classifier's patterns? (issue 20 asked to consider one)

    python research/classifier_model.py     # prints a Markdown section (a few minutes: 20 trainings)

A logistic regression over hashed word unigrams and bigrams of the person's own prose (normalised the same
way as the patterns read it) plus context features (an answer before the message, the answer says work was
done, a new task, a structured specification, a question, length, pasted failure output), trained by plain
stochastic gradient descent with class weights: the kind of model that could ship as a weights file scored
with the standard library. It is estimated by leave-one-owner-out cross-validation on the real-session dev
split (each owner's repositories held out in turn; `research/data/corrections.jsonl` dev rows always in the
training data), so no held-out message is used. The session rules (first message, no answer yet) apply to
both. The patterns' own dev numbers are shown for reference only: the patterns were written against those
dev errors, so their dev score is optimistic; their held-out score is in the real-session section.
"""

from __future__ import annotations

import hashlib
import math
import random
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for entry in (ROOT, ROOT / "research"):
    if str(entry) not in sys.path:
        sys.path.insert(0, str(entry))

from altimate_learn.capture import classifier as C  # noqa: E402
from altimate_learn.capture.wording import normalise  # noqa: E402
from research.data.real_sessions import iter_classifier_inputs  # noqa: E402

DIM = 1 << 16
THRESHOLDS = (0.5, 0.6, 0.7, 0.8)
COMBINED_THRESHOLDS = (0.8, 0.9, 0.95)
VETO_THRESHOLDS = (0.05, 0.2, 0.5)


def _slot(name: str) -> int:
    return int(hashlib.md5(name.encode("utf-8")).hexdigest()[:8], 16) % DIM


def features(text: str, answer: str | None) -> dict[int, float]:
    own = normalise(C.prose_of(text)).lower()
    words = re.findall(r"[a-z']+", own)[:80]
    out = {_slot("w:" + w): 1.0 for w in words}
    out.update({_slot(f"b:{a} {b}"): 1.0 for a, b in zip(words, words[1:])})
    out.update({_slot(f"l{i}:{w}"): 1.0 for i, w in enumerate(words[:3])})
    for name, value in (("answer", bool(answer)), ("claimed", C.answered(answer)), ("task", C._tasking(own)),
                        ("spec", C.is_task_spec(text)), ("question", "?" in text),
                        ("length", min(len(own) // 100, 10)), ("pasted", C.pasted_failure(text)), ("bias", 1)):
        out[_slot(f"{name}:{value}")] = 1.0
    return out


def _real_rows(split: str) -> list[tuple[dict[int, float], int, bool, bool, str]]:
    rows = []
    for m, msg, previous in iter_classifier_inputs(split):
        if m.positive is None:
            continue
        pattern = C.classify_user_message(msg, previous, answer=m.answer).correction
        ruled_out = not msg.after_assistant  # the classifier's session rule: nothing before the first answer counts
        rows.append((features(m.text, m.answer), int(m.positive), pattern, ruled_out, m.repo.split("/")[0]))
    return rows


def _written_rows() -> list[tuple[dict[int, float], int, bool, bool, str]]:
    import capture_quality as quality

    rows = []
    for row in quality.load_corrections():
        if quality.split_of(row) != "dev":
            continue
        msg, previous = quality.to_messages(row)
        ruled_out = msg.index == 0 or not msg.after_assistant or msg.kind != "text"
        rows.append((features(row["text"], None), int(bool(row["label"])), False, ruled_out, "written"))
    return rows


def train(rows: list[Any], epochs: int = 30, rate: float = 0.2, l2: float = 1e-4) -> dict[int, float]:
    weights: dict[int, float] = {}
    positives = sum(r[1] for r in rows)
    balance = {1: len(rows) / (2 * max(positives, 1)), 0: len(rows) / (2 * max(len(rows) - positives, 1))}
    order = list(range(len(rows)))
    rng = random.Random(7)
    for _ in range(epochs):
        rng.shuffle(order)
        for i in order:
            feats, label = rows[i][0], rows[i][1]
            z = sum(weights.get(k, 0.0) * v for k, v in feats.items())
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            g = (p - label) * balance[label]
            for k, v in feats.items():
                weights[k] = weights.get(k, 0.0) - rate * (g * v + l2 * weights.get(k, 0.0))
    return weights


def _score(weights: dict[int, float], feats: dict[int, float]) -> float:
    z = sum(weights.get(k, 0.0) * v for k, v in feats.items())
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def _prf(pairs: list[tuple[bool, int]]) -> tuple[float, float, int, int, int]:
    tp = sum(1 for p, y in pairs if p and y)
    fp = sum(1 for p, y in pairs if p and not y)
    fn = sum(1 for p, y in pairs if not p and y)
    return (tp / (tp + fp) if tp + fp else 1.0, tp / (tp + fn) if tp + fn else 1.0, tp, fp, fn)


def evaluate() -> dict[str, Any]:
    dev, written = _real_rows("dev"), _written_rows()
    scores: list[tuple[float, int, bool]] = []
    for owner in sorted({r[4] for r in dev}):
        weights = train([r for r in dev if r[4] != owner] + written)
        scores += [(0.0 if r[3] else _score(weights, r[0]), r[1], r[2]) for r in dev if r[4] == owner]
    model = {t: _prf([(s >= t, y) for s, y, _ in scores]) for t in THRESHOLDS}
    # The model as a second opinion: a message counts when the patterns flag it or the model is very sure.
    combined = {t: _prf([(p or s >= t, y) for s, y, p in scores]) for t in COMBINED_THRESHOLDS}
    # The model as a veto: a message the patterns flag is dropped when the model scores it below t.
    veto = {t: _prf([(p and s >= t, y) for s, y, p in scores]) for t in VETO_THRESHOLDS}
    return {"model": model, "combined": combined, "veto": veto, "patterns": _prf([(p, y) for _, y, p in scores]), "messages": len(dev),
            "owners": len({r[4] for r in dev})}


def main() -> str:
    r = evaluate()
    lines = ["## Capture: a trained model next to the patterns (considered, not shipped)", "",
             __doc__.split("\n\n", 2)[2].strip().replace("\n", " "), "",
             f"Leave-one-owner-out over {r['messages']} scored dev messages from {r['owners']} owners:", "",
             "| classifier | precision | recall | TP | FP | FN |", "|---|---:|---:|---:|---:|---:|"]
    for threshold, (p, rec, tp, fp, fn) in r["model"].items():
        lines.append(f"| logistic regression, score ≥ {threshold} (cross-validated) | {p:.3f} | {rec:.3f} | {tp} | {fp} | {fn} |")
    for threshold, (p, rec, tp, fp, fn) in r["combined"].items():
        lines.append(f"| patterns, or the model's score ≥ {threshold} | {p:.3f} | {rec:.3f} | {tp} | {fp} | {fn} |")
    for threshold, (p, rec, tp, fp, fn) in r["veto"].items():
        lines.append(f"| patterns, unless the model's score < {threshold} (veto) | {p:.3f} | {rec:.3f} | {tp} | {fp} | {fn} |")
    p, rec, tp, fp, fn = r["patterns"]
    lines.append(f"| patterns (written against these dev errors: optimistic) | {p:.3f} | {rec:.3f} | {tp} | {fp} | {fn} |")
    lines += ["", "Decision: the model's cross-validated precision on owners it has not seen stays well below the "
              "patterns' held-out precision (real-session section), at no better recall, so the classifier stays "
              "patterns only; the model was not evaluated on the held-out split. As a second opinion next to the "
              "patterns (a message counts when the patterns flag it or the model is very sure) it was measured in the "
              "second pass of issue 20 on 1,016 dev messages from 51 owners: even at a score of 0.95 the messages it "
              "adds are fewer than half right (9 more found for 12 more false alarms), below the 0.85 precision the "
              "issue asks for, so it is not shipped as a second opinion either. With a few hundred labelled "
              "messages a bag of words learns the vocabulary of the repositories it saw; more labelled sessions "
              "from more people would be needed before a trained model is worth its weights file. As a veto (third pass, "
              "2026-12-02 #3: a flagged message is dropped when the model scores it low) it removes false alarms on "
              "owners the patterns had not seen (the old pattern versions on the dev owners added after them, "
              "`research/classifier_unseen.py`: at a score below 0.2, 16 false alarms became 10 for 2 of 42 found "
              "lost), but on the current patterns it drops a quarter of what they find (the rows above), so it is "
              "not shipped either. As a second opinion on those same first-sight owners (patterns, or the model at 0.95 "
              "when the answer said work was done), it found 19 more of 140 reports for 5 more false alarms (0.724 / "
              "0.300 became 0.744 / 0.436), and on the 15 dev owners the corpus gained in session #3 (model trained "
              "without them) 4 more of 17 for 1 more false alarm (6 more for 2 over all 26 owners of that session's six "
              "batches): the best recall lever measured on unseen owners. "
              "Wired into the classifier (branch `phrasing2-model`, not on main) it flags 8 of the written look-alike "
              "negatives the patterns keep out (\"why not?\", \"I'm not sure what you mean\", \"I'm not using the old "
              "api anymore, delete it\": a bag of words keys on the negation) and makes the built-in reflector write "
              "2 lessons no person has reviewed; retrained on the grown dev split and kept away from questions it flagged "
              "20 of those look-alikes, so it is not shipped.",
              "", "Limits: one model family and one feature set were tried; thresholds are reported, not tuned."]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(main())
