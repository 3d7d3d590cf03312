""""instead" says how a rule is phrased, never what it is about (issue 19, deliver38's notes).

Many conventions read "Use X instead of Y". Among the dozens of conventions of `services/**`, a word of the request
that only a few of them hold points at those few (:func:`select.selective`), so "the nightly sync just sits there
for hours when their side is slow, instead of giving up" pointed at the rules phrased with "instead" and ranked them
before the one on timeouts, which shares no word with the request. "instead" is now a stopword, as "once",
"itself" and "against" are.
"""

from __future__ import annotations

from pathlib import Path

from altimate_learn.deliver import select
from altimate_learn.deliver.index import load_corpus
from altimate_learn.deliver.tokenize import search_tokens
from tests.deliver.helpers import lesson, write_store

INSTEAD = [
    "Use `pathlib.Path` instead of `os.path` for file paths.",
    "Use `asyncio.TaskGroup` instead of bare `gather()` so failures cancel sibling tasks.",
    "Log caught errors with `reportError()` instead of `console.error`.",
]
OTHER = [
    "Type every public function; `mypy --strict` runs on the services folder.",
    "Format with `ruff format`; black is no longer used in this repository.",
    "Never log request bodies; they contain customer emails and tokens.",
    "Use frozen dataclasses for value objects in the domain layer.",
    "Compile regular expressions at module level, not inside functions called per request.",
    "Mark deprecated functions with `@deprecated` and the removal version.",
    "Read settings through `Settings` from `app.config`; never read environment variables directly.",
]
TIMEOUT = "Every outbound HTTP call to a partner sets an explicit timeout from `settings.http_timeout`."
SLOW = "the nightly crm sync just sits there for hours when their side is slow, instead of giving up"


def test_instead_is_no_search_word():
    assert "instead" not in search_tokens("Use `pathlib.Path` instead of `os.path` for file paths.")
    assert "instead" not in search_tokens(SLOW)


def test_a_request_saying_instead_points_at_no_rule_phrased_with_it(git_repo: Path):
    lessons = ([lesson(f"L-a{n:03d}", text, paths=["services/**"], helpful=1) for n, text in enumerate(INSTEAD, 1)]
               + [lesson(f"L-b{n:03d}", text, paths=["services/**"], helpful=5) for n, text in enumerate(OTHER, 1)]
               + [lesson("L-c001", TIMEOUT, paths=["services/**"], helpful=0)])
    write_store(git_repo, lessons)
    corpus = load_corpus(str(git_repo / ".altimate-code" / "learn"), lambda m: None)
    terms = select.query_terms(corpus, SLOW)
    scored = select.rank_file_scored(corpus, "services/api/app/integrations/crm_sync.py", terms, 5)
    pointed = [corpus.texts[i] for i, _, relevance in scored if relevance > 0]
    assert not any(text in pointed for text in INSTEAD)
    first = [corpus.texts[i] for i, _, _ in scored[:5]]
    assert not any(text in first for text in INSTEAD)  # helpfulness orders the folder's rules, as for any request
