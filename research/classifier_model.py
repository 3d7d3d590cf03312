"""The trained model that ships next to the correction classifier's patterns, as a guarded second opinion that
orders the continual learner's digest (capture records signals from the patterns alone).

    python research/classifier_model.py          # prints a Markdown section: the light default, every table and
                                                 # row, with owners held out in 10 groups (about 60 trainings: a
                                                 # few minutes; what `python -m research` runs)
    python research/classifier_model.py --held-out-numbers   # counts only on the held-out split (what the shipped
                                                 # model adds, what each veto would drop): a look, never tuning
    python research/classifier_model.py --full   # leave-one-owner-out as the decision of session 8 was measured
                                                 # (about 470 trainings: ten minutes on a quiet two-core machine,
                                                 # forty on a busy one)

A logistic regression over hashed binary features of the person's own prose (words, word pairs, character 4-grams
for typos and shorthand, the first three words, length, place in the session, pasted output) and of the answer
before it (claimed the work done, handed the person a step, asked a question, closed politely), trained by plain
stochastic gradient descent with class weights (`research/train_correction_model.py`, fixed seed: the same data
gives a byte-identical weights file, `altimate_learn/capture/data/correction_model.json`, about 180 KB, scored with
the standard library). It ships as a second opinion for the learner's digest: a message the patterns let pass is
flagged (put early in the digest; capture records no signal from it) when the answer
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

import dataclasses
import hashlib
import importlib.util
import json
import os
import re
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
# An answer that claims nothing: the context the unclaimed adder (experiment B) also speaks in.
PLAIN = "The sync module reads the queue in batches of fifty and writes each batch in one transaction."
# Issue 20, session 8: other roles, measured on the grown dev split. A: the model as a veto on the patterns (a pattern
# hit scored below the threshold is dropped). B: the model as an adder without asking the answer for a claim of done
# work (the other guards kept: questions, the person's own situation, first message, new tasks, length). C: the same
# model with two more kinds of feature (the patterns' rule family; character 2- and 3-grams of prose in scripts
# written without spaces).
VETO = (0.02, 0.05, 0.1, 0.2, 0.3)
UNCLAIMED = ((0.9, 0.0), (0.95, 0.0), (0.95, 0.3), (0.98, 0.3), (0.99, 0.3))
COMBINED = ((0.02, (0.95, 0.0)), (0.1, (0.98, 0.3)))
# The decision rule, written down before the first of these results was read (note 20-model8): a variant changes what
# becomes a signal only if, on the dev owners at first sight, its F1 is above the patterns' with a precision at least
# theirs, its leave-one-owner-out precision is at least LOOO_FLOOR, and no written look-alike is flagged.
LOOO_FLOOR = 0.88
# Issue 20, session #21: vetoes aimed at the binding number, the patterns' precision at first sight (real held-out
# 0.761, goal 0.85). Each reads the patterns' rule family of a flag (:func:`family`) and what the dev owners at first
# sight said of that family, always cross-fitted: a flag of an owner in group g (:func:`owner_group`) is judged by
# what the first-sight flags of the other nine groups said, never its own group's. D: a veto restricted to the weak
# families (first-sight precision on the other groups, (TP + 1) / (flags + 2), below WEAK_BELOW over at least WEAK_MIN
# flags): a flag of a weak family the model scores below the threshold is dropped. E: a threshold calibrated per family
# (on the other groups' first-sight flags of that family, at least WEAK_MIN of them: the threshold of CALIBRATION_GRID
# that drops most false alarms net of COST times the found corrections it drops; none when nothing gains). F: a flag
# model, a logistic regression trained on the first-sight flags of the other groups (right or false alarm; the
# second opinion's features plus the rule family, class-weighted as `train_correction_model.train`): a flag it gives a
# probability of being right below the threshold is dropped.
WEAK_BELOW = (0.7, 0.8)
WEAK_MIN = 5
FAMILY_VETO = (0.1, 0.3, 0.5)
CALIBRATION_GRID = (0.05, 0.1, 0.2, 0.3, 0.5, 0.7)
COST = (2.0, 3.0)
FLAG_MODEL = (0.3, 0.5)
# G, added after D, E and F's results were read (and before its own): a flag is dropped only when two opinions agree,
# the flag model below 0.5 and the correction model below 0.3; judged by the same rule.
AGREE = (0.5, 0.3)
# The decision rule for D, E and F, written down before the first of their results was read (session #21, model39). A
# veto changes what capture records only if all of these hold: (1) at first sight its precision is at least
# PRECISION_LIFT above the patterns' and its F1 at most F1_SLACK below theirs; (2) in each half of the dev owners
# (`classifier_unseen.half_of`) its first-sight precision is at least the patterns'; (3) leave-one-owner-out its precision
# is at least the patterns' and its F1 at most LOOO_F1_SLACK below theirs (the patterns were written on these owners:
# what it drops there is mostly found corrections); (4) it drops at most WRITTEN_DROPS of the written dev corrections
# the patterns find (`corrections.jsonl` dev, the model of five folds, each read as the written set's own numbers read
# it). If several pass, the one with the highest first-sight F1 is the candidate.
PRECISION_LIFT = 0.03
F1_SLACK = 0.005
LOOO_F1_SLACK = 0.01
WRITTEN_DROPS = 2


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


def _f1(prf: tuple[float, float, int, int, int]) -> float:
    p, r = prf[0], prf[1]
    return 2 * p * r / (p + r) if p + r else 0.0


def family(reason: str) -> str:
    """The patterns' rule family of a verdict's reason (its wording before the quoted words); "none" for no flag."""
    if not reason:
        return "none"
    return re.split(r"[:\"]", reason, maxsplit=1)[0].strip()[:40] or "none"


def _spaceless(own: str) -> bool:
    letters = [ch for ch in own if ch.isalpha()]
    return bool(letters) and sum(1 for ch in letters if ord(ch) >= 0x2E80) / len(letters) > 0.3  # CJK, kana, hangul


def richer_names(text: str, answer: str | None, index: int, reason: str, *, negations: bool = True) -> list[str]:
    """Experiment C: the shipped features, the patterns' rule family, and character 2- and 3-grams of prose in a
    script written without spaces (where a word is a whole clause)."""
    from altimate_learn.capture import classifier as C

    names = S.feature_names(text, answer, index, negations=negations) + ["fam:" + family(reason)]
    own = C.normalise(C.prose_of(C.strip_injected(text)[:C.MAX_CLASSIFIED_CHARS])).lower()
    if _spaceless(own):
        run = re.sub(r"\s+", "", own)[:300]
        names += ["k2:" + run[i:i + 2] for i in range(len(run) - 1)] + ["k3:" + run[i:i + 3] for i in range(len(run) - 2)]
    return names


def _slots(names: list[str]) -> tuple[int, ...]:
    return tuple(sorted({S._slot(n) for n in names}))


def richer(real: list[T.Row], written: list[T.Row]) -> tuple[list[T.Row], list[T.Row]]:
    """The rows with experiment C's features (a written row's family: what the patterns say after the claimed answer)."""
    from altimate_learn.capture.classifier import classify_text

    out_real = [dataclasses.replace(r, slots=_slots(richer_names(r.text, r.answer, r.index, r.reason)),
                                    bare=_slots(richer_names(r.text, r.answer, r.index, r.reason, negations=False)))
                for r in real]
    out_written = []
    for r in written:
        index = json.loads(r.key)[2]
        answer = T.WRITTEN_ANSWER if index else None
        verdict = classify_text(r.text, answer) if index else None
        reason = (verdict.reason or "") if verdict is not None and verdict.correction else ""
        out_written.append(dataclasses.replace(r, slots=_slots(richer_names(r.text, answer, index, reason))))
    return out_real, out_written


def _train_without(args: tuple[list[T.Row], str]) -> dict[int, float]:
    rows, owner = args
    return T.train([r for r in rows if r.owner != owner])


def _map(fn: Callable[[Any], Any], items: list[Any]) -> list[Any]:
    """``map`` over worker processes (trainings are independent and deterministic), in order."""
    workers = min(len(items), os.cpu_count() or 1, 4)
    if workers < 2:
        return [fn(x) for x in items]
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(workers) as pool:
        return pool.map(fn, items, chunksize=1)


GROUPS = 10  # the light default holds owners out in this many groups (by a digest of the owner: fixed, not tuned)


def owner_group(owner: str, groups: int = GROUPS) -> str:
    """The held-out group of ``owner`` in the light run: each group is held out in turn, as one owner is in
    the full run (an owner's messages are never in the training data that scores them, either way)."""
    return str(int(hashlib.sha256(owner.encode()).hexdigest(), 16) % groups)


def leave_one_owner_out(real: list[T.Row], written: list[T.Row], full: bool = True) -> list[Scored]:
    """Every dev message scored by a model trained without its owner: one training per owner (``full``), or
    per group of owners (:func:`owner_group`, the light default: about a tenth of the owners held out at once,
    so each model trains on ~90% of the owners instead of all but one; its numbers run a little lower)."""
    group = (lambda owner: owner) if full else owner_group
    grouped = [dataclasses.replace(r, owner=group(r.owner)) for r in real]
    originals = {id(g): r for g, r in zip(grouped, real)}
    scored: list[Scored] = []
    held = sorted({r.owner for r in grouped})
    for owner, weights in zip(held, _map(_train_without, [(grouped + written, o) for o in held])):
        scored += [(r.pattern, S.probability(weights, list(r.slots)), S.probability(weights, list(r.bare)),
                    originals[id(r)]) for r in grouped if r.owner == owner]
    return scored


def first_sight(real: list[T.Row], written: list[T.Row], rich: bool = False) -> list[Scored]:
    """Each dev owner as the pattern version and a model trained before it was in the corpus saw it (``rich``:
    experiment C's features, the rule family the one of that pattern version). Each row's ``reason`` is that pattern
    version's (empty when it did not flag the message), so :func:`family` reads the family that flagged it then."""
    import research.classifier_unseen as U

    if not U.HISTORY_TPS + U.HISTORY_FPS + U.HISTORY_FNS + U.HISTORY_TNS:
        U.history()
    history = {(h["session"], h["id"]): h for h in U.HISTORY_TPS + U.HISTORY_FPS + U.HISTORY_FNS + U.HISTORY_TNS}
    at_first = {key: h["outcome"] in ("tp", "fp") for key, h in history.items()}
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
            if seen_by.get(r.owner) != commit or key not in at_first:
                continue
            slots, bare = r.slots, r.bare
            if rich:
                reason = (history[key]["reason"] or "") if at_first[key] else ""
                slots = _slots(richer_names(r.text, r.answer, r.index, reason))
                bare = _slots(richer_names(r.text, r.answer, r.index, reason, negations=False))
            then = dataclasses.replace(r, reason=(history[key]["reason"] or "") if at_first[key] else "")
            scored.append((at_first[key], S.probability(weights, list(slots)), S.probability(weights, list(bare)), then))
    return scored


Look = tuple[str, str, bool, float, float]  # (text, the answer's context, the guard holds, score, score w/o negations)


def _fold(text: str) -> int:
    """The fold (of five) of a written row."""
    return hashlib.sha256(text.encode("utf-8")).digest()[0] % 5


def fold_models(real: list[T.Row], written: list[T.Row]) -> list[dict[int, float]]:
    """Five models, each trained on every real dev row and the written dev rows outside its fold."""
    return _map(T.train, [real + [r for r in written if _fold(r.text) != f] for f in range(5)])


def _written_scores(real: list[T.Row], written: list[T.Row], rich: bool = False,
                    models: list[dict[int, float]] | None = None) -> list[Look]:
    """The `not` rows of corrections.jsonl dev (five folds, the patterns letting them pass), scored after a claimed
    answer ("done", the shipped guard) and after an answer that claims nothing ("plain", the guard without a claim).
    ``models``: :func:`fold_models` of these rows, already trained."""
    from altimate_learn.capture.classifier import classify_text

    fold = _fold
    models = fold_models(real, written) if models is None else models

    def names(text: str, answer: str, negations: bool) -> list[str]:
        return richer_names(text, answer, 1, "", negations=negations) if rich else S.feature_names(text, answer, 1, negations=negations)

    out: list[Look] = []
    for f, weights in enumerate(models):
        for r in written:
            if fold(r.text) != f or r.label or json.loads(r.key)[2] == 0:
                continue
            for context, answer, claimed in (("done", DONE, True), ("plain", PLAIN, False)):
                if classify_text(r.text, answer).correction:
                    continue
                guarded = S.guard(r.text, answer, 1, after_assistant=True, interrupted=False, claimed=claimed)
                out.append((r.text, context, guarded, S.probability(weights, list(_slots(names(r.text, answer, True)))),
                            S.probability(weights, list(_slots(names(r.text, answer, False))))))
    return out


def written_lookalikes(real: list[T.Row], written: list[T.Row],
                       looks: list[Look] | None = None) -> dict[tuple[float, float], list[str]]:
    """The `not` rows of corrections.jsonl dev (five folds) flagged by the model alone after a claimed answer."""
    looks = _written_scores(real, written) if looks is None else looks
    out: dict[tuple[float, float], list[str]] = {setting: [] for setting in SETTINGS}
    for text, context, guarded, s, s2 in looks:
        for t, t2 in SETTINGS:
            if context == "done" and guarded and s >= t and s2 >= t2:
                out[(t, t2)].append(text)
    return out


def test_lookalikes() -> list[str]:
    """The look-alikes `tests/capture_text/test_second_opinion.py` keeps negative."""
    spec = importlib.util.spec_from_file_location("_second_opinion_tests", ROOT / "tests" / "capture_text" / "test_second_opinion.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.LOOKALIKES)


def _test_scores(real: list[T.Row], written: list[T.Row], rich: bool = False) -> list[Look]:
    """The tests' look-alikes scored by the model trained on all dev rows, after a claimed and a plain answer."""
    from altimate_learn.capture.classifier import classify_text

    weights = T.train(real + written)
    out: list[Look] = []
    for text in test_lookalikes():
        for context, answer, claimed in (("done", DONE, True), ("plain", PLAIN, False)):
            if classify_text(text, answer).correction:
                continue
            guarded = S.guard(text, answer, 1, after_assistant=True, interrupted=False, claimed=claimed)
            n = (lambda neg: richer_names(text, answer, 1, "", negations=neg)) if rich else (
                lambda neg: S.feature_names(text, answer, 1, negations=neg))
            out.append((text, context, guarded, S.probability(weights, list(_slots(n(True)))),
                        S.probability(weights, list(_slots(n(False))))))
    return out


Pool = dict[str, list[tuple[float, int]]]  # rule family -> (model score, label) of its first-sight flags


def _pools(first: list[Scored]) -> dict[str, Pool]:
    """For each owner group (and "written", outside them all), the first-sight flags of every other group by family:
    what a veto may learn about a family without the owners it judges."""
    by_group: dict[str, Pool] = {}
    for p, s, _, r in first:
        if p:
            by_group.setdefault(owner_group(r.owner), {}).setdefault(family(r.reason), []).append((s, r.label))
    out: dict[str, Pool] = {}
    for group in [*by_group, "written"]:
        pool: Pool = {}
        for other, fams in by_group.items():
            if other != group:
                for name, xs in fams.items():
                    pool.setdefault(name, []).extend(xs)
        out[group] = pool
    return out


def weak_families(pool: Pool, below: float) -> set[str]:
    """D: the families whose first-sight precision in ``pool``, smoothed, is below ``below`` over WEAK_MIN flags."""
    return {name for name, xs in pool.items()
            if len(xs) >= WEAK_MIN and (sum(y for _, y in xs) + 1) / (len(xs) + 2) < below}


def calibrated(pool: Pool, cost: float) -> dict[str, float]:
    """E: per family (WEAK_MIN flags in ``pool`` or more), the threshold of CALIBRATION_GRID that drops the most false
    alarms net of ``cost`` times the found corrections; families where no threshold gains are left out."""
    out: dict[str, float] = {}
    for name, xs in sorted(pool.items()):
        if len(xs) < WEAK_MIN:
            continue
        best, gain = 0.0, 0.0
        for t in CALIBRATION_GRID:
            dropped = [y for s, y in xs if s < t]
            value = (len(dropped) - sum(dropped)) - cost * sum(dropped)
            if value > gain:
                best, gain = t, value
        if best:
            out[name] = best
    return out


def _flag_names(r: T.Row) -> list[str]:
    return S.feature_names(r.text, r.answer, r.index) + ["fam:" + family(r.reason)]


def flag_models(first: list[Scored]) -> dict[str, dict[int, float]]:
    """F: per owner group (and "written"), a flag model trained on the first-sight flags of the other groups."""
    rows = [(owner_group(r.owner), T.Row(_slots(_flag_names(r)), r.label, r.owner, r.repo, True, False, r.key))
            for p, _, _, r in first if p]
    groups = sorted({g for g, _ in rows}) + ["written"]
    trained = _map(T.train, [[row for g, row in rows if g != group] for group in groups])
    return dict(zip(groups, trained))


@dataclasses.dataclass
class Vetoes:
    """What the vetoes D, E and F read, fitted once per evaluation (every part cross-fitted by owner group)."""
    pools: dict[str, Pool]
    flag: dict[str, dict[int, float]]
    _weak: dict[tuple[str, float], set[str]] = dataclasses.field(default_factory=dict)
    _calibrated: dict[tuple[str, float], dict[str, float]] = dataclasses.field(default_factory=dict)

    def group(self, r: T.Row) -> str:
        return "written" if r.owner == "written" else owner_group(r.owner)

    def weak(self, r: T.Row, below: float) -> bool:
        key = (self.group(r), below)
        if key not in self._weak:
            self._weak[key] = weak_families(self.pools.get(key[0], {}), below)
        return family(r.reason) in self._weak[key]

    def threshold(self, r: T.Row, cost: float) -> float:
        key = (self.group(r), cost)
        if key not in self._calibrated:
            self._calibrated[key] = calibrated(self.pools.get(key[0], {}), cost)
        return self._calibrated[key].get(family(r.reason), 0.0)

    def right(self, r: T.Row) -> float:
        """F's probability that the patterns' flag of ``r`` is right."""
        return S.probability(self.flag[self.group(r)], list(_slots(_flag_names(r))))


def _written_found(models: list[dict[int, float]]) -> list[Scored]:
    """The written dev corrections the patterns find as the written set's numbers read them (`capture_quality`: no
    answer text), each scored by the model of its fold (:func:`fold_models`, as the look-alikes); ``reason`` the
    patterns'."""
    import capture_quality as quality
    from altimate_learn.capture.classifier import classify_user_message

    rows = [row for row in quality.load_corrections() if quality.split_of(row) == "dev" and row["label"]
            and (row.get("context") or {}).get("kind") != "rejection"]
    out: list[Scored] = []
    for f, weights in enumerate(models):
        for row in rows:
            if _fold(row["text"]) != f:
                continue
            msg, previous = quality.to_messages(row)
            verdict = classify_user_message(msg, previous)
            if not verdict.correction:
                continue
            r = T.Row((), 1, "written", "written", True, False, "", (), row["text"], None, msg.index, verdict.reason or "")
            out.append((True, S.probability(weights, S.features(row["text"], None, msg.index)), 0.0, r))
    return out


def veto_variants(v: Vetoes) -> list[tuple[str, Callable[[Scored], bool]]]:
    """D, E and F as rules over a scored row (a pattern flag the veto does not drop)."""
    out: list[tuple[str, Callable[[Scored], bool]]] = []
    for below in WEAK_BELOW:
        for t in FAMILY_VETO:
            out.append((f"D: veto below {t} in families under {below} at first sight",
                        lambda x, below=below, t=t: x[0] and not (v.weak(x[3], below) and x[1] < t)))
    for cost in COST:
        out.append((f"E: veto below a threshold per family (cost {cost:g})",
                     lambda x, cost=cost: x[0] and x[1] >= v.threshold(x[3], cost)))
    for t in FLAG_MODEL:
        out.append((f"F: flag model, veto below {t}", lambda x, t=t: x[0] and v.right(x[3]) >= t))
    out.append((f"G: veto when the flag model is below {AGREE[0]} and the model below {AGREE[1]}",
                 lambda x: x[0] and not (x[1] < AGREE[1] and v.right(x[3]) < AGREE[0])))
    return out


def decide_veto(first: list[Scored], loo: list[Scored], found: list[Scored], rule: Callable[[Scored], bool]) -> dict[str, Any]:
    """The rule of session #21 (PRECISION_LIFT ... WRITTEN_DROPS) for one veto."""
    import research.classifier_unseen as U

    base_f = _prf([(x[0], x[3].label) for x in first])
    base_l = _prf([(x[0], x[3].label) for x in loo])
    f = _prf([(rule(x), x[3].label) for x in first])
    lo = _prf([(rule(x), x[3].label) for x in loo])
    halves = {}
    for half in ("A", "B"):
        part = [x for x in first if U.half_of(x[3].repo) == half]
        halves[half] = (_prf([(x[0], x[3].label) for x in part])[0], _prf([(rule(x), x[3].label) for x in part])[0])
    dropped = [x for x in found if not rule(x)]
    dropped_first = [x[3].label for x in first if x[0] and not rule(x)]
    checks = {"precision": f[0] >= base_f[0] + PRECISION_LIFT, "f1": _f1(f) >= _f1(base_f) - F1_SLACK,
              "halves": all(after >= before for before, after in halves.values()),
              "looo": lo[0] >= base_l[0] and _f1(lo) >= _f1(base_l) - LOOO_F1_SLACK,
              "written": len(dropped) <= WRITTEN_DROPS}
    return {"first": f, "loo": lo, "halves": halves, "written_dropped": [x[3].text for x in dropped],
            "dropped": (sum(dropped_first), len(dropped_first) - sum(dropped_first)), "checks": checks,
            "passes": all(checks.values())}


def held_out_numbers(result: dict[str, Any], old_weights: Path | None = None, split: str = "holdout") -> dict[str, Any]:
    """Counts only, on the real-session held-out split (a look the session's brief allows twice; nothing here prints a
    row): the patterns as `classifier_real.py` reads them, what the shipped second opinion adds (right / wrong; with
    ``old_weights``, also what that weights file adds), and what each veto of :func:`veto_variants` would drop (found /
    false), fitted on all dev first-sight flags (``result``: :func:`evaluate`'s) and scoring with the shipped weights."""
    from research.classifier_real import _verdict
    from research.data.real_sessions import iter_classifier_inputs

    pools = result["pools"]["written"]  # "written" sits outside every owner group: every group's first-sight flags
    fitted = Vetoes({"written": pools}, {"written": flag_models(result["first"])["written"]})
    weights = S.load()
    rows: list[tuple[Any, Any, Any, Any]] = []
    for m, msg, previous in iter_classifier_inputs(split):
        if m.positive is not None:
            rows.append((m, msg, previous, _verdict(m, msg, previous)))
    counts: dict[str, Any] = {"messages": len(rows)}

    def adds() -> tuple[int, int]:
        hinted = [m.positive for m, msg, previous, _ in rows
                  if (v := _verdict(m, msg, previous)).correction and v.strength == "model"]
        return sum(hinted), len(hinted) - sum(hinted)

    flagged = [(m, msg, v) for m, msg, _, v in rows if v.correction and v.strength != "model"]
    tp = sum(1 for m, _, _ in flagged if m.positive)
    positives = sum(1 for m, *_ in rows if m.positive)
    counts["patterns"] = (tp, len(flagged) - tp, positives - tp)
    counts["shipped adds"] = adds()
    if old_weights is not None:
        saved, shipped_path = S._model, S.WEIGHTS
        try:
            S._model, S.WEIGHTS = None, old_weights
            S.load()
            counts["old weights add"] = adds()
        finally:
            S._model, S.WEIGHTS = saved, shipped_path
    scored: list[Scored] = []
    for m, msg, v in flagged:
        r = T.Row((), int(m.positive), "written", m.repo, True, False, "", (), msg.text or "", m.answer, msg.index,
                  v.reason or "")  # owner "written": judged by every dev group's first-sight flags
        scored.append((True, S.probability(weights["weights"], S.features(r.text, r.answer, r.index)), 0.0, r))
    for name, rule in veto_variants(fitted):
        dropped = [x[3].label for x in scored if not rule(x)]
        counts[name] = (sum(dropped), len(dropped) - sum(dropped))
    return counts


# A variant: what it flags among the scored rows, and which look-alikes it would flag.
Variant = tuple[str, Callable[[Scored], bool], Callable[[Look], bool]]


def variants() -> list[Variant]:
    def shipped(x: Scored) -> bool:
        p, s, s2, r = x
        return p or (r.guarded and s >= T.THRESHOLD and s2 >= T.THRESHOLD_WITHOUT_NEGATIONS)

    def veto(t: float) -> Callable[[Scored], bool]:
        return lambda x: x[0] and x[1] >= t

    def adder(t: float, t2: float, low: float = 0.0) -> Callable[[Scored], bool]:
        return lambda x: (x[0] and x[1] >= low) or (not x[0] and x[3].unclaimed and x[1] >= t and x[2] >= t2)

    def looks_adder(t: float, t2: float) -> Callable[[Look], bool]:
        return lambda look: look[2] and look[3] >= t and look[4] >= t2

    never: Callable[[Look], bool] = lambda look: False  # noqa: E731 - a veto only takes flags away
    out: list[Variant] = [("patterns alone", lambda x: x[0], never),
                          (f"shipped guard, ≥ {T.THRESHOLD}, ≥ {T.THRESHOLD_WITHOUT_NEGATIONS} without negations", shipped,
                           lambda look: look[1] == "done" and looks_adder(T.THRESHOLD, T.THRESHOLD_WITHOUT_NEGATIONS)(look))]
    out += [(f"A: veto below {t}", veto(t), never) for t in VETO]
    out += [(f"B: adder without a claim, ≥ {t}, ≥ {t2} without negations", adder(t, t2), looks_adder(t, t2))
            for t, t2 in UNCLAIMED]
    out += [(f"A + B: veto below {low}, adder ≥ {t}, ≥ {t2}", adder(t, t2, low), looks_adder(t, t2))
            for low, (t, t2) in COMBINED]
    return out


def decide(first: list[Scored], loo: list[Scored], written_looks: list[Look], test_looks: list[Look],
           rule: Callable[[Scored], bool], look: Callable[[Look], bool],
           base_first: tuple[float, float, int, int, int]) -> dict[str, Any]:
    f = _prf([(rule(x), x[3].label) for x in first])
    lo = _prf([(rule(x), x[3].label) for x in loo])
    flagged = sorted({text for text, *rest in written_looks if look((text, *rest))})
    tests = sorted({text for text, *rest in test_looks if look((text, *rest))})
    passes = (_f1(f) > _f1(base_first) and f[0] >= base_first[0] and lo[0] >= LOOO_FLOOR and not flagged and not tests)
    return {"first": f, "loo": lo, "written": flagged, "tests": tests, "passes": passes}


def evaluate(progress: Callable[[str], None] | None = None, full: bool = False) -> dict[str, Any]:
    say = progress or (lambda _: None)
    real, written = T.real_rows(), T.written_rows()
    say("leave-one-owner-out" if full else f"owners held out in {GROUPS} groups")
    loo = leave_one_owner_out(real, written, full)
    say("first sight")
    seen = first_sight(real, written)
    say("written look-alikes")
    folds = fold_models(real, written)
    wlooks = _written_scores(real, written, models=folds)
    tlooks = _test_scores(real, written)
    looks = written_lookalikes(real, written, wlooks)
    say("experiment C")
    rreal, rwritten = richer(real, written)
    rich = {"loo": leave_one_owner_out(rreal, rwritten, full), "first": first_sight(rreal, rwritten, rich=True),
            "wlooks": _written_scores(rreal, rwritten, rich=True), "tlooks": _test_scores(rreal, rwritten, rich=True)}
    say("vetoes by rule family (D, E, F)")
    fitted = Vetoes(_pools(seen), flag_models(seen))
    found = _written_found(folds)
    vetoes = [(name, decide_veto(seen, loo, found, rule)) for name, rule in veto_variants(fitted)]
    base_first = _prf([(p, row.label) for p, _, _, row in seen])
    table = [(name, decide(seen, loo, wlooks, tlooks, rule, look, base_first)) for name, rule, look in variants()]
    table += [("C: " + name, decide(rich["first"], rich["loo"], rich["wlooks"], rich["tlooks"], rule, look, base_first))
              for name, rule, look in variants() if name != "patterns alone"]
    negatives = sum(1 for r in written if not r.label and json.loads(r.key)[2] != 0)
    return {"vetoes": vetoes, "pools": fitted.pools, "written_found": len(found), "loo": loo, "first": seen, "looks": looks, "written_negatives": negatives, "table": table,
            "messages": len(real), "owners": len({r.owner for r in real}),
            "first_owners": len({r.owner for *_, r in seen}), "test_lookalikes": len(test_lookalikes()),
            "spaceless": sum(1 for r in real if _spaceless(r.text)), "full": full}


EXPERIMENTS = (
    "Other roles for the model (issue 20, session 8), each retrained on the grown dev split and measured on the same "
    "two dev estimates. A: a veto (a pattern hit the model scores below the threshold is dropped). B: an adder without "
    "the claim of done work (the guard's other parts kept: not the first message, a new task, a question, a sentence "
    "about the person's own situation, a long message). A + B: both. C: each of these with the model given two more "
    "kinds of feature, the patterns' rule family (at first sight: the family of the pattern version that scored the "
    "owner) and character 2- and 3-grams of prose in scripts written without spaces ({spaceless} dev messages). "
    "Look-alikes: the written `not` rows of `corrections.jsonl` dev (five folds) and the {tests} look-alikes of "
    "`tests/capture_text/test_second_opinion.py` (the model trained on all dev rows), each after an answer that claimed "
    "the work done and after one that claims nothing. The rule, written down before these results were read: a variant "
    "changes what becomes a signal only if, on the dev owners at first sight, its F1 is above the patterns' with a "
    "precision at least theirs, its leave-one-owner-out precision is at least {floor}, and it flags no look-alike.")
DECISION_8 = (
    "Decision (session 8): {passing} of {total} variants pass the rule, so the model's role is unchanged: capture records "
    "signals from the patterns alone, and the retrained model only orders the learner's digest. What the table says "
    "when it was written (2849 dev messages, 207 owners): as a veto (A) the model takes away found corrections about as "
    "often as false alarms on people it has not seen, so precision rises (0.718 to 0.739 at 0.02, 0.793 at 0.3) and F1 "
    "falls at every threshold; on the owners the patterns were written on it drops several found corrections for each "
    "false alarm. As an adder without the claim (B) it finds a few more on people it has not seen (F1 0.486 to 0.501 at "
    "0.95 with precision 0.721) but on leave-one-owner-out its own flags are wrong about as often as right (precision "
    "0.866 against the floor of 0.88), and it flags a written look-alike (pasted build output with no complaint). Only "
    "at 0.99 is its leave-one-owner-out precision above the floor, and there it adds nothing at first sight. The rule "
    "family as a feature (C) makes the model learn the patterns' own verdict: the adder then finds nothing new at first "
    "sight and the veto vetoes almost nothing. The character n-grams for scripts without spaces did not change that. "
    "The weights were retrained on the grown split (2,849 real rows, was 2,456), which `--check` requires; the shipped "
    "setting's own flags are as in the first two tables.")


EXPERIMENTS_21 = (
    "Vetoes aimed at precision at first sight (issue 20, session #21; the binding number: the patterns' precision on the "
    "real held-out split, 0.761 against a goal of 0.85). Every part is cross-fitted by owner group: a flag of an owner "
    "in one of the ten groups is judged by what the first-sight flags of the other nine said. D: a flag of a weak rule "
    "family (first-sight precision on the other groups, (TP + 1) / (flags + 2), below {below}, over at least {least} "
    "flags) that the model scores below the threshold is dropped. E: a threshold per family (families with at least "
    "{least} flags on the other groups; of {grid}, the one that drops the most false alarms net of {costs} times the "
    "found corrections it drops; none where nothing gains). F: a flag model (the second opinion's features plus the "
    "rule family, trained on the other groups' first-sight flags, right or false alarm) drops a flag it gives a "
    "probability of being right below the threshold. Leave-one-owner-out reads today's patterns' family of each flag; "
    "the written check reads the {found} written dev corrections the patterns find, as the written set's numbers read "
    "them (no answer text), each scored by the model of its fold. The rule, written down before these results were "
    "read: a veto changes what capture records only if (1) its first-sight precision is at least {lift} above the "
    "patterns' and its F1 at most {slack} below theirs, (2) in each half of the dev owners its first-sight precision is "
    "at least the patterns', (3) leave-one-owner-out its precision is at least the patterns' and its F1 at most "
    "{lslack} below theirs, and (4) it drops at most {drops} written dev corrections.")
DECISION_21 = (
    "Decision (session #21): {passing} of {total} vetoes pass the rule, so capture still records what the patterns flag. "
    "What the table said when it was written (5,781 dev messages, 430 owners; 414 at first sight): every veto drops found "
    "corrections along with false alarms on people it has not seen. The highest precision, the flag model below 0.5 (F), "
    "is 0.792 against the patterns' 0.742 and costs 36 found for 40 false alarms (F1 0.454 against 0.479); the threshold "
    "per family (E) keeps F1 nearly whole (0.475) but lifts precision only to 0.759 and drops 7 of the 142 written dev "
    "corrections the patterns find; a veto on the families under 0.8 reaches 0.786 at a cost of 70 found for 46 false alarms. The two opinions together "
    "(G, tried once the others were read) come nearest: 0.773 at first sight with F1 0.474 (12 found for 23 false alarms "
    "dropped), but leave-one-owner-out F1 falls from 0.663 to 0.643 and 16 written corrections are dropped. The written "
    "check reads the written rows without an answer, as the written set's numbers do; read after an answer that claimed "
    "the work done, the vetoes drop fewer (G 5, E 2), but no veto fails on that check alone. What the "
    "model reads well is one family: 'interrupted, then redirected' is 26 right and 22 false at first sight, and the "
    "model scores 17 of the 22 below 0.3 against 4 of the 26 (new tasks typed after an interruption: \"make directory "
    "claude\", \"give me the steps again\"). The same scores drop written redirects after an interruption (\"check the "
    "logs in /var/log/app first\", \"that's too much, just fix the null check\"): the model has no feature for the "
    "interruption and reads those as plain new requests, so that family is for a pattern guard (a new task after the "
    "interruption with no word against what the agent was doing), not a veto. The cross-fitted family lists are noisy "
    "at a few flags a family (\"the agent's reply conceded\", weak in the eyes of some groups only, lost 6 found for 1 "
    "false under D below 0.3). None of these comes near the goal of 0.85: the other false alarms sit in families that "
    "are right three times in four at first sight (an error reported, the result said not to work), where the model's "
    "score does not tell the false from the found. The weights were retrained on the grown split (5,816 real rows from "
    "437 dev repositories, was 5,478 from 403), which `--check` requires. The one held-out look of the session, after "
    "the decision (counts only, `--held-out-numbers`, on the patterns of 30dc3788: 324 found, 104 false alarms, 423 "
    "missed): every veto drops at least as many found corrections as false alarms there (D below 0.1 in families under "
    "0.7: 1 found / 2 false; E: 5 / 6; G: 26 / 20; F below 0.5: 50 / 29; D under 0.8 below 0.3: 62 / 36), and the "
    "model retrained on 5,781 rows added 9 found and 7 false alarms to the learner's digest as hints (the weights it "
    "replaced: 11 and 7; the file was retrained once more, on 5,816 rows, after that look).")


ADDER_29 = (
    "The model as a recall adder at capture (issue 20, session #29, mdl47; `research/classifier_adder.py`, run apart: "
    "about 60 trainings, 5 to 15 minutes): could its verdict be recorded on the messages capture lets pass, where it is "
    "reliable, adding at least 0.05 of dev recall (61 corrections) at precision 0.85 of what it adds? Owners held out in "
    "10 groups, counted against capture's own verdict (patterns, reply and reasoning: 729 found, 42 false alarms of 1,203 "
    "dev corrections), with the threshold of each group chosen on the other nine. None of 18 passes (six models: the "
    "shipped one, 24 epochs, the corrections weighted half, the answer's kind crossed with the message, the agent's "
    "reply and its reasoning as features; three contexts: after a claim of done work, the guard without the claim, any "
    "typed message after an answer). After a claim of done work only 64 corrections are left among 614 messages; the "
    "shipped setting adds 20 right / 14 wrong there, and with the threshold chosen on the other groups 9 / 2 (with the "
    "guard but no claim 11 / 2, after any answer 2 / 2). The reply and reasoning rank the widest pool a little better "
    "(at 0.95: 78 / 56, the shipped features 56 / 59) but nowhere near 0.85. Capture is unchanged.")


def _row(name: str, prf: tuple[float, float, int, int, int], added: tuple[int, int] | None = None) -> str:
    p, rec, tp, fp, fn = prf
    extra = f"{added[0]} / {added[1]}" if added is not None else "–"
    return f"| {name} | {p:.3f} | {rec:.3f} | {tp} | {fp} | {fn} | {extra} |"


def main(full: bool = False, result: dict[str, Any] | None = None) -> str:
    """The section (``result``: an :func:`evaluate` already run)."""
    r = result if result is not None else evaluate(lambda step: print(f"… {step}", file=sys.stderr, flush=True), full)
    shipped = (T.THRESHOLD, T.THRESHOLD_WITHOUT_NEGATIONS)
    held_out = ("Leave-one-owner-out" if full else
                f"Owners held out in {GROUPS} groups (the light default; `python research/classifier_model.py --full` "
                "holds out one owner at a time, as the decision below was measured: about 470 trainings, ten to "
                "forty minutes)")
    lines = ["## Capture: a trained model next to the patterns (shipped as the learner's second opinion)", "",
             " ".join(__doc__.split("\n\n", 2)[2].split()), "",
             ("Run: full, one owner held out at a time." if full else
              f"Run: light (the default, and what `python -m research` runs): wherever this section says "
              f"leave-one-owner-out, the owners were held out in {GROUPS} groups by a digest of their name, about 60 "
              "trainings instead of 470; each model then trains on about 90% of the owners, so those numbers run a "
              "little below the full run's, and the decision's floor is read against them with that in mind. "
              "`python research/classifier_model.py --full` reproduces the full run."), ""]
    for title, key, note in (
            (f"{held_out} over {r['messages']} scored dev messages from {r['owners']} owners", "loo",
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
    lines += ["", EXPERIMENTS.format(spaceless=r["spaceless"], tests=r["test_lookalikes"], floor=LOOO_FLOOR), "",
              "| variant | first sight P | R | F1 | TP | FP | leave-one-owner-out P | R | F1 | look-alikes flagged "
              "(written / tests) | passes |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|"]
    for name, d in r["table"]:
        f, lo = d["first"], d["loo"]
        shown = "; ".join(f"\"{' '.join(x.split())[:50]}\"" for x in (d["written"] + d["tests"])[:2]).replace("|", "\\|")
        looks = f"{len(d['written'])} / {len(d['tests'])}" + (f" ({shown})" if shown else "")
        verdict = "–" if name == "patterns alone" else ("**yes**" if d["passes"] else "no")
        lines.append(f"| {name} | {f[0]:.3f} | {f[1]:.3f} | {_f1(f):.3f} | {f[2]} | {f[3]} | {lo[0]:.3f} | {lo[1]:.3f} | "
                     f"{_f1(lo):.3f} | {looks} | {verdict} |")
    rows = [d for name, d in r["table"] if name != "patterns alone"]
    lines += ["", DECISION_8.format(passing=sum(d["passes"] for d in rows), total=len(rows))]
    lines += ["", EXPERIMENTS_21.format(below=" and ".join(map(str, WEAK_BELOW)), least=WEAK_MIN,
                                        grid=", ".join(map(str, CALIBRATION_GRID)), costs=" and ".join(f"{c:g}" for c in COST),
                                        lift=PRECISION_LIFT, slack=F1_SLACK, lslack=LOOO_F1_SLACK, drops=WRITTEN_DROPS,
                                        found=r["written_found"]), "",
              "Rule families at first sight, all dev owners (what a shipped veto would read; each row above read only "
              "the other nine groups):", "", "| rule family | first-sight flags right / false | precision | weak under "
              f"{WEAK_BELOW[0]} | under {WEAK_BELOW[1]} | threshold per family, cost {COST[0]:g} / {COST[1]:g} |",
              "|---|---:|---:|---|---|---|"]
    pool = r["pools"]["written"]
    weak = {below: weak_families(pool, below) for below in WEAK_BELOW}
    per = {cost: calibrated(pool, cost) for cost in COST}
    for name, xs in sorted(pool.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        if len(xs) < WEAK_MIN:
            continue
        right = sum(y for _, y in xs)
        lines.append(f"| {name} | {right} / {len(xs) - right} | {right / len(xs):.3f} | "
                     f"{'yes' if name in weak[WEAK_BELOW[0]] else '–'} | {'yes' if name in weak[WEAK_BELOW[1]] else '–'} | "
                     f"{per[COST[0]].get(name, '–')} / {per[COST[1]].get(name, '–')} |")
    small = [xs for xs in pool.values() if len(xs) < WEAK_MIN]
    lines.append(f"| {len(small)} families with fewer than {WEAK_MIN} flags | {sum(y for xs in small for _, y in xs)} / "
                 f"{sum(1 - y for xs in small for _, y in xs)} | | – | – | – |")
    base_f = _prf([(p, row.label) for p, _, _, row in r["first"]])
    base_l = _prf([(p, row.label) for p, _, _, row in r["loo"]])
    lines += ["", "| veto | first sight P | R | F1 | TP | FP | drops found / false | P in half A, B (patterns: "
              "before → after) | leave-one-owner-out P | R | F1 | written corrections dropped | passes |",
              "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---|---|",
              f"| patterns alone | {base_f[0]:.3f} | {base_f[1]:.3f} | {_f1(base_f):.3f} | {base_f[2]} | {base_f[3]} | – | – | "
              f"{base_l[0]:.3f} | {base_l[1]:.3f} | {_f1(base_l):.3f} | – | – |"]
    for name, d in r["vetoes"]:
        f, lo = d["first"], d["loo"]
        halves = ", ".join(f"{a:.3f} → {b:.3f}" for a, b in d["halves"].values())
        shown = "; ".join(f"\"{' '.join(x.split())[:40]}\"" for x in d["written_dropped"][:2]).replace("|", "\\|")
        failed = [k for k, ok in d["checks"].items() if not ok]
        verdict = "**yes**" if d["passes"] else "no (" + ", ".join(failed) + ")"
        lines.append(f"| {name} | {f[0]:.3f} | {f[1]:.3f} | {_f1(f):.3f} | {f[2]} | {f[3]} | {d['dropped'][0]} / "
                     f"{d['dropped'][1]} | {halves} | {lo[0]:.3f} | {lo[1]:.3f} | {_f1(lo):.3f} | "
                     f"{len(d['written_dropped'])}{(' (' + shown + ')') if shown else ''} | {verdict} |")
    lines += ["", DECISION_21.format(passing=sum(d["passes"] for _, d in r["vetoes"]), total=len(r["vetoes"]))]
    lines += ["", ADDER_29]
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
              "estimates above are not a promise, and its flags wait for a model or a person for that reason. After the "
              "session's review (false alarms on praise and the person's own status after a claim of done work: \"you are "
              "the best\", \"still waiting for CI\") capture stopped recording the model alone: its flags only order the "
              "learner's digest, where every exchange reaches the model anyway; the patterns alone decide what becomes a "
              "signal. The lead's one held-out measurement after that decision: at 0.9 the model would have added 3 found "
              "and 6 false alarms to the patterns' 127 and 46.", "",
              "Limits: one model family; a few hundred labelled messages from about a hundred owners, one labeller; the "
              "model only speaks after an answer that claims done work, so what it adds is bug reports and plain-word "
              "corrections of finished work, not reminders or conventions."]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if "--held-out-numbers" in sys.argv[1:]:  # counts only, on the held-out split: a look the brief must allow
        for name, value in held_out_numbers(evaluate(lambda step: print(f"… {step}", file=sys.stderr, flush=True))).items():
            print(f"{name}: {value}")
    else:
        print(main(full="--full" in sys.argv[1:]))
