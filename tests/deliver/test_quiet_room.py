"""A file opened in a session far under its cap takes more of its lessons (issue 19 item 4, for files).

A task that only opens a file, or whose request matched little, ended at 15 lessons (core 10, the file's first five)
while the cap is 40: in a large store a folder's conventions are dozens at one level (55 of `web/src/**` in the
benchmark's store of 1,000), ordered by helpfulness when nothing else tells them apart, and the one the task needed
came 6th to 15th. The file's first event now takes up to twice `file_lessons` more of its ranking while the session
stays within 5/8 of `session_max_lessons` and leaves room for a later request and its files, when the level where its
first five cut holds more than 4 x `file_lessons` lessons (a bucket of conventions, which an edit's second batch leaves
alone) and the store holds more than `session_max_lessons`; a session that has used its room gets the file's five.
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
KIOSK = [lesson(f"L-2{n:03x}", f"Kiosk {word} banners fade after {n + 3} seconds.", pinned=n < 10)
         for n, word in enumerate(("acacia", "birch", "clover", "dune", "elder", "fig", "ginger", "heath", "iris",
                                   "jasmine", "kale", "laurel", "mint", "nettle", "orchid", "poppy", "quince", "reed",
                                   "sorrel", "tansy", "ursine", "vetch", "wisteria", "xenia", "yew"))]
LESSONS = WEB + KIOSK


def _deliver(run_learn, root: Path, session: str, **event: str) -> dict:
    args = ["deliver", "--session", session, "--json"]
    for name, value in event.items():
        args += [f"--{name}", value]
    proc = run_learn(*args, cwd=root)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_a_file_opened_in_a_quiet_session_brings_more_of_its_lessons_in_their_order(git_repo: Path, run_learn):
    write_store(git_repo, LESSONS)
    start = _deliver(run_learn, git_repo, "s-1", request="hello, quick question first")
    shown = len(start["lessons"])
    opened = _deliver(run_learn, git_repo, "s-1", file="web/src/App.tsx")
    ids = [item["id"] for item in opened["lessons"]]
    assert 5 < len(ids) <= 15  # past file_lessons (5), at most twice it more
    assert shown + len(ids) <= 25  # within 5/8 of the session cap (40)
    assert ids == [item["id"] for item in WEB[:len(ids)]]  # the file's ranking, most helpful first
    again = _deliver(run_learn, git_repo, "s-1", file="web/src/App.tsx")
    assert again["lessons"] == []


def test_a_session_that_used_its_room_gets_the_file_s_five(git_repo: Path, run_learn):
    write_store(git_repo, LESSONS)
    busy = _deliver(run_learn, git_repo, "s-2", request="the kiosk banners fade too fast: check the seconds for "
                                                      "acacia birch clover dune elder fig ginger heath iris jasmine "
                                                      "kale laurel mint nettle orchid poppy quince reed sorrel tansy")
    assert len(busy["lessons"]) >= 20
    opened = _deliver(run_learn, git_repo, "s-2", file="web/src/App.tsx")
    assert len(opened["lessons"]) == 5
