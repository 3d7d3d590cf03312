"""Which GitHub repository, which token, which API base URL.

The repository comes from `--repo owner/name` or the project's `origin` remote (https, `ssh://`,
scp-style `git@host:owner/name.git`); any host that is not a known non-GitHub forge is taken to be
GitHub Enterprise, and the API then tells us whether it really is. The token comes from `GITHUB_TOKEN`,
`GH_TOKEN`, then `gh auth token --hostname HOST`; it is only ever kept in memory and never printed.
The API base URL is `GITHUB_API_URL` when set (GitHub Actions sets it; tests point it at a fake server),
else `https://api.github.com` for github.com and `https://HOST/api/v3` for Enterprise.
"""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from altimate_learn.errors import LearnError

GITHUB_HOST = "github.com"
_NOT_GITHUB = re.compile(r"(?:^|\.)(?:gitlab\.com|bitbucket\.org|codeberg\.org|dev\.azure\.com|ssh\.dev\.azure\.com|"
                         r"visualstudio\.com|sr\.ht|gitea\.com|sourceforge\.net)$")
# Self-hosted forges usually say what they are in the host name (gitlab.example.com).
_NOT_GITHUB_LABEL = re.compile(r"^(?:gitlab|bitbucket|gitea|forgejo|gogs)(?:[.-]|$)")
_NAME_PART = re.compile(r"^[A-Za-z0-9_.-]+$")
_HOST = re.compile(r"^[a-z0-9.-]+(?::[0-9]+)?$")


@dataclass(frozen=True)
class Repo:
    host: str
    owner: str
    name: str

    @property
    def full_name(self) -> str:
        return f"{self.owner}/{self.name}"

    @property
    def key(self) -> str:
        """Identity used for resume state and signal ids: host, owner and name, lower case."""
        return f"{self.host}/{self.owner}/{self.name}".lower()


class NotGitHub(LearnError):
    pass


def _not_github(host: str) -> bool:
    bare = host.split(":", 1)[0]
    return bool(_NOT_GITHUB.search(bare) or _NOT_GITHUB_LABEL.match(bare))


def parse_remote(url: str) -> Repo | None:
    """The GitHub repository a git remote URL points at; None when it is not a `host/owner/name` URL.

    Raises :class:`NotGitHub` for a known non-GitHub forge (GitLab, Bitbucket, …).
    """
    url = url.strip()
    if not url:
        return None
    scp = re.match(r"^(?:[^@/\s]+@)?([^/:\s]+):(?!//)(.+)$", url)
    if scp and "://" not in url:
        host, path = scp.group(1), scp.group(2)
    else:
        try:
            parts = urlsplit(url)
        except ValueError:
            return None
        if parts.scheme not in ("https", "http", "ssh", "git", "git+ssh", "ssh+git") or not parts.hostname:
            return None
        host = parts.hostname
        if parts.port and parts.scheme in ("https", "http"):
            host = f"{host}:{parts.port}"
        path = parts.path
    host = host.lower()
    if _not_github(host):
        raise NotGitHub(
            f"learn import-reviews supports GitHub and GitHub Enterprise only; the remote is on {host.split(':')[0]}.",
            "Pass --repo owner/name for a GitHub repository.")
    path = path.strip("/")
    if path.endswith(".git"):
        path = path[:-4]
    pieces = path.split("/")
    if len(pieces) != 2 or not all(_NAME_PART.match(p) for p in pieces) or not _HOST.match(host):
        return None
    return Repo(host, pieces[0], pieces[1])


def _git(root: Path, *args: str) -> subprocess.CompletedProcess[str] | None:
    # GIT_DIR and friends leaked from a calling hook would point git at another repository.
    env = {k: v for k, v in os.environ.items() if k not in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")}
    try:
        return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, env=env, timeout=30,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return None


def remote_urls(root: Path) -> list[tuple[str, str]]:
    """(name, fetch url) of the project's git remotes, `origin` first."""
    result = _git(root, "remote", "-v")
    if result is None or result.returncode != 0:
        return []
    rows: dict[str, str] = {}
    for line in result.stdout.splitlines():
        match = re.match(r"^(\S+)\s+(\S+)\s+\(fetch\)\s*$", line.strip())
        if match and match.group(1) not in rows:
            rows[match.group(1)] = match.group(2)
    return sorted(rows.items(), key=lambda item: item[0] != "origin")


def resolve_repo(root: Path, repo: str | None = None) -> Repo:
    """The repository to import from: `--repo owner/name` (on the remote's host), or a repository URL
    pasted from the browser (`https://github.com/owner/name`), else the `origin` remote."""
    if repo is not None and re.match(r"^\s*(?:[a-z+]+://|git@|(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)+/)", repo, re.I):
        url = repo.strip()
        parsed = parse_remote(url if "://" in url or url.startswith("git@") else "https://" + url)
        if parsed is None:
            raise LearnError(f"--repo must be owner/name (for example my-org/my-repo), not '{repo}'.",
                             "GitHub and GitHub Enterprise repositories only.")
        return Repo(GITHUB_HOST if parsed.host == "www.github.com" else parsed.host, parsed.owner, parsed.name)
    if repo is not None:
        match = re.match(r"^([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+)$", repo.strip())
        if not match:
            raise LearnError(f"--repo must be owner/name (for example my-org/my-repo), not '{repo}'.",
                             "GitHub and GitHub Enterprise repositories only.")
    detected: Repo | None = None
    refused: NotGitHub | None = None
    for _name, url in remote_urls(root):
        try:
            detected = parse_remote(url)
        except NotGitHub as exc:
            refused = refused or exc
            continue
        if detected:
            break
    if repo is not None:
        owner, name = repo.strip().split("/")
        # An explicit repository keeps an Enterprise remote's host; a GitLab origin falls back to github.com.
        return Repo(detected.host if detected else GITHUB_HOST, owner, name)
    if detected:
        return detected
    if refused:
        raise refused
    raise LearnError("cannot find a GitHub repository in this project's git remotes (no GitHub `origin`).",
                     "Pass --repo owner/name.")


def api_base(host: str, env: dict[str, str] | None = None) -> str:
    """REST API base URL for ``host``: `GITHUB_API_URL` when set, else the public or Enterprise default."""
    env = os.environ if env is None else env
    override = (env.get("GITHUB_API_URL") or "").strip()
    if override:
        return override.rstrip("/")
    if host == GITHUB_HOST:
        return "https://api.github.com"
    return f"https://{host}/api/v3"


@dataclass(frozen=True)
class Token:
    value: str
    source: str  # "GITHUB_TOKEN", "GH_TOKEN" or "gh auth token" (never the value itself)

    def __repr__(self) -> str:  # keep the secret out of tracebacks and debug prints
        return f"Token(source={self.source!r})"


def discover_token(host: str, env: dict[str, str] | None = None) -> Token:
    """`GITHUB_TOKEN`, then `GH_TOKEN`, then `gh auth token --hostname HOST`; a failure says what to do."""
    env = os.environ if env is None else env
    for name in ("GITHUB_TOKEN", "GH_TOKEN"):
        value = (env.get(name) or "").strip()
        if value:
            return Token(value, name)
    try:
        result = subprocess.run(["gh", "auth", "token", "--hostname", host], capture_output=True, text=True,
                                timeout=30, stdin=subprocess.DEVNULL, env=dict(env))
    except FileNotFoundError:
        raise LearnError(
            "no GitHub token: GITHUB_TOKEN and GH_TOKEN are not set and the gh CLI is not installed.",
            f"Either install gh from https://cli.github.com/ and run `gh auth login --hostname {host}`, "
            "or set GITHUB_TOKEN to a token that can read the repository.") from None
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise LearnError(f"could not run `gh auth token --hostname {host}` ({type(exc).__name__}).",
                         "Check your gh installation (`gh --version`), or set GITHUB_TOKEN.") from None
    value = result.stdout.strip()
    if result.returncode != 0 or not value or any(c.isspace() for c in value):
        raise LearnError(
            f"gh is not logged in to {host}.",
            f"1) Check with `gh auth status --hostname {host}`. 2) Log in with `gh auth login --hostname {host}`"
            " (for GitHub Enterprise use that host). 3) Check access with `gh api repos/OWNER/NAME`. "
            "Or set GITHUB_TOKEN.")
    return Token(value, "gh auth token")
