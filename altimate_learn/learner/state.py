"""The learner's files: `.altimate-code/learn/.learner/` (git-ignored, shared by the project's stores).

::

    state.json     {"cursors": {"<harness>:<session id>": {"message", "index", "at", "session", "harness",
                                                          "path", "complete"?: {fingerprint}, "own"?: true,
                                                          "missing"?: "<when it was found missing>"}},
                    "floor": "<ISO>",            # the first run's window start (7 days before it, or --since)
                    "scan_from": "<ISO>",        # sessions updated since then may hold news
                    "last_run": {"id", "at", "ok", "truncated"},
                    "paused": {"at": "<ISO>"},   # learn pause
                    "captured": {"<harness>:<session id>": {"path", "harness", "session",  # learn capture
                                 "seen"?: {"file", "version", "info"}}},  # its header, while the file is unchanged
                    "evidence": [{"target", "text", "refs", "sessions", "at"}]}   # bullets waiting for a 2nd session
    lease.json     {"run", "pid", "host", "at", "expires"}   # one learner per project at a time
    runs.jsonl     one line per finished run (newest last), plus `revert` lines
    runs/<run>.json.gz   what a run was given and answered (the last 20 runs)
    reads/<name>.json    a session as a run read it after its cursor, redacted, for the next run while its
                         transcript is unchanged (:mod:`altimate_learn.learner.readcache`; at most 1,000)

Every change happens under `.learner/.lock` (the store layer's file lock). A state file that cannot be
parsed is moved aside and the learner starts over from its floor, saying so: nothing in it is a
person's work. A lease expires (``LEASE_SECONDS``) or dies with its process on this host, so a crashed
run never blocks learning for long; the next run records the crashed one in the run log.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import socket
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from altimate_learn.errors import MalformedFileError
from altimate_learn.reflect.schedule import iso, parse_time  # one clock format for reflections and learner runs
from altimate_learn.store import ProjectPaths
from altimate_learn.store import fsio

STATE = "state.json"
LEASE = "lease.json"
RUNS = "runs.jsonl"
TRANSCRIPTS = "runs"
KEEP_TRANSCRIPTS = 20
LEASE_SECONDS = 25 * 60  # a run stops at 20 minutes; the lease outlives it a little


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class LearnerFiles:
    """Paths and safe I/O for one project's learner state."""

    def __init__(self, paths: ProjectPaths) -> None:
        self.project = paths
        self.dir = paths.learner_dir

    def path(self, name: str) -> Path:
        return self.dir / name

    def ensure(self) -> None:
        from altimate_learn.store import ensure_learn_dir

        ensure_learn_dir(self.project)
        fsio.check_confined(self.dir, self.project.local_root)
        self.dir.mkdir(parents=True, exist_ok=True)

    @contextlib.contextmanager
    def lock(self, timeout: float = fsio.WRITER_LOCK_TIMEOUT) -> Iterator[None]:
        self.ensure()
        with fsio.file_lock(self.dir / ".lock", timeout):
            yield

    # --- state.json --------------------------------------------------------------------------------------
    def read_state(self, notes: list[str] | None = None) -> dict[str, Any]:
        path = self.path(STATE)
        try:
            value = fsio.read_json(path, quarantine=True)
        except MalformedFileError as exc:
            if notes is not None:
                notes.append(f"the learner's state could not be read and was moved aside to {exc.moved_to}; "
                             "sessions are read again from the first run's window")
            value = None
        if value is not None and not isinstance(value, dict):
            moved = fsio.move_aside(path)
            if notes is not None:
                notes.append(f"the learner's state was not a JSON object and was moved aside to {moved}")
            value = None
        state = value or {}
        for key in ("cursors", "captured"):
            if not isinstance(state.get(key), dict):
                state[key] = {}
        if not isinstance(state.get("evidence"), list):
            state["evidence"] = []
        return state

    def write_state(self, state: dict[str, Any]) -> None:
        self.ensure()
        fsio.write_json(self.path(STATE), state, within=self.dir)

    # --- the lease ---------------------------------------------------------------------------------------
    def lease_holder(self, now: datetime | None = None) -> dict[str, Any] | None:
        """The live lease, or None (an expired lease, or one whose process on this host is gone, is dead)."""
        now = now or utcnow()
        try:
            lease = json.loads(self.path(LEASE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(lease, dict):
            return None
        expires = parse_time(lease.get("expires"))
        if expires is None or expires <= now:
            return None
        if lease.get("host") == socket.gethostname() and not fsio.process_alive(lease.get("pid")):
            return None
        return lease

    def take_lease(self, run_id: str, now: datetime | None = None) -> tuple[bool, dict[str, Any] | None]:
        """(True, the dead lease taken over or None) or (False, the live holder)."""
        now = now or utcnow()
        with self.lock():
            holder = self.lease_holder(now)
            if holder is not None:
                return False, holder
            try:
                old = json.loads(self.path(LEASE).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                old = None
            lease = {"run": run_id, "pid": os.getpid(), "host": socket.gethostname(), "at": iso(now),
                     "expires": iso(now + timedelta(seconds=LEASE_SECONDS))}
            fsio.write_json(self.path(LEASE), lease, within=self.dir)
            return True, old if isinstance(old, dict) and old.get("run") else None

    def release_lease(self, run_id: str) -> None:
        with self.lock():
            try:
                lease = json.loads(self.path(LEASE).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                return
            if isinstance(lease, dict) and lease.get("run") == run_id and lease.get("pid") == os.getpid():
                with contextlib.suppress(FileNotFoundError):
                    self.path(LEASE).unlink()

    # --- the run log -------------------------------------------------------------------------------------
    def append_run(self, record: dict[str, Any]) -> None:
        with self.lock():
            fsio.append_jsonl(self.path(RUNS), [record], within=self.dir)

    def log_lines(self) -> list[dict[str, Any]]:
        return fsio.read_records(self.path(RUNS))

    def runs(self) -> list[dict[str, Any]]:
        """Finished runs, newest first, with the reverts made since folded in (``reverted``: change numbers)."""
        lines = self.log_lines()
        runs: dict[str, dict[str, Any]] = {}
        order: list[str] = []
        for line in lines:
            if line.get("op") == "revert":
                target = runs.get(str(line.get("run")))
                if target is not None:
                    target.setdefault("reverted", [])
                    target["reverted"] = sorted(set(target["reverted"]) | set(line.get("changes") or []))
                    for path, block in (line.get("blocks") or {}).items():
                        target.setdefault("blocks_now", {})[path] = block
                continue
            run_id = line.get("id")
            if not isinstance(run_id, str):
                continue
            if run_id not in runs:
                order.append(run_id)
            runs[run_id] = dict(line)
        return [runs[i] for i in reversed(order)]

    def find_run(self, wanted: str) -> dict[str, Any] | None:
        """A run by id or unique prefix; ``last`` is the newest."""
        from altimate_learn.errors import LearnError

        runs = self.runs()
        if wanted == "last":
            return runs[0] if runs else None
        exact = [r for r in runs if r["id"] == wanted]
        if exact:
            return exact[0]
        matches = [r for r in runs if r["id"].startswith(wanted)]
        if len(matches) > 1:
            raise LearnError(f"run id prefix '{wanted}' matches {len(matches)} runs "
                             f"({', '.join(r['id'] for r in matches[:5])}).", "Give more of the id.")
        return matches[0] if matches else None

    # --- transcripts -------------------------------------------------------------------------------------
    def save_transcript(self, run_id: str, data: dict[str, Any]) -> None:
        folder = self.path(TRANSCRIPTS)
        folder.mkdir(parents=True, exist_ok=True)
        payload = gzip.compress(json.dumps(data, ensure_ascii=False, sort_keys=True).encode("utf-8"), mtime=0)
        fsio.atomic_write(folder / f"{run_id}.json.gz", payload, within=self.dir)
        kept = sorted(p for p in folder.glob("*.json.gz"))
        for old in kept[:-KEEP_TRANSCRIPTS]:
            with contextlib.suppress(OSError):
                old.unlink()

    def load_transcript(self, run_id: str) -> dict[str, Any] | None:
        path = self.path(TRANSCRIPTS) / f"{run_id}.json.gz"
        try:
            value = json.loads(gzip.decompress(path.read_bytes()).decode("utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError, EOFError):
            return None
        return value if isinstance(value, dict) else None


def new_run_id(now: datetime | None = None) -> str:
    """Sortable and short: ``20261120-101502-3fa`` (UTC time, then 3 random hex digits)."""
    import secrets

    now = now or utcnow()
    return now.astimezone(timezone.utc).strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(2)[:3]


def status(paths: ProjectPaths, settings: Any) -> dict[str, Any]:
    """The learner's part of `learn status`: on or off and why, paused, targets, the last run."""
    files = LearnerFiles(paths)
    state = files.read_state()
    values = settings.values
    if not values["enabled"]:
        why = "learn.enabled is false"
    elif not settings.auto_reflect_on:
        why = "capture or automatic reflection is off (`learn enable` turns both on)"
    elif not values["continual_learning"]:
        why = f"learn.continual_learning is false (from {settings.sources['continual_learning']})"
    else:
        why = None
    runs = files.runs()
    last = runs[0] if runs else None
    # exchanges without a signal a run gave up on (unusable answers): said while that run is among the newest
    gave_up = next((r for r in runs[:KEEP_TRANSCRIPTS] if r.get("let_go")), None)
    automatic = next((r for r in runs if r.get("trigger") == "auto" and r.get("model")), None)
    return {
        "on": why is None, "why_off": why, "paused": state.get("paused"), "targets": list(values["learning_targets"]),
        "sessions_tracked": sum(1 for c in state["cursors"].values() if isinstance(c, dict) and c.get("message")),
        "last_run": None if last is None else {k: last.get(k) for k in (
            "id", "at", "status", "messages", "sessions", "truncated", "error", "model")} | {
            "changes": len(last.get("changes") or []), "dropped": len(last.get("dropped") or [])},
        "runs": len(runs),
        "let_go": None if gave_up is None else {"run": gave_up.get("id"), "at": gave_up.get("at"),
                                                "exchanges": len(gave_up["let_go"])},
        # what the hooks' runs really used: they see the agent's environment (its API key), not this shell's
        "last_auto_model": None if automatic is None else automatic.get("model"),
    }


_DIRECT = {"project": "the project's AGENTS.md (or CLAUDE.md in use), committed with your next commit",
           "local": "AGENTS.local.md (yours, ignored by git)",
           "global": "your own $XDG_CONFIG_HOME/altimate-code/AGENTS.md, read in every project"}


def direct_targets_note(targets: list[str]) -> str | None:
    """The one line that says the learner writes without `learn promote` (spec 002 "Where it writes": its own
    marked block in an instruction file; review14 R14-22), or None with only the review target."""
    direct = [t for t in targets if t in _DIRECT]
    if not direct:
        return None
    return ("  NOTE: with learning target" + ("s " if len(direct) > 1 else " ") + ", ".join(direct)
            + " the learner writes its vetted bullets straight into " + "; ".join(_DIRECT[t] for t in direct)
            + " (its `<!-- learn:learned -->` block), with no `learn promote`: agents read them from their next "
            "session. Review them in `git diff` before you commit; `learn runs` lists them, `learn revert RUN` "
            "undoes one.")


def status_lines(info: dict[str, Any]) -> list[str]:
    if info["on"]:
        head = "on" + (f", PAUSED since {info['paused'].get('at')} (`learn resume`)" if info.get("paused") else "")
    else:
        head = f"off ({info['why_off']})"
    lines = [f"Continual learner: {head}; targets: {', '.join(info['targets']) or 'none'}"]
    note = direct_targets_note(info["targets"])
    if note:
        lines.append(note)
    last = info.get("last_run")
    if last:
        outcome = last.get("status")
        if last.get("error"):
            outcome += f": {last['error']}"
        from altimate_learn.english import plural

        model = f" with {last['model']}" if last.get("model") else ""
        lines.append(f"  last run: {last.get('id')} at {last.get('at')} ({outcome}){model}; read "
                     f"{plural(last.get('messages') or 0, 'message')} from {plural(last.get('sessions') or 0, 'session')}"
                     f"; {plural(last.get('changes') or 0, 'change')}, {last.get('dropped') or 0} dropped"
                     + ("; more history waits for the next run" if last.get("truncated") else ""))
    else:
        lines.append("  last run: none (`learn run --now` starts one)")
    let_go = info.get("let_go")
    if let_go:
        from altimate_learn.english import plural

        lines.append(f"  let go unread: {plural(let_go['exchanges'], 'exchange')} without a signal, after "
                     f"unusable answers in a row (run {let_go['run']} at {let_go['at']}): `learn runs show "
                     f"{let_go['run']}` lists them; state a rule from one with `learn remember \"RULE\"`, or queue it "
                     "for a model with `learn signal add --kind user --text \"...\"`")
    return lines
