"""Implied concerns: what a kind of task brings with it, though the request does not say it.

A request says what to do, not what doing it touches. "Hook up the forgot password flow" sends an email and
mints a link that expires; "let customers import a csv" is a file upload, a bulk write, and the place where
pandas tempts; "call the provider for each line item in parallel" is outbound HTTP (timeouts, retries, the
shared client) and concurrency; "a script to backfill old orders" walks whole tables (batches, memory,
idempotency); "a new settings screen" has loading, error and empty states, forms, translations and
accessibility. The lessons about those concerns share no word with such requests, and the concept table
(:mod:`altimate_learn.deliver.concepts`) joins only words for the *same* idea.

:data:`ACTIVITIES` is a table of kinds of work, by software area, each with the words (and two-word
phrases, and concepts: ``~payment``) people use for it, and the concepts it implies. A request holding a
trigger gets an implied term for each implied concept (``^email``) that it does not name itself; the term
scores on the postings of the concept (``~email``) at :data:`FACTOR` × a concept's weight, so an implied
concern is a weaker signal than a word or a concept the request states (with the defaults: an exact word
1, a concept 0.5, an implied concern 0.25), and it adds nothing to the relevance floor (the shared terms a
lesson needs to be shown with a request): an implied concern orders lessons, it never makes one relevant to a
request, not even together with one common word. Where it matters is among
the lessons of one file: a bucket of conventions for every file of `services/**` is ordered by what the
request points at, and an implied concern points at the few of them that the task will touch.

A two-word trigger whose second word is a word of the concept table holds for the other single-word members of
its concepts too: "new database" is also "new postgres" and "new rds" (a request says "a new postgres db", and the
pair "new db" is not adjacent there), "handle error" also "handle exception", "regression test" also "regression
pytest". The concept table's members are the same thing by construction, so a trigger reads as written in any of
them; single-word triggers need no such reading, since a concept trigger (``~ci``) already stands for its members.

What belongs here: what a competent reviewer would check for that kind of work in any codebase, never
what one store's lessons happen to say. The table is written by area, not from the misses of a task set.
The triggers are folded when the index is prepared, and the folded table (only the implied concepts some
lesson holds) is kept in the prepared index, so a hook does dict lookups only.
"""

from __future__ import annotations

from altimate_learn.deliver.concepts import IMPLIED as PREFIX  # "^email" scores on the postings of "~email"
from altimate_learn.deliver.concepts import IMPLIED_FACTOR as FACTOR  # weight relative to a concept's
from altimate_learn.deliver.concepts import KIND  # "@list": a file-kind word's key in the implied table
from altimate_learn.deliver.concepts import PREFIX as CONCEPT_PREFIX

# A file kind's word that holds only beside another word of the file's name or folder (the other word, this, then the
# word: "auth+token" for `auth/tokens.py` and `authToken.ts`): a word with other meanings elsewhere is the kind only
# in that company.
KIND_WITH = "+"

# activity -> (triggers, implied concepts). Triggers use the member syntax of the concept table (words, then
# "|"-separated two-word phrases); a trigger "~name" is a concept the request names in any of its words.
ACTIVITIES: dict[str, tuple[str, str]] = {
    # --- messages to people -------------------------------------------------------------------------------
    "notify": ("notify notifies notified notification notifications invite invites invited invitation "
               "invitations reminder reminders receipt receipts confirmation digest welcome unsubscribe|"
               "send out|sends out|reset link|magic link|verification link|verification code|confirm email|"
               "verify email|email verification|forgot password|password reset|reset password",
               "email job"),
    "expiring_link": ("expire expires expired expiry expiration expiring otp|reset link|magic link|invite link|"
                      "verification link|verification code|one time|forgot password|password reset|"
                      "reset password|trial period|valid for",
                      "timezone clock secret"),
    # --- accounts and access ------------------------------------------------------------------------------
    "account": ("~authentication signup signups register registration password passwords session sessions|"
                "sign up|create account|new account",
                "authentication secret validation"),
    "admin": ("~authorization admin admins moderator|admin page|admin panel|internal tool|back office",
              "authorization"),
    # --- data in and out ----------------------------------------------------------------------------------
    "bulk_file": ("csv csvs tsv xlsx xls spreadsheet spreadsheets excel|bulk import|bulk export|import file|"
                  "export file|csv file|csv export|csv import|import contacts|data export|data import",
                  "upload storage batch memory dataframe validation"),
    "user_file": ("~upload ~picture|file size|file type",
                  "storage validation"),
    "backfill": ("backfill backfills reindex reprocess|one off|data fix|fix up|migrate data|data migration|"
                 "old rows|old records|old orders|existing rows|existing records|existing data|every customer|"
                 "all customers|every user|all users|every order|all orders|every account|all accounts",
                 "batch memory duplicate cli pagination"),
    "per_item": ("|for each|each item|each row|per item|per row|per line|line item|line items|by one|"
                 "a time|each one|each request|each record",
                 "batch concurrency performance"),
    "listing": ("|list all|list of|show all|all of|every item|search results|history page|activity feed",
                "pagination datagrid react_keys"),
    # --- calling other systems ----------------------------------------------------------------------------
    "outbound": ("provider providers vendor vendors upstream integration integrations integrate geocoder "
                 "geocoding twilio adyen paypal braintree klarna enrich enrichment sync syncs syncing scrape scraping ~http|pull from|"
                 "fetch from|download from|comes from|rates from|data from|info from|from their|push to|"
                 "send to|post to|third party|external api|external service|partner api|their api|"
                 "call out|calls out",
                 "http timeout retry mock"),
    "incoming_hook": ("webhook webhooks callback callbacks|event from|events from|notifies us",
                      "signature duplicate retry"),
    "parallel": ("~concurrency parallelize parallelise simultaneous simultaneously hundreds thousands|at once|"
                 "same time|per minute|per second|per hour|lots of|high volume|"
                 "a time|by one",
                 "concurrency timeout error"),
    # --- background work ----------------------------------------------------------------------------------
    "background": ("~schedule ~job ~queue|the background|every night|every hour|later on",
                   "job duplicate retry alert"),
    "script": ("script scripts|one off|management command|admin command|cli command|run once",
               "cli batch duplicate"),
    # --- money --------------------------------------------------------------------------------------------
    "payment": ("~payment tax taxes vat gst|sales tax|line item|line items|order total|order totals",
                "money decimal duplicate"),
    "revenue": ("revenue gmv mrr arr sales|order value|total sales|average order",
                "money ratio internal_users"),
    "ratio": ("~ratio|per customer|per user|per order|share of",
              "division null"),
    # --- dates --------------------------------------------------------------------------------------------
    "dates": ("date dates datetime datetimes timestamp timestamps deadline deadlines due birthday appointment "
              "appointments renewal renewals anniversary|due date|start date|end date|created at|expires at|"
              "last login|last seen|trial ends|day before|day after|week before|ends on|starts on",
              "timezone date_format relative_time"),
    "report_day": ("daily weekly monthly|per day|each day|every day|by day|by week|by month|last week|"
                   "last month|this month",
                   "timezone grain calendar"),
    # --- the web UI ---------------------------------------------------------------------------------------
    "screen": ("~frontend screen screens page pages view views modal dialog tab tabs|settings page|"
               "settings screen|landing page|new page|the page",
               "loading error i18n accessibility data_fetching"),
    "form_entry": ("~form preferences edit editing|edit profile|profile page|settings page|settings screen|sign up|signup form|contact form|text box|user input|they type|users type",
                   "form validation i18n accessibility"),
    "ui_copy": ("wording label labels heading button buttons tooltip|error message|empty state|"
                "success message",
                "i18n copy_text"),
    # --- services: endpoints and data ---------------------------------------------------------------------
    "endpoint": ("endpoint endpoints route routes router handler handlers|api endpoint|new endpoint|rest api|"
                 "an api|the api",
                 "validation authorization error pagination serialization api_version"),
    "schema_change": ("~migration|new column|add column|new field|new table|"
                      "rename column|drop column",
                      "migration null db_index"),
    "slow": ("~performance",
             "cache db_index batch concurrency"),
    "external_program": ("ffmpeg imagemagick pandoc wkhtmltopdf libreoffice ghostscript subprocess|shell out|"
                         "external program|command line|cli tool",
                         "shell"),
    "pattern_match": ("pattern patterns parse parsing extract extraction|email format|phone format|valid format|"
                      "matches format",
                      "regex validation"),
    "failure_handling": ("|it fails|goes down|is down|error handling|handle errors|"
                         "handle failures|fails sometimes|keeps failing",
                         "error log retry alert"),
    "measure_service": ("measure measuring|how often|how long|success rate|error rate|response time|"
                        "response times",
                        "observability log alert"),
    "phase_out": ("|phase out|going away|old function|old version|replace the|the old|old endpoint",
                  "deprecation api_version"),
    "remember_me": ("|remember me|stay logged|keep me|logged in|signed in",
                    "authentication browser_storage secret"),
    "timed_ui": ("carousel carousels slideshow slideshows autoplay autoplays autoplaying countdown countdowns "
                 "marquee autorefresh autorotate stopwatch|auto refresh|auto refreshes|auto refreshing|auto rotate|"
                 "auto rotates|auto rotating|auto play|auto advance|auto advances|news ticker|ticker tape|"
                 "scrolling ticker|live clock",
                 "timer"),
    "ui_component": ("component components widget widgets|new component|shared component|reusable component",
                     "design_system storybook accessibility style dark_mode"),
    "trend_view": ("trend trends visualize visualise|over time|time series",
                   "chart bundle"),
    "user_content": ("comment comments bio reviews|rich text|user content|user generated|they write|users write",
                     "xss editor"),
    # --- the warehouse ------------------------------------------------------------------------------------
    "new_model": ("|new model|a model|new mart|new dbt|dbt model|start syncing|started syncing|"
                  "syncing into|the warehouse|new source|raw table",
                  "raw_data test documentation naming soft_delete grain"),
    "staging_source": ("fivetran airbyte stitch connector connectors|new source|raw table|start syncing|"
                       "started syncing|syncing into|the warehouse|loads into|landing in|lands in|new connector",
                       "raw_data soft_delete duplicate timezone type_cast privacy naming"),
    "large_table": ("millions billions|huge table|big table|large table|takes hours|too long|full rebuild",
                    "incremental partition memory batch"),
    "marketing_report": ("marketing channel channels|came from|come from|signups by|leads by",
                         "attribution internal_users"),
    "metric_report": ("kpi kpis|report on|how many|dashboard for|new metric|new dashboard",
                      "grain internal_users ratio"),
    "wrong_numbers": ("|wrong numbers|numbers are|numbers look|numbers don|add up|adds up|too high|too low|"
                      "doesn match|don match|off by|inflated|overcounted|undercounted",
                      "grain join_key duplicate internal_users timezone"),
    "account_deletion": ("|delete account|delete their|deletes their|close account|closes their|"
                         "remove user|erase their|forget me|data request|deletion request",
                         "privacy soft_delete retention data_loss"),
    "personal_data": ("address addresses birthday|phone number|date of|home address|customer data|user data|"
                      "their data",
                      "privacy validation"),
    "international": ("international abroad overseas worldwide asia europe australia america countries country "
                      "region regions|other countries|different countries|the world",
                      "timezone i18n money"),
    "typeahead": ("suggest suggests suggestion suggestions typeahead|they go|they type|you type|"
                  "while typing|search as",
                  "debounce"),
    # --- code and tests -----------------------------------------------------------------------------------
    "testing": ("~test|cover with|test for|tests for|test that|regression test",
                "mock test_data clock"),
    "pipeline_change": ("~ci ~dependency",
                        "version_pin secret"),
    # --- infrastructure -----------------------------------------------------------------------------------
    "infra_resource": ("~terraform instance instances provision provisioned replica replicas|spin up|stand up|"
                       "new bucket|new database|new db|new instance|new queue|new cluster|new service",
                       "tagging encryption exposure backup network"),
    "deploy_service": ("~kubernetes ~container deploy deploys deploying deployed|run on|running on|"
                       "get running|new service",
                       "health memory root_user version_pin scaling"),
    "gradual_release": ("launch launches launching ship shipping release releasing|early access|beta users|"
                        "some users|some customers|small group|percent of|first to|of users|of customers",
                        "flag rollback"),
    "secret_use": ("key keys|api key|access key|connect to|credentials for",
                   "secret configuration"),
    "exposure_check": ("internet outside public|from outside|the internet|the internet|private only",
                       "exposure network"),
}

# What a file is, as its name or the folder it is in says it (`OrdersList.tsx`, `schemas/ramp_card.py`,
# `LiveQueueWidget.tsx`), and the concerns a reviewer checks in such a file: kind -> (words, implied concepts).
# Read on the words of a file's name and of its folder only (:func:`altimate_learn.deliver.select.file_concerns`),
# never on a request's: a file named `OrdersList` renders a list, where a request's "list the endpoints" or
# "the orders table" says nothing of the kind. Written by kind of file, as the activity table is by kind of work.
FILE_KINDS: dict[str, tuple[str, str]] = {
    # --- web UI -------------------------------------------------------------------------------------------
    "list_view": ("list lists table tables grid grids feed feeds", "react_keys pagination datagrid"),
    "live_view": ("live realtime poll poller polling ticker countdown clock", "timer"),
    "dialog_view": ("modal modals dialog dialogs drawer popover", "dialog accessibility"),
    "form_view": ("form forms wizard", "form validation"),
    "chart_view": ("chart charts graph graphs", "chart bundle"),
    # --- services -----------------------------------------------------------------------------------------
    "schema_module": ("schema schemas serializer serializers dto dtos payload payloads",
                      "validation enum serialization"),
    "client_module": ("client clients adapter adapters gateway gateways sdk", "http timeout retry mock"),
    "job_module": ("task tasks worker workers job jobs consumer consumers", "job retry duplicate timeout"),
    "script_module": ("script scripts command commands", "cli batch memory"),
    "export_module": ("export exports exporter exporters", "batch memory"),
    # an access token's module (`auth/tokens.py`, `authToken.ts`, `jwt.py`): what it mints expires, so its times are
    # a clock's and a zone's. "token" only beside a word of signing in (:data:`KIND_WITH`): not design tokens
    # (`styles/tokens.css`), a tokenizer's tokens (`nlp/tokens.py`), a board game's tokens or a service so named.
    "token_module": ("auth+token authentication+token login+token signin+token oauth+token sso+token jwt jwts otp",
                     "timezone clock"),
    # --- infrastructure -----------------------------------------------------------------------------------
    "bucket_resource": ("bucket buckets", "storage encryption exposure backup"),
}


def _split(triggers: str) -> tuple[list[str], list[tuple[str, str]], list[str]]:
    """(single words, two-word phrases, concept names) of an activity's trigger string: single words and
    concepts (``~payment``) first, then "|"-separated phrases of one or two words."""
    parts = triggers.split("|")
    singles = [w for w in parts[0].split() if not w.startswith(CONCEPT_PREFIX)]
    concepts = [w for w in parts[0].split() if w.startswith(CONCEPT_PREFIX)]
    pairs: list[tuple[str, str]] = []
    for phrase in parts[1:]:
        words = phrase.split()
        if len(words) == 1 and not words[0].startswith(CONCEPT_PREFIX):
            singles.append(words[0])
        elif len(words) == 2 and not any(w.startswith(CONCEPT_PREFIX) for w in words):
            pairs.append((words[0], words[1]))
        else:
            raise ValueError(f"activity trigger {phrase!r}: one or two words; concepts go before the first |")
    return singles, pairs, concepts


def build_tables(fold, held: set[str]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(folded word or concept term -> implied terms, "folded word folded word" -> implied terms), keeping
    only the implied concepts in ``held`` (concept terms some lesson holds: the others could score nothing)."""
    singles: dict[str, list[str]] = {}
    pairs: dict[str, list[str]] = {}

    def add(table: dict[str, list[str]], key: str, terms: list[str]) -> None:
        have = table.setdefault(key, [])
        have.extend(t for t in terms if t not in have)

    members = _members(fold)
    for name, (triggers, implied) in ACTIVITIES.items():
        terms = [PREFIX + concept for concept in implied.split() if CONCEPT_PREFIX + concept in held]
        if not terms:
            continue
        words, twos, concepts = _split(triggers)
        # "new database" also reads as "new postgres", "new rds": a two-word trigger whose second word is the
        # name of a concept of the concept table holds for each single-word member of that concept (_members)
        twos = list(dict.fromkeys(twos + [(first, other) for first, second in twos
                                          for other in members.get(second, ())]))
        for word in words:
            for folded in fold(word):
                add(singles, folded, terms)
        for concept in concepts:
            add(singles, concept, terms)
        for first, second in twos:
            for a in fold(first):
                for b in fold(second):
                    add(pairs, f"{a} {b}", terms)
    for name, (words, implied) in FILE_KINDS.items():  # a file's name and folder only: keys no request word has
        terms = [PREFIX + concept for concept in implied.split() if CONCEPT_PREFIX + concept in held]
        if not terms:
            continue
        for word in words.split():
            beside, _, word = word.rpartition(KIND_WITH)  # "auth+token": "token" beside "auth"
            for other in fold(beside) if beside else ("",):
                for folded in fold(word):
                    add(singles, KIND + other + (KIND_WITH if other else "") + folded, terms)
    return singles, pairs


def _members(fold) -> dict[str, list[str]]:
    """Word that names a concept of the concept table → the concept's other single-word members (``database`` →
    ``db``, ``postgres``, ``rds``, …; ``errors`` → ``exception``, …): a word is expanded only when it is the
    concept's own name in some form (its folded terms meet those of the group's name), since the members are
    then forms and kinds of it. A word that is one member among others (``field`` of the `form` group, ``login``
    of `authentication`, ``password`` of `secret`) is not: its fellow members are other things (a new dropdown
    is no new field; a last jwt is no last login)."""
    from altimate_learn.deliver.concepts import GROUPS
    from altimate_learn.deliver.concepts import _split as split_members

    out: dict[str, list[str]] = {}
    for name, group in GROUPS.items():
        words, _ = split_members(group)
        named = set(fold(name))
        for word in words:
            if not named & set(fold(word)):
                continue
            have = out.setdefault(word, [])
            have.extend(w for w in words if w != word and w not in have)
    return out


def concept_of(term: str) -> str:
    """The concept term an implied term scores on (``^email`` -> ``~email``)."""
    return CONCEPT_PREFIX + term[len(PREFIX):]
