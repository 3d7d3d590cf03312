"""The hook's settings reader agrees with config.load_settings, and falls back to it when unsure."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from altimate_learn.config import load_settings
from altimate_learn.deliver.settings import EXPLICIT, KEYS, delivery_settings, env_disabled
from altimate_learn.errors import ConfigError

VALUES = {"bool": st.booleans(), "int": st.integers(min_value=0, max_value=100)}
ENV_VALUES = {"bool": st.sampled_from(["1", "0", "true", "FALSE", " True ", ""]),
              "int": st.sampled_from(["0", "7", " 12 ", "", "007"])}


def layer(kind_map: dict) -> st.SearchStrategy[dict]:
    return st.fixed_dictionaries({}, optional={name: VALUES[spec[0]] for name, spec in kind_map.items()})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(user=layer(KEYS), project=layer(KEYS), sub=layer(KEYS),
       env=st.fixed_dictionaries({}, optional={spec[2]: ENV_VALUES[spec[0]] for spec in KEYS.values()}))
def test_same_values_as_load_settings(tmp_path: Path, isolated_home: Path, user, project, sub, env):
    root = tmp_path / "proj"
    (root / "a" / ".altimate-code").mkdir(parents=True, exist_ok=True)
    (root / ".altimate-code").mkdir(exist_ok=True)
    config = isolated_home / ".config" / "altimate-code"
    config.mkdir(parents=True, exist_ok=True)
    (config / "altimate-code.json").write_text(json.dumps({"learn": user}))
    (root / ".altimate-code" / "altimate-code.json").write_text(json.dumps({"model": "x", "learn": project}))
    (root / "a" / ".altimate-code" / "altimate-code.json").write_text(json.dumps({"learn": sub}))
    full_env = {"HOME": str(isolated_home), "XDG_CONFIG_HOME": str(isolated_home / ".config"), **env}
    expected = load_settings(root, root / "a", full_env)
    got = delivery_settings(str(root), str(root / "a"), full_env)
    assert got == {**{name: expected.values[name] for name in KEYS},
                   EXPLICIT: frozenset(name for name in KEYS if expected.sources[name] != "default")}


def test_comments_fall_back_to_load_settings(tmp_path: Path):
    (tmp_path / ".altimate-code").mkdir()
    (tmp_path / ".altimate-code" / "altimate-code.json").write_text('{\n // note\n "learn": {"core_lessons": 3,}\n}')
    assert delivery_settings(str(tmp_path), str(tmp_path), {"HOME": str(tmp_path)})["core_lessons"] == 3


@pytest.mark.parametrize("content,env,key,value", [
    ('{"learn": {"core_lessons": -1, "budget_tokens": 900}}', {}, "core_lessons", 15),
    ('{"learn": {"file_hook": "no", "budget_tokens": 900}}', {}, "file_hook", False),  # a switch reads as off
    ('{"learn": {"budget_tokens": 900}}', {"ALTIMATE_LEARN_CORE_LESSONS": "lots"}, "core_lessons", 15)])
def test_one_invalid_value_is_passed_over_and_the_rest_still_apply(tmp_path: Path, content: str, env: dict, key: str,
                                                                   value: object):
    """review9 R9-4f: the hook used to stop on the first invalid value, so one typo in an unrelated setting
    silently took every lesson from every session. Commands still refuse it and say what is wrong."""
    (tmp_path / ".altimate-code").mkdir()
    (tmp_path / ".altimate-code" / "altimate-code.json").write_text(content)
    env = {"HOME": str(tmp_path), **env}
    got = delivery_settings(str(tmp_path), str(tmp_path), env)
    assert got[key] == value and got["budget_tokens"] == 900
    with pytest.raises(ConfigError):
        load_settings(tmp_path, tmp_path, env)
    warned = load_settings(tmp_path, tmp_path, env, lenient=True).unknown
    assert len(warned) == 1 and "is invalid" in warned[0] and warned[0].endswith(f"Using {json.dumps(value)}.")


def test_kill_switch_words():
    assert env_disabled({"ALTIMATE_LEARN": " FALSE "}) and env_disabled({"ALTIMATE_LEARN": "0"})
    assert not env_disabled({"ALTIMATE_LEARN": "1"}) and not env_disabled({})
