"""Canonical JSON is written by a hand-rolled indenting encoder (json's own is pure Python and slow at 10,000
lessons); it must give exactly the bytes of the json module's canonical form, for anything."""

from __future__ import annotations

import json
from collections import OrderedDict

from hypothesis import given
from hypothesis import strategies as st

from altimate_learn.store import fsio


def reference(value):
    return json.dumps(fsio._drop_absent(value), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text()
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=30)


@given(VALUES)
def test_the_fast_encoder_writes_the_json_modules_canonical_bytes(value):
    assert fsio.canonical_json(value) == reference(value)


def test_unusual_values_fall_back_to_the_json_module():
    for value in ({1: "x", 2: None}, {"a": OrderedDict(b=1)}, {"lessons": {"L-1": {"at": "x", "gone": None}}}):
        assert fsio.canonical_json(value) == reference(value)
    deep: list = []
    for _ in range(300):
        deep = [deep]
    assert fsio.canonical_json(deep) == reference(deep)
