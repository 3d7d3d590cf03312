"""`learn install gemini --check` says what Gemini CLI 0.61 will actually do with the hooks: a hooks system turned
off, a folder it does not trust, or learn's hook in its disabled list fail the check, each with how to fix it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from altimate_learn.harness.check import run_check
from altimate_learn.harness.gemini_check import notes
from altimate_learn.harness.install import InstallOptions, run_install


def gemini_home(home: Path) -> Path:
    folder = home / ".gemini"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture
def installed(git_repo: Path, isolated_home: Path) -> Path:
    run_install(InstallOptions("gemini", git_repo))
    (gemini_home(isolated_home) / "trustedFolders.json").write_text(json.dumps({str(git_repo): "TRUST_FOLDER"}))
    return git_repo


def check(root: Path) -> tuple[bool, list[str]]:
    return run_check(InstallOptions("gemini", root))


def test_a_trusted_folder_with_hooks_on_passes(installed: Path):
    ok, lines = check(installed)
    assert ok and lines[0].startswith("learn hooks for gemini are installed in ") and lines[0].endswith(" and run.")


@pytest.mark.parametrize("where", ["user", "project"])
def test_hooks_turned_off_fail_and_say_where(installed: Path, isolated_home: Path, where: str):
    path = (gemini_home(isolated_home) if where == "user" else installed / ".gemini") / "settings.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    data["hooksConfig"] = {"enabled": False}
    path.write_text(json.dumps(data))
    ok, lines = check(installed)
    assert not ok
    assert lines[0].endswith("and work when run, but gemini will not run them:")
    (failure,) = [line for line in lines if line.startswith("FAILS:")]
    assert f'"hooksConfig": {{"enabled": false}} in {path}' in failure and "/settings" in failure


def test_a_project_cannot_turn_hooks_back_on_that_the_user_has_off_in_an_untrusted_folder(installed: Path,
                                                                                         isolated_home: Path):
    (gemini_home(isolated_home) / "settings.json").write_text('{"hooksConfig": {"enabled": false}}\n')
    project = installed / ".gemini" / "settings.json"  # ignored by Gemini in a folder it does not trust
    project.write_text(project.read_text().replace('{', '{"hooksConfig": {"enabled": true},', 1))
    (gemini_home(isolated_home) / "trustedFolders.json").write_text('{\n  // set by the trust dialog\n  '
                                                                     + json.dumps(str(installed))
                                                                     + ': "DO_NOT_TRUST"\n}\n')
    ok, lines = check(installed)
    failures = [line for line in lines if line.startswith("FAILS:")]
    assert not ok and len(failures) == 2
    assert "does not trust" in failures[0] and "DO_NOT_TRUST" in failures[0] and "/permissions" in failures[0]


def test_a_parent_folder_rule_decides_and_the_environment_overrides(installed: Path, isolated_home: Path,
                                                                    monkeypatch: pytest.MonkeyPatch):
    rules = gemini_home(isolated_home) / "trustedFolders.json"
    rules.write_text(json.dumps({str(installed.parent): "DO_NOT_TRUST", str(installed / "x"): "TRUST_PARENT"}))
    assert check(installed)[0]  # the longer rule (TRUST_PARENT of repo/x: repo) wins
    rules.write_text(json.dumps({str(installed.parent): "DO_NOT_TRUST"}))
    assert not check(installed)[0]
    monkeypatch.setenv("GEMINI_CLI_TRUST_WORKSPACE", "true")
    assert check(installed)[0]


def test_a_folder_not_yet_trusted_passes_with_a_note(installed: Path, isolated_home: Path):
    (gemini_home(isolated_home) / "trustedFolders.json").unlink()
    ok, lines = check(installed)
    assert ok and any(line.startswith("Note: Gemini CLI has not been told whether to trust") for line in lines)


def test_learns_hook_in_the_disabled_list_fails(installed: Path, isolated_home: Path):
    (gemini_home(isolated_home) / "settings.json").write_text(json.dumps({"hooksConfig": {"disabled":
                                                                                         ["altimate-learn"]}}))
    ok, lines = check(installed)
    assert not ok and any("hooksConfig.disabled" in line and "/hooks enable altimate-learn" in line for line in lines)


def test_the_install_note_names_the_current_setting_for_the_version_found(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch):
    package = tmp_path / "node_modules" / "@google" / "gemini-cli"
    (package / "bundle").mkdir(parents=True)
    (package / "package.json").write_text(json.dumps({"name": "@google/gemini-cli", "version": "0.61.0"}))
    launcher = package / "bundle" / "gemini.js"
    launcher.write_text("#!/usr/bin/env node\n")
    launcher.chmod(0o755)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "gemini").symlink_to(launcher)
    monkeypatch.setenv("PATH", str(bin_dir) + os.pathsep + os.environ["PATH"])
    (note,) = notes()
    assert note.startswith("Gemini CLI 0.61.0: ") and '"hooksConfig": {"enabled": false}' in note
    assert "enableHooks" not in note and "Enable Hooks System" not in note  # 0.61 has neither
    older = notes("0.30.2")
    assert older[0].startswith("Gemini CLI 0.30.2 is older than 0.61")
