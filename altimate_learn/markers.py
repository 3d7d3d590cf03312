"""Markers around text that learn injects into an agent's context.

Every delivered section is wrapped in these tags, so session readers and hooks can recognise our own text
in a transcript or a hook payload and never read it back as something the user said
(:func:`strip_injected`; DESIGN: "Text we inject comes back").
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

# Our text comes back in whatever form the agent stored it: raw, HTML-escaped (Gemini CLI escapes `<` and `>`
# in every additionalContext), inside a JSON string (`\"`, `\u003c`), wrapped in the agent's own tags
# (Gemini's `<hook_context>`), in front of the prompt or in a part of its own. One pattern per tag covers every
# form; the regexes are compiled on use: every hook call imports this module for the constants, and most texts
# never hold a tag (a substring test says so first).
_LT = r"(?:<|&lt;|&#0*60;|&#x0*3c;|\\u003c)"
_GT = r"(?:>|&gt;|&#0*62;|&#x0*3e;|\\u003e)"
_QUOTE = r"(?:\\*\"|&quot;|&#0*34;|&#x0*22;|\\u0022)?"
_SECTION = (_LT + r"\s*team-rules\s+source=" + _QUOTE + r"altimate-learn" + _QUOTE + r"\s*" + _GT
            + r".*?(?:" + _LT + r"\s*\\?/\s*team-rules\s*" + _GT + r"|\Z)")
_BLOCK = (_LT + r"!--\s*(learn:(?:lessons|learned))\s*--" + _GT + r".*?(?:" + _LT + r"!--\s*/\1\s*--" + _GT
          + r"|\Z)")
# the agent's wrapper, once our text is out of it: nothing of anyone's is left inside
_EMPTY_WRAPPER = r"<(hook_context|system-reminder)>\s*</\1>"
_CLUES = ("team-rules", "learn:le")
_compiled = None


def _patterns():
    global _compiled
    if _compiled is None:
        import re

        _compiled = (re.compile(_SECTION, re.S | re.I), re.compile(_BLOCK, re.S | re.I), re.compile(_EMPTY_WRAPPER))
    return _compiled


def strip_injected(text: str) -> str:
    """``text`` without any text learn injected, in every form an agent echoes it (see above): the team-rules
    sections and the marked blocks of instruction files. An unclosed section runs to the end; an agent's
    wrapper left empty goes with it."""
    if not text or not any(clue in text for clue in _CLUES):
        return text
    section, block, wrapper = _patterns()
    out = block.sub("", section.sub("", text))
    return wrapper.sub("", out) if out != text else out


def is_injected(text: str) -> bool:
    """True when ``text`` holds text learn injected, in any form."""
    return bool(text) and strip_injected(text) != text


def strip_tagged(text: str, tags: tuple[str, ...]) -> str:
    """``text`` without the ``<tag>…</tag>`` blocks an agent wraps its own or a hook's context in (Gemini CLI's
    `<hook_context>`, `<session_context>`): they hold no one's typed words. An unclosed block runs to the end.
    Plain string search, so a hook that meets no tag pays for no regex engine."""
    for tag in tags:
        opening, closing = f"<{tag}>", f"</{tag}>"
        start = text.find(opening)
        while start >= 0:
            end = text.find(closing, start + len(opening))
            text = text[:start] + ("" if end < 0 else text[end + len(closing):])
            start = text.find(opening, start)
    return text


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


# The blocks learn manages in instruction files, as (opening, closing) markers: `instructions.block` gives them
# kinds; reading an instruction file on the hook path needs only the markers (no dataclasses, no subprocess).
MANAGED_BLOCKS = ((AGENTS_MD_OPEN, AGENTS_MD_CLOSE), (LEARNED_OPEN, LEARNED_CLOSE), (GRADUATED_OPEN, GRADUATED_CLOSE))


def positions(text: str, marker: str) -> list[int]:
    """Where ``marker`` starts in ``text``, each occurrence, in order."""
    out, start = [], 0
    while True:
        found = text.find(marker, start)
        if found < 0:
            return out
        out.append(found)
        start = found + len(marker)


def excise_managed(text: str) -> str:
    """``text`` without any block learn manages: one opening marker followed by one closing marker is cut with
    everything between; a file with unbalanced markers keeps them (not ours to cut)."""
    for opening, closing in MANAGED_BLOCKS:
        opens, closes = positions(text, opening), positions(text, closing)
        if len(opens) == 1 and len(closes) == 1 and opens[0] < closes[0]:
            text = text[:opens[0]] + text[closes[0] + len(closing):]
    return text
