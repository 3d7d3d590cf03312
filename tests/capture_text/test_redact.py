"""Secret redaction: every supported format, placeholders, what must stay untouched, idempotence, and
linear behaviour on pathological input (asserted on the output, never on timing)."""

from __future__ import annotations

import base64
import importlib.util
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from altimate_learn.redact import find_secrets, redact, redact_url

GENERATOR = Path(__file__).resolve().parents[2] / "research" / "data" / "secrets" / "generate.py"


def _load_generator():
    spec = importlib.util.spec_from_file_location("secrets_corpus_generate_tests", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


gen = _load_generator()


def fake(kind: str, seed: int = 1) -> str:
    return gen.fake(kind, random.Random(seed))


# -- Every format, with the placeholder a user sees ---------------------------------------------------

FORMATS = [
    ("aws_access_key", "export AWS_ACCESS_KEY_ID={}", "export AWS_ACCESS_KEY_ID=[REDACTED:aws-key]"),
    ("aws_secret_key", "aws_secret_access_key = {}", "aws_secret_access_key = [REDACTED:aws-secret]"),
    ("github_classic", "token {} expired", "token [REDACTED:github-token] expired"),
    ("github_fine", "GH_TOKEN={} gh pr list", "GH_TOKEN=[REDACTED:github-token] gh pr list"),
    ("slack_token", "bot uses {}", "bot uses [REDACTED:slack-token]"),
    ("slack_webhook", "POST {}", "POST https://hooks.slack.com/[REDACTED:slack-webhook]"),
    ("stripe_live", "key={}", "key=[REDACTED:stripe-key]"),
    ("stripe_test", "stripe key {} for CI", "stripe key [REDACTED:stripe-key] for CI"),
    ("openai", "OPENAI_API_KEY={}", "OPENAI_API_KEY=[REDACTED:openai-key]"),
    ("openai_project", "api_key=\"{}\"", "api_key=\"[REDACTED:openai-key]\""),
    ("anthropic", "my key is {} why is it invalid", "my key is [REDACTED:anthropic-key] why is it invalid"),
    ("google_api", "maps?key={}&q=x", "maps?key=[REDACTED:google-api-key]&q=x"),
    ("npm", "//registry.npmjs.org/:_authToken={}", "//registry.npmjs.org/:_authToken=[REDACTED:npm-token]"),
    ("twilio_key", "Client('{}', s)", "Client('[REDACTED:twilio-key]', s)"),
    ("twilio_sid", "twilio account {} suspended", "twilio account [REDACTED:twilio-key] suspended"),
    ("sendgrid", "sg = SendGridAPIClient('{}')", "sg = SendGridAPIClient('[REDACTED:sendgrid-key]')"),
    ("jwt", "decode {} please", "decode [REDACTED:jwt] please"),
    ("bearer", "curl -H 'Authorization: Bearer {}' x", "curl -H 'Authorization: Bearer [REDACTED:bearer-token]' x"),
    ("basic", "Authorization: Basic {}", "Authorization: Basic [REDACTED:basic-auth]"),
    ("password", "DB_PASSWORD={}", "DB_PASSWORD=[REDACTED:password]"),
    ("api_key", "export DATADOG_API_KEY={}", "export DATADOG_API_KEY=[REDACTED:api-key]"),
    ("high_entropy", "use {} as the value", "use [REDACTED:high-entropy] as the value"),
]


@pytest.mark.parametrize("kind,template,expected", FORMATS, ids=[f[0] for f in FORMATS])
def test_each_format_becomes_its_typed_placeholder(kind, template, expected):
    assert redact(template.format(fake(kind))) == expected


@pytest.mark.parametrize("kind", ["pem_rsa", "pem_openssh", "pem_pkcs8"])
def test_private_key_blocks_are_removed_whole(kind):
    key = fake(kind)
    out = redact(f"here is the deploy key:\n{key}\nadd it to the runner")
    assert out == "here is the deploy key:\n[REDACTED:private-key]\nadd it to the runner"


def test_unterminated_private_key_is_redacted_to_the_end():
    key = fake("pem_rsa").rsplit("\n", 1)[0]  # no END line: a clipped paste
    assert redact("key:\n" + key) == "key:\n[REDACTED:private-key]"


@pytest.mark.parametrize("text,expected", [
    ("password=hunter22", "password=[REDACTED:password]"),
    ('"password": "hunter22",', '"password": "[REDACTED:password]",'),
    ("  passwd: 'hunter22'", "  passwd: '[REDACTED:password]'"),
    ("MYSQL_ROOT_PASSWORD: hunter22", "MYSQL_ROOT_PASSWORD: [REDACTED:password]"),
    ("JWT_SECRET=abc123def456", "JWT_SECRET=[REDACTED:secret]"),
    ("SENTRY_AUTH_TOKEN=abc123def456", "SENTRY_AUTH_TOKEN=[REDACTED:token]"),
    ("export FOO_KEY=Zk39aQ81bX72cW65dV", "export FOO_KEY=[REDACTED:secret]"),
    ("PGPASSWORD=hunter22 psql -h db app", "PGPASSWORD=[REDACTED:password] psql -h db app"),
    ("mysql -u root -phunter22 shop", "mysql -u root -p[REDACTED:password] shop"),
    ("sshpass -p hunter22 ssh deploy@host", "sshpass -p [REDACTED:password] ssh deploy@host"),
    ("./manage.py x --password hunter22", "./manage.py x --password [REDACTED:password]"),
    ("curl -u admin:hunter22 https://ci", "curl -u admin:[REDACTED:password] https://ci"),
    ("postgres://app:hunter22@db:5432/app", "postgres://app:[REDACTED:password]@db:5432/app"),
    ("mongodb+srv://admin:hunter22@cluster0.x.net/db", "mongodb+srv://admin:[REDACTED:password]@cluster0.x.net/db"),
    ("redis://:hunter22@cache:6379/0", "redis://:[REDACTED:password]@cache:6379/0"),
    ("password = \\\"hunter22\\\"", "password = \\\"[REDACTED:password]\\\""),  # JSON-escaped, as in raw transcripts
])
def test_credential_assignments_keep_the_key_name(text, expected):
    assert redact(text) == expected


# -- What must stay untouched -------------------------------------------------------------------------

UNTOUCHED = [
    "def compute_total(items: list[Item]) -> Decimal:",
    "SELECT order_id FROM {{ ref('stg_orders') }} WHERE is_deleted = false",
    "see src/components/checkout/PaymentMethodSelector.test.tsx line 42",
    "/usr/local/lib/python3.11/site-packages/django/core/handlers/base.py",
    "fixed in a1b2c3d, see the PR",
    "git cherry-pick e83c5163316f89bfbde7d9ab23ca2e25604af290",
    "commit 9fceb02d0ae598e95dc970b74767f19372d61af8",
    "id: 550e8400-e29b-41d4-a716-446655440000",
    "numpy==1.26.4 and react ^18.2.0 and v2.14.0-rc.1+build.5678",
    "color: #ff5733; background: #1a1a2e;",
    "getOrderLineItemsWithDiscountsAndTaxesForCustomer",
    "integrity sha512-Zw4hG2QvSeGVbXp3jV2V2X+4/FGLJ8Uus+Ko4ZdxvWDsXi9sgqHq5YuN0a2Vt+jMrGkF4CUEHRb0KtUBc7D9ag==",
    'checksum = "b5ae6ea4a5fc5cf8ac15d5b6d4f6e79d01d9c5b1d0c09d5a4ce1c2d3f0b76e21"',
    "aGVsbG8gd29ybGQsIHRoaXMgaXMgYSB0ZXN0IG1lc3NhZ2U=",
    "password: str = Field(..., min_length=12)",
    "self.password = password",
    "api_key = os.environ[\"OPENAI_API_KEY\"]",
    "GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}",
    'curl -H "Authorization: Bearer $TOKEN" https://api.example.dev',
    "Password: must be at least 12 characters",
    "max_tokens=1024, temperature=0.2",
    "psql -h localhost -p 5432 -U postgres",
    "postgres://localhost:5432/app_dev",
    "DB_PASSWORD=changeme",
    "msg_01XFDUDYJgAACzvnptvVoYEL and toolu_01A09q90qw90lq917835lq9 and cus_NffrFeUfNV2Hib",
]


@pytest.mark.parametrize("text", UNTOUCHED)
def test_ordinary_text_is_left_alone(text):
    assert redact(text) == text
    assert find_secrets(text) == []


def test_the_whole_corpus_holds(tmp_path):
    """Every generated secret disappears and every non-secret line is unchanged."""
    for line in gen.build_corpus():
        out = redact(line.text)
        if line.label is None:
            assert out == line.text, line.note
        else:
            assert not any(secret in out for secret in line.secrets), line.text
            assert any(f"[REDACTED:{label}]" in out for label in line.label.split("|")), (line.label, out)


def test_generator_is_deterministic_and_commits_no_token():
    assert [x.text for x in gen.build_corpus()] == [x.text for x in gen.build_corpus()]
    committed = (GENERATOR.parent / "corpus.jsonl").read_text() + GENERATOR.read_text()
    token_labels = {"github-token", "aws-key", "openai-key", "anthropic-key", "stripe-key", "slack-token",
                    "google-api-key", "npm-token", "sendgrid-key", "twilio-key", "jwt"}
    assert not {label for _, _, label in find_secrets(committed)} & token_labels
    assert "PRIVATE KEY-----" not in committed


# -- Properties ---------------------------------------------------------------------------------------


def test_idempotent_on_the_corpus():
    for line in gen.build_corpus():
        once = redact(line.text)
        assert redact(once) == once


def test_neighbouring_context_change_stays_idempotent():
    # The hex run is only "pure hex" once the PEM header after it became a placeholder.
    text = "0123456789abcdef0123456789abcdef-----BEGIN PRIVATE KEY-----"
    assert redact(redact(text)) == redact(text)


_PIECES = st.sampled_from([
    "password", "PASSWORD", "=", ": ", " ", "\n", '"', "'", "token", "_KEY", "sk-", "ghp_", "AKIA", "://", "@",
    "Bearer ", "Authorization: ", "mysql -p", "--password ", "[REDACTED:password]", "-----BEGIN PRIVATE KEY-----",
    "eyJ", ".", "aB3dE5fG7hJ9kL1mN3pQ5rS7", "0123456789abcdef", "$X", "{", "(", ",", "/", "+", "-", "_",
])


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(_PIECES, max_size=25).map("".join) | st.text(max_size=120))
def test_never_raises_and_is_idempotent(text):
    once = redact(text)
    assert redact(once) == once
    assert find_secrets(once) == []


def test_non_string_input_does_not_raise():
    assert redact(None) == ""  # type: ignore[arg-type]
    assert redact(12345) == "12345"  # type: ignore[arg-type]


# -- Pathological input: correct output, linear work --------------------------------------------------


def test_one_megabyte_of_random_base64_is_one_placeholder():
    blob = base64.b64encode(random.Random(3).randbytes(750_000)).decode()
    assert redact(blob) == "[REDACTED:high-entropy]"


def test_one_megabyte_of_repeated_assignments_is_unchanged():
    text = "a=" * 500_000
    assert redact(text) == text


def test_many_repeated_keywords_redact_without_hanging():
    out = redact("password=x " * 30_000)
    assert out.count("[REDACTED:password]") == 0  # one-character values are not credentials
    out = redact("password=hunter22 " * 20_000)
    assert out == "password=[REDACTED:password] " * 20_000


# -- redact_url ----------------------------------------------------------------------------------------


def test_redact_url_drops_credentials_and_query():
    assert redact_url("https://bob:hunter22@github.com/acme/api/pull/3?token=abc#r1") == "https://github.com/acme/api/pull/3#r1"


def test_redact_url_never_raises_on_malformed_urls():
    assert redact_url("https://[::1") == "https://[::1"
    assert redact_url("http://host:notaport/x") == "http://host:notaport/x"


# -- Credentials in prose, and placeholders written by other tools ------------------------------------

PROSE = [
    ("the password is hunter2", "the password is [REDACTED:password]"),
    ("password: hunter2 and then restart the app", "password: [REDACTED:password] and then restart the app"),
    ("Set DB password to Tr0ub4dor&3 in local config.", "Set DB password to [REDACTED:password] in local config."),
    ("my token is ghp-abc123xyz, it expires Friday", "my token is [REDACTED:token], it expires Friday"),
    ("use key 9fK2xQ7LmZp for the sandbox", "use key [REDACTED:secret] for the sandbox"),
    ("my api key is abcd1234efgh.", "my api key is [REDACTED:api-key]."),
    ("The password is \"s3cret!\" for the db", "The password is \"[REDACTED:password]\" for the db"),
    ("Use `hunter2` as the DB password.", "Use `[REDACTED:password]` as the DB password."),
    # Markdown emphasis around the label, as agents write credentials in their answers (review, 2026-12-02 #4)
    ("**DB password:** `S3cure-Pass!`", "**DB password:** `[REDACTED:password]`"),
    ("- **Password**: `S3cure-Pass!`", "- **Password**: `[REDACTED:password]`"),
    ("**password** = hunter2hunter", "**password** = [REDACTED:password]"),
]


@pytest.mark.parametrize(("text", "expected"), PROSE)
def test_credentials_in_prose(text, expected):
    assert redact(text) == expected
    assert redact(expected) == expected


@pytest.mark.parametrize("text", [
    "the password is wrong, reset it",
    "password: must be 8 characters",
    "token: v2 format",
    "Token expiry is 15m; refresh tokens last 7d.",
    "The token is $GITHUB_TOKEN",
    "Passwords need 12+ characters",
    "the token is sha256 hashed",
    "Use key user_id for joins",
    "The API key is read from os.environ at startup",
    "DB password: correct horse battery staple",  # a passphrase of words: a known miss, not a false positive
    "**Password:** must be 8 characters",
    "**Password**: wrong, try again",
])
def test_prose_that_is_not_a_credential(text):
    assert redact(text) == text


@pytest.mark.parametrize("text", [
    "mysql -p[REDACTED]", "mysql -u root -p[REDACTED] db", "sqlcmd -P [REDACTED]", "redis-cli -a [REDACTED]",
    "password=[REDACTED]", "curl -u bob:[REDACTED] x", "--password [REDACTED]", "postgres://u:[REDACTED]@h/db",
])
def test_bare_placeholders_from_other_tools_stay(text):
    assert redact(text) == text


@pytest.mark.parametrize(("text", "redacted"), [
    # a session cookie is a credential: curl's -b / --cookie, a Cookie or Set-Cookie header
    ("curl -b 'session=eyJhbGciOiJIUzI1NiJ9abc123def456' https://x.test/admin",
     "curl -b 'session=[REDACTED:cookie]' https://x.test/admin"),
    ('curl --cookie "sid=8f7d6s5a4d3f2g1h0j9k8l7" https://x.test', 'curl --cookie "sid=[REDACTED:cookie]" https://x.test'),
    ("Set-Cookie: sid=s%3Aabc123def456ghi789; Path=/; HttpOnly", "Set-Cookie: sid=[REDACTED:cookie]; Path=/; HttpOnly"),
    # salts and peppers, and an .env value that happens to contain a credential word
    ("SYSTEM_PEPPER=9f8e7d6c5b4a3210fedcba", "SYSTEM_PEPPER=[REDACTED:secret]"),
    ("export APP_SALT=aa8sd7f6g5h4j3k2l1", "export APP_SALT=[REDACTED:secret]"),
    ("JWT_SECRET=supersecretvalue123", "JWT_SECRET=[REDACTED:secret]"),
    # a password stated in the language the person writes in
    ("Nueva contraseña: Hunter2024!", "Nueva contraseña: [REDACTED:password]"),
    ("a senha é Abc12345!", "a senha é [REDACTED:password]"),
    ("Das Passwort ist Geheim123!", "Das Passwort ist [REDACTED:password]"),
    ("пароль: Qwerty123!", "пароль: [REDACTED:password]"),
    ("密码: Mima2024!", "密码: [REDACTED:password]"),
])
def test_cookies_salts_and_passwords_in_other_languages_are_redacted(text: str, redacted: str) -> None:
    assert redact(text) == redacted


@pytest.mark.parametrize("text", ["salt = bcrypt.gensalt()", "add salt to taste", "apiKey: apiKey", "Token: token",
                                  "use a cookie banner", "the cookie: consent=yes", "git checkout -b feature-login",
                                  "das Passwort ist falsch", "la contraseña es incorrecta"])
def test_ordinary_text_near_those_words_is_left_alone(text: str) -> None:
    assert redact(text) == text
