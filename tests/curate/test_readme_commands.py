"""The documented list of rejected and accepted commands (docs/reflect.md) is what the lint actually does."""

from __future__ import annotations

from pathlib import Path

import pytest

from altimate_learn.curate.lint import lint

# The curation rules moved from the README to docs/reflect.md (issue 17).
README = (Path(__file__).resolve().parents[2] / "docs" / "reflect.md").read_text(encoding="utf-8")

REJECTED = ["rm -rf build", "pip install requests", "npm install lodash",
            "go install golang.org/x/tools/cmd/goimports@latest", "curl", "sudo", "python -c", "base64 -d",
            "git credential", "| sh"]
ACCEPTED = ["make lint", "git add -A", "kubectl --context staging", "docker compose up -d db",
            "npx prettier --write .", "dbt build --select state:modified+", "pip install -e .",
            "pip install -r requirements.txt", "npm install", "npm ci", "go get ./...", "git push --force"]


def _lesson(command: str) -> str:
    return f"Run `{command}` before you open a PR." if "|" not in command else f"Never pipe output `x {command}`."


@pytest.mark.parametrize("command", REJECTED)
def test_commands_the_readme_says_are_rejected_are(command: str) -> None:
    assert f"`{command}" in README.split("- **Commands.**")[1].split("- **Verification flags.**")[0]
    result = lint(_lesson(command))
    assert not result.ok and result.rule == "shell-command", (command, result)


@pytest.mark.parametrize("command", ACCEPTED)
def test_commands_the_readme_says_are_accepted_are(command: str) -> None:
    assert f"`{command}`" in README.split("- **Commands.**")[1].split("- **Verification flags.**")[0]
    assert lint(_lesson(command)).ok, command
