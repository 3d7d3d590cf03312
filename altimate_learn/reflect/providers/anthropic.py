"""Anthropic Messages over HTTP (``POST {ANTHROPIC_BASE_URL}/v1/messages``).

One non-streaming request with ``x-api-key`` and the ``anthropic-version`` header; the system prompt
in ``system``, one user message, temperature 0, no tools.
"""

from __future__ import annotations

from typing import Any

from altimate_learn.progress import observed
from altimate_learn.reflect.pricing import usage_for
from altimate_learn.reflect.providers import Completion, ProviderError, ProviderSpec, post_json

ANTHROPIC_VERSION = "2023-06-01"


class AnthropicModel:
    def __init__(self, spec: ProviderSpec, model: str, base_url: str, key: str) -> None:
        self.spec = spec
        self.model = model
        base = base_url.rstrip("/")
        self.endpoint = f"{base}/messages" if base.endswith("/v1") else f"{base}/v1/messages"
        self._key = key
        self.label = f"{spec.name}/{model}"

    def __repr__(self) -> str:  # never show the key
        return f"AnthropicModel({self.label!r}, {self.endpoint!r})"

    def request_body(self, system: str, prompt: str, max_tokens: int) -> dict[str, Any]:
        return {"model": self.model, "max_tokens": max_tokens, "temperature": 0, "system": system,
                "messages": [{"role": "user", "content": prompt}]}

    @observed  # a spinner on a terminal while it answers (altimate_learn.progress)
    def complete(self, system: str, prompt: str, *, timeout: float, max_tokens: int) -> Completion:
        headers = {"anthropic-version": ANTHROPIC_VERSION}
        if self._key:
            headers["x-api-key"] = self._key
        answer = post_json(self.endpoint, headers, self.request_body(system, prompt, max_tokens), timeout=timeout,
                           label=self.label, key=self._key, key_env=self.spec.api_key_env)
        if answer.get("type") == "error":
            err = answer.get("error") if isinstance(answer.get("error"), dict) else {}
            from altimate_learn.reflect.providers import clean_error_text

            raise ProviderError(f"{self.label} answered with an error: "
                                f"{clean_error_text(str(err.get('message', '')), self._key)}.",
                                "Try again later, or choose another model with --model.", kind="server")
        blocks = answer.get("content")
        if not isinstance(blocks, list):
            raise ProviderError(f"{self.label} answered without content blocks.",
                                "Check that ANTHROPIC_BASE_URL serves the Messages API.", kind="garbage")
        text = "".join(b.get("text", "") for b in blocks if isinstance(b, dict) and b.get("type") == "text"
                       and isinstance(b.get("text"), str))
        usage = answer.get("usage") if isinstance(answer.get("usage"), dict) else {}
        tin, tout = usage.get("input_tokens"), usage.get("output_tokens")
        tin = tin if isinstance(tin, int) and tin >= 0 else None
        if tin is not None:  # cached prompt tokens are input too
            for extra in ("cache_read_input_tokens", "cache_creation_input_tokens"):
                if isinstance(usage.get(extra), int) and usage[extra] > 0:
                    tin += usage[extra]
        tout = tout if isinstance(tout, int) and tout >= 0 else None
        return Completion(text, usage_for(self.model, local=self.spec.local, input_tokens=tin, output_tokens=tout,
                                          prompt_chars=len(system) + len(prompt), answer_chars=len(text)),
                          str(answer.get("model") or self.model))
