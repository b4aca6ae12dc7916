"""Replaying a record's movetext through a game's rules, variations included.

:func:`replay_line` walks a :class:`~notation.record.model.Line`, asking the game to read
and play each ply, and reports every step to a :class:`ReplayVisitor`. Each variation is
replayed from the position before the ply it replaces. A line stops at its first illegal
ply (nothing after it can be placed), but the variations attached to that ply are still
replayed.
"""

from __future__ import annotations

from notation.games.base import AnyGame, IllegalMove, Move, Position
from notation.record.grammar import MAX_DEPTH
from notation.record.model import Line, Ply, Record


class ReplayVisitor:
    """Receives the steps of a replay; override what you need."""

    def start_line(self, line: Line, first_ply: int, depth: int) -> None:
        """The replay of ``line`` begins; its first ply is ply ``first_ply`` of the game."""

    def move(
        self, ply: Ply, number: int, before: Position, move: Move, after: Position, depth: int
    ) -> None:
        """``ply`` (ply ``number`` of the game) was read as ``move``, leading to ``after``."""

    def illegal(
        self, ply: Ply, number: int, before: Position, error: IllegalMove, depth: int
    ) -> None:
        """``ply`` is not a legal move in ``before``; its line stops here."""


def replay_line(
    game: AnyGame,
    line: Line,
    position: Position,
    visitor: ReplayVisitor,
    *,
    first_ply: int = 1,
    depth: int = 0,
    trail: list[Position] | None = None,
    variations: bool = True,
) -> Position | None:
    """Replay ``line`` from ``position``; the final position, or ``None`` if a ply was illegal.

    ``first_ply`` is the game ply number of the line's first ply; ``depth`` is 0 for the
    main line and grows by one per variation level. ``trail``, when given, receives the
    position after each legal ply of this line (not of its variations). With
    ``variations`` false, the variations are not replayed.
    """
    parse_move, play = game.parse_move, game.play
    on_move = None if type(visitor).move is ReplayVisitor.move else visitor.move
    keep = None if trail is None else trail.append
    if type(visitor).start_line is not ReplayVisitor.start_line:
        visitor.start_line(line, first_ply, depth)
    number = first_ply
    for ply in line.plies:
        try:
            move = parse_move(position, ply.text)
        except IllegalMove as error:
            visitor.illegal(ply, number, position, error, depth)
            if variations:
                _replay_variations(game, ply, position, visitor, number, depth)
            return None
        if variations and ply._variations:  # reads without making an empty list
            _replay_variations(game, ply, position, visitor, number, depth)
        after = play(position, move)
        if on_move is not None:
            on_move(ply, number, position, move, after, depth)
        if keep is not None:
            keep(after)
        position = after
        number += 1
    return position


def _replay_variations(
    game: AnyGame, ply: Ply, position: Position, visitor: ReplayVisitor, number: int, depth: int
) -> None:
    if depth >= MAX_DEPTH:
        return
    for variation in ply.variations:
        replay_line(game, variation, position, visitor, first_ply=number, depth=depth + 1)


def main_line_positions(game: AnyGame, line: Line, start: Position) -> list[Position]:
    """The positions of a main line, ``start`` first, up to its first illegal ply."""
    positions = [start]
    replay_line(game, line, start, ReplayVisitor(), trail=positions, variations=False)
    return positions


def record_notation(game: AnyGame, record: Record) -> str | None:
    """The notation ``record``'s moves are written in: that of its first ply that tells
    (main line first, then the variations), or ``None`` (the game's default) when none
    does. Messages and pictures about the record use it."""
    lines = [(record.moves, 0)]
    while lines:
        line, depth = lines.pop(0)
        for ply in line.plies:
            found = game.notation_of(ply.text)
            if found is not None:
                return found
            if depth < MAX_DEPTH and ply._variations:
                lines.extend((variation, depth + 1) for variation in ply.variations)
    return None
