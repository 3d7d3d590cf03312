"""`learn enable` with no model and no API key in the shell says "builtin … no cost"; the agent's hook that starts the
automatic run sees the agent's environment, where an API key may be set, and then uses the session's model on it
(review35 R35-16). enable says so before the first such run, and not when a model is chosen."""

from __future__ import annotations

NOTE = ("  Automatic runs started by an agent's hooks see that agent's environment: with a provider's API key there, "
        "they use the session's own model on that key. `learn enable --model builtin` keeps every run offline.")


def test_enable_names_what_the_hooks_runs_may_use(git_repo, cli, monkeypatch):
    for key in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY", "OPENROUTER_API_KEY"):
        monkeypatch.delenv(key, raising=False)
    code, out, err = cli("enable")
    assert code == 0, err
    assert "Reflection model: builtin, the offline reflector (no model call, no cost)" in out and NOTE in out.splitlines()
    code, out, err = cli("enable", "--model", "builtin")
    assert code == 0, err
    assert NOTE not in out.splitlines()  # a model chosen, builtin too: every run uses it
