"""Delivery recall: does a task's agent get shown the lessons the task needs, as the store grows?

Data:
- `research/data/delivery_tasks.jsonl`: 33 tasks over a mixed repository (dbt, a Python service, a web
  app, infrastructure), each with the request, the files the agent touches and `needed`: prefixes of the
  lesson texts the task needs. Kinds: `direct` (the request names the convention), `vague` (it does not;
  only the files can bring it), `file` (no request: file events only), `followup` (a first request, then
  a second one on another topic; `needed` is what the second one needs).
- Stores: `stores/generate.py`. 50 lessons: for each task, its needed lessons plus base lessons of the
  same repository sampled with a fixed seed (a different pool per task). 300, 1,000 and 10,000: one store
  each, `scaled(size)`: the 263 base lessons plus templated distractors for other parts of the project,
  about 5% of which share the real lessons' vocabulary (staging, cents, timestamps, `ref()`, …).

Method: each task is one Claude Code session driven through the hook code path itself (the payloads
Claude Code sends, parsed by `altimate_learn.harness.claude`, answered by `altimate_learn.harness.hook.handle`
with the project's real settings and session state): SessionStart (startup); UserPromptSubmit with the
request; for each file PreToolUse and PostToolUse of a Read, then of an Edit; for follow-up tasks a second
UserPromptSubmit and the same file events for its files. A needed lesson counts as delivered when its text
is in something the hooks returned during the session (what the model would have in context). Recall is
micro-averaged: delivered needed lessons / needed lessons, over the tasks of a kind. Tokens are
ceil(characters / 4) of every injected text, markers and headings included. Each configuration runs with
the default limits, then again with `learn.file_hook: false` in the project config.

    python research/bench_delivery.py [--sizes 50,300,1000,10000]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import random
import shutil
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TASKS = ROOT / "research" / "data" / "delivery_tasks.jsonl"
SIZES = (50, 300, 1000, 10000)
KINDS = ("direct", "vague", "file", "followup")
STORE = "team-playbook"
SEED = 7
# Where in the session a lesson arrived, and the tier that delivered it there.
STAGES = ("start", "request", "files", "followup", "followup_files")
TIER = {"start": "core", "request": "retrieved", "files": "file", "followup": "per request",
        "followup_files": "file"}


def _generator():
    import importlib.util

    spec = importlib.util.spec_from_file_location("stores_generate", ROOT / "stores" / "generate.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    assert spec and spec.loader
    spec.loader.exec_module(module)
    return module


def load_tasks(path: Path = TASKS) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@dataclass
class Session:
    task: dict
    texts: list[tuple[str, str]] = field(default_factory=list)  # (stage, injected text)
    arrived: dict[str, str | None] = field(default_factory=dict)  # needed prefix -> stage, or None

    @property
    def lessons(self) -> int:
        return sum(1 for _, text in self.texts for line in text.splitlines() if line.startswith("- "))

    @property
    def tokens(self) -> int:
        return sum(-(-len(text) // 4) for _, text in self.texts)


# --- stores ----------------------------------------------------------------------------------------------

def _needed_lessons(base: list[dict], prefixes: list[str]) -> list[dict]:
    out = []
    for prefix in prefixes:
        found = [lesson for lesson in base if lesson["text"].startswith(prefix)]
        if len(found) != 1:
            raise SystemExit(f"needed prefix {prefix!r} matches {len(found)} base lessons; fix the task set")
        out.append(found[0])
    return out


def store_for(size: int, task: dict, gen, cache: dict) -> list[dict]:
    """The approved lessons of the store a task runs against (shared above 50, per task at 50)."""
    if size > 50:
        if size not in cache:
            cache[size] = gen.scaled(size, SEED)
        return cache[size]
    base = cache.setdefault("base", gen.base_lessons())
    needed = _needed_lessons(base, task["needed"])
    ids = {lesson["id"] for lesson in needed}
    rng = random.Random(f"{SEED}:{task['id']}")
    others = rng.sample([lesson for lesson in base if lesson["id"] not in ids], size - len(needed))
    return sorted(needed + others, key=lambda lesson: lesson["id"])


def check_unique(lessons: list[dict], prefixes: list[str], size: int, task_id: str) -> None:
    """Each needed prefix must name exactly one stored lesson, or recall would count a lookalike."""
    for prefix in prefixes:
        count = sum(1 for lesson in lessons if lesson["text"].startswith(prefix))
        if count != 1:
            raise SystemExit(f"{task_id}: needed prefix {prefix!r} matches {count} lessons in the {size} store")


# --- the hook path -----------------------------------------------------------------------------------------

@contextlib.contextmanager
def isolated_environment(base: Path) -> Iterator[None]:
    """HOME, config and cache in ``base``; no ALTIMATE_LEARN_* from the caller's environment."""
    saved = dict(os.environ)
    try:
        for key in list(os.environ):
            if key.startswith("ALTIMATE_LEARN"):
                del os.environ[key]
        os.environ["HOME"] = str(base / "home")
        os.environ["XDG_CONFIG_HOME"] = str(base / "home" / ".config")
        os.environ["XDG_CACHE_HOME"] = str(base / "home" / ".cache")
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


class Project:
    """A project folder with one store; `event()` runs one Claude Code hook call through the real code."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.learn_dir = root / ".altimate-code" / "learn"
        (self.learn_dir / STORE).mkdir(parents=True, exist_ok=True)
        (root / ".git").mkdir(exist_ok=True)
        self._approved: object = None
        self.log: list[str] = []

    def set_lessons(self, lessons: list[dict]) -> None:
        if lessons is self._approved:  # the shared stores of 300+ are written once
            return
        data = json.dumps(lessons, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        (self.learn_dir / STORE / "approved.json").write_text(data, encoding="utf-8")
        self._approved = lessons

    def set_file_hook(self, on: bool) -> None:
        config = self.root / ".altimate-code" / "altimate-code.json"
        if on:
            config.unlink(missing_ok=True)
        else:
            config.write_text(json.dumps({"learn": {"file_hook": False}}) + "\n", encoding="utf-8")

    def event(self, payload: dict) -> str:
        from altimate_learn.harness import claude
        from altimate_learn.harness.hook import handle

        payload = {"cwd": str(self.root), "transcript_path": str(self.root / "transcript.jsonl"), **payload}
        event = claude.parse(payload)
        if event is None:
            return ""
        can_inject = bool(claude.respond(event, "probe"))
        text = handle(event, claude.NAME, str(self.root), str(self.root), self.log.append, can_inject=can_inject)
        answer = claude.respond(event, text) if text else ""
        return json.loads(answer)["hookSpecificOutput"]["additionalContext"] if answer else ""


def _file_events(project: Project, session_id: str, files: list[str], counter: list[int]) -> str:
    texts = []
    for relative in files:
        path = str(project.root / relative)
        for tool, tool_input in (("Read", {"file_path": path}),
                                 ("Edit", {"file_path": path, "old_string": "a", "new_string": "b"})):
            counter[0] += 1
            tool_id = f"toolu_{counter[0]:04d}"
            common = {"session_id": session_id, "tool_name": tool, "tool_input": tool_input, "tool_use_id": tool_id}
            texts.append(project.event({**common, "hook_event_name": "PreToolUse"}))
            texts.append(project.event({**common, "hook_event_name": "PostToolUse",
                                        "tool_response": {"filePath": path, "success": True}}))
    return "\n".join(t for t in texts if t)


def run_session(project: Project, task: dict, session_id: str) -> Session:
    session = Session(task)
    counter = [0]

    def add(stage: str, text: str) -> None:
        if text:
            session.texts.append((stage, text))

    add("start", project.event({"session_id": session_id, "hook_event_name": "SessionStart", "source": "startup"}))
    if task.get("request"):
        add("request", project.event({"session_id": session_id, "hook_event_name": "UserPromptSubmit",
                                      "prompt": task["request"], "prompt_id": f"{session_id}-p1"}))
    add("files", _file_events(project, session_id, task.get("files") or [], counter))
    if task.get("followup"):
        add("followup", project.event({"session_id": session_id, "hook_event_name": "UserPromptSubmit",
                                       "prompt": task["followup"], "prompt_id": f"{session_id}-p2"}))
        add("followup_files", _file_events(project, session_id, task.get("followup_files") or [], counter))
    for prefix in task["needed"]:
        session.arrived[prefix] = next((stage for stage, text in session.texts if prefix in text), None)
    return session


# --- the benchmark -----------------------------------------------------------------------------------------

def evaluate(sizes: tuple[int, ...] = SIZES, tasks: list[dict] | None = None,
             modes: tuple[bool, ...] = (True, False)) -> dict:
    """Raw results: {(size, file_hook): [Session, …]} plus timings."""
    tasks = tasks if tasks is not None else load_tasks()
    gen = _generator()
    cache: dict = {}
    results: dict[tuple[int, bool], list[Session]] = {}
    seconds: dict[int, float] = {}
    base = Path(tempfile.mkdtemp(prefix="learn-bench-delivery-"))
    try:
        with isolated_environment(base):
            for size in sizes:
                started = time.perf_counter()
                project = Project(base / f"project-{size}")
                for file_hook in modes:
                    project.set_file_hook(file_hook)
                    sessions = []
                    for task in tasks:
                        lessons = store_for(size, task, gen, cache)
                        check_unique(lessons, task["needed"], size, task["id"])
                        project.set_lessons(lessons)
                        session_id = f"bench-{size}-{'on' if file_hook else 'off'}-{task['id']}"
                        sessions.append(run_session(project, task, session_id))
                    results[(size, file_hook)] = sessions
                seconds[size] = time.perf_counter() - started
                cache.pop(size, None)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return {"results": results, "seconds": seconds, "tasks": tasks, "sizes": sizes, "modes": modes}


def summarize(sessions: list[Session], kind: str) -> dict:
    chosen = [s for s in sessions if s.task["kind"] == kind]
    needed = sum(len(s.task["needed"]) for s in chosen)
    got = sum(1 for s in chosen for stage in s.arrived.values() if stage is not None)
    full = sum(1 for s in chosen if all(stage is not None for stage in s.arrived.values()))
    by_stage: dict[str, int] = defaultdict(int)
    for s in chosen:
        for stage in s.arrived.values():
            if stage is not None:
                by_stage[stage] += 1
    count = len(chosen) or 1
    return {"tasks": len(chosen), "needed": needed, "delivered": got, "full": full,
            "recall": got / needed if needed else 0.0, "lessons": sum(s.lessons for s in chosen) / count,
            "tokens": sum(s.tokens for s in chosen) / count, "max_tokens": max((s.tokens for s in chosen), default=0),
            "by_stage": dict(by_stage)}


def _pct(value: float) -> str:
    return f"{100 * value:.0f}%"


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} CPUs, Python {platform.python_version()}"


def render(raw: dict) -> str:
    results, sizes, modes = raw["results"], raw["sizes"], raw["modes"]
    tasks = raw["tasks"]
    kinds = [k for k in KINDS if any(t["kind"] == k for t in tasks)]
    counts = {k: sum(1 for t in tasks if t["kind"] == k) for k in kinds}
    needed = {k: sum(len(t["needed"]) for t in tasks if t["kind"] == k) for k in kinds}
    lines = [
        "## Delivery: recall of the lessons a task needs, by store size",
        "",
        f"Data: {len(tasks)} tasks in `research/data/delivery_tasks.jsonl` ("
        + ", ".join(f"{counts[k]} {k}" for k in kinds) + "; needed lessons: "
        + ", ".join(f"{needed[k]} {k}" for k in kinds) + "); stores from `stores/generate.py` (50: the task's "
        "needed lessons plus sampled base lessons, a pool per task; 300 and up: the 263 base lessons plus "
        "templated distractors, ~5% sharing vocabulary).",
        "Method: one simulated Claude Code session per task through the hook code path (SessionStart, the "
        "request, Read and Edit of each file with Pre- and PostToolUse, then the follow-up request and its "
        "files); recall = needed lessons present in the injected text / needed lessons. Default limits (core 15, "
        "retrieved 15, per request 5, per file event 5, 1,500-token section budget, 40 per session).",
        f"Machine: {machine()}.",
        "",
        "| stored lessons | file hook | " + " | ".join(f"{k} recall" for k in kinds)
        + " | lessons / session | tokens / session (max) |",
        "|---:|---|" + "---:|" * len(kinds) + "---:|---:|",
    ]
    for size in sizes:
        for mode in modes:
            sessions = results[(size, mode)]
            stats = {k: summarize(sessions, k) for k in kinds}
            cells = [f"{_pct(stats[k]['recall'])} ({stats[k]['delivered']}/{stats[k]['needed']})" for k in kinds]
            every = [s for s in sessions]
            mean_lessons = sum(s.lessons for s in every) / len(every)
            mean_tokens = sum(s.tokens for s in every) / len(every)
            max_tokens = max(s.tokens for s in every)
            lines.append(f"| {size:,} | {'on' if mode else 'off'} | " + " | ".join(cells)
                         + f" | {mean_lessons:.1f} | {mean_tokens:,.0f} ({max_tokens:,}) |")
    # Where the needed lessons came from, default configuration.
    lines += ["", "Which tier delivered the needed lessons (file hook on; per kind, all sizes summed):", "",
              "| kind | " + " | ".join(dict.fromkeys(TIER.values())) + " | not delivered |",
              "|---|" + "---:|" * (len(set(TIER.values())) + 1)]
    for kind in kinds:
        tiers: dict[str, int] = defaultdict(int)
        missed = 0
        for size in sizes:
            for s in results[(size, True)] if True in modes else []:
                if s.task["kind"] != kind:
                    continue
                for stage in s.arrived.values():
                    if stage is None:
                        missed += 1
                    else:
                        tiers[TIER[stage]] += 1
        lines.append(f"| {kind} | " + " | ".join(str(tiers.get(t, 0)) for t in dict.fromkeys(TIER.values()))
                     + f" | {missed} |")
    if "followup" in kinds:
        lines += ["", "Follow-up requests, step by step (recall of what the second request needs):", "",
                  "| stored lessons | file hook | before the follow-up | + follow-up request | + its files |",
                  "|---:|---|---:|---:|---:|"]
        for size in sizes:
            for mode in modes:
                chosen = [s for s in results[(size, mode)] if s.task["kind"] == "followup"]
                total = sum(len(s.task["needed"]) for s in chosen) or 1
                steps = []
                for upto in (("start", "request", "files"), ("start", "request", "files", "followup"), STAGES):
                    got = sum(1 for s in chosen for stage in s.arrived.values() if stage in upto)
                    steps.append(f"{_pct(got / total)} ({got}/{total})")
                lines.append(f"| {size:,} | {'on' if mode else 'off'} | " + " | ".join(steps) + " |")
    misses = []
    for size in sizes:
        if True not in modes:
            break
        for s in results[(size, True)]:
            for prefix, stage in s.arrived.items():
                if stage is None:
                    misses.append(f"{size:,}: {s.task['id']} ({s.task['kind']}) `{prefix.replace('`', '')}…`")
    lines += ["", "Needed lessons not delivered with the file hook on: "
              + ("none." if not misses else "; ".join(misses) + ".")]
    lines += ["", "Time: " + ", ".join(f"{size:,} lessons {raw['seconds'][size]:.1f} s" for size in sizes)
              + " (both configurations, including the one-off index build)."]
    lines += [
        "",
        "Limits:",
        "- Recall counts a lesson as delivered when its text reached the prompt; no model ran, so it says "
        "nothing about whether an agent follows it (spec 003 measured that with real agents; we did not).",
        "- The tasks and the base lessons were written by the same team, so the vocabulary the tasks share with "
        "their lessons is by construction; 33 tasks and 64 needed lessons are a small sample.",
        "- The simulated agent touches exactly the listed files, once each; a real agent reads more files, which "
        "brings more file lessons (more recall and more tokens) and uses up the 40-lesson session cap sooner.",
        "- Distractors are templated (about 70 templates), so they are less varied than real lessons; the "
        "50-lesson pools are drawn from the same 263 base lessons the larger stores hold.",
        "- Core selection depends on the helpful/harmful counters the generator draws at random; a store with "
        "real counters ranks differently.",
    ]
    return "\n".join(lines) + "\n"


def main(sizes: tuple[int, ...] = SIZES) -> str:
    return render(evaluate(sizes))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default=",".join(str(s) for s in SIZES))
    args = parser.parse_args()
    print(main(tuple(int(s) for s in args.sizes.split(","))))
