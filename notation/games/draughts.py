"""The draughts family: what the draughts games share, as one base class.

:class:`DraughtsGame` is a whole :class:`~notation.games.base.Game` of draughts on an
n x n board (:class:`~notation.games.flying.Board`): it reads and writes PDN FEN tags,
reads move texts in numeric notation (``22-18``, ``18x11``, ``26x17x10``, ``18:11``),
where the game has it in alphanumeric notation (``c3-d4``, ``c3xe5``, ``c3:e5``, ``c3d4``)
and in Russian short notation (``cd4``: the file left and the square reached), writes
moves in their shortest unambiguous form, replays them and explains every illegal move
with the game's codes (:class:`MoveCodes`). A capture may give only its start and end
square when that names one legal move.

Where the game refuses a text, it reads two dialects of it
(:meth:`~notation.games.base.Game.read_other_separator`,
:meth:`~notation.games.base.Game.read_short_capture`):

- the other separator: a move whose squares are joined by ``-`` only, or by ``x`` (``:``)
  only, that names exactly one legal move when read with the other separator (the
  capture ``30x39`` for ``30-39``, the step ``32-28`` for ``32x28``);
- a short capture: two numbered squares that no legal capture goes between (then they
  would name its start and end, as PDN reads them), where every route that starts on the
  first and first lands on the second is a route of one legal capture of several pieces
  (DraughtsMind's ``1x10`` for ``1x10x19``).

The rules that tell the games apart are those of the game's engine
(:class:`~notation.games.flying.DraughtsEngine`: the board's size, the majority capture
rule, flying kings, men capturing backward, crowning during a capture). Each game module
keeps only what is its own: its engine, its codes, its ``GameType`` values, its draw rules
and any picture of its own. A new draughts game is a subclass giving those class
attributes (an FMJD one subclasses :class:`~notation.games.fmjd.FmjdGame`), registered
with :func:`notation.games.registry.register`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence

from notation.compiled import mypyc_attr
from notation.diagnostics import Severity, register
from notation.games.base import (
    Game,
    IllegalMove,
    Outcome,
    Picture,
    SetupError,
    Side,
    SquareNames,
    TextCache,
)
from notation.games.draughts_tuples import Malformed as Malformed
from notation.games.draughts_tuples import MoveCodes as MoveCodes
from notation.games.draughts_tuples import MoveText as MoveText
from notation.games.flying import (
    DraughtsEngine,
    DraughtsPosition,
    Route,
    board_text,
    fen_bitboards,
    number_digits,
    square_pattern,
)
from notation.games.tags import draughts_start, fen_fields
from notation.lazy import IGNORECASE, compiled, lazy_pattern
from notation.plain import Protocol, TypeVar, cast

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re
    from typing import Any, ClassVar, Final

WHITE: Final = Side.WHITE
BLACK: Final = Side.BLACK
"""The sides as module constants: looking a member up on its enum class is slow."""

_new: Final = tuple.__new__


class AnyDraughtsMove(Protocol):
    """What every draughts move has: the squares visited and those captured (a game's move
    may have more fields, each an argument of :meth:`~notation.games.flying.Board.after`)."""

    def __hash__(self) -> int: ...

    def __lt__(self, other: Any) -> bool: ...

    def __iter__(self) -> Any: ...

    @property
    def path(self) -> tuple[int, ...]: ...

    @property
    def captured(self) -> tuple[int, ...]: ...


P = TypeVar("P", bound=DraughtsPosition)
M = TypeVar("M", bound=AnyDraughtsMove)


def register_move_codes(
    prefix: str,
    in_text: str,
    a_move: str,
    *,
    fewer: str = "the capture must take the most pieces possible",
    backward: str = "a man moves forward only",
    ambiguous: str = "a short capture names several captures",
) -> MoveCodes:
    """Register the codes of a draughts game's illegal moves, ``<prefix>201`` to
    ``<prefix>208``; ``in_text`` and ``a_move`` name the game in a sentence, and the
    summaries of codes 205 (``fewer``), 206 and 207 are the FMJD games' unless given."""

    def code(number: int, summary: str) -> str:
        return register(f"{prefix}{number}", Severity.ERROR, summary)

    malformed = code(201, f"not {a_move}")
    no_piece = code(202, "no piece of the side to move on the start square")
    illegal = code(203, f"illegal {in_text} move")
    compulsory = code(204, "a capture is compulsory")
    majority = code(205, fewer)
    backward = code(206, backward)
    ambiguous = code(207, ambiguous)
    game_over = code(208, "the game is over: no legal move")
    return MoveCodes(
        malformed, game_over, no_piece, compulsory, majority, ambiguous, backward, illegal
    )


_NUMBERS = compiled(r"[0-9]+")


def move_shape(size: int, *, alphanumeric: bool, short: bool = False) -> re.Pattern[str]:
    """Every move text a draughts game on an n x n board reads: numeric (``22-18``,
    ``26x17x10``, ``18:11``), with ``alphanumeric`` squares named by file and rank
    (``c3-d4``, ``c3xe5``, ``c3d4``), with ``short`` Russian short notation (``cd4``),
    letters in either case. Square numbers have as many digits as the board's last (two at
    least); squares are named on boards of up to 26 files (``ValueError`` beyond)."""
    number = f"[0-9]{{1,{number_digits(size)}}}"
    numeric = (
        rf"(?P<numeric>{number}"
        rf"(?:(?P<quiet>-){number}|(?P<capture>(?:[x:]{number})+)))"
    )
    if not alphanumeric:
        return compiled(numeric, IGNORECASE)
    square = square_pattern(size)
    files = square[: square.index("]") + 1]
    shortened = rf"|(?P<short>{files}{square})" if short else ""
    return compiled(
        rf"{numeric}{shortened}|{square}"
        rf"(?:(?P<step>-){square}|(?P<jumps>(?:[x:]{square})+)|(?:{square})+)",
        IGNORECASE,
    )


def plural(count: int) -> str:
    """``"1 piece"``, ``"3 pieces"``."""
    return f"{count} piece" if count == 1 else f"{count} pieces"


_LAST_CAPTURES: dict[str, tuple[Any, tuple[Any, ...], dict[tuple[int, ...], Any]]] = {}
"""Each game's last position asked for its captures, with the answer, by game name: one
entry a game, replaced whole, so that threads sharing it can at worst compute an answer
twice, never read a wrong one (parsing a capture, diagnosing it and listing the legal
moves ask for the same position)."""


SHORT_CAPTURE = lazy_pattern(r"\s*([0-9]+)\s*[xX:]\s*([0-9]+)\s*")
"""A capture text of two numbered squares."""

SEPARATED = lazy_pattern(r"\s*(?:[0-9]+|[a-z][0-9]+)(?:\s*[-xX:]\s*(?:[0-9]+|[a-z][0-9]+))+\s*")
"""A move text of numbered or named squares joined by separators (the game's reading of it
says which squares are on its board)."""

_TO_MOVE_SIGN = str.maketrans("xX:", "---")
"""Capture signs read as the move sign."""

_BLANKS = compiled(r"\s+")


@mypyc_attr(allow_interpreted_subclasses=True)
class DraughtsGame(Game[P, M]):
    """A draughts game on the board of :attr:`engine`, by the rules its class attributes
    give; it reads numeric notation, and alphanumeric notation when it is among
    :attr:`notations`."""

    engine: ClassVar[DraughtsEngine]
    """The board and the move generation, by the game's rules."""
    position_type: ClassVar[type[Any]]
    move_type: ClassVar[type[Any]]
    codes: ClassVar[MoveCodes]
    start_position: ClassVar[Any]
    """The standard start."""
    text_cache: ClassVar[TextCache[Any]]
    """The move texts read (the game module's own cache)."""
    in_text: ClassVar[str]
    """The game's name inside a sentence (``Brazilian draughts``, ``international draughts``)."""
    a_move: ClassVar[str]
    """What a move text should be, in a sentence (``an international draughts move``)."""
    alphanumeric_capture: ClassVar[str] = "x"
    """The sign a capture is written with in alphanumeric notation."""
    results: ClassVar[tuple[str, ...]] = ("2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "0-0", "*")
    threefold_repetition: ClassVar[bool] = True
    gametypes: ClassVar[tuple[str, ...]] = ()
    """The ``GameType`` values read, blanks removed, in capitals: the bare number and the
    full forms (``26``, ``26,W,8,8,N2,0``)."""
    gametype_advice: ClassVar[str] = ""
    """What a refused ``GameType`` is told to use (``20 or 20,W,10,10,N1,0``)."""
    notation_gametypes: ClassVar[Mapping[str, str]] = {}
    """The full ``GameType`` a record converted to each notation gets, for a game of
    several notations (:meth:`notation_tags`)."""
    picture_coordinates: ClassVar[bool] = True
    """Whether the board picture's frame carries file letters and rank numbers."""

    def __init__(self) -> None:
        engine = self.engine
        self._names = engine.number_of_name if "alphanumeric" in self.notations else None
        # A board named by numbers only (too large for files a to z) reads no square name.
        self._square_re = compiled(
            square_pattern(engine.size) if self._names is not None else "(?!)"
        )
        move_type, squares = self.move_type, len(engine.squares) + 1
        rest = tuple(move_type((0, 0)))[1:]  # a quiet move's fields after its path
        self._quiet: list[list[M]] = [
            [_new(move_type, ((a, b), *rest)) for b in range(squares)] for a in range(squares)
        ]
        """Prebuilt quiet moves, by start and end square."""
        engine_jumps = engine.man_jumps
        self._jump_over: tuple[list[list[int]], list[list[int]]] = ([], [])
        """The bit a man of each side jumps over from one square to another, by side and
        square numbers; 0 when no jump of its joins them."""
        self._jump_moves: tuple[list[list[M]], list[list[M]]] = ([], [])
        """The capture of that one jump, by side, start and end (elsewhere any move)."""
        for side in Side:
            man = _new(self.position_type, (0, 0, 0, side))
            overs = [[0] * squares for _ in range(squares)]
            moves = [list(row) for row in self._quiet]
            for start in range(1, squares):
                for over, land, _ in engine_jumps[side][start]:
                    overs[start][land] = over
                    moves[start][land] = self.move_of(man, ((start, land), over))
            self._jump_over[side].extend(overs)
            self._jump_moves[side].extend(moves)
        king = _new(self.position_type, (0, 0, engine.dark, WHITE))
        self._king_jumps: list[list[M]] = [list(row) for row in self._quiet]
        """The capture of one short jump by a king, by start and end (elsewhere any move)."""
        for start in range(1, squares):
            for over, land, _ in engine.jumps[start]:
                self._king_jumps[start][land] = self.move_of(king, ((start, land), over))
        self._short: dict[str, tuple[list[list[str]], list[list[str]]]] = {}
        """:meth:`_short_texts`, by notation (made when first asked)."""
        self._advance = self._make_advance()

    def __getstate__(self) -> dict[str, object]:
        """What pickling keeps: not the one-step closure, which unpickling makes again."""
        # Compiled (notation.compiled), these attributes are not in a __dict__.
        state = {
            name: getattr(self, name)
            for name in (
                "_names",
                "_square_re",
                "_quiet",
                "_jump_over",
                "_jump_moves",
                "_king_jumps",
            )
        }
        state.update(getattr(self, "__dict__", {}))
        state.pop("_advance", None)
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self._short = {}
        for name, value in state.items():
            setattr(self, name, value)
        self._advance = self._make_advance()

    # Positions ---------------------------------------------------------------------

    def check_gametype(self, value: str) -> None:
        """Reject a ``GameType`` tag value whose board or numbering this game does not use
        (:class:`~notation.games.base.SetupError`): one not among :attr:`gametypes`, blanks
        aside, letters in either case."""
        gametypes = self.gametypes
        if value in gametypes:  # the usual tags, checked without a regex
            return
        if _BLANKS.sub("", value).upper() not in gametypes:
            board = self.a_move.removesuffix("move") + "board"
            raise SetupError(
                f"GameType {value!r} is not {board} this toolkit reads; use {self.gametype_advice}"
            )

    def start(self, tags: Mapping[str, str]) -> P:
        """The standard start, or the position of the record's ``FEN`` tag."""
        return draughts_start(
            tags, cast(P, self.start_position), self.check_gametype, self.parse_fen
        )

    def parse_fen(self, fen: str) -> P:
        """The position a PDN FEN tag value describes; its errors name squares in the
        game's first notation."""
        fields = fen_fields(fen, self.in_text)
        first = self.notations[0]
        white, black, kings = fen_bitboards(
            fields.pieces,
            fen,
            self.engine,
            alphanumeric=self._names is not None,
            name=lambda square: self.square_name(square, first),
        )
        return cast(P, self.position_type(white, black, kings, fields.turn))

    def write_fen(self, position: P, notation: str | None = None) -> str:
        """The PDN FEN tag value of a position, every square listed (no ranges), in
        ``notation`` (default: the game's first)."""
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

    def notation_tags(self, tags: Mapping[str, str], notation: str) -> dict[str, str]:
        """The full ``GameType`` of the notation, and the ``FEN`` tag rewritten in it, for a
        game of several notations (:attr:`notation_gametypes`); nothing for the others."""
        if not self.notation_gametypes:
            return {}
        out = {"GameType": self.notation_gametypes[notation]}
        fen = tags.get("FEN")
        if fen is not None:
            with contextlib.suppress(SetupError):
                out["FEN"] = self.write_fen(self.parse_fen(fen), notation)
        return out

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
        sign = self.alphanumeric_capture if notation == "alphanumeric" else "x"
        return sign.join(name(square, notation) for square in squares)

    def read_text(self, text: str) -> MoveText | Malformed:
        """Split a move text into squares, or say why it is not a move."""
        lowered = text.strip().lower()
        match = self.move_shape.fullmatch(lowered)
        if match is None:
            return Malformed("")
        if match.group("numeric"):
            numbers = [int(n) for n in _NUMBERS.findall(lowered)]
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
        path = tuple(names[n] for n in squares)
        if "short" in self.move_shape.groupindex and match.group("short"):
            return MoveText(path, "", "alphanumeric", self.engine.files.index(lowered[0]))
        jumps = match.group("jumps")
        if jumps and "x" in jumps and ":" in jumps:
            return Malformed("")
        kind = "-" if match.group("step") else "x" if jumps else ""
        return MoveText(path, kind, "alphanumeric")

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

    def routes(self, position: P, partial: list[Route] | None = None) -> list[Route]:
        """Every complete capture route of the side to move (before any majority rule);
        ``partial`` collects every beginning of a route too, for error messages."""
        return self.engine.routes(position, partial)

    def capture_routes(self, position: P) -> Sequence[Route]:
        """The capture routes the rules allow (empty when there is no capture)."""
        return self.engine.best_routes(position)

    def move_of(self, position: P, route: Route) -> M:
        """The move a capture route makes in ``position``."""
        path, captured = route
        return cast(M, _new(self.move_type, (path, self.engine.captured_squares(captured))))

    def _capture_moves(self, position: P) -> tuple[tuple[M, ...], dict[tuple[int, ...], M]]:
        """The legal captures, one per distinct outcome, in order (empty when none), and the
        move each capture route (its full path) makes."""
        last = _LAST_CAPTURES.get(self.name)
        if last is not None and last[0] == position:
            return last[1], last[2]
        found: dict[M, M] = {}
        by_path: dict[tuple[int, ...], M] = {}
        for route in self.capture_routes(position):
            move = self.move_of(position, route)
            found.setdefault(move, move)
            by_path[route[0]] = move
        moves = tuple(sorted(found))
        _LAST_CAPTURES[self.name] = (position, moves, by_path)
        return moves, by_path

    def quiet_moves(self, position: P) -> list[M]:
        """The moves that capture nothing (legal when no capture exists), in order."""
        return self.engine.quiet_moves(position, self._quiet)

    def legal_moves(self, position: P) -> list[M]:
        """Every legal move: the captures the rules allow, one per distinct outcome, when
        there is one, else the quiet moves."""
        return list(self._capture_moves(position)[0]) or self.quiet_moves(position)

    def capture_paths(self, position: P) -> list[tuple[tuple[int, ...], M]]:
        """Each route of each legal capture (the squares visited), with its move: what
        :meth:`read_short_capture` reads by."""
        return list(self._capture_moves(position)[1].items())

    def can_capture(self, own: int, opp: int, kings: int, empty: int, turn: Side) -> bool:
        """Whether the side owning ``own`` (``turn``) has a capture."""
        return self.engine.can_capture(own, opp, kings, empty, turn)

    def advance(self, position: P, text: str) -> tuple[M, P]:
        """The legal move ``text`` names and the position after it, in one step."""
        return self._advance(position, text)

    def advancer(self) -> Callable[[P, str], tuple[M, P]]:
        """:meth:`advance`'s one-step function itself (a loop over plies calls it directly)."""
        return self._advance

    def parse_move(self, position: P, text: str) -> M:
        """The legal move ``text`` names, in any of the game's notations."""
        return self._advance(position, text)[0]

    def _make_advance(self) -> Callable[[P, str], tuple[M, P]]:
        """The game's :meth:`advance`: the legal move a text names and the position after
        it, a quiet move played here as :meth:`play` plays it (the contract test
        ``test_advance_is_parse_move_then_play`` holds them together)."""
        cache, read_text = self.text_cache, self.read_text
        engine = self.engine
        bit, dark, forward, between = engine.bit, engine.dark, engine.forward, engine.between
        promotion, flying = engine.promotion, engine.flying_kings
        backward, kings_can_capture = engine.men_capture_backward, engine.kings_can_capture
        wide, narrow = engine.wide, engine.narrow  # the shifts of a step (Board.wide)
        quiet, position_type = self._quiet, self.position_type
        find_capture, play, parse_short = self._find_capture, self.play, self._parse_short
        refuse, diagnose = self._refuse, self._diagnose
        man_jumps, jump_over, jump_moves = engine.man_jumps, self._jump_over, self._jump_moves
        jumps, king_over, king_moves = engine.jumps, engine.jump_over, self._king_jumps
        # Without the majority rule any capture may be chosen: the jump of a man or of a
        # short king that cannot go on is a whole legal move (a man's, with crowning
        # mid-capture, only off the far row).
        free = not engine.majority
        crown_mid = engine.crown_mid_capture

        def advance(position: P, text: str) -> tuple[M, P]:
            read: MoveText | Malformed | None = cache.get(text)
            if read is None:
                read = cache.keep(text, read_text(text))
            if isinstance(read, Malformed):
                raise refuse(position, read, text)
            squares, kind, _, file = read
            if file >= 0:
                named = parse_short(position, read, text)
                return named, play(position, named)
            white, black, kings, turn = position
            own, opp = (black, white) if turn else (white, black)
            start = squares[0]
            start_bit = bit[start]
            if own & start_bit:
                if kind != "x" and len(squares) == 2:
                    empty = dark ^ (white | black)
                    # The engine's can_capture, inlined: most plies are quiet. The pieces
                    # that jump toward row 0 (north) and away from it, by the rules.
                    own_kings = own & kings
                    men = own ^ own_kings
                    if backward:
                        north = south = men
                    elif turn:
                        north, south = 0, men
                    else:
                        north, south = men, 0
                    if not flying:
                        north |= own_kings
                        south |= own_kings
                    # The squares from which a jump goes each way.
                    north_west = ((empty << wide) & opp) << wide
                    north_east = ((empty << narrow) & opp) << narrow
                    south_west = ((empty >> narrow) & opp) >> narrow
                    south_east = ((empty >> wide) & opp) >> wide
                    if not (
                        north & (north_west | north_east)
                        or south & (south_west | south_east)
                        or (
                            flying
                            and own_kings
                            and kings_can_capture(
                                own_kings,
                                white | black,
                                north_west,
                                north_east,
                                south_west,
                                south_east,
                            )
                        )
                    ):
                        end = squares[1]
                        end_bit = bit[end]
                        if empty & end_bit:
                            if kings & start_bit:
                                path = between[start][end]
                                steps = path >= 0 and not path & ~empty if flying else path == 0
                                kings ^= start_bit | end_bit
                            else:
                                steps = forward[turn][start] & end_bit != 0
                                if end_bit & promotion[turn]:
                                    kings |= end_bit
                            if steps:
                                if turn:
                                    after = (white, black ^ (start_bit | end_bit), kings, WHITE)
                                else:
                                    after = (white ^ (start_bit | end_bit), black, kings, BLACK)
                                return quiet[start][end], _new(position_type, after)
                        raise diagnose(position, read, text)
                if kind != "-":
                    if free and len(squares) == 2 and not (flying and kings & start_bit):
                        end = squares[1]
                        if kings & start_bit:  # a short king: a man's jumps, every way
                            over, onward = king_over[start][end], jumps[end]
                            made = king_moves
                        else:
                            over, onward = jump_over[turn][start][end], man_jumps[turn][end]
                            made = jump_moves[turn]
                        end_bit = bit[end]
                        empty = dark ^ (white | black)
                        if (
                            over & opp
                            and empty & end_bit
                            and not (crown_mid and end_bit & promotion[turn])
                        ):
                            space, live = empty | start_bit, opp ^ over
                            for next_over, _, land_bit in onward:
                                if live & next_over and space & land_bit:
                                    break
                            else:
                                kings &= ~over
                                if kings & start_bit:
                                    kings ^= start_bit | end_bit
                                elif end_bit & promotion[turn]:
                                    kings |= end_bit
                                if turn:
                                    after = (
                                        white & ~over,
                                        (black ^ start_bit) | end_bit,
                                        kings,
                                        WHITE,
                                    )
                                else:
                                    after = (
                                        (white ^ start_bit) | end_bit,
                                        black & ~over,
                                        kings,
                                        BLACK,
                                    )
                                return made[start][end], _new(position_type, after)
                    found = find_capture(position, squares)
                    if found is not None:
                        return found, play(position, found)
            raise diagnose(position, read, text)

        return advance

    def _find_capture(self, position: P, squares: tuple[int, ...]) -> M | None:
        """The legal capture a list of squares names alone, if there is one."""
        routes = self.engine.best_routes(position)
        if len(squares) > 2:
            for route in routes:
                if route[0] == squares:
                    return self.move_of(position, route)
            return None
        # Start and end only: one legal capture between them, whatever its route; or, when
        # several are, the capture of one jump, whose whole path these squares are: the
        # others must list their landing squares then (rulings.md, notation).
        first, last = squares
        found = jump = None
        move = None
        several = False
        for route in routes:
            path = route[0]
            if path[0] == first and path[-1] == last:
                if len(path) == 2:
                    jump = route
                if found is None:
                    found = route
                elif route[1] != found[1]:
                    several = True
                else:  # the same pieces taken: the same move, unless it differs otherwise
                    move = move or self.move_of(position, found)
                    if self.move_of(position, route) != move:
                        several = True
        if several:
            return None if jump is None else self.move_of(position, jump)
        return None if found is None else move or self.move_of(position, found)

    def _parse_short(self, position: P, read: MoveText, text: str) -> M:
        """The one legal move from the file ``read.file`` to the square reached."""
        engine = self.engine
        end = read.squares[0]
        column = engine.column
        named = [
            move
            for move in self.legal_moves(position)
            if column[move.path[0]] == read.file and move.path[-1] == end
        ]
        if len(named) == 1:
            return named[0]
        written = text.strip()
        codes = self.codes
        if named:
            listed = ", ".join(self._written(position, named, "alphanumeric"))
            raise IllegalMove(
                codes.ambiguous,
                f"{written} names {len(named)} moves: {listed}; write the start square",
            )
        if self.outcome(position) is not None:
            raise self._diagnose(position, read, text)
        white, black, _, turn = position
        own = white if turn is WHITE else black
        starts = [n for n in engine.squares_in(own) if column[n] == read.file]
        file = engine.files[read.file]
        if not starts:
            raise IllegalMove(codes.no_piece, f"{turn.title} has no piece on file {file}")
        if len(starts) == 1:
            raise self._diagnose(position, MoveText((starts[0], end), "", "alphanumeric"), text)
        raise IllegalMove(
            codes.illegal,
            f"no piece of {turn.title} on file {file} can move to {engine.name[end]}",
        )

    # Dialects ------------------------------------------------------------------------

    def read_short_capture(self, position: P, text: str) -> M | None:
        """The capture a short capture names (see the module's description), or ``None``."""
        match = SHORT_CAPTURE.fullmatch(text)
        if match is None:
            return None
        start, landing = int(match[1]), int(match[2])
        found = None
        for path, move in self.capture_paths(position):
            if path[0] != start:
                continue
            if path[-1] == landing:
                return None
            if path[1] == landing:
                if found is not None and move != found:
                    return None
                found = move
        return found

    def read_other_separator(self, position: P, text: str) -> M | None:
        """The move ``text`` names with the other separator (see the module's
        description), or ``None``."""
        if SEPARATED.fullmatch(text) is None:
            return None
        signs = {sign for sign in text if sign in "-xX:"}
        if signs == {"-"}:
            swapped = text.replace("-", "x")
        elif "-" not in signs:
            swapped = text.translate(_TO_MOVE_SIGN)
        else:
            return None
        try:
            return self.parse_move(position, swapped)
        except IllegalMove:
            return None

    def play(self, position: P, move: M) -> P:
        """The position after ``move``; a man that ends on the far row (or is crowned on
        the way, where the rules say so) is a king. A move's fields are
        :meth:`~notation.games.flying.Board.after`'s arguments."""
        return cast(P, _new(self.position_type, self.engine.after(position, *move)))

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
        bit, row = engine.bit, engine.row
        squares, kind, notation, _ = read
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
        man = piece == "man"
        moves, by_path = self._capture_moves(position)
        if moves:
            partial: list[Route] = []
            self.routes(position, partial)
            begun = [
                (path, captured)
                for path, captured in partial
                if (path[0] == start and path[-1] == end if len(squares) == 2 else path == squares)
            ]
            kind = kind or ("x" if begun or len(squares) > 2 else "-")
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
            if self.engine.majority:
                most = len(moves[0].captured)
                taken = max((captured.bit_count() for _, captured in begun), default=0)
                if begun and taken < most:
                    return IllegalMove(
                        codes.majority,
                        f"a capture of {plural(most)} is available; {written} takes {taken}",
                    )
            if len(squares) == 2 and len(same) > 1:
                paths = ", ".join(self.write(m, notation, True) for m in same)
                return IllegalMove(
                    codes.ambiguous,
                    f"{written} names {len(same)} captures: {paths}; write the path",
                )
            if begun and not same and not self.engine.majority:
                return self._unfinished(
                    [path for path, _ in begun], list(by_path), written, notation
                )
            if same:
                return IllegalMove(codes.illegal, f"{written} is not the path of a legal capture")
            if man and self._backward_jump(position, squares):
                return IllegalMove(
                    codes.backward, f"a man captures forward only; {written} jumps backward"
                )
            return IllegalMove(
                codes.illegal, f"a {piece} on {start_name} cannot capture to {end_name}"
            )
        if kind == "x" or len(squares) > 2:
            if man and self._backward_jump(position, squares):
                return IllegalMove(
                    codes.backward, f"a man captures forward only; {written} jumps backward"
                )
            quiet = self._quiet[start][end]
            if len(squares) == 2 and quiet in self.quiet_moves(position):
                return IllegalMove(
                    codes.illegal,
                    f"{written} captures nothing: write {self.write(quiet, notation, False)}",
                )
            return IllegalMove(codes.illegal, f"no capture is available; {written} is not legal")
        if man and (row[end] > row[start]) == (turn is WHITE) and row[end] != row[start]:
            return IllegalMove(codes.backward, f"a man moves forward only; {written} goes backward")
        reason = f": square {end_name} is occupied" if (white | black) & bit[end] else ""
        if not reason and not self.engine.flying_kings and engine.between[start][end] != 0:
            reason = ": a piece steps to a diagonal neighbour"
        return IllegalMove(
            codes.illegal, f"a {piece} on {start_name} cannot move to {end_name}{reason}"
        )

    def _backward_jump(self, position: P, squares: tuple[int, ...]) -> bool:
        """Whether the first jump of ``squares`` goes backward over an enemy piece onto an
        empty square, where men capture forward only: a jump a king could make, a man
        not."""
        if self.engine.men_capture_backward:
            return False
        engine = self.engine
        white, black, _, turn = position
        start, land = squares[0], squares[1]
        over = engine.between[start][land]
        opp = black if turn is WHITE else white
        empty = engine.dark ^ (white | black)
        return bool(
            over > 0
            and over.bit_count() == 1
            and opp & over
            and empty & engine.bit[land]
            and (engine.row[land] > engine.row[start]) == (turn is WHITE)
        )

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
        name = self.square_name
        onward = sorted(
            {
                route[len(path)]
                for path in begun
                for route in routes
                if len(route) > len(path) and route[: len(path)] == path
            }
        )
        if onward:
            goes_on = " or ".join(name(square, notation) for square in onward)
            return IllegalMove(
                self.codes.majority,
                f"{written} is not the end of the capture: it must go on to {goes_on}",
            )
        instead = sorted(
            {
                route[len(path) - 1]
                for path in begun
                for route in routes
                if len(route) >= len(path) and route[: len(path) - 1] == path[:-1]
            }
        )
        squares = " or ".join(name(square, notation) for square in instead)
        return IllegalMove(
            self.codes.majority,
            f"{written} lands where the king can capture no more; it must land on {squares} "
            "and capture on",
        )

    def _written(self, position: P, moves: Sequence[M], notation: str) -> list[str]:
        """Moves written in a notation, each in its shortest unambiguous form."""
        if not any(move.captured for move in moves):
            return [self.write(move, notation, False) for move in moves]
        ends: dict[tuple[int, int], int] = {}
        for move in self._capture_moves(position)[0]:
            key = (move.path[0], move.path[-1])
            ends[key] = ends.get(key, 0) + 1
        return [self.write(m, notation, ends.get((m.path[0], m.path[-1]), 0) > 1) for m in moves]

    def format_move(self, position: P, move: M, notation: str | None = None) -> str:
        """``move`` in ``notation``: start and end only, or the full path when ambiguous
        (another legal capture has its start and end), as :meth:`_written` writes it;
        :class:`ValueError` for a notation the game does not have."""
        chosen = notation or self.notations[0]
        if chosen not in self.notations:
            raise self._unknown(chosen)
        captured = move.captured
        if not captured or (len(captured) == 1 and self.engine.majority):
            # Under the majority rule every legal capture then takes one piece: the one
            # between its start and end, so no other capture joins them.
            texts = self._short.get(chosen)
            if texts is None:
                texts = self._short_texts(chosen)
            path = move.path
            return texts[1 if captured else 0][path[0]][path[-1]]
        start, end = move.path[0], move.path[-1]
        rivals = {
            self.move_of(position, route)
            for route in self.capture_routes(position)
            if route[0][0] == start and route[0][-1] == end
        }
        return self.write(move, chosen, len(rivals) > 1)

    def format_line(self, line: Sequence[tuple[P, M]], notation: str | None = None) -> list[str]:
        """:meth:`format_move` of each (position, move) of ``line``, in order: a line's
        moves are legal, each in the position before it (a replay's main line)."""
        chosen = notation or self.notations[0]
        if chosen not in self.notations:
            raise self._unknown(chosen)
        texts = self._short.get(chosen)
        if texts is None:
            texts = self._short_texts(chosen)
        quiet, captures = texts
        majority = self.engine.majority
        rivalled = self._rivalled
        written = []
        for position, move in line:
            captured = move.captured
            path = move.path
            if not captured:
                written.append(quiet[path[0]][path[-1]])
            elif (majority and len(captured) == 1) or not rivalled(position, move):
                written.append(captures[path[0]][path[-1]])
            else:
                written.append(self.write(move, chosen, True))
        return written

    def _rivalled(self, position: P, move: M) -> bool:
        """Whether another legal capture in ``position`` has the start and end of
        ``move``, a legal capture (:meth:`format_move` then writes its whole path): one of
        its piece, which, where the majority rule holds, takes as many pieces."""
        engine = self.engine
        path = move.path
        if (
            len(move.captured) == 1
            and not engine.men_capture_backward
            and not engine.crown_mid_capture
            and not position.kings & engine.bit[path[0]]
        ):
            # A man's one jump where men capture forward only and a capture ends where a
            # man is crowned: each of its jumps goes two rows on, so only one ends there.
            return False
        end = path[-1]
        most = len(move.captured) if engine.majority else 0
        found = [
            route
            for route in engine.piece_routes(position, path[0])
            if route[0][-1] == end and (not most or route[1].bit_count() == most)
        ]
        return len(found) > 1 and len({self.move_of(position, route) for route in found}) > 1

    def _short_texts(self, notation: str) -> tuple[list[list[str]], list[list[str]]]:
        """:meth:`write`'s short texts (start and end) in ``notation`` of quiet moves and
        of captures, by start and end square."""
        names = [""] + [self.square_name(n, notation) for n in self.engine.squares]
        capture = self.alphanumeric_capture if notation == "alphanumeric" else "x"
        texts = self._short[notation] = (
            [[f"{start}-{end}" for end in names] for start in names],
            [[f"{start}{capture}{end}" for end in names] for start in names],
        )
        return texts

    def describe_moves(
        self, position: P, moves: Sequence[M], notation: str | None = None
    ) -> list[str]:
        """The moves in ``notation`` (default: the game's first), each in its shortest
        unambiguous form, for messages."""
        chosen = notation or self.notations[0]
        if chosen not in self.notations:
            raise self._unknown(chosen)
        return self._written(position, moves, chosen)

    def _unknown(self, notation: str) -> ValueError:
        """The error for a notation the game does not have."""
        known = ", ".join(self.notations)
        return ValueError(f"unknown {self.title} notation {notation!r}; known: {known}")

    # End of game -------------------------------------------------------------------

    def outcome(self, position: P) -> Outcome | None:
        """The side to move loses when it has no legal move."""
        return self.engine.outcome(position)

    def result_for(self, outcome: Outcome) -> tuple[str, ...]:
        """PDN draughts results first (``2-0``, ``0-2``, ``1-1``), then the chess forms."""
        return self.engine.result_for(outcome)

    def key_identity(self, position: P) -> Hashable:
        """The position with its pieces as bits ``size * row + column``
        (:meth:`~notation.games.flying.Board.cell_mask`), whatever the engine's layout."""
        cell_mask = self.engine.cell_mask
        white, black, kings, turn = position
        key: Hashable = self.position_type(
            cell_mask(white), cell_mask(black), cell_mask(kings), turn
        )
        return key

    def key_identities(self, positions: Iterable[P]) -> Iterator[Hashable]:
        """:meth:`key_identity` of each of ``positions``: the pieces a move left where
        they were (a side that did not move, kings) are converted once for the line."""
        cell_mask = self.engine.cell_mask
        make = self.position_type
        cells: dict[int, int] = {}
        for white, black, kings, turn in positions:
            w = cells.get(white)
            if w is None:
                w = cells[white] = cell_mask(white)
            b = cells.get(black)
            if b is None:
                b = cells[black] = cell_mask(black)
            k = cells.get(kings)
            if k is None:
                k = cells[kings] = cell_mask(kings)
            yield make(w, b, k, turn)

    def key_cells(self) -> Callable[[int], int]:
        """The board's :meth:`~notation.games.flying.Board.cell_mask`: :meth:`key_identity`
        turns each bitboard by it."""
        return self.engine.cell_mask

    # Position patterns -------------------------------------------------------------

    def square_names(self) -> SquareNames:
        """Squares by number, and by name where the game has alphanumeric notation."""
        engine = self.engine
        hint = f"1 to {len(engine.squares)}"
        by_name: dict[str, int] = {}
        if self._names is not None:
            by_name = {engine.name[n]: engine.bit[n] for n in engine.squares}
            hint += f", or a1 to {engine.files[-1]}{engine.size} by name"
        return SquareNames(by_name, tuple(engine.bit), {}, hint)

    # Pictures --------------------------------------------------------------------------

    def render_text(self, position: P, last: M | None = None, notation: str | None = None) -> str:
        """The board from White's side, its squares labelled in ``notation`` (default: the
        game's first): each dark square's number beside it in numeric notation, files and
        ranks in the frame in alphanumeric; the last move's squares are shown in brackets."""
        status = self.game_over(position) or f"{position.turn.title} to move"
        marked = set() if last is None else set(last.path)
        numbered = (notation or self.notations[0]) == "numeric"
        return board_text(self.engine, position, marked, status, numbered=numbered)

    def picture(self, position: P, last: M | None = None, notation: str | None = None) -> Picture:
        """The board from White's side (squares ``cell`` wide: 48, 40 from ten files up),
        each square's number when the record is written in numeric notation, the last
        move's path and the pieces it took, and who is to move or how the game ended."""
        board = self.engine
        return Picture(
            "draughts",
            f"{self.title} position",
            self.game_over(position) or f"{position.turn.title} to move",
            position,
            last,
            notation,
            board=board,
            cell=40 if board.size >= 10 else 48,
            numbers=(notation or self.notations[0]) == "numeric",
            coordinates=self.picture_coordinates,
        )


__all__ = [
    "SEPARATED",
    "SHORT_CAPTURE",
    "DraughtsGame",
    "Malformed",
    "MoveCodes",
    "MoveText",
    "move_shape",
    "plural",
    "register_move_codes",
]
