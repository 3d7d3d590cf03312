"""Our own injected text is recognised in every form an agent echoes it back (markers.strip_injected)."""

from __future__ import annotations

import json

import pytest

from altimate_learn.capture.exit_codes import shell_exit_code
from altimate_learn.markers import AGENTS_MD_CLOSE, AGENTS_MD_OPEN, is_injected, strip_injected, strip_tagged

SECTION = ('<team-rules source="altimate-learn">\nTeam conventions for this project (approved by the team):\n'
           "- Convert `amount_cents` with `cents_to_dollars` in staging models.\n</team-rules>")
USER = "thanks, that looks good"


def escaped(text: str) -> str:  # what Gemini CLI does to every additionalContext
    return text.replace("<", "&lt;").replace(">", "&gt;")


FORMS = {
    "raw": SECTION,
    "html-escaped": escaped(SECTION),
    "entity-escaped": SECTION.replace("<", "&#60;").replace(">", "&#x3e;").replace('"', "&quot;"),
    "json-string": json.dumps(SECTION)[1:-1],  # \" quotes
    "json-unicode": json.dumps(SECTION)[1:-1].replace("<", "\\u003c").replace(">", "\\u003e"),
    "gemini-wrapped": f"<hook_context>{escaped(SECTION)}</hook_context>",
    "system-reminder": f"<system-reminder>{SECTION}</system-reminder>",
    "unclosed": SECTION.rsplit("</team-rules>", 1)[0],
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_every_form_in_front_of_the_prompt_leaves_only_the_users_words(form: str):
    injected = FORMS[form]
    if form == "unclosed":  # runs to the end: only what came before it is the user's
        assert strip_injected(f"{USER}\n\n{injected}").strip() == USER
        return
    for text in (f"{injected}\n\n{USER}", f"{USER}\n\n{injected}", f"{injected}{USER}"):
        assert strip_injected(text).strip() == USER, text
        assert is_injected(text)
    assert strip_injected(injected).strip() == ""


def test_instruction_file_blocks_and_several_sections_go_too():
    block = f"{AGENTS_MD_OPEN}\n- a lesson\n{AGENTS_MD_CLOSE}"
    text = f"{escaped(block)}\n{SECTION}\nfix the build\n{SECTION}"
    assert strip_injected(text).strip() == "fix the build"


def test_text_that_only_mentions_the_tags_is_kept():
    for text in ("we use team-rules in the README", "the <hook_context> tag is Gemini's",
                 "look at learn:lessons later", "<team-rules> without our source stays"):
        assert strip_injected(text) == text and not is_injected(text)


def test_someone_elses_hook_context_is_not_ours_but_is_not_typed_either():
    other = "<hook_context>branch: main, 3 files changed</hook_context>\n\nplease fix the test"
    assert strip_injected(other) == other  # not ours: strip_injected leaves it
    assert strip_tagged(other, ("hook_context",)).strip() == "please fix the test"  # the readers drop it
    assert strip_tagged("<hook_context>never closed", ("hook_context",)) == ""


@pytest.mark.parametrize("text, code", [
    ("<untrusted_context>\nOutput: ls: cannot access '/nonexistent-0': No such file or directory\nExit Code: 2\n"
     "Process Group PGID: 23772\n</untrusted_context>", 2),  # Gemini CLI 0.61, recorded
    ("Output: boom\nExit Code: 1\nSignal: 9\nBackground PIDs: (none)\nProcess Group PGID: 1", 1),
    ("Output: ok\nProcess Group PGID: 23772", None),  # exit code 0 is not stated
    ("Output: the test printed\nExit Code: 5\nand then carried on\nProcess Group PGID: 1", None),
    ("Exit Code: not-a-number", None),
    ("", None),
])
def test_shell_exit_codes_are_read_only_from_geminis_trailer(text: str, code: int | None):
    assert shell_exit_code(text) == code
