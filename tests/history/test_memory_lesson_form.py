"""The form of a lesson imported from an agent's memory (review9 R9-6): where it applies, how its sentence
reads, and nothing of a note's front matter in its text. Memory files are written as each agent writes them
(see tests/capture/test_*_memory.py)."""

from __future__ import annotations

import json

from altimate_learn.capture.sessions import codex_memory as cx
from tests.capture.test_gemini_memory import register
from tests.history.test_memory_import import candidate, claude_folder, memory, run_json, write


def test_a_bare_file_name_in_how_to_apply_scopes_the_lesson_to_that_file(cli, git_repo, run_learn):
    (git_repo / "app").mkdir()
    (git_repo / "app" / "billing.py").write_text("TOTAL = 0\n")
    write(claude_folder(git_repo), "feedback_cents.md", memory(
        "money-in-cents", "feedback", "Keep money as integer cents, never floats.\n\n"
        "**Why:** rounding drift in invoices.\n"
        "**How to apply:** in billing.py and models/staging/ use integer cents; see Decimal.quantize and Node.js docs."))
    run_json(cli)
    [lesson] = candidate(git_repo)
    assert lesson["trigger"]["paths"] == ["models/staging/**", "**/billing.py"]
    assert cli("promote", "--yes")[0] == 0
    out = json.loads(run_learn("deliver", "--session", "s1", "--file", "app/billing.py", "--json",
                               cwd=git_repo).stdout)
    assert [item["id"] for item in out["lessons"]] == [lesson["id"]]


def test_a_name_that_is_no_file_of_the_project_scopes_nothing(cli, git_repo):
    """review10 R10-3: "Nest.js" is a framework, `ledger.py` a file this project does not have."""
    (git_repo / "src").mkdir()
    (git_repo / "src" / "roles.guard.ts").write_text("export {}\n")
    write(claude_folder(git_repo), "feedback_roles.md", memory(
        "roles-guard", "feedback", "Use `RolesGuard` for authorization; never check roles inside route handlers.\n\n"
        "**How to apply:** in every Nest.js controller, Koa.js middleware and ledger.py; see roles.guard.ts and "
        "`payments.py`."))
    write(claude_folder(git_repo), "feedback_guard.md", memory(
        "guard-files", "feedback", "Keep guards free of database calls.\n\n**How to apply:** in roles.guard.ts."))
    run_json(cli)
    lessons = {l["text"]: l for l in candidate(git_repo)}
    # a place that resolves to nothing would narrow the lesson to the others: it stays unscoped instead
    assert "trigger" not in lessons["Use `RolesGuard` for authorization; never check roles inside route handlers."]
    assert lessons["Keep guards free of database calls."]["trigger"] == {"paths": ["**/roles.guard.ts"]}


def test_places_named_in_words_beside_paths_keep_the_lesson_project_wide(cli, git_repo):
    """review10 R10-3 residual: a how-to-apply naming files or a folder and, in the same list, places no glob
    can say (every Express.js route, any React component) applies beyond the paths; scoped to the paths alone
    the lesson would be narrower than the memory. Only a list whose every place resolves scopes it."""
    (git_repo / "src" / "pay").mkdir(parents=True)
    for name in ("billing.py", "invoices.py"):
        (git_repo / "src" / "pay" / name).write_text("TOTAL = 0\n")
    folder = claude_folder(git_repo)
    write(folder, "feedback_money.md", memory(
        "money", "feedback", "Use `Decimal` for amounts, never `float`.\n\n"
        "**How to apply:** whenever touching billing.py or invoices.py, and in every Express.js route."))
    write(folder, "feedback_api.md", memory(
        "api-errors", "feedback", "Return errors as `problem+json` bodies.\n\n"
        "**How to apply:** in src/api/ and in every React component that calls it."))
    write(folder, "feedback_later.md", memory(
        "api-later", "feedback", "Log every refund with its ticket number.\n\n"
        "**How to apply:** when editing src/pay/. Also in the admin views."))
    write(folder, "feedback_both.md", memory(
        "both-files", "feedback", "Round amounts half-even, never half-up.\n\n"
        "**How to apply:** whenever touching billing.py or invoices.py, then run the tests."))
    run_json(cli)
    lessons = {l["text"]: l for l in candidate(git_repo)}
    assert "trigger" not in lessons["Use `Decimal` for amounts, never `float`."]
    assert "trigger" not in lessons["Return errors as `problem+json` bodies."]
    assert "trigger" not in lessons["Log every refund with its ticket number."]
    assert lessons["Round amounts half-even, never half-up."]["trigger"] == {
        "paths": ["**/billing.py", "**/invoices.py"]}


def test_places_in_words_with_no_kind_of_file_keep_the_lesson_project_wide(cli, git_repo, run_learn):
    """review13 R13-1: "in calc.py and anything that computes prices or totals" narrowed the lesson to calc.py, and
    `learn deliver` told the agent writing invoices.py the rule was about calc.py."""
    (git_repo / "calc.py").write_text("TOTAL = 0\n")
    (git_repo / "billing.py").write_text("TOTAL = 0\n")
    folder = claude_folder(git_repo)
    hows = {"anything": "in calc.py and anything that computes prices or totals.",
            "code": "in calc.py and all billing code.",
            "anywhere": "in billing.py and anywhere money is handled.",
            "logic": "in calc.py and the invoice logic.",
            "wherever": "in calc.py, billing.py and wherever we compute tax.",
            # review34 R34-3: scoped to calc.py, the rule was lost for the API layer the memory names too
            "layer": "any date parsing in calc.py or the API layer.",
            "backend": "in billing.py and the rest of the backend.",
            # review34 R34-12: any place named beside the file, not only words of a list
            "helpers": "in calc.py and the helpers.",
            "adapters": "when editing calc.py or our adapters.",
            "utilities": "in calc.py and the date utilities."}
    for n, (name, how) in enumerate(hows.items()):
        write(folder, f"feedback_{name}.md", memory(
            name, "feedback", f"Rule number {n} about money: keep `amount_{name}` in integer cents.\n\n"
                              f"**How to apply:** {how}"))
    write(folder, "feedback_files.md", memory(
        "files", "feedback", "Round totals half-even in `round_total`.\n\n**How to apply:** in calc.py and billing.py."))
    run_json(cli)
    lessons = {l["text"]: l for l in candidate(git_repo)}
    for n, name in enumerate(hows):
        assert "trigger" not in lessons[f"Rule number {n} about money: keep `amount_{name}` in integer cents."], name
    assert lessons["Round totals half-even in `round_total`."]["trigger"] == {"paths": ["**/calc.py", "**/billing.py"]}


def test_a_codex_default_reads_as_the_rest_of_its_when_sentence(git_repo):
    assert cx.split_bullet('when editing billing code, the user corrected: "no floats" -> Use `Decimal.quantize(...)` '
                           "for amounts [Task 1]")[0] == "When editing billing code, use `Decimal.quantize(...)` for amounts"
    assert cx.split_bullet('when running tests, the user asked: "x" -> Run `pytest -q` in this repo.')[0] == \
        "When running tests, run `pytest -q` in this repo."
    assert cx.split_bullet('when running tests, the user asked: "x" -> Always pass `-q`')[0] == \
        "When running tests, always pass `-q`"
    # code, acronyms and names keep their letters
    for default in ("SQL files use lower-case keywords", "React components go in `src/ui/`", "`pytest` runs with -q",
                    "Postgres is the only database", "PyTest fixtures live in conftest.py"):
        assert cx.split_bullet(f'when writing code, the user asked: "x" -> {default}')[0] == \
            f"When writing code, {default}"


def test_a_gemini_note_with_front_matter_gives_the_rule_alone(cli, git_repo):
    folder = register(git_repo, "repo") / "memory"
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text("- [Deploy](deploy.md) — how releases are cut\n")
    (folder / "deploy.md").write_text("---\nname: deploy\ndescription: how we release\ntype: project\n---\n\n"
                                      "Release with `make release`, never push tags by hand.\n")
    result = run_json(cli, "--agent", "gemini", "--type", "user")  # Gemini's private memory is personal (trial18)
    [outcome] = result["memories"]
    assert outcome["status"] == "local" and outcome["name"] == "deploy"  # the person's own file (trial21)
    assert "- Release with `make release`, never push tags by hand.\n" in (git_repo / "AGENTS.local.md").read_text()


def test_an_imported_rule_reads_as_a_sentence():
    """review13 R13-15: Codex bullets became lessons with no final period ("When adding a dependency, use `uv add`
    for new dependencies, never pip")."""
    from altimate_learn.capture.sessions._memory import AgentMemory
    from altimate_learn.history.memory_condense import offline_text

    def text(rule: str) -> str:
        memory = AgentMemory(agent="codex", type="feedback", name="n", key="k", rel="MEMORY.md", mtime=0.0, rule=rule,
                             why="", digest="d")
        return offline_text(memory)[0]

    assert text("When adding a dependency, use `uv add` for new dependencies, never pip") == \
        "When adding a dependency, use `uv add` for new dependencies, never pip."
    assert text("use `ruff format` before a commit") == "Use `ruff format` before a commit."
    assert text("Keep it short!") == "Keep it short!"


def test_a_memory_framed_as_what_the_user_asked_to_remember_gives_the_rule_itself(cli, git_repo):
    """trial18: a Codex ad-hoc note "The user asked to remember: …" was staged word for word as the lesson; the
    framing is no part of the rule (the rule's own words are kept, nothing added)."""
    from altimate_learn.capture.sessions._memory import AgentMemory
    from altimate_learn.history.memory_condense import offline_text

    def text(rule: str) -> str:
        memory = AgentMemory(agent="codex", type="feedback", name="n", key="k", rel="notes/x.md", mtime=0.0,
                             rule=rule, why="", digest="d")
        return offline_text(memory)[0]

    rule = "Run `make lint` before pushing."
    for framed in ("The user asked to remember: run `make lint` before pushing",
                   "The user asked me to remember that run `make lint` before pushing.",
                   "User asked to remember - run `make lint` before pushing",
                   "The user wants me to remember: Run `make lint` before pushing.",
                   "Remember: run `make lint` before pushing",
                   "Note to self: run `make lint` before pushing"):
        assert text(framed) == rule, framed
    # words that are the rule itself stay
    assert text("Remember to run `make lint` before pushing") == "Remember to run `make lint` before pushing."
    assert text("The user asked for `uv`, so use `uv add`, never pip") == \
        "The user asked for `uv`, so use `uv add`, never pip."
    write(claude_folder(git_repo), "feedback_lint.md", memory(
        "lint-first", "feedback", "The user asked to remember: run `make lint` before pushing."))
    run_json(cli)
    assert [l["text"] for l in candidate(git_repo)] == [rule]


def test_links_to_other_memories_are_not_part_of_the_lesson(cli, git_repo):
    """trial24: Claude Code 2.1.332's memory prompt says "Link related memories with [[their-name]] … Link
    liberally". A link names another file of the person's private memory folder, which no teammate or other agent
    has: "(see [[dbt-macros]])" and "Related: [[ci-setup]]." were staged in the lesson as "(see dbt-macros)" and
    "Related: ci-setup.". A link that is part of the sentence keeps its words."""
    folder = claude_folder(git_repo)
    write(folder, "feedback_cents.md", memory(
        "use-cents-to-dollars", "feedback",
        "Convert `*_cents` columns with the `cents_to_dollars` macro (see [[dbt-macros]]), never divide inline.\n\n"
        "**Why:** the user corrected an inline `/ 100` in [[stg-orders]].\n**How to apply:** every staging model."))
    write(folder, "feedback_tests.md", memory(
        "run-tests-with-make", "feedback",
        "Run the tests with `make test`, not bare `pytest`. Related: [[ci-setup]], [[dbt-profiles]].\n\n"
        "**Why:** bare pytest failed on missing profiles."))
    write(folder, "feedback_deploy.md", memory(
        "deploy-checklist", "feedback",
        "Before a deploy, walk through [[release-checklist|the release checklist]] — see also [[ci-setup]]."))
    run_json(cli)
    texts = sorted(lesson["text"] for lesson in candidate(git_repo))
    assert texts == ["Before a deploy, walk through the release checklist.",
                     "Convert `*_cents` columns with the `cents_to_dollars` macro, never divide inline.",
                     "Run the tests with `make test`, not bare `pytest`."], texts
