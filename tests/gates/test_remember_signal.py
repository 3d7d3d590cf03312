"""`learn remember --signal ID "RULE"` (issue 20 item 3): a person states the lesson of a correction no reflection
could learn from; the signal is used up by it and stops waiting (`learn signals --unlearned`, `learn status`)."""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.capture.signals import NewSignal, append_signals, list_signals
from altimate_learn.store import Store, project

WAITS = "that's still broken, the page is blank after your change"
OTHER = "remove the side to side scrolling on mobile"
RULE = "Render an error state instead of a blank page when the API call fails."


def _store(repo: Path) -> Store:
    return Store(project(repo), "team-playbook")


def _waiting_signals(repo: Path, cli) -> dict[str, str]:
    added = append_signals(_store(repo), [NewSignal(kind="user_correction", session_id="sess-1", text=t, reason="test",
                                                    message_id=f"m{i}") for i, t in enumerate([WAITS, OTHER])])
    code, out, err = cli("reflect", "--session", "sess-1", "--model", "builtin")
    assert code == 0, err
    return {s["text"]: s["id"] for s in added}


def _signal(repo: Path, signal_id: str) -> dict:
    return next(s for s in list_signals(_store(repo), include_consumed=True) if s["id"] == signal_id)


def test_a_person_turns_a_waiting_correction_into_a_lesson_by_its_id(git_repo: Path, cli) -> None:
    ids = _waiting_signals(git_repo, cli)
    code, out, _ = cli("status")
    assert "2 corrections wait for a model or a person" in out and '`learn remember --signal ID "RULE"`' in out

    code, out, err = cli("remember", RULE, "--signal", ids[WAITS])
    assert code == 0, err
    assert f"Signal {ids[WAITS]} is used up by it" in out
    assert "Staged in the candidate" in out
    candidate = json.loads((git_repo / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    assert [lesson["text"] for lesson in candidate] == [RULE]
    signal = _signal(git_repo, ids[WAITS])
    assert signal["status"] == "consumed" and signal["consumedBy"].startswith("remember@")
    assert _signal(git_repo, ids[OTHER])["status"] == "open"

    code, out, _ = cli("signals", "--unlearned", "--json")
    assert [s["id"] for s in json.loads(out)] == [ids[OTHER]]
    code, out, _ = cli("status")
    assert "1 correction waits for a model or a person" in out
    history = [json.loads(line) for line in
               (git_repo / ".altimate-code/learn/team-playbook/history.jsonl").read_text().splitlines()]
    assert any(entry.get("feedback") == [ids[WAITS]] for entry in history)  # the change names the signal it used


def test_json_says_which_signal_was_used(git_repo: Path, cli) -> None:
    ids = _waiting_signals(git_repo, cli)
    code, out, err = cli("remember", RULE, "--signal", ids[WAITS], "--approve", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["status"] == "added" and result["approved"] is True
    assert result["signal"] == ids[WAITS] and result["signal_consumed"] is True


def test_a_signal_that_is_not_open_is_refused_and_nothing_is_saved(git_repo: Path, cli) -> None:
    ids = _waiting_signals(git_repo, cli)
    assert cli("remember", RULE, "--signal", ids[WAITS])[0] == 0
    code, _, err = cli("remember", "Keep the page usable on small screens without side scrolling.",
                       "--signal", ids[WAITS])
    assert code == 1 and f"signal {ids[WAITS]} is already remember@" in err
    assert "learn signals --unlearned" in err
    code, _, err = cli("remember", RULE, "--signal", "sig_000000000000")
    assert code == 1 and "no signal sig_000000000000 in store 'team-playbook'" in err
    candidate = json.loads((git_repo / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    assert [lesson["text"] for lesson in candidate] == [RULE]  # neither refused rule was staged
    assert _signal(git_repo, ids[OTHER])["status"] == "open"


def test_a_rule_sent_to_quarantine_leaves_its_signal_open(git_repo: Path, cli) -> None:
    (git_repo / "AGENTS.md").write_text("# Rules\n\n- Always use npm for packages.\n", encoding="utf-8")
    ids = _waiting_signals(git_repo, cli)
    code, out, err = cli("remember", "Never use npm for packages; use pnpm.", "--signal", ids[WAITS], "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["status"] == "quarantined" and result["signal_consumed"] is False
    assert _signal(git_repo, ids[WAITS])["status"] == "open"


def test_a_unique_start_of_a_signal_id_names_it_and_an_ambiguous_one_lists_them(git_repo: Path, cli) -> None:
    """trial30 T30-1: `learn remember --signal sig_d475` said "no signal sig_d475 … Open signals with that start:
    sig_d475221c8474." and exit 1; lesson ids take a unique start everywhere, signal ids now do too."""
    ids = _waiting_signals(git_repo, cli)
    code, out, err = cli("remember", RULE, "--signal", ids[WAITS][:8])
    assert code == 0, err
    assert f"Signal {ids[WAITS]} is used up by it" in out
    assert _signal(git_repo, ids[WAITS])["status"] == "consumed"
    code, out, err = cli("signal", "dismiss", ids[OTHER][4:10])  # without `sig_`
    assert code == 0, err
    assert _signal(git_repo, ids[OTHER])["status"] == "consumed"
    # two open signals that start alike: the start names neither, and the error lists both
    path = _store(git_repo).path(Store.SIGNALS)
    record = json.loads(path.read_text().splitlines()[0])
    twins = [{**record, "id": f"sig_ab12{tail}", "status": "open", "messageID": f"m-{tail}",
              "text": f"no, that is wrong again ({tail})"} for tail in ("00000001", "00000002")]
    twins = [{k: v for k, v in twin.items() if k != "consumedBy"} for twin in twins]
    with path.open("a") as handle:
        handle.writelines(json.dumps(twin) + "\n" for twin in twins)
    code, _, err = cli("signal", "dismiss", "sig_ab12")
    assert code == 1 and "sig_ab12 is the start of 2 open signals: sig_ab1200000001, sig_ab1200000002." in err
    assert all(_signal(git_repo, t["id"])["status"] == "open" for t in twins)
