"""An edit's hook reads the code it writes without a regex engine (issue 19's latency goal, deliver29).

The Edit and Write cells of `research/bench_hooks.py` were the slowest events (3.52x / 3.53x `python -c pass` at
1,000 lessons, goal 3x): reading the identifiers of the written code compiled the tokenizer's regexes, and
`import re` (with `enum`, `functools`, `collections`) costs about half a Python start-up. The identifiers are now
read with a byte table; the lessons the code names are the same.
"""

from __future__ import annotations

import ast
import json
import os
import random
import re
import subprocess
import sys
import uuid
from pathlib import Path

from altimate_learn.deliver.tokenize import identifiers
from tests.deliver.helpers import hook, lesson, write_store
from tests.deliver.test_edit_content import FILE, GATHER, LESSONS

IDENTIFIER = re.compile(r"[a-z_][a-z0-9_]*")


def test_identifiers_are_what_the_regex_finds():
    samples = ["", "x", "9abc", "a9b 12 _1 __init__", "stats, recs = await asyncio.gather(a(), b())",
               "café_naïve über_9 x\u212ay", "tab\there\nnew\r\x0bline\x0cfeed", "é1a", "a-b.c/d:e", "0_0", "_"]
    rng = random.Random(29)
    alphabet = "ab_09 \t\n.(é\u212a\u0130z-'\"`$"
    samples += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))) for _ in range(2000)]
    for text in samples:
        lowered = text.lower()
        assert identifiers(lowered) == IDENTIFIER.findall(lowered), text


SCRIPT = """
import io, sys  # not json: it imports the regex engine
from altimate_learn.harness import hook
out = []
for payload in {payloads!r}:
    sys.stdin = io.TextIOWrapper(io.BytesIO(payload.encode()))
    real, sys.stdout = sys.stdout, io.StringIO()
    hook.main(["claude-code"])
    out.append(sys.stdout.getvalue())
    sys.stdout = real
print(repr([out, sorted(m for m in ("re", "collections", "enum", "functools") if m in sys.modules)]))
"""


def test_an_edit_and_a_write_import_no_regex_engine_and_bring_what_the_code_names(git_repo: Path):
    write_store(git_repo, LESSONS)
    session = str(uuid.uuid4())
    hook(git_repo, session, "SessionStart", source="startup")  # prepares the index (not in the measured process)
    hook(git_repo, session, "UserPromptSubmit", prompt="make the dashboard load faster")
    path = str(git_repo / FILE)
    common = {"session_id": session, "transcript_path": str(git_repo / "t.jsonl"), "cwd": str(git_repo),
              "hook_event_name": "PreToolUse"}
    code = "    stats, recs = await asyncio.gather(fetch_stats(user_id), fetch_recs(user_id))\n"
    new = str(git_repo / "services/api/app/services/loader.py")
    payloads = [json.dumps({**common, "tool_name": "Read", "tool_input": {"file_path": path}, "tool_use_id": "t1"}),
                json.dumps({**common, "tool_name": "Edit", "tool_use_id": "t2",
                            "tool_input": {"file_path": path, "old_string": "x", "new_string": code}}),
                json.dumps({**common, "tool_name": "Write", "tool_use_id": "t3",
                            "tool_input": {"file_path": new, "content": "import asyncio\n" + code}})]
    other = str(uuid.uuid4())  # a new file written whole in another session: both of its batches at once
    hook(git_repo, other, "UserPromptSubmit", prompt="make the dashboard load faster")
    payloads.append(json.dumps({**common, "session_id": other, "tool_name": "Write", "tool_use_id": "t4",
                                "tool_input": {"file_path": new, "content": "import asyncio\n" + code}}))
    code_root = str(Path(__file__).resolve().parents[2])
    proc = subprocess.run([sys.executable, "-S", "-c", SCRIPT.format(payloads=payloads)], cwd=git_repo,
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": code_root})
    answers, modules = ast.literal_eval(proc.stdout.strip().splitlines()[-1])
    read, edit, sibling, write = (json.loads(a)["hookSpecificOutput"]["additionalContext"] if a.strip() else ""
                                  for a in answers)
    assert GATHER not in read and GATHER in edit, proc.stderr
    assert GATHER not in sibling and GATHER in write
    assert modules == [], proc.stderr


# Each event in a process of its own: the regex-engine modules it imported (and its answer).
ONE_EVENT = """
import io, sys
from altimate_learn.harness import hook
sys.stdin = io.TextIOWrapper(io.BytesIO({payload!r}.encode()))
real, sys.stdout = sys.stdout, io.StringIO()
hook.main(["claude-code"])
out, sys.stdout = sys.stdout.getvalue(), real
print(repr([out, sorted(m for m in ("re", "collections", "enum", "functools", "altimate_learn.harness.revet")
                        if m in sys.modules)]))
"""
# Rules that ban keyword code (`select *`, `limit`: corpus.bans, which an edit's and a read's code are read for), and
# one a request shares a single everyday word with (its lead phrase is checked: select._prose_only).
BANS = [lesson("L-0400", "Never use `select *` in service queries; name the columns.", paths=["services/**"]),
        lesson("L-0401", "Never leave a `limit` clause in a committed model.", paths=["models/**"]),
        lesson("L-0402", "Base images come from our ECR mirror, pinned by digest.", paths=["**/Dockerfile"])]


def _one_event(root: Path, payload: dict) -> tuple[str, list[str]]:
    code_root = str(Path(__file__).resolve().parents[2])
    proc = subprocess.run([sys.executable, "-S", "-c", ONE_EVENT.format(payload=json.dumps(payload))], cwd=root,
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": code_root})
    out, modules = ast.literal_eval(proc.stdout.strip().splitlines()[-1])
    return (json.loads(out)["hookSpecificOutput"]["additionalContext"] if out.strip() else ""), modules


def test_code_read_for_banned_keywords_and_a_one_word_match_import_no_regex_engine(git_repo: Path):
    """perf42: with rules that ban keyword code in the store, reading an edit's code for it imported the regex engine
    (3.3x `python -c pass` for an Edit at 1,000 lessons, goal 3x), and so did a read's result (the code its rules
    ban) and a request sharing one word with a rule (its lead phrase). The same lessons come, without it; and with no
    lesson held out as stale, no event imports the re-vet's module."""
    write_store(git_repo, LESSONS + BANS)
    session = str(uuid.uuid4())
    hook(git_repo, session, "SessionStart", source="startup")  # prepares the index (not in the measured process)
    hook(git_repo, session, "UserPromptSubmit", prompt="make the dashboard load faster")
    path = str(git_repo / FILE)
    hook(git_repo, session, "PreToolUse", tool_name="Read", tool_input={"file_path": path}, tool_use_id="t1")
    common = {"session_id": session, "transcript_path": str(git_repo / "t.jsonl"), "cwd": str(git_repo),
              "hook_event_name": "PreToolUse"}
    code = "    rows = db.fetch('select * from stats where id = %s', user_id)\n    return await asyncio.gather(a(), b())\n"
    edit, modules = _one_event(git_repo, {**common, "tool_name": "Edit", "tool_use_id": "t2",
                                          "tool_input": {"file_path": path, "old_string": "x", "new_string": code}})
    assert GATHER in edit and modules == []
    other = str(uuid.uuid4())  # a new file written whole: its code names the `select *` rule
    hook(git_repo, other, "UserPromptSubmit", prompt="make the dashboard load faster")
    new = str(git_repo / "services/api/app/services/loader.py")
    write, modules = _one_event(git_repo, {**common, "session_id": other, "tool_name": "Write", "tool_use_id": "t3",
                                           "tool_input": {"file_path": new, "content": "rows = 'select * from t'\n"
                                                          "query = select * from t\n"}})
    assert "`select *`" in write and modules == []
    reader = str(uuid.uuid4())  # a read's result: the file's code, which a rule's banned `gather()` is in
    hook(git_repo, reader, "UserPromptSubmit", prompt="tidy this module up")
    hook(git_repo, reader, "PreToolUse", tool_name="Read", tool_input={"file_path": path}, tool_use_id="t4")
    read, modules = _one_event(git_repo, {**common, "session_id": reader, "hook_event_name": "PostToolUse",
                                          "tool_name": "Read", "tool_input": {"file_path": path}, "tool_use_id": "t4",
                                          "tool_response": {"type": "text", "file": {"filePath": path,
                                                                                      "content": code}}})
    assert GATHER in read and modules == []
    prompt, modules = _one_event(git_repo, {**common, "session_id": str(uuid.uuid4()),
                                            "hook_event_name": "UserPromptSubmit",
                                            "prompt": "mirror the selfie preview horizontally"})
    assert "ECR mirror" not in prompt and modules == []
