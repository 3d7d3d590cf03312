"""Markers around text that learn injects into an agent's context.

Every delivered section is wrapped in these tags, so session readers can recognise our own text in a
transcript and never read it back as something the user said.
"""

from __future__ import annotations

SECTION_OPEN = '<team-rules source="altimate-learn">'
SECTION_CLOSE = "</team-rules>"
AGENTS_MD_OPEN = "<!-- learn:lessons -->"
AGENTS_MD_CLOSE = "<!-- /learn:lessons -->"
# The block the continual learner owns in an instruction file (AGENTS.md, AGENTS.local.md, the user's own file).
LEARNED_OPEN = "<!-- learn:learned -->"
LEARNED_CLOSE = "<!-- /learn:learned -->"

_SECTION = r'<team-rules source="altimate-learn">.*?(?:</team-rules>|\Z)'  # compiled on use: every hook
# call imports this module for the constants, and most never need a regex engine


def strip_injected(text: str) -> str:
    """``text`` without any section learn injected (an unclosed section runs to the end)."""
    if "<team-rules" not in text:
        return text
    import re

    return re.sub(_SECTION, "", text, flags=re.S)


def is_injected(text: str) -> bool:
    return SECTION_OPEN in text
