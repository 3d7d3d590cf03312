"""Team conventions stated as facts: the templates for "we use conventional commits", "we indent with 2 spaces",
"we don't allow force pushes to main", "we keep handlers thin" (refl25, issue 20).

A person often states the project's way as a fact about the team rather than as an order. Said of "we" (or "this
repo", "our team"), in the present, about a kind of thing or a named practice, it holds for every later task:

=====================================================  ==================================================
feedback                                               lesson
=====================================================  ==================================================
"we use conventional commits" / "we follow semver"     Use conventional commits. / Follow semver.
"we use tabs here" / "we indent with 2 spaces"         Indent with tabs. / Indent with 2 spaces.
"we don't allow force pushes to main"                  Force pushes to main are not allowed.
"we don't accept PRs without tests"                    PRs without tests are not accepted.
"merge commits aren't allowed on main"                 Merge commits are not allowed on main.
"we keep handlers thin" / "we pin all dependencies"    Keep handlers thin. / Pin all dependencies.
"I told you before, no print statements"               Never use print statements.
=====================================================  ==================================================

Each shape reads only what it can name: a practice of vocabulary.PRACTICES, an indentation, a kind of thing (a
plural), code, or something a project keeps out of its code (vocabulary.KEPT_OUT). What points at this task ("this",
"the new …", "for now"), asks ("?") or describes what a program does ("we call the API twice", "users are not allowed
to edit") gives nothing; the vocabulary lives in `vocabulary.py`, the gates in `one_off.py` and `render.py`.
"""

from __future__ import annotations

import re

from altimate_learn.reflect.providers.builtin.one_off import _plural
from altimate_learn.reflect.providers.builtin.phrase import Rule
from altimate_learn.reflect.providers.builtin.vocabulary import (ALLOW_VERBS, BRANCH_WORDS, FORBIDDEN_CODE,
                                                                  INDENT_NUMBERS, KEPT_OUT, KEPT_OUT_OF_REPO, LANGUAGES, PEOPLE, PRACTICES, PROJECT_TEXTS,
                                                                  TEAM_WAY_VERBS, TOOL_FAMILIES, VAGUE_KINDS, VERBS,
                                                                  gerund_base)

# Who states the team's way: "we", "this repo", "our team".
_WE = r"(?:we|(?:this|our|the)\s+(?:repo(?:sitory)?|project|codebase|team|company|monorepo))"
# What may close a stated convention: where it holds ("here", "in this repo"), a reminder that it was said, thanks.
_HERE = r"(?:\s+(?:here|everywhere|always|in\s+this\s+(?:repo(?:sitory)?|project|codebase|app|service|pipeline)|in\s+our\s+(?:repo|code|codebase)))*"
_END = r"(?:\s*[,;.!]+\s*(?:(?:please|and|so)\s+)*(?:remember(?:\s+(?:that|this|it))?|don'?t\s+forget(?:\s+(?:that|this|it))?|" \
       r"keep\s+(?:that|this|it)\s+in\s+mind|thanks?|ok))*[\s,.!]*$"
# Words of this task, of a moment, or of a report: never in a stated convention.
_NOT_STANDING = re.compile(r"\b(?:this|that|these|those|it|its|them|they|you|your|i|me|my|now|today|tomorrow|tonight|"
                           r"later|soon|yet|first|then|again|still|anymore|sometimes|twice|once|new|old|current|"
                           r"other|same|next|last|above|below|following|remaining|both)\b|\?", re.I)

_PRACTICE = r"(?P<practice>" + "|".join(re.escape(p).replace(r"\ ", r"[\s-]+") for p in sorted(PRACTICES, key=len, reverse=True)) \
    + r")"
# "we use conventional commits", "this repo follows semver", "we do TDD", "we always use type hints"
_STATES_PRACTICE = re.compile(r"^" + _WE + r"\s+(?P<always>always\s+)?(?:only\s+)?(?P<verb>use|uses|follow|follows|stick\s+to|"
                              r"sticks\s+to|do|does|practi[cs]e|practi[cs]es|prefer|prefers|enforce|enforces)\s+"
                              + _PRACTICE + r"(?P<scope>\s+(?:for|in|on|across)\s+(?:all\s+|every\s+|each\s+)?"
                              r"[\w`.-]+(?:\s+[\w`.-]+)?)?" + _HERE + _END, re.I)

# a practice named bare, said again ("again, conventional commits", "for the 3rd time: type hints on every function")
_RECALLED_PRACTICE = re.compile(r"^(?:(?:use|follow)\s+)?" + _PRACTICE + r"(?P<scope>\s+(?:for|in|on|across)\s+"
                                r"(?:all\s+|every\s+|each\s+)?[\w`.-]+(?:\s+[\w`.-]+)?)?"
                                r"(?:\s+(?:please|pls|plz|thanks))*\s*[.!]*$", re.I)

_HOW = r"(?P<how>tabs|(?P<n>two|four|eight|[2348])[\s-]*spaces?)"
# "we use tabs here", "we indent with 2 spaces", "our indentation is 4 spaces", "indent with tabs", "2-space indentation"
_INDENTS = re.compile(r"^(?:" + _WE + r"\s+(?:always\s+|only\s+)?(?:use|uses|indents?(?:\s+(?P<what>[\w.+#-]+(?:\s+files)?))?"
                      r"\s+with|prefer|prefers)"
                      r"|(?:please\s+)?(?:always\s+)?indent\s+with|(?:our\s+|the\s+)?indentation\s+is"
                      # "this repo is 2 spaces", "the codebase is 4-space indented": the project said to be its indent (refl39)
                      r"|(?:this|our|the)\s+(?:repo(?:sitory)?|project|codebase|monorepo)(?:\s+is|'s))\s+" + _HOW
                      + r"(?:\s+(?:for|as)\s+indent(?:ation|ing)?|[\s-]+indent(?:ed|ation)?)?"
                      r"(?:\s+(?:in|for)\s+(?P<scope>[\w.+#-]+(?:\s+files)?))?" + _HERE + _END, re.I)

# "we don't indent with tabs in this repo" (what "since when do we indent with tabs in this repo?" asks, blind9), "we never
# use tabs here": the indentation the project keeps out (refl41)
_NO_INDENT = re.compile(r"^" + _WE + r"\s+(?:don'?t|do\s+not|never)\s+(?:use|indent\s+with)\s+" + _HOW
                        + r"(?:\s+(?:for|as)\s+indent(?:ation|ing)?)?" + _HERE + _END, re.I)

# "logs go to stdout, the platform collects them" (blind11): the stream a kind of output is written to (refl41); what
# collects it may be said after a comma, nothing else
_TO_STREAM = re.compile(r"^(?:(?:our|the|all(?:\s+(?:our|the))?)\s+)?(?P<what>logs|log\s+(?:messages|lines|output)|warnings|"
                        r"diagnostics|debug\s+output|metrics)\s+(?:always\s+|only\s+)?(?:go|are\s+written|get\s+written|"
                        r"should\s+go|must\s+go)\s+to\s+(?P<where>stdout|stderr|standard\s+(?:out(?:put)?|error)|syslog)"
                        r"(?:\s*[,;]\s*(?:the|our)\s+(?:[a-z][\w-]*\s+){0,2}?(?:collects?|picks?\s+up|ships?|reads?|scrapes?|"
                        r"forwards?|handles?|aggregates?)\s+(?:them|it|those)(?:\s+(?:from\s+there|up))?)?" + _HERE + _END, re.I)

# "PRs here go against develop" (blind9): the branch pull requests are opened against (refl41)
_PR_BASE = re.compile(r"^(?:(?:our|all(?:\s+our)?|the)\s+)?(?P<what>PRs|pull\s+requests|MRs|merge\s+requests)(?:\s+here)?\s+"
                      r"(?:always\s+|only\s+)?(?:go|are\s+opened|get\s+opened|are\s+made|target|should\s+(?:target|go)|must\s+"
                      r"(?:target|go))(?:\s+(?:against|into|to|on|onto))?\s+(?P<branch>(?:" + "|".join(sorted(BRANCH_WORDS))
                      + r"|dev|next|release/[\w.-]*[\w-]))(?:\s+branch)?(?:,?\s+not\s+(?P<other>" + "|".join(sorted(BRANCH_WORDS))
                      + r"|dev))?" + _HERE + _END, re.I)

# "tabs in the Makefile, spaces everywhere else" (said again after "again:" or "this was settled at the start:"), "we use
# tabs in Makefiles": the file kind where the indentation is the tool's, not the team's taste (refl28)
_MAKEFILE_INDENT = re.compile(r"^(?:" + _WE + r"\s+(?:always\s+|only\s+)?use\s+)?" + _HOW
                              # "tabs not spaces in the Makefile" (review44 R44-3): what the file kind never takes
                              + r"(?:\s*,?\s+not\s+(?P<not>spaces|tabs)\s*,?)?\s+(?:in|for)\s+"
                              r"(?P<scope>(?:the\s+|all\s+|our\s+)?makefiles?)(?:\s*,\s*(?P<other>spaces|tabs|(?:two|four|"
                              r"eight|[2348])[\s-]*spaces?)\s+(?:everywhere\s+else|elsewhere))?" + _HERE + _END, re.I)

# "our branch names are ticket-id/short-desc", "tag names look like v<major>.<minor>": the shape a kind of name follows,
# given as a pattern (refl28)
_NAME_PATTERN = re.compile(r"^(?:(?:our|the|all(?:\s+our)?)\s+)?(?P<what>(?:branch|file|commit|tag|table|column|topic|bucket|"
                           r"image|release|migration|test|env(?:ironment)?\s+var(?:iable)?|feature\s+flag)\s+names|branches|tags)"
                           r"(?:\s+here)?\s+(?:are|look\s+like|follow|use|(?P<named>are\s+(?:always\s+)?(?:named|called)))\s+(?:the\s+(?:pattern|format)\s+)?(?P<pattern>[\w<>{}.:]+(?:[/_-][\w<>{}.:]+)+|"
                           r"[\w.]*<[\w-]+>[\w<>{}./:-]*)" + _HERE + _END, re.I)

# "columns are snake_case in our database", "components are PascalCase": the case a kind of thing is named in (refl31,
# blind6)
_CASE_OF_KIND = re.compile(r"^(?:(?:our|the|all(?:\s+our)?)\s+)?(?P<what>(?:[a-z][\w-]*\s+)?[a-z][\w-]*[a-rt-z]s)\s+are\s+"
                           r"(?:(?:in|all|always)\s+)?(?P<case>snake_case|camelCase|PascalCase|kebab-case|SCREAMING_SNAKE_CASE|"
                           r"UPPER_SNAKE_CASE|UPPER_CASE|lower_snake_case|lowercase)"
                           r"(?P<where>\s+(?:in|for|across)\s+(?:our|the|this)\s+(?:database|db|schema|api|apis|codebase|code|"
                           r"repo|project|models?|tables?|frontend|backend))?" + _HERE + _END, re.I)
# "tables are singular in this schema" (blind10): the number a kind of thing is named in (refl41)
_NUMBER_OF_KIND = re.compile(r"^(?:(?:our|the|all(?:\s+our)?)\s+)?(?P<what>(?:[a-z][\w-]*\s+)?(?:tables|columns|models|resources|"
                             r"endpoints|routes|collections|entities|enums|folders|directories|modules|packages|topics|"
                             r"queues|buckets|indexes|indices|views|schemas|namespaces|controllers|serializers))(?:\s+names)?\s+are\s+"
                             r"(?:always\s+)?(?:named\s+(?:in\s+(?:the\s+)?)?)?(?P<n>singular|plural)"
                             r"(?:\s+(?:in|across|for)\s+(?:our|the|this)\s+(?:database|db|schema|api|apis|codebase|code|repo|"
                             r"project|models?|app))?" + _HERE + _END, re.I)
# "components stay under 200 lines", "didn't we agree components stay under 200 lines?" (blind9): the size a kind of code is
# kept within (refl41)
_KEPT_UNDER = re.compile(r"^(?:(?:our|the|all(?:\s+(?:our|the))?)\s+)?(?P<what>(?:[a-z][\w-]*\s+)?[a-z][\w-]*[a-rt-z]s)\s+"
                         r"(?:(?:always|should|must|have\s+to|need\s+to)\s+)?(?:stay|remain|are\s+kept|be\s+kept|stays|remains)\s+"
                         r"(?P<how>under|below|within|at\s+most|less\s+than|shorter\s+than|smaller\s+than)\s+(?P<n>\d[\d,]*)\s+"
                         r"(?P<unit>lines|loc|characters|chars|statements|params|parameters|arguments|kb|files)" + _HERE + _END, re.I)
# What holds keys rather than having a name of its own: its case is its keys' ("API responses are snake_case")
_KEYED = frozenset("responses payloads bodies requests events messages documents objects params parameters".split())
# "staging models are named stg_<source>__<entity>": the pattern a kind of thing is named by, with a placeholder (refl29)
_NAMED_BY = re.compile(r"^(?:(?:our|the|all(?:\s+our)?)\s+)?(?P<what>(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*[a-rt-z]s)" + _HERE
                       + r"\s+are\s+(?:always\s+)?(?:named|called)\s+(?:like\s+)?(?P<pattern>[\w.-]*<[\w-]+>[\w<>{}./:-]*)"
                       + _HERE + _END, re.I)

# "every screen here has its own folder with index.tsx and styles.ts", "each service has its own Dockerfile" (refl28)
_EACH_OWN = re.compile(r"^(?:every|each)\s+(?P<kind>[a-z][\w-]*)" + _HERE + r"\s+(?P<verb>has|gets|should\s+have|must\s+have)\s+"
                       r"(?:its|their)\s+own\s+(?P<rest>[^,;]+?)" + _HERE + _END, re.I)

# "we don't allow force pushes to main", "we don't accept PRs without tests", "we never permit merge commits"
_WE_DONT_ALLOW = re.compile(r"^" + _WE + r"\s+(?:don'?t|do\s+not|doesn'?t|does\s+not|never|no\s+longer)\s+"
                            r"(?P<verb>allow|accept|permit|tolerate)\s+(?:any\s+)?(?P<what>.+?)" + _HERE + _END, re.I)
# "force pushes are not allowed on main", "merge commits are never allowed", "any-types aren't allowed here"
_NOT_ALLOWED = re.compile(r"^(?P<what>[\w`.-]+(?:\s+[\w`.-]+){0,3}?)\s+(?:are|is)(?P<neg>n'?t|\s+not|\s+never)\s+"
                          r"(?P<verb>allowed|accepted|permitted|tolerated)"
                          r"(?P<where>\s+(?:on|to|in|into)\s+(?:the\s+)?[\w-]+(?:\s+branch(?:es)?)?)?"
                          r"(?P<here>" + _HERE + r")" + _END, re.I)

# "staging models are prefixed stg_ in this project", "errors get wrapped with fmt.Errorf and %w in this codebase": how
# the project treats a kind of thing, said with the project as its place
_PASSIVE_HERE = re.compile(r"^(?P<what>(?:all\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?P<be>are|get)\s+(?:always\s+)?"
                           r"(?P<done>[a-z]+ed|written|kept|built|run|made|put|set)\s+(?P<rest>.+?)\s*,?\s+"
                           r"(?:in\s+this\s+(?:project|codebase|repo(?:sitory)?)|in\s+our\s+(?:code|codebase|repo)|here)"
                           r"\s*[.!]*$", re.I)

# "the team convention is one component per file", "our convention here is to prefix private methods with _", "house
# rule: no force pushes": the convention named as one, then what it is (refl27)
_NAMED_CONVENTION = re.compile(r"^(?:(?:this|that|it)(?:'s|\s+is)?\s+(?:breaks|violates|against|goes\s+against|breaking)\s+)?"
                               r"(?:the\s+|our\s+)?(?:team(?:'s)?\s+|house\s+|project(?:'s)?\s+)?(?:convention|rule|"
                               r"norm|standard)(?:\s+(?:here|in\s+this\s+(?:repo(?:sitory)?|project|codebase)))?"
                               r"\s*(?:is(?:\s+that)?\s*:?|:)\s+(?P<what>[^;!?]+?)\s*[.!]*$", re.I)
# "commit messages here follow conventional commits, feat:/fix: etc": a kind of thing and the practice it follows; the
# examples after a comma say what the practice looks like (refl27)
# ("commits here follow …": "here" is where, never the kind's second word; "…, feat:/fix:/chore:" names the practice's
# prefixes; blind4 and blind5 alike, refl30)
_KIND_FOLLOWS = re.compile(r"^(?P<what>(?:all\s+|our\s+)?[a-z][\w-]*(?:\s+(?!here\b)[a-z][\w-]*)?)\s+(?:here\s+|in\s+this\s+"
                           r"(?:repo(?:sitory)?|project|codebase)\s+)?(?P<always>always\s+)?(?P<verb>follow|use)\s+"
                           + _PRACTICE + r"(?:\s*[,(]\s*(?:e\.g\.?\s*|like\s+|such\s+as\s+)?[^,;()]{1,30}?\s+etc\.?\)?"
                           r"|\s*[,:(]\s*(?:e\.g\.?\s*)?(?:[a-z]+:\s*[,/]?\s*){2,}\)?)?" + _HERE + _END, re.I)
# "in this project dates go over the wire as ISO 8601 strings, not epoch millis": how the project treats a kind of
# thing, against another way, with the project as its place (refl27)
# (`PROJECT_LEAD` is read before the lead is stripped: match.py hands the rest to :func:`scoped_contrast`)
PROJECT_LEAD = re.compile(r"^\W*(?:in|for|across)\s+(?:this|our|the)\s+(?:repo(?:sitory)?|project|codebase|service|"
                          r"monorepo|app)\b", re.I)
_SCOPED_CONTRAST = re.compile(r"^(?P<what>(?:all\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)??)\s+"
                              r"(?P<how>(?:always\s+|only\s+)?(?P<verb>[a-z]+)\s+[^,;]+?)\s*,\s*(?:and\s+)?(?:never|not)\s+"
                              r"(?P<other>[^,;]+?)\s*[.!]*$", re.I)


def scoped_contrast(c: str):  # -> Rule | None
    """ "in this project dates go over the wire as ISO 8601 strings, not epoch millis" (``c`` without its lead): a kind
    of thing, what the project does with it in the present, and the way it does not; None for anything else."""
    m = _SCOPED_CONTRAST.match(c.strip())
    if not m:
        return None
    what, how = m.group("what"), m.group("how")
    verb = m.group("verb").lower()
    words = set(re.findall(r"[a-z]+", what.lower()))
    if _plural(what) and not words & (PEOPLE | VAGUE_KINDS | _TROUBLE) and not verb.endswith("ed") \
            and verb not in ("was", "were", "do", "does", "did", "have", "has", "can", "will", "would") \
            and (verb not in ("is", "are") or re.match(r"^(?:is|are)\s+(?:always\s+)?(?:[a-z]+ed|kept|written|sent|built|"
                                                        r"made|put|set|held|done)\s", how, re.I)) \
            and not _NOT_STANDING.search(f"{what} {how} {m.group('other')}") and len(how.split()) <= 10:
        return Rule(f"{_sentence_case(what)} {how}, not {m.group('other')}", "convention", [how], [m.group("other")],
                    subject=what, standing=True, alone=True)
    return None


def _named_convention(what: str):  # -> Rule | None
    """The rule after "the team convention is": "to <verb> …" as its imperative, a short statement of a kind or a
    count per kind ("one component per file") as said; None for this task's words or a long description."""
    what = what.strip()
    if _NOT_STANDING.search(what) or len(what.split()) > 12 or len(what.split()) < 2:
        return None
    to = re.match(r"^to\s+(?P<verb>[a-z]+)\s+(?P<rest>.+)$", what, re.I)
    if to:
        if to.group("verb").lower() not in VERBS:
            return None
        return Rule(f"{to.group('verb').capitalize()} {to.group('rest')}", "convention", [to.group("rest")], [],
                    standing=True, alone=True)
    if not (re.search(r"\b(?:per|every|each|all|no|never|always|only)\b", what, re.I) or _plural(what.split()[0])
            or _plural(what.split()[-1]) and not re.search(r"\b(?:you|i|we|it|this|that|is|are)\b", what, re.I)
            and not re.match(r"(?:more|fewer|less|better|bigger|smaller|the|a|an|some|many)\b", what, re.I)):
        return None  # "the convention is weird": a judgement, no rule
    if not _code_talk(what):
        return None  # "house rule: no laptops at lunch", "… no meetings before 10" (review27 R27-4)
    return Rule(_sentence_case(what), "convention", [what], [], standing=True, alone=True)


# Words of a repository's things: a convention said in none of them (and naming no code) is the office's, not the code's
_CODE_TALK = frozenset("""print prints statement statements file files folder folders directory function functions method methods class classes component
components module modules package packages test tests spec specs pr prs commit commits branch branches review reviews
reviewer reviewers changelog readme docs logic template templates endpoint endpoints route routes handler handlers model
models migration migrations schema schemas query queries table tables column columns service services dependency
dependencies deps import imports export exports variable variables type types hook hooks script scripts config env
secret secrets log logs logging api apis code codebase repo repository build builds release releases deploy deploys
lint linter ticket tickets issue issues line lines comment comments docstring docstrings string strings error errors
push pushes main master merge merges rebase ci pipeline version versions provider providers""".split())


def _names_code(what: str) -> bool:
    from altimate_learn.reflect.providers.builtin.identifiers import mark_identifiers

    return "`" in mark_identifiers(what)


def _code_talk(what: str) -> bool:
    from altimate_learn.reflect.providers.builtin.identifiers import mark_identifiers
    from altimate_learn.reflect.providers.builtin.vocabulary import CODE_CONSTRUCTS

    words = set(re.findall(r"[a-z]+", what.lower()))
    return bool(words & (_CODE_TALK | CODE_CONSTRUCTS | set(KEPT_OUT))) or "`" in mark_identifiers(what)


# "we keep handlers thin", "we pin all dependencies", "we prefix private methods with an underscore", "we try to keep
# deps minimal"
_TEAM_WAY = re.compile(r"^we\s+(?P<always>always\s+)?(?:try\s+to\s+)?(?P<verb>[a-z]+)\s+(?P<rest>.+?)" + _HERE + _END, re.I)
_TOOL = r"`[^`]+`|[\w@/+-]+(?:\.[\w@/+-]+)*"
# "we deploy with helm, not kubectl apply", "we build with vite": how the team does a job, by the tool it does it with
# (refl27)
# ... and what the job is done to: "we manage dependencies with poetry, not pip" (review37 R37-2)
_WE_DO_WITH = re.compile(r"^we\s+(?P<always>always\s+|only\s+)?(?P<verb>[a-z]+)\s+(?:(?P<obj>(?:(?:our|the|all|all\s+our)\s+)?"
                         r"[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+)??(?P<how>with|using|via|through)\s+"
                         r"(?P<x>" + _TOOL + r")(?:\s*,?\s+(?:not|never)\s+(?:with\s+|using\s+|via\s+)?(?P<y>(?:" + _TOOL
                         + r")(?:\s+[a-z]+)?))?" + _HERE + _END, re.I)
# "this is a yarn repo", "we're a pnpm shop": the project's tool for a job, said as what the project is (refl27)
# ... or the project said to be on it: "this repo is yarn berry, there is no package-lock here" (blind4; "this repo is on
# yarn berry", blind5; refl30), the file of the other tool it has none of left out
_TOOL_PROJECT = re.compile(r"^(?:(?:this\s+is|it'?s|we'?re|we\s+are)\s+an?\s+(?P<x>" + _TOOL + r")\s+(?:repo(?:sitory)?|project|"
                           r"codebase|monorepo|shop|house|team)|(?:this|the|our)\s+(?:repo(?:sitory)?|project|codebase|monorepo)"
                           r"\s+(?:is|'s)\s+(?:on\s+|using\s+)?(?P<on>" + _TOOL + r")(?:\s+(?:berry|classic|modern))?)" + _HERE
                           + r"(?:\s*,\s*(?:there\s+is|there'?s|we\s+have)\s+no\s+[\w./-]+(?:\s+(?:file|folder|directory))?"
                           + _HERE + r")?" + _END, re.I)


_CHOSEN_JOBS = frozenset({"js packages", "python packages", "test runner", "linter", "formatter", "type checker", "bundler",
                          "deploy"})


# Tools of a job a team settles on that vocabulary.TOOL_FAMILIES leaves out (kept here: there they would be put in
# backticks wherever they are named, "the Helm chart values")
_MORE_JOBS = {"helm": "deploy", "kubectl": "deploy", "kustomize": "deploy", "argocd": "deploy", "skaffold": "deploy"}


def _tool(token: str) -> tuple[str, frozenset[str]] | None:
    """(the tool in backticks, its jobs) for a tool the reflector knows, or None."""
    from altimate_learn.reflect.providers.builtin.choices import _tool_name

    name = token.strip("`").lower()
    if name in _MORE_JOBS:
        return f"`{name}`", frozenset({_MORE_JOBS[name]})
    found = _tool_name(token, everyday=False)
    return (found, TOOL_FAMILIES.get(name, frozenset())) if found else None


def tool_way(said: str):  # -> Rule | None
    """ "we deploy with helm, not kubectl apply" -> "Deploy with `helm`, not `kubectl apply`.", "this is a yarn repo" ->
    "Use `yarn`.": a tool the reflector knows (vocabulary.TOOL_FAMILIES) or code, for a job said with a verb it knows;
    what is set against it must be a tool of the same job. None otherwise."""
    m = _TOOL_PROJECT.match(said.strip())
    if m:
        # a tool an agent may pick wrongly for a job (a package manager, a test runner), not what the project is built on
        found = _tool(m.group("x") or m.group("on"))
        return Rule(f"Use {found[0]}", "always", [found[0]], [], standing=True, alone=True) \
            if found and found[1] & _CHOSEN_JOBS else None
    m = _WE_DO_WITH.match(said.strip())
    if not m or m.group("verb").lower() not in VERBS | ({"manage", "handle", "bundle"} if m.group("obj") else set()):
        return None
    found = _tool(m.group("x"))
    if not found:
        return None
    x = found[0]
    obj = f"{m.group('obj')} " if m.group("obj") else ""
    text = f"{'Always ' + m.group('verb').lower() if m.group('always') else m.group('verb').capitalize()} " \
           f"{obj}{m.group('how').lower()} {x}"
    if m.group("y"):
        head, _, tail = m.group("y").partition(" ")
        other = _tool(head)
        if not other or not found[1] & other[1]:
            return None  # "we deploy with helm, not on fridays": what it is set against is no tool of the job
        text += f", not `{head}{(' ' + tail) if tail else ''}`"
    return Rule(text, "convention", [x], [m.group("y")] if m.group("y") else [], standing=True, alone=True)

# "feature flags come from LaunchDarkly, not env vars", "the tests run against sqlite, not postgres", "infra changes only
# go through terraform": where a kind of thing comes from, goes through or runs against, said against another or with
# "only" (refl26). Both sides are named bare (a tool, code, a kind): "the errors come from the parser, not the lexer"
# explains this task's failure, and its sides are the conversation's things.
_ROUTE_VERB = (r"(?:comes?\s+from|go(?:es)?\s+(?:through|via|against)|runs?\s+(?:against|on|in|under|with|through)|"
               # "feature flags live in LaunchDarkly, not env vars", "prod deploys only happen from tags" (refl34, blind7)
               r"lives?\s+in|happens?\s+(?:from|through|via)|"
               r"(?:is|are)\s+(?:read|loaded|pulled|fetched|managed|deployed|configured|built|stored|kept|defined|set|"
               r"provisioned|published|released)\s+(?:from|in|by|through|via|with|on|to))")
_BARE = r"(?!(?:the|a|an|this|that|these|those|it|its|our|my|your|their|his|her|some|any)\b)[\w.@/+-]+(?:\(\))?"
_ROUTE = re.compile(r"^(?P<subject>(?:the\s+|our\s+|all\s+(?:the\s+|our\s+)?)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+"
                    r"(?P<only>only\s+)?(?P<verb>" + _ROUTE_VERB + r")\s+(?P<x>" + _BARE + r"(?:\s+" + _BARE + r")?)"
                    r"(?:\s*,?\s+not\s+(?:(?:from|in|on|through|via|against|by|with|to)\s+)?(?P<y>" + _BARE + r"(?:\s+"
                    + _BARE + r"){0,2}(?:\s+(?:in|inside|from)\s+(?:the\s+)?" + _BARE + r"(?:\s+" + _BARE + r")?)?))?" + _HERE + r"(?P<tail>\s*[,;\u2014\u2013-]\s*.+)?\s*[.!]*$", re.I)
# What goes wrong is no way of the project's ("the errors come from …", "the crashes run …").
_TROUBLE = frozenset("""error errors warning warnings failure failures crash crashes exception exceptions bug bugs issue
issues problem problems complaint complaints timeout timeouts leak leaks""".split())

# "no print statements", "no more emojis in commit messages", "no console.log in production code"
_NO_KIND = re.compile(r"^(?:please\s+|pls\s+)?no\s+(?P<more>more\s+)?(?P<what>`[^`]+`(?:\s+[a-z]+)?|[\w.()-]+(?:\s+[\w-]+){0,2}?)"
                      r"(?P<scope>\s+(?:in|for|inside|within|on|outside(?:\s+of)?)\s+(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w.-]*){0,2})?"
                      r"(?:\s+(?:here|please|pls|anymore|ever|again|thanks))*\s*[.!]*$", re.I)
# "no merging without review", "no pushing to main on fridays": a way of working kept out, said with its gerund
_NO_DOING = re.compile(r"^(?:please\s+|pls\s+)?no\s+(?:more\s+)?(?P<verb>[a-z]+ing)\s+(?P<rest>(?:to|into|on|without|in|with)\s+"
                       r"[\w`.-]+(?:\s+[\w`.-]+){0,3})\s*[.!]*$", re.I)
# "no new dependencies without asking", "no new endpoints without a test": any new one of a kind, kept out unless …
_NO_NEW_WITHOUT = re.compile(r"^no\s+new\s+(?P<kind>(?:[a-z][\w-]*\s+)?[a-z][\w-]*s)\s+(?P<unless>(?:without|unless)\s+"
                             r"[\w`.-]+(?:\s+[\w`.-]+){0,4})\s*[.!]*$", re.I)
# Code that "no X" may forbid with a noun after it: "print statements", "console.log calls", "`any` types".
_CODE_NOUN = re.compile(r"^(?:`[^`]+`|[a-z_]+(?:\.[a-z_]+)+(?:\(\))?|[a-z_]+\(\))(?:\s+(?:calls?|statements?|types?|"
                        r"casts?|imports?))?$|^(?P<word>[a-z]+)\s+(?:calls|statements|types|casts|imports)$", re.I)
# "recalled" leads after which a bare "no X" is the rule said again: "I told you before,", "as I said,", "for the last time,"
RECALLED = re.compile(r"^\W*(?:(?:as|like)\s+i\s+(?:already\s+)?(?:said|mentioned|told\s+you)"
                      r"(?:\s+(?:before|earlier|at\s+the\s+(?:start|beginning)))?|"
                      r"(?:(?:i'?m\s+)?(?:pretty\s+|quite\s+|fairly\s+)?sure\s+)?"  # "pretty sure I said no emojis …" (refl34)
                      r"i(?:'ve|\s+have)?\s+(?:already\s+)?(?:said|told\s+you)(?:\s+(?:this|it|that))?"
                      r"(?:\s+(?:before|already|earlier|at\s+the\s+(?:start|beginning)|(?:multiple|many|several|so\s+many|a\s+(?:hundred|million|few))\s+times))*|"
                      r"for\s+the\s+(?:last|\w+th|third|second|\d+(?:st|nd|rd|th))\s+time|how\s+many\s+times\s+(?:do\s+|must\s+)?i\s+"
                      r"(?:have\s+to|need\s+to|gotta)\s+(?:say|tell\s+you)(?:\s+(?:it|this|that))?|"
                      r"(?:this\s+is\s+(?:the\s+)?)?(?:second|third|fourth|fifth|\d+(?:nd|rd|th))\s+time(?:\s+now)?"
                      r"(?:\s+(?:i'?m|i\s+am)\s+(?:saying|telling\s+you)\s+(?:this|it))?|"
                      r"(?:we|i)(?:'ve|\s+have)?\s+(?:talked|spoke|went)\s+(?:about|over|through)\s+(?:this|that|it)"
                      r"(?:\s+(?:before|already|yesterday))*|"
                      # "we agreed: no new dependencies without asking", "as agreed yesterday, no …" (refl30)
                      r"(?:(?:remember\s+(?:that\s+)?)?(?:we|i)\s+(?:said|agreed|decided)|as\s+(?:agreed|discussed|decided))"
                      r"(?:\s+(?:yesterday|earlier|before|last\s+week|at\s+the\s+(?:start|beginning)))?(?:\s+that)?"
                      r"(?=[\s,:;-]+no\s)|"
                      # "once more: no unwrap() outside tests", "as mentioned before: …" (blind10, refl38)
                      r"(?:as\s+(?:i\s+|previously\s+)?mentioned|as\s+noted)(?:\s+(?:before|earlier|already))?|once\s+more|"
                      # "told you, no …", "how many times... no …" (blind11, refl39): the same, clipped in chat
                      r"told\s+(?:you|u|ya)(?:\s+(?:before|already))?|how\s+many\s+times\s*(?:\.{2,}|\u2026|[?!,:;]+)|"
                      r"remember|reminder|again|once\s+again)[\s,:;!.?\u2014\u2013-]+", re.I)


def _kind(phrase: str) -> bool:
    """Whether a phrase names a kind of thing (a plural: "PRs", "force pushes to main", "handlers"), a gerund of a
    practice ("force pushing"), code, or a named practice; not one thing ("the button") or a person's words."""
    from altimate_learn.reflect.providers.builtin.habits import _code_word

    text = phrase.strip().lower()
    if not text or re.match(r"(?:the|a|an)\s", text):
        return False
    return _plural(text) or _code_word(phrase) or bool(gerund_base(text.split()[0])) or text in PRACTICES \
        or text in KEPT_OUT


def _target_ok(what: str) -> bool:
    """A "to …" inside what is kept out names a branch or a kind ("force pushes to main", "pushes to protected
    branches"), never a verb ("users to delete their accounts": what the product lets its users do)."""

    for m in re.finditer(r"\bto\s+(?:the\s+)?([\w-]+)(?:\s+([\w-]+))?", what, re.I):
        word = m.group(1).lower()
        if word in BRANCH_WORDS or word.endswith("branch") or word == "branches":
            continue
        if word in VERBS or gerund_base(word) or not _plural(word):
            return False
    return True


# Names said in lower case that a sentence opens with as they are written: "api responses are snake_case" gave "Api
# responses are `snake_case`." (review40 R40-9's rendering note; refl41)
_ACRONYMS = {"api": "API", "apis": "APIs", "url": "URL", "urls": "URLs", "json": "JSON", "sql": "SQL", "http": "HTTP",
             "html": "HTML", "css": "CSS", "ui": "UI", "cli": "CLI", "sdk": "SDK", "jwt": "JWT", "csv": "CSV", "pr": "PR",
             "prs": "PRs", "ci": "CI", "id": "ID", "ids": "IDs", "uuid": "UUID", "uuids": "UUIDs"}


def _sentence_case(text: str) -> str:
    if text.startswith("`"):
        return text
    head, sep, rest = text.partition(" ")
    if head in _ACRONYMS:
        return _ACRONYMS[head] + sep + rest
    return text[0].upper() + text[1:]


# Where a kind of file lives, beside what it belongs to: "tests live next to the code as *.test.ts", "stories sit next to
# the component (Button.stories.tsx), there is no stories folder"
_BESIDE = re.compile(r"^(?P<kind>(?:[a-z][\w-]*\s+)?(?:tests|specs|stories|styles|fixtures|snapshots|mocks|types))\s+"
                     r"(?:(?:in\s+this\s+(?:repo|repository|project|codebase)|here)\s+)?(?:live|go|sit|belong|are\s+kept|"
                     r"are\s+placed)\s+(?:right\s+)?next\s+to\s+(?P<what>the\s+(?:code|component|source|module|file|"
                     r"implementation)s?(?:\s+files?)?)(?:\s+(?:here|in\s+this\s+(?:repo|repository|project|codebase)))?"
                     r"(?:\s*\([^()]{1,40}\)|\s+as\s+(?P<pattern>`?\*?[\w.*-]+`?))?"
                     r"(?:\s*[,;]\s*(?:there\s+is|there'?s|we\s+have)\s+no\s+(?P<none>`?[\w./-]+`?)\s+(?:folder|directory|dir)"
                     # "…, not in a tests/ folder" (blind7; refl34)
                     # ("…, not in __tests__", "…, not in a tests folder": blind11; refl39)
                     r"|\s*,?\s+not\s+in\s+(?P<other>(?:an?\s+|the\s+|(?:a\s+)?separate\s+)?`?(?:[\w.-]+/|__\w+__/?|"
                     r"[\w.-]+(?=`?\s+(?:folder|directory|dir)\b))`?"
                     r"(?:\s+(?:folder|directory|dir))?))?"
                     r"\s*[.!]*$", re.I)


# "named exports only", "we use named exports only", "this codebase uses pnpm only please": what the project allows, one
# kind of code or one tool, said with "only" after it
_ONLY_KIND = re.compile(r"^(?:(?:we|(?:this|the|our)\s+(?:repo(?:sitory)?|project|codebase|team|app|code))\s+(?:uses?|writes?)\s+)?"
                        r"(?P<what>`[^`]+`|[a-z][\w.+#-]*(?:\s+[a-z][\w.+#-]*)?)\s+only"
                        r"(?:\s+(?:please|pls|plz|here|thanks|in\s+(?:this|the|our)\s+(?:repo(?:sitory)?|project|codebase)))*"
                        r"\s*[.!]*$", re.I)
# ... not one thing of this task, a number, or where or when it holds ("this file only", "one commit only", "for now only")
_NOT_ONLY = re.compile(r"^(?:the|a|an|this|that|these|those|one|two|three|\d|for|in|on|at|to|by|with|read|write|it|"
                       r"them|me|you|us|admins?|staff|internal|local|prod|production|staging|dev|now|today|once)\b", re.I)


# "we keep every datetime in UTC (in this pipeline)", "we store all timestamps in UTC here": the unit a kind of data is kept
# in, said as what the team does (review39 R39-4)
_WE_KEEP_IN = re.compile(r"^we\s+(?:always\s+)?(?P<verb>keep|store|save|persist|log|send|return)\s+"
                         r"(?P<what>(?:all\s+(?:our\s+)?|every\s+|our\s+)?(?!(?:the|it|this|that|these|those|them)\b)[a-z][\w-]*"
                         r"(?:\s+[a-z][\w-]*)?)\s+(?:in|as)\s+"
                         r"(?P<unit>utc|UTC|cents|iso[\s-]?8601|ISO[\s-]?8601|milliseconds|seconds|snake_case|camelCase)"
                         + _HERE + r"(?:\s+in\s+this\s+(?:service|pipeline|app|api|backend|module|package))?" + _END, re.I)
# "we write commit messages in the imperative": the mood or case a kind of text the project writes is in
_WE_WRITE_IN = re.compile(r"^we\s+(?:always\s+)?write\s+(?:our\s+|all\s+)?(?P<what>" + "|".join(
    re.escape(t).replace(r"\ ", r"\s+") for t in sorted(PROJECT_TEXTS, key=len, reverse=True)) + r")\s+in\s+"
                          r"(?P<how>the\s+imperative(?:\s+mood)?|the\s+present\s+tense|lower\s*case|sentence\s+case)"
                          + _HERE + _END, re.I)


def team_convention(c: str):  # -> Rule | None (rules.Rule; imported late, rules imports this module)
    """The convention a sentence states as a fact of the team, or None (see the module docstring)."""

    said = c.strip()
    # "we always squash-merge here" (review39 R39-4): the hyphenated way is the two words
    said = re.sub(r"^(we\s+(?:always\s+)?)(squash|rebase)-(merge)(?=(?:\s+here)?\s*[.!]*$)", r"\1\2 \3", said, flags=re.I)
    m = _WE_KEEP_IN.match(said)
    if m:  # "we keep every datetime in UTC", "we store all timestamps in UTC here" (review39 R39-4; refl39)
        what = " ".join(m.group("what").split())
        return Rule(f"{m.group('verb').capitalize()} {what} in {m.group('unit')}", "convention", [what], [], standing=True,
                    alone=True)
    m = _WE_WRITE_IN.match(said)
    if m:  # "we write commit messages in the imperative here" (review39 R39-4; refl39)
        return Rule(f"Write {m.group('what').lower()} in {m.group('how')}", "convention", [m.group("what")], [],
                    standing=True, alone=True)
    m = _ONLY_KIND.match(said)
    # (not a kind of tests or checks: "unit tests only" is to run or to write, which only the conversation says; blind11's
    # "never the full e2e suite locally, … unit tests only" gave "Use only unit tests.", refl39)
    if m and not _NOT_ONLY.match(m.group("what")) and (_code_talk(m.group("what")) or _tool(m.group("what"))) \
            and not re.search(r"\b(?:tests?|checks?|suites?|specs?|jobs?|builds?)$", m.group("what"), re.I):
        # "named exports only", "this codebase uses named exports only", "pnpm only please" (review36 R36-5 residue,
        # review37 R37-2): the one kind or tool of code the project allows
        what = _tool(m.group("what"))[0] if _tool(m.group("what")) else m.group("what")
        return Rule(f"Use only {what}", "always" if what.startswith("`") else "convention", [what], [], standing=True,
                    alone=True)
    m = _PR_BASE.match(said)
    if m:  # "PRs here go against develop" -> "Open PRs against `develop`."
        other = f", not `{m.group('other')}`" if m.group("other") else ""
        return Rule(f"Open {m.group('what')} against `{m.group('branch')}`{other}", "convention", [m.group("branch")], [],
                    standing=True, alone=True)
    m = _TO_STREAM.match(said)
    if m:  # "logs go to stdout, the platform collects them" -> "Write logs to stdout."
        return Rule(f"Write {m.group('what').lower()} to {m.group('where')}", "convention", [m.group("where")], [],
                    standing=True, alone=True)
    m = _NO_INDENT.match(said)
    if m:  # "we don't indent with tabs in this repo" -> "Never indent with tabs."
        how = "tabs" if m.group("how").lower() == "tabs" else f"{INDENT_NUMBERS[m.group('n').lower()]} spaces"
        return Rule(f"Never indent with {how}", "never", [], [how], standing=True, alone=True)
    m = _INDENTS.match(said)
    if m:
        how = "tabs" if m.group("how").lower() == "tabs" else f"{INDENT_NUMBERS[m.group('n').lower()]} spaces"
        scope = (m.group("scope") or "").strip()
        if m.group("what"):  # "we indent SQL with 4 spaces": what is indented leads
            if scope or _NOT_STANDING.search(m.group("what")) or m.group("what").lower() in ("it", "code", "everything"):
                return None
            return Rule(f"Indent {m.group('what')} with {how}", "convention", [how], [], standing=True, alone=True)
        if scope and not (scope.lower().split()[0] in LANGUAGES or scope.lower().endswith("files")
                          or scope.lower() in TOOL_FAMILIES or re.fullmatch(r"[a-z]{1,6}", scope.lower())):
            return None
        if scope and _NOT_STANDING.search(scope):
            return None
        text = f"Indent with {how}" + (f" in {scope}" if scope else "")
        return Rule(text, "convention", [how], [], standing=True, alone=True)
    m = _BESIDE.match(said)
    if m:  # "tests live next to the component here (Foo.test.tsx), there is no __tests__ folder" (blind3 and blind5; refl30)
        text = f"Put {m.group('kind')} next to {m.group('what')}"
        if m.group("pattern"):
            text += f" as `{m.group('pattern').strip('`')}`"
        if m.group("none"):
            text += f", not in `{m.group('none').strip('`').rstrip('/')}`"
        if m.group("other"):
            text += f", not in {m.group('other')}"
        avoided = m.group("none") or m.group("other")
        return Rule(text, "place", [m.group("what")], [avoided] if avoided else [], standing=True,
                    alone=True)
    m = _EACH_OWN.match(said)
    if m and (_code_talk(m.group("kind") + " " + m.group("rest")) or _names_code(m.group("rest"))) \
            and not _NOT_STANDING.search(m.group("rest")) and len(m.group("rest").split()) <= 8:
        return Rule(f"Every {m.group('kind')} {m.group('verb').lower()} its own {m.group('rest')}", "convention", [m.group("rest")], [],
                    standing=True, alone=True)
    m = _NAMED_BY.match(said)
    if m and not set(m.group("what").lower().split()) & (PEOPLE | VAGUE_KINDS):
        return Rule(f"Name {m.group('what')} `{m.group('pattern')}`", "convention", [m.group("pattern")], [], standing=True,
                    alone=True)
    m = _CASE_OF_KIND.match(said)
    if m and not set(m.group("what").lower().split()) & (PEOPLE | VAGUE_KINDS):
        where = re.sub(r"\s+(?:in|across)\s+(?:this|the)\s+(?:codebase|code|repo|project)$", "", m.group("where") or "")
        if m.group("what").split()[-1].lower() in _KEYED:
            # "our API responses are snake_case" gave "Name API responses in `snake_case`." (blind9): a response is not
            # named, its keys are; said as the person said it
            return Rule(f"{_sentence_case(m.group('what'))} are `{m.group('case')}`{where}", "convention",
                        [m.group("case")], [], standing=True, alone=True)
        return Rule(f"Name {m.group('what')} in `{m.group('case')}`{where}", "convention", [m.group("case")], [],
                    standing=True, alone=True)
    m = _KEPT_UNDER.match(said)
    if m and _code_talk(m.group("what")) and not _NOT_STANDING.search(m.group("what")) \
            and not set(m.group("what").lower().split()) & (PEOPLE | VAGUE_KINDS):
        how = m.group("how").lower()
        how = "under" if how in ("below", "less than", "shorter than", "smaller than") else how
        return Rule(f"Keep {m.group('what')} {how} {m.group('n')} {m.group('unit')}", "convention", [m.group("what")], [],
                    standing=True, alone=True)
    m = _NUMBER_OF_KIND.match(said)
    if m:  # "tables are singular in this schema" -> "Name tables in the singular."
        return Rule(f"Name {m.group('what')} in the {m.group('n').lower()}", "convention", [m.group("n")], [],
                    standing=True, alone=True)
    m = _NAME_PATTERN.match(said)
    if m and m.group("named"):  # "branches are named PROJ-1234-short-description here" (blind9)
        return Rule(f"Name {m.group('what')} `{m.group('pattern')}`", "convention", [m.group("pattern")], [], standing=True,
                    alone=True)
    if m:
        return Rule(f"{_sentence_case(m.group('what'))} follow `{m.group('pattern')}`", "convention", [m.group("pattern")],
                    [], standing=True, alone=True)
    m = _MAKEFILE_INDENT.match(said)
    if m:
        how = "tabs" if m.group("how").lower() == "tabs" else f"{INDENT_NUMBERS[m.group('n').lower()]} spaces"
        other = f", {m.group('other').lower()} everywhere else" if m.group("other") else ""
        never = f", not {m.group('not').lower()}," if m.group("not") and m.group("not").lower() != how.split()[-1] else ""
        return Rule(f"Indent with {how}{never} in {m.group('scope')}{other}", "convention", [how], [], standing=True,
                    alone=True)
    m = _STATES_PRACTICE.match(said)
    if m:
        verb = m.group("verb").lower().split()[0]
        scope = (m.group("scope") or "").rstrip()
        if scope and (_NOT_STANDING.search(scope) or not (_plural(scope.split(None, 1)[1]) or
                                                            scope.split()[-1].lower() in BRANCH_WORDS)):
            return None
        lead = {"follow": "Follow", "follows": "Follow", "stick": "Follow", "sticks": "Follow", "enforce": "Enforce",
                "enforces": "Enforce"}.get(verb, "Use")
        lead = f"Always {lead.lower()}" if m.group("always") else lead
        return Rule(f"{lead} {m.group('practice')}{scope}", "convention", [m.group("practice")], [], standing=True,
                    alone=True)
    m = _WE_DONT_ALLOW.match(said)
    if m:
        return _kept_out(m.group("what"), ALLOW_VERBS[m.group("verb").lower()])
    m = _NOT_ALLOWED.match(said)
    if m:
        # a bare "X are not allowed" is also how error messages read ("Cross-origin requests are not allowed"): only
        # with "never", a branch it holds on, or "here" / "in this repo" is it the team's rule
        where = (m.group("where") or "").strip()
        branch = bool(re.search(r"\b(?:" + "|".join(sorted(BRANCH_WORDS)) + r")\b|branch", where, re.I))
        if "never" not in m.group("neg").lower() and not branch and not m.group("here").strip():
            return None
        if where and not branch:
            return None  # "guests are not allowed in the admin page": where only the conversation names
        return _kept_out(m.group("what"), m.group("verb").lower(), where if branch else "")
    m = _PASSIVE_HERE.match(said)
    if m:
        from altimate_learn.reflect.providers.builtin.identifiers import mark_identifiers

        what, rest = m.group("what"), m.group("rest")
        # only with code in what is done ("prefixed stg_", "wrapped with fmt.Errorf"): "requests are rejected with a
        # 403 here" reports what happens
        if _plural(what) and not set(what.lower().split()) & (PEOPLE | VAGUE_KINDS) and not _NOT_STANDING.search(rest) \
                and not re.search(r",|;|\band\s+[a-z]+\s+(?:are|is|get|gets)\b", rest, re.I) \
                and "`" in mark_identifiers(rest):
            return Rule(f"{_sentence_case(what)} {m.group('be').lower()} {m.group('done').lower()} {rest}", "convention",
                        [rest], [], standing=True, alone=True)
        return None
    m = _ROUTE.match(said)
    if m and m.group("tail") and not m.group("y") and not m.group("only"):
        # "migrations go through alembic, no raw ALTER TABLE in the code": the way set against ", no <code>" as against
        # ", not <code>" (refl34, blind7); only code after the "no" ("…, no idea why" is no other way)
        contrast = re.match(r"\s*,\s*no\s+(?P<y>.+?)\s*[.!]*$", m.group("tail"), re.I)
        # (or values written in place: "…, no hardcoded px", refl39)
        if contrast and (_names_code(contrast.group("y")) or re.search(r"\b[A-Z]{3,}\b", contrast.group("y"))
                         or re.match(r"(?:hard-?coded|inline|raw|magic)\s+\w+$", contrast.group("y"), re.I)):
            again = _ROUTE.match(said[:m.start("tail")] + ", not " + contrast.group("y"))
            m = again if again and again.group("y") and not again.group("tail") else m
    # ... or "all <kind>" through code: "all user-facing strings go through t() in this app" (refl28)
    every = bool(m and not m.group("y") and not m.group("tail") and re.match(r"(?:all|every|each)\s", m.group("subject"), re.I)
                 and _names_code(m.group("x")))
    # ... or a kind (plural, bare) from one file of the project: "breakpoints come from tokens.ts" (blind10; refl39)
    every = every or bool(m and not m.group("y") and not m.group("tail") and m.group("verb").lower().startswith("come")
                          and re.fullmatch(r"[a-z][\w-]*s", m.group("subject"), re.I)
                          and re.fullmatch(r"[\w/-]+\.(?:ts|tsx|js|jsx|py|json|ya?ml|toml|css|scss|go|rs|rb|kt|swift)", m.group("x")))
    if m and (m.group("only") or m.group("y") or every) and not (m.group("tail") and (m.group("y") or not m.group("only"))):
        subject = m.group("subject")
        words = set(re.findall(r"[a-z]+(?:-[a-z]+)*", subject.lower()))  # "user-facing strings" are no users
        # ("every user-facing string goes through i18n t()": each one of a kind, singular; refl31)
        if (_plural(subject) or _kind(subject) or re.match(r"(?:every|each)\s", subject, re.I)) \
                and not words & (PEOPLE | VAGUE_KINDS | _TROUBLE) \
                and not _NOT_STANDING.search(subject + " " + m.group("x") + " " + (m.group("y") or "")):
            verb = m.group("verb").lower()
            if verb.startswith("happen") and not _code_talk(subject):
                return None  # "accidents only happen from carelessness": no way of the project's
            if verb.startswith("live") and (re.search(r"[/\\]|\.\w+$", m.group("x")) or not (
                    _code_talk(subject) or m.group("x")[0].isupper())):
                return None  # a place in the repository is the place form's ("tests live in tests/, not in src/"); a
                # kind of code or a named service it lives in is a way ("… live in LaunchDarkly, not env vars")
            subject = re.sub(r"^our\s+(?=.*s$)", "", subject, flags=re.I)  # "Our feature flags live in …" (refl34)
            text = f"{_sentence_case(subject)} {(m.group('only') or '').lower()}{m.group('verb').lower()} {m.group('x')}"
            if m.group("y"):
                text += f", not {m.group('y')}"
            return Rule(text, "convention", [m.group("x")], [m.group("y")] if m.group("y") else [], subject=subject,
                        standing=True, alone=not m.group("tail"))
    m = _NAMED_CONVENTION.match(said)
    if m:
        return _named_convention(m.group("what"))
    m = _KIND_FOLLOWS.match(said)
    if m and _plural(m.group("what")) and not set(m.group("what").lower().split()) & (PEOPLE | VAGUE_KINDS):
        lead = f"{_sentence_case(m.group('what'))} {'always ' if m.group('always') else ''}{m.group('verb').lower()}"
        return Rule(f"{lead} {m.group('practice')}", "convention", [m.group("practice")], [], standing=True, alone=True)
    found = tool_way(said)
    if found:
        return found
    m = _TEAM_WAY.match(said)
    if m and m.group("verb").lower() in TEAM_WAY_VERBS and m.group("rest").strip().lower() in VERBS \
            and not m.group("rest").strip().lower() in ("it", "them"):
        # "we always squash merge", "we rebase merge": one way of doing a thing named by two verbs (refl26)
        lead = f"Always {m.group('verb').lower()}" if m.group("always") else m.group("verb").capitalize()
        return Rule(f"{lead} {m.group('rest').strip().lower()}", "convention", [m.group("rest")], [], standing=True,
                    alone=True)
    if m and m.group("verb").lower() in TEAM_WAY_VERBS:
        rest = m.group("rest").strip()
        verb = m.group("verb").lower()
        obj = re.split(r"\s+(?:with|in|into|to|on|for|by|before|after|as|under|via|using)\b", rest, maxsplit=1)[0]
        obj = re.sub(r"^(?:all|every|each|our)\s+", "", obj)
        if verb == "keep" and len(obj.split()) > 1:
            obj = obj.rsplit(" ", 1)[0]  # "keep handlers thin": what is kept, then how
        # "we try to avoid global state": what code avoids may be a mass noun of code talk, no kind (refl28's residual)
        mass = verb == "avoid" and not re.match(r"(?:the|a|an|this|that|my|your)\s", obj, re.I) and _code_talk(obj)
        # "we try to avoid magic numbers": a kind of code a project keeps out, named (vocabulary.KEPT_OUT; refl30)
        kept = verb == "avoid" and obj.lower() in KEPT_OUT
        if _NOT_STANDING.search(rest) or len(rest.split()) > 8 or re.match(r"[a-z]+ing\b", rest, re.I) \
                or not (_kind(obj) or mass or kept) or not kept and set(obj.lower().split()) & (VAGUE_KINDS | PEOPLE):
            return None  # "we keep getting errors", "we keep running into this": what keeps happening
        if not kept and not _code_talk(obj):
            return None  # "we try to keep meetings short", "we keep standups brief": the team's ways outside the code
        lead = f"Always {verb}" if m.group("always") else verb.capitalize()
        return Rule(f"{lead} {rest}", "convention", [rest], [], standing=True, alone=True)
    return None


def _kept_out(what: str, participle: str, where: str = ""):
    """ "X are not allowed[ where]." for a kind kept out ("force pushes to main", "PRs without tests"), or None."""

    what = what.strip().rstrip(".!")
    if _NOT_STANDING.search(what) or len(what.split()) > 7 or not _target_ok(what):
        return None
    head = re.split(r"\s+(?:to|on|in|into|without|with|from|for|of)\b", what, maxsplit=1)[0]
    if re.match(r"(?:the|a|an)\s", what, re.I) or not _kind(head) or set(head.lower().split()) & PEOPLE:
        return None  # "we don't allow anonymous users": who the product lets in, not how the team works
    verb = "are" if _plural(head) else "is"
    where = f" {where}" if where else ""
    return Rule(f"{_sentence_case(what)} {verb} not {participle}{where}", "convention", [], [what], standing=True,
                alone=True)


def no_kind(clause: str):  # -> Rule | None
    """ "no X" said again after a reminder, or as "no more X": the rule that X stays out (X code, or a thing of
    vocabulary.KEPT_OUT): "I told you before, no print statements" -> "Never use print statements."."""

    said = clause.strip()
    recalled = False
    found = RECALLED.match(said)
    while found and found.end():
        said, recalled = said[found.end():], True
        found = RECALLED.match(said)
    practice = _RECALLED_PRACTICE.match(said) if recalled else None
    if practice:
        # "for the 3rd time, conventional commits", "again, type hints on every function please": a practice the
        # project adopts as a whole, named bare after a reminder (blind10, refl38); "again, conventional commits for
        # this one" is this task's
        scope = (practice.group("scope") or "").rstrip()
        if scope and (_NOT_STANDING.search(scope) or not (_plural(scope.split(None, 1)[1])
                                                          or re.match(r"\s*\w+\s+(?:every|each|all)\s", scope, re.I))):
            return None
        return Rule(f"Use {practice.group('practice')}{scope}", "convention", [practice.group("practice")], [],
                    standing=True, alone=True)
    ever = re.match(r"^(no\s.+?)\s*,?\s+ever\s*[.!]*$", said, re.I)
    if ever:  # "no force pushes to shared branches ever": the person's own word that it holds every time (refl29)
        said, recalled = ever.group(1), True
    gerund = _NO_DOING.match(said)
    if gerund and recalled and gerund_base(gerund.group("verb")):
        # "I told you before, no merging without review" -> "Never merge without review."
        rest = gerund.group("rest").strip()
        if _NOT_STANDING.search(rest) or re.match(r"(?:the|this|that|it)\b", rest, re.I):
            return None
        return Rule(f"Never {gerund_base(gerund.group('verb'))} {rest}".strip(), "never", [], [rest], standing=True,
                    alone=True)
    new = _NO_NEW_WITHOUT.match(said)
    if new and recalled and _code_talk(new.group("kind")) and not _NOT_STANDING.search(f"{new.group('kind')} {new.group('unless')}"):
        # "we agreed: no new dependencies without asking" -> "Never add new dependencies without asking." (refl30): "new"
        # is any new one here, which "no new …" alone (this task's) is not
        return Rule(f"Never add new {new.group('kind')} {new.group('unless')}", "never", [], [new.group("kind")],
                    standing=True, alone=True)
    m = _NO_KIND.match(said)
    if not m and recalled and re.match(r"no\s", said, re.I):
        # "I told you at the start, no force pushes to the shared branch": a kind kept out, said again, is the rule a
        # "house rule: no …" states (refl28); only about code, and not this task's ("no changes to the button")
        return _named_convention(said.rstrip(" .!"))
    if not m or not (recalled or m.group("more")):
        return None
    what = m.group("what").strip()
    lowered = what.lower()
    code = _CODE_NOUN.match(what)
    if code and code.group("word") and code.group("word").lower() not in FORBIDDEN_CODE:
        code = None  # "no unit tests": a word before "tests" is no code
    if not (lowered in KEPT_OUT or lowered in KEPT_OUT_OF_REPO or code):
        return None
    scope = (m.group("scope") or "").rstrip()
    if _NOT_STANDING.search(scope) or re.match(r"\s*\w+\s+the\s", scope, re.I) and not re.search(r"s$", scope) \
            and not re.search(r"\bthe\s+(?:repo|repository|codebase|project|main\s+branch)$", scope, re.I):
        return None  # "no emojis in this file", "no mocks in the test": this task's thing ("in the repo" is the project)
    if lowered in KEPT_OUT_OF_REPO:  # "no secrets in the repo" -> "Keep secrets out of the repo."
        where = re.sub(r"^\s*(?:in|inside|within|on)\s+", "", scope)
        text = f"Keep {what} out of {where}" if where else f"Never commit {what}"
        return Rule(text, "never", [], [what], standing=True, alone=True)
    return Rule(f"Never use {what}{scope}", "never", [], [what], standing=True, alone=True)


__all__ = ["PROJECT_LEAD", "RECALLED", "no_kind", "scoped_contrast", "team_convention", "tool_way"]
