"""A scoped lesson that a request shares one word of its prose with waits for its files (review36 R36-17).

In a small store every word is rare, and one shared word admitted a lesson about another part of the repository: "order
the imports alphabetically" brought "Shopify sends order webhooks more than once; deduplicate orders on `order_id`,
…" (scoped to the staging models) with the request, and so did "add a created_at column to the invoices table"
(`_at`, an affix of its `updated_at`). Such a lesson now waits for a file in its scope, as a weak scoped match does: it
is the first lesson of the first staging model the agent opens. Two shared words, a file of its scope named in the
request, or the one word being the lesson's own name for a thing (in its path triggers or its code) still bring it with
the request, and a lesson without path triggers is shown as before.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.deliver.helpers import lesson, write_store

DEDUPE = lesson("L-0f01", "Shopify sends order webhooks more than once; deduplicate orders on `order_id`, keeping the "
                          "latest `updated_at`.", paths=["models/staging/*.sql"])
PLAYWRIGHT = lesson("L-0f02", "End-to-end tests run with `playwright` against the preview deploy.",
                    paths=["web/e2e/**"])
CHANGELOG = lesson("L-0f03", "Update CHANGELOG.md under Unreleased with every user-visible change.")
WORDS = ("amber", "basil", "cedar", "dahlia", "ember", "fennel", "garnet", "hazel", "indigo", "juniper", "kelp",
         "lilac", "maple", "nutmeg", "olive")
FILLER = [lesson(f"L-1{n:03x}", f"Kiosk {word} banners fade after {n + 3} seconds.", pinned=True)
          for n, word in enumerate(WORDS)]


def _deliver(run_learn, root: Path, session: str, *args: str) -> dict:
    proc = run_learn("deliver", "--session", session, *args, "--json", cwd=root)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _beyond_core(result: dict) -> list[str]:
    return [item["id"] for item in result["lessons"] if item["tier"] != "core"]


def test_one_word_of_a_scoped_lesson_s_prose_does_not_bring_it_with_the_request(git_repo: Path, run_learn):
    write_store(git_repo, [DEDUPE, PLAYWRIGHT, CHANGELOG, *FILLER])
    assert "L-0f01" not in _beyond_core(_deliver(run_learn, git_repo, "s-1", "--request",
                                                 "order the imports alphabetically"))
    assert "L-0f01" not in _beyond_core(_deliver(run_learn, git_repo, "s-2", "--request",
                                                 "add a created_at column to the invoices table"))
    # it waits for its files: the first staging model the agent opens shows it first
    model = git_repo / "models/staging/stg_orders.sql"
    model.parent.mkdir(parents=True)
    model.write_text("select 1\n")
    opened = _deliver(run_learn, git_repo, "s-1", "--file", str(model))
    assert _beyond_core(opened)[:1] == ["L-0f01"]


def test_two_shared_words_a_named_file_of_its_scope_or_its_own_name_for_a_thing_still_bring_it(
        git_repo: Path, run_learn):
    write_store(git_repo, [DEDUPE, PLAYWRIGHT, CHANGELOG, *FILLER])
    assert "L-0f01" in _beyond_core(_deliver(run_learn, git_repo, "s-1", "--request",
                                             "the shopify webhooks arrive twice"))
    model = git_repo / "models/staging/stg_orders.sql"
    model.parent.mkdir(parents=True)
    model.write_text("select 1\n")
    assert "L-0f01" in _beyond_core(_deliver(run_learn, git_repo, "s-2", "--request",
                                             "order the columns of models/staging/stg_orders.sql"))
    # the one word is the name the lesson gives a thing (its code), not a word of its prose
    assert "L-0f02" in _beyond_core(_deliver(run_learn, git_repo, "s-3", "--request", "playwright is flaky today"))
    # a lesson without path triggers is about every file: one word of it still brings it
    assert "L-0f03" in _beyond_core(_deliver(run_learn, git_repo, "s-4", "--request", "update the docs"))
