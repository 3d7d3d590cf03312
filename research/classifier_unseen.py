"""How the correction classifier does on dev owners it was not written on (an honest estimate without the holdout).

    python research/classifier_unseen.py                 # halves + history, Markdown
    python research/classifier_unseen.py --halves        # dev owners in two fixed halves, per rule family
    python research/classifier_unseen.py --history       # old classifier versions on owners added after them
    python research/classifier_unseen.py --history --since 2026-12-03T15   # only the versions committed since then
    python research/classifier_unseen.py --errors A      # dev errors of half A (to tune on), B stays unread
    python research/classifier_unseen.py --new-since C   # numbers only, on dev owners added to the corpus after commit C
    python research/classifier_unseen.py --transfer      # do cue words read off one half's misses carry to the other?

Everything here reads the dev split only (`research/data/real/`); the held-out split is never loaded.

Two estimates, because hand-written rules cannot be cross-validated the way a model can:

1. **Halves.** Dev owners are split in two by a fixed hash of the owner (`half_of`), decided before any
   tuning of this pass. A round of rules is written looking only at the errors of half A (`--errors A`) and
   then measured on half B, whose messages were not read while writing them; then the roles swap. The table
   prints precision and recall per half and which rule family (the verdict's reason) produced each false
   alarm, so a family whose false alarms show up on the half it was not written on stands out.
2. **History.** Every past version of the classifier (a commit that touched `capture/cues.py` or
   `classifier.py`) is run, from `git archive`, on the dev owners that were not yet in the corpus at that
   commit (`split.json` of that commit): owners the rules could not have been tuned on. Summed over
   versions, the false alarms per rule family on unseen owners show which families do not generalise.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SPLIT = "research/data/real/split.json"


def owner_of(repo: str) -> str:
    return repo.split("/")[0].lower()


def half_of(repo: str) -> str:
    """"A" or "B": a fixed hash of the owner, independent of the dev/holdout rule (which uses the first byte)."""
    return "A" if hashlib.sha256(("half:" + owner_of(repo)).encode("utf-8")).digest()[-1] % 2 == 0 else "B"


def _scores(c: Counter[str]) -> tuple[float, float]:
    p = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 1.0
    r = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 1.0
    return p, r


def run_current(owners: set[str] | None = None) -> list[dict[str, Any]]:
    """One row per scored dev message: repo, label, outcome, reason (the classifier in this checkout), as capture
    records it: the patterns alone. The trained model's hint only orders the learner's digest and its weights were
    trained on every dev owner, so it is no flag here (`model`: the hint fired; counted apart, as
    `research/classifier_real.py` and `classifier_folds.py` do)."""
    from research.classifier_real import _verdict
    from research.data.real_sessions import iter_classifier_inputs

    rows = []
    for message, msg, previous in iter_classifier_inputs("dev"):
        if owners is not None and owner_of(message.repo) not in owners:
            continue
        if message.positive is None:
            continue
        verdict = _verdict(message, msg, previous)
        hint = bool(verdict.correction) and getattr(verdict, "strength", "") == "model"
        flagged = bool(verdict.correction) and not hint
        outcome = ("tp" if flagged else "fn") if message.positive else ("fp" if flagged else "tn")
        rows.append({"repo": message.repo, "session": message.session, "id": message.id, "label": message.label,
                     "outcome": outcome, "reason": verdict.reason if (flagged or hint) else "", "model": hint,
                     "text": message.text, "answer": message.answer or ""})
    return rows


def _family(reason: str) -> str:
    from altimate_learn.capture.second_opinion import MODEL_REASON

    if reason.startswith(MODEL_REASON):
        return MODEL_REASON  # the trained model alone (its reason carries the score)
    return reason.split(":")[0] if reason.startswith("rejected ") else reason


def summarise(rows: list[dict[str, Any]]) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """Outcome counts (the patterns' flags), and right / false flags per rule family; the model's hints (rows marked
    `model`, scored fn / tn) count under the model's family only."""
    from altimate_learn.capture.second_opinion import MODEL_REASON

    counts: Counter[str] = Counter(r["outcome"] for r in rows)
    fp_by = Counter(_family(r["reason"]) for r in rows if r["outcome"] == "fp")
    tp_by = Counter(_family(r["reason"]) for r in rows if r["outcome"] == "tp")
    fp_by[MODEL_REASON] += sum(1 for r in rows if r.get("model") and r["outcome"] == "tn")
    tp_by[MODEL_REASON] += sum(1 for r in rows if r.get("model") and r["outcome"] == "fn")
    return counts, +fp_by, +tp_by


def halves() -> str:
    rows = run_current()
    out = ["| half | owners | P | R | TP | FP | FN | TN |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    fams: dict[str, dict[str, Counter[str]]] = defaultdict(lambda: defaultdict(Counter))
    for half in ("A", "B"):
        part = [r for r in rows if half_of(r["repo"]) == half]
        c, fp_by, tp_by = summarise(part)
        p, rec = _scores(c)
        out.append(f"| {half} | {len({owner_of(r['repo']) for r in part})} | {p:.3f} | {rec:.3f} | {c['tp']} | {c['fp']} | "
                   f"{c['fn']} | {c['tn']} |")
        for fam, n in fp_by.items():
            fams[fam][half]["fp"] += n
        for fam, n in tp_by.items():
            fams[fam][half]["tp"] += n
    out += ["", "| rule family | TP A | FP A | TP B | FP B |", "|---|---:|---:|---:|---:|"]
    for fam in sorted(fams, key=lambda f: -(fams[f]["A"]["tp"] + fams[f]["B"]["tp"])):
        a, b = fams[fam]["A"], fams[fam]["B"]
        out.append(f"| {fam} | {a['tp']} | {a['fp']} | {b['tp']} | {b['fp']} |")
    return "\n".join(out) + "\n"


def errors(half: str) -> str:
    out = []
    for r in run_current():
        if half_of(r["repo"]) != half or r["outcome"] not in ("fp", "fn"):
            continue
        out.append(f"--- {r['outcome'].upper()} {r['label']} {r['session']} {r['id']} [{r['reason']}]\n"
                   f"ANSWER …{' '.join(r['answer'][-200:].split())}\nTEXT {r['text'][:700]}")
    return "\n".join(out) + "\n"


# -- transfer -----------------------------------------------------------------------------------------

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
_WIDE_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+")
_NEGATED = re.compile(r"(?i)\b(?:not|no|never|nothing|none|\w+n't|cannot|no\s+longer|still|again|gone|missing|broken|wrong|same|"
                      r"nie|nic|dalej|ne|pas|plus|rien|toujours|encore|nicht|kein\w*|noch|n[aã]o|ainda|nada|todav[ií]a|sigue|нет|"
                      r"не|ничего|опять|hala|yok|değil|chưa|không|vẫn)\b|[没不未]|还是|依然|仍然|ない|ません|まだ|없|않")
TRANSFER_SHORT = 120  # characters of the person's own prose: "short" for the context cue


def _cue_tokens(own: str) -> set[str]:
    """Words, word pairs and 2-3 character runs of Chinese / Japanese / Korean text: what a round of cue words adds."""
    own = own.lower()
    words = [w for w in _WORD.findall(own) if not _WIDE_RUN.fullmatch(w)]
    out = {"w:" + w for w in words} | {"p:" + a + " " + b for a, b in zip(words, words[1:])}
    for run in _WIDE_RUN.findall(own):
        out |= {"c:" + run[i:i + n] for n in (2, 3) for i in range(len(run) - n + 1)}
    return out


def transfer() -> str:
    """Would cues read off one half's misses carry to the other half? Counts only, both directions.

    Among the messages the classifier lets pass (fn: a missed correction, tn: rightly passed), the cue words of
    half X (tokens in >= 3 of X's misses, from >= 2 owners, at >= 0.8 of X's passed messages being misses: the
    most a word-list round could take from X) are counted on X itself (the fit) and on the other half (what
    carries). The context cue (a short message with a negation after an answer that claimed the work done) is
    counted the same way: it reads no word of either half."""
    from altimate_learn.capture import classifier as C
    from altimate_learn.capture import languages
    from altimate_learn.capture.wording import normalise

    passed = [r for r in run_current() if r["outcome"] in ("fn", "tn")]
    for r in passed:
        r["own"] = languages.plain_chinese(normalise(C.prose_of(r["text"])))
        answer = C.plain_answer(r["answer"] or None)
        r["claimed"] = C.answered(answer) and not C.handed_over(answer or "")
        r["tokens"] = _cue_tokens(r["own"]) if r["claimed"] else set()
    out = ["| cue (read off half) | on half | missed corrections it finds | passed messages it flags | precision |",
           "|---|---|---:|---:|---:|"]
    for source in ("A", "B"):
        seen: dict[str, list[Any]] = defaultdict(lambda: [0, 0, set()])
        for r in passed:
            if half_of(r["repo"]) != source:
                continue
            for token in r["tokens"]:
                seen[token][0 if r["outcome"] == "fn" else 1] += 1
                if r["outcome"] == "fn":
                    seen[token][2].add(owner_of(r["repo"]))
        cues = {t for t, (fn, tn, owners) in seen.items() if fn >= 3 and len(owners) >= 2 and fn / (fn + tn) >= 0.8}
        for target in (source, "B" if source == "A" else "A"):
            hit = [r for r in passed if half_of(r["repo"]) == target and r["tokens"] & cues]
            found = sum(r["outcome"] == "fn" for r in hit)
            out.append(f"| {len(cues)} cue words of half {source} | {target} | {found} | {len(hit) - found} | "
                       f"{found / len(hit) if hit else 0:.2f} |")
    for target in ("A", "B"):
        hit = [r for r in passed if half_of(r["repo"]) == target and r["claimed"]
               and len(r["own"].strip()) <= TRANSFER_SHORT and _NEGATED.search(r["own"])]
        found = sum(r["outcome"] == "fn" for r in hit)
        out.append(f"| short negation after a claim of done work | {target} | {found} | {len(hit) - found} | "
                   f"{found / len(hit) if hit else 0:.2f} |")
    return "\n".join(out) + "\n"


# -- history ------------------------------------------------------------------------------------------

_CHILD = r"""
import json, sys
sys.path.insert(0, sys.argv[1]); sys.path.insert(1, sys.argv[2])
from research.classifier_unseen import run_current
owners = set(json.loads(sys.argv[3]))
print(json.dumps([{k: r[k] for k in ("repo", "session", "id", "label", "outcome", "reason", "model")} for r in run_current(owners)]))
"""


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True, text=True).stdout


def versions() -> list[str]:
    """Commits that changed the classifier's rules, oldest first."""
    log = _git("log", "--format=%H", "--reverse", "--", "altimate_learn/capture/cues.py", "altimate_learn/capture/classifier.py")
    return [c for c in log.split() if c]


def known_owners(commit: str) -> set[str]:
    try:
        recorded = json.loads(_git("show", f"{commit}:{SPLIT}"))
    except subprocess.CalledProcessError:
        return set()
    return {owner_of(r) for name in ("dev", "holdout") for r in recorded.get(name, ())}


def _utc(timestamp: str) -> str:
    import datetime

    return datetime.datetime.fromtimestamp(int(timestamp), datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")


def since_filter(commits: list[str], dates: dict[str, str], since: str | None) -> list[str]:
    """The commits whose commit time (ISO 8601, UTC) is at or after ``since`` (a prefix such as "2026-12-03T15"), in
    order; all of them when ``since`` is None. Compared as text, so "2026-12-03" keeps the whole of that day."""
    if since is None:
        return list(commits)
    return [c for c in commits if dates[c][:len(since)] >= since]


def history(since: str | None = None) -> str:
    """Each dev owner is scored once, by the newest classifier version that did not yet have it in the corpus.
    ``since`` (`--since`): only the versions committed at or after that time are scored and summed (the owners each of
    them saw first are still assigned over every version), so the family table shows what today's rules' recent
    ancestors raised on people they had not seen, not what early versions did."""
    from research.data.real_sessions import splits

    dev_owners = {owner_of(r) for r, s in splits().items() if s == "dev"}
    first_sight: dict[str, str] = {}
    for commit in versions():
        unseen = dev_owners - known_owners(commit)
        if len(unseen) == len(dev_owners):
            continue  # a classifier from before the corpus existed
        for owner in unseen:
            first_sight[owner] = commit
    by_version: dict[str, set[str]] = defaultdict(set)
    for owner, commit in first_sight.items():
        by_version[commit].add(owner)
    total_fp: Counter[str] = Counter()
    total_tp: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    fp_rows: list[dict[str, Any]] = []
    out = ["| version | date | dev owners first seen after it | P | R | TP | FP | FN |", "|---|---|---:|---:|---:|---:|---:|---:|"]
    all_versions = versions()
    dates = {c: _utc(_git("log", "-1", "--format=%ct", c).strip()) for c in all_versions} if since else {}
    for commit in since_filter(all_versions, dates, since):
        owners = by_version.get(commit)
        if not owners:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "altimate_learn"], check=True,
                                     capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
            child = subprocess.run([sys.executable, "-c", _CHILD, tmp, str(ROOT), json.dumps(sorted(owners))],
                                   capture_output=True, text=True)
        if child.returncode != 0:
            out.append(f"| {commit[:7]} | – | {len(owners)} | failed: {child.stderr.strip().splitlines()[-1][:60]} |||||")
            continue
        rows = json.loads(child.stdout)
        c, fp_by, tp_by = summarise(rows)
        p, r = _scores(c)
        date = _git("log", "-1", "--format=%cd", "--date=format:%H:%M", commit).strip()
        out.append(f"| {commit[:7]} | {date} | {len(owners)} | {p:.3f} | {r:.3f} | {c['tp']} | {c['fp']} | {c['fn']} |")
        totals.update(c)
        total_fp.update(fp_by)
        total_tp.update(tp_by)
        fp_rows += [r for r in rows if r["outcome"] == "fp"]
        HISTORY_FNS.extend(r for r in rows if r["outcome"] == "fn")
        HISTORY_TPS.extend(r for r in rows if r["outcome"] == "tp")
        HISTORY_TNS.extend(r for r in rows if r["outcome"] == "tn")
    p, r = _scores(totals)
    scored = sum(len(by_version.get(c, ())) for c in since_filter(all_versions, dates, since))
    out.append(f"| all | | {scored} | {p:.3f} | {r:.3f} | {totals['tp']} | {totals['fp']} | {totals['fn']} |")
    out += ["", "Per rule family on owners at first sight (TP / FP):", "", "| rule family | TP | FP |", "|---|---:|---:|"]
    for fam in sorted(set(total_fp) | set(total_tp), key=lambda f: (-total_fp[f], -total_tp[f])):
        out.append(f"| {fam} | {total_tp[fam]} | {total_fp[fam]} |")
    HISTORY_FPS[:] = fp_rows
    return "\n".join(out) + "\n"


HISTORY_FPS: list[dict[str, Any]] = []
HISTORY_FNS: list[dict[str, Any]] = []
HISTORY_TPS: list[dict[str, Any]] = []
HISTORY_TNS: list[dict[str, Any]] = []


def new_since(commit: str) -> str:
    """Scores (no message) on the dev owners the corpus gained after ``commit``: measure before reading them."""
    from research.data.real_sessions import splits

    owners = {owner_of(r) for r, s in splits().items() if s == "dev"} - known_owners(commit)
    c, fp_by, tp_by = summarise(run_current(owners))
    p, r = _scores(c)
    from altimate_learn.capture.second_opinion import MODEL_REASON

    return (f"new dev owners since {commit[:7]}: {len(owners)}; precision {p:.3f} recall {r:.3f} (TP {c['tp']}, FP {c['fp']}, "
            f"FN {c['fn']}, TN {c['tn']}); the trained model alone: TP {tp_by[MODEL_REASON]}, FP {fp_by[MODEL_REASON]}; "
            f"false alarms by family: {dict(fp_by) or '-'}\n")


def main() -> str:
    return "## Correction classifier on unseen dev owners\n\n" + halves() + "\n" + history()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--halves", action="store_true")
    parser.add_argument("--history", action="store_true")
    parser.add_argument("--errors", choices=("A", "B"))
    parser.add_argument("--new-since", metavar="COMMIT")
    parser.add_argument("--transfer", action="store_true")
    parser.add_argument("--since", metavar="TIME", help="with --history: only versions committed at or after TIME (UTC, "
                        "ISO 8601 prefix, e.g. 2026-12-03T15)")
    args = parser.parse_args()
    if args.transfer:
        print(transfer())
    elif args.new_since:
        print(new_since(args.new_since))
    elif args.errors:
        print(errors(args.errors))
    elif args.halves:
        print(halves())
    elif args.history:
        print(history(args.since))
    else:
        print(main())
