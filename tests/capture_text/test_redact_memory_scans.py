"""A session's memory keeps what the patterns found in each text it scanned (a session is read for its secrets
first, then its texts are redacted: the same texts twice), never the remembered values' part: a value learned
between two scans of one text is still found in the second, and a memory's answers are those of a memory that
scanned nothing before."""

from __future__ import annotations

from altimate_learn.redact import SecretMemory, find_secrets, redact, remembering

TEXTS = [
    "my db password is\n  hunter2-xyz",
    "no, hunter2-xyz is for staging",
    "export OPENAI_API_KEY=sk-proj-Zx9kk77aaQ0123456789abcdefABCDEF0123456789",
    "export OPENAI_API_KEY=$OPENAI_API_KEY_FROM_THE_VAULT_PLEASE_NOT_HERE_000",  # as long as the one above, no secret
    "curl -H 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' https://api.example.com",
    "postgres://app:Pa55word-prod@db.internal:5432/app",
    "パスワード：Geheim#2024 を使って",
    "run the tests again please",
]


def test_a_value_learned_after_a_text_was_scanned_is_found_when_the_text_is_scanned_again():
    later = "no, hunter2-xyz is for staging"
    with remembering() as memory:
        assert redact(later) == later
        memory.learn("my db password is\n  hunter2-xyz")
        assert "hunter2-xyz" not in redact(later)


def test_a_memory_that_scanned_the_texts_before_answers_as_one_that_did_not():
    with remembering() as memory:
        first = [find_secrets(text) for text in TEXTS]
        again = [find_secrets(text) for text in TEXTS]
        redacted = [redact(text) for text in TEXTS]
    fresh = SecretMemory()
    fresh.values = dict(memory.values)  # the same remembered values, no text scanned before
    with remembering(fresh):
        assert again == [find_secrets(text) for text in TEXTS]
        assert redacted == [redact(text) for text in TEXTS]
    assert first[1] != [] and find_secrets(TEXTS[1]) == []  # the value the session gave before, and only there
    assert first[3] == [] and first[2] != []  # two texts of one length: one holds a key, the other none


def test_the_memory_keeps_no_text_it_scanned():
    with remembering() as memory:
        for text in TEXTS:
            memory.learn(text)
    kept = repr(memory._scans)
    assert memory._scans and all(isinstance(key, bytes) and len(key) == 16 for key in memory._scans)
    assert "hunter2" not in kept and "Pa55word" not in kept and "staging" not in kept
