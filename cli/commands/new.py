"""The ``new`` command: the tags of a new record."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Annotated

import typer

from cli.options import (
    OutputOption,
    game_named,
    guarded,
    writable,
    write_text,
)
from notation.games.registry import GAMES

# What the command runs is imported in its body: building the command line costs only
# what defining its options needs.
if TYPE_CHECKING:
    pass


@guarded
def new(
    name: Annotated[
        str, typer.Argument(help="The game: " + ", ".join(GAMES) + ".", metavar="GAME")
    ],
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", help="Seed for a game that draws its set-up.")
    ] = None,
    output: OutputOption = None,
) -> None:
    """Start a record: the seven standard tags, the tags that name and set up the game."""
    from notation.record.model import Record, Tag
    from notation.record.writer import write_record

    game = game_named(name, "GAME")
    tags = [
        Tag("Event", "?"),
        Tag("Site", "?"),
        Tag("Date", datetime.date.today().strftime("%Y.%m.%d")),
        Tag("Round", "?"),
        Tag("White", "?"),
        Tag("Black", "?"),
        Tag("Result", "*"),
    ]
    tags += [Tag(key, value) for key, value in game.new_tags(seed).items()]
    writable(output, [])
    write_text(output, write_record(Record(tags=tags, result="*")))


command = new
"""The command :mod:`cli.main` registers."""
