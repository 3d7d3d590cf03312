"""An AGENTS.md edit makes the lessons vetted against it stale: a real hook holds them out until a re-vet."""

from __future__ import annotations

import json
from pathlib import Path

from tests.deliver.helpers import context_of, run_hook, settle_capture
from tests.gates.helpers import AGENTS_MD, quarantined, read_json, stamps, write_instructions

RULE = "Name staging models `stg_<source>__<table>`."


def _prompt(repo: Path, session: str) -> str:
    payload = {"session_id": session, "transcript_path": str(repo / "t.jsonl"), "cwd": str(repo),
               "hook_event_name": "UserPromptSubmit", "prompt": "add a staging model for the stripe source"}
    proc = run_hook("claude-code", payload, cwd=repo)
    assert proc.returncode == 0 and proc.stderr == ""
    return context_of(proc.stdout)


def test_an_agents_md_edit_holds_a_lesson_out_of_a_real_hook_until_it_is_re_vetted(git_repo, cli):
    write_instructions(git_repo)
    assert cli("remember", RULE, "--approve")[0] == 0
    assert "stg_<source>__<table>" in _prompt(git_repo, "s-before")

    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "- Document every model in its schema file.\n")
    code, out, _ = cli("status")
    assert ("  stale: 1 (instructions changed; held out of delivery until re-vetted: the hooks' next capture does "
            "it, `learn vet` does it now)") in out
    # the set line accounts for it (review14 R14-19: "0 in force ... 0 retired" read like an emptied set)
    assert "  set: 0 in force (max_in_force 40), 1 stale (held out until re-vetted), 0 outside the cap" in out
    code, out, _ = cli("show")
    assert "Stale: instructions changed, awaiting re-vet (1)" in out
    assert "0 in force (max_in_force 40), 1 stale (held out until re-vetted), 0 outside the cap" in out
    code, out, _ = cli("doctor", "--json")
    assert json.loads(out)["set"]["stale"] == 1
    code, out, err = cli("deliver", "--session", "d-stale", "--request", "add a staging model for the stripe source")
    assert code == 0 and out == ""
    assert ("nothing to deliver: 1 approved lesson is held out as stale: the instruction files changed since it was "
            "vetted; run `learn vet` (the hooks' next capture re-vets them too).") in err
    assert "no approved lessons" not in err

    code, out, err = cli("vet")
    assert code == 0, err
    assert out.startswith("Re-vetted 1 lesson (offline): 1 re-stamped, 0 quarantined.")
    assert "stg_<source>__<table>" in _prompt(git_repo, "s-after")


def _session_start(repo: Path, session: str, wait: str = "45") -> str:
    """A SessionStart through the real hook; ``wait``: how long it may wait for a re-vet it starts (long by
    default, so what a test asserts never depends on how fast this machine runs the re-vet)."""
    payload = {"session_id": session, "transcript_path": str(repo / "t.jsonl"), "cwd": str(repo),
               "hook_event_name": "SessionStart", "source": "startup"}
    proc = run_hook("claude-code", payload, cwd=repo, env={"ALTIMATE_LEARN_START_REVET_WAIT": wait}, timeout=120)
    assert proc.returncode == 0 and proc.stderr == ""
    return context_of(proc.stdout)


def _started_moments_ago(repo: Path) -> None:
    """What a hook leaves when it starts a re-vet: its pid and the instruction files' hash it re-vets against."""
    from altimate_learn.harness.revet import STARTED, _contract

    sessions = repo / ".altimate-code/learn/.sessions"
    sessions.mkdir(parents=True, exist_ok=True)
    (sessions / STARTED).write_text(f"1\n{_contract(str(repo))}")


def _hook_log(repo: Path) -> str:
    return (repo / ".altimate-code/learn/.sessions/hook.log").read_text()


def test_a_session_start_that_finds_stale_lessons_re_vets_every_store_in_the_background(git_repo, cli):
    """R13-24: nobody runs `learn vet` after an edit of AGENTS.md; the hooks re-vet by themselves (capture off)."""
    write_instructions(git_repo)
    assert cli("remember", RULE, "--approve")[0] == 0
    assert cli("remember", "Put queue workers in `workers/`.", "--approve", "--name", "frontend")[0] == 0
    assert cli("remember", "Install dependencies with `yarn install`.", "--approve")[0] == 0
    first = _session_start(git_repo, "s-1")
    assert "stg_<source>__<table>" in first and "workers/" in first and "yarn install" in first

    # an unrelated paragraph outside the learn block, and a rule that now contradicts one lesson
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "\n# Project notes\nThe API lives in api/.\n"
                                        "- Use pnpm for installs, never yarn.\n")
    # review14 R14-18: this first session after the edit waits briefly for the re-vet it starts, so it gets what
    # passed (it used to start with none); what the new instructions contradict is quarantined, never injected
    stale = _session_start(git_repo, "s-2")
    assert "stg_<source>__<table>" in stale and "workers/" in stale and "yarn install" not in stale
    settle_capture(git_repo)  # the background re-vet that hook started
    log = _hook_log(git_repo)
    assert "3 approved lessons are held out as stale" in log and "started a background re-vet" in log
    assert "background re-vet of store 'frontend' (offline): 1 checked, 1 re-stamped" in log
    assert "background re-vet of store 'team-playbook' (offline): 2 checked, 1 re-stamped" in log
    assert "session start: waited " in log and "ms for the re-vet of the stale lessons" in log

    again = _session_start(git_repo, "s-3")
    assert "stg_<source>__<table>" in again and "workers/" in again  # re-stamped: delivered again
    assert "yarn install" not in again  # quarantined with the reason, never delivered
    [item] = quarantined(git_repo)
    assert item["text"] == "Install dependencies with `yarn install`." and item["was"] == "approved"
    assert item["reason"] == 'contradicts AGENTS.md: "Use pnpm for installs, never yarn"'
    code, out, _ = cli("quarantine", "list")
    assert 'contradicts AGENTS.md: "Use pnpm for installs, never yarn"' in out
    assert "yarn install" not in " ".join(lesson["text"] for lesson in read_json(git_repo, "candidate.json"))
    status = cli("status")[1]
    assert "stale" not in status
    assert (f"    1 of them set aside by the hooks' background re-vet after the instruction files changed ({item['id']}, "
            "newest at ") in status  # nobody ran a command: status says the hooks did it
    assert "their removal is staged in the candidate; if the vet was wrong, `learn quarantine release ID --force`" in status


def test_the_next_capture_re_vets_the_stale_lessons_of_every_store(git_repo, cli, monkeypatch):
    """Spec 000: "The next capture ... re-vets them": the capture worker does, after recording the prompt."""
    for name, value in {"ALTIMATE_LEARN_CAPTURE": "1", "ALTIMATE_LEARN_AUTO": "0",
                        "ALTIMATE_LEARN_CONTINUAL_LEARNING": "0"}.items():
        monkeypatch.setenv(name, value)
    write_instructions(git_repo)
    assert cli("remember", RULE, "--approve")[0] == 0
    assert cli("remember", "Put queue workers in `workers/`.", "--approve", "--name", "frontend")[0] == 0
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "\n# Project notes\nThe API lives in api/.\n")
    # a hook started a re-vet moments ago (its pause holds): only the capture worker re-vets here
    sessions = git_repo / ".altimate-code/learn/.sessions"
    sessions.mkdir(parents=True, exist_ok=True)
    _started_moments_ago(git_repo)

    assert "stg_<source>__<table>" not in _prompt(git_repo, "s-cap")
    stop = {"session_id": "s-cap", "transcript_path": str(git_repo / "t.jsonl"), "cwd": str(git_repo),
            "hook_event_name": "Stop", "last_assistant_message": "I added the model."}
    assert run_hook("claude-code", stop, cwd=git_repo).returncode == 0
    assert "stg_<source>__<table>" not in _prompt(git_repo, "s-cap")  # the capture worker runs after this prompt
    settle_capture(git_repo)
    log = _hook_log(git_repo)
    assert "started a background re-vet" not in log
    assert "background re-vet of store 'frontend' (offline): 1 checked, 1 re-stamped" in log
    assert "background re-vet of store 'team-playbook' (offline): 1 checked, 1 re-stamped" in log
    assert "stg_<source>__<table>" in _prompt(git_repo, "s-next")
    assert "workers/" in _session_start(git_repo, "s-next2")
    # nothing due any more: the next capture reads nothing and logs nothing new
    assert run_hook("claude-code", stop, cwd=git_repo).returncode == 0
    _prompt(git_repo, "s-cap")
    settle_capture(git_repo)
    assert _hook_log(git_repo).count("background re-vet of store") == 2


def test_learn_vet_re_vets_every_store_and_doctor_names_it(git_repo, cli):
    """R13-24b: delivery reads every store, so `learn vet` without --name re-vets them all."""
    write_instructions(git_repo)
    assert cli("remember", RULE, "--approve")[0] == 0
    assert cli("remember", "Put queue workers in `workers/`.", "--approve", "--name", "frontend")[0] == 0
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "- Document every model in its schema file.\n")
    code, out, _ = cli("status")
    assert "  stale in other stores: frontend (1) (held out of delivery too; `learn vet` re-vets every store)" in out
    code, out, _ = cli("doctor")
    assert "2 lessons are stale" in out and "run `learn vet` (it re-vets every store" in out

    code, out, err = cli("vet")
    assert code == 0, err
    assert out.startswith("Re-vetted 2 lessons (offline) in stores frontend, team-playbook: 2 re-stamped, "
                          "0 quarantined.")
    code, out, _ = cli("doctor")
    assert "stale" not in out
    both = _session_start(git_repo, "s-1")
    assert "stg_<source>__<table>" in both and "workers/" in both
    code, out, err = cli("vet")
    assert out.strip() == "Nothing to re-vet: every lesson of every store was vetted against the current instruction files."
    (git_repo / "AGENTS.md").write_text(AGENTS_MD)
    code, out, err = cli("vet", "--name", "frontend", "--json")
    assert json.loads(out)["restamped"] == 1
    assert "stale" in cli("status")[1]  # team-playbook's lesson is still stale: --name re-vets one store


def test_a_lesson_without_a_stamp_is_delivered_and_the_first_re_vet_backfills_it(git_repo, cli):
    from tests.deliver.helpers import lesson, write_store

    write_instructions(git_repo)
    write_store(git_repo, [lesson("L-00a1", RULE)])
    assert "stg_<source>__<table>" in _prompt(git_repo, "s-1")
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "- Another rule entirely.\n")
    assert "stg_<source>__<table>" in _prompt(git_repo, "s-2")  # no hash: not stale
    assert cli("vet")[0] == 0
    assert stamps(git_repo)["L-00a1"]["ih"]
    assert "stg_<source>__<table>" in _prompt(git_repo, "s-3")


def test_a_lesson_the_new_instructions_contradict_is_quarantined_and_never_delivered(git_repo, cli):
    write_instructions(git_repo)
    assert cli("remember", "Install dependencies with `yarn install`.", "--approve")[0] == 0
    assert "yarn install" in _prompt(git_repo, "s-1")
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "- Use pnpm for installs, never yarn.\n")
    code, out, err = cli("vet")
    assert code == 0, err
    [item] = quarantined(git_repo)
    assert item["reason"] == 'contradicts AGENTS.md: "Use pnpm for installs, never yarn"' and item["was"] == "approved"
    assert "yarn install" not in _prompt(git_repo, "s-2")  # still in approved.json, held out locally
    assert [lesson["id"] for lesson in read_json(git_repo, "approved.json")] == [item["id"]]
    assert read_json(git_repo, "candidate.json") == []  # its removal is staged for review

    (git_repo / "AGENTS.md").write_text(AGENTS_MD)  # the team fixes the instructions
    code, out, err = cli("quarantine", "release", item["id"])
    assert code == 0, err
    assert out.strip() == f"Released {item['id']}: it passed the vet and is delivered again."
    assert quarantined(git_repo) == [] and read_json(git_repo, "candidate.json") is None
    assert "yarn install" in _prompt(git_repo, "s-3")


def test_the_hook_log_says_why_a_lesson_is_held_out(git_repo, cli):
    write_instructions(git_repo)
    assert cli("remember", RULE, "--approve")[0] == 0
    (git_repo / "AGENTS.md").write_text("# Rewritten\n")
    _prompt(git_repo, "s-1")
    log = (git_repo / ".altimate-code/learn/.sessions/hook.log").read_text()
    assert "held out: stale: the instruction files changed since it was vetted" in log


def test_a_session_start_waits_only_its_budget_for_a_re_vet_that_does_not_finish(git_repo, cli):
    """R14-18: the wait at session start is bounded: a re-vet still running when it runs out leaves the stale
    lessons out of this start (as before), and the hook answers."""
    write_instructions(git_repo)
    assert cli("remember", RULE, "--approve")[0] == 0
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "\n# Project notes\nThe API lives in api/.\n")
    sessions = git_repo / ".altimate-code/learn/.sessions"
    (sessions / "capture-pending").mkdir(parents=True, exist_ok=True)
    _started_moments_ago(git_repo)  # a hook started one moments ago ...
    (sessions / "capture-pending" / "revet-99999").write_text("")  # ... and it is still running
    assert _session_start(git_repo, "s-slow", wait="0.3") == ""
    assert "the re-vet of the stale lessons took longer than 0.3 s" in _hook_log(git_repo)
    (sessions / "capture-pending" / "revet-99999").unlink()
    import os
    import time

    os.utime(sessions / "revet-started", (time.time() - 3600, time.time() - 3600))  # that one is long over
    assert "stg_<source>__<table>" in _session_start(git_repo, "s-next")


def test_another_instruction_edit_within_the_pause_starts_a_new_re_vet(git_repo, cli):
    """review14 R14-38: a hook starts at most one re-vet per 5 minutes; a second AGENTS.md change (a second pull, a
    revert) within them left the next sessions without lessons. The pause holds for the instruction files it
    re-vetted against only."""
    write_instructions(git_repo)
    assert cli("remember", RULE, "--approve")[0] == 0
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "\n# Project notes\nThe API lives in api/.\n")
    assert "stg_<source>__<table>" in _session_start(git_repo, "s-1")  # the first edit: re-vetted at once
    settle_capture(git_repo)
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "\n# Project notes\nThe API lives in services/api/.\n")
    assert "stg_<source>__<table>" in _session_start(git_repo, "s-2")  # moments later, another edit: again
    settle_capture(git_repo)
    assert _hook_log(git_repo).count("started a background re-vet") == 2
