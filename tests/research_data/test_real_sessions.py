"""The real-session corpus (`research/data/real/`): complete labels, an owner-level split, readable by learn."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from research.data import real_sessions  # noqa: E402
from research.data.real_sessions import DATA_DIR, LABELS, load_messages, session_files, split_for, splits  # noqa: E402


def test_every_typed_message_has_exactly_one_label_with_a_reason():
    typed = set()
    for path in session_files():
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if record["type"] == "user":
                typed.add((f"{path.parent.name}/{path.stem}", record["id"]))
    rows = [json.loads(line) for line in (DATA_DIR / "labels.jsonl").read_text(encoding="utf-8").splitlines()]
    keys = [(r["session"], r["id"]) for r in rows]
    assert len(keys) == len(set(keys)) and set(keys) == typed
    assert all(r["label"] in LABELS and r["why"].strip() for r in rows)


def test_the_split_is_by_owner_recorded_and_follows_its_rule():
    recorded = json.loads((DATA_DIR / "split.json").read_text(encoding="utf-8"))
    assert not set(recorded["dev"]) & set(recorded["holdout"])
    owners = {split: {r.split("/")[0].lower() for r in recorded[split]} for split in ("dev", "holdout")}
    assert not owners["dev"] & owners["holdout"]
    assert all(split_for(repo) == split for repo, split in splits().items())
    sources = {line.split("\t")[0] for line in (DATA_DIR / "SOURCES.tsv").read_text(encoding="utf-8").splitlines()[1:]}
    assert sources == set(splits())  # every source repository is in exactly one split


def test_every_source_file_names_a_commit_and_every_session_its_source():
    for line in (DATA_DIR / "SOURCES.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        repo, commit, path, harness, licence = line.split("\t")
        assert len(commit) == 40 and path and harness and licence
    for path in session_files():
        head = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
        assert head["type"] == "session" and head["format"] == "learn-trajectory/1"
        assert {"repo", "commit", "path", "harness", "agent"} <= set(head["source"])


def test_the_corpus_is_large_enough_to_measure_on_and_comes_from_several_agents():
    messages = load_messages(include_untyped=True)
    assert len(messages) >= 500 and len({m.repo for m in messages}) >= 30
    assert len({m.agent for m in messages}) >= 4
    for split in ("dev", "holdout"):
        labels = Counter(m.label for m in messages if m.split == split)
        assert labels["correction"] + labels["bug"] >= 50


def test_learns_reader_sees_the_same_messages_with_their_context():
    inputs = list(real_sessions.iter_classifier_inputs("dev"))
    assert len(inputs) == len(load_messages("dev"))
    for message, msg, previous in inputs:
        assert msg.text.strip() and (msg.index == 0) == (previous is None)
        if message.answer is not None:
            assert msg.after_assistant


def test_the_built_in_reflector_writes_no_wrong_or_unreviewed_lesson_on_real_corrections():
    """Issue 20: every lesson it writes from real corrections has been read by a person and is not wrong."""
    from research.reflector_real import evaluate

    for name, result in evaluate().items():
        verdicts = result["verdicts"]
        assert verdicts.get("wrong", 0) == 0 and verdicts.get("unreviewed", 0) == 0, (name, result["lessons"])
        assert sum(result["no_lesson"].values()) + result["taught"] == result["messages"]
        assert result["taught"] <= len(result["lessons"])  # a message may state more than one rule


def test_the_goals_table_reads_the_real_session_sections():
    from research.__main__ import goal_rows

    texts = {"classifier_real": "| holdout | 0.770 | 0.534 | 0.631 | 47 | 14 | 41 | 189 | 8/26 | precision ≥ 0.85, "
                                "recall ≥ 0.6: MISSED |",
             "reflector_real": "| labelled corrections and bug reports | 197 | 1 | 1 | 0 | 0 | 0 | no clear rule in it: 158 |"}
    rows = "\n".join(goal_rows(texts))
    assert "precision 0.770, recall 0.534 (TP 47, FP 14, FN 41) | **missed** |" in rows
    assert "1 lessons from 197 corrections: 1 good, 0 vague, 0 wrong, 0 unreviewed | met |" in rows


def test_the_classifier_measure_can_be_restricted_to_the_owners_of_a_new_batch():
    """`research/classifier_real.py --dev-only --owners ...` scores only those owners (a batch measured at first sight)."""
    from research.classifier_real import evaluate

    owners = sorted({m.repo.split("/")[0].lower() for m in load_messages("dev")})[:3]
    mine = [m for m in load_messages("dev") if m.repo.split("/")[0].lower() in owners and m.positive is not None]
    result = evaluate("dev", set(owners))
    assert result.get("tp", 0) + result.get("fn", 0) == sum(m.positive for m in mine)
    assert result.get("fp", 0) + result.get("tn", 0) == sum(not m.positive for m in mine)
    assert {e["message"].repo.split("/")[0].lower() for e in result["errors"]} <= set(owners)


@pytest.mark.parametrize("args", [["--help"], ["--owners", "someone"], ["--owners", "someone", "--numbers"],
                                  ["--dev-only", "--verbose"]])
def test_the_classifier_report_never_prints_the_held_out_errors_for_anything_but_no_option(args):
    """Only a bare run prints the whole report (which lists every held-out error); `--owners` without `--dev-only`
    printed it too (corpus7's warning), `--help` did before that. Anything but the known options prints the usage."""
    import subprocess

    done = subprocess.run([sys.executable, str(ROOT / "research" / "classifier_real.py"), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1 and done.stderr.startswith("usage:") and done.stdout == ""


def test_each_message_carries_the_answer_it_got():
    """`RealMessage.reply` is the agent's answer to the message: the answer the next typed message replied to, and for a
    session's last message in a rebuilt session (its record says `clip`) the answer after it."""
    messages = load_messages("dev", include_untyped=True)
    following = 0
    for one, two in zip(messages, messages[1:]):
        if one.session == two.session and two.position == one.position + 1:
            assert one.reply == two.answer
            following += 1
    clipped = {f"{p.parent.name}/{p.stem}" for p in session_files("dev")
               if "clip" in json.loads(p.read_text(encoding="utf-8").splitlines()[0])}
    last = [one for one, two in zip(messages, messages[1:] + [None]) if two is None or two.session != one.session]
    assert following > 1000 and clipped
    assert sum(m.reply is not None for m in last if m.session in clipped) > len(clipped) / 2
    assert all(m.reply is None for m in last if m.session not in clipped)


def test_each_message_carries_the_opening_of_the_reasoning_that_followed_it():
    """`RealMessage.thinking` is the `thinking` of the answer the message got (the reasoning the agent wrote before
    its first words), where the harness keeps reasoning; never on a message that got no answer."""
    messages = {(m.session, m.id): m for m in load_messages("dev", include_untyped=True)}
    seen = 0
    for path in session_files("dev"):
        records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        before = None
        for record in records:
            if record.get("type") == "user":
                before = messages[(f"{path.parent.name}/{path.stem}", record["id"])]
                continue
            if record.get("type") == "assistant" and before is not None:
                assert before.thinking == record.get("thinking") and before.reply == record["text"]
                seen += before.thinking is not None
                before = None
    assert seen > 1000
    assert all(m.reply is not None for m in messages.values() if m.thinking)
    assert {m.agent for m in messages.values() if m.thinking} >= {"claude-code", "codex", "gemini-cli", "opencode", "cursor"}
