"""Does `learn capture` read aider chat histories and Markdown exports of sessions as the research corpus does?

For every aider history, SpecStory export and Claude Code Markdown rendering that `research/data/real/` was built from
(`SOURCES.tsv`, harness `aider`, `specstory` or `claude-code-md`) whose repository is on this machine (a bare or
mirrored git directory under `--mirrors`, default `/work/.mirror/<owner>+<name>/repo`), this reads the file at the
recorded commit twice: with the product's readers (`altimate_learn.capture.sessions`: format detection, then
`readers_for`, as `learn capture PATH` does) and with the corpus builder's parsers (`research/real_sessions_formats.py`).
It prints, per format, how many typed messages each finds, how many they share (the same words, whitespace aside),
and what only one of them finds, with examples; and how many of the typed messages the corpus holds for those files
(redacted, clipped, at most 20 or 40 a repository) the product finds too. With `--signals`, also how many of the
labelled corrections and bug reports (and ordinary messages) of those files the correction classifier flags when it
reads the raw file as `learn capture` does, and when it reads the corpus's trajectory of it. A repository that is not on this machine is
counted as not fetched; nothing is downloaded here.

    python research/capture_formats_check.py [--mirrors DIR] [--examples N] [--json] [--signals]
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from altimate_learn.capture.capture import readers_for  # noqa: E402
from altimate_learn.capture.model import UserMessage  # noqa: E402
from altimate_learn.capture.sessions import detect_format  # noqa: E402
from altimate_learn.errors import LearnError  # noqa: E402
from altimate_learn.redact import redact  # noqa: E402
from research.real_sessions_formats_more import PARSERS  # noqa: E402

REAL = ROOT / "research" / "data" / "real"
FORMATS = {"aider": "aider", "specstory": "markdown", "claude-code-md": "markdown"}
KEY_CHARS = 300  # messages are compared on their first characters, whitespace collapsed


def key(text: str) -> str:
    return " ".join(text.split())[:KEY_CHARS]


def raw_file(mirrors: Path, repo: str, commit: str, path: str) -> bytes | None:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    if not git_dir.exists():
        return None
    for ref in (commit, "HEAD"):
        done = subprocess.run(["git", "--git-dir", str(git_dir), "show", f"{ref}:{path}"], capture_output=True)
        if done.returncode == 0:
            return done.stdout
    return b""


def product_messages(path: Path, harness: str) -> tuple[str | None, list[str], int, int]:
    """The detected format, the typed messages, the interruptions and how many typed messages have a time, as
    `learn capture` reads one file."""
    try:
        detected = detect_format(path)
    except LearnError:
        detected = None
    typed: list[str] = []
    interrupts = timed = 0
    for reader in readers_for([path], harness=harness):
        for event in reader.events():
            if isinstance(event, UserMessage):
                if event.kind == "text":
                    typed.append(event.text)
                    timed += event.at is not None
                elif event.kind == "interrupt":
                    interrupts += 1
    return detected, typed, interrupts, timed


def research_messages(text: str, harness: str) -> tuple[list[str], int]:
    typed: list[str] = []
    interrupts = 0
    for session in PARSERS[harness](text):
        for turn in session.turns:
            if turn.role == "user":
                typed.append(turn.text)
            elif turn.role == "interrupt":
                interrupts += 1
    return typed, interrupts


def corpus_messages() -> dict[tuple[str, str], list[tuple[str, str, str, str]]]:
    """The typed messages the corpus holds (text, label, session, message id), by (repository, path) of the file they
    came from."""
    labels: dict[tuple[str, str], str] = {}
    with open(REAL / "labels.jsonl", encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            labels[(record["session"], record["id"])] = record["label"]
    held: dict[tuple[str, str], list[tuple[str, str, str, str]]] = defaultdict(list)
    for file in sorted((REAL / "sessions").glob("*/*.jsonl")):
        lines = file.read_text(encoding="utf-8").splitlines()
        source = json.loads(lines[0]).get("source") or {}
        if source.get("harness") not in FORMATS:
            continue
        session = f"{file.parent.name}/{file.stem}"
        for line in lines[1:]:
            record = json.loads(line)
            if record.get("type") == "user":
                held[(source["repo"], source["path"])].append((record["text"], labels.get((session, record["id"]), "?"),
                                                               session, record["id"]))
    return held


_PLACEHOLDER = re.compile(r"\[(?:code block|email|phone|url|REDACTED[^\]]*)\]", re.I)


def found_in(corpus_text: str, product: list[str]) -> bool | None:
    """A corpus message (redacted, clipped, its code blocks and contact details replaced by placeholders) among the
    product's messages of the same file: the start of its first stretch of plain text (after a slash command's name)
    is in one of them. None when nothing of it is left to look for (a message that was only a secret or a code
    block)."""
    pieces = [" ".join(piece.split()) for piece in _PLACEHOLDER.split(corpus_text)]
    pieces = [re.sub(r"\A/[\w:.-]+\s*", "", piece) for piece in pieces]  # `/specify X`: the product keeps X
    pieces = [piece for piece in pieces if len(piece) >= 8]
    if not pieces:
        return None
    probe = pieces[0][:50]
    return any(probe in " ".join(redact(text).split()) or probe in " ".join(text.split()) for text in product)


def compare_signals(path: Path, harness: str, messages: list[tuple[str, str, str, str]], t: Counter,
                    differ: list[str]) -> None:
    """The labelled corrections and bug reports (positives) and ordinary messages (negatives) of one file that the
    classifier flags, reading the raw file as `learn capture` does vs reading the corpus's trajectory of it."""
    from altimate_learn.capture.capture import signals_from_session
    from altimate_learn.capture.sessions import read_session

    flagged_product = []
    for reader in readers_for([path], harness=harness):
        found, _ = signals_from_session(reader)
        flagged_product += [s.text for s in found if s.kind == "user_correction"]
    flagged_corpus: set[tuple[str, str]] = set()
    for session in sorted({m[2] for m in messages}):
        found, _ = signals_from_session(read_session(REAL / "sessions" / f"{session}.jsonl", harness="generic"))
        flagged_corpus |= {(session, s.message_id) for s in found if s.kind == "user_correction"}
    for text, label, session, mid in messages:
        side = "positive" if label in ("correction", "bug") else "negative" if label == "not" else None
        if side is None:
            continue
        t[f"signals: {side}s"] += 1
        by_corpus, by_product = (session, mid) in flagged_corpus, bool(found_in(text, flagged_product))
        t[f"signals: {side}s flagged (corpus trajectory)"] += by_corpus
        t[f"signals: {side}s flagged (product reading)"] += by_product
        if by_corpus != by_product:
            differ.append(f"{session}/{mid} [{label}] flagged by the {'product' if by_product else 'corpus'} "
                          f"reading only: {text[:120]!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--examples", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--signals", action="store_true",
                        help="also run the correction classifier both ways: on the product's reading of the file and "
                             "on the corpus's trajectory, and count the labelled messages each flags")
    args = parser.parse_args(argv)

    with open(REAL / "SOURCES.tsv", encoding="utf-8") as handle:
        rows = [r for r in csv.DictReader(handle, delimiter="\t") if r.get("harness") in FORMATS]
    held = corpus_messages()
    totals: dict[str, Counter] = defaultdict(Counter)
    examples: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    with tempfile.TemporaryDirectory() as scratch:
        for number, row in enumerate(rows):
            fmt = row["harness"]
            t = totals[fmt]
            t["files listed"] += 1
            raw = raw_file(args.mirrors, row["repo"], row["commit"], row["path"])
            if raw is None:
                t["files not fetched"] += 1
                continue
            if not raw:
                t["files missing at the commit"] += 1
                continue
            t["files read"] += 1
            target = Path(scratch) / str(number) / Path(row["path"]).name
            target.parent.mkdir(parents=True)
            target.write_bytes(raw)
            if fmt == "aider":  # aider's input history beside it gives the typed messages their times
                beside = str(Path(row["path"]).parent / ".aider.input.history").removeprefix("./")
                inputs = raw_file(args.mirrors, row["repo"], row["commit"], beside)
                if inputs:
                    (target.parent / ".aider.input.history").write_bytes(inputs)
                    t["files with an input history beside"] += 1
            research, research_stops = research_messages(raw.decode("utf-8", "replace"), fmt)
            try:
                detected, product, product_stops, timed = product_messages(target, FORMATS[fmt])
            except LearnError as exc:  # not a transcript (SpecStory's own `.what-is-this.md`), said in one line
                t["files refused by the product"] += 1
                t["typed (research parser) in refused files"] += len(research)
                examples[fmt]["refused"].append(f"{row['repo']}:{row['path']}: {str(exc)[:120]}")
                continue
            t["detected as " + str(detected)] += 1
            t["typed (research parser)"] += len(research)
            t["typed (product reader)"] += len(product)
            t["typed (product reader), with a time"] += timed
            t["interruptions (research parser)"] += research_stops
            t["interruptions (product reader)"] += product_stops
            left, right = Counter(map(key, research)), Counter(map(key, product))
            both = left & right
            t["typed, both"] += sum(both.values())
            only_research = left - right
            only_product = right - left
            t["typed, research only"] += sum(only_research.values())
            t["typed, product only"] += sum(only_product.values())
            where = f"{row['repo']}:{row['path']}"
            for text in list(only_research.elements())[:2]:
                examples[fmt]["research only"].append(f"{where}: {text[:140]!r}")
            for text in list(only_product.elements())[:2]:
                examples[fmt]["product only"].append(f"{where}: {text[:140]!r}")
            messages = held.get((row["repo"], row["path"]), [])
            if args.signals and messages:
                compare_signals(target, FORMATS[fmt], messages, t, examples[fmt]["signals, flagged one way only"])
            for corpus_text, label, _, _ in messages:
                found = found_in(corpus_text, product)
                if found is None:
                    t["corpus typed, nothing left to compare"] += 1
                    continue
                t["corpus typed (held for these files)"] += 1
                if label == "untyped":  # the builder kept it, a person labelled it as not typed by anyone
                    t["corpus labelled untyped"] += 1
                    t["corpus labelled untyped, read as typed by the product"] += int(found)
                if found:
                    t["corpus typed, found by the product"] += 1
                else:
                    t[f"corpus typed, not found by the product (labelled {label})"] += 1
                    examples[fmt]["corpus, not found by the product"].append(f"{where} [{label}]: {corpus_text[:140]!r}")
    if args.json:
        print(json.dumps({"totals": {k: dict(v) for k, v in totals.items()},
                          "examples": {k: {kk: vv[:args.examples] for kk, vv in v.items()} for k, v in examples.items()}},
                         indent=2, ensure_ascii=False))
        return 0
    for fmt, counts in totals.items():
        print(f"== {fmt} (product harness: {FORMATS[fmt]})")
        for name, value in counts.items():
            print(f"  {name:<40} {value}")
        if counts["typed (research parser)"]:
            agree = counts["typed, both"] / max(counts["typed (research parser)"], counts["typed (product reader)"])
            print(f"  {'agreement (both / larger count)':<40} {agree:.3f}")
        if counts["corpus typed (held for these files)"]:
            share = counts["corpus typed, found by the product"] / counts["corpus typed (held for these files)"]
            print(f"  {'corpus messages found by the product':<40} {share:.3f}")
        for kind, items in examples[fmt].items():
            print(f"  -- {kind} ({len(items)}; first {min(len(items), args.examples)}):")
            for item in items[:args.examples]:
                print(f"     {item}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
