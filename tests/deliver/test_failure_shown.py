"""A failure the product shows a person, quoted in a request, is an error message (issue 19, floor misses).

"also users keep emailing support bc the import just says "Invalid file" when a column is missing" needs "Error
messages say what happened and what to do next.", an abstract rule on how such a message is worded: the request
shared one word of it, or none, and the relevance floor (two shared terms) left it out. A short quoted text after a
verb of showing ("says", "shows", "gets") that reports a failure ("Invalid file", "Error: failed", "Something went
wrong") now gives the request the words "error message"; a label ("the button says 'Save'"), a rename and a pasted
exception class ("ModuleNotFoundError") give nothing.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from altimate_learn.deliver.shapes import failure_shown
from tests.deliver.helpers import hook, lesson, write_store

WORDING = "Error messages say what happened and what to do next."
OTHERS = [
    "Keep pull requests under 400 changed lines; split larger changes.",
    "Never commit `.env` files; add new variables to `.env.example` instead.",
    "Write commit messages in the imperative mood with a ticket id prefix like `DATA-123:`.",
    "Log caught errors with `reportError()` instead of `console.error`.",
    "Import CSV files through `import_service`; never parse uploads in handlers.",
    "Buttons use sentence case and start with a verb.",
    "Validate uploaded files before storing them.",
    "Name columns in snake_case in every import.",
]
AREAS = ["billing", "growth", "ledger", "search", "mobile", "pricing", "catalog", "payroll", "shipping", "tax"]
FILLER = [lesson(f"L-d{n:03d}", f"The {area} team reviews every change under `services/{area}/{kind}`.",
                 paths=[f"services/{area}/**"], helpful=3)
          for n, (area, kind) in enumerate(((a, k) for a in AREAS for k in ("api", "jobs", "models", "tests")), 1)]
LESSONS = ([lesson(f"L-c{n:03d}", text, helpful=3) for n, text in enumerate(OTHERS, 1)] + [lesson("L-c100", WORDING)]
           + FILLER)


def _request(root: Path, prompt: str) -> str:
    session = str(uuid.uuid4())
    hook(root, session, "SessionStart", source="startup")
    return hook(root, session, "UserPromptSubmit", prompt=prompt, prompt_id="p1")


def test_a_quoted_failure_the_product_shows_brings_the_rule_on_wording_error_messages(git_repo: Path):
    write_store(git_repo, LESSONS)  # 49 lessons: the core tier takes 10 of the more helpful ones
    shown = _request(git_repo, 'users keep emailing support bc the import just says "Invalid file" when a column is '
                               "missing")
    assert WORDING in shown
    label = _request(git_repo, "make the import button say 'Upload file' instead of 'Submit'")
    assert WORDING not in label


def test_which_quotes_are_a_failure_shown():
    assert failure_shown("csv import just says 'Error: failed' and the customer has no idea what to fix")
    assert failure_shown('the import just says "Invalid file" when a column is missing')
    assert failure_shown("the only message they get is 'Invalid input'")
    assert failure_shown("checkout shows \u201cSomething went wrong\u201d on mobile")
    assert not failure_shown("make the button say 'Save changes'")  # a label, no failure
    assert not failure_shown("rename the tab to 'Invoices'")  # no verb of showing
    assert not failure_shown("pytest says 'ModuleNotFoundError: No module named foo'")  # an exception class's parts
    assert not failure_shown("it's wrong, don't ship it")  # apostrophes are no quotes
    assert not failure_shown("the invoice failed to send")  # nothing quoted
