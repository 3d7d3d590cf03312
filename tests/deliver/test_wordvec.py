"""The shipped word-vector table (altimate_learn/wordvec.bin) and its stdlib loader."""

from __future__ import annotations

import os
import struct
import subprocess
import sys

import pytest

from altimate_learn import wordvec


def test_the_table_loads_and_knows_spellings_plurals_and_kinds():
    table = wordvec.load()
    assert len(table) > 20_000 and table.dims == 64
    assert "colour" in table and "normalise" in table and "kubectl" in table and "zzqx" not in table
    near = dict(table.neighbours("colour"))
    assert near["color"] >= 0.9  # British and American spelling: the same word
    assert dict(table.neighbours("normalise"))["normalize"] >= 0.85
    assert dict(table.neighbours("pdfs"))["pdf"] >= 0.8
    assert dict(table.neighbours("invoice"))["billing"] >= 0.6  # a thing and its kind of work
    assert table.neighbours("zzqx") == []


def test_neighbours_are_best_first_above_the_minimum_and_never_a_stopword_or_the_word_itself():
    table = wordvec.load()
    found = table.neighbours("timeout", 0.6)
    sims = [sim for _, sim in found]
    assert found and sims == sorted(sims, reverse=True) and min(sims) >= 0.6
    assert all(word not in ("timeout", "the", "and") for word, _ in found)
    assert table.neighbours("the") == []  # stopwords have no neighbours


def test_vector_similarity_tells_related_words_from_unrelated_ones():
    table = wordvec.load()
    assert table.similarity("colour", "color") > 0.9
    assert table.similarity("link", "url") > table.similarity("link", "banana") + 0.2
    assert table.similarity("colour", "zzqx") is None
    vector = table.vector("url")
    assert len(vector) == 64 and abs(sum(v * v for v in vector) - 1.0) < 1e-9
    mean = table.text_vector(["copy", "link", "zzqx"])
    assert abs(sum(v * v for v in mean) - 1.0) < 1e-9
    assert table.text_vector(["zzqx"]) is None


def test_neighbours_are_the_same_in_a_fresh_process():
    """Deterministic: the answer comes from the file, not from the process (no hashing order, no randomness)."""
    code = ("from altimate_learn.wordvec import load; t = load(); "
            "print([(w, round(s, 3)) for w in ('colour', 'retry', 'webhook') for w, s in t.neighbours(w)])")
    env = {**os.environ, "PYTHONHASHSEED": "1"}
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    env["PYTHONHASHSEED"] = "2"
    second = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    table = wordvec.load()
    here = str([(w, round(s, 3)) for w in ("colour", "retry", "webhook") for w, s in table.neighbours(w)])
    assert first == second == here + "\n"


def test_a_file_that_is_not_a_table_or_is_cut_short_is_refused(tmp_path):
    with open(wordvec.PATH, "rb") as handle:
        data = handle.read()
    cut = tmp_path / "cut.bin"
    cut.write_bytes(data[: len(data) - 1000])
    with pytest.raises(ValueError):
        wordvec.load(str(cut))
    other = tmp_path / "other.bin"
    other.write_bytes(b"NOPE" + data[4:])
    with pytest.raises(ValueError):
        wordvec.load(str(other))
    newer = tmp_path / "newer.bin"
    newer.write_bytes(data[:4] + struct.pack("<H", 9) + data[6:])
    with pytest.raises(ValueError):
        wordvec.load(str(newer))


def test_the_table_is_small_enough_to_ship():
    assert os.path.getsize(wordvec.PATH) <= 2 * 1024 * 1024
