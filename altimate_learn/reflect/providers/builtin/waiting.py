"""Corrections that wait for a model or a person with a reason of their own, not "no clear rule in it": the person's
own machine or shell (no team rule), and "don't stop to ask, just do it" (no rule written offline). The reasons are
what `learn signals --unlearned` lists them with; rules.rules_for gives them."""

from __future__ import annotations

import re

from altimate_learn.reflect.providers.builtin.vocabulary import OWN_SYSTEMS

OWN_SETUP = ("no team rule: it says what the person's own machine or shell is (\"I use the fish shell\", \"I'm on "
             "Windows\"); lessons are shared with the whole team, so a model or the person decides where it goes (a "
             "personal note belongs in your own AGENTS.local.md)")
# The person's own machine, system or shell, said in the first person (a real dev correction: "I use the fish shell. Why
# do you think I use zsh?"): "Write shell commands for fish." would reach every teammate, whose shell it is not; as
# `learn import-memories` keeps a person's own memories out of the team's candidate, the reflector keeps this out of it.
# "we're all on Windows", "our CI runs on Ubuntu", "this repo targets Linux" are the team's and not matched.
_OWN_SETUP = re.compile(r"\b(?:i(?:'m|\s+am|m)\s+(?:not\s+)?(?:on|using|running|in)|i\s+(?:only\s+|always\s+)?(?:use|run|work\s+(?:on|in)|"
                        r"develop\s+on|code\s+(?:on|in)|have)|i\s+(?:don'?t|do\s+not|dont)\s+(?:use|have|run)|"
                        r"my\s+(?:shell|os|machine|laptop|computer|terminal|system|setup|environment|dev\s+box|box)\s+(?:is|runs)"
                        r"(?:\s+on)?)\s+(?:a\s+|an\s+|the\s+)?" + OWN_SYSTEMS + r"(?:\s+(?:shell|terminal|machine|laptop|box))?\b"
                        r"|\bmy\s+" + OWN_SYSTEMS + r"\s+(?:shell|terminal|setup|config|preferences|settings)\b", re.I)


def own_setup(text: str) -> bool:
    """Whether the person says what their own machine, system or shell is (:data:`_OWN_SETUP`)."""
    return bool(_OWN_SETUP.search(text))


GO_ON = ("no rule written offline: it asks the agent to go on without asking or stopping (\"don't ask, just do it\"); "
         "how far that holds (never for a step that deletes or publishes) is for a model or a person to write")
# The autonomy form (refl44's dev sort: the largest group of real corrections with no lesson, 8): "Never stop to ask." would
# also cover a destructive step, and "just do it" is mostly about this task; written offline it is vague or unsafe, so it
# waits, with its own reason (refl45's decision, the lead's of #26)
_GO_ON = re.compile(r"\b(?:don'?t|dont|do\s+not|stop|quit|no\s+need\s+to)\s+(?:keep\s+)?(?:ask(?:ing)?(?:\s+me)?(?:\s+(?:to|for|whether|if)\b|"
                    r"\s*[,.!]|\s+(?:just|and|everything|anything)\b|$)|check(?:ing)?\s+(?:in\s+)?with\s+me|stopp?(?:ing)?\b)"
                    r"|\bjust\s+do\s+it\b|\bdo\s+(?:it|this|that|everything)\s+(?:yourself|automatically|on\s+your\s+own)\b"
                    r"|\bwhy\s+(?:do|did|are|would)\s+(?:you|u)\s+(?:keep\s+)?stop(?:ping)?(?:\s+(?:now|again|here|there|midway|halfway|"
                    r"working))?\s*(?:[?.!,]|$)"
                    r"|\bwork\s+(?:more\s+)?(?:independently|autonomously)\b|\bwithout\s+(?:stopping|rest(?:ing)?)\b"
                    r"|\bdont\s+ask\s+me\b|\bdon'?t\s+ask\s+me\b", re.I)


def go_on(text: str) -> bool:
    """Whether the person asks the agent to go on without asking or stopping (:data:`_GO_ON`)."""
    return bool(_GO_ON.search(text))


__all__ = ["GO_ON", "OWN_SETUP", "go_on", "own_setup"]
