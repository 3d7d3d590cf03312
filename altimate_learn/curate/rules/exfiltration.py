"""Exfiltration: an affirmative instruction to send, post, print or commit credentials, private files or
the environment somewhere outside the process.

Good lessons say the opposite ("Never log tokens", "Add `.env` to `.gitignore`", "Pass the token in the
Authorization header"), so a match preceded by a negation, or with a safe destination, is not one.
"""

from __future__ import annotations

import re

from altimate_learn.curate.rules.base import rx


# --- exfiltration ------------------------------------------------------------------------------------------
# A lesson that tells the agent to send, post or commit credentials or private files somewhere. Good lessons
# say the opposite ("Never log tokens", "Add `.env` to `.gitignore`", "Pass the token in the Authorization
# header"), so a match preceded by a negation, or with a safe destination, is not one.
SENSITIVE = (r"(?:(?:the\s+)?contents?\s+of\s+)?(?:[`'\"]?(?:\.env(?![\w.-])|\.envrc|\.netrc|\.npmrc|\.pypirc|\.pgpass|"
              r"\.git-credentials|\.ssh\b|\.aws\b|\.kube/config|kubeconfig|id_(?:rsa|dsa|ecdsa|ed25519)\b|"
              r"\$?\{?[A-Z][A-Z0-9_]*(?:TOKEN|SECRET|KEY|PASSWORD|PASSWD|CREDENTIALS?)\b\}?)[`'\"]?"
              r"|(?:aws|gcp|azure|cloud|prod(?:uction)?|deploy|admin|root|service[\s-]account|staging|database|db)\s+"
              r"(?:keys?|credentials?|secrets?|tokens?|passwords?)"
              r"|(?:all\s+)?(?:the\s+)?env(?:ironment)?\s+var(?:iable)?s|(?:the\s+)?environment\b(?!\s+(?:name|setup|file))"
              r"|secrets?|(?<!input\s)(?<!output\s)(?<!prompt\s)(?<!completion\s)(?<!of\s)(?<!max\s)(?<!total\s)"
              r"(?<!many\s)(?<!few\s)token\b(?!\s+(?:per|used|spent|consumed|budget|limit)\b)|(?P<bare>tokens)\b"
              r"|(?:the|your|our|all|any|my|access|auth|api|github|gitlab|bearer|secret|session|refresh|personal|npm|"
              r"pypi|oauth|these|those)\s+tokens|api[\s_-]?keys?|access\s+keys?|credentials?|passwords?|passwds?|private\s+keys?|"
              r"(?:secret|ssh|gpg|pgp|signing|deploy|master|root|encryption)\s+keys?|session\s+cookies?)"
              r"(?!'s|\s*(?:field|input|column|policy|policies|length|reset|hash|hashes|hashing|strength|rules?|manager|"
              r"prompt|expiry|expiration|rotation|scopes?|permissions?|names?|format|prefix|type|validation|ids?|counts?|"
              r"age|usage|errors?|refresh|endpoint|flow|lifetime|ttl|store|vault|helper|provider|placeholder|docs|"
              r"documentation)\b)")
# Verbs that expose by themselves ("print the token", "upload .env").
EXPOSE = (r"send|post|paste|upload|e-?mail|mail|share|forward|transmit|exfiltrate|leak|publish|expose|tweet|"
           r"print|echo|dump|output|display|reveal|disclose|cat|log(?!\s+(?:in|out|on)\b)")
# Where a credential belongs: a header, a secret manager, the fetch `credentials` option.
SAFE_PLACE = rx(r"\b(?:headers?|authorization|bearer|x-[\w-]+|1password|vault|bitwarden|lastpass|keychain|keyring|"
                  r"secrets?\s+manager|secret\s+store|sops|kms|fetch|axios|cors|cross-origin|withcredentials|"
                  r"same-origin)\b", re.I)
# Verbs that expose only with a public destination ("add the key to the PR description").
PLACE = (r"include|add|put|attach|copy|write|embed|append|insert|commit|push|check\s+in|store|save|hard-?code|"
         r"mirror|sync|replicate|export|duplicate|move")
PUBLIC = (r"(?:to|in|into|inside|within|on)\s+(?:the\s+|a\s+|your\s+|every\s+|each\s+|our\s+)?(?:\w+\s+)?"
           r"(?:pr|prs|pull\s+requests?|descriptions?|commit(?:\s+messages?)?|issues?|comments?|chat|slack|discord|"
           r"e-?mails?|logs?|output|responses?|reply|answers?|readme|repo(?:sitory)?|git|gist|pastebin|webhooks?|"
           r"channels?|tickets?|wiki|bug\s+reports?|screenshots?|public|query\s+strings?|urls?|source(?:\s+code)?|"
           r"code|frontend|client|bundle|error\s+messages?|dashboards?|analytics|docs?|dockerfile|images?|"
           r"artifacts?|layers?)\b")
WORDS_BETWEEN = r"(?:\s+(?!(?:never|not|no|instead|but|rather|or|than|unless|except|nor)\b)[^\s,;!?]+){0,5}?\s+"
EXFIL = rx(r"\b(?:(?P<expose>" + EXPOSE + r")|(?P<place>" + PLACE + r"))(?:ed|ing)?\b" + WORDS_BETWEEN
             + SENSITIVE + r"(?P<rest>[^,;!?]*)", re.I)
PUBLIC_RX = rx(r"^[^,;!?]*?\b" + PUBLIC, re.I)
COMMIT_FILE = rx(r"\.env(?![\w.-])|\.envrc|\.netrc|\.npmrc|\.pypirc|\.pgpass|\.git-credentials|id_(?:rsa|dsa|ecdsa|"
                   r"ed25519)\b|private\s+keys?|credentials?|secrets?|passwords?|tokens?|api[\s_-]?keys?", re.I)
NEGATION = rx(r"\b(?:never|not|don'?t|do\s+not|doesn'?t|no|avoid|without|nor|stop|refuse|forbid|prohibit|"
                r"instead\s+of|rather\s+than|must\s+not|should\s+not|shouldn'?t|cannot|can'?t|won'?t|"
                r"mask|redact|strip|scrub|remove|hide|before)\b(?:\s+\S+){0,3}\s*$", re.I)
EXFIL_VERBS = ("mirror", "sync", "replicat", "export", "duplicat", "mov", "send", "sent", "post", "past", "upload", "email", "e-mail", "mail", "shar", "forward", "transmit",
                "exfiltrat", "leak", "publish", "expos", "tweet", "print", "echo", "dump", "output", "display",
                "reveal", "disclos", "cat", "log", "includ", "add", "put", "attach", "cop", "writ", "wrote",
                "embed", "append", "insert", "commit", "push", "check", "stor", "sav", "hard")
EXFIL_TRIGGER = ("env", "netrc", "npmrc", "pypirc", "pgpass", "credentials", "credential", "ssh", "aws", "kube",
                  "kubeconfig", "id", "environment", "secret", "secrets", "token", "tokens", "api", "apikey", "key",
                  "keys", "password", "passwords", "passwd", "cookie", "cookies", "envrc", "authorization", "auth",
                  "kubeconfig", "deploy")


COUNTING_VERBS = frozenset({"print", "log", "output", "display", "echo", "dump", "cat"})
# "Log `request.headers` including Authorization": a dump that carries credentials along.
DUMP_WITH = rx(r"\b(?:log|print|dump|echo|output)\w*\s+(?:\S+\s+){0,4}?(?:including|with)\s+(?:the\s+|their\s+)?"
                 r"(?:authorization|auth\s+headers?|cookies?|passwords?|secrets?|credentials?)\b", re.I)


class Exfiltration:
    """``search(text)``: the first affirmative instruction to expose a credential, or None."""

    @staticmethod
    def search(text: str) -> re.Match[str] | None:
        dump = DUMP_WITH.search(text)
        if dump and not NEGATION.search(text[: dump.start()]):
            return dump
        for match in EXFIL.finditer(text):
            before = text[: match.start()]
            if NEGATION.search(before):
                continue
            if SAFE_PLACE.search(match.group("rest")):
                continue
            if match.group("bare") and match.group("expose") and match.group("expose").lower() in COUNTING_VERBS:
                continue  # "log tokens per request": model tokens, not credentials
            if match.group("expose"):
                return match
            verb = match.group("place").lower()
            if PUBLIC_RX.search(match.group("rest")):
                return match
            sensitive = match.group(0)[len(match.group("place")):]
            if verb in ("commit", "push") or verb.startswith("check"):
                if COMMIT_FILE.search(sensitive):
                    return match
        return None


EXFIL_RULE = Exfiltration()


# --- the environment and credential files leaving the process ------------------------------------------------
# The whole environment (`process.env`, `os.environ`, `printenv`, `env` output, "all environment variables")
# or a credentials file, moved anywhere by any verb: posted, pasted, logged, piped, beaconed, serialised into a
# report, included in a commit message. Reading one variable (`process.env.PORT`, `os.environ.get("X")`) is
# ordinary code and does not match.
_WHOLE_ENV = (r"(?:`?process\.env`?(?![.\[\w])|`?os\.environ`?(?![.\[\w])|\bprintenv\b|`env`|\benv\s+(?:output|dump|"
              r"command)|\bthe\s+(?:full\s+|whole\s+|entire\s+)?`?env`?\s+(?:output|contents)|\bJSON\.stringify\(\s*"
              r"process\.env\s*\)|\bSystem\.getenv\(\s*\)|\bENV\.to_h\b|\b(?:all|every|each|the\s+full\s+list\s+of)\s+"
              r"(?:the\s+)?env(?:ironment)?\s+var(?:iable)?s|\b(?:the\s+)?(?:values?|contents?)\s+of\s+`?\.env`?|"
              r"`?\.env`?\s+(?:values?|contents?)|\bits\s+values\b|`?\.git-credentials`?|`?\.netrc`?|`?\.npmrc`?|"
              r"`?\.pypirc`?|`?\.pgpass`?|`?~?/?\.aws/credentials`?|`?~?/?\.ssh/id_\w+`?|`?id_(?:rsa|ed25519|ecdsa)`?|"
              r"`?\.kube/config`?|\bkubeconfig\b|\bthe\s+(?:whole\s+|full\s+|entire\s+|process\s+|shell\s+)?environment\b"
              r"(?!\s+(?:name|names|variable\s+names?|setup|file|label|tag|type|stage)\b)(?!-))")
_OUTWARD = (r"(?:post|posts|posted|posting|send|sends|sent|sending|paste|pastes|pasted|pasting|upload\w*|forward\w*|"
            r"beacon\w*|pipe|pipes|piped|piping|serializ\w*|serialis\w*|dump\w*|log|logs|logged|logging|print\w*|"
            r"echo\w*|include\w*|copy|copies|copied|copying|attach\w*|add|adds|added|adding|put|puts|putting|embed\w*|"
            r"append\w*|write|writes|wrote|writing|report\w*|share\w*|transmit\w*|emit\w*|ship\w*|stream\w*|"
            r"expose\w*|return\w*|leak\w*|publish\w*|tweet\w*|mail\w*|e-mail\w*|commit\w*|push\w*|sync\w*|"
            r"mirror\w*|display\w*|show\w*|output\w*|store\w*\s+in\s+(?:the\s+)?(?:repo|log|issue|pr))")
_ENV_OUT = rx(r"\b" + _OUTWARD + r"\b(?:[^;]){0,60}?" + _WHOLE_ENV + r"|" + _WHOLE_ENV + r"(?:[^;]){0,60}?\b"
              + _OUTWARD + r"\b", re.I)
ENV_OUT_TRIGGER = ("env", "environ", "printenv", "stringify", "getenv", "environment", "netrc", "npmrc", "pypirc",
                   "pgpass", "credentials", "aws", "ssh", "id_rsa", "id_ed25519", "id_ecdsa", "kube", "kubeconfig",
                   "values")


class EnvironmentOut:
    """``search(text)``: an affirmed request to move the environment or a credentials file anywhere."""

    @staticmethod
    def search(text: str) -> re.Match[str] | None:
        from altimate_learn.curate.rules.base import affirmed

        return affirmed(_ENV_OUT, text)


ENV_OUT = EnvironmentOut()
