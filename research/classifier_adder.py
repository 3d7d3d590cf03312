"""The trained second opinion as a recall adder at capture (issue 20, session #29, mdl47): can a model's verdict be
recorded on messages capture lets pass, where it is reliable, with precision at least 0.85 on what it adds?

    python research/classifier_adder.py     # prints a Markdown section (dev only; about 50 trainings: 5-15 minutes)

Dev only: the real-session dev split, owners held out in 10 groups (`classifier_model.owner_group`; the dev rows of
`research/data/corrections.jsonl` always in the training data); the held-out split is never read. What the model adds
is counted against capture's own verdict (the patterns with the agent's reply and reasoning, as `learn capture` and
`research/classifier_real.py` judge a message), not the patterns alone: a flag capture already records adds nothing.

Each variant is trained once per group without that group's owners and scores the group's messages. The contexts it may
speak in: after an answer that claimed the work done (the shipped guard, `second_opinion.guard`); the same guard without
the claim (not the first message, a new task, a question, the person's own situation, a long message); any typed message
after an answer. Thresholds: a score of at least 0.7 to 0.99 and at least 0.3 without the negation words; and a threshold
chosen per held-out group on the other nine groups' scores (the lowest of 0.5 to 0.999 at which their added flags are
right at least 85% of the time; none when no threshold is), so the choice never sees the group it is applied to. The
rule, written down before the results were read: the adder is wired into capture only if, with the threshold chosen
that way, it adds at least 0.05 of dev recall (the dev corrections times 0.05) at a precision of the added flags of at
least 0.85. Variants: the shipped model; 24 epochs instead of 12; the corrections' class weight halved; the kind of the
answer before (claimed done, asked, handed a step over, planned, other) crossed with the message's length, place, first
words and words (a threshold per context, learnt); the opening of the agent's reply to the message as features, and
with it the opening of the agent's reasoning.
"""

from __future__ import annotations

import dataclasses
import json
import math
import multiprocessing
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for entry in (ROOT, ROOT / "research"):
    if str(entry) not in sys.path:
        sys.path.insert(0, str(entry))

from altimate_learn.capture import second_opinion as S  # noqa: E402
from research import classifier_model as M  # noqa: E402
from research import train_correction_model as T  # noqa: E402

FLOOR = 0.85
MIN_GAIN = 0.05  # of dev recall (absolute): the dev positives times this
THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.98, 0.99, 0.995, 0.999)
SHOWN = (0.7, 0.9, 0.95, 0.98, 0.99)
BARE = 0.3  # the shipped second threshold: the score without the negation words
PLAN = re.compile(r"\b(?:here(?:'s|\s+is)\s+(?:the|my)\s+(?:plan|approach)|i(?:'ll|\s+will)\s+(?:now\s+)?(?:start|begin|"
                  r"implement|create|proceed)|next\s+steps?|(?:proposed|suggested)\s+(?:plan|approach|changes?)|"
                  r"option\s+[1a-c]\b)", re.I)


@dataclasses.dataclass(frozen=True)
class Message:
    row: T.Row  # slots, bare, label, owner, guarded, unclaimed (the shipped features)
    captured: bool  # capture's verdict (patterns, reply, reasoning) flags it
    reply: str
    thinking: str


def messages() -> list[Message]:
    """Every scored dev message with the shipped features, capture's verdict and the agent's reply and reasoning."""
    from altimate_learn.capture.classifier import classify_user_message
    from research.data.real_sessions import iter_classifier_inputs

    out = []
    for m, msg, previous in iter_classifier_inputs("dev"):
        if m.positive is None:
            continue
        reply, thinking = getattr(m, "reply", None), getattr(m, "thinking", None)
        verdict = classify_user_message(msg, previous, answer=m.answer, reply=reply, thinking=thinking, model=False)
        context = {"after_assistant": msg.after_assistant,
                   "interrupted": previous is not None and previous.kind == "interrupt"}
        text = msg.kind == "text"
        slots = S.features(msg.text, m.answer, msg.index)
        bare = S.features(msg.text, m.answer, msg.index, negations=False)
        key = json.dumps([m.session, m.id, msg.text, m.answer, msg.index, int(m.positive)], ensure_ascii=False)
        row = T.Row(tuple(slots), int(m.positive), T._owner(m.repo), m.repo, bool(verdict.correction),
                    text and S.guard(msg.text, m.answer, msg.index, **context), key, tuple(bare), msg.text or "",
                    m.answer, msg.index, "", text and S.guard(msg.text, m.answer, msg.index, claimed=False, **context))
        out.append(Message(row, bool(verdict.correction), reply or "", thinking or ""))
    return out


def _answer_kind(answer: str | None) -> str:
    from altimate_learn.capture.cues import CLAIMS, HANDED_OVER

    if answer is None:
        return "none"
    tail = answer[-S.ANSWER_TAIL:]
    if HANDED_OVER.search(tail[-400:]):
        return "handed"
    if re.search(r"\?\W*$", tail):
        return "question"
    return "claimed" if CLAIMS.search(tail) else "plan" if PLAN.search(tail) else "other"


def answer_kind_names(m: Message, negations: bool) -> list[str]:
    """The shipped features, plus what the answer before did (claimed done / asked / handed over / planned / other)
    crossed with the message's length, place, first two words and words: a threshold per context, learnt."""
    from altimate_learn.capture import classifier as C

    r = m.row
    names = S.feature_names(r.text, r.answer, r.index, negations=negations)
    k = _answer_kind(r.answer)
    own = C.normalise(C.prose_of(C.strip_injected(r.text)[:C.MAX_CLASSIFIED_CHARS])).lower()
    words = [w for w in S._WORD.findall(own) if negations or w not in S.NEGATIONS]
    names += ["k:" + k, f"k:{k}|len:{S._bucket(len(own))}", f"k:{k}|pos:{min(r.index, 6) if r.index >= 0 else '?'}"]
    return names + [f"k:{k}|p{i}:{w}" for i, w in enumerate(words[:2])] + [f"k:{k}|w:{w}" for w in words[:40]]


def reply_names(m: Message, negations: bool, thinking: bool = True) -> list[str]:
    """The shipped features, plus the words of the opening of the agent's reply to the message (and of its reasoning)."""
    r = m.row
    names = S.feature_names(r.text, r.answer, r.index, negations=negations)
    said = S._WORD.findall(m.reply[:200].lower())[:30]
    names += ["r:" + w for w in said] + [f"rb:{a} {b}" for a, b in zip(said[:8], said[1:8])]
    names += [f"rp{i}:{w}" for i, w in enumerate(said[:3])] + ["r:some" if m.reply else "r:none"]
    if thinking:
        thought = S._WORD.findall(m.thinking[:300].lower())[:50]
        names += ["t:" + w for w in thought] + [f"tb:{a} {b}" for a, b in zip(thought, thought[1:])]
    return names


@dataclasses.dataclass(frozen=True)
class Variant:
    name: str
    names: Callable[[Message, bool], list[str]] | None = None  # None: the shipped features
    epochs: int = T.EPOCHS
    positive_weight: float = 1.0  # times the balanced class weight of the corrections


VARIANTS = (
    Variant("shipped model (12 epochs, balanced class weights)"),
    Variant("24 epochs", epochs=24),
    Variant("corrections weighted half", positive_weight=0.5),
    Variant("+ the answer's kind crossed with the message", answer_kind_names),
    Variant("+ the agent's reply (opening)", lambda m, neg: reply_names(m, neg, thinking=False)),
    Variant("+ the agent's reply and reasoning", reply_names),
)


def train(rows: list[T.Row], epochs: int, positive_weight: float) -> dict[int, float]:
    """`train_correction_model.train` with the number of epochs and the corrections' class weight as parameters."""
    rows = [r for r in rows if r.owner != "written"] + [r for r in rows if r.owner == "written"] * T.WRITTEN_COPIES
    weights = [0.0] * S.DIM
    positives = sum(r.label for r in rows)
    balance = {1: positive_weight * len(rows) / (2 * max(positives, 1)), 0: len(rows) / (2 * max(len(rows) - positives, 1))}
    order, rng, decay = list(range(len(rows))), random.Random(T.SEED), T.RATE * T.L2
    for _ in range(epochs):
        rng.shuffle(order)
        for i in order:
            slots, label = rows[i].slots, rows[i].label
            z = sum(map(weights.__getitem__, slots))
            g = T.RATE * (1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))) - label) * balance[label]
            for s in slots:
                w = weights[s]
                weights[s] = w - (g + decay * w)
    ranked = sorted((s for s in range(S.DIM) if round(weights[s], 3)), key=lambda s: (-abs(weights[s]), s))
    return {s: round(weights[s], 3) for s in sorted(ranked[:T.KEEP])}


def _job(args: tuple[list[T.Row], str, int, float]) -> dict[int, float]:
    rows, group, epochs, positive_weight = args
    return train([r for r in rows if r.owner != group], epochs, positive_weight)


Scored = tuple[str, float, float, Message]  # (owner group, score, score without negations, message)


def cross_validate(msgs: list[Message], written: list[T.Row], v: Variant) -> list[Scored]:
    def slots(names: list[str]) -> tuple[int, ...]:
        return tuple(sorted({S._slot(n) for n in names}))

    rows = [m.row if v.names is None else dataclasses.replace(m.row, slots=slots(v.names(m, True)),
                                                              bare=slots(v.names(m, False))) for m in msgs]
    def as_read(r: T.Row) -> Message:  # a written row as the trainer reads it: after a claim of done work, no reply
        index = json.loads(r.key)[2]
        return Message(dataclasses.replace(r, answer=T.WRITTEN_ANSWER if index else None, index=index), False, "", "")

    if v.names is not None:
        written = [dataclasses.replace(r, slots=slots(v.names(as_read(r), True))) for r in written]
    grouped = [dataclasses.replace(r, owner=M.owner_group(r.owner)) for r in rows]
    groups = sorted({r.owner for r in grouped})
    jobs = [(grouped + written, g, v.epochs, v.positive_weight) for g in groups]
    workers = min(2, multiprocessing.cpu_count() or 1)
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            models = pool.map(_job, jobs, chunksize=1)
    else:
        models = [_job(j) for j in jobs]
    out: list[Scored] = []
    for g, weights in zip(groups, models):
        out += [(g, S.probability(weights, list(r.slots)), S.probability(weights, list(r.bare)), m)
                for r, m in zip(grouped, msgs) if r.owner == g]
    return out


CONTEXTS: tuple[tuple[str, Callable[[T.Row], bool]], ...] = (
    ("after a claim of done work (the shipped guard)", lambda r: r.guarded),
    ("the guard without the claim", lambda r: r.unclaimed),
    ("any typed message after an answer", lambda r: r.index >= 1 and r.answer is not None),
)


def _count(scored: list[Scored], t: float) -> tuple[int, int]:
    hits = [m.row.label for _, s, s2, m in scored if s >= t and s2 >= BARE]
    return sum(hits), len(hits) - sum(hits)


def nested(scored: list[Scored]) -> tuple[int, int, list[float | None]]:
    """The added flags (right, wrong) with each group's threshold chosen on the other nine groups."""
    right = wrong = 0
    chosen: list[float | None] = []
    for g in sorted({g for g, *_ in scored}):
        others = [x for x in scored if x[0] != g]
        pick = next((t for t in THRESHOLDS if (lambda a, b: a + b > 0 and a / (a + b) >= FLOOR)(*_count(others, t))),
                    None)
        chosen.append(pick)
        if pick is not None:
            a, b = _count([x for x in scored if x[0] == g], pick)
            right, wrong = right + a, wrong + b
    return right, wrong, chosen


def evaluate() -> dict[str, Any]:
    msgs, written = messages(), T.written_rows()
    result: dict[str, Any] = {"messages": len(msgs), "owners": len({m.row.owner for m in msgs}),
                              "positives": sum(m.row.label for m in msgs),
                              "captured": (sum(m.row.label for m in msgs if m.captured),
                                           sum(1 - m.row.label for m in msgs if m.captured)),
                              "variants": []}
    for v in VARIANTS:
        print(f"… {v.name}", file=sys.stderr, flush=True)
        scored = cross_validate(msgs, written, v)
        rows = []
        for name, ctx in CONTEXTS:
            pool = [x for x in scored if not x[3].captured and ctx(x[3].row)]
            rows.append({"context": name, "pool": (sum(x[3].row.label for x in pool), sum(1 - x[3].row.label for x in pool)),
                         "at": {t: _count(pool, t) for t in SHOWN}, "nested": nested(pool)})
        result["variants"].append((v.name, rows))
    return result


def main(result: dict[str, Any] | None = None) -> str:
    r = result if result is not None else evaluate()
    need = math.ceil(r["positives"] * MIN_GAIN)
    lines = ["## Capture: the trained second opinion as a recall adder (dev, owners held out in 10 groups)", "",
             " ".join(__doc__.split("\n\n", 2)[2].split()), "",
             f"{r['messages']} scored dev messages from {r['owners']} owners, {r['positives']} corrections; capture's "
             f"verdict finds {r['captured'][0]} and raises {r['captured'][1]} false alarms. The rule's bar: {need} more "
             f"found corrections at precision {FLOOR} or more of the added flags. Cells: right / wrong added flags.", "",
             "| model | context | left to add (corrections / not) | " + " | ".join(f"≥ {t}" for t in SHOWN) +
             f" | threshold per group (P ≥ {FLOOR} on the others) | passes |",
             "|---|---|---:|" + "---:|" * len(SHOWN) + "---:|---|"]
    passing = 0
    for name, rows in r["variants"]:
        for row in rows:
            right, wrong, chosen = row["nested"]
            ok = right >= need and right >= FLOOR * (right + wrong) and right > 0
            passing += ok
            picks = sorted({c for c in chosen if c is not None})
            lines.append(f"| {name} | {row['context']} | {row['pool'][0]} / {row['pool'][1]} | " +
                         " | ".join(f"{a} / {b}" for a, b in (row["at"][t] for t in SHOWN)) +
                         f" | {right} / {wrong} (at {', '.join(map(str, picks)) or 'none'}) | {'**yes**' if ok else 'no'} |")
    lines += ["", DECISION.format(passing=passing, total=sum(len(rows) for _, rows in r["variants"]), need=need)]
    return "\n".join(lines) + "\n"


DECISION = (
    "Decision (session #29, mdl47): {passing} of {total} pass the rule (at least {need} more found corrections at "
    "precision 0.85 of the added flags), so capture still records what the patterns, the reply and the reasoning flag, "
    "and the model only orders the learner's digest. What the table said when it was written (6,098 dev messages, 452 "
    "owners, 1,203 corrections; capture finds 729, false alarms 42): after a claim of done work only 64 corrections are "
    "left to find among 614 messages, so the bar cannot be met there by any model; the shipped setting (0.9, 0.3 "
    "without negations) adds 20 right and 14 wrong there. With the threshold chosen on the other groups the adder's "
    "own flags are few: the shipped model 9 right / 2 wrong after a claim, 11 / 2 with the guard but no claim, 2 / 2 "
    "after any answer (under 1% of dev recall). More epochs (9 / 0, then nothing), the corrections weighted half (9 / 1, "
    "5 / 1, nothing) and the answer's kind crossed with the message (5 / 1, then nothing: the crossed features overfit) "
    "make the top scores no more precise. The agent's reply and reasoning as features rank the widest pool a little "
    "better (any typed message after an answer at 0.95: 78 right / 56 wrong, the shipped features 56 / 59) and no "
    "better at the top (0.99: 50 / 32 against 39 / 32): far below 0.85. What the model reads from a message's words "
    "alone does not tell a correction from the other short replies after an answer at the precision capture needs.")


if __name__ == "__main__":
    print(main())
