"""Concepts: a request in other words than the lesson's ("the db" for RDS, "k8s" for Deployments) still finds
it, at a lower weight than the same word, without counting one word twice (issue 19)."""

from __future__ import annotations

import pytest

from altimate_learn.deliver import concepts
from altimate_learn.deliver.morphology import fold
from altimate_learn.deliver.select import query_terms, relevant, retrieve, select_file
from altimate_learn.deliver.tokenize import STOPWORDS, folded_words
from tests.deliver.test_select import corpus, ids

TERRAFORM = [
    ("L-t001", "Pin Terraform provider versions with `~>` in `versions.tf` of every module.", 5),
    ("L-t002", "Name Terraform resources in snake_case without repeating the resource type.", 5),
    ("L-t003", "Every AWS resource gets the `default_tags` from the provider; do not set tags per resource.", 3),
    ("L-t004", "Never run Terraform against production state from a laptop; use the pipeline.", 3),
    ("L-t005", "Give every Terraform variable a `description` and a `type`.", 2),
    ("L-t006", "Use `for_each` with maps instead of `count` for resources that may be reordered.", 2),
    ("L-t007", "Write IAM policies with `aws_iam_policy_document`, never as inline JSON strings.", 1),
    ("L-t008", "Mark outputs that contain secrets as `sensitive = true`.", 1),
    ("L-t009", "RDS instances need `deletion_protection` and automated backups of at least 7 days.", 0),
]


def _terraform(*more: tuple):
    return corpus(*[(i, text, {"paths": ["infra/terraform/**"], "net": net}) for i, text, net in TERRAFORM], *more,
                  filler=True)


def test_a_request_naming_the_idea_in_other_words_finds_the_lesson():
    c = _terraform(("L-x001", "Back up the reporting service's files to cold storage every week.", {}),
                   ("L-x002", "Keep backups of customer exports for 30 days.", {}))
    terms = query_terms(c, "the postgres replica needs backups")
    assert "~database" in terms  # postgres and RDS are databases
    # "backups" alone is in three lessons: no evidence; with the database idea, two shared terms
    assert ids(c, retrieve(c, terms, 15)) == ["L-t009"]
    assert retrieve(c, [t for t in terms if not t.startswith("~")], 15) == []
    # in a crowded folder the file tier puts it first, though it is the least helpful of them
    replica = query_terms(c, "We need a read replica of the main db for analytics.")
    assert ids(c, select_file(c, "infra/terraform/modules/analytics_db/main.tf", replica, 5))[0] == "L-t009"
    assert "L-t009" not in ids(c, select_file(c, "infra/terraform/modules/analytics_db/main.tf", [], 5))


def test_abbreviations_and_synonyms_of_everyday_requests_meet_the_lessons_words():
    c = corpus(("L-0001", "Every Deployment defines readiness and liveness probes on separate endpoints.",
                {"paths": ["k8s/**"]}),
               ("L-0002", "Set `timeout-minutes` on every job in GitHub Actions workflows.", {}),
               ("L-0003", "Read secrets from AWS Secrets Manager; never put credentials in `tfvars` files.", {}),
               ("L-0004", "Mock outbound HTTP with `respx`; tests must never reach the network.", {}),
               filler=True)
    for request, concept in [("get it running on k8s", "~kubernetes"), ("ci is red again", "~ci"),
                             ("where do the db creds go", "~secret"), ("stub out the http calls", "~mock"),
                             ("store the api key somewhere safe", "~secret"), ("the job hangs forever", "~timeout")]:
        assert concept in query_terms(c, request), request


def test_the_same_word_in_request_and_lesson_is_one_shared_term_not_two():
    # "database" is a word of both and a member of ~database: still one shared term, as before concepts
    c = corpus(("L-0001", "Use `prevent_destroy` on stateful resources such as databases.", {}),
               ("L-0002", "Test database restores monthly.", {}),
               ("L-0003", "Never share a database session between requests.", {}), filler=True)
    terms = query_terms(c, "database")
    assert "~database" in terms and "databas" in terms
    scores, mass, shared = c.bm25.evidence(terms, {"~database": ["databas"]}, concepts.WEIGHT)
    assert {shared[d] for d in scores} == {1}
    assert retrieve(c, terms, 15) == []  # one common word is no evidence, counted once


def test_a_concept_match_weighs_less_than_the_same_word():
    c = corpus(("L-0001", "Back up the database nightly.", {}), ("L-0002", "Back up RDS nightly.", {}),
               ("L-0003", "Rotate the logs weekly.", {}), ("L-0004", "Review the alerts weekly.", {}), filler=True)
    scores = dict((c.ids[d], s) for s, d in relevant(c, query_terms(c, "back up the database nightly")))
    assert scores["L-0001"] > scores["L-0002"] > 0


def test_concept_postings_leave_every_plain_term_score_as_before():
    c = corpus(("L-0001", "Back up the database nightly.", {}), ("L-0002", "Back up RDS nightly.", {}), filler=True)
    assert any(term.startswith(concepts.PREFIX) for term in c.vocabulary)
    from altimate_learn.deliver.bm25 import BM25
    from altimate_learn.deliver.tokenize import search_tokens

    plain = BM25.build([search_tokens(" ".join([c.texts[i], *tags_and_paths(c, i)])) for i in range(len(c))])
    for term in ("databas", "nightli", "back", "model"):
        assert c.bm25.scores([term]) == pytest.approx(plain.scores([term]))


def tags_and_paths(c, i: int) -> list[str]:
    from tests.deliver.helpers import SAMPLE

    by_text = {text: tags + paths for text, tags, paths in SAMPLE}
    return by_text.get(c.texts[i], [])


def test_two_word_members_and_identifier_parts_name_a_concept():
    singles, pairs = concepts.build_tables(fold)
    assert "~secret" in concepts.concept_terms(folded_words("rotate the API key"), singles, pairs)
    assert "~secret" in concepts.concept_terms(folded_words("read `STRIPE_API_KEY` from settings"), singles, pairs)
    assert "~ci" in concepts.concept_terms(folded_words("a new GitHub Actions job"), singles, pairs)
    assert "~ci" not in concepts.concept_terms(folded_words("the actions of GitHub users"), singles, pairs)


def test_no_member_folds_into_a_stopword_or_an_everyday_word():
    """A member whose folded form is a common word would tie unrelated text to the concept ("settings" folds
    to "set", "paging" to "page", "spinner" to "spin": "spin up a replica"; "separator" meets "separate",
    "blocking" a config "block", "versioning" every "version", "publicly" a "public" function)."""
    everyday = {"set", "page", "local", "type", "hour", "access", "requir", "time", "file", "run", "work", "spin",
                "separ", "block", "version", "layer", "public", "late", "templat", "load", "show"}
    for name, members in concepts.GROUPS.items():
        singles, _ = concepts._split(members)
        for word in singles:
            for folded in fold(word):
                assert folded not in STOPWORDS and folded not in everyday, (name, word, folded)


@pytest.mark.parametrize("request_text, lesson, concept", [
    ("the signup page jumps around while it loads", "Use `Suspense` boundaries with the `Skeleton` component for "
     "loading states.", "~loading"),
    ("we want to know which plan people click", "Track events with `track()` and names in `object_action` form.",
     "~analytics"),
    ("spanish users still see english labels", "Wrap every user-visible string in `t()` from `useTranslation`.",
     "~i18n"),
    ("let people attach a pdf to a ticket", "Upload files with presigned URLs from `useUpload()`.", "~upload"),
    ("users see NaN when they enter 1,5", "Parse numeric input with `parseDecimal()`; `parseFloat` breaks on "
     "locale separators.", "~decimal"),
    ("the pentest says the image runs as uid 0", "Run the application as a non-root user created in the "
     "Dockerfile.", "~root_user"),
    ("the reporting service must not be reachable from the internet", "New services get private subnets only; "
     "public load balancers need a security review.", "~exposure"),
    ("colorblind users cannot tell failed from paid", "Never convey status by color alone; add an icon. "
     "web accessibility color", "~accessibility"),  # a lesson is indexed with its tags
    ("q1 numbers don't match finance's quarter", "Use the `fiscal_calendar` model for fiscal periods.", "~fiscal"),
    ("revenue dashboard shows amounts 100x too big", "Convert `*_cents` columns to dollars in staging.", "~money"),
    ("turn the new checkout on per account", "Read feature flags through `flags.enabled()`.", "~flag"),
    ("the page goes white when the api is down", "Wrap each page in an error boundary and report errors.",
     "~error"),
    ("show the order total on the detail page", "Format money with `formatMoney()`; amounts are integer cents.",
     "~money"),
    ("just pd.read_sql in the router, then pivot_table", "Do not use pandas in the API service.", "~dataframe"),
    ("only a handful of pilot customers get bulk edit in production", "Read feature flags through "
     "`flags.enabled()`; never branch on environment names.", "~flag"),
    ("add a billing entry to the sidebar nav", "Build URLs with the `paths` helper; never concatenate strings.",
     "~navigation"),
    ("a link that goes to the chat history, href={'/customers/' + id}", "Build URLs with the `paths` helper.",
     "~navigation"),
])
def test_what_people_type_for_an_idea_meets_the_lesson_that_names_it(request_text, lesson, concept):
    """The table is grouped by the areas of a repository (UI, analytics, i18n, storage, flags, numbers,
    containers, networks, dbt, …), symptoms included: the request and the lesson share the idea, not a word."""
    singles, pairs = concepts.build_tables(fold)
    assert concept in concepts.concept_terms(folded_words(request_text), singles, pairs)
    assert concept in concepts.concept_terms(folded_words(lesson), singles, pairs)


def test_ambiguous_phrases_do_not_name_an_idea_they_do_not_mean():
    singles, pairs = concepts.build_tables(fold)
    assert "~loading" not in concepts.concept_terms(folded_words("spin up a read replica"), singles, pairs)
    assert "~decimal" not in concepts.concept_terms(folded_words("use trailing commas in select lists"), singles,
                                                    pairs)
    # `locale` is its own word now, not `local`: "local disk" is no language setting
    assert fold("locale") == ("locale",) and fold("locales") == ("locale",)
    assert "~i18n" not in concepts.concept_terms(folded_words("never write to the local disk"), singles, pairs)


def test_a_word_shared_as_itself_scores_once_not_again_as_its_idea():
    c = corpus(("L-0001", "Payouts reconcile against the ledger export every night.", {}),
               ("L-0002", "Refunds reconcile against the ledger export every night.", {}), filler=True)
    terms = query_terms(c, "reconcile payouts")
    assert "~payment" in terms
    scores = {c.ids[d]: s for s, d in relevant(c, terms)}
    plain = {c.ids[d]: s for s, d in relevant(c, [t for t in terms if not t.startswith("~")])}
    assert scores["L-0001"] == pytest.approx(plain["L-0001"])  # "payouts" in both: no concept bonus on top
    assert scores["L-0002"] > plain.get("L-0002", 0.0)  # "refunds" is the same idea in another word


def test_an_idea_and_one_common_word_are_not_enough_to_retrieve_a_lesson():
    """A concept counts as half a shared term in the floor: "a report for disputes" is not about every lesson that
    mentions a report and a payment; two ideas and the word are."""
    c = corpus(("L-0001", "Subtract refunds in the payments report, not downstream.", {}),
               ("L-0002", "Refunds in the payments report are negative amounts.", {}),
               *[(f"L-r{i:03x}", f"Report rule n{i}: keep the report small.", {}) for i in range(6)], filler=True)
    terms = query_terms(c, "add a report for disputes")
    assert "~payment" in terms and "report" in terms and c.bm25.idf("report") > 0  # a content word, a common one
    assert retrieve(c, terms, 15) == []
    both = query_terms(c, "add a report for disputes in euros")  # ~payment and ~money
    assert ids(c, retrieve(c, both, 15)) == ["L-0002"]  # "amounts" is money; L-0001 holds one of the two ideas


def test_a_link_in_a_page_meets_the_rule_for_building_urls():
    """"add a billing entry to the sidebar nav": among twenty conventions of `web/src/**`, the rule for building
    the link's URL is the file's (a link is a URL to navigate to), though the request never says "URL"."""
    web = [(f"L-{i:04x}", f"Follow web convention number n{i} for every screen.", {"paths": ["web/src/**"], "net": 5})
           for i in range(20)]
    c = corpus(*web, ("L-u001", "Build URLs with the `paths` helper from `web/src/lib/paths`; never concatenate "
                                "strings.", {"paths": ["web/src/**"]}), filler=True)
    terms = query_terms(c, "add a billing entry to the sidebar nav")
    assert "~navigation" in terms
    assert "L-u001" in ids(c, select_file(c, "web/src/components/Sidebar.tsx", terms, 5))
