"""Where a new lesson applies: directory globs from the files the agent touched, and no trigger when the
lesson names a place elsewhere; for a review comment, the area of the codebase it is about (:func:`review_trigger_for`)."""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable, Sequence
from pathlib import PurePosixPath

from altimate_learn.reflect.providers.builtin.text import content_words, sentences


def path_globs(paths: Iterable[str], limit: int = 3) -> list[str]:
    """Directory globs for the files an agent touched: `models/staging/stg_a.sql` → `models/staging/*.sql`.

    Triggers come from folders only. Why: a trigger made of one concrete file (say `out.txt`) matches almost
    no later session, so the lesson would almost never be delivered. Files at the project root are therefore
    ignored, and when only root files were touched no trigger is returned (the lesson is project-wide).
    Paths outside the project (absolute, `..`) and hidden folders are ignored; when the folders spread over
    more than ``limit`` globs, no trigger is returned (the rule is general).
    """
    globs: list[str] = []
    for raw in paths:
        path = raw.replace("\\", "/").strip()
        if not path or path.startswith(("/", "~")) or re.match(r"^[A-Za-z]:/", path):
            continue
        parts = PurePosixPath(path).parts
        if ".." in parts or any(p.startswith(".") and p not in (".",) for p in parts[:-1]):
            continue  # hidden folders (.git, .venv, .altimate-code) are not where conventions live
        parts = tuple(p for p in parts if p != ".")
        if len(parts) < 2:
            continue  # a root-level file alone is no folder to scope to
        suffix = PurePosixPath(parts[-1]).suffix
        glob = "/".join(parts[:-1]) + ("/*" + suffix if suffix else "/*")
        if glob not in globs:
            globs.append(glob)
    if len(globs) > limit:
        return []
    return globs


# Well-known file names without an extension that a lesson may name.
_PLAIN_FILE_NAMES = frozenset({"Makefile", "Dockerfile", "Jenkinsfile", "Procfile", "Gemfile", "Rakefile",
                               "Vagrantfile", "Justfile", "LICENSE", "CODEOWNERS"})
# File endings that make a backticked name a file rather than a dotted identifier (`os.path`, `self.name`).
_FILE_SUFFIXES = frozenset(
    "py pyi ipynb sql txt md rst json jsonl yml yaml toml ini cfg conf env lock csv tsv parquet xml html css scss "
    "js jsx mjs cjs ts tsx vue svelte go rs java kt kts scala rb php cs c h cc cpp hpp swift m sh bash zsh ps1 "
    "bat tf tfvars hcl proto graphql gql sqlx lkml log out pdf png svg".split())
_CODE_SPAN = re.compile(r"`([^`\s]+)`")


def named_paths(text: str) -> list[str]:
    """Folders and files a lesson names in backticks: `build/`, `models/staging/`, `out.txt`, `.env`, `Makefile`.

    Calls (`ref()`), dotted names without a file-like ending and plain identifiers are not paths.
    """
    found: list[str] = []
    for token in _CODE_SPAN.findall(text):
        if any(c in token for c in "()[]{}=<>:,;'\"$@"):
            continue
        name = token.removeprefix("./")
        if "/" in name or name in _PLAIN_FILE_NAMES or name.startswith("."):
            found.append(name)
        elif PurePosixPath(name).suffix[1:].lower() in _FILE_SUFFIXES:
            found.append(name)  # `out.txt`, `dbt_project.yml`, but not `os.path` or `self.name`
    return found


def _names_scoped_place(name: str, globs: Sequence[str]) -> bool:
    """Whether a path the lesson names lies within (or contains) one of the trigger globs."""
    name = name.rstrip("/").rstrip("*").rstrip("/")
    if not name:
        return False
    for glob in globs:
        folder, _, pattern = glob.rpartition("/")
        if "/" not in name:
            # a bare name: a folder on the glob's path, or a file the glob's pattern matches
            if name in folder.split("/") or fnmatch.fnmatchcase(name, pattern):
                return True
            continue
        if folder == name or folder.startswith(name + "/") or fnmatch.fnmatchcase(name, glob):
            return True
    return False


# Commands a person runs (package managers, build and test runners, linters, CLIs): a rule that names only these
# ("Never use `pip`.", "Use `uv` instead of `pip`.") is about how the project is worked on, not about the files the
# agent had open, and it must reach the agent when it is about to run the command.
_COMMANDS = frozenset("""pip pip3 pipx uv uvx poetry pipenv conda mamba pyenv virtualenv venv npm npx pnpm pnpx yarn bun
bunx deno node nvm corepack cargo rustup go make cmake bazel gradle gradlew mvn sbt dotnet nuget composer bundle bundler
gem rake docker docker-compose podman kubectl helm terraform tofu ansible git gh hub pytest tox nox ruff black isort
flake8 mypy pyright pylint eslint prettier biome tsc jest vitest mocha playwright cypress python python3 brew apt
apt-get sudo curl wget jq dbt alembic flask django-admin rails""".split())


def names_only_commands(rule: str) -> bool:
    """Whether every piece of code a lesson names in backticks is a command (`pip`, `uv add`, `npm install`)."""
    spans = re.findall(r"`([^`]+)`", rule)
    return bool(spans) and all(span.split()[0].lower() in _COMMANDS for span in spans if span.split())


# Words by which a rule says it holds everywhere ("… in new code", "everywhere", "in this repo", "across the codebase"):
# the folder the feedback came from does not narrow it (review13 R13-26).
_EVERYWHERE = re.compile(r"\b(?:everywhere|anywhere|throughout|project-wide|repo-wide|codebase|code base"
                         r"|(?:new|all|any|every|our) code"
                         r"|(?:this|the|our|whole|entire) (?:repo|repository|project|codebase|code base))\b", re.I)


def trigger_for(rule: str, paths: Iterable[str], limit: int = 3, said: str | None = None) -> list[str]:
    """The path trigger for a new lesson ``rule`` learned while the agent touched ``paths`` ([] = project-wide).

    A lesson whose text names a folder or file outside the touched folders (the lesson says `build/`, the
    agent wrote `out.txt`) gets no trigger: no trigger is better than a wrong one. Nor does a lesson that names
    only commands ("Never use `pip`."): it holds wherever the agent works. Nor one whose words say it holds
    everywhere ("… in new code", "everywhere", "in this repo"), or whose sentence in the person's words ``said`` does
    when the lesson left them out ("no print statements in this project, we use the logging module" gives "Use the
    logging module instead of print statements." and holds in `scripts/` as in `src/`: review38 R38-1).

    The scope is never narrower than the words (issue 20): a rule that names a folder on a touched path ("never
    edit applied migrations" on `db/migrations/0042_orders.py`) holds in that folder and below it
    (`db/migrations/**`); a rule that speaks of a kind of thing and names no folder ("… for React components", "…
    to public functions", "… the schema and table names") holds in files of that type across the part of the
    repository it came from (`web/src/pages/Home.tsx` → `web/**/*.tsx`): one file the agent had open says what
    kind of code it was and in which part of the repository, not that the rule stops at its folder. Only a rule
    about neither keeps the touched folders (`models/staging/*.sql`).
    """
    if names_only_commands(rule) or _EVERYWHERE.search(re.sub(r"`[^`]*`", " ", rule)) or _said_everywhere(rule, said):
        return []
    globs = path_globs(paths, limit)
    if globs:
        # a rule that names its own place in code (`models/staging/`, `stg_orders.sql`) is scoped by it, as before
        named = _named_areas(rule, paths, limit) or (not named_paths(rule) and _kind_globs(rule, globs, limit))
        if not named and not named_paths(rule) and _said_team_way(rule, said):
            return []  # "… and we don't do default exports": the team's way, in every folder (review39 R39-18)
        globs = named or globs
    if globs and any(not _names_scoped_place(name, globs) for name in named_paths(rule)):
        return []
    return globs


def _said_everywhere(rule: str, said: str | None) -> bool:
    """Whether a sentence of the person's words that shares a word with ``rule`` says the rule holds everywhere (only
    that sentence: "the page is broken everywhere. never use inline styles in components" keeps its kind of code)."""
    if not said:
        return False
    wanted = content_words(rule)
    return any(content_words(sentence) & wanted and _EVERYWHERE.search(re.sub(r"`[^`]*`", " ", sentence))
               for sentence in sentences(said))


# The team's way said as such ("we don't do default exports", "our team never …", "the team uses …"), and the words that
# would name a part of the project for it ("… in this service", "… in this folder", "… for the admin app", a path).
_TEAM_WAY = re.compile(r"\b(?:we|we'(?:re|ve|d)|(?:our|the|this)\s+team)\b", re.I)
_A_PART = re.compile(r"\b(?:in|under|inside|within|for|across)\s+(?:this|that|the|these|those|our)\s+(?:[\w-]+\s+)?"
                     r"(?:folder|folders|directory|directories|dir|file|files|module|modules|package|packages|service|services|"
                     r"component|components|app|apps|pipeline|crate|workspace|part|area|layer|page|pages|screen|class|"
                     r"function|script|notebook|test|tests|endpoint|job|branch)\b|[\w.-]+/[\w.*/-]*|\b[\w-]+\.[a-z]{1,5}\b", re.I)


def _said_team_way(rule: str, said: str | None) -> bool:
    """Whether the sentence of the person's words that shares a word with ``rule`` states the team's way ("we …", "our
    team …") and names no part of the project for it: a convention the team keeps holds wherever the agent works, not in
    the one folder the agent had open ("hmm no css files please, it's tailwind only in this repo. and we don't do default
    exports" scoped "Never use default exports." to `web/src/components/*.jsx`: review39 R39-18)."""
    if not said:
        return False
    wanted = content_words(rule)
    return any(content_words(sentence) & wanted and _TEAM_WAY.search(sentence)
               and not _A_PART.search(re.sub(r"`[^`]*`", lambda m: m.group(0).replace("/", " "), sentence))
               for sentence in sentences(said))


# A kind of thing a rule speaks of: a plural after a preposition or determiner ("in migrations", "for React
# components", "the schema and table names"), "every / each / any" and a noun ("every new endpoint"), or a bare noun
# the rule ends on after "for" ("… for money").
_KIND = re.compile(r"\b(?:in|for|to|from|with|on|across|inside|within|into|of|about|all|no|the|and|between)\s+"
                   r"(?:[a-z][\w-]*\s+){0,2}?([a-z][a-z-]{2,}s)\b|\b(?:every|each|any)\s+(?:new\s+)?[a-z]{3,}\b"
                   r"|\bfor\s+(?!(?:the|this|that|these|those|a|an|it|now|once|good|later|today)\b)[a-z]{4,}[.!]?$", re.I)
# Plurals that are no kind of code: units and amounts ("convert cents to dollars"), and words that only look plural.
_NOT_KINDS = frozenset("dollars euros pounds cents seconds minutes hours days weeks months years bytes kilobytes "
                       "megabytes pixels times series status always sometimes perhaps across unless thanks yes "
                       "regardless nevertheless".split())


def _kind_globs(rule: str, globs: Sequence[str], limit: int) -> list[str]:
    """``top/**/*.ext`` for the file types of ``globs`` under their top folder when ``rule`` speaks of a kind of
    thing, else []: the top folder is the part of the repository the file was in (`web/`, `services/`, `models/`),
    the file type the kind of code; the folders between say nothing the words did not."""
    words = re.sub(r"`[^`]*`", " ", rule)
    kinds = [m.group(1) for m in _KIND.finditer(words)]
    if not any(kind is None or kind.lower() not in _NOT_KINDS and not kind.lower().endswith(("ss", "us", "is"))
               for kind in kinds):
        return []
    kinds_at: list[str] = []
    for glob in globs:
        folder, _, pattern = glob.rpartition("/")
        if pattern == "*":
            return []  # files without a type: the kind is all there is to go by, and it holds everywhere
        top = folder.split("/", 1)[0]
        wide = f"{top}/**/{pattern}" if "/" in folder else glob  # the part of the repository, then the file type
        if wide not in kinds_at:
            kinds_at.append(wide)
    return kinds_at[:limit]


def _named_areas(rule: str, paths: Iterable[str], limit: int) -> list[str]:
    """``folder/**`` for the deepest folder on each touched path that the rule's own words name ("migrations" on
    `db/migrations/0042.py`), or [] when its words name none."""
    words = {_stem(w) for w in re.findall(r"[A-Za-z]{2,}", re.sub(r"`[^`]*`", " ", rule))}
    areas: list[str] = []
    for raw in paths:
        parts = PurePosixPath(raw.replace("\\", "/").strip().removeprefix("./")).parts
        if len(parts) < 2 or ".." in parts or raw.startswith(("/", "~")) or any(p.startswith(".") for p in parts[:-1]):
            continue
        area = max((n for n in range(len(parts) - 1) if _folder_words(parts[n]) & words), default=None)
        if area is not None and "/".join(parts[:area + 1]) + "/**" not in areas:
            areas.append("/".join(parts[:area + 1]) + "/**")
    return areas if len(areas) <= limit else []


# A review rule about the one file it sat on ("in this file", "this module").
_THIS_FILE = re.compile(r"\b(?:this|that|the same) (?:file|module|script|component|notebook)\b", re.I)
# Folder names that say nothing about what is in them: a reviewer's "API handlers" names `api/`, never `src/`.
_GENERIC_FOLDERS = frozenset("src lib libs app apps pkg pkgs package packages internal source sources main code "
                             "project projects".split())


def _stem(word: str) -> str:
    word = word.lower()
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _folder_words(folder: str) -> set[str]:
    return {_stem(w) for w in re.findall(r"[A-Za-z]{2,}", folder)} - _GENERIC_FOLDERS


def review_trigger_for(rule: str, paths: Iterable[str], comment: str | None = None) -> list[str]:
    """The path trigger for a lesson ``rule`` from a review comment on the file ``paths`` names ([] =
    project-wide), read the way a reviewer means it:

    - words that say it holds everywhere, or code that is only commands: project-wide (as :func:`trigger_for`);
    - a rule about the commented file itself (it names the file, or says "this file" / "this module"): that file;
    - a rule whose words name a folder on the file's path ("API handlers" on `src/api/v1/users.py`, "staging
      models" on `models/staging/stg_orders.sql`): that folder and everything below it (`src/api/**`,
      `models/staging/**`), the deepest such folder when several are named;
    - else the commented file's folder and its subfolders, for files like it (`src/db/query.py` →
      `src/db/**/*.py`): a comment on one file of a folder is about that kind of code there, in every subfolder.

    A rule that names a place outside that scope gets no trigger (no trigger is better than a wrong one)."""
    if names_only_commands(rule) or _EVERYWHERE.search(re.sub(r"`[^`]*`", " ", rule)):
        return []
    files = [p for p in (raw.replace("\\", "/").strip().removeprefix("./") for raw in paths) if p]
    if len(files) != 1 or not path_globs(files):
        return trigger_for(rule, files)  # not one file in a folder of the project: the general rules
    path = files[0]
    parts = PurePosixPath(path).parts
    named = [n.rstrip("/") for n in named_paths(rule)]
    if any(n in (path, parts[-1]) for n in named) or _THIS_FILE.search(re.sub(r"`[^`]*`", " ", comment or rule)):
        return [path]
    words = {_stem(w) for w in re.findall(r"[A-Za-z]{2,}", rule)}
    area = max((n for n in range(len(parts) - 1) if _folder_words(parts[n]) & words), default=None)
    if area is not None:
        globs = ["/".join(parts[:area + 1]) + "/**"]
    else:
        suffix = PurePosixPath(parts[-1]).suffix
        globs = ["/".join(parts[:-1]) + "/**" + ("/*" + suffix if suffix else "")]
    if any(not _names_scoped_place(name, globs) for name in named_paths(rule)):
        return []
    return globs
