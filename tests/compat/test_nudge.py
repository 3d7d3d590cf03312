"""The learning reminder's state file is altimate-code's (issue 12, item 4).

Shape and checks from altimate-code `packages/opencode/src/altimate/learn/nudge-state.ts` @ cc22cda
(`NudgeState`: shownProjectHashes (sha256 hex, unique), totalCount >= their number, dismissed; the file is
`<Global.Path.state>/learn-nudge.json`, written through the exclusive `learn-nudge.json.tmp`). See
tests/compat/sources.py.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from altimate_learn.nudge import state_path
from tests.compat.altimate_checks import read_nudge_state
from tests.compat.sources import SOURCES


def nudge_file(home: Path) -> Path:
    return home / ".local" / "state" / "altimate-code" / "learn-nudge.json"


def test_nudge_off_writes_the_state_altimate_code_reads(isolated_home: Path, cli):
    assert SOURCES["nudge"][1] and state_path() == nudge_file(isolated_home)
    assert cli("nudge", "off")[0] == 0
    state = json.loads(nudge_file(isolated_home).read_text())
    read_nudge_state(state)
    assert state == {"shownProjectHashes": [], "totalCount": 0, "dismissed": True}
    assert not nudge_file(isolated_home).with_name("learn-nudge.json.tmp").exists()


def test_nudge_off_keeps_the_projects_altimate_code_counted(isolated_home: Path, cli):
    seen = [hashlib.sha256(b"project:abc").hexdigest(), hashlib.sha256(b"/work/repo").hexdigest()]
    path = nudge_file(isolated_home)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"shownProjectHashes": seen, "totalCount": 2, "dismissed": False}, indent=2) + "\n")
    assert cli("nudge", "off")[0] == 0
    assert json.loads(path.read_text()) == {"shownProjectHashes": seen, "totalCount": 2, "dismissed": True}


def test_a_state_file_in_another_shape_is_kept_aside_and_replaced(isolated_home: Path, cli):
    path = nudge_file(isolated_home)
    path.parent.mkdir(parents=True)
    path.write_text('{"dismissed": true}\n')  # what an older learn wrote: altimate-code refuses it
    assert cli("nudge", "off")[0] == 0
    read_nudge_state(json.loads(path.read_text()))
    [kept] = list(path.parent.glob("learn-nudge.json.malformed-*"))
    assert kept.read_text() == '{"dismissed": true}\n'


@pytest.mark.parametrize("command", [["nudge", "off"]])
def test_a_writer_in_progress_is_waited_for_then_refused_cleanly(isolated_home: Path, cli, command):
    path = nudge_file(isolated_home)
    path.parent.mkdir(parents=True)
    staging = path.with_name("learn-nudge.json.tmp")
    staging.write_text("")  # altimate-code holds it
    code, _, err = cli(*command)
    assert code == 1 and "is busy" in err
    assert staging.exists() and not path.exists()
    os.unlink(staging)
    assert cli(*command)[0] == 0


def test_learn_enable_dismisses_it_too(git_repo: Path, isolated_home: Path, cli):
    assert cli("enable")[0] == 0
    read_nudge_state(json.loads(nudge_file(isolated_home).read_text()))
    assert json.loads(nudge_file(isolated_home).read_text())["dismissed"] is True
