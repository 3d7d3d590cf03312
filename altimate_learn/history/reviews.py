"""Review comments of merged GitHub pull requests: fetch (ghapi, REST) and filter.

Fetching walks closed pull requests newest-updated first (`GET /repos/{o}/{r}/pulls?state=closed&
sort=updated&direction=desc`), keeps those merged within `--since` (a PR merged after the boundary was
updated after it too, so the walk stops at the first PR updated before it), and for each reads its review
comments and review bodies. Pages are followed through the `Link` header (ghapi's own `paged()` asks for
pages until one comes back empty, which costs one extra request per listing).

Rate limits: ghapi's generated operations raise on 403/429 and keep the last response headers in
`api.recv_hdrs`, so after each call we read `x-ratelimit-remaining`/`x-ratelimit-reset`, and on an error
`retry-after`/`x-ratelimit-reset` from the error's response. A short wait (`retry-after` of a few seconds)
is honoured in place; a longer one raises :class:`RateLimited`, and the caller saves the cursor (the PRs
finished so far) so a rerun continues after the last finished PR. A PR is only reported once all its
comments are read, so a pause never leaves half a PR behind.

ghapi is imported inside :class:`GitHub` only: the hook path never loads it.
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any
from urllib.parse import parse_qs, urlsplit

from altimate_learn.errors import LearnError
from altimate_learn.history.common import parse_time
from altimate_learn.history.github import Repo, Token
from altimate_learn.redact import redact_url

BUILTIN_BOTS = ("coderabbitai", "kilo-code-bot", "cubic-dev-ai", "cursor", "dependabot", "renovate",
                "github-actions", "chatgpt-codex-connector", "claude")
TRUSTED_ASSOCIATIONS = ("OWNER", "MEMBER", "COLLABORATOR")
REVIEW_STATES = ("APPROVED", "CHANGES_REQUESTED")
LOW_BUDGET = 10  # pause before a request when fewer calls than this remain
SHORT_WAIT = 10.0  # seconds: waits up to this long are honoured in place, longer ones pause the import
MAX_SHORT_WAITS = 3
SERVER_RETRIES = (1.0, 3.0)  # seconds before retrying a 5xx or a dropped connection (GitHub has transient 502s)
PER_PAGE = 100

# Each dropped comment is counted under the first reason that applies, in this order.
DROP_REASONS = ("bot", "pr-author", "not-member", "review-state", "after-merge", "agent-written", "bot-command",
                "empty", "code-only", "link-only", "emoji", "lgtm", "short", "acknowledgement", "symbols", "retracted",
                "duplicate", "already-imported")
DROP_TEXT = {
    "bot": "bot author",
    "pr-author": "the PR's author",
    "not-member": "not an owner, member or collaborator (--any-author includes them)",
    "review-state": "review body that neither approves nor requests changes",
    "after-merge": "written after the merge",
    "agent-written": "written by an agent (its signature says so)",
    "bot-command": "a command to a bot, not review feedback",
    "empty": "empty",
    "code-only": "code or a suggestion with no words of explanation",
    "link-only": "only a link",
    "emoji": "emoji only",
    "lgtm": "LGTM-style approval",
    "acknowledgement": "an acknowledgement or status reply (\"done\", \"fixed in <sha>\"), no rule",
    "short": "too short",
    "symbols": "mostly symbols",
    "retracted": "taken back by its reviewer later in the thread",
    "duplicate": "same text as another comment on this PR",
    "already-imported": "already imported",
}


class RateLimited(Exception):
    """GitHub asked us to stop until ``reset_at``."""

    def __init__(self, reset_at: datetime, why: str) -> None:
        super().__init__(why)
        self.reset_at = reset_at
        self.why = why


@dataclass
class ReviewItem:
    """One review comment (on a line of the diff) or one review body of a merged PR."""

    id: int
    kind: str  # "comment" or "review"
    pr: int
    login: str
    user_type: str
    association: str
    body: str
    url: str
    at: datetime | None
    path: str | None = None
    line: int | None = None
    state: str | None = None  # review bodies only
    reply_to: int | None = None  # comments only: the thread's first comment (GitHub's in_reply_to_id)

    def message_id(self, repo: Repo) -> str:
        return f"{repo.key}/{self.kind}/{self.id}"


@dataclass
class PullRequest:
    number: int
    title: str
    author: str
    merged_at: datetime
    url: str
    items: list[ReviewItem] = field(default_factory=list)


@dataclass
class FetchResult:
    prs: list[PullRequest] = field(default_factory=list)
    listed: int = 0  # closed PRs looked at
    skipped_finished: int = 0  # merged PRs a previous run already finished
    complete: bool = False  # the walk reached the --since boundary or the last page
    paused: RateLimited | None = None
    failed: LearnError | None = None  # GitHub failed after some PRs were finished (kept; a rerun continues)
    requests: int = 0


def _header(headers: Any, name: str) -> str | None:
    if headers is None:
        return None
    try:
        value = headers.get(name)
    except AttributeError:
        return None
    return None if value is None else str(value)


def _as_int(value: str | None) -> int | None:
    try:
        return None if value is None else int(float(value))
    except ValueError:
        return None


class CrossOriginRedirect(Exception):
    """GitHub's API redirected a request to another origin; the token is not sent there."""


class GitHub:
    """A thin, rate-limit-aware wrapper over a synchronous ghapi client for one repository."""

    def __init__(self, repo: Repo, token: Token, base_url: str, *, sleep: Callable[[float], None] = time.sleep,
                 clock: Callable[[], float] = time.time, notify: Callable[[str], None] | None = None) -> None:
        from ghapi.core import GhApi  # lazy: ghapi builds its whole REST surface on construction

        self.repo = repo
        self.base_url = base_url
        self.api = GhApi(owner=repo.owner, repo=repo.name, token=token.value, gh_host=base_url, sync=True,
                         timeout=30.0)
        # ghapi's transport opens a new HTTP client (and TLS context, ~0.1 s) per request unless it is
        # given one; a persistent client also reuses the connection. It is ghapi's documented hook.
        import httpx2

        # Redirects are followed only within the API's own origin (a renamed repository answers 301 there):
        # a redirect anywhere else would carry the token with it, so it is refused (issue 18.4).
        self.api.transport.client = httpx2.Client(timeout=30.0, follow_redirects=True,
                                                  event_hooks={"request": [self._same_origin_only]})
        self.sleep = sleep
        self.clock = clock
        self.notify = notify or (lambda _text: None)
        self.remaining: int | None = None
        self.reset_at: datetime | None = None
        self.requests = 0
        self.short_waits = 0
        self.server_retries = 0

    def _same_origin_only(self, request: Any) -> None:
        from urllib.parse import urlsplit

        base = urlsplit(self.base_url)
        want = (base.scheme, (base.hostname or "").lower(), base.port or (443 if base.scheme == "https" else 80))
        url = request.url
        got = (url.scheme, (url.host or "").lower(), url.port or (443 if url.scheme == "https" else 80))
        if got != want:
            raise CrossOriginRedirect(redact_url(str(url)))

    def close(self) -> None:
        self.api.transport.close()

    def __enter__(self) -> GitHub:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- one call ---------------------------------------------------------------------------------
    def _note_budget(self, headers: Any) -> None:
        remaining = _as_int(_header(headers, "x-ratelimit-remaining"))
        reset = _as_int(_header(headers, "x-ratelimit-reset"))
        if remaining is not None:
            self.remaining = remaining
        if reset is not None:
            self.reset_at = datetime.fromtimestamp(reset, timezone.utc)

    def _wait_or_pause(self, wait: float, reset_at: datetime, why: str) -> None:
        if wait <= SHORT_WAIT and self.short_waits < MAX_SHORT_WAITS:
            self.short_waits += 1
            self.notify(f"GitHub asked to wait {max(wait, 0):.0f}s ({why}); waiting.")
            self.sleep(max(wait, 0.0))
            return
        raise RateLimited(reset_at, why)

    def call(self, op: Callable[..., Any], **kwargs: Any) -> Any:
        """Run one ghapi operation, honouring GitHub's rate limits (see the module docstring)."""
        from fasttransport.errors import APIError

        while True:
            now = self.clock()
            if self.remaining is not None and self.remaining < LOW_BUDGET and self.reset_at is not None:
                wait = self.reset_at.timestamp() - now
                if wait > 0:
                    self._wait_or_pause(wait, self.reset_at, f"{self.remaining} requests left this hour")
                self.remaining = None
            self.requests += 1
            try:
                result = op(**kwargs)
            except CrossOriginRedirect as exc:
                raise self._redirected(str(exc)) from None
            except APIError as exc:
                cause = exc.__cause__ or exc.__context__
                if isinstance(cause, CrossOriginRedirect):
                    raise self._redirected(str(cause)) from None
                response = exc.response
                headers = getattr(response, "headers", None)
                self._note_budget(headers)
                status = exc.status_code
                limited = self._rate_limit_wait(status, headers, exc.message)
                if limited is not None:
                    wait, reset_at, why = limited
                    self._wait_or_pause(wait, reset_at, why)
                    continue
                if (status is None or status >= 500) and self.server_retries < len(SERVER_RETRIES):
                    wait = SERVER_RETRIES[self.server_retries]
                    self.server_retries += 1
                    what = (f"GitHub answered HTTP {status}" if status else
                            f"could not reach GitHub at {redact_url(self.base_url)} ({exc.message})")
                    self.notify(f"{what}; retrying in {wait:.0f}s.")
                    self.sleep(wait)
                    continue
                raise self._friendly(status, exc) from None
            self._note_budget(self.api.recv_hdrs)
            self.server_retries = 0
            return result

    def _rate_limit_wait(self, status: int | None, headers: Any,
                         message: str) -> tuple[float, datetime, str] | None:
        """(seconds to wait, when, why) when a 403/429 is a rate limit (not a permission problem), else None."""
        if status not in (403, 429):
            return None
        retry_after = _as_int(_header(headers, "retry-after"))
        remaining = _as_int(_header(headers, "x-ratelimit-remaining"))
        reset = _as_int(_header(headers, "x-ratelimit-reset"))
        is_limit = status == 429 or retry_after is not None or remaining == 0 or "rate limit" in (message or "").lower()
        if not is_limit:
            return None
        now = self.clock()
        if retry_after is not None:
            wait, why = float(retry_after), f"HTTP {status}, retry-after {retry_after}s"
        elif reset is not None:
            return max(0.0, reset - now), datetime.fromtimestamp(reset, timezone.utc), \
                f"HTTP {status}, rate limit exhausted"
        else:
            wait, why = 60.0, f"HTTP {status}, rate limited"  # GitHub's advice when it sends no header
        return wait, datetime.fromtimestamp(now + wait, timezone.utc), why

    def _redirected(self, where: str) -> LearnError:
        return LearnError(f"the GitHub API at {redact_url(self.base_url)} redirected to another address ({where}); "
                          "learn does not send your token there.",
                          "If that is the real API, set GITHUB_API_URL to it.")

    def _friendly(self, status: int | None, exc: Exception) -> LearnError:
        where = f"{self.repo.host}/{self.repo.full_name}"
        if status == 401:
            return LearnError(f"GitHub rejected the token for {self.repo.host} (HTTP 401).",
                              f"Refresh it: `gh auth login --hostname {self.repo.host}`, or set a valid GITHUB_TOKEN.")
        if status in (403, 404):
            return LearnError(
                f"cannot read pull requests of {where} (HTTP {status}).",
                f"Check the repository name and that your account can read it: `gh api repos/{self.repo.full_name}`"
                f" (`gh auth status --hostname {self.repo.host}` shows the account in use).")
        if status is None:
            return LearnError(f"cannot reach the GitHub API at {redact_url(self.base_url)} ({type(exc).__name__}: "
                              f"{getattr(exc, 'error_type', '') or 'connection failed'}).",
                              "Check the network, or GITHUB_API_URL if you set it.")
        return LearnError(f"GitHub answered HTTP {status} for {where}.", "Retry later; rerunning continues where it stopped.")

    # --- pages ------------------------------------------------------------------------------------
    def pages(self, op: Callable[..., Any], **kwargs: Any) -> Iterator[list[Any]]:
        """Every page of a list operation, following the `Link: rel="next"` header."""
        from ghapi.page import parse_link_hdr

        page = 1
        seen: set[int] = set()
        while True:
            seen.add(page)
            rows = self.call(op, per_page=PER_PAGE, page=page, **kwargs)
            # Read the Link header now: the consumer's own calls replace recv_hdrs while we are suspended.
            link = _header(self.api.recv_hdrs, "link") or ""
            yield list(rows or [])
            try:
                nxt = parse_link_hdr(link).get("next") if link else None
            except Exception:  # a malformed header ends the walk rather than the import
                nxt = None
            if not nxt:
                return
            number = _as_int((parse_qs(urlsplit(nxt[0]).query).get("page") or [None])[0])
            if number is None or number in seen:
                return
            page = number

    # --- the domain -------------------------------------------------------------------------------
    def check_access(self) -> None:
        """Fail early, with the troubleshooting steps, when the repository cannot be read."""
        self.call(self.api.repos.get)

    def review_items(self, pr: PullRequest) -> list[ReviewItem]:
        items: list[ReviewItem] = []
        for rows in self.pages(self.api.pulls.list_review_comments, pull_number=pr.number):
            for row in rows:
                item = _item(row, "comment", pr.number)
                if item:
                    items.append(item)
        for rows in self.pages(self.api.pulls.list_reviews, pull_number=pr.number):
            for row in rows:
                item = _item(row, "review", pr.number)
                if item:
                    items.append(item)
        return items

    def fetch(self, since: datetime, limit: int, finished: set[int],
              on_pr: Callable[[PullRequest], None] | None = None) -> FetchResult:
        """Merged PRs within ``since``, newest first, up to ``limit``, skipping ``finished`` PR numbers."""
        result = FetchResult()
        try:
            for rows in self.pages(self.api.pulls.list, state="closed", sort="updated", direction="desc"):
                for row in rows:
                    updated = parse_time(_get(row, "updated_at"))
                    if updated is not None and updated < since:
                        result.complete = True
                        return result
                    result.listed += 1
                    merged = parse_time(_get(row, "merged_at"))
                    number = _get(row, "number")
                    if merged is None or merged < since or not isinstance(number, int):
                        continue
                    if number in finished:
                        result.skipped_finished += 1
                        continue
                    if len(result.prs) >= limit:
                        return result
                    user = _get(row, "user") or {}
                    pr = PullRequest(number, str(_get(row, "title") or ""), str(_get(user, "login") or ""), merged,
                                     str(_get(row, "html_url") or ""))
                    pr.items = self.review_items(pr)
                    result.prs.append(pr)
                    if on_pr:
                        on_pr(pr)
            result.complete = True
        except RateLimited as exc:
            result.paused = exc
        except LearnError as exc:
            if not result.prs:
                raise  # nothing finished: the error is the whole story
            result.failed = exc
        finally:
            result.requests = self.requests
        return result


def _get(row: Any, key: str) -> Any:
    try:
        return row.get(key)
    except AttributeError:
        return None


def _item(row: Any, kind: str, pr: int) -> ReviewItem | None:
    ident = _get(row, "id")
    if not isinstance(ident, int):
        return None
    user = _get(row, "user") or {}
    at = parse_time(_get(row, "created_at") if kind == "comment" else _get(row, "submitted_at"))
    line = _get(row, "line") or _get(row, "original_line")
    reply_to = _get(row, "in_reply_to_id") if kind == "comment" else None
    return ReviewItem(
        id=ident, kind=kind, pr=pr,
        login=str(_get(user, "login") or ""), user_type=str(_get(user, "type") or ""),
        association=str(_get(row, "author_association") or "NONE").upper(),
        body=str(_get(row, "body") or ""), url=str(_get(row, "html_url") or ""), at=at,
        path=_get(row, "path") if kind == "comment" else None,
        line=line if isinstance(line, int) else None,
        state=str(_get(row, "state") or "").upper() if kind == "review" else None,
        reply_to=reply_to if isinstance(reply_to, int) else None,
    )


# --- filters ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Filters:
    include_bots: bool = False
    any_author: bool = False
    bots: frozenset[str] = frozenset(BUILTIN_BOTS)

    @classmethod
    def build(cls, *, include_bots: bool, any_author: bool, extra_bots: list[str]) -> Filters:
        names = {_bot_name(b) for b in (*BUILTIN_BOTS, *extra_bots) if b and b.strip()}
        return cls(include_bots, any_author, frozenset(names))

    def scope(self) -> str:
        """What decides which comments a finished PR gave; a change rescans finished PRs."""
        return f"bots={int(self.include_bots)}:{','.join(sorted(self.bots))};any={int(self.any_author)}"


def _bot_name(login: str) -> str:
    login = login.strip().lower()
    return login[:-5] if login.endswith("[bot]") else login


def is_bot(item: ReviewItem, bots: frozenset[str]) -> bool:
    login = item.login.lower()
    return item.user_type.lower() == "bot" or login.endswith("[bot]") or _bot_name(login) in bots


_SHORTCODE = re.compile(r":[a-z0-9_+\-]+:", re.I)
_LGTM = re.compile(r"^(?:(?:lgtm|looks good(?: to me)?|looks great|ship ?it|approved?|good to go|sgtm|"
                   r"nice|thanks|thank you|1)\s*)+$")


def _words(text: str) -> str:
    text = _SHORTCODE.sub(" ", text)
    kept = "".join(c if (c.isalnum() or c.isspace()) and unicodedata.category(c) != "So" else " " for c in text)
    return re.sub(r"\s+", " ", kept).strip().lower()


_FENCED = re.compile(r"```.*?(?:```|\Z)|~~~.*?(?:~~~|\Z)", re.S)  # ```suggestion blocks and pasted code
_QUOTED = re.compile(r"^[ \t]*>.*$", re.M)  # a reply quoting someone else (perhaps a bot)
_HTML_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.S)
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)\s]*\)")
_URL = re.compile(r"(?:https?://|www\.)\S+", re.I)


def own_words(body: str) -> str:
    """The reviewer's own prose: quoted lines, fenced code, HTML comments and bare URLs removed (a link's
    text kept). The text filters judge this, so "> a long quote\n\nagreed" is as short as "agreed"."""
    text = _HTML_COMMENT.sub(" ", body)
    text = _FENCED.sub(" ", text)
    text = _QUOTED.sub(" ", text)
    text = _MD_LINK.sub(lambda m: f" {m.group(1)} ", text)
    return _URL.sub(" ", text).strip()


def _width(text: str) -> int:
    """Length with wide (CJK) characters counted twice: "金额字段请使用Decimal" says as much as 20 Latin letters."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def text_reason(body: str) -> str | None:
    """Why a comment's text is not worth a lesson (empty, code or link only, emoji, LGTM, short, symbols),
    or None. Only the reviewer's own words count (:func:`own_words`)."""
    if not body.strip():
        return "empty"
    stripped = own_words(body)
    if not stripped:
        if _FENCED.search(body):
            return "code-only"
        if _URL.search(body):
            return "link-only"
        return "empty"
    words = _words(stripped)
    if not words:
        return "emoji"
    if _LGTM.match(words):
        return "lgtm"
    alnum = sum(c.isalnum() for c in stripped)
    width = _width(stripped)
    if width < 20 or alnum < (6 if width > len(stripped) else 10):  # wide characters carry more per character
        return "short"
    if acknowledgement(body):
        return "acknowledgement"
    visible = sum(not c.isspace() for c in stripped)
    if alnum < 0.4 * visible:
        return "symbols"
    return None


# A reply that only acknowledges or reports status ("Done, fixed in 3fa2b1c.", "Addressed in the latest commit",
# "Thanks, merged", "Good catch, updated") carries no rule, whoever wrote it: every word of it is one of these, or a
# commit id or a PR number. One word outside them ("Done, but keep the retry loop") and the comment is judged as any.
_ACK_PHRASES = re.compile(r"\b(?:no problem|sounds good|will do|on it|(?:good|nice|great) (?:catch|call|point|eye)|"
                          r"as (?:suggested|requested|discussed)|per (?:your|the) (?:suggestion|comment|review|request))\b")
_ACK_WORDS = frozenset((
    "done fixed addressed resolved updated changed removed reverted applied handled implemented merged rebased "
    "pushed squashed amended thanks thank thx ty you sure ok okay agreed yep yes yeah ack noted np "
    "it this that these those both all everything now here too also and as well in with by via on the a latest last "
    "new next follow up followup commit commits revision pr changes has have been is was should be "
    "i ive i've we weve we've its it's s ve now already accordingly again").split())
_COMMIT_OR_NUMBER = re.compile(r"^(?:[0-9a-f]{7,40}|\d+)$")


def acknowledgement(body: str) -> bool:
    """The reviewer's own words (:func:`own_words`) only acknowledge or report status: no rule in them."""
    words = _ACK_PHRASES.sub(" ", _words(own_words(body))).split()
    if "should" in words and "now" not in words and not any(_COMMIT_OR_NUMBER.match(w) for w in words):
        return False  # "Commits should be squashed.": a request; "Should be fixed now", "… in 3fa2b1c": a status
    return bool(words) and all(w in _ACK_WORDS or _COMMIT_OR_NUMBER.match(w) for w in words) \
        and any(not _COMMIT_OR_NUMBER.match(w) for w in words)


def normalized(body: str) -> str:
    return re.sub(r"\s+", " ", body.strip().lower())


# An agent's signature on text a person posted from their own account: the words are the agent's.
_AGENT = r"(?:claude(?: code)?|(?:github )?copilot|codex|gemini(?: cli| code assist)?|cursor|aider|devin|opencode)"
# The signature is a line of its own (a link to the agent, emphasis and a full stop at most): a person's sentence that
# opens the same way ("Written by Claude? This loop skips the last page …") is the person's review (review18).
_AGENT_SIGNATURE = re.compile(
    rf"^[ \t>*_]*(?:🤖\s*)?(?:generated|written|created) (?:with|by) \[?{_AGENT}\]?(?:\([^()\s]*\))?[ \t*_.!]*$"
    rf"|^[ \t]*co-authored-by:\s*{_AGENT}\b", re.I | re.M)
# A comment that opens by addressing a bot or an agent (`@coderabbitai resolve`, `@claude please review this
# again`) and says little else is a command to it: what a reviewer asks a bot to do, not what the code should be.
_MENTION = re.compile(r"^\s*@([A-Za-z0-9][A-Za-z0-9-]*(?:\[bot\])?)[\s,:]*")
_COMMAND_BOTS = frozenset({"copilot", "codex", "gemini", "gemini-code-assist", "mergify", "mergifyio", "devin",
                           "sourcery-ai", "greptile", "greptileai", "korbit-ai", "qodo-merge-pro", "ellipsis-dev"})
COMMAND_WORDS = 8  # fewer words than this after the mention: a command


def agent_written(body: str) -> bool:
    """A signature line an agent leaves on what it wrote ("🤖 Generated with [Claude Code]", "Co-authored-by: Copilot")."""
    return bool(_AGENT_SIGNATURE.search(_FENCED.sub(" ", body)))


def bot_command(body: str, bots: frozenset[str]) -> bool:
    """The comment opens with @a-bot (a known bot or agent) and its own words after that are a short command."""
    text = own_words(body)
    addressed = False
    while (match := _MENTION.match(text)) is not None:
        login = match.group(1).lower()
        if not (login.endswith("[bot]") or _bot_name(login) in bots or _bot_name(login) in _COMMAND_BOTS):
            break
        addressed = True
        text = text[match.end():]
    return addressed and len(_words(text).split()) < COMMAND_WORDS


# A reviewer taking their comment back in a reply ("Never mind, you're right"); "..., but still ..." keeps a rule.
_RETRACTION = re.compile(
    r"^(?:never ?mind|nvm|scratch that|disregard (?:this|that|my)|ignore (?:this|that|me|my)|"
    r"(?:ok(?:ay)?,? )?(?:you'?re|you are) right|fair (?:enough|point)|my bad|i was wrong|i stand corrected|"
    r"(?:ah,? )?(?:i see|makes sense)|withdrawn|retracted)\b", re.I)
_STILL = re.compile(r"\b(?:but|still|however|though|although)\b", re.I)


def retraction(body: str) -> bool:
    """A reply that takes back what its author said earlier in the thread, and asks nothing else."""
    words = own_words(body).strip()
    return bool(_RETRACTION.match(words)) and not _STILL.search(words)


def retracted(items: list[ReviewItem]) -> set[tuple[str, int]]:
    """(kind, id) of the comments their reviewer took back later in the same thread, and of the retractions."""
    threads: dict[int, list[ReviewItem]] = {}
    for item in items:
        if item.kind == "comment":
            threads.setdefault(item.reply_to or item.id, []).append(item)
    floor = datetime.min.replace(tzinfo=timezone.utc)
    out: set[tuple[str, int]] = set()
    for thread in threads.values():
        thread.sort(key=lambda i: (i.at or floor, i.id))
        for n, item in enumerate(thread):
            if not retraction(item.body):
                continue
            earlier = [e for e in thread[:n] if e.login.lower() == item.login.lower()]
            if earlier:
                out.update(("comment", e.id) for e in earlier)
                out.add(("comment", item.id))
    return out


def drop_reason(item: ReviewItem, pr: PullRequest, filters: Filters) -> str | None:
    """The first filter that drops ``item`` (see DROP_REASONS), or None to keep it. Duplicates and
    already-imported comments are decided by the caller, which sees the whole PR and the store."""
    bot = is_bot(item, filters.bots)
    if bot and not filters.include_bots:
        return "bot"
    if pr.author and item.login.lower() == pr.author.lower():
        return "pr-author"
    # Review apps are never members; asking for their comments (--include-bots) admits them.
    if not filters.any_author and item.association not in TRUSTED_ASSOCIATIONS and not bot:
        return "not-member"
    if item.kind == "review" and item.state not in REVIEW_STATES:
        return "review-state"
    if item.at is not None and item.at > pr.merged_at:
        return "after-merge"
    if not filters.include_bots and agent_written(item.body):
        return "agent-written"
    if not filters.include_bots and bot_command(item.body, filters.bots):
        return "bot-command"
    return text_reason(item.body)
