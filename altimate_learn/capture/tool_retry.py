"""tool_retry: the same tool failing three times in a row.

"In a row" means consecutive calls, as altimate-code counts them: any successful call ends the episode,
and a failure of another tool starts a new one. (Counting per tool across successes would flag every
test-edit-test loop: the tests fail, an edit succeeds, the tests fail again… which is the agent working,
not the agent stuck.) One signal per episode, when the third failure arrives; its text carries the last
error, redacted and clipped to 500 characters, and its ``part_id`` is the tool-call id of that third
failure (the dedupe key, so capturing the same session twice adds nothing).

Hooks see one tool call per process, so the counter round-trips through :meth:`to_dict` /
:meth:`from_dict`; the state holds tool names and call ids, never transcript text. Stdlib only: this
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
_SEEN_CAP = 256  # call ids remembered to ignore a call reported twice (hooks can replay)
_STATE_VERSION = 1


def _redacted_error(call: ToolCall) -> str:
    from altimate_learn.redact import redact

    text = (call.result or "").strip()
    if not text:
        text = f"exit code {call.exit_code}" if call.exit_code is not None else "(no error text)"
    return redact(text)[:ERROR_CAP]


class RetryCounter:
    """Feeds tool calls in order; returns a tool_retry signal once per episode."""

    def __init__(self) -> None:
        self.failures: dict[str, int] = {}  # the failing tool of the current episode -> its failures so far
        self.reported: set[str] = set()  # that tool, once the episode produced its signal
        self.seen: list[str] = []  # recent call ids

    def feed(self, call: ToolCall, session_id: str) -> NewSignal | None:
        """``call``: a ToolCall, or any object with its fields (the hook passes a plain record)."""
        if call.id:
            if call.id in self.seen:
                return None
            self.seen.append(call.id)
            del self.seen[:-_SEEN_CAP]
        name = call.name or "?"
        if not call.is_error or name not in self.failures:
            # a success ends the episode; a failure of another tool starts a new one
            self.failures.clear()
            self.reported.clear()
            if not call.is_error:
                return None
        count = self.failures.get(name, 0) + 1
        self.failures[name] = count
        if count < THRESHOLD or name in self.reported:
            return None
        self.reported.add(name)
        from altimate_learn.capture.signals import NewSignal

        error = _redacted_error(call)
        return NewSignal(
            kind="tool_retry",
            session_id=session_id,
            text=f"Tool `{name}` failed {count} times in a row. Last error: {error}",
            reason=f"tool {name} failed {count} times in a row",
            message_id=call.message_id,
            part_id=call.id,
            said_at=call.at,
        )

    def to_dict(self) -> dict[str, Any]:
        return {"version": _STATE_VERSION, "failures": dict(self.failures), "reported": sorted(self.reported),
                "seen": list(self.seen)}

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
        return counter
