"""A later topic's room (issue 19, eleventh round): a later request goes past its nominal limit only from what leaves
its file both batches, and in a later topic the edit of a file keeps no room for yet another file, so the lessons the
follow-up's request points at below the file's first five still arrive when the agent edits it."""

from __future__ import annotations

from pathlib import Path

from tests.deliver.helpers import lesson, write_store
from tests.deliver.test_engine import step

# A first topic's folder: nothing of the follow-up.
FIRST = [lesson(f"L-1{i:03x}", text, paths=["kiosk/**"]) for i, text in enumerate((
    "Kiosk lobby banners use the brand colour tokens, never hex values.",
    "The lobby kiosk display refreshes its banner from the content feed hourly.",
    "Kiosk banner images ship as WebP under 200 KB for the lobby screens.",
    "Lobby kiosk screens fall back to the static welcome banner when offline.",
    "Test every kiosk banner change on the lobby simulator before release.",
    "Kiosk lobby display settings live in `kiosk/config.yaml`, one block per site.",
))]
# One rule written for many services: each shares shipping, client and timeout with the follow-up, and they score
# alike, so the request tier would go past its limit for them if each counted as a rule of its own.
TEMPLATED = [lesson(f"L-2{i:03x}", f"Calls from shipping to {name} go through `{name}_client` with a {n}-second timeout.",
                    paths=["services/shipping/**"])
             for i, (name, n) in enumerate((("tax", 5), ("geo", 9), ("catalog", 15), ("forecast", 10), ("billing", 3),
                                            ("ledger", 7), ("loyalty", 4), ("search", 12), ("pricing", 8)))]
# The API's own conventions: the first five of the file's ranking, which the request does not point at.
API = [lesson(f"L-3{i:03x}", text, paths=["services/api/**"]) for i, text in enumerate((
    "Raise `HTTPException` only in routers; services raise domain errors.",
    "Return Pydantic response models from FastAPI routes, never raw dicts.",
    "Never call blocking I/O inside `async def` handlers.",
    "Keep router modules under `app/routers`, one per resource.",
    "Name settings fields in snake_case with a unit suffix.",
))]
NEEDED = lesson("L-4000", "Every outbound HTTP call sets an explicit timeout from `settings.http_timeout`.",
                paths=["services/**"])
OTHERS = [lesson(f"L-5{i:03x}", text, paths=["services/**"]) for i, text in enumerate((
    "Type every public function; mypy runs in strict mode on the services folder.",
    "Represent money as integer cents in services, never as float.",
))]


def test_a_follow_ups_edit_brings_the_lesson_its_request_points_at_below_the_files_first_five(git_repo: Path):
    write_store(git_repo, FIRST + TEMPLATED + API + [NEEDED] + OTHERS)
    limits = {"session_max_lessons": 20, "core_lessons": 0}
    step(git_repo, "session_start", "startup", **limits)
    first = step(git_repo, "request", "the kiosk lobby display shows the wrong banner colour", **limits)
    assert len(first.added) == 6 and all(a["id"].startswith("L-1") for a in first.added)
    later = step(git_repo, "request", "unrelated: the shipping carrier client never answers and the worker hangs "
                                      "until it is killed, add a timeout to the client", **limits)
    assert later.added and all(a["id"].startswith("L-2") for a in later.added)
    carrier = str(git_repo / "services/api/app/clients/shipping_carrier.py")
    read = step(git_repo, "file", carrier, False, "call-1", **limits)
    edit = step(git_repo, "file", carrier, True, "call-2", **limits)
    shown = [a["id"] for a in first.added + later.added + read.added + edit.added]
    assert NEEDED["id"] in [a["id"] for a in edit.added]  # the edit's second batch: what the request points at
    # one rule written for many services, a name and a value apart, is shown once (select.Distinct), not up to
    # the tier's limit
    assert len(shown) <= 20 and len(later.added) == 1
