"""`learn reject ID…`: take single staged changes out of the candidate, keep the rest staged."""

from __future__ import annotations

from tests.review.conftest import lesson

CENTS = "Convert `amount_cents` to dollars with `cents_to_dollars` in staging models."
SNAKE = "Use snake_case for every model and column name."
FLAGGED = "Do not skip the dbt tests on seeds to save CI time."
REF = "Use `ref()` for every model dependency."


def _ids(lessons):
    return [item["id"] for item in lessons]


def test_rejecting_a_flagged_new_lesson_drops_only_it(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.candidate([lesson("L-aaaa0001", CENTS), lesson("L-eeee0005", FLAGGED, coexists=["L-ffff0006"]),
                     lesson("L-ffff0006", REF, coexists=["L-eeee0005"])])
    store.write("harmful.json", {"L-eeee0005": ["s1:sig_1"]})
    code, out, err = cli("reject", "L-eeee0005")
    assert (code, err) == (0, "")
    assert out == (f"Dropped [L-eeee0005] {FLAGGED}\n"
                   "The candidate of 'team-playbook' now has 2 lessons; `learn show` has the diff.\n")
    candidate = store.read("candidate.json")
    assert _ids(candidate) == ["L-aaaa0001", "L-ffff0006"]
    assert "coexists" not in candidate[1]  # no reference to a lesson that is gone
    assert store.read("harmful.json") == {}
    entry = store.history()[-1]
    assert (entry["op"], entry["ids"], entry["dropped"], entry["candidate"]) == ("reject", ["L-eeee0005"],
                                                                                 ["L-eeee0005"], 2)
    # `learn show` no longer warns, and the rest is still staged for promote.
    code, out, _ = cli("show")
    assert "WARNING" not in out and "+ added    [L-ffff0006]" in out


def test_rejecting_a_removal_or_an_edit_keeps_the_approved_version(store, cli):
    approved = [lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", SNAKE), lesson("L-cccc0003", REF)]
    store.approved(approved)
    store.candidate([lesson("L-aaaa0001", CENTS + " Always."), lesson("L-cccc0003", REF)])  # edits 1, removes 2
    store.write("pending-replacements.jsonl", '{"attempts": 0, "id": "L-bbbb0002", "reasons": ["x"], "text": "y"}\n')
    code, out, err = cli("reject", "L-bbbb0002", "L-aaaa0001")
    assert (code, err) == (0, "")
    assert out == (f"Kept the approved version of [L-bbbb0002] {SNAKE}\n"
                   f"Kept the approved version of [L-aaaa0001] {CENTS}\n"
                   "The candidate of 'team-playbook' now matches the approved lessons; run `learn reject` to "
                   "discard it.\n")
    assert store.read("candidate.json") == approved  # in the approved order
    assert store.path("pending-replacements.jsonl").read_text() == ""


def test_an_unknown_id_changes_nothing_and_names_the_closest(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.candidate([lesson("L-aaaa0001", CENTS), lesson("L-eeee0005", FLAGGED)])
    before = store.snapshot()
    code, out, err = cli("reject", "L-eeee0005", "L-eeee005")
    assert (code, out) == (1, "")
    assert err == ("Error: no staged change for lesson L-eeee005 in the candidate of 'team-playbook'. "
                   "Closest staged ids: L-eeee0005.\n")
    assert store.snapshot() == before
    code, _, err = cli("reject", "L-aaaa0001")
    assert code == 1 and err.startswith("Error: L-aaaa0001 is approved and unchanged in the candidate")
    assert store.snapshot() == before


def test_reject_with_ids_and_no_candidate_is_one_line(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    code, out, err = cli("reject", "L-aaaa0001")
    assert (code, out) == (1, "")
    assert err == ("Error: no candidate in 'team-playbook'; nothing to reject. Run `learn reflect` (or "
                   "`learn curate`) to stage a candidate first.\n")


def test_reject_without_ids_still_discards_the_whole_candidate(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.candidate([lesson("L-aaaa0001", CENTS), lesson("L-eeee0005", FLAGGED)])
    code, out, _ = cli("reject")
    assert code == 0 and "Discarded the candidate of 'team-playbook'" in out
    assert not store.path("candidate.json").exists()


def test_show_hints_at_rejecting_a_flagged_staged_lesson(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.candidate([lesson("L-aaaa0001", CENTS), lesson("L-eeee0005", FLAGGED)])
    code, out, _ = cli("show")
    assert "WARNING [L-eeee0005]: mentions skipping or disabling verification (drop it with " \
           "`learn reject L-eeee0005`)" in out
