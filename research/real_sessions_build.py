"""Build `research/data/real/` from public repositories fetched as bare git mirrors (not run by CI).

    python research/real_sessions_build.py MIRRORS_DIR [--only owner/name ...]

It reads each repository listed in `research/data/real/SOURCES.tsv` (columns: repo, commit, path, harness,
licence) from `MIRRORS_DIR/<owner>+<name>/repo` with `git show COMMIT:PATH`, parses the session format
named by `harness`, and writes one generic trajectory (docs/generic-trajectory.md) per session to
`research/data/real/sessions/<owner>__<name>/<n>.jsonl`, keeping only what the classifier and the reflector
need: the messages the person typed and the assistant answer each one replied to (its first `ASSISTANT_HEAD`
characters, where an agent owns up to a mistake or says what it is about to do, and its last `ASSISTANT_KEEP`,
where it says what it did, joined by `ANSWER_JOINER`), the answer after the last typed message, and on an answer's
record the opening of the reasoning the agent wrote before it (`thinking`, `THINKING_HEAD` characters). Everything is
redacted with
`altimate_learn.redact` (e-mail addresses replaced too) and clipped; tool output, code blocks the agent wrote, and text a harness or a
script put in the user's turn are dropped.

The formats (aider, SpecStory, Claude Code, Codex, Antigravity, OpenCode, Gemini CLI, Markdown transcripts) and what
in each is typed are described and parsed in `research/real_sessions_formats.py`, the formats added since (the first
Codex CLI rollouts, Gemini CLI's JSONL chats, OpenCode's SQLite store) in `research/real_sessions_formats_more.py`. A binary
format (OpenCode's store) is read from the file's bytes and those of the files committed next to it (its write-ahead log).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from altimate_learn.redact import find_secrets, redact  # noqa: E402
from research.real_sessions_formats import Session, parse_aider, squeeze  # noqa: E402
from research.real_sessions_formats_more import AGENTS, BLOB_PARSERS, PARSERS  # noqa: E402

DATA = ROOT / "research" / "data" / "real"
USER_KEEP = 1500
ASSISTANT_HEAD = 300  # an answer's start: "You're right, I misread…", "Good catch", what the agent set out to do
ASSISTANT_KEEP = 600  # an answer's end: what the agent says it did
ANSWER_JOINER = "\n[\u2026]\n"
# The opening of the agent's reasoning after a typed message, up to and with its first words ("The user is pointing
# out that I broke…"): kept on the answer's record as `thinking`, when the agent wrote any.
THINKING_HEAD = 300
# The session record of a session built with both ends of every answer says so (sessions built before keep an
# answer's last 600 characters only, and no `clip`).
CLIP = {"answer_head": ASSISTANT_HEAD, "answer_tail": ASSISTANT_KEEP}
MAX_MESSAGES_PER_REPO = 40  # so that no one repository decides the numbers
MAX_MESSAGES_PER_NEW_REPO = 20  # repositories of owners added since 2026-12: more owners, fewer messages each


def message_cap(repo: str) -> int:
    """40 typed messages for the first collection's owners (as built then), 20 for owners added since."""
    from research.data.real_sessions import first_owners

    return MAX_MESSAGES_PER_REPO if repo.split("/")[0].lower() in first_owners() else MAX_MESSAGES_PER_NEW_REPO


# -- helpers ---------------------------------------------------------------------------------------------

_FENCE = re.compile(r"^\s*(```|~~~)")


def strip_code_blocks(text: str, placeholder: str = "[code]") -> str:
    out, in_fence = [], False
    for line in text.splitlines():
        if _FENCE.match(line):
            if not in_fence:
                out.append(placeholder)
            in_fence = not in_fence
            continue
        if not in_fence:
            out.append(line)
    return "\n".join(out)


def ends(text: str, first: int = ASSISTANT_HEAD, last: int = ASSISTANT_KEEP) -> str:
    """An answer's first ``first`` and last ``last`` characters joined by `ANSWER_JOINER`; the whole answer when that
    would be no shorter. Redact before clipping, so that no secret is cut in two and left half-readable."""
    text = squeeze(text)
    return text if len(text) <= first + last + len(ANSWER_JOINER) else text[:first] + ANSWER_JOINER + text[-last:]


# An address is bounded by ASCII only: written straight after or before Japanese or Chinese text
# ("問い合わせ先はhello@example.jpで") it has no word boundary, and `\b` / `\w` let it through.
_EMAIL = re.compile(r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@(?!example\.com(?![A-Za-z0-9-]))"
                    r"[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![A-Za-z0-9])")
# A credential argument the redactor did not take at the time of writing (`mongosh -u admin -p secret123`);
# reported to the redactor's owners, scrubbed here as well.
_PASSWORD_ARG = re.compile(r"((?<![\w-])-u\s+\S+\s+-p\s+)(?!\[REDACTED)[^\s`\"]+")


# Also scrubbed here, found when the corpus grew (2026-12) and not taken by the redactor then: a browser's
# cookies pasted as a curl command (`-b '…'`, `-H 'Cookie: …'`), a value assigned to a name that says it is a
# secret, pepper or salt (`SYSTEM_PEPPER = "…"`), a password stated in Spanish or Portuguese prose, and
# international phone numbers (`+79…` in a pasted log).
_COOKIE_ARG = re.compile(r"""((?:(?<![\w-])(?:-b|--cookie)\s+|-H\s+(['"])cookie:\s*)(['"]?))(?!\[REDACTED)[^'"\n]+""", re.I)
# A Cookie header's whole value (2026-12-05 #15: a browser request pasted whole; the redactor takes the name=value pairs
# it can read, value by value, and stops at the first it cannot, `g_state={"i_l":0}` or a value cut by a comma, so the
# cookies after it, and short ones, stayed): the value of a `Cookie:` / `Set-Cookie:` header line to its end, of a
# quoted `"cookie": "…"` (fetch, a Python dict, a HAR entry's `"name": "Cookie", "value": "…"`) to its closing quote,
# and of DevTools' copied header list, where the name stands on its own line and the value on the next. A value needs
# an `=` (a cookie pair), so prose ("Cookie: it was missing") and a quoted git branch (`git checkout -b "fix/x"`) are
# left alone. Curl's quoted `-H 'Cookie: …'` and `-b '…'` are taken to their closing quote (a `"` inside a single-quoted
# value, or an escaped one, no longer ends it).
_COOKIE_LINE = re.compile(r"(?im)^([ \t>*-]*(?:set-)?cookie[ \t]*:[ \t]*)(?=\S)(?!\[REDACTED:cookie\]\s*$)(?=[^\n]*=)[^\n]+")
_COOKIE_QUOTED = re.compile(r"""((['"])(?:set-)?cookie\2\s*:\s*(['"]))(?!\[REDACTED:cookie\]\3)"""
                            r"""(?=(?:\\.|(?!\3)[^\\\n])*=)(?:\\.|(?!\3)[^\\\n])+""", re.I)
_COOKIE_HAR = re.compile(r"""("name"\s*:\s*"(?:set-)?cookie"\s*,\s*"value"\s*:\s*")(?!\[REDACTED:cookie\]")"""
                         r"""(?=(?:\\.|[^"\\\n])*=)(?:\\.|[^"\\\n])+""", re.I)
_COOKIE_CURL = re.compile(r"""((?:(?<![\w-])(?:-H|--header)\s+(['"])(?i:(?:set-)?cookie):\s*|(?<![\w-])(?:-b|--cookie)\s+(['"])))"""
                          r"""(?=\S)(?!\[REDACTED:cookie\](?:\2|\3))(?=(?:\\.|(?!\2|\3)[^\\\n])*=)(?:\\.|(?!\2|\3)[^\\\n])+""")
_COOKIE_NEXT_LINE = re.compile(r"(?im)^([ \t]*(?:set-)?cookie[ \t]*:?[ \t]*\n(?:[ \t]*\n)*[ \t]*)(?=\S)(?!\[REDACTED:cookie\]\s*$)"
                               r"(?=[^\n]*=)[^\n]+")
_SECRET_NAMED = re.compile(r"""(\b\w*(?:pepper|secret|salt)\w*\s*(?:=|:(?=\s*['"]))\s*['"]?)(?!\[REDACTED)[^\s'"]+""", re.I)
_PHONE = re.compile(r"(?<![\w+])\+\d{10,14}(?!\d)")  # an international phone number in a pasted log
_PROSE_PASSWORD = re.compile(r"((?:contrase[ñn]a|senha)\s*:\s*)(?!\[REDACTED)[^\s'\"]+", re.I)
# A password a person states with a topic particle or copula (2026-12-02 #5: "sudo no pwd ha 123 desu", typed in romaji
# Japanese; "密码是…"): scrubbed however short, when the value is ASCII with a digit or 4 characters or more (Japanese
# prose after "パスワードは" is left alone). The colon form is not taken here: in English sessions it is a prompt line
# ("Password:") or code ("password: p1"). Rebuilding with it changes no older session (checked on every session file).
_PARTICLE_PASSWORD = re.compile(r"((?:pwd|passw(?:or)?d|passwort|パスワード|密码|密碼|비밀번호|пароль)"
                                r"(?:\s*(?:は|是|为|為|는|은)\s*|\s*(?:ha|wa)\s+))(?!\[REDACTED)"
                                r"([!-~]*\d[!-~]*|[!-~]{4,})(?<![.,;:!?)])", re.I)
# A US employer identification number a person offered in the chat ("u can use my ein number 12-3456789"), and the
# agent's answer quoting it back (2026-12-02 #3): scrubbed where the text names an EIN.
_EIN_CONTEXT = re.compile(r"\b(?:F?EIN|employer identification)\b", re.I)
_EIN = re.compile(r"(?<![\w-])\d{2}-\d{6,7}(?![\w-])")


# A password an agent's answer gives next to a login (2026-12-02 #4: "**Login:** `someone@example.org` / `Secret2024!`",
# "- **DB:** `app` / `app` / `Secret2024!`"): the last of a chain of backticked values joined by " / ", when the chain
# starts with an e-mail address or its line names a login, credentials, a password or a database, and the value is
# shaped like a real password (8 characters or more of at least three kinds: lower, upper, digit, other).
_CREDENTIAL_CHAIN = re.compile(r"((`[^`\s]+`)\s*/\s*(?:`[^`\s]+`\s*/\s*)*`)(?!\[REDACTED)([^`\s]+)(`)")
_CREDENTIAL_LINE = re.compile(r"\b(?:log ?in|credentials?|passwords?|db|database)\b", re.I)


def _scrub_credential_chain(text: str) -> str:
    def replace(match: re.Match) -> str:
        line = text[text.rfind("\n", 0, match.start()) + 1: match.start()]
        value = match.group(3)
        classes = sum(bool(re.search(c, value)) for c in (r"[a-z]", r"[A-Z]", r"\d", r"[^\w]"))
        address = "@" in match.group(2) or "[REDACTED:email]" in match.group(2)  # the redactor's own placeholder
        if (address or _CREDENTIAL_LINE.search(line)) and len(value) >= 8 and classes >= 3:
            return match.group(1) + "[REDACTED:password]" + match.group(4)
        return match.group(0)  # not a login, or a placeholder or demo value ("changeme", "user123")

    return _CREDENTIAL_CHAIN.sub(replace, text)


def scrub(text: str) -> str:
    """Redaction plus what a public corpus must not carry: people's e-mail addresses."""
    text = redact(text)
    text = _PASSWORD_ARG.sub(r"\1[REDACTED:password]", text)
    text = _COOKIE_CURL.sub(r"\1[REDACTED:cookie]", text)
    text = _COOKIE_ARG.sub(lambda m: m.group(0) if m.group(0)[len(m.group(1)):].strip() == "[REDACTED:cookie]"
                           else m.group(1) + "[REDACTED:cookie]", text)  # what _COOKIE_CURL took stays as it is
    for cookie in (_COOKIE_LINE, _COOKIE_QUOTED, _COOKIE_HAR, _COOKIE_NEXT_LINE):
        text = cookie.sub(r"\1[REDACTED:cookie]", text)
    text = _SECRET_NAMED.sub(r"\1[REDACTED:secret]", text)
    text = _PROSE_PASSWORD.sub(r"\1[REDACTED:password]", text)
    text = _PARTICLE_PASSWORD.sub(r"\1[REDACTED:password]", text)
    text = _PHONE.sub("[phone]", text)
    text = _scrub_credential_chain(text)
    if _EIN_CONTEXT.search(text):
        text = _EIN.sub("[REDACTED:ein]", text)
    # the redactor replaces a person's address (sec43) and phone number (cur44) too: the corpus keeps its own
    # placeholders for both
    return _EMAIL.sub("[email]", text).replace("[REDACTED:email]", "[email]").replace("[REDACTED:phone]", "[phone]")


def head(text: str, keep: int) -> str:
    text = squeeze(text)
    return text if len(text) <= keep else text[:keep] + "\u2026"


# -- output ---------------------------------------------------------------------------------------------

# What an IDE extension adds to a typed prompt (Claude Code in VS Code: the file the person had open, the lines
# they had selected): context, not the person's words.
_IDE_CONTEXT = re.compile(r"<(ide_opened_file|ide_selection|ide_diagnostics)>.*?</\1>\s*", re.S)


def trajectory(session: Session, source: dict[str, str], session_id: str,
               seen: set[str] | None = None) -> list[dict] | None:
    """Generic trajectory records: typed user messages, the assistant answer each replied to, and the answer after
    the last one (its start is where an agent says "You're right, I misread…" to the message before it).

    A message already in ``seen`` (SpecStory and aider repeat a session's start in later exports) is kept
    as context for the next one but not counted again."""
    records: list[dict] = [{"type": "session", "format": "learn-trajectory/1", "id": session_id,
                            "model": session.model, "started": session.started, "source": source, "clip": CLIP}]
    last_assistant: str | None = None
    follows: list[str] = []  # the reasoning after the last user turn, before the agent's first words
    thinking: list[str] = []  # that of the answer being gathered
    users = 0
    repeated = False  # the last typed message was a repeat, left out: the answer after it replies to nothing kept
    for turn in session.turns:
        if turn.role == "assistant":
            if last_assistant is None:
                thinking = follows
            last_assistant = turn.text
        elif turn.role == "interrupt":
            records.append({"type": "interrupt"})
        else:
            follows = turn.thinking
            text = head(scrub(strip_code_blocks(_IDE_CONTEXT.sub("", turn.text), "[code block]")), USER_KEEP)
            if not text:
                continue
            key = re.sub(r"\W+", " ", text.lower()).strip()
            repeated = seen is not None and key in seen
            if repeated:
                last_assistant = None
                continue
            if seen is not None:
                seen.add(key)
            if last_assistant is not None:
                records.append(_answer(last_assistant, users, thinking))
                last_assistant = None
            records.append({"type": "user", "text": text, "id": f"u{users}"})
            users += 1
    if users < 2:
        return None  # a session of one message holds no reply to anything
    if last_assistant is not None and not repeated:
        records.append(_answer(last_assistant, users, thinking))  # the reply to the last typed message
    return [{k: v for k, v in r.items() if v is not None} for r in records]


def _answer(text: str, number: int, thinking: list[str]) -> dict:
    answer = ends(scrub(strip_code_blocks(text, "[code]")))
    record = {"type": "assistant", "text": answer, "id": f"a{number}"}
    opening = head(scrub(strip_code_blocks("\n\n".join(thinking), "[code]")), THINKING_HEAD)
    if opening:
        record["thinking"] = opening
    return record


# A secret the redactor finds in one place of a repository's sessions is scrubbed wherever else it appears there
# (2026-12-02 #5: an API key the person chose, redacted in `-H "apikey: KEY"` but not where a line break split it
# from its name, nor where the agent's answer quoted it back). Applied to the owners added since session #5
# (`owners_since_2026_12_02_5` in split.json), so that the sessions built before it keep their bytes.
# Only values shaped like a credential are carried to other places: 8 characters or more with a letter and a digit
# (a short or all-letter value the redactor took, "123" or "BASH_OK" in a shell prompt, would replace ordinary text).
_TEXTS = ("text", "thinking")  # what a record quotes: a message or an answer, and the reasoning before the answer
_PROPAGATED = re.compile(r"(?=.*[A-Za-z])(?=.*\d)\S{8,}\Z", re.S)


def secret_values(session: Session) -> set[str]:
    """What the redactor takes as a secret anywhere in the session's turns, as typed (tool output included), and in
    the agent's reasoning after each typed message (a key it read from a file and names there, then quotes bare in its
    answer, where no pattern takes it)."""
    values = set()
    for turn in session.turns:
        for text in (turn.text, *turn.thinking):
            for start, end, _label in find_secrets(text):
                value = text[start:end]
                if _PROPAGATED.match(value) and "REDACTED" not in value:
                    values.add(value)
    return values


def scrub_everywhere(sessions: list[list[dict]], values: set[str]) -> None:
    for records in sessions:
        for record in records:
            for key in _TEXTS:
                if isinstance(record.get(key), str):
                    for value in sorted(values, key=len, reverse=True):
                        record[key] = record[key].replace(value, "[REDACTED:secret]")


# A password a person typed, wherever the agent's answer quotes it back ("密码是hunter2024" typed, scrubbed; the
# answer: "密码hunter2024也是对的"), in every repository (2026-12-04: answers keep their start now, where an agent
# repeats what it was told). What the builder's own scrubbing took from a typed message, or the redactor labelled a
# password there, of 4 characters or more, is scrubbed in every session of the repository where no letter or digit
# touches it.
_TYPED_PASSWORD_VALUE = re.compile(r"\S{4,}\Z")


def typed_passwords(session: Session) -> set[str]:
    values = set()
    for turn in session.turns:
        if turn.role != "user":
            continue
        found = [m.group(0)[len(m.group(1)):] for pattern in (_PASSWORD_ARG, _PROSE_PASSWORD)
                 for m in pattern.finditer(turn.text)]
        found += [m.group(2) for m in _PARTICLE_PASSWORD.finditer(turn.text)]
        found += [turn.text[start:end] for start, end, label in find_secrets(turn.text) if "password" in label]
        values |= {v for v in found if _TYPED_PASSWORD_VALUE.match(v) and "REDACTED" not in v}
    return values


def scrub_passwords(sessions: list[list[dict]], values: set[str]) -> None:
    for value in sorted(values, key=len, reverse=True):
        word = re.compile(rf"(?<![A-Za-z0-9_]){re.escape(value)}(?![A-Za-z0-9_])")  # "密码hunter2024也是对的" too
        for records in sessions:
            for record in records:
                for key in _TEXTS:
                    if isinstance(record.get(key), str):
                        record[key] = word.sub("[REDACTED:password]", record[key])


# A person's name in a repository's sessions (2026-12-06 #21: the site owner's full name as a photo's alt text in a
# typed message and the answers quoting it; no pattern of the redactor's can tell a name from other capitalised
# words). `research/data/real/scrubbed_names.json` lists, per repository, the sha256 of each such name (its words
# lower-cased, joined by one space), so that the name itself is written nowhere; a run of up to `_NAME_WORDS` words
# (one apart from the next by whitespace only) whose digest is listed is replaced by `[REDACTED:name]` in every turn
# and reasoning of the repository's sessions, before anything is clipped.
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")
_NAME_WORDS = 4
_POSSESSIVE = re.compile(r"['\u2019]s\Z", re.I)
NAME_MARK = "[REDACTED:name]"


def name_digest(name: str) -> str:
    return hashlib.sha256(" ".join(name.lower().split()).encode("utf-8")).hexdigest()


def scrubbed_names(repo: str) -> frozenset[str]:
    """The digests of the names scrubbed from ``repo``'s sessions (`scrubbed_names.json`)."""
    listed = DATA / "scrubbed_names.json"
    if not listed.is_file():
        return frozenset()
    return frozenset(json.loads(listed.read_text(encoding="utf-8")).get("repositories", {}).get(repo, ()))


def without_names(text: str, digests: frozenset[str]) -> str:
    words = list(_WORD.finditer(text))
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(words):
        for n in range(min(_NAME_WORDS, len(words) - i), 0, -1):
            run = words[i:i + n]
            if any(text[a.end():b.start()].strip() or a.end() == b.start() for a, b in zip(run, run[1:])):
                continue
            if name_digest(" ".join(w.group(0) for w in run)) in digests:
                spans.append((run[0].start(), run[-1].end()))
                i += n
                break
            # a name in the possessive ("Craig's chat interface", 2026-12-06 #24): the word before the 's is the name
            possessive = _POSSESSIVE.search(run[-1].group(0))
            if possessive and name_digest(" ".join([w.group(0) for w in run[:-1]] + [run[-1].group(0)[:possessive.start()]])) in digests:
                spans.append((run[0].start(), run[-1].start() + possessive.start()))
                i += n
                break
        else:
            i += 1
    for start, end in reversed(spans):
        text = text[:start] + NAME_MARK + text[end:]
    return text


def scrub_names(session: Session, digests: frozenset[str]) -> None:
    if digests:
        for turn in session.turns:
            turn.text = without_names(turn.text, digests)
            turn.thinking = [without_names(t, digests) for t in turn.thinking]


def git_show(mirror: Path, commit: str, path: str) -> str:
    return subprocess.run(["git", "-C", str(mirror), "show", f"{commit}:{path}"], capture_output=True,
                          check=True).stdout.decode("utf-8", errors="replace")


def git_show_bytes(mirror: Path, commit: str, path: str) -> bytes | None:
    """A binary file's bytes at a commit, None when the commit has no such file."""
    shown = subprocess.run(["git", "-C", str(mirror), "show", f"{commit}:{path}"], capture_output=True)
    return shown.stdout if shown.returncode == 0 else None


def parse_row(mirror: Path, row: dict[str, str]) -> list[Session]:
    """The sessions in one file of SOURCES.tsv, by its harness (binary formats get the file's bytes and its neighbours')."""
    if row["harness"] in BLOB_PARSERS:
        return BLOB_PARSERS[row["harness"]](lambda suffix: git_show_bytes(mirror, row["commit"], row["path"] + suffix))
    if row["harness"] == "aider":  # with the input history committed beside it (what was typed), where there is one
        folder = row["path"].rsplit("/", 1)[0] + "/" if "/" in row["path"] else ""
        inputs = git_show_bytes(mirror, row["commit"], folder + ".aider.input.history")
        return parse_aider(git_show(mirror, row["commit"], row["path"]),
                           inputs.decode("utf-8", errors="replace") if inputs is not None else None)
    return PARSERS[row["harness"]](git_show(mirror, row["commit"], row["path"]))


def read_sources() -> list[dict[str, str]]:
    lines = (DATA / "SOURCES.tsv").read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"))) for line in lines[1:] if line.strip() and not line.startswith("#")]


def mirror_of(mirrors: Path, repo: str) -> Path:
    return mirrors / repo.replace("/", "+") / "repo"


def readable_commit(mirror: Path, commit: str) -> str | None:
    """``commit`` when the mirror has it, else the mirror's newest commit (a snapshot can lack old history); None
    when the mirror is no git directory."""
    def resolve(ref: str) -> str | None:
        done = subprocess.run(["git", "-C", str(mirror), "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"],
                              capture_output=True, text=True)
        return done.stdout.strip() or None if done.returncode == 0 else None

    return resolve(commit) or resolve("HEAD") if mirror.is_dir() else None


def build_repo(mirror: Path, repo: str, rows: list[dict[str, str]]) -> list[list[dict]]:
    """The session files of one repository, built from its rows of SOURCES.tsv (each row's `commit` is read)."""
    slug = repo.replace("/", "__")
    kept = 0
    number = 0
    cap = message_cap(repo)
    seen: set[str] = set()
    built: list[list[dict]] = []
    secrets: set[str] = set()
    passwords: set[str] = set()
    names = scrubbed_names(repo)
    for row in sorted(rows, key=lambda r: r["path"]):
        for session in parse_row(mirror, row):
            if kept >= cap:
                break
            scrub_names(session, names)
            source = {"repo": repo, "commit": row["commit"], "path": row["path"], "harness": row["harness"],
                      "agent": session.agent or {"aider": "aider", "claude-code": "claude-code",
                                                 "antigravity": "antigravity", "codex": "codex",
                                                 "claude-code-flat": "claude-code", "opencode": "opencode",
                                                 "claude-code-md": "claude-code",
                                                 "cursor-jsonl": "cursor", "gemini": "gemini-cli",
                                                 "gemini-checkpoint": "gemini-cli", **AGENTS}.get(row["harness"], "?")}
            records = trajectory(session, source, f"{slug}-{number}", seen)
            if records is None:
                continue
            secrets |= secret_values(session)
            passwords |= typed_passwords(session)
            users = [r for r in records if r["type"] == "user"]
            room = cap - kept
            if len(users) > room:  # cut the session after `room` typed messages (and the answer to the last)
                last_id = users[room - 1]["id"]
                cut = next(i for i, r in enumerate(records) if r.get("id") == last_id)
                end = next((i for i in range(cut + 1, len(records)) if records[i]["type"] != "interrupt"), None)
                records = records[:(end + 1 if end is not None and records[end]["type"] == "assistant" else cut + 1)]
                users = users[:room]
            kept += len(users)
            built.append(records)
            number += 1
    from research.data.real_sessions import owners_since_session_5

    if repo.split("/")[0].lower() in owners_since_session_5():
        scrub_everywhere(built, secrets)
    scrub_passwords(built, passwords)
    return built


def typed(sessions: list[list[dict]]) -> list[list[tuple[str, str]]]:
    """What the labels are keyed by and were given on: every session's typed messages (id, text), in order."""
    return [[(r["id"], r["text"]) for r in records if r.get("type") == "user"] for records in sessions]


def read_built(out_dir: Path) -> list[list[dict]]:
    files = sorted(out_dir.glob("*.jsonl"), key=lambda f: int(f.stem)) if out_dir.is_dir() else []
    return [[json.loads(line) for line in f.read_text(encoding="utf-8").splitlines() if line.strip()] for f in files]


def carried_labels(repo: str, old: list[list[dict]], built: list[list[dict]],
                   labels: dict[tuple[str, str], dict]) -> tuple[list[dict], list[tuple[str, str]]]:
    """The labels of a repository rebuilt with different typed messages (a session that is no longer one, a message a
    reader no longer takes as typed, a message the cap now lets in, a redaction that changed): each new message takes
    the label of the old message of the same source file with the same text, else of the one at the same place in that
    file's session when the text is the same message redacted otherwise (most of its characters alike). Returns the
    label rows (for the rebuilt sessions, in order) and the (session, id) of the messages no old label fits, which a
    person labels."""
    import difflib

    slug = repo.replace("/", "__")
    olds: dict[str, list[tuple[str, str, dict]]] = {}  # source path -> [(id, text, label row)]
    for n, records in enumerate(old):
        path = records[0]["source"]["path"]
        for mid, text in typed([records])[0]:
            olds.setdefault(path, []).append((mid, text, labels[(f"{slug}/{n}", mid)]))
    rows: list[dict] = []
    missing: list[tuple[str, str]] = []
    for n, records in enumerate(built):
        path = records[0]["source"]["path"]
        candidates = olds.get(path, [])
        for mid, text in typed([records])[0]:
            match = next((c for c in candidates if c[1] == text), None)
            if match is None:
                same_place = next((c for c in candidates if c[0] == mid), None)
                if same_place and difflib.SequenceMatcher(None, same_place[1], text).ratio() >= 0.6:
                    match = same_place
            if match is None:
                missing.append((f"{slug}/{n}", mid))
                continue
            candidates.remove(match)
            rows.append({"session": f"{slug}/{n}", "id": mid, "label": match[2]["label"], "why": match[2]["why"]})
    return rows, missing


def write_labels(repo: str, rows: list[dict]) -> None:
    """Replace ``repo``'s rows of labels.jsonl by ``rows``, where its rows stood (appended when it had none)."""
    slug = repo.replace("/", "__")
    lines = (DATA / "labels.jsonl").read_text(encoding="utf-8").splitlines()
    mine = [i for i, line in enumerate(lines) if json.loads(line)["session"].split("/")[0] == slug]
    at = mine[0] if mine else len(lines)
    kept = [line for i, line in enumerate(lines) if i not in set(mine)]
    new = [json.dumps(r, ensure_ascii=False) for r in rows]
    (DATA / "labels.jsonl").write_text("\n".join(kept[:at] + new + kept[at:]) + "\n", encoding="utf-8")


def rebuild(mirrors: Path, repo: str, rows: list[dict[str, str]],
            relabel: bool = False) -> tuple[str, list[dict[str, str]]]:
    """Rebuild one repository's sessions when that leaves every typed message as it is (labels are keyed by session
    and message id and were given on that text); else keep the files there. Returns what happened and the rows as
    read (a row whose commit the mirror lacks is read at the mirror's newest commit, and says so)."""
    mirror = mirror_of(mirrors, repo)
    read: list[dict[str, str]] = []
    for row in rows:
        commit = readable_commit(mirror, row["commit"])
        if commit is None:
            return "kept: no mirror", rows
        read.append({**row, "commit": commit})
    newest = any(r["commit"] != o["commit"] for r, o in zip(read, rows))
    try:
        built = build_repo(mirror, repo, read)
    except subprocess.CalledProcessError:
        return "kept: a file is missing at " + ("the newest commit" if newest else "the recorded commit"), rows
    out_dir = DATA / "sessions" / repo.replace("/", "__")
    old = read_built(out_dir)
    relabelled = ""
    if old and typed(built) != typed(old):
        if not relabel:
            return "kept: typed messages differ" + (" at the newest commit" if newest else ""), rows
        from research.data.real_sessions import _labels

        labels = {key: {"label": label, "why": why} for key, (label, why) in _labels().items()}
        carried, missing = carried_labels(repo, old, built, labels)
        order = {(s, i): n for n, (s, i) in enumerate((f"{repo.replace('/', '__')}/{k}", mid) for k, records
                                                         in enumerate(built) for mid, _ in typed([records])[0])}
        write_labels(repo, sorted(carried + [{"session": s, "id": i, "label": "?", "why": ""} for s, i in missing],
                                  key=lambda row: order[(row["session"], row["id"])]))
        before = sum(len(t) for t in typed(old))
        relabelled = (f" with typed messages changed: {before} -> {len(carried) + len(missing)}, "
                      f"{len(carried)} labels carried, {len(missing)} to label by hand")
    for stale in out_dir.glob("*.jsonl"):
        stale.unlink()
    out_dir.mkdir(parents=True, exist_ok=True)
    for n, records in enumerate(built):
        (out_dir / f"{n}.jsonl").write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return ("rebuilt at the newest commit" if newest else "rebuilt") + relabelled, read


def write_sources(rows: list[dict[str, str]]) -> None:
    lines = (DATA / "SOURCES.tsv").read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    by_key = {(r["repo"], r["path"]): r for r in rows}
    out = [lines[0]]
    for line in lines[1:]:
        row = dict(zip(header, line.split("\t"))) if line.strip() and not line.startswith("#") else None
        fresh = by_key.get((row["repo"], row["path"])) if row else None
        out.append("\t".join(fresh[h] for h in header) if fresh else line)
    (DATA / "SOURCES.tsv").write_text("\n".join(out) + "\n", encoding="utf-8")


def build(mirrors: Path, only: set[str] | None = None, relabel: bool = False) -> dict[str, str]:
    """Rebuild every repository of SOURCES.tsv (or ``only`` those) that has a mirror; returns repo -> what happened."""
    by_repo: dict[str, list[dict[str, str]]] = {}
    for row in read_sources():
        by_repo.setdefault(row["repo"], []).append(row)
    outcome: dict[str, str] = {}
    moved: list[dict[str, str]] = []
    for repo, rows in by_repo.items():
        if only and repo not in only:
            continue
        outcome[repo], read = rebuild(mirrors, repo, rows, relabel)
        moved += [r for r, o in zip(read, rows) if r["commit"] != o["commit"]]
        print(f"{repo}: {outcome[repo]}", file=sys.stderr)
    if moved:
        write_sources(moved)
    return outcome


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mirrors", type=Path)
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--relabel", action="store_true",
                        help="rebuild a repository whose typed messages would change too: carry each label to the same "
                             "message (same file, same text or the same message redacted otherwise) and write label "
                             "'?' for a message no label fits, to be labelled by hand (without it such a repository "
                             "keeps its files)")
    args = parser.parse_args(argv)
    outcome = build(args.mirrors, set(args.only) if args.only else None, args.relabel)
    for what, n in sorted(Counter(outcome.values()).items()):
        print(f"{n} repositories {what}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
