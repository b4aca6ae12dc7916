"""Brazilian draughts: international (FMJD) rules on an 8x8 board (GameType 26).

The 32 dark squares are numbered 1..32 row by row from Black's side (1 = b8, 4 = h8,
5 = a7, 29 = a1, 32 = g1). Black men start on 1..12, White men on 21..32, and White
moves first. Men step diagonally forward and capture by short jumps forward and
backward; kings fly. Capture is compulsory and must take the most pieces (majority
rule); captured pieces leave the board only when the move is complete (Turkish strike).
A man is crowned only when it ends its move on the far row. The side to move with no
legal move loses. The rules are written out in ``docs/rules/brazilian.md``.
The board and the move generation are built by :mod:`notation.games.flying`.

Moves are read in numeric notation (``22-18``, ``18x11``, ``26x17x10``) and in
alphanumeric notation (``c3-d4``, ``c3xe5``, ``c3:e5``, ``c3d4``), letters in either
case. A quiet move is written with ``-``, a capture with ``x`` or ``:``; alphanumeric
moves may omit the separator. A capture may give only its start and end square when
that names one legal move, and must give every landing square otherwise.

Codes raised by :meth:`Brazilian.parse_move` (the first that applies, in this order):

- ``BR201`` the text is not a move of this game (bad syntax, no such square, a quiet
  move with more than two squares, mixed separators).
- ``BR208`` the game is over: the side to move has no legal move.
- ``BR202`` the start square holds no piece of the side to move.
- ``BR204`` a capture is available and the text is a quiet move.
- ``BR205`` the text is a capture, or an unfinished part of one, that takes fewer
  pieces than the most a capture can take.
- ``BR207`` a short capture (start and end only) names several legal captures.
- ``BR206`` a man's quiet move goes to a row behind it.
- ``BR203`` any other illegal move, including a capture written with ``-`` and a quiet
  move written with ``x``.

The FEN tag (``W:W21-32:B1-12``) takes numbers, ranges, algebraic squares and ``K`` for
kings; a man may not stand on the row where it would be crowned.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar, NamedTuple

from notation.diagnostics import Severity, register
from notation.games.base import Game, IllegalMove, Outcome, SetupError, Side, reading_tag
from notation.games.flying import FlyingDraughts, Route, bits
from notation.games.tags import fen_error, fen_fields

MALFORMED = register("BR201", Severity.ERROR, "not a Brazilian draughts move")
NO_PIECE = register("BR202", Severity.ERROR, "no piece of the side to move on the start square")
ILLEGAL = register("BR203", Severity.ERROR, "illegal Brazilian draughts move")
CAPTURE_COMPULSORY = register("BR204", Severity.ERROR, "a capture is compulsory")
MAJORITY = register("BR205", Severity.ERROR, "the capture must take the most pieces possible")
BACKWARD = register("BR206", Severity.ERROR, "a man moves forward only")
AMBIGUOUS = register("BR207", Severity.ERROR, "a short capture names several captures")
GAME_OVER = register("BR208", Severity.ERROR, "the game is over: no legal move")

__all__ = ["Brazilian", "BrazilianMove", "BrazilianPosition"]


class BrazilianPosition(NamedTuple):
    """A position: piece sets as bitboards on an internal 8x8 layout, and the side to move.

    Bit ``8 * row + column`` stands for a square, row 0 being rank 8 and column 0 file a.
    Pieces stand on dark squares only, so ``DARK ^ (white | black)`` is the empty squares.
    """

    white: int
    black: int
    kings: int
    turn: Side


class BrazilianMove(NamedTuple):
    """A move: the squares visited (start, then each landing square) and those captured.

    Squares are numbers 1..32; ``captured`` lists them in increasing order. Two moves are
    equal when they share start, end and captured squares, whatever the route between.
    """

    path: tuple[int, ...]
    captured: tuple[int, ...] = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BrazilianMove):
            return NotImplemented
        return (
            self.path[0] == other.path[0]
            and self.path[-1] == other.path[-1]
            and self.captured == other.captured
        )

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.path[0], self.path[-1], self.captured))


_new = tuple.__new__
WHITE, BLACK = Side.WHITE, Side.BLACK
"""The sides as module constants: looking a member up on its enum class is slow."""

# Geometry and move generation (shared with the other flying-king games) ---------------

ENGINE = FlyingDraughts(8, majority=True, crown_mid_capture=False)
"""The 8x8 board, majority capture, promotion only at the end of a move."""
SQUARES = ENGINE.squares
FILES = ENGINE.files
INDEX = ENGINE.index
BIT = ENGINE.bit
SQUARE_AT = ENGINE.square_at
SQUARE_OF = ENGINE.square_of
NAME = ENGINE.name
NUMBER_OF_NAME = ENGINE.number_of_name
ROW = ENGINE.row
DARK = ENGINE.dark
RAYS = ENGINE.rays
BETWEEN = ENGINE.between
FORWARD = ENGINE.forward
PROMOTION = ENGINE.promotion
JUMPS = ENGINE.jumps
JUMPED = ENGINE.jumped
RAY_BITS = ENGINE.ray_bits
_bits = bits
_capture_starts = ENGINE.capture_starts
_can_capture = ENGINE.can_capture
_has_quiet = ENGINE.has_quiet
_routes = ENGINE.routes
_best_routes = ENGINE.best_routes
_captured_squares = ENGINE.captured_squares


def board_text(position: tuple[int, int, int, Side], marked: Iterable[int], status: str) -> str:
    """The 8x8 board of a (white, black, kings, turn) position from White's side, files
    and ranks around it, the squares ``marked`` (numbers) in brackets, then ``status``."""
    white, black, kings, _ = position
    marked = set(marked)
    files = "   " + "".join(f" {f} " for f in FILES)
    lines = [files]
    for row in range(8):
        cells = []
        for col in range(8):
            square = SQUARE_AT.get(row * 8 + col)
            if square is None:
                cells.append("   ")
                continue
            bit = BIT[square]
            char = "."
            if white & bit:
                char = "W" if kings & bit else "w"
            elif black & bit:
                char = "B" if kings & bit else "b"
            cells.append(f"[{char}]" if square in marked else f" {char} ")
        rank = str(8 - row)
        lines.append(f" {rank} " + "".join(cells) + f" {rank}")
    lines.append(files)
    lines.append(status)
    return "\n".join(line.rstrip() for line in lines)


TEXT_CACHE_SIZE = 4096
"""How many move texts :meth:`Brazilian.parse_move` keeps read (then it starts afresh)."""


def _move_of(route: Route) -> BrazilianMove:
    """The move a capture route makes."""
    path, captured = route
    return _new(BrazilianMove, (path, _captured_squares(captured)))


QUIET = [[_new(BrazilianMove, ((a, b), ())) for b in range(33)] for a in range(33)]
"""Prebuilt quiet moves, by start and end square."""


def _quiet_moves(position: BrazilianPosition) -> list[BrazilianMove]:
    """The moves that capture nothing (legal when no capture exists)."""
    return ENGINE.quiet_moves(position, QUIET)


# Move text ------------------------------------------------------------------------------

_NUMBER_TEXT = r"[0-9]{1,2}"
_SQUARE_TEXT = r"[a-h][1-8]"
MOVE_SHAPE = re.compile(
    rf"(?P<numeric>{_NUMBER_TEXT}"
    rf"(?:(?P<quiet>-){_NUMBER_TEXT}|(?P<capture>(?:[x:]{_NUMBER_TEXT})+)))"
    rf"|{_SQUARE_TEXT}"
    rf"(?:(?P<step>-){_SQUARE_TEXT}|(?P<jumps>(?:[x:]{_SQUARE_TEXT})+)|(?:{_SQUARE_TEXT})+)",
    re.IGNORECASE,
)
"""Every move text read (:attr:`Brazilian.move_shape`): numeric (``22-18``, ``26x17x10``,
``18:11``) or alphanumeric (``c3-d4``, ``c3xe5``, ``c3d4``), letters in either case."""
_ALPHA_SQUARE = re.compile(_SQUARE_TEXT)


class _Text(NamedTuple):
    """A move text read: its squares, its kind (``-``, ``x`` or ``""``) and notation."""

    squares: tuple[int, ...]
    kind: str
    notation: str


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
    jumps = match.group("jumps")
    if jumps and "x" in jumps and ":" in jumps:
        return _Malformed("")
    kind = "-" if match.group("step") else "x" if jumps else ""
    return _Text(tuple(NUMBER_OF_NAME[n] for n in names), kind, "alphanumeric")


def _name(square: int, notation: str) -> str:
    """A square written in a notation."""
    return NAME[square] if notation == "alphanumeric" else str(square)


def _write(move: BrazilianMove, notation: str, full: bool) -> str:
    """A move written in a notation, with every landing square when ``full``."""
    if not move.captured:
        return f"{_name(move.path[0], notation)}-{_name(move.path[-1], notation)}"
    squares = move.path if full else (move.path[0], move.path[-1])
    return "x".join(_name(square, notation) for square in squares)


def _plural(count: int) -> str:
    """``"1 piece"``, ``"3 pieces"``."""
    return f"{count} piece" if count == 1 else f"{count} pieces"


# FEN ------------------------------------------------------------------------------------

_FEN_TOKEN = re.compile(r"(k?)(?:([0-9]{1,2})(?:-([0-9]{1,2}))?|([a-z][0-9]{1,2}))")
GAMETYPE_NUMERIC = "26,W,8,8,N2,0"
GAMETYPE_ALPHANUMERIC = "26,W,8,8,A0,0"


def _fen_squares(value: str, fen: str) -> list[tuple[int, bool]]:
    """The (square, is king) pairs a FEN piece list names (whitespace anywhere ignored)."""
    pieces: list[tuple[int, bool]] = []
    field = re.sub(r"\s+", "", value).lower()
    if not field:
        return pieces
    for token in field.split(","):
        if not token:
            raise fen_error(fen, "a piece list has an empty entry")
        match = _FEN_TOKEN.fullmatch(token)
        if match is None:
            raise fen_error(fen, f"{token!r} is not a square")
        king = bool(match.group(1))
        if match.group(4):
            name = match.group(4)
            if name not in NUMBER_OF_NAME:
                if _ALPHA_SQUARE.fullmatch(name):
                    raise fen_error(fen, f"{name} is a light square")
                raise fen_error(fen, f"there is no square {name}")
            pieces.append((NUMBER_OF_NAME[name], king))
            continue
        first = int(match.group(2))
        last = int(match.group(3)) if match.group(3) else first
        for number in (first, last):
            if not 1 <= number <= 32:
                raise fen_error(fen, f"there is no square {number}")
        if last < first:
            raise fen_error(fen, f"the range {first}-{last} runs backward")
        pieces.extend((n, king) for n in range(first, last + 1))
    return pieces


def _parse_fen(fen: str) -> BrazilianPosition:
    """The position a PDN FEN tag value describes."""
    fields = fen_fields(fen, "Brazilian draughts")
    boards = [0, 0]
    kings = 0
    for side in Side:
        for square, king in _fen_squares(fields.pieces[side], fen):
            bit = BIT[square]
            if (boards[0] | boards[1]) & bit:
                raise fen_error(fen, f"square {square} is given twice")
            if not king and PROMOTION[side] & bit:
                raise fen_error(
                    fen,
                    f"a {side.title} man cannot stand on {square}, the row where it is "
                    f"crowned; write K{square} for a king",
                )
            boards[side] |= bit
            if king:
                kings |= bit
    return BrazilianPosition(boards[0], boards[1], kings, fields.turn)


def _write_fen(position: BrazilianPosition, notation: str) -> str:
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
    if value in ("26", GAMETYPE_NUMERIC):  # the usual tags, checked without a regex
        return
    normal = re.sub(r"\s+", "", value).upper()
    if normal not in ("26", GAMETYPE_NUMERIC, GAMETYPE_ALPHANUMERIC):
        raise SetupError(
            f"GameType {value!r} is not a Brazilian draughts board this toolkit reads; "
            f"use {GAMETYPE_NUMERIC} (numeric) or {GAMETYPE_ALPHANUMERIC} (alphanumeric)"
        )


class _Entry(NamedTuple):
    """A move text read, with what the hot path of :meth:`Brazilian.advance` reads of it."""

    read: _Text | _Malformed
    squares: tuple[int, ...]
    start: int
    end: int
    start_bit: int
    """0 for a malformed text, so that it fails the test of the start square."""
    end_bit: int
    quiet: bool
    """Whether it may be a quiet move: two squares, not written as a capture."""
    capture: bool
    """Whether it may be a capture: not written as a quiet move."""


def _entry(text: str) -> _Entry:
    """The cache entry of a move text."""
    read = _read_text(text)
    if isinstance(read, _Malformed):
        return _Entry(read, (), 0, 0, 0, 0, False, False)
    squares, kind, _ = read
    start, end = squares[0], squares[-1]
    quiet = kind != "x" and len(squares) == 2
    return _Entry(read, squares, start, end, BIT[start], BIT[end], quiet, kind != "-")


_TEXT_CACHE: dict[str, _Entry] = {}
"""Move texts read, by text: a plain dict, faster than ``lru_cache`` on the hot path; each
of its operations is atomic, so threads share it safely (at worst reading a text twice)."""

START = BrazilianPosition(sum(BIT[21:33]), sum(BIT[1:13]), 0, WHITE)


class Brazilian(Game[BrazilianPosition, BrazilianMove]):
    """Brazilian draughts: FMJD rules on 8x8, flying kings, majority capture."""

    name: ClassVar[str] = "brazilian"
    title: ClassVar[str] = "Brazilian draughts"
    notations: ClassVar[tuple[str, ...]] = ("numeric", "alphanumeric")
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
    gametype: ClassVar[str | None] = "26"
    threefold_repetition: ClassVar[bool] = True

    # Positions ---------------------------------------------------------------------

    def start(self, tags: Mapping[str, str]) -> BrazilianPosition:
        """The standard start, or the position of the record's ``FEN`` tag."""
        gametype = tags.get("GameType")
        if gametype is not None:
            with reading_tag("GameType"):
                _check_gametype(gametype)
        fen = tags.get("FEN")
        if fen is None:
            return START
        with reading_tag("FEN"):
            return _parse_fen(fen)

    def setup_tags(
        self, position: BrazilianPosition, notation: str | None = None
    ) -> dict[str, str]:
        """The ``FEN`` tag of ``position``, with squares in ``notation``."""
        return {"FEN": _write_fen(position, notation or self.notations[0])}

    # Moves ---------------------------------------------------------------------------

    def _captures(self, position: BrazilianPosition) -> list[BrazilianMove]:
        """The legal captures, one per distinct outcome, in order."""
        moves = list(dict.fromkeys(_move_of(route) for route in _best_routes(position)))
        moves.sort()
        return moves

    def legal_moves(self, position: BrazilianPosition) -> list[BrazilianMove]:
        """Every legal move, captures by the majority rule, one per distinct outcome."""
        return self._captures(position) or _quiet_moves(position)

    def capture_paths(
        self, position: BrazilianPosition
    ) -> list[tuple[tuple[int, ...], BrazilianMove]]:
        """Each route of each legal capture (the squares visited), with its move: what
        :func:`notation.check.replay.short_capture` reads short captures by."""
        return [(route[0], _move_of(route)) for route in _best_routes(position)]

    def parse_move(self, position: BrazilianPosition, text: str) -> BrazilianMove:
        """The legal move ``text`` names, in numeric or alphanumeric notation."""
        return self.advance(position, text)[0]

    def advance(
        self, position: BrazilianPosition, text: str
    ) -> tuple[BrazilianMove, BrazilianPosition]:
        """The legal move ``text`` names and the position after it, in one step."""
        entry = _TEXT_CACHE.get(text)
        if entry is None:
            entry = _entry(text)
            if len(_TEXT_CACHE) >= TEXT_CACHE_SIZE:
                _TEXT_CACHE.clear()
            _TEXT_CACHE[text] = entry
        read, squares, start, end, start_bit, end_bit, quiet, capture = entry
        white, black, kings, turn = position
        if turn:
            own, opp = black, white
        else:
            own, opp = white, black
        if own & start_bit:
            if quiet:
                empty = DARK ^ (white | black)
                if not _can_capture(own, opp, kings, empty):
                    if empty & end_bit:
                        if kings & start_bit:
                            between = BETWEEN[start][end]
                            if between >= 0 and not between & ~empty:
                                kings ^= start_bit | end_bit
                            else:
                                raise self._refuse(position, read, text)
                        elif FORWARD[turn][start] & end_bit:
                            if end_bit & PROMOTION[turn]:
                                kings |= end_bit
                        else:
                            raise self._refuse(position, read, text)
                        if turn:
                            after = (white, black ^ (start_bit | end_bit), kings, WHITE)
                        else:
                            after = (white ^ (start_bit | end_bit), black, kings, BLACK)
                        return QUIET[start][end], _new(BrazilianPosition, after)
                    raise self._refuse(position, read, text)
            if capture:
                route = self._find_capture(position, squares)
                if route is not None:
                    path, captured = route
                    kings &= ~captured
                    # A capture may end where it started: its start's bit goes, then its end's.
                    if kings & start_bit:
                        kings = (kings ^ start_bit) | end_bit
                    elif end_bit & PROMOTION[turn]:
                        kings |= end_bit
                    if turn:
                        after = (white & ~captured, (black ^ start_bit) | end_bit, kings, WHITE)
                    else:
                        after = ((white ^ start_bit) | end_bit, black & ~captured, kings, BLACK)
                    move = _new(BrazilianMove, (path, _captured_squares(captured)))
                    return move, _new(BrazilianPosition, after)
        raise self._refuse(position, read, text)

    def _refuse(
        self, position: BrazilianPosition, read: _Text | _Malformed, text: str
    ) -> IllegalMove:
        """The error for a move text that names no legal move."""
        if isinstance(read, _Malformed):
            reason = f": {read.reason}" if read.reason else ""
            return IllegalMove(
                MALFORMED, f"{text.strip()!r} is not a Brazilian draughts move{reason}"
            )
        return self._diagnose(position, read, text)

    def _find_capture(self, position: BrazilianPosition, squares: tuple[int, ...]) -> Route | None:
        """The route of the legal capture a list of squares names alone, if there is one."""
        routes = _best_routes(position)
        if len(squares) > 2:
            for route in routes:
                if route[0] == squares:
                    return route
            return None
        # Start and end only: the routes between them must all take the same pieces.
        first, last = squares
        found = None
        for route in routes:
            path = route[0]
            if path[0] == first and path[-1] == last:
                if found is None:
                    found = route
                elif route[1] != found[1]:
                    return None
        return found

    def _diagnose(self, position: BrazilianPosition, read: _Text, text: str) -> IllegalMove:
        """The error for a well-formed move text that names no legal move."""
        squares, kind, notation = read
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
        moves = self._captures(position)
        if moves:
            partial: list[Route] = []
            _routes(position, partial)
            if len(squares) == 2:
                taken = [
                    captured.bit_count()
                    for path, captured in partial
                    if path[0] == start and path[-1] == end
                ]
            else:
                taken = [c.bit_count() for path, c in partial if path == squares]
            kind = kind or ("x" if taken or len(squares) > 2 else "-")
            same = [m for m in moves if m.path[0] == start and m.path[-1] == end]
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
            most = len(moves[0].captured)
            if taken and max(taken) < most:
                return IllegalMove(
                    MAJORITY,
                    f"a capture of {_plural(most)} is available; {written} takes {max(taken)}",
                )
            if len(squares) == 2 and len(same) > 1:
                paths = ", ".join(_write(m, notation, True) for m in same)
                return IllegalMove(
                    AMBIGUOUS, f"{written} names {len(same)} captures: {paths}; write the path"
                )
            if same:
                return IllegalMove(ILLEGAL, f"{written} is not the path of a legal capture")
            return IllegalMove(ILLEGAL, f"a {piece} on {start_name} cannot capture to {end_name}")
        if kind == "x" or len(squares) > 2:
            quiet = BrazilianMove((start, end))
            if len(squares) == 2 and quiet in _quiet_moves(position):
                return IllegalMove(
                    ILLEGAL, f"{written} captures nothing: write {_write(quiet, notation, False)}"
                )
            return IllegalMove(ILLEGAL, f"no capture is available; {written} is not legal")
        if piece == "man" and (ROW[end] > ROW[start]) == (turn is WHITE) and ROW[end] != ROW[start]:
            return IllegalMove(BACKWARD, f"a man moves forward only; {written} goes backward")
        reason = f": square {end_name} is occupied" if (white | black) & BIT[end] else ""
        return IllegalMove(ILLEGAL, f"a {piece} on {start_name} cannot move to {end_name}{reason}")

    def _written(
        self, position: BrazilianPosition, moves: Sequence[BrazilianMove], notation: str
    ) -> list[str]:
        """Moves written in a notation, each in its shortest unambiguous form."""
        if not any(move.captured for move in moves):
            return [_write(move, notation, False) for move in moves]
        legal = self.legal_moves(position)
        ends: dict[tuple[int, int], int] = {}
        for move in legal:
            key = (move.path[0], move.path[-1])
            ends[key] = ends.get(key, 0) + 1
        return [_write(m, notation, ends.get((m.path[0], m.path[-1]), 0) > 1) for m in moves]

    def format_move(
        self, position: BrazilianPosition, move: BrazilianMove, notation: str | None = None
    ) -> str:
        """``move`` in ``notation``: start and end only, or the full path when ambiguous."""
        return self._written(position, (move,), notation or self.notations[0])[0]

    def describe_moves(
        self,
        position: BrazilianPosition,
        moves: Sequence[BrazilianMove],
        notation: str | None = None,
    ) -> list[str]:
        """The moves in ``notation`` (default numeric), each in its shortest unambiguous
        form, for messages."""
        return self._written(position, moves, notation or self.notations[0])

    def play(self, position: BrazilianPosition, move: BrazilianMove) -> BrazilianPosition:
        """The position after ``move``; a man that ends on the far row is crowned."""
        white, black, kings, turn = position
        path, captured = move
        start, end = BIT[path[0]], BIT[path[-1]]
        if captured:
            removed = 0
            for square in captured:
                removed |= BIT[square]
            kings &= ~removed
            if turn:
                white &= ~removed
            else:
                black &= ~removed
        if kings & start:
            kings = (kings ^ start) | end
        elif end & PROMOTION[turn]:
            kings |= end
        if turn:
            return _new(BrazilianPosition, (white, (black ^ start) | end, kings, WHITE))
        return _new(BrazilianPosition, ((white ^ start) | end, black, kings, BLACK))

    def notation_of(self, text: str) -> str | None:
        """``"numeric"`` or ``"alphanumeric"`` by the move text's first character."""
        first = text.strip()[:1]
        if first.isdigit():
            return "numeric"
        if first.isalpha():
            return "alphanumeric"
        return None

    # End of game -------------------------------------------------------------------

    def outcome(self, position: BrazilianPosition) -> Outcome | None:
        """The side to move loses when it has no legal move."""
        white, black, kings, turn = position
        own, opp = (white, black) if turn is WHITE else (black, white)
        empty = DARK ^ (white | black)
        if _has_quiet(own, kings, empty, turn) or _can_capture(own, opp, kings, empty):
            return None
        return Outcome(turn.other, f"{turn.title} has no legal move")

    def result_for(self, outcome: Outcome) -> tuple[str, ...]:
        """PDN draughts results first (``2-0``, ``0-2``, ``1-1``), then the chess forms."""
        if outcome.winner is None:
            return ("1-1", "1/2-1/2")
        return ("2-0", "1-0") if outcome.winner is WHITE else ("0-2", "0-1")

    # Records -------------------------------------------------------------------------

    def new_tags(self, seed: int | None = None) -> dict[str, str]:
        """The full numeric ``GameType`` (PDN's way to name Brazilian draughts)."""
        return {"GameType": GAMETYPE_NUMERIC}

    def notation_tags(self, tags: Mapping[str, str], notation: str) -> dict[str, str]:
        """The full ``GameType`` of the notation, and the ``FEN`` tag rewritten in it."""
        out = {
            "GameType": GAMETYPE_ALPHANUMERIC if notation == "alphanumeric" else GAMETYPE_NUMERIC
        }
        fen = tags.get("FEN")
        if fen is not None:
            with contextlib.suppress(SetupError):
                out["FEN"] = _write_fen(_parse_fen(fen), notation)
        return out

    # Pictures --------------------------------------------------------------------------

    def render_text(
        self,
        position: BrazilianPosition,
        last: BrazilianMove | None = None,
        notation: str | None = None,
    ) -> str:
        """The board from White's side; the last move's squares are shown in brackets.
        The diagram names no square, so it reads the same in both notations."""
        status = self.game_over(position) or f"{position.turn.title} to move"
        return board_text(position, () if last is None else last.path, status)
