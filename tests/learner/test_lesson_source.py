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
