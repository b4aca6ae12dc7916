"""Options shared by the commands of :mod:`cli.main` and :mod:`cli.archive`."""

from __future__ import annotations

from typing import Annotated

import typer

from notation.games.base import Game
from notation.games.registry import GAMES, get_game

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
