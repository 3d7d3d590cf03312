"""The built-in offline reflector on real corrections (`research/data/real/`): which lessons it writes, and
whether a reviewer would call them good, vague or wrong.

    python research/reflector_real.py             # prints a Markdown section (both splits)
    python research/reflector_real.py --dev-only  # the dev split alone (for tuning): the held-out split is not read
                                                  # at all, so this run is no look at it (refl31)
    python research/reflector_real.py --numbers   # both splits, counts only (no lesson, no message, no reason): a
                                                  # held-out check

Any other argument is refused (exit 2): the plain run prints every lesson with the message it came from, held-out
ones too, so a mistyped flag (or `--help`) must not fall through to it (two engineers of session #32 saw held-out
lessons that way).

Two inputs, both from the real-session corpus: every message labelled `correction` or `bug` (what a
perfect classifier would hand the reflector), and every message the correction classifier flags (what
live capture really hands it; a message only the trained model flagged gives no lesson there, as in `learn
reflect`). Each lesson produced is looked up in `research/data/real/reflector_reviews.jsonl`
(`{"text": lesson, "verdict": "good" | "vague" | "wrong", "why": …}`), written by a person reading the
lesson next to the message it came from; a lesson with no review is reported as **unreviewed** so that a
change to the reflector cannot pass silently. Messages that give no lesson are counted by the reason the
reflector gives; they stay open for a model or a person.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from altimate_learn.capture.classifier import classify_user_message  # noqa: E402
from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules  # noqa: E402
from research.data.real_sessions import DATA_DIR, iter_classifier_inputs, load_messages  # noqa: E402

REVIEWS = DATA_DIR / "reflector_reviews.jsonl"
# The dev corrections that gave no lesson on c6d07032 and from which a careful person would still write a standing rule
# in the person's own words (refl21's sort, dev split only): what the offline reflector could learn, and does.
CAREFUL = DATA_DIR / "reflector_unlearned_dev.jsonl"


def reviews() -> dict[str, dict[str, str]]:
    if not REVIEWS.exists():
        return {}
    rows = [json.loads(line) for line in REVIEWS.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {row["text"]: row for row in rows}


def evaluate(split: str | None = None) -> dict[str, Any]:
    """Lessons and no-lesson reasons for the labelled corrections and for the classifier's signals (of one split with
    ``split``: "dev" reads no held-out message)."""
    known = reviews()
    out: dict[str, Any] = {}
    labelled = [m for m in load_messages(split=split) if m.label in ("correction", "bug")]
    flagged, model_only = [], set()
    for m, msg, prev in iter_classifier_inputs(split):
        verdict = classify_user_message(msg, prev, answer=m.answer)
        if verdict.correction:
            flagged.append(m)
            if verdict.strength == "model":
                model_only.add((m.session, m.id))
    for name, messages, alone in (("labelled corrections and bug reports", labelled, set()),
                                  ("messages the classifier flags", flagged, model_only)):
        lessons, reasons, taught = [], Counter(), 0
        for m in messages:
            # as `learn reflect` reads the signal: a flag of the trained model alone gives no lesson
            item = FeedbackItem("user_correction", m.text, model_only=(m.session, m.id) in alone)
            rules, why = item_rules(item)
            if not rules:
                reasons[why] += 1
                continue
            taught += 1
            for rule in rules:
                review = known.get(rule, {})
                lessons.append({"text": rule, "from": m.text, "label": m.label, "split": m.split,
                                "verdict": review.get("verdict", "unreviewed"), "why": review.get("why", "")})
        by_split = {split: {"messages": sum(1 for m in messages if m.split == split),
                            "lessons": sum(1 for lesson in lessons if lesson["split"] == split),
                            "verdicts": dict(Counter(lesson["verdict"] for lesson in lessons if lesson["split"] == split))}
                    for split in ("dev", "holdout")}
        out[name] = {"messages": len(messages), "lessons": lessons, "no_lesson": dict(reasons), "taught": taught,
                     "verdicts": dict(Counter(lesson["verdict"] for lesson in lessons)), "splits": by_split}
    return out


def careful_rules() -> list[dict[str, Any]]:
    """Each hand-sorted dev correction with a standing rule in its words, and what the built-in reflector makes of it
    now (the lesson, or why none)."""
    if not CAREFUL.exists():
        return []
    rows = [json.loads(line) for line in CAREFUL.read_text(encoding="utf-8").splitlines() if line.strip()]
    by_key = {(m.session, m.id): m for m in load_messages(split="dev")}
    out = []
    for row in rows:
        m = by_key.get((row["session"], row["id"]))
        if m is None:
            raise SystemExit(f"{CAREFUL.name}: {row['session']} {row['id']} is not a dev message")
        rules, why = item_rules(FeedbackItem("user_correction", m.text))
        out.append({**row, "text": m.text, "lessons": rules, "no_lesson": why})
    return out


ORDINARY = ROOT / "tests" / "reflect" / "fixtures" / "ordinary_sentences.txt"


def ordinary_lessons() -> tuple[int, dict[str, list[str]]] | None:
    """(how many ordinary messages, the lessons the ones that give any give)."""
    if not ORDINARY.exists():
        return None
    texts = [line.strip() for line in ORDINARY.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    given = {text: rules for text in texts if (rules := item_rules(FeedbackItem("user_correction", text))[0])}
    return len(texts), given


def _short(text: str, limit: int = 120) -> str:
    one = " ".join(text.split()).replace("|", "\\|")
    return one if len(one) <= limit else one[: limit - 1] + "\u2026"


def main(dev_only: bool = False) -> str:
    result = evaluate("dev" if dev_only else None)
    lines = ["## Reflect: the built-in reflector on real corrections", ""]
    lines.append("Data: the real-session corpus (`research/data/real/`, both splits). Method: "
                 "`altimate_learn.reflect.providers.builtin.item_rules` on each message (reminders and corrective questions restated first; "
                 "nothing from a message only the trained model flagged), as `learn reflect` runs it "
                 "with no model; every lesson is matched to a person's review in "
                 "`research/data/real/reflector_reviews.jsonl` (good / vague / wrong). Goal (issue 20): no lesson a "
                 "reviewer would call wrong; a correction with no clean rule gives nothing and stays open.")
    lines += ["", "| input | messages | lessons | good | vague | wrong | unreviewed | no lesson (why) |",
              "|---|---:|---:|---:|---:|---:|---:|---|"]
    for name, r in result.items():
        v = r["verdicts"]
        why = "; ".join(f"{reason}: {n}" for reason, n in sorted(r["no_lesson"].items(), key=lambda x: -x[1]))
        lines.append(f"| {name} | {r['messages']} | {len(r['lessons'])} | {v.get('good', 0)} | {v.get('vague', 0)} | "
                     f"{v.get('wrong', 0)} | {v.get('unreviewed', 0)} | {why} |")
    lines += ["", "By split (dev: the reflector's wording was tuned on it; held-out: counted, not read to tune):", "",
              "| input | split | messages | lessons | good | vague | wrong | unreviewed |",
              "|---|---|---:|---:|---:|---:|---:|---:|"]
    for name, r in result.items():
        for split, s in r["splits"].items():
            if dev_only and split != "dev":
                continue  # not read at all (a look at the held-out split is counted; this run is none)
            v = s["verdicts"]
            lines.append(f"| {name} | {split} | {s['messages']} | {s['lessons']} | {v.get('good', 0)} | "
                         f"{v.get('vague', 0)} | {v.get('wrong', 0)} | {v.get('unreviewed', 0)} |")
    lines += ["", "Every lesson" + (" of the dev split" if dev_only else "") + ", with the message it came from:", "",
              "| input | lesson | from the message | verdict: why |", "|---|---|---|---|"]
    for name, r in result.items():
        for lesson in r["lessons"]:
            if dev_only and lesson["split"] != "dev":
                continue
            lines.append(f"| {name.split()[0]} | {_short(lesson['text'])} | {_short(lesson['from'])} | "
                         f"{lesson['verdict']}: {_short(lesson['why'], 80)} |")
    careful = careful_rules()
    if careful:
        written = sum(1 for row in careful if row["lessons"])
        forms = Counter(row["form"] for row in careful)
        lines += ["", "What a careful person would learn from the dev corrections that gave nothing (sorted by hand on "
                  "c6d07032, dev split only: of 907 dev corrections and bug reports with no lesson, 198 not in English "
                  "are left to a model; the 537 with \"no clear rule\" and the long or pasted ones with a word of habit "
                  "were read). Most steer the task at hand or report a bug: nothing to learn offline, and skipping them "
                  f"is right. A standing rule stated in the person's own words: **{len(careful)}** "
                  f"(`{CAREFUL.relative_to(ROOT)}`), by form: "
                  + "; ".join(f"{form} {n}" for form, n in forms.most_common())
                  + f". The built-in reflector writes a lesson for **{written}** of them now:", "",
                  "| form | a careful person's rule | the built-in reflector now (or why not, as read by hand) | from the message |", "|---|---|---|---|"]
        for row in careful:
            now = "; ".join(row["lessons"]) if row["lessons"] else f"nothing: {row['offline']}"
            lines.append(f"| {row['form']} | {_short(row['rule'], 90)} | {_short(now, 110)} | {_short(row['text'], 100)} |")
    ordinary = ordinary_lessons()
    if ordinary is not None:
        count, given = ordinary
        lines += ["", f"Ordinary messages that must give nothing (`{ORDINARY.relative_to(ROOT)}`: requests, questions, "
                  f"reports, statements, written by refl25 before its forms): **{len(given)}** of {count} give a lesson"
                  + (": " + "; ".join(f"\"{_short(text, 60)}\" -> {', '.join(rules)}" for text, rules in given.items())
                     if given else ".")]
    lines += ["", "Limits: real corrections rarely state a standing rule (most report that the result is broken, "
              "or steer the task at hand), so the offline reflector writes few lessons on them by design; the "
              "rest wait for a model or a person (`learn signals --unlearned`). One person reviewed the lessons."]
    return "\n".join(lines) + "\n"


def numbers() -> str:
    """Both splits, counts only: lessons written and their reviews by input and split; no lesson text, no message and
    no waiting reason (a reason may quote a word of its message)."""
    lines = ["| input | split | messages | lessons | good | vague | wrong | unreviewed |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    for name, r in evaluate(None).items():
        for split, s in r["splits"].items():
            v = s["verdicts"]
            lines.append(f"| {name} | {split} | {s['messages']} | {s['lessons']} | {v.get('good', 0)} | "
                         f"{v.get('vague', 0)} | {v.get('wrong', 0)} | {v.get('unreviewed', 0)} |")
    return "\n".join(lines) + "\n"


USAGE = ("usage: python research/reflector_real.py [--dev-only | --numbers] (--dev-only: tuning, the held-out split "
         "unread; --numbers: both splits, counts only; nothing: the RESULTS section, held-out lessons and messages too)")


def cli(argv: list[str]) -> tuple[int, str]:
    """The command line: (exit code, text to print). An unknown argument, or two, is refused before anything is read."""
    if len(argv) > 1 or (argv and argv[0] not in ("--dev-only", "--numbers")):
        return 2, f"reflector_real.py: unknown argument {' '.join(argv)!r}; nothing was run. {USAGE}"
    if argv == ["--numbers"]:
        return 0, numbers()
    return 0, main(dev_only=argv == ["--dev-only"])


if __name__ == "__main__":
    code, text = cli(sys.argv[1:])
    print(text, file=sys.stderr if code else sys.stdout)
    sys.exit(code)
