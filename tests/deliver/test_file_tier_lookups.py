"""The file tier's lookups give what walking everything gave (issue 19's latency goal, deliver29).

A file event matched every glob of the store against the path (the literal prefix of each recomputed in every
process) and walked whole posting lists to score a file's few hundred lessons. The globs are now filed with the
index by the first folder of their literal prefix, and the request is scored over the file's lessons only; what a
file matches and how its lessons score must not move (floats included).
"""

from __future__ import annotations

import random

from altimate_learn.deliver.concepts import WEIGHT
from altimate_learn.deliver.globs import _may_match, compile_glob, deeper, normalize_path, specificity
from altimate_learn.deliver.select import concept_links, file_matches, in_scope, query_terms, relevant, selective
from altimate_learn.deliver.tokenize import tokenize
from altimate_learn.deliver.bm25 import unpack
from tests.deliver.test_select import corpus

FOLDERS = ["models", "models/staging", "models/staging/stripe", "models/marts", "services", "services/api",
           "services/api/app", "web/src", "web/src/components", "infra", "ledger", "app/cli", "serv"]
NAMES = ["stg_orders.sql", "handlers.py", "config.py", "Dockerfile", "main.tf", "Button.tsx", "README.md"]
GLOBS = ["**", "*.sql", "models/staging/*.sql", "models/stg_*.sql", "services/*", "web/src/*.tsx", "**/*.py", "**/Dockerfile", "Dockerfile*", "serv*/**", "README.md", "**/app/cli/**",
         "{models,services}/**", "models/staging/*.sql", "models/**/stg_*.sql", "web/src/**/*.tsx", "./models/**",
         "services/api/**", "infra/**/*.tf", "ledger/config.py", "**/ledger/config.py", "models/[sm]*/**", "!models/**"]
WORDS = ("orders payments cents dollars staging handler config cache export timezone retry button form query "
         "model service test fixture migration money refund invoice").split()


def _store(rng: random.Random, size: int):
    items = []
    for n in range(size):
        text = " ".join(rng.sample(WORDS, rng.randint(3, 7))).capitalize()
        if rng.random() < 0.3:  # a file named in the text (a mention glob)
            text += f" in `{rng.choice(FOLDERS)}/{rng.choice(NAMES)}`"
        if rng.random() < 0.2:
            text += f" with `{rng.choice(['stg_', '_cents', 'handlers', 'config'])}`"
        paths = rng.sample(GLOBS, rng.randint(0, 2)) + ([f"{rng.choice(FOLDERS)}/**"] if rng.random() < 0.4 else [])
        items.append((f"L-{n:04x}", text + ".", {"paths": paths, "net": rng.randint(-2, 5)}))
    return corpus(*items)


def _walked(c, path: str) -> dict[int, float]:
    """file_matches as a walk of every glob of the store, in order (a folder's name pattern matching a file of a
    subfolder too, globs.deeper)."""
    norm = normalize_path(path)
    found: dict[int, float] = {}
    for pattern, lessons in list(c.patterns.items()) + list(c.mentions.items()):
        level = specificity(pattern, norm) if _may_match(pattern, norm) else None
        if level is None:
            level = deeper(pattern, norm)
        if level is None:
            continue
        for index in unpack(lessons):
            if found.get(index, -1.0) < level:
                found[index] = level
    for token in set(tokenize(norm)):
        for index in unpack(c.anchors[token]) if token in c.anchors else ():
            if not c.scoped[index]:  # a lesson with triggers is matched by them, not by one word of the path
                found.setdefault(index, 0.0)
    return found


def test_a_file_matches_what_every_glob_of_the_store_matched():
    rng = random.Random(29)
    c = _store(rng, 400)
    paths = [f"{folder}/{name}" for folder in FOLDERS for name in NAMES] + NAMES + ["./models/staging/x.sql", "",
                                                                                   "models", "services/"]
    for path in paths:
        walked = _walked(c, path)
        routed = file_matches(c, path)
        assert list(routed.items()) == list(walked.items()), path  # the same levels, in the same order
        assert in_scope(c, [path]) == _in_scope_walked(c, [path]), path
    for _ in range(50):
        chosen = rng.sample(paths, 3)
        assert in_scope(c, chosen) == _in_scope_walked(c, chosen)


def _in_scope_walked(c, paths: list[str]) -> set[int]:
    """select.in_scope as a walk of every glob of the store against every path."""
    found: set[int] = set()
    norm = [normalize_path(p) for p in paths if p]
    for pattern, lessons in list(c.patterns.items()) + list(c.mentions.items()):
        glob = compile_glob(pattern)
        if any((glob is not None and _may_match(pattern, p) and glob.match(p)) or deeper(pattern, p) is not None
               for p in norm):
            found.update(unpack(lessons))
    return found


def test_a_request_scores_a_files_lessons_as_over_the_whole_store():
    rng = random.Random(45)
    c = _store(rng, 600)
    for _ in range(60):
        request = " ".join(rng.sample(WORDS, rng.randint(1, 6)))
        terms = query_terms(c, request)
        only = set(rng.sample(range(len(c)), rng.randint(0, 200)))
        links = concept_links(c, terms)
        whole = c.bm25.evidence(terms, links, WEIGHT, implied=False)
        part = c.bm25.evidence(terms, links, WEIGHT, implied=False, only=only)
        for full, mine in zip(whole, part):
            assert mine == {doc: value for doc, value in full.items() if doc in only}
            assert list(mine) == [doc for doc in full if doc in only]  # the same order
        assert relevant(c, terms, only=only) == [item for item in relevant(c, terms) if item[1] in only]
        docs = sorted(only)
        scored = c.bm25.score_docs(terms, docs, links)
        for doc in docs:  # each document's score, term by term, as a walk of every posting adds it
            covered = {t: {d for p in plains if c.bm25._entry(p) for d in c.bm25._entry(p)[0]} for t, plains in links.items()}
            total = 0.0
            for term in dict.fromkeys(terms):
                entry = c.bm25._entry(term)
                for d, w in zip(*entry) if entry else ():
                    if d == doc and d not in covered.get(term, ()):
                        total += w
            assert scored[doc] == total
        levels = {doc: float(rng.randint(0, 2)) for doc in only}
        assert selective(c, terms, levels, 5) == _selective_walked(c, terms, levels, 5)


def _selective_walked(c, terms, levels, pick):
    from altimate_learn.deliver.select import NEAR, _phrased

    out, sizes = set(), {}
    for level in levels.values():
        sizes[level] = sizes.get(level, 0) + 1
    for term in dict.fromkeys(terms):
        if term.startswith(("_", NEAR)) or term.endswith("_"):
            continue
        entry = c.bm25._entry(term)
        if entry is None:
            continue
        hits = {}
        for doc in entry[0]:
            if doc in levels:
                hits.setdefault(levels[doc], []).append(doc)
        for level, docs in hits.items():
            phrased = _phrased(c, term, docs)
            docs = [d for d in docs if d not in phrased]
            if docs and len(docs) <= pick and 2 * len(docs) <= sizes[level]:
                out.update(docs)
    return out
