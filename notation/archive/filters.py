"""The readers of ``select``'s filters as options give them (tags, plies, an opening, a
result, a position), kept apart from the selection itself so that ``find`` and ``tree``
read the same options without importing the validator."""

from __future__ import annotations

import re

from notation.games.base import SetupError
from notation.games.registry import GAMES
from notation.lazy import compiled
from notation.record.lexicon import MOVE_TOKEN
from notation.record.model import RESULTS

_MOVE_NUMBER = compiled(r"\d+\.+")


def parse_tag(text: str) -> tuple[str, str]:
    """``NAME=GLOB`` as (name, pattern); :class:`ValueError` when it is not one."""
    name, equals, pattern = text.partition("=")
    if not equals or re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name) is None:
        raise ValueError(f"{text!r} is not NAME=PATTERN (a tag name, =, a shell pattern)")
    return name, pattern


def parse_plies(text: str) -> tuple[int | None, int | None]:
    """``MIN:MAX``, ``MIN:`` or ``:MAX`` (or ``N``: exactly N) as bounds; :class:`ValueError`
    when it is not one."""
    low, colon, high = text.partition(":")
    if not colon:
        high = low
    try:
        bounds = (int(low) if low else None, int(high) if high else None)
    except ValueError:
        raise ValueError(f"{text!r} is not MIN:MAX (numbers of plies)") from None
    if bounds == (None, None) or any(b is not None and b < 0 for b in bounds):
        raise ValueError(f"{text!r} is not MIN:MAX (numbers of plies)")
    if bounds[0] is not None and bounds[1] is not None and bounds[0] > bounds[1]:
        raise ValueError(f"{text!r}: the least number of plies is above the most")
    return bounds


def parse_opening(text: str) -> tuple[str, ...]:
    """The moves of ``22-18 11-15`` or ``1. 22-18 11-15`` (move numbers left out);
    :class:`ValueError` when there is none, or a word is not a move as records write one."""
    words = tuple(w for w in text.split() if _MOVE_NUMBER.fullmatch(w) is None)
    if not words:
        raise ValueError(f"{text!r} holds no move")
    for word in words:
        if MOVE_TOKEN.fullmatch(word) is None:
            raise ValueError(f"{word!r} is not a move (as in 22-18, 1x10 or a3-b4)")
    return words


def check_result(result: str) -> str:
    """``result`` when it is a PDN result; :class:`ValueError` otherwise."""
    if result not in RESULTS:
        raise ValueError(f"{result!r} is not a result; choose one of {' '.join(RESULTS)}")
    return result


def check_position(fen: str, variant: str | None) -> None:
    """Raise :class:`ValueError` when no game (or not the game ``variant``) reads ``fen``."""
    games = [GAMES[variant]] if variant is not None else list(GAMES.values())
    problems = []
    for game in games:
        try:
            game.start({**game.new_tags(0), "FEN": fen})
        except SetupError as error:
            problems.append(f"{game.name}: {error}")
        else:
            return
    raise ValueError(f"no game reads the FEN {fen!r} ({'; '.join(problems)})")
