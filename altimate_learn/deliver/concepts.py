"""Concepts: words of software work that name the same thing, so a request finds a lesson in other words.

People ask in their own words: "a read replica of the db" for a lesson about "RDS instances", "k8s" for
"Deployments" and "CronJobs", "ci is red" for a rule about "workflows", "creds" for "secrets", "hangs" for
"timeouts". Folding (:mod:`altimate_learn.deliver.morphology`) joins the forms of one word; this table joins
different words for one idea. Each group in :data:`GROUPS` is a concept; a lesson or a request that holds
any member word (or two-word member, such as "api key") gets the group's concept term (`~database`,
`~kubernetes`, `~ci`) besides its own words.

The concept terms have their own postings in the same BM25 index, at :data:`WEIGHT` of an exact term's
weight and without counting towards a lesson's length, so the score of every plain term stays rank-bm25's
(see :mod:`altimate_learn.deliver.bm25`). A concept shared by a request and a lesson counts as one shared
term only when they share no member of it as an exact word (see :func:`links`): "database" in both is
one shared word, not two.

What belongs in a group: words a developer uses interchangeably for one thing in this trade (synonyms,
abbreviations, a product and its kind: `postgres`, `mysql` and `rds` are databases; `s3` and `rds` are AWS),
never words that only tend to appear together. Ambiguous words are left out (`image`: a container image or
a picture; `cluster`: Kubernetes or a table's clustering; `task`: Celery or asyncio; `staging`: an
environment or a dbt layer). The table is the same for every project; it is data, not tuning to one store.

The member words are folded when the delivery index is prepared, and the folded table is kept in the
prepared index, so a hook looks concepts up in a dict and never folds the table itself.
"""

from __future__ import annotations

WEIGHT = 0.5  # a concept match, relative to the same word matched exactly
PREFIX = "~"  # concept terms cannot collide with words: words are runs of letters, digits and "_"

# concept name -> member words; "a b" is a two-word member (matched on adjacent words).
GROUPS: dict[str, str] = {
    "database": "database databases db dbs datastore postgres postgresql psql pg mysql mariadb rds aurora sqlite "
                "mongodb mongo dynamodb|read replica|data store",
    "kubernetes": "kubernetes k8s kube kubectl pod pods eks gke aks helm kustomize",
    "container": "docker dockerfile dockerfiles container containers containerize containerized podman|docker compose",
    "ci": "ci cicd pipeline pipelines workflow workflows gha jenkins circleci buildkite|github actions|"
          "gitlab ci|continuous integration|ci cd",
    "authentication": "authn authentication authenticate login logins signin sso oauth oidc jwt mtls saml|"
                      "log in|sign in|single sign",
    "authorization": "authz authorization authorize permission permissions scope scopes rbac acl privilege privileges|"
                     "access control|least privilege",
    "secret": "secret secrets credential credentials creds cred password passwords passwd apikey|api key|"
              "api keys|access key|access keys|private key|secrets manager",
    "configuration": "config configuration cfg conf configmap configmaps dotenv envvar|env var|env vars|"
                     "environment variable|environment variables",
    "environment": "env envs environment environments prod production dev development qa uat sandbox",
    "dependency": "dependency dependencies deps dep package packages pkg library libraries "
                  "npm pnpm yarn pip poetry pipenv lockfile renovate dependabot|third party|lock file",
    "repository": "repo repos repository repositories monorepo codebase|code base",
    "test": "test tests testing pytest jest vitest unittest playwright cypress|unit test|unit tests",
    "mock": "mock mocks mocked mocking stub stubs stubbed stubbing fake fakes monkeypatch respx msw|test double",
    "lint": "lint linter linting eslint ruff flake8 pylint shellcheck stylelint|static analysis",
    "typing": "mypy pyright annotation annotations|type hint|type hints|type check|type checking",
    "cache": "cache caches cached caching redis memcached memcache memoize memoization ttl",
    "queue": "queue queues sqs sns kafka rabbitmq pubsub broker dlq|dead letter|message broker",
    "schedule": "cron crontab cronjob cronjobs schedule scheduled scheduler periodic nightly|every night|"
                "every hour|every day|every morning|celery beat",
    "email": "email emails mail mails mailer smtp sendgrid mailgun newsletter inbox",
    "money": "money monetary currency currencies price prices pricing cent cents dollar dollars usd eur",
    "timezone": "timezone timezones tz utc gmt|time zone|time zones",
    "i18n": "i18n translation translations translate translated localization localize localized l10n",
    "accessibility": "a11y accessibility aria wcag|screen reader|alt text",
    "observability": "metric metrics prometheus grafana datadog telemetry tracing traces opentelemetry otel "
                     "observability monitoring instrumentation",
    "alert": "alert alerts alerting pagerduty oncall|on call",
    "performance": "slow slowness performance perf latency laggy sluggish bottleneck speedup optimize optimise|"
                   "n 1|too slow|takes forever",
    "error": "error errors exception exceptions err failure failures crash crashes traceback stacktrace|"
             "stack trace",
    "storage": "s3 bucket buckets gcs blob blobs minio|object storage|blob storage",
    "aws": "aws amazon s3 rds iam kms ecr eks sqs sns ec2 cloudfront route53 dynamodb cloudwatch|"
           "secrets manager",
    "terraform": "terraform tf iac hcl tfvars opentofu",
    "documentation": "documentation docs doc readme docstring docstrings changelog",
    "migration": "migration migrations migrate alembic flyway liquibase|schema change|schema migration",
    "privacy": "pii gdpr privacy|personal data|personally identifiable",
    "injection": "injection sqli|sql injection|bound parameter|bound parameters|parameterized query|"
                 "prepared statement",
    "xss": "xss sanitize sanitise sanitizer innerhtml dangerouslysetinnerhtml|cross site|raw html",
    "duplicate": "duplicate duplicates duplicated duplication dedupe dedup deduplicate deduplication twice",
    "retry": "retry retries retried retrying backoff tenacity|try again",
    "timeout": "timeout timeouts hang hangs hanging hung stuck|time out|timed out|times out",
    "pagination": "paginate paginated pagination paginator cursor offset|load more|infinite scroll|next page",
    "flag": "flag flags toggle toggles launchdarkly unleash|feature flag|feature flags|feature toggle",
    "deploy": "deploy deploys deployed deploying deployment deployments release releases rollout|roll out",
    "warehouse": "warehouse dwh snowflake bigquery redshift databricks|data warehouse",
    "bi": "bi looker tableau metabase superset|business intelligence|power bi",
    "frontend": "frontend web ui browser spa|front end|client side",
    "backend": "backend|back end|server side",
    "log": "log logs logging logger loggers structlog loguru",
    "idempotency": "idempotent idempotency|exactly once",
    "upload": "upload uploads uploaded uploading presigned|file upload",
    "chart": "chart charts graph graphs plot plots recharts|line chart|bar chart",
    "form": "form forms field fields input inputs textbox dropdown checkbox",
    "style": "css tailwind stylesheet styling scss sass",
}


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
    return singles, pairs


def concept_terms(words: list[tuple[str, ...]], singles: dict, pairs: dict) -> list[str]:
    """The concept terms of a text given as its plain words, each folded (:func:`morphology.fold`), in order."""
    out: dict[str, None] = {}
    previous: tuple[str, ...] = ()
    for folded in words:
        for term in folded:
            for concept in singles.get(term, ()):
                out[concept] = None
            for before in previous:
                for concept in pairs.get(f"{before} {term}", ()):
                    out[concept] = None
        previous = folded
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
