"""Harness adapters: one module per agent, behind one small interface.

`learn hook <harness>` (:mod:`altimate_learn.harness.hook`) reads the agent's hook event as JSON on
stdin, asks the harness module to turn it into an :class:`Event`, runs delivery and live capture on that
event, and asks the module to format the answer. `learn install <harness>`
(:mod:`altimate_learn.harness.install`) writes the agent's hook configuration.

A harness module (``altimate_learn/harness/<module>.py``, registered in :data:`HARNESSES`) provides:

Hook side (imported on every hook call: standard library only, no heavy imports at module level)::

    NAME: str                                  # the CLI name, e.g. "claude-code"
    def parse(payload: dict) -> Event | None   # None: an event we do not handle (answer nothing)
    def respond(event: Event, text: str) -> str
        # what to print on stdout for this event, given the text to inject ("" = nothing to add).
        # Return "" to print nothing. ``text`` is already wrapped in the team-rules markers.

Install side (imported only by `learn install`), either the declarative form used by the JSON
settings files of Claude Code, Codex and Gemini CLI::

    SETTINGS = {"project": ".claude/settings.json", "user": "~/.claude/settings.json"}
    HOOKS = [(event name, matcher or None), ...]   # one command hook per entry
    def hook_entry(command: str, matcher: str | None, event: str | None = None) -> dict
        # optional: the matcher group to write for that event
    NOTES: list[str]                                # printed after an install
    def notes(options) -> list[str]                 # optional: the same, computed (e.g. for the version found)
    def agent_problems(root, commands) -> tuple[list[str], list[str]]
        # optional, for --check: (failures, notes) of what keeps the agent from running the hooks

or, for an agent whose hooks are not a JSON settings file (opencode's JS plugin), two functions that
take over completely::

    def install(options: InstallOptions) -> list[str]            # lines to print; raise LearnError to refuse
    def check(options: InstallOptions) -> tuple[bool, list[str]]  # installed and runnable?, lines to print

``InstallOptions`` (in :mod:`altimate_learn.harness.install`) carries ``root`` (project root),
``user`` / ``local`` / ``uninstall`` / ``dry_run`` / ``on_path`` flags and ``command``: the shell-quoted
command that runs this installation's hook for the harness (``"/abs/python" -I -m altimate_learn hook
<name>``, or with ``on_path`` `learn` from PATH; see :mod:`altimate_learn.launch`).

An :class:`Event` is harness-neutral. ``kind`` is one of:

- ``"start"``: a session starts (``source``: startup, resume, clear, compact; None if unknown);
- ``"prompt"``: the user submitted ``prompt`` (``key``: the harness's prompt or turn id, if any); ``request``,
  when set, is what the agent was asked in its place (a custom command's template), matched by delivery;
- ``"tool"``: a tool call, ``phase`` "pre" or "post"; ``paths`` lists the files it reads or edits
  (absolute, or relative to ``cwd``; empty for tools that touch no file, e.g. a shell);
  ``failed`` / ``error`` / ``output`` / ``exit_code`` describe a finished call;
- ``"stop"``: the assistant finished its turn;
- ``"end"``: the session ended;
- ``"check"``: `learn install --check` asking whether the hook runs.
"""

from __future__ import annotations

# harness name on the command line → module under altimate_learn.harness
HARNESSES = {
    "claude-code": "claude",
    "codex": "codex",
    "gemini": "gemini",
    "opencode": "opencode",
}

CHECK_EVENT = "altimate-learn-check"


class Event:
    """One hook event, harness-neutral (see the module docstring)."""

    __slots__ = ("kind", "name", "session_id", "cwd", "source", "prompt", "request", "key", "phase", "tool_name",
                 "tool_input", "tool_id", "paths", "failed", "error", "output", "exit_code", "transcript_path",
                 "payload")

    def __init__(self, kind: str, name: str, payload: dict, *, session_id: object = None, cwd: object = None,
                 source: str | None = None, prompt: str | None = None, request: str | None = None,
                 key: str | None = None,
                 phase: str | None = None, tool_name: str | None = None, tool_input: object = None,
                 tool_id: str | None = None, paths: list[str] | None = None, failed: bool = False,
                 error: str | None = None, output: str | None = None, exit_code: int | None = None,
                 transcript_path: str | None = None) -> None:
        self.kind = kind
        self.name = name  # the harness's own event name, echoed in answers that need it
        self.payload = payload
        self.session_id = session_id
        self.cwd = cwd if isinstance(cwd, str) and cwd else None
        self.source = source
        self.prompt = prompt  # what the person typed (capture reads it as theirs)
        self.request = request  # what the agent was asked, when that is not only what they typed (delivery)
        self.key = key
        self.phase = phase
        self.tool_name = tool_name
        self.tool_input = tool_input
        self.tool_id = tool_id
        self.paths = paths or []
        self.failed = failed
        self.error = error
        self.output = output
        self.exit_code = exit_code
        self.transcript_path = transcript_path

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Event({self.kind!r}, {self.name!r}, paths={self.paths!r})"


def text_field(payload: dict, *names: str) -> str | None:
    """The first of ``names`` that holds a non-empty string."""
    for name in names:
        value = payload.get(name)
        if isinstance(value, str) and value:
            return value
    return None


def input_paths(tool_input: object, keys: tuple[str, ...] = ("file_path", "filePath", "notebook_path", "path",
                                                            "absolute_path")) -> list[str]:
    """File paths named by a tool's input object."""
    found: list[str] = []
    if isinstance(tool_input, dict):
        for key in keys:
            value = tool_input.get(key)
            if isinstance(value, str) and value:
                found.append(value)
    return list(dict.fromkeys(found))


def patch_paths(patch: str) -> list[str]:
    """Files named by an apply_patch body (`*** Update File: x`, `*** Add File: x`, `*** Move to: x`)."""
    out = []
    for line in patch.splitlines():
        for marker in ("*** Update File: ", "*** Add File: ", "*** Delete File: ", "*** Move to: "):
            if line.startswith(marker):
                path = line[len(marker):].strip()
                if path:
                    out.append(path)
    return list(dict.fromkeys(out))
