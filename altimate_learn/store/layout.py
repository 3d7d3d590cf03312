"""Where a store's files live in this checkout, which branch it is, and how its approved set compares with
the default branch's: what `learn status` shows and what `learn promote` says it wrote."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from altimate_learn import git
from altimate_learn.store.store import Store
from altimate_learn.worktree import BARE, BROKEN, LINKED, Checkout, live_worktrees


def branch(checkout: Checkout) -> str | None:
    """This checkout's branch (``None`` outside git); a detached HEAD reads ``detached HEAD at <sha7>``."""
    if checkout.git_dir is None:
        return None
    try:
        head = Path(checkout.git_dir, "HEAD").read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return None
    if head.startswith("ref:"):
        ref = head[4:].strip()
        return ref[len("refs/heads/"):] if ref.startswith("refs/heads/") else ref
    return f"detached HEAD at {head[:7]}" if head else None


def rebase_in_progress(checkout: Checkout) -> dict[str, str | None] | None:
    """The branch being rebased and the commit it is replayed onto (short), when a rebase is under way in this
    checkout (its HEAD is then detached at the commits replayed so far); ``None`` otherwise."""
    if checkout.git_dir is None:
        return None
    for folder in ("rebase-merge", "rebase-apply"):
        state = Path(checkout.git_dir, folder)
        if not state.is_dir() or (state / "applying").exists():
            continue  # `git am` keeps its state in rebase-apply too, on the branch (review22 R22-8)

        def read(name: str) -> str:
            try:
                return (state / name).read_text(encoding="utf-8", errors="replace").strip()
            except OSError:
                return ""

        head = read("head-name")
        return {"branch": head[len("refs/heads/"):] if head.startswith("refs/heads/") else head or None,
                "onto": read("onto")[:7] or None}
    return None


def default_branch(checkout: Checkout) -> str | None:
    """The repository's default branch: origin's HEAD, else the main worktree's branch, else main/master."""
    if checkout.git_dir is None or checkout.kind == BROKEN:
        return None
    remote = git.text(checkout.root, "symbolic-ref", "--quiet", "--short", "refs/remotes/origin/HEAD")
    if remote and "/" in remote:
        local = remote.split("/", 1)[1]
        return local if git.text(checkout.root, "rev-parse", "--verify", "--quiet", f"refs/heads/{local}") else remote
    if checkout.kind == LINKED:
        main = branch(Checkout(checkout.home, "main", git_dir=checkout.common_dir))
        if main and not main.startswith("detached"):
            return main
    for name in ("main", "master"):
        if git.text(checkout.root, "rev-parse", "--verify", "--quiet", f"refs/heads/{name}"):
            return name
    return None


def _lesson_map(raw: bytes | None) -> dict[str, str] | None:
    if raw is None:
        return None
    try:
        value = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(value, list):
        return None
    return {str(x.get("id")): str(x.get("text")) for x in value if isinstance(x, dict) and x.get("id")}


def compare_with_default(store: Store, checkout: Checkout) -> dict[str, Any] | None:
    """How this checkout's approved.json differs from the default branch's (committed) one; ``None`` when
    there is nothing to compare (no git, on the default branch, no default branch)."""
    here = branch(checkout)
    default = default_branch(checkout)
    if not here or not default or here == default:
        return None
    path = store.path(Store.APPROVED)
    rel = os.path.relpath(path, checkout.root).replace(os.sep, "/")
    theirs = _lesson_map(git.show(checkout.root, f"{default}:{rel}"))
    try:
        mine = _lesson_map(path.read_bytes())
    except OSError:
        mine = None
    mine, theirs = mine or {}, theirs or {}
    only_here = sorted(set(mine) - set(theirs))
    only_there = sorted(set(theirs) - set(mine))
    changed = sorted(i for i in set(mine) & set(theirs) if mine[i] != theirs[i])
    return {"default_branch": default, "same": not (only_here or only_there or changed),
            "only_here": only_here, "only_default": only_there, "changed": changed}


def layout(store: Store) -> dict[str, Any]:
    """Where this store's files live, for `learn status` (text and --json)."""
    checkout = store.project.checkout
    out: dict[str, Any] = {
        "checkout": checkout.root, "kind": checkout.kind, "branch": branch(checkout),
        "committed_dir": str(store.dir), "local_dir": str(store.local_dir),
        "worktrees": len(live_worktrees(checkout)) if checkout.kind not in ("plain", "own", BROKEN) else 1,
        "problem": checkout.problem, "approved_vs_default": None, "rebase": rebase_in_progress(checkout),
    }
    if out["rebase"] is not None:  # HEAD is detached mid-rebase: a comparison would read as the branch's own
        return out
    try:
        out["approved_vs_default"] = compare_with_default(store, checkout)
    except OSError:
        pass
    return out


def status_lines(info: dict[str, Any]) -> list[str]:
    """The lines `learn status` prints about where the files live (after the store line)."""
    lines: list[str] = []
    where = f"this checkout, {_on(info['branch'])}" if info["branch"] else "this folder"
    rebase = info.get("rebase")
    if rebase:
        onto = f" onto {rebase['onto']}" if rebase["onto"] else ""
        where = f"this checkout, in the middle of rebasing {rebase['branch'] or 'a detached HEAD'}{onto}"
    if info["kind"] == BROKEN:
        return [f"  files: all in {info['committed_dir']} ({where}): this worktree's link to its repository is "
                f"broken ({info['problem']}).",
                "    Nothing is lost: local state stays here until `git worktree repair` (run in the moved main "
                "checkout) links it again; the next learn run then moves it into the repository's store."]
    if info["committed_dir"] == info["local_dir"]:
        others = info["worktrees"] - 1
        shared = (f"; the repository's {others} other worktree{'s keep' if others != 1 else ' keeps'} local state "
                  "here too") if others > 0 else ""
        lines.append(f"  files: approved.json and versions/ ({where}) and local state (signals, candidate, history, "
                     f"locks) are in this folder{shared}.")
    else:
        owner = "the bare repository" if info["kind"] == BARE else "the main checkout"
        lines.append(f"  files: approved.json and versions/ here ({where}); local state (signals, candidate, "
                     f"history, locks) in {info['local_dir']} ({owner}, shared by all worktrees of the repository).")
    if rebase:
        lines.append("  approved: not compared with the default branch's until the rebase is finished "
                     "(`git rebase --continue`, or `git rebase --abort`).")
    cmp = info.get("approved_vs_default")
    if cmp and not cmp["same"]:
        parts = []
        if cmp["only_here"]:
            parts.append(f"{len(cmp['only_here'])} only on this branch")
        if cmp["only_default"]:
            parts.append(f"{len(cmp['only_default'])} only on {cmp['default_branch']}")
        if cmp["changed"]:
            parts.append(f"{len(cmp['changed'])} changed")
        lines.append(f"  approved: this branch's set differs from {cmp['default_branch']}'s ({', '.join(parts)}); "
                     f"merging the branch brings it there.")
    return lines


def written_line(store: Store) -> str | None:
    """What `learn promote` adds in a linked worktree: which checkout and branch it wrote (``None`` in the main
    checkout, where there is only one place it can be, and outside git)."""
    checkout = store.project.checkout
    name = branch(checkout)
    if name is None or checkout.kind not in (LINKED, BARE, BROKEN):
        return None
    place = "this worktree"
    path = store.path(Store.APPROVED)
    return (f"Wrote {path} in {place} ({checkout.root}), {_on(name)}: commit it there; other branches get "
            f"these lessons when they merge it.")


def _on(name: str) -> str:
    return f"with a {name}" if name.startswith("detached") else f"on branch {name}"
