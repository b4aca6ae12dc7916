"""International draughts: the FMJD rules on a 10x10 board (GameType 20).

The 50 dark squares are numbered 1..50 row by row from Black's side (1 = b10, 5 = j10,
6 = a9, 46 = a1, 50 = i1). Black men start on 1..20, White men on 31..50, and White
moves first. Men step diagonally forward and capture by short jumps forward and
backward; kings fly. Capture is compulsory and must take the most pieces (majority
rule); captured pieces leave the board only when the move is complete (Turkish strike).
A man is crowned only when it ends its move on the far row. The side to move with no
legal move loses. A record that names no game is this one, as PDN says. The rules are
written out in ``docs/rules/international.md``.
The board and the move generation are built by :mod:`notation.games.flying`.

Moves are read in PDN's numeric notation (``32-28``, ``19x28``, ``19x30x39``): a quiet
move is written with ``-``, a capture with ``x`` or ``:``. A capture may give only its
start and end square when that names one legal move, and must give every landing square
otherwise.

Codes raised by :meth:`International.parse_move` (the first that applies, in this order):

- ``ID201`` the text is not a move of this game (bad syntax, no such square, a quiet
  move with more than two squares, mixed separators).
- ``ID208`` the game is over: the side to move has no legal move.
- ``ID202`` the start square holds no piece of the side to move.
- ``ID204`` a capture is available and the text is a quiet move.
- ``ID205`` the text is a capture, or an unfinished part of one, that takes fewer
  pieces than the most a capture can take.
- ``ID207`` a short capture (start and end only) names several legal captures.
- ``ID206`` a man's quiet move goes to a row behind it.
- ``ID203`` any other illegal move, including a capture written with ``-`` and a quiet
  move written with ``x``.

The FEN tag (``W:W31-50:B1-20``) takes numbers, ranges and ``K`` for kings, and is
written without ranges (``W:W31,32,...``); a man may not stand on the row where it would
be crowned.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import ClassVar, NamedTuple

from notation.diagnostics import Severity, register
from notation.games.base import Game, IllegalMove, Outcome, SetupError, Side, reading_tag
from notation.games.draws import Material, endgame_count, quiet_run
from notation.games.flying import FlyingDraughts, Route, bits
from notation.games.tags import fen_error, fen_fields

MALFORMED = register("ID201", Severity.ERROR, "not an international draughts move")
NO_PIECE = register("ID202", Severity.ERROR, "no piece of the side to move on the start square")
ILLEGAL = register("ID203", Severity.ERROR, "illegal international draughts move")
CAPTURE_COMPULSORY = register("ID204", Severity.ERROR, "a capture is compulsory")
MAJORITY = register("ID205", Severity.ERROR, "the capture must take the most pieces possible")
BACKWARD = register("ID206", Severity.ERROR, "a man moves forward only")
AMBIGUOUS = register("ID207", Severity.ERROR, "a short capture names several captures")
GAME_OVER = register("ID208", Severity.ERROR, "the game is over: no legal move")

__all__ = ["International", "InternationalMove", "InternationalPosition"]


class InternationalPosition(NamedTuple):
    """A position: piece sets as bitboards on an internal 10x10 layout, and the side to move.

    Bit ``10 * row + column`` stands for a square, row 0 being rank 10 and column 0 file a.
    Pieces stand on dark squares only, so ``DARK ^ (white | black)`` is the empty squares.
    """

    white: int
    black: int
    kings: int
    turn: Side


class InternationalMove(NamedTuple):
    """A move: the squares visited (start, then each landing square) and those captured.

    Squares are numbers 1..50; ``captured`` lists them in increasing order. Two moves are
    equal when they share start, end and captured squares, whatever the route between.
    """

    path: tuple[int, ...]
    captured: tuple[int, ...] = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, InternationalMove):
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

ENGINE = FlyingDraughts(10, majority=True, crown_mid_capture=False)
"""The 10x10 board, majority capture, promotion only at the end of a move."""
SQUARES = ENGINE.squares
FILES = ENGINE.files
INDEX = ENGINE.index
BIT = ENGINE.bit
SQUARE_AT = ENGINE.square_at
SQUARE_OF = ENGINE.square_of
ROW = ENGINE.row
DARK = ENGINE.dark
RAYS = ENGINE.rays
BETWEEN = ENGINE.between
FORWARD = ENGINE.forward
PROMOTION = ENGINE.promotion
_bits = bits
_capture_starts = ENGINE.capture_starts
_can_capture = ENGINE.can_capture
_has_quiet = ENGINE.has_quiet
_routes = ENGINE.routes
_best_routes = ENGINE.best_routes
_captured_squares = ENGINE.captured_squares

TEXT_CACHE_SIZE = 4096
"""How many move texts :meth:`International.parse_move` keeps read (then it starts afresh)."""


def _move_of(route: Route) -> InternationalMove:
    """The move a capture route makes."""
    path, captured = route
    return _new(InternationalMove, (path, _captured_squares(captured)))


QUIET = [[_new(InternationalMove, ((a, b), ())) for b in range(51)] for a in range(51)]
"""Prebuilt quiet moves, by start and end square."""


def _quiet_moves(position: InternationalPosition) -> list[InternationalMove]:
    """The moves that capture nothing (legal when no capture exists)."""
    return ENGINE.quiet_moves(position, QUIET)


# Move text ------------------------------------------------------------------------------

_NUMBER_TEXT = r"[0-9]{1,2}"
MOVE_SHAPE = re.compile(
    rf"{_NUMBER_TEXT}(?:(?P<quiet>-){_NUMBER_TEXT}|(?P<capture>(?:[x:]{_NUMBER_TEXT})+))",
    re.IGNORECASE,
)
"""Every move text read (:attr:`International.move_shape`): ``32-28``, ``19x28``,
``19x30x39``, ``19:28``, the capture sign in either case."""
_NUMBERS = re.compile(r"[0-9]+")


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
    numbers = [int(n) for n in _NUMBERS.findall(lowered)]  # 2 digits at most
    for number in numbers:
        if not 1 <= number <= 50:
            return _Malformed(f"there is no square {number}")
    capture = match.group("capture")
    if capture and "x" in capture and ":" in capture:
        return _Malformed("")
    return _Text(tuple(numbers), "-" if match.group("quiet") else "x")


def _write(move: InternationalMove, full: bool) -> str:
    """A move in numeric notation, with every landing square when ``full``."""
    if not move.captured:
        return f"{move.path[0]}-{move.path[-1]}"
    squares = move.path if full else (move.path[0], move.path[-1])
    return "x".join(map(str, squares))


def _plural(count: int) -> str:
    """``"1 piece"``, ``"3 pieces"``."""
    return f"{count} piece" if count == 1 else f"{count} pieces"


# FEN ------------------------------------------------------------------------------------

_FEN_TOKEN = re.compile(r"(k?)([0-9]{1,2})(?:-([0-9]{1,2}))?")
GAMETYPE_FULL = "20,W,10,10,N1,0"
GAMETYPES = ("20", GAMETYPE_FULL, "20,W,10,10,N2,0")
"""The ``GameType`` values read: bare, and PDN's full form as the standard's own files
and as other programs write it (numeric squares, 1 = b10, either numbering code)."""


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
        first = int(match.group(2))
        last = int(match.group(3)) if match.group(3) else first
        for number in (first, last):
            if not 1 <= number <= 50:
                raise fen_error(fen, f"there is no square {number}")
        if last < first:
            raise fen_error(fen, f"the range {first}-{last} runs backward")
        pieces.extend((n, king) for n in range(first, last + 1))
    return pieces


def _parse_fen(fen: str) -> InternationalPosition:
    """The position a PDN FEN tag value describes."""
    fields = fen_fields(fen, "international draughts")
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
    return InternationalPosition(boards[0], boards[1], kings, fields.turn)


def _write_fen(position: InternationalPosition) -> str:
    """The PDN FEN tag value of a position, every square listed (no ranges)."""
    white, black, kings, turn = position
    lists = []
    for letter, pieces in (("W", white), ("B", black)):
        names = [("K" if kings & BIT[n] else "") + str(n) for n in SQUARES if pieces & BIT[n]]
        lists.append(letter + ",".join(names))
    return f"{'W' if turn is WHITE else 'B'}:{lists[0]}:{lists[1]}"


def _check_gametype(value: str) -> None:
    """Reject a full GameType tag whose board or numbering this game does not use."""
    if value in GAMETYPES:  # the usual tags, checked without a regex
        return
    if re.sub(r"\s+", "", value).upper() not in GAMETYPES:
        raise SetupError(
            f"GameType {value!r} is not an international draughts board this toolkit "
            f"reads; use 20 or {GAMETYPE_FULL}"
        )


_TEXT_CACHE: dict[str, _Text | _Malformed] = {}
"""Move texts read, by text: a plain dict, faster than ``lru_cache`` on the hot path; each
of its operations is atomic, so threads share it safely (at worst reading a text twice)."""

START = InternationalPosition(sum(BIT[31:51]), sum(BIT[1:21]), 0, WHITE)


def _reduced_endgame(counts: Material, turn: Side) -> tuple[object, int] | None:
    """The FMJD's reduced endgames against a lone king: three pieces with a king, 16 moves
    each; two pieces with a king, or a king, 5 moves each."""
    white_men, white_kings, black_men, black_kings = counts
    for men, kings, alone in (
        (white_men, white_kings, black_men == 0 and black_kings == 1),
        (black_men, black_kings, white_men == 0 and white_kings == 1),
    ):
        if alone and kings:
            if men + kings == 3:
                return "16 moves by each side with three pieces against a lone king", 32
            if men + kings <= 2:
                return "5 moves by each side with two pieces or a king against a lone king", 10
    return None


class International(Game[InternationalPosition, InternationalMove]):
    """International draughts: FMJD rules on 10x10, flying kings, majority capture."""

    name: ClassVar[str] = "international"
    title: ClassVar[str] = "International draughts"
    notations: ClassVar[tuple[str, ...]] = ("numeric",)
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
    gametype: ClassVar[str | None] = "20"
    threefold_repetition: ClassVar[bool] = True

    # Positions ---------------------------------------------------------------------

    def start(self, tags: Mapping[str, str]) -> InternationalPosition:
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
        self, position: InternationalPosition, notation: str | None = None
    ) -> dict[str, str]:
        """The ``FEN`` tag of ``position``."""
        return {"FEN": _write_fen(position)}

    # Moves ---------------------------------------------------------------------------

    def _captures(self, position: InternationalPosition) -> list[InternationalMove]:
        """The legal captures, one per distinct outcome, in order."""
        moves = list(dict.fromkeys(_move_of(route) for route in _best_routes(position)))
        moves.sort()
        return moves

    def legal_moves(self, position: InternationalPosition) -> list[InternationalMove]:
        """Every legal move, captures by the majority rule, one per distinct outcome."""
        return self._captures(position) or _quiet_moves(position)

    def capture_paths(
        self, position: InternationalPosition
    ) -> list[tuple[tuple[int, ...], InternationalMove]]:
        """Each route of each legal capture (the squares visited), with its move: what
        :func:`notation.check.replay.short_capture` reads short captures by."""
        return [(route[0], _move_of(route)) for route in _best_routes(position)]

    def parse_move(self, position: InternationalPosition, text: str) -> InternationalMove:
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
                MALFORMED, f"{text.strip()!r} is not an international draughts move{reason}"
            )
        squares, kind = read
        white, black, kings, turn = position
        if turn:
            own, opp = black, white
        else:
            own, opp = white, black
        start = squares[0]
        start_bit = BIT[start]
        if own & start_bit:
            if kind == "-":
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
            else:
                move = self._find_capture(position, squares)
                if move is not None:
                    return move
        raise self._diagnose(position, read, text)

    def _find_capture(
        self, position: InternationalPosition, squares: tuple[int, ...]
    ) -> InternationalMove | None:
        """The legal capture a list of squares names alone, if there is one."""
        routes = _best_routes(position)
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

    def _diagnose(self, position: InternationalPosition, read: _Text, text: str) -> IllegalMove:
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
            owner = turn.other.title
            piece = "king" if kings & BIT[start] else "man"
            return IllegalMove(
                NO_PIECE, f"square {start} holds a {owner} {piece}; {turn.title} is to move"
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
            most = len(moves[0].captured)
            if taken and max(taken) < most:
                return IllegalMove(
                    MAJORITY,
                    f"a capture of {_plural(most)} is available; {written} takes {max(taken)}",
                )
            if len(squares) == 2 and len(same) > 1:
                paths = ", ".join(_write(m, True) for m in same)
                return IllegalMove(
                    AMBIGUOUS, f"{written} names {len(same)} captures: {paths}; write the path"
                )
            if same:
                return IllegalMove(ILLEGAL, f"{written} is not the path of a legal capture")
            return IllegalMove(ILLEGAL, f"a {piece} on {start} cannot capture to {end}")
        if kind == "x":
            quiet = InternationalMove((start, end))
            if len(squares) == 2 and quiet in _quiet_moves(position):
                return IllegalMove(
                    ILLEGAL, f"{written} captures nothing: write {_write(quiet, False)}"
                )
            return IllegalMove(ILLEGAL, f"no capture is available; {written} is not legal")
        if piece == "man" and (ROW[end] > ROW[start]) == (turn is WHITE) and ROW[end] != ROW[start]:
            return IllegalMove(BACKWARD, f"a man moves forward only; {written} goes backward")
        reason = f": square {end} is occupied" if (white | black) & BIT[end] else ""
        return IllegalMove(ILLEGAL, f"a {piece} on {start} cannot move to {end}{reason}")

    def _written(
        self, position: InternationalPosition, moves: Sequence[InternationalMove]
    ) -> list[str]:
        """Moves in numeric notation, each in its shortest unambiguous form."""
        if not any(move.captured for move in moves):
            return [_write(move, False) for move in moves]
        legal = self.legal_moves(position)
        ends: dict[tuple[int, int], int] = {}
        for move in legal:
            key = (move.path[0], move.path[-1])
            ends[key] = ends.get(key, 0) + 1
        return [_write(m, ends.get((m.path[0], m.path[-1]), 0) > 1) for m in moves]

    def format_move(
        self,
        position: InternationalPosition,
        move: InternationalMove,
        notation: str | None = None,
    ) -> str:
        """``move`` in numeric notation: start and end only, or the full path when
        ambiguous."""
        return self._written(position, (move,))[0]

    def describe_moves(
        self,
        position: InternationalPosition,
        moves: Sequence[InternationalMove],
        notation: str | None = None,
    ) -> list[str]:
        """The moves in numeric notation, each in its shortest unambiguous form."""
        return self._written(position, moves)

    def play(
        self, position: InternationalPosition, move: InternationalMove
    ) -> InternationalPosition:
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
            return _new(InternationalPosition, (white, (black ^ start) | end, kings, WHITE))
        return _new(InternationalPosition, ((white ^ start) | end, black, kings, BLACK))

    def notation_of(self, text: str) -> str | None:
        """``"numeric"`` when the move text starts with a digit."""
        return "numeric" if text.strip()[:1].isdigit() else None

    # End of game -------------------------------------------------------------------

    def outcome(self, position: InternationalPosition) -> Outcome | None:
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

    def draw_rule(self, positions: Sequence[InternationalPosition]) -> tuple[int, str] | None:
        """The FMJD's counted draws: 25 moves by each side with only kings moved and no
        capture; the reduced endgames against a lone king (16 or 5 moves each)."""
        found = []
        run = quiet_run(positions, 50)
        if run is not None:
            found.append((run, "25 moves by each side with only kings moved and no capture"))
        end = endgame_count(positions, _reduced_endgame, 4, 10)
        if end is not None:
            found.append((end[0], str(end[1])))
        return min(found) if found else None

    # Records -------------------------------------------------------------------------

    def new_tags(self, seed: int | None = None) -> dict[str, str]:
        """``GameType`` 20, PDN's way to name international draughts."""
        return {"GameType": "20"}

    # Pictures --------------------------------------------------------------------------

    def render_text(
        self,
        position: InternationalPosition,
        last: InternationalMove | None = None,
        notation: str | None = None,
    ) -> str:
        """The board from White's side, files a..j and ranks 1..10 in the frame; the last
        move's squares are shown in brackets."""
        white, black, kings, turn = position
        marked = set(last.path) if last is not None else set()
        files = "    " + "".join(f" {f} " for f in FILES)
        lines = [files]
        for row in range(10):
            cells = []
            for col in range(10):
                square = SQUARE_AT.get(row * 10 + col)
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
            rank = 10 - row
            lines.append(f" {rank:>2} " + "".join(cells) + f" {rank}")
        lines.append(files)
        lines.append(self.game_over(position) or f"{turn.title} to move")
        return "\n".join(line.rstrip() for line in lines)
