"""The offline vet: a rule that says to use and to avoid the same commands as an instruction line restates it.

A Codex memory "use `uv add` for new dependencies, never pip" was staged beside AGENTS.md's "dependencies managed
with `uv` (`uv add PKG`, never `pip install`)" while Claude memories that restated AGENTS.md in closer words were
refused as duplicates (review14 R14-4): word overlap alone misses a restatement in other words. A rule is a
duplicate of a line when every command it names is named there with the same stance (use / never), it names at
least two (or one and the same situation words), and it says nothing else the line does not. A rule that adds a
command, a clause or a situation of its own, or points the other way, is no duplicate.
"""

from __future__ import annotations

import pytest

from altimate_learn.gates.offline import compare, sentences
from tests.gates.helpers import quarantined, texts, write_instructions

RESTATES = [
    ("Python 3.12, dependencies managed with `uv` (`uv add PKG`, never `pip install`).",
     "When adding dependencies, use `uv add` for new dependencies, never pip."),
    ("Use `pnpm add` to install packages, never `npm install`.", "Install packages with `pnpm add`, never npm."),
    ("Tests: `pytest -q` (never `python -m unittest`).", "Run tests with `pytest -q`, not `python -m unittest`."),
    ("Formatting is done by `ruff format`; do not use `black`.", "Format code with `ruff format` instead of `black`."),
    ("HTTP clients: `httpx` only, never `requests`.", "Use `httpx` for HTTP calls, never `requests`."),
    ("Dates are handled with `date-fns`, never `moment`.", "Use `date-fns` for dates instead of `moment`."),
    # one command, and the line holds everywhere: a rule for one place of it says no less (review14, Gemini memory)
    ("Log with `structlog`, never `print()`.", "Use `structlog` for logging in every service module."),
    ("Money is `Decimal`, never `float`.", "Never use `float` for money."),
]

SAYS_MORE_OR_OTHER = [
    # it adds a clause of its own
    ("Python 3.12, dependencies managed with `uv` (`uv add PKG`, never `pip install`).",
     "Use `uv add` for new dependencies, never pip, and commit the lock file."),
    # it adds a command of its own
    ("Python 3.12, dependencies managed with `uv` (`uv add PKG`, never `pip install`).",
     "Use `uv add` for dependencies and pin them in `pyproject.toml`, never pip."),
    # one of its commands the line does not name
    ("Use `pnpm add` for dev tools.", "Use `pnpm add`, never `npm install`."),
    ("Never use `requests` in scripts; use `urllib3`.", "Use `httpx` for outbound calls, never `requests`."),
    # the other way round on a command
    ("Never use `uv add` in CI; use `uv sync`.", "Use `uv add` for new dependencies, never `uv sync`."),
    # one command, but the line holds in one place only, or the rule adds a clause
    ("Use `uv` only for scripts in `tools/`.", "Use `uv`."),
    ("Log with `structlog`, never `print()`.", "Use `structlog` and bind the request id to every logger."),
    # another tool of the same family
    ("Use `pnpm add` to install packages, never `npm install`.", "Install packages with `yarn add`, never npm."),
]


def _duplicates(instruction: str, rule: str) -> list:
    found = [compare(rule, sentence) for sentence in sentences(instruction)]
    return [f for f in found if f is not None and f.verdict == "duplicate"]


@pytest.mark.parametrize("instruction,rule", RESTATES)
def test_a_rule_with_the_same_commands_and_stances_restates_the_line(instruction, rule):
    [finding] = _duplicates(instruction, rule)
    assert finding.quote == sentences(instruction)[0]


@pytest.mark.parametrize("instruction,rule", SAYS_MORE_OR_OTHER)
def test_a_rule_that_says_more_or_otherwise_is_no_duplicate(instruction, rule):
    assert _duplicates(instruction, rule) == []


AGENTS = """# Shop service

- Python 3.12, dependencies managed with `uv` (`uv add PKG`, never `pip install`).
- Log with `structlog`, never `print()`.
"""


def test_a_codex_memory_restating_agents_md_is_refused_like_a_claude_one(git_repo, cli):
    from altimate_learn.capture.sessions import codex_memory as cx

    write_instructions(git_repo, agents=AGENTS, claude=None)
    root = cx.codex_home() / "memories"
    root.mkdir(parents=True, exist_ok=True)
    (root / "MEMORY.md").write_text(
        f"# Task Group: {git_repo} shop service API work\n\nscope: the shop service of this checkout\n"
        f"applies_to: cwd={git_repo}; reuse_rule=safe for this checkout only\n\n## Task 1: add an endpoint, success\n\n"
        "### rollout_summary_files\n\n"
        f"- rollout_summaries/2026-11-20T09-41-05-ab12-endpoint.md (cwd={git_repo}, rollout_path=/home/dev/.codex/"
        "sessions/x.jsonl, updated_at=2026-11-20T09:41:05+00:00)\n\n## User preferences\n\n"
        '- when adding dependencies, the user corrected: "we use uv" -> use `uv add` for new dependencies, never pip '
        "[Task 1]\n")
    code, out, err = cli("import-memories", "--agent", "codex")
    assert code == 0, err
    assert "duplicates AGENTS.md" in out, out
    assert texts(git_repo) == [] and quarantined(git_repo) == []


def test_the_report_names_a_codex_memory_without_the_checkout_path(git_repo, cli):
    """review14 R14-4 (low): `--dry-run` named the memory with the checkout's absolute path, the real run and
    `show` without it."""
    from altimate_learn.capture.sessions import codex_memory as cx

    write_instructions(git_repo, agents="# Shop\n", claude=None)
    root = cx.codex_home() / "memories"
    root.mkdir(parents=True, exist_ok=True)
    (root / "MEMORY.md").write_text(
        f"# Task Group: {git_repo} api\n\nscope: the shop service of this checkout\n"
        f"applies_to: cwd={git_repo}; reuse_rule=safe for this checkout only\n\n## Task 1: add an endpoint, success\n\n"
        "### rollout_summary_files\n\n"
        f"- rollout_summaries/2026-11-20T09-41-05-ab12-endpoint.md (cwd={git_repo}, rollout_path=/home/dev/.codex/"
        "sessions/x.jsonl, updated_at=2026-11-20T09:41:05+00:00)\n\n## User preferences\n\n"
        '- when writing handlers, the user corrected: "dicts" -> return `pydantic` models from handlers [Task 1]\n')
    for extra in (["--dry-run"], []):
        code, out, err = cli("import-memories", "--agent", "codex", *extra)
        assert code == 0, err
        assert f"from Codex's memory '{git_repo.name} api / User preferences'" in out, out
        assert str(git_repo) not in out


def test_remember_of_what_agents_md_already_says_says_so(git_repo, cli):
    """A duplicate of an instruction line has nothing to fix in the file: the advice says it is already there."""
    write_instructions(git_repo, agents=AGENTS, claude=None)
    code, out, err = cli("remember", "Add dependencies with `uv add`, never `pip install`.")
    assert code == 0, err
    [item] = quarantined(git_repo)
    assert item["verdict"] == "duplicate"
    assert (f"AGENTS.md already says this, and every agent reads it: nothing to add. Discard it with `learn quarantine "
            f"drop {item['id']}`; to keep it as a lesson too, `learn quarantine release {item['id']} --force`.") in out
    assert "Fix AGENTS.md" not in out
