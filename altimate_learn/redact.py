"""Secret redaction: the filter every signal, excerpt, review comment and request text passes through.

`redact(text)` replaces secrets with typed placeholders such as `[REDACTED:aws-key]`; in an assignment the
key name is kept (`DB_PASSWORD=[REDACTED:password]`). `find_secrets(text)` returns the spans it would
replace. `redact_url(url)` strips credentials and the query from a URL and redacts what is left.

It is stdlib-only and complete by itself, because it runs on the hook path (live capture of a prompt),
where importing detect-secrets (~120 ms) is not affordable. `research/capture_quality.py` measures it
against a generated corpus and against plain detect-secrets.

What it finds, in order of precedence when spans overlap:
1. PEM private key blocks (multi-line, to the END line or the end of the text).
2. Known token formats: AWS access key ids, GitHub classic/fine-grained, Slack tokens and webhooks, Stripe,
   OpenAI, Anthropic, Google API keys, npm, Twilio, SendGrid, JWTs.
3. `Authorization: Bearer|Basic|Token …` headers and bare `Bearer …`.
4. Credentials inside URLs (`scheme://user:pass@host`: the password only).
5. Credential assignments (`password=…`, `"password": "…"`, `*_API_KEY=…`, `*_SECRET=…`, `*_TOKEN=…`,
   `export FOO_KEY=…`), credential arguments (`--password X`, `mysql -pX`, `sshpass -p X`, `curl -u u:p`).
   Credentials in prose: "the password is X", "password: X and then …", "my token is X", "use key X", when X
   reads like a password (letters with digits or symbols; not a version, unit or algorithm name).
6. Long high-entropy strings: base64/hex runs that are long, random-looking (Shannon entropy and how often
   the character class changes) and are not identifiers, UUIDs, git SHAs in git context, lockfile
   hashes, or base64 of ordinary text.

Design rules: it never raises (on an internal error the whole text is replaced, never leaked); it is
idempotent (placeholders, ours and the bare `[REDACTED]` other tools write, are never matched again); every pattern starts only at the beginning of a
character run and uses bounded or possessive quantifiers, so time stays linear on pathological input.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
import string
from collections import Counter
from urllib.parse import urlsplit, urlunsplit

PLACEHOLDER = "[REDACTED:{}]"
# Ours, and the bare `[REDACTED]` other tools (altimate-code among them) write: never matched again.
_PLACEHOLDER_RE = re.compile(r"\[REDACTED(?::[a-z0-9-]{1,40})?\]", re.I)


def _placeholder(value: str) -> bool:
    return value[:9].upper() == "[REDACTED"

Span = tuple[int, int, str]

# -- 2. Known token formats ---------------------------------------------------------------------------
# Each starts with a negative lookbehind on its own character class, so a match can only begin at the
# start of a run (linear time), and ends with a possessive quantifier (no backtracking).
_B64ISH = r"A-Za-z0-9_\-"
_TOKENS: list[tuple[str, tuple[str, ...], re.Pattern[str]]] = [  # (label, needles, pattern)
    ("anthropic-key", ("sk-ant-",), re.compile(r"(?<![\w-])sk-ant-(?:[a-z]+\d*-)?[A-Za-z0-9_\-]{20,}+")),
    ("openai-key", ("sk-",), re.compile(r"(?<![\w-])sk-(?!ant-)(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_\-]{20,}+")),
    ("github-token", ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
     re.compile(r"(?<![\w-])(?:gh[pousr]_[A-Za-z0-9]{30,}+|github_pat_[A-Za-z0-9_]{22,}+)")),
    ("aws-key", ("AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AIPA", "ANPA", "ANVA", "AROA", "APKA", "ASCA"),
     re.compile(r"(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA|ASCA)[A-Z0-9]{16}(?![A-Za-z0-9])")),
    ("slack-webhook", ("hooks.slack.com/",),
     re.compile(r"(?<=hooks\.slack\.com/)(?:services|workflows|triggers)/[A-Za-z0-9/_\-]{8,}+")),
    ("slack-token", ("xox", "xapp-"), re.compile(r"(?<![\w-])xox[abposre]-[A-Za-z0-9\-]{10,}+|(?<![\w-])xapp-\d-[A-Za-z0-9\-]{10,}+")),
    ("stripe-key", ("_live_", "_test_", "whsec_"),
     re.compile(r"(?<![\w-])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,}+|(?<![\w-])whsec_[A-Za-z0-9]{20,}+")),
    ("google-api-key", ("AIza",), re.compile(r"(?<![\w-])AIza[A-Za-z0-9_\-]{35}(?![\w-])")),
    ("google-oauth-token", ("ya29.", "GOCSPX-"), re.compile(r"(?<![\w.-])ya29\.[A-Za-z0-9_\-]{20,}+|(?<![\w-])GOCSPX-[A-Za-z0-9_\-]{20,}+")),
    ("npm-token", ("npm_",), re.compile(r"(?<![\w-])npm_[A-Za-z0-9]{36}(?![\w-])")),
    ("gitlab-token", ("gl",), re.compile(r"(?<![\w-])gl(?:pat|dt|rt|cbt|ptt|ft|imt|agent|oas)-[A-Za-z0-9_\-]{20,}+")),
    ("pypi-token", ("pypi-AgE",), re.compile(r"(?<![\w-])pypi-AgE[A-Za-z0-9_\-]{50,}+")),
    ("twilio-key", ("SK",), re.compile(r"(?<![A-Za-z0-9])SK[0-9a-f]{32}(?![A-Za-z0-9])")),
    ("sendgrid-key", ("SG.",), re.compile(r"(?<![\w.-])SG\.[A-Za-z0-9_\-]{16,32}\.[A-Za-z0-9_\-]{30,50}(?![\w-])")),
    ("jwt", ("eyJ",), re.compile(r"(?<![\w.-])eyJ[A-Za-z0-9_\-]{10,}+\.eyJ[A-Za-z0-9_\-]{10,}+\.[A-Za-z0-9_\-]*+")),
]
# Twilio account SIDs are only secret-ish next to their auth token: require "twilio" or "sid" on the line.
_TWILIO_SID = re.compile(r"(?<![A-Za-z0-9])AC[0-9a-f]{32}(?![A-Za-z0-9])")
_TWILIO_CONTEXT = re.compile(r"(?i)twilio|account_?sid|\bsid\b")

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

# -- 5. Credential assignments and arguments ----------------------------------------------------------
# A keyword that ends a key name: what follows must be the end of the key (no more word characters).
_KEYWORD_NEEDLES = ("pass", "pwd", "secret", "token", "key", "credential")
_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
# Matched against the ASCII-lowered text (same offsets), which is much faster than (?i).
_KEYWORD = re.compile(
    r"(passwords?|passwd|passwort|pass(?:phrase)?|pwd|secret(?:[_\-]?key)?|token|api[_\-]?key|apikey|"
    r"access[_\-]?key(?:[_\-]?id)?|private[_\-]?key|auth[_\-]?key|credentials?|client[_\-]?secret|signing[_\-]?key|"
    r"encryption[_\-]?key|master[_\-]?key|session[_\-]?key|account[_\-]?key|_key|-key)(?![A-Za-z0-9_])"
)
_KEY_CHARS = string.ascii_letters + string.digits + "_.-"
_PASS_KEY = re.compile(r"(?i)(?:[a-z0-9]+[_\-.])*(?:pass|pwd)")
_CODE_NAME = re.compile(r"(?i)pass|pwd|token|secret|key|cred")
_AWS_SECRET_KEY = re.compile(r"(?i)aws.{0,20}secret")
# Separator after the key: optional closing quote, then = : := => with spaces.
_SEPARATOR = re.compile(r"(?:\\?[\"'])?[ \t]{0,5}(:=|=>|==|=|:)[ \t]{0,5}")
# After an unquoted value written `key: value` or `key = value`, only the end of the line, a comment or a
# closing delimiter may follow; otherwise it is prose ("Password: must be 8 characters").
_VALUE_TAIL = re.compile(r"[ \t]*(?:[,;}\])]|#|//|\r?$|\n)")
# Quoted, also JSON-escaped (\"…\") as in raw transcript lines.
_QUOTED_VALUE = re.compile(r"(\\?[\"'])([^\"'\n\\]{1,500})\1")
# "=" ends a bare value except as base64 padding, so `a=b=c=…` costs a constant per key.
_BARE_VALUE = re.compile(r"[^\s\"'`,;&<>)\]}=\\]{1,500}={0,3}")
_CLI_FLAG = re.compile(
    r"(?i)(?<![\w-])--(?:password|passwd|pass|db-password|token|api-key|apikey|secret|client-secret|access-token|auth-token)"
    r"(?:=|[ \t]{1,5})([\"']?)([^\s\"'`\\]{1,300})\1"
)
_CLI_SHORT = re.compile(
    r"(?<![\w-])(?:mysql(?:dump|admin|import|sh)?|mariadb(?:-dump)?)(?:\s{1,5}[^\s|;&]{1,100}){0,12}?\s{1,5}-p([^\s\"'|;&]{1,200})"
    r"|(?<![\w-])sshpass\s{1,5}-p\s{0,5}([^\s|;&]{1,200})"
    r"|(?<![\w-])redis-cli(?:\s{1,5}[^\s|;&]{1,100}){0,12}?\s{1,5}-a\s{1,5}([^\s|;&]{1,200})"
    r"|(?<![\w-])docker\s{1,5}login(?:\s{1,5}[^\s|;&]{1,100}){0,12}?\s{1,5}-p\s{1,5}([^\s|;&]{1,200})"
    r"|(?<![\w-])curl(?:\s{1,5}[^\s|;&]{1,300}){0,20}?\s{1,5}(?:-u|--user)\s{1,5}[\"']?[^\s:\"']{1,100}:([^\s\"']{1,200})"
)

# Credentials in prose: "the password is hunter2", "password: hunter2 and restart", "my token is …", "use key …".
# The keyword is followed by a linking word or a separator and one value; only a value that reads like a
# password (letters mixed with digits or symbols, not a version or an algorithm name) counts, so "the
# password is wrong" or "token: v2 format" stay.
_PROSE_CRED = re.compile(
    r"(?<![\w-])(?:password|passwd|passphrase|passcode|pwd|token|api[ \t_-]?key|secret(?:[ \t_-]?key)?|"
    r"access[ \t_-]?key|private[ \t_-]?key|credentials?)"
    r"(?:[ \t]{0,3}[:=][ \t]{0,3}|[ \t]{1,3}(?:(?:is|was|are|to|equals|reads|is[ \t]+set[ \t]+to|set[ \t]+to|"
    r"should[ \t]+be|would[ \t]+be|will[ \t]+be|of)[ \t]{1,3})?)[`\"']?([^\s`\"',;]{4,200})"
    r"|(?<![\w-])(?:use|using|with|try)[ \t]+(?:the[ \t]+)?(?:api[ \t]+|secret[ \t]+|access[ \t]+|ssh[ \t]+)?key"
    r"[ \t]+[`\"']?([^\s`\"',;]{6,200})"
    r"|[`\"']([^\s`\"',;]{4,200})[`\"'][ \t]+as[ \t]+(?:the[ \t]+|your[ \t]+|a[ \t]+|our[ \t]+)?(?:[\w-]+[ \t]+)?"
    r"(?:password|passwd|passphrase|pwd|token|api[ \t_-]?key|secret)\b"
)
_PROSE_NEEDLES = ("pass", "pwd", "token", "key", "secret", "credential")
_SYMBOLS = frozenset("!@#$%^&*+=?~")
_NOT_A_PASSWORD = re.compile(
    r"(?i)^(?:v?\d+(?:\.\d+)+\w*|sha-?\d+|md5|utf-?\d+|base\d+|aes-?\d+\w*|rsa-?\d+|x\.?509|oauth-?\d|https?\d?|"
    r"ipv\d|hs\d{3}|rs\d{3}|es\d{3}|ed25519|pbkdf2\w*|argon2\w*|bcrypt|scrypt|jwt|s3|ec2|k8s|p\d{2}|"
    r"\d+(?:ms|s|m|h|d|kb|mb|gb|k|x|px|chars?|bytes?|bits?|days?|hours?|minutes?|seconds?)|[a-z]+\d*-(?:bit|byte|char)s?)$"
)


def _passwordish(value: str) -> bool:
    """A bare word after "password is": letters with digits or symbols, not a version, unit or algorithm."""
    value = value.rstrip(".,:;)]}")
    if len(value) < 4 or _placeholder(value) or value[0] in "$%{<[(#/~." or _REFERENCE.match(value):
        return False
    if not any(ch.isalpha() for ch in value) or not any(ch.isdigit() or ch in _SYMBOLS for ch in value):
        return False
    if "(" in value or _DOTTED.match(value) or re.fullmatch(r"[A-Z][A-Z0-9_]+", value) or "/" in value:
        return False  # a call, an attribute, an environment variable name, a path
    if value.endswith("@") or re.fullmatch(r"[\w.+-]+@[\w-]+\.[\w.-]+", value):
        return False  # an address: "send credentials to ops@", "the token to bob@corp.com"
    return not _NOT_A_PASSWORD.match(value)


# Values that are references, placeholders or code, not secrets.
_REFERENCE = re.compile(
    r"(?i)^(?:\$|%|\{|#[0-9a-f]{3,8}$|<[^>]*>?$|[:\s]*[*•]{3,}|x{3,}$|\.{3}|…|#\{|@\{|!ref\b|!sub\b|!getatt\b|"
    r"(?:os\.environ|os\.getenv|process\.env|env\(|getenv|std::env|System\.getenv|ENV\[|var\.|local\.|"
    r"data\.|module\.|secrets\.|vault:|ref\+|self\.|this\.|settings\.|config\.|cfg\.|params\.|args\.|options\.|opts\.)|"
    r"(?:none|null|nil|true|false|yes|no|on|off|undefined|str|string|int|integer|float|number|bool|boolean|bytes|"
    r"object|dict|list|tuple|unknown|void|secretstr|optional|required|any|text|"
    r"varchar|password|secret|token|redacted|changeme|example|dummy|placeholder|include|omit|same-origin|"
    r"your[_\-].*|my[_\-].*)$)"
)
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_DOTTED = re.compile(r"^[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)+$")
_PATHLIKE = re.compile(r"^(?:/|~/|\./|\.\./)[\w.\-@]+(?:/[\w.\-@]*)+$")
# A quoted value that reads as prose or code, not a secret: five or more words, or words with code/sentence
# punctuation, or leading/trailing spaces (a string concatenation: `'Credential=' + key + '`).
_PROSE = re.compile(r"^\s|\s$|^(?:\S+\s+){4,}\S+$|^(?=.*\s)(?:.*[`()\[\]{}]|.*[.!?:]$)")

# -- 6. High entropy ------------------------------------------------------------------------------------
_CANDIDATE = re.compile(r"(?<![A-Za-z0-9+/_\-])[A-Za-z0-9+/_\-]{20,}+={0,3}")
_HEX = re.compile(r"^[0-9a-fA-F]+$")
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
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


def _entropy(value: str) -> float:
    counts = Counter(value)
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


_CLASS_RUNS = re.compile(r"[A-Z]+|[a-z]+|[0-9]+|[^A-Za-z0-9]+")


def _class_changes(value: str) -> float:
    """Share of adjacent characters whose class (upper, lower, digit, other) differs: ~0.65 for random
    base64, ~0.2 for camelCase or snake_case identifiers."""

    if len(value) < 2:
        return 0.0
    return (len(_CLASS_RUNS.findall(value)) - 1) / (len(value) - 1)


_ENCODED_ID = re.compile(r"^[\w.:/@+\-]+$")
_VOWELS = re.compile(r"[aeiouAEIOU]")
_WORD_RUNS = re.compile(r"[A-Z][a-z]{2,}|[a-z]{3,}|[A-Z]{3,}")


def _wordiness(value: str) -> float:
    """Share of letters that sit in word-like runs (`Project`, `draft`, `UCS`: three or more letters, at least
    a fifth of them vowels unless an acronym): ~0.9 for identifiers, ~0.3 for random base64 (1-5% of random strings of
    20-40 characters reach 0.65)."""
    letters = sum(ch.isalpha() for ch in value)
    if not letters:
        return 0.0
    return sum(len(m) for m in _WORD_RUNS.findall(value) if m.isupper() or 5 * len(_VOWELS.findall(m)) >= len(m)) / letters


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


def _high_entropy(value: str, line: str, start_in_line: int) -> bool:
    if "REDACTED" in value or _UUID.match(value):
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
        return any(_high_entropy(piece, line, start_in_line) for piece in re.split(r"[/_\-]+", core) if len(piece) >= 20)
    if core.isdigit():
        return False  # numbers
    if _HEX.match(core):
        # Short hex (git SHAs, colours, ids) never; longer hex only without hash/git context.
        if len(core) < 32 or _entropy(core) < 3.0 or core.isalpha():
            return False
        if _HASH_PREFIX.search(line[max(0, start_in_line - 8):start_in_line]) or _HASH_CONTEXT.search(line):
            return False
        return True
    if "/" in core and core.count("/") >= 2 and _class_changes(core) < 0.45:
        return False  # a path
    before = line[max(0, start_in_line - 40):start_in_line]
    if _B64_HASH.match(core) or _HASH_PREFIX.search(before[-8:]) or _B64_HASH_CONTEXT.search(line):
        return False  # sha512-…, h1:… lockfile hashes
    if core.startswith("AAAA") and _SSH_PUBLIC.search(before):
        return False  # an SSH public key
    entropy = _entropy(core)
    # The most entropy a string of this length can have is log2(len); random base64 sits close to it.
    if entropy < min(4.2, math.log2(len(core)) - 0.55):
        return False
    if _class_changes(core) < 0.4 or _wordiness(core) >= 0.65:
        return False  # identifiers: camelCase, UPPER_SNAKE, kebab-case, `AddProjectV2DraftIssue`
    if not any(ch.isdigit() for ch in core) and len(core) < 32:
        return False
    if _decodes_to_text(core):
        return False
    return True


# -- The scanner -----------------------------------------------------------------------------------------


def _add(spans: list[tuple[int, int, str, int]], start: int, end: int, label: str, priority: int) -> None:
    if end > start:
        spans.append((start, end, label, priority))


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
        _add(spans, begin, end, "private-key", 0)
        pos = end


def _assignment_value(text: str, pos: int) -> tuple[int, int, bool] | None:
    """The value after a key that ends at ``pos``: (start, end, quoted), or None."""
    sep = _SEPARATOR.match(text, pos, min(len(text), pos + 16))
    if not sep:
        return None
    op = sep.group(1)
    if op == "==":
        return None  # a comparison in code
    vpos = sep.end()
    quoted = _QUOTED_VALUE.match(text, vpos, min(len(text), vpos + 520))
    if quoted:
        return quoted.start(2), quoted.end(2), True
    if op == ":" and vpos < len(text) and text[vpos] in "[{(":
        return None
    bare = _BARE_VALUE.match(text, vpos, min(len(text), vpos + 500))
    if not bare:
        return None
    end = bare.end()
    # A trailing comma/period belongs to the prose or code, not the value.
    while end > bare.start() and text[end - 1] in ".,":
        end -= 1
    return bare.start(), end, False


def _label_for_key(key: str) -> str:
    lowered = key.lower()
    if re.search(r"pass|pwd", lowered):
        return "password"
    if "token" in lowered:
        return "token"
    if re.search(r"api[_\-]?key", lowered):
        return "api-key"
    if "private" in lowered:
        return "private-key"
    if "credential" in lowered:
        return "credentials"
    return "secret"


def _secretish(value: str) -> bool:
    """For generic ``*_KEY`` assignments: only values that look like a key, not ``created_at``."""
    if len(value) < 16 or " " in value or _IDENTIFIER.match(value) and _class_changes(value) < 0.4:
        return False
    return sum(ch.isdigit() for ch in value) >= 2 or _entropy(value) >= 3.5


def _assignments(text: str, lower: str, spans: list[tuple[int, int, str, int]]) -> None:
    for m in _KEYWORD.finditer(lower):
        if text.endswith("[REDACTED:", 0, m.start()):
            continue  # the label inside one of our placeholders
        key_end = m.end()
        # Walk back over the key name (bounded) to see the whole key and how it is written.
        before = text[max(0, m.start() - 100):m.start()]
        key_start = m.start() - (len(before) - len(before.rstrip(_KEY_CHARS)))
        key = text[key_start:key_end]
        keyword = m.group(1).lower()
        if keyword in ("_key", "-key") and key_start == m.start():
            continue
        if keyword in ("pass", "pwd") and not _PASS_KEY.fullmatch(key):
            continue
        value = _assignment_value(text, key_end)
        if value is None:
            continue
        vstart, vend, quoted = value
        val = text[vstart:vend]
        if not val.strip() or _placeholder(val) or _REFERENCE.match(val.strip()):
            continue
        sep_text = text[key_end:vstart]
        code_style = not quoted and ("= " in sep_text or " =" in sep_text or ":=" in sep_text)
        if not quoted and (":" in sep_text or code_style) and not _VALUE_TAIL.match(text, vend):
            continue
        if not quoted:
            if "(" in val or "[" in val or _DOTTED.match(val):
                continue  # a call or attribute: code, not a literal
            if code_style and _IDENTIFIER.match(val) and not _secretish(val):
                continue  # `password = new_password`
            if _IDENTIFIER.match(val) and _CODE_NAME.search(val):
                continue  # `Token: token`, `apiKey: apiKey`
            if _PATHLIKE.match(val):
                continue  # `PWD=/home/me/project`
            if val.isalpha() and val.islower() and not key.isupper() and text[vend:vend + 1] in (",", ")"):
                continue  # a keyword argument in code: `verify(secret=match)`
        elif _PROSE.match(val):
            continue  # UI text: "Enter your password"
        if keyword in ("_key", "-key", "access_key_id", "access-key-id", "accesskeyid") or (
            keyword.startswith("access") and keyword.endswith("id")
        ):
            if not _secretish(val) or _UUID.match(val):
                continue
        elif len(val) < 3:
            continue
        label = "aws-secret" if _AWS_SECRET_KEY.search(key) else _label_for_key(key)
        _add(spans, vstart, vend, label, 4)


def find_secrets(text: str) -> list[Span]:
    """Spans of ``text`` that look like secrets: sorted, non-overlapping (start, end, label)."""
    if not text:
        return []
    raw: list[tuple[int, int, str, int]] = []
    _private_keys(text, raw)
    # Cheap substring checks decide which patterns run at all; `lower` keeps offsets (ASCII-only lowering).
    lower = text.translate(_ASCII_LOWER)
    for label, needles, pattern in _TOKENS:
        if not any(n in text for n in needles):
            continue
        for m in pattern.finditer(text):
            _add(raw, m.start(), m.end(), label, 1)
    if "AC" in text:
        for m in _TWILIO_SID.finditer(text):
            line_start = text.rfind("\n", 0, m.start()) + 1
            line_end = text.find("\n", m.end())
            if _TWILIO_CONTEXT.search(text, line_start, len(text) if line_end < 0 else line_end):
                _add(raw, m.start(), m.end(), "twilio-key", 1)
    for m in _AUTH_HEADER.finditer(text) if "authorization" in lower else ():
        scheme = (m.group(1) or "").lower()
        value = m.group(2)
        if value.startswith("$") or _REFERENCE.match(value) or (not scheme and not _secretish(value)):
            continue
        _add(raw, m.start(2), m.end(2), "basic-auth" if scheme == "basic" else "bearer-token", 2)
    for m in _BEARER.finditer(text) if "bearer" in lower or "token" in lower else ():
        if m.group(1).lower() == "token" and not re.search(r"[0-9]", m.group(2)):
            continue
        _add(raw, m.start(2), m.end(2), "bearer-token", 2)
    for m in _URL_CREDS.finditer(text) if "://" in text else ():
        if not _placeholder(m.group(1)) and not _REFERENCE.match(m.group(1)):
            _add(raw, m.start(1), m.end(1), "password", 3)
    for m in _CLI_FLAG.finditer(text) if "--" in text else ():
        value = m.group(2)
        if not _placeholder(value) and not _REFERENCE.match(value):
            flag = m.group(0).lower()
            _add(raw, m.start(2), m.end(2), "password" if "pass" in flag else _label_for_key(flag), 4)
    cli = ("mysql", "mariadb", "sshpass", "redis-cli", "docker", "curl")
    for m in _CLI_SHORT.finditer(text) if any(c in text for c in cli) else ():
        for group in range(1, 6):
            if m.group(group) and not _placeholder(m.group(group)) and not _REFERENCE.match(m.group(group)):
                _add(raw, m.start(group), m.end(group), "password", 4)
    if any(k in lower for k in _KEYWORD_NEEDLES):
        _assignments(text, lower, raw)
    if any(k in lower for k in _PROSE_NEEDLES):
        for m in _PROSE_CRED.finditer(lower):
            group = next(g for g in (1, 2, 3) if m.group(g) is not None)
            start, end = m.start(group), m.end(group)
            value = text[start:end]
            if _passwordish(value):  # a sentence's closing period or bracket is not part of the value
                label = _label_for_key(re.sub(r"\s+", "_", m.group(0)[: start - m.start()] if group < 3
                                              else m.group(0)[end - m.start():]))
                _add(raw, start, start + len(value.rstrip(".,:;)]}")), label, 4)
    for m in _CANDIDATE.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        line_end = text.find("\n", m.end())
        line = text[line_start: len(text) if line_end < 0 else line_end]
        if len(line) > 4000:  # keep context checks bounded on huge lines
            line = text[max(line_start, m.start() - 200): m.end() + 200]
            offset = m.start() - max(line_start, m.start() - 200)
        else:
            offset = m.start() - line_start
        if _high_entropy(m.group(0), line, offset):
            _add(raw, m.start(), m.end(), "high-entropy", 5)
    return _merge(raw, text)


def _merge(raw: list[tuple[int, int, str, int]], text: str) -> list[Span]:
    """Resolve overlapping spans: the most specific (lowest priority number) keeps its bounds, a less
    specific one keeps only what is left of it (if that is still 8+ characters). Existing placeholders are
    never touched, which keeps redaction idempotent."""
    items = list(raw)
    if "[REDACTED" in text or "[redacted" in text or "[Redacted" in text:
        items += [(m.start(), m.end(), "", -1) for m in _PLACEHOLDER_RE.finditer(text)]
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
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    try:
        # Replacing a span changes the context of its neighbours (a hex run that ran into a PEM header is
        # pure hex once the header is a placeholder), so repeat until nothing changes: that is what makes
        # redact(redact(x)) == redact(x). Placeholders are never matched, so each pass only adds some.
        for _ in range(8):
            spans = find_secrets(text)
            if not spans:
                return text
            text = _replace(text, spans)
        return text
    except Exception:  # noqa: BLE001 - a filter bug must never leak what it was filtering
        return PLACEHOLDER.format("unscanned")


def _replace(text: str, spans: list[Span]) -> str:
    out: list[str] = []
    pos = 0
    for start, end, label in spans:
        out.append(text[pos:start])
        out.append(PLACEHOLDER.format(label))
        pos = end
    out.append(text[pos:])
    return "".join(out)


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
