"""An operator a lesson quotes in backticks (`==`, `!=`, `&&`) is a search word: a request that writes it finds
the lesson, though `\\w+` words never held it."""

from __future__ import annotations

from altimate_learn.deliver.select import query_terms, retrieve
from altimate_learn.deliver.tokenize import operators
from tests.deliver.test_select import corpus, ids

LESSONS = (
    ("L-0op1", "Compare secrets and signatures with `hmac.compare_digest()`, never with `==`.",
     {"paths": ["services/**"]}),
    ("L-0op2", "Compare nullable columns with `is distinct from`, not with `!=`.", {"paths": ["models/**"]}),
    ("L-0op3", "Put shared helpers under `services/**` and run `make lint --fix` before pushing."),
)


def test_operators_are_taken_from_backticks_in_lessons_and_from_anywhere_in_requests():
    assert operators("never with `==`; `a != b` or `x ?? 0`") == ["==", "!=", "??"]
    assert operators("a glob `services/**`, a flag `--fix`, plain == outside backticks") == []
    assert operators("we check the token with a plain == and a!=b", quoted=False) == ["==", "!="]
    assert operators("**bold** text -- with a dash", quoted=False) == []


def test_a_request_naming_the_operator_finds_the_lesson_that_quotes_it():
    c = corpus(*LESSONS, filler=True)
    request = "security flagged partner_keys.py: we check the partner token with a plain `==`, fix pls"
    assert "==" in query_terms(c, request)
    assert "L-0op1" in ids(c, retrieve(c, query_terms(c, request), 5))
    found = ids(c, retrieve(c, query_terms(c, "why does status != 'x' drop the null rows"), 5))
    assert found and found[0] == "L-0op2"
    # a glob or a flag in backticks is no operator: bold text in a request does not bring the third lesson
    assert "L-0op3" not in ids(c, retrieve(c, query_terms(c, "**urgent** the checkout page is slow"), 5))
