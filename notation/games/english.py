"""English draughts, American checkers (GameType 21).

The 32 dark squares are numbered 1..32 row by row from Black's side (1 = b8, 4 = h8,
5 = a7, 29 = a1, 32 = g1). Black's men start on 1..12, White's on 21..32, and Black moves
first. Men step diagonally forward and capture forward only, by short jumps; kings step
and capture by short jumps in all four directions. Capture is compulsory, the player
chooses freely among the captures (no majority rule), and a capture, once begun, must be
completed. A man that reaches the far row is crowned and its move ends there. The side to
move with no legal move loses. The rules are written out in ``docs/rules/english.md``.

Moves are read in numeric notation: ``11-15`` for a step, ``22x15`` for a capture, every
landing square for a multiple one (``22x15x8``), ``:`` also read for ``x``. A capture may
give only its start and end square when that names one legal move, and must give every
landing square otherwise.

Codes raised by :meth:`English.parse_move` (the first that applies, in this order):

- ``EN201`` the text is not a move of this game (bad syntax, no such square, a quiet
  move with more than two squares, mixed separators).
- ``EN208`` the game is over: the side to move has no legal move.
- ``EN202`` the start square holds no piece of the side to move.
- ``EN204`` a capture is available and the text is a quiet move.
- ``EN205`` the text is the unfinished part of a capture that must go on.
- ``EN207`` a short capture (start and end only) names several legal captures.
- ``EN206`` a man's step or jump goes backward.
- ``EN203`` any other illegal move, including a capture written with ``-`` and a quiet
  move written with ``x``.

The FEN tag (``B:W21-32:B1-12``) takes numbers, ranges and ``K`` for kings; a man may not
stand on the row where it would be crowned.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import ClassVar, NamedTuple

from notation.diagnostics import Severity, register
from notation.games.base import IllegalMove, Outcome, SetupError, Side
from notation.games.draughts_hooks import DraughtsHooks
from notation.games.draws import quiet_run
from notation.games.flying import Board, DraughtsMove, DraughtsPosition, bits, fen_bitboards
from notation.games.tags import draughts_start, fen_fields

MALFORMED = register("EN201", Severity.ERROR, "not an English draughts move")
NO_PIECE = register("EN202", Severity.ERROR, "no piece of the side to move on the start square")
ILLEGAL = register("EN203", Severity.ERROR, "illegal English draughts move")
CAPTURE_COMPULSORY = register("EN204", Severity.ERROR, "a capture is compulsory")
UNFINISHED = register("EN205", Severity.ERROR, "a capture must be completed")
BACKWARD = register("EN206", Severity.ERROR, "a man moves and captures forward only")
AMBIGUOUS = register("EN207", Severity.ERROR, "a short capture names several captures")
GAME_OVER = register("EN208", Severity.ERROR, "the game is over: no legal move")

__all__ = ["English", "EnglishMove", "EnglishPosition"]


class EnglishPosition(DraughtsPosition):
    """A position: piece sets as bitboards on an internal 8x8 layout, and the side to move.

    Bit ``8 * row + column`` stands for a square, row 0 being rank 8 (Black's side) and
    column 0 file a. Pieces stand on dark squares only.
    """

    __slots__ = ()


class EnglishMove(DraughtsMove):
    """A move: the squares visited (start, then each landing square) and those captured.

    Squares are numbers 1..32; ``captured`` lists them in increasing order. Two moves are
    equal when they share start, end and captured squares, whatever the route between.
    """

    __slots__ = ()


_new = tuple.__new__
WHITE, BLACK = Side.WHITE, Side.BLACK
"""The sides as module constants: looking a member up on its enum class is slow."""

# Geometry -----------------------------------------------------------------------------

BOARD = Board(8)
"""The 8x8 board, numbered as in every English and American book."""
SQUARES = BOARD.squares
FILES = BOARD.files
INDEX = BOARD.index
BIT = BOARD.bit
SQUARE_AT = BOARD.square_at
SQUARE_OF = BOARD.square_of
ROW = BOARD.row
DARK = BOARD.dark
NEXT = BOARD.next
"""The layout index one step away, by direction (north-west, north-east, toward Black's
side, then south-west, south-east), -1 off the board."""
NORTH, SOUTH, ALL = (0, 1), (2, 3), (0, 1, 2, 3)
FORWARD_DIRECTIONS = (NORTH, SOUTH)
"""A man's forward directions, by side: White's men go north, Black's south."""
_bits = bits
_captured_squares = BOARD.captured_squares


def _steps(directions: tuple[int, ...]) -> list[int]:
    """For each square number, the mask of squares one step away in ``directions``."""
    return [0] + [sum(1 << j for d in directions if (j := NEXT[d][INDEX[n]]) >= 0) for n in SQUARES]


FORWARD = BOARD.forward
"""A man's quiet steps, by side."""
KING_STEPS = _steps(ALL)
PROMOTION = BOARD.promotion
"""The row where each side's men are crowned."""
COLUMN_GE2 = BOARD.column_ge2
COLUMN_LE5 = BOARD.column_le_far2
COLUMN_GE1 = BOARD.column_ge1
COLUMN_LE6 = BOARD.column_le_far1

Jump = tuple[int, int, int]
"""A jump from a square: (bit jumped over, landing square, landing bit)."""


def _jumps(directions: tuple[int, ...]) -> list[tuple[Jump, ...]]:
    """For each square number, the short jumps from it in ``directions``."""
    return [()] + [
        tuple(
            (1 << over, SQUARE_OF[land], 1 << land)
            for d in directions
            if (over := NEXT[d][INDEX[n]]) >= 0 and (land := NEXT[d][over]) >= 0
        )
        for n in SQUARES
    ]


# A man's jumps all go forward, so a man that lands on the far row has no jump left: its
# capture ends there, as the rules say, with no extra test.
MAN_JUMPS = (_jumps(NORTH), _jumps(SOUTH))
KING_JUMPS = _jumps(ALL)
JUMPED = [[0] + [sum(over for over, _, _ in table[n]) for n in SQUARES] for table in MAN_JUMPS]
KING_JUMPED = [0] + [sum(over for over, _, _ in KING_JUMPS[n]) for n in SQUARES]

# The square jumped between two squares a jump apart, by square numbers; 0 otherwise.
OVER = [[0] * 33 for _ in range(33)]
for _n in SQUARES:
    for _over, _land, _ in KING_JUMPS[_n]:
        OVER[_n][_land] = SQUARE_OF[_over.bit_length() - 1]


def _capture_starts(own: int, opp: int, kings: int, empty: int, turn: Side) -> int:
    """The pieces of ``own`` that can jump an enemy piece next to them."""
    north = own if turn is WHITE else own & kings
    south = own & kings if turn is WHITE else own
    return (
        (north & COLUMN_GE2 & (opp << 9) & (empty << 18))
        | (north & COLUMN_LE5 & (opp << 7) & (empty << 14))
        | (south & COLUMN_GE2 & (opp >> 7) & (empty >> 14))
        | (south & COLUMN_LE5 & (opp >> 9) & (empty >> 18))
    )


def _has_quiet(own: int, kings: int, empty: int, turn: Side) -> bool:
    """Whether the side owning ``own`` has a step that captures nothing."""
    north = own if turn is WHITE else own & kings
    south = own & kings if turn is WHITE else own
    return bool(
        ((north & COLUMN_GE1) >> 9) & empty
        or ((north & COLUMN_LE6) >> 7) & empty
        or ((south & COLUMN_GE1) << 7) & empty
        or ((south & COLUMN_LE6) << 9) & empty
    )


TEXT_CACHE_SIZE = 4096
"""How many move texts :meth:`English.parse_move` keeps read (then it starts afresh)."""

Route = tuple[tuple[int, ...], int]
"""A capture route: the square numbers visited (start first) and the captured mask."""


def _extend(
    square: int,
    table: list[tuple[Jump, ...]],
    live: int,
    empty: int,
    captured: int,
    path: tuple[int, ...],
    out: list[Route],
    partial: list[Route] | None,
) -> None:
    """Extend a capture from ``square`` with the jumps of ``table``; ``live`` are the
    enemies not yet jumped (those jumped stay on the board, so they block a landing)."""
    done = True
    for over, land, land_bit in table[square]:
        if live & over and empty & land_bit:
            done = False
            step = (*path, land)
            if partial is not None:
                partial.append((step, captured | over))
            _extend(land, table, live ^ over, empty, captured | over, step, out, partial)
    if done:
        out.append((path, captured))


def _routes(position: EnglishPosition, partial: list[Route] | None = None) -> list[Route]:
    """Every complete capture route of the side to move; ``partial`` collects every
    route's beginnings too, for error messages."""
    white, black, kings, turn = position
    own, opp = (black, white) if turn else (white, black)
    empty = DARK ^ (white | black)
    out: list[Route] = []
    starts = _capture_starts(own, opp, kings, empty, turn)
    men = MAN_JUMPS[turn]
    while starts:
        bit = starts & -starts
        starts ^= bit
        start = SQUARE_OF[bit.bit_length() - 1]
        table = KING_JUMPS if kings & bit else men
        # The start square is empty once the piece leaves it (a king may come back to it).
        for over, land, land_bit in table[start]:
            if opp & over and (empty | bit) & land_bit:
                step = (start, land)
                if partial is not None:
                    partial.append((step, over))
                _extend(land, table, opp ^ over, empty | bit, over, step, out, partial)
    return out


def _move_of(route: Route) -> EnglishMove:
    """The move a capture route makes."""
    path, captured = route
    return _new(EnglishMove, (path, _captured_squares(captured)))


_last_routes: tuple[EnglishPosition | None, tuple[Route, ...]] = (None, ())
"""The last position :func:`_all_routes` was asked for, with its answer."""


def _all_routes(position: EnglishPosition) -> tuple[Route, ...]:
    """The complete capture routes of the side to move (empty when there is no capture).

    The last position's answer is kept (parsing a capture, diagnosing it and listing the
    legal moves ask for the same position): one module-level pair, replaced whole, so that
    threads sharing it can at worst compute an answer twice, never read a wrong one.
    """
    global _last_routes
    last, routes = _last_routes
    if last == position:
        return routes
    routes = tuple(_routes(position))
    _last_routes = (position, routes)
    return routes


QUIET = [[_new(EnglishMove, ((a, b), ())) for b in range(33)] for a in range(33)]
"""Prebuilt quiet moves, by start and end square."""


def _quiet_moves(position: EnglishPosition) -> list[EnglishMove]:
    """The steps that capture nothing (legal when no capture exists)."""
    white, black, kings, turn = position
    own = white if turn is WHITE else black
    empty = DARK ^ (white | black)
    forward = FORWARD[turn]
    moves: list[EnglishMove] = []
    for index in _bits(own):
        start = SQUARE_AT[index]
        targets = KING_STEPS[start] if kings >> index & 1 else forward[start]
        moves.extend(QUIET[start][SQUARE_AT[j]] for j in _bits(targets & empty))
    moves.sort()
    return moves


# Move text ------------------------------------------------------------------------------

_NUMBER_TEXT = r"[0-9]{1,2}"
MOVE_SHAPE = re.compile(
    rf"{_NUMBER_TEXT}(?:(?P<quiet>-){_NUMBER_TEXT}|(?P<capture>(?:[x:]{_NUMBER_TEXT})+))",
    re.IGNORECASE,
)
"""Every move text read (:attr:`English.move_shape`): ``11-15``, ``22x15``, ``22x15x8``,
``22:15``, the ``x`` in either case."""


class _Text(NamedTuple):
    """A move text read: its squares and its kind (``-`` or ``x``)."""

    squares: tuple[int, ...]
    kind: str


class _Malformed(NamedTuple):
    """A move text that is not a move, and why."""

    reason: str


def _read_text(text: str) -> _Text | _Malformed:
    """Split a move text into squares, or say why it is not a move."""
    lowered = text.strip().lower()
    match = MOVE_SHAPE.fullmatch(lowered)
    if match is None:
        return _Malformed("")
    numbers = [int(n) for n in re.findall(r"[0-9]+", lowered)]  # 2 digits at most
    for number in numbers:
        if not 1 <= number <= 32:
            return _Malformed(f"there is no square {number}")
    capture = match.group("capture")
    if capture and "x" in capture and ":" in capture:
        return _Malformed("")
    return _Text(tuple(numbers), "-" if match.group("quiet") else "x")


def _write(move: EnglishMove, full: bool) -> str:
    """A move in numeric notation, with every landing square when ``full``."""
    if not move.captured:
        return f"{move.path[0]}-{move.path[-1]}"
    squares = move.path if full else (move.path[0], move.path[-1])
    return "x".join(str(square) for square in squares)


# FEN and GameType -------------------------------------------------------------------------

_FULL_GAMETYPE = re.compile(r"21,B,8,8,N[0-9],0")


def _parse_fen(fen: str) -> EnglishPosition:
    """The position a PDN FEN tag value describes."""
    fields = fen_fields(fen, "English draughts")
    white, black, kings = fen_bitboards(fields.pieces, fen, BOARD, alphanumeric=False)
    return EnglishPosition(white, black, kings, fields.turn)


def _write_fen(position: EnglishPosition) -> str:
    """The PDN FEN tag value of a position, every square listed."""
    white, black, kings, turn = position
    lists = []
    for letter, pieces in (("W", white), ("B", black)):
        names = [("K" if kings & BIT[n] else "") + str(n) for n in SQUARES if pieces & BIT[n]]
        lists.append(letter + ",".join(names))
    return f"{'W' if turn is WHITE else 'B'}:{lists[0]}:{lists[1]}"


def _check_gametype(value: str) -> None:
    """Reject a full GameType tag whose board or first mover this game does not use."""
    normal = re.sub(r"\s+", "", value).upper()
    if normal != "21" and not _FULL_GAMETYPE.fullmatch(normal):
        raise SetupError(
            f"GameType {value!r} is not an English draughts board this toolkit reads; "
            "use 21 (or its full form 21,B,8,8,N1,0: Black first, 8x8, numbered squares)"
        )


_TEXT_CACHE: dict[str, _Text | _Malformed] = {}
"""Move texts read, by text: a plain dict, faster than ``lru_cache`` on the hot path; each
of its operations is atomic, so threads share it safely (at worst reading a text twice)."""

START = EnglishPosition(sum(BIT[21:33]), sum(BIT[1:13]), 0, BLACK)
"""The start: Black's men on 1..12, White's on 21..32, Black to move."""


class English(DraughtsHooks[EnglishPosition, EnglishMove]):
    """English draughts (American checkers): short kings, free choice among captures."""

    name: ClassVar[str] = "english"
    code_prefix: ClassVar[str | None] = "EN"
    title: ClassVar[str] = "English draughts"
    notations: ClassVar[tuple[str, ...]] = ("numeric",)
    move_shape: ClassVar[re.Pattern[str]] = MOVE_SHAPE
    results: ClassVar[tuple[str, ...]] = (
        "1-0",
        "0-1",
        "1/2-1/2",
        "2-0",
        "0-2",
        "1-1",
        "0-0",
        "*",
    )
    gametype: ClassVar[str | None] = "21"
    threefold_repetition: ClassVar[bool] = True
    picture_coordinates: ClassVar[bool] = False

    # Positions ---------------------------------------------------------------------

    def start(self, tags: Mapping[str, str]) -> EnglishPosition:
        """The standard start (Black to move), or the position of the record's ``FEN``."""
        return draughts_start(tags, START, _check_gametype, _parse_fen)

    def setup_tags(self, position: EnglishPosition, notation: str | None = None) -> dict[str, str]:
        """The ``FEN`` tag of ``position``."""
        return {"FEN": _write_fen(position)}

    # Moves ---------------------------------------------------------------------------

    def _captures(self, position: EnglishPosition) -> list[EnglishMove]:
        """The legal captures, one per distinct outcome, in order."""
        moves = list(dict.fromkeys(_move_of(route) for route in _all_routes(position)))
        moves.sort()
        return moves

    def legal_moves(self, position: EnglishPosition) -> list[EnglishMove]:
        """Every legal move: the captures when there is one, else the steps."""
        return self._captures(position) or _quiet_moves(position)

    def capture_paths(self, position: EnglishPosition) -> list[tuple[tuple[int, ...], EnglishMove]]:
        """Each route of each legal capture (the squares visited), with its move: what
        :meth:`~notation.games.draughts_hooks.DraughtsHooks.read_short_capture` reads by."""
        return [(route[0], _move_of(route)) for route in _all_routes(position)]

    def picture_board(self) -> Board:
        """The board, as the picture draws it."""
        return BOARD

    def parse_move(self, position: EnglishPosition, text: str) -> EnglishMove:
        """The legal move ``text`` names, in numeric notation."""
        read = _TEXT_CACHE.get(text)
        if read is None:
            read = _read_text(text)
            if len(_TEXT_CACHE) >= TEXT_CACHE_SIZE:
                _TEXT_CACHE.clear()
            _TEXT_CACHE[text] = read
        if isinstance(read, _Malformed):
            reason = f": {read.reason}" if read.reason else ""
            raise IllegalMove(
                MALFORMED, f"{text.strip()!r} is not an English draughts move{reason}"
            )
        squares, kind = read
        white, black, kings, turn = position
        own, opp = (black, white) if turn else (white, black)
        start = squares[0]
        start_bit = BIT[start]
        if own & start_bit:
            if kind == "-":
                empty = DARK ^ (white | black)
                if (
                    len(squares) == 2
                    and empty & BIT[squares[1]]
                    and (KING_STEPS if kings & start_bit else FORWARD[turn])[start]
                    & BIT[squares[1]]
                    and not _capture_starts(own, opp, kings, empty, turn)
                ):
                    return QUIET[start][squares[1]]
            else:
                move = self._find_capture(position, squares)
                if move is not None:
                    return move
        raise self._diagnose(position, read, text)

    def _find_capture(
        self, position: EnglishPosition, squares: tuple[int, ...]
    ) -> EnglishMove | None:
        """The legal capture a list of squares names alone, if there is one."""
        routes = _all_routes(position)
        if len(squares) > 2:
            for route in routes:
                if route[0] == squares:
                    return _move_of(route)
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
        return None if found is None else _move_of(found)

    def _diagnose(self, position: EnglishPosition, read: _Text, text: str) -> IllegalMove:
        """The error for a well-formed move text that names no legal move."""
        squares, kind = read
        written = text.strip()
        white, black, kings, turn = position
        if self.outcome(position) is not None:
            return IllegalMove(
                GAME_OVER, f"{turn.title} has no legal move: the game ended", show_legal=False
            )
        start, end = squares[0], squares[-1]
        own = white if turn is WHITE else black
        if not own & BIT[start]:
            if not (white | black) & BIT[start]:
                return IllegalMove(NO_PIECE, f"square {start} is empty")
            piece = "king" if kings & BIT[start] else "man"
            return IllegalMove(
                NO_PIECE,
                f"square {start} holds a {turn.other.title} {piece}; {turn.title} is to move",
            )
        piece = "king" if kings & BIT[start] else "man"
        man = piece == "man"
        moves = self._captures(position)
        if moves:
            same = [m for m in moves if m.path[0] == start and m.path[-1] == end]
            if kind == "-":
                if same:
                    full = _write(same[0], len(same) > 1)
                    return IllegalMove(ILLEGAL, f"{written} is a capture: write {full}")
                listed = ", ".join(self._written(position, moves))
                available = (
                    "a capture is available" if len(moves) == 1 else "captures are available"
                )
                return IllegalMove(
                    CAPTURE_COMPULSORY, f"{available}: {listed}; {written} is not a capture"
                )
            partial: list[Route] = []
            _routes(position, partial)
            begun = [
                path
                for path, _ in partial
                if (path[0] == start and path[-1] == end if len(squares) == 2 else path == squares)
            ]
            if begun and not same:
                routes = _all_routes(position)
                onward = sorted(
                    {
                        route[0][len(path)]
                        for path in begun
                        for route in routes
                        if len(route[0]) > len(path) and route[0][: len(path)] == path
                    }
                )
                goes_on = " or ".join(str(square) for square in onward)
                return IllegalMove(
                    UNFINISHED,
                    f"{written} is not the end of the capture: it must go on to {goes_on}",
                )
            if len(squares) == 2 and len(same) > 1:
                paths = ", ".join(_write(m, True) for m in same)
                return IllegalMove(
                    AMBIGUOUS, f"{written} names {len(same)} captures: {paths}; write the path"
                )
            if same:
                return IllegalMove(ILLEGAL, f"{written} is not the path of a legal capture")
            if man and self._backward_jump(position, squares):
                return IllegalMove(
                    BACKWARD, f"a man captures forward only; {written} jumps backward"
                )
            return IllegalMove(ILLEGAL, f"a {piece} on {start} cannot capture to {end}")
        if kind == "x" or len(squares) > 2:
            if man and self._backward_jump(position, squares):
                return IllegalMove(
                    BACKWARD, f"a man captures forward only; {written} jumps backward"
                )
            quiet = EnglishMove((start, end))
            if len(squares) == 2 and quiet in _quiet_moves(position):
                return IllegalMove(ILLEGAL, f"{written} captures nothing: write {start}-{end}")
            return IllegalMove(ILLEGAL, f"no capture is available; {written} is not legal")
        if man and (ROW[end] > ROW[start]) == (turn is WHITE) and ROW[end] != ROW[start]:
            return IllegalMove(BACKWARD, f"a man moves forward only; {written} goes backward")
        reason = f": square {end} is occupied" if (white | black) & BIT[end] else ""
        if not reason and not KING_STEPS[start] & BIT[end]:
            reason = ": a piece steps to a diagonal neighbour"
        return IllegalMove(ILLEGAL, f"a {piece} on {start} cannot move to {end}{reason}")

    def _backward_jump(self, position: EnglishPosition, squares: tuple[int, ...]) -> bool:
        """Whether the first jump of ``squares`` goes backward over an enemy piece onto an
        empty square: a jump a king could make, a man not."""
        white, black, _, turn = position
        start, land = squares[0], squares[1]
        over = OVER[start][land]
        opp = black if turn is WHITE else white
        empty = DARK ^ (white | black)
        return bool(
            over
            and opp & BIT[over]
            and empty & BIT[land]
            and (ROW[land] > ROW[start]) == (turn is WHITE)
        )

    def _written(self, position: EnglishPosition, moves: Sequence[EnglishMove]) -> list[str]:
        """Moves in numeric notation, each in its shortest unambiguous form."""
        if not any(move.captured for move in moves):
            return [_write(move, False) for move in moves]
        ends: dict[tuple[int, int], int] = {}
        for move in self.legal_moves(position):
            key = (move.path[0], move.path[-1])
            ends[key] = ends.get(key, 0) + 1
        return [_write(m, ends.get((m.path[0], m.path[-1]), 0) > 1) for m in moves]

    def format_move(
        self, position: EnglishPosition, move: EnglishMove, notation: str | None = None
    ) -> str:
        """``move`` in numeric notation: start and end only, or the full path when
        ambiguous."""
        return self._written(position, (move,))[0]

    def describe_moves(
        self,
        position: EnglishPosition,
        moves: Sequence[EnglishMove],
        notation: str | None = None,
    ) -> list[str]:
        """The moves, each in its shortest unambiguous form, for messages."""
        return self._written(position, moves)

    def play(self, position: EnglishPosition, move: EnglishMove) -> EnglishPosition:
        """The position after ``move``; a man that ends on the far row is crowned."""
        return _new(EnglishPosition, BOARD.after(position, move.path, move.captured))

    def notation_of(self, text: str) -> str | None:
        """``"numeric"`` for a move text that starts with a digit."""
        return "numeric" if text.strip()[:1].isdigit() else None

    # End of game -------------------------------------------------------------------

    def outcome(self, position: EnglishPosition) -> Outcome | None:
        """The side to move loses when it has no legal move."""
        white, black, kings, turn = position
        own, opp = (white, black) if turn is WHITE else (black, white)
        empty = DARK ^ (white | black)
        if _has_quiet(own, kings, empty, turn) or _capture_starts(own, opp, kings, empty, turn):
            return None
        return Outcome(turn.other, f"{turn.title} has no legal move")

    def result_for(self, outcome: Outcome) -> tuple[str, ...]:
        """The results English and American records write first, then PDN's draughts
        forms (``2-0``, ``0-2``, ``1-1``)."""
        if outcome.winner is None:
            return ("1/2-1/2", "1-1")
        return ("1-0", "2-0") if outcome.winner is WHITE else ("0-1", "0-2")

    def draw_rule(self, positions: Sequence[EnglishPosition]) -> tuple[int, str] | None:
        """The 40-move rule: 40 moves by each side with no capture and no man moved."""
        run = quiet_run(positions, 80)
        if run is None:
            return None
        return run, "40 moves by each side with no capture and no man moved"

    # Records -------------------------------------------------------------------------

    def new_tags(self, seed: int | None = None) -> dict[str, str]:
        """The ``GameType`` that names English draughts."""
        return {"GameType": "21"}

    # Pictures --------------------------------------------------------------------------

    def render_text(
        self,
        position: EnglishPosition,
        last: EnglishMove | None = None,
        notation: str | None = None,
    ) -> str:
        """The board with Black's side (squares 1..4) at the top, each dark square's
        number beside its piece; the last move's squares are shown in brackets."""
        white, black, kings, turn = position
        marked = set(last.path) if last is not None else set()
        lines = []
        for row in range(8):
            cells = []
            for col in range(8):
                square = SQUARE_AT.get(row * 8 + col)
                if square is None:
                    cells.append("     ")
                    continue
                bit = BIT[square]
                char = "."
                if white & bit:
                    char = "W" if kings & bit else "w"
                elif black & bit:
                    char = "B" if kings & bit else "b"
                cell = f"[{char}]" if square in marked else f" {char} "
                cells.append(f"{square:>2}{cell}")
            lines.append(" " + "".join(cells))
        lines.append(self.game_over(position) or f"{turn.title} to move")
        return "\n".join(line.rstrip() for line in lines)
