"""Which rule of the correction classifier fired, and how each rule does on the dev split (issue 20, eighth pass).

    python research/classifier_rules.py           # one row per rule: TP, FP, precision, distinct dev owners behind each
    python research/classifier_real.py --rules    # the same table
    python research/classifier_rules.py --fold 0 1   # only the dev owners of these folds (research/classifier_folds.py)
    python research/classifier_rules.py --candidate REGEX --fold 2 3   # a form not yet written: counts only, no text
    python research/classifier_rules.py --first-sight   # rule families and today's rules ranked by first-sight flags

Dev split only: asked for any other split, it refuses (`rule_table("holdout")` raises, the command line has no way to
ask). A rule is one entry of a cue table (`cues.CUES[12]`, `families.BROKEN[3]`, `languages.CUES[40]`, …): the tables
are wrapped for the run so the entry that matched is recorded (the classifier itself is not changed and nothing of this
reaches the hook path). A verdict that no table entry gave (a pushed-back answer, pasted output after the agent's
change, an interruption then a redirect, a rejected tool call) is named by its reason. Per rule: how many flags were
right (TP: a message labelled correction or bug) and wrong (FP: labelled not), and from how many distinct repository
owners each came: a rule whose right flags all come from one owner was likely fitted to that person's phrasing; a rule
whose false alarms come from several owners does not generalise.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


class _Traced:
    """A compiled pattern that records its rule id when its search matches."""

    def __init__(self, pattern: Any, rule: str, fired: list[str]) -> None:
        self._pattern, self.rule, self._fired = pattern, rule, fired

    def search(self, text: str, *args: Any) -> Any:
        found = self._pattern.search(text, *args)
        if found:
            self._fired.append(self.rule)
        return found

    def __getattr__(self, name: str) -> Any:
        return getattr(self._pattern, name)


def _names() -> dict[int, str]:
    """id(pattern) -> "module.TABLE[i]" for every entry of every cue table."""
    from altimate_learn.capture import cues, families, languages

    names: dict[int, str] = {}
    for module in (cues, families, languages):
        short = module.__name__.rsplit(".", 1)[-1]
        for table in ("CHALLENGES", "CUES", "PERSISTS", "BROKEN"):
            for i, (pattern, _reason) in enumerate(getattr(module, table, [])):
                names.setdefault(id(pattern), f"{short}.{table}[{i}]")
    return names


@contextmanager
def traced() -> Iterator[list[str]]:
    """While open, the classifier's cue tables record every entry that matched into the yielded list (clear it per
    message); restored on exit."""
    from altimate_learn.capture import classifier, clause_rules

    fired: list[str] = []
    names = _names()
    saved = {}
    # the clause rules (`clause_rules`) try the tables; `classifier` keeps the same names for its own whole-message checks
    for module in (clause_rules, classifier):
        for table in ("ALL_CHALLENGES", "ALL_CUES", "ALL_PERSISTS", "ALL_BROKEN"):
            saved[module, table] = getattr(module, table)
            setattr(module, table, [(_Traced(p, names.get(id(p), f"{table}[?]"), fired), r)
                                    for p, r in saved[module, table]])
    try:
        yield fired
    finally:
        for (module, table), value in saved.items():
            setattr(module, table, value)


def rule_of(reason: str, fired: list[str], reasons: dict[str, str]) -> str:
    """The table entry that gave ``reason`` (the last one that matched with that reason), else the reason itself."""
    for rule in reversed(fired):
        if reasons.get(rule) == reason:
            return rule
    return reason


def _reasons() -> dict[str, str]:
    from altimate_learn.capture import cues, families, languages

    out: dict[str, str] = {}
    for module in (cues, families, languages):
        short = module.__name__.rsplit(".", 1)[-1]
        for table in ("CHALLENGES", "CUES", "PERSISTS", "BROKEN"):
            for i, (_pattern, reason) in enumerate(getattr(module, table, [])):
                out.setdefault(f"{short}.{table}[{i}]", reason)
    return out


def rows(split: str = "dev", folds: set[int] | None = None) -> list[dict[str, Any]]:
    """One row per flagged dev message (the patterns' flags, as capture records them): owner, outcome, rule, reason."""
    if split != "dev":
        raise ValueError("rules are measured on the dev split only (tune on dev; the held-out split is never read here)")
    from research.classifier_folds import fold_of
    from research.classifier_real import _verdict
    from research.classifier_unseen import owner_of
    from research.data.real_sessions import iter_classifier_inputs

    reasons = _reasons()
    out = []
    with traced() as fired:
        for message, msg, previous in iter_classifier_inputs("dev"):
            if message.positive is None or (folds is not None and fold_of(message.repo) not in folds):
                continue
            fired.clear()
            verdict = _verdict(message, msg, previous)
            if not verdict.correction or verdict.strength == "model":
                continue
            out.append({"owner": owner_of(message.repo), "outcome": "tp" if message.positive else "fp",
                        "rule": rule_of(verdict.reason, fired, reasons), "reason": verdict.reason,
                        "session": message.session, "id": message.id})
    return out


def table(flagged: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per rule: TP, FP, precision and the distinct owners behind each, worst precision first."""
    by: dict[str, dict[str, Any]] = defaultdict(lambda: {"tp": 0, "fp": 0, "tp_owners": set(), "fp_owners": set()})
    for row in flagged:
        entry = by[row["rule"]]
        entry["reason"] = row["reason"]
        entry[row["outcome"]] += 1
        entry[row["outcome"] + "_owners"].add(row["owner"])
    result = []
    for rule, e in by.items():
        precision = e["tp"] / (e["tp"] + e["fp"])
        result.append({"rule": rule, "reason": e["reason"], "tp": e["tp"], "fp": e["fp"], "precision": precision,
                       "tp_owners": len(e["tp_owners"]), "fp_owners": len(e["fp_owners"])})
    return sorted(result, key=lambda r: (r["precision"], -r["fp"], -r["tp"], r["rule"]))


def candidate(pattern: str, folds: set[int] | None = None) -> dict[str, Any]:
    """What a form not yet written would find, counts only (so it can be measured on folds nobody read): among scored
    dev messages after an answer that claimed done work and handed nothing over (where a report of a broken result
    would count), those whose own prose matches ``pattern``, by label and flagged-already, with their distinct owners.
    The bar of the eighth pass for a new form: >= 3 distinct owners among new positives and no `not` message."""
    import re

    from altimate_learn.capture.classifier import answered, handed_over, plain_answer, prose_of
    from altimate_learn.capture.wording import normalise
    from research.classifier_folds import fold_of
    from research.classifier_real import _verdict
    from research.classifier_unseen import owner_of
    from research.data.real_sessions import iter_classifier_inputs

    form = re.compile(pattern, re.I)
    counts: dict[str, int] = defaultdict(int)
    owners: dict[str, set[str]] = defaultdict(set)
    for message, msg, previous in iter_classifier_inputs("dev"):
        if message.positive is None or (folds is not None and fold_of(message.repo) not in folds):
            continue
        # the form first: it matches few messages, and the answer's claim and hand-over are the costliest searches
        if msg.kind != "text" or not msg.after_assistant or not form.search(normalise(prose_of(message.text))):
            continue
        answer = plain_answer(message.answer)
        if not answered(answer) or handed_over(answer or ""):
            continue
        verdict = _verdict(message, msg, previous)
        key = ("positive" if message.positive else "not") + (
            " flagged already" if verdict.correction and verdict.strength != "model" else " new")
        counts[key] += 1
        owners[key].add(owner_of(message.repo))
    return {key: (counts[key], len(owners[key])) for key in sorted(counts)}


def first_sight(history: list[dict[str, Any]], flagged: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Rank by what carries to people not yet seen (issue 20, thirteenth pass). ``history``: one row per dev message as
    the classifier version that had not seen its owner scored it (`classifier_unseen.history`: outcome and reason);
    ``flagged``: today's flags (:func:`rows`). Returns (families, rules). A family's right and false flags at first
    sight, worst precision first; and for each of today's rules, the first-sight flags it still gives (right / false:
    the rule's record on people it was not written on, as far as the old version had it) apart from the flags it gained
    after the owner was seen (tuned on them, so no evidence of carrying over)."""
    from research.classifier_unseen import _family

    fam: dict[str, dict[str, int]] = defaultdict(lambda: {"tp": 0, "fp": 0})
    at_first: dict[tuple[str, str], str] = {}
    for h in history:
        at_first[(h["session"], h["id"])] = h["outcome"]
        if h["outcome"] in ("tp", "fp"):
            fam[_family(h["reason"])][h["outcome"]] += 1
    families = sorted(({"family": f, **c, "precision": c["tp"] / (c["tp"] + c["fp"])} for f, c in fam.items()),
                      key=lambda r: (r["precision"], -r["fp"], r["family"]))
    rule: dict[str, dict[str, Any]] = defaultdict(lambda: {"kept_tp": 0, "kept_fp": 0, "later_tp": 0, "later_fp": 0})
    for row in flagged:
        outcome = at_first.get((row["session"], row["id"]))
        if outcome is None:
            continue  # an owner no version saw before it was in the corpus
        entry = rule[row["rule"]]
        entry["reason"] = row["reason"]
        entry[("kept_" if outcome in ("tp", "fp") else "later_") + row["outcome"]] += 1
    rules = []
    for name, e in rule.items():
        kept = e["kept_tp"] + e["kept_fp"]
        rules.append({"rule": name, **e, "precision": e["kept_tp"] / kept if kept else None})
    rules.sort(key=lambda r: (1.0 if r["precision"] is None else r["precision"], -r["kept_fp"], r["rule"]))
    return families, rules


def render_first_sight() -> str:
    from research import classifier_unseen as U

    U.history()
    history = U.HISTORY_TPS + U.HISTORY_FPS + U.HISTORY_FNS + U.HISTORY_TNS
    families, rules = first_sight(history, rows("dev"))
    lines = ["Rule families on dev owners at first sight (each owner scored by the newest version that had not seen it):",
             "", "| family | right | false | precision |", "|---|---:|---:|---:|"]
    lines += [f"| {f['family'][:60]} | {f['tp']} | {f['fp']} | {f['precision']:.2f} |" for f in families]
    lines += ["", "Today's rules on the same messages: first-sight flags they still give, and flags gained after the owner "
              "was seen (tuned on them):", "", "| rule | reason | first-sight right | first-sight false | precision | "
              "gained right | gained false |", "|---|---|---:|---:|---:|---:|---:|"]
    for r in rules:
        p = "–" if r["precision"] is None else f"{r['precision']:.2f}"
        lines.append(f"| {r['rule']} | {r['reason'][:50]} | {r['kept_tp']} | {r['kept_fp']} | {p} | {r['later_tp']} | "
                     f"{r['later_fp']} |")
    return "\n".join(lines) + "\n"


def render(split: str = "dev", folds: set[int] | None = None) -> str:
    flagged = rows(split, folds)
    lines = ["| rule | reason | TP | FP | precision | TP owners | FP owners |", "|---|---|---:|---:|---:|---:|---:|"]
    for r in table(flagged):
        lines.append(f"| {r['rule']} | {r['reason'][:60]} | {r['tp']} | {r['fp']} | {r['precision']:.2f} | "
                     f"{r['tp_owners']} | {r['fp_owners']} |")
    tp = sum(r["outcome"] == "tp" for r in flagged)
    lines.append(f"\n{len(flagged)} dev flags ({tp} right, {len(flagged) - tp} false alarms) from "
                 f"{len({r['rule'] for r in flagged})} rules")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    args = sys.argv[1:]
    if args == ["--first-sight"]:
        print(render_first_sight())
        raise SystemExit(0)
    form = None
    if args[:1] == ["--candidate"] and len(args) >= 2:
        form, args = args[1], args[2:]
    chosen = None
    if args[:1] == ["--fold"] and args[1:] and all(a in "0123" and len(a) == 1 for a in args[1:]):
        chosen = {int(a) for a in args[1:]}
    elif args:
        sys.exit("usage: python research/classifier_rules.py [--first-sight | --candidate REGEX] [--fold N ...]  (dev split only)")
    if form is not None:
        for key, (n, people) in candidate(form, chosen).items():
            print(f"{key}: {n} messages, {people} owners")
    else:
        print(render("dev", chosen))
