"""Shell commands of failing tool calls: which later call did the same thing another way, and what a lesson
from the pair can say.

An agent that ran ``pytest`` three times (ModuleNotFoundError) and then ``python -m pytest`` learned something
worth a lesson: "Run `python -m pytest` instead of `pytest` here". One that ran ``pytestx`` three times and then
``python3 -c 'print(1)'``, or edited a file in between, learned nothing a rule can say. This module holds the
tests that tell them apart, shared by the tool_retry capture (:mod:`altimate_learn.capture.tool_retry`, on the
hook path: stdlib only, nothing imported until used), the tool-errors channel
(:mod:`altimate_learn.gates.tool_errors`), the learner's digest and the built-in reflector.

- **A shell command**: a tool input's ``command`` or ``cmd`` on one line (Claude Code's and Codex's `Bash`,
  Codex's rollout `exec_command` / `shell`, opencode's `bash`, Gemini's `run_shell_command`); an argv list
  (``["bash", "-lc", "pytest -q"]``) stands for its script. A multi-line script or a patch is not one.
- **The same intent**: the same tool, no file written in between (then the edit may be what fixed it), and the
  later command holds the *anchor* of the failed one: the last plain word of its main step (the last step of an
  ``&&`` chain that is not a ``cd`` / ``export``, the first command of a pipe), version digits folded
  (``python3`` is ``python``); a program run by its path is its file name (``.venv/bin/pytest`` is ``pytest``,
  ``./node_modules/.bin/jest`` is ``jest``). ``pytest -q`` -> ``python -m pytest -q``: yes (``pytest``); ``npm test``
  -> ``pnpm test``: yes (``test``); ``git status`` -> ``git log``: no; ``cat a.txt`` -> ``cat b.txt``: no. Or the
  later command runs the failed one's *program* (its first plain word past a runner such as ``python -m``, ``uv
  run``, ``npx`` or ``bundle exec``) another way (another runner or path before it) with fewer arguments, each
  one the failed one had: ``pytest -q tests`` -> ``python -m pytest -q`` is the same test run another way without
  its folder argument (``git status`` -> ``git log`` still is not, nor ``git status`` -> ``git``, nor ``pytest
  tests`` -> ``pytest tests/unit``). Run the same way on another file is a new command, not the failed one fixed:
  ``pytest tests/test_a.py`` -> ``pytest tests/test_b.py``: no. A program that only looks around (``ls``, ``cat``, ``find``, ``grep``, …:
  :data:`LOOK_AROUND`) is never what worked for another program: ``ls tests`` after ``pytest -q tests``.
- **What a lesson can say** (:func:`forms`): the part of the two commands that differs, from the start of its
  step through the first word they share after it: ``pytest`` / ``python -m pytest``, ``npm install`` /
  ``npm install --legacy-peer-deps``. Nothing when only values changed (paths, quoted text, numbers: another file,
  not another way), when the change is a transposed typo, or when a form runs past :data:`FORM_CAP`.
"""

from __future__ import annotations

import re

COMMAND_KEYS = ("command", "cmd")
COMMAND_CAP = 200  # characters of a command kept in a signal
FORM_CAP = 60  # characters of either form a lesson quotes
REASON_CAP = 60
_SHELLS = {"bash", "sh", "zsh", "dash", "ksh", "fish", "pwsh", "powershell", "cmd", "cmd.exe"}
_SETUP = {"cd", "pushd", "popd", "export", "source", ".", "set", "unset", "true", ":", "echo", "sleep"}
_TOKEN = re.compile(r"""&&|\|\||[|;&]|(?:[^\s'"|;&]+|'[^']*'|"(?:\\.|[^"\\])*")+""")
_STEP_BREAKS = {"&&", "||", ";", "&"}
_WORD = re.compile(r"[A-Za-z_][\w.+:@-]*")
_ASSIGNMENT = re.compile(r"[A-Za-z_]\w*=")
_REDIRECT = re.compile(r"\d*[<>]")
_NUMBER = re.compile(r"[\d.,:]+")
_VERSION = re.compile(r"(?<=[A-Za-z])[\d.]+$")


def shell_command(tool_input: object) -> str | None:
    """The one-line shell command of a tool input, or None (see the module docstring)."""
    if not isinstance(tool_input, dict):
        return None
    for key in COMMAND_KEYS:
        value = tool_input.get(key)
        if isinstance(value, list) and value and all(isinstance(part, str) for part in value):
            shell = value[0].replace("\\", "/").rsplit("/", 1)[-1].lower()
            value = value[-1] if len(value) >= 3 and shell in _SHELLS and value[-2] in ("-c", "-lc", "-ic") \
                else " ".join(value)
        if isinstance(value, str):
            text = value.strip()
            if not text or "\n" in text or "\r" in text or text.startswith("*** Begin Patch"):
                return None
            return text
    return None


def tokens(command: str) -> list[str]:
    return _TOKEN.findall(command)


def _is_word(token: str) -> bool:
    return bool(_WORD.fullmatch(token)) and "/" not in token


_FILE = re.compile(r"[\w.@+-]*[\w-]\.[A-Za-z][A-Za-z0-9]{0,5}")  # `a.txt`, `settings.py`, `.env.local`


def _is_value(token: str) -> bool:
    """A token that names a thing rather than a way of doing it: a path, a file name, quoted text, a number."""
    return ("/" in token or "\\" in token or token[:1] in ("'", '"') or bool(_NUMBER.fullmatch(token))
            or token.startswith("~") or (not token.startswith("-") and bool(_FILE.fullmatch(token))))


def _norm(word: str) -> str:
    bare = _VERSION.sub("", word.lower())
    return bare if len(bare) >= 2 else word.lower()


def _steps(parts: list[str]) -> list[list[str]]:
    steps: list[list[str]] = [[]]
    for token in parts:
        if token in _STEP_BREAKS:
            steps.append([])
        else:
            steps[-1].append(token)
    return [step for step in steps if step]


def _program_name(token: str) -> str | None:
    """The file name of a program run by its path (``.venv/bin/pytest`` -> ``pytest``), or None."""
    if token.startswith("-") or token[:1] in ("'", '"') or not ("/" in token or "\\" in token):
        return None
    name = re.split(r"[/\\]", token)[-1]
    if name.lower().endswith(".exe"):
        name = name[:-4]
    return name if _WORD.fullmatch(name) else None


def _plain_words(step: list[str]) -> list[str]:
    words: list[str] = []
    for n, token in enumerate(step):
        if n == 0 or all(_ASSIGNMENT.match(t) for t in step[:n]):  # the program's place (past `VAR=x`)
            name = _program_name(token)
            if name is not None:
                if name.lower() not in _SHELLS:
                    words.append(_norm(name))
                continue
        if _is_word(token) and not _ASSIGNMENT.match(token) and not _REDIRECT.match(token) \
                and not token.startswith("-") and token.lower() not in _SHELLS:
            words.append(_norm(token))
    return words


def _token_word(token: str) -> str | None:
    """A token as :func:`_plain_words` reads it (a plain word, or a program's file name), or None."""
    if _is_word(token) and not token.startswith("-"):
        return _norm(token)
    name = _program_name(token)
    return _norm(name) if name is not None else None


def _main_step(command: str) -> list[str]:
    """The tokens of the main step (see the module docstring), up to its first pipe."""
    main: list[str] = []
    for step in _steps(tokens(command)):
        step = step[: step.index("|")] if "|" in step else step
        words = _plain_words(step)
        if words and words[0] not in _SETUP:
            main = step
    return main


def main_words(command: str) -> list[str]:
    """The plain words of the command's main step (see the module docstring)."""
    return _plain_words(_main_step(command))


def anchor(command: str) -> str | None:
    """The last plain word of the main step, or None when it has none."""
    words = main_words(command)
    return words[-1] if words else None


def all_words(command: str) -> set[str]:
    return {w for step in _steps(tokens(command)) for w in _plain_words(step)}


# Words that run another program named after them (`python -m pytest`, `uv run pytest`, `npx jest`, `bundle exec
# rspec`): the program is the first main word past them.
RUNNERS = frozenset({"python", "py", "node", "npx", "bunx", "uvx", "pipx", "uv", "poetry", "pipenv", "pdm", "hatch",
                     "rye", "bundle", "exec", "run", "dlx", "env", "sudo", "time", "nohup"})


def _program_parts(command: str) -> tuple[str, list[str], list[str]] | None:
    """(the main step's program, its tokens through the program, the arguments after it that are not options)."""
    step = _main_step(command)
    for n, token in enumerate(step):
        word = _token_word(token) if not _ASSIGNMENT.match(token) else None
        if word is not None and word not in RUNNERS and word not in _SHELLS:
            return word, step[: n + 1], [t for t in step[n + 1:] if not t.startswith("-") and not _REDIRECT.match(t)]
    return None


def program(command: str) -> tuple[str, list[str]] | None:
    """(the program of the main step, the arguments after it that are not options), or None (the module
    docstring): ``python -m pytest -q tests`` -> (``pytest``, [``tests``])."""
    parts = _program_parts(command)
    return (parts[0], parts[2]) if parts else None


def _same_run(failed: str, worked: str) -> bool:
    """``worked`` runs ``failed``'s program another way (``python -m``, a runner, another path) with fewer
    arguments, each one ``failed`` had (a folder left out)."""
    ran, later = _program_parts(failed), _program_parts(worked)
    if ran is None or later is None or not same_word(ran[0], later[0]) or ran[1] == later[1]:
        return False
    return len(later[2]) < len(ran[2]) and all(arg in ran[2] for arg in later[2])


MIN_STEM = 3  # letters two words must share at their start to count as one program (`pytestx`, `pytest`)


def same_word(a: str, b: str) -> bool:
    """Whether two normalised words name the same thing: equal, or one starts with the other and the shorter has
    :data:`MIN_STEM` letters or more (``pytestx`` / ``pytest``, ``node`` / ``nodejs``, ``bat`` / ``batcat``)."""
    if a == b:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= MIN_STEM and long_.startswith(short)


# Programs that look around (list, show, search) rather than do what a failed command tried: `ls tests` after
# `pytest -q tests` failed holds its folder word but ran no test (review42 R42-8).
LOOK_AROUND = frozenset({"ls", "ll", "la", "dir", "cat", "bat", "less", "more", "head", "tail", "find", "fd", "grep",
                         "egrep", "rg", "ag", "ack", "tree", "wc", "du", "df", "stat", "file", "which", "whereis",
                         "type", "echo", "printf", "pwd", "printenv", "env", "diff", "sed", "awk", "sort", "uniq",
                         "cut", "jq", "realpath", "readlink", "basename", "dirname", "xxd", "od", "nl", "test"})


def related(failed: str, worked: str) -> bool:
    """Whether ``worked`` does what ``failed`` tried, another way (the module docstring): :func:`related_to_hashes`
    of ``failed``'s hashes, the one implementation the hook (which keeps no command text) and the rest share."""
    if failed.split() == worked.split():
        return False
    return related_to_hashes(anchor_hashes(failed), worked, program_hashes(failed))


def word_hash(word: str) -> str:
    """A word as the hook's state keeps it: hashed, so the state holds no command text."""
    import hashlib

    return hashlib.sha256(word.encode("utf-8", "replace")).hexdigest()[:16]


_LOOK_HASHES = frozenset(word_hash(word) for word in LOOK_AROUND)
# An argument that names a file or a folder: a path (`tests/test_b.py`, `src/`) or a file name (`test_b.py`)
_FILE_ARGUMENT = re.compile(r"/|\.[A-Za-z][A-Za-z0-9]{0,5}$")
_RUNNER_HASHES = frozenset(word_hash(word) for word in RUNNERS)


def anchor_hashes(command: str) -> list[str]:
    """The hashes :func:`related_to_hashes` compares: the anchor's, then each of its starts of
    :data:`MIN_STEM` letters or more (what a shorter word that is the same program would be)."""
    word = anchor(command)
    return _word_hashes(word) if word else []


def _matches_hashes(hashes: list[str], word: str) -> bool:
    """:func:`same_word` of ``word`` and the word whose :func:`anchor_hashes`-style list ``hashes`` is."""
    full, starts = hashes[0], set(hashes[1:])
    if word_hash(word) == full or word_hash(word) in starts:  # the same word, or a shorter one it starts with
        return True
    return any(word_hash(word[:n]) == full for n in range(MIN_STEM, len(word)))  # a longer one that starts with it


def _word_hashes(word: str) -> list[str]:
    return [word_hash(word)] + [word_hash(word[:n]) for n in range(len(word) - 1, MIN_STEM - 1, -1)][:16]


def program_hashes(command: str) -> dict[str, list] | None:
    """:func:`program` hashed for the hook's state: {"program": its word's hashes, "way": the hash of the tokens
    through it, "after": each argument's}."""
    found = _program_parts(command)
    if found is None:
        return None
    return {"program": _word_hashes(found[0]), "way": word_hash(" ".join(found[1])),
            "after": [word_hash(arg) for arg in found[2]]}


def related_to_hashes(hashes: list[str], worked: str, ran: dict[str, list] | None = None) -> bool:
    """:func:`related` against the failed command's :func:`anchor_hashes` and :func:`program_hashes` (the hook
    keeps no command text)."""
    later = _program_parts(worked)
    if later is not None and later[0] in LOOK_AROUND and not (ran and ran.get("program")
                                                              and _matches_hashes(ran["program"], later[0])):
        return False  # a look-around (`ls tests`) is not the failed command done another way (R42-8)
    if hashes and hashes[0] in _RUNNER_HASHES and ran and ran.get("program") and later is not None \
            and not _matches_hashes(ran["program"], later[0]):
        return False  # another script run by the same runner
    if ran and ran.get("program") and later is not None and ran.get("way") == word_hash(" ".join(later[1])) \
            and any(_FILE_ARGUMENT.search(arg) and word_hash(arg) not in (ran.get("after") or []) for arg in later[2]):
        return False  # `pytest tests/test_a.py` -> `pytest tests/test_b.py`: run the same way on another file, a new
        # command, not the failed one fixed (review42 R42-8's residue)
    if ran and ran.get("program") and ran["program"][0] in _LOOK_HASHES:  # a look-around failed: only its options
        return (later is not None and _matches_hashes(ran["program"], later[0])  # may change
                and [word_hash(arg) for arg in later[2]] == [h for h in ran.get("after") or [] if isinstance(h, str)])
    if hashes and any(_matches_hashes(hashes, word) for word in all_words(worked)):
        return True
    if not ran or later is None or not ran.get("program") or ran.get("way") == word_hash(" ".join(later[1])):
        return False
    after = [h for h in ran.get("after") or [] if isinstance(h, str)]
    return (_matches_hashes(ran["program"], later[0]) and len(later[2]) < len(after)
            and all(word_hash(arg) in after for arg in later[2]))


def _typo(a: list[str], b: list[str]) -> bool:
    """Two one-token changes with the same letters in another order (``mian`` / ``main``)."""
    return len(a) == len(b) == 1 and a[0] != b[0] and sorted(a[0]) == sorted(b[0])


def forms(failed: str, worked: str) -> tuple[str, str] | None:
    """(what failed, what worked) as a lesson quotes them, or None (the module docstring)."""
    ft, wt = tokens(failed), tokens(worked)
    if ft == wt or not ft or not wt:
        return None
    at_f, at_w = _anchor_index(ft), _anchor_index(wt, anchor(failed))
    ran = program(failed)
    if at_w is None and ran is not None and _same_run(failed, worked):
        # the same program run without some of its words: what differs is how it is run
        at_f, at_w = _anchor_index(ft, ran[0]), _anchor_index(wt, ran[0])
    if at_f is not None and at_w is not None and ft[:at_f] != wt[:at_w]:
        # run another way (`pytest -q -x` -> `python -m pytest -q`): what differs is before the thing both run;
        # what the attempts changed after it (`-x`, `tests`) is the agent trying, not the fix
        ft, wt = ft[:at_f + 1], wt[:at_w + 1]
    return _changed(ft, wt)


def _anchor_index(parts: list[str], word: str | None = None) -> int | None:
    """The token index of the main step's anchor word (or of ``word``'s first plain occurrence)."""
    wanted = word
    if wanted is None:
        wanted = anchor(" ".join(parts))
        if wanted is None:
            return None
        found = None
        for n, token in enumerate(parts):  # the last occurrence in the main step: the anchor is its last word
            if _token_word(token) == wanted:
                found = n
        return found
    return next((n for n, token in enumerate(parts) if (word := _token_word(token)) is not None
                 and same_word(word, wanted)), None)


def _changed(ft: list[str], wt: list[str]) -> tuple[str, str] | None:
    if ft == wt:
        return None
    p = 0
    while p < min(len(ft), len(wt)) and ft[p] == wt[p]:
        p += 1
    s = 0
    while s < min(len(ft), len(wt)) - p and ft[-1 - s] == wt[-1 - s]:
        s += 1
    f_mid, w_mid = ft[p:len(ft) - s], wt[p:len(wt) - s]
    changed = f_mid + w_mid
    if not changed or all(_is_value(t) for t in changed) or _typo(f_mid, w_mid):
        return None
    start = p
    while start > 0 and ft[start - 1] not in _STEP_BREAKS and ft[start - 1] != "|":
        start -= 1
    extra = 0  # the common tail through its first plain word (the thing both run)
    tail = ft[len(ft) - s:]
    for n, token in enumerate(tail):
        if token in _STEP_BREAKS or token == "|":
            break
        if _is_word(token) and not token.startswith("-") and not _ASSIGNMENT.match(token):
            extra = n + 1
            break
    f_form = " ".join(ft[start:len(ft) - s + extra])
    w_form = " ".join(wt[start:len(wt) - s + extra])
    if not f_form or not w_form or "`" in f_form + w_form or max(len(f_form), len(w_form)) > FORM_CAP:
        return None
    return f_form, w_form


# Lines that say how a command ended, not why (Claude Code's "Exit code 127", Codex's "Exit code: 1" / "Wall
# time" / "Output:"), and a shell's own prefix on its error ("/bin/bash: line 1: ").
_STATUS = re.compile(r"(?:error:?\s*)?(?:\[?(?:process |command )?(?:exited|exit|failed|finished)(?: with)?"
                     r"(?: exit)? (?:code|status)\s*[:=]?\s*-?\d+\]?|wall time:.*|output:|chunk id:.*|"
                     r"original token count:.*|return(?:ed)? code\s*[:=]?\s*-?\d+)\.?", re.I)
_SHELL_PREFIX = re.compile(r"^(?:[\w.-]*[/\\])*(?:ba|z|da|k|fi|c|tc)?sh(?:\.exe)?:\s*(?:(?:line )?\d+:\s*)?(?=\S)", re.I)
_ERRORISH = re.compile(r"\b[A-Z]\w*(?:Error|Exception)\b|\b(?:error|not found|no such|denied|cannot|can't|unable|"
                       r"invalid|missing|unknown|refused|failed|fatal)\b", re.I)
_RAISED = re.compile(r"(?:E\s+)?[A-Z][\w.]*(?:Error|Exception|Exit|Interrupt): ")
_PATHISH = re.compile(r"(?:[A-Za-z]:)?(?:~|\.{1,2})?(?:[/\\][\w.@+-]+)+[/\\]?|\b[\w.@+-]+(?:[/\\][\w.@+-]+)+")
_RULE = re.compile(r"[_=*#~-]{3,}")
_EXCEPTION = re.compile(r"\b[A-Z]\w*(?:Error|Exception)\b")
_MARKUP = re.compile(r"</?[A-Za-z][\w:-]*(?:\s[^<>]*)?>")


def failure_reason(error: str | None, failed: str | None = None) -> str:
    """The line of a failure's output that says why it failed, short: redacted, paths elided, clipped; "" when
    the output says only how the call ended."""
    from altimate_learn.redact import redact

    lines = []
    for raw in (error or "").replace(" … ", "\n").splitlines()[:200]:  # a clipped error's cut ends a line
        line = _RULE.sub(" ", _MARKUP.sub(" ", raw)).strip()  # without decoration (`==== ERRORS ====`)
        if line and not _STATUS.fullmatch(line) and re.search(r"[A-Za-z]{3,}", line):
            lines.append(line)
    raised = [ln for ln in lines if _RAISED.match(ln)]  # a Python traceback's last line says what was raised
    line = raised[-1] if raised else next((ln for ln in lines if _EXCEPTION.search(ln)), None) or next(
        (ln for ln in lines if _ERRORISH.search(ln)), lines[0] if lines else "")
    if not line:
        return ""
    line = _SHELL_PREFIX.sub("", line)
    line = re.sub(r"^E\s+", "", line)  # pytest's error lines
    program = (tokens(failed)[0] if failed and tokens(failed) else "")
    if program and line.startswith(program + ": "):
        line = line[len(program) + 2:]
    line = _PATHISH.sub("<path>", redact(line))
    line = " ".join(line.replace('"', "'").replace("`", "'").split())
    if len(line) > REASON_CAP:
        cut = line[:REASON_CAP - 1]
        line = (cut[: cut.rfind(" ")] if " " in cut[20:] else cut).rstrip(" ,;:") + "…"
    return line


LESSON_CAP = 140


def command_lesson(failed_form: str, worked_form: str, reason: str = "") -> str | None:
    """"Run `W` instead of `F` here (it fails with "…")." within :data:`LESSON_CAP` characters, or None."""
    base = f"Run `{worked_form}` instead of `{failed_form}` here"
    if reason:
        text = f"{base} (it fails with \"{reason}\")."
        if len(text) <= LESSON_CAP:
            return text
    text = base + "."
    return text if len(text) <= LESSON_CAP else None


def clip_command(command: str) -> str:
    return command if len(command) <= COMMAND_CAP else command[: COMMAND_CAP - 1] + "…"


# --- the tool_retry signal's text -------------------------------------------------------------------------
LAST_COMMAND = "Last command: "
WORKED = "Then worked: "


def signal_commands(text: str) -> tuple[str | None, str | None, str]:
    """(the last failed command, the command that worked after it, the error) a tool_retry signal's text holds."""
    failed = worked = None
    lines = text.split("\n")
    while lines and (lines[-1].startswith(LAST_COMMAND) or lines[-1].startswith(WORKED)):
        line = lines.pop()
        if line.startswith(WORKED):
            worked = worked or line[len(WORKED):].strip() or None
        else:
            failed = failed or line[len(LAST_COMMAND):].strip() or None
    body = "\n".join(lines)
    error = body.split("Last error: ", 1)[1] if "Last error: " in body else ""
    return failed, worked, error


def retry_lesson(text: str) -> tuple[str | None, str]:
    """The lesson a tool_retry signal's text carries (what failed and what then worked), or None and why not."""
    failed, worked, error = signal_commands(text)
    if not failed:
        return None, "it names no shell command: what to do instead needs a model to read the session"
    if not worked:
        return None, ("nothing that worked after the failures was recorded (or what worked was another command): "
                      "a lesson would only say the command fails; a model may find the cause in the session")
    if failed.endswith("…") or worked.endswith("…"):
        return None, "a command was too long to quote in a lesson"
    if not related(failed, worked):
        return None, "what worked after the failures is another command, not the failed one done another way"
    pair = forms(failed, worked)
    if pair is None:
        return None, ("what worked differs from what failed only in its values (another file or name) or by a typo: "
                      "nothing a rule can say")
    lesson = command_lesson(pair[0], pair[1], failure_reason(error, failed))
    if lesson is None:
        return None, "the commands are too long for a lesson"
    return lesson, ""


_WRITE_NAMES = {"edit", "multiedit", "write", "notebookedit", "apply_patch", "replace", "write_file", "patch"}


def writes(tool_name: str | None) -> bool:
    """Whether a tool (by name) writes files: a success of one between a failure and a later success may be
    what fixed it (the same test as :attr:`altimate_learn.capture.model.ToolCall.writes`)."""
    lowered = (tool_name or "").lower()
    return lowered in _WRITE_NAMES or "patch" in lowered or "write" in lowered or "edit" in lowered
