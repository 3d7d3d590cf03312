"""What learn's hooks cost a real agent session: wall time with and without `learn install`.

For each installed agent CLI (scripts/install-agents.sh), runs the same scripted session (the agent reads
a file, edits it, answers) against the e2e fake model server, N times without learn and N times with
learn installed and three approved lessons, and prints the median wall times and the difference, plus the
time of one `learn hook` process. Run from the repository root:

    .venv/bin/python research/agent_overhead.py [--runs 3] [--agents claude,codex,opencode]

Numbers depend on the machine's load; compare them only within one run of this script.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.e2e import lessons  # noqa: E402
from tests.e2e.agents import codex_setup, opencode_setup, run_claude, run_codex, run_opencode  # noqa: E402
from tests.e2e.fake_llm import FakeLLM  # noqa: E402
from tests.e2e.world import NETNS_PORT, World, find_agent, netns_prefix  # noqa: E402

HARNESS = {"claude": "claude-code", "codex": "codex", "opencode": "opencode"}


def script(agent: str, model: Path) -> list[dict]:
    if agent == "claude":
        return [{"text": "Reading.", "tool": "Read", "input": {"file_path": str(model)}},
                {"tool": "Edit", "input": {"file_path": str(model), "old_string": "/ 100", "new_string": ""}},
                {"text": "Done."}]
    if agent == "codex":
        return [{"tool": "apply_patch", "raw_input": "*** Begin Patch\n*** Update File: models/staging/orders.sql\n@@\n"
                                                     "-select amount_cents / 100 as amount from raw.orders\n"
                                                     "+select amount_cents as amount from raw.orders\n*** End Patch"},
                {"text": "Done."}]
    return [{"text": "Reading.", "tool": "read", "input": {"filePath": str(model)}},
            {"text": "Editing.", "tool": "edit", "input": {"filePath": str(model), "oldString": "/ 100",
                                                           "newString": ""}},
            {"text": "Done."}]


def one_session(agent: str, binary: Path, with_learn: bool) -> float:
    with tempfile.TemporaryDirectory(prefix="learn-overhead-") as tmp:
        root = Path(tmp)
        home, project, work = root / "home", root / "repo", root / "work"
        for folder in (home, project, work):
            folder.mkdir()
        (home / ".gitconfig").write_text("[user]\n\tname = t\n\temail = t@example.invalid\n")
        env = {"HOME": str(home), "PATH": os.environ["PATH"], "GIT_CONFIG_GLOBAL": str(home / ".gitconfig")}
        subprocess.run(["git", "init", "-q", str(project)], check=True, env=env)
        world = World(home=home, project=project, work=work, port=NETNS_PORT, netns=netns_prefix())
        server = None
        if world.netns is None:
            server = FakeLLM(world.script, world.log).start()
            world.port = server.port
        try:
            files = lessons.write_project_files(project)
            world.set_script(script(agent, files["model"]))
            if agent == "codex":
                codex_setup(world)
            if agent == "opencode":
                opencode_setup(world)
            if with_learn:
                lessons.seed(project)
                learn_env = {**os.environ, **world.env(PATH=os.path.dirname(sys.executable) + ":" + os.environ["PATH"])}
                subprocess.run([sys.executable, "-m", "altimate_learn", "install", HARNESS[agent]], cwd=project,
                               env=learn_env, check=True, capture_output=True)
            runner = {"claude": run_claude, "codex": run_codex, "opencode": run_opencode}[agent]
            flags = ("--sandbox", "workspace-write") if agent == "codex" else ()
            run = runner(world, binary, "please fix rounding", *flags)
            if run.returncode != 0:
                raise SystemExit(f"{agent} failed: {run.stderr[-500:]}")
            return run.seconds
        finally:
            if server is not None:
                server.stop()


def hook_seconds(runs: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        subprocess.run(["git", "init", "-q", str(project)], check=True)
        lessons.seed(project)
        payload = json.dumps({"hook": "chat.message", "session_id": "ses_bench", "directory": str(project),
                              "message_id": "m", "prompt": "fix the staging orders model"})
        times = []
        for _ in range(runs):
            start = time.monotonic()
            subprocess.run([sys.executable, "-m", "altimate_learn", "hook", "opencode"], input=payload, text=True,
                           capture_output=True, cwd=project, check=True)
            times.append(time.monotonic() - start)
        return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--agents", default="claude,codex,opencode")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}; network namespace: {'yes' if netns_prefix() else 'no'}")
    print(f"one `learn hook opencode` process (chat.message, 3 lessons): {hook_seconds(max(5, args.runs)):.3f} s")
    print(f"{'agent':10} {'without learn':>14} {'with learn':>11} {'difference':>11}")
    for agent in args.agents.split(","):
        binary, why = find_agent(agent)
        if binary is None:
            print(f"{agent:10} skipped: {why}")
            continue
        base, learned = [], []
        for _ in range(args.runs):  # interleaved, so load changes hit both columns alike
            base.append(one_session(agent, binary, False))
            learned.append(one_session(agent, binary, True))
        b, w = statistics.median(base), statistics.median(learned)
        print(f"{agent:10} {b:13.2f}s {w:10.2f}s {w - b:+10.2f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
