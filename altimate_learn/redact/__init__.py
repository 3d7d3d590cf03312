"""Secret redaction: the filter every signal, excerpt, review comment, request text, lesson and history
line passes through before it reaches disk or a model.

`redact(text)` replaces secrets with typed placeholders such as `[REDACTED:aws-key]`; in an assignment the
key name is kept (`DB_PASSWORD=[REDACTED:password]`). `find_secrets(text)` returns the spans it would
replace. `redact_url(url)` strips credentials and the query from a URL and redacts what is left.

It is stdlib-only and complete by itself, because it runs on the hook path (live capture of a prompt),
where importing detect-secrets (~120 ms) is not affordable. `research/capture_quality.py` and
`research/redaction_vendors.py` measure it on generated corpora: every supported vendor format in the
forms people paste it, and look-alike text that must stay.

What it finds, in order of precedence when spans overlap:
1. PEM private key blocks (multi-line, to the END line or the end of the text).
2. Vendor token formats (:mod:`altimate_learn.redact.vendors`: ~100 providers, from AWS, GitHub and
   OpenAI to Databricks `dapi…`, Hugging Face `hf_…`, Linear `lin_api_…`, Vercel `vcp_…`), Twilio account
   SIDs next to "twilio" or "sid".
3. `Authorization: Bearer|Basic|Token …` headers and bare `Bearer …`.
4. Credentials inside URLs (`scheme://user:pass@host`: the password only) and URL query credentials.
5. Key and value in every form, command-line credentials, credentials in prose
   (:mod:`altimate_learn.redact.assignments`).
6. A random-looking string a few words after a credential word or a vendor's name ("the key is X").
7. Long high-entropy strings anywhere (:mod:`altimate_learn.redact.entropy`).
8. A person's e-mail address (:mod:`altimate_learn.redact.emails`) and phone number
   (:mod:`altimate_learn.redact.phones`): personal data, not secrets, so they are never remembered and
   :func:`holds_secret` does not count them.

Within one session or one capture run (:func:`remembering`), a value once found as a secret is redacted
wherever it appears again, bare: the agent quoting the password back, the person repeating it in a later
message ("no, hunter2-xyz is for staging"). The values are kept only in the process's memory, with what the patterns
found in each text scanned (under the text's digest, never the text: a session's texts are read for its secrets,
then redacted, and the second scan of a text reuses the first's).

Design rules: it never raises (on an internal error the whole text is replaced, never leaked); it is
idempotent (placeholders, ours and the bare `[REDACTED]` other tools write, are never matched again); every
pattern starts only at the beginning of a character run and uses bounded or possessive quantifiers, so
time stays linear on pathological input.
"""

from __future__ import annotations

import hashlib
import re
import string
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Iterator
from urllib.parse import urlsplit, urlunsplit

from altimate_learn.redact import assignments, emails, entropy, phones, vendors
from altimate_learn.redact.common import ALGORITHM_PART, PLACEHOLDER, PLACEHOLDER_RE, is_placeholder

Span = tuple[int, int, str]
# What redact() replaces as a person's data, not as a secret: never remembered, not what holds_secret() asks.
PERSONAL = frozenset({emails.LABEL, phones.LABEL})

# Twilio account SIDs are only secret-ish next to their auth token: require "twilio" or "sid" on the line.
_TWILIO_SID = re.compile(r"(?<![A-Za-z0-9])AC[0-9a-f]{32}(?![A-Za-z0-9])")
_TWILIO_CONTEXT = re.compile(r"(?i)twilio|account_?sid|\bsid\b")
# An AWS secret access key is 40 characters of base64 and is written beside its key id ("AKIA… wJalr…/…", a CSV row,
# `aws configure`'s two answers): near an id, such a run in both cases is its secret (review40 R40-13).
_AWS_SECRET = re.compile(r"(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{40}(?![A-Za-z0-9+/=])")
_AWS_PAIR_REACH = 120  # characters either side of the key id, on its line
_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
_FULL_WIDTH = str.maketrans({"\uff1a": ":", "\uff1d": "=", "\u3000": " ", "\uff02": '"', "\uff07": "'"})
_FULL_WIDTH_CHARS = "\uff1a\uff1d\u3000\uff02\uff07"


def ascii_lower(text: str) -> str:
    """``text.translate(_ASCII_LOWER)``: A-Z lowered, every other character as it is (so offsets hold), without a
    table lookup per character: ``str.lower`` of an ASCII text, else ``bytes.lower`` of its UTF-8 (which lowers
    ASCII bytes only; a character outside ASCII is bytes >= 0x80, left alone)."""
    if text.isascii():
        return text.lower()
    return text.encode("utf-8", "surrogatepass").lower().decode("utf-8", "surrogatepass")

# -- 3. Authorization headers -------------------------------------------------------------------------
_AUTH_HEADER = re.compile(
    r"(?i)(?<![\w-])(?:proxy-)?authorization[\"']?[ \t]{0,5}[:=][ \t]{0,5}[\"']?[ \t]{0,5}"
    r"(?:(bearer|basic|token|bot|digest|apikey|sso-key)[ \t]{1,5})?"
    r"([A-Za-z0-9._~+/=:\-]{8,}+)"
)
_BEARER = re.compile(r"(?i)(?<![\w-])(bearer|token)[ \t]{1,5}([A-Za-z0-9._~+/\-]{16,}+=*+)")

# -- 4. URL credentials -------------------------------------------------------------------------------
# The password runs to the last "@" before the host (people paste unencoded "@" and "#" in passwords).
_URL_CREDS = re.compile(r"(?i)(?<![a-z0-9+.\-])[a-z][a-z0-9+.\-]{1,20}://[^\s:/@?#'\"<>]{0,100}:([^\s/'\"<>]{1,200})@")

def _private_keys(text: str, spans: list[tuple[int, int, str, int]]) -> None:
    pos = 0
    while True:
        begin = text.find("-----BEGIN ", pos)
        if begin < 0:
            return
        head_end = text.find("-----", begin + 11)
        if head_end < 0 or head_end - begin > 80:
            pos = begin + 11
            continue
        kind = text[begin + 11:head_end]
        if "PRIVATE KEY" not in kind:
            pos = head_end + 5
            continue
        end_marker = "-----END " + kind + "-----"
        end = text.find(end_marker, head_end + 5)
        end = len(text) if end < 0 else end + len(end_marker)
        spans.append((begin, end, "private-key", 0))
        pos = end


MEMORY_MIN = 6  # characters: shorter values found as secrets are not looked for again elsewhere


_TRAILING = ".,;:!?'\")]}"


# Labels of a value found under a generic key name (`*_TOKEN`, `*_KEY`, `secret`, `credentials`), where a file,
# an algorithm or a model is often named: such a value is remembered only when it names nothing. A value found as
# a password (under a password key, in a URL's userinfo, after `-p`), in an Authorization header, by its vendor's
# format or by its randomness is remembered whatever it looks like.
_NAMING_LABELS = frozenset({"secret", "token", "api-key", "credentials", "private-key"})
# An environment variable's name (`OPENAI_API_KEY`, `SMALLEST_API_KEY=` of an .env template): each part a word
_ENV_NAME = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z][A-Z0-9]*)+=?$")
# A file name with a known extension: `service-account.json`, `gcp-sa.json`, `id_rsa.pub`, `prod.env`
_FILE_NAME = re.compile(
    r"(?i)^[\w.\-]*\w\.(?:json|pem|key|crt|cer|der|csr|p12|p8|pfx|jks|keystore|pub|gpg|asc|enc|kdbx|txt|env|ya?ml|"
    r"toml|ini|cfg|conf|properties|xml|csv|sh|py|js|ts|db|sqlite|log)$")
# One part of an algorithm's or a key file's name (`bcrypt_sha256`, `aes-256-gcm`, `HS256`, `id_ed25519`)
_ALGORITHM_PART = re.compile(r"(?i)(?:" + ALGORITHM_PART + r"|hex|id|with|encryption|\d+)")
# A model's name: a model family, a version right after it, then only further version numbers, sizes, a date
# or the model's modifiers (`gpt-4o`, `gpt-4o-mini`, `claude-3-5-sonnet-20241022`, `claude-sonnet-4-5`, `llama3.1`,
# `qwen2.5-coder-32b`, `mixtral-8x7b`, `o3-mini`, `deepseek-r1`, `text-embedding-3-small`). Anything else after a
# family word (`gpt-4o-mini-prod-7`, `llama-3-70b-key`, `phi-31-delta`) is not a model's name.
_MODEL_NAME = re.compile(
    r"(?:gpt|chatgpt|claude(?:-(?:sonnet|opus|haiku|instant))?|llama|codellama|gemini|gemma|mistral|mixtral|"
    r"codestral|ministral|qwen|qwq|deepseek(?:-coder)?|phi|grok|text-embedding|o(?=\d))"
    r"-?(?:\d{1,3}(?:\.\d{1,3})*[a-z]{0,2}|[a-z]\d{1,2}|\d{1,2}x\d{1,3}b)"
    r"(?:-(?:\d{1,3}(?:\.\d{1,3})*[a-z]{0,2}|\d{4}|\d{8}|mini|nano|pro|flash|lite|turbo|sonnet|opus|haiku|"
    r"instruct|chat|preview|latest|vision|coder|code|large|small|medium|base|exp|thinking|reasoner|max|plus|"
    r"realtime|audio|search|it))*")


def remembered(value: str, label: str | None = None) -> bool:
    """Whether a value found as a secret (with ``label``) looks like one on its own, so that it is redacted again
    wherever it comes back bare. Only a value with a letter and a digit or a symbol inside it does: a word
    ("learner" from `SESSION_KEY = "learner"`; "again?!" or "stored?" after a credential word), a number, a
    setting (`TTL=3600`, `length>=8`) or a version (`v2.1-beta`) redacted where it was found is a word of
    ordinary text far more often than a secret, and redacting it everywhere after would take words from a
    person's correction. Found under a generic key name (a token, a key, a secret, credentials; or with no label
    given), a value that names something is not remembered either: an environment variable's name, a file name
    (`service-account.json` from `GOOGLE_APPLICATION_CREDENTIALS=service-account.json`), an algorithm, unit or key
    name (`sha256`, `bcrypt_sha256`, `argon2id`, `3600s`, `id_ed25519`), a model's name (`gpt-4o`,
    `claude-3-5-sonnet`, `llama3.1`). A value found as a password is remembered whatever it names."""
    core = value.strip(_TRAILING)
    if not any(c.isalpha() for c in core) or not any(c.isdigit() or not (c.isalpha() or c.isspace()) for c in core):
        return False
    if assignments.SETTING.match(core) or assignments.VERSIONISH.match(core):
        return False
    if label is not None and label not in _NAMING_LABELS:
        return True
    if _FILE_NAME.match(core) or _ENV_NAME.match(core) or assignments.not_a_password(core):
        return False
    if all(_ALGORITHM_PART.fullmatch(p) for p in re.split(r"[-_./]", core) if p):
        return False
    return not _MODEL_NAME.fullmatch(core)


class SecretMemory:
    """The values found as secrets so far in one session (or one capture run), each with its label.

    While it is active (:func:`remembering`), :func:`find_secrets` adds every secret it finds and also
    returns each remembered value wherever it appears again as a whole word (never inside a longer run of
    letters, digits and underscores: an identifier). It lives only in this process's memory: nothing of it is
    written anywhere.
    """

    def __init__(self) -> None:
        self.values: dict[str, str] = {}
        # what the patterns found in each text scanned so far (keyed by the text's digest, never the text): a session
        # is read for its secrets first and its texts redacted after, so most texts are scanned twice otherwise
        self._scans: dict[bytes, list[tuple[int, int, str, int]]] = {}

    def scanned(self, text: str) -> list[tuple[int, int, str, int]]:
        """:func:`_scan` of ``text``, from this memory's record of it when the same text was scanned before."""
        key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
        found = self._scans.get(key)
        if found is None:
            found = self._scans[key] = _scan(text)
        return found

    def learn(self, text: str) -> None:
        """Remember the secrets of ``text`` (what :func:`redact` would replace in it), redacting nothing."""
        token = _MEMORY.set(self)
        try:
            redact(text)
        finally:
            _MEMORY.reset(token)

    def add(self, value: str, label: str) -> None:
        if label in PERSONAL:
            return  # an address or a number is found by its shape wherever it is; remembered, a login's `user@host`
            # would go too
        value = value.strip()
        if len(value) < MEMORY_MIN or is_placeholder(value) or "[REDACTED" in value.upper():
            return
        if remembered(value, label):
            self.values.setdefault(value, label)

    def find(self, text: str) -> Iterator[tuple[int, int, str]]:
        for value, label in self.values.items():
            pos = text.find(value)
            while pos >= 0:
                end = pos + len(value)
                if not (pos > 0 and _word(text[pos - 1]) and _word(value[0])) and \
                        not (end < len(text) and _word(text[end]) and _word(value[-1])):
                    yield pos, end, label
                pos = text.find(value, end)


def _word(ch: str) -> bool:
    """A character of an identifier: a remembered value is never found inside a longer one (`bcrypt_sha256`)."""
    return ch.isalnum() or ch == "_"


_MEMORY: ContextVar[SecretMemory | None] = ContextVar("altimate_learn_secret_memory", default=None)


@contextmanager
def remembering(memory: SecretMemory | None = None) -> Iterator[SecretMemory]:
    """Within this block, every value :func:`redact` finds as a secret is redacted again wherever it appears
    later (in any text, by anyone's words): use one block per session, or per capture run."""
    memory = SecretMemory() if memory is None else memory
    token = _MEMORY.set(memory)
    try:
        yield memory
    finally:
        _MEMORY.reset(token)


def find_secrets(text: str) -> list[Span]:
    """Spans of ``text`` that look like secrets: sorted, non-overlapping (start, end, label)."""
    if not text:
        return []
    if not text.isascii() and any(char in text for char in _FULL_WIDTH_CHARS):
        # "パスワード：X", "密码＝X": full-width colons, equals signs and spaces read as their ASCII forms
        # (one character for one, so every span found is a span of the text as given).
        text = text.translate(_FULL_WIDTH)
    memory = _MEMORY.get()
    if memory is None:
        raw = _scan(text)
    else:  # the remembered values first, then what the patterns find (the same order as without a memory)
        raw = [(start, end, label, 1) for start, end, label in memory.find(text) if end > start]
        raw += memory.scanned(text)
    spans = _merge(raw, text)
    if memory is not None:
        for start, end, label in spans:
            memory.add(text[start:end], label)
    return spans


def _scan(text: str) -> list[tuple[int, int, str, int]]:
    """What the patterns find in ``text`` (start, end, label, precedence), before overlaps are resolved: a function of
    the text alone (a session's remembered values are :func:`find_secrets`' part)."""
    raw: list[tuple[int, int, str, int]] = []

    def add(start: int, end: int, label: str, priority: int) -> None:
        if end > start:
            raw.append((start, end, label, priority))

    _private_keys(text, raw)
    for start, end, label in vendors.find(text):
        add(start, end, label, 1)
        if label == "aws-key":
            _aws_secret_beside(text, start, end, add)
    if "AC" in text:
        for m in _TWILIO_SID.finditer(text):
            line_start = text.rfind("\n", 0, m.start()) + 1
            line_end = text.find("\n", m.end())
            if _TWILIO_CONTEXT.search(text, line_start, len(text) if line_end < 0 else line_end):
                add(m.start(), m.end(), "twilio-key", 1)
    # `lower` keeps offsets (ASCII-only lowering), so patterns can run on it without (?i).
    lower = ascii_lower(text)
    for m in _AUTH_HEADER.finditer(text) if "authorization" in lower else ():
        scheme = (m.group(1) or "").lower()
        value = m.group(2)
        if value.startswith("$") or assignments.REFERENCE.match(value) or (
                not scheme and not assignments.secretish(value)):
            continue
        add(m.start(2), m.end(2), "basic-auth" if scheme == "basic" else "bearer-token", 2)
    for m in _BEARER.finditer(text) if "bearer" in lower or "token" in lower else ():
        if m.group(1).lower() == "token" and not re.search(r"[0-9]", m.group(2)):
            continue
        add(m.start(2), m.end(2), "bearer-token", 2)
    for m in _URL_CREDS.finditer(text) if "://" in text else ():
        if not is_placeholder(m.group(1)) and not assignments.REFERENCE.match(m.group(1)):
            add(m.start(1), m.end(1), "password", 3)
    assignments.scan(text, lower, add)
    entropy.scan(text, lambda start, end, label: add(start, end, label, 6))
    for start, end in emails.find(text):
        add(start, end, emails.LABEL, 7)
    for start, end in phones.find(text):
        add(start, end, phones.LABEL, 8)
    return raw


def _aws_secret_beside(text: str, start: int, end: int, add) -> None:
    """The secret access key written within reach of the AWS key id at ``start``-``end``: on its line, or on the next
    (`aws configure` asks for the id, then the secret)."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    if line_end >= 0:
        line_end = text.find("\n", line_end + 1)
    lo, hi = max(line_start, start - _AWS_PAIR_REACH), min(len(text) if line_end < 0 else line_end, end + _AWS_PAIR_REACH)
    for m in _AWS_SECRET.finditer(text, lo, hi):
        value = m.group(0)
        if (m.end() <= start or m.start() >= end) and value != value.lower() and value != value.upper():
            add(m.start(), m.end(), "aws-secret", 1)


def _merge(raw: list[tuple[int, int, str, int]], text: str) -> list[Span]:
    """Resolve overlapping spans: the most specific (lowest priority number) keeps its bounds, a less
    specific one keeps only what is left of it (if that is still 8+ characters). Existing placeholders are
    never touched, which keeps redaction idempotent."""
    items = list(raw)
    if "[REDACTED" in text or "[redacted" in text or "[Redacted" in text:
        items += [(m.start(), m.end(), "", -1) for m in PLACEHOLDER_RE.finditer(text)]
    items.sort(key=lambda s: (s[0], -s[1]))
    out: list[Span] = []
    cluster: list[tuple[int, int, str, int]] = []
    cluster_end = -1
    for item in items + [(len(text) + 1, len(text) + 1, "", 99)]:
        if cluster and item[0] >= cluster_end:
            out.extend(_resolve(cluster))
            cluster = []
        cluster.append(item)
        cluster_end = max(cluster_end, item[1]) if len(cluster) > 1 else item[1]
    return [s for s in out if s[2]]


def _resolve(cluster: list[tuple[int, int, str, int]]) -> list[Span]:
    if len(cluster) == 1:
        start, end, label, _ = cluster[0]
        return [(start, end, label)]
    if len(cluster) > 64:  # pathological overlap: one span over all of it, most specific label
        start = min(c[0] for c in cluster)
        end = max(c[1] for c in cluster)
        best = min((c for c in cluster if c[3] >= 0), key=lambda c: c[3], default=None)
        return [(start, end, best[2])] if best else []
    taken: list[tuple[int, int]] = []
    out: list[Span] = []
    for start, end, label, _ in sorted(cluster, key=lambda c: (c[3], c[0])):
        pieces = [(start, end)]
        for ts, te in taken:
            pieces = [p for ps, pe in pieces for p in ((ps, min(pe, ts)), (max(ps, te), pe)) if p[1] > p[0]]
        for ps, pe in pieces:
            if pe - ps >= 8 or (ps, pe) == (start, end):
                taken.append((ps, pe))
                out.append((ps, pe, label))
    out.sort()
    return out


def redact(text: str) -> str:
    """``text`` with every secret replaced by a typed placeholder. Never raises."""
    try:
        return _passes(_as_text(text))
    except Exception:  # noqa: BLE001 - a filter bug must never leak what it was filtering
        return PLACEHOLDER.format("unscanned")


def holds_secret(text: str) -> bool:
    """Whether :func:`redact` would replace a secret in ``text``: an e-mail address or a phone number, which it
    replaces too, is a person's data, not a secret (a lesson or an instruction file naming an address is the lint's
    `email` rule, not a leaked credential). Never raises (an internal error counts as a secret, as :func:`redact` then withholds the text)."""
    try:
        return _passes(_as_text(text), _names_a_secret) is None
    except Exception:  # noqa: BLE001 - as redact: a filter bug must never let a text through as clean
        return True


def _names_a_secret(spans: list[Span]) -> bool:
    return any(label not in PERSONAL for _, _, label in spans)


def _as_text(text: object) -> str:
    return text if isinstance(text, str) else "" if text is None else str(text)


def _passes(text: str, stop: Callable[[list[Span]], bool] | None = None) -> str | None:
    """:func:`redact`'s passes over ``text``: ``text`` with every span :func:`find_secrets` finds replaced, again
    until a pass finds nothing (at most 8). None as soon as ``stop(spans)`` is true of a pass's spans: what
    :func:`holds_secret` asks, with no more passes than it needs."""
    # Replacing a span changes the context of its neighbours (a hex run that ran into a PEM header is
    # pure hex once the header is a placeholder), so repeat until nothing changes: that is what makes
    # redact(redact(x)) == redact(x). Placeholders are never matched, so each pass only adds some.
    for _ in range(8):
        spans = find_secrets(text)
        if not spans:
            return text
        if stop is not None and stop(spans):
            return None
        text = _replace(text, spans)  # (holds_secret: addresses only, and what is left may read as a secret)
    return text


def _replace(text: str, spans: list[Span]) -> str:
    out: list[str] = []
    pos = 0
    for start, end, label in spans:
        out.append(text[pos:start])
        out.append(PLACEHOLDER.format(label))
        pos = end
    out.append(text[pos:])
    return "".join(out)


# Keys whose values are identifiers, times or digests, never free text: left as they are (a 64-hex digest out
# of its context would read as a key).
_STRUCTURAL_KEY = re.compile(
    r"(?i)^(?:at|op|ts|action|store|version|created|updated|kind|status|index|rule|model|scope|session|"
    r"supersededby|coexists|consumedby)$|(?:^|_|[a-z])(?:id|ids|ID|Id|sha|sha256|digest|hash)$")


def redact_record(value: object, key: str | None = None) -> object:
    """JSON-like ``value`` with every free-text string redacted (identifiers, times and digests kept).

    For records written to disk (history lines, logs of runs): whatever a model, a person or a hook put
    into them, nothing reaches the file unredacted."""
    if isinstance(value, str):
        return value if key is not None and _STRUCTURAL_KEY.search(key) else redact(value)
    if isinstance(value, dict):
        return {k: redact_record(v, k if isinstance(k, str) else None) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact_record(v, key) for v in value]
    return value


def redact_url(value: str) -> str:
    """A URL without credentials or query, its path and fragment redacted. Never raises."""
    try:
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            return redact(value)
        host = parts.hostname + (f":{parts.port}" if parts.port else "")
        return urlunsplit((parts.scheme, host, redact(parts.path), "", redact(parts.fragment)))
    except Exception:  # noqa: BLE001 - malformed URLs (bad port, odd brackets) fall back to text redaction
        return redact(value)
