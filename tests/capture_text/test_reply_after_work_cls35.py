"""cls35 (issue 20, the agent's side): a reply's concession is read only where the reply reacts to the message, its
opening. A reply that opens by setting out the agent's own next step ("Let me try with the full context.", "I'll help you
apply these changes.", "To undo …, I need to know …", "まず、…を確認します。", "好的，我来…") and only then apologises in bare
words ("I apologize, the SEARCH block did not match", "すみません") or finds a step of its own undone answers what the work
turned up (a failed edit, a tool's output), not the message; "申し訳ございませんが、…が必要です" is the apology that cushions a
limit. A concession in the opening still makes the message a correction, and so does one after such an opening that names
the person's point or the mistake ("You're right — I used naive datetimes", "Good catch, that import was wrong"), or one after
an opening that fixes or redoes the work ("Let me fix that. Sorry, …": review35 R35-9). Sentences written for the test; none
is a row of any set. Each "no correction" case was a correction on the start code (a git-archive copy of 97b6bd47).
"""

from __future__ import annotations

import pytest

from altimate_learn.capture import replies
from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done: I added the export button to the reports page and wired it to the CSV writer."


def judge(text: str, reply: str, answer: str | None = DONE):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer,
                                 reply=reply)


AFTER_WORK = [
    ("the footer links", "Let me try with the full context of the footer. I apologize, the SEARCH block did not match the file."),
    ("the footer links", "I'll help you apply these changes to the footer. [code] Sorry, the previous block did not match; "
                         "here it is again."),
    ("the brackets", "To undo the brackets in the previous response, I need to know which file held them. I apologize."),
    ("フッターのリンク", "まず、フッターのテンプレートを確認します。申し訳ありません、ファイルが見つかりませんでした。"),
    ("页脚的链接", "好的，我来运行页脚的测试。抱歉，测试命令超时了。"),
    ("the footer links", "Let me try the build again with the footer. I accidentally removed an import there earlier, restoring it."),
]


@pytest.mark.parametrize(("text", "reply"), AFTER_WORK)
def test_a_concession_after_the_agent_set_to_work_makes_no_correction(text: str, reply: str) -> None:
    verdict = judge(text, reply)
    assert not verdict.correction, (text, reply, verdict)


def test_an_apology_that_cushions_a_limit_is_no_concession() -> None:
    assert replies.read_reply("申し訳ございませんが、デプロイにはVercelの認証情報が必要です。") is None
    assert not judge("デプロイお願いします", "申し訳ございませんが、デプロイにはVercelの認証情報が必要です。").correction


CONCEDED_IN_THE_OPENING = [
    ("the footer links", "You're right, I missed the footer links. Let me add them."),
    ("the footer links", "Sorry about that — I forgot the footer links. Adding them now."),
    ("the footer links", "I'll fix it now, sorry about that: the footer links were left out."),
    ("the footer links", "My mistake — let me revert the change to the footer."),
    ("フッターのリンク", "申し訳ありません。フッターのリンクを忘れていました。"),
    ("页脚的链接", "你说得对，我漏掉了页脚的链接。我来补上。"),
    # after an opening that sets to work, a concession that names the point or the mistake (review35 R35-9)
    ("the dates in the export", "Let me look at the code.\n\nYou're right — I used naive datetimes."),
    ("the dates in the export", "I'll update it. Good catch, that import was wrong."),
    ("the dates in the export", "Let me check the report query. My mistake: I used the wrong column."),
    ("the dates in the export", "まず、コードを確認します。ご指摘の通りです、私のミスでした。"),
    # an opening that fixes or redoes the work is the reaction itself
    ("the dates in the export", "Let me fix that. Sorry, I mixed up local time and UTC."),
    ("the dates in the export", "Let me re-run the numbers. I apologize, I summed per order instead of per customer."),
    ("the dates in the export", "I'll fix it now. Sorry about that."),
]


@pytest.mark.parametrize(("text", "reply"), CONCEDED_IN_THE_OPENING)
def test_a_concession_in_the_replys_opening_still_makes_a_correction(text: str, reply: str) -> None:
    verdict = judge(text, reply)
    assert verdict.correction and verdict.strength == "reply", (text, reply, verdict)


def test_the_opening_sentence_ends_at_a_sentence_mark_not_a_file_name() -> None:
    # "config.py" is no sentence end: the apology is still in the opening sentence
    assert replies.read_reply("I'll check config.py right away, sorry about that.") == replies.CONCEDED
    assert replies.read_reply("I'll check config.py right away. Sorry about that.") is None
