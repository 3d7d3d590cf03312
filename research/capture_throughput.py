"""Capture throughput: how fast `learn capture` reads large transcripts, and how much memory it needs.

Generates a large Claude Code transcript and a large Codex rollout (>= 50 MB each, realistic mixes of
prompts, corrections, split assistant lines, tool calls with bulky output and failures) in a temporary
folder, then reads each with `signals_from_session` (reader + correction classifier + tool_retry) in a
fresh process and reports MB/s, lines/s and memory: the process's peak RSS growth over its baseline after
imports, and the peak of Python allocations (tracemalloc, in a second run).

Then `learn sessions` over a generated HOME: `--sessions` transcripts (Claude Code and Codex, a third of
them this project's, some started in subfolders, the rest spread over 20 other projects, 5 to 400 turns
each) and an opencode database with as many sessions. It reports `discover_sessions` alone (headers only),
the first listing with message counts (every session of the project parsed once), the next listing (counts
from the cache), and the whole `learn sessions` command in a fresh process. Nothing is written to the
repository.

Run: `python research/capture_throughput.py [--mb 50] [--sessions 500]`
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROMPTS = [
    "Add pagination to the /orders endpoint.",
    "Write a migration that adds an index on users.email.",
    "Why is the checkout test flaky? Fix it.",
    "Refactor the payment client to use the shared http session.",
]
CORRECTIONS = [
    "No, don't use print() for logging. Use the structlog logger instead.",
    "That's wrong: the timestamps are UTC, don't convert them.",
    "Don't use npm in this repo, it's a pnpm workspace.",
]
OKAY = ["thanks, looks good", "great", "now run the tests"]
CODE = ["def ", "class ", "return ", "self.", "value", " = ", "(", ")", ":\n    ", "import os\n", "if ", "for x in "]


def _body(rng: random.Random) -> str:
    size = rng.choice([200, 800, 3000, 12000, 30000])
    return "".join(rng.choice(CODE) for _ in range(size // 5))


def _prompt(rng: random.Random, n: int) -> str:
    pick = rng.random()
    if n and pick < 0.15:
        return rng.choice(CORRECTIONS)
    if n and pick < 0.3:
        return rng.choice(OKAY)
    return rng.choice(PROMPTS)


def write_claude(path: Path, target_bytes: int, rng: random.Random) -> int:
    sid = "7e1f0000-0000-4000-8000-000000000001"
    base = {"sessionId": sid, "cwd": "/home/dev/big", "version": "2.1.332", "isSidechain": False,
            "userType": "external", "entrypoint": "cli", "gitBranch": "main"}
    lines = 0
    with open(path, "w", encoding="utf-8") as out:
        n = 0
        while out.tell() < target_bytes:
            ts = f"2026-11-20T10:{(n // 60) % 60:02d}:{n % 60:02d}.000Z"
            records = [{**base, "type": "user", "uuid": f"u{n}", "promptId": f"p{n}", "timestamp": ts,
                        "message": {"role": "user", "content": _prompt(rng, n)}}]
            for step in range(rng.randint(1, 4)):
                mid, tid = f"msg_{n}_{step}", f"toolu_{n}_{step}"
                records.append({**base, "type": "assistant", "uuid": f"a{n}{step}", "timestamp": ts, "message": {
                    "id": mid, "role": "assistant", "model": "claude-sonnet-4-5",
                    "content": [{"type": "text", "text": "Let me check that."}]}})
                records.append({**base, "type": "assistant", "uuid": f"b{n}{step}", "timestamp": ts, "message": {
                    "id": mid, "role": "assistant", "model": "claude-sonnet-4-5",
                    "content": [{"type": "tool_use", "id": tid, "name": rng.choice(["Bash", "Read", "Edit"]),
                                 "input": {"command": "pytest -q", "file_path": "/home/dev/big/app.py"}}]}})
                failed = rng.random() < 0.25
                content = ("Exit code 1\n" if failed else "") + _body(rng)
                records.append({**base, "type": "user", "uuid": f"r{n}{step}", "timestamp": ts, "message": {
                    "role": "user", "content": [{"type": "tool_result", "tool_use_id": tid, "content": content,
                                                 "is_error": failed}]}})
            records.append({**base, "type": "assistant", "uuid": f"z{n}", "timestamp": ts, "message": {
                "id": f"msg_{n}_end", "role": "assistant", "model": "claude-sonnet-4-5",
                "content": [{"type": "text", "text": "Done: " + _body(rng)[:400]}]}})
            for record in records:
                out.write(json.dumps(record, separators=(",", ":")) + "\n")
                lines += 1
            n += 1
    return lines


def write_codex(path: Path, target_bytes: int, rng: random.Random) -> int:
    lines = 0

    def emit(out, kind: str, payload: dict, n: int) -> None:
        nonlocal lines
        out.write(json.dumps({"timestamp": f"2026-11-20T10:00:{n % 60:02d}.000Z", "type": kind, "payload": payload},
                             separators=(",", ":")) + "\n")
        lines += 1

    with open(path, "w", encoding="utf-8") as out:
        emit(out, "session_meta", {"id": "0199ffff-0000-7000-8000-000000000001", "cwd": "/home/dev/big",
                                   "timestamp": "2026-11-20T10:00:00Z", "model_provider": "openai"}, 0)
        n = 0
        while out.tell() < target_bytes:
            prompt = _prompt(rng, n)
            emit(out, "event_msg", {"type": "task_started", "turn_id": f"turn-{n}"}, n)
            emit(out, "response_item", {"type": "message", "role": "user",
                                        "content": [{"type": "input_text", "text": prompt}]}, n)
            emit(out, "event_msg", {"type": "user_message", "message": prompt, "images": []}, n)
            for step in range(rng.randint(1, 4)):
                cid = f"call_{n}_{step}"
                emit(out, "response_item", {"type": "function_call", "name": "shell", "call_id": cid,
                                            "arguments": json.dumps({"command": ["bash", "-lc", "pytest -q"]})}, n)
                code = 1 if rng.random() < 0.25 else 0
                emit(out, "response_item", {"type": "function_call_output", "call_id": cid, "output":
                     f"Exit code: {code}\nWall time: 0.4 seconds\nOutput:\n" + _body(rng)}, n)
            emit(out, "event_msg", {"type": "agent_message", "message": "Done."}, n)
            emit(out, "response_item", {"type": "message", "role": "assistant",
                                        "content": [{"type": "output_text", "text": "Done."}]}, n)
            n += 1
    return lines


_MEASURE = r"""
import json, resource, sys, time, tracemalloc
from pathlib import Path
from altimate_learn.capture.capture import signals_from_session
from altimate_learn.capture.sessions import read_session

def rss_kb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * (resource.getpagesize() // 1024)

path, traced = Path(sys.argv[1]), sys.argv[2] == "1"
base = rss_kb()
if traced:
    tracemalloc.start()
start, cpu = time.perf_counter(), time.process_time()
reader = read_session(path)
signals, stats = signals_from_session(reader)
elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
peak_py = tracemalloc.get_traced_memory()[1] if traced else None
print(json.dumps({"seconds": elapsed, "cpu": cpu, "base_kb": base, "max_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  "peak_py": peak_py, "signals": len(signals), "users": stats.user_messages,
                  "tools": stats.tool_calls, "skipped": stats.malformed_lines}))
"""


def _run(path: Path, traced: bool) -> dict:
    result = subprocess.run([sys.executable, "-c", _MEASURE, str(path), "1" if traced else "0"],
                            capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def main(megabytes: int = 50) -> str:
    rng = random.Random(2026)
    rows = []
    with tempfile.TemporaryDirectory(prefix="learn-throughput-") as tmp:
        for name, writer, filename in (
                ("Claude Code", write_claude, "7e1f0000-0000-4000-8000-000000000001.jsonl"),
                ("Codex", write_codex, "rollout-2026-11-20T10-00-00-0199ffff-0000-7000-8000-000000000001.jsonl")):
            path = Path(tmp) / filename
            lines = writer(path, megabytes * 1024 * 1024, rng)
            size_mb = path.stat().st_size / 1024 / 1024
            timed = _run(path, traced=False)
            traced = _run(path, traced=True)
            growth_mb = max(timed["max_kb"] - timed["base_kb"], 0) / 1024
            rows.append((name, size_mb, lines, timed["cpu"], timed["seconds"], size_mb / timed["cpu"],
                         lines / timed["cpu"], growth_mb, traced["peak_py"] / 1024 / 1024,
                         timed["users"], timed["tools"], timed["signals"]))
            path.unlink()
    out = ["## Capture throughput", "",
           f"`signals_from_session` (reader + correction classifier + tool_retry) on generated transcripts, one "
           f"fresh process per run, Python {sys.version.split()[0]}. Rates use the process's CPU time, so a busy "
           f"machine does not distort them; wall time is shown for reference.", "",
           "| transcript | size | lines | CPU time | wall time | MB/s (CPU) | lines/s (CPU) | peak RSS growth | "
           "peak Python allocations | user messages | tool calls | signals |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, size, lines, cpu, secs, mbps, lps, growth, peak, users, tools, signals in rows:
        out.append(f"| {name} | {size:.1f} MB | {lines:,} | {cpu:.2f} s | {secs:.2f} s | {mbps:.1f} | {lps:,.0f} | "
                   f"{growth:.1f} MB | {peak:.2f} MB | {users:,} | {tools:,} | {signals:,} |")
    out += ["", "Memory does not grow with the transcript: lines are read one at a time (a line over 64 MB is "
            "skipped unread); what is kept is the signals found and, for Claude Code, at most 50,000 recent ids "
            "of tool calls and prompts, so history a resume repeats is read once."]
    return "\n".join(out)


def write_home(home: Path, project: Path, count: int, rng: random.Random) -> int:
    """``count`` transcripts under ``home`` (and an opencode database); returns how many are ``project``'s."""
    others = [f"/home/dev/other-{i}" for i in range(20)]
    mine = 0
    for i in range(count):
        ours = i % 3 == 0
        cwd = str(project) if ours else rng.choice(others)
        if i % 5 == 0:
            cwd += "/services/api"
        mine += ours
        turns = rng.choice([5, 20, 100, 400])
        if i % 2:
            sid = f"{i:08x}-0000-4000-8000-{i:012x}"
            folder = home / ".claude" / "projects" / "".join(c if c.isalnum() else "-" for c in cwd)
            folder.mkdir(parents=True, exist_ok=True)
            base = {"sessionId": sid, "cwd": cwd, "parentUuid": None, "isSidechain": False, "version": "2.0.1"}
            with open(folder / f"{sid}.jsonl", "w", encoding="utf-8") as out:
                for n in range(turns):
                    out.write(json.dumps({**base, "type": "user", "uuid": f"u{n}", "timestamp": "2026-01-01T00:00:00Z",
                                          "message": {"role": "user", "content": _prompt(rng, n)}}) + "\n")
                    out.write(json.dumps({**base, "type": "assistant", "uuid": f"a{n}", "timestamp": "2026-01-01T00:00:01Z",
                                          "message": {"id": f"m{n}", "role": "assistant", "model": "claude",
                                                      "content": [{"type": "text", "text": _body(rng)[:2000]}]}}) + "\n")
        else:
            sid = f"0199{i:04x}-0000-7000-8000-{i:012x}"
            day = home / ".codex" / "sessions" / "2026" / "01" / f"{1 + i % 28:02d}"
            day.mkdir(parents=True, exist_ok=True)
            with open(day / f"rollout-2026-01-01T00-00-00-{sid}.jsonl", "w", encoding="utf-8") as out:
                out.write(json.dumps({"timestamp": "2026-01-01T00:00:00Z", "type": "session_meta", "payload": {
                    "id": sid, "cwd": cwd, "timestamp": "2026-01-01T00:00:00Z", "instructions": "x" * 4000}}) + "\n")
                for n in range(turns):
                    for role, text in (("user", _prompt(rng, n)), ("assistant", _body(rng)[:3000])):
                        kind = "input_text" if role == "user" else "output_text"
                        out.write(json.dumps({"timestamp": "2026-01-01T00:00:00Z", "type": "response_item", "payload": {
                            "type": "message", "role": role, "content": [{"type": kind, "text": text}]}}) + "\n")
    data = home / ".local" / "share" / "opencode"
    data.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(data / "opencode.db")
    con.executescript("CREATE TABLE session (id TEXT PRIMARY KEY, parent_id TEXT, directory TEXT, title TEXT, "
                      "time_created INTEGER, time_updated INTEGER);"
                      "CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT, time_created INTEGER, data TEXT);"
                      "CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT, session_id TEXT, data TEXT);")
    for i in range(count):
        directory = str(project) if i % 3 == 0 else rng.choice(others)
        mine += i % 3 == 0
        con.execute("INSERT INTO session VALUES (?, NULL, ?, 't', ?, ?)", (f"ses_{i:08d}", directory, 1_767_225_600_000 + i,
                                                                          1_767_225_600_000 + i))
        for n in range(5):
            con.execute("INSERT INTO message VALUES (?, ?, ?, ?)", (f"msg_{i:08d}_{n}", f"ses_{i:08d}", n,
                                                                    json.dumps({"role": "user" if n % 2 == 0 else "assistant"})))
    con.commit()
    con.close()
    return mine


_DISCOVER = r"""
import json, sys, time
from pathlib import Path
from altimate_learn.capture.sessions import discover_sessions
root = Path(sys.argv[1])
t = time.perf_counter(); plain = discover_sessions(root); headers = time.perf_counter() - t
t = time.perf_counter(); counted = discover_sessions(root, count_messages=True); first = time.perf_counter() - t
t = time.perf_counter(); discover_sessions(root, count_messages=True); again = time.perf_counter() - t
print(json.dumps({"found": len(plain), "headers": headers, "first": first, "again": again,
                  "messages": sum(s.message_count for s in counted)}))
"""


def discovery(count: int) -> str:
    rng = random.Random(7)
    with tempfile.TemporaryDirectory(prefix="learn-discovery-") as tmp:
        home, project = Path(tmp) / "home", Path(tmp) / "project"
        project.mkdir()
        (project / ".git").mkdir()
        expected = write_home(home, project, count, rng)
        size_mb = sum(f.stat().st_size for f in home.rglob("*") if f.is_file()) / 1024 / 1024
        env = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(Path(tmp) / "cache"),
               "XDG_DATA_HOME": str(home / ".local" / "share"), "CODEX_HOME": str(home / ".codex"), "PWD": str(project)}
        env.pop("CLAUDE_CONFIG_DIR", None)
        measured = json.loads(subprocess.run([sys.executable, "-c", _DISCOVER, str(project)], env=env, cwd=project,
                                             capture_output=True, text=True, check=True).stdout)
        start = time.perf_counter()
        listing = subprocess.run([sys.executable, "-m", "altimate_learn", "sessions"], env=env, cwd=project,
                                 capture_output=True, text=True, check=True).stdout
        command = time.perf_counter() - start
    rows = len(listing.splitlines()) - 1
    return "\n".join([
        "## Session discovery", "",
        f"A generated HOME with {count} Claude Code and Codex transcripts ({size_mb:.0f} MB) and an opencode database "
        f"of {count} sessions; {expected} of them belong to the project (found: {measured['found']}, listed: {rows}).", "",
        "| step | wall time |", "|---|---|",
        f"| `discover_sessions` (headers only) | {measured['headers'] * 1000:.0f} ms |",
        f"| first listing with message counts ({measured['messages']:,} messages parsed) | {measured['first'] * 1000:.0f} ms |",
        f"| next listing (counts cached) | {measured['again'] * 1000:.0f} ms |",
        f"| `learn sessions`, whole process, cached | {command * 1000:.0f} ms |",
    ])


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=50, help="size of each generated transcript (default 50)")
    parser.add_argument("--sessions", type=int, default=500, help="transcripts in the generated HOME (default 500)")
    args = parser.parse_args()
    print(main(args.mb))
    print()
    print(discovery(args.sessions))
