"""The capture worker's background re-vet is a re-check nobody ran a command for: it re-stamps and quarantines
what the instruction files now contradict, and changes nothing else. A store past learn.max_stored, or holding a
lesson marked harmful enough to remove, is left as it is and the hook log says so; the next curation the person
runs evicts and removes as always."""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.harness.revet import _sessions_dir, revet_project
from altimate_learn.store import ProjectPaths, Store
from tests.gates.helpers import AGENTS_MD, deltas_file, quarantined, read_json, write_instructions

RULES = ["Name staging models `stg_<source>__<table>`.", "Put queue workers in `workers/`.",
         "Install dependencies with `yarn install`.", "Keep fixtures under `tests/fixtures/`.",
         "Document every mart in `schema.yml`.", "Prefix feature flags with `ff_`."]


def _store_over_its_cap(repo: Path, cli, monkeypatch) -> Store:
    """Six approved, vetted lessons (the first marked harmful by three feedbacks), then learn.max_stored=3 and an
    AGENTS.md edit that makes them all stale and contradicts the yarn rule."""
    write_instructions(repo)
    for rule in RULES:
        assert cli("remember", rule, "--approve")[0] == 0
    store = Store(ProjectPaths(repo), "team-playbook")
    approved = store.read_lessons(store.APPROVED)
    approved[0]["harmful"] = 3
    store.write_lessons(store.APPROVED, approved)
    store.write_json(store.HARMFUL, {approved[0]["id"]: ["sig_a", "sig_b", "sig_c"]})
    monkeypatch.setenv("ALTIMATE_LEARN_MAX_STORED", "3")
    (repo / "AGENTS.md").write_text(AGENTS_MD + "\n# Project notes\n- Use pnpm for installs, never yarn.\n")
    Path(_sessions_dir(str(repo))).mkdir(parents=True, exist_ok=True)  # a hook made it
    return store


def test_a_background_re_vet_of_a_store_over_its_cap_evicts_nothing_and_says_what_it_left(git_repo, cli,
                                                                                             monkeypatch):
    store = _store_over_its_cap(git_repo, cli, monkeypatch)
    ids = [lesson["id"] for lesson in store.read_lessons(store.APPROVED)]
    logged: list[str] = []
    runs = revet_project(str(git_repo), logged.append)

    run = runs["team-playbook"]
    assert run["checked"] == 6 and run["restamped"] == 5 and len(run["quarantined"]) == 1
    [item] = quarantined(git_repo)
    assert item["text"] == "Install dependencies with `yarn install`."
    # only the quarantined lesson leaves the staged set: nothing evicted, nothing removed for harm
    kept = [lesson["id"] for lesson in read_json(git_repo, "candidate.json")]
    assert kept == [i for i in ids if i != item["id"]]
    assert read_json(git_repo, "candidate-retired.json") is None
    assert run["held"] == {"over_max_stored": 2, "harmful": [ids[0]]}
    assert any("left as it is: 2 lessons past learn.max_stored (the next `learn reflect` or `learn curate` evicts "
               "the lowest-scoring" in line and f"1 lesson marked harmful enough to remove ({ids[0]};" in line
               for line in logged), logged
    history = [json.loads(line) for line in (store.dir / "history.jsonl").read_text().splitlines()]
    assert not any(a.get("note") in ("evicted", "harmful") for entry in history for a in entry.get("applied") or [])

    # the person's own curation does what the background left
    code, out, err = cli("curate", "--deltas", deltas_file(git_repo, {"op": "HELPFUL", "id": ids[1], "reason": "r"}),
                         "--json")
    assert code == 0, err
    notes = sorted((a["id"], a.get("note")) for a in json.loads(out)["applied"] if a["op"] == "REMOVE")
    assert (ids[0], "harmful") in notes and sum(1 for _, note in notes if note == "evicted") == 1
    assert len(read_json(git_repo, "candidate.json")) == 3


def test_learn_vet_re_vets_only_and_says_what_it_left(git_repo, cli, monkeypatch):
    store = _store_over_its_cap(git_repo, cli, monkeypatch)
    ids = [lesson["id"] for lesson in store.read_lessons(store.APPROVED)]
    code, out, err = cli("vet")
    assert code == 0, err
    assert out.startswith("Re-vetted 6 lessons (offline): 5 re-stamped, 1 quarantined.")
    assert ("  left as it is: 2 lessons past learn.max_stored (the next `learn reflect` or `learn curate` evicts the "
            f"lowest-scoring; raise learn.max_stored to keep them); 1 lesson marked harmful enough to remove ({ids[0]}; "
            "the next `learn reflect` or `learn curate` removes them).") in out
    assert len(read_json(git_repo, "candidate.json")) == 5
    code, out, _ = cli("vet", "--json")
    assert code == 0 and json.loads(out)["held"] == {}  # nothing due any more: nothing curated, nothing to say


def test_a_capture_worker_after_a_check_that_left_nothing_due_reads_nothing_and_imports_no_vet(git_repo, cli):
    """Every capture worker re-vets after it recorded what a prompt left; when nothing changed since a check that found
    nothing due, it returns before importing the vet and the reflector's lesson reader (~85 ms of the ~330 ms CPU a
    reply's worker took: research/bench_reply_worker.py). When lessons are due it re-vets them without importing the
    reflection pipeline."""
    import subprocess
    import sys

    write_instructions(git_repo)
    for rule in RULES[:2]:
        assert cli("remember", rule, "--approve")[0] == 0
    Path(_sessions_dir(str(git_repo))).mkdir(parents=True, exist_ok=True)  # a hook made it
    assert revet_project(str(git_repo), print) == {}  # vetted already: nothing due, and the check is recorded
    script = ("import sys\nfrom altimate_learn.harness.revet import revet_project\n"
              f"assert revet_project({str(git_repo)!r}, print) == {{}}\n"
              "print(sorted(m for m in ('altimate_learn.gates.actions', 'altimate_learn.reflect.reflect') "
              "if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=git_repo)
    assert (done.returncode, done.stderr, done.stdout.strip()) == (0, "", "[]")
    # an edit of the instructions makes the lessons stale: the next worker re-vets them, reading the lessons without
    # the reflection pipeline and the built-in reflector (~0.25 s of CPU a worker, perf50)
    (git_repo / "AGENTS.md").write_text(AGENTS_MD + "\n# Project notes\n- Use pnpm for installs, never yarn.\n")
    script = ("import sys\nfrom altimate_learn.harness.revet import revet_project\n"
              f"print(sorted(revet_project({str(git_repo)!r}, lambda line: None)))\n"
              "print(sorted(m for m in ('altimate_learn.reflect.reflect', 'altimate_learn.reflect.providers.builtin') "
              "if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=git_repo)
    assert (done.returncode, done.stderr, done.stdout.split("\n")) == (0, "", ["['team-playbook']", "[]", ""])
