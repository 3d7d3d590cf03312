"""Settings for the hook path: the same values as :func:`altimate_learn.config.load_settings`, faster.

`config.py` builds its key table with dataclasses, which costs more to import than the whole delivery
budget of a hook call allows. This reader resolves the same layers in the same order (every config file
altimate-code reads, listed by :mod:`altimate_learn.configfiles`, then `ALTIMATE_LEARN_*` variables) for
plain JSON files and well-formed values. Anything it is not sure about (a file with comments, a value
of the wrong type, an unparseable variable) is handed to ``load_settings`` itself, so both always agree,
and a bad value raises the same :class:`~altimate_learn.errors.ConfigError`. A test checks the two
against each other.
"""

from __future__ import annotations

import os

from altimate_learn.configfiles import PROJECT, layers, read_layer
from altimate_learn.deliver import fastjson

# name → (kind, default, env var); mirrors config.KEYS for the keys delivery and capture use.
KEYS = {
    "enabled": ("bool", True, "ALTIMATE_LEARN"),
    "capture": ("bool", False, "ALTIMATE_LEARN_CAPTURE"),
    "auto_reflect": ("bool", False, "ALTIMATE_LEARN_AUTO"),
    "core_lessons": ("int", 15, "ALTIMATE_LEARN_CORE_LESSONS"),
    "retrieved_lessons": ("int", 15, "ALTIMATE_LEARN_RETRIEVED_LESSONS"),
    "request_lessons": ("int", 5, "ALTIMATE_LEARN_REQUEST_LESSONS"),
    "file_hook": ("bool", True, "ALTIMATE_LEARN_FILE_HOOK"),
    "file_lessons": ("int", 5, "ALTIMATE_LEARN_FILE_LESSONS"),
    "budget_tokens": ("int", 1500, "ALTIMATE_LEARN_BUDGET_TOKENS"),
    "session_max_lessons": ("int", 40, "ALTIMATE_LEARN_SESSION_MAX_LESSONS"),
    "continual_learning": ("bool", True, "ALTIMATE_LEARN_CONTINUAL_LEARNING"),
}
NARROW = ("continual_learning",)  # a project config may turn these off, never on (config.Key.narrow)
EXPLICIT = "explicit"  # the entry of delivery_settings' dict naming the keys a config file or variable set


class _Unsure(Exception):
    pass


def env_disabled(env: dict | None = None) -> bool:
    """ALTIMATE_LEARN=0/false: the kill switch, checked before anything is read."""
    env = os.environ if env is None else env
    return (env.get("ALTIMATE_LEARN") or "").strip().lower() in ("0", "false")


def _valid(kind: str, value: object) -> bool:
    if kind == "bool":
        return isinstance(value, bool)
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _fast(root: str | None, cwd: str, env: dict) -> dict:
    values = {name: spec[1] for name, spec in KEYS.items()}
    explicit: set[str] = set()
    for label, path in layers(root, cwd, env):
        try:
            raw = read_layer(path, env)
        except (OSError, UnicodeDecodeError):
            raise _Unsure
        if raw is None or not raw.strip():
            continue
        try:
            data = fastjson.loads(raw)
        except ValueError:
            raise _Unsure  # comments, or broken: load_settings decides
        if not isinstance(data, dict):
            raise _Unsure
        learn = data.get("learn", {})
        if learn is None:
            continue
        if not isinstance(learn, dict):
            raise _Unsure
        for name, value in learn.items():
            spec = KEYS.get(name)
            if spec is None:
                continue  # other keys are validated by load_settings when it runs
            if not _valid(spec[0], value):
                raise _Unsure
            values[name] = bool(values[name] and value) if label == PROJECT and name in NARROW else value
            explicit.add(name)
    for name, (kind, _, var) in KEYS.items():
        raw_env = env.get(var)
        if raw_env is None or raw_env.strip() == "":
            continue
        text = raw_env.strip().lower()
        if kind == "bool":
            if text in ("1", "true"):
                values[name] = True
            elif text in ("0", "false"):
                values[name] = False
            else:
                raise _Unsure
        else:
            if not (text.isascii() and text.isdigit()):
                raise _Unsure
            values[name] = int(text)
        explicit.add(name)
    values[EXPLICIT] = frozenset(explicit)
    return values


def delivery_settings(root: str | None, cwd: str, env: dict | None = None, warn=None) -> dict:
    """``{key: value}`` for :data:`KEYS`, and under :data:`EXPLICIT` the keys a config file or variable set (a
    value a person wrote is their word even when it equals the default: `learn.core_lessons`). Lenient, as the hooks need it: an invalid value of one key is passed
    over (:func:`altimate_learn.config.load_settings`), so a typo in an unrelated setting does not stop delivery;
    so is a config file that cannot be read (a broken edit, conflict markers): its git `HEAD` version stands in,
    else it is skipped, and capture is off meanwhile. `learn status` and every command still name it."""
    env = dict(os.environ) if env is None else env
    try:
        return _fast(root, cwd, env)
    except _Unsure:
        from pathlib import Path

        from altimate_learn.config import load_settings

        resolved = load_settings(Path(root) if root else None, Path(cwd), env, lenient=True)
        if warn is not None:  # the hook log says which value or file was passed over
            for line in resolved.unreadable:
                warn(f"config file cannot be read: {line}")
            for line in resolved.unknown:
                if "is invalid" in line:
                    warn(f"setting passed over: {line}")
        values = {name: resolved.values[name] for name in KEYS}
        values[EXPLICIT] = frozenset(name for name in KEYS if resolved.sources[name] != "default")
        return values


def is_set(values: dict, name: str) -> bool:
    """Whether a config file or variable set ``name`` (a dict without :data:`EXPLICIT`, built in code: no)."""
    return name in values.get(EXPLICIT, ())


def capture_on(values: dict) -> bool:
    return bool(values["enabled"] and values["capture"])


def learner_on(values: dict) -> bool:
    """The continual learner starts on its own (config.Settings.learner_on)."""
    return bool(auto_reflect_on(values) and values["continual_learning"])


def auto_reflect_on(values: dict) -> bool:
    return bool(capture_on(values) and values["auto_reflect"])
