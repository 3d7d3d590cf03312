"""How often would a second careful labeller agree with `research/data/real/labels.jsonl`? (issue 20, dev split only)

    python research/classifier_agreement.py                    # prints the study's numbers as a Markdown section
    python research/classifier_agreement.py --export PATH      # the study's sample with its context, no label, to PATH
    python research/classifier_agreement.py --draw PATH        # a fresh draw by the same rule from today's dev split

The study. The real-session corpus was labelled by one person. Before comparing the classifier to those labels, a
second labeller (agree13, 2026-12-03) labelled a sample of the dev split without seeing them:
1. the guideline was written down first, from the definitions in `research/data/real_sessions.py` and
   `research/data/real/README.md` (`research/data/real/agreement/GUIDELINE.md`);
2. the sample: every typed message of the dev split (untyped ones included, read from the session files, not from
   `labels.jsonl`), shuffled with a fixed seed, taken in that order while a repository has given fewer than 4, until
   400 (`draw_sample`; not stratified by label, which the labeller could not see);
3. each message labelled with the same five labels and a one-line reason, with the assistant answer it replied to and
   the message before it as context (`research/data/real/agreement/labels_agree13.jsonl`), committed (4f20c1d)
   before `labels.jsonl` was opened;
4. only then compared: Cohen's kappa over the five labels and over positive (correction or bug) against `not`
   (messages either labeller called borderline or untyped left out, as the classifier is scored); the second
   labeller scored as if it were the classifier with the first labeller as truth (the ceiling a classifier of
   perfect judgement would see against labels this noisy); the confusion table; each disagreement's family
   (`research/data/real/agreement/disagreements.jsonl`, written after the comparison);
5. the current classifier (`classify_user_message`, as `research/classifier_real.py` asks it: the answer as context,
   the model's hint not counted) on the same messages, against each labeller and where both agree;
6. the false-alarm side, which a random sample cannot show (it held one false alarm): the 524 dev messages the
   classifier flagged (at d795c44) outside the sample, labelled the same way by the second labeller after the
   sample, blind to `labels.jsonl` but knowing the classifier had flagged them
   (`research/data/real/agreement/labels_agree13_flagged.jsonl`, committed (a441ed2) before comparing): how many of
   labeller 1's false alarms a second labeller would call a correction or a bug report.

Intervals are 95% bootstrap intervals over repositories (2,000 resamples, fixed seed), because messages of one
repository share a voice. Dev only: the held-out split is never read (the sample is drawn from dev files; every
labels.jsonl row read here is asserted to be dev). Deterministic.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from research.data.real_sessions import (  # noqa: E402
    DATA_DIR,
    LABELS,
    _repo_of,
    _records,
    _session_name,
    session_files,
    splits,
)

AGREEMENT_DIR = DATA_DIR / "agreement"
SECOND = AGREEMENT_DIR / "labels_agree13.jsonl"
DISAGREEMENTS = AGREEMENT_DIR / "disagreements.jsonl"
FLAGGED = AGREEMENT_DIR / "labels_agree13_flagged.jsonl"  # the classifier's dev flags outside the sample (at d795c44)
SEED = 20261203
SIZE = 400
PER_REPO = 4
BOOTSTRAP = 2000
POSITIVE = ("correction", "bug")


def dev_messages() -> list[dict[str, Any]]:
    """Every typed message of the dev split (labelled or not, untyped included), read from the session files only:
    labels.jsonl is not opened."""
    out = []
    for path in session_files("dev"):
        session = _session_name(path)
        answer, interrupted, previous = None, False, None
        for record in _records(path):
            kind = record.get("type")
            if kind == "assistant":
                answer, interrupted = record.get("text"), False
            elif kind == "interrupt":
                interrupted = True
            elif kind == "user":
                out.append({"session": session, "id": record["id"], "repo": _repo_of(session),
                            "after_interrupt": interrupted, "previous_message": previous,
                            "answer": answer, "text": record["text"]})
                previous = record["text"]
                answer, interrupted = None, False
    return out


def draw_sample(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A fixed-seed random sample of SIZE messages, at most PER_REPO from one repository (not stratified by label)."""
    order = list(range(len(messages)))
    random.Random(SEED).shuffle(order)
    per_repo: Counter[str] = Counter()
    chosen = []
    for i in order:
        m = messages[i]
        if per_repo[m["repo"]] >= PER_REPO:
            continue
        per_repo[m["repo"]] += 1
        chosen.append(i)
        if len(chosen) == SIZE:
            break
    return [messages[i] for i in sorted(chosen)]


def _jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def committed_sample() -> list[dict[str, Any]]:
    """The sample the second labeller labelled (the keys of labels_agree13.jsonl), read back from the dev session
    files with its context. Read from the committed keys, not re-drawn, so that the corpus growing (new dev
    repositories change what `draw_sample` would draw today) leaves the study as it was."""
    second = {(r["session"], r["id"]) for r in _jsonl(SECOND)}
    sample = [m for m in dev_messages() if (m["session"], m["id"]) in second]
    if len(sample) != len(second):
        raise SystemExit(f"{len(second) - len(sample)} messages of {SECOND.name} are no longer typed messages of the "
                         "dev split; the study cannot be compared")
    return sample


def load_pairs() -> list[dict[str, Any]]:
    """The sample with both labellers' labels: first (labels.jsonl) and second (agree13)."""
    sample = committed_sample()
    second = {(r["session"], r["id"]): r for r in _jsonl(SECOND)}
    first = _first_labels(set(second))
    out = []
    for m in sample:
        key = (m["session"], m["id"])
        out.append({**m, "first": first[key]["label"], "first_why": first[key]["why"],
                    "second": second[key]["label"], "second_why": second[key]["why"]})
    return out


def _first_labels(keys: set[tuple[str, str]]) -> dict[tuple[str, str], dict[str, Any]]:
    """labels.jsonl rows for these keys, each asserted to be a dev repository's."""
    first = {}
    for row in _jsonl(DATA_DIR / "labels.jsonl"):
        key = (row["session"], row["id"])
        if key in keys:
            assert splits().get(_repo_of(row["session"])) == "dev", "the study reads dev labels only"
            first[key] = row
    return first


def load_flagged() -> list[dict[str, Any]]:
    """The second set: the dev messages the classifier flagged (at d795c44) outside the random sample, labelled by
    the second labeller knowing only that they were flagged; with labeller 1's label. Empty when the file is absent."""
    if not FLAGGED.exists():
        return []
    second = _jsonl(FLAGGED)
    first = _first_labels({(r["session"], r["id"]) for r in second})
    if len(first) != len(second):
        raise SystemExit(f"{len(second) - len(first)} messages of {FLAGGED.name} have no label in labels.jsonl")
    out = []
    for r in second:
        key = (r["session"], r["id"])
        out.append({"session": r["session"], "id": r["id"], "repo": _repo_of(r["session"]),
                    "first": first[key]["label"], "second": r["label"]})
    return out


def kappa(pairs: list[tuple[str, str]]) -> float:
    """Cohen's kappa of (first, second) label pairs."""
    n = len(pairs)
    if not n:
        return float("nan")
    observed = sum(a == b for a, b in pairs) / n
    first, second = Counter(a for a, _ in pairs), Counter(b for _, b in pairs)
    expected = sum(first[k] * second[k] for k in set(first) | set(second)) / (n * n)
    return (observed - expected) / (1 - expected) if expected < 1 else 1.0


def binary(label: str) -> bool | None:
    """True for correction or bug, False for not, None for borderline and untyped (left out, as the classifier)."""
    return True if label in POSITIVE else (False if label == "not" else None)


def prf(truth: list[bool], flagged: list[bool]) -> dict[str, float]:
    tp = sum(t and f for t, f in zip(truth, flagged))
    fp = sum((not t) and f for t, f in zip(truth, flagged))
    fn = sum(t and not f for t, f in zip(truth, flagged))
    precision = tp / (tp + fp) if tp + fp else float("nan")
    recall = tp / (tp + fn) if tp + fn else float("nan")
    return {"tp": tp, "fp": fp, "fn": fn, "precision": precision, "recall": recall}


def classifier_flags(rows: list[dict[str, Any]]) -> dict[tuple[str, str], bool]:
    """The current classifier on the sample, read as `learn capture` reads each session (learn's generic reader, the
    message before it, the answer it replied to); a flag from the model alone (a digest hint) does not count, as in
    `research/classifier_real.py`. Unlike `iter_classifier_inputs`, messages labelled untyped are asked too, so the
    classifier can be scored against the second labeller's labels as well."""
    from altimate_learn.capture.model import UserMessage
    from altimate_learn.capture.sessions.generic import GenericReader
    from research.classifier_real import _verdict

    wanted = {(r["session"], r["id"]): r for r in rows}
    sessions = {r["session"] for r in rows}
    out = {}
    for path in session_files("dev"):
        session = _session_name(path)
        if session not in sessions:
            continue
        previous = None
        for event in GenericReader(path).events():
            if not isinstance(event, UserMessage):
                continue
            row = wanted.get((session, event.id or ""))
            if row is not None:
                verdict = _verdict(_Answer(row["answer"]), event, previous)
                hint = bool(verdict.correction) and verdict.strength == "model"
                out[(session, row["id"])] = bool(verdict.correction) and not hint
            previous = event
    missing = set(wanted) - set(out)
    if missing:
        raise SystemExit(f"{len(missing)} sampled messages were not read back by learn's generic reader")
    return out


class _Answer:
    """What `_verdict` reads of a RealMessage: the answer the message replied to."""

    def __init__(self, answer: str | None) -> None:
        self.answer = answer


def _bootstrap(rows: list[dict[str, Any]], stat: Any) -> tuple[float, float]:
    """A 95% interval of stat(rows) over resampled repositories (fixed seed)."""
    by_repo: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_repo[r["repo"]].append(r)
    repos = sorted(by_repo)
    rng = random.Random(SEED)
    values = []
    for _ in range(BOOTSTRAP):
        drawn = [r for repo in rng.choices(repos, k=len(repos)) for r in by_repo[repo]]
        value = stat(drawn)
        if value == value:  # not NaN
            values.append(value)
    values.sort()
    return values[int(0.025 * len(values))], values[int(0.975 * len(values)) - 1]


def _short(text: str, limit: int = 110) -> str:
    one = " ".join(text.split()).replace('"', "'")
    return one if len(one) <= limit else one[: limit - 1] + "\u2026"


def _fmt(x: float) -> str:
    return "n/a" if x != x else f"{x:.3f}"


def _ci(rows: list[dict[str, Any]], stat: Any) -> str:
    low, high = _bootstrap(rows, stat)
    return f"{_fmt(stat(rows))} [{_fmt(low)}, {_fmt(high)}]"


def _kappa5(rows: list[dict[str, Any]]) -> float:
    return kappa([(r["first"], r["second"]) for r in rows])


def _decided(rows: list[dict[str, Any]], *who: str) -> list[dict[str, Any]]:
    return [r for r in rows if all(binary(r[w]) is not None for w in who)]


def _kappa2(rows: list[dict[str, Any]]) -> float:
    both = _decided(rows, "first", "second")
    return kappa([(str(binary(r["first"])), str(binary(r["second"]))) for r in both])


def _score(rows: list[dict[str, Any]], truth: str, flag: str) -> dict[str, float]:
    scored = [r for r in rows if binary(r[truth]) is not None]
    return prf([bool(binary(r[truth])) for r in scored], [bool(r[flag]) for r in scored])


def _p(truth: str, flag: str, filt: Any = None) -> Any:
    return lambda rows: _score([r for r in rows if filt is None or filt(r)], truth, flag)["precision"]


def _r(truth: str, flag: str, filt: Any = None) -> Any:
    return lambda rows: _score([r for r in rows if filt is None or filt(r)], truth, flag)["recall"]


def main() -> str:
    rows = load_pairs()
    flags = classifier_flags(rows)
    for r in rows:
        r["classifier"] = flags[(r["session"], r["id"])]
        r["second_flags"] = binary(r["second"]) is True  # the second labeller as a classifier: flags its positives
        r["second_decided"] = binary(r["second"]) is not None
    n = len(rows)
    agree5 = sum(r["first"] == r["second"] for r in rows)
    both = _decided(rows, "first", "second")
    agree2 = sum(binary(r["first"]) == binary(r["second"]) for r in both)
    out = ["## Inter-annotator agreement (issue 20, dev sample)", ""]
    out.append(
        f"A second labeller labelled {n} dev messages ({len({r['repo'] for r in rows})} repositories, at most "
        f"{PER_REPO} each, seed {SEED}) without seeing `labels.jsonl` (`research/classifier_agreement.py`; "
        f"guideline and labels in `research/data/real/agreement/`). Intervals: 95% bootstrap over repositories.")
    out.append("")
    out.append("| measure | value |")
    out.append("|---|---|")
    out.append(f"| same label (5 labels) | {agree5}/{n} = {agree5 / n:.3f} |")
    out.append(f"| Cohen's kappa, 5 labels | {_ci(rows, _kappa5)} |")
    out.append(f"| same side, positive vs not (both decided: {len(both)}) | {agree2}/{len(both)} = "
               f"{agree2 / len(both):.3f} |")
    out.append(f"| Cohen's kappa, positive vs not | {_ci(rows, _kappa2)} |")
    # The second labeller as a classifier, labeller 1 as truth.
    decided2 = lambda r: r["second_decided"]  # noqa: E731
    s_strict = _score(rows, "first", "second_flags")
    s_both = _score([r for r in rows if decided2(r)], "first", "second_flags")
    out.append(f"| second labeller as the classifier, labeller 1 as truth (its borderline/untyped = not flagged) | "
               f"P {_ci(rows, _p('first', 'second_flags'))}, R {_ci(rows, _r('first', 'second_flags'))} "
               f"(TP {s_strict['tp']}, FP {s_strict['fp']}, FN {s_strict['fn']}) |")
    out.append(f"| the same, only where the second labeller decided | P {_fmt(s_both['precision'])}, "
               f"R {_fmt(s_both['recall'])} (TP {s_both['tp']}, FP {s_both['fp']}, FN {s_both['fn']}) |")
    out.append("")
    # Confusion table.
    table = Counter((r["first"], r["second"]) for r in rows)
    out.append("Confusion (rows: labeller 1, `labels.jsonl`; columns: labeller 2, agree13):")
    out.append("")
    out.append("| labeller 1 \\ 2 | " + " | ".join(LABELS) + " | total |")
    out.append("|---|" + "---|" * (len(LABELS) + 1))
    for a in LABELS:
        cells = [str(table[(a, b)]) for b in LABELS]
        out.append(f"| {a} | " + " | ".join(cells) + f" | {sum(table[(a, b)] for b in LABELS)} |")
    out.append("| total | " + " | ".join(str(sum(table[(a, b)] for a in LABELS)) for b in LABELS) + f" | {n} |")
    out.append("")
    # The classifier.
    agree = lambda r: binary(r["first"]) is not None and binary(r["first"]) == binary(r["second"])  # noqa: E731
    out.append("The current classifier on the same messages (flags from the patterns; the model's hint not counted):")
    out.append("")
    out.append("| truth | scored | TP | FP | FN | precision | recall |")
    out.append("|---|---|---|---|---|---|---|")
    for name, truth, filt in (("labeller 1 (labels.jsonl)", "first", None), ("labeller 2 (agree13)", "second", None),
                              ("where both agree", "first", agree)):
        part = [r for r in rows if filt is None or filt(r)]
        s = _score(part, truth, "classifier")
        scored = sum(binary(r[truth]) is not None for r in part)
        out.append(f"| {name} | {scored} | {s['tp']} | {s['fp']} | {s['fn']} | "
                   f"{_ci(rows, _p(truth, 'classifier', filt))} | {_ci(rows, _r(truth, 'classifier', filt))} |")
    out.append("")
    fn = Counter(r["second"] for r in rows if binary(r["first"]) is True and not r["classifier"])
    fp = Counter(r["second"] for r in rows if binary(r["first"]) is False and r["classifier"])
    out.append("The classifier's errors against labeller 1, by what labeller 2 said: missed positives "
               f"({sum(fn.values())}): " + ", ".join(f"{k} {fn[k]}" for k in LABELS if fn[k])
               + f"; false alarms ({sum(fp.values())}): " + ", ".join(f"{k} {fp[k]}" for k in LABELS if fp[k]) + ".")
    out.append("")
    # Disagreement families.
    if DISAGREEMENTS.exists():
        notes = {(d["session"], d["id"]): d for d in _jsonl(DISAGREEMENTS)}
        differ = [r for r in rows if r["first"] != r["second"]]
        unread = {"family": "not read (labels.jsonl changed since the study)", "verdict": ""}
        fam: dict[str, Counter[str]] = defaultdict(Counter)
        for r in differ:
            d = notes.get((r["session"], r["id"]), unread)
            b1, b2 = binary(r["first"]), binary(r["second"])
            side = "soft" if b1 is None or b2 is None else ("flip" if b1 != b2 else "same")
            fam[d["family"]][side] += 1
            fam[d["family"]][f"{r['first']}->{r['second']}"] += 1
            if d.get("verdict"):
                fam[d["family"]]["verdict:" + d["verdict"]] += 1
        out.append(f"Disagreements by family ({len(differ)}; flip = one labeller positive, the other `not`; soft = one "
                   "side borderline or untyped; same side = correction against bug; verdict = on re-reading after the "
                   "comparison, whose label fits the guideline better, `judgement` when both do; "
                   "`research/data/real/agreement/disagreements.jsonl` has each one with a note):")
        out.append("")
        out.append("| family | disagreements | flips | soft | same side | labeller 1 -> 2 | verdict on re-reading |")
        out.append("|---|---|---|---|---|---|---|")
        total = lambda c: c["flip"] + c["soft"] + c["same"]  # noqa: E731
        for family, c in sorted(fam.items(), key=lambda kv: (-total(kv[1]), kv[0])):
            moves = ", ".join(f"{k} {v}" for k, v in sorted(c.items()) if "->" in k)
            verdicts = ", ".join(f"{k[8:]} {v}" for k, v in sorted(c.items()) if k.startswith("verdict:"))
            out.append(f"| {family} | {total(c)} | {c['flip']} | {c['soft']} | {c['same']} | {moves} | {verdicts} |")
        out.append("")
        flips = [r for r in differ if binary(r["first"]) is not None and binary(r["second"]) is not None
                 and binary(r["first"]) != binary(r["second"])]
        out.append(f"The {len(flips)} flips (the disagreements that move precision or recall):")
        out.append("")
        for r in flips:
            d = notes.get((r["session"], r["id"]), unread)
            out.append(f"- `{r['session']}` {r['id']}: labeller 1 {r['first']}, labeller 2 {r['second']}, classifier "
                       f"{'flags' if r['classifier'] else 'passes'} ({d['family']}): \"{_short(r['text'])}\"")
        out.append("")
    out.extend(_flagged_section(rows))
    return "\n".join(out)


def _flagged_section(sample: list[dict[str, Any]]) -> list[str]:
    """The false-alarm side: on everything the classifier flagged, how often a second labeller calls positive what
    labeller 1 called `not`. The random sample holds too few false alarms to say."""
    flagged = load_flagged()
    if not flagged:
        return []
    in_sample = [r for r in sample if r["classifier"]]
    allf = flagged + [{k: r[k] for k in ("session", "id", "repo", "first", "second")} for r in in_sample]
    n = len(allf)
    out = [f"The classifier's flags ({n} dev messages: the {len(flagged)} it flagged outside the sample at d795c44, "
           f"labelled by the second labeller after the sample, knowing they were flagged but not labeller 1's label "
           f"(`labels_agree13_flagged.jsonl`), and the {len(in_sample)} flagged in the sample):", ""]
    table = Counter((r["first"], r["second"]) for r in allf)
    out.append("| labeller 1 \\ 2 | " + " | ".join(LABELS) + " | total |")
    out.append("|---|" + "---|" * (len(LABELS) + 1))
    for a in LABELS:
        out.append(f"| {a} | " + " | ".join(str(table[(a, b)]) for b in LABELS)
                   + f" | {sum(table[(a, b)] for b in LABELS)} |")
    out.append("")
    p1 = [r for r in allf if binary(r["first"]) is not None]
    p2 = [r for r in allf if binary(r["second"]) is not None]
    prec1 = sum(bool(binary(r["first"])) for r in p1) / len(p1)
    prec2 = sum(bool(binary(r["second"])) for r in p2) / len(p2)
    false_alarms = [r for r in allf if r["first"] == "not"]
    disputed = Counter(r["second"] for r in false_alarms)
    lost = [r for r in allf if binary(r["first"]) is True and binary(r["second"]) is False]
    out.append(f"Precision of these flags: {prec1:.3f} against labeller 1 ({len(p1)} scored), {prec2:.3f} against "
               f"labeller 2 ({len(p2)} scored). Of the {len(false_alarms)} flags labeller 1 calls `not` (the false "
               f"alarms), labeller 2 calls " + ", ".join(f"{k} {disputed[k]}" for k in LABELS if disputed[k])
               + f"; of the flags labeller 1 calls positive, labeller 2 calls {len(lost)} `not`.")
    out.append("")
    return out


if __name__ == "__main__":
    if sys.argv[1:2] in (["--export"], ["--draw"]):  # the study's sample, or a fresh draw: text and context, no label
        if len(sys.argv) != 3:
            raise SystemExit("usage: classifier_agreement.py --export PATH | --draw PATH")
        sample = committed_sample() if sys.argv[1] == "--export" else draw_sample(dev_messages())
        with Path(sys.argv[2]).open("w", encoding="utf-8") as f:
            for m in sample:
                f.write(json.dumps(m, ensure_ascii=False) + "\n")
        print(len(sample), "messages from", len({m["repo"] for m in sample}), "repositories")
    elif sys.argv[1:]:
        raise SystemExit("usage: classifier_agreement.py [--export PATH | --draw PATH]")
    else:
        print(main())
