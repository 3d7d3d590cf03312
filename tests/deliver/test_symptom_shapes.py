"""Symptoms that name no convention (issue 19, the vague misses of blind batches 23, 29, 35, 40, 42, 50, 57, 61, 62).

People report what they see, not the rule that was broken: "the calendar tab eats memory if you leave it open, chrome
at 2gb after one night" needs "Clear intervals and timeouts in effect cleanups."; "fct_events rebuilds the whole table
every hour" needs the incremental-model rules; "one bad lookup fails but the other 30 keep running" needs "Use
`asyncio.TaskGroup` instead of bare `gather()`"; "the partner api hung and all our api workers were stuck" needs the
timeout rule of a client module. The request shared no word with the rule, or one idea that its everyday words ("api",
"whole", "open", "state") outweighed among the dozens of conventions of the file's folder.

Three shapes of :mod:`altimate_learn.deliver.shapes` now give such a request the words of what fixes it, as an amount
with a currency sign gives "money": a screen that keeps working after it is left or grows while it stays open
("cleanup", "unmount" and the timer idea), a model that redoes all its history on every run ("incremental"), one
failure among calls made together while the others go on ("cancel sibling" and the concurrency idea). And among a
file's lessons, those holding an idea the request names that the kind of file implies too (a client and a hang: the
timeout) come first in their level.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from altimate_learn.deliver import select
from altimate_learn.deliver.index import load_corpus
from altimate_learn.deliver.shapes import full_rebuild, late_update, lingering, one_fails
from tests.deliver.helpers import hook, lesson, write_store

TIMERS = "Clear intervals and timeouts in effect cleanups."
STORE = Path(__file__).resolve().parents[2] / "stores" / "source_lessons.txt"


def _web_rules() -> list[str]:
    """The sample store's conventions for every web file, but those on timers, memory, opening or effects."""
    rules = [line.split(" | ")[3].strip() for line in STORE.read_text(encoding="utf-8").splitlines()
             if line.startswith("web | web/src/** |")]
    return [r for r in rules if not any(w in r.lower() for w in ("interval", "timer", "memory", "open", "effect"))]


WEB = [lesson(f"L-e{n:03d}", text, paths=["web/src/**"], helpful=9) for n, text in enumerate(_web_rules()[:40], 1)]
WEB_LESSONS = WEB + [lesson("L-e100", TIMERS, paths=["web/src/**"])]

TIMEOUT = "Every outbound HTTP call sets an explicit timeout from `settings.http_timeout`."
SERVICES = [
    "List functions in services return iterators; never load whole tables into memory.",
    "Authenticate service-to-service calls with the mTLS client from `app.mtls`; never share API keys.",
    "Do not use pandas in the API service; it is allowed only in `services/reports`.",
    "Send emails through the `notifications` service, never with SMTP from the API.",
    "Serialize datetimes as ISO 8601 with a `Z` suffix in API responses.",
    "Celery workers take ids, not ORM objects, as task arguments.",
    "Type every public function; `mypy --strict` runs on the services folder.",
    "Format with `ruff format`; black is no longer used in this repository.",
    "Use `pathlib.Path` instead of `os.path` for file paths.",
    "Never log request bodies; they contain customer emails and tokens.",
    "Compile regular expressions at module level, not inside functions called per request.",
    "Mark deprecated functions with `@deprecated` and the removal version.",
]
SERVICE_LESSONS = ([lesson(f"L-f{n:03d}", text, paths=["services/**"], helpful=9) for n, text in enumerate(SERVICES, 1)]
                   + [lesson("L-f100", TIMEOUT, paths=["services/**"])])


def _session(root: Path, prompt: str, path: str) -> str:
    session = str(uuid.uuid4())
    shown = [hook(root, session, "SessionStart", source="startup"),
             hook(root, session, "UserPromptSubmit", prompt=prompt, prompt_id="p1"),
             hook(root, session, "PreToolUse", tool_name="Read", tool_input={"file_path": str(root / path)},
                  tool_use_id="t1")]
    return "\n".join(shown)


def test_a_screen_that_outlives_its_page_or_grows_while_open_brings_the_timer_cleanup_rule(git_repo: Path):
    write_store(git_repo, WEB_LESSONS)  # 40 more helpful rules of web/src/**: helpfulness alone puts the rule last
    assert len(WEB) == 40
    calendar = "web/src/features/calendar/AvailabilityCalendar.tsx"
    assert TIMERS in _session(git_repo, "availability calendar tab eats memory if you leave it open, chrome at 2gb "
                                        "after one night", calendar)
    assert TIMERS in _session(git_repo, "react warns about a state update on an unmounted component when you leave "
                                        "the calendar fast", calendar)
    assert TIMERS not in _session(git_repo, "raise the memory limit of the web pod to 2gb", calendar)


def test_which_requests_tell_of_a_screen_that_keeps_working_after_it_is_left():
    assert lingering("left the live orders page open overnite, tab was at 3GB and still hammering the api")
    assert lingering("NotificationBell keeps polling /notifications after you navigate away from the dashboard")
    assert lingering("sentry is full of 'state update on an unmounted component' from the queue widget")
    assert lingering("browser memory goes up every time someone opens and closes the stats drawer")
    assert lingering("the kitchen display gets slower and slower over a shift")
    assert not lingering("after you close the modal, keep the focus on the button")  # nothing goes on
    assert not lingering("the export needs more memory")  # nothing grows
    assert not lingering("raise the pod memory limit to 2gb")
    assert not lingering("after switching to the new api keep the old client")


def test_a_screen_named_before_the_leaving_still_tells_of_a_screen_left(git_repo: Path):
    """"keeps flashing on other screens long after you closed the map": the screen comes before the word of leaving
    (blind77's toast, in words of our own); the work going on and the leaving are what count, in either order."""
    assert lingering("the 'driver nearby' banner keeps flashing on other screens long after you closed the map")
    assert lingering("a chime keeps ringing in every tab long after I left the queue")
    assert not lingering("other screens look fine after you closed the map")  # nothing goes on
    assert not lingering("the banner keeps flashing on the map screen")  # nothing was left
    assert not lingering("the job keeps retrying long after you closed the laptop")  # no screen
    write_store(git_repo, WEB_LESSONS)
    assert TIMERS in _session(git_repo, "the 'driver nearby' banner keeps flashing on other screens long after you "
                                        "closed the map", "web/src/features/map/DriverMap.tsx")


def test_which_requests_tell_of_a_full_rebuild_on_every_run():
    assert full_rebuild("fct_events rebuilds the whole table every hour and it's taking 40 min now")
    assert full_rebuild("fct_page_views takes 40 mins every run now, it rebuilds the entire history each time")
    assert full_rebuild("it reprocesses all five years of clicks on every run")
    assert full_rebuild("the nightly job spends its time recomputing fct_sessions from scratch")
    assert not full_rebuild("rebuild the docker image")
    assert not full_rebuild("reload the page every time you save")
    assert not full_rebuild("recompute the totals")
    assert not full_rebuild("rebuild the whole frontend bundle")


def test_which_requests_tell_of_one_failure_while_the_other_calls_go_on():
    assert one_fails("one bad sku lookup fails but the other 30 lookups keep running")
    assert one_fails("one failing sub-request leaves the other calls running in the background")
    assert one_fails("if one of the fan-out calls errors, the rest keep going in the background")
    assert not one_fails("the job fails but keeps retrying")
    assert not one_fails("one test fails on ci")


def test_the_shapes_give_the_words_of_what_fixes_them(git_repo: Path):
    write_store(git_repo, WEB_LESSONS + SERVICE_LESSONS + [
        lesson("L-9001", "Incremental models must filter with `is_incremental()` on `updated_at`.", paths=["models/**"]),
        lesson("L-9002", "Use `asyncio.TaskGroup` instead of bare `gather()` so failures cancel sibling tasks.",
               paths=["services/**"])])
    corpus = load_corpus(str(git_repo / ".altimate-code" / "learn"), lambda message: None)
    terms = select.query_terms(corpus, "fct_events rebuilds the whole table every hour")
    assert "incremental" in terms
    terms = select.query_terms(corpus, "one bad lookup fails but the other 30 lookups keep running")
    assert {"cancel", "~concurrency"} <= set(terms)
    terms = select.query_terms(corpus, "the stats drawer eats memory if you leave it open")
    assert {"cleanup", "~timer"} <= set(terms)
    assert not {"incremental", "cancel", "cleanup"} & set(select.query_terms(corpus, "rebuild the docker image"))


def test_a_hang_in_a_client_module_puts_the_timeout_rule_first_among_its_folders_rules(git_repo: Path):
    write_store(git_repo, SERVICE_LESSONS)
    corpus = load_corpus(str(git_repo / ".altimate-code" / "learn"), lambda message: None)
    request = "lab partner api hung and all our api workers were stuck waiting on it, whole app was down"
    terms = select.query_terms(corpus, request)
    client = [corpus.texts[i] for i in select.rank_file(corpus, "services/api/app/integrations/lab_partner_client.py",
                                                         terms, 5)]
    assert client[0] == TIMEOUT
    # the same hang in a file of no kind: the request's words alone order the folder's rules, as before ("api",
    # "workers" and "whole" point at three rules first)
    plain = [corpus.texts[i] for i in select.rank_file(corpus, "services/api/app/domain/lab_results.py", terms, 5)]
    assert plain.index(TIMEOUT) >= 3


def test_rows_changed_after_they_first_loaded_bring_the_updated_at_filter(git_repo: Path):
    assert late_update("same order_id twice whenever an order changed after it first landed")
    assert late_update("orders edited after they first loaded never get their new status")
    assert late_update("duplicate rows when an order gets updated after the first load")
    assert not late_update("update the docs after the release")
    assert not late_update("changed the copy after the design review")
    assert not late_update("the page does not update after I load it")
    write_store(git_repo, [lesson("L-9003", "Incremental models must filter with `is_incremental()` on `updated_at`.",
                                  paths=["models/**"])] + SERVICE_LESSONS)
    corpus = load_corpus(str(git_repo / ".altimate-code" / "learn"), lambda message: None)
    terms = select.query_terms(corpus, "fct_orders has the same order twice whenever an order changed after it first "
                                       "landed")
    assert {"incremental", "updated_at"} <= set(terms)
