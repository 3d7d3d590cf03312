"""Placeholders, shared by the redaction rules."""

from __future__ import annotations

import re

PLACEHOLDER = "[REDACTED:{}]"
# Ours, and the bare `[REDACTED]` other tools (altimate-code among them) write: never matched again.
PLACEHOLDER_RE = re.compile(r"\[REDACTED(?::[a-z0-9-]{1,40})?\]", re.I)


def is_placeholder(value: str) -> bool:
    return value[:9].upper() == "[REDACTED"


# Algorithm, encoding and key names, one row each: (the name as one part of a value split at - _ . /, matched
# whole; the name inside a value, searched, or None when only the first reading is used). The first column
# keeps `remembered()` from taking `bcrypt_sha256`, `aes-256-gcm` or `id_ed25519` for a secret's name; the second
# keeps a value written under a bare credential word (`MD5-hashed`, `SHA-256`, `bcrypt12`) from being taken for
# its value. One table, so a name added for one reading is there for the other.
ALGORITHMS: tuple[tuple[str, str | None], ...] = (
    (r"sha-?\d*", r"sha-?(?:1|2|3|256|384|512)"),
    (r"md\d", r"md5"),
    (r"hmac", None),
    (r"aes\d*", r"aes-?\d"),
    (r"rsa\d*", r"rsa-?\d"),
    (r"dsa|ecdsa|ecdh|ed(?:25519|448)|x(?:25519|448|509)|curve25519", None),
    (r"des\d*|3des|chacha\d*|poly1305", None),
    (r"gcm|cbc|ctr|ecb|cfb|ofb|oaep|pss", None),
    (r"pkcs\d*", None),
    (r"pbkdf\d*", r"pbkdf"),
    (r"argon\d*(?:id|i|d)?", r"argon"),
    (r"bcrypt", r"bcrypt"),
    (r"scrypt", r"scrypt"),
    (r"crc\d*", r"crc\d"),
    (r"blake\d*[bs]?|keccak", None),
    (r"[hrep]s\d{3}", r"(?<![a-z])[hre]s\d{3}"),  # JOSE: HS256, RS512, ES384, PS256
    (r"p(?:256|384|521)", None),
    (r"utf\d*", r"utf-?\d"),
    (r"base\d+(?:url)?", r"base\d"),
    (r"jw[tkse]", r"jwt"),
)
# As one part of a value (whole); as a word inside a value (searched; hashing and OAuth are named there too).
ALGORITHM_PART = "|".join(part for part, _ in ALGORITHMS)
ALGORITHM_IN_VALUE = "|".join([inside for _, inside in ALGORITHMS if inside] + ["hash", "oauth"])
