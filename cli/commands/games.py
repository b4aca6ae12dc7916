"""The ``games`` command: the supported games and their notations."""

from __future__ import annotations

from notation.games.registry import GAMES

from ..options import (
    echo,
    guarded,
)

# What the command runs is imported in its body: building the command line costs only
# what defining its options needs.


@guarded
def list_games() -> None:
    """List the supported games and their notations."""
    for name, game in GAMES.items():
        echo(f"{name:<14} {game.title} (notations: {', '.join(game.notations)})")


command = list_games
"""The command :mod:`cli.main` registers."""
