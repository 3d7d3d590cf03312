"""Sample stores for the demo and the benchmarks.

`stores/source_lessons.txt` holds ~260 realistic lessons of one mixed repository (dbt models, a Python
service, a web app, infrastructure), with tags and path triggers. This script turns it into a store
(`stores/mixed-repo/approved.json`) and scales it to any size by adding distractors: plausible lessons
for *other* parts of the same project (other services, features, marts, modules), about 5% of which
deliberately share vocabulary with the real ones (staging, cents, timestamps, `ref()`, …) so that
retrieval has to work for its recall.

    python stores/generate.py                         # rewrite stores/mixed-repo/approved.json
    python stores/generate.py --size 10000 --out /tmp/approved.json [--seed 7]

Everything is deterministic for a given size and seed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "source_lessons.txt"
BASE_STORE = HERE / "mixed-repo" / "approved.json"
EPOCH = datetime(2026, 3, 1, tzinfo=timezone.utc)


def _stamp(offset_hours: int) -> str:
    return (EPOCH + timedelta(hours=offset_hours)).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def _lesson_id(text: str) -> str:
    return "L-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def _lesson(text: str, tags: list[str], paths: list[str], index: int, rng: random.Random) -> dict:
    created = _stamp(index * 7 + rng.randrange(6))
    lesson = {
        "id": _lesson_id(text), "text": text, "tags": tags, "scope": "project",
        "helpful": rng.choice([0, 0, 0, 1, 1, 2, 3, 5]), "harmful": rng.choice([0, 0, 0, 0, 0, 1]),
        "applied": rng.randrange(0, 40), "created": created, "updated": created,
    }
    if paths:
        lesson["trigger"] = {"paths": paths}
    return lesson


def base_lessons() -> list[dict]:
    """The hand-written lessons of `source_lessons.txt`, as store lessons (deterministic)."""
    rng = random.Random(11)
    out = []
    for line in SOURCE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        area, paths, tags, text = (part.strip() for part in line.split("|", 3))
        path_list = [] if paths == "-" else [p.strip() for p in paths.split(",")]
        lesson = _lesson(text, [area] + [t for t in tags.split(",") if t and t != area], path_list, len(out), rng)
        out.append(lesson)
    # rules the team decided must always apply
    for lesson in out:
        if lesson["text"].startswith(("Never commit `.env` files", "Use `ref()` for model dependencies")):
            lesson["pinned"] = True
    return declare_coexists(out)


# --- distractors -----------------------------------------------------------------------------------------

SERVICES = ["ledger", "inventory", "shipping", "notifications", "search", "pricing", "catalog", "loyalty", "fraud",
            "identity", "scheduler", "exports", "webhooks", "audit", "recommendations", "geo", "media", "chat",
            "tax", "payouts", "onboarding", "support", "forecasting", "warehouse", "returns", "reviews", "coupons",
            "subscriptions", "referrals", "compliance"]
FEATURES = ["settings", "team-invites", "audit-log", "sso", "api-keys", "usage", "alerts", "reports", "workspaces",
            "integrations", "notifications-center", "calendar", "kanban", "timeline", "comments", "attachments",
            "approvals", "exports", "imports", "templates"]
MARTS = ["logistics", "support", "hr", "procurement", "sales", "partners", "experiments", "risk", "ops", "growth"]
MODULES = ["vpc", "eks", "rds", "redis", "sqs", "cloudfront", "waf", "bastion", "vault", "opensearch", "kafka",
           "airflow", "grafana", "loki", "tempo"]
NOUNS = ["batch size", "retry budget", "cache key", "feature flag", "timeout", "page size", "queue name",
         "error code", "log field", "metric name", "config key", "rate limit", "lock name", "event name"]
VERBS = ["Validate", "Normalize", "Version", "Document", "Namespace", "Prefix", "Audit", "Checksum"]

SERVICE_TEMPLATES = [
    "In the {s} service, keep the {n} in `{s}/config.py`; never hard-code it in handlers.",
    "The {s} worker processes at most {k} jobs per poll; raise it only after load testing.",
    "{v} every {n} in the {s} service with the `{s}_` prefix.",
    "Calls from {s} to {t} go through `{t}_client` with a {k}-second timeout.",
    "The {s} service publishes `{s}.{e}` events after the transaction commits, never before.",
    "Store {s} audit records for {k} days; the retention job lives in `{s}/jobs/retention.py`.",
    "Use `{s}_repository` for database access in {s}; handlers never import models directly.",
    "Keep {s} API handlers thin: parse, call `{s}_service`, and map errors to responses.",
    "The {s} cache expires after {k} minutes; invalidate it from `{s}.on_{e}`.",
    "Add new {s} settings to `{s}/settings.toml` with a comment explaining the default.",
]
FEATURE_TEMPLATES = [
    "The {f} page loads its data with `use{F}Query`; do not add another fetch for it.",
    "Put {f} components under `features/{f}/components` and export them from its index.",
    "{f} forms submit through `{F}Form`, which already handles optimistic updates.",
    "Gate the {f} feature behind the `{f}_enabled` flag until the beta ends.",
    "The {f} empty state uses the illustration from `@acme/ui/empty/{f}`.",
    "Track {f} interactions with `{f}_opened` and `{f}_saved` events only.",
]
MART_TEMPLATES = [
    "The {m} marts refresh hourly; never join them to the daily finance snapshot.",
    "Name {m} reporting models `rpt_{m}__<topic>` and keep them out of the core marts.",
    "The {m} team owns `models/marts/{m}`; request their review for changes there.",
    "{m} metrics are defined in `metrics/{m}.yml`; do not recompute them in dashboards.",
]
MODULE_TEMPLATES = [
    "The `{o}` Terraform module takes its subnet ids from the network stack outputs.",
    "Changes to the `{o}` module need a plan for every environment in the pull request.",
    "Pin the `{o}` module by version tag when calling it from an environment stack.",
    "The `{o}` module exposes `{o}_security_group_id` for callers; do not look it up.",
]
# About 5% of distractors: the real lessons' vocabulary, on parts of the project they do not apply to.
SHARED_VOCAB_TEMPLATES = [
    "Legacy exports under `exports/{s}/{f}` keep amounts in cents; do not convert them to dollars there.",
    "The {s} service stores {f} timestamps in the account's local timezone for its reports.",
    "Staging tables of the {s} replica for {m} are owned by the platform team, not by dbt.",
    "In {s} notebooks about {m}, select from raw tables directly; `ref()` is not available there.",
    "The {s} service names its {f} staging queues `stg_{s}_<queue>`.",
    "{s} fixtures for {f} keep `*_cents` fields as integers; the fixture loader converts them.",
    "Timestamps in {s} {e} webhooks are Unix seconds; convert them with `from_unix()` on arrival.",
    "The {s} source tables for {m} are deduplicated upstream; do not deduplicate them again.",
    "The {m} staging extracts from {s} run every {k} minutes and land in the `raw_{s}` schema.",
    "Currency amounts in {s} {f} payloads are dollars with two decimals, not cents.",
]


def distractors(count: int, seed: int, taken: set[str]) -> list[dict]:
    rng = random.Random(seed)
    out: list[dict] = []
    shared_quota = round(count * 0.05)
    shared_made = 0  # a running count: recounting `out` every time made 10,000 lessons take a minute
    attempts = 0
    while len(out) < count and attempts < count * 50:
        attempts += 1
        shared = shared_made < shared_quota and rng.random() < 0.3
        s, t = rng.sample(SERVICES, 2)
        f = rng.choice(FEATURES)
        m = rng.choice(MARTS)
        o = rng.choice(MODULES)
        fields = dict(s=s, t=t, f=f, F="".join(p.title() for p in f.split("-")), m=m, o=o, n=rng.choice(NOUNS),
                      v=rng.choice(VERBS), e=rng.choice(["created", "updated", "deleted", "synced", "failed"]),
                      k=rng.choice([2, 3, 5, 10, 15, 30, 60, 90, 100, 250, 500]))
        if shared:
            template, tags, paths = rng.choice(SHARED_VOCAB_TEMPLATES), ["distractor", "shared-vocabulary", s], \
                [f"services/{s}/**"] if rng.random() < 0.6 else []
        else:
            kind = rng.choice(["service", "service", "feature", "mart", "module"])
            if kind == "service":
                template, tags, paths = rng.choice(SERVICE_TEMPLATES), ["distractor", "python", s], [f"services/{s}/**"]
            elif kind == "feature":
                template, tags, paths = rng.choice(FEATURE_TEMPLATES), ["distractor", "web", f], \
                    [f"web/src/features/{f}/**"]
            elif kind == "mart":
                template, tags, paths = rng.choice(MART_TEMPLATES), ["distractor", "dbt", m], [f"models/marts/{m}/**"]
            else:
                template, tags, paths = rng.choice(MODULE_TEMPLATES), ["distractor", "infra", o], \
                    [f"infra/terraform/modules/{o}/**"]
        text = template.format(**fields)
        text = text[0].upper() + text[1:]
        if len(text) > 140 or text in taken:
            continue
        taken.add(text)
        lesson = _lesson(text, tags, paths, len(out) + 1000, rng)
        lesson["id"] = _lesson_id(text + "#distractor")
        out.append(lesson)
        shared_made += "shared-vocabulary" in tags
    if len(out) < count:
        raise SystemExit(f"could only make {len(out)} unique distractors; extend the templates")
    return out


def declare_coexists(lessons: list[dict]) -> list[dict]:
    """Lessons sharing a backtick identifier declare that they coexist, as the curator requires of a real
    store (otherwise `learn check` and `learn promote` would refuse the sample)."""
    sys.path.insert(0, str(HERE.parent))
    from altimate_learn.curate.anchors import undeclared_overlaps

    by_id = {lesson["id"]: lesson for lesson in lessons}
    for first, second, _ in undeclared_overlaps(lessons):
        later = by_id[second]
        later["coexists"] = sorted(set(later.get("coexists", [])) | {first})
    return lessons


def scaled(size: int, seed: int = 7) -> list[dict]:
    """A store of ``size`` lessons: every base lesson (if it fits) plus distractors."""
    base = base_lessons()
    if size <= len(base):
        rng = random.Random(seed)
        picked = sorted(rng.sample(base, size), key=lambda l: l["id"])
        for lesson in picked:  # a declared partner may not be in the sample
            lesson.pop("coexists", None)
        return declare_coexists(picked)
    taken = {l["text"] for l in base}
    # Distractors are benchmark noise made from a few templates: declaring all their overlaps would give
    # each of them hundreds of `coexists` ids, which no real store has.
    return base + distractors(size - len(base), seed, taken)


def canonical(value: object) -> str:
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, help="number of lessons (default: the base store)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=None, help="output approved.json (default: the base store)")
    args = parser.parse_args(argv)
    lessons = base_lessons() if args.size is None else scaled(args.size, args.seed)
    out = args.out or BASE_STORE
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(canonical(lessons), encoding="utf-8")
    print(f"wrote {len(lessons)} lessons to {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
