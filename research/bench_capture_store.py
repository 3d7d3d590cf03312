"""`learn capture` of many session files, then `learn run` until nothing is new: what the store's JSONL reads cost.

The first SESSIONS files of the real-session corpus's dev split (research/data/real, never the held-out split) are
captured into a temporary project and HOME (`capture_paths`, as `learn capture FILE…` does), then `learn run --now`
with the built-in reflector runs until nothing is new (at most RUNS runs). Counted separately for the capture and the
runs: wall and CPU time, the JSONL lines parsed (store/fsio.read_jsonl: signals.jsonl, history, runs…), the reads of
signals.jsonl, the fsyncs, the signals keyed (capture/signals.twin_key: a hash of a signal's normalised text, worked
out for each signal tested and for each stored one it is tested against); and a hash of what was written (signals.jsonl
and history.jsonl without their random ids and clock times, the digests shown in order), so the same hash before and
after a change says the same output.

Run: `python research/bench_capture_store.py [SESSIONS] [RUNS]` (defaults: all dev sessions, 20 runs). Prints one
Markdown table. With BENCH_DUMP=FOLDER, the hashed texts are written there too (to diff two versions' outputs).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

_VOLATILE = re.compile(r'"(?:id|at|ts|consumedBy|[a-z_]*[Ii]ds?)": ?(?:"[^"]*"|\[[^\]]*\])')
_RANDOM_ID = re.compile(r"\b(?:sig_|L-)[0-9a-f]{4,}\b")  # signal and lesson ids are random


def _stable(text: str, root: Path) -> bytes:
    """Text without the ids, clock times and temporary folder that differ between two runs of the same work."""
    text = text.replace(str(root.parent), "<tmp>")
    return _RANDOM_ID.sub("<id>", _VOLATILE.sub('"_": 0', text)).encode("utf-8")


def _file(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ""


def measure(sessions: int | None = None, max_runs: int = 20) -> list[dict]:
    from altimate_learn.capture import signals as signal_store
    from altimate_learn.capture.capture import capture_paths
    from altimate_learn.config import load_settings
    from altimate_learn.learner.run import RunRequest, run
    from altimate_learn.learner.sources import remember_captured
    from altimate_learn.store import Store, fsio
    from altimate_learn.store import project as project_paths
    from research.data.real_sessions import session_files
    from research.learner_real import _isolated

    files = list(session_files(split="dev"))[:sessions]
    counts = {"lines": 0, "signal reads": 0, "fsyncs": 0, "keyed": 0}
    parse, read, sync, twin = fsio.loads, fsio.read_jsonl, os.fsync, signal_store.twin_key

    def parsed(data):
        counts["lines"] += 1
        return parse(data)

    def reading(path):
        if Path(path).name == "signals.jsonl":
            counts["signal reads"] += 1
        return read(path)

    def synced(fd):
        counts["fsyncs"] += 1
        return sync(fd)

    def keyed(sig):
        counts["keyed"] += 1
        return twin(sig)

    rows = []
    fsio.loads, fsio.read_jsonl, os.fsync, signal_store.twin_key = parsed, reading, synced, keyed
    try:
        with _isolated() as root:
            paths = project_paths(root)
            store = Store(paths)
            wall, cpu = time.perf_counter(), time.process_time()
            summaries = capture_paths(store, files, harness="generic", project_root=root)
            output = hashlib.sha256(_stable(_file(store.path(Store.SIGNALS)), root))
            rows.append({"step": f"capture {len(files)} files", "wall": time.perf_counter() - wall,
                         "cpu": time.process_time() - cpu, **counts, "signals": len(store.signals()[0]),
                         "output": output.hexdigest()[:16]})
            counts.update({k: 0 for k in counts})
            remember_captured(paths, [(s.harness, s.session_id, s.path) for s in summaries])
            settings = load_settings(root, root)
            digests, runs = hashlib.sha256(), 0
            wall, cpu = time.perf_counter(), time.process_time()
            while runs < max_runs:
                report = run(paths, settings, RunRequest(model="builtin", force=True))
                if report.status == "nothing-new" or report.digest is None:
                    break
                runs += 1
                shown = _stable(report.digest.text, root)
                digests.update(shown + b"\0")
                if os.environ.get("BENCH_DUMP"):
                    Path(os.environ["BENCH_DUMP"], f"digest{runs}.txt").write_bytes(shown)
            final = _stable(_file(store.path(Store.SIGNALS)) + _file(store.path(Store.HISTORY)), root)
            if os.environ.get("BENCH_DUMP"):
                Path(os.environ["BENCH_DUMP"], "final.txt").write_bytes(final)
            digests.update(final)
            rows.append({"step": f"learn run x{runs}", "wall": time.perf_counter() - wall,
                         "cpu": time.process_time() - cpu, **counts, "signals": len(store.signals()[0]),
                         "output": digests.hexdigest()[:16]})
    finally:
        fsio.loads, fsio.read_jsonl, os.fsync, signal_store.twin_key = parse, read, sync, twin
    return rows


def main(sessions: int | None = None, max_runs: int = 20) -> str:
    out = ["| step | wall | CPU | JSONL lines parsed | signals.jsonl reads | fsyncs | signals keyed | signals | "
           "output (sha256) |", "|---|---|---|---|---|---|---|---|---|"]
    for row in measure(sessions, max_runs):
        out.append(f"| {row['step']} | {row['wall']:.1f} s | {row['cpu']:.1f} s | {row['lines']:,} | "
                   f"{row['signal reads']:,} | {row['fsyncs']:,} | {row['keyed']:,} | {row['signals']:,} | "
                   f"{row['output']} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(main(int(sys.argv[1]) if len(sys.argv) > 1 else None, int(sys.argv[2]) if len(sys.argv) > 2 else 20))
