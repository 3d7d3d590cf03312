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
