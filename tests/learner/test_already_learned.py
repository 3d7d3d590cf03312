"""The learner does not learn again what was already learned from, nor bring back what a person retired
(review13 R13-10).

A first run reads a week of sessions, over corrections `learn reflect` already turned into lessons: it counted them
HELPFUL a second time on those very lessons, and re-proposed, word for word, a lesson the team had retired, with
nothing in `learn show` saying so. Exchanges whose signal was consumed or dismissed are not shown again, and no
model (nor the built-in reflector) brings a retired lesson back: only a person, with `learn remember`.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.learner.conftest import EVERYTHING, runs, transcript
from tests.learner.test_fallback import candidate, trajectory

CORRECTION = "No, put new math helpers in mathutils.py, never in calc.py"
LESSON = "Put new math helpers in `mathutils.py`, never in `calc.py`."


def _store(repo: Path, name: str):
    path = repo / ".altimate-code" / "learn" / "team-playbook" / name
    return json.loads(path.read_text()) if path.exists() else None


def _reflected_and_approved(git_repo: Path, cli) -> str:
    path = trajectory(git_repo / "session.jsonl", "traj-math", [CORRECTION])
    assert cli("capture", str(path))[0] == 0
    code, out, err = cli("reflect", "--pending", "--model", "builtin")
    assert code == 0, out + err
    assert candidate(git_repo) == [LESSON]
    assert cli("promote", "--yes")[0] == 0
    [lesson] = _store(git_repo, "approved.json")
    return lesson["id"]


def test_a_correction_already_reflected_is_not_counted_again_by_the_learner(git_repo: Path, cli):
    lesson_id = _reflected_and_approved(git_repo, cli)
    code, out, err = cli("run", "--now", "--since", EVERYTHING)
    assert code == 0, out + err
    assert _store(git_repo, "candidate.json") is None  # no HELPFUL +1, nothing staged
    [lesson] = _store(git_repo, "approved.json")
    assert lesson["id"] == lesson_id and lesson.get("helpful", 0) == 0
    [record] = runs(git_repo)
    assert record["changes"] == []
    assert CORRECTION not in transcript(git_repo, record["id"])["digest"]  # the task before it is read, not it


def test_a_retired_lesson_is_not_proposed_again(git_repo: Path, cli):
    lesson_id = _reflected_and_approved(git_repo, cli)
    assert cli("retire", lesson_id)[0] == 0
    assert cli("promote", "--yes")[0] == 0
    # the same correction typed again, in another session: still the retired rule
    path = trajectory(git_repo / "session2.jsonl", "traj-math-2", [CORRECTION + "!"])
    assert cli("capture", str(path))[0] == 0
    code, out, err = cli("run", "--now", "--since", EVERYTHING)
    assert code == 0, out + err
    assert candidate(git_repo) == []
    [record] = runs(git_repo)
    [dropped] = record["dropped"]
    assert dropped["reason"] == (f"restates {lesson_id}, which was retired (removed: retired by a person): only a "
                                 "person brings it back, with `learn remember`")
    # the signal waits for a person, who can still bring the rule back
    code, out, err = cli("signals", "--unlearned")
    assert code == 0, out + err
    assert f"restates {lesson_id}, which was retired" in out
    code, out, err = cli("remember", LESSON)
    assert code == 0, out + err
    assert candidate(git_repo) == [LESSON]


def test_a_signal_without_a_message_id_is_known_by_its_session_and_words(git_repo: Path, cli):
    """Gemini CLI's hook gives a prompt no id, so its signals have none (review13 R13-31): the learner knows the
    reflected correction by its session and words."""
    path = trajectory(git_repo / "gemini.jsonl", "traj-gemini", [CORRECTION])
    assert cli("capture", str(path))[0] == 0
    code, out, err = cli("reflect", "--pending", "--model", "builtin")
    assert code == 0, out + err
    assert cli("promote", "--yes")[0] == 0
    signals = git_repo / ".altimate-code" / "learn" / "team-playbook" / "signals.jsonl"
    [signal] = [json.loads(line) for line in signals.read_text().splitlines()]
    assert signal["status"] == "consumed"
    del signal["messageID"]  # as the Gemini hook records it
    signals.write_text(json.dumps(signal) + "\n")
    code, out, err = cli("run", "--now", "--since", EVERYTHING)
    assert code == 0, out + err
    assert _store(git_repo, "candidate.json") is None  # not counted HELPFUL again
    [record] = runs(git_repo)
    assert CORRECTION not in transcript(git_repo, record["id"])["digest"]


def _staged_after_retiring(git_repo: Path, cli, tmp_path: Path, text: str) -> tuple[str, dict]:
    """(the id of the approved lesson, now retired; the lesson `learn curate` staged from a model's ADD of ``text``)."""
    lesson_id = _reflected_and_approved(git_repo, cli)
    assert cli("retire", lesson_id)[0] == 0
    assert cli("promote", "--yes")[0] == 0
    deltas = tmp_path / "d.json"
    deltas.write_text(json.dumps([{"op": "ADD", "reason": "r", "text": text}]))
    code, out, err = cli("curate", "--deltas", str(deltas))
    assert code == 0, out + err
    [lesson] = _store(git_repo, "candidate.json")
    return lesson_id, lesson


def test_a_retired_lesson_in_other_words_is_staged_with_a_note_the_reviewer_reads(git_repo: Path, cli, tmp_path: Path):
    """review13 R13-30: a model rephrasing a retired lesson went through with nothing said."""
    lesson_id, lesson = _staged_after_retiring(git_repo, cli, tmp_path,
                                               "Put new math helpers in `mathutils.py` (never `calc.py`).")
    note = f"close to {lesson_id}, which was retired (removed: retired by a person): promoting this brings that rule back"
    assert note in lesson["provenance"]
    code, out, err = cli("show")
    assert note in out


def test_a_retired_lesson_reworded_with_more_function_words_still_gets_the_note(git_repo: Path, cli, tmp_path: Path):
    """review13 R13-38: "always", "the", "into" added to a retired rule's words kept it under the duplicate threshold,
    so a model's rewording of it was staged with nothing said."""
    lesson_id, lesson = _staged_after_retiring(git_repo, cli, tmp_path, "Always put all of the new math helpers into "
                                               "`mathutils.py`, and never into `calc.py`.")
    assert f"close to {lesson_id}, which was retired" in lesson["provenance"]


def test_a_new_rule_sharing_a_retired_rules_topic_gets_no_note(git_repo: Path, cli, tmp_path: Path):
    """The other side: a rule about other code in the same words is not the retired rule again."""
    _, lesson = _staged_after_retiring(git_repo, cli, tmp_path,
                                       "Write a docstring for every new math helper with an example call.")
    assert "which was retired" not in json.dumps(lesson.get("provenance"))


def test_an_open_signal_without_a_message_id_is_its_exchange_and_not_sent_again_as_other_feedback(
        git_repo: Path, cli, server):
    """trial28 T28-2: a live Gemini CLI signal has no message id; the learner showed its exchange and, again, the
    signal under "Recorded outside the conversations", so the model (and the vet) read one correction twice."""
    from tests.learner.conftest import MODEL, learner_prompts

    path = trajectory(git_repo / "gemini.jsonl", "traj-gemini", [CORRECTION])
    assert cli("capture", str(path))[0] == 0
    signals = git_repo / ".altimate-code" / "learn" / "team-playbook" / "signals.jsonl"
    [signal] = [json.loads(line) for line in signals.read_text().splitlines()]
    assert signal["status"] == "open"
    del signal["messageID"]  # as the Gemini hook records it
    signals.write_text(json.dumps(signal) + "\n")
    server.deltas()  # the model judges there is nothing to learn: what it was shown is used up
    code, out, err = cli("run", "--now", "--since", EVERYTHING, "--model", MODEL)
    assert code == 0, out + err
    [prompt] = learner_prompts(server)
    assert prompt.count(CORRECTION) == 1, prompt
    assert signal["id"] not in prompt  # not cited as a feedback item of its own
    [after] = [json.loads(line) for line in signals.read_text().splitlines()]
    assert after["status"] == "consumed" and "messageID" not in after  # the store's record is not rewritten
