"""Codex wraps each command's output in an exec header; `learn signals` must show the error, not the header."""

from __future__ import annotations

import json

SID = "01a22741-f2de-7c81-a949-3ce09e9b5647"


def _rollout(tmp_path, cwd: str):
    lines = [{"timestamp": "2026-11-29T12:22:43.189Z", "type": "session_meta",
              "payload": {"id": SID, "timestamp": "2026-11-29T12:22:43.170Z", "cwd": cwd}},
             {"timestamp": "2026-11-29T12:22:44.000Z", "type": "response_item",
              "payload": {"type": "message", "role": "user",
                          "content": [{"type": "input_text", "text": "run the migrations"}]}}]
    for n in range(3):
        call = f"call_{n}"
        lines.append({"timestamp": f"2026-11-29T12:22:4{5 + n}.000Z", "type": "response_item",
                      "payload": {"type": "function_call", "name": "exec_command", "call_id": call,
                                  "arguments": json.dumps({"cmd": "dbt run"})}})
        lines.append({"timestamp": f"2026-11-29T12:22:4{5 + n}.500Z", "type": "response_item",
                      "payload": {"type": "function_call_output", "call_id": call,
                                  "output": f"Chunk ID: 000{n + 1}\nWall time: 0.4 seconds\nProcess exited with code 1"
                                            f"\nOriginal token count: 9\nOutput:\nRuntime Error: relation "
                                            f"\"raw.orders\" does not exist (try {n + 1})\n"}})
    path = tmp_path / f"rollout-2026-11-29T12-22-43-{SID}.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def test_tool_retry_signal_holds_the_error_not_the_exec_header(git_repo, tmp_path, cli):
    path = _rollout(tmp_path, str(git_repo))
    code, _, err = cli("capture", str(path))
    assert code == 0, err
    code, out, _ = cli("signals", "--json")
    retries = [s for s in json.loads(out) if s["kind"] == "tool_retry"]
    assert [s["text"] for s in retries] == [
        "Tool `exec_command` failed 3 times in a row. Last error: "
        "Runtime Error: relation \"raw.orders\" does not exist (try 3)\nLast command: dbt run"]
    code, out, _ = cli("signals")
    assert "Chunk ID" not in out and "Wall time" not in out


def test_header_is_stripped_but_the_exit_code_kept():
    from altimate_learn.capture.sessions.codex import _parse_output

    assert _parse_output("Chunk ID: 0003\nWall time: 1.2 seconds\nProcess exited with code 2\n"
                         "Original token count: 4\nOutput:\nboom\n") == ("boom\n", 2, None)
    assert _parse_output("Exit code: 1\nWall time: 0.1 seconds\nOutput:\nno such file") == ("no such file", 1, None)
    # text that merely mentions these words is left alone
    assert _parse_output("Output: fine\nWall time: 3s") == ("Output: fine\nWall time: 3s", None, None)
