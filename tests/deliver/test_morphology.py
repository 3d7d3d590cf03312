"""Word forms: one search term for the forms of a word that carry the same idea (issue 19)."""

from __future__ import annotations

import pytest

from altimate_learn.deliver.morphology import fold, sion_verb
from altimate_learn.deliver.tokenize import search_tokens


@pytest.mark.parametrize("forms", [
    ("validate", "validation", "validator", "validators", "validated", "validating", "validates"),
    ("config", "configs", "configuration", "configurations", "configure", "configured", "cfg"),
    ("explicit", "explicitly"), ("hour", "hourly"), ("night", "nightly"), ("automatic", "automatically"),
    ("deploy", "deploys", "deployed", "deployment", "deployments"),
    ("encrypt", "encrypted", "encryption"), ("migrate", "migration", "migrations", "migrated"),
    ("paginate", "pagination", "paginated"), ("idempotent", "idempotency"),
    ("dependency", "dependencies", "deps", "dep", "depend", "dependent"),
    ("documentation", "docs", "doc", "document"), ("log", "logs", "logging", "logger"),
    ("environment", "environments", "env", "envs"), ("database", "databases", "db"),
    ("repository", "repositories", "repo", "repos"), ("kubernetes", "k8s"), ("production", "prod"),
    ("parameter", "parameters", "param", "params"), ("normalize", "normalized", "normalization"),
    ("delete", "deleted", "deletion"), ("timestamp", "timestamps"), ("policy", "policies"),
    ("available", "availability"), ("compatible", "compatibility"), ("persist", "persistence", "persistent"),
    # a Latin -sion noun and the forms Porter's stem already joins it to
    ("recursion", "recurse", "recursing"), ("precision", "precise"), ("revision", "revise", "revised"),
    ("confusion", "confuse", "confusing"), ("supervision", "supervise"), ("diffusion", "diffuse"),
    ("dispersion", "disperse"), ("division", "divisible", "divisions"), ("compress", "compression"),
    # irregular forms of a lesson's verb
    ("catch", "caught", "catches"), ("send", "sent", "sending"), ("break", "broke", "breaks"),
    ("rebuild", "rebuilt"), ("hang", "hung", "hangs"), ("freeze", "froze", "freezes"), ("hide", "hidden"),
    # shorthand people type
    ("duplicate", "duplicates", "dupe", "dupes"), ("permission", "permissions", "perms"),
    ("transaction", "transactions", "txn", "txns"), ("notification", "notifications", "notif", "notifs"),
    ("account", "accounts", "acct"), ("address", "addr"), ("quantity", "qty"), ("amount", "amounts", "amt"),
    ("schedule", "scheduled", "sched"), ("connection", "connections", "conn"), ("previous", "prev"),
    ("github", "gh"),
])
def test_forms_of_one_idea_fold_to_one_term(forms: tuple[str, ...]):
    assert len({fold(form) for form in forms}) == 1, {form: fold(form) for form in forms}


@pytest.mark.parametrize(("one", "other"), [
    ("production", "product"), ("general", "generate"), ("author", "authorize"), ("position", "positive"),
    ("apply", "app"), ("family", "famous"), ("only", "on"), ("payment", "pay"), ("specific", "spec"),
    ("access", "accessibility"), ("event", "eve"), ("version", "verse"),
    ("tension", "tend"), ("commission", "commit"), ("provision", "provide"), ("session", "sess"), ("vision", "vid"),
    ("mansion", "mand"), ("pension", "pend"),
    # a participle or noun that is mostly another idea: immutable, not a hang; does not work, not a breaking
    # change; a file or browser extension, not subclassing; "built-in"
    ("frozen", "freezes"), ("frozen", "freeze"), ("broken", "breaking"), ("broken", "break"),
    ("extension", "extend"), ("extensions", "extends"), ("built", "build"),
    # shorthand that is also an everyday word or another short form: permanent, a HID device, custom, iron
    ("perm", "permission"), ("hid", "hide"), ("cust", "customer"), ("fe", "frontend"),
])
def test_different_ideas_stay_apart(one: str, other: str):
    assert fold(one) != fold(other)
    assert sion_verb(one) not in fold(other) and sion_verb(other) not in fold(one)


@pytest.mark.parametrize(("noun", "verb"), [
    ("division", "divide"), ("divisions", "divided"), ("decision", "decide"), ("inclusion", "include"),
    ("exclusion", "excludes"), ("expansion", "expand"), ("conversion", "convert"), ("conversions", "converted"),
    ("permission", "permit"), ("submission", "submit"), ("admission", "admit"),
])
def test_a_sion_noun_has_its_verb_as_an_alternate_but_keeps_its_own_term(noun: str, verb: str):
    """The verb is an alternate (a request-only join), not the noun's term: `division` still meets `divisible`."""
    assert sion_verb(noun) in fold(verb)
    assert fold(noun) != fold(verb)


def test_an_abbreviation_for_two_ideas_searches_both():
    assert set(fold("auth")) == set(fold("authentication")) | set(fold("authorization"))
    assert set(search_tokens("auth")) >= set(search_tokens("authorization"))


def test_identifier_parts_fold_but_whole_identifiers_stay_as_written():
    tokens = search_tokens("`db_session` and `validate_email` with HTTPRetries")
    assert {"db_session", "validate_email"} <= set(tokens)
    assert {*fold("database"), *fold("session"), *fold("validation"), *fold("email"), *fold("retry")} <= set(tokens)
