"""`learn remember` of a rule that says an approved lesson again whole and adds to it replaces the lesson (review40
R40-1: the added clause took the word overlap under the curator's threshold, and both stayed in force, the old one word
for word inside the new, although `learn remember --help` promises "It replaces a lesson it restates, sharpens or
contradicts")."""

from __future__ import annotations

import json

import pytest

OLD = "Use httpx for HTTP calls, never requests."


def _remember(cli, *args: str) -> dict:
    code, out, err = cli("remember", *args, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("sharper", [
    "Use httpx for HTTP calls, never requests; the shared client is in app/clients/http.py.",
    "Use httpx for HTTP calls, never requests. The shared client is in app/clients/http.py.",
    "Use httpx for HTTP calls, never requests, and set an explicit timeout on every call.",
])
def test_a_rule_that_carries_an_approved_one_whole_replaces_it(git_repo, cli, sharper: str):
    old = _remember(cli, OLD, "--approve")["id"]
    result = _remember(cli, sharper)
    assert [r["id"] for r in result["replaced"]] == [old], result


@pytest.mark.parametrize("other", [
    "Use the shared client in app/clients/http.py for HTTP calls.",  # says part of it: no replacement
    "Never call external HTTP APIs from request handlers; queue a job.",
])
def test_a_rule_that_does_not_carry_the_lesson_whole_stays_beside_it(git_repo, cli, other: str):
    _remember(cli, OLD, "--approve")
    assert _remember(cli, other)["replaced"] == []
