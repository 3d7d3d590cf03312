"""Issue 20, cls25: the indirect groups of `capture/indirect.py` in Spanish, Portuguese, French, German, Italian,
Russian, Chinese and Japanese: "is there a reason you …", a reminder of what was agreed with a rule after it, a hedged
wish to keep or leave something. Written from the forms, not from any corpus message. A reminder that carries a note (a
meeting, a day, something handed over) and a wish about new work stay quiet.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "I've fixed the login handler and updated the tests. Everything passes now."


def judge(text: str, answer: str | None = DONE) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None,
                                      answer=answer).correction)


@pytest.mark.parametrize("text", [
    "¿hay alguna razón para que hayas cambiado el puerto?",
    "tem algum motivo pra você ter removido os testes?",
    "il y a une raison pour laquelle tu as supprimé les logs ?",
    "gibt es einen Grund, warum du die Tests gelöscht hast?",
    "c'è un motivo per cui hai cambiato la porta?",
    "como acordamos, los tests van en la carpeta tests",
    "como combinamos, sem dependências novas",
    "comme on l'a dit, pas de nouvelles dépendances",
    "come avevamo deciso, niente dipendenze nuove",
    "как договаривались, без новых зависимостей",
    "我们之前说好了不用 redux",
    "前に決めた通り、タブでインデントしてください",
    "preferiría mantener el nombre anterior",
    "mejor no toques el CI",
    "prefiro manter o nome antigo",
    "je préférerais garder l'ancien nom",
    "ich würde lieber den alten Namen behalten",
    "лучше не трогай конфиг",
    "最好不要改这个文件",
    "設定ファイルは変えないほうがいいです",
    # review25 R25-4: still fine, and the French "comme on a dit" it missed
    'como acordamos, nada de console.log en producción',
    'wie besprochen, keine Secrets im Repo',
    'мы же договорились не трогать миграции',
    'hay alguna razón por la que borraste los tests?',
    'лучше не трогай конфиг',
    'comme on a dit, pas de console.log en prod',
])
def test_the_indirect_groups_in_other_languages_count(text):
    assert judge(text)
    assert judge(text, answer=None)


@pytest.mark.parametrize("text", [
    "¿hay alguna razón para usar postgres?",
    "como acordamos con el cliente, la demo es el viernes",
    "comme on l'a dit hier en réunion, la démo est vendredi",
    "wie besprochen schicke ich dir morgen die Daten",
    "wie besprochen, hier sind die Zugangsdaten",
    "wie besprochen. Hier sind die Daten.",
    "как договаривались, вот ключ от API",
    "我们之前说好了周五发布，现在可以开始了吗",
    "como combinamos, segue o arquivo",
    "preferiría que lo hagas en TypeScript, crea el proyecto",
    "mejor deja que termine el build",
    "лучше оставить это на потом? что думаешь",
    "最好不要超过100行，帮我写一个解析器",
    # review25 R25-4: a reminder about the pace or the plan's next step, a preference that the agent act, curiosity
    'como hablamos, no hay prisa, hazlo cuando puedas',
    'wie besprochen, kein Stress, mach das nach der Mittagspause',
    'как договаривались, не торопись, главное качество',
    "come abbiamo detto, non c'è fretta",
    '我们之前说好了，不着急，慢慢来',
    'wie besprochen, nur noch die Tests schreiben, dann sind wir fertig',
    'como acordamos, ahora solo falta el endpoint de facturas',
    'я бы предпочёл, чтобы ты сам запустил миграцию',
    'hay alguna razón por la que elegiste Postgres? solo por curiosidad, está genial',
    'gibt es einen Grund, warum du Redis gewählt hast? Ich schreibe gerade die Doku',
])
def test_notes_questions_and_new_work_stay_quiet(text):
    assert not judge(text)
