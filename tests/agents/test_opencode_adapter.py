"""The opencode adapter without opencode: plugin payloads in, answers out; install, uninstall and --check.

The payloads are built from a real recording of opencode 1.18.33's plugin hooks (the end-to-end tests in
tests/e2e run the real opencode against the real plugin).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from altimate_learn.harness import opencode
from altimate_learn.markers import SECTION_OPEN
from altimate_learn.schema import make_lesson
from altimate_learn.store import ProjectPaths, Store
from tests.deliver.helpers import settle_capture

RECORDING = Path(__file__).parents[1] / "fixtures" / "realagents" / "opencode_plugin_hooks.jsonl"
NOW = "2026-01-05T10:00:00Z"
PLUGIN = Path(".opencode") / "plugins" / "altimate-learn.js"


def recorded(hook: str) -> dict:
    for line in RECORDING.read_text().splitlines():
        entry = json.loads(line)
        if entry["hook"] == hook:
            return entry["data"]
    raise AssertionError(hook)


def payload_from_chat_message(data: dict, directory: str) -> dict:
    """What the plugin sends for a recorded `chat.message` (mirrors opencode_plugin.js)."""
    parts = data["output"]["parts"]
    return {"directory": directory, "hook": "chat.message", "session_id": data["input"]["sessionID"],
            "message_id": data["output"]["message"]["id"],
            "prompt": "\n".join(p["text"] for p in parts if p["type"] == "text" and not p.get("synthetic"))}


def payload_from_tool_before(data: dict, directory: str) -> dict:
    return {"directory": directory, "hook": "tool.execute", "session_id": data["input"]["sessionID"],
            "tool": data["input"]["tool"], "call_id": data["input"]["callID"], "args": data["output"]["args"]}


# --- parse / respond -----------------------------------------------------------------------------------
def test_chat_message_is_a_prompt_without_the_quotes_opencode_run_adds():
    event = opencode.parse(payload_from_chat_message(recorded("chat.message"), "/p"))
    assert (event.kind, event.prompt, event.key, event.session_id, event.cwd) == (
        "prompt", "please read hello.txt", "msg_227439f17001KqqH367l990FFC", "ses_dd8bc6156ffeDDwyi4aZs22cyS", "/p")


@pytest.mark.parametrize("prompt, expected", [
    ('"use "dbt" here"', '"use "dbt" here"'),  # inner quotes: not a wrapper, kept
    ("plain words", "plain words"),
    ('"', '"'),
])
def test_only_one_pair_of_wrapping_quotes_is_removed(prompt, expected):
    event = opencode.parse({"hook": "chat.message", "session_id": "ses_1", "prompt": prompt})
    assert event.prompt == expected


def test_a_file_tool_names_its_file_and_other_tools_name_none():
    event = opencode.parse(payload_from_tool_before(recorded("tool.execute.before"), "/p"))
    assert (event.kind, event.phase, event.tool_name, event.tool_id) == (
        "tool", "pre", "read", "call_41678ce70881447da8808764")
    assert event.paths == ["/tmp/sample/opencode/p1/proj/hello.txt"]
    bash = opencode.parse({"hook": "tool.execute", "session_id": "s", "tool": "bash", "args": {"command": "ls"}})
    assert bash.paths == []
    patch = opencode.parse({"hook": "tool.execute", "session_id": "s", "tool": "patch", "args": {
        "patchText": "*** Begin Patch\n*** Update File: models/a.sql\n@@\n-x\n+y\n*** End Patch"}})
    assert patch.paths == ["models/a.sql"]


def test_failures_successes_idle_start_and_compaction():
    error = opencode.parse({"hook": "tool.error", "session_id": "s", "tool": "read", "call_id": "c1",
                            "args": {"filePath": "/x"}, "error": "File not found: /x"})
    assert (error.kind, error.phase, error.failed, error.error, error.paths) == (
        "tool", "post", True, "File not found: /x", [])
    ok = opencode.parse({"hook": "tool.ok", "session_id": "s", "tool": "read", "call_id": "c2", "args": {}})
    assert (ok.phase, ok.failed) == ("post", False)
    assert opencode.parse({"hook": "session.idle", "session_id": "s"}).kind == "stop"
    start = opencode.parse({"hook": "session.start", "session_id": "s"})
    assert (start.kind, start.source) == ("start", None)
    assert opencode.parse({"hook": "session.compacted", "session_id": "s"}).source == "compact"


@pytest.mark.parametrize("payload", [
    {"hook": "session.created", "session_id": "s"},
    {"hook": "tool.execute", "session_id": "s"},
    {"hook": "chat.message", "session_id": "s", "prompt": 3},
    {},
])
def test_events_we_do_not_handle_parse_to_nothing(payload):
    assert opencode.parse(payload) is None


def test_answers_name_where_the_plugin_puts_the_text():
    start = opencode.parse({"hook": "session.start", "session_id": "s"})
    prompt = opencode.parse({"hook": "chat.message", "session_id": "s", "prompt": "x"})
    assert json.loads(opencode.respond(start, "RULES")) == {"system": "RULES"}
    assert json.loads(opencode.respond(prompt, "MORE")) == {"context": "MORE"}
    assert opencode.respond(prompt, "") == ""


# --- learn hook opencode, a whole session -----------------------------------------------------------------
def hook(run_learn, payload: dict, cwd: Path) -> dict | None:
    out = run_learn("hook", "opencode", input=json.dumps(payload), cwd=cwd)
    assert out.returncode == 0 and out.stderr == ""
    return json.loads(out.stdout) if out.stdout.strip() else None


@pytest.fixture
def project(git_repo: Path) -> Path:
    store = Store(ProjectPaths(git_repo), "team-playbook")
    store.ensure()
    store.write_lessons(Store.APPROVED, [
        make_lesson("Write commit subjects in the imperative mood.", lesson_id="L-c0e1", now=NOW, pinned=True),
        make_lesson("Staging models convert `amount_cents` with `cents_to_dollars`.", lesson_id="L-57a6", now=NOW,
                    paths=["models/staging/**"]),
    ])
    config = git_repo / ".altimate-code" / "altimate-code.json"
    config.write_text(json.dumps({"learn": {"capture": True, "core_lessons": 1}}))
    return git_repo


def test_a_session_through_learn_hook_opencode(project, run_learn):
    base = {"directory": str(project), "session_id": "ses_a"}
    start = hook(run_learn, {**base, "hook": "session.start"}, project)
    assert SECTION_OPEN in start["system"] and "imperative mood" in start["system"]
    # the same call again at once: a second copy of the plugin (project and global plugins folders) adds nothing
    assert hook(run_learn, {**base, "hook": "session.start"}, project) is None
    assert hook(run_learn, {**base, "hook": "chat.message", "message_id": "msg_1", "prompt": '"please fix rounding"'},
                project) is None  # no lesson matches the task
    assert hook(run_learn, {**base, "hook": "session.idle"}, project) is None  # the turn ends
    # opencode started again on the same session (`opencode run --continue`): frozen, the same bytes
    assert hook(run_learn, {**base, "hook": "session.start"}, project) == start
    model = project / "models" / "staging" / "orders.sql"
    answer = hook(run_learn, {**base, "hook": "tool.execute", "tool": "read", "call_id": "c1",
                              "args": {"filePath": str(model)}}, project)
    assert "cents_to_dollars" in answer["context"] and SECTION_OPEN in answer["context"]
    # the turn ends, then the user corrects the agent: one signal, however often the plugin retries
    assert hook(run_learn, {**base, "hook": "session.idle"}, project) is None
    correction = {**base, "hook": "chat.message", "message_id": "msg_2",
                  "prompt": "No, that's wrong: always use cents_to_dollars for money columns."}
    hook(run_learn, correction, project)
    hook(run_learn, correction, project)
    settle_capture(project)  # a worker classifies the correction just after its hook returned
    signals = json.loads(run_learn("signals", "--json", cwd=project).stdout)
    assert [(s["kind"], s["sessionID"], s["messageID"]) for s in signals] == [("user_correction", "ses_a", "msg_2")]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_session_continued_without_learns_record_has_its_first_prompt_read_as_a_reply(project, run_learn, tmp_path):
    """review47 R47-2, real opencode 1.18.33: a session begun before `learn install opencode` and continued after it
    (`opencode run --session ID "hm, why urllib? we always use httpx in this codebase"`): its first prompt in the new
    process was taken for the session's task and not captured. The plugin now tells learn, at the session's first
    message in its process, that the agent answered in it before; a new session's first prompt is still its task."""
    seen = tmp_path / "seen.jsonl"
    fake_learn = [sys.executable, "-c",
                  f"import sys; open({str(seen)!r}, 'a').write(sys.stdin.read() + '\\n'); print('{{}}')"]
    (tmp_path / "plugin.mjs").write_text(opencode.render_plugin(fake_learn))
    (tmp_path / "drive.mjs").write_text("""
import { AltimateLearn } from "./plugin.mjs";
const data = {
  ses_old: [{ info: { id: "m1", role: "user" }, parts: [{ type: "text", text: "tidy up the api client" }] },
            { info: { id: "m2", role: "assistant" }, parts: [{ type: "text", text: "Done. I switched it to urllib." }] },
            { info: { id: "m3", role: "user" }, parts: [{ type: "text", text: "hm, why urllib?" }] }],
  ses_new: [{ info: { id: "m9", role: "user" }, parts: [{ type: "text", text: "hm, why urllib?" }] }],
};
const client = { session: { messages: async ({ path }) => ({ data: data[path.id] }) } };
const hooks = await AltimateLearn({ directory: process.cwd(), client });
for (const [sessionID, id] of [["ses_old", "m3"], ["ses_new", "m9"]])
  await hooks["chat.message"]({ sessionID }, { message: { id, sessionID }, parts: [{ type: "text", text: "hm" }] });
""")
    out = subprocess.run(["node", "drive.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    sent = [json.loads(line) for line in seen.read_text().splitlines() if line.strip()]
    starts = {p["session_id"]: p for p in sent if p["hook"] == "session.start"}
    assert starts["ses_old"].get("answered") is True and "answered" not in starts["ses_new"]

    reply = "hm, why urllib? we always use httpx in this codebase"
    for session, start in (("ses_old", {"answered": True}), ("ses_new", {})):
        base = {"directory": str(project), "session_id": session}
        hook(run_learn, {**base, "hook": "session.start", **start}, project)
        hook(run_learn, {**base, "hook": "chat.message", "message_id": f"msg_{session}", "prompt": reply}, project)
    settle_capture(project)
    signals = json.loads(run_learn("signals", "--json", cwd=project).stdout)
    assert [(s["sessionID"], s["text"]) for s in signals] == [("ses_old", reply)]


def test_three_failures_of_a_tool_become_a_tool_retry_signal(project, run_learn):
    base = {"directory": str(project), "session_id": "ses_b"}
    for n in range(3):
        hook(run_learn, {**base, "hook": "tool.error", "tool": "bash", "call_id": f"c{n}",
                         "args": {"command": "dbt run"}, "error": "Database Error: relation missing"}, project)
    signals = json.loads(run_learn("signals", "--json", cwd=project).stdout)
    assert [s["kind"] for s in signals] == ["tool_retry"]


def test_the_check_event_answers_without_a_learn_folder(tmp_path, run_learn):
    answer = hook(run_learn, {"hook_event_name": "altimate-learn-check"}, tmp_path)
    assert answer["harness"] == "opencode" and answer["python"]


# --- learn install opencode ---------------------------------------------------------------------------------
def test_install_writes_a_plugin_that_runs_this_python(git_repo, cli):
    code, out, err = cli("install", "opencode")
    assert code == 0, err
    text = (git_repo / PLUGIN).read_text()
    assert text.startswith(opencode.PLUGIN_MARKER)
    assert opencode.embedded_command(text) == [os.path.abspath(sys.executable), "-I", "-m", "altimate_learn",
                                               "hook", "opencode"]
    assert opencode.COMMAND_PLACEHOLDER not in text
    assert "wrote .opencode/plugins/altimate-learn.js" in out
    mtime = (git_repo / PLUGIN).stat().st_mtime_ns
    time.sleep(0.01)
    code, out, _ = cli("install", "opencode")
    assert code == 0 and "already up to date" in out and (git_repo / PLUGIN).stat().st_mtime_ns == mtime


def test_dry_run_and_uninstall(git_repo, cli):
    code, out, _ = cli("install", "opencode", "--dry-run")
    assert code == 0 and "would write .opencode/plugins/altimate-learn.js" in out
    assert not (git_repo / ".opencode").exists()
    cli("install", "opencode")
    code, out, _ = cli("install", "opencode", "--uninstall", "--dry-run")
    assert "would remove" in out and (git_repo / PLUGIN).exists()
    code, out, _ = cli("install", "opencode", "--uninstall")
    assert code == 0 and "removed .opencode/plugins/altimate-learn.js" in out and not (git_repo / PLUGIN).exists()
    code, out, _ = cli("install", "opencode", "--uninstall")
    assert code == 0 and "nothing to remove" in out


def test_someone_elses_file_is_never_overwritten_or_removed(git_repo, cli):
    (git_repo / PLUGIN).parent.mkdir(parents=True)
    (git_repo / PLUGIN).write_text("export const Mine = async () => ({})\n")
    code, _, err = cli("install", "opencode")
    assert code == 1
    assert err.strip() == ("Error: .opencode/plugins/altimate-learn.js exists and was not written by learn. "
                           "Move it away, then run `learn install opencode` again.")
    code, _, err = cli("install", "opencode", "--uninstall")
    assert code == 1 and "was not written by learn; leaving it alone." in err
    assert (git_repo / PLUGIN).read_text() == "export const Mine = async () => ({})\n"


def test_user_install_goes_to_the_opencode_config_folder(git_repo, isolated_home, cli):
    code, out, err = cli("install", "opencode", "--user")
    assert code == 0, err
    assert (isolated_home / ".config" / "opencode" / "plugins" / "altimate-learn.js").is_file()
    assert not (git_repo / ".opencode").exists()


def test_local_is_refused(git_repo, cli):
    code, _, err = cli("install", "opencode", "--local")
    assert code == 1 and err.strip().startswith("Error: --local is for claude-code only.")


def test_check_reports_missing_working_and_broken_plugins(git_repo, learn_cli):
    out = learn_cli("install", "opencode", "--check", cwd=git_repo)
    assert out.returncode == 1 and "not installed (no .opencode/plugins/altimate-learn.js)" in out.stdout
    learn_cli("install", "opencode", cwd=git_repo)
    out = learn_cli("install", "opencode", "--check", cwd=git_repo)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "the hook runs (altimate-learn" in out.stdout
    plugin = git_repo / PLUGIN
    plugin.write_text(plugin.read_text().replace(json.dumps(os.path.abspath(sys.executable)),
                                                 json.dumps("/nonexistent/python3")))
    out = learn_cli("install", "opencode", "--check", cwd=git_repo)
    assert out.returncode == 1
    assert "differs from what this learn would write" in out.stdout
    assert "the hook command does not run: FileNotFoundError" in out.stdout


def test_an_older_global_copy_is_named_with_the_command_that_updates_it(git_repo, learn_cli):
    """trial26: the plugin in the project and an older copy in the user's plugins folder: --check told to run
    `learn install opencode` (which rewrites the project's copy) to update the global one, and `learn doctor` said
    only "working", neither the two copies nor the older one."""
    learn_cli("install", "opencode", cwd=git_repo)
    learn_cli("install", "opencode", "--user", cwd=git_repo)
    older = Path(os.environ["XDG_CONFIG_HOME"]) / "opencode" / "plugins" / "altimate-learn.js"
    older.write_text(older.read_text().replace("globalThis.__altimateLearnContexts", "globalThis.__olderLearn"))
    out = learn_cli("install", "opencode", "--check", cwd=git_repo)
    assert out.returncode == 0, out.stdout
    assert (f"Note: the plugin {older} differs from what this learn would write (another installation, or an older "
            "version). Run `learn install opencode --user` to update it.") in out.stdout
    doctor = learn_cli("doctor", cwd=git_repo).stdout
    assert "    Note: the hooks are installed in 2 files (the plugin in the project and the user's plugins folder)" \
        in doctor
    assert f"    Note: the plugin {older} differs" in doctor
    learn_cli("install", "opencode", "--user", cwd=git_repo)
    assert "differs" not in learn_cli("install", "opencode", "--check", cwd=git_repo).stdout


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_plugin_is_valid_javascript(tmp_path):
    source = tmp_path / "plugin.mjs"
    source.write_text(opencode.render_plugin(f"{sys.executable} -m altimate_learn hook opencode"))
    out = subprocess.run(["node", "--check", str(source)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_a_plugin_from_another_installation_is_updated(git_repo, cli):
    plugin = git_repo / PLUGIN
    plugin.parent.mkdir(parents=True)
    plugin.write_text(opencode.render_plugin(["/old/venv/bin/python", "-m", "altimate_learn", "hook", "opencode"]))
    code, out, _ = cli("install", "opencode")
    assert code == 0 and "updated .opencode/plugins/altimate-learn.js" in out
    assert opencode.embedded_command(plugin.read_text())[0] == os.path.abspath(sys.executable)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_plugin_puts_the_rules_in_every_request_but_the_title_call(tmp_path):
    """opencode runs the system-prompt transform for its side call that names the session too (seen with the real
    opencode, review8 R8-8d): the rules would cost their tokens there on every session for nothing."""
    answer = json.dumps({"system": "TEAM-RULES-SECTION"})
    fake_learn = [sys.executable, "-c", f"import sys; sys.stdin.read(); print({answer!r})"]
    (tmp_path / "plugin.mjs").write_text(opencode.render_plugin(fake_learn))
    (tmp_path / "drive.mjs").write_text("""
import { AltimateLearn } from "./plugin.mjs";
const hooks = await AltimateLearn({ directory: process.cwd() });
await hooks["chat.message"]({ sessionID: "ses_1" },
                            { message: { id: "msg_1", sessionID: "ses_1" }, parts: [{ type: "text", text: "hi" }] });
const main = { system: ["You are opencode, an interactive CLI tool."] };
await hooks["experimental.chat.system.transform"]({ sessionID: "ses_1" }, main);
const title = { system: ["You are a title generator. You output ONLY a thread title. Nothing else."] };
await hooks["experimental.chat.system.transform"]({ sessionID: "ses_1" }, title);
console.log(JSON.stringify({ main: main.system, title: title.system }));
""")
    out = subprocess.run(["node", "drive.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout)
    assert seen["main"] == ["You are opencode, an interactive CLI tool.", "TEAM-RULES-SECTION"]
    assert seen["title"] == ["You are a title generator. You output ONLY a thread title. Nothing else."]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_request_right_after_a_compaction_gets_the_rebuilt_section(tmp_path):
    """review45 R45-2, real opencode 1.18.33: after an automatic compaction opencode sends the request that continues
    the session without waiting for the plugin's session.compacted handler, so that request went out with the section
    from before the compaction (without the lessons the compacted messages had held; 65 lessons: tenacity and acks=all
    1 -> 0 in that request). The transform now waits for the rebuilt section. Each compaction's payload carries its
    count: two compactions of one turn are not one event twice (learn answers a byte-identical repeat once)."""
    seen = tmp_path / "seen.jsonl"
    fake_learn = [sys.executable, "-c",
                  "import json, sys; p = json.loads(sys.stdin.read()); "
                  f"open({str(seen)!r}, 'a').write(json.dumps(p) + '\\n'); "
                  "print(json.dumps({'system': 'OLD'} if p['hook'] == 'session.start' else "
                  "{'system': 'NEW-%s' % p.get('compaction')} if p['hook'] == 'session.compacted' else {}))"]
    (tmp_path / "plugin.mjs").write_text(opencode.render_plugin(fake_learn))
    (tmp_path / "drive.mjs").write_text("""
import { AltimateLearn } from "./plugin.mjs";
const hooks = await AltimateLearn({ directory: process.cwd() });
await hooks["chat.message"]({ sessionID: "ses_1" },
                            { message: { id: "msg_1", sessionID: "ses_1" }, parts: [{ type: "text", text: "hi" }] });
const sections = [];
for (const n of [1, 2]) {
  // opencode publishes the event and goes on to the next request: it does not wait for the handler
  hooks.event({ event: { type: "session.compacted", properties: { sessionID: "ses_1" } } });
  const request = { system: ["You are opencode, an interactive CLI tool."] };
  await hooks["experimental.chat.system.transform"]({ sessionID: "ses_1" }, request);
  sections.push(request.system[1]);
}
console.log(JSON.stringify(sections));
""")
    out = subprocess.run(["node", "drive.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == ["NEW-1", "NEW-2"]
    sent = [json.loads(line) for line in seen.read_text().splitlines() if line.strip()]
    assert [p.get("compaction") for p in sent if p["hook"] == "session.compacted"] == [1, 2]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_fork_inherits_only_what_follows_the_last_compaction(tmp_path):
    """review45 R45-6, real opencode 1.18.33: a fork of a compacted session holds copies of every message, but opencode
    sends the model only what follows the last compaction's summary. The plugin sent learn the sections of the older
    messages too, so learn counted their lessons as shown and the fork never got the retry lesson its prompt asked for."""
    seen = tmp_path / "seen.jsonl"
    fake_learn = [sys.executable, "-c",
                  f"import sys; open({str(seen)!r}, 'a').write(sys.stdin.read() + '\\n'); print('{{}}')"]
    (tmp_path / "plugin.mjs").write_text(opencode.render_plugin(fake_learn))
    (tmp_path / "drive.mjs").write_text("""
import { AltimateLearn } from "./plugin.mjs";
const rules = (line) => '<team-rules source="altimate-learn">\\nTeam conventions related to this request:\\n- ' + line + '\\n</team-rules>';
const data = [
  { info: { id: "m1", role: "user" }, parts: [{ type: "text", text: "retries" }, { type: "text", text: rules("OLD-LESSON") }] },
  { info: { id: "m2", role: "assistant" }, parts: [{ type: "tool", state: { output: "x\\n\\n" + rules("OLD-FILE") } }] },
  { info: { id: "m3", role: "user", summary: { diffs: [] } }, parts: [{ type: "compaction" }] },
  { info: { id: "m4", role: "assistant", summary: true }, parts: [{ type: "text", text: "## Summary" }] },
  { info: { id: "m5", role: "user" }, parts: [{ type: "text", text: "kafka" }, { type: "text", text: rules("NEW-LESSON") }] },
  { info: { id: "m6", role: "user" }, parts: [{ type: "text", text: "the fork's own prompt" }] },
];
const client = { session: { messages: async () => ({ data }) } };
const hooks = await AltimateLearn({ directory: process.cwd(), client });
await hooks["chat.message"]({ sessionID: "ses_fork" },
                            { message: { id: "m6", sessionID: "ses_fork" }, parts: [{ type: "text", text: "go" }] });
""")
    out = subprocess.run(["node", "drive.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    sent = [json.loads(line) for line in seen.read_text().splitlines() if line.strip()]
    start = [p for p in sent if p["hook"] == "session.start"]
    assert len(start) == 1
    inherited = "\n".join(start[0]["inherited"])
    assert "NEW-LESSON" in inherited
    assert "OLD-LESSON" not in inherited and "OLD-FILE" not in inherited


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_plugin_reports_a_command_that_exited_non_zero_and_the_successes_after_a_failure(tmp_path):
    """fix17, with the real opencode 1.18.33: its `bash` tool completes a command that exits non-zero (the exit code
    only in `metadata.exit`), so pytest failing three times in a row gave no tool_retry at all, live or offline. The
    plugin sends such a call as `tool.error` with its exit code and output; it also sends the successes of any tool
    after a failure (one ends the episode, as `learn capture` counts it; before, only the failed tool's own next
    success was sent), in the order the calls finished, and nothing for successes with no failure before them."""
    seen = tmp_path / "seen.jsonl"
    fake_learn = [sys.executable, "-c",
                  f"import sys; open({str(seen)!r}, 'a').write(sys.stdin.read() + '\\n'); print('{{}}')"]
    (tmp_path / "plugin.mjs").write_text(opencode.render_plugin(fake_learn))
    (tmp_path / "drive.mjs").write_text("""
import { AltimateLearn } from "./plugin.mjs";
const hooks = await AltimateLearn({ directory: process.cwd() });
const after = (callID, tool, args, exit, out) => hooks["tool.execute.after"](
  { tool, sessionID: "ses_1", callID, args },
  { title: "", metadata: exit === null ? {} : { output: out, exit, truncated: false }, output: out });
await after("c0", "bash", { command: "ls" }, 0, "a\\n");                       // no failure yet: not sent
await after("c1", "bash", { command: "pytest -q" }, 1, "1 failed in 0.02s");  // a failure
await after("c2", "read", { filePath: "README.md" }, null, "hi");             // ends the episode: sent
await after("c3", "bash", { command: "pytest -q" }, 2, "ERROR collecting");   // a failure again
await new Promise((resolve) => setTimeout(resolve, 3000));
""")
    out = subprocess.run(["node", "drive.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    sent = [json.loads(line) for line in seen.read_text().splitlines() if line.strip()]
    assert [(p["hook"], p["call_id"]) for p in sent] == [("tool.error", "c1"), ("tool.ok", "c2"), ("tool.error", "c3")]
    assert sent[0]["exit_code"] == 1 and sent[0]["error"] == "1 failed in 0.02s" and sent[0]["args"] == {
        "command": "pytest -q"}
    event = opencode.parse(sent[2])
    assert event.failed and event.exit_code == 2 and event.error == "ERROR collecting"



def test_a_commands_template_is_matched_but_the_typed_command_is_the_prompt():
    """The plugin adds `command` when opencode sends a custom command's template as the message (trial22): capture
    reads what the person typed, delivery matches the template."""
    template = "Run the linter on src/calc.py and fix every warning. No, never use flake8 here: always use ruff."
    event = opencode.parse({"hook": "chat.message", "session_id": "ses_1", "message_id": "msg_1",
                            "prompt": template, "command": "/fixlint src/calc.py"})
    assert (event.kind, event.prompt, event.request, event.key) == ("prompt", "/fixlint src/calc.py", template,
                                                                    "msg_1")
    plain = opencode.parse({"hook": "chat.message", "session_id": "ses_1", "prompt": "no, use ruff"})
    assert (plain.prompt, plain.request) == ("no, use ruff", None)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_plugin_sends_the_typed_command_with_its_template_and_forgets_a_command_that_failed(tmp_path):
    """`command.execute.before` comes just before the message holding the command's template: that message goes to
    learn with the typed `/name args` (trial22). A command that failed before its message (opencode publishes
    session.error) is forgotten, so the person's next typed message is not taken for it (review21)."""
    seen = tmp_path / "seen.jsonl"
    fake_learn = [sys.executable, "-c",
                  f"import sys; open({str(seen)!r}, 'a').write(sys.stdin.read() + '\\n'); print('{{}}')"]
    (tmp_path / "plugin.mjs").write_text(opencode.render_plugin(fake_learn))
    (tmp_path / "drive.mjs").write_text("""
import { AltimateLearn } from "./plugin.mjs";
const hooks = await AltimateLearn({ directory: process.cwd() });
const say = (id, text) => hooks["chat.message"]({ sessionID: "ses_1" },
                                                 { message: { id, sessionID: "ses_1" }, parts: [{ type: "text", text }] });
await hooks["command.execute.before"]({ command: "fixlint", sessionID: "ses_1", arguments: "src/calc.py " }, { parts: [] });
await say("msg_1", "Run the linter on src/calc.py. No, never use flake8 here.");
await hooks["command.execute.before"]({ command: "fixlint", sessionID: "ses_1", arguments: "" }, { parts: [] });
await hooks.event({ event: { type: "session.error", properties: { sessionID: "ses_1" } } });
await say("msg_2", "no, use ruff instead of flake8");
""")
    out = subprocess.run(["node", "drive.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    sent = [json.loads(line) for line in seen.read_text().splitlines() if line.strip()]
    messages = [(p["message_id"], p.get("command")) for p in sent if p["hook"] == "chat.message"]
    assert messages == [("msg_1", "/fixlint src/calc.py"), ("msg_2", None)]
    assert opencode.parse([p for p in sent if p.get("message_id") == "msg_2"][0]).prompt == \
        "no, use ruff instead of flake8"


def test_uninstall_removes_the_folders_install_made(git_repo, cli):
    """trial27: after `--uninstall` a fresh project kept `.opencode/plugins/` (empty) and the `.gitignore` real
    opencode 1.18.33 writes in `.opencode/` once it finds a plugin there; git ignores that file itself, so nothing
    showed them. A folder with anything else in it stays."""
    from tests.conftest import git

    cli("install", "opencode")
    (git_repo / ".opencode" / ".gitignore").write_text("node_modules\npackage.json\npackage-lock.json\nbun.lock\n"
                                                        ".gitignore\n")  # what opencode wrote
    code, out, _ = cli("install", "opencode", "--uninstall")
    assert code == 0 and ".opencode held only what opencode wrote for the plugin, so it was removed." in out
    assert not (git_repo / ".opencode").exists()
    assert ".opencode" not in git(git_repo, "status", "--porcelain", "--untracked-files=all", "--ignored")

    cli("install", "opencode")
    (git_repo / ".opencode" / "opencode.json").write_text("{}\n")  # the person's own config
    (git_repo / ".opencode" / "plugins" / "mine.js").write_text("export const Mine = async () => ({});\n")
    code, out, _ = cli("install", "opencode", "--uninstall")
    assert code == 0 and "left empty" not in out
    assert (git_repo / ".opencode" / "opencode.json").exists() and (git_repo / ".opencode" / "plugins" / "mine.js").exists()
    (git_repo / ".opencode" / "plugins" / "mine.js").unlink()
    cli("install", "opencode")
    code, out, _ = cli("install", "opencode", "--uninstall")
    assert "plugins was left empty" in out and (git_repo / ".opencode" / "opencode.json").exists()
