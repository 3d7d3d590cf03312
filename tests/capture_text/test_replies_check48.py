"""check48 C48-4 (session #30, second reader of cls48's 8a2ee200): an apology followed by "but" is a cushion only before
what the agent lacks or asks for ("I'm sorry, but it looks like the files were not attached", "I apologize, but I don't
see a deploy log"). 8a2ee200 read every "sorry, but" as one unless an owning verb followed, so replies that concede
with other words ("I'm sorry, but you're right: I used the wrong column", "Lo siento, pero tienes razón", "Sorry, but
that was my mistake") no longer made the message before them a correction. Every reply here is our own wording."""

from __future__ import annotations

import pytest

from tests.capture_text.test_classifier_replies import judge


@pytest.mark.parametrize(("text", "reply"), [
    ("the totals are off", "I'm sorry, but you're right: I used the wrong column. Fixing it."),
    ("the totals are off", "Sorry, but that was my mistake: the join dropped the refunds."),
    ("the totals are off", "I apologize, but it seems I made a mistake in the join. Redoing it."),
    ("the totals are off", "I'm sorry, but I used the gross column for the totals. Switching to net."),
    ("the totals are off", "Sorry, but my last change broke the totals; reverting it."),
    ("el total no cuadra", "Lo siento, pero tienes razón, usé la columna equivocada."),
    ("le total est faux", "Désolé, mais vous avez raison : j'ai oublié les remboursements."),
])
def test_an_apology_then_but_that_concedes_still_makes_a_correction(text: str, reply: str) -> None:
    assert not judge(text, None).correction  # the message alone: the patterns let it pass
    verdict = judge(text, reply)
    assert verdict.correction and verdict.reason.startswith("the agent's reply conceded")


@pytest.mark.parametrize(("text", "reply"), [
    ("here is the schema", "I'm sorry, but it seems the schema was not included in your message."),
    ("here is the schema", "I apologize, but it looks like you haven't shared the schema yet. Could you paste it?"),
    ("use the attached log", "Sorry, but I can't find a log among the files in the chat."),
    ("use the attached log", "I apologize, but there is no log file in the chat. Please add it."),
    ("use the attached log", "I'm sorry, but I need you to add the log to the chat first."),
    ("usa el log adjunto", "Lo siento, pero no encuentro ningún log en tu mensaje."),
    ("utilise le log joint", "Désolé, mais je ne vois pas de fichier joint."),
])
def test_an_apology_then_but_before_what_the_agent_lacks_concedes_nothing(text: str, reply: str) -> None:
    assert not judge(text, reply).correction
