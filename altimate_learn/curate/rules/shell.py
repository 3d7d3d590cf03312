"""Shell commands that fetch, destroy or escalate, and installs of a named package (a supply-chain path).

Ordinary developer commands (`dbt build --select state:modified+`, `pytest -k`) are the substance of good
lessons and pass; installs of the project itself or of its declared dependencies pass too.
"""

from __future__ import annotations

import re

from altimate_learn.curate.rules.base import rx


SHELL_WORDS = (r"sudo|doas|curl|wget|chmod|chown|chgrp|mkfs(?:\.\w+)?|ncat|netcat|socat|telnet|powershell|pwsh|"
                r"iex|invoke-expression|invoke-webrequest|certutil|bitsadmin|scp|rsync|nohup|crontab|shred|"
                r"fdisk|insmod|modprobe|setuid")
SHELL = rx(
    r"\b(?:" + SHELL_WORDS + r")\b"
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
SHELL_MORE = rx(
    r"\bxargs\s+(?:-\S+\s+)*rm\b|-exec(?:dir)?\s+rm\b|\bfind\b[^|;]*\s-delete\b"
    r"|\|\s*(?:nc|ncat|netcat|socat|telnet)\b|\b(?:iwr|irm)\s+\S"
    r"|\bset-executionpolicy\s+(?:bypass|unrestricted)\b|\s-(?:enc|encodedcommand|e|ec)\s+[A-Za-z0-9+/=]{16,}"
    r"|\bdownload(?:string|file|data)\b|\bfrombase64string\b|\bstart-process\b|\bnew-object\s+(?:system\.)?net\.webclient\b"
    r"|>\s*/dev/(?:sd|nvme|hd)|\bmkfs\b",
    re.I,
)
# Installing a *named* package from a lesson is a supply-chain path: a poisoned review comment becomes an
# agent installing whatever it names. Naming the tool ("use `uv add`, not `pip install`") is fine.
INSTALL = rx(
    r"\b(?:(?:npm|pnpm|yarn|bun)\s+(?:install|i|add)|pip[0-9.]*\s+install|uv\s+(?:pip\s+install|add|tool\s+install)|"
    r"pipx\s+install|poetry\s+add|gem\s+install|cargo\s+install|cargo\s+add|go\s+(?:get|install)|"
    r"brew\s+install|apt(?:-get)?\s+install|yum\s+install|dnf\s+install|apk\s+add|choco\s+install)\s+(?:--?[\w-]+(?:=\S+)?\s+)*(?!-)(?=[@\w])(?!(?:the|a|an|it|them|all|deps|dependencies|"
    r"requirements|packages?|before|after|first|then|and|or|when|with|instead|in|on|to|for|only|once|from|"
    r"locally|globally|again|is|are|should|must)\b)[@\w][\w@/.:=<>~^-]*",
    re.I,
)

# Top-level domains that are not also common file extensions (`.py`, `.md`, `.sh`, `.zip`, `.app` are

SHELL_TRIGGER = ("sudo", "doas", "curl", "wget", "chmod", "chown", "chgrp", "mkfs", "ncat", "netcat", "socat",
                  "telnet", "powershell", "pwsh", "iex", "invoke", "certutil", "bitsadmin", "scp", "rsync", "nohup",
                  "crontab", "shred", "fdisk", "insmod", "modprobe", "setuid", "rm", "sh", "bash", "zsh", "ksh",
                  "dash", "fish", "csh", "tcsh", "eval", "exec", "source", "python", "py", "node", "perl", "ruby",
                  "php", "dd", "mkfifo", "dev", "base64", "kill", "git", "nc")
INSTALL_TOOLS = ("npm", "pnpm", "yarn", "bun", "pip", "uv", "pipx", "poetry", "gem", "cargo", "go", "brew", "apt",
                  "yum", "dnf", "apk", "choco")
