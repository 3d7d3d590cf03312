"""A file the agent changes at its first event gets both of a file's batches at once (deliver27, brief item 2).

A file's first event (a Read) shows its first five lessons; the agent's edit after it adds what the limit held back at
the level where it cut (the second batch): the agent is changing the file now. A new file is written whole with
Write, with no Read before and, usually, no edit after: it got the first batch only, and the rules for that kind of
file past the first five never came (a new component, a new route, a new migration). A Codex patch is the same: Codex
reads through its shell, so its first event of a file is the change. Now a first event that writes the file brings
the second batch with the first, in the room the session cap leaves (as the edit's second batch).
"""

from __future__ import annotations

import uuid
from pathlib import Path

from tests.deliver.helpers import hook, lesson, write_store

# Eight rules for the components folder: a level of its own, no bucket (at most 20), so an edit's second batch holds
# the three the first five left out.
COMPONENT_RULES = [
    "Name component files in PascalCase and colocate their tests as `*.test.tsx`.",
    "Add a Storybook story for every shared component.",
    "Components take explicit props; never spread `...props` onto DOM elements.",
    "Every interactive element needs an accessible name; icon buttons take `aria-label`.",
    "Support dark mode with Tailwind `dark:` variants.",
    "Never convey status by color alone; add an icon or text.",
    "Export one component per file, as a named export.",
    "Components never fetch data; pages pass it down.",
]
NOUNS = ("invoices receipts ledgers budgets forecasts payrolls audits contracts vendors tenders quotes grants "
         "leases permits licences tariffs rebates refunds coupons vouchers").split()
FILLER = [f"{a.capitalize()} and {b} need {c} approval." for a, b, c in zip(NOUNS, NOUNS[7:] + NOUNS[:7],
                                                                              NOUNS[13:] + NOUNS[:13])]
LESSONS = ([lesson(f"L-01{n:02x}", text, paths=["web/src/components/**"], helpful=8 - n)
            for n, text in enumerate(COMPONENT_RULES)]
           + [lesson(f"L-03{n:02x}", text, helpful=9) for n, text in enumerate(FILLER)])
FILE = "web/src/components/StatusPill.tsx"
CODE = "export function StatusPill({ status }: Props) {\n  return <span className={colors[status]} />\n}\n"


def _tool(root: Path, session_id: str, tool: str, tool_input: dict, call: str, harness: str = "claude-code") -> str:
    common = {"tool_name": tool, "tool_input": tool_input, "tool_use_id": call}
    return (hook(root, session_id, "PreToolUse", harness, **common)
            + hook(root, session_id, "PostToolUse", harness, tool_response={"success": True}, **common))


def _start(root: Path, harness: str = "claude-code") -> str:
    write_store(root, LESSONS)
    session_id = str(uuid.uuid4())
    hook(root, session_id, "SessionStart", harness, source="startup")
    hook(root, session_id, "UserPromptSubmit", harness, prompt="add a pill for the order column",
         **({"turn_id": "t1"} if harness == "codex" else {}))
    return session_id


def _shown(text: str) -> list[str]:
    return [rule for rule in COMPONENT_RULES if rule in text]


def test_a_new_file_written_whole_gets_both_batches_at_once(git_repo: Path):
    session_id = _start(git_repo)
    written = _tool(git_repo, session_id, "Write", {"file_path": str(git_repo / FILE), "content": CODE}, "toolu_01")
    assert _shown(written) == COMPONENT_RULES
    # the write was the file's edit too: a later edit for the same request brings only what its code names
    assert _tool(git_repo, session_id, "Edit", {"file_path": str(git_repo / FILE), "old_string": "x",
                                                "new_string": "  return null\n"}, "toolu_02") == ""
    assert _tool(git_repo, session_id, "Read", {"file_path": str(git_repo / FILE)}, "toolu_03") == ""


def test_a_read_then_an_edit_still_bring_the_two_batches_one_after_the_other(git_repo: Path):
    session_id = _start(git_repo)
    path = str(git_repo / FILE)
    read = _tool(git_repo, session_id, "Read", {"file_path": path}, "toolu_01")
    assert len(_shown(read)) == 5
    edit = _tool(git_repo, session_id, "Edit", {"file_path": path, "old_string": "a", "new_string": CODE}, "toolu_02")
    assert sorted(_shown(read) + _shown(edit)) == sorted(COMPONENT_RULES)


def test_a_codex_patch_adding_a_file_gets_both_batches_at_once(git_repo: Path):
    session_id = _start(git_repo, "codex")
    patch = f"*** Begin Patch\n*** Add File: {FILE}\n" + "".join(f"+{line}\n" for line in CODE.splitlines()) \
        + "*** End Patch\n"
    assert _shown(_tool(git_repo, session_id, "apply_patch", {"command": patch}, "call_1", "codex")) == COMPONENT_RULES
