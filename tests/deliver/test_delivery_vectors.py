"""research/delivery_vectors.py: re-ordering a file's ranking by word-vector similarity, measured, not delivered."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "research") not in sys.path:
    sys.path.insert(0, str(ROOT / "research"))

import bench_delivery  # noqa: E402
import delivery_vectors  # noqa: E402


def test_identifiers_are_split_and_stopwords_and_unknown_words_left_out():
    from altimate_learn.wordvec import load

    words = delivery_vectors.content_words("Open dialogs with `useDialog()` so focus returns; never zzqx.", load())
    assert {"dialogs", "dialog", "focus", "returns"} <= set(words)
    assert not {"with", "so", "zzqx", "usedialog"} & set(words)


def test_only_lessons_tied_on_level_and_relevance_in_a_crowded_level_are_reordered():
    crowded = [(i, 1.0, 0.0) for i in range(30)]  # 30 > BUCKET x 5: a crowded level, all at relevance 0
    scored = [(100, 3.0, 0.0), (101, 3.0, 0.0), (102, 1.0, 2.5)] + crowded
    sims = {29: 0.9, 28: 0.8, 101: 0.99, 102: 0.1}
    order = delivery_vectors.after_relevance(scored, sims, crowded_only=True)
    # the narrow level (2 lessons) keeps its order; the relevant lesson stays first of its level
    assert order[:5] == [100, 101, 102, 29, 28]
    assert order[5:] == list(range(28))  # the rest of the ties in their order (stable)
    assert delivery_vectors.after_relevance(scored, sims, crowded_only=False)[:2] == [101, 100]


def test_a_file_rank_miss_of_a_crowded_level_is_counted_with_its_position():
    # v05 (main): its lesson is one of the 55 conventions of `web/src/**`, relevance 0, past the file's five
    task = next(t for t in bench_delivery.load_tasks() if t["id"] == "v05")
    counts = delivery_vectors.measure(["main"], (300,), {"main": [task]})[300]
    assert counts["position"]["now"][1] >= 1  # a needed zero-relevance lesson in a crowded level was placed
    cells = [cell for key, cell in counts.items() if isinstance(key, tuple)]
    assert len(cells) == 16  # 4 similarities x 2 placements x crowded levels or all
    for found, gained, lost in cells:
        assert found == counts["now"] + gained - lost
    text = delivery_vectors.render({300: counts})
    assert text.splitlines()[0].startswith("300 lessons: needed lessons in a file's first five")


def test_delivery_diff_records_the_readable_sets_by_default_never_the_held_out_ones(tmp_path, monkeypatch):
    import delivery_diff
    import delivery_why

    ran = []
    monkeypatch.setattr(delivery_diff, "record", lambda out, sizes, sets, learn=None: ran.append(sets))
    delivery_diff.main(["record", str(tmp_path / "out.json"), "--sizes", "300"])
    assert ran[0][0] == "main" and not set(delivery_why.HELD_OUT) & set(ran[0])
    assert set(ran[0]) == {"main", "precision", *bench_delivery.SETS} - set(delivery_why.HELD_OUT)
    delivery_diff.main(["record", str(tmp_path / "out.json"), "--sets", "blind33"])  # named: the lead's measurement
    assert ran[1] == ["blind33"]
