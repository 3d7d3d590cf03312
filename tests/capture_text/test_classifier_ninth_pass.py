"""Ninth pass on the correction classifier (issue 20, item 2): every sentence here was written for the test, none is
corpus text. Each look-alike that must stay quiet sits next to a correction of the same shape that must still fire,
so a fix by dropping the rule fails too."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text, classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "I've updated the component and fixed the import; the page should now render correctly."


def _after_interrupt(text: str) -> bool:
    stopped = UserMessage(text="[Request interrupted by user]", index=1, after_assistant=True, kind="interrupt")
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True), stopped).correction


# After an interruption, a message that departs from the work under way redirects (a refusal, a contrast, a limit, a
# reuse of what exists, "the code is right"); a message in the form of the next piece of work (a plan, a new thing
# made, work added on, a sentence in another language, a "no" that refuses nothing) does not. A plain direction with
# no word of departure ("make it a dataclass") is the next instruction since the eleventh pass (see
# test_classifier_eleventh_pass.py): on dev owners at first sight that branch was wrong more often than right.
@pytest.mark.parametrize("quiet, fires", [
    ("make folder backups", "make it a dataclass, not a dict"),
    ("add pagination to the list view", "add the index to the migration, not the model"),
    ("create a docker compose file for local dev", "create the table in the analytics schema, not public"),
    ("set up github actions for the repo", "put the helper in utils/dates.py instead"),
    ("let's add a dark mode toggle to settings", "let's do it with a make target"),
    ("let's use celery to run the nightly job", "use the async client for the uploads, not requests"),
    ("also generate the api docs", "write the migration with alembic first"),
    ("fix the typo in the footer as well", "don't run the whole suite, only pytest -q tests/unit"),
    ("add logging to the worker while you're at it", "keep the public API the same, the signature is fine"),
    ("move the cursor styles into the theme file when you get there", "move it to the services folder"),
    ("update trang chủ để hiển thị tổng số đơn hàng", "switch the endpoint to POST rather than GET"),
    ("no te preocupes, sigue con el siguiente archivo", "no, usa la base de datos de staging"),
    ("no tengo docker en este equipo", "no, use the staging db"),
    ("non, c'est bon, continue", "non, utilise la base de test"),
    ("нет, всё нормально, продолжай", "стоп, не трогай миграции"),
    ("不要紧，继续", "不要改数据库，只改前端"),
    ("nein, alles gut, mach weiter", "nein, nimm die staging Datenbank"),
    ("please continue with the migration", "skip the docs for now, fix the failing test"),
    ("go ahead with the plan, and commit after each step", "stop, run the unit tests first"),
    ("keep going, and add tests at the end", "fix the test, the implementation is correct"),
])
def test_after_an_interruption_a_direction_redirects_the_next_piece_of_work_does_not(quiet, fires):
    assert not _after_interrupt(quiet), f"look-alike flagged: {quiet!r}"
    assert _after_interrupt(fires), f"redirect missed: {fires!r}"


# A word of departure inside the description of the next thing does not make it a redirect.
@pytest.mark.parametrize("quiet, fires", [
    ("add a check so it doesn't crash on empty input", "add the check in the parser, not in the handler"),
    ("write a function that only returns active users", "only the backend please"),
    ("add an option to skip the intro", "skip the intro, fix the login first"),
    ("add tests for the existing endpoints", "just edit the existing tests for the endpoints"),
    ("create a script that does not need root", "do not use root, run it as the app user"),
    ("add a settings page for the other users", "use the other settings page"),
])
def test_after_an_interruption_a_departure_is_said_not_described(quiet, fires):
    assert not _after_interrupt(quiet), f"look-alike flagged: {quiet!r}"
    assert _after_interrupt(fires), f"redirect missed: {fires!r}"


# A verb-opened "… instead" is new work when the verb takes time, goes on, tries something out or writes a new thing
# (review8 R8-12); it still corrects when it swaps the means.
@pytest.mark.parametrize("quiet, fires", [
    ("use the spare time to write the changelog instead", "use httpx instead"),
    ("keep going with the next ticket instead", "keep the old name instead"),
    ("keep working on the invoices instead", "keep using the v1 client instead"),
    ("use the rest of the afternoon to review the docs instead", "use time.monotonic() instead"),
    ("try out the new dashboard page instead", "try the other approach instead"),
    ("just write a short summary for the team instead", "read the config from env vars instead"),
    ("nope, nothing else today, let's write the docs instead", "no, nothing else, use the old api instead"),
])
def test_a_verb_opened_instead_is_new_work_unless_it_swaps_the_means(quiet, fires):
    assert not classify_text(quiet, answer=DONE).correction, f"look-alike flagged: {quiet!r}"
    assert classify_text(fires, answer=DONE).correction, f"correction missed: {fires!r}"


# "I can't open / reach / see it" after a done answer, in the languages of capture/languages.py; the person's own
# moment ("I'll look tonight", "I'm on my phone", "that's normal") is not a report.
@pytest.mark.parametrize("quiet, fires", [
    ("no puedo ver el video ahora, estoy en el móvil, lo reviso luego", "no puedo abrir la página"),
    ("não consigo acessar agora, estou em reunião, vejo depois", "não consigo acessar o painel"),
    ("je ne peux pas accéder au serveur de prod, c'est normal, seuls les admins peuvent", "je n'arrive pas à ouvrir la page"),
    ("ich kann heute nicht zugreifen, bin unterwegs", "ich kann die Seite nicht öffnen"),
    ("não consigo ver agora, estou no celular", "não consigo entrar no painel"),
    ("сейчас не могу открыть, посмотрю вечером", "не могу открыть страницу"),
    ("non riesco a vedere il video adesso, lo guardo dopo", "non riesco ad aprire la pagina"),
    ("我现在不能够打开电脑，明天再看", "还是不能打开页面"),
    ("今日は開けないので明日見ます", "ページが開けません"),
    ("ファイルを開けないでください", "localhostにアクセスできません"),
    ("I can't open it right now, I'm on my phone", "I can't scroll the menu on my phone"),
    ("I can't check it at the moment, I'm in a meeting", "I can't open it at the moment, it shows a 500"),
    ("I can't open the page right now, will check tonight", "I can't open the page on mobile, it's blank"),
    ("no puedo abrirlo ahora, lo veo mañana", "no puedo abrir la página en el móvil"),
    ("我现在在开会，等会再看，不能够打开", "还是不能打开，手机上也不行"),
])
def test_cannot_open_after_a_done_answer_is_a_report_unless_it_is_the_persons_moment(quiet, fires):
    assert not classify_text(quiet, answer=DONE).correction, f"look-alike flagged: {quiet!r}"
    assert classify_text(fires, answer=DONE).correction, f"report missed: {fires!r}"


@pytest.mark.parametrize("text", ["sayfayı açamıyorum", "nie mogę otworzyć strony", "nemůžu otevřít stránku", "并不能够直接打开"])
def test_cannot_open_needs_the_done_answer(text):
    assert classify_text(text, answer=DONE).correction
    assert not classify_text(text).correction  # without an answer that claimed the work, nothing to report on
