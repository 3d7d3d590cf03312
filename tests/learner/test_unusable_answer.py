"""An answer whose every item was dropped for a defect of the answer (no citation, a citation outside the digest, a
target not allowed, a malformed delta) changes nothing: the signals stay open and the exchanges are read again at
the next run, at most three times; an answer that proposes nothing on purpose uses them up as before (trial18)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.learner.conftest import learner_prompts, runs
from tests.learner.test_run import CLAUDE_SESSION, LESSON, PRINT_REF, candidate, learn_run, open_signals

UNCITED = {"op": "ADD", "text": LESSON, "reason": "the person asked for structlog", "evidence": [PRINT_REF]}


def _corrections(repo: Path) -> list[dict]:
    return [s for s in open_signals(repo) if s["sessionID"] == CLAUDE_SESSION]


def test_an_answer_whose_only_item_cites_nothing_keeps_the_correction_for_the_next_run(project: Path, server, cli):
    assert cli("capture", "--session", CLAUDE_SESSION)[0] == 0
    before = _corrections(project)
    assert before
    server.deltas(UNCITED)
    code, out, err = learn_run(cli)
    assert code == 1  # as for any answer with nothing usable in it
    assert candidate(project) == []
    assert _corrections(project) == before  # nothing consumed
    (record,) = runs(project)
    assert record["status"] == "nothing-usable"
    assert "it cites nothing from the digest" in record["error"] and "1 of 3" in record["error"]
    assert "nothing was changed or marked as read" in out + err
    # the next run shows the same exchange again, and a cited answer learns it
    server.deltas({**{k: v for k, v in UNCITED.items() if k != "evidence"}, "cites": [PRINT_REF]})
    code, out, err = learn_run(cli)
    assert code == 0, err
    assert PRINT_REF in learner_prompts(server)[-1]
    assert [lesson["text"] for lesson in candidate(project)] == [LESSON]
    assert _corrections(project) == []
    assert runs(project)[-1]["status"] == "applied"


def test_an_answer_that_proposes_nothing_uses_the_exchange_up(project: Path, server, cli):
    assert cli("capture", "--session", CLAUDE_SESSION)[0] == 0
    assert _corrections(project)
    server.deltas()  # the model judged there is no lesson
    assert learn_run(cli)[0] == 0
    assert runs(project)[-1]["status"] == "no-change"
    assert _corrections(project) == []
    learn_run(cli)
    assert all(PRINT_REF not in p for p in learner_prompts(server)[1:])


def test_after_three_unusable_answers_the_signals_stay_open_and_listed_and_the_exchange_is_not_read_again(
        project: Path, server, cli):
    assert cli("capture", "--session", CLAUDE_SESSION)[0] == 0
    before = _corrections(project)
    for _ in range(3):
        server.deltas(UNCITED)
        learn_run(cli)
    assert [r["status"] for r in runs(project)] == ["nothing-usable"] * 3
    last = runs(project)[-1]
    assert any("3 unusable answers" in n for n in last["notes"])
    assert _corrections(project) == before  # still open: never lost
    code, out, _ = cli("signals", "--unlearned", "--json")
    assert code == 0
    listed = {s["id"]: s["unlearned"]["reason"] for s in json.loads(out)}
    assert {s["id"] for s in before} <= set(listed)
    assert "unusable" in listed[before[0]["id"]]
    # the fourth run does not show the exchange in SESSION again
    asked = len(learner_prompts(server))
    learn_run(cli)
    later = learner_prompts(server)[asked:]
    assert all(f"[{PRINT_REF}]" not in p.split("<<<END SESSION")[0] for p in later)


def test_exchanges_without_a_signal_that_three_unusable_answers_let_go_are_listed_for_a_person(
        project: Path, server, cli):
    """trial20: a correction no capture had flagged (the learner reads every exchange to find those) was lost without
    a trace when the learner gave up: now the run log keeps it, and `learn status` and `learn runs show` say so."""
    assert open_signals(project) == []  # nothing captured: every exchange is one without a signal
    for _ in range(3):
        server.deltas(UNCITED)
        learn_run(cli)
    records = runs(project)
    assert [r["status"] for r in records] == ["nothing-usable"] * 3
    assert [bool(r.get("let_go")) for r in records] == [False, False, True]  # only when they are let go
    let_go = records[-1]["let_go"]
    assert PRINT_REF in [item["ref"] for item in let_go]
    printed = next(item for item in let_go if item["ref"] == PRINT_REF)
    assert printed["text"] and len(printed["text"]) <= 300
    assert any("without a signal" in n and "learn runs show RUN" in n for n in records[-1]["notes"])
    run_id = records[-1]["id"]

    code, out, _ = cli("status")
    assert code == 0
    assert (f"  let go unread: {len(let_go)} exchanges without a signal, after unusable answers in a row (run {run_id} "
            f"at {records[-1]['at']}): `learn runs show {run_id}` lists them; state a rule from one with `learn "
            'remember "RULE"`') in out
    code, out, _ = cli("runs", "show", run_id)
    assert code == 0
    assert "## Let go unread: exchanges without a signal" in out
    assert f"- [{PRINT_REF}] {printed['at']}" in out and printed["text"] in out
