"""Issue 20, cls24: two known defects real people hit.

- A Japanese contrast ("…ましたが、…", "…ですが、…", "…けど、…") is split as "but" is: "エラーは出なくなりましたが、ログイン
  できません" (the error is gone, but I cannot log in) reports after done work; a Japanese "cannot <action>" ("ログインでき
  ません", "保存できない") is a report, as "I can't log in" is, never in a question, a requirement or a rule.
- A reply that opens with a sentence of agreement ("おっしゃる通りです。", "You're right.") and apologises only in a later
  sentence agrees (`replies.RIGHT`): after a question it makes no correction; after a statement it still concedes.
  "Вы совершенно правы, прошу прощения" (right and sorry in one breath) concedes.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture import replies
from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done. I updated the login form and the API client; the build passes and the dev server is running on port 5173."
OPTIONS = ("A few options: 1. simplify the login flow 2. a preview before login 3. a QR shortcut. In short, I'd keep the "
           "current flow and decline the request.")
AGREES = {
    "ja": "おっしゃる通りです。日本のユーザーにとってLINEログインはほぼ最小限のハードルですね。先ほどの代替案は的外れでした。すみません。",
    "en": "You're right. LINE login is already about as light as a login gets. My earlier list missed that, sorry.",
    "zh": "你说得对。LINE 登录已经是最低的门槛了。之前的建议不太对，抱歉。",
    "es": "Tienes razón. El login con LINE ya es lo más simple que hay. Perdón por las sugerencias anteriores.",
}


def judge(text: str, answer: str = DONE, reply: str | None = None) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None, answer=answer,
                                      reply=reply).correction)


@pytest.mark.parametrize("text", [
    "エラーは出なくなりましたが、ログインできません",
    "エラーは出なくなりましたが、まだログインできません",
    "ログインできません",
    "保存できない",
    "保存できませんでした",
    "ボタンをクリックできない",
    "修正ありがとうございますが、まだエラーが出ます",
    "エラーは消えましたけど、画面が真っ白です",
])
def test_a_report_after_a_japanese_contrast_or_a_cannot_counts(text):
    assert judge(text)


@pytest.mark.parametrize("text", [
    "エラーは出なくなりました、ありがとう",
    "確認しましたが、問題ありません",
    "確認しましたが、ちゃんと保存できています",
    "エラーは出なくなりましたが、念のためテストも追加してください",
    "動きましたが、次はログイン画面を作ってください",
    "ログインできませんか？",
    "ログインできないときはエラーメッセージを表示して",
    "ログインできない場合はトップに戻して",
    "もしログインできなければ、ログを出して",
    "このページはログインしないと表示できません",
    "削除できないようにしてください",
    "管理者以外は編集できないようにして",
    "直りました、ありがとうございます。ログインもできます",
    # review24 R24-4: the reason for a request
    "このファイルは削除できませんので、残しておいてください",
    "この関数は変更できませんので、ラッパーを作ってください",
    "ここは編集できませんから、別のファイルに書いてください",
])
def test_japanese_look_alikes_stay_quiet(text):
    assert not judge(text)


@pytest.mark.parametrize("reply, reading", [
    (AGREES["ja"], replies.RIGHT),
    (AGREES["en"], replies.RIGHT),
    (AGREES["zh"], replies.RIGHT),
    (AGREES["es"], replies.RIGHT),
    ("Вы совершенно правы, прошу прощения. Я упустил из виду более простой способ.", replies.CONCEDED),
    ("Sorry, you're right. I misread the spec.", replies.CONCEDED),
    ("You're right, I apologize: I misread the spec.", replies.CONCEDED),
    ("申し訳ありません。おっしゃる通りです。", replies.CONCEDED),
])
def test_a_reply_is_read_by_its_first_sentence(reply, reading):
    assert replies.read_reply(reply) == reading


@pytest.mark.parametrize("lang, text", [
    ("ja", "LINEログイン以上にハードルを下げる方法はあるのでしょうか？"),
    ("ja", "他に方法はありますか？"),
    ("ja", "それはスマホでも同じですか？"),
    ("ja", "このままで大丈夫でしょうか？"),
    ("en", "Is there an easier way than LINE login?"),
    ("en", "Would that also work on mobile?"),
    ("en", "Is there anything simpler?"),
    ("en", "Does that apply to the admin page too?"),
    ("zh", "还有更简单的方法吗？"),
    ("zh", "手机上也一样吗？"),
    ("es", "¿Hay una forma más sencilla?"),
    ("es", "¿Eso funciona también en el móvil?"),
])
def test_a_question_the_reply_agrees_with_is_no_correction(lang, text):
    assert not judge(text, OPTIONS, AGREES[lang])


@pytest.mark.parametrize("lang, text", [
    ("ja", "LINEログインで十分だと思います"),
    ("en", "LINE login is already as simple as it gets."),
])
def test_a_statement_the_reply_agrees_with_still_concedes(lang, text):
    assert judge(text, OPTIONS, AGREES[lang])


def test_right_and_sorry_in_one_breath_still_concede_after_a_challenge_asked():
    reply = "Вы совершенно правы, прошу прощения. Я упустил из виду более простой способ установки."
    assert judge("там в инструкции есть aur пакет, это ты так изучил?", OPTIONS, reply)
