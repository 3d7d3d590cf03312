"""`learn quarantine` (list, release, drop): set aside with the reason, never delivered, never deleted."""

from __future__ import annotations

import json

from tests.gates.helpers import AGENTS_MD, quarantined, read_json, texts, write_instructions

NPM = "Install dependencies with `npm install`."


def _quarantine_one(git_repo, cli) -> dict:
    write_instructions(git_repo)
    assert cli("remember", NPM)[0] == 0
    [item] = quarantined(git_repo)
    return item


def test_the_list_names_each_rule_and_its_reason(git_repo, cli):
    item = _quarantine_one(git_repo, cli)
    code, out, _ = cli("quarantine", "list")
    assert code == 0
    assert out.splitlines() == [
        "1 lesson quarantined (failed the vet, never delivered):",
        f'  [{item["id"]}] {NPM} — contradicts AGENTS.md: "Use pnpm, never npm" (written by a person)',
        "Fix the instruction file and run `learn quarantine release ID`; if the vet is wrong, `learn quarantine "
        "release ID --force`; or `learn quarantine drop ID`."]
    data = json.loads(cli("quarantine", "list", "--json")[1])
    assert sorted(data["quarantined"][0]) == ["at", "author", "channel", "id", "quote", "reason", "source", "text",
                                              "verdict", "was"]


def test_release_while_the_conflict_remains_keeps_it_and_says_why(git_repo, cli):
    item = _quarantine_one(git_repo, cli)
    code, out, err = cli("quarantine", "release", item["id"])
    assert code == 1
    assert err.strip() == (f'Error: {item["id"]} stays quarantined: contradicts AGENTS.md: "Use pnpm, never npm". '
                           "Fix the instruction file it conflicts with; if the vet is wrong, release it anyway with "
                           f"`learn quarantine release {item['id']} --force`; or drop the rule with "
                           f"`learn quarantine drop {item['id']}`.")
    assert [q["id"] for q in quarantined(git_repo)] == [item["id"]]


def test_release_after_the_instructions_are_fixed_stages_the_rule(git_repo, cli):
    item = _quarantine_one(git_repo, cli)
    (git_repo / "AGENTS.md").write_text(AGENTS_MD.replace("- Use pnpm, never npm.\n", "- Use npm.\n"))
    code, out, err = cli("quarantine", "release", item["id"])
    assert code == 0, err
    assert quarantined(git_repo) == [] and texts(git_repo) == [NPM]
    assert out.startswith(f"Released {item['id']}: it passed the vet and is staged as L-")


def test_drop_retires_it_with_the_reason_and_search_still_finds_it(git_repo, cli):
    item = _quarantine_one(git_repo, cli)
    code, out, err = cli("quarantine", "drop", item["id"])
    assert code == 0, err
    assert out.strip() == f"Dropped {item['id']}: retired with its reason."
    assert quarantined(git_repo) == []
    [retired] = read_json(git_repo, "retired.json")
    assert retired["reason"] == 'dropped from quarantine: contradicts AGENTS.md: "Use pnpm, never npm"'
    code, out, _ = cli("search", "npm")
    assert item["id"] in out


def test_drop_of_a_quarantined_approved_lesson_stages_its_removal(git_repo, cli):
    write_instructions(git_repo)
    assert cli("remember", "Install dependencies with `yarn install`.", "--approve")[0] == 0
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "- Use pnpm for installs, never yarn.\n")
    assert cli("vet")[0] == 0
    [item] = quarantined(git_repo)
    assert cli("reject")[0] == 0  # the staged removal is discarded: approved.json still has it
    code, out, err = cli("quarantine", "drop", item["id"])
    assert code == 0, err
    assert "Its removal from the approved lessons is staged: run `learn promote`." in out
    assert read_json(git_repo, "candidate.json") == []


def test_an_unknown_id_names_the_closest_quarantined_ones(git_repo, cli):
    item = _quarantine_one(git_repo, cli)
    wrong = item["id"][:-1] + ("f" if item["id"][-1] != "f" else "e")
    code, out, err = cli("quarantine", "drop", wrong)
    assert code == 1
    assert f"Closest quarantined ids: {item['id']}." in err


def test_malformed_gate_files_are_moved_aside_by_writers_and_left_alone_by_readers(git_repo, cli):
    folder = git_repo / ".altimate-code" / "learn" / "team-playbook"
    folder.mkdir(parents=True)
    (folder / "quarantine.json").write_text("{not json")
    (folder / "vetted.json").write_text("[1, 2")
    for command in (["status"], ["show"], ["doctor"]):
        assert cli(*command)[0] == 0
    # listing what it holds cannot be done: said, exit 1, never "Nothing is quarantined" (review14 R14-14)
    code, out, err = cli("quarantine", "list")
    assert code == 1 and "quarantine.json cannot be read" in err and "Nothing is quarantined" not in out
    assert (folder / "quarantine.json").read_text() == "{not json"
    write_instructions(git_repo)
    assert cli("remember", NPM)[0] == 0  # quarantined: both files are rewritten
    asides = sorted(p.name.split(".malformed")[0] for p in folder.glob("*.malformed-*"))
    assert asides == ["quarantine.json", "vetted.json"]
    assert [p.read_text() for p in sorted(folder.glob("quarantine.json.malformed-*"))] == ["{not json"]
    assert len(quarantined(git_repo)) == 1


def test_release_and_drop_take_a_unique_prefix_of_the_quarantined_id(git_repo, cli):
    """review12 R12-7: ids take a unique prefix everywhere, as they do for pin, unpin and reject."""
    item = _quarantine_one(git_repo, cli)
    prefix = item["id"][2:8]  # `3f2a91`, without `L-`
    code, _, err = cli("quarantine", "release", prefix)
    assert code == 1 and err.startswith(f"Error: {item['id']} stays quarantined: contradicts AGENTS.md")
    code, out, err = cli("quarantine", "drop", prefix)
    assert code == 0, err
    assert out.strip() == f"Dropped {item['id']}: retired with its reason."
    assert quarantined(git_repo) == []
