"""Estimated cost of a model call from a small price table.

Prices are list prices in US dollars per million tokens (input, output), matched on the longest
prefix of the model id, so `claude-sonnet-4-5-20250929` finds `claude-sonnet-4-5`. They are an
estimate: providers change prices, and cached or batched tokens cost less. A local server (Ollama,
LM Studio, vLLM, llama.cpp) costs nothing; an unknown hosted model has no price (``None``), which the
report prints as "cost unknown" rather than a made-up number.

When the provider reports no token counts, tokens are estimated at four characters per token and
the usage is marked ``estimated``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

# (input, output) USD per 1M tokens.
PRICES: dict[str, tuple[float, float]] = {
    # Anthropic
    "claude-opus-4": (15.0, 75.0),
    "claude-opus-4-5": (5.0, 25.0),
    "claude-sonnet-4": (3.0, 15.0),
    "claude-3-7-sonnet": (3.0, 15.0),
    "claude-3-5-sonnet": (3.0, 15.0),
    "claude-haiku-4-5": (1.0, 5.0),
    "claude-3-5-haiku": (0.8, 4.0),
    "claude-3-haiku": (0.25, 1.25),
    "claude-3-opus": (15.0, 75.0),
    # OpenAI
    "gpt-5": (1.25, 10.0),
    "gpt-5-mini": (0.25, 2.0),
    "gpt-5-nano": (0.05, 0.4),
    "gpt-4.1": (2.0, 8.0),
    "gpt-4.1-mini": (0.4, 1.6),
    "gpt-4.1-nano": (0.1, 0.4),
    "gpt-4o": (2.5, 10.0),
    "gpt-4o-mini": (0.15, 0.6),
    "gpt-4-turbo": (10.0, 30.0),
    "gpt-4": (30.0, 60.0),
    "o1": (15.0, 60.0),
    "o1-mini": (1.1, 4.4),
    "o1-pro": (150.0, 600.0),
    "o3": (2.0, 8.0),
    "o3-mini": (1.1, 4.4),
    "o4-mini": (1.1, 4.4),
    # Others reachable through OpenAI-compatible endpoints
    "deepseek-chat": (0.27, 1.1),
    "deepseek-reasoner": (0.55, 2.19),
    "gemini-2.5-pro": (1.25, 10.0),
    "gemini-2.5-flash": (0.3, 2.5),
    "gemini-2.5-flash-lite": (0.1, 0.4),
    "gemini-2.0-flash": (0.1, 0.4),
    "mistral-large": (2.0, 6.0),
    "mistral-small": (0.2, 0.6),
}

CHARS_PER_TOKEN = 4


@dataclass
class Usage:
    """Token use and estimated cost of one or more calls."""

    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float | None = 0.0
    estimated: bool = False  # token counts were estimated (the provider reported none)
    calls: int = 0
    cost_reported: bool = False  # the cost is the provider's own figure (an agent CLI's), not our estimate

    def add(self, other: Usage) -> Usage:
        if other.calls:
            self.cost_reported = other.cost_reported if not self.calls else self.cost_reported and other.cost_reported
        self.input_tokens += other.input_tokens
        self.output_tokens += other.output_tokens
        self.cost_usd = None if self.cost_usd is None or other.cost_usd is None else self.cost_usd + other.cost_usd
        self.estimated = self.estimated or other.estimated
        self.calls += other.calls
        return self

    def to_dict(self) -> dict[str, Any]:
        """The shape stored in history and `schedule.json` (cost rounded to a millionth of a dollar)."""
        shape: dict[str, Any] = {
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "cost_usd": None if self.cost_usd is None else round(self.cost_usd, 6),
            "estimated": self.estimated,
        }
        if self.cost_reported:
            shape["cost_reported"] = True
        return shape

    def describe(self) -> str:
        tokens = f"{self.input_tokens:,} input + {self.output_tokens:,} output tokens"
        if self.estimated:
            tokens += " (estimated: the provider reported no usage)"
        if self.cost_usd is None:
            cost = "cost unknown (no price for this model)"
        else:  # small calls keep their significant digits ($0.000027, not $0.0000)
            amount = f"${self.cost_usd:.4f}" if self.cost_usd >= 0.001 or self.cost_usd == 0 \
                else f"${self.cost_usd:.6f}"
            cost = f"cost {amount} (reported by the CLI)" if self.cost_reported else f"estimated cost {amount}"
        return f"{tokens}, {cost}"


def _normal(model_id: str) -> str:
    name = model_id.strip().lower().rsplit("/", 1)[-1]
    name = re.split(r"[:\[@]", name, maxsplit=1)[0]  # `:free`, `[1m]`, `@20250101` suffixes
    return name.replace(".", "-")


_NORMAL_PRICES = {_normal(k): v for k, v in PRICES.items()}


def price_for(model: str) -> tuple[float, float] | None:
    """(input, output) per million tokens for ``model`` (a bare id, or a routed one like `openai/gpt-4o`)."""
    name = _normal(model)
    best = ""
    for key in _NORMAL_PRICES:
        if (name == key or name.startswith(key + "-")) and len(key) > len(best):
            best = key
    return _NORMAL_PRICES[best] if best else None


def estimate_tokens(text: str) -> int:
    return max(1, (len(text) + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN) if text else 0


def usage_for(model: str, *, local: bool, input_tokens: int | None, output_tokens: int | None,
              prompt_chars: int, answer_chars: int) -> Usage:
    """Usage of one call: reported tokens when there are any, else estimated from characters."""
    estimated = input_tokens is None or output_tokens is None
    tin = input_tokens if input_tokens is not None else (prompt_chars + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN
    tout = output_tokens if output_tokens is not None else (answer_chars + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN
    if local:
        cost: float | None = 0.0
    else:
        price = price_for(model)
        cost = None if price is None else (tin * price[0] + tout * price[1]) / 1_000_000
    return Usage(tin, tout, cost, estimated, calls=1)
