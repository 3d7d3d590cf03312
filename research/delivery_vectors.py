"""Can the shipped word vectors order a crowded folder level by meaning? A measurement (issue 19, deliver22).

Most needed lessons delivery misses (`research/delivery_why.py`: 94 of 126 on the readable sets) are conventions
of a crowded folder level (the 20-55 lessons of `web/src/**`, `services/**`, `models/**`) that the request shares
no word with: the file's ranking (:func:`altimate_learn.deliver.select.rank_file_scored`) orders those by the
words of the file's name and folders, then helpfulness, which says nothing about the task. This script asks
whether a request-to-lesson similarity from the static word vectors (:mod:`altimate_learn.wordvec`, distilled from
MiniLM) would order them better, without changing delivery: for every request of the readable delivery sets and
each file it opens, it takes the file's ranking as delivery computes it and re-orders it by a similarity, then
counts the needed lessons among the file's first five (the first batch a file event shows) against the ranking
as it is, lesson by lesson (gained, lost).

Similarities (content words: the text's words, identifiers split into parts, no stopwords, known to the table):

- ``mean``: cosine of the mean unit vectors of the request's and the lesson's words;
- ``idf-mean``: the same, each word weighted by its idf over the store's lessons (rare words count more);
- ``max``: for each request word its best cosine with a lesson word, averaged over the request's words;
- ``idf-max``: the same, averaged with idf weights.

Placements: ``after relevance`` (lessons tied on their relevance to the request, almost always 0, are ordered by
the similarity, before the file's name and folder words and helpfulness) and ``for helpfulness`` (the similarity
takes helpfulness's place: after the name and folder words, helpfulness breaks its ties); each either only at a
crowded level (more than :data:`altimate_learn.deliver.select.BUCKET` × five lessons) or at every level. It also
prints, for the needed lessons at relevance 0 in a crowded level, their mean position among that level's
zero-relevance lessons (0 = first, 1 = last) by each similarity and as ranked now: how much the signal knows.

    python research/delivery_vectors.py [--sets main,blind29,...] [--sizes 300,1000,10000]

The blind sets being written (`delivery_why.HELD_OUT`) are refused.
"""

from __future__ import annotations

import math
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

PICK = 5  # learn.file_lessons's default: a file's first batch
SIMILARITIES = ("mean", "idf-mean", "max", "idf-max")
PLACEMENTS = ("after relevance", "for helpfulness")


def content_words(text: str, table) -> list[str]:
    """The text's distinct content words the table knows (identifiers split: `useDialog` → use, dialog; an
    identifier the table knows whole counts whole too)."""
    from altimate_learn.deliver.tokenize import STOPWORDS, identifier_parts, words

    out: dict[str, None] = {}
    for word in words(text):
        parts = identifier_parts(word)
        if len(parts) > 1:
            parts = [word.lower().replace("_", ""), *parts]
        for part in parts:
            if len(part) > 1 and part.isalpha() and part not in STOPWORDS and part in table:
                out[part] = None
    return list(out)


class Meaning:
    """The similarities of one store's lessons to a request (see the module's docstring)."""

    def __init__(self, texts: list[str], table) -> None:
        self.table = table
        self.words = [content_words(text, table) for text in texts]
        counts: dict[str, int] = {}
        for found in self.words:
            for word in found:
                counts[word] = counts.get(word, 0) + 1
        self.idf = {word: math.log((len(texts) + 1) / (count + 0.5)) for word, count in counts.items()}
        self._unit: dict[str, list[float]] = {}
        self._means: dict[tuple[int, bool], list[float] | None] = {}

    def unit(self, word: str) -> list[float]:
        found = self._unit.get(word)
        if found is None:
            found = self._unit[word] = self.table.vector(word)
        return found

    def weight(self, word: str, idf: bool) -> float:
        return self.idf.get(word, math.log(len(self.words) + 1)) if idf else 1.0

    def mean(self, words: list[str], idf: bool) -> list[float] | None:
        if not words:
            return None
        total = [0.0] * self.table.dims
        for word in words:
            weight = self.weight(word, idf)
            for k, value in enumerate(self.unit(word)):
                total[k] += weight * value
        norm = math.sqrt(sum(v * v for v in total)) or 1.0
        return [v / norm for v in total]

    def lesson_mean(self, index: int, idf: bool) -> list[float] | None:
        key = (index, idf)
        if key not in self._means:
            self._means[key] = self.mean(self.words[index], idf)
        return self._means[key]

    def scores(self, request: str, lessons: list[int], kind: str) -> dict[int, float]:
        words = content_words(request, self.table)
        if not words:
            return {}
        idf = kind.startswith("idf")
        if kind.endswith("mean"):
            target = self.mean(words, idf)
            out = {}
            for i in lessons:
                vector = self.lesson_mean(i, idf)
                out[i] = sum(a * b for a, b in zip(vector, target)) if vector else 0.0
            return out
        units = [(self.unit(w), self.weight(w, idf)) for w in words]
        total = sum(weight for _, weight in units)
        out = {}
        for i in lessons:
            mine = [self.unit(w) for w in self.words[i]]
            out[i] = (sum(weight * max(sum(a * b for a, b in zip(u, v)) for v in mine) for u, weight in units) / total
                      if mine else 0.0)
        return out


def _crowded(scored: list[tuple[int, float, float]]) -> set[float]:
    from altimate_learn.deliver.select import BUCKET

    sizes: dict[float, int] = {}
    for _, level, _ in scored:
        sizes[level] = sizes.get(level, 0) + 1
    return {level for level, size in sizes.items() if size > BUCKET * PICK}


def after_relevance(scored: list[tuple[int, float, float]], sims: dict[int, float], crowded_only: bool) -> list[int]:
    """The ranking with each run of lessons tied on level and relevance ordered by ``sims`` (stable)."""
    crowded = _crowded(scored) if crowded_only else None
    out: list[int] = []
    k = 0
    while k < len(scored):
        j = k
        while j < len(scored) and scored[j][1:] == scored[k][1:]:
            j += 1
        run = [i for i, _, _ in scored[k:j]]
        if crowded is None or scored[k][1] in crowded:
            run.sort(key=lambda i: -sims.get(i, 0.0))
        out += run
        k = j
    return out


def measure(sets: list[str], sizes: tuple[int, ...], tasks: dict[str, list[dict]] | None = None) -> dict:
    """{size: {(similarity, placement, crowded only): [in the first five, gained, lost]}, plus "now" (in the first
    five as ranked now) and "position" ({similarity or "now": [sum of positions, count]})}."""
    import bench_delivery as bench
    from altimate_learn.deliver import select
    from altimate_learn.deliver.index import load_corpus
    from altimate_learn.wordvec import load

    table = load()
    gen = bench._generator()
    cache: dict = {}
    results: dict = {}
    base = Path(tempfile.mkdtemp(prefix="learn-vectors-"))
    try:
        with bench.isolated_environment(base):
            for size in sizes:
                project = bench.Project(base / f"p{size}")
                project.configure({})
                corpus = meaning = None
                counts: dict = {"now": 0, "position": {}}
                for name in sets:
                    path = bench.TASKS if name == "main" else bench.SETS[name][0]
                    for task in (tasks or {}).get(name) or bench.load_tasks(path):
                        project.set_lessons(bench.store_for(size, task, gen, cache))
                        if corpus is None or size <= 50:
                            corpus = load_corpus(str(project.learn_dir), lambda m: None)
                            meaning = Meaning(list(corpus.texts), table)
                        needed = {i for i in range(len(corpus)) for prefix in task["needed"]
                                  if corpus.texts[i].startswith(prefix)}
                        for request, files, later in ((task.get("request"), task.get("files"), False),
                                                      (task.get("followup"), task.get("followup_files"), True)):
                            if not request:
                                continue
                            terms = select.query_terms(corpus, request)
                            for file in files or ():
                                _one(counts, corpus, meaning, select, request, terms, file, later, needed)
                results[size] = counts
                print(f"size {size}: done", file=sys.stderr, flush=True)
                cache.pop(size, None)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return results


def _one(counts: dict, corpus, meaning: Meaning, select, request: str, terms: list[str], file: str, later: bool,
         needed: set[int]) -> None:
    scored = select.rank_file_scored(corpus, file, terms, PICK, later=later)
    ids = [i for i, _, _ in scored]
    mine = needed & set(ids)
    if not mine:
        return
    now = set(ids[:PICK])
    counts["now"] += len(mine & now)
    crowded = _crowded(scored)
    zero = {level: [i for i, lv, rel in scored if lv == level and rel <= 0] for level in crowded}
    sims_by = {kind: meaning.scores(request, ids, kind) for kind in SIMILARITIES}
    for kind, sims in sims_by.items():
        for crowded_only in (True, False):
            for placement in PLACEMENTS:
                if placement == "after relevance":
                    order = after_relevance(scored, sims, crowded_only)
                else:  # the similarity in helpfulness's place (helpfulness breaks its ties): rank again
                    order = _for_helpfulness(corpus, select, file, terms, later, sims,
                                             crowded if crowded_only else None, {i: lv for i, lv, _ in scored})
                top = set(order[:PICK])
                cell = counts.setdefault((kind, placement, crowded_only), [0, 0, 0])
                cell[0] += len(mine & top)
                cell[1] += len((mine & top) - now)
                cell[2] += len((mine & now) - top)
    for i in mine:
        level = next(lv for j, lv, rel in scored if j == i)
        group = zero.get(level, [])
        if i not in group or len(group) < PICK:
            continue
        for kind, order in [("now", group)] + [(k, sorted(group, key=lambda j, s=s: -s.get(j, 0.0)))
                                                for k, s in sims_by.items()]:
            cell = counts["position"].setdefault(kind, [0.0, 0])
            cell[0] += order.index(i) / (len(group) - 1)
            cell[1] += 1


def _for_helpfulness(corpus, select, file, terms, later, sims, crowded, levels) -> list[int]:
    """The file's ranking with helpful − harmful replaced by the similarity (then helpfulness) for the lessons
    of ``crowded`` levels (all when None)."""
    saved = corpus.net
    net = list(saved)
    for i, sim in sims.items():
        if crowded is None or levels.get(i) in crowded:
            net[i] = round(sim, 4) * 1_000_000 + saved[i]
    corpus.net = net
    try:
        return [i for i, _, _ in select.rank_file_scored(corpus, file, terms, PICK, later=later)]
    finally:
        corpus.net = saved


def render(results: dict) -> str:
    lines = []
    for size, counts in results.items():
        lines.append(f"{size} lessons: needed lessons in a file's first five as ranked now: {counts['now']}")
        lines.append("similarity  placement         levels    | first five | gained | lost")
        for key, cell in counts.items():
            if not isinstance(key, tuple):
                continue
            (kind, placement, crowded_only), (found, gained, lost) = key, cell
            lines.append(f"{kind:11} {placement:17} {'crowded' if crowded_only else 'all':9} | {found:>10} | "
                         f"{gained:>6} | {lost:>4}")
        positions = counts["position"]
        if positions:
            lines.append("mean position of a needed zero-relevance lesson among its crowded level's (0 first, 1 last), "
                         f"{positions['now'][1]} lessons: "
                         + ", ".join(f"{kind} {total / n:.2f}" for kind, (total, n) in positions.items()))
    return "\n".join(lines)


if __name__ == "__main__":
    import argparse

    from delivery_why import HELD_OUT, chosen_sets

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default="", help="comma-separated set names (default: main and every readable set)")
    parser.add_argument("--sizes", default="300,1000,10000")
    args = parser.parse_args()
    try:
        sets = chosen_sets(args.sets)
    except ValueError as error:
        parser.error(str(error))
    if any(name in HELD_OUT for name in sets):
        parser.error(f"{', '.join(HELD_OUT)} are held out for a blind measurement")
    print(render(measure(sets, tuple(int(s) for s in args.sizes.split(",")))))
