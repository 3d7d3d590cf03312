"""Real agent sessions from public repositories, every typed message labelled: a dev corpus for the
correction classifier, the built-in reflector and the continual learner.

What is here (`research/data/real/`):
- `sessions/<owner>__<name>/<n>.jsonl`: one session a file, in learn's generic trajectory format
  (docs/generic-trajectory.md), so `learn capture FILE` and every session reader take it as is. Only what
  the person typed is kept, with the assistant answer each message replied to (its first 300 and last 600
  characters joined by a line `[…]`, in sessions whose record says `clip`; its last 600 in the others), the answer
  after the last message, the opening of the agent's reasoning before an answer (`thinking`, 300 characters, where
  the harness keeps it), and interruptions; tool output and code blocks are dropped, everything
  is redacted with `altimate_learn.redact` and clipped (1,500 characters a message). The `session` record
  carries `source`: the repository, commit, path and harness it came from.
- `labels.jsonl`: one line per typed message, `{"session": "<owner>__<name>/<n>", "id": "u3", "label": …,
  "why": …}`. Labels: `correction` (the person says the agent's action, output or approach was wrong, or
  repeats an instruction it ignored, or states the rule it broke), `bug` (the person reports that what the
  agent just made or changed does not work), `borderline` (a reasonable reader could go either way),
  `not` (tasks, questions, approvals, information, bugs in the person's own code), `untyped` (text a
  harness or button put in the turn: aider's architect hand-off, Cursor's "fix in chat" template, a slash command's
  expanded template such as spec-kit's or BMAD's, Codex's built-in review prompt; and another agent's report the
  person pasted in). For
  precision and recall, `correction` and `bug` are positives, `not` is negative, `borderline` and
  `untyped` are left out (and reported apart).
- `split.json`: which repositories are `dev` and which are `holdout`, fixed before any tuning: by
  repository owner (a person's repositories share a voice, so they never straddle the split), holdout
  when the first byte of sha256(owner) mod 10 is below 3 for the owners of the first collection
  (2026-11, listed in `owners_2026_11`), below 4 for owners added since (a larger held-out part, so
  that its numbers are worth more). No owner ever moves between the parts.
- `SOURCES.tsv`: every file read (repository, commit, path, harness, licence). `research/real_sessions_build.py`
  rebuilds `sessions/` from those commits.

Use:

    from research.data.real_sessions import load_messages, session_files
    for m in load_messages(split="dev"):          # RealMessage, in session order
        m.text, m.label, m.why, m.positive, m.answer, m.reply, m.thinking, m.repo, m.harness, m.agent
    for path in session_files(split="holdout"):   # generic trajectories, e.g. for `learn capture`
        ...
    for m, msg, previous in iter_classifier_inputs(split="dev"):
        classify_user_message(msg, previous, answer=m.answer)

`iter_classifier_inputs` reads each session with learn's own generic reader, so `msg.index`,
`msg.after_assistant` and the interruption before a message are what `learn capture` sees. Nothing
here imports more than the standard library until `iter_classifier_inputs` is called.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parent / "real"
SESSIONS_DIR = DATA_DIR / "sessions"
LABELS = ("correction", "bug", "borderline", "not", "untyped")
POSITIVE = ("correction", "bug")
HOLDOUT_SHARE = 3  # of 10 buckets of owners, for the owners of the first collection (2026-11)
HOLDOUT_SHARE_SINCE_2026_12 = 4  # of 10 buckets, for owners added since


@lru_cache(maxsize=1)
def first_owners() -> frozenset[str]:
    """The (lower-cased) owners of the first collection, as recorded in `split.json`."""
    recorded = json.loads((DATA_DIR / "split.json").read_text(encoding="utf-8"))
    return frozenset(owner.lower() for owner in recorded.get("owners_2026_11", ()))


@lru_cache(maxsize=1)
def owners_since_session_5() -> frozenset[str]:
    """The (lower-cased) owners added since corpus session #5 (2026-12-02), as recorded in `split.json`: the builder
    scrubs a secret found anywhere in their sessions wherever else it appears (older sessions keep their bytes)."""
    recorded = json.loads((DATA_DIR / "split.json").read_text(encoding="utf-8"))
    return frozenset(owner.lower() for owner in recorded.get("owners_since_2026_12_02_5", ()))


def split_for(repo: str) -> str:
    """The split rule written into `split.json` (owner-level, hash-based, decided before tuning)."""
    owner = repo.split("/")[0].lower()
    share = HOLDOUT_SHARE if owner in first_owners() else HOLDOUT_SHARE_SINCE_2026_12
    return "holdout" if hashlib.sha256(owner.encode("utf-8")).digest()[0] % 10 < share else "dev"


@lru_cache(maxsize=1)
def splits() -> dict[str, str]:
    """repo -> "dev" | "holdout", as recorded in `split.json`."""
    recorded = json.loads((DATA_DIR / "split.json").read_text(encoding="utf-8"))
    return {repo: name for name in ("dev", "holdout") for repo in recorded[name]}


@dataclass(frozen=True)
class RealMessage:
    session: str  # "<owner>__<name>/<n>"
    id: str  # the user record's id in the session file ("u3")
    position: int  # order among the session's typed messages (0 = the session's first)
    text: str
    answer: str | None  # the assistant answer it replied to (clipped), None when none came before
    after_interrupt: bool  # the person had just stopped the agent
    label: str
    why: str
    repo: str
    harness: str  # the export format: aider, specstory, claude-code, codex, codex-legacy, opencode, opencode-db, crush-db, gemini, qwen, ...
    agent: str  # the coding agent: aider, cursor, copilot-chat, claude-code, codex, antigravity, opencode, crush, gemini-cli, qwen-code
    split: str
    # The agent's answer to it (before the next typed message), None when none came; its start is where an agent owns
    # up ("You're right, I misread…"). In sessions built before answers kept their start (no `clip`; none left since
    # 2026-12-04), the last message has none and the others only the answer's end.
    reply: str | None = None
    # The opening (300 characters, redacted as answers are) of the reasoning the agent wrote after this message and
    # before or with its first words in `reply` ("The user is pointing out that I broke…"); None when the harness
    # keeps none, the agent's reasoning was empty or redacted, or the session was built before it was kept.
    thinking: str | None = None

    @property
    def positive(self) -> bool | None:
        """True for a correction or bug report, False for not; None when left out of the scores."""
        if self.label in POSITIVE:
            return True
        return False if self.label == "not" else None

    @property
    def path(self) -> Path:
        return SESSIONS_DIR / f"{self.session}.jsonl"


def _session_name(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def _repo_of(session: str) -> str:
    return session.split("/")[0].replace("__", "/", 1)


def session_files(split: str | None = None) -> list[Path]:
    """The session files, in a stable order (repository, then session number)."""
    paths = sorted(SESSIONS_DIR.glob("*/*.jsonl"), key=lambda p: (p.parent.name, int(p.stem)))
    if split is None:
        return paths
    return [p for p in paths if splits().get(_repo_of(_session_name(p))) == split]


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@lru_cache(maxsize=1)
def _labels() -> dict[tuple[str, str], tuple[str, str]]:
    out = {}
    for line in (DATA_DIR / "labels.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            out[(row["session"], row["id"])] = (row["label"], row["why"])
    return out


def load_messages(split: str | None = None, *, include_untyped: bool = False) -> list[RealMessage]:
    """Every labelled typed message (in session order); ``split`` is "dev", "holdout" or None for both."""
    labels = _labels()
    out: list[RealMessage] = []
    for path in session_files(split):
        session = _session_name(path)
        records = _records(path)
        head = records[0] if records and records[0].get("type") == "session" else {}
        harness = (head.get("source") or {}).get("harness", "?")
        agent = (head.get("source") or {}).get("agent", harness)
        repo = _repo_of(session)
        answer: str | None = None
        interrupted = False
        position = 0
        waiting: int | None = None  # the index in `out` of the message whose answer comes next
        for record in records:
            kind = record.get("type")
            if kind == "assistant":
                answer, interrupted = record.get("text"), False
                if waiting is not None:
                    out[waiting] = replace(out[waiting], reply=answer, thinking=record.get("thinking"))
                    waiting = None
            elif kind == "interrupt":
                interrupted = True
            elif kind == "user":
                label, why = labels[(session, record["id"])]
                waiting = None
                if include_untyped or label != "untyped":
                    out.append(RealMessage(session=session, id=record["id"], position=position,
                                           text=record["text"], answer=answer, after_interrupt=interrupted,
                                           label=label, why=why, repo=repo, harness=harness, agent=agent,
                                           split=splits().get(repo, "?")))
                    waiting = len(out) - 1
                position += 1
                answer, interrupted = None, False
    return out


def iter_classifier_inputs(split: str | None = None) -> Iterator[tuple[RealMessage, Any, Any]]:
    """(message, UserMessage, previous UserMessage or None) as `learn capture` builds them, per labelled
    message (untyped ones left out)."""
    from altimate_learn.capture.model import UserMessage
    from altimate_learn.capture.sessions.generic import GenericReader

    wanted = {(m.session, m.id): m for m in load_messages(split)}
    for path in session_files(split):
        session = _session_name(path)
        previous = None
        for event in GenericReader(path).events():
            if not isinstance(event, UserMessage):
                continue
            message = wanted.get((session, event.id or ""))
            if message is not None:
                yield message, event, previous
            previous = event


__all__ = ["DATA_DIR", "LABELS", "POSITIVE", "RealMessage", "first_owners", "iter_classifier_inputs",
           "load_messages", "owners_since_session_5", "session_files", "split_for", "splits"]
