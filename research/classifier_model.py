"""The trained model that ships next to the correction classifier's patterns, as a guarded second opinion.

    python research/classifier_model.py     # prints a Markdown section (about two minutes: about 110 trainings)

A logistic regression over hashed binary features of the person's own prose (words, word pairs, character 4-grams
for typos and shorthand, the first three words, length, place in the session, pasted output) and of the answer
before it (claimed the work done, handed the person a step, asked a question, closed politely), trained by plain
stochastic gradient descent with class weights (`research/train_correction_model.py`, fixed seed: the same data
gives a byte-identical weights file, `altimate_learn/capture/data/correction_model.json`, about 170 KB, scored with
the standard library). It ships as a second opinion: a message the patterns let pass is flagged when the answer
before it says in words that the work was done, the message is not the session's first, a new task, a question or a
sentence about the person's own situation, and the model scores it at least 0.9, and at least 0.3 with its
negation words taken out. The built-in reflector never writes a lesson from such a model-only flag. Everything
here is dev: leave-one-owner-out cross-validation on the real-session dev split (each owner's repositories held
out in turn; the dev rows of `research/data/corrections.jsonl` always in the training data); the dev owners at
first sight (each dev owner scored by the newest pattern version that did not yet have it in the corpus,
`research/classifier_unseen.py`, and by a model trained only on the dev owners that version had: the nearest dev
estimate of people neither has seen); and the written look-alikes (the `not` rows of `corrections.jsonl` dev, in
five folds, each scored after an answer that claimed the work done, the hardest context for them). The held-out
split is not read here. The patterns' own dev numbers are optimistic (they were written against those dev errors).
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for entry in (ROOT, ROOT / "research"):
    if str(entry) not in sys.path:
        sys.path.insert(0, str(entry))

from altimate_learn.capture import second_opinion as S  # noqa: E402
from research import train_correction_model as T  # noqa: E402

# (score, score without negations) pairs reported next to the shipped one
SETTINGS = ((0.7, 0.0), (0.8, 0.0), (0.8, 0.3), (0.9, 0.0), (T.THRESHOLD, T.THRESHOLD_WITHOUT_NEGATIONS), (0.95, 0.0),
            (0.95, 0.3))
DONE = "I've updated the component and fixed the import; the page should now render correctly."


def _prf(flags: Sequence[tuple[bool, int]]) -> tuple[float, float, int, int, int]:
    tp = sum(1 for f, y in flags if f and y)
    fp = sum(1 for f, y in flags if f and not y)
    fn = sum(1 for f, y in flags if not f and y)
    return (tp / (tp + fp) if tp + fp else 1.0, tp / (tp + fn) if tp + fn else 1.0, tp, fp, fn)


Scored = tuple[bool, float, float, T.Row]  # (the patterns flag it, score, score without negations, row)


def _flags(scored: list[Scored], t: float, t2: float) -> list[tuple[bool, int]]:
    return [(p or (r.guarded and s >= t and s2 >= t2), r.label) for p, s, s2, r in scored]


def _added(scored: list[Scored], t: float, t2: float) -> tuple[int, int]:
    added = [r for p, s, s2, r in scored if not p and r.guarded and s >= t and s2 >= t2]
    return sum(r.label for r in added), sum(1 - r.label for r in added)


def leave_one_owner_out(real: list[T.Row], written: list[T.Row]) -> list[Scored]:
    scored: list[Scored] = []
    for owner in sorted({r.owner for r in real}):
        weights = T.train([r for r in real if r.owner != owner] + written)
        scored += [(r.pattern, S.probability(weights, list(r.slots)), S.probability(weights, list(r.bare)), r)
                   for r in real if r.owner == owner]
    return scored


def first_sight(real: list[T.Row], written: list[T.Row]) -> list[Scored]:
    """Each dev owner as the pattern version and a model trained before it was in the corpus saw it."""
    import research.classifier_unseen as U

    U.history()
    at_first = {(h["session"], h["id"]): h["outcome"] in ("tp", "fp")
                for h in U.HISTORY_TPS + U.HISTORY_FPS + U.HISTORY_FNS + U.HISTORY_TNS}
    owners = {r.owner for r in real}
    seen_by: dict[str, str] = {}
    for commit in U.versions():
        unseen = owners - U.known_owners(commit)
        if len(unseen) == len(owners):
            continue
        for owner in unseen:
            seen_by[owner] = commit
    scored: list[Scored] = []
    for commit in sorted(set(seen_by.values()), key=U.versions().index):
        known = U.known_owners(commit)
        weights = T.train([r for r in real if r.owner in known] + written)
        for r in real:
            key = tuple(json.loads(r.key)[:2])
            if seen_by.get(r.owner) == commit and key in at_first:
                scored.append((at_first[key], S.probability(weights, list(r.slots)), S.probability(weights, list(r.bare)), r))
    return scored


def written_lookalikes(real: list[T.Row], written: list[T.Row]) -> dict[tuple[float, float], list[str]]:
    """The `not` rows of corrections.jsonl dev (five folds) flagged by the model alone after a claimed answer."""
    from altimate_learn.capture.classifier import classify_text

    def fold(text: str) -> int:
        return hashlib.sha256(text.encode("utf-8")).digest()[0] % 5

    out: dict[tuple[float, float], list[str]] = {setting: [] for setting in SETTINGS}
    for f in range(5):
        weights = T.train(real + [r for r in written if fold(r.text) != f])
        for r in written:
            if fold(r.text) != f or r.label or json.loads(r.key)[2] == 0:
                continue
            if classify_text(r.text, DONE).correction or not S.guard(r.text, DONE, 1, after_assistant=True, interrupted=False):
                continue
            s = S.probability(weights, S.features(r.text, DONE, 1))
            s2 = S.probability(weights, S.features(r.text, DONE, 1, negations=False))
            for t, t2 in SETTINGS:
                if s >= t and s2 >= t2:
                    out[(t, t2)].append(r.text)
    return out


def evaluate(progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    real, written = T.real_rows(), T.written_rows()
    loo = leave_one_owner_out(real, written)
    seen = first_sight(real, written)
    looks = written_lookalikes(real, written)
    negatives = sum(1 for r in written if not r.label and json.loads(r.key)[2] != 0)
    return {"loo": loo, "first": seen, "looks": looks, "written_negatives": negatives,
            "messages": len(real), "owners": len({r.owner for r in real}),
            "first_owners": len({r.owner for *_, r in seen})}


def _row(name: str, prf: tuple[float, float, int, int, int], added: tuple[int, int] | None = None) -> str:
    p, rec, tp, fp, fn = prf
    extra = f"{added[0]} / {added[1]}" if added is not None else "–"
    return f"| {name} | {p:.3f} | {rec:.3f} | {tp} | {fp} | {fn} | {extra} |"


def main() -> str:
    r = evaluate()
    shipped = (T.THRESHOLD, T.THRESHOLD_WITHOUT_NEGATIONS)
    lines = ["## Capture: a trained model next to the patterns (shipped as a guarded second opinion)", "",
             " ".join(__doc__.split("\n\n", 2)[2].split()), ""]
    for title, key, note in (
            (f"Leave-one-owner-out over {r['messages']} scored dev messages from {r['owners']} owners", "loo",
             "the patterns were written against these dev errors, so both rows are optimistic"),
            (f"Dev owners at first sight ({r['first_owners']} owners, {len(r['first'])} messages)", "first",
             "the pattern versions and models that had not seen these owners")):
        scored = r[key]
        lines += [f"{title}; {note}:", "",
                  "| classifier | precision | recall | TP | FP | FN | model-only flags right / wrong |",
                  "|---|---:|---:|---:|---:|---:|---:|",
                  _row("patterns alone", _prf([(p, row.label) for p, _, _, row in scored]))]
        for t, t2 in SETTINGS:
            mark = " (**shipped**)" if (t, t2) == shipped else ""
            lines.append(_row(f"patterns + model ≥ {t}, ≥ {t2} without negations{mark}", _prf(_flags(scored, t, t2)),
                              _added(scored, t, t2)))
        lines.append("")
    lines += [f"Written look-alikes (`corrections.jsonl` dev, {r['written_negatives']} `not` rows after a first message, "
              "cross-validated in five folds, each scored after an answer that claimed the work done): flagged by the "
              "model alone", "", "| setting | flagged | examples |", "|---|---:|---|"]
    for (t, t2), texts in r["looks"].items():
        mark = " (**shipped**)" if (t, t2) == shipped else ""
        examples = "; ".join(f"\"{' '.join(x.split())[:60]}\"" for x in texts[:3]).replace("|", "\\|")
        lines.append(f"| ≥ {t}, ≥ {t2} without negations{mark} | {len(texts)} | {examples or '–'} |")
    lines += ["", "Decision: shipped at a score of 0.9 and 0.3 without negations, chosen on dev: the lowest score at which neither the "
              "look-alikes the classifier's tests keep negative nor the written dev look-alikes are flagged (0.8 when it first "
              "landed; the dev split grown by the corpus's batches showed 0.8 flagging a written look-alike, \"If the payload "
              "is invalid, return a 400 instead of crashing.\"); the second threshold costs two of its own finds on each dev "
              "estimate and is kept against negation-only scores. Before it shipped (issue 20, "
              "third pass) a plain word model wired in flagged the look-alikes the patterns keep out (\"why not?\", "
              "\"I'm not sure what you mean\", \"I'm not using the old api anymore, delete it\": a bag of words keys on "
              "the negation) and made the built-in reflector write lessons nobody had reviewed. The guard answers the "
              "first (a claim of done work in the answer's own words, no questions, no sentences about the person's "
              "own situation, a score that holds without the negation words; `tests/capture_text/test_second_opinion.py` "
              "keeps the look-alikes negative), and a model-only signal is never a lesson of the built-in reflector: "
              "it waits for a model or a person (`learn signals --unlearned`). On the held-out split (measured twice, numbers "
              "only, see the real-session section) its own flags were 8 right and 2 wrong after it first landed, and 5 right "
              "and 8 wrong near the end of the session, retrained and on a held-out split grown by new owners, both at 0.8 "
              "(0.9 came after, on dev, not measured there): the dev "
              "estimates above are not a promise, and its flags wait for a model or a person for that reason.", "",
              "Limits: one model family; a few hundred labelled messages from about a hundred owners, one labeller; the "
              "model only speaks after an answer that claims done work, so what it adds is bug reports and plain-word "
              "corrections of finished work, not reminders or conventions."]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(main())
