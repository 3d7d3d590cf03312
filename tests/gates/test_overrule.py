"""A person overrules the vet: `learn quarantine release ID --force` (review14 R14-3).

The offline vet weighs words, and can be wrong; a person who checked must be able to say so. Without it a
wrongly quarantined rule could only come back through a model call or an edit of a correct instruction file
(`release` and `remember` both re-ran the same check). The override is recorded in the lesson's provenance,
shown by `learn show`, and a later re-vet that finds the same conflict keeps the lesson; a new conflict still
quarantines it. Typing a quarantined rule again adds no second identical entry.
"""

from __future__ import annotations

import json

from tests.gates.helpers import AGENTS_MD, quarantined, read_json, texts, write_instructions
from tests.gates.test_staleness import _prompt

NPM = "Install dependencies with `npm install`."
YARN = "Install dependencies with `yarn install`."
REASON = 'contradicts AGENTS.md: "Use pnpm, never npm"'


def _quarantine_one(git_repo, cli) -> dict:
    write_instructions(git_repo)
    assert cli("remember", NPM)[0] == 0
    [item] = quarantined(git_repo)
    return item


def test_force_stages_a_new_rule_with_the_overruled_verdict_in_its_provenance(git_repo, cli):
    item = _quarantine_one(git_repo, cli)
    code, out, err = cli("quarantine", "release", item["id"][2:8], "--force")
    assert code == 0, err
    assert quarantined(git_repo) == [] and texts(git_repo) == [NPM]
    [lesson] = read_json(git_repo, "candidate.json")
    assert out.splitlines()[0] == (f"Released {item['id']}: you overruled the vet; it is staged as {lesson['id']}. "
                                   "Review it with `learn show`, approve it with `learn promote`.")
    assert lesson["provenance"].startswith("kept by a person over the vet (")
    assert lesson["provenance"].endswith(REASON)
    show = cli("show")[1]
    assert "kept by a person over the vet" in show and REASON in show
    history = [json.loads(line) for line in
               (git_repo / ".altimate-code/learn/team-playbook/history.jsonl").read_text().splitlines()]
    assert any(h.get("action") == "quarantine-release" and h.get("forced") for h in history), history
    # approved, it is delivered, and a re-vet after an unrelated edit of AGENTS.md keeps it
    assert cli("promote", "--yes")[0] == 0
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "- Document every model in its schema file.\n")
    code, out, err = cli("vet")
    assert code == 0, err
    assert "1 re-stamped, 0 quarantined" in out
    assert quarantined(git_repo) == []
    assert "npm install" in _prompt(git_repo, "s-1")


def test_a_new_conflict_still_quarantines_a_forced_lesson(git_repo, cli):
    item = _quarantine_one(git_repo, cli)
    assert cli("quarantine", "release", item["id"], "--force")[0] == 0
    assert cli("promote", "--yes")[0] == 0
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "- Never run `npm install` in this repository.\n")
    assert cli("vet")[0] == 0
    [again] = quarantined(git_repo)
    assert again["text"] == NPM and "Never run `npm install`" in again["reason"]


def test_force_on_a_quarantined_approved_lesson_delivers_it_again_and_carries_the_note(git_repo, cli):
    write_instructions(git_repo)
    assert cli("remember", YARN, "--approve")[0] == 0
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "- Use pnpm for installs, never yarn.\n")
    assert cli("vet")[0] == 0
    [item] = quarantined(git_repo)
    assert "yarn install" not in _prompt(git_repo, "s-1")
    code, out, err = cli("quarantine", "release", item["id"], "--force")
    assert code == 0, err
    assert out.splitlines()[0] == f"Released {item['id']}: you overruled the vet; it is delivered again."
    assert quarantined(git_repo) == []
    assert "yarn install" in _prompt(git_repo, "s-2")
    [staged] = read_json(git_repo, "candidate.json")  # the staged removal is undone; the copy carries the note
    assert staged["id"] == item["id"] and staged["provenance"].endswith(
        'contradicts AGENTS.md: "Use pnpm for installs, never yarn"')
    assert cli("promote", "--yes")[0] == 0
    [approved] = read_json(git_repo, "approved.json")
    assert "kept by a person over the vet" in approved["provenance"]
    # the next change of the instruction files re-vets it: the same conflict keeps it
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "- Use pnpm for installs, never yarn.\n- Keep answers short.\n")
    assert cli("vet")[0] == 0
    assert quarantined(git_repo) == []
    assert "yarn install" in _prompt(git_repo, "s-3")


def test_without_force_the_error_names_it(git_repo, cli):
    item = _quarantine_one(git_repo, cli)
    code, _, err = cli("quarantine", "release", item["id"])
    assert code == 1
    assert f"if the vet is wrong, release it anyway with `learn quarantine release {item['id']} --force`" in err


def test_force_does_not_override_the_lint(git_repo, cli):
    write_instructions(git_repo)
    long_rule = "Always " + " ".join(["check the staging models carefully"] * 8) + "."
    assert cli("remember", long_rule)[0] == 0
    [item] = quarantined(git_repo)
    assert item.get("source") is None
    code, _, err = cli("quarantine", "release", item["id"], "--force")
    assert code == 1
    assert "--force overrules only a conflict with an instruction file" in err
    assert [q["id"] for q in quarantined(git_repo)] == [item["id"]]


def test_remembering_a_quarantined_rule_again_adds_no_second_entry(git_repo, cli):
    item = _quarantine_one(git_repo, cli)
    code, out, err = cli("remember", NPM)
    assert code == 0, err
    assert out.splitlines()[0] == f'Already quarantined as {item["id"]} "{NPM[:-1]}": {REASON}. Nothing was added.'
    assert f"`learn quarantine release {item['id']} --force`" in out
    assert [q["id"] for q in quarantined(git_repo)] == [item["id"]]
    assert json.loads(cli("remember", NPM.lower(), "--json")[1])["already_quarantined"] is True
    assert len(quarantined(git_repo)) == 1


def test_remembering_it_after_the_instructions_are_fixed_releases_the_entry(git_repo, cli):
    item = _quarantine_one(git_repo, cli)
    (git_repo / "AGENTS.md").write_text(AGENTS_MD.replace("- Use pnpm, never npm.\n", "- Use npm.\n"))
    code, out, err = cli("remember", NPM)
    assert code == 0, err
    assert quarantined(git_repo) == [] and texts(git_repo) == [NPM]
    assert f"the quarantined copy {item['id']} of this rule is released" in err


def _quarantine_approved(git_repo, cli) -> dict:
    write_instructions(git_repo)
    assert cli("remember", YARN, "--approve")[0] == 0
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "- Use pnpm for installs, never yarn.\n")
    assert cli("vet")[0] == 0
    [item] = quarantined(git_repo)
    return item


def test_rejecting_the_staged_removal_says_the_lesson_stays_held_out(git_repo, cli):
    """review14 R14-11: `learn reject` kept the lesson approved, and it stayed quarantined without a word."""
    item = _quarantine_approved(git_repo, cli)
    code, out, err = cli("reject")
    assert code == 0, err
    assert (f'[{item["id"]}] {YARN} stays approved but quarantined (not delivered): contradicts AGENTS.md: "Use pnpm '
            f'for installs, never yarn". `learn quarantine release {item["id"]}` re-vets it (`--force` if the vet was '
            "wrong); `learn quarantine drop` retires it.") in out
    assert "yarn install" not in _prompt(git_repo, "s-1")


def test_rejecting_one_id_says_it_too(git_repo, cli):
    item = _quarantine_approved(git_repo, cli)
    code, out, err = cli("reject", item["id"], "--json")
    assert code == 0, err
    assert json.loads(out)["still_quarantined"] == [item["id"]]


def test_vet_lets_a_lesson_back_in_when_the_line_it_was_quarantined_for_is_gone(git_repo, cli):
    """review14 R14-11: reverting the AGENTS.md edit and running `learn vet` left the lesson held out."""
    item = _quarantine_approved(git_repo, cli)
    assert cli("reject")[0] == 0
    (git_repo / "AGENTS.md").write_text(AGENTS_MD)  # `git checkout AGENTS.md`
    code, out, err = cli("vet")
    assert code == 0, err
    assert (f'  released {item["id"]} "{YARN[:-1]}": the instruction line it was quarantined for is gone and it '
            "passes the vet; delivered again.") in out.splitlines()
    assert quarantined(git_repo) == []
    assert "yarn install" in _prompt(git_repo, "s-2")


def test_vet_keeps_it_quarantined_while_the_line_is_there_or_another_one_conflicts(git_repo, cli):
    item = _quarantine_approved(git_repo, cli)
    assert cli("reject")[0] == 0
    code, out, _ = cli("vet")
    assert code == 0 and "released" not in out
    assert [q["id"] for q in quarantined(git_repo)] == [item["id"]]
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "- Never use `yarn install`; use pnpm.\n")  # reworded
    code, out, _ = cli("vet")
    assert code == 0 and "released" not in out
    [again] = quarantined(git_repo)
    assert again["id"] == item["id"] and "Never use `yarn install`" in again["reason"]
