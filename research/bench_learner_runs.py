"""The learner over many sessions: `learn run` repeated until nothing is new, what it costs and how often it reads.

The dev split of the real-session corpus (research/data/real, by repository owner; never the held-out split) is
given to `learn capture` in a temporary project and HOME, then `learn run --now` runs until nothing is new (the
built-in reflector answers: no network), as tests/learner/test_real_sessions.py does on the held-out split. Most
sessions hold more than one digest (48 KiB) carries, so the runs go on for dozens of digests. Counted over all the
runs: wall and CPU time, the transcripts opened (a header read for a session's description, or a whole read), the
messages classified, and a hash of every digest in order (the same hash before and after a change says the model
was shown the same thing).

Run: `python research/bench_learner_runs.py [SESSIONS]` (the first SESSIONS dev sessions; all by default). Prints
one Markdown table row.
"""

from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def measure(sessions: int | None = None) -> dict:
    from altimate_learn.capture import classifier
    from altimate_learn.capture import sessions as readers
    from altimate_learn.capture.capture import capture_paths
    from altimate_learn.config import load_settings
    from altimate_learn.learner.run import RunRequest, run
    from altimate_learn.learner.sources import remember_captured
    from altimate_learn.store import Store
    from altimate_learn.store import project as project_paths
    from research.data.real_sessions import session_files
    from research.learner_real import _isolated

    files = list(session_files(split="dev"))[:sessions]
    counts = {"opened": 0, "classified": 0}
    judge, open_reader = classifier.classify_user_message, readers.read_session

    def classified(*args, **kwargs):
        counts["classified"] += 1
        return judge(*args, **kwargs)

    def opened(*args, **kwargs):
        counts["opened"] += 1
        return open_reader(*args, **kwargs)

    digests = hashlib.sha256()
    runs = 0
    with _isolated() as root:
        paths = project_paths(root)
        summaries = capture_paths(Store(paths), files, harness="generic", project_root=root)
        remember_captured(paths, [(s.harness, s.session_id, s.path) for s in summaries])
        settings = load_settings(root, root)
        classifier.classify_user_message, readers.read_session = classified, opened
        try:
            wall, cpu = time.perf_counter(), time.process_time()
            while runs < 500:
                report = run(paths, settings, RunRequest(model="builtin", force=True))
                if report.status == "nothing-new" or report.digest is None:
                    break
                runs += 1
                digests.update(report.digest.text.encode("utf-8") + b"\0")
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        finally:
            classifier.classify_user_message, readers.read_session = judge, open_reader
    return {"sessions": len(files), "runs": runs, "wall": wall, "cpu": cpu, **counts,
            "digests": digests.hexdigest()[:16]}


def main(sessions: int | None = None) -> str:
    row = measure(sessions)
    return ("| dev sessions | runs | wall | CPU | transcripts opened | messages classified | digests (sha256) |\n"
            "|---|---|---|---|---|---|---|\n"
            f"| {row['sessions']} | {row['runs']} | {row['wall']:.1f} s | {row['cpu']:.1f} s | {row['opened']:,} | "
            f"{row['classified']:,} | {row['digests']} |\n")


if __name__ == "__main__":
    print(main(int(sys.argv[1]) if len(sys.argv) > 1 else None))
