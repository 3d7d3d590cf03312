"""A rule that states another value than an approved lesson (a number, a version, a named tool, branch or day) is an
update or a conflict, never a restatement: it is staged as replacing that lesson, for a person to decide, and never
counted HELPFUL for it (review27 R27-2: "… on Postgres 15" was a HELPFUL vote for "… on Postgres 16", the new value
dropped). A restatement in other words, or a sharper one that adds a name, is still a vote."""

from __future__ import annotations

import pytest

from altimate_learn.curate.curator import curate
from altimate_learn.curate.names import values_swapped
from tests.curate.helpers import add, lesson, make_store, read

PAIRS = [
    ("The billing service runs on Postgres 16 in production.", "The billing service runs on Postgres 15 in production."),
    ("The session timeout for the admin panel is 30 minutes.", "The session timeout for the admin panel is 5 minutes."),
    ("Release branches are cut from main every Tuesday.", "Release branches are cut from develop every Thursday."),
    ("Background jobs use RabbitMQ as the message broker.", "Background jobs use Redis as the message broker."),
    ("Serve the dashboard over HTTPS only, even in development.", "Serve the dashboard over HTTP in development."),
    # a number in words is a number ("thirty minutes" is another value than "5 minutes")
    ("Expire password reset links after thirty minutes.", "Expire password reset links after 5 minutes."),
    ("Require two approvals on every pull request.", "Require three approvals on every pull request."),
    # a tool named in lower case after "with" / "use" (review28 R28-1)
    ("Lint with flake8 before pushing.", "Lint with ruff before pushing."),
    ("Use npm for installs in this repo.", "Use pnpm for installs in this repo."),
    ("Background jobs use redis.", "Background jobs use rabbitmq."),
]


@pytest.mark.parametrize(("old", "new"), PAIRS)
def test_another_value_replaces_the_lesson_for_review_and_is_no_helpful_vote(tmp_path, old, new):
    store = make_store(tmp_path, approved=[lesson("L-0001", old)])
    result = curate(store, [add(new, reason="a teammate's memory says so")])
    assert not any(a["op"] == "HELPFUL" for a in result.applied)
    assert [l["text"] for l in result.candidate] == [new]
    (added,) = [a for a in result.applied if a["op"] == "ADD"]
    assert added["supersedes"] == "L-0001" and added["note"] == "states another value than the lesson it replaces"
    (retired,) = read(store, "candidate-retired.json")
    assert retired["id"] == "L-0001" and retired["text"] == old


@pytest.mark.parametrize(("old", "new"), [
    ("The billing service runs on Postgres 16 in production.", "Billing runs on Postgres 16 in production."),
    ("Release branches are cut from main every Tuesday.", "Release branches are cut from main on Tuesdays."),
    ("Use pnpm for every install in this repository.", "Use pnpm for every install in this repo, always."),
    ("Run the linter before every push.", "Always run the linter before every push."),
    ("Keep functions under 40 lines.", "Keep functions under forty lines."),  # the same number, in words
])
def test_a_restatement_with_the_same_values_is_still_a_helpful_vote(tmp_path, old, new):
    store = make_store(tmp_path, approved=[lesson("L-0001", old)])
    result = curate(store, [add(new)])
    assert [a["op"] for a in result.applied] == ["HELPFUL"]
    assert [l["text"] for l in result.candidate] == [old]


@pytest.mark.parametrize(("new", "old", "swapped"), [
    ("Deploy on Fridays only.", "Deploy on Mondays only.", True),
    ("Keep functions under 40 lines.", "Keep functions under 60 lines.", True),
    ("Use the Stripe SDK for payments.", "Use the SDK for payments.", False),  # a sharper restatement adds a name
    ("Never push to main. Open a PR.", "Never push to main. Open a pull request.", False),  # a sentence's first word
    ("Pin `node` to 20 in `.nvmrc`.", "Pin `node` to 20 in `.nvmrc`, please.", False),
    ("Keep page size at fifty rows.", "Keep page size at twenty rows.", True),
    ("Keep one blank line between functions.", "Keep two blank lines between functions.", True),
    ("Prefer the async client over the sync one.", "Prefer the async client over the sync client.", False),  # a pronoun
    ("No one deploys on a Friday.", "Nobody deploys on a Friday.", False),
    ("Use ruff for formatting.", "Use ruff for linting.", False),  # a purpose, not a tool: two rules
    ("Always lint with ruff.", "Lint with ruff.", False),
    ("Use uv to install packages.", "Use uv to add packages.", False),
    ("Pick one of the two staging databases.", "Pick either staging database.", False),
])
def test_which_pairs_state_another_value(new, old, swapped):
    assert values_swapped(new, old) is swapped


@pytest.mark.parametrize(("old", "new"), [
    ("Add tests for every new endpoint.", "Add docs for every new endpoint."),
    ("Use ruff for formatting.", "Use ruff for linting."),
    # one code span for another: a parallel rule (`invoices` of `orders`) as often as another value (`pnpm` of `npm`);
    # never a vote, and the reviewer is told which lesson it differs from (review28 R28-12)
    ("Put migrations in `db/migrations`.", "Put migrations in `migrations/`."),
    ("Use `npm` for installs.", "Use `pnpm` for installs."),
])
def test_one_other_word_is_another_rule_beside_the_lesson_not_a_vote_for_it(tmp_path, old, new):
    store = make_store(tmp_path, approved=[lesson("L-0001", old)])
    result = curate(store, [add(new)])
    (added,) = result.applied
    assert added["op"] == "ADD" and not added.get("supersedes")
    assert sorted(l["text"] for l in result.candidate) == sorted([old, new])
    # the person who reviews it sees which lesson it differs from, and in which word (review28 R28-12)
    (staged,) = [l for l in result.candidate if l["text"] == new]
    assert "differs from L-0001 in one word" in staged["provenance"] and "keep both, or reject one" in staged["provenance"]


@pytest.mark.parametrize(("old", "new"), [
    ("Run migrations before deploying.", "Run migrations after deploying."),
    ("Deploy the web app with the build cache enabled.", "Deploy the web app with the build cache disabled."),
])
def test_the_opposite_word_replaces_the_lesson_for_a_person_to_decide(tmp_path, old, new):
    store = make_store(tmp_path, approved=[lesson("L-0001", old)])
    result = curate(store, [add(new)])
    (added,) = [a for a in result.applied if a["op"] == "ADD"]
    assert added["supersedes"] == "L-0001" and not any(a["op"] == "HELPFUL" for a in result.applied)


@pytest.mark.parametrize(("old", "new"), [
    ("Run the linter before every push.", "Run the linter before each push."),
    ("Keep configs in the repo root.", "Keep configs in the repository root."),
    ("Use pnpm for installs.", "Use pnpm for installing."),  # another form of the word (review28 R28-12)
    ("Never edit generated files.", "Never edit autogenerated files."),
    ("Prefer composition over inheritance.", "Prefer composition to inheritance."),
    ("Use `ref()` for model dependencies.", "Use `ref('orders')` for model dependencies."),  # one name
])
def test_one_word_that_says_the_same_is_still_a_vote(tmp_path, old, new):
    store = make_store(tmp_path, approved=[lesson("L-0001", old)])
    assert [a["op"] for a in curate(store, [add(new)]).applied] == ["HELPFUL"]


def test_a_plain_prose_opposite_replaces_the_lesson_for_a_person_to_decide(tmp_path):
    # both in force would tell the agent two opposite things; a name's opposite is the overlap check's (test_polarity)
    store = make_store(tmp_path, approved=[lesson("L-0001", "Store money as floats in the ledger.")])
    result = curate(store, [add("Never store money as floats in the ledger.")])
    (added,) = [a for a in result.applied if a["op"] == "ADD"]
    assert added["supersedes"] == "L-0001" and added["note"] == "says the opposite of the lesson it replaces"
    assert not any(a["op"] == "HELPFUL" for a in result.applied)


def _curated(tmp_path, old: str, new: str):
    """The curator's result for an ADD of ``new`` against the one approved lesson ``old`` (L-0001)."""
    return curate(make_store(tmp_path, approved=[lesson("L-0001", old)]), [add(new)])


def _staged(result, text: str) -> dict:
    (staged,) = [l for l in result.candidate if l["text"] == text]
    return staged


@pytest.mark.parametrize(("old", "new", "words"), [
    ("The orders table is partitioned by month in Snowflake.", "The events table is partitioned by day in Snowflake.",
     '"events" for "orders", "day" for "month"'),
    ("Frontend code is reviewed by the web team before every merge.",
     "Backend code is reviewed by the platform team before every merge.",
     '"Backend" for "Frontend", "platform" for "web"'),
])
def test_two_other_words_are_another_fact_beside_the_lesson_not_a_vote_for_it(tmp_path, old, new, words):
    """review28: two words apart in the same places were a HELPFUL vote for the old lesson and the new fact was lost."""
    result = _curated(tmp_path, old, new)
    (added,) = result.applied
    assert added["op"] == "ADD" and not added.get("supersedes")
    assert sorted(l["text"] for l in result.candidate) == sorted([old, new])
    assert f"differs from L-0001 in two words ({words}): keep both, or reject one" in _staged(result, new)["provenance"]


@pytest.mark.parametrize(("old", "new"), [
    ("Add tests for every new endpoint in the API.", "Add test for each new endpoint in the API."),
    ("Write docstrings for every public function in the package.",
     "Write docstring for each public function in the package."),
    ("Release branches are cut from main every Tuesday at noon.", "Release branches are cut from main on Tuesdays at noon."),
])
def test_words_apart_that_say_the_same_still_vote(tmp_path, old, new):
    result = _curated(tmp_path, old, new)
    assert [a["op"] for a in result.applied] == ["HELPFUL"]
    assert [l["text"] for l in result.candidate] == [old]


@pytest.mark.parametrize(("old", "new"), [
    ("Use sync database calls in request handlers.", "Use async database calls in request handlers."),
    ("Treat an empty string as valid input here.", "Treat an empty string as invalid input here."),
    ("Store money amounts as signed integers.", "Store money amounts as unsigned integers."),
    ("Make the config objects mutable.", "Make the config objects immutable."),
    ("Keep the snapshot tests deterministic.", "Keep the snapshot tests nondeterministic."),
    ("Install command line tools with pip.", "Install command line tools with pipx."),
    ("Build the native code with make.", "Build the native code with cmake."),
    ("Run the frontend tests with vite.", "Run the frontend tests with vitest."),
    ("Write the build scripts in java.", "Write the build scripts in javascript."),
    ("Retry three times before failing the upload job.", "Retry twice before failing the upload job."),
    ("Keep test files under 200 lines.", "Keep test files under a hundred lines."),
])
def test_an_opposite_or_another_name_that_contains_the_word_is_never_a_vote(tmp_path, old, new):
    """review29 R29-1/R29-2: "async" was "a form of" "sync", "pipx" of "pip", "twice" no number: HELPFUL for the old
    rule, the new one dropped. Now it replaces the lesson for review (an opposite, another value) or sits beside it."""
    result = _curated(tmp_path, old, new)
    assert "HELPFUL" not in [a["op"] for a in result.applied]
    assert new in [l["text"] for l in result.candidate]


@pytest.mark.parametrize(("old", "new"), [
    ("Run the linters before pushing.", "Run the linter before pushing."),
    ("Mark generated files in the header.", "Mark autogenerated files in the header."),
    ("Keep production secrets in the vault.", "Keep prod secrets in the vault."),
    ("Use one worker per queue in staging.", "Use a single worker per queue in staging."),
])
def test_forms_and_short_forms_still_vote(tmp_path, old, new):
    result = _curated(tmp_path, old, new)
    assert [a["op"] for a in result.applied] == ["HELPFUL"]


def test_the_note_quotes_the_words_as_written_and_one_as_a_pronoun_is_no_number(tmp_path):
    """review29 R29-2: the note said ("fourty" for "40") and ("1" for "client")."""
    from altimate_learn.curate.names import value_words

    assert value_words("Prefer the sync one over the async one.") == frozenset()
    assert value_words("Keep one replica per zone.") == {"1"}
    old, new = "Keep the old client around until the migration ends.", "Keep the old one around until the migration ends."
    assert 'in one word ("one" for "client")' in _staged(_curated(tmp_path, old, new), new)["provenance"]
    old, new = "Keep functions under forty lines.", "Keep functions under fourty lines."
    assert 'in one word ("fourty" for "forty")' in _staged(_curated(tmp_path / "b", old, new), new)["provenance"]


@pytest.mark.parametrize(("old", "new", "said"), [
    ("Pin the action versions to a commit sha.", "Pin the action versions to a tag.",
     'in one place ("tag" for "commit sha")'),
    ("Pin the Docker base images to a digest in production Dockerfiles.",
     "Pin the Docker base images to a minor version in production Dockerfiles.",
     'in one place ("minor version" for "digest")'),
])
def test_other_words_of_another_length_in_one_place_are_another_rule(tmp_path, old, new, said):
    """review29: "… to a tag." was a HELPFUL vote for "… to a commit sha.": the texts differ in length, so the
    word-for-word reading did not see the replaced words."""
    result = _curated(tmp_path, old, new)
    assert [a["op"] for a in result.applied] == ["ADD"]
    assert f"differs from L-0001 {said}: keep both, or reject one" in _staged(result, new)["provenance"]


@pytest.mark.parametrize(("old", "new"), [
    ("Run the tests before pushing to GitHub.", "Run the tests before every push to GitHub."),
    ("Deploy with Helm, not kubectl apply.", "Deploy with `helm`, not `kubectl apply`."),
    ("Open a PR for every change to main.", "Open a pull request (PR) for every change to main."),
    ("Use pnpm, not npm, for installs.", "Use pnpm, not npm, for installs (see README)."),
])
def test_words_added_or_written_otherwise_still_vote(tmp_path, old, new):
    result = _curated(tmp_path, old, new)
    assert [a["op"] for a in result.applied] == ["HELPFUL"]


@pytest.mark.parametrize(("old", "new", "said"), [
    ("Store secrets in the team vault, never in the repo.", "Store secrets in AWS Secrets Manager, never in the repo.",
     'in one place ("AWS Secrets Manager" for "the team vault")'),
    ("Deploy the api from the main branch.", "Deploy the api from the release/2024 branch.",
     'in one word ("release/2024" for "main")'),
])
def test_the_note_quotes_each_place_as_written(tmp_path, old, new, said):
    """review29 R29-10: the note paired words by position ("aws" for "the", "secrets" for "team" …) and lower-cased."""
    result = _curated(tmp_path, old, new)
    assert f"differs from L-0001 {said}: keep both, or reject one" in _staged(result, new)["provenance"]


def test_turn_off_is_no_opposite_of_disable(tmp_path):
    """review29's note: "Never turn off the type checker" was staged as replacing "Never disable the type checker" as
    "says the opposite" (the phrasal verb counted no negation); it says the same, at most another wording."""
    old, new = "Never disable the type checker in CI.", "Never turn off the type checker in CI."
    result = _curated(tmp_path, old, new)
    assert not any(a.get("supersedes") or a["op"] == "REMOVE" for a in result.applied)
    assert old in [l["text"] for l in result.candidate]


@pytest.mark.parametrize(("text", "values"), [
    ("Keep test files under two hundred lines.", {"200"}),
    ("Cap a page at two hundred and fifty rows.", {"250"}),
    ("Batch three thousand two hundred rows at a time.", {"3200"}),
    ("Retry once before failing the upload job.", {"1"}),
    ("Run the full sync once a day.", {"1"}),
    ("Once the build passes, deploy the api.", set()),
    ("Run migrations once CI passes.", {"ci"}),
    ("Apply all 3 patches at once.", {"3"}),
])
def test_multiplied_numbers_and_once_as_a_count_read_as_their_value(text, values):
    """"two hundred" read as 2 (a rule of 200 lines and one of 2 lines were the same value); "once" was no number, so
    "Retry once" and "Retry twice" differed by a word rather than a value. The conjunction "once" stays a word."""
    from altimate_learn.curate.names import value_words

    assert value_words(text) == values


@pytest.mark.parametrize(("old", "new", "vote"), [
    ("Keep test files under 200 lines.", "Keep test files under two hundred lines.", True),
    ("Keep test files under 300 lines.", "Keep test files under two hundred lines.", False),
    ("Retry once before failing the upload job.", "Retry twice before failing the upload job.", False),
    ("Retry 1 time before failing the upload job.", "Retry once before failing the upload job.", True),
])
def test_a_number_in_words_votes_only_for_the_same_value(tmp_path, old, new, vote):
    result = _curated(tmp_path, old, new)
    assert ("HELPFUL" in [a["op"] for a in result.applied]) is vote
    if not vote:
        assert new in [l["text"] for l in result.candidate]


@pytest.mark.parametrize(("old", "new"), [
    ("Never use floats for money in billing.", "Don't use floats for money in billing."),
    ("Do not edit merged migrations.", "Don't edit merged migrations."),
    ("Never edit merged migrations.", "Do not ever edit merged migrations."),
    ("Use pnpm, not npm, in this repo.", "Use pnpm instead of npm in this repo."),
    ("Use httpx instead of requests in the API client.", "Use httpx, not requests, in the API client."),
    ("Never disable the type checker in CI.", "Never turn the type checker off in CI."),
    ("Disable telemetry in the test config.", "Turn telemetry off in the test config."),
    ("Shut down the worker before migrations.", "Shut off the worker before migrations."),
    ("Keep functions under two hundred lines.", "Keep functions under 200 lines."),
    ("Retry once after a timeout.", "Retry one time after a timeout."),
    ("Cap each nightly import job at a hundred thousand rows per batch.",
     "Cap each nightly import job at 100000 rows per batch."),
    ("Cap each nightly import job at two thousand rows per batch.", "Cap each nightly import job at 2,000 rows per batch."),
])
def test_a_rule_in_other_negation_or_number_words_is_a_vote(tmp_path, old, new):
    """review30 R30-1/3/4: "Don't …" for "Never …", "instead of" for "not", "turn X off" for "disable X", "200" for
    "two hundred", "2,000" for "two thousand" were kept as a second rule beside the first (a note asking the person to
    choose, or nothing), or replaced it as "the opposite" / "another value"."""
    result = _curated(tmp_path, old, new)
    assert [a["op"] for a in result.applied] == ["HELPFUL"]
    assert [l["text"] for l in result.candidate] == [old]


@pytest.mark.parametrize(("old", "new"), [
    ("Never use floats for money in billing.", "Always use floats for money in billing."),
    ("Do not edit merged migrations.", "Do edit merged migrations."),
    ("Enable strict mode in tsconfig.", "Turn off strict mode in tsconfig."),
    ("Enable telemetry in the test config.", "Turn telemetry off in the test config."),
    ("Cap each nightly import job at two thousand rows per batch.", "Cap each nightly import job at 3,000 rows per batch."),
])
def test_the_same_words_saying_the_opposite_or_another_value_replace_the_rule_for_review(tmp_path, old, new):
    result = _curated(tmp_path, old, new)
    assert [a["op"] for a in result.applied] == ["REMOVE", "ADD"]
    assert [l["text"] for l in result.candidate] == [new]


@pytest.mark.parametrize(("text", "values"), [
    ("Cap a batch at a hundred thousand rows.", {"100000"}),
    ("Cap a batch at 2,000 rows, never 100,000.", {"2000", "100000"}),
    ("Give each worker between 2 and 3 hundred MB.", {"2", "300", "mb"}),
    ("Keep pages between two hundred and three hundred rows.", {"200", "300"}),
    ("Listen on ports 8080,443.", {"8080", "443"}),
    ("Retry on 502,503,504 only.", {"502", "503", "504"}),
    ("Keep a batch under 1,234,567 rows.", {"1234567"}),
    ("Keep a batch under 250,000 rows.", {"250000"}),
])
def test_grouped_digits_and_joined_multipliers_read_as_one_value(text, values):
    from altimate_learn.curate.names import value_words

    assert value_words(text) == values


@pytest.mark.parametrize(("old", "new"), [
    ("Run the smoke tests before the rollout.", "Run the smoke tests only after the rollout."),
    ("Deploy the api before the web app is built.", "Deploy the api only after the web app is built."),
])
def test_an_opposite_in_a_longer_phrase_replaces_the_rule_for_review(tmp_path, old, new):
    """review30: "… only after the rollout" was a HELPFUL vote for "… before the rollout" (one word for two, so the
    word-for-word opposite check never saw "after" against "before")."""
    result = _curated(tmp_path, old, new)
    assert [a["op"] for a in result.applied] == ["REMOVE", "ADD"]
    assert [l["text"] for l in result.candidate] == [new]


def test_a_negation_moved_to_another_place_is_no_vote(tmp_path):
    """review30: "Run migrations in the request handler, never at startup." was a HELPFUL vote for "Never run
    migrations in the request handler." (the same words; one negation each, in other places)."""
    old, new = "Never run migrations in the request handler.", "Run migrations in the request handler, never at startup."
    result = _curated(tmp_path, old, new)
    assert [a["op"] for a in result.applied] == ["ADD"]
    assert 'differs from L-0001 in one place ("never at startup" for "Never")' in _staged(result, new)["provenance"]
    again = _curated(tmp_path / "b", old, "Do not run migrations in the request handler.")
    assert [a["op"] for a in again.applied] == ["HELPFUL"]
