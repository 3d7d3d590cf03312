"""A model's lesson from `learn reflect` carries the feedback it was learned from (review36 R36-11): the continual
learner's lessons said where they came from (R35-13), a manual reflection's did not, so a model's "Use `uv` instead of
`pip`" from a session about JavaScript, with no uv or pip in anything the person typed, was staged bare. Now `learn
show` names the signal and its words, marks a lesson that shares none of them, and never keeps the model's own
provenance."""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.capture.signals import NewSignal, append_signals
from altimate_learn.store import Store, project
from tests.fakes.model_server import FakeModelServer

KEY = "sk-test-not-a-real-key"
SAID = "no, use ref() instead of hardcoding the table name"


def _reflect(git_repo: Path, cli, monkeypatch, deltas: list[dict]) -> tuple[list[dict], str, dict]:
    [signal] = append_signals(Store(project(git_repo), "team-playbook"), [NewSignal(
        kind="user_correction", session_id="sess-1", text=SAID, reason="test", message_id="m1")])
    with FakeModelServer(auto_vet=True) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.openai_base_url)
        monkeypatch.setenv("OPENAI_API_KEY", KEY)
        server.reply(json.dumps({"deltas": deltas}))
        code, out, err = cli("reflect", "--session", "sess-1", "--model", "openai/gpt-4.1-mini")
        assert code == 0, err
    staged = json.loads((git_repo / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    code, shown, err = cli("show")
    assert code == 0, err
    return staged, shown, signal


def test_a_models_lesson_names_the_signal_and_the_words_it_rests_on(git_repo, cli, monkeypatch) -> None:
    staged, shown, signal = _reflect(git_repo, cli, monkeypatch, [
        {"op": "ADD", "text": "Use `ref()` instead of hardcoding table names.", "reason": "the person said so",
         "provenance": "from the team's style guide"}])
    [lesson] = staged
    assert lesson["provenance"] == f'learned from signal {signal["id"]}: "{SAID}"'
    assert f'learned from signal {signal["id"]}: "{SAID}"' in shown
    assert "style guide" not in shown  # the model's own claim of a source is not kept
    assert "none of its words" not in shown


def test_a_models_lesson_that_shares_no_word_with_the_feedback_is_marked(git_repo, cli, monkeypatch) -> None:
    staged, shown, _ = _reflect(git_repo, cli, monkeypatch, [
        {"op": "ADD", "text": "Use `uv` instead of `pip` for Python installs.", "reason": "seen in the session"}])
    [lesson] = staged
    assert lesson["provenance"].endswith("none of its words are in the feedback it was learned from: check it "
                                         "against the session")
    assert "none of its words are in the feedback it was learned from" in " ".join(shown.split())
