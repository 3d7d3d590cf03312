"""Errors that the CLI turns into one actionable line (exit 1).

Anything that is not a :class:`LearnError` is a bug: the CLI writes a crash log and exits 3.
"""

from __future__ import annotations


class LearnError(Exception):
    """An expected failure: bad input, a refused action, a missing file. The message says what to do."""

    exit_code = 1

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message} {self.hint}" if self.hint else self.message


class ConfigError(LearnError):
    """A configuration file or environment variable holds a value we cannot use."""


class StoreError(LearnError):
    """A store file is missing, invalid, locked or unsafe to write."""


class MalformedFileError(StoreError):
    """A store file could not be parsed. ``moved_to`` is set when it was moved aside."""

    def __init__(self, path: str, detail: str, moved_to: str | None = None, hint: str | None = None) -> None:
        where = f" It was moved aside to {moved_to}." if moved_to else ""
        if hint is None and not moved_to and str(path).replace("\\", "/").endswith("/candidate.json"):
            # git ignores the candidate: there is no copy to restore (review12 R12-12)
            hint = ("Fix it by hand, or run `learn reject` to set it aside (kept beside it) and let the next "
                    "reflection stage a new one.")
        super().__init__(
            f"{path} cannot be read: {detail}.{where}",
            hint or ("Fix the file by hand (or restore it from git) and run the command again."
                     if not moved_to
                     else "Restore it from that copy or from git if you need its contents."),
        )
        self.path = path
        self.detail = detail
        self.moved_to = moved_to


class SchemaError(StoreError):
    """A store file parsed but an entry does not follow the schema."""

    def __init__(self, path: str, entry: str, field: str, problem: str) -> None:
        super().__init__(
            f"{path}: entry {entry}, field '{field}': {problem}.",
            "Fix the entry by hand (or restore the file from git); `learn check` lists every problem.",
        )
        self.path = path
        self.entry = entry
        self.field = field
        self.problem = problem


class LockTimeout(StoreError):
    """Another process holds the store lock for longer than we are willing to wait."""
