"""`learn doctor`: what the learned rules cost and whether anything holds them back. Reads; writes nothing in
the project.

- **Tokens**, measured with the delivery code itself: the corpus the hooks load (quarantined and stale
  lessons already held out), the core tier :func:`~altimate_learn.deliver.select.select_core` picks, fitted
  by :func:`~altimate_learn.deliver.render.fit` into ``budget_tokens``. That section is frozen for the
  session and sent with every model request (``per_request``), with the learner's blocks the session-start hook
  gives an agent that does not load their file (``learned_notes``, inside the same budget: the section gets what
  they leave). ``per_session_max`` is the most a session
  can carry: the session-start budget, plus the longest remaining lessons up to ``session_max_lessons``
  with their notes' headings.
- **Held back**: stale lessons (the instruction files changed since they were vetted; fix: `learn vet`),
  quarantined ones (fix: the instruction file, then `learn quarantine release`, or `drop`), and lessons
  outside the cap: approved lessons past ``max_stored`` (the next curation evicts the lowest-scoring) and
  pinned lessons the core tier or its budget cannot show.
- **Channels**: approved lessons by how they were learned (correction, tool_retry, tool-errors, review,
  remember, learner, …; ``legacy`` before channels were recorded; ``teammates`` for lessons that came in
  through git, which this clone's local vet records do not know).
- **Unreadable stores**: a store whose approved.json cannot be read (an unfinished merge, a broken edit), with
  the last good set the hooks deliver meanwhile (:mod:`altimate_learn.deliver.lastgood`); its set is not counted
  (never "0 in force" while the hooks deliver), and the files of an unfinished merge are named with `learn resolve`.
- **Instruction files** in force (with the agents that load them and any problem), personal ones, and the
  config files; each store's files with their sizes.
"""

from __future__ import annotations

import os
from typing import Any

from altimate_learn.store import Store
from altimate_learn.store.paths import ProjectPaths

HEADING_TOKENS = 20  # a later note's wrapper and heading (render.wrap), in tokens


def core_limit(corpus: Any, settings: dict[str, Any], sources: dict[str, str] | None = None) -> int:
    """The core tier's limit as a session starts (:func:`altimate_learn.deliver.select.core_limit`): a
    ``core_lessons`` a config file or variable set (``sources``, from `load_settings`) is taken as set."""
    from altimate_learn.deliver import select

    explicit = sources is not None and sources.get("core_lessons", "default") != "default"
    return select.core_limit(corpus, int(settings["core_lessons"]), int(settings["session_max_lessons"]), explicit)


def session_core(corpus: Any, settings: dict[str, Any],
                 sources: dict[str, str] | None = None) -> tuple[list[int], list[int]]:
    """The core tier as a session starts, split as the hooks split it
    (:meth:`altimate_learn.deliver.engine.Delivery.select_core`): (shown at session start, waiting for the first
    file of their folder). In a store of more lessons than ``session_max_lessons`` with ``core_lessons`` at its
    default, an unpinned core lesson with path triggers is not shown at the start but with the first file of its
    scope (:func:`altimate_learn.deliver.select.core_waits`); with the file tier off (``file_hook`` false or
    ``file_lessons`` 0) every core lesson comes at the start."""
    from altimate_learn.deliver import select

    explicit = sources is not None and sources.get("core_lessons", "default") != "default"
    core = select.select_core(corpus, core_limit(corpus, settings, sources))
    if not settings["file_hook"] or int(settings["file_lessons"]) <= 0:
        return core, []
    return select.core_waits(corpus, core, int(settings["core_lessons"]), int(settings["session_max_lessons"]),
                             explicit)


def delivered_core(paths: ProjectPaths, settings: Any) -> tuple[int, int]:
    """(core lessons a session of this project starts with at most: the core tier's limit less the core lessons of a
    folder that wait for the first file there; those waiting), as the limits stand (``settings``: `load_settings`'s result): what `learn status` prints as
    ``core_lessons`` and ``core_waiting``."""
    from altimate_learn.deliver.index import load_corpus

    corpus = load_corpus(str(paths.learn_dir), lambda _: None)
    _, waiting = session_core(corpus, settings.values, settings.sources)
    return core_limit(corpus, settings.values, settings.sources) - len(waiting), len(waiting)


def tokens(paths: ProjectPaths, settings: dict[str, Any], sources: dict[str, str] | None = None) -> dict[str, Any]:
    from altimate_learn.deliver import render
    from altimate_learn.deliver.index import load_corpus

    notes: list[str] = []
    corpus = load_corpus(str(paths.learn_dir), notes.append)
    budget = int(settings["budget_tokens"])
    from altimate_learn.harness.hook import lessons_tokens

    learned = learned_notes(paths, budget, lessons_tokens(corpus.lines, budget))
    core, waiting = session_core(corpus, settings, sources)  # as a session starts
    lines = [corpus.lines[i] for i in core]
    text, kept = render.fit(lines, budget - learned["tokens"], render.HEADING_START)
    per_request = (render.estimate_tokens(text) if text else 0) + learned["tokens"]
    shown = {core[k] for k in kept}
    rest = sorted((len(corpus.lines[i]) + 3 for i in range(len(corpus)) if i not in shown), reverse=True)
    room = max(0, int(settings["session_max_lessons"]) - len(shown))
    extra = rest[:room]
    per_note = max(1, int(settings["file_lessons"]) or int(settings["request_lessons"]) or 1)
    later = -(-sum(extra) // 4) + (-(-len(extra) // per_note)) * HEADING_TOKENS if extra else 0
    return {"per_request": per_request, "per_session_max": max(per_request, budget if len(corpus) > len(shown)
                                                              else per_request) + later,
            "core_lessons": len(shown), "core_waiting": len(waiting), "deliverable": len(corpus),
            "budget_tokens": budget, "held_out": [n for n in notes if " held out: " in n], "learned_notes": learned}


def learned_notes(paths: ProjectPaths, budget: int, lessons: int) -> dict[str, Any]:
    """The learner's blocks a session start gives with the lessons (:mod:`altimate_learn.harness.learned_notes`),
    within their part of ``budget`` (``lessons``: the most tokens the approved lessons can take), for the agent that gets the most of them: their ``tokens`` (as the hook
    counts them, inside the budget), ``bullets``, the ``agents`` that get them, and the bullets ``left_out`` per
    file."""
    from altimate_learn.harness.hook import _tokens
    from altimate_learn.harness.learned_notes import budget as share, collect, fit

    best: dict[str, Any] = {"tokens": 0, "bullets": 0, "agents": [], "left_out": {}}
    for agent in ("claude-code", "codex", "gemini", "opencode"):
        blocks = collect(str(paths.root), agent)
        if not blocks:
            continue
        text, left = fit(blocks, share(budget, lessons))
        gone = dict(left)
        bullets = sum(len(b) for _, _, b in blocks) - sum(gone.values())
        if _tokens(text) > best["tokens"]:
            best = {"tokens": _tokens(text), "bullets": bullets, "agents": [agent], "left_out": gone}
        elif text and _tokens(text) == best["tokens"]:
            best["agents"].append(agent)
    return best


def outside_cap(approved: list[dict], settings: dict[str, Any]) -> dict[str, Any]:
    """Approved lessons that do not reach agents as the limits stand (see the module docstring)."""
    from altimate_learn.deliver.render import fit, lesson_line, HEADING_START

    max_stored = int(settings["max_stored"])
    over = max(0, len(approved) - max_stored)
    pinned = [lesson for lesson in approved if lesson.get("pinned")]
    lines = [lesson_line(l["text"], (l.get("trigger") or {}).get("paths")) for l in pinned][: int(settings["core_lessons"])]
    _, kept = fit(lines, int(settings["budget_tokens"]), HEADING_START)
    unseen = [p["id"] for n, p in enumerate(pinned) if n not in set(kept)]
    fixes = []
    if over:
        fixes.append(f"{over} approved past learn.max_stored={max_stored}: the next curation evicts the lowest-scoring; "
                     "raise learn.max_stored to keep them")
    if unseen:
        fixes.append(f"{len(unseen)} pinned past what learn.core_lessons / learn.budget_tokens can show: unpin some "
                     "(`learn unpin ID`) or raise those limits")
    return {"count": over + len(unseen), "over_max_stored": over, "pinned_not_shown": unseen, "fix": fixes}


def store_files(store: Store) -> list[dict[str, Any]]:
    """The store's files: this checkout's committed ones and (in a worktree) the repository's local ones."""
    out = []
    entries = []
    for folder in dict.fromkeys((store.dir, store.local_dir)):
        try:
            entries += list(os.scandir(folder))
        except OSError:
            continue
    for entry in sorted(entries, key=lambda e: e.name):
        if entry.name.startswith(".") or entry.name.endswith(".tmp"):
            continue
        try:
            if entry.is_dir(follow_symlinks=False):
                size = sum(f.stat().st_size for f in os.scandir(entry.path) if f.is_file(follow_symlinks=False))
                out.append({"name": entry.name + "/", "bytes": size})
            elif entry.is_file(follow_symlinks=False):
                out.append({"name": entry.name, "bytes": entry.stat().st_size})
        except OSError:
            continue
    return out


def fallback(store: Store) -> dict[str, Any]:
    """The last good set the hooks deliver while the store's approved.json cannot be read: ``from`` (git HEAD,
    the store's snapshot, a commit; None when there is none) and its number of ``lessons``."""
    from altimate_learn.deliver.lastgood import candidates
    from altimate_learn.errors import StoreError
    from altimate_learn.jsonsafe import loads_document
    from altimate_learn.schema import validate_lessons

    for where, raw in candidates(str(store.dir)):
        try:
            lessons = validate_lessons(loads_document(raw.decode("utf-8")), where)
        except (ValueError, StoreError):
            continue
        return {"from": where, "lessons": len(lessons)}
    return {"from": None, "lessons": 0}


def delivery_fallbacks(paths: ProjectPaths) -> list[dict[str, Any]]:
    """The stores whose approved.json delivery cannot use (not a JSON array: conflict markers, a broken edit), each
    with the last good set the hooks deliver instead (:func:`fallback`): what `learn deliver` says beside its
    answer, so it tells what `learn status` and `learn doctor` tell."""
    from altimate_learn.jsonsafe import loads_document
    from altimate_learn.store import all_stores

    out = []
    for store in all_stores(paths):
        try:
            usable = isinstance(loads_document(store.path(Store.APPROVED).read_bytes().decode("utf-8")), list)
        except FileNotFoundError:
            continue
        except (OSError, ValueError):
            usable = False
        if not usable:
            out.append({"store": store.name, **fallback(store)})
    return out


def fallback_line(item: dict[str, Any]) -> str:
    """One line on a store whose approved.json cannot be read (an item of :func:`delivery_fallbacks`)."""
    head = f"store '{item['store']}': approved.json cannot be read"
    if item.get("from"):
        return f"{head}, so the hooks deliver the last good set instead: {item['lessons']} lesson{'' if item['lessons'] == 1 else 's'} from {item['from']}"
    return f"{head} and no last good set was found: it delivers nothing until it is fixed"


def collect(paths: ProjectPaths, settings: Any, names: list[str] | None = None) -> dict[str, Any]:
    """Everything but the agents' hooks (the CLI adds those; `learn install --check` lives there)."""
    from altimate_learn.gates import quarantine
    from altimate_learn.gates.report import store_gates
    from altimate_learn.instructions.files import discover, personal_files
    from altimate_learn.instructions.files import config_names
    from altimate_learn.store import all_stores

    values = settings.values
    stores = [s for s in all_stores(paths) if names is None or s.name in names]
    report: dict[str, Any] = {"project_root": str(paths.root), "enabled": bool(values["enabled"]), "problems": []}
    stale_ids: list[str] = []
    quarantined: list[dict[str, Any]] = []
    unvetted = 0
    channels: dict[str, int] = {}
    approved_all: list[dict] = []
    set_totals: dict[str, int] = {}
    store_rows = []
    unreadable: list[dict[str, Any]] = []
    overruled_all: list[dict[str, Any]] = []  # rules this clone rejected that the team approved since
    teammates = 0
    for store in stores:
        try:
            approved = store.approved()
        except Exception as exc:  # a malformed file: said, not fatal
            report["problems"].append(str(exc))
            approved = []
            unreadable.append({"store": store.name, **fallback(store)})
        try:
            candidate = store.candidate()
        except Exception as exc:
            report["problems"].append(str(exc))
            candidate = None
        gates = store_gates(store)
        if gates["quarantine_unreadable"]:
            report["problems"].append(f"{gates['quarantine_unreadable']} {quarantine.UNREADABLE_HINT}")
        teammates += len(set(gates["teammates"]) & set(gates["unvetted"]))
        approved_all += approved
        from altimate_learn.team.overruled import overruled

        overruled_all += [{"store": store.name, **item.as_dict()} for item in overruled(store, approved)]
        stale_ids += [f"{store.name}/{lesson['id']}" for lesson in gates["stale"]]
        quarantined += [{"store": store.name, **quarantine.view(item)} for item in gates["quarantined"]]
        unvetted += len(gates["unvetted"])
        for channel, count in gates["by_channel"].items():
            channels[channel] = channels.get(channel, 0) + count
        from altimate_learn.tidy.counts import set_counts

        counts = set_counts(store, approved, gates["held_out"], int(values["max_in_force"]))
        for key in ("in_force", "stale", "over_max_in_force", "outside_cap", "graduated", "retired"):
            set_totals[key] = set_totals.get(key, 0) + counts[key]
        if counts.get("outside_unreadable"):
            from altimate_learn.tidy.counts import UNREADABLE_OUTSIDE

            report["problems"].append(f"store '{store.name}': {UNREADABLE_OUTSIDE}")
        store_rows.append({"name": store.name, "approved": len(approved),
                           "candidate": None if candidate is None else len(candidate),
                           "stale": len(gates["stale"]), "quarantined": len(gates["quarantined"]),
                           "files": store_files(store)})
    contract = discover(paths.root)
    _names, _globs, agent_configs = config_names(str(paths.root))
    report["tokens"] = tokens(paths, values, settings.sources)
    report["lessons"] = {"approved": len(approved_all), "deliverable": report["tokens"]["deliverable"],
                         "stale": len(stale_ids), "quarantined": len(quarantined), "unvetted": unvetted,
                         "unvetted_from_teammates": teammates, "unreadable": unreadable}
    report["stale"] = {"count": len(stale_ids), "ids": stale_ids,
                       "fix": "run `learn vet` (it re-vets every store; the hooks' next capture does it too): passes "
                              "are re-stamped and delivered again" if stale_ids else None}
    report["quarantined"] = {"count": len(quarantined), "items": quarantined,
                             "fix": "fix the instruction file each reason names, then `learn quarantine release ID`; "
                                    "if the vet is wrong, `learn quarantine release ID --force`; "
                                    "or `learn quarantine drop ID`" if quarantined else None}
    report["outside_cap"] = outside_cap(approved_all, values)
    from altimate_learn.tidy.counts import fixes, over_line

    totals = {"in_force": 0, "stale": 0, "over_max_in_force": 0, "outside_cap": 0, "graduated": 0, "retired": 0,
              **set_totals, "max_in_force": int(values["max_in_force"])}
    cap = report["outside_cap"]
    cap["waiting"] = totals["outside_cap"]
    cap["over_max_in_force"] = totals["over_max_in_force"]
    cap["count"] += totals["outside_cap"]  # never delivered; a set past max_in_force is delivered (review41 R41-2)
    cap["fix"] += fixes(totals)
    cap["over_max_in_force_fix"] = over_line(totals)
    report["set"] = {k: totals[k] for k in ("in_force", "stale", "max_in_force", "over_max_in_force", "outside_cap",
                                            "graduated", "retired")}
    report["by_channel"] = dict(sorted(channels.items()))
    report["instructions"] = {**contract.as_dict(),
                              "personal": [{"path": f.path, "agents": list(f.agents), "bytes": f.size}
                                           for f in personal_files()]}
    report["config_files"] = [str(p) for p in settings.files] + [str(paths.root / c) for c in agent_configs]
    report["stores"] = store_rows
    report["overruled"] = overruled_all
    from altimate_learn.team.resolve import unfinished_files

    # a merge stopped on a conflict: named with the way out, as `learn status` and `learn deliver` name it
    report["unfinished_merge"] = unfinished_files(paths)
    return report
