"""An edit's second batch starts with the next folder level when the first batch took all of the file's own (deliver28).

A router's file matches five rules of `services/api/app/routers/**`, three of `services/api/**` and thirty of
`services/**`. Its first event shows the five router rules: the limit (5) cut exactly where that level ends. The
edit's second batch was what the request pointed at below the cut, whatever the level: broad rules of `services/**`
sharing an everyday word with the request ("invoice", "link", "users") came, and the three rules of the API folder,
which the request shares no word with, never did ("Return Pydantic response models from FastAPI routes", "Never call
blocking I/O inside `async def` handlers": blind batch 41's misses). Now the level where the limit cut is the next
one, when it is small (at most the file's limit), and its rules come before the broad ones.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from altimate_learn.deliver.select import held_back, query_terms, rank_file_scored
from tests.deliver.helpers import hook, lesson, write_store
from tests.deliver.test_select import corpus, ids

ROUTER_RULES = [
    "POST endpoints that create payments require an `Idempotency-Key` header.",
    "New endpoints go under the `/v2` router; `/v1` is frozen.",
    "Paginate list endpoints with cursor pagination via `paginate_cursor()`, not offset.",
    "Protect every new route with the `require_scope()` dependency.",
    "Return 201 with a `Location` header from create endpoints.",
]
API_RULES = [
    "Return Pydantic response models from FastAPI routes, never raw dicts.",
    "Never call blocking I/O inside `async def` handlers; use the async database session.",
    "Raise `HTTPException` only in routers; services raise domain errors that routers translate.",
]
# Broad rules: each shares one word with the request ("invoice", "pdf", "link", "users"), which few of them hold.
WORDS = ("invoice", "pdf", "link", "users")
TOPICS = ("retries", "timeouts", "caching", "logging", "metrics", "tracing", "queues", "locks", "flags", "audits",
          "secrets", "exports", "imports", "webhooks", "emails", "reports", "schedules", "uploads", "search", "tags",
          "quotas", "limits", "alerts", "tokens", "sessions", "billing", "payouts", "ledgers", "refunds", "coupons")
BROAD_RULES = [f"Keep {topic} for {WORDS[n % 4]} work in the `{topic}` module." if n < 12
               else f"Keep {topic} in the `{topic}` module of the service." for n, topic in enumerate(TOPICS)]
# Project-wide rules the core tier takes at SessionStart (the most helpful), so the folder rules wait for the file.
NOUNS = ("invoices receipts ledgers budgets forecasts payrolls audits contracts vendors tenders quotes grants "
         "leases permits licences tariffs rebates refunds coupons vouchers").split()
CORE = [f"{a.capitalize()} and {b} need {c} approval." for a, b, c in zip(NOUNS, NOUNS[7:] + NOUNS[:7],
                                                                           NOUNS[13:] + NOUNS[:13])]
LESSONS = ([lesson(f"L-05{n:02x}", text, helpful=9) for n, text in enumerate(CORE)]
           + [lesson(f"L-01{n:02x}", text, paths=["services/api/app/routers/**"], helpful=5)
            for n, text in enumerate(ROUTER_RULES)]
           + [lesson(f"L-02{n:02x}", text, paths=["services/api/**"], helpful=1) for n, text in enumerate(API_RULES)]
           + [lesson(f"L-03{n:02x}", text, paths=["services/**"], helpful=3) for n, text in enumerate(BROAD_RULES)])
FILE = "services/api/app/routers/invoices.py"
REQUEST = "add the invoice pdf link, for logged in users only"


def _tool(root: Path, session_id: str, tool: str, tool_input: dict, call: str) -> str:
    common = {"tool_name": tool, "tool_input": tool_input, "tool_use_id": call}
    return (hook(root, session_id, "PreToolUse", **common)
            + hook(root, session_id, "PostToolUse", tool_response={"success": True}, **common))


def test_the_edit_brings_the_api_folder_rules_before_the_broad_rules_its_request_words_point_at(git_repo: Path):
    write_store(git_repo, LESSONS)
    session_id = str(uuid.uuid4())
    hook(git_repo, session_id, "SessionStart", source="startup")
    hook(git_repo, session_id, "UserPromptSubmit", prompt=REQUEST)
    path = str(git_repo / FILE)
    read = _tool(git_repo, session_id, "Read", {"file_path": path}, "toolu_01")
    assert [rule for rule in ROUTER_RULES if rule in read] == ROUTER_RULES, read
    assert not any(rule in read for rule in API_RULES)
    edit = _tool(git_repo, session_id, "Edit", {"file_path": path, "old_string": "a", "new_string": "b"}, "toolu_02")
    assert all(rule in edit for rule in API_RULES), edit
    # and they come first: the broad rules the request's words point at follow them
    lines = [line for line in edit.splitlines() if line.startswith("- ")]
    assert all(any(rule in line for rule in API_RULES) for line in lines[:3]), lines
    assert any(any(rule in line for rule in BROAD_RULES) for line in lines[3:]), lines


def test_a_large_next_level_is_no_second_batch_of_its_own(git_repo: Path):
    # the API folder's rules are many (a bucket for this file as much as `services/**`): the second batch stays
    # what the request points at
    many = [lesson(f"L-04{n:02x}", f"Keep {topic} handlers of the api in `api/{topic}.py`.", paths=["services/api/**"],
                   helpful=1) for n, topic in enumerate(TOPICS[12:18])]
    write_store(git_repo, LESSONS + many)
    session_id = str(uuid.uuid4())
    hook(git_repo, session_id, "SessionStart", source="startup")
    hook(git_repo, session_id, "UserPromptSubmit", prompt=REQUEST)
    path = str(git_repo / FILE)
    _tool(git_repo, session_id, "Read", {"file_path": path}, "toolu_01")
    edit = _tool(git_repo, session_id, "Edit", {"file_path": path, "old_string": "a", "new_string": "b"}, "toolu_02")
    lines = [line for line in edit.splitlines() if line.startswith("- ")]
    assert lines and all(any(rule in line for rule in BROAD_RULES) for line in lines), lines



def test_a_rule_matching_the_file_through_a_backticked_identifier_alone_comes_after_the_broad_rules():
    # a project-wide rule matches the router only through its backticked `api` (a part of the router's path) and
    # shares "invoice" and "pdf" with the request: more relevant than some broad rules, yet not a rule of the file's
    # folders (scoped to `web/src/**`, it would not match the router at all: review29 R29-3)
    identifier = "Fetch invoice pdf data with hooks from the `api` package; never call `fetch` in components."
    c = corpus(*[(item["id"], item["text"], {"paths": item["trigger"]["paths"], "net": item["helpful"]})
                 for item in LESSONS if "trigger" in item], ("L-0600", identifier, {}))
    terms = query_terms(c, REQUEST)
    scored = rank_file_scored(c, FILE, terms, 5)
    level = {c.ids[i]: (lvl, relevance) for i, lvl, relevance in scored}
    assert level["L-0600"][0] == 0 and level["L-0600"][1] > min(r for lvl, r in level.values() if lvl == 1 and r > 0)
    second = ids(c, held_back(scored, 5, c, terms, FILE))
    api = [f"L-02{n:02x}" for n in range(3)]
    pointed = [key for key, (lvl, relevance) in level.items() if lvl == 1 and relevance > 0]
    assert sorted(second[5:8]) == api and len(pointed) >= 10
    assert second.index("L-0600") > max(second.index(key) for key in pointed)
