"""Settings: the `learn` object of altimate-code's config files, overridden by `ALTIMATE_LEARN_*`.

Precedence, lowest first: built-in defaults, then every config file altimate-code reads, in its order
(:mod:`altimate_learn.configfiles`: the user config folder, the project's `opencode.json(c)` and
`altimate-code.json(c)`, its `.altimate-code/` and `.opencode/` folders, `~/.altimate-code/`, and the
`ALTIMATE_CLI_CONFIG*` / `OPENCODE_CONFIG*` variables), then environment variables. Files may be JSON or
JSONC (comments, trailing commas). Environment variables override in both directions:
`ALTIMATE_LEARN_CAPTURE=0` turns capture off even if a config turns it on.

Only the standard library is imported here: the hook path loads settings on every call.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from altimate_learn.jsonsafe import loads_document
from altimate_learn.errors import ConfigError

CONFIG_NAME = "altimate-code.json"
PROJECT_CONFIG = Path(".altimate-code") / CONFIG_NAME


@dataclass(frozen=True)
class Key:
    name: str
    kind: str  # "bool", "int", "str", "list", "object"
    default: Any
    env: str | None
    minimum: int = 0
    help: str = ""
    narrow: bool = False  # a project config may only turn it off (bool) or narrow it (list), never widen it
    choices: tuple[str, ...] = ()  # allowed items of a list
    user_only: bool = False  # read only from the user's own config: a project config setting it is ignored


KEYS: dict[str, Key] = {k.name: k for k in (
    Key("enabled", "bool", True, "ALTIMATE_LEARN", help="master switch for delivery, capture and automatic reflection"),
    Key("capture", "bool", False, "ALTIMATE_LEARN_CAPTURE", help="record signals from sessions"),
    Key("auto_reflect", "bool", False, "ALTIMATE_LEARN_AUTO",
        help="reflect on open signals automatically (needs capture)"),
    Key("model", "str", None, "ALTIMATE_LEARN_MODEL",
        help="for reflection: `provider/model`, an agent CLI (`claude-code`, `codex`, `gemini-cli`, `opencode`, "
        "optionally `/<model>`), `agent`, or `builtin`"),
    Key("core_lessons", "int", 15, "ALTIMATE_LEARN_CORE_LESSONS", help="core lessons at session start (not set, in a store of more than session_max_lessons lessons: at most a quarter of session_max_lessons, 10, unless more are pinned, and its unpinned lessons with path triggers come with the first file of their scope instead; a value set, 15 too, is taken as set)"),
    Key("retrieved_lessons", "int", 15, "ALTIMATE_LEARN_RETRIEVED_LESSONS", help="retrieved lessons at the first request (at most what leaves one file's file_lessons within 7/10 of session_max_lessons after the core tier: 13 at the defaults)"),
    Key("request_lessons", "int", 5, "ALTIMATE_LEARN_REQUEST_LESSONS",
        help="lessons added per later message (0 disables)"),
    Key("file_hook", "bool", True, "ALTIMATE_LEARN_FILE_HOOK", help="add lessons for files the agent reads or edits"),
    Key("file_lessons", "int", 5, "ALTIMATE_LEARN_FILE_LESSONS", help="lessons added per file event (0 disables)"),
    Key("budget_tokens", "int", 1500, "ALTIMATE_LEARN_BUDGET_TOKENS", help="token budget of the session start: its section, the first request's lessons and the learner's notes the hook adds (at most half of it when the lessons need the rest)"),
    Key("session_max_lessons", "int", 40, "ALTIMATE_LEARN_SESSION_MAX_LESSONS",
        help="distinct lessons shown per session"),
    Key("max_stored", "int", 1000, "ALTIMATE_LEARN_MAX_STORED", minimum=1,
        help="maximum stored lessons; pinned lessons are kept"),
    Key("max_in_force", "int", 40, "ALTIMATE_LEARN_MAX_IN_FORCE", minimum=1,
        help="lessons in force (delivered); a new lesson past it must fold or trade, or waits outside the cap"),
    Key("recovery_max_reflections", "int", 3, "ALTIMATE_LEARN_RECOVERY_MAX_REFLECTIONS",
        help="reflections on leftover signals per process"),
    Key("recovery_max_seconds", "int", 300, "ALTIMATE_LEARN_RECOVERY_MAX_SECONDS", help="time budget for recovery"),
    Key("auto_reflect_daily_max", "int", 8, "ALTIMATE_LEARN_AUTO_REFLECT_DAILY_MAX",
        help="automatic reflections with a model per project and local day (0: none)"),
    Key("review_bots", "list", [], None, help="extra bot logins that import-reviews excludes"),
    Key("providers", "object", {}, None, user_only=True,
        help="model providers: {name: {type: openai|anthropic, base_url, api_key_env}}"),
    Key("continual_learning", "bool", True, "ALTIMATE_LEARN_CONTINUAL_LEARNING", narrow=True,
        help="the continual learner reads every exchange (needs capture, so it starts with `learn enable`)"),
    Key("learning_targets", "list", ["review"], None, narrow=True, choices=("review", "project", "local", "global"),
        help="where the learner writes: review (candidate.json), project, local, global (instruction files)"),
)}

TRUE_WORDS = ("1", "true")
FALSE_WORDS = ("0", "false")


def parse_bool_env(value: str) -> bool | None:
    lowered = value.strip().lower()
    if lowered in TRUE_WORDS:
        return True
    if lowered in FALSE_WORDS:
        return False
    return None


def user_config_path(env: dict[str, str] | None = None) -> Path:
    """The user config file learn would name in a hint (altimate-code's first choice)."""
    from altimate_learn.configfiles import user_config_dir

    return Path(user_config_dir(dict(os.environ) if env is None else env)) / CONFIG_NAME


# What the hooks do with a config file that cannot be read (load_settings, lenient), said by every command
MEANWHILE = " Until then the hooks deliver lessons without it (its git HEAD version if committed) and capture nothing."


def load_config_file(path: Path, env: dict[str, str] | None = None) -> dict[str, Any]:
    """The `learn` object of a config file, or of an inline layer (`env:VARIABLE`); {} when it has none."""
    from altimate_learn.configfiles import read_layer

    try:
        raw = read_layer(str(path), dict(os.environ) if env is None else env)
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot be read ({exc}).", "Fix its permissions or contents." + MEANWHILE) from None
    if raw is None or not raw.strip():
        return {}
    try:
        data = loads_document(raw)
    except json.JSONDecodeError as exc:
        try:
            data = loads_document(strip_jsonc(raw))
        except json.JSONDecodeError:
            from altimate_learn.store.fsio import has_conflict_markers

            if has_conflict_markers(raw.encode("utf-8", "replace")):  # said as store files say it (review13 R13-32)
                raise ConfigError(f"{path} has git conflict markers (a merge that is not finished).",
                                  "Finish the merge of that file (keep one side's settings, remove the markers), "
                                  "then `git add` it." + MEANWHILE) from None
            raise ConfigError(
                f"{path}: malformed JSON ({exc.msg.removesuffix(' at')} at line {exc.lineno} column {exc.colno}).",
                "Fix the file; it must be a JSON object." + MEANWHILE) from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: expected a JSON object at the top level.", "Fix the file." + MEANWHILE)
    learn = data.get("learn", {})
    if learn is None:
        return {}
    if not isinstance(learn, dict):
        raise ConfigError(f"{path}: key 'learn' must be an object.",
                          'Example: {"learn": {"capture": true}}.' + MEANWHILE)
    return learn


def strip_jsonc(text: str) -> str:
    """Remove // and /* */ comments and trailing commas, outside strings (they become blanks: :func:`blank_jsonc`)."""
    return blank_jsonc(text)


def blank_jsonc(text: str) -> str:
    """``text`` with its comments (``//`` and ``/* */`` outside strings) and trailing commas blanked, every other
    character where it was: the same length, so a span found in it is the same span of ``text`` (`learn install`
    edits a JSONC settings file around its comments this way). Line ends inside a comment are kept; a comma or a
    comment inside a string stays (``"echo a, }"``)."""
    if "/" not in text and "," not in text:
        return text
    out = list(text)
    i, n = 0, len(text)
    commas = []
    while i < n:
        if text[i] == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            continue
        if text[i] == ",":
            commas.append(i)
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
        else:
            i += 1
            continue
        for k in range(i, end):
            if out[k] not in "\r\n":
                out[k] = " "
        i = end
    blank = "".join(out)
    for comma in commas:  # a comma that only whitespace and comments part from `}` or `]`
        after = comma + 1
        while after < n and blank[after] in " \t\r\n":
            after += 1
        if after < n and blank[after] in "}]":
            out[comma] = " "
    return "".join(out)


def _allowed(key: Key) -> str:
    if key.kind == "bool":
        return "true or false"
    if key.kind == "int":
        return f"an integer >= {key.minimum}"
    if key.kind == "str":
        return "a string such as \"provider/model\""
    if key.kind == "list":
        return f"a list of: {', '.join(key.choices)}" if key.choices else "a list of strings"
    return "an object"


def check_value(key: Key, value: Any, where: str) -> Any:
    ok = False
    if key.kind == "bool":
        ok = isinstance(value, bool)
    elif key.kind == "int":
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= key.minimum
    elif key.kind == "str":
        ok = value is None or (isinstance(value, str) and bool(value.strip()))
    elif key.kind == "list":
        ok = isinstance(value, list) and all(isinstance(v, str) and (not key.choices or v in key.choices)
                                             for v in value)
    elif key.kind == "object":
        ok = isinstance(value, dict) and all(isinstance(v, dict) for v in value.values())
    if not ok:
        raise ConfigError(f"{where}: learn.{key.name} = {json.dumps(value)} is invalid; allowed: {_allowed(key)}.")
    return value


def parse_env_value(key: Key, raw: str) -> Any:
    where = f"environment variable {key.env}"
    if key.kind == "bool":
        value = parse_bool_env(raw)
        if value is None:
            raise ConfigError(f"{where}={raw!r} is invalid; allowed: 1, true, 0, false (any case).")
        return value
    if key.kind == "int":
        text = raw.strip()
        if not text.lstrip("-").isdigit():
            raise ConfigError(f"{where}={raw!r} is invalid; allowed: {_allowed(key)}.")
        value = int(text)
        if value < key.minimum:
            raise ConfigError(f"{where}={raw!r} is invalid; allowed: {_allowed(key)}.")
        return value
    if key.kind == "str":
        return raw.strip() or None
    raise ConfigError(f"{where} is not supported.")  # pragma: no cover


@dataclass
class Settings:
    """Resolved settings and where each value came from."""

    values: dict[str, Any]
    sources: dict[str, str]
    files: list[Path] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)  # lenient only: config files passed over, and how
    invalid: list[str] = field(default_factory=list)  # lenient only: invalid values passed over (also in unknown)

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["values"][name]
        except KeyError:
            raise AttributeError(name) from None

    @property
    def capture_on(self) -> bool:
        """Capture is effective only with the master switch on."""
        return bool(self.values["enabled"] and self.values["capture"])

    @property
    def learner_on(self) -> bool:
        """The continual learner runs on its own only with automatic reflection on (`learn enable`): it is
        automatic reflection, folded into one scheduler."""
        return bool(self.auto_reflect_on and self.values["continual_learning"])

    @property
    def auto_reflect_on(self) -> bool:
        """Automatic reflection needs capture."""
        return bool(self.capture_on and self.values["auto_reflect"])


def user_only_warning(path: Path, name: str, env: dict[str, str]) -> str:
    """Why a project config's ``learn.<name>`` is passed over (a key only the user's own config may set)."""
    return (f"{path}: learn.{name} is ignored: a project config cannot define model providers (a cloned repository "
            "must not choose where your API key is sent). Define them in your user config "
            f"{user_config_path(env)}; a project may still name one of them (or a built-in one) in learn.model.")


def _narrowed(key: Key, current: Any, wanted: Any) -> Any:
    """What a project config may make of a narrow-only key: off, or a subset of what is allowed already."""
    if key.kind == "bool":
        return bool(current and wanted)
    return [item for item in dict.fromkeys(wanted) if item in current]


def load_settings(root: Path | None = None, cwd: Path | None = None,
                  env: dict[str, str] | None = None, *, lenient: bool = False) -> Settings:
    """Resolve every key (see module docstring). Raises :class:`ConfigError` on any invalid value.

    ``lenient`` (the hooks): an invalid value is passed over with a warning in ``unknown`` instead, so one bad
    setting does not stop every lesson from reaching every session (review9 R9-4f). A switch (a bool key) with
    an invalid value reads as off, the side a person who tried to write one most likely meant to be safe on;
    any other key keeps the value below it (the default, or a lower config layer). Commands stay strict: they
    say what is wrong."""
    env = dict(os.environ) if env is None else env
    values = {name: key.default for name, key in KEYS.items()}
    sources = {name: "default" for name in KEYS}
    files: list[Path] = []
    unknown: list[str] = []
    unreadable: list[str] = []
    invalid: list[str] = []
    broken: list[Path] = []
    from altimate_learn.configfiles import INLINE, layers as config_layers

    here = str((cwd or Path.cwd()).resolve())
    for label, where in config_layers(str(root) if root is not None else None, here, env):
        path = Path(where)
        if not where.startswith(INLINE) and not path.is_file():
            continue
        try:
            learn = load_config_file(path, env)
        except ConfigError as exc:
            if not lenient:
                raise
            learn = _committed_learn(path, env)
            broken.append(path)
            unreadable.append(f"{exc.message} " + (
                "Meanwhile the hooks use its committed version (git HEAD)" if learn is not None else
                "Meanwhile the hooks pass it over (the settings below it hold)")
                + "; capture stays off until it is fixed (`learn status` names the problem).")
            if learn is None:
                continue
        files.append(path)
        for name, value in learn.items():
            key = KEYS.get(name)
            if key is None:
                unknown.append(f"{path}: unknown key learn.{name} (known: {', '.join(KEYS)})")
                continue
            if key.user_only and label == "project config":
                unknown.append(user_only_warning(path, name, env))
                continue
            try:
                value = check_value(key, value, str(path))
            except ConfigError as exc:
                if not lenient:
                    raise
                value = False if key.kind == "bool" else values[name]
                unknown.append(f"{exc.message} Using {json.dumps(value)}.")
                invalid.append(unknown[-1])
                if key.kind != "bool":  # passed over: the value and where it comes from stay those below it
                    continue
            if key.narrow and label == "project config":
                narrowed = _narrowed(key, values[name], value)
                if narrowed != value:
                    unknown.append(f"{path}: learn.{name} = {json.dumps(value)} cannot widen "
                                   f"{json.dumps(values[name])} (a project config can only turn learning off or "
                                   f"narrow its targets); using {json.dumps(narrowed)}")
                value = narrowed
            values[name] = value
            sources[name] = f"{label} {path}"
    if broken:  # what the unreadable file says about the switches that write is unknown: the safe side is off
        for name in ("capture", "auto_reflect"):
            values[name] = False
            sources[name] = f"unreadable config {broken[-1]}"
    for name, key in KEYS.items():
        if key.env and key.env in env and env[key.env].strip() != "":
            try:
                values[name] = parse_env_value(key, env[key.env])
            except ConfigError as exc:
                if not lenient:
                    raise
                values[name] = False if key.kind == "bool" else values[name]
                unknown.append(f"{exc.message} Using {json.dumps(values[name])}.")
                invalid.append(unknown[-1])
                continue
            sources[name] = f"env {key.env}"
    return Settings(values, sources, files, unknown, unreadable, invalid)


def _committed_learn(path: Path, env: dict[str, str]) -> dict[str, Any] | None:
    """The `learn` object of ``path`` as git `HEAD` has it (the hooks' stand-in while the file in the work tree
    cannot be read: a broken edit, an unfinished merge); None when it is not committed or not readable there."""
    import subprocess

    if str(path).startswith("env:"):
        return None
    try:
        proc = subprocess.run(["git", "show", f"HEAD:./{path.name}"], cwd=str(path.parent), capture_output=True,
                              timeout=5, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None
    if proc.returncode != 0 or not proc.stdout.strip():
        return None
    try:
        data = loads_document(strip_jsonc(proc.stdout.decode("utf-8")))
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        return None
    learn = data.get("learn", {}) if isinstance(data, dict) else None
    return learn if isinstance(learn, dict) else ({} if learn is None and isinstance(data, dict) else None)


def project_config_target(root: Path, cwd: Path | None = None) -> Path:
    """The project config file :func:`write_project_keys` writes: the highest-precedence existing one, else
    `.altimate-code/altimate-code.json`."""
    from altimate_learn.configfiles import write_candidates

    existing = [Path(p) for p in write_candidates(str(root), str((cwd or Path.cwd()).resolve())) if Path(p).is_file()]
    return existing[0] if existing else root / PROJECT_CONFIG


def write_project_keys(root: Path, updates: dict[str, Any], cwd: Path | None = None) -> Path:
    """Set ``learn.<key>`` values in the highest-precedence existing project config file, chosen as
    altimate-code's `learn enable` chooses it (:func:`altimate_learn.configfiles.write_candidates`), or in
    `.altimate-code/altimate-code.json` when the project has none.

    The file keeps its other content and key order. A file with comments (JSONC) is not rewritten,
    because rewriting would drop them.
    """
    from altimate_learn.store.fsio import atomic_write

    path = project_config_target(root, cwd)
    data: dict[str, Any] = {}
    if path.exists():
        raw = path.read_text(encoding="utf-8")
        if raw.strip():
            try:
                data = loads_document(raw)
            except json.JSONDecodeError as exc:
                try:
                    loads_document(strip_jsonc(raw))
                except json.JSONDecodeError:
                    raise ConfigError(
                        f"{path}: malformed JSON ({exc.msg.removesuffix(' at')} at line {exc.lineno} column {exc.colno}).",
                        "Fix the file, then run the command again.") from None
                keys = ", ".join(f'"{k}": {json.dumps(v)}' for k, v in updates.items())
                raise ConfigError(f"{path} has comments, which learn will not rewrite.",
                                  f'Add {{{keys}}} under "learn" by hand.') from None
        if not isinstance(data, dict):
            raise ConfigError(f"{path}: expected a JSON object at the top level.", "Fix the file.")
    learn = data.get("learn")
    if learn is None:
        learn = {}
    elif not isinstance(learn, dict):  # every reader refuses it; replacing it would lose what was written there
        raise ConfigError(f"{path}: key 'learn' must be an object.",
                          'Example: {"learn": {"capture": true}}. Fix the file, then run the command again.')
    learn.update(updates)
    data["learn"] = learn
    atomic_write(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    return path
