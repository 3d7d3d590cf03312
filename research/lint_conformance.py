"""Lint conformance with a peer: altimate-code's own guardrail corpus.

Reads `../shared/peer/altimate-lint-cases.json` (relative to the repository; 523 lesson texts, each accepted
or rejected with a reason) when it is present. The corpus is read in place and never copied into this
project. Reports how many verdicts agree (accept/reject), how many rejections also name the same rule, and
prints every disagreement with our verdict and reason.

Run: `python research/lint_conformance.py` (prints a Markdown section).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from altimate_learn.curate.lint import lint  # noqa: E402

# Beside the checkout (`/work/main` → `/work/shared`), or beside a worktree's parent (`/work/wt/x`).
CORPUS = next((p for p in (ROOT / ".." / "shared" / "peer" / "altimate-lint-cases.json",
                           ROOT / ".." / ".." / "shared" / "peer" / "altimate-lint-cases.json") if p.exists()),
              ROOT / ".." / "shared" / "peer" / "altimate-lint-cases.json")

# altimate-code's reason strings → our rule names.
PEER_RULES = {
    "empty text": {"empty"},
    "must be a single line": {"multiline"},
    "longer than 140 characters": {"too-long"},
    "contains a comment marker": {"comment-marker"},
    "contains a shell command": {"shell-command"},
    "contains a URL": {"url"},
    "contains a markdown link or image": {"markdown-link"},
    "contains an email address": {"email"},
    "contains a session or message id": {"session-id"},
    "contains an absolute path or path escape": {"absolute-path", "path-escape"},
    "looks like prompt injection": {"prompt-injection"},
    "looks like a secret": {"secret"},
    "contains hidden or non-normalized characters": {"hidden-characters"},
}


# Why our verdict differs where it does (each disagreement is matched to one of these, or listed as open).
WHY_OURS = [
    (lambda c, ours: c.get("reason") == "contains hidden or non-normalized characters" and ours.ok,
     "normalised, not rejected: every rule runs on the NFKC, control-stripped text, and that clean text is what "
     "is stored, reviewed and delivered (altimate-code accepts it too); rejecting loses good rules over a stray NBSP."),
    (lambda c, ours: "[REDACTED" in c["text"] and not ours.ok,
     "a redaction placeholder means a credential was in the source: the rule was written around a secret and "
     "says nothing usable without it."),
    (lambda c, ours: "-phunter2" in c["text"] and not ours.ok,
     "`-phunter2` is a literal password argument; quoting it does not make it fit to put in every prompt."),
    (lambda c, ours: c["text"] == "Use mysql or psql -p 5432 to connect." and ours.ok,
     "`-p 5432` is psql's port option (a number); the mysql mention is another clause. A secret false positive."),
    (lambda c, ours: "${" in c["text"] and ours.ok,
     "a reference to where the secret lives (`${VAR}`, `${{ secrets.X }}`) holds no secret, and \"read it from the "
     "environment\" is exactly the rule a team wants taught; literal values are still rejected."),
    (lambda c, ours: c["text"] == "password_length=12" and ours.ok,
     "a configuration key holding a number, not a credential."),
    (lambda c, ours: not ours.ok and ours.rule == "hidden-characters" and c.get("ok"),
     "a model's text with an unusual space or invisible character is not plain: a model's input fails closed "
     "(issue 12.9); the same text typed by a person is normalised with a warning."),
]


def why_ours(case: dict, ours) -> str:
    for test, reason in WHY_OURS:
        if test(case, ours):
            return reason
    return "OPEN: not yet explained"


def _show(text: str) -> str:
    return json.dumps(text, ensure_ascii=True)[:110]


def evaluate(cases: list[dict]) -> dict:
    verdict_agree = 0
    rule_agree = 0
    rejections_both = 0
    disagreements: list[tuple[str, str, str]] = []
    rule_mismatch: list[tuple[str, str, str]] = []
    for case in cases:
        ours = lint(case["text"])
        peer_ok = bool(case["ok"])
        if ours.ok == peer_ok:
            verdict_agree += 1
            if not peer_ok:
                rejections_both += 1
                if ours.rule in PEER_RULES.get(case.get("reason", ""), set()):
                    rule_agree += 1
                else:
                    rule_mismatch.append((case["text"], case.get("reason", ""), f"{ours.rule}: {ours.reason}"))
        else:
            peer = "accept" if peer_ok else f"reject ({case.get('reason')})"
            mine = "accept" + (" (normalised to " + _show(ours.text) + ")" if ours.text != case["text"]
                               else "") if ours.ok else f"reject ({ours.rule}: {ours.reason})"
            disagreements.append((case["text"], peer, mine, why_ours(case, ours)))
    return {"total": len(cases), "verdict_agree": verdict_agree, "rejections_both": rejections_both,
            "rule_agree": rule_agree, "disagreements": disagreements, "rule_mismatch": rule_mismatch}


def main() -> str:
    if not CORPUS.exists():
        return "## Lint conformance with altimate-code\n\nPeer corpus not found at `../shared/peer/`; skipped.\n"
    cases = json.loads(CORPUS.read_text(encoding="utf-8"))
    r = evaluate(cases)
    by_peer = Counter(d[1] for d in r["disagreements"])
    lines = [
        "## Lint conformance with altimate-code",
        "",
        f"Corpus: altimate-code's guardrail cases ({r['total']} lesson texts), read from `../shared/peer/`.",
        "",
        f"- Same verdict (accept/reject): **{r['verdict_agree']} / {r['total']}** "
        f"({100 * r['verdict_agree'] / r['total']:.1f}%)",
        f"- Both reject: {r['rejections_both']}; of those, same rule named: {r['rule_agree']}",
        f"- Disagreements: {len(r['disagreements'])} "
        f"(unexplained: {sum(d[3].startswith('OPEN') for d in r['disagreements'])})",
        "",
    ]
    if r["disagreements"]:
        lines += ["| text | altimate-code | ours | why ours |", "|---|---|---|---|"]
        for text, peer, mine, why in r["disagreements"]:
            lines.append(f"| `{_show(text)}` | {peer} | {mine} | {why} |")
        lines += ["", "Disagreements by peer verdict: " + ", ".join(f"{k}: {v}" for k, v in by_peer.most_common())]
    if r["rule_mismatch"]:
        lines += ["", "Both reject, different rule named:", "", "| text | altimate-code | ours |", "|---|---|---|"]
        for text, peer, mine in r["rule_mismatch"]:
            lines.append(f"| `{_show(text)}` | {peer} | {mine} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(main())
