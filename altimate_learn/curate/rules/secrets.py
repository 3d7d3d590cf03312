"""Credentials in lesson text: the project's redactor, plus stricter shapes (a lesson has no business
carrying any credential-shaped value, even a short or fake one) and secrets hidden in base64."""

from __future__ import annotations

import re

from altimate_learn.curate.rules.base import DIGIT, Text, rx


# Credentials in lesson text. The redactor (capture's filter) is called too; these are stricter, because a
# lesson has no business carrying any credential-shaped value, even a short or fake one.
SECRET_NAME = (r"(?:pass(?:word|wd|phrase)?|pwd|secret|token|api[_ -]?key|apikey|access[_ -]?key|private[_ -]?key|"
                r"client[_ -]?secret|auth(?:orization)?|credentials?|ssn|session[_ -]?key|encryption[_ -]?key|"
                r"signing[_ -]?key|bearer)")
SECRET_ASSIGN = rx(
    # NAME=value / NAME: value / "NAME": "value" / NAME => value, where NAME ends in a secret word
    r"(?<![\w-])(?:[\w.-]*[_.-])?" + SECRET_NAME + r"\\?[\"']?\s*(?:[:=]|=>|:=)\s*(?:string\s*=\s*)?\\?[\"'{]?\s*"
    r"(?!\s)(?![,.)\]]|$)" + r"(?!\\?[\"'{]?\s*(?:(?:bearer|basic|token)\s+)?" + r"(?:\$\{|\$[A-Za-z_]|\{\{|<[\w -]+>|(?:true|false|null|none|nil|required|optional|include|omit|same-origin)\b|"
    r"os\.|process\.env|env\b|secrets\.|vault\b|\*{3}|x{3,}\b))",  # references and placeholders are not secrets
    re.I,
)
SECRET_TYPED = rx(r"\b(?:const|let|var)\s+\w*(?:password|secret|token|key)\w*\s*(?::\s*\w+\s*)?=\s*[\"']", re.I)
SECRET_ENV = rx(r"\b(?:[A-Z0-9]+_)*(?:PASS|PASSWORD|PWD|SECRET|TOKEN|KEY|APIKEY|CREDENTIALS?|AUTH)\s*=\s*\S")
PLACEHOLDER = r"(?!(?:(?:bearer|basic|token)\s+)?(?:<[\w -]+>|\$\{|\{\{|\$[A-Za-z_]))"
AUTH_HEADER = rx(r"\bauthorization\s*:\s*" + PLACEHOLDER + r"\S"
                   r"|(?:^|[:=]\s*|\()bearer\s+(?!tokens?\s+\w)" + PLACEHOLDER + r"\S"
                          r"|\bbearer\s+(?!tokens?\b)[\w.~+/=-]*[0-9.~+/=][\w.~+/=-]*", re.I)
# Password-bearing command-line flags: mysql family `-p<pw>` / `-p <pw>`, sqlcmd/bcp `-P`, redis-cli `-a`,
# sshpass `-p`, docker login `-p`, and long `--password/--token/--secret/--api-key` options.
MYSQLISH = r"(?:mysql[\w-]*|mariadb[\w-]*|mongo(?:sh|dump|restore|import|export)?|docker\s+login|podman\s+login|helm\s+registry\s+login)"
PW_FLAGS = rx(
    r"\b" + MYSQLISH + r"\b[^;|&.!?\"']*?\s(?-i:-p)(?!\s*\[REDACTED)(?:=|\s*[\"']|\S|\s+(?!\d+\b)(?!-)\S)"
    r"|\b" + MYSQLISH + r"\b[^;|&!?\"']*?\s(?-i:-p)\s*$"
    r"|\b(?:sqlcmd|bcp|osql|isql)\b[^;|&\"']*?\s(?-i:-P)(?!\s*\[REDACTED)(?:=|\s*\S)"
    r"|\bredis-cli\b[^;|&\"']*?\s(?-i:-a)(?!\s*\[REDACTED)(?:=|\s*\S)"
    r"|\bsshpass\s+-p"
    r"|\bpsql\b[^;|&]*?\bpassword=\S"
    r"|--(?:password|passwd|pass|token|secret|api-key|apikey|access-key|secret-key|client-secret|auth|"
    r"proxy-user|user)(?:=|\s+)\S"
    r"|\bcurl\b[^;|&]*?\s-u\s*\S+:\S"
    r"|(?<![\w-])-u\s*[\w.-]+:[^\s@]+",
    re.I,
)
SSN = rx(r"\bssn\b\W{0,3}\d{3}[- ]?\d{2}[- ]?\d{4}\b|\b\d{3}-\d{2}-\d{4}\b", re.I)
CONN_STRING = rx(r"\b(?:pwd|password|uid|user\s*id)\s*=\s*[^;\s]+;|;\s*(?:pwd|password)\s*=", re.I)
KNOWN_PREFIX = rx(
    r"\b(?:AKIA|ASIA)[0-9A-Z]{12,}\b|\bsk-[A-Za-z0-9_-]{8,}|\bgh[pousr]_[A-Za-z0-9]{10,}|\bgithub_pat_\w{10,}"
    r"|\bxox[abprs]-[A-Za-z0-9-]{6,}|\bAIza[0-9A-Za-z_-]{16,}|\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\."
    r"|\bglpat-[\w-]{10,}|\bnpm_[A-Za-z0-9]{20,}|\bpypi-[\w-]{20,}|\bsq0[a-z]{3}-[\w-]{10,}|\bSG\.[\w-]{10,}\."
    r"|\bhf_[A-Za-z0-9]{20,}|\bsk_(?:live|test)_[A-Za-z0-9]{10,}|\brk_(?:live|test)_[A-Za-z0-9]{10,}"
    r"|-----BEGIN [A-Z ]*PRIVATE KEY",
)
TOKENISH = rx(r"[A-Za-z0-9+/_=-]{20,}")
# "Log in with admin / hunter2", "login as deploy:Passw0rd": a user and a password written as a pair.
LOGIN_PAIR = rx(r"\b(?:log\s*in|login|sign\s*in|signin|authenticate|connect)\s+(?:\w+\s+){0,2}?(?:with|as|using)\s+"
                  r"[`\"']?[\w.@-]+\s*[/:]\s*[`\"']?(?=[^\s`\"']*[0-9!@#$%^&*+=?~])[^\s`\"']{4,}", re.I)
B64_RUN = rx(r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{16,}={0,2}(?![A-Za-z0-9+/_=-])")


def decoded_secret(text: str) -> bool:
    """A credential hidden in base64 (`c2stbGl2ZS1…` is `sk-live-…`): decode each long run that decodes to
    printable ASCII and check that."""
    import base64
    import binascii

    for match in B64_RUN.finditer(text):
        raw = match.group(0).rstrip("=")
        for decode in (base64.b64decode, base64.urlsafe_b64decode):
            try:
                data = decode(raw + "=" * (-len(raw) % 4))
                decoded = data.decode("ascii")
            except (binascii.Error, UnicodeDecodeError, ValueError):
                continue
            if decoded.isprintable() and (KNOWN_PREFIX.search(decoded) or secret_checks(Text(decoded))):
                return True
    return False


CHUNK = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")


def high_entropy(text: str) -> bool:
    """A long token mixing classes with no word shape: random keys, hashes used as secrets."""
    import math

    for match in TOKENISH.finditer(text):
        token = match.group(0).strip("=")
        if len(token) < 20 or token.count("_") * 4 > len(token) or re.fullmatch(r"[a-z_]+|[A-Z_]+|[0-9]+", token):
            continue
        if re.fullmatch(r"(?:[a-z]+[0-9]*_+)+[a-z0-9]+|[a-z]+|(?:[A-Z][a-z]+)+", token):
            continue  # snake_case identifiers, CamelCase names
        classes = sum(bool(re.search(p, token)) for p in (r"[a-z]", r"[A-Z]", r"[0-9]"))
        if classes < 2:
            continue
        # Identifiers and paths are made of word-sized chunks (`UserProfile2Card`, `src/components`);
        # random keys are not (`9fK2xQ7LmZ`): mean chunk length tells them apart.
        chunks = [c for c in CHUNK.findall(token) if c]
        if (chunks and sum(map(len, chunks)) / len(chunks) >= 3 and sum(len(c) == 1 for c in chunks) <= 0.3 * len(chunks)
                and not re.fullmatch(r"[0-9a-f]+", token.lower())):
            continue
        counts: dict[str, int] = {}
        for ch in token:
            counts[ch] = counts.get(ch, 0) + 1
        entropy = -sum(c / len(token) * math.log2(c / len(token)) for c in counts.values())
        if entropy >= 3.5 and (classes == 3 or re.fullmatch(r"[0-9a-f]{24,}", token.lower())):
            return True
    return False

ENV_WORDS = rx(r"PASS|PWD|SECRET|TOKEN|KEY|CREDENTIAL|AUTH")

# Triggers: a cheap necessary condition for each pattern, so most lessons skip most regexes. Delivery
# re-lints every approved lesson on each hook call; this keeps that linear and small.
SECRET_WORDS = ("pass", "password", "passwd", "passphrase", "pwd", "secret", "token", "api", "apikey", "key",
                 "access", "private", "client", "auth", "authorization", "credential", "credentials", "ssn",
                 "session", "encryption", "signing", "bearer")
KNOWN_PARTS = ("akia", "asia", "sk-", "gh", "github_pat", "xox", "aiza", "eyj", "glpat-", "npm_", "pypi-",
                "sq0", "sg.", "hf_", "sk_", "rk_", "-----begin")
PW_TOOLS = ("mysql", "mariadb", "mongo", "docker", "podman", "helm", "sqlcmd", "bcp", "osql", "isql", "redis",
             "sshpass", "psql", "curl")


def secret_checks(x: Text) -> bool:
    t = x.t
    if x.contains(*KNOWN_PARTS) and KNOWN_PREFIX.search(t):
        return True
    assign = "=" in t or ":" in t
    if assign and x.has(*SECRET_WORDS) and SECRET_ASSIGN.search(t):
        return True
    if x.has("const", "let", "var") and SECRET_TYPED.search(t):
        return True
    if "=" in t and ENV_WORDS.search(t) and SECRET_ENV.search(t):
        return True
    if x.has("authorization", "bearer") and AUTH_HEADER.search(t):
        return True
    if "-" in t and (x.starts(PW_TOOLS) or "--" in t or "-u" in t) and PW_FLAGS.search(t):
        return True
    if DIGIT.search(t) and SSN.search(t):
        return True
    if "=" in t and ";" in t and CONN_STRING.search(t):
        return True
    if ("/" in t or ":" in t) and x.starts(("log", "sign", "authenticate", "connect")) and LOGIN_PAIR.search(t):
        return True
    return high_entropy(t)


def looks_secret(text: str, view: Text | None = None) -> bool:
    from altimate_learn.redact import holds_secret  # the project's filter; kept lazy so lint imports cheaply

    if holds_secret(text):  # an e-mail address is the `email` rule's, not a secret
        return True
    if secret_checks(view or Text(text)):
        return True
    return decoded_secret(text)
