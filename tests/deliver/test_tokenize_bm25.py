"""Tokens, anchors, and BM25 against rank-bm25."""

from __future__ import annotations

import pytest

from altimate_learn.deliver.bm25 import BM25
from altimate_learn.deliver.tokenize import anchor_matches, anchors, search_tokens, stem, tokenize
from tests.deliver.helpers import SAMPLE


def test_identifiers_split_into_parts_and_underscore_affixes():
    tokens = tokenize("raw.orders_total HTTPClient paidCents _cents stg_ amount_cents")
    for token in ("raw", "orders_total", "orders", "total", "httpclient", "http", "client", "paidcents", "paid",
                  "cents", "_cents", "stg_", "amount_cents", "amount", "_total", "orders_"):
        assert token in tokens
    assert tokenize("... __") == []


def test_anchors_are_backtick_identifiers_without_sql_keywords_or_call_arguments():
    assert anchors("Use `ref()` for model dependencies; never select from raw tables.") == set()
    assert anchors("Convert `_cents` columns with `cents_to_dollars(amount)` in `stg_` models.") == {
        "_cents", "cents_to_dollars", "stg_"}
    assert anchors("Check payments before use.") == set()
    assert anchor_matches("_cents", "net_amount_cents") and anchor_matches("stg_", "stg_orders")
    assert not anchor_matches("payments", "repayments")


def _corpus() -> tuple[list[list[str]], list[list[str]]]:
    docs = [tokenize(" ".join([text, *tags, *paths])) for text, tags, paths in SAMPLE]
    queries = ["add a staging model for chargebacks from the raw tables", "amount_cents in the ledger service",
               "format prices in the web app", "timestamps in marts", "migrations for the db session",
               "react component for refunds", "structlog logger", "models/staging/stg_payments.sql"]
    return docs, [sorted(set(tokenize(q))) for q in queries]


def test_scores_and_rankings_equal_rank_bm25_okapi():
    rank_bm25 = pytest.importorskip("rank_bm25")
    docs, queries = _corpus()
    ours = BM25.build(docs)
    theirs = rank_bm25.BM25Okapi(docs, k1=1.2, b=0.75)
    for terms in queries:
        expected = list(theirs.get_scores(terms))
        got = ours.scores(terms)
        mine = [got.get(i, 0.0) for i in range(len(docs))]
        assert mine == pytest.approx(expected, abs=1e-9)
        assert _ranking(mine) == _ranking(expected)
        assert _ranking(mine)  # every query matches something: the comparison is not vacuous


def test_delivery_corpus_ranks_a_generated_store_like_rank_bm25():
    """The index delivery builds (text, tags and triggers of each checked lesson) against BM25Okapi."""
    rank_bm25 = pytest.importorskip("rank_bm25")
    import random

    from altimate_learn.deliver.corpus import Corpus, pack_lessons

    rng = random.Random(5)
    words = sorted({w for text, tags, paths in SAMPLE for w in tokenize(text)})
    lessons = []
    for i in range(400):
        text, tags, paths = SAMPLE[i % len(SAMPLE)]
        extra = " ".join(rng.choice(words) for _ in range(rng.randrange(0, 6)))
        lessons.append(("s", {"id": f"L-{i:04x}", "text": f"{text} {extra}".strip(), "tags": tags,
                              "triggers": paths, "net": 0, "pinned": False}))
    corpus = Corpus(pack_lessons(lessons, []))
    docs = [search_tokens(" ".join([item["text"], *item["tags"], *item["triggers"]])) for _, item in lessons]
    theirs = rank_bm25.BM25Okapi(docs, k1=1.2, b=0.75)
    for query in ("staging cents dollars", "react component file", "timestamps utc marts", "ledger floats money"):
        terms = sorted(set(search_tokens(query)))
        expected = list(theirs.get_scores(terms))
        got = corpus.bm25.scores(terms)
        assert _ranking([got.get(i, 0.0) for i in range(len(docs))]) == _ranking(expected)


def _ranking(scores: list[float]) -> list[int]:
    return [i for i, s in sorted(enumerate(scores), key=lambda p: (-round(p[1], 9), p[0])) if s > 0]


def test_bm25_prefers_focused_lessons_and_rare_identifiers():
    docs = [tokenize("Preserve `net_amount_cents` when calculating invoice totals."),
            tokenize("Preserve invoice totals and add tests to invoice functions."),
            tokenize("Use decimal money."), tokenize("Use decimal money. " + "Unrelated prose. " * 30)]
    docs += [tokenize(text) for text, _, _ in SAMPLE]  # a realistic store around them
    index = BM25.build(docs)
    scores = index.scores(["invoice", "net_amount_cents"])
    assert max(scores, key=scores.get) == 0
    decimal = index.scores(["decimal"])
    assert decimal[2] > decimal[3]
    assert index.score_docs(["decimal"], [2, 0]) == {2: decimal[2], 0: 0.0}


def test_in_a_tiny_store_a_word_every_lesson_has_scores_nothing_and_a_word_one_holds_weighs_as_in_a_store_of_20():
    """Okapi's idf says nothing in a store of two lessons (every word is in half of it or more): there a word one
    lesson holds weighs what it would in a store of 20 where no other lesson holds it, and a word both hold scores
    nothing (rank-bm25 gives it 0.25 × the mean idf)."""
    tiny = BM25.build([tokenize("Use decimal money."), tokenize("Use decimal values.")])
    assert all(score == 0.0 for score in tiny.scores(["decimal"]).values())
    assert tiny.idf("decimal") < 0 and tiny.idf("money") == pytest.approx(tiny.unique_idf())
    assert tiny.unique_idf() == pytest.approx(BM25.build([[f"w{i}"] for i in range(20)]).unique_idf())
    assert set(tiny.scores(["money"])) == {0} and tiny.scores(["money"])[0] > 1.0
    _, mass, shared = tiny.evidence(["decimal", "money"])
    assert shared == {0: 1} and mass[0] == pytest.approx(tiny.unique_idf())


def test_dump_and_load_round_trip():
    docs, queries = _corpus()
    index = BM25.build(docs)
    again = BM25.load(index.dump())
    assert again.scores(queries[0]) == index.scores(queries[0])


def test_search_tokens_drop_stopwords_and_request_filler_but_keep_identifiers():
    tokens = search_tokens("Can you please add the new `is_incremental()` filter to these Models?")
    assert {"is_incremental", "incremental", "is_", "_incremental", "filter", "model"} <= set(tokens)
    assert not {"can", "you", "please", "add", "the", "new", "to", "these", "is"} & set(tokens)
    assert search_tokens("the of and") == [] and search_tokens("") == []
    # what people say around a symptom is no topic: "users see NaN" is about NaN, not about seeing
    assert search_tokens("users see 'NaN' when someone says 1,5 and people think it looks wrong") == [
        "user", "nan", "na", "n", "1", "5", "wrong"]  # (`NaN` is camelCase: its parts too)


@pytest.mark.parametrize(("word", "expected"), [  # Porter's steps 1 and 5, with his published examples
    ("caresses", "caress"), ("ponies", "poni"), ("cats", "cat"), ("feed", "feed"), ("agreed", "agre"),
    ("plastered", "plaster"), ("bled", "bled"), ("motoring", "motor"), ("sing", "sing"), ("conflated", "conflat"),
    ("troubled", "troubl"), ("sized", "size"), ("hopping", "hop"), ("falling", "fall"), ("hissing", "hiss"),
    ("filing", "file"), ("happy", "happi"), ("sky", "sky"), ("probate", "probat"), ("rate", "rate"),
    ("cease", "ceas"), ("controll", "control"), ("roll", "roll"), ("stg_orders", "stg_orders"), ("k8s", "k8s")])
def test_porter_steps_one_and_five_fold_plurals_tenses_and_a_final_e(word: str, expected: str):
    assert stem(word) == expected


def test_singular_plural_and_tense_variants_of_a_request_find_the_same_lessons():
    for forms in (("timestamp", "timestamps"), ("policy", "policies"), ("model", "models"), ("format", "formatted"),
                  ("merge", "merged", "merging", "merges"), ("CronJob", "CronJobs"), ("update", "updated")):
        assert len({tuple(search_tokens(form)) for form in forms}) == 1, forms


def test_bm25_df_idf_and_evidence():
    docs = [search_tokens(t) for t in ("staging cents", "staging timestamps", "staging ids", "marts grain")]
    index = BM25.build(docs)
    staging = stem("staging")
    assert index.df(staging) == 3 and index.df("grain") == 1 and index.df("missing") == 0
    assert index.idf("grain") == pytest.approx(index.unique_idf())
    assert index.idf(staging) < 0  # in more than half of the documents
    scores, mass, shared = index.evidence([staging, "grain", "cent"])
    assert set(scores) == {0, 1, 2, 3}
    assert mass[3] == pytest.approx(index.unique_idf()) and mass[0] == pytest.approx(index.idf("cent"))
    assert 1 not in mass  # shares only a negative-idf word: no evidence at all
    assert shared == {0: 1, 3: 1}  # a word in more than half the documents is no content term
