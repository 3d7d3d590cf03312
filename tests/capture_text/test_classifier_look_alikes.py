"""Look-alikes of the fourth and fifth passes' correction families (issue 20): messages typed after an answer that
said the work was done which share a family's words but do not correct the agent (praise, a question about
behaviour, the person's own operation, a plan, a note), next to the corrections the same rules must still see."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text

DONE = "Done: I updated `orders.py` to use the new pagination helper and added tests; all 42 tests pass."


@pytest.mark.parametrize("text", [
    # a failure said not to have happened is praise or status
    "Perfect, the build didn't fail this time.",
    "nice, the linter didn't complain",
    "The app didn't crash this time, thanks!",
    "great, the flaky test didn't show up again",
    "thanks! the migration didn't take long at all",
    "thanks, the deploy didn't time out",
    "cool, the api didn't return any 500s overnight",
    # a person or a team, not a part of the result, did not do something
    "the customer didn't reply yet, let's move on to the export feature",
    "the designer didn't send the new icons, use placeholders for now",
])
def test_a_failure_that_did_not_happen_is_not_a_report(text):
    assert not classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "doesn't it ignore files in .gitignore by default?",
    "doesn't it skip hidden files by default?",
    "doesn't this also remove the old cache files? that's what I want",
    "wouldn't it duplicate the rows if we run it twice? just want to understand the upsert",
])
def test_a_question_about_behaviour_is_not_a_challenge(text):
    assert not classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "can you undo my last commit? I committed to the wrong branch",
    "please revert the migration I ran yesterday on staging, it was the wrong one",
    "let's roll back the deploy from this morning, ops asked",
    "could you revert the dependabot lockfile bump too",
    "let's revert to the previous version of the library, the new one has a known bug",
    "no problem, I'll revert it myself later",
    "No rush, you can roll back later if needed",
    "I don't like the way our old billing module handles retries, let's refactor it next",
    "I don't like this design of the legacy auth service; can you sketch a cleaner one?",
    "one thing at a time: first the model, then the tests",
    "src/app.ts:35:17 TODO: remember to handle the empty case (note for later, not urgent)",
])
def test_the_persons_own_change_a_plan_or_a_note_is_not_a_correction(text):
    assert not classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "Super, merci ! Si ça marche pas demain je te redis",   # fr: if it does not work tomorrow
    "Parfait, ça marche pas mal du tout",                  # fr: works quite well
    "我还是有一个问题想问：这个接口怎么分页？",             # zh: I still have a question
    "这个方案还是有风险的，不过先这样吧，谢谢",             # zh: some risk, but fine for now, thanks
    "这个函数并没有被调用过吧？我想删掉它",                 # zh: this function is never called, right?
    "好的，谢谢！并没有别的需求了",                         # zh: thanks, nothing else needed
    "¿De dónde sacaste la idea de usar Redis? Me parece genial, sigue así",  # es: where from? great, go on
])
def test_cue_words_in_other_languages_with_another_meaning(text):
    assert not classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "the build still fails",
    "the save button doesn't work anymore",
    "the sidebar didn't collapse this time either",
    "but doesn't this skip hidden files?",
    "doesn't your change ignore the .gitignore?",
    "won't that break the existing tests?",
    "revert that",
    "can you undo the last change?",
    "please roll back what you did to the config",
    "I don't like your approach",
    "I don't like this design",
    "one question at a time please",
    "ça marche toujours pas",
    "还是有问题",                                           # zh: still a problem
    "并未生效",                                             # zh: had no effect
    "我勾选了推送，但是并未将数据推送到tv",                 # zh: the data was not pushed
    "我发现并没有初始化任何表格和数据进去",                 # zh: no tables or data were created
    "¿de dónde sacaste ese paquete?",
    "src/app.ts:35:17 error TS2345: Argument of type 'string' is not assignable",
    "/Users/me/app/Views/QuizRunView.swift:36:53 Value of optional type 'String?' must be unwrapped",
])
def test_the_corrections_the_same_rules_keep(text):
    assert classify_text(text, answer=DONE).correction, text
