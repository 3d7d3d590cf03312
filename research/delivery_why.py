"""Why a needed lesson was not delivered: its rank and score next to the last lesson its tier took, and the cut.

For every task of the readable delivery sets (`bench_delivery.py`'s, without the blind sets of HELD_OUT, which are held
out for the lead's blind measurement), at each store size, one session runs through the hook code path with the
defaults (as `bench_delivery.py` runs it); for each needed lesson that did not arrive, this records:

- the request side (the request that needs it: the follow-up's for follow-up tasks): its BM25 score and shared
  content terms, whether it passes the relevance floor (:func:`select.relevant`), its rank among the relevant
  lessons, how many lessons the request's tier showed and the score of the lowest relevant one it showed;
- the file side (the files of that request): the best rank it has in a file's ranking
  (:func:`select.rank_file_scored`), how many lessons match the file, its specificity level and how many lessons
  share that level, its relevance to the request and that of the file's 5th lesson;
- ``why``: ``no-signal`` (no word shared with the request and no file match: inference), ``floor`` (shares words,
  not enough to be relevant, no file match), ``request-rank`` (relevant, ranked past what the tier showed),
  ``request-deferred/cap`` (relevant and within the tier's count, yet not shown: deferred or the session cap),
  ``file-rank`` (a file's candidate, ranked past what the file showed).

    python research/delivery_why.py OUT.jsonl [--sets main,blind29,...] [--sizes 300,1000,10000]

Prints the count of misses by size and reason, and for each reason the median rank and score ratios.
"""
from __future__ import annotations

import json
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def diagnose(sets: list[str], sizes: tuple[int, ...], tasks: dict[str, list[dict]] | None = None) -> list[dict]:
    """One row per needed lesson not delivered (see the module's docstring); ``tasks``: set name → its tasks
    (default: each set's file)."""
    import bench_delivery as bench
    from altimate_learn.deliver import select
    from altimate_learn.deliver.concepts import WEIGHT
    from altimate_learn.deliver.index import load_corpus

    gen = bench._generator()
    cache: dict = {}
    rows: list[dict] = []
    base = Path(tempfile.mkdtemp(prefix="learn-why-"))
    try:
        with bench.isolated_environment(base):
            for size in sizes:
                project = bench.Project(base / f"p{size}")
                project.configure({})
                corpus = None
                for name in sets:
                    path = bench.TASKS if name == "main" else bench.SETS[name][0]
                    for task in (tasks or {}).get(name) or bench.load_tasks(path):
                        lessons = bench.store_for(size, task, gen, cache)
                        project.set_lessons(lessons)
                        session = bench.run_session(project, task, f"why-{size}-{name}-{task['id']}")
                        missed = [p for p, stage in session.arrived.items() if stage is None]
                        if not missed:
                            continue
                        if corpus is None or size <= 50:
                            corpus = load_corpus(str(project.learn_dir), lambda m: None)
                        line_index = {corpus.lines[i]: i for i in range(len(corpus))}
                        shown: dict[str, list[int]] = {}
                        for stage, text in session.texts:
                            for line in text.splitlines():
                                if line.startswith("- ") and line[2:] in line_index:
                                    shown.setdefault(stage, []).append(line_index[line[2:]])
                        follow = task["kind"] == "followup"
                        request = task.get("followup") if follow else task.get("request")
                        files = (task.get("followup_files") if follow else task.get("files")) or []
                        rstage = "followup" if follow else "request"
                        fstage = "followup_files" if follow else "files"
                        for prefix in missed:
                            target = next(i for i in range(len(corpus)) if corpus.texts[i].startswith(prefix))
                            row = {"set": name, "size": size, "task": task["id"], "kind": task["kind"],
                                   "lesson": prefix[:50], "scoped": bool(corpus.scoped[target]),
                                   "session_lessons": session.lessons}
                            if request:
                                terms = select.query_terms(corpus, request)
                                links = select.concept_links(corpus, terms)
                                scores, mass, sharedc = corpus.bm25.evidence(terms, links, WEIGHT, implied=False)
                                full = corpus.bm25.score_docs(terms, [target], links).get(target, 0.0)
                                rel = dict((d, s) for s, d in select.relevant(corpus, terms))
                                order = sorted(rel, key=lambda d: -rel[d])
                                taken = [i for i in shown.get(rstage, []) if i in rel]
                                last = min((rel[i] for i in taken), default=None)
                                row.update(req_score=round(full, 2), req_shared=round(sharedc.get(target, 0), 2),
                                           relevant=target in rel,
                                           req_rank=(order.index(target) + 1) if target in rel else None,
                                           req_taken=len(shown.get(rstage, [])),
                                           req_last=None if last is None else round(last, 2),
                                           req_best=round(rel[order[0]], 2) if order else None,
                                           n_relevant=len(rel))
                            else:
                                terms = []
                            fbest = None
                            for f in files:
                                scored = select.rank_file_scored(corpus, f, terms, 5, later=follow)
                                ids = [i for i, _, _ in scored]
                                if target in ids:
                                    pos = ids.index(target)
                                    lvl = scored[pos][1]
                                    at_level = sum(1 for _, l, _ in scored if l == lvl)
                                    cand = {"file": f, "file_rank": pos + 1, "file_n": len(ids),
                                            "level": round(lvl, 3), "at_level": at_level,
                                            "file_rel": round(scored[pos][2], 2),
                                            "fifth_rel": round(scored[min(4, len(scored) - 1)][2], 2)}
                                    if fbest is None or cand["file_rank"] < fbest["file_rank"]:
                                        fbest = cand
                            if fbest:
                                row.update(fbest)
                            # classify
                            if fbest is None and not row.get("req_score"):
                                why = "no-signal"  # no word shared, no file match: vocabulary/inference
                            elif row.get("relevant"):
                                why = "request-rank" if not (row.get("req_rank") or 0) <= row.get("req_taken", 0) \
                                    else "request-deferred/cap"
                            elif fbest is not None:
                                why = "file-rank"
                            else:
                                why = "floor"
                            row["why"] = why
                            rows.append(row)
                print(f"size {size}: done", file=sys.stderr, flush=True)
                cache.pop(size, None)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return rows


# blind sets being written for a blind measurement: never run here
HELD_OUT: tuple[str, ...] = ("blind87", "blind88")


def chosen_sets(spec: str) -> list[str]:
    """The sets named in ``spec`` (comma-separated), or main and every registered set not held out; ValueError
    (one line naming the known sets) for a name that is neither main nor a set of bench_delivery.py."""
    import bench_delivery as bench

    sets = spec.split(",") if spec else ["main", *(n for n in bench.SETS if n not in HELD_OUT)]
    unknown = [name for name in sets if name != "main" and name not in bench.SETS]
    if unknown:
        raise ValueError(f"unknown set(s): {', '.join(unknown)}; the known sets are main, {', '.join(bench.SETS)}")
    return sets


def summary(rows: list[dict]) -> str:
    """Misses by reason and size; for each reason the median rank and relevance ratio in the file's ranking, the
    median rank among the request's relevant lessons, and how many misses were in sessions that had reached the
    first topic's stop (28 lessons at the defaults) or more."""
    from statistics import median

    def mid(values: list[float], digits: int = 0) -> str:
        return f"{median(values):.{digits}f}" if values else "-"

    sizes = sorted({r["size"] for r in rows})
    lines = ["reason               " + "".join(f"{size:>7}" for size in sizes)
             + " | file rank | relevance / 5th's | request rank | sessions >= 28 lessons"]
    for why in sorted({r["why"] for r in rows}):
        chosen = [r for r in rows if r["why"] == why]
        counts = Counter(r["size"] for r in chosen)
        lines.append(f"{why:20} " + "".join(f"{counts.get(size, 0):>7}" for size in sizes)
                     + f" | {mid([r['file_rank'] for r in chosen if r.get('file_rank')]):>9}"
                     + f" | {mid([r['file_rel'] / r['fifth_rel'] for r in chosen if r.get('fifth_rel')], 2):>17}"
                     + f" | {mid([r['req_rank'] for r in chosen if r.get('req_rank')]):>12}"
                     + f" | {sum(1 for r in chosen if r['session_lessons'] >= 28)} of {len(chosen)}")
    return "\n".join(lines)


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--sets", default="", help="comma-separated set names (default: main and every readable set)")
    parser.add_argument("--sizes", default="300,1000,10000")
    args = parser.parse_args()
    try:
        sets = chosen_sets(args.sets)
    except ValueError as error:
        parser.error(str(error))
    if any(name in HELD_OUT for name in sets):
        parser.error(f"{', '.join(HELD_OUT)} are held out for a blind measurement")
    found = diagnose(sets, tuple(int(s) for s in args.sizes.split(",")))
    args.out.write_text("".join(json.dumps(r) + "\n" for r in found), encoding="utf-8")
    print(summary(found))
