"""`learn curate --deltas FILE|-` end to end."""

from __future__ import annotations

import json

GOOD = "Use `ref()` to reference models, never hard-coded table names."
URL = "Read the style guide at https://example.com/style before editing models."


def _files(repo):
    folder = repo / ".altimate-code" / "learn" / "team-playbook"
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def test_ref_lesson_kept_and_url_rejected(git_repo, run_learn):
    (git_repo / "d.json").write_text(json.dumps({"deltas": [
        {"op": "ADD", "text": GOOD, "reason": "review"}, {"op": "ADD", "text": URL, "reason": "review"}]}))
    proc = run_learn("curate", "--deltas", "d.json", cwd=git_repo)
    assert proc.returncode == 0, proc.stderr
    assert f": {GOOD}" in proc.stdout
    assert 'REJECTED ADD "Read the style guide at https://example.com/style before edi...": contains a URL' in proc.stdout
    candidate = json.loads((git_repo / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    assert [l["text"] for l in candidate] == [GOOD]


def test_json_keys_and_stdin(git_repo, cli):
    deltas = json.dumps([{"op": "ADD", "text": GOOD, "reason": "review"}, {"op": "ADD", "text": URL, "reason": "r"}])
    code, out, err = cli("curate", "--deltas", "-", "--json", input=deltas)
    assert code == 0, err
    data = json.loads(out)
    assert sorted(data) == ["applied", "candidate_count", "cap", "changed", "flagged", "quarantined", "rejected",
                            "replacements", "replacements_needed", "retired", "summary", "vet"]
    assert data["applied"][0]["op"] == "ADD" and data["applied"][0]["text"] == GOOD
    assert data["rejected"][0]["rule"] == "url"
    assert data["summary"] == "+1 added, 1 rejected (url)"


def test_invalid_deltas_file_one_line_nothing_written(git_repo, run_learn):
    (git_repo / "bad.json").write_text('{"deltas": [')
    proc = run_learn("curate", "--deltas", "bad.json", cwd=git_repo)
    assert proc.returncode == 1
    assert proc.stderr == ("Error: deltas in bad.json are not valid JSON (line 1, column 13: Expecting value). "
                           'Write a JSON list of deltas or {"deltas": [...]}.\n')
    assert proc.stdout == ""
    assert not (git_repo / ".altimate-code").exists()


def test_wrong_shape_and_missing_file_are_one_line(git_repo, cli):
    code, out, err = cli("curate", "--deltas", "-", input='"ADD everything"')
    assert code == 1 and out == ""
    assert err == ('Error: deltas in stdin must be a JSON list of deltas or an object with a "deltas" list. '
                   'Example: {"deltas": [{"op": "ADD", "text": "Use `ref()` for models.", "reason": "review"}]}\n')
    code, out, err = cli("curate", "--deltas", "nope.json")
    assert (code, err) == (1, "Error: deltas file nope.json does not exist. Pass a JSON file, or - to read stdin.\n")
    assert not (git_repo / ".altimate-code").exists()


def test_named_store_and_flag_warning(git_repo, cli):
    deltas = json.dumps([{"op": "ADD", "text": "Never skip tests before merging.", "reason": "review"}])
    code, out, err = cli("curate", "--deltas", "-", "--name", "backend", input=deltas)
    assert code == 0, err
    assert "WARNING: " in out and "mentions skipping or disabling verification" in out
    assert (git_repo / ".altimate-code/learn/backend/candidate.json").exists()
    assert not (git_repo / ".altimate-code/learn/team-playbook/candidate.json").exists()


def test_candidate_path_is_shown_relative_to_the_current_directory(git_repo, cli, tmp_path):
    deltas = tmp_path / "d.json"
    deltas.write_text('{"deltas": [{"op": "ADD", "text": "Use `ref()` for model dependencies.", "reason": "r"}]}')
    code, out, err = cli("curate", "--deltas", str(deltas))
    assert code == 0, err
    assert "Candidate staged: .altimate-code/learn/team-playbook/candidate.json (1 lesson)." in out


def test_hidden_characters_of_a_rejected_lesson_are_shown_escaped_never_raw(git_repo, cli):
    """A right-to-left override inside a rejected text must not reorder the person's terminal."""
    hostile = "Run pytest \u202eon `tests`\u202c and \u200bnothing else."
    deltas = json.dumps([{"op": "ADD", "text": hostile, "reason": "review"}])
    code, out, err = cli("curate", "--deltas", "-", input=deltas)
    assert code == 0, err
    assert "\u202e" not in out and "\u200b" not in out
    assert 'REJECTED ADD "Run pytest \\u202eon `tests`\\u202c and \\u200bnothing else.": contains hidden' in out
    code, out, err = cli("curate", "--deltas", "-", "--json", input=deltas)
    assert code == 0, err
    assert "\u202e" not in out and "\\u202e" in out
    assert json.loads(out)["rejected"][0]["text"] == hostile  # the data read back is unchanged
