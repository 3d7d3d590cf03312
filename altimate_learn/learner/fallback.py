"""The learner without a model: which exchanges the built-in reflector reads, and in what words.

People mostly correct an agent by asking, complaining or reminding, not by stating a rule. A model reads that;
the built-in reflector (:mod:`altimate_learn.reflect.providers.builtin`) only knows statements ("use X instead of
Y", "never X", "always X"). The common question and reminder forms are restated as the statement they carry
(:mod:`altimate_learn.reflect.providers.builtin.restate`, which `learn reflect` uses too) before it reads them:

==========================================================  ==================================================
typed                                                       restated
==========================================================  ==================================================
"remember we agreed to always run pytest -x first"          "always run pytest -x first"
"I told you already: migrations go in db/migrations/"      "migrations go in db/migrations/"
"didn't we say to use ruff instead of black?"               "use ruff instead of black"
"shouldn't this use ref() instead of the table name?"       "use ref() instead of the table name"
"why not use the logger?"                                    "use the logger"
"can you not use any in typescript?"                        "don't use any in typescript"
"why did you use npm install? this repo uses pnpm"          "use pnpm, not npm install"
==========================================================  ==================================================

Which exchanges: those the classifier calls a correction (its hint; not when only its trained model does, which
waits for a model), and those in a reminder or corrective
question form above even when the classifier missed them (a reminder of something agreed is a correction by
its form). A plain statement about the project ("this repo uses pnpm") is restated only inside an exchange
chosen for one of those reasons: on its own it is information, not a correction. Nothing is invented: a form
that carries no statement (a bare "why is this still broken?") is left to a model, and the built-in reflector
still decides whether what remains is a clean rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from altimate_learn.capture.second_opinion import is_model_reason
from altimate_learn.learner.digest import Exchange
from altimate_learn.reflect.providers.builtin.restate import restate


def feedback_items(exchanges: Iterable[Exchange], signals: dict[tuple[str, str], str] | None = None
                   ) -> tuple[list[Any], list[Exchange]]:
    """(the built-in reflector's input, the exchanges that wait for the next run).

    The input: the classifier's corrections and the reminders and corrective questions it missed, each restated
    and citing its exchange (and carrying the id of the classifier's signal for it, from ``signals``, so the
    signal is consumed only when a lesson came from it). The built-in reflector adds at most :data:`MAX_ADDS`
    lessons a run; an exchange with
    a rule past that waits, with everything after it in its session, instead of being marked as read and lost."""
    from altimate_learn.reflect.providers.builtin import MAX_ADDS, FeedbackItem, extract_rule

    exchanges = list(exchanges)
    items: list[Any] = []
    waiting: list[Exchange] = []
    after = _next_message(exchanges)
    stopped: set[str] = set()
    rules = 0
    for exchange in exchanges:
        if exchange.key in stopped:
            waiting.append(exchange)
            continue
        text, corrective = restate(exchange.text)
        if not (exchange.hint or corrective) or (is_model_reason(exchange.hint) and not corrective):
            continue  # a correction only the trained model saw waits for a model, as in `learn reflect`
        if extract_rule(text) is not None:
            if rules >= MAX_ADDS:
                stopped.add(exchange.key)
                waiting.append(exchange)
                continue
            rules += 1
        signal = (signals or {}).get((exchange.session, exchange.message_id))
        items.append(FeedbackItem("user_correction", exchange.text, signal, exchange.ref, list(exchange.files),
                                  at=exchange.at, until=after.get(exchange.ref)))
    return items, waiting


def _next_message(exchanges: list[Exchange]) -> dict[str, str | None]:
    """ref -> when the person typed their next message of the same session (None for the last one read): the end of
    the turn that answered it, in which an agent's memory of that message is written (review39 R39-5)."""
    out: dict[str, str | None] = {}
    last: dict[str, Exchange] = {}
    for exchange in sorted(exchanges, key=lambda e: (e.session, e.index)):
        before = last.get(exchange.session)
        if before is not None:
            out[before.ref] = exchange.at
        last[exchange.session] = exchange
        out.setdefault(exchange.ref, None)
    return out


__all__ = ["feedback_items", "restate"]
