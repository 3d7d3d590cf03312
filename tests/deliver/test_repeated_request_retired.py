"""A repeated request gets the same bytes, but not a lesson retired or edited since (trial29 T29-2, deliver28).

The session keeps the note each request was given, keyed by the prompt id or the request's words, so a hook retried
on one prompt answers the same. A person who typed the same request again after a promote replaced a rule got the
old note back, the retired rule included. Now a kept note whose lessons are no longer all approved (in those words)
is answered again, from the approved set as it is.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from tests.deliver.helpers import hook, lesson, write_store

OLD = lesson("L-0a01", "Represent money with decimal.Decimal, never float.", tags=["money"])
NEW = lesson("L-0a02", "Represent money as integer cents in totals; convert only for display.", tags=["money"])
OTHER = lesson("L-0a03", "Round tax on totals half-up with `round_half_up()`.", tags=["money"])
REQUEST = "how should we represent money when we add tax to the totals"
# Project rules the core tier takes at SessionStart (the most helpful of a store larger than the session's cap), so
# the money rules come with the request.
NOUNS = ("invoices receipts ledgers budgets forecasts payrolls audits contracts vendors tenders quotes grants "
         "leases permits licences tariffs rebates coupons vouchers badges").split()
CORE = [lesson(f"L-0c{n:02x}", f"{a.capitalize()} and {b} need {c} approval.", helpful=9)
        for n, (a, b, c) in enumerate(zip(NOUNS, NOUNS[7:] + NOUNS[:7], NOUNS[13:] + NOUNS[:13]))]
CORE += [lesson(f"L-0d{n:02x}", f"Name the {a} queue after the {b} team.", helpful=9)
         for n, (a, b) in enumerate(zip(NOUNS, NOUNS[3:] + NOUNS[:3]))]


def _again(root: Path, session_id: str, n: int, **more) -> str:
    """The same request again, as its own event (the hook answers a byte-identical event within seconds once: a
    second copy of the hook; `n` makes each payload differ in a field delivery does not read)."""
    return hook(root, session_id, "UserPromptSubmit", prompt=REQUEST, permission_mode=f"mode-{n}", **more)


def _session(root: Path) -> str:
    session_id = str(uuid.uuid4())
    hook(root, session_id, "SessionStart", source="startup")
    return session_id


def test_the_same_request_after_a_rule_was_replaced_brings_the_new_rule_not_the_retired_one(git_repo: Path):
    write_store(git_repo, CORE + [OLD, OTHER])
    session_id = _session(git_repo)
    first = hook(git_repo, session_id, "UserPromptSubmit", prompt=REQUEST)
    assert OLD["text"] in first and OTHER["text"] in first
    assert _again(git_repo, session_id, 1) == first  # a retry: the same bytes
    write_store(git_repo, CORE + [NEW, OTHER])  # a promote replaced the money rule
    again = _again(git_repo, session_id, 2)
    assert OLD["text"] not in again and NEW["text"] in again, again
    assert OTHER["text"] not in again  # shown once per session
    assert _again(git_repo, session_id, 3) == again


def test_an_edited_rule_is_not_replayed_in_its_old_words(git_repo: Path):
    write_store(git_repo, CORE + [OLD, OTHER])
    session_id = _session(git_repo)
    first = hook(git_repo, session_id, "UserPromptSubmit", prompt=REQUEST)
    assert OLD["text"] in first
    edited = "Represent money with decimal.Decimal in totals, never float."
    write_store(git_repo, CORE + [{**OLD, "text": edited}, OTHER])
    again = _again(git_repo, session_id, 1)
    assert OLD["text"] not in again and edited in again, again


def test_the_same_prompt_id_is_the_same_event_and_keeps_its_bytes(git_repo: Path):
    # Codex's turn id, a prompt id: the same one again is that event retried, answered as it was (docs/delivery.md)
    write_store(git_repo, CORE + [OLD, OTHER])
    session_id = _session(git_repo)
    first = hook(git_repo, session_id, "UserPromptSubmit", prompt=REQUEST, prompt_id="p1")
    assert OLD["text"] in first
    write_store(git_repo, CORE + [NEW, OTHER])
    assert _again(git_repo, session_id, 1, prompt_id="p1") == first
