"""The learner's kept reads: `learn run` on a project with many sessions, a first run next to a second.

The dev split of the real-session corpus (research/data/real, by repository owner) is given to `learn capture`
in a temporary project and HOME; the built-in reflector answers (no network). The first run reads every
session; most hold more exchanges than one digest (48 KiB) carries, so they wait, and every later run reads
them again from the same cursor. The second run is timed twice from the same starting point (the project
copied after the first run): with the reads the first run kept (`.learner/reads/`), and with that folder
removed, which is what every run cost before the reads were kept. Both must show the model the same digest.

Run: `python research/bench_learner_reads.py` (prints a Markdown section).
"""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _timed_run(paths, settings, counts: dict[str, int]) -> tuple[float, list[str]]:
    from altimate_learn.learner.run import RunRequest, run

    started = time.perf_counter()
    report = run(paths, settings, RunRequest(model="builtin", force=True))
    seconds = time.perf_counter() - started
    counts["runs"] = counts.get("runs", 0) + 1
    return seconds, [e.ref for e in report.digest.exchanges] if report.digest else []


def measure(split: str = "dev") -> dict:
    from altimate_learn.capture.capture import capture_paths
    from altimate_learn.config import load_settings
    from altimate_learn.learner import sources
    from altimate_learn.learner.readcache import FOLDER
    from altimate_learn.learner.sources import remember_captured
    from altimate_learn.store import Store
    from altimate_learn.store import project as project_paths
    from research.data.real_sessions import session_files
    from research.learner_real import _isolated

    files = list(session_files(split=split))
    seen: list[dict[str, int]] = []
    original = sources.collect

    def counted(*args, **kwargs):
        reads = original(*args, **kwargs)
        cache = kwargs.get("cache")
        kept = getattr(cache, "hits", 0)
        seen.append({"kept": kept, "read": len(reads) - kept})
        return reads

    sources.collect = counted
    try:
        with _isolated() as root:
            paths = project_paths(root)
            summaries = capture_paths(Store(paths), files, harness="generic", project_root=root)
            remember_captured(paths, [(s.harness, s.session_id, s.path) for s in summaries])
            settings = load_settings(root, root)
            counts: dict[str, int] = {}
            first, _ = _timed_run(paths, settings, counts)
            reads_dir = paths.learner_dir / FOLDER
            kept_files = list(reads_dir.glob("*.json"))
            kept_bytes = sum(p.stat().st_size for p in kept_files)
            copy = root.parent / "project-without-kept-reads"
            shutil.copytree(root, copy, symlinks=True)
            shutil.rmtree(project_paths(copy).learner_dir / FOLDER)
            second, shown_kept = _timed_run(paths, settings, counts)
            copy_paths = project_paths(copy)
            before, shown_read = _timed_run(copy_paths, load_settings(copy, copy), counts)
    finally:
        sources.collect = original
    return {"split": split, "sessions": len(files), "first": first, "second": second, "before": before,
            "same": shown_kept == shown_read and bool(shown_kept), "kept_files": len(kept_files),
            "kept_bytes": kept_bytes, "collect": seen}


def main(split: str = "dev") -> str:
    row = measure(split)
    waiting = row["collect"][1]
    lines = [
        "## Learner: kept reads, a second `learn run` on a project with many sessions",
        "",
        f"{row['sessions']} sessions of the {row['split']} split given to `learn capture`; built-in reflector.",
        "",
        "| run | seconds | sessions read | sessions from kept reads |",
        "|---|---:|---:|---:|",
        f"| first (nothing kept) | {row['first']:.2f} | {row['collect'][0]['read']} | {row['collect'][0]['kept']} |",
        f"| second, kept reads | {row['second']:.2f} | {waiting['read']} | {waiting['kept']} |",
        f"| second, kept reads removed (as before) | {row['before']:.2f} | {row['collect'][2]['read']} | "
        f"{row['collect'][2]['kept']} |",
        "",
        f"The second run took {row['second']:.2f} s with the kept reads and {row['before']:.2f} s without them "
        f"({row['before'] / max(row['second'], 1e-9):.1f}x); both showed the model the same digest: "
        f"{'yes' if row['same'] else 'NO'}. The first run kept {row['kept_files']} reads, "
        f"{row['kept_bytes'] / 1024 / 1024:.1f} MiB on disk (redacted exchanges, not transcripts).",
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(main(*(sys.argv[1:2])))
