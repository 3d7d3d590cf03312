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


# After an interruption, a plain request for the next piece of work redirects nothing; a message that departs from the
# work under way (a refusal, a limit of scope or order, how to do the same thing, one named thing swapped in) does.
@pytest.mark.parametrize("quiet, fires", [
    ("make the header sticky", "no, use the staging db"),
    ("write the release notes for this", "write the test first"),
    ("add a dark mode toggle to settings", "skip the docs for now, fix the failing test"),
    ("let's add pagination to the list view", "let's do it with a make target"),
    ("update the readme with the new flags", "don't touch the migrations, only the models"),
    ("create a docker compose file for local dev", "just edit the existing config instead of creating a new one"),
    ("run the full test suite and report back", "stop, run the unit tests first"),
    ("use tailwind for the styling of the new page", "use pnpm"),
    ("let's use celery to run the nightly job", "switch to the v2 endpoint"),
    ("build the landing page with a hero section and a pricing table", "do it with a bash script, not python"),
    ("set up github actions for the repo", "look at how the users module does it and copy that"),
    ("install the dependencies and start the server", "fix the test, the implementation is correct"),
    ("make it also work on mobile", "leave the styling alone, fix the logic"),
    ("use the spare time to write the changelog", "that's too much, keep it to one function"),
    ("no te preocupes, sigue con el siguiente archivo", "no, usa la base de datos de staging"),
    ("non, c'est bon, continue", "non, utilise la base de test"),
    ("нет, всё нормально, продолжай", "стоп, не трогай миграции"),
    ("不要紧，继续", "不要改数据库，只改前端"),
    ("nein, alles gut, mach weiter", "nein, nimm die staging Datenbank"),
])
def test_after_an_interruption_only_a_departure_redirects(quiet, fires):
    assert not _after_interrupt(quiet), f"look-alike flagged: {quiet!r}"
    assert _after_interrupt(fires), f"redirect missed: {fires!r}"


# The words that depart count as said to the agent, not inside the description of the next thing.
@pytest.mark.parametrize("quiet, fires", [
    ("add a check so it doesn't crash on empty input", "add the check in the parser, not in the handler"),
    ("write a function that only returns active users", "only the backend please"),
    ("add an option to skip the intro", "skip the intro, fix the login first"),
    ("add tests for the existing endpoints", "just edit the existing tests for the endpoints"),
    ("create a script that does not need root", "do not use root, run it as the app user"),
    ("build the export so it never blocks the ui", "never block the ui, move the export to a worker"),
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
    ("não consigo ver agora, estou no celular", "não consigo acessar o painel"),
    ("je ne peux pas accéder au serveur de prod, c'est normal, seuls les admins peuvent", "je n'arrive pas à ouvrir la page"),
    ("ich kann heute nicht zugreifen, bin unterwegs", "ich kann die Seite nicht öffnen"),
    ("сейчас не могу открыть, посмотрю вечером", "не могу открыть страницу"),
    ("non riesco a vedere il video adesso, lo guardo dopo", "non riesco ad aprire la pagina"),
    ("我现在不能够打开电脑，明天再看", "还是不能打开页面"),
    ("今日は開けないので明日見ます", "ページが開けません"),
    ("ファイルを開けないでください", "localhostにアクセスできません"),
    ("I can't open it right now, I'm on my phone", "I can't open the page now"),
    ("I can't open the page right now, will check tonight", "I can't open it right now since your change"),
])
def test_cannot_open_after_a_done_answer_is_a_report_unless_it_is_the_persons_moment(quiet, fires):
    assert not classify_text(quiet, answer=DONE).correction, f"look-alike flagged: {quiet!r}"
    assert classify_text(fires, answer=DONE).correction, f"report missed: {fires!r}"


@pytest.mark.parametrize("text", ["sayfayı açamıyorum", "nie mogę otworzyć strony", "nemůžu otevřít stránku", "并不能够本地打开"])
def test_cannot_open_needs_the_done_answer(text):
    assert classify_text(text, answer=DONE).correction
    assert not classify_text(text).correction  # without an answer that claimed the work, nothing to report on
