"""`learn remember`: a person's rule is reconciled with the lessons, vetted, and never dropped."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fakes.model_server import FakeModelServer, model_server  # noqa: F401
from tests.gates.helpers import quarantined, read_json, stamps, texts, write_instructions

OLD = "Cite the source inline in every model description."
SHARPER = "Cite the source in every model description as a `source()` link, never inline."


def _json(cli, *args: str) -> dict:
    code, out, err = cli(*args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_a_new_rule_is_staged_with_its_paths_and_stamped(git_repo, cli):
    write_instructions(git_repo)
    code, out, err = cli("remember", "Name staging models `stg_<source>__<table>`.", "--paths", "models/staging/**")
    assert code == 0, err
    [lesson] = read_json(git_repo, "candidate.json")
    assert out.splitlines() == [f'Remembered {lesson["id"]}: "Name staging models `stg_<source>__<table>`".',
                                "Staged in the candidate: review it with `learn show`, approve it with `learn promote`."]
    assert lesson["trigger"] == {"paths": ["models/staging/**"]}
    assert stamps(git_repo)[lesson["id"]]["channel"] == "remember"
    assert read_json(git_repo, "approved.json") is None


def test_a_rule_restating_a_lesson_replaces_it_and_names_it(git_repo, cli):
    first = _json(cli, "remember", OLD, "--approve")
    code, out, err = cli("remember", "Cite the source inline in each model description.")
    assert code == 0, err
    assert out.splitlines()[0] == (f'Replaced an earlier lesson: "{OLD.rstrip(".")}" ({first["id"]}, retired when the '
                                   'candidate is promoted).')
    assert texts(git_repo) == ["Cite the source inline in each model description."]
    [retired] = read_json(git_repo, "candidate-retired.json")  # staged with the candidate
    new_id = read_json(git_repo, "candidate.json")[0]["id"]
    assert retired["id"] == first["id"] and retired["supersededBy"] == new_id


def test_a_rule_sharpening_a_lesson_on_the_same_identifier_replaces_it(git_repo, cli):
    base = _json(cli, "remember", "Select raw tables through `source()` in staging models.", "--approve")
    result = _json(cli, "remember", "Select raw tables through `source()` with a freshness check, in every model.")
    assert result["status"] == "replaced" and result["replaced"][0]["id"] == base["id"]


def test_a_rule_contradicting_a_lesson_replaces_it(git_repo, cli):
    base = _json(cli, "remember", "Always use `float` for money amounts.", "--approve")
    result = _json(cli, "remember", "Never use `float` for money amounts; use `Decimal`.", "--approve")
    assert result["status"] == "replaced" and result["replaced"] == [{"id": base["id"],
                                                                      "text": "Always use `float` for money amounts."}]
    assert [lesson["text"] for lesson in read_json(git_repo, "approved.json")] == [
        "Never use `float` for money amounts; use `Decimal`."]


def test_a_word_for_word_repeat_counts_as_helpful(git_repo, cli):
    base = _json(cli, "remember", OLD, "--approve")
    code, out, _ = cli("remember", OLD.lower(), "--approve")
    assert code == 0
    assert out.splitlines()[0] == f'Already a lesson ({base["id"]}): "{OLD.rstrip(".")}". Counted as helpful: a ' \
                                  "repeat means it matters."
    assert read_json(git_repo, "approved.json")[0]["helpful"] == 1


def test_a_rule_the_instructions_already_state_is_quarantined_not_dropped(git_repo, cli):
    write_instructions(git_repo)
    result = _json(cli, "remember", "Run the tests with `pytest -q` before committing.")
    assert result["status"] == "quarantined"
    assert result["reason"] == 'duplicates AGENTS.md: "Run tests with `pytest -q` before you commit"'
    [item] = quarantined(git_repo)
    assert item["author"] == "person" and item["text"] == "Run the tests with `pytest -q` before committing."
    assert read_json(git_repo, "candidate.json") is None


def test_a_rule_the_lint_refuses_is_quarantined_with_the_reason(git_repo, cli):
    code, out, err = cli("remember", "Fetch the setup script from https://example.com/setup.sh first.")
    assert code == 0, err
    [item] = quarantined(git_repo)
    assert "URL" in item["reason"] or "url" in item["reason"]
    assert out.startswith(f"Saved but quarantined {item['id']} ")


def test_a_rule_the_lint_refuses_says_how_to_get_out_without_an_instruction_file(git_repo, cli):
    """No instruction file is involved when the lint refuses the wording: the advice names what to do instead
    (review8 R8-8e: "Fix the instruction file" led nowhere)."""
    code, out, err = cli("remember", "Fetch the setup script from https://example.com/setup.sh first.")
    assert code == 0, err
    [item] = quarantined(git_repo)
    assert "instruction file" not in out
    assert f"Write the rule again without what the reason names" in out
    assert f"`learn quarantine drop {item['id']}`" in out


def test_a_rule_holding_a_secret_is_refused_and_nothing_is_saved(git_repo, cli):
    """A lesson reaches every teammate's agent; with the password blanked it could only sit in quarantine with
    nothing a person could release (review8 R8-8e). It is refused with the way out, and nothing is written."""
    code, out, err = cli("remember", "the password is Hunter2024x, use it for the staging database")
    assert code == 1
    assert "holds a secret" in err and "password" in err and "DB_PASSWORD" in err
    assert "Hunter2024x" not in out + err
    assert quarantined(git_repo) == []
    assert not (git_repo / ".altimate-code" / "learn" / "team-playbook" / "candidate.json").exists()


def test_a_secret_in_a_rule_never_reaches_the_store(git_repo, cli):
    secret = "AKIA" + "IOSFODNN7EXAMPLE"
    cli("remember", f"Use the key {secret} for the staging bucket.")
    folder = git_repo / ".altimate-code"
    for path in folder.rglob("*"):
        if path.is_file():
            assert secret not in path.read_text(errors="replace")


@pytest.mark.parametrize("rule", ["Deploy staging with {key} exported.", "Pass {key} to the deploy script."])
def test_a_rule_with_a_secret_only_the_lint_sees_is_refused_and_nothing_is_saved(git_repo, cli, rule):
    """review40 R40-13: a base64 key with '/' in it, named by no credential word, passes the redactor, and the lint's
    "looks like a secret" saved the rule in quarantine, value and all (quarantine.json, history.jsonl)."""
    key = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYEXAMPLEKEY"
    code, out, err = cli("remember", rule.format(key=key))
    assert code == 1 and "holds a secret" in err and "nothing was saved" in err, err
    assert key not in out + err
    folder = git_repo / ".altimate-code"
    assert not folder.exists() or all(key not in p.read_text(errors="replace") for p in folder.rglob("*") if p.is_file())


def test_approve_keeps_other_staged_changes_in_the_candidate(git_repo, cli, tmp_path):
    deltas = tmp_path / "d.json"
    deltas.write_text(json.dumps([{"op": "ADD", "text": "Keep `dbt_project.yml` sorted by folder.", "reason": "r"}]))
    assert cli("curate", "--deltas", str(deltas))[0] == 0
    result = _json(cli, "remember", OLD, "--approve")
    assert [lesson["text"] for lesson in read_json(git_repo, "approved.json")] == [OLD]
    assert texts(git_repo) == ["Keep `dbt_project.yml` sorted by folder.", OLD]
    archived = sorted((git_repo / ".altimate-code" / "learn" / "team-playbook" / "versions").glob("v*.json"))
    assert [p.name for p in archived] == [f"v{result['version']}.json"]  # the empty set, archived as promote does
    assert result["approved"] is True and json.loads(archived[0].read_text()) == []


def test_approve_archives_the_previous_set_for_rollback(git_repo, cli):
    first = _json(cli, "remember", OLD, "--approve")
    result = _json(cli, "remember", "Name staging models `stg_<source>__<table>`.", "--approve")
    assert result["version"] > first["version"]  # time-based names: newest last
    assert cli("rollback", "--yes")[0] == 0
    assert [lesson["text"] for lesson in read_json(git_repo, "approved.json")] == [OLD]


def test_an_empty_rule_is_a_usage_error(git_repo, cli):
    code, out, err = cli("remember", "   ")
    assert code == 1
    assert err.strip() == ('Error: the rule is empty. Pass the rule as one argument: learn remember "Use pnpm, '
                           'not npm."')


def test_two_remember_calls_at_once_both_land_and_the_store_stays_valid(git_repo):
    env = dict(os.environ)
    procs = [subprocess.Popen([sys.executable, "-m", "altimate_learn", "remember", text], cwd=git_repo, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for text in ("Name staging models `stg_<source>__<table>`.", "Keep marts in `models/marts/`.")]
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    assert sorted(texts(git_repo)) == ["Keep marts in `models/marts/`.",
                                       "Name staging models `stg_<source>__<table>`."]
    assert len(stamps(git_repo)) == 2


def test_with_a_model_the_vet_is_one_call_and_a_failed_call_keeps_the_rule(git_repo, cli, model_server: FakeModelServer,
                                                                          monkeypatch):
    write_instructions(git_repo)
    monkeypatch.setenv("OPENAI_BASE_URL", model_server.openai_base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-0000000000000000000000")
    model_server.vet({"review": {"verdict": "contradiction", "source": "AGENTS.md",
                                 "quote": "Every invocation creates one new run item and terminalizes it."}})
    result = _json(cli, "remember", "Reuse the run item from an earlier review.", "-m", "openai/gpt-4o-mini")
    assert result["status"] == "quarantined" and len(model_server.requests) == 1
    assert "[c0] author=person evidence=no" in model_server.requests[0].prompt
    model_server.fail(500, "down")
    code, out, err = cli("remember", "Name staging models `stg_<source>__<table>`.", "-m", "openai/gpt-4o-mini")
    assert code == 0
    assert "Warning: the vet could not run (the vet call failed: openai/gpt-4o-mini failed (HTTP 500)" in err
    lesson_id = read_json(git_repo, "candidate.json")[0]["id"]
    assert "ih" not in stamps(git_repo)[lesson_id]  # kept, unvetted: vetted at the next re-vet


def test_a_rule_a_person_typed_with_invisible_characters_is_normalised_with_a_warning(git_repo, cli):
    # issue 12.9: a model's text with a zero-width space is rejected; a person's is normalised and kept
    write_instructions(git_repo)
    code, out, err = cli("remember", "Always run\u200b `make lint`\u00a0before pushing.")
    assert code == 0, err
    [lesson] = read_json(git_repo, "candidate.json")
    assert lesson["text"] == "Always run `make lint` before pushing."
    assert quarantined(git_repo) == []
    assert "invisible or non-normalised characters" in err and "were removed or replaced" in err
    code, out, err = cli("remember", "Never edit\u202e `dbt_project.yml` by hand.")  # bidi controls: kept aside
    assert code == 0 and out.startswith("Saved but quarantined ")


def test_a_one_word_rule_is_refused_and_nothing_is_saved(git_repo, cli):
    """review13 R13-9: "ok" was staged as a lesson (and a second "ok" counted HELPFUL on it)."""
    code, out, err = cli("remember", "ok")
    assert code == 1
    assert '"ok" is one word; a lesson says what to do.' in err and 'learn remember "Use pnpm, never npm."' in err
    assert read_json(git_repo, "candidate.json") is None and quarantined(git_repo) == []


def test_a_rule_typed_in_lower_case_reads_as_a_lesson(git_repo, cli):
    code, out, err = cli("remember", "always run tests before commit")
    assert code == 0, err
    assert texts(git_repo) == ["Always run tests before commit."]
    code, out, err = cli("remember", "use `uv` for installs")
    assert code == 0, err
    assert texts(git_repo)[-1] == "Use `uv` for installs."


def test_a_part_of_a_lesson_said_again_counts_for_it_and_replaces_nothing(git_repo, cli):
    """review13 R13-9: "Never use float for money amounts." replaced "Use Decimal for money amounts, never float.",
    and the team's Decimal rule was gone; the lesson it had replaced was then shown as superseded by a lesson no
    longer in the candidate."""
    first = _json(cli, "remember", "Represent money amounts with `Decimal`, never `float`.", "--approve")
    second = _json(cli, "remember", "Use Decimal for money amounts, never float.")
    assert second["status"] == "replaced" and second["replaced"][0]["id"] == first["id"]
    third = _json(cli, "remember", "Never use float for money amounts.")
    assert third["status"] == "repeated" and third["id"] == second["id"]
    assert texts(git_repo) == ["Use Decimal for money amounts, never float."]
    fourth = _json(cli, "remember", "Use Decimal for all money amounts, never float.")
    assert fourth["status"] == "replaced" and fourth["replaced"][0]["id"] == second["id"]
    [retired] = [r for r in read_json(git_repo, "candidate-retired.json") if r["id"] == first["id"]]
    assert retired["supersededBy"] == fourth["id"] and retired["reason"] == f"superseded by {fourth['id']}"
    code, out, err = cli("show")
    assert f"reason: superseded by {fourth['id']}" in out


def test_a_part_of_a_lesson_in_plain_words_counts_for_it(git_repo, cli):
    """review13 R13-9 (rest): "Never use float for money." beside "Represent money amounts with `Decimal`, never
    `float`." was staged as a second lesson: the lesson backticks `float`, the person's words do not, and "use" is
    not one of its words. It is the lesson's rule for its own case, without the `Decimal` it also gives."""
    first = _json(cli, "remember", "Represent money amounts with `Decimal`, never `float`.", "--approve")
    again = _json(cli, "remember", "Never use float for money.")
    assert again["status"] == "repeated" and again["id"] == first["id"]
    assert texts(git_repo) == ["Represent money amounts with `Decimal`, never `float`."]
    # not a part: the opposite rule (a person's contradiction replaces the lesson), a rule for everywhere, another
    # situation
    elsewhere = _json(cli, "remember", "Never use float for coordinates.")
    assert elsewhere["status"] == "added"
    broader = _json(cli, "remember", "Never use float.")
    assert broader.get("id") != first["id"]
    opposite = _json(cli, "remember", "Use float for money.")
    assert opposite["status"] == "replaced" and opposite["replaced"][0]["id"] == first["id"]


def test_another_rule_about_the_same_code_sits_beside_the_lesson(git_repo, cli):
    """review14 R14-13 (and R14-17): sharing a backticked name was enough to replace a lesson, so "Use `httpx` for
    outbound HTTP calls." retired "Call the payment provider with an async `httpx` client, never `requests`." and
    "async" and "never `requests`" were in no lesson any more. A rule replaces a lesson about the same code only when
    it says most of what the lesson says (or contradicts it); otherwise both stay."""
    for old, new in [
        ("Call the payment provider with an async `httpx` client, never `requests`.",
         "Use `httpx` for outbound HTTP calls."),
        ("Keep route handlers in `src/shop/api.py` thin: put business logic in `src/shop/services/`.",
         "Register every new router in `src/shop/api.py` with a `/v1` prefix."),
        ("Money is `Decimal`, never `float`.", "Round `Decimal` amounts with `ROUND_HALF_EVEN`."),
    ]:
        base = _json(cli, "remember", old, "--approve")
        result = _json(cli, "remember", new, "--approve")
        assert result["status"] == "added" and result["replaced"] == [] and result["coexists"] == [base["id"]], new
        assert [lesson["text"] for lesson in read_json(git_repo, "approved.json")][-2:] == [old, new]


def test_a_rule_about_another_thing_in_the_same_file_sits_beside_it_and_its_opposite_replaces(git_repo, cli):
    """review14 R14-34: "Never add test cases to `tests/conftest.py`." replaced "Use fixtures from `tests/conftest.py`
    for database tests." (use vs never on one file name), though the vet reads them as two things in one place."""
    base = _json(cli, "remember", "Use fixtures from `tests/conftest.py` for database tests.", "--approve")
    beside = _json(cli, "remember", "Never add test cases to `tests/conftest.py`.", "--approve")
    assert beside["status"] == "added" and beside["replaced"] == [] and beside["coexists"] == [base["id"]]
    # the same thing kept out of the file the lesson puts it in is still the opposite rule
    put = _json(cli, "remember", "Put shared fixtures in `tests/helpers/conftest.py`.", "--approve")
    opposite = _json(cli, "remember", "Never put shared fixtures in `tests/helpers/conftest.py`; use `tests/fixtures/`.")
    assert opposite["status"] == "replaced" and opposite["replaced"][0]["id"] == put["id"]


def test_a_rule_saying_the_lesson_again_and_more_replaces_it(git_repo, cli):
    base = _json(cli, "remember", "Use `httpx` for outbound HTTP calls in the billing service.", "--approve")
    sharper = _json(cli, "remember", "Use an async `httpx` client for outbound HTTP calls in the billing service.")
    assert sharper["status"] == "replaced" and sharper["replaced"][0]["id"] == base["id"]


def test_a_rule_kept_beside_a_lesson_on_the_same_name_and_place_is_noted_as_a_possible_contradiction(git_repo, cli):
    """review14 R14-33: "Convert `amount_cents` to dollars in staging models." beside "Keep `amount_cents` as integer
    cents in staging models." was kept with only "stays beside it": two opposite rules, same name, same place."""
    base = _json(cli, "remember", "Keep `amount_cents` as integer cents in staging models.", "--approve")
    code, out, err = cli("remember", "Convert `amount_cents` to dollars in staging models.")
    assert code == 0, err
    note = (f"may contradict {base['id']} (both about `amount_cents` in models, staging): check which holds (`learn "
            f"retire {base['id']}` if this rule replaces it)")
    assert note in err
    code, out, err = cli("show")
    assert note in out
    # rules about the same name in different places get no such note
    other = _json(cli, "remember", "Register every new router in `src/shop/api.py` with a `/v1` prefix.", "--approve")
    result = _json(cli, "remember", "Keep route handlers in `src/shop/api.py` thin.")
    assert result["coexists"] == [other["id"]] and result["notes"] == []


def test_a_rule_about_what_a_folder_holds_is_not_replaced_by_another_rule_about_that_folder(git_repo, cli):
    """fix17: the words of a path both rules name in backticks counted as the old rule's words said again, so
    "Every model in `models/staging/` selects from `source()` ..." replaced "Put staging models in `models/staging/`."
    (two rules about one folder; the lesson saying where staging models go was retired). A shared path is where
    both hold, not what they say; a rule that does say the lesson again replaces it, and not a neighbour that is
    merely worded more alike."""
    base = _json(cli, "remember", "Put staging models in `models/staging/`.", "--approve")
    beside = _json(cli, "remember", "Every model in `models/staging/` selects from `source()`, never from raw tables.",
                   "--approve")
    assert beside["status"] == "added" and beside["replaced"] == [] and beside["coexists"] == [base["id"]]
    again = _json(cli, "remember", "Put every staging model in `models/staging/`, one file per source table.")
    assert again["status"] == "replaced" and [r["id"] for r in again["replaced"]] == [base["id"]]
