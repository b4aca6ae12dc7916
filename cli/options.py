"""Options shared by the commands of :mod:`cli.main` and :mod:`cli.archive`."""

from __future__ import annotations

from typing import Annotated

import typer

from notation.games.registry import GAMES

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
