"""`--help` reads like a normal CLI: no typer type tags (`<str>`), no `{ID}`, no doubled ellipsis."""

from __future__ import annotations

import re

import pytest

COMMANDS = [["capture"], ["sessions"], ["signals"], ["signal", "add"], ["signal", "dismiss"], ["reflect"], ["curate"], ["status"],
            ["show"], ["promote"], ["pin"], ["unpin"], ["search"], ["check"], ["deliver"], ["install"],
            ["bootstrap"], ["import-reviews"], ["demo"], ["export", "agents-md"], ["resolve"],
            ["merge-driver"]]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a))
def test_help_has_no_typer_type_tags(cli, args):
    code, out, _ = cli(*args, "--help")
    assert code == 0
    assert not re.search(r"<(str|int|float|Path|path|list\[[^\]]*\])>", out), out
    assert not re.search(r"\{[A-Za-z]+\}", out), out
    assert "…]..." not in out


def test_usage_lines_and_metavars(cli):
    _, out, _ = cli("capture", "--help")
    assert out.startswith("Usage: learn capture [OPTIONS] [PATH]...\n")
    assert "  --session ID " in out and "  --harness AGENT " in out and "  --name NAME " in out
    _, out, _ = cli("pin", "--help")
    assert out.startswith("Usage: learn pin [OPTIONS] ID\n")
    assert "\n  ID  Lesson id, for example L-3f2a91c0, or a unique prefix of it (L-3f2a,\n      3f2a).  [required]\n" in out
    _, out, _ = cli("search", "--help")
    assert out.startswith("Usage: learn search [OPTIONS] WORD...\n")
    _, out, _ = cli("install", "--help")
    assert out.startswith("Usage: learn install [OPTIONS] AGENT\n")
    _, out, _ = cli("reflect", "--help")
    assert "  --apply-paths GLOB " in out and "  --name NAME " in out
    _, out, _ = cli("sessions", "--help")
    assert "  --since DURATION|DATE " in out
