"""The built-in reflector never makes a lesson out of what a person pasted (issue 20, "never invents"): code, a
terminal session, a log, a stack trace, a diff, a file's contents or a linter's report inside a correction. A real
session had "Return `safe_decode(x)`." made from a line of the agent's own code pasted under "the variable
decodes aren't working". With nothing left in the person's own words, the signal stays open with its reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from altimate_learn.capture.signals import NewSignal, append_signals, list_signals
from altimate_learn.reflect.providers.builtin import FeedbackItem, reflect_builtin, rule_for
from altimate_learn.reflect.providers.builtin.pasted import split_pasted
from altimate_learn.reflect.providers.builtin.rules import PASTED
from altimate_learn.store import Store, project

# Each of these made a lesson before pasted material was recognised (the one in the comment).
PASTED_ONLY = {
    # Return `safe_decode(x)`.
    "python": "The variable decodes aren't working:\n\n# 5) Optional decode labels\ndef maybe_decode(x):\n"
              "    try:\n        return safe_decode(x)\n    except Exception:\n        return x\n\n"
              "plot_df = rollup.copy()\nplot_df[\"race_label\"] = plot_df[\"race\"].apply(maybe_decode)",
    # Return `redirectToLogin()`.
    "javascript": "login still fails after your change:\n\nconst token = getToken();\nif (!token) {\n"
                  "  return redirectToLogin();\n}\nuseAuth(token);",
    # Return `validateSession(user.token)`.
    "javascript function": "login still fails:\nfunction check(user) {\n    return validateSession(user.token);\n}",
    # Use WAREHOUSE `ANALYTICS_WH`.
    "sql": "the report is still empty\nUSE WAREHOUSE ANALYTICS_WH;\nSELECT * FROM orders;",
    # Order BY `created_at`.
    "sql indented": "the query returns nothing\n  SELECT id\n  FROM users\n  WHERE deleted_at IS NULL\n  ORDER BY created_at",
    # Use warehouse `analytics_wh`.
    "sql lower case": "the export is empty:\nuse warehouse analytics_wh;\nselect id, total from orders where status = 'paid';",
    # Export `NODE_ENV`=production.
    "shell script": "the deploy script fails:\nset -euo pipefail\nexport NODE_ENV=production\nnpm run build --prefix web",
    # Run make deps before every test run.
    "terminal session": "user@box:~/app$ make test\nRun make deps before every test run\nmake: *** [test] Error 2",
    # Always close the connection after each query".
    "json file": "the tips show twice, this is the file:\n{\n  \"tips\": [\n"
                 "    \"Always close the connection after each query\",\n"
                 "    \"Never use the development server in production deployments.\"\n  ]\n}",
    # Always close the connection after each query.
    "log lines": "the migration output\n[warn] Always close the connection after each query\n[info] done in 3s",
    # Never use '`BuildContext`'s across async gaps.
    "linter report": "lib/screens/request_screen.dart\n        Navigator.of(context).pop();\n"
                     "Don't use 'BuildContext's across async gaps, guarded by an unrelated 'mounted' check.\n"
                     "        ScaffoldMessenger.of(context).showSnackBar(bar);\nlib/screens/settings_screen.dart",
    # Never use '`BuildContext`'s across async gaps. (the linter's line right under the code it flags)
    "linter line under code": "Future<void> _submitForm({\nRefactor this method to reduce its Cognitive Complexity from "
                              "16 to the 15 allowed.\n\nif (Navigator.of(context).canPop()) {\n"
                              "Don't use 'BuildContext's across async gaps, guarded by an unrelated 'mounted' check.",
    # Run `actions/deploy-pages`@v4.
    "ci log": "Run actions/deploy-pages@v4\nFetching artifact metadata for \"github-pages\"\n{\n"
              "    \"artifact_id\": 6931867849\n}\nError: Creating Pages deployment failed\n"
              "    at createPagesDeployment (/home/runner/work/_actions/deploy-pages/index.js:124:1)",
    # (no lesson, but no word of why either)
    "diff": "you broke it here:\n@@ -1,3 +1,3 @@\n-    return requests.get(url)\n+    return httpx.get(url, timeout=None)",
    "yaml": "the workflow is wrong:\nsteps:\n  - name: Always run the linter before every commit\n    run: npm run lint",
}


@pytest.mark.parametrize("feedback", list(PASTED_ONLY.values()), ids=list(PASTED_ONLY))
def test_pasted_material_never_becomes_a_lesson_and_the_reason_says_so(feedback: str) -> None:
    assert rule_for(feedback) == (None, PASTED)


@pytest.mark.parametrize(("feedback", "lesson"), [
    ("don't use print for debugging, use the logger. you wrote:\ndef handler(event):\n    print(event)\n"
     "    return process(event)", "Use the logger instead of `print` for debugging."),
    ("we always use httpx instead of requests, not this:\n\nimport requests\n\ndef fetch(url):\n"
     "    return requests.get(url)", "Use `httpx` instead of `requests`."),
    ("never use SELECT * in marts:\n\nSELECT *\nFROM orders\nWHERE status = 'paid'", "Never use `SELECT *` in marts."),
    ("$ npm install\nnpm warn deprecated inflight@1.0.6: This module is not supported\n\nit's pnpm, not npm",
     "Use `pnpm` instead of `npm`."),
    ('{\n  "dependencies": {"moment": "^2.29.4"}\n}\nuse dayjs instead of moment', "Use `dayjs` instead of `moment`."),
    ("[warn] Always close the connection after each query\n[info] done\n\nwe use pgbouncer instead of raw connections",
     "Use `pgbouncer` instead of raw connections."),
    ("Use the logger instead of print:\n    print(\"debug\", x)\n    return x", "Use the logger instead of `print`."),
    ("> is this needed?\n> it adds a dependency\nYes — all public functions must have type hints in this package.",
     "All public functions must have type hints in this package."),
], ids=["python", "python-after-blank", "sql", "terminal", "json", "log", "indented", "quoted-review"])
def test_the_persons_rule_next_to_pasted_material_is_still_learned(feedback: str, lesson: str) -> None:
    assert rule_for(feedback) == (lesson, "")


@pytest.mark.parametrize("prose", [
    "from x import y is the wrong import, use z",
    "git push --force is never allowed on main",
    "print() is for debugging only, use the logger",
    "Return early from handlers instead of nesting ifs",
    "select the rows from the orders table",
    "export default is banned, use named exports",
    "use ref() instead of hardcoding the table",
    "Info: we use pnpm here",
    "set -e at the top of every script please",
    "console.log is not allowed in production code, use the logger",
    "@pytest.fixture functions go in conftest.py",
    "raise ValueError instead of returning None",
])
def test_a_sentence_that_starts_like_code_is_the_persons_own(prose: str) -> None:
    assert split_pasted(prose) == ([prose], 0)


def test_the_builtin_reflector_leaves_a_pasted_only_correction_open_and_learns_the_rest() -> None:
    items = [FeedbackItem("user_correction", PASTED_ONLY["python"], "s1"),
             FeedbackItem("user_correction", "no, use pnpm, not npm", "s2")]
    result = reflect_builtin(items, [])
    assert [d["text"] for d in result.deltas] == ["Use `pnpm` instead of `npm`."] and result.sources == ["s2"]
    assert result.skipped == [("s1", PASTED)] and "s1" not in result.waiting  # for a model or a person


def test_learn_signals_unlearned_lists_the_pasted_correction_with_its_reason(git_repo: Path, cli) -> None:
    store = Store(project(git_repo), "team-playbook")
    added = append_signals(store, [NewSignal(kind="user_correction", session_id="sess-1", text=PASTED_ONLY["python"],
                                             reason="test", message_id="m0")])
    signal_id = added[0]["id"]
    code, _, err = cli("reflect", "--session", "sess-1")
    assert code == 0, err
    assert not (git_repo / ".altimate-code/learn/team-playbook/candidate.json").exists()
    assert {s["id"]: s["status"] for s in list_signals(store, include_consumed=True)} == {signal_id: "open"}
    code, out, _ = cli("signals", "--unlearned", "--json")
    assert code == 0
    assert [(s["id"], s["unlearned"]["reason"]) for s in json.loads(out)] == [(signal_id, PASTED)]


# review7 F2: a runtime's, linter's or build tool's own advice reads like a rule but is its output.
@pytest.mark.parametrize("feedback", [
    "output\nDeprecationWarning: Use Buffer.from() instead of new Buffer()",
    "python prints\nFutureWarning: Use pd.concat instead of DataFrame.append",
    "ruff output:\nUP006 Use `list` instead of `List` for type annotation",
    "It says\nwarning  Use `const` instead of `let`  prefer-const",
    "next build:\n⚠ Use `next/image` instead of `<img>` to improve performance",
    "got this:\nhelp: use `&str` instead of `String`",
    "git says\nHint: Use 'git pull --rebase' before pushing again.",
    "console says\n[vite] Use `import.meta.env` instead of `process.env`",
    "build fails\nRUN pip install -r requirements.txt\nCOPY . /app\nENTRYPOINT python app.py",
])
def test_a_tools_own_advice_pasted_in_is_no_lesson(feedback: str) -> None:
    assert rule_for(feedback) == (None, PASTED)


# review7 F1: people paste without a blank line; the rule typed right above or below the paste is theirs.
@pytest.mark.parametrize(("feedback", "lesson"), [
    ("Always use pnpm, not npm\nnpm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree",
     "Always use `pnpm`, not `npm`."),
    ("use pnpm not npm\n$ npm install\nnpm ERR! code E404", "Use `pnpm` instead of `npm`."),
    ("Never hardcode credentials in config.py\nconfig.py:12: DB_PASSWORD = \"x\"\nconfig.py:13: API_KEY = \"y\"",
     "Never hardcode credentials in `config.py`."),
    ("$ npm test\nnpm ERR! missing script: test\nAlways use pnpm, not npm.", "Always use `pnpm`, not `npm`."),
    ("Warning: never force push to main.", "Never force push to main."),
    ("await db.commit() after every write", "Await `db.commit()` after every write."),
])
def test_a_rule_typed_against_the_paste_is_still_learned(feedback: str, lesson: str) -> None:
    assert rule_for(feedback) == (lesson, "")
