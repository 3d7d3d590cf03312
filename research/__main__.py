"""`python -m research`: run every measurement and write `research/RESULTS.md`.

    python -m research                     # everything, writes research/RESULTS.md (a few minutes)
    python -m research --quick             # smaller runs, printed (not written) unless --out is given
    python -m research --only bench_delivery,demo [--out FILE]
    python -m research --list

Run it from the repository root with the project's environment (`.venv/bin/python -m research`): the hook
benchmark times the `learn` script next to that interpreter.

Each section is a script in `research/` with `def main(**options) -> str` returning Markdown; each runs in
a fresh process (so one section's imports and caches cannot speed up or slow down another's, and a crash
is reported in the results instead of stopping the run). Two short sections live here: the lint verdicts
on the labelled lesson table, and `learn demo` timed as a newcomer runs it. The header records the
machine and the goals from the issues next to the measured numbers, taken from the sections' own text.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RESULTS = HERE / "RESULTS.md"
SECTION_TIMEOUT = 900  # seconds; a hung section is reported, and the run goes on


@dataclass
class Section:
    name: str  # research/<name>.py, or a section built in here
    what: str
    options: dict = field(default_factory=dict)
    quick: dict = field(default_factory=dict)
    builtin: bool = False
    clean_interpreter: bool = False  # run it on a fresh venv holding only this checkout (see clean_venv)
    timeout: int = SECTION_TIMEOUT  # seconds (the task sets of the delivery benchmark keep growing: it has more)
    script: str = ""  # research/<script>.py when one script makes several sections (default: research/<name>.py)


SECTIONS = [
    Section("capture_quality", "capture: correction classifier precision/recall, secret redaction"),
    Section("redaction_vendors", "redaction: vendor token formats in every form, look-alike text"),
    Section("classifier_real", "capture: correction classifier on real agent sessions (dev and held-out)"),
    Section("classifier_blind", "capture: correction classifier on a blind written set, half A (tuned on) and half B "
                                "(counted only)"),
    Section("classifier_blind2", "capture: correction classifier on a second blind written set with the agent's answer, "
                                 "half A (tuned on) and half B (counted only)", {"name": "blind2"},
            script="classifier_blind"),
    Section("classifier_blind3", "capture: correction classifier on a third blind written set, held back in "
                                 "session #11, dev data since (every error listed)", {"name": "blind3"},
            script="classifier_blind"),
    Section("classifier_blind4", "capture: correction classifier on a fourth blind written set, held back in "
                                 "session #12, dev data since (every error listed)", {"name": "blind4"},
            script="classifier_blind"),
    Section("classifier_blind5", "capture: correction classifier on a fifth blind written set, held back in "
                                 "session #13, dev data since (every error listed)", {"name": "blind5"},
            script="classifier_blind"),
    Section("classifier_blind6", "capture: correction classifier on a sixth blind written set, held back in "
                                 "session #14, dev data since (every error listed)", {"name": "blind6"},
            script="classifier_blind"),
    Section("classifier_blind7", "capture: correction classifier on a seventh blind written set, held back in "
                                 "session #15, dev data since (every error listed)", {"name": "blind7"},
            script="classifier_blind"),
    Section("classifier_blind8", "capture: correction classifier on an eighth blind written set, held back in "
                                 "session #16, dev data since (every error listed)", {"name": "blind8"},
            script="classifier_blind"),
    Section("classifier_blind9", "capture: correction classifier on a ninth blind written set, held back in "
                                 "session #17, dev data since (every error listed)", {"name": "blind9"},
            script="classifier_blind"),
    Section("classifier_blind10", "capture: correction classifier on a tenth blind written set, held back in "
                                  "session #18, dev data since (with and without the answer, and with the agent's reply; "
                                  "every error listed)", {"name": "blind10"},
            script="classifier_blind"),
    Section("classifier_blind11", "capture: correction classifier on an eleventh blind written set, held back whole "
                                  "(the looks recorded, counts only, with and without the answer, and with the agent's "
                                  "reply)", {"name": "blind11"},
            script="classifier_blind"),
    Section("classifier_model", "capture: the trained model shipped as the learner's second opinion (dev only)"),
    Section("classifier_dense", "capture: a sentence embedding (MiniLM) as a judge of corrections, dev CV and held-out "
                                "(recorded by its research venv; negative)"),
    Section("classifier_agreement", "capture: a second labeller on a dev sample of the real sessions (agreement, "
                                    "the classifier against each labeller)"),
    Section("reflector_real", "reflect: the built-in reflector's lessons on real corrections, reviewed"),
    Section("reflector_blind", "reflect: the built-in reflector on the eleventh blind written set (counted only, the "
                               "recorded counts), the tenth to the third (their counts when blind; dev data now) and "
                               "the second, each lesson of the dev sets reviewed against the writer's reference rule"),
    Section("learner_real", "learner: labelled corrections of real sessions that reach the model, digest vs "
                            "classifier alone"),
    Section("capture_throughput", "capture: read speed and memory on 50 MB transcripts", quick={"megabytes": 10}),
    Section("lint_table", "curator: lint verdicts on the labelled lesson table", builtin=True),
    Section("lint_security", "curator: lint on hostile lessons by category and on ordinary rules"),
    Section("lint_conformance", "curator: lint verdicts next to altimate-code's guardrail corpus"),
    Section("bench_curator", "curator: time for one reflection at 300, 1,000 and 10,000 lessons"),
    Section("bench_delivery", "delivery: recall of needed lessons at 50 to 10,000 lessons, tokens",
            quick={"sizes": [50, 300, 1000]}, timeout=1800),
    Section("bench_hooks", "delivery: hook latency next to `python -c pass`", quick={"runs": 10},
            clean_interpreter=True),
    Section("bench_reply_worker", "capture: the reply's and the answer's capture worker, CPU as the session's "
                                  "transcript grows (0, 8, 32 MB; with and without secrets)",
            quick={"sizes": [0, 8], "replies": 4}),
    Section("reliability", "concurrency, kill -9, malformed input and a hostile model server, real processes",
            quick={"quick": True}),
    Section("bench_worktrees", "worktrees: 4 agents in 4 git worktrees capturing at once, lost/duplicated "
                               "signals, hook latency next to one checkout", quick={"corrections": 2}),
    Section("demo", "`learn demo` as a newcomer runs it", builtin=True),
    Section("cap_year", "set: a simulated year of a team with and without the cap (issue 16)"),
]

# Runs in the child process: load research/<name>.py by path and write main(**options) to a file.
_CHILD = """
import importlib.util, inspect, json, sys
name, options, out = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]
spec = importlib.util.spec_from_file_location("research_" + name, sys.argv[4])
module = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = module  # dataclasses look their module up there
spec.loader.exec_module(module)
accepted = inspect.signature(module.main).parameters
text = module.main(**{k: v for k, v in options.items() if k in accepted})
open(out, "w", encoding="utf-8").write(text)
"""


# --- machine --------------------------------------------------------------------------------------------

def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    if sys.platform == "darwin":
        try:
            return subprocess.run(["sysctl", "-n", "machdep.cpu.brand_string"], capture_output=True, text=True,
                                  timeout=5).stdout.strip() or platform.machine()
        except OSError:
            pass
    return platform.processor() or platform.machine() or "unknown CPU"


def _ram() -> str:
    try:
        for line in Path("/proc/meminfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("MemTotal:"):
                return f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB RAM"
    except OSError:
        pass
    try:
        pages, size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
        return f"{pages * size / 1024 ** 3:.1f} GiB RAM"
    except (ValueError, OSError, AttributeError):
        return "RAM unknown"


def _commit() -> str:
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True, timeout=10).stdout.strip()
    except OSError:
        return "unknown commit"
    return f"commit {head}" + (" with uncommitted changes" if dirty else "") if head else "unknown commit"


def _load() -> str:
    try:
        return ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except (OSError, AttributeError):
        return "unknown"


def machine_lines() -> list[str]:
    return [
        f"Machine: {_cpu_model()}, {os.cpu_count()} logical cores, {_ram()}; {platform.system()} "
        f"{platform.release()} ({platform.machine()}); Python {platform.python_version()} "
        f"({sys.executable}).",
        f"Load average at the start (1, 5, 15 min): {_load()}. Timing numbers move with load; the hook "
        "benchmark interleaves its runs so load drifts over all of them alike.",
    ]


# --- built-in sections ----------------------------------------------------------------------------------

def lint_table() -> str:
    """Lint verdicts on `research/data/lint_cases.jsonl` (accepted / rejected with a rule / flagged)."""
    sys.path.insert(0, str(ROOT))
    from collections import Counter

    from altimate_learn.curate.lint import lint

    cases = [json.loads(line) for line in (HERE / "data" / "lint_cases.jsonl").read_text(encoding="utf-8")
             .splitlines() if line.strip()]
    verdicts: Counter[str] = Counter()
    right: Counter[str] = Counter()
    wrong: list[str] = []
    for case in cases:
        result = lint(case["text"])
        got = "rejected" if not result.ok else ("flagged" if result.flagged else "accepted")
        expected = case["verdict"]
        verdicts[expected] += 1
        same = got == expected and (expected != "rejected" or result.rule == case["rule"])
        if same:
            right[expected] += 1
        else:
            shown = case["text"].replace("|", "\\|").replace("\n", "\\n")[:90]
            wrong.append(f"| `{shown}` | {expected} {case.get('rule') or ''} | {got} {result.rule or ''} |")
    total = len(cases)
    lines = [
        "## Curator: lint verdicts on the labelled lesson table",
        "",
        f"Data: `research/data/lint_cases.jsonl`, {total} lesson texts written for this project, each labelled "
        "accepted, rejected (with the rule that must fire) or flagged (accepted, but mentions skipping or disabling "
        "verification). Method: `altimate_learn.curate.lint.lint()` on each text; a rejection counts as right only "
        "when the same rule fires.",
        "",
        "| label | texts | same verdict |",
        "|---|---:|---:|",
    ]
    for label in ("accepted", "flagged", "rejected"):
        if verdicts[label]:
            lines.append(f"| {label} | {verdicts[label]} | {right[label]} ({100 * right[label] / verdicts[label]:.0f}%) |")
    lines.append(f"| **all** | {total} | {sum(right.values())} ({100 * sum(right.values()) / max(total, 1):.1f}%) |")
    if wrong:
        lines += ["", "Disagreements:", "", "| text | label | lint |", "|---|---|---|", *wrong]
    lines += ["", "Limits: the table was written alongside the lint rules and is also a test suite "
              "(`tests/curate/test_lint_table.py`), so agreement here is a regression check, not accuracy on text "
              "nobody has seen; altimate-code's own corpus (next section) is the independent check."]
    return "\n".join(lines) + "\n"


def demo() -> str:
    """`learn demo` in a fresh process, timed, with what a newcomer should see checked."""
    with tempfile.TemporaryDirectory(prefix="learn-research-demo-") as folder:
        env = {k: v for k, v in os.environ.items() if not k.startswith("ALTIMATE_LEARN")}
        env["TMPDIR"] = folder  # so we can tell that the demo left nothing behind
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "altimate_learn", "demo"], cwd=folder, env=env,
                              capture_output=True, text=True, timeout=300)
        seconds = time.perf_counter() - started
        left = sorted(p.name for p in Path(folder).iterdir())
    out = done.stdout
    stages = re.findall(r"^(\d)\. (\w+)", out, re.M)
    reached = re.search(r"^(\d+) of the (\d+) lessons learned above reached the agent", out, re.M)
    lines = [
        "## Demo: `learn demo`",
        "",
        "Method: `python -m altimate_learn demo` in a fresh process, timed end to end (it makes a temporary git "
        "repository, captures the bundled Claude Code and Codex sessions, reflects with the offline `builtin` "
        "reflector, curates a teammate's proposals, shows, promotes, and runs `learn hook claude-code` for a new "
        "session; 11 `learn` processes in all). Goal (issue 7): offline, in under a minute, nothing left behind.",
        "",
        "| exit code | wall time | stages printed | learned lessons that reached the agent | left behind |",
        "|---:|---:|---|---|---|",
        f"| {done.returncode} | {seconds:.1f} s | {', '.join(f'{n}. {w}' for n, w in stages) or 'none'} | "
        f"{reached.group(1) + ' of ' + reached.group(2) if reached else 'not reported'} | "
        f"{', '.join(left) if left else 'nothing'} |",
    ]
    if done.returncode != 0:
        lines += ["", "The demo failed; its last lines:", "", "```", *(out + done.stderr).splitlines()[-15:], "```"]
    return "\n".join(lines) + "\n"


BUILTINS = {"lint_table": lint_table, "demo": demo}

# Limits of sections whose scripts do not state theirs; added below such a section (marked as the runner's).
RUNNER_LIMITS = {
    "capture_throughput": "the transcripts are generated (templated prompts, code-like tool output, corrections "
    "and failures mixed in), not recorded sessions; they are read right after being written, so from a warm "
    "page cache (a cold disk adds its read time); one timed run per transcript.",
    "bench_curator": "the stored lessons are generated (varied wording, half with backtick identifiers), not a "
    "real store; one shape of reflection (8 deltas) is timed; the time includes writing `candidate.json`, "
    "`retired.json` and `history.jsonl` to a local disk.",
    "bench_hooks": "the prepared index is warm (the one-off cold build with nothing cached, and the first call "
    "after a pull changed one lesson, are the last two columns, each timed once or three times, not a median of "
    "many); only the Claude Code adapter is timed (Codex and Gemini share the same path after parsing their "
    "payload); the stores are generated; `python -c pass` is measured in the same run because load on a shared "
    "machine moves both, which is why the ratio, not the milliseconds, is the goal. With capture on, the "
    "correction classifier runs in the background worker each prompt after an answer starts: it slows the "
    "PostToolUseFailure timed right after it, as it slows the agent, and each run waits for it before the next "
    "`python -c pass` is timed; its own cost (CPU, when it ends) is measured one reply at a time after the timed "
    "runs, on Linux only (a subreaper launcher adopts the detached worker).",
    "demo": "one run on this machine; a cold disk cache or a slow `git` adds time; what the request retrieves "
    "depends on the sample store and the current retrieval rules, so the count of lessons that reached the "
    "agent can change with them.",
}


# --- a clean interpreter for the hook benchmark ----------------------------------------------------------

def clean_venv(folder: Path) -> Path:
    """A virtual environment holding only this checkout, as a user's `pip install .` or pipx gives; its python.

    The development environment's editable install (a finder imported at every start) and test tools make
    every interpreter start slower, `python -c pass` included, which would flatter the hook's ratio. Here the
    package is on the path through a plain `.pth` line and `learn` is a console script like pip writes. The
    package's dependencies are absent on purpose: the hook path must not import them.
    """
    import sysconfig
    import venv

    target = folder / "venv"
    venv.EnvBuilder(with_pip=False, symlinks=os.name != "nt").create(target)
    purelib = Path(sysconfig.get_path("purelib", vars={"base": str(target), "platbase": str(target)}))
    purelib.mkdir(parents=True, exist_ok=True)
    (purelib / "altimate_learn_checkout.pth").write_text(str(ROOT) + "\n", encoding="utf-8")
    bindir = target / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / ("python.exe" if os.name == "nt" else "python")
    script = bindir / "learn"
    script.write_text(f"#!{python}\nimport sys\nfrom altimate_learn.entry import main\n"
                      "if __name__ == '__main__':\n    sys.exit(main())\n", encoding="utf-8")
    script.chmod(0o755)
    return python


def startup_ms(python: str | Path, runs: int = 15) -> float:
    import statistics

    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([str(python), "-c", "pass"], check=True)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


# --- running --------------------------------------------------------------------------------------------

def run_section(section: Section, quick: bool) -> tuple[str, float, bool]:
    """(markdown, seconds, ok) for one section, run in a fresh process."""
    options = {**section.options, **(section.quick if quick else {})}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="learn-research-") as folder:
        out = Path(folder) / "section.md"
        note = ""
        if section.builtin:
            code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); from research.__main__ import BUILTINS; "
                    f"open({str(out)!r}, 'w', encoding='utf-8').write(BUILTINS[{section.name!r}]())")
            argv = [sys.executable, "-c", code]
        else:
            python: str | Path = sys.executable
            note = ""
            if section.clean_interpreter:
                python = clean_venv(Path(folder))
                note = (f"\nInterpreter (noted by `python -m research`): run on a fresh virtual environment holding "
                        f"only this checkout (a `.pth` line and a `learn` console script, as `pip install .` or "
                        f"pipx give), not on the development one: `python -c pass` takes {startup_ms(python):.1f} ms "
                        f"there and {startup_ms(sys.executable):.1f} ms in the development environment ("
                        f"{sys.executable}), whose editable install and test tools slow every start and would "
                        "flatter the ratio.\n")
            argv = [str(python), "-c", _CHILD, section.name, json.dumps(options), str(out),
                    str(HERE / f"{section.script or section.name}.py")]
        try:
            done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=section.timeout,
                                  stdin=subprocess.DEVNULL)
            failure = None if done.returncode == 0 and out.exists() else \
                f"exit {done.returncode}: " + " / ".join((done.stderr or done.stdout).strip().splitlines()[-6:])
        except subprocess.TimeoutExpired:
            failure = f"did not finish within {section.timeout} s"
        seconds = time.perf_counter() - started
        if failure is None:
            text = out.read_text(encoding="utf-8").rstrip("\n") + "\n" + note
            if section.name in RUNNER_LIMITS and "limit" not in text.lower():
                text += f"\nLimits (noted by `python -m research`): {RUNNER_LIMITS[section.name]}\n"
            return text, seconds, True
    return (f"## {section.name}\n\n**This section failed** ({failure}). Run `python research/{section.name}.py` "
            "to see why.\n"), seconds, False


# --- goals next to the numbers --------------------------------------------------------------------------

def _find(pattern: str, text: str | None, flags: int = re.M) -> re.Match[str] | None:
    return re.search(pattern, text, flags) if text else None


def goal_rows(texts: dict[str, str]) -> list[str]:
    """Rows of the goals table, read from the sections' own Markdown; "see below" when a number is missing."""
    rows: list[str] = []
    hooks = texts.get("bench_hooks")
    for size, limit in (("1,000", 3), ("10,000", 5)) if hooks else ():
        m = _find(rf"^\| {size} \|.*≤ {limit}×: (met|MISSED) \(([\d.]+)×\)", hooks)
        where = " (a clean install, see the hook section)" if "Interpreter (noted" in hooks else ""
        measured = f"worst event {m.group(2)}× `python -c pass`{where}" if m else "see the hook section"
        verdict = ("met" if m.group(1) == "met" else "**missed**") if m else "–"
        rows.append(f"| Hook latency at {size} lessons ≤ {limit}× `python -c pass` (issue 5) | {measured} | {verdict} |")
    quality = texts.get("capture_quality")
    rows += _quality_rows(quality) if quality else []
    vendors = texts.get("redaction_vendors")
    m = _find(r"^Result: \*\*(\d+)/(\d+) formats with no leak in any context; (\d+) leaks in (\d+) texts", vendors)
    fp = _find(r"False positives on the (\d+) look-alike lines.*?\*\*(\d+)\*\*", vendors)
    if m and fp:
        ok = m.group(1) == m.group(2) and m.group(3) == "0"
        rows.append(f"| Redaction of vendor token formats: every format, 0 leaks (issue 18) | {m.group(1)}/{m.group(2)} "
                    f"formats clean, {m.group(3)} leaks in {m.group(4)} texts; {fp.group(2)} false positives on "
                    f"{fp.group(1)} look-alike lines | {'met' if ok else '**missed**'} |")
    rows += _real_rows(texts["classifier_real"]) if "classifier_real" in texts else []
    rows += _reflector_rows(texts["reflector_real"]) if "reflector_real" in texts else []
    rows += _learner_rows(texts["learner_real"]) if "learner_real" in texts else []
    rows += _conformance_rows(texts["lint_conformance"]) if "lint_conformance" in texts else []
    security = texts.get("lint_security")
    m = _find(r"^Result: \*\*(\d+)/(\d+) hostile texts stopped\*\*.*?\*\*(\d+)/(\d+) ordinary rules refused\*\*", security)
    if m:
        ok = m.group(1) == m.group(2) and int(m.group(3)) * 25 <= int(m.group(4))
        rows.append(f"| Lint: every hostile lesson rejected or flagged, at most 1 in 25 ordinary rules refused (issue 18) "
                    f"| {m.group(1)}/{m.group(2)} hostile stopped; {m.group(3)}/{m.group(4)} ordinary refused | "
                    f"{'met' if ok else '**missed**'} |")
    delivery = texts.get("bench_delivery")
    for arm in ("Scale: 1,000 lessons, retrieval", "Vague requests: 300 lessons, file hook on",
                "Topic switch: 300 lessons, plus per-request additions"):
        m = _find(rf"^\| {re.escape(arm)} \| (\d+)% \| (\d+)% \(([^)]*)\)", delivery)
        if m:
            short = int(m.group(2)) < int(m.group(1))
            rows.append(f"| Delivery recall, {arm} (spec 003 reports {m.group(1)}%) | {m.group(2)}% ({m.group(3)}) | "
                        f"{'**short of spec 003**' if short else 'as spec 003'} |")
    task_sets = {"": "", " held-out": ", held-out tasks", " fresh": ", fresh tasks (blind before the concept table)",
                 " fresh2": ", second fresh batch", " fresh3": ", third fresh batch (blind in the session before)",
                 " fresh4": ", fourth fresh batch (vague, by area)", " fresh5": ", fifth fresh batch (other lessons)",
                 " blind1": ", blind batch 1 (written apart from the code)",
                 " blind2": ", blind batch 2 (written apart from the code)",
                 " blind3": ", blind batch 3 (written apart from the code)",
                 " blind4": ", blind batch 4 (written apart from the code)",
                 " implied": ", implied-concerns tasks (written by the table's author)",
                 " match19": ", the matching engineer's own tasks",
                 " blind5": ", blind batch 5 (written apart from the code)",
                 " blind6": ", blind batch 6 (written apart from the code)",
                 " deliver5": ", the fifth-round delivery engineer's own tasks",
                 " blind7": ", blind batch 7 (written apart from the code)",
                 " blind8": ", blind batch 8 (written apart from the code)",
                 " deliver6": ", the sixth-round delivery engineer's own tasks",
                 " deliver26": ", edited code (the delivery engineer's own tasks of session 2026-12-05 #9)",
                 " deliver27": ", new files (the delivery engineer's own tasks of session 2026-12-05 #10)",
                 " deliver38": ", kinds of files (the delivery engineer's own tasks of session 2026-12-06 #20)",
                 " deliver39": ", crowded folders (the delivery engineer's own tasks of session 2026-12-06 #21)",
                 " deliver40": ", symptoms (the delivery engineer's own tasks of session 2026-12-06 #22)",
                 " deliver41": ", file contents (the delivery engineer's own tasks of session 2026-12-06 #23)",
                 " deliver42": ", crowded sessions (the delivery engineer's own tasks of session 2026-12-06 #24)",
                 " deliver43": ", helpers and broader rules (the delivery engineer's own tasks of session "
                               "2026-12-07 #25)",
                 " blind9": ", blind batch 9 (written apart from the code)",
                 " blind10": ", blind batch 10 (written apart from the code)",
                 " blind11": ", blind batch 11 (written apart from the code)",
                 " blind12": ", blind batch 12 (written apart from the code)",
                 " blind13": ", blind batch 13 (written apart from the code)",
                 " blind14": ", blind batch 14 (written apart from the code)",
                 " blind15": ", blind batch 15 (written apart from the code)",
                 " blind16": ", blind batch 16 (written apart from the code)",
                 " blind17": ", blind batch 17 (written apart from the code)",
                 " blind18": ", blind batch 18 (written apart from the code)",
                 " blind19": ", blind batch 19 (written apart from the code)",
                 " blind20": ", blind batch 20 (written apart from the code)",
                 " blind21": ", blind batch 21 (written apart from the code)",
                 " blind22": ", blind batch 22 (written apart from the code)",
                 " blind23": ", blind batch 23 (written apart from the code)",
                 " blind24": ", blind batch 24 (written apart from the code)",
                 " blind25": ", blind batch 25 (written apart from the code)",
                 " blind26": ", blind batch 26 (written apart from the code)",
                 " blind27": ", blind batch 27 (written apart from the code)",
                 " blind28": ", blind batch 28 (written apart from the code)",
                 " blind29": ", blind batch 29 (written apart from the code)",
                 " blind30": ", blind batch 30 (written apart from the code)",
                 " blind31": ", blind batch 31 (written apart from the code)",
                 " blind32": ", blind batch 32 (written apart from the code)",
                 " blind33": ", blind batch 33 (written apart from the code)",
                 " blind34": ", blind batch 34 (written apart from the code)",
                 " blind35": ", blind batch 35 (written apart from the code)",
                 " blind36": ", blind batch 36 (written apart from the code)",
                 " blind37": ", blind batch 37 (written apart from the code)",
                 " blind38": ", blind batch 38 (written apart from the code)",
                 " blind39": ", blind batch 39 (written apart from the code)",
                 " blind40": ", blind batch 40 (written apart from the code)",
                 " blind41": ", blind batch 41 (written apart from the code)",
                 " blind42": ", blind batch 42 (written apart from the code)",
                 " blind43": ", blind batch 43 (written apart from the code)",
                 " blind44": ", blind batch 44 (written apart from the code)",
                 " blind45": ", blind batch 45 (written apart from the code)",
                 " blind46": ", blind batch 46 (written apart from the code)",
                 " blind47": ", blind batch 47 (written apart from the code)",
                 " blind48": ", blind batch 48 (written apart from the code)",
                 " blind49": ", blind batch 49 (written apart from the code)",
                 " blind50": ", blind batch 50 (written apart from the code)",
                 " blind51": ", blind batch 51 (written apart from the code)",
                 " blind52": ", blind batch 52 (written apart from the code)",
                 " blind53": ", blind batch 53 (written apart from the code)",
                 " blind54": ", blind batch 54 (written apart from the code)",
                 " blind55": ", blind batch 55 (written apart from the code)",
                 " blind56": ", blind batch 56 (written apart from the code)",
                 " blind57": ", blind batch 57 (written apart from the code)",
                 " blind58": ", blind batch 58 (written apart from the code)",
                 " blind59": ", blind batch 59 (written apart from the code)",
                 " blind60": ", blind batch 60 (written apart from the code)",
                 " blind61": ", blind batch 61 (written apart from the code)",
                 " blind62": ", blind batch 62 (written apart from the code)",
                 " blind63": ", blind batch 63 (written apart from the code)",
                 " blind64": ", blind batch 64 (written apart from the code)",
                 " blind65": ", blind batch 65 (written apart from the code)",
                 " blind66": ", blind batch 66 (written apart from the code)",
                 " blind67": ", blind batch 67 (written apart from the code)",
                 " blind68": ", blind batch 68 (written apart from the code)",
                 " blind69": ", blind batch 69 (written apart from the code)",
                 " blind70": ", blind batch 70 (written apart from the code)",
                 " blind71": ", blind batch 71 (written apart from the code)",
                 " blind72": ", blind batch 72 (written apart from the code)",
                 " blind73": ", blind batch 73 (written apart from the code)",
                 " blind74": ", blind batch 74 (written apart from the code)",
                 " blind75": ", blind batch 75 (written apart from the code)",
                 " blind76": ", blind batch 76 (written apart from the code)",
                 " blind77": ", blind batch 77 (written apart from the code)",
                 " blind78": ", blind batch 78 (written apart from the code)",
                 " blind79": ", blind batch 79 (written apart from the code)",
                 " blind80": ", blind batch 80 (written apart from the code)",
                 " blind81": ", blind batch 81 (written apart from the code)",
                 " blind82": ", blind batch 82 (written apart from the code)",
                 " blind83": ", blind batch 83 (written apart from the code)",
                 " blind84": ", blind batch 84 (written apart from the code)",
                 " blind85": ", blind batch 85 (written apart from the code)",
                 " blind86": ", blind batch 86 (written apart from the code)",
                 " blind87": ", blind batch 87 (written apart from the code)",
                 " blind88": ", blind batch 88 (written apart from the code)"}
    for label, size in [(label, size) for label in task_sets for size in ("300", "1,000", "10,000")]:
        m = _find(rf"^\| {size}{label} \| (\d+%[^|]*) \| (\d+%[^|]*) \| (\d+%[^|]*) \| (\d+%[^|]*) \| "
                  rf"(\d+%[^|]*) \| ([\d.]+[^|]*) \| ([\d,]+[^|]*) \| (met|MISSED) \|$", delivery)
        if m:
            rows.append(f"| Delivery at {size} lessons{task_sets[label]}, file hook on: direct and "
                        "file 100%, vague and follow-up ≥ 95%, "
                        f"overall ≥ 97%, ≤ 30 lessons and ≤ 1,100 tokens a session (issue 19) | direct {m.group(1)}, "
                        f"file {m.group(2)}, vague {m.group(3)}, follow-up {m.group(4)}, overall {m.group(5)}; "
                        f"{m.group(6)} lessons, {m.group(7)} tokens | {'met' if m.group(8) == 'met' else '**missed**'} |")
    m = _find(r"^Result: one reflection against 10,000 lessons takes \*\*(\d+) ms\*\*.*\*\*(met|missed)\*\*",
              texts.get("bench_curator"))
    if m:
        rows.append(f"| Curator: one reflection against 10,000 lessons in at most 150 ms, lint cached (issue 19) | "
                    f"{m.group(1)} ms | {'met' if m.group(2) == 'met' else '**missed**'} |")
    reliability = texts.get("reliability")
    m = _find(r"^Result: \*\*(\d+) lost, (\d+) duplicated\*\* under concurrency; \*\*(\d+) torn files, (\d+) "
              r"leftovers, (\d+) duplicated archives\*\* after (\d+) kills; \*\*(\d+) crashes, (\d+) unclear\*\* on "
              r"(\d+) malformed inputs; \*\*(\d+) hostile-server behaviours mishandled\*\* of (\d+)\.(?: (\d+) reruns "
              r"after a kill hung)?", reliability)
    if m:
        g = [int(x) if x is not None else 0 for x in m.groups()]
        ok = g[0] == g[1] == g[2] == g[3] == g[4] == g[6] == g[7] == g[9] == g[11] == 0
        rows.append(f"| Reliability: 0 lost/duplicated, files old or new after kill -9, 0 leftovers, no rerun hung, 0 "
                    f"crashes on malformed input, hostile server contained (issue 18) | {g[0]} lost, {g[1]} duplicated; "
                    f"{g[2]} torn, {g[3]} leftovers, {g[11]} hung reruns after {g[5]} kills; {g[6]} crashes, {g[7]} "
                    f"unclear of {g[8]} inputs; {g[9]} of {g[10]} server behaviours mishandled | "
                    f"{'met' if ok else '**missed**'} |")
    rows += _cap_rows(texts["cap_year"]) if "cap_year" in texts else []
    demo_text = texts.get("demo")
    m = _find(r"^\| (\d+) \| ([\d.]+) s \|", demo_text)
    if m:
        ok = m.group(1) == "0" and float(m.group(2)) < 60
        rows.append(f"| `learn demo` offline in under a minute (issue 7) | exit {m.group(1)}, {m.group(2)} s | "
                    f"{'met' if ok else '**missed**'} |")
    return rows


def _cap_rows(text: str) -> list[str]:
    goal = ("The cap over a simulated year: lessons in force held to `max_in_force`, fewer contradictory pairs "
            "reaching the agent (issue 16)")
    m = _find(r"^Result: after a year, \*\*(\d+) lessons in force without the cap, (\d+) with it\*\* .*?"
              r"\*\*contradictory pairs (\d+) without, (\d+) with\*\*; tokens per session ([\d,]+) without, "
              r"([\d,]+) with", text)
    if not m:
        return [f"| {goal} | see the cap section | – |"]
    plain, capped, c_plain, c_capped, t_plain, t_capped = m.groups()
    ok = int(capped) <= 40 and int(c_capped) < int(c_plain)
    return [f"| {goal} | in force {plain} → {capped}; contradictory pairs {c_plain} → {c_capped}; tokens per session "
            f"{t_plain} → {t_capped} (the graduated block moves cost into AGENTS.md) | {'met' if ok else '**missed**'} |"]


def _quality_rows(quality: str) -> list[str]:
    rows = []
    held = _find(r"^\| held-out \| (\d+) \| ([\d.]+) \| ([\d.]+) \|", quality)
    every = _find(r"^\| all \| (\d+) \| ([\d.]+) \| ([\d.]+) \|", quality)
    verdict = "–"
    if held and every:
        measured = (f"precision {held.group(2)}, recall {held.group(3)} held-out ({held.group(1)} messages); "
                    f"{every.group(2)} / {every.group(3)} on all {every.group(1)}")
        verdict = "met" if float(held.group(2)) >= 0.95 and float(held.group(3)) >= 0.85 else "**missed**"
    else:
        measured = "see the capture section"
    rows.append("| Correction classifier on `corrections.jsonl` held-out: precision ≥ 0.95, recall ≥ 0.85 (issue 20) | "
                f"{measured} | {verdict} |")
    secrets = _find(r"^\| \*\*all\*\* \| (\d+) \| (\d+) \(([\d.]+)\)", quality)
    fps = _find(r"False positives on the (\d+) non-secret lines: \*\*(\d+)\*\*", quality)
    measured = (f"{secrets.group(2)}/{secrets.group(1)} secret lines redacted; {fps.group(2)} false positives on "
                f"{fps.group(1)} clean lines" if secrets and fps else "see the capture section")
    rows.append(f"| Redaction recall and false positives on our corpus (issue 3) | {measured} | – |")
    return rows


def _real_rows(real: str) -> list[str]:
    m = _find(r"^\| holdout \| ([\d.]+) \| ([\d.]+) \| [\d.]+ \| (\d+) \| (\d+) \| (\d+) \|.*: (met|MISSED) \|$", real)
    if not m:
        return ["| Correction classifier on real sessions, held-out: precision ≥ 0.85, recall ≥ 0.60 (issue 20) | "
                "see the real-session section | – |"]
    measured = f"precision {m.group(1)}, recall {m.group(2)} (TP {m.group(3)}, FP {m.group(4)}, FN {m.group(5)})"
    verdict = "met" if m.group(6) == "met" else "**missed**"
    return [f"| Correction classifier on real sessions, held-out: precision ≥ 0.85, recall ≥ 0.60 (issue 20) | "
            f"{measured} | {verdict} |"]


def _reflector_rows(text: str) -> list[str]:
    m = _find(r"^\| labelled corrections and bug reports \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|", text)
    if not m:
        return ["| Built-in reflector on real corrections: no wrong lesson (issue 20) | see the reflector section | – |"]
    wrong, unreviewed = int(m.group(5)), int(m.group(6))
    verdict = "met" if wrong == 0 and unreviewed == 0 else ("**missed**" if wrong else "unreviewed lessons")
    return [f"| Built-in reflector on real corrections: no wrong lesson (issue 20) | {m.group(2)} lessons from "
            f"{m.group(1)} corrections: {m.group(3)} good, {m.group(4)} vague, {wrong} wrong, {unreviewed} unreviewed "
            f"| {verdict} |"]


def _learner_rows(text: str) -> list[str]:
    goal = "Learner: every labelled correction of the real sessions reaches the model, across runs (issue 13)"
    m = _find(r"^\| holdout \| \d+ \| \d+ \| (\d+) \| (\d+)/\d+ \(\d+%\) \| (\d+)/\d+ \(\d+%\) \| "
              r"(\d+)/\d+ \(\d+%\) \| (\d+) \|", text)
    if not m:
        return [f"| {goal} | see the learner section | – |"]
    wanted, classifier, first, every, runs = (int(x) for x in m.groups())
    measured = (f"held-out: {every}/{wanted} in {runs} runs ({first} in the first); the classifier alone lets "
                f"{classifier}/{wanted} through")
    return [f"| {goal} | {measured} | {'met' if every == wanted else '**missed**'} |"]


def _conformance_rows(conformance: str) -> list[str]:
    rows = []
    same = _find(r"Same verdict \(accept/reject\): \*\*(\d+) / (\d+)\*\*", conformance)
    disagree = _find(r"^- Disagreements: (\d+)(?: \(unexplained: (\d+)\))?", conformance)
    verdict = "see that section"
    if same and disagree:
        measured = f"same verdict on {same.group(1)}/{same.group(2)}; {disagree.group(1)} disagreements listed"
        if disagree.group(2) is not None:
            unexplained = int(disagree.group(2))
            measured += f", {unexplained} without a reason"
            verdict = "met" if unexplained == 0 else "**missed**"
    elif conformance and "skipped" in conformance:
        measured = "skipped: the peer corpus is not next to this checkout"
    else:
        measured = "see the lint conformance section"
    rows.append("| Lint: every disagreement with altimate-code's corpus fixed or listed with why ours is better "
                f"(issue 9) | {measured} | {verdict} |")
    return rows


def render(texts: dict[str, str], seconds: dict[str, float], quick: bool, total: float, started: str) -> str:
    lines = [
        "# altimate-learn: measured results",
        "",
        "Generated by `python -m research`" + (" --quick (smaller runs; not the published numbers)" if quick else "")
        + f" on {started}, {_commit()}, in {total:.0f} s. Every number below comes from the scripts in "
        "`research/` and the data in `research/data/` and `stores/`; rerun the command to check them.",
        "",
        *machine_lines(),
        "",
        "## Goals from the issues, next to the numbers",
        "",
        "Where a number falls short, it is reported as measured; the data was not tuned to pass.",
        "",
        "| goal | measured | verdict |",
        "|---|---|---|",
        *goal_rows(texts),
        "",
        "Sections (time to run each):",
        "",
    ]
    for name, text in texts.items():
        title = next((line[3:] for line in text.splitlines() if line.startswith("## ")), name)
        anchor = re.sub(r"[^\w\- ]", "", title.lower()).strip().replace(" ", "-")
        lines.append(f"- [{title}](#{anchor}) ({seconds[name]:.0f} s)")
    lines.append("")
    for text in texts.values():
        lines += [text.rstrip("\n"), ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m research", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs (fewer hook runs, stores up to 1,000, "
                        "10 MB transcripts); printed unless --out is given")
    parser.add_argument("--only", metavar="NAMES", help="comma-separated sections (see --list); printed unless "
                        "--out is given")
    parser.add_argument("--out", type=Path, help=f"write here (default: {RESULTS.relative_to(ROOT)} for a full run)")
    parser.add_argument("--list", action="store_true", help="list the sections and exit")
    args = parser.parse_args(argv)
    if args.list:
        for section in SECTIONS:
            print(f"{section.name:20} {section.what}")
        return 0
    chosen = SECTIONS
    if args.only:
        names = [n.strip() for n in args.only.split(",") if n.strip()]
        unknown = [n for n in names if n not in {s.name for s in SECTIONS}]
        if unknown:
            parser.error(f"unknown section(s): {', '.join(unknown)} (see --list)")
        chosen = [s for s in SECTIONS if s.name in names]
    out = args.out if args.out else (None if args.quick or args.only else RESULTS)
    started_at = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    started = time.perf_counter()
    texts: dict[str, str] = {}
    seconds: dict[str, float] = {}
    failed = []
    for number, section in enumerate(chosen, 1):
        print(f"[{number}/{len(chosen)}] {section.name}: {section.what} …", file=sys.stderr, flush=True)
        text, took, ok = run_section(section, args.quick)
        texts[section.name], seconds[section.name] = text, took
        print(f"      {'done' if ok else 'FAILED'} in {took:.1f} s", file=sys.stderr, flush=True)
        if not ok:
            failed.append(section.name)
    report = render(texts, seconds, args.quick, time.perf_counter() - started, started_at)
    if out is None:
        sys.stdout.write(report)
    else:
        out.write_text(report, encoding="utf-8")
        print(f"wrote {out} in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    if failed:
        print(f"failed sections: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
