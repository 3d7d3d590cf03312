"""research/reflector_blind.py: a blind set given by its file cannot be read, only counted; the counts-only views print
no message and no lesson; a row's kind follows its label and reference lesson; a lesson matches its reference when it
holds half of the reference's content words."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from research import reflector_blind as blind  # noqa: E402


def _set_file(tmp_path: Path) -> Path:
    rows = [{"text": "we use pnpm here, not npm", "label": True, "lesson": "Use pnpm, not npm, in this repository."},
            {"text": "never touch the vendored sdk", "label": True, "lesson": "Do not edit the generated client."},
            {"text": "the button is still blue", "label": True, "lesson": ""},
            {"text": "thanks, looks good", "label": False, "lesson": ""}]
    path = tmp_path / "set.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def test_a_set_given_by_its_file_cannot_be_read(tmp_path):
    with pytest.raises(SystemExit):
        blind.read(None, str(_set_file(tmp_path)))
    with pytest.raises(SystemExit):
        blind.read("A", str(_set_file(tmp_path)))


def test_a_set_given_by_its_file_is_counted_whole_with_matches_and_nothing_else(tmp_path):
    path = _set_file(tmp_path)
    shown = blind.file_numbers(str(path))
    assert "rule rows 2/2 give a lesson, one-off rows 0/1, not rows 0/1" in shown
    assert "matches the reference: 1/2" in shown  # the sdk lesson is not the generated-client rule
    for row in blind.evaluate(None, str(path))["rows"]:
        assert row["text"] not in shown and not any(lesson in shown for lesson in row["lessons"])
    run = subprocess.run([sys.executable, str(ROOT / "research" / "reflector_blind.py"), "--file", str(path), "--read",
                          "all"], capture_output=True, text=True, check=False)
    assert run.returncode != 0 and "pnpm" not in run.stdout
    missing = subprocess.run([sys.executable, str(ROOT / "research" / "reflector_blind.py"), "--file",
                              str(tmp_path / "none.jsonl"), "--numbers"], capture_output=True, text=True, check=False)
    assert missing.returncode != 0 and "no set file at" in missing.stderr


def test_a_lesson_matches_when_it_holds_half_the_references_content_words():
    assert blind.matches("Use pnpm, not npm, in this repository.", "Use `pnpm`.")
    assert blind.matches("Do not modify the legacy billing module.", "Never touch the legacy billing module.")
    assert not blind.matches("Write tests with RSpec under spec/.", "Use `rspec` instead of `minitest`.")
    assert not blind.matches("", "Use `pnpm`.")  # a one-off's empty reference matches nothing
    assert blind.content_words("Always use `src/lib`, never the utils folder's helpers.") == {
        "src/lib", "util", "folder", "helper"}


def test_the_counts_only_view_prints_no_message_and_no_lesson():
    shown = blind.numbers()
    assert "half A:" in shown and "half B:" in shown
    for row in blind.evaluate()["rows"]:
        assert not (len(row["text"]) > 12 and row["text"] in shown)
        assert not any(lesson in shown for lesson in row["lessons"])


def test_a_rows_kind_is_its_label_and_reference():
    assert blind.kind_of({"label": False, "lesson": ""}) == "not"
    assert blind.kind_of({"label": True, "lesson": ""}) == "one-off"
    assert blind.kind_of({"label": True, "lesson": "Use pnpm."}) == "rule"
    assert blind.kind_of({"label": True}) == "rule"  # the first set has no reference lessons


def test_a_row_is_reflected_as_a_correction_signal():
    assert blind.lessons_for("we use pnpm here") == ["Use `pnpm`."]
    assert blind.lessons_for("the button is still blue") == []


def test_the_third_set_is_dev_data_now_and_every_lesson_it_gives_is_reviewed():
    shown = blind.read(None, "blind3")
    assert "rule rows" in shown
    known = blind.reviews(blind.REVIEWS_BLIND3)
    given = [(row["text"], lesson) for row in blind.evaluate(None, "blind3")["rows"] for lesson in row["lessons"]]
    assert given and all(pair in known for pair in given)
    assert all(known[pair]["verdict"] != "wrong" for pair in given)


def test_the_fourth_set_is_dev_data_now_and_every_lesson_it_gives_is_reviewed_and_none_is_wrong():
    assert "rule rows" in blind.read(None, "blind4")
    known = blind.reviews(blind.REVIEWS_BLIND4)
    given = [(row["text"], lesson) for row in blind.evaluate(None, "blind4")["rows"] for lesson in row["lessons"]]
    assert given and all(pair in known for pair in given)
    assert all(known[pair]["verdict"] != "wrong" for pair in given)
    # the wrong lessons read at the start of session #13 stay in the file with what fixed them
    assert sum(review["verdict"] == "wrong" for review in known.values()) == 10


def test_the_fifth_set_is_dev_data_now_and_every_lesson_it_gives_is_reviewed_and_none_is_wrong():
    assert "rule rows" in blind.read(None, "blind5")
    known = blind.reviews(blind.REVIEWS_BLIND5)
    given = [(row["text"], lesson) for row in blind.evaluate(None, "blind5")["rows"] for lesson in row["lessons"]]
    assert given and all(pair in known for pair in given)
    assert all(known[pair]["verdict"] != "wrong" for pair in given)
    # the wrong lessons read at the start of session #14 stay in the file with what fixed them
    assert sum(review["verdict"] == "wrong" for review in known.values()) == 5


def test_the_sixth_set_is_dev_data_now_and_every_lesson_it_gives_is_reviewed_and_none_is_wrong():
    assert "rule rows" in blind.read(None, "blind6")
    known = blind.reviews(blind.REVIEWS_BLIND6)
    given = [(row["text"], lesson) for row in blind.evaluate(None, "blind6")["rows"] for lesson in row["lessons"]]
    assert given and all(pair in known for pair in given)
    assert all(known[pair]["verdict"] != "wrong" for pair in given)
    # the wrong lessons read at the start of session #15 stay in the file with what fixed them
    assert sum(review["verdict"] == "wrong" for review in known.values()) == 6


def test_the_seventh_set_is_dev_data_now_and_every_lesson_it_gives_is_reviewed_and_none_is_wrong():
    assert "rule rows" in blind.read(None, "blind7")
    known = blind.reviews(blind.REVIEWS_BLIND7)
    given = [(row["text"], lesson) for row in blind.evaluate(None, "blind7")["rows"] for lesson in row["lessons"]]
    assert given and all(pair in known for pair in given)
    assert all(known[pair]["verdict"] != "wrong" for pair in given)


def test_the_eighth_set_is_dev_data_now_and_every_lesson_it_gives_is_reviewed_and_none_is_wrong():
    assert "rule rows" in blind.read(None, "blind8")
    known = blind.reviews(blind.REVIEWS_BLIND8)
    given = [(row["text"], lesson) for row in blind.evaluate(None, "blind8")["rows"] for lesson in row["lessons"]]
    assert given and all(pair in known for pair in given)
    assert all(known[pair]["verdict"] != "wrong" for pair in given)
    # the wrong lessons read at the start of session #17 stay in the file with what fixed them
    assert sum(review["verdict"] == "wrong" for review in known.values()) == 2


def test_the_ninth_set_is_dev_data_now_and_every_lesson_it_gives_is_reviewed_and_none_is_wrong():
    assert "rule rows" in blind.read(None, "blind9")
    known = blind.reviews(blind.REVIEWS_BLIND9)
    given = [(row["text"], lesson) for row in blind.evaluate(None, "blind9")["rows"] for lesson in row["lessons"]]
    assert given and all(pair in known for pair in given)
    assert all(known[pair]["verdict"] != "wrong" for pair in given)
    # the wrong lesson read at the start of session #18 stays in the file with what fixed it
    assert sum(review["verdict"] == "wrong" for review in known.values()) == 1


def test_the_tenth_set_is_dev_data_now_and_every_lesson_it_gives_is_reviewed_and_none_is_wrong():
    assert "rule rows" in blind.read(None, "blind10")
    known = blind.reviews(blind.REVIEWS_BLIND10)
    given = [(row["text"], lesson) for row in blind.evaluate(None, "blind10")["rows"] for lesson in row["lessons"]]
    assert given and all(pair in known for pair in given)
    assert all(known[pair]["verdict"] != "wrong" for pair in given)
    # the wrong lessons read at the start of session #19 stay in the file with what fixed them
    assert sum(review["verdict"] == "wrong" for review in known.values()) == 8


def test_the_eleventh_set_is_dev_data_now_and_every_lesson_it_gives_is_reviewed_and_none_is_wrong():
    assert "rule rows" in blind.read(None, "blind11")
    known = blind.reviews(blind.REVIEWS_BLIND11)
    given = [(row["text"], lesson) for row in blind.evaluate(None, "blind11")["rows"] for lesson in row["lessons"]]
    assert given and all(pair in known for pair in given)
    assert all(known[pair]["verdict"] != "wrong" for pair in given)
    # the wrong lessons read at the start of session #21 stay in the file with what fixed them
    assert sum(review["verdict"] == "wrong" for review in known.values()) == 3
    # the pool of dev texts a change is checked on holds it now (session #21)
    from research import reflector_pool

    assert blind.BLIND11 in reflector_pool.READABLE_BLIND and blind.BLIND10 in reflector_pool.READABLE_BLIND


def test_the_twelfth_set_is_blind_and_never_read():
    with pytest.raises(SystemExit):
        blind.read(None, str(blind.BLIND12))
    assert "blind12" not in blind.SETS
    from research import reflector_pool

    assert blind.BLIND12 not in reflector_pool.READABLE_BLIND
    assert "blind12" in blind.main()
