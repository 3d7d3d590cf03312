"""How people phrase a task: symptoms for rules, a rule's instruction verb in everyday words, a file's name and
folder, an HTTP call written out (issue 19, sixth round)."""

from __future__ import annotations

from pathlib import Path

from altimate_learn.deliver.index import load_corpus
from altimate_learn.deliver.select import query_terms, rank_file, relevant, select_file
from tests.deliver.helpers import lesson, write_store
from tests.deliver.test_select import corpus, ids

SHOW = [("L-s001", "Show API errors with `toastError()`, which maps error codes to translated messages.",
         {"paths": ["web/src/**"], "net": 1}),
        ("L-s002", "Show form errors under the field with `FieldError`; never with `alert()`.",
         {"paths": ["web/src/**"], "net": 1}),
        ("L-s003", "Show relative times with `<RelativeTime>`, which updates itself.", {"paths": ["web/src/**"],
                                                                                       "net": 1})]
WEB = [(f"L-{i:04x}", f"Follow web convention number n{i} for every screen.", {"paths": ["web/src/**"], "net": 5})
       for i in range(20)]


def test_a_verb_several_rules_start_with_does_not_point_at_them():
    """"customers show up twice" is about duplicates, not about the three rules that start with "Show": the
    file's best-earned conventions keep their places, and "show up" is no search word at all."""
    c = corpus(*WEB, *SHOW, filler=True)
    terms = query_terms(c, "the customer list shows duplicates, some rows show twice")
    first = ids(c, select_file(c, "web/src/features/customers/CustomerList.tsx", terms, 5))
    assert not set(first) & {"L-s001", "L-s002", "L-s003"}
    assert "show" not in query_terms(c, "some customers show up 2-3 times after the reload")
    # a verb only one rule starts with is that rule's topic, and still points at it
    c = corpus(*WEB, ("L-d001", "Debounce search inputs by 300 ms with `useDebouncedValue()`.",
                      {"paths": ["web/src/**"]}), filler=True)
    terms = query_terms(c, "please debounce the filter box")
    assert ids(c, select_file(c, "web/src/features/orders/Filters.tsx", terms, 5))[0] == "L-d001"


def test_a_verb_that_is_also_the_rules_topic_still_points_at_them():
    """When a rule says its verb again in its body ("Show the loading state … shown"), it is about showing."""
    more = [(f"L-t{i:03x}", f"Show the {w} banner only where the {w} banner is shown today.", {"paths": ["web/src/**"]})
            for i, w in enumerate(("trial", "promo", "outage"))]
    c = corpus(*WEB, *more, filler=True)
    terms = query_terms(c, "show the banner on the billing page")
    assert set(ids(c, select_file(c, "web/src/features/billing/Billing.tsx", terms, 5))[:3]) == {
        "L-t000", "L-t001", "L-t002"}


def test_a_folder_of_the_file_points_at_the_rules_few_lessons_hold():
    """`services/api/app/domain/money.py` is in the domain layer: with nothing else to tell the 20 conventions of
    `services/**` apart, the one about the domain layer comes before the more helpful ones."""
    folder = [(f"L-{i:04x}", f"Follow service convention number n{i} in every module.", {"paths": ["services/**"],
                                                                                       "net": 5}) for i in range(20)]
    c = corpus(*folder, ("L-z001", "Use frozen dataclasses for value objects in the domain layer.",
                         {"paths": ["services/**"]}), filler=True)
    ranked = [i for i in ids(c, rank_file(c, "services/api/app/domain/money.py", [], 5)) if i.startswith(("L-0", "L-z"))]
    assert ranked[0] == "L-z001"
    assert "L-z001" not in ids(c, select_file(c, "services/api/app/routers/money.py", [], 5))


def test_the_folder_nearest_the_file_says_most_about_it():
    """For `services/api/app/domain/money.py`, the rule naming the domain layer comes before one naming the API,
    which the file's broader folders already say; both before the more helpful conventions that name neither."""
    folder = [(f"L-{i:04x}", f"Follow service convention number n{i} in every module.", {"paths": ["services/**"],
                                                                                       "net": 5}) for i in range(20)]
    c = corpus(*folder, ("L-z001", "Serialize datetimes as ISO 8601 with a `Z` suffix in API responses.",
                         {"paths": ["services/**"], "net": 3}),
               ("L-z002", "Use frozen dataclasses for value objects in the domain layer.", {"paths": ["services/**"]}),
               filler=True)
    ranked = [i for i in ids(c, rank_file(c, "services/api/app/domain/money.py", [], 5)) if i.startswith(("L-0", "L-z"))]
    assert ranked[:2] == ["L-z002", "L-z001"]


def test_an_http_call_written_out_is_about_http():
    """"the client for GET /internal/balances" names an HTTP call: the timeout rule is relevant to it, as to "call
    the balances api"; "get the balances" and SQL's "DELETE FROM" name none."""
    c = corpus(("L-h001", "Every outbound HTTP call sets an explicit timeout from `settings.http_timeout`.",
                {"paths": ["services/**"]}), filler=True)
    assert "~http" in query_terms(c, "write the client for GET /internal/balances")
    assert "~http" in query_terms(c, "POST https://partner.example.com/v1/orders returns 502")
    assert "~http" not in query_terms(c, "get the balances for the report")
    assert "~http" not in query_terms(c, "DELETE FROM orders where the status is void")


def test_a_number_written_with_another_locales_separators_is_about_parsing_numbers():
    """"they type 1.234,50 and the discount is saved as 1.234" is a number in another locale's format: the rule on
    parsing numeric input is relevant, and among a folder's conventions it is in the file's first five, though the
    request says neither "parse" nor "decimal"; numbers in the form parsers expect, versions, dates and lists name
    nothing."""
    from altimate_learn.deliver.select import select_file

    folder = [(f"L-w{i:03x}", f"Follow web convention number n{i} for every screen.", {"paths": ["web/src/**"],
                                                                                        "net": 5}) for i in range(12)]
    c = corpus(*folder, ("L-p001", "Parse numeric input with `parseDecimal()`; `parseFloat` breaks on locale separators.",
                         {"paths": ["web/src/**"]}), filler=True)
    for request in ("German customers type 1.234,50 as the discount and it is saved as 1.234",
                    "the total shows 1 234,50 after the edit", "Swiss users enter 1'234.50 and get an error"):
        terms = query_terms(c, request)
        assert "~decimal" in terms, request
        # the twelve conventions are more helpful: without the idea the rule would not be in the file's five
        assert "L-p001" in ids(c, select_file(c, "web/src/features/billing/DiscountForm.tsx", terms, 5)), request
    for request in ("the total is 1,234.50 as expected", "upgrade to v1.2.3", "deploy on 04.12.2026",
                    "ping 10.0.0.1", "rows 3, 4 and 5 are wrong", "it was saved as 1.234"):
        assert "~decimal" not in query_terms(c, request), request


def test_symptoms_name_the_concern():
    """What people see, in their words: keypresses for debouncing, a red/green dot for colour, holding on to an
    answer for caching."""
    c = corpus(("L-d001", "Debounce search inputs by 300 ms with `useDebouncedValue()`.", {}),
               ("L-c001", "Never convey status by color alone; add an icon or text.", {}),
               ("L-m001", "Cache with `cache.memoize()` from `app.cache` and always pass an explicit TTL.", {}),
               filler=True)
    assert "~debounce" in query_terms(c, "lookup box sends a request on every keypress")
    assert "~debounce" in query_terms(c, "wait until the user stops typing before querying")
    assert "~color" in query_terms(c, "the card shows a green/red dot for ok/failing")
    assert "~cache" in query_terms(c, "can we hold onto the rates for a few minutes")
    status = query_terms(c, "sync status card: a green/red dot for ok/failing")
    assert "L-c001" in ids(c, [doc for _, doc in relevant(c, status)])


def test_a_verb_several_rules_start_with_is_no_shared_topic_for_a_request():
    """"show the order total on the detail page in the web app" shares "show" and "web" with the rules that start
    with "Show" (scoped to `web/src/**`): their phrasing and the folder every web rule names, not a topic, so they
    are not retrieved for the request; a rule that says the verb again in its body still is, and "show" still
    counts for a rule that only one or two rules start with."""
    c = corpus(*WEB[:5], *SHOW, filler=True)
    terms = query_terms(c, "show the order total on the order detail page in the web app")
    assert "show" in terms and "web" in terms
    assert not {"L-s001", "L-s002", "L-s003"} & set(ids(c, [doc for _, doc in relevant(c, terms)]))
    again = ("L-t001", "Show the trial banner only where a trial banner is shown today.", {"paths": ["web/src/**"]})
    c = corpus(*WEB[:5], *SHOW, again, filler=True)
    terms = query_terms(c, "show the trial banner in the web app")
    assert "L-t001" in ids(c, [doc for _, doc in relevant(c, terms)])
    c = corpus(*WEB[:5], *SHOW[:2], filler=True)  # two rules start with "Show": the verb is still their topic
    terms = query_terms(c, "show the order total on the order detail page in the web app")
    assert {"L-s001", "L-s002"} <= set(ids(c, [doc for _, doc in relevant(c, terms)]))


def test_a_rule_that_says_the_verb_in_its_body_does_not_make_the_verb_a_topic_of_the_rules_phrased_by_it():
    """One web rule says "shows" in its body ("… only after profiling shows a problem"): that rule holds the word,
    the three rules that only start with "Show" still do not, so "show the order total" does not bring them to
    the file's first five ahead of its more helpful conventions."""
    memo = ("L-m001", "Memoize expensive list rows with `React.memo` only after profiling shows a problem.",
            {"paths": ["web/src/**"], "net": 1})
    c = corpus(*WEB, *SHOW, memo, filler=True)
    terms = query_terms(c, "show the order total on the order summary")
    first = ids(c, select_file(c, "web/src/features/orders/OrderSummary.tsx", terms, 5))
    assert not set(first) & {"L-s001", "L-s002", "L-s003"}


def test_the_verb_rule_holds_for_a_store_read_back_from_the_prepared_index(tmp_path: Path):
    """Which lessons start with a verb is prepared with the index: the hook that reads the cached index (a new
    process per prompt) leaves the "Show …" rules out of "show the order total" as the one that prepared it did,
    and still retrieves the rule that says "shown" in its body."""
    rules = [lesson(f"L-{i:04x}", text, paths=["web/src/**"]) for i, text in enumerate(
        [text for _, text, _ in SHOW] + [f"Follow web convention number n{i} for every screen." for i in range(5)]
        + ["Show the order total banner only where an order total banner is shown today."])]
    write_store(tmp_path, rules)
    picked = []
    for _ in range(2):
        c = load_corpus(str(tmp_path / ".altimate-code" / "learn"), lambda message: None)
        terms = query_terms(c, "show the order total on the order detail page in the web app")
        picked.append((c.cached, set(ids(c, [doc for _, doc in relevant(c, terms)]))))
    assert [cached for cached, _ in picked] == [False, True]
    assert picked[0][1] == picked[1][1]
    assert "L-0008" in picked[1][1] and not {"L-0000", "L-0001", "L-0002"} & picked[1][1]
