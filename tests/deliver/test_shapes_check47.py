"""check47 C47-4 (session #29, second reader of deliver47's b83163e6): "per" as "according to" ("per the docs") and
the "rate" of a rate limiter are no figure per thing. "the rate limiter fails with no retries configured" and "per the
docs it fails without tokens" read "divide zero" and, in a folder of model conventions, were given the safe-division
rule they have nothing to do with. In-process: the corpus and the selection code of deliver47's test."""

from __future__ import annotations

import pytest

from altimate_learn.deliver.shapes import none_to_divide
from tests.deliver.test_request_shapes_d47 import SAFE_DIVIDE, _found


@pytest.mark.parametrize("request_text", [
    "the rate limiter fails with no retries configured",
    "the api is rate-limited and fails with no retries",
    "per the docs it fails without tokens",
    "per our call, the job crashes without workers",
])
def test_per_as_according_to_and_a_rate_limiter_are_no_figure_per_thing(request_text: str) -> None:
    assert not none_to_divide(request_text)
    assert SAFE_DIVIDE not in _found(request_text)


def test_a_rate_per_thing_failing_on_none_still_finds_the_safe_division_rule() -> None:
    request_text = "the rate per user fails for accounts with no sessions"
    assert none_to_divide(request_text)
    assert SAFE_DIVIDE in _found(request_text)
