"""A folder's file-name pattern applies to its subfolders' files too (issue 19, the dbt depth gap; deliver29).

A team that writes `models/staging/*.sql` in a dbt project means every staging model, those dbt keeps in
`models/staging/stripe/` too; read as gitignore reads it, the pattern matched none of them, and the staging rules
never reached a model one folder down (blind batches 41, 43 and 44). Such a trigger (`DIR/NAME-PATTERN`, no `**`)
now matches the files of DIR's subfolders as the weaker match (as `DIR/**/NAME-PATTERN`, half a point less: below the
file's own folders' globs, above the broader ones), and everything that says what a scope matches agrees: the file
tier and its `[applies to: …]` line, a lesson waiting for a file in its scope, `learn check` and `learn doctor`.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from altimate_learn.deliver.globs import deeper, glob_matches, scope_matches, specificity
from altimate_learn.review.triggers import unmatched
from tests.deliver.helpers import hook, lesson, write_store

STAGING = "Staging models read raw data only through `source()`, one staging model per source table."
STRIPE = "Stripe staging models keep amounts in cents; convert them in the marts."
MODELS = [f"Models {word} for the warehouse team." for word in ("document columns", "declare owners", "tag cadences",
                                                                 "set materializations", "test primary keys",
                                                                 "name grains", "avoid select star")]
LESSONS = ([lesson("L-0001", STAGING, paths=["models/staging/*.sql"]),
            lesson("L-0002", STRIPE, paths=["models/staging/stripe/**"])]
           + [lesson(f"L-01{n:02x}", text, paths=["models/**"], helpful=9) for n, text in enumerate(MODELS)]
           + [lesson("L-0003", "Marts join staging models by surrogate key only.", paths=["models/marts/*.sql"])])
DEEP = "models/staging/stripe/stg_stripe__charges.sql"


def _lines(text: str) -> list[str]:
    return [line[2:] for line in text.splitlines() if line.startswith("- ")]


def test_a_folder_pattern_matches_a_subfolders_file_as_the_weaker_match():
    assert not glob_matches("models/staging/*.sql", DEEP) and scope_matches("models/staging/*.sql", DEEP)
    level = deeper("models/staging/*.sql", DEEP)
    assert level == specificity("models/staging/**/*.sql", DEEP) - 0.5
    assert specificity("models/**", DEEP) < level < specificity("models/staging/**", DEEP)
    assert deeper("models/staging/stg_*.sql", DEEP) is not None  # the name pattern still has to fit
    assert deeper("models/staging/stg_*.sql", "models/staging/stripe/base_charges.sql") is None
    assert deeper("models/staging/*.sql", "models/staging/stg_orders.sql") is None  # in the folder: the glob itself
    assert deeper("models/staging/*.sql", "models/staging/stripe/schema.yml") is None
    for pattern in ("models/**/*.sql", "models/staging/stg_orders.sql", "models/{staging,marts}/*.sql",
                    "models/*/x/*.sql", "*.sql", "!models/staging/*.sql"):  # no folder's pattern: as before
        assert deeper(pattern, DEEP) is None and scope_matches(pattern, DEEP) == glob_matches(pattern, DEEP)


def test_a_staging_model_one_folder_down_gets_the_staging_rules_said_honestly(git_repo: Path):
    write_store(git_repo, LESSONS)
    session = str(uuid.uuid4())  # no session start: the core tier of so small a store would show every lesson
    read = hook(git_repo, session, "PreToolUse", tool_name="Read", tool_input={"file_path": str(git_repo / DEEP)},
                tool_use_id="t1")
    lines = _lines(read)
    # the file's own folder first, then the staging pattern (subfolders too, said so), then `models/**`
    assert lines[0] == f"[applies to: models/staging/stripe/**] {STRIPE}"
    assert lines[1] == f"[applies to: models/staging/*.sql (and subfolders)] {STAGING}"
    assert all(line.startswith("[applies to: models/**]") for line in lines[2:]) and len(lines) == 5
    # a model in the folder itself, and the request tier: the same words (review28 R28-11: a lesson shown first
    # with a request is not shown again for the subfolder's file, so the note goes wherever the line is shown)
    other = str(uuid.uuid4())
    direct = hook(git_repo, other, "PreToolUse", tool_name="Read",
                  tool_input={"file_path": str(git_repo / "models/staging/stg_orders.sql")}, tool_use_id="t1")
    assert _lines(direct)[0] == f"[applies to: models/staging/*.sql (and subfolders)] {STAGING}"
    asked = hook(git_repo, str(uuid.uuid4()), "UserPromptSubmit", prompt="read raw data through source() in staging")
    assert f"[applies to: models/staging/*.sql (and subfolders)] {STAGING}" in _lines(asked)
    # a mart one folder down is not staging, and `models/marts/*.sql` reaches it only as its own folder's pattern
    mart = hook(git_repo, str(uuid.uuid4()), "PreToolUse", tool_name="Read",
                tool_input={"file_path": str(git_repo / "models/marts/finance/fct_revenue.sql")}, tool_use_id="t1")
    assert STAGING not in mart and "[applies to: models/marts/*.sql (and subfolders)] Marts join" in mart


def test_a_lesson_waiting_for_its_scope_comes_for_a_subfolders_file(git_repo: Path):
    from tests.deliver.test_engine import bullet_ids, session as engine_session, step

    write_store(git_repo, LESSONS)
    engine = engine_session(git_repo, core_lessons=0)
    try:
        engine.data["deferred"] = ["team-playbook/L-0001"]
    finally:
        engine.close()
    opened = step(git_repo, "file", str(git_repo / DEEP), core_lessons=0)
    assert bullet_ids(opened.text, LESSONS)[:1] == ["L-0001"]  # in its scope: first


def test_check_and_doctor_count_a_subfolders_file_as_matched():
    files = [DEEP, "models/marts/finance/fct_revenue.sql"]
    assert unmatched(["models/staging/*.sql", "models/marts/*.sql"], files) == []
    assert unmatched(["models/staging/*.yml"], files)[0].startswith("models/staging/*.yml: matches no file")
