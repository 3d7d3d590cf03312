"""API keys never follow a redirect (issue 18.4): a model server or GitHub that answers 3xx gets one clear error,
and the address it points to never sees the key."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from altimate_learn.reflect.providers import ProviderError, make_chat_model

OPENAI_KEY = "sk-test-redirect-000000000000000000000000"
ANTHROPIC_KEY = "sk-ant-test-redirect-0000000000000000000000"


class Server:
    """A loopback HTTP server: ``redirect_to`` answers every request with that redirect; otherwise it records
    the request and answers a model reply (OpenAI and Anthropic shapes alike)."""

    def __init__(self, redirect_to: str | None = None, code: int = 302) -> None:
        self.seen: list[dict] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def _any(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                outer.seen.append({"method": self.command, "path": self.path,
                                   "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body})
                if redirect_to:
                    self.send_response(code)
                    self.send_header("Location", redirect_to + self.path)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                answer = json.dumps({"choices": [{"message": {"content": "{}"}}], "content": [{"type": "text",
                                     "text": "{}"}], "usage": {"prompt_tokens": 1, "completion_tokens": 1}}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            do_GET = do_POST = _any

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def __enter__(self) -> Server:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.mark.parametrize("code", [301, 302, 303, 307, 308])
@pytest.mark.parametrize("model,key_var,base_var", [("openai/gpt-4o-mini", "OPENAI_API_KEY", "OPENAI_BASE_URL"),
                                                    ("anthropic/claude-haiku-4-5", "ANTHROPIC_API_KEY",
                                                     "ANTHROPIC_BASE_URL")])
def test_a_redirect_is_refused_and_the_key_never_reaches_the_new_address(code, model, key_var, base_var):
    key = OPENAI_KEY if key_var == "OPENAI_API_KEY" else ANTHROPIC_KEY
    with Server() as collector, Server(redirect_to=collector.url, code=code) as redirector:
        env = {key_var: key, base_var: redirector.url + "/v1"}
        with pytest.raises(ProviderError) as err:
            make_chat_model(model, env=env).complete("s", "p", timeout=10, max_tokens=50)
        assert collector.seen == []  # nothing, let alone the key, reached the other address
        assert len(redirector.seen) == 1
    assert err.value.kind == "redirect"
    assert f"answered with a redirect (HTTP {code}) to http://127.0.0.1:" in str(err.value)
    assert "learn never follows a redirect with your API key" in str(err.value)
    assert key not in str(err.value) + (err.value.hint or "")


def test_github_follows_no_redirect_to_another_address_with_the_token(cli, git_repo, monkeypatch):
    from tests.conftest import git
    from tests.history.fake_github import TOKEN

    git(git_repo, "remote", "add", "origin", "https://github.com/acme/widgets.git")
    with Server() as collector, Server(redirect_to=collector.url) as redirector:
        monkeypatch.setenv("GITHUB_API_URL", redirector.url)
        monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
        code, out, err = cli("import-reviews", "--dry-run")
        leaked = [r for r in collector.seen if TOKEN in json.dumps(r["headers"])]
    assert code == 1
    assert leaked == [] and collector.seen == []
    assert "redirect" in err and TOKEN not in out + err
