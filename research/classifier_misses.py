"""What the correction classifier misses and wrongly flags on the real sessions, grouped without reading them.

    python research/classifier_misses.py --split holdout   # counts only: no message, answer, reply or reason text
    python research/classifier_misses.py --split dev       # the same counts on dev
    python research/classifier_misses.py --split dev --show GROUP   # dev only: the dev misses in one group

Every miss (a `correction` or `bug` the classifier let pass) and every false alarm is counted by shapes read off the
message and the agent's reply to it with fixed patterns, so a held-out run says where the misses are (the issue's
groups: questions that challenge what the agent did, reminders, reports that its output is still broken, hedged
requests, stated conventions, shorthand) and what the reply could carry, with counts alone. The reply shapes are
counted on true negatives too: a reply cue that would find misses is worth as much as the false alarms it would add.
The shapes are coarse on purpose (a message may fall in several groups); they guide where to write from dev, they are
not rules. Held-out runs print counts only and are a look (see `research/data/real/README.md`).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from research.classifier_real import _verdict  # noqa: E402
from research.data.real_sessions import iter_classifier_inputs  # noqa: E402

_I = re.I
# The miss groups, as coarse English-first shapes of the message.
GROUPS: dict[str, re.Pattern[str]] = {
    "challenge-question": re.compile(r"\b(?:why|how\s+come|what\s+happened|did\s+you|have\s+you|didn't\s+you|did\s+u|"
                                     r"where\s+(?:is|are|did)|what\s+about|isn't\s+it|shouldn't)\b[^?]*\?", _I),
    "reminder": re.compile(r"\b(?:again|i\s+(?:told|said|asked)|as\s+i\s+(?:said|mentioned)|remember|already|earlier|"
                           r"we\s+(?:agreed|discussed|talked)|like\s+i\s+said|i\s+mentioned)\b", _I),
    "still-broken": re.compile(r"\b(?:still|same\s+(?:error|issue|problem)|not\s+working|doesn't\s+work|does\s+not\s+work|"
                               r"isn't\s+working|broken|nothing\s+(?:happens|changed)|no\s+change|didn't\s+(?:work|change)|"
                               r"error|fails?|failing|crash\w*|wrong|blank|empty|missing)\b", _I),
    "hedged": re.compile(r"\b(?:could\s+you|can\s+you|would\s+you|maybe|perhaps|i\s+think|i\s+feel|might\s+be|"
                         r"would\s+be\s+(?:better|nice)|it\s+would|i'd\s+(?:prefer|rather|like)|please)\b", _I),
    "convention": re.compile(r"\b(?:we\s+(?:use|always|never|don't|only|prefer)|our\s+\w+|in\s+this\s+(?:project|repo|codebase)|"
                             r"the\s+convention|we\s+do\s+not)\b", _I),
    "shorthand": re.compile(r"\b(?:u|ur|dont|cant|wont|isnt|doesnt|didnt|pls|plz|thx|im|ive|wat|y)\b", _I),
    "negation": re.compile(r"\b(?:no|not|don't|dont|never|instead|rather|but)\b|n't\b", _I),
    "non-ascii": re.compile(r"[^\x00-\x7f]{3}"),
}
# Shapes of the agent's reply opening (its first 300 characters) beyond what `replies.read_reply` reads.
REPLY_CUES: dict[str, re.Pattern[str]] = {
    "reply:let-me-fix": re.compile(r"\b(?:let\s+me|i'll|i\s+will|i'm\s+going\s+to)\s+(?:fix|correct|revert|undo|remove|"
                                   r"change|update|restore|redo|rewrite|adjust)\b", _I),
    "reply:i-see-issue": re.compile(r"\bi\s+(?:see|understand|found|notice)\s+(?:the|what|why|where)\b|\bthe\s+(?:issue|problem|"
                                    r"bug|error|culprit)\s+(?:is|was)\b", _I),
    "reply:understood": re.compile(r"^\W*(?:understood|got\s+it|i\s+understand|ah,?\s+i\s+see|ok(?:ay)?,?\s+i\s+see)\b", _I),
    "reply:instead": re.compile(r"\binstead\b", _I),
}


def _reply_reading(reply: str | None) -> str:
    from altimate_learn.capture import replies

    if not reply:
        return "none"
    return replies.read_reply(reply) or "other"


def _thinking_reading(thinking: str | None) -> str:
    from altimate_learn.capture import replies

    if not thinking:
        return "none"
    return replies.read_thinking(thinking) or "other"


def _length(text: str) -> str:
    n = len(text.strip())
    return "<=40" if n <= 40 else "<=120" if n <= 120 else "<=400" if n <= 400 else ">400"


def _family(reason: str) -> str:
    """The rule family of a verdict's reason: its words before any quote or colon, and only when they are plain words (a
    reason that quotes the message in another way counts as "(other)", so a held-out run prints no text of it)."""
    family = re.split(r"[:\"\u201c\u00ab\u300c(]", reason or "")[0].strip()[:60]
    return family if re.fullmatch(r"[a-z][a-z '/-]*", family) else "(other)"


def run(split: str) -> dict[str, Any]:
    from altimate_learn.capture import classifier

    out: dict[str, Any] = {k: Counter() for k in ("fn", "fp", "tn", "tp")}
    shown: list[tuple[str, Any, str]] = []
    for message, msg, previous in iter_classifier_inputs(split):
        if message.positive is None:
            continue
        verdict = _verdict(message, msg, previous)
        hint = bool(verdict.correction) and verdict.strength == "model"
        flagged = bool(verdict.correction) and not hint
        outcome = ("tp" if flagged else "fn") if message.positive else ("fp" if flagged else "tn")
        c = out[outcome]
        c["total"] += 1
        if outcome in ("tp", "fp"):
            c["family:" + _family(verdict.reason)] += 1
        text = message.text or ""
        reply_head = (message.reply or "")[:300]
        keys = ["label:" + message.label, "agent:" + message.agent, "len:" + _length(text),
                "reply-reading:" + _reply_reading(message.reply), "thinking:" + _thinking_reading(message.thinking),
                "answer:" + ("yes" if message.answer else "no"), "after-interrupt:" + str(bool(message.after_interrupt))]
        if hint:
            keys.append("model-hint")
        if message.reply and _reply_reading(message.reply) in ("conceded", "right", "self-fix", "restated"):
            keys.append("reply-strong:may-decide=" + str(bool(classifier._reply_may_decide(text))))
        groups = [g for g, rx in GROUPS.items() if rx.search(text)]
        keys += ["group:" + g for g in groups] or ["group:(none)"]
        keys += [cue for cue, rx in REPLY_CUES.items() if rx.search(reply_head)]
        for key in keys:
            c[key] += 1
        if outcome == "fn":
            shown.append((message.session + " " + message.id, message, " ".join(keys)))
    out["shown"] = shown
    return out


def report(split: str, show: str | None = None) -> str:
    res = run(split)
    tp, fp, fn = res["tp"]["total"], res["fp"]["total"], res["fn"]["total"]
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    lines = [f"{split}: P {p:.3f} R {r:.3f} TP {tp} FP {fp} FN {fn} TN {res['tn']['total']}", ""]
    keys = sorted(set(res["fn"]) | set(res["tn"]) | set(res["fp"]))
    lines.append(f"{'shape':<44} {'FN':>5} {'TN':>6} {'FP':>5} {'TP':>5}")
    for key in sorted(set(keys) | set(res["tp"])):
        if key == "total" or key.startswith("family:"):
            continue
        lines.append(f"{key:<44} {res['fn'][key]:>5} {res['tn'][key]:>6} {res['fp'][key]:>5} {res['tp'][key]:>5}")
    lines += ["", "flags by rule family (TP / FP):"]
    for fam in sorted(set(res["tp"]) | set(res["fp"])):
        if fam.startswith("family:"):
            lines.append(f"  {fam[7:]:<58} {res['tp'][fam]:>4} {res['fp'][fam]:>4}")
    if show and split == "dev":
        lines += ["", f"dev misses with {show}:"]
        for where, message, keys in res["shown"]:
            if show in keys.split():
                lines.append(f"--- {where} [{message.label}] {message.why}\n  MSG: {' '.join(message.text.split())[:400]}\n"
                             f"  ANSWER: {' '.join((message.answer or '').split())[-200:]}\n"
                             f"  REPLY: {' '.join((message.reply or '').split())[:200]}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("dev", "holdout"), required=True)
    parser.add_argument("--show", metavar="SHAPE", help="dev only: list the dev misses with this shape")
    args = parser.parse_args()
    if args.show and args.split != "dev":
        parser.error("--show reads messages: dev only")
    print(report(args.split, args.show))


if __name__ == "__main__":
    main()
