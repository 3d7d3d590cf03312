"""The reply's capture worker: its CPU per reply as the session's transcript grows, with and without secrets in it.

Live capture hands every prompt typed after an answer to a worker (`learn hook --capture-worker`) that classifies it,
re-judges the previous prompt with the agent's reply to it and redacts whatever it records with the session's earlier
secrets, which it learns from the session's transcript. This measures that worker alone, per reply, the way
`research/bench_hooks.py` measures it (a bare launcher adopts the detached worker and reads its CPU time, user +
system, from `wait4`; Linux only), in one Claude Code session whose transcript is a generated one of N MB
(`capture_throughput.write_claude`), growing by a turn (~20 KB of tool output, the answer, the reply) before each Stop
and each reply, as an agent's does. Each reply is a real prompt (every other one a correction, recorded as a signal).

Two transcripts per size: the generated one as it is (no secrets), and the same with a secret (a password typed by the
person, a token in a tool's output) in one turn in five, the way a long session gathers them: every such line is one
whose secret must still be redacted when it reappears bare in a later correction.

Printed per size: the first answer's worker (the session's first worker: it reads the transcript from the start) and the
first reply's, then the median and the largest of the later replies' workers, and the median of the later answers'
workers (each Stop's worker redacts the answer with the session's secrets too). Nothing is written to the repository.

    .venv/bin/python research/bench_reply_worker.py [--mb 0,8,32] [--replies 8]
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_hooks as hooks  # noqa: E402  (research/ is not a package on this path)

SECRET_EVERY = 5  # one turn in five of the "with secrets" transcript holds a secret


def _with_secrets(path: Path, rng: random.Random) -> int:
    """Rewrite the generated transcript so that one prompt in :data:`SECRET_EVERY` carries a password the person
    typed, and one tool output in as many a token (distinct values). Returns how many secrets it holds."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out, count = [], 0
    for number, line in enumerate(lines):
        record = json.loads(line)
        content = record.get("message", {}).get("content")
        if record.get("type") == "user" and isinstance(content, str) and rng.randrange(SECRET_EVERY) == 0:
            record["message"]["content"] = f"{content} The staging db password is Pw-{rng.getrandbits(48):012x}-q!"
            count += 1
        elif isinstance(content, list) and content and content[0].get("type") == "tool_result" and \
                rng.randrange(SECRET_EVERY * 3) == 0:
            content[0]["content"] = f"export GITHUB_TOKEN=ghp_{rng.getrandbits(160):040x}\n" + content[0]["content"]
            count += 1
        out.append(json.dumps(record, separators=(",", ":")))
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return count


def measure(base: Path, store: Path, env: dict, megabytes: int, secrets: bool, replies: int) -> dict:
    folder = base / f"mb{megabytes}-{'s' if secrets else 'n'}"
    folder.mkdir()
    cap = hooks._capture_project(folder, 1000, store, env)
    held = replies if secrets else 0  # one password in a tool output of every turn typed live
    if megabytes:
        hooks._transcript(cap, megabytes)
        if secrets:
            held += _with_secrets(cap / "t.jsonl", random.Random(megabytes))
    else:
        (cap / "t.jsonl").write_text("", encoding="utf-8")  # the session's file, empty at its start
    hook = [str(hooks.LEARN), "hook", "claude-code"]
    session = "reply-" + uuid.uuid4().hex
    hooks._time(hook, hooks._payload(cap, "SessionStart", session, source="startup"), cap, env)
    hooks._time(hook, hooks._payload(cap, "UserPromptSubmit", session, prompt=hooks.PROMPT_FIRST, prompt_id="c0"),
                cap, env)
    answers, costs = [], []
    for i in range(replies):
        _grow(cap, i, hooks.ANSWER, secret=f"Pw-live-{i:04d}-{uuid.uuid4().hex[:8]}" if secrets else None)
        answers.append(hooks._worker_cost(hook, hooks._payload(cap, "Stop", session,
                                                               last_assistant_message=hooks.ANSWER), cap, env))
        hooks._wait_for_workers(cap)
        _grow(cap, i, hooks.REPLIES[i % 2])
        costs.append(hooks._worker_cost(hook, hooks._payload(cap, "UserPromptSubmit", session,
                                                             prompt=f"{hooks.REPLIES[i % 2]} ({i})",
                                                             prompt_id=f"c{i + 1}"), cap, env))
        hooks._wait_for_workers(cap)
    if any(c is None for c in costs + answers):
        raise SystemExit("the launcher could not adopt the worker (Linux only)")
    later = [cpu for cpu, _ in costs[1:]]
    size = (cap / "t.jsonl").stat().st_size
    return {"mb": megabytes, "secrets": held, "bytes": size, "first": costs[0][0] * 1000,
            "median": statistics.median(later) * 1000, "max": max(later) * 1000,
            "answer": statistics.median(cpu for cpu, _ in answers[1:]) * 1000, "first_answer": answers[0][0] * 1000,
            "signals": hooks._settled_signals(cap, sum(hooks._is_correction(hooks.REPLIES[i % 2])
                                                       for i in range(replies)))}


def _grow(cap: Path, i: int, text: str, secret: str | None = None) -> None:
    """A turn the agent writes before the next hook (bench_hooks' ~20 KB tool output and the text); with
    ``secret``, one more tool output of that turn shows a password."""
    if secret:
        with open(cap / "t.jsonl", "a", encoding="utf-8") as handle:
            handle.write(json.dumps({"sessionId": "bench", "type": "user", "uuid": f"s{i}", "timestamp":
                                     "2026-11-20T11:00:00.000Z", "message": {"role": "user", "content": [
                                         {"type": "tool_result", "tool_use_id": f"s{i}",
                                          "content": f"REPLICA_PASSWORD={secret}\nconnected"}]}}) + "\n")
    hooks._grow(cap, i, text)


def main(sizes: tuple[int, ...] = (0, 8, 32), replies: int = 8) -> str:
    compileall.compile_dir(str(hooks.ROOT / "altimate_learn"), quiet=1)
    base = Path(tempfile.mkdtemp(prefix="learn-bench-reply-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("ALTIMATE_LEARN")}
    env.update(HOME=str(base / "home"), XDG_CACHE_HOME=str(base / "cache"), XDG_CONFIG_HOME=str(base / "config"))
    rows = []
    try:
        store = base / "approved.json"
        hooks._generate_store(1000, store)
        for megabytes in sizes:
            for secrets in (False, True):
                rows.append(measure(base, store, env, megabytes, secrets, replies))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    lines = ["## Capture workers' CPU as the session grows", "",
             f"Reply's capture worker, CPU (user + system) per reply, ms; {replies} replies per session, 1,000 approved "
             f"lessons; Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
             f"{', '.join(f'{x:.2f}' for x in os.getloadavg())} at the end.", "",
             "| transcript | secrets in it | first answer's worker | first reply | later replies: median | later: largest "
             "| later answers' workers: median | corrections recorded |", "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        sig = r["signals"]
        lines.append(f"| {r['mb']} MB ({r['bytes'] / 1048576:.1f} MB at the end) | {r['secrets']:,} | "
                     f"{r['first_answer']:.1f} | {r['first']:.1f} | {r['median']:.1f} | {r['max']:.1f} | {r['answer']:.1f} | "
                     f"{sig.get('user_correction', 0)}/{sig['expected']} |")
    lines += ["", "Limits: the transcripts are generated (bench_hooks' session shape; the secrets are passwords and "
              "tokens in tool output and typed messages); CPU time, not wall time, so load on the machine moves it "
              "less, but a median of a few replies per cell; the first reply's worker also runs the session's first "
              "re-vet, which later ones skip when nothing changed."]
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", default="0,8,32", help="transcript sizes, MB (default 0,8,32)")
    parser.add_argument("--replies", type=int, default=8)
    args = parser.parse_args()
    print(main(tuple(int(s) for s in args.mb.split(",")), args.replies))
