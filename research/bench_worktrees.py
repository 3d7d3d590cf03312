"""Concurrent capture from 4 git worktrees: lost and duplicated signals, hook latency next to one checkout.

Goal (issue 22): agents in several worktrees of one repository capture at the same time with nothing lost
or duplicated (0 and 0), every signal in the repository's one store (the main checkout's) after the
worktrees are removed, and hooks within their latency budget: the figure in a worktree next to the
single-checkout figure.

Setup: a real repository (git init, approved lessons committed, capture on, automatic reflection and
the learner off so nothing but capture and delivery runs), `git worktree add` four times. Each agent is
a thread that runs whole hook processes the way Claude Code starts them (this installation's `learn
hook claude-code`, payload on stdin), in its own folder, with its own session ids: per correction a
prompt, a Stop and a corrective prompt (3 hook calls, the last one captures a signal).

Measured:
- single checkout, 1 agent: the hook latency baseline (median, p95 of every call);
- single checkout, 4 agents at once: the same load as the worktree run, in one folder;
- 4 worktrees, 1 agent each, at once: latency, then signals found in the main checkout's store against
  the corrections typed (lost = typed − found, duplicated = found − distinct), again after
  `git worktree remove` of all four.

    .venv/bin/python research/bench_worktrees.py [--corrections 6]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

BIN = Path(sys.executable).parent
LEARN = BIN / "learn"
AGENTS = 4
CORRECTION = "no, use `ref()` instead of reading raw tables directly, we never select from raw in models (case {})"


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def _env(home: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ALTIMATE_LEARN", "GIT_"))}
    env.update({"HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache"), "XDG_CONFIG_HOME": str(home / ".config"),
                "GIT_CONFIG_GLOBAL": str(home / ".gitconfig"), "GIT_CONFIG_NOSYSTEM": "1",
                "ALTIMATE_LEARN_CAPTURE": "1", "ALTIMATE_LEARN_AUTO_REFLECT": "0",
                "ALTIMATE_LEARN_CONTINUAL_LEARNING": "0"})
    return env


def _lessons(count: int) -> list[dict]:
    stamp = "2026-03-01T00:00:00.000Z"
    return [{"id": f"L-{i:08x}", "text": f"Keep `staging_col_{i}` names in snake_case in staging models (rule {i}).",
             "tags": ["staging"], "scope": "project", "helpful": 0, "harmful": 0, "applied": 0, "created": stamp,
             "updated": stamp} for i in range(count)]


def _repo(base: Path, env: dict) -> Path:
    repo = base / "repo"
    repo.mkdir()
    (base / "home").mkdir(exist_ok=True)
    (base / "home" / ".gitconfig").write_text("[user]\n\tname = Bench\n\temail = bench@example.invalid\n"
                                              "[init]\n\tdefaultBranch = main\n")
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True, env=env)
    store = repo / ".altimate-code" / "learn" / "team-playbook"
    store.mkdir(parents=True)
    (store / "approved.json").write_text(json.dumps(_lessons(200), indent=2) + "\n")
    (repo / "README.md").write_text("# bench\n")
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env)
    subprocess.run(["git", "commit", "-q", "-m", "lessons"], cwd=repo, check=True, env=env)
    return repo


def _hook(payload: dict, cwd: Path, env: dict) -> float:
    start = time.perf_counter()
    proc = subprocess.run([str(LEARN), "hook", "claude-code"], input=json.dumps(payload).encode(), cwd=cwd, env=env,
                          capture_output=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(f"hook exited {proc.returncode}: {proc.stderr[-300:]!r}")
    return elapsed


def _agent(folder: Path, agent: str, corrections: int, env: dict, times: list[float]) -> None:
    session = f"bench-{agent}"
    for n in range(corrections):
        base = {"session_id": session, "transcript_path": str(folder / "t.jsonl"), "cwd": str(folder)}
        for payload in ({**base, "hook_event_name": "UserPromptSubmit", "prompt": f"add model {n}",
                         "prompt_id": f"{agent}-{n}-a"},
                        {**base, "hook_event_name": "Stop"},
                        {**base, "hook_event_name": "UserPromptSubmit", "prompt": CORRECTION.format(f"{agent}.{n}"),
                         "prompt_id": f"{agent}-{n}-b"}):
            times.append(_hook(payload, folder, env))


def _run(folders: list[tuple[Path, str]], corrections: int, env: dict) -> list[float]:
    times: list[float] = []
    threads = [threading.Thread(target=_agent, args=(folder, agent, corrections, env, times))
               for folder, agent in folders]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return times


def _settle(folders: list[Path]) -> None:
    """Wait for the capture workers the agents' hooks started (live capture classifies a prompt after an answer in a
    detached worker): the signals are counted, and the worktrees removed, only once every job has ended."""
    from altimate_learn.harness.capture_worker import pending, wait_for_workers
    from altimate_learn.worktree import locate

    for folder in folders:
        sessions = str(Path(locate(str(folder)).local_dir) / ".sessions")
        if not wait_for_workers(sessions, 120):
            raise SystemExit(f"capture workers still pending after 120 s in {folder}: {pending(sessions)}")


def _signals(repo: Path) -> list[dict]:
    path = repo / ".altimate-code" / "learn" / "team-playbook" / "signals.jsonl"
    try:
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    except FileNotFoundError:
        return []


def _count(repo: Path, agents: list[str], corrections: int) -> tuple[int, int, int]:
    """(typed, lost, duplicated) for the corrective prompts of ``agents``."""
    typed = {(f"bench-{a}", f"{a}-{n}-b") for a in agents for n in range(corrections)}
    found = [(s.get("sessionID"), s.get("messageID")) for s in _signals(repo)]
    mine = [key for key in found if key in typed]
    return len(typed), len(typed - set(mine)), len(mine) - len(set(mine))


def _ms(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return statistics.median(ordered) * 1000, p95 * 1000


def _pass(env: dict, runs: int = 15) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], env=env, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main(corrections: int = 6) -> str:
    with tempfile.TemporaryDirectory(prefix="bench-worktrees-") as tmp:
        base = Path(tmp)
        env = _env(base / "home")
        repo = _repo(base, env)
        warm = {"session_id": "warm", "cwd": str(repo), "hook_event_name": "SessionStart", "source": "startup"}
        _hook(warm, repo, env)  # the delivery index is built once, as in a real project
        baseline = _pass(env)
        single = _run([(repo, "single")], corrections, env)
        crowd = _run([(repo, f"main{i}") for i in range(AGENTS)], corrections, env)
        _settle([repo])
        trees = []
        for i in range(AGENTS):
            tree = base / f"wt-{i}"
            subprocess.run(["git", "worktree", "add", "-q", "-b", f"agent-{i}", str(tree)], cwd=repo, check=True,
                           env=env, capture_output=True)
            trees.append((tree, f"wt{i}"))
        parallel = _run(trees, corrections, env)
        _settle([repo, *(tree for tree, _ in trees)])
        agents = [a for _, a in trees]
        typed, lost, duplicated = _count(repo, agents, corrections)
        in_trees = sum(len(_signals(t)) for t, _ in trees)
        for tree, _ in trees:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=repo, check=True, env=env,
                           capture_output=True)
        typed_after, lost_after, duplicated_after = _count(repo, agents, corrections)
        crowd_typed, crowd_lost, crowd_dup = _count(repo, [f"main{i}" for i in range(AGENTS)], corrections)

    rows = [("single checkout, 1 agent", single), (f"single checkout, {AGENTS} agents at once", crowd),
            (f"{AGENTS} worktrees, 1 agent each, at once", parallel)]
    lines = ["## Worktrees: agents capturing in parallel git worktrees", "",
             f"Goal: 0 signals lost and 0 duplicated when {AGENTS} agents in {AGENTS} git worktrees capture at "
             "once, all in the main checkout's store after the worktrees are removed; hook latency in a worktree "
             "next to the single-checkout figure.", "",
             f"Each agent: {corrections} corrections, 3 hook processes each (prompt, Stop, corrective prompt); "
             f"200 approved lessons; `python -c pass` median {baseline:.0f} ms on this machine.", "",
             "| run | hook calls | median ms | p95 ms | median / python -c pass |", "|---|---:|---:|---:|---:|"]
    for name, times in rows:
        median, p95 = _ms(times)
        lines.append(f"| {name} | {len(times)} | {median:.0f} | {p95:.0f} | {median / baseline:.1f}× |")
    lines += ["", "| signals | typed | lost | duplicated |", "|---|---:|---:|---:|",
              f"| {AGENTS} worktrees, in the main checkout's store | {typed} | {lost} | {duplicated} |",
              f"| the same after `git worktree remove` of all {AGENTS} | {typed_after} | {lost_after} | "
              f"{duplicated_after} |",
              f"| {AGENTS} agents in the single checkout | {crowd_typed} | {crowd_lost} | {crowd_dup} |", "",
              f"Signals written inside the worktrees' own folders (should be 0): {in_trees}."]
    ok = lost == duplicated == lost_after == duplicated_after == in_trees == 0
    lines.append(f"Result: {'goal met' if ok else 'GOAL MISSED'}.")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corrections", type=int, default=6)
    print(main(corrections=parser.parse_args().corrections))
