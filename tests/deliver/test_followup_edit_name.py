"""An edit in a later topic brings the rule the file's name points at, in the room kept for the follow-up's file
(issue 19, deliver25: blind35 b35-27).

A follow-up "need something on k8s that purges expired sessions every 10 mins" opens `k8s/session-cleaner/cronjob.yaml`:
the `k8s/**` rules the request's words rank fill the file's first five, and the rule on CronJobs, the one thing the
file's name says, came 7th. When the session is near its cap, the edit's second batch had room (the room kept for
another file) only for what the request points at (relevance above 0), so the CronJob rule never came. Now what the
file's name points at (a word of it few of the file's lessons hold) takes that room too.
"""

from __future__ import annotations

from pathlib import Path

from tests.deliver.helpers import lesson, write_store
from tests.deliver.test_engine import bullet_ids, session

K8S = [lesson(f"L-a{n:03x}", text, paths=["k8s/**"], helpful=3) for n, text in enumerate([
    "Every k8s workload container sets CPU and memory requests and a memory limit.",
    "k8s workload secrets come from External Secrets; never commit a `Secret` manifest.",
    "Every k8s workload defines readiness and liveness probes on separate endpoints.",
    "Scale a k8s workload with an HPA on CPU at 70 percent; never set replicas by hand.",
    "A k8s workload runs as non-root with `readOnlyRootFilesystem: true`.",
    "A k8s workload references images by digest in production, never by the `latest` tag.",
    "Label every resource with `app.kubernetes.io/name` and `app.kubernetes.io/part-of`.",
    "Deploy each service to its own namespace named after the service.",
    "Every Deployment with more than one replica has a PodDisruptionBudget.",
    "Each namespace gets a default-deny NetworkPolicy; allow traffic explicitly.",
])]
CRON = lesson("L-c0c1", "CronJobs set `concurrencyPolicy: Forbid` and a `startingDeadlineSeconds`.", paths=["k8s/**"])
WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima",
         "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango", "uniform", "victor", "whiskey",
         "xray", "yankee", "zulu"]
EARNED = [lesson(f"L-b{n:03x}", f"Keep the {a} {b} module apart from the {c} one.", helpful=9)
          for n, (a, b, c) in enumerate(zip(WORDS, WORDS[5:] + WORDS[:5], WORDS[11:] + WORDS[:11]))]
LESSONS = K8S + [CRON] + EARNED


def run(root: Path, cap: int) -> tuple[int, list[str], list[str]]:
    """(room left before the edit, the follow-up file's first lessons, its edit's)."""
    engine = session(root, session_max_lessons=cap, core_lessons=4)
    try:
        engine.session_start("startup")
        engine.request("keep the alpha module apart")
        engine.request("need a k8s workload that purges expired sessions every 10 mins")
        first = bullet_ids(engine.file("k8s/session-cleaner/cronjob.yaml").text, LESSONS)
        room = engine.remaining()
        edit = bullet_ids(engine.file("k8s/session-cleaner/cronjob.yaml", write=True).text, LESSONS)
        return room, first, edit
    finally:
        engine.close()


def test_an_edit_in_a_later_topic_near_the_cap_brings_the_rule_the_files_name_points_at(git_repo: Path):
    write_store(git_repo, LESSONS)
    room, first, edit = run(git_repo, 13)
    assert room == 4 and first == []  # the request showed the file's first five (the rules its words rank)
    assert edit == ["L-a004", "L-c0c1"]  # what the request points at, then what the name does; not the rest


def test_with_room_to_spare_the_edit_brought_it_before_and_still_does(git_repo: Path):
    write_store(git_repo, LESSONS)
    room, _, edit = run(git_repo, 19)
    assert room == 10 and edit == ["L-a004", "L-c0c1", "L-a006", "L-a007", "L-a008"]
