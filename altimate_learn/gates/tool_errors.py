"""The tool-errors channel (spec 000): a failed tool call, then a successful call of the same tool with a
different input, is a recovery worth a lesson. Verified in code, so these records skip the vet.

- **Recovery.** Per tool, the last failure waits for that tool's next call (other tools may run in between):
  a success with a different input is a recovery; a success with the same input is flakiness, not a lesson;
  another failure replaces the waiting one (the attempts are counted). Rejections and interruptions by the
  user are not tool failures (the session readers report them as user events).
- **Signature.** The exception a traceback raised last (pytest's ``E   ModuleNotFoundError: …``), else the failure's
  first line with a word in it that is not only a heading in capitals (``ERRORS``), decoration rules left out, after
  the lines that only say how the call ended
  (`Exit code 127`, Codex's `Exit code: 1` / `Wall time:` / `Output:`; progress lines such as `.F..`), without a shell's own prefix
  (`/bin/bash: line 1: `) or the command it names first (or pytest's `E   `), lower-cased, with our injected sections, markup tags,
  quoted spans, URLs, paths and words the failed input's values hold elided, hex runs and digits folded to ``#``, whitespace collapsed, redacted and
  clipped: ``file does not exist. note: your current working directory is <path>.``
- **Shapes, never values.** An input is kept as its shape (keys and kinds: ``str``, ``str:abs-path``,
  ``str:multiline``, ``int``, …); the change between the failed and the successful call is said in those
  terms (``added `offset```, ```file_path` as an absolute path``).
- **A shell command says what worked.** For a tool that runs one-line shell commands (`Bash`, `exec_command`,
  `run_shell_command`, …) "a different `command`" says nothing, so the record keeps the two *forms* a lesson
  quotes (:func:`altimate_learn.capture.commands.forms`, redacted): ``When `Bash` fails with "command not
  found", run `python3 -m pytest` instead of `pytestx`.`` A shell recovery is proposed only when the successful
  command runs the failed one another way, with no file written in between (the edit may be what fixed it);
  another command, a change of values only (another file) or a typo fix is recorded and never proposed.
- **One record per (tool, signature)** in `tool-errors.json`, replaced when a better recovery (fewer failed
  attempts before it) is seen; ``seen`` counts them; a call already recorded is not counted twice.
- **A signature that is only an exit code** (the failure printed nothing else) is recorded, never proposed:
  "retry with a different `command`" would hold for every failure.
- **Proposed like any lesson**: through the curator into the candidate (channel ``tool-errors``, tagged
  ``tool-errors`` and the tool's name), at most a few per run (the curator's limits), superseding the
  record's earlier lesson when the record improved.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from altimate_learn.capture.model import ToolCall

RECORDS = "tool-errors.json"
SIG_CAP = 90
MAX_KEYS = 30
MAX_FROM = 20  # call keys remembered per record (re-reading a session adds nothing)
_QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`|‘[^’\n]*’|“[^”\n]*”")
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://\S+", re.I)
_TAG = re.compile(r"</?[A-Za-z][\w:-]*(?:\s[^<>]*)?>")
_PATH = re.compile(r"(?:[A-Za-z]:)?(?:~|\.{1,2})?(?:[/\\][\w.@+-]+)+[/\\]?|\b[\w.@+-]+(?:[/\\][\w.@+-]+)+")
_HEX = re.compile(r"\b(?:0x[0-9a-f]+|(?=[0-9a-f]*\d)[0-9a-f]{6,})\b")
_DIGITS = re.compile(r"\d+")
# Lines that report how a command ended, not why: Claude Code puts "Exit code 127" before a Bash call's output,
# Codex "Exit code: 1" / "Wall time: …" / "Output:". The signature is the first line after them.
_STATUS_LINE = re.compile(r"(?:error:?\s*)?(?:\[?(?:process |command )?(?:exited|exit|failed|finished)(?: with)?"
                          r"(?: exit)? (?:code|status)\s*[:=]?\s*-?\d+\]?|wall time:.*|output:|"
                          r"return(?:ed)? code\s*[:=]?\s*-?\d+)\.?", re.I)
# A shell's own prefix on its error ("/bin/bash: line 1: ", "zsh: "): the same failure reads the same in any shell.
_SHELL_PREFIX = re.compile(r"^(?:[\w.-]*[/\\])*(?:ba|z|da|k|fi|c|tc)?sh(?:\.exe)?:\s*(?:(?:line )?\d+:\s*)?(?=\S)", re.I)
_WORD = re.compile(r"[A-Za-z]{3,}")
_RULE = re.compile(r"([=_!*#~^-])\1{2,}")
_RAISED = re.compile(r"(?:E\s+)?[A-Z][\w.]*(?:Error|Exception): ")
_HEADING = re.compile(r"[A-Z][A-Z ]*")
BARE = "exit code"  # the start of a signature that holds only how the call ended: nothing to learn from
_TOOL_TAG = re.compile(r"[^a-z0-9_.+#-]+")


def _input_words(value: Any, out: set[str], depth: int = 0) -> set[str]:
    """Words of the string values of a tool input (what an error message may echo back)."""
    if isinstance(value, str):
        out.update(w for w in re.findall(r"[\w.@+-]{3,}", value) if not w.isdigit())
    elif isinstance(value, dict) and depth < 4:
        for item in list(value.values())[:MAX_KEYS]:
            _input_words(item, out, depth + 1)
    elif isinstance(value, (list, tuple)) and depth < 4:
        for item in value[:20]:
            _input_words(item, out, depth + 1)
    return out


def signature(text: str | None, exit_code: int | None = None, failed_input: Any = None) -> str:
    """The normalised failure signature (see the module docstring); words of ``failed_input``'s values that
    the error echoes (a mistyped command, a file name) are elided too: values never reach the record."""
    from altimate_learn.markers import strip_injected
    from altimate_learn.redact import redact

    body = strip_injected(text or "")
    lines = []
    for raw in body.splitlines()[:400]:
        raw = _RULE.sub(" ", _TAG.sub(" ", raw)).strip()  # without decoration (`==== ERRORS ====`)
        if raw and not _STATUS_LINE.fullmatch(raw) and _WORD.search(raw):  # not a progress line (`.F..`, `===`)
            lines.append(raw)
    # what a traceback raised says why (pytest: "E   ModuleNotFoundError: No module named 'app'"), else the first
    # line that is not only a heading in capitals (pytest's "ERRORS", "FAILURES")
    raised = [ln for ln in lines if _RAISED.match(ln)]
    line = raised[-1] if raised else next((ln for ln in lines if not _HEADING.fullmatch(ln)), "")
    if not line:
        return f"{BARE} {exit_code}" if exit_code is not None else "(no error text)"
    line = _SHELL_PREFIX.sub("", line)
    line = re.sub(r"^E\s{2,}", "", line)  # pytest's mark on its error lines
    line = redact(line)
    line = _URL.sub("<url>", line)
    line = _QUOTED.sub("'...'", line)
    line = _PATH.sub("<path>", line)
    echoed = _input_words(failed_input, set()) if failed_input is not None else set()
    if echoed:
        line = re.sub(r"[\w.@+-]{3,}", lambda m: "..." if m.group(0) in echoed else m.group(0), line)
    line = line.lower()
    line = _HEX.sub("#", line)
    line = _DIGITS.sub("#", line)
    line = " ".join(line.split())
    while line.startswith("...: "):  # the command the shell names first (elided: a value of the input)
        line = line[5:]
    return line if len(line) <= SIG_CAP else line[: SIG_CAP - 3].rstrip() + "..."


def _str_shape(value: str) -> str:
    if not value:
        return "str:empty"
    if "\n" in value.strip():
        return "str:multiline"
    if value.startswith(("http://", "https://")):
        return "str:url"
    if " " not in value.strip() and ("/" in value or "\\" in value):
        return "str:abs-path" if value.startswith(("/", "~")) or (len(value) > 2 and value[1] == ":") else \
            "str:rel-path"
    return "str"


def shape(value: Any, depth: int = 0) -> Any:
    """The shape of a tool input: keys and kinds, never the values."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if value is None:
        return "null"
    if isinstance(value, str):
        return _str_shape(value)
    if depth >= 4:
        return "…"
    if isinstance(value, dict):
        return {str(k): shape(v, depth + 1) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))[:MAX_KEYS]}
    if isinstance(value, (list, tuple)):
        kinds = []
        for item in value[:20]:
            kind = shape(item, depth + 1)
            if kind not in kinds:
                kinds.append(kind)
        return kinds
    return type(value).__name__


_SHAPE_WORDS = {"str:abs-path": "an absolute path", "str:rel-path": "a relative path", "str:empty": "empty",
                "str:multiline": "several lines", "str:url": "a URL", "str": "text", "int": "a number",
                "float": "a number", "bool": "true or false", "null": "null"}


# Keys an agent fills with words for the person, not for the tool (Claude Code's and opencode's Bash `description`,
# Gemini's run_shell_command `description`): a different one changes nothing that runs (review14 R14-16).
NARRATION = frozenset({"description", "explanation", "justification"})


def change(failed: Any, fixed: Any) -> list[str]:
    """How the successful input differs from the failed one, in shapes (at most three phrases); narration keys
    (:data:`NARRATION`) are not part of it."""
    if not (isinstance(failed, dict) and isinstance(fixed, dict)):
        return ["a different input"]
    failed = {k: v for k, v in failed.items() if k not in NARRATION}
    fixed = {k: v for k, v in fixed.items() if k not in NARRATION}
    out: list[str] = []
    a, b = shape(failed), shape(fixed)
    for key in sorted(set(b) - set(a)):
        out.append(f"`{key}` added")
    for key in sorted(set(a) - set(b)):
        out.append(f"without `{key}`")
    for key in sorted(set(a) & set(b)):
        if a[key] != b[key]:
            word = _SHAPE_WORDS.get(b[key]) if isinstance(b[key], str) else None
            out.append(f"`{key}` as {word}" if word else f"a different shape of `{key}`")
    if not out:
        differing = sorted(k for k in set(failed) & set(fixed) if _canonical(failed[k]) != _canonical(fixed[k]))
        out += [f"a different `{key}`" for key in differing[:2]] or ["a different input"]
    return out[:3]


def _canonical(value: Any) -> str:
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return repr(value)


@dataclass
class Recovery:
    tool: str
    sig: str
    failed: Any  # shape
    fixed: Any  # shape
    change: list[str]
    attempts: int  # failed calls before the success
    session: str
    call: str  # a key for the successful call (session:id), so a re-read adds nothing
    at: str | None = None
    shell: bool = False  # both calls ran a one-line shell command
    forms: list[str] | None = None  # [what failed, what worked] as a lesson quotes them (shell only; redacted)


def _shell_forms(failed: str | None, fixed: str | None, wrote: bool) -> list[str] | None:
    from altimate_learn.capture.commands import forms, related
    from altimate_learn.redact import redact

    if not failed or not fixed or wrote:
        return None
    failed, fixed = redact(failed), redact(fixed)
    if not related(failed, fixed):
        return None
    pair = forms(failed, fixed)
    return list(pair) if pair else None


class RecoveryScanner:
    """Feed one session's tool calls in order; returns a :class:`Recovery` when one completes."""

    def __init__(self, session: str) -> None:
        self.session = session
        self.waiting: dict[str, dict[str, Any]] = {}
        self.position = 0

    def feed(self, call: ToolCall) -> Recovery | None:
        from altimate_learn.capture.commands import shell_command

        self.position += 1
        name = call.name or ""
        if not name or name == "?":
            return None
        if call.is_error:
            earlier = self.waiting.get(name)
            self.waiting[name] = {"input": call.input, "key": _canonical(call.input),
                                  "sig": signature(call.result, call.exit_code, call.input),
                                  "attempts": (earlier["attempts"] + 1) if earlier else 1,
                                  "command": shell_command(call.input), "wrote": False}
            return None
        earlier = self.waiting.pop(name, None)
        if call.writes:  # a file written: a later success of a waiting tool may be the edit's doing
            for other in self.waiting.values():
                other["wrote"] = True
        if earlier is None or earlier["key"] == _canonical(call.input):
            return None  # nothing failed, or the same input simply worked this time: flakiness
        command = shell_command(call.input)
        shell = bool(earlier["command"] and command)
        return Recovery(name, earlier["sig"], shape(earlier["input"]), shape(call.input),
                        change(earlier["input"], call.input), earlier["attempts"], self.session,
                        f"{self.session}:{call.id or self.position}", call.at, shell,
                        _shell_forms(earlier["command"], command, earlier["wrote"]) if shell else None)


def scan(events: Any, session: str) -> list[Recovery]:
    scanner = RecoveryScanner(session)
    out = []
    for event in events:
        if isinstance(event, ToolCall):
            found = scanner.feed(event)
            if found is not None:
                out.append(found)
    return out


# --- records ------------------------------------------------------------------------------------------

@dataclass
class Merge:
    new: list[dict] = field(default_factory=list)
    improved: list[dict] = field(default_factory=list)
    seen_again: int = 0
    already: int = 0  # recoveries from calls recorded before


def read_records(store: Any) -> list[dict]:
    value = store.read_json_object(RECORDS)
    records = value.get("records")
    if not isinstance(records, list):
        return []
    return [r for r in records if isinstance(r, dict) and isinstance(r.get("tool"), str) and isinstance(r.get("sig"), str)]


def merge(records: list[dict], recoveries: list[Recovery], now: str) -> Merge:
    """Fold recoveries into the records (in place): one per (tool, signature), the best recovery kept."""
    result = Merge()
    by_key = {(r["tool"], r["sig"]): r for r in records}
    for found in recoveries:
        record = by_key.get((found.tool, found.sig))
        if record is not None and found.call in (record.get("from") or []):
            result.already += 1
            continue
        fields = {"failed": found.failed, "fixed": found.fixed, "change": found.change, "attempts": found.attempts,
                  "session": found.session}
        if found.shell:
            fields["shell"] = True
            fields["forms"] = found.forms
        if record is None:
            record = {"tool": found.tool, "sig": found.sig, **fields, "seen": 1, "first": found.at or now,
                      "last": found.at or now, "from": [found.call]}
            records.append(record)
            by_key[(found.tool, found.sig)] = record
            result.new.append(record)
            continue
        record["seen"] = int(record.get("seen", 1)) + 1
        record["last"] = found.at or now
        record["from"] = (list(record.get("from") or []) + [found.call])[-MAX_FROM:]
        # better: a shell recovery that says what worked, where the record says nothing; else fewer attempts
        says, said = bool(found.forms), bool(record.get("forms"))
        if (says and not said) or (says == said and found.attempts < int(record.get("attempts", 1 << 30))):
            record.update(fields)
            record.pop("proposed", None)  # a better recovery: propose its lesson again
            result.improved.append(record)
        else:
            result.seen_again += 1
    return result


def bare(sig: str) -> bool:
    """A signature with no error text, only how the call ended: its lesson would say "retry differently",
    which holds for every failure, so it is recorded but never proposed (review13 R13-19)."""
    return sig.startswith(BARE) or sig == "(no error text)" or not _WORD.search(sig.replace("<path>", ""))


NOT_PROPOSED_BARE = ("the failure gave no error text, only how the call ended (an exit code); a lesson from it "
                     "would say nothing")
NOT_PROPOSED_SHELL = ("the command that worked is not the failed one run another way (another command, other values "
                      "only, a typo fixed, or a file written in between): a lesson from it would say nothing")


def shell_without_fix(record: dict) -> bool:
    """A shell recovery whose successful command says nothing about the failed one (:data:`NOT_PROPOSED_SHELL`);
    a record written before records kept their forms counts by its input shape."""
    if record.get("forms"):
        return False
    if record.get("shell"):
        return True
    failed = record.get("failed")
    said = [c for c in record.get("change") or [] if not any(f"`{key}`" in c for key in NARRATION)]
    return isinstance(failed, dict) and any(failed.get(key) == "str" for key in ("command", "cmd")) and \
        said in (["a different `command`"], ["a different `cmd`"])


def not_proposed_reason(record: dict) -> str | None:
    """Why a record is never proposed, or None."""
    if bare(record["sig"]):
        return NOT_PROPOSED_BARE
    if shell_without_fix(record):
        return NOT_PROPOSED_SHELL
    return None


def lesson_text(record: dict) -> str:
    """`When `Read` fails with "…", retry with a different `file_path`.` (a shell command: `…, run `W` instead of
    `F`.`) within 140 characters."""
    head = f"When `{record['tool']}` fails with \""
    forms = record.get("forms")
    if isinstance(forms, list) and len(forms) == 2 and all(isinstance(f, str) and f for f in forms):
        tail = f"\", run `{forms[1]}` instead of `{forms[0]}`."
    else:
        fix = " and ".join(record.get("change") or ["a different input"])
        tail = f"\", retry with {fix}."
    room = max(1, 140 - len(head) - len(tail))
    sig = record["sig"]
    if len(sig) > room:  # a long tool name or change can still pass 140: the lint then rejects it, with the reason
        sig = sig[: max(0, room - 3)].rstrip() + "..."
    return head + sig + tail


def tool_tag(tool: str) -> str:
    tag = _TOOL_TAG.sub("-", tool.lower()).strip("-_.+#")[:40]
    return tag or "tool"


# --- running the channel ----------------------------------------------------------------------------------

MAX_PROPOSALS = 3  # new lessons per run (the curator's ADD limit); the rest wait for the next run


@dataclass
class ChannelRun:
    sessions: int = 0
    tool_calls: int = 0
    recoveries: int = 0
    merge: Merge = field(default_factory=Merge)
    proposed: list[dict] = field(default_factory=list)  # {id, text, tool, sig, supersedes?}
    rejected: list[dict] = field(default_factory=list)  # {text, reason}
    waiting: int = 0
    records: int = 0
    candidate: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"sessions": self.sessions, "tool_calls": self.tool_calls, "recoveries": self.recoveries,
                "new_records": len(self.merge.new), "improved_records": len(self.merge.improved),
                "seen_again": self.merge.seen_again, "already_recorded": self.merge.already,
                "records": self.records, "proposed": self.proposed, "rejected": self.rejected,
                "waiting": self.waiting, "candidate": self.candidate}


def collect(readers: list[Any]) -> tuple[list[Recovery], int, int]:
    """Recoveries of every session (readers from :mod:`altimate_learn.capture.capture`), tool calls, sessions."""
    recoveries: list[Recovery] = []
    calls = 0
    for reader in readers:
        scanner = RecoveryScanner(reader.info.id)
        for event in reader.events():
            if isinstance(event, ToolCall):
                calls += 1
                found = scanner.feed(event)
                if found is not None:
                    recoveries.append(found)
    return recoveries, calls, len(readers)


def record_and_propose(store: Any, recoveries: list[Recovery], *, propose: bool = True) -> ChannelRun:
    """Fold recoveries into `tool-errors.json` and propose the new or improved records through the curator."""
    from altimate_learn.store.fsio import utc_now

    run = ChannelRun(recoveries=len(recoveries))
    with store.lock():
        records = read_records(store)
        run.merge = merge(records, recoveries, utc_now())
        if propose:
            _propose(store, records, run)
        if records:
            store.write_json(RECORDS, {"records": records})
        run.records = len(records)
        run.waiting = sum(1 for r in records if not r.get("proposed"))
    return run


def _propose(store: Any, records: list[dict], run: ChannelRun) -> None:
    import hashlib

    from altimate_learn.curate.anchors import AnchorIndex, identifiers
    from altimate_learn.curate.curator import DEDUPE_THRESHOLD, curate, jaccard, word_set
    from altimate_learn.gates.stamps import read_stamps
    from altimate_learn.reflect.reflect import current_lessons

    for record in records:
        why = None if record.get("proposed") else not_proposed_reason(record)
        if why:
            record["proposed"] = lesson_text(record)  # not retried until a recovery that says more replaces it
            record["rejected"] = why
            run.rejected.append({"text": record["proposed"], "reason": why})
    todo = [r for r in records if not r.get("proposed")][:MAX_PROPOSALS]
    if not todo:
        return
    lessons = current_lessons(store)
    from altimate_learn.reflect.providers.builtin import says_what_worked

    for record in list(todo):
        said = says_what_worked("", lessons, record["forms"][1]) if record.get("forms") else None
        if said and said != record.get("lesson"):  # a lesson already says to run it that way (review14 R14-26)
            record["proposed"] = lesson_text(record)
            record["rejected"] = f"{said} already says to run `{record['forms'][1]}`"
            run.rejected.append({"text": record["proposed"], "reason": record["rejected"]})
            todo.remove(record)
    if not todo:
        return
    ids = {lesson["id"] for lesson in lessons}
    stamped = read_stamps(str(store.local_dir))
    ours = [lesson for lesson in lessons if (stamped.get(lesson["id"]) or {}).get("channel") == "tool-errors"]
    index = AnchorIndex(ours)
    deltas = []
    for record in todo:
        text = lesson_text(record)
        delta: dict[str, Any] = {"op": "ADD", "text": text, "tags": ["tool-errors", tool_tag(record["tool"])],
                                 "reason": f"tool-errors: `{record['tool']}` recovered after "
                                           f"{record.get('attempts', 1)} failed call(s); seen {record.get('seen', 1)}x"}
        old = record.get("lesson")
        if old in ids:
            delta["supersedes"] = old
        # Records of other tools or failures are other mechanics: they sit beside each other.
        words = word_set(text)
        beside = set(index.overlapping(identifiers(text)))
        beside |= {lesson["id"] for lesson in ours if jaccard(words, word_set(lesson["text"])) >= DEDUPE_THRESHOLD}
        beside.discard(old)
        if beside:
            delta["coexists"] = sorted(beside)
        deltas.append(delta)
    digest = hashlib.sha256("\n".join(d["text"] for d in deltas).encode()).hexdigest()[:12]
    result = curate(store, deltas, op="tool-errors", channel="tool-errors", skip_vet=True,
                    feedback_ids=[f"tool-errors:{digest}"])
    run.candidate = result.changed or run.candidate
    from altimate_learn.curate.lint import normalize

    added = {normalize(a.get("text") or ""): a for a in result.applied if a["op"] == "ADD"}
    refused = {normalize(r.get("text") or ""): r.get("reason", "") for r in result.rejected}
    for record, delta in zip(todo, deltas):
        entry = added.get(normalize(delta["text"]))
        if entry is not None:
            record["lesson"] = entry["id"]
            record["proposed"] = delta["text"]
            record.pop("rejected", None)
            run.proposed.append({"id": entry["id"], "text": delta["text"], "tool": record["tool"],
                                 "sig": record["sig"], "supersedes": delta.get("supersedes")})
        elif normalize(delta["text"]) in refused:
            reason = refused[normalize(delta["text"])]
            record["proposed"] = delta["text"]  # not retried until a better recovery changes it
            record["rejected"] = reason
            run.rejected.append({"text": delta["text"], "reason": reason})
