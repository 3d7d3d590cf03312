"""A question about how a thing works or what causes an error asks for an explanation, in any language: "react
为什么要合并优先级？" (why does React merge priorities?) asks about React, not why the agent did something; "에러 발생
원인은?" (and the error's cause?) asks for the cause, it does not report the agent's change. "为什么要删掉这个文件？", "但是为什么
要把测试删了？" or with 你 still challenges what the agent did, and an error reported with a request to fix it
is still a report."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "已修复：我把优先级合并逻辑改成了按位或，并更新了 scheduler.ts。测试全部通过。"
DONE_EN = "Done: I changed the bash path in claude.bat to bin\\bash.exe and updated the settings; it should work now."


def verdict(text: str, answer: str = DONE):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None, answer=answer)


@pytest.mark.parametrize("text", [
    "react 为什么要合并优先级，合并之后的优先级给谁用？",
    "vue 为什么要把 ref 解包？",
    "fiber 为什么不直接递归？",
])
def test_why_a_thing_does_something_is_a_question(text):
    assert not verdict(text).correction


@pytest.mark.parametrize("text", [
    "为什么要删掉这个文件？",
    "但是为什么要把测试删了？",
    "这里为什么要改成同步调用？",
    "你为什么不创建一个副本文件",
    "为什么你把测试删了？",
])
def test_why_the_agent_did_it_still_challenges(text):
    assert verdict(text).reason == "asks why the agent did it"


@pytest.mark.parametrize("text", [
    "위치는 맞고 그러면 에러 발생 원인은?",
    "그럼 원인이 뭐야?",
    "エラーの原因は何ですか？ TypeError: Cannot read properties of null",
])
def test_asking_for_the_cause_is_no_report(text):
    assert not verdict(text, DONE_EN).correction


@pytest.mark.parametrize("text", [
    "以下のエラーが出るので原因を解析して修正してください。 TypeError: Cannot read properties of null (reading 'useReducer')",
    "에러가 나요: TypeError: Cannot read properties of null",
])
def test_an_error_reported_is_still_a_report(text):
    assert verdict(text, DONE_EN).correction
