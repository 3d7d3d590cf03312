"""Tenth pass on the correction classifier (issue 20, item 2): every sentence here was written for the test, none is
corpus text. Each look-alike that must stay quiet sits next to a correction of the same shape that must still fire,
so a fix by dropping the rule fails too."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text, classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "I've updated the settings page and fixed the import; the form should now save correctly and the tests pass."
DONE_JA = "設定ページを更新して、インポートを修正しました。フォームが正しく保存されるようになり、テストも通ります。"
DONE_RU = "Я обновил страницу настроек и исправил импорт; теперь форма сохраняется правильно, и тесты проходят."
DONE_FR = "J'ai mis à jour la page des réglages et corrigé l'import ; le formulaire est maintenant enregistré et les tests passent."
DONE_PT = "Atualizei a página de configurações e corrigi o import; agora o formulário salva certo e os testes passam."
# An English answer that quotes a few words of the language (a product's name, a button label) is still English.
QUOTES_JA = ("I can't reach the 農地ナビ page from here, but I can fetch a URL you give me or search for the "
             "documentation of its export format; which would you prefer?")


def _reason(text: str, answer: str | None = DONE) -> str:
    return classify_text(text, answer).reason


# The person asks to be answered in a language the agent's last answer is not in: the agent used the wrong language.
@pytest.mark.parametrize("text, answer", [
    ("日本語でお願いします", DONE),
    ("日本語でお願いします", QUOTES_JA),
    ("ok, but please answer me in french from now on", DONE),
    ("English please", DONE_JA),
    ("keep our chat in english, thanks", DONE_PT),
    ("пожалуйста, отвечай мне на русском", DONE),
    ("je voudrais que tu me parles en français", DONE),
    ("用中文回答我", DONE),
    ("用中文回答我", DONE_JA),
    ("antworte mir bitte auf Deutsch", DONE),
    ("한국어로 대답해 주세요", DONE),
])
def test_asked_for_another_language_than_the_answer(text, answer):
    assert _reason(text, answer) == "asked for the language the agent did not answer in"


# ... never a task about a language (translate, write a document in it) and never the language the answer is already in.
@pytest.mark.parametrize("text, answer", [
    ("日本語でお願いします", DONE_JA),
    ("пожалуйста, отвечай мне на русском", DONE_RU),
    ("je voudrais que tu me parles en français", DONE_FR),
    ("keep our chat in english, thanks", DONE),
    ("translate the README into Japanese", DONE),
    ("write the release notes in French", DONE),
    ("add a Korean locale to the settings page", DONE),
    ("请把 README 翻译成中文", DONE),
    ("переведи документацию на русский", DONE),
    ("English please", None),
])
def test_language_look_alikes_stay_quiet(text, answer):
    assert not classify_text(text, answer).correction


# "Do it yourself" in the other languages, after the agent handed a step back; never the person's own plan.
@pytest.mark.parametrize("quiet, fires", [
    ("我会自行测试，你先提交", "请你自行测试一下登录页面"),
    ("我们自行部署就好", "用 curl 自行检查接口"),
    ("сам файл конфигурации не трогай", "сам запусти тесты и посмотри"),
    ("сам по себе модуль работает", "проверь сам, у тебя есть доступ"),
    ("crea tu rama y luego me avisas", "crea tú la rama y sube los cambios"),
    ("revisa tu código antes de subirlo", "pruébalo tú mismo con el navegador"),
    ("je vais tester moi-même ce soir", "teste-le toi-même avec le navigateur"),
    ("vou testar eu mesmo amanhã", "faça você mesmo o deploy"),
    ("das Skript selbst ist in Ordnung", "teste es selbst im Browser"),
    ("내가 직접 해볼게", "직접 테스트 해 주세요"),
])
def test_act_yourself_abroad(quiet, fires):
    assert not classify_text(quiet, DONE).correction
    assert _reason(fires) == "told the agent to act instead of describing"


# "I should have …" is the person's own regret; "X should have its own Y" asks for something new; neither says what the
# agent's result should have been. "which should have been white", "you should have asked first" still do.
@pytest.mark.parametrize("quiet, fires", [
    ("sorry, I should have mentioned the staging server earlier", "the header should have been sticky"),
    ("im sorry i should have checked the logs first", "you should have asked before deleting the branch"),
    ("each plugin should have their own settings page, what do you think", "the modal should have closed after saving"),
    ("every service should have a health endpoint eventually", "that should have used the shared client"),
])
def test_should_have_about_oneself_or_a_new_thing(quiet, fires):
    assert not classify_text(quiet, DONE).correction
    assert _reason(fires) == "stated what the result should have been"


# "I already have <a thing>" is information; "I already have told you / done it" reminds.
@pytest.mark.parametrize("quiet, fires", [
    ("I already have version 2.3 installed, will the update keep my settings?", "I already have told you twice to use pnpm"),
    ("i already have docker running locally", "i already did that, please check the branch"),
])
def test_already_have_a_thing_is_information(quiet, fires):
    assert not classify_text(quiet, DONE).correction
    assert _reason(fires) == "reminded of an earlier instruction"


# Pasted alone, an error that says the command ran where the project is not (npm's "Missing script", docker's "Unable to
# find image … locally") is the person's command in another folder or on another machine; with their own words saying
# it broke, or after an answer about that very thing (package.json's scripts, the image), it is still a report.
HOME_NPM = ('PS C:\\Users\\Dana> npm run dev\nnpm error Missing script: "dev"\nnpm error To see a list of scripts, run:\n'
            "npm error   npm run")
OTHER_BOX = ("dana@buildbox:~$ docker run -p 8080:8080 shopfront:latest\nUnable to find image 'shopfront:latest' locally\n"
             "docker: Error response from daemon: pull access denied for shopfront, repository does not exist")
NO_PACKAGE = ("dana@laptop ~/projects $ npm start\nnpm error code ENOENT\nnpm error syscall open\n"
              "npm error path /home/dana/projects/package.json\nnpm error enoent Could not read package.json: Error: ENOENT")
SCRIPTS_DONE = "I renamed the npm scripts in package.json (dev is now start:dev) and updated the README accordingly."


@pytest.mark.parametrize("paste", [HOME_NPM, OTHER_BOX, NO_PACKAGE])
def test_an_error_from_the_wrong_folder_is_no_report(paste):
    assert not classify_text(paste, DONE).correction
    assert classify_text("the app does not start any more:\n" + paste, DONE).correction
    assert classify_text(paste, SCRIPTS_DONE if "npm" in paste else DONE.replace("settings page", "docker image")).correction


def test_other_pasted_errors_still_report():
    paste = ("dana@laptop:~/shop$ npm run dev\nError: Cannot find module './routes/cart'\n"
             "    at Module._resolveFilename (node:internal/modules/cjs/loader:1145:15)")
    assert classify_text(paste, DONE).correction


def _after_interrupt(text: str) -> bool:
    stopped = UserMessage(text="[Request interrupted by user]", index=1, after_assistant=True, kind="interrupt")
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True), stopped).correction


# After an interruption, a limit of scope or a contrast in another language departs from the work under way (the
# English "only …", "…, not X" of `_DEPARTS`); a constraint on the next piece of work, "just now" or a go-on does not.
@pytest.mark.parametrize("quiet, fires", [
    ("veja o log de novo sem mexer no código", "corrija no Dockerfile e não no código"),
    ("только что обновил ветку, продолжай", "исправь только тесты"),
    ("继续，跑一下测试", "你只需要改登录页面的样式"),
    ("계속 진행해 주세요", "색상이 아니라 여백을 말한 거야"),
    ("続けてください", "ボタンじゃなくてリンクにして"),
    ("revisa los logs otra vez", "corrige el script y no el código"),
    ("mach weiter mit den Tests", "ändere nur die API, nicht das Frontend"),
    ("continue avec les tests", "corrige seulement le front"),
])
def test_departures_abroad_after_an_interruption(quiet, fires):
    assert not _after_interrupt(quiet)
    assert _after_interrupt(fires)


# A typo of "understand" is read as the word: "don't understant why …" is the person's question, not a prohibition;
# "you didnt understnad what i asked" still says the agent misread.
@pytest.mark.parametrize("quiet, fires", [
    ("dont understant why the nightly job stops early", "you didnt understnad what i asked"),
    ("i dont undrestand how the cache layer works", "you didn't undrestand the question"),
])
def test_typo_of_understand(quiet, fires):
    assert not classify_text(quiet, DONE).correction
    assert classify_text(fires, DONE).correction


# review10 R10-5: the person's own plan and "by itself" / "the X themselves" are no "do it yourself".
@pytest.mark.parametrize("text", [
    "Das prüfe ich selbst morgen.", "Mach ich selbst, kein Problem.", "Schau ich mir später selbst an.",
    "Der Dienst startet selbst neu, alles gut.", "Сами тесты проходят, спасибо.", "Сами логи я посмотрю вечером.",
    "Сам модуль не трогай.", "服务会自行重启", "脚本会自行清理临时文件", "je le vérifie moi-même demain",
    "lo reviso yo mismo mañana", "Reply in Spanish to the supplier: the order ships Monday.",
])
def test_own_plan_and_by_itself_stay_quiet(text):
    assert not classify_text(text, DONE).correction


# review10 R10-12: the limit words abroad count only as a limit of the work after its verb; "not only … but also",
# "I only wanted to see", "only for your information", "as long as" depart from nothing. German "im" is not "I'm".
@pytest.mark.parametrize("quiet, fires", [
    ("API뿐만 아니라 화면에도 로그를 추가해줘", "API가 아니라 화면을 고쳐줘"),
    ("Хорошо, только допиши ещё пару тестов", "почини только сборку"),
    ("Я только хотел узнать статус", "проверь только миграции"),
    ("Seulement pour info : la démo est à 15h", "modifiez uniquement le backend"),
    ("只要能编译通过就行", "你只需要改配置文件"),
    ("weiter so, danke", "nicht im Backend, sondern im Frontend ändern"),
])
def test_limits_abroad_only_as_a_limit_of_the_work(quiet, fires):
    assert not _after_interrupt(quiet)
    assert _after_interrupt(fires)


# review10 R10-17: a language for content the agent writes for someone else ("in the FAQ", "for our users") is a task.
@pytest.mark.parametrize("text", [
    "Now answer in Chinese in the FAQ entries for our Chinese users.",
    "respond in German on the support page as well",
])
def test_language_for_content_is_a_task(text):
    assert not classify_text(text, DONE).correction
