"""The draughts draw rules that count moves, over any ``(white, black, kings, turn)``
bitboard positions (every draughts game's), for the games' ``draw_rule``.

A main line is the sequence of its positions: the start, then the position after each ply.
Each function gives the index in that sequence of the position where the count reaches its
limit (the rules' draw), or ``None``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from notation.games.base import Side

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import Any

Bitboards = tuple[int, int, int, Side]
"""A draughts position as these counts read it: white, black, kings, side to move."""

Material = tuple[int, int, int, int]
"""White's men, White's kings, Black's men, Black's kings."""


def material(position: Any) -> Material:
    """The pieces of each kind on the board of a draughts position."""
    white, black, kings = position[0], position[1], position[2]
    return (
        (white & ~kings).bit_count(),
        (white & kings).bit_count(),
        (black & ~kings).bit_count(),
        (black & kings).bit_count(),
    )


def _men(position: Any) -> tuple[int, int, int]:
    """What a ply with no capture and no man moved leaves as it was: each side's men and
    the number of pieces. Men only go forward and pieces only leave, so two positions of a
    line with the same men and pieces have only king moves without capture between them."""
    white, black, kings = position[0], position[1], position[2]
    return white & ~kings, black & ~kings, (white | black).bit_count()


def _first_pair(keys: Callable[[Any], object], positions: Sequence[Any], step: int) -> int:
    """The first index ``i``, a multiple of ``step``, whose position has the same key (not
    ``None``) as the position ``step`` plies on; ``len(positions)`` if none.

    A stretch of positions of one key, at least ``2 * step`` plies long, holds such a pair,
    so a count of that many plies needs no closer look before the first pair, less a step.
    """
    previous = keys(positions[0])
    for index in range(step, len(positions), step):
        key = keys(positions[index])
        if key is not None and key == previous:
            return index - step
        previous = key
    return len(positions)


def quiet_run(positions: Sequence[Any], plies: int) -> int | None:
    """Where ``plies`` plies in a row have been played without a capture and without a
    man moving (a man that is crowned moves, so crowning ends the run as well)."""
    if len(positions) <= plies:
        return None
    step = plies // 2
    first = _first_pair(_men, positions, step)
    if first == len(positions):
        return None
    run = 0
    before = _men(positions[max(0, first - step)])
    for index in range(max(0, first - step) + 1, len(positions)):
        after = _men(positions[index])
        run = run + 1 if after == before else 0
        if run == plies:
            return index
        before = after
    return None


Endgame = Callable[[Material, Side], tuple[object, int] | None]
"""What an endgame count makes of a position's material and side to move: the count it
falls under (a key, which says what the count is; the count goes on while the key stays)
and the plies it allows from the position where the key began, or ``None`` when no count
applies."""


def endgame_count(
    positions: Sequence[Any], endgame: Endgame, fewest: int, shortest: int
) -> tuple[int, object] | None:
    """Where an endgame count, as ``endgame`` classes the positions, reaches its limit, and
    the count's key.

    ``fewest`` is the most pieces any count applies to (pieces only leave the board, so a
    line whose last position has more needs no look), ``shortest`` the fewest plies any
    count allows.
    """
    if not positions or sum(material(positions[-1])) > fewest:
        return None

    def key(position: Any) -> object:
        if position[0].bit_count() + position[1].bit_count() > fewest:
            return None
        counted = endgame(material(position), position[3])
        return None if counted is None else counted[0]

    step = max(1, shortest // 2)
    first = _first_pair(key, positions, step)
    if first == len(positions):
        return None
    current: object = None
    began = limit = 0
    for index in range(max(0, first - step), len(positions)):
        position = positions[index]
        if position[0].bit_count() + position[1].bit_count() > fewest:
            continue
        counted = endgame(material(position), position[3])
        if counted is None:
            current = None
            continue
        if counted[0] != current:
            current, began, limit = counted[0], index, counted[1]
        if index - began == limit:
            return index, current
    return None
