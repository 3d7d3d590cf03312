"""`learn CMD …` builds only the module that registers CMD: the table saying which module that is must match what
the modules register, and a command built alone must behave exactly as it does in the whole tree."""

from __future__ import annotations

import importlib

import typer

from altimate_learn.cli import app as app_module


def _names(app: typer.Typer) -> list[str]:
    """The top-level names ``app`` has: its commands and its groups (`learn quarantine release …`)."""
    return ([c.name or c.callback.__name__.replace("_", "-") for c in app.registered_commands]
            + [g.name for g in app.registered_groups])


def test_the_command_table_names_every_command_and_the_module_that_registers_it():
    registered = {}
    for module in app_module.COMMAND_MODULES:
        scratch = typer.Typer()
        importlib.import_module(f"altimate_learn.cli.{module}").register(scratch)
        for name in _names(scratch):
            assert name not in registered, f"{name} is registered twice"
            registered[name] = module
    assert app_module.COMMANDS == registered
    assert set(typer.main.get_command(app_module.app).commands) == set(registered)


def test_a_command_built_alone_has_the_help_and_the_errors_it_has_in_the_whole_tree(cli):
    whole = typer.main.get_command(app_module.app)
    for name in app_module.COMMANDS:
        alone = app_module.command_for([name])
        module = app_module.COMMANDS[name]
        assert list(alone.commands) == [n for n in whole.commands if app_module.COMMANDS[n] == module]
        help_alone = cli(name, "--help")
        bad_alone = cli(name, "--no-such-option")
        app_module._COMMANDS[(module,)] = whole  # the same command line, run by the whole tree
        try:
            assert cli(name, "--help") == help_alone
            assert cli(name, "--no-such-option") == bad_alone
        finally:
            app_module._COMMANDS[(module,)] = alone
        assert help_alone[0] == 0 and help_alone[1].startswith(f"Usage: learn {name} ")
        assert bad_alone[0] == 2 and "No such option: --no-such-option" in bad_alone[2]


def test_anything_but_a_command_name_first_gets_the_whole_tree():
    whole = app_module.command_for([])
    assert set(whole.commands) == set(app_module.COMMANDS)
    for argv in (["--help"], ["-V"], ["promte"], ["--json", "show"]):
        assert app_module.command_for(argv) is whole
    assert list(app_module.command_for(["promote", "--yes"]).commands) == [
        n for n, m in app_module.COMMANDS.items() if m == "review"]
