"""A simulated year of a team, with and without the cap (issue 16).

52 weeks of 3 reflections each feed generated lessons through the real curator (`curate()`), each approved at once
(a reviewer who approves everything: the worst case for growth). The lessons are about 60 topics; each new
lesson is, at random, a fresh rule, a restatement that sharpens an older rule of its topic (it carries it:
same words plus a detail), or a contradiction of an older rule (the same sentence pointing the other way, in
plain prose, so the curator's backtick overlap guard cannot see it). The simulated reflector notices an older
rule it contradicts or restates half of the time and then supersedes it (as the prompt asks); otherwise the
new rule is added beside it. Two in five lessons come from a person's correction (never traded), the rest are
model-authored. Each week 5 sessions are delivered the lessons of 3 topics (`shown.jsonl`) and a few lessons
that hold are marked helpful by the week's reflection.

Arms, same seed, same proposals:

- **no cap**: `learn.max_in_force` = `learn.max_stored` = 1,000 (what the store did before this issue);
- **cap**: `learn.max_in_force` = 40 (the default), and `learn tidy` (offline) on the first week of each month:
  re-vet, merge what one lesson carries, graduate proven lessons into AGENTS.md, drain.

Measured at the end of each quarter: lessons in force (the approved set), lessons waiting outside the cap,
graduated bullets in AGENTS.md, **contradictory pairs in force** (ground truth from the generator, counted
over the approved set plus the graduated block, since both reach the agent), and **tokens per session**: the
most a session can carry as `learn doctor` measures it with the delivery code (the session-start section, then
later lessons up to `session_max_lessons`), plus the graduated block, which every request carries.

Run: `python research/cap_year.py` (prints a Markdown section).
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WEEKS = 52
REFLECTIONS = 3  # per week
TOPICS = ["orders", "payments", "refunds", "invoices", "customers", "events", "sessions", "ledger", "accounts",
          "shipments", "carts", "subscriptions", "plans", "users", "teams", "regions", "products", "prices",
          "coupons", "taxes", "returns", "reviews", "vendors", "warehouses", "carriers", "payouts", "disputes",
          "wallets", "loyalty", "referrals", "campaigns", "emails", "notifications", "audits", "exports",
          "imports", "reports", "dashboards", "alerts", "metrics", "jobs", "queues", "webhooks", "tokens",
          "roles", "permissions", "tenants", "locales", "currencies", "schedules", "bookings", "tickets",
          "messages", "threads", "uploads", "images", "videos", "tags", "comments", "likes"]
ACTIONS = ["rebuild the staging table after schema changes", "cast amounts to numeric before joins",
           "filter soft deleted rows in the first model", "keep timestamps in coordinated universal time",
           "name surrogate keys after the table", "test uniqueness of the primary key",
           "document every column in the schema file", "deduplicate rows by the latest update"]
DETAILS = ["and note the reason in the model description", "and add a freshness check",
           "and run the full test suite afterwards", "and keep the old column for one release"]
VOCABULARY = """amber basalt cedar delta ember falcon garnet harbor indigo juniper kestrel lagoon meadow nectar
onyx prairie quartz raven saffron tundra umber velvet willow yarrow zephyr anchor beacon canyon dune estuary fjord
glacier heron island jasper kelp lantern marble nimbus orchid pebble quill reef summit thistle upland valley
walnut xenon yonder zinnia acorn bramble copper dapple elm flint grove hazel ivy jade knoll lichen maple
""".split()
START = datetime(2026, 1, 5, tzinfo=timezone.utc)


def stamp(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%S.000Z")


class Truth:
    """What the generator knows: each lesson text's topic, action and direction."""

    def __init__(self) -> None:
        self.meaning: dict[str, tuple[str, int, bool]] = {}  # text -> (topic, action index, positive)

    def text(self, topic: str, action: int, positive: bool, detail: int | None = None) -> str:
        verb = "always" if positive else "never"
        pick = random.Random(f"{topic}/{action}")  # each (topic, action) has its own wording
        words = " ".join(pick.sample(VOCABULARY, 3))
        text = f"In {topic} {words} models, {verb} {ACTIONS[action]}"
        if detail is not None:
            text += f" {DETAILS[detail]}"
        text += "."
        self.meaning[text] = (topic, action, positive)
        return text

    def contradictions(self, texts: list[str]) -> int:
        seen: dict[tuple[str, int], set[bool]] = {}
        counts: dict[tuple[str, int, bool], int] = {}
        for text in texts:
            found = self.meaning.get(text)
            if found is None:
                continue
            topic, action, positive = found
            counts[(topic, action, positive)] = counts.get((topic, action, positive), 0) + 1
            seen.setdefault((topic, action), set()).add(positive)
        return sum(counts.get((t, a, True), 0) * counts.get((t, a, False), 0) for (t, a) in seen)


def proposals(rng: random.Random, truth: Truth, lessons: list[dict]) -> tuple[list[dict], str]:
    """One week's deltas (up to 3 ADDs, a few HELPFUL) and the channel of the reflection."""
    channel = "correction" if rng.random() < 0.4 else rng.choice(["tool_retry", "learner"])
    deltas: list[dict] = []
    by_key: dict[tuple[str, int], list[dict]] = {}
    for lesson in lessons:
        meaning = truth.meaning.get(lesson["text"])
        if meaning:
            by_key.setdefault(meaning[:2], []).append(lesson)
    for _ in range(rng.randint(2, 3)):
        roll = rng.random()
        if roll < 0.5 or not by_key:
            topic, action = rng.choice(TOPICS), rng.randrange(len(ACTIONS))
            deltas.append({"op": "ADD", "text": truth.text(topic, action, True), "reason": "new"})
            continue
        key = rng.choice(sorted(by_key))
        old = rng.choice(by_key[key])
        topic, action, positive = truth.meaning[old["text"]]
        if roll < 0.75:  # a restatement that sharpens it
            text = truth.text(topic, action, positive, rng.randrange(len(DETAILS)))
        else:  # a contradiction: conventions changed
            text = truth.text(topic, action, not positive)
        delta = {"op": "ADD", "text": text, "reason": "feedback"}
        if rng.random() < 0.5:
            delta["supersedes"] = old["id"]  # the reflector noticed the older rule
        deltas.append(delta)
    holding = [l for l in lessons if truth.meaning.get(l["text"])]
    for lesson in rng.sample(holding, min(len(holding), rng.randint(0, 3))):
        deltas.append({"op": "HELPFUL", "id": lesson["id"], "reason": "it worked"})
    return deltas, channel


def run_arm(capped: bool, seed: int = 7) -> list[dict]:
    from altimate_learn.curate.curator import curate
    from altimate_learn.deliver.render import estimate_tokens
    from altimate_learn.gates import doctor
    from altimate_learn.instructions import block
    from altimate_learn.store import ProjectPaths, Store

    rng = random.Random(seed)
    truth = Truth()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp) / "repo"
        (repo / ".git").mkdir(parents=True)
        (repo / "AGENTS.md").write_text("# Team\n\nRun the tests before you commit.\n")
        os.environ["XDG_CACHE_HOME"] = str(Path(tmp) / "cache")
        limit = 40 if capped else 1000
        (repo / ".altimate-code").mkdir()
        (repo / ".altimate-code" / "altimate-code.json").write_text(json.dumps({"learn": {"max_in_force": limit}}))
        store = Store(ProjectPaths(repo), "team-playbook")
        store.write_lessons(store.APPROVED, [])
        session = 0
        for week in range(WEEKS):
            now = START + timedelta(weeks=week)
            if capped and week % 4 == 0 and week:
                from altimate_learn.tidy.run import tidy

                tidy(store, now=stamp(now))
            for reflection in range(REFLECTIONS):
                lessons = store.approved()
                deltas, channel = proposals(rng, truth, lessons)
                curate(store, deltas, session_id=f"week-{week}-{reflection}", channel=channel,
                       now=stamp(now + timedelta(hours=reflection)), max_in_force=limit, max_stored=1000)
                candidate = store.candidate()
                if candidate is not None:
                    store.write_lessons(store.APPROVED, candidate)
                    store.remove(store.CANDIDATE)
            approved = store.approved()
            with open(store.path("shown.jsonl"), "a") as handle:
                for _ in range(5):
                    session += 1
                    topics = set(rng.sample(TOPICS, 3))
                    for lesson in approved:
                        meaning = truth.meaning.get(lesson["text"])
                        if meaning and meaning[0] in topics:
                            handle.write(json.dumps({"session": f"s-{session}", "id": lesson["id"], "tier": "core",
                                                     "at": stamp(now)}) + "\n")
            if (week + 1) % 13 == 0:
                approved = store.approved()
                text = (repo / "AGENTS.md").read_text()
                graduated = block.bullets(text, block.GRADUATED, "AGENTS.md")
                settings = {"budget_tokens": 1500, "core_lessons": 15, "session_max_lessons": 40, "file_hook": True,
                            "file_lessons": 5, "request_lessons": 5}
                cost = doctor.tokens(ProjectPaths(repo), settings)
                found = block.block_text(text, block.GRADUATED, "AGENTS.md")
                block_tokens = estimate_tokens(found) if found else 0
                from altimate_learn.curate.cap import read_outside

                rows.append({"quarter": (week + 1) // 13, "in_force": len(approved),
                             "outside": len(read_outside(store, writing=False)), "graduated": len(graduated),
                             "contradictions": truth.contradictions([l["text"] for l in approved] + graduated),
                             "tokens": cost["per_session_max"] + block_tokens, "block_tokens": block_tokens})
    return rows


def main() -> str:
    started = time.perf_counter()
    plain = run_arm(False)
    capped = run_arm(True)
    seconds = time.perf_counter() - started
    lines = [
        "## The cap over a simulated year (issue 16)",
        "",
        "Method: `research/cap_year.py` — 52 weeks of 3 reflections each, generated lessons (fresh rules, restatements "
        "that sharpen an older rule, contradictions in plain prose; the reflector supersedes the older rule half "
        "of the time) through the real curator, every candidate approved; 40 % of reflections are a person's "
        "corrections. *no cap*: `max_in_force` 1,000. *cap*: `max_in_force` 40 and an offline `learn tidy` each "
        "month. Contradictory pairs are counted over what reaches the agent (the approved set and the graduated "
        "block); tokens per session are the most a session carries as `learn doctor` measures it with the "
        "delivery code, plus the graduated block (sent with every request).",
        "",
        "| quarter | lessons in force: no cap / cap | share a session can show: no cap / cap | outside the cap "
        "(cap) | graduated bullets (cap) | contradictory pairs: no cap / cap | tokens per session: no cap / cap |",
        "|---|---|---|---|---|---|---|",
    ]

    def share(row: dict) -> str:
        return f"{min(1.0, 40 / row['in_force']):.0%}" if row["in_force"] else "–"

    for a, b in zip(plain, capped):
        lines.append(f"| Q{a['quarter']} | {a['in_force']} / {b['in_force']} | {share(a)} / {share(b)} | "
                     f"{b['outside']} | {b['graduated']} | {a['contradictions']} / {b['contradictions']} | "
                     f"{a['tokens']:,} / {b['tokens']:,} |")
    end_a, end_b = plain[-1], capped[-1]
    lines += [
        "",
        f"Result: after a year, **{end_a['in_force']} lessons in force without the cap, {end_b['in_force']} with "
        f"it** ({end_b['outside']} waiting outside the cap, {end_b['graduated']} graduated into AGENTS.md); "
        f"**contradictory pairs {end_a['contradictions']} without, {end_b['contradictions']} with**; tokens per "
        f"session {end_a['tokens']:,} without, {end_b['tokens']:,} with (of which the graduated block "
        f"{end_b['block_tokens']:,}). Both arms ran in {seconds:.0f} s.",
        "",
        "Reading it: without the cap the set keeps growing and a session can show at most 40 of its lessons "
        "(`session_max_lessons`), so a growing share never reaches the model, and nothing compares a new rule with an "
        "old one it contradicts. With the cap a full set must fold (a restatement supersedes what it carries), trade "
        "(a model-authored rule that proved nothing in 14 days goes) or wait, and the monthly tidy graduates proven "
        "rules out of the set. Contradictions still get in when the reflector misses them (the offline fold never "
        "folds a rule into its opposite); they leave when traded, drained or superseded. The cost moves rather than "
        "vanishes: graduated rules live in AGENTS.md, which every request carries, and offline the dense rewrite "
        "only drops a bullet another one fully states, so the block grows with every graduation; a model's dense "
        "rewrite (`learn tidy --model`) is what shrinks it, and it is not measured here (no model in this run).",
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(main())
