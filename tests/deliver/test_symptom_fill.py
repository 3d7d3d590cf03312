"""A first request few lessons are relevant to fills its empty slots with its best matches under the floor (deliver31).

People describe a symptom ("the api keeps running out of memory at night"), and the lesson that answers it shares one
word with it ("memory"), too common in the store to pass the relevance floor alone. Such a request has few relevant
lessons, so the request's tier has empty slots: up to three of them take the best lessons under the floor that share a
whole word with it, after every relevant lesson. A request that shares no word with any lesson still gets none, and a
request that many lessons are relevant to gets those, not its matches under the floor.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from tests.deliver.helpers import hook, lesson, write_store

TARGET = "Every container sets CPU and memory requests and a memory limit."
# "memory" in three lessons of a store of 50: too common for one shared word to pass the floor
MEMORY = ["Cache rendered reports in memory for at most a minute.",
          "Profile memory use before raising the worker count."]
CORE = ["Keep pull requests under 400 changed lines.", "Never commit `.env` files.",
        "Write commit messages in the imperative mood.", "Tag releases with semantic versions.",
        "Run the linter before pushing.", "Document every public function with a docstring.",
        "Prefer composition over inheritance.", "Name branches after their ticket number.",
        "Delete feature flags within a month of launch.", "Check licences of new dependencies before adding them.",
        "Pair on risky migrations.", "Keep the changelog under the Unreleased heading."]
# six lessons a checkout request is relevant to (two shared words each or more)
CHECKOUT = ["The checkout page shows the cart total with tax.", "Checkout buttons disable while the cart total loads.",
            "Log checkout cart totals in cents.", "The checkout page validates the cart before payment.",
            "Checkout cart totals are recomputed on the server.", "Empty carts never reach the checkout page."]
OTHER = ["Use the design system buttons.", "Defer heavy charts until they are visible.",
         "Keep components under 200 lines.", "Use CSS variables for colours.", "Wrap pages in an error boundary.",
         "Debounce search inputs by 300 ms.", "Use stable keys in lists.", "Every icon button needs an accessible label.",
         "Format dates with the shared helper.", "Keep server state in the query cache.",
         "Terraform modules pin provider versions.", "Buckets block public access.", "Alembic migrations are reviewed.",
         "Celery tasks are idempotent.", "Retry webhooks with exponential backoff.", "Store money as integer cents.",
         "Staging models select from sources only.", "Marts state their grain in the yml description.",
         "Playwright tests use data-testid attributes.", "Feature flags are read through one helper.",
         "Secrets live in the vault, never in the repository.", "Every endpoint declares its response model.",
         "Use structlog with key-value pairs.", "Sort imports with ruff."]


def _store() -> list[dict]:
    lessons = [lesson(f"L-c{n:03x}", text, helpful=9) for n, text in enumerate(CORE)]
    lessons += [lesson("L-a001", TARGET)] + [lesson(f"L-b{n:03x}", text) for n, text in enumerate(MEMORY)]
    lessons += [lesson(f"L-d{n:03x}", text) for n, text in enumerate(CHECKOUT)]
    lessons += [lesson(f"L-e{n:03x}", text) for n, text in enumerate(OTHER)]
    return lessons


def _request_lines(root: Path, prompt: str) -> list[str]:
    session = str(uuid.uuid4())
    start = hook(root, session, "SessionStart", source="startup")
    assert not any(text in start for text in [TARGET, *MEMORY, *CHECKOUT])  # the core tier is the helpful ten
    return [line[2:] for line in hook(root, session, "UserPromptSubmit", prompt=prompt).splitlines()
            if line.startswith("- ")]


def test_a_symptom_request_gets_the_lesson_its_one_word_points_at(git_repo: Path):
    write_store(git_repo, _store())
    lines = _request_lines(git_repo, "the api keeps running out of memory at night")
    assert TARGET in lines, lines
    assert len(lines) <= 3  # nothing is relevant: three of the empty slots at most


def test_a_request_sharing_no_word_gets_nothing(git_repo: Path):
    write_store(git_repo, _store())
    assert _request_lines(git_repo, "rename the onboarding checklist title") == []


def test_a_request_many_lessons_are_relevant_to_gets_those_only(git_repo: Path):
    write_store(git_repo, _store())
    lines = _request_lines(git_repo, "the checkout cart total is wrong and the page runs out of memory")
    assert set(lines) == set(CHECKOUT), lines  # six relevant: no slot goes to a match under the floor
