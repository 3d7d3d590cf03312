"""Hook latency: `learn hook claude-code` as whole processes, next to `python -c pass`.

Budget (issue 5): with 1,000 approved lessons the Claude Code SessionStart, UserPromptSubmit and
PreToolUse hook calls take at most 3× `python -c pass` (median of many runs); with 10,000 at most 5×.

What is measured, per store size (1,000 and 10,000 lessons from `stores/generate.py`):

- `python -c pass` with the same interpreter the hook runs on (this installation's venv python);
- SessionStart (source startup) of a new session: core tier, section frozen, state written;
- UserPromptSubmit, the first prompt of a new session: core and retrieved tiers (BM25 over the whole
  store, plus the project files the prompt names), the heaviest event;
- UserPromptSubmit, a later prompt of an existing session: the per-request tier;
- PreToolUse (Read) of a file in a new session: the file tier.
- PreToolUse (Edit) of a file many lessons are scoped to (`services/exports/app/handlers.py`: 33 lessons of
  `services/exports/**` at 1,000, 327 at 10,000), in a new session that read it first (the prompt and the Read are
  not timed): the edit's second batch (what the first five held back, :func:`select.held_back`) and the lessons
  the code it writes names (:mod:`altimate_learn.deliver.edits`);
- PreToolUse (Write) of a new file in that folder (`services/exports/jobs/retention.py`), in a new session after
  its prompt (not timed): a file's first event that writes it brings both batches at once, and its code is read.
- PostToolUse (Read) of that folder's file carrying its text as Claude Code sends it (`tool_response.file.content`,
  a 12,000-character module, the most :mod:`altimate_learn.deliver.contents` reads), in a new session that asked for
  a change and whose PreToolUse of the Read was served (not timed): the lessons the file's code names.

With capture on (a second project with the same store and the settings `learn enable` writes: capture,
automatic reflection and the continual learner on, as a new user has them), in one long session:

- Stop carrying the agent's answer (`last_assistant_message`): the turn ends, the answer is handed to a
  capture worker (on its stdin) that redacts it and keeps it for the next prompt, the learner's start is
  checked (its stamp is fresh, as it is for all but one Stop in ten minutes, so no learner is started while
  timing). The run then waits for that worker, as the person reading the answer and typing a reply does;
- UserPromptSubmit right after that answer: the prompt the correction classifier reads (every other one
  a correction, which becomes a signal), plus the per-request tier. The classifier runs in the capture
  worker the hook starts, in the background, while the PostToolUseFailure after it is timed (it competes
  with it for the CPU, as it does with the agent); the run then waits for the worker, so it never runs while
  the next `python -c pass` (the baseline of every ratio) or the capture-off cells are timed. The table
  checks that every correction was recorded;
- PostToolUseFailure (Bash, the same error each time): the tool-retry counter, a `tool_retry` signal at
  every third failure in a row, and the tool-errors channel's lessons;
- the capture workers' own cost per answer and per reply, after the timed runs (not interleaved): each Stop
  and each reply after it is started by a bare launcher that becomes the "subreaper" of what it starts, so the worker, detached
  from the hook, is still its descendant: its CPU time (user + system, from `wait4`) and how long after the
  hook returned it exited (the moment its signal is on disk). Linux only (`prctl`); elsewhere "–".

The budget column takes the worst of every event timed: SessionStart, first and later UserPromptSubmit,
the three PreToolUse (Read, Edit, Write), the Read's PostToolUse and, with capture on, Stop with the answer, the prompt after it
and PostToolUseFailure (every
one is a call the agent waits for before it goes on).

Every call is a fresh process started the way Claude Code starts it (the `learn` script of this
installation, payload on stdin). The prepared index is warm (built by one call before timing); the
cold first call (nothing cached: a new installation) is reported once, separately, and so is the first call
after a `git pull` that changed one lesson's text (median of three such pulls, each a different lesson: the
corpus is prepared again, reusing what it kept of the unchanged lessons, `altimate_learn.deliver.reuse`). Runs are interleaved
(pass, start, prompt, …, pass, start, …) so machine load drifts over all of them alike.

Bytecode: this project's dev environment sets PYTHONDONTWRITEBYTECODE=1, which makes every process
compile learn's modules from source. A real installation has bytecode (pip compiles it on install), so
the script compiles the package first (`compileall`), as an installed package would be.

    .venv/bin/python research/bench_hooks.py [--runs 40] [--sizes 1000,10000]
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BIN = Path(sys.executable).parent
LEARN = BIN / "learn"
PROMPT_FIRST = "add a staging model for chargebacks from the raw tables; amounts arrive in cents, see models/staging/stg_payments.sql"
PROMPT_LATER = "now add a mart for monthly refunds by customer with timestamps in UTC"
BUDGETS = {1000: 3.0, 10000: 5.0}
ANSWER = ("I've added `models/staging/stg_chargebacks.sql` selecting from `raw.chargebacks`, converted the amounts "
          "from cents with `cents_to_dollars()`, and added not-null and unique tests on `chargeback_id`. `dbt build "
          "-s stg_chargebacks` passes locally (4 tests). Next I can add the mart that joins chargebacks to payments "
          "if you want.")
REPLIES = ("no, don't select from raw tables directly, use `source()` and keep amounts in cents in staging",
           "looks good, now add the monthly chargebacks mart joined to payments by customer")
BASH_ERROR = "Compilation Error in model stg_chargebacks: column chargeback_amount does not exist"
# The Edit and Write cells: a file of the folder most lessons of `stores/generate.py` are scoped to, and code that
# names what some of its lessons name in backticks (`from_unix()`, `exports.on_deleted`).
EDIT_FILE = "services/exports/app/handlers.py"
WRITE_FILE = "services/exports/jobs/retention.py"
PROMPT_EDIT = "the exports webhook handler stores the wrong created time; fix the conversion and invalidate the cache"
EDIT_OLD = "    created = payload[\"created\"]\n"
EDIT_NEW = ("    created = from_unix(payload[\"created\"])\n    exports.on_deleted(job_id)\n"
            "    log.info(\"export stored\", job_id=job_id, created=created)\n")
# The read file's text: a service module of the exports folder (imports, a client call with no timeout, an f-string
# log, `os.environ`, a bare `gather()`), repeated past the 12,000 characters the hook reads of it.
READ_TEXT = ("import asyncio\nimport logging\nimport os\n\nimport requests\n\nfrom app.exports import audit, "
             "on_deleted\n\nlog = logging.getLogger(__name__)\nBUCKET = os.environ[\"EXPORTS_BUCKET\"]\n\n\n"
             + "".join(f"async def export_batch_{n}(job_id, rows):\n    response = requests.post(f\"{{BUCKET}}/jobs/"
                       f"{{job_id}}\", json=rows)\n    log.info(f\"exported {{len(rows)}} rows for {{job_id}}\")\n"
                       f"    await asyncio.gather(*(audit.record(r) for r in rows))\n    return response.json()\n\n\n"
                       for n in range(60)))
WRITE_TEXT = ("from datetime import timedelta\n\nfrom app.exports import audit, on_deleted\n\n\n"
              "def purge_old_records(now):\n    cutoff = now - timedelta(days=5)\n"
              "    for record in audit.older_than(cutoff):\n        audit.delete(record.id)\n"
              "        on_deleted(record.id)\n")


def _generate_store(size: int, out: Path) -> None:
    generator = ROOT / "stores" / "generate.py"
    if generator.exists():
        subprocess.run([sys.executable, str(generator), "--size", str(size), "--out", str(out)], check=True,
                       capture_output=True)
        return
    _own_store(size, out)


def _own_store(size: int, out: Path) -> None:
    """Fallback generator: varied, lint-clean lessons over a mixed repository."""
    import random

    rng = random.Random(size)
    areas = [("models/staging/*.sql", "staging"), ("models/marts/**", "marts"), ("services/ledger/**", "ledger"),
             ("web/src/components/**", "web"), ("services/api/**", "api"), ("infra/terraform/**", "infra")]
    verbs = ["Keep", "Name", "Convert", "Cast", "Validate", "Document", "Test", "Prefer", "Avoid", "Log"]
    nouns = ["timestamps", "amounts", "ids", "columns", "handlers", "components", "migrations", "configs"]
    lessons = []
    for i in range(size):
        glob, tag = rng.choice(areas)
        text = (f"{rng.choice(verbs)} `{tag}_{rng.choice(nouns)}_{i % 97}` {rng.choice(nouns)} in {tag} code "
                f"consistently (rule {i}).")
        stamp = "2026-03-01T00:00:00.000Z"
        lessons.append({"id": f"L-{i:08x}", "text": text, "tags": [tag], "scope": "project", "helpful": i % 4,
                        "harmful": 0, "applied": 0, "created": stamp, "updated": stamp,
                        "trigger": {"paths": [glob]}})
    out.write_text(json.dumps(lessons, indent=2) + "\n")


def _project(base: Path, size: int) -> Path:
    repo = base / f"repo-{size}"
    (repo / ".altimate-code" / "learn" / "team-playbook").mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    _generate_store(size, repo / ".altimate-code" / "learn" / "team-playbook" / "approved.json")
    (repo / "models" / "staging").mkdir(parents=True)
    (repo / "models" / "staging" / "stg_payments.sql").write_text("select 1\n")
    (repo / EDIT_FILE).parent.mkdir(parents=True)
    (repo / EDIT_FILE).write_text("def store(payload, job_id):\n" + EDIT_OLD)
    return repo


def _pull_one_edit(repo: Path, which: int) -> None:
    """What a `git pull` that changed one lesson does to the store: one lesson's text edited (the first at or after
    position ``which`` short enough to stay within 140 characters), approved.json rewritten."""
    path = repo / ".altimate-code" / "learn" / "team-playbook" / "approved.json"
    data = json.loads(path.read_text())
    lessons = data["lessons"] if isinstance(data, dict) else data
    item = next(lesson for lesson in lessons[which:] + lessons[:which] if len(lesson["text"]) < 130)
    item["text"] = item["text"].rstrip(".") + " always."
    path.write_text(json.dumps(data, indent=2) + "\n")


def _payload(repo: Path, event: str, session: str, **fields) -> bytes:
    return json.dumps({"session_id": session, "transcript_path": str(repo / "t.jsonl"), "cwd": str(repo),
                       "hook_event_name": event, **fields}).encode()


def _time_cpu(argv: list[str], data: bytes, cwd: Path, env: dict) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system of the process and what it waited for) of one run; the CPU time
    moves far less with the machine's load than the wall time (Unix; elsewhere the wall time twice)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        wall = _time(argv, data, cwd, env)
        return wall, wall
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = _time(argv, data, cwd, env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _time(argv: list[str], data: bytes, cwd: Path, env: dict) -> float:
    return _time_out(argv, data, cwd, env)[0]


def _time_out(argv: list[str], data: bytes, cwd: Path, env: dict) -> tuple[float, bytes]:
    """(wall seconds, stdout) of one run."""
    start = time.perf_counter()
    proc = subprocess.run(argv, input=data, cwd=cwd, env=env, capture_output=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0 or proc.stderr:
        raise RuntimeError(f"{argv} failed: {proc.returncode} {proc.stderr[-300:]!r}")
    return elapsed, proc.stdout


def _lessons(out: bytes) -> int:
    """How many lessons a hook's answer carries (its lines starting with "- ")."""
    if not out.strip():
        return 0
    return ("\n" + json.loads(out)["hookSpecificOutput"]["additionalContext"]).count("\n- ")


# Started by a bare interpreter (-I -S), not by this process: a forked child's peak memory counts the
# parent's pages until it execs, so the launcher must be small. It prints the child's peak RSS (KiB).
_LAUNCHER = ("import os, sys\npid = os.fork()\nif pid == 0:\n    os.execv(sys.argv[1], sys.argv[1:])\n"
             "_, status, usage = os.wait4(pid, 0)\nos.write(2, b'peak-kib=%d' % usage.ru_maxrss)\n"
             "sys.exit(os.waitstatus_to_exitcode(status))\n")


def _peak_mb(argv: list[str], data: bytes, cwd: Path, env: dict) -> float:
    """Peak resident memory of one run of ``argv`` (MiB), measured by a minimal launcher (not timed)."""
    proc = subprocess.run([sys.executable, "-I", "-S", "-c", _LAUNCHER, *argv], input=data, cwd=cwd, env=env,
                          capture_output=True)
    marker = proc.stderr.rsplit(b"peak-kib=", 1)
    if proc.returncode != 0 or len(marker) != 2 or marker[0]:
        raise RuntimeError(f"{argv} failed: {proc.returncode} {proc.stderr[-300:]!r}")
    return int(marker[1]) / 1024


# The same, for the capture worker's cost: the launcher becomes a child subreaper (Linux prctl 36), so the
# worker the hook starts in its own session is re-parented to it when the hook exits; it then reaps every
# descendant and prints: the hook's wall time, and for each descendant its CPU time (user + system) and how
# long after the hook's exit it ended (seconds).
_WORKER_LAUNCHER = (
    "import ctypes, os, sys, time\n"
    "if ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) != 0:\n    sys.exit(97)\n"
    "start = time.monotonic()\npid = os.fork()\nif pid == 0:\n    os.execv(sys.argv[1], sys.argv[1:])\n"
    "_, status, _ = os.wait4(pid, 0)\nhook_end = time.monotonic()\nrest = []\n"
    "while True:\n    try:\n        _, _, usage = os.wait4(-1, 0)\n    except ChildProcessError:\n        break\n"
    "    rest.append('%.6f,%.6f' % (usage.ru_utime + usage.ru_stime, time.monotonic() - hook_end))\n"
    "os.write(2, ('worker-cost=%.6f;' % (hook_end - start) + ';'.join(rest)).encode())\n"
    "sys.exit(os.waitstatus_to_exitcode(status))\n")


def _worker_cost(argv: list[str], data: bytes, cwd: Path, env: dict) -> tuple[float, float] | None:
    """CPU seconds of what one hook call left running after it returned, and how long after its return the last
    of it ended; None where a launcher cannot adopt the detached worker (not Linux) or adopted nothing."""
    if not sys.platform.startswith("linux"):
        return None
    proc = subprocess.run([sys.executable, "-I", "-S", "-c", _WORKER_LAUNCHER, *argv], input=data, cwd=cwd, env=env,
                          capture_output=True)
    if proc.returncode == 97:
        return None
    marker = proc.stderr.rsplit(b"worker-cost=", 1)
    if proc.returncode != 0 or len(marker) != 2 or marker[0]:
        raise RuntimeError(f"{argv} failed: {proc.returncode} {proc.stderr[-300:]!r}")
    parts = marker[1].decode().split(";")[1:]
    rest = [tuple(float(x) for x in part.split(",")) for part in parts if part]
    if not rest:
        return None  # the launcher adopted nothing: no cost to report rather than a cost of 0
    return sum(cpu for cpu, _ in rest), max(after for _, after in rest)


def _wait_for_workers(repo: Path) -> None:
    """Wait until the capture workers the project's hooks started have ended (their markers are gone)."""
    from altimate_learn.harness.capture_worker import pending, wait_for_workers

    sessions = str(repo / ".altimate-code" / "learn" / ".sessions")
    if not wait_for_workers(sessions, timeout=120):
        raise RuntimeError(f"capture workers still running after 120 s: {pending(sessions)}")


def _capture_project(base: Path, size: int, store: Path, env: dict) -> Path:
    """A project with the same store and `learn enable`'s settings, and a fresh learner-start stamp."""
    repo = base / f"repo-capture-{size}"
    (repo / ".altimate-code" / "learn" / "team-playbook").mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    shutil.copyfile(store, repo / ".altimate-code" / "learn" / "team-playbook" / "approved.json")
    (repo / "models" / "staging").mkdir(parents=True)
    (repo / "models" / "staging" / "stg_payments.sql").write_text("select 1\n")
    # what `learn enable` writes (the clean interpreter `python -m research` runs this on lacks the CLI's packages)
    (repo / ".altimate-code" / "altimate-code.json").write_text(json.dumps({"learn": {"capture": True,
                                                                                      "auto_reflect": True}}))
    stamp = repo / ".altimate-code" / "learn" / ".learner" / "started"
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text("bench")
    return repo


def _transcript(cap: Path, megabytes: int) -> None:
    """The capture session's transcript (`t.jsonl`, which every payload names): a generated Claude Code session of
    ``megabytes`` MB (`capture_throughput.write_claude`: prompts, corrections, tool calls with bulky output)."""
    import random

    sys.path.insert(0, str(HERE))
    try:
        from capture_throughput import write_claude
    finally:
        sys.path.remove(str(HERE))
    write_claude(cap / "t.jsonl", megabytes * 1024 * 1024, random.Random(megabytes))


def _grow(cap: Path, i: int, *texts: str) -> None:
    """The turn the agent writes to its transcript before the next hook: a tool call with ~20 KB of output and
    the given texts (the answer, or the person's reply)."""
    path = cap / "t.jsonl"
    if not path.exists():
        return
    base = {"sessionId": "bench", "cwd": str(cap), "type": "user", "uuid": f"g{i}-{len(texts)}",
            "timestamp": "2026-11-20T11:00:00.000Z"}
    records = [{**base, "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"g{i}",
                                                                 "content": "select 1 as id, 'x' as v\n" * 800}]}}]
    records += [{**base, "type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": t}]}}
                for t in texts]
    with open(path, "a", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(record) + "\n")


def measure(size: int, runs: int, base: Path, env: dict, transcript_mb: int = 0) -> dict:
    repo = _project(base, size)
    cap = _capture_project(base, size, repo / ".altimate-code" / "learn" / "team-playbook" / "approved.json", env)
    if transcript_mb:
        _transcript(cap, transcript_mb)
    hook = [str(LEARN), "hook", "claude-code"]
    # cold: the first call after approved.json changed prepares (re-checks, tokenises, indexes) and caches
    cold, cold_cpu = _time_cpu(hook, _payload(repo, "SessionStart", "cold", source="startup"), repo, env)
    pulled = []
    for i in range(3):  # a pull that changed one lesson: the next call prepares the corpus again
        _pull_one_edit(repo, 5 + 97 * i)
        pulled.append(_time_cpu(hook, _payload(repo, "SessionStart", f"pulled-{i}", source="startup"), repo, env))
    out = subprocess.run(hook, input=_payload(repo, "UserPromptSubmit", "probe", prompt=PROMPT_FIRST), cwd=repo,
                         env=env, capture_output=True).stdout
    delivered = json.loads(out)["hookSpecificOutput"]["additionalContext"].count("\n- ") if out.strip() else 0
    later_session = "later-" + uuid.uuid4().hex
    _time(hook, _payload(repo, "UserPromptSubmit", later_session, prompt=PROMPT_FIRST, prompt_id="p0"), repo, env)
    cap_session = "capture-" + uuid.uuid4().hex
    _time(hook, _payload(cap, "SessionStart", cap_session, source="startup"), cap, env)  # cold build, then warm
    _time(hook, _payload(cap, "UserPromptSubmit", cap_session, prompt=PROMPT_FIRST, prompt_id="c0"), cap, env)
    series: dict[str, list[float]] = {k: [] for k in ("pass", "start", "prompt", "later", "pre", "edit", "write",
                                                      "read_post", "cap_stop", "cap_reply", "cap_post")}
    read_path = str(repo / "models" / "staging" / "stg_payments.sql")
    edit_path, write_path = str(repo / EDIT_FILE), str(repo / WRITE_FILE)
    edit_input = {"file_path": edit_path, "old_string": EDIT_OLD, "new_string": EDIT_NEW}
    write_input = {"file_path": write_path, "content": WRITE_TEXT}
    edited = []  # (lessons the Edit delivered, lessons the Write delivered) of each run
    for i in range(runs):
        series["pass"].append(_time([sys.executable, "-c", "pass"], b"", repo, env))
        series["start"].append(_time(hook, _payload(repo, "SessionStart", uuid.uuid4().hex, source="startup"), repo, env))
        series["prompt"].append(_time(hook, _payload(repo, "UserPromptSubmit", uuid.uuid4().hex, prompt=PROMPT_FIRST),
                                      repo, env))
        series["later"].append(_time(hook, _payload(repo, "UserPromptSubmit", later_session,
                                                    prompt=f"{PROMPT_LATER} ({i})", prompt_id=f"p{i + 1}"), repo, env))
        series["pre"].append(_time(hook, _payload(repo, "PreToolUse", uuid.uuid4().hex, tool_name="Read",
                                                  tool_input={"file_path": read_path}, tool_use_id=f"t{i}"), repo, env))
        session = uuid.uuid4().hex  # the Edit: a session that asked for the change and read the file (not timed)
        _time(hook, _payload(repo, "UserPromptSubmit", session, prompt=PROMPT_EDIT, prompt_id="e0"), repo, env)
        _time(hook, _payload(repo, "PreToolUse", session, tool_name="Read", tool_input={"file_path": edit_path},
                             tool_use_id=f"r{i}"), repo, env)
        wall, edit_out = _time_out(hook, _payload(repo, "PreToolUse", session, tool_name="Edit", tool_input=edit_input,
                                                  tool_use_id=f"e{i}"), repo, env)
        series["edit"].append(wall)
        session = uuid.uuid4().hex  # the Write of a new file: a session that asked for it (the prompt is not timed)
        _time(hook, _payload(repo, "UserPromptSubmit", session, prompt=PROMPT_EDIT, prompt_id="w0"), repo, env)
        wall, write_out = _time_out(hook, _payload(repo, "PreToolUse", session, tool_name="Write",
                                                   tool_input=write_input, tool_use_id=f"w{i}"), repo, env)
        series["write"].append(wall)
        session = uuid.uuid4().hex  # the Read's result: a session that asked for a change and read the file's first
        _time(hook, _payload(repo, "UserPromptSubmit", session, prompt=PROMPT_EDIT, prompt_id="q0"), repo, env)  # event
        read_input = {"file_path": edit_path}
        _time(hook, _payload(repo, "PreToolUse", session, tool_name="Read", tool_input=read_input,
                             tool_use_id=f"q{i}"), repo, env)
        response = {"type": "text", "file": {"filePath": edit_path, "content": READ_TEXT, "numLines": 480,
                                             "startLine": 1, "totalLines": 480}}
        wall, read_out = _time_out(hook, _payload(repo, "PostToolUse", session, tool_name="Read", tool_input=read_input,
                                                  tool_use_id=f"q{i}", tool_response=response), repo, env)
        series["read_post"].append(wall)
        edited.append((_lessons(edit_out), _lessons(write_out), _lessons(read_out)))
        _grow(cap, i, ANSWER)
        series["cap_stop"].append(_time(hook, _payload(cap, "Stop", cap_session, last_assistant_message=ANSWER,
                                                       stop_hook_active=False), cap, env))
        _wait_for_workers(cap)  # the answer's worker ends while the person reads the answer and types a reply
        _grow(cap, i, REPLIES[i % 2])
        series["cap_reply"].append(_time(hook, _payload(cap, "UserPromptSubmit", cap_session,
                                                        prompt=f"{REPLIES[i % 2]} ({i})", prompt_id=f"c{i + 1}"),
                                         cap, env))
        series["cap_post"].append(_time(hook, _payload(cap, "PostToolUseFailure", cap_session, tool_name="Bash",
                                                       tool_input={"command": "dbt build -s stg_chargebacks"},
                                                       tool_use_id=f"b{i}", error=BASH_ERROR), cap, env))
        _wait_for_workers(cap)  # nothing of this run is still running when the next one (and its baseline) is timed
    medians = {k: statistics.median(v) * 1000 for k, v in series.items()}
    probes = {"pass": ([sys.executable, "-c", "pass"], b""),
              "start": (hook, _payload(repo, "SessionStart", "peak-start", source="startup")),
              "prompt": (hook, _payload(repo, "UserPromptSubmit", "peak-prompt", prompt=PROMPT_FIRST)),
              "later": (hook, _payload(repo, "UserPromptSubmit", later_session, prompt=f"{PROMPT_LATER} (peak)",
                                       prompt_id="p-peak")),
              "pre": (hook, _payload(repo, "PreToolUse", "peak-pre", tool_name="Read",
                                     tool_input={"file_path": read_path}, tool_use_id="t-peak"))}
    peak_mb = {k: _peak_mb(argv, data, repo, env) for k, (argv, data) in probes.items()}
    _peak_mb(hook, _payload(cap, "Stop", cap_session, last_assistant_message=ANSWER), cap, env)
    peak_mb["cap_reply"] = _peak_mb(hook, _payload(cap, "UserPromptSubmit", cap_session, prompt=REPLIES[0] + " (peak)",
                                                   prompt_id="c-peak"), cap, env)
    _wait_for_workers(cap)
    costs, answer_costs = [], []
    for i in range(runs):  # the workers' own cost, one answer and reply at a time (after the timed runs)
        _grow(cap, runs + i, ANSWER)
        answer_cost = _worker_cost(hook, _payload(cap, "Stop", cap_session, last_assistant_message=ANSWER), cap, env)
        _wait_for_workers(cap)
        _grow(cap, runs + i, REPLIES[i % 2])
        cost = _worker_cost(hook, _payload(cap, "UserPromptSubmit", cap_session, prompt=f"{REPLIES[i % 2]} (w{i})",
                                           prompt_id=f"w{i}"), cap, env)
        if cost is None or answer_cost is None:
            break
        costs.append(cost)
        answer_costs.append(answer_cost)
    worker = ({"cpu": statistics.median(c for c, _ in costs) * 1000, "after": statistics.median(a for _, a in costs) * 1000,
               "answer_cpu": statistics.median(c for c, _ in answer_costs) * 1000,
               "answer_after": statistics.median(a for _, a in answer_costs) * 1000}
              if costs else None)
    typed = [REPLIES[i % 2] for i in range(runs)] + [REPLIES[0]] + [REPLIES[i % 2] for i in range(len(costs))]
    signals = _settled_signals(cap, sum(_is_correction(text) for text in typed))
    return {"size": size, "cold_ms": cold * 1000, "cold_cpu_ms": cold_cpu * 1000,
            "pulled_ms": statistics.median(w for w, _ in pulled) * 1000,
            "pulled_cpu_ms": statistics.median(c for _, c in pulled) * 1000, "medians": medians, "delivered": delivered, "peak_mb": peak_mb,
            "runs": runs, "signals": signals, "worker": worker,
            "edited": (statistics.median(e for e, _, _ in edited), statistics.median(w for _, w, _ in edited),
                       statistics.median(r for _, _, r in edited)),
            "hook_log": (repo / ".altimate-code" / "learn" / ".sessions" / "hook.log")}


def _is_correction(text: str) -> bool:
    from altimate_learn.capture.classifier import classify_text

    return classify_text(text, ANSWER).correction


def _settled_signals(repo: Path, expected: int, wait: float = 60.0) -> dict[str, int]:
    """Signals of each kind in the capture project once the ``expected`` corrections are recorded (a check that
    capture worked while it was timed; background capture gets up to ``wait`` seconds)."""
    path = repo / ".altimate-code" / "learn" / "team-playbook" / "signals.jsonl"
    deadline = time.monotonic() + wait
    while True:
        counts: dict[str, int] = {"expected": expected}
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    kind = json.loads(line).get("kind", "?")
                    counts[kind] = counts.get(kind, 0) + 1
        if counts.get("user_correction", 0) >= expected or time.monotonic() > deadline:
            return counts
        time.sleep(0.2)


def main(runs: int = 40, sizes: tuple[int, ...] = (1000, 10000), transcript_mb: int = 0) -> str:
    compileall.compile_dir(str(ROOT / "altimate_learn"), quiet=1)
    base = Path(tempfile.mkdtemp(prefix="learn-bench-hooks-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("ALTIMATE_LEARN")}
    env.update(HOME=str(base / "home"), XDG_CACHE_HOME=str(base / "cache"), XDG_CONFIG_HOME=str(base / "config"))
    try:
        results = [measure(size, runs, base, env, transcript_mb) for size in sizes]
    finally:
        shutil.rmtree(base, ignore_errors=True)
    lines = [
        "## Hook latency (`learn hook claude-code`, whole processes)",
        "",
        f"Median of {runs} interleaved runs per cell, ms; ratio = hook / `python -c pass` (same interpreter, same "
        f"run). Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
        f"{', '.join(f'{x:.2f}' for x in os.getloadavg())} at the end.",
        "",
        "| approved lessons | `python -c pass` | SessionStart | first UserPromptSubmit | later UserPromptSubmit "
        "| PreToolUse (Read) | PreToolUse (Edit) | PreToolUse (Write, new file) | PostToolUse (Read, the file's text) "
        "| budget | cold first call | first call after a pull changed one lesson |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    verdicts = []
    budgeted = ("start", "prompt", "later", "pre", "edit", "write", "read_post", "cap_stop", "cap_reply", "cap_post")
    for r in results:
        m = r["medians"]
        base_ms = m["pass"]
        cells = [f"{m[k]:.1f} ({m[k] / base_ms:.2f}×)" for k in ("start", "prompt", "later", "pre", "edit", "write",
                                                                  "read_post")]
        limit = BUDGETS.get(r["size"])
        worst = max(m[k] / base_ms for k in budgeted)
        verdict = "–" if limit is None else f"≤ {limit:g}×: {'met' if worst <= limit else 'MISSED'} ({worst:.2f}×)"
        verdicts.append(verdict)
        lines.append(f"| {r['size']:,} | {base_ms:.1f} | " + " | ".join(cells) + f" | {verdict} | "
                     f"{r['cold_ms']:.0f} ({r['cold_cpu_ms']:.0f} CPU) | {r['pulled_ms']:.0f} ({r['pulled_cpu_ms']:.0f} CPU) |")
    lines += ["", "With capture on (`learn enable`; same runs, same `python -c pass`): one session where each run is "
              "the agent's answer (Stop), the person's reply to it (every other one a correction) and a failed Bash "
              "call; each run waits for the answer's capture worker before the reply is timed (the person reads the "
              "answer first) and for the reply's before the next run. The workers' own cost per answer and per reply "
              "(median of as many again, measured after the timed runs, one at a time): CPU time (user + system), and "
              "how long after the hook returned it ended (the redacted answer, or the signal, is on disk then)."
              + (f" The session has a transcript: a generated {transcript_mb} MB Claude Code session, growing by a "
                 "turn (~20 KB) before each Stop and each reply, which the workers read for the session's earlier "
                 "secrets." if transcript_mb else " The session's transcript does not exist (no earlier secrets are "
                 "read); `--transcript-mb N` gives it one."),
              "", "| approved lessons | `python -c pass` | UserPromptSubmit after an answer | Stop with the answer "
              "| PostToolUseFailure (Bash) | answer's worker: CPU | ends after the hook | reply's worker: CPU | "
              "ends after the hook | corrections recorded | signals |",
              "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        m = r["medians"]
        cells = [f"{m[k]:.1f} ({m[k] / m['pass']:.2f}×)" for k in ("cap_reply", "cap_stop", "cap_post")]
        sig = r["signals"]
        kinds = ", ".join(f"{n} {k}" for k, n in sorted(sig.items()) if k != "expected") or "none"
        worker = r["worker"]
        cost = (f"{worker['answer_cpu']:.1f} ms | {worker['answer_after']:.1f} ms | {worker['cpu']:.1f} ms | "
                f"{worker['after']:.1f} ms" if worker else "– | – | – | –")
        lines.append(f"| {r['size']:,} | {m['pass']:.1f} | " + " | ".join(cells) + f" | {cost}"
                     f" | {sig.get('user_correction', 0)}/{sig['expected']} | {kinds} |")
    lines += ["", "Peak resident memory of one process (MiB; one run of each event after the timed ones, measured with "
              "`wait4` by a bare launcher interpreter):", "",
              "| approved lessons | `python -c pass` | SessionStart | first UserPromptSubmit | later UserPromptSubmit "
              "| PreToolUse (Read) | UserPromptSubmit after an answer, capture on |", "|---:|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        peak = r["peak_mb"]
        lines.append(f"| {r['size']:,} | " + " | ".join(f"{peak.get(k, 0.0):.1f}"
                                                        for k in ("pass", "start", "prompt", "later", "pre",
                                                                  "cap_reply")) + " |")
    lines += ["", f"The first prompt delivered {results[0]['delivered']} lessons at {results[0]['size']:,} lessons "
              "(core + retrieved within the 1,500-token budget). The Edit (of a file read earlier in its session) and "
              "the Write (of a new file) and the Read's result (its file's text) delivered "
              + ", ".join(f"{r['edited'][0]:g}, {r['edited'][1]:g} and {r['edited'][2]:g} lessons at {r['size']:,}"
                          for r in results)
              + " (median a run). The budget column takes the worst of every event timed "
              "(both tables: SessionStart, both UserPromptSubmit, the three PreToolUse, the Read's PostToolUse and, with "
              "capture on, Stop with the answer, "
              "UserPromptSubmit after it and PostToolUseFailure). \"Cold\" is the single call that re-checks every lesson "
              "(schema, 140 characters, lint), tokenises and indexes the store with nothing cached (a new installation, or "
              "the first call after an upgrade of learn); its result is cached by content hash for every later call. "
              "\"After a pull\" is the first call after `approved.json` changed in one lesson's text (median of three "
              "such changes): the corpus is prepared again, but only the changed lesson is checked and tokenised; "
              "what depends on the whole store (BM25 postings, join tables, core order) is rebuilt. Both show the wall "
              "time and, in brackets, the CPU time of the process (user + system), which a loaded machine moves less."]
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--transcript-mb", type=int, default=0,
                        help="give the capture session a generated transcript of this many MB, growing by a turn "
                             "(~20 KB) before each Stop and reply, as an agent's does (default: none)")
    args = parser.parse_args()
    print(main(args.runs, tuple(int(s) for s in args.sizes.split(",")), args.transcript_mb))
