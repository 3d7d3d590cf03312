"""The kind of file orders the many conventions of its folder (issue 19, file-rank misses).

`web/src/**` holds dozens of conventions; a file's first batch shows five. With no request (or one that says nothing
about them), those five were the most helpful of the bucket, whatever the file: a new shared component under
`web/src/components/` did not get "Add a Storybook story for every new shared component", which ranked 33rd of 56.
The implied-concern table that reads a request ("a new component" implies the design system, its story,
accessibility) now also reads the file's own name and the folder it is in, and among lessons tied on everything the
request and the file's words say, those the kind of file implies come first.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from altimate_learn.deliver import select
from tests.deliver.helpers import hook, lesson, write_store

STORY = "Add a Storybook story for every new shared component."
MSW = "Mock API calls with `msw` handlers from `web/src/mocks`."
ROLE = "Query elements by role with Testing Library; never select by class name in tests."
FILLER = [  # conventions for every web file, more helpful than the two above; 7 say "component": no pointer
    "Use function components with hooks; class components are not accepted in new code.",
    "Never use `any`; use `unknown` and narrow it.",
    "Export types with `export type` so they are erased at build time.",
    "Fetch data with TanStack Query hooks from `web/src/api`; never call `fetch` in components.",
    "Import from `@/` aliases instead of long relative paths.",
    "Use stable ids as React keys, never array indexes.",
    "Read feature flags with `useFlag()`; never compare environment names in components.",
    "Track events with `track()` and names in `object_action` form such as `invoice_paid`.",
    "Read public config through `env.ts`; only variables prefixed `NEXT_PUBLIC_` reach the browser.",
    "Fix ESLint warnings in touched files; the CI lint step fails on warnings.",
    "Use union string types instead of TypeScript `enum`.",
    "Prefer optional chaining and nullish coalescing over `&&` chains for defaults.",
    "Keep components small; split a component past 200 lines.",
    "Components take explicit props; never spread `...props` onto DOM elements.",
    "Lazy-load every page component in `web/src/routes.tsx`.",
]
LESSONS = ([lesson(f"L-{n:04d}", text, paths=["web/src/**"], helpful=9) for n, text in enumerate(FILLER, 1)]
           + [lesson("L-0100", STORY, paths=["web/src/**"]), lesson("L-0101", MSW, paths=["web/src/**"]),
              lesson("L-0102", ROLE, paths=["web/src/**/*.test.tsx"])])


def _read(root: Path, path: str) -> str:
    session = str(uuid.uuid4())  # no session start: only the file's own batch
    return hook(root, session, "PreToolUse", tool_name="Read", tool_input={"file_path": str(root / path)},
                tool_use_id="t1")


def test_a_shared_component_gets_its_story_rule_and_a_component_test_its_mocks(git_repo: Path):
    write_store(git_repo, LESSONS)
    component = _read(git_repo, "web/src/components/StatusPill.tsx")
    assert STORY in component
    test = _read(git_repo, "web/src/components/StatusPill.test.tsx")  # `test` of the name: mocks
    assert MSW in test


def test_a_file_whose_kind_implies_nothing_keeps_the_order_of_helpfulness(git_repo: Path):
    write_store(git_repo, LESSONS)
    shown = _read(git_repo, "web/src/lib/strings.ts")
    assert STORY not in shown and MSW not in shown
    assert sum(1 for line in shown.splitlines() if line.startswith("- ")) == 5


def test_the_concerns_come_from_the_name_and_its_folder_not_the_area():
    class Bare:  # a corpus holding no implied concepts: nothing to order by
        implied_words: dict = {}

    assert select.file_concerns(Bare(), "web/src/components/StatusPill.tsx") == []  # type: ignore[arg-type]
