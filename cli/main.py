"""The ``notation`` command: its global options, its table of commands, and :func:`main`.

Each command is a module of :mod:`cli.commands` whose ``command`` is a Typer command
function; :data:`COMMANDS` names them with their one-line help, and a command's module is
imported only when it runs (or its own help is asked for), so that ``notation --help`` and
``notation --version`` cost only this module.

Exit status (every command): 0 when everything was fine, 1 when a record has a problem,
2 for a usage error or a file that cannot be read.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import signal
import sys
from collections.abc import Iterator, MutableMapping
from typing import Annotated, Any

import typer
import typer.core
import typer.main

from .helptext import HelpContext
from .options import echo
from .vocabulary import Command

COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("validate", "Replay every move of every game and report each problem."),
    "convert": (
        "convert",
        "Convert records between notations and between PDN and JSON, keeping everything else.",
    ),
    "render": ("render", "Draw the position of a record at a ply, the last move marked."),
    "new": (
        "new",
        "Start a record: the seven standard tags, the tags that name and set up the game.",
    ),
    "annotate": (
        "annotate",
        "Add PlyCount, FinalFEN, the decided result and a note at the first illegal move.",
    ),
    "repair": (
        "repair",
        "Correct score-sheet slips: the move meant is the one after which the rest replays.",
    ),
    "fix": ("fix", "Make records consistent: results, PlyCount, standard tags and setup tags."),
    "stats": (
        "stats",
        "Summarize an archive per game: results, lengths, first moves, invalid records.",
    ),
    "duplicates": (
        "duplicates",
        "List the games recorded more than once: same game, start and main-line moves.",
    ),
    "select": (
        "select",
        "Write the games that match every filter, each as its text; --rest the others.",
    ),
    "split": (
        "split",
        "Write each group of games to a file of its own, every game to exactly one.",
    ),
    "merge": (
        "merge",
        "Write every game of every input, in input order, as its text, to one archive.",
    ),
    "index": (
        "index",
        "Store every game of the inputs in an index, with its verdict and positions.",
    ),
    "find": ("find", "List the indexed games that match every filter, from the index alone."),
    "tree": (
        "tree",
        "The moves played from a position in the indexed games, most played first.",
    ),
    "config": ("config", "Show the settings `validate` uses here, and where each comes from."),
    "codes": ("codes", "List every diagnostic code with its severity and meaning."),
    "games": ("games", "List the supported games and their notations."),
}
"""Each command: the module of :mod:`cli.commands` that holds it, and its one-line help
(the first line of its docstring), listed by ``notation --help``."""


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
        raise TypeError(f"the commands are cli.main.COMMANDS; {name} is not added here")

    def __delitem__(self, name: str) -> None:
        raise TypeError(f"the commands are cli.main.COMMANDS; {name} stays")

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
        from importlib import metadata

        from notation.compiled import build

        echo(f"notation {metadata.version('notation')} ({build()})")
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


def main() -> None:
    """The ``notation`` console command: the app, with signals a user sends handled.

    A termination signal or an interrupt (Ctrl-C) ends the command as an error does
    (outputs not yet complete are discarded, no partial file is left, worker processes
    end with it), with the status 128 + the signal's number; a closed pipe (``| head``)
    ends it quietly. A standard stream closed when the command starts stays closed for it
    (``sys.stdin`` or ``sys.stdout`` is ``None``), and its descriptor is held on the null
    device, so that no file the command opens takes that number and receives what is
    meant for the stream. A system error no command reported (standard error that cannot
    be written) ends the command with one line and exit status 2, never a traceback.
    """
    for number in (0, 1, 2):
        try:
            os.fstat(number)
        except OSError:
            held = os.open(os.devnull, os.O_RDWR)
            if held != number:
                os.dup2(held, number)
                os.close(held)
    signal.signal(signal.SIGTERM, _terminated)
    signal.signal(signal.SIGINT, _terminated)
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    try:
        app()
    except OSError as error:
        # Commands turn their reading and writing errors into messages; what is left is
        # the system failing under them, most often standard error that cannot take a
        # message (a full disk, /dev/full). One line, if it can be written, and exit 2.
        with contextlib.suppress(OSError):
            os.write(2, f"notation: {error.strerror or error}\n".encode(errors="replace"))
        sys.stderr = None  # its unwritten text is dropped
        raise SystemExit(2) from None


def _terminated(number: int, frame: object) -> None:
    raise SystemExit(128 + number)
