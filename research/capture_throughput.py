"""Capture throughput: how fast `learn capture` reads large transcripts, and how much memory it needs.

Generates a large Claude Code transcript and a large Codex rollout (>= 50 MB each, realistic mixes of
prompts, corrections, split assistant lines, tool calls with bulky output and failures) in a temporary
folder, then reads each with `signals_from_session` (reader + correction classifier + tool_retry) in a
fresh process and reports MB/s, lines/s and memory: the process's peak RSS growth over its baseline after
imports, and the peak of Python allocations (tracemalloc, in a second run). Nothing is written to the
repository.

Run: `python research/capture_throughput.py [--mb 50]`
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
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
            "skipped unread), and only the signals found are kept."]
    return "\n".join(out)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=50, help="size of each generated transcript (default 50)")
    print(main(parser.parse_args().mb))
