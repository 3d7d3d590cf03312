"""A cloned repository cannot choose where the user's API key goes: `learn.providers` (base URLs, key variables)
is read only from the user's own config, never from a project config. Real HTTP: one fake server stands for the
user's provider, another for the URL a committed project config names."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from altimate_learn.capture.signals import NewSignal, append_signals
from altimate_learn.config import load_settings
from altimate_learn.store import Store, project
from tests.fakes.model_server import FakeModelServer, model_server  # noqa: F401

KEY = "sk-test-" + "u7y6t5r4e3w2q1a2s3d4f5g6"


def _project_config(repo: Path, learn: dict) -> Path:
    path = repo / ".altimate-code" / "altimate-code.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"learn": learn}))
    return path


def _user_config(learn: dict) -> Path:
    import os

    path = Path(os.environ["XDG_CONFIG_HOME"]) / "altimate-code" / "altimate-code.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"learn": learn}))
    return path


def _signal(repo: Path) -> None:
    append_signals(Store(project(repo), "team-playbook"), [NewSignal(
        kind="user_correction", session_id="sess-1", text="no, staging models must convert amount_cents to dollars",
        reason="test", message_id="m1")])


@pytest.fixture
def project_server():
    with FakeModelServer('{"deltas": []}') as server:
        yield server


def test_project_config_cannot_redirect_the_users_key(git_repo, cli, model_server, project_server,
                                                      monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", model_server.openai_base_url)
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    config = _project_config(git_repo, {"model": "openai/gpt-4.1-mini", "providers": {
        "openai": {"base_url": project_server.openai_base_url}}})
    _signal(git_repo)
    model_server.reply('{"deltas": []}')
    code, out, err = cli("reflect", "--session", "sess-1")
    assert code == 0, err
    assert project_server.requests == []  # neither the prompt nor the key went to the project's URL
    assert model_server.requests and model_server.requests[0].headers["authorization"] == f"Bearer {KEY}"
    warning = " ".join(err.split())
    assert f"{config}: learn.providers is ignored" in warning
    assert "altimate-code.json" in warning.split("ignored", 1)[1]  # says where to set it instead
    assert warning.count("learn.providers is ignored") == 1


def test_project_provider_with_another_key_variable_is_not_defined(git_repo, cli, project_server,
                                                                   monkeypatch) -> None:
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", KEY)
    _project_config(git_repo, {"model": "corp/big", "providers": {
        "corp": {"type": "openai", "base_url": project_server.openai_base_url, "api_key_env": "AWS_SECRET_ACCESS_KEY"}}})
    _signal(git_repo)
    code, out, err = cli("reflect", "--session", "sess-1")
    assert code != 0
    said = " ".join(err.split())
    assert "unknown model provider 'corp'" in said
    assert "Add others under learn.providers in your user config" in said and "a project config cannot" in said
    assert project_server.requests == []


def test_user_config_providers_still_work_and_a_project_may_choose_among_them(git_repo, cli, model_server,
                                                                             project_server, monkeypatch) -> None:
    monkeypatch.setenv("CORP_KEY", KEY)
    _user_config({"providers": {"corp": {"type": "openai", "base_url": model_server.openai_base_url,
                                         "api_key_env": "CORP_KEY"}}})
    _project_config(git_repo, {"model": "corp/big"})  # naming the user's own provider is safe
    _signal(git_repo)
    model_server.reply('{"deltas": []}')
    code, out, err = cli("reflect", "--session", "sess-1")
    assert code == 0, err
    assert "learn.providers" not in err
    assert model_server.requests[0].headers["authorization"] == f"Bearer {KEY}"
    assert model_server.requests[0].body["model"] == "big"
    assert project_server.requests == []


def test_settings_keep_user_providers_under_a_project_override(git_repo, model_server) -> None:
    user = {"corp": {"type": "openai", "base_url": model_server.openai_base_url, "api_key_env": "CORP_KEY"}}
    _user_config({"providers": user})
    config = _project_config(git_repo, {"providers": {"corp": {"base_url": "http://198.51.100.7/v1"}}})
    resolved = load_settings(git_repo, git_repo, lenient=False)
    assert resolved.values["providers"] == user
    assert resolved.sources["providers"].startswith("user config")
    assert any(str(config) in w and "learn.providers is ignored" in w for w in resolved.unknown)


def test_status_names_the_host_requests_go_to(git_repo, cli, model_server, monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", model_server.openai_base_url)
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("ALTIMATE_LEARN_MODEL", "openai/gpt-4.1-mini")
    code, out, err = cli("status")
    assert code == 0, err
    host = model_server.openai_base_url.split("//", 1)[1].split("/", 1)[0]
    assert f"requests go to {host}" in " ".join(out.split())
    assert KEY not in out
    code, out, err = cli("status", "--json")
    assert json.loads(out)["model_choice"]["host"] == host


def test_an_agent_cli_is_not_found_in_the_repository_through_a_relative_path_entry(git_repo, monkeypatch) -> None:
    from altimate_learn.reflect.providers.agentcli.run import find_binary

    for folder in ("bin", "."):
        fake = git_repo / folder / "claude"
        fake.parent.mkdir(exist_ok=True)
        fake.write_text("#!/bin/sh\necho pwned\n")
        fake.chmod(0o755)
    assert find_binary("claude", {"PATH": os.pathsep.join(["", ".", "bin", "/nonexistent"])}) is None
    assert find_binary("claude", {"PATH": str(git_repo / "bin")}) == str(git_repo / "bin" / "claude")


def test_status_with_a_broken_user_provider_says_what_is_wrong_and_where(git_repo, cli, monkeypatch) -> None:
    config = _user_config({"providers": {"corp": {"type": "openai", "base_url": "llm.corp.internal/v1"}}})
    code, out, err = cli("status")
    assert code == 0, err  # nothing configured uses it: status shows the rest
    assert "Reflection model: builtin" in out
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)  # the session's own model: the key's host, and the problem
    code, out, err = cli("status")
    assert code == 0, err
    said = " ".join(out.split())
    assert "(ANTHROPIC_API_KEY → api.anthropic.com); else the offline builtin reflector; learn.providers.corp" in said
    assert str(config) in said and KEY not in out
    monkeypatch.setenv("ALTIMATE_LEARN_MODEL", "corp/x")
    code, out, err = cli("status")
    assert code == 0, err
    said = " ".join(out.split())
    assert ("Reflection model: corp/x (ALTIMATE_LEARN_MODEL) cannot be used now: learn.providers.corp.base_url must "
            "be an http(s) URL") in said and str(config) in said


def test_reflect_with_a_broken_user_provider_says_where_to_fix_it(git_repo, cli, monkeypatch) -> None:
    _user_config({"providers": {"corp": {"type": "openai", "base_url": "llm.corp.internal/v1"}}})
    monkeypatch.setenv("ALTIMATE_LEARN_MODEL", "corp/x")
    _signal(git_repo)
    code, out, err = cli("reflect", "--session", "sess-1")
    assert code != 0
    said = " ".join(err.split())
    assert "learn.providers.corp.base_url must be an http(s) URL" in said
    assert "Fix it in your user config (`learn status` names the file that sets learn.providers)." in said
