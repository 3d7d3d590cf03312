"""A fake GitHub REST API on 127.0.0.1 (real HTTP, one thread per request) for import-reviews tests.

It serves `GET /repos/{o}/{r}`, `/repos/{o}/{r}/pulls` (with GitHub's `head=owner:branch` filter),
`/pulls/{n}/comments` and `/pulls/{n}/reviews`, and `POST /pulls` / `PATCH /pulls/{n}` for the Action,
with payloads shaped like GitHub's (users with `type`, `author_association`, `html_url`, `diff_hunk`, …),
sorts and pages pull requests like GitHub (`state`, `sort=updated`, `direction`, `per_page`, `page`,
and a `Link` header), sends rate-limit headers on every answer, and can be told to fail a request
(a 403 with `x-ratelimit-reset`, a 429 with `retry-after`, a 404, a 500). Every request is logged.

`scenario(server)` fills it with a realistic set of merged and unmerged PRs that exercises every filter.
"""

from __future__ import annotations

import json
import re
import threading
import time
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

OWNER, REPO = "acme", "widgets"
TOKEN = "ghp_FakeTestToken000000000000000000000000"


def iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def ago(days: float = 0, hours: float = 0) -> str:
    return iso(datetime.now(timezone.utc) - timedelta(days=days, hours=hours))


def user(login: str, kind: str = "User", ident: int | None = None) -> dict[str, Any]:
    ident = ident or (abs(hash(login)) % 10_000_000)
    return {"login": login, "id": ident, "node_id": f"U_{ident}", "type": kind, "site_admin": False,
            "avatar_url": f"https://avatars.githubusercontent.com/u/{ident}?v=4",
            "url": f"https://api.github.com/users/{login}", "html_url": f"https://github.com/{login}"}


class FakeGitHub:
    def __init__(self, owner: str = OWNER, repo: str = REPO, prefix: str = "", token: str | None = TOKEN,
                 page_size: int = 100) -> None:
        self.owner, self.repo, self.prefix, self.token = owner, repo, prefix.rstrip("/"), token
        self.page_size = page_size  # GitHub caps per_page at 100; a smaller cap forces pagination
        self.default_branch = "main"
        self.pulls: list[dict[str, Any]] = []
        self.comments: dict[int, list[dict[str, Any]]] = {}
        self.reviews: dict[int, list[dict[str, Any]]] = {}
        self.requests: list[dict[str, Any]] = []
        self.limit = 5000
        self.remaining = 5000
        self.reset = int(time.time()) + 3600
        self._failures: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    # --- lifecycle --------------------------------------------------------------------------------
    def __enter__(self) -> FakeGitHub:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}{self.prefix}"

    @property
    def web(self) -> str:
        return "https://github.com"

    # --- data ---------------------------------------------------------------------------------------
    def add_pull(self, number: int, author: str, *, merged: str | None, updated: str, title: str = "",
                 closed: str | None = None, association: str = "MEMBER") -> dict[str, Any]:
        pr = {
            "url": f"https://api.github.com/repos/{self.owner}/{self.repo}/pulls/{number}",
            "id": 1_000_000 + number, "node_id": f"PR_{number}", "number": number,
            "html_url": f"{self.web}/{self.owner}/{self.repo}/pull/{number}",
            "state": "closed", "locked": False, "title": title or f"Change #{number}",
            "user": user(author), "body": "", "created_at": ago(days=60), "updated_at": updated,
            "closed_at": closed or merged or updated, "merged_at": merged,
            "merge_commit_sha": f"{number:040x}" if merged else None, "draft": False,
            "author_association": association,
            "head": {"ref": f"feature-{number}", "sha": f"{number + 1:040x}"},
            "base": {"ref": "main", "sha": f"{number + 2:040x}"},
        }
        self.pulls.append(pr)
        self.comments.setdefault(number, [])
        self.reviews.setdefault(number, [])
        return pr

    def add_comment(self, pr: int, ident: int, login: str, body: str, *, created: str, path: str = "src/app.py",
                    line: int = 10, association: str = "MEMBER", kind: str = "User",
                    reply_to: int | None = None, html_url: str | None = None) -> dict[str, Any]:
        comment = {
            "url": f"https://api.github.com/repos/{self.owner}/{self.repo}/pulls/comments/{ident}",
            "pull_request_review_id": 900_000 + ident, "id": ident, "node_id": f"PRRC_{ident}",
            "diff_hunk": "@@ -1,4 +1,6 @@\n import os\n+import sys\n", "path": path,
            "commit_id": f"{pr:040x}", "original_commit_id": f"{pr:040x}", "user": user(login, kind),
            "body": body, "created_at": created, "updated_at": created,
            "html_url": html_url or f"{self.web}/{self.owner}/{self.repo}/pull/{pr}#discussion_r{ident}",
            "pull_request_url": f"https://api.github.com/repos/{self.owner}/{self.repo}/pulls/{pr}",
            "author_association": association, "line": line, "original_line": line, "side": "RIGHT",
            "start_line": None, "subject_type": "line", "reactions": {"total_count": 0},
        }
        if reply_to is not None:
            comment["in_reply_to_id"] = reply_to
        self.comments.setdefault(pr, []).append(comment)
        return comment

    def add_review(self, pr: int, ident: int, login: str, state: str, body: str, *, submitted: str,
                   association: str = "MEMBER", kind: str = "User") -> dict[str, Any]:
        review = {
            "id": ident, "node_id": f"PRR_{ident}", "user": user(login, kind), "body": body, "state": state,
            "html_url": f"{self.web}/{self.owner}/{self.repo}/pull/{pr}#pullrequestreview-{ident}",
            "pull_request_url": f"https://api.github.com/repos/{self.owner}/{self.repo}/pulls/{pr}",
            "author_association": association, "submitted_at": submitted, "commit_id": f"{pr:040x}",
        }
        self.reviews.setdefault(pr, []).append(review)
        return review

    def fail(self, path_pattern: str, status: int, *, headers: dict[str, str] | None = None,
             body: dict[str, Any] | None = None, times: int = 1, method: str | None = None) -> None:
        """Answer the next ``times`` requests whose path matches ``path_pattern`` (a regex), and whose method is
        ``method`` when given, with ``status``."""
        with self._lock:
            self._failures.append({"pattern": re.compile(path_pattern), "status": status, "headers": headers or {},
                                   "body": body or {"message": f"HTTP {status}"}, "times": times,
                                   "method": method})

    def rate_limit_403(self, path_pattern: str, *, reset_in: int = 3600) -> int:
        reset = int(time.time()) + reset_in
        self.fail(path_pattern, 403, headers={"x-ratelimit-remaining": "0", "x-ratelimit-reset": str(reset)},
                  body={"message": "API rate limit exceeded for user ID 4242. If you reach out to GitHub Support "
                                   "for help, please include the request ID.",
                        "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"})
        return reset

    def paths(self) -> list[str]:
        return [r["path"] for r in self.requests]

    # --- HTTP -----------------------------------------------------------------------------------------
    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # headers and body are two writes: no 40 ms delayed-ACK stall

            def log_message(self, *args: object) -> None:
                return None

            def do_GET(self) -> None:  # noqa: N802
                fake._serve(self)

            def do_POST(self) -> None:  # noqa: N802
                fake._serve(self)

            def do_PATCH(self) -> None:  # noqa: N802
                fake._serve(self)

        return Handler

    def _rate_headers(self) -> dict[str, str]:
        return {"x-ratelimit-limit": str(self.limit), "x-ratelimit-remaining": str(max(self.remaining, 0)),
                "x-ratelimit-reset": str(self.reset), "x-ratelimit-used": str(self.limit - self.remaining),
                "x-ratelimit-resource": "core"}

    def _serve(self, handler: BaseHTTPRequestHandler) -> None:
        parts = urlsplit(handler.path)
        path = parts.path
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        method = handler.command
        length = int(handler.headers.get("Content-Length") or 0)
        body = json.loads(handler.rfile.read(length) or b"null") if length else None
        with self._lock:
            self.requests.append({"path": path, "query": query, "method": method, "body": body,
                                  "authorization": handler.headers.get("Authorization"),
                                  "accept": handler.headers.get("Accept")})
            self.remaining -= 1
            failure = next((f for f in self._failures if f["pattern"].search(path) and f["times"] > 0
                            and f.get("method") in (None, method)), None)
            if failure:
                failure["times"] -= 1
        if failure:
            headers = {**self._rate_headers(), **failure["headers"]}
            return self._send(handler, failure["status"], failure["body"], headers)
        if self.token and handler.headers.get("Authorization") not in (f"token {self.token}", f"Bearer {self.token}"):
            return self._send(handler, 401, {"message": "Bad credentials",
                                             "documentation_url": "https://docs.github.com/rest"})
        if self.prefix and not path.startswith(self.prefix + "/"):
            return self._send(handler, 404, {"message": "Not Found"})
        path = path[len(self.prefix):]
        base = f"/repos/{self.owner}/{self.repo}"
        if method != "GET":
            return self._write(handler, method, path, base, body)
        if path == base:
            return self._send(handler, 200, {"id": 1, "name": self.repo, "full_name": f"{self.owner}/{self.repo}",
                                             "private": True, "owner": user(self.owner, "Organization"),
                                             "default_branch": self.default_branch})
        if path == base + "/pulls":
            rows = [p for p in self.pulls if query.get("state", "open") in (p["state"], "all")]
            if "head" in query:  # "owner:branch", as GitHub filters
                rows = [p for p in rows if f"{self.owner}:{p['head']['ref']}" == query["head"]]
            key = "updated_at" if query.get("sort") == "updated" else "created_at"
            rows.sort(key=lambda p: (p[key], p["number"]), reverse=query.get("direction", "desc") == "desc")
            return self._page(handler, path, query, rows)
        match = re.fullmatch(base + r"/pulls/(\d+)/(comments|reviews)", path)
        if match:
            number = int(match.group(1))
            store = self.comments if match.group(2) == "comments" else self.reviews
            if number not in store:
                return self._send(handler, 404, {"message": "Not Found"})
            return self._page(handler, path, query, store[number])
        return self._send(handler, 404, {"message": "Not Found",
                                         "documentation_url": "https://docs.github.com/rest"})

    def _write(self, handler: BaseHTTPRequestHandler, method: str, path: str, base: str, body: Any) -> None:
        """Open a pull request (POST /pulls) or edit one (PATCH /pulls/N), as the Action does."""
        if method == "POST" and path == base + "/pulls":
            if not isinstance(body, dict) or not all(isinstance(body.get(k), str) for k in ("title", "head", "base")):
                return self._send(handler, 422, {"message": "Validation Failed"})
            if any(p["state"] == "open" and p["head"]["ref"] == body["head"] for p in self.pulls):
                return self._send(handler, 422, {"message": "Validation Failed", "errors": [
                    {"message": f"A pull request already exists for {self.owner}:{body['head']}."}]})
            number = max([p["number"] for p in self.pulls] + [0]) + 1
            pr = self.add_pull(number, "github-actions[bot]", merged=None, updated=iso(datetime.now(timezone.utc)),
                               title=body["title"])
            pr.update(state="open", closed_at=None, body=body.get("body") or "")
            pr["head"]["ref"], pr["base"]["ref"] = body["head"], body["base"]
            return self._send(handler, 201, pr)
        match = re.fullmatch(base + r"/pulls/(\d+)", path)
        if method == "PATCH" and match:
            pr = next((p for p in self.pulls if p["number"] == int(match.group(1))), None)
            if pr is None:
                return self._send(handler, 404, {"message": "Not Found"})
            pr.update({k: v for k, v in (body or {}).items() if k in ("title", "body", "state")})
            return self._send(handler, 200, pr)
        return self._send(handler, 404, {"message": "Not Found", "documentation_url": "https://docs.github.com/rest"})

    def _page(self, handler: BaseHTTPRequestHandler, path: str, query: dict[str, str], rows: list[Any]) -> None:
        per_page = min(int(query.get("per_page", 30)), self.page_size, 100)
        page = max(int(query.get("page", 1)), 1)
        last = max(1, -(-len(rows) // per_page))
        chunk = rows[(page - 1) * per_page: page * per_page]
        links = []

        def link(number: int, rel: str) -> str:
            q = {**query, "page": str(number), "per_page": str(per_page)}
            qs = "&".join(f"{k}={v}" for k, v in q.items())
            return f'<{self.url}{path}?{qs}>; rel="{rel}"'

        if page < last:
            links += [link(page + 1, "next"), link(last, "last")]
        if page > 1:
            links += [link(1, "first"), link(page - 1, "prev")]
        headers = self._rate_headers()
        if links:
            headers["Link"] = ", ".join(links)
        self._send(handler, 200, chunk, headers)

    def _send(self, handler: BaseHTTPRequestHandler, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
        data = json.dumps(body).encode("utf-8")
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json; charset=utf-8")
        handler.send_header("Content-Length", str(len(data)))
        for key, value in (headers or self._rate_headers()).items():
            handler.send_header(key, value)
        handler.end_headers()
        handler.wfile.write(data)


# --- a realistic repository ------------------------------------------------------------------------------
SECRET_AWS = "AKIAIOSFODNN7EXAMPLE"
SECRET_PASSWORD = "hunter2-Secret!"
KEPT_COLUMNS = "Please list explicit columns instead of SELECT * in warehouse queries; it breaks when the schema changes."
KEPT_CENTS = "Money amounts must be stored as integer cents, never floats, in every model we ship."
KEPT_PATHLIB = "Use pathlib.Path rather than os.path joins in new code; that is our convention for file handling."
KEPT_SECRET = (f"Never hardcode credentials like {SECRET_AWS} or password={SECRET_PASSWORD} in settings.py; "
               "read them from the environment instead.")
KEPT_LINTER = "Wrap long SQL strings with textwrap.dedent so the query logs stay readable in production."


def scenario(gh: FakeGitHub) -> dict[str, Any]:
    """Fill ``gh`` with PRs that exercise every filter. Returns the ids that must be kept."""
    # PR 110: merged yesterday, author alice.
    gh.add_pull(110, "alice", merged=ago(days=1), updated=ago(hours=20), title="Warehouse query cleanup")
    gh.add_comment(110, 1101, "bob", KEPT_COLUMNS, created=ago(days=2), path="src/db/query.py", line=42)
    gh.add_comment(110, 1102, "alice", "Good catch, fixed that in the next commit. Thanks for the careful review!",
                   created=ago(days=2), reply_to=1101, path="src/db/query.py", association="MEMBER")
    gh.add_comment(110, 1103, "coderabbitai[bot]", "**Actionable comments posted: 3.** Consider refactoring this "
                   "function to reduce its cyclomatic complexity.", created=ago(days=2), kind="Bot",
                   association="NONE")
    gh.add_comment(110, 1104, "carol", "LGTM", created=ago(days=2), association="OWNER")
    gh.add_comment(110, 1105, "dave", "You should use the logging module instead of print statements in this file.",
                   created=ago(days=2), association="CONTRIBUTOR")
    gh.add_comment(110, 1106, "bob", "Post-merge note: we should also add an index on customer_id in a follow-up.",
                   created=ago(hours=12), association="MEMBER")
    gh.add_comment(110, 1107, "carol", "👍 🚀 :tada:", created=ago(days=2), association="OWNER")
    gh.add_comment(110, 1108, "carol", "Nit: rename.", created=ago(days=2), association="OWNER")
    gh.add_comment(110, 1109, "bob", KEPT_COLUMNS.replace(" in", "\nin", 1), created=ago(days=2),
                   path="src/db/report.py", line=7)
    gh.add_comment(110, 1110, "carol", KEPT_SECRET, created=ago(days=2), path="src/settings.py", association="OWNER",
                   html_url=f"https://x-access-token:{SECRET_PASSWORD}@github.com/{gh.owner}/{gh.repo}/pull/110"
                            "?notification_referrer_id=NT_abc123&token=querysecret#discussion_r1110")
    gh.add_comment(110, 1111, "carol", "Looks good to me! 👍", created=ago(days=2), association="OWNER")
    gh.add_comment(110, 1112, "carol", "==> `a1` / `b2` --> [[[ ]]] {{{ }}} ((( ))) <<< >>> ### !!! ??? c3d4e5f6",
                   created=ago(days=2), association="OWNER")
    gh.add_review(110, 5001, "bob", "CHANGES_REQUESTED", KEPT_CENTS, submitted=ago(days=2))
    gh.add_review(110, 5002, "carol", "APPROVED", "", submitted=ago(days=1, hours=2), association="OWNER")
    gh.add_review(110, 5003, "bob", "COMMENTED", "Some thoughts about naming conventions across the module.",
                  submitted=ago(days=2))
    gh.add_review(110, 5004, "dependabot", "APPROVED", "Bumps the dependency to the latest version, see the notes.",
                  submitted=ago(days=2), association="NONE")
    # PR 109: closed without merging.
    gh.add_pull(109, "dave", merged=None, closed=ago(days=2), updated=ago(days=2), association="CONTRIBUTOR")
    gh.add_comment(109, 1091, "bob", "We do not accept changes to the vendored client; please open an issue.",
                   created=ago(days=3))
    # PR 108: merged three days ago, author bob.
    gh.add_pull(108, "bob", merged=ago(days=3), updated=ago(days=3), title="Files and paths")
    gh.add_comment(108, 1081, "erin", KEPT_PATHLIB, created=ago(days=4), path="src/files.py", association="COLLABORATOR")
    gh.add_comment(108, 1082, "cursor", "Bugbot: this branch may dereference a null pointer in some edge cases.",
                   created=ago(days=4), association="NONE")
    gh.add_comment(108, 1083, "renovate[bot]", "This PR updates the lock file; please review the changelog entries.",
                   created=ago(days=4), kind="Bot", association="NONE")
    gh.add_comment(108, 1084, "acme-linter", KEPT_LINTER, created=ago(days=4), path="src/sql.py")
    gh.add_comment(108, 1085, "bob", "I chose os.path here because the module still supports Python 2 callers.",
                   created=ago(days=4), reply_to=1081, path="src/files.py")
    gh.add_review(108, 5081, "erin", "APPROVED", "Approving, but please follow the pathlib convention from now on.",
                  submitted=ago(days=3, hours=1), association="COLLABORATOR")
    # PR 100: merged 45 days ago (outside the default --since 30d); the walk stops here.
    gh.add_pull(100, "alice", merged=ago(days=45), updated=ago(days=44))
    gh.add_comment(100, 1001, "bob", "Old convention: always use tabs for indentation in the Makefile targets.",
                   created=ago(days=46))
    return {
        "kept": {1101, 1110, 5001, 1081, 1084, 5081},
        "drops": {"bot": 4, "pr-author": 2, "not-member": 1, "review-state": 1, "after-merge": 1, "empty": 1,
                  "emoji": 1, "lgtm": 2, "short": 1, "symbols": 1, "duplicate": 1},
    }
