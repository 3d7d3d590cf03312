"""Tier selection: core order, BM25 retrieval with path groups, glob matching, file specificity."""

from __future__ import annotations

from altimate_learn.deliver.index import Corpus, _pack
from altimate_learn.deliver.select import (compile_glob, glob_matches, literal_segments, path_specificity,
                                           query_terms, retrieve, select_core, select_file)
from altimate_learn.deliver.tokenize import tokenize
from tests.deliver.helpers import SAMPLE


def corpus(*items: tuple, filler: bool = False) -> Corpus:
    """(id, text, {paths, tags, net, pinned}) → a corpus of one store (``filler``: plus a realistic store)."""
    lessons = []
    if filler:
        items = items + tuple((f"L-f{i:03x}", text, {"tags": tags, "paths": paths})
                              for i, (text, tags, paths) in enumerate(SAMPLE))
    for item in items:
        lesson_id, text = item[0], item[1]
        extra = item[2] if len(item) > 2 else {}
        lessons.append(("s", {"id": lesson_id, "text": text, "tags": extra.get("tags", []),
                              "triggers": extra.get("paths", []), "net": extra.get("net", 0),
                              "pinned": extra.get("pinned", False)}))
    return Corpus(_pack(lessons, []))


def ids(c: Corpus, picks: list[int]) -> list[str]:
    return [c.ids[i] for i in picks]


def test_core_is_pinned_then_helpful_minus_harmful_then_id():
    c = corpus(("L-0004", "Fourth", {"net": 4}), ("L-0003", "Third", {"net": 4}),
               ("L-0002", "Second", {"net": -10, "pinned": True}), ("L-0001", "First", {"net": 10}))
    assert ids(c, select_core(c, 3)) == ["L-0002", "L-0001", "L-0003"]
    assert ids(c, select_core(c, 3, {"s/L-0001"})) == ["L-0002", "L-0003", "L-0004"]
    assert select_core(c, 0) == []


def test_retrieval_uses_text_tags_and_trigger_paths():
    c = corpus(("L-0001", "Preserve `net_amount_cents` when calculating invoice totals."),
               ("L-0002", "Preserve invoice totals and add tests to invoice functions."),
               ("L-0003", "Run reconciliation before publishing.", {"tags": ["ledgerSettlement"]}),
               ("L-0004", "Keep the parser backwards compatible.", {"paths": ["src/protocol/*.ts"]}))
    assert ids(c, retrieve(c, query_terms(c, "invoice net_amount_cents"), 1)) == ["L-0001"]
    assert ids(c, retrieve(c, query_terms(c, "ledger settlement"), 1)) == ["L-0003"]
    assert ids(c, retrieve(c, query_terms(c, "protocol"), 1)) == ["L-0004"]
    assert ids(c, retrieve(c, query_terms(c, "_cents"), 1)) == ["L-0001"]
    assert retrieve(c, query_terms(c, "unmatched words"), 3) == []
    assert retrieve(c, query_terms(c, "invoice"), 0) == []


def test_query_terms_keep_only_words_some_lesson_has():
    c = corpus(("L-0001", "Use decimal money."))
    assert query_terms(c, "use decimal for ghp_secretTOKEN123") == ["decimal", "use"]


def test_request_paths_rank_matching_scope_then_unscoped_then_scoped_elsewhere():
    c = corpus(("L-0001", "decimal decimal decimal", {"paths": ["models/marts/**"]}),
               ("L-0002", "Use decimal values.", {"paths": ["models/staging/**"]}),
               ("L-0003", "Use decimal values for invoice totals and verify reconciliation."), filler=True)
    terms = ["decimal"]
    assert ids(c, retrieve(c, terms, 1)) == ["L-0001"]
    assert ids(c, retrieve(c, terms, 1, paths=["models/staging/x.sql"])) == ["L-0002"]
    assert ids(c, retrieve(c, terms, 3, paths=["models/staging/x.sql"])) == ["L-0002", "L-0003", "L-0001"]
    assert ids(c, retrieve(c, terms, 1, paths=["./models\\marts\\x.sql"])) == ["L-0001"]


def test_globs():
    assert glob_matches("src/**/*.ts", "src/main.ts") and glob_matches("src/**/*.ts", "src/a/b/helper.ts")
    assert glob_matches("src/**/*.ts", "src\\nested\\helper.ts")
    assert glob_matches("config.{json,yaml}", "./config.yaml") and not glob_matches("config.{json,yaml}", "config.yml")
    assert glob_matches("models/**", "models/x.sql") and glob_matches("models/**", "models/a/b.sql")
    assert not glob_matches("models/*.sql", "models/a/b.sql")
    assert glob_matches("**/*.yml", "a.yml") and glob_matches("**/*.yml", "x/y/a.yml")
    assert glob_matches("models/stg_[a-c]*.sql", "models/stg_b1.sql")
    assert not glob_matches("models/stg_[!a-c]*.sql", "models/stg_b1.sql")
    assert compile_glob("!models/**") is None and not glob_matches("!models/**", "models/x.sql")
    assert glob_matches("{a/b,models}/**", "models/x.sql")


def test_specificity_counts_literal_leading_segments_of_matching_globs():
    assert literal_segments("models/staging/*.sql") == 2
    assert literal_segments("models/**") == 1
    assert literal_segments("**/*.sql") == 0
    assert literal_segments("{a/b/c,models}/**") == 0
    assert literal_segments("models/**/staging/**") == 1
    assert path_specificity(["models/**", "./models/staging/**", "models/staging/other.sql"],
                            "./models\\staging\\x.sql") == 2
    assert path_specificity(["**/*.yml"], "models/staging/x.sql") == -1
    assert path_specificity(["!models/staging/**"], "models/staging/x.sql") == -1


def test_file_tier_ranks_narrow_scopes_above_broad_ones_then_bm25_then_score_then_id():
    c = corpus(("L-0001", "Check `staging` configuration.", {"paths": ["**/*.yml"]}),
               ("L-0002", "Check all models.", {"paths": ["models/**"]}),
               ("L-0003", "Check timestamps.", {"paths": ["models/staging/*.sql"]}),
               ("L-0004", "Check SQL files.", {"paths": ["**/*.sql"]}),
               ("L-0005", "Unrelated rule.", {"paths": ["web/**"]}))
    terms = query_terms(c, "configuration")
    assert ids(c, select_file(c, "models/staging/x.sql", terms, 5)) == ["L-0003", "L-0002", "L-0001", "L-0004"]
    assert ids(c, select_file(c, "models/staging/x.sql", terms, 5, {"s/L-0003"})) == ["L-0002", "L-0001", "L-0004"]
    assert select_file(c, "models/staging/x.sql", terms, 0) == []


def test_file_limit_applies_after_ranking_so_broad_lessons_cannot_crowd_out_a_narrow_one():
    items = [(f"L-{i:04x}", f"Check invoice totals rule {i}.", {"paths": ["models/**"], "net": 100})
             for i in range(999)]
    items.append(("L-ffff", "Preserve timestamp timezones.", {"paths": ["models/staging/**"]}))
    c = corpus(*items)
    picked = ids(c, select_file(c, "models/staging/x.sql", query_terms(c, "invoice totals"), 5))
    assert picked[0] == "L-ffff" and len(picked) == 5


def test_file_ties_use_request_bm25_then_helpfulness_then_id_and_keep_identifier_matches():
    trigger = {"paths": ["models/**"]}
    c = corpus(("L-0004", "Preserve timestamps.", {**trigger, "net": 4}),
               ("L-0003", "Preserve timestamps.", {**trigger, "net": 4}),
               ("L-0002", "Preserve timestamps.", {**trigger, "net": 2}),
               ("L-0001", "Preserve cents.", trigger),
               ("L-0005", "Check `staging`.", {"net": 100}),
               ("L-0006", "Preserve cents."))
    assert ids(c, select_file(c, "models/staging/x.sql", query_terms(c, "cents"), 6)) == [
        "L-0001", "L-0003", "L-0004", "L-0002", "L-0005"]


def test_identifier_anchors_match_path_parts_and_affixes_not_substrings():
    c = corpus(("L-0001", "Check `payments` before use."), ("L-0002", "Convert `_cents` to dollars."),
               ("L-0003", "Keep `stg_` models simple."), ("L-0004", "Check payments before use."))
    assert ids(c, select_file(c, "src/payments.ts", [], 5)) == ["L-0001"]
    assert ids(c, select_file(c, "src/payments_extra.ts", [], 5)) == ["L-0001"]
    assert select_file(c, "src/repayments.ts", [], 5) == []
    assert ids(c, select_file(c, "models/net_amount_cents.sql", [], 5)) == ["L-0002"]
    assert ids(c, select_file(c, "models/stg_orders.sql", [], 5)) == ["L-0003"]


def test_tokenizer_sees_path_parts():
    assert {"models", "staging", "stg_orders", "orders", "sql"} <= set(tokenize("models/staging/stg_orders.sql"))
