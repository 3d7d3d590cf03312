"""An error from the agent's own model provider (litellm's "Unknown model", a rate limit, a spent quota, a refused API
key) pasted after an answer is the person's setup of the agent, not a report on the agent's change; the same error
after an answer that worked on the model client, and any other error, still are."""

from __future__ import annotations

import pytest

from altimate_learn.capture.capture import signals_from_session
from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage
from tests.capture_text.test_classifier_replies import _session

DONE = "I added the graph search endpoint and wired the Memgraph client into the ingestion step; the tests pass."
MODEL_WORK = ("I updated the summariser to call the qwen2.5-coder model through litellm and fixed how it reads the API key; "
              "the summary step now runs with the new model.")

PROVIDER_ERRORS = [
    "litellm.NotFoundError: NotFoundError: OpenAIException - Error code: 404 - {'detail': \"Unknown model "
    "'qwen2.5-coder:14b-instruct'. Available models: openai/gpt-oss-120b\"}",
    "litellm.RateLimitError: RateLimitError: AnthropicException - {\"type\":\"error\",\"error\":{\"type\":"
    "\"rate_limit_error\"}}",
    "openai.AuthenticationError: Error code: 401 - {'error': {'code': 'invalid_api_key'}}",
    "Error code: 429 - {'error': {'message': 'You exceeded your current quota', 'code': 'insufficient_quota'}}",
]


def judge(text: str, answer: str) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None,
                                      answer=answer).correction)


@pytest.mark.parametrize("text", PROVIDER_ERRORS)
def test_the_agents_model_provider_failing_is_no_report(text):
    assert not judge(text, DONE)


@pytest.mark.parametrize("text", PROVIDER_ERRORS)
def test_after_work_on_the_model_client_it_is_a_report(text):
    assert judge(text, MODEL_WORK)


def test_another_error_after_the_change_is_still_a_report():
    assert judge("Traceback (most recent call last):\n  File \"ingest.py\", line 12\n"
                 "AttributeError: 'Memgraph' object has no attribute 'search'", DONE)


def test_learn_capture_records_no_signal_for_a_provider_error(tmp_path):
    reader = _session(tmp_path, [
        {"type": "user", "id": "u0", "text": "Add a graph search endpoint backed by Memgraph."},
        {"type": "assistant", "id": "a0", "text": DONE},
        {"type": "user", "id": "u1", "text": PROVIDER_ERRORS[0]},
        {"type": "assistant", "id": "a1", "text": DONE},
        {"type": "user", "id": "u2", "text": "Traceback (most recent call last):\n  File \"ingest.py\", line 12\n"
                                             "AttributeError: 'Memgraph' object has no attribute 'search'"},
    ])
    signals, _ = signals_from_session(reader)
    assert [s.message_id for s in signals] == ["u2"]
