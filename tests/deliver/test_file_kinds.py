"""What a file's name says it is orders the conventions of its folder (issue 19, file-rank misses of blind 57/58).

A file's first batch shows five of the dozens of conventions of `web/src/**` or `services/**`; with a request that
says nothing of them, helpfulness ordered them, whatever the file. A component named `OrdersList` renders a list
(React keys, paging), `LiveQueueWidget` redraws on a timer (intervals cleared in effect cleanups), a module under
`schemas/` declares fields (validation, enums, serialization), one under `clients/` calls another system (timeouts,
retries). Such words of the file's name or of the folder it is in now read as the kind of file
(:data:`altimate_learn.deliver.implied.FILE_KINDS`), and among lessons tied on everything else, those the kind
implies come first. A request's own "list" or "table" implies none of it.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from altimate_learn.deliver import select
from altimate_learn.deliver.index import load_corpus
from tests.deliver.helpers import hook, lesson, write_store

KEYS = "Use stable ids as React keys, never array indexes."
TIMERS = "Clear intervals and timeouts in effect cleanups."
DIALOG = "Open dialogs with `useDialog()` so focus returns to the trigger on close."
WEB = [  # conventions for every web file, more helpful than the three above
    "Use function components with hooks; class components are not accepted in new code.",
    "Never use `any`; use `unknown` and narrow it.",
    "Export types with `export type` so they are erased at build time.",
    "Import from `@/` aliases instead of long relative paths.",
    "Read feature flags with `useFlag()`; never compare environment names in components.",
    "Track events with `track()` and names in `object_action` form such as `invoice_paid`.",
    "Fix ESLint warnings in touched files; the CI lint step fails on warnings.",
    "Prefer optional chaining and nullish coalescing over `&&` chains for defaults.",
    "Style with Tailwind utility classes; do not add new CSS modules.",
    "Wrap every user-visible string in `t()` from `useTranslation`.",
]
ENUM = "Use `StrEnum` for status fields so they serialize as plain strings."
TIMEOUT = "Every outbound HTTP call sets an explicit timeout from `settings.http_timeout`."
SERVICES = [
    "Type every public function; `mypy --strict` runs on the services folder.",
    "Format with `ruff format`; black is no longer used in this repository.",
    "Use `pathlib.Path` instead of `os.path` for file paths.",
    "Use frozen dataclasses for value objects in the domain layer.",
    "Never log request bodies; they contain customer emails and tokens.",
    "Compile regular expressions at module level, not inside functions called per request.",
    "Mark deprecated functions with `@deprecated` and the removal version.",
]
LESSONS = ([lesson(f"L-a{n:03d}", text, paths=["web/src/**"], helpful=9) for n, text in enumerate(WEB, 1)]
           + [lesson("L-a100", KEYS, paths=["web/src/**"]), lesson("L-a101", TIMERS, paths=["web/src/**"]),
              lesson("L-a102", DIALOG, paths=["web/src/**"])]
           + [lesson(f"L-b{n:03d}", text, paths=["services/**"], helpful=9) for n, text in enumerate(SERVICES, 1)]
           + [lesson("L-b100", ENUM, paths=["services/**"]), lesson("L-b101", TIMEOUT, paths=["services/**"])])


def _read(root: Path, path: str) -> str:
    session = str(uuid.uuid4())  # no session start: only the file's own batch
    return hook(root, session, "PreToolUse", tool_name="Read", tool_input={"file_path": str(root / path)},
                tool_use_id="t1")


def test_a_list_a_live_widget_and_a_dialog_get_the_conventions_of_their_kind(git_repo: Path):
    write_store(git_repo, LESSONS)
    listing = _read(git_repo, "web/src/features/orders/OrdersList.tsx")
    assert KEYS in listing and TIMERS not in listing
    live = _read(git_repo, "web/src/features/ops/LiveQueueWidget.tsx")
    assert TIMERS in live and KEYS not in live
    dialog = _read(git_repo, "web/src/features/projects/DeleteProjectModal.tsx")  # a modal is a dialog
    assert DIALOG in dialog


def test_a_schema_module_gets_the_enum_rule_and_a_client_module_the_timeout_rule(git_repo: Path):
    write_store(git_repo, LESSONS)
    schema = _read(git_repo, "services/api/app/schemas/ramp_card.py")  # the folder says what the file is
    assert ENUM in schema and TIMEOUT not in schema
    client = _read(git_repo, "services/api/app/clients/shipping_rates.py")
    assert TIMEOUT in client and ENUM not in client


def test_a_file_whose_name_names_no_kind_keeps_the_order_of_helpfulness(git_repo: Path):
    write_store(git_repo, LESSONS)
    for path in ("web/src/lib/strings.ts", "services/api/app/domain/ledger.py"):
        shown = _read(git_repo, path)
        assert not any(text in shown for text in (KEYS, TIMERS, DIALOG, ENUM, TIMEOUT)), path
        assert sum(1 for line in shown.splitlines() if line.startswith("- ")) == 5


def test_a_requests_list_or_table_implies_nothing_of_the_kinds(git_repo: Path):
    write_store(git_repo, LESSONS)
    corpus = load_corpus(str(git_repo / ".altimate-code" / "learn"), lambda message: None)
    assert "^react_keys" in select.file_concerns(corpus, "web/src/features/orders/OrdersList.tsx")
    terms = select.query_terms(corpus, "list the orders table columns in the schema doc for the client")
    assert not any(t in terms for t in ("^react_keys", "^enum", "^timeout", "^timer"))
