"""Untrusted package sources: lessons that would make an agent run or install code nobody vetted.

`untrusted-package`: running a package straight from a registry with the prompt turned off or at a moving
version (`npx -y tool`, `npx tool@latest`, `uvx tool`, `pipx run tool`, `yarn dlx`), pointing installs at
another index or registry (`--extra-index-url`, `--index-url`, `--trusted-host`, `npm config set
registry`), installing from an attachment or a chat message, and third-party container images at `:latest`.
Installs of a named package are rejected by the shell family (:mod:`altimate_learn.curate.rules.shell`).
A clause that forbids the thing passes ("Never add `--extra-index-url`").
"""

from __future__ import annotations

import re

from altimate_learn.curate.rules.base import Text, affirmed, rx

_UNTRUSTED_SOURCE = rx(
    r"\b(?:npx|pnpx|bunx)\s+(?:--?\w[\w-]*\s+)*?(?:-y|--yes)\b|\b(?:npx|pnpx|bunx)\s+(?:--?\w[\w-]*\s+)*@?[\w./-]+@"
    r"(?:latest|next|canary|\d)"
    r"|\b(?:yarn|pnpm)\s+dlx\s+\S|\bnpm\s+(?:exec|x)\s+(?:--yes|-y)\b"
    r"|\buvx\s+(?!--help)[\w@.-]+|\bpipx\s+run\s+[\w@.-]+|\buv\s+tool\s+run\s+[\w@.-]+"
    r"|--extra-index-url\b|--index-url\b|(?<![\w-])-i\s+https?:|--trusted-host\b|--find-links\b|(?<![\w-])-f\s+https?:"
    r"|\b(?:npm|yarn|pnpm)\s+config\s+set\s+(?:@[\w-]+:)?registry\b|--registry[=\s]\S|\bregistry\s*=\s*https?:"
    r"|\bpip\s+config\s+set\s+global\.(?:extra-)?index-url\b|\bUV_(?:EXTRA_)?INDEX_URL\b|\bPIP_(?:EXTRA_)?INDEX_URL\b"
    r"|\binstall\w*\s+(?:\S+\s+){0,6}?(?:from|attached\s+to|in)\s+(?:the\s+|a\s+|an\s+)?(?:\S+\s+){0,2}?(?:issue|"
    r"e-?mail|chat|slack|discord|comment|message|attachment|gist|pastebin|dm)s?\b"
    r"|\b(?:vsix|\.deb|\.rpm|\.pkg|\.dmg|\.exe|\.msi|tarball|zip)\s+(?:file\s+)?(?:attached|from\s+(?:the\s+)?"
    r"(?:issue|e-?mail|chat|slack|comment))"
    r"|(?<![\w./-])(?!library/)[a-z0-9][\w.-]*/[\w.-]+:latest\b",
    re.I)
UNTRUSTED_TRIGGER = ("npx", "pnpx", "bunx", "yarn", "pnpm", "npm", "uvx", "pipx", "uv", "extra", "index", "i",
                     "trusted", "find", "f", "registry", "pip", "uv_index_url", "uv_extra_index_url",
                     "pip_index_url", "pip_extra_index_url", "install", "installs", "installing", "installed",
                     "vsix", "deb", "rpm", "pkg", "dmg", "exe", "msi", "tarball", "zip", "latest")


class UntrustedSource:
    @staticmethod
    def search(text: str) -> re.Match[str] | None:
        return affirmed(_UNTRUSTED_SOURCE, text)


UNTRUSTED_SOURCE = UntrustedSource()


def untrusted_trigger(x: Text) -> bool:
    return x.has(*UNTRUSTED_TRIGGER)
