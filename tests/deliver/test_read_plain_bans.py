"""What a rule bans that is no identifier, and a read file's code that does it (issue 19, deliver45).

Blind batches 71 and 72 each missed a file lesson at 300, 1,000 and 10,000: the rule was one of 37 conventions for
every file of `services/**`, the request said nothing ("." or none), and the file's code did just what the rule
bans, in a form the read's matcher did not read: an operator ("Compare secrets and signatures with
`hmac.compare_digest()`, never with `==`" and `if request.headers.get("X-Signature") == expected:`) and a name in
plain words ("Send emails through the `notifications` service, never with SMTP from the API" and
`smtplib.SMTP(settings.smtp_host)`). In-process: the corpus and the hook's code path, no `learn` subprocess.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from altimate_learn.deliver.contents import _imported, plain_bans, points
from tests.deliver.conftest import FILLER, SERVICE_CONVENTIONS
from tests.deliver.helpers import lesson, write_store

COMPARE = "Compare provider secrets and signatures with `hmac.compare_digest()`, never with `==`."
SMTP = "Send e-mails through the `notifications` service, never with SMTP from the API."
PANDAS = "Do not use pandas in the API service; it is allowed only in `services/reports`."
CONTEXTS = "Do not create new React contexts for server data; use query hooks."
SECRETS = [f"Never put {what} secrets in the logs." for what in ("provider", "tenant", "signing", "vendor", "bank",
                                                                 "partner")]
RULES = [COMPARE, SMTP, PANDAS, CONTEXTS, *SECRETS]
FILE = "services/billing/handlers/payments.py"
SIGNED = '''import json

from app.config import settings


async def payment_event(request):
    body = await request.body()
    expected = settings.payment_webhook_signature(body)
    if request.headers.get("X-Signature") == expected:
        return {"received": True}
'''
UNSIGNED = '''async def count_events(request):
    events = await request.json()
    if len(events) == 0:
        return {"received": False}
'''
MAILS = '''import smtplib

def send_receipt(address: str, text: str) -> None:
    with smtplib.SMTP(settings.smtp_host) as smtp:
        smtp.sendmail(settings.sender, address, text)
'''


def _corpus(texts: list[str]):
    from altimate_learn.deliver.corpus import Corpus, pack_lessons

    lessons = [("s", {"id": f"L-{n:04x}", "text": text, "tags": [], "triggers": ["services/**"], "net": 0,
                      "pinned": False, "updated": ""}) for n, text in enumerate(texts)]
    return Corpus(pack_lessons(lessons, []))


def _named(code: str) -> list[str]:
    """The texts of the lessons a read of FILE holding ``code`` names, over the service conventions and RULES."""
    from altimate_learn.deliver.select import rank_file_scored

    texts = SERVICE_CONVENTIONS + RULES
    corpus = _corpus(texts)
    return [texts[doc] for doc in points(corpus, code, rank_file_scored(corpus, FILE, [], 5), 5)]


def test_what_a_rule_bans_that_is_no_identifier():
    operators, names = plain_bans(COMPARE)
    assert operators == {"==": frozenset({"provider", "secret", "signatur"})} and names == {}
    assert plain_bans(SMTP) == ({}, {"smtp": True})  # "from the API" is where, not what
    assert plain_bans(PANDAS) == ({}, {"pandas": False})
    assert plain_bans(CONTEXTS) == ({}, {"contexts": False})  # the object's head, not "React"
    assert plain_bans("Never build SQL with string formatting; use bound parameters.") == ({}, {"sql": True})
    assert plain_bans("Keep server state in TanStack Query; no Redux in new code.") == ({}, {"redux": False})
    # asked for, not banned: nothing
    assert plain_bans("Compare nullable columns with `!=` after `coalesce()`.") == ({}, {})
    assert plain_bans("Send e-mails with SMTP through the relay.") == ({}, {})


def test_what_code_imports():
    code = ('import pandas as pd\nimport os.path, json\nfrom smtplib import SMTP\nimport x from "redux";\n'
            "const j = require('jwt-decode');\nimport styles from './a.module.css';\nusing Foo.Bar;\n"
            "from .local import thing\n")
    assert _imported(code.lower()) == {"pandas", "os", "json", "smtplib", "redux", "jwt", "foo"}


def test_a_read_names_the_rule_whose_operator_it_uses_on_the_rules_subject():
    assert COMPARE in _named(SIGNED)
    assert COMPARE not in _named(UNSIGNED)  # `==` on a line that holds no secret or signature


def test_a_read_names_the_rule_whose_plain_name_it_imports_or_calls():
    assert SMTP in _named(MAILS)
    assert SMTP not in _named("def notify(user):\n    notifications.send(user.email, 'smtp settings changed')\n")
    assert PANDAS in _named("import pandas as pd\n\ndef frame(rows):\n    return pd.DataFrame(rows)\n")
    assert PANDAS not in _named("def frame(pandas_rows):\n    return pandas_rows\n")  # no import of pandas
    assert CONTEXTS not in _named("import React from 'react';\nexport const A = () => <div/>;\n")
    # a lowercase word many of the file's rules use is prose, not a package (`import secrets`)
    assert not set(SECRETS) & set(_named("import secrets\n\ndef token():\n    return secrets.token_hex()\n"))


def _hook(root: Path, session_id: str, event: str, **more) -> str:
    from altimate_learn.harness import claude
    from altimate_learn.harness.hook import handle

    payload = {"session_id": session_id, "transcript_path": str(root / "t.jsonl"), "cwd": str(root),
               "hook_event_name": event, **more}
    return handle(claude.parse(payload), claude.NAME, str(root), str(root), lambda message: None)


def test_the_read_of_a_crowded_folders_file_brings_the_rule_its_code_breaks(git_repo: Path):
    """b71-22's case in the hook's code path: a `services/**` folder with more than 20 more helpful conventions, an
    empty request; the read's first event shows the file's top conventions, its result the rule the code breaks."""
    write_store(git_repo, [lesson(f"L-01{n:02x}", text, paths=["services/**"], helpful=5)
                           for n, text in enumerate(SERVICE_CONVENTIONS)]
                + [lesson(f"L-02{n:02x}", text, paths=["services/**"]) for n, text in enumerate(RULES)]
                + [lesson(f"L-03{n:02x}", text, helpful=9) for n, text in enumerate(FILLER)])
    session_id = str(uuid.uuid4())
    _hook(git_repo, session_id, "SessionStart", source="startup")
    _hook(git_repo, session_id, "UserPromptSubmit", prompt=".")
    path = str(git_repo / FILE)
    common = {"tool_name": "Read", "tool_input": {"file_path": path}, "tool_use_id": "toolu_01"}
    before = _hook(git_repo, session_id, "PreToolUse", **common)
    response = {"type": "text", "file": {"filePath": path, "content": SIGNED, "numLines": 10, "startLine": 1,
                                         "totalLines": 10}}
    after = _hook(git_repo, session_id, "PostToolUse", tool_response=response, **common)
    assert before.count("[applies to: services/**]") >= 5 and "hmac.compare_digest" not in before
    assert "hmac.compare_digest" in after and "SMTP" not in after


def test_what_an_edit_writes_names_them_too():
    from altimate_learn.deliver.edits import code_points
    from altimate_learn.deliver.select import rank_file_scored

    texts = SERVICE_CONVENTIONS + RULES
    corpus = _corpus(texts)
    scoped = [doc for doc, level, _ in rank_file_scored(corpus, FILE, [], 5) if level > 0]

    def named(code: str) -> list[str]:
        return [texts[doc] for doc in code_points(corpus, code, lambda doc: True, 5, scoped)]

    assert COMPARE in named('    if hmac_signature(body) == request.headers["X-Signature"]:\n')
    assert SMTP in named("    smtplib.SMTP(host).sendmail(sender, to, text)\n")
    assert named("    if total == 0:\n        return None\n") == []
