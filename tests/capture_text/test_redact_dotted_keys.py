"""A key written in parts joined by a dot (`<id>.<secret>`, the form of Zhipu/GLM API keys) is redacted whole: the
random-looking part was caught and the other half stayed in the text (corpus16, a real session typed one bare)."""

from __future__ import annotations

import pytest

from altimate_learn.redact import redact

ID = "d4f1a8c2b7e94f03" + "a6c5e1b9d8f27a4c"
SECRET = "QmXz7RtK" + "2pLw9sYb"


@pytest.mark.parametrize("text", [
    f"try this one {ID}.{SECRET}",
    f"try this one {SECRET}.{ID} instead",
    f"export GLM_API_KEY={ID}.{SECRET}",
    f"o token é {ID}.{SECRET}, usa esse",
])
def test_every_part_of_a_dotted_key_is_redacted(text):
    out = redact(text)
    assert ID not in out and SECRET not in out and ID[:8] not in out and SECRET[:6] not in out
    assert "[REDACTED:" in out


@pytest.mark.parametrize("text", [
    "api.example.com is up again",
    "bump foo.bar to version 1.2.3",
    "rename settings.production.yaml to settings.prod.yaml",
    "call client.messages.create(model=...) as before",
])
def test_dotted_names_that_are_no_key_are_left_alone(text):
    assert redact(text) == text
