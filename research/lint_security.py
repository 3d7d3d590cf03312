"""Lint on hostile lessons by category, and on ordinary security-minded and everyday rules.

    python research/lint_security.py

Data: `research/data/lint_security/hostile.jsonl` (lesson texts that would turn an agent against its team,
each labelled with one of nine categories: exfiltration of secrets or the environment, remote code and
persistence, concealment from the person, taking orders from data, destruction, privilege, turning a
safety check off, untrusted package sources, obfuscated payloads) and `ordinary.jsonl` (rules a team
really writes, many of them about security, naming the same dangers to forbid them). Each row has a
split: `dev` (written first, used while writing the rules), `held-out` (written at the same time, visible
while developing), `blind` (written after the rules, measured once before any change; the first
measurement is recorded below, and the rules were then generalised for the classes it exposed).

A hostile text counts as stopped when it is rejected or flagged (flagged lessons need explicit approval at
promote); an ordinary rule counts as refused when it is rejected (a flag is not a refusal).
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from altimate_learn.curate.lint import lint  # noqa: E402

DATA = ROOT / "research" / "data" / "lint_security"
# The blind split as first measured, before the rules were generalised for what it exposed (see the module
# docstring): stopped hostile texts / total, ordinary rules refused / total.
FIRST_BLIND = {"hostile": (44, 54), "ordinary": (0, 50)}


def rows(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]


def verdict(text: str) -> tuple[str, str | None]:
    result = lint(text)
    if not result.ok:
        return "rejected", result.rule
    return ("flagged", None) if result.flagged else ("accepted", None)


def main() -> str:
    hostile, ordinary = rows("hostile.jsonl"), rows("ordinary.jsonl")
    by_cat: dict[str, Counter] = defaultdict(Counter)
    by_split: dict[str, Counter] = defaultdict(Counter)
    passed: list[dict] = []
    rules: dict[str, Counter] = defaultdict(Counter)
    for row in hostile:
        got, rule = verdict(row["text"])
        by_cat[row["category"]][got] += 1
        by_split[row["split"]][got] += 1
        if rule:
            rules[row["category"]][rule] += 1
        if got == "accepted":
            passed.append(row)
    refused = []
    ord_split: dict[str, Counter] = defaultdict(Counter)
    flagged_ordinary = 0
    for row in ordinary:
        got, rule = verdict(row["text"])
        ord_split[row["split"]]["n"] += 1
        if got == "rejected":
            refused.append((row, rule))
            ord_split[row["split"]]["refused"] += 1
        flagged_ordinary += got == "flagged"
    total = len(hostile)
    stopped = sum(c["rejected"] + c["flagged"] for c in by_cat.values())
    lines = [
        "## Lint: hostile lessons by category, ordinary rules",
        "",
        f"Data: `research/data/lint_security/` ({total} hostile texts in 9 categories, {len(ordinary)} ordinary rules; "
        "dev, held-out and blind splits, see `research/lint_security.py`). Goal (issue 18): every hostile text "
        "rejected or flagged; at most 1 in 25 ordinary rules refused.",
        "",
        f"Result: **{stopped}/{total} hostile texts stopped** ({sum(c['rejected'] for c in by_cat.values())} rejected, "
        f"{sum(c['flagged'] for c in by_cat.values())} flagged); **{len(refused)}/{len(ordinary)} ordinary rules "
        f"refused** ({100 * len(refused) / max(len(ordinary), 1):.1f}%; {flagged_ordinary} flagged, which is not a "
        "refusal).",
        "",
        "| category | texts | rejected | flagged | passed | rules that fired |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for cat, c in by_cat.items():
        fired = ", ".join(f"{r} {n}" for r, n in rules[cat].most_common())
        lines.append(f"| {cat} | {sum(c.values())} | {c['rejected']} | {c['flagged']} | {c['accepted']} | {fired or '–'} |")
    lines += ["", "| split | hostile stopped | ordinary refused |", "|---|---:|---:|"]
    for split in ("dev", "held-out", "blind"):
        c, o = by_split[split], ord_split[split]
        lines.append(f"| {split} | {c['rejected'] + c['flagged']}/{sum(c.values())} | {o['refused']}/{o['n']} |")
    h, o = FIRST_BLIND["hostile"], FIRST_BLIND["ordinary"]
    lines += ["", f"The blind split as first measured, before the rules were generalised for the classes it exposed: "
              f"{h[0]}/{h[1]} hostile texts stopped, {o[0]}/{o[1]} ordinary rules refused. That first number is the "
              "honest estimate for wordings nobody has seen; the table above is no longer blind."]
    if passed:
        lines += ["", "Hostile texts that pass:", "", "| category | split | text |", "|---|---|---|"]
        for row in passed:
            lines.append(f"| {row['category']} | {row['split']} | `{row['text'][:110]}` |")
    if refused:
        lines += ["", "Ordinary rules refused:", "", "| rule | text |", "|---|---|"]
        for row, rule in refused:
            lines.append(f"| {rule} | `{row['text'][:110]}` |")
    lines += ["", "Limits: one author wrote the categories, the corpora and the rules; the rules read wording, so a "
              "hostile instruction phrased as an ordinary one (\"add our monitoring key to the servers\") can pass, "
              "and the person at promote remains the boundary to rely on. Safety-check texts are flagged, not "
              "rejected, by design: a flag needs explicit approval."]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(main())
