"""`learn reflect` after `learn reject` emptied the candidate (refl31, issue 20): the footer says what is really staged.

A candidate file whose lessons are the approved ones stages nothing: `learn reflect` no longer tells the person to
review it with `learn show` (there is nothing to review or promote); it says the candidate matches the approved lessons
and that `learn reject` discards it. A candidate that still stages a change is named as before."""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.capture.signals import NewSignal, append_signals
from altimate_learn.store import Store, project


def _signals(repo: Path, *texts: str, session: str = "sess-1") -> list[dict]:
    store = Store(project(repo), "team-playbook")
    return append_signals(store, [NewSignal(kind="user_correction", session_id=session, text=t, reason="test",
                                            message_id=f"m{i}-{session}") for i, t in enumerate(texts)])


def _candidate(repo: Path) -> list[dict]:
    return json.loads((repo / ".altimate-code/learn/team-playbook/candidate.json").read_text())


def test_reflect_after_reject_emptied_the_candidate_does_not_ask_for_a_review(git_repo, cli) -> None:
    _signals(git_repo, "no, use ref() instead of hardcoding the table name")
    code, out, err = cli("reflect")
    assert code == 0, err
    assert "review with `learn show`, approve with `learn promote`" in out
    staged = _candidate(git_repo)
    assert [lesson["text"] for lesson in staged] == ["Use `ref()` instead of hardcoding the table name."]
    code, out, err = cli("reject", staged[0]["id"])
    assert code == 0, err
    assert "now matches the approved lessons" in out
    # the signal is open again; reflected once more, its rule (rejected by id) is not staged again
    code, out, err = cli("reflect")
    assert code == 0, err
    assert "review with `learn show`" not in out
    assert "Candidate: .altimate-code/learn/team-playbook/candidate.json matches the approved lessons: nothing to " \
           "review or promote (`learn reject` discards it)." in " ".join(out.split())
    code, out, err = cli("reflect", "--json")
    data = json.loads(out)
    assert data["candidate"] is None and all(r["candidate"] is None for r in data["reflections"])


def test_reflect_with_a_change_still_staged_names_the_candidate(git_repo, cli) -> None:
    _signals(git_repo, "no, use ref() instead of hardcoding the table name", "we never use SELECT * in marts")
    code, out, err = cli("reflect")
    assert code == 0, err
    staged = _candidate(git_repo)
    assert len(staged) == 2
    code, out, err = cli("reject", staged[0]["id"])
    assert code == 0 and "now has 1 lesson" in out, out + err
    # the rejected rule again, from another session: nothing new is staged, and what is still staged is named
    _signals(git_repo, "no, use ref() instead of hardcoding the table name", session="sess-2")
    code, out, err = cli("reflect")
    assert code == 0, err
    assert "Candidate: .altimate-code/learn/team-playbook/candidate.json; review with `learn show`, approve with " \
           "`learn promote`." in " ".join(out.split())
