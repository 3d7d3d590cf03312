"""Tier selection: core order, BM25 retrieval with path groups, glob matching, file specificity."""

from __future__ import annotations

from altimate_learn.deliver.corpus import Corpus, pack_lessons
from altimate_learn.deliver.concepts import WEIGHT
from altimate_learn.deliver.select import (compile_glob, concept_links, defer_scoped, glob_matches, literal_segments,
                                           path_specificity, query_terms, rank_file, relevant, retrieve, select_core,
                                           select_file, specificity)
from altimate_learn.deliver.tokenize import tokenize, word_set
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
                              "pinned": extra.get("pinned", False), "updated": extra.get("updated", "")}))
    return Corpus(pack_lessons(lessons, []))


def first_in_file(c: Corpus, path: str, request: str, n: int = 5) -> list[str]:
    """The first ``n`` lessons the file tier ranks for ``path`` after ``request`` (in-process)."""
    return [c.texts[i] for i in rank_file(c, path, query_terms(c, request), n)[:n]]


def ids(c: Corpus, picks: list[int]) -> list[str]:
    return [c.ids[i] for i in picks]


def test_core_is_pinned_then_helpful_minus_harmful_then_id():
    c = corpus(("L-0004", "Fourth", {"net": 4}), ("L-0003", "Third", {"net": 4}),
               ("L-0002", "Second", {"net": -10, "pinned": True}), ("L-0001", "First", {"net": 10}))
    assert ids(c, select_core(c, 3)) == ["L-0002", "L-0001", "L-0003"]
    assert ids(c, select_core(c, 3, {"s/L-0001"})) == ["L-0002", "L-0003", "L-0004"]
    assert select_core(c, 0) == []


def test_core_of_a_new_team_fills_the_tier_project_wide_and_most_recently_approved_first():
    """Nothing pinned, every counter at 0 (a team's first store): the tier still fills (issue 19)."""
    c = corpus(("L-0001", "Oldest rule.", {"updated": "2026-01-01T00:00:00.000Z"}),
               ("L-0002", "Newest rule.", {"updated": "2026-03-01T00:00:00.000Z"}),
               ("L-0003", "Scoped newest rule.", {"updated": "2026-04-01T00:00:00.000Z", "paths": ["models/**"]}),
               ("L-0004", "Middle rule.", {"updated": "2026-02-01T00:00:00.000Z"}),
               ("L-0005", "Middle twin.", {"updated": "2026-02-01T00:00:00.000Z"}),
               ("L-0006", "Earned scoped rule.", {"net": 1, "paths": ["web/**"]}))
    assert ids(c, select_core(c, 4)) == ["L-0006", "L-0002", "L-0004", "L-0005"]
    assert ids(c, select_core(c, 6)) == ["L-0006", "L-0002", "L-0004", "L-0005", "L-0001", "L-0003"]
    assert ids(c, select_core(c, 3, {"s/L-0002"})) == ["L-0006", "L-0004", "L-0005"]
    fresh = corpus(*[(f"L-{i:04x}", f"Fresh rule number n{i}.") for i in range(40)])
    assert len(select_core(fresh, 15)) == 15


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


def test_query_terms_keep_only_words_some_lesson_has_without_stopwords():
    c = corpus(("L-0001", "Use decimal money for the amounts."))
    terms = query_terms(c, "please use decimal for the amount ghp_secretTOKEN123")
    assert [t for t in terms if not t.startswith("~")] == ["amount", "decimal"]
    assert [t for t in terms if t.startswith("~")] == ["~decimal", "~money"]  # the ideas of those words only


def test_later_requests_rank_named_files_then_touched_files_then_the_rest_by_score():
    c = corpus(("L-0001", "Round decimal precision half-even in marts.", {"paths": ["models/marts/**"]}),
               ("L-0002", "Keep decimal precision unrounded.", {"paths": ["models/staging/**"]}),
               ("L-0003", "Store decimal precision as numeric, never as floats, in every layer."),
               ("L-0004", "Parse decimal precision from strings in the ledger.", {"paths": ["services/ledger/**"]}),
               filler=True)
    terms = query_terms(c, "decimal precision")
    plain = ids(c, retrieve(c, terms, 4))
    assert sorted(plain) == ["L-0001", "L-0002", "L-0003", "L-0004"]
    named = ids(c, retrieve(c, terms, 4, paths=["models/staging/x.sql"]))
    assert named[0] == "L-0002" and named[1:] == [i for i in plain if i != "L-0002"]
    touched = ids(c, retrieve(c, terms, 4, touched=["./services\\ledger\\a.py"]))
    assert touched[0] == "L-0004" and touched[1:] == [i for i in plain if i != "L-0004"]
    both = ids(c, retrieve(c, terms, 2, paths=["models/staging/x.sql"], touched=["services/ledger/a.py"]))
    assert both == ["L-0002", "L-0004"]
    # a lesson scoped elsewhere is not pushed below unscoped ones: on a topic switch it may be the right one
    assert ids(c, retrieve(c, terms, 4, touched=["web/src/a.tsx"])) == plain


def test_stopwords_match_nothing_and_plural_words_match_singular():
    c = corpus(("L-0001", "Give CronJobs a concurrency policy."), ("L-0002", "Add the new flags to the config."),
               filler=True)
    assert query_terms(c, "please can you add the new one for me") == []
    assert ids(c, retrieve(c, query_terms(c, "add a cronjob"), 5)) == ["L-0001"]
    assert ids(c, retrieve(c, query_terms(c, "which policies apply"), 5)) == ["L-0001"]


def test_relevance_floor_needs_the_evidence_of_one_word_no_other_lesson_has():
    c = corpus(("L-0001", "Snapshots use the timestamp strategy; " + "the check strategy scans every column " * 2),
               ("L-0002", "Staging models cast ids to varchar."),
               ("L-0003", "Staging models trim strings."),
               ("L-0004", "Staging models hash emails."),
               ("L-0005", "Staging models rename ids."),
               filler=True)
    # "snapshots" is in one lesson: enough on its own, even in a long lesson
    assert ids(c, retrieve(c, query_terms(c, "fix the snapshots"), 15)) == ["L-0001"]
    # "staging" is in several lessons (and the filler): weak evidence, and the slots stay empty
    assert retrieve(c, query_terms(c, "a staging thing"), 15) == []
    # two shared words together can pass where one alone does not
    assert ids(c, retrieve(c, query_terms(c, "staging models that hash emails"), 15))[0] == "L-0004"
    assert retrieve(c, query_terms(c, "fix the snapshots"), 15, evidence=5.0) == []


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


def test_specificity_ranks_narrow_folders_and_file_names_above_broad_globs():
    sql = "models/staging/x.sql"
    order = ["models/staging/*.sql", "models/staging/**", "models/**/*.sql", "models/**", "**/*.sql", "**"]
    levels = [specificity(p, sql) for p in order]
    assert levels == sorted(levels, reverse=True) and len(set(levels)) == len(levels)
    docker = "services/api/Dockerfile"
    order = ["services/api/Dockerfile", "**/Dockerfile", "services/api/**", "services/**", "**"]
    levels = [specificity(p, docker) for p in order]
    assert levels == sorted(levels, reverse=True) and len(set(levels)) == len(levels)
    assert specificity("infra/**/*.tf", "infra/prod/main.tf") > specificity("infra/**", "infra/prod/main.tf")
    assert specificity("models/staging/stg_*.sql", "models/staging/stg_a.sql") > specificity(sql.rsplit("/", 1)[0]
                                                                                            + "/*.sql", "models/staging/stg_a.sql")
    assert specificity("{web/src,models/staging}/*.sql", sql) == specificity("models/staging/*.sql", sql)
    assert specificity("models/*.sql", "models/a/b.sql") is None and specificity("!models/**", sql) is None
    assert path_specificity(["models/**", "./models/staging/**"], "./models\\staging\\x.sql") == 2
    assert path_specificity(["**/*.yml"], sql) == -1
    assert literal_segments("models/staging/*.sql") == 2 and literal_segments("**/*.sql") == 0


def test_file_tier_puts_a_file_name_rule_above_folder_rules_for_that_file():
    c = corpus(*[(f"L-{i:04x}", f"Service rule number n{i} for handlers.", {"paths": ["services/**"], "net": 9})
                 for i in range(8)],
               *[(f"L-a{i:03x}", f"Api rule number n{i}.", {"paths": ["services/api/**"], "net": 9}) for i in range(8)],
               ("L-ffff", "Use multi-stage Docker builds.", {"paths": ["**/Dockerfile"]}))
    assert ids(c, select_file(c, "services/api/Dockerfile", [], 5))[0] == "L-ffff"
    assert "L-ffff" not in ids(c, select_file(c, "services/api/main.py", [], 50))


def test_file_tier_ranks_narrow_scopes_above_broad_ones_then_bm25_then_score_then_id():
    c = corpus(("L-0001", "Check `staging` configuration."),  # project-wide: its `staging` names a folder of the path
               ("L-0002", "Check all models.", {"paths": ["models/**"]}),
               ("L-0003", "Check timestamps.", {"paths": ["models/staging/*.sql"]}),
               ("L-0004", "Check SQL files.", {"paths": ["**/*.sql"]}),
               ("L-0005", "Unrelated rule.", {"paths": ["web/**"]}))
    terms = query_terms(c, "configuration")
    # models/staging/*.sql (two folders and the extension), models/** (a folder), **/*.sql (the extension),
    # then the identifier-only match
    assert ids(c, select_file(c, "models/staging/x.sql", terms, 5)) == ["L-0003", "L-0002", "L-0004", "L-0001"]
    assert ids(c, select_file(c, "models/staging/x.sql", terms, 5, {"s/L-0003"})) == ["L-0002", "L-0004", "L-0001"]
    assert select_file(c, "models/staging/x.sql", terms, 0) == []


def test_file_limit_applies_after_ranking_so_broad_lessons_cannot_crowd_out_a_narrow_one():
    items = [(f"L-{i:04x}", f"Check invoice totals rule n{i}.", {"paths": ["models/**"], "net": 100})
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
               ("L-0006", "Preserve cents."), filler=True)

    def ours(terms: list[str]) -> list[str]:
        return [i for i in ids(c, select_file(c, "models/staging/x.sql", terms, 50)) if not i.startswith("L-f")]

    assert ours(query_terms(c, "preserve cents")) == ["L-0001", "L-0003", "L-0004", "L-0002", "L-0005"]
    # a single word a few lessons share says too little about relevance: helpfulness decides
    assert ours(query_terms(c, "preserve")) == ["L-0003", "L-0004", "L-0002", "L-0001", "L-0005"]


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


def test_file_ties_after_helpfulness_fall_to_the_file_own_words_not_the_id():
    trigger = {"paths": ["models/staging/*.sql"]}
    c = corpus(("L-0001", "Alpha rule for staging models.", trigger),
               ("L-0002", "Stripe rows carry the connected account in `_account`.", trigger),
               ("L-0003", "Bravo rule for staging models.", {**trigger, "net": 3}))
    ranked = ids(c, rank_file(c, "models/staging/stg_stripe__charges.sql", []))
    assert ranked == ["L-0003", "L-0002", "L-0001"]  # helpfulness first, then `stripe` from the file name
    # the request comes before both
    assert ids(c, rank_file(c, "models/staging/stg_stripe__charges.sql", query_terms(c, "alpha")))[0] == "L-0001"
    # a concern the kind of file implies comes before helpfulness (Stripe charges are payments: money)
    c = corpus(("L-0002", "Stripe amounts arrive in the smallest unit.", trigger),
               ("L-0003", "Bravo rule for staging models.", {**trigger, "net": 3}))
    assert ids(c, rank_file(c, "models/staging/stg_stripe__charges.sql", [])) == ["L-0002", "L-0003"]


# --- issue 19: retrieval that does not drop what matches, lessons naming the file ---------------------------

def test_floor_keeps_every_lesson_sharing_two_content_terms_in_a_store_dense_with_one_topic():
    # thirty rules on one topic, each its own (lessons that differ only in their numbers are one rule: Distinct)
    dense = [(f"L-a{i:03x}", f"Schema validation rule r{i}: check field f{i} before saving.") for i in range(30)]
    one_word = [(f"L-b{i:03x}", f"Keep the schema of table {i} documented.") for i in range(150)]
    one_word += [(f"L-c{i:03x}", f"Run validation step {i} in the pipeline.") for i in range(150)]
    filler = [(f"L-d{i:03x}", f"Unrelated convention number n{i} for reports.") for i in range(400)]
    c = corpus(*dense, *one_word, *filler)
    terms = query_terms(c, "add schema validation to the signup form")
    scores, mass, _ = c.bm25.evidence(terms, concept_links(c, terms), WEIGHT)
    dense_ids = {f"L-a{i:03x}" for i in range(30)}
    # each shared word is common: the idf rule alone would have left all thirty out
    assert all(mass.get(i, 0.0) < c.bm25.unique_idf() for i in range(len(c)) if c.ids[i] in dense_ids)
    found = {c.ids[i] for _, i in relevant(c, terms)}
    assert found == dense_ids  # every lesson sharing both words, and none sharing one
    assert set(ids(c, retrieve(c, terms, 15))) <= dense_ids and len(retrieve(c, terms, 15)) == 15


def test_a_request_finds_lessons_that_say_the_same_thing_in_another_form():
    c = corpus(("L-0001", "Webhook payload validation uses Pydantic models, never dict lookups."),
               ("L-0002", "Read environment configuration through `Settings`, never `os.environ`."),
               ("L-0003", "Set CPU limits explicitly on every container."),
               ("L-0004", "Deployments roll out with a canary first."),
               filler=True)
    assert ids(c, retrieve(c, query_terms(c, "validate the webhook payloads"), 1)) == ["L-0001"]
    assert ids(c, retrieve(c, query_terms(c, "where do env configs come from"), 1)) == ["L-0002"]
    assert ids(c, retrieve(c, query_terms(c, "the explicit CPU limit"), 1)) == ["L-0003"]
    assert ids(c, retrieve(c, query_terms(c, "deploy with a canary"), 1)) == ["L-0004"]


def test_a_lesson_naming_the_file_is_a_file_candidate_even_when_its_trigger_points_elsewhere():
    c = corpus(*[(f"L-{i:04x}", f"Service rule number n{i} for handlers.", {"paths": ["services/ledger/**"], "net": 9})
                 for i in range(8)],
               ("L-f001", "Keep the batch size in `ledger/config.py`, never in handlers.", {"paths": ["services/worker/**"]}),
               ("L-f002", "Set materializations per folder in dbt_project.yml only."),
               ("L-f003", "Keep the ledger config small."))
    assert ids(c, select_file(c, "services/ledger/config.py", [], 5))[0] == "L-f001"  # above the folder rules
    # another file of the folder: only its backticked `ledger` names a part of the path, and its own trigger
    # (`services/worker/**`) says where it applies: not this file's (review29 R29-3)
    assert "L-f001" not in ids(c, select_file(c, "services/ledger/handlers.py", [], 50))
    assert "L-f001" not in ids(c, select_file(c, "services/other/config.py", [], 50))
    assert ids(c, select_file(c, "dbt_project.yml", [], 5)) == ["L-f002"]
    assert "L-f003" not in ids(c, select_file(c, "services/ledger/config.py", [], 50))  # no file named


def test_a_file_name_pattern_outranks_folder_globs_at_the_file_limit():
    c = corpus(*[(f"L-{i:04x}", f"Api rule number n{i}.", {"paths": ["services/api/**"], "net": 9}) for i in range(8)],
               *[(f"L-b{i:03x}", f"Test rule number n{i}.", {"paths": ["services/api/tests/**"], "net": 5})
                 for i in range(6)],
               ("L-f001", "Name test functions after the behaviour they check.", {"paths": ["**/test_*.py"]}),
               ("L-f002", "Colocate component tests as `*.test.tsx` files next to the component."))
    assert ids(c, select_file(c, "services/api/tests/test_invoices.py", [], 5))[0] == "L-f001"
    assert "L-f001" not in ids(c, select_file(c, "services/api/tests/conftest.py", [], 50))
    assert ids(c, select_file(c, "web/src/components/Button.test.tsx", [], 5)) == ["L-f002"]
    assert specificity("**/test_*.py", "a/b/test_x.py") > specificity("a/b/**", "a/b/test_x.py")
    assert specificity("**/*.py", "a/b/test_x.py") < specificity("a/b/**", "a/b/test_x.py")  # only an extension


def test_copies_of_one_rule_with_a_word_changed_are_shown_once():
    copies = [(f"L-a{i:03x}", f"Store ledger audit records for {days} days; the retention job lives in `ledger/jobs/retention.py`.")
              for i, days in enumerate([10, 30, 60, 90, 250])]
    c = corpus(*copies, ("L-b001", "Retry payment calls 3 times with backoff."),
               ("L-b002", "Retry payment calls 5 times with backoff."), filler=True)
    assert len(retrieve(c, query_terms(c, "ledger audit records retention"), 15)) == 1
    # a lesson the session was already shown counts too
    shown = [word_set(c.texts[0])]
    assert retrieve(c, query_terms(c, "ledger audit records retention"), 15, seen=shown) == []
    # the same rule but for a number sets one thing to two values: the first ranked is shown, not both
    retry = set(ids(c, retrieve(c, query_terms(c, "retry payment calls"), 15))) & {"L-b001", "L-b002"}
    assert len(retry) == 1
    assert len(select_core(c, 30)) == len(c) - 5


def test_one_rule_written_for_many_targets_with_a_value_each_is_shown_once():
    family = [(f"L-c{i:03x}", f"Calls from shipping to {target} go through `{target}_client` with a {n}-second timeout.",
               {"paths": ["services/shipping/**"]})
              for i, (target, n) in enumerate([("fraud", 100), ("chat", 90), ("ledger", 60), ("coupons", 30)])]
    c = corpus(*family, ("L-d001", "Every outbound HTTP call sets an explicit timeout from `settings.http_timeout`.",
                         {"paths": ["services/**"]}),
               ("L-d002", "Calls from billing go through the billing gateway with retries.", {}), filler=True)
    found = ids(c, retrieve(c, query_terms(c, "the shipping client hangs when calls time out, add a timeout"), 15))
    assert len([i for i in found if i.startswith("L-c")]) == 1 and "L-d001" in found
    # a rule that shares the skeleton but not the words is its own
    assert set(ids(c, retrieve(c, query_terms(c, "calls from billing and shipping go through clients"), 15))) >= {
        "L-d002"}


def test_a_request_word_few_of_a_file_lessons_hold_ranks_them_first_however_common_in_the_store():
    # "upload" is in many lessons of the store (elsewhere), so alone it is no evidence for retrieval; among
    # the 30 conventions of web/src/** only one holds it, and for this file that lesson comes first.
    folder = [(f"L-{i:04x}", f"Follow web convention number n{i} for every screen.", {"paths": ["web/src/**"],
                                                                                      "net": 5}) for i in range(30)]
    elsewhere = [(f"L-e{i:03x}", f"Store each upload of service {i} in the bucket.", {"paths": [f"services/s{i}/**"]})
                 for i in range(12)]
    c = corpus(*folder, *elsewhere, ("L-aaaa", "Upload files with presigned URLs from `useUpload()`.",
                                     {"paths": ["web/src/**"]}), filler=True)
    terms = query_terms(c, "Add an avatar upload to the profile page.")
    assert "L-aaaa" not in ids(c, retrieve(c, terms, 15))  # one word in 13 lessons: not enough to retrieve
    # (a file whose name says nothing: the request alone points at the lesson)
    assert ids(c, select_file(c, "web/src/features/profile/ProfilePage.tsx", terms, 5))[0] == "L-aaaa"
    # a word most of the file's lessons hold orders nothing: helpfulness does
    common = query_terms(c, "Update the web screen.")
    assert "L-aaaa" not in ids(c, select_file(c, "web/src/features/profile/ProfilePage.tsx", common, 5))


def test_a_request_word_is_selective_among_the_lessons_of_its_level_not_among_weaker_matches():
    """Lessons that match a file only through a backticked identifier (`metrics/hr.yml` names `metrics`) sit
    below every folder rule; that ten of them hold "metrics" does not make it common among the folder's rules,
    where the per-file limit cuts."""
    folder = [(f"L-{i:04x}", f"Follow service convention number n{i} in every module.", {"paths": ["services/**"],
                                                                                       "net": 5}) for i in range(12)]
    named = [(f"L-n{i:03x}", f"Team {i} metrics are defined in `metrics/team{i}.yml`.", {}) for i in range(10)]
    c = corpus(*folder, *named, ("L-aaaa", "Name Prometheus metrics `service_subsystem_unit_total`.",
                                 {"paths": ["services/**"]}), filler=True)
    terms = query_terms(c, "grafana shows nothing for the new metrics")
    ranked = ids(c, rank_file(c, "services/billing/app/metrics.py", terms, 5))
    level = [i for i in ranked if i.startswith("L-0") or i == "L-aaaa"]  # the rules of `services/**`
    assert level[0] == "L-aaaa"
    assert set(ranked[-10:]) == {f"L-n{i:03x}" for i in range(10)}  # the identifier-only matches still come last


def test_a_word_of_the_file_name_few_of_its_lessons_hold_ranks_them_first():
    """`QuantityInput.tsx` is an input: among the 30 conventions of web/src/**, the one about input comes first,
    with no request at all; a name word most of them hold (`web`) says nothing."""
    folder = [(f"L-{i:04x}", f"Follow web convention number n{i} for every screen.", {"paths": ["web/src/**"],
                                                                                      "net": 5}) for i in range(30)]
    c = corpus(*folder, ("L-aaaa", "Parse numeric input with `parseDecimal()`; `parseFloat` breaks on separators.",
                         {"paths": ["web/src/**"]}), filler=True)
    assert ids(c, select_file(c, "web/src/features/cart/QuantityInput.tsx", [], 5))[0] == "L-aaaa"
    assert "L-aaaa" not in ids(c, select_file(c, "web/src/features/cart/Quantity.tsx", [], 5))
    assert "L-aaaa" not in ids(c, select_file(c, "web/src/features/cart/WebScreen.tsx", [], 5))
    # the request still comes first: a lesson it points at outranks one the file name points at
    c = corpus(*folder, ("L-aaaa", "Parse numeric input with `parseDecimal()`; `parseFloat` breaks on separators.",
                         {"paths": ["web/src/**"]}),
               *[(f"L-b{i:03x}", f"Show the cart total with `formatMoney()` in variant {i}.", {"paths": ["web/src/**"]})
                 for i in range(5)], filler=True)
    picked = ids(c, select_file(c, "web/src/features/cart/QuantityInput.tsx", query_terms(c, "cart total"), 5))
    assert picked == [f"L-b{i:03x}" for i in range(5)]


def test_the_cheap_precheck_never_skips_a_glob_that_matches():
    from altimate_learn.deliver.select import _may_match

    patterns = ["**/app/cli/**", "**/web/src/lib/dates.*", "**/Dockerfile", "models/staging/*.sql", "**/test_*.py",
                "**/*.{yml,yaml}", "web/src/**", "**/ledger/config.py", "**", "**/stg_*__*.sql", "k8s/**",
                "services/**/tests/**", "**/{a,b}/x.py", "**/.env"]
    paths = ["services/api/app/cli/backfill.py", "app/cli/x.py", "web/src/lib/dates.ts", "web/src/lib/dates/index.ts",
             "web/src/lib/datesx.ts", "services/api/Dockerfile", "Dockerfile", "models/staging/stg_a__b.sql",
             "services/api/tests/test_x.py", "k8s/a.yaml", "a/x.py", "services/ledger/config.py", ".env",
             "xapp/cli/y.py", "models/marts/x.yml"]
    checked = 0
    for pattern in patterns:
        for path in paths:
            if glob_matches(pattern, path):
                assert _may_match(pattern, path), (pattern, path)
                checked += 1
            elif not _may_match(pattern, path):
                checked += 1
    assert not _may_match("**/app/cli/**", "xapp/cli/y.py") and _may_match("**/app/cli/**", "app/cli/x.py")
    assert checked > 100


def test_an_implied_concern_adds_no_evidence_to_one_shared_word():
    """A word two lessons hold is too little evidence alone; what the task implies (invites send email) does
    not make up the rest: such a lesson would take a slot, and the session's room, on a guess. Said in the
    request, the idea does (issue 19)."""
    c = corpus(("L-d001", "Send emails through the `notifications` service and record each delivery attempt."),
               ("L-d002", "Log each delivery of a webhook with its status code and provider."), filler=True)
    implied_only = query_terms(c, "speed up the delivery of invites")
    assert "^email" in implied_only
    assert retrieve(c, implied_only, 15) == []
    assert ids(c, retrieve(c, query_terms(c, "speed up the delivery of emails"), 15)) == ["L-d001"]


def test_a_weakly_matched_lesson_scoped_to_other_files_waits_for_a_file_in_its_scope():
    c = corpus(("L-c001", "Recount sprocket inventory from `sprocket_moves` after each import, never from order rows."),
               ("L-c002", "Inventory counts in the ledger are rebuilt weekly by `ledger_rollup`.",
                {"paths": ["services/ledger/**"]}),
               ("L-c003", "Sprocket inventory drift is fixed by `recount_sprockets`; never patch counts by hand.",
                {"paths": ["services/sprockets/**"]}),
               ("L-c004", "Keep inventory counts as integers."), filler=True)
    terms = query_terms(c, "sprocket inventory counts drift after the import")
    found = retrieve(c, terms, 15)
    assert set(ids(c, found)) == {"L-c001", "L-c002", "L-c003", "L-c004"}
    now, waiting = defer_scoped(c, terms, found, [])
    # two common words, a quarter of the best score, scoped to the ledger: it waits; a strong scoped match and
    # a weak unscoped one are shown now
    assert ids(c, waiting) == ["L-c002"] and ids(c, now) == [i for i in ids(c, found) if i != "L-c002"]
    # a file the request names (or the session touched) in its scope: shown now
    assert defer_scoped(c, terms, found, ["services/ledger/app/rollup.py"]) == (found, [])


def test_one_rule_written_for_each_of_many_folders_is_shown_once_and_the_others_wait_for_their_folder():
    features = ["sso", "billing", "reports", "calendar", "alerts", "usage"]
    family = [(f"L-p{i:03x}", f"The {name} page loads its data with `use{name.title()}Query`; do not add another fetch.",
               {"paths": [f"web/src/features/{name}/**"]}) for i, name in enumerate(features)]
    c = corpus(*family, ("L-q001", "Show a skeleton while a page loads its data; never a blank screen."), filler=True)
    terms = query_terms(c, "the page loads its data twice, add a fetch guard")
    found = retrieve(c, terms, 15)
    assert {f"L-p{i:03x}" for i in range(len(features))} <= set(ids(c, found))
    now, waiting = defer_scoped(c, terms, found, [])
    shown = [i for i in ids(c, now) if i.startswith("L-p")]
    assert len(shown) == 1 and len(waiting) == len(features) - 1 and "L-q001" in ids(c, now)
    # the folder the request names keeps its own instance, whatever its rank
    named = ids(c, defer_scoped(c, terms, found, ["web/src/features/usage/UsagePage.tsx"])[0])
    assert "L-p005" in named
