"""The capture worker: the correction classifier, run next to the hook instead of inside it.

With live capture on, a prompt typed after the agent's answer (or after an interruption) is read by the
correction classifier. Importing it compiles its ~130 patterns, which alone took 5-7× `python -c pass` per
hook call, on the prompt the person is waiting on. So the hook does not classify: :func:`hand_off` starts
`learn hook --capture-worker` detached (:func:`altimate_learn.launch.spawn_with_input`, a few milliseconds)
and gives it the job on a pipe, and the agent goes on. The worker (:func:`main`):

- classifies exactly as the hook did (:func:`classify_and_record`: the same function on the same inputs:
  the prompt, the redacted end of the answer it replied to, whether the agent was interrupted) and appends a
  correction as a `user_correction` signal, redacted and clipped like every signal, waiting for the store
  lock as long as a command does (a hook waits ~5 s);
- then, with automatic reflection on and the continual learner off, applies the session's triggers under
  the session's lock (:func:`altimate_learn.harness.live_capture.maybe_reflect`): 3 open signals start a
  reflection of the session; when the turn or the session ended meanwhile (its Stop or end event came
  before the signal), one does, as that event would have;
- runs in its own session, so an agent that exits right after the prompt does not stop it.

Nothing unredacted reaches disk: the prompt travels only through the pipe. While a job runs, a marker
without text (session, message id, time) sits in `.sessions/capture-pending/`; the worker removes it when
done, whatever happened (:func:`wait_for_workers` waits for them). Failures never reach the agent: if the
worker cannot be started or fed, the hook classifies in its own process (the slower path it always had) and
logs why; the worker logs its own failures to `hook.log` (redacted) and exits 0.
"""

from __future__ import annotations

import os
import sys

WORKER_ARG = "--capture-worker"  # `learn hook --capture-worker`: what the hook starts; never typed
PENDING = "capture-pending"  # folder under `.sessions/` with one marker per running job
STALE_MARKER = 3600.0  # seconds after which a marker whose worker died is removed by the next worker
WORKER_LOCK_WAIT = 60.0  # seconds the worker waits for the session's lock before it skips the triggers


def hand_off(job: dict, sessions_dir: str, log) -> bool:
    """Start the worker on ``job``; False (logged) when it could not be started or fed: then classify here."""
    from altimate_learn.deliver import fastjson
    from altimate_learn.deliver.state import session_file_name, utc_now
    from altimate_learn.launch import spawn_with_input

    folder = os.path.join(sessions_dir, PENDING)
    marker = os.path.join(folder, f"{session_file_name(job['session'])}-{job['index']}-{os.getpid()}")
    try:
        os.makedirs(folder, exist_ok=True)
        fd = os.open(marker, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
        try:
            os.write(fd, fastjson.dumps({"session": job["session"], "message": job.get("message_id"),
                                         "at": utc_now()}).encode("utf-8"))
        finally:
            os.close(fd)
        data = fastjson.dumps({**job, "marker": marker}, ensure_ascii=True).encode("ascii")
        spawn_with_input(["hook", WORKER_ARG], data, log_path=os.path.join(sessions_dir, "reflect.log"))
        return True
    except Exception as exc:  # noqa: BLE001 - the hook classifies the prompt itself instead
        _remove(marker)
        log(f"capture worker not started ({type(exc).__name__}: {exc}); classified the prompt in the hook")
        return False


def classify_and_record(job: dict, log, *, lock_timeout: float | None = None) -> int:
    """Classify the job's prompt and record a correction as a signal; returns signals added (0 or 1)."""
    from altimate_learn.capture.classifier import classify_user_message
    from altimate_learn.capture.model import UserMessage
    from altimate_learn.capture.signals import NewSignal
    from altimate_learn.harness.live_capture import append_signal

    index = job["index"]
    previous = UserMessage(text="", index=index - 1, kind="interrupt") if job.get("interrupted") else None
    message = UserMessage(text=job["prompt"], index=index, id=job.get("message_id"), after_assistant=True)
    answer = job.get("answer")
    verdict = classify_user_message(message, previous, answer=answer if isinstance(answer, str) else None)
    if not verdict.correction:
        return 0
    signal = NewSignal(kind="user_correction", session_id=job["session"], text=job["prompt"], reason=verdict.reason,
                       message_id=job.get("message_id"))
    return append_signal(job["root"], signal, log, lock_timeout=lock_timeout)


def run_job(job: dict, log) -> int:
    """The worker's whole job, in this process (the worker runs it; so can anyone who wants it done now)."""
    # The project folder whose store receives the signal: for a linked worktree, its main worktree (the
    # signals live in the repository's local folder either way). A worktree can be removed right after its
    # last prompt (Claude Code's --worktree at the session's end); writing through it then would recreate
    # the removed folder and leave the signal there.
    own_root = job["root"]
    main_root = job.get("main_root")
    root = main_root if isinstance(main_root, str) and main_root and os.path.isdir(main_root) else own_root
    if not os.path.isdir(root):
        log(f"capture worker: the project folder {root} is gone; the prompt was not classified")
        return 0
    added = classify_and_record({**job, "root": root}, log)
    if added and job.get("reflect"):
        # The reflection curates the session's own checkout (a worktree's branch has its own committed
        # approved.json), as when the hook starts it; the main worktree only when the worktree is gone.
        _triggers(job, own_root if os.path.isdir(own_root) else root, log)
    return added


def _triggers(job: dict, root: str, log) -> None:
    import time

    from altimate_learn.deliver.state import LockBusy, Locks, SessionState
    from altimate_learn.harness.live_capture import maybe_reflect

    sessions_dir = job["sessions_dir"]
    state = SessionState(sessions_dir, job["session"], job.get("harness") or "", log)
    locks = Locks(time.monotonic() + WORKER_LOCK_WAIT)
    try:
        locks.acquire(state.lock_path)
    except LockBusy:
        log(f"capture worker: the session's state stayed locked for {WORKER_LOCK_WAIT:g} s; its reflection "
            "starts at the next event")
        return
    try:
        data = state.load()
        ending = bool(data.get("assistant_done") or data.get("ended"))
        if maybe_reflect(data, root, sessions_dir, ending=ending, log=log):
            state.save()
    finally:
        locks.release()


def main() -> int:
    """`learn hook --capture-worker`: read one job (JSON) on stdin, run it, log any failure, exit 0."""
    from altimate_learn.deliver.state import HookLog

    log = HookLog(None)
    marker = None
    if sys.stdin is None or sys.stdin.isatty():
        return 0  # typed by a person: there is no job, and a worker never waits for a keyboard
    try:
        from altimate_learn.deliver import fastjson

        stream = getattr(sys.stdin, "buffer", None)
        raw = stream.read() if stream is not None else b""
        job = fastjson.loads(raw.decode("utf-8"))
        if not isinstance(job, dict) or not all(isinstance(job.get(k), str) for k in
                                                ("root", "local_dir", "sessions_dir", "session", "prompt")):
            raise ValueError(f"not a capture job ({len(raw)} bytes)")
        marker = job.get("marker") if isinstance(job.get("marker"), str) else None
        log = HookLog(job["local_dir"], job.get("harness") or "")
        run_job(job, log)
    except BaseException as exc:  # noqa: BLE001 - a background worker reports in hook.log, never on a terminal
        try:
            from altimate_learn.redact import redact  # the error can quote the prompt

            log(f"capture worker failed: {type(exc).__name__}: {redact(str(exc))}")
        except BaseException:  # noqa: BLE001
            pass
    finally:
        if marker is not None and os.path.basename(os.path.dirname(marker)) == PENDING:
            _remove(marker)
            _remove_stale(os.path.dirname(marker))
    return 0


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _remove_stale(folder: str) -> None:
    """Markers of workers that died (a reboot, a kill) more than :data:`STALE_MARKER` seconds ago."""
    import time

    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        try:
            if time.time() - entry.stat(follow_symlinks=False).st_mtime > STALE_MARKER:
                os.unlink(entry.path)
        except OSError:
            continue


def pending(sessions_dir: str) -> list[str]:
    """Markers of the jobs still running (or whose worker died within the last hour)."""
    try:
        return sorted(os.listdir(os.path.join(sessions_dir, PENDING)))
    except OSError:
        return []


def wait_for_workers(sessions_dir: str, timeout: float = 60.0) -> bool:
    """Wait until no capture job of this project is pending; False if some still are after ``timeout`` s."""
    import time

    deadline = time.monotonic() + timeout
    while pending(sessions_dir):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
