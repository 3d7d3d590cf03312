"""Packages named bare and moved "to latest" are a dependency bump (issue 19, deliver51: blind83's follow-up miss
b83-t04). "while you're in there bump fastapi and sqlalchemy to latest too" names no dependency, package or version,
yet asks for the bump a rule about dependency bumps governs; it shared only the verb with that rule and stayed under
the relevance floor. The request gets the word "dependency" when it also names a manifest of dependencies (the
pyproject, requirements, package.json...). Ordinary requests that share its words (a thing moved to the latest of
something: numbers, a branch, a checkpoint; a thing named with "the", "my" or "it"; things of ours said bare in the
plural; names with no manifest named) name nothing.

In-process: the corpus and the selection code of deliver47's tests; the requests are in words of our own."""

from __future__ import annotations

from functools import lru_cache

import pytest

from altimate_learn.deliver.select import query_terms, relevant
from altimate_learn.deliver.shapes import bump_latest
from tests.deliver.test_select import corpus

BUMPS = "The bot owns version bumps of dependencies; never bump unrelated dependencies in a feature branch."
RULES = ["Name branches `<ticket>-<slug>`.",
         "Squash feature branches when merging.",
         "Write the changelog entry in the same pull request as the change.",
         "Keep each pull request under 400 changed lines.",
         "Run the formatter before every commit.",
         "Never commit generated files.",
         "Tag releases as `vMAJOR.MINOR.PATCH`.",
         "Keep secrets out of the repository; read them from the vault.",
         BUMPS]


@lru_cache(maxsize=1)
def _rules():
    return corpus(*((f"L-0b{n:02x}", text, {}) for n, text in enumerate(RULES)))


def _relevant(request: str) -> list[str]:
    """The lessons the request's words make relevant (over the relevance floor), in-process."""
    c = _rules()
    return [c.texts[i] for _, i in relevant(c, query_terms(c, request))]


@pytest.mark.parametrize("request_text", [
    "add whitenoise to requirements.txt, and while you're at it bump django and celery to latest too",
    "in package.json upgrade react, react-dom and vite to latest as well please",
    "the pyproject is old: can you also update numpy to the latest version",
    "add helmet to package.json and bump express to latest",
])
def test_packages_moved_to_latest_bring_the_bump_rule(request_text: str) -> None:
    assert bump_latest(request_text)
    assert BUMPS in _relevant(request_text)


def test_another_request_keeps_it_out() -> None:
    assert BUMPS not in _relevant("rename the orders table to purchases")


@pytest.mark.parametrize("request_text", [
    # a thing named with "the", "my", "your", "it"
    "bump the sensor firmware to latest on the lab rigs before the run",
    "update the exchange rates to latest before the close",
    "update my notes to latest and share them with hr",
    "bump the leaderboard to latest after the tournament",
    "the wiki is behind: update it to latest from the handbook",
    "bump the model checkpoint to latest for the eval",
    "update your branch to the latest main before the review",
    # the latest of something named after it
    "upgrade everyone to latest pricing tier on monday",
    "update dashboards to latest numbers every morning",
    "bump players to latest level after the patch",
    "update patients to latest dose in the trial sheet",
    "bump salaries to latest band, and the contractors too",
    "update staff records to latest figures from payroll",
    # things of ours said bare, or no manifest named (check51 C51-3, in words of our own)
    "upgrade the build agents? yes: upgrade agents to latest tonight",
    "update vendored icons to latest and regenerate the sprite",
    "bump helm charts to latest before the cluster upgrade",
    "add a note to requirements.md: update lab instruments to latest firmware",
    "update grafana and loki to latest on the monitoring box",
    "upgrade nvcc to latest in the image; requirements.txt pins jax on purpose",
    # no bump, or the latest of something else
    "pull to latest and rebuild the docs",
    "sync the fork to latest upstream and rerun ci",
    "rebase to latest and bump the version to 2.1",
    "the latest release is broken, bump the retries to 5",
    "move the standup to latest possible slot on friday",
])
def test_an_ordinary_request_with_bump_or_latest_names_no_dependency(request_text: str) -> None:
    assert not bump_latest(request_text)
