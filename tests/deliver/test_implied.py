"""Implied concerns: a kind of work brings concerns the request does not name ("the forgot password flow" sends
an email; "import a csv" is an upload; "call the provider in parallel" is outbound HTTP and concurrency), at a
lower weight than a stated word or idea, and never enough alone to make a lesson relevant (issue 19)."""

from __future__ import annotations

from altimate_learn.deliver import concepts, implied
from altimate_learn.deliver.morphology import fold
from altimate_learn.deliver.select import query_terms, rank_file, rank_file_scored, relevant, retrieve
from altimate_learn.deliver.tokenize import STOPWORDS
from tests.deliver.test_select import corpus, ids

# A folder's conventions, every one of them for any file under services/**: which ones a file shows first is
# decided by the request (and helpfulness breaks ties), as in a real `services/**` bucket.
SERVICES = [
    ("L-s001", "Use `uuid7()` from `app.ids` for new primary keys so they sort by time.", 9),
    ("L-s002", "Read settings through `Settings` from `app.config`; never read environment variables directly.", 9),
    ("L-s003", "Type every public function; `mypy --strict` runs on the services folder.", 8),
    ("L-s004", "Format with `ruff format`; black is no longer used in this repository.", 8),
    ("L-s005", "Use `pathlib.Path` instead of `os.path` for file paths.", 7),
    ("L-s006", "Use frozen dataclasses for value objects in the domain layer.", 7),
    ("L-s007", "Use absolute imports from `app.`; relative imports beyond one level are not allowed.", 6),
    ("L-s008", "Send emails through the `notifications` service, never with SMTP from the API.", 0),
    ("L-s009", "Use `asyncio.TaskGroup` instead of bare `gather()` so failures cancel sibling tasks.", 0),
    ("L-s010", "Every outbound HTTP call sets an explicit timeout from `settings.http_timeout`.", 0),
    ("L-s011", "Write uploaded files to object storage through `storage.put()`, never to the local disk.", 0),
    ("L-s012", "Do not use pandas in the API service; it is allowed only in `services/reports`.", 0),
    ("L-s013", "List functions in services return iterators; never load whole tables into memory.", 0),
]


def _services():
    return corpus(*[(i, text, {"paths": ["services/**"], "net": net}) for i, text, net in SERVICES], filler=True)


def test_the_kind_of_work_points_at_the_conventions_it_touches_among_a_files_bucket():
    c = _services()
    cases = [
        ("hook up the forgot password flow so the user gets the reset link",
         "services/api/app/services/password_reset.py", {"L-s008"}),
        ("let customers import their contacts from a spreadsheet", "services/api/app/services/contact_import.py",
         {"L-s011", "L-s012"}),
        ("look up the tax rate from the vendor for each line item simultaneously",
         "services/api/app/services/billing/tax.py", {"L-s009", "L-s010"}),
        ("a one off script that fills in the customer ids on all orders",
         "services/api/app/cli/fill_customer_ids.py", {"L-s013"}),
    ]
    for request, path, wanted in cases:
        terms = query_terms(c, request)
        assert any(t.startswith(implied.PREFIX) for t in terms), request
        shown = set(ids(c, rank_file(c, path, terms, 5)[:5]))
        assert wanted <= shown, (request, shown)
        # without the implied concerns the bucket is ordered by helpfulness, and none of them is shown
        plain = [t for t in terms if not t.startswith(implied.PREFIX)]
        assert not wanted & set(ids(c, rank_file(c, path, plain, 5)[:5])), request


def test_an_implied_concern_weighs_less_than_the_idea_named_and_less_than_the_word():
    c = _services()
    said = query_terms(c, "the emails never arrive")  # the word itself
    idea = query_terms(c, "smtp never arrives")  # another word for the idea
    implies = query_terms(c, "the invitations never arrive")  # a kind of work that sends email
    assert "~email" in idea and "^email" in implies and "^email" not in idea
    email = ids(c, range(len(c))).index("L-s008")

    def score(terms):
        return c.bm25.score_docs(terms, [email])[email]

    assert score(["email"]) > score(["~email"]) > score(["^email"]) > 0
    assert score(["^email"]) == score(["~email"]) * implied.FACTOR
    assert "~email" in said or "email" in said


def test_an_implied_concern_alone_never_makes_a_lesson_relevant():
    c = _services()
    terms = query_terms(c, "the invitations")
    assert "^email" in terms
    email = ids(c, range(len(c))).index("L-s008")
    assert email not in {doc for _, doc in relevant(c, ["^email"])}
    assert "L-s008" not in ids(c, retrieve(c, ["^email"], 15))
    # it counts a quarter of a shared term: an exact word, an idea and a concern make no two terms
    _, _, shared = c.bm25.evidence(["^email"], {}, concepts.WEIGHT)
    assert shared[email] == concepts.WEIGHT * implied.FACTOR


def test_a_request_naming_the_idea_gets_no_implied_term_for_it_and_paths_get_none():
    c = _services()
    terms = query_terms(c, "send the invitation email")
    assert "~email" in terms and "^email" not in terms
    assert not any(t.startswith(implied.PREFIX) for t in query_terms(c, "services/api/app/invites.py",
                                                                       implied=False))


def test_the_activity_table_names_real_concepts_and_no_everyday_word():
    for name, (triggers, implies) in implied.ACTIVITIES.items():
        for concept in implies.split():
            assert concept in concepts.GROUPS, (name, concept)
        words, pairs, named = implied._split(triggers)
        for concept in named:
            assert concept[1:] in concepts.GROUPS, (name, concept)
        for word in words:
            assert not set(fold(word)) & STOPWORDS, (name, word)
    # only the concepts some lesson holds are kept: a store without email lessons implies no email
    singles, _ = implied.build_tables(fold, {"~http"})
    assert all(terms == ["^http"] for terms in singles.values())


def test_everyday_phrases_of_a_request_name_no_topic_but_still_imply_their_work():
    c = _services()
    terms = query_terms(c, "we call the vendor one line item at a time")
    assert "time" not in terms  # "at a time" is not about time: the uuid7 rule "sort by time" is not pointed at
    assert {"^concurrency", "^http"} <= set(terms)
    assert "time" in query_terms(c, "ids should sort by time")
    assert "time" in query_terms(c, "at a time", implied=False)  # a path or an exact lookup keeps every word
    # "the user" of a request is whoever uses the product: no topic ("user" lessons are about user data)
    user = corpus(("L-u001", "Parse dates from users with `parse_user_date()`, which knows the account's locale.", {}),
                  ("L-u002", "Send emails through the `notifications` service, never with SMTP from the API.", {}),
                  filler=True)
    assert "user" not in query_terms(user, "so the user gets the reset link")
    assert "user" in query_terms(user, "user input dates are parsed wrong")


def test_a_lesson_matching_the_file_only_by_an_identifier_is_not_pointed_at_by_an_implied_concern():
    c = corpus(*[(i, text, {"paths": ["services/**"], "net": net}) for i, text, net in SERVICES],
               ("L-a001", "Rows of `reset_tokens` are purged by the email digest job of the growth team.", {"net": 9}),
               filler=True)
    path = "services/api/app/services/reset_tokens.py"
    anchored = ids(c, range(len(c))).index("L-a001")
    scored = {i: relevance for i, _, relevance in rank_file_scored(c, path, query_terms(c, "send the invite"), 5)}
    assert anchored in scored and scored[anchored] == 0.0  # weak file evidence and a weak request signal
    assert scored[ids(c, range(len(c))).index("L-s008")] > 0  # the folder's email rule is pointed at
    # a word the request states still points at it
    stated = {i: r for i, _, r in rank_file_scored(c, path, query_terms(c, "the digest email"), 5)}
    assert stated[anchored] > 0


# A folder of infrastructure conventions: the more helpful ones say nothing about a new datastore.
TERRAFORM = [
    ("L-t001", "Pin Terraform provider versions with `~>` in `versions.tf` of every module.", 9),
    ("L-t002", "Name Terraform resources in snake_case without repeating the resource type.", 9),
    ("L-t003", "Give every Terraform variable a `description` and a `type`.", 8),
    ("L-t004", "Run Terraform formatting before committing; the pipeline rejects unformatted files.", 8),
    ("L-t005", "Mark outputs that contain secrets as `sensitive = true`.", 7),
    ("L-t006", "Use `for_each` with maps instead of `count` for resources that may be reordered.", 7),
    ("L-t007", "Encrypt data at rest with the customer-managed KMS key of the environment.", 0),
    ("L-t008", "Take nightly backups of every datastore and keep them for 35 days.", 0),
]


def test_a_two_word_trigger_reads_with_any_member_of_its_concept_a_new_postgres_db_is_a_new_database():
    c = corpus(*[(i, text, {"paths": ["infra/terraform/**"], "net": net}) for i, text, net in TERRAFORM],
               filler=True)
    path = "infra/terraform/modules/ledger/rds.tf"
    for request in ("new postgres db for the ledger service", "add a new rds instance for the ledger",
                    "we need a new database for the ledger service"):
        terms = query_terms(c, request)
        assert {"^encryption", "^backup"} <= set(terms), request
        shown = set(ids(c, rank_file(c, path, terms, 5)[:5]))
        assert {"L-t007", "L-t008"} <= shown, (request, shown)
    # a datastore named without provisioning one implies nothing
    terms = query_terms(c, "the postgres db for the ledger service is slow")
    assert not {"^encryption", "^backup"} & set(terms)
    # the table as written: only the pair "new database" and its members, not any word before a member
    singles, pairs = implied.build_tables(fold, {"~encryption", "~backup", "~tagging", "~exposure", "~network"})
    assert "^encryption" in pairs["new postgr"] and "^encryption" in pairs["new databas"]
    assert "old postgr" not in pairs


# A form component's conventions and the data layer's migration rule, all for any file under the app.
FORM_AND_SCHEMA = [
    ("L-w001", "Build forms with `react-hook-form` and validate them with the shared zod schemas.", 5),
    ("L-w002", "Every dropdown uses `<Select>` from `@acme/ui`; never a native select.", 5),
    ("L-m001", "Every new column ships with an Alembic migration; make it nullable or give it a default.", 0),
    ("L-m002", "Add a `db_index` to every column the app filters on.", 0),
]


def test_a_new_dropdown_or_a_new_form_is_no_new_field_only_a_word_naming_a_concept_reads_with_its_members():
    """review21 #17: "new field" read with every member of the `form` group ("new dropdown", "new form", "new
    checkbox") implied a schema change (migration, null, db_index) for requests about the UI only."""
    c = corpus(*[(i, text, {"paths": ["app/**"], "net": net}) for i, text, net in FORM_AND_SCHEMA], filler=True)
    path = "app/web/components/SignupForm.tsx"
    for request in ("add a new dropdown for the referral source to the signup form",
                    "we need a new form for the contact page", "put a new checkbox under the terms text"):
        terms = query_terms(c, request)
        assert "^migration" not in terms and "^db_index" not in terms, (request, terms)
        shown = ids(c, rank_file(c, path, terms, 2)[:2])
        assert not {"L-m001", "L-m002"} & set(shown), (request, shown)
    # the trigger itself, and a word that names its concept in another form, still imply it
    for request in ("add a new field for the referral source to the users table",
                    "each signup needs a new column with the referral source"):
        assert "^migration" in query_terms(c, request), request
    singles, pairs = implied.build_tables(fold, {"~migration", "~null", "~db_index", "~error", "~log", "~retry",
                                                 "~alert", "~encryption", "~backup"})
    assert "new dropdown" not in pairs and "new form" not in pairs and "new field" in pairs
    # a word that is the concept's name reads with its members: "new database" is "new postgres", "handle errors"
    # is "handle exceptions"
    assert "^encryption" in pairs["new postgr"] and "^retry" in pairs[" ".join((*fold("handle"), *fold("exceptions")))]
