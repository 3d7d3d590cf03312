"""`learn deliver`: the hooks' selection from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from tests.deliver.helpers import learn_dir, read_jsonl, sample_lessons, write_store


def test_deliver_request_json_and_shown_records(git_repo: Path, learn_cli):
    write_store(git_repo, sample_lessons())
    proc = learn_cli("deliver", "--session", "cli-1", "--request", "add a model from raw tables", "--json",
                     cwd=git_repo)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert set(out) == {"session", "event", "enabled", "text", "lessons", "note", "already_shown", "learned_notes", "skipped",
                        "stale", "fallbacks", "unfinished_merge"}
    assert out["stale"] == 0 and out["fallbacks"] == [] and out["unfinished_merge"] == []
    assert out["session"] == "cli-1" and out["event"] == "request" and out["enabled"] is True
    assert out["lessons"] and set(out["lessons"][0]) == {"store", "id", "tier", "line"}
    assert {item["tier"] for item in out["lessons"]} <= {"core", "retrieved"}
    shown = read_jsonl(learn_dir(git_repo) / "team-playbook" / "shown.jsonl")
    assert [r["id"] for r in shown] == [item["id"] for item in out["lessons"]]
    again = json.loads(learn_cli("deliver", "--session", "cli-1", "--file", "models/staging/stg_x.sql", "--json",
                                 cwd=git_repo).stdout)
    assert again["event"] == "file"
    assert not {i["id"] for i in again["lessons"]} & {i["id"] for i in out["lessons"]}


def test_deliver_plain_text_and_usage_errors(git_repo: Path, learn_cli):
    write_store(git_repo, sample_lessons())
    proc = learn_cli("deliver", "--session", "cli-2", "--request", "staging models", cwd=git_repo)
    assert proc.returncode == 0 and "Team conventions for this project" in proc.stdout
    proc = learn_cli("deliver", "--session", "cli-2", "--request", "x", "--file", "y", cwd=git_repo)
    assert proc.returncode == 2 and "exactly one of --request or --file" in proc.stderr
    proc = learn_cli("deliver", "--session", "cli-2", cwd=git_repo)
    assert proc.returncode == 2


def test_deliver_with_learning_off_delivers_nothing(git_repo: Path, learn_cli):
    write_store(git_repo, sample_lessons())
    proc = learn_cli("deliver", "--session", "cli-3", "--request", "staging", "--json", cwd=git_repo,
                     env={"ALTIMATE_LEARN": "0"})
    out = json.loads(proc.stdout)
    assert proc.returncode == 0 and out["enabled"] is False and out["lessons"] == []
    assert not (learn_dir(git_repo) / ".sessions").exists()


def test_deliver_without_lessons(git_repo: Path, learn_cli):
    proc = learn_cli("deliver", "--session", "cli-4", "--request", "anything", "--json", cwd=git_repo)
    assert proc.returncode == 0 and json.loads(proc.stdout)["note"] == "this project has no approved lessons"


def test_deliver_says_a_matching_lesson_was_already_shown_rather_than_that_nothing_matched(git_repo: Path, learn_cli):
    lessons = sample_lessons()
    write_store(git_repo, lessons)
    ask = ("deliver", "--session", "cli-5", "--request")
    first = json.loads(learn_cli(*ask, "convert amount_cents to dollars in staging", "--json", cwd=git_repo).stdout)
    cents = next(item["id"] for item in first["lessons"] if "_cents" in item["line"] and "dollars" in item["line"])
    # a later request in the same session that matches only what the session was already shown
    proc = learn_cli(*ask, "amount_cents dollars", cwd=git_repo)
    assert proc.returncode == 0 and proc.stdout == ""
    assert "nothing new to deliver: every lesson that matches this request was already shown in this session (" in proc.stderr
    assert cents in proc.stderr and "no approved lesson matched" not in proc.stderr
    out = json.loads(learn_cli(*ask, "amount_cents to dollars again", "--json", cwd=git_repo).stdout)
    assert out["lessons"] == [] and cents in out["already_shown"]
    # a request nothing matches says so
    proc = learn_cli(*ask, "zebra giraffe", cwd=git_repo)
    assert "nothing to deliver: no approved lesson matched this request." in proc.stderr
    # the same for a file
    learn_cli("deliver", "--session", "cli-5", "--file", "models/staging/stg_a.sql", cwd=git_repo)
    proc = learn_cli("deliver", "--session", "cli-5", "--file", "models/staging/stg_b.sql", cwd=git_repo)
    assert "nothing new to deliver: every lesson that matches this file was already shown in this session (" in proc.stderr
    proc = learn_cli("deliver", "--session", "cli-5", "--file", "docs/notes.txt", cwd=git_repo)
    assert "nothing to deliver: no approved lesson matched this file." in proc.stderr


def test_deliver_names_the_lessons_a_request_shares_too_few_words_with(git_repo: Path, learn_cli):
    from tests.deliver.test_explain import LESSONS

    write_store(git_repo, LESSONS)
    proc = learn_cli("deliver", "--session", "cli-6", "--request", "the service is slow today", cwd=git_repo,
                     env={"ALTIMATE_LEARN_CORE_LESSONS": "0"})
    assert proc.returncode == 0 and proc.stdout == ""
    assert ("nothing to deliver: no approved lesson matched this request closely enough: 5 lessons share too few "
            "words with it to count (") in proc.stderr
