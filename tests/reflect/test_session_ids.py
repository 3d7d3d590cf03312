"""`learn reflect --session ID`: a typo is an error, a unique prefix names the session (review13 R13-5)."""

from __future__ import annotations

from pathlib import Path

from tests.deliver.helpers import learn_dir, read_jsonl, run_hook, settle_capture

SESSION = "02f9f8c2-5d1e-4c3b-9a7f-1e2d3c4b5a69"


def _captured(repo: Path, cli) -> None:
    assert cli("enable")[0] == 0
    base = {"session_id": SESSION, "cwd": str(repo), "transcript_path": str(repo / "t.jsonl")}
    for event in ({"hook_event_name": "SessionStart", "source": "startup"},
                  {"hook_event_name": "UserPromptSubmit", "prompt": "add httpx", "prompt_id": "p1"},
                  {"hook_event_name": "Stop", "last_assistant_message": "I ran pip install httpx."},
                  {"hook_event_name": "UserPromptSubmit", "prompt_id": "p2",
                   "prompt": "No, never use pip here; add dependencies with `uv add`."}):
        assert run_hook("claude-code", {**base, **event}, cwd=repo, env={"ALTIMATE_LEARN_AUTO": "0"}).returncode == 0
    settle_capture(repo)
    assert [s["sessionID"] for s in read_jsonl(learn_dir(repo) / "team-playbook" / "signals.jsonl")] == [SESSION]


def test_a_session_id_that_names_no_session_is_an_error(git_repo: Path, cli):
    _captured(git_repo, cli)
    code, out, err = cli("reflect", "--session", "nope", "--model", "builtin")
    assert code == 1 and out == ""
    assert err == ("Error: no session nope in this store's signals or among this project's sessions. List them with "
                   "`learn signals --all` or `learn sessions`; pass the id (or a unique prefix of at least 6 "
                   "characters).\n")
    [signal] = read_jsonl(learn_dir(git_repo) / "team-playbook" / "signals.jsonl")
    assert signal["status"] == "open"  # nothing used up


def test_a_unique_prefix_names_the_session_and_a_consumed_one_says_so_by_its_full_id(git_repo: Path, cli):
    _captured(git_repo, cli)
    code, out, err = cli("reflect", "--session", SESSION[:8], "--model", "builtin")
    assert code == 0, err
    assert "Signals: 1 consumed." in out
    code, out, err = cli("reflect", "--session", SESSION[:8], "--model", "builtin")
    assert code == 0 and out.startswith(f"Session {SESSION} has no open signals: nothing to reflect on.")
