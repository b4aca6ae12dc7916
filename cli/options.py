"""Options and output helpers shared by the commands of :mod:`cli.main` and :mod:`cli.archive`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from notation import diagnostics as codes
from notation.diagnostics import Diagnostic
from notation.games.base import Game
from notation.games.registry import GAMES, get_game
from notation.record.model import Record

PathsArgument = Annotated[
    list[str],
    typer.Argument(
        help="Record files (also .gz, .bz2, .xz), directories (searched for *.pdn, *.pgn), "
        "glob patterns, or - for stdin."
    ),
]
"""``PATH...``: the records a command reads."""

OutputOption = Annotated[
    Path | None,
    typer.Option("--output", "-o", help="Write here instead of stdout.", metavar="OUT"),
]
"""``--output OUT``: where a command writes, instead of standard output."""

GameOption = Annotated[
    str | None,
    typer.Option(
        "--game",
        "-g",
        help="Game of records whose tags name none (" + ", ".join(GAMES) + ").",
        metavar="NAME",
    ),
]
"""``--game NAME``: the game of records whose tags do not name one."""


def game_named(name: str, hint: str = "--game") -> Game:
    """The game called ``name``; a usage error naming the option ``hint`` otherwise."""
    try:
        return get_game(name)
    except KeyError as error:
        raise typer.BadParameter(str(error.args[0]), param_hint=hint) from None


def default_game(name: str | None) -> Game | None:
    """The game given with ``--game``, if any."""
    return None if name is None else game_named(name)


def echo_problem(diagnostic: Diagnostic) -> None:
    """Print a diagnostic on standard error."""
    typer.echo(diagnostic.format(), err=True)


def copied_unchanged(found: str, record: Record, path: str) -> Diagnostic:
    """The notice for a record of a game the toolkit does not support (``found`` names it)."""
    message = f"{found} is not supported: game {record.index} was copied unchanged"
    return Diagnostic(codes.UNKNOWN_GAME, message, *record.pos, path, record.index)


def plural(count: int, word: str) -> str:
    """``word``, with an ``s`` unless ``count`` is 1."""
    return word if count == 1 else word + "s"
