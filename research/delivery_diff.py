"""Delivery, needed lesson by needed lesson: what a change to delivery gains and loses on every task set.

`research/bench_delivery.py` prints recall per kind; a change that gains a lesson on one set and loses one on
another can leave those figures unchanged. This records, for each task set, size and task (defaults, file hook
on, through the same hook code path as `bench_delivery.py`), the stage at which each needed lesson arrived (or
none), the lessons and the tokens of the session and a fingerprint of all it was shown, and how many lessons past the
core tier it was shown and did not need (with the set of requests that need nothing, `precision`), and compares two
such records lesson by lesson (and says how many sessions were shown other text: a pure speed change shows none)
and by what was shown for nothing.

    python research/delivery_diff.py record OUT.json [--sizes 300,1000,10000] [--sets main,heldout,...] [--learn JSON]
    python research/delivery_diff.py compare BEFORE.json AFTER.json

`record` runs the sets one by one (about 3.5 minutes for every set at the three sizes on one core); `compare`
prints every needed lesson that one record delivered and the other did not (GAIN/LOSS, with the stage it
arrived at), then recall per set, size and kind (overall, direct, file, vague, follow-up) and lessons and
tokens a session, before and after.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

KINDS = ("all", "direct", "file", "vague", "followup")


def record(out: Path, sizes: tuple[int, ...], sets: list[str], learn: dict | None = None) -> None:
    import bench_delivery as bench

    found: dict[str, dict] = {}
    for name in sets:
        path = {"main": bench.TASKS, "precision": bench.PRECISION_TASKS}.get(name) or bench.SETS[name][0]
        raw = bench.evaluate(sizes, tasks=bench.load_tasks(path), configs={"defaults": learn or {}})
        for (size, _), sessions in raw["results"].items():
            for session in sessions:
                found[f"{name}|{size}|{session.task['id']}"] = {
                    "kind": session.task["kind"], "arrived": session.arrived, "lessons": session.lessons,
                    "tokens": session.tokens, "digest": _digest(session.texts),
                    "beyond": len(session.shown(bench.BEYOND_CORE)), "unneeded": session.unneeded,
                    "request_tier": len(session.shown(bench.REQUEST_STAGES)),
                    "tokens_beyond": session.tokens_beyond_core}
        print(f"{name}: done", file=sys.stderr, flush=True)
    out.write_text(json.dumps(found, indent=0) + "\n", encoding="utf-8")


def _digest(texts: list[tuple[str, str]]) -> str:
    """A fingerprint of everything the session was shown, stage by stage (a speed change must keep it)."""
    import hashlib

    return hashlib.sha256(json.dumps(texts, ensure_ascii=False).encode("utf-8")).hexdigest()[:16]


def _summary(data: dict) -> tuple[dict, dict]:
    recall: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0])
    sessions: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for key, item in data.items():
        name, size, _ = key.split("|")
        for stage in item["arrived"].values():
            for kind in (item["kind"], "all"):
                cell = recall[(name, size, kind)]
                cell[0] += stage is not None
                cell[1] += 1
        cell = sessions[(name, size)]
        cell[0] += 1
        cell[1] += item["lessons"]
        cell[2] += item["tokens"]
    return recall, sessions


def _pct(cell: list[int] | None) -> str:
    return "   - " if not cell or not cell[1] else f"{100 * cell[0] / cell[1]:5.1f}"


def compare(before: dict, after: dict) -> str:
    lines = []
    for key, item in before.items():
        other = after.get(key)
        if other is None:
            continue
        for prefix, stage in item["arrived"].items():
            then = other["arrived"].get(prefix)
            if (stage is None) != (then is None):
                lines.append(f"{'GAIN' if then else 'LOSS'} {key} {item['kind']} {prefix[:60]!r} {stage} -> {then}")
    lines.append(f"{len([line for line in lines if line.startswith('GAIN')])} gained, "
                 f"{len([line for line in lines if line.startswith('LOSS')])} lost")
    both = [key for key in before if "digest" in before[key] and "digest" in after.get(key, {})]
    if both:
        changed = [key for key in both if before[key]["digest"] != after[key]["digest"]]
        lines.append(f"{len(changed)} of {len(both)} sessions shown other text"
                     + (": " + ", ".join(changed[:20]) + (" …" if len(changed) > 20 else "") if changed else ""))
    (r0, s0), (r1, s1) = _summary(before), _summary(after)
    names = list(dict.fromkeys(key.split("|")[0] for key in before))
    sizes = list(dict.fromkeys(key.split("|")[1] for key in before))
    lines.append("set       size | " + " | ".join(f"{kind:^11}" for kind in KINDS) + " | lessons     | tokens")
    for name in names + ["TOTAL"]:
        for size in sizes:
            row = f"{name:9} {size:>5} |"
            for kind in KINDS:
                if name == "TOTAL":
                    cells = []
                    for table in (r0, r1):
                        cell = [0, 0]
                        for other in names:
                            part = table.get((other, size, kind))
                            if part:
                                cell = [cell[0] + part[0], cell[1] + part[1]]
                        cells.append(cell)
                else:
                    cells = [r0.get((name, size, kind)), r1.get((name, size, kind))]
                row += f" {_pct(cells[0])} {_pct(cells[1])} |"
            if name != "TOTAL":
                a, b = s0[(name, size)], s1.get((name, size), [1, 0, 0])
                row += f" {a[1] / a[0]:4.1f} {b[1] / b[0]:4.1f} | {a[2] / a[0]:4.0f} {b[2] / b[0]:4.0f}"
            lines.append(row)
    lines += _precision(before, after, names, sizes)
    return "\n".join(lines)


def _precision(before: dict, after: dict, names: list[str], sizes: list[str]) -> list[str]:
    """Past the core tier: lessons the tasks did not need of those shown, and on the sets of requests that need
    nothing, request-tier lessons and tokens a session, before and after (records older than these fields: none)."""
    def cell(data: dict, name: str | None, size: str, field: str) -> tuple[int, int]:
        chosen = [item for key, item in data.items() if key.split("|")[1] == size
                  and (name is None or key.split("|")[0] == name) and field in item]
        return sum(item[field] for item in chosen), len(chosen)

    if not any("unneeded" in item for item in before.values()):
        return []
    lines = ["past core  size | unneeded / shown before -> after | request tier / session | tokens past core"]
    for name in [*names, None]:
        for size in sizes:
            parts = []
            for data in (before, after):
                unneeded, _ = cell(data, name, size, "unneeded")
                shown, _ = cell(data, name, size, "beyond")
                request, count = cell(data, name, size, "request_tier")
                tokens, _ = cell(data, name, size, "tokens_beyond")
                parts.append((unneeded, shown, request / (count or 1), tokens / (count or 1)))
            (u0, b0, r0, t0), (u1, b1, r1, t1) = parts
            lines.append(f"{name or 'TOTAL':9} {size:>5} | {u0:5}/{b0:<5} -> {u1:5}/{b1:<5} | {r0:5.2f} -> {r1:5.2f} | "
                         f"{t0:4.0f} -> {t1:4.0f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    rec = commands.add_parser("record", help="run every set and write what each task's session delivered")
    rec.add_argument("out", type=Path)
    rec.add_argument("--sizes", default="300,1000,10000")
    rec.add_argument("--sets", default="", help="comma-separated set names (default: main, every set of "
                                                 "bench_delivery.py but the blind sets held out while they are "
                                                 "written, delivery_why.HELD_OUT, and precision, the requests that "
                                                 "need nothing; name one to run it)")
    rec.add_argument("--learn", default="{}", help="the project's `learn` settings as JSON (default: none, the "
                                                   "defaults), e.g. '{\"session_max_lessons\": 1000}'")
    cmp_ = commands.add_parser("compare", help="what AFTER delivers that BEFORE did not, and back")
    cmp_.add_argument("before", type=Path)
    cmp_.add_argument("after", type=Path)
    args = parser.parse_args(argv)
    if args.command == "record":
        from delivery_why import chosen_sets

        named = [name for name in args.sets.split(",") if name and name != "precision"]
        try:
            sets = chosen_sets(",".join(named)) if named or not args.sets else []
        except ValueError as error:
            parser.error(str(error))
        if "precision" in args.sets.split(",") or not args.sets:
            sets.append("precision")
        record(args.out, tuple(int(s) for s in args.sizes.split(",")), sets, json.loads(args.learn))
        return 0
    print(compare(json.loads(args.before.read_text(encoding="utf-8")),
                  json.loads(args.after.read_text(encoding="utf-8"))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
