"""Every verdict the correction classifier gives on every text we have, as one digest: a speed change to the classifier
must leave it byte-identical.

    python research/classifier_verdicts.py             # digests per source, and the needles check
    python research/classifier_verdicts.py --no-check  # digests and CPU time only
    python research/classifier_verdicts.py --held-back # held-back sets: verdicts with and without needles compared
                                                       # in one process, counts only (one look at each)

Sources (readable ones): the real-session dev split as `classifier_real.py` reads it (answer, reply, reasoning, model),
`corrections.jsonl` and the readable blind sets (blind1-10) without the answer, with it and with the reply, and every
string literal of tests/ read alone and after an answer that says the work is done. Run it on two checkouts (for
example main through `git archive`, and a branch) and compare the lines: a line that differs is a verdict changed.

The needles check (`capture/needles.py`): for every clause a cue table was tried on, every pattern that matches it
must have one of its needles in it (a pattern skipped by the needles could not have matched), and every lookup must
give the cues a search of every pattern gives; every single big pattern read as its alternatives (`needles.found`,
`needles.may_match`) must answer as the pattern's own search does. It prints how many (table, clause) lookups and
single-pattern searches were checked, how many patterns matched without their needles and how many answers differed
(both must be 0).

`--held-back` reads the real-session held-out split and the held-back blind sets (blind11, blind12) and prints only how
many messages were classified and how many verdicts differ between the tables searched with and without needles:
never a message, a label, a reason or a score.
"""

from __future__ import annotations

import ast
import hashlib
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DONE = "I fixed the bug and updated the tests; they all pass now."
READABLE_BLIND = tuple(f"corrections_blind{i}.jsonl" for i in range(1, 11))
HELD_BACK_BLIND = ("corrections_blind11.jsonl", "corrections_blind12.jsonl")


def test_strings(root: Path = ROOT) -> list[str]:
    """Every string literal (3 to 5,000 characters) of the test files, once each, in a fixed order."""
    seen: dict[str, None] = {}
    for path in sorted((root / "tests").rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and 3 <= len(node.value) <= 5000:
                seen.setdefault(node.value, None)
    return list(seen)


def _rows(name: str) -> list[dict[str, Any]]:
    from research.classifier_blind import load

    return load(ROOT / "research" / "data" / name)


def _row_verdicts(rows: list[dict[str, Any]]) -> Iterator[Any]:
    from research.classifier_blind import REPLY, verdict_of

    for row in rows:
        yield verdict_of(row, False)
        yield verdict_of(row, True)
        if row.get("reply"):
            yield verdict_of(row, REPLY)


def _real_verdicts(split: str) -> Iterator[Any]:
    from research.classifier_real import _verdict
    from research.data.real_sessions import iter_classifier_inputs

    for message, msg, previous in iter_classifier_inputs(split):
        yield _verdict(message, msg, previous)


def _text_verdicts(texts: list[str]) -> Iterator[Any]:
    from altimate_learn.capture.classifier import classify_text

    for text in texts:
        yield classify_text(text)
        yield classify_text(text, answer=DONE)


def sources() -> list[tuple[str, Callable[[], Iterator[Any]]]]:
    return [("real dev", lambda: _real_verdicts("dev")),
            ("corrections.jsonl", lambda: _row_verdicts(_rows("corrections.jsonl")))] + [
        (name.removesuffix(".jsonl"), lambda name=name: _row_verdicts(_rows(name))) for name in READABLE_BLIND] + [
        ("test strings", lambda: _text_verdicts(test_strings()))]


def _line(verdict: Any) -> str:
    return f"{bool(verdict.correction)}\t{verdict.reason}\t{verdict.strength}"


class _Check:
    """Wraps `needles.matches` so every lookup is also made without needles, and counts patterns found in a clause
    that has none of their needles; wraps `needles.found` and `needles.may_match` (one big pattern read as its
    alternatives) so every answer is also the pattern's own search."""

    def __init__(self) -> None:
        from altimate_learn.capture import needles

        self.needles, self.lookups, self.searches, self.missed, self.differ = needles, 0, 0, 0, 0
        self.original = needles.matches

    def __enter__(self) -> "_Check":
        original, needles = self.original, self.needles

        def matches(cues: Any, text: str) -> Iterator[Any]:
            self.lookups += 1
            folded = needles.fold(text)
            for pattern, _value in cues:
                need = needles.needles(pattern)
                if need is not None and not any(n in folded for n in need) and pattern.search(text):
                    self.missed += 1
            found = list(original(cues, text))
            if found != [value for pattern, value in cues if pattern.search(text)]:
                self.differ += 1
            return iter(found)

        def found(pattern: Any, text: str) -> bool:
            self.searches += 1
            got = original_found(pattern, text)
            if got != bool(pattern.search(text)):
                self.differ += 1
            return got

        def may_match(pattern: Any, text: str) -> bool:
            self.searches += 1
            got = original_may_match(pattern, text)
            if not got and pattern.search(text):
                self.missed += 1
            return got

        original_found, original_may_match = needles.found, needles.may_match
        self.restore = {"matches": self.original, "found": original_found, "may_match": original_may_match}
        needles.matches, needles.found, needles.may_match = matches, found, may_match
        return self

    def __exit__(self, *_: object) -> None:
        for name, value in self.restore.items():
            setattr(self.needles, name, value)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        from altimate_learn.capture import needles
    except ImportError:  # a checkout from before the needles
        needles = None  # type: ignore[assignment]
    if "--held-back" in args:
        if needles is None:
            print("no needles in this checkout: nothing to compare")
            return 2
        held: list[tuple[str, Callable[[], Iterator[Any]]]] = [("real held-out", lambda: _real_verdicts("holdout"))] + [
            (name.removesuffix(".jsonl"), lambda name=name: _row_verdicts(_rows(name))) for name in HELD_BACK_BLIND]
        for name, make in held:
            needles.WARM_AFTER = needles.SEARCH_WARM_AFTER = 10**12  # never: every pattern searched
            needles._TABLES.clear()
            needles._SPLITS.clear()
            plain = [_line(v) for v in make()]
            needles.WARM_AFTER = needles.SEARCH_WARM_AFTER = 0  # at once: every lookup through the needles
            needles._TABLES.clear()
            needles._SPLITS.clear()
            gated = [_line(v) for v in make()]
            differ = sum(a != b for a, b in zip(plain, gated)) + abs(len(plain) - len(gated))
            print(f"{name}: {len(plain)} verdicts, {differ} differ")
        return 0
    check = None
    if needles is not None:
        needles.WARM_AFTER = 0
        needles.SEARCH_WARM_AFTER = 0  # (a checkout from before it: an attribute nobody reads)
        if "--no-check" not in args:
            check = _Check().__enter__()
    total = 0.0
    for name, make in sources():
        start = time.process_time()
        lines = [_line(v) for v in make()]
        spent = time.process_time() - start
        total += spent
        digest = hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()[:16]
        print(f"{name}: {len(lines)} verdicts, {sum(line.startswith('True') for line in lines)} corrections, "
              f"sha256 {digest} ({spent:.1f} s CPU)", flush=True)
    if check is not None:
        check.__exit__()
        print(f"needles check: {check.lookups} lookups and {check.searches} single-pattern searches, {check.missed} "
              f"patterns found without their needles, {check.differ} lookups or searches whose answer differs from "
              f"searching the pattern")
    print(f"CPU {total:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
