"""The request-side joins of issue 19 meet only the same idea (review s4: F2, F2b, F3, F6b, F10): a -sion noun
still meets the forms Porter's stem joined it to, and a look-alike request (a participle of another idea, a
verb and its particle, an `int_` name outside dbt, shorthand that is an everyday word) retrieves no lesson
by it."""

from __future__ import annotations

from altimate_learn.deliver import concepts
from altimate_learn.deliver.morphology import fold
from altimate_learn.deliver.select import query_terms, retrieve
from altimate_learn.deliver.tokenize import STOPWORDS
from tests.deliver.test_select import corpus, ids
from tests.deliver.test_vocabulary import DBT, OTHER


def found(c, request: str) -> list[str]:
    return ids(c, retrieve(c, query_terms(c, request), 15))


def test_a_sion_noun_still_meets_what_porter_joined_it_to():
    """"recurse" for a lesson on recursion, "precise" for one on precision, "revise" for schema revisions: the
    -sion rule adds the verb as an alternate, it does not take the noun's own term away."""
    c = corpus(("L-r001", "Avoid deep recursion in the tree walker; use an explicit stack.", {}),
               ("L-r002", "Keep money in Decimal so no precision is lost.", {}),
               ("L-r003", "Number every schema revision and never edit a released one.", {}),
               ("L-r004", "Pin the base image in the Dockerfile.", {}), *OTHER, filler=True)
    assert "L-r001" in found(c, "make the directory scan recurse into subfolders")
    assert "L-r002" in found(c, "the totals are not precise")
    assert "L-r003" in found(c, "revise the schema of the orders table")
    # and the verb alternate still joins a noun to its verb, both ways
    d = corpus(("L-v001", "Divide with `safe_divide()` so a zero denominator returns null.", {}),
               ("L-v002", "Keep every currency conversion lossless with Decimal.", {}), *OTHER, filler=True)
    assert "L-v001" in found(d, "the margin is off on division by zero")
    assert "L-v002" in found(d, "convert the currency amounts before the export")


def test_a_verb_does_not_meet_a_noun_of_another_idea_that_shares_the_sion_nouns_stem():
    """`conversation` and `conversion` have one stem; "convert" is about the second only."""
    c = corpus(("L-c001", "Keep the chat conversation history per user.", {}),
               ("L-c002", "A currency conversion must round once, at the end.", {}), *OTHER, filler=True)
    assert fold("conversation")[0] not in query_terms(c, "convert the uploaded files to webp")
    assert "L-c001" not in found(c, "convert the uploaded files to webp")
    c = corpus(("L-c003", "Convert timestamps to UTC before storing them.", {}), *OTHER, filler=True)
    assert "L-c003" not in found(c, "the conversation history is lost")


def test_a_participle_or_noun_of_another_idea_retrieves_no_lesson_by_it():
    c = corpus(("L-i001", "Use frozen dataclasses for value objects.", {}),
               ("L-i002", "Never ship a breaking change to the public API without a major version bump.", {}),
               ("L-i003", "Extend `BaseSchema` for every request schema; never subclass `dict`.", {}),
               ("L-i004", "Log with `structlog` and key-value pairs.", {}), filler=True)
    for request in ("the page freezes when I scroll the table", "the UI freezes after login"):
        assert "L-i001" not in found(c, request), request
    for request in ("the docs link in the footer is broken", "the build is broken on main"):
        assert "L-i002" not in found(c, request), request
    for request in ("the upload rejects files with an uppercase extension",
                    "our chrome extension cannot read the page"):
        assert "L-i003" not in found(c, request), request


def test_a_verb_and_its_particle_are_no_compound_of_a_lesson():
    c = corpus(("L-y001", "Show the revenue breakdown by region on the dashboard.", {}),
               ("L-y002", "Handle the offline case in the mobile app with a queue.", {}),
               ("L-y003", "Never break the public API; keep line length under 100 and time zones in UTC.", {}),
               *OTHER, filler=True)
    assert "L-y001" not in found(c, "break down this handler into smaller functions")
    assert "L-y002" not in found(c, "turn off line wrapping in the formatter")
    pairs = concepts.compound_joins(["Show the revenue breakdown.", "Handle the offline case.", "Back off."],
                                    fold, STOPWORDS)
    assert not pairs.get(f"{fold('break')[0]} {fold('down')[0]}") and not pairs.get(f"off {fold('line')[0]}")
    # a split of two content words still joins ("web hook" for "webhooks")
    assert fold("webhook")[0] in query_terms(corpus(("L-w001", "Verify webhook signatures.", {}), *OTHER,
                                                    filler=True), "check the signature of the web hook")


def test_dbt_layer_prefixes_name_a_model_only_where_dbt_lessons_use_them():
    django = corpus(("L-k001", "Every Django model defines __str__ and a default ordering.", {}),
                    ("L-k002", "Model fields that store money are DecimalField, never FloatField.", {}),
                    ("L-k003", "Transformer model configs keep dim_feedforward at four times d_model.", {}), *OTHER)
    for request in ("the int_value field overflows on save", "the dim_size argument is ignored",
                    "make fct_events incremental"):
        assert "model" not in query_terms(django, request), request
    # a store with dbt lessons: fct_ names a model; int_ only once a dbt lesson names an int_ model itself
    mixed = corpus(*[lesson for lesson in DBT if lesson[0] != "L-d004"],
                   ("L-m001", "Refunds are negative amounts in `fct_payments`.", {"paths": ["models/**"]}),
                   ("L-k002", "Model fields that store money are DecimalField, never FloatField.", {}), *OTHER)
    assert "model" in query_terms(mixed, "make fct_events incremental")
    assert "model" not in query_terms(mixed, "the int_value field overflows on save")
    dbt = corpus(*DBT, ("L-m002", "Join `int_order_lines` on the order key only.", {"paths": ["models/**"]}), *OTHER)
    assert "model" in query_terms(dbt, "make int_sessions incremental")


def test_shorthand_that_is_an_everyday_word_is_not_the_longer_word():
    c = corpus(("L-s001", "Check permissions with `require_scope()` on every route.", {}),
               ("L-s002", "Customer ids are UUIDs, never integers.", {}),
               ("L-s003", "Keep the frontend bundle under 200 kB.", {}), *OTHER, filler=True)
    assert "L-s001" not in found(c, "add a perm redirect for every old url")
    assert "L-s002" not in found(c, "the cust hooks run twice")
    assert "L-s001" in found(c, "route perms are not checked")
