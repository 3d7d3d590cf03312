"""The learner's blocks at session start, for an agent that does not load their file itself.

The continual learner's direct targets and `learn import-memories`' personal memories are bullets in a
`<!-- learn:learned -->` block of an instruction file (learner/targets.py): the project's (`AGENTS.md`, or
`CLAUDE.md` when that is the file in use), the personal one beside it (`AGENTS.local.md` / `CLAUDE.local.md`,
ignored by git) and the person's global file (`$XDG_CONFIG_HOME/altimate-code/AGENTS.md`). "Agents read them
from their next session" held only where the agent loads that file: none of Claude Code 2.1.332, Codex CLI
0.171.0, Gemini CLI 0.61.0 or opencode 1.18.33 loads `AGENTS.local.md` or the global file, Claude Code and
Gemini CLI do not load `AGENTS.md` (checked against the real CLIs' model requests, trial24). So the session-start
answer of the hook (Gemini CLI: the first prompt's, which carries its session-start section) carries each such block this agent does not load, inside the same markers (a transcript that
echoes it is our text, never the person's: markers.strip_injected). A file the agent loads on its own (which
agents load which: instructions/files.discover, root files and their imports) is left to the agent, and so is a
bullet `learn import-memories` wrote from this agent's own memory (the store's `memories.json`), which it loads.

The notes count inside the session's ``budget_tokens``, with the session-start section and the first request's
lessons (R22-6: a person who sets the budget expects the session's whole injection to fit). When both do not fit,
each keeps half: the notes take at most :data:`SHARE` of the budget (all of it when no lesson is approved), the
lessons what the notes leave. Bullets past the notes' share are left out whole, the last file's last bullets
first (the project file, then the personal one, then the global file, each in its own order), and each block
says how many of its bullets were left out and that the file has them (the agent may read it; `learn deliver`
and `learn doctor` say so too).

Standard library only and cheap: up to three small reads at session start; discovery runs only when one of the
files holds a block.
"""

from __future__ import annotations

import os

from altimate_learn.markers import LEARNED_CLOSE, LEARNED_OPEN

MAX_READ = 256 * 1024
MAX_BULLETS = 12  # the block's own limits (instructions/block.py): 12 bullets of at most 240 bytes
MAX_BULLET_CHARS = 240
SHARE = (1, 2)  # of budget_tokens: the most the notes take when they and the approved lessons do not both fit


def learner_files(root: str, env: dict | None = None) -> list[tuple[str, str | None]]:
    """``(path, path relative to root or None)`` of the files the learner writes its block into, as
    learner/targets.py names them: the project file, the personal file beside it, the global file."""
    env = os.environ if env is None else env
    agents_md, claude_md = os.path.join(root, "AGENTS.md"), os.path.join(root, "CLAUDE.md")
    main = claude_md if not os.path.exists(agents_md) and os.path.exists(claude_md) else agents_md
    name = os.path.basename(main)
    local = name[: -len(".md")] + ".local.md"
    base = env.get("XDG_CONFIG_HOME") or os.path.join(env.get("HOME") or os.path.expanduser("~"), ".config")
    return [(main, name), (os.path.join(root, local), local), (os.path.join(base, "altimate-code", "AGENTS.md"), None)]


def head_side(text: str) -> str:
    """``text`` as git ``HEAD`` has it, when a merge (or rebase) stopped on a conflict in it: each conflict region
    gives its first side ("ours", HEAD's) and loses the base (diff3) and the other side. A `=======` line outside a
    region (a Markdown heading's underline) is text. Delivery uses HEAD's side of a conflicted file, as it uses
    HEAD's approved.json meanwhile, so an agent never gets both of two contradicting bullets (review28 R28-6);
    the other side's bullets come once the merge is finished (`learn resolve`)."""
    if "<<<<<<<" not in text:
        return text
    out: list[str] = []
    side = None  # None outside a conflict region, else "ours", "base" or "theirs"
    for line in text.splitlines(keepends=True):
        bare = line.rstrip("\r\n")
        if bare == "<<<<<<<" or bare.startswith("<<<<<<< "):
            side = "ours"
        elif side is not None and (bare == "|||||||" or bare.startswith("||||||| ")):
            side = "base"
        elif side is not None and bare == "=======":
            side = "theirs"
        elif side is not None and (bare == ">>>>>>>" or bare.startswith(">>>>>>> ")):
            side = None
        elif side in (None, "ours"):
            out.append(line)
    return "".join(out)


def block_bullets(text: str) -> list[str]:
    """The bullets of the one learn:learned block of ``text`` ([] when there is none or its markers are not
    balanced, as the block writer would refuse it); of HEAD's side while a merge is unfinished (:func:`head_side`)."""
    text = head_side(text)
    if text.count(LEARNED_OPEN) != 1 or text.count(LEARNED_CLOSE) != 1:
        return []
    start, end = text.index(LEARNED_OPEN) + len(LEARNED_OPEN), text.index(LEARNED_CLOSE)
    if end < start:
        return []
    out = []
    for line in text[start:end].splitlines():
        line = line.strip()
        if line.startswith("- ") and line[2:].strip():
            out.append(line[2:].strip()[:MAX_BULLET_CHARS])
    return out[:MAX_BULLETS]


def _read(path: str, root: str | None) -> str | None:
    marker = LEARNED_OPEN.encode("utf-8")
    try:
        if root is not None:  # a project file that leads out of the project is not the project's
            real, top = os.path.realpath(path), os.path.realpath(root)
            if real != top and not real.startswith(top.rstrip(os.sep) + os.sep):
                return None
        with open(path, "rb") as handle:
            data = handle.read(MAX_READ + 1)
    except OSError:
        return None
    if len(data) > MAX_READ or marker not in data:
        return None
    return data.decode("utf-8", "replace")


def _own_memories(root: str, harness: str) -> set[str]:
    """Digests of the bullets `learn import-memories` wrote into the personal file from this agent's own memory
    (each store's `memories.json`): the agent loads that memory itself, so the bullet would come twice."""
    from altimate_learn.worktree import locate

    out: set[str] = set()
    learn_dir = locate(root).local_dir  # local state: in a linked worktree, the main checkout's (review22 R22-13)
    try:
        names = os.listdir(learn_dir)
    except OSError:
        return out
    from altimate_learn.deliver import fastjson

    for name in names:
        try:
            with open(os.path.join(learn_dir, name, "memories.json"), "rb") as handle:
                data = fastjson.loads(handle.read(4 << 20).decode("utf-8", "replace"))
        except (OSError, ValueError):
            continue
        memories = data.get("memories") if isinstance(data, dict) else None
        for entry in (memories.values() if isinstance(memories, dict) else ()):
            if isinstance(entry, dict) and entry.get("agent") == harness and isinstance(entry.get("bullet"), str):
                out.add(entry["bullet"])
    return out


def _digest(text: str) -> str:  # history/memory_import._bullet_digest, without hashlib's import on the hook path
    from altimate_learn.deliver.state import sha256

    return sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:16]


def _passing(bullets: list[str], shown: str, log=None) -> list[str]:
    """The bullets the lesson lint passes, as delivery lets an approved lesson through (deliver/index._memo_lint,
    whose verdicts are cached): the file is text anyone may have edited or committed (a pull request's AGENTS.md, a
    hand-edited AGENTS.local.md), so a bullet with prompt injection or a secret is left out, as that lesson would be."""
    from altimate_learn.deliver.index import _memo_lint

    checked, save = _memo_lint()
    kept = [bullet for bullet in bullets if checked(bullet)[0]]
    save()
    if log is not None and len(kept) < len(bullets):
        gone = len(bullets) - len(kept)
        log(f"session start: {gone} learned bullet{'s' if gone != 1 else ''} of {shown} left out: the lesson lint "
            "refuses them")
    return kept


def _shown(path: str, rel: str | None) -> str:
    if rel is not None:
        return rel
    home = os.path.expanduser("~")
    return "~" + path[len(home):] if home and home != "/" and path.startswith(home + os.sep) else path


_WHAT = {0: "the project's instruction file", 1: "your own notes for this project, ignored by git",
         2: "your own preferences, in every project"}


def budget(total: int, lessons: int) -> int:
    """The notes' part of a session's ``total`` budget_tokens. ``lessons``: the most tokens the approved lessons can
    take in the session start and its first request (0: none is approved). When both fit, the notes get what the
    lessons leave; when they do not, the notes take at most :data:`SHARE` of the budget and the lessons keep the rest
    (review23: with any lesson approved the notes were cut to half, though a store of three lessons left most of the
    budget unused)."""
    if lessons <= 0:
        return total
    return max((total * SHARE[0]) // SHARE[1], total - lessons)


def collect(root: str, harness: str, log=None, env: dict | None = None) -> list[tuple[int, str, list[str]]]:
    """``(which file, as shown, bullets)`` of each learn:learned block ``harness`` does not load itself, with what
    it loads from its own memory and what the lint refuses left out."""
    found = []
    for index, (path, rel) in enumerate(learner_files(root, env)):
        text = _read(path, root if rel is not None else None)
        if text is None:
            continue
        bullets = block_bullets(text)
        if bullets:
            found.append((index, path, rel, bullets))
    if not found:
        return []
    loaded: set[str] = set()
    if any(rel is not None for _, _, rel, _ in found):
        from altimate_learn.instructions.files import discover

        loaded = {item.path for item in discover(root, nested=False).files if harness in item.agents}
    out = []
    for index, path, rel, bullets in found:
        if rel is not None and rel in loaded:
            continue
        if index == 1:  # the personal file: not what this agent's own memory, which it loads, already says
            own = _own_memories(root, harness)
            bullets = [b for b in bullets if _digest(b) not in own] if own else bullets
        bullets = _passing(bullets, _shown(path, rel), log)
        if bullets:
            out.append((index, _shown(path, rel), bullets))
    return out


def _block(index: int, shown: str, bullets: list[str], left: int) -> str:
    heading = (f"Learned workspace facts from {shown} ({_WHAT[index]}; this agent does not load that file "
               "itself):")
    tail = ([f"({left} more bullet{'s' if left != 1 else ''} of {shown} left out to keep the session within its "
             f"token budget, learn.budget_tokens; the file has {'them' if left != 1 else 'it'}.)"] if left else [])
    return "\n".join([LEARNED_OPEN, heading, *(f"- {b}" for b in bullets), *tail, LEARNED_CLOSE])


def fit(blocks: list[tuple[int, str, list[str]]], tokens: int | None) -> tuple[str, list[tuple[str, int]]]:
    """The blocks' text within ``tokens`` (ceil(characters / 4), as delivery counts; None: no limit), and
    ``(file as shown, bullets left out)`` for each file that lost some. Bullets are taken in order, whole; the
    last file's last bullets give way first; a block none of whose bullets fits is left out whole."""
    def text_of(kept: list[list[str]]) -> str:
        return "\n\n".join(_block(index, shown, kept[n], len(bullets) - len(kept[n]))
                            for n, (index, shown, bullets) in enumerate(blocks) if kept[n])

    kept = [list(bullets) for _, _, bullets in blocks]
    if tokens is None:
        return text_of(kept), []
    limit = max(0, tokens) * 4
    for n in range(len(blocks) - 1, -1, -1):
        while kept[n] and len(text_of(kept)) > limit:
            kept[n].pop()
        if len(text_of(kept)) <= limit:
            break
    left = [(shown, len(bullets) - len(kept[n])) for n, (_, shown, bullets) in enumerate(blocks)
            if len(kept[n]) < len(bullets)]
    return text_of(kept), left


def notes(root: str, harness: str, log=None, env: dict | None = None, tokens: int | None = None) -> str:
    """The learn:learned blocks ``harness`` does not load itself, one marked block each ("" for none), within
    ``tokens`` (:func:`fit`; None: all of them)."""
    blocks = collect(root, harness, log, env)
    if not blocks:
        return ""
    text, left = fit(blocks, tokens)
    if log is not None:
        counts = {shown: len(bullets) for _, shown, bullets in blocks}
        for shown, gone in left:
            counts[shown] -= gone
            log(f"session start: {gone} learned bullet{'s' if gone != 1 else ''} of {shown} left out: they do not fit the "
                "session's token budget (learn.budget_tokens; when the approved lessons need the rest, the notes take at most "
                f"{SHARE[0]}/{SHARE[1]} of it); the file has them")
        for shown, count in counts.items():
            if count:
                log(f"session start: {count} learned bullet{'s' if count != 1 else ''} of {shown}, which {harness} "
                    "does not load itself")
    return text
