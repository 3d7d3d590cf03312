"""The correction classifier's verdict on every readable message, written to JSON, and the difference of two such
snapshots: what a change gained and lost, message by message (cls42, issue 20).

    python research/classifier_snapshot.py write OUT.json    # verdicts on real dev, corrections.jsonl, blind1-11
    python research/classifier_snapshot.py diff A.json B.json  # right flags gained / lost, false flags added / removed

Read: the real sessions' dev split (as `research/classifier_real.py` scores it: the answer, the reply and the
reasoning), `research/data/corrections.jsonl` (both of its splits, as `research/capture_quality.py` scores it) and the
readable written blind sets 1-11 in each of their modes (without the answer, with it, and with the answer and the
reply where the set has replies). Never the real held-out split nor the twelfth blind set (counts only elsewhere).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

READABLE_BLIND = tuple(range(1, 12))


def _entry(label: bool | None, verdict: Any, text: str) -> dict[str, Any]:
    flagged = bool(verdict.correction) and verdict.strength != "model"
    return {"label": label, "flagged": flagged, "reason": verdict.reason if flagged else "", "text": text[:300]}


def snapshot() -> dict[str, dict[str, Any]]:
    from research import capture_quality, classifier_blind
    from research.classifier_real import _verdict
    from research.data.real_sessions import iter_classifier_inputs
    from altimate_learn.capture.classifier import classify_user_message

    out: dict[str, dict[str, Any]] = {}
    for message, msg, previous in iter_classifier_inputs("dev"):
        if message.positive is None:
            continue
        out[f"real-dev|{message.session}|{message.id}"] = _entry(bool(message.positive), _verdict(message, msg, previous),
                                                                  message.text)
    for i, row in enumerate(capture_quality.load_corrections()):
        verdict = classify_user_message(*capture_quality.to_messages(row))
        out[f"corrections-{capture_quality.split_of(row)}|{i}"] = _entry(bool(row["label"]), verdict, row["text"])
    for n in READABLE_BLIND:
        path = ROOT / "research" / "data" / f"corrections_blind{n}.jsonl"
        if not path.exists():
            continue
        rows = classifier_blind.load(path)
        modes: list[Any] = [False, True] + ([classifier_blind.REPLY] if any(r.get("reply") for r in rows) else [])
        for mode in modes:
            name = "without" if mode is False else "answer" if mode is True else "reply"
            for i, row in enumerate(rows):
                verdict = classifier_blind.verdict_of(row, mode)
                out[f"blind{n}-{name}|{i}"] = _entry(bool(row["label"]), verdict, row["text"])
    return out


def diff(before: dict[str, dict[str, Any]], after: dict[str, dict[str, Any]]) -> str:
    """Per data set: right flags gained and lost, false flags added and removed, then each changed message."""
    moves: dict[str, Counter[str]] = {}
    lines: list[str] = []
    for key in sorted(set(before) | set(after)):
        a, b = before.get(key), after.get(key)
        if a is None or b is None:
            lines.append(f"{'only after' if a is None else 'only before'}: {key}")
            continue
        if a["flagged"] == b["flagged"] and a["reason"] == b["reason"]:
            continue
        data = key.split("|", 1)[0]
        if a["flagged"] == b["flagged"]:
            what = "reason changed"
        elif b["label"]:
            what = "right flag gained" if b["flagged"] else "RIGHT FLAG LOST"
        else:
            what = "FALSE FLAG ADDED" if b["flagged"] else "false flag removed"
        moves.setdefault(data, Counter())[what] += 1
        lines.append(f"{what} | {key} | {a['reason'] or '-'} -> {b['reason'] or '-'} | {' '.join(b['text'].split())[:200]}")
    head = [f"{data}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())) for data, c in sorted(moves.items())]
    return "\n".join(head or ["no verdict changed"]) + "\n\n" + "\n".join(lines) + "\n"


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) == 2 and args[0] == "write":
        Path(args[1]).write_text(json.dumps(snapshot(), ensure_ascii=False, indent=0, sort_keys=True), encoding="utf-8")
    elif len(args) == 3 and args[0] == "diff":
        print(diff(*(json.loads(Path(p).read_text(encoding="utf-8")) for p in args[1:])), end="")
    else:
        sys.exit("usage: python research/classifier_snapshot.py write OUT.json | diff BEFORE.json AFTER.json")
