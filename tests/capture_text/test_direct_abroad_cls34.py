"""cls34 (issue 20, review31 R31-8): the plain corrective forms in other languages ("no, use X instead of Y", "not X but Y",
"don't use X, use Y", "you should have …", "I had said …", "that's not at all what I asked", Hinglish "still not
working") are corrections after the agent's answer (`capture/direct_abroad.py`), and their look-alikes are not: a new
request that opens with the verb of making and carries "instead of" inside it (`direct_abroad.NEW_WORK`), a question, "not
only … but also", "it's not necessary, it's optional", a verb said not to work followed by "а" (Russian "but"). Every
sentence here was written from the grammar of its language; none is a row of any set. Each correction below was missed
by the classifier before this pass (checked against the code at fff2c87f).
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "I've updated the config and added the new handler. The tests pass."


def judge(text: str, answer: str | None = DONE):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


CORRECTIONS = [
    # es
    "no, usa pnpm en lugar de npm", "Usa fetch en vez de axios", "no es un modal, es una página aparte",
    "no quiero un modal sino una página", "deberías haber usado la tabla existente",
    "ya te lo había dicho, los tests van en la carpeta tests",
    # pt
    "não, use pnpm em vez de npm", "usa o componente Button ao invés de criar um novo", "não use moment, use date-fns",
    "não é um modal, é uma página separada", "você deveria ter usado a tabela que já existe",
    "eu já tinha dito que os testes ficam na pasta tests",
    # fr
    "non, utilise pnpm au lieu de npm", "prends le composant existant plutôt que d'en créer un nouveau",
    "n'utilise pas moment, utilise date-fns", "ce n'est pas un modal, c'est une page à part",
    "tu aurais dû utiliser la table existante", "J'avais précisé en pur Go HTML/CSS + Tailwind.",
    "ce n'est pas du tout ce que j'ai demandé, je voulais juste renommer la colonne",
    "je ne t'ai jamais demandé de changer le style",
    # it
    "no, usa pnpm invece di npm", "non usare moment, usa date-fns", "non è un modale, è una pagina a parte",
    "avresti dovuto usare la tabella esistente", "te l'ho già detto, i test vanno nella cartella tests",
    # de
    "nein, nimm pnpm statt npm", "verwende die vorhandene Tabelle anstatt eine neue anzulegen",
    "nimm nicht moment, sondern date-fns", "nicht im Controller, sondern im Service",
    "du hättest die vorhandene Tabelle verwenden sollen", "ich hatte doch gesagt, dass die Tests in tests/ liegen",
    "das ist überhaupt nicht was ich wollte",
    # ru
    "нет, используй pnpm вместо npm", "не используй moment, используй date-fns", "не модалку, а отдельную страницу",
    "сделай не модалку, а отдельную страницу", "тебе надо было использовать существующую таблицу",
    "я не просил менять стили", "это совсем не то",
    # zh, ja, ko
    "用 pnpm 而不是 npm", "不要用 moment，用 date-fns", "不是弹窗，是单独的页面", "本来应该用现有的表", "请用现有组件代替新组件",
    "npmではなくpnpmを使ってください", "モーダルじゃなくて、別ページにしてください", "既存のテーブルを使うべきでした",
    "そんなこと頼んでないです",
    "npm 말고 pnpm 써 주세요", "기존 테이블을 사용했어야죠",
    # Hinglish
    "npm ki jagah pnpm use karo", "maine pehle hi bola tha ki tests folder me daalo", "ye galat hai, button upar hona chahiye",
    "abhi bhi kaam nahi kar raha", "maine ye nahi bola tha", "tumhe pehle check karna chahiye tha",
]


@pytest.mark.parametrize("text", CORRECTIONS)
def test_the_direct_correction_is_read_in_its_language(text: str) -> None:
    assert judge(text).correction, text


LOOK_ALIKES = [
    # new work that carries "instead of" inside it
    "crea un endpoint que use Redis en lugar de la base de datos",
    "perfecto, gracias. Ahora agrega un botón de exportar usando CSV en lugar de Excel",
    "Agrega una página de perfil. Usa Tailwind en lugar de CSS puro.",
    "Crie uma página de perfil. Use Tailwind em vez de CSS puro.",
    "crie uma função que use Redis em vez do banco",
    "Crée une page de profil. Utilise Tailwind au lieu du CSS pur.",
    "crée une fonction qui utilise Redis au lieu de la base",
    "crea una funzione che usa Redis invece del database",
    "Erstelle eine Profilseite. Nimm Tailwind statt reinem CSS.",
    "erstelle eine Funktion, die Redis statt der Datenbank verwendet",
    "Создай страницу профиля. Используй Tailwind вместо чистого CSS.",
    "создай функцию, которая использует Redis вместо базы",
    "теперь добавь экспорт в CSV вместо Excel",
    "创建一个个人资料页面，用 Tailwind 而不是纯 CSS",
    "무한 스크롤 대신 페이지 번호로 바꿔 주세요. 관리자들이 특정 페이지로 바로 가고 싶어해요.",
    # questions
    "¿podemos usar Redis en vez de memcached?", "¿por qué usaste Redis en lugar de memcached? solo por curiosidad",
    "podemos usar Redis em vez de memcached?", "est-ce qu'on peut utiliser Redis au lieu de memcached ?",
    "possiamo usare Redis invece di memcached?", "können wir Redis statt memcached nehmen?",
    "можно использовать Redis вместо memcached?", "是不是应该用 Redis？", "kya hum redis use kar sakte hai?",
    "quiero aprender más sobre cómo usar Redis en lugar de memcached", "mujhe redis ke baare me samjhao",
    # "not only … but also", "not necessary, optional", "not bad, but", a verb with Russian "а" (but)
    "no solo el backend sino también el frontend", "não só o backend mas também o frontend",
    "nicht nur das Backend, sondern auch das Frontend", "не только бэкенд, а также фронтенд",
    "日本の都市がないね。あと都市名だけじゃなくて国名でも検索できるようにして", "로그인만 말고 회원가입도 만들어 주세요",
    "이 기능뿐만 아니라 저 기능도 추가해 주세요",
    "no es necesario, es opcional", "não é necessário, é opcional", "ce n'est pas grave, c'est juste un test",
    "non è necessario, è opzionale", "ce n'est pas mal, mais on peut faire mieux ?", "这个不是很重要，是可选的",
    "不是我的错，是网络问题", "pas de souci, continue", "не знаю, а ты как думаешь?",
    # speech reported, a condition, a description
    "dije que llegaría tarde a la reunión", "falls du willst, nimm Redis statt memcached",
    "これは手動ではなく自動で実行されます",
]


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_the_look_alike_is_no_correction(text: str) -> None:
    verdict = judge(text)
    assert not verdict.correction, (text, verdict.reason)


def test_russian_but_after_a_verb_is_no_contrast_without_a_claim() -> None:
    # "the password doesn't work, but it is right": "а" after a verb said not to work is "but", not "not X but Y"; with no
    # answer that claimed work there is no report to read either
    assert not judge("что-то не работает пароль, а он правильный", answer=None).correction


def test_the_direct_form_stays_quiet_in_a_reply_to_the_agents_question() -> None:
    # the answer asked which to use: "use X instead of Y" answers it (a soft reason, as in English)
    asked = "I can cache the results in memcached or Redis. Which one would you like me to use?"
    assert not judge("usa Redis en lugar de memcached", answer=asked).correction
    assert not judge("nimm Redis statt memcached", answer=asked).correction


# review34 R34-1: a refusal and then what to do, in the other languages (the English "no, use …"), after done work.
REFUSED_AND_DIRECTED = [
    "nein, Datumswerte immer als ISO-8601 Strings zurückgeben, nicht als date-Objekte",
    "non, on n'utilise jamais print pour le débogage ici, utilise le module logging",
    "nein, wir benutzen hier nie print zum Debuggen, nimm das logging-Modul",
    "Nein! Du sollst pnpm benutzen, nicht npm.",
    "no, qui non usiamo mai print per il debug, usa il modulo logging",
    "нет, мы здесь никогда не используем print для отладки, используй logging",
    "不，我们这里从不用 print 调试，用 logging 模块",
    "いいえ、ここではデバッグに print は使いません。logging を使ってください",
    "아니요, 여기서는 디버깅에 print를 쓰지 않아요. logging 모듈을 써 주세요",
    "nahi, yaha hum debugging ke liye print use nahi karte, logging module use karo",
    "usa pnpm, no npm",
]


@pytest.mark.parametrize("text", REFUSED_AND_DIRECTED)
def test_a_refusal_with_a_direction_is_a_correction_in_any_language(text: str) -> None:
    assert judge(text, answer="Fertig. I added the debug output with print().").correction, text


# ... never a refusal that only declines or says the person does not know, nor one that answers the agent's question
DECLINES = [
    "no, gracias, así está bien", "nein, danke, das passt so", "нет, спасибо, всё отлично", "不用了，谢谢", "いいえ、大丈夫です",
    "아니요, 괜찮아요", "nahi, theek hai", "no, solo quería saber cómo funciona", "non, je voulais juste comprendre",
    "nein, ich wollte nur wissen, wie es geht", "нет, я просто спросил", "no, non lo so", "Non, je ne sais pas",
    "Non, ce n'est pas grave", "Nein, das ist nicht schlimm", "Нет, не страшно", "不，没事", "不是，我只是问问",
    "いや、ちょっと聞きたかっただけ", "Na, dann mach weiter", "nein, ich weiß es nicht", "no, está perfecto así",
    "no sé, sino pregunto",
]


@pytest.mark.parametrize("text", DECLINES)
def test_a_refusal_that_only_declines_is_no_correction(text: str) -> None:
    verdict = judge(text)
    assert not verdict.correction, (text, verdict.reason)


@pytest.mark.parametrize("text", ["Nein, nur das Backend", "no, solo el backend", "нет, только бэкенд", "non, seulement le backend"])
def test_a_refusal_that_answers_the_agents_question_is_no_correction(text: str) -> None:
    asked = "I added the endpoint. Should I also add tests for the frontend?"
    verdict = judge(text, answer=asked)
    assert not verdict.correction, (text, verdict.reason)
