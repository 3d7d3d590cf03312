"""research/bench_delivery.py's default run (what `python -m research` writes to research/RESULTS.md) leaves out the
blind sets being held out for a blind measurement (`delivery_why.HELD_OUT`): their results, misses and lesson texts
would otherwise be readable by the people tuning delivery before the blind measurement is made."""

from __future__ import annotations

import collections
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "research") not in sys.path:
    sys.path.insert(0, str(ROOT / "research"))

import bench_delivery  # noqa: E402
import delivery_why  # noqa: E402


def test_the_default_run_never_evaluates_a_held_out_set(monkeypatch):
    evaluated: list[str] = []

    def evaluate(sizes, tasks=None, configs=None):
        evaluated.append("main" if tasks is None else "set")
        return {}

    monkeypatch.setattr(bench_delivery, "evaluate", evaluate)
    monkeypatch.setattr(bench_delivery, "load_tasks", lambda path=None: evaluated.append(Path(path).name) or [])
    for name in ("render", "render_precision", "render_heldout"):
        monkeypatch.setattr(bench_delivery, name, lambda raw: "")
    monkeypatch.setattr(bench_delivery, "render_fresh", lambda raw, path, title, intro: "")
    assert bench_delivery.held_out() == delivery_why.HELD_OUT
    bench_delivery.main((300,))
    held = {bench_delivery.SETS[name][0].name for name in delivery_why.HELD_OUT}
    assert not held & set(evaluated)
    readable = {spec[0].name for name, spec in bench_delivery.SETS.items() if name not in delivery_why.HELD_OUT}
    assert readable & set(evaluated)  # the readable sets still run
    bench_delivery.main((300,), sets=tuple(delivery_why.HELD_OUT))  # named: the lead's blind measurement runs them
    assert held <= set(evaluated) or not delivery_why.HELD_OUT


@pytest.fixture(scope="module")
def scaled_stores() -> dict[int, list[dict]]:
    """The 300, 1,000 and 10,000 stores the benchmark runs against, built once for the module (10,000 takes seconds)."""
    gen = bench_delivery._generator()
    return {size: gen.scaled(size, bench_delivery.SEED) for size in (300, 1000, 10000)}


# Each blind batch: the session it was written in, the writer its intro names, a session its intro must not name,
# how many of its tasks carry a file's content (None: 4 or more), and whether every task id is b<number>-.
BLIND_BATCHES = [
    pytest.param("blind69", "2026-12-06 #24", "forty-first writer", None, None, False, id="blind69"),
    pytest.param("blind70", "2026-12-06 #24", "forty-first writer", None, None, False, id="blind70"),
    pytest.param("blind71", "2026-12-07 #25", "forty-second writer", "2026-12-06 #24", 5, True, id="blind71"),
    pytest.param("blind72", "2026-12-07 #25", "forty-second writer", "2026-12-06 #24", 5, True, id="blind72"),
    pytest.param("blind73", "2026-12-07 #26", "forty-third writer", "2026-12-07 #25", 5, True, id="blind73"),
    pytest.param("blind74", "2026-12-07 #26", "forty-third writer", "2026-12-07 #25", 5, True, id="blind74"),
    pytest.param("blind75", "2026-12-07 #27", "forty-fourth writer", "2026-12-07 #26", 5, True, id="blind75"),
    pytest.param("blind76", "2026-12-07 #27", "forty-fourth writer", "2026-12-07 #26", 5, True, id="blind76"),
    pytest.param("blind77", "2026-12-07 #28", "forty-fifth writer", "2026-12-07 #27", 5, True, id="blind77"),
    pytest.param("blind78", "2026-12-07 #28", "forty-fifth writer", "2026-12-07 #27", 5, True, id="blind78"),
    pytest.param("blind79", "2026-12-07 #29", "forty-sixth writer", "2026-12-07 #28", 5, True, id="blind79"),
    pytest.param("blind80", "2026-12-07 #29", "forty-sixth writer", "2026-12-07 #28", 5, True, id="blind80"),
    pytest.param("blind81", "2026-12-07 #30", "forty-seventh writer", "2026-12-07 #29", 5, True, id="blind81"),
    pytest.param("blind82", "2026-12-07 #30", "forty-seventh writer", "2026-12-07 #29", 5, True, id="blind82"),
    pytest.param("blind83", "2026-12-07 #31", "forty-eighth writer", "2026-12-07 #30", 5, True, id="blind83"),
    pytest.param("blind84", "2026-12-07 #31", "forty-eighth writer", "2026-12-07 #30", 5, True, id="blind84"),
    pytest.param("blind85", "2026-12-07 #32", "forty-ninth writer", "2026-12-07 #31", 5, True, id="blind85"),
    pytest.param("blind86", "2026-12-07 #32", "forty-ninth writer", "2026-12-07 #31", 5, True, id="blind86"),
    pytest.param("blind87", "2026-12-08 #33", "fiftieth writer", "2026-12-07 #32", 5, True, id="blind87"),
    pytest.param("blind88", "2026-12-08 #33", "fiftieth writer", "2026-12-07 #32", 5, True, id="blind88"),
]


@pytest.mark.parametrize("name, session, writer, not_session, contents, numbered_ids", BLIND_BATCHES)
def test_a_blind_batch_loads_and_names_one_lesson_each(scaled_stores, name, session, writer, not_session, contents,
                                                        numbered_ids):
    """A blind batch loads as the benchmark loads it: 36 tasks in the four kinds, 50 to 60 needed lessons, each
    needed prefix naming exactly one lesson of the 300, 1,000 and 10,000 stores (or recall would count a
    lookalike), a file's `content` only for a file the task touches, its intro naming the session and the writer,
    and a label in research/__main__.py. Failures name task ids and counts only: the tasks are held out."""
    main_text = (ROOT / "research" / "__main__.py").read_text(encoding="utf-8")
    path, title, intro = bench_delivery.SETS[name]
    assert path.name == f"delivery_tasks_{name}.jsonl" and "written apart from the code" in title
    assert session in intro and writer in intro
    assert not_session is None or not_session not in intro
    assert f'" {name}": ", blind batch {name[5:]} (written apart from the code)"' in main_text
    tasks = bench_delivery.load_tasks(path)
    assert len({task["id"] for task in tasks}) == len(tasks) == 36
    assert not numbered_ids or all(task["id"].startswith(f"b{name[5:]}-") for task in tasks)
    assert collections.Counter(task["kind"] for task in tasks) == {"direct": 10, "vague": 10, "file": 8,
                                                                    "followup": 8}
    assert 50 <= sum(len(task["needed"]) for task in tasks) <= 60
    with_content = sum(1 for task in tasks if task.get("content"))
    assert with_content >= 4 if contents is None else with_content == contents
    not_one = [(task["id"], size, number) for task in tasks for number, prefix in enumerate(task["needed"])
               for size, lessons in scaled_stores.items()
               if sum(1 for lesson in lessons if lesson["text"].startswith(prefix)) != 1]
    assert not not_one
    stray = [task["id"] for task in tasks for file in task.get("content") or {}
             if file not in [*task.get("files", []), *task.get("followup_files", [])]]
    assert not stray
    assert all(task.get("followup") and task.get("followup_files") for task in tasks if task["kind"] == "followup")
    assert all(len(task.get("request", "").split()) <= 1 for task in tasks if task["kind"] == "file")


@pytest.mark.parametrize(("writer", "read", "earlier_read"), [
    pytest.param("THIRTY_EIGHTH_ROUND_WRITER", "_THIRTY_EIGHTH_READ", "_THIRTY_SEVENTH_READ", id="blind71-72"),
    pytest.param("THIRTY_NINTH_ROUND_WRITER", "_THIRTY_NINTH_READ", "_THIRTY_EIGHTH_READ", id="blind73-74"),
    pytest.param("FORTIETH_ROUND_WRITER", "_FORTIETH_READ", "_THIRTY_NINTH_READ", id="blind75-76"),
    pytest.param("FORTY_FIRST_ROUND_WRITER", "_FORTY_FIRST_READ", "_FORTIETH_READ", id="blind77-78"),
    pytest.param("FORTY_SECOND_ROUND_WRITER", "_FORTY_SECOND_READ", "_FORTY_FIRST_READ", id="blind79-80"),
    pytest.param("FORTY_THIRD_ROUND_WRITER", "_FORTY_THIRD_READ", "_FORTY_SECOND_READ", id="blind81-82"),
    pytest.param("FORTY_FOURTH_ROUND_WRITER", "_FORTY_FOURTH_READ", "_FORTY_THIRD_READ", id="blind83-84"),
    pytest.param("FORTY_FIFTH_ROUND_WRITER", "_FORTY_FIFTH_READ", "_FORTY_FOURTH_READ", id="blind85-86"),
    pytest.param("FORTY_SIXTH_ROUND_WRITER", "_FORTY_SIXTH_READ", "_FORTY_FIFTH_READ", id="blind87-88"),
])
def test_a_blind_pair_was_written_with_its_rounds_writer_text(writer, read, earlier_read):
    """Batches 71/72 were written with the thirty-eighth round's writer text, 73/74 with the thirty-ninth's, 75/76
    with the fortieth's, 77/78 with the forty-first's, 79/80 with the forty-second's, 81/82 with the forty-third's, 83/84
    with the forty-fourth's, 85/86 with the forty-fifth's, 87/88 with the forty-sixth's: each holds what its round
    read, not what the round before read."""
    assert getattr(bench_delivery, read) in getattr(bench_delivery, writer)
    assert getattr(bench_delivery, earlier_read) not in getattr(bench_delivery, writer)
