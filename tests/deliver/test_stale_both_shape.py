"""Two things made one, still both shown until a process restarts, are a cache kept without an expiry (issue 19,
deliver51: blind84's vague miss b84-v04 at 10,000 lessons). "we merged two breeds three weeks ago but the booking form
still offers both until someone restarts the API pods": the request gets the words "cache ttl", as "still shows the
old hours, a pod restart fixes it" does: a screen people use (a form, a page, a picker) still showing both. Ordinary
requests that share its words (both of something on purpose, no restart, nothing merged, something else restarted, a
server or a deploy still serving both until restarted) name nothing."""

from __future__ import annotations

import pytest

from altimate_learn.deliver.shapes import stale_until_restart


@pytest.mark.parametrize("request_text", [
    "we renamed the plan last week but the pricing page still shows both until someone restarts the web pods",
    "two warehouses were merged on monday; the stock picker still returns both till we restart the service",
    "the duplicate tag was deleted but the search page still returns both until we restart the pods",
])
def test_two_made_one_still_both_until_a_restart_is_a_stale_cache(request_text: str) -> None:
    assert stale_until_restart(request_text)


@pytest.mark.parametrize("request_text", [
    "the shop still offers both sizes until the stock runs out",
    "the form still offers both options until the user picks one",
    "the report still shows both columns until we restart the warehouse sync",
    "we merged the teams but the roster still lists both leads until hr restarts the review cycle",
    "we merged the two lab protocols; the robot still runs both until someone restarts it",
    "the vpn client still lists both tunnels until you restart the laptop",
    "we merged the maps, the game still offers both until the server restarts, that's fine for this season",
    "we retired the old league but the app still shows both tables until the pods restart, as planned",
    "the merged dataset still has both labels until we restart the training run",
    "we replaced the payroll provider; both still get paid until someone restarts the contract",
    "the removed feature is still off for both teams until the api restarts",
    "we merged the two branches and the ci still shows both pipelines, no restart needed",
    "both workers still run until someone restarts the queue after the merged fix",
    "we deleted the duplicate row; the dashboard still offers both filters, and we restart nothing",
    "after the merged pr the docs site still lists both versions on purpose until the restart of the docs team",
    "we combined the shifts but the rota still shows both until the manager restarts the week",
    # a deploy or infra held in a process (check51 C51-5, in words of our own)
    "we removed the v2 route but the gateway still serves both until someone restarts the deployment",
    "we replaced the signing key; the auth server still shows both until the pods restart",
    "we renamed the topic and kafka still lists both until someone restarts the broker node",
    "we retired the old ranking model but the scorer still serves both until the workers restart",
])
def test_an_ordinary_request_with_both_and_a_restart_is_no_stale_cache(request_text: str) -> None:
    assert not stale_until_restart(request_text)
