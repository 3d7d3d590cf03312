"""The built-in reflector never invents and never loses (issue 20): a signal is consumed only when a lesson or
a HELPFUL came from it; past the cap the rest carry over; what it cannot learn from waits, with its reason,
for a model or a person (`learn signals --unlearned`, `learn status`, `learn signal dismiss ID`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from altimate_learn.capture.signals import NewSignal, append_signals, list_signals
from altimate_learn.store import Store, project

RULES = {
    "no, use pnpm, not npm": "Use `pnpm` instead of `npm`.",
    "never commit directly to main": "Never commit directly to main.",
    "We always use snake_case for column names": "Always use `snake_case` for column names.",
    "don't use print statements, use the logger": "Use the logger instead of print statements.",
}
NO_RULE = ["that's still broken, the page is blank after your change",
           "remove the side to side scrolling on mobile"]


def _store(repo: Path) -> Store:
    return Store(project(repo), "team-playbook")


def _add(repo: Path, texts: list[str]) -> dict[str, str]:
    added = append_signals(_store(repo), [NewSignal(kind="user_correction", session_id="sess-1", text=t,
                                                    reason="test", message_id=f"m{i}") for i, t in enumerate(texts)])
    return {s["text"]: s["id"] for s in added}


def _candidate(repo: Path) -> list[str]:
    path = repo / ".altimate-code/learn/team-playbook/candidate.json"
    return [lesson["text"] for lesson in json.loads(path.read_text())] if path.exists() else []


def _waiting(repo: Path) -> dict[str, dict]:
    path = repo / ".altimate-code/learn/team-playbook/unlearned.json"
    return json.loads(path.read_text()) if path.exists() else {}


def _statuses(repo: Path) -> dict[str, str]:
    return {s["id"]: s["status"] for s in list_signals(_store(repo), include_consumed=True)}


def test_six_corrections_each_gives_a_staged_lesson_or_stays_open_with_its_reason(git_repo: Path, cli):
    ids = _add(git_repo, list(RULES) + NO_RULE)
    code, out, err = cli("reflect", "--session", "sess-1", "--json")
    assert code == 0, err
    first = json.loads(out)["reflections"][0]
    staged = _candidate(git_repo)
    assert len(staged) == 3  # the per-reflection cap
    waiting = _waiting(git_repo)
    carried = []
    for text, signal_id in ids.items():
        status = _statuses(git_repo)[signal_id]
        if status == "consumed":
            assert RULES[text] in staged  # consumed only because its lesson is staged
        else:
            assert signal_id in first["signals"]["kept"]
            reason = waiting.get(signal_id, {}).get("reason")
            skipped = {s["signal"]: s["reason"] for s in first["skipped_feedback"]}
            assert reason or "kept for the next one" in skipped[signal_id]
            if reason is None:
                carried.append(text)
    assert len(carried) == 1 and set(waiting) == {ids[t] for t in NO_RULE}
    assert sorted(first["signals"]["waiting"]) == sorted(ids[t] for t in NO_RULE)
    # the next reflection stages the carried rule: nothing had to be added again
    code, out, _ = cli("reflect", "--session", "sess-1")
    assert code == 0
    assert sorted(_candidate(git_repo)) == sorted(RULES.values())
    assert {i for i, s in _statuses(git_repo).items() if s == "open"} == {ids[t] for t in NO_RULE}
    # and the built-in reflector does not read the two it could not use again
    code, out, _ = cli("reflect", "--session", "sess-1")
    assert code == 0 and "Session sess-1 (2 signals): not reflected, its signals wait for a model or a person" in out


def test_waiting_signals_are_listed_counted_and_can_be_dismissed(git_repo: Path, cli):
    ids = _add(git_repo, ["never commit directly to main", *NO_RULE])
    cli("reflect", "--session", "sess-1")
    code, out, _ = cli("signals", "--unlearned")
    assert code == 0
    for text in NO_RULE:
        assert ids[text] in out
    assert "why no lesson: no clear rule in it" in out
    assert "2 signals wait for a model or a person" in out and "`learn signal dismiss ID`" in out
    code, out, _ = cli("status")
    assert "2 corrections wait for a model or a person" in out and "`learn remember --signal ID \"RULE\"`" in out
    code, out, _ = cli("signals", "--unlearned", "--json")
    listed = json.loads(out)
    assert {s["id"] for s in listed} == {ids[t] for t in NO_RULE} and all(s["unlearned"]["reason"] for s in listed)

    target = ids[NO_RULE[0]]
    code, out, _ = cli("signal", "dismiss", target, "--reason", "a bug in my own code")
    assert code == 0 and f"Dismissed signal {target}" in out
    assert _statuses(git_repo)[target] == "consumed" and target not in _waiting(git_repo)
    consumed_by = next(s["consumedBy"] for s in list_signals(_store(git_repo), include_consumed=True)
                       if s["id"] == target)
    assert consumed_by.startswith("dismissed@")
    history = [json.loads(line) for line in
               (git_repo / ".altimate-code/learn/team-playbook/history.jsonl").read_text().splitlines()]
    assert history[-1]["action"] == "dismiss" and history[-1]["signals"] == [target]  # altimate-code's line shape
    assert history[-1]["reason"] == "a bug in my own code"
    code, out, _ = cli("status")
    assert "1 correction waits for a model or a person" in out


def test_dismissing_what_is_not_open_says_what_to_do(git_repo: Path, cli):
    ids = _add(git_repo, ["never commit directly to main"])
    cli("reflect", "--session", "sess-1")
    code, _, err = cli("signal", "dismiss", ids["never commit directly to main"])
    assert code == 1 and "is already reflect@" in err and "Only open signals can be dismissed" in err
    code, _, err = cli("signal", "dismiss", "sig_000000000000")
    assert code == 1 and "no signal sig_000000000000 in store 'team-playbook'" in err


def test_a_model_reflection_reads_the_signals_the_built_in_reflector_left(git_repo: Path, cli):
    """Waiting is for a model: the built-in reflector's note does not hide a signal from one."""
    from altimate_learn.capture.unlearned import waiting
    from altimate_learn.reflect.digest import DigestSource
    from altimate_learn.reflect.pricing import Usage
    from altimate_learn.reflect.providers import Completion, Resolution
    from altimate_learn.reflect.providers.builtin import FeedbackItem
    from altimate_learn.reflect.reflect import Batch, Options, reflect_batch

    ids = _add(git_repo, NO_RULE)
    cli("reflect", "--session", "sess-1")
    assert set(_waiting(git_repo)) == set(ids.values())
    store = _store(git_repo)
    signals = list_signals(store)
    asked: list[str] = []

    class Chat:
        label = "test/model"

        def complete(self, system: str, prompt: str, *, timeout: float, max_tokens: int) -> Completion:
            if '{"verdicts": [...]}' in prompt:  # the vet of the model's rule: it passes
                keys = re.findall(r"^\[(c\d+)\] author=", prompt, flags=re.M)
                answer = json.dumps({"verdicts": [{"item": key, "verdict": "pass"} for key in keys]})
                return Completion(answer, Usage(10, 5, 0.0, False, calls=1), "test/model")
            asked.append(prompt)
            answer = ('{"deltas": [{"op": "ADD", "text": "Keep pages free of horizontal scrolling on mobile.", '
                      '"reason": "user feedback"}]}')
            return Completion(answer, Usage(10, 5, 0.0, False, calls=1), "test/model")

    batch = Batch("sess-1", "\n".join(f"[{s['kind']}] {s['text']}" for s in signals), "user",
                  [FeedbackItem(s["kind"], s["text"], s["id"], s.get("messageID"), []) for s in signals],
                  DigestSource(), signals)
    outcome = reflect_batch(store, batch, Options(), Resolution("test/model", Chat(), "--model"))
    assert asked and all(text in asked[0] for text in NO_RULE)
    assert outcome.status == "applied" and set(outcome.consumed) == set(ids.values())
    assert waiting(store) == []


def test_a_correction_that_states_two_rules_gives_both_and_past_the_cap_waits_whole(git_repo: Path, cli):
    """review10 R10-1: only the first of two rules was staged and the signal consumed, so the second was lost."""
    two = "No, don't use float for money, use Decimal. And never use pip in this repo, we use uv."
    three = "Stop using requests, we use httpx. Also never commit .env files."
    ids = _add(git_repo, [two, three])
    code, out, err = cli("reflect", "--session", "sess-1", "--json")
    assert code == 0, err
    staged = _candidate(git_repo)
    assert staged[:2] == ["Use `Decimal` instead of `float` for money.", "Use `uv` instead of `pip`."]
    assert len(staged) == 2  # the second correction's two rules would pass the cap of 3: it waits whole
    statuses = _statuses(git_repo)
    assert statuses[ids[two]] == "consumed" and statuses[ids[three]] == "open"
    code, out, err = cli("reflect", "--session", "sess-1", "--json")
    assert code == 0, err
    assert _candidate(git_repo)[2:] == ["Use `httpx` instead of `requests`.", "Never commit `.env` files."]
    assert _statuses(git_repo)[ids[three]] == "consumed"
