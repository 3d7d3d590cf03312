"""Issue 19, twelfth round: a file's name and its narrowest rules say what kind of file it is.

- A word of the file's name that few of its lessons hold (`form` for `SignupForm.tsx`) makes those lessons
  relevant to the file, as a request word would: they rank among what the request points at, and an edit's
  second batch (which takes only what is pointed at in a crowded folder) can bring them.
- The words of the rules written for the file's own narrow folder (`Pydantic schemas use …` for
  `services/api/app/schemas/refund.py`) point at the broader rules that hold them (`Validate inputs with Pydantic
  validators`, a rule of all of `services/**`), so a file opened without a request gets them among its first five
  instead of the broad folder's most helpful rules. This orders what the request does not tell apart; it is no
  relevance (it brings no second batch).
"""

from __future__ import annotations

from altimate_learn.deliver.select import held_back, query_terms, rank_file_scored
from tests.deliver.test_select import corpus

WEB = "web/src/**"
WEB_RULES = [
    ("L-0a01", "Show API errors with `toastError()`, which maps error codes to translated messages.", 5),
    ("L-0a02", "Wrap each page in `<ErrorBoundary>` and report errors through `reportError()`.", 4),
    ("L-0a03", "Log caught errors with `reportError()` instead of `console.error`.", 4),
    ("L-0a04", "Open dialogs with `useDialog()` so focus returns to the trigger on close.", 3),
    ("L-0a05", "Use `next/link` for internal navigation; plain anchors reload the page.", 3),
    ("L-0a06", "Add routes in `web/src/routes.tsx`; lazy-load every page component.", 2),
    ("L-0a07", "Show relative times with `<RelativeTime>`, which updates itself.", 2),
    ("L-0a08", "Build forms with `react-hook-form` and `zod` schemas from `web/src/schemas`.", 0),
    ("L-0a09", "Never convey status by color alone; add an icon or text.", 1),
    ("L-0a0a", "Track events with `track()` and names in `object_action` form such as `invoice_paid`.", 1),
    ("L-0a0b", "Use `Suspense` boundaries with the `Skeleton` component for loading states.", 1),
    ("L-0a0c", "Do not fetch data in `useEffect`; use a query hook instead.", 1),
]


def _web():
    return corpus(*[(i, text, {"paths": [WEB], "net": net}) for i, text, net in WEB_RULES])


def test_a_word_of_the_file_name_points_at_the_few_rules_that_hold_it():
    c = _web()
    terms = query_terms(c, "People only see the error in a popup they close, then they leave the page. Show it better")
    scored = rank_file_scored(c, "web/src/features/signup/SignupForm.tsx", terms, 5)
    relevance = {c.ids[i]: r for i, _, r in scored}
    assert relevance["L-0a08"] > 0  # "Build forms …": the file is a form
    # "…`object_action` form such as…" also holds the word, and so does nothing else: the name is selective
    assert {i for i, r in relevance.items() if r > 0} >= {"L-0a08", "L-0a0a"}
    # the edit's second batch (a folder of more rules than the file shows) takes it among what is pointed at
    second = [c.ids[i] for i in held_back(scored, 5, c, terms)]
    assert "L-0a08" in second[:4]


def test_a_word_the_file_name_shares_with_many_rules_points_at_none():
    rules = [(f"L-0b{n:02x}", f"Validate form field {word} before submit.", 0)
             for n, word in enumerate(("emails", "phones", "names", "dates", "amounts", "codes"))]
    c = corpus(*[(i, text, {"paths": [WEB]}) for i, text, _ in rules + WEB_RULES])
    scored = rank_file_scored(c, "web/src/features/signup/SignupForm.tsx", [], 5)
    # seven rules hold "form": more than the file shows, so the name says nothing about which
    assert all(r == 0 for _, _, r in scored)


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
    order = [c.ids[i] for i, _, _ in rank_file_scored(c, "services/api/app/schemas/refund.py", [], 5)]
    assert order[0] == "L-0c00"  # the file's own folder first, as ever
    assert order.index("L-0c07") < 5  # the broad Pydantic rule: among the five a file event shows


def test_a_request_still_decides_before_the_narrow_rules_words():
    c = _services()
    terms = query_terms(c, "the refund amount is stored as a float, use Decimal or integer cents")
    order = [c.ids[i] for i, _, _ in rank_file_scored(c, "services/api/app/schemas/refund.py", terms, 5)]
    assert order[:2] == ["L-0c00", "L-0c03"]  # the money rule the request names comes before the Pydantic one


def test_a_file_with_one_level_of_rules_gets_no_narrow_words():
    c = corpus(*[(i, text, {"paths": ["services/**"], "net": net}) for i, text, net in SERVICE_RULES])
    scored = rank_file_scored(c, "services/api/app/schemas/refund.py", [], 5)
    assert all(r == 0 for _, _, r in scored)
