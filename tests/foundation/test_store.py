"""The store layer: canonical JSON, atomic writes, locks, malformed files, symlinks, store names."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from altimate_learn.errors import LearnError, LockTimeout, MalformedFileError, SchemaError, StoreError
from altimate_learn.schema import make_lesson
from altimate_learn.store import Store, find_project_root, project, validate_store_name
from altimate_learn.store import fsio

NOW = "2026-11-20T10:00:00.000Z"


def lesson(i: int, text: str = "Use `ref()` for model dependencies.", **extra) -> dict:
    out = make_lesson(text, lesson_id=f"L-{i:04x}", now=NOW, tags=["dbt"])
    out.update(extra)
    return out


# --- canonical JSON ------------------------------------------------------------------------------------

def test_canonical_json_sorts_keys_recursively_drops_absent_and_ends_with_newline():
    value = {"b": 1, "a": {"z": None, "y": [{"d": 2, "c": None}], "x": "é"}, "c": None}
    assert fsio.canonical_json(value) == (
        '{\n  "a": {\n    "x": "é",\n    "y": [\n      {\n        "d": 2\n      }\n    ]\n  },\n  "b": 1\n}\n'
    )


def test_rewriting_unchanged_lessons_is_byte_identical(git_repo: Path):
    store = Store.open()
    lessons = [lesson(1, trigger={"paths": ["models/staging/*.sql"]}), lesson(2, "Never commit `.env` files.",
                                                                        pinned=True)]
    assert store.write_lessons(Store.APPROVED, lessons) is True
    first = store.path(Store.APPROVED).read_bytes()
    mtime = store.path(Store.APPROVED).stat().st_mtime_ns
    reread = store.approved()
    assert store.write_lessons(Store.APPROVED, reread) is False  # nothing to write
    assert store.path(Store.APPROVED).read_bytes() == first
    assert store.path(Store.APPROVED).stat().st_mtime_ns == mtime
    # a file written in another key order is normalised to the same bytes
    store.path(Store.APPROVED).write_text(json.dumps(list(reversed([dict(reversed(list(l.items()))) for l in reread]))[::-1]))
    store.write_lessons(Store.APPROVED, store.approved())
    assert store.path(Store.APPROVED).read_bytes() == first


def test_atomic_write_leaves_no_temporary_files(tmp_path: Path):
    target = tmp_path / "a.json"
    for i in range(5):
        fsio.atomic_write(target, f"{i}\n")
    assert target.read_text() == "4\n"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


# --- schema --------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("mutate", "field", "problem"), [
    (lambda l: l.update(id="X-1"), "id", "must be 'L-' followed by at least 4 lowercase hex digits"),
    (lambda l: l.update(text=3), "text", "must be a string"),
    (lambda l: l.update(tags="dbt"), "tags", "must be a list of strings"),
    (lambda l: l.update(scope="global"), "scope", 'must be "project"'),
    (lambda l: l.update(helpful=-1), "helpful", "must be a non-negative integer"),
    (lambda l: l.update(applied=True), "applied", "must be a non-negative integer"),
    (lambda l: l.update(created="yesterday"), "created", "must be an ISO 8601 timestamp"),
    (lambda l: l.update(trigger={"paths": "x"}), "trigger.paths", "must be a list of non-empty glob strings"),
    (lambda l: l.update(coexists=["nope"]), "coexists", "must be a list of lesson ids"),
    (lambda l: l.update(color="red"), "color", "unknown field"),
])
def test_invalid_lessons_name_file_entry_and_field(git_repo: Path, mutate, field, problem):
    store = Store.open()
    store.ensure()
    bad = lesson(7)
    mutate(bad)
    store.path(Store.APPROVED).write_text(json.dumps([lesson(1, "Other rule."), bad]))
    with pytest.raises(SchemaError) as info:
        store.approved()
    message = str(info.value)
    assert str(store.path(Store.APPROVED)) in message
    assert "entry #2" in message and f"field '{field}'" in message and problem in message


def test_duplicate_ids_are_an_error(git_repo: Path):
    store = Store.open()
    store.ensure()
    store.path(Store.APPROVED).write_text(json.dumps([lesson(1), lesson(1, "Another rule.")]))
    with pytest.raises(SchemaError, match="duplicate id L-0001"):
        store.approved()


def test_retired_lessons_need_a_reason(git_repo: Path):
    store = Store.open()
    store.write_lessons(Store.RETIRED, [lesson(1, reason="superseded", supersededBy="L-0002")])
    assert store.retired()[0]["supersededBy"] == "L-0002"
    store.path(Store.RETIRED).write_text(json.dumps([lesson(1)]))
    with pytest.raises(SchemaError, match="field 'reason'"):
        store.retired()


# --- malformed files -----------------------------------------------------------------------------------

def test_malformed_file_is_reported_and_left_alone_on_plain_read(git_repo: Path):
    store = Store.open()
    store.ensure()
    store.path(Store.CANDIDATE).write_text("[{oops")
    with pytest.raises(MalformedFileError) as info:
        store.candidate()
    assert "candidate.json cannot be read: invalid JSON" in str(info.value)
    assert store.path(Store.CANDIDATE).read_text() == "[{oops"


def test_malformed_file_is_moved_aside_when_quarantined(git_repo: Path):
    store = Store.open()
    store.ensure()
    store.path(Store.CANDIDATE).write_text("[{oops")
    with pytest.raises(MalformedFileError) as info:
        store.read_lessons(Store.CANDIDATE, quarantine=True)
    moved = Path(info.value.moved_to)
    assert moved.name.startswith("candidate.json.malformed-")
    assert moved.read_text() == "[{oops"
    assert not store.path(Store.CANDIDATE).exists()
    assert "moved aside" in str(info.value)
    # a second malformed file never overwrites the first copy
    store.path(Store.CANDIDATE).write_text("{{{")
    with pytest.raises(MalformedFileError) as again:
        store.read_lessons(Store.CANDIDATE, quarantine=True)
    assert Path(again.value.moved_to) != moved and moved.read_text() == "[{oops"


def test_jsonl_with_torn_last_line_keeps_every_complete_line(git_repo: Path):
    store = Store.open()
    store.ensure()
    path = store.path(Store.HISTORY)
    path.write_text('{"at":"2026-11-20T10:00:00Z","op":"promote"}\nnot json\n{"at":"2026-11-20T10:00:01Z","op":"reject"}\n{"at":"2026-1')
    result = store.read_jsonl(Store.HISTORY)
    assert [r["op"] for r in result.records] == ["promote", "reject"]
    assert result.skipped == 2 and result.torn
    store.append_jsonl(Store.HISTORY, [{"at": "2026-11-20T10:00:02Z", "op": "pin"}])
    assert [r["op"] for r in store.read_jsonl(Store.HISTORY).records] == ["promote", "reject", "pin"]
    assert path.read_text().endswith('"op":"pin"}\n')
    kept = [p for p in store.dir.iterdir() if p.name.startswith("history.jsonl.malformed-")]
    assert len(kept) == 1 and kept[0].read_text().endswith('{"at":"2026-1')


# --- concurrency ---------------------------------------------------------------------------------------

def _append_many(root: str, worker: int, count: int) -> None:
    os.chdir(root)
    store = Store.open()
    for i in range(count):
        store.append_jsonl(Store.HISTORY, [{"at": "2026-11-20T10:00:00Z", "op": "pin", "worker": worker, "i": i,
                                             "pad": "x" * (i * 37 % 3000)}])


def _rewrite_many(root: str, worker: int, count: int) -> None:
    os.chdir(root)
    store = Store.open()
    for i in range(count):
        with store.lock():
            current = store.read_json_object(Store.USAGE, quarantine=False)
            current[f"w{worker}"] = current.get(f"w{worker}", 0) + 1
            store.write_json(Store.USAGE, current)


def test_concurrent_appends_from_several_processes_lose_nothing(git_repo: Path):
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_append_many, args=(str(git_repo), w, 40)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    result = Store.open().read_jsonl(Store.HISTORY)
    assert result.skipped == 0
    assert sorted((r["worker"], r["i"]) for r in result.records) == [(w, i) for w in range(4) for i in range(40)]


def test_concurrent_read_modify_write_under_the_lock_never_tears_or_loses_updates(git_repo: Path):
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_rewrite_many, args=(str(git_repo), w, 25)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    assert Store.open().read_json(Store.USAGE) == {f"w{w}": 25 for w in range(4)}


def test_reader_gives_up_when_another_process_holds_the_lock(git_repo: Path):
    store = Store.open()
    store.ensure()
    holder = subprocess.Popen([sys.executable, "-c", (
        "import fcntl,os,sys,time; fd=os.open(sys.argv[1], os.O_RDWR|os.O_CREAT); fcntl.flock(fd, fcntl.LOCK_EX);"
        "print('locked', flush=True); time.sleep(30)"), str(store.dir / ".lock")], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        started = time.monotonic()
        with pytest.raises(LockTimeout, match="locked by another learn process") as caught:
            with store.lock(timeout=0.3):
                pass
        assert time.monotonic() - started < 25  # gave up, rather than waiting for the 30 s holder
        # says who holds it and how to go on (hang21: the message only said "another learn process")
        assert f"pid {holder.pid} (" in str(caught.value) and f"`kill {holder.pid}`" in caught.value.hint
    finally:
        holder.kill()
        holder.wait()
    with store.lock(timeout=5):  # free again
        pass


def test_lock_is_reentrant_within_a_process(git_repo: Path):
    store = Store.open()
    with store.lock():
        with store.lock(timeout=0.1):
            store.append_jsonl(Store.HISTORY, [{"at": "2026-11-20T10:00:00Z", "op": "pin"}])
    assert len(store.history()) == 1


# --- symlinks and names ----------------------------------------------------------------------------------

def test_refuses_to_write_through_a_symlink_leading_outside_the_store(git_repo: Path, tmp_path: Path):
    store = Store.open()
    store.ensure()
    outside = tmp_path / "outside.json"
    outside.write_text("precious\n")
    store.path(Store.CANDIDATE).symlink_to(outside)
    with pytest.raises(StoreError, match="leads outside"):
        store.write_lessons(Store.CANDIDATE, [lesson(1)])
    assert outside.read_text() == "precious\n"
    with pytest.raises(StoreError, match="leads outside"):
        fsio.append_jsonl(store.path(Store.CANDIDATE), [{"a": 1}], within=store.dir)
    assert outside.read_text() == "precious\n"


def test_a_symlinked_store_folder_leading_outside_the_project_is_refused(git_repo: Path, tmp_path: Path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    learn = git_repo / ".altimate-code" / "learn"
    learn.mkdir(parents=True)
    (learn / "team-playbook").symlink_to(elsewhere)
    with pytest.raises(StoreError, match="leads outside"):
        Store.open().ensure()
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize(("name", "problem"), [
    ("", "it is empty"),
    ("/etc", "it is an absolute path"),
    ("a/b", "it contains a path separator"),
    ("a\\b", "it contains a path separator"),
    ("..", "'..' names a folder, not a store"),
    (".", "'.' names a folder, not a store"),
    ("x..y", "it contains '..'"),
    ("bad\nname", "it contains control characters"),
    ("bad\x1b[31m", "it contains control characters"),
])
def test_bad_store_names_are_refused(name: str, problem: str):
    with pytest.raises(LearnError) as info:
        validate_store_name(name)
    assert problem in str(info.value)
    assert str(info.value).startswith("invalid store name")


def test_good_store_names(git_repo: Path):
    for name in ("team-playbook", "dbt_rules", "v2.rules"):
        assert validate_store_name(name) == name


# --- discovery and gitignore ---------------------------------------------------------------------------

def test_project_root_is_found_from_a_subfolder(git_repo: Path):
    sub = git_repo / "models" / "staging"
    sub.mkdir(parents=True)
    assert find_project_root(sub) == git_repo.resolve()
    nested = sub / "pkg"
    (nested / ".altimate-code").mkdir(parents=True)
    assert find_project_root(nested / ".altimate-code") == nested.resolve()


def test_gitignore_keeps_only_approved_json(git_repo: Path):
    store = Store.open()
    store.write_lessons(Store.APPROVED, [lesson(1)])
    store.write_lessons(Store.CANDIDATE, [lesson(1)])
    store.append_jsonl(Store.HISTORY, [{"at": NOW, "op": "promote"}])
    store.archive_version([lesson(1)])
    (project().sessions_dir).mkdir(parents=True)
    (project().sessions_dir / "s.json").write_text("{}")
    out = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=git_repo,
                         capture_output=True, text=True, check=True).stdout.split()
    assert sorted(p for p in out if p != "??") == [".altimate-code/learn/.gitignore",
                                                 ".altimate-code/learn/team-playbook/approved.json"]


def test_versions_archive_and_read_back(git_repo: Path):
    store = Store.open()
    assert store.versions() == []
    first = store.archive_version([lesson(1)])
    second = store.archive_version([lesson(1), lesson(2, "Second.")])
    assert store.versions() == [first, second]  # newest last, even within one second
    assert [l["id"] for l in store.read_version(second)] == ["L-0001", "L-0002"]
    store.drop_version(second)
    assert store.versions() == [first]
    with pytest.raises(StoreError, match="does not exist"):
        store.read_version(second)


def test_version_numbers_are_unique_across_machines_sorted_by_time_and_readable_by_altimate_code():
    from altimate_learn.store.store import next_version_number

    now = 1_767_225_600.5  # 2026-01-01
    drawn = {next_version_number([], now) for _ in range(200)}
    assert len(drawn) > 190  # two teammates archiving in the same second pick different names
    for number in drawn:
        assert 1_767_225_600_000_000 <= number < 1_767_225_601_000_000
        assert number < 2 ** 53  # exact as a JavaScript number: altimate-code parses `v(\d+).json` with Number()
    assert next_version_number([5, 9], now) > 9  # after altimate-code's own counters
    latest = 1_767_225_600_999_999
    assert next_version_number([latest], now) == latest + 1  # a second archive in the same second sorts after
    assert next_version_number([], 9_007_199_253.0) < 2 ** 53  # still exact in the year 2255
