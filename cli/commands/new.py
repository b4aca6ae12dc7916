"""The ``new`` command: the tags of a new record."""

from __future__ import annotations

from typing import Annotated

import typer

from notation.games.registry import GAMES

from ..options import OutputOption, guarded, one_of, settings_of

# What the command runs is imported in its body: building the command line costs only
# what defining its options needs.


@guarded
def new(
    name: Annotated[
        str,
        typer.Argument(
            help="The game: " + ", ".join(GAMES) + ".", metavar="GAME", callback=one_of(*GAMES)
        ),
    ],
    seed: Annotated[
        int | None,
        typer.Option("--seed", "-s", help="Seed for a game that draws its set-up.", metavar="N"),
    ] = None,
    output: OutputOption = None,
) -> None:
    """Start a record: the seven standard tags, the tags that name and set up the game."""
    from notation.archive.new import new as run
    from notation.archive.new import new_settings

    run(settings_of(new_settings, game=name, seed=seed, output=output))


command = new
"""The command :mod:`cli.main` registers."""
