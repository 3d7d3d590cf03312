"""The continual learner on real sessions: how many labelled corrections reach the model, next to the classifier.

Data: `research/data/real/` (public agent sessions, every typed message labelled; see
`research/data/real_sessions.py`). Positives are the messages labelled `correction` or `bug` (the person
says the agent's work was wrong, or reports that it does not work).

Two ways a correction can reach a model:
- **Classifier alone** (spec 003's gate, and the learner's offline fallback): a message becomes a signal only
  when the correction classifier flags it (`learn capture` on the session); only signals reach reflection.
- **Digest** (the learner): every exchange since the cursor goes into a digest of at most 48 KiB. Each split
  is given to one project as `learn capture`d sessions, then `learn run --now` repeats (the built-in
  reflector answers, so nothing leaves the machine) until nothing is new. "First run" is what one 48 KiB
  digest carried; "all runs" is what reached the model across the runs it took.

Both are measured by what actually went out: the references in each run's digest, and the signals capture
recorded.

Run time: every run reads each session with something after its cursor (`learn run` is one process a run);
over a grown corpus, the dozens of runs each re-read and re-classified hundreds of unchanged sessions. The
learner now keeps each read for the next run (`.learner/reads/`, :mod:`altimate_learn.learner.readcache`): a
session whose transcript file and cursor are what they were at its last read is handed back as it was read
then, not read again; any change reads it again. Reading is deterministic, so the digests, and every number
here, are the same (a test compares both ways on part of the corpus). `python research/learner_real.py
--full` turns the kept reads off: every run reads every session again, as `learn run` did before.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
REVIEWS = ROOT / "research" / "data" / "real" / "learner_reviews.jsonl"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@contextmanager
def _isolated() -> Iterator[Path]:
    """A temporary HOME and project: nothing is read from or written to this machine's agents or config."""
    keys = ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "CODEX_HOME")
    saved = {k: os.environ.get(k) for k in keys}
    scrubbed = {k: v for k, v in os.environ.items() if k.startswith(("ALTIMATE_LEARN", "OPENAI_", "ANTHROPIC_"))}
    with tempfile.TemporaryDirectory(prefix="learner-real-") as tmp:
        base = Path(tmp)
        home = base / "home"
        home.mkdir()
        for key in scrubbed:
            del os.environ[key]
        os.environ.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"),
                          XDG_DATA_HOME=str(home / ".local" / "share"), XDG_STATE_HOME=str(home / ".local" / "state"),
                          XDG_CACHE_HOME=str(home / ".cache"), CODEX_HOME=str(home / ".codex"))
        project = base / "project"
        (project / ".altimate-code").mkdir(parents=True)
        try:
            yield project
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
            os.environ.update(scrubbed)


@contextmanager
def _reads_remembered(enabled: bool = True) -> Iterator[dict[str, int]]:
    """The learner's kept reads on (as `learn run` has them) or off (every run reads every session with something
    after its cursor again); counts ``read`` (sessions read) and ``reused`` (handed back from a kept read)."""
    from altimate_learn.learner import sources

    counts = {"read": 0, "reused": 0}
    original = sources.collect

    def counted(*args: Any, **kwargs: Any) -> Any:
        if not enabled:
            kwargs["cache"] = None
        reads = original(*args, **kwargs)
        reused = getattr(kwargs.get("cache"), "hits", 0)
        counts["reused"] += reused
        counts["read"] += len(reads) - reused
        return reads

    sources.collect = counted
    try:
        yield counts
    finally:
        sources.collect = original


def measure(split: str, full: bool = False) -> dict:
    """Positives, and which of them the classifier and the digest carried, for one split (``full``: every run
    reads every session again, as separate `learn run` processes do)."""
    from altimate_learn.capture.capture import capture_paths
    from altimate_learn.capture.sessions import read_session
    from altimate_learn.config import load_settings
    from altimate_learn.learner.run import RunRequest, run
    from altimate_learn.learner.sources import remember_captured
    from altimate_learn.store import Store
    from altimate_learn.store import project as project_paths
    from research.data.real_sessions import load_messages, session_files

    files = list(session_files(split=split))
    ids: dict[str, str] = {}  # "<owner>__<name>/<n>" → the session id inside the file
    for path in files:
        ids[f"{path.parent.name}/{path.stem}"] = read_session(path).info.id
    every = {f"{ids[m.session]}:{m.id}": m for m in load_messages(split=split)}
    messages = [m for m in load_messages(split=split) if m.label in ("correction", "bug", "not")]
    positives = {f"{ids[m.session]}:{m.id}" for m in messages if m.positive}
    negatives = {f"{ids[m.session]}:{m.id}" for m in messages if not m.positive}
    with _isolated() as root, _reads_remembered(not full) as counts:
        paths = project_paths(root)
        store = Store(paths)
        summaries = capture_paths(store, files, harness="generic", project_root=root)
        remember_captured(paths, [(s.harness, s.session_id, s.path) for s in summaries])
        signals, _ = store.signals()
        flagged = {f"{s['sessionID']}:{s['messageID']}" for s in signals if s["kind"] == "user_correction"}
        settings = load_settings(root, root)
        shown_first: set[str] = set()
        shown_all: set[str] = set()
        runs = 0
        sizes: list[int] = []
        staged: list[dict] = []
        started = time.perf_counter()
        while runs < 200:
            report = run(paths, settings, RunRequest(model="builtin", force=True))
            if report.status == "nothing-new" or report.digest is None:
                break
            runs += 1
            staged += _staged(report.record or {}, every)
            refs = {e.ref for e in report.digest.exchanges}
            sizes.append(report.digest.size)
            if runs == 1:
                shown_first = refs
            shown_all |= refs
        seconds = time.perf_counter() - started
    return {
        "split": split, "sessions": len(files), "messages": len(messages), "positives": len(positives),
        "classifier": len(positives & flagged), "classifier_false": len(negatives & flagged),
        "first_run": len(positives & shown_first), "all_runs": len(positives & shown_all), "runs": runs,
        "largest_digest": max(sizes) if sizes else 0, "seconds": seconds, "staged": staged,
        "reads": dict(counts),
    }


_CITED = re.compile(r"^the person wrote in (\S+?):? ")


def _staged(record: dict, every: dict) -> list[dict]:
    """The lessons a built-in run staged, each with the labelled message it came from."""
    out = []
    for change in record.get("changes") or []:
        if change.get("target") != "review" or change.get("op") != "ADD":
            continue
        m = _CITED.match(change.get("reason") or "")
        message = every.get(m.group(1)) if m else None
        out.append({"text": change.get("text"), "message": f"{message.session}/{message.id}" if message else None,
                    "label": message.label if message else None, "typed": message.text if message else None})
    return out


def reviews() -> dict[tuple[str, str], dict]:
    """A person's verdict on each lesson the built-in learner staged, next to the message it came from:
    `good` (a rule that holds beyond the task, true to what the person meant), `vague`, or `wrong`."""
    path = REVIEWS
    if not path.exists():
        return {}
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {(row["message"], row["text"]): row for row in rows}


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f}%)" if whole else "0/0"


def main(splits: tuple[str, ...] = ("dev", "holdout"), full: bool = False) -> str:
    rows = [measure(split, full) for split in splits]
    lines = [
        "## Continual learner: corrections of real sessions that reach the model",
        "",
        "Labelled corrections (`correction` and `bug`) of the real-session corpus that reach the model: through "
        "the classifier alone (a signal is recorded only when it flags the message) and through the learner's "
        "digest (every exchange; whole exchanges, at most 48 KiB a run, runs repeated until nothing is new). "
        "The built-in reflector answered every run, so nothing left the machine.",
        "",
        "| split | sessions | labelled messages | corrections | classifier alone | digest, first run | "
        "digest, all runs | runs | largest digest |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(f"| {r['split']} | {r['sessions']} | {r['messages']} | {r['positives']} | "
                     f"{_share(r['classifier'], r['positives'])} | {_share(r['first_run'], r['positives'])} | "
                     f"{_share(r['all_runs'], r['positives'])} | {r['runs']} | {r['largest_digest']:,} bytes |")
    lines += ["", "The classifier also flagged " + ", ".join(
        f"{r['classifier_false']} messages labelled `not` ({r['split']})" for r in rows)
        + "; the digest shows every message, so what a correction is becomes the model's judgement, and "
        "the classifier only orders what goes first when a digest is full.",
        "", "This measures what reaches the model, not what a model learns from it: with the built-in reflector the "
        "learner is only as good as the classifier, and with a model it is as good as that model's reading of "
        "the exchanges (a test checks each typed message's text and reference in the request)."]
    if full:
        lines += ["", "Run: full (`--full`): the learner's kept reads were off, so every run read every session with "
                  "something after its cursor again."]
    else:
        lines += ["", "Run: as `learn run` runs. Every run reads the sessions with something after their cursor, but a "
                  "session whose transcript and cursor are unchanged since a run read it is handed back from that "
                  "run's kept read (`.learner/reads/`) instead of being read and classified again ("
                  + ", ".join(f"{r['split']}: {r['reads']['read']:,} reads, {r['reads']['reused']:,} reused"
                              for r in rows) + "). Reading is deterministic, so every number above is the one the "
                  "full run gives (`python research/learner_real.py --full`; a test compares both on part of the "
                  "corpus); only the time differs."]
    lines += _builtin_lessons(rows)
    return "\n".join(lines) + "\n"


def _builtin_lessons(rows: list[dict]) -> list[str]:
    """What the learner stages from those runs without a model (classifier + restatement + built-in reflector),
    each lesson judged by a person next to the message it came from (`data/real/learner_reviews.jsonl`)."""
    known = reviews()
    lines = ["", "### Without a model: staged lessons from those runs, reviewed", "",
             "The same runs staged lessons with the classifier, the restatement of questions and reminders, and the "
             "built-in reflector (no model). Each lesson was judged next to the message it came from: **usable** "
             "(a rule that holds beyond the task and says what the person meant), vague, or wrong; a lesson with no "
             "review is counted as unreviewed, so a change to the reflector cannot pass unnoticed.", "",
             "| split | corrections | staged from a correction | usable | vague | wrong | unreviewed | "
             "staged from other messages |",
             "|---|---|---|---|---|---|---|---|"]
    detail: list[str] = []
    for r in rows:
        verdicts: dict[str, int] = {}
        from_positive = 0
        other = 0
        for lesson in r["staged"]:
            review = known.get((lesson["message"], lesson["text"]), {})
            verdict = review.get("verdict", "unreviewed")
            if lesson["label"] in ("correction", "bug"):
                from_positive += 1
                verdicts[verdict] = verdicts.get(verdict, 0) + 1
            else:
                other += 1
            cells = [r["split"], lesson["label"] or "?", (lesson["typed"] or "")[:90], lesson["text"] or "",
                     f"{verdict}: {review.get('why', '')}"]
            detail.append("| " + " | ".join(" ".join(c.split()).replace("|", "\\|") for c in cells) + " |")
        lines.append(f"| {r['split']} | {r['positives']} | {from_positive} | "
                     f"{_share(verdicts.get('good', 0), r['positives'])} | {verdicts.get('vague', 0)} | "
                     f"{verdicts.get('wrong', 0)} | {verdicts.get('unreviewed', 0)} | {other} |")
    lines += ["", "| split | label | typed | staged lesson | verdict |", "|---|---|---|---|---|", *detail, "",
              "Real corrections are mostly bug reports and complaints about one task (\"the status bar is black\", "
              "\"still does not work\"), with no rule in their words: offline, the learner turns almost none of "
              "them into a lesson worth keeping, and a model (`learn run --model …`, an agent CLI such as "
              "`claude-code`) is what learns from them. The restatement of questions and reminders is tested on "
              "hand-written forms (tests/learner/test_fallback.py); the real sessions hold too few of them "
              "to measure it here."]
    return lines


if __name__ == "__main__":
    print(main(full="--full" in sys.argv[1:]))
