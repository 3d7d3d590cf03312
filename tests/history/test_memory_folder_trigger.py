"""A folder a memory names without a trailing slash ("under tests/integration") was a path trigger matching no file
(review31 R31-1): the file tier never showed the lesson for the files in it. It is the files in the folder now; a
path ending in a file people keep without an extension (`docker/Dockerfile`, `bin/setup` where the project has it)
stays that file."""

from __future__ import annotations

import json

from tests.history.test_memory_import import candidate, claude_folder, memory, run_json, write


def test_a_folder_named_without_a_slash_scopes_the_lesson_to_the_files_in_it(cli, git_repo, run_learn):
    (git_repo / "tests" / "integration").mkdir(parents=True)
    (git_repo / "tests" / "integration" / "test_orders.py").write_text("def test_x():\n    pass\n")
    write(claude_folder(git_repo), "feedback_pg.md", memory(
        "docker-postgres", "feedback", "Use the docker postgres fixture in integration tests, never sqlite.\n\n"
        "**Why:** sqlite hid a JSONB bug.\n"
        "**How to apply:** when writing tests under tests/integration, use the docker postgres fixture."))
    run_json(cli)
    [lesson] = candidate(git_repo)
    assert lesson["trigger"]["paths"] == ["tests/integration/**"]
    assert cli("promote", "--yes")[0] == 0
    out = json.loads(run_learn("deliver", "--session", "s1", "--file", "tests/integration/test_orders.py", "--json",
                               cwd=git_repo).stdout)
    assert [item["id"] for item in out["lessons"]] == [lesson["id"]]


def test_a_path_to_a_file_without_an_extension_stays_that_file(cli, git_repo):
    (git_repo / "docker").mkdir()
    (git_repo / "docker" / "Dockerfile").write_text("FROM python:3.12\n")
    (git_repo / "bin").mkdir()
    (git_repo / "bin" / "setup").write_text("#!/bin/sh\n")
    write(claude_folder(git_repo), "feedback_docker.md", memory(
        "docker-pin", "feedback", "Pin base images by digest.\n\n**How to apply:** in docker/Dockerfile."))
    write(claude_folder(git_repo), "feedback_setup.md", memory(
        "setup-idempotent", "feedback", "Keep the setup script idempotent.\n\n**How to apply:** when editing bin/setup."))
    run_json(cli)
    lessons = {l["text"]: l for l in candidate(git_repo)}
    assert lessons["Pin base images by digest."]["trigger"] == {"paths": ["docker/Dockerfile"]}
    assert lessons["Keep the setup script idempotent."]["trigger"] == {"paths": ["bin/setup"]}
