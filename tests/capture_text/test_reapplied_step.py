"""Issue 20, cls24: a report after an answer that handed over only the step that applies the agent's change.

"I've fixed the session cookie. You'll need to restart the server for it to take effect." hands the person a step, so
an error they report next is read as coming from their own step (`cues.HANDED_OVER`, `languages.HANDED_OVER`). A
restart, reload, refresh, rebuild, re-run or cleared cache only applies the change: when the person says they took it
("I restarted it and it still throws", "重启之后登录报错500", "nach dem Neustart bekomme ich einen Fehler"), what fails is the
change. Checked in every language the hand-over detection knows (en, zh, ja, ko, ru, es, pt, fr, de). A step of the
person's own ("add your API key to .env and restart") still makes the error theirs, and a report that does not say the
step was taken is read as before.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

HANDED = {
    "en": "I've fixed the login handler so the session cookie is set. You'll need to restart the server for it to take effect.",
    "zh": "我已经修复了登录处理，会话 cookie 现在会被设置。你需要重启服务器才能生效。",
    "ja": "ログイン処理を修正しました。セッションCookieが設定されます。反映するにはサーバーを再起動する必要があります。",
    "ko": "로그인 처리를 수정했습니다. 이제 세션 쿠키가 설정됩니다. 적용하려면 서버를 재시작해야 합니다.",
    "ru": "Я исправил обработчик входа, теперь cookie сессии устанавливается. Вам нужно перезапустить сервер, чтобы изменения "
          "вступили в силу.",
    "es": "He corregido el manejador de login para que se guarde la cookie de sesión. Tienes que reiniciar el servidor para "
          "que surta efecto.",
    "pt": "Corrigi o handler de login para que o cookie de sessão seja definido. Você precisa reiniciar o servidor para aplicar.",
    "fr": "J'ai corrigé le gestionnaire de connexion pour que le cookie de session soit défini. Vous devez redémarrer le "
          "serveur pour que ce soit pris en compte.",
    "de": "Ich habe den Login-Handler korrigiert, damit das Session-Cookie gesetzt wird. Du musst den Server neu starten, "
          "damit es wirkt.",
}
OWN_STEP = "I've added the settings loader. You'll need to add your API key to .env and restart the server."


def judge(text: str, answer: str) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None,
                                      answer=answer).correction)


@pytest.mark.parametrize("lang, text", [
    ("en", "I restarted it and it throws a TypeError"),
    ("en", "after restarting the server I get a 500 on login"),
    ("en", "restarted, now it throws a TypeError"),
    ("zh", "重启之后登录报错500"),
    ("ja", "再起動してもエラーが出ます"),
    ("ja", "再起動しましたが、ログインできません"),
    ("ko", "재시작해도 에러가 나요"),
    ("ru", "после перезапуска выдаёт ошибку 500"),
    ("es", "después de reiniciar me da un error 500"),
    ("pt", "depois de reiniciar deu erro 500"),
    ("fr", "après redémarrage, j'ai une erreur 500"),
    ("de", "nach dem Neustart bekomme ich einen Fehler 500"),
])
def test_a_report_after_taking_the_step_that_applies_the_change_counts(lang, text):
    assert judge(text, HANDED[lang])


@pytest.mark.parametrize("lang, text", [
    ("en", "restarted, works now, thanks"),
    ("en", "restarted and it works"),
    ("en", "did that, all good now"),
    ("en", "after restarting, the login works. next, add a logout button"),
    ("en", "I restarted the server. What should I see on the login page?"),
    ("en", "restarted it, the login is fine now"),
    ("en", "I restarted it, no more errors"),
    ("zh", "重启后好了，谢谢"),
    ("zh", "重启之后就正常了"),
    ("ja", "再起動したら直りました"),
    ("ja", "再起動したら、ちゃんとログインできました"),
    ("ko", "재시작하니 잘 돼요"),
    ("ru", "после перезапуска всё работает"),
    ("es", "después de reiniciar ya funciona"),
    ("pt", "depois de reiniciar funcionou"),
    ("fr", "j'ai redémarré, ça marche"),
    ("de", "nach dem Neustart funktioniert es"),
])
def test_the_step_taken_and_the_result_fine_stays_quiet(lang, text):
    assert not judge(text, HANDED[lang])


@pytest.mark.parametrize("text", [
    "I restarted and now I see a warning from my own eslint plugin, how do I turn it off?",  # review24 R24-5
    "I restarted and I get an error, what does EADDRINUSE mean?",
])
def test_a_question_after_the_step_asks_help_with_the_persons_own(text):
    assert not judge(text, HANDED["en"])


@pytest.mark.parametrize("text", [
    "restarted, now I get 401 unauthorized",
    "after restarting I get an error: invalid api key",
])
def test_after_a_step_of_the_persons_own_the_error_is_still_theirs(text):
    assert not judge(text, OWN_STEP)
