"""The tests' own folders (tests/conftest.py): `tmp_path` and the isolated home are new, empty, private folders made
without pytest's numbering, which lists the worker's base folder at each one (thousands of entries late in a worker's
run: 50-100 s of CPU a worker). They sit in one folder of the base folder, so the base folder itself stays short for
what still numbers its folders there (`tmp_path_factory.mktemp`)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

SEEN: dict[str, Path] = {}


@pytest.mark.parametrize("case", ["first", "second"])
def test_each_test_gets_a_new_empty_private_folder_and_home_outside_the_base_folder(
        case: str, tmp_path: Path, isolated_home: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    base = tmp_path_factory.getbasetemp()
    for folder in (tmp_path, isolated_home):
        assert folder.is_dir() and folder.is_relative_to(base)
        assert folder.parent != base, "numbered folders of the base folder cost a listing of it each"
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert list(tmp_path.iterdir()) == []
    assert tmp_path.parent == isolated_home.parent
    assert tmp_path.name.startswith("test_each_test_gets_a_new_empt")  # its first 30 characters, as pytest names it
    assert os.environ["HOME"] == str(isolated_home)
    assert (isolated_home / ".gitconfig").is_file()
    SEEN[case] = tmp_path
    assert len(set(SEEN.values())) == len(SEEN)  # the other case (when it ran first here) had a folder of its own
