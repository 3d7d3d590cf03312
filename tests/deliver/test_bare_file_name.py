"""A file named without its folder is the project's file of that name (issue 19, deliver35's advice).

"fix the typo in 0004_orders.py" brought nothing of `migrations/**` with the request: the name has no folder, and only
a path trigger naming the file itself (`**/test_*.py`) counted. The agent then read the request, chose what to do,
and got "Never edit files under `migrations/` that are already merged" only once it opened the file. A bare name now
stands for the one file of that name the session touched, or else the one that exists in a folder the store's path
triggers point at (a few `stat` calls, no listing of the project, no git). Two files of that name, a name no such
folder holds, a version or "e.g." bring nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.deliver.helpers import hook, lesson, write_store

MERGED = lesson("L-0e01", "Never edit files under `migrations/` that are already merged; add a new migration instead.",
                paths=["migrations/**"])
ROUTERS = lesson("L-0e02", "Every router module declares its `APIRouter` with a `prefix` and `tags`.",
                 paths=["services/api/app/routers/*.py"])
SCHEMAS = lesson("L-0e03", "Pydantic schemas use `model_config = ConfigDict(frozen=True)`.",
                 paths=["services/api/app/schemas/**"])
WORDS = ("amber", "basil", "cedar", "dahlia", "ember", "fennel", "garnet", "hazel", "indigo", "juniper", "kelp",
         "lilac", "maple", "nutmeg", "olive")
FILLER = [lesson(f"L-1{n:03x}", f"Kiosk {word} banners fade after {n + 3} seconds.", pinned=True)
          for n, word in enumerate(WORDS)]


def _repo(root: Path) -> Path:
    write_store(root, [MERGED, ROUTERS, SCHEMAS, *FILLER])
    for path in ("migrations/0004_orders.py", "services/api/app/routers/refunds.py",
                 "services/api/app/routers/users.py", "services/api/app/schemas/users.py"):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text("# code\n")
    return root


def _ids(run_learn, root: Path, session: str, request: str) -> set[str]:
    proc = run_learn("deliver", "--session", session, "--request", request, "--json", cwd=root)
    assert proc.returncode == 0, proc.stderr
    return {item["id"] for item in json.loads(proc.stdout)["lessons"] if item["tier"] == "file"}


def test_a_file_name_without_its_folder_brings_that_file_s_lessons_with_the_request(git_repo: Path):
    root = _repo(git_repo)
    hook(root, "s-1", "SessionStart", source="startup")
    said = hook(root, "s-1", "UserPromptSubmit", prompt="fix the typo in 0004_orders.py", prompt_id="p-1")
    assert MERGED["text"] in said and "[applies to: migrations/**]" in said
    assert ROUTERS["text"] not in said and SCHEMAS["text"] not in said
    read = {"tool_name": "Read", "tool_use_id": "t-1",
            "tool_input": {"file_path": str(root / "migrations" / "0004_orders.py")}}
    assert MERGED["text"] not in hook(root, "s-1", "PreToolUse", **read)  # served with the request, not again


def test_a_bare_name_of_two_files_a_missing_one_or_a_look_alike_names_none(git_repo: Path, run_learn):
    root = _repo(git_repo)
    # routers/users.py and schemas/users.py: which one is meant is not said
    assert not _ids(run_learn, root, "s-1", "rename the helper in users.py") & {"L-0e02", "L-0e03"}
    # no folder of the store's rules holds it
    assert not _ids(run_learn, root, "s-2", "fix the typo in 0005_refunds.py")
    for number, request in enumerate(("bump to v1.2.3 please", "shorter sentences, e.g. fewer words",
                                      "see https://example.com/migrations/0004_orders.py for the idea")):
        assert not _ids(run_learn, root, f"s-{3 + number}", request), request
    # the one named file of the routers' folder
    assert _ids(run_learn, root, "s-9", "fix the typo in refunds.py") == {"L-0e02"}
