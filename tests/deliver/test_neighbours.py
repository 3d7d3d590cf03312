"""Neighbours from the word-vector table (altimate_learn.deliver.neighbours): a request word no lesson holds meets
the store's word that is the same in another spelling or form ("normalise" for "normalize", "colour" for
"color"), as weak evidence; the hook reads the prepared map and never the table."""

from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys
from pathlib import Path

import pytest

from altimate_learn.deliver import concepts, neighbours
from altimate_learn.deliver.concepts import NEAR
from altimate_learn.deliver.morphology import fold
from altimate_learn.deliver.select import concept_links, query_terms, relevant, retrieve
from tests.deliver.helpers import context_of, lesson, run_hook, sample_lessons, write_store
from tests.deliver.test_select import corpus, ids
from tests.deliver.test_vocabulary import OTHER

SPELLING = ("L-n001", "Normalize email addresses to lowercase before comparing them.", {"paths": ["services/**"]})
THEME = ("L-n002", "Take every color from the theme tokens; never hardcode hex values in components.",
         {"paths": ["web/src/**"]})
BADGE = ("L-n003", "Badge components take a `variant` prop, never a raw class name.", {"paths": ["web/src/**"]})


def test_a_british_spelling_meets_the_lessons_american_word():
    c = corpus(SPELLING, THEME, BADGE, *OTHER, filler=True)
    terms = query_terms(c, "normalise the email before we compare it")
    assert NEAR + fold("normalize")[0] in terms  # "normalise" is no word of any lesson
    assert "L-n001" in ids(c, retrieve(c, terms, 15))
    plain = [t for t in terms if not t.startswith(NEAR)]
    _, mass, shared = c.bm25.evidence(plain, concept_links(c, plain), concepts.WEIGHT, implied=False)
    _, near_mass, near_shared = c.bm25.evidence(terms, concept_links(c, terms), concepts.WEIGHT, implied=False)
    n001 = c.ids.index("L-n001")
    assert near_shared[n001] == shared.get(n001, 0) + concepts.NEAR_SHARED  # the same word, in the floor
    idf = c.bm25.idf(fold("normalize")[0])
    assert abs(near_mass[n001] - mass.get(n001, 0.0) - concepts.NEAR_WEIGHT * idf) < 1e-9  # weak evidence
    scores = c.bm25.score_docs(terms, [n001], concept_links(c, terms))
    exact = c.bm25.score_docs(plain + [fold("normalize")[0]], [n001])
    assert scores[n001] < exact[n001]  # scores below the word itself


def test_a_spelling_and_one_shared_word_are_two_shared_terms_where_the_word_alone_is_not_enough():
    postal = ("L-n005", "Validate postal addresses with the geocoder before saving them.", {"paths": ["services/**"]})
    c = corpus(SPELLING, postal, THEME, BADGE, *OTHER, filler=True)
    terms = query_terms(c, "normalise the addresses")
    assert NEAR + fold("normalize")[0] in terms
    assert ids(c, retrieve(c, terms, 15)) == ["L-n001"]  # "addresses" and "normalise" ~ "normalize"
    plain = [t for t in terms if not t.startswith(NEAR)]
    assert retrieve(c, plain, 15) == []  # "addresses" alone: in two lessons, not enough for either


def test_a_neighbour_alone_is_no_evidence_and_ranks_below_two_real_words():
    c = corpus(SPELLING, THEME, BADGE, *OTHER, filler=True)
    terms = query_terms(c, "normalise the badge variant")
    assert NEAR + fold("normalize")[0] in terms
    assert ids(c, retrieve(c, terms, 15)) == ["L-n003"]  # "badge" and "variant": real words
    assert "L-n001" not in {c.ids[i] for _, i in relevant(c, terms)}  # only "normalise" ~ "normalize"
    # a word of the store has no neighbours: "normalize" itself is the word
    c = corpus(SPELLING, ("L-n004", "Normalise phone numbers to E.164.", {}), *OTHER, filler=True)
    assert not any(t.startswith(NEAR) for t in query_terms(c, "normalise the phone numbers"))


def test_a_neighbour_is_not_counted_again_beside_the_concept_that_holds_it():
    c = corpus(THEME, BADGE, *OTHER, filler=True)
    terms = query_terms(c, "the colour of the badge")
    assert "~color" in terms and NEAR + "color" not in terms  # "colour" names the colour idea already


def test_the_map_holds_only_words_no_lesson_has_and_only_terms_some_lesson_has():
    c = corpus(SPELLING, THEME, BADGE, *OTHER, filler=True)
    vocabulary = c.vocabulary
    keys = list(c.near_keys)
    assert keys == sorted(keys) and keys
    assert all(key not in vocabulary for key in keys)
    assert all(term in vocabulary for i in range(len(keys)) for term in c.near_values[i].split(" "))
    assert c.near_terms(fold("colour")[0]) == ["color"]
    assert c.near_terms("color") == []  # a word of the store: found as itself


def test_build_is_deterministic_and_respects_the_threshold():
    terms = {fold(w)[0] for w in ("color", "normalize", "email", "billing", "url")}
    first = neighbours.build(terms)
    assert first == neighbours.build(set(sorted(terms)))
    assert first[fold("colour")[0]] == ["color"]
    loose = neighbours.build(terms, threshold=0.6)
    assert "url" in loose.get(fold("link")[0], [])  # link ~ url at 0.70: kept only under a loose threshold
    assert "url" not in first.get(fold("link")[0], [])


def test_the_hook_reads_the_prepared_map_and_never_loads_the_vector_table(git_repo: Path):
    write_store(git_repo, sample_lessons() + [lesson("L-0100", SPELLING[1])])
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "hooks" / "claude.jsonl"
    events = [json.loads(line.replace(json.loads(line)["cwd"], str(git_repo)))
              for line in fixture.read_text().splitlines()[:2]]
    events[1]["prompt"] = "normalise the email addresses of new signups"  # "normalise": looked up in the map
    code_root = str(Path(__file__).resolve().parents[2])
    env = {"PYTHONPATH": code_root}
    run_hook("claude-code", {**events[0], "session_id": "warm-up"}, cwd=git_repo, env=env)  # prepares the index
    script = f"""
import io, sys
from altimate_learn.harness import hook
for payload in {[json.dumps(e) for e in events]!r}:
    sys.stdin = io.TextIOWrapper(io.BytesIO(payload.encode()))
    hook.main(["claude-code"])
print(sorted(m for m in ("altimate_learn.wordvec", "altimate_learn.deliver.neighbours") if m in sys.modules))
"""
    proc = subprocess.run([sys.executable, "-c", script], cwd=git_repo, capture_output=True, text=True,
                          env={**os.environ, **env})
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 3 and lines[-1] == "[]", proc.stdout + proc.stderr
    assert SPELLING[1] in context_of(lines[0]) + context_of(lines[1])  # delivered


def test_the_folded_pairs_are_kept_in_the_cache_folder_and_a_damaged_file_is_computed_again(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = neighbours.pairs()
    kept = list((tmp_path / "altimate-learn" / "index").glob(neighbours.PREFIX + "*.marshal"))
    assert len(kept) == 1 and first
    colour, color = (fold("colour")[0],), (fold("color")[0],)
    assert any(a == colour and b == color for a, b, _ in first)  # both ways
    assert any(a == color and b == colour for a, b, _ in first)
    kept[0].write_bytes(b"\x00not marshal")
    assert neighbours.pairs() == first
    assert all(sim >= neighbours.THRESHOLD - 1e-9 and a != b for a, b, sim in first)


@pytest.mark.parametrize("kept", [[1, 2, 3], [(("colour",), "color", 0.9)], [(("colour",), ("color",), "0.9")],
                                  [(("colour",), (7,), 0.9)]], ids=["ints", "a string", "a text cosine", "a number"])
def test_a_cache_of_another_shape_is_computed_again(tmp_path, monkeypatch, kept):
    """review18: a damaged folded-pairs file that still reads as a list was returned as it was (see the next test)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = neighbours.pairs()
    (path,) = (tmp_path / "altimate-learn" / "index").glob(neighbours.PREFIX + "*.marshal")
    path.write_bytes(marshal.dumps(kept))
    assert neighbours.pairs() == first
    assert neighbours.build({fold("color")[0]})[fold("colour")[0]] == [fold("color")[0]]


def test_the_first_hook_after_a_pull_delivers_with_a_damaged_pairs_file(git_repo: Path):
    """review18: with such a file, preparing the index raised inside the hook (`hook failed: TypeError` in hook.log),
    no lesson was delivered, and every later hook failed the same way: nothing was cached, and the file's name
    depends only on the code, so it was never replaced."""
    lessons = sample_lessons()
    path = write_store(git_repo, lessons)
    start = {"session_id": "s1", "transcript_path": str(git_repo / "t.jsonl"), "cwd": str(git_repo),
             "hook_event_name": "SessionStart", "source": "startup"}
    assert context_of(run_hook("claude-code", start, cwd=git_repo).stdout)  # prepares the index and the pairs
    (kept,) = Path(os.environ["XDG_CACHE_HOME"], "altimate-learn", "index").glob(neighbours.PREFIX + "*.marshal")
    kept.write_bytes(marshal.dumps([1, 2, 3]))
    (edited,) = [item for item in lessons if item["text"] == "Use snake_case for column names in every model."]
    edited["text"] = "Use snake_case for column names in every dbt model."
    path.write_text(json.dumps(lessons, indent=2))  # the pull: the index is prepared again
    for session in ("s2", "s3"):
        proc = run_hook("claude-code", {**start, "session_id": session}, cwd=git_repo)
        assert proc.returncode == 0 and edited["text"] in context_of(proc.stdout), proc.stdout + proc.stderr
