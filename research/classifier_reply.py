"""The correction classifier with and without the agent's reply and reasoning, on the real agent sessions
(`research/data/real/`).

    python research/classifier_reply.py             # dev only: message alone, with its reply, with its reply and
                                                    # reasoning; every dev error
    python research/classifier_reply.py --numbers   # dev and held-out, counts only (no message is printed)

A message's reply is the agent's answer to it (`RealMessage.reply`: the answer before the session's next typed
message; `research/data/real_sessions.py`). Only the reply's opening is read
(`altimate_learn.capture.replies`); an answer the corpus kept clipped from the front (it starts with "…") has no
opening, and one kept as its start and its end joined by "[…]" is read from its start, so the column
"replies with an opening" says how much of the split the reply could speak for. Each message is read the way
`learn capture` reads it (`iter_classifier_inputs`), with the answer it replied to and, in the second column,
its reply, and in the third also the opening of the agent's reasoning after it (`RealMessage.thinking`, where the
corpus keeps it: Claude Code thinking blocks, Codex reasoning summaries, Gemini CLI thoughts, opencode reasoning parts;
`altimate_learn.capture.replies.read_thinking`). Positives are `correction` and `bug`, negatives `not`; `borderline`
and `untyped` are left out.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from altimate_learn.capture import replies  # noqa: E402
from altimate_learn.capture.classifier import classify_user_message  # noqa: E402
from research.classifier_real import scores  # noqa: E402
from research.data.real_sessions import iter_classifier_inputs, load_messages  # noqa: E402


def replies_of(split: str | None) -> dict[tuple[str, str], str | None]:
    """(session, message id) -> the agent's answer to that message (`RealMessage.reply`; None when none came)."""
    return {(m.session, m.id): m.reply for m in load_messages(split)}


def thinking_of(split: str | None) -> dict[tuple[str, str], str | None]:
    """(session, message id) -> the opening of the agent's reasoning after that message (`RealMessage.thinking`;
    None when the corpus keeps none)."""
    return {(m.session, m.id): getattr(m, "thinking", None) for m in load_messages(split)}


def evaluate(split: str) -> dict[str, Any]:
    """Counts for the message alone and with its reply, and every error of each."""
    reply_of = replies_of(split)
    thought_of = thinking_of(split)
    alone: Counter[str] = Counter()
    with_reply: Counter[str] = Counter()
    with_thinking: Counter[str] = Counter()
    readings: Counter[str] = Counter()
    errors: list[dict[str, Any]] = []
    changed: list[dict[str, Any]] = []
    for message, msg, previous in iter_classifier_inputs(split):
        if message.positive is None:
            continue
        reply = reply_of.get((message.session, message.id))
        first = classify_user_message(msg, previous, answer=message.answer)
        second = classify_user_message(msg, previous, answer=message.answer, reply=reply)
        thinking = thought_of.get((message.session, message.id))
        third = classify_user_message(msg, previous, answer=message.answer, reply=reply, thinking=thinking)
        readings["scored"] += 1
        readings["with an opening"] += bool(replies.head(reply).strip())
        readings["with reasoning"] += bool(replies.thinking_head(thinking))
        reading, thought = replies.read_reply(reply), replies.read_thinking(thinking)
        if reading:
            readings[reading] += 1
        if thought:
            readings["reasoning " + thought] += 1
        for counts, verdict in ((alone, first), (with_reply, second), (with_thinking, third)):
            flagged = bool(verdict.correction)
            counts[("tp" if flagged else "fn") if message.positive else ("fp" if flagged else "tn")] += 1
        outcome = ("tp" if third.correction else "fn") if message.positive else ("fp" if third.correction else "tn")
        row = {"outcome": outcome, "message": message, "reason": third.reason, "reply": replies.quote(reply, 90)}
        if outcome in ("fp", "fn"):
            errors.append(row)
        if bool(first.correction) != bool(third.correction):
            changed.append(row)
    return {"alone": {**alone, **scores(alone["tp"], alone["fp"], alone["fn"])},
            "with_reply": {**with_reply, **scores(with_reply["tp"], with_reply["fp"], with_reply["fn"])},
            "with_reply_and_reasoning": {**with_thinking, **scores(with_thinking["tp"], with_thinking["fp"],
                                                                   with_thinking["fn"])},
            "readings": dict(readings), "errors": errors, "changed": changed}


def _short(text: str, limit: int = 140) -> str:
    one = " ".join(text.split()).replace("|", "\\|")
    return one if len(one) <= limit else one[: limit - 1] + "\u2026"


def _rows(name: str, result: dict[str, Any]) -> list[str]:
    out = []
    for column in ("alone", "with_reply", "with_reply_and_reasoning"):
        c = result[column]
        out.append(f"| {name} | {column.replace('_', ' ')} | {c['precision']:.3f} | {c['recall']:.3f} | "
                   f"{c.get('tp', 0)} | {c.get('fp', 0)} | {c.get('fn', 0)} |")
    r = result["readings"]
    out.append(f"| {name} | replies: {r.get('with an opening', 0)} of {r.get('scored', 0)} with an opening; "
               f"conceded {r.get(replies.CONCEDED, 0)}, right {r.get(replies.RIGHT, 0)}, self-fix {r.get(replies.SELF_FIX, 0)}, "
               f"agreed {r.get(replies.AGREED, 0)} | | | | | |")
    out.append(f"| {name} | reasoning: {r.get('with reasoning', 0)} of {r.get('scored', 0)} kept; owned "
               f"{r.get('reasoning ' + replies.OWNED, 0)}, right {r.get('reasoning ' + replies.RIGHT, 0)}, asked "
               f"{r.get('reasoning ' + replies.ASKED, 0)} | | | | | |")
    return out


HEADER = ["| split | classifier | precision | recall | TP | FP | FN |", "|---|---|---:|---:|---:|---:|---:|"]


def dev_report() -> str:
    result = evaluate("dev")
    lines = ["## Correction classifier with the agent's reply and reasoning (dev only)", "", *HEADER,
             *_rows("dev", result), "", "### Changed by the reply or the reasoning (dev)", "",
             "| outcome | message | reply |", "|---|---|---|"]
    lines += [f"| {row['outcome']} | {_short(row['message'].text)} | {_short(row['reply'])} |" for row in result["changed"]]
    lines += ["", "### Every error with the reply and reasoning (dev)", "", "| outcome | label | message | reason / reply |",
              "|---|---|---|---|"]
    for row in sorted(result["errors"], key=lambda r: (r["outcome"], r["message"].session)):
        m = row["message"]
        lines.append(f"| {row['outcome']} | {m.label} | {_short(m.text)} | {_short(row['reason'] or row['reply'], 90)} |")
    return "\n".join(lines) + "\n"


def numbers() -> str:
    """Both splits, counts only: the held-out split measured without a message of it being printed."""
    lines = ["## Correction classifier with the agent's reply and reasoning (numbers only)", "", *HEADER]
    for split in ("dev", "holdout"):
        lines += _rows(split, evaluate(split))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    args = sys.argv[1:]
    if args == ["--numbers"]:
        print(numbers())
    elif not args:
        print(dev_report())
    else:
        sys.exit("usage: python research/classifier_reply.py [--numbers]\n"
                 "  (no option): dev only, message alone, with its reply, with its reply and reasoning; every dev error\n"
                 "  --numbers: dev and held-out, counts only")
