"""Session #28 (cls46, issue 20): the families that work in English ("why didn't you…", "I told you", "still the same
error", "that's not what I asked", "undo that", "you forgot X"), in the forms Spanish, Portuguese, French, German,
Italian, Russian, Polish, Chinese, Japanese and Korean say them that the tables had left out, written from the
languages (not from dev messages); and the good state said abroad ("ya no veo ningún error", "je ne vois plus
l'erreur", "der Fehler ist weg") no longer read as an error report.

Each language has its real-like correction after an answer that claimed the work, and look-alikes that must not flag:
a question that only asks, a thank-you, a new request, the good state, another thing cancelled or returned.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text

DONE = "I fixed the bug and updated the tests. Everything should work now."

WHY = "asks why the agent did it"
TOLD = "repeated an earlier instruction"
STILL = "said the result is still broken"
NOT_ASKED = 'says "not what I asked"'
UNDO = "asked to revert the agent's change"
FORGOT = 'says "you forgot…"'


@pytest.mark.parametrize("text, reason", [
    # why didn't you … (the agent's own act left undone)
    ("¿por qué no usaste pnpm?", WHY),
    ("por que você não rodou os testes?", WHY),
    ("pourquoi tu n'as pas lancé les tests ?", WHY),
    ("perché non hai eseguito i test?", WHY),
    ("dlaczego nie uruchomiłeś testów?", WHY),
    ("czemu nie uruchomiłeś testów?", WHY),
    ("你怎么把文件删了？", WHY),
    ("なんでテストを実行しなかったの？", WHY),
    ("何でまた設定を変えたの？", WHY),
    ("왜 테스트 안 돌렸어?", WHY),
    # I told you / as I said
    ("ich hab's dir schon gesagt", TOLD),
    ("no te dije que usaras pnpm", TOLD),
    ("não te falei para usar pnpm?", TOLD),
    ("już ci mówiłem", TOLD),
    ("mówiłem ci już, nie używaj print", TOLD),
    ("przecież mówiłem, żeby używać pnpm", TOLD),
    ("跟你说过了用pnpm", TOLD),
    ("前にも言ったけど、printは使わないで", TOLD),
    ("何度も言いましたが、printは使わないでください", TOLD),
    ("아까 말했듯이 pnpm 써", TOLD),
    ("내가 pnpm 쓰라고 했잖아", TOLD),
    # still broken / the same error
    ("todavía falla", STILL),
    ("o erro persiste", STILL),
    ("l'erreur persiste", STILL),
    ("c'est toujours pareil", STILL),
    ("è ancora rotto", STILL),
    ("l'errore persiste", STILL),
    ("всё так же", STILL),
    ("ошибка осталась", STILL),
    ("wciąż to samo", STILL),
    ("nadal ten sam błąd", STILL),
    ("ten sam błąd", STILL),
    ("还是报同样的错", STILL),
    # not what I asked
    ("das ist nicht, was ich wollte", NOT_ASKED),
    ("das wollte ich nicht", NOT_ASKED),
    ("я не об этом просил", NOT_ASKED),
    ("я не это просил", NOT_ASKED),
    ("我没有要求这个", NOT_ASKED),
    ("そういうことじゃない", NOT_ASKED),
    ("그런 거 요청 안 했어", NOT_ASKED),
    ("nie o to mi chodziło", NOT_ASKED),
    ("nie prosiłem o to", NOT_ASKED),
    # undo
    ("annule ça", UNDO),
    ("annulla la modifica", UNDO),
    ("annulla", UNDO),
    ("rimetti com'era", UNDO),
    ("setz das zurück", UNDO),
    ("mach es wieder wie vorher", UNDO),
    ("откати это", UNDO),
    ("отмени изменения", UNDO),
    ("回滚", UNDO),
    ("还原吧", UNDO),
    ("戻して", UNDO),
    ("元通りにして", UNDO),
    ("cofnij to", UNDO),
    ("przywróć poprzednią wersję", UNDO),
    # you forgot
    ("se te olvidó el import", FORGOT),
    ("esqueceste o import", FORGOT),
    ("t'as oublié l'import", FORGOT),
    ("du hast den Import vergessen", FORGOT),
    ("ti sei dimenticato l'import", FORGOT),
])
def test_the_family_in_another_language(text, reason):
    verdict = classify_text(text, DONE)
    assert verdict.correction, (text, verdict)
    assert verdict.reason == reason, (text, verdict)


@pytest.mark.parametrize("text", [
    # the good state (cls45 found the first one flagged as an error report)
    "ya no veo ningún error",
    "ya no veo errores",
    "no veo ningún error ahora",
    "já não vejo nenhum erro",
    "je ne vois plus aucune erreur",
    "je ne vois plus l'erreur",
    "non vedo più nessun errore",
    "non c'è più l'errore",
    "der Fehler ist weg",
    "nie widzę już błędów",
    # questions that only ask
    "¿por qué no existe el archivo config?",
    "por que você não gostou da ideia? só curiosidade",
    "pourquoi tu n'as pas de compte GitHub ? tu devrais en créer un",
    "perché non hai accesso al repo? te lo aggiungo",
    "你怎么知道这个bug的？",
    "你怎么看这个方案？",
    "为什么不试试redis？",
    "回滚的脚本在哪里？",
    # reported speech, a new request
    "ich habe es dem Team schon gesagt, dass wir morgen deployen",
    "jak mówiłem na spotkaniu, termin to piątek",
    "我跟你说过的那个项目，现在开始做吧",
    "das wollte ich nicht sagen, aber danke",
    "annule la réunion de demain",
    "annulla la prenotazione del cliente nel codice di test",
    "отмени подписку пользователя в админке",
    "верни это значение из функции",
    "戻してから再実行する手順を教えて",
    "setz das Limit zurück auf 100 wenn der Nutzer sich abmeldet",
    "сделай всё так же, как в модуле A",
    "还是报表的问题，帮我生成一个新报表",
    "se te olvidó algo? no creo",
    # thank-yous
    "gracias, funciona perfecto",
    "merci, ça marche",
    "danke, jetzt funktioniert es",
    "спасибо, всё работает",
    "dzięki, działa",
    "谢谢，可以了",
    "ありがとう、動きました",
    "고마워, 잘 돼",
])
def test_look_alikes_do_not_flag(text):
    verdict = classify_text(text, DONE)
    assert not verdict.correction, (text, verdict)


def test_the_good_state_with_a_fault_after_it_still_reports():
    verdict = classify_text("ya no veo ningún error pero la página no carga", DONE)
    assert verdict.correction


# -- after done work: the change not there, still nothing / still stuck, an endless loop (the English "it's not committed",
# "still nothing there", "it loops forever"), in the other languages
PART = "said a part of the result does not work"
WORKS_NOT = "said the result does not work"


@pytest.mark.parametrize("text, reason", [
    ("ん？いや、エンタイヤにプッシュされてないよ", PART),
    ("ce n'est pas poussé", PART),
    ("no está implementado", PART),
    ("não foi salvo", PART),
    ("die Änderung wurde nicht übernommen", PART),
    ("non è stato salvato", PART),
    ("изменения не применились", PART),
    ("nie zostało zapisane", PART),
    ("구현이 안 됐어", PART),
    ("dalej nic nie ma pomyśl", STILL),
    ("dalej stoi w tym samym miejscu", STILL),
    ("toujours rien", STILL),
    ("todavía nada", STILL),
    ("ainda nada", STILL),
    ("immer noch nichts", STILL),
    ("ancora niente", STILL),
    ("всё ещё ничего", STILL),
    ("程序进入死循环了", WORKS_NOT),
    ("entra en un bucle infinito", WORKS_NOT),
    ("fica em loop infinito", WORKS_NOT),
    ("ça tourne en boucle", WORKS_NOT),
    ("es hängt in einer Endlosschleife", WORKS_NOT),
    ("va in loop infinito", WORKS_NOT),
    ("скрипт зациклился", WORKS_NOT),
    ("무한 루프에 빠졌어", WORKS_NOT),
    ("wpada w nieskończoną pętlę", WORKS_NOT),
    ("正常に終端に達したら、再生し直すせいで無限ループしています", WORKS_NOT),
])
def test_the_result_not_there_or_stuck_abroad(text, reason):
    verdict = classify_text(text, DONE)
    assert verdict.correction, (text, verdict)
    assert verdict.reason == reason, (text, verdict)


@pytest.mark.parametrize("text", [
    "まだ実装されていない機能を追加してください",  # a feature to add
    "このAPIはまだ実装されていません。来週やります",  # not yet, the person's own plan (test_abroad_forms_cls38)
    "实现一个功能，避免死循环",  # a loop to avoid
    "添加检查防止进入死循环",
    "ajoute une vérification pour éviter que ça tourne en boucle",
    "la fonction n'est pas encore implémentée dans la v2, on la fera demain",  # deferred
    "nie jest zapisane w bazie, jeśli użytkownik nie potwierdzi",  # a condition
    "todavía nada que hacer, gracias",
    "ainda nada mal, obrigado",
    "toujours rien à signaler, merci",
])
def test_look_alikes_of_the_result_not_there(text):
    verdict = classify_text(text, DONE)
    assert not verdict.correction, (text, verdict)


@pytest.mark.parametrize("text", ["程序进入死循环了", "ce n'est pas poussé", "dalej nic nie ma"])
def test_no_report_without_done_work(text):
    assert not classify_text(text, "Which file holds the player loop?").correction


# -- the hand-back: after an answer that left steps to the person ("执行上述步骤后…", "które wykonasz lokalnie"), "请你执行上面
# 步骤" and "tak wpisz mi to do terminala" tell the agent to carry them out itself
STEPS_ZH = "修复步骤：1. 删除 bin 和 obj 2. 重新构建。执行上述步骤后，系统将使用一致的数据库路径。"
STEPS_PL = "Mogę przygotować polecenia do terminala, które wykonasz lokalnie, aby zainicjować stronę Hugo. Czy chcesz?"
ACT = "told the agent to act instead of describing"


@pytest.mark.parametrize("text, answer, fires", [
    ("请你执行上面步骤", STEPS_ZH, True),
    ("请执行这个修复", STEPS_ZH, True),
    ("谢谢，我来执行", STEPS_ZH, False),
    ("执行上面步骤会删除数据吗？", STEPS_ZH, False),  # a question that only asks
    ("tak wpisz mi to do terminala", STEPS_PL, True),
    ("tak, poproszę instrukcję", STEPS_PL, False),
    ("dzięki, wpiszę to sam", STEPS_PL, False),
    ("请你执行上面步骤", "我已经删除了 bin 和 obj 并重新构建，应用已正常启动。", False),  # no step was left
])
def test_the_hand_back_after_steps_left_to_the_person(text, answer, fires):
    verdict = classify_text(text, answer)
    assert verdict.correction is fires, (text, verdict)
    if fires:
        assert verdict.reason == ACT
