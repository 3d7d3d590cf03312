"""Credentials written as a key and a value, as a command's argument, or in a sentence.

Key and value, in every form people paste them: YAML (`password: X`), INI, TOML and `.env` (`password = X`,
`DB_PASSWORD=X`), JSON (`"api_key": "X"`, also JSON-escaped inside a transcript line), code
(`password := "X"`, `'secret' => 'X'`), XML (`<password>X</password>`, `<add key="Password" value="X"/>`),
URL queries (`?access_token=X&…`), inside backticks or quotes; the key name is kept and only the value
replaced (`DB_PASSWORD=[REDACTED:password]`). Command arguments: `--password X`, `--db-pass=X`, `mysql -pX`,
`sshpass -p X`, `redis-cli -a X`, `docker login -p X`, `curl -u user:X`. Prose: "the password is X",
"password: X and then …", "use key X", "`X` as the password", when X reads like a password; the short forms typed
in chat ("staging pw X", "root pass X", "PIN: 4821", "creds: X", "der API-Schlüssel ist X"). And a random-
looking string within a few words after a credential word or a vendor's name ("the key is X", "datadog
X"), the generic rule of the big secret scanners.

A value that is a reference, a placeholder or code (`${DB_PASSWORD}`, `os.environ[…]`, `<your-key>`,
`changeme`, `new_password`, `settings.SECRET`) is left alone, and so is UI text ("Password: must be 8
characters"). Matching runs on the ASCII-lowered text (same offsets), which is much faster than `(?i)`.
"""

from __future__ import annotations

import re
import string

from altimate_learn.redact.common import ALGORITHM_IN_VALUE, is_placeholder
from altimate_learn.redact.entropy import UUID, class_changes, entropy, hash_context, randomish, wordiness

# A credential word in a key name: at its end (`DB_PASSWORD`), or followed by up to three more parts
# (`secret_key_base`, `password_prod`), in which case only a random-looking value counts (group 2).
_KEYWORD_NEEDLES = ("pass", "pwd", "pw", "secret", "token", "key", "credential", "salt", "pepper")
_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
# Matched against the ASCII-lowered text (same offsets), which is much faster than (?i).
_KEYWORD = re.compile(
    r"(passwords?|passwd|passwort|pass(?:phrase)?|pwd|secret(?:[_\-]?key)?|token|api[_\-]?key|apikey|"
    r"access[_\-]?key(?:[_\-]?id)?|private[_\-]?key|auth[_\-]?key|credentials?|client[_\-]?secret|signing[_\-]?key|"
    r"encryption[_\-]?key|master[_\-]?key|session[_\-]?key|account[_\-]?key|_key|-key|[_\-]salt|[_\-]pepper|"
    r"(?<![a-z0-9])(?:salt|pepper)|(?<![a-z0-9])pw|[_\-]pw)"
    r"((?:[_\-.][a-z0-9]{1,20}){0,3})(?![A-Za-z0-9_])"
)
_KEY_CHARS = string.ascii_letters + string.digits + "_.-"
_PASS_KEY = re.compile(r"(?i)(?:[a-z0-9]+[_\-.])*(?:pass|pwd|pw)")
_CODE_NAME = re.compile(r"(?i)pass|pwd|token|secret|key|cred")
_AWS_SECRET_KEY = re.compile(r"(?i)aws.{0,20}secret")
# Separator after the key: optional closing quote, then = : := => with spaces.
_SEPARATOR = re.compile(r"(?:\\?[\"'])?[ \t]{0,5}(:=|=>|==|=|:)[ \t]{0,5}")
# After an unquoted value written `key: value` or `key = value`, only the end of the line, a comment or a
# closing delimiter may follow; otherwise it is prose ("Password: must be 8 characters").
_VALUE_TAIL = re.compile(r"[ \t]*(?:[,;}\])`'\"<]|#|//|\r?$|\n)")
# Quoted, also JSON-escaped (\"…\") as in raw transcript lines.
_QUOTED_VALUE = re.compile(r"(\\?[\"'])((?:(?!\1)[^\n\\]){1,500})\1")  # the other quote may be inside (R42-6)
# "=" ends a bare value except as base64 padding, so `a=b=c=…` costs a constant per key.
_BARE_VALUE = re.compile(r"[^\s\"'`,;&<>)\]}=\\]{1,500}={0,3}")
# `--password X`, `--db-pass=X`, `--api-key X`, `--client-secret X`, `--github-token X`: a flag whose name ends in
# a credential word (`--password-file X` and `--token-path X` name files, and do not match).
_CLI_FLAG = re.compile(
    r"(?i)(?<![\w-])--(?:[a-z0-9]{1,20}-){0,3}(?:password|passwd|pass|pwd|passphrase|token|api-?key|secret|"
    r"secret-key|access-key|private-key|auth|credentials?)"
    r"(?:=|[ \t]{1,5})([\"']?)([^\s\"'`\\]{1,300})\1"
)
# `--key X`, `--license-key=X`: "key" alone also names S3 objects, sort fields and map keys (`--key path/to/obj`,
# `--key name`), so the value must look like a credential: a UUID or a long run of letters and digits mixed.
_CLI_KEY_FLAG = re.compile(
    r"(?i)(?<![\w-])--(?:[a-z0-9]{1,20}-){0,3}key(?:=|[ \t]{1,5})([\"']?)([\w\-]{16,300})\1(?=$|[\s;|&)])")
_CLI_SHORT = re.compile(
    r"(?<![\w-])(?:mysql(?:dump|admin|import|sh)?|mariadb(?:-dump)?)(?:\s{1,5}[^\s|;&]{1,100}){0,12}?\s{1,5}-p([^\s\"'|;&]{1,200})"
    r"|(?<![\w-])sshpass\s{1,5}-p\s{0,5}([^\s|;&]{1,200})"
    r"|(?<![\w-])redis-cli(?:\s{1,5}[^\s|;&]{1,100}){0,12}?\s{1,5}-a\s{1,5}([^\s|;&]{1,200})"
    r"|(?<![\w-])docker\s{1,5}login(?:\s{1,5}[^\s|;&]{1,100}){0,12}?\s{1,5}-p\s{1,5}([^\s|;&]{1,200})"
    r"|(?<![\w-])curl(?:\s{1,5}[^\s|;&]{1,300}){0,20}?\s{1,5}(?:-u|--user)\s{1,5}[\"']?[^\s:\"']{1,100}:([^\s\"']{1,200})"
    # the database and broker clients whose `-p` takes the password as the next argument (mysql's `-p db` prompts)
    # (an argument may be a quoted string: `sqlcmd -Q "select amount -P delta"` has no -P of its own, lint conformance)
    r"|(?<![\w-])(?:mongo(?:sh|dump|restore|import|export|stat|top)?|rabbitmqadmin|cqlsh)"
    r"(?:\s{1,5}(?:[^\s|;&\"']|\"[^\"\n]{0,300}\"|'[^'\n]{0,300}'){1,300}){0,12}?"
    r"\s{1,5}-p\s{1,5}([^\s|;&-][^\s|;&]{0,199})"
    r"|(?<![\w-])sqlcmd(?:\s{1,5}(?:[^\s|;&\"']|\"[^\"\n]{0,300}\"|'[^'\n]{0,300}'){1,300}){0,12}?"
    r"\s{1,5}-P\s{0,5}([^\s|;&-][^\s|;&]{0,199})"
)
# Go-style flags with one dash: `influx -password X`, `vault login -token=X`, `openssl … -passin pass:X` (a value of
# digits only is no password: `ffmpeg -pass 2` is the encoding pass)
_CLI_SINGLE_DASH = re.compile(
    r"(?<![\w-])-(?:password|passwd|pass|pwd|passin|passout|passphrase|token|api-?key|apikey|secret|client-secret)"
    r"(?:=|[ \t]{1,5})([\"']?)([^\s\"'`\\-][^\s\"'`\\]{0,299})\1")

# "password" in the languages people write to agents in (matched on ASCII-lowered text: other letters keep case).
_OTHER_LANGUAGES = (r"contrase(?:ñ|n)a|senha|mot[ \t]+de[ \t]+passe|passwort|kennwort|wachtwoord|l(?:ö|o)senord|"
                    r"adgangskode|salasana|has(?:ł|l)o|heslo|parola|(?:ş|s|Ş)ifre|[пП]ароль|密码|密碼|パスワード|비밀번호")
_OTHER_LANGUAGE_WORD = re.compile(_OTHER_LANGUAGES)
# "token" and "API key" in those languages (an API key's word alone, "Schlüssel", "ключ", "clave", also names a map's
# key or a sort key, so only the API's or access's key counts): "der API-Schlüssel ist X", "la clé API : X",
# "clave de API: X", "chave da API: X", "ключ API: X", "токен: X", "令牌是X", "APIキー: X", "API 키: X"
_OTHER_TOKEN_WORDS = (r"api[ \t-]?schl(?:ü|ue)ssel|zugangsschl(?:ü|ue)ssel|cl(?:é|e)[ \t]+(?:d['’]|de[ \t]+l['’])?api|"
                      r"clave[ \t]+(?:de[ \t]+(?:la[ \t]+)?)?api|chave[ \t]+(?:de[ \t]+|da[ \t]+)?api|"
                      r"[кК]люч[ \t]+(?:api|доступа)|api[ \t-]?ключ|[тТ]окен|令牌|访问令牌|密钥|秘钥|トークン|"
                      r"api[ \t]?キー|アクセスキー|토큰|api[ \t]?키")
_TOKEN_WORD = re.compile(r"[тТ]окен|令牌|トークン|토큰")
_API_KEY_WORD = re.compile(r"schl(?:ü|ue)ssel|cl(?:é|e)[ \t_]|clave|chave|ключ|密钥|秘钥|キー|키")
# Credentials in prose: "the password is hunter2", "password: hunter2 and restart", "my token is …", "use key …".
# The keyword is followed by a linking word or a separator and one value; only a value that reads like a
# password (letters mixed with digits or symbols, not a version or an algorithm name) counts, so "the
# password is wrong" or "token: v2 format" stay.
_PROSE_CRED = re.compile(
    r"(?<![\w-])(?:password|passwd|passphrase|passcode|pwd|token|api[ \t_-]?key|secret(?:[ \t_-]?key)?|"
    r"access[ \t_-]?key|private[ \t_-]?key|credentials?|creds|" + _OTHER_LANGUAGES + r"|" + _OTHER_TOKEN_WORDS + r")"
    r"(?:[*_]{1,2}(?=[ \t]{0,3}[:=]))?"  # Markdown emphasis closing the label: "**Password**: …"
    r"(?:[ \t]{0,3}[:=][ \t]{0,3}(?:[*_]{1,2}[ \t]{0,3})?|[ \t]{0,3}(?:是|为|為|は|が|는|은)[ \t]{0,3}|[ \t]{1,3}(?:(?:is|was|are|to|equals|reads|is[ \t]+set[ \t]+to|set[ \t]+to|"
    r"should[ \t]+be|would[ \t]+be|will[ \t]+be|of|es|era|é|e|è|est|ist|lautet|war|is[ \t]+nu|je|jest|–|—)[ \t]{1,3})?)[`\"']?"
    r"((?:[^\s`\"',;]|(?<!\\)[;'\"](?=[^\W_])){4,200})"
    r"|(?<![\w-])(?:use|using|with|try)[ \t]+(?:the[ \t]+)?(?:api[ \t]+|secret[ \t]+|access[ \t]+|ssh[ \t]+)?key"
    r"[ \t]+[`\"']?([^\s`\"',;]{6,200})"
    r"|[`\"']([^\s`\"',;]{4,200})[`\"'][ \t]+as[ \t]+(?:the[ \t]+|your[ \t]+|a[ \t]+|our[ \t]+)?(?:[\w-]+[ \t]+)?"
    r"(?:password|passwd|passphrase|pwd|token|api[ \t_-]?key|secret)\b"
)
_PROSE_NEEDLES = ("pass", "pwd", "token", "key", "secret", "credential", "contrase", "senha", "kennwort", "wachtwoord",
                  "senord", "adgangskode", "salasana", "has", "heslo", "parola", "ifre", "creds", "schl", "cle api",
                  "cle d", "clave", "chave")
# looked for only in a text that is not all ASCII (most are, and each needle costs a pass over the text)
_PROSE_NEEDLES_ABROAD = ("ароль", "密码", "密碼", "パスワード", "비밀번호", "clé", "люч", "окен", "令牌", "密钥", "秘钥",
                         "トークン", "キー", "토큰", "키")
_SYMBOLS = frozenset("!@#$%^&*+=?~")
_NOT_A_PASSWORD = re.compile(
    r"(?i)^(?:v?\d+(?:\.\d+)+\w*|sha-?\d+|md5|utf-?\d+|base\d+|aes-?\d+\w*|rsa-?\d+|x\.?509|oauth-?\d|https?\d?|"
    r"ipv\d|hs\d{3}|rs\d{3}|es\d{3}|ed25519|pbkdf2\w*|argon2\w*|bcrypt|scrypt|jwt|s3|ec2|k8s|p\d{2}|"
    r"\d+(?:ms|s|m|h|d|kb|mb|gb|k|x|px|chars?|bytes?|bits?|days?|hours?|minutes?|seconds?)|[a-z]+\d*-(?:bit|byte|char)s?)$"
)



def not_a_password(value: str) -> bool:
    """A version, a unit or an algorithm's name (`v2.1`, `3600s`, `15m`, `sha256`, `HS256`, `argon2id`)."""
    return bool(_NOT_A_PASSWORD.match(value))

# A word of letters (hyphens between) ending a question or an exclamation after "password is" says how the
# credential is, not what it is (review36 R36-10: "maybe the token is wrong?" lost the person's complaint). Before "?"
# any such word is taken for prose; before "!" only a word for a credential's state, since "letmein!" is a password.
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_STATE_WORDS = frozenset("""wrong right correct incorrect invalid valid expired missing empty blank unset set bad
broken revoked rejected required different same old new stale outdated leaked exposed public visible hardcoded
hard-coded gone fine ok okay weak strong there here""".split())


def _passwordish(value: str, password: bool = False) -> bool:
    """A bare word after "password is": letters with digits or symbols, not a version, unit or algorithm.
    ``password``: the word is a password's, so a value with a dot is code only when it reads as code
    (:func:`_attribute`); after "token" or "key", any `a.b` is taken for an attribute."""
    value = value.rstrip(".,:;)]}")
    bare = value.rstrip("?!")
    if bare != value and _WORD.fullmatch(bare) and (value.endswith("?") or bare.lower() in _STATE_WORDS):
        return False  # a question or a complaint about it: "is the password correct?", "the token is expired!"
    if len(value) < 4 or is_placeholder(value) or value[0] in "$%{<[(#/~." or REFERENCE.match(value):
        return False
    if not any(ch.isalpha() for ch in value) or not any(ch.isdigit() or ch in _SYMBOLS for ch in value):
        return False
    if ("(" in value and (is_call(value) or not password)) or (_attribute(value) if password else _DOTTED.match(value)) \
            or re.fullmatch(r"[A-Z][A-Z0-9]*(?:_[A-Z][A-Z0-9]*)*_?=?", value) or (
            "/" in value and not slashed_key(value)):
        return False  # a call, an attribute, an environment variable name (`NEXT_KEY=` of a template), a path
    if value.endswith("@") or re.fullmatch(r"[\w.+-]+@[\w-]+\.[\w.-]+", value):
        return False  # an address: "send credentials to ops@", "the token to bob@corp.com"
    return not _NOT_A_PASSWORD.match(value)


# Standard base64 (its alphabet has "/" and "+"): an AWS secret access key, a base64 key (review40 R40-13: "the secret is
# wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" was taken for a path and kept).
_BASE64 = re.compile(r"[A-Za-z0-9+/]{20,}={0,2}")


def slashed_key(value: str) -> bool:
    """A value with "/" after a credential word that is a key in standard base64, not a path: only base64's characters
    (no ".", "-" or "_", which paths have), and a part between slashes of 8 or more letters and digits in both cases
    that is not made of words (`wJalrXUtnFEMI`), where a path's parts are words, lower or upper case runs or CamelCase
    (`src/components/ButtonGroup`, `k8s/overlays/prod`, `app/api/v1/Admin2Panel`, `lib/XMLHttpRequest`)."""
    return bool(_BASE64.fullmatch(value)) and any(
        len(part) >= 8 and not _ONE_CASE.fullmatch(part) and wordiness(part, acronyms=False) < 0.5
        for part in value.split("/"))


_ONE_CASE = re.compile(r"[a-z0-9]+|[A-Z0-9]+")


# Values that are references, placeholders or code, not secrets.
REFERENCE = re.compile(
    r"(?i)^(?:\$|%|\{|#[0-9a-f]{3,8}$|<[^>]*>?$|[:\s]*[*•]{3,}|x{3,}$|\.{3}|…|#\{|@\{|![a-z]|.{0,12}(?:\.{3}|…)$|"
    r"(?:os\.environ|os\.getenv|process\.env|env\(|getenv|std::env|System\.getenv|ENV\[|var\.|local\.|"
    r"data\.|module\.|secrets\.|vault:|ref\+|self\.|this\.|settings\.|config\.|cfg\.|params\.|args\.|options\.|opts\.)|"
    r"(?:none|null|nil|true|false|yes|no|on|off|undefined|str|string|int|integer|float|number|bool|boolean|bytes|"
    r"object|dict|list|tuple|unknown|void|secretstr|optional|required|any|text|"
    r"varchar|password|secret|token|redacted|changeme|example|dummy|placeholder|include|omit|same-origin|tbd|todo|"
    r"your[_\-].*|my[_\-].*)$)"
)
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_DOTTED = re.compile(r"^[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)+$")
_CREDENTIAL_PART = re.compile(r"(?i)pass|pwd|token|secret|key|cred|auth")


# Extensions of files a credential's value names (`keystore.p12`, `server.pem`): after the dot, a file, not a password
_FILE_EXTENSIONS = frozenset({"p12", "p8", "pfx", "pem", "jks", "key", "crt", "cer", "der", "csr", "pub", "gpg",
                              "asc", "kdbx", "json", "yaml", "yml", "toml", "ini", "cfg", "conf", "env", "txt", "xml",
                              "csv", "sh", "py", "js", "ts", "db", "sqlite", "log", "mp3", "mp4", "gz", "zip", "tar"})


def _attribute(value: str) -> bool:
    """`config.password`, `self.token`, `settings.DB_PASSWORD`, `base64.b64decode`, `app.models`: code, not a value.
    A password with a dot in it (`Passw0rd.ok`, `winter2024.fun`, `Zx9.qwe`, `Monkey.Banana7`, `dragon.v2`) is not
    code: two parts, the second naming no credential (`db2.password`, `obj.token2` are attributes), and either the
    first mixing letters and digits (no module or algorithm name such as `base64`, `sha256`, `s3`), or the second
    holding a digit while it is no file extension, version, unit or algorithm (`keystore.p12`, `hashlib.sha256`).
    An attribute with a digit after the dot is rare in what people write after "password is" (code reaches it as
    `settings.` / `self.` / `config.` references, left alone before this)."""
    if not _DOTTED.match(value):
        return False
    parts = value.split(".")
    if len(parts) != 2 or _CREDENTIAL_PART.search(parts[1]) or _NOT_A_PASSWORD.match(parts[0]):
        return True
    first, second = parts
    if any(ch.isdigit() for ch in first) and any(ch.isalpha() for ch in first):
        return False
    return not (any(ch.isdigit() for ch in second) and second.lower() not in _FILE_EXTENSIONS
                and not _NOT_A_PASSWORD.match(second))
_PATHLIKE = re.compile(r"^(?:/|~/|\./|\.\./)[\w.\-@]+(?:/[\w.\-@]*)+$")
# A quoted value that reads as prose or code, not a secret: five or more words, or words with code/sentence
# punctuation, or leading/trailing spaces (a string concatenation: `'Credential=' + key + '`).
_PROSE = re.compile(r"^\s|\s$|^(?:\S+\s+){4,}\S+$|^(?=.*\s)(?:.*[`()\[\]{}]|.*[.!?:]$)")

def _assignment_value(text: str, pos: int) -> tuple[int, int, bool] | None:
    """The value after a key that ends at ``pos``: (start, end, quoted), or None."""
    sep = _SEPARATOR.match(text, pos, min(len(text), pos + 16))
    if not sep:
        return None
    op = sep.group(1)
    if op == "==":
        return None  # a comparison in code
    vpos = sep.end()
    quoted = _QUOTED_VALUE.match(text, vpos, min(len(text), vpos + 520))
    if quoted:
        return quoted.start(2), quoted.end(2), True
    if op == ":" and vpos < len(text) and text[vpos] in "[{(":
        return None
    bare = _BARE_VALUE.match(text, vpos, min(len(text), vpos + 500))
    if not bare:
        return None
    end = bare.end()
    # A trailing comma/period belongs to the prose or code, not the value.
    while end > bare.start() and text[end - 1] in ".,":
        end -= 1
    return bare.start(), end, False


def _label_for_key(key: str) -> str:
    lowered = key.lower()
    if re.search(r"pass|pwd|(?<![a-z0-9])pw(?![a-z])|_pw", lowered) or _OTHER_LANGUAGE_WORD.search(lowered):
        return "password"
    if "token" in lowered or _TOKEN_WORD.search(key):
        return "token"
    if re.search(r"api[_\-]?key", lowered) or _API_KEY_WORD.search(lowered):
        return "api-key"
    if "private" in lowered:
        return "private-key"
    if "credential" in lowered or re.search(r"(?<![a-z])creds(?![a-z])", lowered):
        return "credentials"
    return "secret"


def secretish(value: str) -> bool:
    """For generic ``*_KEY`` assignments: only values that look like a key, not ``created_at``."""
    if len(value) < 16 or " " in value or _IDENTIFIER.match(value) and class_changes(value) < 0.4:
        return False
    return sum(ch.isdigit() for ch in value) >= 2 or entropy(value) >= 3.5


_WORD_BEFORE = re.compile(r"[A-Za-z][ \t]+$")
_CREDENTIAL_END = re.compile(r"[_\-.](?:key|secret|token|password|passwd|passphrase|pwd)$")
_SPACED_OR_COLON = re.compile(r":|[ \t]=|=[ \t]")
_TO_SPACE = re.compile(r"[^\s\"'`]*")
_RUN = re.compile(r"\S{1,300}")
_CUT_BY = frozenset("()'\";&")  # characters a value pattern stops at that password generators put inside passwords
_QUERY_NEXT = re.compile(r"&[\w.\-\[\]]{1,60}=")  # `a=b&c=d`: the next parameter of a URL query
_CALL = re.compile(r"[A-Za-z_$][\w.$]*\(.*\)[;,.]?|[A-Za-z_$][\w.$]*\($")  # `get_password()`, `os.getenv("X")`


def is_call(value: str) -> bool:
    """Code that calls something (`get_password()`, `os.getenv('DB')`), not a password with a bracket in it
    (`hunter2(ok)x9`)."""
    return bool(_CALL.fullmatch(value))


def whole_value(text: str, start: int, end: int) -> int:
    """The end of a password a value pattern cut short at one of :data:`_CUT_BY` (review42 R42-6: `hunter2(ok)x9`,
    `Kq7;semi;colon9`, `x9'quote'pw11`, `Tr0ub4dor&3-eUtuie` were kept whole or in part): the value runs to the next
    whitespace, less the punctuation that ends a sentence or closes a bracket opened before it; ``end`` when the
    value was not cut (it ends at whitespace or a sentence's punctuation), when a shell operator or a URL query's
    next parameter follows (`&&`, `&c=d`), or when the whole run is a call."""
    if end >= len(text) or text[end] not in _CUT_BY or text.startswith(("&&", "||"), end) \
            or _QUERY_NEXT.match(text, end):
        return end
    run = _RUN.match(text, start)
    if run is None:
        return end
    stop = run.end()
    while stop > end:
        last = text[stop - 1]
        if last in ".,;:!?'\"`&":
            stop -= 1
        elif last in ")]}" and text.count(last, start, stop) > text.count({")": "(", "]": "[", "}": "{"}[last], start, stop):
            stop -= 1
        else:
            break
    if stop <= end or not any(ch.isalnum() for ch in text[end:stop]) or is_call(text[start:stop]):
        return end
    return stop


def _literal_name(value: str) -> bool:
    """An identifier-shaped value that is a literal, not a variable: a run of letters with two or more digits in it
    (`zzzzzzzzzz123`, `MyCompanySecretKey2024Prod`, `hunter22`), no version, unit or algorithm name (`sha256`,
    `v2_1`) and no snake_case name of code (`token_v2`, `user_id_2024` keep an underscore)."""
    return (sum(ch.isdigit() for ch in value) >= 2 and sum(ch.isalpha() for ch in value) >= 3
            and "_" not in value and not _NOT_A_PASSWORD.match(value) and not value[0].isdigit())


def _assignments(text: str, lower: str, add) -> None:
    for m in _KEYWORD.finditer(lower):
        if text.endswith("[REDACTED:", 0, m.start()):
            continue  # the label inside one of our placeholders
        key_end = m.end()
        # Walk back over the key name (bounded) to see the whole key and how it is written.
        before = text[max(0, m.start() - 100):m.start()]
        key_start = m.start() - (len(before) - len(before.rstrip(_KEY_CHARS)))
        key = text[key_start:key_end]
        keyword = m.group(1).lower()
        # `aws_secret_access_key`, `oauth_token_secret`: the suffix ends in a credential word again, so the key names
        # the credential itself, not a setting about it (`token_url`, `password_min_length`)
        suffixed = bool(m.group(2)) and not _CREDENTIAL_END.search(m.group(2))
        if keyword in ("_key", "-key") and key_start == m.start():
            continue
        if keyword in ("pass", "pwd") and not _PASS_KEY.fullmatch(key[: m.end(1) - key_start]):
            continue
        # "tests pass: 12/12", "first pass: cleanup": `pass` after a word is a verb or a noun in a sentence
        sentence = keyword == "pass" and key == "pass" and bool(_WORD_BEFORE.search(text, max(0, key_start - 40),
                                                                                    key_start))
        value = _assignment_value(text, key_end)
        if value is None:
            continue
        vstart, vend, quoted = value
        if not quoted and text.startswith("&", vend) and _SPACED_OR_COLON.search(text, key_end, vstart):
            # `client_secret: Tr0ub4dor&3`: after ": " or " = " an `&` is part of the value (it ends one only in a
            # URL query, `a=b&c=d`, which `_url_query` reads)
            vend = _TO_SPACE.match(text, vend, min(len(text), vend + 500)).end()
        val = text[vstart:vend]
        if not val.strip() or is_placeholder(val) or REFERENCE.match(val.strip()):
            continue
        whole_end = vend if quoted else whole_value(text, vstart, vend)  # `hunter2(ok)x9` cut at "(" (R42-6)
        if sentence and not _passwordish(val, True):
            continue  # "my pass: hunter2" is still taken; the prose rules take "the db pass: xyz"
        if text.startswith(("...", "…"), vend) and len(val) <= 12:
            continue  # `OPENAI_API_KEY=sk-...`: a shape, not a value
        sep_text = text[key_end:vstart]
        code_style = not quoted and ("= " in sep_text or " =" in sep_text or ":=" in sep_text)
        if not quoted and (":" in sep_text or code_style) and not _VALUE_TAIL.match(text, vend):
            continue
        if suffixed:
            # `secret_key_base: X`, `password_prod = "X"`: the key only mentions a credential (`token_url`,
            # `password_min_length`), so the value itself must look generated.
            if "://" in val or _PATHLIKE.match(val) or not randomish(val):
                continue
        elif not quoted:
            dotted = _attribute(val) if re.search(r"pass|pwd", keyword) else _DOTTED.match(val)
            whole = text[vstart:whole_end]
            if ("(" in whole and ("(" in val and is_call(val) or is_call(whole) or whole == val)) or "[" in val \
                    or dotted:
                continue  # a call or attribute: code, not a literal (`DB_PASSWORD=Summer2024.io` is a password)
            literal = _literal_name(val)
            if code_style and _IDENTIFIER.match(val) and not secretish(val) and not literal:
                continue  # `password = new_password` (but not `client_secret = MyCompanySecret2024`)
            if not key.isupper() and _IDENTIFIER.match(val) and _CODE_NAME.search(val) and not literal and (
                    class_changes(val) < 0.45 or not any(ch.isdigit() for ch in val)):
                continue  # `Token: token`, `apiKey: apiKey` (but not `s3cr3tPass`, nor `JWT_SECRET=supersecret1`)
            if _PATHLIKE.match(val):
                continue  # `PWD=/home/me/project`
            if val.isalpha() and val.islower() and not key.isupper() and text[vend:vend + 1] in (",", ")"):
                continue  # a keyword argument in code: `verify(secret=match)`
        elif _PROSE.match(val):
            continue  # UI text: "Enter your password"
        if keyword in ("_key", "-key", "access_key_id", "access-key-id", "accesskeyid") or (
            keyword.startswith("access") and keyword.endswith("id")
        ):
            if not secretish(val) or UUID.match(val):
                continue
        elif whole_end - vstart < 3:
            continue
        label = "aws-secret" if _AWS_SECRET_KEY.search(key) else _label_for_key(key)
        add(vstart, whole_end, label, 4)


# `<password>X</password>`, `<ns:apiKey>X</ns:apiKey>`, and .NET/NuGet's `<add key="Password" value="X" />`.
_XML_ELEMENT = re.compile(
    r"<((?:[\w.\-]{1,30}:)?[\w.\-]{0,30}(?:password|passwd|pwd|secret|token|api[_\-]?key|apikey|private[_\-]?key|"
    r"access[_\-]?key|credentials?))[ \t]*>([^<\n]{3,300})</\1[ \t]*>")
_XML_ADD = re.compile(
    r"key[ \t]*=[ \t]*[\"'][\w.\-]{0,40}(?:password|passwd|pwd|secret|token|api[_\-]?key|apikey)[\"'][ \t]+"
    r"value[ \t]*=[ \t]*[\"']([^\"'\n]{3,300})[\"']")


def _xml(text: str, lower: str, add) -> None:
    if "<" in text:
        for m in _XML_ELEMENT.finditer(lower):
            value = text[m.start(2):m.end(2)]
            if not REFERENCE.match(value.strip()) and not is_placeholder(value) and not _PROSE.match(value):
                add(m.start(2), m.end(2), _label_for_key(m.group(1)), 4)
    if "value" in lower:
        for m in _XML_ADD.finditer(lower):
            value = text[m.start(1):m.end(1)]
            if not REFERENCE.match(value.strip()) and not is_placeholder(value):
                add(m.start(1), m.end(1), _label_for_key(m.group(0)), 4)


# A URL query parameter that carries a credential: `?key=X`, `&access_token=X`, `&sig=X`, `&client_secret=X`.
_URL_QUERY = re.compile(
    r"[?&;](?:[a-z0-9_.\-]{0,20}(?:key|token|secret|password|passwd|pwd|auth|sig|signature|credential)s?)"
    r"=([^&\s#\"'<>`]{6,500})")


def _url_query(text: str, lower: str, add) -> None:
    if "=" not in text or ("?" not in text and "&" not in text):
        return
    for m in _URL_QUERY.finditer(lower):
        value = text[m.start(1):m.end(1)]
        if REFERENCE.match(value) or is_placeholder(value) or value.isdigit():
            continue
        name = lower[m.start() + 1:m.start(1) - 1]
        add(m.start(1), m.end(1), _label_for_key(name) if name not in ("sig", "signature") else "signature", 3)


_SINGLE_DASH_NEEDLE = re.compile(r"-(?:pass|pwd|token|api|secret|client-secret)")
_CLI_TOOLS = re.compile(r"mysql|mariadb|sshpass|redis-cli|docker|curl|mongo|rabbitmqadmin|cqlsh|sqlcmd")


def _cli(text: str, lower: str, add) -> None:
    for m in _CLI_FLAG.finditer(text) if "--" in text else ():
        value = m.group(2)
        if is_placeholder(value) or REFERENCE.match(value) or value.startswith("-") or _PATHLIKE.match(value) \
                or value.startswith("@") or _FILE_NAME.match(value):
            continue
        flag = m.group(0).lower()
        add(m.start(2), m.end(2), "password" if "pass" in flag or "pwd" in flag else _label_for_key(flag), 4)
    for m in _CLI_KEY_FLAG.finditer(text) if "--" in text else ():
        value = m.group(2)
        if (UUID.match(value) or randomish(value)) and not is_placeholder(value):
            add(m.start(2), m.end(2), "api-key", 4)
    for m in _CLI_SINGLE_DASH.finditer(text) if "-" in text and _SINGLE_DASH_NEEDLE.search(lower) else ():
        value = m.group(2)
        if value.isdigit() or is_placeholder(value) or REFERENCE.match(value) or _PATHLIKE.match(value) \
                or _FILE_NAME.match(value) or value.startswith(("env:", "file:", "fd:", "stdin")) \
                or not (_passwordish(value, True) or randomish(value)):
            continue  # `-passin env:VAR`, `-passin file:pw.txt`: where the password is; `grep -token foo`: a word
        add(m.start(2), m.end(2), "token" if "token" in m.group(0).lower() else
            "api-key" if "key" in m.group(0).lower() else "secret" if "secret" in m.group(0).lower() else "password", 4)
    for m in _CLI_SHORT.finditer(text) if _CLI_TOOLS.search(text) else ():
        for group in range(1, 8):
            if m.group(group) and not is_placeholder(m.group(group)) and not REFERENCE.match(m.group(group)):
                add(m.start(group), whole_value(text, m.start(group), m.end(group)), "password", 4)


_FILE_NAME = re.compile(r"(?i)^[\w.\-]+\.(?:pem|key|crt|cer|p12|pfx|jks|txt|json|ya?ml|toml|env|ini|cfg|conf)$")


# A credential's name at the end of a line and its value alone on the next one ("my db password is\n  hunter2-x",
# "DB_PASSWORD:\n  s3cr3t!", "**Token**\n`ab12cd34ef`", "Username\nadmin\nPassword\nhunter22"): the label may be a
# key (`db_password`) but must end in the credential word, then optionally a separator or a linking word (group
# `link`); the next line (one blank line allowed) holds exactly one value, optionally quoted, which must read like a
# password (:func:`_passwordish`) and be no `key=value`, comparison or version. Without a separator or linking word
# a missed password costs far more than a lost word, so any value of 6+ characters with a letter and a digit or a
# symbol is taken (:func:`_unlinked_value`) unless it is a known prose shape: a letters-only word ending in ?/!
# ("why the password\nfails?"), the credential word itself (`PasswordReset2FA`, `fn_reset_pw2`), an algorithm or
# encoding name (`SHA-256`, `MD5-hashed`), or a label line that starts with a verb ("rename the password\nfield2").
_NEXT_LINE_CRED = re.compile(
    r"(?<![\w-])(?:[a-z0-9]{1,20}[_\-. ]){0,3}(passwords?|passwd|passphrase|passcode|pwd|token|api[ \t_-]?key|"
    r"secret(?:[ \t_-]?key)?|access[ \t_-]?key|private[ \t_-]?key|credentials?|" + _OTHER_LANGUAGES + r")"
    r"(?:[*_]{1,2})?[ \t]{0,3}(?P<link>[:=]|(?:is|was|are|equals|reads|is[ \t]+set[ \t]+to|set[ \t]+to|should[ \t]+be|"
    r"would[ \t]+be|will[ \t]+be|es|era|é|est|ist|lautet|war|je|jest)(?:[ \t]{0,3}:)?)?[ \t]{0,3}"
    r"\r?\n(?:[ \t]*\r?\n)?[ \t>]{0,12}(?:[-*][ \t]{1,3})?(?P<quote>[`\"']?)(?P<value>[^\s`\"',;]{4,200})(?P=quote)"
    r"[ \t]*(?=\r?\n|$)"
)
# `key=value`, `length>=8`, `max_len=64`: a setting or a condition written under the word, not its value (base64
# padding `…==` is not one)
SETTING = re.compile(r"^[A-Za-z_][\w.\-]*[ \t]*(?:[<>]=?|!=|=)(?!=*$)")
VERSIONISH = re.compile(r"(?i)^v?\d+(?:\.\d+)+(?:[-+.]?[a-z]+[\d.]*)?$|^v\d{1,3}$")


# Inside an unlinked value: the credential word itself or an algorithm / encoding name, so a name or a note
# (`PasswordReset2FA`, `fn_reset_pw2`, `MD5-hashed`, `SHA-256`, `bcrypt12`), not the value
_PROSE_VALUE = re.compile(
    r"(?i)pass(?:word|wd|phrase|code)|pwd|(?<![a-z])pw(?![a-z])|_pw|token|secret|cred|" + ALGORITHM_IN_VALUE)
# A label line that starts with a verb or a question word is a sentence about the credential, not its name
_VERB_FIRST = re.compile(
    r"(?i)^[\W_]*(?:(?:no|ok|okay|so|and|but|then|now|please|pls|also|don't|do not|never|always)\W+)*"
    r"(?:rename|reset|rotate|check|print|hardcode|log|hash|store|change|update|remove|delete|fix|validate|verify|"
    r"encrypt|decrypt|encode|decode|mask|hide|revoke|expire|regenerate|generate|why|where|how|when|what|can|could|"
    r"would|should|did|does|do)\b")


def _unlinked_value(value: str, label_line: str) -> bool:
    """A value under the bare credential word, with no ":"/"is" between: taken when it is generated-looking
    (:func:`~altimate_learn.redact.entropy.randomish`) or 6+ characters with a letter and a digit or a symbol
    (`hunter22`, `qwerty_123`, `Summer2024!`), unless it names the credential or an algorithm, or the label line
    is a sentence starting with a verb."""
    if randomish(value) and not _VERB_FIRST.match(label_line):
        return True
    if _PROSE_VALUE.search(value) or _VERB_FIRST.match(label_line):
        return False
    return (len(value) >= 6 and any(ch.isalpha() for ch in value)
            and any(ch.isdigit() or ch in _SYMBOLS for ch in value))


def _next_line(text: str, lower: str, add) -> None:
    if "\n" not in text:
        return
    for m in _NEXT_LINE_CRED.finditer(lower):
        start, end = m.start("value"), m.end("value")
        value = text[start:end]
        core = value.rstrip(".,:;)]}")
        bare = core.rstrip("?!")
        linked = m.group("link") is not None or bool(m.group("quote"))
        if bare != core and re.fullmatch(r"[^\W\d_]+(-[^\W\d_]+)*", bare) and (
                not linked or core.endswith("?") or "-" in bare):
            continue  # "again?!", "the token is\nexpired?", "is\nread-only!": words ending a question or an exclamation
        if value.endswith(":") or SETTING.match(core) or VERSIONISH.match(core):
            continue  # "Reset password\nStep2:" is a heading; `TTL=3600`, `length>=8`, `v2.1-beta`
        if not linked:
            label_line = text[text.rfind("\n", 0, m.start(1)) + 1:m.end(1)]
            if not _unlinked_value(core, label_line):
                continue  # "the password\nfn_reset_pw2", "rename the password\nfield2": not the value
        label = _label_for_key(m.group(1).replace(" ", "_"))
        if _passwordish(value, label == "password"):
            add(start, start + len(core), label, 4)


_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def _prose(text: str, lower: str, add) -> None:
    for m in _PROSE_CRED.finditer(lower):
        group = next(g for g in (1, 2, 3) if m.group(g) is not None)
        start, end = m.start(group), m.end(group)
        value = text[start:end]
        if value[0] in "*_":
            continue  # Markdown emphasis around a few words: "Password: **not set**"
        if not value.isascii() and _CJK.search(m.group(0)[: start - m.start()]):
            # after 密码 / パスワード / 비밀번호 a password is the ASCII run before the sentence goes on in the
            # language ("パスワード: abc123です"; "密码：至少12位" is "at least 12 characters")
            value = re.match(r"[!-~]*", value).group(0)
        label = _label_for_key(re.sub(r"\s+", "_", m.group(0)[: start - m.start()] if group < 3
                                      else m.group(0)[end - m.start():]))
        if _passwordish(value, label in ("password", "secret")):  # a sentence's closing period or bracket is not the value
            add(start, whole_value(text, start, start + len(value.rstrip(".,:;)]}"))), label, 4)


# A password said in a sentence with a linking word, in the languages people write to agents in ("my password is
# hunter2", "the db pass is: xyz", "la contraseña es perro", "le mot de passe : soleil", "das Passwort ist Sonne",
# "a senha é gato", "пароль: кошка", "şifrem kedi123", "the password for staging is x9y8"): unlike
# :data:`_PROSE_CRED`, a value of letters only counts too, when it ends the clause and is no word a sentence about
# the password goes on with ("the password is required", "das Passwort ist falsch", "password: must be 12 chars").
# Only these links: ":" / "=" / the language's "is" (and "'s"); "password for <one to three words> is" too.
_LINK_WORDS = r"is|was|es|era|é|e|est|ist|lautet|war|je|jest|equals|—|–|['’]s"
_PREPOSITIONS = r"for|of|on|to|at|de|del|da|do|du|des|für|von|vom|zum|zur|pour|per|para|от|для|на|к"
_PROSE_LINKED = re.compile(
    r"(?<![\w-])(?P<kw>passwords?|passwd|passphrase|passcode|pwd|pw|pass|"
    r"contrase(?:ñ|n)a|senha|mot[ \t]+de[ \t]+passe|passwort|kennwort|wachtwoord|l(?:ö|o)senord|"
    r"adgangskode|salasana|has(?:ł|l)o|heslo|parola|(?:ş|s|Ş)ifre(?:m|n|miz|niz|si)?|[пП]ароль)"
    r"(?P<mid>[ \t]{1,3}(?:" + _PREPOSITIONS + r")(?:[ \t]{1,3}[\w.@-]{1,30}){1,3}?)?"
    r"(?:[*_]{1,2})?[ \t]{0,3}(?P<link>[:=]|(?<=[ \t])(?:" + _LINK_WORDS + r")(?:[ \t]{0,3}:)?|['’]s)?"
    r"[ \t]{1,3}(?P<open>[`\"'«“„‹‘][ \t]?)?(?P<value>(?:[^\s`\"',;«»“”„‹›‘’]|(?<!\\)[;'\"](?=[^\W_])){3,200})"
    r"|(?P<cjk>密码|密碼|パスワード|비밀번호)(?:[ \t]{0,3}(?:是|为|為|は|が|는|은|가|:|=)){1,2}[ \t]{0,3}[`\"'「“]?"
    r"(?P<cjkvalue>[^\x00-\x20`\"',;\x7f-\U0010ffff]{3,200})"
)
# What a sentence about the password says after "is" / ":" (English and the other languages above): never the value.
_PROSE_NOT_VALUE = frozenset("""
a an the this that these those it its my your our their his her mine yours ours theirs same also still now then
not no none nothing never always just only too very so all any some each every what which where who why how here there
also both either neither one two three four five six seven eight nine ten
wrong right weak strong short long empty blank new old fine good bad great ok okay correct incorrect invalid valid
secure insecure unique static random hidden visible public private plain plaintext clear cleartext null nil missing
set unset gone ready safe unsafe case sensitive insensitive known unknown default standard mandatory optional
required needed necessary secret simple complex strict lax same different identical temporary permanent reset
expired locked unlocked changed hashed salted encrypted stored saved masked shown logged leaked compromised
managed rotated generated provided given sent checked verified validated accepted rejected ignored missing
wrong required field fields flow form forms hash hashes policy policies rule rules length strength manager
reset change changes update updates input inputs prompt prompts protected encrypted enough fine in on at of for to
from with by as via into stored kept used set see check ask use try enter type must should will can may might
would could shall is are was be been being has have had do does did get gets got needs need works work broken
above below before after again different correct usually probably definitely really actually maybe perhaps
yes true false nan undefined n/a na tbd todo unchanged unknown unavailable available present absent
obligatoria obligatorio incorrecta incorrecto correcta correcto requerida requerido necesaria necesario válida
valida inválida invalida segura seguro insegura débil debil fuerte corta corto larga largo nueva nuevo vieja
viejo igual distinta distinto diferente vacía vacia opcional secreta temporal la el lo los las un una uno muy
demasiado demasiada mía mia tuya suya nuestra caducada expirada cambiada guardada cifrada
obligatoire incorrect incorrecte correcte requis requise invalide valide faible fort forte courte court longue
long nouveau nouvelle vide trop le les une expiré expirée différent différente identique optionnel optionnelle
sécurisé sécurisée changé changée pas bon bonne mauvais mauvaise chiffré chiffrée enregistré
falsch richtig ungültig ungultig gültig gultig erforderlich notwendig leer zu kurz lang neu alt sicher unsicher
schwach stark abgelaufen geändert geandert nicht der die das ein eine einen korrekt inkorrekt gleich anders
identisch noch schon gespeichert verschlüsselt
obrigatória obrigatoria obrigatório obrigatorio incorreta incorreto correta errada errado inválida válida fraca
forte curta longa nova vazia o os as um muito necessária opcional expirada segura minha sua nossa salva
неверный неправильный верный правильный обязательный обязательно пустой слабый сильный короткий длинный новый
старый не нужен нужна истёк истек изменён изменен сложный простой надёжный надежный недействителен действителен
неверен верен и в на от для это тот такой же
yanlış yanlis doğru dogru gerekli zorunlu boş bos zayıf zayif güçlü guclu kısa kisa uzun yeni eski geçersiz
gecersiz geçerli gecerli hatalı hatali değil degil en çok cok ve için icin alanı alani sıfırlama sifirlama
""".split())
# An English word of a sentence, not a password: a participle, an adverb or an adjective ("is hashed", "is
# expiring", "is configurable", "is usually", "is sensitive")
_PROSE_WORD_SHAPE = re.compile(r"(?i)^[a-z]+(?:ed|ing|able|ible|ive|less|ful|ous|ly|ated|ized|ised)$")
# After a letters-only value: the clause ends (the end, a line break, punctuation, a closing quote, a bracket opening
# a remark, a conjunction or a polite word)
_CLAUSE_END = re.compile(r"[ \t]*(?:$|\r?\n|[.,;!?)\]。，、！？(]|[ \t](?:and|but|so|then|please|pls|thanks|y|et|und|e|"
                         r"и|ve|for|on|in|at|to)\b)")
_CLOSING_QUOTE = re.compile(r"[ \t]?[`'\"’”»›“]")
# "pass" and "pw" are verbs and abbreviations too ("tests pass: all"): they count only after a word that says whose
# or which one ("my pass is", "the db pass:", "wifi pw")
_OWNER_BEFORE = re.compile(r"(?i)(?:my|your|our|his|her|their|the[ \t]+(?:db|database|admin|root|wifi|wi-fi|user|login|"
                           r"ssh|vpn|sudo|email|server|account)|db|database|admin|root|wifi|wi-fi|user|login|ssh|vpn|"
                           r"sudo|email|server|account|staging|prod|production|dev|test|qa|uat|sandbox|preprod)[ \t]+$")


def _letters_value(text: str, m: re.Match[str], value: str, end: int) -> bool:
    """A letters-only value after a linked credential word is the password when it ends the clause and is no
    word of a sentence about the password (see :data:`_PROSE_LINKED`)."""
    word = value.lower()
    if len(value) < 3 or word in _PROSE_NOT_VALUE or _PROSE_WORD_SHAPE.match(value) or is_placeholder(value) \
            or REFERENCE.match(value) or _PROSE_VALUE.search(value):
        return False
    if m.group("open"):  # quoted: the closing quote ends it ("the password is 'sonne'", „sonne“, « soleil »)
        return bool(_CLOSING_QUOTE.match(text, end) or _CLAUSE_END.match(text, end))
    return bool(_CLAUSE_END.match(text, end))


# A user name then its password with no linking word: "user admin pass Tr0ub4dor&3", "login: bob / pw s3cr3t!",
# "username root password hunter2" (review28 R28-8); the value must read like a password.
_USER_THEN_PASS = re.compile(
    r"(?<![\w-])(?:user(?:[ \t]?name)?|login|usr|u)[ \t]{0,3}[:=]?[ \t]{1,3}[^\s,;/]{1,64}[ \t]{0,3}[,;/]?[ \t]{1,3}"
    r"(?:pass(?:word)?|passwd|pwd|pw)[ \t]{0,3}[:=]?[ \t]{1,3}[`\"']?([^\s`\"',;]{4,200})")


def _user_then_pass(text: str, lower: str, add) -> None:
    for m in _USER_THEN_PASS.finditer(lower):
        start = m.start(1)
        value = text[start:m.end(1)].rstrip(".,:;)]}!?")
        if value and "REDACTED" not in value.upper() and not value.startswith("[") and _passwordish(value, True):
            add(start, start + len(value), "password", 4)


# A login named with its password: user and password joined by "/" or ":" ("login with admin / hunter2", "creds are
# admin:Winter2024!", "Einloggen mit admin / Geheim2024!"), or the password after "with" ("log in as root with toor123");
# also a named test or staging user ("the test user is alice / s3cretPass"). review28 R28-8's and review29 R29-5's
# residuals. The value must read like a password (letters with digits or symbols, no path; six digits or more); a
# user and value joined by "/" with no space read as a path unless the value has a capital or a symbol.
_LOGIN_NEEDLES = ("login", "log in", "logon", "log on", "log into", "sign in", "signin", "ssh", "creds", "credential",
                  " user ", "einlog", "anmeld", "melde", "zugang", "sesión", "sesion", "connecte", "connexion", "entr",
                  "identifiant", "credencia", "acce", "aces", "登录", "ログイン")
# the verbs and the nouns people write before a login and its password, also in German, Spanish, French and
# Portuguese ("Zugangsdaten: admin / X", "credenciales: …", "identifiants : …", "acesse com …": review30 R30-2)
_LOGIN_VERB = (r"(?:log(?:ged)?[ \t]?(?:in|on|into)(?:[ \t]+to)?|login|sign(?:ed)?[ \t]?in|signin|ssh|creds|credentials?|"
               r"einloggen|anmelden|anmeldung|melde[ \t]+dich|zugangsdaten|anmeldedaten|login-daten|"
               r"inici(?:a|ar)[ \t]+sesi[oó]n|credenciales|acceso|accede|entra|entrar|"
               r"connecte[- ]toi|connexion|identifiants?|credenciais|acesso|acesse|entre|登录|ログイン|"
               r"(?:test|staging|demo|qa|dev|admin|e2e)[ \t]+(?:user|account|login)(?:[ \t]+(?:is|=))?)")
_LINK = (r"(?:with|as|is|are|using|via|mit|con|avec|com|als|como|en tant que|"
         r"(?:for|für|de|du|pour|para|do|da)[ \t]+[\w.-]+(?:[ \t]+(?:is|are|ist|sind|es|son|est|sont|é|são))?)")
_LOGIN_PAIR = re.compile(
    r"(?<![\w-])" + _LOGIN_VERB + r"(?:[ \t]+(?:[\w.-]+[ \t]+)?" + _LINK + r"(?:[ \t]+[\w.-]+)?)?[ \t]*[:=]?[ \t]+[`\"']?"
    r"(?P<user>[a-z0-9_.@+-]{1,64})(?P<sep>[ \t]{1,2}/[ \t]{0,2}|[ \t]{0,2}/[ \t]{1,2}|/|:)[`\"']?"
    r"(?P<value>[^\s`\"',;/:]{4,200})")
_LOGIN_WITH = re.compile(
    r"(?<![\w-])" + _LOGIN_VERB + r"[ \t]+(?:as|als|como|en tant que)[ \t]+(?P<user>[a-z0-9_.@+-]{1,64})[ \t]+"
    r"(?:with|using|mit|con|avec|com)[ \t]+(?:(?:the[ \t]+)?(?:password|pass|pw|passwort|contraseña|mot de passe)"
    r"[ \t]+)?[`\"']?(?P<value>[^\s`\"',;/:]{4,200})")
_STRONG = set("!@#$%^&*+=?~")


def _login_pair(text: str, lower: str, add) -> None:
    if not any(needle in lower for needle in _LOGIN_NEEDLES):
        return
    for pattern in (_LOGIN_PAIR, _LOGIN_WITH):
        for m in pattern.finditer(lower):
            start = m.start("value")
            value = text[start:m.end("value")].rstrip(".,:;)]}?")
            if not value or "REDACTED" in value.upper() or value.startswith("["):
                continue
            if m.re is _LOGIN_PAIR and m.group("sep") == "/" and not (any(c.isupper() for c in value)
                                                                    or _STRONG & set(value)):
                continue  # "login as bob/v2-beta": a path
            if _passwordish(value, True) or (value.isdigit() and len(value) >= 6):
                add(start, start + len(value), "password", 4)


def _prose_linked(text: str, lower: str, add) -> None:
    for m in _PROSE_LINKED.finditer(lower):
        group = "value" if m.group("value") is not None else "cjkvalue"
        start = m.start(group)
        value = text[start:m.end(group)].rstrip(".,:;)]}!?。")
        end = start + len(value)
        if not value or is_placeholder(value) or "REDACTED" in value.upper() or value.startswith("["):
            continue
        # a "!" right after a value that reads like a password is more likely its last character than the sentence's
        # end ("pw for staging is Winter2024!" left "!" outside: review30 R30-2): redacting it too costs nothing
        bangs = len(text[end:m.end(group)]) - len(text[end:m.end(group)].lstrip("!"))
        keyword = (m.group("kw") or "").lower()
        link = m.group("link")
        if keyword == "pass" and (link == "=" or not _OWNER_BEFORE.search(text, max(0, m.start() - 30), m.start())):
            continue  # `pass=1` in code, "tests pass: **not started**": only "my pass", "the db pass", "wifi pass"
        if keyword == "pw" and link is None and not _OWNER_BEFORE.search(text, max(0, m.start() - 30), m.start()):
            continue  # "pw" is a password's whenever it links a value ("staging pw is …", "PW: …"; review28 R28-8)
        if value[0] in "*_~":
            continue  # Markdown emphasis: "Password: **not set**"
        if m.group("kw") and link is None:
            # no linking word: only Turkish's "my/your password" (`şifrem kedi123`), which needs none, with a value
            # that reads like a password (the other languages' "password X" is :data:`_PROSE_CRED`'s)
            if keyword[-1:] in ("m", "n", "z", "i") and keyword.rstrip("mnzi") in ("şifre", "sifre", "Şifre") \
                    and _passwordish(value, True):
                add(start, end, "password", 4)
            continue
        if _passwordish(value, True):
            add(start, whole_value(text, start, end + bangs), "password", 4)
        elif value.isalpha() and _letters_value(text, m, value, end):
            add(start, end, "password", 4)


# The generic rule: a random-looking string a few words after a credential word or a vendor's name, on the
# same line ("the key is X", "here is my HF token: X", "datadog X"). The word is the evidence, so the value
# only has to look generated (:func:`~altimate_learn.redact.entropy.randomish`), not pass the stricter
# high-entropy test that runs everywhere.
_CREDENTIAL_WORD = re.compile(
    r"(?<![a-z0-9])(?:keys?|apikey|tokens?|secrets?|passwords?|passwd|pwd|passphrase|credentials?|creds|bearer|"
    r"auth|pat|sig|signature|cookie|session)(?![a-z0-9])"
    r"|(?<![a-z0-9])(?:adafruit|adobe|airtable|algolia|alibaba|asana|atlassian|jira|confluence|beamer|bitbucket|"
    r"bittrex|meraki|cloudflare|codecov|cohere|coinbase|confluent|contentful|datadog|discord|droneci|dropbox|"
    r"etsy|facebook|fastly|finicity|finnhub|flickr|freshbooks|gitter|gocardless|heroku|hubspot|intercom|jfrog|"
    r"artifactory|kraken|kucoin|launchdarkly|linkedin|looker|mailchimp|mailgun|mapbox|mattermost|messagebird|"
    r"netlify|newrelic|new relic|nytimes|okta|plaid|rapidapi|sendbird|sentry|snyk|sonar|squarespace|sumologic|"
    r"telegram|travis|twitch|twitter|typeform|yandex|zendesk|vercel|supabase|pinecone|mistral|together|"
    r"segment|mixpanel|amplitude|postmark|pagerduty|opsgenie|circleci|jenkins|azure|gcp|aws|openai|anthropic)"
    r"(?![a-z0-9])")
_NEAR_VALUE = re.compile(r"(?<![A-Za-z0-9+/_\-.=~])[A-Za-z0-9+/_\-.=~]{16,400}+")
_NEAR_WINDOW = 48


def _near_words(text: str, lower: str, add) -> None:
    for m in _NEAR_VALUE.finditer(text):
        value = m.group(0).rstrip(".")
        start = m.start()
        line_start = text.rfind("\n", 0, start) + 1
        window = lower[max(line_start, start - _NEAR_WINDOW):start]
        word = None
        for w in _CREDENTIAL_WORD.finditer(window):
            word = w
        if word is None or len(value) < 16 or is_placeholder(value) or "REDACTED" in value:
            continue
        if "://" in value or value.startswith(("/", "./", "~/")) or _DOTTED.match(value) or UUID.match(value):
            continue
        line_end = text.find("\n", start)
        line = text[line_start: len(text) if line_end < 0 else line_end]
        if not randomish(value) or hash_context(value, line, start - line_start):
            continue
        add(start, start + len(value), _label_for_key(word.group(0)) if word.group(0)[:3] in (
            "pas", "pwd", "tok", "api", "pri", "cre") else "secret", 5)


# Cookies are sessions: the values of a `Cookie:` / `Set-Cookie:` header, of curl's `-b` / `--cookie`, and of a header
# copied from a browser's network panel as its name on a line of its own and the value on the next (Firefox's "Copy
# Request Headers" in its raw-off view: "Cookie\n    session=…": review31 R31-3)
_COOKIE_HEADER = re.compile(r"(?m:^[ \t]*(?:set-)?cookie[ \t]*:?[ \t]*\r?\n(?:[ \t]*\r?\n)*[ \t]*)"
                            r"|(?<![\w-])(?:set-)?cookie[ \t]*:[ \t]*|(?<![\w-])(?:-b|--cookie)[ \t]+[\"']?")
_COOKIE_PAIR = re.compile(r"[ \t]*([\w.\-]{1,60})=([^;\s\"'`,]{1,500})[ \t]*;?")
_COOKIE_ATTRIBUTES = frozenset({"path", "domain", "expires", "max-age", "samesite", "secure", "httponly", "priority",
                                "version", "comment"})


def _cookies(text: str, lower: str, add) -> None:
    if "cookie" not in lower and "-b " not in lower:
        return
    for m in _COOKIE_HEADER.finditer(lower):
        pos = m.end()
        while True:
            pair = _COOKIE_PAIR.match(text, pos)
            if not pair:
                break
            name, value = pair.group(1).lower(), pair.group(2)
            if name not in _COOKIE_ATTRIBUTES and len(value) >= 6 and not is_placeholder(value) \
                    and not REFERENCE.match(value) and "REDACTED" not in value:
                add(pair.start(2), pair.end(2), "cookie", 4)
            pos = pair.end()


# A session cookie's name and value, wherever it stands (a log line, a pasted `document.cookie`, a curl command): the
# value is a logged-in session (review31 R31-3). Random-looking values only: letters and digits both, 8 characters or
# more, no call or attribute after ("session=get_session(db)" is code)
_SESSION_COOKIE = re.compile(r"(?<![\w.-])(?:sessionid|session_id|_session_id|session|sid|phpsessid|jsessionid|"
                             r"connect\.sid|laravel_session|asp\.net_sessionid|aspsessionid[a-z]{0,12}|__session|"
                             r"_[a-z0-9]{1,30}_session)=([^;\s\"'`,&()<>]{8,500})(?![(\w])", re.I)


def _session_cookies(text: str, add) -> None:
    for m in _SESSION_COOKIE.finditer(text):
        value = m.group(1)
        if any(c.isdigit() for c in value) and any(c.isalpha() for c in value) and not is_placeholder(value) \
                and not UUID.match(value) \
                and not REFERENCE.match(value) and "REDACTED" not in value:
            add(m.start(1), m.end(1), "cookie", 4)


# The short words written with the value and nothing between (sec43): "the staging pw h7Tq!x2", "use pw Xy9!abc",
# "root pass toor123!", "pass Sup3r$ecret". "pw" and "passwd" name only a password, so a value that reads like one
# (:func:`_passwordish`) is enough; "pass" and "pwd" are also a verb and a shell command ("pass x2 to foo", "pwd
# /home/me"), so the value also needs a word that says whose or which one before ("root pass", "my pass", see
# :data:`_OWNER_BEFORE`) or a symbol a password generator puts in it and code does not (`$ecret`, `toor!`).
_BARE_SHORT = re.compile(r"(?<![\w-])(?P<kw>pw|pwd|pass|passwd)[ \t]{1,3}[`\"']?(?P<value>[^\s`\"',;]{4,200})")
_GENERATOR_SYMBOLS = frozenset("!@#$%^&*?~")
# A PIN: 4 to 8 digits after "PIN", "PIN code", "passcode" with ":" / "=" / "is" between ("PIN: 4821", "my pin is
# 4821", "the passcode is 918273"), or after "PIN" in capitals or "pin code" with only a space ("PIN 4821", "pin code
# 0000"): "pin 1234 in the lockfile", "pin numpy to 1.26" and "PIN length must be 6" stay. Not a number that goes on
# (`1234.5`, `4821-22`) or a count ("PIN: 6 digits", "pin: 4 chars").
_PIN = re.compile(
    r"(?<![\w-])(?P<kw>pin(?:[ \t-]?(?:code|number|no\.?|#))?|pincode|passcode|code[ \t]+pin)"
    r"(?P<link>[ \t]{0,3}[:=][ \t]{0,3}|[ \t]{1,3}(?:is|was|es|est|ist|lautet|é|e|:)[ \t]{1,3}(?::[ \t]{0,3})?|[ \t]{1,3})"
    r"[`\"']?(?P<value>\d{4,8})(?![\w@]|[.,:/-]\d|[ \t]*(?:digits?|chars?|characters?|numbers?|times?|tries|attempts?|"
    r"ms|px|%|x\b|stellen|chiffres|d[ií]gitos))")
# A passphrase in quotes after a credential word and a link ("the passphrase is 'correct horse battery staple'",
# `password: "open sesame"`): 2 to 8 words, none of them a word of a sentence about the credential ("must be 8
# chars", "not set", "in the vault", "Enter your password") and at most half of them words that say how it is
# ("expired yesterday").
_QUOTED_PHRASE = re.compile(
    r"(?<![\w-])(?:passphrase|password|passwort|kennwort|contrase(?:ñ|n)a|senha|mot[ \t]+de[ \t]+passe|[пП]ароль)"
    r"(?:[ \t]{1,3}(?:is|was|es|est|ist|lautet|é|—)[ \t]{1,3}(?::[ \t]{0,3})?|[ \t]{0,3}[:=][ \t]{0,3})"
    r"(?P<open>[\"'“„«‘`])(?P<value>[^\"'“”„«»‘’`\n]{3,100}?)[\"'”“»’`]")
_PHRASE_FUNCTION_WORDS = frozenset("""a an the this that these those it its my your our their his her is are was were be
been being am not no never must should will would can could may might shall do does did has have had to of in on at for
from with by as via into or and but if then than so too very only just also still yet please enter type use see set
least most more less minimum maximum min max characters chars char letters digits symbols long short field value
required optional here there where what which who when how why any all some each every none same
le la les un une des du de est et ou pas ne der die das ein eine ist und oder nicht el los las es y o no
o os as um uma é e ou não не и или в на это""".split())
_TIME_WORDS = frozenset("yesterday today tomorrow again anymore now soon later already".split())
_PHRASE_NEEDLES = ("passphrase", "password", "passwort", "kennwort", "contrase", "senha", "mot de passe", "ароль")


def _phrase(value: str) -> bool:
    words = value.split()
    if not 2 <= len(words) <= 8 or value != value.strip() or value[-1] in ".!?:":
        return False
    lowered = [w.lower().strip(".,;:!?") for w in words]
    if any(w in _PHRASE_FUNCTION_WORDS or w in _TIME_WORDS for w in lowered) or _PROSE_VALUE.search(value):
        return False
    telling = sum(1 for w in lowered if w in _PROSE_NOT_VALUE or _PROSE_WORD_SHAPE.match(w))
    return telling * 2 < len(words)


def _short_forms(text: str, lower: str, add) -> None:
    if "pw" in lower or "pass" in lower:
        for m in _BARE_SHORT.finditer(lower):
            start = m.start("value")
            value = text[start:m.end("value")].rstrip(".,:;)]}?")
            keyword = m.group("kw")
            if not value or value[0] == "-" or is_placeholder(value) or "REDACTED" in value.upper() \
                    or SETTING.match(value) or not _passwordish(value, True):
                continue
            if keyword in ("pass", "pwd") and not _OWNER_BEFORE.search(text, max(0, m.start() - 30), m.start()) \
                    and not _GENERATOR_SYMBOLS & set(value):
                continue  # "pass x2 to the function", "pwd output2": a verb, a command
            bangs = len(text[start + len(value):m.end("value")]) - len(text[start + len(value):m.end("value")].lstrip("!"))
            add(start, whole_value(text, start, start + len(value) + bangs), "password", 4)
    if "pin" in lower or "passcode" in lower:
        for m in _PIN.finditer(lower):
            if m.group("link").strip() == "" and not (text[m.start():m.start() + 3] == "PIN" or " " in m.group("kw")
                                                      or "-" in m.group("kw") or len(m.group("kw")) > 3):
                continue  # "pin 1234 in the lockfile": a verb; "PIN 4821", "pin code 4821" name the number
            add(m.start("value"), m.end("value"), "pin", 4)
    if any(word in lower for word in _PHRASE_NEEDLES):
        for m in _QUOTED_PHRASE.finditer(lower):
            value = text[m.start("value"):m.end("value")]
            if " " in value and _phrase(value):
                add(m.start("value"), m.end("value"), "password", 4)


def scan(text: str, lower: str, add) -> None:
    """Call ``add(start, end, label, priority)`` for every credential these rules find in ``text``."""
    if any(k in lower for k in _KEYWORD_NEEDLES):
        _assignments(text, lower, add)
        _xml(text, lower, add)
    _url_query(text, lower, add)
    _cli(text, lower, add)
    _cookies(text, lower, add)
    if "sess" in lower or "sid=" in lower:
        _session_cookies(text, add)
    if any(k in lower for k in _PROSE_NEEDLES) or "pw" in lower or (
            not lower.isascii() and any(k in lower for k in _PROSE_NEEDLES_ABROAD)):
        _prose(text, lower, add)
        _prose_linked(text, lower, add)
        _user_then_pass(text, lower, add)
        _next_line(text, lower, add)
        _short_forms(text, lower, add)
    elif "pin" in lower:
        _short_forms(text, lower, add)
    _login_pair(text, lower, add)
    _near_words(text, lower, add)
