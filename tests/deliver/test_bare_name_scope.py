"""A file name alone in a scoped lesson's text is about a file of its scope, not every file of that name (L14-1).

"[applies to: services/api/**] Keep the OpenAPI spec in `schema.yml`" names `schema.yml`: the spec of the API. A
dbt `models/marts/schema.yml` has the name and nothing else in common with it, and was shown the rule. A file of
the name whose path shares a word with the lesson's scope stays a candidate: a `Chart.yaml` under `deploy/helm/` for
a rule of `charts/**`, a nested `docker-compose.yml` for the root's, a path named in full anywhere.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from tests.deliver.helpers import hook, lesson, write_store

SPEC = "Keep the OpenAPI spec in `schema.yml` and regenerate the client after every change."
CHART = "Bump the chart `version` in `Chart.yaml` whenever a template changes."
COMPOSE = "Local services in `docker-compose.yml` bind to 127.0.0.1, never to all interfaces."
BEAT = "Register periodic tasks only in `app/celery_beat.py`; task modules never schedule themselves."
WIDE = "Never commit `.env` files; add new variables to `.env.example` instead."
TESTS = "Every model's primary key gets `unique` and `not_null` tests in its yml file."
LESSONS = [lesson("L-0001", SPEC, paths=["services/api/**"]),
           lesson("L-0002", CHART, paths=["charts/**"]),
           lesson("L-0003", COMPOSE, paths=["docker-compose.yml"]),
           lesson("L-0004", BEAT, paths=["services/api/app/tasks/**"]),
           lesson("L-0005", WIDE),
           lesson("L-0006", TESTS, paths=["models/**/*.yml"])]


def _read(root: Path, path: str) -> str:
    session = str(uuid.uuid4())  # no session start: the core tier of so small a store would show every lesson
    return hook(root, session, "PreToolUse", tool_name="Read", tool_input={"file_path": str(root / path)},
                tool_use_id="t1")


def test_a_bare_file_name_does_not_pull_a_scoped_lesson_into_another_area(git_repo: Path):
    write_store(git_repo, LESSONS)
    shown = _read(git_repo, "models/marts/schema.yml")
    assert TESTS in shown  # the file's own rule
    assert SPEC not in shown  # same name, nothing of `services/api` in the path
    assert SPEC in _read(git_repo, "services/api/schema.yml")  # in its scope
    assert SPEC in _read(git_repo, "services/api/openapi/schema.yml")


def test_a_file_of_the_name_near_the_scope_and_a_path_named_in_full_stay_candidates(git_repo: Path):
    write_store(git_repo, LESSONS)
    assert CHART in _read(git_repo, "deploy/helm/search/Chart.yaml")  # `charts/**` and a chart's own file
    assert COMPOSE in _read(git_repo, "services/api/docker-compose.yml")  # the root's rule, a nested compose file
    assert BEAT in _read(git_repo, "services/api/app/celery_beat.py")  # a path with its folder: anywhere it fits
    assert WIDE in _read(git_repo, "web/.env")  # a project-wide lesson: every file of the name


def test_a_compound_name_names_one_file_of_the_project_wherever_it_is(git_repo: Path):
    # a dbt seed named by its stem in a rule of the marts: the seed's own file is about it, in `seeds/`
    mapping = "Map raw status codes through the `status_mapping` seed instead of case statements."
    write_store(git_repo, [*LESSONS, lesson("L-0007", mapping, paths=["models/marts/**/*.sql"])])
    assert mapping in _read(git_repo, "seeds/status_mapping.csv")
