"""Two rules worded alike about different code are two rules (review13 R13-22, R13-23, R13-23b, R13-23c).

"Put staging models in `models/staging/`." and "Put intermediate models in `models/intermediate/`." share most of
their words. The second was counted HELPFUL on the first (from a model's reflection, the built-in reflector or an
imported memory: the new rule lost) or, from `learn remember`, retired the first (the team's staging rule lost). A
rule that names code the lesson does not is its own rule; a restatement with the same code is still one.
"""

from __future__ import annotations

import json

import pytest

from altimate_learn.curate.names import code_names, names_beyond
from altimate_learn.gates.offline import compare
from altimate_learn.reflect.providers.builtin import FeedbackItem, reflect_builtin
from tests.gates.helpers import deltas_file, quarantined, read_json, texts, write_instructions
from tests.history.test_memory_import import claude_folder, memory, write

PARALLEL = [
    ("Put staging models in `models/staging/`.", "Put intermediate models in `models/intermediate/`."),
    ("Read the database URL from `DATABASE_URL`.", "Read the Redis URL from `REDIS_URL`."),
    ("Store amounts as integer cents in the `orders` table.", "Store amounts as integer cents in the `invoices` table."),
    ("Add dependencies with `uv add`.", "Add dependencies with `poetry add`."),
]


def _json(cli, *args: str) -> dict:
    code, out, err = cli(*args, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize(("first", "second"), PARALLEL)
def test_names_tell_parallel_rules_apart(first, second):
    assert names_beyond(second, first) and names_beyond(first, second)
    assert compare(second, first) is None  # neither a duplicate nor a contradiction of an instruction
    assert compare(second, second) is not None  # (the same rule is still a duplicate)


def test_the_same_code_written_otherwise_is_the_same_name():
    assert code_names("Use `ref('orders')` in marts.") == code_names("Use `ref()` in marts.") == {"ref"}
    assert not names_beyond("Run `pytest -q` before you push.", "Run the tests with `pytest -q`.")


@pytest.mark.parametrize(("first", "second"), PARALLEL[:3])
def test_remember_keeps_both_rules(git_repo, cli, first, second):
    base = _json(cli, "remember", first, "--approve")
    result = _json(cli, "remember", second, "--approve")
    assert result["status"] == "added" and result["replaced"] == []
    assert [lesson["text"] for lesson in read_json(git_repo, "approved.json")] == [first, second]
    assert base["id"] in {lesson["id"] for lesson in read_json(git_repo, "approved.json")}


def test_remember_still_replaces_a_restatement_with_the_same_code(git_repo, cli):
    base = _json(cli, "remember", "Put staging models in `models/staging/`.", "--approve")
    result = _json(cli, "remember", "Put all staging models in `models/staging/`.")
    assert result["status"] == "replaced" and [r["id"] for r in result["replaced"]] == [base["id"]]


def test_a_rule_in_the_instructions_for_another_folder_does_not_quarantine_it(git_repo, cli):
    write_instructions(git_repo, agents="# Layout\n\n- Put staging models in `models/staging/`.\n", claude=None)
    result = _json(cli, "remember", "Put intermediate models in `models/intermediate/`.")
    assert result["status"] == "added"
    assert quarantined(git_repo) == []


@pytest.mark.parametrize(("first", "second"), PARALLEL)
def test_a_models_rule_for_other_code_is_added_not_counted_helpful(git_repo, cli, tmp_path, first, second):
    _json(cli, "remember", first, "--approve")
    path = deltas_file(tmp_path, {"op": "ADD", "text": second, "reason": "from a review"})
    code, out, err = cli("curate", "--deltas", path)
    assert code == 0, err
    assert "HELPFUL" not in out
    assert texts(git_repo) == [first, second]


def test_a_models_restatement_with_the_same_code_is_still_helpful(git_repo, cli, tmp_path):
    _json(cli, "remember", "Put staging models in `models/staging/`.", "--approve")
    path = deltas_file(tmp_path, {"op": "ADD", "text": "Put the staging models in `models/staging/`.", "reason": "r"})
    code, out, err = cli("curate", "--deltas", path)
    assert code == 0, err
    [lesson] = read_json(git_repo, "candidate.json")
    assert lesson["helpful"] == 1


@pytest.mark.parametrize("feedback", [
    "No, intermediate models always go in models/intermediate/, not in models/staging/.",
    "No, put intermediate models in models/intermediate/.",
    "Wrong folder: marts belong in models/marts/, staging models stay in models/staging/.",
])
def test_the_builtin_reflector_learns_the_rule_for_the_other_folder(feedback):
    lessons = [{"id": "L-stg", "text": "Put staging models in `models/staging/`."}]
    result = reflect_builtin([FeedbackItem("user_correction", feedback, "s1")], lessons)
    assert [d["op"] for d in result.deltas] == ["ADD"]
    assert "`models/intermediate/`" in result.deltas[0]["text"] or "`models/marts/`" in result.deltas[0]["text"]


def test_the_builtin_reflector_still_counts_a_repeat_of_the_same_folder():
    lessons = [{"id": "L-stg", "text": "Put staging models in `models/staging/`."}]
    result = reflect_builtin([FeedbackItem("user_correction", "staging models go in models/staging/ remember", "s1")],
                             lessons)
    assert [(d["op"], d.get("id")) for d in result.deltas] == [("HELPFUL", "L-stg")]


def test_an_agent_memory_for_another_folder_is_staged_not_merged(git_repo, cli):
    _json(cli, "remember", "Put staging models in `models/staging/`.", "--approve")
    write(claude_folder(git_repo), "feedback_int.md", memory(
        "intermediate", "feedback", "Put intermediate models in `models/intermediate/`.\n\n**Why:** the layout."))
    code, out, err = cli("import-memories")
    assert code == 0, err
    assert "a duplicate of" not in out
    assert "Put intermediate models in `models/intermediate/`." in texts(git_repo)


def test_a_dotted_file_name_is_not_the_name_it_starts_with(git_repo, cli):
    """review13 R13-34: `env` of `.env` was read inside `.env.example`: a contradiction, and the person's new rule
    retired "Document every environment variable in `.env.example`."."""
    assert compare("Store secrets in the vault, never in `.env` files.",
                   "Document every environment variable in `.env.example`.") is None
    assert compare("Never commit `.env`.", "Always commit `.env`.").verdict == "contradiction"
    base = _json(cli, "remember", "Document every environment variable in `.env.example`.", "--approve")
    result = _json(cli, "remember", "Store secrets in the vault, never in `.env` files.", "--approve")
    assert result["status"] == "added" and result["replaced"] == []
    assert base["id"] in {lesson["id"] for lesson in read_json(git_repo, "approved.json")}
