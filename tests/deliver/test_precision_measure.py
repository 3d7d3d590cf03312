"""research/bench_delivery.py's precision measure: what the request and file tiers show that a task did not need."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "research") not in sys.path:
    sys.path.insert(0, str(ROOT / "research"))

import bench_delivery  # noqa: E402


def _block(*lessons: str) -> str:
    return "<team-rules source=\"altimate-learn\">\nTeam conventions (approved by the team):\n" + "".join(
        f"- {text}\n" for text in lessons) + "</team-rules>"


def _session(needed: list[str]) -> bench_delivery.Session:
    session = bench_delivery.Session({"id": "x01", "kind": "none", "request": "r", "needed": needed})
    session.texts = [
        ("start", _block("Core one.", "Core two.", "Core three.")),
        ("request", _block("[applies to: services/billing/**] Round half-even with `quantize()`.", "Use `ref()`.")),
        ("files", _block("Name component files in PascalCase.", "Use `next/image` for images.")),
        ("followup", _block("Renovate owns dependency bumps.")),
        ("followup_files", _block("Use `next/link` for internal navigation.")),
    ]
    return session


def test_the_core_tier_is_counted_apart_and_every_other_lesson_not_needed_is_unneeded():
    stats = bench_delivery.precision([_session(needed=["Use `ref()`"])])
    assert stats["core"] == 3
    assert stats["request_tier"] == 3 and stats["file_tier"] == 3  # request + follow-up; both file stages
    assert (stats["beyond_core"], stats["unneeded"]) == (6, 5)  # the needed `ref()` lesson is not counted
    assert abs(stats["unneeded_share"] - 5 / 6) < 1e-9
    assert stats["request_sessions"] == 1
    texts = [text for stage, text in _session([]).texts if stage != "start"]
    assert stats["tokens_beyond_core"] == sum(-(-len(t) // 4) for t in texts)
    # a scope marker before the text does not hide a needed lesson
    assert bench_delivery.precision([_session(needed=["Round half-even"])])["unneeded"] == 5


def test_a_session_whose_request_tier_showed_nothing_is_not_counted_as_drawing_lessons():
    quiet = _session([])
    quiet.texts = [(stage, text) for stage, text in quiet.texts if stage not in ("request", "followup")]
    stats = bench_delivery.precision([quiet, _session([])])
    assert stats["request_sessions"] == 1
    assert stats["request_tier"] == 1.5  # 3 lessons over 2 sessions
    assert stats["unneeded"] == 3 + 6 and stats["unneeded_share"] == 1.0
    assert "100% (9/9)" == bench_delivery._unneeded(stats)


class _Recorder:
    """A project that records the tool events it is sent and answers nothing."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.calls: list[tuple[str, str, str]] = []

    def event(self, payload: dict) -> str:
        self.calls.append((payload["hook_event_name"], payload["tool_name"],
                           Path(payload["tool_input"]["file_path"]).name))
        return ""


def test_a_file_the_task_only_asks_about_is_read_and_not_edited(tmp_path):
    project = _Recorder(tmp_path)
    bench_delivery._file_events(project, "s", ["web/b.tsx"], [0], reads=["web/a.tsx"])  # type: ignore[arg-type]
    assert [(event, tool) for event, tool, name in project.calls if name == "a.tsx"] == [
        ("PreToolUse", "Read"), ("PostToolUse", "Read")]
    assert [tool for event, tool, name in project.calls if name == "b.tsx" and event == "PreToolUse"] == [
        "Read", "Edit"]


def test_the_precision_set_needs_nothing_and_its_table_reports_each_size(tmp_path):
    tasks = bench_delivery.load_tasks(bench_delivery.PRECISION_TASKS)
    assert len(tasks) >= 40 and all(t["needed"] == [] and t["kind"] == "none" for t in tasks)
    assert all(t.get("files") or t.get("reads") for t in tasks)
    assert len({t["id"] for t in tasks}) == len(tasks)
    loud, quiet = _session([]), _session([])
    quiet.texts = quiet.texts[:1]
    loud.task = {**loud.task, "id": "p07"}
    raw = {"sizes": (300, 1000), "configs": ["defaults"], "tasks": [loud.task, quiet.task],
           "results": {(300, "defaults"): [loud, quiet], (1000, "defaults"): [quiet, quiet]}}
    text = bench_delivery.render_precision(raw)
    assert "| 300 | 3.0 | 1.50 | 1.5 | 1/2 |" in text and text.count("| 100% (6/6) |") == 1
    assert "| 1,000 | 3.0 | 0.00 | 0.0 | 0/2 | 0 | 0% (0/0) |" in text
    assert "Requests whose words brought lessons at 1,000 (lessons): none." in text
    json.dumps(tasks)  # the set is plain JSON lines
