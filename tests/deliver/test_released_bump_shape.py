"""A package's new version told as just out, then "bump it" in a manifest, is a dependency bump (issue 19,
deliver52: blind50's follow-up miss b50-29, where the rule on dependency bumps stayed under the relevance floor at
every size). "<name> 2.10 is out, bump it while you're in pyproject" names no dependency and no "latest"; the request
gets the word "dependency" (shapes.bump_latest's second form). Ordinary requests that share its words (a version of
ours, a chapter or a season "out", "update it" on phones or laptops, a manifest in another clause, "don't bump it",
on purpose) name nothing.

In-process: the corpus and the selection code of deliver47's tests; the requests are in words of our own."""

from __future__ import annotations

import pytest

from altimate_learn.deliver.shapes import bump_latest
from tests.deliver.test_bump_latest_shape import BUMPS, _relevant


@pytest.mark.parametrize("request_text", [
    "oh and httpx 0.28 is out, bump it while you're in the pyproject",
    "fastapi 0.115.2 was released yesterday, bump it in requirements.txt please",
    "vite 6.1 just came out: can you upgrade it in package.json too?",
    "also rails 8.0 is out so bump it in the Gemfile while you're there",
])
def test_a_version_just_out_bumped_in_a_manifest_brings_the_bump_rule(request_text: str) -> None:
    assert bump_latest(request_text)
    assert BUMPS in _relevant(request_text)


@pytest.mark.parametrize("request_text", [
    # a version of ours, or a thing that is no package
    "our sdk 2.10 is out, bump it in pyproject to match",
    "version 3.1 is out, bump it in package.json and tag the release",
    "release 4.2 is out, upgrade it in the pyproject and the changelog",
    "the cli 1.4 is out, bump it in package.json's engines field",
    "chapter 2.3 is out, bump it in the reading list and fix the requirements.txt typo",
    "season 2.5 is out, bump it on the store page and in package.json's description",
    "dataset 1.2 is out, bump it in the training config and the requirements.md notes",
    "v2.3 is out, bump it in package.json",
    # an ordinary verb, or the thing bumped is something else
    "ios 18.2 is out, update it on the test iphones and note it in requirements.md",
    "kernel 6.8 is out, upgrade the lab machines tonight and leave the pyproject alone",
    "chrome 131.0 is out, bump the e2e screenshot baseline, package.json stays",
    # the manifest in another clause, no bump, or the bump refused
    "ios 18.2 is out, upgrade it on the test phones; requirements.txt unchanged",
    "pydantic 2.10 is out, read the changelog and tell me if pyproject needs anything",
    "pydantic 2.10 is out, don't bump it in pyproject until the migration lands",
    "numpy 2.1 is out but pyproject pins 1.26 on purpose, so no bump in requirements",
    "python 3.13 is out, update the supported versions table; the pyproject classifiers later",
    # a program on machines, the manifest not where it is bumped (check51 C51-7, in words of our own)
    "blender 4.2 is out, upgrade it on the render farm and update the requirements wiki page",
    "grafana 11.1 was released, upgrade it in staging first, pyproject has nothing to do with it",
    "docker 27.1 is out, upgrade it on the build hosts, package.json scripts stay",
    "zoom 6.1 just came out, upgrade it in the meeting rooms per the requirements of it",
    "jenkins 2.462 is out, upgrade it when the requirements review allows",
    # no version just out
    "bump it in pyproject to 2.10 once the release is signed off",
    "the 2.10 docs are out, bump the link in the pyproject urls",
])
def test_an_ordinary_request_with_a_version_out_names_no_dependency(request_text: str) -> None:
    assert not bump_latest(request_text)
