"""Lesson lint: the deterministic gate every lesson text passes before it can reach `candidate.json`,
`approved.json` or an agent's prompt.

A lesson is untrusted until it passed here: a model wrote it from session text that may contain a
poisoned review comment, a copied error message or a secret. The rules reject (never repair) text that
could steer an agent somewhere a reviewer would not expect: shell commands that fetch or destroy, URLs and
hosts, links, addresses, ids from someone's session, paths outside the project, prompt-injection phrasing
and anything that looks like a credential. Ordinary developer commands in a lesson ("Run `dbt build
--select state:modified+` in CI") are the substance of good lessons and are accepted.

Normalisation comes first so a rule cannot be dodged with look-alike characters: NFKC folds fullwidth and
compatibility forms (``ｃｕｒｌ`` → ``curl``), control and format characters (zero-width, bidi overrides,
BOM, soft hyphen) are removed, and every run of whitespace becomes one space. A line break anywhere inside
the text (``\\n``, ``\\r``, U+2028/2029, NEL, vertical tab, form feed) is a rejection, not a repair: a
lesson is one line.

Verification flags are separate: a lesson about skipping, disabling or ignoring tests, checks, CI, lint,
review or hooks is kept but flagged for explicit approval, whichever way it points ("never skip tests" is
flagged too: the flag reads wording, not intent).

Stdlib only (plus the project's redactor): delivery re-lints every approved lesson on the hook path.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

MAX_CHARS = 140

# Line terminators that split a line for some consumer (markdown, JS, Python's splitlines).
_LINE_BREAKS = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
_WS = re.compile(r"\s+")


@dataclass(frozen=True)
class LintResult:
    ok: bool
    text: str
    rule: str | None = None
    reason: str | None = None
    flagged: bool = False
    flag_reason: str | None = None


def length(text: str) -> int:
    """Length as altimate-code counts it (UTF-16 code units): a lesson both tools accept."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def normalize(text: str) -> str:
    """NFKC, control/format characters removed, whitespace collapsed and trimmed."""
    text = unicodedata.normalize("NFKC", text)
    # Tabs and other spacing controls become spaces first so words they separate stay apart.
    text = "".join(" " if ch in "\t\n\r\v\f\x85" else ch for ch in text)
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn")
                   or ch == " ")
    return _WS.sub(" ", text).strip()


# --- rules ---------------------------------------------------------------------------------------------
# Each rule is (rule name, reason, pattern). Order matters only for which reason is reported first;
# it follows altimate-code's order so the two tools name the same rule for the same text.

# `/*` and `*/` count only with space around them, so globs such as `models/**/*.sql` stay legal.
_COMMENT = re.compile(r"<!--|-->|(?:^|\s)/\*|\*/(?:\s|$)|^\s*//|^\s*#\s|^\s*#$|\{#|#\}|^\s*--\s|^\s*;;|^\s*rem\s", re.I)

_SHELL_WORDS = (r"sudo|doas|curl|wget|chmod|chown|chgrp|mkfs(?:\.\w+)?|ncat|netcat|socat|telnet|powershell|pwsh|"
                r"iex|invoke-expression|invoke-webrequest|certutil|bitsadmin|scp|rsync|nohup|crontab|shred|"
                r"fdisk|insmod|modprobe|setuid")
_SHELL = re.compile(
    r"\b(?:" + _SHELL_WORDS + r")\b"
    r"|\brm\s+(?:-\S+\s+)*[\w./~*$\"'-]"       # rm with arguments ("rm -rf target", "rm x")
    r"|\b(?:ba|z|k|da|fi|c|tc)?sh\s+-c\b"     # sh -c '...'
    r"|\|\s*(?:sudo\s+)?(?:ba|z|k|da|fi)?sh\b"  # piped into a shell
    r"|\|\s*(?:python[0-9.]*|perl|ruby|node|php)\b(?!\s+-\w)"  # piped into an interpreter
    r"|\beval\s|\bexec\s+[\"'$(]|\bsource\s+<\("
    r"|\$\(|\$\{IFS"                          # command substitution
    r"|;\s*(?:rm|curl|wget|sudo|chmod|sh|bash)\b|&&\s*(?:rm|curl|wget|sudo|chmod|sh|bash)\b"
    r"|\|\|\s*(?:rm|curl|wget|sudo)\b"
    r"|\b(?:python[0-9.]*|py)\s+-c\b|\bnode\s+(?:-e|--eval|-p)\b|\b(?:perl|ruby|php)\s+-[er]\b"
    r"|\bdd\s+if=|\bmkfifo\b|/dev/(?:tcp|udp|sd[a-z]|nvme)|(?-i:\bnc\s+-[a-z])"
    r"|\bbase64\s+(?:-d|--decode)\b"
    r"|:\(\)\s*\{"                             # fork bomb
    r"|\bkill\s+-9\s+(?:-1|1)\b"
    r"|\bgit\s+(?:config\s+--global\s+)?(?:credential|remote\s+(?:add|set-url))\b"
    r"|\b(?:git\s+clone)\s+\S",
    re.I,
)
# Installing a *named* package from a lesson is a supply-chain path: a poisoned review comment becomes an
# agent installing whatever it names. Naming the tool ("use `uv add`, not `pip install`") is fine.
_INSTALL = re.compile(
    r"\b(?:(?:npm|pnpm|yarn|bun)\s+(?:install|i|add)|pip[0-9.]*\s+install|uv\s+(?:pip\s+install|add|tool\s+install)|"
    r"pipx\s+install|poetry\s+add|gem\s+install|cargo\s+install|cargo\s+add|go\s+(?:get|install)|"
    r"brew\s+install|apt(?:-get)?\s+install|yum\s+install|dnf\s+install|apk\s+add|choco\s+install)\s+(?:--?[\w-]+(?:=\S+)?\s+)*(?!-)(?=[@\w])(?!(?:the|a|an|it|them|all|deps|dependencies|"
    r"requirements|packages?|before|after|first|then|and|or|when|with|instead|in|on|to|for|only|once|from|"
    r"locally|globally|again|is|are|should|must)\b)[@\w][\w@/.:=<>~^-]*",
    re.I,
)

# Top-level domains that are not also common file extensions (`.py`, `.md`, `.sh`, `.zip`, `.app` are
# left out on purpose so `main.py` or `deploy.sh` stay file names).
_TLDS = (r"com|net|org|io|dev|ai|co|example|invalid|internal|corp|lan|localhost|gov|edu|mil|biz|xyz|cloud|tech|"
         r"site|online|page|me|us|uk|de|fr|eu|ru|cn|jp|nl|au|ca|ch|se|br|es|be|at|tv|cc|gg|ly|ws|onion|"
         r"info|app|sh|to|is")
_FILEY_TLDS = {"sh", "to", "is", "app", "info", "me"}  # only with a path or when a host has 3+ labels
_URL = re.compile(
    r"\b[a-z][a-z0-9+.-]*://\S"                              # scheme://
    r"|\bwww\.\S"
    r"|(?:^|[\s(\[`'\"=,])//[^\s/]"                          # //host
    r"|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,}/[^\s]"  # domain.tld/path
    r"|\b(?:javascript|data|file|vbscript|ftps?|sftp|ssh|mailto|tel|blob|about|view-source|intent|smb|ldaps?|"
    r"gopher|jar|git|s3|gs|hdfs|ws|wss):(?=[^\s/]|//)",
    re.I,
)
_BARE_HOST = re.compile(
    r"(?<![\w.@/-])((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+)(" + _TLDS + r")(?![\w-]|\.[a-z0-9]|\()",
    re.I,
)
_NOT_HOSTS = {"asp.net", "ado.net", "vb.net", "socket.io", "dot.net"}
_IPV4 = re.compile(r"(?<![\w.])(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}(?::\d+)?(?![\w.])")
_MARKDOWN = re.compile(r"!\[|\[[^\]]*\]\([^)]*\)|^\s*\[[^\]]+\]:\s")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_SESSION_ID = re.compile(
    r"\b(?:ses|msg|prt|sig|toolu|call|chatcmpl)_(?=[A-Za-z0-9]*[0-9A-Z])[A-Za-z0-9]{3,}\b"
    r"|\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"
    r"|\bchatcmpl-[A-Za-z0-9]{6,}"
)
_ABS_PATH = re.compile(r"(?:^|[\s(\[`'\"=:,])(?:/[\w.@~+-]|~[\w.-]*/|[A-Za-z]:[\\/]|\\\\\w|%\w+%[\\/]|"
                       r"\$(?:HOME|USERPROFILE|TMPDIR)\b)")
_PATH_ESCAPE = re.compile(r"(?:^|[\s/\\(\[`'\"=:,])\.\.(?:[\\/]|$|[\s)`'\",;])|[\\/]\.\.(?:[\\/]|$|\s)")
_INJECTION = re.compile(
    r"\b(?:ignore|forget|overrides?|skip)\s+(?:all\s+|any\s+|the\s+|your\s+|of\s+)*(?:previous|prior|above|earlier|"
    r"preceding|system|original|existing|safety|other)\s+(?:instructions?|rules|guidance|guidelines|prompts?|messages|"
    r"directions|context)"
    r"|\bignore\s+(?:all\s+|any\s+|the\s+|your\s+)*instructions\b"
    r"|\bdisregard\b|\bsystem\s+prompt\b|\bsystem\s+message\b|\bdeveloper\s+message\b"
    r"|(?<!\w)<\/?\s*(?:auto_loaded_skill|available_skills|instructions?|system-reminder|team[-_ ]rules|"
    r"learned[-_]lessons?|function_calls?|antml|(?-i:system|assistant|user|human|tool))\b"
    r"|<\|(?:im_start|im_end|system|user|assistant|endoftext)\|>|\[/?INST\]|<<\s*/?SYS\s*>>"
    r"|\byou\s+are\s+now\b|\bnew\s+instructions\b|\bfrom\s+now\s+on\s+you\b|\bact\s+as\s+(?:an?\s+)?(?:admin|root|"
    r"unrestricted|jailbroken|dan)\b|\bjailbreak|\bdeveloper\s+mode\b|\bdo\s+anything\s+now\b"
    r"|\breveal\s+(?:your|the)\s+(?:instructions|prompt|rules)\b|\bpretend\s+(?:you\s+are|to\s+be)\b"
    r"|\bdo\s+not\s+tell\s+the\s+user\b|\bwithout\s+telling\s+the\s+user\b|\bhide\s+this\s+from\b"
    r"|^\s*(?:system|assistant|user|human)\s*:",
    re.I,
)

# Credentials in lesson text. The redactor (capture's filter) is called too; these are stricter, because a
# lesson has no business carrying any credential-shaped value, even a short or fake one.
_SECRET_NAME = (r"(?:pass(?:word|wd|phrase)?|pwd|secret|token|api[_ -]?key|apikey|access[_ -]?key|private[_ -]?key|"
                r"client[_ -]?secret|auth(?:orization)?|credentials?|ssn|session[_ -]?key|encryption[_ -]?key|"
                r"signing[_ -]?key|bearer)")
_SECRET_ASSIGN = re.compile(
    # NAME=value / NAME: value / "NAME": "value" / NAME => value, where NAME ends in a secret word
    r"(?<![\w-])(?:[\w.-]*[_.-])?" + _SECRET_NAME + r"\\?[\"']?\s*(?:[:=]|=>|:=)\s*(?:string\s*=\s*)?\\?[\"'{]?\s*"
    r"(?!\s)(?![,.)\]]|$)",
    re.I,
)
_SECRET_TYPED = re.compile(r"\b(?:const|let|var)\s+\w*(?:password|secret|token|key)\w*\s*(?::\s*\w+\s*)?=\s*[\"']", re.I)
_SECRET_ENV = re.compile(r"\b(?:[A-Z0-9]+_)*(?:PASS|PASSWORD|PWD|SECRET|TOKEN|KEY|APIKEY|CREDENTIALS?|AUTH)\s*=\s*\S")
_AUTH_HEADER = re.compile(r"\bauthorization\s*:\s*\S|(?:^|[:=]\s*|\()bearer\s+(?!tokens?\s+\w)\S"
                          r"|\bbearer\s+(?!tokens?\b)[\w.~+/=-]*[0-9.~+/=][\w.~+/=-]*", re.I)
# Password-bearing command-line flags: mysql family `-p<pw>` / `-p <pw>`, sqlcmd/bcp `-P`, redis-cli `-a`,
# sshpass `-p`, docker login `-p`, and long `--password/--token/--secret/--api-key` options.
_MYSQLISH = r"(?:mysql[\w-]*|mariadb[\w-]*|mongo(?:sh|dump|restore|import|export)?|docker\s+login|podman\s+login|helm\s+registry\s+login)"
_PW_FLAGS = re.compile(
    r"\b" + _MYSQLISH + r"\b[^;|&.!?\"']*?\s(?-i:-p)(?!\s*\[REDACTED)(?:=|\s*[\"']|\S|\s+(?!\d+\b)(?!-)\S)"
    r"|\b" + _MYSQLISH + r"\b[^;|&!?\"']*?\s(?-i:-p)\s*$"
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
_SSN = re.compile(r"\bssn\b\W{0,3}\d{3}[- ]?\d{2}[- ]?\d{4}\b|\b\d{3}-\d{2}-\d{4}\b", re.I)
_CONN_STRING = re.compile(r"\b(?:pwd|password|uid|user\s*id)\s*=\s*[^;\s]+;|;\s*(?:pwd|password)\s*=", re.I)
_KNOWN_PREFIX = re.compile(
    r"\b(?:AKIA|ASIA)[0-9A-Z]{12,}\b|\bsk-[A-Za-z0-9_-]{8,}|\bgh[pousr]_[A-Za-z0-9]{10,}|\bgithub_pat_\w{10,}"
    r"|\bxox[abprs]-[A-Za-z0-9-]{6,}|\bAIza[0-9A-Za-z_-]{16,}|\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\."
    r"|\bglpat-[\w-]{10,}|\bnpm_[A-Za-z0-9]{20,}|\bpypi-[\w-]{20,}|\bsq0[a-z]{3}-[\w-]{10,}|\bSG\.[\w-]{10,}\."
    r"|\bhf_[A-Za-z0-9]{20,}|\bsk_(?:live|test)_[A-Za-z0-9]{10,}|\brk_(?:live|test)_[A-Za-z0-9]{10,}"
    r"|-----BEGIN [A-Z ]*PRIVATE KEY",
)
_TOKENISH = re.compile(r"[A-Za-z0-9+/_=-]{20,}")


def _high_entropy(text: str) -> bool:
    """A long token mixing classes with no word shape: random keys, hashes used as secrets."""
    import math

    for match in _TOKENISH.finditer(text):
        token = match.group(0).strip("=")
        if len(token) < 20 or token.count("_") * 4 > len(token) or re.fullmatch(r"[a-z_]+|[A-Z_]+|[0-9]+", token):
            continue
        if re.fullmatch(r"(?:[a-z]+[0-9]*_+)+[a-z0-9]+|[a-z]+|(?:[A-Z][a-z]+)+", token):
            continue  # snake_case identifiers, CamelCase names
        classes = sum(bool(re.search(p, token)) for p in (r"[a-z]", r"[A-Z]", r"[0-9]"))
        if classes < 2:
            continue
        counts: dict[str, int] = {}
        for ch in token:
            counts[ch] = counts.get(ch, 0) + 1
        entropy = -sum(c / len(token) * math.log2(c / len(token)) for c in counts.values())
        if entropy >= 3.5 and (classes == 3 or re.fullmatch(r"[0-9a-f]{24,}", token.lower())):
            return True
    return False


def _looks_secret(text: str) -> bool:
    from altimate_learn.redact import redact  # the project's filter; kept lazy so lint imports cheaply

    if redact(text) != text:
        return True
    return bool(_KNOWN_PREFIX.search(text) or _SECRET_ASSIGN.search(text) or _SECRET_TYPED.search(text)
                or _SECRET_ENV.search(text) or _AUTH_HEADER.search(text) or _PW_FLAGS.search(text)
                or _SSN.search(text) or _CONN_STRING.search(text) or _high_entropy(text))


def _bare_host(text: str) -> str | None:
    for match in _BARE_HOST.finditer(text):
        labels, tld = match.group(1), match.group(2).lower()
        name = labels.rstrip(".")
        if f"{name}.{tld}".lower() in _NOT_HOSTS:
            continue
        if tld in _FILEY_TLDS and name.count(".") < 1:
            continue
        # `df.info()`, `self.app`: a code member access, not a host.
        if re.fullmatch(r"(?:self|this|cls|df|os|sys|np|pd|obj|ctx|req|res|app|console|logger|logging|log|"
                        r"window|document|module|exports|process)", name.split(".")[-1], re.I):
            continue
        return match.group(0)
    return None


_RULES: list[tuple[str, str, re.Pattern[str]]] = [
    ("comment-marker", "contains a comment marker", _COMMENT),
    ("shell-command", "contains a shell command", _SHELL),
    ("shell-command", "contains a shell command (installs a named package)", _INSTALL),
    ("url", "contains a URL", _URL),
    ("markdown-link", "contains a markdown link or image", _MARKDOWN),
    ("email", "contains an email address", _EMAIL),
    ("session-id", "contains a session or message id", _SESSION_ID),
    ("absolute-path", "contains an absolute path", _ABS_PATH),
    ("path-escape", "contains a path escape (..)", _PATH_ESCAPE),
    ("prompt-injection", "looks like prompt injection", _INJECTION),
]


def _reject(text: str, rule: str, reason: str) -> LintResult:
    return LintResult(False, text, rule, reason)


def lint(text: str, *, grandfathered: bool = False) -> LintResult:
    """Check one lesson text. ``grandfathered``: the unchanged text of an already approved lesson, which
    may exceed the length limit (every other rule still applies)."""
    if not isinstance(text, str):
        return _reject("", "empty", "lesson text must be a string")
    if _LINE_BREAKS.search(text.strip()):
        return _reject(normalize(text), "multiline", "must be a single line")
    clean = normalize(text)
    if _LINE_BREAKS.search(clean):  # pragma: no cover - normalize removes them; kept as a guard
        return _reject(clean, "multiline", "must be a single line")
    if not clean:
        return _reject(clean, "empty", "empty text")
    if length(clean) > MAX_CHARS and not grandfathered:
        return _reject(clean, "too-long", f"longer than {MAX_CHARS} characters ({length(clean)})")
    for rule, reason, pattern in _RULES:
        if pattern.search(clean):
            return _reject(clean, rule, reason)
        if rule == "url":
            host = _bare_host(clean) or (_IPV4.search(clean) and "ip")
            if host:
                return _reject(clean, "url", "contains a URL (bare host name)")
    if _looks_secret(clean):
        return _reject(clean, "secret", "looks like a secret")
    flagged, why = is_flagged(clean)
    return LintResult(True, clean, None, None, flagged, why)


# --- verification flags ----------------------------------------------------------------------------------

FLAG_REASON = "mentions skipping or disabling verification"

_VERB = (r"skip(?:s|ped|ping)?|omit(?:s|ted|ting)?|ignor(?:e|es|ed|ing)|disabl(?:e|es|ed|ing)|bypass(?:es|ed|ing)?|"
         r"exclud(?:e|es|ed|ing)|turn(?:s|ed|ing)?\s+off|switch(?:es|ed|ing)?\s+off|remov(?:e|es|ed|ing)|"
         r"delet(?:e|es|ed|ing)|comment(?:s|ed|ing)?\s+out|silenc(?:e|es|ed|ing)|suppress(?:es|ed|ing)?|"
         r"mut(?:e|es|ed|ing)|deactivat(?:e|es|ed|ing)|circumvent(?:s|ed|ing)?|avoid(?:s|ed|ing)?\s+running|"
         r"without\s+(?:running|executing|passing|waiting\s+for)|without|no\s+need\s+(?:to|for)|"
         r"(?:do(?:es)?\s+not|don'?t|doesn'?t|never|not)\s+(?:\w+\s+){0,2}?(?:run|execute|wait\s+for|require)|"
         r"stop(?:s|ped|ping)?\s+running|drop(?:s|ped|ping)?|xfail|mark(?:s|ed|ing)?\s+(?:\w+\s+){0,3}?(?:as\s+)?"
         r"(?:xfail|skip(?:ped)?|flaky|optional)|forc(?:e|es|ed|ing)\s+(?:\w+\s+){0,2}?(?:through|past)|"
         r"relax(?:es|ed|ing)?|weaken(?:s|ed|ing)?|loosen(?:s|ed|ing)?|lower(?:s|ed|ing)?")
# The noun may carry a few modifiers before it ("the required CI checks", "the project's unit tests").
_MOD = (r"(?:(?:the|all|any|every|some|those|these|our|its|their|your|my|required|mandatory|failing|flaky|"
        r"slow|broken|red|existing|remaining|expensive|long|unit|integration|e2e|end-to-end|dbt|schema|data|generic|"
        r"singular|code|peer|pr|security|type|static|pre-commit|pre-push|commit|git|ci|cd|github|quality|"
        r"[\w'-]+'s|(?!(?:in|on|for|before|after|when|if|from|to|with|during|and|or|but|then|instead|unless|while|"
        r"by|at|of|so|because|since|until|is|are|was|be)\b)[\w-]+)\s+){0,3}?")
_NOUN = (r"(?:tests?(?!\s+(?:accounts?|data|rows?|records?|users?|fixtures?|files?|artifacts?|environments?|"
         r"databases?|servers?|clusters?|tenants?|customers?|emails?|payments?|orders?|events?|ids?|values?|"
         r"inputs?|cases?\s+(?:in|from)|credentials|keys?|mode\s+(?:data|rows)|coverage\s+report)\b)|testing|"
         r"test\s+suites?|checks?(?!\s+(?:constraints?|boxe?s?|marks?|digits?|outs?|ins?)\b)|ci(?!\s+(?:setup|cache|caches|config|image|images|runners?|secrets?|variables?|env|"
         r"environment|dependenc\w*|installation|logs?|artifacts?|minutes)\b)|"
         r"lint(?:s|ing|ers?)?|linters?|reviews?|code\s+reviews?|approvals?|hooks?|pre-commit|pre-push|husky|"
         r"verification|verif(?:y|ying|ies)|validation|validat(?:e|ing)|quality\s+gates?|gates?|contracts?|"
         r"assertions?|asserts?|type[\s-]?check(?:s|ing|er)?|typecheck(?:s|ing)?|mypy|pyright|eslint|ruff|flake8|"
         r"pylint|sqlfluff|rubocop|clippy|golangci-lint|prettier|stylelint|branch\s+protection|status\s+checks?|"
         r"security\s+scans?|scans?|audits?|coverage(?:\s+thresholds?)?|guardrails?|safety\s+checks?|"
         r"sanity\s+checks?|smoke\s+tests?|build\s+checks?|signing|signature\s+verification|gpg\s+signing)")
_FLAG_PATTERNS = [
    re.compile(r"\b(?:" + _VERB + r")\s+" + _MOD + _NOUN + r"\b", re.I),
    # "Ignoring CI checks", "tests as optional", "Treat code review as optional"
    re.compile(r"\b" + _NOUN + r"\s+(?:\w+\s+){0,2}?(?:as\s+)?(?:optional|skippable|non-?blocking|advisory)\b", re.I),
    re.compile(r"\b(?:no\s+need\s+to|don'?t\s+need\s+to|needn'?t|no\s+longer\s+need\s+to|never\s+need\s+to|"
               r"without\s+having\s+to|not\s+necessary\s+to|unnecessary\s+to)\s+(?:\w+\s+){0,1}?"
               r"(?:test|verify|validate|check|lint|review|run\s+(?:\w+\s+){0,2}?tests?)\b", re.I),
    re.compile(r"\bno\s+(?:skipping|disabling|bypassing)\b", re.I),
    # Tool switches that silence verification.
    re.compile(r"--no-verify\b|--no-verify-ssl|--skip-(?:tests?|checks?|ci|lint|hooks?|verify|verification|"
               r"validation)\b|-DskipTests\b|-Dmaven\.test\.skip|\bSKIP=\w|\bHUSKY=0\b|\[skip ci\]|\[ci skip\]|"
               r"\[no ci\]|\bskip-checks\s*:\s*true|\bnoqa\b|#\s*type:\s*ignore|@ts-(?:ignore|nocheck|expect-error)|"
               r"eslint-disable|pylint:\s*disable|\bnolint\b|rubocop:disable|\bpytest\.mark\.(?:skip|xfail)|"
               r"@(?:skip|unittest\.skip|Ignore|Disabled)\b|\bxfail\b|\bit\.skip\b|\bdescribe\.skip\b|\btest\.skip\b|"
               r"\bxit\(|\.only\(|\bcontinue-on-error\b|\ballow_failure\b|\ballow-failure\b|\|\|\s*true\b|"
               r"--exclude(?:=|\s+)(?:test\b(?!\s+(?:accounts?|data|rows?|records?|users?|files?))|test_type|"
               r"resource_type:test|tag:test)|--select\s+\S*\s*--exclude\s+test\b|--no-tests?\b|--skip\b|"
               r"--force-(?:push|merge)\b|--admin\b(?=.*\bmerge)", re.I),
    # `git commit -n` / `-nm` / `-amn`: -n is --no-verify for commit.
    re.compile(r"\bcommit\b(?:\s+(?:--?[\w-]+(?:=\S+)?|\"[^\"]*\"|'[^']*'|[^\s\-\"'][^\s]*))*?\s+-[a-zA-Z]*n[a-zA-Z]*\b",
               re.I),
    re.compile(r"\bgit\s+-n\s+commit\b", re.I),
]
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n")


def is_flagged(text: str) -> tuple[bool, str | None]:
    """Does the text mention skipping, disabling or ignoring verification? (Kept, needs explicit approval.)"""
    if not isinstance(text, str):
        return False, None
    # Backticks hide nothing from this check: "Skip `dbt test`" is a skip of tests.
    body = normalize(text).replace("`", "")
    for sentence in _SENTENCE.split(body):
        for pattern in _FLAG_PATTERNS:
            if pattern.search(sentence):
                return True, FLAG_REASON
    return False, None
