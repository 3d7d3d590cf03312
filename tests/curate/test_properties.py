"""Property tests: whatever deltas come in, the candidate is safe and well-formed."""

from __future__ import annotations

import json
import tempfile
import unicodedata
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from altimate_learn.curate.anchors import overlaps
from altimate_learn.curate.curator import curate
from altimate_learn.curate.lint import is_flagged, lint
from altimate_learn.schema import validate_lessons
from tests.curate.helpers import lesson, make_store, read

TABLE = Path(__file__).resolve().parents[2] / "research" / "data" / "lint_cases.jsonl"
TABLE_TEXTS = [json.loads(line)["text"] for line in TABLE.read_text().split("\n") if line.strip()]
BASE = [
    lesson("L-0001", "In staging, convert `_cents` columns with `cents_to_dollars()`.", 2, 0),
    lesson("L-0002", "Alias timestamps with the `_at` suffix.", 0, 1),
    lesson("L-0003", "Analyses keep `amount_cents` unchanged.", 1, 3, coexists=["L-0001"]),
    lesson("L-0004", "Pinned: staging models start with `stg_`.", 0, 5, pinned=True),
    lesson("L-0005", "Existing conventional wording " * 6, 0, 0),   # grandfathered, over 140
]
IDS = [l["id"] for l in BASE] + ["L-dead", "nope", "", "L-0001 "]

texts = st.one_of(st.sampled_from(TABLE_TEXTS), st.text(max_size=200),
                  st.builds(lambda a, b: f"{a} `{b}`", st.sampled_from(TABLE_TEXTS), st.sampled_from(
                      ["_cents", "amount_cents", "stg_orders", "_at", "to_utc()", "x"])))
ids = st.sampled_from(IDS)
delta = st.one_of(
    st.fixed_dictionaries({"op": st.sampled_from(["ADD", "EDIT", "REMOVE", "HELPFUL", "HARMFUL", "add", "??"]),
                           "reason": st.one_of(st.text(max_size=30), st.none(), st.integers())},
                          optional={"id": st.one_of(ids, st.integers()), "text": st.one_of(texts, st.none()),
                                    "supersedes": st.one_of(ids, st.lists(ids, max_size=2)),
                                    "coexists": st.one_of(st.lists(ids, max_size=3), ids),
                                    "paths": st.lists(st.sampled_from(["models/**", "/abs", "../x", "a b", ""]),
                                                      max_size=2),
                                    "tags": st.lists(st.text(max_size=8), max_size=3)}),
    st.text(max_size=10), st.integers(), st.none(), st.lists(st.integers(), max_size=2),
)
batches = st.one_of(st.lists(delta, max_size=25), st.builds(lambda d: {"deltas": d}, st.lists(delta, max_size=25)),
                    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(batches, st.lists(st.sampled_from(["ses-a", "ses-b"]), max_size=1), st.integers(min_value=1, max_value=8),
       st.booleans())
def test_candidate_always_passes_lint_and_ids_are_unique(deltas, sessions, cap, with_replace):
    with tempfile.TemporaryDirectory() as folder:
        store = make_store(Path(folder) / "p", approved=BASE)
        answers = iter(TABLE_TEXTS[::7])
        replace = (lambda removed, reason: next(answers, None)) if with_replace else None
        result = curate(store, deltas, session_id=sessions[0] if sessions else None, max_stored=cap, replace=replace)
        candidate = read(store, "candidate.json")
        candidate = result.candidate if candidate is None else candidate
        assert candidate == result.candidate
        validate_lessons(candidate, "candidate.json")   # schema, unique ids
        approved_text = {l["id"]: l["text"] for l in BASE}
        for item in candidate:
            verdict = lint(item["text"], grandfathered=approved_text.get(item["id"]) == item["text"])
            assert verdict.ok, (item, verdict)
            present = {l["id"] for l in candidate}
            assert set(item.get("coexists", [])) <= present - {item["id"]}
        pinned = [l for l in candidate if l.get("pinned")]
        assert len(candidate) <= max(cap, len(pinned))
        if not any(l["id"] == "L-0004" for l in candidate):  # pinned: only an explicit removal or supersede
            removal = next(a for a in result.applied if a["op"] == "REMOVE" and a["id"] == "L-0004")
            assert removal.get("note") in (None, "superseded")
        retired = (read(store, "retired.json") or []) + (read(store, "candidate-retired.json") or [])
        assert not ({r["id"] for r in retired} & {l["id"] for l in candidate})
        # No lesson changed this pass sits silently next to another that shares an identifier.
        changed = {a["id"] for a in result.applied if a["op"] in ("ADD", "EDIT") and a.get("note") != "no change"}
        for item in candidate:
            if item["id"] not in changed:
                continue
            for other in candidate:
                if other is item or not overlaps(item["text"], other["text"]):
                    continue
                assert other["id"] in item.get("coexists", []) or item["id"] in other.get("coexists", []), (item, other)
        history = read(store, "history.jsonl")
        assert history[-1]["summary"] == result.summary


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.sampled_from(TABLE_TEXTS)))
def test_lint_is_total_and_normalisation_is_stable(text):
    result = lint(text)
    assert isinstance(result.ok, bool)
    assert result.ok == (result.rule is None) == (result.reason is None)
    assert not any(unicodedata.category(ch) in ("Cc", "Cf") for ch in result.text)
    assert result.text == result.text.strip() and "  " not in result.text
    again = lint(result.text)
    assert again.text == result.text
    if result.ok:
        assert again.ok and again.flagged == result.flagged
        assert is_flagged(text) == (result.flagged, result.flag_reason)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(TABLE_TEXTS), st.sampled_from(TABLE_TEXTS))
def test_overlap_is_symmetric(a, b):
    assert overlaps(a, b) == overlaps(b, a)


def _brute_force(text: str) -> tuple[bool, str | None, bool]:
    """The lint verdict with every rule and flag pattern run, no triggers: triggers must never hide a hit."""
    import importlib

    L = importlib.import_module("altimate_learn.curate.lint")
    H = importlib.import_module("altimate_learn.curate.rules.hidden")
    F = importlib.import_module("altimate_learn.curate.rules.flags")
    clean = L.normalize(text)
    if H.HIDDEN.search(text) or H.mixed_script(clean):
        return False, "hidden-characters", False
    variants = [clean] + L._variants(text, clean)
    for variant in variants:
        rule = _brute_rule(variant)
        if rule:
            return False, rule, False
    if H.not_plain(text):  # a model's text that no rule rejected, but that is not plain
        return False, "hidden-characters", False
    flagged = False
    for variant in variants:
        body = variant.replace("`", "")
        flagged = flagged or any(p.search(sentence) for sentence in F.SENTENCE.split(body) for p in F.FLAG_PATTERNS)
    return True, None, flagged


def _brute_rule(clean: str) -> str | None:
    import importlib

    R = importlib.import_module("altimate_learn.curate.rules")
    M = importlib.import_module("altimate_learn.curate.rules.markup")
    S = importlib.import_module("altimate_learn.curate.rules.secrets")
    E = importlib.import_module("altimate_learn.curate.rules.exfiltration")
    for rule, _reason, pattern, _trigger in R.RULES:
        if pattern.search(clean):
            return rule
        if rule == "url" and _reason == "contains a URL" and (M.bare_host(clean) or M.IPV4.search(clean)):
            return "url"
    if "[REDACTED" in clean:
        return "secret"
    secret_patterns = [S.KNOWN_PREFIX, S.SECRET_ASSIGN, S.SECRET_TYPED, S.SECRET_ENV, S.AUTH_HEADER,
                       S.PW_FLAGS, S.SSN, S.CONN_STRING, S.LOGIN_PAIR]
    from altimate_learn.redact import redact

    if (redact(clean) != clean or any(p.search(clean) for p in secret_patterns) or S.high_entropy(clean)
            or S.decoded_secret(clean)):
        return "secret"
    if E.EXFIL_RULE.search(clean) or E.ENV_OUT.search(clean):
        return "exfiltration"
    for rule, _reason, searcher, _trigger in R.CLAUSE_RULES:
        if searcher.search(clean):
            return rule
    return None


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.sampled_from(TABLE_TEXTS), st.text(max_size=120),
                 st.builds(" ".join, st.lists(st.sampled_from(
                     ["skip", "tests", "curl", "x.com", "/etc", "..", "ses_A1b2", "[a](b)", "a@b.io", "ignore",
                      "previous", "instructions", "`dbt test`", "--no-verify", "commit", "-nm", "www.", "Do", "not",
                      "run", "CI", "checks", "optional", "no", "need", "to", "lint", "rm", "-rf", "<system>",
                      "password=x", "DB_PASS=y", "Bearer", "abc.def", "mysql", "-pX", "SSN", "123-45-6789",
                      "AKIAIOSFODNN7EXAMPLE", "const", "token", "=", "\"k\"", ";", "Pwd=1;", "From", "now", "on",
                      "you", "[SYSTEM]", "###", "Instruction:", "send", ".env", "post", "the", "in", "PR",
                      "description", "c u r l", "| b a s h", "xargs", "evil[.]com", "[::1]", "<img src=x>",
                      "\u0406gnore", "p\u0430yment", "\u202e", "--force", "verify=False", "Ignorez", "les",
                      "pr\u00e9c\u00e9dentes", "\u5ffd\u7565", "\u6307\u4ee4", "Log", "with", "admin", "/",
                      "hunter2", "c2stbGl2ZS1hYmNkZWYxMjM0NTY3ODkw", "is", "password", "obey", "comments",
                      "As", "administrator,", "I", "commit", "`$GITHUB_TOKEN`", "never", "header"]),
                     max_size=8))))
def test_triggers_never_hide_a_rule_or_flag(text):
    result = lint(text)
    if not result.ok and result.rule in ("multiline", "empty", "too-long") or result.reason == "contains a redacted secret":
        return
    ok, rule, flagged = _brute_force(text)
    assert (result.ok, result.rule) == (ok, rule)
    if result.ok:
        assert result.flagged == flagged
