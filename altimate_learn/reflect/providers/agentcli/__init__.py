"""Agent CLIs as models: ``claude-code``, ``codex``, ``gemini-cli``, ``opencode``.

Most people who use a coding agent are logged in to it and have no API key. These providers let reflection
(and bootstrap, import-reviews, the continual learner) use that agent: ``--model claude-code`` asks the CLI's
own default model, ``--model claude-code/sonnet`` passes the model on. Each call is one headless run of the
CLI with one prompt, behind the same :meth:`complete` as the HTTP providers:

1. find the CLI on PATH (missing: one line saying how to install it, or to choose another model);
2. build its command (one module per CLI: everything the CLI lets us switch off is switched off — tools,
   MCP servers, hooks, plugins, skills, session persistence — and our system prompt replaces its own);
3. run it in learn's working folder with the prompt on stdin, a child environment marked as learn's own
   (``ALTIMATE_LEARN=0``), and a deadline for the whole process group (:mod:`.run`);
4. read its JSON (banners and colour codes before it are skipped) for the answer, the model that answered,
   tokens, and the cost when the CLI reports one (else estimated from the price table, as for HTTP);
5. anything else is one line that says what to do: not logged in, rate limited, a question on its terminal,
   an unknown shape, a hang, or a tool the CLI ran although none was offered (the answer is then not used).

The prompt starts with :data:`~altimate_learn.markers.MODEL_CALL_MARK` and the working folder is named
:data:`~altimate_learn.markers.MODEL_CALL_DIR`, so a session a CLI records anyway is skipped by every reader.
"""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

from altimate_learn.markers import MODEL_CALL_MARK
from altimate_learn.progress import observed
from altimate_learn.reflect.pricing import Usage, usage_for

# provider name -> module; the order is the order `learn enable` suggests them in
AGENT_CLIS = {"claude-code": "claude", "codex": "codex", "gemini-cli": "gemini", "opencode": "opencode"}
# the harness whose sessions each CLI records, as learn's readers and hooks name it
HARNESS_CLI = {"claude-code": "claude-code", "codex": "codex", "gemini": "gemini-cli", "opencode": "opencode"}


def is_agent_cli(provider: str) -> bool:
    return provider in AGENT_CLIS


def cli_module(name: str) -> ModuleType:
    return importlib.import_module(f"altimate_learn.reflect.providers.agentcli.{AGENT_CLIS[name]}")


def installed_clis(env: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """(provider name, path of its binary) for every agent CLI on PATH, in :data:`AGENT_CLIS` order."""
    from altimate_learn.reflect.providers.agentcli.run import find_binary

    found = []
    for name in AGENT_CLIS:
        path = find_binary(cli_module(name).BINARY, env)
        if path:
            found.append((name, path))
    return found


def describe(name: str) -> str:
    """``claude-code`` → "the Claude Code CLI (`claude -p`)"."""
    module = cli_module(name)
    how = {"claude-code": "claude -p", "codex": "codex exec", "gemini-cli": "gemini -p",
           "opencode": "opencode run"}[name]
    title = module.TITLE if module.TITLE.endswith("CLI") else f"{module.TITLE} CLI"
    return f"the {title} (`{how}`)"


class AgentCLIModel:
    """One agent CLI, run headless per call (see the module docstring)."""

    def __init__(self, name: str, model: str = "", env: Mapping[str, str] | None = None) -> None:
        self.name = name
        self.model = model
        self.module = cli_module(name)
        self.label = f"{name}/{model}" if model else name
        self._env = env

    def __repr__(self) -> str:
        return f"AgentCLIModel({self.label!r})"

    @property
    def env(self) -> dict[str, str]:
        return dict(os.environ if self._env is None else self._env)

    def binary(self) -> str | None:
        from altimate_learn.reflect.providers.agentcli.run import find_binary

        return find_binary(self.module.BINARY, self.env)

    @observed  # a spinner on a terminal while it answers (altimate_learn.progress)
    def complete(self, system: str, prompt: str, *, timeout: float, max_tokens: int):  # noqa: ANN201
        """One headless run; the answer as a :class:`~altimate_learn.reflect.providers.Completion`.
        ``max_tokens`` is not passed on: the CLIs have no such flag (the answer is a few hundred tokens)."""
        from altimate_learn.reflect.providers import Completion, ProviderError
        from altimate_learn.reflect.providers.agentcli.base import Call, CLIFailure
        from altimate_learn.reflect.providers.agentcli.run import (child_env, remove_scratch, run_process,
                                                                  scratch_folder, working_folder)

        binary = self.binary()
        module = self.module
        if binary is None:
            raise ProviderError(f"{self.label}: the `{module.BINARY}` command is not on PATH.",
                                f"Install {module.TITLE} ({module.INSTALL}), or choose another model with --model "
                                "(or learn.model).", kind="missing")
        env = self.env
        user_text = f"{MODEL_CALL_MARK}\n\n{prompt}"
        scratch = scratch_folder()
        try:
            workdir = working_folder(env)
            call = Call(binary, self.model, system, user_text, scratch, workdir, env)
            invocation = module.invocation(call)
            for rel, text in invocation.files.items():
                (scratch / rel).write_text(text, encoding="utf-8")
            for rel, text in invocation.workdir_files.items():
                _write_if_changed(workdir / rel, text)
            from altimate_learn.reflect.providers.agentcli.serve import served

            # opencode within a learn command: one `opencode serve` for all its calls (see .serve)
            began = time.monotonic()
            result = served(module, binary, self.model, system, user_text, env, workdir, timeout)
            try:
                result = result or run_process(invocation.argv, env=child_env(invocation.env, env), cwd=workdir,
                                               stdin_text=invocation.stdin,
                                               timeout=max(1.0, timeout - (time.monotonic() - began)),
                                               gives_up=getattr(module, "gives_up", None))
            except OSError as exc:
                raise ProviderError(f"{self.label}: `{module.BINARY}` could not be started ({exc.strerror or exc}).",
                                    f"Check that `{module.BINARY} --version` works in a terminal, or choose another "
                                    "model with --model.", kind="missing") from None
        finally:
            remove_scratch(scratch)
        if result.timed_out:
            from altimate_learn.reflect.providers import seconds

            raise ProviderError(f"{self.label} did not answer within {seconds(timeout)} s; it was stopped (its whole "
                                "process group).", getattr(module, "TIMEOUT_HINT", None) or (
                                    f"Check that `{module.BINARY}` answers in a terminal; raise --timeout, or choose "
                                    "another model with --model."), kind="timeout")
        try:
            answer = module.parse(result)
        except CLIFailure as failure:
            error = self._failure(failure, result.returncode)
            if result.gave_up:  # it would have waited out the whole limit: say that learn ended it
                error = ProviderError(f"{error.message.rstrip('.')}; learn stopped it instead of waiting.",
                                      error.hint, kind=error.kind)
            raise error from None
        if answer.tools:
            raise ProviderError(f"{self.label} ran a tool ({', '.join(sorted(set(answer.tools)))[:120]}) although "
                                "learn offered none; its answer was not used.",
                                "Update the CLI, or choose another model with --model.", kind="garbage")
        return Completion(answer.text, self._usage(answer, system, user_text),
                          answer.model or self.model or self._configured_model() or self.label)

    def _configured_model(self) -> str | None:
        reader = getattr(self.module, "configured_model", None)
        return reader(self.env) if reader else None

    def _usage(self, answer, system: str, prompt: str) -> Usage:  # noqa: ANN001
        model = answer.model or self.model or self._configured_model() or ""
        usage = usage_for(model, local=False, input_tokens=answer.input_tokens, output_tokens=answer.output_tokens,
                          prompt_chars=len(system) + len(prompt), answer_chars=len(answer.text))
        if answer.cost_usd is not None:
            usage.cost_usd = answer.cost_usd
            usage.cost_reported = True
        return usage

    def _failure(self, failure, returncode: int | None):  # noqa: ANN001, ANN202
        from altimate_learn.reflect.providers import ProviderError, clean_error_text

        module = self.module
        said = clean_error_text(failure.detail, "") or f"exit {returncode}"
        kind = failure.kind
        hint = getattr(module, "failure_hint", None)
        if kind in ("connection", "not_found", "server", "auth") and hint is not None:
            told = hint(Path.cwd(), self.env)
            if told:
                return ProviderError(f"{self.label} failed ({said}).", told, kind=kind)
        if kind == "auth":
            import re

            # Codex names the variable its model provider's key is read from (`env_key`), which may not be OpenAI's
            missing = re.search(r"missing environment variable:?\s*`?([A-Za-z_][A-Za-z0-9_]*)", said, re.IGNORECASE)
            todo = f"set {missing.group(1)} (the key its model provider reads)" if missing else module.LOGIN
            return ProviderError(f"{self.label} is not logged in, or its credentials were refused ({said}).",
                                 f"To use it, {todo}; or choose another model with --model.", kind="auth")
        if kind == "rate_limit":
            return ProviderError(f"{self.label} is rate limited ({said}).",
                                 "Signals stay open; the next reflection retries after the backoff.",
                                 kind="rate_limit")
        if kind == "interactive":
            return ProviderError(f"{self.label} asked a question on its terminal instead of answering ({said}).",
                                 f"Run `{module.BINARY}` once in a terminal and answer it, then try again.",
                                 kind="interactive")
        if kind == "not_found":
            return ProviderError(f"{self.label}: the model was not found ({said}).",
                                 f"Check the name after '{self.name}/', or use --model {self.name} for its default.",
                                 kind="not_found")
        if kind == "connection":
            return ProviderError(f"{self.label} could not reach its model ({said}).",
                                 f"Check the network (and proxy) settings `{module.BINARY}` uses, then try again.",
                                 kind="connection")
        if kind == "version":
            return ProviderError(f"{self.label} does not accept a flag learn needs ({said}).",
                                 f"Update {module.TITLE} (learn's flags are tested with {module.TITLE} "
                                 f"{module.CHECKED}), or choose another model with --model.", kind="garbage")
        if kind == "garbage":
            return ProviderError(f"{self.label} answered in a shape learn does not read ({said}).",
                                 f"Check that `{module.BINARY}` works in a terminal; update it or learn, or choose "
                                 "another model with --model.", kind="garbage")
        return ProviderError(f"{self.label} failed (exit {returncode}): {said}.",
                             f"Run `{module.BINARY}` in a terminal to see why; signals stay open.", kind="server")


def _write_if_changed(path: Path, text: str) -> None:
    from altimate_learn.store.fsio import atomic_write

    try:
        if path.read_text(encoding="utf-8") == text:
            return
    except (OSError, UnicodeDecodeError):
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, text)
