"""Fake secrets for the redaction corpus, generated from a fixed seed at run time.

No real-looking token is committed: `corpus.jsonl` holds templates such as
`export GITHUB_TOKEN=<<github_classic>>`, and `build_corpus()` fills each `<<kind>>` with a fresh fake of
that format, assembled here from its parts (prefix + random body), so nothing in the repository matches a
live-token scanner. Every value is random and has never been issued by any provider.

    python research/data/secrets/generate.py          # print the filled corpus as JSON lines
    python research/data/secrets/generate.py --kinds  # list the formats

Other code loads this file by path (research/ is not a package):

    spec = importlib.util.spec_from_file_location("secrets_corpus", PATH); ...
    module.build_corpus() -> list[CorpusLine]; module.fake(kind, rng) -> str
"""

from __future__ import annotations

import base64
import json
import random
import re
import string
import sys
from pathlib import Path
from typing import NamedTuple

SEED = 20240613
HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "corpus.jsonl"

_ALNUM = string.ascii_letters + string.digits
_B64 = _ALNUM + "+/"
_B64URL = _ALNUM + "-_"
_HEXL = "0123456789abcdef"
_UPPER_NUM = string.ascii_uppercase + string.digits
_PASSWORD = _ALNUM + "!#%^*-_@~"


def _pick(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _jwt(rng: random.Random) -> str:
    header = _b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    payload = _b64url(json.dumps({"sub": str(rng.randint(1000, 99999)), "name": "Test User", "iat": 1700000000 + rng.randint(0, 10**7)}).encode())
    signature = _b64url(bytes(rng.getrandbits(8) for _ in range(32)))
    return ".".join([header, payload, signature])


def _pem(rng: random.Random, kind: str = "RSA PRIVATE KEY") -> str:
    body = base64.b64encode(bytes(rng.getrandbits(8) for _ in range(48 * 6))).decode()
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    dashes = "-" * 5
    return "\n".join([f"{dashes}BEGIN {kind}{dashes}", *lines, f"{dashes}END {kind}{dashes}"])


# Each format is assembled from a prefix and a random body; prefixes are split so the file itself never
# contains a contiguous token-looking literal.
_FORMATS = {
    "aws_access_key": lambda r: "AK" + "IA" + _pick(r, _UPPER_NUM, 16),
    "aws_secret_key": lambda r: _pick(r, _B64, 40),
    "github_classic": lambda r: "gh" + r.choice("pousr") + "_" + _pick(r, _ALNUM, 36),
    "github_fine": lambda r: "github" + "_pat_" + _pick(r, _ALNUM, 22) + "_" + _pick(r, _ALNUM, 59),
    "slack_token": lambda r: "xo" + "x" + r.choice("bpa") + "-" + "-".join(_pick(r, string.digits, 12) for _ in range(2)) + "-" + _pick(r, _ALNUM, 24),
    "slack_webhook": lambda r: "https://hooks.slack.com/services/" + "T" + _pick(r, _UPPER_NUM, 8) + "/B" + _pick(r, _UPPER_NUM, 10) + "/" + _pick(r, _ALNUM, 24),
    "stripe_live": lambda r: r.choice(["s", "r"]) + "k_" + "live_" + _pick(r, _ALNUM, 24),
    "stripe_test": lambda r: "sk_" + "test_" + _pick(r, _ALNUM, 24),
    "openai": lambda r: "s" + "k-" + _pick(r, _ALNUM, 48),
    "openai_project": lambda r: "sk-" + "proj-" + _pick(r, _B64URL, 56),
    "anthropic": lambda r: "sk-" + "ant-" + "api03-" + _pick(r, _B64URL, 93) + "AA",
    "google_api": lambda r: "AI" + "za" + _pick(r, _B64URL, 35),
    "npm": lambda r: "np" + "m_" + _pick(r, _ALNUM, 36),
    "twilio_key": lambda r: "S" + "K" + _pick(r, _HEXL, 32),
    "twilio_sid": lambda r: "A" + "C" + _pick(r, _HEXL, 32),
    "sendgrid": lambda r: "S" + "G." + _pick(r, _B64URL, 22) + "." + _pick(r, _B64URL, 43),
    "jwt": _jwt,
    "pem_rsa": lambda r: _pem(r, "RSA PRIVATE KEY"),
    "pem_openssh": lambda r: _pem(r, "OPENSSH PRIVATE KEY"),
    "pem_pkcs8": lambda r: _pem(r, "PRIVATE KEY"),
    "bearer": lambda r: _pick(r, _B64URL, 40),
    "basic": lambda r: base64.b64encode(f"svc-{_pick(r, string.ascii_lowercase, 5)}:{_pick(r, _ALNUM, 14)}".encode()).decode(),
    "password": lambda r: _pick(r, string.ascii_letters, 3) + _pick(r, _PASSWORD, 11) + _pick(r, string.digits, 2),
    "api_key": lambda r: _pick(r, _ALNUM, 32),
    "hex_secret": lambda r: _pick(r, _HEXL, 64),
    "high_entropy": lambda r: _pick(r, _B64, 44),
}
KINDS = tuple(_FORMATS)
_SLOT = re.compile(r"<<([a-z0-9_]+)>>")


def fake(kind: str, rng: random.Random) -> str:
    """A fresh fake secret of ``kind`` (one of KINDS)."""
    return _FORMATS[kind](rng)


class CorpusLine(NamedTuple):
    text: str
    label: str | None  # the placeholder label expected, e.g. "aws-key"; None for a line with no secret
    kind: str | None  # the generator format used, for per-format recall
    secrets: list[str]  # the generated values that must not survive redaction
    note: str | None = None


def build_corpus(seed: int = SEED, path: Path = TEMPLATES) -> list[CorpusLine]:
    """The labelled corpus with every `<<kind>>` slot filled from ``seed`` (same seed, same corpus)."""
    rng = random.Random(seed)
    out: list[CorpusLine] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        if not raw.strip():
            continue
        row = json.loads(raw)
        secrets: list[str] = []

        def fill(m: re.Match[str]) -> str:
            value = fake(m.group(1), rng)
            secrets.append(value)
            return value

        text = _SLOT.sub(fill, row["template"])
        kinds = _SLOT.findall(row["template"])
        out.append(CorpusLine(text, row.get("label"), kinds[0] if kinds else None, secrets, row.get("note")))
    return out


if __name__ == "__main__":
    if "--kinds" in sys.argv:
        print("\n".join(KINDS))
    else:
        for line in build_corpus():
            print(json.dumps(line._asdict(), ensure_ascii=False))
