"""Verification flags: a lesson about skipping, disabling or ignoring tests, checks, CI, lint, review or
hooks, or that turns off TLS, host-key or signature checks, CSRF, CORS limits, firewalls, authentication
or rate limits, approves without a look, or forces past a check, is kept but flagged for explicit
approval, whichever way it points ("never skip tests" is flagged too: the flag reads wording, not intent).
"""

from __future__ import annotations

import functools
import re

from altimate_learn.curate.rules.base import Text, rx


FLAG_REASON = "mentions skipping or disabling verification"

VERB = (r"skip(?:s|ped|ping)?|omit(?:s|ted|ting)?|ignor(?:e|es|ed|ing)|disabl(?:e|es|ed|ing)|bypass(?:es|ed|ing)?|"
         r"exclud(?:e|es|ed|ing)|turn(?:s|ed|ing)?\s+off|switch(?:es|ed|ing)?\s+off|remov(?:e|es|ed|ing)|"
         r"delet(?:e|es|ed|ing)|comment(?:s|ed|ing)?\s+out|silenc(?:e|es|ed|ing)|suppress(?:es|ed|ing)?|"
         r"mut(?:e|es|ed|ing)|deactivat(?:e|es|ed|ing)|circumvent(?:s|ed|ing)?|avoid(?:s|ed|ing)?\s+running|"
         r"without\s+(?:running|executing|passing|waiting\s+for)|without|no\s+need\s+(?:to|for)|"
         r"(?:do(?:es)?\s+not|don'?t|doesn'?t|never|not)\s+(?:\w+\s+){0,2}?(?:run|execute|wait\s+for|require)|"
         r"stop(?:s|ped|ping)?\s+running|drop(?:s|ped|ping)?|xfail|mark(?:s|ed|ing)?\s+(?:\w+\s+){0,3}?(?:as\s+)?"
         r"(?:xfail|skip(?:ped)?|flaky|optional)|forc(?:e|es|ed|ing)\s+(?:\w+\s+){0,2}?(?:through|past)|"
         r"relax(?:es|ed|ing)?|weaken(?:s|ed|ing)?|loosen(?:s|ed|ing)?|lower(?:s|ed|ing)?")
# The noun may carry a few modifiers before it ("the required CI checks", "the project's unit tests").
MOD = (r"(?:(?:the|all|any|every|some|those|these|our|its|their|your|my|required|mandatory|failing|flaky|"
        r"slow|broken|red|existing|remaining|expensive|long|unit|integration|e2e|end-to-end|dbt|schema|data|generic|"
        r"singular|code|peer|pr|security|type|static|pre-commit|pre-push|commit|git|ci|cd|github|quality|"
        r"[\w'-]+'s|(?!(?:in|on|for|before|after|when|if|from|to|with|during|and|or|but|then|instead|unless|while|"
        r"by|at|of|so|because|since|until|is|are|was|be)\b)[\w-]+)\s+){0,3}?")
NOUN = (r"(?:tests?(?!\s+(?:accounts?|data|rows?|records?|users?|fixtures?|files?|artifacts?|environments?|"
         r"databases?|servers?|clusters?|tenants?|customers?|emails?|payments?|orders?|events?|ids?|values?|"
         r"inputs?|cases?\s+(?:in|from)|credentials|keys?|mode\s+(?:data|rows)|coverage\s+report)\b)|testing|"
         r"test\s+suites?|checks?(?!\s+(?:constraints?|boxe?s?|marks?|digits?|outs?|ins?)\b)|ci(?!\s+(?:setup|cache|caches|config|image|images|runners?|secrets?|variables?|env|"
         r"environment|dependenc\w*|installation|logs?|artifacts?|minutes)\b)|"
         r"lint(?:s|ing|ers?)?|linters?|reviews?|code\s+reviews?|approvals?|hooks?|pre-commit|pre-push|husky|"
         r"verification|verif(?:y|ying|ies)|validation|validat(?:e|ing)|quality\s+gates?|gates?|contracts?|"
         r"assertions?|asserts?|type[\s-]?check(?:s|ing|er)?|typecheck(?:s|ing)?|mypy|pyright|eslint|ruff|flake8|"
         r"pylint|sqlfluff|rubocop|clippy|golangci-lint|prettier|stylelint|branch\s+protection|status\s+checks?|"
         r"security\s+scans?|scans?|audits?|coverage(?:\s+thresholds?)?|guardrails?|safety\s+checks?|"
         r"sanity\s+checks?|smoke\s+tests?|build\s+checks?|signing|signature\s+verification|gpg\s+signing|"
         # safety controls of the application and the infrastructure
         r"csrf(?:\s+protection|\s+checks?|\s+tokens?)?|xsrf|cors(?:\s+(?:checks?|restrictions?|polic(?:y|ies)))?|"
         r"firewalls?|waf|content[\s-]security[\s-]polic(?:y|ies)(?:\s+headers?)?|csp(?:\s+headers?)?|hsts|"
         r"rate[\s-]?limit(?:s|ing|er|ers)?|throttling|secret\s+scanning(?:\s+checks?)?|push\s+protection|"
         r"(?:authentication|authori[sz]ation|auth|permission|access)\s+(?:checks?|middleware|guards?|decorators?|"
         r"requirements?)|authentication|mfa|2fa|two-factor(?:\s+authentication)?|sandbox(?:ing)?|"
         r"audit\s+log(?:s|ging)?|xss\s+protection|input\s+validation|sanitiz\w+|output\s+escaping|"
         r"auto-?escap\w+|dependabot|vulnerability\s+alerts?)")
FLAG_PATTERNS = [
    rx(r"\b(?:" + VERB + r")\s+" + MOD + NOUN + r"\b", re.I),
    # "Ignoring CI checks", "tests as optional", "Treat code review as optional"
    rx(r"\b" + NOUN + r"\s+(?:\w+\s+){0,2}?(?:as\s+)?(?:optional|skippable|non-?blocking|advisory)\b", re.I),
    rx(r"\b(?:no\s+need\s+to|don'?t\s+need\s+to|needn'?t|no\s+longer\s+need\s+to|never\s+need\s+to|"
               r"without\s+having\s+to|not\s+necessary\s+to|unnecessary\s+to)\s+(?:\w+\s+){0,1}?"
               r"(?:test|verify|validate|check|lint|review|run\s+(?:\w+\s+){0,2}?tests?)\b", re.I),
    rx(r"\bno\s+(?:skipping|disabling|bypassing)\b", re.I),
    # Tool switches that silence verification.
    rx(r"--no-verify\b|--no-verify-ssl|--skip-(?:tests?|checks?|ci|lint|hooks?|verify|verification|"
               r"validation)\b|-DskipTests\b|-Dmaven\.test\.skip|\bSKIP=\w|\bHUSKY=0\b|\[skip ci\]|\[ci skip\]|"
               r"\[no ci\]|\bskip-checks\s*:\s*true|\bnoqa\b|#\s*type:\s*ignore|@ts-(?:ignore|nocheck|expect-error)|"
               r"eslint-disable|pylint:\s*disable|\bnolint\b|rubocop:disable|\bpytest\.mark\.(?:skip|xfail)|"
               r"@(?:skip|unittest\.skip|Ignore|Disabled)\b|\bxfail\b|\bit\.skip\b|\bdescribe\.skip\b|\btest\.skip\b|"
               r"\bxit\(|\.only\(|\bcontinue-on-error\b|\ballow_failure\b|\ballow-failure\b|\|\|\s*true\b|"
               r"--exclude(?:=|\s+)(?:test\b(?!\s+(?:accounts?|data|rows?|records?|users?|files?))|test_type|"
               r"resource_type:test|tag:test)|--select\s+\S*\s*--exclude\s+test\b|--no-tests?\b|--skip\b|"
               r"--force-(?:push|merge)\b|--admin\b(?=.*\bmerge)", re.I),
    # `git commit -n` / `-nm` / `-amn`: -n is --no-verify for commit.
    rx(r"\bcommit\b(?:\s+(?:--?[\w-]+(?:=\S+)?|\"[^\"]*\"|'[^']*'|[^\s\-\"'][^\s]*))*?\s+-[a-zA-Z]*n[a-zA-Z]*\b",
               re.I),
    rx(r"\bgit\s+-n\s+commit\b", re.I),
    # Switches and settings that turn off TLS, host-key or signature checks, or approve without a look.
    rx(r"\bverify\s*=\s*(?:false|0)\b|\bssl[_-]?verify\w*\s*[:=]?\s*(?:false|0|no)\b|\bverify[_-]?ssl\s*[:=]\s*"
        r"(?:false|0|no)\b|\bNODE_TLS_REJECT_UNAUTHORIZED\s*=\s*['\"]?0|\brejectUnauthorized\s*[:=]\s*false\b|"
        r"\bInsecureSkipVerify\s*[:=]\s*true\b|--insecure\b|--no-check-certificate\b|--trusted-host\b|"
        r"\bPYTHONHTTPSVERIFY\s*=\s*0|\bsslmode\s*=\s*(?:disable|allow|prefer)\b|\bStrictHostKeyChecking\s*=?\s*no\b|"
        r"\bUserKnownHostsFile\s*=?\s*/dev/null|--disable-ssl-verification\b|--ssl-no-revoke\b|"
        r"\bCURLOPT_SSL_VERIFY(?:PEER|HOST)\b|\bcheck_hostname\s*=\s*False\b|\bCERT_NONE\b|"
        r"--(?:insecure-)?skip-tls-verify\b|--tls-verify\s*=\s*false\b|\bGIT_SSL_NO_VERIFY\b|"
        r"\bcurl\s+(?:-\S+\s+)*?-k\b|--no-gpg-sign\b|--no-verify-signatures?\b|[-\s]-auto-approve\b|--allow-flagged\b|"
        r"\bnosec\b|@SuppressWarnings\b|\bpragma:\s*no\s*cover\b|\bistanbul\s+ignore\b|\bNOSONAR\b"
        r"|\bAccess-Control-Allow-Origin\s*:?\s*[`'\"]?\*|\bcsrf_exempt\b|\bWTF_CSRF_ENABLED\s*=\s*False\b"
        r"|\b(?:disabl\w*|turn\w*\s+off|skip\w*|ignor\w*|bypass\w*|suppress\w*)\s+(?:\w+\s+){0,2}?"
        r"(?:tls|ssl|https|certificates?|certs?|host[\s-]?keys?|hostname|signatures?)\s*(?:verification|validation|"
        r"checks?|checking|errors?|warnings?)?\b"
        r"|\b(?:accept|allow|trust)\w*\s+(?:all\s+|any\s+)?(?:self-signed|invalid|untrusted|expired)\s+(?:certs?|"
        r"certificates?)\b"
        r"|\b(?:auto-?approv\w*|rubber-?stamp\w*)\b|\b(?:approv|merg|accept|lgtm)\w*\s+(?:\w+\s+){0,4}?without\s+"
        r"(?:\w+\s+){0,2}?(?:reading|reviewing|review|looking|checking|testing|approval|waiting|tests|ci)\b"
        r"|\bapprov\w*\s+(?:every|all|any)\s+(?:\w+\s+)?(?:prs?|pull\s+requests?|changes|candidates?|lessons?|diffs?)\b",
        re.I),
    # Forcing past a safety check: force pushes, `--force` anywhere.
    rx(r"--force\b(?!-with-lease|-if-includes)|\bpush\b[^.;]*?\s-f\b|\bforce[- ]?push\w*|\bpush\w*\s+(?:\w+\s+){0,2}?"
        r"(?:with\s+)?force\b", re.I),
]
SENTENCE = rx(r"(?<=[.!?;])\s+|\n")

FLAG_VERBS = ("skip", "omit", "ignor", "disabl", "bypass", "exclud", "turn", "switch", "remov", "delet", "comment",
               "silenc", "suppress", "mut", "deactivat", "circumvent", "avoid", "without", "no", "not", "never",
               "don", "doesn", "does", "do", "stop", "drop", "xfail", "mark", "forc", "relax", "weaken", "loosen",
               "lower")
FLAG_NOUNS = ("test", "check", "ci", "lint", "review", "approval", "hook", "pre", "husky", "verif", "validat",
               "quality", "gate", "contract", "assert", "type", "mypy", "pyright", "eslint", "ruff", "flake8",
               "pylint", "sqlfluff", "rubocop", "clippy", "golangci", "prettier", "stylelint", "branch", "status",
               "security", "scan", "audit", "coverage", "guardrail", "safety", "sanity", "smoke", "build", "sign",
               "gpg", "csrf", "xsrf", "cors", "firewall", "waf", "content", "csp", "hsts", "rate", "throttl",
               "push", "authentic", "authori", "auth", "permission", "access", "mfa", "2fa", "two", "sandbox",
               "audit", "xss", "input", "saniti", "output", "escap", "dependabot", "vulnerab")
FLAG_TRIGGERS = [
    lambda x: x.starts(FLAG_VERBS) and x.starts(FLAG_NOUNS),
    lambda x: x.has("optional", "skippable", "nonblocking", "non", "advisory"),
    lambda x: x.has("need", "needn", "necessary", "unnecessary", "having"),
    lambda x: "no" in x.words and x.has("skipping", "disabling", "bypassing"),
    lambda x: x.contains("--", "-d", "skip", "husky", "[", "noqa", "type:", "@", "eslint-disable", "pylint",
                         "nolint", "rubocop", "pytest.mark", "xfail", "it.skip", "xit(", ".only(",
                         "continue-on-error", "allow_failure", "allow-failure", "||"),
    lambda x: "commit" in x.words,
    lambda x: "commit" in x.words,
    lambda x: x.contains("verify", "ssl", "tls", "unauthorized", "insecure", "--", "sslmode", "stricthostkey",
                         "access-control-allow-origin", "csrf_exempt", "wtf_csrf",
                         "knownhosts", "cert", "host", "-k", "nosec", "suppresswarnings", "pragma", "istanbul",
                         "nosonar", "signature", "approv", "rubber", "lgtm"),
    lambda x: "force" in x.low or "-f" in x.t,
]
FORCE_REASON = "mentions forcing past a safety check (force push, --force)"
FLAG_REASONS = [FLAG_REASON] * (len(FLAG_TRIGGERS) - 1) + [FORCE_REASON]


@functools.lru_cache(maxsize=16384)
def flag(clean: str) -> tuple[bool, str | None]:
    # Backticks hide nothing from this check: "Skip `dbt test`" is a skip of tests.
    body = clean.replace("`", "")
    view = Text(body)
    patterns = [(p, why) for p, trigger, why in zip(FLAG_PATTERNS, FLAG_TRIGGERS, FLAG_REASONS) if trigger(view)]
    if not patterns:
        return False, None
    for sentence in SENTENCE.split(body):
        for pattern, why in patterns:
            if pattern.search(sentence):
                return True, why
    return False, None
