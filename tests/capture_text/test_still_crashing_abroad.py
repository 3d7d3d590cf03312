"""Issue 20, cls25: "still crashes / freezes" in German, Russian, Spanish, Portuguese, French and Italian.

The English tables read "it still crashes"; the other languages' tables read only "still not <verb>" and "still an
error", so "Es stürzt immer noch ab" and "вход всё ещё падает" passed after a done answer. Each language's "still" with
its verbs of a crash or a hang is now a report that the result is still broken; a crash said gone ("stürzt nicht mehr
ab", "больше не падает"), "hängt … ab" (depends on), a falling price or a pending update, French "toujours" as "always"
of a behaviour meant so, and a question asked of the agent are none (review25 R25-1).
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Fixed: the login handler no longer dereferences a missing session. I ran the tests and they pass."


def judge(text: str, answer: str = DONE) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None,
                                      answer=answer).correction)


@pytest.mark.parametrize("text", [
    "Es stürzt immer noch ab",
    "es stürzt immer noch ab, wenn ich auf speichern klicke",
    "Der Login stürzt weiterhin ab",
    "die App ist immer noch am Abstürzen",
    "immer noch Absturz beim Speichern",
    "es hängt sich immer noch auf",
    "die Seite friert immer noch ein",
    "вход всё ещё падает",
    "логин по-прежнему падает",
    "приложение всё ещё крашится",
    "приложение до сих пор вылетает при сохранении",
    "опять падает",
    "падает всё ещё",
    "todavía se cae",
    "la app sigue crasheando",
    "se sigue cayendo al guardar",
    "ainda está quebrando",
    "o app continua travando",
    "ça plante toujours",
    "l'app plante encore au démarrage",
    "crasha ancora",
    "si blocca ancora dopo il login",
    # review25 R25-1: still fine, and the two it missed
    "todavía se congela la pantalla",
    "всё ещё зависает при загрузке",
    "ainda trava quando salvo",
    "es crasht schon wieder",
    "sigue colgándose al guardar",
    "es hängt immer noch",
    "warum stürzt es immer noch ab?",
    "приложение всё ещё падает при открытии отчёта",
    "die App stürzt immer noch ab, wenn ich den Bericht öffne",
])
def test_still_crashing_in_other_languages_is_a_report(text):
    assert judge(text)


@pytest.mark.parametrize("text", [
    "es stürzt nicht mehr ab, danke",
    "stürzt nicht mehr ab",
    "Das hängt immer noch davon ab, welche Version wir nehmen",
    "super, läuft wieder",
    "Der Kurs fällt immer noch",
    "das Update steht immer noch aus",
    "immer noch keine Antwort vom Kunden, aber egal",
    "больше не падает, спасибо",
    "всё ещё проверяю, подожди",
    "падение курса всё ещё идёт",
    "ya no se cae, gracias",
    "já não trava mais",
    "ça ne plante plus",
    "non crasha più, grazie",
    # review25 R25-1: a figure that falls, French "toujours" as "always", a crash said gone, a question to the agent
    "курс всё ещё падает, покажи график за неделю",
    "трафик всё ещё падает после редизайна, посмотри аналитику",
    "el precio sigue cayendo, revisa el gráfico",
    "la conversión sigue cayendo desde el lunes, analiza el embudo",
    "o preço continua caindo, pode olhar o relatório?",
    "la bolsa todavía cae, actualiza el dashboard",
    "Der Traffic stürzt immer noch ab seit dem Relaunch, schau dir die Analytics an",
    "le middleware bloque toujours les requêtes non authentifiées, c'est voulu",
    "Le CI bloque toujours le merge si les tests échouent, c'est la règle",
    "le pare-feu bloque toujours le port 22, c'est normal",
    "es stürzt nicht mehr ständig ab, danke",
    "он больше не падает постоянно, спасибо",
    "Stürzt es immer noch ab? Bei mir läuft es jetzt",
    "il server si blocca ancora? Io non riesco a riprodurlo",
    "la CPU aún se congela? no, ya está bien",
    # review25's residual to R25-1: more figures that fall
    "число регистраций до сих пор падает, построй воронку",
    "CTR всё ещё падает после смены баннера, посмотри A/B тест",
    "la retención sigue cayéndose en la semana 2, analiza las cohortes",
    # ... and a figure the message asks to be analysed, whatever its name
    "LTV до сих пор падает, посчитай по когортам",
    "el NPS sigue cayéndose, prepara un informe",
    "la audiencia todavía se cae los domingos, revisa el dashboard",
    "die Nutzerzahl stürzt immer noch ab, zieh mal die Daten",
])
def test_a_crash_said_gone_or_another_still_stays_quiet(text):
    assert not judge(text)
