"""What a file the agent reads says brings the lessons about that code (issue 19, deliver41).

A file under a folder with dozens of conventions (`services/**`) showed its most helpful few at the read's first
event; the rule its code breaks (a bare `gather()`, `os.environ[…]`, a `union` in a model) came nowhere near them
when the request said nothing of it. Claude Code's PostToolUse of Read carries the file's text
(`tool_response.file.content`), Gemini CLI's AfterTool of `read_file` its `llmContent`: the lessons that code names
now come with the read's result, unless the request keeps that code.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path

from altimate_learn.deliver.contents import MAX_CHARS, banned_anchors, kept_terms, read_text
from tests.deliver.conftest import FILLER, GATHER, SERVICE_CONVENTIONS
from tests.deliver.helpers import hook, lesson, learn_dir, write_store

SETTINGS = "Read settings through `Settings` from `app.config`; never read environment variables directly."
TIMEOUT = "Every outbound HTTP call sets an explicit timeout."
LESSONS = ([lesson(f"L-01{n:02x}", text, paths=["services/**"], helpful=5) for n, text in
            enumerate(SERVICE_CONVENTIONS)]
           + [lesson("L-0200", GATHER, paths=["services/**"]), lesson("L-0201", SETTINGS, paths=["services/**"]),
              lesson("L-0202", TIMEOUT, paths=["services/**"])]
           + [lesson(f"L-03{n:02x}", text, helpful=9) for n, text in enumerate(FILLER)])
FILE = "services/billing/reports/summary.py"
CODE = '''import asyncio
import os

from app.http import client


async def all_quotes(policy: dict) -> list[dict]:
    region = os.environ["QUOTES_REGION"]
    results = await asyncio.gather(*(fetch(name, policy, region) for name in PROVIDERS))
    return sorted(results, key=lambda quote: quote["premium"])
'''
PLAIN = '''from app.http import client


async def all_quotes(policy: dict) -> list[dict]:
    return [await fetch(name, policy) for name in PROVIDERS]
'''


def _read(root: Path, session_id: str, text: str | None, call: str, harness: str = "claude-code") -> tuple[str, str]:
    """A Read of FILE: (what its PreToolUse gave, what its PostToolUse gave with ``text`` as the file's content)."""
    path = str(root / FILE)
    if harness == "gemini":
        common = {"tool_name": "read_file", "tool_input": {"file_path": FILE}}
        before = hook(root, session_id, "BeforeTool", harness, **common)
        after = hook(root, session_id, "AfterTool", harness, tool_response={"llmContent": text, "returnDisplay": ""},
                     **common)
        return before, after
    common = {"tool_name": "Read", "tool_input": {"file_path": path}, "tool_use_id": call}
    before = hook(root, session_id, "PreToolUse", harness, **common)
    response = {"type": "text", "file": {"filePath": path, "content": text, "numLines": 9, "startLine": 1,
                                         "totalLines": 9}} if text is not None else {"filePath": path}
    return before, hook(root, session_id, "PostToolUse", harness, tool_response=response, **common)


def _start(root: Path, request: str = "tidy this module up", harness: str = "claude-code") -> str:
    write_store(root, LESSONS)
    session_id = str(uuid.uuid4())
    hook(root, session_id, "SessionStart", harness, source="startup")
    if harness == "gemini":
        hook(root, session_id, "BeforeAgent", harness, prompt=request)
    else:
        hook(root, session_id, "UserPromptSubmit", harness, prompt=request)
    return session_id


def test_a_read_files_code_brings_the_rules_it_breaks(git_repo: Path):
    session_id = _start(git_repo)
    before, after = _read(git_repo, session_id, CODE, "toolu_01")
    assert before.count("[applies to: services/**]") >= 5 and GATHER not in before and SETTINGS not in before
    assert GATHER in after and SETTINGS in after
    assert TIMEOUT not in after  # a rule the code names nothing of (it imports a client and calls none)
    # the file's text is never kept: not in the session state, the shown log or anywhere under the learn folder
    for path in learn_dir(git_repo).rglob("*"):
        if path.is_file():
            assert "QUOTES_REGION" not in path.read_text(encoding="utf-8", errors="replace"), path


def test_a_read_whose_code_names_nothing_adds_nothing(git_repo: Path):
    session_id = _start(git_repo)
    before, after = _read(git_repo, session_id, PLAIN, "toolu_01")
    assert before and after == ""
    _, without = _read(git_repo, _start(git_repo), None, "toolu_01")
    assert without == ""


def test_code_the_request_keeps_brings_no_rule(git_repo: Path):
    session_id = _start(git_repo, "keep the os.environ lookup for the region as is, just sort by premium descending")
    _, after = _read(git_repo, session_id, CODE, "toolu_01")
    assert SETTINGS not in after and GATHER in after


def test_gemini_read_file_result_brings_them_too(git_repo: Path):
    session_id = _start(git_repo, harness="gemini")
    before, after = _read(git_repo, session_id, CODE, "", harness="gemini")
    assert GATHER not in before and GATHER in after


def test_what_each_agent_returns_for_a_read():
    assert read_text("Read", {"type": "text", "file": {"filePath": "a.py", "content": "import os"}}) == "import os"
    assert read_text("read_file", {"llmContent": "import os", "returnDisplay": ""}) == "import os"
    assert read_text("Bash", {"stdout": "import os"}) == ""  # not a read
    assert read_text("Edit", {"filePath": "a.py", "content": "x"}) == ""
    assert read_text("Read", "import os") == "" and read_text("Read", {"file": None}) == ""
    assert len(read_text("Read", {"file": {"content": "x" * (3 * MAX_CHARS)}})) == MAX_CHARS


def test_only_code_a_rule_bans_is_its_banned_code():
    assert banned_anchors("Do not fetch data in `useEffect`; use a query hook.") == {"useeffect": ("useeffect",)}
    assert banned_anchors(GATHER) == {"gather": ("gather",)}
    # the code banned whole: a file with `console.info(` or a plain `def` holds a word of it, not it (review41 R41-8)
    assert banned_anchors("Log caught errors with `reportError()` instead of `console.error`.") == {
        "console": ("console.error",)}
    assert banned_anchors("Never call blocking I/O inside `async def` handlers.") == {"async": ("async def",),
                                                                                       "def": ("async def",)}
    assert banned_anchors("Wrap every user-visible string in `t()` from `useTranslation`.") == {}
    assert banned_anchors("Use `next/link` for internal navigation; plain anchors reload the page.") == {}


def test_the_prepared_corpus_holds_each_lessons_banned_code():
    """perf42: a read's hook reads the banned code and practices from the prepared corpus (no regex engine at hook
    time); they are what :func:`banned_anchors` and :func:`banned_practices` find in the lesson's text, for every
    lesson of the sample store."""
    from altimate_learn.deliver.contents import banned_practices, lesson_bans
    from altimate_learn.deliver.corpus import Corpus, pack_lessons

    approved = json.loads((Path(__file__).resolve().parents[2] / "stores" / "mixed-repo" / "approved.json").read_text())
    texts = [item["text"] for item in (approved["lessons"] if isinstance(approved, dict) else approved)]
    texts += [GATHER, SETTINGS, "Log caught errors with `reportError()` instead of `console.error`.",
              "Never call blocking I/O inside `async def` handlers; not `time.sleep()`, not `requests.get(url, x)`.",
              "Do not fetch data in `useEffect`; use a query hook.", "Never store auth tokens in `localStorage`."]
    lessons = [("s", {"id": f"L-{n:04x}", "text": text, "tags": [], "triggers": [], "net": 0, "pinned": False,
                      "updated": ""}) for n, text in enumerate(texts)]
    corpus = Corpus(pack_lessons(lessons, []))
    assert [lesson_bans(corpus, doc) for doc in range(len(texts))] == [(banned_anchors(text), banned_practices(text))
                                                                        for text in texts]
    assert sum(1 for doc in range(len(texts)) if lesson_bans(corpus, doc)[0]) >= 10
    assert sum(1 for doc in range(len(texts)) if lesson_bans(corpus, doc)[1]) >= 2


def test_what_a_request_keeps():
    from altimate_learn.deliver.tokenize import search_tokens

    everything = set(search_tokens("keep it a class component, but add a countdown"))
    kept = kept_terms("keep it a class component, but add a countdown", everything)
    assert set(search_tokens("class component")) <= set(kept) and not set(search_tokens("countdown")) & set(kept)
    assert kept_terms("add a countdown to the sale banner", everything) == []
    assert kept_terms("keep it a class component", {"class"}) == ["class"]  # only words some lesson uses


def test_the_bench_feeds_a_tasks_content_as_claude_codes_read_result():
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "research"))
    import bench_delivery

    response = bench_delivery._read_response("/p/a.py", "import os\n")
    assert read_text("Read", response) == "import os\n"
    assert read_text("Read", bench_delivery._read_response("/p/a.py", None)) == ""
    tasks = [json.loads(line) for line in bench_delivery.DELIVER41_TASKS.read_text(encoding="utf-8").splitlines()]
    assert tasks and all(set(t["content"]) == set(t["files"]) for t in tasks)


def test_a_client_call_without_a_timeout_brings_the_timeout_rule(git_repo: Path):
    call = "async def rates(order):\n    response = await client.post(RATES_URL, json=order)\n    return response.json()\n"
    before, after = _read(git_repo, _start(git_repo), call, "toolu_01")
    assert TIMEOUT not in before and TIMEOUT in after
    timed = call.replace("json=order)", "json=order, timeout=settings.http_timeout)")
    _, after = _read(git_repo, _start(git_repo), timed, "toolu_01")
    assert TIMEOUT not in after


TOKEN = "ghp_Qw81kQv0aB3cD4eF5gH6iJ7kL8mN9oP0qR1z"
KEY_ID, KEY_SECRET = "AKIAZ7Q4XRTB2MNK8WPD", "q8Vb3+Lm9/Zt2Rk7Yw1Xc5Nv0Hs4Jd6Gf8Pa2Qe9"


def test_a_secret_in_a_request_that_keeps_something_never_reaches_disk(git_repo: Path):
    """review41 R41-7: the words of a request's keeping clause were stored in the session state as typed."""
    request = (f"keep the github token {TOKEN} in app/settings.py as it is for now, and keep the aws key {KEY_ID} "
               f"and secret {KEY_SECRET} as is, keep the os.environ lookup too")
    session_id = _start(git_repo, request)
    _, after = _read(git_repo, session_id, CODE, "toolu_01")
    assert GATHER in after and SETTINGS not in after  # the keeping clause still works
    parts = [TOKEN, KEY_ID, KEY_SECRET, "qw81kqv0ab3cd4ef5gh6ij7kl8mn9op0qr1z", "zt2rk7yw1xc5nv0hs4jd6gf8pa2qe9"]
    for path in (git_repo / ".altimate-code").rglob("*"):
        if path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace").lower()
            assert not [p for p in parts if p.lower() in text], path


def test_a_word_of_banned_code_is_not_the_banned_code(git_repo: Path):
    """review41 R41-8: `console.info(` brought the rule against `console.error`, a plain `def` the one on `async def`."""
    rules = [lesson("L-0400", "Log caught errors with `log_exception()` instead of `console.error`.",
                    paths=["services/**"]),
             lesson("L-0401", "Never call blocking I/O inside `async def` handlers.", paths=["services/**"])]
    write_store(git_repo, LESSONS + rules)
    session_id = str(uuid.uuid4())
    hook(git_repo, session_id, "SessionStart", source="startup")
    hook(git_repo, session_id, "UserPromptSubmit", prompt="tidy this module up")
    _, after = _read(git_repo, session_id, "def summary(rows):\n    console.info('rows', len(rows))\n", "toolu_01")
    assert "console.error" not in after and "async def" not in after
    session_id = str(uuid.uuid4())
    hook(git_repo, session_id, "SessionStart", source="startup")
    hook(git_repo, session_id, "UserPromptSubmit", prompt="tidy this module up")
    before, after = _read(git_repo, session_id, "async def summary(rows):\n    console.error('rows', len(rows))\n",
                          "toolu_01")
    assert "console.error" not in before and "console.error" in after
    # `async def` is where the rule bans a practice (blocking calls); this one makes none (R41-8's residue)
    assert "async def" not in after
    session_id = str(uuid.uuid4())
    hook(git_repo, session_id, "SessionStart", source="startup")
    hook(git_repo, session_id, "UserPromptSubmit", prompt="tidy this module up")
    _, after = _read(git_repo, session_id, "async def summary(rows):\n    # this call blocks the loop for seconds\n"
                     "    return render_pdf(rows)\n", "toolu_01")
    assert "async def" in after


FETCH = "Do not fetch data in `useEffect`; use a query hook instead."
STORAGE = "Never store tokens in `localStorage`; the session cookie is httpOnly."
TITLE_EFFECT = """import { useEffect } from 'react';
import { useOrders } from '@/api/orders';

export function OrdersTitle({ shop }: { shop: string }) {
  const { data } = useOrders(shop);
  useEffect(() => {
    document.title = `${data?.length ?? 0} orders`;
  }, [data]);
  return null;
}
"""
THEME_STORAGE = """export function rememberTheme(theme: string) {
  localStorage.setItem('theme', theme);
}
"""


def test_a_place_the_rule_bans_a_practice_in_is_not_the_practice(git_repo: Path):
    """review41 R41-8's residue: a `useEffect` that fetches nothing brought "Do not fetch data in `useEffect`". A rule
    that bans doing something in that code comes from the text only when the text does it there too."""
    write_store(git_repo, LESSONS + [lesson("L-0500", FETCH, paths=["services/**"]),
                                     lesson("L-0501", STORAGE, paths=["services/**"])])

    def read(text: str) -> str:
        session_id = str(uuid.uuid4())
        hook(git_repo, session_id, "SessionStart", source="startup")
        hook(git_repo, session_id, "UserPromptSubmit", prompt="tidy this module up")
        return _read(git_repo, session_id, text, "toolu_01")[1]

    assert FETCH not in read(TITLE_EFFECT)  # it holds `useEffect` and a query's `data`, and fetches nothing
    fetching = TITLE_EFFECT.replace("document.title = `${data?.length ?? 0} orders`;",
                                    "fetch(`/api/${shop}/orders`).then((r) => r.json()).then(setOrders);")
    assert FETCH in read(fetching)
    # fetching written another way (review42 R42-11): axios, an API client's GET of a path
    for call in ("axios.get(`/api/${shop}/orders`).then((r) => setOrders(r.data));",
                 "(async () => setOrders((await api.get(`/shops/${shop}/orders`)).data))();"):
        assert FETCH in read(TITLE_EFFECT.replace("document.title = `${data?.length ?? 0} orders`;", call)), call
    assert STORAGE not in read(THEME_STORAGE)  # a theme is no token
    assert STORAGE in read(THEME_STORAGE.replace("'theme', theme", "'token', session.accessToken"))


def test_what_a_rule_bans_a_practice_in():
    from altimate_learn.deliver.contents import banned_practices

    assert banned_practices(FETCH) == {"useeffect": frozenset({"fetch"})}  # "data" says nothing of the practice
    assert banned_practices(STORAGE) == {"localstorage": frozenset({"store", "token"})}
    assert banned_practices(GATHER) == {}  # the banned code is the practice itself
    assert banned_practices("Log caught errors with `reportError()` instead of `console.error`.") == {}
