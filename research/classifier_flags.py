"""Every verdict of the correction classifier on every written and real set, saved and compared (issue 20, cls26):
the check that a refactor of the classifier (a module split) changes no flag and no reason.

    python research/classifier_flags.py save FILE     # the verdicts of this checkout, keyed by set and row
    python research/classifier_flags.py compare FILE  # how many flags and reasons differ from FILE, per set
    python research/classifier_flags.py compare FILE --no-holdout  # the same, the held-out split left out (while tuning)

Sets: `corrections.jsonl`, the first two blind written sets (with and without the agent's answer for the second; the
third is held back whole and never compared here), the real
sessions' dev split (with the answer, reply and reasoning, as `classifier_real.py` scores them) and the held-out split.
The held-out verdicts are stored as one SHA-256 per message (no text, no label), and `compare` prints only how many of
them differ: no score, no message, so it spends none of the held-out split's looks.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from altimate_learn.capture.classifier import classify_user_message  # noqa: E402
from research.capture_quality import load_corrections, to_messages  # noqa: E402

HIDDEN = {"holdout"}  # sets whose verdicts are kept as hashes only


def _written() -> Iterator[tuple[str, str, Any]]:
    for i, row in enumerate(load_corrections()):
        yield "corrections", f"{i}:{row['text']}", classify_user_message(*to_messages(row))
    from research import classifier_blind

    for i, row in enumerate(classifier_blind.load()):
        yield "blind1", f"{i}:{row['text']}", classify_user_message(*to_messages(row))
    blind2 = classifier_blind.SETS["blind2"].path
    if blind2.exists():  # the third set is held back whole: its verdicts are never saved or compared
        for i, row in enumerate(classifier_blind.load(blind2)):
            yield "blind2", f"{i}:{row['text']}", classifier_blind.verdict_of(row, True)
            yield "blind2-no-answer", f"{i}:{row['text']}", classifier_blind.verdict_of(row, False)


def _real(split: str) -> Iterator[tuple[str, str, Any]]:
    from research.classifier_real import _verdict
    from research.data.real_sessions import iter_classifier_inputs

    for message, msg, previous in iter_classifier_inputs(split):
        yield split, f"{message.session}:{message.id}", _verdict(message, msg, previous)


def verdicts(holdout: bool = True) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for source in (_written(), _real("dev"), *((_real("holdout"),) if holdout else ())):
        for name, key, verdict in source:
            value = json.dumps([bool(verdict.correction), verdict.reason, verdict.strength])
            if name in HIDDEN:
                key = hashlib.sha256(key.encode("utf-8")).hexdigest()
                value = hashlib.sha256(value.encode("utf-8")).hexdigest()
            out.setdefault(name, {})[key] = value
    return out


def compare(saved: dict[str, dict[str, str]], now: dict[str, dict[str, str]]) -> str:
    lines = []
    for name in sorted(set(now)):
        a, b = saved.get(name, {}), now.get(name, {})
        changed = [k for k in a if k in b and a[k] != b[k]]
        flags = [k for k in changed if name in HIDDEN or json.loads(a[k])[0] != json.loads(b[k])[0]]
        lines.append(f"{name}: {len(b)} verdicts, {len(changed)} differ"
                     + ("" if name in HIDDEN else f" ({len(flags)} flags)")
                     + (f", {len(set(a) ^ set(b))} rows only on one side" if set(a) != set(b) else ""))
        if name not in HIDDEN:
            lines += [f"  {k.split(':', 1)[1][:100]!r}: {a[k]} -> {b[k]}" for k in changed[:20]]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) == 2 and args[0] == "save":
        Path(args[1]).write_text(json.dumps(verdicts(), sort_keys=True), encoding="utf-8")
    elif len(args) in (2, 3) and args[0] == "compare" and args[2:] in ([], ["--no-holdout"]):
        print(compare(json.loads(Path(args[1]).read_text(encoding="utf-8")), verdicts(holdout=not args[2:])), end="")
    else:
        sys.exit("usage: python research/classifier_flags.py save FILE | compare FILE [--no-holdout]")
