"""Session #21 (cls39, issue 20): review38's open findings and guards for the false alarms the classifier raised on dev
owners at first sight (`research/classifier_unseen.py --history`), each written as a general form with a pair: the
look-alike that must stay quiet and the correction that must still fire.

- R38-10: an own slip in one sentence hides no standing rule said in a later one ("my bad, I gave you the wrong file. but
  never use npm here, it's pnpm"); spoken Chinese bans said as the whole message ("别用npm") and conventions
  ("这个项目用pnpm", "我们用pnpm").
- R38-14 addendum: "no changes needed, looks good" after done work approves it.
- Japanese "not shown" under a negative condition or said to be the design ("ログインしないと何も表示されません",
  "エラーがなければ何も表示されない仕様です").
- First-sight false alarms: a Chinese yes-no question ("有没有变化", "是不是重叠了"), a bare "do nothing", "it's still
  working", "or maybe not", the bounds of this very request ("more than what I just mentioned"), a pasted page's "Wrong
  window may receive focus", a "You're right" reply to a request for advice, the agent's own finding agreed with ("You're
  right, it is too small"), an apology for the person's own paste, and a failure of the person's machine (the port in
  use, a system library, a module the environment lacks).
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text, classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "I've updated the component and fixed the import; the page should now render correctly."


def _flag(text: str, answer: str | None = DONE) -> tuple[bool, str]:
    verdict = classify_text(text, answer)
    return bool(verdict.correction), verdict.reason


# -- R38-10 (a): the slip owns its sentence only -----------------------------------------------------------------------

@pytest.mark.parametrize("text, answer", [
    ("my bad, I gave you the wrong file. but never use npm here, it's pnpm", "Done."),
    ("my bad on the file name. also: never use npm here, we use pnpm", "You're right, sorry."),
    ("oops, my typo. we always use pnpm in this repo", "Done."),
])
def test_rule_after_the_owned_slip_still_counts(text, answer):
    flagged, reason = _flag(text, answer)
    assert flagged and reason in {"stated an always/never rule", "stated a team convention"}, (text, reason)


@pytest.mark.parametrize("text", [
    "my bad, I gave you the wrong file",
    "my bad, I gave you the wrong table name. it's analytics.events, not web.events",  # the person's own fix, no rule
    "scratch that, I misread the requirements doc. the limit is per user, not per org",
    "my bad, it works",
])
def test_owned_slip_without_a_rule_after_it_stays_quiet(text):
    assert not _flag(text, "Done.")[0], text


# -- R38-10 (b): spoken Chinese bans and conventions ---------------------------------------------------------------------

@pytest.mark.parametrize("text, reason", [
    ("别用npm", "prohibited an action"),
    ("不要再改这个文件", "prohibited an action"),
    ("这个项目用pnpm，别用npm", "stated a team convention"),
    ("我们这里用pnpm", "stated a team convention"),
    ("我们用pnpm", "stated a team convention"),
    ("为啥用npm？我们用pnpm", "stated a team convention"),
])
def test_chinese_bans_and_conventions_count_like_their_english_twins(text, reason):
    assert _flag(text) == (True, reason), text
    assert _flag({"别用npm": "don't use npm", "我们用pnpm": "we use pnpm here"}.get(text, "don't use npm"))[0]


@pytest.mark.parametrize("text", [
    "别急",  # no rush
    "别担心，慢慢来",  # don't worry, take your time
    "不要紧，继续",  # it doesn't matter, go on
    "我们用Vue吗？",  # do we use Vue? (a question)
    "帮我创建一个登录页面，不要用npm",  # a new piece of work with its own requirement
    "如果不要用npm的话怎么装？",  # a condition, asked
    "很好。以后每次运行都要把结果保存成 parquet，不要覆盖旧文件，用日期做文件名。",  # a ban inside new requirements
])
def test_chinese_look_alikes_of_a_ban_or_convention_stay_quiet(text):
    assert not _flag(text)[0], text


def test_chinese_we_use_before_a_report_is_the_report_not_a_convention():
    assert _flag("我们用pnpm安装依赖后报错了") == (True, "reported an error after the agent's change")


# -- R38-14 addendum: nothing more needed, with praise -------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "no changes needed, looks good",
    "no changes were needed in the end, thanks",
    "no, no changes needed, it already works",
    "no further changes required. thanks!",
])
def test_no_changes_needed_approves(text):
    assert not _flag(text)[0], text


@pytest.mark.parametrize("text", ["no, use pnpm", "nope, use the other file", "no, we use pnpm here"])
def test_no_with_a_direction_still_rejects(text):
    assert _flag(text)[0], text


# -- Japanese: a negative condition or the design ------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "エラーがなければ何も表示されない仕様です",  # nothing shows when there is no error: the spec
    "ログインしないと何も表示されません",  # nothing shows unless you log in
    "何も返ってこないのは正常です",  # nothing coming back is normal
])
def test_japanese_condition_or_design_is_no_report(text):
    assert not _flag(text)[0], text


@pytest.mark.parametrize("text", [
    "画面に何も表示されない",
    "何も表示されません",
    "保存を押したら何も表示されない",  # たら: when I press save, nothing shows
    "想定通りに動かない",  # it does not work as intended
])
def test_japanese_not_shown_after_done_work_still_reports(text):
    assert _flag(text) == (True, "said the result does not work"), text


# -- first-sight false alarms --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "我想对比改完之后的效果有没有变化",  # I want to compare whether anything changed
    "A和B是不是重叠了，你推荐如何结合使用？",  # do A and B overlap? how would you combine them?
    "do nothing",  # the answer to the agent's options
    "So I did git add -A, and I guess it's still working",
    "I think I need way more examples, add all of them? Or maybe not, make what's the best practice",
    "Wrong window may receive focus in multi-monitor setup: #101 (Bug in Apple API)",  # a pasted page
    "Wait, make sure you upscale it. You're right, it is too small right now, so upscale it significantly and push it.",
])
def test_first_sight_look_alikes_stay_quiet(text):
    assert not _flag(text)[0], text


@pytest.mark.parametrize("text, reason", [
    ("没有变化", "said the result is still broken"),
    ("还是不行，是不是缓存的问题？", None),  # the report beside the question still counts
    ("the buttons do nothing", "said the result does not work"),
    ("it does nothing", "said the result does not work"),
    ("maybe not delete the cache next time", "asked the agent not to do something"),
    ("wrong file", 'says "wrong…"'),
    ("it is too small right now, upscale it", "said the result does not look right"),
    ("you're right, still broken", "said the result is still broken"),  # the agent's fix failed, agreed or not
])
def test_first_sight_corrections_still_fire(text, reason):
    flagged, got = _flag(text)
    assert flagged and (reason is None or got == reason), (text, got)


def test_bounds_of_the_request_are_no_reminder_but_a_reminder_is():
    task = ("This reviewer should only review the changed files. Unless explicitly told, it should not review more than "
            "what i just mentioned.")
    assert not _flag(task)[0]
    assert _flag("I just mentioned that we use pnpm") == (True, "repeated an earlier instruction")
    assert _flag("as I said, use pnpm")[0]


def test_you_are_right_reply_to_a_request_for_advice_concedes_nothing():
    msg = UserMessage(text="What would be the best idea, im also thinking of replacing this nspawn system with arch-chroot",
                      index=2, after_assistant=True)
    previous = UserMessage(text="(earlier)", index=1, after_assistant=True)
    reply = "You're absolutely right - systemd-nspawn has been a constant source of problems. Let me analyze the options."
    assert not classify_user_message(msg, previous, answer="Would you like me to add a guide?", reply=reply).correction
    fault = UserMessage(text="the build step you added still fails on CI", index=2, after_assistant=True)
    assert classify_user_message(fault, previous, answer=DONE, reply=reply).correction


def test_apology_for_own_paste_after_an_interruption_is_no_redirect():
    previous = UserMessage(text="[Request interrupted by user]", index=1, after_assistant=True, kind="interrupt")
    quiet = UserMessage(text="sorry delete all of that it was wrong file", index=2, after_assistant=True)
    assert not classify_user_message(quiet, previous).correction
    for text in ("no, use the other file", "stop, wrong file", "Sorry, i meant for claude code, globally"):
        assert classify_user_message(UserMessage(text=text, index=2, after_assistant=True), previous).correction, text


@pytest.mark.parametrize("text", [
    "oops, I meant the v2 endpoint, not v1. v1 is being retired",
    "sorry, that was the wrong file, ignore it",
])
def test_owned_slip_after_an_apology_stays_quiet(text):
    assert not _flag(text)[0], text


@pytest.mark.parametrize("text", [
    "sorry if I wasn't clear, I meant the weekly chart, not the monthly one",  # the polite opening of a correction
    "sorry, but I meant the other table, you edited the wrong one",
])
def test_sorry_then_i_meant_still_corrects(text):
    assert _flag(text)[0], text


@pytest.mark.parametrize("text, answer", [
    ("Error: listen EADDRINUSE: address already in use :::3000\n    at Server.setupListenHandle", DONE),
    ("OSError: cannot load library 'libportaudio.so.2': version `GLIBCXX_3.4.32' not found", DONE),
    ("Traceback (most recent call last):\n  File \"setup.py\", line 8, in <module>\n    import httplib2\n"
     "ModuleNotFoundError: No module named 'httplib2'", DONE),
])
def test_failure_of_the_persons_machine_is_no_report(text, answer):
    assert not _flag(text, answer)[0], text


@pytest.mark.parametrize("text, answer", [
    ("Error: listen EADDRINUSE: address already in use :::3000  this happens every time I save now", DONE),
    ("ModuleNotFoundError: No module named 'app.settings_local'", DONE),  # the project's own module
    ("Traceback (most recent call last):\nModuleNotFoundError: No module named 'httpx'",
     "I switched the client to httpx and updated the imports."),  # the module the agent brought in
    ("ModuleNotFoundError: No module named 'crm_client'  same as before", DONE),
])
def test_failure_tied_to_the_change_still_reports(text, answer):
    assert _flag(text, answer)[0], text
