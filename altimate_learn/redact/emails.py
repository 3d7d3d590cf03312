"""E-mail addresses: a person's address is personal data, so it reaches no file and no model as typed.

An address in a typed message, an answer or a tool's output (`jane.doe@acme.com`, `Author: Jane <jane@acme.io>`,
`mailto:bob@corp.example.co.uk`) becomes `[REDACTED:email]`. Left as they are, because they name no person:

- the addresses that exist not to be written to: `noreply@…`, `no-reply@…`, `donotreply@…`, `mailer-daemon@…`;
- a team's or a function's mailbox, which is no person's: `data-team@…`, `support@…`, `security@…`, `oncall@…`,
  `billing-alerts@…` (:data:`_ROLE_LOCAL`);
- GitHub's private commit addresses (`12345+octocat@users.noreply.github.com`, the `[bot]` ones) and any other
  address at `noreply.github.com`;
- the domains reserved for examples and tests (RFC 2606 / 6761): `example.com`, `example.org`, `example.net` and
  their subdomains, and every name under `.example`, `.test`, `.invalid` and `.localhost`;
- Google Cloud service accounts (`deployer@my-project.iam.gserviceaccount.com`): a machine's identity;
- a login that is no address: `user@host:path` (`git@github.com:org/repo.git`, `scp f deploy@web1.acme.io:/srv`),
  the target of `ssh`, `scp`, `sftp`, `rsync`, `mosh`, `ssh-copy-id` (`ssh deploy@bastion.acme.io`), and the user in a
  URL (`https://bob@host.acme.io/…`, whose password the URL rule takes);
- what only looks like one: `pkg@1.2.3` (the top-level domain is letters only), `python@sha256:…`, `@scope/pkg`,
  `x@self.weight` (a top-level domain that no registry knows), `notes-@task-002.md` (a file: a local part ends in a
  letter or a digit, and `.md`, `.py`, `.rs`, `.sh`, `.js`, `.ts` and a few more are taken for files' extensions).

A top-level domain counts when it is two letters (a country's) or one of the generic ones people's mail is at
(:data:`_GENERIC_TLDS`). The address is matched only where a run of address characters starts, with bounded
quantifiers, so the time stays linear.
"""

from __future__ import annotations

import re
from typing import Iterator

LABEL = "email"

_EMAIL = re.compile(
    r"(?<![A-Za-z0-9_.%+\-])(?P<local>[A-Za-z0-9_][A-Za-z0-9_.%+\-]{0,63}+)@"
    r"(?P<domain>(?:[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?\.){1,8}(?P<tld>[A-Za-z]{2,24}))"
    r"(?![A-Za-z0-9\-@]|\.[A-Za-z0-9])")
_GENERIC_TLDS = frozenset("""com org net edu gov mil int info biz name pro mobi aero coop museum jobs travel tel asia cat
app dev io ai co me tv cloud online site store shop tech email mail xyz top club live life world today space website
blog news media agency digital solutions services systems network group company ltd inc llc global team work studio
design page link one zone expert consulting software engineering academy school university law legal health care
finance capital bank money fund ventures partners social community family photo art music games fun win icu vip
berlin london paris nyc tokyo amsterdam wien koeln hamburg moscow swiss scot wales eus gal quebec bayern africa lat
google microsoft apple amazon yahoo""".split())
_NOT_A_PERSON_LOCAL = re.compile(r"(?i)^(?:no[-_.]?reply|do[-_.]?not[-_.]?reply|mailer[-_.]?daemon)(?:[+\-_.].*)?$")
# A team's or a function's mailbox: `data-team@`, `support@`, `security@`, `oncall@`, `billing-alerts@`
_ROLE_LOCAL = re.compile(
    r"(?i)^(?:[a-z0-9]+[-_.])*(?:team|support|help|helpdesk|info|contact|hello|sales|billing|security|privacy|abuse|"
    r"postmaster|webmaster|hostmaster|ops|devops|sre|oncall|on-call|alerts?|notifications?|jobs|careers|hr|legal|press|"
    r"marketing|feedback|engineering|accounts|finance|bugs|releases?)$")
# Two letters that are a country's domain and far more often a file's extension (`notes@task-002.md`, `x@utils.py`)
_FILE_EXTENSION_TLDS = frozenset("md py rs sh js ts rb pl cc cs so db gz xz ps mk hs ml kt sv tf".split())
_RESERVED_DOMAIN = re.compile(
    r"(?i)(?:^|\.)(?:example\.(?:com|org|net)|noreply\.github\.com|iam\.gserviceaccount\.com|gserviceaccount\.com)$"
    r"|\.(?:example|test|invalid|localhost)$")
# A login's target: the command word, then its options (with their values) and paths, right before the address
_LOGIN_COMMAND = re.compile(
    r"(?i)(?<![\w-])(?:ssh|scp|sftp|rsync|mosh|autossh|ssh-copy-id)"
    r"(?:[ \t]{1,5}(?>-{1,2}[\w-]{1,40}(?:=\S{0,200}|[ \t]{1,5}[^\s@-]\S{0,200})?|[^\s@-]{0,200}[/.~][^\s@]{0,200})){0,12}"
    r"[ \t]{1,5}$")


def find(text: str) -> Iterator[tuple[int, int]]:
    """The (start, end) of every address in ``text`` that names a person (see the module's docstring)."""
    if "@" not in text:
        return
    for m in _EMAIL.finditer(text):
        tld = m.group("tld").lower()
        if (len(tld) != 2 and tld not in _GENERIC_TLDS) or tld in _FILE_EXTENSION_TLDS:
            continue
        local = m.group("local")
        if not local[-1].isalnum() or _NOT_A_PERSON_LOCAL.match(local) or _ROLE_LOCAL.match(local) \
                or _RESERVED_DOMAIN.search(m.group("domain")):
            continue
        end = m.end()
        if end + 1 < len(text) and text[end] == ":" and not text[end + 1].isspace():
            continue  # `git@github.com:org/repo.git`, `deploy@web1:/srv`: a login and a path
        line_start = max(text.rfind("\n", 0, m.start()) + 1, m.start() - 200)
        before = text[line_start:m.start()]
        run = before[max(before.rfind(" "), before.rfind("\t")) + 1:]
        if "://" in run and "/" not in run[run.index("://") + 3:]:
            continue  # the user of a URL (`https://bob@host/…`, `postgres://app:pw@db.acme.io`)
        if _LOGIN_COMMAND.search(before):
            continue  # `ssh deploy@bastion.acme.io`, `rsync -az out/ deploy@web1.acme.io`
        start = m.start()
        if start and text[start - 1] == "\\" and m.group("local")[0] in "ntrfbu" and len(m.group("local")) > 1:
            start += 1  # `\njane@acme.io` in a JSON-escaped line: the escape's letter is not the address's
        yield start, end
