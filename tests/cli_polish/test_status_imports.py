"""`learn status` reads the end of the hooks' reflection log; it does not load the reflection pipeline to find the
log's name (trial28: `altimate_learn.reflect.reflect`, and with it the built-in reflector's patterns, was imported
for one constant; `learn status` 615 -> 563 ms, min of 15 on a loaded 2-core machine)."""

from __future__ import annotations

import json
import subprocess
import sys


def test_learn_status_does_not_import_the_reflection_pipeline(git_repo):
    script = """
import json, sys
from altimate_learn.entry import main
try:
    main(["status"])
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m.startswith("altimate_learn.reflect"))))
"""
    proc = subprocess.run([sys.executable, "-c", script], cwd=git_repo, capture_output=True, text=True, timeout=120)
    loaded = json.loads(proc.stdout.strip().splitlines()[-1])
    assert "altimate_learn.reflect" in loaded  # the log's name
    assert "altimate_learn.reflect.reflect" not in loaded and "altimate_learn.reflect.providers.builtin" not in loaded
