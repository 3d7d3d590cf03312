"""Vendor token formats: credentials a provider issues with a recognisable shape.

Each entry is a fact about a provider's format, as its documentation (or the token itself) states it: a
fixed prefix and a body of a given alphabet and length. The list follows the vendors that the widely used
secret scanners know (gitleaks' rule set was the checklist, with the formats written here from the
providers' descriptions), plus providers that announced prefixed formats since (Vercel `vcp_`, Groq
`gsk_`, Tailscale `tskey-`, …). Formats that have no prefix of their own (a 32-character hex key that is
only a Datadog key because the line says "datadog") are not here: the assignment and keyword rules in
:mod:`altimate_learn.redact.assignments` catch them by the credential word or vendor name beside them.

Patterns are compiled the first time one of their needles (plain substrings, case-sensitive) occurs in a
text, so importing this module costs no regex compilation, and a text that names no vendor costs one
substring test per needle. Every pattern starts at the beginning of a run (a negative lookbehind on its
own character class) and uses bounded or possessive quantifiers, so time stays linear.
"""

from __future__ import annotations

import re

# Lookbehind that makes a token start at the beginning of a run of token characters.
_S = r"(?<![A-Za-z0-9_\-.])"
_S_ALNUM = r"(?<![A-Za-z0-9])"

# (label, needles, pattern source). Labels name the provider; the placeholder is `[REDACTED:<label>]`.
FORMATS: list[tuple[str, tuple[str, ...], str]] = [
    # AI and model providers
    ("anthropic-key", ("sk-ant-",), _S + r"sk-ant-(?:[a-z]+\d*-)?[A-Za-z0-9_\-]{20,}+"),
    ("openai-key", ("sk-",), _S + r"sk-(?!ant-)(?:proj-|svcacct-|admin-|None-|or-v1-)?[A-Za-z0-9_\-]{20,}+"),
    ("groq-key", ("gsk_",), _S + r"gsk_[A-Za-z0-9]{40,}+"),
    ("xai-key", ("xai-",), _S + r"xai-[A-Za-z0-9]{60,}+"),
    ("perplexity-key", ("pplx-",), _S + r"pplx-[A-Za-z0-9]{40,}+"),
    ("replicate-token", ("r8_",), _S + r"r8_[A-Za-z0-9]{30,}+"),
    ("huggingface-token", ("hf_", "api_org_"), _S + r"(?:hf|api_org)_[A-Za-z0-9]{30,}+"),
    ("pinecone-key", ("pcsk_",), _S + r"pcsk_[A-Za-z0-9_]{40,}+"),
    # Cloud providers
    ("aws-key", ("AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AIPA", "ANPA", "ANVA", "AROA", "APKA", "ASCA",
                 "A3T"),
     _S_ALNUM + r"(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA|ASCA|A3T[A-Z0-9])[A-Z0-9]{16}"
     r"(?![A-Za-z0-9])"),
    ("aws-bedrock-key", ("ABSK", "bedrock-api-key-"),
     _S + r"(?:ABSK[A-Za-z0-9+/]{100,}+={0,2}|bedrock-api-key-[A-Za-z0-9+/=]{40,}+)"),
    ("google-api-key", ("AIza",), _S + r"AIza[A-Za-z0-9_\-]{35}(?![A-Za-z0-9_\-])"),
    ("google-oauth-token", ("ya29.", "GOCSPX-", "1//0"),
     r"(?<![\w.\-/])(?:ya29\.[A-Za-z0-9_\-]{20,}+|GOCSPX-[A-Za-z0-9_\-]{20,}+|1//0[A-Za-z0-9_\-]{40,}+)"),
    ("azure-client-secret", ("Q~",), r"(?<![A-Za-z0-9_~.\-])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.\-]{31,34}+"),
    ("azure-sas-signature", ("sig=",), r"(?<=[?&;]sig=)[A-Za-z0-9%+/=]{20,}+"),
    ("alibaba-key", ("LTAI",), _S_ALNUM + r"LTAI[A-Za-z0-9]{20,}+"),
    ("digitalocean-token", ("do" + "o_v1_", "do" + "p_v1_", "do" + "r_v1_"),
     _S + r"do[opr]_v1_[a-f0-9]{64}"),
    ("heroku-key", ("HRKU-",), _S + r"HRKU-[A-Za-z0-9_\-]{40,}+"),
    ("flyio-token", ("fo1_", "fm1", "fm2_"),
     _S + r"(?:fo1_[\w\-]{40,}+|fm1[ar]_[A-Za-z0-9+/]{80,}+={0,3}|fm2_[A-Za-z0-9+/]{80,}+={0,3})"),
    ("vercel-token", ("vercel_", "vcp_", "vci_", "vca_", "vcr_", "vck_"),
     _S + r"(?:vercel|vc[pcirak])_[A-Za-z0-9_\-]{24,}+"),
    ("netlify-token", ("nfp_",), _S + r"nfp_[A-Za-z0-9]{36,}+"),
    ("cloudflare-origin-ca-key", ("v1.0-",), _S + r"v1\.0-[a-f0-9]{24}-[a-f0-9]{140,}+"),
    ("supabase-key", ("sbp_", "sb_secret_"), _S + r"(?:sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_\-]{20,}+)"),
    ("planetscale-token", ("pscale_",), _S + r"pscale_(?:tkn|oauth|pw)_[\w=.\-]{32,}+"),
    ("scalingo-token", ("tk-us-",), _S + r"tk-us-[\w\-]{40,}+"),
    ("tailscale-key", ("tskey-",), _S + r"tskey-[a-z]+-[A-Za-z0-9]{6,}+-[A-Za-z0-9]{20,}+"),
    ("hashicorp-token", ("atlasv1", "hvs.", "hvb.", "hvr."),
     r"(?<![\w.\-])(?:[A-Za-z0-9]{14}\.atlasv1\.[\w=\-]{60,}+|hv[sbr]\.[\w\-]{24,}+)"),
    ("pulumi-token", ("pul-",), _S + r"pul-[a-f0-9]{40}(?![A-Za-z0-9])"),
    ("doppler-token", ("dp.",), _S + r"dp\.(?:pt|st|ct|sa|scim|audit)\.[A-Za-z0-9_\-]{40,}+"),
    ("1password-token", ("ops_eyJ", "A3-"),
     _S + r"(?:ops_eyJ[A-Za-z0-9+/]{200,}+={0,3}|A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})"
     r"-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}(?![A-Za-z0-9]))"),
    ("age-secret-key", ("AGE-SECRET-KEY-1",), r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}"),
    ("openshift-token", ("sha256~",), r"(?<![\w\-])sha256~[\w\-]{43}"),
    # Source control, CI and package registries
    ("github-token", ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
     _S + r"(?:gh[pousr]_[A-Za-z0-9]{30,}+|github_pat_[A-Za-z0-9_]{22,}+)"),
    ("gitlab-token", ("gl", "GR1348941", "_gitlab_session="),
     r"(?<![\w\-])(?:gl(?:pat|dt|rt|cbt|ptt|ft|imt|agent|oas|ffct|soat)-[A-Za-z0-9_\-]{20,}+(?:\.[a-z0-9]{9,}+)?"
     r"|GR1348941[\w\-]{20,}+)|(?<=_gitlab_session=)[0-9a-z]{32}"),
    ("bitbucket-token", ("ATBB", "ATCTT3"), _S_ALNUM + r"(?:ATBB[A-Za-z0-9_\-]{28,}+|ATCTT3[A-Za-z0-9_\-=]{60,}+)"),
    ("atlassian-token", ("ATATT3",), _S_ALNUM + r"ATATT3[A-Za-z0-9_\-=]{60,}+"),
    ("npm-token", ("npm_",), _S + r"npm_[A-Za-z0-9]{36,}+"),
    ("pypi-token", ("pypi-AgE",), _S + r"pypi-AgE[A-Za-z0-9_\-]{50,}+"),
    ("rubygems-token", ("rubygems_",), _S + r"rubygems_[a-f0-9]{48}"),
    ("nuget-key", ("oy2",), _S_ALNUM + r"oy2[a-z0-9]{43}(?![A-Za-z0-9])"),
    ("clojars-token", ("CLOJARS_",), _S + r"CLOJARS_[A-Za-z0-9]{60,}+"),
    ("docker-token", ("dckr_",), _S + r"dckr_(?:pat|oat)_[A-Za-z0-9_\-]{20,}+"),
    ("artifactory-token", ("AKCp", "cmVmdGtu"), _S_ALNUM + r"(?:AKCp[A-Za-z0-9]{60,}+|cmVmdGtu[A-Za-z0-9]{50,}+)"),
    ("buildkite-token", ("bkua_",), _S + r"bkua_[a-f0-9]{40}"),
    ("circleci-token", ("CCIPAT_",), _S + r"CCIPAT_[A-Za-z0-9]{20,}+_[a-f0-9]{40}"),
    ("sonar-token", ("squ_", "sqp_", "sqa_"), _S + r"sq[upa]_[a-f0-9]{40}"),
    ("sourcegraph-token", ("sgp_",), _S + r"sgp_(?:[a-f0-9]{16}_|local_)?[a-f0-9]{40}"),
    ("octopus-key", ("API-",), _S_ALNUM + r"API-[A-Z0-9]{26}(?![A-Za-z0-9])"),
    ("harness-token", ("pat.", "sat."), _S + r"(?:pat|sat)\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}"),
    ("infracost-token", ("ico-",), _S + r"ico-[A-Za-z0-9]{32}(?![A-Za-z0-9])"),
    ("prefect-token", ("pnu_",), _S + r"pnu_[A-Za-z0-9]{36}"),
    ("readme-token", ("rdme_",), _S + r"rdme_[a-z0-9]{70}"),
    # Communication
    ("slack-token", ("xox", "xapp-"),
     _S + r"(?:xox[abposre]-[A-Za-z0-9\-]{10,}+|xoxe\.xox[bp]-\d-[A-Za-z0-9]{100,}+|xapp-\d-[A-Za-z0-9\-]{10,}+)"),
    ("slack-webhook", ("hooks.slack.com/",),
     r"(?<=hooks\.slack\.com/)(?:services|workflows|triggers)/[A-Za-z0-9/_\-+]{8,}+"),
    ("discord-webhook", ("/api/webhooks/",), r"(?<=/api/webhooks/)\d{5,30}/[A-Za-z0-9_\-]{30,}+"),
    ("teams-webhook", ("webhook.office.com", "/IncomingWebhook/"),
     r"(?<=/webhookb2/)[A-Za-z0-9@\-]{20,}+/IncomingWebhook/[A-Za-z0-9/\-]{20,}+"
     r"|(?<=/IncomingWebhook/)[A-Za-z0-9]{20,}+/[A-Za-z0-9\-]{20,}+"),
    ("discord-token", (".",), r"(?<![\w.\-])[MNO](?=[A-Za-z]{0,26}\d)[A-Za-z0-9]{23,27}\.[\w\-]{6}\.(?=[A-Za-z_\-]{0,39}\d)[\w\-]{27,40}(?![\w\-])"),
    ("telegram-bot-token", (":AA",), r"(?<![\w:])\d{6,12}:AA[A-Za-z0-9_\-]{33}(?![\w\-])"),
    ("twilio-key", ("SK",), _S_ALNUM + r"SK[0-9a-fA-F]{32}(?![A-Za-z0-9])"),
    ("sendgrid-key", ("SG.",), r"(?<![\w.\-])SG\.[A-Za-z0-9_\-]{16,32}\.[A-Za-z0-9_\-]{30,50}(?![\w\-])"),
    ("brevo-key", ("xkeysib-", "xsmtpsib-"), _S + r"x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}"),
    ("mailgun-key", ("key-",), _S + r"(?:pub)?key-(?=[a-z0-9]{0,31}\d)[a-z0-9]{32}(?![A-Za-z0-9])"),
    ("mailchimp-key", ("-us",), _S_ALNUM + r"[a-f0-9]{32}-us\d{1,2}(?![A-Za-z0-9])"),
    ("resend-key", ("re_",), _S + r"re_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}(?![A-Za-z0-9])"),
    # Payments and commerce
    ("stripe-key", ("_live_", "_test_", "_prod_", "whsec_"),
     _S + r"(?:(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,}+|whsec_[A-Za-z0-9]{20,}+)"),
    ("square-token", ("EAAA", "sq0atp-", "sq0csp-"), _S_ALNUM + r"(?:EAAA[\w\-]{40,}+|sq0(?:atp|csp)-[\w\-]{22,}+)"),
    ("shopify-token", ("shpat_", "shpca_", "shppa_", "shpss_"), _S + r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"),
    ("shippo-token", ("shippo_",), _S + r"shippo_(?:live|test)_[a-fA-F0-9]{40}"),
    ("plaid-token", ("access-sandbox-", "access-development-", "access-production-"),
     _S + r"access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
    ("braintree-token", ("access_token$",), r"access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}"),
    ("flutterwave-key", ("FLWSECK", "FLWPUBK"), _S_ALNUM + r"FLW(?:SECK|PUBK)(?:_TEST)?-[A-Za-z0-9]{12,}+(?:-X)?"),
    ("duffel-token", ("duffel_",), _S + r"duffel_(?:test|live)_[A-Za-z0-9_\-=]{40,}+"),
    ("easypost-key", ("EZAK", "EZTK"), _S_ALNUM + r"EZ[AT]K[A-Za-z0-9]{50,}+"),
    ("facebook-token", ("EAAC", "EAAM", "EAAG"), _S_ALNUM + r"EAA[CMG][A-Za-z0-9]{80,}+"),
    # Observability, product and data tools
    ("databricks-token", ("dapi", "dose"), _S_ALNUM + r"d(?:api|ose)[a-f0-9]{32}(?:-\d)?(?![A-Za-z0-9])"),
    ("dynatrace-token", ("dt0c01.", "dt0s"), _S + r"dt0[a-z]\d{2}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}"),
    ("grafana-token", ("eyJrIjoi", "glc_", "glsa_"),
     _S + r"(?:eyJrIjoi[A-Za-z0-9]{60,}+={0,3}|glc_[A-Za-z0-9+/]{32,}+={0,3}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})"),
    ("newrelic-key", ("NRAK-", "NRII-", "NRIQ-", "NRJS-", "NRAL"),
     _S_ALNUM + r"(?:NR(?:AK|II|IQ)-[A-Za-z0-9\-]{20,}+|NRJS-[a-f0-9]{19}|[a-f0-9]{36}NRAL)(?![A-Za-z0-9])"),
    ("sentry-token", ("sntrys_", "sntryu_"), _S + r"(?:sntrys_eyJ[A-Za-z0-9+/=_]{60,}+|sntryu_[a-f0-9]{64})"),
    ("linear-key", ("lin_api_", "lin_oauth_"), _S + r"lin_(?:api|oauth)_[A-Za-z0-9]{40,}+"),
    ("notion-token", ("ntn_", "secret_"), _S + r"(?:ntn_[0-9]{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43})(?![A-Za-z0-9])"),
    ("airtable-token", ("pat",), _S_ALNUM + r"pat[A-Za-z0-9]{14}\.[a-f0-9]{64}"),
    ("asana-token", ("/",), r"(?<![\w/])[012]/\d{4,20}(?:/\d{4,20})?:[0-9a-f]{32}(?![A-Za-z0-9])"),
    ("postman-key", ("PMAK-",), _S + r"PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}"),
    ("contentful-token", ("CFPAT-",), _S + r"CFPAT-[A-Za-z0-9_\-]{40,}+"),
    ("figma-token", ("figd_",), _S + r"figd_[A-Za-z0-9_\-]{38,}+"),
    ("typeform-token", ("tfp_",), _S + r"tfp_[A-Za-z0-9_\-.=]{50,}+"),
    ("frameio-token", ("fio-u-",), _S + r"fio-u-[A-Za-z0-9_\-=]{60,}+"),
    ("adobe-secret", ("p8e-",), _S + r"p8e-[A-Za-z0-9]{32}(?![A-Za-z0-9])"),
    ("clickhouse-key", ("4b1d",), _S_ALNUM + r"4b1d[A-Za-z0-9]{38}(?![A-Za-z0-9])"),
    ("maxmind-key", ("_mmk",), _S_ALNUM + r"[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk(?![A-Za-z0-9])"),
    ("mapbox-token", ("sk.eyJ", "pk.eyJ", "tk.eyJ"), r"(?<![\w.\-])[spt]k\.eyJ[A-Za-z0-9_\-]{20,}+\.[A-Za-z0-9_\-]{20,}+"),
    ("launchdarkly-key", ("sdk-", "mob-", "api-"),
     _S_ALNUM + r"(?:sdk|mob|api)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
    ("settlemint-token", ("sm_",), _S + r"sm_(?:aat|pat|sat)_[A-Za-z0-9]{16,}+"),
    ("intra42-secret", ("s-s4t2",), _S + r"s-s4t2(?:ud|af)-[a-f0-9]{64}"),
    ("authress-key", ("acc_", "acc-"),
     _S + r"(?:sc|ext|scauth|authress)_[A-Za-z0-9]{5,30}\.[A-Za-z0-9]{4,6}\.acc[_\-][A-Za-z0-9\-]{10,32}\.[A-Za-z0-9+/_=\-]{30,120}"),
    ("jwt", ("eyJ",), r"(?<![\w.\-])eyJ[A-Za-z0-9_\-]{10,}+\.eyJ[A-Za-z0-9_\-]{10,}+\.[A-Za-z0-9_\-]*+"),
]

_COMPILED: dict[str, re.Pattern[str]] = {}


def pattern(source: str) -> re.Pattern[str]:
    compiled = _COMPILED.get(source)
    if compiled is None:
        compiled = _COMPILED[source] = re.compile(source)
    return compiled


# Every needle once, with the formats it opens (by their place in FORMATS): a text is searched for each needle
# once (a list comprehension of substring tests, in C), not once per format in a generator per format.
NEEDLES: dict[str, tuple[int, ...]] = {}
for _index, (_label, _needles, _source) in enumerate(FORMATS):
    for _needle in _needles:
        NEEDLES[_needle] = (*NEEDLES.get(_needle, ()), _index)
_NEEDLE_LIST = tuple(NEEDLES)
del _index, _label, _needles, _source, _needle


def find(text: str):
    """(start, end, label) of every vendor token in ``text``, format by format in the order of FORMATS."""
    present = [needle for needle in _NEEDLE_LIST if needle in text]
    if not present:
        return
    formats = sorted({index for needle in present for index in NEEDLES[needle]})
    for index in formats:
        label, _, source = FORMATS[index]
        for m in pattern(source).finditer(text):
            yield m.start(), m.end(), label
