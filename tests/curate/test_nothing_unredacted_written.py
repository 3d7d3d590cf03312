"""Everything written anywhere passes the redactor (issue 18.6): a rejected proposal's text, a removal's
reason, history lines, retired records, reports and crash logs never carry a secret."""

from __future__ import annotations

import json
from pathlib import Path

from tests.capture_text.planted import every_file
from tests.curate.helpers import lesson, make_store

TOKEN = "do" "p_v1_" + "3f9a" * 16
HF = "h" "f_" + "AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh"


def test_a_rejected_secret_and_a_secret_in_a_reason_reach_no_file_and_no_report(git_repo: Path, cli):
    make_store(git_repo, approved=[lesson("L-aaaa", "Use `ref()` for model dependencies in dbt models."),
                                   lesson("L-bbbb", "Name staging models `stg_<source>__<entity>`.")])
    deltas = {"deltas": [
        {"op": "ADD", "text": f"Deploy staging with the shared token {TOKEN} from the wiki.",
         "reason": f"reviewer pasted {HF}"},
        {"op": "REMOVE", "id": "L-bbbb", "reason": f"wrong: the naming rule changed, see token {HF}"},
        {"op": "EDIT", "id": "L-aaaa", "text": f"Use `ref()` and the key {TOKEN} for model dependencies.",
         "reason": "x"},
    ]}
    code, out, err = cli("curate", "--deltas", "-", input=json.dumps(deltas))
    assert code == 0, err
    code2, out2, err2 = cli("curate", "--deltas", "-", "--json", input=json.dumps(deltas))
    written = every_file(git_repo / ".altimate-code")
    for secret in (TOKEN, HF, TOKEN[8:28], HF[3:23]):
        assert secret not in written
        assert secret not in out + err + out2 + err2
    history = [json.loads(line) for line in
               (git_repo / ".altimate-code/learn/team-playbook/history.jsonl").read_text().splitlines()]
    rejected = [r for entry in history for r in entry.get("rejected", [])]
    assert any("[REDACTED:digitalocean-token]" in r.get("text", "") for r in rejected)


def test_history_keeps_ids_and_digests_but_redacts_free_text():
    from altimate_learn.redact import redact_record

    digest = "9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c"
    entry = {"at": "2026-01-05T10:00:00.000Z", "op": "promote", "candidate_sha256": digest, "ids": ["L-1a2b"],
             "summary": f"kept the key {TOKEN}", "rejected": [{"text": f"use {HF}", "id": "L-9f9f"}]}
    out = redact_record(entry)
    assert out["candidate_sha256"] == digest and out["ids"] == ["L-1a2b"] and out["at"] == entry["at"]
    assert TOKEN not in json.dumps(out) and HF not in json.dumps(out)
    assert out["rejected"][0]["id"] == "L-9f9f"


def test_a_crash_log_does_not_keep_the_secret_from_the_command_line(tmp_path: Path, monkeypatch):
    from altimate_learn.cli.app import write_crash_log

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    try:
        raise ValueError(f"cannot parse password={TOKEN}")
    except ValueError as exc:
        path = write_crash_log(exc, ["signal", "add", "--text", f"the hub token is {HF}"])
    text = path.read_text()
    assert TOKEN not in text and HF not in text and "ValueError" in text


def test_a_login_typed_with_its_password_reaches_no_file(git_repo: Path, cli):
    """review28 R28-8's residual: "login with admin / X" and "creds are admin:X" reached signals.jsonl as typed. A
    correction naming a login and its password is captured without the password; look-alikes stay as typed."""
    from altimate_learn.redact import redact
    from tests.deliver.helpers import run_hook, settle_capture

    for typed, secret in (("No, log in with admin / Hunt3r-22 on staging, not the readonly user.", "Hunt3r-22"),
                          ("the creds are admin:Winter2024! for grafana, don't ask again", "Winter2024"),
                          ("sign in as qa_bot / Qa-2024-pw then open settings", "Qa-2024-pw"),
                          # review29 R29-5
                          ("you can log in as root with toor123", "toor123"),
                          ("the test user is alice / s3cretPass", "s3cretPass"),
                          ("login with admin / 12345678", "12345678"),
                          ("log into grafana with admin / Adm1n!x", "Adm1n"),
                          ("Einloggen mit admin / Geheim2024!", "Geheim2024"),
                          ("inicia sesión con admin / Clave2024!", "Clave2024"),
                          ("connecte-toi avec admin / MotDePasse1!", "MotDePasse1"),
                          # review30 R30-2: the nouns people write before a login, in German, Spanish, French, Portuguese
                          ("Zugangsdaten: admin / Sommer2025!", "Sommer2025"),
                          ("Anmeldung mit admin / Sommer2025!", "Sommer2025"),
                          ("melde dich mit admin / Sommer2025! an", "Sommer2025"),
                          ("credenciales: admin / Clave2024!", "Clave2024"),
                          ("acceso: admin / Clave2024!", "Clave2024"),
                          ("entra con admin / Clave2024!", "Clave2024"),
                          ("identifiants : admin / Soleil2024!", "Soleil2024"),
                          ("identifiants admin:Soleil2024!", "Soleil2024"),
                          ("credenciais: admin / Segredo2024!", "Segredo2024"),
                          ("acesse com admin / Segredo2024!", "Segredo2024"),
                          ("pw for staging is Winter2024!", "Winter2024!"),
                          ("Zugangsdaten für staging: admin / Sommer2025!", "Sommer2025"),
                          ("credenciales de staging: admin / Clave2024!", "Clave2024"),
                          ("identifiants de prod : admin / Soleil2024!", "Soleil2024")):
        assert secret not in redact(typed), typed
    for same in ("ssh git@github.com:org/repo.git", "ssh deploy@10.0.0.5:2222 then restart", "account id: 12345:abcd9",
                 "the login page lives at /auth/login2fa", "login with the test user / password from 1password",
                 "log in as bob: he has the admin role", "login as bob/v2-beta", "log in as admin with SSO",
                 "the test user is alice / bob's account", "sign in with google / github",
                 "log in as admin with 2fa enabled", "log into the dashboard with google / okta sso",
                 "login flow: user/passwd form posts to /api/v2/session",
                 "mit admin / editor Rollen testen", "entre admin / editor il y a une différence", "acceso: admin / lectura",
                 "identifiants : voir le wiki", "Anmeldung: siehe 1Password", "entra con google / github",
                 "acesse com sua conta / senha do Google", "entre 2019/2020 et 2021/2022", "acceso de admin / lectura",
                 "identifiants de connexion: voir 1Password", "Zugangsdaten für das Wiki liegen im Vault"):
        assert redact(same) == same
    assert cli("enable")[0] == 0
    base = {"session_id": "s-login", "cwd": str(git_repo), "transcript_path": str(git_repo / "t.jsonl")}
    for event in ({"hook_event_name": "SessionStart", "source": "startup"},
                  {"hook_event_name": "UserPromptSubmit", "prompt": "check the staging dashboard", "prompt_id": "p1"},
                  {"hook_event_name": "Stop", "last_assistant_message": "I logged in as readonly; the panel is empty."},
                  {"hook_event_name": "UserPromptSubmit", "prompt_id": "p2",
                   "prompt": "No, log in with admin / Hunt3r-22 on staging, not the readonly user."}):
        assert run_hook("claude-code", {**base, **event}, cwd=git_repo, env={"ALTIMATE_LEARN_AUTO": "0"}).returncode == 0
    settle_capture(git_repo)
    written = every_file(git_repo / ".altimate-code")
    assert "log in with admin / [REDACTED:password] on staging" in written  # captured, without the password
    assert "Hunt3r-22" not in written
