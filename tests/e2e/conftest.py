"""End-to-end fixtures: the real agent CLIs, a temporary home and project, and the fake model server.

The CLIs come from `scripts/install-agents.sh` (pinned versions, npm) in `$LEARN_AGENTS_DIR` or `<repo>/.agents`;
a test whose CLI is missing is skipped with the reason (and the last install error, if there was one).

Isolation: every agent run gets HOME, XDG_* and CODEX_HOME inside the test's temporary folder (the root
conftest's `isolated_home`), and a PATH with only the system folders, so the hooks `learn install` writes must
find this installation on their own, as they would for a user whose agent does not see their virtualenv.
When network namespaces are available (`unshare -n`, as root or through a user namespace), each run happens in
a fresh namespace with only loopback: the fake model server starts inside it, next to the agent, and nothing
can leave the machine. Otherwise the server runs in the test process on 127.0.0.1 and the agents' own
"no telemetry / no updates" variables keep the traffic local. `LEARN_E2E_NETNS=0` forces the fallback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from tests.e2e import world as world_module
from tests.e2e.world import World, agent_binary, new_world


@pytest.fixture(scope="session", autouse=True)
def shared_agent_checks(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Under pytest-xdist, the workers share one check of each agent CLI (world.find_agent): the folder above each
    worker's own temporary folder is the run's, shared by all its workers."""
    if hasattr(request.config, "workerinput"):
        world_module.SHARED_CHECKS = tmp_path_factory.getbasetemp().parent / "agent-checks"


@pytest.fixture
def claude_bin() -> Path:
    return agent_binary("claude")


@pytest.fixture
def codex_bin() -> Path:
    return agent_binary("codex")


@pytest.fixture
def opencode_bin() -> Path:
    return agent_binary("opencode")


@pytest.fixture
def gemini_bin() -> Path:
    return agent_binary("gemini")


@pytest.fixture
def world(tmp_path: Path, isolated_home: Path, git_repo: Path) -> Iterator[World]:
    work = tmp_path / "e2e"
    work.mkdir()
    w = new_world(isolated_home, git_repo, work)
    try:
        yield w
    finally:
        if w.server is not None:
            w.server.stop()


