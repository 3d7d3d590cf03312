"""The depth check of store files stops as soon as the `{` and `[` of the text are all accounted for (a
10,000-entry `vetted.json` is not gone through value by value): the same answer as counting every level,
and a document nested past the limit is still refused however few braces it has."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from altimate_learn import jsonsafe

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-9, 9), st.text(alphabet="ab{}[]\"\\ \n", max_size=6))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(alphabet="k{[", max_size=3), inner,
                                                                       max_size=4)), max_leaves=30)


@given(VALUES, st.sampled_from([1, 2, 3, 100]), st.booleans(), st.sampled_from(["utf-8", "utf-16"]))
def test_the_bound_gives_the_depth_counted_level_by_level(value, limit, indent, encoding):
    text = json.dumps(value, indent=2 if indent else None, ensure_ascii=False)
    for data in (text, text.encode(encoding)):
        assert jsonsafe.depth(value, limit, jsonsafe.containers_bound(data)) == jsonsafe.depth(value, limit)


def _nested(levels: int) -> str:
    return '{"lessons": ' + "[" * (levels - 1) + "]" * (levels - 1) + "}"


def test_a_document_past_the_limit_is_refused_whatever_its_braces():
    assert jsonsafe.loads_document(_nested(jsonsafe.MAX_DEPTH)) == {"lessons": json.loads(
        "[" * (jsonsafe.MAX_DEPTH - 1) + "]" * (jsonsafe.MAX_DEPTH - 1))}
    for data in (_nested(jsonsafe.MAX_DEPTH + 1), _nested(jsonsafe.MAX_DEPTH + 1).encode()):
        with pytest.raises(jsonsafe.TooDeep):
            jsonsafe.loads_document(data)
    # Braces inside strings only make the bound looser: the depth is counted as before.
    assert jsonsafe.depth(json.loads('{"a": "{{[[", "b": {"c": "]]}}"}}'), 100,
                          jsonsafe.containers_bound('{"a": "{{[[", "b": {"c": "]]}}"}}')) == 2
