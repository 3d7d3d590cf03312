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

Text that would read differently to a model than to a reviewer is rejected (`hidden-characters`): bidi
overrides and Unicode tag characters, and words mixing Latin letters with Cyrillic/Greek look-alikes. Every
rule also runs over a skeleton of the text (accents and combining marks dropped, look-alikes folded to Latin,
spaced-out letters such as `c u r l` joined, invisible characters read as spaces), so `іgnore previous
instructions` or `w g e t … | s h` fail like their plain forms. Prompt injection is matched in English
(role headers and tags, authority claims, persona changes, secrecy from the user, "obey instructions in
comments") and in the common other languages. `exfiltration` rejects an affirmative instruction to send,
post, print or commit credentials or private files (`.env`, keys, tokens); negated rules ("never log
tokens") and proper places (a header, a secret manager) pass.

Verification flags are separate: a lesson about skipping, disabling or ignoring tests, checks, CI, lint,
review or hooks, or that turns off TLS/host-key/signature checks, approves without a look, or forces
(`--force`, force-push), is kept but flagged for explicit approval, whichever way it points ("never skip
tests" and "never force-push" are flagged too: the flag reads wording, not intent).

Stdlib only (plus the project's redactor): delivery re-lints every approved lesson on the hook path.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass


class _rx:  # noqa: N801 - reads like re.compile at the definition sites
    """A regex compiled on first use: most rules never run for most lessons (see the triggers), and the
    hook path should not pay ~50 ms compiling all of them at import."""

    __slots__ = ("_args", "_compiled")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._args = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(*self._args)
        return self._compiled

    def search(self, text: str) -> re.Match[str] | None:
        return self.compiled.search(text)

    def finditer(self, text: str):  # type: ignore[no-untyped-def]
        return self.compiled.finditer(text)

    def sub(self, repl: str, text: str) -> str:
        return self.compiled.sub(repl, text)

    def split(self, text: str) -> list[str]:
        return self.compiled.split(text)

    def findall(self, text: str) -> list[str]:
        return self.compiled.findall(text)


MAX_CHARS = 140

# Line terminators that split a line for some consumer (markdown, JS, Python's splitlines).
_LINE_BREAKS = _rx("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
_WS = _rx(r"\s+")


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
    if text.isascii():
        return len(text)
    return len(text) + len(_ASTRAL.findall(text))


_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")


_ASCII_CONTROL = _rx(r"[\x00-\x08\x0e-\x1f\x7f]")


def normalize(text: str) -> str:
    """NFKC, control/format characters removed, whitespace collapsed and trimmed."""
    if text.isascii():  # the common case: ASCII is already NFKC and has no format characters
        return _WS.sub(" ", _ASCII_CONTROL.sub("", text)).strip()
    text = unicodedata.normalize("NFKC", text)
    # Tabs and other spacing controls become spaces first so words they separate stay apart.
    text = "".join(" " if ch in "\t\n\r\v\f\x85" else ch for ch in text)
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn")
                   or ch == " ")
    return _WS.sub(" ", text).strip()


# --- hidden and look-alike characters ------------------------------------------------------------------
# Bidi embeddings/overrides/isolates and the Unicode tag block have one use in a one-line rule: making what
# a reviewer sees differ from what a model reads (Trojan Source, "ASCII smuggling"). Removing them would
# hide the attempt, so they are a rejection. (Zero-width and other format characters are just removed.)
_HIDDEN = re.compile("[\u202a-\u202e\u2066-\u2069\U000e0000-\U000e007f]")

# Cyrillic and Greek letters drawn like Latin ones (a subset of Unicode's confusables that matters for
# English rule words: `іgnore`, `сurl`, `ехес`). Letters such as μ, Δ, π or σ are not in it.
_CONFUSABLE = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
    "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "ԁ": "d", "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w",
    "ү": "y", "ɡ": "g", "ɑ": "a", "ο": "o", "ν": "v", "ι": "i", "α": "a", "ρ": "p", "κ": "k", "τ": "t",
    "υ": "u", "χ": "x", "γ": "y", "ε": "e",
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
    "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ү": "Y", "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H",
    "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
})
_CONFUSABLE_CHARS = frozenset(chr(c) for c in _CONFUSABLE)
_LETTER_RUN = re.compile(r"[^\W\d_]+")
# Three or more single characters separated by single spaces: `c u r l`, `g h p _ 1 2 3`.
_SPACED_OUT = re.compile(r"(?<![^\s`'\"(])(?:[\w|./:-] ){2,}[\w|./:-](?![^\s`'\")])")


def _mixed_script(clean: str) -> str | None:
    """A word that mixes Latin letters with Cyrillic/Greek look-alikes (`pаyment` with a Cyrillic a)."""
    for match in _LETTER_RUN.finditer(clean):
        word = match.group(0)
        if not word.isascii() and any(ch in _CONFUSABLE_CHARS for ch in word) and any(
                "a" <= ch.lower() <= "z" for ch in word):
            return word
    return None


def _skeleton(clean: str) -> str:
    """What the rules also read: accents and combining marks dropped, look-alike letters folded to Latin,
    spaced-out letters joined. The stored text is never this; it only stops dodges such as `іgnore` (Cyrillic
    і), `i̶gnore` or `c u r l … | b a s h`."""
    text = clean
    if not text.isascii():
        text = "".join(ch for ch in unicodedata.normalize("NFD", text)
                       if unicodedata.category(ch) not in ("Mn", "Me")).translate(_CONFUSABLE)
    if " " in text:
        text = _SPACED_OUT.sub(lambda m: m.group(0).replace(" ", ""), text)
    return text


# --- rules ---------------------------------------------------------------------------------------------
# Each rule is (rule name, reason, pattern). Order matters only for which reason is reported first;
# it follows altimate-code's order so the two tools name the same rule for the same text.

# `/*` and `*/` count only with space around them, so globs such as `models/**/*.sql` stay legal.
_COMMENT = _rx(r"<!--|-->|(?:^|\s)/\*|\*/(?:\s|$)|^\s*//|^\s*#\s|^\s*#$|\{#|#\}|^\s*--\s|^\s*;;|^\s*rem\s", re.I)

_SHELL_WORDS = (r"sudo|doas|curl|wget|chmod|chown|chgrp|mkfs(?:\.\w+)?|ncat|netcat|socat|telnet|powershell|pwsh|"
                r"iex|invoke-expression|invoke-webrequest|certutil|bitsadmin|scp|rsync|nohup|crontab|shred|"
                r"fdisk|insmod|modprobe|setuid")
_SHELL = _rx(
    r"\b(?:" + _SHELL_WORDS + r")\b"
    r"|\brm\s+(?:-\S+\s+)*[\w./~*$\"'{-]"      # rm with arguments ("rm -rf target", "rm x", "rm {}")
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
    r"|\bgit\s+(?:config\s+--global\s+)?credential\b",
    re.I,
)
# Deletion and download by other routes: xargs/find, a pipe into a network tool, PowerShell download cradles.
_SHELL_MORE = _rx(
    r"\bxargs\s+(?:-\S+\s+)*rm\b|-exec(?:dir)?\s+rm\b|\bfind\b[^|;]*\s-delete\b"
    r"|\|\s*(?:nc|ncat|netcat|socat|telnet)\b|\b(?:iwr|irm)\s+\S"
    r"|\bset-executionpolicy\s+(?:bypass|unrestricted)\b|\s-(?:enc|encodedcommand|e|ec)\s+[A-Za-z0-9+/=]{16,}"
    r"|\bdownload(?:string|file|data)\b|\bfrombase64string\b|\bstart-process\b|\bnew-object\s+(?:system\.)?net\.webclient\b"
    r"|>\s*/dev/(?:sd|nvme|hd)|\bmkfs\b",
    re.I,
)
# Installing a *named* package from a lesson is a supply-chain path: a poisoned review comment becomes an
# agent installing whatever it names. Naming the tool ("use `uv add`, not `pip install`") is fine.
_INSTALL = _rx(
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
_URL = _rx(
    r"\b[a-z][a-z0-9+.-]*://\S"                              # scheme://
    r"|\bwww\.\S"
    r"|(?:^|[\s(\[`'\"=,])//[^\s/]"                          # //host
    # domain.tld/path, except Kubernetes label and annotation keys in code (`app.kubernetes.io/name`)
    r"|\b(?!(?:[a-z0-9-]+\.)*(?:kubernetes\.io|k8s\.io)/[a-z0-9._-]+`)"
    r"[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,}/[^\s]"
    r"|\b(?:javascript|data|file|vbscript|ftps?|sftp|ssh|mailto|tel|blob|about|view-source|intent|smb|ldaps?|"
    r"gopher|jar|git|s3|gs|hdfs|ws|wss):(?=[^\s/]|//)",
    re.I,
)
_BARE_HOST = _rx(
    r"(?<![\w.@/-])((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+)(" + _TLDS + r")(?![\w-]|\.[a-z0-9]|\()",
    re.I,
)
_NOT_HOSTS = {"asp.net", "ado.net", "vb.net", "socket.io", "dot.net"}
# A sentence may end right after the address ("Connect to 10.0.0.5."); loopback and "any" are not hosts.
_IPV4 = _rx(r"(?<![\w.])(?!(?:127\.0\.0\.1|0\.0\.0\.0)(?::\d+)?(?![\w/]|\.\d))"
            r"(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}(?::\d+)?(?!\w|\.\d)")
# Hosts written so a URL pattern misses them: defanged (`evil[.]com`, `hxxp`), spelled out (`evil dot com`),
# IPv6 literals.
_URL_MORE = _rx(
    r"\w(?:\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\))\w|\bhxxps?\b"
    r"|\b[a-z0-9][\w-]*\s+dot\s+(?:com|org|io|dev|co|ru|cn|xyz|info|me|app|ly|sh|to|gg|cc|tk|top)\b"
    r"|(?<![\w\])])\[(?=[0-9a-f:.]*[0-9a-f])(?=[0-9a-f.]*:[0-9a-f.]*:)[0-9a-f:.]{2,}\](?::\d+)?"
    r"|(?<![\w:])(?:[0-9a-f]{1,4}:){3,7}[0-9a-f]{1,4}(?![\w:])",
    re.I,
)
_MARKDOWN = _rx(r"!\[|\[[^\]]*\]\([^)]*\)|^\s*\[[^\]]+\]:\s")
# HTML that loads or runs something (a source, a link target, an event handler, a script body) and
# reference-style markdown links (`[docs][1]`). Tags named in a rule (`<button>`, `<Link>`) are fine.
_HTML = _rx(
    r"<\s*(?:img|iframe|script|object|embed|svg|link|meta|base|form|frame|video|audio|source|input|body|style|a)\b"
    r"[^>]*?\s(?:src|href|data|action|formaction|srcdoc|style|content|http-equiv|xlink:href)\s*="
    r"|<\s*[a-z][\w-]*\s[^>]*?\bon[a-z]{3,}\s*="
    r"|<\s*(script|iframe|object|embed|style|svg)\b[^>]*>.*?<\s*/\s*\1\s*>"
    r"|(?<![\w\])])\[[^\]\[]+\]\[[^\]\[]*\](?![(\[])",
    re.I,
)
_EMAIL = _rx(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_SESSION_ID = _rx(
    r"\b(?:ses|msg|prt|sig|toolu|call|chatcmpl)_(?=[A-Za-z0-9]*[0-9A-Z])[A-Za-z0-9]{3,}\b"
    r"|\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"
    r"|\bchatcmpl-[A-Za-z0-9]{6,}"
)
# A single segment such as `/v2` or `/healthz` is a URL route, not a file on someone's machine; system folders
# stay absolute paths even alone (`/etc`, `/tmp`).
_FS_ROOTS = (r"etc|usr|home|users|var|tmp|opt|root|bin|sbin|dev|proc|sys|mnt|srv|private|volumes|library|system|"
             r"lib|lib64|lib32|boot|run|snap|nix|media|applications|cores|net|afs")
_ABS_PATH = _rx(r"(?:^|[\s(\[`'\"=:,])(?:/(?!(?!(?:" + _FS_ROOTS + r")(?![\w@~+-]|\.\w))[\w@~+-]+(?:\.[\w@~+-]+)*(?![\w@~+/\\-]|\.\w))[\w.@~+-]|~[\w.-]*[\\/]|[A-Za-z]:[\\/]|\\\\\w|%\w+%[\\/]|"
                       r"\$(?:HOME|USERPROFILE|TMPDIR)\b)")
_PATH_ESCAPE = _rx(r"(?:^|[\s/\\(\[`'\"=:,])\.\.(?:[\\/]|$|[\s)`'\",;])|[\\/]\.\.(?:[\\/]|$|\s)")
_INJECTION = _rx(
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
# More injection shapes seen in poisoned review comments and jailbreak prompts: role headers and tags,
# authority claims, persona changes, secrecy from the user, "obey instructions found in comments".
_INJECTION_MORE = _rx(
    r"\bfrom\s+now\s+on,?\s+(?:you\b|respond|reply|answer|speak|talk|act|behave|pretend|ignore|forget|disregard|obey|"
    r"only\s+(?:respond|reply|answer|obey|follow|speak|output))"
    r"|^\s*#{1,6}\s*(?:instructions?|system|response|assistant|user|human|input|prompt|new\s+rules?)\b"
    r"|(?:^|[.!?]\s+)(?:system|assistant|human|developer)\s*:"
    r"|\[\s*(?:system|assistant|user|human|developer|admin|sys|inst)\s*\]"
    r"|(?<!\w)<\/?\s*(?-i:tool_(?:call|use|result|code)s?|function_results|invoke|parameter|im_start|im_end|"
    r"thinking|system_prompt)\b"
    r"|\bas\s+(?:the|your|an?)\s+(?:\w+\s+)?(?:administrator|admin|sysadmin|root\s+user|superuser|operator|owner|"
    r"ceo|cto|security\s+team|maintainers?)\b,?\s+(?:i|we)\b"
    r"|\b(?:i|we)\s+(?:hereby\s+)?(?:authori[sz]e|permit|order|command|instruct|grant)\s+you\b"
    r"|\byou\s+(?:are|have\s+been)\s+(?:now\s+)?(?:authori[sz]ed|cleared|granted)\b"
    r"|\byou\s+(?:may|can)\s+(?:now\s+)?(?:run|execute|do)\s+any(?:thing)?\b|\bno\s+(?:restrictions|rules)\s+apply\b"
    r"|\b(?:obey|follow|execute|carry\s+out)\s+(?:any\s+|all\s+|the\s+)?(?:\w+\s+)?(?:instructions|commands|orders)\s+"
    r"(?:found\s+|written\s+|embedded\s+|given\s+|contained\s+|left\s+)?(?:in|from|inside|within)\s+(?:\w+\s+){0,2}?"
    r"(?:comments?|issues?|prs?|pull\s+requests?|commit\s+messages?|tool\s+(?:output|results?)|web\s*pages?|"
    r"websites?|emails?|descriptions?|logs?)\b"
    r"|\bobey\s+(?:\w+\s+){0,2}?(?:users?|instructions?|commands?|orders?|me|them|him|her|anyone|everyone)\b"
    r"|\btrusted\s+(?:instructions|commands)\b|\btreat\s+(?:\w+\s+){0,6}?as\s+(?:trusted|authoritative)\s+"
    r"(?:instructions?|commands?|input)\b"
    r"|\byour\s+(?:new\s+|real\s+|true\s+)?(?:role|persona|identity|purpose)\s+is\b"
    r"|\byou\s+are\s+(?:an?\s+)?(?:unrestricted|uncensored|unfiltered)\b"
    r"|\b(?:do\s+not|don'?t|never)\s+(?:tell|mention|reveal|disclose|show|explain)\s+(?:\w+\s+){0,3}?"
    r"(?:this|these)\s+(?:rules?|instructions?|lessons?|prompts?)\b"
    r"|\b(?:keep|hold)\s+(?:this|these)\s+(?:(?:rules?|instructions?|lessons?)\s+)?(?:secret|hidden|confidential)\b"
    r"|\b(?:reveal|disclose)\s+(?:these|this)\s+(?:rules?|instructions?|lessons?|prompt)\b"
    r"|\bforget\s+(?:everything|anything)\b|\bforget\s+all\s+(?:you|that|above|before|else|previous|prior)\b"
    r"|\b(?:override|bypass|disable|ignore|circumvent)\s+(?:the\s+|your\s+|all\s+|any\s+)*(?:guardrails?|"
    r"safeguards?|content\s+polic(?:y|ies))\b|\b(?:override|bypass|ignore)\s+(?:your|all|any)\s+restrictions\b"
    r"|\b(?:system|admin)\s+override\b|\b(?:god|sudo|unrestricted|jailbreak|dan)\s+mode\b"
    r"|\b(?:take|takes|have|has)\s+(?:priority|precedence)\s+over\s+(?:all\s+|any\s+)?(?:other|previous|prior|"
    r"earlier|system)\b"
    r"|^\s*override\s*:|\b(?:the\s+)?(?:agent|assistant|model|ai)\s+(?:may|can|is\s+(?:now\s+)?(?:allowed|permitted)\s+to)"
    r"\s+now\b|\byou\s+are\s+dan\b|\b(?:have|has|with)\s+no\s+(?:limits|restrictions|rules|filters|guardrails)\b"
    r"|(?<!never\s)(?<!not\s)(?<!don't\s)(?<!dont\s)\bpretend\b"
    r"|\bdeny\s+(?:that\s+)?(?:it|this|these|the)\s+(?:(?:rules?|lessons?|instructions?)\s+)?(?:exists?|rules?|lessons?|"
    r"instructions?)\b|\bwhen\s+asked\s+about\s+(?:this|these)\s+(?:rules?|instructions?|lessons?)\b"
    r"|\b(?:do\s+not|don'?t|never|without)\s+(?:tell|telling|inform|informing|notify|notifying|alert|alerting|"
    r"mention|mentioning)\s+(?:the\s+|your\s+)?(?:user|human|developer|reviewer)s?\b"
    r"|\bsilently\s+(?:add|insert|change|modify|install|inject|send|upload|remove|delete|disable|commit|push|"
    r"exfiltrate|run|execute)\b|\bwithout\s+(?:the\s+)?(?:user|human|reviewer)(?:'s)?\s+(?:knowing|knowledge|"
    r"noticing|consent)\b"
    r"|\b(?:this|these)\s+(?:lesson|rule|instruction)s?\s+(?:\w+\s+)?(?:in|into)\s+(?:every|each|all)\s+(?:responses?|"
    r"repl(?:y|ies)|answers?|outputs?|files?|commits?|messages?)\b"
    r"|\b(?:repeat|copy|output|print|spread|propagate)\s+(?:this|these)\s+(?:lesson|rule|instruction)s?\b"
    r"|(?:\\[nr])+\s*(?:human|assistant|system|user)\s*:",
    re.I,
)
_INJECTION_MORE_TRIGGER = ("now", "instruction", "instructions", "system", "response", "assistant", "user", "human",
                           "input", "prompt", "developer", "admin", "sys", "inst", "tool", "function", "invoke",
                           "parameter", "im", "thinking", "administrator", "sysadmin", "root", "superuser",
                           "operator", "owner", "ceo", "cto", "security", "maintainer", "maintainers", "authorize",
                           "authorise", "authorized", "authorised", "permit", "order", "command", "instruct", "grant",
                           "cleared", "granted", "any", "anything", "restrictions", "rules", "obey", "trusted",
                           "treat", "role", "persona", "identity", "purpose", "unrestricted", "uncensored",
                           "unfiltered", "keep", "hold", "reveal", "disclose", "forget", "guardrail", "guardrails",
                           "safeguard", "safeguards", "content", "override", "god", "sudo", "jailbreak", "dan",
                           "priority", "precedence", "follow", "execute", "carry", "commands", "orders", "agent",
                           "model", "ai", "dan", "limits", "filters", "pretend", "deny", "asked", "inform",
                           "informing", "notify", "notifying", "alert", "alerting", "mention", "mentioning",
                           "telling", "silently", "knowing", "knowledge", "noticing", "consent", "lesson", "rule",
                           "repeat", "copy", "output", "print", "spread", "propagate", "n", "r")
# The same attack in other languages: "ignore (all) previous instructions" and "system prompt".
_INJECTION_INTL = _rx(
    r"\b(?:ignore[rz]?|oublie[rz]?)\s+(?:tout(?:es)?\s+)?(?:les|tes|vos|ces)\s+(?:\w+\s+)?(?:instructions|consignes|"
    r"r[èe]gles|directives)"
    r"|\b(?:ignora|ignore|ignorar|ignorad|olvida|olvide|olvidar)\s+(?:todas?\s+)?(?:las|tus|sus|los)\s+(?:\w+\s+)?"
    r"(?:instrucciones|reglas|indicaciones|[óo]rdenes)"
    r"|\b(?:ignore|ignora|ignorar|esque[çc]a|esquece)\s+(?:todas?\s+)?(?:as|suas|tuas|os)\s+(?:\w+\s+)?"
    r"(?:instru[çc][õo]es|regras|orienta[çc][õo]es)"
    r"|\b(?:ignora|ignorare|dimentica)\s+(?:tutte\s+)?(?:le|tue)\s+(?:\w+\s+)?(?:istruzioni|regole)"
    r"|\b(?:ignorier\w*|vergiss|vergessen\s+sie)\s+(?:\w+\s+){0,3}?(?:anweisungen|instruktionen|regeln|vorgaben|befehle)"
    r"|\b(?:negeer|vergeet)\s+(?:\w+\s+){0,3}?(?:instructies|regels)"
    r"|\b(?:zignoruj|ignoruj|zapomnij)\s+(?:\w+\s+){0,3}?(?:instrukcje|polecenia|zasady)"
    r"|(?:проигнорир|игнорир|ігнор|забудь|забудьте|не\s+обращай|оставь|отбрось|отмени|не\s+следуй)\w*\s+(?:\w+\s+){0,4}?"
    r"(?:инструкц|указани|правил|команд|інструкц|вказівк)"
    r"|(?:忽略|忽视|无视|無視|不要理会|忘记|忘掉|忘れ|무시|잊어).{0,15}?(?:指令|指示|说明|說明|提示|规则|規則|命令|지시|지침|규칙|명령|"
    r"プロンプト|ルール)"
    r"|(?:指令|指示|说明|說明|提示|规则|規則|命令|지시|지침|규칙|명령|プロンプト|ルール).{0,15}?(?:忽略|忽视|无视|無視|忘记|忘れ|무시)"
    r"|系统提示|系統提示|システムプロンプト|시스템\s*프롬프트|системн\w*\s+(?:промпт|подсказк|инструкц)"
    r"|\bprompt\s+(?:syst[èe]me|del\s+sistema|do\s+sistema|di\s+sistema)\b|\bsystem-?prompt\b",
    re.I,
)

# Credentials in lesson text. The redactor (capture's filter) is called too; these are stricter, because a
# lesson has no business carrying any credential-shaped value, even a short or fake one.
_SECRET_NAME = (r"(?:pass(?:word|wd|phrase)?|pwd|secret|token|api[_ -]?key|apikey|access[_ -]?key|private[_ -]?key|"
                r"client[_ -]?secret|auth(?:orization)?|credentials?|ssn|session[_ -]?key|encryption[_ -]?key|"
                r"signing[_ -]?key|bearer)")
_SECRET_ASSIGN = _rx(
    # NAME=value / NAME: value / "NAME": "value" / NAME => value, where NAME ends in a secret word
    r"(?<![\w-])(?:[\w.-]*[_.-])?" + _SECRET_NAME + r"\\?[\"']?\s*(?:[:=]|=>|:=)\s*(?:string\s*=\s*)?\\?[\"'{]?\s*"
    r"(?!\s)(?![,.)\]]|$)" + r"(?!\\?[\"'{]?\s*(?:(?:bearer|basic|token)\s+)?" + r"(?:\$\{|\$[A-Za-z_]|\{\{|<[\w -]+>|(?:true|false|null|none|nil|required|optional|include|omit|same-origin)\b|"
    r"os\.|process\.env|env\b|secrets\.|vault\b|\*{3}|x{3,}\b))",  # references and placeholders are not secrets
    re.I,
)
_SECRET_TYPED = _rx(r"\b(?:const|let|var)\s+\w*(?:password|secret|token|key)\w*\s*(?::\s*\w+\s*)?=\s*[\"']", re.I)
_SECRET_ENV = _rx(r"\b(?:[A-Z0-9]+_)*(?:PASS|PASSWORD|PWD|SECRET|TOKEN|KEY|APIKEY|CREDENTIALS?|AUTH)\s*=\s*\S")
_PLACEHOLDER = r"(?!(?:(?:bearer|basic|token)\s+)?(?:<[\w -]+>|\$\{|\{\{|\$[A-Za-z_]))"
_AUTH_HEADER = _rx(r"\bauthorization\s*:\s*" + _PLACEHOLDER + r"\S"
                   r"|(?:^|[:=]\s*|\()bearer\s+(?!tokens?\s+\w)" + _PLACEHOLDER + r"\S"
                          r"|\bbearer\s+(?!tokens?\b)[\w.~+/=-]*[0-9.~+/=][\w.~+/=-]*", re.I)
# Password-bearing command-line flags: mysql family `-p<pw>` / `-p <pw>`, sqlcmd/bcp `-P`, redis-cli `-a`,
# sshpass `-p`, docker login `-p`, and long `--password/--token/--secret/--api-key` options.
_MYSQLISH = r"(?:mysql[\w-]*|mariadb[\w-]*|mongo(?:sh|dump|restore|import|export)?|docker\s+login|podman\s+login|helm\s+registry\s+login)"
_PW_FLAGS = _rx(
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
_SSN = _rx(r"\bssn\b\W{0,3}\d{3}[- ]?\d{2}[- ]?\d{4}\b|\b\d{3}-\d{2}-\d{4}\b", re.I)
_CONN_STRING = _rx(r"\b(?:pwd|password|uid|user\s*id)\s*=\s*[^;\s]+;|;\s*(?:pwd|password)\s*=", re.I)
_KNOWN_PREFIX = _rx(
    r"\b(?:AKIA|ASIA)[0-9A-Z]{12,}\b|\bsk-[A-Za-z0-9_-]{8,}|\bgh[pousr]_[A-Za-z0-9]{10,}|\bgithub_pat_\w{10,}"
    r"|\bxox[abprs]-[A-Za-z0-9-]{6,}|\bAIza[0-9A-Za-z_-]{16,}|\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\."
    r"|\bglpat-[\w-]{10,}|\bnpm_[A-Za-z0-9]{20,}|\bpypi-[\w-]{20,}|\bsq0[a-z]{3}-[\w-]{10,}|\bSG\.[\w-]{10,}\."
    r"|\bhf_[A-Za-z0-9]{20,}|\bsk_(?:live|test)_[A-Za-z0-9]{10,}|\brk_(?:live|test)_[A-Za-z0-9]{10,}"
    r"|-----BEGIN [A-Z ]*PRIVATE KEY",
)
_TOKENISH = _rx(r"[A-Za-z0-9+/_=-]{20,}")
# "Log in with admin / hunter2", "login as deploy:Passw0rd": a user and a password written as a pair.
_LOGIN_PAIR = _rx(r"\b(?:log\s*in|login|sign\s*in|signin|authenticate|connect)\s+(?:\w+\s+){0,2}?(?:with|as|using)\s+"
                  r"[`\"']?[\w.@-]+\s*[/:]\s*[`\"']?(?=[^\s`\"']*[0-9!@#$%^&*+=?~])[^\s`\"']{4,}", re.I)
_B64_RUN = _rx(r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{16,}={0,2}(?![A-Za-z0-9+/_=-])")


def _decoded_secret(text: str) -> bool:
    """A credential hidden in base64 (`c2stbGl2ZS1…` is `sk-live-…`): decode each long run that decodes to
    printable ASCII and check that."""
    import base64
    import binascii

    for match in _B64_RUN.finditer(text):
        raw = match.group(0).rstrip("=")
        for decode in (base64.b64decode, base64.urlsafe_b64decode):
            try:
                data = decode(raw + "=" * (-len(raw) % 4))
                decoded = data.decode("ascii")
            except (binascii.Error, UnicodeDecodeError, ValueError):
                continue
            if decoded.isprintable() and (_KNOWN_PREFIX.search(decoded) or _secret_checks(_Text(decoded))):
                return True
    return False


# --- exfiltration ------------------------------------------------------------------------------------------
# A lesson that tells the agent to send, post or commit credentials or private files somewhere. Good lessons
# say the opposite ("Never log tokens", "Add `.env` to `.gitignore`", "Pass the token in the Authorization
# header"), so a match preceded by a negation, or with a safe destination, is not one.
_SENSITIVE = (r"(?:(?:the\s+)?contents?\s+of\s+)?(?:[`'\"]?(?:\.env(?![\w.-])|\.envrc|\.netrc|\.npmrc|\.pypirc|\.pgpass|"
              r"\.git-credentials|\.ssh\b|\.aws\b|\.kube/config|kubeconfig|id_(?:rsa|dsa|ecdsa|ed25519)\b|"
              r"\$?\{?[A-Z][A-Z0-9_]*(?:TOKEN|SECRET|KEY|PASSWORD|PASSWD|CREDENTIALS?)\b\}?)[`'\"]?"
              r"|(?:aws|gcp|azure|cloud|prod(?:uction)?|deploy|admin|root|service[\s-]account|staging|database|db)\s+"
              r"(?:keys?|credentials?|secrets?|tokens?|passwords?)"
              r"|(?:all\s+)?(?:the\s+)?env(?:ironment)?\s+var(?:iable)?s|(?:the\s+)?environment\b(?!\s+(?:name|setup|file))"
              r"|secrets?|(?<!input\s)(?<!output\s)(?<!prompt\s)(?<!completion\s)(?<!of\s)(?<!max\s)(?<!total\s)"
              r"(?<!many\s)(?<!few\s)token\b(?!\s+(?:per|used|spent|consumed|budget|limit)\b)|(?P<bare>tokens)\b"
              r"|(?:the|your|our|all|any|my|access|auth|api|github|gitlab|bearer|secret|session|refresh|personal|npm|"
              r"pypi|oauth|these|those)\s+tokens|api[\s_-]?keys?|access\s+keys?|credentials?|passwords?|passwds?|private\s+keys?|"
              r"(?:secret|ssh|gpg|pgp|signing|deploy|master|root|encryption)\s+keys?|session\s+cookies?)"
              r"(?!'s|\s*(?:field|input|column|policy|policies|length|reset|hash|hashes|hashing|strength|rules?|manager|"
              r"prompt|expiry|expiration|rotation|scopes?|permissions?|names?|format|prefix|type|validation|ids?|counts?|"
              r"age|usage|errors?|refresh|endpoint|flow|lifetime|ttl|store|vault|helper|provider|placeholder|docs|"
              r"documentation)\b)")
# Verbs that expose by themselves ("print the token", "upload .env").
_EXPOSE = (r"send|post|paste|upload|e-?mail|mail|share|forward|transmit|exfiltrate|leak|publish|expose|tweet|"
           r"print|echo|dump|output|display|reveal|disclose|cat|log(?!\s+(?:in|out|on)\b)")
# Where a credential belongs: a header, a secret manager, the fetch `credentials` option.
_SAFE_PLACE = _rx(r"\b(?:headers?|authorization|bearer|x-[\w-]+|1password|vault|bitwarden|lastpass|keychain|keyring|"
                  r"secrets?\s+manager|secret\s+store|sops|kms|fetch|axios|cors|cross-origin|withcredentials|"
                  r"same-origin)\b", re.I)
# Verbs that expose only with a public destination ("add the key to the PR description").
_PLACE = r"include|add|put|attach|copy|write|embed|append|insert|commit|push|check\s+in|store|save|hard-?code"
_PUBLIC = (r"(?:to|in|into|inside|within|on)\s+(?:the\s+|a\s+|your\s+|every\s+|each\s+|our\s+)?(?:\w+\s+)?"
           r"(?:pr|prs|pull\s+requests?|descriptions?|commit(?:\s+messages?)?|issues?|comments?|chat|slack|discord|"
           r"e-?mails?|logs?|output|responses?|reply|answers?|readme|repo(?:sitory)?|git|gist|pastebin|webhooks?|"
           r"channels?|tickets?|wiki|bug\s+reports?|screenshots?|public|query\s+strings?|urls?|source(?:\s+code)?|"
           r"code|frontend|client|bundle|error\s+messages?|dashboards?|analytics|docs?|dockerfile|images?|"
           r"artifacts?|layers?)\b")
_WORDS_BETWEEN = r"(?:\s+(?!(?:never|not|no|instead|but|rather|or|than|unless|except|nor)\b)[^\s,;!?]+){0,5}?\s+"
_EXFIL = _rx(r"\b(?:(?P<expose>" + _EXPOSE + r")|(?P<place>" + _PLACE + r"))(?:ed|ing)?\b" + _WORDS_BETWEEN
             + _SENSITIVE + r"(?P<rest>[^,;!?]*)", re.I)
_PUBLIC_RX = _rx(r"^[^,;!?]*?\b" + _PUBLIC, re.I)
_COMMIT_FILE = _rx(r"\.env(?![\w.-])|\.envrc|\.netrc|\.npmrc|\.pypirc|\.pgpass|\.git-credentials|id_(?:rsa|dsa|ecdsa|"
                   r"ed25519)\b|private\s+keys?|credentials?|secrets?|passwords?|tokens?|api[\s_-]?keys?", re.I)
_NEGATION = _rx(r"\b(?:never|not|don'?t|do\s+not|doesn'?t|no|avoid|without|nor|stop|refuse|forbid|prohibit|"
                r"instead\s+of|rather\s+than|must\s+not|should\s+not|shouldn'?t|cannot|can'?t|won'?t|"
                r"mask|redact|strip|scrub|remove|hide|before)\b(?:\s+\S+){0,3}\s*$", re.I)
_EXFIL_VERBS = ("send", "sent", "post", "past", "upload", "email", "e-mail", "mail", "shar", "forward", "transmit",
                "exfiltrat", "leak", "publish", "expos", "tweet", "print", "echo", "dump", "output", "display",
                "reveal", "disclos", "cat", "log", "includ", "add", "put", "attach", "cop", "writ", "wrote",
                "embed", "append", "insert", "commit", "push", "check", "stor", "sav", "hard")
_EXFIL_TRIGGER = ("env", "netrc", "npmrc", "pypirc", "pgpass", "credentials", "credential", "ssh", "aws", "kube",
                  "kubeconfig", "id", "environment", "secret", "secrets", "token", "tokens", "api", "apikey", "key",
                  "keys", "password", "passwords", "passwd", "cookie", "cookies", "envrc", "authorization", "auth",
                  "kubeconfig", "deploy")


_COUNTING_VERBS = frozenset({"print", "log", "output", "display", "echo", "dump", "cat"})
# "Log `request.headers` including Authorization": a dump that carries credentials along.
_DUMP_WITH = _rx(r"\b(?:log|print|dump|echo|output)\w*\s+(?:\S+\s+){0,4}?(?:including|with)\s+(?:the\s+|their\s+)?"
                 r"(?:authorization|auth\s+headers?|cookies?|passwords?|secrets?|credentials?)\b", re.I)


class _Exfiltration:
    """``search(text)``: the first affirmative instruction to expose a credential, or None."""

    @staticmethod
    def search(text: str) -> re.Match[str] | None:
        dump = _DUMP_WITH.search(text)
        if dump and not _NEGATION.search(text[: dump.start()]):
            return dump
        for match in _EXFIL.finditer(text):
            before = text[: match.start()]
            if _NEGATION.search(before):
                continue
            if _SAFE_PLACE.search(match.group("rest")):
                continue
            if match.group("bare") and match.group("expose") and match.group("expose").lower() in _COUNTING_VERBS:
                continue  # "log tokens per request": model tokens, not credentials
            if match.group("expose"):
                return match
            verb = match.group("place").lower()
            if _PUBLIC_RX.search(match.group("rest")):
                return match
            sensitive = match.group(0)[len(match.group("place")):]
            if verb in ("commit", "push") or verb.startswith("check"):
                if _COMMIT_FILE.search(sensitive):
                    return match
        return None


_EXFIL_RULE = _Exfiltration()


_CHUNK = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")


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
        # Identifiers and paths are made of word-sized chunks (`UserProfile2Card`, `src/components`);
        # random keys are not (`9fK2xQ7LmZ`): mean chunk length tells them apart.
        chunks = [c for c in _CHUNK.findall(token) if c]
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


class _Text:
    """A normalised text with the cheap views the rule triggers use."""

    __slots__ = ("t", "low", "words")

    def __init__(self, text: str) -> None:
        self.t = text
        self.low = text.lower()
        self.words = frozenset(_WORDS.findall(self.low))

    def has(self, *words: str) -> bool:
        return not self.words.isdisjoint(words)

    def starts(self, prefixes: tuple[str, ...]) -> bool:
        """Some word (a run of [a-z0-9]) starts with one of ``prefixes``."""
        return _prefix_rx(prefixes).search(self.low) is not None

    def contains(self, *parts: str) -> bool:
        return _contains_rx(parts).search(self.low) is not None


@functools.lru_cache(maxsize=None)
def _prefix_rx(prefixes: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("(?<![a-z0-9])(?:" + "|".join(map(re.escape, prefixes)) + ")")


@functools.lru_cache(maxsize=None)
def _contains_rx(parts: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(map(re.escape, parts)))


_WORDS = _rx(r"[a-z0-9]+")
_DIGIT = _rx(r"[0-9]")
_ENV_WORDS = _rx(r"PASS|PWD|SECRET|TOKEN|KEY|CREDENTIAL|AUTH")

# Triggers: a cheap necessary condition for each pattern, so most lessons skip most regexes. Delivery
# re-lints every approved lesson on each hook call; this keeps that linear and small.
_SECRET_WORDS = ("pass", "password", "passwd", "passphrase", "pwd", "secret", "token", "api", "apikey", "key",
                 "access", "private", "client", "auth", "authorization", "credential", "credentials", "ssn",
                 "session", "encryption", "signing", "bearer")
_KNOWN_PARTS = ("akia", "asia", "sk-", "gh", "github_pat", "xox", "aiza", "eyj", "glpat-", "npm_", "pypi-",
                "sq0", "sg.", "hf_", "sk_", "rk_", "-----begin")
_PW_TOOLS = ("mysql", "mariadb", "mongo", "docker", "podman", "helm", "sqlcmd", "bcp", "osql", "isql", "redis",
             "sshpass", "psql", "curl")


def _secret_checks(x: _Text) -> bool:
    t = x.t
    if x.contains(*_KNOWN_PARTS) and _KNOWN_PREFIX.search(t):
        return True
    assign = "=" in t or ":" in t
    if assign and x.has(*_SECRET_WORDS) and _SECRET_ASSIGN.search(t):
        return True
    if x.has("const", "let", "var") and _SECRET_TYPED.search(t):
        return True
    if "=" in t and _ENV_WORDS.search(t) and _SECRET_ENV.search(t):
        return True
    if x.has("authorization", "bearer") and _AUTH_HEADER.search(t):
        return True
    if "-" in t and (x.starts(_PW_TOOLS) or "--" in t or "-u" in t) and _PW_FLAGS.search(t):
        return True
    if _DIGIT.search(t) and _SSN.search(t):
        return True
    if "=" in t and ";" in t and _CONN_STRING.search(t):
        return True
    if ("/" in t or ":" in t) and x.starts(("log", "sign", "authenticate", "connect")) and _LOGIN_PAIR.search(t):
        return True
    return _high_entropy(t)


def _looks_secret(text: str, view: _Text | None = None) -> bool:
    from altimate_learn.redact import redact  # the project's filter; kept lazy so lint imports cheaply

    if redact(text) != text:
        return True
    if _secret_checks(view or _Text(text)):
        return True
    return _decoded_secret(text)


def _bare_host(text: str) -> str | None:
    for match in _BARE_HOST.finditer(text):
        labels, tld = match.group(1), match.group(2).lower()
        name = labels.rstrip(".")
        if f"{name}.{tld}".lower() in _NOT_HOSTS:
            continue
        # Kubernetes label keys in code (`app.kubernetes.io/name`): a DNS prefix and one name, not a host.
        if (tld == "io" and re.search(r"(?:^|\.)(?:kubernetes|k8s)$", name, re.I)
                and re.match(r"/[a-z0-9._-]+`", text[match.end():], re.I)):
            continue
        if tld in _FILEY_TLDS and name.count(".") < 1:
            continue
        # `df.info()`, `self.app`: a code member access, not a host.
        if re.fullmatch(r"(?:self|this|cls|df|os|sys|np|pd|obj|ctx|req|res|app|console|logger|logging|log|"
                        r"window|document|module|exports|process)", name.split(".")[-1], re.I):
            continue
        return match.group(0)
    return None


_SHELL_TRIGGER = ("sudo", "doas", "curl", "wget", "chmod", "chown", "chgrp", "mkfs", "ncat", "netcat", "socat",
                  "telnet", "powershell", "pwsh", "iex", "invoke", "certutil", "bitsadmin", "scp", "rsync", "nohup",
                  "crontab", "shred", "fdisk", "insmod", "modprobe", "setuid", "rm", "sh", "bash", "zsh", "ksh",
                  "dash", "fish", "csh", "tcsh", "eval", "exec", "source", "python", "py", "node", "perl", "ruby",
                  "php", "dd", "mkfifo", "dev", "base64", "kill", "git", "nc")
_INSTALL_TOOLS = ("npm", "pnpm", "yarn", "bun", "pip", "uv", "pipx", "poetry", "gem", "cargo", "go", "brew", "apt",
                  "yum", "dnf", "apk", "choco")
_SCHEMES = ("javascript", "data", "file", "vbscript", "ftp", "ftps", "sftp", "ssh", "mailto", "tel", "blob",
            "about", "view", "intent", "smb", "ldap", "ldaps", "gopher", "jar", "git", "s3", "gs", "hdfs", "ws", "wss")
_TLD_SET = frozenset(_TLDS.split("|"))
_INJECTION_TRIGGER = ("ignore", "forget", "override", "overrides", "skip", "disregard", "system", "developer",
                      "instructions", "act", "jailbreak", "jailbroken", "anything", "reveal", "pretend", "tell",
                      "telling", "hide", "assistant", "user", "human", "now", "sys", "inst")


def _url_trigger(x: _Text) -> bool:
    return ("//" in x.t or "www." in x.low or ("." in x.t and "/" in x.t)
            or (":" in x.t and x.has(*_SCHEMES)))


_RULES: list[tuple[str, str, _rx, object]] = [
    ("comment-marker", "contains a comment marker", _COMMENT,
     lambda x: x.contains("<!--", "-->", "/*", "*/", "{#", "#}") or x.t.startswith(("//", "#", "--", ";;"))
     or x.low.startswith("rem ")),
    ("shell-command", "contains a shell command", _SHELL,
     lambda x: x.has(*_SHELL_TRIGGER) or x.starts(("mkfs", "python", "invoke")) or x.contains("$(", "${", ":()")),
    ("shell-command", "contains a shell command", _SHELL_MORE,
     lambda x: x.has("xargs", "exec", "execdir", "find", "nc", "ncat", "netcat", "socat", "telnet", "iwr", "irm",
                     "enc", "encodedcommand", "e", "ec", "frombase64string", "dev", "mkfs")
     or x.starts(("set-executionpolicy", "download", "start-process", "new-object"))),
    ("shell-command", "contains a shell command (installs a named package)", _INSTALL,
     lambda x: x.has(*_INSTALL_TOOLS) or x.starts(("pip",))),
    ("url", "contains a URL", _URL, _url_trigger),
    ("url", "contains a URL (disguised host)", _URL_MORE,
     lambda x: x.contains("[.]", "(.)", "{.}", "[dot]", "(dot)", "hxxp") or "dot" in x.words
     or (":" in x.t and ("[" in x.t or x.t.count(":") >= 3))),
    ("markdown-link", "contains a markdown link or image", _MARKDOWN, lambda x: "[" in x.t),
    ("markdown-link", "contains HTML that loads or runs something, or a reference link", _HTML,
     lambda x: "<" in x.t or "][" in x.t),
    ("email", "contains an email address", _EMAIL, lambda x: "@" in x.t),
    ("session-id", "contains a session or message id", _SESSION_ID,
     lambda x: "_" in x.t and x.contains("ses_", "msg_", "prt_", "sig_", "toolu_", "call_", "chatcmpl")
     or x.t.count("-") >= 4),
    ("absolute-path", "contains an absolute path", _ABS_PATH,
     lambda x: x.contains("/", "~", ":\\", "\\\\", "%", "$home", "$userprofile", "$tmpdir")),
    ("path-escape", "contains a path escape (..)", _PATH_ESCAPE, lambda x: ".." in x.t),
    ("prompt-injection", "looks like prompt injection", _INJECTION,
     lambda x: x.has(*_INJECTION_TRIGGER) or x.contains("<", "[inst", "[/inst", "from now on")),
    ("prompt-injection", "looks like prompt injection", _INJECTION_MORE,
     lambda x: x.has(*_INJECTION_MORE_TRIGGER) or "#" in x.t or "[" in x.t or "<" in x.t),
    ("prompt-injection", "looks like prompt injection", _INJECTION_INTL, lambda x: not x.t.isascii() or x.has(
        "ignore", "ignorez", "ignorer", "ignora", "ignorar", "ignorad", "oublie", "oubliez", "olvida", "olvide",
        "olvidar", "vergiss", "vergessen", "negeer", "vergeet", "zignoruj", "ignoruj", "zapomnij", "prompt",
        "dimentica", "ignorare", "esqueca", "esquece",
        "system") or x.starts(("ignorier",))),
]


def path_problem(glob: object, verdict: tuple | None = None) -> str | None:
    """Why a path trigger glob may not be stored or delivered, or None. Triggers are shown to the agent
    (`[applies to: models/staging/**]`), so they pass the same lint as lesson text, and stay relative,
    one word, inside the project. The reason reads after the glob ("'/etc/**' leaves the project")."""
    if not isinstance(glob, str) or not glob.strip():
        return "must be a non-empty string"
    if glob != glob.strip() or len(glob) > 200:
        return "has surrounding spaces or is too long"
    # ``verdict``: (ok, text, reason) of lint(glob) already at hand (delivery memoises verdicts).
    ok, clean, reason = verdict[:3] if verdict is not None else (lambda r: (r.ok, r.text, r.reason))(lint(glob))
    if not ok:
        return reason
    if clean != glob or " " in glob:
        return "contains spaces or hidden characters"
    if glob.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", glob) or ".." in re.split(r"[\\/]", glob):
        return "leaves the project"
    return None


def _reject(text: str, rule: str, reason: str) -> LintResult:
    return LintResult(False, text, rule, reason)


def lint(text: str, *, grandfathered: bool = False) -> LintResult:
    """Check one lesson text. ``grandfathered``: the unchanged text of an already approved lesson, which
    may exceed the length limit (every other rule still applies)."""
    if not isinstance(text, str):
        return _reject("", "empty", "lesson text must be a string")
    return _lint(text, grandfathered)


@functools.lru_cache(maxsize=16384)  # a store is linted on every reflection, delivery and promote
def _lint(text: str, grandfathered: bool) -> LintResult:
    if _LINE_BREAKS.search(text.strip()):
        return _reject(normalize(text), "multiline", "must be a single line")
    clean = normalize(text)
    if _LINE_BREAKS.search(clean):  # pragma: no cover - normalize removes them; kept as a guard
        return _reject(clean, "multiline", "must be a single line")
    if not clean:
        return _reject(clean, "empty", "empty text")
    if length(clean) > MAX_CHARS and not grandfathered:
        return _reject(clean, "too-long", f"longer than {MAX_CHARS} characters ({length(clean)})")
    if _HIDDEN.search(text):
        return _reject(clean, "hidden-characters", "contains hidden characters (bidi controls or Unicode tags)")
    mixed = _mixed_script(clean) if not clean.isascii() else None
    if mixed:
        return _reject(clean, "hidden-characters",
                       f"mixes look-alike letters from another script in one word ({mixed!r})")
    problem = _check(clean)
    variants = _variants(text, clean)
    for variant in variants:
        if problem is not None:
            break
        # The same rules over the skeleton catch dodges (`іgnore` with a Cyrillic і, `c u r l … | b a s h`).
        problem = _check(variant)
        if problem is not None:
            problem = (problem[0], problem[1] + " (written with look-alike, invisible or spaced-out characters)")
    if problem is not None:
        return _reject(clean, *problem)
    flagged, why = _flag(clean)
    for variant in variants:
        if flagged:
            break
        flagged, why = _flag(variant)
    return LintResult(True, clean, None, None, flagged, why)


def _variants(text: str, clean: str) -> list[str]:
    """Other readings of the text the rules must also pass: the skeleton of the clean text, and of the text
    with each invisible character read as a space (`ignore\u00adall` is "ignore all" to a reader)."""
    out = [_skeleton(clean)]
    if not text.isascii():
        spaced = "".join(" " if unicodedata.category(ch) == "Cf" else ch for ch in unicodedata.normalize("NFKC", text))
        if spaced != text:
            out.append(_skeleton(normalize(spaced)))
    return [v for v in dict.fromkeys(out) if v != clean]


def _check(clean: str) -> tuple[str, str] | None:
    """(rule, reason) of the first rule ``clean`` breaks, or None."""
    view = _Text(clean)
    for rule, reason, pattern, trigger in _RULES:
        if trigger(view) and pattern.search(clean):  # type: ignore[operator]
            return rule, reason
        if rule == "url" and reason == "contains a URL" and "." in clean:
            if (not view.words.isdisjoint(_TLD_SET) and _bare_host(clean)) or \
                    (clean.count(".") >= 3 and _IPV4.search(clean)):
                return "url", "contains a URL (bare host name)"
    if "[REDACTED" in clean:  # a placeholder means a secret was here: the rule was written around it
        return "secret", "contains a redacted secret"
    if _looks_secret(clean, view):
        return "secret", "looks like a secret"
    if view.has(*_EXFIL_TRIGGER) and view.starts(_EXFIL_VERBS) and _EXFIL_RULE.search(clean):
        return "exfiltration", "asks to send, post or commit credentials or private files"
    return None


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
    _rx(r"\b(?:" + _VERB + r")\s+" + _MOD + _NOUN + r"\b", re.I),
    # "Ignoring CI checks", "tests as optional", "Treat code review as optional"
    _rx(r"\b" + _NOUN + r"\s+(?:\w+\s+){0,2}?(?:as\s+)?(?:optional|skippable|non-?blocking|advisory)\b", re.I),
    _rx(r"\b(?:no\s+need\s+to|don'?t\s+need\s+to|needn'?t|no\s+longer\s+need\s+to|never\s+need\s+to|"
               r"without\s+having\s+to|not\s+necessary\s+to|unnecessary\s+to)\s+(?:\w+\s+){0,1}?"
               r"(?:test|verify|validate|check|lint|review|run\s+(?:\w+\s+){0,2}?tests?)\b", re.I),
    _rx(r"\bno\s+(?:skipping|disabling|bypassing)\b", re.I),
    # Tool switches that silence verification.
    _rx(r"--no-verify\b|--no-verify-ssl|--skip-(?:tests?|checks?|ci|lint|hooks?|verify|verification|"
               r"validation)\b|-DskipTests\b|-Dmaven\.test\.skip|\bSKIP=\w|\bHUSKY=0\b|\[skip ci\]|\[ci skip\]|"
               r"\[no ci\]|\bskip-checks\s*:\s*true|\bnoqa\b|#\s*type:\s*ignore|@ts-(?:ignore|nocheck|expect-error)|"
               r"eslint-disable|pylint:\s*disable|\bnolint\b|rubocop:disable|\bpytest\.mark\.(?:skip|xfail)|"
               r"@(?:skip|unittest\.skip|Ignore|Disabled)\b|\bxfail\b|\bit\.skip\b|\bdescribe\.skip\b|\btest\.skip\b|"
               r"\bxit\(|\.only\(|\bcontinue-on-error\b|\ballow_failure\b|\ballow-failure\b|\|\|\s*true\b|"
               r"--exclude(?:=|\s+)(?:test\b(?!\s+(?:accounts?|data|rows?|records?|users?|files?))|test_type|"
               r"resource_type:test|tag:test)|--select\s+\S*\s*--exclude\s+test\b|--no-tests?\b|--skip\b|"
               r"--force-(?:push|merge)\b|--admin\b(?=.*\bmerge)", re.I),
    # `git commit -n` / `-nm` / `-amn`: -n is --no-verify for commit.
    _rx(r"\bcommit\b(?:\s+(?:--?[\w-]+(?:=\S+)?|\"[^\"]*\"|'[^']*'|[^\s\-\"'][^\s]*))*?\s+-[a-zA-Z]*n[a-zA-Z]*\b",
               re.I),
    _rx(r"\bgit\s+-n\s+commit\b", re.I),
    # Switches and settings that turn off TLS, host-key or signature checks, or approve without a look.
    _rx(r"\bverify\s*=\s*(?:false|0)\b|\bssl[_-]?verify\w*\s*[:=]?\s*(?:false|0|no)\b|\bverify[_-]?ssl\s*[:=]\s*"
        r"(?:false|0|no)\b|\bNODE_TLS_REJECT_UNAUTHORIZED\s*=\s*['\"]?0|\brejectUnauthorized\s*[:=]\s*false\b|"
        r"\bInsecureSkipVerify\s*[:=]\s*true\b|--insecure\b|--no-check-certificate\b|--trusted-host\b|"
        r"\bPYTHONHTTPSVERIFY\s*=\s*0|\bsslmode\s*=\s*(?:disable|allow|prefer)\b|\bStrictHostKeyChecking\s*=?\s*no\b|"
        r"\bUserKnownHostsFile\s*=?\s*/dev/null|--disable-ssl-verification\b|--ssl-no-revoke\b|"
        r"\bCURLOPT_SSL_VERIFY(?:PEER|HOST)\b|\bcheck_hostname\s*=\s*False\b|\bCERT_NONE\b|"
        r"--(?:insecure-)?skip-tls-verify\b|--tls-verify\s*=\s*false\b|\bGIT_SSL_NO_VERIFY\b|"
        r"\bcurl\s+(?:-\S+\s+)*?-k\b|--no-gpg-sign\b|--no-verify-signatures?\b|[-\s]-auto-approve\b|--allow-flagged\b|"
        r"\bnosec\b|@SuppressWarnings\b|\bpragma:\s*no\s*cover\b|\bistanbul\s+ignore\b|\bNOSONAR\b"
        r"|\b(?:disabl\w*|turn\w*\s+off|skip\w*|ignor\w*|bypass\w*|suppress\w*)\s+(?:\w+\s+){0,2}?"
        r"(?:tls|ssl|https|certificates?|certs?|host[\s-]?keys?|hostname|signatures?)\s*(?:verification|validation|"
        r"checks?|checking|errors?|warnings?)?\b"
        r"|\b(?:accept|allow|trust)\w*\s+(?:all\s+|any\s+)?(?:self-signed|invalid|untrusted|expired)\s+(?:certs?|"
        r"certificates?)\b"
        r"|\b(?:auto-?approv\w*|rubber-?stamp\w*)\b|\b(?:approv|merg|accept|lgtm)\w*\s+(?:\w+\s+){0,4}?without\s+"
        r"(?:\w+\s+){0,2}?(?:reading|reviewing|review|looking|checking|testing|approval|waiting|tests|ci)\b"
        r"|\bapprov\w*\s+(?:every|all|any)\s+(?:\w+\s+)?(?:prs?|pull\s+requests?|changes|candidates?|lessons?|diffs?)\b",
        re.I),
    # Forcing past a safety check: force pushes, `--force` anywhere.
    _rx(r"--force\b(?!-with-lease|-if-includes)|\bpush\b[^.;]*?\s-f\b|\bforce[- ]?push\w*|\bpush\w*\s+(?:\w+\s+){0,2}?"
        r"(?:with\s+)?force\b", re.I),
]
_SENTENCE = _rx(r"(?<=[.!?;])\s+|\n")


def is_flagged(text: str) -> tuple[bool, str | None]:
    """Does the text mention skipping, disabling or ignoring verification? (Kept, needs explicit approval.)"""
    if not isinstance(text, str):
        return False, None
    clean = normalize(text)
    result = _flag(clean)
    for variant in _variants(text, clean) if not result[0] else ():
        result = _flag(variant)
        if result[0]:
            break
    return result


_FLAG_VERBS = ("skip", "omit", "ignor", "disabl", "bypass", "exclud", "turn", "switch", "remov", "delet", "comment",
               "silenc", "suppress", "mut", "deactivat", "circumvent", "avoid", "without", "no", "not", "never",
               "don", "doesn", "does", "do", "stop", "drop", "xfail", "mark", "forc", "relax", "weaken", "loosen",
               "lower")
_FLAG_NOUNS = ("test", "check", "ci", "lint", "review", "approval", "hook", "pre", "husky", "verif", "validat",
               "quality", "gate", "contract", "assert", "type", "mypy", "pyright", "eslint", "ruff", "flake8",
               "pylint", "sqlfluff", "rubocop", "clippy", "golangci", "prettier", "stylelint", "branch", "status",
               "security", "scan", "audit", "coverage", "guardrail", "safety", "sanity", "smoke", "build", "sign",
               "gpg")
_FLAG_TRIGGERS = [
    lambda x: x.starts(_FLAG_VERBS) and x.starts(_FLAG_NOUNS),
    lambda x: x.has("optional", "skippable", "nonblocking", "non", "advisory"),
    lambda x: x.has("need", "needn", "necessary", "unnecessary", "having"),
    lambda x: "no" in x.words and x.has("skipping", "disabling", "bypassing"),
    lambda x: x.contains("--", "-d", "skip", "husky", "[", "noqa", "type:", "@", "eslint-disable", "pylint",
                         "nolint", "rubocop", "pytest.mark", "xfail", "it.skip", "xit(", ".only(",
                         "continue-on-error", "allow_failure", "allow-failure", "||"),
    lambda x: "commit" in x.words,
    lambda x: "commit" in x.words,
    lambda x: x.contains("verify", "ssl", "tls", "unauthorized", "insecure", "--", "sslmode", "stricthostkey",
                         "knownhosts", "cert", "host", "-k", "nosec", "suppresswarnings", "pragma", "istanbul",
                         "nosonar", "signature", "approv", "rubber", "lgtm"),
    lambda x: "force" in x.low or "-f" in x.t,
]
FORCE_REASON = "mentions forcing past a safety check (force push, --force)"
_FLAG_REASONS = [FLAG_REASON] * (len(_FLAG_TRIGGERS) - 1) + [FORCE_REASON]


@functools.lru_cache(maxsize=16384)
def _flag(clean: str) -> tuple[bool, str | None]:
    # Backticks hide nothing from this check: "Skip `dbt test`" is a skip of tests.
    body = clean.replace("`", "")
    view = _Text(body)
    patterns = [(p, why) for p, trigger, why in zip(_FLAG_PATTERNS, _FLAG_TRIGGERS, _FLAG_REASONS) if trigger(view)]
    if not patterns:
        return False, None
    for sentence in _SENTENCE.split(body):
        for pattern, why in patterns:
            if pattern.search(sentence):
                return True, why
    return False, None
