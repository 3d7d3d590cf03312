"""From a matched :class:`Rule` to the lesson's final line (:func:`finalize`, :func:`judge`): the rendering, the
quality gate a rendered rule must pass, and the one-off check; plus the rule two sentences state together
(:func:`cross_sentence_rule`) and commands put in backticks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from altimate_learn.reflect.providers.builtin.choices import _instead
from altimate_learn.reflect.providers.builtin.identifiers import (join_adjacent_code, join_commands, mark_identifiers,
                                                                  slot)
from altimate_learn.reflect.providers.builtin.one_off import (ONE_FIX, TYPO, _BEFORE_EACH, _DONE_ONCE, _GUARDS,
                                                              _VAGUE_KINDS, _balanced, _lint_ok, _plural, _standing,
                                                              one_off)
from altimate_learn.reflect.providers.builtin.phrase import MAX_CHARS, Rule, _NOT_A_SCOPE, _TASKS_SCOPE, _clean_object
from altimate_learn.reflect.providers.builtin.text import content_words, strip_lead, strip_stop, tidy
from altimate_learn.reflect.providers.builtin.typos import repair, typo
from altimate_learn.reflect.providers.builtin.vocabulary import (AGENTS_OWN, KEPT_OUT, PROJECT_WIDE, SECRET_NOUNS,
                                                                 SUPPRESSION_COMMENT, TOOL_FAMILIES, WORK_KINDS)

def cross_sentence_rule(parts: Sequence[str]) -> Rule | None:
    """"why did you use requests? we use httpx" → Use `httpx` instead of `requests`.

    The first piece names what the agent used (or what not to use), a later one what to use instead.
    """
    used = None
    chosen = None
    asked_bare = False  # what was used, only named in a bare question ("why npm?")
    for part in parts:
        # "we use poetry here. no pip install": the team's tool, then the one of its job it keeps out (blind9 gave "Use
        # `poetry`.", the tool it replaces dropped, as review35 R35-10's "this repo is pnpm" did)
        said = strip_lead(part)
        if chosen:
            refused = _REFUSED_TOOL.match(part.strip())  # (strip_lead reads "no" as a refusal lead)
            if refused and _one_job(chosen, refused.group("y").split()[0]):
                return _instead(chosen, refused.group("y"))
        team = _TEAM_TOOL.match(said)
        chosen = team.group("x") if team else None
        m = re.search(r"\byou(?:'re|\s+are)?\s+(?:still\s+|keep\s+)?(?:(?:used?|using|imported|importing|called|calling|"
                      r"added|adding|chose|picked)|(?P<hard>hard-?cod(?:ed|ing)))\s+(?P<what>[`\w.()/-]+(?:\s+[`\w.()/-]+)?)",
                      part, re.I) or \
            re.match(r"^(?:don't|do\s+not|never|stop|avoid)\s+(?:use\s+|using\s+|call\s+|calling\s+)?"
                     r"(?P<what>`[^`]+`|[\w.]+\(\))(?P<scope>\s+(?:in|for|inside|within|on)\s+[^,.;!?`]{1,60})?[\s,.;!]*"
                     r"(?:(?:it's|it\s+is|that's)\s+(?:deprecated|slow|broken|legacy|outdated|unsafe)[.!]?)?$",
                     strip_lead(part), re.I)  # "Don't use `utcnow()`, it's deprecated. Use `now(UTC)`."
        # "why is there a print in the handler? use the logger" (review36 R36-5's residue): code the agent left, asked about
        there = None if m else re.match(r"^why\s+(?:is|are)\s+there\s+(?:an?\s+|some\s+|(?:all\s+)?(?:these|those)\s+|so\s+many\s+)?"
                                        r"(?P<what>[`\w.()/-]+)", said, re.I)
        if there and "`" in slot(there.group("what")):
            m = there
        # "again with the console.logs..." (review39 R39-6): what the agent did again, sighed at before what to use
        sighed = None if m else re.match(r"^again\s+with\s+(?:the\s+|all\s+(?:the|these|those)\s+|these\s+|those\s+)?"
                                         r"(?P<what>`[^`]+`|[\w.()/-]+?)(?:\s*(?:\.{2,}|\u2026|[?!]+))?\s*$", part.strip(), re.I)
        if sighed and "`" in mark_identifiers(re.sub(r"s$", "", sighed.group("what"))):
            m = re.match(r"(?P<what>.+)", re.sub(r"(?<=[a-z])s$", "", sighed.group("what")))
        # "why requests?", "axios again??" (review39 R39-2): a tool named bare, asked about or sighed at, before the team's
        # own one ("we use httpx everywhere", "it's fetch in this repo")
        bare = None if m else re.match(r"^(?:why\s+)?(?P<what>`[^`]+`|[\w.@/-]+)(?:\s+again)?\s*\?+\s*$|"
                                       r"^(?P<what2>`[^`]+`|[\w.@/-]+)\s+again\s*[?!.]*\s*$", said, re.I)
        if bare and re.match(r"^why\b|.*\bagain\b", said, re.I):
            name = bare.group("what") or bare.group("what2")
            if name.lower() not in ("why", "what", "how", "again", "this", "that", "it", "so", "really", "seriously") \
                    and (name.strip("`").lower() in TOOL_FAMILIES or "`" in slot(name)):
                m = re.match(r"(?P<what>.+)", name)
                asked_bare = used is None
        what = m.group("what") if m else ""
        if m and re.match(r"^(?:from|in|on|at|to|for|with|the|a|an|my|our|your|this|that|it)\b", what, re.I):
            m = None  # "you're importing from '../utils'": what was used is not named
        if m and used is None:
            what = re.sub(r"\s+(?:in|on|at|for|to|from|with|again|here|there|still|everywhere|instead)$", "", what,
                          flags=re.I)
            # "you hardcoded analytics.raw.orders": what to avoid is hardcoding it
            used = f"hardcoding {slot(what)}" if m.groupdict().get("hard") else what + (m.groupdict().get("scope") or "")
            continue
        if used:
            body = strip_lead(part)
            body = re.sub(r"\s*[,;]\s*(?:i|we)\s+(?:already\s+)?(?:told\s+you|said\s+(?:so|this|that)|agreed\s+on\s+(?:this|that))"
                          r"(?:\s+(?:yesterday|before|already|earlier|last\s+week))?\s*[.!]*$", "", body, flags=re.I)
            m2 = re.match(r"^(?:(?:we|you\s+should|please|just)?\s*(?:always\s+)?(?:use|prefer|import|call)|it'?s|it\s+is"
                          r"|(?:it|that)\s+should\s+be)\s+(.+?)(?:\s+instead)?"
                          r"(?:\s+(?:in\s+this\s+\w+|here|everywhere))?[.!]?$", body, re.I)
            # ("why did you use requests? it's httpx everywhere": how widely the team uses it, no part of the rule; it gave
            # "Use `httpx` everywhere instead of `requests`.", refl49)
            project = re.match(r"^(?:this\s+is|it'?s|we'?re|we\s+are)\s+an?\s+([\w@/+-]+(?:\.[\w@/+-]+)*)\s+(?:repo(?:sitory)?|"
                               r"project|codebase|monorepo|shop)[.!]?$", body, re.I)
            if project and _names_a_thing(project.group(1)):  # "you used npm again, this is a yarn repo" (refl27)
                return _instead(project.group(1), used)
            if m2 and re.match(r"^it'?s\b|^it\s+is\b", body, re.I) and not _names_a_thing(m2.group(1)):
                return None  # "why are you using var? it's 2024" gave "Use 2024 instead of `var`." (refl27)
            if m2 and m2.group(1).rstrip().endswith("?"):
                return None  # "why npm? we use pnpm?": asked, not stated (gave "Use pnpm? instead of `npm`.", C47-8)
            if m2 and asked_bare and re.match(r"^we\b", body, re.I) and not _one_choice(m2.group(1), used):
                # "why docker? we use kubernetes" gave "Use kubernetes instead of `docker`.", "why npm? we use pnpm for
                # the app and npm for the docs" "… instead of `npm`.": a bare question names what was used, but only a
                # tool of the same job the team says it uses replaces it; an order says so itself ("print again?? use
                # the logger") (refl45)
                return None
            if m2:
                return _instead(m2.group(1), used, keep_bad=used.startswith("hardcoding "))
    return None


def _one_choice(chosen: str, used: str) -> bool:
    """Whether ``chosen`` is one tool or choice of the same job as ``used`` (vocabulary.TOOL_FAMILIES, CHOICE_FAMILIES),
    said alone (a phrase that names ``used`` again keeps it somewhere)."""
    from altimate_learn.reflect.providers.builtin.vocabulary import CHOICE_FAMILIES, TOOL_FAMILIES

    words = re.findall(r"[\w.@+-]+", chosen.lower().replace("`", ""))
    if not words or used.lower().strip("`") in words:
        return False
    a, b = (re.sub(r"\.js$", "", w) for w in (words[0], used.lower().strip("`")))
    return a != b and bool((TOOL_FAMILIES.get(a, frozenset()) | CHOICE_FAMILIES.get(a, frozenset()))
                           & (TOOL_FAMILIES.get(b, frozenset()) | CHOICE_FAMILIES.get(b, frozenset())))



_TEAM_TOOL = re.compile(r"^(?:we\s+(?:always\s+|only\s+)?use|this\s+(?:repo|project|codebase)\s+uses)\s+(?P<x>[\w@+-]+(?:\.[\w@+-]+)*)"
                        r"(?:\s+(?:here|in\s+this\s+(?:repo|project|codebase)))?\s*[.!]*$", re.I)
_REFUSED_TOOL = re.compile(r"^(?:no|not|never)\s+(?P<y>[\w@+-]+(?:\.[\w@+-]+)*(?:\s+(?:install|add|run|i))?)"
                           r"(?:\s+(?:please|pls|here|ever|anymore))*\s*[.!]*$", re.I)


def _one_job(one: str, other: str) -> bool:
    """Whether two names are tools of one job (vocabulary.TOOL_FAMILIES: "poetry" and "pip", "pnpm" and "npm")."""
    from altimate_learn.reflect.providers.builtin.vocabulary import TOOL_FAMILIES

    a, b = one.lower().strip("`"), other.lower().strip("`")
    return a != b and bool(TOOL_FAMILIES.get(a, frozenset()) & TOOL_FAMILIES.get(b, frozenset()))


def _names_a_thing(what: str) -> bool:
    """Whether what "it's …" names is a tool or code (`pnpm`, `httpx`, ``useAuth``), not a year, a time or a judgement."""
    from altimate_learn.reflect.providers.builtin.choices import _tool_name

    word = what.strip().split()[0] if what.strip() else ""
    return bool(_tool_name(word)) or "`" in mark_identifiers(what)


_SUBCOMMANDS = ("(?:install|add|remove|run|test|build|compose|check|format|lint|apply|plan|exec|init|sync|lock|"
                "update|upgrade|publish|push|pull|fmt|vet|tidy|serve|migrate|seed|up|down|ci)")
_RUN_STOP = frozenset("instead before after with in on for to when whenever while and or but directly first then "
                      "again only here there from inside outside so because unless every each all".split())


def commands_marked(text: str) -> str:
    """Known tool names written bare, and the command a "run …" names, in backticks, as a lesson puts code (review14
    R14-28: "Never call pytest directly; run make test." -> "Never call `pytest` directly; run `make test`.").
    Tool names that are everyday words too ("black", "make" on its own) stay prose."""
    from altimate_learn.reflect.providers.builtin.relations import tools_marked
    from altimate_learn.reflect.providers.builtin.scope import _COMMANDS
    from altimate_learn.reflect.providers.builtin.vocabulary import TOOL_FAMILIES

    def run(match: re.Match[str]) -> str:
        words = match.group(2).split()
        if not words or words[0].lower() not in _COMMANDS:
            return match.group(0)
        taken = [words[0]]
        for word in words[1:3]:
            if word.lower() in _RUN_STOP or not re.fullmatch(r"[a-z][\w:-]*|-{1,2}[a-z][\w-]*|\./\.\.\.", word):
                break
            taken.append(word)
        rest = match.group(2)[len(" ".join(taken)):]
        return f"{match.group(1)}`{' '.join(taken)}`{rest}"

    parts = re.split(r"(`[^`]*`)", text)
    for n in range(0, len(parts), 2):
        parts[n] = re.sub(r"(\b[Rr]un\s+)([a-z][\w.:-]*(?:\s+(?:-{0,2}[a-z][\w:-]*|\./\.\.\.)){0,2})", run, parts[n])
    marked = tools_marked("".join(parts))
    # a tool marked on its own keeps its subcommand and flags: "`npm` install" -> "`npm install`", "`pytest` -x"
    return re.sub(r"`([a-z][\w.-]*)`((?:\s+(?:-{1,2}[a-z][\w-]*|" + _SUBCOMMANDS + r"))+)\b",
                  lambda m: f"`{m.group(1)}{' '.join([''] + m.group(2).split())}`"
                  if m.group(1).lower() in _COMMANDS or m.group(1).lower() in TOOL_FAMILIES else m.group(0), marked)


def finalize(rule: Rule) -> str | None:
    """The lesson text for ``rule``, or None when it is not a clean, specific, safe rule."""
    return judge(rule)[0]


def judge(rule: Rule, message: str = "") -> tuple[str | None, str]:
    """(the lesson text for ``rule``, "") or (None, why not): why is "" when the rule is not clean or specific,
    and says so when it is one of the shapes of one-off steering (:func:`one_off`) or carries a typo of the
    person's (``message`` is what they typed: a word spelled right elsewhere in it is a known word)."""
    text = _finalize(rule)
    if text is None:
        # "you forgot to update the changelog": one slip recalled, with no "again" or "keep" to say it is a habit; it
        # waits with that reason rather than as "no clear rule"
        return None, ONE_FIX if rule.shape == "reminder" and not rule.standing else ""
    if _REGRET.search(text):  # "Use have used `pnpm` …", "Never have used `npm`.": one past act regretted (check47)
        return None, ""
    text = repair(text)  # "Use slog everwhere" -> "Use slog everywhere": only a slip whose word is certain (refl34)
    text = _tool_case(text)
    why = one_off(rule, text)
    if why:
        return None, why
    wrong = typo(text, repair(message))  # (the message's own slips repaired alike: "legder" then spells "ledger")
    if wrong:
        return None, TYPO.format(word=wrong)
    return text, ""


# What ought to have been done once, left in a lesson's words: "shouldn't you have used pnpm instead of npm?" gave "Use have
# used `pnpm` instead of `npm`.", "you should never have used npm" "Never have used `npm`.", "the script should have used
# pnpm" "The script should have used `pnpm`." (check47 C47-1: the forms refl47's should-have reading does not take)
_PARTICIPLE = (r"(?:been|had|[a-z]+ed|run|put|read|set|written|made|kept|done|taken|given|left|chosen|built|split|sent|hidden|"
               r"rewritten|stuck|gone|got|gotten|thrown|known|seen|told)")
# (after the lesson's verb only acts, not adjectives: "Never have nested ternaries." is a rule)
_ACTED = r"(?:been|had|used|run|done|made|written|deleted|added|removed|changed|touched|created|pushed|merged|committed|installed)"
# (after "should have" any participle, but only of one thing or person: "Every function should have typed parameters." and
# "Tables should have prefixed names." are rules)
_REGRET = re.compile(r"^(?:use|never|always|don'?t|do\s+not|avoid|prefer)\s+have\s+" + _ACTED + r"\b|"
                     r"^(?:the|this|that|it|nobody|no\s+one|you|we|i|he|she|they|someone|somebody)\b[^.]*?"
                     r"\b(?:should(?:n'?t)?|ought\s+(?:not\s+)?to)\s+(?:not\s+|never\s+)?have\s+" + _PARTICIPLE + r"\b",
                     re.I)


def _tool_case(text: str) -> str:
    """``text`` with each tool's name in a code span spelled as the tool is run ("Use `PNPM` instead of `NPM`." ->
    "Use `pnpm` instead of `npm`.", "`Poetry`" -> "`poetry`"): how the person capitalised it is no part of the command
    (refl47; the names of vocabulary.TOOL_FAMILIES are all commands or packages in lower case)."""
    return re.sub(r"`([A-Za-z][\w.+-]*)`", lambda m: f"`{m.group(1).lower()}`" if m.group(1) != m.group(1).lower()
                  and m.group(1).lower() in TOOL_FAMILIES else m.group(0), text)


# The one file of the project a guard keeps the agent's hands off, as it does a kind: "stop. don't touch the lockfile"
# (blind2 and blind5 alike; refl30). Not "the code", "the branch", "the build": which of them only the conversation says.
_GUARDED_ONE = re.compile(r"^the\s+(?:lock\s*file|lockfiles?|license(?:\s+file)?)$", re.I)


# A Python module run ("python3 -m pytest", "py -m pip install"): one command, so one code span (review44 R44-3: "never
# bare python3 -m pytest" gave "never bare python3 -m `pytest`")
_MODULE_RUN = re.compile(r"(?<![\w`./-])((?:python(?:3(?:\.\d+)?)?|py)\s+-m\s+[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*(?:\s+-{1,2}[A-Za-z][\w-]*)*)"
                         r"(?![\w`/-])")


_SUPPRESSION = re.compile(r"(?<![\w`/#@-])(" + SUPPRESSION_COMMENT + r")(?![\w`/-])")


def _module_runs_marked(text: str) -> str:
    """``text`` with each Python module run and each comment that silences a checker (vocabulary.SUPPRESSION_COMMENT)
    outside a code span put in backticks whole (:data:`_MODULE_RUN`)."""
    parts = re.split(r"(`[^`]*`)", text)
    return "".join(part if part.startswith("`") else _SUPPRESSION.sub(r"`\1`", _MODULE_RUN.sub(r"`\1`", part))
                   for part in parts)


def _finalize(rule: Rule) -> str | None:
    text = tidy(rule.text)
    if not text:
        return None
    text = commands_marked(join_commands(mark_identifiers(_module_runs_marked(text))))
    text = join_adjacent_code(text)
    if len(text) > MAX_CHARS:
        cut = re.split(r"\s*(?:;|,\s+(?:and|but|which|so|then)\b|\s+-\s+|\s+—\s+)", text, maxsplit=1)[0].rstrip(".,;") + "."
        if len(cut) > MAX_CHARS or cut.count("`") % 2:
            return None
        text = cut
    if text.count("`") % 2 or not _balanced(text):
        return None
    if re.search(r"\s+and\s+we\s|`\s+we\s+(?:already\s+)?(?:have|hav|use|got|'ve|are|'re)\b", text, re.I):
        return None  # "Put tests under `spec/` and we use `rspec` …": two statements glued (review27 R27-4); "Never use
        # `axios` we already have `apiClient`.": a reason run on after the code, no comma (refl45)
    if re.search(r"`[^`]+`\s*=\s*`", text):
        return None  # "Use `lam2_values` = `np.logspace(…)`": a value chosen for one script, not a habit
    lowered = text.lower()
    # "Never kill your own session.": the agent's own things, said to the agent who reads the lesson; any other "you"
    # or "your" is the conversation's ("your change", "you said")
    own = re.sub(r"\byour\s+own\s+(?:" + "|".join(sorted(AGENTS_OWN)) + r")\b", "", lowered)
    if re.search(r"\b(?:i|me|my|mine|you|your|yours|i'm|i've|i'd|you're|you've|let's)\b", own) \
            or re.search(r"(?<![`\w-])(?:u|ur)(?![`\w-])", own):  # chat's "u" is a "you" ("… unless u reassign", refl27)
        return None
    # "it" / "them" may point back inside the rule ("…; read it from config"), not out of it ("make it a sensor")
    if re.search(r"\b(?:it|it's|them)\b", re.split(r"[;,]", lowered, maxsplit=1)[0]):
        return None
    if re.search(r"\b(?:above|earlier|previous|last\s+time|just\s+now|again|yesterday|this\s+pr|this\s+task|tickets?|"
                 r"(?:this|next|the)\s+(?:task|issue|step|one)|the\s+(?:failing|broken|current|same|other|extra|additional|above|below)|"
                 r"(?:these|those)\s+\w+|this\s+(?!is\b|repo|repository|project|codebase|team|company|org\b|package|module|service|app\b)\w+)\b",
                 re.sub(r"`[^`]*`", " ", lowered)):  # words of prose: a pattern in backticks ("`ticket-id/…`") is code
        return None
    words = content_words(text)
    # code named in backticks is content whatever the word ("Never use `any`.": review37 R37-4)
    words |= {code.lower() for code in re.findall(r"`([^`]+)`", text) if not content_words(code)}
    has_ident = "`" in text
    if has_ident:
        needed = 1 if rule.shape in ("always", "never", "instead", "rename") else 2
    else:
        needed = 2 if rule.shape in ("instead", "rename", "convention") else 4 if rule.shape == "imperative" else 3
        # "Never touch the migrations.", "Migrations should always be reversible.": a kind of thing (plural) or a
        # "should always/never" says it holds every time, so two words of content make the rule
        if rule.shape == "never" and rule.negative and (_plural(rule.negative[0]) or _GUARDED_ONE.match(rule.negative[0].strip(" .!"))) \
                and text.split(" ", 2)[1].lower() in _GUARDS \
                and not re.match(r"(?:any|all|every|each|no)\b", rule.negative[0].strip(), re.I) \
                or rule.shape == "modal" and re.search(r"\b(?:should|must)\s+(?:always|never)\b", text, re.I):
            needed = 2
        # "every endpoint needs a test", "each service needs a healthcheck": each one of a kind of code and what it must
        # have; the "every" says it holds every time, as "should always" does (refl38's leftover; not "every page", "every
        # order": what the product's things have is this task's design)
        if rule.shape == "modal" and re.fullmatch(r"(?:every|each)\s+[a-z][\w-]*", (rule.subject or "").strip(), re.I) \
                and _code_talk(rule.subject) and re.match(r"(?:an?|one)\s+[a-z]", (rule.positive or [""])[0].strip(), re.I):
            needed = 2
        # "dont hardcode schemas" -> "Never hardcode schemas.": a kind of value kept out of the code, bare (refl25)
        # "never log tokens", "do not log secrets": a secret kept out of the logs and the output (review37 R37-9)
        if rule.shape == "never" and re.match(r"Never\s+(?:log|print|echo|expose|leak)\s+"
                                              r"(?:tokens|secrets|passwords|credentials|keys|api\s+keys|private\s+keys|"
                                              r"cookies|session\s+ids)\.$", text):
            needed = 2
        # "never hardcode the token", "don't commit the password" (and "why is the token hardcoded?"): a secret kept out of
        # the code, the repository and the logs, whichever one it is (refl43, review41 R41-3's family)
        # (what was banned is the secret alone: "NEVER commit secrets like API_KEY=sk-… to the repo" cut down to "Never
        # commit secrets." is not what was said)
        if rule.shape == "never" and _SECRET_KEPT_OUT.match(text) and rule.negative and re.fullmatch(
                r"(?:(?:the|any|an?)\s+)?(?:[\w-]+\s+)?" + SECRET_NOUNS + r"(?:\s+in\s+\S+)?", rule.negative[0].strip(" .!"), re.I):
            needed = 2
        if rule.shape == "never" and re.match(r"Never\s+hard-?code\s+[a-z]+s\.$", text) and rule.negative \
                and _plural(rule.negative[0]) and rule.negative[0].split()[0].lower() not in _VAGUE_KINDS:
            needed = 2
        # "you keep deleting the tests" -> "Never delete the tests.", "you forgot to update the changelog again" ->
        # "Always update the changelog.": the person said it holds beyond this task, so a verb and its object make it
        # ("from now on, fix the header" stays a step: a repair or an undo is done once, whatever the lead says)
        if rule.shape == "imperative" and _BEFORE_EACH.search(text) and text.split()[1].lower() not in ("before", "after"):
            needed = 3  # "Make a plan before coding.": the work it comes before is the third word of content
        if rule.standing and (rule.shape == "never" or rule.shape == "always"
                              and text.split(" ", 2)[1].lower() not in _DONE_ONCE):
            needed = 2
        # "always squash merge", "always write tests", "always rebase feature branches": the person's own "always" and a
        # way of working on the repository's things, bare (review37 R37-4)
        if rule.shape == "always" and re.fullmatch(r"Always\s+(?:squash[- ]merge|squash|rebase|merge|write|run|add|"
                                                   r"update|sign|pin|lint|format|test)\s+(?:(?!(?:never|not|always|no)\b)[a-z-]+\s+)?"
                                                   r"(?!(?:never|not|always|no)\b)[a-z-]+\.", text) \
                and (_plural(text.rstrip(".").split()[-1]) or text.rstrip(".").split()[-1].lower() in ("merge", "rebase")
                     # "always run the linter", "always update the changelog": what a project has one of, as "always run
                     # the tests" (refl47's leftover: the one gave a lesson, the other nothing)
                     or re.fullmatch(r"Always\s+[a-z-]+\s+the\s+[a-z-]+\.", text)
                     and text.rstrip(".").split()[-1].lower() in _ONE_A_PROJECT_HAS):
            needed = 2
        # "never use sleeps in tests", "don't use abbreviations in the docs": a kind of thing kept out of a kind of
        # thing; "…in these tests", "…in the file" are this task's things (review22 R22-2)
        if rule.shape == "never" and rule.negative and text.startswith("Never use ") and _kind_in_kind(rule.negative[0]):
            needed = 2
        # "never use default exports", "don't use relative imports": a kind of code kept out, bare, as "always use
        # parameterized queries" below (review36 R36-5)
        if rule.shape == "never" and text.startswith("Never use ") and rule.negative \
                and re.fullmatch(r"[a-z]+(?:-[a-z]+)?\s+[a-z]{3,}s", rule.negative[0].strip()) \
                and _plural(rule.negative[0]) and rule.negative[0].split()[0].lower() not in _VAGUE_KINDS | _DETERMINERS \
                and _code_talk(rule.negative[0]):
            needed = 2
        # "always use parameterized queries": the person's "always" and a kind of thing, bare (R28-2)
        if rule.shape == "always" and text.startswith("Always use ") and rule.positive \
                and re.fullmatch(r"[a-z]+(?:-[a-z]+)?\s+[a-z]{3,}s", rule.positive[0].strip()) \
                and _plural(rule.positive[0]) and rule.positive[0].split()[0].lower() not in _VAGUE_KINDS | _DETERMINERS \
                and _code_talk(rule.positive[0]):
            needed = 2
    # "Pin every new dependency.", "Pin the version of every new dependency." (a condition said first, "when you add a
    # dependency, pin it": rules._condition_last): "every new" and a kind of work say the step holds each time, as
    # "always" does
    if rule.shape == "imperative" and (every := _EVERY_NEW.match(text)) \
            and re.sub(r"ies$", "y", re.sub(r"(?<=[a-z]{3})(?<!ie)s$", "", every.group("kind").lower())) in WORK_KINDS:
        needed = 2
    if rule.shape == "imperative" and rule.standing and re.match(r"(?:Read|Load|Take|Get|Pull|Fetch|Grab)\s", text):
        from altimate_learn.reflect.providers.builtin.imperatives import _SECRET_FROM_ENV

        if _SECRET_FROM_ENV.match(text.split(" ", 1)[1]):
            needed = 2  # "Read the token from the env.": where a secret comes from (review41 R41-3)
    if rule.shape == "never" and _SHARED_BRANCH.match(text):
        needed = 2  # "never push to main": the shared branch kept clean, a guard on the repository (review35's trip list)
    if rule.standing and rule.shape == "never" and rule.negative and strip_stop(rule.negative[0].strip(), ".!").lower() in KEPT_OUT:
        needed = 1  # "I told you, no emojis" -> "Never use emojis.": a thing a project keeps out of its code (refl25)
    if len(words) < needed:
        return None
    if not _lint_ok(text):
        return None
    if not _standing(rule, text):
        return None
    return text


_EVERY_NEW = re.compile(r"^[A-Z][a-z-]+\s+(?:the\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+of\s+)?(?:every|all)\s+new\s+(?P<kind>[a-z][\w-]*)\.$")
_SECRET_KEPT_OUT = re.compile(r"^Never\s+(?:hard-?code|commit|log|print|echo|expose|leak)\s+(?:the\s+|any\s+)?(?:[\w-]+\s+)?"
                              + SECRET_NOUNS + r"(?:\s+in\s+`[^`]+`)?\.$", re.I)
# "Never push to main.", "Never commit to master.", "Never force-push to main.": work put on the branch everyone shares
_SHARED_BRANCH = re.compile(r"^Never\s+(?:force[- ]?push|push|commit|merge)\s+(?:directly\s+|straight\s+)?(?:to|into|on)\s+"
                            r"`?(?:main|master|trunk)`?(?:\s+branch)?(?:\s+directly)?\.$")
# What a project has one of, that a step of every change runs or updates ("the linter", "the changelog")
_ONE_A_PROJECT_HAS = PROJECT_WIDE - frozenset("code output branch schema spec license version suite ci".split())
_DETERMINERS = frozenset("the a an this that these those my your our their some any all more fewer other new old".split())
_KIND_IN = re.compile(r"^(?P<what>[a-z]{3,}s)\s+(?:in|for|inside|within|across)\s+(?P<scope>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})$",
                      re.I)


def _code_talk(what: str) -> bool:
    from altimate_learn.reflect.providers.builtin.conventions import _code_talk as talk

    return talk(what)


def _kind_in_kind(obj: str) -> bool:
    """Whether what a "never use" forbids is a kind of thing (a plain plural: "sleeps", "wildcards") in a kind of thing
    or a part the project has one of: a bare plural ("in tests", "in commit messages"), or "the" with a kind a project
    keeps ("the tests", "the docs", "the changelog"). Not "in these tests", "in the file", "for the callbacks", "in both
    files": which ones only the conversation says."""
    from altimate_learn.reflect.providers.builtin.identifiers import _plain_plural
    from altimate_learn.reflect.providers.builtin.habits import _a_kind

    m = _KIND_IN.match(_clean_object(obj))
    if not m or not _plain_plural(m.group("what").lower()) or m.group("what").lower() in _VAGUE_KINDS:
        return False
    scope = m.group("scope").lower()
    if _TASKS_SCOPE.search(scope) or _NOT_A_SCOPE.search(scope) or re.search(r"\b(?:new|old|my|your|his|her|their)\b", scope):
        return False
    definite = re.match(r"^(?:the|our)\s+(.+)$", scope)
    if definite:
        words = definite.group(1).split()
        return _a_kind("the " + definite.group(1)) or len(words) == 1 and words[0] in PROJECT_WIDE
    return not re.match(r"^(?:a|an|any|some|all|every|each|no)\b", scope) and _plural(scope)
