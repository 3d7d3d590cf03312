"""The built-in reflector learns the short ways people state a project's convention, and still invents nothing
(issue 20 item 3, twelfth pass).

People rarely write "use X instead of Y". They answer a slip with two words ("uv, not pip"), say what the team uses
("we use pnpm here", "I already told you we use poetry"), forbid ("don't touch the migrations", "no more conda") or
state how the project keeps its data ("our API returns cents"). Each of those is a standing rule; the same short
shapes about anything that is not a tool, a kind of thing or a unit ("JSON, not CSV", "we use the old client",
"don't touch the button") are one task's steering and give nothing. The wording here is written for these tests,
not taken from the corpus.
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, correction_rules, reflect_builtin
from altimate_learn.reflect.providers.builtin.rules import ASKS, NO_RULE
from altimate_learn.reflect.providers.builtin.one_off import ONE_COMPONENT, ONE_THING

LEARNED = [
    # a terse choice between two tools that do one job: the project's tool whoever asked
    ("uv, not pip", "Use `uv` instead of `pip`."),
    ("pnpm not npm!", "Use `pnpm` instead of `npm`."),
    ("ruff please, not flake8", "Use `ruff` instead of `flake8`."),
    ("no, vitest not jest", "Use `vitest` instead of `jest`."),
    # the team's tool, stated or recalled
    ("we use poetry here", "Use `poetry`."),
    ("this codebase uses vitest, not jest", "Use `vitest` instead of `jest`."),
    ("we're a yarn shop", "Use `yarn`."),
    ("I already told you we use pnpm", "Use `pnpm`."),
    ("how many times do I have to say it, we use mypy", "Use `mypy`."),
    ("we use bun, please remember that, and run it again", "Use `bun`."),
    ("please stick to pdm", "Always use `pdm`."),
    ("use httpx instead", "Use `httpx`."),
    # a tool forbidden
    ("flake8 is banned in this repo", "Never use `flake8`."),
    ("no more conda", "Never use `conda`."),
    ("I said no pip!", "Never use `pip`."),
    ("pls dont use pip here, uv", "Use `uv` instead of `pip`."),  # review12 R12-8: the uv half was dropped
    ("as I said before, no float for money", "Never use `float` for money."),  # review12 R12-8
    ("no any in typescript", "Never use `any` in typescript."),
    # one type against another keeps both in backticks and drops the deictic "here" (review12 R12-2)
    ("reminder: money is always Decimal here, never float. pls fix", "Money is always `Decimal`, never `float`."),
    # a prohibition guarding a kind of thing, a rule said to hold always, a kind of thing and what each needs
    ("don't touch the migrations", "Never touch the migrations."),
    ("do not edit the snapshots", "Never edit the snapshots."),
    ("don't modify anything under vendor/", "Never modify anything under `vendor/`."),
    ("migrations should always be reversible", "Migrations should always be reversible."),
    ("Every public function needs a docstring.", "Every public function needs a docstring."),
    # how the project keeps its data
    ("our API returns cents", "The API returns cents."),
    ("amounts are stored in cents", "Amounts are stored in cents."),
    ("all timestamps are stored in UTC", "All timestamps are stored in UTC."),
    # a place with a prose alternative keeps the prose out of backticks (review10 R10-1)
    ("tests go in tests/unit, not next to the code", "Put tests in `tests/unit`, not next to the code."),
]


@pytest.mark.parametrize(("feedback", "lesson"), LEARNED, ids=[c[0][:40] for c in LEARNED])
def test_a_short_convention_becomes_its_standing_rule(feedback: str, lesson: str) -> None:
    assert correction_rules(feedback) == ([lesson], "")


NOTHING = [
    # a choice of one task: a format, a place, a day, a colour (black is a formatter too, white is not), a version
    "JSON, not CSV",
    "staging, not prod",
    "Friday, not Thursday",
    "black, not white",
    "3.12, not 3.11",
    # no tool named, or said of this moment only, or a premise of a complaint
    "we use the old client",
    "we use yarn for now",
    "we use npm but it's slow",
    "no pip for this one",
    "no black",
    "no npm",  # may answer "shall I publish it to npm?"
    "no pandas for the new service",
    "use the icons from the kit instead",
    "is pip not allowed here?",
    "pnpm, not npm?",
    # one thing, not a kind of thing; an uncountable "any text"
    "don't touch the button",
    "do not modify any text",
    # data: what went wrong, how it is shown, a change, or a contrast that may be a complaint
    "the API still returns cents",
    "prices are shown in cents",
    "amounts are stored in cents now",
    "our API returns cents, not dollars",
]


@pytest.mark.parametrize("feedback", NOTHING)
def test_the_same_short_shapes_about_one_task_give_no_lesson(feedback: str) -> None:
    assert correction_rules(feedback) == ([], ASKS if feedback.endswith("?") else NO_RULE)


@pytest.mark.parametrize(("feedback", "why"), [
    # naming one thing of this change is not a naming convention (review11 R11-12)
    ("call the class OrderService instead of OrderManager", ONE_THING),
    ("name the helper parse_row instead of parseRow", ONE_THING),
    # a design statement about one part stays with a model or a person (review11 R11-13)
    ("The payment service must use idempotency keys.", ONE_COMPONENT),
])
def test_one_named_thing_or_one_part_is_declined_with_its_reason(feedback: str, why: str) -> None:
    assert correction_rules(feedback) == ([], f"no standing rule: {why}")


def test_a_batch_learns_the_conventions_marks_a_restated_one_helpful_and_leaves_the_rest_open() -> None:
    lessons = [{"id": "L-pnpm", "text": "Use `pnpm` instead of `npm`.", "status": "active"}]
    items = [FeedbackItem("user_correction", "I told you, we use pnpm", "s1"),
             FeedbackItem("user_correction", "uv, not pip", "s2"),
             FeedbackItem("user_correction", "JSON, not CSV", "s3"),
             FeedbackItem("user_correction", "call the class OrderService instead of OrderManager", "s4"),
             FeedbackItem("user_correction", "don't touch the migrations", "s5")]
    result = reflect_builtin(items, lessons)
    assert [(d["op"], d.get("text", d.get("id"))) for d in result.deltas] == [
        ("HELPFUL", "L-pnpm"), ("ADD", "Use `uv` instead of `pip`."), ("ADD", "Never touch the migrations.")]
    assert result.sources == ["s1", "s2", "s5"]
    # what gave nothing stays open with its reason, for a model or a person; it does not wait for the next reflection
    assert dict(result.skipped) == {"s3": NO_RULE, "s4": f"no standing rule: {ONE_THING}"}
    assert result.waiting == set()


APPROVED = [{"id": "L-http", "text": "Use `httpx` for all HTTP calls; never `requests` or `urllib`."},
            {"id": "L-deps", "text": "Use `uv add` to add dependencies; never `pip install`."}]


@pytest.mark.parametrize(("feedback", "lesson_id"), [
    ("no, use httpx not requests", "L-http"),
    ("why requests? we always use httpx", "L-http"),
    ("use uv, not pip", "L-deps"),
    ("uv, not pip", "L-deps"),
])
def test_a_tool_choice_an_approved_lesson_already_gives_is_helpful_to_it_not_a_new_or_narrower_lesson(
        feedback: str, lesson_id: str) -> None:
    # review12 R12-4: these superseded the broader lesson (its `urllib` half lost) or added a second copy of it
    result = reflect_builtin([FeedbackItem("user_correction", feedback, "s1")], APPROVED)
    assert [(d["op"], d.get("id")) for d in result.deltas] == [("HELPFUL", lesson_id)]


@pytest.mark.parametrize(("approved", "feedback"), [
    ("Use `docker compose` for local services.", "no more docker"),
    ("Use `pnpm` for packages.", "we use npm"),
    ("Never use `docker` for tests.", "we use docker"),
    ("Use `httpx` for all HTTP calls; never `requests` or `urllib`.", "use requests, not httpx"),
    ("Use `pnpm` for packages.", "we switched to yarn"),
])
def test_a_few_words_against_an_approved_lesson_replace_nothing_offline_and_stay_open(approved: str,
                                                                                         feedback: str) -> None:
    # review12 R12-13: these superseded (REMOVE + ADD) a scoped lesson, or added a second lesson disagreeing with it
    result = reflect_builtin([FeedbackItem("user_correction", feedback, "s1")], [{"id": "L-old", "text": approved}])
    assert result.deltas == []
    assert result.skipped == [("s1", "goes against L-old: a model or a person should decide which holds")]
    assert result.waiting == set()


def test_a_change_said_as_one_still_supersedes_and_a_scoped_rule_is_its_own_lesson() -> None:
    result = reflect_builtin([FeedbackItem("user_correction", "we don't use httpx anymore, use requests", "s1"),
                              FeedbackItem("user_correction", "we use uv to manage dependencies", "s2")], APPROVED)
    assert [(d["op"], d.get("text"), d.get("supersedes")) for d in result.deltas] == [
        ("ADD", "Use `requests` instead of `httpx`.", "L-http"), ("ADD", "Use `uv` to manage dependencies.", None)]
