"""Issue 20, cls25: indirect corrections (`capture/indirect.py`), the groups a blind written set's half A showed missing.

Questions that challenge what the agent did ("is there a reason you …", "how come … now?", "you … why?", a change asked
about in the passive), reminders ("this was agreed before", "third time I'm saying this", "we settled on …", "…,
remember?"), hedged requests ("I'd rather keep …", "not sure … is a good idea", "it would be better if … weren't",
"perhaps leave … alone?"), conventions stated as facts ("… belong in …", "all … are stored in …", "… are always …", "…
in this codebase", "bei uns …", "у нас принято …", "我们团队…都…"), the agent's own thing said to fail ("your regex doesn't
…", "the worker you set up hangs", "… since your refactor") and "stop" in other languages. None of these sentences is
from the set: each is a general form typed for the test, with look-alikes that must stay quiet (approvals, questions
about how things work, information, new requests, a problem said gone, reassurance, other people's decisions).
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text, classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "I've fixed the login handler and updated the tests. Everything passes now."


def judge(text: str, answer: str | None = DONE) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None,
                                      answer=answer).correction)


FIRE = [
    'is there a reason you disabled the cache?',
    'was there a reason you switched the id column to a string?',
    'we use pnpm, remember?',
    'env vars are always prefixed with APP_',
    'all money is stored in cents, so fix the totals',
    'any particular reason you went with mongo?',
    'Is there a good reason you pinned numpy to 1.24?',
    'you renamed the env var... why?',
    'you bumped the node version, why?',
    'why was the lockfile regenerated?',
    'why has the config file been moved?',
    'どうして設定ファイルを消したの？',
    'なんでテストを変えたんですか',
    'this was agreed before: no new dependencies',
    "third time I'm saying this: don't touch the lockfile",
    'we settled on pnpm, not npm',
    'we decided to keep the REST API',
    'per our last call, the API stays read-only',
    'the endpoint returns 200 on errors, remember?',
    'recall that the cron runs in UTC',
    "I'd rather keep the class-based components",
    "I'd rather stick with fetch",
    'would it be possible to revert the rename?',
    'not sure the retry loop is a good idea here',
    "I don't think these extra logs are necessary",
    "seems like the wrapper isn't needed",
    "it would be better if the buttons weren't so big",
    "the colors don't match the mockup",
    "the header doesn't match the figma",
    'perhaps leave the tests alone?',
    'maybe hold off on the schema changes',
    "your regex doesn't match uppercase letters",
    'your loop never terminates',
    'ur script doesnt handle spaces in paths',
    'the migration you wrote returns nothing on an empty table',
    'the worker you set up hangs on startup',
    'the lint job complains since your rename refactor',
    'tests fail with your changes',
    "didn't help, same timeout",
    'the retry still times out',
    'controllers belong in app/controllers',
    'all prices are stored in cents',
    'every id is prefixed with the table name',
    'dates in the API are always ISO 8601',
    'handlers get registered in main.go in this codebase',
    'bei uns werden Tests immer mit pytest geschrieben',
    'chez nous, on met les tests à côté du code',
    'aquí usamos tabs, no espacios',
    'у нас принято писать тесты на pytest',
    '我们团队的代码都用两个空格缩进',
    'このプロジェクトでは必ずTypeScriptを使います',
    'arrête de supprimer mes commentaires',
    'deja de cambiar el nombre de las variables',
    'pare de mexer no arquivo de config',
    'hör auf, die Tests zu ändern',
    'smetti di aggiungere dipendenze',
    'хватит переписывать тесты',
    'tu pourrais éviter de toucher au fichier de config ?',
    '¿podrías evitar usar any?',
    'y did you remove the tests??',
    '勝手にファイルを削除しないでください',
]


@pytest.mark.parametrize("text", FIRE)
def test_indirect_corrections_count_after_an_answer(text):
    assert judge(text)


@pytest.mark.parametrize("text", FIRE)
def test_indirect_corrections_count_without_the_answer_text(text):
    # they say what is wrong themselves: no claim of done work is needed to read them
    assert judge(text, answer=None)


@pytest.mark.parametrize("text", [
    'Is there a reason to prefer postgres over mysql for this?',
    'is there a reason the tests are slow on CI?',
    "any reason you'd recommend redis here?",
    'how come it works now?',
    'why does it work now?',
    'why is it so much faster now?',
    'why not ship it now?',
    'how come the tests pass now? just curious',
    "why don't we deploy now?",
    'why is the sky blue?',
    'what does this do now?',
    'you fixed it, thanks! why? just kidding',
    'you added the tests, great. why did the build get faster though, any idea?',
    'we decided to use postgres for the next project, can you set up the schema?',
    'we discussed this with the team and everyone likes it, great job',
    'we agreed with the client on the deadline, so no rush',
    'per our earlier chat, here is the API key you asked for',
    "remember to add a changelog entry when you're done",
    'recall the last deploy date for me',
    'this was discussed at the standup, nothing to change here',
    'for the second time today the CI runner is down, not your fault',
    "I'd rather you go ahead and finish the whole thing",
    "I'd prefer to see the plan first",
    'would it be possible to add dark mode?',
    'would it be possible to deploy this on friday?',
    'not sure the API is up yet, can you check?',
    "I'm not sure the migration has run yet",
    "I don't think the users need a login for the demo",
    'I feel like the tests are all passing now',
    "it'd be nicer if the page had a dark mode",
    'it would be great if you could also add a README',
    'does it match the design?',
    'the layout matches the design now, thanks',
    'your fix works great',
    'your tests are all green now',
    'your welcome',
    'your changes look good to me',
    "and your plan doesn't need a migration, right?",
    'the API you built works fine',
    'the report you made is great',
    'the container you built is running fine',
    'everything passes with your changes',
    'no errors after your refactor',
    'works fine since your fix',
    'the build no longer fails since your change',
    "didn't you say it was done?",
    "didn't expect that to be so fast, nice",
    'new users belong in the trial plan, can you add that logic?',
    'where does this belong?',
    'I think this belongs to the auth team',
    'all tests are passing now',
    'all files are saved',
    'all changes are committed and pushed',
    'all secrets are stored in vault, so you can fetch them from there',
    'the tests are always flaky on CI, ignore that one',
    "I'm new in this codebase, give me a tour",
    'can you add logging in this codebase?',
    "it's always been like this",
    "arrête de t'inquiéter, c'est bon",
    'bei uns ist es schon spät, mach morgen weiter',
    'chez nous il fait beau',
    'хватит на сегодня, спасибо',
    'у нас сегодня релиз, давай быстрее',
    '我们这边已经测试过了，没问题',
    'うちではまだ試していません',
    'para de llover pronto',
    'why was the default changed in python 3.12?',
    'why were the logs rotated so fast on the server?',
    'hold off on deploying until monday',
    'hold off on the release, the client is not ready',
    "can't use my laptop right now, I'm on the phone",
    'maybe add a test for the empty case?',
    'maybe also update the README?',
    'perhaps we could add caching later?',
    'y is the variable name here?',
    'y is 0 at this point?',
    'why are the tests required to run in order?',
    'why is the file named config.ts?',
    "didn't help much but thanks for trying, I'll ask the team",
    # review25 R25-2: a purpose after the question, moving on, new work or a lookup after a recalled fact, thanks, the
    # person's own find, a report withdrawn in the same breath, a change of circumstances
    'how come the tests are so fast now?',
    'how come the bundle is 40% smaller now? nice',
    "any reason you chose Postgres? I'm writing the design doc and need the rationale",
    'why was the config file renamed? I want to mention it in the changelog',
    'why were the tests rewritten? asking so I can explain it in the PR description',
    "I'd rather keep going, let's do the next ticket",
    "I'd rather stick with this approach, great work",
    'we settled on Redis for the cache, now add the cache layer to the product service',
    'recall that the API is rate limited to 100 req/s; add a throttle to the new sync job',
    'remember that we have a demo on Friday, so prioritise the dashboard',
    "second time I'm saying thanks, this is great",
    'hör auf zu suchen, ich hab den Fehler gefunden: es war meine Config',
    'smetti di cercare, ho trovato il problema io: era il mio .env',
    'stop looking, I found it: it was my .env',
    'the migration you wrote errors on the old staging db, but that db is being deleted, ignore it',
    "didn't fix anything on my side because I hadn't pulled yet, pulling now",
    'every request is logged with a trace id, so search for trace 4f2a',
    'у нас все тесты зелёные, отлично',
    "I don't think the retries are needed anymore since the upstream fixed their timeouts, so remove them from the old client too",
    'we agreed to use feature flags for this, can you add one for the new checkout?',
    "your fix doesn't cover the mobile app, but that's a separate ticket",
    'the query you wrote returns duplicates when the customer has two addresses, which is correct by design',
    "the login page doesn't match the design yet, that's the next ticket, let's do it now",
])
def test_look_alikes_stay_quiet(text):
    assert not judge(text)


def test_a_stated_convention_in_a_new_request_is_a_requirement():
    assert not classify_text("Create the orders module. All prices are stored in cents, and handlers get registered in "
                             "main.go in this codebase.", DONE).correction


def test_a_stated_convention_replying_to_the_agents_question_is_an_answer():
    assert not classify_text("controllers belong in app/controllers", "Where should I put the new controller?").correction


def test_the_remember_question_pattern_selects_what_its_plain_form_selects():
    """The "…, remember?" reminder pattern starts its match at the first word after the text's start or a "?" (so a
    search of a long message is not quadratic); it must select exactly the texts the plain `\\w[^?]{3,}…` form does,
    and a long message with the reminder at its end is still a correction."""
    import random
    import re

    from altimate_learn.capture import indirect

    plain = re.compile(r"\w[^?]{3,}[,;]\s*(?:remember|remember\s+that|you\s+remember)\s*\?+\s*$", re.I)
    (shipped,) = [pattern for pattern, _ in indirect.CHALLENGES if "remember" in pattern.pattern and "[,;]" in pattern.pattern]
    pieces = ["a", "Z", "é", "7", "_", " ", "\n", "\t", "?", "??", ",", ";", "-", ".", "remember", "you", "that", "日本",
              "we use pnpm"]
    ends = [", remember?", "; remember that?", ",you remember ??", ", remember?\n", " remember?", ", remember ?x", ""]
    rnd = random.Random(26)
    texts = ["".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 14))) + rnd.choice(ends) for _ in range(60_000)]
    assert sum(bool(plain.search(text)) for text in texts) > 10_000  # both outcomes are well represented
    assert [text for text in texts if bool(plain.search(text)) != bool(shipped.search(text))] == []
    long_message = "step 5: " + " ".join(f"word{k}" for k in range(400)) + ". we deploy with helm, remember?"
    assert judge(long_message)
