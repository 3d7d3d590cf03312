"""What every agent-CLI module provides, and the shared reading of its failures.

A module (``claude``, ``codex``, ``gemini``, ``opencode``) names its CLI (``NAME``, ``BINARY``, ``TITLE``,
``INSTALL``, ``LOGIN``) and has two functions: ``invocation(call)`` builds
the command line, the extra environment, the stdin text and any files the call needs; ``parse(result)`` reads
the finished run into an :class:`Answer`, or raises :class:`CLIFailure` with a kind that
:class:`~altimate_learn.reflect.providers.agentcli.AgentCLIModel` turns into one line that says what to do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from altimate_learn.reflect.providers.agentcli.run import RunResult

# Failure kinds a CLI's output can show, most specific first. The words are the CLIs' own ("Not logged in ·
# Please run /login", "401 Unauthorized", "exceeded retry limit, last status: 429", "RESOURCE_EXHAUSTED").
_KINDS = (
    ("version", r"unknown option|unrecognized (option|argument)|unexpected argument|unknown argument|invalid option|"
                r"unknown flag"),
    ("interactive", r"\[y/n\]|\(y/n\)|press enter|do you trust|trust (this|the) folder|waiting for (your )?input"),
    ("auth", r"not logged in|please run /login|\blog ?in\b|authenticat|invalid api key|api key (is )?(missing|not "
             r"set|invalid)|unauthori[sz]ed|\b401\b|\b403\b|forbidden|credentials|oauth|"
             r"missing environment variable"),  # Codex: its provider's `env_key` is not set
    ("rate_limit", r"rate.?limit|\b429\b|usage limit|quota|too many requests|resource.?exhausted|overloaded|"
                   r"\b529\b"),
    ("not_found", r"model\b.{0,40}\b(not found|not exist|unknown|not supported|not available)|unknown model|"
                  r"invalid model|\b404\b"),
    ("connection", r"failed to lookup address|could not resolve|connection refused|econnrefused|enotfound|"
                   r"network is unreachable|stream disconnected|fetch failed|socket hang up|waiting for network"),
)


@dataclass
class Call:
    """What one model call asks of a CLI module."""

    binary: str  # the CLI found on PATH
    model: str  # "" for the CLI's own default
    system: str
    prompt: str
    scratch: Path  # a private folder for this call's files (removed afterwards)
    workdir: Path  # the folder the CLI runs in (see run.working_folder)
    env: dict[str, str]  # the user's environment (what the CLI will see, before the module's additions)


@dataclass
class Invocation:
    argv: list[str]
    env: dict[str, str]  # added to the child environment
    stdin: str
    files: dict[str, str] = field(default_factory=dict)  # written into the call's scratch folder first
    workdir_files: dict[str, str] = field(default_factory=dict)  # written into the working folder (if changed)


@dataclass
class Answer:
    text: str
    model: str | None  # the model that answered, when the CLI says
    input_tokens: int | None
    output_tokens: int | None
    cost_usd: float | None = None  # the CLI's own cost figure, when it reports one
    tools: list[str] = field(default_factory=list)  # tools the CLI ran anyway (none were offered)


class CLIFailure(Exception):
    """The CLI answered, but not with an answer: ``kind`` is auth, rate_limit, not_found, connection,
    interactive, version (it refused one of learn's flags), garbage or server; ``detail`` is what it said."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


def kind_of_status(status: object) -> str | None:
    """The failure kind of an HTTP status the CLI passes on (401/403: auth, 429/529: rate limit, 404: not found)."""
    if not isinstance(status, int) or isinstance(status, bool):
        return None
    return {401: "auth", 403: "auth", 429: "rate_limit", 529: "rate_limit", 404: "not_found"}.get(status)


def no_answer(result: RunResult) -> CLIFailure:
    """The failure of a run that printed nothing learn can read: what its output says, else a crash (a
    non-zero exit) or an unknown shape."""
    from altimate_learn.reflect.providers.agentcli.run import first_line

    said = first_line(_last_error_line(result.stderr)) or first_line(result.stdout)
    kind = classify(result.stderr + "\n" + result.stdout)
    if kind is None:
        kind = "server" if result.returncode not in (0, None) else "garbage"
    return CLIFailure(kind, said or f"exit {result.returncode}, no output")


def _last_error_line(stderr: str) -> str:
    """The line of ``stderr`` that says what went wrong: the last one naming an error (stack frames skipped)."""
    lines = [line for line in stderr.splitlines() if line.strip() and not line.lstrip().startswith("at ")]
    for line in reversed(lines):
        if "error" in line.lower():
            return line
    return lines[-1] if lines else ""


def classify(text: str) -> str | None:
    """The failure kind the CLI's own words show, or None."""
    lowered = text.lower()
    for kind, pattern in _KINDS:
        if re.search(pattern, lowered):
            return kind
    return None
