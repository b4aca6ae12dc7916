"""notation: read, write, convert, replay and validate records of eight board games.

The public names below are imported when first used, so ``import notation`` stays cheap
(docs/api.md):

- :func:`read_games` and :func:`validate` (from :mod:`notation.api`);
- :data:`GAMES` (every game by name) and :func:`get_game` (from
  :mod:`notation.games.registry`);
- :class:`Record` (a game record as read), :class:`Diagnostic` (one problem found) and
  :class:`GameReport` (the verdict on one record);
- :class:`IllegalMove` and :class:`SetupError`, what a game raises for a move that is not
  legal and for tags that describe no valid start (from :mod:`notation.games.base`).
"""

from __future__ import annotations

import sys as _sys

from notation.loader import install as _install

_install(_sys.modules[__name__])  # before any other module of the package is imported

from notation.late import SOURCES as _SOURCES  # noqa: E402
from notation.version import __version__ as __version__  # noqa: E402

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing

if TYPE_CHECKING:
    from notation.api import read_games, validate
    from notation.check.report import GameReport
    from notation.diagnostics import Diagnostic
    from notation.games.base import IllegalMove, SetupError
    from notation.games.registry import GAMES, get_game
    from notation.record.model import Record

_PUBLIC = {
    "read_games": "notation.api",
    "validate": "notation.api",
    "GAMES": "notation.games.registry",
    "get_game": "notation.games.registry",
    "Record": "notation.record.model",
    "Diagnostic": "notation.diagnostics",
    "GameReport": "notation.check.report",
    "IllegalMove": "notation.games.base",
    "SetupError": "notation.games.base",
}
"""Each public name, with the module it is imported from when first used."""


def _codes_of_every_game() -> None:
    """Import every game, so that each registers its diagnostic codes: a report read back
    (from a worker, a cache) may hold a code of a game this process never replayed."""
    from notation.games.registry import GAMES

    list(GAMES.values())


_SOURCES.append(_codes_of_every_game)


__all__ = [
    "GAMES",
    "Diagnostic",
    "GameReport",
    "IllegalMove",
    "Record",
    "SetupError",
    "get_game",
    "read_games",
    "validate",
]


def __getattr__(name: str) -> object:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'notation' has no attribute {name!r}")
    # importlib (with warnings) is imported only here: no command needs it to start.
    import importlib

    found = getattr(importlib.import_module(module), name)
    globals()[name] = found
    return found


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
