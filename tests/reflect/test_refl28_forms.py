"""The built-in reflector's changes of refl28 (issue 20): the wrong lesson found when the third blind set's not rows were
read (now dev data), review27's and refl27's residuals, and forms for rules said in ways earlier sets showed. Each change
has look-alikes: what must give nothing gives nothing, and what must still give its rule gives it."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def lessons(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


# --- 1. Wrong lessons (blind3's not rows, refl27's and review27's residuals): must give nothing ----------------------
NOTHING = [
    # "it's X, not Y" that says how something is, not which of two things to use ("Use `old`, not `related` to what we
    # did today." from blind3's "it's old, not related to what we did today"; a chat typo gave "Use `stil` instead of
    # `workign`.")
    "flaky test: test_upload_resume fails about 1 in 5 runs on CI with a timeout. it's old, not related to what we did "
    "today. can you dig in?",
    "it's old, not related to what we did today",
    "its stil not workign",
    "it's legacy, not ours",
    "it is flaky, not broken",
    "it's intermittent, not caused by your change",
    "it's fine, not urgent",
    # one thing of this task moved to another way, asked for ("Migrate the config loader to pydantic-settings instead
    # of `os.environ`.", "… for each new widget.")
    "Please migrate the config loader to pydantic-settings instead of os.environ.",
    "Can you switch the date library to dayjs instead of moment for the new widget?",
    "please convert the report script to polars instead of pandas",
    "move the settings page to React instead of the jinja template",
    # a way of the team's about what is no code ("Keep meetings short.")
    "we try to keep meetings short",
    "we keep standups brief",
    "we try to keep slides simple",
]


@pytest.mark.parametrize("text", NOTHING)
def test_lookalike_gives_nothing(text: str) -> None:
    assert lessons(text) == []


STILL = [
    # a bare "it's X, not Y" between two tools or pieces of code
    ("it's pnpm, not npm", ["Use `pnpm` instead of `npm`."]),
    ("It's pytest, not unittest", ["Use `pytest` instead of `unittest`."]),
    ("we use pydantic v2 here so its model_dump() not .dict()", ["Use `model_dump()` instead of `.dict()`."]),
    # a kind of thing moved to another way, or a change asked for every time
    ("move the tests to tests/ instead of src/", ["Move the tests to `tests/` instead of `src/`."]),
    ("always migrate the config to env vars instead of yaml files",
     ["Always migrate the config to env vars instead of yaml files."]),
    ("please switch to pnpm instead of npm", ["Switch to `pnpm` instead of `npm`."]),
    # the team's way about code
    ("we try to keep deps minimal", ["Keep deps minimal."]),
    ("We pin provider versions with ~>, not >=.", ["Pin provider versions with ~>, not >=."]),
]


@pytest.mark.parametrize(("text", "rules"), STILL)
def test_form_still_gives_its_rule(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules


# --- 2. Forms that several sets share (tuned on blind1-3 and on sentences written here) ------------------------------
GIVES = [
    # a challenge of what the agent is doing to a kind of thing or code
    ("wait, why are you editing the generated files? those get overwritten by protoc", ["Never edit the generated files."]),
    ("why are you deleting the tests?", ["Never delete the tests."]),
    ("why are you committing the .env file", ["Never commit the `.env` file."]),
    # a secret put where secrets never go, asked about (where it was put this time left out)
    ("why is the api key hardcoded in settings.py now", ["Never hardcode the api key."]),
    ("why are the credentials committed?", ["Never commit the credentials."]),
    # the check the person says was skipped ("even", "actually")
    ("did u even run it? it doesnt compile", ["Always run the code before reporting the work as done."]),
    ("did you actually test it", ["Always test the change before reporting the work as done."]),
    # a rule said again after "I told you at the start" / "this was settled at the start", "no <kind>" about code
    ("I told you at the start, no force pushes to the shared branch", ["No force pushes to the shared branch."]),
    ("I told you, no force pushes to main", ["No force pushes to main."]),
    ("I told you at the start, don't commit to main", ["Never commit to main."]),
    ("as I said earlier, no print statements", ["Never use print statements."]),
    # indentation in Makefiles (said bare after a reminder)
    ("again: tabs in the Makefile", ["Indent with tabs in the `Makefile`."]),
    ("this was settled at the start: tabs in the Makefile, spaces everywhere else",
     ["Indent with tabs in the `Makefile`, spaces everywhere else."]),
    ("we use tabs in Makefiles", ["Indent with tabs in Makefiles."]),
    # every one of a kind of thing goes through code
    ("all user-facing strings go through t() in this app", ["All user-facing strings go through `t()`."]),
    ("all db writes go through repo.save()", ["All db writes go through `repo.save()`."]),
    # an order a kind of thing follows, said as a fact (after "that's wrong" or "not sure this is right")
    ("that's wrong, the discount applies before tax, not after", ["The discount should apply before tax, not after."]),
    ("not sure this is right, the discount should apply before tax, not after. at least that's how every invoice does it",
     ["The discount should apply before tax, not after."]),
]


@pytest.mark.parametrize(("text", "rules"), GIVES)
def test_form_gives_its_rule(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules


LOOKALIKES = [
    # a question about one thing of this task, or with no guard's verb
    "why are you editing the button?", "why are you changing the colors?", "why are you editing that file?",
    "why are you removing it?", "why are you adding tests?",
    "why are you editing the generated files? I asked you to regenerate them, thanks that's great",
    # how often, not where; a value of this task, not a secret
    "why is the token logged twice?", "why is the port hardcoded?",
    # asked without "even"/"actually", or about another act
    "did you test it?", "did you even look at it", "thanks, did you actually test it? great work",
    # "no <X>" said again about what is no code, or this task's thing
    "I told you, no changes to the button", "I told you, no more than 3 retries", "I told you at the start, no meetings",
    # tabs elsewhere than a Makefile, said bare
    "tabs in the readme",
    # people, or no code after "all … go through"
    "all users go through login()", "all requests go through the gateway", "all strings go through translation",
    # an order of one part of the screen
    "the modal opens after the click, not before", "the button goes before the link, not after",
]


@pytest.mark.parametrize("text", LOOKALIKES)
def test_form_lookalike_gives_nothing(text: str) -> None:
    assert lessons(text) == []


# --- 3. A statement recalled as agreed, kept with its value; review28's R28-2 -----------------------------------------
GIVES_3 = [
    # what a part keeps (a value) or is, recalled; its reason or the next step after it left out
    ("we went over this, the split seed stays 42 or the numbers in the paper dont match", ["The split seed stays 42."]),
    ("per our earlier chat, the iOS deployment target stays at 15", ["The iOS deployment target stays at 15."]),
    ("as I mentioned earlier, the staging schema is read-only for us, write to sandbox_analytics",
     ["The staging schema is read-only."]),
    ("I told you the seeds are read-only, so stop editing them", ["The seeds are read-only."]),
    # R28-2: "X go in DIR and are/should …" gives the place alone, never the glued clause
    ("migrations go in db/migrations and are never edited after merge", ["Put migrations in `db/migrations`."]),
    ("configs live in config/ and are loaded with pydantic-settings", ["Put configs in `config/`."]),
    ("fixtures live under tests/fixtures and are never shared between suites", ["Put fixtures under `tests/fixtures`."]),
    ("handlers go in api/ and should never touch the db directly", ["Put handlers in `api/`."]),
    ("components go in src/components and use PascalCase names",
     ["Put components in `src/components` and use `PascalCase` names."]),
    # R28-2's recall residuals
    ("always run the linter before you push", ["Always run the linter before pushing."]),
    ("run make lint before you push", ["Run `make lint` before pushing."]),
    ("we don't use default exports in this codebase", ["Never use default exports."]),
    ("the team convention is kebab-case file names", ["Kebab-case file names."]),
    ("always use parameterized queries", ["Always use parameterized queries."]),
]


@pytest.mark.parametrize(("text", "rules"), GIVES_3)
def test_recalled_statement_and_r28_2_forms_give_their_rule(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules


LOOKALIKES_3 = [
    # a value of one thing of this task, or for now
    "I told you the button stays 42px", "as discussed, the price stays 10 for now", "I told you, the timeout stays 30 today",
    "the split seed stays 42",  # not recalled: a plain statement
    # "before we merge" is this change's step; "here" may be this machine ("we don't run migrations here")
    "it works but remove the debug prints before we merge", "we don't run migrations here",
    "we don't use the old button here",
    # a convention that names no code, or a comparison
    "the rule is more tests", "the rule is fewer comments", "our convention is long meetings",
    # "always use" a kind that is no code, or this task's things
    "always use nice words", "always use big fonts", "always use the blue buttons", "always use more colors",
]


@pytest.mark.parametrize("text", LOOKALIKES_3)
def test_recalled_statement_and_r28_2_lookalikes_give_nothing(text: str) -> None:
    assert lessons(text) == []


# --- 4. New dependencies nobody asked for, debugging code left in, chat's "u" in a complaint --------------------------
GIVES_4 = [
    ("how come there are three new dependencies in package.json for a date format change",
     ["Never add new dependencies without asking."]),
    ("why did you add a new library?", ["Never add new dependencies without asking."]),
    ("the login flow works now, but you left console.log statements in four files, please remove those",
     ["Never leave `console.log` statements in the code."]),
    ("you left a breakpoint() in the handler", ["Never leave `breakpoint()` statements in the code."]),
    ("u forgot to update the readme again. the flags table still lists only --input", ["Always update the readme."]),
]


@pytest.mark.parametrize(("text", "rules"), GIVES_4)
def test_round_four_forms_give_their_rule(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules


LOOKALIKES_4 = [
    "who asked for a new endpoint?", "who asked for new packages lol, thanks though",
    "you left the debugger open", "you left the print dialog on screen",
    "u forgot to save the file again",
]


@pytest.mark.parametrize("text", LOOKALIKES_4)
def test_round_four_lookalikes_give_nothing(text: str) -> None:
    assert lessons(text) == []


# --- 5. The data of a whole part, the shape of a kind of name, the kind of tests "these" are -------------------------
@pytest.mark.parametrize(("text", "rules"), [
    ("the whole api uses snake_case json keys", ["The whole api uses `snake_case` json keys."]),
    ("the entire app stores dates in utc", ["The entire app stores dates in utc."]),
    ("our branch names are ticket-id/short-desc", ["Branch names follow `ticket-id/short-desc`."]),
    ("tag names look like v<major>.<minor>", ["Tag names follow `v<major>.<minor>`."]),
    ("Name branches `<type>/<ticket>-<slug>`.", ["Name branches `<type>/<ticket>-<slug>`."]),  # "ticket" inside code
    ("don't mock the database in these, they're integration tests", ["Never mock the database in integration tests."]),
])
def test_round_six_forms_give_their_rule(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules


@pytest.mark.parametrize("text", [
    "the whole team uses snake_case", "the whole page is in utc", "the whole thing returns cents",
    "our branch names are long", "the branch names are feature/login and fix/header", "the file names are wrong",
    "your branch names are ticket-id/short-desc", "don't change the button in these, they're fine",
    "Close this ticket when the fix lands.",
])
def test_round_six_lookalikes_give_nothing(text: str) -> None:
    assert lessons(text) == []


def test_keywords_joined_by_a_slash_are_no_place() -> None:
    # "const/let" is what to use instead, not a folder the "never" half would lose (half_placement)
    assert lessons("dont use var pls, const/let") == ["Never use `var`."]
    assert lessons("don't put helpers in utils/, use lib/") == []  # a real place still keeps the rule back


@pytest.mark.parametrize(("text", "rules"), [
    ("every screen here has its own folder with index.tsx and styles.ts",
     ["Every screen has its own folder with `index.tsx` and `styles.ts`."]),
    ("in this repo every screen gets its own folder", ["Every screen gets its own folder."]),
    ("every service has its own Dockerfile", ["Every service has its own `Dockerfile`."]),
    ("PRs go against develop, not main", ["Open PRs against `develop`, not `main`."]),  # (refl41: the branch form)
])
def test_each_kind_its_own_and_where_prs_go(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules


@pytest.mark.parametrize("text", ["each user has its own profile", "every page has its own color",
                                  "every test has its own fixture now", "PRs go against develop, main is release only"])
def test_each_kind_its_own_lookalikes_give_nothing(text: str) -> None:
    assert lessons(text) == []


# --- 6. review28 R28-7: one thing of this task done another way, whatever the verb -----------------------------------
@pytest.mark.parametrize("text", [
    "port the cli to click instead of argparse", "rewrite the upload handler with aiohttp instead of requests",
    "reimplement the export with pandas instead of csv", "redo the login form with formik instead of useState",
    "build the chart with d3 instead of chart.js", "implement the retry with tenacity instead of a loop",
    "write the new migration with alembic instead of raw sql",
    "make the settings page use tailwind instead of css modules", "no, port the cli to click instead of argparse",
    "it's go, not stop", "it's c, not fine",
])
def test_one_thing_done_another_way_gives_nothing(text: str) -> None:
    assert lessons(text) == []


@pytest.mark.parametrize(("text", "rules"), [
    ("we use httpx instead of requests", ["Use `httpx` instead of `requests`."]),
    ("use httpx instead of requests everywhere", ["Use `httpx` instead of `requests` everywhere."]),
    ("write the tests with pytest instead of unittest", ["Write the tests with `pytest` instead of `unittest`."]),
    ("it's TypeScript, not JavaScript, in this repo", ["Use TypeScript instead of JavaScript."]),
])
def test_a_kind_or_the_teams_choice_done_another_way_keeps_its_rule(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules
