"""Settings come from every config file altimate-code reads, in its order (issue 12, item 4).

Files and precedence from altimate-code `packages/opencode/src/config/config.ts` @ 0e4c309 (`loadGlobal`:
config.json < opencode.json < opencode.jsonc < altimate-code.json < altimate-code.jsonc in the user folder;
`loadInstanceState`: OPENCODE_CONFIG, project `opencode.json(c)` up to the worktree, then the `.altimate-code`
/ `.opencode` folders nearest first and `~/.altimate-code`, each altimate-code.json < altimate-code.jsonc <
opencode.json < opencode.jsonc, then OPENCODE_CONFIG_CONTENT), `paths.ts` @ 641e616 (JSONC),
`core/src/flag/flag.ts` @ 224e7a5 (ALTIMATE_CLI_* read before OPENCODE_*), and `cli/cmd/learn.ts` @ 03a0415
(`writeProjectLearning`: the file `learn enable` edits). Learn also reads a project's own
`altimate-code.json(c)` beside `opencode.json(c)`, below them. See tests/compat/sources.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from altimate_learn.config import load_settings
from altimate_learn.deliver.settings import delivery_settings
from tests.compat.sources import SOURCES


def put(path: Path, learn: dict, comment: bool = False) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"$schema": "https://altimate.ai/config.json", "learn": learn}, indent=2)
    if comment:  # JSONC: comments and a trailing comma
        text = "// project settings\n" + text.replace('"learn"', '/* ours */ "learn"').replace("\n}", ",\n}", 1)
    path.write_text(text + "\n")
    return path


def both(root: Path, cwd: Path | None = None, env: dict | None = None) -> tuple[dict, dict]:
    import os

    env = dict(os.environ) if env is None else env
    slow = load_settings(root, cwd or root, env)
    fast = delivery_settings(str(root), str(cwd or root), env)
    return slow.values, fast


@pytest.mark.parametrize("where", [
    "opencode.json", "opencode.jsonc", "altimate-code.json", "altimate-code.jsonc",
    ".opencode/opencode.json", ".opencode/opencode.jsonc", ".opencode/altimate-code.json",
    ".altimate-code/opencode.jsonc", ".altimate-code/altimate-code.jsonc", ".altimate-code/altimate-code.json",
])
def test_learn_enabled_false_is_honoured_in_every_project_file(git_repo: Path, where: str):
    assert SOURCES["config"][1]
    put(git_repo / where, {"enabled": False}, comment=where.endswith(".jsonc"))
    slow, fast = both(git_repo)
    assert slow["enabled"] is False and fast["enabled"] is False


@pytest.mark.parametrize("name", ["config.json", "opencode.json", "opencode.jsonc", "altimate-code.json",
                                  "altimate-code.jsonc"])
def test_every_user_config_file_is_read(git_repo: Path, isolated_home: Path, name: str):
    put(isolated_home / ".config" / "altimate-code" / name, {"capture": True})
    slow, fast = both(git_repo)
    assert slow["capture"] is True and fast["capture"] is True


def test_user_files_in_altimate_codes_order(git_repo: Path, isolated_home: Path):
    folder = isolated_home / ".config" / "altimate-code"
    put(folder / "config.json", {"core_lessons": 1})
    put(folder / "opencode.json", {"core_lessons": 2})
    put(folder / "altimate-code.json", {"core_lessons": 4})
    assert both(git_repo)[0]["core_lessons"] == 4 == both(git_repo)[1]["core_lessons"]
    put(folder / "altimate-code.jsonc", {"core_lessons": 5})
    assert both(git_repo)[0]["core_lessons"] == 5 and both(git_repo)[1]["core_lessons"] == 5


def test_a_config_folder_beats_the_files_beside_the_code_and_opencode_json_beats_altimate_code_json(git_repo: Path):
    put(git_repo / "opencode.json", {"core_lessons": 1})
    put(git_repo / ".altimate-code" / "altimate-code.json", {"core_lessons": 2})
    assert both(git_repo)[0]["core_lessons"] == 2 == both(git_repo)[1]["core_lessons"]
    put(git_repo / ".opencode" / "opencode.json", {"core_lessons": 3})
    assert both(git_repo)[0]["core_lessons"] == 3 == both(git_repo)[1]["core_lessons"]
    put(git_repo / ".altimate-code" / "opencode.json", {"core_lessons": 4})  # same folder kind, later name
    assert both(git_repo)[0]["core_lessons"] == 3  # .opencode/ comes after .altimate-code/ in one folder


def test_a_parent_folders_config_folder_beats_a_subfolders_as_in_altimate_code(git_repo: Path):
    sub = git_repo / "models"
    put(git_repo / ".altimate-code" / "altimate-code.json", {"capture": False})
    put(sub / ".altimate-code" / "altimate-code.json", {"capture": True})
    slow, fast = both(git_repo, sub)
    assert slow["capture"] is False and fast["capture"] is False
    put(sub / "opencode.json", {"core_lessons": 9})  # files beside the code: the nearer wins
    put(git_repo / "opencode.json", {"core_lessons": 1})
    assert both(git_repo, sub)[0]["core_lessons"] == 9


def test_the_home_folders_config_folder_beats_the_project_as_in_altimate_code(git_repo: Path, isolated_home: Path):
    put(git_repo / ".altimate-code" / "altimate-code.json", {"capture": True})
    put(isolated_home / ".altimate-code" / "altimate-code.json", {"capture": False})
    slow, fast = both(git_repo)
    assert slow["capture"] is False and fast["capture"] is False
    assert load_settings(git_repo, git_repo).sources["capture"] == \
        f"user config {isolated_home / '.altimate-code' / 'altimate-code.json'}"


def test_environment_config_variables(git_repo: Path, tmp_path: Path):
    import os

    env = dict(os.environ)
    put(git_repo / ".altimate-code" / "altimate-code.json", {"capture": True})
    env["ALTIMATE_CLI_CONFIG_CONTENT"] = json.dumps({"learn": {"capture": False}})
    assert both(git_repo, env=env)[0]["capture"] is False and both(git_repo, env=env)[1]["capture"] is False
    del env["ALTIMATE_CLI_CONFIG_CONTENT"]
    env["OPENCODE_DISABLE_PROJECT_CONFIG"] = "1"
    assert both(git_repo, env=env)[0]["capture"] is False and both(git_repo, env=env)[1]["capture"] is False
    del env["OPENCODE_DISABLE_PROJECT_CONFIG"]
    custom = put(tmp_path / "custom.json", {"core_lessons": 7})
    env["OPENCODE_CONFIG"] = str(custom)
    assert both(git_repo, env=env)[0]["core_lessons"] == 7 == both(git_repo, env=env)[1]["core_lessons"]
    env["ALTIMATE_CLI_CONFIG"] = ""  # an empty documented name does not hide the OPENCODE_ one
    assert both(git_repo, env=env)[0]["core_lessons"] == 7


def test_status_names_the_file_a_setting_came_from(git_repo: Path, cli):
    put(git_repo / ".opencode" / "opencode.json", {"enabled": False})
    code, out, _ = cli("status", "--json")
    info = json.loads(out)
    assert info["enabled"] is False
    assert info["settings"]["enabled"]["source"].endswith(str(Path(".opencode") / "opencode.json"))


def test_enable_edits_the_highest_precedence_existing_project_file(git_repo: Path, cli):
    assert SOURCES["learn-cli"][1]
    root_file = put(git_repo / "opencode.json", {"core_lessons": 3})
    code, out, err = cli("enable")
    assert code == 0, err
    assert json.loads(root_file.read_text())["learn"] == {"core_lessons": 3, "capture": True, "auto_reflect": True}
    assert not (git_repo / ".altimate-code" / "altimate-code.json").exists()
    folder_file = put(git_repo / ".opencode" / "opencode.json", {})
    assert cli("disable")[0] == 0
    assert json.loads(folder_file.read_text())["learn"] == {"capture": False, "auto_reflect": False}
    assert json.loads(root_file.read_text())["learn"]["capture"] is True  # untouched: it is below
