"""`learn install <harness>`: merge our hook entries into the agent's JSON settings file, and take them out.

The file is edited as text, not rewritten: the JSON is parsed to find where each value starts and ends,
and only our entries are inserted (after the last existing entry, indented like its neighbours) or
removed (with the separator that came with them). Every other setting and hook keeps its bytes, its key
order and its formatting, and an install followed by an uninstall gives back the original file byte for
byte (an originally empty `"hooks": {}` or event list, or a file that held only `{}`, comes back from the copy
install kept, see below).
A file with comments (JSONC) is refused with the entries to add by hand, since rewriting could lose them.

Installing is idempotent: if our entries are already there exactly as they would be written, the file
is not touched; if they differ (another installation path, an older matcher), they are replaced. Our
entries are recognised by their command (`… -m altimate_learn hook <harness>`, or `learn hook <harness>`).

The command is built by :mod:`altimate_learn.launch`: by default this installation's interpreter by
absolute path, run isolated (`-I`), so it works whatever PATH the agent has and no file in the project
folder or on PYTHONPATH can stand in for learn; with ``on_path``, `learn hook <harness>` found on each
machine's PATH with PYTHONPATH unset, for a settings file the team commits.

Before a file is changed, a copy is kept: a project's file under `.altimate-code/learn/.backups/` (ignored
by git, so the working tree gets no `.bak` files), a user-level file beside it as `<file>.bak-<time>`; a
file that holds nothing but learn's own hooks is not copied (`learn install` writes it again). An
uninstall that leaves a settings file holding nothing (`{}`) removes the file (and its folder, when that
is left empty), so install then uninstall leaves the working tree as it was; but when the file is still exactly
what install made of a file the person had (their `{}`, an empty file, an empty `"hooks": {}`), uninstall writes
back that file's copy, byte for byte, and removes the copy.
`learn install --check` is in :mod:`altimate_learn.harness.check`.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shlex
from pathlib import Path

from altimate_learn.config import blank_jsonc, strip_jsonc
from altimate_learn.jsonsafe import loads_document, raw_decode
from altimate_learn.errors import LearnError
from altimate_learn.harness import HARNESSES
from altimate_learn.launch import hook_command, path_command

_OURS = re.compile(r"(?:-m\s+altimate_learn|(?:^|[\s/\"'])(?:altimate-)?learn[\"']?)\s+hook\s+([\w-]+)")
_DECODER = json.JSONDecoder()


class InstallOptions:
    """What `learn install` was asked to do (see :mod:`altimate_learn.harness` for the interface)."""

    def __init__(self, harness: str, root: Path, *, user: bool = False, local: bool = False,
                 uninstall: bool = False, dry_run: bool = False, command: str | None = None,
                 on_path: bool = False) -> None:
        self.harness = harness
        self.root = root
        self.user = user
        self.local = local
        self.uninstall = uninstall
        self.dry_run = dry_run
        self.on_path = on_path
        self.command = command or guarded(harness, path_command(harness) if on_path else hook_command(harness))

    @property
    def scope(self) -> str:
        return "user" if self.user else "local" if self.local else "project"


def guarded(harness: str, command: str) -> str:
    """``command`` with the harness's guard for a missing program, in every settings file and either form.

    Gemini CLI (``gemini.MISSING_GUARD``) reads a missing program's exit 127 as a verdict that blocks the turn;
    Claude Code and Codex (``PATH_GUARD``) showed it as a hook error on every event of a teammate who pulled the
    committed file without learn or without this machine's interpreter (review14 R14-24, fix17). The user's and
    `--local` files carry the same guard (trial27): Claude Code runs a command that several settings files hold
    once, and with the project's guarded and the user's bare it ran learn's hook twice for every event. A broken
    install is still found: `learn install --check`, `learn status` and `learn doctor` run the command. POSIX
    shells only: on Windows the agent runs hooks in PowerShell, where the guard is not valid syntax."""
    module = harness_module(harness)
    guard = getattr(module, "MISSING_GUARD", "") or getattr(module, "PATH_GUARD", "")
    return command + guard if guard and os.name != "nt" else command


# Names people type for an agent learn knows by another: the program's name, or the agent's name as a model
# (`learn enable --model gemini-cli`).
ALIASES = {"claude": "claude-code", "claude_code": "claude-code", "claudecode": "claude-code", "gemini-cli": "gemini",
           "gemini_cli": "gemini", "codex-cli": "codex", "opencode-ai": "opencode"}


def harness_module(harness: str):
    name = HARNESSES.get(harness)
    if name is None:
        meant = ALIASES.get(harness.strip().lower())
        raise LearnError(f"unknown agent {harness!r}.", (f"Did you mean `{meant}`? " if meant else "")
                         + f"Use one of: {', '.join(HARNESSES)}.")
    import importlib

    try:
        return importlib.import_module(f"altimate_learn.harness.{name}")
    except ImportError:
        raise LearnError(f"support for {harness} is not installed in this version.",
                         "Use `learn export agents-md` for agents without hooks.") from None


def settings_path(module, options: InstallOptions) -> Path:
    spec = module.SETTINGS
    if options.user:
        where = spec["user"]
        if where.startswith("$CODEX_HOME/"):
            base = os.environ.get("CODEX_HOME") or os.path.join(os.path.expanduser("~"), ".codex")
            return Path(base) / where[len("$CODEX_HOME/"):]
        if where.startswith("~/.claude/") and os.environ.get("CLAUDE_CONFIG_DIR"):
            return Path(os.environ["CLAUDE_CONFIG_DIR"]) / where[len("~/.claude/"):]
        return Path(os.path.expanduser(where))
    if options.local:
        if "local" not in spec:
            raise LearnError(f"--local is only for claude-code (its .claude/settings.local.json); "
                             f"{options.harness} has no local settings file.",
                             f"Run `learn install {options.harness}` for the project's {spec['project']}, or "
                             f"`learn install {options.harness} --user` to keep the hooks to yourself.")
        return options.root / spec["local"]
    return options.root / spec["project"]


# --- JSON spans ------------------------------------------------------------------------------------------

class Member:
    __slots__ = ("key", "key_start", "value_start", "value_end", "value")

    def __init__(self, key: str, key_start: int, value_start: int, value_end: int, value: object) -> None:
        self.key, self.key_start, self.value_start, self.value_end, self.value = key, key_start, value_start, \
            value_end, value


def _skip_ws(text: str, i: int) -> int:
    n = len(text)
    while i < n and text[i] in " \t\r\n":
        i += 1
    return i


def object_members(text: str, start: int) -> tuple[list[Member], int]:
    """Members of the object at ``text[start] == '{'`` and the index of its closing brace (comments skipped)."""
    text = blank_jsonc(text)
    i = _skip_ws(text, start + 1)
    members: list[Member] = []
    if text[i] == "}":
        return members, i
    while True:
        key_start = i
        key, i = json.decoder.scanstring(text, i + 1)
        i = _skip_ws(text, i)
        i = _skip_ws(text, i + 1)  # past ':'
        value, end = raw_decode(_DECODER, text, i)
        members.append(Member(key, key_start, i, end, value))
        i = _skip_ws(text, end)
        if text[i] == ",":
            i = _skip_ws(text, i + 1)
            continue
        return members, i


def array_elements(text: str, start: int) -> tuple[list[Member], int]:
    text = blank_jsonc(text)
    i = _skip_ws(text, start + 1)
    items: list[Member] = []
    if text[i] == "]":
        return items, i
    while True:
        value, end = raw_decode(_DECODER, text, i)
        items.append(Member("", i, i, end, value))
        i = _skip_ws(text, end)
        if text[i] == ",":
            i = _skip_ws(text, i + 1)
            continue
        return items, i


def _line_indent(text: str, pos: int) -> str | None:
    """The whitespace before ``pos`` on its line, or None if something else precedes it there."""
    line_start = text.rfind("\n", 0, pos) + 1
    lead = text[line_start:pos]
    return lead if lead.strip() == "" else None


def _indent_unit(text: str) -> str:
    for line in text.splitlines():
        stripped = line.lstrip(" \t")
        if stripped and len(stripped) < len(line):
            lead = line[: len(line) - len(stripped)]
            return "\t" if lead.startswith("\t") else " " * len(lead)
    return "  "


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def _render(value: object, indent: str, unit: str, newline: str) -> str:
    rendered = json.dumps(value, indent=unit, ensure_ascii=False)
    return rendered.replace("\n", newline + indent)


def _insert(text: str, items: list[Member], open_pos: int, close_pos: int, piece_key: str | None,
            value: object) -> str:
    """Insert a member (``piece_key`` given) or an element after the last one, formatted like its siblings."""
    unit, newline = _indent_unit(text), _newline(text)
    head = "" if piece_key is None else json.dumps(piece_key, ensure_ascii=False) + ": "
    if items:
        last = items[-1]
        indent = _line_indent(text, last.key_start)
        if indent is None:  # siblings on one line: stay on one line
            piece = ", " + head + json.dumps(value, ensure_ascii=False)
        else:
            piece = "," + newline + indent + head + _render(value, indent, unit, newline)
        return text[: last.value_end] + piece + text[last.value_end:]
    outer = _line_indent(text, open_pos)
    outer = "" if outer is None else outer
    inner = outer + unit
    if _commented(text, open_pos + 1, close_pos):
        # nothing but a comment inside (commented-out settings in a JSONC file): it stays, after the entry, and an
        # uninstall takes out just the entry (check50 C50-4: the comment was replaced, then the file removed)
        return text[: open_pos + 1] + newline + inner + head + _render(value, inner, unit, newline) + text[open_pos + 1:]
    closing = text[close_pos]
    body = newline + inner + head + _render(value, inner, unit, newline) + newline + outer
    return text[: open_pos + 1] + body + closing + text[close_pos + 1:]


def _remove(text: str, items: list[Member], index: int, open_pos: int, close_pos: int) -> str:
    if index > 0:
        return text[: items[index - 1].value_end] + text[items[index].value_end:]
    if len(items) > 1:
        return text[: items[0].key_start] + text[items[1].key_start:]
    if _commented(text, items[0].value_end, close_pos):  # a comment that was alone inside before `_insert` stays
        return text[: open_pos + 1] + text[items[0].value_end:]
    return text[: open_pos + 1] + text[close_pos:]


def _commented(text: str, start: int, end: int) -> bool:
    """True when ``text[start:end]`` holds a comment (JSONC): a list or object with one inside is the person's."""
    part = text[start:end]
    if "/" not in part:
        return False
    return any(raw != seen and raw != "," for raw, seen in zip(part, blank_jsonc(text)[start:end]))


# --- our entries -------------------------------------------------------------------------------------------

def is_ours(handler: object, harness: str) -> bool:
    if not isinstance(handler, dict) or not isinstance(handler.get("command"), str):
        return False
    match = _OURS.search(handler["command"])
    return bool(match and match.group(1) == harness)


def _parse(text: str, path: Path, module) -> dict:
    try:
        data = loads_document(text)
    except ValueError as exc:
        try:
            data = loads_document(strip_jsonc(text))
        except ValueError:
            raise LearnError(f"{path}: malformed JSON ({exc}).", "Fix the file, then run the command again.") from None
        if not getattr(module, "JSONC", False):
            raise LearnError(f"{path} has comments, which learn will not rewrite.",
                             "Add these hook entries under \"hooks\" by hand:\n" + manual_entries(module)) from None
    if not isinstance(data, dict):
        raise LearnError(f"{path}: expected a JSON object at the top level.", "Fix the file.")
    hooks = data.get("hooks")
    if hooks is not None and not isinstance(hooks, dict):
        raise LearnError(f"{path}: \"hooks\" is not an object.", "Fix the file, then run the command again.")
    for event, groups in (hooks or {}).items():
        if not isinstance(groups, list):
            raise LearnError(f"{path}: hooks.{event} is not a list.", "Fix the file, then run the command again.")
    return data


def manual_entries(module, command: str | None = None) -> str:
    command = command or guarded(module.NAME, hook_command(module.NAME))
    entries: dict[str, list] = {}
    for event, matcher in module.HOOKS:
        entries.setdefault(event, []).append(module.hook_entry(command, matcher, event))
    return json.dumps(entries, indent=2, ensure_ascii=False)


def _top(text: str) -> tuple[list[Member], int, int]:
    start = _skip_ws(blank_jsonc(text), 0)
    members, close = object_members(text, start)
    return members, start, close


def remove_ours(text: str, harness: str) -> tuple[str, int]:
    """``text`` without any of our hook handlers; returns the new text and how many were removed."""
    removed = 0
    while True:
        members, top_open, top_close = _top(text)
        hooks = next((m for m in members if m.key == "hooks" and isinstance(m.value, dict)), None)
        if hooks is None:
            return text, removed
        events, hooks_close = object_members(text, hooks.value_start)
        changed = False
        for e_index, event in enumerate(events):
            if not isinstance(event.value, list):
                continue
            groups, groups_close = array_elements(text, event.value_start)
            for g_index, group in enumerate(groups):
                handlers = group.value.get("hooks") if isinstance(group.value, dict) else None
                if not isinstance(handlers, list) or not any(is_ours(h, harness) for h in handlers):
                    continue
                if all(is_ours(h, harness) for h in handlers):
                    # the event list would be empty: drop the event (and the hooks object too), unless it holds a
                    # comment of the person's (JSONC), which stays with its list or object
                    if len(groups) == 1 and not _commented(text, event.key_start, groups_close):
                        if len(events) == 1 and not _commented(text, hooks.key_start, hooks_close):
                            text = _remove(text, members, members.index(hooks), top_open, top_close)
                        else:
                            text = _remove(text, events, e_index, hooks.value_start, hooks_close)
                    else:
                        text = _remove(text, groups, g_index, event.value_start, groups_close)
                else:
                    inner = next(m for m in object_members(text, group.value_start)[0] if m.key == "hooks")
                    elements, elements_close = array_elements(text, inner.value_start)
                    h_index = next(i for i, h in enumerate(elements) if is_ours(h.value, harness))
                    text = _remove(text, elements, h_index, inner.value_start, elements_close)
                removed += 1
                changed = True
                break
            if changed:
                break
        if not changed:
            return text, removed


def add_ours(text: str, module, command: str) -> str:
    for event, matcher in module.HOOKS:
        entry = module.hook_entry(command, matcher, event)
        members, top_open, top_close = _top(text)
        hooks = next((m for m in members if m.key == "hooks"), None)
        if hooks is None:
            text = _insert(text, members, top_open, top_close, "hooks", {event: [entry]})
            continue
        events, hooks_close = object_members(text, hooks.value_start)
        existing = next((m for m in events if m.key == event), None)
        if existing is None:
            text = _insert(text, events, hooks.value_start, hooks_close, event, [entry])
            continue
        groups, groups_close = array_elements(text, existing.value_start)
        text = _insert(text, groups, existing.value_start, groups_close, None, entry)
    return text


def installed_exactly(data: dict, module, command: str) -> bool:
    hooks = data.get("hooks") or {}
    wanted: dict[str, list] = {}
    for event, matcher in module.HOOKS:
        wanted.setdefault(event, []).append(module.hook_entry(command, matcher, event))
    for event, groups in hooks.items():
        ours = [g for g in groups if isinstance(g, dict) and isinstance(g.get("hooks"), list)
                and any(is_ours(h, module.NAME) for h in g["hooks"])]
        if ours != wanted.get(event, []):
            return False
    return all(event in hooks for event in wanted)


def ours_present(data: dict, harness: str) -> dict[str, list[str]]:
    """Event → our commands found for it."""
    found: dict[str, list[str]] = {}
    for event, groups in (data.get("hooks") or {}).items():
        for group in groups if isinstance(groups, list) else []:
            for handler in (group.get("hooks") or []) if isinstance(group, dict) else []:
                if is_ours(handler, harness):
                    found.setdefault(event, []).append(handler["command"])
    return found


# --- the command -------------------------------------------------------------------------------------------

def flag(scope: str) -> str:
    """The `learn install` flag that names a scope ("" for the project's file)."""
    return {"user": " --user", "local": " --local"}.get(scope, "")


def _backup_name(path: Path, options: InstallOptions) -> Path:
    """Where copies of ``path`` go, before their `.bak-<time>` ending (see module docstring)."""
    if options.user:
        return path
    from altimate_learn.store.paths import ProjectPaths

    try:
        name = path.relative_to(options.root).as_posix().replace("/", "__")
    except ValueError:
        name = path.name
    return ProjectPaths(options.root).learn_dir / ".backups" / name


def _backup(path: Path, options: InstallOptions) -> Path:
    """Copy ``path`` before it changes: a project file's copy goes where git ignores it (see module docstring)."""
    from altimate_learn.store.fsio import atomic_write, unique_sibling

    if not options.user:
        from altimate_learn.store.paths import ProjectPaths
        from altimate_learn.store.store import ensure_learn_dir

        ensure_learn_dir(ProjectPaths(options.root))
    dest = unique_sibling(_backup_name(path, options), "bak")
    dest.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(dest, path.read_bytes())
    return dest


def _copy_before_install(path: Path, after: str, options: InstallOptions, module) -> Path | None:
    """The copy `learn install` kept of ``path`` when the file, without learn's hooks (``after``), is what that
    install made of it without them: the newest copy that holds none of learn's hooks, with learn's entries added
    and taken out again, gives ``after``. Uninstall then gives the copy's bytes back whole: the person's own `{}`,
    empty file, `"hooks": {}` or empty event list stays (taking learn's last entry out of a list or object also
    takes out the list or object, and a file left `{}` is removed). None when the file changed since, or no such
    copy is there."""
    base = _backup_name(path, options)
    try:
        copies = sorted(base.parent.glob(base.name + ".bak-*"))
    except OSError:
        return None
    for copy in reversed(copies):  # the newest first; copies that hold learn's hooks are of a reinstall: passed over
        try:
            before = copy.read_bytes().decode("utf-8")
            start = before if before.strip() else "{}\n"
            stripped, removed = remove_ours(start, module.NAME)
            if removed:
                continue
            again, _ = remove_ours(add_ours(stripped, module, options.command), module.NAME)
            return copy if again == after else None
        except (OSError, UnicodeDecodeError, LearnError, ValueError):
            return None
    return None


def plan(options: InstallOptions) -> tuple[Path, str | None, str, int]:
    """(settings file, its current text or None, the new text, entries removed)."""
    module = harness_module(options.harness)
    path = settings_path(module, options)
    try:
        # as written: read_text would turn a file's CRLF line ends into LF, and the file written back would then
        # differ on every line (an uninstall must give the user's bytes back)
        old = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        old = None
    except (OSError, UnicodeDecodeError) as exc:
        raise LearnError(f"{path} cannot be read ({exc}).", "Fix its permissions or contents.") from None
    base = old if old is not None and old.strip() else "{}\n"
    data = _parse(base, path, module)
    if options.uninstall:
        new, removed = remove_ours(base, module.NAME)
        return path, old, (new if removed else (old if old is not None else "")), removed
    if installed_exactly(data, module, options.command):
        return path, old, base if old is not None else base, 0
    stripped, removed = remove_ours(base, module.NAME)
    new = add_ours(stripped, module, options.command)
    _parse(new, path, module)  # the edit must leave a valid file; a bug here must not reach the user's file
    return path, old, new, removed


def _holds_nothing(text: str) -> bool:
    try:
        return json.loads(text) == {}
    except ValueError:
        return False


def _only_ours(text: str, module: object) -> bool:
    """True when ``text`` holds nothing but learn's own hook entries (or nothing at all)."""
    if not text.strip():
        return True
    try:
        stripped, _ = remove_ours(text, module.NAME)  # type: ignore[attr-defined]
    except (LearnError, ValueError):
        return False
    return _holds_nothing(stripped)


def _remove_empty(path: Path, options: InstallOptions) -> list[str]:
    """Remove a settings file our uninstall left as `{}`, and its folder if nothing else is in it."""
    path.unlink()
    out = [f"{path} held nothing else, so it was removed."]
    folder = path.parent
    if not options.user and folder != options.root and folder.parent == options.root:
        try:
            folder.rmdir()  # only when empty
            out.append(f"{folder} was left empty, so it was removed.")
        except OSError:
            pass
    return out


def shared_removal_note(options: InstallOptions) -> list[str]:
    """After a project-scope uninstall: when git tracks the file learn's hooks were in (a team shares `.codex/hooks.json`,
    `.gemini/settings.json`, the opencode plugin), committing the change removes the hooks for every teammate; a
    teammate who only wants learn off for themselves was not told (trial29: Bob followed "Removing learn" and `git
    status` showed the team's hook files deleted)."""
    from altimate_learn import git

    if options.user or options.local or options.dry_run or not options.uninstall:
        return []
    module = harness_module(options.harness)
    try:
        path = Path(module.plugin_path(options)) if hasattr(module, "plugin_path") else settings_path(module, options)
    except (LearnError, OSError, AttributeError, KeyError):
        return []
    rel = git.committed_and_changed(options.root, Path(path))
    if rel is None:
        return []
    return [f"Note: {rel} is committed, so committing this change removes learn's hooks for every teammate who pulls "
            f"it. To turn learn off only for yourself, restore the file (`git checkout HEAD -- {rel}`) and set "
            "ALTIMATE_LEARN=0 in your environment."]


def agent_files(root: Path) -> list[Path]:
    """Every file `learn install` writes for an agent, at project, user and (Claude Code) local level."""
    from altimate_learn.harness import HARNESSES

    found: list[Path] = []
    for harness in HARNESSES:
        try:
            module = harness_module(harness)
        except LearnError:
            continue
        variants = [{"user": False}, {"user": True}] + ([{"local": True}] if harness == "claude-code" else [])
        for variant in variants:
            options = InstallOptions(harness, root, command="-", **variant)
            try:
                found.append(Path(module.plugin_path(options)) if hasattr(module, "plugin_path")
                             else settings_path(module, options))
            except (LearnError, OSError, AttributeError, KeyError):
                continue
    return found


def sweep_killed_writes(root: Path) -> int:
    """Remove the temporary files a killed `learn install` (or uninstall) left beside the agents' files, and a killed
    `learn enable` beside the project config
    (`.claude/.settings.json.<pid>-….tmp`, visible in `git status`): only a dead writer's, and also when this run
    writes nothing (fsio removes them only when writing the same file again). Returns how many."""
    from altimate_learn.configfiles import write_candidates
    from altimate_learn.store.fsio import remove_stale_temp_files, sweep_temp_files
    from altimate_learn.store.paths import ProjectPaths

    configs = [Path(p) for p in write_candidates(str(root), str(root))]  # what a killed `learn enable` was writing
    removed = sum(remove_stale_temp_files(path) for path in [*agent_files(root), *configs])
    return removed + sweep_temp_files(ProjectPaths(root).learn_dir / ".backups")  # the copies of project files


def _program(command: str) -> str | None:
    """Where the program a hook command of ours starts lives on this machine, or None when it would not start here
    (another machine's interpreter, or no `learn` on PATH): the guard after it (`2>/dev/null || true`) and
    `env -u NAME` before it are skipped."""
    import shutil

    try:
        argv = shlex.split(command)
    except ValueError:
        return None
    cut = next((i for i, token in enumerate(argv) if token in ("||", "&&", ";", "|") or token.startswith(("2>", ">"))),
               len(argv))
    argv = argv[:cut]
    if argv and os.path.basename(argv[0]) == "env":
        i = 1
        while i < len(argv) and (argv[i].startswith("-") or "=" in argv[i]):
            i += 2 if argv[i] == "-u" else 1
        argv = argv[i:]
    if not argv:
        return None
    first = argv[0]
    if "/" in first or os.sep in first:
        return first if os.path.isfile(first) and os.access(first, os.X_OK) else None
    return shutil.which(first)


def _ours_in(path: Path, module) -> dict[str, list[str]]:
    """Our commands by event in the settings file at ``path`` ({} when it is missing or unreadable: `plan` says why)."""
    try:
        data = _parse(path.read_text(encoding="utf-8"), path, module)
    except (OSError, UnicodeDecodeError, LearnError):
        return {}
    return ours_present(data, module.NAME) if isinstance(data, dict) and isinstance(data.get("hooks"), dict) else {}


def _tracked(options: InstallOptions, path: Path) -> str | None:
    """``path`` relative to its repository's top when git tracks it (a file the team shares), else None."""
    from altimate_learn import git

    top = git.toplevel(options.root)
    if top is None:
        return None
    try:
        rel = path.resolve().relative_to(top.resolve()).as_posix()
    except (ValueError, OSError):
        return None
    return rel if git.is_tracked(top, rel) else None


def _the_teams_form(options: InstallOptions, module) -> tuple[InstallOptions, list[str]]:
    """A plain project install into a settings file the team committed with learn's hooks in the PATH form (`learn
    install <agent> --on-path`) keeps that form: writing this machine's Python there leaves a change that a `git
    commit -a` sends to every teammate, whose hooks then fail silently (review39 R39-21: a teammate following the
    README's `learn install gemini` in a clone with the team's hooks)."""
    if options.user or options.local or options.uninstall or options.on_path:
        return options, []
    path = settings_path(module, options)
    ours = [command for commands in _ours_in(path, module).values() for command in commands]
    if not ours or any("altimate_learn" in command for command in ours):
        return options, []
    rel = _tracked(options, path)
    if rel is None:
        return options, []
    kept = InstallOptions(options.harness, options.root, dry_run=options.dry_run, on_path=True)
    return kept, [f"{rel} is committed with learn's hooks run from each machine's PATH (your team's form), so they "
                  "stay in that form: this machine's Python written there would reach every teammate with the next "
                  "commit."]


def _already_run_elsewhere(options: InstallOptions, module, path: Path) -> list[str] | None:
    """A `--local` or `--user` install while the project's settings file already holds learn's hooks with another
    command that runs on this machine (the team's `--on-path` hooks, learn on PATH here): the agent reads both files
    and would run learn twice for every event, so nothing is written and this says why (review39 R39-21). None when
    the install should go ahead (no hooks there, the same command, which the agents run once, or a command that
    does not start here, such as another machine's interpreter)."""
    if not (options.user or options.local) or options.uninstall:
        return None
    project = settings_path(module, InstallOptions(options.harness, options.root, command="-"))
    if project == path:
        return None
    ours = [command for commands in _ours_in(project, module).values() for command in commands]
    if not ours or all(command == options.command for command in ours):
        return None
    programs = [_program(command) for command in ours]
    if not all(programs):
        return None
    try:
        shown = project.relative_to(options.root).as_posix()
    except ValueError:
        shown = str(project)
    committed = _tracked(options, project)
    out = [f"learn's hooks for {options.harness} are already in {shown}{' (committed by your team)' if committed else ''}"
           f" and run here ({programs[0]}); {options.harness} reads that file as well, so a second set in {path} "
           "would run learn twice for every event. Nothing changed."]
    if _ours_in(path, module):
        out.append(f"learn's hooks are also in {path}: remove them with "
                   f"`learn install {options.harness}{flag(options.scope)} --uninstall`.")
    if not committed:
        out.append(f"To keep the hooks in {path} instead, take them out of {shown} first "
                   f"(`learn install {options.harness} --uninstall`).")
    return out


def run_install(options: InstallOptions) -> list[str]:
    module = harness_module(options.harness)
    if hasattr(module, "install"):
        return module.install(options)
    options, out = _the_teams_form(options, module)
    elsewhere = _already_run_elsewhere(options, module, settings_path(module, options))
    if elsewhere is not None:
        return elsewhere
    path, old, new, removed = plan(options)
    if (old or "") == new or (old is None and options.uninstall):
        if options.uninstall:
            out.append(f"No learn hooks for {options.harness} in {path}; nothing to remove.")
            out.extend(_installed_elsewhere(options))
        else:
            out.append(f"learn hooks for {options.harness} are already installed in {path}; nothing changed.")
            out.extend(_sharing_notes(options, path))
            out.extend(_keep_local(options, path))
        return out
    # the person's own file as it was before `learn install` (its `{}`, its empty `"hooks": {}`), when nothing else
    # changed since: given back byte for byte, never removed
    kept = _copy_before_install(path, new, options, module) if options.uninstall and old is not None else None
    if kept is not None:
        new = kept.read_bytes().decode("utf-8")
    empty_after = options.uninstall and kept is None and _holds_nothing(new)
    if options.dry_run:
        diff = difflib.unified_diff((old or "").splitlines(keepends=True), new.splitlines(keepends=True),
                                    fromfile=str(path) if old is not None else "/dev/null", tofile=str(path))
        out.append("Dry run: nothing was written. The change would be:")
        out.append("".join(diff).rstrip("\n"))
        if empty_after:
            out.append(f"{path} would hold nothing else and would be removed.")
        return out
    from altimate_learn.store.fsio import atomic_write

    if path.is_symlink():
        raise LearnError(f"{path} is a symlink; refusing to replace it.", "Edit the file it points to instead.")
    # A copy is kept only of a file that holds something besides learn's hooks: a file learn created and
    # that holds only its hooks is what `learn install` writes again, and copying it would leave files behind.
    # (an existing file that holds nothing, `{}` or empty, is the person's: copied, so uninstall can give it back)
    learns_own = old is not None and old.strip() != "" and _only_ours(old, module) and removed > 0
    backup = _backup(path, options) if old is not None and not learns_own else None
    if options.uninstall:
        out.append(f"Removed {removed} learn hook entr{'y' if removed == 1 else 'ies'} for {options.harness} "
                   f"from {path}.")
        if empty_after:
            out.extend(_remove_empty(path, options))
        else:
            atomic_write(path, new)
        if kept is not None:
            out.append(f"{path} is again what it was before `learn install`, byte for byte.")
            try:
                kept.unlink()  # the copy install kept is the file again
            except OSError:
                pass
    else:
        atomic_write(path, new)
        events = ", ".join(event for event, _ in module.HOOKS)
        out.append(f"Installed learn hooks for {options.harness} in {path} ({events}).")
        out.append(f"They run: {options.command}")
    if backup:
        out.append(f"The previous file is kept as {backup}.")
    if not options.uninstall:
        out.extend(_sharing_notes(options, path))
        out.extend(_keep_local(options, path))
        out.extend(module.notes(options) if hasattr(module, "notes") else getattr(module, "NOTES", []))
    return out


def _installed_elsewhere(options: InstallOptions) -> list[str]:
    """Where else learn's hooks for this agent are, with the command that removes them: a new user who installed
    with `--local`, as the README's quick start does, ran `--uninstall` without it and read only "nothing to remove"
    (trial28)."""
    module = harness_module(options.harness)
    scopes = [("project", {}), ("user", {"user": True})] + ([("local", {"local": True})] if "local" in module.SETTINGS
                                                              else [])
    out = []
    for scope, variant in scopes:
        if scope == options.scope:
            continue
        other = InstallOptions(options.harness, options.root, uninstall=True, **variant)
        try:
            path, _, _, removed = plan(other)
        except (LearnError, OSError, ValueError):
            continue
        if removed:
            out.append(f"learn's hooks for {options.harness} are in {path}: remove them with "
                       f"`learn install {options.harness}{flag(scope)} --uninstall`.")
    return out


def _keep_local(options: InstallOptions, path: Path) -> list[str]:
    """A `--local` settings file names this machine's interpreter: keep it out of git in this clone (a user
    who runs `git add .` must not commit it), the way `.claude/settings.local.json` is meant to be used."""
    if not options.local or options.dry_run:
        return []
    from altimate_learn import git

    message = git.exclude_locally(path)
    return [message] if message else []


def _sharing_notes(options: InstallOptions, path: Path) -> list[str]:
    """What a team that commits the project's settings file needs to know about the command in it."""
    if options.user or options.local:
        return []
    if options.on_path:
        import shutil

        found = shutil.which("learn")
        where = f"here it is {found}" if found else "it is NOT on PATH here: put `learn` on PATH first"
        return [f"The hooks run `learn` from each machine's PATH ({where}); every teammate needs learn installed "
                f"and on PATH. `learn install {options.harness} --check` tells whether it is."]
    return [f"Note: {path.name} is usually committed, and these hooks name this machine's Python "
            f"({shlex.split(options.command)[0]}), which teammates do not have. To share the hooks, run "
            f"`learn install {options.harness} --on-path` (runs `learn` from each machine's PATH); to keep them "
            "to yourself" + (", use --local (.claude/settings.local.json, not committed)."
                             if "local" in harness_module(options.harness).SETTINGS else ", use --user.")]
