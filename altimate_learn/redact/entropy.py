"""Long random-looking strings: the last net, for secrets with no known prefix and no credential word.

A run of base64 or hex characters is a secret when it is long and random-looking (Shannon entropy close to
the most its length allows, and the character class changing as often as in random text), and is none of
the long strings code is full of: identifiers (camelCase, snake_case: few class changes, word-like runs),
UUIDs, git SHAs and lockfile hashes in their context, SSH public keys, paths, object ids with a word prefix
(`cus_…`, `msg_01…`), or base64 of ordinary text.

:func:`secretish` is the weaker test used next to a credential word, where the word is the evidence.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from collections import Counter

_CANDIDATE = re.compile(r"(?<![A-Za-z0-9+/_\-])[A-Za-z0-9+/_\-]{20,}+={0,3}")
_HEX = re.compile(r"^[0-9a-fA-F]+$")
UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
# Context on the line that says a hex string is a hash, not a key.
_HASH_CONTEXT = re.compile(
    r"(?i)(?:hash(?:es)?|digest|checksum|fingerprint|etag|uuid|_sha\d*|_id|_rev(?:ision)?|_commit|version)\b|git_|\bid\b|(?-i:[a-z](?:Id|Hash|Sha|Digest)\b)|\b(?:sha\d*sum|shasum|md5sum|commit|commits|sha|sha1|sha-1|sha256|sha-256|sha384|sha512|md5|checksum|digest|hash|hashes|rev|"
    r"revision|tree|parents?|merge|head|git|integrity|etag|object|blob|cherry-pick|checkout|reset|revert|rebase|"
    r"fixup|squash|pick|bisect|tag|ref|refs|resolved|h1|lock|lockfile|fingerprint|build|image|container)\b|@sha256:"
)
_HASH_PREFIX = re.compile(r"(?i)(?:sha\d{1,3}[-:]|md5[-:]|h1:|@)$")
# Base64 digests: `sha512-…` (npm/yarn integrity), `h1:…` (go.sum); and SSH public keys.
_B64_HASH = re.compile(r"(?i)^(?:sha\d{1,3}|md5)[-:]")
_B64_HASH_CONTEXT = re.compile(r"(?i)(?:integrity|checksum|digest|hash(?:es)?|sha\d{1,3}|md5|\bh1)\b")
_SSH_PUBLIC = re.compile(r"(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)\s+$")


def entropy(value: str) -> float:
    counts = Counter(value)
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


_CLASS_RUNS = re.compile(r"[A-Z]+|[a-z]+|[0-9]+|[^A-Za-z0-9]+")


def class_changes(value: str) -> float:
    """Share of adjacent characters whose class (upper, lower, digit, other) differs: ~0.65 for random
    base64, ~0.2 for camelCase or snake_case identifiers."""

    if len(value) < 2:
        return 0.0
    return (len(_CLASS_RUNS.findall(value)) - 1) / (len(value) - 1)


_ENCODED_ID = re.compile(r"^[\w.:/@+\-]+$")
_VOWELS = re.compile(r"[aeiouAEIOU]")
_WORD_RUNS = re.compile(r"[A-Z][a-z]{2,}|[a-z]{3,}|[A-Z]{3,}")


def wordiness(value: str, acronyms: bool = True) -> float:
    """Share of letters that sit in word-like runs (`Project`, `draft`, `UCS`: three or more letters, at least
    a fifth of them vowels unless an acronym): ~0.9 for identifiers, ~0.3 for random base64 (1-5% of random strings of
    20-40 characters reach 0.65). ``acronyms=False``: a run of capitals counts only as the start of a word (`Http`)."""
    letters = sum(ch.isalpha() for ch in value)
    if not letters:
        return 0.0
    return sum(len(m) for m in _WORD_RUNS.findall(value)
               if (acronyms and m.isupper()) or (not m.isupper() and 5 * len(_VOWELS.findall(m)) >= len(m))) / letters


def _decodes_to_text(value: str) -> bool:
    """Base64 of ordinary text (words with spaces, or JSON) is an encoding, not a secret."""
    raw = value.rstrip("=")
    if len(raw) < 16:
        return False
    for decoder in (base64.b64decode, base64.urlsafe_b64decode):
        try:
            data = decoder(raw + "=" * (-len(raw) % 4))
            text = data.decode("utf-8")
        except (binascii.Error, UnicodeDecodeError, ValueError):
            continue
        if text and all(ch.isprintable() or ch in "\n\t" for ch in text):
            letters = sum(ch.isalpha() for ch in text)
            if (" " in text and letters >= 0.6 * len(text)) or text.lstrip().startswith(("{", "[")):
                return True
            if _ENCODED_ID.match(text) and letters >= 0.4 * len(text):
                return True  # `012:Organization20547620` (GraphQL node ids and the like)
    return False


# `cus_…`, `msg_01…`, `toolu_…`, `prt_…`, `chatcmpl-…`: object ids with a word prefix, not credentials.
# (Prefixed credentials such as ghp_ or sk- are matched by their own patterns first.)
_OBJECT_ID = re.compile(r"^([a-z]{2,12})[_-](?=[A-Za-z0-9])")
_SECRET_PREFIXES = {"key", "keys", "token", "secret", "pass", "pwd", "pat", "auth", "api", "apikey", "sk", "rk", "pk", "access", "private", "bearer", "session", "sess"}


def hash_context(value: str, line: str, start_in_line: int) -> bool:
    """A hex string that its line calls a hash, a commit or an id (`sha256:…`, `commit 3f2a…`, `etag`)."""
    if _HASH_PREFIX.search(line[max(0, start_in_line - 8):start_in_line]):
        return True  # `sha256:…`, `SHA256:…` (base64 fingerprints too), `md5-…`, `h1:…`, `@…`
    core = value.strip("=-_/+")
    return bool(_HEX.match(core) and _HASH_CONTEXT.search(line))


def randomish(value: str) -> bool:
    """Looks generated rather than written (the test next to a credential word, weaker than high entropy).

    At least 12 characters with letters and digits mixed, the character class changing often, not made of
    words (`prod-db-credentials-v2`, `AddProjectV2DraftIssue`), and not base64 of ordinary text.
    """
    core = value.strip("=-_/+.~")
    if len(core) < 12 or " " in core or not any(ch.isdigit() for ch in core):
        return False
    letters = sum(ch.isalpha() for ch in core)
    if letters < 2 or core.isdigit():
        return False
    if _HEX.match(core):
        return len(core) >= 20 and entropy(core) >= 3.0  # shorter hex: key ids, short SHAs, colours
    if class_changes(core) < 0.3 or wordiness(core) >= 0.7 or entropy(core) < 3.0:
        return False
    return not _decodes_to_text(core)


def high_entropy(value: str, line: str, start_in_line: int) -> bool:
    if "REDACTED" in value or UUID.match(value):
        return False
    core = value.strip("=-_/+")
    if len(core) < 20:
        return False
    prefix = _OBJECT_ID.match(core)
    if prefix and prefix.group(1) not in _SECRET_PREFIXES:
        return False
    if "/" in core and ("-" in core or "_" in core or "." in core):
        # Standard base64 ("/", "+") and url-safe base64 ("-", "_") never mix: this is a path. Judge its
        # pieces on their own, so a key inside a path still counts.
        return any(high_entropy(piece, line, start_in_line) for piece in re.split(r"[/_\-]+", core) if len(piece) >= 20)
    if core.isdigit():
        return False  # numbers
    if _HEX.match(core):
        # Short hex (git SHAs, colours, ids) never; longer hex only without hash/git context.
        if len(core) < 32 or entropy(core) < 3.0 or core.isalpha():
            return False
        if _HASH_PREFIX.search(line[max(0, start_in_line - 8):start_in_line]) or _HASH_CONTEXT.search(line):
            return False
        return True
    if "/" in core and core.count("/") >= 2 and class_changes(core) < 0.45:
        return False  # a path
    before = line[max(0, start_in_line - 40):start_in_line]
    if _B64_HASH.match(core) or _HASH_PREFIX.search(before[-8:]) or _B64_HASH_CONTEXT.search(line):
        return False  # sha512-…, h1:… lockfile hashes
    if core.startswith("AAAA") and _SSH_PUBLIC.search(before):
        return False  # an SSH public key
    bits = entropy(core)
    # The most entropy a string of this length can have is log2(len); random base64 sits close to it.
    if bits < min(4.2, math.log2(len(core)) - 0.55):
        return False
    if class_changes(core) < 0.4 or wordiness(core) >= 0.65:
        return False  # identifiers: camelCase, UPPER_SNAKE, kebab-case, `AddProjectV2DraftIssue`
    if not any(ch.isdigit() for ch in core) and len(core) < 32:
        return False
    if _decodes_to_text(core):
        return False
    return True


# A part of a dotted key next to a random-looking run: a dot, then 6 or more key characters, not followed by more
# (`….QmXz7RtK2pLw9sYb`; a file extension such as `.json` or `.txt` is shorter)
_DOTTED_AFTER = re.compile(r"\.[A-Za-z0-9_\-]{6,}(?![A-Za-z0-9_\-])")
_DOTTED_REACH = 512  # how far back a part is looked for: a bounded window, not the whole text before each run
_DOTTED_BEFORE = re.compile(r"(?<![A-Za-z0-9_\-.])[A-Za-z0-9_\-]{6,}\.\Z")


def scan(text: str, add) -> None:
    """Call ``add(start, end, "high-entropy")`` for every high-entropy run of ``text``."""
    for m in _CANDIDATE.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        line_end = text.find("\n", m.end())
        line = text[line_start: len(text) if line_end < 0 else line_end]
        if len(line) > 4000:  # keep context checks bounded on huge lines
            line = text[max(line_start, m.start() - 200): m.end() + 200]
            offset = m.start() - max(line_start, m.start() - 200)
        else:
            offset = m.start() - line_start
        if high_entropy(m.group(0), line, offset):
            # a key in parts joined by dots (`<id>.<secret>`, as Zhipu/GLM keys are written): the other parts go with
            # it, or half of the key stays in the text (corpus16: "d4f1…a4c.QmXz7RtK2pLw9sYb" kept its second half)
            start, end = m.start(), m.end()
            while (after := _DOTTED_AFTER.match(text, end)) is not None:
                end = after.end()
            while (before := _DOTTED_BEFORE.search(text, max(0, start - _DOTTED_REACH), start)) is not None:
                start = before.start()
            add(start, end, "high-entropy")
