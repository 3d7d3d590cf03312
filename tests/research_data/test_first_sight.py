"""research/classifier_first_sight.py: the fold model never scores an owner it was trained on, and a policy's counts
are the first-sight flags it keeps plus the pattern misses it adds (in-process, small synthetic rows)."""

from __future__ import annotations

from research import classifier_first_sight as F
from research import train_correction_model as T
from altimate_learn.capture import second_opinion as S

DONE = "I've fixed the import; the page should now render."


def _owner_in(fold: int, start: int = 0) -> str:
    n = start
    while F.fold_of(f"owner{n}") != fold:
        n += 1
    return f"owner{n}"


def _row(text: str, label: int, owner: str) -> T.Row:
    return T.Row(tuple(S.features(text, DONE, 2)), label, owner, owner + "/repo", False, False, text + owner,
                 tuple(S.features(text, DONE, 2, negations=False)), text)


def test_a_word_only_one_owner_types_is_not_known_to_the_model_that_scores_that_owner():
    owners = [_owner_in(f) for f in range(F.FOLDS)]
    rows, meta = [], []
    for i, owner in enumerate(owners):
        for j, (text, label) in enumerate([("still broken after your change", 1), ("thanks, next add a footer", 0)] * 3):
            rows.append(_row(text, label, owner))
            meta.append((f"{owner}|{j}", F.fold_of(owner), True))
    # Only the first owner types "zyxqv", always in a correction; another owner's "zyxqv" is not one.
    for j in range(6):
        rows.append(_row("zyxqv", 1, owners[0]))
        meta.append((f"{owners[0]}|z{j}", F.fold_of(owners[0]), True))
    rows.append(_row("zyxqv", 0, owners[1]))
    meta.append((f"{owners[1]}|z", F.fold_of(owners[1]), True))
    scores = F.score_by_fold(rows, meta, [])
    assert len(scores) == len(rows) and {s["fold"] for s in scores.values()} == set(range(F.FOLDS))
    # Scored by a model that saw only the other owner's "zyxqv" (a `not`), the first owner's is scored low ...
    assert scores[f"{owners[0]}|z0"]["score"] < 0.5
    # ... and every fold's own "still broken" (seen in the other folds) high.
    assert all(scores[f"{o}|0"]["score"] > 0.5 for o in owners)


def _rows() -> list[dict]:
    # fold 0: a right and a false flag of a weak family (the model agrees with the right one), a miss the model flags;
    # fold 1: a right flag of a strong family the model doubts, a true negative.
    base = {"guard": True, "bare": 0.9}
    return [
        {**base, "fold": 0, "owner": "a", "positive": True, "flagged": True, "family": "weak", "score": 0.95, "outcome": "tp"},
        {**base, "fold": 0, "owner": "a", "positive": False, "flagged": True, "family": "weak", "score": 0.1, "outcome": "fp"},
        {**base, "fold": 0, "owner": "b", "positive": True, "flagged": False, "family": "", "score": 0.97, "outcome": "fn"},
        {**base, "fold": 1, "owner": "c", "positive": True, "flagged": True, "family": "strong", "score": 0.2, "outcome": "tp"},
        {**base, "fold": 1, "owner": "c", "positive": False, "flagged": False, "family": "", "score": 0.2, "outcome": "tn"},
    ]


def test_a_gate_keeps_the_flags_the_model_agrees_with_and_model_only_flags_add_the_misses_it_scores_high():
    rows = _rows()
    assert F.apply(rows, lambda r: True)[F.FOLDS] == {"tp": 2, "fp": 1, "fn": 1, "tn": 1}
    gated = F.apply(rows, lambda r: r["family"] != "weak" or r["score"] >= 0.5)
    assert gated[F.FOLDS] == {"tp": 2, "fn": 1, "tn": 2} and gated[0] == {"tp": 1, "fn": 1, "tn": 1}
    assert F.apply(rows, lambda r: True, F.model_only)[F.FOLDS] == {"tp": 3, "fp": 1, "tn": 1}
    # Without the guard the model's flag is no flag.
    unguarded = [{**r, "guard": False} for r in rows]
    assert F.apply(unguarded, lambda r: True, F.model_only)[F.FOLDS] == {"tp": 2, "fp": 1, "fn": 1, "tn": 1}


def test_the_report_names_the_weak_family_and_leaves_out_history_rows_the_corpus_no_longer_scores():
    history = [{"session": "a__r/1", "id": "m1", "outcome": "tp", "family": "weak"},
               {"session": "a__r/1", "id": "gone", "outcome": "fp", "family": "weak"}]
    scores = {"a__r/1|m1": {"score": 0.9, "bare": 0.9, "guard": True, "fold": F.fold_of("a")}}
    rows = F.joined(history, scores)
    assert [(r["owner"], r["fold"], r["positive"], r["flagged"]) for r in rows] == [("a", F.fold_of("a"), True, True)]
    text = F.report(_rows())
    assert "Low families (first-sight P < 0.8 with >= 8 flags): none" in text  # two flags say little either way
    assert "| weak | 1 | 1 | 0.50 |" in text


def test_a_veto_takes_away_the_flags_the_model_doubts_but_never_a_rejected_tool_call():
    rows = _rows() + [{"guard": False, "bare": 0.0, "fold": 1, "owner": "c", "positive": True, "flagged": True,
                       "family": "rejected a tool call", "score": 0.01, "outcome": "tp"}]
    assert [F.vetoed(r, 0.3) for r in rows if r["flagged"]] == [False, True, True, False]
    assert F.apply(rows, lambda r: not F.vetoed(r, 0.3))[F.FOLDS] == {"tp": 2, "fn": 2, "tn": 2}


def test_classifier_real_counts_what_a_veto_by_the_shipped_model_would_take_away(monkeypatch):
    """`classifier_real.py --numbers` counts, per split, the pattern flags on typed messages the shipped model scores
    below each veto (counts only): here on three dev owners, against the model's scores taken directly (a veto above 1
    takes every flag on a typed message away, so the count is never empty)."""
    from altimate_learn.capture.second_opinion import score
    from research import classifier_real as R
    from research.data.real_sessions import iter_classifier_inputs, load_messages

    monkeypatch.setattr(R, "VETOES", (0.1, 1.01))
    owners = sorted({m.repo.split("/")[0].lower() for m in load_messages("dev")})[:3]
    result = R.evaluate("dev", set(owners))
    expected = {f"veto{v}_{k}": 0 for v in R.VETOES for k in ("tp", "fp")}
    for message, msg, previous in iter_classifier_inputs("dev"):
        if message.repo.split("/")[0].lower() not in owners or message.positive is None or msg.kind != "text":
            continue
        verdict = R._verdict(message, msg, previous)
        if verdict.correction and verdict.strength != "model":
            for v in R.VETOES:
                if score(msg.text, message.answer, msg.index) < v:
                    expected[f"veto{v}_{'tp' if message.positive else 'fp'}"] += 1
    assert {k: result.get(k, 0) for k in expected} == expected
    assert 0 < expected["veto1.01_tp"] + expected["veto1.01_fp"] <= result.get("tp", 0) + result.get("fp", 0)


def test_a_capture_change_at_first_sight_moves_only_the_messages_it_changed():
    rows = [{"session": f"o{i}__r/0", "id": "u1", "owner": f"o{i}", "fold": i % F.FOLDS, "positive": pos, "flagged": flag,
             "outcome": ("tp" if flag else "fn") if pos else ("fp" if flag else "tn"), "family": fam}
            for i, (pos, flag, fam) in enumerate([(True, True, "said the result does not work"), (True, False, ""),
                                                 (False, False, ""), (False, True, "says \"stop…\""), (True, False, "")])]
    snap = {f"real-dev|{r['session']}|{r['id']}": {"flagged": False, "reason": "", "label": r["positive"]} for r in rows}
    before = {k: dict(v) for k, v in snap.items()}
    after = {k: dict(v) for k, v in snap.items()}
    # the change flags message 1 (a right flag gained) and 2 (a false one), and stops flagging message 3 (today's code
    # flagged it); message 4 it leaves alone, so its first-sight miss stays a miss
    after["real-dev|o1__r/0|u1"] = {"flagged": True, "reason": "said the change is not there", "label": True}
    after["real-dev|o2__r/0|u1"] = {"flagged": True, "reason": "said the change is not there", "label": False}
    before["real-dev|o3__r/0|u1"] = {"flagged": True, "reason": 'says "stop…"', "label": False}
    changed = F.with_change(rows, before, after)
    assert [r["outcome"] for r in changed] == ["tp", "tp", "fp", "tn", "fn"]
    assert [r["family"] for r in changed][:3] == ["said the result does not work", "said the change is not there",
                                                  "said the change is not there"]
    text = F.change_report(rows, changed)
    assert "| before |" in text and "| after |" in text
    assert "| gained | said the change is not there | 1 | 1 |" in text
    assert "| lost | says \"stop…\" | 0 | 1 |" in text
