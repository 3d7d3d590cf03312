"""`learn install claude-code --plugin`: learn's hooks as a Claude Code plugin, in a one-plugin marketplace.

Claude Code plugins are folders with a manifest (`.claude-plugin/plugin.json`) and, for hooks,
`hooks/hooks.json` (the same `{"hooks": {event: [{matcher, hooks: [{type, command, timeout}]}]}}` shape as
a settings file). A team installs one through Claude Code's own mechanism from a marketplace, a folder with
`.claude-plugin/marketplace.json` listing it. So `--plugin` writes, in the project (commit it):

    .altimate-code/claude-plugin/                      the marketplace "altimate-learn"
      .claude-plugin/marketplace.json
      altimate-learn/                                  the plugin "altimate-learn"
        .claude-plugin/plugin.json
        hooks/hooks.json                               learn's hooks: the events `learn install` writes
        README.md

and each teammate runs `claude plugin marketplace add ./.altimate-code/claude-plugin` and `claude plugin
install altimate-learn@altimate-learn` (or loads it for one session with `claude --plugin-dir
.altimate-code/claude-plugin/altimate-learn`). The hook command is the one `learn install` writes: this
machine's Python by absolute path, or with `--on-path` `learn hook claude-code` from each machine's PATH,
which is the form for a plugin a team shares.

The files are ours whole: writing twice changes nothing, `--uninstall` removes exactly them (and the folders
they leave empty), and a file in the way that we did not write (no `altimate-learn` name in it) is refused,
not overwritten. `--check` reads the files back, checks the manifest names, that every hook event is there,
and judges and runs each command like `learn install --check`; it also says when the settings files hold
learn's hooks too, since Claude Code would then run both.
"""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn import __version__
from altimate_learn.errors import LearnError
from altimate_learn.harness import claude
from altimate_learn.harness.install import InstallOptions, is_ours

NAME = "altimate-learn"
MARKETPLACE = Path(".altimate-code") / "claude-plugin"
PLUGIN = MARKETPLACE / NAME
MANIFEST = PLUGIN / ".claude-plugin" / "plugin.json"
HOOKS = PLUGIN / "hooks" / "hooks.json"
README = PLUGIN / "README.md"
CATALOG = MARKETPLACE / ".claude-plugin" / "marketplace.json"
DESCRIPTION = ("altimate-learn's hooks: approved lessons reach the agent at session start, with each request and "
               "for the files it reads; corrections and failing tools are captured as signals.")


def _json(value: object) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def hooks_document(command: str) -> dict:
    hooks: dict[str, list] = {}
    for event, matcher in claude.HOOKS:
        hooks.setdefault(event, []).append(claude.hook_entry(command, matcher))
    return {"description": DESCRIPTION, "hooks": hooks}


def files(command: str) -> dict[Path, str]:
    """Relative path -> the text learn writes there."""
    author = {"name": "altimate-learn developers"}
    return {
        CATALOG: _json({"name": NAME, "owner": author,
                        "description": "The altimate-learn plugin, from this repository.",
                        "plugins": [{"name": NAME, "source": f"./{NAME}", "description": DESCRIPTION,
                                     "version": __version__, "author": author}]}),
        MANIFEST: _json({"name": NAME, "version": __version__, "description": DESCRIPTION, "author": author,
                         "license": "MIT", "keywords": ["lessons", "hooks", "altimate-learn"]}),
        HOOKS: _json(hooks_document(command)),
        README: (
            "# altimate-learn for Claude Code\n\n"
            "This plugin holds altimate-learn's hooks. With it enabled, the lessons your team approved (in\n"
            "`.altimate-code/learn/<store>/approved.json`) reach Claude at session start, with each request and for\n"
            "the files it reads, and the corrections you type are captured as signals for the next reflection.\n\n"
            "It was written by `learn install claude-code --plugin`. The hooks run `learn`, which must be\n"
            "installed on the machine (`pipx install altimate-learn`). Install the plugin with\n"
            "`claude plugin marketplace add ./.altimate-code/claude-plugin` and\n"
            "`claude plugin install altimate-learn@altimate-learn`; check it with\n"
            "`learn install claude-code --plugin --check`.\n"),
    }


def _ours(path: Path) -> bool:
    """Is the file at ``path`` one learn wrote (so it may be replaced or removed)?"""
    try:
        return NAME in path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False


def install(options: InstallOptions) -> list[str]:
    root = options.root
    wanted = files(options.command)
    if options.uninstall:
        present = [rel for rel in wanted if (root / rel).is_file()]
        if not present:
            return [f"No learn plugin in {root / MARKETPLACE}; nothing to remove."]
        strangers = [rel for rel in present if not _ours(root / rel)]
        if strangers:
            raise LearnError(f"{root / strangers[0]} was not written by learn; not removing it.",
                             "Remove the plugin folder by hand if you mean to.")
        if options.dry_run:
            return ["Dry run: nothing was removed. These files would be:"] + [f"  {root / rel}" for rel in present]
        for rel in present:
            (root / rel).unlink()
        for folder in (HOOKS.parent, MANIFEST.parent, PLUGIN, CATALOG.parent, MARKETPLACE):
            try:
                (root / folder).rmdir()  # only when empty
            except OSError:
                pass
        out = [f"Removed the learn plugin from {root / MARKETPLACE} ({len(present)} files)."]
        # Claude Code keeps its own record: the plugin stays enabled and `claude plugin list` shows it "failed to
        # load" until its marketplace is removed, which uninstalls it in every scope (review50 R50-4, 2.1.332)
        enabling = enabled_in(root)
        if enabling:
            out.append(f"Claude Code still has it enabled ({', '.join(str(p) for p in enabling)}) and lists it as "
                       f"failed to load: run `claude plugin marketplace remove {NAME}`, which uninstalls it too.")
        return out
    changed = []
    for rel, text in wanted.items():
        path = root / rel
        try:
            old = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            old = None
        except (OSError, UnicodeDecodeError) as exc:
            raise LearnError(f"{path} cannot be read ({exc}).", "Fix or remove it, then run the command again.") \
                from None
        if old == text:
            continue
        if old is not None and not _ours(path):
            raise LearnError(f"{path} exists and was not written by learn; not overwriting it.",
                             "Move it away, then run the command again.")
        changed.append((rel, path, text))
    if not changed:
        return [f"The learn plugin in {root / PLUGIN} is up to date; nothing changed."] + next_steps()
    if options.dry_run:
        return ["Dry run: nothing was written. These files would be written:"] + [f"  {p}" for _, p, _ in changed]
    from altimate_learn.store.fsio import atomic_write

    for _, path, text in changed:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text)
    return [f"Wrote the learn plugin for Claude Code in {root / PLUGIN} ({len(changed)} files; hook command: "
            f"{options.command})."] + _sharing_note(options) + next_steps()


def _sharing_note(options: InstallOptions) -> list[str]:
    """The plugin is meant to be committed: say so when its hooks name this machine's Python."""
    if getattr(options, "on_path", False):
        return []
    return ["Note: these hooks name this machine's Python, which teammates do not have. To share the plugin "
            "through git, run `learn install claude-code --plugin --on-path` (runs `learn` from each machine's "
            "PATH)."]


def next_steps() -> list[str]:
    return ["Commit .altimate-code/claude-plugin/. Each teammate then runs, in the repository:",
            f"  claude plugin marketplace add ./{MARKETPLACE.as_posix()}",
            f"  claude plugin install {NAME}@{NAME}",
            f"(or, for one session: claude --plugin-dir {PLUGIN.as_posix()}). Check it with "
            "`learn install claude-code --plugin --check`."]


def _in_settings(root: Path) -> bool:
    """Are learn's hooks also in one of the settings files Claude Code reads?"""
    from altimate_learn.harness.check import scopes
    from altimate_learn.harness.install import _parse, ours_present

    for _, path in scopes(claude, InstallOptions(claude.NAME, root)):
        try:
            text = path.read_text(encoding="utf-8")
            if ours_present(_parse(text if text.strip() else "{}", path, claude), claude.NAME):
                return True
        except (OSError, UnicodeDecodeError, LearnError):
            continue
    return False


def enabled(root: Path) -> tuple[Path, set[str]] | None:
    """(the plugin's hooks file, learn's commands in it) when the plugin this project holds is enabled in a settings
    file Claude Code reads (`claude plugin install altimate-learn@altimate-learn` records `"enabledPlugins":
    {"altimate-learn@altimate-learn": true}` in the user's file, or with `--scope project` / `local` in the project's;
    checked with Claude Code 2.1.332), else None. `learn status` and `learn doctor` said "no agent has learn's hooks"
    while the plugin delivered (review49 R49-6). A plugin loaded for one session (`--plugin-dir`) is not seen."""
    hooks = root / HOOKS
    try:
        document = json.loads(hooks.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    commands = {handler["command"] for groups in ((document.get("hooks") or {}).values()
                                                  if isinstance(document, dict) else [])
                for group in (groups if isinstance(groups, list) else []) if isinstance(group, dict)
                for handler in (group.get("hooks") or []) if is_ours(handler, claude.NAME)}
    if not commands:
        return None
    return (hooks, commands) if enabled_in(root) else None


def enabled_in(root: Path) -> list[Path]:
    """The settings files Claude Code reads for ``root`` (the user's, the project's, the local one) that enable
    the plugin (`"enabledPlugins": {"altimate-learn@altimate-learn": true}`)."""
    from altimate_learn.harness.install import settings_path
    from altimate_learn.jsonsafe import loads_document

    key = f"{NAME}@{NAME}"
    found = []
    for path in (settings_path(claude, InstallOptions(claude.NAME, root, command="-", user=True)),
                 root / ".claude" / "settings.json", root / ".claude" / "settings.local.json"):
        try:
            data = loads_document(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            continue
        plugins = data.get("enabledPlugins") if isinstance(data, dict) else None
        if isinstance(plugins, dict) and plugins.get(key) is True:
            found.append(path)
    return found


def check(options: InstallOptions) -> tuple[bool, list[str]]:
    from altimate_learn.harness.check import judge

    root = options.root
    out: list[str] = []
    documents: dict[Path, dict] = {}
    for rel in (CATALOG, MANIFEST, HOOKS):
        path = root / rel
        try:
            value = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return False, [f"The learn plugin is not written: {path} is missing.",
                           "Run `learn install claude-code --plugin --on-path`."]
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            return False, [f"{path} cannot be read as JSON ({exc}).",
                           "Run `learn install claude-code --plugin --on-path` to rewrite it."]
        if not isinstance(value, dict):
            return False, [f"{path}: expected a JSON object."]
        documents[rel] = value
    ok = True
    if documents[MANIFEST].get("name") != NAME:
        ok = False
        out.append(f"{root / MANIFEST}: the plugin's name is {documents[MANIFEST].get('name')!r}, not {NAME!r}.")
    listed = [p for p in documents[CATALOG].get("plugins") or [] if isinstance(p, dict) and p.get("name") == NAME]
    if not listed or listed[0].get("source") != f"./{NAME}":
        ok = False
        out.append(f"{root / CATALOG}: does not list the plugin {NAME!r} with source ./{NAME}.")
    hooks = documents[HOOKS].get("hooks")
    found: dict[str, list[str]] = {}
    for event, groups in (hooks.items() if isinstance(hooks, dict) else []):
        for group in groups if isinstance(groups, list) else []:
            for handler in (group.get("hooks") or []) if isinstance(group, dict) else []:
                if is_ours(handler, claude.NAME):
                    found.setdefault(event, []).append(handler["command"])
    missing = [event for event, _ in claude.HOOKS if event not in found]
    if missing:
        ok = False
        out.append(f"{root / HOOKS}: learn hooks missing for {', '.join(missing)}.")
    for command in sorted({c for commands in found.values() for c in commands}):
        good, lines = judge(command, root)
        ok = ok and good
        out.extend(lines)
    from altimate_learn.harness.claude_off import problems

    off = problems(root)  # "disableAllHooks": a plugin's hooks are off too (review48 R48-5)
    if ok and not off:
        out.insert(0, f"The learn plugin for Claude Code in {root / PLUGIN} is complete and its hooks run.")
    elif ok:
        out.insert(0, f"The learn plugin for Claude Code in {root / PLUGIN} is complete, but Claude Code will not run "
                      "its hooks:")
        out.extend(off)
    else:
        out.append("Run `learn install claude-code --plugin` (with --on-path for a team) to repair it.")
    ok = ok and not off
    if _in_settings(root):
        out.append("Note: learn's hooks are also in a Claude Code settings file; with the plugin enabled Claude Code "
                   "runs both. Remove one: `learn install claude-code --uninstall` (and --local or --user).")
    return ok, out
