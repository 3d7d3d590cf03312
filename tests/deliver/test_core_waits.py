"""Core lessons scoped to a folder wait for that folder in a large store (issue 19, deliver42).

The core tier is chosen at session start, before the request, by helpfulness; in a store of hundreds of lessons most
of it is rules of one folder or another ("[applies to: services/ledger/**] …" in a session on `web/src/`). The first
topic stops at 30 of the cap of 40 (the rest is kept for a later request), so those rules took the room of the
conventions of the files the session did open, and a vague symptom's rule, 6th to 12th of its file's, was cut. In a
store larger than `session_max_lessons` (the default `core_lessons`), an unpinned core lesson with path triggers now
comes with the first file of its scope the agent opens, first among that file's lessons; pinned and project-wide core
lessons, and every core lesson of a small store, come at session start as before.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.deliver.helpers import lesson, write_store

COLOURS = ("amber", "basil", "cedar", "dahlia", "ember", "fennel", "garnet", "hazel", "indigo", "juniper", "kelp",
           "lilac", "maple", "nutmeg", "olive", "pepper", "quartz", "rowan", "saffron", "thistle", "umber", "violet",
           "willow", "yarrow", "zinnia")
WEB = [lesson(f"L-1{n:03x}", f"Widgets of the {word} kind render through the {word} adapter.", paths=["web/src/**"],
              helpful=len(COLOURS) - n) for n, word in enumerate(COLOURS)]
TREES = ("alder", "beech", "cypress", "douglas", "elm", "fir", "gum", "hemlock")
LEDGER = [lesson(f"L-3{n:03x}", f"Ledger {word} jobs retry {n + 2} times before paging.", paths=["services/ledger/**"],
                 helpful=50) for n, word in enumerate(TREES)]
TEAM = [lesson("L-4001", "Keep pull requests under 400 changed lines.", helpful=40),
        lesson("L-4002", "Branch names follow the ticket id.", helpful=45, paths=["web/**"], pinned=True)]
FILLER = [lesson(f"L-5{n:03x}", f"Kiosk {word} banners fade after {n + 3} seconds.")
          for n, word in enumerate(("acacia", "birch", "clover", "dune", "elder", "fig", "ginger", "heath"))]


def _deliver(run_learn, root: Path, session: str, *event: str) -> list[str]:
    proc = run_learn("deliver", "--session", session, "--json", *event, cwd=root)
    assert proc.returncode == 0, proc.stderr
    return [item["id"] for item in json.loads(proc.stdout)["lessons"]]


def test_core_lessons_of_a_folder_come_with_its_first_file_in_a_large_store(git_repo: Path, run_learn):
    write_store(git_repo, WEB + LEDGER + TEAM + FILLER)  # 43 lessons: more than the session's cap of 40
    start = _deliver(run_learn, git_repo, "s-1", "--request", "the banner on the home page looks off")
    assert "L-4001" in start and "L-4002" in start  # project-wide and pinned: at session start
    assert not [i for i in start if i.startswith("L-3")]  # the ledger's rules: not in a session on the web app
    web = _deliver(run_learn, git_repo, "s-1", "--file", "web/src/App.tsx")
    assert web and all(i.startswith("L-1") for i in web)
    ledger = _deliver(run_learn, git_repo, "s-1", "--file", "services/ledger/jobs.py")
    assert ledger[:5] == [item["id"] for item in LEDGER[:5]]  # the first file of their folder: first, in core order


def test_a_small_store_shows_its_whole_core_tier_at_session_start(git_repo: Path, run_learn):
    write_store(git_repo, WEB[:20] + LEDGER + TEAM)  # 30 lessons: a session can hold all of them
    start = _deliver(run_learn, git_repo, "s-2", "--request", "the banner on the home page looks off")
    assert [i for i in start if i.startswith("L-3")] == [item["id"] for item in LEDGER]


def test_with_the_file_tier_off_the_core_lessons_of_a_folder_still_come_at_session_start(git_repo: Path, run_learn):
    # with learn.file_hook off no file event shows a lesson, so a core lesson waiting for its folder would never come
    # (RESULTS' "file hook off" rows: 13.4 -> 6.5 lessons a session, file tasks 10% -> 0% at 300)
    write_store(git_repo, WEB + LEDGER + TEAM + FILLER)
    proc = run_learn("deliver", "--session", "s-3", "--json", "--request", "the banner on the home page looks off",
                     cwd=git_repo, env={"ALTIMATE_LEARN_FILE_HOOK": "0"})
    assert proc.returncode == 0, proc.stderr
    start = [item["id"] for item in json.loads(proc.stdout)["lessons"]]
    assert [i for i in start if i.startswith("L-3")] == [item["id"] for item in LEDGER]


def test_doctor_and_status_count_what_a_session_really_starts_with(git_repo: Path, run_learn):
    """`learn doctor` and `learn status` counted the whole core tier (10) as the session-start section while its
    folder-scoped lessons wait for a file: they now count what the real SessionStart hook shows, and say how many
    core lessons come with the first file of their folder instead (with the file tier off, all at the start)."""
    from tests.deliver.helpers import context_of, run_hook

    write_store(git_repo, WEB + LEDGER + TEAM + FILLER)  # core: the pinned rule, 8 ledger rules, the team rule
    payload = {"session_id": "s-doc", "transcript_path": str(git_repo / "t.jsonl"), "cwd": str(git_repo),
               "hook_event_name": "SessionStart", "source": "startup"}
    for env, start, waiting in (({}, 2, 8), ({"ALTIMATE_LEARN_FILE_HOOK": "0"}, 10, 0)):
        section = context_of(run_hook("claude-code", {**payload, "session_id": f"s-doc-{start}"}, cwd=git_repo,
                                      env=env).stdout)
        assert section.count("\n- ") == start
        proc = run_learn("doctor", "--json", cwd=git_repo, env=env)
        assert proc.returncode == 0, proc.stderr
        tokens = json.loads(proc.stdout)["tokens"]
        assert (tokens["core_lessons"], tokens["core_waiting"]) == (start, waiting)
        proc = run_learn("status", "--json", cwd=git_repo, env=env)
        assert proc.returncode == 0, proc.stderr
        info = json.loads(proc.stdout)
        assert (info["limits"]["core_lessons"], info["core_waiting"]) == (start, waiting)
    doctor = run_learn("doctor", cwd=git_repo).stdout
    assert "(the session-start section, 2 core lessons; 8 more core lessons, scoped to a folder, come with the " \
           "first file there)" in doctor
    status = run_learn("status", cwd=git_repo).stdout
    assert "Limits: core_lessons=2 at session start (learn.core_lessons 15, left at its default" in status
    assert "8 more, scoped to a folder, come with the first file there" in status
