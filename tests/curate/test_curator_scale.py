"""Issue 19 (curator at scale): what a reflection learns from the user's cache, and the passes that avoid
going over every stored lesson, never change what the curator decides or writes. A chain of reflections
run warm, cold, on a damaged cache and on a cache that describes other files must leave the same files,
byte for byte, and the same results."""

from __future__ import annotations

import itertools
import json
import os
import random
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from altimate_learn.curate import apply, curator, prepared, writing
from tests.curate.helpers import add, lesson, make_store

NOW = "2026-03-01T00:00:00.000Z"


def _store_lessons(count: int) -> list[dict]:
    """A store with something for every rule: identifiers to overlap, near-duplicates, lessons marked
    helpful and harmful (two of them harmful enough to be removed), old and young lessons to trade."""
    rng = random.Random(count)
    verbs = ["Use", "Prefer", "Never use", "Keep", "Name", "Convert"]
    nouns = ["staging models", "marts", "seeds", "macros", "snapshots", "fixtures", "handlers"]
    words = ["orders", "payments", "customers", "invoices", "refunds", "ledger", "accounts"]
    out = []
    for n in range(count):
        if n % 3 == 0:
            text = f"{rng.choice(verbs)} `{rng.choice(words)}_{n:x}_col` in {rng.choice(nouns)}."
        else:
            text = f"{rng.choice(verbs)} {rng.choice(nouns)} for {rng.choice(words)} rule{n:x} consistently."
        created = f"2026-0{1 + n % 2}-01T00:00:00.000Z"  # half of them past the grace period at NOW
        out.append(lesson(f"L-{n:04x}", text, helpful=n % 4 if n % 7 else 0, harmful=1 if n % 11 == 0 else 0,
                          created=created))
    out[5]["harmful"], out[5]["helpful"] = 3, 0
    out[8]["coexists"] = ["L-0009"]
    out[12]["trigger"] = {"paths": ["models/**/*.sql"]}
    return out


def _reflections(stored: list[dict]) -> list[list[dict]]:
    return [
        [add("Snapshot tables use `dbt_valid_to is null` for the current row."),
         add("Wrap timestamps with `to_utc()` in every staging model."),
         add(stored[4]["text"]),  # a restatement: a HELPFUL vote
         add(f"Always use `{stored[3]['text'].split('`')[1]}` in marts."),  # shares an identifier
         {"op": "EDIT", "id": "L-0002", "text": "Prefer marts for orders rule2 with explicit column lists.",
          "reason": "r"},
         {"op": "HELPFUL", "id": "L-0010", "reason": "r"}, {"op": "HARMFUL", "id": "L-0005", "reason": "r"},
         {"op": "HARMFUL", "id": "L-0021", "reason": "r"}, {"op": "REMOVE", "id": "L-0030", "reason": "obsolete"}],
        [add("Seeds stay under `seeds/reference/` with a documented owner."),
         add(stored[7]["text"].rstrip(".") + " always."),
         {"op": "EDIT", "id": "L-0009", "text": "Keep macros for refunds in one place.", "reason": "r"},
         {"op": "HARMFUL", "id": "L-0021", "reason": "r"}, {"op": "REMOVE", "id": "L-0031", "reason": "r"}],
        [add("Never use `dbt_valid_to is null` outside snapshots."),
         add("Document the owner of every ledger seed."),
         {"op": "HELPFUL", "id": "L-0008", "reason": "r"}, {"op": "REMOVE", "id": "L-0002", "reason": "r"}],
    ]


def _cache_root() -> Path:
    return Path(os.environ["XDG_CACHE_HOME"]) / "altimate-learn"


def _run_chain(folder: Path, stored: list[dict], before_each=None) -> tuple[dict, list]:
    """Three reflections (each a new session), the store's files after them and what each returned."""
    store = make_store(folder, approved=stored)
    store.write_json(store.HARMFUL, {"L-0005": ["fb-a", "fb-b"]})
    counter = itertools.count(0xA000)
    results = []
    for number, deltas in enumerate(_reflections(stored)):
        if before_each is not None:
            before_each()
        apply.new_lesson_id = lambda taken=(): f"L-{next(counter):04x}"  # ids as a fresh process would draw
        result = curator.curate(store, deltas, session_id=f"s{number}", max_stored=len(stored) + 1,
                                max_in_force=len(stored) - 2, now=NOW)
        results.append((result.summary, result.applied, result.rejected, result.flagged, result.retired,
                        result.changed, result.candidate, result.cap.to_json()))
    files = {}
    for path in sorted(store.path(store.APPROVED).parent.iterdir()):
        if path.is_file() and not path.name.endswith(".lock"):
            data = path.read_text()
            if path.name == "history.jsonl":  # the time of each entry is the clock's
                data = [{k: v for k, v in json.loads(line).items() if k not in ("ts", "at")}
                        for line in data.splitlines()]
            if path.name == "vetted.json":
                data = {k: {f: v for f, v in stamp.items() if f != "at"}
                        for k, stamp in json.loads(data)["lessons"].items()}
            files[path.name] = data
    return files, results


@pytest.fixture()
def fixed_ids(monkeypatch):
    monkeypatch.setattr(apply, "new_lesson_id", apply.new_lesson_id)  # restored after the test
    monkeypatch.setattr(prepared, "MIN_PARSED_BYTES", 0)  # every path a 10,000-lesson store takes


def _damage_every_cache_file() -> None:
    for path in _cache_root().rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            path.write_bytes(data[: len(data) // 2] + b"\x00garbage" + data[len(data) // 2 + 8:])


def _swap_cache_files() -> None:
    """Each cache file takes another's name (same kind): a record that describes other bytes."""
    for suffix in ("ok", "index", "parsed", "vok", "due", "bin"):
        files = sorted(p for p in _cache_root().rglob(f"*.{suffix}"))
        if len(files) < 2:
            continue
        contents = [p.read_bytes() for p in files]
        for path, data in zip(files, contents[1:] + contents[:1]):
            path.write_bytes(data)


def test_a_chain_of_reflections_leaves_the_same_files_warm_cold_and_on_a_broken_cache(tmp_path, fixed_ids):
    stored = _store_lessons(150)  # over 64: the writer's run-finding path
    cold_files, cold_results = _run_chain(tmp_path / "cold",
                                          stored, lambda: shutil.rmtree(_cache_root(), ignore_errors=True))
    assert any(a["op"] == "REMOVE" and a.get("note") == "harmful" for r in cold_results for a in r[1]), \
        "the chain must remove a lesson for harm"
    assert any(r[7]["traded"] for r in cold_results), "the chain must trade under the cap"
    assert any(a.get("note", "").startswith("duplicate ADD") for r in cold_results for a in r[1])
    assert any(r_.get("rule") == "overlap" for r in cold_results for r_ in r[2]) or \
        any(a.get("note") == "implicit supersede" for r in cold_results for a in r[1])

    shutil.rmtree(_cache_root(), ignore_errors=True)
    warm_store = make_store(tmp_path / "seen", approved=stored)
    for _ in range(2):  # the user's cache knows these lessons: verdicts, postings, the parsed file
        curator.curate(warm_store, [], now=NOW)
    assert list(_cache_root().rglob("*.parsed")) and list(_cache_root().rglob("*.index"))
    warm_files, warm_results = _run_chain(tmp_path / "warm", stored)
    assert warm_files == cold_files
    assert warm_results == cold_results

    for name, damage in (("damaged", _damage_every_cache_file), ("swapped", _swap_cache_files)):
        damaged_files, damaged_results = _run_chain(tmp_path / name, stored, damage)
        assert damaged_files == cold_files, name
        assert damaged_results == cold_results, name


def test_the_pass_copies_lessons_equal_and_independent():
    stored = _store_lessons(20)
    stored[1]["tags"] = ["sql"]
    stored[2]["tags"] = None  # not as learn writes them: copied as they are
    stored[3]["tags"] = {"odd": ["shape"]}
    copies = apply._copy_lessons(stored)
    assert copies == stored
    for copy, original in zip(copies, stored):
        assert copy is not original
        for key in ("tags", "coexists", "trigger"):
            if isinstance(original.get(key), (list, dict)):
                assert copy[key] is not original[key]
    copies[1]["tags"].append("dbt")
    copies[3]["tags"]["odd"].append("more")
    copies[8]["coexists"].append("L-0001")
    copies[12]["trigger"]["paths"].append("seeds/*.csv")
    assert stored[1]["tags"] == ["sql"] and stored[3]["tags"] == {"odd": ["shape"]}
    assert stored[8]["coexists"] == ["L-0009"] and stored[12]["trigger"] == {"paths": ["models/**/*.sql"]}


@given(st.integers(0, 10_000))
def test_ids_in_set_order_are_ordered_as_by_their_places(seed):
    rng = random.Random(seed)
    stored = _store_lessons(40)
    rng.shuffle(stored)
    work = apply._Pass(stored, harmful_from={}, feedback=None, now=NOW, apply_paths=None, taken_ids=set())
    ids = rng.sample([item["id"] for item in stored], rng.randint(0, 6))
    assert work.in_order(ids) == sorted(ids, key=work.position)
    assert work.in_order(set(ids)) == sorted(ids, key=work.position)
    with pytest.raises(KeyError):
        work.in_order(["L-ffff"])
    with pytest.raises(KeyError):
        work.in_order([*ids, "L-ffff"])
    missing = work.by_id[stored[0]["id"]]
    with pytest.raises(ValueError):
        apply._position(work.lessons[1:], missing)


def test_the_writer_given_the_ids_still_refuses_a_repeated_id_and_writes_the_same_bytes(tmp_path):
    from altimate_learn.errors import SchemaError
    from altimate_learn.store import fsio

    stored = _store_lessons(80)
    store = make_store(tmp_path, approved=stored)
    source = prepared.read(store, store.APPROVED, prepared.Cache())
    lessons = [dict(item) for item in stored]
    lessons[3]["helpful"] = 9
    lessons.insert(10, lesson("L-beef", "Added in the middle."))
    same = [item == source.lessons[n] if n < 10 else item == source.lessons[n - 1] if n > 10 else False
            for n, item in enumerate(lessons)]
    ids = [item["id"] for item in lessons]
    data = writing.write(store, store.CANDIDATE, lessons, source, same=same, ids=ids)
    assert data == fsio.canonical_json(lessons).encode()
    assert writing.write(store, store.CANDIDATE, lessons, source, same=same, ids=ids[:-1]) == data  # ignored
    repeated = lessons + [lesson("L-beef", "The same id again.")]
    with pytest.raises(SchemaError, match="L-beef"):
        writing.write(store, store.CANDIDATE, repeated, source, ids=[item["id"] for item in repeated])
