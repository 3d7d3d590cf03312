"""A key in standard base64 (its alphabet has "/" and "+") said after a credential word, and an AWS secret access key
written beside its key id, are redacted; a path after a credential word is still a path (review40 R40-13: "also the aws
key AKIA… with secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY goes in the vault" kept the secret in signals.jsonl,
the learner's kept reads and the digest a model would be sent)."""

from __future__ import annotations

import base64
import json
import random
from pathlib import Path

import pytest

from altimate_learn.redact import redact

AWS_ID = "AKIAIOSFODNN7EXAMPLE"
AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"  # AWS's documented example: words in it, one digit


def _keys(count: int) -> list[str]:
    """Random 30-byte keys in standard base64 (40 characters) that hold a "/" or a "+"."""
    rng = random.Random(40)
    found: list[str] = []
    while len(found) < count:
        key = base64.b64encode(bytes(rng.randrange(256) for _ in range(30))).decode()
        if ("/" in key or "+" in key) and any(ch.isdigit() for ch in key):
            found.append(key)
    return found


SAID = [
    "the secret is {k}",
    "the client secret is {k}",
    "key " + AWS_ID + " secret {k}",
    "also the aws key " + AWS_ID + " with secret {k} goes in the vault, never in the repo",
    "the secret key is {k}",
    "my access key is `{k}`",
    "secret: {k}",
    "use the api key {k} for staging",
]


@pytest.mark.parametrize("key", [AWS_SECRET, *_keys(6)])
@pytest.mark.parametrize("said", SAID)
def test_a_base64_key_after_a_credential_word_is_redacted(said: str, key: str):
    out = redact(said.format(k=key))
    assert key not in out and "[REDACTED:" in out
    for part in key.split("/"):
        assert len(part) < 8 or part not in out, out  # no half of it either
    assert AWS_ID not in out


PATHS = [
    "the secret is in config/secrets.yml",
    "the token is src/components/ButtonGroup",
    "api key: frontend/src/v2/components/Button",
    "the secret lives at k8s/overlays/prod/kustomization",
    "token is app/api/v1/users/Admin2Panel",
    "password is deploy/K8sBase/Secrets2x",
    "the token is lib/dom/XMLHttpRequest2",
    "the key is packages/server/OAuth2Callback",
    "the secret is kept under infra/terraform/modules",
]


@pytest.mark.parametrize("said", PATHS)
def test_a_path_after_a_credential_word_stays(said: str):
    assert redact(said) == said


@pytest.mark.parametrize("pasted", [
    AWS_ID + " " + AWS_SECRET,
    AWS_ID + "," + AWS_SECRET + "\n",  # a row of the credentials CSV
    AWS_SECRET + " " + AWS_ID,
    "AWS Access Key ID [None]: " + AWS_ID + "\nAWS Secret Access Key [None]: " + AWS_SECRET + "\nDefault region name "
    "[None]: us-west-2",  # `aws configure`
])
def test_an_aws_secret_written_beside_its_key_id_is_redacted(pasted: str):
    out = redact(pasted)
    assert AWS_SECRET not in out and AWS_ID not in out
    assert "[REDACTED:aws-secret]" in out


def test_what_lies_beside_a_key_id_and_is_no_secret_stays():
    sha = "3f2a9c0d1e4b5a6978c0d1e2f3a4b5c6d7e8f9a0"  # 40 characters, one case: a commit
    assert redact(f"key {AWS_ID} was added in commit {sha}") == f"key [REDACTED:aws-key] was added in commit {sha}"
    far = f"{AWS_ID}\n\nlater, unrelated: {AWS_SECRET[:20]}x{AWS_SECRET[21:]}"
    assert "[REDACTED:aws-secret]" not in redact(far)  # two lines down: not the pair


def test_learn_capture_keeps_no_such_secret_on_disk(git_repo: Path, cli):
    said = f"also the aws key {AWS_ID} with secret {AWS_SECRET} goes in the vault, never in the repo"
    lines = [{"type": "session", "format": "learn-trajectory/1", "id": "r40-13", "cwd": str(git_repo),
              "started": "2026-12-06T18:00:00Z"},
             {"type": "user", "text": "add the upload script", "id": "u0", "at": "2026-12-06T18:00:01Z"},
             {"type": "assistant", "text": "I put the keys in scripts/upload.py.", "at": "2026-12-06T18:00:05Z"},
             {"type": "user", "text": "no, don't put keys in code. " + said, "id": "u1", "at": "2026-12-06T18:01:01Z"}]
    transcript = git_repo.parent / "r40-13.jsonl"
    transcript.write_text("".join(json.dumps(line) + "\n" for line in lines))
    code, out, err = cli("capture", str(transcript), "--harness", "generic")
    assert code == 0, err
    stored = [p for p in (git_repo / ".altimate-code").rglob("*") if p.is_file()]
    assert any(p.name == "signals.jsonl" for p in stored), out
    for path in stored:
        text = path.read_text(errors="replace")
        assert AWS_SECRET not in text and AWS_ID not in text, path
        assert all(part not in text for part in AWS_SECRET.split("/") if len(part) >= 8), path
