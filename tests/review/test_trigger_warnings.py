"""review14 R14-25: a path trigger that matches no file of the project (a typo) is said by remember, check and doctor,
with the folder the project has; still allowed (the folder may come later)."""

from __future__ import annotations

RULE = "Use `Annotated` dependencies in every FastAPI route."


def test_a_glob_that_matches_no_file_is_said_with_the_closest_folder(git_repo, cli):
    (git_repo / "src" / "shop").mkdir(parents=True)
    (git_repo / "src" / "shop" / "api.py").write_text("app = None\n")
    code, out, err = cli("remember", RULE, "--paths", "src/shp/**", "--approve")
    assert code == 0, err
    assert ("Warning: --paths src/shp/**: matches no file in this repository (did you mean src/shop/**?); the rule is "
            "saved with it (the folder may come later).") in err
    assert "Remembered L-" in out  # kept
    code, out, err = cli("check")
    assert code == 0, err  # a warning, not a failure
    assert "path-trigger: src/shp/**: matches no file in this repository (did you mean src/shop/**?)" in out
    code, out, err = cli("doctor")
    assert "path trigger src/shp/**: matches no file in this repository (did you mean src/shop/**?)" in out + err
    # a glob that matches is not said
    code, out, err = cli("remember", "Keep route handlers thin.", "--paths", "src/shop/**")
    assert code == 0 and "matches no file" not in err


def test_a_folder_with_no_file_of_the_pattern_suggests_nothing():
    """deliver29 (D29-1): `models/staging/*.yml` where the folder has only .sql files said "(did you mean
    models/staging/*.yml?)", the glob itself."""
    from altimate_learn.review.triggers import unmatched

    files = ["models/staging/stg_orders.sql", "models/staging/stripe/stg_payments.sql"]
    assert unmatched(["models/staging/*.yml"], files) == ["models/staging/*.yml: matches no file in this repository"]
    assert unmatched(["models/stagin/*.sql"], files) == [
        "models/stagin/*.sql: matches no file in this repository (did you mean models/staging/*.sql?)"]


def test_show_and_the_promote_diff_say_a_folder_pattern_reaches_its_subfolders(git_repo, cli):
    """review28 R28-11's residual: delivery matches `models/staging/*.sql` in `models/staging/stripe/` too and says
    "(and subfolders)" to the agent; the person reviewing the rule read only the plain glob."""
    (git_repo / "models" / "staging" / "stripe").mkdir(parents=True)
    (git_repo / "models" / "staging" / "stripe" / "stg_payments.sql").write_text("select 1\n")
    code, _, err = cli("remember", "Cast ids to varchar in staging models.", "--paths", "models/staging/*.sql",
                       "--paths", "macros/**")
    assert code == 0, err
    code, out, err = cli("show")
    assert code == 0, err
    assert "applies to: macros/**, models/staging/*.sql (and subfolders)" in out \
        or "applies to: models/staging/*.sql (and subfolders), macros/**" in out
    code, out, err = cli("promote", "--yes")
    assert code == 0, err
    assert "models/staging/*.sql (and subfolders)" in out
    code, out, _ = cli("show")
    assert "models/staging/*.sql (and subfolders)" in out and "macros/** (and subfolders)" not in out
