"""Train the correction classifier's second opinion (`altimate_learn/capture/data/correction_model.json`).

    python research/train_correction_model.py            # retrain on today's dev data and write the weights file
    python research/train_correction_model.py --check    # exit 1 unless the file is what training gives on the data
                                                         # it records (its dev repositories); says how many dev
                                                         # repositories were added since (a retrain would read them)

Data: the dev split of the real-session corpus (`research/data/real/`, every message labelled `correction`,
`bug` or `not`; borderline and untyped left out) and the dev rows of `research/data/corrections.jsonl`. The
held-out split is never loaded. Model: logistic regression over the binary hashed features of
`altimate_learn.capture.second_opinion` (words, word pairs, character 4-grams, length, place in the session,
pasted output, what the answer before the message did), trained by plain stochastic gradient descent with class
weights and L2, a fixed seed and a fixed order, then pruned to the :data:`KEEP` largest weights rounded to three
decimals: the same data gives a byte-identical file. The file records what it was trained on (a digest of the
training rows, the dev repositories, the row counts), the date of that data and the threshold; the threshold is
chosen by leave-one-owner-out cross-validation on dev (`research/classifier_model.py`), never on held-out.
A retrain on unchanged data keeps the recorded date, so the file changes only when the data does.

`--check` retrains on the repositories the file records, not on today's dev split: the corpus grows during a session
(each batch of new owners adds dev repositories), and a retrain changes the model's own flags (the learner's digest
hints; `tests/capture_text/test_second_opinion.py` names a report only the model flags), so retraining is a decision
taken with those in view, not something a corpus batch forces on main. What `--check` guards is that the committed file
is what this script makes of the data it names (no hand edit, no drift in the features or the training); it also says
how many dev repositories the file does not know yet (a retrain would add them).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for entry in (ROOT, ROOT / "research"):
    if str(entry) not in sys.path:
        sys.path.insert(0, str(entry))

from altimate_learn.capture import second_opinion as S  # noqa: E402

SEED = 20
EPOCHS = 12
RATE = 0.05
L2 = 1e-4
KEEP = 12000  # weights kept in the file (the largest by size): about 200 KB of JSON
# Chosen on dev only (research/classifier_model.py): the lowest score at which neither the look-alikes the classifier's
# tests keep negative nor the written dev look-alikes (corrections.jsonl, cross-validated) are flagged, on the dev
# split as it grew during session #4 (0.8 first; 0.9 once the grown split showed 0.8 flagging a written look-alike).
# At 0.9 / 0.3 the model's own flags were 11 right / 3 wrong leave-one-owner-out and 10 / 1 on dev owners at first
# sight; without the second threshold 13 / 3 and 12 / 1: it is kept as the guard against negation-only scores.
THRESHOLD = 0.9
THRESHOLD_WITHOUT_NEGATIONS = 0.3
WRITTEN_ANSWER = "I've made the change."  # written rows are read as replies to an answer that claimed the work done
WRITTEN_COPIES = 2  # each written row is trained on twice: they carry the look-alikes the real sessions have few of


@dataclass(frozen=True)
class Row:
    slots: tuple[int, ...]
    label: int
    owner: str  # the real session's repository owner, or "written" for corrections.jsonl
    repo: str
    pattern: bool  # the patterns flag it (real rows only)
    guarded: bool  # the second opinion's guard holds (real rows only)
    key: str  # what the digest covers: text, answer, place, label
    bare: tuple[int, ...] = ()  # the features with the negation words taken out (the second threshold reads them)
    text: str = ""  # the message's text (a written row's: to score it in a chosen context)
    answer: str | None = None  # the answer before it (real rows)
    index: int = -1  # its place among the session's typed messages (real rows)
    reason: str = ""  # why the patterns flag it (real rows; empty when they do not)
    unclaimed: bool = False  # the guard holds without asking for a claim of done work (real rows; classifier_model.py)


def _owner(repo: str) -> str:
    return repo.split("/")[0].lower()


def real_rows(repos: set[str] | None = None, *, patterns: bool = True) -> list[Row]:
    """Scored dev messages of the real-session corpus (``repos``: only these repositories). ``patterns=False``
    leaves out the patterns' verdict and the guard (training reads neither; classifying every message is most of
    the time this takes)."""
    from altimate_learn.capture.classifier import classify_user_message
    from research.data.real_sessions import iter_classifier_inputs

    rows = []
    for m, msg, previous in iter_classifier_inputs("dev"):
        if m.positive is None or (repos is not None and m.repo not in repos):
            continue
        key = json.dumps([m.session, m.id, msg.text, m.answer, msg.index, int(m.positive)], ensure_ascii=False)
        slots = tuple(S.features(msg.text, m.answer, msg.index))
        bare = tuple(S.features(msg.text, m.answer, msg.index, negations=False))
        if not patterns:
            rows.append(Row(slots, int(m.positive), _owner(m.repo), m.repo, False, False, key, bare, msg.text or "",
                            m.answer, msg.index, "", False))
            continue
        interrupted = previous is not None and previous.kind == "interrupt"
        verdict = classify_user_message(msg, previous, answer=m.answer, model=False)
        context = {"after_assistant": msg.after_assistant, "interrupted": interrupted}
        guarded = msg.kind == "text" and S.guard(msg.text, m.answer, msg.index, **context)
        unclaimed = msg.kind == "text" and S.guard(msg.text, m.answer, msg.index, claimed=False, **context)
        rows.append(Row(slots, int(m.positive), _owner(m.repo), m.repo, verdict.correction, guarded, key, bare,
                        msg.text or "", m.answer, msg.index, (verdict.reason or "") if verdict.correction else "",
                        unclaimed))
    return rows


def written_rows() -> list[Row]:
    """The dev rows of corrections.jsonl (written messages with no answer text)."""
    import capture_quality as quality

    rows = []
    for row in quality.load_corrections():
        if quality.split_of(row) != "dev" or (row.get("context") or {}).get("kind") == "rejection":
            continue
        msg, _ = quality.to_messages(row)
        answer = WRITTEN_ANSWER if msg.index else None
        key = json.dumps(["written", row["text"], msg.index, int(bool(row["label"]))], ensure_ascii=False)
        rows.append(Row(tuple(S.features(row["text"], answer, msg.index)), int(bool(row["label"])), "written", "written",
                        False, False, key, (), row["text"]))
    return rows


def train(rows: list[Row]) -> dict[int, float]:
    """SGD on the logistic loss with class weights; the KEEP largest weights, rounded to three decimals. Written
    rows are trained on WRITTEN_COPIES times."""
    rows = [r for r in rows if r.owner != "written"] + [r for r in rows if r.owner == "written"] * WRITTEN_COPIES
    weights = [0.0] * S.DIM
    positives = sum(r.label for r in rows)
    balance = {1: len(rows) / (2 * max(positives, 1)), 0: len(rows) / (2 * max(len(rows) - positives, 1))}
    order = list(range(len(rows)))
    rng = random.Random(SEED)
    decay = RATE * L2  # `g + RATE * L2 * w` is `g + (RATE * L2) * w`: the same floats, multiplied once
    weight = weights.__getitem__
    for _ in range(EPOCHS):
        rng.shuffle(order)
        for i in order:
            slots, label = rows[i].slots, rows[i].label
            z = sum(map(weight, slots))  # left to right, as the generator it replaces
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            g = RATE * (p - label) * balance[label]
            for s in slots:
                weights[s] -= g + decay * weights[s]
    ranked = sorted((s for s in range(S.DIM) if round(weights[s], 3)), key=lambda s: (-abs(weights[s]), s))
    return {s: round(weights[s], 3) for s in sorted(ranked[:KEEP])}


def digest(rows: list[Row]) -> str:
    h = hashlib.sha256()
    for key in sorted(r.key for r in rows):
        h.update(key.encode("utf-8") + b"\n")
    return h.hexdigest()


def document(rows: list[Row], weights: dict[int, float], date: str) -> str:
    real = [r for r in rows if r.owner != "written"]
    doc = {
        "format": 1,
        "model": "logistic regression over hashed binary features (altimate_learn/capture/second_opinion.py)",
        "trained": {
            "by": "research/train_correction_model.py",
            "date": date,
            "data": "research/data/real dev split (correction, bug: positive; not: negative) and research/data/"
                    "corrections.jsonl dev rows; the held-out split is never read",
            "rows_sha256": digest(rows),
            "real_rows": len(real),
            "written_rows": len(rows) - len(real),
            "positives": sum(r.label for r in rows),
            "repos": sorted({r.repo for r in real}),
            "seed": SEED, "epochs": EPOCHS, "rate": RATE, "l2": L2, "kept": KEEP,
            "written_answer": WRITTEN_ANSWER, "written_copies": WRITTEN_COPIES,
        },
        "threshold": THRESHOLD,
        "threshold_without_negations": THRESHOLD_WITHOUT_NEGATIONS,
        "threshold_chosen_by": "leave-one-owner-out cross-validation on the dev owners (research/classifier_model.py)",
        "dim": S.DIM,
        "weights": {format(s, "x"): w for s, w in weights.items()},
    }
    return json.dumps(doc, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def recorded() -> dict[str, Any] | None:
    try:
        return json.loads(S.WEIGHTS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def build(repos: set[str] | None = None, date: str | None = None, rows: list[Row] | None = None) -> str:
    """The weights file trained on the dev data (``repos``: only these real repositories; the date: the one
    recorded when the rows are unchanged, else today). ``rows``: already read (`real_rows` + `written_rows`)."""
    if rows is None:
        rows = real_rows(repos, patterns=False) + written_rows()
    old = recorded()
    if date is None:
        same = old is not None and old.get("trained", {}).get("rows_sha256") == digest(rows)
        date = old["trained"]["date"] if same and old else datetime.now(timezone.utc).strftime("%Y-%m-%d")
    return document(rows, train(rows), date)


def check() -> int:
    """0 when the weights file is what training gives on the repositories it records (and the rows it was trained on
    are unchanged), else 1 with what to do; either way, how many dev repositories it was not trained on."""
    old = recorded()
    if old is None:
        print(f"no readable weights file at {S.WEIGHTS.relative_to(ROOT)}: run python research/train_correction_model.py")
        return 1
    trained = old["trained"]
    repos = set(trained["repos"])
    rows = real_rows(repos, patterns=False) + written_rows()
    if digest(rows) != trained["rows_sha256"]:
        print("the labelled data the weights file was trained on changed (a label, a message or an answer of its "
              "repositories, or corrections.jsonl's dev rows): run python research/train_correction_model.py")
        return 1
    same = build(repos, date=trained["date"], rows=rows) == S.WEIGHTS.read_text(encoding="utf-8")
    from research.data.real_sessions import splits

    newer = sorted(r for r, part in splits().items() if part == "dev" and r not in repos)
    print(("the weights file is what training gives on the data it records" if same else
           "the weights file differs from what training gives on the data it records: run python "
           "research/train_correction_model.py") +
          f" ({len(repos)} dev repositories; {len(newer)} other dev repositories not trained on: added since, or "
          "with no scored message)")
    return 0 if same else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 unless the weights file is what training gives")
    args = parser.parse_args()
    if args.check:
        return check()
    text = build()
    S.WEIGHTS.parent.mkdir(parents=True, exist_ok=True)
    S.WEIGHTS.write_text(text, encoding="utf-8")
    doc = json.loads(text)
    print(f"wrote {S.WEIGHTS.relative_to(ROOT)}: {len(doc['weights'])} weights, {len(text):,} bytes, "
          f"{doc['trained']['real_rows']} real + {doc['trained']['written_rows']} written rows")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
