"""A request that names a file brings that file's lessons at once (issue 19, review34 R34-15).

"fix the typo in migrations/0004_orders.py" and "change the comment in migrations/0004_orders.py" brought no lesson
scoped to `migrations/**` with the request (a typo fix brings nothing by its words; "comment" and "change" are not
what the migrations rule is about), so "Never edit files under `migrations/` that are already merged" came only once
the agent opened the file, after it had read the request and chosen what to do. The named file's first batch now
comes with the request, ranked as the file tier ranks it, and the file's own events do not repeat it. A word that only
looks like a file (a version, "e.g.", a link to another site, a library named like a file) brings nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.deliver.helpers import hook, lesson, write_store

MERGED = lesson("L-0f01", "Never edit files under `migrations/` that are already merged; add a new migration instead.",
                paths=["migrations/**"])
NUMBERED = lesson("L-0f02", "Migration files are numbered `NNNN_name.py` with four digits.", paths=["migrations/*.py"])
DOCS = lesson("L-0f03", "Docs pages keep one H1 heading and sentence-case titles.", paths=["**/docs/**"])
NEXT = lesson("L-0f04", "Upgrade Next.js only with the codemods run and the app router checked page by page.")
RELEASE = lesson("L-0f05", "Release notes group changes by package.", paths=["**/*.3"])
TESTS = lesson("L-0f06", "Test modules build their fixtures with factories, never with raw SQL.",
               paths=["**/test_*.py"])
# Conventions the team pinned: they fill the session-start section, so what a request brings is its own.
WORDS = ("amber", "basil", "cedar", "dahlia", "ember", "fennel", "garnet", "hazel", "indigo", "juniper", "kelp",
         "lilac", "maple", "nutmeg", "olive", "pepper", "quartz", "rowan", "saffron", "thistle", "umber", "violet",
         "willow", "yarrow", "zinnia", "acacia", "birch", "clover", "dune", "elder")
FILLER = [lesson(f"L-0{n + 1:03x}", f"Kiosk {word} banners fade after {n + 3} seconds.", pinned=n < 15)
          for n, word in enumerate(WORDS)]
LESSONS = [MERGED, NUMBERED, DOCS, NEXT, RELEASE, TESTS, *FILLER]


def _repo(git_repo: Path) -> Path:
    write_store(git_repo, LESSONS)
    (git_repo / "migrations").mkdir()
    (git_repo / "migrations" / "0004_orders.py").write_text("# orders\n")
    return git_repo


def _deliver(run_learn, root: Path, session: str, **event: str) -> dict:
    args = ["deliver", "--session", session, "--json"]
    for name, value in event.items():
        args += [f"--{name}", value]
    proc = run_learn(*args, cwd=root)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _ids(result: dict) -> list[str]:
    return [item["id"] for item in result["lessons"]]


def test_a_typo_fix_in_a_named_file_brings_the_file_s_lessons_and_its_read_does_not_repeat_them(git_repo: Path):
    root = _repo(git_repo)
    hook(root, "s-1", "SessionStart", source="startup")
    said = hook(root, "s-1", "UserPromptSubmit", prompt="fix the typo in migrations/0004_orders.py", prompt_id="p-1")
    assert MERGED["text"] in said and NUMBERED["text"] in said
    assert "[applies to: migrations/**]" in said  # the agent reads where the rule applies
    read = {"tool_name": "Read", "tool_use_id": "t-1",
            "tool_input": {"file_path": str(root / "migrations" / "0004_orders.py")}}
    again = hook(root, "s-1", "PreToolUse", **read) + hook(root, "s-1", "PostToolUse", **read,
                                                            tool_response={"success": True})
    assert MERGED["text"] not in again and NUMBERED["text"] not in again


def test_a_request_naming_a_file_brings_its_scoped_rule_that_the_request_s_words_do_not(git_repo: Path, run_learn):
    root = _repo(git_repo)
    first = _deliver(run_learn, root, "s-1", request="change the comment in migrations/0004_orders.py")
    assert "L-0f01" in _ids(first) and {"L-0f01": "file"}.items() <= {
        item["id"]: item["tier"] for item in first["lessons"]}.items()
    # a later request naming it gets what the session has not shown, once
    later = _deliver(run_learn, root, "s-1", request="and fix the typo in migrations/0004_orders.py too")
    assert not {"L-0f01", "L-0f02"} & set(_ids(later))
    # the same as a later request of another session: the file's lessons come with it
    other = _deliver(run_learn, root, "s-2", request="hello")
    assert not {"L-0f01", "L-0f02"} & set(_ids(other))
    named = _deliver(run_learn, root, "s-2", request="rename the variable in migrations/0004_orders.py")
    assert {"L-0f01", "L-0f02"} <= set(_ids(named))
    opened = _deliver(run_learn, root, "s-2", file="migrations/0004_orders.py")
    assert _ids(opened) == [] and "already delivered for this request" in opened["note"]


def test_a_file_name_a_path_trigger_names_counts_without_its_folder(git_repo: Path, run_learn):
    root = _repo(git_repo)
    result = _deliver(run_learn, root, "s-1", request="the assert message in test_orders.py has a typo, fix it")
    assert "L-0f06" in _ids(result)  # `**/test_*.py` names such a file wherever it is, before it exists
    # a name alone that a folder rule's folder holds is that file (test_bare_file_name.py)
    result = _deliver(run_learn, root, "s-2", request="fix the typo in 0004_orders.py")
    assert "L-0f01" in _ids(result)


def test_words_that_only_look_like_files_bring_nothing(git_repo: Path, run_learn):
    root = _repo(git_repo)
    for number, request in enumerate((
            "bump the version to v1.2.3 in the header",
            "reword the intro, e.g. shorter sentences",
            "the guide at https://docs.example.com/docs/setup.md says otherwise, fix our wording",
            "the page www.example.com/docs/setup.md says otherwise, fix our wording",
            "what is new in next.js 15? just curious")):
        result = _deliver(run_learn, root, f"s-{number}", request=request)
        assert not {"L-0f03", "L-0f04", "L-0f05"} & {
            item["id"] for item in result["lessons"] if item["tier"] == "file"}, request
    # the same kinds of words naming the project's own files do bring their lessons
    (root / "docs").mkdir()
    (root / "docs" / "setup.md").write_text("# Setup\n")
    result = _deliver(run_learn, root, "s-9", request="fix the wording in docs/setup.md")
    assert "L-0f03" in _ids(result)
