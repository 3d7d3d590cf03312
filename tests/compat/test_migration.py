"""migration.json: importing altimate-code's earlier skill-file playbook, as altimate-code does (issue 12, item 4).

Shapes from altimate-code `packages/opencode/src/altimate/learn/store.ts` @ 03a0415 (`migrate`,
`parseMigration`: {source: the absolute SKILL.md path, complete, imports [{file, lessons}], malformed [{file,
reason}]}; the `migrated-from` history entry with `grandfathered`), `playbook.ts` @ 0ea0fc2 (front matter,
the managed header, `- [L-id] text <!-- h:N x:M -->` bullets) and `lesson.ts` @ fea2b04 (`fromBullet`).
Spec 003 lists `migration.json` among a store's files. See tests/compat/sources.py.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.compat.sources import SOURCES

HEADER = "<!-- learned-playbook v1; managed by `altimate-code learn`. Edit via `learn`, not by hand. -->"
DESCRIPTION = ('"Conventions this team\'s CI and reviewers enforce, learned from past sessions. Apply them to '
               'related work."')
LONG = "Staging models select from sources only through the `source()` macro and rename every column to " \
       "snake_case before any join, so marts never see raw names."


def playbook(name: str, bullets: list[tuple[str, str, int, int]], apply_paths: list[str] | None = None) -> str:
    front = ["---", f"name: {name}", f"description: {DESCRIPTION}"]
    front.append("applyPaths: [" + ", ".join(json.dumps(p) for p in apply_paths) + "]" if apply_paths
                 else "alwaysApply: true")
    front.append("---")
    body = [HEADER, ""] + [f"- [{i}] {t} <!-- h:{h} x:{x} -->" for i, t, h, x in bullets]
    return "\n".join(front + body) + "\n"


def legacy(root: Path, name: str = "team-playbook") -> Path:
    skill = root / ".altimate-code" / "skills" / name / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(playbook(name, [("L-3f2a", "Use `ref()` for every model reference.", 3, 0),
                                     ("L-77aa", LONG, 1, 0)], ["models/**"]))
    store = root / ".altimate-code" / "learn" / name
    (store / "versions").mkdir(parents=True)
    (store / "candidate.md").write_text(playbook(name, [("L-3f2a", "Use `ref()` for every model reference.", 3, 0)],
                                                 ["models/**"]))
    (store / "versions" / "v1.md").write_text(playbook(name, [("L-1111", "Prefer CTEs over subqueries.", 0, 0)]))
    return skill


def store_dir(root: Path) -> Path:
    return root / ".altimate-code" / "learn" / "team-playbook"


def test_the_first_write_imports_an_old_playbook_and_records_it(git_repo: Path, cli):
    assert SOURCES["store"][1] and SOURCES["playbook"][1]
    skill = legacy(git_repo)
    assert cli("signal", "add", "--kind", "user", "--text", "Use snake_case for column names.")[0] == 0
    folder = store_dir(git_repo)
    approved = json.loads((folder / "approved.json").read_text())
    assert [(x["id"], x["helpful"], x["trigger"]) for x in approved] == [("L-3f2a", 3, {"paths": ["models/**"]}),
                                                                        ("L-77aa", 1, {"paths": ["models/**"]})]
    assert set(approved[0]) == {"id", "text", "tags", "scope", "helpful", "harmful", "applied", "created", "updated",
                                "trigger"}
    assert [x["id"] for x in json.loads((folder / "candidate.json").read_text())] == ["L-3f2a"]
    assert [x["id"] for x in json.loads((folder / "versions" / "v1.json").read_text())] == ["L-1111"]
    assert json.loads((folder / "migration.json").read_text()) == {"complete": True, "imports": [], "malformed": [],
                                                                    "source": str(skill)}
    [entry] = [json.loads(line) for line in (folder / "history.jsonl").read_text().splitlines()
               if json.loads(line)["action"] == "migrated-from"]
    assert entry["source"] == str(skill) and entry["grandfathered"] == [{"id": "L-77aa", "text": LONG}]
    assert skill.exists() and (folder / "candidate.md").exists()  # nothing deleted
    # the long lesson a person approved in the old format keeps its length allowance
    code, out, _ = cli("show")
    assert code == 0 and "too-long" not in out
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file() and p.suffix != ".jsonl"}
    assert cli("signal", "add", "--kind", "user", "--text", "Never use select star in marts.")[0] == 0
    assert {p: p.read_bytes() for p in before} == before  # done once


def test_a_hand_edited_old_playbook_is_kept_aside_and_an_empty_set_imported(git_repo: Path, cli):
    skill = legacy(git_repo)
    skill.write_text(skill.read_text().replace("alwaysApply", "alwaysApply").replace("---\nname", "---\nowner: me\nname"))
    assert cli("signal", "add", "--kind", "user", "--text", "Use snake_case for column names.")[0] == 0
    folder = store_dir(git_repo)
    assert json.loads((folder / "approved.json").read_text()) == []
    assert not skill.exists() and list(skill.parent.glob("SKILL.md.malformed-*"))
    assert json.loads((folder / "migration.json").read_text())["complete"] is True


def test_status_says_an_old_playbook_was_not_imported_why_and_how_many_lessons_wait(git_repo: Path, cli):
    """review9 R9-3: the set aside playbook emptied the team's lessons without a word."""
    skill = legacy(git_repo)
    skill.write_text(skill.read_text() + "NOTE: ask Dana before changing these\n")
    assert cli("signal", "add", "--kind", "user", "--text", "Use snake_case for column names.")[0] == 0
    [kept] = skill.parent.glob("SKILL.md.malformed-*")
    code, out, err = cli("status")
    assert code == 0
    [warning] = [line for line in (out + err).splitlines() if "was not imported" in line]
    assert str(kept) in warning and 'unmanaged line: "NOTE: ask Dana' in warning
    assert "its 2 approved lessons are not in this store" in warning and "learn remember" in warning
    kept.unlink()  # the person re-added what they wanted and deleted it
    assert "was not imported" not in "".join(cli("status")[1:])


def test_an_interrupted_migration_resumes_from_its_journal(git_repo: Path, cli):
    skill = legacy(git_repo)
    folder = store_dir(git_repo)
    lesson = {"id": "L-3f2a", "text": "Use `ref()` for every model reference.", "tags": [], "scope": "project",
              "helpful": 3, "harmful": 0, "applied": 0, "created": "2026-01-01T00:00:00.000Z",
              "updated": "2026-01-01T00:00:00.000Z"}
    (folder / "migration.json").write_text(json.dumps({"source": str(skill), "complete": False, "malformed": [],
                                                        "imports": [{"file": str(folder / "approved.json"),
                                                                     "lessons": [lesson]}]}))
    assert cli("signal", "add", "--kind", "user", "--text", "Use snake_case for column names.")[0] == 0
    assert json.loads((folder / "approved.json").read_text()) == [lesson]
    assert json.loads((folder / "migration.json").read_text())["complete"] is True


def test_a_store_that_has_approved_lessons_is_never_migrated(git_repo: Path, cli):
    legacy(git_repo)
    folder = store_dir(git_repo)
    (folder / "approved.json").write_text("[]\n")
    assert cli("signal", "add", "--kind", "user", "--text", "Use snake_case for column names.")[0] == 0
    assert not (folder / "migration.json").exists() and (folder / "approved.json").read_text() == "[]\n"


def test_reading_commands_do_not_migrate(git_repo: Path, cli):
    legacy(git_repo)
    assert cli("status")[0] == 0 and cli("show")[0] == 0
    assert not (store_dir(git_repo) / "approved.json").exists()


def test_an_agent_session_in_a_fresh_clone_with_only_the_old_skill_file_gets_its_lessons(git_repo: Path):
    # A clone of a project altimate-code managed before lesson stores were JSON holds only SKILL.md (the
    # local .altimate-code/learn/ is not committed). altimate-code imports it on its first read; learn's
    # hook does the same, so the session is shown those lessons at once.
    from tests.deliver.helpers import context_of, run_hook

    skill = git_repo / ".altimate-code" / "skills" / "team-playbook" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(playbook("team-playbook", [("L-3f2a", "Use `ref()` for every model reference.", 3, 0)]))
    proc = run_hook("claude-code", {"hook_event_name": "SessionStart", "session_id": "s1", "cwd": str(git_repo),
                                    "source": "startup"}, cwd=git_repo)
    assert proc.returncode == 0 and proc.stderr == ""
    assert "Use `ref()` for every model reference." in context_of(proc.stdout)
    journal = json.loads((store_dir(git_repo) / "migration.json").read_text())
    assert journal == {"source": str(skill), "complete": True, "imports": [], "malformed": []}
    assert skill.exists()  # nothing is deleted: the old file stays


def test_a_skill_file_learn_did_not_manage_is_left_alone_by_the_hook(git_repo: Path):
    from tests.deliver.helpers import run_hook

    skill = git_repo / ".altimate-code" / "skills" / "sql-style" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text("---\nname: sql-style\n---\nWrite SQL keywords in upper case.\n")
    proc = run_hook("claude-code", {"hook_event_name": "SessionStart", "session_id": "s1", "cwd": str(git_repo),
                                    "source": "startup"}, cwd=git_repo)
    assert proc.returncode == 0 and proc.stdout == ""
    assert not (git_repo / ".altimate-code" / "learn" / "sql-style").exists()
