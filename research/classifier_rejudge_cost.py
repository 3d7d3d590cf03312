"""What the live re-judge costs to read a long transcript: the whole file vs its end.

    python research/classifier_rejudge_cost.py            # 8 MB Claude Code and Codex sessions, 5 reads each
    python research/classifier_rejudge_cost.py --mb 32 --reads 3

At each prompt the capture worker judges the previous prompt again with the agent's reply and reasoning
(`altimate_learn.harness.capture_worker.rejudge_previous`). It needs the last two user messages, the answer before
them and the reply; `recent_prompts` reads them from the transcript's end (`SessionReader.from_tail`) instead of
the whole file. The sessions are `capture_throughput`'s generated ones (prompts, corrections, tool calls with bulky
output). Prints CPU seconds per read (user + system, this process) and checks both reads give the same messages.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from altimate_learn.capture.capture import last_replied  # noqa: E402
from altimate_learn.capture.sessions import read_session  # noqa: E402
from altimate_learn.harness.capture_worker import recent_prompts  # noqa: E402
from research.capture_throughput import write_claude, write_codex  # noqa: E402


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _per_read(read, reads: int) -> tuple[float, list]:
    start = _cpu()
    for _ in range(reads):
        result = read()
    return (_cpu() - start) / reads, result


def main(megabytes: int = 8, reads: int = 5) -> str:
    lines = ["## Live re-judge: reading a long transcript's end", "",
             f"Generated sessions of {megabytes} MB; CPU seconds per read (mean of {reads}).", "",
             "| harness | size | whole file | end only | same messages |", "|---|---:|---:|---:|---|"]
    with tempfile.TemporaryDirectory() as folder:
        for harness, write in (("claude-code", write_claude), ("codex", write_codex)):
            path = Path(folder) / f"{harness}.jsonl"
            write(path, megabytes * 1024 * 1024, random.Random(megabytes))
            whole, expected = _per_read(lambda p=path: last_replied(read_session(p), keep=2), reads)
            tail, got = _per_read(lambda p=path: recent_prompts(str(p)), reads)
            same = [(m[0].id, m[0].text, m[2], m[3], m[4]) for m in expected] == \
                   [(m[0].id, m[0].text, m[2], m[3], m[4]) for m in got]
            lines.append(f"| {harness} | {path.stat().st_size / 1e6:.1f} MB | {whole:.3f} | {tail:.3f} | "
                         f"{'yes' if same else 'NO'} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=int, default=8)
    parser.add_argument("--reads", type=int, default=5)
    args = parser.parse_args()
    print(main(args.mb, args.reads))
