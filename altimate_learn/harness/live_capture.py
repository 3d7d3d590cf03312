"""Live capture through the agent's hooks (only when `learn.capture` is effectively on).

- A prompt the correction classifier calls a correction becomes a `user_correction` signal, redacted,
  read against the end of the assistant's previous answer when the Stop event carried it (redacted by a
  capture worker the Stop hook hands it to, and kept redacted until the next prompt's worker takes it),
  unless it is the session's first prompt (the task) or no assistant turn completed since the previous
  prompt (a Stop event marks a completed turn; an interrupted tool call marks an interruption, so a
  redirect after it counts as strong evidence). Those two rules are checked in the hook; a prompt that
  passes them is classified by the capture worker the hook starts
  (:mod:`altimate_learn.harness.capture_worker`), so the person's prompt never waits for the classifier:
  the signal appears a moment after the prompt (under a second on an idle machine), not during its hook.
- Every finished tool call (but a Claude Code sub-agent's, which `learn capture` does not count either) feeds the session's :class:`~altimate_learn.capture.tool_retry.RetryCounter`
  (kept in the session state between hook processes); its third failure in a row becomes a
  `tool_retry` signal, which a capture worker records (redacted with the session's earlier secrets, as a
  correction is); the same tool's next successful call that runs the failed command another way completes it
  with ``Then worked: …`` (:mod:`altimate_learn.capture.tool_retry`), through a worker too.
- With `learn.auto_reflect` on, a reflection of this session (`learn reflect --session ID --auto`) is
  started detached (:func:`altimate_learn.launch.spawn_detached`: the same interpreter, run isolated from
  the project folder and PYTHONPATH), when the turn or session ends with open signals for the
  session, or as soon as it has 3 open signals; the hook does not wait for it. It is started again only
  when the session's number of open signals has changed since the last start (the reflection itself
  applies its backoff).
- Startup recovery (spec 003): at the first idle of a session (its first "stop" event: Claude Code's and
  Codex's Stop, Gemini's AfterAgent, opencode's session.idle; never during the first turn), once per
  session, when open signals of OTHER sessions are left over (a reflection that failed or backed off,
  signals `learn capture` recorded), `learn reflect --pending --auto` is started detached the same way; it
  keeps to `recovery_max_reflections` / `recovery_max_seconds` and skips sessions under backoff.

- With the continual learner on (`learn.continual_learning`, on once `learn enable` turned on capture and
  automatic reflection), the two above are folded into it: a "stop" or "end" event starts `learn run --auto
  --idle 60` detached instead (:func:`maybe_learn`), at most once per :data:`LEARN_SPACING` for the project and
  never while learning is paused. That run waits until the project has been idle for a minute, then checks
  its own triggers and the daily cap; it reads every exchange, so no correction is reflected twice.

The capture modules are imported only when capture is on, so a hook with capture off pays nothing.
"""

from __future__ import annotations

import os

from altimate_learn.harness import Event

SIGNALS_STORE = "team-playbook"
LEARN_SPACING = 600  # seconds: a learner started by any session of the project covers the others
LEARN_IDLE = "60"
THRESHOLD = 3  # open signals that start a reflection before the session ends
PROMPT_KEEP = 2000


def _store(root: str):
    from pathlib import Path

    from altimate_learn.store import ProjectPaths, Store

    return Store(ProjectPaths(Path(root)), SIGNALS_STORE)


def append_signal(root: str, signal, log, *, lock_timeout: float | None = None, added: list | None = None) -> int:
    """Append one signal under the store lock (``lock_timeout`` s; None: as long as a command waits); the signal
    written, if any, is also put in ``added``."""
    from altimate_learn.capture.signals import append_signals
    from altimate_learn.store.fsio import WRITER_LOCK_TIMEOUT

    store = _store(root)
    with store.lock(timeout=WRITER_LOCK_TIMEOUT if lock_timeout is None else lock_timeout):
        written = append_signals(store, [signal])
    if written:
        log(f"captured a {signal.kind} signal ({signal.reason})")
    if added is not None:
        added.extend(written)
    return len(written)


def _append(root: str, signal, log) -> int:
    from altimate_learn.store.fsio import READER_LOCK_TIMEOUT

    # A hook waits ~5 s for the store lock, not the 300 s of a command: past that the signal is not written
    # now (LockTimeout, logged) and `learn capture` records it later from the transcript.
    return append_signal(root, signal, log, lock_timeout=READER_LOCK_TIMEOUT)


def on_prompt(data: dict, event: Event, root: str, capture: bool, log, *, sessions_dir: str | None = None,
              reflect: bool = False) -> int:
    """Count the prompt; have it classified if it can be a correction. Returns signals added in this process.

    With ``sessions_dir`` the capture worker classifies it (0 here; ``reflect``: it then applies the session's
    reflection triggers); without, or when the worker cannot start, this process does (the hook's fallback).
    """
    index = data["prompts"]
    data["prompts"] = index + 1
    after_assistant = bool(data["assistant_done"])
    interrupted = bool(data.get("interrupted"))
    data["assistant_done"] = False
    data["interrupted"] = False
    data["ended"] = False
    data.pop("last_prompt", None)  # kept by earlier versions (redacted); the classifier never read it
    answer = data.pop("last_answer", None)  # the answer this prompt replies to; never carried further
    answer_turn = data.pop("answer_turn", None)  # or the turn under which a capture worker keeps it
    kept = isinstance(answer_turn, int) and answer_turn == index and bool(sessions_dir)  # by a Stop's worker
    if not capture or index == 0 or not (after_assistant or interrupted):
        if kept:  # no worker will take it: it goes now (capture was turned off since the Stop)
            from altimate_learn.harness import capture_worker

            capture_worker.drop_answers(sessions_dir, data["session"], index)
        return 0
    from altimate_learn.harness import capture_worker

    job = {**_job_base(data, root, sessions_dir, event, reflect), "index": index,
           "message_id": event.key, "prompt": event.prompt or "", "interrupted": interrupted,
           "answer": answer if isinstance(answer, str) else None}
    if not isinstance(answer, str) and kept:
        job["answer_turn"] = index  # the worker takes the answer the Stop hook's worker redacted and kept
    if sessions_dir and capture_worker.hand_off(job, sessions_dir, log):
        return 0
    from altimate_learn.store.fsio import READER_LOCK_TIMEOUT

    # in the hook's process: the answer is read if its worker has kept it already, never waited for, and the
    # transcript is not read for the session's earlier secrets (a long one would hold up the prompt)
    try:
        return capture_worker.classify_and_record(job, log, lock_timeout=READER_LOCK_TIMEOUT, answer_wait=0.0,
                                                  secrets=False)
    finally:
        if kept:  # an answer its worker had not kept yet is not waited for: it goes once written
            capture_worker.drop_answers(sessions_dir, data["session"], index)


def on_end(data: dict, *, sessions_dir: str | None = None) -> None:
    """The session ended: answers of earlier turns no prompt took go (:func:`capture_worker.drop_answers`); the
    last turn's is kept for the prompt of a resumed session; a capture worker still at work applies the
    end-of-session trigger itself (``ended``)."""
    data["ended"] = True
    if sessions_dir:
        from altimate_learn.harness import capture_worker

        capture_worker.drop_answers(sessions_dir, data["session"])


def _job_base(data: dict, root: str, sessions_dir: str | None, event: Event, reflect: bool) -> dict:
    """What every capture-worker job that records a signal carries: where the signal goes, whose session it is,
    and the session's transcript (the worker reads the session's earlier secrets from it)."""
    from altimate_learn.worktree import LEARN

    local_dir = os.path.dirname(sessions_dir) if sessions_dir else ""
    suffix = os.sep + LEARN  # a linked worktree's local folder is its main worktree's learn folder
    return {"root": root, "local_dir": local_dir, "sessions_dir": sessions_dir or "",
            "main_root": local_dir[:-len(suffix)] if local_dir.endswith(suffix) else "",
            "session": data["session"], "harness": data.get("harness") or "", "reflect": bool(reflect),
            "transcript": event.transcript_path if isinstance(event.transcript_path, str) else None}


def on_tool(data: dict, event: Event, root: str, capture: bool, log, *, sessions_dir: str | None = None,
            reflect: bool = False) -> int:
    """Feed a finished tool call to the retry counter. Returns signals added in this process.

    A `tool_retry` signal (the third failure in a row) is recorded by a capture worker when ``sessions_dir`` is
    given: it redacts the signal with the session's earlier secrets (a password the person typed that a failing
    command quotes back) and, with ``reflect``, applies the session's reflection triggers; this process records
    it (without those secrets) only when the worker cannot start."""
    if event.phase == "interrupt":
        data["interrupted"] = True
        data["assistant_done"] = True
        return 0
    if not capture or event.phase != "post" or not event.tool_name:
        return 0
    if event.payload.get("agent_id"):
        # a Claude Code sub-agent's call (Agent/Task tool): its hooks carry the parent's session id, but its calls
        # are in its own transcript (`<session>/subagents/agent-<id>.jsonl`), which `learn capture` does not count;
        # counted here they made "failures in a row" of two agents' calls and a tool_retry the offline pass never finds
        return 0
    saved = data.get("retry")
    if not event.failed and not (isinstance(saved, dict) and (saved.get("failures") or saved.get("await"))):
        # a success with no failures on record and no reported episode waiting changes nothing; a success of any
        # tool ends an episode of another, as `learn capture` counts it (one count for both paths)
        return 0
    from types import SimpleNamespace

    from altimate_learn.capture.tool_retry import RetryCounter

    counter = RetryCounter.from_dict(saved)
    # ToolCall's fields as a plain record: importing the dataclass module costs more than the rest of the call
    call = SimpleNamespace(name=event.tool_name, input=event.tool_input, id=event.tool_id, at=None, message_id=None,
                           result=event.error or event.output, is_error=event.failed, exit_code=event.exit_code)
    signal = counter.feed(call, data["session"])
    data["retry"] = counter.to_dict()
    if counter.worked is not None:
        _record_worked(data, root, event, counter.worked, log, sessions_dir=sessions_dir, reflect=reflect)
    if signal is None:
        return 0
    if sessions_dir:
        from altimate_learn.harness import capture_worker

        job = {**_job_base(data, root, sessions_dir, event, reflect), "kind": "signal",
               "signal": {"kind": signal.kind, "text": signal.text, "reason": signal.reason,
                          "message_id": signal.message_id, "part_id": signal.part_id, "said_at": signal.said_at}}
        if capture_worker.hand_off_signal(job, sessions_dir, log):
            return 0
    return _append(root, signal, log)


def _record_worked(data: dict, root: str, event: Event, worked, log, *, sessions_dir: str | None,
                   reflect: bool) -> None:
    """Complete a reported episode's signal with the command that worked after it: by a capture worker (which
    waits for the signal's own worker, and redacts the command with the session's earlier secrets), or here when
    none can start."""
    if sessions_dir:
        from altimate_learn.harness import capture_worker

        job = {**_job_base(data, root, sessions_dir, event, reflect), "kind": "worked", "reflect": False,
               "worked": {"part_id": worked.part_id, "tool": worked.tool, "command": worked.command}}
        if capture_worker.hand_off_worked(job, sessions_dir, log):
            return
    try:
        from altimate_learn.capture.signals import add_worked
        from altimate_learn.store.fsio import READER_LOCK_TIMEOUT

        store = _store(root)
        with store.lock(timeout=READER_LOCK_TIMEOUT):  # a hook waits ~5 s, not a command's 300 s
            add_worked(store, data["session"], worked.part_id, worked.line())
    except Exception as exc:  # noqa: BLE001 - a hook never fails the agent; the signal stays as recorded
        log(f"the command that worked after tool_retry {worked.part_id} was not recorded ({type(exc).__name__})")


def open_signal_counts(root: str, session_id: str) -> tuple[int, int]:
    """(open signals of this session, open signals of other sessions) in the signals store (a line scan)."""
    from altimate_learn.jsonsafe import loads  # capture only: a hook with capture off never gets here

    from altimate_learn.worktree import locate

    path = os.path.join(locate(root).local_dir, SIGNALS_STORE, "signals.jsonl")
    mine = others = 0
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if '"open"' not in line:
                    continue
                try:
                    record = loads(line)
                except ValueError:
                    continue
                if not isinstance(record, dict) or record.get("status") != "open":
                    continue
                owner = record.get("sessionID")
                if owner == session_id:
                    mine += 1
                elif isinstance(owner, str) and owner:
                    others += 1
    except OSError:
        return 0, 0
    return mine, others


def open_signals(root: str, session_id: str) -> int:
    """Open signals of this session in the signals store."""
    return open_signal_counts(root, session_id)[0]


def maybe_reflect(data: dict, root: str, sessions_dir: str, *, ending: bool, log) -> bool:
    """Start `learn reflect --session ID --auto` detached when due (see module docstring)."""
    session_id = data["session"]
    count = open_signals(root, session_id)
    if count == 0 or (not ending and count < THRESHOLD):
        return False
    last = data.get("reflect")
    if isinstance(last, dict) and last.get("open") == count:
        return False
    spawn_reflect(root, session_id, sessions_dir, log)
    from altimate_learn.deliver.state import utc_now

    data["reflect"] = {"at": utc_now(), "open": count}
    return True


def maybe_recover(data: dict, root: str, sessions_dir: str, log) -> bool:
    """At the session's first idle, once: start `learn reflect --pending --auto` for other sessions' leftovers.

    Call only at a "stop" event with automatic reflection on. The first turn has ended by then, so the
    recovery never competes with it; a failure is logged and the session does not try again.
    """
    if data.get("recovery"):
        return False
    from altimate_learn.deliver.state import utc_now

    data["recovery"] = {"at": utc_now(), "started": False}  # checked once, whatever happens next
    if open_signal_counts(root, data["session"])[1] == 0:
        return False
    spawn_recovery(root, sessions_dir, log)
    data["recovery"]["started"] = True
    return True


def _spawn(root: str, args: list[str], sessions_dir: str) -> tuple[int, str]:
    """Start `learn ARGS` detached (see :func:`altimate_learn.launch.spawn_detached`), output to reflect.log."""
    from altimate_learn.launch import spawn_detached

    log_path = os.path.join(sessions_dir, "reflect.log")
    return spawn_detached(args, cwd=root, log_path=log_path), log_path


def spawn_reflect(root: str, session_id: str, sessions_dir: str, log) -> None:
    pid, log_path = _spawn(root, ["reflect", "--session", session_id, "--auto"], sessions_dir)
    log(f"started an automatic reflection of this session (pid {pid}; output in {log_path})")


def spawn_recovery(root: str, sessions_dir: str, log) -> None:
    pid, log_path = _spawn(root, ["reflect", "--pending", "--auto"], sessions_dir)
    log(f"started startup recovery of signals left over from other sessions (pid {pid}; output in {log_path})")


def maybe_learn(root: str, sessions_dir: str, log) -> bool:
    """Start `learn run --auto --idle 60` detached, unless one started lately or learning is paused."""
    import time

    from altimate_learn.worktree import locate

    learner_dir = os.path.join(locate(root).local_dir, ".learner")
    stamp = os.path.join(learner_dir, "started")
    try:
        if time.time() - os.stat(stamp).st_mtime < LEARN_SPACING:
            return False
    except OSError:
        pass
    if _paused(learner_dir):
        return False
    os.makedirs(learner_dir, exist_ok=True)
    with open(stamp, "w", encoding="utf-8") as handle:
        handle.write(str(os.getpid()))
    pid, log_path = _spawn(root, ["run", "--auto", "--idle", LEARN_IDLE], sessions_dir)
    log(f"started the continual learner (pid {pid}; it waits for the project to be idle; what it did: `learn status`, "
        f"`learn runs` and the store's state/reflect.log; {log_path} holds only a crash's output)")
    return True


def _paused(learner_dir: str) -> bool:
    from altimate_learn.deliver import fastjson

    try:
        with open(os.path.join(learner_dir, "state.json"), encoding="utf-8") as handle:
            state = fastjson.loads(handle.read())
    except (OSError, ValueError, UnicodeDecodeError):
        return False
    return isinstance(state, dict) and bool(state.get("paused"))


ANSWER_KEEP = 1000  # characters of the assistant's last answer kept (redacted) for the next prompt's classifier


def redact_answer(answer: str) -> str:
    """The end of an answer as it is kept: learn's own injected text removed, redacted, clipped."""
    from altimate_learn.markers import strip_injected
    from altimate_learn.redact import redact

    return redact(strip_injected(answer[-4 * ANSWER_KEEP:]))[-ANSWER_KEEP:]


def on_stop(data: dict, event: Event | None = None, capture: bool = False, *, sessions_dir: str | None = None,
            log=None) -> None:
    """The turn ended. With capture on, keep the end of the assistant's answer (Claude Code's and Codex's
    `last_assistant_message`, Gemini's `prompt_response`), redacted: the classifier reads the next prompt
    against it ("it still fails" after "I fixed it").

    With ``sessions_dir`` the capture worker redacts it (the answer goes through its stdin, never a file) and
    keeps it for the next prompt's worker (:func:`altimate_learn.harness.capture_worker.store_answer`): the
    redactor is not imported in the hook. Without, or when the worker cannot start, this process redacts it
    and keeps it in the session state."""
    data["assistant_done"] = True
    data.pop("last_answer", None)
    data.pop("answer_turn", None)
    if not capture or event is None or not isinstance(event.payload, dict):
        return
    answer = event.payload.get("last_assistant_message") or event.payload.get("prompt_response")
    if not isinstance(answer, str) or not answer.strip():
        return
    turn = data["prompts"]  # the index of the prompt that will reply to this answer
    if sessions_dir and log is not None:
        from altimate_learn.harness import capture_worker

        local_dir = os.path.dirname(sessions_dir)
        seq = data.get("answer_seq") if isinstance(data.get("answer_seq"), int) else 0
        data["answer_seq"] = seq + 1  # the Stop's number in the session: a later Stop's answer replaces an earlier one
        job = {"kind": "answer", "local_dir": local_dir, "sessions_dir": sessions_dir, "session": data["session"],
               "harness": data.get("harness") or "", "turn": turn, "seq": seq + 1, "answer": answer[-4 * ANSWER_KEEP:],
               "transcript": event.transcript_path if isinstance(event.transcript_path, str) else None}
        if capture_worker.hand_off_answer(job, sessions_dir, log):
            data["answer_turn"] = turn
            return
    data["last_answer"] = redact_answer(answer)
