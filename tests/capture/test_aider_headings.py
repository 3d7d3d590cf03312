"""aider logs the model's Markdown `####` headings like the person's input; once an editor or git stripped the two
trailing spaces aider ends input lines with, `.aider.input.history` (every input aider read) and aider's console
between an answer and the next input tell them apart (review38 R38-12)."""

from __future__ import annotations

from pathlib import Path

from altimate_learn.capture.model import AssistantTurn, UserMessage
from altimate_learn.capture.sessions import aider, read_session

# a run as aider logs it, after a whitespace strip: the model's answer has two `####` headings of its own
STRIPPED = (
    "\n# aider chat started at 2026-12-06 10:00:00\n\n> Aider v0.86.1\n> Model: gpt-4o with diff edit format\n\n"
    "#### add a weighting box to main_window.py\n\nHere is the plan.\n\n#### 5.1 `_reset_weighting_ui`\n\n"
    "Resets the widgets.\n\n#### Why not use print here? Use the logger instead\n\nHelper functions.\n\n"
    "main_window.py\n```python\n<<<<<<< SEARCH\n=======\ndef f(): pass\n>>>>>>> REPLACE\n```\n\n"
    "> Tokens: 2.1k sent, 300 received.\nCost: $0.01 message, $0.01 session.\n> Applied edit to main_window.py\n\n"
    "#### no, don't use print in the ui code, use the logger\n\nSorry, switching to the logger.\n")
INPUTS = ("\n# 2026-12-06 10:00:05.000000\n+add a weighting box to main_window.py\n"
          "\n# 2026-12-06 10:01:05.000000\n+no, don't use print in the ui code, use the logger\n")


def _events(path: Path) -> list:
    return list(read_session(path, harness="aider").events())


def _typed(events: list) -> list[str]:
    return [e.text for e in events if isinstance(e, UserMessage) and e.kind == "text"]


def _write(folder: Path, chat: str, inputs: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    history = folder / ".aider.chat.history.md"
    history.write_text(chat)
    if inputs is not None:
        (folder / ".aider.input.history").write_text(inputs)
    return history


def test_a_heading_the_input_history_never_recorded_is_part_of_the_answer(tmp_path):
    events = _events(_write(tmp_path, STRIPPED, INPUTS))
    assert _typed(events) == ["add a weighting box to main_window.py",
                              "no, don't use print in the ui code, use the logger"]
    answers = [e.text for e in events if isinstance(e, AssistantTurn)]
    assert len(answers) == 2  # one answer, headings and all, then the reply to the correction
    assert answers[0].startswith("Here is the plan.") and "#### 5.1 `_reset_weighting_ui`" in answers[0]
    assert "#### Why not use print here? Use the logger instead" in answers[0] and "Helper functions." in answers[0]
    said = [e.at for e in events if isinstance(e, UserMessage)]
    assert said == ["2026-12-06T10:00:05.000", "2026-12-06T10:01:05.000"]


def test_without_an_input_history_aiders_console_between_answer_and_input_tells_a_heading(tmp_path):
    # "> Tokens: …" and "> Applied edit …" come between an answer and the next input here; the headings have the
    # answer's text right above them. (Its "Cost: …" line, right under a console line, belongs to the console.)
    assert _typed(_events(_write(tmp_path, STRIPPED))) == [
        "add a weighting box to main_window.py", "no, don't use print in the ui code, use the logger"]


def test_a_message_typed_right_after_an_answer_stays_typed_where_the_input_history_has_it(tmp_path):
    # the answer was cut off (no console line after it) and the person typed on: the input history recorded it
    chat = STRIPPED.replace("Resets the widgets.\n\n#### Why not",
                            "Resets the\n\n#### stop, the box goes in settings_dialog.py\n\nMoving it.\n\n#### Why not")
    inputs = INPUTS + "\n# 2026-12-06 10:00:40.000000\n+stop, the box goes in settings_dialog.py\n"
    assert _typed(_events(_write(tmp_path / "with", chat, inputs))) == [
        "add a weighting box to main_window.py", "stop, the box goes in settings_dialog.py",
        "no, don't use print in the ui code, use the logger"]
    # without the input history only the console tells, and it reads both as the answer's
    assert _typed(_events(_write(tmp_path / "without", chat))) == [
        "add a weighting box to main_window.py", "no, don't use print in the ui code, use the logger"]


def test_an_input_history_of_another_time_span_or_a_file_without_console_between_says_nothing(tmp_path):
    # the input history holds nothing of this run (another period): it does not cover the run, the console decides
    elsewhere = "\n# 2026-11-01 09:00:00.000000\n+an input of another day\n"
    assert len(_typed(_events(_write(tmp_path / "other", STRIPPED, elsewhere)))) == 2
    # a history where typed messages follow the answer's text directly (no console logged anywhere): all typed
    bare = ("\n# aider chat started at 2026-12-06 11:00:00\n\n> aider\n\n#### use tabs in the Makefile\n\nDone.\n\n"
            "#### no, only in the recipe lines\n\nFixed.\n")
    assert _typed(_events(_write(tmp_path / "bare", bare))) == ["use tabs in the Makefile",
                                                               "no, only in the recipe lines"]


def test_a_multi_line_message_counts_as_typed_when_any_of_its_lines_was(tmp_path):
    chat = STRIPPED.replace("#### no, don't use print in the ui code, use the logger\n",
                            "#### no, don't use print in the ui code, use the logger\n####\n#### see log_setup.py\n")
    inputs = INPUTS.replace("use the logger\n", "use the logger\n+\n+see log_setup.py\n")
    console = "> Tokens: 2.1k sent, 300 received.\nCost: $0.01 message, $0.01 session.\n> Applied edit to main_window.py\n"
    assert console in chat
    history = _write(tmp_path, chat.replace(console, "Applied.\n"), inputs)
    # right after the answer's text now, and typed: the input history holds its lines
    assert _typed(_events(history))[-1] == "no, don't use print in the ui code, use the logger\n\nsee log_setup.py"
    run = aider.sessions_in(history)[0]
    assert run.extra["console_between"] is False  # no console line after any answer: the weak cue is off here
