"""The built-in offline reflector: realistic feedback from many stacks → one clean rule, or nothing.

The tables are the behaviour a reviewer sees in `learn show`: exact lesson texts for feedback that
states a rule, and no lesson at all for feedback that does not (thanks, questions, "still broken",
pasted CI output). Every produced lesson must also pass the curator's lint.
"""

from __future__ import annotations

import pytest

from altimate_learn.curate.lint import lint
from altimate_learn.reflect.providers.builtin import (FeedbackItem, extract_rule, mark_identifiers, named_paths,
                                                       path_globs, trigger_for,
                                                      reflect_builtin)
from altimate_learn.reflect.providers.builtin.rules import BROKEN

RULES = [
    ('no, use `ref()` instead of hardcoding the table name',
     'Use `ref()` instead of hardcoding the table name.'),
    ("That's wrong. We always use snake_case for column names in this project.",
     'Always use `snake_case` for column names.'),
    ("don't use print statements, use the logger",
     'Use the logger instead of print statements.'),
    ('Please rename getUserData to fetchUserProfile',
     'Rename `getUserData` to `fetchUserProfile`.'),
    ("we don't use moment.js anymore, use date-fns",
     'Use `date-fns` instead of `moment.js`.'),
    ('No - staging models should convert amount_cents to dollars with cents_to_dollars()',
     'Staging models should convert `amount_cents` to dollars with `cents_to_dollars()`.'),
    ('you forgot to add the migration for the new column',
     'Always add the migration for each new column.'),
    ('Never commit directly to main',
     'Never commit directly to main.'),
    ('stop using var, we use const and let',
     'Use `const` and `let` instead of `var`.'),
    ('wrong, the tests go in tests/unit, not tests/',
     'Put the tests in `tests/unit`, not `tests/`.'),
    ('Use Decimal for money, never float',
     'Use `Decimal` for money, never `float`.'),
    ('nit: prefer f-strings over .format()',
     'Use `f-strings` instead of `.format()`.'),
    ('We should be using the shared `http_client` fixture here instead of creating a new session',
     'Use the shared `http_client` fixture instead of creating a new session.'),
    ("Don't add docstrings to private helpers",
     'Never add docstrings to private helpers.'),
    ('We never use SELECT * in production models',
     'Never use `SELECT *` in production models.'),
    ('in this repo we use pnpm, not npm',
     'Use `pnpm` instead of `npm`.'),
    ('Always use parameterized queries, never string formatting for SQL',
     'Always use parameterized queries, never string formatting for SQL.'),
    ('the Dockerfile should use a multi-stage build',
     'The `Dockerfile` should use a multi-stage build.'),
    ('use `git mv` so history is preserved',
     'Use `git mv`.'),
    ("Don't use useEffect for derived state, compute it during render",
     'Never use `useEffect` for derived state; compute it during render.'),
    ('please put the terraform variables in variables.tf, not main.tf',
     'Put the terraform variables in `variables.tf`, not `main.tf`.'),
    ('No. Migrations must be reversible - always write a down migration.',
     'Migrations must be reversible; always write a down migration.'),
    ('Go: always check the error returned by Close()',
     'Always check the error returned by `Close()`.'),
    ("rust: don't unwrap() in library code, propagate errors with ?",
     'Never call `unwrap()` in library code.'),
    ('Use the `logger` from `app.core.logging`, not the root logger',
     'Use the `logger` from `app.core.logging` instead of the root logger.'),
    ('why did you use requests? we use httpx in this repo',
     'Use `httpx` instead of `requests`.'),
    ("It's pytest, not unittest",
     'Use `pytest` instead of `unittest`.'),
    ('You keep using any in TypeScript, use unknown instead',
     'Use `unknown` instead of `any` in TypeScript.'),
    ("that's not how we do it here, API handlers go in src/api/handlers/",
     'Put API handlers in `src/api/handlers/`.'),
    ("Don't hardcode the API URL, read it from config",
     'Never hardcode the API URL; read it from config.'),
    ('stop adding comments to every line',
     'Never add comments to every line.'),
    ("no no no, don't touch the generated files under gen/",
     'Never touch the generated files under `gen/`.'),
    ('please always run `dbt build --select state:modified+` before pushing',
     'Always run `dbt build --select state:modified+` before pushing.'),
    ("you didn't add type hints",
     'Always add type hints.'),
    ('Use Optional instead of returning null from repository methods',
     'Use `Optional` instead of returning null from repository methods.'),
    ('in rails we use find_by instead of where(...).first',
     'Use `find_by` instead of `where(...).first`.'),
    ('actually the column is called customer_id not cust_id',
     'Use `customer_id` instead of `cust_id` for the column.'),
    ("Please don't mock the database in integration tests, use the test container",
     'Never mock the database in integration tests; use the test container.'),
    ('why are you still using os.path? use pathlib',
     'Use `pathlib` instead of `os.path`.'),
    ('hmm no, the env var is DATABASE_URL not DB_URL',
     'Use `DATABASE_URL` instead of `DB_URL` for the env var.'),
    ('wrong file, the settings live in config/settings.py',
     'Put the settings in `config/settings.py`.'),
    ('This is the third time: column names in BigQuery must be lowercase!',
     'Column names in BigQuery must be lowercase.'),
    ('you should use `logger.exception` inside except blocks so we get the traceback',
     'Use `logger.exception` inside except blocks.'),
    ("Don't catch bare Exception, catch the specific error",
     'Never catch bare Exception; catch the specific error.'),
    ('never put secrets in the repo',
     'Never put secrets in the repo.'),
    ('we always wrap dbt models in a CTE called final',
     'Always wrap dbt models in a CTE called final.'),
    ('no, keep the API response camelCase, the frontend expects it',
     'Keep the API response `camelCase`.'),
    ('No, we use poetry, not pip, for dependencies',
     'Use `poetry` instead of `pip` for dependencies.'),
    ("Don't put business logic in the views, it goes in services/",
     'Never put business logic in the views.'),
    ('please use `pytest.mark.parametrize` rather than copy-pasting test functions',
     'Use `pytest.mark.parametrize` instead of copy-pasting test functions.'),
    ('you forgot to run the migrations before the tests',
     'Always run the migrations before the tests.'),
    ('Stop importing from internal modules, use the public API in mylib/__init__.py',
     'Use the public API in `mylib/__init__.py` instead of importing from internal modules.'),
    ('the marts should reference intermediate models, never staging models directly',
     'The marts should reference intermediate models, never staging models directly.'),
    ('Always use `dbt_utils.generate_surrogate_key` for surrogate keys',
     'Always use `dbt_utils.generate_surrogate_key` for surrogate keys.'),
    ('avoid mutable default arguments',
     'Avoid mutable default arguments.'),
    ("We don't use class components anymore, use function components with hooks",
     'Use function components with hooks instead of class components.'),
    ('Use kebab-case for file names in the frontend',
     'Use `kebab-case` for file names in the frontend.'),
    ('no, the primary key column is order_id, not id',
     'Use `order_id` instead of `id` for the primary key column.'),
    ('Please use the `Money` type instead of floats for prices',
     'Use the `Money` type instead of `float` for prices.'),
    ('never log request bodies, they contain PII',
     'Never log request bodies.'),
    ('wait, you need to add the new model to schema.yml with tests for unique and not_null',
     'Add each new model to `schema.yml` with tests for unique and `not_null`.'),
    ('terraform: always pin provider versions in versions.tf',
     'Always pin provider versions in `versions.tf`.'),
    ("don't use latest tags for docker images, pin the digest",
     'Never use latest tags for `docker` images; pin the digest.'),
    ('Make sure to close the cursor after each query',
     'Close the cursor after each query.'),
    ("that's wrong, timestamps should be stored in UTC",
     'Timestamps should be stored in UTC.'),
    ('you should never call the Stripe API directly from the controller; go through PaymentService',
     'Never call the Stripe API directly from the controller.'),
    ('Use `useMemo` only for expensive computations, not everywhere',
     'Use `useMemo` only for expensive computations, not everywhere.'),
    ('please keep functions under 50 lines',
     'Keep functions under 50 lines.'),
    ('we prefer composition over inheritance here',
     'Use composition, not inheritance.'),
    ('The React components go in src/components/, one per file',
     'Put the React components in `src/components/`, one per file.'),
    ('Rename the fct_ prefix to fact_ for all fact tables',
     'Rename the `fct_` prefix to `fact_` for all fact tables.'),
    ('Use Jinja macros instead of copy-pasting SQL between models',
     'Use Jinja macros instead of copy-pasting SQL between models.'),
    ('no, use the `settings` object from `app.config` instead of os.environ',
     'Use the `settings` object from `app.config` instead of `os.environ`.'),
    ('Java: return Optional.empty() instead of null',
     'Return `Optional.empty()` instead of `null`.'),
    ('Go: use context.Context as the first parameter of every exported function',
     'Use `context.Context` as the first parameter of every exported function.'),
    ('in this codebase we always use early returns instead of nested ifs',
     'Use early returns instead of nested ifs.'),
    ('the error messages must be in English',
     'The error messages must be in English.'),
    ('Nit: we name boolean columns with an `is_` prefix, e.g. `is_active`.',
     'Name boolean columns with an `is_` prefix.'),
    ("I'd rather we didn't catch `Exception` broadly here — catch `requests.RequestException` instead.",
     'Never catch `Exception` broadly; catch `requests.RequestException` instead.'),
    ("Please don't commit .env files.",
     'Never commit `.env` files.'),
    ('We should use `Decimal` for currency amounts; floats lose precision.',
     'Use `Decimal` for currency amounts.'),
    ('Tests for new endpoints need to go in tests/api/ and use the `client` fixture.',
     'Put tests for new endpoints in `tests/api/` and use the `client` fixture.'),
    ('CI: the migration check failed — every migration must have a matching down migration',
     'Every migration must have a matching down migration.'),
    ('[ci] Lint failed: imports must be sorted with isort (run `isort .`)',
     'Imports must be sorted with `isort`.'),
    ("You used `datetime.now()` — use `timezone.now()` so it's timezone-aware.",
     'Use `timezone.now()` instead of `datetime.now()`.'),
    ('Use snake_case for JSON keys in the API, not camelCase.',
     'Use `snake_case` for JSON keys in the API instead of `camelCase`.'),
    ("Wrong! In dbt we always use {{ ref('model') }} not direct table names",
     "Always use `{{ ref('model') }}` not direct table names."),
    ('please stop writing raw SQL strings in the repository layer and use the query builder',
     'Never write raw SQL strings in the repository layer; use the query builder.'),
    ('The function should return early when the list is empty',
     'The function should return early when the list is empty.'),
    ("Don't edit files in dist/, they're generated by the build",
     'Never edit files in `dist/`.'),
    ('Always use `const` unless the variable is reassigned',
     'Always use `const` unless the variable is reassigned.'),
    ("We don't use default exports, always use named exports",
     'Use named exports instead of default exports.'),
    ('Kotlin: use data classes for DTOs instead of plain classes with getters',
     'Use data classes for DTOs instead of plain classes with getters.'),
    ('C#: always await async calls, never use .Result',
     'Always await async calls, never use `.Result`.'),
    ("Swift: don't force unwrap optionals, use guard let",
     'Never force unwrap optionals; use guard let.'),
    ('no, the lambda handler must read the table name from TABLE_NAME',
     'The lambda handler must read the table name from `TABLE_NAME`.'),
    ('stop using console.log for errors, use logger.error',
     'Use `logger.error` instead of `console.log` for errors.'),
    ('we always squash commits before merging',
     'Always squash commits before merging.'),
    ('please never edit migrations that are already merged, add a new migration',
     'Never edit migrations that are already merged; add a new migration.'),
    ('Please use ISO 8601 date strings in the API, not epoch seconds',
     'Use ISO 8601 date strings in the API instead of epoch seconds.'),
    ('you forgot to update CHANGELOG.md',
     'Always update `CHANGELOG.md`.'),
    ('Use `pd.to_datetime(..., utc=True)` when parsing timestamps',
     'Use `pd.to_datetime(..., utc=True)` when parsing timestamps.'),
    ('helm: always set resource limits on every container',
     'Always set resource limits on every container.'),
    ('no, our feature flags live in config/flags.yaml',
     'Put the feature flags in `config/flags.yaml`.'),
    ("that's not right, the Makefile target is `make test-unit` not `make test`",
     'Use `make test-unit` instead of `make test` for the `Makefile` target.'),
    ('use tabs instead of spaces',
     'Use tabs, not spaces.'),
    ("Use camelCase for JSON fields, we don't do snake_case in the API.",
     'Use `camelCase` for JSON fields.'),
    ('stop adding #[allow(unused)] everywhere',
     'Never add `#[allow(unused)]`.'),  # the complaint's size is no part of the ban (review43 R43-2)
    ("don't build the whole project, just select +stg_customers",
     'Never build the whole project; select `+stg_customers`.'),
    ('We always use uv here.',
     'Always use `uv`.'),
    ("Don't stub the queue in these tests; we run them against the local broker.",
     'Never stub the queue in tests.'),
    ("no, don't use axios here, the app is on the edge runtime — use fetch",
     'Use `fetch` instead of `axios`.'),
    ('use pendulum, not datetime.utcnow()',
     'Use `pendulum` instead of `datetime.utcnow()`.'),
    ("Never call .toPromise(), it's deprecated — use firstValueFrom",
     'Use `firstValueFrom` instead of calling `.toPromise()`.'),
    ('nit: prefer pathlib.Path over os.path.join',
     'Use `pathlib.Path` instead of `os.path.join`.'),
]

NO_RULE = [
    'Please add an index on user_id for this foreign key',  # about the code under review, not a convention
    'Add a GitHub Actions workflow that runs pytest on every PR',  # a task: one new thing to build
    "Write an Airflow DAG that loads the S3 exports into Snowflake every morning.",
    'The new job should run every hour and write to the events table.',
    "that's not what I asked — I wanted the customer grain, not the order grain",
    'just edit the existing test file',
    'skip the docs, focus on the failing test',
    'Actually, make it a sensor instead of polling in a loop.',
    'panic: runtime error: index out of range [3] with length 3\n\ngoroutine 1 [running]:\nmain.main()\n\t/app/main.go:9 +0x1d',
    'put it back the way it was',
    "you didn't read the error, it's a permission problem",
    'LGTM',
    "no, that's the wrong table",
    "that's still broken",
    'Revert that',
    'you broke the build again',
    'not what I asked, I wanted a bar chart',
    "You're calling the API in a loop, batch the requests",
    'I told you, dates are ISO 8601 strings in the API responses',
    'ERROR: Compilation Error in model stg_orders (models/staging/stg_orders.sql)\n  column "order_total" does not exist',
    'ruff: E501 Line too long (120 > 100)',
    'no, money columns are stored as integer cents, convert them with cents_to_dollars() in staging',
    'thanks, that works now',
    'why is this so slow?',
    'can you also add a README?',
    'looks good but the test is still failing',
    'no, the other one',
    "that's not it",
    'ugh, it broke again',
    'hmm, try again',
    'please undo the last change',
    'no, I meant the orders table',
    'stop',
    'you missed a spot',
    "it's still throwing the same error",
    'do it again but faster',
    "No, don't do that.",
    'Never mind',
    'Wrong. Look at the logs.',
    "don't worry about the lint warnings for now",
    'sorry, my bad, continue',
    "actually let's do the frontend first",
    'Traceback (most recent call last):\n  File "app.py", line 3\nValueError: bad',
    "I don't like it",
    'you are not listening to me',
    'change it back',
    'no not that file',
    'Can we avoid `SELECT *` here? Explicit column lists make schema changes safer.',
    'Consider using a context manager for the file handle.',
    'This should live in `utils/dates.py` rather than being duplicated in each module.',
    'Why not just use a dataclass?',
    'Missing type annotations on public functions.',
    'FAILED tests/test_orders.py::test_total - AssertionError: assert 10.0 == 1000',
    'Error: Process completed with exit code 1.',
    'mypy: error: Function is missing a return type annotation',
    "eslint: 'React' is defined but never used (no-unused-vars)",
    'dbt test failed: not_null_stg_orders_order_id (FAIL 3)',
    'Hey, so we have a convention that all API routes are versioned under /v1/. Please follow that.',
    "You're hard-coding the bucket name again, read it from BUCKET_NAME",
    'I keep telling you: no print() in production code, use logging',
    'ok',
    'hmm',
    'No.',
    'why?',
    'what does this function do?',
    'Great, now add pagination to the endpoint',
    'can you explain the difference?',
    'nope, still failing with the same error',
    "let's move on to the next ticket",
    'use it instead',
]


# Realistic corrections written by a reviewer, not tuned one by one: typos (dont, thats, u), curly quotes,
# several sentences, a correction plus a new request, code fences and quoted replies, @mentions and annotations.
RULES += [
    ('no dont use requests.get directly, we have a wrapper in app/http.py called `get_json` use that',
     'Never use `requests.get` directly.'),
    ('please dont use print for debugging in the final code, remove those and use logging.debug',
     'Use `logging.debug` instead of `print` for debugging in the final code.'),
    ('Thats not how we do it, tests should use pytest fixtures not setUp/tearDown methods',
     'Tests should use `pytest` fixtures not `setUp/tearDown` methods.'),
    ('we use pydantic v2 here so its model_dump() not .dict()',
     'Use `model_dump()` instead of `.dict()`.'),
    ('No! never use eval() on user input',
     'Never use `eval()` on user input.'),
    ('the tests are in tests/ not test/. Also can you add one for the empty case?',
     'Put the tests in `tests/`, not `test/`.'),
    ('use `from __future__ import annotations` at the top of every new module',
     'Use `from __future__ import annotations` at the top of every new module.'),
    ('Why are you catching Exception and passing?? never swallow exceptions silently, at least log them',
     'Never swallow exceptions silently.'),
    ('stop putting imports inside functions, put them at the top of the file',
     'Never put imports inside functions; put them at the top of the file.'),
    ('no no, we use vitest not jest in this repo',
     'Use `vitest` instead of `jest`.'),
    ('dont use `any`, use `unknown` and narrow it',
     'Use `unknown` instead of `any`.'),
    ("you're using npm again, it's yarn here. yarn install",
     'Use `yarn` instead of `npm`.'),
    ('use the `cn()` helper from lib/utils for classnames instead of string concatenation',
     'Use the `cn()` helper from `lib/utils` for classnames instead of string concatenation.'),
    ('Please use async/await instead of .then() chains',
     'Use async/await instead of `.then()` chains.'),
    ('we dont use enums in TS, use union types of string literals',
     'Use union types of string literals instead of enums in TS.'),
    ('components should be in PascalCase files like UserCard.tsx, not userCard.tsx',
     'Put components in `PascalCase` files like `UserCard.tsx`, not `userCard.tsx`.'),
    ("please don't use inline styles, use tailwind classes",
     'Use tailwind classes instead of inline styles.'),
    ('nope. staging models should only rename and cast, no joins in staging',
     'Staging models should only rename and cast, no joins in staging.'),
    ("you hardcoded analytics.raw.orders, use {{ source('shop', 'orders') }}",
     "Use `{{ source('shop', 'orders') }}` instead of hardcoding `analytics.raw.orders`."),
    ("always use `coalesce` instead of `ifnull`, ifnull isn't portable to snowflake",
     'Use `coalesce` instead of `ifnull`.'),
    ("Don't use DISTINCT to hide duplicates, fix the join",
     'Never use `DISTINCT` to hide duplicates; fix the join.'),
    ('column names should be snake_case and lowercase, you wrote OrderID',
     'Column names should be `snake_case` and lowercase.'),
    ('dont use panic in handlers, return an error',
     'Never use `panic` in handlers; return an error.'),
    ('use `anyhow::Result` in the binary and `thiserror` in the library crate',
     'Use `anyhow::Result` in the binary and `thiserror` in the library crate.'),
    ('Please use constructor injection, not @Autowired on fields',
     'Use constructor injection instead of `@Autowired` on fields.'),
    ('you should be using slog not log.Printf',
     'Use `slog` instead of `log.Printf`.'),
    ('never force push to main!!',
     'Never force push to main.'),
    ("don't run terraform apply, only plan, applies go through the pipeline",
     'Never run `terraform apply`.'),
    ('k8s manifests go under deploy/k8s/ not k8s/',
     'Put k8s manifests under `deploy/k8s/`, not `k8s/`.'),
    ('no wait thats wrong. the config file is config/app.yaml not settings.yaml. also pls add the new key to the example file too',
     'Use `config/app.yaml` instead of `settings.yaml` for the config file.'),
    ('hmm, you changed the public API. we never break backwards compat in minor versions',
     'Never break backwards compat in minor versions.'),
    ('Use the existing `formatCurrency` util instead of writing a new one every time!!!',
     'Use the existing `formatCurrency` util instead of writing a new one every time.'),
    ('Stop mocking datetime with freezegun, we use time-machine',
     'Never mock datetime with freezegun; use time-machine.'),
    ('the env var is called STRIPE_SECRET_KEY, not STRIPE_KEY - fix it everywhere',
     'Use `STRIPE_SECRET_KEY` instead of `STRIPE_KEY` for the env var.'),
    ('use `logger = structlog.get_logger()` not logging.getLogger',
     'Use `logger = structlog.get_logger()` instead of `logging.getLogger`.'),
    ('we dont commit the .env file, add it to .gitignore and use .env.example',
     'Never commit the `.env` file; add it to `.gitignore` and use `.env.example`.'),
    ('No, it should be `user_id` not `userId` in the DB models',
     'Use `user_id` instead of `userId` in the DB models.'),
    ('Wrong. Dates in the API are always UTC ISO-8601 with a Z suffix',
     'Dates in the API are always UTC ISO-8601 with a Z suffix.'),
    ('please dont reformat the whole file, only touch the lines you need to change',
     'Never reformat the whole file.'),
    ('again with the tabs. we use 4 spaces in python files',
     'Indent with 4 spaces in python files.'),
    ('you should use `pytest.raises` as a context manager rather than try/except in tests',
     'Use `pytest.raises` as a context manager instead of `try/except` in tests.'),
    ('Avoid N+1 queries: use select_related / prefetch_related in the views',
     'Avoid N+1 queries: use `select_related` / `prefetch_related` in the views.'),
    ('Use ruff instead of flake8 and black, we migrated last month',
     'Use `ruff` instead of `flake8` and `black`.'),
    ('in the frontend we always use react-query for fetching, not useEffect + fetch',
     'In the frontend, use `react-query` for fetching, not `useEffect` + fetch.'),
    ('no, the prefix for intermediate models is int_, not inter_',
     'Use `int_` instead of `inter_` as the prefix for intermediate models.'),
    ('nah we dont use lodash anymore, just use native array methods',
     'Use native array methods instead of `lodash`.'),
    ('Please stop using `SELECT *` in the marts, list the columns explicitly',
     'Never use `SELECT *` in the marts; list the columns explicitly.'),
    ('you put the fixture in the test file, shared fixtures go in tests/conftest.py',
     'Put shared fixtures in `tests/conftest.py`.'),
    ("wrong import — it's `from app.db import session`, not `from db import session`",
     'Use `from app.db import session` instead of `from db import session`.'),
    ('No. Use `pathlib.Path.read_text()` instead of open().read(). Also the function needs a docstring.',
     'Use `pathlib.Path.read_text()` instead of `open().read()`.'),
    ("that's not right, we use `pnpm dlx` not npx",
     'Use `pnpm dlx` instead of `npx`.'),
    ('ok good. one thing though: we always put new SQL models under models/marts/<domain>/, never at the top level',
     'Always put new SQL models under `models/marts/<domain>/`, never at the top level.'),
    ('Don’t use `datetime.utcnow()`, it’s deprecated. Use `datetime.now(UTC)`',
     'Use `datetime.now(UTC)` instead of `datetime.utcnow()`.'),
    ('We never return 500 for validation errors, return 422 with the error details',
     'Never return 500 for validation errors; return 422 with the error details.'),
    ('please use the Result type from src/lib/result.ts instead of throwing',
     'Use the Result type from `src/lib/result.ts` instead of throwing.'),
    ('I said use `cargo clippy -- -D warnings`, not just cargo build',
     'Use `cargo clippy -- -D warnings` instead of just cargo build.'),
    ('Stop creating new utility files, add helpers to the existing utils/strings.py',
     'Never create new utility files; add helpers to the existing `utils/strings.py`.'),
    ("Why did you add a new dependency?? We don't add deps without asking.",
     'Never add deps without asking.'),
    ("don't use `git add -A`, stage files explicitly",
     'Never use `git add -A`; stage files explicitly.'),
    ('the DAG ids must match the filename, e.g. dags/load_orders.py -> load_orders',
     'The DAG ids must match the filename.'),
    ('we prefer explicit joins over implicit comma joins',
     'Use explicit joins instead of implicit comma joins.'),
    ('The Helm chart values go in charts/app/values.yaml not in the templates',
     'Put the Helm chart values in `charts/app/values.yaml`, not in the templates.'),
    ("Please don't hardcode the region, read AWS_REGION from the env",
     'Never hardcode the region; read `AWS_REGION` from the env.'),
    ('Could you please not use abbreviations in variable names like `usr` or `cnt`',
     'Never use abbreviations in variable names.'),
    ('Use `Literal[...]` types instead of bare strings for the status field',
     'Use `Literal[...]` types instead of bare strings for the status field.'),
    ('For the API we always return ISO dates, never unix timestamps',
     'For the API, always return ISO dates, never unix timestamps.'),
    ("Don't name things `data` or `info`, use descriptive names",
     'Never name things `data` or `info`; use descriptive names.'),
    ('```python\nx = foo()\n```\nthis is wrong, foo() is deprecated, use bar() instead',
     'Use `bar()` instead of `foo()`.'),
    ('> we should cache this\nno, we never cache user-specific responses',
     'Never cache user-specific responses.'),
    ('Looks fine but please use `logger.warning` not `logger.warn` (deprecated)',
     'Use `logger.warning` instead of `logger.warn`.'),
    ('the component should take `className` as a prop, not `class`',
     'The component should take `className` as a prop, not `class`.'),
    ('can u use the existing `useAuth` hook instead of reading the token from localStorage',
     'Use the existing `useAuth` hook instead of reading the token from `localStorage`.'),
    ('Never use `float` for money columns in the warehouse; use NUMERIC(18,2)',
     'Use `NUMERIC(18,2)` instead of `float` for money columns in the warehouse.'),
    ('pls dont touch package-lock.json manually',
     'Never touch `package-lock.json` manually.'),
    ('remember we always run `make lint` before committing',
     'Always run `make lint` before committing.'),
    ('Avoid `time.sleep` in tests, use the `freezer` fixture',
     'Use the `freezer` fixture instead of `time.sleep` in tests.'),
    ('keep the PR small please, one concern per PR',
     'Keep the PR small, one concern per PR.'),
    ('no, we use `black` with line length 100, not the default 88',
     'Use `black` with line length 100 instead of the default 88.'),
    ('dont put API keys in the frontend bundle, they go through the backend proxy',
     'Never put API keys in the frontend bundle.'),
    ('Wrong - dbt seeds belong in seeds/, not data/',
     'Put dbt seeds in `seeds/`, not `data/`.'),
    ('stop using `assert` for input validation in library code, raise ValueError',
     'Never use `assert` for input validation in library code; raise `ValueError`.'),
    ('please always add a `unique` test on the primary key of every model',
     'Always add a `unique` test on the primary key of every model.'),
    ('use `structlog` instead of the stdlib logging module',
     'Use `structlog` instead of the stdlib logging module.'),
    ('we never use ORM lazy loading in API handlers',
     'Never use ORM lazy loading in API handlers.'),
    ("it's `docker compose` now, not `docker-compose`",
     'Use `docker compose` instead of `docker-compose`.'),
    ('you used moment again. we use dayjs',
     'Use `dayjs` instead of `moment`.'),
    ("please don't use relative imports, use absolute imports from the package root",
     'Use absolute imports from the package root instead of relative imports.'),
    ('the env var should be REDIS_URL not REDIS_HOST',
     'Use `REDIS_URL` instead of `REDIS_HOST` for the env var.'),
    ('Always run migrations in a transaction',
     'Always run migrations in a transaction.'),
    ('you forgot to add the new page to the sidebar config in docs/sidebars.js',
     'Always add each new page to the sidebar config in `docs/sidebars.js`.'),
    ('no, use `useQuery` from @tanstack/react-query, not SWR',
     'Use `useQuery` from `@tanstack/react-query` instead of SWR.'),
    ('Never ever call `process.exit()` in library code',
     'Never call `process.exit()` in library code.'),
    ("Please don't use `git commit --amend` on shared branches",
     'Never use `git commit --amend` on shared branches.'),
    ('all money columns must be NUMERIC(38,9) in the warehouse',
     'All money columns must be `NUMERIC(38,9)` in the warehouse.'),
    ("that's wrong: controllers should not talk to the database directly, go through the repository",
     'Controllers should not talk to the database directly; go through the repository.'),
    ('prefer `Enum` over string constants for statuses',
     'Use `Enum` instead of string constants for statuses.'),
    ("don't add `console.log` statements, use the debug logger",
     'Use the debug logger instead of adding `console.log` statements.'),
]

# No rule can be stated cleanly from these (or it only holds for the task at hand): nothing is better than a wrong lesson.
NO_RULE += [
    'dont create a new migration for this, edit 0042_add_orders.py since it hasnt been merged yet',
    'NEVER commit secrets like API_KEY=sk-live-abcdef1234567890abcdef to the repo',
    'no thats the old endpoint, use /api/v2/orders',
    "no, that's not what I meant. I want the chart on the dashboard page",
    'ok now add a test for it',
    "hmm that didn't work, can you check the logs?",
    'wait, why is the build failing?',
    "nice, thanks! now let's do the same for the customers table",
    'no, the other file. the one in src',
    'revert your last change please',
    "that's close but the numbers are off by 100",
    'can you use a smaller font for this one',
    'just use whatever is simplest for now',
    'I think we should use redis here but let me check with the team first',
    "you're right, sorry, my mistake",
    'use the same approach as before',
    'make it faster',
    'no. try again with the full dataset',
    "it's fine, leave it as is",
    "Don't bother with the tests this time, I just want to see the output",
    "that's not the issue, the problem is the timezone",
    'No, I meant rename the variable in the other function',
    "ok let's use postgres for this one",
    "What's the difference between `ref` and `source`?",
    "Stop. Don't do anything else.",
    'please fix the failing test in tests/test_api.py',
    'use the file I gave you',
    'still wrong, look at line 42',
]


# Review comments as import-reviews stores them: suggestion blocks, quoted replies, questions, praise.
RULES += [
    ('This should use `Decimal` instead of float for the amount.',
     'Use `Decimal` instead of `float` for the amount.'),
    ("We don't log at INFO inside loops, use DEBUG.",
     'Never log at INFO inside loops; use DEBUG.'),
    ('```suggestion\n    return Decimal(amount) / 100\n```\nWe always convert cents with `Decimal`, never float division.',
     'Always convert cents with `Decimal`, never float division.'),
    ('> is this needed?\n\nYes — all public functions must have type hints in this package.',
     'All public functions must have type hints in this package.'),
    ('Heads up: migrations must not import models directly; use `apps.get_model()`.',
     'Migrations must not import models directly; use `apps.get_model()`.'),
    ('Prefer `pathlib` over `os.path` in new code.',
     'Use `pathlib` instead of `os.path` in new code.'),
    ('Do not use `print` in library code. Use the module logger.',
     'Use the module logger instead of `print` in library code.'),
    ('All SQL models in marts/ must have a unique key test in schema.yml.',
     'All SQL models in `marts/` must have a unique key test in `schema.yml`.'),
    ('This looks wrong: `fct_orders` should only reference `int_` models, not `stg_` models directly.',
     '`fct_orders` should only reference `int_` models, not `stg_` models directly.'),
]
NO_RULE += [
    "Could we use `httpx` here instead of requests? We're standardising on it.",
    'I think we should use a context manager here.',
    'Please add a test for the empty list case.',
    'Why not use `dataclasses.replace`?',
    'Missing `await` here.',
    'This will break on Windows paths.',
    'Can you move this into `utils/dates.py`? We keep date helpers there.',
    'Same comment as above.',
    "Let's not add another dependency for this; the stdlib `zoneinfo` is enough.",
    'Good catch!',
    'Not a blocker, but consider extracting this into a helper.',
    'Please revert the formatting changes in this file, they make the diff hard to review.',
    'Thanks for fixing this!',
]


# A later held-out set (16 of 20 gave a lesson before any change for them; 0 of 10 non-rules did).
RULES += [
    ('no dont use `SELECT DISTINCT` to dedupe, use `QUALIFY ROW_NUMBER()`',
     'Use `QUALIFY ROW_NUMBER()` instead of `SELECT DISTINCT` to dedupe.'),
    ('wrong folder — seeds go in seeds/ not data/seeds/',
     'Put seeds in `seeds/`, not `data/seeds/`.'),
    ('you forgot to add `__init__.py` to the new package',
     'Always add `__init__.py` to each new package.'),
    ('Use `logger.exception()` instead of `logger.error()` inside except blocks so we keep the stack trace',
     'Use `logger.exception()` instead of `logger.error()` inside except blocks.'),
    ('dont hardcode the bucket name, read it from `settings.S3_BUCKET`',
     'Never hardcode the bucket name; read it from `settings.S3_BUCKET`.'),
    ("stop importing `pandas` in the API layer, it's too heavy for lambda",
     'Never import `pandas` in the API layer.'),
    ('No, we use `ruff format` now, not black.',
     'Use `ruff format` instead of `black`.'),
    ('avoid `any` in TypeScript',
     'Avoid `any` in TypeScript.'),
    ('use `uuid7()` for new primary keys, not uuid4',
     'Use `uuid7()` for new primary keys instead of `uuid4`.'),
    ('please dont commit the `node_modules` folder lol',
     'Never commit the `node_modules` folder.'),
    ('why did you use `requests`? we use `aiohttp` in the async services',
     'Use `aiohttp` in the async services instead of `requests`.'),
    ('tests should never call the real Stripe API, use the `stripe_mock` fixture',
     'Tests should never call the real Stripe API; use the `stripe_mock` fixture.'),
    ("Don't put secrets in `docker-compose.yml`; use an `.env` file that is gitignored.",
     'Never put secrets in `docker-compose.yml`; use an `.env` file that is gitignored.'),
    ('rename `utils.py` to `helpers.py` please, utils is too vague',
     'Rename `utils.py` to `helpers.py`.'),
    ('we always add `ON DELETE CASCADE` to foreign keys that point at `users`',
     'Always add `ON DELETE CASCADE` to foreign keys that point at `users`.'),
]
NO_RULE += [
    # a step of this task, not a habit: a lesson saying so would be wrong for the next query (issue 20)
    'This query will do a full table scan. Please add a filter on the partition column `event_date` so we only scan what we need.',
    'the status bar is black which should have been white since my app is mostly dark',
    'fix the reach out link - make it work well on mobile. also remove the side to side scrolling on small screens',
    'can you fix the double scroll bar vertically - dont fix anything with horizontal scroll',
    'update the postgres user name, here is how i created it: CREATE USER rfp_user WITH PASSWORD \'pw\'; GRANT ALL ON DATABASE x TO rfp_user;',
    'follow camelCase and add SKU and offers.',
    'Please apply the console logging: add console logging to the handleKeyDown function in NavigationContext.tsx',
    'the video plotting need to fix.',
    'Maybe we should setup a log so we can see https status code etc.',
    'ok all but the build task are complete we have about 70 type errors i want you to group the errors and task '
    'together and create a new set of TASKS for type fixes and build errors, one file per group, each with the '
    'errors it fixes, the files it touches, the order to do them in, and a checkbox list; keep references to the '
    'task file the errors relate to, and do not fix anything yet: I want to review the plan first, then we go '
    'through the groups one by one and you update the task files as you finish each of them.',
    'ok thats better but can you make the chart bigger',
    'hmm interesting, why does it do that?',
    'nope still 500 on /api/orders',
    'just try it and see',
    "leave the tests alone for now, we'll fix them tomorrow",
    'you deleted my comment!',
    'yes do that',
    'no not yet, first show me the plan',
    'that works, ship it',
    'use the other approach we discussed',
]


# Rules the builtin reflector misses today (a model finds them). Not asserted to stay missed: whatever it
# makes of them must be a clean lesson.
MISSED = [
    'The grain of fct_orders is one row per order, dont join order_items in there, it fans out',
    "please write commit messages in imperative mood like 'Add x' not 'Added x'",
    'use the `kubectl --context staging` explicitly, never rely on the current context',
    "ok that works but next time run the linter before telling me you're done",
    'La columna se llama fecha_creacion, no created_at',
    'you keep writing tests that hit the network. mock httpx with respx',
    'you forgot the `@pytest.mark.django_db` marker on the db tests',
    'no need to write so many comments. Also use early returns.',
    "you're mixing tabs and spaces again!! use 2 spaces for yaml",
    'Wrong way round: the foreign key goes on the child table (order_items.order_id), not on orders',
    'all timestamps in the warehouse are UTC, do not convert them to local time in staging',
    'we use conventional commits: feat:, fix:, chore: etc',
    'this should use the repository pattern like the other services',
    'in the staging layer we only rename and cast columns, never join',
    'ugh, `Optional[str]` not `str | None`, we still support python 3.9',
    'nit: we usually name these `*_at` for timestamps, e.g. `created_at`.',
    'We should be consistent with the rest of the codebase and use f-strings.',
    'we never use `git push --force` on main, use --force-with-lease on your own branch',
    "it's `snake_case` for Python and `camelCase` for the TS side, not the other way round",
    'all dbt models need a description in the yml, you left them empty',
    'Again: timestamps are `TIMESTAMP_TZ` in Snowflake, never `TIMESTAMP_NTZ`.',
]


@pytest.mark.parametrize(("feedback", "lesson"), RULES, ids=[f"rule{i}" for i in range(len(RULES))])
def test_feedback_with_a_rule_becomes_that_lesson(feedback: str, lesson: str) -> None:
    assert extract_rule(feedback) == lesson


@pytest.mark.parametrize("feedback", NO_RULE, ids=[f"none{i}" for i in range(len(NO_RULE))])
def test_feedback_without_a_clean_rule_gives_nothing(feedback: str) -> None:
    assert extract_rule(feedback) is None


def test_every_lesson_is_one_short_line_that_passes_lint() -> None:
    for feedback, lesson in RULES:
        assert len(lesson) <= 140 and "\n" not in lesson and lesson.endswith(".")
        assert lesson[0].isupper() or lesson[0] == "`"
        assert lesson.count("`") % 2 == 0
        result = lint(lesson)
        assert result.ok, (feedback, lesson, result.reason)


def test_the_table_is_large_and_mixed() -> None:
    assert len(RULES) >= 100 and len(NO_RULE) >= 50


@pytest.mark.parametrize(("text", "marked"), [
    ("use snake_case and camelCase", "use `snake_case` and `camelCase`"),
    ("call ref() and os.path.join(a, b)", "call `ref()` and `os.path.join(a, b)`"),
    ("edit settings.py and models/staging/stg_orders.sql", "edit `settings.py` and `models/staging/stg_orders.sql`"),
    ("convert *_cents columns; prefix with stg_", "convert `*_cents` columns; prefix with `stg_`"),
    ("pass --no-cache to the build", "pass `--no-cache` to the build"),
    ("set DATABASE_URL in .env", "set `DATABASE_URL` in `.env`"),
    ("the Dockerfile and the Makefile", "the `Dockerfile` and the `Makefile`"),
    ("use `already marked` as is", "use `already marked` as is"),
    ("read/write and input/output, e.g. JavaScript or GitHub", "read/write and input/output, e.g. JavaScript or GitHub"),
    ("at the end of a sentence.", "at the end of a sentence."),
])
def test_identifiers_are_put_in_backticks(text: str, marked: str) -> None:
    assert mark_identifiers(text) == marked


def test_path_globs_scope_to_folders_and_extensions() -> None:
    assert path_globs(["models/staging/stg_a.sql", "models/staging/stg_b.sql"]) == ["models/staging/*.sql"]
    assert path_globs(["src/api/users.py", "tests/api/test_users.py"]) == ["src/api/*.py", "tests/api/*.py"]
    assert path_globs(["setup.py"]) == []  # a root-level file alone is no folder: project-wide
    assert path_globs(["out.txt", "services/api/app.py"]) == ["services/api/*.py"]
    assert path_globs(["/etc/passwd", "../outside/x.py", ".venv/lib/x.py", "~/notes.md"]) == []
    assert path_globs(["a/1.py", "b/2.py", "c/3.py", "d/4.py"]) == []  # spread out: the rule is general


def test_a_correction_after_a_root_level_write_is_project_wide() -> None:
    # The newcomer's case: the agent wrote `out.txt`, the user said generated output belongs under `build/`.
    items = [FeedbackItem("user_correction", "no, always put generated output under build/", "sig_1", "m1", ["out.txt"])]
    delta = reflect_builtin(items, []).deltas[0]
    assert delta["text"] == "Always put generated output under `build/`."
    assert "paths" not in delta


def test_a_lesson_naming_another_place_than_the_touched_folders_gets_no_trigger() -> None:
    items = [FeedbackItem("user_correction", "no, always put generated output under build/", "sig_1", "m1",
                          ["scripts/gen/make_report.py"])]
    assert "paths" not in reflect_builtin(items, []).deltas[0]
    assert trigger_for("Always put generated output under `build/`.", ["build/out/report.txt"]) == ["build/out/*.txt"]
    assert trigger_for("Keep `stg_orders.sql` thin.", ["models/staging/stg_orders.sql"]) == ["models/staging/*.sql"]
    assert trigger_for("Use `models/staging/` for renames.", ["models/staging/a.sql"]) == ["models/staging/*.sql"]
    assert trigger_for("Never edit `.env` by hand.", ["app/config.py"]) == []
    assert trigger_for("Use `os.path` and `ref()` here.", ["app/config.py"]) == ["app/*.py"]
    # review10 R10-13a: a rule about a command holds wherever the agent works, not only in the file it had open
    assert trigger_for("Never use `pip`.", ["app/money.py"]) == []
    # review13 R13-26: a rule whose words say it holds everywhere is not narrowed to the folder it came from
    assert trigger_for("Use `pathlib.Path` instead of `os.path` joins in new code.", ["src/files.py"]) == []
    assert trigger_for("Log with `structlog` everywhere.", ["src/files.py"]) == []
    assert trigger_for("Keep functions short in this repo.", ["src/files.py"]) == []
    assert trigger_for("Use `uv add` instead of `pip install`.", ["app/money.py"]) == []
    assert trigger_for("Run `pytest` before `ruff format`.", ["app/money.py"]) == []
    assert trigger_for("Use `Decimal` instead of `float` for money.", ["app/money.py"]) == ["app/*.py"]


def test_named_paths_are_files_and_folders_not_identifiers() -> None:
    assert named_paths("Put `out.txt` under `build/`; see `Makefile`, `.env`, `os.path`, `ref()`, `TABLE_NAME`.") == [
        "out.txt", "build/", "Makefile", ".env"]


def _lesson(lesson_id: str, text: str, helpful: int = 0) -> dict:
    return {"id": lesson_id, "text": text, "tags": [], "scope": "project", "helpful": helpful, "harmful": 0,
            "applied": 0, "created": "2025-01-01T00:00:00.000Z", "updated": "2025-01-01T00:00:00.000Z"}


def test_reflect_builtin_adds_scoped_lessons_and_skips_what_it_cannot_state() -> None:
    items = [
        FeedbackItem("user_correction", "no, use source() instead of hardcoding the raw table name", "sig_1", "m1",
                     ["models/staging/stripe/stg_stripe__payments.sql"]),
        FeedbackItem("user_correction", "that's still broken", "sig_2", "m2", []),
        FeedbackItem("tool_retry", "Bash failed 3 times: dbt: command not found", "sig_3", None, []),
    ]
    result = reflect_builtin(items, [])
    assert result.deltas == [{
        "op": "ADD", "text": "Use `source()` instead of hardcoding the raw table name.",
        "reason": 'user_correction: "no, use source() instead of hardcoding the raw table name"',
        "paths": ["models/staging/stripe/*.sql"],
        "cites": ["m1"],  # the item it came from (its message, else its signal): the learner checks it
    }]
    assert result.skipped == [("sig_2", BROKEN),
                              ("sig_3", "it names no shell command: what to do instead needs a model to read the session")]


def test_apply_paths_given_means_no_scoping_from_the_session() -> None:
    items = [FeedbackItem("review", "Please use `Decimal` for money amounts, not float.", "sig_1", None, ["app/money.py"])]
    delta = reflect_builtin(items, [], scope_paths=False).deltas[0]
    assert "paths" not in delta


def test_restating_an_existing_lesson_marks_it_helpful() -> None:
    lessons = [_lesson("L-aaaa1111", "Use `ref()` instead of hardcoding table names.")]
    items = [FeedbackItem("user_correction", "no, use ref() instead of hardcoding table names!", "sig_1")]
    deltas = reflect_builtin(items, lessons).deltas
    assert [d["op"] for d in deltas] == ["HELPFUL"] and deltas[0]["id"] == "L-aaaa1111"


def test_restatement_without_a_rule_still_counts_as_helpful() -> None:
    lessons = [_lesson("L-bbbb2222", "Convert `amount_cents` to dollars with `cents_to_dollars()` in staging models.")]
    items = [FeedbackItem("review", "amount_cents again!! staging models convert to dollars with cents_to_dollars()",
                          "sig_1")]
    deltas = reflect_builtin(items, lessons).deltas
    assert deltas == [{"op": "HELPFUL", "id": "L-bbbb2222", "reason": deltas[0]["reason"], "cites": ["sig_1"]}]


def test_an_opposite_rule_on_the_same_identifier_supersedes_the_old_lesson() -> None:
    lessons = [_lesson("L-cccc3333", "Use `moment.js` for date formatting in the frontend.")]
    items = [FeedbackItem("user_correction", "we don't use moment.js anymore, use date-fns", "sig_1")]
    delta = reflect_builtin(items, lessons).deltas[0]
    assert delta["op"] == "ADD" and delta["supersedes"] == "L-cccc3333"
    assert delta["text"] == "Use `date-fns` instead of `moment.js`."


def test_an_agreeing_rule_on_the_same_identifier_declares_coexists() -> None:
    lessons = [_lesson("L-dddd4444", "Never use `print()` in library code.")]
    items = [FeedbackItem("review", "Please don't use print() in the CLI scripts either", "sig_1")]
    delta = reflect_builtin(items, lessons).deltas[0]
    assert delta["coexists"] == ["L-dddd4444"] and "supersedes" not in delta


def test_same_rule_twice_in_one_batch_is_added_once_and_at_most_three_adds() -> None:
    items = [FeedbackItem("user_correction", t, f"sig_{i}") for i, t in enumerate([
        "use pnpm, not npm", "it's pnpm, not npm", "never commit directly to main",
        "Always use `snake_case` for column names", "stop adding comments to every line"])]
    result = reflect_builtin(items, [])
    texts = [d["text"] for d in result.deltas]
    assert texts == ["Use `pnpm` instead of `npm`.", "Never commit directly to main.",
                     "Always use `snake_case` for column names."]
    assert ("sig_1", "same rule as another piece of feedback") in result.skipped
    assert ("sig_4", "more than 3 new lessons in one reflection; kept for the next one") in result.skipped
    assert result.waiting == {"sig_1", "sig_4"} and result.sources == ["sig_0", "sig_2", "sig_3"]


def test_builtin_is_deterministic() -> None:
    items = [FeedbackItem("review", feedback, f"sig_{i}") for i, (feedback, _) in enumerate(RULES[:10])]
    assert reflect_builtin(items, []).deltas == reflect_builtin(items, []).deltas


def test_the_task_part_of_a_correction_is_left_out() -> None:
    assert extract_rule("never use unwrap in src/net; clean up the ones in client.rs") == \
        "Never use `unwrap` in `src/net`."


def test_chat_fillers_at_the_end_are_not_part_of_the_rule() -> None:
    assert extract_rule("please dont commit the `node_modules` folder lol") == "Never commit the `node_modules` folder."
    assert extract_rule("use `uuid7()` for new primary keys, not uuid4 pls") == \
        "Use `uuid7()` for new primary keys instead of `uuid4`."


def test_typographic_quotes_and_missing_apostrophes_read_like_careful_typing() -> None:
    assert extract_rule("don\u2019t use print, use the logger") == extract_rule("don't use print, use the logger") \
        == "Use the logger instead of `print`."
    assert extract_rule("dont use print, use the logger") == "Use the logger instead of `print`."


def test_a_correction_for_the_task_at_hand_is_not_a_rule() -> None:
    for text in ("use the staging db for now", "skip the integration tests this time, just run unit",
                 "don't create a new migration for this, edit the last one", "temporarily use sqlite"):
        assert extract_rule(text) is None, text


def test_annotations_decorators_and_scoped_packages_are_code() -> None:
    assert mark_identifiers("use @Autowired, @pytest.fixture and @tanstack/react-query") == \
        "use `@Autowired`, `@pytest.fixture` and `@tanstack/react-query`"
    assert mark_identifiers("mail bob@example.com") == "mail bob@example.com"  # an address is not an annotation
    assert mark_identifiers("edit 0042_add_orders.py") == "edit `0042_add_orders.py`"


@pytest.mark.parametrize("feedback", MISSED, ids=[f"missed{i}" for i in range(len(MISSED))])
def test_a_rule_the_builtin_misses_gives_nothing_or_a_clean_lesson(feedback: str) -> None:
    lesson = extract_rule(feedback)
    assert lesson is None or (len(lesson) <= 140 and lint(lesson).ok)


@pytest.mark.parametrize(("feedback", "lesson"), [
    ("from now on, run ruff before committing", "Always run `ruff` before committing."),
    ("Next time, ask before deleting files.", "Always ask before deleting files."),
    ("going forward always add type hints to new functions", "Always add type hints to new functions."),
    ("in future never create test files for UI components", "Never create test files for UI components."),
    ("moving forward please write tests for every new endpoint", "Always write tests for every new endpoint."),
    ("from now on use pnpm instead of npm", "Use `pnpm` instead of `npm`."),
])
def test_a_from_now_on_request_is_a_standing_rule(feedback: str, lesson: str) -> None:
    """"From now on, X" says X holds every time: an imperative that is otherwise a task step becomes a rule."""
    assert extract_rule(feedback) == lesson
    assert lint(lesson).ok


@pytest.mark.parametrize("feedback", ["from now on, fix the header", "in the future, remove the scrollbar",
                                      "next time, when you are done, tell me"])
def test_a_from_now_on_lead_does_not_make_a_task_step_a_rule(feedback: str) -> None:
    assert extract_rule(feedback) is None


def test_learn_reflect_reads_a_reminder_or_corrective_question_as_the_rule_it_carries() -> None:
    """The same restatement as the learner's offline path: `learn reflect` with no model learns from a reminder."""
    items = [FeedbackItem("user_correction", "i told you already to use pnpm not npm", "s1"),
             FeedbackItem("user_correction", "didn't we say to use ruff instead of black?", "s2"),
             FeedbackItem("user_correction", "why is this still broken?", "s3")]
    result = reflect_builtin(items, [])
    assert [(d["op"], d["text"]) for d in result.deltas] == [("ADD", "Use `pnpm` instead of `npm`."),
                                                            ("ADD", "Use `ruff` instead of `black`.")]
    assert result.sources == ["s1", "s2"] and result.skipped == [("s3", BROKEN)]


@pytest.mark.parametrize("feedback", [
    "still broken when I submit the code: Cannot read properties of undefined (reading 'id')",
    "Console errors:\nloadVideos\t@\tmain.js:287\nawait in loadVideos\n(anonymous)\t@\tmain.js:93\n<App>",
    "python app.py\nTraceback (most recent call last):\n  File \"/home/me/app/web/config.py\", line 13, in <module>\n"
    "    from pydantic import BaseModel, BaseSettings, Field\n  File \"/venv/pydantic/__init__.py\", line 412, in x\n"
    "    return _getattr_migration(attr_name)\n           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
    "pydantic.errors.PydanticImportError: `BaseSettings` has been moved",
    "However when I open up a new terminal in wsl I see this\n\n/home/me/.zprofile:20: no such file or directory: "
    "/opt/homebrew/bin/brew\ngrep: warning: GREP_OPTIONS is deprecated; please use an alias or script\n"
    "/home/me/.fzf.zsh:7: command not found: fzf",
])
def test_a_pasted_error_or_stack_trace_is_never_made_into_a_rule(feedback: str) -> None:
    """Error messages ("Cannot read …"), browser stacks ("await in X") and traceback code lines are output."""
    assert extract_rule(feedback) is None


def test_prose_after_a_traceback_is_still_read() -> None:
    feedback = ("Traceback (most recent call last):\n  File \"x.py\", line 3, in <module>\n    import requests\n"
                "ModuleNotFoundError: No module named 'requests'\n\nwe always use httpx instead of requests")
    assert extract_rule(feedback) == "Use `httpx` instead of `requests`."


@pytest.mark.parametrize(("feedback", "lesson"), [
    # a complaint about what the agent fails to do is never turned into its prohibition
    ("you never run the tests before committing", "Always run the tests before committing."),
    ("you don't check the return value of write", None),
    ("you stopped using the logger", None),
    ("you no longer run the linter before commits", None),
    # "you" with a modal forbids, as "we don't" states the team's way
    ("you shouldn't hardcode the api url in components", "Never hardcode the api url in components."),
    ("you can't use localStorage in server components", "Never use `localStorage` in server components."),
    ("we don't use print for logging", "Never use `print` for logging."),
    # a question without its "?" mark, and shouting, are not rules
    ("no improvement. Do we need to close and restart the mcp server ? I dont think we did that", None),
    ("ALL THE THINGS IN HISTORY MUST BE REBUILT", None),
    ("NEVER use eval in the parser", "Never use `eval` in the parser."),
])
def test_what_the_agent_fails_to_do_questions_and_shouting_are_never_inverted_into_rules(feedback, lesson) -> None:
    assert extract_rule(feedback) == lesson


@pytest.mark.parametrize("feedback", [
    "Please commence Task 4. There is no need to stop after each subtask.",  # was "There is no must stop after …"
    "What we need to do is add guardrails so that it can ask again",  # was "What we must do is add guardrails."
    "im assuming well need to add the expired event ourselves",  # was "Im assuming well must add …"
    "Request multiple instrument - for the user no need to fill up again",  # was "For the user no must fill up."
])
def test_need_to_inside_a_clause_is_not_read_as_a_rule(feedback: str) -> None:
    """Real dev messages: "need to" became "must" after a subject that is a clause ("there is no", "what we")."""
    assert extract_rule(feedback) is None


@pytest.mark.parametrize(("feedback", "lesson"), [
    ("Don't use npm here, use pnpm instead.", "Use `pnpm` instead of `npm`."),
    ("Stop using print, use the logger instead.", "Use the logger instead of `print`."),
    ("don't use moment, use dayjs instead!", "Use `dayjs` instead of `moment`."),
    ("Don't use npm, use pnpm instead", "Use `pnpm` instead of `npm`."),
])
def test_a_sentence_ending_in_instead_gives_no_doubled_word(feedback: str, lesson: str) -> None:
    """"…, use X instead." with its full stop: the "instead" is the sentence's, not part of what to use (review8
    R8-1: "Use `pnpm` instead instead of `npm`." was what a person typing the commonest correction approved)."""
    assert extract_rule(feedback) == lesson


@pytest.mark.parametrize("feedback", [
    'Save the file in the "commands" folder as "Finalize.md"',
    "save the report to docs/notes as summary.md please",
    "ask gemini pro and o3 to read @Bio.md and all other .md files before evaluating.",
    "Load the .env values as well in @src/main.py",
])
def test_a_step_about_one_file_of_this_task_is_no_rule(feedback: str) -> None:
    """Where to save one file, and a file attached to this one message with an @-mention, are steps of the task at
    hand (real dev corrections, corpus session #8), not rules for every later session."""
    assert extract_rule(feedback) is None


@pytest.mark.parametrize(("feedback", "lesson"), [
    ("always read @AGENTS.md before editing", "Always read `@AGENTS.md` before editing."),
    ("Always save files as UTF-8", "Always save files as UTF-8."),
    ("Please use @pytest.fixture for shared setup, not setUp methods",
     "Use `@pytest.fixture` for shared setup instead of `setUp` methods."),
])
def test_an_attached_file_or_saving_still_makes_a_rule_that_says_it_holds(feedback: str, lesson: str) -> None:
    assert extract_rule(feedback) == lesson


def test_a_rule_cut_mid_sentence_or_a_value_chosen_for_one_script_is_no_lesson():
    from altimate_learn.reflect.providers.builtin import extract_rules

    assert extract_rules("use the median of 5 runs as the baseline, then compare (p95 against it") == []
    assert extract_rules("use batch_size = min(64, len(train_rows) // 8)") == []
    assert extract_rules("You forgot to convert amount_cents to dollars. Staging models must use the "
                         "cents_to_dollars() macro for every *_cents column.") == [
        "Staging models must use the `cents_to_dollars()` macro for every `*_cents` column."]


@pytest.mark.parametrize(("feedback", "lesson"), [
    # review13 R13-15: only the flag was in backticks ("run ruff check `--fix`"), as if the flag alone were the code
    ("Reviewer: please never commit unused imports; run ruff check --fix before pushing.",
     "Never commit unused imports; run `ruff check --fix` before pushing."),
    ("Run mypy --strict on src/ before merging.", "Run `mypy --strict` on `src/` before merging."),
    ("always call git push --force-with-lease, never git push --force",
     "Always call `git push --force-with-lease`, never `git push --force`."),
    # no command before the flag: it stays alone
    ("Never pass --no-verify when committing.", "Never pass `--no-verify` when committing."),
])
def test_a_flag_is_written_with_its_command(feedback: str, lesson: str) -> None:
    assert extract_rule(feedback) == lesson


def test_a_function_word_after_never_is_prose_not_code() -> None:
    """review14 R14-9: "never as epoch numbers" was rendered "never `as` epoch numbers"."""
    from altimate_learn.reflect.providers.builtin import correction_rules

    assert correction_rules("No, store dates as ISO strings, never as epoch numbers.")[0] == [
        "Store dates as ISO strings, never as epoch numbers."]
    assert correction_rules("No, return amounts from the API as strings, never as JSON numbers.")[0] == [
        "Return amounts from the API as strings, never as JSON numbers."]
    assert correction_rules("No, name migration files like 0001_add_refunds_table.py, not just a number.")[0] == [
        "Name migration files like `0001_add_refunds_table.py`, not just a number."]
    assert correction_rules("No, use structlog for logging, never print.")[0] == [
        "Use `structlog` for logging, never `print`."]  # a name after never is still code


def test_a_never_put_rule_that_leaves_out_where_it_goes_waits_for_a_model() -> None:
    """review14 R14-2: "don't put the business logic in the route handler. Totals are computed in src/shop/services/
    ..." became "Never put the business logic in the route handler.": where it goes was lost."""
    text = ("No, don't put the business logic in the route handler. Totals are computed in src/shop/services/ and the "
            "handler only calls the service.")
    result = reflect_builtin([FeedbackItem("user_correction", text, "sig_1", "m1", ["src/shop/api.py"])], [])
    assert result.deltas == []
    [(who, why)] = result.skipped
    assert who == "sig_1" and "names `src/shop/services/`" in why and "sig_1" not in result.waiting
    # the "never" rule alone, with no place named, is still a lesson
    alone = reflect_builtin([FeedbackItem("user_correction", "No, don't put business logic in the route handler.",
                                          "sig_2", "m2", [])], [])
    assert [d["text"] for d in alone.deltas] == ["Never put business logic in the route handler."]
    # the place in an imperative clause of the same message: both clauses, one lesson (review14 R14-2 residual)
    both = reflect_builtin([FeedbackItem("user_correction", "No, never compute totals in the route handler; put "
                                         "business logic in src/shop/services/.", "sig_4")], [])
    assert [d["text"] for d in both.deltas] == [
        "Never compute totals in the route handler; put business logic in `src/shop/services/`."]
    # the reviewer's real opencode session: what to do instead, after a semicolon
    settings = reflect_builtin([FeedbackItem("user_correction", "no, don't read DATABASE_URL in db.py; all settings "
                                             "come from src/shop/settings.py via pydantic-settings", "sig_3")], [])
    assert settings.deltas == [] and "names `src/shop/settings.py`" in settings.skipped[0][1]



def test_tool_names_and_the_command_a_run_names_are_code() -> None:
    """review14 R14-28: the demo's own lesson read "Never call pytest directly; run make test."."""
    from altimate_learn.reflect.providers.builtin import correction_rules

    assert correction_rules("Don't call pytest directly here; run make test instead, it sets PYTHONPATH and starts the "
                            "test database.")[0] == ["Never call `pytest` directly; run `make test`."]
    assert correction_rules("Always run ruff check before committing.")[0] == ["Always run `ruff check` before committing."]
    assert correction_rules("we use black for formatting")[0] == ["Use `black` for formatting."]
