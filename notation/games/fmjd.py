"""The FMJD rules at any board size: what Brazilian (8x8) and international (10x10)
draughts share.

:class:`FmjdGame` is a whole :class:`~notation.games.base.Game` of flying kings and the
majority capture rule (a capture must take the most pieces; captured pieces leave the
board when the move is complete; a man is crowned only when it ends its move on the far
row; the side to move with no legal move loses). It reads moves in numeric notation
(``22-18``, ``18x11``, ``26x17x10``, ``18:11``) and, where the game has it, alphanumeric
notation (``c3-d4``, ``c3xe5``, ``c3:e5``, ``c3d4``); a capture may give only its start and
end square when that names one legal move. It reads and writes PDN FEN tags and explains
every illegal move with the game's codes (:class:`MoveCodes`).

A game module subclasses it with its board (:class:`~notation.games.flying.FlyingDraughts`
with the majority rule), its position and move types, its codes and its tags; what is
its own (draw rules, pictures, GameType values) stays in its module.
"""

from __future__ import annotations

import re
from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar, cast

from notation.diagnostics import Severity, register
from notation.games.base import IllegalMove, Outcome, Side
from notation.games.draughts_hooks import DraughtsHooks
from notation.games.flying import (
    Board,
    DraughtsMove,
    DraughtsPosition,
    FlyingDraughts,
    Route,
    board_text,
    fen_bitboards,
    square_pattern,
)
from notation.games.tags import draughts_start, fen_fields

WHITE, BLACK = Side.WHITE, Side.BLACK
"""The sides, for the hot path."""

_new = tuple.__new__


P = TypeVar("P", bound=DraughtsPosition)
M = TypeVar("M", bound=DraughtsMove)


class MoveCodes(NamedTuple):
    """The codes of a game's illegal moves, in the order they are tried."""

    malformed: str
    """The text is not a move of this game."""
    game_over: str
    """The side to move has no legal move."""
    no_piece: str
    """The start square holds no piece of the side to move."""
    compulsory: str
    """A capture is available and the text is a quiet move."""
    majority: str
    """The capture takes fewer pieces than the most a capture can take."""
    ambiguous: str
    """A short capture names several legal captures."""
    backward: str
    """A man's quiet move goes to a row behind it."""
    illegal: str
    """Any other illegal move."""


def register_move_codes(prefix: str, in_text: str, a_move: str) -> MoveCodes:
    """Register the codes of an FMJD game's illegal moves, ``<prefix>201`` to
    ``<prefix>208``; ``in_text`` and ``a_move`` name the game in a sentence."""

    def code(number: int, summary: str) -> str:
        return register(f"{prefix}{number}", Severity.ERROR, summary)

    malformed = code(201, f"not {a_move}")
    no_piece = code(202, "no piece of the side to move on the start square")
    illegal = code(203, f"illegal {in_text} move")
    compulsory = code(204, "a capture is compulsory")
    majority = code(205, "the capture must take the most pieces possible")
    backward = code(206, "a man moves forward only")
    ambiguous = code(207, "a short capture names several captures")
    game_over = code(208, "the game is over: no legal move")
    return MoveCodes(
        malformed, game_over, no_piece, compulsory, majority, ambiguous, backward, illegal
    )


class MoveText(NamedTuple):
    """A move text read: its squares, its kind (``-``, ``x`` or ``""``) and notation."""

    squares: tuple[int, ...]
    kind: str
    notation: str


class Malformed(NamedTuple):
    """A move text that is not a move, and why."""

    reason: str


class _Entry(NamedTuple, Generic[M]):
    """A move text read, with what the hot path of :meth:`FmjdGame.advance` reads of it."""

    read: MoveText | Malformed
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
    over: int
    """The bit a man jumps over from start to end when it may be a capture of two squares
    one jump apart, else 0."""
    quiet_move: M
    """The quiet move from start to end (when not ``quiet``, any move: it is not read)."""
    jump: M
    """The capture of one jump from start to end (when ``over`` is 0, any move)."""
    crowning: tuple[int, int]
    """By side, for a man's quiet step from start to end: -1 when it is not one, else the
    bit it adds to the kings (the end's bit on the far row, else 0)."""


TEXT_CACHE_SIZE = 4096
"""How many move texts each game keeps read (then it starts afresh)."""

_TEXT_CACHES: dict[str, dict[str, _Entry[Any]]] = {}
"""Each game's move texts read, by game name and text: bounded (:data:`TEXT_CACHE_SIZE`),
keyed by immutable values, and shared by threads, which at worst read a text twice."""

_NUMBER_TEXT = r"[0-9]{1,2}"
_NUMBERS = re.compile(r"[0-9]+")


def move_shape(size: int, *, alphanumeric: bool) -> re.Pattern[str]:
    """Every move text an FMJD game on an n x n board reads: numeric (``22-18``,
    ``26x17x10``, ``18:11``) and, with ``alphanumeric``, squares named by file and rank
    (``c3-d4``, ``c3xe5``, ``c3d4``), letters in either case."""
    numeric = (
        rf"(?P<numeric>{_NUMBER_TEXT}"
        rf"(?:(?P<quiet>-){_NUMBER_TEXT}|(?P<capture>(?:[x:]{_NUMBER_TEXT})+)))"
    )
    if not alphanumeric:
        return re.compile(numeric, re.IGNORECASE)
    square = square_pattern(size)
    return re.compile(
        rf"{numeric}|{square}"
        rf"(?:(?P<step>-){square}|(?P<jumps>(?:[x:]{square})+)|(?:{square})+)",
        re.IGNORECASE,
    )


def plural(count: int) -> str:
    """``"1 piece"``, ``"3 pieces"``."""
    return f"{count} piece" if count == 1 else f"{count} pieces"


class FmjdGame(DraughtsHooks[P, M]):
    """A draughts game of the FMJD rules on the board of :attr:`engine`.

    A subclass gives the class attributes below and :meth:`check_gametype`; the game reads
    numeric notation, and alphanumeric notation when it is among :attr:`notations`.
    """

    engine: ClassVar[FlyingDraughts]
    """The board and move generation (majority rule, crowning at the end of a move)."""
    position_type: ClassVar[type[Any]]
    move_type: ClassVar[type[Any]]
    codes: ClassVar[MoveCodes]
    start_position: ClassVar[Any]
    """The standard start."""
    in_text: ClassVar[str]
    """The game's name inside a sentence (``Brazilian draughts``, ``international draughts``)."""
    a_move: ClassVar[str]
    """What a move text should be, in a sentence (``an international draughts move``)."""
    results: ClassVar[tuple[str, ...]] = ("2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "0-0", "*")
    threefold_repetition: ClassVar[bool] = True

    def __init__(self) -> None:
        engine = self.engine
        self._names = engine.number_of_name if "alphanumeric" in self.notations else None
        self._square_re = re.compile(square_pattern(engine.size))
        self._entries: dict[str, _Entry[M]] = _TEXT_CACHES.setdefault(self.name, {})
        move_type, squares = self.move_type, len(engine.squares) + 1
        self._quiet: list[list[M]] = [
            [_new(move_type, ((a, b), ())) for b in range(squares)] for a in range(squares)
        ]
        """Prebuilt quiet moves, by start and end square."""
        self._advance = self._make_advance()

    def __getstate__(self) -> dict[str, object]:
        """What pickling keeps: not the one-step closure and the text cache, which
        unpickling finds again."""
        return {k: v for k, v in vars(self).items() if k not in ("_advance", "_entries")}

    def __setstate__(self, state: dict[str, object]) -> None:
        vars(self).update(state)
        self._entries = _TEXT_CACHES.setdefault(self.name, {})
        self._advance = self._make_advance()

    # Positions ---------------------------------------------------------------------

    @abstractmethod
    def check_gametype(self, value: str) -> None:
        """Reject a ``GameType`` tag value whose board or numbering this game does not use
        (:class:`~notation.games.base.SetupError`)."""

    def start(self, tags: Mapping[str, str]) -> P:
        """The standard start, or the position of the record's ``FEN`` tag."""
        return draughts_start(
            tags, cast(P, self.start_position), self.check_gametype, self.parse_fen
        )

    def parse_fen(self, fen: str) -> P:
        """The position a PDN FEN tag value describes."""
        fields = fen_fields(fen, self.in_text)
        white, black, kings = fen_bitboards(
            fields.pieces, fen, self.engine, alphanumeric=self._names is not None
        )
        return cast(P, self.position_type(white, black, kings, fields.turn))

    def write_fen(self, position: P, notation: str | None = None) -> str:
        """The PDN FEN tag value of a position, every square listed (no ranges), in
        ``notation`` (default: numeric)."""
        white, black, kings, turn = position
        bit = self.engine.bit
        notation = notation or self.notations[0]
        lists = []
        for letter, pieces in (("W", white), ("B", black)):
            names = [
                ("K" if kings & bit[n] else "") + self.square_name(n, notation)
                for n in self.engine.squares
                if pieces & bit[n]
            ]
            lists.append(letter + ",".join(names))
        return f"{'W' if turn is WHITE else 'B'}:{lists[0]}:{lists[1]}"

    def setup_tags(self, position: P, notation: str | None = None) -> dict[str, str]:
        """The ``FEN`` tag of ``position``, with squares in ``notation``."""
        return {"FEN": self.write_fen(position, notation)}

    # Move text -----------------------------------------------------------------------

    def square_name(self, square: int, notation: str) -> str:
        """A square written in a notation."""
        if notation == "alphanumeric" and self._names is not None:
            return self.engine.name[square]
        return str(square)

    def write(self, move: M, notation: str, full: bool) -> str:
        """A move written in a notation, with every landing square when ``full``."""
        name = self.square_name
        if not move.captured:
            return f"{name(move.path[0], notation)}-{name(move.path[-1], notation)}"
        squares = move.path if full else (move.path[0], move.path[-1])
        return "x".join(name(square, notation) for square in squares)

    def read_text(self, text: str) -> MoveText | Malformed:
        """Split a move text into squares, or say why it is not a move."""
        lowered = text.strip().lower()
        match = self.move_shape.fullmatch(lowered)
        if match is None:
            return Malformed("")
        if match.group("numeric"):
            numbers = [int(n) for n in _NUMBERS.findall(lowered)]  # 2 digits at most
            last = len(self.engine.squares)
            for number in numbers:
                if not 1 <= number <= last:
                    return Malformed(f"there is no square {number}")
            capture = match.group("capture")
            if capture and "x" in capture and ":" in capture:
                return Malformed("")
            return MoveText(tuple(numbers), "-" if match.group("quiet") else "x", "numeric")
        names = self.engine.number_of_name
        squares = self._square_re.findall(lowered)
        for name in squares:
            if name not in names:
                return Malformed(f"{name} is a light square")
        jumps = match.group("jumps")
        if jumps and "x" in jumps and ":" in jumps:
            return Malformed("")
        kind = "-" if match.group("step") else "x" if jumps else ""
        return MoveText(tuple(names[n] for n in squares), kind, "alphanumeric")

    def _entry(self, text: str) -> _Entry[M]:
        """The cache entry of a move text, read and kept."""
        read = self.read_text(text)
        none = self._quiet[0][0]
        entry: _Entry[M]
        if isinstance(read, Malformed):
            entry = _Entry(read, (), 0, 0, 0, 0, False, False, 0, none, none, (-1, -1))
        else:
            squares, kind, _ = read
            start, end = squares[0], squares[-1]
            engine = self.engine
            bit = engine.bit
            quiet = kind != "x" and len(squares) == 2
            capture = kind != "-"
            over = engine.jump_over[start][end] if capture and len(squares) == 2 else 0
            jump = self.move_of(((start, end), over)) if over else none
            quiet_move = self._quiet[start][end]
            white, black = (
                bit[end] & engine.promotion[side]
                if quiet and engine.forward[side][start] & bit[end]
                else -1
                for side in Side
            )
            entry = _Entry(
                read,
                squares,
                start,
                end,
                bit[start],
                bit[end],
                quiet,
                capture,
                over,
                quiet_move,
                jump,
                (white, black),
            )
        if len(self._entries) >= TEXT_CACHE_SIZE:
            self._entries.clear()
        self._entries[text] = entry
        return entry

    def notation_of(self, text: str) -> str | None:
        """``"numeric"`` or (where the game reads it) ``"alphanumeric"`` by the move text's
        first character."""
        first = text.strip()[:1]
        if first.isdigit():
            return "numeric"
        if first.isalpha() and self._names is not None:
            return "alphanumeric"
        return None

    # Moves ---------------------------------------------------------------------------

    def move_of(self, route: Route) -> M:
        """The move a capture route makes."""
        path, captured = route
        return cast(M, _new(self.move_type, (path, self.engine.captured_squares(captured))))

    def _captures(self, position: P) -> list[M]:
        """The legal captures, one per distinct outcome, in order."""
        move_of = self.move_of
        moves = list(dict.fromkeys(move_of(route) for route in self.engine.best_routes(position)))
        moves.sort()
        return moves

    def quiet_moves(self, position: P) -> list[M]:
        """The moves that capture nothing (legal when no capture exists)."""
        return self.engine.quiet_moves(position, self._quiet)

    def legal_moves(self, position: P) -> list[M]:
        """Every legal move, captures by the majority rule, one per distinct outcome."""
        return self._captures(position) or self.quiet_moves(position)

    def capture_paths(self, position: P) -> list[tuple[tuple[int, ...], M]]:
        """Each route of each legal capture (the squares visited), with its move: what
        :meth:`~notation.games.draughts_hooks.DraughtsHooks.read_short_capture` reads by."""
        return [(route[0], self.move_of(route)) for route in self.engine.best_routes(position)]

    def picture_board(self) -> Board:
        """The board, as the picture draws it."""
        return self.engine

    def advance(self, position: P, text: str) -> tuple[M, P]:
        """The legal move ``text`` names and the position after it, in one step."""
        return self._advance(position, text)

    def advancer(self) -> Callable[[P, str], tuple[M, P]]:
        """:meth:`advance`'s one-step function itself (a loop over plies calls it directly)."""
        return self._advance

    def parse_move(self, position: P, text: str) -> M:
        """The legal move ``text`` names, in any of the game's notations."""
        return self.advance(position, text)[0]

    def _make_advance(self) -> Callable[[P, str], tuple[M, P]]:
        """The game's :meth:`advance`: the legal move a text names and the position after
        it, in one step. It plays a move as :meth:`play` does (the contract test
        ``test_advance_is_parse_move_then_play`` holds them together)."""
        engine = self.engine
        entries, make_entry = self._entries, self._entry
        dark, between = engine.dark, engine.between
        promotion = engine.promotion
        can_capture_with_kings, routes = engine.can_capture_with_kings, engine.routes
        kings_can_capture = engine.kings_can_capture
        captured_squares = engine.captured_squares
        position_type, move_type = self.position_type, self.move_type
        refuse = self._refuse
        size = engine.size
        wide, narrow = size + 1, size - 1  # the shifts of a step north-west and north-east
        wide2, narrow2 = 2 * wide, 2 * narrow
        ge2, le_far2 = engine.column_ge2, engine.column_le_far2

        def advance(position: P, text: str) -> tuple[M, P]:
            entry = entries.get(text)
            if entry is None:
                entry = make_entry(text)
            (
                read,
                squares,
                start,
                end,
                start_bit,
                end_bit,
                quiet,
                capture,
                over,
                quiet_move,
                jump,
                crowning,
            ) = entry
            white, black, kings, turn = position
            if turn:
                own, opp = black, white
            else:
                own, opp = white, black
            if own & start_bit:
                empty = dark ^ (white | black)
                own_kings = own & kings
                if quiet:  # the engine's can_capture, inlined: most plies are quiet
                    if not own_kings:
                        # The enemies next to a man each way (mostly none), then the empty
                        # squares behind them.
                        left, right = own & ge2, own & le_far2
                        captures = (
                            ((near := (left >> wide) & opp) and (near >> wide) & empty)
                            or ((near := (right >> narrow) & opp) and (near >> narrow) & empty)
                            or ((near := (left << narrow) & opp) and (near << narrow) & empty)
                            or ((near := (right << wide) & opp) and (near << wide) & empty)
                        )
                    else:
                        captures = can_capture_with_kings(own_kings, own ^ own_kings, opp, empty)
                    if not captures:
                        if not empty & end_bit:
                            raise refuse(position, read, text)
                        if kings & start_bit:
                            path = between[start][end]
                            if path < 0 or path & ~empty:
                                raise refuse(position, read, text)
                            kings ^= start_bit | end_bit
                        elif (crown := crowning[turn]) < 0:
                            raise refuse(position, read, text)
                        else:
                            kings |= crown
                        if turn:
                            after = (white, black ^ (start_bit | end_bit), kings, WHITE)
                        else:
                            after = (white ^ (start_bit | end_bit), black, kings, BLACK)
                        return quiet_move, _new(position_type, after)
                if over & opp and empty & end_bit and not kings & start_bit:
                    # A man's one jump is legal when no man can jump twice (no landing of
                    # a jump starts another: jumping back would land on the man's own
                    # square, not empty yet) and no king can capture.
                    left, right = empty & le_far2, empty & ge2  # where a jump lands
                    north_west = (opp << wide) & (left << wide2)
                    north_east = (opp << narrow) & (right << narrow2)
                    south_west = (opp >> narrow) & (left >> narrow2)
                    south_east = (opp >> wide) & (right >> wide2)
                    men = own ^ own_kings
                    if not (north_west | north_east | south_west | south_east) & (
                        ((men & north_west) >> wide2)
                        | ((men & north_east) >> narrow2)
                        | ((men & south_west) << narrow2)
                        | ((men & south_east) << wide2)
                    ) and not (
                        own_kings
                        and kings_can_capture(
                            own_kings, white | black, north_west, north_east, south_west, south_east
                        )
                    ):
                        kings &= ~over
                        if end_bit & promotion[turn]:
                            kings |= end_bit
                        if turn:
                            after = (white & ~over, (black ^ start_bit) | end_bit, kings, WHITE)
                        else:
                            after = ((white ^ start_bit) | end_bit, black & ~over, kings, BLACK)
                        return jump, _new(position_type, after)
                if capture:
                    # The routes of the side to move, those taking the most pieces read as
                    # they come (best_routes' list and its cache are for the diagnosis).
                    route = None
                    most = 0
                    if len(squares) > 2:
                        for found in routes(position, None):
                            count = found[1].bit_count()
                            if count > most:
                                most = count
                                route = found if found[0] == squares else None
                            elif count == most and route is None and found[0] == squares:
                                route = found
                    else:  # start and end only: the routes between must take the same pieces
                        clash = False
                        for found in routes(position, None):
                            visited, taken = found
                            count = taken.bit_count()
                            if count < most:
                                continue
                            if count > most:
                                most, route, clash = count, None, False
                            if visited[0] == start and visited[-1] == end:
                                if route is None:
                                    route = found
                                elif taken != route[1]:
                                    clash = True
                        if clash:
                            route = None
                    if route is not None:
                        path_taken, captured = route
                        kings &= ~captured
                        # A capture may end where it started: its start's bit goes first.
                        if kings & start_bit:
                            kings = (kings ^ start_bit) | end_bit
                        elif end_bit & promotion[turn]:
                            kings |= end_bit
                        if turn:
                            after = (white & ~captured, (black ^ start_bit) | end_bit, kings, WHITE)
                        else:
                            after = ((white ^ start_bit) | end_bit, black & ~captured, kings, BLACK)
                        move = _new(move_type, (path_taken, captured_squares(captured)))
                        return move, _new(position_type, after)
            raise refuse(position, read, text)

        return advance

    def play(self, position: P, move: M) -> P:
        """The position after ``move``; a man that ends on the far row is crowned."""
        after = self.engine.after(position, move.path, move.captured)
        return cast(P, _new(self.position_type, after))

    # Illegal moves -------------------------------------------------------------------

    def _refuse(self, position: P, read: MoveText | Malformed, text: str) -> IllegalMove:
        """The error for a move text that names no legal move."""
        if isinstance(read, Malformed):
            reason = f": {read.reason}" if read.reason else ""
            return IllegalMove(
                self.codes.malformed, f"{text.strip()!r} is not {self.a_move}{reason}"
            )
        return self._diagnose(position, read, text)

    def _diagnose(self, position: P, read: MoveText, text: str) -> IllegalMove:
        """The error for a well-formed move text that names no legal move."""
        codes, engine = self.codes, self.engine
        bit = engine.bit
        squares, kind, notation = read
        written = text.strip()
        white, black, kings, turn = position
        if self.outcome(position) is not None:
            return IllegalMove(
                codes.game_over,
                f"{turn.title} has no legal move: the game ended",
                show_legal=False,
            )
        start, end = squares[0], squares[-1]
        start_name, end_name = self.square_name(start, notation), self.square_name(end, notation)
        own = white if turn is WHITE else black
        if not own & bit[start]:
            if not (white | black) & bit[start]:
                return IllegalMove(codes.no_piece, f"square {start_name} is empty")
            owner = turn.other.title
            piece = "king" if kings & bit[start] else "man"
            return IllegalMove(
                codes.no_piece,
                f"square {start_name} holds a {owner} {piece}; {turn.title} is to move",
            )
        piece = "king" if kings & bit[start] else "man"
        moves = self._captures(position)
        if moves:
            partial: list[Route] = []
            engine.routes(position, partial)
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
                    full = self.write(same[0], notation, len(same) > 1)
                    return IllegalMove(codes.illegal, f"{written} is a capture: write {full}")
                listed = ", ".join(self._written(position, moves, notation))
                available = (
                    "a capture is available" if len(moves) == 1 else "captures are available"
                )
                return IllegalMove(
                    codes.compulsory, f"{available}: {listed}; {written} is not a capture"
                )
            most = len(moves[0].captured)
            if taken and max(taken) < most:
                return IllegalMove(
                    codes.majority,
                    f"a capture of {plural(most)} is available; {written} takes {max(taken)}",
                )
            if len(squares) == 2 and len(same) > 1:
                paths = ", ".join(self.write(m, notation, True) for m in same)
                return IllegalMove(
                    codes.ambiguous,
                    f"{written} names {len(same)} captures: {paths}; write the path",
                )
            if same:
                return IllegalMove(codes.illegal, f"{written} is not the path of a legal capture")
            return IllegalMove(
                codes.illegal, f"a {piece} on {start_name} cannot capture to {end_name}"
            )
        if kind == "x" or len(squares) > 2:
            quiet = self._quiet[start][end]
            if len(squares) == 2 and quiet in self.quiet_moves(position):
                return IllegalMove(
                    codes.illegal,
                    f"{written} captures nothing: write {self.write(quiet, notation, False)}",
                )
            return IllegalMove(codes.illegal, f"no capture is available; {written} is not legal")
        row = engine.row
        if piece == "man" and (row[end] > row[start]) == (turn is WHITE) and row[end] != row[start]:
            return IllegalMove(codes.backward, f"a man moves forward only; {written} goes backward")
        reason = f": square {end_name} is occupied" if (white | black) & bit[end] else ""
        return IllegalMove(
            codes.illegal, f"a {piece} on {start_name} cannot move to {end_name}{reason}"
        )

    def _written(self, position: P, moves: Sequence[M], notation: str) -> list[str]:
        """Moves written in a notation, each in its shortest unambiguous form."""
        if not any(move.captured for move in moves):
            return [self.write(move, notation, False) for move in moves]
        ends: dict[tuple[int, int], int] = {}
        for move in self.legal_moves(position):
            key = (move.path[0], move.path[-1])
            ends[key] = ends.get(key, 0) + 1
        return [self.write(m, notation, ends.get((m.path[0], m.path[-1]), 0) > 1) for m in moves]

    def format_move(self, position: P, move: M, notation: str | None = None) -> str:
        """``move`` in ``notation``: start and end only, or the full path when ambiguous."""
        return self._written(position, (move,), notation or self.notations[0])[0]

    def describe_moves(
        self, position: P, moves: Sequence[M], notation: str | None = None
    ) -> list[str]:
        """The moves in ``notation`` (default numeric), each in its shortest unambiguous
        form, for messages."""
        return self._written(position, moves, notation or self.notations[0])

    # End of game -------------------------------------------------------------------

    def outcome(self, position: P) -> Outcome | None:
        """The side to move loses when it has no legal move."""
        return self.engine.outcome(position)

    def result_for(self, outcome: Outcome) -> tuple[str, ...]:
        """PDN draughts results first (``2-0``, ``0-2``, ``1-1``), then the chess forms."""
        return self.engine.result_for(outcome)

    # Pictures --------------------------------------------------------------------------

    def render_text(self, position: P, last: M | None = None, notation: str | None = None) -> str:
        """The board from White's side, files and ranks in the frame; the last move's
        squares are shown in brackets. The diagram names no square, so it reads the same
        in every notation."""
        status = self.game_over(position) or f"{position.turn.title} to move"
        return board_text(self.engine, position, set() if last is None else set(last.path), status)


__all__ = [
    "FmjdGame",
    "Malformed",
    "MoveCodes",
    "MoveText",
    "move_shape",
    "register_move_codes",
]
