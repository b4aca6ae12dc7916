"""Replaying a record's movetext through a game's rules, variations included.

:func:`replay_line` walks a :class:`~notation.record.model.Line`, asking the game to read
and play each ply, and reports every step to a :class:`ReplayVisitor`. Each variation is
replayed from the position before the ply it replaces. A line stops at its first illegal
ply (nothing after it can be placed), but the variations attached to that ply are still
replayed.

A draughts capture written as its start and first landing square only (DraughtsMind's
``1x10`` for ``1x10x19``), which the game refuses, is read here, in one rule for every
draughts game (:func:`short_capture`), and told to the visitor
(:meth:`ReplayVisitor.short_capture`) before it is played as any legal move is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Protocol, runtime_checkable

from notation.games.base import AnyGame, IllegalMove, Move, Position
from notation.record.grammar import MAX_DEPTH
from notation.record.model import Line, Ply, Record


@runtime_checkable
class CapturePaths(Protocol):
    """A draughts game: it lists the routes of its legal captures."""

    def capture_paths(self, position: Any) -> Iterable[tuple[tuple[int, ...], Any]]:
        """Each route of each legal capture: the squares visited (start first, numbered as
        the game's numeric notation numbers them), with the move it makes."""
        ...


SHORT_CAPTURE = re.compile(r"\s*([0-9]{1,2})\s*[xX:]\s*([0-9]{1,2})\s*")
"""A capture text of two numbered squares."""


def short_capture(game: AnyGame, position: Position, text: str) -> Move | None:
    """The move a short capture names: ``text`` gives two numbered squares, no legal
    capture goes from the first to the second (then it names its start and end, as PDN
    reads it), and the routes that start there and first land on the second are all
    routes of one legal capture of several pieces. ``None`` otherwise (and for a game
    that is not draughts)."""
    if not isinstance(game, CapturePaths):
        return None
    match = SHORT_CAPTURE.fullmatch(text)
    if match is None:
        return None
    start, landing = int(match[1]), int(match[2])
    found = None
    for path, move in game.capture_paths(position):
        if path[0] != start:
            continue
        if path[-1] == landing:
            return None
        if path[1] == landing:
            if found is not None and move != found:
                return None
            found = move
    return found


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

    def short_capture(
        self, ply: Ply, number: int, before: Position, move: Move, depth: int
    ) -> None:
        """``ply`` names only the start and first landing square of ``move``, a capture
        of several pieces, and is read as it (:func:`short_capture`); :meth:`move` follows."""


def read_ply(game: AnyGame, position: Position, text: str) -> tuple[Move, Position]:
    """The legal move ``text`` names in ``position``, a short capture too, and the position
    after it, as replaying reads a ply; raises the game's :class:`IllegalMove` otherwise."""
    try:
        return game.advance(position, text)
    except IllegalMove:
        move = short_capture(game, position, text)
        if move is None:
            raise
        return move, game.play(position, move)


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
    advance, play = game.advancer(), game.play
    on_move = None if type(visitor).move is ReplayVisitor.move else visitor.move
    keep = None if trail is None else trail.append
    if type(visitor).start_line is not ReplayVisitor.start_line:
        visitor.start_line(line, first_ply, depth)
    # A line the reader keeps as text has no variations: its plies are made only when a
    # visitor is to be given one.
    plies = None if line._source is not None or not variations else line._plies
    each = plies is not None or on_move is not None
    for index, text in enumerate(line.move_texts()):
        try:
            move, after = advance(position, text)
        except IllegalMove as error:
            move = short_capture(game, position, text)
            ply = line.plies[index]
            if move is None:
                visitor.illegal(ply, first_ply + index, position, error, depth)
                if variations:
                    _replay_variations(game, ply, position, visitor, first_ply + index, depth)
                return None
            visitor.short_capture(ply, first_ply + index, position, move, depth)
            after = play(position, move)
        if each:
            if plies is not None and plies[index]._variations:  # makes no empty list
                _replay_variations(game, plies[index], position, visitor, first_ply + index, depth)
            if on_move is not None:
                on_move(line.plies[index], first_ply + index, position, move, after, depth)
        if keep is not None:
            keep(after)
        position = after
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


def record_texts(record: Record) -> Iterator[str]:
    """Every move text of ``record``: its main line, then its variations (as deep as they
    are replayed), made lazily: a game that does not read them makes no ply."""
    lines = [(record.moves, 0)]
    while lines:
        line, depth = lines.pop(0)
        yield from line.move_texts()
        if line._source is not None or depth >= MAX_DEPTH:
            continue
        for ply in line.plies:
            if ply._variations:
                lines.extend((variation, depth + 1) for variation in ply.variations)


def record_start(game: AnyGame, record: Record, tags: Mapping[str, str] | None = None) -> Position:
    """The start position of ``record`` (whose tags are ``tags``, by default its own), as
    every command replays it: :meth:`~notation.games.base.Game.start_record` with all its
    move texts. Raises :class:`~notation.games.base.SetupError` as ``start`` does."""
    return game.start_record(record.tag_dict() if tags is None else tags, record_texts(record))


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
