"""Concepts: words of software work that name the same thing, so a request finds a lesson in other words.

People ask in their own words: "a read replica of the db" for a lesson about "RDS instances", "k8s" for
"Deployments" and "CronJobs", "ci is red" for a rule about "workflows", "creds" for "secrets", "hangs" for
"timeouts". Folding (:mod:`altimate_learn.deliver.morphology`) joins the forms of one word; this table joins
different words for one idea. Each group in :data:`GROUPS` is a concept; a lesson or a request that holds
any member word (or two-word member, such as "api key") gets the group's concept term (`~database`,
`~kubernetes`, `~ci`) besides its own words.

The concept terms have their own postings in the same BM25 index, at :data:`WEIGHT` of an exact term's
weight and without counting towards a lesson's length, so the score of every plain term stays rank-bm25's
(see :mod:`altimate_learn.deliver.bm25`). A concept shared by a request and a lesson scores, and counts as
:data:`WEIGHT` of a shared term in the relevance floor, only when they share no member of it as an exact
word (see :func:`links`): "database" in both is one shared word, not a word and its idea; and an idea plus
one common word ("a model for disputes": `model`, `~payment`) is not yet a lesson about the request.

The groups go through the areas of a mixed repository one by one (data stores, infrastructure, access and
secrets, code and tests, services, money and dates, dbt and the warehouse, web UI), each with the words
people type for the idea, symptoms included: "hangs" is a timeout, "100x too big" is cents and dollars,
"jumps around while it loads" is a loading state, "goes white" an unhandled error, "uid 0" a root user.

What belongs in a group: words a developer uses interchangeably for one thing in this trade (synonyms,
abbreviations, a product and its kind: `postgres`, `mysql` and `rds` are databases; `s3` and `rds` are AWS),
never words that only tend to appear together. Ambiguous words are left out (`cluster`: Kubernetes or a
table's clustering; `task`: Celery or asyncio; `staging`: an environment or a dbt layer; `card`: a payment
or a UI card; `comma`: a decimal separator or SQL style), and so is any word whose folded form is another,
everyday word (`spinner` folds to `spin`: "spin up a replica" is no loading state). The table is the same
for every project; it is data, not tuning to one store.

The member words are folded when the delivery index is prepared, and the folded table is kept in the
prepared index, so a hook looks concepts up in a dict and never folds the table itself.
"""

from __future__ import annotations

WEIGHT = 0.5  # a concept match, relative to the same word matched exactly
PREFIX = "~"  # concept terms cannot collide with words: words are runs of letters, digits and "_"
# An implied concern (:mod:`altimate_learn.deliver.implied`): "^email" scores on the postings of "~email" at
# IMPLIED_FACTOR × a concept's weight (defined here, with the concept's, so the hook never imports that table).
IMPLIED = "^"
KIND = "@"  # a word of a file's name in the implied table (`@list` for `OrdersList.tsx`): no request word has it
IMPLIED_FACTOR = 0.5
# A request word's neighbour (:mod:`altimate_learn.deliver.neighbours`): "≈color" for "colour" scores on the
# postings of "color" at NEAR_WEIGHT of an exact match (and adds that much of its idf to the evidence), and counts
# NEAR_SHARED of a shared term in the relevance floor: the same word in another spelling (defined here too).
NEAR = "≈"
NEAR_WEIGHT = 0.4
NEAR_SHARED = 1.0

# concept name -> member words; "a b" is a two-word member (matched on adjacent words). Grouped by the areas of
# a mixed repository; each group is what people type for one idea, symptoms included ("hangs" is a timeout,
# "100x too big" is cents and dollars, "goes white" is an unhandled error), never words that merely co-occur.
GROUPS: dict[str, str] = {
    # --- data stores and infrastructure ---------------------------------------------------------------
    "database": "database databases db dbs datastore postgres postgresql psql pg mysql mariadb rds aurora sqlite "
                "mongodb mongo dynamodb|read replica|data store",
    "kubernetes": "kubernetes k8s kube kubectl pod pods eks gke aks helm kustomize argo argocd fluxcd gitops",
    "container": "docker dockerfile dockerfiles container containers containerize containerized podman|docker compose",
    "ci": "ci cicd pipeline pipelines workflow workflows gha jenkins circleci buildkite|github actions|"
          "gitlab ci|continuous integration|ci cd",
    "terraform": "terraform tf iac hcl tfvars opentofu",
    "aws": "aws amazon s3 rds iam kms ecr eks sqs sns ec2 cloudfront route53 dynamodb cloudwatch|"
           "secrets manager",
    "storage": "storage s3 bucket buckets gcs blob blobs minio|object storage|blob storage|file storage",
    "network": "network networking vpc subnet subnets firewall ingress egress cidr networkpolicy|security group|"
               "security groups|network policy|default deny",
    "exposure": "internet reachable unreachable|internet facing|all interfaces|public access|"
                "public ip|public load|publicly accessible|private subnet|private subnets|open port|open ports",
    "dns": "dns subdomain subdomains cname hostname hostnames|dns record|dns records|domain name",
    "tls": "tls ssl cert certs certificate certificates mtls|in transit",
    "encryption": "encrypt encryption encrypted encrypting unencrypted kms|at rest|customer managed",
    "backup": "backup backups restore restores restored pitr|back up|disaster recovery",
    "data_loss": "destroy destroyed wipe wiped|deletion protection|prevent destroy|accidentally deleted|data loss|"
                 "lost data",
    "retention": "retention retain retained purge purged purging archival|cold storage|hot tier",
    "health": "health healthcheck healthchecks healthz readiness probe probes crashloop crashloopbackoff restart "
              "restarts restarted|health check|health checks|health endpoint|startup probe",
    "memory": "memory oom oomkilled ram|memory limit|memory limits|whole table|whole tables",
    "scaling": "hpa autoscale autoscaling autoscaler|scale up|scale out|scale down|traffic spike|"
               "replica count|pod count|more pods|more replicas|fewer pods|fewer replicas|single pod|single replica|"
               "one pod|two pods|three pods|four pods|five pods|2 pods|3 pods|4 pods|5 pods|6 pods|8 pods|10 pods|"
               "two replicas|three replicas|2 replicas|3 replicas|4 replicas|5 replicas|10 replicas",
    "root_user": "uid nonroot sudo runasnonroot runasuser|non root|as root|root user|"
                 "security context|uid 0",
    "version_pin": "pin pins pinned pinning unpinned upgrade upgrades upgraded upgrading bump bumps bumped semver|"
                   "latest tag|version tag|version constraint|commit sha",
    "build_cache": "reinstall reinstalls reinstalled|build cache|slow build|slow builds|"
                   "docker cache|docker layer|docker layers|layer cache|layers cached|image layers",
    "laptop": "laptop laptops workstation|own machine|my machine|their machine|local machine",
    "shell": "shell bash zsh shellcheck pipefail errexit|shell script|shell scripts|bash script|bash scripts|"
             "exit code|exit status|kept going|keeps going",
    "makefile": "makefile makefiles phony|make target|make targets",
    "tagging": "tag tags tagging tagged|cost allocation",
    # --- configuration, secrets, access ----------------------------------------------------------------
    "authentication": "authn authentication authenticate login logins signin sso oauth oidc jwt mtls saml logout "
                      "signout|log in|sign in|single sign|log out|logged out|sign out|signed out|kicked out|"
                      "current user",
    "authorization": "authz authorization authorize permission permissions scope scopes rbac acl privilege privileges "
                     "unauthorized unauthorised forbidden wildcard overprivileged|access control|"
                     "least privilege|full access|admin rights",
    "secret": "secret secrets credential credentials creds cred password passwords passwd apikey token tokens|"
              "api key|api keys|access key|access keys|private key|secrets manager",
    "signature": "signature signatures hmac signed signing|timing attack|constant time",
    "configuration": "config configuration cfg conf configmap configmaps dotenv envvar hardcoded hardcode|"
                     "hard coded|hard code|env var|env vars|"
                     "environment variable|environment variables",
    "environment": "env envs environment environments prod production dev development qa uat sandbox",
    "privacy": "pii gdpr privacy leak leaks leaked leaking anonymize anonymise redact redacted|personal data|"
               "personally identifiable|email address|email addresses|phone number|phone numbers",
    "injection": "injection sqli|sql injection|bound parameter|bound parameters|parameterized query|"
                 "prepared statement|raw sql|string formatting",
    "xss": "xss sanitize sanitise sanitizer innerhtml dangerouslysetinnerhtml unescaped onerror|cross site|raw html|"
           "script tag|script tags|html injection|script injection|malicious script|escape html|"
           "html escaping",
    "flag": "flag flags toggle toggles launchdarkly unleash rollout canary experiment experiments beta pilot gradual "
            "gradually phased|feature flag|"
            "feature flags|feature toggle|kill switch|dark launch|per account|per customer|per tenant|"
            "per workspace|per user|per team|turn on|turn off|switch on|switch off|roll out",
    # --- code, dependencies, tests ---------------------------------------------------------------------
    "dependency": "dependency dependencies deps dep package packages pkg library libraries "
                  "npm pnpm yarn pip poetry pipenv lockfile renovate dependabot|third party|lock file",
    "repository": "repo repos repository repositories monorepo codebase|code base",
    "test": "test tests testing pytest jest vitest unittest playwright cypress|unit test|unit tests",
    "mock": "mock mocks mocked mocking stub stubs stubbed stubbing fake fakes monkeypatch respx msw|test double",
    "test_data": "factory factories fixture fixtures faker|test data",
    "clock": "clock clocks freezegun midnight|frozen time|freeze time|time travel|current time",
    "lint": "lint linter linting eslint ruff flake8 pylint shellcheck stylelint|static analysis",
    "typing": "mypy pyright annotation annotations|type hint|type hints|type check|type checking",
    "imports": "import imports imported|relative import|relative imports|relative path|relative paths|"
               "absolute import|absolute imports",
    "documentation": "documentation docs doc readme docstring docstrings changelog description descriptions",
    "dead_code": "unused cruft|dead code|commented out|unused code",
    "ticket": "ticket tickets jira todo todos fixme|ticket id",
    "spelling": "spelling spelled british american|en us|en gb",
    "pull_request": "diff diffs|pull request|pull requests|changed lines|lines changed",
    "naming": "naming rename renamed renaming prefix prefixed suffix convention conventions casing|snake case|"
              "camel case|pascal case|naming convention",
    "enum": "enum enums strenum|union type|union types|string union|status field|status fields",
    # --- services: requests, jobs, errors --------------------------------------------------------------
    "http": "http httpx urllib aiohttp curl connection connections|http client|http call|http calls|api call|"
            "api calls|outbound call|outbound calls|connection pool|keep alive|external api",
    "concurrency": "concurrency concurrent concurrently parallel asyncio gather taskgroup coroutine coroutines|"
                   "in parallel|event loop|sibling tasks",
    "blocking": "synchronous|blocking io|blocking call|blocking calls|event loop",
    "cache": "cache caches cached caching redis memcached memcache memoize memoization ttl invalidate "
             "invalidation stale reinstall reinstalls reinstalled|hang onto|hold onto|keep around|same answer|"
             "same result|same results|same response|same responses",
    "queue": "queue queues sqs sns kafka rabbitmq pubsub broker dlq consumer consumers|dead letter|message broker|"
             "poison message|poison messages",
    "job": "celery worker workers rq dramatiq|background job|background jobs|background task|background tasks|"
           "job queue|task queue",
    "batch": "batch batches batching chunk chunks chunked bulk|batch size",
    "schedule": "cron crontab cronjob cronjobs schedule scheduled scheduler periodic nightly|every night|"
                "every hour|every day|every morning|celery beat",
    "email": "email emails mail mails mailer smtp sendgrid mailgun newsletter inbox",
    "error": "error errors exception exceptions err failure failures crash crashes crashed traceback stacktrace "
             "swallow swallowed swallowing silently sentry bugsnag rollbar|stack trace|white screen|"
             "blank page|blank screen|white page|goes white|error page",
    "retry": "retry retries retried retrying backoff tenacity transient|try again",
    "timeout": "timeout timeouts hang hangs hanging hung stuck unresponsive|time out|timed out|times out|"
               "wait forever|waits forever|waiting forever|waited forever|spins forever|spinning forever|"
               "never returns|never responds|never responded|never answers",
    "pagination": "paginate paginated pagination paginator cursor offset|load more|infinite scroll|next page|"
                  "every row|all rows|all records|page size",
    "duplicate": "duplicate duplicates duplicated duplication dedupe dedup deduplicate deduplication twice "
                 "idempotent idempotency|double count|double counted|double click|double clicking|double charge|"
                 "double submit|charged twice|counted twice|exactly once",
    "validation": "validate validates validation validator validators invalid malformed|bad input|"
                  "invalid input|input validation",
    "identifier": "uuid uuids guid guids ulid ulids uuid1 uuid4 uuid7 uuidv4 uuidv7 autoincrement|primary key|"
                  "primary keys|auto increment",
    "date_format": "iso epoch rfc3339|iso 8601|unix time|unix seconds|unix timestamp|date format|date string|"
                   "date strings",
    "observability": "metric metrics prometheus grafana datadog telemetry tracing traces opentelemetry otel "
                     "observability monitoring instrumentation counter counters gauge gauges histogram histograms",
    "alert": "alert alerts alerting pagerduty oncall pager alarm alarms|on call|noisy alert|noisy alerts|"
             "alert fatigue|woken up|false alarm|false alarms",
    "log": "log logs logging logger loggers structlog loguru datadog splunk kibana papertrail|log line|log lines",
    "performance": "slow slowness performance perf latency laggy sluggish bottleneck speedup optimize optimise|"
                   "n 1|too slow|takes forever",
    # --- money, numbers, dates -------------------------------------------------------------------------
    "money": "money monetary currency currencies price prices pricing cent cents dollar dollars usd eur gbp jpy yen "
             "euro euros fx forex amount amounts subtotal discount discounts 100x|exchange rate|exchange rates|"
             "order total|order totals|cart total|grand total|invoice total|"
             "minor unit|smallest unit",
    "payment": "payment payments pay paid charge charges charged checkout billing stripe refund refunds "
               "chargeback chargebacks dispute disputes disputed payout payouts invoice invoices adyen paypal braintree klarna|"
               "credit card",
    "decimal": "decimal decimals float floats rounding nan parsefloat parsedecimal|locale separator|locale separators|"
               "floating point|decimal point|decimal separator|thousands separator|numeric input|"
               "number input",
    "ratio": "ratio ratios percentage percentages pct average averages avg ctr|conversion rate|churn rate|"
             "retention rate|bounce rate|click rate|open rate|win rate|attach rate|activation rate|renewal rate|"
             "cancellation rate|refund rate|completion rate|adoption rate|click through|conversion rates|churn rates|"
             "retention rates",
    "division": "divide division denominator denominators|divide by|division by|divided by|by zero",
    "timezone": "timezone timezones tz utc gmt dst midnight naive utcnow tzinfo zoneinfo pytz|time zone|time zones|wrong day|local time|"
                "server time|daylight saving|hours off|hour off|hours early|hour early",
    "calendar": "calendar calendars|date spine|date list|date lists|missing days|missing dates|missing months|"
                "missing weeks|empty days",
    "fiscal": "fiscal quarter quarters quarterly q1 q2 q3 q4 fy|fiscal year|financial year",
    "relative_time": "ago|time ago|relative time|relative times|minutes ago|hours ago",
    # --- dbt and the warehouse -------------------------------------------------------------------------
    "warehouse": "warehouse dwh snowflake bigquery redshift databricks|data warehouse",
    "bi": "bi looker tableau metabase superset dashboard dashboards|business intelligence|power bi",
    "partition": "partition partitions partitioned partitioning clustering|cluster by|full scan|"
                 "bytes scanned|query cost",
    "late_data": "backfill backfills lookback reprocess reprocessing|late arriving|late data|full refresh|"
                 "catch up|arrive late|arrives late|day late|days late|land late|lands late",
    "freshness": "freshness stale staleness outdated|not updated",
    "history": "snapshot snapshots scd history historical|slowly changing|valid from|valid to",
    "soft_delete": "tombstone tombstones|soft delete|soft deleted|soft deletes|is deleted",
    "window": "cumulative|running total|running totals|row number|moving average|window function|"
              "window functions",
    "attribution": "attribution utm campaign campaigns touchpoint touchpoints|last touch|first touch|last click|"
                   "traffic source",
    "internal_users": "employee employees staff dogfood dogfooding|internal user|internal users|test account|"
                      "test accounts",
    "raw_data": "|raw data|raw table|raw tables|source table|source tables|upstream table|upstream tables",
    "join_key": "fanout|surrogate key|surrogate keys|natural key|natural keys|join key|join keys|composite key|"
                "unique key|fan out",
    "incremental": "incremental|full refresh|new rows|changed rows|only new",
    "seed": "seed seeds|csv file|csv files|lookup table|mapping table|static mapping|static data",
    "macro": "jinja macro macros|dbt utils",
    "grain": "grain grains granularity|per day|per week|per month|by day|by week|by month|group by",
    "materialization": "materialize materialized materialization materializations ephemeral|as view|as table",
    "type_cast": "cast casts casting varchar|type mismatch|type error|type errors",
    "null": "null nulls nullable nullish undefined coalesce|null check|null checks|optional chaining|cannot read|"
            "is null",
    "entity_resolution": "|identity resolution|entity resolution|same customer|same user|same person|"
                         "customer record|customer records|merge records",
    "unnest": "unnest flatten flattened explode|lateral flatten",
    "migration": "migration migrations migrate alembic flyway liquibase|schema change|schema migration",
    "db_index": "|db index|database index|missing index|foreign key|foreign keys|seq scan|full table|"
                "slow query|slow queries|query plan",
    "api_version": "v1 v2 v3|api version|api versions|breaking change|breaking changes|"
                   "backwards compatible|backward compatible",
    "serialization": "serialize serialized serialization serializer deserialize orjson ujson|hot path|hot paths|"
                     "json encoding|json response",
    "deprecation": "deprecate deprecated deprecation deprecations obsolete sunset|legacy api",
    "regex": "regex regexes regexp|regular expression|regular expressions",
    "cli": "cli typer argparse|management command|management commands|command line",
    "dataframe": "pandas pd dataframe dataframes numpy polars",
    "reorder": "reorder reordered reordering recreate recreated recreates recreating|forces replacement",
    "stack": "|remote state|other stack|other stacks|stack output|stack outputs|cross stack",
    "disruption": "disruption disruptions drain drained draining eviction evicted poddisruptionbudget pdb|"
                  "node upgrade|node upgrades|node drain",
    "rollback": "rollback revert reverted undo downgrade downgrades|roll back|back out",
    # --- web UI -----------------------------------------------------------------------------------------
    "frontend": "frontend web ui browser spa|front end|client side",
    "backend": "backend|back end",
    "i18n": "i18n translation translations translate translated localization localize localized l10n locale "
            "locales language languages multilingual untranslated english spanish german french japanese "
            "portuguese usetranslation|hardcoded string|hardcoded strings",
    "accessibility": "a11y accessibility aria wcag voiceover nvda talkback colorblind keyboard|screen reader|"
                     "screen readers|alt text|color blind|keyboard users|keyboard navigation|focus trap|tab order",
    "loading": "skeleton skeletons suspense placeholder placeholders shimmer flicker flickers "
               "flickering jank janky jumpy|loading spinner|loading state|loading states|layout shift|jumps around|"
               "jumping around|while loading",
    "analytics": "analytics track tracking tracked tracker mixpanel amplitude posthog funnel funnels "
                 "conversion conversions click clicks engagement|google analytics|product analytics|how many|"
                 "how often|user behavior|user behaviour|usage data",
    "upload": "upload uploads uploaded uploading presigned attach attached attaching attachment attachments|"
              "file upload|user files",
    "dialog": "dialog dialogs modal modals popup popups popover drawer lightbox|pop up|confirm box",
    "navigation": "navigation navigate navigates navigating href anchor anchors url urls|internal link|internal links|"
                  "full reload|page reload",
    "debounce": "debounce debounced throttle throttled keystroke keystrokes keypress keypresses typeahead autocomplete "
                "autosuggest|search box|search input|search bar|every keystroke|each keystroke|every keypress|"
                "each keypress|stops typing|stop typing|stopped typing|done typing|finished typing",
    "color": "color colors colour colours colored coloured|red green|green red|red amber|green amber|red dot|"
             "green dot|traffic light",
    "bundle": "bundle bundles bundler bundling|bundle size|first load|initial load|code splitting|dynamic import|"
              "lazy load|lazy loading",
    "editor": "editor editors wysiwyg markdown codemirror monaco tiptap|rich text|text editor",
    "picture": "image images picture pictures photo photos avatar avatars thumbnail thumbnails logo logos png jpg "
               "jpeg svg webp",
    "dark_mode": "theme themes theming|dark mode|dark theme|light mode|night mode",
    "spacing": "spacing padding margin margins pixel pixels px|pixel value|pixel values",
    "cross_user": "|user specific|another user|other user|other users|wrong user|wrong account|someone else",
    "browser_storage": "localstorage sessionstorage cookie cookies indexeddb|local storage|session storage",
    "copy_text": "capitalization capitalize capitalized uppercase wording microcopy|sentence case|title case|"
                 "button text|button label|button labels",
    "react_keys": "|react key|react keys|array index|array indexes|mixed up|wrong row|wrong item",
    "typescript": "typescript tsc|type safety|type safe|any type",
    "rerender": "rerender rerenders rerendering usecallback usememo|re render|re renders|react memo|"
                "unnecessary renders|wasted renders",
    "data_fetching": "tanstack usequery swr axios refetch refetching|react query|query hook|query hooks|"
                     "data fetching|server data",
    "generated_client": "openapi swagger codegen|generated client|api client|api clients|api types|response shape|"
                        "response shapes",
    "design_system": "shadcn mui chakra variant variants|design system|component library|ui kit",
    "server_components": "rsc hydration|server component|server components|client component|client components|"
                         "use client",
    "state": "redux zustand mobx recoil jotai|global state|app state|ui state|server state",
    "datagrid": "datagrid sortable|data table|data tables|data grid",
    "storybook": "storybook chromatic|story book",
    "timer": "interval intervals setinterval settimeout clearinterval cleartimeout timer timers polling",
    "chart": "chart charts graph graphs plot plots recharts|line chart|bar chart",
    "form": "form forms field fields input inputs textbox dropdown checkbox",
    "style": "css tailwind stylesheet styling scss sass classnames|class name|class names|css class|css classes",
}


# Naming conventions that say what kind of thing an identifier is: dbt's layer prefixes (`stg_orders`,
# `int_order_lines`, `fct_events`, `dim_customers`, `rpt_`, `mart_`) name a model, so "make fct_events
# incremental" is about "incremental models" though it never says "model". A request naming such an
# identifier gets the kind word as a search term (see :func:`concept_terms`); a lesson's terms are its own.
# Only where the store follows the convention (:func:`kind_table`): elsewhere `int_value` and `dim_size`
# (Django, PyTorch) are ordinary names, and "model" there is one of the commonest lesson words.
KINDS = {"stg_": "model", "int_": "model", "fct_": "model", "dim_": "model", "rpt_": "model", "mart_": "model"}
_DBT_MARKS = ("stg_", "fct_", "rpt_", "mart_")  # prefixes no other convention uses (`int_`, `dim_` are common)


def _dbt_lesson(names: set[str], text_words: list[str], triggers: list[str]) -> bool:
    """A lesson about dbt: it says "dbt", names a `stg_`/`fct_`/`rpt_`/`mart_` identifier, or a path trigger is
    a dbt file (`models/**`, a `.sql` file, `dbt_project.yml`)."""
    return ("dbt" in text_words or any(name.startswith(_DBT_MARKS) for name in names)
            or any("dbt" in t.lower() or t.lower().endswith(".sql") or t.startswith("models/") for t in triggers))


def kind_marks(text: str, triggers: list[str]) -> list[str] | None:
    """What :func:`kind_table` reads of one lesson: None unless it is a dbt lesson, else the prefixes of
    :data:`KINDS` its identifiers use."""
    from altimate_learn.deliver.tokenize import words

    text_words = [word.lower() for word in words(text)]
    names = {w for w in text_words if "_" in w and 0 < w.index("_") < len(w) - 1}
    if not _dbt_lesson(names, text_words, triggers):
        return None
    return [prefix for prefix in KINDS if any(name.startswith(prefix) for name in names)]


def kind_table(fold, lessons: list[tuple[str, list[str]]], marks: list | None = None) -> dict[str, list[str]]:
    """Identifier prefix (`fct_`) -> the folded kind word(s) (`model`), for the request-only tables, given the
    store's lessons as (text, path triggers). A dbt-only prefix (`stg_`, `fct_`, `rpt_`, `mart_`) names a model
    in a store with some dbt lesson; `int_` and `dim_` only when a dbt lesson itself names such an identifier
    (`int_order_lines`), since a Django or PyTorch lesson's `int_value`, `dim_size` are no models. ``marks``:
    each lesson's :func:`kind_marks`, when at hand."""
    dbt = False
    used: set[str] = set()
    for mark in marks if marks is not None else (kind_marks(text, triggers) for text, triggers in lessons):
        if mark is not None:
            dbt = True
            used.update(mark)
    if not dbt:
        return {}
    return {prefix: list(fold(kind)) for prefix, kind in KINDS.items() if prefix in _DBT_MARKS or prefix in used}


def _split(members: str) -> tuple[list[str], list[tuple[str, str]]]:
    """(single words, two-word members) of a group's member string."""
    parts = members.split("|")
    singles = parts[0].split()
    pairs: list[tuple[str, str]] = []
    for phrase in parts[1:]:
        words = phrase.split()
        if len(words) == 1:
            singles.append(words[0])
        elif len(words) == 2:
            pairs.append((words[0], words[1]))
        else:
            raise ValueError(f"concept member {phrase!r}: one or two words")
    return singles, pairs


def build_tables(fold) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(folded word -> concept terms, "folded word folded word" -> concept terms), for the prepared index.

    ``fold`` is :func:`altimate_learn.deliver.morphology.fold`; a word folding into several terms (`auth`)
    stands for each."""
    singles: dict[str, list[str]] = {}
    pairs: dict[str, list[str]] = {}
    for name, members in GROUPS.items():
        term = PREFIX + name
        words, twos = _split(members)
        for word in words:
            for folded in fold(word):
                singles.setdefault(folded, [])
                if term not in singles[folded]:
                    singles[folded].append(term)
        for first, second in twos:
            for a in fold(first):
                for b in fold(second):
                    key = f"{a} {b}"
                    pairs.setdefault(key, [])
                    if term not in pairs[key]:
                        pairs[key].append(term)
            joined = first + second  # "health check" typed as one word: `healthcheck`, `darkmode`, `timezone`
            if joined.isalpha():
                for folded in fold(joined):
                    singles.setdefault(folded, [])
                    if term not in singles[folded]:
                        singles[folded].append(term)
    return singles, pairs


def join_words(text: str) -> tuple[list[str], list[str]]:
    """What the join tables read of one lesson text, in order: its plain words, lowercased (for
    :func:`compound_joins` and :func:`sion_joins`), and its words that may be identifiers (for
    :func:`identifier_joins`)."""
    from altimate_learn.deliver.tokenize import words

    plain: list[str] = []
    named: list[str] = []
    for word in words(text):
        if word.isalpha() and word.isascii() and (word.islower() or word[1:].islower()):
            plain.append(word.lower())
        if "_" in word or not word.islower():
            named.append(word)
    return plain, named


def identifier_joins(texts: list[str], fold, stopwords: frozenset[str],
                     named: list[list[str]] | None = None) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(folded word -> identifiers, "folded word folded word" -> identifiers): how a request spells an
    identifier of some lesson as words. `unique_key`, `date_spine` and `useEffect` are typed "unique key",
    "date spine", "use effect" (or "uniquekey"): two adjacent parts of an identifier whose other parts are
    stopwords (`is_incremental`, `useDialog`: "incremental", "dialog" plus a stopword) map to the whole
    identifier as a search term, so the request shares the lesson's rarest term, not only its parts. For a
    request only (merged into the concept tables of the prepared index, never into a lesson's terms).
    ``named``: each text's identifier words (:func:`join_words`), when at hand."""
    from altimate_learn.deliver.tokenize import identifier_parts

    singles: dict[str, list[str]] = {}
    pairs: dict[str, list[str]] = {}
    seen: set[str] = set()
    for found in named if named is not None else (join_words(text)[1] for text in texts):
        for word in found:
            if word in seen or ("_" not in word and word.islower()):  # done, or a plain word: one part
                continue
            seen.add(word)
            parts = identifier_parts(word)
            if len(parts) < 2:
                continue
            whole = word.lower()
            content = [i for i, part in enumerate(parts) if part not in stopwords]
            if not content:
                continue
            for i in range(len(parts) - 1):
                if any(j not in (i, i + 1) for j in content) or not all(p.isalpha() for p in parts[i:i + 2]):
                    continue
                for a in fold(parts[i]):
                    for b in fold(parts[i + 1]):
                        have = pairs.setdefault(f"{a} {b}", [])
                        if whole not in have:
                            have.append(whole)
            joined = "".join(parts)
            if joined != whole and joined.isalpha():
                for folded in fold(joined):
                    have = singles.setdefault(folded, [])
                    if whole not in have:
                        have.append(whole)
    return singles, pairs


# Two words written apart for one ("hang on to the answer" for "hang onto"): the pair reads as the one word,
# joined to the word before it.
SPLIT_WORDS = {("on", "to"): "onto", ("in", "to"): "into"}


NUMBER_WORDS = frozenset("two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty "
                         "thousand few several".split())


def _number(folded: tuple[str, ...]) -> bool:
    """A number ("2", "30", "two", "few"): transparent between the two words of a member."""
    return bool(folded) and all(term.isdigit() or term in NUMBER_WORDS for term in folded)


def concept_terms(words: list[tuple[str, ...]], singles: dict, pairs: dict) -> list[str]:
    """The concept terms of a text given as its plain words, each folded (:func:`morphology.fold`), in order.

    A two-word member matches adjacent words, and also across a number between them: "takes 2 hours" and
    "takes two hours" are "takes hours" (the member "2 pods" still matches as written). A
    phrase written apart ("hang on to") reads as its one word ("hang onto", :data:`SPLIT_WORDS`)."""
    out: dict[str, None] = {}
    previous: tuple[str, ...] = ()
    earlier: tuple[str, ...] = ()  # the word before ``previous``
    for folded in words:
        joined = SPLIT_WORDS.get((previous[0], folded[0])) if len(previous) == 1 and len(folded) == 1 else None
        if joined is not None:
            folded, previous = (joined,), earlier
        befores = previous + (earlier if _number(previous) else ())
        for term in folded:
            for concept in singles.get(term, ()):
                out[concept] = None
            cut = term.find("_")
            if 0 < cut < len(term) - 1:  # an identifier: its prefix may say what it is (`fct_` → model)
                for concept in singles.get(term[:cut + 1], ()):
                    out[concept] = None
            for before in befores:
                for concept in pairs.get(f"{before} {term}", ()):
                    out[concept] = None
        if _number(folded) and _number(previous):  # "2 3 times" ("2-3 times"): the word before the numbers
            previous = folded
            continue
        earlier, previous = previous, folded
    return list(out)


def links(terms: list[str], singles: dict) -> dict[str, list[str]]:
    """For each concept term among ``terms``, the plain terms of ``terms`` that are members of it: a lesson
    holding one of those as an exact word already shares the idea with the request."""
    out: dict[str, list[str]] = {}
    wanted = {t for t in terms if t.startswith(PREFIX)}
    if not wanted:
        return out
    for term in terms:
        if term.startswith(PREFIX):
            continue
        for concept in singles.get(term, ()):
            if concept in wanted:
                out.setdefault(concept, []).append(term)
    return out


def compound_joins(texts: list[str], fold, stopwords: frozenset[str],
                   plains: list[list[str]] | None = None) -> dict[str, list[str]]:
    """"folded word folded word" -> the folded compound: how a request splits a compound word of some lesson
    ("docker file" for `Dockerfile`, "web hook" for "webhooks", "date time" for "datetime"). A lesson word
    of six letters or more splits where both halves (three letters or more) are words of the lessons or of
    the concept table and neither is a stopword: a verb and its particle ("break down this handler", "turn
    off line wrapping") are no `breakdown` or `offline`. For a request only, as :func:`identifier_joins`.
    ``plains``: each text's plain words (:func:`join_words`), when at hand."""
    plain: set[str] = set()
    for found in plains if plains is not None else (join_words(text)[0] for text in texts):
        plain.update(found)
    halves = plain | {word for members in GROUPS.values() for word in _split(members)[0]}
    pairs: dict[str, list[str]] = {}
    for word in plain:
        if len(word) < 6:
            continue
        whole = fold(word)
        for i in range(3, len(word) - 2):
            first, second = word[:i], word[i:]
            if first in stopwords or second in stopwords:  # "break down", "turn off line": a verb and its particle
                continue
            if first not in halves or second not in halves:
                continue
            for a in fold(first):
                for b in fold(second):
                    have = pairs.setdefault(f"{a} {b}", [])
                    have.extend(t for t in whole if t not in have)
    return pairs


def sion_joins(texts: list[str], plains: list[list[str]] | None = None) -> dict[str, list[str]]:
    """Folded word -> folded word: how a request's -sion noun meets a lesson's verb and back ("the margin is
    off on division by zero" for "Divide with `safe_divide()`", "convert the ids" for "a lossless
    conversion"), for a request only, as :func:`identifier_joins`. Each word keeps its own term (:func:`fold`:
    `division` still meets `divisible`, `precision` `precise`); the join adds the other's:

    - `=divid` (the mark :func:`altimate_learn.deliver.tokenize.folded_words` puts on a request's -sion noun)
      -> `divid`, for a lesson verb that a -sion noun comes from (`divide`, `divided`);
    - `divid` (a request's verb) -> `divis`, for a lesson's -sion noun, unless some lesson word of another
      idea has the noun's term (`conversation` and `converse` share `convers` with `conversion`, so
      "convert" gets no `convers`).

    ``plains``: each text's plain words (:func:`join_words`), when at hand."""
    from altimate_learn.deliver.morphology import VERB, _step1, fold, sion_verb

    plain: set[str] = set()
    for found in plains if plains is not None else (join_words(text)[0] for text in texts):
        plain.update(found)
    out: dict[str, list[str]] = {}
    nouns: dict[str, set[str]] = {}  # the noun's own term -> the verb terms its -sion nouns give
    other: set[str] = set()  # terms some lesson word that is no -sion noun folds to
    for word in plain:
        verb = sion_verb(word)
        term = fold(word)[0]
        if verb is not None:
            nouns.setdefault(term, set()).add(verb)
            continue
        other.add(term)
        base = _step1(word)
        root = base[:-1] if base.endswith("e") else base
        if root.endswith("d"):
            guesses = (root[:-1] + "sion",)
        elif root.endswith("t"):
            guesses = (root[:-1] + "sion", root[:-1] + "ssion")
        else:
            continue
        if any(sion_verb(noun) == term for noun in guesses):
            out[VERB + term] = [term]
    for term, verbs in nouns.items():
        if term in other:
            continue
        for verb in verbs:
            have = out.setdefault(verb, [])
            if term not in have:
                have.append(term)
    return out
