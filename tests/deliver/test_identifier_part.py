"""One part of a name in a lesson's code is no word the lesson uses (review35 R35-11).

In a small store every word is rare, and one rare shared word admits a lesson: "update the docs" and "please update the
copyright year" brought "Shopify sends order webhooks more than once; deduplicate orders on `order_id`, keeping the
latest `updated_at`.", whose only "update" is the first half of a column's name. A request that shares with a lesson
only a part of an identifier of its code now leaves it out; the whole identifier, the identifier spelled as words, or
the word the lesson uses as a word still bring it.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.deliver.helpers import lesson, write_store

DEDUPE = lesson("L-0d01", "Shopify sends order webhooks more than once; deduplicate orders on `order_id`, keeping the "
                          "latest `updated_at`.")
CHANGELOG = lesson("L-0d02", "Update CHANGELOG.md under Unreleased with every user-visible change.")
MONEY = lesson("L-0d03", "Format prices with `formatMoney()` so the currency follows the locale.")
WORDS = ("amber", "basil", "cedar", "dahlia", "ember", "fennel", "garnet", "hazel", "indigo", "juniper", "kelp",
         "lilac", "maple", "nutmeg", "olive")
FILLER = [lesson(f"L-1{n:03x}", f"Kiosk {word} banners fade after {n + 3} seconds.", pinned=True)
          for n, word in enumerate(WORDS)]


def _retrieved(run_learn, root: Path, session: str, request: str) -> set[str]:
    proc = run_learn("deliver", "--session", session, "--request", request, "--json", cwd=root)
    assert proc.returncode == 0, proc.stderr
    return {item["id"] for item in json.loads(proc.stdout)["lessons"] if item["tier"] != "core"}


def test_a_request_sharing_only_part_of_a_lesson_s_identifier_does_not_bring_it(git_repo: Path, run_learn):
    write_store(git_repo, [DEDUPE, CHANGELOG, MONEY, *FILLER])
    assert "L-0d01" not in _retrieved(run_learn, git_repo, "s-1", "please update the copyright year")
    assert "L-0d01" not in _retrieved(run_learn, git_repo, "s-2", "the nightly update script hangs")
    assert "L-0d03" not in _retrieved(run_learn, git_repo, "s-3", "the money is in the banana stand")
    # the word a lesson uses as a word still points at it
    assert "L-0d02" in _retrieved(run_learn, git_repo, "s-4", "update the docs")


def test_the_whole_identifier_or_the_word_the_lesson_uses_still_brings_it(git_repo: Path, run_learn):
    write_store(git_repo, [DEDUPE, CHANGELOG, MONEY, *FILLER])
    assert "L-0d01" in _retrieved(run_learn, git_repo, "s-1", "which updated_at wins?")
    assert "L-0d01" in _retrieved(run_learn, git_repo, "s-2", "the webhook fired twice")
    assert "L-0d03" in _retrieved(run_learn, git_repo, "s-3", "where is formatMoney defined")
