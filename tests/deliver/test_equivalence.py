"""The hook path avoids `re` and the `json` package (each costs about half a Python start-up on a slow
machine); these tests check its replacements give exactly what the regexes and `json` give."""

from __future__ import annotations

import json
import random
import re

import pytest

from altimate_learn.deliver import fastjson
from altimate_learn.deliver.engine import _PATH_WORD, _QUOTED, _SCAN_LIMIT, _may_name_a_path, _path_words, _quoted
from altimate_learn.deliver.render import single_line
from altimate_learn.deliver.select import CLAUSE_END, Glob, _clause_end, _lead_phrase, _translate, compile_glob, \
    normalize_path
from altimate_learn.deliver.tokenize import _regexes, code_words, identifier_tokens, without_sql_strings, words

ALPHABET = "aZ_9 ./-@`'\"\n\t\u00e9\u00df\u0130\u2028\u0085\u00b2\u0663\u4e2dXyHTTPClient"


def _strings(seed: int, count: int = 3000, longest: int = 24) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, longest))) for _ in range(count)]


def test_words_are_the_runs_re_w_finds():
    for text in _strings(1) + ["plain ascii words, and_more", "ünïcödé wörds²", "a\u2028b\u0085c", ""]:
        assert words(text) == re.findall(r"\w+", text), text


def _reference_identifier_tokens(identifier: str) -> list[str]:
    """The regex implementation the tokenizer had before it went regex-free."""
    if "_" not in identifier and identifier == identifier.lower():
        return [identifier]
    lowered = identifier.lower()
    spaced = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1 \2", re.sub(r"([a-z\d])([A-Z])", r"\1 \2", identifier)).lower()
    parts = [w for w in re.split(r"[_\s]+", spaced) if w]
    if not parts:
        return []
    tokens = dict.fromkeys([lowered, *parts])
    for i, ch in enumerate(lowered):
        if ch == "_":
            if i > 0:
                tokens[lowered[: i + 1]] = None
            if i < len(lowered) - 1:
                tokens[lowered[i:]] = None
    return list(tokens)


def test_identifier_splitting_equals_the_regex_version():
    rng = random.Random(2)
    pieces = ["a", "B", "HTTP", "Client", "x1", "9", "_", "__", "Ab", "cD", "ÉT", "é", "ABCDef", "getURLFor", "٣"]
    samples = ["amountCents", "HTTPClient", "stg_orders_total", "getHTTPResponseCode", "aB1C", "ABCDefGHIjk", "_x_"]
    samples += ["".join(rng.choice(pieces) for _ in range(rng.randrange(1, 6))) for _ in range(3000)]
    for identifier in samples:
        for word in re.findall(r"\w+", identifier):
            assert identifier_tokens(word) == _reference_identifier_tokens(word), word


PATTERNS = ["models/**", "models/staging/*.sql", "**/Dockerfile", "**/*.{ts,tsx}", "{a/b,models}/**", "**",
            "src/**/*.ts", "models/*.sql", "*.txt", "a/**/b/*", "web/src/**/*.test.tsx", "?at/*.md",
            "config.{json,yaml}", "x/**/", "**/", "services/*/tests/**", "a*b*c", "{a,b{c,d}}/e", "*", "",
            "!models/**", "docs/{unbalanced", "a}b/*", "models/stg_[a-c]*.sql", "**.sql", "a**/b"]
PATHS = ["models", "models/", "models/x.sql", "models/staging/x.sql", "models/staging/a/b.sql", "services/api/Dockerfile",
         "Dockerfile", "web/src/a.tsx", "web/src/deep/a.test.tsx", "src/main.ts", "src/a/b/helper.ts", "cat/x.md",
         "config.yaml", "x/", "x/y/", "a/b/c.txt", "notes.txt", "", "a/b/x", "a/q/r/b/x", "services/ledger/tests/t.py",
         "axxbyyc", "ab", "bd/e", "a/e", "docs/{unbalanced", "a}b/q", "models/stg_b1.sql", "x/y.sql", "ab/b"]


@pytest.mark.parametrize("pattern", PATTERNS)
def test_segment_globs_match_exactly_what_the_regex_translation_matches(pattern: str):
    glob = compile_glob(pattern)
    norm = normalize_path(pattern)
    if not norm or norm.startswith("!"):
        assert glob is None
        return
    regex = re.compile(_translate(norm) + r"\Z", re.S)
    for path in PATHS:
        assert glob.match(path) == bool(regex.match(path)), (pattern, path)


def test_plain_globs_need_no_regex_and_classes_fall_back_to_one():
    assert compile_glob("models/**/*.sql").regex is None
    assert compile_glob("models/stg_[a-c]*.sql").regex is not None
    assert compile_glob("models/stg_[z-a].sql") is None  # a broken class never matches (as before)
    assert isinstance(compile_glob("**/*.{ts,tsx}"), Glob)


def test_single_line_equals_the_whitespace_regex():
    for text in _strings(3) + ["  a\n\tb\u2028c\u0085d\u00a0e\x1cf  "]:
        assert single_line(text) == re.sub(r"[\s\u0085\u2028\u2029]+", " ", text).strip()


def test_path_and_quote_scanners_find_what_the_regexes_find():
    rng = random.Random(6)
    texts = ["see models/staging/stg_payments.sql and `dbt_project.yml`", "a/b/ c.d. e@f.g/h 'x.y' \"q\"", "//a..b--c",
             "x" * 3_000 + " a/b.c",  # one long word, scanned (longer ones are slow today: review12 R12-14)
             "see models/stg_`a.sql` and x" * 1_100 + " a/b.c"]  # long: the regex engine takes over
    assert len(texts[-2]) < _SCAN_LIMIT < len(texts[-1])
    texts += ["".join(rng.choice("ab./@-_x/.'\"` \n9é") for _ in range(rng.randrange(0, 16))) for _ in range(20_000)]
    for text in texts:
        assert _path_words(text) == re.findall(_PATH_WORD, text), text
        assert _quoted(text) == re.findall(_QUOTED, text), text


def test_a_text_the_precheck_rejects_has_no_path_for_the_regexes():
    rng = random.Random(4)
    texts = _strings(5, longest=40) + ["Add a model for disputes.", "e.g. the ledger", "see `a.b`", "plain words"]
    texts += ["".join(rng.choice("ab. ,'\"`/-_@x") for _ in range(rng.randrange(0, 12))) for _ in range(5000)]
    for text in texts:
        found = re.findall(_PATH_WORD, text) + [q for q in re.findall(_QUOTED, text) if "." in q or "/" in q]
        if found:
            assert _may_name_a_path(text), text


JSON_TEXTS = ['{"a": [1, 2.5, -3e10, true, false, null, "x\\u00e9\\ud83d\\ude00"]}', " [] ", '"s"', "NaN",
              "[Infinity, -Infinity]", "1e999", '{"k": {"n": {}}}', "12345678901234567890", '{"a": 1, "a": 2}',
              "\n\t{}\r\n"]
BAD_JSON = ["", "  ", "{", "[1,]", '{"a":1} x', "nul", "\ufeff{}", "[1] [2]", '"\x01"', "{'a': 1}"]


def test_fastjson_loads_like_json():
    for text in JSON_TEXTS:
        assert repr(fastjson.loads(text)) == repr(json.loads(text))
    for text in BAD_JSON:
        with pytest.raises(ValueError):
            json.loads(text)
        with pytest.raises(ValueError):
            fastjson.loads(text)


def test_fastjson_dumps_like_json():
    values = [{"b": 1, "a": [1, 2.5, None, True, "é\u2028\"\\"], "c": {"z": float("inf")}}, "x\"y", [], {}, 1.0, -0.0,
              10 ** 30, {"é": "ü"}, {"session": "s", "shown": [{"key": "k", "line": "- [applies to: x] y"}]}]
    for value in values:
        for sort_keys in (True, False):
            for ensure_ascii in (True, False):
                for compact in (True, False):
                    assert fastjson.dumps(value, sort_keys=sort_keys, ensure_ascii=ensure_ascii, compact=compact) == \
                        json.dumps(value, sort_keys=sort_keys, ensure_ascii=ensure_ascii,
                                   separators=(",", ":") if compact else None)
    with pytest.raises(TypeError):
        fastjson.dumps({"a": {1, 2}})
    counts = {"L-b": 3, "L-a": 1, "é": 2}
    assert fastjson.dumps_indented_counts(counts) == json.dumps(counts, indent=2, sort_keys=True, ensure_ascii=False)
    assert fastjson.dumps_indented_counts({}) == json.dumps({}, indent=2)
    assert fastjson.dumps_indented_counts({"a": True}) is None and fastjson.dumps_indented_counts({"a": [1]}) is None


def test_keyword_code_scanners_find_what_the_regexes_find():
    """perf42: an edit's and a read's code is read for the keyword code rules ban (`select *`) without `re`."""
    rng = random.Random(42)
    samples = ["select * from t where x = 'a''b' and y = 'c\\'d'", "'", "''", "'a", "a'b\\", "'x''\\", "x'\\\n'y",
               "count(*) * 2", "9_a*b_9 *_", "it's 'unclosed\n", "'a\n", "'\\", "café 'ünï' x\u212ay"]
    samples += ["".join(rng.choice("ab_9 *'\\\n\t.(),\"é\u212ax") for _ in range(rng.randrange(0, 16)))
                for _ in range(30_000)]
    quoted = _regexes()[1]
    for text in samples:
        assert without_sql_strings(text) == quoted.sub(" ", text), text
        lowered = text.lower()
        assert code_words(lowered) == re.findall(r"[a-z_][a-z0-9_]*|\*", lowered), text


def test_the_lead_phrase_ends_where_the_clause_regex_matches():
    """perf42: a request sharing one word with a rule checks the rule's lead phrase without `re` (ASCII text)."""
    rng = random.Random(43)
    pieces = ["with", "WITH", "Without", "or", "a", " ", "\t", "\n", ".", ",", "!", ";", "x", "é", "\x1c", "\x0b",
              "\u0130", "\u017f", "\u212a", "the", "1", "on", "-", "only", "Of", "`", "ly"]
    samples = ["Never leave a `limit` clause in a committed model.", "Use a.b, then c", "x.", "a with", " with b",
               "Keep ids stable\u00a0with care", "Ship it\x1cfor real"]
    samples += ["".join(rng.choice(pieces) for _ in range(rng.randrange(0, 12))) for _ in range(30_000)]
    clause = re.compile(CLAUSE_END, re.IGNORECASE)
    for text in samples:
        found = clause.search(text)
        assert _clause_end(text) == (found.start() if found else -1), text
    assert _lead_phrase("Base images come from our ECR mirror, pinned by digest.") == "Base images come"
