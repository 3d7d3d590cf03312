"""refl40 (session #22): review39 R39-18 (a "we …" convention scoped to the one folder touched; "it's tailwind only in
this repo" after a ban gave nothing), corpus21's held-back KLIMA row (an interjection typed however, "ALright", taken
into the lesson's object), each with look-alikes that must keep their scope or stay quiet."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules, reflect_builtin, trigger_for
from altimate_learn.reflect.providers.builtin.text import prose


def _rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


# --- an interjection however it is typed (corpus21's KLIMA rebuild: 'Put ALright the Dropdown Menu actually in
# `Layout.vue`.' from a one-off placement) --------------------------------------------------------------------------

INTERJECTION_LEADS = [
    ("alright never use axios", ["Never use `axios`."]),
    ("all right, never use axios", ["Never use `axios`."]),
    ("yeah never use axios", ["Never use `axios`."]),
    ("yep, never use axios", ["Never use `axios`."]),
    ("right, never use axios", ["Never use `axios`."]),
    ("okey never use axios", ["Never use `axios`."]),
    ("alrighty, tests go in tests/", ["Put tests in `tests/`."]),
    ("alright the helpers belong in utils/", ["Put the helpers in `utils/`."]),
    ("sure, the helpers go in utils/", ["Put the helpers in `utils/`."]),
]


@pytest.mark.parametrize("text, lessons", INTERJECTION_LEADS, ids=[t for t, _ in INTERJECTION_LEADS])
def test_an_interjection_typed_any_way_is_no_part_of_the_rule(text: str, lessons: list[str]) -> None:
    assert _rules(text) == lessons


ONE_THING_PLACED = [
    # the row itself: where one named thing of this task goes, after an interjection
    'ALright the Dropdown Menu actually belongs in Layout.vue. Also make the "Periode X" text more vissible, since '
    "black in darkmode is invis.",
    "alright the dropdown menu belongs in Layout.vue",
    "ALright the Dropdown Menu actually belongs in Layout.vue",
    "yeah the modal belongs in App.vue",
    "all right, the sidebar actually goes in Layout.vue",
]


@pytest.mark.parametrize("text", ONE_THING_PLACED, ids=[t[:40] for t in ONE_THING_PLACED])
def test_one_thing_of_this_task_placed_after_an_interjection_gives_nothing(text: str) -> None:
    assert _rules(text) == []


@pytest.mark.parametrize("text", ["right-align the labels", "sure the tests pass before you push"])
def test_right_and_sure_that_say_what_to_do_are_not_taken_for_interjections(text: str) -> None:
    # "right" and "sure" are leads only before a mark: stripped here, the rest would read as a rule
    assert _rules(text) == []


# --- R39-18: "it's X only" after a ban names the one to use -----------------------------------------------------------

ONLY_AFTER_A_BAN = [
    ("hmm no css files please, it's tailwind only in this repo. and we don't do default exports",
     ["Use `tailwind` instead of adding css files.", "Never use default exports."]),
    ("no css files please, it's tailwind only in this repo", ["Use `tailwind` instead of adding css files."]),
    ("no css files, tailwind only", ["Use `tailwind` instead of adding css files."]),
    ("no inline styles, it's tailwind only here", ["Use `tailwind` instead of inline styles."]),
    ("no moment, dayjs only", ["Use `dayjs` instead of `moment`."]),
    ("no npm, pnpm only", ["Use `pnpm` instead of `npm`."]),
    ("no redux, zustand only", ["Use `zustand` instead of `redux`."]),
]


@pytest.mark.parametrize("text, lessons", ONLY_AFTER_A_BAN, ids=[t[:40] for t, _ in ONLY_AFTER_A_BAN])
def test_the_one_tool_said_as_x_only_after_a_ban_is_what_to_use(text: str, lessons: list[str]) -> None:
    assert _rules(text) == lessons


NOT_A_TOOL_ONLY = [
    "no refactors, bugfixes only",        # this change's scope
    "no more changes, reading only",
    "no emails, slack only",              # a habit of talk, not code
    "no css files, it's a prototype only",
    "no tests, this is a spike only",
    "no mocks, it's integration tests only",
    "no more npm, pnpm only",             # "no more": no ban said as such
    "it's tailwind only in this repo",    # no ban before it: what it replaces is the conversation's
]


@pytest.mark.parametrize("text", NOT_A_TOOL_ONLY, ids=NOT_A_TOOL_ONLY)
def test_x_only_that_names_no_tool_or_no_ban_gives_nothing(text: str) -> None:
    assert _rules(text) == []


# --- R39-18: the team's way holds in every folder, unless it names one -------------------------------------------------

TOUCHED = ["web/src/components/Badge.jsx"]


def _scope(text: str) -> dict[str, list[str]]:
    return {rule: trigger_for(rule, TOUCHED, said=prose(text)) for rule in _rules(text)}


def test_a_we_convention_is_project_wide() -> None:
    text = "hmm no css files please, it's tailwind only in this repo. and we don't do default exports"
    assert _scope(text) == {"Use `tailwind` instead of adding css files.": [], "Never use default exports.": []}
    assert _scope("we don't do default exports") == {"Never use default exports.": []}
    assert _scope("we avoid default exports") == {"Avoid default exports.": []}


def test_the_same_rule_without_the_team_keeps_the_folder_touched() -> None:
    assert _scope("never use default exports") == {"Never use default exports.": ["web/src/components/*.jsx"]}


def test_a_we_convention_that_names_its_part_keeps_it() -> None:
    # the team's way in one part of the project: the touched folder (or the kind of code it names)
    assert _scope("we use structlog in this service") == {"Use `structlog`.": ["web/src/components/*.jsx"]}
    assert _scope("we never return raw errors from api handlers") == {
        "Never return raw errors from api handlers.": ["web/**/*.jsx"]}


def test_the_reflection_writes_the_team_way_without_paths() -> None:
    text = "hmm no css files please, it's tailwind only in this repo. and we don't do default exports"
    result = reflect_builtin([FeedbackItem("user_correction", text, "sig_1", None, list(TOUCHED))], [])
    assert [(d["text"], d.get("paths")) for d in result.deltas] == [
        ("Use `tailwind` instead of adding css files.", None), ("Never use default exports.", None)]
