"""The offline vet on two rules about one file or folder: a contradiction needs the same subject on both sides.

"Put response models in `src/shop/schemas.py`, not inline in `api.py`" and "API handlers live in
`src/shop/api.py`" both name `api.py`, but one keeps response models out of it and the other puts handlers in
it: two compatible rules, and the vet quarantined the person's correction (review14 R14-1). The same with an
instruction that agrees with a lesson from the other side (R14-1b: "put business logic in `services/`" and
"never put route handlers in `services/`"). Where both rules put, keep or forbid the same thing in the same place,
the contradiction is still caught; where either rule names no subject ("never edit `x.py`"), the place itself is
the subject and the old check holds.
"""

from __future__ import annotations

import pytest

from altimate_learn.gates.offline import compare, sentences
from tests.gates.helpers import quarantined, read_json, texts, write_instructions

# Two rules about one place that say different things about different subjects: no contradiction.
DIFFERENT_SUBJECTS = [
    ("API handlers live in `src/shop/api.py`.",
     "Put response models in `src/shop/schemas.py`, not inline in `api.py`."),
    ("API handlers live in `src/shop/api.py`.", "Never put SQL queries in `api.py`; use `repository.py`."),
    ("Shared fixtures go in `conftest.py`.", "Do not add tests to `conftest.py`; put them in `test_*.py` files."),
    ("Project settings live in `settings.py`.",
     "Never hardcode secrets in `settings.py`; read them from the environment."),
    ("Never put route handlers in `src/shop/services/`; that package holds business logic only.",
     "Keep route handlers in `src/shop/api.py` thin: put business logic in `src/shop/services/`, one module per "
     "resource."),
    # other stacks
    ("Source definitions live in `models/staging/`.", "Never put business logic in `models/staging/`."),
    ("Shared helper functions go in `src/utils/`.", "Don't put React components in `src/utils/`."),
    ("Each binary's main package lives in `cmd/`.",
     "Never add business logic to `cmd/`; keep it in `internal/`."),
    ("Tutorials go in `docs/guides/`.", "Do not write API reference pages in `docs/guides/`."),
    ("Declare every input variable in `variables.tf`.", "Never hardcode credentials in `variables.tf`."),
    ("ActiveRecord models live in `app/models/`.", "Migrations go in `db/migrations/`, never in `app/models/`."),
    ("Global resets and CSS variables live in `styles/global.css`.",
     "Do not put component styles in `styles/global.css`."),
    ("Pass `-q` to `pytest` in CI.", "Never pass `-x` to `pytest` in CI."),
    ("Register every router in `src/shop/main.py`.", "Never define database models in `src/shop/main.py`."),
    ("Keep Celery tasks in `app/tasks.py`.", "Never call the payment provider from `app/tasks.py`; use the outbox."),
]

# The same subject in the same place, one for and one against: still a contradiction.
SAME_SUBJECT = [
    ("Put tests in `tests/`.", "Never put tests in `tests/`; colocate them with the code."),
    ("Keep fixtures in `conftest.py`.", "Never put fixtures in `conftest.py`."),
    ("Put response models in `schemas.py`.", "Define response models inline in `api.py`, not in `schemas.py`."),
    ("SQL queries live in `repository.py`.", "Never put SQL queries in `repository.py`; write them in the handlers."),
    ("API handlers live in `src/shop/api.py`.", "Never put API handlers in `src/shop/api.py`."),
    ("Business logic goes in `src/shop/services/`.", "Do not put business logic in `src/shop/services/`."),
    ("Put shared helpers in `src/utils/`.", "Never add helpers to `src/utils/`."),
    ("Put unit tests in `tests/unit/`.", "Never put tests in `tests/unit/`."),
    ("Migrations go in `db/migrations/`.", "Never write migrations in `db/migrations/`; generate them."),
    ("Store secrets in `.env`.", "Never put secrets in `.env`."),
    # a rule about the place as a whole ("anything", no subject) still meets every rule that puts something there
    ("Put helpers in `src/legacy/`.", "Never put anything in `src/legacy/`."),
    ("Add new handlers to `src/shop/api.py`.", "Never edit `src/shop/api.py`; it is generated."),
    # a place in one rule and the thing used in the other: the old check
    ("Run `pytest` with `-q`.", "Never run `pytest` in `scripts/`; use `make test`."),
]


def _contradicts(a: str, b: str) -> bool:
    found = [compare(a, sentence) for sentence in sentences(b)]
    return any(f is not None and f.verdict == "contradiction" for f in found)


@pytest.mark.parametrize("instruction,rule", DIFFERENT_SUBJECTS)
def test_rules_about_different_things_in_one_place_do_not_contradict(instruction, rule):
    assert not _contradicts(rule, instruction)
    assert not _contradicts(instruction, rule)


@pytest.mark.parametrize("instruction,rule", SAME_SUBJECT)
def test_rules_about_the_same_thing_in_one_place_still_contradict(instruction, rule):
    assert _contradicts(rule, instruction)
    assert _contradicts(instruction, rule)


SHOP_AGENTS = """# Shop service

- Python 3.12, dependencies managed with `uv`.
- API handlers live in `src/shop/api.py`.
"""


def test_a_correction_about_response_models_is_staged_not_quarantined(git_repo, cli):
    write_instructions(git_repo, agents=SHOP_AGENTS, claude=None)
    rule = "Put response models in `src/shop/schemas.py`, not inline in `api.py`."
    code, out, err = cli("remember", rule)
    assert code == 0, err
    assert quarantined(git_repo) == []
    assert texts(git_repo) == [rule]


def test_an_instruction_that_agrees_from_the_other_side_keeps_the_lesson_in_force(git_repo, cli):
    write_instructions(git_repo, agents=SHOP_AGENTS, claude=None)
    lesson = ("Keep route handlers in `src/shop/api.py` thin: put business logic in `src/shop/services/`, "
              "one module per resource.")
    assert cli("remember", lesson, "--approve")[0] == 0
    (git_repo / "AGENTS.md").write_text(
        SHOP_AGENTS + "- Never put route handlers in `src/shop/services/`; that package holds business logic only.\n")
    code, out, err = cli("vet")
    assert code == 0, err
    assert "quarantined L-" not in out
    assert quarantined(git_repo) == []
    assert [lesson_["text"] for lesson_ in read_json(git_repo, "approved.json")] == [lesson]


def test_an_instruction_that_forbids_the_lessons_subject_there_still_quarantines_it(git_repo, cli):
    write_instructions(git_repo, agents=SHOP_AGENTS, claude=None)
    lesson = "Put business logic in `src/shop/services/`."
    assert cli("remember", lesson, "--approve")[0] == 0
    (git_repo / "AGENTS.md").write_text(SHOP_AGENTS + "- Never put business logic in `src/shop/services/`.\n")
    assert cli("vet")[0] == 0
    [item] = quarantined(git_repo)
    assert item["verdict"] == "contradiction" and item["text"] == lesson
