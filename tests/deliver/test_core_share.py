"""The core tier's share of a session (issue 19, tenth round): at the default ``core_lessons`` and in a store larger than
the session cap, of lessons nobody pinned the core tier takes at most a quarter of ``session_max_lessons`` (10 of the
default 40); pinned lessons still fill it up to ``core_lessons``; the
first topic stops at 7/10 of the cap (28), so a second topic has room; `learn doctor` counts the tier the same way."""

from __future__ import annotations

from pathlib import Path

from altimate_learn.deliver.index import load_corpus
from altimate_learn.deliver.select import core_limit
from tests.deliver.helpers import learn_dir, lesson, write_store
from tests.deliver.test_engine import step

FRESH = [lesson(f"L-5{i:03x}", f"House rule number n{i} for the lighthouse keepers.") for i in range(50)]


def test_unpinned_core_lessons_take_a_quarter_of_the_session_cap(git_repo: Path):
    write_store(git_repo, FRESH)
    assert len(step(git_repo, "session_start", "startup").added) == 10  # core_lessons 15, cap 40
    assert len(step(git_repo, "session_start", "startup", session_id="s-2", session_max_lessons=80).added) == 15
    assert len(step(git_repo, "session_start", "startup", session_id="s-3", core_lessons=6).added) == 6
    assert step(git_repo, "session_start", "startup", session_id="s-4", core_lessons=0).added == []
    # a core_lessons a person set is taken as set (review10 R10-10)
    assert len(step(git_repo, "session_start", "startup", session_id="s-5", core_lessons=20).added) == 20


def test_a_store_the_session_can_hold_keeps_its_whole_core_tier(git_repo: Path):
    """A team's first weeks (review10 R10-15): 14 project-wide rules, fewer than the session cap, all arrive."""
    write_store(git_repo, FRESH[:14])
    assert len(step(git_repo, "session_start", "startup").added) == 14
    write_store(git_repo, FRESH[:41])  # one more than the cap: the quarter applies
    assert len(step(git_repo, "session_start", "startup", session_id="s-2").added) == 10


def test_pinned_lessons_fill_the_core_tier_up_to_core_lessons(git_repo: Path):
    pinned = [lesson(f"L-6{i:03x}", f"Pinned rule {word} for the harbour crew.", pinned=True)
              for i, word in enumerate(("anchor", "buoy", "cleat", "davit", "ensign", "fender", "gunwale", "hawser",
                                        "jib", "keel", "lanyard", "mast"))]
    write_store(git_repo, FRESH + pinned)
    start = step(git_repo, "session_start", "startup")
    assert [a["id"] for a in start.added] == [x["id"] for x in pinned]  # all 12, none of the unpinned
    write_store(git_repo, FRESH + pinned[:4])
    again = step(git_repo, "session_start", "startup", session_id="s-2")
    ids = [a["id"] for a in again.added]
    assert len(ids) == 10 and ids[:4] == [x["id"] for x in pinned[:4]]  # 4 pinned, then 6 of the rest
    write_store(git_repo, FRESH + pinned * 2)  # more pinned than core_lessons: core_lessons still binds
    corpus = load_corpus(str(learn_dir(git_repo)), lambda m: None)
    assert core_limit(corpus, 15, 40) == 12 and core_limit(corpus, 8, 40) == 8 and core_limit(corpus, 0, 40) == 0


def test_a_first_topic_stops_at_five_eighths_of_the_cap_and_leaves_a_later_topic_its_tiers(git_repo: Path):
    rules = [lesson(f"L-7{i:03x}", f"Staging convention {word} applies to every staging model.",
                    paths=["models/staging/*.sql"])
             for i, word in enumerate(("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota",
                                       "kappa", "lambda", "mu", "nu", "xi", "omicron", "pi", "rho", "sigma"))]
    cron = [lesson(f"L-8{i:03x}", f"CronJobs in the cluster set {word} explicitly.", paths=["k8s/**"])
            for i, word in enumerate(("concurrencyPolicy", "startingDeadlineSeconds", "backoffLimit",
                                      "successfulJobsHistoryLimit", "activeDeadlineSeconds", "timeZone"))]
    write_store(git_repo, FRESH + rules + cron)
    shown = len(step(git_repo, "session_start", "startup").added)
    shown += len(step(git_repo, "request", "add a staging model for the orders table").added)
    for name in ("stg_orders.sql", "stg_items.sql", "stg_refunds.sql", "stg_users.sql"):
        path = str(git_repo / "models" / "staging" / name)
        shown += len(step(git_repo, "file", path).added)
        shown += len(step(git_repo, "file", path, True).added)  # the edit's second batch
    assert 20 <= shown <= 28  # 18 staging rules in reach: the first topic stops at its budget
    later = step(git_repo, "request", "now a Kubernetes CronJob that runs the orders export nightly")
    opened = step(git_repo, "file", str(git_repo / "k8s" / "export-cronjob.yaml"))
    # the request takes its five (eleventh round: a later request's look-alike matches leave its file both batches);
    # the sixth comes with the edit of the CronJob's file, the second batch
    assert len(later.added) == 5
    edited = step(git_repo, "file", str(git_repo / "k8s" / "export-cronjob.yaml"), True)
    got = {a["id"] for a in later.added} | {a["id"] for a in opened.added} | {a["id"] for a in edited.added}
    assert {x["id"] for x in cron} <= got  # the second topic's six rules all arrive
    assert shown + len(later.added) + len(opened.added) <= 40


def _hook_session(root: Path, session_id: str):
    """A Delivery with the settings the hooks read from the project's config (not a dict built in code)."""
    from altimate_learn.deliver.engine import Delivery
    from altimate_learn.deliver.settings import delivery_settings

    engine = Delivery(str(root), str(root), delivery_settings(str(root), str(root)), "test", lambda m: None)
    engine.open(session_id)
    return engine


def _start(root: Path, session_id: str) -> int:
    engine = _hook_session(root, session_id)
    try:
        return len(engine.session_start("startup").added)
    finally:
        engine.close()


def test_a_core_lessons_of_15_written_in_the_config_is_taken_as_set(git_repo: Path, cli):
    """review10 R10-10 residual: `core_lessons: 15` a person wrote (the default's value) read as the default, so a
    store over the cap delivered 10 and `learn status` printed 15. Now the written value is delivered, and status
    prints what a session starts with (10 at the default, as `learn doctor` counts)."""
    import json

    write_store(git_repo, FRESH)
    config = git_repo / ".altimate-code" / "altimate-code.json"
    assert _start(git_repo, "s-default") == 10
    code, out, _ = cli("status")
    assert code == 0 and "core_lessons=10 (learn.core_lessons 15, left at its default" in out
    config.write_text(json.dumps({"learn": {"core_lessons": 15}}) + "\n")
    assert _start(git_repo, "s-set") == 15
    code, out, _ = cli("status")
    assert code == 0 and "Limits: core_lessons=15, " in out
    code, out, _ = cli("status", "--json")
    assert json.loads(out)["limits"]["core_lessons"] == 15
    config.write_text('{\n  // a comment: the hooks read it through load_settings\n  "learn": {"core_lessons": 15}\n}\n')
    assert _start(git_repo, "s-jsonc") == 15
    config.write_text(json.dumps({"learn": {"core_lessons": -1}}) + "\n")  # passed over: the default's share
    assert _start(git_repo, "s-invalid") == 10
