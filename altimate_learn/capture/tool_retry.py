"""tool_retry: the same tool failing three times in a row.

"In a row" means consecutive calls, as altimate-code counts them: any successful call ends the episode,
and a failure of another tool starts a new one. (Counting per tool across successes would flag every
test-edit-test loop: the tests fail, an edit succeeds, the tests fail again… which is the agent working,
not the agent stuck.) A call the harness refused before running it (``ToolCall.ran`` False: Claude Code's permission
denials and input-validation errors, for which no hook fires) is passed over, so the hooks and the transcript count the
same episodes. One signal per episode, when the third failure arrives; its text carries the last
error, redacted, its decoration rules (``=====``, ``_____``) cut to three characters, and clipped to 500 characters
(its first 200 and its end, where a test run or a traceback says what went wrong), and its ``part_id`` is the tool-call id of that third
failure (the dedupe key, so capturing the same session twice adds nothing).

What worked after it. When the failing call ran a shell command (:mod:`altimate_learn.capture.commands`), the
signal's text ends with that command (``Last command: …``, redacted, clipped to 200 characters), and the counter
then waits for the same tool's next successful call: when it runs the same thing another way (it holds the
failed command's anchor word, ``pytest`` in ``python -m pytest``) and no file was written in between (the edit
may be what fixed it), that command is what worked: :attr:`RetryCounter.worked` names it and the signal it
completes, whose text gains ``Then worked: …``. A success of the tool that runs something else, a write, or
:data:`AWAIT_CAP` calls of other tools end the wait with nothing: then the signal says only what failed, and
the built-in reflector learns nothing from it (a lesson would only say the command fails).

Hooks see one tool call per process, so the counter round-trips through :meth:`to_dict` /
:meth:`from_dict`; the state holds tool names, call ids and hashes of the failed command and its anchor word,
never transcript text. Stdlib only: this
runs on the hook path.
"""

from __future__ import annotations

TYPE_CHECKING = False  # the hook feeds every failed call: no `typing`, no dataclasses, no signals store (until a signal)
if TYPE_CHECKING:
    from typing import Any

    from altimate_learn.capture.model import ToolCall
    from altimate_learn.capture.signals import NewSignal

THRESHOLD = 3
ERROR_CAP = 500
ERROR_HEAD = 200  # characters of a longer error's start kept; the rest of the cap goes to its end
_SEEN_CAP = 256  # call ids remembered to ignore a call reported twice (hooks can replay)
_STATE_VERSION = 1
AWAIT_CAP = 10  # calls of other tools (or failures of the same one) a reported episode waits through for its fix


class _Rule:
    """A compiled ``re`` pattern made on first use (the hook imports no regex engine for a call that fails once)."""

    pattern = None

    def sub(self, repl, text: str) -> str:
        if self.pattern is None:
            import re

            self.pattern = re.compile(r"([=_!*#~^-])\1{4,}")
        return self.pattern.sub(repl, text)


_RULE = _Rule()


def _redacted_error(call: ToolCall) -> str:
    from altimate_learn.redact import redact

    text = (call.result or "").strip()
    if not text:
        text = f"exit code {call.exit_code}" if call.exit_code is not None else "(no error text)"
    # a rule of `====` or `____` is decoration: three of it say as much, and leave the cap to the error
    text = _RULE.sub(lambda m: m.group(1) * 3, redact(text))
    if len(text) <= ERROR_CAP:
        return text
    # its start and its end: a test runner or a traceback says what went wrong last
    return text[:ERROR_HEAD] + " … " + text[-(ERROR_CAP - ERROR_HEAD - 3):]


class Worked:
    """The command that worked after a reported episode: ``part_id`` names the signal it completes."""

    __slots__ = ("part_id", "tool", "command")

    def __init__(self, part_id: str | None, tool: str, command: str) -> None:
        self.part_id, self.tool, self.command = part_id, tool, command

    def line(self) -> str:
        """The line the signal's text gains (the command redacted and clipped)."""
        from altimate_learn.capture.commands import WORKED, clip_command
        from altimate_learn.redact import redact

        return WORKED + clip_command(" ".join(redact(self.command).split()))


def failed_call(call: Any) -> bool:
    """A call that failed: marked as an error, or a command that exited non-zero (opencode's `bash` reports such a
    call as completed, with the exit code in its metadata; every other agent marks it failed)."""
    code = getattr(call, "exit_code", None)
    return bool(call.is_error) or (isinstance(code, int) and not isinstance(code, bool) and code != 0)


class RetryCounter:
    """Feeds tool calls in order; returns a tool_retry signal once per episode, and sets :attr:`worked` when
    a call completes a reported episode (the module docstring)."""

    def __init__(self) -> None:
        self.failures: dict[str, int] = {}  # the failing tool of the current episode -> its failures so far
        self.reported: set[str] = set()  # that tool, once the episode produced its signal
        self.seen: list[str] = []  # recent call ids
        self.awaiting: dict[str, Any] | None = None  # {"tool", "part", "anchor", "same" (hashes), "calls"}
        self.worked: Worked | None = None  # set by the call just fed

    def _follow(self, call: ToolCall, name: str, failed: bool) -> None:
        """The wait of a reported episode for the call that worked (the module docstring)."""
        waiting = self.awaiting
        if waiting is None:
            return
        from altimate_learn.capture.commands import related_to_hashes, shell_command, word_hash, writes

        if name == waiting["tool"] and not failed:
            self.awaiting = None
            command = shell_command(call.input)
            same = waiting.get("same") == word_hash(" ".join(command.split())) if command else False
            if command and not same and related_to_hashes(waiting.get("anchor") or [], command, waiting.get("program")):
                self.worked = Worked(waiting.get("part"), name, command)
            return
        if not failed and writes(name):
            self.awaiting = None  # a file written: the fix may be the edit, not the command
            return
        waiting["calls"] = int(waiting.get("calls", 0)) + 1
        if waiting["calls"] > AWAIT_CAP:
            self.awaiting = None

    def feed(self, call: ToolCall, session_id: str) -> NewSignal | None:
        """``call``: a ToolCall, or any object with its fields (the hook passes a plain record)."""
        self.worked = None
        if getattr(call, "ran", True) is False:
            return None  # refused before it ran: no hook saw it, so live capture does not count it either
        if call.id:
            if call.id in self.seen:
                return None
            self.seen.append(call.id)
            del self.seen[:-_SEEN_CAP]
        name = call.name or "?"
        failed = failed_call(call)
        self._follow(call, name, failed)
        if not failed or name not in self.failures:
            # a success ends the episode; a failure of another tool starts a new one
            self.failures.clear()
            self.reported.clear()
            if not failed:
                return None
        count = self.failures.get(name, 0) + 1
        self.failures[name] = count
        if count < THRESHOLD or name in self.reported:
            return None
        self.reported.add(name)
        from altimate_learn.capture.signals import NewSignal

        error = _redacted_error(call)
        text = f"Tool `{name}` failed {count} times in a row. Last error: {error}"
        from altimate_learn.capture.commands import (LAST_COMMAND, anchor_hashes, clip_command, program_hashes,
                                                     shell_command, word_hash)

        command = shell_command(call.input)
        if command:
            from altimate_learn.redact import redact

            text += "\n" + LAST_COMMAND + clip_command(" ".join(redact(command).split()))
            hashed, ran = anchor_hashes(command), program_hashes(command)
            if hashed or ran:
                self.awaiting = {"tool": name, "part": call.id, "anchor": hashed, "calls": 0,
                                 "same": word_hash(" ".join(command.split()))}  # the same command again is no fix
                if ran:
                    self.awaiting["program"] = ran
        return NewSignal(
            kind="tool_retry",
            session_id=session_id,
            text=text,
            reason=f"tool {name} failed {count} times in a row",
            message_id=call.message_id,
            part_id=call.id,
            said_at=call.at,
        )

    def to_dict(self) -> dict[str, Any]:
        state = {"version": _STATE_VERSION, "failures": dict(self.failures), "reported": sorted(self.reported),
                 "seen": list(self.seen)}
        if self.awaiting is not None:
            state["await"] = dict(self.awaiting)
        return state

    @classmethod
    def from_dict(cls, data: Any) -> RetryCounter:
        """A counter from saved state; anything unreadable starts a fresh counter (never raises)."""
        counter = cls()
        if not isinstance(data, dict) or data.get("version") != _STATE_VERSION:
            return counter
        failures = data.get("failures")
        if isinstance(failures, dict):
            counter.failures = {str(k): v for k, v in failures.items()
                                if isinstance(v, int) and not isinstance(v, bool) and v > 0}
        reported = data.get("reported")
        if isinstance(reported, list):
            counter.reported = {str(r) for r in reported if isinstance(r, str)}
        seen = data.get("seen")
        if isinstance(seen, list):
            counter.seen = [str(s) for s in seen if isinstance(s, str)][-_SEEN_CAP:]
        waiting = data.get("await")
        if (isinstance(waiting, dict) and isinstance(waiting.get("tool"), str) and isinstance(waiting.get("anchor"), list)
                and all(isinstance(h, str) for h in waiting["anchor"])
                and (waiting.get("part") is None or isinstance(waiting.get("part"), str))
                and isinstance(waiting.get("calls", 0), int)):
            counter.awaiting = {"tool": waiting["tool"], "part": waiting.get("part"), "anchor": waiting["anchor"],
                                "calls": waiting.get("calls", 0),
                                "same": waiting.get("same") if isinstance(waiting.get("same"), str) else None}
            ran = waiting.get("program")
            if (isinstance(ran, dict) and isinstance(ran.get("program"), list) and ran["program"]
                    and all(isinstance(h, str) for h in ran["program"]) and isinstance(ran.get("way"), str)
                    and isinstance(ran.get("after"), list) and all(isinstance(h, str) for h in ran["after"])):
                counter.awaiting["program"] = {"program": ran["program"], "way": ran["way"], "after": ran["after"]}
        return counter
