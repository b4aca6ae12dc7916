"""notation: read, write, convert, replay and validate records of five board games."""

from notation import diagnostics as _diagnostics

__version__ = "0.1.0"


def _codes_of_every_game() -> None:
    """Import every game, so that each registers its diagnostic codes: a report read back
    (from a worker, a cache) may hold a code of a game this process never replayed."""
    from notation.games.registry import GAMES

    list(GAMES.values())


_diagnostics.add_source(_codes_of_every_game)
