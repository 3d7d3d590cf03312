"""Does a better trained model find corrections on people it was not trained on? Owner-grouped folds on dev (issue 20,
fourteenth pass).

    python research/classifier_sight_model.py             # three learners, numbers only (about 4 minutes)
    python research/classifier_sight_model.py --history   # also against the patterns at first sight, and recall by
                                                          # slice at first sight (adds about 3 minutes)

Only the dev split of the real-session corpus is read (`research/data/real/`), plus the dev rows of
`research/data/corrections.jsonl` as training data (each twice, as `train_correction_model.py` does); nothing is
printed but counts. The dev owners are split into :data:`GROUPS` groups by a fixed hash of the owner (``group_of``); each
group is scored by a model trained on the other groups only, so every score is a first-sight score: the model never
saw that person. Three learners:

- ``shipped``: the features of the shipped second opinion (`capture/second_opinion.py`) and its learner, logistic
  regression by SGD with class weights (as `train_correction_model.py`, without its pruning to the largest weights);
- ``wider``: more features of the message and of the exchange: character 4-grams across the person's words and the
  spaces between them (typos, shorthand, scripts written without spaces), its last word, whether it ends with "!", repeats "??" or "!!",
  has a word in capitals, is in a CJK or another non-ASCII script; of the answer before it, whether its own words
  claim the work done in any language the patterns know, end with a question, or propose a plan; same learner;
- ``nblr``: the ``wider`` features, naive-Bayes log-count ratios as feature values, then logistic regression (the
  NB-SVM recipe of Wang & Manning 2012, with a logistic loss).

For each: the model alone (precision and recall over all dev positives at each threshold, and average precision), and
what it would add to today's patterns: the messages the patterns let pass, in the context capture reads (a typed message
after an answer, not the session's first, not right after an interruption), all of them and those the shipped guard
(`second_opinion.guard`) lets through. Today's patterns were written from these dev messages, so "added over today's
patterns" is conservative for the model (the patterns already took what is easy) and the patterns' own dev numbers are
optimistic. ``--history`` adds the other side: each dev owner's messages as the newest pattern version that had not
seen the owner scored them (`classifier_unseen.history`), what the model adds to those and what it would take away as a
veto (drop a pattern flag the model scores below v), and first-sight recall of those versions by slice (language,
harness, label, length, what the answer before did).
"""

from __future__ import annotations

import argparse
import hashlib
import math
import random
import re
import sys
import zlib
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for entry in (ROOT, ROOT / "research"):
    if str(entry) not in sys.path:
        sys.path.insert(0, str(entry))

from altimate_learn.capture import classifier as C  # noqa: E402
from altimate_learn.capture import languages  # noqa: E402
from altimate_learn.capture import second_opinion as S  # noqa: E402
from altimate_learn.capture.cues import ASKED, CLAIMS, CLOSER, HANDED_OVER  # noqa: E402

GROUPS = 10
DIM = 1 << 20
THRESHOLDS = (0.5, 0.7, 0.8, 0.9, 0.95, 0.98)
VETOES = (0.02, 0.05, 0.1, 0.2, 0.3)
SEED = 20
# Character n-grams of the ``wider`` features: 4 (across word boundaries). 3-, 4- and 5-grams together scored worse at
# first sight (average precision 0.564 for the logistic learner against 0.594 with 4-grams; fourteenth pass).
CHAR_N = 4
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")
_WIDE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_PLAN = re.compile(r"\b(?:here'?s\s+(?:the|my)\s+plan|i(?:'ll|\s+will)\s+(?:now\s+)?(?:start|begin|implement|create|add|update)|"
                   r"plan:|next\s+steps?|proposed?)\b", re.I)


def group_of(owner: str) -> int:
    """The fold of a dev owner (all of an owner's repositories are in one group)."""
    return hashlib.sha256(("sight:" + owner.lower()).encode("utf-8")).digest()[0] % GROUPS


@dataclass
class Example:
    text: str
    answer: str | None
    index: int
    label: int
    owner: str
    session: str = ""
    id: str = ""
    repo: str = ""
    agent: str = ""
    kind: str = "correction"  # the corpus label (correction, bug, not)
    flagged: bool = False  # today's patterns flag it
    capture: bool = False  # typed, after an answer, not the first message, not right after an interruption
    guarded: bool = False  # the shipped second opinion's guard holds


def dev_examples() -> list[Example]:
    """Every scored dev message (borderline and untyped left out), with today's patterns' verdict."""
    from research.classifier_real import _verdict
    from research.data.real_sessions import iter_classifier_inputs

    out = []
    for m, msg, previous in iter_classifier_inputs("dev"):
        if m.positive is None:
            continue
        verdict = _verdict(m, msg, previous)
        flagged = bool(verdict.correction) and verdict.strength != "model"
        interrupted = previous is not None and previous.kind == "interrupt"
        capture = msg.kind == "text" and msg.after_assistant and not interrupted and msg.index >= 1
        guarded = capture and S.guard(msg.text, m.answer, msg.index, after_assistant=True, interrupted=False)
        out.append(Example(msg.text or "", m.answer, msg.index, int(m.positive), m.repo.split("/")[0].lower(), m.session,
                           m.id, m.repo, m.agent, m.label, flagged, capture, guarded))
    return out


def written_examples() -> list[Example]:
    """The dev rows of corrections.jsonl, read as replies to an answer that claimed the work done (as training does)."""
    from research import train_correction_model as T

    return [Example(r.text, T.WRITTEN_ANSWER if r.index else None, r.index, r.label, "written")
            for r in T.written_rows()]


def shipped_names(text: str, answer: str | None, index: int) -> list[str]:
    return S.feature_names(text, answer, index)


def _bucket(n: int) -> int:
    return 0 if n <= 0 else min(n.bit_length(), 12)


def wider_names(text: str, answer: str | None, index: int) -> list[str]:
    """The ``wider`` features (see the module docstring)."""
    text = C.strip_injected(text)[:C.MAX_CLASSIFIED_CHARS]
    tail = answer[-S.ANSWER_TAIL:] if answer is not None else None
    own = C.normalise(C.prose_of(text)).lower()
    words = _WORD.findall(own)[:S.MAX_WORDS]
    names = ["bias"] + ["w:" + w for w in words] + [f"b:{a} {b}" for a, b in zip(words, words[1:])]
    names += [f"p{i}:{w}" for i, w in enumerate(words[:3])]
    if words:
        names.append("last:" + words[-1])
    joined = " " + " ".join(words[:80]) + " "
    names += [f"c:{joined[i:i + CHAR_N]}" for i in range(max(1, len(joined) - CHAR_N + 1))]
    names += [f"len:{_bucket(len(own))}", f"words:{_bucket(len(words))}", f"pos:{'?' if index < 0 else min(index, 6)}"]
    stripped = own.strip()
    if C._is_question(stripped):
        names.append("ends:question")
    if stripped.endswith("!"):
        names.append("ends:bang")
    if "??" in stripped or "!!" in stripped:
        names.append("shape:repeated")
    if any(w.isupper() for w in re.findall(r"[A-Za-z]{3,}", C.prose_of(text))):
        names.append("shape:capitals")
    if _WIDE.search(own):
        names.append("shape:cjk")
    elif re.search(r"[^\x00-\x7f]", own):
        names.append("shape:nonascii")
    if C.pasted_failure(text):
        names.append("pasted:failure")
    elif len(stripped) < len(text.strip()) - 40:
        names.append("pasted:other")
    if tail is None:
        return names + ["answer:none"]
    names += [f"answer:claimed:{C.answered(tail)}",
              f"answer:claimword:{bool(CLAIMS.search(tail) or languages.CLAIMS.search(tail))}",
              f"answer:handed:{bool(HANDED_OVER.search(tail[-400:]))}", f"answer:asked:{bool(ASKED.search(tail))}",
              f"answer:closer:{bool(CLOSER.search(tail[-300:]))}", f"answer:endsq:{tail.rstrip().endswith('?')}",
              f"answer:plan:{bool(_PLAN.search(tail))}", f"answer:len:{_bucket(len(tail) // 50)}"]
    return names


def hashed(names: Sequence[str]) -> list[int]:
    return sorted({zlib.crc32(n.encode("utf-8")) & (DIM - 1) for n in names})


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def train_logistic(xs: list[list[int]], ys: list[int], *, epochs: int = 12, rate: float = 0.05,
                   l2: float = 1e-4) -> dict[int, float]:
    """SGD on the logistic loss with class weights (the shipped learner, `train_correction_model.train`)."""
    weights: dict[int, float] = {}
    positives = sum(ys)
    balance = {1: len(ys) / (2 * max(positives, 1)), 0: len(ys) / (2 * max(len(ys) - positives, 1))}
    order = list(range(len(ys)))
    rng = random.Random(SEED)
    for _ in range(epochs):
        rng.shuffle(order)
        for i in order:
            p = _sigmoid(sum(weights.get(s, 0.0) for s in xs[i]))
            g = rate * (p - ys[i]) * balance[ys[i]]
            for s in xs[i]:
                w = weights.get(s, 0.0)
                weights[s] = w - g - rate * l2 * w
    return weights


def train_nblr(xs: list[list[int]], ys: list[int], *, alpha: float = 1.0, epochs: int = 10, rate: float = 0.02,
               l2: float = 1e-4) -> tuple[dict[int, float], dict[int, float], float]:
    """Naive-Bayes log-count ratios r (smoothed by ``alpha``), then logistic regression on features valued r."""
    pos: Counter[int] = Counter()
    neg: Counter[int] = Counter()
    for x, y in zip(xs, ys):
        (pos if y else neg).update(x)
    n_pos, n_neg = sum(ys), len(ys) - sum(ys)
    ratio = {s: math.log((pos[s] + alpha) / (n_pos + alpha)) - math.log((neg[s] + alpha) / (n_neg + alpha))
             for s in set(pos) | set(neg)}
    weights: dict[int, float] = {}
    bias = 0.0
    balance = {1: len(ys) / (2 * max(n_pos, 1)), 0: len(ys) / (2 * max(n_neg, 1))}
    order = list(range(len(ys)))
    rng = random.Random(SEED)
    for _ in range(epochs):
        rng.shuffle(order)
        for i in order:
            p = _sigmoid(bias + sum(weights.get(s, 0.0) * ratio[s] for s in xs[i]))
            g = rate * (p - ys[i]) * balance[ys[i]]
            bias -= g
            for s in xs[i]:
                w = weights.get(s, 0.0)
                weights[s] = w - g * ratio[s] - rate * l2 * w
    return weights, ratio, bias


def score_logistic(model: dict[int, float], x: list[int]) -> float:
    return _sigmoid(sum(model.get(s, 0.0) for s in x))


def score_nblr(model: tuple[dict[int, float], dict[int, float], float], x: list[int]) -> float:
    weights, ratio, bias = model
    return _sigmoid(bias + sum(weights.get(s, 0.0) * ratio.get(s, 0.0) for s in x))


LEARNERS: dict[str, tuple[Callable[..., list[str]], Callable[..., Any], Callable[..., float]]] = {
    "shipped": (shipped_names, train_logistic, score_logistic),
    "wider": (wider_names, train_logistic, score_logistic),
    "nblr": (wider_names, train_nblr, score_nblr),
}


def first_sight_scores(rows: list[Example], written: list[Example], learner: str) -> list[float]:
    """Each row's score by a model trained on the other owner groups (and the written rows, twice)."""
    names, fit, score = LEARNERS[learner]
    xs = [hashed(names(r.text, r.answer, r.index)) for r in rows]
    wx = [hashed(names(w.text, w.answer, w.index)) for w in written]
    wy = [w.label for w in written]
    scores = [0.0] * len(rows)
    for g in range(GROUPS):
        train = [i for i, r in enumerate(rows) if group_of(r.owner) != g]
        model = fit([xs[i] for i in train] + wx * 2, [rows[i].label for i in train] + wy * 2)
        for i, r in enumerate(rows):
            if group_of(r.owner) == g:
                scores[i] = score(model, xs[i])
    return scores


def average_precision(scores: Sequence[float], labels: Sequence[int]) -> float:
    ranked = sorted(zip(scores, labels), key=lambda p: -p[0])
    found, total = 0, 0.0
    for k, (_, y) in enumerate(ranked, 1):
        if y:
            found += 1
            total += found / k
    return total / max(1, sum(labels))


def _p(tp: int, fp: int) -> str:
    return f"{tp / (tp + fp):.2f}" if tp + fp else "-"


def curve(rows: list[Example], scores: list[float]) -> list[str]:
    positives = sum(r.label for r in rows)
    out = [f"average precision {average_precision(scores, [r.label for r in rows]):.3f}", "",
           "| score >= | model alone right / false | P | R | added over today's patterns | P | guarded: added | P |",
           "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for t in THRESHOLDS:
        hit = [r for r, s in zip(rows, scores) if s >= t]
        tp = sum(r.label for r in hit)
        added = [r for r in hit if r.capture and not r.flagged]
        atp = sum(r.label for r in added)
        guarded = [r for r in added if r.guarded]
        gtp = sum(r.label for r in guarded)
        out.append(f"| {t} | {tp} / {len(hit) - tp} | {_p(tp, len(hit) - tp)} | {tp / positives:.3f} | "
                   f"{atp} / {len(added) - atp} | {_p(atp, len(added) - atp)} | {gtp} / {len(guarded) - gtp} | "
                   f"{_p(gtp, len(guarded) - gtp)} |")
    flagged = [(r, s) for r, s in zip(rows, scores) if r.flagged]
    out += ["", "| veto: drop one of today's pattern flags scored below | drops right / false |", "|---:|---:|"]
    for v in VETOES:
        dropped = [r.label for r, s in flagged if s < v]
        out.append(f"| {v} | {sum(dropped)} / {len(dropped) - sum(dropped)} |")
    return out


def against_history(rows: list[Example], scores: list[float], outcomes: dict[tuple[str, str], str]) -> list[str]:
    """What the model adds to, and takes from, the patterns at first sight."""
    seen = [(r, s, outcomes[(r.session, r.id)]) for r, s in zip(rows, scores) if (r.session, r.id) in outcomes]
    positives = sum(r.label for r, _, _ in seen)
    tp = sum(o == "tp" for _, _, o in seen)
    fp = sum(o == "fp" for _, _, o in seen)
    out = [f"patterns at first sight: {tp} right / {fp} false, P {_p(tp, fp)}, R {tp / positives:.3f}", "",
           "| patterns OR model >= | added right / false | P | R | guarded: added right / false | P | R |",
           "|---:|---:|---:|---:|---:|---:|---:|"]
    for t in THRESHOLDS:
        added = [(r, s) for r, s, o in seen if o in ("fn", "tn") and r.capture and s >= t]
        atp = sum(r.label for r, _ in added)
        guarded = [r for r, _ in added if r.guarded]
        gtp = sum(r.label for r in guarded)
        out.append(f"| {t} | {atp} / {len(added) - atp} | {_p(tp + atp, fp + len(added) - atp)} | "
                   f"{(tp + atp) / positives:.3f} | {gtp} / {len(guarded) - gtp} | "
                   f"{_p(tp + gtp, fp + len(guarded) - gtp)} | {(tp + gtp) / positives:.3f} |")
    out += ["", "| veto: drop a pattern flag scored below | drops right / false | P | R |", "|---:|---:|---:|---:|"]
    for v in VETOES:
        dropped = [o for r, s, o in seen if o in ("tp", "fp") and s < v]
        dt, df = dropped.count("tp"), dropped.count("fp")
        out.append(f"| {v} | {dt} / {df} | {_p(tp - dt, fp - df)} | {(tp - dt) / positives:.3f} |")
    return out


def _language(text: str) -> str:
    if _WIDE.search(text):
        return "CJK"
    return "other non-ASCII letters" if re.search(r"[\u00c0-\u024f\u0400-\u04ff]", text) else "ASCII"


def _length(text: str) -> str:
    n = len(C.prose_of(C.strip_injected(text)).strip())
    return "<= 40" if n <= 40 else "41-120" if n <= 120 else "121-400" if n <= 400 else "> 400"


def _answer(r: Example) -> str:
    if r.answer is None:
        return "none"
    if CLAIMS.search(r.answer[-S.ANSWER_TAIL:]):
        return "claimed work done"
    return "ends with a question" if r.answer.rstrip().endswith("?") else "other"


SLICES: dict[str, Callable[[Example], str]] = {
    "language": lambda r: _language(r.text), "harness": lambda r: r.agent, "label": lambda r: r.kind,
    "length of own prose": lambda r: _length(r.text), "answer before": _answer,
}


def slices(rows: list[Example], outcomes: dict[tuple[str, str], str]) -> list[str]:
    out = ["| slice | value | positives | found at first sight | recall | false alarms | P |", "|---|---|---:|---:|---:|---:|---:|"]
    for name, of in SLICES.items():
        counts: dict[str, Counter[str]] = defaultdict(Counter)
        for r in rows:
            outcome = outcomes.get((r.session, r.id))
            if outcome is not None:
                counts[of(r)][outcome] += 1
        for value, c in sorted(counts.items(), key=lambda kv: -(kv[1]["tp"] + kv[1]["fn"])):
            pos = c["tp"] + c["fn"]
            out.append(f"| {name} | {value} | {pos} | {c['tp']} | {c['tp'] / pos if pos else 0:.2f} | {c['fp']} | "
                       f"{_p(c['tp'], c['fp'])} |")
    return out


def history_outcomes() -> dict[tuple[str, str], str]:
    from research import classifier_unseen as U

    U.history()
    return {(h["session"], h["id"]): h["outcome"] for h in U.HISTORY_TPS + U.HISTORY_FPS + U.HISTORY_FNS + U.HISTORY_TNS}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--history", action="store_true", help="also against the patterns at first sight (+3 min)")
    parser.add_argument("--learner", action="append", choices=sorted(LEARNERS), help="only these (default: all three)")
    args = parser.parse_args(argv)
    rows = dev_examples()
    written = written_examples()
    outcomes = history_outcomes() if args.history else {}
    owners = {r.owner for r in rows}
    print(f"dev: {len(rows)} scored messages, {sum(r.label for r in rows)} positives, {len(owners)} owners in "
          f"{GROUPS} groups; {len(written)} written rows always in training\n")
    if outcomes:
        print("Pattern versions at first sight, recall by slice:\n")
        print("\n".join(slices(rows, outcomes)) + "\n")
    for learner in args.learner or list(LEARNERS):
        scores = first_sight_scores(rows, written, learner)
        print(f"## {learner}\n")
        print("\n".join(curve(rows, scores)) + "\n")
        if outcomes:
            print("\n".join(against_history(rows, scores, outcomes)) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
