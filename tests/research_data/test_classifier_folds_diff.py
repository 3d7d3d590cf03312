"""research/classifier_folds.py, a session's own folds (cls51): ``--salt``/``--folds`` give fresh owner folds, and
``--diff`` measures a change per fold while printing a changed message's words only for the fold that was read
(in-process on small rows, and the command line on two written files)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from research import classifier_folds as F

ROOT = Path(__file__).resolve().parents[2]


def _row(n: int, fold: int, outcome: str, reason: str = "", text: str = "") -> dict:
    return {"repo": f"owner{n}/app", "session": f"owner{n}__app/0", "id": f"u{n}", "label": "bug",
            "outcome": outcome, "reason": reason, "text": text or f"message of owner {n}", "answer": "", "fold": fold}


def test_a_salt_gives_folds_of_its_own():
    owners = [f"owner{n}/app" for n in range(200)]
    fixed = [F.fold_of(o) for o in owners]
    fresh = [F.fold_of(o, "cls51:", 5) for o in owners]
    assert set(fixed) == {0, 1, 2, 3} and set(fresh) == {0, 1, 2, 3, 4}
    assert fresh == [F.fold_of(o, "cls51:", 5) for o in owners]  # fixed by the owner: the same every run
    assert fixed != [f % 4 for f in fresh]  # another split, not a renumbering of the fixed one
    # the owner decides, not the repository
    assert F.fold_of("Alice/one", "cls51:", 5) == F.fold_of("alice/two", "cls51:", 5)


BEFORE = [_row(1, 0, "fn"), _row(2, 0, "tn"), _row(3, 1, "fn"), _row(4, 2, "tn"), _row(5, 2, "tp", "said nothing changed")]
AFTER = [_row(1, 0, "tp", "said the result does not work", "the export button is dead"),
         _row(2, 0, "tn"), _row(3, 1, "tp", "said the result does not work", "the import page hangs forever"),
         _row(4, 2, "fp", "said the result is still broken", "still on my list for friday"),
         _row(5, 2, "tp", "said nothing changed")]


def test_the_diff_counts_every_fold_and_shows_words_only_from_the_fold_read():
    out = F.diff(BEFORE, AFTER, read=0)
    assert "| 0 (read) | 1 | 0 -> 1 | 0 -> 0 |" in out
    assert "| 1 | 1 | 0 -> 1 | 0 -> 0 |" in out
    assert "| 2 | 1 | 1 -> 1 | 0 -> 1 |" in out
    assert "| all | 3 | 1 -> 3 | 0 -> 1 |" in out
    assert "fold 0: fn -> tp [said the result does not work] | the export button is dead" in out
    # a fold not read: its rule, never its words
    assert "fold 1: fn -> tp [said the result does not work]" in out
    assert "fold 2: tn -> fp [said the result is still broken]" in out
    assert "import page hangs" not in out and "my list for friday" not in out
    # nothing read: no message's words at all
    assert "export button" not in F.diff(BEFORE, AFTER) and "fold 0: fn -> tp" in F.diff(BEFORE, AFTER)


def test_the_command_line_diffs_two_written_files(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(BEFORE), encoding="utf-8")
    b.write_text(json.dumps(AFTER), encoding="utf-8")
    done = subprocess.run([sys.executable, str(ROOT / "research" / "classifier_folds.py"), "--diff", str(a), str(b),
                           "--read", "1"], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "the import page hangs forever" in done.stdout and "export button" not in done.stdout
    bad = subprocess.run([sys.executable, str(ROOT / "research" / "classifier_folds.py"), "--folds", "5", "--errors", "7"],
                         capture_output=True, text=True, cwd=tmp_path)
    assert bad.returncode == 2 and "--errors a fold from 0 to 4" in bad.stderr


def test_owners_counts_the_dev_owners_of_each_fold(tmp_path):
    from research.classifier_unseen import owner_of
    from research.data.real_sessions import splits

    dev = {owner_of(r) for r, name in splits().items() if name == "dev"}
    done = subprocess.run([sys.executable, str(ROOT / "research" / "classifier_folds.py"), "--owners", "--salt", "cls51:",
                           "--folds", "5"], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    held = [int(x) for x in done.stdout.split(" (")[0].replace(":", "").split()[1::2]]
    assert len(held) == 5 and sum(held) == len(dev) and f"(dev owners: {len(dev)})" in done.stdout
    assert held == [sum(1 for o in dev if F.fold_of(o + "/", "cls51:", 5) == fold) for fold in range(5)]
