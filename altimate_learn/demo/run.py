"""Run the pipeline end to end on the bundled samples, with the same commands a user runs.

Every stage is the real command (`python -m altimate_learn …` in a subprocess), run inside a temporary
git repository whose environment points HOME, the XDG folders, CODEX_HOME and CLAUDE_CONFIG_DIR at a
temporary folder: the sample transcripts are put where Claude Code and Codex keep theirs, so `learn
sessions` finds them there, and nothing of the user's home, agent sessions, configuration or git
identity is read or written. No network and no API key are needed (the `builtin` reflector is offline).
Delivery is shown by feeding `learn hook claude-code` the events Claude Code would send for a new
session: SessionStart, the request, and a Write of a new file.

Everything is removed at the end unless ``keep`` names a folder: the repository is then created there
(with the sample inputs in its git-ignored `.learn-demo/`), so the user can explore it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from altimate_learn.errors import LearnError

SAMPLES = Path(__file__).resolve().parent / "samples"
CLAUDE_SESSION = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
CODEX_SESSION = "0199f3a2-5b1c-7d40-9e2f-6a7b8c9d0e1f"
CODEX_FILE = f"rollout-2026-11-19T09-41-05-{CODEX_SESSION}.jsonl"
DELIVERY_SESSION = "3b8f0c51-6a2e-4d7f-9c14-8e5d2a7b6f90"
REQUEST = "We need Shopify orders in the warehouse too."
NEW_FILE = "models/staging/stg_shopify__orders.sql"
STORE = "team-playbook"
REPO_NAME = "acme-shop"
PLACEHOLDER = "__REPO__"
INDENT = "     "
# The user's own settings must not change what the demo shows (ALTIMATE_LEARN=0 would deliver nothing).
_SCRUB_PREFIXES = ("ALTIMATE_LEARN", "GIT_", "CLAUDE_", "CODEX_", "GEMINI_", "OPENCODE", "OPENAI_", "ANTHROPIC_",
                   "GITHUB_", "GH_")

Echo = Callable[[str], None]


class _Demo:
    def __init__(self, repo: Path, home: Path, echo: Echo) -> None:
        self.repo = repo
        self.home = home
        self.echo = echo
        self.env = self._environment()

    def _environment(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(_SCRUB_PREFIXES)}
        home = str(self.home)
        env.update({
            "HOME": home,
            "XDG_CONFIG_HOME": os.path.join(home, ".config"),
            "XDG_CACHE_HOME": os.path.join(home, ".cache"),
            "XDG_STATE_HOME": os.path.join(home, ".local", "state"),
            "XDG_DATA_HOME": os.path.join(home, ".local", "share"),
            "CODEX_HOME": os.path.join(home, ".codex"),
            "CLAUDE_CONFIG_DIR": os.path.join(home, ".claude"),
            "GIT_CONFIG_NOSYSTEM": "1",
            "PYTHONIOENCODING": "utf-8",
            "NO_COLOR": "1",
        })
        return env

    # --- running things ---------------------------------------------------------------------------------
    def git(self, *args: str) -> None:
        try:
            done = subprocess.run(["git", *args], cwd=self.repo, env=self.env, capture_output=True, text=True,
                                  stdin=subprocess.DEVNULL, timeout=60)
        except FileNotFoundError:
            raise LearnError("git is not installed; the demo needs it to make its repository.",
                             "Install git and run `learn demo` again.") from None
        if done.returncode != 0:
            raise LearnError(f"`git {' '.join(args)}` failed in the demo repository (exit {done.returncode}): "
                             f"{(done.stderr or done.stdout).strip()}")

    def learn(self, *args: str, stdin: str | None = None, show: bool = True) -> str:
        """Run `learn ARGS` in the demo repository; prints the command unless ``show`` is false."""
        if show:
            self.echo(f"   $ learn {' '.join(_quote(a) for a in args)}")
        done = subprocess.run([sys.executable, "-m", "altimate_learn", *args], cwd=self.repo, env=self.env,
                              input=stdin if stdin is not None else "", capture_output=True, text=True,
                              encoding="utf-8", errors="replace", timeout=120)
        if done.returncode != 0:
            self.output(done.stdout + done.stderr)
            # A crash log is written under the demo's own state folder, which is removed: show it here.
            for log in sorted((self.home / ".local" / "state" / "altimate-learn" / "logs").glob("crash-*.log")):
                self.echo(f"   {log.name}:")
                self.output(log.read_text(encoding="utf-8", errors="replace"))
            raise LearnError(f"the demo stopped: `learn {' '.join(args)}` exited with {done.returncode}.",
                             "Its output is above; please report it with that output.")
        return done.stdout

    def output(self, text: str, keep: Callable[[str], bool] | None = None) -> None:
        for line in text.rstrip("\n").splitlines():
            if keep is None or keep(line):
                self.echo(f"{INDENT}{line}" if line else "")

    def hook(self, payload: dict) -> str:
        """The context `learn hook claude-code` returns for one Claude Code event ("" for none)."""
        payload = {"session_id": DELIVERY_SESSION, "cwd": str(self.repo),
                   "transcript_path": str(self.home / ".claude" / "projects" / "demo" / f"{DELIVERY_SESSION}.jsonl"),
                   **payload}
        raw = self.learn("hook", "claude-code", stdin=json.dumps(payload), show=False).strip()
        if not raw:
            return ""
        try:
            return str(json.loads(raw)["hookSpecificOutput"]["additionalContext"])
        except (ValueError, KeyError, TypeError):
            raise LearnError(f"the demo stopped: `learn hook claude-code` printed something that is not a Claude "
                             f"Code hook answer: {raw[:200]}", "Please report it.") from None


def _quote(arg: str) -> str:
    return arg if arg and all(c.isalnum() or c in "-_./=:~" for c in arg) else json.dumps(arg)


def _check_keep(keep: Path) -> Path:
    target = keep.expanduser()
    if target.exists() and not target.is_dir():
        raise LearnError(f"--keep {keep}: that path is a file.", "Pass a new folder, for example /tmp/learn-demo.")
    if target.is_dir() and any(target.iterdir()):
        raise LearnError(f"--keep {keep}: that folder is not empty.", "Pass a new or empty folder.")
    return target


def _lesson_texts(path: Path) -> dict[str, str]:
    try:
        return {lesson["id"]: lesson["text"] for lesson in json.loads(path.read_text(encoding="utf-8"))}
    except FileNotFoundError:
        return {}


def _write_repository(demo: _Demo) -> None:
    files = json.loads((SAMPLES / "repo.json").read_text(encoding="utf-8"))["files"]
    for relative, content in files.items():
        path = demo.repo / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    store = demo.repo / ".altimate-code" / "learn" / STORE
    store.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SAMPLES / "approved.json", store / "approved.json")
    demo.git("-c", "init.defaultBranch=main", "init", "-q")
    # A local identity, so the demo commits on a machine that has no git identity configured.
    demo.git("config", "user.name", "learn demo")
    demo.git("config", "user.email", "demo@example.invalid")
    demo.git("config", "commit.gpgsign", "false")
    demo.git("add", "-A")
    demo.git("commit", "-q", "-m", "acme-shop: dbt models, API service, web app and the team's approved lessons")


def _place_transcripts(demo: _Demo) -> tuple[Path, Path]:
    """Write the sample transcripts where Claude Code and Codex keep theirs, for this repository."""
    from altimate_learn.capture.sessions.claude import project_slug

    escaped = json.dumps(str(demo.repo))[1:-1]
    claude = demo.home / ".claude" / "projects" / project_slug(str(demo.repo)) / f"{CLAUDE_SESSION}.jsonl"
    codex = demo.home / ".codex" / "sessions" / "2026" / "11" / "19" / CODEX_FILE
    for source, target in ((SAMPLES / "claude-code" / f"{CLAUDE_SESSION}.jsonl", claude),
                           (SAMPLES / "codex" / CODEX_FILE, codex)):
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(source.read_text(encoding="utf-8").replace(PLACEHOLDER, escaped), encoding="utf-8")
    return claude, codex


def _lesson_lines(text: str) -> list[str]:
    return [line[2:] for line in text.splitlines() if line.startswith("- ")]


def run_demo(keep: Path | None, echo: Echo) -> None:
    """The demo; raises LearnError when a step fails (after printing that step's output)."""
    started = time.monotonic()
    target = _check_keep(keep) if keep is not None else None
    workdir = Path(tempfile.mkdtemp(prefix="learn-demo-")).resolve()
    created_target = False
    try:
        if target is not None:
            created_target = not target.exists()
            target.mkdir(parents=True, exist_ok=True)
            repo = target.resolve()
        else:
            repo = workdir / REPO_NAME
            repo.mkdir()
        home = workdir / "home"
        home.mkdir()
        demo = _Demo(repo, home, echo)
        _write_repository(demo)
        claude, codex = _place_transcripts(demo)
        store_dir = repo / ".altimate-code" / "learn" / STORE
        before = _lesson_texts(store_dir / "approved.json")

        echo("learn demo: the whole pipeline on two sample agent sessions, offline (no network, no API key).")
        echo(f"Repository: {repo}")
        echo(f"  a dbt project, a FastAPI service and a React app; its team already approved {len(before)} lessons.")
        echo(f"  Agent folders are faked in {home}; yours are not read.")
        echo("")

        echo("1. Capture: find the agents' sessions of this repository and record the feedback in them")
        demo.output(demo.learn("sessions"))
        demo.output(demo.learn("capture", "--session", CLAUDE_SESSION))
        demo.output(demo.learn("capture", "--session", CODEX_SESSION))
        demo.output(demo.learn("signals"))
        echo("")

        echo("2. Reflect: the built-in offline reflector turns corrections into candidate lessons")
        demo.output(demo.learn("reflect", "--pending", "--model", "builtin"))
        echo("")

        echo("3. Curate: a teammate proposes lessons by hand; the same curator decides what is staged")
        deltas = workdir / "teammate-deltas.json"
        shutil.copyfile(SAMPLES / "teammate-deltas.json", deltas)
        demo.output(demo.learn("curate", "--deltas", str(deltas)))
        echo("")

        echo("4. Review: what would change (the approved and candidate lists are left out here)")
        shown = demo.learn("show").splitlines()
        start = next((i for i, line in enumerate(shown) if line.startswith("Diff")), 0)
        demo.output("\n".join(shown[start:]))
        echo("")

        echo("5. Promote: a person approves the candidate (`--yes` because nobody is at the prompt here)")
        promoted = [line for line in demo.learn("promote", "--yes").splitlines() if line.strip()]
        demo.output(promoted[-1] if promoted else "")
        after = _lesson_texts(store_dir / "approved.json")
        learned = {i: t for i, t in after.items() if i not in before}
        echo("")

        echo("6. Deliver: a new Claude Code session in this repository (what `learn hook claude-code` answers)")
        delivered: list[str] = []
        events = [
            ("SessionStart", "core lessons: pinned, then the best-rated", {"hook_event_name": "SessionStart",
                                                                          "source": "startup"}),
            (f"UserPromptSubmit \"{REQUEST}\"", "keyword search of the request",
             {"hook_event_name": "UserPromptSubmit", "prompt": REQUEST, "prompt_id": "demo-prompt-1"}),
            (f"PreToolUse Write {NEW_FILE}", "lessons whose path trigger matches the file",
             {"hook_event_name": "PreToolUse", "tool_name": "Write", "tool_use_id": "toolu_demo_1",
              "tool_input": {"file_path": str(repo / NEW_FILE),
                             "content": "select * from {{ source('shopify', 'orders') }}\n"}}),
        ]
        for label, why, payload in events:
            text = demo.hook(payload)
            lines = _lesson_lines(text)
            delivered += lines
            count = f"{len(lines)} lesson{'s' if len(lines) != 1 else ''}"
            echo(f"   {label} → {count} ({why})")
            for line in text.splitlines():
                if line.startswith("- "):
                    mark = "   ← learned above" if any(t in line for t in learned.values()) else ""
                    echo(f"{INDENT}{line}{mark}")
        reached = [t for t in learned.values() if any(t in line for line in delivered)]
        missed = [t for t in learned.values() if t not in reached]
        echo("")
        echo(f"{len(reached)} of the {len(learned)} lessons learned above reached the agent in this session."
             + (" Not needed by this request or file, so not shown:" if missed else ""))
        for text in missed:
            echo(f"{INDENT}{text}")

        if target is not None:
            kept = repo / ".learn-demo"
            kept.mkdir()
            shutil.copyfile(claude, kept / claude.name)
            shutil.copyfile(codex, kept / codex.name)
            shutil.copyfile(deltas, kept / deltas.name)
            exclude = repo / ".git" / "info" / "exclude"
            exclude.parent.mkdir(parents=True, exist_ok=True)
            with exclude.open("a", encoding="utf-8") as handle:
                handle.write(".learn-demo/\n")
            echo("")
            echo(f"Done in {time.monotonic() - started:.1f} s. The demo repository is kept at {repo}")
            echo(f"  (the sample sessions and the teammate's proposals are in {kept}).")
            echo(f"Explore it: cd {_quote(str(repo))} && learn status")
        else:
            echo("")
            echo(f"Done in {time.monotonic() - started:.1f} s; the temporary repository was removed "
                 "(keep it with `learn demo --keep DIR`).")
            echo("In your own repository: `learn enable`, then `learn install claude-code --local` (or codex, "
                 "opencode, gemini), as in the README's Quick start.")
    except BaseException:
        if target is not None and created_target and not any(target.iterdir()):
            shutil.rmtree(target, ignore_errors=True)
        raise
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
