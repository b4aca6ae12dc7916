"""Russian draughts (GameType 25).

The board is Brazilian draughts' (built, with the move generation, by
:mod:`notation.games.flying`): the 32 dark squares a1..h8, also numbered 1..32 row by row
from Black's side (1 = b8, 29 = a1, 32 = g1). White's men start on a1..h3 (21..32),
Black's on a6..h8 (1..12), and White moves first. Men step diagonally forward and capture
by short jumps forward and backward; kings fly. Capture is compulsory and the player
chooses freely among the captures (no majority rule), but a capture once begun must be
completed, and a king that can land on a square from which it captures again must land on
one of those. Captured pieces leave the board only when the move is complete (Turkish
strike). A man that reaches the far row, also during a capture, is crowned at once and a
capture goes on with it as a king. The side to move with no legal move loses. The rules
are written out in ``docs/rules/russian.md``.

Moves are read in alphanumeric notation, the one Russian records use (``c3-d4``,
``c3:e5``, ``c3:e5:c7``, also ``c3xe5`` and ``c3d4``), in numeric notation (``22-18``,
``22x15``) and in Russian short notation: the file the piece leaves and the square it
reaches (``cd4``, for a step and for a capture alike), read where it names one legal move.
A capture may give only its start and end square when that names one legal move, and must
give every landing square otherwise. Moves are written with ``:`` for captures in
alphanumeric notation and ``x`` in numeric.

Codes raised by :meth:`Russian.parse_move` (the first that applies, in this order):

- ``RU201`` the text is not a move of this game (bad syntax, no such square, a quiet
  move with more than two squares, mixed separators).
- ``RU208`` the game is over: the side to move has no legal move.
- ``RU202`` the start square (or, in short notation, the file) holds no piece of the
  side to move.
- ``RU204`` a capture is available and the text is a quiet move.
- ``RU205`` the text is an unfinished part of a capture, or lands a king where it can
  capture no more while another landing captures on.
- ``RU207`` a short text (start and end only, or short notation) names several legal
  moves.
- ``RU206`` a man's quiet move goes to a row behind it.
- ``RU203`` any other illegal move, including a capture written with ``-`` and a quiet
  move written with ``:``.

The FEN tag (``W:W21-32:B1-12``, or with square names ``W:Wa1,c1,...``) takes numbers,
ranges, square names and ``K`` for kings; a man may not stand on the row where it would
be crowned.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping, Sequence
from typing import ClassVar, NamedTuple

from notation.diagnostics import Severity, register
from notation.games.base import IllegalMove, Outcome, SetupError, Side
from notation.games.draughts_hooks import DraughtsHooks
from notation.games.draws import Material, endgame_count, quiet_run
from notation.games.flying import Board, FlyingDraughts, Route, bits, board_text, fen_bitboards
from notation.games.tags import draughts_start, fen_fields

MALFORMED = register("RU201", Severity.ERROR, "not a Russian draughts move")
NO_PIECE = register("RU202", Severity.ERROR, "no piece of the side to move on the start square")
ILLEGAL = register("RU203", Severity.ERROR, "illegal Russian draughts move")
CAPTURE_COMPULSORY = register("RU204", Severity.ERROR, "a capture is compulsory")
UNFINISHED = register("RU205", Severity.ERROR, "a capture must be completed")
BACKWARD = register("RU206", Severity.ERROR, "a man moves forward only")
AMBIGUOUS = register("RU207", Severity.ERROR, "a short move text names several moves")
GAME_OVER = register("RU208", Severity.ERROR, "the game is over: no legal move")

__all__ = ["Russian", "RussianMove", "RussianPosition"]


class RussianPosition(NamedTuple):
    """A position: piece sets as bitboards on Brazilian draughts' 8x8 layout (bit
    ``8 * row + column``, row 0 being rank 8), and the side to move."""

    white: int
    black: int
    kings: int
    turn: Side


class RussianMove(NamedTuple):
    """A move: the squares visited (start, then each landing square), those captured
    (square numbers 1..32, in increasing order) and whether a man is crowned on the way
    before its capture goes on.

    Two moves are equal when they share start, end, captured squares and crowning,
    whatever the route between: they leave the same position.
    """

    path: tuple[int, ...]
    captured: tuple[int, ...] = ()
    crowned: bool = False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RussianMove):
            return NotImplemented
        return (
            self.path[0] == other.path[0]
            and self.path[-1] == other.path[-1]
            and self.captured == other.captured
            and self.crowned == other.crowned
        )

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.path[0], self.path[-1], self.captured, self.crowned))


_new = tuple.__new__
WHITE, BLACK = Side.WHITE, Side.BLACK
"""The sides as module constants: looking a member up on its enum class is slow."""

TEXT_CACHE_SIZE = 4096
"""How many move texts :meth:`Russian.parse_move` keeps read (then it starts afresh)."""

# Geometry and move generation (shared with the other flying-king games) ---------------

ENGINE = FlyingDraughts(8, majority=False, crown_mid_capture=True)
"""Brazilian draughts' board, free choice among captures (a king landing where it captures
on), crowning mid-capture."""
SQUARES = ENGINE.squares
FILES = ENGINE.files
INDEX = ENGINE.index
BIT = ENGINE.bit
SQUARE_AT = ENGINE.square_at
NAME = ENGINE.name
NUMBER_OF_NAME = ENGINE.number_of_name
ROW = ENGINE.row
DARK = ENGINE.dark
BETWEEN = ENGINE.between
FORWARD = ENGINE.forward
PROMOTION = ENGINE.promotion
_can_capture = ENGINE.can_capture
_routes = ENGINE.routes
_captured_squares = ENGINE.captured_squares

_last_captures: tuple[
    RussianPosition | None, tuple[RussianMove, ...], dict[tuple[int, ...], RussianMove]
] = (None, (), {})
"""The last position :func:`_capture_moves` was asked for, with its answer."""


def _capture_moves(
    position: RussianPosition,
) -> tuple[tuple[RussianMove, ...], dict[tuple[int, ...], RussianMove]]:
    """The legal captures, one per distinct outcome, in order (empty when none), and the
    move each capture route (its full path) makes.

    The last position's answer is kept (parsing a capture, diagnosing it and listing the
    legal moves ask for the same position): one module-level triple, replaced whole, so
    that threads sharing it can at worst compute an answer twice, never read a wrong one.
    """
    global _last_captures
    last, moves, by_path = _last_captures
    if last == position:
        return moves, by_path
    kings, promotion = position.kings, PROMOTION[position.turn]
    found: dict[RussianMove, RussianMove] = {}
    by_path = {}
    for path, captured in _routes(position, None):
        crowned = not kings & BIT[path[0]] and any(BIT[square] & promotion for square in path[1:])
        move = _new(RussianMove, (path, _captured_squares(captured), crowned))
        found.setdefault(move, move)
        by_path[path] = move
    moves = tuple(sorted(found))
    _last_captures = (position, moves, by_path)
    return moves, by_path


def _captures(position: RussianPosition) -> tuple[RussianMove, ...]:
    """The legal captures, one per distinct outcome, in order (empty when none)."""
    return _capture_moves(position)[0]


QUIET = [[_new(RussianMove, ((a, b), (), False)) for b in range(33)] for a in range(33)]
"""Prebuilt quiet moves, by start and end square."""


def _quiet_moves(position: RussianPosition) -> list[RussianMove]:
    """The moves that capture nothing (legal when no capture exists)."""
    return ENGINE.quiet_moves(position, QUIET)


# Move text ------------------------------------------------------------------------------

_NUMBER_TEXT = r"[0-9]{1,2}"
_SQUARE_TEXT = r"[a-h][1-8]"
MOVE_SHAPE = re.compile(
    rf"(?P<numeric>{_NUMBER_TEXT}"
    rf"(?:(?P<quiet>-){_NUMBER_TEXT}|(?P<capture>(?:[x:]{_NUMBER_TEXT})+)))"
    rf"|(?P<short>[a-h]{_SQUARE_TEXT})"
    rf"|{_SQUARE_TEXT}"
    rf"(?:(?P<step>-){_SQUARE_TEXT}|(?P<jumps>(?:[x:]{_SQUARE_TEXT})+)|(?:{_SQUARE_TEXT})+)",
    re.IGNORECASE,
)
"""Every move text read (:attr:`Russian.move_shape`): alphanumeric (``c3-d4``,
``c3:e5:c7``, ``c3xe5``, ``c3d4``), short (``cd4``) or numeric (``22-18``, ``22x15x8``),
letters in either case."""
_ALPHA_SQUARE = re.compile(_SQUARE_TEXT)


class _Text(NamedTuple):
    """A move text read: its squares, its kind (``-``, ``x`` or ``""``) and notation.

    A text in short notation has the file left (0 for a, ...) in ``file`` and only the
    square reached in ``squares``; every other text has ``file`` -1."""

    squares: tuple[int, ...]
    kind: str
    notation: str
    file: int = -1


class _Malformed(NamedTuple):
    """A move text that is not a move, and why."""

    reason: str


def _read_text(text: str) -> _Text | _Malformed:
    """Split a move text into squares, or say why it is not a move."""
    lowered = text.strip().lower()
    match = MOVE_SHAPE.fullmatch(lowered)
    if match is None:
        return _Malformed("")
    if match.group("numeric"):
        numbers = [int(n) for n in re.findall(r"[0-9]+", lowered)]  # 2 digits at most
        for number in numbers:
            if not 1 <= number <= 32:
                return _Malformed(f"there is no square {number}")
        capture = match.group("capture")
        if capture and "x" in capture and ":" in capture:
            return _Malformed("")
        return _Text(tuple(numbers), "-" if match.group("quiet") else "x", "numeric")
    names = _ALPHA_SQUARE.findall(lowered)
    for name in names:
        if name not in NUMBER_OF_NAME:
            return _Malformed(f"{name} is a light square")
    squares = tuple(NUMBER_OF_NAME[n] for n in names)
    if match.group("short"):
        return _Text(squares, "", "alphanumeric", FILES.index(lowered[0]))
    jumps = match.group("jumps")
    if jumps and "x" in jumps and ":" in jumps:
        return _Malformed("")
    kind = "-" if match.group("step") else "x" if jumps else ""
    return _Text(squares, kind, "alphanumeric")


def _name(square: int, notation: str) -> str:
    """A square written in a notation."""
    return str(square) if notation == "numeric" else NAME[square]


def _write(move: RussianMove, notation: str, full: bool) -> str:
    """A move written in a notation, with every landing square when ``full``."""
    if not move.captured:
        return f"{_name(move.path[0], notation)}-{_name(move.path[-1], notation)}"
    squares = move.path if full else (move.path[0], move.path[-1])
    return ("x" if notation == "numeric" else ":").join(_name(s, notation) for s in squares)


# FEN ------------------------------------------------------------------------------------

GAMETYPE_ALPHANUMERIC = "25,W,8,8,A0,0"
GAMETYPE_NUMERIC = "25,W,8,8,N2,0"


def _parse_fen(fen: str) -> RussianPosition:
    """The position a PDN FEN tag value describes."""
    fields = fen_fields(fen, "Russian draughts")
    white, black, kings = fen_bitboards(
        fields.pieces, fen, ENGINE, alphanumeric=True, name=NAME.__getitem__
    )
    return RussianPosition(white, black, kings, fields.turn)


def _write_fen(position: RussianPosition, notation: str) -> str:
    """The PDN FEN tag value of a position, with squares in a notation."""
    white, black, kings, turn = position
    lists = []
    for letter, pieces in (("W", white), ("B", black)):
        names = [
            ("K" if kings & BIT[n] else "") + _name(n, notation) for n in SQUARES if pieces & BIT[n]
        ]
        lists.append(letter + ",".join(names))
    return f"{'W' if turn is WHITE else 'B'}:{lists[0]}:{lists[1]}"


def _check_gametype(value: str) -> None:
    """Reject a full GameType tag whose board or numbering this game does not use."""
    normal = re.sub(r"\s+", "", value).upper()
    if normal not in ("25", GAMETYPE_ALPHANUMERIC, GAMETYPE_NUMERIC):
        raise SetupError(
            f"GameType {value!r} is not a Russian draughts board this toolkit reads; "
            f"use {GAMETYPE_ALPHANUMERIC} (alphanumeric) or {GAMETYPE_NUMERIC} (numeric)"
        )


_TEXT_CACHE: dict[str, _Text | _Malformed] = {}
"""Move texts read, by text: a plain dict, faster than ``lru_cache`` on the hot path; each
of its operations is atomic, so threads share it safely (at worst reading a text twice)."""

START = RussianPosition(sum(BIT[21:33]), sum(BIT[1:13]), 0, WHITE)


def _endgame(counts: Material, turn: Side) -> tuple[object, int] | None:
    """The Russian endgame counts: three kings or more against a lone king, 15 moves of
    the stronger side; else, with kings on both sides and the material unchanged, 15 moves
    each with 4 or 5 pieces, 30 each with 6 or 7."""
    white_men, white_kings, black_men, black_kings = counts
    for side, men, kings, alone in (
        (WHITE, white_men, white_kings, black_men == 0 and black_kings == 1),
        (BLACK, black_men, black_kings, white_men == 0 and white_kings == 1),
    ):
        if alone and not men and kings >= 3:
            reason = f"15 moves of {side.title}'s {kings} kings against a lone king"
            return reason, 29 if turn is side else 30
    pieces = sum(counts)
    if not (white_kings and black_kings) or not 4 <= pieces <= 7:
        return None
    moves = 15 if pieces <= 5 else 30
    reason = f"{moves} moves by each side in a {pieces}-piece ending with kings on both sides"
    return (reason, counts), 2 * moves


class Russian(DraughtsHooks[RussianPosition, RussianMove]):
    """Russian draughts: flying kings, free choice among captures, crowning mid-capture."""

    name: ClassVar[str] = "russian"
    code_prefix: ClassVar[str | None] = "RU"
    title: ClassVar[str] = "Russian draughts"
    notations: ClassVar[tuple[str, ...]] = ("alphanumeric", "numeric")
    move_shape: ClassVar[re.Pattern[str]] = MOVE_SHAPE
    results: ClassVar[tuple[str, ...]] = (
        "2-0",
        "0-2",
        "1-1",
        "1-0",
        "0-1",
        "1/2-1/2",
        "0-0",
        "*",
    )
    gametype: ClassVar[str | None] = "25"
    threefold_repetition: ClassVar[bool] = True

    # Positions ---------------------------------------------------------------------

    def start(self, tags: Mapping[str, str]) -> RussianPosition:
        """The standard start, or the position of the record's ``FEN`` tag."""
        return draughts_start(tags, START, _check_gametype, _parse_fen)

    def setup_tags(self, position: RussianPosition, notation: str | None = None) -> dict[str, str]:
        """The ``FEN`` tag of ``position``, with squares in ``notation``."""
        return {"FEN": _write_fen(position, notation or self.notations[0])}

    # Moves ---------------------------------------------------------------------------

    def legal_moves(self, position: RussianPosition) -> list[RussianMove]:
        """Every legal move: the captures when there is one, else the quiet moves."""
        return list(_captures(position)) or _quiet_moves(position)

    def capture_paths(self, position: RussianPosition) -> list[tuple[tuple[int, ...], RussianMove]]:
        """Each route of each legal capture (the squares visited), with its move: what
        :meth:`~notation.games.draughts_hooks.DraughtsHooks.read_short_capture` reads by."""
        return list(_capture_moves(position)[1].items())

    def picture_board(self) -> Board:
        """The board, as the picture draws it."""
        return ENGINE

    def parse_move(self, position: RussianPosition, text: str) -> RussianMove:
        """The legal move ``text`` names, in alphanumeric, short or numeric notation."""
        read = _TEXT_CACHE.get(text)
        if read is None:
            read = _read_text(text)
            if len(_TEXT_CACHE) >= TEXT_CACHE_SIZE:
                _TEXT_CACHE.clear()
            _TEXT_CACHE[text] = read
        if isinstance(read, _Malformed):
            reason = f": {read.reason}" if read.reason else ""
            raise IllegalMove(MALFORMED, f"{text.strip()!r} is not a Russian draughts move{reason}")
        if read.file >= 0:
            return self._parse_short(position, read, text)
        squares, kind, _, _ = read
        white, black, kings, turn = position
        own, opp = (black, white) if turn else (white, black)
        start = squares[0]
        start_bit = BIT[start]
        if own & start_bit:
            if kind != "x" and len(squares) == 2:
                empty = DARK ^ (white | black)
                if not _can_capture(own, opp, kings, empty):
                    end = squares[1]
                    if empty & BIT[end]:
                        if kings & start_bit:
                            between = BETWEEN[start][end]
                            if between >= 0 and not between & ~empty:
                                return QUIET[start][end]
                        elif FORWARD[turn][start] & BIT[end]:
                            return QUIET[start][end]
                    raise self._diagnose(position, read, text)
            if kind != "-":
                move = self._find_capture(position, squares)
                if move is not None:
                    return move
        raise self._diagnose(position, read, text)

    def _parse_short(self, position: RussianPosition, read: _Text, text: str) -> RussianMove:
        """The one legal move from the file ``read.file`` to the square reached."""
        end = read.squares[0]
        named = [
            move
            for move in self.legal_moves(position)
            if INDEX[move.path[0]] % 8 == read.file and move.path[-1] == end
        ]
        if len(named) == 1:
            return named[0]
        written = text.strip()
        if named:
            listed = ", ".join(self._written(position, named, "alphanumeric"))
            raise IllegalMove(
                AMBIGUOUS, f"{written} names {len(named)} moves: {listed}; write the start square"
            )
        if self.outcome(position) is not None:
            raise self._diagnose(position, read, text)
        white, black, _, turn = position
        own = white if turn is WHITE else black
        starts = [SQUARE_AT[i] for i in bits(own) if i % 8 == read.file]
        file = FILES[read.file]
        if not starts:
            raise IllegalMove(NO_PIECE, f"{turn.title} has no piece on file {file}")
        if len(starts) == 1:
            raise self._diagnose(position, _Text((starts[0], end), "", "alphanumeric"), text)
        raise IllegalMove(
            ILLEGAL, f"no piece of {turn.title} on file {file} can move to {NAME[end]}"
        )

    def _find_capture(
        self, position: RussianPosition, squares: tuple[int, ...]
    ) -> RussianMove | None:
        """The legal capture a list of squares names alone, if there is one."""
        moves, by_path = _capture_moves(position)
        if len(squares) > 2:
            return by_path.get(squares)
        # Start and end only: one legal capture between them, whatever its route.
        first, last = squares
        found = None
        for move in moves:
            path = move.path
            if path[0] == first and path[-1] == last:
                if found is not None:
                    return None
                found = move
        return found

    def _diagnose(self, position: RussianPosition, read: _Text, text: str) -> IllegalMove:
        """The error for a well-formed move text that names no legal move."""
        squares, kind, notation, _ = read
        written = text.strip()
        white, black, kings, turn = position
        if self.outcome(position) is not None:
            return IllegalMove(
                GAME_OVER, f"{turn.title} has no legal move: the game ended", show_legal=False
            )
        start, end = squares[0], squares[-1]
        start_name, end_name = _name(start, notation), _name(end, notation)
        own = white if turn is WHITE else black
        if not own & BIT[start]:
            if not (white | black) & BIT[start]:
                return IllegalMove(NO_PIECE, f"square {start_name} is empty")
            owner = turn.other.title
            piece = "king" if kings & BIT[start] else "man"
            return IllegalMove(
                NO_PIECE, f"square {start_name} holds a {owner} {piece}; {turn.title} is to move"
            )
        piece = "king" if kings & BIT[start] else "man"
        moves = _captures(position)
        if moves:
            same = [m for m in moves if m.path[0] == start and m.path[-1] == end]
            partial: list[Route] = []
            _routes(position, partial)
            begun = [
                path
                for path, _ in partial
                if (path[0] == start and path[-1] == end if len(squares) == 2 else path == squares)
            ]
            kind = kind or ("x" if begun or len(squares) > 2 else "-")
            if kind == "-":
                if same:
                    full = _write(same[0], notation, len(same) > 1)
                    return IllegalMove(ILLEGAL, f"{written} is a capture: write {full}")
                listed = ", ".join(self._written(position, moves, notation))
                available = (
                    "a capture is available" if len(moves) == 1 else "captures are available"
                )
                return IllegalMove(
                    CAPTURE_COMPULSORY, f"{available}: {listed}; {written} is not a capture"
                )
            if len(squares) == 2 and len(same) > 1:
                paths = ", ".join(_write(m, notation, True) for m in same)
                return IllegalMove(
                    AMBIGUOUS, f"{written} names {len(same)} captures: {paths}; write the path"
                )
            if begun and not same:
                routes = list(_capture_moves(position)[1])
                return self._unfinished(begun, routes, written, notation)
            if same:
                return IllegalMove(ILLEGAL, f"{written} is not the path of a legal capture")
            return IllegalMove(ILLEGAL, f"a {piece} on {start_name} cannot capture to {end_name}")
        if kind == "x" or len(squares) > 2:
            quiet = RussianMove((start, end))
            if len(squares) == 2 and quiet in _quiet_moves(position):
                return IllegalMove(
                    ILLEGAL, f"{written} captures nothing: write {_write(quiet, notation, False)}"
                )
            return IllegalMove(ILLEGAL, f"no capture is available; {written} is not legal")
        if piece == "man" and (ROW[end] > ROW[start]) == (turn is WHITE) and ROW[end] != ROW[start]:
            return IllegalMove(BACKWARD, f"a man moves forward only; {written} goes backward")
        reason = f": square {end_name} is occupied" if (white | black) & BIT[end] else ""
        return IllegalMove(ILLEGAL, f"a {piece} on {start_name} cannot move to {end_name}{reason}")

    def _unfinished(
        self,
        begun: list[tuple[int, ...]],
        routes: Sequence[tuple[int, ...]],
        written: str,
        notation: str,
    ) -> IllegalMove:
        """The error for the beginning of a capture that is not a whole legal capture
        (``routes`` are the paths of every legal capture): it stops where it could go on,
        or lands a king where it can capture no more."""
        onward = sorted(
            {
                route[len(path)]
                for path in begun
                for route in routes
                if len(route) > len(path) and route[: len(path)] == path
            }
        )
        if onward:
            goes_on = " or ".join(_name(square, notation) for square in onward)
            return IllegalMove(
                UNFINISHED, f"{written} is not the end of the capture: it must go on to {goes_on}"
            )
        instead = sorted(
            {
                route[len(path) - 1]
                for path in begun
                for route in routes
                if len(route) >= len(path) and route[: len(path) - 1] == path[:-1]
            }
        )
        squares = " or ".join(_name(square, notation) for square in instead)
        return IllegalMove(
            UNFINISHED,
            f"{written} lands where the king can capture no more; it must land on {squares} "
            "and capture on",
        )

    def _written(
        self, position: RussianPosition, moves: Sequence[RussianMove], notation: str
    ) -> list[str]:
        """Moves written in a notation, each in its shortest unambiguous form."""
        if not any(move.captured for move in moves):
            return [_write(move, notation, False) for move in moves]
        ends: dict[tuple[int, int], int] = {}
        for move in _captures(position):
            key = (move.path[0], move.path[-1])
            ends[key] = ends.get(key, 0) + 1
        return [_write(m, notation, ends.get((m.path[0], m.path[-1]), 0) > 1) for m in moves]

    def format_move(
        self, position: RussianPosition, move: RussianMove, notation: str | None = None
    ) -> str:
        """``move`` in ``notation``: start and end only, or the full path when ambiguous."""
        return self._written(position, (move,), notation or self.notations[0])[0]

    def describe_moves(
        self,
        position: RussianPosition,
        moves: Sequence[RussianMove],
        notation: str | None = None,
    ) -> list[str]:
        """The moves in ``notation`` (default alphanumeric), each in its shortest
        unambiguous form, for messages."""
        return self._written(position, moves, notation or self.notations[0])

    def play(self, position: RussianPosition, move: RussianMove) -> RussianPosition:
        """The position after ``move``; a man crowned on the way or ending on the far row
        is a king."""
        path, captured, crowned = move
        return _new(RussianPosition, ENGINE.after(position, path, captured, crowned))

    def notation_of(self, text: str) -> str | None:
        """``"numeric"`` or ``"alphanumeric"`` (short notation too) by the move text's
        first character."""
        first = text.strip()[:1]
        if first.isdigit():
            return "numeric"
        if first.isalpha():
            return "alphanumeric"
        return None

    # End of game -------------------------------------------------------------------

    def outcome(self, position: RussianPosition) -> Outcome | None:
        """The side to move loses when it has no legal move."""
        return ENGINE.outcome(position)

    def result_for(self, outcome: Outcome) -> tuple[str, ...]:
        """PDN draughts results first (``2-0``, ``0-2``, ``1-1``), then the chess forms."""
        return ENGINE.result_for(outcome)

    def draw_rule(self, positions: Sequence[RussianPosition]) -> tuple[int, str] | None:
        """The Russian counted draws: 15 moves by each side with only kings moved and no
        capture; the endgame counts (three kings against one; kings on both sides)."""
        found = []
        run = quiet_run(positions, 30)
        if run is not None:
            found.append((run, "15 moves by each side with only kings moved and no capture"))
        end = endgame_count(positions, _endgame, 13, 29)
        if end is not None:
            key = end[1]
            found.append((end[0], str(key[0] if isinstance(key, tuple) else key)))
        return min(found) if found else None

    # Records -------------------------------------------------------------------------

    def new_tags(self, seed: int | None = None) -> dict[str, str]:
        """The full alphanumeric ``GameType`` (Russian records name their squares)."""
        return {"GameType": GAMETYPE_ALPHANUMERIC}

    def notation_tags(self, tags: Mapping[str, str], notation: str) -> dict[str, str]:
        """The full ``GameType`` of the notation, and the ``FEN`` tag rewritten in it."""
        out = {"GameType": GAMETYPE_NUMERIC if notation == "numeric" else GAMETYPE_ALPHANUMERIC}
        fen = tags.get("FEN")
        if fen is not None:
            with contextlib.suppress(SetupError):
                out["FEN"] = _write_fen(_parse_fen(fen), notation)
        return out

    # Pictures --------------------------------------------------------------------------

    def render_text(
        self,
        position: RussianPosition,
        last: RussianMove | None = None,
        notation: str | None = None,
    ) -> str:
        """The board from White's side with files and ranks; the last move's squares are
        shown in brackets."""
        status = self.game_over(position) or f"{position.turn.title} to move"
        return board_text(ENGINE, position, set() if last is None else set(last.path), status)
