"""The user's cache folder and the code stamps that key the caches (delivery index, lint, curation, vetted)."""

from __future__ import annotations

import os

from altimate_learn.usercache import cache_base, code_stamps


def test_cache_base_follows_xdg_then_home_and_is_none_without_either(tmp_path):
    assert cache_base({"XDG_CACHE_HOME": str(tmp_path / "x"), "HOME": str(tmp_path)}) == str(tmp_path / "x" / "altimate-learn")
    assert cache_base({"HOME": str(tmp_path)}) == str(tmp_path / ".cache" / "altimate-learn")
    assert cache_base({}) is None


def test_an_edited_code_file_changes_its_stamp_and_a_folder_stands_for_its_python_files(tmp_path):
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "b.py").write_text("x = 1\n")
    (folder / "a.py").write_text("y = 2\n")
    (folder / "notes.txt").write_text("not code\n")
    single = tmp_path / "lint.py"
    single.write_text("z = 3\n")
    before = code_stamps([str(single), str(folder), str(tmp_path / "missing.py")])
    assert [s.split(":")[0] for s in before] == ["lint.py", "a.py", "b.py", "-"]
    os.utime(folder / "a.py", ns=(1, 1))
    after = code_stamps([str(single), str(folder), str(tmp_path / "missing.py")])
    assert after[1] == "a.py:6:1" and after[0] == before[0] and after[2] == before[2]
    assert code_stamps([str(single)], names=False) == [before[0].split(":", 1)[1]]
