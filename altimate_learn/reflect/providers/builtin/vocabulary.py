"""The built-in reflector's vocabulary: the word lists its templates read (verbs a rule starts with, words
that are never identifiers, stopwords, product names, file names) and the small functions over them.

Kept apart from the templates (`match.py`, `choices.py`, `one_off.py`) so that teaching the reflector a word never
touches a pattern.
"""

from __future__ import annotations

import re


# Base forms of verbs an imperative rule starts with (and the gerunds "stop …ing" turns into them).
VERBS = frozenset("""
add adopt alias align annotate append apply assert avoid await batch bind bump cache call cap cast catch
chain change check clean clear close coalesce collapse commit compare compile compute configure convert copy
create declare decode default define delete depend deploy deprecate describe destructure document drop dump
emit enable encode enforce escape exclude expose extend extract fail fetch filter fix flatten flush follow
format freeze generate group guard handle hardcode hard-code hash hide hoist ignore import include index
inherit initialize inject inline insert install isolate join keep label leave limit link lint list load lock
log lowercase make map mark match memoize merge migrate mock move mutate name namespace normalize notify open
order override pad paginate parameterize parse partition pass patch pin place prefer prefix print push put
quote raise read rebase record reduce refactor reference register reject release reload remove rename render
reorder replace require reset resolve restart retry return reuse revert rewrite round run sanitize save scope
seed select send serialize set sort split squash stage start store stream strip stub submit subclass suffix
support swallow switch sync tag test throw time touch trace track transform translate trim truncate type
unwrap update upgrade uppercase upload use validate vendor verify version wait wrap write yield
edit modify overwrite share skip disable rely duplicate paste nest mix suppress silence bypass ask ship export
build comment force snapshot materialize cluster grant revoke leak split test sort assign instantiate bundle publish regenerate
analyze analyse access allocate assume block break clone concatenate couple expose guess hit increment interpolate introduce mutate omit
poll query reach recreate reformat reinvent repeat shadow sleep spawn trust bypass concat reimplement hand-roll roll
reference alter truncate ping mark rerun reorder kill review approve answer
force-push cherry-pick fast-forward panic
""".split())

IRREGULAR_GERUNDS = {"writing": "write", "using": "use", "making": "make", "taking": "take", "giving": "give",
                      "leaving": "leave", "having": "have", "being": "be", "doing": "do", "lying": "lie",
                      "hardcoding": "hardcode", "hard-coding": "hard-code"}

# Words that are never an identifier even in an identifier's slot ("use tabs, not spaces").
PLAIN = frozenset("""
a an the it this that these those them they one ones same thing things stuff way ways something anything
everything nothing code file files function functions method methods class classes test tests type types
tabs spaces space tab quotes comments comment names name variables variable values value data logic
strings string numbers number lines line errors error logs log output input loops loop calls call
docs documentation version versions library libraries package packages module modules tool tools
here there now again always never instead please properly correctly manually directly everywhere anywhere
inline globally locally field fields enums interfaces generics decorators mixins callbacks promises hooks
macros fixtures mocks globals singletons composition inheritance recursion iteration mutation immutability objects
""".split())

STOPWORDS = frozenset("""
a an the and or but if then than so to of in on at by for with from into onto as is are was were be been
being it its this that these those there here we you i me my our your they them their he she his her do
does did done not no never always all any each every some such only just also too very should must would
could can may might will shall need needs use using used instead rather over please make sure when
""".split())

# Function words of other languages written in Latin letters (Portuguese, Spanish, French, German, Italian,
# Dutch, Turkish), chosen so that none is also an English word or a common identifier: a message that uses
# more of them than English function words is not English, and the English templates cannot read it.
FOREIGN_FUNCTION_WORDS = frozenset("""
para nada mais não nao com uma isso esse essa você voce apenas também tambem sem quando porque pra está são
pero muy más los las del una esto eso hacer cuando también siempre nunca usa utiliza aquí aqui ahora
les des est pour avec pas une dans sur vous nous cette aussi sans toujours jamais utilise ici très
und nicht mit ist das ein eine auch bitte nur noch wir ich kein keine wenn oder immer nie benutze hier
che non sono questo anche fare senza sempre mai usare qui
het een niet ook maar altijd nooit gebruik
ve bir için ama değil şimdi her zaman asla kullan
podrías podrias podría podria quizás quizas lugar mejor deberíamos deberiamos
pourrais pourriez peut être utiliser lieu mieux plutôt plutot devrions serait
poderia talvez melhor vez deveríamos deveriamos
könntest könnten vielleicht statt besser verwenden sollten
potresti forse invece meglio dovremmo
belki yerine lütfen lutfen
""".split())  # the last six lines: how people hedge a correction in those languages ("¿podrías quizás usar …?")

# Adverbs that describe what happened ("it still …", "again"), never a thing to use.
BEHAVIOUR_ADVERBS = frozenset("""still again already just now yet anymore even also only ever constantly
always never keeps kept somehow suddenly""".split())

# How often or how widely the agent did what a person complains of ("stop using `Any` everywhere", "you keep adding
# print statements all the time", "stop using npm again and again"): the size of the complaint, not where or when the
# rule holds, so a ban keeps none of it ("Never use `Any` everywhere." allows `Any` somewhere; review43 R43-2)
COMPLAINT_INTENSIFIER = (r"(?:everywhere|all\s+over(?:\s+the\s+(?:place|code(?:base)?|project|repo|app|file))?|all\s+the\s+time|"
                         r"constantly|every\s+single\s+time|again\s+and\s+again|over\s+and\s+over(?:\s+again)?|non-?stop|"
                         r"left\s+and\s+right|like\s+crazy|in\s+(?:every|each)\s+(?:single\s+)?(?:file|place|function|method|module|"
                         r"component|class|line|test|page|screen)|in\s+all\s+(?:the\s+|of\s+the\s+)?(?:files|places|functions|"
                         r"modules|components|tests))")
# The verbs of a ban that stay whole without the complaint's size: the agent using, adding or calling a kind of code
# ("stop putting console.log everywhere" -> "Never add `console.log`."); "put" and "sprinkle" need the place they drop
# Comments that silence a checker, named as the code a ban keeps out ("stop adding # type: ignore everywhere")
SUPPRESSION_MARK = (r"(?:type:\s*ignore|noqa|ts-ignore|ts-expect-error|ts-nocheck|eslint-disable(?:-next-line|-line)?|"
                    r"nolint|pylint:\s*disable|nosec|@SuppressWarnings|#\[allow\()")
# One such comment whole, with the comment mark before it and the rules it names after it: one piece of code, so one
# code span ("never add // @ts-ignore" gave "Never add // `@ts`-ignore.": the decorator shape took "@ts" alone)
SUPPRESSION_COMMENT = (r"(?:(?://|#|/\*|--)\s*)?(?:@?ts-(?:ignore|expect-error|nocheck)|type:\s*ignore(?:\[[\w,\s-]+\])?|"
                       r"noqa(?::\s*[A-Z]+\d+(?:\s*,\s*[A-Z]+\d+)*)?|"
                       r"eslint-disable(?:-next-line|-line)?(?:\s+[a-z@][\w@/]*-[\w@/-]+(?:\s*,\s*[a-z@][\w@/-]*)*)?|"
                       r"pylint:\s*disable=[\w,-]+|nosec|nolint(?::[\w,]+)?)")
INTENSIFIED_BANS = {"use": "use", "add": "add", "import": "import", "call": "call", "insert": "add", "include": "add",
                    "put": "add", "sprinkle": "add", "throw": "add", "write": "write"}

# English pairs written with a slash that are not paths.
SLASH_WORDS = frozenset("""and/or input/output read/write true/false yes/no client/server frontend/backend
either/or on/off he/she his/her pros/cons try/catch async/await get/set start/stop open/close before/after
his/hers w/o i/o n/a tcp/ip ci/cd if/else b/c b/w w/e""".split())

# Capitalised words that look like identifiers but are names of products and languages.
PROPER = frozenset("""JavaScript TypeScript GitHub GitLab PostgreSQL MySQL MongoDB BigQuery DuckDB SQLite
NoSQL GraphQL PowerShell MacOS iOS macOS iPhone iPad YouTube LinkedIn OpenAI FastAPI DevOps PyPI NumPy
SciPy PyTorch TensorFlow CircleCI GitOps OAuth WebSocket JSON YAML README DynamoDB ClickHouse""".split())

KNOWN_FILES = frozenset("""Dockerfile Makefile Jenkinsfile Procfile Gemfile Rakefile Vagrantfile Justfile
Brewfile Pipfile Containerfile""".split())

CODE_EXT = ("py|pyi|sql|yml|yaml|json|jsonl|toml|ini|cfg|conf|env|md|rst|txt|csv|ts|tsx|js|jsx|mjs|cjs|vue|"
             "svelte|go|rs|java|kt|kts|scala|rb|php|cs|cpp|cc|c|h|hpp|swift|m|sh|bash|zsh|tf|tfvars|hcl|proto|"
             "graphql|gql|html|css|scss|sass|less|lock|xml|gradle|ipynb|r|jl|ex|exs|erl|dart|lua|pl|sbt")


SLOT_SKIP = PLAIN | frozenset("a an the and or but of to in on at by for with it its this that our your my we you i "
                                 "all some every each no not never always except unless besides only".split())
PREPOSITIONS = r"(?:for|in|inside|within|with|when|on|from|to|as|across|throughout|everywhere|instead)"


CONTRACTIONS = {"dont": "don't", "doesnt": "doesn't", "didnt": "didn't", "isnt": "isn't", "arent": "aren't",
                 "wasnt": "wasn't", "werent": "weren't", "shouldnt": "shouldn't", "mustnt": "mustn't",
                 "couldnt": "couldn't", "wouldnt": "wouldn't", "havent": "haven't", "hasnt": "hasn't",
                 "thats": "that's", "youre": "you're", "theyre": "they're", "youve": "you've"}
CONTRACTION = re.compile(r"\b(" + "|".join(CONTRACTIONS) + r")\b", re.I)
# A correction that only holds for the task at hand ("skip it for now", "this time use …") is not a rule.


def gerund_base(word: str) -> str | None:
    lowered = word.lower()
    if lowered in IRREGULAR_GERUNDS:
        return IRREGULAR_GERUNDS[lowered]
    if not lowered.endswith("ing") or len(lowered) < 5:
        return None
    stem = lowered[:-3]
    for candidate in (stem, stem + "e", stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else None):
        if candidate and candidate in VERBS:
            return candidate
    return None




# --- Words the one-off gates read (`one_off.py` `one_off`): a sentence that steers one change, not a habit. ---

# Adverbs that make a demand emphatic ("we really need to …"): a complaint about the moment, not a rule.
INTENSIFIERS = frozenset("really seriously desperately badly urgently absolutely definitely truly honestly".split())

# Determiners that point back at something only the conversation names ("that dir", "said file", "the other one").
POINTING = frozenset("that said aforementioned".split())

# How a list is left open ("… etc", "and so on"): the lesson would not say what it covers.
OPEN_LIST = ("etc", "etc.", "and so on", "and so forth", "and the like", "or whatever", "and stuff", "and whatnot",
             "or something", "and such", "and more", "...", "\u2026")

# Verbs of a standing convention: a plain imperative with one of them ("use uv for dependencies", "keep functions
# short", "put fixtures in conftest.py") can hold beyond the task; any other verb ("load the servers", "write the
# code in notebook.ipynb", "mark the tests as passed") is a step of the task unless the person says when it holds
# ("every", "before …", "whenever …") or that it holds from now on.
CONVENTION_VERBS = frozenset("""
use prefer keep put place store name follow avoid wrap pin prefix suffix return raise throw log document annotate type
declare close handle validate sanitize escape quote await catch import call pass default depend stick lint indent
separate split group order sort scope guard encode decode serialize namespace version tag
""".split())

# What a "use X as …" names when X is an example for this task ("use S001 as a template"), not a tool to keep using.
EXAMPLE_ROLES = frozenset("template reference example starting inspiration guide model basis sample base".split())

# What a project has one of, or names as a whole, so "the X" in a habit is no one thing of this task: "update the
# changelog", "run the linter", "bump the version", "rebase the branch" (review21: "save the file", "close the modal",
# "add the env var" name one thing only the conversation knows).
PROJECT_WIDE = frozenset("""changelog readme docs documentation lockfile version linter formatter suite build ci
pipeline code output branch schema spec license typecheck checker""".split())

# Lists a project keeps of every thing of a kind, by that kind: "you forgot to add the new endpoint to the router" is a
# step every new endpoint needs (a standing rule, review22 R22-3); "the new button to the sidebar" or "the new field to
# the form" places one thing of this task. Only pairs whose target holds them all; a target named as code (`.env.example`,
# `urls.py`) is a rule already.
_PAGES = frozenset("sidebar nav navigation navbar sitemap menu index toc".split()) | {"table of contents"}
_DOCS = frozenset("readme docs documentation changelog".split())
REGISTRIES: dict[str, frozenset[str]] = {
    "endpoint": frozenset({"router", "routes", "routes file", "route table", "api docs", "openapi spec"}),
    "route": frozenset({"router", "routes file", "route table"}) | _PAGES,
    "page": _PAGES, "doc": _PAGES, "guide": _PAGES, "tutorial": _PAGES,
    "env var": _DOCS | {"example env file", "env example"}, "environment variable": _DOCS | {"example env file", "env example"},
    "setting": _DOCS, "config option": _DOCS, "option": _DOCS, "flag": _DOCS, "command": _DOCS | {"help", "help text"},
    "subcommand": _DOCS | {"help", "help text"},
    "model": frozenset({"admin", "admin site", "admin panel"}),
    "dependency": frozenset({"lockfile", "lock file"}),
    "migration": frozenset({"changelog"}),
}

# Colours and type styles: a rule's slot put a bare one in backticks as if it were code ("Use `red` instead of `blue`.",
# "Never use `bold` in the heading."); they are a choice for one thing of this task. ("black" is a formatter too.)
STYLE_WORDS = frozenset("""red blue green yellow orange purple pink white gray grey brown cyan magenta teal navy violet
gold silver beige bold italic italics underline underlined uppercase lowercase""".split())

# Parts of an app's screen: "the modal should always be centered", "the submit button must be disabled" say how one part
# of this app looks or behaves (a design statement of this task), not a standing rule.
UI_PARTS = frozenset("""modal dialog popup popover drawer button header footer sidebar navbar nav menu dropdown card banner
logo hero page screen panel tab tabs tooltip toast toolbar chart graph form input textbox checkbox slider carousel
spinner loader avatar badge icon thumbnail layout grid title heading subtitle label link breadcrumb pagination
overlay background table""".split())

# Things a task works on one of among many of its kind: "the migration", "the modal", "the script" with no word saying
# which is this task's one ("don't ever run the migration on prod"); "the header", "the logo", "the schema" a project
# or a screen has one of.
ONE_OF_MANY = frozenset("""migration test file script function method class component model endpoint route query job
column field variable table row commit ticket issue notebook cell package library dependency modal dialog popup popover drawer button card dropdown
chart graph form input textbox checkbox slider carousel spinner loader avatar badge icon thumbnail tooltip toast tab
panel page screen title heading subtitle label link banner image""".split())

# What others build on, so a project keeps it as it is: "the public API", "the exported types" (refl26: "pls dont change the
# public api" is a standing guard, not one thing of this task). A modifier, then one of the nouns.
PUBLIC_MARKS = frozenset("public exported external published".split())
PUBLIC_SURFACES = frozenset("""api apis interface interfaces contract contracts surface signature signatures types methods
functions endpoints schema""".split())

# Kinds of code a person may dislike by name ("I'm not a fan of the nested ternaries"): a dislike of anything else
# ("the long meetings", "the weekly syncs") is no rule about code (review26 R26-5).
CODE_CONSTRUCTS = frozenset("""function functions method methods class classes callback callbacks ternary ternaries loop
loops conditional conditionals global globals import imports export exports comment comments component components hook
hooks promise promises closure closures decorator decorators generic generics macro macros query queries regex regexes
mutation mutations abbreviation abbreviations variable variables type types cast casts assertion assertions mock mocks
fixture fixtures singleton singletons inheritance getters setters switch switches""".split())

# Nouns that read as a plural though they end in no "s" (a subject that is a kind of thing, not one component).
PLURAL_NOUNS = frozenset("data people children media criteria metadata emojis".split())

# Everyday words of rules about code and prose, for telling a typo ("forntend", "actuall", "inputsd") from a word:
# with the reflector's other word lists (verbs and their forms, stopwords, plain nouns) and the capture's cue words.
# A word one letter swap, or one stray letter, away from a known word and not known itself is a typo.
COMMON_WORDS = frozenset("""
actual actually additional address admin again against agent alias align allowed already also alternative always
another answer application argument array article asset async attribute audit author automatic available
background backend backup balance banner barrel before behaviour behavior between binary blank boolean border bottom
boundary branch browser buffer builder button cache callback canvas capital caption category change channel
character chart check child choice chunk class clean clear client close cluster column command comment commit common
company compare complete component components config configuration connection console constant container content
context control controller convention copy correct count create credential credentials current custom customer
dashboard database dataset debug decimal default define delete dependency dependencies deploy deployment describe
design detail details develop developer device dialog different directory directories disable display document
documents documentation domain double download draft driver duplicate dynamic editor element empty enable endpoint
engine environment error errors event events example exception existing explicit export expression extension
external factory feature features field filter final first fixture folder follow footer foreground format frontend
function functions general generate global group handler header height helper hidden history hook image images
import important include index information initial inline input inputs install instance integer integration
interface internal issue issues item items javascript layout length level library lifecycle limit linter local
location logger logging login logic lookup manager manual margin markdown master message messages method methods
middleware migration mobile model models modal module modules monitor multiple network number object offline
online option optional options order output outputs package packages padding parameter parameters parent parser
partial password pattern pending permission pipeline placeholder platform plugin pointer policy popup position
possible prefix preview primary private process product production profile program project prompt property
protected provider public python query random readme reason record redirect reference refresh register regular
release remote render repository request requests require required resource response result results return review
route router runtime sample schema screen script scripts search second section secret security select selector
separate server service session setting settings shared sidebar signal simple single source special standard state
static status storage string strings structure style styles subject submit success suffix summary support switch
symbol system table target template terminal testing text theme thread title token tokens toolbar tooltip track
transaction trigger typescript update upload usage user users utility valid validation value values variable
variables vector version versions video window workflow wrapper
""".split())


# --- Tools a project settles on once (`choices.py` and `match.py` read these for terse and stated choices). ---

# Tools by the job they do in a project. A terse "uv, not pip" or a bare "we use pnpm here" is a standing rule only
# when both names are tools of one such job: which package manager, linter or test runner a project uses is its
# convention whoever asked, while "JSON, not CSV", "staging, not prod" or "Tuesday, not Monday" may be one task's
# choice. A name may do two jobs (ruff lints and formats). Names that are also everyday words (make, just, got,
# arrow, standard) are left out: "no make" or "we use standard" need not name a tool.
TOOL_FAMILIES: dict[str, frozenset[str]] = {}
for _family, _names in {
    "python packages": "pip pip3 pipenv poetry uv conda mamba micromamba pdm hatch rye pipx easy_install",
    "js packages": "npm pnpm yarn bun npx pnpx bunx",
    "linter": "ruff flake8 pylint pyflakes pycodestyle eslint biome oxlint tslint golangci-lint clippy "
              "rubocop shellcheck stylelint",
    "formatter": "black ruff yapf autopep8 isort prettier biome dprint gofmt rustfmt clang-format",
    "type checker": "mypy pyright pyre pytype tsc",
    "test runner": "pytest unittest nose nose2 tox nox jest vitest mocha jasmine karma playwright cypress "
                   "rspec minitest phpunit",
    "http client": "requests httpx aiohttp urllib urllib3 axios fetch superagent",
    "bundler": "webpack vite rollup esbuild parcel turbopack rspack tsup",
    "js runtime": "node deno bun",
    "containers": "docker podman",
    "dataframes": "pandas polars",
    "validation": "pydantic marshmallow attrs zod yup joi valibot",
    "dates": "moment dayjs date-fns luxon pendulum",
    "logging": "loguru structlog winston pino bunyan",
    "orm": "sqlalchemy prisma drizzle typeorm sequelize peewee sqlmodel",
    "postgres driver": "psycopg psycopg2 psycopg3 asyncpg",
    "python version manager": "pyenv asdf mise",
    "forms": "formik react-hook-form final-form",
    "js utilities": "lodash lodash-es ramda remeda",
}.items():
    for _name in _names.split():
        TOOL_FAMILIES[_name] = TOOL_FAMILIES.get(_name, frozenset()) | {_family}
del _family, _names, _name

# More tools of one job, read only in a choice between two of them ("pathlib, not os.path", "use fastapi, not flask",
# "don't use requests, httpx"; refl31): as names alone in a sentence they stay prose (many are everyday words, and
# TOOL_FAMILIES marks its names as code everywhere)
CHOICE_FAMILIES: dict[str, frozenset[str]] = {}
for _family, _names in {
    "python paths": "pathlib os.path",
    "python cli": "click typer argparse docopt",
    "python web framework": "flask fastapi django starlette litestar",
    "js web framework": "express koa fastify hono nestjs",
    "ui framework": "react vue svelte angular solid preact",
    "css styling": "tailwind tailwindcss bootstrap styled-components emotion sass scss css-modules",
    "js state": "redux zustand mobx jotai recoil pinia vuex",
    "task queue": "celery rq dramatiq huey bullmq sidekiq",
    "database": "postgres postgresql mysql mariadb sqlite mongodb",
    "cache store": "redis memcached valkey",
    "rust errors": "thiserror anyhow eyre",
    "rust async": "tokio async-std smol",
    "rust http": "reqwest ureq hyper",
    "go http": "gin echo chi fiber",
    "jvm build": "maven gradle sbt",
    "python async": "asyncio trio anyio",
    "python json": "orjson ujson simplejson",
    "go logging": "zap zerolog logrus slog",
    "js http mocks": "msw nock",
}.items():
    for _name in _names.split():
        CHOICE_FAMILIES[_name] = CHOICE_FAMILIES.get(_name, frozenset()) | {_family}
del _family, _names, _name

# Tool names that are everyday words too ("black", "requests", "moment"): named alone ("no black", "black is not
# allowed") they need not mean the tool, so only a choice between two tools of one job reads them as tools.
EVERYDAY_TOOL_NAMES = frozenset("black requests node fetch parcel moment hatch rye mamba arrow bun jest".split())

# Programming languages a project is written in: one side of "it's TypeScript, not JavaScript" (refl28, R28-7)
PROGRAMMING_LANGUAGES = frozenset("""python javascript typescript go golang rust java kotlin swift objective-c ruby php
c++ c# scala elixir erlang haskell clojure dart lua perl r julia zig sql""".split())

# "before you push" read as "before pushing": the steps a check comes before (refl28, R28-2)
BEFORE_GERUNDS = {"push": "pushing", "commit": "committing", "merge": "merging", "deploy": "deploying",
                  "release": "releasing", "tag": "tagging",
                  # "before you show me a diff", "before you open a PR" (blind9, refl38): handing the work over
                  "show": "showing", "open": "opening", "submit": "submitting", "send": "sending", "hand": "handing",
                  "ship": "shipping", "publish": "publishing"}

# What the agent adds or changes in a repository, named as a kind a standing step comes with ("when adding a new
# endpoint, add an integration test"; refl44): the head noun of "when adding a new …" said first. A record of the
# product ("when adding a new user, send a welcome email", "… a new order") is what the code does, not the team's way.
WORK_KINDS = frozenset("""endpoint route migration dependency dep package library lib module file test component function
method class table column model page screen view command subcommand script env var variable flag setting config option
service job dag workflow handler api keymap field hook plugin crate gem query schema type interface translation string
icon asset doc docs readme release version branch pr commit tag lambda resource controller store reducer action
middleware helper util fixture snapshot story stories template layout style stylesheet rule check lint task target
provider adapter migration model entity index key secret image container chart workflow step action""".split())
PRODUCT_RECORDS = frozenset("""order orders invoice invoices payment payments product products booking bookings item items
post posts ticket tickets message messages subscription subscriptions transaction transactions cart carts""".split())

# When the team made a choice, said after it ("we switched to httpx last month", "we moved to date-fns months ago"):
# no part of the rule (review36 R36-5; review44 R44-3)
CHOSEN_WHEN = (r"(?:last\s+(?:week|month|year|sprint|quarter)|(?:a\s+(?:while|few\s+(?:days|weeks|months|years)|couple\s+"
               r"(?:of\s+)?(?:weeks|months|years))|(?:\d+|two|three|four|five|six|several|some|many)\s+(?:days|weeks|months|"
               r"years)|days|weeks|months|years|ages)\s+ago|a\s+long\s+time\s+ago|long\s+ago|recently|already)")

# "when you add a command" read as "when adding a command": the kinds of change a standing step comes with (refl39)
WHEN_GERUNDS = {"add": "adding", "change": "changing", "create": "creating", "rename": "renaming", "remove": "removing",
                "delete": "deleting", "bump": "bumping", "write": "writing", "touch": "touching", "edit": "editing",
                "introduce": "introducing", "drop": "dropping", "modify": "modifying", "update": "updating",
                "move": "moving", "refactor": "refactoring", "fix": "fixing", "upgrade": "upgrading", "install": "installing",
                "release": "releasing", "deploy": "deploying", "push": "pushing", "commit": "committing", "merge": "merging",
                "publish": "publishing", "ship": "shipping", "bump up": "bumping up", "deprecate": "deprecating",
                "expose": "exposing", "export": "exporting", "import": "importing", "split": "splitting"}

# Code a project forbids by name ("no float for money", "no any in TypeScript"): with the tools above, what a bare
# "no X for Y" can forbid.
FORBIDDEN_CODE = frozenset("float double any eval exec var print println goto unwrap panic alert".split())

# Keywords, built-in types and values a rule names bare in its code slot ("use const instead of let", "use None, not
# null"): code though they are no identifier's shape and no tool. An everyday word there ("the ip", "text") is prose.
CODE_WORDS = frozenset("""const let var int str bool boolean dict tuple bytes uint long short char void null nil none
undefined nan true false self this async await yield lambda typeof instanceof interface enum struct impl trait
datetime pathlib asyncio logging typing dataclasses unittest argparse subprocess itertools functools collections
sqlite sqlite3 json yaml toml csv regex re os sys printf println sprintf fmt len range map filter reduce forEach
useState useEffect useMemo useCallback setTimeout setInterval localStorage sessionStorage innerHTML
ref source config jinja id unknown never any sleep main master kebab-case html css xml markdown format rg fd jq ls cd cp mv rm cat sed awk grep
vim""".split())

# Words of everyday computing a rule names as things, not code: "use the ip instead of localhost".
EVERYDAY_TECH = frozenset("""ip ips localhost url urls uri email emails wifi internet web online offline app apps site
website websites webpage browser laptop desktop phone mobile tablet screen keyboard mouse cloud server prod production
staging dev local""".split())

# Months and days: capitalised words of a date, not names of code ("the January data instead of February").
# What a team does away from the code: "we avoid meetings on fridays" is the team's calendar, no rule for a coding agent
# (refl29's residual). Not "calls" (function and network calls) nor "emails" (code sends them).
OFFICE_LIFE = frozenset("""meeting meetings standup standups stand-up stand-ups lunch lunches overtime offsite offsites
retro retros one-on-ones""".split())

CALENDAR = frozenset("""january february march april may june july august september october november december
monday tuesday wednesday thursday friday saturday sunday""".split())

# Units and formats a project states its data in ("our API returns cents", "timestamps are stored in UTC"): a plain
# statement of one of them about the project's own data is a convention to keep, not a report of what went wrong.
UNIT_WORDS = frozenset("""cents pennies paise satoshis minor-units basis-points milliseconds ms microseconds
nanoseconds seconds utc iso-8601 iso8601 rfc3339 rfc-3339 epoch unix-time unix-timestamps utf-8 utf8 snake_case
camelcase pascalcase kebab-case screaming_snake_case bytes kilobytes megabytes metres meters kilometres kilometers
celsius kelvin""".split())


# Languages a person asks the agent to talk or write in ("keep our chat in english", "always answer in German").
LANGUAGES = frozenset("""english spanish french german portuguese italian dutch chinese mandarin japanese korean russian
arabic hindi turkish polish swedish norwegian danish finnish greek hebrew indonesian vietnamese thai ukrainian czech
romanian hungarian persian urdu bengali""".split())
# What a conversation with the agent is made of: "keep the chat / your answers / the commit messages in English".
TALK_NOUNS = frozenset("""chat conversation conversations answers replies responses messages explanations comments
commit docs documentation""".split())
# ... and of them, what is kept plain or short: "keep your language simple", "keep your answers short" (refl43). Not one
# text ("the explanation", "the summary") nor "messages" or "comments", which may be the code's
TALK_PLAIN_NOUNS = frozenset("language wording chat answers replies responses explanations".split())
TALK_PLAIN = frozenset("simple short brief concise plain clear simpler shorter".split())
# Texts a project writes in one language, whatever the task: "commit messages in English", "write code comments in
# French" (blind9, blind10; refl38). Plural kinds only: "write the summary in English" is one text of this task.
PROJECT_TEXTS = frozenset("""commit messages|commits|log messages|logs|log lines|comments|code comments|docstrings|
error messages|exception messages|variable names|function names|identifiers|pr descriptions|pr titles|
pull request descriptions|ui strings|ui texts|user-facing strings|user-facing texts|user-facing messages|test names|
changelog entries|branch names|validation messages""".replace("\n", "").split("|"))
# Verbs of talking to the person: "answer in English", "reply in French".
TALK_VERBS = frozenset("answer reply respond talk speak communicate chat write explain".split())
# Of those, the verbs of the conversation itself: "reply in French" holds for the chat; "explain in Spanish", "write in
# German" may be about one explanation or one text of this task, so they need "always", "only" or "from now on".
CHAT_VERBS = frozenset("answer reply respond talk speak communicate chat".split())
# The verb a thing done "one at a time" takes when the message leaves it out: "one question at a time plz" -> "Ask one
# question at a time." Only nouns whose verb is not in doubt (a "file" or a "test" one at a time could be read, run,
# edited or fixed: nothing).
ONE_AT_A_TIME = {"question": "ask", "questions": "ask", "change": "make", "changes": "make", "thing": "do",
                 "things": "do", "task": "do", "tasks": "do", "bug": "fix", "bugs": "fix"}
# What the agent has of its own, that a lesson may name as "your own …" ("Never kill your own session.", "Never review
# your own PRs."): what it runs in, and what it makes or says as a whole. One thing it made in this task ("your own
# change", "your own file") is not here.
AGENTS_OWN = frozenset("""session sessions process processes shell terminal context work code output answers questions
prs pull requests commits tests reviews""".split())



# --- Conventions a team states as facts (`conventions.py` reads these; refl25, issue 20). ---

# Named practices a project adopts as a whole: "we use conventional commits", "we follow semver", "we do TDD". Said of
# the team, each is a standing convention with no object of this task to point at. Lower case, words as said.
PRACTICES = frozenset("""
conventional commits|conventional commit messages|semantic versioning|semver|calendar versioning|calver
|trunk-based development|gitflow|git flow|github flow|squash merges|squash merging|squash and merge|rebase and merge
|signed commits|atomic commits|linear history|feature flags|feature branches|type hints|type annotations|strict mode
|strict typescript|strict null checks|es modules|esm|commonjs|named exports|absolute imports|relative imports
|functional components|dependency injection|tdd|bdd|test-driven development|pep 8|pep8|google style docstrings
|numpy style docstrings|jsdoc|tsdoc|snake_case|camelcase|pascalcase|kebab-case|screaming_snake_case|single quotes
|double quotes|trailing commas|utc|iso 8601|iso-8601|iso dates|iso 8601 dates|keep a changelog|semantic commits
""".replace("\n", "").split("|"))

# Indentation a project keeps: "we use tabs", "we indent with 2 spaces" (rendered "Indent with …").
INDENT_NUMBERS = {"two": "2", "four": "4", "eight": "8", "2": "2", "3": "3", "4": "4", "8": "8"}

# Verbs of the team's own way of working, said as a fact of the team ("we keep handlers thin", "we pin all
# dependencies", "we prefix private methods with an underscore"): a standing convention when what follows is a kind
# of thing or code. Verbs that also describe what a program does ("we call the API twice", "we return 500 on …") or
# a step of the task ("we add the button", "we run the migration") are not here: said of "we", they report or plan.
TEAM_WAY_VERBS = frozenset("keep follow avoid pin prefix suffix squash rebase validate sanitize document annotate "
                           "lint format indent".split())

# What "we don't allow / accept / permit / tolerate X" and "X are not allowed" keep out: the verbs, and the
# participle each renders with ("PRs without tests are not accepted.").
ALLOW_VERBS = {"allow": "allowed", "accept": "accepted", "permit": "permitted", "tolerate": "tolerated"}

# Where a branch rule points: "force pushes to main", "direct commits to master", "merge commits on the release branch".
BRANCH_WORDS = frozenset("main master trunk develop prod production staging release".split())

# Things a project keeps out of its code, said as "no X" after a reminder ("I told you before, no print statements",
# "no more emojis in commit messages"). With code (`console.log`, `any`, a tool) they are what the rule forbids; a
# plural that names no such thing ("no errors", "no changes", "no questions") is no rule.
KEPT_OUT = frozenset("""emojis|emoji|print statements|prints|console logs|debug prints|debug statements|magic numbers
|globals|global variables|inline styles|wildcard imports|star imports|default exports|abbreviations|semicolons
|type assertions|non-null assertions|todo comments|sleeps|hardcoded values|hardcoded secrets|hardcoded credentials
|hardcoded strings|hardcoded urls|hard-coded values|force pushes|merge commits|raw sql|raw sql queries|mocks
""".replace("\n", "").split("|"))
# Of what a project keeps out, what it keeps out of the repository itself ("no secrets in the repo" -> "Keep secrets out
# of the repo.", "I said no binaries" -> "Never commit binaries.").
KEPT_OUT_OF_REPO = frozenset("""secrets|credentials|api keys|passwords|tokens|binaries|large files|build artifacts|
node_modules|.env files|env files""".replace("\n", "").split("|"))

# What makes "we use X in/for Y" no way of working: a quantity ("a ton of memory"), a regret ("unfortunately"), how often
# ("mostly", "sometimes"): said about how things are, not how they should be.
NOT_A_WAY = frozenset("""lot lots ton tons bunch plenty much many most mostly mainly sometimes usually often rarely
occasionally partly partially unfortunately sadly still currently temporarily""".split())

# What "every X needs Ys" may not name as Ys: work to be done on this task's things ("every page needs fixing",
# "every file needs updates"), not something each one of a kind must have.
NEEDS_WORK = frozenset("""fixes fixing changes updates updating work improvements tweaks adjustments edits attention
cleanup cleaning refactoring rewriting love help reviewing testing""".split())

# Verbs of a way of working that, recalled as agreed or said before ("didn't we agree to keep handlers thin?", "I told
# you to pin dependencies"), state a standing rule; a verb of one step ("restart", "run", "fix", "return") recalls a
# step asked for once ("I told you to restart the server").
RECALLED_WAY_VERBS = frozenset("""use prefer keep put place store name follow avoid wrap pin prefix suffix log document
annotate type declare validate sanitize escape quote await catch import stick lint indent separate namespace version
tag squash rebase""".split())

# How a part of the screen behaves in a state ("the submit button should always be disabled while saving", "the modal
# should never close when clicking outside"): with "always"/"never" and the state it holds in, a standing rule of the
# app's behaviour, not one part's look ("the modal should always be centered" stays a design statement of this task).
UI_STATES = frozenset("""disabled enabled hidden visible shown readonly read-only locked focused open closed collapsed
expanded active inactive selected checked unchecked editable clickable blocked""".split())
UI_ACTIONS = frozenset("""close open show hide reset clear submit reload refresh validate block lock appear
disappear""".split())

# People a product lets in or keeps out ("we don't allow anonymous users"): a fact of the product, not of how the team
# works, so "X are not allowed" about them is no lesson here.
PEOPLE = frozenset("""users user guests guest visitors visitor customers customer people members member admins admin
clients client accounts account anonymous strangers bots crawlers""".split())

# Plurals too vague to be what a team's way is about ("we keep things simple", "we keep costs low").
VAGUE_KINDS = frozenset("things stuff ones others items pieces bits parts words values numbers costs expectations".split())


# Secrets, and the places a project reads them from (review41 R41-3's "read the token from the env", refl43): the nouns
# a secret goes by, and the environment said the ways people say it ("the env", "an env var", "process.env", "the
# GITHUB_TOKEN env var"); regular-expression alternations, read by `imperatives.py` and `challenges.py`
SECRET_NOUNS = (r"(?:api[\s_-]?keys?|access\s+keys?|private\s+keys?|secret\s+keys?|tokens?|secrets?|keys?|passwords?|"
                r"credentials?|creds|dsn|connection\s+strings?|database\s+url|db\s+url)")
ENV_PLACES = (r"(?:the\s+|an?\s+)?(?:(?-i:`?[A-Z][A-Z0-9]*_[A-Z0-9_]+`?|`?[A-Z]{3,}`?)\s+)?"
              r"(?:env|environment|env\s+vars?|environment\s+variables?|env\s+variables?|`?process\.env`?|`?os\.environ`?)")

# A person's own machine, system or shell (rules.OWN_SETUP): "I use the fish shell", "I'm on Windows", "my shell is zsh"
OWN_SYSTEMS = (r"(?:windows(?:\s+1[01])?|win1[01]|linux|ubuntu|debian|fedora|arch(?:\s+linux)?|manjaro|nixos|mint|"
               r"mac(?:os|book)?|os\s*x|osx|wsl2?|chromebook|chromeos|fish|zsh|bash|powershell|pwsh|nushell|nu\s+shell|"
               r"cmd(?:\.exe)?|tcsh|ksh|apple\s+silicon|an?\s+m[1-4](?:\s+mac)?)")

# Where a person asks the agent to write a rule down for later sessions (text.record_asked): the agents' instruction files
# and their memory ("add this to CLAUDE.md", "save it to your memory", "(add this info to crush.md …, so you dont forget)")
RECORD_PLACES = (r"(?:(?:your\s+|the\s+|our\s+|project(?:'s)?\s+)?(?:memory|memories|notes|rules|instructions|"
                 r"instruction\s+file|rules\s+file)|`?(?:claude|agents|gemini|crush|conventions|copilot-instructions)\.md`?|"
                 r"`?\.cursorrules`?|`?\.windsurfrules`?|`?\.cursor/rules[\w./-]*`?|`?\.github/copilot-instructions\.md`?)")
