"""The hand sort of the dev corrections the built-in reflector gave nothing for (refl21, issue 20): each row is a dev
correction or bug report (the held-out split is counted, never read to tune), and the report says what the
reflector makes of each now."""

from __future__ import annotations

from research.data.real_sessions import load_messages


def test_every_hand_sorted_rule_comes_from_a_dev_correction_and_shows_what_the_reflector_makes_of_it():
    from research.reflector_real import careful_rules

    rows = careful_rules()
    dev = {(m.session, m.id): m.label for m in load_messages("dev")}
    assert len(rows) == 18
    assert all(dev.get((row["session"], row["id"])) in ("correction", "bug") for row in rows)
    assert all(row["rule"] and row["form"] and (row["lessons"] or row["offline"]) for row in rows)
    written = {row["text"]: row["lessons"] for row in rows if row["lessons"]}
    assert written.get("make a plan before coding") == ["Make a plan before coding."]
