"""Test helpers for games a test defines and registers itself (a game outside the
registry's built-in table)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from notation.diagnostics import CODES
from notation.games.base import AnyGame
from notation.games.draughts import DraughtsGame, register_move_codes
from notation.games.registry import register, unregister


@contextmanager
def draughts_registered(game: DraughtsGame[Any, Any], prefix: str) -> Iterator[None]:
    """A draughts game and its codes (``<prefix>201`` to ``<prefix>208``) known to the
    toolkit, then forgotten."""
    kind = type(game)
    kind.codes = register_move_codes(prefix, game.in_text, game.a_move)
    register(game)
    try:
        yield
    finally:
        unregister(game.name)
        for code in kind.codes:
            del CODES[code]


def setup(game: AnyGame, fen: str, rules: str = "") -> Any:
    """The position of ``game`` a FEN tag (and a ``Rules`` tag, when given) describes."""
    tags = {"FEN": fen}
    if rules:
        tags["Rules"] = rules
    return game.start(tags)
