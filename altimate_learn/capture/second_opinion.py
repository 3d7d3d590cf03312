"""A trained model's second opinion on a message the correction patterns let pass.

The patterns (`classifier.py`, `cues.py`) are precise but miss much of what new people type. A small logistic
regression, trained on labelled real sessions (`research/train_correction_model.py`), reads a message the
patterns did not flag, and flags it only when all of these hold (the guard; each cuts a family of false alarms
measured on dev owners the model was not trained on):

- it is a typed message after a finished answer, not the session's first message, not right after an interruption;
- the end of the answer before it says, in words, that the work was done (``cues.CLAIMS``: "I've fixed …",
  "should now work", "tests pass") and does not hand the person a step to do;
- it is not a new task, a specification, a request to explain an error, longer than :data:`GUARD_MAX_CHARS`, a
  sentence about the person's own situation (:data:`OWN_SITUATION`), a negation that says all is well
  (:data:`EASY_NEGATION`: "never mind", "no need", "doesn't matter"), and it neither ends with a question nor asks one
  that opens like a question ("how did you…?"; the patterns read the questions that challenge the agent);
- the model's score is at least the threshold recorded in the weights file, and so is its score with the
  message's negation words taken out (a second, lower threshold): a bag of words reads "not" as a correction,
  and "sure, why not" or "it doesn't matter which one" are none.

A flag from here is a *model-only* signal: its reason starts with :data:`MODEL_REASON`, and the built-in
reflector never turns one into a lesson (it waits for a model reflection or a person, `learn signals --unlearned`).

The weights are a data file in the package (`data/correction_model.json`: hashed feature slot -> weight, with what
the model was trained on, when, and its threshold), read the first time the guard lets a message through, never
on import; scoring is a dictionary lookup per feature with the standard library. Features, all binary and hashed
(crc32) into :data:`DIM` slots: words, word pairs and the first three words of the person's own prose (as the
patterns read it: pasted output dropped, shorthand normalised), character 4-grams of its words (typos, shorthand),
its length and place in the session, whether it ends in a question, whether output was pasted into it, and what
the answer before it did (claimed work done, handed over a step, asked a question, closed politely).
"""

from __future__ import annotations

import functools
import json
import math
from altimate_learn.capture import lazy_re as re
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from altimate_learn.capture import needles

DIM = 1 << 18
WEIGHTS = Path(__file__).resolve().parent / "data" / "correction_model.json"
MODEL_REASON = "the trained model's second opinion"
MAX_WORDS = 120
MAX_CHAR_WORDS = 60

_model: dict[str, Any] | None = None
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")


def is_model_reason(reason: str | None) -> bool:
    """Whether a signal's reason says it came from the model alone (no pattern flagged it)."""
    return bool(reason) and str(reason).startswith(MODEL_REASON)


def is_model_only(signal: Mapping[str, Any]) -> bool:
    """Whether a stored signal is a correction only the trained model flagged: a hint for a model or a person, never a
    lesson of the built-in reflector. The one definition both the reflector (`reflect/reflect.py`) and the continual
    learner (`learner/run.py`) use; a tool retry or a rejection is never model-only, whatever its reason says."""
    return signal.get("kind") == "user_correction" and is_model_reason(signal.get("reason"))


def _slot(name: str) -> int:
    return zlib.crc32(name.encode("utf-8")) & (DIM - 1)


def _bucket(n: int) -> int:
    return 0 if n <= 0 else min(n.bit_length(), 12)


NEGATIONS = frozenset("""not no never nothing none nor neither nobody nowhere without cannot don't doesn't didn't isn't
aren't wasn't weren't won't wouldn't can't couldn't shouldn't haven't hasn't hadn't ain't nope nah""".split())


def feature_names(text: str, answer: str | None, index: int, *, negations: bool = True) -> list[str]:
    """The features of a message (``index``: its place among the session's typed messages; -1 when unknown;
    ``negations=False``: as if its negation words were not there)."""
    # What the guard and the patterns read (the first MAX_CLASSIFIED_CHARS of the person's text), and the end of the
    # answer the model was trained on (the corpus keeps an answer's last 600 characters; the hooks pass more).
    own, all_words, text_names = _text_parts(text)
    words = [w for w in all_words if negations or w not in NEGATIONS][:MAX_WORDS]
    names = ["bias"]
    names += ["w:" + w for w in words]
    names += [f"b:{a} {b}" for a, b in zip(words, words[1:])]
    names += [f"p{i}:{w}" for i, w in enumerate(words[:3])]
    for w in words[:MAX_CHAR_WORDS]:
        padded = f"<{w}>"
        names += ["c:" + padded[i:i + 4] for i in range(max(1, len(padded) - 3))]
    names.append(f"len:{_bucket(len(own))}")
    names.append(f"words:{_bucket(len(words))}")
    names.append(f"pos:{'?' if index < 0 else min(index, 6)}")
    names += text_names
    names += _answer_names(answer[-ANSWER_TAIL:] if answer is not None else None)
    return names


# A message is scored twice, with and without its negation words (:func:`second_opinion`, and training reads both):
# what its text and the answer before it give does not depend on that, so the last few are kept (pure functions of one
# string; the answer's searches are most of a message's features).
@functools.lru_cache(maxsize=16)
def _text_parts(text: str) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """The person's prose (lower case), all its words (negations too), and the features of its shape."""
    from altimate_learn.capture import classifier as C

    text = C.strip_injected(text)[:C.MAX_CLASSIFIED_CHARS]
    own = C.normalise(C.prose_of(text)).lower()
    names = []
    if C._is_question(own.strip()):
        names.append("ends:question")
    if C.pasted_failure(text):
        names.append("pasted:failure")
    elif len(own.strip()) < len(text.strip()) - 40:
        names.append("pasted:other")
    return own, tuple(_WORD.findall(own)), tuple(names)


@functools.lru_cache(maxsize=16)
def _answer_names(answer: str | None) -> tuple[str, ...]:
    """The features of the answer before the message (its last ANSWER_TAIL characters), or of none."""
    from altimate_learn.capture import classifier as C
    from altimate_learn.capture.cues import ASKED, CLOSER, HANDED_OVER

    if answer is None:
        return ("answer:none",)
    tail = answer[-400:]
    return (f"answer:claimed:{C.answered(answer, acts=False)}",  # as the shipped weights were trained
            f"answer:handed:{bool(HANDED_OVER.search(tail))}",
            f"answer:asked:{bool(ASKED.search(answer))}",
            f"answer:closer:{bool(CLOSER.search(answer[-300:]))}",
            f"answer:len:{_bucket(len(answer) // 50)}")


def features(text: str, answer: str | None, index: int, *, negations: bool = True) -> list[int]:
    """The hashed feature slots of a message, each once, sorted."""
    return sorted({_slot(name) for name in feature_names(text, answer, index, negations=negations)})


def probability(weights: dict[int, float], slots: list[int]) -> float:
    z = sum(weights.get(s, 0.0) for s in slots)
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def load() -> dict[str, Any]:
    """The model (weights by slot, threshold, what it was trained on), read once, on first use."""
    global _model
    if _model is None:
        try:
            raw = json.loads(WEIGHTS.read_text(encoding="utf-8"))
            raw["weights"] = {int(k, 16): float(v) for k, v in raw["weights"].items()}
            float(raw["threshold"]), float(raw["threshold_without_negations"])
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            # Read once: a damaged file is not re-read and re-parsed for every later message (`learn capture` over
            # thousands); the second opinion stays silent for this process, the patterns are unaffected.
            raw = {"weights": {}, "threshold": math.inf, "threshold_without_negations": math.inf}
        _model = raw
    return _model


def guard(text: str, answer: str | None, index: int, *, after_assistant: bool, interrupted: bool,
          claimed: bool = True) -> bool:
    """The context that makes a correction plausible enough to ask the model (see the module docstring;
    ``claimed=False``: without asking the answer for a claim of done work, as `research/classifier_model.py` measures)."""
    from altimate_learn.capture import classifier as C
    from altimate_learn.capture.cues import CLAIMS, HANDED_OVER, INTERROGATIVE, WHY

    if index < 1 or not after_assistant or interrupted or not isinstance(text, str) or not text.strip():
        return False
    tail = (answer or "")[-ANSWER_TAIL:]
    if C.is_slash_command(text) or (claimed and (not needles.found(CLAIMS, tail)
                                                 or needles.found(HANDED_OVER, tail[-400:]))):
        return False
    raw = C.strip_injected(text)[:C.MAX_CLASSIFIED_CHARS]
    own = C.normalise(C.prose_of(raw)).strip()
    if not own or C.is_task_spec(raw) or C._tasking(own) or C._EXPLAIN.search(own):
        return False
    if len(own) > GUARD_MAX_CHARS or OWN_SITUATION.match(own) or EASY_NEGATION.search(own):
        return False
    parts = C.clauses(own) or [own]
    if _ASKS.search(parts[-1]):
        return False
    return not any(_ASKS.search(p) and (INTERROGATIVE.match(p) or WHY.match(p)) for p in parts)


_ASKS = re.compile(r"[?\uff1f][\s\"'\u201d\u2019)\]}]*$")  # the message ends by asking something


# "I'm not using the old api anymore, delete it", "we don't have tests for it yet", "I can't wait": a sentence about the
# person's own situation that opens with a negation. A bag of words reads the negation as a correction; the patterns own
# the one such form that is ("I'm not using wsl": the agent assumed a setup), so the model is not asked.
OWN_SITUATION = re.compile(r"^\W*(?:(?:but|and|so|well|hmm+|ok(?:ay)?|sorry|no|yes|sure)\W+)*(?:i|we)(?:'m|'re|'ve|\s+am|\s+are|"
                           r"\s+do|\s+did|\s+have|\s+has|\s+had|\s+can|\s+could|\s+was|\s+were|\s+will|\s+would)?"
                           r"(?:\s*n't|\s+not|\s+never|\s+cannot|\s+can't|\s+won't)\b|^\W*(?:i|we)\s+(?:never|no\s+longer)\b", re.I)
# Negations that say all is well or nothing is wanted ("never mind", "no need", "doesn't matter", "not bad", "why
# not"): the words a bag of words reads as a correction, in the phrases where they are none.
EASY_NEGATION = re.compile(r"\b(?:never\s*mind|no\s+(?:worries|problem|problems|rush|need|hurry|thanks|big\s+deal|changes?\s+"
                           r"(?:needed|required))|not\s+(?:sure|bad|needed|necessary|required|urgent|a\s+(?:big\s+deal|problem|"
                           r"priority))|(?:does|do|did)(?:n't|\s+not)\s+matter|no\s+matter|why\s+not|(?:don't|do\s+not)\s+"
                           r"(?:worry|bother|forget)|nothing\s+else)\b", re.I)
GUARD_MAX_CHARS = 500  # characters of the person's own prose; longer messages are mostly new requests
# The end of the answer where an agent says what it did. Its own words must claim the work done ("I've fixed …",
# "should now work", "tests pass"): a long answer alone (which `answered` also accepts) let through replies to the
# agent's questions and plans; on dev owners at first sight, the claim kept 17 of 32 reports the model found at 0.8
# and dropped 20 of its 24 false alarms.
ANSWER_TAIL = 600


def score(text: str, answer: str | None, index: int) -> float:
    model = load()
    return probability(model["weights"], features(text, answer, index))


def second_opinion(text: str, answer: str | None, index: int, *, after_assistant: bool,
                   interrupted: bool = False) -> str | None:
    """The reason for a model-only flag, or None (the guard did not hold, or the score is below the threshold)."""
    try:
        if not guard(text, answer, index, after_assistant=after_assistant, interrupted=interrupted):
            return None
        model = load()
        value = probability(model["weights"], features(text, answer, index))
        if value < float(model["threshold"]):
            return None
        # Negation alone is not evidence: "it doesn't matter", "sure, why not" score high on their "not".
        bare = probability(model["weights"], features(text, answer, index, negations=False))
        if bare < float(model["threshold_without_negations"]):
            return None
        return f"{MODEL_REASON} (score {value:.2f}) after an answer that said the work was done"
    except Exception:  # noqa: BLE001 - a missing or damaged weights file costs the second opinion, never capture
        return None


__all__ = ["DIM", "MODEL_REASON", "WEIGHTS", "feature_names", "features", "guard", "is_model_reason", "load",
           "probability", "score", "second_opinion"]
