"""What a request says besides its words (issue 19, round 5): a lone letter is chat shorthand, not a topic; an
amount with a currency sign is about money; a carousel runs on a timer; "3 pods" is a replica count; a churn
rate is a ratio. Each family has look-alikes that share a word and must not pull the lesson in."""

from __future__ import annotations

import pytest

from altimate_learn.deliver import concepts, implied
from altimate_learn.deliver.morphology import fold
from altimate_learn.deliver.select import held_back, query_terms, rank_file, rank_file_scored, relevant
from altimate_learn.deliver.tokenize import folded_words, money_amounts, without_idioms
from tests.deliver.test_select import corpus, ids

N_PLUS_ONE = ("L-n001", "Load relationships with `selectinload()` to avoid N+1 queries in list endpoints.",
              {"paths": ["services/api/app/db/**"]})

# The conventions of every file under web/src/** (a bucket: which ones a file shows first is up to the request).
WEB = [
    ("L-w001", "Build forms with `react-hook-form` and `zod` schemas from `web/src/schemas`.", 9),
    ("L-w002", "Show API errors with `toastError()`, which maps error codes to translated messages.", 9),
    ("L-w003", "Memoize expensive list rows with `React.memo` only after profiling shows a problem.", 8),
    ("L-w004", "Read the current user with `useSession()`; never decode the JWT in the browser.", 8),
    ("L-w005", "Read feature flags with `useFlag()`; never compare environment names in components.", 7),
    ("L-w006", "Show relative times with `<RelativeTime>`, which updates itself.", 7),
    ("L-w007", "Use union string types instead of TypeScript `enum`.", 6),
    ("L-w008", "Import API types from the generated client; never redeclare response shapes.", 6),
    ("L-w009", "Clear intervals and timeouts in effect cleanups.", 0),
    ("L-w010", "Format money with `formatMoney()`; amounts from the API are integer cents.", 0),
]


def _web(*more: tuple):
    return corpus(*[(i, text, {"paths": ["web/src/**"], "net": net}) for i, text, net in WEB], *more, filler=True)


def _concepts(text: str) -> list[str]:
    singles, pairs = concepts.build_tables(fold)
    return concepts.concept_terms(folded_words(text), singles, pairs)


def _implied(text: str) -> list[str]:
    singles, pairs = implied.build_tables(fold, {concepts.PREFIX + "timer"})
    return concepts.concept_terms(folded_words(text), singles, pairs)


# --- lone letters ------------------------------------------------------------------------------------------

def test_a_lone_letter_of_chat_shorthand_does_not_bring_the_one_lesson_that_holds_it():
    c = corpus(N_PLUS_ONE, filler=True)
    for request in ("the tips carousel spins faster n faster every time u reopen the sidebar",
                    "the export doesn't finish on tuesday's run",
                    "we got 502s during the deploy, r u sure the probe is right"):
        assert "L-n001" not in ids(c, [d for _, d in relevant(c, query_terms(c, request))]), request


def test_a_letter_written_as_notation_still_finds_its_lesson():
    c = corpus(N_PLUS_ONE, filler=True)
    found = ids(c, [d for _, d in relevant(c, query_terms(c, "the orders list endpoint has an n+1 problem"))])
    assert "L-n001" in found
    assert without_idioms("port it to C# and C++, n faster") == "port it to C and C faster"


def test_the_tail_of_a_contraction_does_not_bring_the_one_lesson_that_holds_it():
    """"we're", "you've", "they'll" (also with a typographic apostrophe) leave "re", "ve", "ll": no words, though
    "re" is a term of the one lesson that writes "re-raising", which it brought to any request saying "we're"."""
    c = corpus(("L-r001", "Never catch bare `Exception` without re-raising or logging with the traceback.",
                {"paths": ["services/**"]}), filler=True)
    for request in ("we're building a bulk-edit feature for the pilot", "they\u2019re seeing a blank dashboard",
                    "you've got the wrong branch, we'll redo it"):
        assert "L-r001" not in ids(c, [d for _, d in relevant(c, query_terms(c, request))]), request
    assert without_idioms("we're sure you\u2019ve seen it; they'll re-run it") == "we sure you seen it they re run it"
    assert without_idioms("the 're' prefix") == "the re prefix"  # quoted, not a contraction


# --- amounts of money --------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, amounts", [
    ("the subtotal shows '€123,400.00' when it should read £1,234.00", 2),
    ("customer on the $49/mo plan moves to $99/mo on day 12", 2),
    ("refund $12.50 and not $1", 1),
    ("¥ 500 and $5k budget", 2),
    ("echo $HOME and ${name}", 0),
    ("the regex replacement uses $1 and $2", 0),
    ("awk '{print $1, $2}' and sed 's/x/$1/'", 0),
])
def test_amounts_written_with_a_currency_sign_are_counted_and_shell_variables_are_not(text, amounts):
    assert money_amounts(text) == amounts


def test_a_pasted_amount_brings_the_money_rule_among_a_folders_conventions():
    """The request never says "money": the amounts it pastes do."""
    c = _web()
    path = "web/src/features/billing/InvoiceDetail.tsx"
    request = "invoice detail is wrong for a UK customer: shows '€123,400.00' and should read £1,234.00"
    assert "L-w010" in ids(c, rank_file(c, path, query_terms(c, request), 5)[:5])
    lookalike = "invoice detail is wrong for a UK customer: shows the old address and should read the new one"
    assert "L-w010" not in ids(c, rank_file(c, path, query_terms(c, lookalike), 5)[:5])
    shell = "the deploy script echoes $HOME and $1 wrong on the invoice detail page"
    assert fold("money")[0] not in query_terms(c, shell)


# --- timers --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("request_text", [
    "the tips carousel in the sidebar spins faster every time u collapse and reopen it",
    "add a slideshow of customer logos to the landing page",
    "show a countdown until the sale ends",
    "the dashboard should auto refresh while it is open",
])
def test_widgets_that_run_on_a_timer_point_at_the_interval_cleanup_rule(request_text):
    c = _web()
    terms = query_terms(c, request_text)
    assert implied.PREFIX + "timer" in terms
    assert "L-w009" in ids(c, rank_file(c, "web/src/components/Widget.tsx", terms, 5)[:5])


@pytest.mark.parametrize("request_text", [
    "add a price slider to the filters panel",
    "rotate the api keys for the payment provider",
    "show the ticker symbol next to each holding",
    "the landing page should load faster",
])
def test_look_alikes_of_timed_widgets_imply_no_timer(request_text):
    assert implied.PREFIX + "timer" not in _implied(request_text)


# --- replica counts and business rates ----------------------------------------------------------------

def test_a_number_of_pods_is_about_scaling_and_other_pods_and_replicas_are_not():
    for text in ("it only runs a single pod, set it to 3 pods", "bump it to three replicas", "raise the pod count"):
        assert "~scaling" in _concepts(text), text
    for text in ("run pod install after adding the new pods", "add a read replica for the reporting db",
                 "spin up a replica of the database", "the pods keep restarting"):
        assert "~scaling" not in _concepts(text), text


def test_a_replica_count_brings_the_autoscaling_rule_to_the_deployment():
    c = corpus(*[(f"L-k{i:03d}", text, {"paths": ["k8s/**"], "net": net}) for i, (text, net) in enumerate([
        ("Every Deployment with more than one replica has a PodDisruptionBudget.", 5),
        ("Set CPU and memory requests and limits on every container.", 5),
        ("Label every resource with `app.kubernetes.io/name` and `app.kubernetes.io/part-of`.", 4),
        ("Run containers as non-root with a read-only root filesystem.", 4),
        ("Pin images by digest in production manifests, never by the `latest` tag.", 3),
        ("Give every Deployment liveness and readiness probes on separate endpoints.", 3),
        ("Mount configuration from ConfigMaps; never bake environment config into images.", 2),
        ("Scale Deployments with an HPA on CPU at 70 percent; never set replicas by hand in production.", 0),
    ])], filler=True)
    request = "the pricing engine only runs one pod and it got evicted in the node upgrade, set it to 3 pods"
    assert "L-k007" in ids(c, rank_file(c, "k8s/pricing-engine/deployment.yaml", query_terms(c, request), 5)[:5])


def test_a_business_rate_is_a_ratio_and_other_rates_are_not():
    for text in ("monthly churn rate by plan", "retention rate per cohort", "bounce rate of the landing page",
                 "click through by campaign"):
        assert "~ratio" in _concepts(text), text
    for text in ("rate limit the login endpoint", "take the exchange rate from the ECB", "the frame rate drops",
                 "rate the answers from 1 to 5"):
        assert "~ratio" not in _concepts(text), text


def test_uuid_versions_name_the_identifier_idea():
    assert "~identifier" in _concepts("I'd just reach for uuid4 as the default")
    assert "~identifier" in _concepts("Use `uuid7()` from `app.ids` for new primary keys")


# --- periods with nothing in them ------------------------------------------------------------------------

DATE_SPINE = ("L-d001", "Use the `date_spine` macro to build calendars; never hard-code date lists.",
              {"paths": ["models/**"]})
SAFE_DIVIDE = ("L-d002", "Divide with `safe_divide()` so a zero denominator returns null instead of failing.",
               {"paths": ["models/**"]})


@pytest.mark.parametrize("request_text", [
    "the monthly revenue chart has gaps for months with no sales",
    "product wants a daily active users model, one row per day even when nobody logged in",
    "weekly signups chart skips the weeks where nobody signed up, should show zero",
])
def test_a_period_with_nothing_in_it_is_about_a_calendar(request_text):
    c = corpus(DATE_SPINE, SAFE_DIVIDE, filler=True)
    terms = query_terms(c, request_text)
    assert "~calendar" in terms and "~division" not in terms


@pytest.mark.parametrize("request_text", [
    "no logs for 3 days after the deploy",
    "zero downtime deploys this week",
    "we have no tests for the date parser",
    "the retry waits a day before it gives up",
])
def test_absence_and_a_period_far_apart_are_no_empty_period(request_text):
    c = corpus(DATE_SPINE, SAFE_DIVIDE, filler=True)
    assert "~calendar" not in query_terms(c, request_text)


def test_an_average_over_an_empty_period_divides_by_zero():
    ratios = ("L-d003", "Compute ratios in the BI layer; marts store numerators and denominators separately.",
              {"paths": ["models/marts/**/*.sql"]})
    c = corpus(DATE_SPINE, SAFE_DIVIDE, ratios, filler=True)
    terms = query_terms(c, "average order value blows up on days with no orders")
    assert "~calendar" in terms and "~division" in terms
    assert "~division" not in query_terms(c, "average order value by day")


# --- a file's second batch --------------------------------------------------------------------------------

MARTS = [  # the conventions of every mart model: none of them is what the requests below are about
    "State the grain of every mart model in a yml `description`.",
    "Subtract refunds in `fct_payments`, not in downstream revenue models.",
    "Name fact models `fct_<event>` and dimension models `dim_<entity>` in marts.",
    "Partition large fact tables by event date and cluster by the most filtered column.",
    "Report revenue in USD in marts and keep local-currency columns with a suffix.",
    "Map raw status codes through the `status_mapping` seed instead of case statements.",
    "Join on surrogate keys built with `dbt_utils.generate_surrogate_key()`, never on natural keys.",
    "Join slowly changing dimensions with `valid_from <= event_at < valid_to`.",
]
MODELS = [  # the rules of every model
    "Use `ref()` for model dependencies; never select from raw tables in models.",
    "Give incremental models a `unique_key` so late-arriving updates merge instead of duplicating.",
    "Start every model with import CTEs that only select from `ref()` or `source()`.",
    "Never use `select *` in a final CTE of a model; list the columns explicitly.",
    "Prefer `union all` over `union` in models unless duplicates must really be removed.",
    "Declare every raw table a model reads in `models/staging/_sources.yml` with its owner.",
    DATE_SPINE[1],
]


def _marts():
    return corpus(*[(f"L-m{i:03d}", text, {"paths": ["models/marts/**/*.sql"], "net": 5}) for i, text in enumerate(MARTS)],
                  *[(f"L-b{i:03d}", text, {"paths": ["models/**"]}) for i, text in enumerate(MODELS)], filler=True)


def test_an_edit_shows_the_broader_rule_the_request_names_before_the_narrower_ones_it_does_not():
    """The first batch is the narrowest rules (specificity first); what an edit adds starts with a rule of a
    broader level that a word or idea of the request points at, before the narrow rules nothing points at."""
    c = _marts()
    path = "models/marts/marketing/fct_weekly_signups.sql"
    terms = query_terms(c, "weekly signups chart skips the weeks where nobody signed up, should show zero")
    scored = rank_file_scored(c, path, terms, 5)
    assert "L-b006" not in ids(c, [i for i, _, _ in scored[:5]])
    second = ids(c, held_back(scored, 5, c, terms))
    unpointed = [c.ids[i] for i, _, relevance in scored if relevance <= 0 and c.ids[i].startswith("L-m")]
    assert unpointed and all(second.index("L-b006") < second.index(m) for m in unpointed)


def test_an_edit_keeps_the_narrower_rules_before_broad_ones_only_a_common_word_points_at():
    c = _marts()
    path = "models/marts/finance/fct_disputes.sql"
    terms = query_terms(c, "add a model for disputes")
    scored = rank_file_scored(c, path, terms, 5)
    second = ids(c, held_back(scored, 5, c, terms))
    narrow = [i for i in second if i.startswith("L-m")]
    assert len(narrow) == len(MARTS)
    assert all(second.index(m) < second.index(b) for m in narrow for b in second if b.startswith("L-b"))


# --- look-alikes of the families (review of round 5) -------------------------------------------------------

@pytest.mark.parametrize("text", [
    "the logo should scale to the width of the header on mobile",
    "make the hero image scale to fit its container without stretching",
    "the chart is scaled to 50% on small screens, make it full width",
])
def test_an_image_or_chart_that_scales_to_fit_is_no_replica_count(text):
    assert "~scaling" not in _concepts(text)


@pytest.mark.parametrize("text", [
    "fix the awk one-liner, it prints $10 instead of $11",
    "the regex replacement needs $12, not $10",
    "render $10^3$ in the LaTeX footnote",
    "`printf '%s' $10.00` prints nothing",
])
def test_fields_groups_and_latex_with_two_digits_are_no_money(text):
    assert money_amounts(text) == 0


@pytest.mark.parametrize("text, amounts", [
    ("the plan costs $1,200 a year, or $10.00 a month, or $9/seat", 3),
    ("charge $40 USD, not USD $40 twice", 2),
])
def test_dollar_amounts_in_a_money_shape_are_money(text, amounts):
    assert money_amounts(text) == amounts


@pytest.mark.parametrize("request_text", [
    "the bot updates every user's avatar when they log in, make it lazy",
    "our release script updates every package.json in the monorepo; skip the private ones",
    "refresh every cached page after the deploy",
])
def test_updating_every_thing_is_no_timer(request_text):
    c = _web()
    assert implied.PREFIX + "timer" not in query_terms(c, request_text)


@pytest.mark.parametrize("request_text", [
    "the stock widget refreshes every 30 seconds and keeps going after I leave the page",
    "the price badge updates every minute while the tab is open",
    "the status panel reloads every few seconds",
])
def test_a_view_redrawn_on_a_clock_points_at_the_interval_cleanup_rule(request_text):
    c = _web()
    terms = query_terms(c, request_text)
    # the timer idea, implied by the clock, or named when the widget also goes on after the page is left
    # (shapes.lingering)
    assert implied.PREFIX + "timer" in terms or "~timer" in terms
    assert "L-w009" in ids(c, rank_file(c, "web/src/components/Widget.tsx", terms, 5)[:5])


@pytest.mark.parametrize("request_text", [
    "skip the daily standup summary in the slack digest for now",
    "the hourly job has no retries, add them",
    "the weekly report email has no unsubscribe link",
])
def test_a_period_word_near_an_absence_that_governs_no_data_is_no_empty_period(request_text):
    c = corpus(DATE_SPINE, SAFE_DIVIDE, filler=True)
    assert "~calendar" not in query_terms(c, request_text)


@pytest.mark.parametrize("request_text", [
    "the signups report drops days with zero signups",
    "orders per week leaves out weeks without orders",
])
def test_periods_without_rows_in_other_words_are_about_a_calendar(request_text):
    c = corpus(DATE_SPINE, SAFE_DIVIDE, filler=True)
    assert "~calendar" in query_terms(c, request_text)


def test_the_shapes_word_lists_come_folded_with_the_prepared_corpus(monkeypatch):
    """perf42: a prompt's hook folded the shapes' hundred words on every call (a few per cent of its time); they are
    folded when the corpus is prepared, and a request finds the same shapes with them."""
    from altimate_learn.deliver import shapes
    from altimate_learn.deliver.select import query_terms
    from tests.deliver.test_select import corpus

    c = corpus(("L-c001", "Build reports on a date spine so months with no sales still show up.", {}),
               ("L-c002", "Clear every interval when the component unmounts; a timer must not outlive it.", {}),
               filler=True)
    assert c.shapes == shapes.folded_tables()
    requests = ("the revenue chart has gaps for months with no sales", "the dashboard refreshes every 30 seconds")
    expected = [query_terms(c, request) for request in requests]
    monkeypatch.setattr(shapes, "_folded", lambda *groups: pytest.fail("folded at request time"))
    monkeypatch.setattr(shapes, "_empty", [])
    monkeypatch.setattr(shapes, "_timed", [])
    assert [query_terms(c, request) for request in requests] == expected
    assert shapes.PREFIX + "calendar" in expected[0]
