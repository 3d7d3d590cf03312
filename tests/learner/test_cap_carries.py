"""A model's rules cut at the curator's per-reflection cap are not lost (issue 20, trial28's T28-1): the exchanges they
cite are read again at the next run, their corrections stay open meanwhile, and the next answer can stage them."""

from __future__ import annotations

from pathlib import Path

from tests.learner.conftest import learner_prompts, runs, typed_messages
from tests.learner.test_run import CLAUDE_SESSION, LESSON, PRINT_REF, candidate, learn_run, open_signals

OTHERS = ["Run `pytest -q` before every commit.", "Keep database migrations in `db/migrations/`.",
          "Name React components in PascalCase."]


def _print_signals(repo: Path) -> list[str]:
    message = PRINT_REF.split(":", 1)[1]
    return [s["id"] for s in open_signals(repo) if s["sessionID"] == CLAUDE_SESSION and s.get("messageID") == message]


def test_a_rule_cut_at_the_cap_keeps_its_correction_open_and_comes_back_at_the_next_run(project: Path, server, cli):
    assert cli("capture", "--session", CLAUDE_SESSION)[0] == 0
    assert _print_signals(project)  # the classifier found the person's "don't use print()" correction
    others = [ref for ref in typed_messages(project) if ref.startswith(CLAUDE_SESSION) and ref != PRINT_REF][:3]
    assert len(others) == 3
    # four rules, each citing its own exchange: the curator adds at most three a reflection, the fourth is cut
    server.deltas(*({"op": "ADD", "text": text, "reason": "the person said so", "cites": [ref]}
                    for text, ref in zip(OTHERS, others)),
                  {"op": "ADD", "text": LESSON, "reason": "the person asked for structlog", "cites": [PRINT_REF]})
    code, out, err = learn_run(cli)
    assert code == 0, err
    assert sorted(lesson["text"] for lesson in candidate(project)) == sorted(OTHERS)
    (record,) = runs(project)
    assert any(d.get("text") == LESSON and "limit reached" in d["reason"] for d in record["dropped"])
    assert _print_signals(project), "the cut rule's correction was consumed: nothing would bring it back"
    assert "1 more exchange waits for the next run" in out + err
    # the next run shows that exchange to the model again, and its answer stages the rule
    server.deltas({"op": "ADD", "text": LESSON, "reason": "the person asked for structlog", "cites": [PRINT_REF]})
    code, out, err = learn_run(cli)
    assert code == 0, err
    assert PRINT_REF in learner_prompts(server)[-1]
    assert LESSON in [lesson["text"] for lesson in candidate(project)]
    assert _print_signals(project) == []


def test_without_a_cut_every_shown_correction_is_used_up_as_before(project: Path, server, cli):
    assert cli("capture", "--session", CLAUDE_SESSION)[0] == 0
    server.deltas({"op": "ADD", "text": LESSON, "reason": "the person asked for structlog", "cites": [PRINT_REF]})
    assert learn_run(cli)[0] == 0
    assert _print_signals(project) == []
    learn_run(cli)
    assert all(PRINT_REF not in p for p in learner_prompts(server)[1:])


# each bullet shares words with the exchange it cites: one that shares none goes to review, not to the file (R35-20)
BULLETS = ["Use the test database fixture for migrations.",
           "Create a new migration with `alembic revision`; never edit an existing one.",
           "Add every health endpoint to `app/main.py`."]
SAID = ["test database", "alembic revision", "healthz"]


def test_an_instruction_file_bullet_cut_at_its_limit_keeps_its_correction_open_for_the_next_run(
        project: Path, isolated_home: Path, server, cli):
    from tests.learner.conftest import user_config

    user_config(isolated_home, learning_targets=["review", "local"])
    assert cli("capture", "--session", CLAUDE_SESSION)[0] == 0
    assert _print_signals(project)
    typed = typed_messages(project)
    others = [next(ref for ref, text in typed.items() if ref.startswith(CLAUDE_SESSION) and said in text)
              for said in SAID]
    # four bullets for AGENTS.local.md, each citing its own exchange: a run adds at most three, the fourth is cut
    server.deltas(*({"op": "ADD", "target": "local", "text": text, "reason": "said so", "cites": [ref]}
                    for text, ref in zip(BULLETS, others)),
                  {"op": "ADD", "target": "local", "text": LESSON, "reason": "said so", "cites": [PRINT_REF]})
    code, out, err = learn_run(cli)
    assert code == 0, err
    local = (project / "AGENTS.local.md").read_text()
    assert all(f"- {text}" in local for text in BULLETS) and LESSON not in local
    (record,) = runs(project)
    assert any(d.get("text") == LESSON and "limit reached" in d["reason"] for d in record["dropped"])
    assert _print_signals(project), "the cut bullet's correction was consumed: nothing would bring it back"
    assert "1 more exchange waits for the next run" in out + err
    server.deltas({"op": "ADD", "target": "local", "text": LESSON, "reason": "said so", "cites": [PRINT_REF]})
    code, out, err = learn_run(cli)
    assert code == 0, err
    assert PRINT_REF in learner_prompts(server)[-1]
    assert f"- {LESSON}" in (project / "AGENTS.local.md").read_text()
    assert _print_signals(project) == []
