"""cls28 (issue 20): forms written from the third blind set's misses as shapes, not sentences, after an answer that
claimed the work, each with typed look-alikes that must stay quiet (none of these sentences is a row of any set): the
problem's onset placed at the agent's change, a fault of the view back again, the result's figures doubled or a quality
measure fallen after the agent's change, an empty result still ("still 0 rows", but "still 0 errors" is the good state
kept: it fired before), the app closing by itself in other languages, and after praise the agent's act that took the old
thing ("you used the red from the old palette")."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done. I updated the code and all tests pass."


def judge(text: str, answer: str | None):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True),
                                 answer=answer or DONE)


FIRE = [
    (None, 'still 3 errors'),
    (None, 'still 0 rows'),
    (None, 'the query still returns 0 rows'),
    (None, 'still getting 0 results for every search'),
    (None, 'still nothing in the logs'),
    (None, 'still an empty list'),
    ('The DAG now uses pendulum for timezones.', 'airflow shows an import error for the dag. this started right after your edit'),
    (None, 'the page takes 20 seconds to load, it began right after your last change'),
    (None, 'ever since your refactor the worker leaks memory'),
    (None, 'the login form has been acting weird since your commit'),
    (None, 'the sidebar overlaps the content on mobile again'),
    (None, 'teh chart labels r overlapping again'),
    (None, 'model accuracy dropped from 0.91 to 0.62 after the preprocessing refactor'),
    (None, 'hmm, the numbers in the report are doubled now'),
    (None, 'agora o app fecha sozinho quando abro a câmera'),
    (None, 'ahora la app se cierra sola cuando abro la cámara'),
    (None, "maintenant l'appli se ferme toute seule quand j'ouvre la caméra"),
    (None, 'die App schließt sich von selbst, wenn ich die Kamera öffne'),
    (None, 'the totals are doubled now, every order is counted twice'),
    (None, 'the thumbnails show up twice now'),
    (None, 'the f1 score went down after the rewrite'),
    (None, 'ahora la app se cierra sola cuando abro la cámara, ¿por qué?'),
    ('The bar chart is done with the error bars in red.', 'nice, the chart looks good. one thing though, you used the red from the old palette, the brand red is #D7263D now. after that can you start on the legend?'),
    (None, 'great work! one thing, you kept the deprecated client, switch to the v2 one'),
]

QUIET = [
    # an empty result accepted in the same breath (review28 R28-10)
    (None, "still 0 rows, but that's expected until the nightly job runs"),
    (None, "still empty, which is fine for now"),
    (None, "the old report still shows the same numbers, that's expected, it reads the archive"),
    (None, 'still 0 errors, great'),
    (None, 'still 0 errors after the rebuild'),
    (None, 'tsc still reports 0 errors, nice'),
    (None, 'still no errors in the console'),
    (None, 'still zero warnings'),
    (None, 'lint still clean, 0 problems'),
    (None, 'this started working right after your fix, thanks'),
    (None, 'since your refactor the code is much easier to read'),
    (None, 'the checkout flow started failing after the deploy on friday, can you look into it?'),
    (None, 'it started right after I updated my node version, how do I fix my setup?'),
    (None, 'this started happening after the windows update, not your fault'),
    (None, 'make sure the labels never overlap again'),
    (None, "the tooltip used to overlap the chart, it doesn't anymore, thanks"),
    (None, "can you check that the header doesn't overlap again on mobile?"),
    (None, 'revenue dropped from 2M to 1.5M last quarter, can you build a chart of it?'),
    (None, 'page load time halved now, great work'),
    (None, 'signups doubled after the redesign, amazing'),
    (None, 'a porta fecha sozinha, é um sensor, pode adicionar isso à documentação?'),
    (None, 'throughput doubled after your change, nice'),
    (None, 'latency dropped after your change, great'),
    (None, 'the numbers doubled this quarter, make a chart'),
    (None, 'thanks! one thing though, you kept the old API alone like I asked, good'),
    (None, 'great! one more thing: the old palette file can go, delete it when you have a minute'),
    (None, 'looks good. one thing for later: we might want to drop the legacy endpoint'),
]


@pytest.mark.parametrize("answer,text", FIRE)
def test_fires(answer, text):
    assert judge(text, answer).correction


@pytest.mark.parametrize("answer,text", QUIET)
def test_quiet(answer, text):
    verdict = judge(text, answer)
    assert not verdict.correction, verdict.reason
