"""Configuration: precedence, env overrides in both directions, invalid values, unknown keys."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from altimate_learn.config import KEYS, load_settings, write_project_keys
from altimate_learn.errors import ConfigError


def write_config(path: Path, learn: dict | None = None, raw: str | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(raw if raw is not None else json.dumps({"learn": learn}))
    return path


@pytest.fixture
def user_config(isolated_home: Path) -> Path:
    return isolated_home / ".config" / "altimate-code" / "altimate-code.json"


def test_defaults(git_repo: Path):
    s = load_settings(git_repo, git_repo)
    assert s.values["enabled"] is True and s.values["capture"] is False and s.values["auto_reflect"] is False
    assert (s.core_lessons, s.retrieved_lessons, s.request_lessons, s.file_lessons) == (15, 15, 5, 5)
    assert (s.budget_tokens, s.session_max_lessons, s.max_stored) == (1500, 40, 1000)
    assert (s.recovery_max_reflections, s.recovery_max_seconds) == (3, 300)
    assert s.file_hook is True and s.review_bots == [] and s.model is None
    assert set(s.sources.values()) == {"default"}
    assert not s.capture_on and not s.auto_reflect_on


def test_project_config_overrides_user_config(git_repo: Path, user_config: Path):
    write_config(user_config, {"capture": True, "core_lessons": 3, "model": "openai/gpt-5"})
    project = write_config(git_repo / ".altimate-code" / "altimate-code.json", {"core_lessons": 7})
    s = load_settings(git_repo, git_repo)
    assert s.values["capture"] is True and s.sources["capture"] == f"user config {user_config}"
    assert s.values["core_lessons"] == 7 and s.sources["core_lessons"] == f"project config {project}"
    assert s.values["model"] == "openai/gpt-5"


def test_nested_project_config_folders_follow_altimate_codes_precedence(git_repo: Path):
    # altimate-code merges the `.altimate-code/` folders nearest first, so the project root's wins over a
    # subfolder's (issue 12: its precedence; tests/compat/test_config.py has the whole order)
    top = write_config(git_repo / ".altimate-code" / "altimate-code.json", {"core_lessons": 7})
    sub = git_repo / "services" / "api"
    write_config(sub / ".altimate-code" / "altimate-code.json", {"core_lessons": 9, "file_lessons": 2})
    s = load_settings(git_repo, sub)
    assert s.values["core_lessons"] == 7 and s.sources["core_lessons"] == f"project config {top}"
    assert s.values["file_lessons"] == 2  # a key only the subfolder sets still applies there
    assert load_settings(git_repo, git_repo).values["file_lessons"] == 5


@pytest.mark.parametrize("word", ["1", "true", "TRUE", "True"])
def test_env_turns_capture_on_over_config_off(git_repo: Path, monkeypatch: pytest.MonkeyPatch, word: str):
    write_config(git_repo / ".altimate-code" / "altimate-code.json", {"capture": False})
    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", word)
    s = load_settings(git_repo, git_repo)
    assert s.values["capture"] is True and s.sources["capture"] == "env ALTIMATE_LEARN_CAPTURE"


@pytest.mark.parametrize("word", ["0", "false", "FALSE", "False"])
def test_env_turns_capture_off_over_config_on(git_repo: Path, monkeypatch: pytest.MonkeyPatch, word: str):
    write_config(git_repo / ".altimate-code" / "altimate-code.json", {"capture": True, "auto_reflect": True})
    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", word)
    s = load_settings(git_repo, git_repo)
    assert s.values["capture"] is False and not s.capture_on and not s.auto_reflect_on


def test_master_switch_env_overrides_config_both_ways(git_repo: Path, monkeypatch: pytest.MonkeyPatch):
    write_config(git_repo / ".altimate-code" / "altimate-code.json", {"enabled": False, "capture": True})
    assert load_settings(git_repo, git_repo).capture_on is False
    monkeypatch.setenv("ALTIMATE_LEARN", "1")
    assert load_settings(git_repo, git_repo).capture_on is True
    monkeypatch.setenv("ALTIMATE_LEARN", "0")
    write_config(git_repo / ".altimate-code" / "altimate-code.json", {"enabled": True, "capture": True})
    assert load_settings(git_repo, git_repo).values["enabled"] is False


def test_every_env_variable_is_honoured(git_repo: Path, monkeypatch: pytest.MonkeyPatch):
    expected = {}
    for key in KEYS.values():
        if not key.env:
            continue
        if key.kind == "bool":
            monkeypatch.setenv(key.env, "0" if key.default else "1")
            expected[key.name] = not key.default
        elif key.kind == "int":
            monkeypatch.setenv(key.env, "4")
            expected[key.name] = 4
        else:
            monkeypatch.setenv(key.env, "anthropic/claude-sonnet-4-5")
            expected[key.name] = "anthropic/claude-sonnet-4-5"
    s = load_settings(git_repo, git_repo)
    for name, value in expected.items():
        assert s.values[name] == value, name
        assert s.sources[name] == f"env {KEYS[name].env}"


@pytest.mark.parametrize(("learn", "message"), [
    ({"core_lessons": -1}, "learn.core_lessons = -1 is invalid; allowed: an integer >= 0."),
    ({"max_stored": 0}, "learn.max_stored = 0 is invalid; allowed: an integer >= 1."),
    ({"capture": "yes"}, 'learn.capture = "yes" is invalid; allowed: true or false.'),
    ({"file_hook": 1}, "learn.file_hook = 1 is invalid; allowed: true or false."),
    ({"budget_tokens": 1.5}, "learn.budget_tokens = 1.5 is invalid; allowed: an integer >= 0."),
    ({"session_max_lessons": True}, "learn.session_max_lessons = true is invalid; allowed: an integer >= 0."),
    ({"model": 5}, 'learn.model = 5 is invalid; allowed: a string such as "provider/model".'),
    ({"review_bots": "bot"}, 'learn.review_bots = "bot" is invalid; allowed: a list of strings.'),
])
def test_invalid_config_values_name_file_key_and_allowed_values(git_repo: Path, learn: dict, message: str):
    path = write_config(git_repo / ".altimate-code" / "altimate-code.json", learn)
    with pytest.raises(ConfigError) as info:
        load_settings(git_repo, git_repo)
    assert str(info.value) == f"{path}: {message}"


@pytest.mark.parametrize(("var", "value", "message"), [
    ("ALTIMATE_LEARN_CAPTURE", "yes",
     "environment variable ALTIMATE_LEARN_CAPTURE='yes' is invalid; allowed: 1, true, 0, false (any case)."),
    ("ALTIMATE_LEARN", "on", "environment variable ALTIMATE_LEARN='on' is invalid; allowed: 1, true, 0, false (any case)."),
    ("ALTIMATE_LEARN_CORE_LESSONS", "-2",
     "environment variable ALTIMATE_LEARN_CORE_LESSONS='-2' is invalid; allowed: an integer >= 0."),
    ("ALTIMATE_LEARN_MAX_STORED", "0",
     "environment variable ALTIMATE_LEARN_MAX_STORED='0' is invalid; allowed: an integer >= 1."),
    ("ALTIMATE_LEARN_BUDGET_TOKENS", "lots",
     "environment variable ALTIMATE_LEARN_BUDGET_TOKENS='lots' is invalid; allowed: an integer >= 0."),
])
def test_invalid_env_values(git_repo: Path, monkeypatch: pytest.MonkeyPatch, var: str, value: str, message: str):
    monkeypatch.setenv(var, value)
    with pytest.raises(ConfigError) as info:
        load_settings(git_repo, git_repo)
    assert str(info.value) == message


def test_malformed_json_names_the_file(git_repo: Path, user_config: Path):
    write_config(user_config, raw='{"learn": {"capture": tru')
    with pytest.raises(ConfigError) as info:
        load_settings(git_repo, git_repo)
    assert str(info.value).startswith(f"{user_config}: malformed JSON (")
    assert "Fix the file" in str(info.value)


def test_learn_must_be_an_object(git_repo: Path):
    path = write_config(git_repo / ".altimate-code" / "altimate-code.json", raw='{"learn": true}')
    with pytest.raises(ConfigError, match="key 'learn' must be an object"):
        load_settings(git_repo, git_repo)
    assert path.exists()


def test_jsonc_comments_are_accepted_on_read(git_repo: Path):
    write_config(git_repo / ".altimate-code" / "altimate-code.json",
                 raw='{\n  // team settings\n  "learn": {"core_lessons": 4, /* fewer */ },\n}\n')
    assert load_settings(git_repo, git_repo).values["core_lessons"] == 4


def test_jsonc_strings_are_read_as_written():
    """A comma before `}` or `]`, or `//`, inside a string is the value's own: only the file's trailing commas and
    comments go (a command "echo done, ]" was read as "echo done ]")."""
    from altimate_learn.config import strip_jsonc

    raw = '{"cmd": ["sh", "-c", "echo done, ]"], "url": "http://x//y", // note\n "n": [1, 2, ], /* end */}'
    assert json.loads(strip_jsonc(raw)) == {"cmd": ["sh", "-c", "echo done, ]"], "url": "http://x//y", "n": [1, 2]}


def test_unknown_keys_are_reported(git_repo: Path):
    path = write_config(git_repo / ".altimate-code" / "altimate-code.json", {"captur": True})
    s = load_settings(git_repo, git_repo)
    assert len(s.unknown) == 1 and s.unknown[0].startswith(f"{path}: unknown key learn.captur (known: enabled, ")


def test_write_project_keys_keeps_other_settings(git_repo: Path):
    path = write_config(git_repo / ".altimate-code" / "altimate-code.json",
                        raw='{"theme": "dark", "learn": {"model": "openai/gpt-5"}, "zz": [1, 2]}')
    write_project_keys(git_repo, {"capture": True}, git_repo)
    data = json.loads(path.read_text())
    assert list(data) == ["theme", "learn", "zz"]
    assert data["learn"] == {"model": "openai/gpt-5", "capture": True}


def test_write_project_keys_refuses_to_drop_comments(git_repo: Path):
    raw = '{\n  // keep me\n  "learn": {}\n}\n'
    path = write_config(git_repo / ".altimate-code" / "altimate-code.json", raw=raw)
    with pytest.raises(ConfigError, match="has comments, which learn will not rewrite"):
        write_project_keys(git_repo, {"capture": True}, git_repo)
    assert path.read_text() == raw
