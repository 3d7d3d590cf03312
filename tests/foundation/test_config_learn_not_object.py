"""`learn enable` / `disable` on a project config whose `learn` key is not an object ("learn": "yes"): every
reader refuses that file (status says capture is off until it is fixed), so the writers refuse it too, with the
same one-line error, a non-zero exit and the file left byte for byte. They replaced the value with their own
object, silently: whatever the person had written under "learn" was gone."""

from __future__ import annotations

from pathlib import Path

import pytest

CONFIGS = ['{"model": "anthropic/claude-x", "learn": "yes"}\n',
           '{"learn": ["capture", "auto_reflect"], "theme": "dark"}\n',
           '{"learn": 1}\n']


@pytest.mark.parametrize("command", ["enable", "disable"])
@pytest.mark.parametrize("raw", CONFIGS)
def test_a_learn_key_that_is_not_an_object_is_refused_and_kept(git_repo: Path, cli, isolated_home: Path,
                                                                command: str, raw: str):
    config = git_repo / ".altimate-code" / "altimate-code.json"
    config.parent.mkdir()
    config.write_text(raw)
    code, out, err = cli(command)
    assert code != 0
    assert f"{config}: key 'learn' must be an object." in err
    assert "Learning enabled" not in out and "Learning disabled" not in out
    assert config.read_text() == raw


def test_a_null_learn_key_is_as_if_absent(git_repo: Path, cli, isolated_home: Path):
    config = git_repo / ".altimate-code" / "altimate-code.json"
    config.parent.mkdir()
    config.write_text('{"learn": null, "theme": "dark"}\n')
    code, out, err = cli("enable")
    assert code == 0, err
    assert '"capture": true' in config.read_text() and '"theme": "dark"' in config.read_text()
