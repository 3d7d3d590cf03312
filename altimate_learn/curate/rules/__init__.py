"""The lint rules, one module per family; `RULES` is the table :func:`altimate_learn.curate.lint.lint` runs.

Each entry is (rule name, reason, pattern, trigger): the trigger is a cheap necessary condition over the
text's words, so most lessons skip most patterns (delivery re-lints every approved lesson on the hook
path). Order matters only for which reason is reported first; it follows altimate-code's order so the two
tools name the same rule for the same text. Families that reason over a clause (secrets, exfiltration,
remote code, destruction, privilege, concealment, orders from data, obfuscated code, untrusted package
sources) are run after the table by :func:`altimate_learn.curate.lint.lint`.
"""

from __future__ import annotations

from altimate_learn.curate.rules.base import rx
from altimate_learn.curate.rules.injection import INJECTION, INJECTION_INTL, INJECTION_MORE, INJECTION_MORE_TRIGGER, INJECTION_TRIGGER
from altimate_learn.curate.rules.markup import ABS_PATH, COMMENT, EMAIL, HTML, MARKDOWN, PATH_ESCAPE, SESSION_ID, URL, URL_MORE, url_trigger
from altimate_learn.curate.rules.shell import INSTALL, INSTALL_TOOLS, SHELL, SHELL_MORE, SHELL_TRIGGER


RULES: list[tuple[str, str, rx, object]] = [
    ("comment-marker", "contains a comment marker", COMMENT,
     lambda x: x.contains("<!--", "-->", "/*", "*/", "{#", "#}") or x.t.startswith(("//", "#", "--", ";;"))
     or x.low.startswith("rem ")),
    ("shell-command", "contains a shell command", SHELL,
     lambda x: x.has(*SHELL_TRIGGER) or x.starts(("mkfs", "python", "invoke")) or x.contains("$(", "${", ":()")),
    ("shell-command", "contains a shell command", SHELL_MORE,
     lambda x: x.has("xargs", "exec", "execdir", "find", "nc", "ncat", "netcat", "socat", "telnet", "iwr", "irm",
                     "enc", "encodedcommand", "e", "ec", "frombase64string", "dev", "mkfs")
     or x.starts(("set-executionpolicy", "download", "start-process", "new-object"))),
    ("shell-command", "contains a shell command (installs a named package)", INSTALL,
     lambda x: x.has(*INSTALL_TOOLS) or x.starts(("pip",))),
    ("url", "contains a URL", URL, url_trigger),
    ("url", "contains a URL (disguised host)", URL_MORE,
     lambda x: x.contains("[.]", "(.)", "{.}", "[dot]", "(dot)", "hxxp") or "dot" in x.words
     or (":" in x.t and ("[" in x.t or x.t.count(":") >= 3))),
    ("markdown-link", "contains a markdown link or image", MARKDOWN, lambda x: "[" in x.t),
    ("markdown-link", "contains HTML that loads or runs something, or a reference link", HTML,
     lambda x: "<" in x.t or "][" in x.t),
    ("email", "contains an email address", EMAIL, lambda x: "@" in x.t),
    ("session-id", "contains a session or message id", SESSION_ID,
     lambda x: "_" in x.t and x.contains("ses_", "msg_", "prt_", "sig_", "toolu_", "call_", "chatcmpl")
     or x.t.count("-") >= 4),
    ("absolute-path", "contains an absolute path", ABS_PATH,
     lambda x: x.contains("/", "~", ":\\", "\\\\", "%", "$home", "$userprofile", "$tmpdir")),
    ("path-escape", "contains a path escape (..)", PATH_ESCAPE, lambda x: ".." in x.t),
    ("prompt-injection", "looks like prompt injection", INJECTION,
     lambda x: x.has(*INJECTION_TRIGGER) or x.contains("<", "[inst", "[/inst", "from now on")),
    ("prompt-injection", "looks like prompt injection", INJECTION_MORE,
     lambda x: x.has(*INJECTION_MORE_TRIGGER) or "#" in x.t or "[" in x.t or "<" in x.t),
    ("prompt-injection", "looks like prompt injection", INJECTION_INTL, lambda x: not x.t.isascii() or x.has(
        "ignore", "ignorez", "ignorer", "ignora", "ignorar", "ignorad", "oublie", "oubliez", "olvida", "olvide",
        "olvidar", "vergiss", "vergessen", "negeer", "vergeet", "zignoruj", "ignoruj", "zapomnij", "prompt",
        "dimentica", "ignorare", "esqueca", "esquece",
        "system") or x.starts(("ignorier",))),
]


# Families that reason over what a clause asks for (each has its own negation handling); run after the table,
# the secrets check and exfiltration, in this order.
from altimate_learn.curate.rules.damage import (DESTRUCTION, PRIVILEGE, destruction_trigger,  # noqa: E402
                                                privilege_trigger)
from altimate_learn.curate.rules.manipulation import (CONCEALMENT, DATA_ORDERS, concealment_trigger,  # noqa: E402
                                                      data_orders_trigger)
from altimate_learn.curate.rules.remote_code import (OBFUSCATED, REMOTE_CODE, obfuscated_trigger,  # noqa: E402
                                                     remote_code_trigger)
from altimate_learn.curate.rules.supply_chain import UNTRUSTED_SOURCE, untrusted_trigger  # noqa: E402

CLAUSE_RULES: list[tuple[str, str, object, object]] = [
    ("remote-code", "asks to run code from outside or to plant a way in (remote code, persistence)", REMOTE_CODE,
     remote_code_trigger),
    ("obfuscated-code", "runs decoded or obfuscated code", OBFUSCATED, obfuscated_trigger),
    ("destruction", "asks to destroy data or infrastructure that matters (production, backups, all of it)",
     DESTRUCTION, destruction_trigger),
    ("privilege", "asks for privileged, root or wildcard access", PRIVILEGE, privilege_trigger),
    ("concealment", "asks to hide the agent's work from the person", CONCEALMENT, concealment_trigger),
    ("data-orders", "asks to take orders from data (comments, issues, pages, tool output, files)", DATA_ORDERS,
     data_orders_trigger),
    ("untrusted-package", "runs or installs code from an untrusted source", UNTRUSTED_SOURCE, untrusted_trigger),
]
