"""Loose matches (issue 19 precision): one everyday word a rule happens to use does not bring it to a request,
and a request that only fixes a typo brings no lessons by its words.

"write a haiku about autumn leaves" got "Never leave a `limit` clause in a committed model.", "mirror the selfie
preview" got "Base images come from our ECR mirror", "rotate the axis labels" got "refresh tokens rotate on every
use": one word in common, rare in the store, and a homonym. A word the rule gives as a name (its path triggers,
its backticked code) or says first (its lead phrase: "Snapshots use …", "Generate Alembic migrations …") is still
enough on its own (tests/deliver/test_select.py, test_tiny_store.py, test_rare_word_points.py keep that).
"""

from __future__ import annotations

from pathlib import Path

from altimate_learn.deliver.select import _lead_phrase, query_terms, retrieve, typo_fix
from tests.deliver.helpers import lesson, sample_lessons, write_store
from tests.deliver.test_engine import bullet_ids, session
from tests.deliver.test_select import corpus, ids

HOMONYMS = (("L-h001", "Never leave a `limit` clause in a committed model.", {"paths": ["models/**"]}),
            ("L-h002", "Base images come from our ECR mirror, pinned by digest.", {"paths": ["**/Dockerfile"]}),
            ("L-h003", "Access tokens live 15 minutes; refresh tokens rotate on every use.", {}),
            ("L-h004", "Keep application logs 30 days in the hot tier and 1 year in cold storage.", {}))


def found(c, request: str) -> list[str]:
    return ids(c, retrieve(c, query_terms(c, request), 15))


def test_one_everyday_word_of_a_rule_s_prose_does_not_bring_it():
    c = corpus(*HOMONYMS, filler=True)
    assert "L-h001" not in found(c, "write a haiku about autumn leaves for the 404 page")
    assert "L-h002" not in found(c, "mirror the selfie preview horizontally")
    assert "L-h003" not in found(c, "the chart's axis labels overlap on phones, rotate them 45 degrees")
    assert "L-h004" not in found(c, "the page numbers should read 'Page 1 of 3'")  # a bare number
    # the same rules, asked about in their own words: two shared terms, or a name the rule gives
    assert "L-h001" in found(c, "remove the limit clause from the orders model")
    assert "L-h002" in found(c, "which ECR mirror do our base images come from?")
    assert "L-h003" in found(c, "how long do access tokens live?")


def test_a_word_the_rule_names_in_code_or_a_path_or_says_first_is_enough_alone():
    c = corpus(("L-t001", "Never use `!important` in Tailwind classes; fix the specificity instead.", {}),
               ("L-t002", "Playwright tests use `data-testid` attributes.", {"paths": ["web/e2e/**"]}),
               ("L-t003", "Write management commands with `typer` under `app/cli`.", {}),
               ("L-t004", "Snapshots use the timestamp strategy on `updated_at`.", {}), filler=True)
    assert "L-t001" in found(c, "the button colour won't override, just slap !important on it")
    assert "L-t002" in found(c, "write an e2e for the invite flow")
    assert "L-t003" in found(c, "need a one-off command to backfill user avatars")
    assert "L-t004" in found(c, "fix the snapshots")


def test_the_lead_phrase_is_the_first_clause_without_the_verb_after_never():
    assert _lead_phrase("Never leave a `limit` clause in a committed model.") == "a limit clause in a committed model"
    assert _lead_phrase("Generate Alembic migrations with autogenerate, then edit.") == "Generate Alembic migrations"
    assert _lead_phrase("Base images come from our ECR mirror, pinned by digest.") == "Base images come"
    assert _lead_phrase("Test database restores monthly; a backup never restored does not count.") == \
        "Test database restores"
    assert _lead_phrase("Do not fetch data in `useEffect`; use a query hook instead.") == "data in useEffect"


def test_a_request_that_only_fixes_a_typo_is_told_apart_from_one_that_mentions_typos():
    for request in ("fix the typo in the license header", "Fix the typo 'adress' in the docstring of normalize_address",
                    "the 'Our story' section on the about page says 'recieve', fix the typo",
                    "fix the spelling of 'Recieved' in the order confirmation email",
                    "typo in the settings page title, says 'Setings'", "also fix the typo 'recieve' in the comment"):
        assert typo_fix(request), request
    for request in ("refund requests come with a typo, 'ammount' instead of 'amount', plus a 500",
                    "a PATCH with a typo'd field name returned 200 and silently did nothing",
                    "There's a typo in stg_app__accounts: the column is `acount_name`. Rename it to account_name?",
                    "fix the typo and add a test for the parser", "use American spelling in the new module",
                    "add the staging model for zendesk tickets"):
        assert not typo_fix(request), request


def test_a_typo_fix_gets_no_request_lessons_and_the_next_request_gets_its_own(git_repo: Path):
    staging = [lesson(f"L-05{n:02x}", f"Staging models {rule}.")
               for n, rule in enumerate(["cast ids to varchar", "trim and lowercase emails", "rename id columns",
                                         "filter out soft-deleted rows"])]
    write_store(git_repo, sample_lessons() + staging)
    engine = session(git_repo)
    try:
        engine.session_start("startup")
        typo = engine.request("fix the typo in the comment on the soft-deleted rows filter, it says 'recieved'")
        assert bullet_ids(typo.text, sample_lessons() + staging) == []
        later = engine.request("now add a staging model for zendesk users that filters out soft-deleted rows")
        assert "L-0503" in bullet_ids(later.text, staging)
    finally:
        engine.close()
    engine = session(git_repo, "s-2")
    try:  # the same words without the typo fix bring the staging rules
        engine.session_start("startup")
        plain = engine.request("change the comment on the soft-deleted rows filter, it says 'recieved'")
        assert "L-0503" in bullet_ids(plain.text, staging)
    finally:
        engine.close()
