"""A multi-megabyte paste costs the prompt hook what a page does (review35 R35-7).

People paste a log, a diff or a whole file and type what they want after it. The request tier read all of it: a 1.6 MB
paste took the UserPromptSubmit hook ~3 s of CPU (12 s wall on a loaded machine, where Claude Code's hook timeout is
15 s). A request longer than `REQUEST_CHARS` is now matched on its start and its end (`textclip.head_and_tail`), and
the hook log says how much it read; a word typed after the paste still brings its lesson.
"""

from __future__ import annotations

from pathlib import Path

from altimate_learn.deliver.engine import PATH_CHARS, REQUEST_CHARS
from tests.deliver.helpers import hook, learn_dir, lesson, write_store

STRUCTLOG = lesson("L-1001", "Use `structlog` loggers from `app.logging`; never call `print` in services.")
FLAKY = lesson("L-1002", "A flaky test gets a ticket and the `@flaky` marker, never a sleep.")
ZEPPELIN = lesson("L-1003", "Zeppelin notebooks are exported to `notebooks/` as JSON before review.")
# Conventions the team pinned: they fill the session-start section, so what the request brings is its own.
WORDS = ("amber", "basil", "cedar", "dahlia", "ember", "fennel", "garnet", "hazel", "indigo", "juniper", "kelp",
         "lilac", "maple", "nutmeg", "olive")
FILLER = [lesson(f"L-2{n:03x}", f"Kiosk {word} banners fade after {n + 3} seconds.", pinned=True)
          for n, word in enumerate(WORDS)]


def _paste(megabytes: float, middle: str) -> str:
    line = "2026-12-01T10:00:00Z WARN worker queue depth high, backlog growing, consumer lag rising"
    count = int(megabytes * 1_000_000 / (len(line) + 1))
    lines = [line] * count
    lines[count // 2] = middle  # a word only the middle of the paste has
    return "\n".join(lines)


def test_a_word_typed_after_a_huge_paste_brings_its_lesson_and_the_hook_reads_a_bounded_part(git_repo: Path):
    write_store(git_repo, [STRUCTLOG, FLAKY, ZEPPELIN, *FILLER])
    paste = _paste(3, "zeppelin notebook export failed")
    prompt = f"the flaky test again, log below:\n{paste}\n\nfix it, and log with structlog there instead of print"
    assert len(prompt) > 2_900_000
    hook(git_repo, "s-1", "SessionStart", source="startup")
    said = hook(git_repo, "s-1", "UserPromptSubmit", prompt=prompt, prompt_id="p-1")
    assert STRUCTLOG["text"] in said  # typed after the paste
    assert FLAKY["text"] in said  # typed before it
    assert ZEPPELIN["text"] not in said  # the middle of the paste is not read
    log = (learn_dir(git_repo) / ".sessions" / "hook.log").read_text()
    line = next(row for row in log.splitlines() if "request of" in row)
    assert f"request of {len(prompt):,} characters" in line
    read = int(line.split("(")[1].split(" characters")[0].replace(",", ""))
    assert 0.9 * REQUEST_CHARS <= read <= REQUEST_CHARS


def test_a_request_of_ordinary_length_is_read_whole(git_repo: Path):
    write_store(git_repo, [STRUCTLOG, FLAKY, ZEPPELIN, *FILLER])
    paste = _paste(0.004, "zeppelin notebook export failed")
    prompt = f"the flaky test again, log below:\n{paste}\n\nfix it, and log with structlog there instead of print"
    assert len(prompt) < REQUEST_CHARS
    hook(git_repo, "s-1", "SessionStart", source="startup")
    said = hook(git_repo, "s-1", "UserPromptSubmit", prompt=prompt, prompt_id="p-1")
    assert STRUCTLOG["text"] in said and ZEPPELIN["text"] in said
    log = learn_dir(git_repo) / ".sessions" / "hook.log"
    assert not log.exists() or "request of" not in log.read_text()


STAGING = lesson("L-1004", "Staging models select from `source()` only, one model per source table.",
                 paths=["models/staging/**"])


def test_a_file_a_pasted_log_names_in_its_middle_brings_its_lessons(git_repo: Path):
    """A dbt or CI log of tens of kilobytes names the failing file in its middle (review36 R36-7): the files a request
    names are read from up to PATH_CHARS of it, its words from REQUEST_CHARS."""
    write_store(git_repo, [STRUCTLOG, FLAKY, ZEPPELIN, STAGING, *FILLER])
    (git_repo / "models" / "staging").mkdir(parents=True)
    (git_repo / "models" / "staging" / "stg_orders.sql").write_text("select 1\n")
    paste = _paste(0.04, "Database Error in model stg_orders (models/staging/stg_orders.sql)")
    prompt = f"dbt run failed:\n{paste}\n\nwhat went wrong?"
    assert REQUEST_CHARS < len(prompt) < PATH_CHARS
    hook(git_repo, "s-1", "SessionStart", source="startup")
    said = hook(git_repo, "s-1", "UserPromptSubmit", prompt=prompt, prompt_id="p-1")
    assert STAGING["text"] in said and "[applies to: models/staging/**]" in said
