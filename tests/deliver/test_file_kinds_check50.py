"""check50 C50-6: an access token's module (test_file_kinds_d50.py) is a file whose whole name is the word ("tokens.py"
under `auth/`) or holds the word of signing in too (`authToken.ts`), in a file of code: tokens of other kinds in an auth or
login folder (design tokens of the login screen, a rate limiter's token bucket, an LLM's token counter) keep their
folder's order, as they did before the kind."""

from __future__ import annotations

import pytest

from tests.deliver.helpers import write_store
from tests.deliver.test_file_kinds_d49 import _read
from tests.deliver.test_file_kinds_d50 import AWARE, EXPIRY, LESSONS


@pytest.mark.parametrize(("path", "rule"), [
    ("services/api/app/auth/token_bucket.py", AWARE),
    ("services/api/app/auth/rate_limit_tokens.py", AWARE),
    ("services/llm/app/login_assistant/token_counter.py", AWARE),
    ("services/docs/app/login_page/token_glossary.py", AWARE),
    ("services/arcade/app/sso_lobby/token_shop.py", AWARE),
    ("web/src/features/login/tokens.css", EXPIRY),
    ("web/src/features/auth/designTokens.ts", EXPIRY),
    ("web/src/features/auth/colorTokens.ts", EXPIRY),
    ("web/src/signin/spacingTokens.ts", EXPIRY),
])
def test_tokens_of_other_kinds_in_a_sign_in_folder_keep_their_folders_order(git_repo, path: str, rule: str):
    write_store(git_repo, LESSONS)
    assert rule not in _read(git_repo, path)
