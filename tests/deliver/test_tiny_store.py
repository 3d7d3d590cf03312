"""A tiny store: a lesson that arrives mid-session reaches the request in its own words (issue 19, deliver25).

In a store of one or two lessons every word is held by half the store or more, so under Okapi's idf no word was a
content term: a lesson a teammate approved and the person pulled mid-session was never relevant to a later
request, even "run make test before pushing a branch" for "Run `make test` before pushing a branch." (the hook
gave nothing; `learn deliver` said the lesson shared too few words). A store of fewer than 20 lessons now weighs
a word at most half its lessons hold as a store of 20 would; a word more than half of them hold, the words every
lesson has, still says nothing, and a request sharing no word with a lesson still gets nothing.
"""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from tests.deliver.helpers import hook, lesson, write_store
from tests.deliver.test_engine import bullet_ids, session
from tests.team.conftest import Team

MAKE_TEST = "Run `make test` before pushing a branch."
FIRST = "Use snake_case for column names in every model."
# Lessons of a young store, none about tests or branches; each says "service" (the word every lesson has).
OTHERS = [lesson(f"L-02{n:02x}", text) for n, text in enumerate([
    "Use snake_case for column names in every service model.",
    "Format prices in a service with `formatMoney()` so the currency follows the user's locale.",
    "Database sessions of a service come from `get_session()`; never create engines in request handlers.",
    "Feature flags of a service are read through `flags.isEnabled()`, never from environment variables.",
    "Write a service's migrations with `alembic revision --autogenerate` and review the generated SQL.",
    "Seed files of a service are reference data only; never put customer data in them.",
    "Prefer `httpx.AsyncClient` over `requests` in an async service.",
    "A service logs with `structlog`; do not call `print` in it.",
    "Keep `amount_cents` as an integer in the ledger service; never store floats for money.",
    "Cast timestamps to UTC with `to_utc()` in a service before comparing them across sources.",
    "Pydantic schemas are a service's API contract; change them only with a version bump.",
    "Every service exposes `/healthz` returning 200 when its dependencies answer.",
    "A service reads its settings from `Settings()` in `config.py`, never from `os.environ` directly.",
    "Retry a service's outgoing HTTP calls at most 3 times with jittered backoff.",
])]
PULLED = lesson("L-0100", MAKE_TEST)


def test_a_lesson_a_teammate_approved_reaches_the_request_in_its_words_after_a_pull_mid_session(tmp_path: Path):
    team = Team(tmp_path)
    ana = team.clone("ana")
    ana.learn("enable")
    ana.add(FIRST)
    ana.commit("learn: first lesson")
    ana.git("push", "-q", "origin", "main")
    ben = team.clone("ben")
    session_id = str(uuid.uuid4())
    assert "snake_case" in hook(ben.root, session_id, "SessionStart", source="startup")  # a store of 1: given whole
    assert hook(ben.root, session_id, "UserPromptSubmit", prompt="add a health endpoint to the api") == ""
    ana.add(MAKE_TEST)
    ana.commit("learn: make test before a push")
    ana.git("push", "-q", "origin", "main")
    ben.git("pull", "-q", "--rebase", "origin", "main")  # mid-session: the store now holds 2 lessons
    unrelated = hook(ben.root, session_id, "UserPromptSubmit", prompt="fix the typo in the readme")
    assert "make test" not in unrelated
    context = hook(ben.root, session_id, "UserPromptSubmit", prompt="run make test before pushing a branch")
    assert "Run `make test` before pushing a branch." in context and "snake_case" not in context


@pytest.mark.parametrize("size", [1, 2, 5, 15])
def test_in_a_store_of_few_lessons_a_request_in_a_lessons_words_gets_it_and_no_other(git_repo: Path, size: int):
    """The session began before anything was approved (a fresh project); a pull mid-session brings ``size`` lessons,
    every one new to the session. All but the pulled rule on `make test` say "service"."""
    write_store(git_repo, [])
    engine = session(git_repo)
    try:
        assert engine.session_start("startup").text == ""
        engine.request("add a health endpoint to the api")
    finally:
        engine.close()
    store = OTHERS[:size - 1] + [PULLED]
    write_store(git_repo, store)
    engine = session(git_repo)
    try:
        assert engine.request("fix the typo in the readme").text == ""  # no word shared with any lesson
        if size > 2:  # a word more than half the lessons hold (all but one) says nothing about which
            assert engine.request("restart the service please").text == ""
        assert bullet_ids(engine.request("run make test before pushing a branch").text, store) == ["L-0100"]
        if size > 1:
            snake = engine.request("use snake_case for the column names")
            assert bullet_ids(snake.text, store) == ["L-0200"]
    finally:
        engine.close()


def test_in_a_store_of_19_one_word_a_lesson_is_about_brings_it(git_repo: Path):
    """review25 R25-5: requiring two shared words in a store under 20 lessons (to keep "restart the service" from a rule
    that says "service" in passing) lost a team's first-days lessons to the one word they are about ("write a
    migration", "the terraform plan fails"): it was reverted; this keeps it."""
    ours = [lesson(f"L-03{n:02x}", text, helpful=9) for n, text in enumerate([
        "Use snake_case for column names in every model.", "Review generated SQL before merging a model change.",
        "Keep pull requests under 400 changed lines.", "Write commit messages in the imperative mood.",
        "Every page shows a skeleton while its data loads.", "Format prices with `formatMoney()`.",
        "Wrap user-visible strings in `t()`.", "Log with `structlog` and key-value pairs.",
        "Never log request bodies; they hold customer emails.", "Use `uuid7()` for new primary keys.",
        "Compare secrets with `hmac.compare_digest()`.", "Retry provider calls at most three times.",
        "Read settings through `Settings()`, never the environment.", "Paginate list endpoints with cursors.",
        "Name branches `<type>/<ticket>-<slug>`."])]
    later = [lesson("L-0400", "Generate Alembic migrations with autogenerate, then review them."),
             lesson("L-0401", "Keep Terraform state in the shared S3 backend; never apply from a laptop."),
             lesson("L-0402", "Pin Docker base images by digest."),
             lesson("L-0403", "Install JavaScript packages with pnpm only.")]
    write_store(git_repo, ours + later)
    for prompt, wanted in (("write a migration for the orders table", "Alembic"),
                           ("the terraform plan fails", "Terraform state")):
        session_id = str(uuid.uuid4())
        start = hook(git_repo, session_id, "SessionStart", source="startup")
        assert wanted not in start  # the core tier is the 15 most helpful
        assert wanted in hook(git_repo, session_id, "UserPromptSubmit", prompt=prompt)
