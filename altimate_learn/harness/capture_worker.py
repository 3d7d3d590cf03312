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

The agent's answer (the Stop event's `last_assistant_message`) takes the same way: redacting it imports the
redactor (~130 more patterns), which made the Stop hook the slowest event (3.8× `python -c pass` at 1,000
lessons), so the Stop hook hands the answer to a worker too (:func:`hand_off_answer`); the worker redacts it
and keeps the redacted end in `.sessions/capture-answers/` (:func:`store_answer`), where the next prompt's
worker takes it (:func:`take_answer`, waiting while the answer's worker still runs) and removes it.

Nothing unredacted reaches disk: the prompt and the answer travel only through the pipe. While a job runs, a marker
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
ANSWERS = "capture-answers"  # folder under `.sessions/`: the redacted end of a session's last answer, per turn
ANSWER_WAIT = 30.0  # seconds a prompt's worker waits for the answer's worker (it takes ~0.1 s on an idle machine)
STALE_MARKER = 3600.0  # seconds after which a marker whose worker died is removed by the next worker
WORKER_LOCK_WAIT = 60.0  # seconds the worker waits for the session's lock before it skips the triggers


def hand_off(job: dict, sessions_dir: str, log) -> bool:
    """Start the worker on ``job``; False (logged) when it could not be started or fed: then classify here."""
    return _start(job, sessions_dir, f"{job['index']}", log, "classified the prompt in the hook")


def hand_off_answer(job: dict, sessions_dir: str, log) -> bool:
    """Start the worker on an answer job (:func:`store_answer`); False (logged) when it could not be started
    or fed: then the hook redacts the answer itself."""
    return _start(job, sessions_dir, f"a{job['turn']}", log, "redacted the answer in the hook")


def _start(job: dict, sessions_dir: str, tag: str, log, instead: str) -> bool:
    from altimate_learn.deliver import fastjson
    from altimate_learn.deliver.state import session_file_name, utc_now
    from altimate_learn.launch import spawn_with_input

    folder = os.path.join(sessions_dir, PENDING)
    marker = os.path.join(folder, f"{session_file_name(job['session'])}-{tag}-{os.getpid()}")
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
    except Exception as exc:  # noqa: BLE001 - the hook does the job itself instead
        _remove(marker)
        log(f"capture worker not started ({type(exc).__name__}: {exc}); {instead}")
        return False


def answer_path(sessions_dir: str, session: str, turn: int) -> str:
    """Where the redacted end of the answer the session's prompt number ``turn`` replies to is kept."""
    from altimate_learn.deliver.state import session_file_name

    return os.path.join(sessions_dir, ANSWERS, f"{session_file_name(session)}-{int(turn)}")


def store_answer(job: dict, log) -> None:
    """The answer job: redact the end of the agent's answer and keep it for the next prompt's worker."""
    from altimate_learn.harness.live_capture import redact_answer
    from altimate_learn.redact import remembering

    # a secret the session held earlier (redacted there) that the agent quotes back bare is redacted here too
    with remembering(session_secrets(job, log)):
        text = redact_answer(job["answer"])
    path = answer_path(job["sessions_dir"], job["session"], job["turn"])
    folder = os.path.dirname(path)
    os.makedirs(folder, exist_ok=True)
    temp = f"{path}.{os.getpid()}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        os.write(fd, text.encode("utf-8", "replace"))
    finally:
        os.close(fd)
    os.replace(temp, path)
    prefix = os.path.basename(path).rsplit("-", 1)[0] + "-"
    for name in os.listdir(folder):  # the session's earlier answers no prompt took (never classified)
        rest = name[len(prefix):] if name.startswith(prefix) else ""
        if rest.isdigit() and int(rest) < int(job["turn"]):
            _remove(os.path.join(folder, name))
    _remove_stale(folder)


def _answer_pending(sessions_dir: str, session: str, turn: int) -> bool:
    from altimate_learn.deliver.state import session_file_name

    prefix = f"{session_file_name(session)}-a{int(turn)}-"
    return any(name.startswith(prefix) for name in pending(sessions_dir))


def take_answer(sessions_dir: str, session: str, turn: int, log, *, wait: float = ANSWER_WAIT) -> str | None:
    """The redacted answer prompt number ``turn`` replies to, removed from disk once read; waits up to ``wait``
    seconds while the answer's worker still runs. None when there is none (logged if it could not be read)."""
    import time

    path = answer_path(sessions_dir, session, turn)
    deadline = time.monotonic() + wait
    while True:
        running = _answer_pending(sessions_dir, session, turn)  # checked first: the file is written before
        try:  # the worker removes its marker
            with open(path, encoding="utf-8", errors="replace") as handle:
                text = handle.read()
            _remove(path)
            return text
        except FileNotFoundError:
            pass
        except OSError as exc:
            log(f"capture worker: the agent's answer could not be read ({type(exc).__name__}); the prompt was "
                "classified without it")
            return None
        if not running:
            return None
        if time.monotonic() >= deadline:
            log(f"capture worker: the agent's answer was not ready within {wait:g} s; the prompt was classified "
                "without it")
            return None
        time.sleep(0.02)


def classify_and_record(job: dict, log, *, lock_timeout: float | None = None,
                        answer_wait: float = ANSWER_WAIT) -> int:
    """Classify the job's prompt and record a correction as a signal; returns signals added (0 or 1).

    The answer it replies to is the job's ``answer`` (redacted by the hook) or, when the Stop hook handed it
    to a worker, the one that worker kept for this turn (``answer_turn``; waited for up to ``answer_wait`` s).
    """
    from altimate_learn.capture.classifier import classify_user_message
    from altimate_learn.capture.model import UserMessage
    from altimate_learn.capture.signals import NewSignal
    from altimate_learn.harness.live_capture import append_signal

    index = job["index"]
    previous = UserMessage(text="", index=index - 1, kind="interrupt") if job.get("interrupted") else None
    message = UserMessage(text=job["prompt"], index=index, id=job.get("message_id"), after_assistant=True)
    answer = job.get("answer")
    turn = job.get("answer_turn")
    if not isinstance(answer, str) and isinstance(turn, int) and job.get("sessions_dir"):
        answer = take_answer(job["sessions_dir"], job["session"], turn, log, wait=answer_wait)
    verdict = classify_user_message(message, previous, answer=answer if isinstance(answer, str) else None)
    if not verdict.correction:
        return 0
    from altimate_learn.redact import remembering

    signal = NewSignal(kind="user_correction", session_id=job["session"], text=job["prompt"], reason=verdict.reason,
                       message_id=job.get("message_id"))
    # a secret the session held earlier (redacted there), repeated bare in this prompt, is redacted here too
    with remembering(session_secrets(job, log)):
        return append_signal(job["root"], signal, log, lock_timeout=lock_timeout)


TRANSCRIPT_CAP = 64 * 1024 * 1024  # bytes: a larger transcript is not read for the session's earlier secrets
EVENT_TEXT_CAP = 20_000  # characters of each earlier message, answer or tool call looked at for secrets


def session_secrets(job: dict, log):
    """The secrets of the session so far (:class:`altimate_learn.redact.SecretMemory`), learnt from its
    transcript (the agent's own file, already on disk) when the hook passed its path; empty when there is
    none or it cannot be read (logged: the signal is still redacted as every signal is)."""
    from altimate_learn.redact import SecretMemory

    memory = SecretMemory()
    path = job.get("transcript")
    if isinstance(path, str) and path and os.path.isfile(path):
        learn_transcript_secrets(path, memory, log)
    return memory


def learn_transcript_secrets(path: str, memory, log) -> None:
    """Add the secrets of a transcript file (every message, answer and tool call) to ``memory``; a file that
    cannot be read, or is over :data:`TRANSCRIPT_CAP`, adds nothing (logged)."""
    try:
        if os.path.getsize(path) > TRANSCRIPT_CAP:
            log(f"the transcript {os.path.basename(path)} is over {TRANSCRIPT_CAP >> 20} MB; its signals are "
                "redacted without the session's earlier secrets")
            return
        from pathlib import Path

        from altimate_learn.capture.model import AssistantTurn, ToolCall, UserMessage
        from altimate_learn.capture.sessions import read_session

        for item in read_session(Path(path)).events():
            if isinstance(item, (UserMessage, AssistantTurn)):
                texts = [item.text]
            elif isinstance(item, ToolCall):
                texts = [item.input if isinstance(item.input, str) else repr(item.input), item.result]
            else:
                continue
            for text in texts:
                if isinstance(text, str) and text:
                    memory.learn(text[:EVENT_TEXT_CAP])
    except Exception as exc:  # noqa: BLE001 - the signals are still redacted, only without the earlier secrets
        log(f"the session's earlier secrets could not be read from its transcript ({type(exc).__name__}); its "
            "signals are redacted without them")


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
        answer_job = isinstance(job, dict) and job.get("kind") == "answer"
        needed = ("local_dir", "sessions_dir", "session", "answer") if answer_job else \
            ("root", "local_dir", "sessions_dir", "session", "prompt")
        if not isinstance(job, dict) or not all(isinstance(job.get(k), str) for k in needed) or (
                answer_job and not isinstance(job.get("turn"), int)):
            raise ValueError(f"not a capture job ({len(raw)} bytes)")
        marker = job.get("marker") if isinstance(job.get("marker"), str) else None
        log = HookLog(job["local_dir"], job.get("harness") or "")
        if answer_job:
            store_answer(job, log)
        else:
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
