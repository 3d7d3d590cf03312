"""opencode: a JS plugin instead of command hooks (opencode 1.18; altimate-code delivers natively).

opencode loads every `*.js` in `<project>/.opencode/plugins/` and `~/.config/opencode/plugins/` (in its
own Bun runtime) at startup. `learn install opencode` writes one plugin there, `altimate-learn.js` (the
template is `opencode_plugin.js` next to this module), with the command of this installation baked in
(:mod:`altimate_learn.launch`: the absolute interpreter run isolated, so it works whatever PATH opencode runs
with; or, with `--on-path`, `learn` from PATH); the plugin removes every ``PYTHON*`` variable from the
environment it starts learn with, so nothing in the project folder can stand in for learn. The plugin forwards events to
`learn hook opencode` as JSON on stdin (the `hook` field names the event, plus `session_id` and
`directory`) and reads back JSON: ``{"system": text}`` for the session-start section, ``{"context": text}``
for anything else.

Where the text lands (measured with opencode 1.18.33 against a fake model server):

- ``session.start`` (sent once per session and process, just before its first ``chat.message``): the
  frozen "Team rules" section, pushed by ``experimental.chat.system.transform`` onto the system prompt of
  every model request of the session: a system message of its own, right after opencode's, identical on
  every request (cache friendly) and untouched by compaction.
- ``chat.message`` (``prompt``, ``message_id``): the first request's retrieved lessons and later
  per-request lessons, as a ``synthetic`` text part of that user message (saved with it in opencode's
  database, so a resumed session sends the same bytes). Capture readers skip synthetic parts. A custom command
  (`/name args`, `opencode run --command`) sends its template as the message; the plugin hears the command first
  (``command.execute.before``) and adds ``command``, what the person typed: that is what capture reads as theirs,
  and the template is what delivery matches lessons against (a correction written into a team's command is not
  this person correcting the agent).
- ``tool.execute`` (``tool``, ``call_id``, ``args``; sent from ``tool.execute.before`` for read, edit,
  write, patch, multiedit and apply_patch, and awaited in ``tool.execute.after`` so learn runs while the
  tool does): the file's lessons, appended to the tool's output string.
- ``tool.error`` (``tool``, ``call_id``, ``args``, ``error``, and ``exit_code`` for a command): a failed call,
  for the tool_retry counter. ``tool.execute.after`` never fires for a failed tool; the plugin sees failures as a
  ``message.part.updated`` bus event whose tool part has ``state.status == "error"``. A ``bash`` call whose
  command exits non-zero completes (its ``metadata.exit`` says so): ``tool.execute.after`` sends it as a failure,
  with its output as the error, as `learn capture` counts it (:func:`~altimate_learn.capture.tool_retry.failed_call`).
- ``tool.ok`` (``tool``, ``call_id``, ``args``): a successful call of any tool within the 12 calls after a failure
  in the session (a success ends an episode; a reported one waits through up to 10 calls for the command that
  worked); other successes are not sent, which saves a process per call. Reports go to learn one at a time, in
  the order the calls finished.
- ``session.idle``: the assistant finished its turn (a later prompt may then be a correction).
- ``session.compacted``: the conversation was summarised; the section is rebuilt from what was shown.

opencode's ``run`` command stores the prompt wrapped in double quotes (``"fix the model"``); one pair of
wrapping quotes is removed before delivery and capture see it.
"""

from __future__ import annotations

import json
import os

from altimate_learn.harness import Event, input_paths, patch_paths, text_field

NAME = "opencode"
FILE_TOOLS = ("read", "edit", "write", "patch", "multiedit", "apply_patch")
PLUGIN_FILE = "altimate-learn.js"
PLUGIN_MARKER = "// altimate-learn opencode plugin"
COMMAND_PLACEHOLDER = "__LEARN_COMMAND__"


def _prompt_text(value: object) -> str | None:
    if not isinstance(value, str):
        return None
    text = value.strip()
    # `opencode run "…"` saves the message as "\"…\"": drop one pair of wrapping quotes
    if len(text) >= 2 and text[0] == text[-1] == '"' and '"' not in text[1:-1]:
        text = text[1:-1]
    return text


def _tool_paths(tool: str, args: object) -> list[str]:
    if tool not in FILE_TOOLS or not isinstance(args, dict):
        return []
    paths = input_paths(args)
    for key in ("patchText", "patch", "input"):
        body = args.get(key)
        if isinstance(body, str) and "*** Begin Patch" in body:
            paths += patch_paths(body)
    return list(dict.fromkeys(paths))


def parse(payload: dict) -> Event | None:
    hook = payload.get("hook")
    common = {"session_id": payload.get("session_id"), "cwd": text_field(payload, "directory", "worktree")}
    if hook == "session.start":
        return Event("start", hook, payload, source=text_field(payload, "source"), **common)
    if hook == "session.compacted":
        return Event("start", hook, payload, source="compact", **common)
    if hook == "chat.message":
        prompt = _prompt_text(payload.get("prompt"))
        if prompt is None:
            return None
        typed = text_field(payload, "command")
        if typed is not None:  # a command's template: the person typed the command
            return Event("prompt", hook, payload, prompt=typed.strip(), request=prompt,
                         key=text_field(payload, "message_id"), **common)
        return Event("prompt", hook, payload, prompt=prompt, key=text_field(payload, "message_id"), **common)
    if hook in ("tool.execute", "tool.error", "tool.ok"):
        tool = payload.get("tool")
        if not isinstance(tool, str) or not tool:
            return None
        args = payload.get("args")
        tool_id = text_field(payload, "call_id")
        if hook == "tool.execute":
            return Event("tool", hook, payload, phase="pre", tool_name=tool, tool_input=args, tool_id=tool_id,
                         paths=_tool_paths(tool, args), **common)
        failed = hook == "tool.error"
        error = (text_field(payload, "error") or "the tool call failed") if failed else None
        code = payload.get("exit_code")
        return Event("tool", hook, payload, phase="post", tool_name=tool, tool_input=args, tool_id=tool_id,
                     failed=failed, error=error, output=error,
                     exit_code=code if isinstance(code, int) and not isinstance(code, bool) else None, **common)
    if hook == "session.idle":
        return Event("stop", hook, payload, **common)
    return None


def respond(event: Event, text: str) -> str:
    if not text:
        return ""
    key = "system" if event.kind == "start" else "context"
    return json.dumps({key: text}, ensure_ascii=False)


# --- install ---------------------------------------------------------------------------------------------
def plugin_dir(root: str | os.PathLike[str], user: bool) -> str:
    """`<project>/.opencode/plugins`, or the user's `$XDG_CONFIG_HOME/opencode/plugins` (~/.config/…)."""
    if user:
        base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
        return os.path.join(base, "opencode", "plugins")
    return os.path.join(os.fspath(root), ".opencode", "plugins")


def plugin_path(options) -> str:
    return os.path.join(plugin_dir(options.root, options.user), PLUGIN_FILE)


def command_argv(command: str | list[str]) -> list[str]:
    """The hook command as an argv list (the install layer hands it over shell-quoted)."""
    if isinstance(command, list):
        return [str(c) for c in command]
    import shlex

    return shlex.split(command)


def render_plugin(command: str | list[str]) -> str:
    from importlib import resources

    template = resources.files("altimate_learn.harness").joinpath("opencode_plugin.js").read_text("utf-8")
    return template.replace(COMMAND_PLACEHOLDER, json.dumps(command_argv(command)), 1)


def _ours(path: str) -> bool | None:
    """True: a plugin learn wrote; False: someone else's file; None: no file."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read(len(PLUGIN_MARKER)) == PLUGIN_MARKER
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        return False


def _shown(path: str, root: str | os.PathLike[str]) -> str:
    try:
        rel = os.path.relpath(path, os.fspath(root))
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


# What opencode writes in a project's `.opencode/` once it holds a plugin (real opencode 1.18.33): a `.gitignore` of
# these lines, for the packages it installs for plugins.
_OPENCODE_GITIGNORE = frozenset({"node_modules", "package.json", "package-lock.json", "bun.lock", ".gitignore"})


def _remove_left_folders(root: str | os.PathLike[str]) -> list[str]:
    """After the plugin is removed: `.opencode/plugins/` when empty, then `.opencode/` when all it holds is the
    `.gitignore` opencode wrote there because learn made the folder (trial27: a fresh project kept both after
    `--uninstall`; git ignores that `.gitignore` itself, so `git status` never showed them)."""
    folder = os.path.join(os.fspath(root), ".opencode")
    out = []
    try:
        os.rmdir(os.path.join(folder, "plugins"))  # only when empty
    except OSError:
        return out
    out.append("opencode: .opencode/plugins was left empty, so it was removed.")
    ignore = os.path.join(folder, ".gitignore")
    try:
        if os.listdir(folder) == [".gitignore"] and not os.path.islink(ignore):
            with open(ignore, encoding="utf-8") as handle:
                lines = {line.strip() for line in handle.read(4096).splitlines() if line.strip()}
            if lines and lines <= _OPENCODE_GITIGNORE:
                os.remove(ignore)
        os.rmdir(folder)  # only when empty
    except (OSError, UnicodeDecodeError):
        return out
    out.append("opencode: .opencode held only what opencode wrote for the plugin, so it was removed.")
    return out


def install(options) -> list[str]:
    """Write (or with ``uninstall``, remove) the plugin; ``dry_run`` only says what would change."""
    from altimate_learn.errors import LearnError

    if getattr(options, "local", False):
        raise LearnError("--local is for claude-code only.",
                         "opencode's plugin goes in the project (.opencode/plugins/) or, with --user, your config.")
    path = plugin_path(options)
    shown = _shown(path, options.root)
    ours = _ours(path)
    if options.uninstall:
        if ours is None:
            return [f"opencode: no learn plugin at {shown}; nothing to remove."]
        if ours is False:
            raise LearnError(f"{shown} was not written by learn; leaving it alone.",
                             "Remove it yourself if it is an old copy of the learn plugin.")
        if options.dry_run:
            return [f"opencode: would remove {shown}."]
        os.remove(path)
        return [f"opencode: removed {shown}."] + ([] if options.user else _remove_left_folders(options.root))
    if ours is False:
        raise LearnError(f"{shown} exists and was not written by learn.",
                         "Move it away, then run `learn install opencode` again.")
    text = render_plugin(options.command)
    current = None
    if ours:
        with open(path, encoding="utf-8") as handle:
            current = handle.read()
    if current == text:
        return [f"opencode: the learn plugin in {shown} is already up to date."]
    verb, done = ("update", "updated") if current is not None else ("write", "wrote")
    if options.dry_run:
        return [f"opencode: would {verb} {shown} (runs: {_display(options.command)})."]
    from pathlib import Path

    from altimate_learn.store.fsio import atomic_write

    os.makedirs(os.path.dirname(path), exist_ok=True)
    atomic_write(Path(path), text)
    lines = [f"opencode: {done} {shown} (runs: {_display(options.command)})."]
    lines.append("opencode: start a new opencode session to load it (plugins load at startup).")
    if not options.user and not getattr(options, "on_path", False):
        lines.append("opencode: the plugin names this machine's Python; on a machine without it, it runs `learn` "
                     "from PATH. To write only that form (for a committed plugin), use --on-path.")
    return lines


def _display(command: str | list[str]) -> str:
    if isinstance(command, list):
        import shlex

        return shlex.join(command)
    return command


def _path_argv() -> list[str]:
    from altimate_learn.launch import path_argv

    return path_argv(NAME)


def embedded_command(text: str) -> list[str] | None:
    """The hook command baked into a plugin file, or None when it cannot be found."""
    for line in text.splitlines():
        if line.startswith("const COMMAND = "):
            try:
                value = json.loads(line[len("const COMMAND = "):].rstrip().rstrip(";"))
            except ValueError:
                return None
            if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
                return value
            return None
    return None


def check(options) -> tuple[bool, list[str]]:
    """Is the plugin present (in the project's or the user's plugin folder), safe, and does it run?"""
    places = []
    for user in ((True,) if options.user else (False, True)):
        path = os.path.join(plugin_dir(options.root, user), PLUGIN_FILE)
        ours = _ours(path)
        if ours is not None:
            places.append((path, ours))
    if not places:
        shown = _shown(plugin_path(options), options.root)
        return False, [f"opencode: not installed (no {shown}). Run `learn install opencode"
                       f"{' --user' if options.user else ''}`."]
    ok, lines = True, []
    for path, ours in places:
        good, more = _check_plugin(path, ours, options)
        ok, lines = ok and good, lines + more
    if len(places) > 1 and all(ours for _, ours in places):
        lines.append("Note: the hooks are installed in 2 files (the plugin in the project and the user's plugins "
                     "folder); opencode loads both and the first one loaded does the work, so each lesson arrives "
                     "once (a copy an older learn wrote still runs, and learn's hook answers it with nothing). "
                     "Remove one with `learn install opencode --uninstall [--user]`.")
    return ok, lines


def _check_plugin(path: str, ours: bool, options) -> tuple[bool, list[str]]:
    import subprocess

    from altimate_learn.harness import CHECK_EVENT
    from altimate_learn.launch import command_problem

    shown = _shown(path, options.root)
    # the command that rewrites this copy: the global one needs --user (a plain install writes the project's)
    again = "`learn install opencode" + (" --user`" if os.path.dirname(path) == plugin_dir(options.root, True) else "`")
    if ours is False:
        return False, [f"opencode: {shown} exists but was not written by learn."]
    with open(path, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    argv = embedded_command(text)
    if argv is None:
        return False, [f"opencode: {shown} is damaged (no hook command in it). Run {again}."]
    lines = [f"opencode: plugin {shown} runs: {_display(argv)}"]
    ok = True
    problem = command_problem(argv)
    if problem:
        return False, lines + [f"opencode: UNSAFE: {problem}. Run {again} to replace it."]
    if "function childEnv" not in text:
        return False, lines + ["opencode: UNSAFE: the plugin passes PYTHONPATH to learn (an older version). "
                               f"Run {again} to replace it."]
    on_path = argv == _path_argv()
    if text != render_plugin(options.command) and not on_path:
        lines.append(f"Note: the plugin {shown} differs from what this learn would write (another installation, or "
                     f"an older version). Run {again} to update it.")
    # run it the way opencode would: an event on stdin; an absolute interpreter without a virtualenv on PATH
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    if on_path:
        import shutil

        found = shutil.which("learn")
        if found is None:
            return False, lines + ["opencode: `learn` is not on PATH here, and the plugin runs it from PATH. Put it "
                                   "on PATH, or run `learn install opencode` without --on-path."]
        lines.append(f"opencode: `learn` on PATH is {found}.")
    else:
        env["PATH"] = "/usr/local/bin:/usr/bin:/bin"
    try:
        proc = subprocess.run(argv, input=json.dumps({"hook_event_name": CHECK_EVENT}), capture_output=True,
                              text=True, timeout=30, cwd=os.fspath(options.root), env=env)
        answer = json.loads(proc.stdout) if proc.stdout.strip() else None
    except (OSError, ValueError, subprocess.TimeoutExpired) as exc:
        answer, reason = None, f"{type(exc).__name__}: {exc}"
    else:
        reason = (proc.stderr.strip().splitlines() or [f"exit code {proc.returncode}, no answer"])[-1]
    if isinstance(answer, dict) and answer.get("harness") == NAME:
        lines.append(f"opencode: the hook runs (altimate-learn {answer.get('altimate_learn')}, "
                     f"{answer.get('python')}).")
    else:
        ok = False
        lines.append(f"opencode: the hook command does not run: {reason}. Run {again} again.")
    return ok, lines
