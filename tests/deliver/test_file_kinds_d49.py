"""One more kind of file whose name says what its code handles (issue 19, deliver49: file misses dl39-11 of deliver39
and b53-24 of blind53). A module named `…_export` or under `exports/` writes whole tables out (the rules on batches and
memory): among the dozens of conventions of its folder, which helpfulness alone ordered, those rules come first, as a
list's keys or a dialog's focus do (test_file_kinds.py).
"""

from __future__ import annotations

import uuid
from pathlib import Path

from tests.deliver.helpers import lesson, write_store
from tests.deliver.test_file_kinds import SERVICES, WEB

STREAM = "Write large files by streaming rows in chunks; never hold a whole table in memory."
LESSONS = ([lesson(f"L-c{n:03d}", text, paths=["web/src/**"], helpful=9) for n, text in enumerate(WEB, 1)]
           + [lesson(f"L-d{n:03d}", text, paths=["services/**"], helpful=9) for n, text in enumerate(SERVICES, 1)]
           + [lesson("L-d100", STREAM, paths=["services/**"])])


def _read(root: Path, path: str) -> str:
    """A Read's PreToolUse in a new session (no session start: only the file's own batch), in-process."""
    from altimate_learn.harness import claude
    from altimate_learn.harness.hook import handle

    payload = {"session_id": str(uuid.uuid4()), "transcript_path": str(root / "t.jsonl"), "cwd": str(root),
               "hook_event_name": "PreToolUse", "tool_name": "Read", "tool_input": {"file_path": str(root / path)},
               "tool_use_id": "t1"}
    return handle(claude.parse(payload), claude.NAME, str(root), str(root), lambda message: None)


def test_an_export_module_gets_the_rule_on_whole_tables(git_repo: Path):
    write_store(git_repo, LESSONS)
    for path in ("services/api/app/services/ledger_export.py", "services/reports/app/exports/statements.py"):
        assert STREAM in _read(git_repo, path), path
    assert STREAM not in _read(git_repo, "services/api/app/domain/ledger.py")
