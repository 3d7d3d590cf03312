"""A credential passed as `--key VALUE` (installers and CLIs of hosted services take their tokens this way)."""
import pytest

from altimate_learn.redact import redact

UUID_TOKEN = "5d0c8a7e-21f4-4b3a-9e6d-7c1b2a3f4e5d"


@pytest.mark.parametrize("text,secret", [
    (f"npx -y @acme/cli install @acme/search --client claude --key {UUID_TOKEN}", UUID_TOKEN),
    (f"deploy-tool login --key={UUID_TOKEN}; deploy-tool up", UUID_TOKEN),
    ("mytool activate --license-key 'Hq4tZ8wN2mK7pR3vX9bL'", "Hq4tZ8wN2mK7pR3vX9bL"),
    ("run it with --key Tn5rW8qZ2xJ7mK4vB9cL and tell me", "Tn5rW8qZ2xJ7mK4vB9cL"),
])
def test_a_token_after_a_key_flag_is_redacted(text: str, secret: str):
    out = redact(text)
    assert secret not in out, out
    assert "[REDACTED:" in out


@pytest.mark.parametrize("text", [
    "sort --key name --key created_at",
    "cache-tool get --key user_session_cache_v2_prefix_items",
    "translate --key checkout.summary.total_label",
    "--key YOUR_API_KEY_HERE",
])
def test_a_name_after_a_key_flag_stays(text: str):
    assert redact(text) == text


@pytest.mark.parametrize("text,secret", [
    ("ユーザー名：admin\nパスワード：Rv8tK2mQ9x", "Rv8tK2mQ9x"),
    ("测试账号 admin，密码：Rv8tK2mQ9x", "Rv8tK2mQ9x"),
    ("DB_PASSWORD＝Rv8tK2mQ9x", "Rv8tK2mQ9x"),
])
def test_a_password_after_a_full_width_colon_or_equals_sign_is_redacted(text: str, secret: str):
    out = redact(text)
    assert secret not in out, out


def test_full_width_punctuation_in_ordinary_text_stays():
    for text in ("说明：这是一个测试", "パスワード：変更してください", "注意：不要提交 .env 文件"):
        assert redact(text) == text
