"""The two halves of a blind written set, fixed by a hash of the text alone (shared by the classifier's and the
reflector's blind measures, so both read and tune on the same half A and hold back the same half B).

A text goes to "A" when the first byte of SHA-256 over ``prefix + text`` is even, else to "B". The rule never looks at
the label, the category, the context or any verdict, so it can be fixed before a single row is read. Each set has its
own prefix ("blind1-half:" for `corrections_blind1.jsonl`, "blind2-half:" for `corrections_blind2.jsonl`), so a text
that appears in both sets is not bound to the same half twice.
"""

from __future__ import annotations

import hashlib

BLIND2 = "blind2-half:"


def half_of(text: str, prefix: str = BLIND2) -> str:
    """"A" or "B" for ``text`` in the set whose halves ``prefix`` names."""
    return "A" if hashlib.sha256((prefix + text).encode("utf-8")).digest()[0] % 2 == 0 else "B"
