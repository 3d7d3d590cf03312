"""The trained model's guarded second opinion (issue 20): read only when the patterns let a message pass and the
guard holds, never on the session's first message or without a claim of done work, never on the look-alikes the
patterns keep out, and its weights are what the training script makes of the committed data."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from altimate_learn.capture import second_opinion as S
from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

ROOT = Path(__file__).resolve().parents[2]
DONE = "I've updated the component and fixed the import; the page should now render correctly."
TASK = UserMessage(text="add a settings page", index=0)
# No pattern reads it; the model does. (Until 2026-12-02 #5 it was "the repository doesn't seem to be updating in my local
# files", which the patterns now read: a part of the result said not to work after a done answer. Until 2026-12-06 #21 it
# was "it seems the repository is not updating locally": the model retrained on the grown dev split scores it 0.94, but
# 0.18 with its negation words taken out, under the second threshold of 0.3.)
REPORT = "the uploaded files don't appear in the list"


def _verdict(text: str, answer: str | None = DONE, index: int = 1, previous: UserMessage | None = TASK):
    return classify_user_message(UserMessage(text=text, index=index, after_assistant=True), previous, answer=answer,
                                 model=True)


@pytest.fixture
def always_sure(monkeypatch):
    """A model that scores every message 0.5 against thresholds of 0: only the guard decides."""
    monkeypatch.setattr(S, "_model", {"weights": {}, "threshold": 0.0, "threshold_without_negations": 0.0})


def test_importing_the_classifier_does_not_read_the_weights_and_the_patterns_first_never_do():
    script = f"""
import sys
opened = []
sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == "open" and args and "correction_model" in str(args[0]) else None)
from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage
from altimate_learn.capture import second_opinion
assert second_opinion._model is None and not opened, opened
task = UserMessage(text="add a settings page", index=0)
done = {DONE!r}
classify_user_message(UserMessage(text={REPORT!r}, index=0), None, answer=None, model=True)  # the first message
classify_user_message(UserMessage(text="no, use pnpm not npm", index=1, after_assistant=True), task, answer=done, model=True)
classify_user_message(UserMessage(text={REPORT!r}, index=1, after_assistant=True), task, answer="Which file?", model=True)
classify_user_message(UserMessage(text={REPORT!r}, index=1, after_assistant=True), task, answer=done)  # capture's call
assert not opened, opened
verdict = classify_user_message(UserMessage(text={REPORT!r}, index=1, after_assistant=True), task, answer=done, model=True)
assert opened and verdict.strength == "model", (opened, verdict)
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_the_model_flags_a_report_the_patterns_miss_after_a_claim_of_done_work():
    verdict = _verdict(REPORT)
    assert verdict.correction and verdict.strength == "model" and S.is_model_reason(verdict.reason)
    assert not classify_user_message(UserMessage(text=REPORT, index=1, after_assistant=True), TASK, answer=DONE,
                                     model=False).correction


@pytest.mark.parametrize("case", [
    {"index": 0, "previous": None},  # the session's first message
    {"answer": None},  # no answer before it
    {"answer": "Here is an overview of how the sync works, with the three modules involved and what each one reads."},
    {"answer": "I've added the script. You'll need to run `npm install` first."},  # handed the person a step
    {"previous": UserMessage(text="[Request interrupted by user]", index=0, after_assistant=True, kind="interrupt")},
])
def test_without_the_guard_nothing_is_asked_of_the_model(always_sure, case):
    assert _verdict(REPORT).strength == "model"  # the guard holds in the plain case
    assert not _verdict(REPORT, **case).correction, case


@pytest.mark.parametrize("text", [
    "the button sits on top of the footer, can you check?",  # asks a question
    "I'm not using the old api anymore, delete it",  # the person's own situation
    "never mind, the button sits on top of the footer",  # says nothing is wanted
    "implement a dark mode toggle for the settings page",  # a new task
    "the button sits on top of the footer. " * 20,  # long: mostly a new request
])
def test_the_guard_keeps_questions_own_situations_new_work_and_long_messages_out(always_sure, text):
    assert not _verdict(text).correction, text


def test_the_guard_without_a_claim_keeps_every_other_part():
    """`research/classifier_model.py` measures the model as an adder without the claim of done work (experiment B):
    the answer may claim nothing, every other part of the guard still holds."""
    plain = "The sync module reads the queue in batches of fifty and writes each batch in one transaction."
    context = {"after_assistant": True, "interrupted": False}
    assert not S.guard(REPORT, plain, 1, **context)  # the shipped guard asks for a claim
    assert S.guard(REPORT, plain, 1, claimed=False, **context)
    assert S.guard(REPORT, "I've added the script. You'll need to run `npm install` first.", 1, claimed=False, **context)
    for text in ("the button sits on top of the footer, can you check?", "I'm not using the old api anymore, delete it",
                 "never mind, the button sits on top of the footer", "implement a dark mode toggle for the settings page",
                 "the button sits on top of the footer. " * 20):
        assert not S.guard(text, plain, 1, claimed=False, **context), text
    assert not S.guard(REPORT, plain, 0, claimed=False, **context)  # the session's first message
    assert not S.guard(REPORT, plain, 1, claimed=False, after_assistant=True, interrupted=True)


LOOKALIKES = [
    # named when the model was first tried (a bag of words keys on the negation)
    "why not?", "I'm not sure what you mean", "I'm not using the old api anymore, delete it",
    # the classifier tests' look-alikes of the same words about something else
    "sure, why not", "are you sure we need a migration for this?", "no need for a review, just merge it",
    "tests are red on main because of someone else's change, ignore them", "handle the case where the file does not exist",
    "what if the key doesn't exist?", "nope, that's all for now", "you're right", "we don't have tests for that module yet, add some",
    "I don't have a preference", "I am not on the team that owns this, so leave it", "it should be ready by friday",
    "i don't have the credentials, can you mock it?", "I'm getting coffee, continue meanwhile", "run the tests again",
    "that is useless for our users, remove the banner", "is it off by one?",
    # more of the same kind, written for this test
    "not bad at all", "it doesn't matter which one you pick", "I can't wait to try it", "never mind, I'll do it myself later",
    "don't forget to update the changelog next time", "that's fine, leave it as is", "no worries, take your time",
    "I haven't tested it yet but I will tonight", "i dont know yet, lets see tomorrow", "nothing else for today",
    "I didn't see any problem, nice work", "no changes needed, thanks", "we won't need the cache after all",
    "not urgent, do it after lunch", "I didn't know you could do that", "nice, no more warnings", "thx, works",
]


@pytest.mark.parametrize("text", LOOKALIKES)
def test_look_alikes_stay_negative_after_an_answer_that_claims_done_work(text):
    verdict = _verdict(text)
    assert verdict.strength != "model", (text, verdict)
    patterns = classify_user_message(UserMessage(text=text, index=1, after_assistant=True), TASK, answer=DONE, model=False)
    assert verdict == patterns  # the model adds nothing to what the patterns say


def test_written_dev_look_alikes_stay_negative():
    if str(ROOT / "research") not in sys.path:
        sys.path.insert(0, str(ROOT / "research"))
    import capture_quality as quality

    flagged = [row["text"] for row in quality.load_corrections()
               if quality.split_of(row) == "dev" and not row["label"] and _verdict(row["text"]).strength == "model"]
    assert flagged == []


def test_a_damaged_weights_file_costs_the_second_opinion_not_capture(monkeypatch, tmp_path):
    broken = tmp_path / "correction_model.json"
    broken.write_text("{not json", encoding="utf-8")
    monkeypatch.setattr(S, "WEIGHTS", broken)
    monkeypatch.setattr(S, "_model", None)
    assert not _verdict(REPORT).correction
    assert _verdict("no, use pnpm not npm").strength == "pattern"
    broken.write_text((ROOT / "altimate_learn/capture/data/correction_model.json").read_text(encoding="utf-8"),
                      encoding="utf-8")
    assert not _verdict(REPORT).correction  # read once per process: the damaged file is not re-read per message


def test_the_score_reads_the_end_of_the_answer_the_model_was_trained_on():
    """The corpus keeps an answer's last 600 characters; the live hook passes 1,000 and `learn capture` 4,000:
    the same message after the same answer end scores the same whatever the caller clipped."""
    tail = "x " * 200 + DONE
    scores = {S.score(REPORT, ("Earlier text. " * 300) + tail if n else tail[-600:], 1) for n in (0, 1)}
    assert len(scores) == 1, scores


def test_the_weights_file_is_what_training_gives_on_the_data_it_records():
    """Retrains on the repositories the file names (a corpus that grew since does not change it) and compares bytes."""
    for entry in (ROOT, ROOT / "research"):
        if str(entry) not in sys.path:
            sys.path.insert(0, str(entry))
    from research import train_correction_model as T

    recorded = json.loads(S.WEIGHTS.read_text(encoding="utf-8"))
    trained = recorded["trained"]
    rows = T.real_rows(set(trained["repos"]), patterns=False) + T.written_rows()
    assert T.digest(rows) == trained["rows_sha256"], \
        "the labelled data the model was trained on changed: run python research/train_correction_model.py"
    rebuilt = T.build(set(trained["repos"]), date=trained["date"], rows=rows)
    assert rebuilt == S.WEIGHTS.read_text(encoding="utf-8")
    assert recorded["threshold"] == T.THRESHOLD and S.WEIGHTS.stat().st_size < 400_000


def test_capture_records_no_signal_from_the_model_alone(tmp_path):
    """Capture (`learn capture`, the live hooks) records what the patterns flag, never a model-only flag: on the
    real held-out split the model's own flags were right less often than the patterns' and one signal starts an
    automatic reflection. The same exchange still gets the model's hint when the learner's digest asks for it."""
    from altimate_learn.capture.capture import signals_from_session
    from altimate_learn.capture.sessions import read_session

    lines = [{"type": "session", "format": "learn-trajectory/1", "id": "s-model", "cwd": str(tmp_path),
              "started": "2026-12-02T10:00:00Z"},
             {"type": "user", "text": "add a settings page", "at": "2026-12-02T10:00:01Z"},
             {"type": "assistant", "text": DONE, "at": "2026-12-02T10:00:05Z"},
             {"type": "user", "text": REPORT, "at": "2026-12-02T10:01:00Z"},
             {"type": "assistant", "text": "Let me look.", "at": "2026-12-02T10:01:05Z"},
             {"type": "user", "text": "no, use pnpm not npm", "at": "2026-12-02T10:02:00Z"}]
    path = tmp_path / "trajectory.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert _verdict(REPORT).strength == "model"  # the model would flag the report in this very context
    signals, stats = signals_from_session(read_session(path, harness="generic"))
    assert [s.text for s in signals if s.kind == "user_correction"] == ["no, use pnpm not npm"]
    assert stats.corrections == 1
