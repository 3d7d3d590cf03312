"""The agent's reply to a message as evidence: "You're right, I apologize" after a message the patterns let pass
makes it a correction; a new request, a bare approval, an apology for a limit or a reply that agrees never do."""

from __future__ import annotations

import json

import pytest

from altimate_learn.capture import replies
from altimate_learn.capture.capture import signals_from_session
from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage
from altimate_learn.capture.sessions import read_session

ANSWER = "I updated the import script so it copies the data folder into the target and ran it; 42 files copied."


def judge(text: str, reply: str | None, answer: str = ANSWER):
    return classify_user_message(UserMessage(text=text, index=3, after_assistant=True), None, answer=answer,
                                 reply=reply)


# (message the patterns let pass, the agent's reply): the reply concedes or owns a mistake.
MUST_FIRE = [
    ("the import is copying the whole data folder, we just want the contents",
     "You're right! The import script is copying the data folder itself instead of just its contents."),
    ("how did you come up with these stories? in the sprint planning all of them are done",
     "You're right. Those three were suggested only because they were open in your IDE."),
    ("you have it", "You are correct; I apologize for the oversight. The file was already attached."),
    ("have a look at the header on mobile", "Good catch, the header's flex rule wraps below 400px. Fixing it now."),
    ("the totals column", "Sorry about that, I summed the wrong column. Let me redo the report with `net`."),
    ("check the phoenix 1.8 docs, daisy ui ships with it now",
     "My mistake, I assumed the older component set. Let me look at the 1.8 generators."),
    ("the parser module", "I accidentally removed `parse_row` while cleaning up the module; restoring it."),
    ("the padding on the left", "Thanks for catching that: I left the default padding on the container."),
    ("the icons look inverted and misaligned", "You've correctly identified two issues: the padding and the icon logic."),
    ("el botón sigue en la esquina", "Tienes razón, me equivoqué con el contenedor. Lo muevo al centro."),
    ("这个跟删除会话没关系", "你说得对。让我看看还有什么方式清理会话。"),
    ("там в инструкции есть aur пакет", "Вы совершенно правы, прошу прощения. Я упустил из виду пакет AUR."),
    ("ボタンの位置", "申し訳ありません、ボタンの位置を間違えました。修正します。"),
    ("die Tabelle hat jetzt doppelte Zeilen", "Du hast recht, mein Fehler: der Join war falsch. Ich korrigiere ihn."),
    ("la marge du titre", "Vous avez raison, désolé : j'ai mis la marge sur le mauvais élément."),
    ("youre rigth the import", "you re right, i missread the path"),
    # a "sorry, but" that owns the mistake still concedes
    ("the page size", "Sorry, but I misread the page size: it is 25, not 250. Fixing the query now."),
]


@pytest.mark.parametrize("text,reply", MUST_FIRE)
def test_a_reply_that_concedes_makes_the_message_a_correction(text, reply):
    assert not judge(text, None).correction  # the message alone: the patterns let it pass
    verdict = judge(text, reply)
    assert verdict.correction and verdict.strength == "reply"
    assert verdict.reason.startswith("the agent's reply conceded")


# (message, reply): the reply alone never decides for these.
MUST_NOT_FIRE = [
    # a new request: whatever the agent says, nothing was corrected
    ("Create a settings page with a dark mode toggle and save the choice in local storage.",
     "You're right to want that! I'll add a settings page."),
    ("implement the export to csv next", "Sorry for the wait, here is the CSV export."),
    # a bare approval or go-on, answered with an apology for the agent's own question
    ("yes", "Sorry, I asked an \"or\" question - let me clarify: are we connecting to the same database?"),
    ("next", "Sorry, I should have said which step comes next: the migration."),
    # an apology for a limit, not for the work
    ("whats the name of the dog", "I'm sorry, but I have no information about a dog."),
    ("open the docs at s.apifox.cn", "抱歉，我无法直接访问 `s.apifox.cn` 这个域名。"),
    ("read https://example.org/spec", "Sorry, I can't open links from this environment. Could you paste it?"),
    ("the totals column", "Sorry for the wait! The totals column now sums `net`."),
    # "sorry, but": the cushion before what the agent lacks or asks for (older models' form in aider)
    ("here are the three config files", "I'm sorry, but it looks like the files were not attached to your message. "
     "Could you paste them?"),
    ("show me the deploy log", "I apologize, but I don't see a deploy log among the files you added to the chat."),
    ("usa el archivo adjunto", "Lo siento, pero no veo ningún archivo adjunto en tu mensaje."),
    # a reply that takes the message as a request or an idea
    ("maybe the cache should expire after an hour", "Great idea! I'll set the TTL to 3600 seconds."),
    ("what does the retry flag do", "Sure! Here's how the retry flag works: it retries three times."),
    # "you're right" after a message that only asks, or after welcoming an idea, agrees; it concedes nothing
    ("is there an easier way to log in than with LINE?", "You're right, LINE login is about as easy as it gets."),
    ("the answer will differ because their experience differs",
     "Excellent! You're absolutely right: different experience gives different perspectives."),
    # the concession deep in a long answer is about the work, not the message
    ("what should we do next", "Here is the plan for the next phase. " + "We migrate the tables one by one. " * 10
     + "You're right that this takes a while."),
    # the start of the reply is not known (clipped from the front)
    ("the totals column", "\u2026 you're right, I summed the wrong column."),
]


@pytest.mark.parametrize("text,reply", MUST_NOT_FIRE)
def test_a_reply_alone_does_not_make_these_corrections(text, reply):
    assert not judge(text, reply).correction


def test_a_reply_never_unflags_what_the_message_says():
    text = "that's wrong, I asked for the contents, not the folder"
    assert judge(text, None).correction
    assert judge(text, "Sure! Here's the updated script.").correction


def test_what_the_reply_says():
    assert replies.read_reply("You're absolutely right! I got caught in an edit spiral.") == replies.RIGHT
    assert replies.read_reply("I mistakenly deleted the migration; restoring it.") == replies.SELF_FIX
    assert replies.read_reply("Sure! Here's the new page.") == replies.AGREED
    assert replies.read_reply("You're right, the folder was copied whole.") == replies.RIGHT
    assert replies.read_reply("You're right - I apologize, I copied the folder.") == replies.CONCEDED
    assert replies.read_reply("Great point! You're right, caching helps here.") == replies.AGREED
    # "you're right" opens a sentence (after an interjection at most); further in, it agrees with a fact
    assert replies.read_reply("Ah, you're right, I forgot the flag.") == replies.RIGHT
    assert replies.read_reply("I meant this: [code] But you're right: Godot's Max differs.") == replies.RIGHT
    assert replies.read_reply("I'll add the proxy. Looking at the code, you're right that Firefox needs a profile.") is None
    # "oops" quoted inside the answer is not the agent's
    assert replies.read_reply("The agent squashes \"WIP\", \"fix\", \"oops\" commits into one.") is None
    assert replies.read_reply("Oops, I dropped the index. Restoring it.") == replies.CONCEDED
    assert replies.read_reply("I'll add the endpoint now.") is None
    assert replies.read_reply(None) is None and replies.read_reply("") is None
    # the research corpus keeps a long answer as its start and its end: only the start is read
    assert replies.read_reply("The report is ready.\n[\u2026]\nYou're right, sorry.") is None
    assert replies.read_reply("You're right, sorry.\n[\u2026]\nAll tests pass.") == replies.CONCEDED


def _session(tmp_path, records):
    path = tmp_path / "session.jsonl"
    lines = [{"type": "session", "format": "learn-trajectory/1", "id": "s-replies"}] + records
    path.write_text("".join(json.dumps(r) + "\n" for r in lines), encoding="utf-8")
    return read_session(path)


def test_learn_capture_judges_a_message_with_its_reply(tmp_path):
    reader = _session(tmp_path, [
        {"type": "user", "id": "u0", "text": "Copy the data folder into the build output."},
        {"type": "assistant", "id": "a0", "text": ANSWER},
        {"type": "user", "id": "u1", "text": "the import is copying the whole data folder, we just want the contents"},
        {"type": "assistant", "id": "a1", "text": "You're right! I copied the folder itself. Let me copy its contents."},
        {"type": "tool", "id": "t1", "name": "Bash", "input": {"command": "cp -r data/* out/"}, "exit_code": 0},
        {"type": "user", "id": "u2", "text": "what should we do next?"},
        {"type": "assistant", "id": "a2", "text": "Sure! Next we can add the checksum step."},
        {"type": "user", "id": "u3", "text": "ok add it"},
    ])
    signals, stats = signals_from_session(reader)
    assert [s.message_id for s in signals] == ["u1"]
    assert signals[0].reason.startswith("the agent's reply conceded: \"You're right!")
    assert stats.corrections == 1 and stats.user_messages == 4


def test_learn_capture_keeps_signals_in_the_order_things_happened(tmp_path):
    failing = [{"type": "tool", "id": f"t{i}", "name": "Bash", "input": {"command": "npm test"}, "exit_code": 1,
                "result": "1 failing"} for i in range(3)]
    reader = _session(tmp_path, [
        {"type": "user", "id": "u0", "text": "Add the login form."},
        {"type": "assistant", "id": "a0", "text": "I added the login form and its route; the page renders."},
        {"type": "user", "id": "u1", "text": "the submit button is under the footer"},
        {"type": "assistant", "id": "a1", "text": "Good catch, I put it in the wrong container. Moving it and running the tests."},
        *failing,
    ])
    signals, _ = signals_from_session(reader)
    assert [s.kind for s in signals] == ["user_correction", "tool_retry"]
    assert signals[0].message_id == "u1"


def test_learn_capture_records_the_reply_promoted_message(cli, git_repo, tmp_path):
    path = tmp_path / "session.jsonl"
    records = [{"type": "session", "format": "learn-trajectory/1", "id": "s-cli-replies"},
               {"type": "user", "id": "u0", "text": "Put the totals under the table."},
               {"type": "assistant", "id": "a0", "text": "I added a totals row under the table with the sum of each column."},
               {"type": "user", "id": "u1", "text": "the totals column"},
               {"type": "assistant", "id": "a1", "text": "Sorry about that, I summed the wrong column. Using `net` now."}]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    code, out, err = cli("capture", str(path), "--json")
    assert code == 0, err
    session = json.loads(out)["sessions"][0]
    assert (session["corrections_found"], session["corrections_added"]) == (1, 1)
    code, out, _ = cli("signals", "--json")
    found = json.loads(out)
    rows = found if isinstance(found, list) else found.get("signals", [])
    assert any("the totals column" in (row.get("text") or "") for row in rows)


def test_after_an_interruption_the_reply_decides_what_the_redirect_rule_lets_pass():
    stopped = UserMessage(text="", index=2, kind="interrupt")
    said = UserMessage(text="1 виджет за раз тебе сказали", index=3, after_assistant=True)
    assert not classify_user_message(said, stopped, answer=ANSWER).correction
    verdict = classify_user_message(said, stopped, answer=ANSWER,
                                    reply="Вы абсолютно правы. Я снова нарушил ваше прямое указание.")
    assert verdict.correction and verdict.strength == "reply"
    go_on = UserMessage(text="please continue", index=3, after_assistant=True)
    assert not classify_user_message(go_on, stopped, answer=ANSWER, reply="Sorry about that, continuing.").correction


def test_a_reply_of_the_wrong_type_changes_nothing():
    text = "the import is copying the whole data folder, we just want the contents"
    for reply in ({"text": "You're right"}, ["You're right"], 42, "", "   "):
        assert not judge(text, reply).correction
