"""`research/reflector_real.py --dev-only` reads the dev split alone (refl31): tuning on it is no look at the held-out
split, whose messages, lessons and counts it never computes."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from research import reflector_real  # noqa: E402
from research.data import real_sessions  # noqa: E402


def test_dev_only_reads_no_held_out_message(monkeypatch) -> None:
    asked: list[object] = []
    load, inputs = real_sessions.load_messages, real_sessions.iter_classifier_inputs

    def load_messages(split=None, **kw):
        asked.append(split)
        return load(split=split, **kw)

    def iter_classifier_inputs(split=None):
        asked.append(split)
        return inputs(split)

    monkeypatch.setattr(reflector_real, "load_messages", load_messages)
    monkeypatch.setattr(reflector_real, "iter_classifier_inputs", iter_classifier_inputs)
    monkeypatch.setattr(reflector_real, "careful_rules", lambda: [])  # the hand-sorted dev rows: dev only already
    # What is checked is which split each load asks for and which rows the section has, whatever the classifier says,
    # so a quick stand-in decides (the real one over every dev message was three quarters of this test's minutes;
    # tests/research_data/test_real_sessions.py runs it on both splits): it flags every message with a "not" in it.
    monkeypatch.setattr(reflector_real, "classify_user_message", lambda msg, previous, answer=None: SimpleNamespace(
        correction=" not " in f" {msg.text.lower()} ", strength="strong"))
    section = reflector_real.main(dev_only=True)
    assert asked and all(split == "dev" for split in asked)
    assert "| holdout |" not in section and "| dev |" in section


def test_an_unknown_argument_runs_nothing(monkeypatch) -> None:
    """`--help` or a mistyped flag fell through to the full run, which prints held-out lessons with their messages."""
    read: list[object] = []
    monkeypatch.setattr(reflector_real, "evaluate", lambda split=None: read.append(split) or {})
    for argv in (["--help"], ["--dev_only"], ["--numbers", "--dev-only"]):
        code, text = reflector_real.cli(argv)
        assert code == 2 and "nothing was run" in text and "--numbers" in text
    assert read == []


def test_numbers_prints_counts_only(monkeypatch) -> None:
    verdicts = {"good": 2, "wrong": 1}
    split = {"messages": 7, "lessons": 3, "verdicts": verdicts}
    monkeypatch.setattr(reflector_real, "evaluate", lambda split_=None: {"labelled corrections and bug reports": {
        "messages": 14, "lessons": [{"text": "Use `pnpm`.", "from": "we use pnpm here", "split": "holdout",
                                      "verdict": "good", "why": "w"}],
        "verdicts": verdicts, "no_lesson": {"it names `/Secret` apart": 4},
        "splits": {"dev": split, "holdout": split}}})
    code, text = reflector_real.cli(["--numbers"])
    assert code == 0 and "| labelled corrections and bug reports | holdout | 7 | 3 | 2 | 0 | 1 | 0 |" in text
    assert "pnpm" not in text and "/Secret" not in text
