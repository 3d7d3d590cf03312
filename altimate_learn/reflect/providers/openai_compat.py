"""OpenAI chat completions over HTTP: OpenAI, and any compatible server (Ollama, vLLM, LM Studio,
llama.cpp server, OpenRouter, Groq, …) at its base URL.

One non-streaming request: a system and a user message, temperature 0, no tools. OpenAI's reasoning
models (o1/o3/o4, gpt-5) refuse a temperature other than the default and take
``max_completion_tokens`` instead of ``max_tokens``; they get the request they accept, with room for
their hidden reasoning tokens (which count against that limit).

Models and servers keep changing what they accept, so a request refused for one of those fields
(HTTP 400 naming ``max_tokens``, ``max_completion_tokens``, ``temperature`` or the system role) is sent
again once, adapted the way the error says, and the adaptation is kept for this model's later calls.
"""

from __future__ import annotations

import re
import time
from typing import Any

from altimate_learn.progress import observed
from altimate_learn.reflect.pricing import usage_for
from altimate_learn.reflect.providers import Completion, ProviderError, ProviderSpec, clean_error_text, post_json

_REASONING = re.compile(r"^(o[134](-|$)|gpt-5)")
REASONING_ROOM = 4  # reasoning models think before they answer: their limit is this many times the answer's
MAX_ADAPTATIONS = 3


class OpenAICompatModel:
    def __init__(self, spec: ProviderSpec, model: str, base_url: str, key: str) -> None:
        self.spec = spec
        self.model = model
        self.base_url = base_url.rstrip("/")
        self._key = key
        self.label = f"{spec.name}/{model}"
        # What the server told us it refuses, learnt from a 400 and kept for the next calls.
        self._adapted: set[str] = set()

    def __repr__(self) -> str:  # never show the key
        return f"OpenAICompatModel({self.label!r}, {self.base_url!r})"

    @property
    def reasoning(self) -> bool:
        return bool(_REASONING.match(self.model.lower().rsplit("/", 1)[-1]))

    def request_body(self, system: str, prompt: str, max_tokens: int) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": prompt}],
            "stream": False,
        }
        if self.spec.name == "openai" and self.reasoning:
            body["max_completion_tokens"] = max_tokens * REASONING_ROOM
        else:
            body["temperature"] = 0
            body["max_tokens"] = max_tokens
        for change in sorted(self._adapted):
            _apply(body, change)
        return body

    def _adapt(self, body: dict[str, Any], exc: ProviderError) -> str | None:
        """The change a refused request asks for, or None when the refusal is about something else."""
        param = exc.param.lower()
        text = f"{param} {exc.detail}".lower()
        if not re.search(r"unsupported|not supported|does not support|unrecognized|unknown|extra|not allowed|"
                         r"not permitted|instead|only the default", text):
            return None  # "max_tokens is too large" is about the value, not the field
        if "max_tokens" in body and (param == "max_tokens" or "max_completion_tokens" in text):
            return "max_completion_tokens"
        if "max_completion_tokens" in body and (param == "max_completion_tokens" or "max_completion_tokens" in text):
            return "max_tokens"
        if "temperature" in body and (param == "temperature" or "temperature" in text):
            return "no_temperature"
        if body["messages"][0]["role"] == "system" and (param.startswith("messages") or "system" in text) \
                and ("role" in text or "system" in text):
            return "no_system"
        return None

    @observed  # a spinner on a terminal while it answers (altimate_learn.progress)
    def complete(self, system: str, prompt: str, *, timeout: float, max_tokens: int) -> Completion:
        headers = {"Authorization": f"Bearer {self._key}"} if self._key else {}
        deadline = time.monotonic() + timeout
        body = self.request_body(system, prompt, max_tokens)
        for attempt in range(MAX_ADAPTATIONS + 1):
            try:
                left = timeout if attempt == 0 else max(0.001, deadline - time.monotonic())
                answer = post_json(f"{self.base_url}/chat/completions", headers, body,
                                   timeout=left, label=self.label, key=self._key,
                                   key_env=self.spec.api_key_env)
                break
            except ProviderError as exc:
                change = self._adapt(body, exc) if exc.kind == "bad_request" else None
                if change is None or change in self._adapted or attempt == MAX_ADAPTATIONS \
                        or deadline - time.monotonic() < 1:
                    raise
                self._adapted.add(change)
                _apply(body, change)
        return self._parse(answer, system, prompt)

    def _parse(self, answer: dict[str, Any], system: str, prompt: str) -> Completion:
        if isinstance(answer.get("error"), (dict, str)):  # some servers answer 200 with an error object
            err = answer["error"]
            message = err.get("message", "") if isinstance(err, dict) else err
            raise ProviderError(f"{self.label} answered with an error: {clean_error_text(str(message), self._key)}.",
                                "Check the model name, or try again later.", kind="server")
        choices = answer.get("choices")
        choice = choices[0] if isinstance(choices, list) and choices and isinstance(choices[0], dict) else {}
        message = choice.get("message")
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, list):  # content parts
            content = "".join(p.get("text", "") for p in content if isinstance(p, dict)
                              and isinstance(p.get("text"), str))
        if isinstance(message, dict) and isinstance(message.get("refusal"), str) and message["refusal"].strip() \
                and not (isinstance(content, str) and content.strip()):
            raise ProviderError(f"{self.label} declined to answer: {clean_error_text(message['refusal'], self._key)}.",
                                "Try again, or choose another model with --model.", kind="garbage")
        if choice.get("finish_reason") == "length" and not (isinstance(content, str) and content.strip()):
            raise ProviderError(f"{self.label} used its whole token limit without answering "
                                "(finish_reason: length; reasoning models spend tokens thinking first).",
                                "Choose a model that reasons less, or a non-reasoning model, with --model.",
                                kind="garbage")
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


def _apply(body: dict[str, Any], change: str) -> None:
    if change == "max_completion_tokens" and "max_tokens" in body:
        body["max_completion_tokens"] = body.pop("max_tokens")
    elif change == "max_tokens" and "max_completion_tokens" in body:
        body["max_tokens"] = body.pop("max_completion_tokens")
    elif change == "no_temperature":
        body.pop("temperature", None)
    elif change == "no_system" and body["messages"] and body["messages"][0]["role"] == "system":
        system = body["messages"].pop(0)["content"]
        body["messages"][0] = {"role": "user", "content": f"{system}\n\n{body['messages'][0]['content']}"}
