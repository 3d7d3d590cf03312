"""Lesson lines, scope rendering, and the token budget."""

from __future__ import annotations

from altimate_learn.deliver import render
from altimate_learn.markers import SECTION_CLOSE, SECTION_OPEN


def test_scoped_lessons_show_where_they_apply_shortest_first_at_most_three():
    assert render.lesson_line(" Keep  integer\ncents. ") == "Keep integer cents."
    assert render.lesson_line("Keep cents.", ["models/staging/**"]) == "[applies to: models/staging/**] Keep cents."
    paths = ["models/staging/**", "b/**", "models/**", "a/**"]
    assert render.lesson_line("Keep cents.", paths) == "[applies to: a/**, b/**, models/** (+1 more)] Keep cents."
    assert render.lesson_line("Keep cents.", ["c/**", "b/**", "a/**"]) == "[applies to: a/**, b/**, c/**] Keep cents."
    assert render.lesson_line("Keep cents.", []) == "Keep cents."


def test_section_is_wrapped_in_markers_and_phrased_as_team_conventions():
    text, kept = render.fit(["Use `ref()`."], 100, render.HEADING_START)
    assert kept == [0]
    assert text == (f"{SECTION_OPEN}\nTeam conventions for this project (approved by the team):\n"
                    f"- Use `ref()`.\n{SECTION_CLOSE}")


def test_budget_counts_the_whole_section_accepts_exact_fits_and_skips_whole_lessons():
    one = "a" * 40
    two = "b" * 8
    full, _ = render.fit([one], 1000, "H")
    exact = render.estimate_tokens(full)
    assert render.fit([one], exact, "H") == (full, [0])
    # one token short: the long lesson is skipped whole and the short one still fits
    text, kept = render.fit([one, two], exact - 1, "H")
    assert kept == [1] and "aaaa" not in text
    assert render.estimate_tokens(text) <= exact - 1
    assert render.fit([one], 0, "H") == ("", [])
    assert render.fit([], 100, "H") == ("", [])


def test_file_heading_names_the_file_on_one_line():
    assert render.file_heading("models/staging/x.sql") == \
        "Team conventions for `models/staging/x.sql` (approved by the team):"
    assert "\n" not in render.file_heading("a\nb`c.sql")
