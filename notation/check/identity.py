"""What makes two records the same game: a key of the moves from the start, and a streaming
index of the keys seen.

Two records are duplicates when they are records of the same game, start from the same
position and have the same main-line moves. Moves are compared as the game reads them,
not as written: each is written again in the game's default notation by its
``format_move`` (and the start by its ``setup_tags``), so the numeric and the
alphanumeric record of one Brazilian game match, as do a record with a ``FEN`` of the
standard start and one without. Tags, comments, variations and results do not count.

Records that cannot be replayed whole (a syntax error, an invalid setup, an illegal
main-line move, an unsupported game) are compared as written instead (:func:`written_key`):
by the game they name, their setup tags (``FEN``, ``Layout``, ``Rules``) and the moves of
their main line and variations as written, move numbers, comments, NAGs, move-strength
marks and spacing aside. A record with a syntax error (whose reading stopped at it) and
a record without moves are compared by their whole text, spacing aside (not compared
when the text was not kept). :func:`copy_key` gives a record the one key or the other.
Every main line here is the one ``validate`` replays
(:func:`~notation.check.validator.validate_record`): no other loop reads a record's moves.

:class:`Duplicates` is a streaming index: it keeps a 16-byte hash of each distinct game
and where it was first seen (path, game number, line), plus the later copies, so memory
grows with the number of distinct games, not with their text. ``validate --duplicates``
and the ``duplicates`` command (:mod:`notation.archive.duplicates`) both use it.

Positions are compared by what identifies them in their game
(:meth:`~notation.games.base.Game.identity`: the position itself, but for what a setup
may or may not say, like Keny's count of plies since the last capture). :class:`Positions`
indexes the position each record reaches (at its end or after a given ply) to find
transpositions: records that reach one position by different move orders.
"""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from notation import diagnostics as codes
from notation.check.dialects import NO_DIALECTS
from notation.check.validator import GameReport, ReplayedLine, replay_main_line
from notation.diagnostics import Diagnostic
from notation.games.base import AnyGame, Game, Move, Position
from notation.games.registry import get_game, resolve_game
from notation.record.model import Line, Record

SETUP_TAGS = ("FEN", "Layout", "Rules")
"""The tags a game reads its start from: a record compared as written is compared by them."""


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


def moves_key(
    game: AnyGame | None, record: Record, dialects: frozenset[str] = NO_DIALECTS
) -> tuple[bytes, int] | None:
    """The hash that two duplicates share, and the record's main-line plies; ``game`` is
    the game of a record whose tags name none (as ``--game``; ``None``: as ``validate``
    without it), ``dialects`` the optional dialects read (:mod:`notation.check.dialects`).

    ``None`` when the record cannot be compared: a syntax error, a record not replayed
    (unsupported game, invalid setup), an illegal main-line move, or no moves.
    """
    if record.has_syntax_errors or not record.moves.move_texts():
        return None
    line = main_line(game, record, dialects)
    if line is None or not line.complete:
        return None
    return key_of(line.game, line.moves)


def key_of(game: AnyGame, main_line: Sequence[tuple[Position, Move]]) -> tuple[bytes, int]:
    """:func:`moves_key` of a main line already replayed: each move with the position
    before it, the first from the record's start."""
    digest = hashlib.blake2b(digest_size=16)
    setup = sorted(game.setup_tags(main_line[0][0]).items())
    digest.update(repr((game.name, setup)).encode())
    for before, move in main_line:
        digest.update(b"\x00" + game.format_move(before, move).encode())
    return digest.digest(), len(main_line)


def written_key(record: Record, game: AnyGame | str) -> tuple[bytes, int] | None:
    """The key of ``record`` as written, and its main-line plies; ``game`` is the game it
    is read as, or the description of the unsupported game its tags name.

    The key holds the game, the setup tags as written and the move texts of the main line
    and its variations (each variation's place kept). A record with a syntax error (read
    only up to it) and a record without moves (a position, a result: nothing else tells
    two apart) hold their whole text instead, runs of spacing made one blank; ``None`` for
    such a record whose text was not kept (``keep_text``).
    """
    plies = len(record.moves.move_texts())
    named = game.name if isinstance(game, Game) else game
    setup = [(name, " ".join(value.split())) for name in SETUP_TAGS if (value := record.tag(name))]
    digest = hashlib.blake2b(digest_size=16, person=b"as written")
    digest.update(repr((named, setup)).encode())
    if record.has_syntax_errors or not plies:
        if record.text is None:
            return None
        digest.update(b"\x01" + " ".join(record.text.split()).encode())
    else:
        _digest_line(digest, record.moves)
    return digest.digest(), plies


def _digest_line(digest: hashlib.blake2b, line: Line) -> None:
    """Feed ``digest`` the move texts of ``line``, each variation in brackets after the ply
    it is an alternative to."""
    if line.is_deferred:
        for text in line.move_texts():
            digest.update(b"\x00" + text.encode())
        return
    for ply in line.plies:
        digest.update(b"\x00" + ply.text.encode())
        for variation in ply.variations_view:
            digest.update(b"\x02")
            _digest_line(digest, variation)
            digest.update(b"\x03")


def copy_key(
    record: Record, game: AnyGame | None, dialects: frozenset[str] = NO_DIALECTS
) -> tuple[tuple[bytes, int], str] | None:
    """The key two copies of a game share, and the name of the game they are records of
    (``game``, ``dialects``: see :func:`moves_key`): :func:`key_of` the main line where
    ``record`` replays whole, else :func:`written_key` as the game ``validate`` judges it
    as (or the description of the unsupported game its tags name)."""
    return line_key(record, replay_main_line(record, default=game, dialects=dialects), game)


def line_key(
    record: Record, line: ReplayedLine, game: AnyGame | None
) -> tuple[tuple[bytes, int], str] | None:
    """:func:`copy_key` of ``record`` from ``line``, the validator's replay of it
    (:func:`~notation.check.validator.replay_main_line`; ``game``: the game of a record
    whose tags name none)."""
    played = line.game
    if played is not None and line.complete and line.moves and not record.has_syntax_errors:
        pairs = list(zip(line.positions[:-1], line.moves, strict=True))
        return key_of(played, pairs), played.name
    judged = resolve_game(record.tag_dict(), game)
    if line.report.game is not None:
        judged = get_game(line.report.game)
    found = written_key(record, judged)
    if found is None:
        return None
    return found, judged.name if isinstance(judged, Game) else judged


@dataclass(slots=True)
class Duplicates:
    """A streaming index of the games seen; :meth:`add` each record in turn."""

    _first: dict[bytes, tuple[int, str, int, Occurrence]] = field(default_factory=dict)
    """By hash: order of first sight, game name, plies, first occurrence."""
    _copies: dict[bytes, list[Occurrence]] = field(default_factory=dict)
    records: int = 0
    """Records added that could be compared."""

    def add(
        self,
        record: Record,
        game: AnyGame | None,
        *,
        path: str = "-",
        dialects: frozenset[str] = NO_DIALECTS,
    ) -> tuple[Occurrence, Occurrence] | None:
        """Index one record by its :func:`copy_key` (``game``, ``dialects``: see
        :func:`moves_key`); (first occurrence, this record) when it repeats a game seen
        before, else ``None``."""
        found = copy_key(record, game, dialects)
        if found is None:
            return None
        here = Occurrence(path, record.index, record.pos.line)
        return self.add_key(found[0], found[1], here)

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

    def check(
        self,
        record: Record,
        game: AnyGame | None,
        *,
        path: str = "-",
        dialects: frozenset[str] = NO_DIALECTS,
    ) -> Diagnostic | None:
        """Index one record (as :meth:`add`); a REC208 warning when it repeats a game seen
        before."""
        found = copy_key(record, game, dialects)
        if found is None:
            return None
        here = Occurrence(path, record.index, record.pos.line)
        return self.check_key(found[0], found[1], here, record.pos.column)

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


@dataclass(frozen=True, slots=True)
class MainLine:
    """A record's main line as ``validate`` replayed it from its start: each legal move
    with the position before it, the position after the last, whether every ply was
    legal, and the game it was replayed as."""

    start: Position
    moves: list[tuple[Position, Move]]
    end: Position
    complete: bool
    game: AnyGame

    def positions(self) -> list[Position]:
        """The start and the position after each legal ply, in order."""
        return [before for before, _ in self.moves] + [self.end]


def main_line(
    game: AnyGame | None, record: Record, dialects: frozenset[str] = NO_DIALECTS
) -> MainLine | None:
    """The main line of ``record`` as ``validate`` replays it, up to its first illegal ply
    (``game``, ``dialects``: see :func:`moves_key`); ``None`` when it is not replayed (an
    unsupported game, an invalid setup)."""
    line = replay_main_line(record, default=game, dialects=dialects)
    if line.game is None:
        return None
    positions = line.positions
    moves = list(zip(positions[:-1], line.moves, strict=True))
    return MainLine(positions[0], moves, positions[-1], line.complete, line.game)


def line_of(report: GameReport, record: Record | None = None) -> MainLine | None:
    """The main line of the record of ``report``, a report made with ``trace``
    (:func:`~notation.check.validator.validate_record`), or with ``keep`` on ``record``;
    ``None`` when the record was not replayed."""
    replayed = report.replayed
    if replayed is None and record is not None:
        return _kept_line(report, record)
    if replayed is None or replayed.start is None or report.game is None:
        return None
    moves: list[tuple[Position, Move]] = []
    end = replayed.start
    for index in range(report.plies):
        step = replayed.steps[(index,)]
        if step.move is None or step.after is None:
            break
        moves.append((step.before, step.move))
        end = step.after
    complete = len(moves) == len(replayed.record.moves.plies)
    return MainLine(replayed.start, moves, end, complete, get_game(report.game))


def _kept_line(report: GameReport, record: Record) -> MainLine | None:
    """:func:`line_of` a report made with ``keep`` on ``record``: its moves and last
    position as kept, its start that of the first move (the last position when none was
    legal)."""
    end = report.end
    if report.game is None or end is None:
        return None
    moves = report.main_line
    start = moves[0][0] if moves else end
    complete = len(moves) == len(record.moves.move_texts())
    return MainLine(start, moves, end, complete, get_game(report.game))


class Reached(NamedTuple):
    """A record that reached an indexed position: where it is, its main-line plies, and
    the number of its move order in its group (1 for the first order seen)."""

    where: Occurrence
    plies: int
    order: int


class PositionGroup(NamedTuple):
    """Records reaching one position by more than one move order, the first seen first."""

    game: str
    position: Position
    records: list[Reached]

    @property
    def orders(self) -> int:
        """The distinct move orders among the records."""
        return max(reached.order for reached in self.records)


@dataclass(slots=True)
class Positions:
    """An index of the position each record reaches: at the end of its main line, or
    after ply ``ply``; :meth:`add` each record in turn, then :meth:`groups`.

    Two records reach the position by the same move order when their moves up to it are
    equal, as the game compares moves, from the same setup tags. A legal move's text
    parses back to that move alone, so these are the orders the written moves tell apart
    (:func:`key_of`), but for one case: a draughts capture the game counts as one move
    whatever its route, written in full by two records along two routes where another
    capture shares its start and end, is one move here. Memory grows with the records
    indexed (where each is, and each distinct position once) and with the distinct moves
    and setups met.
    """

    ply: int | None = None
    _seen: dict[tuple[str, Hashable], tuple[list[bytes], list[Reached]]] = field(
        default_factory=dict
    )
    _setups: dict[tuple[str, tuple[tuple[str, str], ...]], int] = field(default_factory=dict)
    """Each distinct setup met (game, setup tags), numbered from 0."""
    _starts: dict[tuple[str, Position], int] = field(default_factory=dict)
    """The number of each start position's setup, its setup tags written once."""
    _moves: dict[Hashable, int] = field(default_factory=dict)
    """Each distinct move met, numbered from 0 (moves of two games may be equal values:
    a group holds one game)."""
    _by_fields: dict[tuple[object, ...], int] = field(default_factory=dict)
    """The number of each move met that is a tuple, by its fields as a plain tuple."""
    records: int = 0
    """Records added that reached a position to index."""

    def add(
        self,
        record: Record,
        game: AnyGame | None,
        *,
        path: str = "-",
        dialects: frozenset[str] = NO_DIALECTS,
    ) -> None:
        """Index one record (``game``, ``dialects``: see :func:`moves_key`): left out when
        it has a syntax error, is not replayed or has no moves, when its main line is not
        all legal (at the end) or is shorter than ``ply`` or illegal before it."""
        plies = len(record.moves.move_texts())
        if not plies or (record.diagnostics and record.has_syntax_errors):
            return
        line = replay_main_line(record, default=game, dialects=dialects, judge_end=False)
        played = line.game
        if played is None:
            return
        positions, moves = line.positions, line.moves
        if self.ply is None:
            if not line.complete:
                return
            reached = positions[-1]
        else:
            if len(moves) < self.ply:
                return
            moves = moves[: self.ply]
            reached = positions[self.ply]
        order_key = self._order_key(played, positions[0], moves)
        self.records += 1
        key = (played.name, played.identity(reached))
        orders, found = self._seen.setdefault(key, ([], []))
        if order_key not in orders:
            orders.append(order_key)
        here = Occurrence(path, record.index, record.pos.line)
        found.append(Reached(here, plies, orders.index(order_key) + 1))

    def _order_key(self, game: AnyGame, start: Position, moves: list[Move]) -> bytes:
        """The digest of the setup of ``start`` and of ``moves``, each by its number: one
        lookup a move where :func:`key_of` writes it."""
        number = self._starts.get((game.name, start))
        if number is None:
            setups = self._setups
            setup = (game.name, tuple(sorted(game.setup_tags(start).items())))
            number = self._starts[game.name, start] = setups.setdefault(setup, len(setups))
        # A move that is a tuple is looked up by its fields as a plain tuple (equal fields
        # make equal moves), hashed without calling the game's Python hash.
        if moves and isinstance(moves[0], tuple):
            found = list(map(self._by_fields.get, map(tuple, moves)))
        else:
            found = list(map(self._moves.get, moves))
        if None in found:
            self._number(moves, found)
        order = array("Q", [number, *found])  # type: ignore[type-var]  # all numbered now
        return hashlib.blake2b(order.tobytes(), digest_size=16).digest()

    def _number(self, moves: list[Move], found: list[int | None]) -> None:
        """Fill in ``found``, the numbers of ``moves`` found so far: the number of each move
        not yet met as a plain tuple, by the game's comparison of moves."""
        numbers, by_fields = self._moves, self._by_fields
        for index, move in enumerate(moves):
            if found[index] is not None:
                continue
            number = numbers.get(move)
            if number is None:
                number = numbers[move] = len(numbers)
            if isinstance(move, tuple):
                by_fields[tuple(move)] = number
            found[index] = number

    def groups(self) -> list[PositionGroup]:
        """Every position reached by two move orders or more, in the order first reached."""
        return [
            PositionGroup(name, position, reached)
            for (name, position), (orders, reached) in self._seen.items()
            if len(orders) > 1
        ]
