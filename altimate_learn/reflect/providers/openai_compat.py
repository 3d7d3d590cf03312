"""OpenAI chat completions over HTTP: OpenAI, and any compatible server (Ollama, vLLM, LM Studio,
llama.cpp server, OpenRouter, Groq, …) at its base URL.

One non-streaming request: a system and a user message, temperature 0, no tools. OpenAI's reasoning
models (o1/o3/o4, gpt-5) refuse a temperature other than the default and take
``max_completion_tokens`` instead of ``max_tokens``; they get the request they accept.
"""

from __future__ import annotations

import re
from typing import Any

from altimate_learn.reflect.pricing import usage_for
from altimate_learn.reflect.providers import Completion, ProviderError, ProviderSpec, post_json

_REASONING = re.compile(r"^(o[134](-|$)|gpt-5)")


class OpenAICompatModel:
    def __init__(self, spec: ProviderSpec, model: str, base_url: str, key: str) -> None:
        self.spec = spec
        self.model = model
        self.base_url = base_url.rstrip("/")
        self._key = key
        self.label = f"{spec.name}/{model}"

    def __repr__(self) -> str:  # never show the key
        return f"OpenAICompatModel({self.label!r}, {self.base_url!r})"

    def request_body(self, system: str, prompt: str, max_tokens: int) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": prompt}],
            "stream": False,
        }
        if self.spec.name == "openai" and _REASONING.match(self.model.lower()):
            body["max_completion_tokens"] = max_tokens
        else:
            body["temperature"] = 0
            body["max_tokens"] = max_tokens
        return body

    def complete(self, system: str, prompt: str, *, timeout: float, max_tokens: int) -> Completion:
        headers = {"Authorization": f"Bearer {self._key}"} if self._key else {}
        answer = post_json(f"{self.base_url}/chat/completions", headers, self.request_body(system, prompt, max_tokens),
                           timeout=timeout, label=self.label, key=self._key, key_env=self.spec.api_key_env)
        if isinstance(answer.get("error"), (dict, str)):  # some servers answer 200 with an error object
            err = answer["error"]
            message = err.get("message", "") if isinstance(err, dict) else err
            from altimate_learn.reflect.providers import clean_error_text

            raise ProviderError(f"{self.label} answered with an error: {clean_error_text(str(message), self._key)}.",
                                "Check the model name, or try again later.", kind="server")
        choices = answer.get("choices")
        message = choices[0].get("message") if isinstance(choices, list) and choices and isinstance(choices[0], dict) \
            else None
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, list):  # content parts
            content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
        if not isinstance(content, str):
            raise ProviderError(f"{self.label} answered without a message (no choices[0].message.content).",
                                "Check that the base URL serves OpenAI chat completions.", kind="garbage")
        usage = answer.get("usage") if isinstance(answer.get("usage"), dict) else {}
        tin, tout = usage.get("prompt_tokens"), usage.get("completion_tokens")
        tin = tin if isinstance(tin, int) and tin >= 0 else None
        tout = tout if isinstance(tout, int) and tout >= 0 else None
        return Completion(content, usage_for(self.model, local=self.spec.local, input_tokens=tin,
                                             output_tokens=tout, prompt_chars=len(system) + len(prompt),
                                             answer_chars=len(content)),
                          str(answer.get("model") or self.model))
