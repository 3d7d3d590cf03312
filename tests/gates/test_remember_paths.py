"""`learn remember --paths`: a glob the curator would refuse is a usage error naming the option, before anything
runs (review13 R13-27: it failed with "the rule was neither added nor quarantined ... report this", and an empty
`--paths ""` was silently ignored)."""

from __future__ import annotations

import pytest

from tests.gates.helpers import read_json, store_dir, write_instructions

RULE = "Cite sources with `source()` in every model."


@pytest.mark.parametrize("glob, why", [("/etc/**", "'/etc/**' contains an absolute path"),
                                       ("../x/**", "'../x/**' contains a path escape (..)"),
                                       ("models/**,/etc/**", "'/etc/**' contains an absolute path")])
def test_a_path_outside_the_project_is_a_usage_error_naming_the_option(git_repo, cli, glob, why):
    write_instructions(git_repo)
    code, out, err = cli("remember", RULE, "--paths", glob)
    assert code == 2 and out == ""
    assert (f"Invalid value for --paths: {why}: a path trigger is a glob relative to the project root (no leading / "
            "or ..), e.g. --paths 'models/staging/**'.") in err
    assert "report this" not in err
    assert read_json(git_repo, "candidate.json") is None and not (store_dir(git_repo) / "history.jsonl").exists()


def test_an_empty_paths_option_is_refused_not_ignored(git_repo, cli):
    code, out, err = cli("remember", RULE, "--paths", "")
    assert code == 2
    assert ("Invalid value for --paths: no glob given: a path trigger is a glob relative to the project root, e.g. "
            "--paths 'models/staging/**'; leave the option out for a rule that applies everywhere.") in err
    assert read_json(git_repo, "candidate.json") is None


def test_a_relative_glob_still_scopes_the_rule(git_repo, cli):
    code, out, err = cli("remember", RULE, "--paths", "models/**, macros/**")
    assert code == 0, err
    [lesson] = read_json(git_repo, "candidate.json")
    assert lesson["trigger"] == {"paths": ["models/**", "macros/**"]}


def test_a_comma_inside_braces_is_the_globs_own_and_the_lesson_reaches_the_file(git_repo, cli):
    """review28 R28-13: `--paths 'docs/*.{md,mdx}'` was split at its comma into 'docs/*.{md' and 'mdx}', two globs
    that match nothing, and `learn show` printed them joined as the glob typed; the lesson never reached docs/x.md."""
    write_instructions(git_repo)
    (git_repo / "docs").mkdir()
    (git_repo / "docs" / "x.md").write_text("# x\n")
    code, out, err = cli("remember", "Docs use sentence case.", "--paths", "docs/*.{md,mdx}, models/**", "--approve")
    assert code == 0, err
    assert "docs/*.{md,mdx}: matches no file" not in out + err and "mdx}" not in out + err
    [lesson] = read_json(git_repo, "approved.json")
    assert lesson["trigger"] == {"paths": ["docs/*.{md,mdx}", "models/**"]}
    code, out, err = cli("deliver", "--session", "d2", "--file", "docs/x.md")
    assert code == 0 and "Docs use sentence case." in out


def test_an_unclosed_brace_is_a_usage_error(git_repo, cli):
    code, out, err = cli("remember", RULE, "--paths", "docs/*.{md")
    assert code == 2 and "'docs/*.{md' has an unclosed {…}" in err
    assert read_json(git_repo, "candidate.json") is None


def test_a_folder_given_without_a_glob_means_the_files_in_it(git_repo, cli):
    """review31 R31-1: `--paths src/api` was saved as a trigger matching no file, with a warning that the folder
    "may come later" although it was there."""
    (git_repo / "src" / "api").mkdir(parents=True)
    (git_repo / "src" / "api" / "handlers.py").write_text("X = 1\n")
    code, out, err = cli("remember", "Handlers return typed responses.", "--paths", "src/api")
    assert code == 0, err
    [lesson] = read_json(git_repo, "candidate.json")
    assert lesson["trigger"] == {"paths": ["src/api/**"]}
    assert "--paths src/api is a folder: the rule applies to the files in it (src/api/**)." in err
    assert "matches no file" not in err
