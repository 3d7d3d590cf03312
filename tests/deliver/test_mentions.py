"""The files a lesson names in its text, as globs (issue 19: a lesson naming the file is about the file)."""

from __future__ import annotations

import pytest

from altimate_learn.deliver.mentions import file_mentions


@pytest.mark.parametrize(("text", "globs"), [
    ("Keep the batch size in `ledger/config.py`; never hard-code it.", ["**/ledger/config.py"]),
    ("Name staging models `stg_<source>__<table>.sql`.", ["**/stg_*__*.sql"]),
    ("Never commit `.env` files; add variables to `.env.example`.", ["**/.env", "**/.env.example"]),
    ("Every Dockerfile pins its base image; so does the `Makefile`.", ["**/Makefile", "**/Dockerfile"]),
    ("Tests go in `test_*.py` files; run `pytest tests/unit/test_api.py -q`.",
     ["**/test_*.py", "**/tests/unit/test_api.py"]),
    ("Set materializations in dbt_project.yml, see infra/terraform/modules/x/main.tf.",
     ["**/dbt_project.yml", "**/infra/terraform/modules/x/main.tf"]),
    ("Colocate `*.test.tsx` files and `*.{yml,yaml}` configs.", ["**/*.test.tsx", "**/*.{yml,yaml}"]),
])
def test_file_names_paths_and_name_patterns_become_globs(text: str, globs: list[str]):
    assert file_mentions(text) == globs


@pytest.mark.parametrize("text", [
    "Put components under `features/billing/components` and `src/**`.",  # folders
    "Read flags with `flags.isEnabled()`; convert with `cents_to_dollars(amount)`.",  # calls
    "Python 3.11 only; pin version 1.2.3.",  # versions
    "Format .py files with ruff, e.g. in CI.",  # an extension in prose, an abbreviation
    "Never fetch from `/etc/passwd` or `../secrets.txt`.",  # outside the project
    "Use `ref()` and `stg_` prefixes.",
])
def test_folders_calls_versions_and_paths_outside_the_project_name_no_file(text: str):
    assert file_mentions(text) == []
