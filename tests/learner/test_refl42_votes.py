"""review41 R41-9: a model's HELPFUL or HARMFUL must be about a lesson agents could have been given before the exchange it
cites. The built-in reflector's items carry their turn (refl40/41: a typed "please remember: …" is no vote for the note
the agent wrote of it in that turn); a model's vote was not checked, and counted "helpful 1" on that brand-new note."""

from __future__ import annotations

import re
from pathlib import Path

from tests.fakes.model_server import Computed, Reply
from tests.learner.conftest import MODEL, runs
from tests.reflect.test_refl41_forms import REMEMBER, _remembered, _staged_note


def _vote_on_the_note(op: str):
    """The model's answer: ``op`` on the lesson staged from the agent's note, citing the "please remember" exchange."""

    def make(request) -> Reply:
        prompt = request.prompt
        lesson = re.search(r"\[(L-[0-9a-f]+)\][^\n]*make check", prompt).group(1)
        ref = re.search(r"\[([^\]\s]+)\][^\n]*\n(?:  [^\n]*\n)*?  person typed: " + re.escape(REMEMBER), prompt).group(1)
        body = '{"deltas": [{"op": "%s", "target": "review", "id": "%s", "reason": "the person asked for it", ' \
               '"cites": ["%s"]}]}' % (op, lesson, ref)
        return Reply(body, 100, 20, True, None)

    return Computed(make)


def _run(git_repo: Path, server, cli, op: str = "HELPFUL") -> tuple[int, str, str]:
    server._push(_vote_on_the_note(op))
    return cli("run", "--now", "--since", "2000-01-01", "--model", MODEL)


def test_a_models_helpful_on_the_note_written_in_that_exchanges_turn_is_dropped(git_repo, isolated_home, server, cli):
    _remembered(git_repo, isolated_home, note_after=2)  # the agent's note of "please remember: …", in that turn
    code, out, err = _run(git_repo, server, cli)
    assert code == 0, err
    assert _staged_note(git_repo)["helpful"] == 0
    (record,) = runs(git_repo)
    assert any(d.get("op") == "HELPFUL" and "no vote on it" in d["reason"] for d in record["dropped"]), record["dropped"]


def test_a_models_harmful_on_it_is_dropped_too(git_repo, isolated_home, server, cli):
    _remembered(git_repo, isolated_home, note_after=2)
    code, out, err = _run(git_repo, server, cli, "HARMFUL")
    assert code == 0, err
    assert _staged_note(git_repo).get("harmful", 0) == 0


def test_a_models_helpful_counts_when_the_note_was_there_before_the_exchange(git_repo, isolated_home, server, cli):
    _remembered(git_repo, isolated_home, note_after=-86400 * 3)  # the agent had the note: the person says it again
    code, out, err = _run(git_repo, server, cli)
    assert code == 0, err
    assert _staged_note(git_repo)["helpful"] == 1


def test_a_models_helpful_counts_when_the_note_came_after_the_next_message(git_repo, isolated_home, server, cli):
    # not the turn that answered "please remember": a say of its own, as the built-in reflector counts it (refl41)
    _remembered(git_repo, isolated_home, note_after=20)
    code, out, err = _run(git_repo, server, cli)
    assert code == 0, err
    assert _staged_note(git_repo)["helpful"] == 1


RULE = "Run `make check` before every commit."


def test_a_models_helpful_on_a_lesson_made_after_the_exchange_it_cites_is_dropped(git_repo, isolated_home, server, cli):
    # the person said it a day ago; the lesson was taught today: the old exchange was no reaction to the lesson
    from tests.history.transcripts import claude_session, days_ago

    claude_session(isolated_home, git_repo, "sess-old", days_ago(1), [
        ("user", REMEMBER), ("assistant", "Noted."), ("user", "thanks. now add the retry to the fetcher"),
        ("assistant", "Added the retry.")])
    assert cli("remember", RULE)[0] == 0

    def make(request) -> Reply:
        prompt = request.prompt
        lesson = re.search(r"\[(L-[0-9a-f]+)\][^\n]*make check", prompt).group(1)
        ref = re.search(r"\[([^\]\s]+)\][^\n]*\n(?:  [^\n]*\n)*?  person typed: " + re.escape(REMEMBER), prompt).group(1)
        return Reply('{"deltas": [{"op": "HELPFUL", "target": "review", "id": "%s", "reason": "said so", '
                     '"cites": ["%s"]}]}' % (lesson, ref), 100, 20, True, None)

    server._push(Computed(make))
    code, out, err = cli("run", "--now", "--since", "2000-01-01", "--model", MODEL)
    assert code == 0, err
    import json

    lessons = json.loads((git_repo / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    (taught,) = [lesson for lesson in lessons if lesson["text"] == RULE]
    assert taught.get("helpful", 0) == 0
    (record,) = runs(git_repo)
    assert any(d.get("op") == "HELPFUL" and "typed before" in d["reason"] for d in record["dropped"]), record["dropped"]
