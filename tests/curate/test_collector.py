"""A curation pauses Python's cyclic garbage collector while it works (its 10,000-lesson data has no
cycles to find) and leaves it as it found it, whether the curation succeeds or stops with an error."""

from __future__ import annotations

import gc

import pytest

from altimate_learn.curate import curator
from altimate_learn.errors import StoreError
from tests.curate.helpers import add, lesson, make_store


@pytest.fixture()
def collector():
    enabled = gc.isenabled()
    yield
    gc.enable() if enabled else gc.disable()


def test_the_collector_is_paused_during_a_curation_and_back_after(tmp_path, collector):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Keep seeds small and documented.")])
    during = []
    gc.enable()
    result = curator.curate(store, [{"op": "REMOVE", "id": "L-0001", "reason": "wrong"}],
                            replace=lambda removed, reason: during.append(gc.isenabled()) or None)
    assert result.changed and during == [False]
    assert gc.isenabled()


def test_a_collector_the_caller_paused_stays_paused(tmp_path, collector):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Keep seeds small and documented.")])
    gc.disable()
    curator.curate(store, [add("Name staging models after their source system.")])
    assert not gc.isenabled()


def test_the_collector_is_back_after_a_curation_that_stops_with_an_error(tmp_path, collector):
    store = make_store(tmp_path, approved=[lesson("L-0027", "See https://evil.example/x for the staging rules.")])
    gc.enable()
    with pytest.raises(StoreError, match="fails lint"):
        curator.curate(store, [])
    assert gc.isenabled()
