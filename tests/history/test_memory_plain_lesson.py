"""A memory that backticks what an approved lesson says in plain words (a person typed the lesson with `learn
remember`, no backticks; Claude Code wrote the memory with them) is compared as the same names (review35 R35-3): the
same rule with a reason gets "may repeat", the same names the other way round "may contradict", another rule nothing."""

from __future__ import annotations

from tests.history.test_memory_import import approve, by_name, candidate, claude_folder, memory, run_json, write


def test_plain_lessons_are_read_with_the_memorys_names(cli, git_repo):
    approve(git_repo, ("L-aaaa0011", "Never commit .env files."), ("L-aaaa0012", "Use uv instead of pip."))
    folder = claude_folder(git_repo)
    write(folder, "feedback_env.md", memory("env", "feedback", "Never commit `.env` files; they hold local secrets."))
    write(folder, "feedback_uv.md", memory("uv", "feedback", "Use `uv` instead of `pip`; pip breaks the lockfile."))
    write(folder, "feedback_pip.md", memory("pip", "feedback", "Use `pip` instead of `uv`; uv is not installed in CI."))
    write(folder, "feedback_load.md", memory("load", "feedback", "Load settings from `.env` in development."))
    memories = by_name(run_json(cli))
    assert "may repeat L-aaaa0011" in memories["env"]["reason"]
    assert "may repeat L-aaaa0012" in memories["uv"]["reason"]
    assert "may contradict L-aaaa0012 (it gives `pip`, `uv` the other way round)" in memories["pip"]["reason"]
    assert "may repeat" not in (memories["load"].get("reason") or "")
    assert "may contradict" not in (memories["load"].get("reason") or "")
    staged = {lesson["text"]: lesson for lesson in candidate(git_repo)}
    assert "may repeat L-aaaa0011" in staged["Never commit `.env` files; they hold local secrets."]["provenance"]


def test_a_plain_memory_against_a_plain_lesson_says_it_may_contradict(cli, git_repo):
    """Both in plain words (review35 R35-8 residue): `learn remember` replaces such a lesson, the import staged the
    memory with no word."""
    approve(git_repo, ("L-aaaa0021", "Use uv, never pip."), ("L-aaaa0022", "Indent with spaces."))
    folder = claude_folder(git_repo)
    write(folder, "feedback_pip.md", memory("pip", "feedback", "Use pip to install dependencies."))
    write(folder, "feedback_named.md", memory("named", "feedback", "Use named exports only."))
    memories = by_name(run_json(cli))
    assert "may contradict L-aaaa0021 (it is for pip where the other says the opposite)" in memories["pip"]["reason"]
    assert "may contradict" not in (memories["named"].get("reason") or "")
