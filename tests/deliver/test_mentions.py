"""The files a lesson names in its text, as globs (issue 19: a lesson naming the file is about the file)."""

from __future__ import annotations

import pytest

from altimate_learn.deliver.mentions import file_mentions


@pytest.mark.parametrize(("text", "globs"), [
    ("Keep the batch size in `ledger/config.py`; never hard-code it.", ["**/ledger/config.py", "**/ledger/_config.py"]),
    ("Name staging models `stg_<source>__<table>.sql`.", ["**/stg_*__*.sql"]),
    ("Never commit `.env` files; add variables to `.env.example`.", ["**/.env", "**/.env.example"]),
    ("Every Dockerfile pins its base image; so does the `Makefile`.", ["**/Makefile", "**/Dockerfile"]),
    ("Tests go in `test_*.py` files; run `pytest tests/unit/test_api.py -q`.",
     ["**/test_*.py", "**/tests/unit/test_api.py", "**/tests/unit/_test_api.py"]),
    ("Set materializations in dbt_project.yml, see infra/terraform/modules/x/main.tf.",
     ["**/dbt_project.yml", "**/infra/terraform/modules/x/main.tf", "**/_dbt_project.yml",
      "**/infra/terraform/modules/x/_main.tf"]),
    # a leading underscore marks the project's own copy or a partial of the file the lesson names
    ("Declare freshness checks for every source in `sources.yml`.", ["**/sources.yml", "**/_sources.yml"]),
    ("Colocate `*.test.tsx` files and `*.{yml,yaml}` configs.", ["**/*.test.tsx", "**/*.{yml,yaml}"]),
])
def test_file_names_paths_and_name_patterns_become_globs(text: str, globs: list[str]):
    assert file_mentions(text) == globs


@pytest.mark.parametrize("text", [
    "Put components under features/billing/components/ and `src/**`; clean `build/`.",  # folders in prose, globs
    "Read flags with `flags.isEnabled()`; convert with `cents_to_dollars(amount)`.",  # calls
    "Python 3.11 only; pin version 1.2.3.",  # versions
    "Format .py files with ruff, e.g. in CI.",  # an extension in prose, an abbreviation
    "Never fetch from `/etc/passwd` or `../secrets.txt`.",  # outside the project
    "Use `ref()` and `stg_` prefixes.",
])
def test_folders_calls_versions_and_paths_outside_the_project_name_no_file(text: str):
    assert file_mentions(text) == []


def test_a_module_or_folder_named_by_its_path_is_about_its_files():
    """JavaScript imports name a module without its extension, and a lesson may name a folder ("commands go
    under `app/cli`"): the lesson is about that module's file or the folder's files."""
    from altimate_learn.deliver.select import glob_matches

    globs = file_mentions("Format dates with `formatDate()` from `web/src/lib/dates`, in the user's timezone.")
    assert globs == ["**/web/src/lib/dates.*", "**/web/src/lib/dates/**"]
    assert any(glob_matches(g, "web/src/lib/dates.ts") for g in globs)
    assert any(glob_matches(g, "web/src/lib/dates/index.tsx") for g in globs)
    assert not any(glob_matches(g, "web/src/lib/datesExtra.ts") for g in globs)
    assert not any(glob_matches(g, "web/src/lib/format.ts") for g in globs)
    folder = file_mentions("Write management commands with `typer` under `app/cli/`, one module per command.")
    assert any(glob_matches(g, "services/api/app/cli/backfill.py") for g in folder)
    assert not any(glob_matches(g, "services/api/app/tasks/backfill.py") for g in folder)
    # a call and a package import are not modules; a dotted name is no module path (`catalog.updated` is an event)
    assert not any(glob_matches(g, "services/catalog/updated.py")
                   for g in file_mentions("Publish `catalog.updated` after the commit."))
    assert file_mentions("Read flags with `flags.enabled()`.") == []
    assert file_mentions("Import from `@acme/ui`.") == []


def test_a_lesson_naming_a_file_reaches_the_underscored_copy_before_broader_folder_rules():
    from altimate_learn.deliver.select import select_file
    from tests.deliver.test_select import corpus, ids

    folder = [(f"L-y{i:03x}", f"Yaml rule number n{i} for every model file.", {"paths": ["models/**/*.yml"], "net": 5})
              for i in range(6)]
    c = corpus(*folder, ("L-src1", "Declare freshness checks for every source in `sources.yml`.",
                         {"paths": ["models/**"]}), filler=True)
    assert ids(c, select_file(c, "models/staging/_sources.yml", [], 5))[0] == "L-src1"
    assert "L-src1" not in ids(c, select_file(c, "models/staging/_models.yml", [], 5))


def test_a_snake_case_name_in_backticks_names_the_file_of_that_stem():
    """dbt refers to models and seeds by name and Python to modules: a lesson that says "the daily rate from
    `stg_fx__rates`" is about `stg_fx__rates.sql`, wherever its path trigger points (issue 19, item 3)."""
    from altimate_learn.deliver.select import glob_matches, select_file
    from tests.deliver.test_select import corpus, ids

    globs = file_mentions("Convert currencies with the daily rate from `stg_fx__rates` at the transaction date.")
    assert globs == ["**/stg_fx__rates.*"]
    assert glob_matches(globs[0], "models/staging/fx/stg_fx__rates.sql")
    assert not glob_matches(globs[0], "models/staging/fx/stg_fx__rates_daily.sql")
    assert file_mentions("Map status codes through the `status_mapping` seed.") == ["**/status_mapping.*"]
    # file names first; a prefix, one part, a dunder, a constant and a call name no file by stem
    assert file_mentions("Keep `app_settings` in `config/base.py`.")[0] == "**/config/base.py"
    assert file_mentions("Use `stg_` prefixes, `ledger`, `__init__`, `MAX_RETRIES` and `to_cents(x)`.") == []

    # the lesson's trigger points at the marts; opening the staging model itself brings it first
    marts = [(f"L-m{i:03x}", f"Mart rule number n{i} for finance models.", {"paths": ["models/marts/finance/*.sql"]})
             for i in range(3)]
    staging = [(f"L-s{i:03x}", f"Staging rule n{i} for every staging model.", {"paths": ["models/staging/**"], "net": 5})
               for i in range(6)]
    c = corpus(*marts, *staging, ("L-fx01", "Convert currencies with the daily rate from `stg_fx__rates` at the "
                                  "transaction date.", {"paths": ["models/marts/finance/*.sql"]}), filler=True)
    assert "L-fx01" in ids(c, select_file(c, "models/staging/fx/stg_fx__rates.sql", [], 5))
    assert "L-fx01" not in ids(c, select_file(c, "models/staging/fx/stg_fx__spot.sql", [], 5))


def test_a_python_module_imported_from_in_backticks_is_about_its_file():
    """"Read settings through `Settings` from `app.config`" is about `app/config.py`: the rule the agent needs when it
    opens that file to add a setting (blind27 b27-10, a direct task: 6th of the file's lessons behind `services/**`
    rules the request shared a word with). A dotted name after "from" or "import" names the module's file and
    package; elsewhere (`catalog.updated`, an event) it still names none."""
    from altimate_learn.deliver.select import glob_matches, select_file
    from tests.deliver.test_select import corpus, ids

    globs = file_mentions("Read settings through `Settings` from `app.config`; never read environment variables.")
    assert globs[:2] == ["**/app/config.py", "**/app/config/**"]
    assert glob_matches(globs[0], "services/api/app/config.py")
    assert any(glob_matches(g, "services/api/app/config/base.py") for g in globs)
    assert not any(glob_matches(g, "services/api/app/configure.py") for g in globs)
    assert not any(glob_matches(g, "services/catalog/updated.py")
                   for g in file_mentions("Publish `catalog.updated` from the outbox after the commit."))

    services = [(f"L-s{i:03x}", f"Service rule number n{i} for settings and config handlers.",
                 {"paths": ["services/**"], "net": 5}) for i in range(8)]
    c = corpus(*services, ("L-cfg1", "Read settings through `Settings` from `app.config`; never read environment "
                                     "variables directly.", {"paths": ["services/**"]}), filler=True)
    assert ids(c, select_file(c, "services/api/app/config.py", [], 5))[0] == "L-cfg1"
    assert ids(c, select_file(c, "services/api/app/routes.py", [], 5))[0] != "L-cfg1"  # another module: no mention
