"""Session #20 (cls38, issue 20): forms of correction in other languages the classifier let pass (real dev misses), each
with look-alikes that must stay quiet.

- Japanese: what the work should have brought is not there, said as a plain ending ("これらが実装されていません。",
  "番号が表示されていません"), and nothing comes back or happens ("何も返ってこないんだけど", "何も起きない"); never a
  noun the verb qualifies, a case, a question or a condition before it.
- Chinese: "你没写 …" (you did not write …) beside the existing "你没改/没加 …"; never "你没写错" (you did not write it
  wrong).
- Russian and Korean prohibitions said to the agent: "тебе не нужно ничего менять", "не надо трогать конфиг",
  "… 한정하지 말고", "삭제하지 마세요"; never the person's own need ("мне не нужно …"), a rule for someone else
  ("пользователю не нужно …", "사용자가 삭제하지 말고 …"), a condition ("если не нужно …") or a declined offer
  ("нет, не надо, спасибо").
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text

DONE = "I've updated the component and fixed the import; the page should now render correctly."


@pytest.mark.parametrize("text", [
    "これらが実装されていません。",  # these are not implemented
    "項目名の左横に番号が表示されていません",  # the numbers are not shown
    "画像が保存されていません。",
    "福岡って入れても何も帰ってこないんだけど",  # nothing comes back when I enter Fukuoka
    "検索しても何も返ってこない",
    "ボタンを押しても何も起きない",  # nothing happens when I press the button
])
def test_japanese_result_not_there_after_done_work_is_a_report(text):
    verdict = classify_text(text, DONE)
    assert verdict.correction and verdict.reason == "said the result does not work", (text, verdict)


@pytest.mark.parametrize("text", [
    "実装されていない機能を追加してください",  # add the features that are not implemented (a noun it qualifies)
    "表示されていない場合はエラーを出してください",  # when it is not shown, raise an error (a case)
    "何も表示されていませんか？",  # is nothing shown? (a question)
    "エラーがなければ何も返ってこない仕様です",  # by design nothing comes back when there is no error
    "何も返ってこない場合はタイムアウトにしてください",  # when nothing comes back, time out
])
def test_japanese_look_alikes_stay_quiet(text):
    assert not classify_text(text, DONE).correction, text


@pytest.mark.parametrize("text", [
    "进度监听和状态监听你没写，我需要UI的展示的。",  # you did not write the progress and state listeners
    "你没加测试",
    "你根本没处理这个异常",
])
def test_chinese_you_did_not_write_it_is_a_correction(text):
    verdict = classify_text(text, DONE)
    assert verdict.correction and verdict.reason == 'says "you didn\'t…"', (text, verdict)


@pytest.mark.parametrize("text", [
    "你没写错，继续",  # you did not write it wrong, go on
    "你没改错，就是这样",  # you did not change it wrongly, that is how it is
])
def test_chinese_look_alikes_stay_quiet(text):
    assert not classify_text(text, DONE).correction, text


@pytest.mark.parametrize("text", [
    "тебе не нужно ничего менять",  # you don't need to change anything
    "Не надо трогать конфиг, поправь только тест",
    "особый случай. Не нужно переписывать весь модуль",
    "특정 테이블로 한정하지 말고. 테이블 형태는 어떻게 처리해야 하지?",  # don't limit it to a specific table
    "테스트 파일은 삭제하지 마세요.",  # don't delete the test files
])
def test_russian_and_korean_prohibitions_are_corrections(text):
    verdict = classify_text(text, DONE)
    assert verdict.correction and verdict.reason == "prohibited an action", (text, verdict)


@pytest.mark.parametrize("text", [
    "мне не нужно ничего менять, просто объясни",  # I don't need to change anything, just explain
    "Пользователю не нужно ничего менять в настройках, добавь это в README",  # a rule for the user, to document
    "нет, не надо, спасибо",  # declines an offer
    "если не нужно ничего менять, скажи",  # if nothing needs changing, say so
    "사용자가 삭제하지 말고 보관하도록 안내 문구를 추가해줘",  # add a note telling users to keep rather than delete
    "이 기능을 만들지 말지 고민 중이야",  # I'm wondering whether to build this feature or not
])
def test_russian_and_korean_look_alikes_stay_quiet(text):
    assert not classify_text(text, DONE).correction, text
