"""Links and locations: comment markers, URLs and hosts (also defanged or spelled out), markdown links,
HTML that loads or runs something, email addresses, session and message ids, absolute paths and `..`."""

from __future__ import annotations

import re

from altimate_learn.curate.rules.base import Text, rx


# `/*` and `*/` count only with space around them, so globs such as `models/**/*.sql` stay legal.
COMMENT = rx(r"<!--|-->|(?:^|\s)/\*|\*/(?:\s|$)|^\s*//|^\s*#\s|^\s*#$|\{#|#\}|^\s*--\s|^\s*;;|^\s*rem\s", re.I)

TLDS = (r"com|net|org|io|dev|ai|co|example|invalid|internal|corp|lan|localhost|gov|edu|mil|biz|xyz|cloud|tech|"
         r"site|online|page|me|us|uk|de|fr|eu|ru|cn|jp|nl|au|ca|ch|se|br|es|be|at|tv|cc|gg|ly|ws|onion|"
         r"info|app|sh|to|is")
FILEY_TLDS = {"sh", "to", "is", "app", "info", "me"}  # only with a path or when a host has 3+ labels
URL = rx(
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
BARE_HOST = rx(
    r"(?<![\w.@/-])((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+)(" + TLDS + r")(?![\w-]|\.[a-z0-9]|\()",
    re.I,
)
NOT_HOSTS = {"asp.net", "ado.net", "vb.net", "socket.io", "dot.net"}
# A sentence may end right after the address ("Connect to 10.0.0.5."); loopback and "any" are not hosts.
IPV4 = rx(r"(?<![\w.])(?!(?:127\.0\.0\.1|0\.0\.0\.0)(?::\d+)?(?![\w/]|\.\d))"
            r"(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}(?::\d+)?(?!\w|\.\d)")
# Hosts written so a URL pattern misses them: defanged (`evil[.]com`, `hxxp`), spelled out (`evil dot com`),
# IPv6 literals.
URL_MORE = rx(
    r"\w(?:\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\))\w|\bhxxps?\b"
    r"|\b[a-z0-9][\w-]*\s+dot\s+(?:com|org|io|dev|co|ru|cn|xyz|info|me|app|ly|sh|to|gg|cc|tk|top)\b"
    r"|(?<![\w\])])\[(?=[0-9a-f:.]*[0-9a-f])(?=[0-9a-f.]*:[0-9a-f.]*:)[0-9a-f:.]{2,}\](?::\d+)?"
    r"|(?<![\w:])(?:[0-9a-f]{1,4}:){3,7}[0-9a-f]{1,4}(?![\w:])",
    re.I,
)
MARKDOWN = rx(r"!\[|\[[^\]]*\]\([^)]*\)|^\s*\[[^\]]+\]:\s")
# HTML that loads or runs something (a source, a link target, an event handler, a script body) and
# reference-style markdown links (`[docs][1]`). Tags named in a rule (`<button>`, `<Link>`) are fine.
HTML = rx(
    r"<\s*(?:img|iframe|script|object|embed|svg|link|meta|base|form|frame|video|audio|source|input|body|style|a)\b"
    r"[^>]*?\s(?:src|href|data|action|formaction|srcdoc|style|content|http-equiv|xlink:href)\s*="
    r"|<\s*[a-z][\w-]*\s[^>]*?\bon[a-z]{3,}\s*="
    r"|<\s*(script|iframe|object|embed|style|svg)\b[^>]*>.*?<\s*/\s*\1\s*>"
    # a reference link "[text][ref]"; two redaction placeholders side by side ("[REDACTED:token][REDACTED:…]") are none
    r"|(?<![\w\])])\[(?!REDACTED:)[^\]\[]+\]\[(?!REDACTED:)[^\]\[]*\](?![(\[])",
    re.I,
)
EMAIL = rx(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
SESSION_ID = rx(
    r"\b(?:ses|msg|prt|sig|toolu|call|chatcmpl)_(?=[A-Za-z0-9]*[0-9A-Z])[A-Za-z0-9]{3,}\b"
    r"|\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"
    r"|\bchatcmpl-[A-Za-z0-9]{6,}"
)
# A single segment such as `/v2` or `/healthz` is a URL route, not a file on someone's machine; system folders
# stay absolute paths even alone (`/etc`, `/tmp`).
FS_ROOTS = (r"etc|usr|home|users|var|tmp|opt|root|bin|sbin|dev|proc|sys|mnt|srv|private|volumes|library|system|"
             r"lib|lib64|lib32|boot|run|snap|nix|media|applications|cores|net|afs")
ABS_PATH = rx(r"(?:^|[\s(\[`'\"=:,])(?:/(?!(?!(?:" + FS_ROOTS + r")(?![\w@~+-]|\.\w))[\w@~+-]+(?:\.[\w@~+-]+)*(?![\w@~+/\\-]|\.\w))[\w.@~+-]|~[\w.-]*[\\/]|[A-Za-z]:[\\/]|\\\\\w|%\w+%[\\/]|"
                       r"\$(?:HOME|USERPROFILE|TMPDIR)\b)")
PATH_ESCAPE = rx(r"(?:^|[\s/\\(\[`'\"=:,])\.\.(?:[\\/]|$|[\s)`'\",;])|[\\/]\.\.(?:[\\/]|$|\s)")

def bare_host(text: str) -> str | None:
    for match in BARE_HOST.finditer(text):
        labels, tld = match.group(1), match.group(2).lower()
        name = labels.rstrip(".")
        if f"{name}.{tld}".lower() in NOT_HOSTS:
            continue
        # Kubernetes label keys in code (`app.kubernetes.io/name`): a DNS prefix and one name, not a host.
        if (tld == "io" and re.search(r"(?:^|\.)(?:kubernetes|k8s)$", name, re.I)
                and re.match(r"/[a-z0-9._-]+`", text[match.end():], re.I)):
            continue
        if tld in FILEY_TLDS and name.count(".") < 1:
            continue
        # `df.info()`, `self.app`: a code member access, not a host.
        if re.fullmatch(r"(?:self|this|cls|df|os|sys|np|pd|obj|ctx|req|res|app|console|logger|logging|log|"
                        r"window|document|module|exports|process)", name.split(".")[-1], re.I):
            continue
        return match.group(0)
    return None


SCHEMES = ("javascript", "data", "file", "vbscript", "ftp", "ftps", "sftp", "ssh", "mailto", "tel", "blob",
            "about", "view", "intent", "smb", "ldap", "ldaps", "gopher", "jar", "git", "s3", "gs", "hdfs", "ws", "wss")
TLD_SET = frozenset(TLDS.split("|"))

def url_trigger(x: Text) -> bool:
    return ("//" in x.t or "www." in x.low or ("." in x.t and "/" in x.t)
            or (":" in x.t and x.has(*SCHEMES)))
