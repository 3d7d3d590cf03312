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
- then judges the previous prompt again with the agent's reply to it, now in the session's transcript
  (:func:`rejudge_previous`): a reply that concedes a mistake makes a prompt the patterns let pass a correction,
  and reasoning that reads a flagged prompt as a question withdraws its still-open flag;
- then, with automatic reflection on and the continual learner off, applies the session's triggers under
  the session's lock (:func:`altimate_learn.harness.live_capture.maybe_reflect`): 3 open signals start a
  reflection of the session; when the turn or the session ended meanwhile (its Stop or end event came
  before the signal), one does, as that event would have;
- then re-vets the stale and never-vetted lessons of every store offline (:func:`revet_after_capture`,
  :mod:`altimate_learn.harness.revet`): an edit of AGENTS.md or CLAUDE.md holds lessons out of delivery only
  until the next capture;
- runs in its own session, so an agent that exits right after the prompt does not stop it.

The agent's answer (the Stop event's `last_assistant_message`) takes the same way: redacting it imports the
redactor (~130 more patterns), which made the Stop hook the slowest event (3.8× `python -c pass` at 1,000
lessons), so the Stop hook hands the answer to a worker too (:func:`hand_off_answer`); the worker redacts it
and keeps the redacted end in `.sessions/capture-answers/` (:func:`store_answer`), where the next prompt's
worker takes it (:func:`take_answer`, waiting while the answer's worker still runs) and removes it. A later
Stop's worker removes only answers no prompt will take (never one whose prompt's worker still runs); two
Stops of one turn are numbered, and the later answer is the one read. An answer no prompt will take goes at
once (:func:`drop_answers`): a turn's when its prompt is not handed to a worker that takes it (capture turned
off, the hook's own fallback), the earlier turns' at the session's end (the last turn's is kept: the session can
be resumed); an answer's worker still at work then removes its own.

A `tool_retry` signal (the third failure of a tool in a row, built in the PostToolUse hook) takes the same way
(:func:`hand_off_signal`, :func:`record_signal`), so it is redacted with the session's earlier secrets as a
correction is: a failing command that quotes back the password the person typed does not leave it bare. The
command that worked after such an episode (:class:`altimate_learn.capture.tool_retry.Worked`, seen by a later
PostToolUse hook) completes that signal the same way (:func:`hand_off_worked`, :func:`record_worked`); its worker
waits for the session's signal workers first, so it never looks for the signal before it is written.

Nothing unredacted reaches disk: the prompt and the answer travel only through the pipe. While a job runs, a marker
without text (session, message id, time, and the worker's pid once it runs) sits in `.sessions/capture-pending/`; the
worker removes it when done, whatever happened (:func:`wait_for_workers` waits for them; :func:`settle`, which the
commands that list or use signals call, waits only for running workers that can still record one). Failures never reach the agent: if the
worker cannot be started or fed, the hook classifies in its own process (the slower path it always had) and
logs why; the worker logs its own failures to `hook.log` (redacted) and exits 0.
"""

from __future__ import annotations

import itertools
import os
import sys

WORKER_ARG = "--capture-worker"  # `learn hook --capture-worker`: what the hook starts; never typed
PENDING = "capture-pending"  # folder under `.sessions/` with one marker per running job
ANSWERS = "capture-answers"  # folder under `.sessions/`: the redacted end of a session's last answer, per turn
DROPPED = ".dropped"  # `<an answer worker's marker>.dropped` in ANSWERS: that worker removes its answer once written
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


def hand_off_signal(job: dict, sessions_dir: str, log) -> bool:
    """Start the worker on a signal job (a `tool_retry` signal the hook built: :func:`record_signal`); False
    (logged) when it could not be started or fed: then the hook records it itself."""
    return _start(job, sessions_dir, "r", log, "recorded the tool_retry signal in the hook")


def hand_off_worked(job: dict, sessions_dir: str, log) -> bool:
    """Start the worker on a worked job (the command that worked after a reported tool_retry episode:
    :func:`record_worked`); False (logged) when it could not be started or fed: then the hook records it."""
    return _start(job, sessions_dir, "w", log, "recorded what worked after the tool_retry in the hook")


_JOBS = itertools.count()


def _start(job: dict, sessions_dir: str, tag: str, log, instead: str) -> bool:
    from altimate_learn.deliver import fastjson
    from altimate_learn.deliver.state import session_file_name, utc_now
    from altimate_learn.launch import spawn_with_input

    folder = os.path.join(sessions_dir, PENDING)
    # one marker per job: a process that hands off two jobs of one kind (a host that runs the hook in-process) must
    # not let the first worker's ending remove the marker the second still runs under
    marker = os.path.join(folder, f"{session_file_name(job['session'])}-{tag}-{os.getpid()}-{next(_JOBS)}")
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


def answer_path(sessions_dir: str, session: str, turn: int, seq: int | None = None) -> str:
    """Where the redacted end of the answer the session's prompt number ``turn`` replies to is kept; ``seq`` is
    the Stop event's number in the session (a turn can have two Stops: Claude Code fires it again when another
    Stop hook blocked), so two workers of one turn never write the same file."""
    from altimate_learn.deliver.state import session_file_name

    name = f"{session_file_name(session)}-{int(turn)}" + ("" if seq is None else f"-{int(seq)}")
    return os.path.join(sessions_dir, ANSWERS, name)


def _answers(folder: str, session: str) -> list[tuple[int, int, str]]:
    """The session's kept answers: (turn, seq, path), in that order (a file of an earlier version: seq 0)."""
    from altimate_learn.deliver.state import session_file_name

    prefix = session_file_name(session) + "-"
    found = []
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    for name in names:
        parts = name[len(prefix):].split("-") if name.startswith(prefix) else []
        if 1 <= len(parts) <= 2 and all(part.isdigit() for part in parts):
            found.append((int(parts[0]), int(parts[1]) if len(parts) == 2 else 0, os.path.join(folder, name)))
    return sorted(found)


def _prompt_pending(sessions_dir: str, session: str, index: int) -> bool:
    """Whether the worker of the session's prompt number ``index`` still runs (it may yet take its answer)."""
    from altimate_learn.deliver.state import session_file_name

    prefix = f"{session_file_name(session)}-{int(index)}-"
    return any(name.startswith(prefix) for name in pending(sessions_dir))


def store_answer(job: dict, log) -> None:
    """The answer job: redact the end of the agent's answer and keep it for the next prompt's worker.

    It then removes the session's answers nobody will take: of this turn, those of an earlier Stop (a lower
    ``seq``; its own, if a later Stop's answer is there already); of turns before the previous one, those whose
    prompt's worker is not running (a prompt worker slower than the next Stop's must still find its answer, so
    the previous turn's answer is always left to it). An answer whose turn was dropped while it was redacted
    (:func:`drop_answers`) is removed once written; anything else left over goes by age (:func:`_remove_stale`)."""
    from altimate_learn.harness.live_capture import redact_answer
    from altimate_learn.redact import remembering

    # a secret the session held earlier (redacted there) that the agent quotes back bare is redacted here too
    with remembering(session_secrets(job, log)):
        text = redact_answer(job["answer"])
    turn = int(job["turn"])
    seq = job.get("seq") if isinstance(job.get("seq"), int) else None
    path = answer_path(job["sessions_dir"], job["session"], turn, seq)
    folder = os.path.dirname(path)
    os.makedirs(folder, exist_ok=True)
    temp = f"{path}.{os.getpid()}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        os.write(fd, text.encode("utf-8", "replace"))
    finally:
        os.close(fd)
    os.replace(temp, path)
    marker = job.get("marker")
    note = os.path.join(folder, os.path.basename(marker) + DROPPED) if isinstance(marker, str) and marker else None
    if note is not None and os.path.lexists(note):  # checked after the write: see drop_answers
        _remove(path)  # the session ended, or its prompt went by without a worker, while this was redacted
        _remove(note)
    own = seq or 0
    answers = _answers(folder, job["session"])
    newest = max((s for t, s, _ in answers if t == turn), default=own)
    for other_turn, other_seq, other in answers:
        if other_turn == turn:
            if other_seq < newest:  # an earlier Stop of this turn (or this one, when a later Stop's is kept)
                _remove(other)
        elif other_turn < turn - 1 and not _prompt_pending(job["sessions_dir"], job["session"], other_turn):
            _remove(other)  # no prompt took it and none will: a turn later came since, and its worker is not running
    _remove_stale(folder)


def drop_answers(sessions_dir: str, session: str, turn: int | None = None) -> None:
    """Remove the session's kept answers that no prompt will take: the one prompt number ``turn`` replies to
    (that prompt was not handed to a worker that takes it: capture was turned off, or the hook classified it
    itself), or, with ``turn`` None (the session ended), those of every turn before its last one whose prompt's
    worker is not running (one that runs still takes its answer). The last turn's answer is kept: a session
    that ended can be resumed (`claude -c`, `claude -p` ends the session after every prompt), and its next
    prompt replies to that answer; it goes when that prompt takes it, or by age (:func:`_remove_stale`, run
    here too). An answer's worker of a dropped turn still at work is told to remove its answer once written: an
    empty `<its marker>.dropped` file, made before the answers are listed (a worker checks for it after writing,
    so its answer is either listed here or removed by the worker)."""
    import re

    from altimate_learn.deliver.state import session_file_name

    folder = os.path.join(sessions_dir, ANSWERS)
    prefix = session_file_name(session) + "-a"
    running = []
    for name in pending(sessions_dir):  # `<turn>-<pid>-<job>` (an earlier version's marker: no job number)
        found = re.fullmatch(r"(\d+)-\d+(?:-\d+)?", name[len(prefix):]) if name.startswith(prefix) else None
        if found:
            running.append((int(found.group(1)), name))
    kept = _answers(folder, session)
    last = max([t for t, _ in running] + [t for t, _seq, _path in kept], default=-1)

    def unwanted(other: int) -> bool:
        if turn is not None:
            return other == turn
        return other < last and not _prompt_pending(sessions_dir, session, other)

    notes = [(os.path.join(sessions_dir, PENDING, name), os.path.join(folder, name + DROPPED))
             for other, name in running if unwanted(other)]
    for _marker, note in notes:
        try:
            os.makedirs(folder, exist_ok=True)
            os.close(os.open(note, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600))
        except OSError:
            pass
    for other, _seq, path in _answers(folder, session):
        if unwanted(other):
            _remove(path)
    for marker, note in notes:  # a worker that has ended since will not look for its note
        if not os.path.lexists(marker):
            _remove(note)
    if turn is None:
        _remove_stale(folder)


def _answer_pending(sessions_dir: str, session: str, turn: int) -> bool:
    from altimate_learn.deliver.state import session_file_name

    prefix = f"{session_file_name(session)}-a{int(turn)}-"
    return any(name.startswith(prefix) for name in pending(sessions_dir))


def take_answer(sessions_dir: str, session: str, turn: int, log, *, wait: float = ANSWER_WAIT) -> str | None:
    """The redacted answer prompt number ``turn`` replies to (of the turn's last Stop, when it had two), removed
    from disk once read with any other of that turn; waits up to ``wait`` seconds while an answer's worker of
    that turn still runs. None when there is none (logged if it could not be read)."""
    import time

    folder = os.path.join(sessions_dir, ANSWERS)
    deadline = time.monotonic() + wait
    while True:
        running = _answer_pending(sessions_dir, session, turn)  # checked first: the file is written before
        kept = [path for t, _seq, path in _answers(folder, session) if t == int(turn)]  # the worker removes its
        if kept and not running:  # marker; while another Stop's worker of this turn runs, its answer is newer
            try:
                with open(kept[-1], encoding="utf-8", errors="replace") as handle:
                    text = handle.read()
            except FileNotFoundError:  # replaced meanwhile by a later Stop's worker: look again, unless it
                if os.path.lexists(kept[-1]):  # is a link to nothing, which no wait will make readable
                    log("capture worker: an answer file was a dangling link; removed")
                    _remove(kept[-1])
                if time.monotonic() >= deadline:
                    return None
                time.sleep(0.02)
                continue
            except OSError as exc:
                log(f"capture worker: the agent's answer could not be read ({type(exc).__name__}); the prompt was "
                    "classified without it")
                return None
            for path in kept:
                _remove(path)
            return text
        if not running:
            return None
        if time.monotonic() >= deadline:
            if kept:
                log(f"capture worker: a later answer was not ready within {wait:g} s; the prompt was classified "
                    "against the one kept")
                text = _read(kept[-1])
                for path in kept:
                    _remove(path)
                return text
            log(f"capture worker: the agent's answer was not ready within {wait:g} s; the prompt was classified "
                "without it")
            return None
        time.sleep(0.02)


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read()
    except OSError:
        return None


def classify_and_record(job: dict, log, *, lock_timeout: float | None = None,
                        answer_wait: float = ANSWER_WAIT, secrets: bool = True) -> int:
    """Classify the job's prompt and record a correction as a signal; returns signals added (0 or 1).

    The answer it replies to is the job's ``answer`` (redacted by the hook) or, when the Stop hook handed it
    to a worker, the one that worker kept for this turn (``answer_turn``; waited for up to ``answer_wait`` s).
    ``secrets``: redact it with the session's earlier secrets, read from its transcript (not in the hook's own
    process, where reading a long transcript would hold up the prompt).
    """
    answer = job.get("answer")
    turn = job.get("answer_turn")
    if not isinstance(answer, str) and isinstance(turn, int) and job.get("sessions_dir"):
        # taken before the classifier is imported (~130 patterns): the answer is off disk as early as it can be
        answer = take_answer(job["sessions_dir"], job["session"], turn, log, wait=answer_wait)
    from altimate_learn.capture.classifier import classify_user_message
    from altimate_learn.capture.model import UserMessage
    from altimate_learn.capture.signals import NewSignal
    from altimate_learn.harness.live_capture import append_signal

    index = job["index"]
    previous = UserMessage(text="", index=index - 1, kind="interrupt") if job.get("interrupted") else None
    message = UserMessage(text=job["prompt"], index=index, id=job.get("message_id"), after_assistant=True)
    verdict = classify_user_message(message, previous, answer=answer if isinstance(answer, str) else None,
                                    delivered=delivered_lines(job, log))
    if not verdict.correction:
        return 0
    from altimate_learn.redact import remembering

    signal = NewSignal(kind="user_correction", session_id=job["session"], text=job["prompt"], reason=verdict.reason,
                       message_id=job.get("message_id"))
    added: list = []
    # a secret the session held earlier (redacted there), repeated bare in this prompt, is redacted here too
    with remembering(session_secrets(job, log) if secrets else None):
        append_signal(job["root"], signal, log, lock_timeout=lock_timeout, added=added)
    if added:
        _note_flag(job, added[0]["id"])
    return len(added)


def delivered_lines(job: dict, log) -> tuple[str, ...]:
    """The lines of the lessons the job's session was shown so far, as its delivery state keeps them, and its
    sub-agents' states (a complaint that names what one of them says is a correction: "print again??" after the logger
    lesson, review41 R41-5). Read without
    the session's lock (the state is written by atomic renames); a state that is missing or cannot be read gives none
    (never moved aside here: the hooks own that)."""
    sessions_dir, session = job.get("sessions_dir"), job.get("session")
    if not (isinstance(sessions_dir, str) and sessions_dir and isinstance(session, str) and session):
        return ()
    from altimate_learn.deliver.state import shown_with_sub_agents

    try:
        return tuple(line for _, line in shown_with_sub_agents(sessions_dir, session))
    except ValueError as exc:
        log(f"capture worker: the session's delivery state could not be read for its lessons ({exc})")
        return ()


def _flag_path(sessions_dir: str, session: str, index: int) -> str:
    from altimate_learn.deliver.state import session_file_name

    return os.path.join(sessions_dir, FLAGS, f"{session_file_name(session)}-{int(index)}")


def _note_flag(job: dict, signal_id: str) -> None:
    """Note which signal this prompt's worker recorded (its id only: :data:`FLAGS`), so the next prompt's re-judge
    withdraws that one and no other signal of the same words (:func:`_withdraw`). A note that cannot be written
    costs only that withdrawal."""
    sessions_dir = job.get("sessions_dir")
    if not (isinstance(sessions_dir, str) and sessions_dir and isinstance(job.get("index"), int)):
        return
    try:
        from altimate_learn.deliver.state import write_atomic

        path = _flag_path(sessions_dir, job["session"], job["index"])
        write_atomic(path, signal_id)
        _remove_stale(os.path.dirname(path))
    except OSError:
        pass


def _taken_flag(sessions_dir, session: str, index) -> str | None:
    """The id of the signal prompt number ``index``'s worker recorded (:func:`_note_flag`), its note removed; None
    when it recorded none (or the note is gone)."""
    if not (isinstance(sessions_dir, str) and sessions_dir and isinstance(index, int)):
        return None
    path = _flag_path(sessions_dir, session, index)
    text = _read(path)
    _remove(path)
    return (text or "").strip() or None


def rejudge_previous(job: dict, log, *, lock_timeout: float | None = None) -> int:
    """The previous prompt, judged again now that the agent's reply to it is in the session's transcript: when the
    reply's opening concedes a mistake ("You're right, I …") and the prompt alone was not a correction, it becomes
    one (:func:`altimate_learn.capture.classifier.reply_verdict`). A prompt's own worker cannot know that reply yet.
    Read from the transcript the hook names (Claude Code, Codex, Gemini CLI pass one; none above
    :data:`TRANSCRIPT_CAP`); the signal takes the transcript's id for the message, as `learn capture` does, so
    capturing the session later records it once. When the agent's reasoning withdraws the patterns' flag of that prompt
    (it reads it as a question), the flag its own worker recorded is removed while still open, as `learn capture`
    would not record it. Returns signals added (0 or 1); a transcript that cannot be read is logged and gives none."""
    path = job.get("transcript")
    if not (isinstance(path, str) and path and os.path.isfile(path)):
        return 0
    try:
        if os.path.getsize(path) > TRANSCRIPT_CAP:
            return 0
        recent = recent_prompts(path)
    except Exception as exc:  # noqa: BLE001 - an unreadable transcript costs the re-judging, nothing else
        log(f"capture worker: the transcript could not be read to re-judge the previous prompt ({type(exc).__name__})")
        return 0
    prompt = " ".join(job["prompt"].split()) if isinstance(job.get("prompt"), str) else ""
    if recent and recent[-1][0].kind == "text" and (
            (job.get("message_id") and recent[-1][0].id == job.get("message_id"))
            or " ".join(recent[-1][0].text.split()) == prompt):
        recent = recent[:-1]  # this prompt is in the transcript already: the one before it is the previous prompt
    if not recent:
        return 0
    message, before, said, reply, thinking = recent[-1]
    if message.kind != "text" or not (reply or thinking):
        return 0
    from altimate_learn.capture.classifier import classify_with_reasoning
    from altimate_learn.capture.signals import NewSignal
    from altimate_learn.harness.live_capture import append_signal
    from altimate_learn.redact import remembering

    # one pass: the verdict with the agent's reasoning, and the one without it (the patterns' flag, its own worker's)
    verdict, unreasoned = classify_with_reasoning(message, before, answer=said, reply=reply, thinking=thinking)
    signal = NewSignal(kind="user_correction", session_id=job["session"], text=message.text, reason=verdict.reason,
                       message_id=message.id, said_at=message.at)
    if not verdict.correction and thinking and unreasoned.correction:
        # the reasoning withdrew the patterns' flag ("The user is asking how …"): `learn capture` records nothing
        # for this prompt, so the flag its own worker recorded goes, while it is still open
        _withdraw(job, signal, log, lock_timeout=lock_timeout)
        return 0
    if not (verdict.correction and verdict.strength == "reply"):
        return 0  # a correction by its own words was recorded by its own worker; anything else is none
    with remembering(session_secrets(job, log)):
        return append_signal(job["root"], signal, log, lock_timeout=lock_timeout)


PREVIOUS_WAIT = 30.0  # seconds a re-judge waits for the previous prompt's own worker before it withdraws its flag


def _withdraw(job: dict, signal, log, *, lock_timeout: float | None = None) -> None:
    """Remove the previous prompt's open live signal (:func:`altimate_learn.capture.signals.withdraw_twin`), once
    that prompt's own worker is done (it may still be writing it)."""
    import time

    from altimate_learn.capture.signals import withdraw_twin
    from altimate_learn.harness.live_capture import _store
    from altimate_learn.redact import remembering
    from altimate_learn.store.fsio import WRITER_LOCK_TIMEOUT

    sessions_dir, index = job.get("sessions_dir"), job.get("index")
    deadline = time.monotonic() + PREVIOUS_WAIT
    while isinstance(sessions_dir, str) and isinstance(index, int) and _prompt_pending(sessions_dir, job["session"],
                                                                                       index - 1):
        if time.monotonic() >= deadline:
            break
        time.sleep(0.05)
    # the signal that prompt's own worker recorded, not the latest of the same words: the same question typed twice
    # in a session is two prompts, and a person's second one may have been recorded or deduplicated against the first
    recorded = _taken_flag(sessions_dir, job["session"], index - 1 if isinstance(index, int) else None)
    store = _store(job["root"])
    with remembering(session_secrets(job, log)):  # the text compared as its own worker stored it, redacted
        with store.lock(timeout=WRITER_LOCK_TIMEOUT if lock_timeout is None else lock_timeout):
            removed = withdraw_twin(store, signal, recorded)
    if removed:
        log(f"withdrew user_correction signal {removed}: the agent's reasoning took the prompt as a question, "
            "as `learn capture` reads it")


REJUDGE_TAIL = 256 * 1024  # bytes of a transcript's end read first to re-judge the previous prompt (quadrupled as needed)


def recent_prompts(path: str, keep: int = 2) -> list[tuple]:
    """The transcript's last ``keep`` user messages as the classifier takes them
    (:func:`altimate_learn.capture.capture.last_replied`), read from the end of the file: the last
    :data:`REJUDGE_TAIL` bytes, quadrupled until one more message is in them than ``keep``, after an answer (the
    answers and the message before the ones kept are then whole, each seen after an answer), or the whole file (Gemini CLI's chats, which rewrite earlier
    messages, are always read whole). A long session's re-judge then costs what its last exchanges do."""
    from altimate_learn.capture.capture import last_replied
    from altimate_learn.capture.sessions import read_session

    reader = read_session(path)
    size = REJUDGE_TAIL
    while True:
        tail = reader.from_tail(size)
        recent = last_replied(reader, keep=keep + 1)
        if not tail or (len(recent) > keep and recent[0][0].after_assistant):
            return recent[-keep:]
        size *= 4


def record_signal(job: dict, log, *, lock_timeout: float | None = None) -> int:
    """The signal job: append the signal the hook built (a `tool_retry`), redacted with the session's earlier
    secrets (a failing command that quotes back the password the person typed); returns signals added."""
    from altimate_learn.capture.signals import NewSignal
    from altimate_learn.harness.live_capture import append_signal
    from altimate_learn.redact import remembering

    fields = job["signal"]
    text = lambda key: fields.get(key) if isinstance(fields.get(key), str) else None  # noqa: E731
    signal = NewSignal(kind=fields["kind"], session_id=job["session"], text=fields["text"],
                       reason=text("reason") or "", message_id=text("message_id"), part_id=text("part_id"),
                       said_at=text("said_at"))
    with remembering(session_secrets(job, log)):
        return append_signal(job["root"], signal, log, lock_timeout=lock_timeout)


SIGNAL_WAIT = 30.0  # seconds a worked job waits for the session's signal workers (the signal it completes)


def record_worked(job: dict, log, *, wait: float = SIGNAL_WAIT) -> bool:
    """The worked job: add ``Then worked: <command>`` to the session's open tool_retry signal it names, redacted
    with the session's earlier secrets, once the session's signal workers are done (the signal's own worker
    started before this one; it may still be writing). Whether the signal changed."""
    import time

    from altimate_learn.capture.signals import add_worked
    from altimate_learn.capture.tool_retry import Worked
    from altimate_learn.deliver.state import session_file_name
    from altimate_learn.harness.live_capture import _store
    from altimate_learn.redact import remembering

    fields = job["worked"]
    sessions_dir = job.get("sessions_dir")
    own = os.path.basename(job["marker"]) if isinstance(job.get("marker"), str) else None
    prefix = f"{session_file_name(job['session'])}-r-"
    deadline = time.monotonic() + wait
    while isinstance(sessions_dir, str) and any(name.startswith(prefix) and name != own
                                                for name in pending(sessions_dir)):
        if time.monotonic() >= deadline:
            log(f"capture worker: the tool_retry signal's worker was still running after {wait:g} s; what worked "
                "after it was recorded without waiting")
            break
        time.sleep(0.05)
    worked = Worked(fields.get("part_id") if isinstance(fields.get("part_id"), str) else None,
                    str(fields.get("tool") or ""), fields["command"])
    with remembering(session_secrets(job, log)):
        changed = add_worked(_store(job["root"]), job["session"], worked.part_id, worked.line())
    if changed:
        log(f"recorded the command that worked after tool_retry {worked.part_id}")
    return changed


TRANSCRIPT_CAP = 64 * 1024 * 1024  # bytes: a larger transcript is not read for the session's earlier secrets
EVENT_TEXT_CAP = 20_000  # characters of each earlier message, answer or tool call looked at for secrets
FLAGS = "capture-flags"  # folder under `.sessions/`: per prompt, the id of the signal its worker recorded (no text)
SECRETS = "capture-secrets"  # folder under `.sessions/`: per session, how far its transcript was read (no text)
SPAN_CAP = 16384  # bytes: a longer secret as written in the transcript (a key block) has its whole line read again
SECRETS_WAIT = 120.0  # seconds a worker waits for another worker of the session reading the same transcript
SECRETS_STALE = 86400.0  # seconds after which a session's reading record is removed (read again from the start)
_SKIPPED_KEYS = frozenset({"toolUseResult", "signature"})  # Claude Code's copy of a tool's output; thinking signatures


def session_secrets(job: dict, log):
    """The secrets of the session so far (:class:`altimate_learn.redact.SecretMemory`), learnt from its
    transcript (the agent's own file, already on disk) when the hook passed its path; empty when there is
    none or it cannot be read (logged: the signal is still redacted as every signal is).

    A JSONL transcript is read incrementally (:func:`learn_new_transcript_lines`): each worker reads only the
    lines written since the last worker of the session, plus the bytes of each secret earlier lines held; the
    record of that (byte offsets and labels, never text) is in `.sessions/capture-secrets/`. Another file (a whole JSON
    document, a database) is read whole, as `learn capture` does."""
    from altimate_learn.redact import SecretMemory

    memory = SecretMemory()
    path = job.get("transcript")
    if not (isinstance(path, str) and path and os.path.isfile(path)):
        return memory
    sessions_dir = job.get("sessions_dir")
    if isinstance(sessions_dir, str) and sessions_dir and _jsonl(path):
        learn_new_transcript_lines(path, memory, sessions_dir, job["session"], log)
    else:
        learn_transcript_secrets(path, memory, log)
    return memory


def _jsonl(path: str) -> bool:
    """Whether the file is JSON lines (its first line one JSON object), as Claude Code's and Codex's are."""
    from altimate_learn.deliver import fastjson

    try:
        with open(path, "rb") as handle:
            first = handle.readline(1 << 20)
        return first.endswith(b"\n") and isinstance(fastjson.loads(first.decode("utf-8", "replace")), dict)
    except (OSError, ValueError):
        return False


def _learn_line(raw: bytes, memory) -> None:
    """Learn the secrets of every text in one JSON line (every string value, each up to EVENT_TEXT_CAP)."""
    from altimate_learn.deliver import fastjson

    try:
        record = fastjson.loads(raw.decode("utf-8", "replace"))
    except ValueError:
        return
    texts: list[str] = []
    stack = [record]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if "-----BEGIN " in item:  # a key block runs to its END line or the end of its text: not the next's
                memory.learn(item[:EVENT_TEXT_CAP])
            elif len(item) >= 6:
                texts.append(item[:EVENT_TEXT_CAP])
        elif isinstance(item, dict):
            # A key and its value together, as the whole-file reader's repr() of a tool's input shows them: a
            # structured tool call ({"user": "loader", "password": "…"}, an "env" map) names the credential in
            # its key, which no rule would read beside a value learnt on its own.
            pairs = [f"{key}: {value}" for key, value in item.items() if isinstance(key, str)
                     and key not in _SKIPPED_KEYS and isinstance(value, str) and "\n" not in value
                     and len(value) < 2000]
            if pairs:
                texts.append("\n".join(pairs)[:EVENT_TEXT_CAP])
            stack.extend(v for k, v in item.items() if k not in _SKIPPED_KEYS)
        elif isinstance(item, list):
            stack.extend(item)
    if texts:  # one pass for the line; two blank lines apart, no rule reads one text's word with the next's value
        memory.learn("\n\n\n".join(texts))


def learn_new_transcript_lines(path: str, memory, sessions_dir: str, session: str, log) -> None:
    """Add the secrets of a JSONL transcript to ``memory``, reading only what the session's earlier workers did
    not: the lines written since (a torn last line is left for the next one) and, for each secret an earlier line
    held, the bytes of that secret alone (where it is in the transcript and its label are recorded, never its text:
    :func:`_place`), so a long session full of secrets costs what its new lines do, not a second redaction of every
    line that ever held one; a secret that cannot be placed so has its whole line read again. Workers of one
    session take turns (a lock), so when corrections come fast the second reads only what the first left. A
    transcript replaced or cut shorter is read again from the start; one over :data:`TRANSCRIPT_CAP` is not read
    (logged)."""
    import time

    from altimate_learn.deliver import fastjson
    from altimate_learn.deliver.state import LockBusy, Locks, session_file_name, write_atomic

    folder = os.path.join(sessions_dir, SECRETS)
    record_path = os.path.join(folder, session_file_name(session) + ".json")
    locks = Locks(time.monotonic() + SECRETS_WAIT)
    try:
        locks.acquire(record_path + ".lock")
        locked = True
    except LockBusy:
        locked = False
        log(f"capture worker: another worker of this session read its transcript for over {SECRETS_WAIT:g} s; "
            "this one reads it too")
    try:
        info = os.stat(path)
        if info.st_size > TRANSCRIPT_CAP:
            log(f"the transcript {os.path.basename(path)} is over {TRANSCRIPT_CAP >> 20} MB; its signals are "
                "redacted without the session's earlier secrets")
            return
        try:
            with open(record_path, encoding="utf-8") as handle:
                record = fastjson.loads(handle.read())
        except (OSError, ValueError):
            record = None
        offset, lines, spans = 0, [], []
        if isinstance(record, dict) and record.get("transcript") == path and record.get("file") == [
                info.st_dev, info.st_ino] and isinstance(record.get("offset"), int) and isinstance(
                record.get("lines"), list) and 0 <= record["offset"] <= info.st_size:
            offset = record["offset"]
            lines = [n for n in record["lines"] if isinstance(n, int) and 0 <= n < offset]
            spans = [span for span in record.get("spans") or [] if _span_ok(span, offset)]
        with open(path, "rb") as handle:
            if offset and not _same_file(handle, offset, spans):  # rewritten in place: not the file that was read
                offset, lines, spans = 0, [], []
            for start in lines:
                handle.seek(start)
                _learn_line(handle.readline(TRANSCRIPT_CAP), memory)
            for start, size, label, escaped, *_bounds in spans:
                handle.seek(start)
                value = _unplace(handle.read(size), escaped)
                if value is not None:
                    memory.add(value, label)
            handle.seek(offset)
            while True:
                raw = handle.readline(TRANSCRIPT_CAP)
                if not raw.endswith(b"\n"):
                    break  # the end, or a line still being written: the next worker reads it whole
                known = len(memory.values)
                _learn_line(raw, memory)
                if len(memory.values) > known:
                    placed = [_place(raw, value, label) for value, label in list(memory.values.items())[known:]]
                    if all(placed):
                        # with the bounds of its line (start, newline), so a file rewritten in place is noticed
                        spans += [[offset + at, size, label, escaped, offset, offset + len(raw) - 1]
                                  for at, size, label, escaped in placed]
                    else:
                        lines.append(offset)  # a secret not found as it is written: the line is read again
                offset += len(raw)
        if locked:
            os.makedirs(folder, exist_ok=True)
            write_atomic(record_path, fastjson.dumps({"transcript": path, "file": [info.st_dev, info.st_ino],
                                                      "offset": offset, "lines": lines, "spans": spans}))
            _remove_stale(folder, SECRETS_STALE)
    except Exception as exc:  # noqa: BLE001 - the signals are still redacted, only without the earlier secrets
        log(f"the session's earlier secrets could not be read from its transcript ({type(exc).__name__}); its "
            "signals are redacted without them")
    finally:
        if locked:
            locks.release()


def _place(raw: bytes, value: str, label: str) -> list | None:
    """Where in the transcript line ``raw`` the secret ``value`` is written, as [byte offset in the line, bytes,
    label, escaped]: as it is, or as a JSON string writes it (escaped: 1). None when it is in neither form (a
    value the redactor took from a key and a value together, say): then its line is read again."""
    from altimate_learn.deliver import fastjson

    plain = value.encode("utf-8")
    at = raw.find(plain)
    if at >= 0 and len(plain) <= SPAN_CAP:
        return [at, len(plain), label, 0]
    for ascii_only in (False, True):
        written = fastjson.dumps(value, ensure_ascii=ascii_only)[1:-1].encode("utf-8")
        at = raw.find(written)
        if at >= 0 and len(written) <= SPAN_CAP and _unplace(written, 1) == value:
            return [at, len(written), label, 1]
    return None


def _unplace(data: bytes, escaped: int) -> str | None:
    """The secret a placed span's bytes hold (:func:`_place`); None when they no longer read as one."""
    from altimate_learn.deliver import fastjson

    try:
        text = data.decode("utf-8")
        value = fastjson.loads('"' + text + '"') if escaped else text
    except ValueError:
        return None
    return value if isinstance(value, str) and value.strip() else None


def _span_ok(span, offset: int) -> bool:
    """A recorded place (:func:`_place`, offset in the file): [start, bytes, label, escaped], then the bounds of its
    line (its first byte, its newline; records written before they were kept have none)."""
    if not (isinstance(span, list) and len(span) in (4, 6) and all(type(n) is int for n in (*span[:2], *span[4:]))
            and isinstance(span[2], str) and span[3] in (0, 1) and 0 <= span[0] and 0 < span[1] <= SPAN_CAP
            and span[0] + span[1] <= offset):
        return False
    return len(span) == 4 or 0 <= span[4] <= span[0] and span[0] + span[1] <= span[5] < offset


def _same_file(handle, offset: int, spans: list) -> bool:
    """Whether the transcript still reads as the one the record was made from, as far as the record can tell without
    holding any of its text: a newline ends what was read, and each secret's line still starts and ends where it did.
    A file rewritten in place (the same inode, another session's lines) is then read from its start, instead of
    taking whatever bytes now sit at a recorded place for a secret (review18)."""
    handle.seek(offset - 1)
    if handle.read(1) != b"\n":
        return False
    for span in spans:
        if len(span) == 6:
            start, end = span[4], span[5]
            if start:
                handle.seek(start - 1)
                if handle.read(1) != b"\n":
                    return False
            handle.seek(end)
            if handle.read(1) != b"\n":
                return False
    return True


def learn_transcript_secrets(path: str, memory, log, *, harness: str | None = None,
                             session_id: str | None = None) -> None:
    """Add the secrets of a transcript (every message, answer and tool call) to ``memory``; one that cannot be
    read, or a file over :data:`TRANSCRIPT_CAP`, adds nothing (logged). ``harness`` and ``session_id`` name
    the session where the path holds several (an opencode database or storage folder)."""
    try:
        if os.path.isfile(path) and os.path.getsize(path) > TRANSCRIPT_CAP:
            log(f"the transcript {os.path.basename(path)} is over {TRANSCRIPT_CAP >> 20} MB; its signals are "
                "redacted without the session's earlier secrets")
            return
        from pathlib import Path

        from altimate_learn.capture.sessions import read_session

        for item in read_session(Path(path), harness=harness, session_id=session_id).events():
            learn_event_secrets(item, memory)
    except Exception as exc:  # noqa: BLE001 - the signals are still redacted, only without the earlier secrets
        log(f"the session's earlier secrets could not be read from its transcript ({type(exc).__name__}); its "
            "signals are redacted without them")


def learn_event_secrets(item, memory) -> None:
    """Add the secrets of one session event (a message, an answer, a tool call's input and result; each up to
    :data:`EVENT_TEXT_CAP` characters) to ``memory``."""
    from altimate_learn.capture.model import AssistantTurn, ToolCall, UserMessage

    if isinstance(item, UserMessage):
        texts = [item.text] + ([item.reason] if item.reason != item.text else [])
    elif isinstance(item, AssistantTurn):
        texts = [item.text]
    elif isinstance(item, ToolCall):
        texts = [item.input if isinstance(item.input, str) else repr(item.input), item.result]
    else:
        return
    for text in texts:
        if isinstance(text, str) and text:
            memory.learn(text[:EVENT_TEXT_CAP])


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
    if job.get("kind") == "worked":
        record_worked({**job, "root": root}, log)
        return 0
    if job.get("kind") == "signal":
        added = record_signal({**job, "root": root}, log)
    else:
        added = classify_and_record({**job, "root": root}, log)
        added += rejudge_previous({**job, "root": root}, log)
    if added and job.get("reflect"):
        # The reflection curates the session's own checkout (a worktree's branch has its own committed
        # approved.json), as when the hook starts it; the main worktree only when the worktree is gone.
        _triggers(job, own_root if os.path.isdir(own_root) else root, log)
    return added


def revet_after_capture(job: dict, log) -> None:
    """After the capture, the stale and never-vetted lessons of every store are re-vetted offline (spec 000:
    "The next capture ... re-vets them"; :func:`altimate_learn.harness.revet.revet_project`): an edit of the
    instruction files does not keep the lessons out of delivery until someone runs `learn vet`."""
    root = job["root"]
    main_root = job.get("main_root")
    if isinstance(main_root, str) and main_root and os.path.realpath(main_root) != os.path.realpath(root):
        # A linked worktree: its files can be removed while this worker runs (`git worktree remove` right after the
        # agent's last prompt), and a re-vet writing its stores then leaves the folder behind. Its stale lessons come
        # back through the re-vet a hook starts when it holds them out, or `learn vet`.
        return
    if not isinstance(root, str) or not os.path.isdir(root):
        return
    try:
        from altimate_learn.harness.revet import revet_project

        revet_project(root, log)
    except Exception as exc:  # noqa: BLE001 - the signal is recorded; the next capture or `learn vet` re-vets
        log(f"capture worker: the re-vet of stale lessons failed ({type(exc).__name__}: {exc}); they stay held "
            "out until the next capture or `learn vet`")


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
        kind = job.get("kind") if isinstance(job, dict) else None
        answer_job = kind == "answer"
        needed = ("local_dir", "sessions_dir", "session", "answer") if answer_job else \
            ("root", "local_dir", "sessions_dir", "session") + (() if kind in ("signal", "worked") else ("prompt",))
        if not isinstance(job, dict) or not all(isinstance(job.get(k), str) for k in needed) or (
                answer_job and not isinstance(job.get("turn"), int)) or (kind == "signal" and not (
                    isinstance(job.get("signal"), dict) and isinstance(job["signal"].get("kind"), str)
                    and isinstance(job["signal"].get("text"), str))) or (kind == "worked" and not (
                    isinstance(job.get("worked"), dict) and isinstance(job["worked"].get("command"), str))):
            raise ValueError(f"not a capture job ({len(raw)} bytes)")
        marker = job.get("marker") if isinstance(job.get("marker"), str) else None
        if marker is not None and os.path.basename(os.path.dirname(marker)) == PENDING:
            _mark_running(marker)
        log = HookLog(job["local_dir"], job.get("harness") or "")
        if answer_job:
            store_answer(job, log)
        elif kind == "worked":
            run_job(job, log)  # completes a signal: no new lesson input, so no re-vet
        else:
            run_job(job, log)
            revet_after_capture(job, log)
    except BaseException as exc:  # noqa: BLE001 - a background worker reports in hook.log, never on a terminal
        try:
            from altimate_learn.redact import redact  # the error can quote the prompt

            log(f"capture worker failed: {type(exc).__name__}: {redact(str(exc))}")
        except BaseException:  # noqa: BLE001
            pass
    finally:
        fsio = sys.modules.get("altimate_learn.store.fsio")
        if fsio is not None:  # unreadable lines of a state file it read or repaired: logged, never printed
            fsio.log_notices(log)
        if marker is not None and os.path.basename(os.path.dirname(marker)) == PENDING:
            _remove(marker)
            _remove_stale(os.path.dirname(marker))
    return 0


def _mark_running(marker: str) -> None:
    """Add this worker's pid to its marker (never creating it: a marker already gone stays gone), so a command
    that waits for the workers (:func:`settle`) knows whether one still runs."""
    from altimate_learn.deliver import fastjson

    try:
        fd = os.open(marker, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return
    try:
        try:
            data = fastjson.loads(os.read(fd, 4096).decode("utf-8"))
        except Exception:  # noqa: BLE001 - a marker of another version: the pid alone
            data = {}
        data = data if isinstance(data, dict) else {}
        data["pid"] = os.getpid()
        text = fastjson.dumps(data).encode("utf-8")
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, text)
        os.ftruncate(fd, len(text))
    except OSError:
        pass
    finally:
        os.close(fd)


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _remove_stale(folder: str, age: float = STALE_MARKER) -> None:
    """Files of ``folder`` older than ``age`` seconds: markers of workers that died (a reboot, a kill), answers
    nobody took, reading records of sessions long over."""
    import time

    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        try:
            if time.time() - entry.stat(follow_symlinks=False).st_mtime > age:
                os.unlink(entry.path)
        except OSError:
            continue


def pending(sessions_dir: str) -> list[str]:
    """Markers of the jobs still running (or whose worker died within the last hour)."""
    try:
        return sorted(os.listdir(os.path.join(sessions_dir, PENDING)))
    except OSError:
        return []


SETTLE_WAIT = 10.0  # seconds a command that lists signals waits for the workers still recording one
SETTLE_WAIT_ENV = "ALTIMATE_LEARN_SETTLE_WAIT"  # another wait in seconds (a slow machine, a test that must not race)
STARTING = 5.0  # seconds a marker without its worker's pid counts as a worker starting (spawned, not yet running)


def recording(sessions_dir: str) -> list[str]:
    """Markers of the jobs that can still add or change a signal (a prompt, a `tool_retry` signal, what worked
    after one; not an answer's, not a re-vet's) whose worker runs: its pid (written by :func:`main`) is alive, or
    it has none yet and the marker is younger than :data:`STARTING`. A marker a dead worker left counts for
    nothing."""
    import time

    folder = os.path.join(sessions_dir, PENDING)
    found = []
    for name in pending(sessions_dir):
        parts = name.rsplit("-", 3)
        if len(parts) != 4 or parts[1].startswith("a") or name.startswith("revet-"):
            continue
        path = os.path.join(folder, name)
        try:
            with open(path, "rb") as handle:
                raw = handle.read(4096)
            age = time.time() - os.stat(path).st_mtime
        except OSError:
            continue  # the worker just finished
        pid = _marker_pid(raw)
        if (pid is None and age < STARTING) or (pid is not None and _alive(pid)):
            found.append(name)
    return found


def _marker_pid(raw: bytes) -> int | None:
    import json

    try:
        pid = json.loads(raw.decode("utf-8")).get("pid")
    except (ValueError, AttributeError):
        return None  # being written, or not a marker of this version
    return pid if isinstance(pid, int) and pid > 0 else None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # someone else's process (PermissionError): it exists
        return True
    return True


def settle_wait() -> float:
    """How long :func:`settle` waits: :data:`SETTLE_WAIT`, or ``ALTIMATE_LEARN_SETTLE_WAIT`` seconds when that is a
    number from 0 to 3600 (anything else is ignored)."""
    try:
        value = float(os.environ.get(SETTLE_WAIT_ENV, ""))
    except ValueError:
        return SETTLE_WAIT
    return value if 0 <= value <= 3600 else SETTLE_WAIT


def settle(sessions_dir: str, say=None, timeout: float | None = None) -> int:
    """Wait until no worker is still recording a signal (:func:`recording`), at most ``timeout`` seconds (default
    :func:`settle_wait`); ``say`` (called once, with how many run, only when some do) tells the person why the
    command waits. Returns how many still run after the wait: `learn signals` right after an agent's turn otherwise
    listed nothing, the prompt's worker still at work (trial27)."""
    import time

    running = recording(sessions_dir)
    if not running:
        return 0
    timeout = settle_wait() if timeout is None else timeout
    if say is not None:
        say(len(running))
    deadline = time.monotonic() + timeout
    while running and time.monotonic() < deadline:
        time.sleep(0.05)
        running = recording(sessions_dir)
    return len(running)


def wait_for_workers(sessions_dir: str, timeout: float = 60.0) -> bool:
    """Wait until no capture job of this project is pending; False if some still are after ``timeout`` s."""
    import time

    deadline = time.monotonic() + timeout
    while pending(sessions_dir):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
