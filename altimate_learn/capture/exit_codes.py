"""Exit codes that an agent states only inside a shell tool's output (no error field says the call failed).

Gemini CLI's `run_shell_command` reports a command that exits non-zero as a successful tool call: its hook
payload (AfterTool `tool_response`) has no `error`, and its transcript marks the call "success". Only the text
the model is given says so, as sections after the output:

    Output: ls: cannot access '/nope': No such file or directory
    Exit Code: 2
    Process Group PGID: 23772

(`Exit Code` appears only for a non-zero code; Gemini may wrap the whole text in `<untrusted_context>`.) The
command's own output can print "Exit Code: 5" too, so only the last such line counts, and only when nothing
but Gemini's own trailing sections follows it. Used by the hook (live capture) and the session reader alike, so
both see the same failures. Standard library only, no regex: this runs on the hook path.
"""

from __future__ import annotations

_LABEL = "Exit Code: "
# what Gemini writes after the exit code (shell tool, 0.61)
_TRAILING = ("Signal: ", "Background PIDs: ", "Process Group PGID: ", "</untrusted_context>")
TAIL = 4000  # characters read from the end of a long output


def shell_exit_code(text: str | None) -> int | None:
    """The exit code Gemini CLI's shell tool stated at the end of ``text``, or None."""
    if not text or _LABEL not in text:
        return None
    lines = text[-TAIL:].splitlines()
    for at in range(len(lines) - 1, -1, -1):
        line = lines[at].strip()
        if line.startswith(_LABEL):
            value = line[len(_LABEL):].strip()
            digits = value[1:] if value.startswith("-") else value
            if not digits.isdigit():
                return None
            return int(value)
        if line and not line.startswith(_TRAILING):
            return None
    return None
