"""Session #20 (cls38, issue 20): forms of correction in other languages the classifier let pass (real dev misses), each
with look-alikes that must stay quiet.

- Japanese: what the work should have brought is not there, said as a plain ending ("これらが実装されていません。",
  "番号が表示されていません"), and nothing comes back or happens ("何も返ってこないんだけど", "何も起きない"); never a
  noun the verb qualifies, a case, a question or a condition before it.
- Chinese: "你没写 …" (you did not write …) beside the existing "你没改/没加 …"; never "你没写错" (you did not write it
  wrong).
- The changes were not made or applied, after an answer that claimed the work ("the changes were not applied", "as
  alterações não foram feitas"), in English, Portuguese, Spanish, French, German and Italian; never a condition.
- Japanese "違うって …" (I am telling you it is not that) and "想定と違う" (not what I had in mind); never a case.
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


# -- the changes were not made or applied, after done work (English and five other languages) -----------------------

@pytest.mark.parametrize("text", [
    "the changes were not applied",
    "your edits haven't been saved",
    "o que aconteceu que as alterações não foram feitas?",  # what happened that the changes were not made? (real dev)
    "los cambios no se aplicaron",
    "les modifications n'ont pas été appliquées",
    "die Änderungen wurden nicht übernommen",
    "le modifiche non sono state applicate",
])
def test_changes_not_applied_after_done_work_is_a_report(text):
    verdict = classify_text(text, DONE)
    assert verdict.correction and verdict.reason == "said the change is not there", (text, verdict)


@pytest.mark.parametrize("text", [
    "if the changes were not applied, roll back",
    "the changes aren't pushed to prod yet, that's fine",
    "se as alterações não foram feitas, me avise",  # if the changes were not made, tell me
    "si los cambios no se aplicaron, reinicia el servidor",
    "the changes were applied, thanks",
])
def test_changes_not_applied_look_alikes_stay_quiet(text):
    assert not classify_text(text, DONE).correction, text


@pytest.mark.parametrize("text", [
    "in our app the changes are not saved when the user closes the modal, can you fix it?",  # their own app's bug
    "the changes were not applied",
    "los cambios no se aplicaron",
])
def test_changes_not_applied_without_a_claim_of_done_work_is_none(text):
    assert not classify_text(text, None).correction, text
    assert not classify_text(text, "The sync module reads the queue in batches of fifty.").correction, text


# -- Japanese "違うって …" and "想定と違う" -------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "違うって ライブだと固まっちゃうの",  # I'm telling you it's not that: live playback freezes
    "そもそもこれが返ってくるあたり、なんか想定と違うくない？",  # this coming back is not what I had in mind
    "イメージと違います",
])
def test_japanese_not_what_i_meant_is_a_correction(text):
    verdict = classify_text(text, DONE)
    assert verdict.correction and verdict.reason == 'says "that\'s wrong"', (text, verdict)


@pytest.mark.parametrize("text", [
    "想定と違う入力の場合は400を返してください",  # return 400 for an input other than expected (a case)
    "違うってこと？",  # you mean it is different? (a question)
])
def test_japanese_not_what_i_meant_look_alikes_stay_quiet(text):
    assert not classify_text(text, DONE).correction, text


# -- review38 R38-14: look-alikes of the forms above (reassurance, approval, a plan or a design, a concession) -----------

@pytest.mark.parametrize("text", [
    "걱정하지 마세요",  # don't worry
    "신경 쓰지 마세요",  # never mind
    "тебе не нужно ничего менять, всё уже работает",  # no need to change anything, it all works
    "何も返ってこないのは正常です",  # nothing coming back is normal
    "このAPIはまだ実装されていません。来週やります",  # not implemented yet; I'll do it next week
    "你没写注释也没关系",  # it's fine that you wrote no comments
    "你没写的部分我来写",  # I'll write the part you didn't
])
def test_review38_r38_14_look_alikes_stay_quiet(text):
    assert not classify_text(text, DONE).correction, text
