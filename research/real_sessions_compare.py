"""The real-session corpus now against a git revision of it: what a rebuild changed (not run by CI).

    python research/real_sessions_compare.py [--base REV]     # REV defaults to HEAD

Per split (dev, holdout): how many repositories and sessions were rebuilt with both ends of every answer (their
session record carries `clip`, research/real_sessions_build.py) and how many kept as they were; how many answers
changed, gained their start, or were added after a session's last typed message, and how many carry the opening
of the agent's reasoning (`thinking`). It checks what a rebuild must never
change: the sessions, the typed messages (ids and text, in order) and `labels.jsonl`. Prints counts only, never a
message, so it can be run on the held-out split. Exits 1 when a typed message or a label differs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from research.data.real_sessions import DATA_DIR, SESSIONS_DIR, splits  # noqa: E402

RELATIVE = DATA_DIR.relative_to(ROOT).as_posix()


def _git(*args: str, stdin: bytes | None = None) -> bytes:
    return subprocess.run(["git", "-C", str(ROOT), *args], input=stdin, capture_output=True, check=True).stdout


def base_files(rev: str) -> dict[str, bytes]:
    """Every file under research/data/real at ``rev``: path relative to it -> bytes."""
    listed = _git("ls-tree", "-r", "--format=%(objectname) %(path)", rev, "--", RELATIVE).decode("utf-8").splitlines()
    names = [line.split(" ", 1) for line in listed if line]
    out = _git("cat-file", "--batch", stdin="".join(f"{sha}\n" for sha, _ in names).encode())
    files, at = {}, 0
    for _sha, path in names:
        header_end = out.index(b"\n", at)
        size = int(out[at:header_end].split()[2])
        files[path[len(RELATIVE) + 1:]] = out[header_end + 1: header_end + 1 + size]
        at = header_end + 1 + size + 1
    return files


def _records(data: bytes) -> list[dict]:
    return [json.loads(line) for line in data.decode("utf-8").splitlines() if line.strip()]


def _typed(records: list[dict]) -> list[tuple[str, str]]:
    return [(r["id"], r["text"]) for r in records if r.get("type") == "user"]


def _answers(records: list[dict]) -> dict[str, str]:
    """Answer id -> text. The answer after a session's last typed message has the id of the message after it."""
    return {r["id"]: r["text"] for r in records if r.get("type") == "assistant"}


def compare(rev: str = "HEAD") -> dict:
    before = base_files(rev)
    now = {p.relative_to(DATA_DIR).as_posix(): p.read_bytes() for p in sorted(SESSIONS_DIR.glob("*/*.jsonl"))}
    old_sessions = {k: v for k, v in before.items() if k.startswith("sessions/") and k.endswith(".jsonl")}
    split_of = splits()
    counts: dict[str, Counter] = defaultdict(Counter)
    repo_state: dict[str, set[str]] = defaultdict(set)
    problems: list[str] = []
    for name in sorted(set(old_sessions) | set(now)):
        repo = name.split("/")[1].replace("__", "/", 1)
        split = split_of.get(repo, "?")
        c = counts[split]
        if name not in now or name not in old_sessions:
            problems.append(f"{name}: session {'gone' if name not in now else 'new'}")
            continue
        old, new = _records(old_sessions[name]), _records(now[name])
        if _typed(old) != _typed(new):
            problems.append(f"{name}: typed messages differ")
        rebuilt = "clip" in new[0]
        repo_state[repo].add("rebuilt" if rebuilt else "kept")
        c["sessions rebuilt" if rebuilt else "sessions kept"] += 1
        c["typed messages"] += len(_typed(new))
        was, got = _answers(old), _answers(new)
        c["answers"] += len(got)
        c["answers changed"] += sum(got[k] != was.get(k) for k in got if k in was)
        c["answers given their start"] += sum(
            k in was and was[k].startswith("\u2026") and "\n[\u2026]\n" in got[k] for k in got)
        c["answers after the last typed message, added"] += len(set(got) - set(was))
        c["answers gone"] += len(set(was) - set(got))
        c["answers with a thinking opening"] += sum("thinking" in r for r in new if r.get("type") == "assistant")
    for repo, states in repo_state.items():
        counts[split_of.get(repo, "?")]["repositories " + ("rebuilt" if states == {"rebuilt"} else
                                                           "kept" if states == {"kept"} else "partly rebuilt")] += 1
    labels_same = before.get("labels.jsonl") == (DATA_DIR / "labels.jsonl").read_bytes()
    split_same = before.get("split.json") == (DATA_DIR / "split.json").read_bytes()
    if not labels_same:
        problems.append("labels.jsonl differs")
    if not split_same:
        problems.append("split.json differs")
    return {"counts": {k: dict(v) for k, v in sorted(counts.items())}, "problems": problems}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="HEAD", help="the git revision to compare with (default HEAD)")
    args = parser.parse_args(argv)
    try:
        result = compare(args.base)
    except subprocess.CalledProcessError as error:
        print(f"error: cannot read {RELATIVE} at {args.base!r} ({error.stderr.decode().strip()}); pass a revision of "
              "this repository with --base", file=sys.stderr)
        return 2
    order = ("repositories rebuilt", "repositories partly rebuilt", "repositories kept", "sessions rebuilt",
             "sessions kept", "typed messages", "answers", "answers changed", "answers given their start",
             "answers after the last typed message, added", "answers gone",
             "answers with a thinking opening")
    print(f"against {args.base}:")
    for split, c in result["counts"].items():
        print(f"{split}: " + ", ".join(f"{c.get(k, 0)} {k}" for k in order))
    for problem in result["problems"]:
        print("DIFFERS: " + problem)
    print("typed messages, sessions, labels and split: " + ("identical" if not result["problems"] else
                                                             f"{len(result['problems'])} differences"))
    return 1 if result["problems"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
