"""Session #27 (cls45, issue 20): general forms of how people correct, measured first sight (owner folds the author did
not read), and review44's R44-2.

- "I don't see it" after done work: the person does not see what the agent made ("i don't see the status line", "I can't
  see any logo"): the change is not there. Never what the person cannot see the sense of ("I don't see why …", "… the
  point", "… a problem"), nor after an answer that did no work, nor backing a question of how something works ("how do
  the tests get a broker? I don't see it in compose").
- R44-2: "again?? the tests dir is tests/unit not test/": a fact the agent used, set right without the comma, when both
  sides are a path, a file name or code.
- The hand-back in other languages: after an answer that left a step to the person, "请执行", "你自己在终端执行",
  "実行してください", "hazlo tú" tell the agent to carry it out itself; a question of how, a thank-you or a report that
  the person did it is none.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text

DONE = "I added the status line to your settings and the logo to the header. It should show up after a reload."
ASKED = "Which file should hold the status line settings?"
PLAN = "I could add a status line to your settings. Would you like me to do that?"


@pytest.mark.parametrize("text, fires", [
    ("i don't see the status line", True),
    ("I don't see it", True),
    ("i dont see it, fix that", True),
    ("hmm I still can't see any logo on the page", True),
    ("we don't see the new header on staging", True),
    ("I don't see why we need a status line at all", False),  # a question of sense, not the result
    ("I don't see the point of a logo there", False),
    ("I don't see a problem with that, thanks!", False),  # a thank-you
    ("I don't see anything wrong, looks good", False),
    ("i don't see any errors now", False),  # the good state (test_reminders_and_why_abroad_cls37)
    ("we didn't see anything like that in prod before", False),  # a past (test_classifier_no_effect)
    ("nice, I don't see anything in the logs anymore", False),  # the fault gone (test_classifier_no_effect)
    ("I don't see the warning anymore, thanks", False),
    ("thanks! now add a settings page, I don't see one in the menu", False),  # a new request
    ("how do the integration tests get a rabbitmq broker? I don't see it in compose", False),  # a question that only asks
    ("where is the logo loaded from? I can't see it in the header component", False),
    ("if you don't see it after a reload, clear the cache", False),
])
def test_the_person_does_not_see_what_the_agent_made(text, fires):
    verdict = classify_text(text, DONE)
    assert verdict.correction is fires, (text, verdict)
    if fires:
        assert verdict.reason == "said the change is not there"


@pytest.mark.parametrize("answer", [ASKED, PLAN, None])
def test_not_seeing_something_is_no_report_when_the_agent_did_no_work(answer):
    assert not classify_text("i don't see the status line", answer).correction


@pytest.mark.parametrize("text, fires", [
    ("again?? the tests dir is tests/unit not test/", True),  # R44-2
    ("the tests dir is tests/unit not test/", True),
    ("the entry point is `main.py` not `app.py`", True),
    ("the config lives in config/app.toml not settings.toml", True),
    ("its src/lib not lib/", True),
    ("this is important not just for me", False),
    ("we are slow not broken", False),
    ("it is a function not a class", False),  # words, not code: no form of a fact the agent used
    ("which one is src/lib not src/app?", False),  # a question that only asks
    ("thanks, the tests dir looks good", False),
])
def test_a_fact_set_right_without_a_comma(text, fires):
    verdict = classify_text(text, "I changed the code as you asked.")
    assert verdict.correction is fires, (text, verdict)
    if fires:
        assert verdict.reason == 'says "X, not Y"'


HANDED_ZH = "修复方法：你需要手动修改 config.yaml，然后运行以下命令：\n`npm run build`"
HANDED_JA = "以下のコマンドを実行してください: npm run build"
HANDED_ES = "Para solucionarlo tienes que ejecutar npm install y reiniciar el servidor."
HANDED_IN_TERMINAL = "请将这个更新后的内容替换到你的 `app.rb` 文件中，并重新运行测试。"
DONE_ZH = "我已经修复了 bug，页面现在可以正常显示了。"


@pytest.mark.parametrize("answer, text, fires", [
    (HANDED_ZH, "请执行", True),
    (HANDED_ZH, "请执行这个修复", True),
    (HANDED_ZH, "你自己在终端执行命令啊", True),
    (HANDED_ZH, "请你执行上面步骤", True),
    (HANDED_IN_TERMINAL, "请执行", True),
    (HANDED_JA, "実行してください", True),
    (HANDED_ES, "hazlo tú", True),
    (HANDED_ZH, "怎么执行？", False),  # a question of how
    (HANDED_ZH, "谢谢", False),  # a thank-you
    (HANDED_ZH, "执行完了", False),  # the person did it
    (HANDED_JA, "どうやって実行する？", False),
    (HANDED_JA, "ありがとう", False),
    (HANDED_ES, "gracias, lo hago yo", False),
    (DONE_ZH, "请执行", False),  # nothing was handed over
    (None, "请执行", False),
])
def test_the_hand_back_in_other_languages(answer, text, fires):
    verdict = classify_text(text, answer)
    assert verdict.correction is fires, (answer, text, verdict)
    if fires:
        assert verdict.reason == "told the agent to act instead of describing"


DONE_ROMANCE = ("Listo, actualicé el formulario y agregué la validación. Pronto, atualizei o formulário. Voilà, j'ai mis à "
                "jour le formulaire.")


@pytest.mark.parametrize("text, fires", [
    ("no veo el botón", True),
    ("no veo ningún cambio", True),
    ("não vejo o botão", True),
    ("je ne vois rien", True),
    ("je ne vois pas le bouton", True),
    ("ich sehe den Button nicht", True),
    ("non vedo il pulsante", True),
    ("не вижу кнопку", True),
    ("nie widzę przycisku", True),
    ("la page est blanche", True),
    ("la página sale en blanco", True),
    ("le bouton ne fait rien", True),
    ("o botão não faz nada", True),
    ("der Button macht nichts", True),
    ("está errado", True),
    ("está dando erro", True),
    ("no veo por qué necesitamos esto", False),  # the sense, not the result
    ("no veo ningún problema, gracias", False),  # a thank-you
    ("não vejo nenhum problema", False),
    ("je ne vois pas pourquoi", False),
    ("je ne vois pas le problème, merci", False),
    ("ich sehe kein Problem", False),
    ("deja el campo en blanco", False),  # a request
    ("je ne vois plus d'erreur", False),  # the good state
    ("ich sehe keine Fehler mehr", False),
])
def test_the_same_forms_in_other_languages(text, fires):
    verdict = classify_text(text, DONE_ROMANCE)
    assert verdict.correction is fires, (text, verdict)


@pytest.mark.parametrize("answer", ["¿Qué archivo quieres que edite?", None])
def test_not_seeing_it_abroad_is_no_report_when_the_agent_did_no_work(answer):
    assert not classify_text("no veo el botón", answer).correction
    assert not classify_text("je ne vois rien", answer).correction
