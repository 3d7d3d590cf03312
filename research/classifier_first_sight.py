"""First-sight precision and recall on the dev split, by owner folds: the proxy for the real-session held-out split that
a change is judged by before anyone looks at held-out (cls44, issue 20).

    python research/classifier_first_sight.py                 # Markdown: folds, families, the model, policies
    python research/classifier_first_sight.py --cache DIR     # keep the two slow parts (history rows, fold scores) in DIR
                                                              # and reuse them when the classifier and data are unchanged
    python research/classifier_first_sight.py --snapshot S.json --write   # also this checkout's families on dev (from
                                                              # `classifier_snapshot.py write`), to CLASSIFIER_FIRST_SIGHT.md
    python research/classifier_first_sight.py --cache DIR --before A.json --after B.json
                                                              # a capture change at first sight: P / R per fold before and
                                                              # after, from two `classifier_snapshot.py write` files

About ten minutes on a loaded two-core machine (the history's 42 versions, then five trainings).

Why: the patterns are written on all of dev, so dev precision (~0.95) says nothing about people they were not written
on; held-out precision (0.762 at look 1 of THIRTY_SEVENTH_PASS) equals first-sight precision (~0.75). Two things are
first sight here, and they are joined message by message:

1. **The patterns at first sight** (`classifier_unseen.history`): each dev owner scored once, by the newest classifier
   version that did not yet have the owner in the corpus; the verdict's family (`classifier_answer_kind.family`) is that
   version's reason. 16 owners that were in the corpus before any version ran have no first sight and are left out.
2. **The trained second opinion at first sight**: the dev owners in five folds (`classifier_fold_families.fold_of`,
   sha256 of "fold5:" + owner); each fold is scored by a model trained, exactly as `train_correction_model.py` trains
   the shipped one (its features, learner, seed and written rows), on the other four folds' real rows and the written
   rows of corrections.jsonl. No score here came from a model that saw the person.

What is printed: first-sight P / R per fold; per family the first-sight TP / FP and what is left when the family needs the
fold model's agreement (score >= t) ; the fold model as a model-only flag (the shipped guard and thresholds) on messages
the first-sight patterns let pass; and policies (drop or gate the families below a first-sight precision) with their P /
R per fold and in all. A policy's rows are decided on the family's first-sight precision, which is itself read off these
rows: say so when citing one, and confirm on held-out (counts only) before believing it.

Only the dev split of `research/data/real/` and the dev rows of corrections.jsonl are read; the held-out split never.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for entry in (ROOT, ROOT / "research"):
    if str(entry) not in sys.path:
        sys.path.insert(0, str(entry))

from research.classifier_fold_families import FOLDS, fold_of  # noqa: E402

OUTPUT = ROOT / "research" / "CLASSIFIER_FIRST_SIGHT.md"
GATES = (0.3, 0.5, 0.7, 0.9)  # the fold model's score a gated family needs
BAR = 0.80  # first-sight precision below which a family is a candidate to gate or drop (CLASSIFIER_FAMILIES.md's bar)
MIN_FLAGS = 8  # ... with at least this many first-sight flags
VETOES = (0.1, 0.3)  # a veto of every pattern flag on a typed message that the fold model scores below v
RECENT = "2026-12-05T18"  # "recent versions": owners first seen by a version committed since (the last two days of
# rules before this pass; older versions' families were narrowed since, so their flags overstate some families' errors)


def _owner(repo_or_session: str) -> str:
    return repo_or_session.split("/")[0].split("__", 1)[0].lower()


def _digest(paths: Iterable[Path]) -> str:
    h = hashlib.sha256()
    for path in sorted(paths):
        h.update(str(path.relative_to(ROOT)).encode("utf-8") + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def _data_files() -> list[Path]:
    real = ROOT / "research" / "data" / "real"
    return [p for p in real.rglob("*") if p.is_file()] + [ROOT / "research" / "data" / "corrections.jsonl"]


def _cached(cache: Path | None, name: str, key: str, make: Callable[[], Any]) -> Any:
    if cache is None:
        return make()
    path = cache / f"{name}-{key}.json"
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    value = make()
    cache.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value), encoding="utf-8")
    return value


def history_rows() -> list[dict[str, Any]]:
    """One row per scored dev message an owner's first-sight version judged: session, id, label, outcome, family."""
    from research import classifier_unseen as U
    from research.classifier_answer_kind import family

    U.history()
    rows = []
    for outcome_rows in (U.HISTORY_TPS, U.HISTORY_FPS, U.HISTORY_FNS, U.HISTORY_TNS):
        for r in outcome_rows:
            flagged = r["outcome"] in ("tp", "fp")
            rows.append({"session": r["session"], "id": r["id"], "outcome": r["outcome"],
                         "family": family(r["reason"]) if flagged and r["reason"] else ""})
    return rows


def fold_scores() -> dict[str, dict[str, Any]]:
    """"session|id" -> the fold model's score, its score without negations, and whether the shipped guard holds, for
    every scored dev message; each fold scored by a model trained on the other folds (and the written rows)."""
    from altimate_learn.capture import second_opinion as S
    from research import train_correction_model as T
    from research.data.real_sessions import iter_classifier_inputs

    rows: list[Any] = []
    meta: list[tuple[str, int, bool]] = []
    for m, msg, previous in iter_classifier_inputs("dev"):
        if m.positive is None:
            continue
        slots = tuple(S.features(msg.text, m.answer, msg.index))
        bare = tuple(S.features(msg.text, m.answer, msg.index, negations=False))
        key = json.dumps([m.session, m.id, msg.text, m.answer, msg.index, int(m.positive)], ensure_ascii=False)
        rows.append(T.Row(slots, int(m.positive), _owner(m.repo), m.repo, False, False, key, bare, msg.text or ""))
        interrupted = previous is not None and previous.kind == "interrupt"
        guarded = msg.kind == "text" and S.guard(msg.text, m.answer, msg.index, after_assistant=msg.after_assistant,
                                                 interrupted=interrupted)
        meta.append((f"{m.session}|{m.id}", fold_of(_owner(m.repo)), guarded))
    return score_by_fold(rows, meta, T.written_rows())


def score_by_fold(rows: list[Any], meta: list[tuple[str, int, bool]], written: list[Any]) -> dict[str, dict[str, Any]]:
    """Each row (a `train_correction_model.Row`; ``meta``: its key, fold and guard) scored by the model trained on the
    rows of the other folds and ``written``."""
    from altimate_learn.capture import second_opinion as S
    from research import train_correction_model as T

    out: dict[str, dict[str, Any]] = {}
    for fold in sorted({f for _, f, _ in meta}):
        weights = T.train([r for r, (_, f, _) in zip(rows, meta) if f != fold] + written)
        for r, (key, f, guarded) in zip(rows, meta):
            if f == fold:
                out[key] = {"score": round(S.probability(weights, list(r.slots)), 4),
                            "bare": round(S.probability(weights, list(r.bare)), 4), "guard": guarded, "fold": f}
    return out


def joined(history: list[dict[str, Any]], scores: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for r in history:
        s = scores.get(f"{r['session']}|{r['id']}")
        if s is None:  # a message the current corpus no longer scores (relabelled untyped / borderline)
            continue
        rows.append({**r, "owner": _owner(r["session"]), "fold": fold_of(_owner(r["session"])),
                     "positive": r["outcome"] in ("tp", "fn"), "flagged": r["outcome"] in ("tp", "fp"), **s})
    return rows


def _pr(tp: int, fp: int, fn: int) -> str:
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    return f"P {p:.3f} R {r:.3f} (TP {tp}, FP {fp}, FN {fn})"


def model_only(r: dict[str, Any], threshold: float = 0.9, bare: float = 0.3) -> bool:
    """The fold model's flag as the shipped second opinion raises it: guard, score and negation-free score."""
    return bool(r["guard"]) and r["score"] >= threshold and r["bare"] >= bare


def vetoed(r: dict[str, Any], v: float) -> bool:
    """Whether a veto at ``v`` takes a first-sight flag away (a rejected tool call is never vetoed)."""
    return r["family"] != "rejected a tool call" and r["score"] < v


Policy = Callable[[dict[str, Any]], bool]


def apply(rows: list[dict[str, Any]], keep: Policy, add: Policy | None = None) -> list[Counter[str]]:
    """Counts per fold (index FOLDS: all) when a first-sight flag stays only if ``keep`` holds, and a message the
    patterns let pass is flagged when ``add`` holds."""
    per = [Counter() for _ in range(FOLDS + 1)]
    for r in rows:
        flagged = (r["flagged"] and keep(r)) or (not r["flagged"] and add is not None and add(r))
        outcome = ("tp" if flagged else "fn") if r["positive"] else ("fp" if flagged else "tn")
        per[r["fold"]][outcome] += 1
        per[FOLDS][outcome] += 1
    return per


def policy_line(name: str, per: list[Counter[str]]) -> str:
    folds = " | ".join(f"{c['tp'] / (c['tp'] + c['fp']) if c['tp'] + c['fp'] else 1.0:.2f} / "
                       f"{c['tp'] / (c['tp'] + c['fn']) if c['tp'] + c['fn'] else 1.0:.2f}" for c in per[:FOLDS])
    a = per[FOLDS]
    p = a["tp"] / (a["tp"] + a["fp"]) if a["tp"] + a["fp"] else 1.0
    rec = a["tp"] / (a["tp"] + a["fn"]) if a["tp"] + a["fn"] else 1.0
    return f"| {name} | {folds} | {p:.3f} | {rec:.3f} | {a['tp']} | {a['fp']} | {a['fn']} |"


def report(rows: list[dict[str, Any]], current: dict[str, dict[str, Any]] | None = None,
           recent: list[dict[str, Any]] | None = None) -> str:
    text = _report(rows, current)
    if recent:
        text += (f"\n## Recent versions only\n\nThe owners first seen by a classifier version committed since {RECENT} (closer to "
                 "today's rules).\n\n" + _report(recent, None))
    return text


def _report(rows: list[dict[str, Any]], current: dict[str, dict[str, Any]] | None = None) -> str:
    out = [f"First sight on dev: {len(rows)} scored messages of {len({r['owner'] for r in rows})} owners "
           "(patterns: each owner's first-sight version; model: trained on the other folds).", ""]
    out += ["| fold | owners | patterns at first sight | + fold model-only flags (0.9 / 0.3, guarded) |", "|---|---:|---|---|"]
    for fold in range(FOLDS + 1):
        part = [r for r in rows if fold == FOLDS or r["fold"] == fold]
        c = Counter(r["outcome"] for r in part)
        added = Counter(("tp" if r["positive"] else "fp") for r in part if not r["flagged"] and model_only(r))
        out.append(f"| {'all' if fold == FOLDS else fold} | {len({r['owner'] for r in part})} | {_pr(c['tp'], c['fp'], c['fn'])} | "
                   f"{_pr(c['tp'] + added['tp'], c['fp'] + added['fp'], c['fn'] - added['tp'])} |")
    # The fold model alone, over every scored message and over the guarded ones.
    out += ["", "The fold model alone (first sight), all messages / guarded messages only, by threshold:", "",
            "| threshold | all: P | R | TP | FP | guarded: TP | FP | P | of pattern misses: TP | FP |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    positives = sum(r["positive"] for r in rows)
    for t in (0.5, 0.7, 0.8, 0.9, 0.95):
        tp = sum(1 for r in rows if r["score"] >= t and r["positive"])
        fp = sum(1 for r in rows if r["score"] >= t and not r["positive"])
        gtp = sum(1 for r in rows if r["guard"] and r["score"] >= t and r["positive"])
        gfp = sum(1 for r in rows if r["guard"] and r["score"] >= t and not r["positive"])
        mtp = sum(1 for r in rows if not r["flagged"] and model_only(r, t) and r["positive"])
        mfp = sum(1 for r in rows if not r["flagged"] and model_only(r, t) and not r["positive"])
        out.append(f"| {t} | {tp / (tp + fp) if tp + fp else 1:.3f} | {tp / positives:.3f} | {tp} | {fp} | {gtp} | {gfp} | "
                   f"{gtp / (gtp + gfp) if gtp + gfp else 1:.2f} | {mtp} | {mfp} |")
    # Families at first sight, with the fold model's agreement.
    fams: dict[str, Counter[str]] = defaultdict(Counter)
    for r in rows:
        if r["flagged"]:
            kind = "tp" if r["positive"] else "fp"
            fams[r["family"]][kind] += 1
            for t in GATES:
                if r["score"] >= t:
                    fams[r["family"]][f"{kind}{t}"] += 1
    now: dict[str, Counter[str]] = defaultdict(Counter)
    for v in (current or {}).values():
        if v["flagged"]:
            now[v["family"]]["tp" if v["label"] else "fp"] += 1
    out += ["", "Families at first sight (TP / FP), kept when the fold model scores at least t; this checkout on all dev:", "",
            "| family | TP | FP | P | " + " | ".join(f"t {t}: TP / FP" for t in GATES) + " | now TP / FP |",
            "|---|---:|---:|---:|" + "---:|" * len(GATES) + "---:|"]
    for fam in sorted(fams, key=lambda f: (-fams[f]["fp"], -fams[f]["tp"])):
        c = fams[fam]
        cells = " | ".join(f"{c[f'tp{t}']} / {c[f'fp{t}']}" for t in GATES)
        nowc = f"{now[fam]['tp']} / {now[fam]['fp']}" if fam in now else "–"
        out.append(f"| {fam} | {c['tp']} | {c['fp']} | {c['tp'] / (c['tp'] + c['fp']):.2f} | {cells} | {nowc} |")
    low = {f for f, c in fams.items() if c["tp"] + c["fp"] >= MIN_FLAGS and c["tp"] / (c["tp"] + c["fp"]) < BAR}
    out += ["", f"Policies (P / R per fold, then all). Low families (first-sight P < {BAR} with >= {MIN_FLAGS} flags): "
            + (", ".join(sorted(low)) or "none") + ".", "",
            "| policy | " + " | ".join(f"fold {i} P / R" for i in range(FOLDS)) + " | P | R | TP | FP | FN |",
            "|---|" + "---:|" * (FOLDS + 5)]
    out.append(policy_line("patterns at first sight", apply(rows, lambda r: True)))
    out.append(policy_line("low families dropped", apply(rows, lambda r: r["family"] not in low)))
    for t in GATES:
        out.append(policy_line(f"low families need the model >= {t}",
                               apply(rows, lambda r, t=t: r["family"] not in low or r["score"] >= t)))
    for t in GATES:
        out.append(policy_line(f"every family needs the model >= {t}", apply(rows, lambda r, t=t: r["score"] >= t)))
    out.append(policy_line("+ model-only flags (0.9 / 0.3, guarded)", apply(rows, lambda r: True, model_only)))
    for v in VETOES:
        out.append(policy_line(f"veto below {v}", apply(rows, lambda r, v=v: vetoed(r, v) is False)))
        out.append(policy_line(f"veto below {v} + model-only flags", apply(rows, lambda r, v=v: vetoed(r, v) is False, model_only)))
    for fam in sorted(low):
        out.append(policy_line(f"only \"{fam}\" dropped", apply(rows, lambda r, f=fam: r["family"] != f)))
        out.append(policy_line(f"only \"{fam}\" needs >= 0.5", apply(rows, lambda r, f=fam: r["family"] != f or r["score"] >= 0.5)))
    return "\n".join(out) + "\n"


def with_change(rows: list[dict[str, Any]], before: dict[str, dict[str, Any]],
                after: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The first-sight rows with a capture change applied: a message the change newly flags (``after`` flags it,
    ``before`` did not) is flagged, one it stops flagging is not, the rest keep their first-sight verdict (cls45).

    ``before`` / ``after``: `classifier_snapshot.py write` files of this checkout without and with the change. A new
    form is general, not written on these rows: its flags here are first sight only for owners whose messages its
    author did not read (say which folds were read when citing the numbers)."""
    out = []
    for r in rows:
        key = f"real-dev|{r['session']}|{r['id']}"
        b, a = before.get(key), after.get(key)
        if a is None or b is None or a["flagged"] == b["flagged"]:
            out.append(r)
            continue
        flagged = bool(a["flagged"])
        family = ""
        if flagged:
            from research.classifier_answer_kind import family as family_of

            family = family_of(a["reason"])
        outcome = ("tp" if flagged else "fn") if r["positive"] else ("fp" if flagged else "tn")
        out.append({**r, "flagged": flagged, "outcome": outcome, "family": family, "changed": True})
    return out


def change_report(rows: list[dict[str, Any]], changed: list[dict[str, Any]]) -> str:
    """P / R per fold at first sight before and after a change, and the flags it gained and lost by family."""
    out = ["| first sight | " + " | ".join(f"fold {i} P / R" for i in range(FOLDS)) + " | P | R | TP | FP | FN |",
           "|---|" + "---:|" * (FOLDS + 5)]
    out.append(policy_line("before", apply(rows, lambda r: True)))
    out.append(policy_line("after", apply(changed, lambda r: True)))
    moves: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for r0, r1 in zip(rows, changed):
        if r1.get("changed"):
            what = "gained" if r1["flagged"] else "lost"
            moves[(what, r1["family"] or r0["family"])]["tp" if r1["positive"] else "fp"] += 1
            moves[(what, r1["family"] or r0["family"])][f"fold{r1['fold']}"] += 1
    out += ["", "| flags | family | TP | FP | by fold (flags) |", "|---|---|---:|---:|---|"]
    for (what, fam), c in sorted(moves.items()):
        folds = ", ".join(f"{i}: {c[f'fold{i}']}" for i in range(FOLDS) if c[f"fold{i}"])
        out.append(f"| {what} | {fam} | {c['tp']} | {c['fp']} | {folds} |")
    return "\n".join(out) + "\n"


def current_families(snapshot: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    from research.classifier_answer_kind import family

    return {k: {**v, "family": family(v["reason"]) if v["flagged"] else ""} for k, v in snapshot.items()
            if k.startswith("real-dev|") and v["label"] is not None}


def first_seen() -> dict[str, str]:
    """Each dev owner's first-sight version's commit time (UTC, ISO 8601), as `classifier_unseen.history` assigns them."""
    from research import classifier_unseen as U
    from research.data.real_sessions import splits

    dev = {U.owner_of(r) for r, s in splits().items() if s == "dev"}
    owner_commit: dict[str, str] = {}
    for commit in U.versions():
        unseen = dev - U.known_owners(commit)
        if len(unseen) < len(dev):
            for owner in unseen:
                owner_commit[owner] = commit
    when = {c: U._utc(U._git("log", "-1", "--format=%ct", c).strip()) for c in set(owner_commit.values())}
    return {owner: when[c] for owner, c in owner_commit.items()}


def _first_sight_versions() -> str:
    """A digest of the classifier versions that see some dev owner first (a later commit sees none: all are known)."""
    from research import classifier_unseen as U
    from research.data.real_sessions import splits

    dev = {U.owner_of(r) for r, s in splits().items() if s == "dev"}
    seen = [c for c in U.versions() if dev - U.known_owners(c) and len(dev - U.known_owners(c)) < len(dev)]
    return hashlib.sha256(" ".join(seen).encode("utf-8")).hexdigest()[:16]


def main(argv: list[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, help="a folder for the history rows and fold scores (reused when unchanged)")
    parser.add_argument("--snapshot", type=Path, help="`classifier_snapshot.py write` output: this checkout's families on dev")
    parser.add_argument("--before", type=Path, help="with --after: a snapshot without a capture change")
    parser.add_argument("--after", type=Path, help="with --before: a snapshot with it (prints only the change at first sight)")
    parser.add_argument("--write", action="store_true", help=f"write the report to {OUTPUT.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    code = sorted((ROOT / "altimate_learn" / "capture").rglob("*.py"))
    data = _digest(_data_files())
    history = _cached(args.cache, "history", data + _first_sight_versions(), history_rows)
    if args.before and args.after:
        rows = [r for r in history if r["outcome"]]
        rows = [{**r, "owner": _owner(r["session"]), "fold": fold_of(_owner(r["session"])),
                 "positive": r["outcome"] in ("tp", "fn"), "flagged": r["outcome"] in ("tp", "fp")} for r in rows]
        before, after = (json.loads(p.read_text(encoding="utf-8")) for p in (args.before, args.after))
        # (the rows the current corpus no longer scores, as `joined` leaves them out: not in the snapshots)
        rows = [r for r in rows if f"real-dev|{r['session']}|{r['id']}" in before]
        return change_report(rows, with_change(rows, before, after))
    trainer = [ROOT / "research" / "train_correction_model.py", ROOT / "altimate_learn" / "capture" / "second_opinion.py"]
    scores = _cached(args.cache, "folds", _digest(_data_files() + code + trainer), fold_scores)
    current = None
    if args.snapshot:
        current = current_families(json.loads(args.snapshot.read_text(encoding="utf-8")))
    rows = joined(history, scores)
    seen = first_seen()
    text = report(rows, current, [r for r in rows if seen.get(r["owner"], "") >= RECENT])
    if args.write:
        OUTPUT.write_text(f"# The correction classifier at first sight, by owner folds (dev)\n\nWritten by `python research/"
                          f"classifier_first_sight.py --snapshot S.json --write` (see its docstring).\n\n{text}", encoding="utf-8")
    return text


if __name__ == "__main__":
    print(main(), end="")
