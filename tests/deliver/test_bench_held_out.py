"""research/bench_delivery.py's default run (what `python -m research` writes to research/RESULTS.md) leaves out the
blind sets being held out for a blind measurement (`delivery_why.HELD_OUT`): their results, misses and lesson texts
would otherwise be readable by the people tuning delivery before the blind measurement is made."""

from __future__ import annotations

import sys
from pathlib import Path

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
