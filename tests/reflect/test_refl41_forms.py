"""refl41 (session #23): the built-in reflector's open findings of review39/40 and forms from the dev blind sets."""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path

from altimate_learn.capture.sessions.claude_memory import memory_folders
from tests.history.transcripts import claude_session, days_ago

# --- R39-5 on the learner's path: a first message "please remember: X" and the note the agent wrote of it -------------

REMEMBER = "please remember: run make check before every commit, never commit with a red check"
NOTE = "Run `make check` before every commit; never commit while the check is red."


def _remembered(repo: Path, home: Path, note_after: float) -> Path:
    """A Claude Code session whose FIRST message is ``REMEMBER`` (no live signal: a session's first message never is
    one), and the memory the agent wrote ``note_after`` seconds after that message was typed."""
    start = days_ago(1)
    claude_session(home, repo, "sess-remember", start, [
        ("user", REMEMBER),
        ("assistant", "Noted: I will run make check before every commit."),
        ("user", "thanks. now add the retry to the fetcher"),
        ("assistant", "Added the retry."),
    ])
    folder = memory_folders(repo)[0][0]
    folder.mkdir(parents=True, exist_ok=True)
    note = folder / "feedback_make_check.md"
    note.write_text(f"---\nname: make-check\ndescription: run make check\nmetadata:\n  type: feedback\n---\n\n{NOTE}\n")
    stamp = (start + timedelta(seconds=5 + note_after)).timestamp()
    os.utime(note, (stamp, stamp))
    return note


def _staged_note(repo: Path) -> dict:
    candidate = json.loads((repo / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    (lesson,) = [lesson for lesson in candidate if lesson.get("provenance", "").startswith("from Claude Code's memory")]
    return lesson


def test_learn_run_does_not_count_the_message_the_agents_note_was_written_from(git_repo, isolated_home, cli) -> None:
    _remembered(git_repo, isolated_home, note_after=2)  # written during that message's own turn
    code, out, err = cli("run", "--now", "--since", "2000-01-01")
    assert code == 0, err
    assert _staged_note(git_repo)["helpful"] == 0


def test_learn_run_counts_the_message_when_the_note_is_older(git_repo, isolated_home, cli) -> None:
    _remembered(git_repo, isolated_home, note_after=-86400 * 3)  # the note was there before: the person says it again
    code, out, err = cli("run", "--now", "--since", "2000-01-01")
    assert code == 0, err
    assert _staged_note(git_repo)["helpful"] == 1


def test_learn_run_counts_the_message_when_the_note_came_after_the_next_one(git_repo, isolated_home, cli) -> None:
    # written after the person's next message: not the turn that answered "please remember", so a second say
    _remembered(git_repo, isolated_home, note_after=20)
    code, out, err = cli("run", "--now", "--since", "2000-01-01")
    assert code == 0, err
    assert _staged_note(git_repo)["helpful"] == 1


# --- review40 R40-3, R40-9 rest, R38-8, R39-6 rest: everyday corrections with a clean rule -------------------------------

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules  # noqa: E402


def _rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


GIVES = [
    # R40-3: a choice suggested for one spot, then the team's direction: the team's choice (not "for the alert")
    ("maybe use httpx rather than requests here? we're phasing requests out", ["Use `httpx` instead of `requests`."]),
    ("I'd prefer httpx over requests here, we're moving everything to httpx", ["Use `httpx` instead of `requests`."]),
    ("could you maybe use httpx instead of requests for the alert? we're trying to get rid of requests everywhere",
     ["Use `httpx` instead of `requests`."]),
    ("maybe use vitest instead of jest? we're phasing it out", ["Use `vitest` instead of `jest`."]),
    ("I'd prefer pnpm over npm, we've moved everything to pnpm", ["Use `pnpm` instead of `npm`."]),
    # R40-9: the project's config placed against another place; the squash-merge premise; the repos question
    ("as I said before, the config lives in config/settings.toml, not in env vars",
     ["Put the config in `config/settings.toml`, not in env vars."]),
    ("the changelog lives in docs/CHANGELOG.md, not in the root", ["Put the changelog in `docs/CHANGELOG.md`, not in the root."]),
    ("remember, we squash merge, so keep commits small and don't bother with fixups",
     ["Keep commits small and don't bother with fixups."]),
    ("why are you querying the db straight from the route? we always go through the repos in app/repos/",
     ["Go through the repos in `app/repos/` instead of querying the db straight from the route."]),
    ("why are you calling the API directly? we use the client in lib/api.ts",
     ["Use the client in `lib/api.ts` instead of calling the API directly."]),
    # R38-8: a case style said as a verb, after the premise it keeps to; "I meant:" before a rule
    ("the API returns snake_case, don't camelCase the response fields", ["Never convert the response fields to `camelCase`."]),
    ("don't camelCase the response fields", ["Never convert the response fields to `camelCase`."]),
    ("I meant: never push to main directly, open a PR", ["Never push to main directly; open a PR."]),
    # R39-6: faking a part the tests are said to use for real
    ("wait why are you mocking the db? integration tests hit the real postgres container",
     ["Never mock the db in integration tests."]),
    ("why are you stubbing the payment client? our e2e tests use the real sandbox",
     ["Never stub the payment client in e2e tests."]),
]

QUIET = [
    # one spot's choice with no direction of the team's, or a direction about something else
    "I'd prefer a shorter name here",
    "maybe use a dict rather than a list here?",
    "maybe use dicts rather than lists here? we're moving everything to dicts",
    "maybe use httpx rather than requests here? we're moving fast this week",
    "maybe use httpx rather than requests here? we're phasing httpx out",
    "use httpx instead of requests here, we're phasing requests out, but only in the new services",
    # one config of this task, or a request to put one there
    "the config lives in config/settings.toml",
    "the new config lives in config/new.toml, not in env vars",
    "put the config in config/local.toml, not in config/settings.toml",
    "put the constant in config.py, not in utils.py",
    # a premise that is no team's way, or a state of the moment
    "we have a demo tomorrow, so keep it simple and don't bother with docs",
    "the build is red, don't merge the PR",
    # the question's answer names no way of the team's, or only the conversation's thing
    "why are you querying the db? we always go through it together",
    "why are you querying the db straight from the route? we use the one from before",
    "why are you mocking the api? the tests are flaky",
    # the person's own slip
    "I meant the other file",
    "I meant: the other file",
]


def test_everyday_corrections_give_their_rule() -> None:
    assert [(text, _rules(text)) for text, _ in GIVES] == GIVES


def test_their_look_alikes_give_nothing() -> None:
    assert [(text, _rules(text)) for text in QUIET] == [(text, []) for text in QUIET]


# --- forms from the dev blind sets (blind5, blind8-11), each with look-alikes that give nothing ---------------------------

BLIND_FORMS = [
    # one more of a thing the project has one of, named as code
    ("why is there a new axios instance in utils? we already have apiClient in lib/http",
     ["Use `apiClient` in `lib/http` instead of adding another `axios` instance."]),
    ("why is there a second logger now? we have pino", ["Use `pino` instead of adding another logger."]),
    # the dependency the project already has
    ("why did you pull in date-fns? dayjs is already in package.json", ["Use `dayjs` instead of `date-fns`."]),
    ("why did you add requests? httpx is already installed", ["Use `httpx` instead of `requests`."]),
    # what the agent edits is made by a tool
    ("wait why are you editing the generated client? that file gets overwritten on every build",
     ["Never edit the generated client."]),
    ("why are you editing the api client? that file is generated from the openapi spec",
     ["Never edit the generated api client."]),
    # the person's writing taken out
    ("you deleted my comments", ["Never remove comments written by others."]),
    ("u removed my docstrings again", ["Never remove docstrings written by others."]),
    # what to use, then what the agent used instead
    ("next: the profile screen. and use our AppColors, you hardcoded hex values on the login screen",
     ["Use our `AppColors` instead of hardcoded hex values."]),
    ("cool. next the password reset email. use the template engine we have, you built the welcome email with string "
     "concatenation", ["Use the template engine instead of string concatenation."]),
    ("ok now the export to CSV button. and use our Button component, not a raw <button> like you did on the filters",
     ["Use our Button component instead of raw <button>."]),
    # the slip again, then the team's way of that job
    ("ok now write the README section for the new flags. btw you used print() for the warnings again, we log everything "
     "through structlog", ["Always log through `structlog`, never with `print()`."]),
    ("you used console.log again, we log through pino", ["Always log through `pino`, never with `console.log`."]),
    # something a project keeps out, asked about where the agent put it
    ("why are there sleeps in the tests", ["Never use sleeps in tests."]),
    ("why are there emojis in the commit messages?", ["Never use emojis in commit messages."]),
    ("why are there print statements all over the code now", ["Never use print statements."]),
    # conventions stated as facts
    ("tables are singular in this schema", ["Name tables in the singular."]),
    ("branches are named PROJ-1234-short-description here", ["Name branches `PROJ-1234-short-description`."]),
    ("didn't we agree components stay under 200 lines?", ["Keep components under 200 lines."]),
    ("functions should stay below 50 lines", ["Keep functions under 50 lines."]),
    ("logs go to stdout, the platform collects them", ["Write logs to stdout."]),
    ("PRs here go against develop. main is release-only", ["Open PRs against `develop`."]),
    ("PRs go against develop, not main", ["Open PRs against `develop`, not `main`."]),
    ("since when do we indent with tabs in this repo?", ["Never indent with tabs."]),
    ("we don't use tabs here", ["Never indent with tabs."]),
    # a softener the lead-stripping cut in half ("sorry" went, "to be picky, but" stayed); the SQL idiom as a verb
    ("sorry to be picky, but could you use logging instead of print? this gets shipped as a library",
     ["Use `logging` instead of `print`."]),
    ("sorry to be picky but could we not SELECT * in the API queries?", ["Never use `SELECT *` in the API queries."]),
    ("don't SELECT * in the API queries", ["Never use `SELECT *` in the API queries."]),
]

BLIND_QUIET = [
    "why is there a new button? we already have one",
    "why is there a new test file? we have tests",
    "why is there a second logger now? we have a meeting",
    "why did you pull in date-fns? lodash is already in package.json",
    "why did you pull in date-fns? it is already in package.json",
    "why are you editing the config? it gets replaced tomorrow",
    "why are you touching these files? they're generated",
    "you deleted my file",
    "you deleted my comments, thanks that was overdue",
    "use the blue one, you used the red one",
    "use the staging db, you used prod",
    "you used the old button again, we make everything with love",
    "why are there errors in the logs?",
    "why are there sleeps in this file",
    "tables are singular, right?",
    "our users are plural",
    "the numbers stay under 200 lines",
    "components stay under 200 lines for now",
    "the new components stay under 200 lines",
    "logs go to stdout now?",
    "the logs go to stdout, but they're empty",
    "PRs go to review",
    "PRs go against develop, main is release only",
    "sorry to be picky, but could you rename it to total?",
]


def test_forms_from_the_dev_blind_sets_give_their_rule() -> None:
    assert [(text, _rules(text)) for text, _ in BLIND_FORMS] == BLIND_FORMS


def test_the_blind_forms_look_alikes_give_nothing() -> None:
    assert [(text, _rules(text)) for text in BLIND_QUIET] == [(text, []) for text in BLIND_QUIET]


LATER_FORMS = [
    # what each one of a kind needs, after what is wrong with this one ("here" is the project's)
    ("next the invoice pdf. p.s. the migration you wrote isn't reversible, every migration here needs a down()",
     ["Every migration needs a `down()`."]),
    ("every migration here needs a down()", ["Every migration needs a `down()`."]),
    # a kind kept in a place that is no path, away from one that is
    ("we went over this, secrets go in the vault not in .env.example", ["Put secrets in the vault, not in `.env.example`."]),
    # what the agent changed is overwritten later, or others depend on it
    ("ugh, you edited the parent theme. updates will wipe that", ["Never edit the parent theme."]),
    ("ugh, you changed the response shape. three other services call this", ["Never change the response shape."]),
    ("why did you change the public signature of parse()? that's a breaking change for everyone who depends on this "
     "package", ["Never change the public signature of `parse()`."]),
]

LATER_QUIET = [
    "every page here needs fixing",
    "the page is slow, every page needs a loader",
    "files go in the bin, not in src/",
    "you edited the parent theme. looks good",
    "you edited the parent theme. fine. updates will wipe that",
    "why did you change the color? it looks worse",
    "you changed the response shape. nice",
    "why did you change the function signature? other callers depend on it",  # which function only the conversation says
]


def test_later_forms_give_their_rule() -> None:
    assert [(text, _rules(text)) for text, _ in LATER_FORMS] == LATER_FORMS


def test_later_forms_look_alikes_give_nothing() -> None:
    assert [(text, _rules(text)) for text in LATER_QUIET] == [(text, []) for text in LATER_QUIET]


def test_a_name_said_in_lower_case_opens_the_lesson_as_it_is_written() -> None:
    # review40 R40-9's rendering note: "Api responses are `snake_case`."
    assert _rules("again: api responses are snake_case") == ["API responses are `snake_case`."]
    assert _rules("url params are camelCase") == ["URL params are `camelCase`."]
    assert _rules("columns are snake_case in our database") == ["Name columns in `snake_case` in our database."]
