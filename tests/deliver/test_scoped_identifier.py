"""A lesson with path triggers is not pulled into another file by one word of its path (review29 R29-3).

The file tier takes a lesson whose backticked identifier equals a part of the file's path (`_cents` for
`net_amount_cents.sql`) as the weakest match. For a lesson scoped elsewhere that read its own scope against it: "[applies
to: backend/**/*.py] Call Stripe only through `billing.gateway`" was shown for `web/src/pages/billing.tsx`, and a
`web/src/**` rule naming `web/src/api` for a router under `services/api/`. Its triggers say where it applies; a
project-wide lesson naming the part still matches, and so does a scoped lesson whose text names the file itself.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from tests.deliver.helpers import hook, lesson, write_store

GATEWAY = "Call Stripe only through `billing.gateway`; never import the Stripe SDK elsewhere."
IMPORTS = "Import modules, not names, from our own packages (`from billing import invoices`)."
CLIENT = "Wrap every external HTTP call in `httpx.Client(timeout=10)`; never call without a timeout."
WIDE = "Money amounts in `billing` code are integer cents; convert them only for display."
NAMED = "The `web/src/pages/billing.tsx` page is generated from the OpenAPI spec; edit the spec, not the page."
PAGES = "Pages load their data with a query hook; never fetch in a component."
LESSONS = [lesson("L-0001", GATEWAY, paths=["backend/billing/*.py"]),
           lesson("L-0002", IMPORTS, paths=["backend/**/*.py"]),
           lesson("L-0003", CLIENT, paths=["backend/**"]),
           lesson("L-0004", WIDE),  # project-wide: no trigger
           lesson("L-0005", NAMED, paths=["backend/**"]),  # scoped elsewhere, but its text names the file
           lesson("L-0006", PAGES, paths=["web/src/pages/**"])]


def _lines(text: str) -> list[str]:
    return [line[2:] for line in text.splitlines() if line.startswith("- ")]


def _read(root: Path, path: str) -> list[str]:
    session = str(uuid.uuid4())  # no session start: the core tier of so small a store would show every lesson
    return _lines(hook(root, session, "PreToolUse", tool_name="Read", tool_input={"file_path": str(root / path)},
                       tool_use_id="t1"))


def test_a_scoped_lesson_is_not_the_files_for_one_word_of_its_path(git_repo: Path):
    write_store(git_repo, LESSONS)
    lines = _read(git_repo, "web/src/pages/billing.tsx")
    assert lines[0] == f"[applies to: web/src/pages/**] {PAGES}" or lines[0] == f"[applies to: backend/**] {NAMED}"
    assert f"[applies to: backend/**] {NAMED}" in lines  # it names the file: still the file's
    assert WIDE in lines  # a project-wide lesson naming `billing`: the weakest match, still shown
    assert not any(GATEWAY in line or IMPORTS in line for line in lines), lines  # `billing` alone: not the file's
    # `httpx.Client` names `client`, a part of `web/src/api/client.ts`: the backend rule stays out
    assert not any(CLIENT in line for line in _read(git_repo, "web/src/api/client.ts"))


def test_in_its_own_scope_the_lesson_is_still_delivered(git_repo: Path):
    write_store(git_repo, LESSONS)
    lines = _read(git_repo, "backend/billing/charges.py")
    assert lines[0] == f"[applies to: backend/billing/*.py (and subfolders)] {GATEWAY}"
    assert f"[applies to: backend/**/*.py] {IMPORTS}" in lines and f"[applies to: backend/**] {CLIENT}" in lines
