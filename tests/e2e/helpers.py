"""Shared steps of the per-agent end-to-end tests: a project with lessons, install, signals, assertions."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

from altimate_learn.markers import SECTION_OPEN
from tests.e2e import lessons
from tests.e2e.world import World, request_text, run_learn

CORRECTION = "No, that's wrong: we always use cents_to_dollars for money columns."
TASK = "please fix rounding"  # shares no word with any lesson: retrieval picks nothing at session start


def learn_ok(world: World, *args: str) -> str:
    out = run_learn(world, *args)
    assert out.returncode == 0, f"learn {' '.join(args)} exited {out.returncode}\n{out.stdout}\n{out.stderr}"
    return out.stdout


def prepare_project(world: World) -> dict[str, Path]:
    """Project files, the three approved lessons, capture on, and one core lesson per session."""
    files = lessons.write_project_files(world.project)
    lessons.seed(world.project)
    learn_ok(world, "enable")
    config = world.project / ".altimate-code" / "altimate-code.json"
    data = json.loads(config.read_text())
    data["learn"]["core_lessons"] = 1  # only the pinned lesson is core; the scoped ones must earn their place
    data["learn"]["auto_reflect"] = False  # no background reflection racing the assertions
    config.write_text(json.dumps(data, indent=2) + "\n")
    return files


def signals(world: World, kind: str = "user_correction") -> list[dict[str, Any]]:
    data = json.loads(learn_ok(world, "signals", "--json"))
    items = data["signals"] if isinstance(data, dict) else data
    return [s for s in items if s["kind"] == kind]


def capture_latest(world: World, harness: str) -> None:
    learn_ok(world, "capture", "--harness", harness, "--latest")


def marker_hits(world: World) -> list[dict[str, bool]]:
    """For each model request, which lesson markers (and our section tag) it carried."""
    hits = []
    for req in world.model_requests():
        text = request_text(req)
        row = {name: word in text for name, word in lessons.MARKERS.items()}
        row["section"] = SECTION_OPEN in text or SECTION_OPEN.replace('"', '\\"') in text
        hits.append(row)
    return hits


def assert_delivery(world: World, file_request: int) -> None:
    """The session-start section (core lesson) is in the first request; the staging lesson arrives with the
    request after the agent read the staging model (``file_request``), not before; billing never."""
    hits = marker_hits(world)
    assert len(hits) > file_request, hits
    assert hits[0]["core"] and hits[0]["section"], hits
    assert not any(h["staging"] for h in hits[:file_request]), hits
    assert all(h["staging"] for h in hits[file_request:]), hits
    assert not any(h["billing"] for h in hits), hits


def hook_log(world: World) -> str:
    path = world.project / ".altimate-code" / "learn" / ".sessions" / "hook.log"
    return path.read_text() if path.exists() else ""


@contextlib.contextmanager
def locks_held(folder: Path) -> Iterator[list[str]]:
    """Hold every learn lock of the project from another process, as a long `learn reflect` would."""
    paths = sorted(str(p) for p in folder.rglob(".lock*") if not p.name.endswith(".busy"))
    code = ("import fcntl, os, sys, time\n"
            "fds = [os.open(p, os.O_RDWR) for p in sys.argv[1:]]\n"
            "[fcntl.flock(fd, fcntl.LOCK_EX) for fd in fds]\n"
            "print('held', flush=True)\n"
            "time.sleep(600)\n")
    holder = subprocess.Popen([sys.executable, "-c", code, *paths], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        yield paths
    finally:
        holder.kill()
        holder.wait()


def assert_no_hang(baseline, run) -> None:
    """A hang guard only, never a budget: what the tests assert is the hook log and the busy memo; this catches a hook
    that waited for the holder (600 s) on a machine of any load."""
    assert run.seconds < 10 * baseline.seconds + 60, (baseline.seconds, run.seconds)
