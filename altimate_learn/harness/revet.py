"""Stale lessons re-vetted in the background (spec 000: "The next capture or tidy re-vets them").

Every lesson is stamped with the hash of the instruction files it was vetted against
(:mod:`altimate_learn.gates.stamps`). An edit of AGENTS.md or CLAUDE.md outside the learn block changes that
hash, and delivery holds the lessons out as stale: a rule vetted against instructions that no longer exist
does not keep applying unexamined. Nobody has to remember `learn vet` to get them back:

- the capture worker (:mod:`altimate_learn.harness.capture_worker`), after it recorded what a prompt or a
  failing tool left, re-vets the stale and never-vetted lessons of every store of the project with the offline
  check (:func:`revet_project`), in a main checkout (a linked worktree can be removed while the worker runs:
  its stale lessons come back through the next item);
- a hook whose delivery held a lesson out as stale (a session's start, a prompt, a file) starts
  `learn hook --revet-worker` detached (:func:`maybe_start`), at most once per :data:`SPACING` seconds, so the
  lessons come back with capture off too. A prompt or file event never waits for it; a session's start (the
  only injection of the core tier) waits up to :data:`START_WAIT` seconds for it (:func:`revet_before_start`)
  and then builds its section from what passed, so only what the re-vet quarantines stays out.

This is `learn vet` without a model (:func:`altimate_learn.gates.actions.vet_store`): passes are re-stamped and
delivered again from the next event; a lesson the instructions now contradict or restate is quarantined with
the reason (`learn quarantine list`) and its removal staged in the candidate; nothing is deleted. It is a
re-check nobody ran a command for, so it changes nothing else: a store past `learn.max_stored` is not evicted
from, a lesson marked harmful enough is not removed, the `max_in_force` set is not reshuffled (a curation would
do all three); `hook.log` says what was left for the next `learn reflect` or `learn curate`, in front of the
person (`learn doctor` names the lessons past the cap too). A stale
lesson is never delivered before it passed. One re-vet runs at a time (``.sessions/revet.lock``; another that
finds it taken leaves the work to it), and when nothing changed since a check that found nothing due (the
instruction hash and the stores' lesson and stamp files: ``.sessions/revet-checked``) nothing is read. What it
did, and any failure, goes to `hook.log`; a background re-vet never fails the agent.
"""

from __future__ import annotations

import os

WORKER_ARG = "--revet-worker"  # `learn hook --revet-worker`: what a hook starts; never typed
SPACING = 300.0  # seconds between two re-vets a hook starts (one that failed is retried after this)
STARTED = "revet-started"  # file under `.sessions/`: when a hook last started a re-vet
MARKER_PREFIX = "revet-"  # a running background re-vet's marker in `.sessions/capture-pending/`
CHECKED = "revet-checked"  # file under `.sessions/`: the key of the last check that left nothing due
LOCK = "revet.lock"  # file under `.sessions/`: held while a re-vet runs
HELD_STALE = " held out: stale"  # how delivery's notes name a stale lesson (index.prepare_data)


def stale_held(skipped: list[str]) -> int:
    """How many lessons delivery's notes (``Corpus.skipped``) say it held out as stale."""
    return sum(1 for note in skipped if HELD_STALE in note)


def _sessions_dir(root: str) -> str:
    from altimate_learn.deliver.state import SESSIONS
    from altimate_learn.worktree import locate

    return os.path.join(locate(os.path.realpath(root)).local_dir, SESSIONS)


def maybe_start(root: str, sessions_dir: str, count: int, log) -> bool:
    """Start a background re-vet of the project (``count`` lessons were held out as stale), unless a hook
    started one in the last :data:`SPACING` seconds. Never raises: a failure is logged."""
    import time

    stamp = os.path.join(sessions_dir, STARTED)
    try:
        contract = None
        try:
            if time.time() - os.stat(stamp).st_mtime < SPACING:
                # the spacing is for the same instruction files: after another edit (a second pull, a revert) the
                # lessons are stale against files no re-vet has seen yet (review14 R14-38)
                contract = _contract(root)
                with open(stamp, encoding="utf-8") as handle:
                    if handle.read().split("\n")[1:2] == [contract]:
                        return False
        except (OSError, IndexError):
            pass
        from altimate_learn.harness.capture_worker import PENDING
        from altimate_learn.launch import spawn_detached

        os.makedirs(os.path.join(sessions_dir, PENDING), exist_ok=True)
        with open(stamp, "w", encoding="utf-8") as handle:
            handle.write(f"{os.getpid()}\n{contract if contract is not None else _contract(root)}")
        # a marker beside the capture workers' while it runs (`capture_worker.wait_for_workers` waits for it)
        marker = os.path.join(sessions_dir, PENDING, f"{MARKER_PREFIX}{os.getpid()}")
        os.close(os.open(marker, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600))
        log_path = os.path.join(sessions_dir, "reflect.log")
        try:
            pid = spawn_detached(["hook", WORKER_ARG, marker], cwd=root, log_path=log_path)
        except BaseException:
            _remove(marker)
            raise
        log(f"{count} approved lesson{'s are' if count != 1 else ' is'} held out as stale (the instruction files "
            f"changed since {'they were' if count != 1 else 'it was'} vetted): started a background re-vet "
            f"(pid {pid}); what passes is delivered again from the next event")
        return True
    except Exception as exc:  # noqa: BLE001 - the lessons stay held out; `learn vet` still works
        log(f"a background re-vet of the stale lessons could not be started ({type(exc).__name__}: {exc}); "
            "run `learn vet`")
        return False


START_WAIT = 2.0  # seconds a session's start waits for the re-vet it started (review14 R14-18)
START_WAIT_ENV = "ALTIMATE_LEARN_START_REVET_WAIT"  # another wait in seconds (a slow machine; 0: never wait)


def start_wait() -> float:
    """How long a session's start waits for the re-vet: :data:`START_WAIT`, or the seconds in
    ``ALTIMATE_LEARN_START_REVET_WAIT`` (between 0 and 50, below every agent's hook timeout)."""
    raw = os.environ.get(START_WAIT_ENV, "").strip()
    try:
        value = float(raw) if raw else START_WAIT
    except ValueError:
        return START_WAIT
    return min(max(value, 0.0), 50.0) if value == value else START_WAIT
_FRESH_MARKER = 120.0  # a re-vet marker older than this is a leftover (a killed worker), not waited for


def revet_before_start(root: str, sessions_dir: str, count: int, log, wait: float | None = None) -> bool:
    """A session is starting with ``count`` lessons held out as stale: start the background re-vet (or join
    the one running) and wait up to ``wait`` seconds for it, so the lessons the offline check passes reach this
    session's start, which is the only time the core tier is injected (review14 R14-18: the first session
    after every AGENTS.md change got none). Only what the re-vet quarantines stays out. True when no re-vet
    runs any more (its results are on disk); False when the wait ran out (the lessons come back from the next
    event, as before). Never raises."""
    import time

    if wait is None:
        wait = start_wait()
    try:
        from altimate_learn.harness.capture_worker import PENDING

        maybe_start(root, sessions_dir, count, log)
        pending = os.path.join(sessions_dir, PENDING)
        started = time.monotonic()
        while True:
            now = time.time()
            running = []
            try:
                names = os.listdir(pending)
            except OSError:
                names = []
            for name in names:
                if name.startswith(MARKER_PREFIX):
                    try:
                        if now - os.stat(os.path.join(pending, name)).st_mtime < _FRESH_MARKER:
                            running.append(name)
                    except OSError:
                        pass
            waited = time.monotonic() - started
            if not running:
                if waited > 0.001:
                    log(f"session start: waited {waited * 1000:.0f} ms for the re-vet of the stale lessons")
                return True
            if waited >= wait:
                log(f"session start: the re-vet of the stale lessons took longer than {wait:g} s; this session "
                    "starts without them (they are delivered from the next event that finds them re-stamped)")
                return False
            time.sleep(0.02)
    except Exception as exc:  # noqa: BLE001 - the session starts without the stale lessons, as before
        log(f"session start: could not wait for the re-vet of the stale lessons ({type(exc).__name__}: {exc})")
        return False


def _contract(root: str) -> str:
    """The hash of the instruction files the project's agents load (what a re-vet vets against)."""
    from pathlib import Path

    from altimate_learn.instructions.files import current_hash
    from altimate_learn.store import ProjectPaths

    project = ProjectPaths(Path(root))
    return current_hash(str(project.root), str(project.learn_dir))


def _key(project, names: list[str]) -> str:
    """What "is anything due" depends on: the instruction files' hash and the stores' lesson and stamp files."""
    from altimate_learn.instructions.files import current_hash
    from altimate_learn.store import Store

    parts = [current_hash(str(project.root), str(project.learn_dir))]
    for name in names:
        store = Store(project, name)
        for filename in (Store.APPROVED, Store.CANDIDATE, "vetted.json", "quarantine.json"):
            try:
                info = os.stat(store.path(filename))
                parts.append(f"{name}/{filename}:{info.st_size}:{info.st_mtime_ns}:{info.st_ctime_ns}:{info.st_ino}")
            except OSError:
                parts.append(f"{name}/{filename}:-")
    return "\n".join(parts)


def revet_project(root: str, log) -> dict[str, dict]:
    """Re-vet the stale and never-vetted lessons of every store of the project at ``root`` offline; returns
    ``{store: VetRun.to_json()}`` for the stores that had any. Skips (returns {}) while another re-vet runs."""
    from pathlib import Path

    from altimate_learn.errors import LockTimeout
    from altimate_learn.store import ProjectPaths
    from altimate_learn.store.fsio import file_lock

    project = ProjectPaths(Path(os.path.realpath(root)))
    if not project.learn_dir.is_dir():
        return {}
    sessions_dir = _sessions_dir(root)
    if not os.path.isdir(sessions_dir):
        # Never created here: a hook made it before any re-vet is due, and a worktree removed while its last capture
        # ran must not be brought back by the re-vet that follows it.
        return {}
    lock = file_lock(Path(sessions_dir) / LOCK, 0.0)
    try:
        lock.__enter__()
    except (LockTimeout, OSError):
        return {}  # another re-vet runs (it does this work), or the folder went away with its worktree
    try:
        return _revet(project, sessions_dir, log)
    finally:
        lock.__exit__(None, None, None)


def _revet(project, sessions_dir: str, log) -> dict[str, dict]:
    names = [name for name in project.store_names() if _plain(name)]
    checked = os.path.join(sessions_dir, CHECKED)
    key = _key(project, names)
    try:
        with open(checked, encoding="utf-8") as handle:
            if handle.read() == key:
                return {}  # nothing changed since a check that left nothing due (nor is the vet imported)
    except OSError:
        pass
    from altimate_learn.errors import LearnError
    from altimate_learn.gates.actions import due, vet_store
    from altimate_learn.instructions.files import discover
    from altimate_learn.curate.prepared import current_lessons  # (not the reflection pipeline)
    from altimate_learn.store import Store

    out: dict[str, dict] = {}
    contract = discover(project.root)
    failed = False
    for name in names:
        store = Store(project, name)
        try:
            if not due(store, current_lessons(store), contract.hash):
                continue
            run = vet_store(store, chat=None)  # only the vet: nothing evicted or removed for harm
        except LearnError as exc:  # a store locked past the wait, an unreadable file: the next capture retries
            failed = True
            log(f"background re-vet of store '{name}' failed: {exc}; its stale lessons stay held out until the "
                "next capture or `learn vet`")
            continue
        out[name] = run.to_json()
        if run.quarantined:
            _mark(store, {q["id"] for q in run.quarantined}, log)
        from altimate_learn.textclip import one_line  # (the worker's, not the hook's import)

        quarantined = "; ".join(f"{q['id']} \"{one_line(q['text'])}\" ({q['reason']})" for q in run.quarantined)
        log(f"background re-vet of store '{name}' (offline): {run.checked} checked, {run.restamped} re-stamped and "
            f"delivered again, {len(run.quarantined)} quarantined" + (f": {quarantined}" if quarantined else "")
            + (" (their removal is staged in the candidate; `learn quarantine list`)" if quarantined else ""))
        left = run.left()
        if left:
            log(f"background re-vet of store '{name}': left as it is: {left}")
        if run.stale_left or run.errors:
            failed = True
    if not failed:
        try:
            with open(checked + f".{os.getpid()}.tmp", "w", encoding="utf-8") as handle:
                handle.write(_key(project, names))
            os.replace(checked + f".{os.getpid()}.tmp", checked)
        except OSError:
            pass
    return out


VIA = "background re-vet"  # what `quarantine.json` entries this re-vet made say in "via" (`learn status` reads it)


def _mark(store, ids: set[str], log) -> None:
    """Say on the quarantine entries this re-vet made that nobody ran a command for them (`learn status` names
    them: the person learns that an instruction change set lessons aside on its own)."""
    from altimate_learn.errors import LearnError
    from altimate_learn.gates import quarantine

    try:
        with store.lock():
            items = quarantine.read(store)
            if any(item["id"] in ids for item in items):
                quarantine.write(store, [dict(item, via=VIA) if item["id"] in ids else item for item in items])
    except LearnError as exc:
        log(f"background re-vet: the quarantine entries of store '{store.name}' were not marked as its own ({exc})")


def _plain(name: str) -> bool:
    from altimate_learn.store.paths import validate_store_name

    try:
        validate_store_name(name)
    except Exception:  # noqa: BLE001 - a folder that is no store
        return False
    return True


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def main(argv: list[str]) -> int:
    """`learn hook --revet-worker [MARKER]` (started by a hook in the project folder): re-vet, log, remove the
    marker, exit 0."""
    from altimate_learn.deliver.state import HookLog
    from altimate_learn.harness.capture_worker import PENDING
    from altimate_learn.harness.hook import _local_dir, find_root

    log = HookLog(None)
    marker = argv[0] if argv else None
    try:
        root = find_root(os.getcwd())
        local_dir = _local_dir(root)
        if local_dir is None:
            return 0
        log = HookLog(local_dir, "")
        revet_project(root, log)
    except BaseException as exc:  # noqa: BLE001 - a background worker reports in hook.log, never on a terminal
        try:
            log(f"background re-vet failed: {type(exc).__name__}: {exc}")
        except BaseException:  # noqa: BLE001
            pass
    finally:
        if marker and os.path.basename(os.path.dirname(marker)) == PENDING and \
                os.path.basename(marker).startswith(MARKER_PREFIX):
            _remove(marker)
    return 0
