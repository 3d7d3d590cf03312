"""refl43 (session #25): review41 R41-3's fifth everyday rule ("read the token from the env": never hard-code a token,
read it from the environment) in the ways people say it, each with look-alikes that must give nothing. Every message
here is our own wording."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules, reflect_builtin


def _rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


# --- the order, said the ways people say it -----------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("read the token from the env", "Read the token from the env."),  # refl42's, kept
    ("read the token from the env pls", "Read the token from the env."),
    ("please read the token from the env, thanks", "Read the token from the env."),
    ("get the token from the environment", "Get the token from the environment."),
    ("take the api key from env", "Take the api key from env."),
    ("fetch the db password from the env", "Fetch the db password from the env."),
    ("read the token from the GITHUB_TOKEN env var", "Read the token from the `GITHUB_TOKEN` env var."),
    ("read the token from the env, don't hardcode it", "Read the token from the env; never hardcode it."),
    ("load the credentials from environment variables, never hardcode them",
     "Load the credentials from environment variables; never hardcode them."),
])
def test_where_a_secret_comes_from_said_as_an_order(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


# --- a secret put in the code, then "read it from the env" ------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("you hardcoded the token. read it from the env", "Never hardcode the token; read it from the env."),
    ("why is the token hardcoded? read it from the env", "Never hardcode the token; read it from the env."),
    ("why did you hardcode the token? read it from the env", "Never hardcode the token; read it from the env."),
    ("hardcoding the token again? read it from the env", "Never hardcode the token; read it from the env."),
    ("no hardcoded tokens please, read them from the environment", "Never hardcode tokens; read them from the environment."),
    ("you hardcoded your api key in settings.py. get it from an env var",
     "Never hardcode the api key; read it from an env var."),
    ("why is the stripe key hardcoded in config.py?? please read it from the STRIPE_SECRET_KEY env var",
     "Never hardcode the stripe key; read it from the `STRIPE_SECRET_KEY` env var."),
    ("ugh, you hardcoded the creds again. read them from env vars", "Never hardcode the creds; read them from env vars."),
    ("you put the password in the code, keep it in the env instead", "Never hardcode the password; read it from the env."),
])
def test_a_secret_put_in_the_code_and_where_it_comes_from(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize(("typed", "lesson"), [
    # a secret kept out of the code, the repository or the logs: which one, said bare
    ("never hardcode the token", "Never hardcode the token."),
    ("don't commit the password", "Never commit the password."),
    ("why is the token hardcoded?", "Never hardcode the token."),
])
def test_a_secret_kept_out_of_the_code(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "read it from the env",                                  # what "it" is only the conversation says
    "read the file from the env",                            # no secret
    "read the token from the env for now",                   # this task only
    "get the token from the env and print it",               # a step of the task
    "you hardcoded the token. read it from the env for now",
    "you hardcoded the port. read it from the env",          # no secret: the port may be this task's value
    "you hardcoded the token. read it from the file",        # not the environment
    "you hardcoded the token",                               # a statement of what the agent did, nothing to do said
    "the token is in the env",                               # what is
    "is the token in the env?",                              # a question that only asks
    "I put the token in the env",                            # what the person did
    "the token from the env is empty",                       # a report
    "the token doesn't load from the env",
    "move the token to an env var",                          # one step of this task
    "don't commit the token yet",                            # for now
    "never hardcode the timeout",                            # no secret
    "why is the port hardcoded?",
])
def test_their_look_alikes_give_nothing(typed: str) -> None:
    assert _rules(typed) == []


def test_the_secret_rule_is_a_lesson_of_a_builtin_reflection_and_uses_up_its_signal() -> None:
    result = reflect_builtin([FeedbackItem("user_correction", "why is the token hardcoded? read it from the env",
                                           signal_id="s1")], [])
    assert [d["text"] for d in result.deltas if d["op"] == "ADD"] == ["Never hardcode the token; read it from the env."]
    assert result.sources == ["s1"]


# --- how plainly or briefly to talk to the person (a dev correction: "i dont understand what ure saying, keep your
# language simple"; the family of "keep our chat in english" and "one question at a time plz") --------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("i dont understand what ure saying, keep your language simple", "Keep the language simple."),
    ("keep your answers short pls", "Keep answers short."),
    ("that's way too long, keep your replies short and simple", "Keep replies short and simple."),
    ("please keep ur explanations brief", "Keep explanations brief."),
])
def test_how_to_talk_to_the_person_is_a_standing_preference(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "keep the summary short",              # one text of this task
    "keep the explanation short",
    "keep the function simple",            # code of this task
    "keep the messages short",             # commit messages? the code's, maybe
    "keep it short",                       # what "it" is only the conversation says
    "keep your language simple for this one",
    "the docs are too long, keep the explanation short",
    "is the language simple enough?",      # a question that only asks
    "the language is simple",              # a statement
])
def test_its_look_alikes_give_nothing(typed: str) -> None:
    assert _rules(typed) == []
