"""A lesson the learner stages for review shows what the person typed in the exchange it cites (review35 R35-13): the
reviewer reads the words it was learned from in `learn show`, and a lesson that shares none of them is marked."""

from __future__ import annotations

from pathlib import Path

from tests.learner.test_run import CLAUDE_SESSION, LESSON, PRINT_REF, candidate, learn_run

UNRELATED = "Always deploy on Fridays after 5pm."


def test_a_staged_lesson_names_the_words_it_came_from(project: Path, server, cli):
    assert cli("capture", "--session", CLAUDE_SESSION)[0] == 0
    server.deltas({"op": "ADD", "text": LESSON, "reason": "the person asked for structlog", "cites": [PRINT_REF]},
                  {"op": "ADD", "text": UNRELATED, "reason": "a team rule", "cites": [PRINT_REF]})
    code, out, err = learn_run(cli)
    assert code == 0, err
    staged = {lesson["text"]: lesson for lesson in candidate(project)}
    assert staged[LESSON]["provenance"].startswith(f'learned from {PRINT_REF}: "')
    assert "print()" in staged[LESSON]["provenance"] and "check it against" not in staged[LESSON]["provenance"]
    assert staged[UNRELATED]["provenance"].endswith(
        "none of its words are in what the person typed there: check it against the session")
    code, out, _ = cli("show")
    assert code == 0 and f"learned from {PRINT_REF}" in out and "check it against the session" in out


def test_an_ungrounded_rule_for_an_instruction_file_goes_to_review_or_is_not_written(project: Path, server, cli,
                                                                                   isolated_home: Path):
    """review35 R35-20: with direct targets on, a rule sharing no word with what it cites was written straight into
    AGENTS.local.md, which nobody reviews. With review allowed it is staged for review; without, it is not written."""
    from tests.learner.conftest import user_config

    assert cli("capture", "--session", CLAUDE_SESSION)[0] == 0
    user_config(isolated_home, learning_targets=["review", "local"])
    server.deltas({"op": "ADD", "target": "local", "text": UNRELATED, "reason": "r", "cites": [PRINT_REF]},
                  {"op": "ADD", "target": "local", "text": LESSON, "reason": "r", "cites": [PRINT_REF]})
    code, out, err = learn_run(cli)
    assert code == 0, err
    local = (project / "AGENTS.local.md").read_text()
    assert LESSON in local and UNRELATED not in local
    assert [lesson["text"] for lesson in candidate(project)] == [UNRELATED]
    assert "check it against the session" in candidate(project)[0]["provenance"]


def test_without_review_an_ungrounded_rule_is_dropped_with_its_reason(project: Path, server, cli,
                                                                      isolated_home: Path):
    from tests.learner.conftest import runs, user_config

    assert cli("capture", "--session", CLAUDE_SESSION)[0] == 0
    user_config(isolated_home, learning_targets=["local"])
    server.deltas({"op": "ADD", "target": "local", "text": UNRELATED, "reason": "r", "cites": [PRINT_REF]})
    code, out, err = learn_run(cli)
    assert code == 0, err
    assert not (project / "AGENTS.local.md").exists() or UNRELATED not in (project / "AGENTS.local.md").read_text()
    (record,) = runs(project)
    assert record["dropped"][0]["reason"] == ("it cites exchanges that share none of its words: not written to local "
                                              "without review")


def test_a_lesson_sharing_only_the_words_every_rule_has_is_marked(project: Path, server, cli):
    """review36 R36-11: "use" (in "don't use print() for logging") grounded any "Use …" rule; words every rule has
    ground nothing."""
    assert cli("capture", "--session", CLAUDE_SESSION)[0] == 0
    glue_only = "Use Poetry, never pipenv."
    server.deltas({"op": "ADD", "text": glue_only, "reason": "a team rule", "cites": [PRINT_REF]})
    code, out, err = learn_run(cli)
    assert code == 0, err
    staged = {lesson["text"]: lesson for lesson in candidate(project)}
    assert staged[glue_only]["provenance"].endswith(
        "none of its words are in what the person typed there: check it against the session")
