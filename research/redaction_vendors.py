"""Redaction of vendor tokens in the forms people paste them, and of look-alike text that must stay.

    python research/redaction_vendors.py

Corpus: `research/data/secrets/vendors.py` generates a fresh fake token for every documented vendor format
it knows (prefix, alphabet and length from the providers' descriptions, written independently of the
redactor's patterns) in each of 14 contexts: bare, in a sentence, in a review comment, `.env`, shell
export, YAML, JSON, backticks, TOML, a URL query, a CLI flag, an Authorization header, a JSON-escaped
transcript line and a markdown quote. A token leaks when any 10 consecutive characters of it survive
`redact()` (characters the rest of the line also holds, such as a key named `github_pat`, do not count). `research/data/secrets/lookalikes.txt` holds benign lines that resemble credentials (vendor
prefixes named in prose, code about keys and tokens, hashes, ids, paths, references, placeholders); each
changed line is a false positive.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from altimate_learn.redact import redact  # noqa: E402

DATA = ROOT / "research" / "data" / "secrets" / "vendors.py"
WINDOW = 10
# The tokens issue 18 found passing redaction, in the two forms it names.
ISSUE_EXAMPLES = ["digitalocean-pat", "huggingface-token", "linear-api-key", "grafana-service-account", "postman-key",
                  "vercel-legacy-prefixed", "vercel-token", "atlassian-api-token", "shopify-access-token",
                  "databricks-token", "age-secret-key", "mailgun-key"]


def load() -> object:
    spec = importlib.util.spec_from_file_location("secrets_vendors", DATA)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def leaks(token: str, out: str, text: str) -> bool:
    """Any 10 characters of the token left in ``out`` (that the rest of the line did not already hold)."""
    around = text.replace(token, "\0")
    windows = (token[i:i + WINDOW] for i in range(0, max(1, len(token) - WINDOW + 1)))
    return any(w in out and w not in around for w in windows)


def evaluate() -> dict:
    data = load()
    cases = data.build_corpus()
    by_format: dict[str, Counter] = defaultdict(Counter)
    by_context: dict[str, Counter] = defaultdict(Counter)
    leaked: list[tuple[str, str, str]] = []
    labels: dict[str, str] = {}
    started = time.perf_counter()
    for case in cases:
        out = redact(case.text)
        bad = leaks(case.secret, out, case.text)
        for table, key in ((by_format, case.format), (by_context, case.context)):
            table[key]["n"] += 1
            table[key]["leaked"] += bad
        if bad:
            leaked.append((case.format, case.context, out))
        if case.context == "bare" and out.startswith("[REDACTED:"):
            labels[case.format] = out[len("[REDACTED:"):out.index("]")]
    seconds = time.perf_counter() - started
    chars = sum(len(c.text) for c in cases)
    issue = {}
    for case in cases:
        if case.format in ISSUE_EXAMPLES and case.context in ("bare", "prose"):
            issue.setdefault(case.format, {})[case.context] = not leaks(case.secret, redact(case.text), case.text)
    benign = data.lookalikes()
    false_positives = [(line, redact(line)) for line in benign if redact(line) != line]
    return {"cases": cases, "by_format": by_format, "by_context": by_context, "leaked": leaked, "labels": labels,
            "issue": issue, "benign": benign, "false_positives": false_positives,
            "mchars_per_s": chars / seconds / 1e6 if seconds else 0.0, "contexts": len(data.CONTEXTS)}


def main() -> str:
    r = evaluate()
    formats = r["by_format"]
    clean = [f for f, c in formats.items() if c["leaked"] == 0]
    total = sum(c["n"] for c in formats.values())
    leaked = sum(c["leaked"] for c in formats.values())
    lines = [
        "## Redaction: vendor token formats in every form, and look-alike text",
        "",
        "Corpus: `research/data/secrets/vendors.py` generates one fake token per documented vendor format "
        f"({len(formats)} formats, from each provider's description of prefix, alphabet and length, written "
        f"independently of the redactor's patterns) in each of {r['contexts']} contexts (bare, a sentence, a review "
        "comment, `.env`, shell export, YAML, JSON, backticks, TOML, a URL query, a CLI flag, an Authorization header, "
        "a JSON-escaped transcript line, a markdown quote). A token leaks when any 10 consecutive characters of it "
        "survive `redact()`. Goal (issue 18): every format, 0 leaks.",
        "",
        f"Result: **{len(clean)}/{len(formats)} formats with no leak in any context; {leaked} leaks in {total} "
        f"texts** (recall {100 * (total - leaked) / total:.1f}%).",
        "",
        "| context | texts | leaked |",
        "|---|---:|---:|",
    ]
    for context, c in r["by_context"].items():
        lines.append(f"| {context} | {c['n']} | {c['leaked']} |")
    lines += ["", "The tokens issue 18 found passing redaction (bare, and in \"the key is X\"):", "",
              "| format | bare | in a sentence | placeholder label |", "|---|---|---|---|"]
    for name in ISSUE_EXAMPLES:
        got = r["issue"].get(name, {})
        mark = {True: "redacted", False: "**leaked**", None: "–"}
        lines.append(f"| {name} | {mark[got.get('bare')]} | {mark[got.get('prose')]} | "
                     f"`{r['labels'].get(name, '–')}` |")
    if r["leaked"]:
        lines += ["", "Leaks:", "", "| format | context | after redaction |", "|---|---|---|"]
        for name, context, out in r["leaked"][:40]:
            lines.append(f"| {name} | {context} | `{out[:100].replace('|', '/')}` |")
    lines += ["", "Per format (texts with no leak / texts), bare-token label:", "",
              "| format | clean | label |", "|---|---:|---|"]
    for name, c in sorted(formats.items()):
        lines.append(f"| {name} | {c['n'] - c['leaked']}/{c['n']} | `{r['labels'].get(name, '–')}` |")
    fps = r["false_positives"]
    lines += [
        "",
        f"False positives on the {len(r['benign'])} look-alike lines (`research/data/secrets/lookalikes.txt`): "
        f"**{len(fps)}**.",
    ]
    if fps:
        lines += ["", "| line | after redaction |", "|---|---|"]
        for line, out in fps:
            lines.append(f"| `{line[:90].replace('|', '/')}` | `{out[:90].replace('|', '/')}` |")
    lines += [
        "",
        f"Speed: {r['mchars_per_s']:.2f} M chars/s over this corpus.",
        "",
        "Limits: the same author wrote the formats list, the generators and the redactor, so full recall here shows "
        "coverage of the listed formats in the listed contexts, not of formats nobody listed (a secret with no known "
        "prefix and no credential word falls back to the entropy test: see the random-string table above). The "
        "look-alike lines were written before the last round of fixes: 4 of the first 91 were redacted (`sk-...` "
        "after `=`, a YAML `!vault` tag, a base64 SSH fingerprint after `SHA256:`, a dotted Java call read as a Discord "
        "token) and the rules were corrected for those classes, so this count is no longer blind.",
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(main())
