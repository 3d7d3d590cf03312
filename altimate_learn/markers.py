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
# The block `learn tidy` graduates proven lessons into (AGENTS.md, CLAUDE.md, GEMINI.md of the project).
GRADUATED_OPEN = "<!-- learn:graduated -->"
GRADUATED_CLOSE = "<!-- /learn:graduated -->"

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


# An agent CLI that learn runs as its model (`--model claude-code`, `codex`, `gemini-cli`, `opencode`) works in a
# folder of this name and gets a prompt that starts with MODEL_CALL_MARK, so no reader, capture or bootstrap
# ever takes the session such a call may leave behind for a person's (a reflection of a reflection would read
# the user's corrections back out of our own digest). Its environment carries MODEL_CALL_ENV=1 and
# ALTIMATE_LEARN=0, so learn's hooks, if the CLI runs any, do nothing.
MODEL_CALL_DIR = "altimate-learn-model"
MODEL_CALL_MARK = "(altimate-learn: a model call made by learn, not a person's session)"
MODEL_CALL_ENV = "ALTIMATE_LEARN_MODEL_CALL"


def is_model_call_dir(path: str | None) -> bool:
    """True for a working folder of learn's own model calls (or a folder inside one)."""
    if not path or not isinstance(path, str):
        return False
    return any(part == MODEL_CALL_DIR or part.startswith(MODEL_CALL_DIR + "-")
               for part in path.replace("\\", "/").split("/"))


def is_model_call_prompt(text: str | None) -> bool:
    """True for the prompt of one of learn's own model calls (an agent may put hook context in front of it)."""
    return bool(text) and MODEL_CALL_MARK in text[:4000]  # type: ignore[index]


# The data fences of learn's own model prompts (`<<<LESSONS 1a2b3c4d>>>` … `<<<END LESSONS 1a2b3c4d>>>`): an agent
# CLI run headless as learn's reflector records that prompt as a user message, and its session is learn's own.
_PROMPT_FENCE = r"<<<([A-Z][A-Z ]*?) ([0-9a-f]{8})\b[^>\n]*>>>.*?<<<END \1 \2>>>"


def is_learn_prompt(text: str) -> bool:
    """True when ``text`` holds a prompt learn sent to a model (a fenced data block with its random tag)."""
    if "<<<" not in text:
        return False
    import re

    return re.search(_PROMPT_FENCE, text, flags=re.S) is not None
