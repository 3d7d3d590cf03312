"""research/bench_delivery.py's default run (what `python -m research` writes to research/RESULTS.md) leaves out the
blind sets being held out for a blind measurement (`delivery_why.HELD_OUT`): their results, misses and lesson texts
would otherwise be readable by the people tuning delivery before the blind measurement is made."""

from __future__ import annotations

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


def test_blind_batches_69_and_70_load_and_name_one_lesson_each():
    """The blind batches written in session 2026-12-06 #24 load as the benchmark loads them: 36 tasks each in the
    four kinds, 50 to 60 needed lessons, each needed prefix naming exactly one lesson of the 300, 1,000 and 10,000
    stores (or recall would count a lookalike), a file's `content` only for a file the task touches, and a label in
    research/__main__.py. Failures name task ids and counts only: the tasks are held out."""
    import collections

    main_text = (ROOT / "research" / "__main__.py").read_text(encoding="utf-8")
    gen = bench_delivery._generator()
    stores = {size: gen.scaled(size, bench_delivery.SEED) for size in (300, 1000, 10000)}
    for name in ("blind69", "blind70"):
        path, title, intro = bench_delivery.SETS[name]
        assert path.name == f"delivery_tasks_{name}.jsonl" and "written apart from the code" in title
        assert "2026-12-06 #24" in intro and "forty-first writer" in intro
        assert f'" {name}": ", blind batch {name[5:]} (written apart from the code)"' in main_text
        tasks = bench_delivery.load_tasks(path)
        assert len({task["id"] for task in tasks}) == len(tasks) == 36
        assert collections.Counter(task["kind"] for task in tasks) == {"direct": 10, "vague": 10, "file": 8,
                                                                        "followup": 8}
        assert 50 <= sum(len(task["needed"]) for task in tasks) <= 60
        assert sum(1 for task in tasks if task.get("content")) >= 4
        not_one = [(task["id"], size, number) for task in tasks for number, prefix in enumerate(task["needed"])
                   for size, lessons in stores.items()
                   if sum(1 for lesson in lessons if lesson["text"].startswith(prefix)) != 1]
        assert not not_one
        stray = [task["id"] for task in tasks for file in task.get("content") or {}
                 if file not in [*task.get("files", []), *task.get("followup_files", [])]]
        assert not stray
        assert all(task.get("followup") and task.get("followup_files") for task in tasks if task["kind"] == "followup")
        assert all(len(task.get("request", "").split()) <= 1 for task in tasks if task["kind"] == "file")


def test_blind_batches_71_and_72_load_and_name_one_lesson_each():
    """The blind batches written in session 2026-12-07 #25 load as the benchmark loads them: 36 tasks each in the
    four kinds, 50 to 60 needed lessons, each needed prefix naming exactly one lesson of the 300, 1,000 and 10,000
    stores (or recall would count a lookalike), a file's `content` only for a file the task touches, a writer text
    derived from the thirty-seventh round's, and a label in research/__main__.py. Failures name task ids and counts
    only: the tasks are held out."""
    import collections

    main_text = (ROOT / "research" / "__main__.py").read_text(encoding="utf-8")
    gen = bench_delivery._generator()
    stores = {size: gen.scaled(size, bench_delivery.SEED) for size in (300, 1000, 10000)}
    assert bench_delivery._THIRTY_EIGHTH_READ in bench_delivery.THIRTY_EIGHTH_ROUND_WRITER
    assert bench_delivery._THIRTY_SEVENTH_READ not in bench_delivery.THIRTY_EIGHTH_ROUND_WRITER
    for name in ("blind71", "blind72"):
        path, title, intro = bench_delivery.SETS[name]
        assert path.name == f"delivery_tasks_{name}.jsonl" and "written apart from the code" in title
        assert "2026-12-07 #25" in intro and "forty-second writer" in intro and "2026-12-06 #24" not in intro
        assert f'" {name}": ", blind batch {name[5:]} (written apart from the code)"' in main_text
        tasks = bench_delivery.load_tasks(path)
        assert len({task["id"] for task in tasks}) == len(tasks) == 36
        assert all(task["id"].startswith(f"b{name[5:]}-") for task in tasks)
        assert collections.Counter(task["kind"] for task in tasks) == {"direct": 10, "vague": 10, "file": 8,
                                                                        "followup": 8}
        assert 50 <= sum(len(task["needed"]) for task in tasks) <= 60
        assert sum(1 for task in tasks if task.get("content")) == 5
        not_one = [(task["id"], size, number) for task in tasks for number, prefix in enumerate(task["needed"])
                   for size, lessons in stores.items()
                   if sum(1 for lesson in lessons if lesson["text"].startswith(prefix)) != 1]
        assert not not_one
        stray = [task["id"] for task in tasks for file in task.get("content") or {}
                 if file not in [*task.get("files", []), *task.get("followup_files", [])]]
        assert not stray
        assert all(task.get("followup") and task.get("followup_files") for task in tasks if task["kind"] == "followup")
        assert all(len(task.get("request", "").split()) <= 1 for task in tasks if task["kind"] == "file")


@pytest.fixture(scope="module")
def scaled_stores() -> dict[int, list[dict]]:
    """The 300, 1,000 and 10,000 stores the benchmark runs against, built once for the module (10,000 takes seconds)."""
    gen = bench_delivery._generator()
    return {size: gen.scaled(size, bench_delivery.SEED) for size in (300, 1000, 10000)}


def test_blind_batches_73_and_74_load_and_name_one_lesson_each(scaled_stores):
    """The blind batches written in session 2026-12-07 #26 load as the benchmark loads them: 36 tasks each in the
    four kinds, 50 to 60 needed lessons, each needed prefix naming exactly one lesson of the 300, 1,000 and 10,000
    stores (or recall would count a lookalike), a file's `content` only for a file the task touches, a writer text
    derived from the thirty-eighth round's, and a label in research/__main__.py. Failures name task ids and counts
    only: the tasks are held out."""
    import collections

    main_text = (ROOT / "research" / "__main__.py").read_text(encoding="utf-8")
    stores = scaled_stores
    assert bench_delivery._THIRTY_NINTH_READ in bench_delivery.THIRTY_NINTH_ROUND_WRITER
    assert bench_delivery._THIRTY_EIGHTH_READ not in bench_delivery.THIRTY_NINTH_ROUND_WRITER
    for name in ("blind73", "blind74"):
        path, title, intro = bench_delivery.SETS[name]
        assert path.name == f"delivery_tasks_{name}.jsonl" and "written apart from the code" in title
        assert "2026-12-07 #26" in intro and "forty-third writer" in intro and "2026-12-07 #25" not in intro
        assert f'" {name}": ", blind batch {name[5:]} (written apart from the code)"' in main_text
        tasks = bench_delivery.load_tasks(path)
        assert len({task["id"] for task in tasks}) == len(tasks) == 36
        assert all(task["id"].startswith(f"b{name[5:]}-") for task in tasks)
        assert collections.Counter(task["kind"] for task in tasks) == {"direct": 10, "vague": 10, "file": 8,
                                                                        "followup": 8}
        assert 50 <= sum(len(task["needed"]) for task in tasks) <= 60
        assert sum(1 for task in tasks if task.get("content")) == 5
        not_one = [(task["id"], size, number) for task in tasks for number, prefix in enumerate(task["needed"])
                   for size, lessons in stores.items()
                   if sum(1 for lesson in lessons if lesson["text"].startswith(prefix)) != 1]
        assert not not_one
        stray = [task["id"] for task in tasks for file in task.get("content") or {}
                 if file not in [*task.get("files", []), *task.get("followup_files", [])]]
        assert not stray
        assert all(task.get("followup") and task.get("followup_files") for task in tasks if task["kind"] == "followup")
        assert all(len(task.get("request", "").split()) <= 1 for task in tasks if task["kind"] == "file")
