"""`learn show`: the approved set, the candidate, the diff, flags, long marks, pending replacements."""

from __future__ import annotations

import json

from tests.review.conftest import T1, lesson, retired

CENTS = "Convert `amount_cents` to dollars with `cents_to_dollars` in staging models."
LONG = ("Staging models select from sources only through the `source()` macro and rename every column to "
        "snake_case before any join, so marts never see raw column names.")
assert len(LONG) > 140


def full_store(store) -> None:
    """A store with every kind of change a reviewer can meet."""
    store.approved([
        lesson("L-aaaa0001", CENTS, paths=["models/staging/**"], helpful=3, applied=9, pinned=True),
        lesson("L-bbbb0002", LONG, tags=["staging"]),  # grandfathered: from an older store
        lesson("L-cccc0003", "Name incremental models with an `_inc` suffix.", harmful=2),
        lesson("L-dddd0004", "Put one model per file in `models/marts`."),
    ])
    store.candidate([
        lesson("L-aaaa0001", CENTS, paths=["models/staging/**"], helpful=4, applied=9, pinned=True),
        lesson("L-bbbb0002", LONG, tags=["staging"]),
        lesson("L-dddd0004", "Put one model per file in `models/marts`, named after its grain.",
               tags=["marts"], updated=T1),
        lesson("L-eeee0005", "Do not skip the dbt tests on seeds to save CI time.", tags=["ci"]),
        lesson("L-ffff0006", "Use `ref()` for every model dependency, never a hard-coded schema name."),
    ])
    store.write("retired.json", [retired("L-cccc0003", "Name incremental models with an `_inc` suffix.",
                                         "harmful twice: the team uses the `incremental_` prefix",
                                         harmful=2)])
    store.write("pending-replacements.jsonl",
                json.dumps({"id": "L-9999aaaa", "text": "Old rule about `stg_` prefixes.", "reasons": ["wrong"],
                            "feedback": "secret-free feedback", "kind": "review", "attempts": 1}) + "\n")


def test_show_renders_everything_a_reviewer_needs(store, cli, snapshot):
    full_store(store)
    code, out, err = cli("show")
    assert (code, err) == (0, "")
    assert out == snapshot


def test_show_json_has_stable_keys_and_the_candidate_hash(store, cli):
    full_store(store)
    code, out, _ = cli("show", "--json")
    assert code == 0
    data = json.loads(out)
    assert sorted(data) == ["approved", "approved_flagged", "approved_problems", "approved_sha256", "candidate",
                            "candidate_sha256", "diff", "flagged", "long", "overruled", "path", "pending_replacements",
                            "problems", "quarantined", "rebased_lost", "rebased_on", "rejected_before", "set", "stale", "store", "versions",
                            "warnings"]
    import hashlib

    assert data["candidate_sha256"] == hashlib.sha256(store.path("candidate.json").read_bytes()).hexdigest()
    assert sorted(data["diff"]) == ["added", "counters", "edited", "removed"]
    assert [x["id"] for x in data["diff"]["added"]] == ["L-eeee0005", "L-ffff0006"]
    assert [(e["id"], e["fields"]) for e in data["diff"]["edited"]] == [("L-dddd0004", ["text", "tags"])]
    assert data["diff"]["removed"][0]["id"] == "L-cccc0003"
    assert data["diff"]["removed"][0]["reason"].startswith("harmful twice")
    assert data["diff"]["counters"] == [{"id": "L-aaaa0001", "helpful": {"old": 3, "new": 4}}]
    assert data["flagged"] == [{"id": "L-eeee0005", "reason": "mentions skipping or disabling verification"}]
    assert data["long"] == ["L-bbbb0002"]
    assert data["problems"] == []
    assert data["pending_replacements"][0]["id"] == "L-9999aaaa"
    assert "feedback" not in data["pending_replacements"][0]


def test_show_escapes_terminal_control_characters_in_lesson_text(store, cli):
    evil = "Use `ref()`\x1b[2K\x1b[1A\rApproved: nothing to see \u202eeman\x9b31m."
    store.approved([lesson("L-0bad0001", evil)])
    store.candidate([lesson("L-0bad0001", evil), lesson("L-0bad0002", "Keep models small\x07.")])
    code, out, _ = cli("show")
    assert code == 0
    for raw in ("\x1b", "\u202e", "\x9b", "\x07", "\r"):
        assert raw not in out
    assert "Use `ref()`\\x1b[2K\\x1b[1A\\x0dApproved: nothing to see \\u202eeman\\x9b31m." in out
    # The hidden characters are also a reason promote refuses the new lesson.
    assert "[L-0bad0002] not-normalized: contains hidden characters or extra whitespace" in out
    code, out, _ = cli("show", "--json")
    assert "\x1b" not in out and "\u202e" not in out and "\x9b" not in out
    assert json.loads(out)["approved"][0]["text"] == evil  # same data, escaped only in print


def test_show_of_a_store_that_does_not_exist_says_so_and_creates_nothing(store, cli):
    # issue 12: a named store that does not exist is an error, not an empty store
    code, out, err = cli("show", "--name", "nope")
    assert (code, out) == (1, "")
    assert err == ("Error: store 'nope' does not exist (no folder .altimate-code/learn/nope). This project has no "
                   "store yet; `learn capture`, `learn signal add` or `learn curate` create one.\n")
    assert not (store.root / ".altimate-code").exists()
    code, out, _ = cli("show")  # the default store of a fresh project: empty, and still nothing created
    assert code == 0
    assert "Approved: none yet" in out and "Candidate: none" in out
    assert "No lessons in store 'team-playbook' yet." in out
    assert not (store.root / ".altimate-code").exists()


def test_removal_reason_falls_back_to_history(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS), lesson("L-cccc0003", "Prefer CTEs over subqueries.")])
    store.candidate([lesson("L-aaaa0001", CENTS)])
    store.write("history.jsonl", "".join(json.dumps(e) + "\n" for e in [
        {"at": T1, "op": "curate", "applied": [{"op": "REMOVE", "id": "L-cccc0003",
                                                "reason": "duplicate of a style guide rule"}]},
        {"at": T1, "op": "curate", "applied": [{"op": "EDIT", "id": "L-cccc0003", "reason": "an edit"}],
         "rejected": [{"op": "REMOVE", "id": "L-cccc0003", "reason": "rejected: limit of 3 removals"}]},
    ]))
    code, out, _ = cli("show")
    assert code == 0
    assert "  - removed  [L-cccc0003] Prefer CTEs over subqueries.\n" \
           "             reason: duplicate of a style guide rule\n" in out


def test_show_reports_candidate_problems_that_promote_would_refuse(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.candidate([lesson("L-aaaa0001", CENTS),
                     lesson("L-aaaa0002", "Never convert `amount_cents` in marts."),
                     lesson("L-aaaa0003", "Read the docs at https://example.com/style before writing SQL.")])
    code, out, _ = cli("show")
    assert code == 0
    assert "Promote refuses this candidate until these are fixed:" in out
    assert "  [L-aaaa0003] url: contains a URL" in out
    assert "overlap: shares `amount_cents` with" in out
    assert out.rstrip().endswith("Edit candidate.json or run `learn reflect` again; `learn reject` discards it.")


def test_show_with_candidate_equal_to_approved(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.candidate([lesson("L-aaaa0001", CENTS)])
    code, out, _ = cli("show")
    assert "Diff: none (the candidate matches the approved lessons)" in out
    assert "Nothing to promote. Run `learn reject` to discard the candidate." in out


def test_show_refuses_a_hand_broken_candidate_and_changes_nothing(store, cli):
    """The way out is `learn reject`: git ignores the candidate, so "restore it from git" led nowhere, and
    `learn status` said "none in candidate" (review12 R12-12)."""
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.write("candidate.json", '[{"id": "L-aaaa0001", "text": "oops",]\n')
    before = store.snapshot()
    code, out, err = cli("show")
    assert code == 1
    assert err == (f"Error: {store.path('candidate.json')} cannot be read: invalid JSON (Expecting property name "
                   "enclosed in double quotes at line 1 column 38). Fix it by hand, or run `learn reject` to set it "
                   "aside (kept beside it) and let the next reflection stage a new one.\n")
    assert store.snapshot() == before
    assert "lessons: 1 approved, the candidate unreadable (`learn reject` sets it aside)" in cli("status")[1]
    assert cli("reject")[0] == 0 and not store.path("candidate.json").exists()
    assert "lessons: 1 approved, nothing waiting for review" in cli("status")[1]


def test_show_refuses_an_approved_file_with_a_duplicate_id(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS), lesson("L-aaaa0001", "Another text.")])
    before = store.snapshot()
    code, _, err = cli("show")
    assert code == 1
    assert err == (f"Error: {store.path('approved.json')}: entry #2 (L-aaaa0001), field 'id': duplicate id "
                   "L-aaaa0001. Fix the entry by hand (or restore the file from git); `learn check` lists every "
                   "problem.\n")
    assert store.snapshot() == before


def test_a_helpful_mark_is_a_counter_change_not_an_edit():
    """review10 R10-13b: the mark moves `updated` with its counter, and the diff said "~ edited (updated)" too."""
    from altimate_learn.review.model import diff_lessons

    before = lesson("L-00000001", "Use `uv` instead of `pip`.")
    marked = {**before, "helpful": before.get("helpful", 0) + 1, "updated": T1}
    diff = diff_lessons([before], [marked])
    assert diff.edited == [] and len(diff.counters) == 1
    reworded = {**marked, "text": "Use `uv add` instead of `pip install`."}
    assert [edit.fields for edit in diff_lessons([before], [reworded]).edited] == [["text"]]
    touched = {**before, "updated": T1}  # a stamp alone, no counter: still shown, as before
    assert [edit.fields for edit in diff_lessons([before], [touched]).edited] == [["updated"]]


def test_show_without_a_candidate_does_not_speak_of_one(store, cli):
    """With nothing staged, the set line is the approved set's, not "(without this candidate)" (trial22)."""
    store.approved([lesson("L-aaaa0001", CENTS, paths=["models/staging/**"])])
    code, out, _ = cli("show")
    assert code == 0 and "Diff: none (no candidate)" in out
    assert "\nApproved set: 1 in force (max_in_force 40)" in out and "without this candidate" not in out
