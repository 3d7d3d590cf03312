"""Delivery for one session: what to add at session start, with each request and with each file.

How the session-start section is built (spec 003: core and retrieved lessons, rendered once, frozen):

- Hooks see SessionStart before the first request, and SessionStart carries no request text. So the
  core tier is rendered at SessionStart and frozen as the session's section; the retrieved tier is
  rendered with the first request (against its text and the project files it names), within what is
  left of ``budget_tokens``, and frozen as that request's note. Both reach the model before its first
  call (Claude Code and Codex put SessionStart context and the first prompt's context into request 1)
  and neither changes afterwards, so the prompt prefix stays cacheable.
- A lesson scoped to files the first request does not name, which that request matches only weakly (or
  an instance of a rule written once per folder, after the best one), is not in its retrieved tier: it
  waits, and is the first lesson of the first file in its scope the agent opens
  (:func:`select.defer_scoped`; the keys wait in the state's ``deferred``).
- Without a SessionStart (hooks installed mid-session, `learn deliver`, the contract check), the first
  request gets core and retrieved together as one section, frozen the same way.
- A repeated event (the same prompt id, or the same SessionStart) returns the same bytes, in any process.
- SessionStart with source ``compact`` rebuilds the section from every lesson shown so far (the lines
  as they were shown), within the budget; ``clear`` starts the session over; ``resume`` returns the
  frozen section again, or, when it is empty (the store had nothing for the session's start), builds it now
  (where the start event carries no context, Gemini CLI, :meth:`Delivery.resumed` leaves it to the next request).
- Later requests add at most ``request_lessons`` new lessons ("per request"), and their weak matches scoped to
  other files wait for those files as the first request's do; when the session cap leaves less room than the
  request and one file need, the request leaves the next file half of it. Files the agent reads or
  edits add at most ``file_lessons`` ("file"). A tier goes past its limit only for lessons that score
  like the last one taken, and an edit adds a second batch of the file's lessons, both only from what the
  session cap leaves after room for a later request and file. A lesson is shown at most once per
  session and no more than ``session_max_lessons`` in all. A file with nothing new to show takes the
  lessons a sibling's edit held back for want of room. Every note is limited by ``budget_tokens``.
- A request that names a file of the project brings that file's first batch with it, after its own lessons, and
  the file counts as read for that request (:meth:`Delivery.named_files`, :meth:`Delivery._named_batch`).

Every call runs under the session's lock and, when it shows lessons, the locks of their stores, all
within one ~5 s deadline; past it the call delivers nothing (``LockBusy``).
"""

from __future__ import annotations

import os
import time

from altimate_learn.deliver import render, select
from altimate_learn.deliver.corpus import Corpus
from altimate_learn.deliver.index import load_corpus
from altimate_learn.deliver.settings import is_set
from altimate_learn.deliver.tokenize import word_set
from altimate_learn.deliver.state import (LOCK_TIMEOUT, SESSIONS, Locks, SessionState, append_shown, bump_usage,
                                          ensure_gitignore, new_state, sha256, utc_now)
from altimate_learn.worktree import LINKED, has_leftovers, locate, record

MAX_REQUEST_KEYS = 64
MAX_TOUCHED = 200
MAX_NAMED_FILES = 4  # files of a request whose lessons come with it (a pasted stack trace names many)
SERVED_READ = 1  # a file's first event (any tool) was served in this request
SERVED_WRITE = 2  # an edit of it was served
# A later request (a new topic) takes lessons past its nominal limit only from what leaves its file both
# batches (the first event's and the edit's second one): with room kept for one batch, the request's lessons that
# score like its 5th (one rule written for many services) took the room where the file it edits brings what the
# request points at below the file's first five (:meth:`Delivery.file`; docs/delivery.md "Using the room").
LATER_FILE_BATCHES = 2
EXTRA_SHARE = (7, 10)  # of session_max_lessons: how far lessons past a tier's nominal limit may fill a session
# of session_max_lessons: how far, in the first topic, an edit's lessons that its request or its name points at may
# fill the session past EXTRA_SHARE (30 of the default 40: what the first topic had until the tenth round)
POINTED_SHARE = (3, 4)
# of session_max_lessons: how far a file's first event may fill a session past its nominal limit when the session is
# far under its cap (Delivery.quiet_room)
QUIET_SHARE = (5, 8)
# lessons a read file's code names that its read's result may add (Engine._seen, deliver41): measured on
# research/data/delivery_tasks_deliver41.jsonl (see CHANGELOG.md)
CONTENT_LESSONS = 3
# characters of a request its lessons are matched on: a longer one (a pasted log, a diff, a file) is read at its start
# and its end (textclip.head_and_tail; what a person types after a paste is at the end), so a multi-megabyte paste
# costs the prompt hook what a page does, not seconds (review35 R35-7: 1.6 MB took 3 s of CPU; the hook's timeout
# is 15 s)
REQUEST_CHARS = 12_000
# characters of a request the files it names are read from: a pasted dbt or CI log of tens of kilobytes names the
# failing file in its middle (review36 R36-7), and scanning for paths costs ~0.1 s of CPU per 100 KB
PATH_CHARS = 100_000
MAX_BARE_NAMES = 8  # file names without a folder a request's named files are looked up for (review36 R36-15)
# Path-like words and quoted strings of a request. The regexes are the definition; the scanners below give
# the same matches without importing `re` (a test checks them against the regexes), and long texts use re.
_PATH_WORD = r"(?:[\w@./-]+/)?[\w@.-]+(?:\.[\w.-]+|/[\w@./-]+)"
_QUOTED = r"[`\"']([^`\"'\n]+)[`\"']"
_QUOTES = "`\"'"
_SCAN_LIMIT = 20_000  # characters; past this the regex engine is cheaper than scanning in Python


def _may_name_a_path(text: str) -> bool:
    """False when neither pattern can match: no `/`, no `.` before a word character, `.` or `-`, and no
    quote with a `.` in the text (then nothing is scanned at all)."""
    if "/" in text:
        return True
    if "." not in text:
        return False
    if any(q in text for q in _QUOTES):
        return True
    at = text.find(".")
    while 0 <= at < len(text) - 1:
        after = text[at + 1]
        if after.isalnum() or after in "_.-":
            return True
        at = text.find(".", at + 1)
    return False


def _in_c(ch: str) -> bool:  # [\w@./-]
    return ch.isalnum() or ch in "_@./-"


def _in_e(ch: str) -> bool:  # [\w.-]
    return ch.isalnum() or ch in "_.-"


def _run_matches(run: str) -> list[str]:
    r"""``re.findall(_PATH_WORD, run)`` for one maximal run of [\w@./-], in time linear in its length.

    The regex's backtracking, spelled out: at a start ``s`` it tries an optional prefix up to a `/` (the last
    `/` first), then [\w@.-]+ from ``b0`` (just after that `/`, or ``s`` itself), then either `/` and the rest of
    the run, or `.` and [\w.-]+ as long as it goes (the last such `.` of ``b0``'s slash-free stretch). Whether
    that succeeds from ``b0``, and where it ends, depends on ``b0`` only; so the match at ``s`` is the one from
    the last `/` after ``s`` whose next character starts a success, else the one from ``s``. Both are found in
    constant time from one pass over the run (a start-by-start retry is quadratic in a long word: review12
    R12-14, a 6,000-character token cost the hook seconds).
    """
    n = len(run)
    if "/" not in run and "." not in run:
        return []
    next_slash = [n] * (n + 1)
    for i in range(n - 1, -1, -1):
        next_slash[i] = i if run[i] == "/" else next_slash[i + 1]
    # The last `.` followed by [\w.-] in the final slash-free stretch (the only one a `.`-ending is tried in:
    # a start whose stretch ends at a `/` before the last character matches through that `/` instead).
    stretch_end = n - 1 if run.endswith("/") else n
    dot, dot_end = -1, -1
    for b in range(stretch_end - 1, -1, -1):
        if run[b] == "/":
            break
        if run[b] == "." and b + 1 < n and _in_e(run[b + 1]):
            dot = b
            dot_end = b + 1
            while dot_end < n and _in_e(run[dot_end]):
                dot_end += 1
            break

    def end_from(b0: int) -> int:
        if b0 >= n or run[b0] == "/":
            return -1  # [\w@.-]+ needs one character
        if next_slash[b0] < n - 1:
            return n
        return dot_end if dot > b0 else -1

    last_slash = -1  # the last `/` whose next character starts a success
    for j in range(n - 2, -1, -1):
        if run[j] == "/" and end_from(j + 1) >= 0:
            last_slash = j
            break
    out: list[str] = []
    s = 0
    while s < n:
        end = end_from(last_slash + 1) if last_slash > s else end_from(s)
        if end < 0:
            s += 1
        else:
            out.append(run[s:end])
            s = end
    return out


def _path_words(text: str) -> list[str]:
    """``re.findall(_PATH_WORD, text)``, in linear time (the regex engine itself backtracks quadratically in
    one long word, so even long texts are scanned run by run)."""
    if len(text) > _SCAN_LIMIT:
        import re

        return [word for run in re.findall(r"[\w@./-]+", text) for word in _run_matches(run)]
    out: list[str] = []
    n = len(text)
    i = 0
    while i < n:
        if not _in_c(text[i]):
            i += 1
            continue
        end_run = i
        while end_run < n and _in_c(text[end_run]):
            end_run += 1
        out.extend(_run_matches(text[i:end_run]))
        i = end_run
    return out


def _quoted(text: str) -> list[str]:
    """``re.findall(_QUOTED, text)``."""
    if len(text) > _SCAN_LIMIT:
        import re

        return re.findall(_QUOTED, text)
    out: list[str] = []
    n = len(text)
    i = 0
    while i < n:
        if text[i] not in _QUOTES:
            i += 1
            continue
        k = i + 1
        while k < n and text[k] not in _QUOTES and text[k] != "\n":
            k += 1
        if k > i + 1 and k < n and text[k] in _QUOTES:
            out.append(text[i + 1:k])
            i = k + 1
        else:
            i += 1
    return out


def _body(line: str) -> str:
    """A shown line without its scope (``[applies to: …] ``): the lesson's words."""
    return render.split_scope(line)[1]


class Result:
    """What one event delivers: the text for the agent (may be empty) and the lessons it added."""

    __slots__ = ("text", "added", "note", "already")

    def __init__(self, text: str = "", added: list[dict] | None = None, note: str = "",
                 already: list[str] | None = None) -> None:
        self.text = text
        self.added = added or []
        self.note = note  # why nothing was delivered, for `learn deliver`
        self.already = already or []  # ids of matching lessons not repeated: the session was shown them

    def as_dict(self) -> dict:
        return {"text": self.text, "lessons": [{k: a[k] for k in ("store", "id", "tier", "line")}
                                               for a in self.added], "note": self.note,
                "already_shown": self.already}


SHELL_TOOLS = ("Bash", "bash", "exec_command", "shell", "local_shell", "run_shell_command", "shell_command")


class Delivery:
    """Delivery and session bookkeeping for one project (``root``) and working directory (``cwd``)."""

    def __init__(self, root: str, cwd: str, settings: dict, harness: str, log, *, explain: bool = True) -> None:
        self.root = os.path.realpath(root)
        # Say why an event delivered nothing (Result.note, Result.already: `learn deliver`); a hook reads only the
        # text, so it passes False and a prompt that brings nothing is not retrieved a second time to explain it.
        self.explain = explain
        self.cwd = os.path.realpath(cwd) if cwd else self.root
        self.learn_dir = os.path.join(self.root, ".altimate-code", "learn")  # this checkout's approved sets
        self.checkout = locate(self.root)
        self.local_dir = self.checkout.local_dir  # the repository's local state, shared by its worktrees
        self.sessions_dir = os.path.join(self.local_dir, SESSIONS)
        self.settings = settings
        self.harness = harness
        self.log = log
        self._corpus: Corpus | None = None
        self.locks: Locks | None = None
        self.state: SessionState | None = None
        self._edits_noted = False
        self._named_now: list[str] = []  # files a request named whose first batch it brought (_named_batch)

    # --- session context -------------------------------------------------------------------------------
    def has_lessons_or_state(self, session_id: str) -> bool:
        """Cheap check before any lock or write: approved lessons exist, or this session has state."""
        probe = SessionState(self.sessions_dir, session_id, self.harness, self.log)
        if os.path.exists(probe.path):
            return True
        try:
            for entry in os.scandir(self.learn_dir):
                if not entry.name.startswith(".") and os.path.isfile(os.path.join(entry.path, "approved.json")):
                    return True
        except OSError:
            pass
        return self._import_legacy_playbooks()

    def _import_legacy_playbooks(self) -> bool:
        """Import altimate-code's earlier skill-file playbook (`.altimate-code/skills/<store>/SKILL.md`) the first
        time delivery meets it, as altimate-code does on its first read (:mod:`altimate_learn.store.legacy_playbook`), so
        its lessons are delivered without waiting for a learn command. True when a store then has lessons.

        The usual cost is one failed `scandir`; the store layer is imported only when such a file exists."""
        skills = os.path.join(self.root, ".altimate-code", "skills")
        try:
            names = [e.name for e in os.scandir(skills) if e.is_dir(follow_symlinks=False)]
        except OSError:
            return False
        imported = False
        for name in sorted(names):
            store_dir = os.path.join(self.learn_dir, name)
            if any(os.path.exists(os.path.join(store_dir, f)) for f in ("approved.json", "candidate.json")):
                continue
            try:
                with open(os.path.join(skills, name, "SKILL.md"), encoding="utf-8") as handle:
                    if "<!-- learned-playbook v1;" not in handle.read(1 << 20):
                        continue
                from pathlib import Path

                from altimate_learn.store.paths import ProjectPaths
                from altimate_learn.store.store import Store

                with Store(ProjectPaths(Path(self.root)), name).lock(timeout=LOCK_TIMEOUT):
                    pass  # the outermost store lock runs the migration
            except Exception as exc:  # noqa: BLE001 - a hook never fails; the import resumes next time
                self.log(f"legacy playbook {name}: not imported ({type(exc).__name__}: {exc})")
                continue
            imported = imported or os.path.isfile(os.path.join(store_dir, "approved.json"))
        return imported

    def open(self, session_id: str) -> dict:
        """Lock and load the session's state (call :meth:`close` in a ``finally``)."""
        ensure_gitignore(self.learn_dir)
        if self.checkout.shared and has_leftovers(self.checkout):
            self._migrate()
        if self.checkout.shared:
            if self.checkout.kind == LINKED:
                ensure_gitignore(self.local_dir)
            record(self.checkout)  # its sessions stay the repository's after the worktree is removed
        self.locks = Locks(time.monotonic() + LOCK_TIMEOUT)
        self.state = SessionState(self.sessions_dir, session_id, self.harness, self.log)
        self.locks.acquire(self.state.lock_path)
        return self.state.load()

    def _migrate(self) -> None:
        """An earlier version kept this worktree's local state in the worktree: move it into the repository's."""
        try:
            from pathlib import Path

            from altimate_learn.store.migrate import migrate
            from altimate_learn.store.paths import ProjectPaths

            done = migrate(ProjectPaths(Path(self.root)))
            if done is not None and (done.changed or done.problems):
                self.log(done.summary() + "".join(f" Not moved: {p}." for p in done.problems))
        except Exception as exc:  # noqa: BLE001 - the old files stay; the next call tries again
            self.log(f"moving this worktree's local learn state failed: {type(exc).__name__}: {exc}")

    def close(self, save: bool = True) -> None:
        try:
            if save and self.state is not None:
                self.state.save()
        finally:
            if self.locks is not None:
                self.locks.release()

    @property
    def corpus(self) -> Corpus:
        if self._corpus is None:
            self._corpus = load_corpus(self.learn_dir, self.log, snapshot=True)
        return self._corpus

    @property
    def data(self) -> dict:
        assert self.state is not None
        return self.state.data

    def shown_count(self) -> int:
        """Lessons the session was shown: a lesson shown again in its new words after an edit mid-session
        (:meth:`_note_edits`) is one lesson of the cap, not two (its key is the same)."""
        return len({item["key"] for item in self.data["shown"]})

    def remaining(self) -> int:
        return max(0, self.settings["session_max_lessons"] - self.shown_count())

    def stretch(self, nominal: int, most: int | None = None, *, already: int = 0, later: bool = False,
                files: int = 1) -> int:
        """How many lessons an event may add past its nominal ``nominal`` (``most`` at most, default
        ``nominal``; ``already``: lessons this event shows before it): what the session cap leaves after
        them, keeping room for ``files`` batches of a file's lessons (``file_lessons`` each: one more file) and,
        until the session's first later request arrives (``later``: this is one), for that request too
        (``request_lessons``). So a crowded first topic cannot starve the follow-up, and the follow-up can use
        what is left."""
        settings = self.settings
        reserve = files * settings["file_lessons"]
        if not (later or self.data["request_seq"] >= 2):
            reserve += settings["request_lessons"]
        room = min(self.remaining() - reserve, self.extra_room(later)) - already - nominal
        return max(0, min(nominal if most is None else most, room))

    def extra_room(self, later: bool = False) -> int:
        """Lessons the session's first request may still bring past a tier's nominal limit: until a later
        request arrives, what scores like the last one taken, an edit's second batch and what a sibling takes
        of an edit's held-back lessons stop at :data:`EXTRA_SHARE` of ``session_max_lessons`` (28 of the
        default 40; the room :meth:`stretch` keeps for a later request and a file would leave 30, and the
        sibling's share nothing), so a one-request session ends by 28 rather than near the cap. Until the tenth
        round the share was 3/4 (30), with a core tier of 15 that was half of every session; the core tier now
        takes at most 10 unpinned lessons (:func:`select.core_limit`) and the share is 2 less, so the rest of
        the first topic has 3 more (the retrieved tier 13, files their second batches) and a later topic 2 more.
        A later request (a new topic) and its files may use the room up to the cap: cut there too, follow-ups
        lost lessons a crowded store ranks past a file's first five (measured: it cost one follow-up lesson and
        no session size)."""
        settings = self.settings
        if later or self.data["request_seq"] >= 2:
            return settings["session_max_lessons"]
        soft = (settings["session_max_lessons"] * EXTRA_SHARE[0]) // EXTRA_SHARE[1]
        return soft - self.shown_count()

    def pointed_room(self) -> int:
        """In the first topic, how many lessons an edit's second batch may take of those its request points at (a
        relevance above 0 in the file's ranking) or its file's name points at, past what :meth:`extra_room` leaves:
        up to twice ``file_lessons``, while the session stays within :data:`POINTED_SHARE` of ``session_max_lessons``
        (30 of the default 40) and the cap keeps room for a later request and one of its files. A first topic stops at
        28 (core 10, the request's 13, a file's 5 at the defaults in a large store), so the edit of the file the task
        is about brought nothing more, however much its request pointed at a lesson the file's first five left out:
        the folder rule on pandas in the API for a router whose request says `pd.read_sql`, 10th of the router's 67
        lessons behind five rules of its own folder the request shares no word with (blind batch 46). Measured at
        1,000 lessons on every readable task set (with review29 R29-3's fix): 4 needed lessons gained, 1 lost (a
        follow-up's file rule, for want of the room these took), 24.36 -> 24.63 lessons a session; the losses at
        every size are follow-ups whose sessions reach the cap of 40."""
        settings = self.settings
        nominal = settings["file_lessons"]
        soft = (settings["session_max_lessons"] * POINTED_SHARE[0]) // POINTED_SHARE[1]
        return max(0, min(2 * nominal, soft - self.shown_count(),
                          self.remaining() - settings["request_lessons"] - nominal))

    def quiet_room(self, taken: int) -> int:
        """How many lessons past ``taken`` a file's first event may add in a session far under its cap: up to twice
        ``file_lessons``, while the session stays within :data:`QUIET_SHARE` of ``session_max_lessons`` (25 of the
        default 40) and the cap keeps room for a later request and one of its files. A task that only opens a file
        (or whose request matched little) ends at 15 lessons: core 10 and the file's first five, where the file's
        conventions in a large store are dozens at one level (55 of `web/src/**`), ordered by helpfulness when the
        request says nothing of them, and the one the task needs came 6th to 15th (blind batches 42-54). Only in a
        store larger than ``session_max_lessons``, and only past a first five that cut such a bucket level
        (:meth:`file`; an edit's second batch leaves a bucket alone). Measured at 1,000 lessons on every readable task
        set: 13 needed lessons gained, 3 lost (follow-ups whose sessions reach the cap), 24.2 -> 25.6 lessons a
        session; the 84 requests that need nothing get 3.9 more lessons a session (the file tier's)."""
        settings = self.settings
        if len(self.corpus) <= settings["session_max_lessons"]:
            return 0  # a small store: a folder's conventions are a few, and the file's first batch says them
        nominal = settings["file_lessons"]
        soft = (settings["session_max_lessons"] * QUIET_SHARE[0]) // QUIET_SHARE[1]
        reserve = nominal + (0 if self.data["request_seq"] >= 2 else settings["request_lessons"])
        shown = self.shown_count()
        return max(0, min(2 * nominal, soft - shown - taken, self.remaining() - reserve - taken))

    def core_limit(self) -> int:
        """The core tier's limit: ``core_lessons``, of unpinned lessons at most a quarter of ``session_max_lessons``
        (:func:`select.core_limit`)."""
        return select.core_limit(self.corpus, self.settings["core_lessons"], self.settings["session_max_lessons"],
                                 is_set(self.settings, "core_lessons"))

    def select_core(self, exclude: set[str], seen: list[frozenset[str]]) -> list[int]:
        """The core tier to show now (:func:`select.select_core`); in a large store its unpinned lessons scoped to a
        folder wait for the first file there (:func:`select.core_waits`), first among what is waiting."""
        settings = self.settings
        core = select.select_core(self.corpus, self.core_limit(), exclude, seen)
        if not settings["file_hook"] or settings["file_lessons"] <= 0:
            return core  # no file tier to show them later: they come at the start, as before
        now, waiting = select.core_waits(self.corpus, core, settings["core_lessons"], settings["session_max_lessons"],
                                         is_set(settings, "core_lessons"))
        if waiting:
            keys = [self.corpus.keys[i] for i in waiting]
            self.data["deferred"] = (keys + [k for k in self.data["deferred"] if k not in keys])[:MAX_REQUEST_KEYS]
        return now

    def first_limit(self, nominal: int, already: int = 0) -> tuple[int, int]:
        """(limit, stretch) of the first request's retrieved tier: ``nominal`` (``retrieved_lessons``) and what
        :meth:`stretch` allows past it, but together no more than leaves, within the session budget of the first
        topic (:meth:`extra_room`: 28 of the default 40), room for the nominal lessons of one file
        (``file_lessons``; ``already``: lessons this event shows before them, the core tier). With core 15,
        retrieved 15 and a budget of 30 (the eighth round) the request alone filled that budget (and lessons
        scoring like its 15th, one rule written for many folders, went past it), so every file the agent then
        opened added its five on top: sessions of 32-36 lessons with one request. Now the tier takes 13 at the
        defaults (10 with the core tier of 15 before the tenth round); what it leaves are its weakest matches,
        which the file tier brings when they are the file's."""
        room = max(0, self.extra_room() - already - self.settings["file_lessons"])
        limit = min(nominal, room)
        return limit, min(self.stretch(limit, already=already), room - limit)

    def later_limit(self) -> int:
        """The nominal limit of a later request's tier: ``request_lessons``, but when the session cap leaves less
        room than that request and one of its files need (a crowded first topic), the files keep half of it."""
        settings = self.settings
        room = self.remaining()
        files = min(settings["file_lessons"], room // 2)
        return max(0, min(settings["request_lessons"], room - files))

    # --- files a request names ---------------------------------------------------------------------------
    def named_files(self, prompt: str, mentioned: list[str]) -> list[str]:
        """The project's files a request names (at most :data:`MAX_NAMED_FILES`), of the paths it mentions: a file
        that exists, or one the store's lessons are about (:func:`select.names_a_file`: `migrations/0004_orders.py`
        and a lesson scoped to `migrations/**` before the file exists, `test_orders.py` and one scoped to
        `**/test_*.py`), or a name without its folder that stands for one file of the project ("0004_orders.py" for
        `migrations/0004_orders.py`, :meth:`_bare_name`). Not a folder,
        a URL's path ("https://docs.example.com/migrations/x.py", "www.example.com/a.py"), a version ("v1.2.3"),
        "e.g." or a library ("Next.js"), which name no file of the project."""
        settings = self.settings
        tier = settings["retrieved_lessons"] if self.data["first_request"] is None else settings["request_lessons"]
        if not mentioned or not settings["file_hook"] or settings["file_lessons"] <= 0 or tier <= 0:
            return []  # the file tier is off, or the request's tier is (a request then brings nothing)
        if "://" in prompt or "www." in prompt:  # a link's path is another site's
            mentioned = self.mentioned_paths(" ".join(word for word in prompt.split()
                                                      if "://" not in word and not word.startswith(("www.", "(www."))))
        corpus = self.corpus
        if not len(corpus):
            return []
        out: list[str] = []
        folders: list[str] | None = None  # the store's rule folders, listed once for the bare names
        bare = 0
        for path in mentioned:
            full = os.path.join(self.root, path)
            if os.path.isfile(full):
                found = path
            elif os.path.isdir(full):
                continue
            elif select.names_a_file(corpus, path):
                found = path
            elif "/" not in path and bare < MAX_BARE_NAMES:
                bare += 1
                if folders is None:
                    folders = self._rule_folders()
                found = self._bare_name(path, folders)
                if not found:
                    continue
            else:
                continue
            if found not in out:
                out.append(found)
            if len(out) >= MAX_NAMED_FILES:
                break
        return out

    def _rule_folders(self) -> list[str]:
        """The folders of the literal prefixes of the store's path triggers and named files (`migrations` for
        `migrations/**`, `app` for `app/celery_beat.py`), sorted."""
        folders: set[str] = set()
        for entries in self.corpus.routes.values():
            for entry in entries:
                folder = entry[3].rpartition("/")[0]
                if folder:
                    folders.add(folder)
        return sorted(folders)

    def _bare_name(self, path: str, folders: list[str]) -> str:
        """The project's file a file name without its folder stands for ("0004_orders.py" for
        `migrations/0004_orders.py`), or "": the one file of that name that the session touched, else the one file
        of that name that exists in a folder the store's path triggers or named files point at (`migrations/**`,
        `services/api/app/routers/*.py`, `app/celery_beat.py`), found by a few `stat` calls, without listing the
        project. Two or more such files: "" (which one is meant is not said). Not a name without an extension
        of letters (a version, "e.g", a folder), nor one the request writes with a folder."""
        if "/" in path:
            return ""
        stem, dot, extension = path.rpartition(".")
        if not dot or not stem or not extension.isalpha():
            return ""
        touched = {p for p in self.data["touched"] if p.rpartition("/")[2] == path}
        if touched:
            return touched.pop() if len(touched) == 1 else ""
        found: list[str] = []
        for folder in folders:  # ``folders``: :meth:`_rule_folders`
            if os.path.isfile(os.path.join(self.root, folder, path)):
                found.append(f"{folder}/{path}")
                if len(found) > 1:
                    return ""
        return found[0] if found else ""

    def _named_batch(self, named: list[str], terms: list[str], exclude: set[str], seen: list[frozenset[str]],
                     already: int, later: bool = False) -> list[int]:
        """The file tier's lessons for the files a request names (:meth:`named_files`), shown with the request: each
        file's first batch as its first event would bring it (:func:`select.rank_file_scored` against this request,
        ``file_lessons`` and what scores like the last one taken, :func:`select.file_window`), without the lessons the
        request already brings (``exclude``) and near-duplicates of those and of ``seen``. The first file takes its
        batch within what the session cap leaves (``already``: lessons this request shows before them); the others
        only from the room :meth:`stretch` leaves after a later request and one more file. The files are then served
        for this request (:meth:`_served_named`): their Read adds nothing again, an edit brings the second batch."""
        self._named_now = []
        if not named:
            return []
        corpus = self.corpus
        nominal = self.settings["file_lessons"]
        distinct = select.Distinct(corpus, seen)
        keys = corpus.keys
        out: list[int] = []
        for number, path in enumerate(named):
            scored = select.rank_file_scored(corpus, path, terms, nominal, later=later)
            if not scored:
                continue
            taken = already + len(out)
            if number == 0 or not out:
                limit = max(0, min(nominal, self.remaining() - taken))
                stretch = self.stretch(limit, already=taken, later=later)
            else:
                limit = self.stretch(0, nominal, already=taken, later=later)
                stretch = 0
            self._named_now.append(path)
            if limit <= 0:
                continue
            batch = [i for i in select.file_window(scored, nominal, stretch)
                     if keys[i] not in exclude and i not in out]
            out += [i for i in batch if distinct.take(i)][:limit + stretch]
        return out

    def _served_named(self, named: list[str]) -> None:
        """The files :meth:`_named_batch` served with this request count as read for it (``files``, ``touched``)."""
        data = self.data
        for path in self._named_now if named else ():
            if path not in data["touched"]:
                data["touched"].append(path)
                del data["touched"][: max(0, len(data["touched"]) - MAX_TOUCHED)]
            data["files"].pop(path, None)
            data["files"][path] = [data["request_seq"], SERVED_READ, ""]
        self._named_now = []

    # --- recording -------------------------------------------------------------------------------------
    def _record(self, picks: list[tuple[int, str]]) -> list[dict]:
        """Write shown.jsonl and usage.json of each store (under its lock), then add to the session."""
        if not picks:
            return []
        corpus = self.corpus
        at = utc_now()
        added = [{"key": corpus.keys[i], "store": corpus.stores[i], "id": corpus.ids[i], "tier": tier, "at": at,
                  "line": corpus.lines[i]} for i, tier in picks]
        by_store: dict[str, list[dict]] = {}
        for item in added:
            by_store.setdefault(item["store"], []).append(item)
        assert self.locks is not None
        session = self.data["session"]
        # Store locks are held only while writing, so live capture (which takes them through the store
        # layer) never waits on a lock this process holds.
        with Locks(self.locks.deadline) as store_locks:
            store_locks.acquire_peer(self.learn_dir)  # altimate-code's project lock first, as Store.lock does
            for store in sorted(by_store):
                store_locks.acquire(os.path.join(self.local_dir, store, ".lock"))
            for store, items in sorted(by_store.items()):
                store_dir = os.path.join(self.local_dir, store)
                append_shown(store_dir, [{"session": session, "id": it["id"], "tier": it["tier"], "at": at}
                                         for it in items])
                bump_usage(store_dir, [it["id"] for it in items], self.log)
        self.data["shown"].extend(added)
        return added

    def _fit_and_record(self, picks: list[tuple[int, str]], budget: int, heading: str) -> Result:
        picks = picks[: self.remaining()]
        lines = [self.corpus.lines[i] for i, _ in picks]
        text, kept = render.fit(lines, budget, heading)
        added = self._record([picks[k] for k in kept])
        return Result(text, added)

    # --- events ----------------------------------------------------------------------------------------
    def clear(self) -> None:
        """The agent cleared its conversation: the session starts over (its next request gets the section)."""
        self.state.data = new_state(self.data["session"], self.harness)  # type: ignore[union-attr]

    def session_start(self, source: str | None, reserve: int | None = None) -> Result:
        """The session-start section (core tier), within ``budget_tokens`` less ``reserve``: the tokens of the
        learner's blocks the hook gives with it (harness/learned_notes), which the first request's tier leaves
        too (None: none given now; those given before stand)."""
        if source == "clear":
            self.clear()
        data = self.data
        if reserve is not None:
            data["notes_tokens"] = max(0, reserve)
        budget = self.settings["budget_tokens"] - data["notes_tokens"]
        if source == "compact" and data["shown"]:
            text = self._rebuilt(budget)
            data["section"] = text
            data["compactions"] += 1
            return Result(text, note="" if text else "no shown lesson fits the budget")
        if data["section"] is not None and (data["section"] or source != "resume"):  # empty: nothing to keep
            return Result(data["section"], note="" if data["section"] else "the frozen section is empty")
        core = self.select_core(self.shown_keys(), self.shown_words())
        result = self._fit_and_record([(i, "core") for i in core], budget, render.HEADING_START)
        self._say_notes_took(len(core) - len(result.added), "core")
        data["section"] = result.text
        return result

    def _rebuilt(self, budget: int, held: set[str] | frozenset[str] = frozenset()) -> str:
        """A session-start section of the lessons shown so far, as they were shown, within ``budget``; not those whose
        line is in ``held`` (still in the agent's context)."""
        data = self.data
        self._note_edits()  # a lesson edited since it was shown: its new wording, not its old one (review24 R24-12)
        current = {s["key"] for s in data["shown"] if not s.get("edited")}
        again: dict[str, int] = {}
        for item in data["shown"]:
            if item.get("edited") and item["key"] not in current and item["key"] not in again:
                index = self.corpus.keys.position(item["key"])
                if index >= 0:
                    again[item["key"]] = index
        if again:
            self._record([(index, "core") for index in again.values()])
        lines = [s["line"] for s in data["shown"] if not s.get("edited") and s["line"] not in held]
        text, _ = render.fit(lines, budget, render.HEADING_START)
        return text

    def context_replaced(self, texts: list[str]) -> Result:
        """The agent replaced the model's context with one that holds ``texts`` of learn's sections (Gemini CLI's chat
        file: a compression, a resume, a turn rolled back; :func:`altimate_learn.harness.gemini.context_since`): the
        lessons shown this session that it no longer holds come again, as a session-start section within the budget
        (a compaction's rebuild, without what the context kept). They were shown: nothing new is recorded."""
        from altimate_learn.deliver.inherit import sections

        data = self.data
        if not data["shown"]:
            return Result("")
        held = {line for text in texts for _, rows in sections(text) for line in rows}
        text = self._rebuilt(self.settings["budget_tokens"] - data["notes_tokens"], held)
        if text:
            data["compactions"] += 1
        return Result(text)

    def _say_notes_took(self, left: int, tier: str) -> None:
        """Log (`learn deliver` prints it) lessons of a session-start tier the budget left out while the
        learner's blocks took part of it."""
        notes = self.data["notes_tokens"]
        if left > 0 and notes:
            self.log(f"session start: {left} {tier} lesson{'s' if left != 1 else ''} left out: with the learned notes "
                     f"(~{notes} tokens) they do not fit learn.budget_tokens ({self.settings['budget_tokens']})")

    def inherit(self, texts: list[str]) -> int:
        """A new session whose conversation already holds ``texts``, copies of learn's sections sent to the session it
        was forked from (:mod:`altimate_learn.deliver.inherit`): the lessons whose lines they hold count as shown
        (recorded in this session's state only, tier ``inherited``: nothing is sent, so no `shown.jsonl` line and no
        usage), and its next request is a later one. A copied session-start section is kept as this session's: the
        conversation holds it, so the start event sends nothing (the hook checks :attr:`data` ``section``). A line
        that is no approved lesson's line now (edited or retired since) marks nothing. Returns how many were marked."""
        from altimate_learn.deliver.inherit import INHERITED, sections

        data = self.data
        corpus = self.corpus
        lines: dict[str, None] = {}
        for text in texts:
            for heading, rows in sections(text):
                if heading == render.HEADING_START and data["section"] is None:
                    data["section"] = render.wrap(heading, rows)
                lines.update(dict.fromkeys(rows))
        if not lines:
            return 0
        index: dict[str, int] = {}
        for position, line in enumerate(corpus.lines):
            if line in lines:
                index.setdefault(line, position)
        shown = self.shown_keys()
        at = utc_now()
        added = []
        for line in lines:
            i = index.get(line)
            if i is None or corpus.keys[i] in shown:
                continue
            shown.add(corpus.keys[i])
            added.append({"key": corpus.keys[i], "store": corpus.stores[i], "id": corpus.ids[i], "tier": INHERITED,
                          "at": at, "line": line})
        data["shown"].extend(added)
        if data["first_request"] is None and (added or data["section"] is not None):
            data["first_request"] = INHERITED
        return len(added)

    def resumed(self) -> None:
        """The session was resumed where the start event carries no context (Gemini CLI answers nothing at
        SessionStart; the section goes with the first request): a section frozen empty (nothing was approved
        when the session began) is nothing to keep byte-stable, so the next request brings the core tier with
        its own lessons, as :meth:`session_start` builds it on a resume where the start event carries context."""
        if self.data["section"] == "" and self.data["first_request"] is not None:
            self.data["section"] = None

    def shown_keys(self) -> set[str]:
        """Keys of the lessons shown this session, but not those whose text changed since (:meth:`_note_edits`)."""
        self._note_edits()
        return {s["key"] for s in self.data["shown"] if not s.get("edited")}

    def shown_words(self) -> list[frozenset[str]]:
        """Word sets of the lessons shown this session (as shown, without their scope), so a near-duplicate
        of one is not shown again (:class:`select.Distinct`); not the old wording of a lesson edited since, which
        the new one would otherwise repeat."""
        self._note_edits()
        return [word_set(_body(item["line"])) for item in self.data["shown"] if not item.get("edited")]

    def _note_edits(self) -> None:
        """When the approved set changed since the session last looked (a pull, a `learn promote` mid-session),
        mark the lessons it was shown whose text is no longer what it was shown (``edited``): a person who fixed a
        wrong lesson expects the agent to get the new text, so the lesson counts as not shown and comes again,
        once, when a request or file it is relevant to comes (the frozen section keeps its bytes). A lesson
        retired since is not shown again, and an edit of its scope alone is no new text. Only the few shown keys
        are looked up, and only after a change (the set's content key, :attr:`Corpus.content`)."""
        if self._edits_noted or self.state is None:
            return
        self._edits_noted = True
        data = self.data
        content = self.corpus.content
        if not content or data["corpus"] == content:
            return
        data["corpus"] = content
        corpus = self.corpus
        edited: list[str] = []
        for item in data["shown"]:
            if item.get("edited"):
                continue
            index = corpus.keys.position(item["key"])
            if index >= 0 and _body(corpus.lines[index]) != _body(item["line"]):
                item["edited"] = True
                edited.append(str(item.get("id") or item["key"]))
        if edited:
            self.log(f"{', '.join(dict.fromkeys(edited))}: edited since this session was shown "
                     f"{'it' if len(set(edited)) == 1 else 'them'}; the new text comes with the next request or file "
                     "it is relevant to")

    def _still_approved(self, text: str) -> bool:
        """Whether every lesson line of a note given earlier is still a lesson of the approved set, in those words. A
        request known by its words only (no prompt id: Claude Code's prompts, `learn deliver --request`) that repeats
        gets the same bytes, but not a lesson retired or edited since: the same words may be a person asking again,
        and one who did after a promote replaced a rule got the old rule again (trial29 T29-2). The same prompt id
        is the same event: its bytes stay. Only read when a request repeats."""
        lines = [line[2:] for line in text.splitlines() if line.startswith("- ")]
        if not lines:
            return True
        approved = set(self.corpus.lines)
        return all(line in approved for line in lines)

    def request(self, prompt: str, key: str | None = None, reserve: int = 0) -> Result:
        """The lessons for a user request; the session's first gets the retrieved tier (with the core tier when
        there was no session start), within ``budget_tokens`` less the section's and the learner's blocks'
        tokens (``reserve``: given with this request; else those given at session start)."""
        data = self.data
        worded = not key  # known by its words only: the same words again may be a new request (a person's retyping)
        key = key or "h:" + sha256(prompt.encode("utf-8", "surrogateescape")).hexdigest()[:24]
        if key in data["requests"]:
            if not worded or self._still_approved(data["requests"][key]):
                return Result(data["requests"][key], note="" if data["requests"][key] else "already answered")
            del data["requests"][key]  # a lesson it showed was retired or edited since: answer it again, as it is now
        corpus = self.corpus
        settings = self.settings
        prompt, pasted = self._readable(prompt)
        mentioned = self.mentioned_paths(pasted)
        first = data["first_request"] is None
        typo = select.typo_fix(prompt)  # a typo fix needs no convention: its words bring none (select.typo_fix)
        named = self.named_files(pasted, mentioned)
        if first:
            existing = [p for p in mentioned if os.path.isfile(os.path.join(self.root, p))]
            terms = select.query_terms(corpus, "\n".join([prompt, *existing]))
            exclude = self.shown_keys()
            seen = self.shown_words()
            limit = settings["retrieved_lessons"]
            if data["section"] is None:
                core = self.select_core(exclude, seen)
                exclude |= {corpus.keys[i] for i in core}
                seen += [word_set(corpus.texts[i]) for i in core]
                limit, stretch = self.first_limit(limit, already=len(core))
                found = [] if typo else select.retrieve(corpus, terms, limit, exclude, paths=mentioned,
                                                        stretch=stretch, seen=seen)
                found = self._defer(terms, found, mentioned)
                files = self._named_batch(named, terms, exclude | {corpus.keys[i] for i in found},
                                          seen + [word_set(corpus.texts[i]) for i in found], len(core) + len(found))
                data["notes_tokens"] = max(0, reserve)
                result = self._fit_and_record([(i, "core") for i in core] + [(i, "retrieved") for i in found]
                                              + [(i, "file") for i in files],
                                              settings["budget_tokens"] - data["notes_tokens"], render.HEADING_START)
                self._say_notes_took(len(core) + len(found) - len(result.added), "core and retrieved")
                data["section"] = result.text
            else:
                limit, stretch = self.first_limit(limit)
                found = [] if typo else select.retrieve(corpus, terms, limit, exclude, paths=mentioned,
                                                        stretch=stretch, seen=seen)
                found = self._defer(terms, found, mentioned)
                files = self._named_batch(named, terms, exclude | {corpus.keys[i] for i in found},
                                          seen + [word_set(corpus.texts[i]) for i in found], len(found))
                budget = settings["budget_tokens"] - render.estimate_tokens(data["section"]) - data["notes_tokens"]
                result = self._fit_and_record([(i, "retrieved") for i in found] + [(i, "file") for i in files], budget,
                                              render.HEADING_RETRIEVED)
                self._say_notes_took(len(found) - len(result.added), "retrieved")
                data["start_note"] = result.text
            data["first_request"] = key
        else:
            core = []
            if data["section"] is None:  # a resume after an empty section, where the start event brings nothing
                core = self.select_core(self.shown_keys(), self.shown_words())
            terms = select.query_terms(corpus, prompt)
            limit = self.later_limit()
            exclude = self.shown_keys() | {corpus.keys[i] for i in core}
            seen = self.shown_words() + [word_set(corpus.texts[i]) for i in core]
            found = [] if typo else select.retrieve(
                corpus, terms, limit, exclude, paths=mentioned,
                touched=data["touched"], stretch=self.stretch(limit, later=True, already=len(core),
                                                              files=LATER_FILE_BATCHES),
                seen=seen, few=settings["request_lessons"])  # none relevant: what a rare word names
            found = self._defer(terms, found, mentioned)
            files = self._named_batch(named, terms, exclude | {corpus.keys[i] for i in found},
                                      seen + [word_set(corpus.texts[i]) for i in found], len(core) + len(found),
                                      later=True)
            result = self._fit_and_record([(i, "core") for i in core] + [(i, "request") for i in found]
                                          + [(i, "file") for i in files],
                                          settings["budget_tokens"],
                                          render.HEADING_START if core else render.HEADING_REQUEST)
            if data["section"] is None:
                data["section"] = result.text
        data["terms"] = terms
        from altimate_learn.deliver.contents import kept_terms

        data["kept"] = kept_terms(prompt, self.corpus.vocabulary)  # what the request keeps, so a read file's code never brings its rule
        data["request_seq"] += 1
        self._served_named(named)
        data["requests"][key] = result.text
        if len(data["requests"]) > MAX_REQUEST_KEYS:
            for old in list(data["requests"])[: len(data["requests"]) - MAX_REQUEST_KEYS]:
                del data["requests"][old]
        if typo and not result.text and not result.note and self.explain:
            result.note = "the request only fixes a typo: its words bring no lessons"
        if not result.text and not result.note and self.explain:
            limit = settings["retrieved_lessons"] if first else settings["request_lessons"]
            matched = select.retrieve(corpus, terms, max(limit, 1), paths=mentioned, distinct=False) if len(corpus) else []
            self._explain(result, matched, "this request", limit, terms)
        return result

    def _readable(self, prompt: str) -> tuple[str, str]:
        """(what of a request its words are matched on, what of it the files it names are read from): all of it, or
        its start and end when it is longer than :data:`REQUEST_CHARS` (words) or :data:`PATH_CHARS` (paths); said in
        the log (hook.log, `learn deliver`)."""
        if len(prompt) <= REQUEST_CHARS:
            return prompt, prompt
        from altimate_learn.textclip import head_and_tail

        read = head_and_tail(prompt, REQUEST_CHARS)
        paths = prompt if len(prompt) <= PATH_CHARS else head_and_tail(prompt, PATH_CHARS)
        self.log(f"request of {len(prompt):,} characters: its lessons were matched on its start and end "
                 f"({len(read):,} characters; at most {REQUEST_CHARS:,} are read), the files it names on "
                 f"{len(paths):,} (at most {PATH_CHARS:,})")
        return read, paths

    def _defer(self, terms: list[str], found: list[int], mentioned: list[str]) -> list[int]:
        """A request's retrieved lessons to show now; those matched weakly and scoped to files the request does
        not name wait for a file in their scope (:func:`select.defer_scoped`, :meth:`file`), after those an
        earlier request left waiting that the session has not shown yet (at most :data:`MAX_REQUEST_KEYS`)."""
        now, waiting = select.defer_scoped(self.corpus, terms, found, mentioned + self.data["touched"])
        keys = [self.corpus.keys[i] for i in waiting]
        shown = self.shown_keys()
        earlier = [k for k in self.data["deferred"] if isinstance(k, str) and k not in shown and k not in keys]
        self.data["deferred"] = (keys + earlier)[:MAX_REQUEST_KEYS]
        return now

    def _explain(self, result: Result, matched: list[int], what: str, limit: int,
                 terms: list[str] | None = None) -> None:
        """Why an event delivered nothing, in words that say what happened (for `learn deliver`): of the lessons
        that match, which the session was shown, which say the same as one shown or set the same thing to
        another value (:class:`select.Distinct`), or that a limit left them out; when none matches, whether
        lessons share words with a request (``terms``) too few to pass the relevance floor
        (:func:`select.relevant`)."""
        corpus = self.corpus
        if not len(corpus):
            result.note = "no approved lessons"
            return
        if limit <= 0:
            result.note = f"the tier for {what} is turned off (its limit is 0)"
            return
        if not matched:
            result.note = f"no approved lesson matched {what}" + (self._below_floor(terms) if terms else "")
            return
        shown = self.shown_keys()
        distinct = select.Distinct(corpus, self.shown_words())
        seen = [i for i in matched if corpus.keys[i] in shown]
        left = [i for i in matched if corpus.keys[i] not in shown and not distinct.take(i)]
        conflicting = [i for i in left if i in distinct.conflicts]
        alike = [i for i in left if i not in distinct.conflicts]
        rest = [i for i in matched if i not in seen and i not in left]
        result.already = [corpus.ids[i] for i in seen + alike + conflicting]

        def named(items: list[int]) -> str:
            return ", ".join(corpus.ids[i] for i in items)

        if len(seen) == len(matched):
            result.note = f"every lesson that matches {what} was already shown in this session ({named(seen)})"
            return
        parts = [f"{label} ({named(items)})" for label, items in (
            ("already shown in this session", seen),
            ("saying the same as a lesson shown", alike),
            ("setting the same thing to another value than a lesson shown", conflicting)) if items]
        if rest and self.remaining() <= 0:
            parts.append(f"left out: the session has shown {self.shown_count()} lessons, its limit "
                         f"(learn.session_max_lessons) ({named(rest)})")
        elif rest:
            parts.append(f"left out: they do not fit the token budget (learn.budget_tokens) ({named(rest)})")
        result.note = f"of the lessons that match {what}: " + "; ".join(parts)

    def _below_floor(self, terms: list[str]) -> str:
        """For a request nothing matched: how many lessons share a word with it, too little evidence to show them
        (:func:`select.relevant`), naming the closest three; empty when none shares a word."""
        corpus = self.corpus
        stated = [t for t in terms if not t.startswith(select.IMPLIED)]  # a guessed concern is no shared word
        scores, _, _ = corpus.bm25.evidence(stated, select.concept_links(corpus, stated), implied=False)
        near = sorted(scores, key=lambda i: (-scores[i], corpus.ids[i]))
        if not near:
            return ""
        more = ", …" if len(near) > 3 else ""
        count = f"{len(near)} lesson shares" if len(near) == 1 else f"{len(near)} lessons share"
        return (f" closely enough: {count} too few words with it to count ({', '.join(corpus.ids[i] for i in near[:3])}"
                f"{more}); name the convention or the file it is about")

    def file(self, path: str, write: bool = False, call: str | None = None, edit: object = None,
             seen: str = "") -> Result:
        """The file tier for one file event (``write``: the tool changes the file; ``call``: the tool call's
        id, so the Pre and Post events of one call count once; ``edit``: the tool's input, whose text written
        into the file names code some lessons are about, :mod:`altimate_learn.deliver.edits`; ``seen``: the text a
        read returned, whose code names the lessons it is about, :mod:`altimate_learn.deliver.contents`).

        The file is the unit, not the event (Claude Code alone sends four events for reading and then
        editing one file): its lessons are the first ``file_lessons`` of its ranking, and an event shows
        those the session has not seen yet. So the file's first event shows them and its later events
        add nothing, until a new request changes the ranking (then only lessons that entered the top
        arrive). The first event may go past ``file_lessons`` for lessons that are as relevant to the
        request as the last one taken (:func:`select.file_window`). The first edit after that adds what
        the limit held back at the level where it cut (:func:`select.held_back`): the agent is changing
        the file now. A first event that writes the file (a new file written whole, a Codex patch: no Read
        before it) brings that second batch with the first, and a later edit of the file for the same request
        counts as a later edit. That second batch, up to twice ``file_lessons``, and anything past a nominal limit,
        comes only from what the session cap leaves after room for a later request and file
        (:meth:`stretch`). A file whose first event has nothing new (a sibling of the file just edited)
        takes that room for what the edit held back (:meth:`_held_for`).

        An edit whose text holds code a lesson that applies to the file (or to every file) names in backticks
        (`asyncio.gather(` and "Use `asyncio.TaskGroup` instead of bare `gather()`") shows that lesson first, up to
        ``file_lessons`` such lessons, in the room the event has (a first event's batch; an edit's second batch, in a
        later topic with the room its request's lessons may take: never the room :meth:`stretch` keeps for a later
        request, review25 R25-11). A later edit of the same file in the same request shows only such lessons, in
        the room of a second batch.
        """
        relative = self.relative(path)
        if relative is None:
            return Result(note="the file is outside the project")
        data = self.data
        if relative not in data["touched"]:
            data["touched"].append(relative)
            del data["touched"][: max(0, len(data["touched"]) - MAX_TOUCHED)]
        settings = self.settings
        limit = min(settings["file_lessons"], self.remaining())
        if not settings["file_hook"] or settings["file_lessons"] <= 0:
            return Result(note="the file tier is turned off (learn.file_hook or learn.file_lessons)")
        if limit <= 0:
            return Result(note=f"the session has shown {self.shown_count()} lessons, its limit "
                               "(learn.session_max_lessons)")
        files = data["files"]
        context = data["request_seq"]
        record = files.get(relative)
        valid = isinstance(record, list) and len(record) == 3 and record[0] == context and isinstance(record[1], int)
        served = record[1] if valid else 0
        same_call = valid and bool(call) and record[2] == call
        code_text = ""
        if write and edit is not None:  # imported here: a Read never needs it
            from altimate_learn.deliver import edits

            code_text = edits.written(edit, lambda named: self.relative(named) == relative)
        if seen and served and not write:  # the read's result, after its first event: what the file's code names
            return self._seen(relative, seen)
        again = False  # a later edit of a file served for this request: only what its code names
        if served and (not write or served & SERVED_WRITE or same_call):
            if same_call or not code_text:
                return Result(note="this file's lessons were already delivered for this request")
            again = True
        files.pop(relative, None)  # most recent last, so the oldest are dropped first
        # a first event that writes the file is its read and its edit (both batches come with it, below)
        files[relative] = [context, (served | SERVED_WRITE) if served else SERVED_READ | (SERVED_WRITE if write else 0),
                           call or ""]
        if len(files) > MAX_TOUCHED:
            for old in list(files)[: len(files) - MAX_TOUCHED]:
                del files[old]
        corpus = self.corpus
        nominal = settings["file_lessons"]
        scored = select.rank_file_scored(corpus, relative, data["terms"], nominal, later=data["request_seq"] >= 2)
        code: list[int] = []
        if seen and not write:  # a read whose first event this is (no PreToolUse before it): its code comes first
            from altimate_learn.deliver import contents

            code = contents.points(corpus, seen, scored, nominal, data.get("kept") or [])[:CONTENT_LESSONS]
        elif code_text:
            matched = {i for i, _, _ in scored}
            scoped = corpus.scoped
            code = edits.code_points(corpus, code_text, lambda doc: doc in matched or not scoped[doc], nominal,
                                     [i for i, level, _ in scored if level > 0])
        pointed = 0
        if again:  # the room of an edit's second batch: never what the cap keeps for a later request and file
            window, allowed = [], self.stretch(0, nominal)
        elif served:  # an edit after the file was served: what the limit held back, if the session has room
            window = select.held_back(scored, nominal, corpus, data["terms"], relative)
            allowed = self.stretch(0, 2 * nominal)
            # in a later topic the file being edited is the follow-up's work: what its request points at may also
            # take the room kept for another file; in the first topic, the room up to POINTED_SHARE (pointed_room)
            pointed = self.stretch(0, 2 * nominal, files=0) if data["request_seq"] >= 2 else self.pointed_room()
        else:
            stretch = self.stretch(limit)
            window = select.file_window(scored, nominal, stretch)
            allowed = limit + stretch
            # a session far under its cap, and the file's window cut a bucket of conventions (more than BUCKET x
            # file_lessons at one level, which an edit's second batch leaves alone): that level's next lessons
            bucket = scored[len(window) - 1][1] if window and len(scored) > len(window) else None
            quiet = 0 if write or bucket is None or bucket <= 0 or sum(
                1 for _, level, _ in scored if level == bucket) <= select.BUCKET * nominal else self.quiet_room(len(window))
            if quiet > 0:
                allowed = min(allowed, len(window)) + quiet
                window = window + [i for i, level, _ in scored[len(window):len(window) + quiet + nominal] if level == bucket]
            if write:  # the agent changes the file at its first event: an edit's second batch comes with it
                more = select.held_back(scored, nominal, corpus, data["terms"], relative)
                window = window + [i for i in more if i not in window]
                allowed = limit + max(stretch, self.stretch(limit, 2 * nominal))
            if data["deferred"]:  # what a request matched for this file's scope comes first
                waiting = set(data["deferred"])
                first = [i for i, _, _ in scored if corpus.keys[i] in waiting]
                if first:  # in its scope, not matched through a backticked identifier alone (those keep waiting)
                    scope = select.in_scope(corpus, [relative])
                    first = [i for i in first if i in scope]
                window = first + [i for i in window if i not in first]
        shown = self.shown_keys()
        distinct = select.Distinct(corpus, self.shown_words())
        named_code = set(code)
        # The candidates not shown and no near-duplicate, in order, read only as far as the room needs (an edit's
        # window holds every lesson below the cut, hundreds in a large store): each is checked against those before
        # it, so what is taken is the same as reading all of them.
        order = list(dict.fromkeys(code + window))
        fresh: list[int] = []
        counts = [0, 0]  # fresh lessons the code names, and others
        at = 0

        def pull(named_wanted: int, others_wanted: int, upto: int = len(order)) -> None:
            nonlocal at
            while at < upto and (counts[0] < named_wanted or counts[1] < others_wanted):
                i = order[at]
                at += 1
                if corpus.keys[i] not in shown and distinct.take(i):
                    fresh.append(i)
                    counts[i not in named_code] += 1

        # in the room this event has (in a later topic an edit's second batch also what its request points at may take)
        wanted = min(limit, max(allowed, pointed))
        pull(wanted, 0, len(dict.fromkeys(code)))  # the code's lessons come first in ``order``: none is named past them
        first = [i for i in fresh if i in named_code][:wanted]
        pull(0, max(0, allowed - len(first)))
        found = first + [i for i in fresh if i not in named_code][:max(0, allowed - len(first))]
        if not found and not again and not served:
            pull(len(order), len(order))  # all of them: what follows takes after them
        if pointed > len(found):  # an edit: what the request or the file's name points at, in the room of a file (a
            relevance = {i: r for i, _, r in scored}  # later topic) or up to POINTED_SHARE (the first)
            stem = relative.rpartition("/")[2].split(".", 1)[0]  # a file named by one word is that thing
            named = select.name_points(corpus, relative, {i: level for i, level, _ in scored}, nominal) \
                if stem.isalpha() else set()
            taken = set(found)

            def points(i: int) -> bool:
                return i not in taken and (relevance.get(i, 0.0) > 0 or i in named)

            want = pointed - len(found)
            more = [i for i in fresh if points(i)][:want]
            # read on only as far as these need, and only these (an edit's window holds hundreds at 10,000)
            while len(more) < want and at < len(order):
                i = order[at]
                at += 1
                if points(i) and corpus.keys[i] not in shown and distinct.take(i):
                    more.append(i)
            found += more
        if again:
            pass
        elif served:  # what this edit held back for want of room, in order, for a sibling file of this request
            data["held"] = [context, [corpus.keys[i] for i in dict.fromkeys(window)
                                      if corpus.keys[i] not in shown and i not in found]]
        elif not found:
            found = self._held_for(scored, context, distinct)
        result = self._fit_and_record([(i, "file") for i in found], settings["budget_tokens"],
                                      render.file_heading(relative))
        if not result.text and self.explain:
            self._explain(result, window, "this file", limit)
        return result

    def _seen(self, relative: str, text: str) -> Result:
        """A read's result for a file whose lessons this request already got at the read's first event: the lessons
        the file's code names (:func:`altimate_learn.deliver.contents.points`: code they ban, idioms they speak of,
        code with an underscore they govern) that the session has not shown, at most :data:`CONTENT_LESSONS`, in the
        room an edit's second batch has (:meth:`pointed_room` in the first topic; in a later one what the cap leaves
        past a later file's room). The text is read here and dropped: nothing of it is kept."""
        from altimate_learn.deliver import contents

        corpus = self.corpus
        data = self.data
        nominal = self.settings["file_lessons"]
        room = self.pointed_room() if data["request_seq"] < 2 else self.stretch(0, 2 * nominal, files=0)
        room = min(CONTENT_LESSONS, room, self.remaining())
        if room <= 0:
            return Result(note="this file's lessons were already delivered for this request")
        scored = select.rank_file_scored(corpus, relative, data["terms"], nominal, later=data["request_seq"] >= 2)
        named = contents.points(corpus, text, scored, nominal, data.get("kept") or [])
        shown = self.shown_keys()
        distinct = select.Distinct(corpus, self.shown_words())
        found = [i for i in named if corpus.keys[i] not in shown and distinct.take(i)][:room]
        if not found:
            return Result(note="this file's lessons were already delivered for this request; its code names no other")
        return self._fit_and_record([(i, "file") for i in found], self.settings["budget_tokens"],
                                    render.file_heading(relative))

    def _held_for(self, scored: list[tuple[int, float, float]], context: int, distinct: select.Distinct) -> list[int]:
        """A file's first event that has nothing new to show (its top lessons were shown with a sibling file
        of this request, or with the request) takes its lessons from what an edit of this request held back
        for want of room, in the order the edit ranked them: the room :meth:`stretch` kept for one more file
        is this file's, and the conventions of the folder the agent keeps working in are what it would have
        brought. At most ``file_lessons``, within the session cap and, until the first later request, its
        room."""
        held = self.data["held"]
        if not (isinstance(held, list) and len(held) == 2 and held[0] == context and held[1]):
            return []
        corpus = self.corpus
        settings = self.settings
        reserve = 0 if self.data["request_seq"] >= 2 else settings["request_lessons"]
        room = max(0, min(settings["file_lessons"], self.remaining() - reserve, self.extra_room()))
        order = {key: n for n, key in enumerate(held[1])}
        shown = self.shown_keys()
        mine = sorted((i for i, _, _ in scored if corpus.keys[i] in order and corpus.keys[i] not in shown),
                      key=lambda i: order[corpus.keys[i]])
        return [i for i in mine if distinct.take(i)][:room]

    def tool_failure(self, tool: str) -> Result:
        """A call of ``tool`` just failed: the lessons the tool-errors channel learned about that tool's failures
        (texts ``When `TOOL` fails with …``), not yet shown this session, at most ``file_lessons``."""
        limit = min(self.settings["file_lessons"], self.remaining())
        if not tool or limit <= 0:
            return Result(note="the tool tier is off or the session cap is reached")
        # The shell tool has a different name in each agent and in its transcripts (Codex's hook says `Bash`,
        # its rollout `exec_command`): a shell failure gets the shell lessons whichever agent taught them.
        names = SHELL_TOOLS if tool in SHELL_TOOLS else (tool,)
        prefixes = tuple(f"When `{name}` fails with " for name in names)
        corpus = self.corpus
        shown = self.shown_keys()
        found = [i for i in range(len(corpus)) if corpus.texts[i].startswith(prefixes) and corpus.keys[i] not in shown]
        found = sorted(found, key=lambda i: -corpus.net[i])[:limit]
        result = self._fit_and_record([(i, "tool") for i in found], self.settings["budget_tokens"],
                                      render.tool_heading(tool))
        if not result.text:
            result.note = "no approved lesson about this tool's failures"
        return result

    # --- paths -----------------------------------------------------------------------------------------
    def relative(self, path: str) -> str | None:
        """``path`` (absolute, or relative to the working directory) relative to the project root."""
        if not path or "\0" in path:
            return None
        path = path.replace("\\", "/")
        absolute = os.path.normpath(os.path.join(self.cwd, os.path.expanduser(path)))
        rel = os.path.relpath(absolute, self.root)
        if rel == "." or rel == ".." or rel.startswith("../") or os.path.isabs(rel):
            real = os.path.realpath(absolute)  # the agent may name the project through a symlink
            rel = os.path.relpath(real, self.root)
            if rel == "." or rel == ".." or rel.startswith("../") or os.path.isabs(rel):
                return None
        return rel.replace(os.sep, "/")

    def mentioned_paths(self, text: str) -> list[str]:
        """Project-relative paths a request names (whether or not they exist yet); nothing is listed."""
        text = text.replace("\\", "/")
        if not _may_name_a_path(text):
            return []
        words = _path_words(text) + [q for q in _quoted(text) if "." in q or "/" in q]
        found: dict[str, None] = {}
        for word in words:
            candidate = word.rstrip(".,:;")
            if not candidate or len(candidate) > 300:
                continue
            for option in ([candidate, candidate[1:]] if candidate.startswith("@") else [candidate]):
                for base in dict.fromkeys([self.cwd, self.root]):
                    absolute = os.path.normpath(os.path.join(base, option))
                    rel = os.path.relpath(absolute, self.root)
                    if rel == "." or rel.startswith("..") or os.path.isabs(rel):
                        continue
                    found[rel.replace(os.sep, "/")] = None
            if len(found) > 50:
                break
        return sorted(found)

