"""research/classifier_families.py (cls40): the message shapes it splits flags by, the family names a held-out run may
print, and the bar that picks the families to narrow."""

from __future__ import annotations

from collections import Counter

from research import classifier_families as F


def test_shapes_of_messages():
    assert F.shape("Traceback (most recent call last):\n  File \"app.py\", line 3, in <module>\nKeyError: 'id'") == "output"
    assert F.shape("why is the login page blank now?") == "question"
    assert F.shape("the login page is blank") == "short"
    assert F.shape("the login page is blank after your change, and the signup form posts to the old endpoint, which "
                   "returns a 404 because the route was renamed in the last refactor") == "long"


def test_held_out_family_names_are_the_checkouts_own_reasons():
    known = F.known_families()
    assert "reported an error after the agent's change" in known
    assert "the agent's reply conceded" in known  # the reason quotes the reply; its family does not
    assert "rejected a tool call" in known
    assert "the build fails on my laptop since yesterday" not in known  # a message's words never pass as a family


def test_the_bar_picks_weak_families_with_enough_flags():
    first = {"weak": Counter(tp=5, fp=5), "few": Counter(tp=1, fp=3), "fine": Counter(tp=40, fp=5)}
    assert F.candidates(first) == ["weak"]
