"""The ``notation`` Typer app: its global options and its lazy group of the commands
:data:`cli.table.COMMANDS` names, each command's module imported only when it runs (or its
own help is asked for)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from typing import Annotated, Any

import typer
import typer.core
import typer.main

from notation.version import __version__

from .helptext import HelpContext, help_option
from .options import echo
from .table import COMMANDS
from .vocabulary import Command


def load_command(name: str) -> Any:
    """The click command ``name``, its module imported."""
    module = importlib.import_module(f".commands.{COMMANDS[name][0]}", __package__)
    one = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)
    one.command(name, cls=Command)(module.command)
    return typer.main.get_command(one)


# Typed Any: typer 0.28 brings its own copy of click, whose classes are not click's, and
# older typers use click's; a command is whichever the installed typer makes.
class _Loaded(MutableMapping[str, Any]):
    """The commands by name, each loaded when first looked up."""

    def __init__(self) -> None:
        self.loaded: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in COMMANDS:
            raise KeyError(name)
        if name not in self.loaded:
            self.loaded[name] = load_command(name)
        return self.loaded[name]

    def __setitem__(self, name: str, command: Any) -> None:
        raise TypeError(f"the commands are cli.table.COMMANDS; {name} is not added here")

    def __delitem__(self, name: str) -> None:
        raise TypeError(f"the commands are cli.table.COMMANDS; {name} stays")

    def __iter__(self) -> Iterator[str]:
        return iter(COMMANDS)

    def __len__(self) -> int:
        return len(COMMANDS)


class LazyGroup(typer.core.TyperGroup):
    """The commands of :data:`COMMANDS`: listed from the table, loaded when one runs."""

    context_class = HelpContext

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = _Loaded()
        self.listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in COMMANDS:
            return None
        if self.listing:
            one_line = COMMANDS[cmd_name][1]
            return typer.core.TyperCommand(cmd_name, help=one_line, short_help=one_line)
        return self.commands[cmd_name]

    def get_help_option(self, ctx: Any) -> Any:
        return help_option(super().get_help_option(ctx))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        # The list of commands shows the table's help: no command is imported for it.
        self.listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self.listing = False


app = typer.Typer(
    name="notation",
    cls=LazyGroup,
    help="Read, write, convert, replay and validate game records.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(shown: bool) -> None:
    if shown:
        from notation.compiled import build

        echo(f"notation {__version__} ({build()})")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print the version and exit.",
            callback=_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """Read, write, convert, replay and validate game records."""
