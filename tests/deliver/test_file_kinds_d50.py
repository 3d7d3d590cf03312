"""An access token's module gets the rules on time (issue 19, deliver50: blind81's b81-f08, a file opened with no
request, whose path is the only signal). What `auth/tokens.py`, `authToken.ts` or `jwt.py` mints expires, so the rules
on timezone-aware datetimes and the clock come first among its folder's conventions, as a list's keys or an export's
batches do (test_file_kinds.py, test_file_kinds_d49.py). "token" is that kind only beside a word of signing in (the
name or the folder: `auth`, `login`, `oauth`): design tokens, a tokenizer's or a lexer's tokens, a board game's or a
coin's tokens are files of other domains whose folders say nothing of the clock.
"""

from __future__ import annotations

import pytest

from tests.deliver.helpers import lesson, write_store
from tests.deliver.test_file_kinds import SERVICES, WEB
from tests.deliver.test_file_kinds_d49 import _read

AWARE = "Use timezone-aware datetimes with `datetime.now(timezone.utc)`; naive datetimes are bugs."
EXPIRY = "Show expiry times in the user's zone with `formatZoned()`; never with the browser's clock."
LESSONS = ([lesson(f"L-c{n:03d}", text, paths=["web/src/**"], helpful=9) for n, text in enumerate(WEB, 1)]
           + [lesson(f"L-d{n:03d}", text, paths=["services/**"], helpful=9) for n, text in enumerate(SERVICES, 1)]
           + [lesson("L-d100", AWARE, paths=["services/**"]), lesson("L-c100", EXPIRY, paths=["web/src/**"])])


@pytest.mark.parametrize(("path", "rule"), [
    ("services/api/app/auth/tokens.py", AWARE),
    ("services/accounts/app/login/tokens.py", AWARE),
    ("services/api/app/security/jwt.py", AWARE),
    ("web/src/lib/authToken.ts", EXPIRY),
])
def test_an_access_token_module_gets_the_rule_on_time(git_repo, path: str, rule: str):
    write_store(git_repo, LESSONS)
    assert rule in _read(git_repo, path)


@pytest.mark.parametrize(("path", "rule"), [
    ("services/nlp/app/tokenizer/tokens.py", AWARE),
    ("services/compiler/app/lexer/tokens.py", AWARE),
    ("services/game/app/board/tokens.py", AWARE),
    ("services/chain/app/wallet/tokens.py", AWARE),
    ("services/search/app/query_tokens.py", AWARE),
    ("services/ml/app/vocab/token.py", AWARE),
    ("services/hr/app/badges/tokens.py", AWARE),
    ("web/src/styles/tokens.ts", EXPIRY),
    ("web/src/theme/design-tokens.json", EXPIRY),
    ("web/src/game/TokenPile.tsx", EXPIRY),
    ("web/src/editor/tokens.ts", EXPIRY),
    ("web/src/lab/SampleTokens.tsx", EXPIRY),
    ("web/src/arcade/tokens.ts", EXPIRY),
])
def test_tokens_of_other_domains_keep_their_folders_order(git_repo, path: str, rule: str):
    write_store(git_repo, LESSONS)
    assert rule not in _read(git_repo, path)
