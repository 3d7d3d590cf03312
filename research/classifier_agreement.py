"""(draft: sampler only, filled in after labelling)"""
from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from research.data.real_sessions import DATA_DIR, _repo_of, _records, _session_name, session_files  # noqa: E402

AGREEMENT_DIR = DATA_DIR / "agreement"
SAMPLE = AGREEMENT_DIR / "sample.jsonl"
SEED = 20261203
SIZE = 400
PER_REPO = 4


def dev_messages() -> list[dict]:
    """Every typed message of the dev split (labelled or not, untyped included), read from the session files only:
    labels.jsonl is not opened."""
    out = []
    for path in session_files("dev"):
        session = _session_name(path)
        answer, interrupted, previous = None, False, None
        for record in _records(path):
            kind = record.get("type")
            if kind == "assistant":
                answer, interrupted = record.get("text"), False
            elif kind == "interrupt":
                interrupted = True
            elif kind == "user":
                out.append({"session": session, "id": record["id"], "repo": _repo_of(session),
                            "after_interrupt": interrupted, "previous_message": previous,
                            "answer": answer, "text": record["text"]})
                previous = record["text"]
                answer, interrupted = None, False
    return out


def draw_sample(messages: list[dict]) -> list[dict]:
    """A fixed-seed random sample of SIZE messages, at most PER_REPO from one repository (not stratified by label)."""
    order = list(range(len(messages)))
    random.Random(SEED).shuffle(order)
    per_repo: Counter[str] = Counter()
    chosen = []
    for i in order:
        m = messages[i]
        if per_repo[m["repo"]] >= PER_REPO:
            continue
        per_repo[m["repo"]] += 1
        chosen.append(i)
        if len(chosen) == SIZE:
            break
    return [messages[i] for i in sorted(chosen)]


if __name__ == "__main__" and sys.argv[1:2] == ["--export"]:  # --export PATH: the sample, text and context, no label
    sample = draw_sample(dev_messages())

    with Path(sys.argv[2]).open("w", encoding="utf-8") as f:
        for m in sample:
            f.write(json.dumps(m, ensure_ascii=False) + "\n")
    print(len(sample), "messages from", len({m["repo"] for m in sample}), "repositories")
