"""What makes two records the same game: a key of the moves from the start, and a streaming
index of the keys seen.

Two records are duplicates when they are records of the same game, start from the same
position and have the same main-line moves. Moves are compared as the game reads them,
not as written: each is written again in the game's default notation by its
``format_move`` (and the start by its ``setup_tags``), so the numeric and the
alphanumeric record of one Brazilian game match, as do a record with a ``FEN`` of the
standard start and one without. Tags, comments, variations and results do not count.

Records that cannot be replayed whole (a syntax error, an invalid setup, an illegal
main-line move, an unsupported game) and records without moves get no key.

:class:`Duplicates` is a streaming index: it keeps a 16-byte hash of each distinct game
and where it was first seen (path, game number, line), plus the later copies, so memory
grows with the number of distinct games, not with their text. ``validate --duplicates``
and the ``duplicates`` command (:mod:`notation.archive.duplicates`) both use it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from notation import diagnostics as codes
from notation.check.replay import ReplayVisitor, replay_line
from notation.diagnostics import Diagnostic
from notation.games.base import AnyGame, Move, Position, SetupError
from notation.record.model import Ply, Record


@dataclass(frozen=True, slots=True)
class Occurrence:
    """Where a record is: its source, its game number there and its first line."""

    path: str
    index: int
    line: int


class Group(NamedTuple):
    """Records holding one game: its name, its main-line plies, and where each record is
    (the first one seen first)."""

    game: str
    plies: int
    records: list[Occurrence]


class _MainLine(ReplayVisitor):
    """Keeps each move of a main line replayed, with the position before it."""

    def __init__(self) -> None:
        self.moves: list[tuple[Position, Move]] = []

    def move(
        self, ply: Ply, number: int, before: Position, move: Move, after: Position, depth: int
    ) -> None:
        self.moves.append((before, move))


def moves_key(game: AnyGame, record: Record) -> tuple[bytes, int] | None:
    """The hash that two duplicates share, and the record's main-line plies.

    ``None`` when the record cannot be compared: a syntax error, an invalid setup, an
    illegal main-line move, or no moves.
    """
    if record.has_syntax_errors or not record.moves.plies:
        return None
    try:
        start = game.start(record.tag_dict())
    except SetupError:
        return None
    main_line = _MainLine()
    if replay_line(game, record.moves, start, main_line, variations=False) is None:
        return None
    return key_of(game, main_line.moves)


def key_of(game: AnyGame, main_line: Sequence[tuple[Position, Move]]) -> tuple[bytes, int]:
    """:func:`moves_key` of a main line already replayed: each move with the position
    before it, the first from the record's start."""
    digest = hashlib.blake2b(digest_size=16)
    setup = sorted(game.setup_tags(main_line[0][0]).items())
    digest.update(repr((game.name, setup)).encode())
    for before, move in main_line:
        digest.update(b"\x00" + game.format_move(before, move).encode())
    return digest.digest(), len(main_line)


@dataclass(slots=True)
class Duplicates:
    """A streaming index of the games seen; :meth:`add` each record in turn."""

    _first: dict[bytes, tuple[int, str, int, Occurrence]] = field(default_factory=dict)
    """By hash: order of first sight, game name, plies, first occurrence."""
    _copies: dict[bytes, list[Occurrence]] = field(default_factory=dict)
    records: int = 0
    """Records added that could be compared."""

    def add(
        self, record: Record, game: AnyGame, *, path: str = "-"
    ) -> tuple[Occurrence, Occurrence] | None:
        """Index one record of ``game``; (first occurrence, this record) when it repeats a
        game seen before, else ``None``."""
        found = moves_key(game, record)
        if found is None:
            return None
        return self.add_key(found, game.name, Occurrence(path, record.index, record.pos.line))

    def add_key(
        self, found: tuple[bytes, int], game: str, here: Occurrence
    ) -> tuple[Occurrence, Occurrence] | None:
        """Index a record by its :func:`moves_key` (computed elsewhere, e.g. in a worker)."""
        key, plies = found
        self.records += 1
        first = self._first.get(key)
        if first is None:
            self._first[key] = (len(self._first), game, plies, here)
            return None
        self._copies.setdefault(key, []).append(here)
        return first[3], here

    def check(self, record: Record, game: AnyGame, *, path: str = "-") -> Diagnostic | None:
        """Index one record; a REC208 warning when it repeats a game seen before."""
        found = moves_key(game, record)
        if found is None:
            return None
        here = Occurrence(path, record.index, record.pos.line)
        return self.check_key(found, game.name, here, record.pos.column)

    def check_key(
        self, found: tuple[bytes, int], game: str, here: Occurrence, column: int = 1
    ) -> Diagnostic | None:
        """Index a record by its key; a REC208 warning when it repeats a game seen before."""
        repeated = self.add_key(found, game, here)
        if repeated is None:
            return None
        first = repeated[0]
        where = "" if first.path == here.path else f" of {first.path}"
        message = (
            f"game {here.index} repeats game {first.index}{where} (line {first.line}): "
            "the same moves from the same start"
        )
        return Diagnostic(codes.DUPLICATE, message, here.line, column, here.path, here.index)

    def groups(self) -> list[Group]:
        """Every game seen more than once, in the order first seen."""
        found = []
        for key, copies in self._copies.items():
            order, name, plies, first = self._first[key]
            found.append((order, Group(name, plies, [first, *copies])))
        found.sort(key=lambda item: item[0])
        return [group for _, group in found]
