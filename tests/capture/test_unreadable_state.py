"""A malformed line in signals.jsonl or history.jsonl is said, not swallowed: the command that reads it says which
line it skipped and what to do; the command that rewrites the file says where the copy of it as it was is kept; a
hook only logs it. Nothing is lost: the copy has the file's bytes as they were."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from altimate_learn.harness import hook
from tests.deliver.helpers import learn_dir, sample_lessons, write_store

STORE = Path(".altimate-code") / "learn" / "team-playbook"


def _copies(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(name + ".malformed-*"))


def test_learn_signals_says_the_unreadable_line_and_changes_nothing(cli, git_repo: Path):
    assert cli("signal", "add", "--kind", "user", "--text", "Always use uv, not pip.")[0] == 0
    path = git_repo / STORE / "signals.jsonl"
    before = path.read_text() + "not json\n"
    path.write_text(before)
    code, out, err = cli("signals")
    assert code == 0
    assert "Always use uv, not pip." in out
    assert err == (f"Warning: {STORE / 'signals.jsonl'}: 1 unreadable line skipped (line 2); fix it or delete it by "
                   "hand (a command that rewrites the file keeps a copy of it first).\n")
    assert path.read_text() == before and _copies(path.parent, "signals.jsonl") == []  # a read writes nothing
    code, out, err = cli("signals", "--json")
    assert code == 0 and len(json.loads(out)) == 1 and "1 unreadable line skipped (line 2)" in err  # stdout stays JSON


def test_adding_a_signal_says_where_the_malformed_file_was_kept(cli, git_repo: Path):
    folder = git_repo / STORE
    folder.mkdir(parents=True)
    (folder / "signals.jsonl").write_text("not json\n")
    code, out, err = cli("signal", "add", "--kind", "user", "--text", "Always use uv, not pip.")
    assert code == 0 and out.startswith("Recorded signal sig_")
    [copy] = _copies(folder, "signals.jsonl")
    assert copy.read_text() == "not json\n"  # nothing lost
    assert err == (f"Warning: {STORE / 'signals.jsonl'} had 1 unreadable line (line 1): the file as it was is kept "
                   f"as {STORE / copy.name} and that line was dropped; copy back from it what you need, then delete "
                   "it.\n")
    code, out, err = cli("signals")
    assert code == 0 and err == "" and "Always use uv, not pip." in out  # said once, by the command that repaired


def test_a_torn_history_line_is_said_by_status_and_kept_by_the_next_write(cli, git_repo: Path):
    folder = git_repo / STORE
    assert cli("signal", "add", "--kind", "user", "--text", "Always use uv, not pip.")[0] == 0
    (folder / "history.jsonl").write_text('{"bad')
    code, out, err = cli("status")
    assert code == 0
    assert (f"Warning: {STORE / 'history.jsonl'}: 1 unreadable line skipped (line 1); fix it or delete it by hand (a "
            "command that rewrites the file keeps a copy of it first).") in err.splitlines()
    assert (folder / "history.jsonl").read_text() == '{"bad'
    [signal] = json.loads(cli("signals", "--json")[1])
    code, out, err = cli("signal", "dismiss", signal["id"], "--reason", "said twice")  # records history
    assert code == 0
    [copy] = _copies(folder, "history.jsonl")
    assert copy.read_text() == '{"bad'
    assert f"Warning: {STORE / 'history.jsonl'} had 1 unreadable line (line 1): the file as it was is kept as " \
           f"{STORE / copy.name}" in err


def test_status_says_unreadable_signal_lines_once(cli, git_repo: Path):
    """trial21: `learn status` said the count in its signals line ("…, 0 consumed, 1 unreadable line skipped") and
    again in the Warning line that names the file and what to do."""
    assert cli("signal", "add", "--kind", "user", "--text", "Always use uv, not pip.")[0] == 0
    path = git_repo / STORE / "signals.jsonl"
    path.write_text(path.read_text() + "not json\n")
    code, out, err = cli("status")
    assert code == 0
    assert "  signals: 1 open in 1 session, 0 consumed" in out.splitlines()
    assert (out + err).count("unreadable line") == 1
    assert f"Warning: {STORE / 'signals.jsonl'}: 1 unreadable line skipped (line 2)" in err
    assert json.loads(cli("status", "--json")[1])["signals"]["skipped_lines"] == 1


def test_several_lines_are_numbered(cli, git_repo: Path):
    folder = git_repo / STORE
    folder.mkdir(parents=True)
    (folder / "signals.jsonl").write_text("a\n\nb\nc\nd\n{\"torn")
    code, _, err = cli("signals")
    assert code == 0 and "5 unreadable lines skipped (lines 1, 3, 4, …); fix them or delete them by hand" in err


def test_a_hook_logs_the_repair_and_says_nothing(git_repo: Path, capsys, monkeypatch: pytest.MonkeyPatch):
    from altimate_learn import launch

    write_store(git_repo, sample_lessons())
    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_CONTINUAL_LEARNING", "0")
    monkeypatch.setattr(launch, "python", lambda: str(git_repo / "no-such-python"))  # the hook records it itself
    signals = learn_dir(git_repo) / "team-playbook" / "signals.jsonl"
    signals.write_text("not json\n")
    for i in range(3):
        payload = {"session_id": "s1", "transcript_path": str(git_repo / "t.jsonl"), "cwd": str(git_repo),
                   "hook_event_name": "PostToolUseFailure", "tool_name": "Bash", "tool_input": {"command": "dbt build"},
                   "tool_use_id": f"t{i}", "error": "Compilation Error in model stg_orders"}
        sys.stdin = io.TextIOWrapper(io.BytesIO(json.dumps(payload).encode()))
        try:
            assert hook.main(["claude-code"]) == 0
        finally:
            sys.stdin = sys.__stdin__
    captured = capsys.readouterr()
    assert "unreadable" not in captured.out + captured.err
    [copy] = _copies(signals.parent, "signals.jsonl")
    assert copy.read_text() == "not json\n" and "tool_retry" in signals.read_text()
    log = (learn_dir(git_repo) / ".sessions" / "hook.log").read_text()
    assert f"{signals} had 1 unreadable line (line 1): the file as it was is kept as {copy}" in log


def test_a_rewrite_keeps_a_copy_of_lines_it_cannot_read(git_repo: Path):
    from altimate_learn.store import Store
    from altimate_learn.store.fsio import take_notices

    store = Store.open()
    store.ensure()
    path = store.path(Store.PENDING_REPLACEMENTS)
    path.write_text('{"id":"a"}\nnot json\n')
    with store.lock():
        store.rewrite_jsonl(Store.PENDING_REPLACEMENTS, [{"id": "a"}, {"id": "b"}])
    [copy] = _copies(path.parent, Store.PENDING_REPLACEMENTS)
    assert copy.read_text() == '{"id":"a"}\nnot json\n'
    assert path.read_text() == '{"id":"a"}\n{"id":"b"}\n'
    [notice] = take_notices()
    assert notice.startswith(f"{path} had 1 unreadable line (line 2): the file as it was is kept as {copy}")


def test_a_signal_rewrite_reads_signals_jsonl_once(cli, git_repo: Path, monkeypatch: pytest.MonkeyPatch):
    """trial21: consuming a signal parsed signals.jsonl three times under the lock (the repair, the read, and the
    rewrite's own check for unreadable lines it would drop); the repair's read is the one read now."""
    from altimate_learn.store import fsio

    for text in ("Always use uv, not pip.", "Name staging models stg_<source>__<entity>."):
        assert cli("signal", "add", "--kind", "user", "--text", text)[0] == 0
    [first, second] = json.loads(cli("signals", "--json")[1])
    path = (git_repo / STORE / "signals.jsonl").resolve()
    reads: list[str] = []
    real = fsio.read_jsonl
    monkeypatch.setattr(fsio, "read_jsonl", lambda p: (reads.append(str(Path(p).resolve())), real(p))[1])
    assert cli("signal", "dismiss", first["id"])[0] == 0
    assert reads.count(str(path)) == 2  # the person's open signal is looked up first, then the one read to rewrite
    path.write_text(path.read_text() + "not json\n")
    reads.clear()
    code, _, err = cli("signal", "dismiss", second["id"])
    assert code == 0 and "the file as it was is kept as" in err  # the unreadable line is still kept in a copy
    assert reads.count(str(path)) == 2
    [copy] = _copies(path.parent, "signals.jsonl")
    assert copy.read_text().endswith("not json\n")
    assert [s["status"] for s in json.loads(cli("signals", "--all", "--json")[1])] == ["consumed", "consumed"]
