"""A correction only the trained model flagged is never turned into a lesson by the built-in reflector (issue 20):
it stays open and waits for a model or a person, even when its words would make a clean rule."""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.capture.second_opinion import MODEL_REASON
from altimate_learn.capture.signals import NewSignal, append_signals, list_signals
from altimate_learn.store import Store, project

RULE = "no, use pnpm, not npm"  # a clean rule when a pattern flagged it


def _store(repo: Path) -> Store:
    return Store(project(repo), "team-playbook")


def _add(repo: Path, reason: str, session: str) -> str:
    added = append_signals(_store(repo), [NewSignal(kind="user_correction", session_id=session, text=RULE,
                                                    reason=reason, message_id="m1")])
    return added[0]["id"]


def _candidate(repo: Path) -> list[str]:
    path = repo / ".altimate-code/learn/team-playbook/candidate.json"
    return [lesson["text"] for lesson in json.loads(path.read_text())] if path.exists() else []


def test_a_model_only_signal_stays_open_and_waits_for_a_model_or_a_person(git_repo: Path, cli):
    signal_id = _add(git_repo, f"{MODEL_REASON} (score 0.93) after an answer that said the work was done", "sess-1")
    code, out, err = cli("reflect", "--session", "sess-1", "--json")
    assert code == 0, err
    assert _candidate(git_repo) == []
    status = {s["id"]: s["status"] for s in list_signals(_store(git_repo), include_consumed=True)}
    assert status[signal_id] == "open"
    waiting = json.loads((git_repo / ".altimate-code/learn/team-playbook/unlearned.json").read_text())
    assert "only the trained model flagged it" in waiting[signal_id]["reason"]
    code, out, _ = cli("signals", "--unlearned")
    assert code == 0 and signal_id in out and "1 signal waits for a model or a person" in out


def test_the_same_words_flagged_by_a_pattern_give_the_lesson(git_repo: Path, cli):
    signal_id = _add(git_repo, 'says "X, not Y"', "sess-2")
    code, _, err = cli("reflect", "--session", "sess-2")
    assert code == 0, err
    assert _candidate(git_repo) == ["Use `pnpm` instead of `npm`."]
    status = {s["id"]: s["status"] for s in list_signals(_store(git_repo), include_consumed=True)}
    assert status[signal_id] == "consumed"


def test_the_learner_without_a_model_leaves_what_only_the_model_flagged():
    """The learner's no-model fallback reads the classifier's picks; a pick of the trained model alone waits for a
    model (a reminder picked by its own form still counts, whatever flagged it)."""
    from altimate_learn.learner.digest import Exchange
    from altimate_learn.learner.fallback import feedback_items

    def exchange(n: int, text: str, hint: str | None) -> Exchange:
        return Exchange(ref=f"s:{n}", session="s", key="k", message_id=str(n), index=n, at=None, kind="text",
                        text=text, hint=hint)

    model = f"{MODEL_REASON} (score 0.91) after an answer that said the work was done"
    items, _ = feedback_items([exchange(1, RULE, model), exchange(2, "use ruff instead of black", 'says "use X instead of Y"'),
                               exchange(3, "I told you already to use pnpm not npm", model)])
    # the items carry what the person typed (a lesson's reason quotes it), and the reflector reads the reminder
    # as the statement it carries
    assert [i.text for i in items] == ["use ruff instead of black", "I told you already to use pnpm not npm"]
    from altimate_learn.reflect.providers.builtin import item_rules
    assert [item_rules(i)[0] for i in items] == [["Use `ruff` instead of `black`."], ["Use `pnpm` instead of `npm`."]]


def test_one_predicate_says_which_stored_signal_is_the_model_alone():
    """The reflector and the learner read "model-only" from one definition (reviewer finding F13): a correction whose
    reason is the model's, not a pattern's; a tool retry or a rejection never is, whatever its reason says."""
    from altimate_learn.capture.second_opinion import is_model_only

    model = f"{MODEL_REASON} (score 0.93) after an answer that said the work was done"
    assert is_model_only({"kind": "user_correction", "reason": model})
    assert not is_model_only({"kind": "user_correction", "reason": 'says "X, not Y"'})
    assert not is_model_only({"kind": "user_correction"})
    assert not is_model_only({"kind": "tool_retry", "reason": model})
