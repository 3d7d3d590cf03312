"""`learn merge-driver` as git starts it runs without typer (entry.py), and says and does what the typer command does."""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from altimate_learn.cli.app import run
from altimate_learn.entry import main
from altimate_learn.store.fsio import canonical_json
from tests.review.conftest import lesson

REL = ".altimate-code/learn/team-playbook/approved.json"
CENTS = "Convert `amount_cents` to dollars with `cents_to_dollars` in staging models."
CTE = "Prefer CTEs over nested subqueries in every model."

VERSIONS = {
    "edited on both sides": ([lesson("L-aaaa0001", CENTS)], [lesson("L-aaaa0001", CENTS + " Ours.")],
                             [lesson("L-aaaa0001", CENTS + " Theirs."), lesson("L-bbbb0002", CTE)]),
    "merges": ([lesson("L-aaaa0001", CENTS)], [lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", CTE)],
               [lesson("L-aaaa0001", CENTS + " Theirs.")]),
    "not data": ("[\n  1\n]\n", "not json\n[\n  1\n]\n", "[\n  1,\n  2\n]\n"),
}
ARGUMENTS = [
    ["base", "ours", "theirs", REL, "--marker-size", "7"],  # what `learn install git` has git run
    ["--virtual-base", "base", "ours", "theirs", REL, "--marker-size", "9"],
    ["base", "ours", "theirs", REL, "--marker-size=11"],
    ["base", "ours", "theirs", REL],
    ["base", "ours", "theirs", REL, "--marker-size", "x"],  # the rest are typer's to answer
    ["base", "ours", "theirs"],
    ["base", "ours", "theirs", REL, "more"],
    ["base", "ours", "theirs", REL, "--virtual-base", "--virtual-base"],
    ["base", ".", "theirs", REL],  # a folder for ours: an internal error, with its crash log
]


def write(folder: Path, versions) -> None:
    for name, version in zip(("base", "ours", "theirs"), versions):
        (folder / name).write_text(version if isinstance(version, str) else canonical_json(version))


def merged(call, argv: list[str]) -> tuple[int, str, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = call(argv)
    said = re.sub(r"crash-\S+\.log", "crash-TIME.log", err.getvalue())  # the crash log's name holds its time
    return code, out.getvalue(), said, Path("ours").read_text()


@pytest.mark.parametrize("case", VERSIONS)
def test_the_driver_without_typer_merges_says_and_exits_as_the_typer_command(case: str, tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    for args in ARGUMENTS:
        answers = []
        for call in (main, run):  # run: the typer command line every other command takes
            write(tmp_path, VERSIONS[case])
            answers.append(merged(call, ["merge-driver", *args]))
        assert answers[0] == answers[1], args
    assert [answer[0] for answer in answers] == [3, 3]  # the last arguments crash both ways
    assert "Internal error: IsADirectoryError" in answers[0][2]


def test_git_s_driver_command_imports_no_typer(tmp_path: Path):
    write(tmp_path, VERSIONS["edited on both sides"])
    script = ("import sys\nfrom altimate_learn.entry import main\n"
              f"code = main(['merge-driver', 'base', 'ours', 'theirs', {REL!r}, '--marker-size', '7'])\n"
              "print(code, sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click', 'rich')))\n")
    proc = subprocess.run([sys.executable, "-I", "-c", script], cwd=tmp_path, capture_output=True, text=True)
    assert proc.stdout == "1 []\n"
    assert proc.stderr.startswith(f"learn: {REL}: 1 lesson conflict to settle by hand")
    assert (tmp_path / "ours").read_text().count("<<<<<<< ours") == 1
