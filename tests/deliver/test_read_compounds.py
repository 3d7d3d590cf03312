"""A read file's code holds what a rule is about, written as one identifier (issue 19, deliver49).

Blind batch 80 missed a file lesson at 300, 1,000 and 10,000 lessons: a model file opened with the request "fwd"
declared `mapped_column(primary_key=True, default=uuid.uuid4)`, and the rule on new primary keys ("Use `uuid7()` …
for new primary keys") was 31st of the 42 lessons of the file. The rule names what it asks for, not the code it
replaces, so no code of the file met it; but the code writes the rule's subject as one identifier (`primary_key`) where
the rule says it in two words ("primary keys"). In-process: the corpus and the hook's code path, no `learn` subprocess.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from altimate_learn.deliver.contents import compound_points, points
from tests.deliver.conftest import FILLER
from tests.deliver.helpers import lesson, write_store

KEYS = "New tables take their primary key from `next_ulid()`, not from a database sequence."
RETRIES = "Cap every retry count at five and keep the last error for the report."
# conventions of one folder that say nothing of the files below (wording of our own)
FOLDER = ["Name background queues after the event they carry.",
          "Keep request handlers thin; rules belong in the domain layer.",
          "Open a transaction per service call with `session.begin()`.",
          "Return 404 when another tenant owns the record.",
          "Emit a metric for every outcome of a payment.",
          "Hash personal emails before they leave the service.",
          "Read settings once at start-up, never per request.",
          "Paginate list endpoints with cursors.",
          "Log with key-value pairs, one line per event.",
          "Write Alembic migrations with autogenerate and review them.",
          "Validate inputs with Pydantic models at the edge.",
          "Background jobs must be safe to run twice."]
FILE = "services/stock/app/models/shelf.py"
MODEL = '''import uuid

from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base


class Shelf(Base):
    __tablename__ = "shelves"

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=uuid.uuid4)
    aisle: Mapped[str]
'''
POLLER = '''export async function poll(fetchOnce: () => Promise<void>) {
  let retryCount = 0
  while (true) {
    try { return await fetchOnce() } catch (error) { retryCount += 1 }
  }
}
'''


def _corpus(texts: list[str], paths: list[str]):
    from altimate_learn.deliver.corpus import Corpus, pack_lessons

    lessons = [("s", {"id": f"L-{n:04x}", "text": text, "tags": [], "triggers": paths, "net": 0,
                      "pinned": False, "updated": ""}) for n, text in enumerate(texts)]
    return Corpus(pack_lessons(lessons, []))


def _named(code: str, rules: list[str], file: str = FILE, kept: list[str] = ()) -> list[str]:
    from altimate_learn.deliver.select import rank_file_scored

    texts = FOLDER + rules
    corpus = _corpus(texts, ["services/**", "web/**"])
    return [texts[doc] for doc in points(corpus, code, rank_file_scored(corpus, file, [], 5), 5, list(kept))]


def test_code_that_writes_the_rules_subject_as_one_identifier_names_the_rule():
    assert _named(MODEL, [KEYS, RETRIES]) == [KEYS]  # `primary_key`: "primary key"
    assert _named(POLLER, [KEYS, RETRIES], "web/src/lib/poll.ts") == [RETRIES]  # `retryCount`: "retry count"
    # the plural and the singular are one word: "primary keys" and `primary_key`
    assert _named(MODEL, ["Generate every new table's primary keys with `next_ulid()`."]) \
        == ["Generate every new table's primary keys with `next_ulid()`."]


def test_the_two_words_must_be_the_rules_own_adjacent_words():
    for rule in ("Keys of a primary replica are rotated by the platform team.",  # both words, not together
                 "Primary, key and sort columns are documented in the catalog.",  # a comma between them
                 "Index every foreign key and the `primary_key` of join tables."):  # only its code says it
        assert _named(MODEL, [rule]) == [], rule
    # a one-word identifier joins nothing: `aisle` names no rule on aisles by itself
    assert _named(MODEL, ["Aisle numbers are stored as text."]) == []


def test_a_verb_and_its_object_opening_a_rule_are_not_its_subject():
    """check49 C49-4: `sort_keys=True` is no key sorting the rule asks for; "Sort keys are …" is about sort keys."""
    code = "def dump(rows):\n    return json.dumps(rows, sort_keys=True)\n"
    assert _named(code, ["Sort keys alphabetically in every YAML fixture."]) == []
    assert _named(code, ["Sort keys are compared without regard to case."]) \
        == ["Sort keys are compared without regard to case."]


def test_a_subject_many_of_the_files_rules_share_names_none_of_them():
    many = [f"Document the primary key of the {what} table." for what in ("orders", "users", "stock", "shelf",
                                                                           "aisle", "audit")]
    assert _named(MODEL, many) == []
    assert _named(MODEL, many[:2]) == many[:2]


def test_what_the_request_keeps_brings_no_rule():
    from altimate_learn.deliver.contents import kept_terms

    kept = kept_terms("keep the primary key as it is", {"primari", "kei"})
    assert kept and _named(MODEL, [KEYS], kept=kept) == []


def test_the_points_count_the_pairs_each_rule_says():
    corpus = _corpus([KEYS, RETRIES, "A primary key's retry count is never reset."], ["services/**"])
    code = "primary_key = retry_count = 0\n"
    assert compound_points(corpus, code, [0, 1, 2], 5) == {0: 1, 1: 1, 2: 2}


def _hook(root: Path, session_id: str, event: str, **more) -> str:
    from altimate_learn.harness import claude
    from altimate_learn.harness.hook import handle

    payload = {"session_id": session_id, "transcript_path": str(root / "t.jsonl"), "cwd": str(root),
               "hook_event_name": event, **more}
    return handle(claude.parse(payload), claude.NAME, str(root), str(root), lambda message: None)


def test_the_read_of_a_model_brings_the_rule_on_what_it_declares(git_repo: Path):
    """b80-f02's case (in words of our own) through the hook: a folder of more helpful conventions, a request that
    says nothing; the read's first event shows the top conventions, its result the rule on the keys it declares."""
    write_store(git_repo, [lesson(f"L-01{n:02x}", text, paths=["services/**"], helpful=5)
                           for n, text in enumerate(FOLDER)]
                + [lesson("L-0201", KEYS, paths=["services/**"])]
                + [lesson(f"L-03{n:02x}", text, helpful=9) for n, text in enumerate(FILLER)])
    session_id = str(uuid.uuid4())
    _hook(git_repo, session_id, "SessionStart", source="startup")
    _hook(git_repo, session_id, "UserPromptSubmit", prompt="fwd")
    path = str(git_repo / FILE)
    common = {"tool_name": "Read", "tool_input": {"file_path": path}, "tool_use_id": "toolu_01"}
    before = _hook(git_repo, session_id, "PreToolUse", **common)
    response = {"type": "text", "file": {"filePath": path, "content": MODEL, "numLines": 12, "startLine": 1,
                                         "totalLines": 12}}
    after = _hook(git_repo, session_id, "PostToolUse", tool_response=response, **common)
    assert before.count("[applies to: services/**]") >= 5 and "next_ulid" not in before
    assert "next_ulid" in after
    # the same read of a file that declares no key adds nothing
    other = str(uuid.uuid4())
    _hook(git_repo, other, "SessionStart", source="startup")
    _hook(git_repo, other, "UserPromptSubmit", prompt="fwd")
    _hook(git_repo, other, "PreToolUse", **common)
    plain = {"type": "text", "file": {"filePath": path, "content": MODEL.replace("primary_key=True, ", ""),
                                      "numLines": 12, "startLine": 1, "totalLines": 12}}
    assert "next_ulid" not in _hook(git_repo, other, "PostToolUse", tool_response=plain, **common)
