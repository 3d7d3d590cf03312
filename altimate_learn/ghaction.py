"""The steps of the GitHub Action (`action.yml`): `python -m altimate_learn.ghaction import-reviews|check`.

`import-reviews` (a scheduled job): runs `learn import-reviews` for the repository the workflow runs in,
and when that staged new lessons, turns them into a pull request a person reviews: on the branch
`learn/import-reviews` (input `branch`) it promotes the candidate, commits only the store's
`approved.json`, force-pushes the branch, and opens a pull request against the default branch, or updates
the one already open for that branch (its title and body: the lessons added, edited and removed, and the
full `learn show`). Merging it is the approval; closing it drops the lessons (later runs leave out the
lessons a closed, unmerged pull request of the branch added, and the edits and removals it proposed). Nothing new: no branch, no pull request, and an
open one is left as it is. The GitHub calls use the workflow's own token
(`GITHUB_TOKEN`) against `GITHUB_API_URL` (GitHub Enterprise sets it); the push uses the credentials
`actions/checkout` left in the clone.

`check` (a pull-request job): runs `learn check` (with `--schema` unless the input says otherwise) and
turns each problem into a GitHub annotation on the file; the job fails when `learn check` does.

The inputs arrive as `LEARN_ACTION_*` environment variables (never pasted into a shell line, so an input
cannot inject a command). Every step prints what it did; an error is one `::error::` line and exit 1.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from altimate_learn.launch import learn_argv

BOT_NAME = "github-actions[bot]"
BOT_EMAIL = "41898282+github-actions[bot]@users.noreply.github.com"
MARKER = "<!-- altimate-learn:import-reviews -->"
PAUSED = 75  # `learn import-reviews` paused at GitHub's rate limit or GitHub failed partway: incomplete (cli/history.py)
TITLE = "learn: lessons from review comments ({store})"


class ActionError(Exception):
    pass


@dataclass
class Inputs:
    store: str
    branch: str
    base: str
    since: str
    model: str
    allow_flagged: bool
    schema: bool
    repository: str
    api_url: str
    token: str
    workdir: Path

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Inputs:
        env = dict(os.environ if env is None else env)

        def get(name: str, default: str = "") -> str:
            return (env.get(f"LEARN_ACTION_{name}") or default).strip()

        return cls(store=get("STORE", "team-playbook"), branch=get("BRANCH", "learn/import-reviews"),
                   base=get("BASE"), since=get("SINCE", "30d"), model=get("MODEL"),
                   allow_flagged=get("ALLOW_FLAGGED", "false").lower() == "true",
                   schema=get("SCHEMA", "true").lower() != "false",
                   repository=env.get("GITHUB_REPOSITORY", "").strip(),
                   api_url=(env.get("GITHUB_API_URL") or "https://api.github.com").rstrip("/"),
                   token=(env.get("GITHUB_TOKEN") or env.get("GH_TOKEN") or "").strip(),
                   workdir=Path(env.get("GITHUB_WORKSPACE") or os.getcwd()))


# --- processes ---------------------------------------------------------------------------------------------

def run(argv: list[str], cwd: Path, *, shown: str, check: bool = True,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run one step, printing the command (as ``shown``) and its output; raise when it fails."""
    print(f"$ {shown}", flush=True)
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, env=env)
    if done.stdout.strip():
        print(done.stdout.rstrip(), flush=True)
    if done.stderr.strip():
        print(done.stderr.rstrip(), file=sys.stderr, flush=True)
    if check and done.returncode != 0:
        last = (done.stderr or done.stdout).strip().splitlines()
        raise ActionError(f"`{shown}` failed (exit {done.returncode})" + (f": {last[-1]}" if last else ""))
    return done


def learn(inputs: Inputs, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return run(learn_argv(*args), inputs.workdir, shown="learn " + " ".join(args), check=check)


def git(inputs: Inputs, *args: str, env: dict[str, str] | None = None) -> str:
    return run(["git", *args], inputs.workdir, shown="git " + " ".join(args), env=env).stdout.strip()


# --- GitHub ------------------------------------------------------------------------------------------------

def api(inputs: Inputs, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    if not inputs.token:
        raise ActionError("no token: pass `token` (default: the workflow's GITHUB_TOKEN) to the action.")
    request = urllib.request.Request(
        inputs.api_url + path, method=method, data=None if body is None else json.dumps(body).encode("utf-8"),
        headers={"Authorization": f"Bearer {inputs.token}", "Accept": "application/vnd.github+json",
                 "X-GitHub-Api-Version": "2022-11-28", "Content-Type": "application/json",
                 "User-Agent": "altimate-learn-action"})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:  # noqa: S310 - the API URL GitHub gives
            data = answer.read()
    except urllib.error.HTTPError as exc:
        detail = exc.read().decode("utf-8", "replace")[:300]
        hint = " (the workflow needs `permissions: contents: write, pull-requests: write`)" \
            if exc.code in (401, 403) else ""
        raise ActionError(f"GitHub API {method} {path}: HTTP {exc.code} {detail}{hint}") from None
    except (urllib.error.URLError, OSError) as exc:
        raise ActionError(f"GitHub API {method} {path}: {exc}") from None
    return json.loads(data) if data.strip() else None


def upsert_pull(inputs: Inputs, title: str, body: str) -> dict[str, Any]:
    """Update the open pull request of ``inputs.branch``, or open one against the base branch."""
    owner = inputs.repository.split("/", 1)[0]
    repo = f"/repos/{inputs.repository}"
    found = api(inputs, "GET", f"{repo}/pulls?state=open&head={owner}:{inputs.branch}&per_page=10") or []
    if found:
        number = found[0]["number"]
        pull = api(inputs, "PATCH", f"{repo}/pulls/{number}", {"title": title, "body": body})
        print(f"Updated pull request #{number}: {pull.get('html_url', '')}", flush=True)
        return pull
    base = inputs.base or api(inputs, "GET", repo).get("default_branch") or "main"
    pull = api(inputs, "POST", f"{repo}/pulls", {"title": title, "head": inputs.branch, "base": base,
                                                 "body": body, "maintainer_can_modify": True})
    print(f"Opened pull request #{pull['number']}: {pull.get('html_url', '')}", flush=True)
    return pull


def set_outputs(**values: str) -> None:
    path = os.environ.get("GITHUB_OUTPUT")
    if not path:
        return
    with open(path, "a", encoding="utf-8") as handle:
        for key, value in values.items():
            handle.write(f"{key}={value}\n")


# --- import-reviews ----------------------------------------------------------------------------------------

def _line(lesson: dict[str, Any]) -> str:
    text = str(lesson.get("text", "")).replace("\n", " ")
    paths = (lesson.get("trigger") or {}).get("paths") or []
    return f"- `{lesson.get('id')}` {text}" + (f" (applies to: {', '.join(paths)})" if paths else "")


def pull_body(review: dict[str, Any], show_text: str, store: str) -> str:
    diff = review.get("diff") or {}
    added, edited, removed = diff.get("added") or [], real_edits(diff), diff.get("removed") or []
    lines = [MARKER, f"New lessons for the agents, from this repository's review comments on merged pull "
             f"requests (`learn import-reviews`, store `{store}`). Merging this pull request approves them "
             "(it changes only `approved.json`); close it to drop them. Edit the branch to change a lesson.", ""]
    flagged = review.get("flagged") or []
    if flagged:
        lines += ["**Flagged** (they mention skipping or disabling checks; approve only on purpose):", ""]
        lines += [f"- `{f.get('id')}`: {f.get('reason')}" for f in flagged] + [""]
    if added:
        lines += [f"**Added ({len(added)})**", ""] + [_line(lesson) for lesson in added] + [""]
    if edited:
        lines += [f"**Edited ({len(edited)})**", ""]
        for item in edited:
            old, new = item.get("old") or {}, item.get("new") or {}
            lines.append(f"- `{item.get('id')}` {old.get('text', '')} → {new.get('text', '')}")
        lines.append("")
    if removed:
        lines += [f"**Removed ({len(removed)})**", ""]
        lines += [_line(item.get("lesson") or {}) + (f" ({item['reason']})" if item.get("reason") else "")
                  for item in removed] + [""]
    lines += ["<details><summary><code>learn show</code></summary>", "", "```text", show_text.rstrip(), "```", "",
              "</details>"]
    body = "\n".join(lines) + "\n"
    return body if len(body) < 60_000 else body[:59_000] + "\n```\n\n(cut: see `learn show` on the branch)\n"


_NOT_CONTENT = {"updated", "helpful", "harmful", "applied"}  # counters and timestamps move with use


def real_edits(diff: dict[str, Any]) -> list[dict[str, Any]]:
    """Edits that change what a lesson says (a HELPFUL mark only bumps counters and `updated`)."""
    return [e for e in diff.get("edited") or [] if set(e.get("fields") or ["text"]) - _NOT_CONTENT]


def changes(review: dict[str, Any]) -> int:
    """Lessons added, edited in content or removed: what is worth a pull request."""
    diff = review.get("diff") or {}
    return len(diff.get("added") or []) + len(real_edits(diff)) + len(diff.get("removed") or [])


def _same_text(text: str) -> str:
    return " ".join(str(text).split()).rstrip(".").lower()


SECTIONS = {"**Added (": "added", "**Edited (": "edited", "**Removed (": "removed"}


def proposed(body: str) -> dict[str, list[str]]:
    """The lesson lines of each list a pull request of this Action proposed (**Added**, **Edited**, **Removed**: see
    :func:`pull_body`), as written."""
    out: dict[str, list[str]] = {name: [] for name in SECTIONS.values()}
    section = None
    for line in body.splitlines():
        if line.startswith("**"):
            section = next((name for head, name in SECTIONS.items() if line.startswith(head)), None)
        elif section and line.startswith("- `L-") and "` " in line:
            out[section].append(line)
    return out


def added_texts(body: str) -> list[str]:
    """The texts of the lessons a pull request of this Action proposed (its **Added** list, see :func:`_line`)."""
    return [line.split("` ", 1)[1].split(" (applies to: ", 1)[0] for line in proposed(body)["added"]]


def _edit_line(item: dict[str, Any]) -> str:
    old, new = item.get("old") or {}, item.get("new") or {}
    return f"- `{item.get('id')}` {old.get('text', '')} → {new.get('text', '')}"


CLOSED_PAGES = 20  # closed pull requests of the branch read, 100 a page: the newest 2,000


@dataclass
class Declined:
    """What a person declined by closing a pull request of the branch without merging it, each with that pull
    request's number: lessons added (by text), edits (the lesson, its text before and after) and removals (the
    lesson and its text), as compared."""

    added: dict[str, int]
    edited: dict[str, int]
    removed: dict[str, list[tuple[str, int]]]  # lesson id -> (its line after the id, as compared; number)

    def removal(self, lesson: dict[str, Any]) -> int | None:
        """The pull request that proposed removing ``lesson`` as it is: its line is the lesson's text, then perhaps
        where it applies and the reason the curator gave (which can differ from run to run)."""
        text = _same_text(lesson.get("text", ""))
        for rest, number in self.removed.get(str(lesson.get("id")), []):
            if rest == text or rest.startswith((text + " (", text + ". (")):
                return number
        return None


def declined(inputs: Inputs) -> Declined:
    """What closed, unmerged pull requests of the branch proposed (:class:`Declined`). Closing one drops its changes;
    the next run re-imports the same comments and would propose them again. The newest :data:`CLOSED_PAGES` pages
    are read."""
    owner = inputs.repository.split("/", 1)[0]
    found = Declined({}, {}, {})
    for page in range(1, CLOSED_PAGES + 1):
        closed = api(inputs, "GET", f"/repos/{inputs.repository}/pulls?state=closed&head={owner}:{inputs.branch}"
                                    f"&per_page=100&page={page}") or []
        for pull in closed:
            body = pull.get("body") or ""
            if pull.get("merged_at") or MARKER not in body:
                continue
            number = int(pull.get("number") or 0)
            lists = proposed(body)
            for text in added_texts(body):
                found.added.setdefault(_same_text(text), number)
            for line in lists["edited"]:
                found.edited.setdefault(_same_text(line), number)
            for line in lists["removed"]:
                ident, rest = line[len("- `"):].split("` ", 1)
                found.removed.setdefault(ident, []).append((_same_text(rest), number))
        if not closed:
            break
    return found


def leave_out_declined(inputs: Inputs, review: dict[str, Any]) -> bool:
    """Take out of the candidate what closed, unmerged pull requests proposed: their added lessons, and the edits and
    removals of approved lessons (the approved lesson stands as it is); True when anything was."""
    gone = declined(inputs)
    diff = review.get("diff") or {}
    added = {str(lesson.get("id")): gone.added[_same_text(lesson.get("text", ""))]
             for lesson in diff.get("added") or [] if _same_text(lesson.get("text", "")) in gone.added}
    edits = {str(item.get("id")): (item, gone.edited[_same_text(_edit_line(item))])
             for item in real_edits(diff) if _same_text(_edit_line(item)) in gone.edited}
    removals = [(item["lesson"], number) for item in diff.get("removed") or []
                if isinstance(item.get("lesson"), dict) and (number := gone.removal(item["lesson"])) is not None]
    if not (added or edits or removals):
        return False
    from altimate_learn.store.fsio import canonical_json

    folder = inputs.workdir / ".altimate-code" / "learn" / inputs.store
    path = folder / "candidate.json"
    lessons = json.loads(path.read_text(encoding="utf-8"))
    kept = []
    for lesson in lessons:
        ident = lesson.get("id")
        if ident in added:
            print(f"Lesson {ident} \"{lesson.get('text', '')}\": left out: declined in closed pull request "
                  f"#{added[ident]}.", flush=True)
            continue
        if ident in edits:
            item, number = edits[ident]
            print(f"Edit of lesson {ident} (\"{(item.get('old') or {}).get('text', '')}\" → \"{lesson.get('text', '')}\"): "
                  f"left out: declined in closed pull request #{number}; the approved lesson stays as it is.",
                  flush=True)
            lesson = item.get("old") or lesson
        kept.append(lesson)
    for lesson, number in removals:
        print(f"Removal of lesson {lesson.get('id')} \"{lesson.get('text', '')}\": left out: declined in closed pull "
              f"request #{number}; the lesson stays.", flush=True)
        kept.append(lesson)
    path.write_text(canonical_json(kept), encoding="utf-8")
    staged = folder / "candidate-retired.json"
    back = {str(lesson.get("id")) for lesson, _ in removals}
    if back and staged.is_file():  # the retirement the removal staged goes with it
        retiring = json.loads(staged.read_text(encoding="utf-8"))
        if isinstance(retiring, list):
            staged.write_text(canonical_json([r for r in retiring if not (isinstance(r, dict) and r.get("id") in back)]),
                              encoding="utf-8")
    return True


def import_reviews(inputs: Inputs) -> int:
    if not inputs.repository or "/" not in inputs.repository:
        raise ActionError("GITHUB_REPOSITORY is not set: run this inside a GitHub Actions workflow.")
    args = ["import-reviews", "--yes", "--repo", inputs.repository, "--since", inputs.since, "--name", inputs.store]
    if inputs.model:
        args += ["--model", inputs.model]
    imported = learn(inputs, *args, check=False)
    if imported.returncode == PAUSED:  # what was finished is kept and proposed; the next scheduled run continues
        print("The import stopped early (GitHub's rate limit, or GitHub failing; see above): the pull requests "
              "finished so far are used; the next "
              "scheduled run continues after them.", flush=True)
    elif imported.returncode != 0:
        last = (imported.stderr or imported.stdout).strip().splitlines()
        raise ActionError(f"`learn {' '.join(args)}` failed (exit {imported.returncode})" + (f": {last[-1]}" if last else ""))
    review = json.loads(learn(inputs, "show", "--name", inputs.store, "--json").stdout)
    if review.get("candidate") is not None and leave_out_declined(inputs, review):
        review = json.loads(learn(inputs, "show", "--name", inputs.store, "--json").stdout)
    if review.get("candidate") is None or changes(review) == 0:
        print("No new lessons: nothing to propose.", flush=True)
        set_outputs(**{"pull-request-number": "", "pull-request-url": ""})
        return 0
    show_text = learn(inputs, "show", "--name", inputs.store).stdout
    body = pull_body(review, show_text, inputs.store)
    git(inputs, "checkout", "-B", inputs.branch)
    promote = ["promote", "--yes", "--name", inputs.store] + (["--allow-flagged"] if inputs.allow_flagged else [])
    learn(inputs, *promote)
    approved = f".altimate-code/learn/{inputs.store}/approved.json"
    git(inputs, "add", "--force", "--", approved)
    bot = {f"GIT_{who}_{what}": value for who in ("AUTHOR", "COMMITTER")
           for what, value in (("NAME", BOT_NAME), ("EMAIL", BOT_EMAIL))}
    git(inputs, "commit", "--quiet", "-m",
        f"learn: {changes(review)} lesson change(s) from review comments ({inputs.store})", "--", approved,
        env={**os.environ, **bot})
    git(inputs, "push", "--force", "origin", f"HEAD:refs/heads/{inputs.branch}")
    pull = upsert_pull(inputs, TITLE.format(store=inputs.store), body)
    set_outputs(**{"pull-request-number": str(pull.get("number", "")), "pull-request-url": pull.get("html_url", "")})
    return 0


# --- check ---------------------------------------------------------------------------------------------------

def _escape(text: str, *, prop: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text


def check(inputs: Inputs) -> int:
    args = ["check", "--json"] + (["--schema"] if inputs.schema else [])
    done = learn(inputs, *args, check=False)
    try:
        report = json.loads(done.stdout)
    except ValueError:
        raise ActionError(f"`learn check` failed (exit {done.returncode}): "
                          f"{(done.stderr or done.stdout).strip()[-300:]}") from None
    for problem in report.get("problems", []):
        title = f"learn check: {problem.get('rule')}"
        print(f"::error file={_escape(str(problem.get('path')), prop=True)},title={_escape(title, prop=True)}::"
              + _escape(f"{problem.get('id')}: {problem.get('message')}"), flush=True)
    for flag in report.get("flagged", []):
        print(f"::warning file={_escape(str(flag.get('path')), prop=True)},title=learn check: flagged::"
              + _escape(f"{flag.get('id')}: {flag.get('reason')}"), flush=True)
    files = report.get("files", [])
    print(f"learn check: {len(files)} file(s), {len(report.get('problems', []))} problem(s).", flush=True)
    return 0 if done.returncode == 0 else 1


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    commands = {"import-reviews": import_reviews, "check": check}
    if len(argv) != 1 or argv[0] not in commands:
        print(f"::error::usage: python -m altimate_learn.ghaction {'|'.join(commands)} "
              f"(got {' '.join(argv) or 'nothing'})", flush=True)
        return 2
    try:
        return commands[argv[0]](Inputs.from_env())
    except ActionError as exc:
        print(f"::error::{_escape(str(exc))}", flush=True)
        return 1


if __name__ == "__main__":
    sys.exit(main())
