"""Redaction of a secret split from its name by a line break, and of a secret repeated later in the same
session (the agent quoting it back, the person repeating it): in the redactor, in `learn capture` on a real
transcript file, in live capture through the hooks, and in the learner's and the reflection's digests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from altimate_learn.redact import SecretMemory, redact, remembering
from tests.deliver.helpers import learn_dir, read_jsonl, run_hook, sample_lessons, write_store

SPLIT = [
    ("my db password is\n  hunter2-xyz", "hunter2-xyz"),
    ("password:\n  s3cr3t!", "s3cr3t!"),
    ("DB_PASSWORD:\n    Pa55word-prod\nDB_HOST: db.internal", "Pa55word-prod"),
    ("here is the api key:\n\n  `Zx9kk77aaQ`", "Zx9kk77aaQ"),
    ("**Token**\n\"tok3n_live_x\"", "tok3n_live_x"),
    ("the staging passphrase should be\n> blue-horse-9", "blue-horse-9"),
    ("Passwort ist\r\n  Geheim#2024\r\n", "Geheim#2024"),
]

CLEAN = [
    "Password:\n  Must be at least 8 characters",
    "token:\n  type: string\n  format: jwt",
    "password_min_length:\n  8",
    "Version:\nv2.0.1",
    "the password\nis wrong, try again",
    "Reset password\nStep2:",
    "api key\n  rotation happens weekly",
    "token:\n  ${GITHUB_TOKEN}",
    "password:\n  <your-password>",
    "secret:\n  changeme",
    "credentials\n  see vault/prod/db",
]


@pytest.mark.parametrize("text,secret", SPLIT)
def test_a_value_on_the_line_after_its_name_is_redacted(text: str, secret: str):
    out = redact(text)
    assert secret not in out and "[REDACTED:" in out
    assert redact(out) == out


@pytest.mark.parametrize("text", CLEAN)
def test_text_on_the_line_after_a_credential_word_that_is_no_secret_stays(text: str):
    assert redact(text) == text


def test_a_secret_repeated_later_in_the_session_is_redacted_there_too():
    with remembering():
        first = redact("my db password is\n  hunter2-xyz")
        later = redact("ok, I connected with hunter2-xyz and the migration ran.")
        quoted = redact('no, "hunter2-xyz" is for staging; prod differs')
        unrelated = redact("hunter2-xyzzy is another word, and hunter2 alone too")
    assert "hunter2-xyz" not in first + later + quoted
    assert later == "ok, I connected with [REDACTED:password] and the migration ran."
    assert quoted == 'no, "[REDACTED:password]" is for staging; prod differs'
    assert unrelated == "hunter2-xyzzy is another word, and hunter2 alone too"  # only the whole value


def test_outside_a_session_scope_nothing_is_remembered():
    with remembering():
        redact("password: s3cr3t!-prod")
    assert redact("use s3cr3t!-prod") == "use s3cr3t!-prod"
    with remembering():  # a new scope starts empty
        assert redact("use s3cr3t!-prod") == "use s3cr3t!-prod"


def test_learn_remembers_without_redacting_and_short_values_are_not_remembered():
    memory = SecretMemory()
    memory.learn("DB_PASSWORD=Qx7-pl")
    memory.learn("pin: ab1!")  # 4 characters: too short to look for elsewhere
    assert set(memory.values) == {"Qx7-pl"}
    with remembering(memory):
        assert redact("then Qx7-pl again, and ab1! here") == "then [REDACTED:password] again, and ab1! here"


def test_a_plain_word_redacted_once_is_not_redacted_again_in_the_persons_words():
    """A value of letters alone is a word of prose more often than a secret: after `SESSION_KEY = "learner"` in
    a file the agent read, or "again?!" under a line ending in "token", the correction keeps its words."""
    with remembering() as memory:
        redact('SESSION_KEY = "learner"')
        redact("why did you print the token\nagain?!")
        correction = redact("the learner must not run on every prompt, don't do that again?!")
    assert correction == "the learner must not run on every prompt, don't do that again?!"
    assert not any(value.strip("?!").isalpha() for value in memory.values)


# --- learn capture on a real transcript file ---------------------------------------------------------------

def _trajectory(path: Path, lines: list[dict]) -> Path:
    head = {"type": "session", "format": "learn-trajectory/1", "id": "sess-secret-1", "cwd": str(path.parent),
            "started": "2026-11-22T14:00:00Z"}
    path.write_text("\n".join(json.dumps(x) for x in [head, *lines]) + "\n", encoding="utf-8")
    return path


def test_learn_capture_redacts_a_secret_the_session_gave_earlier_when_a_correction_repeats_it(cli, git_repo: Path):
    path = _trajectory(git_repo / "session.jsonl", [
        {"type": "user", "text": "Connect the loader to the staging db. my db password is\n  hunter2-xyz", "id": "u1"},
        {"type": "assistant", "text": "Connected with the password you gave."},
        {"type": "user", "text": "No, don't hardcode hunter2-xyz in loader.py, read it from the environment "
                                 "instead.", "id": "u2"},
    ])
    code, out, err = cli("capture", str(path), "--json")
    assert code == 0, err
    (signal,) = read_jsonl(git_repo / ".altimate-code" / "learn" / "team-playbook" / "signals.jsonl")
    assert signal["messageID"] == "u2" and "hunter2-xyz" not in signal["text"]
    assert "[REDACTED:password]" in signal["text"]
    assert not [p for p in (git_repo / ".altimate-code").rglob("*") if p.is_file() and b"hunter2-xyz" in p.read_bytes()]


# --- live capture: the capture worker reads the session's transcript -----------------------------------------

def test_live_capture_redacts_a_secret_the_agent_read_earlier_when_the_correction_repeats_it(git_repo: Path):
    from altimate_learn.harness import capture_worker

    write_store(git_repo, sample_lessons())
    env = {"ALTIMATE_LEARN_CAPTURE": "1", "ALTIMATE_LEARN_AUTO": "0", "ALTIMATE_LEARN_CONTINUAL_LEARNING": "0"}
    transcript = _trajectory(git_repo / "t.jsonl", [
        {"type": "user", "text": "set up the loader", "id": "p1"},
        {"type": "tool", "name": "read", "input": {"path": ".env"}, "result": "DB_PASSWORD=Wq9-zz-41!\n", "id": "t1"},
        {"type": "assistant", "text": "Done: the loader reads the staging database."},
    ])
    base = {"session_id": "live-secret-1", "transcript_path": str(transcript), "cwd": str(git_repo)}
    for payload in ({**base, "hook_event_name": "UserPromptSubmit", "prompt": "set up the loader", "prompt_id": "p1"},
                    {**base, "hook_event_name": "Stop", "last_assistant_message": "Done."},
                    {**base, "hook_event_name": "UserPromptSubmit", "prompt_id": "p2",
                     "prompt": "no, never paste Wq9-zz-41! into loader.py, read it from the environment instead"}):
        proc = run_hook("claude-code", payload, cwd=git_repo, env=env)
        assert (proc.returncode, proc.stderr) == (0, "")
    assert capture_worker.wait_for_workers(str(learn_dir(git_repo) / ".sessions"), timeout=120)
    (signal,) = read_jsonl(learn_dir(git_repo) / "team-playbook" / "signals.jsonl")
    assert signal["messageID"] == "p2" and "Wq9-zz-41!" not in signal["text"] and "[REDACTED:" in signal["text"]


# --- the reflection's digest ---------------------------------------------------------------------------------

def test_the_reflection_digest_redacts_a_secret_wherever_the_session_repeats_it():
    from altimate_learn.reflect.digest import DigestCall, DigestSource, build_digest

    src = DigestSource(prompts=["deploy it; the deploy password:\n  Dq4-lime-77"],
                       calls=[DigestCall(name="bash", input="deploy --pw Dq4-lime-77 --host prod", output="ok",
                                         error=False)],
                       final_text="Deployed with Dq4-lime-77 as asked.")
    digest = build_digest(src)
    assert "Dq4-lime-77" not in digest and digest.count("[REDACTED:password]") >= 2
