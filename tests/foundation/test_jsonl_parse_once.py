"""A JSONL file's lines are parsed once per content (store/fsio.read_jsonl keeps its last parse): every read still
returns exactly what parsing the file's bytes gives, the same skipped-line notices, in objects the caller may change."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from altimate_learn.jsonsafe import loads
from altimate_learn.store import fsio


def fresh_parse(raw: bytes) -> tuple[list[Any], list[int], bool]:
    """read_jsonl as it was before it kept parses: the reference every read must equal."""
    records: list[Any] = []
    bad: list[int] = []
    lines = raw.split(b"\n")
    torn = bool(lines and lines[-1].strip())
    for number, line in enumerate(lines[:-1], 1):
        if not line.strip():
            continue
        try:
            records.append(loads(line))
        except (json.JSONDecodeError, UnicodeDecodeError):
            bad.append(number)
    if torn:
        bad.append(len(lines))
    return records, bad, torn


def check(path: Path) -> list[Any]:
    result = fsio.read_jsonl(path)
    records, bad, torn = fresh_parse(path.read_bytes())
    assert (result.records, result.skipped, result.torn) == (records, len(bad), torn)
    assert fsio._unreadable.get(str(path), []) == bad
    return result.records


LINES = [b'{"id": "s1", "kind": "user_correction", "text": "use pnpm", "status": "open"}',
         b'{"id": "h1", "usage": {"inputTokens": 3}, "tags": ["a", "b"]}', b'[1, 2, {"x": 3}]', b'"a string"',
         b"42", b"null", b'{"broken": ', b"", b"   ", b"\xff\xfe not utf-8", b'{"id": "s2", "text": "caf\xc3\xa9"}']


@pytest.mark.parametrize("seed", range(12))
def test_every_read_equals_a_fresh_parse_whatever_happens_to_the_file(tmp_path: Path, seed: int):
    rng = random.Random(seed)
    path = tmp_path / "signals.jsonl"
    for _ in range(120):
        raw = path.read_bytes() if path.exists() else b""
        step = rng.randrange(8)
        if step == 0:  # whole lines appended
            raw += b"".join(rng.choice(LINES) + b"\n" for _ in range(rng.randint(1, 4)))
        elif step == 1:  # a torn line appended, or one completed
            raw += rng.choice(LINES)[: rng.randint(1, 30)] + rng.choice([b"", b"\n"])
        elif step == 2 and raw:  # rewritten in place, same size: one byte changed
            at = rng.randrange(len(raw))
            raw = raw[:at] + bytes([rng.choice(b'{}"x1 \n')]) + raw[at + 1:]
        elif step == 3:  # cut shorter
            raw = raw[: rng.randrange(len(raw) + 1)]
        elif step == 4:  # rewritten with other lines (a consume)
            raw = raw.replace(b'"open"', b'"used"')
        elif step == 5 and path.exists() and rng.random() < 0.2:
            path.unlink()
            assert fsio.read_jsonl(path).records == []
            continue
        path.write_bytes(raw)
        records = check(path)
        for record in records:  # a caller that changes what it read changes nothing for the next read
            if isinstance(record, dict):
                record["status"] = "changed"
                record.setdefault("usage", {})["x"] = 1 if isinstance(record.get("usage"), dict) else None
            elif isinstance(record, list):
                record.append("more")
        check(path)


def test_an_appended_file_parses_only_its_new_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "signals.jsonl"
    parsed: list[bytes] = []

    def counting(data):
        parsed.append(bytes(data))
        return loads(data)

    monkeypatch.setattr(fsio, "loads", counting)
    for n in range(50):
        with open(path, "ab") as handle:
            handle.write(json.dumps({"id": f"s{n}", "text": "x" * n}).encode() + b"\n")
        assert [r["id"] for r in fsio.read_jsonl(path).records] == [f"s{i}" for i in range(n + 1)]
        fsio.read_jsonl(path)  # the same bytes again
    assert len(parsed) == 50  # each line once; parsing at every read was 50 * 51 = 2,550
    path.write_text('{"id": "other"}\n')  # replaced: parsed again
    assert fsio.read_jsonl(path).records == [{"id": "other"}] and len(parsed) == 51


def test_what_is_kept_stays_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A long-lived process (the learner) keeps the parses of a few files, never more than a few MB in all."""
    monkeypatch.setattr(fsio, "_parses", {})
    monkeypatch.setattr(fsio, "_PARSES_KEPT_BYTES", 3000)
    line = json.dumps({"id": "s", "text": "x" * 480}).encode() + b"\n"
    paths = [tmp_path / f"f{n}.jsonl" for n in range(12)]
    for path in paths:
        path.write_bytes(line * 2)  # ~1 KB each
        check(path)
    assert len(fsio._parses) <= fsio._PARSES_KEPT
    assert sum(len(p.raw) for p in fsio._parses.values()) <= 3000
    assert str(paths[-1]) in fsio._parses and str(paths[0]) not in fsio._parses  # the oldest went first
    big = tmp_path / "big.jsonl"
    big.write_bytes(line * 8)  # over the whole budget: parsed, not kept
    check(big)
    assert str(big) not in fsio._parses
    for path in paths:
        check(path)  # read again after being let go: still what a fresh parse gives
