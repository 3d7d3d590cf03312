"""In the first topic, an edit brings what its request points at past the topic's 28 lessons (deliver30, issue 19).

A first topic in a large store stops at 28 lessons (core 10, the request's 13, the file's first 5 at the defaults), so
the edit of the file the task is about brought nothing more, however much the request pointed at a lesson of the
file that its first five (rules of its own folder, sharing no word with the request) left out: the rule on pandas in
the API for a router whose request says it loads a table with pandas (blind batch 46). The edit may now bring such
lessons (relevance to the request above 0) while the session stays within 30 and keeps room for a later request and
one of its files; what the request does not point at still waits.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from tests.deliver.helpers import hook, lesson, write_store

FILE = "services/api/app/routers/exports.py"
REQUEST = "exporting a year of transactions runs out of memory: the export route loads the whole ledger at once"
# "memory" is in many lessons of the store (too common alone to retrieve this one with the request), and in this one
# only of the file's lessons: the request points at it among them
PANDAS = "Do not use pandas in the API service, it keeps results in memory; it is allowed only in the reports service."
UNPOINTED = "Never log personal data such as names or addresses in the API service."
CORE = ["Keep pull requests under 400 changed lines.", "Never commit `.env` files.",
        "Write commit messages in the imperative mood.", "Tag releases with semantic versions.",
        "Run the linter before pushing.", "Document every public function with a docstring.",
        "Prefer composition over inheritance.", "Name branches after their ticket number.",
        "Delete feature flags within a month of launch.", "Check licences of new dependencies before adding them.",
        "Pair on risky migrations.", "Keep the changelog under the Unreleased heading."]
# more project-wide lessons the request matches better than the pandas rule than the request's tier takes
REQUESTED = ["Stream large exports to the client instead of building them in memory.",
             "Ledger transactions are immutable; corrections are new transactions.",
             "Exports older than a year move to cold storage.",
             "Load ledger entries in pages of 500, never the whole ledger at once.",
             "Export routes return 202 and build the file in a background job.",
             "Memory limits of API pods are 512 MB; profile before raising them.",
             "Transactions in exports are sorted by posting date, then id.",
             "Fiscal year reports read from the ledger snapshot, not live transactions.",
             "Export file names carry the account id and the year.",
             "Large transaction exports are split into one file per month.",
             "Route handlers never load whole tables; query only the columns they return.",
             "Ledger exports include a checksum row at the end.",
             "Year-end exports run after the ledger closes, never during the close.",
             "Out of memory errors in exports page the data team.",
             "Ledger year totals are recomputed from transactions nightly.",
             "Whole-ledger scans run only in the nightly batch, never in a request.",
             "Transactions of a closed year are read from the ledger archive.",
             "Ledger rows load through the repository, never with raw SQL.",
             "A ledger export of a whole year runs as a job with its own memory budget.",
             "Exported ledger transactions keep the currency of the year they were posted in.",
             "Memory-heavy ledger exports load transactions by cursor, a month of the year at a time.",
             "Transaction export routes run the export job and return its id; the whole ledger never loads in the route."]
ROUTER = ["Routers declare explicit response codes on every endpoint.", "Every endpoint has a unique operation id.",
          "Give each route function a one-line summary for the docs.",
          "Mark deprecated endpoints with the deprecated flag and a sunset date.",
          "Group endpoints with tags named after their resource.", "Each router file names its owning team in a comment."]
OTHER = ["Use the design system buttons.", "Defer heavy charts until they are visible.",
         "Keep components under 200 lines.", "Use CSS variables for colours.", "Wrap pages in an error boundary.",
         "Debounce search inputs by 300 ms.", "Use stable keys in lists.", "Every icon button needs an accessible label.",
         "Format dates with the shared helper.", "Keep server state in the query cache."]


def _store() -> list[dict]:
    lessons = [lesson(f"L-c{n:03x}", text, helpful=9) for n, text in enumerate(CORE)]
    lessons += [lesson(f"L-a{n:03x}", text) for n, text in enumerate(REQUESTED)]
    lessons += [lesson(f"L-b{n:03x}", text, paths=["services/api/app/routers/**"], helpful=5)
                for n, text in enumerate(ROUTER)]
    lessons += [lesson("L-d001", PANDAS, paths=["services/api/**"]),
                lesson("L-d002", UNPOINTED, paths=["services/api/**"], helpful=9)]
    lessons += [lesson(f"L-e{n:03x}", text, paths=["web/src/**"]) for n, text in enumerate(OTHER)]
    return lessons


def _lines(text: str) -> list[str]:
    return [line[2:] for line in text.splitlines() if line.startswith("- ")]


def test_the_first_topics_edit_brings_the_rule_its_request_points_at(git_repo: Path):
    write_store(git_repo, _store())
    session = str(uuid.uuid4())
    shown = _lines(hook(git_repo, session, "SessionStart", source="startup"))
    shown += _lines(hook(git_repo, session, "UserPromptSubmit", prompt=REQUEST))
    path = str(git_repo / FILE)
    read = _lines(hook(git_repo, session, "PreToolUse", tool_name="Read", tool_input={"file_path": path},
                       tool_use_id="t1"))
    shown += read
    assert len(shown) == 28 and not any(PANDAS in line for line in shown), shown  # the first topic's stop
    assert all(line.startswith("[applies to: services/api/app/routers/**]") for line in read)
    edit = _lines(hook(git_repo, session, "PreToolUse", tool_name="Edit",
                       tool_input={"file_path": path, "old_string": "a", "new_string": "b"}, tool_use_id="t2"))
    assert edit == [f"[applies to: services/api/**] {PANDAS}"]  # what the request points at; not the other rule
    # the cap keeps room for a later request and its file: the follow-up still gets its lessons
    later = _lines(hook(git_repo, session, "UserPromptSubmit", prompt="next: debounce the search input of the web screen"))
    assert later
