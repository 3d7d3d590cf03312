"""Issue 19, twelfth round: a file's narrowest rules say what kind of file it is.

The words of the rules written for the file's own narrow folder (`Pydantic schemas use …` for
`services/api/app/schemas/refund.py`) point at the broader rules that hold them (`Validate inputs with Pydantic
validators`, a rule of all of `services/**`), so a file opened without a request gets them among its first five
instead of the broad folder's most helpful rules. This orders what the request does not tell apart; it is no
relevance (it brings no second batch).
"""

from __future__ import annotations

from altimate_learn.deliver.select import query_terms, rank_file_scored
from tests.deliver.test_select import corpus

SCHEMAS = "services/api/app/schemas/**"
SERVICE_RULES = [
    ("L-0c01", "Wrap calls to payment providers with `tenacity` retries and exponential backoff.", 2),
    ("L-0c02", "Read settings through `Settings` from `app.config`; never read environment variables directly.", 5),
    ("L-0c03", "Represent money as `Decimal` or integer cents in services, never as float.", 5),
    ("L-0c04", "Type every public function; `mypy --strict` runs on the services folder.", 5),
    ("L-0c05", "Never log request bodies; they contain customer emails and tokens.", 5),
    ("L-0c06", "Use `pathlib.Path` instead of `os.path` for file paths.", 3),
    ("L-0c07", "Validate inputs with Pydantic validators, not manual `if` checks in routes.", 1),
    ("L-0c08", "Compile regular expressions at module level, not inside functions called per request.", 1),
]


def _services():
    own = ("L-0c00", "Pydantic schemas use `model_config = ConfigDict(extra=\"forbid\")`.",
           {"paths": [SCHEMAS], "net": 0})
    return corpus(own, *[(i, text, {"paths": ["services/**"], "net": net}) for i, text, net in SERVICE_RULES])


def test_the_narrow_rules_of_a_file_point_at_the_broad_rules_that_share_their_words():
    c = _services()
    scored = rank_file_scored(c, "services/api/app/schemas/refund.py", [], 5)
    order = [c.ids[i] for i, _, _ in scored]
    assert order[0] == "L-0c00"  # the file's own folder first, as ever
    assert order.index("L-0c07") < 5  # the broad Pydantic rule: among the five a file event shows
    assert all(r == 0 for _, _, r in scored)  # an order, not a relevance: no request, nothing pointed at


def test_a_request_still_decides_before_the_narrow_rules_words():
    c = _services()
    terms = query_terms(c, "the refund amount is stored as a float, use Decimal or integer cents")
    order = [c.ids[i] for i, _, _ in rank_file_scored(c, "services/api/app/schemas/refund.py", terms, 5)]
    assert order[:2] == ["L-0c00", "L-0c03"]  # the money rule the request names comes before the Pydantic one
