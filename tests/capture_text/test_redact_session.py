"""Redaction of a secret split from its name by a line break, and of a secret repeated later in the same
session (the agent quoting it back, the person repeating it): in the redactor, in `learn capture` on a real
transcript file, in live capture through the hooks, and in the learner's and the reflection's digests."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from altimate_learn.redact import SecretMemory, redact, remembering
from tests.deliver.helpers import learn_dir, read_jsonl, run_hook, sample_lessons, write_store

SPLIT = [
    ("my db password is\n  hunter2-xyz", "hunter2-xyz"),
    ("password:\n  s3cr3t!", "s3cr3t!"),
    ("DB_PASSWORD:\n    Pa55word-prod\nDB_HOST: db.internal", "Pa55word-prod"),
    ("here is the api key:\n\n  `Zx9kk77aaQ`", "Zx9kk77aaQ"),
    ("**Token**\n\"tok3n_live_x\"", "tok3n_live_x"),
    ("the staging passphrase should be\n> blue-horse-9", "blue-horse-9"),
    ("Passwort ist\r\n  Geheim#2024\r\n", "Geheim#2024"),
    ("the wifi password is\nsunshine!", "sunshine!"),  # a linking word: "!" does not make it prose
    ("the password is\nabc123!?", "abc123!?"),
]

CLEAN = [
    "Password:\n  Must be at least 8 characters",
    "token:\n  type: string\n  format: jwt",
    "password_min_length:\n  8",
    "Version:\nv2.0.1",
    "the password\nis wrong, try again",
    "Reset password\nStep2:",
    "api key\n  rotation happens weekly",
    "token:\n  ${GITHUB_TOKEN}",
    "password:\n  <your-password>",
    "secret:\n  changeme",
    "credentials\n  see vault/prod/db",
    # ordinary wrapped prose and notes under a credential word with no separator (review6 #4)
    "no, why did you print the token\nagain?!",
    "Can you check why the password\nfails?",
    "don't hardcode the api key\nagain!",
    "the access key\nexpired?",
    "Where is the token\nstored?",
    "passwords\nMD5-hashed",
    "reset the user's password\nfn_reset_pw2",
    "- password\n- PasswordReset2FA",
    "The session token\nTTL=3600",
    "the password\nmax_len=64",
    "the password\nv2.1-beta",
    "the password\nlength>=8",
    "the password is\nv2.1-beta",
    "password:\nlength>=8",
    "the password field is\nrequired",
    "Rename the password\nfield2",
    "we hash the password\nwith bcrypt12",
    "the password\nbcrypt12",
    "the password\nSHA-256",
    "the token\nTTL: 3600",
    "check the password\npolicy!!",
    "the token is\nexpired?",
    "the api key is\nread-only!",
    "rotate the api key\nASAP!",
    "token:\n  - name: x",
    "secret\n",
]

# a value on its own under the bare word, no separator: only what reads as a credential by itself
SPLIT_UNLABELLED = [
    ("the staging db password\n  Geheim#2024", "Geheim#2024"),
    ("the deploy token\n  k8Fq2LmZ9xR4tW7p", "k8Fq2LmZ9xR4tW7p"),
    # review7 R1: every one of these leaked while only "credential-shaped" values were taken here
    ("here is the staging password\nhunter2-xyz", "hunter2-xyz"),
    ("db password\nqwerty_123", "qwerty_123"),
    ("the password\nCorrect-Horse-Battery-9", "Correct-Horse-Battery-9"),
    ("Username\nadmin\nPassword\nhunter22", "hunter22"),
    ("Username\nops-admin\nPassword\nWinter2025!", "Winter2025!"),
    ("the db password\nhunter22", "hunter22"),
    ("admin password\nadmin123", "admin123"),
    ("password\n2024Summer", "2024Summer"),
    ("use this token\nab12cd34ef56", "ab12cd34ef56"),
    ("root password\n9f8e7d6c5b", "9f8e7d6c5b"),
    ("Password\nSummer2024!", "Summer2024!"),
    ("password\nwelcome1!", "welcome1!"),
    ("the password\nabc123!?", "abc123!?"),
    ("the wifi password is\nsunshine!", "sunshine!"),
]


@pytest.mark.parametrize("text,secret", SPLIT)
def test_a_value_on_the_line_after_its_name_is_redacted(text: str, secret: str):
    out = redact(text)
    assert secret not in out and "[REDACTED:" in out
    assert redact(out) == out


@pytest.mark.parametrize("text,secret", SPLIT_UNLABELLED)
def test_a_credential_shaped_value_under_the_bare_word_is_redacted(text: str, secret: str):
    assert secret not in redact(text)


@pytest.mark.parametrize("text", CLEAN)
def test_text_on_the_line_after_a_credential_word_that_is_no_secret_stays(text: str):
    assert redact(text) == text


def test_a_secret_repeated_later_in_the_session_is_redacted_there_too():
    with remembering():
        first = redact("my db password is\n  hunter2-xyz")
        later = redact("ok, I connected with hunter2-xyz and the migration ran.")
        quoted = redact('no, "hunter2-xyz" is for staging; prod differs')
        unrelated = redact("hunter2-xyzzy is another word, and hunter2 alone too")
    assert "hunter2-xyz" not in first + later + quoted
    assert later == "ok, I connected with [REDACTED:password] and the migration ran."
    assert quoted == 'no, "[REDACTED:password]" is for staging; prod differs'
    assert unrelated == "hunter2-xyzzy is another word, and hunter2 alone too"  # only the whole value


def test_outside_a_session_scope_nothing_is_remembered():
    with remembering():
        redact("password: s3cr3t!-prod")
    assert redact("use s3cr3t!-prod") == "use s3cr3t!-prod"
    with remembering():  # a new scope starts empty
        assert redact("use s3cr3t!-prod") == "use s3cr3t!-prod"


def test_learn_remembers_without_redacting_and_short_values_are_not_remembered():
    memory = SecretMemory()
    memory.learn("DB_PASSWORD=Qx7-pl")
    memory.learn("pin: ab1!")  # 4 characters: too short to look for elsewhere
    assert set(memory.values) == {"Qx7-pl"}
    with remembering(memory):
        assert redact("then Qx7-pl again, and ab1! here") == "then [REDACTED:password] again, and ab1! here"


def test_a_plain_word_redacted_once_is_not_redacted_again_in_the_persons_words():
    """A value of letters alone is a word of prose more often than a secret: after `SESSION_KEY = "learner"` in
    a file the agent read, or "again?!" under a line ending in "token", the correction keeps its words."""
    with remembering() as memory:
        redact('SESSION_KEY = "learner"')
        redact("why did you print the token\nagain?!")
        correction = redact("the learner must not run on every prompt, don't do that again?!")
    assert correction == "the learner must not run on every prompt, don't do that again?!"
    assert not any(value.strip("?!").isalpha() for value in memory.values)


# --- learn capture on a real transcript file ---------------------------------------------------------------

def _trajectory(path: Path, lines: list[dict]) -> Path:
    head = {"type": "session", "format": "learn-trajectory/1", "id": "sess-secret-1", "cwd": str(path.parent),
            "started": "2026-11-22T14:00:00Z"}
    path.write_text("\n".join(json.dumps(x) for x in [head, *lines]) + "\n", encoding="utf-8")
    return path


def test_learn_capture_redacts_a_secret_the_session_gave_earlier_when_a_correction_repeats_it(cli, git_repo: Path):
    path = _trajectory(git_repo / "session.jsonl", [
        {"type": "user", "text": "Connect the loader to the staging db. my db password is\n  hunter2-xyz", "id": "u1"},
        {"type": "assistant", "text": "Connected with the password you gave."},
        {"type": "user", "text": "No, don't hardcode hunter2-xyz in loader.py, read it from the environment "
                                 "instead.", "id": "u2"},
    ])
    code, out, err = cli("capture", str(path), "--json")
    assert code == 0, err
    (signal,) = read_jsonl(git_repo / ".altimate-code" / "learn" / "team-playbook" / "signals.jsonl")
    assert signal["messageID"] == "u2" and "hunter2-xyz" not in signal["text"]
    assert "[REDACTED:password]" in signal["text"]
    assert not [p for p in (git_repo / ".altimate-code").rglob("*") if p.is_file() and b"hunter2-xyz" in p.read_bytes()]


# --- live capture: the capture worker reads the session's transcript -----------------------------------------

def test_live_capture_redacts_a_secret_the_agent_read_earlier_when_the_correction_repeats_it(git_repo: Path):
    from altimate_learn.harness import capture_worker

    write_store(git_repo, sample_lessons())
    env = {"ALTIMATE_LEARN_CAPTURE": "1", "ALTIMATE_LEARN_AUTO": "0", "ALTIMATE_LEARN_CONTINUAL_LEARNING": "0"}
    transcript = _trajectory(git_repo / "t.jsonl", [
        {"type": "user", "text": "set up the loader", "id": "p1"},
        {"type": "tool", "name": "read", "input": {"path": ".env"}, "result": "DB_PASSWORD=Wq9-zz-41!\n", "id": "t1"},
        {"type": "assistant", "text": "Done: the loader reads the staging database."},
    ])
    base = {"session_id": "live-secret-1", "transcript_path": str(transcript), "cwd": str(git_repo)}
    for payload in ({**base, "hook_event_name": "UserPromptSubmit", "prompt": "set up the loader", "prompt_id": "p1"},
                    {**base, "hook_event_name": "Stop", "last_assistant_message": "Done."},
                    {**base, "hook_event_name": "UserPromptSubmit", "prompt_id": "p2",
                     "prompt": "no, never paste Wq9-zz-41! into loader.py, read it from the environment instead"}):
        proc = run_hook("claude-code", payload, cwd=git_repo, env=env)
        assert (proc.returncode, proc.stderr) == (0, "")
    assert capture_worker.wait_for_workers(str(learn_dir(git_repo) / ".sessions"), timeout=120)
    (signal,) = read_jsonl(learn_dir(git_repo) / "team-playbook" / "signals.jsonl")
    assert signal["messageID"] == "p2" and "Wq9-zz-41!" not in signal["text"] and "[REDACTED:" in signal["text"]


# --- the reflection's digest ---------------------------------------------------------------------------------

def test_the_reflection_digest_redacts_a_secret_wherever_the_session_repeats_it():
    from altimate_learn.reflect.digest import DigestCall, DigestSource, build_digest

    src = DigestSource(prompts=["deploy it; the deploy password:\n  Dq4-lime-77"],
                       calls=[DigestCall(name="bash", input="deploy --pw Dq4-lime-77 --host prod", output="ok",
                                         error=False)],
                       final_text="Deployed with Dq4-lime-77 as asked.")
    digest = build_digest(src)
    assert "Dq4-lime-77" not in digest and digest.count("[REDACTED:password]") >= 2


def test_a_live_tool_retry_signal_is_redacted_with_the_secret_the_person_gave_earlier(git_repo: Path):
    """The person gave the password under its name; the agent used it as the role and psql failed three times,
    quoting it bare. The tool_retry signal is recorded by the capture worker, redacted with the session's memory
    (review6 #10a: the hook appended it without)."""
    from altimate_learn.harness import capture_worker

    write_store(git_repo, sample_lessons())
    env = {"ALTIMATE_LEARN_CAPTURE": "1", "ALTIMATE_LEARN_AUTO": "0", "ALTIMATE_LEARN_CONTINUAL_LEARNING": "0"}
    prompt = "load the fixtures into staging; my db password is\n  hunter2-xyz"
    transcript = _trajectory(git_repo.parent / "t-tool.jsonl", [{"type": "user", "text": prompt, "id": "p1"}])
    base = {"session_id": "live-tool-1", "transcript_path": str(transcript), "cwd": str(git_repo)}
    payloads = [{**base, "hook_event_name": "UserPromptSubmit", "prompt_id": "p1", "prompt": prompt}]
    payloads += [{**base, "hook_event_name": "PostToolUseFailure", "tool_name": "Bash", "tool_use_id": f"t{i}",
                  "tool_input": {"command": "psql -h staging -U hunter2-xyz -f fx.sql"},
                  "error": 'psql: error: FATAL:  role "hunter2-xyz" does not exist'} for i in range(3)]
    for payload in payloads:
        proc = run_hook("claude-code", payload, cwd=git_repo, env=env)
        assert (proc.returncode, proc.stderr) == (0, "")
    assert capture_worker.wait_for_workers(str(learn_dir(git_repo) / ".sessions"), timeout=120)
    (signal,) = read_jsonl(learn_dir(git_repo) / "team-playbook" / "signals.jsonl")
    assert (signal["kind"], signal["partID"]) == ("tool_retry", "t2")
    # the failing command is kept (what worked after it is compared with it), redacted the same way
    assert signal["text"] == ('Tool `Bash` failed 3 times in a row. Last error: psql: error: FATAL:  role '
                              '"[REDACTED:password]" does not exist\n'
                              'Last command: psql -h staging -U [REDACTED:password] -f fx.sql')
    assert not [p for p in (git_repo / ".altimate-code").rglob("*") if p.is_file() and b"hunter2-xyz" in p.read_bytes()]


@pytest.mark.parametrize("found,later", [
    ("the token is nowhere!", "it is nowhere! check"),  # "nowhere!" is taken for a token there (a question no longer is: R36-10)
    ('SESSION_KEY = "learner"', "the learner must not run on every prompt"),
    ("password: 12345678", "run it 12345678 times"),
    ("DB_TOKEN=TTL=3600", "set TTL=3600 on the cache"),
    ("api_key: v2.1.0-beta", "pin v2.1.0-beta in requirements"),
    # review7 R5: a file, an algorithm or a model named where the redactor expects a secret
    ("GOOGLE_APPLICATION_CREDENTIALS=service-account.json",
     "No, read service-account.json from the repo root, and sign with HS256"),
    ("credentials: gcp-sa.json", "download gcp-sa.json again"),
    ("secret: sha256", "use sha256 for the checksum"),
    ("secret: bcrypt_sha256", "set PASSWORD_HASHERS to bcrypt_sha256 first"),
    ("SECRET_KEY=HMAC-SHA256", "sign the cookie with HMAC-SHA256"),
    ("private_key: id_ed25519", "add id_ed25519 to the agent"),
    ("token: gpt-4o", "switch the model to gpt-4o"),
    ("model_key: claude-3-5-sonnet", "use claude-3-5-sonnet for the reviews"),
    ("token: claude-sonnet-4-5", "no, keep claude-sonnet-4-5 as the default"),
    ("api_key: llama3.1", "run llama3.1 locally"),
])
def test_what_reads_as_a_word_a_number_a_setting_a_version_or_a_name_is_not_remembered(found: str, later: str):
    """Redacted where it was found, such a value is not redacted again wherever it comes back (review6 #3: the
    memory spread the redactor's ordinary false positives into the person's corrections; review7 R5: file,
    algorithm and model names)."""
    with remembering() as memory:
        assert redact(found) != found  # the redactor took it for a secret there
        assert redact(later) == later
    assert memory.values == {}


def test_a_template_of_empty_variables_is_not_read_as_values():
    """An .env template pasted into a prompt: each line's name is not the value of the line above (a real
    session's `OPENAI_API_KEY=\nSMALLEST_API_KEY=`), so it is neither redacted nor remembered."""
    template = "DEEPGRAM_API_KEY=\nOPENAI_API_KEY=\nSMALLEST_API_KEY=\nGOOGLE_APPLICATION_CREDENTIALS=\n"
    with remembering() as memory:
        assert redact(template) == template
        assert redact("fill SMALLEST_API_KEY= in .env") == "fill SMALLEST_API_KEY= in .env"
    assert memory.values == {}


def test_a_remembered_value_is_never_redacted_inside_a_longer_identifier():
    with remembering():
        redact("token=abc123def")
        assert redact("rename tok_abc123def_old and abc123def_v2") == "rename tok_abc123def_old and abc123def_v2"
        assert redact("abc123def, then (abc123def) and abc123def-x") == \
            "[REDACTED:token], then ([REDACTED:token]) and [REDACTED:token]-x"


def test_a_value_with_letters_and_digits_or_symbols_is_remembered():
    with remembering() as memory:
        for text in ("password: Qx7-pl", "token=abc123def", "my passphrase is\n  blue.horse#"):
            redact(text)
        assert set(memory.values) == {"Qx7-pl", "abc123def", "blue.horse#"}
        assert redact("then Qx7-pl, abc123def and blue.horse# again") == \
            "then [REDACTED:password], [REDACTED:token] and [REDACTED:password] again"


def test_passwords_shaped_like_names_are_still_remembered():
    """Words with one trailing number, a word with digits in it, a capital letter: a chosen password, not a
    model's or a file's name."""
    values = ["hunter2-xyz", "letmein-99", "summer-2024", "blue-horse-9", "Claude-3-Opus!", "Gpt4o-secret"]
    with remembering() as memory:
        for value in values:
            assert redact(f"password: {value}") == "password: [REDACTED:password]"
        assert set(memory.values) == set(values)
        assert redact("no: " + " ".join(values)) == "no: " + " ".join(["[REDACTED:password]"] * len(values))


# review8 R8-4: passwords of words and numbers, or shaped like a file, a variable, an algorithm or a model, given
# where only a credential goes (a password key, a URL, `-p`, a Bearer header) or under a key as a plain value
NAMED_ONCE = [
    ("the db password is {s}", "correct-horse-42-battery"), ("the db password is {s}", "summer-2024-fun"),
    ("the db password is {s}", "blue-7-sky-9"), ("the db password is {s}", "tiger-99-lake"),
    ("the db password is {s}", "hunter-22-fox"), ("the db password is {s}", "mango.2024x"),
    ("the db password is {s}", "red-8-apple-3-tree"), ("password: {s}", "gamma-12-delta-7"),
    ("password: {s}", "ADMIN_PW_77"), ("password: {s}", "PROD_2024_KEY9"),
    ("the api key is {s}", "ABCD_1234_EFGH_5678"), ("export DB_PASSWORD={s}", "kitten-3-rocket-5"),
    ("export DB_PASSWORD={s}", "ms-2024-pw"), ("export DB_PASSWORD={s}", "llama3.1"),
    ("export DB_PASSWORD={s}", "aes-256-gcm"), ("export DB_PASSWORD={s}", "rs256-id-9"),
    ("DATABASE_URL=postgres://app:{s}@db.internal:5432/app", "pony-7-ride-22"),
    ("DATABASE_URL=postgres://app:{s}@db.internal:5432/app", "Zebra42.pass"),
    ('{{"password": "{s}"}}', "otter-5-river-12"), ('{{"api_key": "{s}"}}', "qwe-123-asd"),
    ("Authorization: Bearer {s}", "tok-2024-abc"), ("mysql -u root -p{s} app", "maple-42-syrup"),
    ("the token is {s}", "deploy-v2.3-final"), ("the password is {s}", "rocket-3-5"),
    ("the password is {s}", "apple-1-2-3"),
    # R8-11: under a generic key, a model family's word does not make a model's name
    ("SECRET=falcon-42-heavy", "falcon-42-heavy"), ("API_TOKEN=nova-7-sky-9", "nova-7-sky-9"),
    ("the api key is {s}", "titan-99-gate"), ("WEBHOOK_SECRET={s}", "phi-31-delta"),
    ('{{"token": "{s}"}}', "grok-2024-x"), ("CLIENT_SECRET={s}", "yi-88-dragon"),
    ("SECRET_KEY={s}", "opus-magnum-77"), ("API_KEY={s}", "embed-42-key"),
    ("the token is {s}", "llama-3-70b-key"), ("API_KEY={s}", "gpt-4o-mini-prod-7"),
]


@pytest.mark.parametrize("first,secret", NAMED_ONCE)
def test_a_password_that_looks_like_a_name_is_redacted_when_repeated(first: str, secret: str):
    with remembering():
        assert secret not in redact(first.format(s=secret))
        later = redact(f"No, never hardcode {secret} in db.py, read it from the environment.")
    assert re.fullmatch(r"No, never hardcode \[REDACTED:[a-z-]+\] in db\.py, read it from the environment\.", later)


@pytest.mark.parametrize("text,secret", [
    # review8 R8-5: a password with a dot in it was taken for an attribute (`obj.attr`) and left bare
    ("the db password is winter2024.fun", "winter2024.fun"), ("the db password is Passw0rd.ok", "Passw0rd.ok"),
    ("the db password is s3cr3t.pw", "s3cr3t.pw"), ("password: alpha1.beta", "alpha1.beta"),
    ("DB_PASSWORD=Summer2024.io", "Summer2024.io"), ("password=Zx9.qwe", "Zx9.qwe"),
    ("my password is K1tten.cat.", "K1tten.cat"), ("pwd: Tr0ub4.dor", "Tr0ub4.dor"),
    ("password: PROD_2024_KEY9", "PROD_2024_KEY9"), ("the api key is ABCD_1234_EFGH_5678", "ABCD_1234_EFGH_5678"),
    # review8 R8-5 residual: a letters-only first part, a digit after the dot
    ("my password is Monkey.Banana7", "Monkey.Banana7"), ("the password is dragon.v2", "dragon.v2"),
    ("the password is Dragon.v2", "Dragon.v2"), ("DB_PASSWORD=Monkey.Banana7", "Monkey.Banana7"),
    ("pwd: Tiger.Lily42", "Tiger.Lily42"), ("my secret is Monkey.Banana7", "Monkey.Banana7"),
    # review9 R9-17: shaped like a version, but under a password's name it is the password
    ("the db password is summer2024.5", "summer2024.5"), ("my password is hunter2.0", "hunter2.0"),
    ("the wifi password is tiger77.42", "tiger77.42"), ("the admin password is qwerty1.23", "qwerty1.23"),
    ("DB_PASSWORD=1987.03.14", "1987.03.14"), ("PASSWORD=4.8.15.16.23.42", "4.8.15.16.23.42"),
    ("export PGPASSWORD=2024.11.05", "2024.11.05"), ("API_TOKEN=v3.14.159", "v3.14.159"),
])
def test_a_password_with_a_dot_or_in_capitals_is_redacted_under_its_name(text: str, secret: str):
    assert secret not in redact(text) and "[REDACTED:" in redact(text)


@pytest.mark.parametrize("text", ["password = config.password", "the password is self.password",
                                  "DB_PASSWORD=settings.DB_PASSWORD", "password: base64.b64decode",
                                  "the password is sha256.hexdigest", "password=db2.password", "PASSWORD=os.environ",
                                  "TOKEN=foo1.bar", "the token is app1.settings",
                                  # a digit after the dot, but a file, an algorithm, a version or a credential's name
                                  "password: keystore.p12", "password: hashlib.sha256", "password: obj.token2",
                                  "the password is user.password2",
                                  "password: app.models", "the password is hashed with bcrypt.hashpw",
                                  "the token is api.v2", "password: id_rsa.pub", "password = forms.CharField"])
def test_an_attribute_under_a_credential_word_stays(text: str):
    assert redact(text) == text


@pytest.mark.parametrize("text", ["the token is GITHUB_TOKEN", "the password is DB_PASSWORD",
                                  "the api key is OPENAI_API_KEY, set it in .env"])
def test_an_environment_variables_name_after_a_credential_word_stays(text: str):
    assert redact(text) == text


def _secret_corpora() -> list[tuple[str, str]]:
    """(text, secret) of every secret corpus: the generated research corpus, the vendor formats in every context,
    and this folder's own credential lists."""
    import importlib.util
    import sys

    from tests.capture_text import test_redact, test_redact_vendors

    data = Path(__file__).resolve().parents[2] / "research" / "data" / "secrets"
    modules = []
    for name in ("generate", "vendors"):
        spec = importlib.util.spec_from_file_location(f"secrets_{name}_for_memory", data / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        modules.append(module)
    generate, vendors = modules
    cases = [(line.text, secret) for line in generate.build_corpus() for secret in line.secrets]
    cases += [(c.text, c.secret) for c in vendors.build_corpus(seed=7)]
    cases += [*SPLIT, *SPLIT_UNLABELLED]
    value = "Zq7-mW2pL9xR4v"
    cases += [(t.format(v=value), value) for t, _ in test_redact_vendors.CREDENTIAL_FORMS if "{v}" in t]
    for text, expected in test_redact.PROSE:  # the secret is what the placeholder replaced
        head, _, tail = expected.partition("[REDACTED:")
        tail = tail.partition("]")[2]
        cases.append((text, text[len(head):len(text) - len(tail)]))
    return cases


def test_every_secret_of_the_corpora_typed_once_is_redacted_when_repeated_bare():
    """The opposite of the names above: a real credential, redacted where it was given, is redacted again in a
    later correction or answer that repeats it bare. Only what the documented rule leaves out is skipped: a value
    under MEMORY_MIN characters, or a word with only punctuation after it ("sunshine!")."""
    from altimate_learn.redact import MEMORY_MIN

    leaked, checked = [], 0
    for text, secret in _secret_corpora():
        if len(secret) < MEMORY_MIN or secret.rstrip(".,;:!?").isalpha():
            continue
        with remembering():
            assert secret not in redact(text), text
            for later in (f"no, {secret} is for staging", f"use `{secret}`.\nthen restart"):
                checked += 1
                if secret in redact(later):
                    leaked.append((text[:60], later[:60]))
    assert leaked == [] and checked > 3000


# --- the transcript is read incrementally by the capture workers (review6 #6) ------------------------------

def _lines(path: Path, records: list[dict]) -> None:
    with open(path, "a", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(record) + "\n")


def test_each_worker_reads_only_the_new_lines_and_the_secrets_earlier_lines_held(tmp_path: Path, monkeypatch):
    from altimate_learn.harness import capture_worker

    read: list[int] = []
    learn_line = capture_worker._learn_line
    monkeypatch.setattr(capture_worker, "_learn_line", lambda raw, memory: read.append(1) or learn_line(raw, memory))
    transcript = _trajectory(tmp_path / "t.jsonl", [
        {"type": "user", "text": "connect the loader; my db password is\n  hunter2-xyz", "id": "p1"}])
    _lines(transcript, [{"type": "tool", "name": "read", "input": {"path": f"f{i}.py"}, "result": "x = 1\n" * 20,
                         "id": f"t{i}"} for i in range(40)])
    job = {"transcript": str(transcript), "sessions_dir": str(tmp_path / ".sessions"), "session": "inc-1"}
    assert set(capture_worker.session_secrets(job, print).values) == {"hunter2-xyz"}
    assert len(read) == 42  # the whole file, once
    read.clear()
    _lines(transcript, [{"type": "assistant", "text": "Loaded."}, {"type": "user", "text": "thanks", "id": "p2"}])
    assert capture_worker.session_secrets(job, print).values == {"hunter2-xyz": "password"}
    assert len(read) == 2  # the two new lines; of the line that held the secret, only the secret's bytes
    record = tmp_path / ".sessions" / capture_worker.SECRETS
    assert not [p for p in record.iterdir() if b"hunter2" in p.read_bytes()]  # offsets only, never text
    read.clear()
    _trajectory(transcript, [{"type": "user", "text": "a new session in the same file", "id": "q1"}])  # rewritten
    assert capture_worker.session_secrets(job, print).values == {} and len(read) == 2


def test_a_torn_last_line_is_read_by_the_next_worker_once_it_is_whole(tmp_path: Path):
    from altimate_learn.harness import capture_worker

    transcript = _trajectory(tmp_path / "t.jsonl", [{"type": "user", "text": "set it up", "id": "p1"}])
    job = {"transcript": str(transcript), "sessions_dir": str(tmp_path / ".sessions"), "session": "inc-2"}
    line = json.dumps({"type": "user", "text": "the api token is\n  Zq81-live-77x", "id": "p2"}) + "\n"
    with open(transcript, "a", encoding="utf-8") as handle:
        handle.write(line[:30])  # the agent is still writing it
    assert capture_worker.session_secrets(job, print).values == {}
    with open(transcript, "a", encoding="utf-8") as handle:
        handle.write(line[30:])
    assert set(capture_worker.session_secrets(job, print).values) == {"Zq81-live-77x"}


def test_a_second_correction_repeating_the_secret_is_redacted_by_a_worker_that_reads_only_new_lines(git_repo: Path):
    from altimate_learn.harness import capture_worker

    write_store(git_repo, sample_lessons())
    env = {"ALTIMATE_LEARN_CAPTURE": "1", "ALTIMATE_LEARN_AUTO": "0", "ALTIMATE_LEARN_CONTINUAL_LEARNING": "0"}
    transcript = _trajectory(git_repo.parent / "t2.jsonl", [
        {"type": "user", "text": "connect the loader; my db password is\n  hunter2-xyz", "id": "p1"},
        {"type": "assistant", "text": "Connected."}])
    base = {"session_id": "live-inc-1", "transcript_path": str(transcript), "cwd": str(git_repo)}
    sessions = str(learn_dir(git_repo) / ".sessions")
    turns = [("p1", "connect the loader; my db password is\n  hunter2-xyz"),
             ("p2", "no, never print hunter2-xyz in the logs, mask it instead"),
             ("p3", "no, don't commit hunter2-xyz in .env.example either, use a placeholder instead")]
    for n, (key, prompt) in enumerate(turns):
        if n:
            _lines(transcript, [{"type": "user", "text": prompt, "id": key}])
        for payload in ({**base, "hook_event_name": "UserPromptSubmit", "prompt_id": key, "prompt": prompt},
                        {**base, "hook_event_name": "Stop", "last_assistant_message": "Done."}):
            proc = run_hook("claude-code", payload, cwd=git_repo, env=env)
            assert (proc.returncode, proc.stderr) == (0, "")
        assert capture_worker.wait_for_workers(sessions, timeout=120)
        _lines(transcript, [{"type": "assistant", "text": "Done."}])
    texts = [s["text"] for s in read_jsonl(learn_dir(git_repo) / "team-playbook" / "signals.jsonl")]
    assert len(texts) == 2 and all("[REDACTED:password]" in t and "hunter2-xyz" not in t for t in texts)
    assert not [p for p in (git_repo / ".altimate-code").rglob("*") if p.is_file() and b"hunter2-xyz" in p.read_bytes()]


def test_the_hooks_own_fallback_does_not_read_the_transcript(git_repo: Path, monkeypatch):
    """When the worker cannot start, the hook classifies the prompt itself: it must not read a long transcript
    on the prompt the person is waiting on (review6 #6)."""
    from altimate_learn import launch
    from altimate_learn.harness import capture_worker
    from tests.harness.test_capture_worker import fire

    write_store(git_repo, sample_lessons())
    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_CONTINUAL_LEARNING", "0")
    monkeypatch.setattr(launch, "python", lambda: str(git_repo / "no-such-python"))
    read: list[dict] = []
    monkeypatch.setattr(capture_worker, "session_secrets", lambda job, log: read.append(job))
    transcript = _trajectory(git_repo / "t.jsonl", [{"type": "user", "text": "set up the loader", "id": "p1"}])
    base = {"session_id": "fallback-1", "transcript_path": str(transcript), "cwd": str(git_repo)}

    class Out:
        def readouterr(self):
            return type("R", (), {"out": ""})()

    fire(git_repo, {**base, "hook_event_name": "UserPromptSubmit", "prompt": "set up the loader", "prompt_id": "p1"},
         Out())
    fire(git_repo, {**base, "hook_event_name": "Stop"}, Out())
    fire(git_repo, {**base, "hook_event_name": "UserPromptSubmit", "prompt_id": "p2",
                    "prompt": "no, use `ref()` instead of reading raw tables directly"}, Out())
    (signal,) = read_jsonl(learn_dir(git_repo) / "team-playbook" / "signals.jsonl")
    assert signal["messageID"] == "p2" and read == []
