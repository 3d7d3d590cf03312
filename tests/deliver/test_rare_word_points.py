"""A later request with nothing relevant to show gets what a word few lessons hold points at (issue 19, the
floor's one-word misses).

A follow-up such as "while you're in there also bump requests and boto3" shares one word with the rule on
dependency bumps; "bump" is in two lessons of the store, so its idf is under that of a word only one lesson has,
and the relevance floor left the rule out while the request tier showed nothing (blind26 b26-21 at every size).
When no lesson is relevant to the request, a word that at most ``request_lessons`` lessons hold now points at them,
as a word few of a file's lessons hold does in the file tier; a word more lessons hold still points at none, and a
request with relevant lessons gets only those.
"""

from __future__ import annotations

from pathlib import Path

from tests.deliver.helpers import lesson, sample_lessons, write_store
from tests.deliver.test_engine import bullet_ids, session

RENOVATE = lesson("L-0100", "Renovate owns dependency bumps; do not bump unrelated dependencies in a feature branch.")
BRANCH = lesson("L-0101", "Branch names follow `<type>/<ticket>-<slug>`, for example `feat/PLAT-1-login`.")
# "config" in six lessons: more than a request's tier shows, so it alone points at none of them
CONFIG = [lesson(f"L-02{n:02x}", f"Keep the {name} config in `{name}.yaml`, reviewed by the owners of {name}.")
          for n, name in enumerate(["billing", "search", "ingest", "alerts", "exports", "reports"])]
LESSONS = sample_lessons() + [RENOVATE, BRANCH, *CONFIG]


def test_a_follow_up_that_shares_one_rare_word_gets_that_rule(git_repo: Path):
    write_store(git_repo, LESSONS)
    engine = session(git_repo)
    try:
        engine.session_start("startup")
        engine.request("add a health endpoint to the api service")
        later = engine.request("while you're in there also bump requests and boto3, they're ancient")
        assert "L-0100" in bullet_ids(later.text, LESSONS)
        common = engine.request("why is the config so long?")
        assert not set(bullet_ids(common.text, LESSONS)) & {item["id"] for item in CONFIG}
    finally:
        engine.close()
    engine = session(git_repo, "s-2")
    try:  # a request with a relevant lesson gets it, not the bump rule its word "branch" is also in
        engine.session_start("startup")
        engine.request("add a health endpoint to the api service")
        relevant = engine.request("what should I name my branch, and which ticket goes in the branch name?")
        assert bullet_ids(relevant.text, LESSONS) == ["L-0101"]
    finally:
        engine.close()
