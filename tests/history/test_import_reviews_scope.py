"""Where a lesson from a review comment applies (review13 R13-26, the rest): a rule about an area of the code covers
that folder and its subfolders, a rule about the commented file stays on that file; against a fake GitHub over
real HTTP on 127.0.0.1, with the built-in reflector."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from tests.history.fake_github import TOKEN, FakeGitHub, ago

API_RULE = "API handlers must validate the request body with pydantic models before they touch the database."
SQL_RULE = "Wrap long SQL strings with textwrap.dedent so the query logs stay readable in production."
FILE_RULE = "Never add global state to this module; pass the session in instead."


@pytest.fixture
def github(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeGitHub]:
    with FakeGitHub() as fake:
        fake.add_pull(120, "alice", merged=ago(days=1), updated=ago(hours=20), title="Users endpoint")
        fake.add_comment(120, 1201, "bob", API_RULE, created=ago(days=2), path="src/api/v1/users.py", line=12)
        fake.add_comment(120, 1202, "bob", SQL_RULE, created=ago(days=2), path="src/db/query.py", line=40)
        fake.add_comment(120, 1203, "carol", FILE_RULE, created=ago(days=2), path="src/api/v1/users.py", line=3,
                         association="OWNER")
        monkeypatch.setenv("GITHUB_API_URL", fake.url)
        monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
        yield fake


def test_a_review_rule_covers_the_area_it_names_and_a_file_rule_stays_on_its_file(cli, repo, github):
    code, out, err = cli("import-reviews", "--model", "builtin", "--yes")
    assert code == 0, err
    candidate = json.loads((repo / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    scope = {lesson["text"]: (lesson.get("trigger") or {}).get("paths") for lesson in candidate}
    api = next(paths for text, paths in scope.items() if "API handlers" in text)
    sql = next(paths for text, paths in scope.items() if "textwrap.dedent" in text)
    one_file = next(paths for text, paths in scope.items() if "global state" in text)
    # "API handlers" on src/api/v1/users.py: every API handler, in v1 and the versions after it
    assert api == ["src/api/**"]
    # a comment on one file of src/db about its kind of code: src/db and its subfolders (src/db/reports/x.py too)
    assert sql == ["src/db/**/*.py"]
    # "this module": the file it sat on, nothing more
    assert one_file == ["src/api/v1/users.py"]


def test_the_area_lesson_reaches_an_agent_editing_a_file_in_a_subfolder(cli, repo, github):
    assert cli("import-reviews", "--model", "builtin", "--yes")[0] == 0
    assert cli("promote", "--yes")[0] == 0
    code, out, err = cli("deliver", "--session", "s-1", "--file", "src/api/v2/orders.py")
    assert code == 0, err
    assert "API handlers" in out and "global state" not in out
    code, out, err = cli("deliver", "--session", "s-2", "--file", "src/db/reports/monthly.py")
    assert code == 0, err
    assert "textwrap.dedent" in out
