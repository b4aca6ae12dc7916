"""The draughts draw rules that count moves, over any ``(white, black, kings, turn)``
bitboard positions (every draughts game's), for the games' ``draw_rule``.

A main line is the sequence of its positions: the start, then the position after each ply.
Each function gives the index in that sequence of the position where the count reaches its
limit (the rules' draw), or ``None``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from notation.games.base import Side

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


def quiet_run(positions: Sequence[Any], plies: int) -> int | None:
    """Where ``plies`` plies in a row have been played without a capture and without a
    man moving (a man that is crowned moves, so crowning ends the run as well)."""
    if len(positions) <= plies:
        return None
    run = 0
    before = positions[0]
    for index in range(1, len(positions)):
        after = positions[index]
        white, black, kings = before[0], before[1], before[2]
        if before[3] is Side.WHITE:
            own, opp, own_after, opp_after = white, black, after[0], after[1]
        else:
            own, opp, own_after, opp_after = black, white, after[1], after[0]
        quiet = opp == opp_after and own & ~kings == own_after & ~after[2]
        run = run + 1 if quiet else 0
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
    positions: Sequence[Any], endgame: Endgame, fewest: int
) -> tuple[int, object] | None:
    """Where an endgame count, as ``endgame`` classes the positions, reaches its limit, and
    the count's key.

    ``fewest`` is the most pieces any count applies to: pieces only leave the board, so a
    line whose last position has more needs no look.
    """
    if not positions or sum(material(positions[-1])) > fewest:
        return None
    key: object = None
    began = limit = 0
    for index, position in enumerate(positions):
        if position[0].bit_count() + position[1].bit_count() > fewest:
            continue
        counted = endgame(material(position), position[3])
        if counted is None:
            key = None
            continue
        if counted[0] != key:
            key, began, limit = counted[0], index, counted[1]
        if index - began == limit:
            return index, key
    return None
