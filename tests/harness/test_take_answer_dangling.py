"""A prompt's capture worker reads the answer the agent gave before it (review7 R7): a name in
`.sessions/capture-answers/` that can never be opened (a link to nothing) made it retry at full speed forever,
a process spinning on a core after the hook had long returned. It now removes the link, the prompt is
classified without an answer, and the worker ends."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from altimate_learn.deliver.state import session_file_name
from altimate_learn.harness import capture_worker


def test_a_dangling_answer_link_is_removed_and_the_worker_goes_on_without_it(tmp_path: Path) -> None:
    folder = tmp_path / ".sessions" / capture_worker.ANSWERS
    folder.mkdir(parents=True)
    link = folder / f"{session_file_name('s1')}-2-1"
    os.symlink(tmp_path / "gone", link)
    script = ("import sys; from altimate_learn.harness import capture_worker as w; "
              "print(w.take_answer(sys.argv[1], 's1', 2, lambda m: print(m), wait=0.5))")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / ".sessions")], capture_output=True,
                          text=True, timeout=120)  # generous: without the fix it never ends
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "None"
    assert "dangling link" in done.stdout and not os.path.lexists(link)
