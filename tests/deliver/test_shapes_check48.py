"""check48 C48-2 (session #30, second reader of deliver47's b83163e6): a figure per thing named after the things with
none, in a clause of its own ("the login fails for users with no passwords set, the rate is fine otherwise", "the
build breaks with no lockfiles, which hurts our daily deploy rate"), is no figure that fails on them: those requests
read "divide zero" and, in a folder of model conventions, were given the safe-division rule they have nothing to do
with. The figure is named before the things with none ("the per-store basket average crashes for shops with zero
orders"), or the request names the division itself ("'division by zero' … the avg rate"). In-process: the corpus and
the selection code of deliver47's test."""

from __future__ import annotations

import pytest

from altimate_learn.deliver.shapes import none_to_divide
from tests.deliver.test_request_shapes_d47 import SAFE_DIVIDE, _found


@pytest.mark.parametrize("request_text", [
    "the login fails for users with no passwords set, the rate is fine otherwise",
    "the build breaks with no lockfiles, which hurts our daily deploy rate",
    "the signup page fails for people with no emails and our conversion rate dropped",
    "the import crashes with zero rows, average time is 3s",
    "CI errors out on branches without commits per day",
    "the export errors out for shops without products, our conversion rate is fine",
])
def test_a_figure_named_after_the_things_with_none_is_no_figure_failing_on_them(request_text: str) -> None:
    assert not none_to_divide(request_text)
    assert SAFE_DIVIDE not in _found(request_text)


@pytest.mark.parametrize("request_text", [
    "the pass-rate mart by region, it falls over when a region had zero tests that month",
    "average delivery time blows up on weeks with no deliveries",
    "the bonus model dies on teams with no members, 'division by zero', and the avg share per team is off",
])
def test_a_figure_failing_on_things_with_none_still_finds_the_safe_division_rule(request_text: str) -> None:
    assert none_to_divide(request_text)
    assert SAFE_DIVIDE in _found(request_text)
