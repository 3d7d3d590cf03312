"""A discarded reflection gives its signals back (review13 R13-8).

A person who rejects the offline reflector's attempt usually wants a model to try the same correction: the
signals the discarded reflection consumed are open again, for `learn reject`, `learn reject ID…` once nothing of
that reflection is left, and `learn revert RUN` of the learner.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.deliver.helpers import learn_dir, read_jsonl, run_hook, settle_capture
from tests.fakes.model_server import model_server  # noqa: F401

SESSION = "sess-float-1"
CORRECTION = "No, never use float for money here. Store prices as integer cents."


def _captured_correction(repo: Path, cli) -> str:
    """A real Claude Code hook sequence with a typed correction; returns the captured signal's id."""
    assert cli("enable")[0] == 0
    base = {"session_id": SESSION, "cwd": str(repo), "transcript_path": str(repo / "t.jsonl")}
    for event in ({"hook_event_name": "SessionStart", "source": "startup"},
                  {"hook_event_name": "UserPromptSubmit", "prompt": "add a price field to the invoice", "prompt_id": "p1"},
                  {"hook_event_name": "Stop", "last_assistant_message": "I added price as a float."},
                  {"hook_event_name": "UserPromptSubmit", "prompt": CORRECTION, "prompt_id": "p2"}):
        assert run_hook("claude-code", {**base, **event}, cwd=repo, env={"ALTIMATE_LEARN_AUTO": "0"}).returncode == 0
    settle_capture(repo)
    [signal] = read_jsonl(learn_dir(repo) / "team-playbook" / "signals.jsonl")
    assert signal["text"] == CORRECTION and signal["status"] == "open"
    return signal["id"]


def _status(repo: Path, signal_id: str) -> str:
    return next(s["status"] for s in read_jsonl(learn_dir(repo) / "team-playbook" / "signals.jsonl")
                if s["id"] == signal_id)


def _staged_ids(repo: Path) -> list[str]:
    return [lesson["id"] for lesson in
            json.loads((learn_dir(repo) / "team-playbook" / "candidate.json").read_text())]


def test_reject_gives_the_reflections_signals_back_so_a_model_can_try_again(git_repo: Path, cli, model_server,
                                                                            monkeypatch):
    signal_id = _captured_correction(git_repo, cli)
    code, out, err = cli("reflect", "--pending", "--model", "builtin")
    assert code == 0, err
    assert _status(git_repo, signal_id) == "consumed"
    code, out, err = cli("reject", "--reason", "cents are wrong for our ledger")
    assert (code, err) == (0, "")
    assert out == ("Discarded the candidate of 'team-playbook' (2 added, 0 edited, 0 removed).\n"
                   "1 signal of the discarded reflection is open again: `learn reflect --pending --model NAME` "
                   "reflects on it again (`learn signals` lists open signals).\n")
    assert _status(git_repo, signal_id) == "open"
    # Discarding the whole candidate refuses no rule in particular (review29 R29-4): the offline reflector's retry
    # stages the same rules again, and `learn show` says they were rejected before.
    code, out, err = cli("reflect", "--session", SESSION, "--model", "builtin")
    assert code == 0 and "has no open signals" not in out, err
    staged = _staged_ids(git_repo)
    assert len(staged) == 2 and _status(git_repo, signal_id) == "consumed"
    assert "Rejected before in this clone: staged again (2)" in cli("show")[1]
    # Rejecting the rules by name refuses them: the offline reflector reads the same correction the same way and
    # must not stage them again (before, it did, after every reject); the signal waits, saying why.
    code, out, err = cli("reject", *staged, "--reason", "cents are wrong for our ledger")
    assert code == 0, err
    assert _status(git_repo, signal_id) == "open"
    code, out, err = cli("reflect", "--session", SESSION, "--model", "builtin")
    assert code == 0 and "has no open signals" not in out, err
    assert not (learn_dir(git_repo) / "team-playbook" / "candidate.json").exists() or not _staged_ids(git_repo)
    assert _status(git_repo, signal_id) == "open"
    code, out, _ = cli("signals", "--unlearned")
    assert code == 0 and signal_id in out
    assert "restates a rule you rejected on " in out and '"cents are wrong for our ledger"' in out
    # The retry the person wanted: a model reads it and proposes another rule, which is staged and consumes it.
    monkeypatch.setenv("OPENAI_BASE_URL", model_server.openai_base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    model_server.auto_vet = True
    model_server.reply(json.dumps({"deltas": [{"op": "ADD", "text": "Store money amounts as `Decimal`, never float.",
                                               "reason": "the person corrected float for prices"}]}))
    code, out, err = cli("reflect", "--pending", "--model", "openai/gpt-4o-mini")
    assert code == 0, err
    assert [lesson["text"] for lesson in json.loads((learn_dir(git_repo) / "team-playbook" / "candidate.json")
                                                   .read_text())] == ["Store money amounts as `Decimal`, never float."]
    assert _status(git_repo, signal_id) == "consumed"


def test_rejecting_lessons_one_by_one_gives_the_signals_back_with_the_last(git_repo: Path, cli):
    signal_id = _captured_correction(git_repo, cli)
    assert cli("reflect", "--pending", "--model", "builtin")[0] == 0
    first, second = _staged_ids(git_repo)
    code, out, _ = cli("reject", first)
    assert code == 0 and "open again" not in out
    assert _status(git_repo, signal_id) == "consumed"  # the reflection's other lesson is still staged
    code, out, _ = cli("reject", second, "--json")
    assert code == 0 and json.loads(out)["reopened"] == [signal_id]
    assert _status(git_repo, signal_id) == "open"


def test_a_reverted_learner_run_gives_its_signals_back(git_repo: Path, cli):
    signal_id = _captured_correction(git_repo, cli)
    code, out, err = cli("run", "--now", "--model", "builtin")
    assert code == 0, err
    run_id = out.split()[1].rstrip(":")
    assert _status(git_repo, signal_id) == "consumed"
    code, out, err = cli("revert", run_id)
    assert code == 0, err
    assert "1 signal of the discarded reflection is open again" in out
    assert _status(git_repo, signal_id) == "open"


def test_a_promoted_reflection_keeps_its_signals_consumed(git_repo: Path, cli):
    """Rejecting a later candidate does not reopen what an earlier, promoted reflection used."""
    signal_id = _captured_correction(git_repo, cli)
    assert cli("reflect", "--pending", "--model", "builtin")[0] == 0
    assert cli("promote", "--yes")[0] == 0
    assert cli("remember", "Run the tests with `pytest -q`.")[0] == 0
    code, out, _ = cli("reject")
    assert code == 0 and "open again" not in out
    assert _status(git_repo, signal_id) == "consumed"


def test_signals_given_back_wait_for_a_person_automatic_reflection_leaves_them(git_repo: Path, cli):
    """review13 (fix13b 8a4dfa6): the reopened signal was reflected on again at the agent's next turn, so the
    rejected lesson came back seconds later. Automatic reflection (the hooks' `--auto`, the continual learner)
    now leaves it for the person who rejected it."""
    signal_id = _captured_correction(git_repo, cli)
    assert cli("reflect", "--pending", "--model", "builtin")[0] == 0
    assert cli("reject")[0] == 0
    assert _status(git_repo, signal_id) == "open"
    code, _, err = cli("reflect", "--session", SESSION, "--auto")  # what the Stop hook starts
    assert code == 0, err
    code, _, err = cli("reflect", "--pending", "--auto")
    assert code == 0, err
    code, out, err = cli("run", "--now", "--model", "builtin")  # the continual learner
    assert code == 0, err
    assert not (learn_dir(git_repo) / "team-playbook" / "candidate.json").exists()
    assert _status(git_repo, signal_id) == "open"
    code, out, err = cli("reflect", "--session", SESSION, "--model", "builtin")  # the person's own retry
    assert code == 0 and "Signals: 1 consumed." in out, err
