"""Fake vendor tokens, one generator per documented format, and the forms people paste them in.

Each generator builds a token from what the provider says about its format (prefix, alphabet, length);
they are written from those descriptions, not from the redactor's patterns, so the corpus measures the
redactor instead of echoing it. Prefixes are split in the source so this file never holds a contiguous
token-looking literal. Every value is random and was never issued by any provider.

    python research/data/secrets/vendors.py           # print the filled corpus as JSON lines
    python research/data/secrets/vendors.py --formats # list the formats

`build_corpus(seed)` returns (format, context, text, secret) tuples: every format in every context below.
`LOOKALIKES` (lookalikes.txt beside this file) are lines that resemble credentials and must stay as they are.
"""

from __future__ import annotations

import base64
import json
import random
import string
import sys
import uuid
from pathlib import Path
from typing import Callable, NamedTuple

SEED = 20261201
HERE = Path(__file__).resolve().parent
LOOKALIKES = HERE / "lookalikes.txt"

ALNUM = string.ascii_letters + string.digits
LOWER_NUM = string.ascii_lowercase + string.digits
UPPER_NUM = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def pick(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def tok(*parts: str | tuple[str, int]) -> Callable[[random.Random], str]:
    """A generator: literal strings as given, (alphabet, n) pairs filled at random."""
    def make(rng: random.Random) -> str:
        return "".join(p if isinstance(p, str) else pick(rng, p[0], p[1]) for p in parts)
    return make


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def _b64json(obj: dict) -> str:
    return base64.b64encode(json.dumps(obj).encode()).decode().rstrip("=")


# (format, env variable name people use for it, generator)
FORMATS: list[tuple[str, str, Callable[[random.Random], str]]] = [
    ("1password-secret-key", "OP_SECRET_KEY", tok("A" "3-", (UPPER_NUM, 6), "-", (UPPER_NUM, 11), "-",
                                                  (UPPER_NUM, 5), "-", (UPPER_NUM, 5), "-", (UPPER_NUM, 5))),
    ("1password-service-account", "OP_SERVICE_ACCOUNT_TOKEN", tok("ops" "_eyJ", (B64, 260))),
    ("adobe-client-secret", "ADOBE_CLIENT_SECRET", tok("p8" "e-", (ALNUM, 32))),
    ("age-secret-key", "SOPS_AGE_KEY", tok("AGE-SECRET" "-KEY-1", (BECH32.upper(), 58))),
    ("airtable-pat", "AIRTABLE_TOKEN", tok("pa" "t", (ALNUM, 14), ".", (HEX, 64))),
    ("alibaba-access-key", "ALIBABA_CLOUD_ACCESS_KEY_ID", tok("LT" "AI", (ALNUM, 20))),
    ("anthropic-api-key", "ANTHROPIC_API_KEY", tok("sk-" "ant-api03-", (B64URL, 93), "AA")),
    ("anthropic-admin-key", "ANTHROPIC_ADMIN_KEY", tok("sk-" "ant-admin01-", (B64URL, 93), "AA")),
    ("artifactory-api-key", "ARTIFACTORY_API_KEY", tok("AK" "Cp", (ALNUM, 69))),
    ("asana-pat", "ASANA_PAT", tok("2" "/", ("0123456789", 16), "/", ("0123456789", 16), ":", (HEX, 32))),
    ("atlassian-api-token", "JIRA_API_TOKEN", tok("ATA" "TT3", (B64URL, 180), "=", (HEX, 8))),
    ("aws-access-key-id", "AWS_ACCESS_KEY_ID", tok("AK" "IA", (UPPER_NUM, 16))),
    ("aws-sts-key-id", "AWS_ACCESS_KEY_ID", tok("AS" "IA", (UPPER_NUM, 16))),
    ("aws-bedrock-api-key", "AWS_BEARER_TOKEN_BEDROCK", tok("AB" "SK", (B64, 132))),
    ("azure-ad-client-secret", "AZURE_CLIENT_SECRET", tok((ALNUM, 3), ("0123456789", 1), "Q" "~", (ALNUM + "_~.", 34))),
    ("bitbucket-app-password", "BITBUCKET_APP_PASSWORD", tok("AT" "BB", (ALNUM, 32), (HEX.upper(), 8))),
    ("brevo-api-key", "BREVO_API_KEY", tok("xkey" "sib-", (HEX, 64), "-", (ALNUM, 16))),
    ("buildkite-token", "BUILDKITE_API_TOKEN", tok("bk" "ua_", (HEX, 40))),
    ("clojars-token", "CLOJARS_TOKEN", tok("CLOJ" "ARS_", (LOWER_NUM, 60))),
    ("contentful-pat", "CONTENTFUL_MANAGEMENT_TOKEN", tok("CFP" "AT-", (B64URL, 43))),
    ("databricks-token", "DATABRICKS_TOKEN", tok("da" "pi", (HEX, 32))),
    ("digitalocean-pat", "DIGITALOCEAN_TOKEN", tok("do" "p_v1_", (HEX, 64))),
    ("digitalocean-oauth", "DIGITALOCEAN_ACCESS_TOKEN", tok("do" "o_v1_", (HEX, 64))),
    ("discord-bot-token", "DISCORD_BOT_TOKEN", tok("M", (ALNUM, 25), ".", (B64URL, 6), ".", (B64URL, 38))),
    ("docker-hub-pat", "DOCKERHUB_TOKEN", tok("dc" "kr_pat_", (B64URL, 27))),
    ("doppler-token", "DOPPLER_TOKEN", tok("dp" ".st.", (ALNUM, 43))),
    ("duffel-token", "DUFFEL_ACCESS_TOKEN", tok("duf" "fel_live_", (B64URL, 43))),
    ("dynatrace-token", "DT_API_TOKEN", tok("dt0" "c01.", (UPPER_NUM, 24), ".", (ALNUM, 64))),
    ("easypost-key", "EASYPOST_API_KEY", tok("EZ" "AK", (ALNUM, 54))),
    ("figma-pat", "FIGMA_TOKEN", tok("fi" "gd_", (B64URL, 40))),
    ("flyio-token", "FLY_API_TOKEN", tok("fo" "1_", (B64URL, 43))),
    ("gcp-api-key", "GOOGLE_API_KEY", tok("AI" "za", (B64URL, 35))),
    ("gcp-oauth-secret", "GOOGLE_CLIENT_SECRET", tok("GOC" "SPX-", (B64URL, 28))),
    ("gcp-refresh-token", "GOOGLE_REFRESH_TOKEN", tok("1/" "/0", (B64URL, 100))),
    ("github-pat", "GITHUB_TOKEN", tok("gh" "p_", (ALNUM, 36))),
    ("github-oauth", "GH_TOKEN", tok("gh" "o_", (ALNUM, 36))),
    ("github-app-token", "GITHUB_TOKEN", tok("gh" "s_", (ALNUM, 36))),
    ("github-fine-grained", "GITHUB_PAT", tok("github" "_pat_", (ALNUM, 22), "_", (ALNUM, 59))),
    ("gitlab-pat", "GITLAB_TOKEN", tok("gl" "pat-", (B64URL, 20))),
    ("gitlab-runner-token", "RUNNER_TOKEN", tok("gl" "rt-", (B64URL, 20))),
    ("gitlab-deploy-token", "CI_DEPLOY_PASSWORD", tok("gl" "dt-", (B64URL, 20))),
    ("grafana-service-account", "GRAFANA_TOKEN", tok("gl" "sa_", (ALNUM, 32), "_", (HEX, 8))),
    ("grafana-cloud-token", "GRAFANA_CLOUD_TOKEN", tok("gl" "c_", (B64, 120))),
    ("groq-key", "GROQ_API_KEY", tok("gs" "k_", (ALNUM, 52))),
    ("harness-pat", "HARNESS_API_KEY", tok("pa" "t.", (B64URL, 22), ".", (ALNUM, 24), ".", (ALNUM, 20))),
    ("hashicorp-vault-token", "VAULT_TOKEN", tok("hv" "s.", (B64URL, 95))),
    ("heroku-key-v2", "HEROKU_API_KEY", tok("HRK" "U-AA", (B64URL, 58))),
    ("huggingface-token", "HF_TOKEN", tok("h" "f_", (string.ascii_letters, 34))),
    ("huggingface-org-token", "HF_ORG_TOKEN", tok("api" "_org_", (string.ascii_letters, 34))),
    ("infracost-token", "INFRACOST_API_KEY", tok("ic" "o-", (ALNUM, 32))),
    ("linear-api-key", "LINEAR_API_KEY", tok("lin" "_api_", (ALNUM, 40))),
    ("mailchimp-key", "MAILCHIMP_API_KEY", tok((HEX, 32), "-us", ("0123456789", 2))),
    ("mailgun-key", "MAILGUN_API_KEY", tok("ke" "y-", (LOWER_NUM, 31), "7")),
    ("maxmind-license", "MAXMIND_LICENSE_KEY", tok((ALNUM, 6), "_", (ALNUM, 29), "_mm" "k")),
    ("newrelic-user-key", "NEW_RELIC_API_KEY", tok("NR" "AK-", (UPPER_NUM, 27))),
    ("newrelic-license", "NEW_RELIC_LICENSE_KEY", tok((HEX, 36), "NR" "AL")),
    ("notion-token", "NOTION_TOKEN", tok("nt" "n_", ("0123456789", 11), (ALNUM, 35))),
    ("npm-token", "NPM_TOKEN", tok("np" "m_", (ALNUM, 36))),
    ("nuget-key", "NUGET_API_KEY", tok("oy" "2", (LOWER_NUM, 43))),
    ("octopus-key", "OCTOPUS_API_KEY", tok("AP" "I-", (UPPER_NUM, 26))),
    ("openai-key", "OPENAI_API_KEY", tok("s" "k-", (ALNUM, 20), "T3Blbk" "FJ", (ALNUM, 20))),
    ("openai-project-key", "OPENAI_API_KEY", tok("sk" "-proj-", (B64URL, 74), "T3Blbk" "FJ", (B64URL, 74))),
    ("openrouter-key", "OPENROUTER_API_KEY", tok("sk" "-or-v1-", (HEX, 64))),
    ("openshift-token", "OPENSHIFT_TOKEN", tok("sha" "256~", (B64URL, 43))),
    ("perplexity-key", "PPLX_API_KEY", tok("pp" "lx-", (ALNUM, 48))),
    ("pinecone-key", "PINECONE_API_KEY", tok("pc" "sk_", (ALNUM, 6), "_", (ALNUM, 60))),
    ("planetscale-token", "PLANETSCALE_SERVICE_TOKEN", tok("pscale" "_tkn_", (B64URL, 43))),
    ("planetscale-password", "DATABASE_PASSWORD", tok("pscale" "_pw_", (B64URL, 43))),
    ("postman-key", "POSTMAN_API_KEY", tok("PM" "AK-", (HEX, 24), "-", (HEX, 34))),
    ("prefect-key", "PREFECT_API_KEY", tok("pn" "u_", (ALNUM, 36))),
    ("pulumi-token", "PULUMI_ACCESS_TOKEN", tok("pu" "l-", (HEX, 40))),
    ("pypi-token", "PYPI_TOKEN", tok("pypi" "-AgEIcHlwaS5vcmc", (B64URL, 70))),
    ("readme-key", "README_API_KEY", tok("rd" "me_", (LOWER_NUM, 70))),
    ("replicate-token", "REPLICATE_API_TOKEN", tok("r" "8_", (ALNUM, 37))),
    ("resend-key", "RESEND_API_KEY", tok("r" "e_", (ALNUM, 8), "_", (ALNUM, 24))),
    ("rubygems-key", "GEM_HOST_API_KEY", tok("ruby" "gems_", (HEX, 48))),
    ("scalingo-token", "SCALINGO_API_TOKEN", tok("tk" "-us-", (B64URL, 48))),
    ("sendgrid-key", "SENDGRID_API_KEY", tok("S" "G.", (B64URL, 22), ".", (B64URL, 43))),
    ("sentry-user-token", "SENTRY_AUTH_TOKEN", tok("sn" "tryu_", (HEX, 64))),
    ("shopify-access-token", "SHOPIFY_ACCESS_TOKEN", tok("sh" "pat_", (HEX, 32))),
    ("shopify-shared-secret", "SHOPIFY_API_SECRET", tok("sh" "pss_", (HEX, 32))),
    ("slack-bot-token", "SLACK_BOT_TOKEN", tok("xo" "xb-", ("0123456789", 12), "-", ("0123456789", 13), "-",
                                             (ALNUM, 24))),
    ("slack-user-token", "SLACK_USER_TOKEN", tok("xo" "xp-", ("0123456789", 12), "-", ("0123456789", 12), "-",
                                               ("0123456789", 13), "-", (HEX, 32))),
    ("slack-app-token", "SLACK_APP_TOKEN", tok("xa" "pp-1-", (UPPER_NUM, 11), "-", ("0123456789", 13), "-",
                                             (HEX, 64))),
    ("sonarqube-token", "SONAR_TOKEN", tok("sq" "p_", (HEX, 40))),
    ("sourcegraph-token", "SRC_ACCESS_TOKEN", tok("sg" "p_", (HEX, 16), "_", (HEX, 40))),
    ("square-token", "SQUARE_ACCESS_TOKEN", tok("EA" "AA", (B64URL, 60))),
    ("stripe-secret-key", "STRIPE_SECRET_KEY", tok("sk" "_live_", (ALNUM, 99))),
    ("stripe-restricted-key", "STRIPE_API_KEY", tok("rk" "_live_", (ALNUM, 24))),
    ("stripe-webhook-secret", "STRIPE_WEBHOOK_SECRET", tok("wh" "sec_", (ALNUM, 32))),
    ("supabase-access-token", "SUPABASE_ACCESS_TOKEN", tok("sb" "p_", (HEX, 40))),
    ("tailscale-key", "TS_AUTHKEY", tok("tskey" "-auth-", (ALNUM, 12), "CNTRL-", (ALNUM, 33))),
    ("telegram-bot-token", "TELEGRAM_BOT_TOKEN", tok(("0123456789", 10), ":A" "A", (B64URL, 33))),
    ("terraform-cloud-token", "TFE_TOKEN", tok((ALNUM, 14), ".atlas" "v1.", (B64URL, 67))),
    ("twilio-api-key", "TWILIO_API_KEY", tok("S" "K", (HEX, 32))),
    ("typeform-token", "TYPEFORM_TOKEN", tok("tf" "p_", (B64URL, 59))),
    ("vercel-token", "VERCEL_TOKEN", tok("vc" "p_", (B64URL, 56))),
    ("vercel-legacy-prefixed", "VERCEL_TOKEN", tok("ver" "cel_", (ALNUM, 24))),
    ("xai-key", "XAI_API_KEY", tok("xa" "i-", (ALNUM, 80))),
    ("jwt", "ID_TOKEN", lambda r: ".".join([_b64json({"alg": "RS256", "typ": "JWT"}),
                                            _b64json({"sub": pick(r, HEX, 12), "iat": 1700000000}),
                                            pick(r, B64URL, 43)])),
    ("plaid-access-token", "PLAID_ACCESS_TOKEN", lambda r: "access-" "production-" + _uuid(r)),
    ("launchdarkly-sdk-key", "LD_SDK_KEY", lambda r: "sd" "k-" + _uuid(r)),
]
FORMAT_NAMES = tuple(name for name, _, _ in FORMATS)

# Where a token is pasted: {t} the token, {env} the variable people keep it in, {key} its lower-case key.
CONTEXTS: list[tuple[str, str]] = [
    ("bare", "{t}"),
    ("prose", "the key is {t}"),
    ("review comment", "Please rotate this: you committed {t} in config/settings.py, it must come from the vault."),
    ("env file", "{env}={t}"),
    ("shell export", 'export {env}="{t}"'),
    ("yaml", "  {key}: {t}"),
    ("json", '{{"{key}": "{t}", "region": "us-east-1"}}'),
    ("backticks", "set `{key}: {t}` in the staging config"),
    ("toml", '{key} = "{t}"'),
    ("url query", "https://api.example.com/v1/items?{key}={t}&limit=10"),
    ("cli flag", "mytool deploy --token {t} --env prod"),
    ("header", 'curl -H "Authorization: Bearer {t}" https://api.example.com/v1/me'),
    ("json-escaped transcript", '{{"type":"user","content":"use \\"{key}\\": \\"{t}\\" for now"}}'),
    ("markdown quote", "> the token `{t}` still works, revoke it"),
]


class Case(NamedTuple):
    format: str
    context: str
    text: str
    secret: str


def build_corpus(seed: int = SEED) -> list[Case]:
    """Every format in every context, each with a fresh fake token (same seed, same corpus)."""
    rng = random.Random(seed)
    out = []
    for name, env, make in FORMATS:
        for context, template in CONTEXTS:
            token = make(rng)
            text = template.format(t=token, env=env, key=env.lower())
            out.append(Case(name, context, text, token))
    return out


def lookalikes() -> list[str]:
    """Benign lines that resemble credentials (one a line; `#` comments and blank lines skipped)."""
    lines = LOOKALIKES.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


if __name__ == "__main__":
    if "--formats" in sys.argv:
        print("\n".join(FORMAT_NAMES))
    else:
        for case in build_corpus():
            print(json.dumps(case._asdict(), ensure_ascii=False))
