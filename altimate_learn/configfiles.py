"""Which config files hold `learn` settings, in altimate-code's order (lowest precedence first).

altimate-code builds its configuration from many files (`packages/opencode/src/config/config.ts`,
`loadGlobal` and `loadInstanceState`; `paths.ts`). A `learn.enabled: false` in any of them must stop learn
too, so both readers (:mod:`altimate_learn.config` and the hook's :mod:`altimate_learn.deliver.settings`)
walk this one list:

1. user: `$XDG_CONFIG_HOME/altimate-code/` `config.json`, `opencode.json`, `opencode.jsonc`,
   `altimate-code.json`, `altimate-code.jsonc`;
2. `$ALTIMATE_CLI_CONFIG` (or `$OPENCODE_CONFIG`): one more file;
3. the project's own files, from the project root down to the current folder (the nearer wins):
   `altimate-code.json`, `altimate-code.jsonc`, `opencode.json`, `opencode.jsonc` in each folder.
   altimate-code reads `opencode.json(c)` there; learn reads `altimate-code.json(c)` too, below them;
4. the config folders `.altimate-code/` and `.opencode/` between the current folder and the project root,
   **nearest first**, so a parent folder's settings win over a subfolder's (altimate-code merges them in
   that order: the upstream issue anomalyco/opencode#21307), each with `altimate-code.json`,
   `altimate-code.jsonc`, `opencode.json`, `opencode.jsonc`;
5. `~/.altimate-code/` and `~/.opencode/` in the home folder, which come after the project's and so win;
6. `$ALTIMATE_CLI_CONFIG_DIR` (or `$OPENCODE_CONFIG_DIR`);
7. `$ALTIMATE_CLI_CONFIG_CONTENT` (or `$OPENCODE_CONFIG_CONTENT`): inline JSON;
then the `ALTIMATE_LEARN_*` variables. `$ALTIMATE_CLI_DISABLE_PROJECT_CONFIG` (or the `OPENCODE_` name)
drops 3 and 4. Not read: altimate-code's remote and managed (`/etc`) configs, and its `{env:…}` /
`{file:…}` substitutions (a `learn` value is a boolean, a number or a model name).

Stdlib `os` only: the hook path resolves settings on every call.
"""

from __future__ import annotations

import os

USER_NAMES = ("config.json", "opencode.json", "opencode.jsonc", "altimate-code.json", "altimate-code.jsonc")
FOLDER_NAMES = ("altimate-code.json", "altimate-code.jsonc", "opencode.json", "opencode.jsonc")
CONFIG_DIRS = (".altimate-code", ".opencode")
INLINE = "env:"  # a layer whose "path" is this prefix and a variable name holds its JSON in the environment

USER = "user config"
PROJECT = "project config"


def flag(env: dict, key: str) -> str | None:
    """altimate-code's `Flag.env`: the documented `ALTIMATE_CLI_*` name first, then `OPENCODE_*`."""
    alias = "ALTIMATE_CLI_" + key[len("OPENCODE_"):]
    value = env.get(alias)
    if value is not None and value != "":
        return value
    value = env.get(key)
    return value if value else None


def flag_name(env: dict, key: str) -> str:
    alias = "ALTIMATE_CLI_" + key[len("OPENCODE_"):]
    return alias if env.get(alias) else key


def user_config_dir(env: dict) -> str:
    base = env.get("XDG_CONFIG_HOME") or os.path.join(env.get("HOME") or os.path.expanduser("~"), ".config")
    return os.path.join(base, "altimate-code")


def _home(env: dict) -> str:
    return os.path.realpath(env.get("HOME") or os.path.expanduser("~"))


def folders(root: str, cwd: str) -> list[str]:
    """The project root and each folder down to ``cwd`` (root first); just the root when ``cwd`` is outside."""
    root = os.path.realpath(root)
    cwd = os.path.realpath(cwd)
    out = [root]
    rel = os.path.relpath(cwd, root)
    if rel != "." and not rel.startswith(".."):
        here = root
        for part in rel.split(os.sep):
            here = os.path.join(here, part)
            out.append(here)
    return out


def layers(root: str | None, cwd: str, env: dict) -> list[tuple[str, str]]:
    """``(label, path)`` of every config file that may hold `learn` settings, lowest precedence first
    (``path`` may not exist; an inline layer's path is ``env:<VARIABLE>``)."""
    out = [(USER, os.path.join(user_config_dir(env), name)) for name in USER_NAMES]
    custom = flag(env, "OPENCODE_CONFIG")
    if custom:
        out.append(("custom config", custom))
    chain = folders(root, cwd) if root is not None else []
    truthy = (flag(env, "OPENCODE_DISABLE_PROJECT_CONFIG") or "").lower() in ("1", "true")
    if chain and not truthy:
        for folder in chain:
            out += [(PROJECT, os.path.join(folder, name)) for name in FOLDER_NAMES]
        for folder in reversed(chain):  # nearest first: altimate-code lets a parent folder win
            for config_dir in CONFIG_DIRS:
                out += [(PROJECT, os.path.join(folder, config_dir, name)) for name in FOLDER_NAMES]
    home = _home(env)
    if home not in chain or truthy:
        for config_dir in CONFIG_DIRS:
            out += [(USER, os.path.join(home, config_dir, name)) for name in FOLDER_NAMES]
    custom_dir = flag(env, "OPENCODE_CONFIG_DIR")
    if custom_dir:
        out += [("config folder", os.path.join(custom_dir, name)) for name in FOLDER_NAMES]
    if flag(env, "OPENCODE_CONFIG_CONTENT"):
        out.append(("inline config", INLINE + flag_name(env, "OPENCODE_CONFIG_CONTENT")))
    return out


def read_layer(path: str, env: dict) -> str | None:
    """A layer's text, or None when it does not exist. Raises OSError/UnicodeDecodeError when unreadable."""
    if path.startswith(INLINE):
        return env.get(path[len(INLINE):])
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return None


def write_candidates(root: str, cwd: str) -> list[str]:
    """Where `learn enable` writes, highest precedence first (altimate-code's `writeProjectLearning`): the
    project files that exist win in this order; with none, the root's `.altimate-code/altimate-code.json`."""
    chain = folders(root, cwd)
    out: list[str] = []
    for folder in chain:  # root first: the parent's config folder wins
        for config_dir in reversed(CONFIG_DIRS):
            out += [os.path.join(folder, config_dir, name) for name in reversed(FOLDER_NAMES)]
    for folder in reversed(chain):  # then the files beside the code, nearest first
        out += [os.path.join(folder, name) for name in ("opencode.jsonc", "opencode.json")]
    for folder in reversed(chain):
        out += [os.path.join(folder, name) for name in ("altimate-code.jsonc", "altimate-code.json")]
    return out
