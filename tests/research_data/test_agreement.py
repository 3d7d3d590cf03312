"""The second-labeller agreement study (research/classifier_agreement.py, research/data/real/agreement/): its
files stay consistent with the corpus and it reads the dev split only."""

from __future__ import annotations

import json

import pytest

from research import classifier_agreement as study
from research.data.real_sessions import LABELS, splits


def test_the_study_compares_its_committed_dev_sample_and_never_a_held_out_message():
    rows = study.load_pairs()
    assert len(rows) == study.SIZE
    assert {splits()[r["repo"]] for r in rows} == {"dev"}
    assert max(sum(r["repo"] == repo for r in rows) for repo in {r["repo"] for r in rows}) <= study.PER_REPO
    assert all(r["first"] in LABELS and r["second"] in LABELS and r["second_why"].strip() for r in rows)
    flagged = study.load_flagged()
    assert {splits()[r["repo"]] for r in flagged} == {"dev"}
    assert not {(r["session"], r["id"]) for r in flagged} & {(r["session"], r["id"]) for r in rows}


def test_every_recorded_disagreement_is_a_message_of_the_sample_with_a_family_and_a_verdict():
    keys = {(r["session"], r["id"]) for r in study.load_pairs()}
    notes = [json.loads(line) for line in study.DISAGREEMENTS.read_text(encoding="utf-8").splitlines() if line]
    assert notes and all((n["session"], n["id"]) in keys for n in notes)
    assert all(n["family"] and n["verdict"] in ("first", "second", "judgement") for n in notes)


@pytest.mark.parametrize(("pairs", "expected"), [
    ([("a", "a")] * 20 + [("a", "b")] * 5 + [("b", "a")] * 10 + [("b", "b")] * 15, 0.4),  # p_o 0.7, p_e 0.5
    ([("a", "a"), ("b", "b"), ("c", "c")], 1.0),
    ([("a", "b"), ("b", "a")], -1.0),
])
def test_cohens_kappa(pairs, expected):
    assert study.kappa(pairs) == pytest.approx(expected)
