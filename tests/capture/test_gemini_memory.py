"""Gemini CLI memories, on files produced the way Gemini CLI produces them.

`save_memory` below is a line-for-line port of google-gemini/gemini-cli
`packages/core/src/tools/memoryTool.ts` (`sanitizeFact`, `computeGlobalMemoryContent`,
`computeProjectMemoryContent`): the global fact goes under `## Gemini Added Memories` in `~/.gemini/GEMINI.md`,
a project fact is appended as a bare `- fact` line to `~/.gemini/tmp/<project>/memory/MEMORY.md`. The 0.61
layout (no `save_memory`: the model edits `MEMORY.md` and sibling notes itself, as its system prompt tells
it, see realagents/gemini/samples/requests) is written as that prompt asks: brief facts and one-line
pointers in `MEMORY.md`, detail in a sibling note.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from altimate_learn.capture.sessions import gemini_memory as gm
from altimate_learn.history.memory_import import scan

HEADER = "## Gemini Added Memories"


def _sanitize(fact: str) -> str:
    text = re.sub(r"[\r\n]", " ", fact).strip()
    text = re.sub(r"^(-+\s*)+", "", text).strip()
    return re.sub(r"[<>]", " ", text)


def _newline_separation(content: str) -> str:
    if not content:
        return ""
    if content.endswith("\n\n") or content.endswith("\r\n\r\n"):
        return ""
    if content.endswith("\n") or content.endswith("\r\n"):
        return "\n"
    return "\n\n"


def save_memory(path: Path, fact: str, scope: str = "global") -> None:
    """What Gemini CLI's save_memory writes (memoryTool.ts, ported)."""
    current = path.read_text() if path.exists() else ""
    item = f"- {_sanitize(fact)}"
    if scope == "project":
        if not current:
            new = f"{item}\n"
        elif current.endswith("\n"):
            new = f"{current}{item}\n"
        else:
            new = f"{current}\n{item}\n"
    else:
        at = current.find(HEADER)
        if at == -1:
            new = current + f"{_newline_separation(current)}{HEADER}\n{item}\n"
        else:
            start = at + len(HEADER)
            end = current.find("\n## ", start)
            end = len(current) if end == -1 else end
            before = current[:start].rstrip()
            section = current[start:end].rstrip() + f"\n{item}"
            after = current[end:]
            new = f"{before}\n{section.lstrip()}\n{after}".rstrip() + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(new)


def register(project: Path, slug: str) -> Path:
    """~/.gemini/projects.json as Gemini CLI records a project's short name; its tmp folder."""
    registry = Path.home() / ".gemini" / "projects.json"
    registry.parent.mkdir(parents=True, exist_ok=True)
    data = json.loads(registry.read_text()) if registry.exists() else {"projects": {}}
    data["projects"][str(project)] = slug
    registry.write_text(json.dumps(data))
    return Path.home() / ".gemini" / "tmp" / slug


def test_save_memory_facts_project_and_global(git_repo: Path, tmp_path: Path) -> None:
    from tests.conftest import git

    other = tmp_path / "repo-old"  # a sibling whose name starts like ours
    other.mkdir()
    git(other, "init", "-q")
    memory_index = register(git_repo, "repo") / "memory" / "MEMORY.md"
    save_memory(memory_index, "This project formats SQL with sqlfluff before committing.", scope="project")
    save_memory(memory_index, "- Run `make test`\nnot pytest directly, in this repo.", scope="project")
    save_memory(register(other, "repo-old") / "memory" / "MEMORY.md", "The old repo uses tabs.", scope="project")
    global_file = Path.home() / ".gemini" / "GEMINI.md"
    global_file.parent.mkdir(parents=True, exist_ok=True)
    global_file.write_text("# My global instructions\n\nBe brief.\n\n## Other section\n- not a memory\n")
    save_memory(global_file, "My preferred language is Python.")
    save_memory(global_file, "I like <b>tabs</b>.")
    assert global_file.read_text().endswith(
        "## Gemini Added Memories\n- My preferred language is Python.\n- I like  b tabs /b .\n")

    found = scan(git_repo, ["gemini"])
    assert [(m.type, m.rule, m.rel) for m in found.memories] == [
        ("user", "This project formats SQL with sqlfluff before committing.", "memory/MEMORY.md"),
        ("user", "Run `make test` not pytest directly, in this repo.", "memory/MEMORY.md"),
        ("user", "My preferred language is Python.", "~/.gemini/GEMINI.md"),
        ("user", "I like b tabs /b .", "~/.gemini/GEMINI.md"),  # whitespace folded, as in every bullet
    ]
    assert all(m.label == "Gemini CLI's memory" for m in found.memories)


def test_the_0_61_private_memory_index_and_its_notes(git_repo: Path) -> None:
    folder = register(git_repo, "repo") / "memory"
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text(
        "- Use `pnpm`, never npm, in this workspace.\n"
        "- [Local database setup](local-db.md) — how the dev database is started\n")
    (folder / "local-db.md").write_text(
        "# Local database setup\n\nStart the dev database with `docker compose up db` before running tests.\n\n"
        "## Details\n\nIt listens on port 5433 on this machine.\n")
    (folder / ".inbox").mkdir()
    (folder / ".inbox" / "private").mkdir()
    (folder / ".inbox" / "private" / "extraction.patch").write_text("+- not reviewed by the user yet\n")
    (folder / "GEMINI.md").write_text("# legacy\n\n## Gemini Added Memories\n- Legacy project fact.\n")
    found = scan(git_repo, ["gemini"])
    assert sorted((m.rel, m.name, m.rule) for m in found.memories) == sorted([
        ("memory/MEMORY.md", "Use `pnpm`, never npm, in this workspace.", "Use `pnpm`, never npm, in this workspace."),
        ("memory/local-db.md", "Local database setup",
         "Start the dev database with `docker compose up db` before running tests."),
        ("memory/GEMINI.md", "Legacy project fact.", "Legacy project fact."),
    ])
    note = next(m for m in found.memories if m.rel == "memory/local-db.md")
    assert "port 5433" in note.why and note.type == "user"


def test_the_private_project_memory_is_personal_and_comes_only_with_type_user(cli, git_repo: Path) -> None:
    """trial18: Gemini CLI 0.61's own prompt calls `~/.gemini/tmp/<project>/memory/` "personal-to-the-user", not to
    be committed (team conventions go to ./GEMINI.md), yet `learn import-memories` staged its facts and notes for
    the team ("On my machine the test database runs on port 5433"). Left out as personal, counted, and how to
    include them said; with `--type user` written to the person's own AGENTS.local.md."""
    from tests.history.test_memory_import import candidate

    folder = register(git_repo, "repo") / "memory"
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text("- On my machine the test database runs on port 5433.\n"
                                      "- [Editor setup](editor.md) — my editor\n")
    (folder / "editor.md").write_text("# Editor setup\n\nI open this repo in Helix with the ruff language server.\n")
    code, out, err = cli("status")
    assert code == 0, err
    assert "agent memories" not in out  # no team memory waiting to be imported
    code, out, err = cli("import-memories")
    assert code == 0, err
    assert "port 5433" not in out and "Helix" not in out and "staged" not in out
    assert ("Not imported: 2 user memories (personal; pass --type feedback,project,user to import them too; user "
            "memories go to your own AGENTS.local.md).") in out
    assert candidate(git_repo) == []
    code, out, err = cli("import-memories", "--type", "user")
    assert code == 0, err
    assert candidate(git_repo) == []  # personal: never the team's (trial21); the person's own file instead
    local = (git_repo / "AGENTS.local.md").read_text()
    assert "- I open this repo in Helix with the ruff language server." in local
    assert "- On my machine the test database runs on port 5433." in local
    code, out, err = cli("import-memories")  # imported once, left out again by default: not gone, nothing to retire
    assert code == 0, err
    assert "is gone" not in out and "learn retire" not in out and candidate(git_repo) == []


def test_a_pointer_to_a_note_that_is_gone_is_no_memory(git_repo: Path) -> None:
    """trial18: real Gemini CLI 0.61 wrote an index whose pointer named a note not written (or deleted since); the
    pointer line was proposed as the lesson "Deploy notes." A line that is only a link to a note is an index
    entry, whether the note exists or not; a fact that names a Markdown file is still a fact."""
    folder = register(git_repo, "repo") / "memory"
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text(
        "- Run `make lint` before committing in this repo.\n"
        "- [Deploy notes](deploy.md)\n"
        "- [Release checklist](release.md) — the steps of a release\n"
        "- Keep `CHANGELOG.md` entries under the Unreleased heading.\n")
    found = scan(git_repo, ["gemini"])
    assert sorted(m.rule for m in found.memories) == [
        "Keep `CHANGELOG.md` entries under the Unreleased heading.", "Run `make lint` before committing in this repo."]


def test_the_hashed_tmp_folder_of_older_versions_is_found(git_repo: Path) -> None:
    from altimate_learn.capture.sessions.gemini import project_hash

    folder = Path.home() / ".gemini" / "tmp" / project_hash(str(git_repo)) / "memory"
    save_memory(folder / "MEMORY.md", "Older Gemini kept this under the hash.", scope="project")
    assert [m.rule for m in scan(git_repo, ["gemini"]).memories] == ["Older Gemini kept this under the hash."]


def test_added_section_ends_at_the_next_heading() -> None:
    text = "intro\n## Gemini Added Memories\n- a\n- b\n## Later\n- c\n"
    assert gm.added_section(text) == ["- a", "- b"]
    assert gm.added_section("# nothing here\n") is None


def test_a_fact_that_points_to_its_note_keeps_its_words(cli, git_repo: Path) -> None:
    """review43 R43-5 (real Gemini CLI 0.61, which writes `MEMORY.md` as its prompt asks: brief facts pointing to
    sibling notes): "- On my machine … port 5433 (see [local-db](local-db.md))" was imported as "… port 5433 (see
    local-db)." (a pointer to nothing the reader has); once the note was written the whole line counted as a pointer,
    its fact was dropped and `import-memories` said the memory "is gone" although `MEMORY.md` still held it. The
    fact is its words before the pointer, with the note or without it; a line that is only a link stays a pointer."""
    folder = register(git_repo, "repo") / "memory"
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text(
        "- On my machine the test database listens on port 5433 (see [local-db](local-db.md)).\n"
        "- Deploys from this laptop need the VPN — see [deploy](deploy.md)\n"
        "- Update the changelog (CHANGELOG.md).\n"
        "- [Editor setup](editor.md)\n")
    facts = ["Deploys from this laptop need the VPN.", "On my machine the test database listens on port 5433.",
             "Update the changelog (CHANGELOG.md)."]
    assert sorted(m.rule for m in scan(git_repo, ["gemini"]).memories) == facts
    code, out, err = cli("import-memories", "--type", "user")
    assert code == 0, err
    local = (git_repo / "AGENTS.local.md").read_text()
    assert "- On my machine the test database listens on port 5433.\n" in local and "see local-db" not in local
    (folder / "local-db.md").write_text("# Local database\n\nThe test database runs in Docker on this machine.\n")
    (folder / "deploy.md").write_text("# Deploy\n\nConnect the VPN before `make deploy`.\n")
    found = scan(git_repo, ["gemini"])
    assert sorted(m.rule for m in found.memories if m.rel == "memory/MEMORY.md") == facts
    assert sorted(m.rel for m in found.memories if m.rel != "memory/MEMORY.md") == ["memory/deploy.md",
                                                                                     "memory/local-db.md"]
    code, out, err = cli("import-memories", "--type", "user")
    assert code == 0, err
    assert "is gone" not in out, out
    assert "- On my machine the test database listens on port 5433.\n" in (git_repo / "AGENTS.local.md").read_text()


def test_an_echo_of_a_lesson_learn_gave_gemini_is_not_written_to_the_personal_file(cli, git_repo: Path) -> None:
    """review49 R49-2, real Gemini CLI 0.61 + opencode 1.18.33: learn gave Gemini the approved "Use `httpx` everywhere
    instead of `requests`." with the first prompt; Gemini's private memory then held "Use httpx everywhere instead of
    requests.", which `import-memories --type user` wrote to AGENTS.local.md as the person's own note, and opencode's
    next request carried the rule twice in one system message (learn's section, then the learned notes). An echo of a
    lesson learn gave the agent is merged into it (as a team memory's echo is, trial24); the person's own facts are
    still written."""
    from tests.deliver.helpers import run_hook
    from tests.history.test_memory_import import approve, candidate

    approve(git_repo, ("L-aaaa0001", "Use `httpx` everywhere instead of `requests`."))
    prompt = {"session_id": "0c5d7a10-2b3c-4d5e-8f90-0000000000a1", "hook_event_name": "BeforeAgent",
              "prompt": "add a fetch helper", "cwd": str(git_repo), "timestamp": "2026-12-07T19:33:00.000Z",
              "transcript_path": str(git_repo / "chat.jsonl")}
    assert "everywhere instead of" in run_hook("gemini", prompt, cwd=git_repo).stdout  # the lesson reached Gemini
    index = register(git_repo, "repo") / "memory" / "MEMORY.md"
    save_memory(index, "Use httpx everywhere instead of requests.", scope="project")  # then Gemini kept it
    save_memory(index, "On my machine the test database listens on port 5433.", scope="project")
    code, out, err = cli("import-memories", "--type", "user")
    assert code == 0, err
    local = (git_repo / "AGENTS.local.md").read_text()
    assert "- On my machine the test database listens on port 5433." in local
    assert "httpx" not in local
    assert ("says what L-aaaa0001 says, which learn gave the agent before this memory was written: an echo of the "
            "lesson, not written to AGENTS.local.md") in out
    assert "Summary: 1 merged, 1 written to AGENTS.local.md (personal)." in out and candidate(git_repo) == []
    code, out, err = cli("import-memories", "--type", "user")
    assert code == 0 and "Nothing new to import." in out and (git_repo / "AGENTS.local.md").read_text() == local
