"""What the agent writes into a file brings the lessons about that code (issue 19 item 1, deliver26).

A file under a folder with dozens of conventions (`services/**`) showed its best few by the request's words and
helpfulness; the rule on `asyncio.gather` came nowhere near them for "make the dashboard load faster", though the
Edit the agent was making wrote `asyncio.gather(`. The hook payloads carry that text (Claude Code's Edit
`new_string`, Write `content`, MultiEdit `edits`, opencode's `newString`, Codex's apply_patch `+` lines); a lesson
whose code in backticks the text holds as an identifier, when few lessons of the file name it, now comes first.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from altimate_learn.deliver.edits import MAX_CHARS, written
from tests.deliver.conftest import FILLER, GATHER, SERVICE_CONVENTIONS
from tests.deliver.helpers import hook, lesson, write_store

TODO = "Every TODO names an owner and a ticket, like `TODO(DATA-123)`."
# the services' conventions, and two more of them (more than 20: a bucket, whose edit brings no second batch), more
# helpful than the gather rule, sharing no word with the request
CONVENTIONS = (SERVICE_CONVENTIONS[:12]
               + ["Read settings from `Settings()` in `config.py`, never from the environment directly.",
                  "Every outbound HTTP call sets an explicit timeout."]
               + SERVICE_CONVENTIONS[12:])
LESSONS = ([lesson(f"L-01{n:02x}", text, paths=["services/**"], helpful=5) for n, text in enumerate(CONVENTIONS)]
           + [lesson("L-0200", GATHER, paths=["services/**"]), lesson("L-0201", TODO)]
           + [lesson(f"L-03{n:02x}", text, helpful=9) for n, text in enumerate(FILLER)])
FILE = "services/api/app/services/dashboard.py"


def _tool(root: Path, session_id: str, tool: str, tool_input: dict, call: str, harness: str = "claude-code") -> str:
    common = {"tool_name": tool, "tool_input": tool_input, "tool_use_id": call}
    before = hook(root, session_id, "PreToolUse", harness, **common)
    after = hook(root, session_id, "PostToolUse", harness, tool_response={"success": True}, **common)
    return before + after


def _start(root: Path) -> str:
    write_store(root, LESSONS)
    session_id = str(uuid.uuid4())
    hook(root, session_id, "SessionStart", source="startup")
    hook(root, session_id, "UserPromptSubmit", prompt="make the dashboard load faster")
    path = str(root / FILE)
    read = _tool(root, session_id, "Read", {"file_path": path}, "toolu_01")
    assert read.count("[applies to: services/**]") >= 5 and GATHER not in read  # the most helpful conventions
    return session_id


def test_an_edit_writing_code_a_lesson_names_brings_that_lesson(git_repo: Path):
    session_id = _start(git_repo)
    code = "    stats, recs = await asyncio.gather(fetch_stats(user_id), fetch_recs(user_id))\n"
    edit = _tool(git_repo, session_id, "Edit", {"file_path": str(git_repo / FILE), "old_string": "x",
                                                "new_string": code}, "toolu_02")
    assert GATHER in edit
    # a later edit of the file in the same request brings only what its code names: a TODO, the unscoped rule
    again = _tool(git_repo, session_id, "Edit", {"file_path": str(git_repo / FILE), "old_string": "y",
                                                 "new_string": "    # TODO: cache the stats\n"}, "toolu_03")
    assert TODO in again and "[applies to" not in again
    # and nothing when its code names nothing
    assert _tool(git_repo, session_id, "Edit", {"file_path": str(git_repo / FILE), "old_string": "z",
                                                "new_string": "    return stats\n"}, "toolu_04") == ""


def test_an_edit_whose_code_names_no_lesson_brings_what_it_did(git_repo: Path):
    session_id = _start(git_repo)
    edit = _tool(git_repo, session_id, "Edit", {"file_path": str(git_repo / FILE), "old_string": "x",
                                                "new_string": "    stats = await fetch_stats(user_id)\n"}, "toolu_02")
    assert GATHER not in edit and TODO not in edit


def test_a_codex_patch_brings_the_lessons_its_added_lines_name_for_that_file_only(git_repo: Path):
    write_store(git_repo, LESSONS)
    session_id = str(uuid.uuid4())
    hook(git_repo, session_id, "SessionStart", "codex", source="startup")
    hook(git_repo, session_id, "UserPromptSubmit", "codex", prompt="make the dashboard load faster", turn_id="t1")
    patch = ("*** Begin Patch\n*** Update File: docs/notes.md\n@@\n-old\n+asyncio.gather is fine here\n"
             f"*** Update File: {FILE}\n@@\n-    stats = a()\n+    stats = await load()\n*** End Patch\n")
    first = _tool(git_repo, session_id, "apply_patch", {"command": patch}, "call_1", "codex")
    assert GATHER not in first  # the gather is written into another file
    patch = (f"*** Begin Patch\n*** Update File: {FILE}\n@@\n-    stats = await load()\n"
             "+    stats, recs = await asyncio.gather(load(), recs())\n*** End Patch\n")
    assert GATHER in _tool(git_repo, session_id, "apply_patch", {"command": patch}, "call_2", "codex")


def test_what_each_agent_writes_is_read_from_its_tool_input():
    def mine(path: str) -> bool:
        return path.endswith("app.py")

    assert written({"file_path": "app.py", "old_string": "a", "new_string": "b = gather()"}, mine) == "b = gather()"
    assert written({"file_path": "app.py", "content": "x = 1"}, mine) == "x = 1"  # Write, Gemini write_file
    assert written({"filePath": "app.py", "oldString": "a", "newString": "y = 2"}, mine) == "y = 2"  # opencode
    assert written({"file_path": "app.py", "edits": [{"old_string": "a", "new_string": "one"},
                                                      {"old_string": "b", "new_string": "two"}]}, mine) == "one\ntwo"
    assert written({"notebook_path": "n.ipynb", "new_source": "import os"}, mine) == "import os"
    patch = "*** Begin Patch\n*** Add File: app.py\n+new line\n*** Update File: other.py\n+not mine\n*** End Patch"
    assert written({"command": patch}, mine) == "new line"
    assert written({"file_path": "app.py"}, mine) == ""  # a Read
    assert written({"command": "cat app.py"}, mine) == ""  # a shell command
    assert written(None, mine) == "" and written("text", mine) == ""
    assert len(written({"content": "x" * (3 * MAX_CHARS)}, mine)) == MAX_CHARS


HOOKS = ("cart orders invoices refunds coupons vouchers shipments returns reviews wishlists payouts ledgers "
         "tenants seats plans quotas badges avatars banners toasts menus tabs modals drawers tooltips charts "
         "filters sorters exports imports").split()
ALEMBIC = "Generate Alembic migrations with autogenerate, then review them."


def test_a_long_edit_loop_leaves_the_next_request_its_lessons(git_repo: Path):
    """review25 R25-11: every edit of one page adding hook calls showed the lessons naming them, whatever room the
    session cap kept for later; at the 6th edit the session had its 40 and "add an alembic migration …" got nothing."""
    web = [lesson(f"L-05{n:02x}", f"`use{name.capitalize()}` owns {name} state.", paths=["web/src/**"], helpful=1)
           for n, name in enumerate(HOOKS)]
    write_store(git_repo, web + [lesson("L-0600", ALEMBIC, paths=["services/**"])]
                + [lesson(f"L-03{n:02x}", text, helpful=9) for n, text in enumerate(FILLER)])
    session_id = str(uuid.uuid4())
    hook(git_repo, session_id, "SessionStart", source="startup")
    hook(git_repo, session_id, "UserPromptSubmit", prompt="build the dashboard page with all the widgets")
    page = str(git_repo / "web/src/pages/Dashboard.tsx")
    shown = _tool(git_repo, session_id, "Read", {"file_path": page}, "toolu_00")
    for n in range(6):
        code = "\n".join(f"  const {name} = use{name.capitalize()}()" for name in HOOKS[5 * n:5 * n + 5])
        shown += _tool(git_repo, session_id, "Edit", {"file_path": page, "old_string": f"x{n}", "new_string": code},
                       f"toolu_1{n}")
    assert "owns" in shown  # the code named them
    later = hook(git_repo, session_id, "UserPromptSubmit", prompt="add an alembic migration for the invoices table")
    assert ALEMBIC in later
