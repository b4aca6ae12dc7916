"""Keny (Caucasian checkers): every rule of the game, its notation and its setup tag.

The rules are those of ``shared/rulings.md`` section 3 (Sokolov 2005 via seed 001); the
project's own account with the points the sources leave open is ``docs/rules/keny.md``.
The module reads top to bottom: board geometry, rule options, positions and moves, the
rules (captures, quiet moves, end of game), the setup tag, the move checker behind
:meth:`Keny.parse_move`, and the :class:`Keny` game object.

Board: 8x8, every square used, files a..h, ranks 1..8, White (ranks 2-3) moves first
upward, Black (ranks 6-7) downward. A man steps one square forward or sideways, or makes
friendly jumps (forward or sideways over an adjacent own piece onto the empty square
beyond, chainable, never landing twice on one square, stopping where it likes). Captures
are short jumps for men in all four directions and flying orthogonal jumps for kings,
compulsory and continued while possible; each captured piece is removed at once. A king
never turns back 180 degrees between two captures and, when some landing square beyond a
captured piece lets it capture again, it must land on one of those. A man whose turn ends
on the far rank becomes a king. The side to move with no legal move loses; 20 plies in a
row without a capture draw the game at once.

Rule options (``Rules`` tag, comma-separated; defaults first): ``compulsory-capture`` /
``optional-capture``, ``jump-chains`` / ``single-jump``, ``promote-at-end`` /
``promote-in-capture``, ``draw=N`` (plies without a capture that draw; default 20).

Setup tag ``FEN``: ``<turn>:W<pieces>:B<pieces>[:H<n>]`` with turn ``W`` or ``B``, pieces
a comma list of squares (``d4``), kings prefixed ``K`` (``Kd4``), rectangles of squares
as ranges (``a2-h3``), and ``H<n>`` the plies played since the last capture (default 0).
The start position is ``W:Wa2-h3:Ba6-h7``.

Notations: ``algebraic`` (``c3-c4``, ``c3-c5-e5``, ``d4xd6xf6``) and ``colon`` (captures
written ``d4:d6:f6``); every landing square is written. Both are read everywhere.

Diagnostic codes (all errors, raised by :meth:`Keny.parse_move` as ``IllegalMove``):

- KY201 malformed move text
- KY202 a move after the end of the game (drawn, or the side to move has no move)
- KY203 no piece of the side to move on the start square
- KY204 a segment that is not along a rank or a file
- KY205 a man's step or friendly jump going backward
- KY206 a segment out of the piece's reach (too long; a step inside a chain; a king's
  quiet move bending; a move going nowhere)
- KY207 a landing square that is occupied
- KY208 a king's quiet move blocked by a piece on the way
- KY209 a friendly jump over an empty square
- KY210 a jump over an enemy piece written as a quiet move (``-`` instead of ``x``)
- KY211 a quiet move or friendly jump while a capture is compulsory
- KY212 a friendly-jump chain landing twice on one square
- KY213 friendly jumps chained under the ``single-jump`` option
- KY214 a capture segment that jumps no enemy piece
- KY215 a capture segment blocked by an own piece, over two pieces, or not a man's short jump
- KY216 a king turning back 180 degrees between two captures
- KY217 a king landing where it cannot capture again while such a landing exists
- KY218 a capture chain that stops while a capture remains
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Mapping
from itertools import pairwise

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
    read_number,
    reading_tag,
)
from notation.games.tags import (
    fen_error,
    fen_fields,
    fen_items,
    kept_notation,
    read_notation,
    rule_options,
    unknown_option,
)
from notation.lazy import IGNORECASE, compiled
from notation.plain import Frozen, NamedTuple

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re
    from typing import ClassVar, Final

# Board geometry -------------------------------------------------------------------------
# Square index = rank * 8 + file, with a1 = 0, h1 = 7, a8 = 56, h8 = 63.

FILES = "abcdefgh"
SQUARE_NAMES: tuple[str, ...] = tuple(f"{f}{r}" for r in range(1, 9) for f in FILES)
"""Square names by index."""
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARE_NAMES)}
"""Square index by (lowercase) name."""

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
DIRECTIONS = (NORTH, EAST, SOUTH, WEST)
_DELTAS = ((0, 1), (1, 0), (0, -1), (-1, 0))
OPPOSITE: Final = (SOUTH, WEST, NORTH, EAST)
"""The direction turned 180 degrees."""


def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < 8 and 0 <= rank < 8


NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (sq // 8 + dr) * 8 + sq % 8 + df if _on_board(sq % 8 + df, sq // 8 + dr) else -1
        for df, dr in _DELTAS
    )
    for sq in range(64)
)
"""``NEIGHBOUR[sq][direction]``: the adjacent square that way, or -1 off the board."""


def _ray(sq: int, direction: int) -> tuple[int, ...]:
    squares = []
    nxt = NEIGHBOUR[sq][direction]
    while nxt >= 0:
        squares.append(nxt)
        nxt = NEIGHBOUR[nxt][direction]
    return tuple(squares)


RAY: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(_ray(sq, d) for d in DIRECTIONS) for sq in range(64)
)
"""``RAY[sq][direction]``: the squares from ``sq`` (excluded) to the edge that way."""

LINE: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {
    (sq, ray[i]): (d, ray[:i])
    for sq in range(64)
    for d, ray in enumerate(RAY[sq])
    for i in range(len(ray))
}
"""``LINE[a, b]``: (direction, squares strictly between) when a and b share a rank or file."""

JUMPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((ray[0], ray[1]) for ray in RAY[sq] if len(ray) > 1) for sq in range(64)
)
"""``JUMPS[sq]``: (square jumped, landing square) of every short jump from ``sq``."""

FORWARD = (NORTH, SOUTH)
"""A man's forward direction, by side."""
MAN_QUIET_DIRECTIONS = ((NORTH, EAST, WEST), (SOUTH, EAST, WEST))
"""Directions of a man's steps and friendly jumps, by side: forward and sideways."""
FAR_RANK: Final = (7, 0)
"""The rank (0-based) where a side's men are crowned."""

EMPTY = "."
MAN = ("w", "b")
"""Board character of a side's man; its king is the upper case letter."""
KING = ("W", "B")
PIECES = ("wW", "bB")
"""Board characters of a side's pieces."""
START_BOARD = "".join(
    "w" if r in (1, 2) else "b" if r in (5, 6) else EMPTY for r in range(8) for _ in FILES
)


# Diagnostic codes ---------------------------------------------------------------------------

MALFORMED = register("KY201", Severity.ERROR, "malformed Keny move text")
GAME_OVER = register("KY202", Severity.ERROR, "a Keny move after the end of the game")
NO_OWN_PIECE = register(
    "KY203", Severity.ERROR, "no piece of the side to move on the move's start square"
)
NOT_IN_LINE = register("KY204", Severity.ERROR, "a Keny move segment not along a rank or file")
BACKWARD = register("KY205", Severity.ERROR, "a man's step or friendly jump goes backward")
OUT_OF_REACH = register("KY206", Severity.ERROR, "a Keny move segment out of the piece's reach")
OCCUPIED = register("KY207", Severity.ERROR, "a Keny move lands on an occupied square")
BLOCKED = register("KY208", Severity.ERROR, "a king's move is blocked on the way")
NOTHING_TO_JUMP = register("KY209", Severity.ERROR, "a friendly jump over an empty square")
CAPTURE_AS_QUIET = register(
    "KY210", Severity.ERROR, "a jump over an enemy piece written as a quiet move"
)
CAPTURE_COMPULSORY = register(
    "KY211", Severity.ERROR, "a quiet move or friendly jump while a capture is compulsory"
)
LANDS_TWICE = register("KY212", Severity.ERROR, "a friendly-jump chain lands twice on a square")
NO_CHAIN = register("KY213", Severity.ERROR, "friendly jumps chained under the single-jump rule")
NOTHING_CAPTURED = register("KY214", Severity.ERROR, "a Keny capture jumps no enemy piece")
CAPTURE_BLOCKED = register(
    "KY215", Severity.ERROR, "a Keny capture blocked or longer than a man's short jump"
)
TURNS_BACK = register("KY216", Severity.ERROR, "a king turns back between two captures")
MUST_LAND_TO_CONTINUE = register(
    "KY217", Severity.ERROR, "a king lands where it cannot capture again though it could"
)
CHAIN_STOPS = register("KY218", Severity.ERROR, "a Keny capture stops while a capture remains")


# Rule options ------------------------------------------------------------------------------


@mypyc_attr(native_class=False)
class KenyRules(Frozen):
    """The rule options a record chose in its ``Rules`` tag (defaults: the rulings)."""

    _fields = ("compulsory_capture", "jump_chains", "draw_plies", "promote_in_capture")
    __slots__ = _fields

    compulsory_capture: bool
    jump_chains: bool
    draw_plies: int
    promote_in_capture: bool

    def __init__(
        self,
        compulsory_capture: bool = True,
        jump_chains: bool = True,
        draw_plies: int = 20,
        promote_in_capture: bool = False,
    ) -> None:
        object.__setattr__(self, "compulsory_capture", compulsory_capture)
        object.__setattr__(self, "jump_chains", jump_chains)
        object.__setattr__(self, "draw_plies", draw_plies)
        object.__setattr__(self, "promote_in_capture", promote_in_capture)

    def option_names(self) -> list[str]:
        """The option names that differ from the defaults, as written in a ``Rules`` tag."""
        names = []
        if not self.compulsory_capture:
            names.append("optional-capture")
        if not self.jump_chains:
            names.append("single-jump")
        if self.promote_in_capture:
            names.append("promote-in-capture")
        if self.draw_plies != DEFAULT_RULES.draw_plies:
            names.append(f"draw={self.draw_plies}")
        return names


DEFAULT_RULES = KenyRules()
_SWITCHES: dict[str, tuple[str, bool]] = {
    "compulsory-capture": ("compulsory_capture", True),
    "optional-capture": ("compulsory_capture", False),
    "jump-chains": ("jump_chains", True),
    "single-jump": ("jump_chains", False),
    "promote-at-end": ("promote_in_capture", False),
    "promote-in-capture": ("promote_in_capture", True),
}
MAX_DRAW_PLIES = 1000


def parse_rules(text: str) -> KenyRules:
    """The options a ``Rules`` tag names; raises :class:`SetupError` on an unknown one."""
    if not text:
        return DEFAULT_RULES
    chosen: dict[str, tuple[str, bool | int]] = {}
    switches: dict[str, bool] = {}
    draw_plies = DEFAULT_RULES.draw_plies
    for written, name in rule_options(text):
        value: bool | int
        if name.startswith("draw="):
            count = read_number(name[5:])
            if count is None or not 1 <= count <= MAX_DRAW_PLIES:
                raise SetupError(
                    f"Rules: {written!r} needs a whole number of plies from 1 to {MAX_DRAW_PLIES}"
                )
            field, value = "draw_plies", count
            draw_plies = count
        elif name in _SWITCHES:
            field, switch = _SWITCHES[name]
            value = switches[field] = switch
        else:
            raise unknown_option(written, "Keny", [*_SWITCHES, "draw=N"])
        if field in chosen and chosen[field][1] != value:
            raise SetupError(f"Rules: {chosen[field][0]!r} and {name!r} contradict each other")
        chosen[field] = (name, value)
    return KenyRules(
        compulsory_capture=switches.get("compulsory_capture", DEFAULT_RULES.compulsory_capture),
        jump_chains=switches.get("jump_chains", DEFAULT_RULES.jump_chains),
        draw_plies=draw_plies,
        promote_in_capture=switches.get("promote_in_capture", DEFAULT_RULES.promote_in_capture),
    )


# Positions and moves ----------------------------------------------------------------------


class KenyPosition(NamedTuple):
    """A position: the sets of White's pieces, of Black's pieces and of the kings (bit
    ``sq`` for square index ``sq``), side to move, the plies played in a row without a
    capture, and the rule options in force."""

    white: int
    black: int
    kings: int
    turn: Side
    quiet: int = 0
    rules: KenyRules = DEFAULT_RULES

    @classmethod
    def from_board(
        cls, board: str, turn: Side, quiet: int = 0, rules: KenyRules = DEFAULT_RULES
    ) -> KenyPosition:
        """The position of 64 board characters (``.wWbB`` by square index);
        :class:`ValueError` for another length or character."""
        if len(board) != 64 or not set(board) <= _BOARD_SET:
            raise ValueError(f"a Keny board is 64 of the characters .wWbB, not {board!r}")
        white = black = kings = 0
        for sq, piece in enumerate(board):
            if piece in PIECES[Side.WHITE]:
                white |= 1 << sq
            elif piece in PIECES[Side.BLACK]:
                black |= 1 << sq
            if piece in KING:
                kings |= 1 << sq
        return cls(white, black, kings, turn, quiet, rules)

    @property
    def board(self) -> str:
        """The 64 board characters (``.wWbB`` by square index)."""
        white, black, kings = self.white, self.black, self.kings
        nibbles = (
            _nibbles(white & ~kings)
            | _nibbles(white & kings) << 1
            | _nibbles(black & ~kings) << 2
            | _nibbles(black & kings) << 3
        )
        return format(nibbles, "064x")[::-1].translate(_BOARD_CHARACTERS)


def _nibbles(squares: int) -> int:
    """``squares`` with square ``sq`` moved to bit ``4 * sq``."""
    return int(format(squares, "064b"), 16)


_BOARD_SET = frozenset((EMPTY, *MAN, *KING))
"""The characters of a board text."""
_BOARD_CHARACTERS = str.maketrans("01248", EMPTY + MAN[0] + KING[0] + MAN[1] + KING[1])
"""The board character of each hexadecimal digit the nibbles of the four kinds make."""

START = KenyPosition.from_board(START_BOARD, Side.WHITE)
"""The standard start position under the default rules."""


class KenyMove(NamedTuple):
    """A move: the start square then every landing square, the captured squares in the
    order taken, and whether the moving man is crowned."""

    path: tuple[int, ...]
    captured: tuple[int, ...] = ()
    promotes: bool = False


def write_move(move: KenyMove, capture_sign: str = "x") -> str:
    """The move's text: squares joined by ``-``, or by ``capture_sign`` for a capture."""
    sign = capture_sign if move.captured else "-"
    return sign.join(SQUARE_NAMES[sq] for sq in move.path)


# The rules: captures ------------------------------------------------------------------------


def _can_capture(board: list[str] | str, sq: int, king: bool, enemy: str, banned: int) -> bool:
    """Whether a piece on ``sq`` can capture now (a king not in direction ``banned``)."""
    if king:
        for d in DIRECTIONS:
            if d == banned:
                continue
            ray = RAY[sq][d]
            for i, t in enumerate(ray):
                piece = board[t]
                if piece == EMPTY:
                    continue
                if piece in enemy and i + 1 < len(ray) and board[ray[i + 1]] == EMPTY:
                    return True
                break
        return False
    return any(board[over] in enemy and board[land] == EMPTY for over, land in JUMPS[sq])


def _king_landings(
    board: list[str], after: tuple[int, ...], enemy: str, direction: int
) -> list[int]:
    """The landings a king may choose on the empty squares ``after`` a piece it captured
    going ``direction``: those from which it can capture again, or all when none can.
    ``board`` must no longer hold the captured piece."""
    landings = []
    for t in after:
        if board[t] != EMPTY:
            break
        landings.append(t)
    back = OPPOSITE[direction]
    going_on = [t for t in landings if _can_capture(board, t, True, enemy, back)]
    return going_on or landings


def _king_victim(board: list[str], sq: int, direction: int, enemy: str) -> int:
    """Index in ``RAY[sq][direction]`` of the enemy piece a king there could jump, or -1."""
    for i, t in enumerate(RAY[sq][direction]):
        piece = board[t]
        if piece != EMPTY:
            return i if piece in enemy else -1
    return -1


def _capture_steps(
    board: list[str], sq: int, king: bool, enemy: str, banned: int
) -> list[tuple[int, int, list[int]]]:
    """The next captures from ``sq``: (direction, captured square, allowed landings)."""
    steps = []
    for d in DIRECTIONS:
        if king:
            if d == banned:
                continue
            index = _king_victim(board, sq, d, enemy)
            if index < 0:
                continue
            ray = RAY[sq][d]
            victim = ray[index]
            piece = board[victim]
            board[victim] = EMPTY
            landings = _king_landings(board, ray[index + 1 :], enemy, d)
            board[victim] = piece
            if landings:
                steps.append((d, victim, landings))
        else:
            over = NEIGHBOUR[sq][d]
            if over >= 0 and board[over] in enemy:
                land = NEIGHBOUR[over][d]
                if land >= 0 and board[land] == EMPTY:
                    steps.append((d, over, [land]))
    return steps


def _capture_chains(
    board: list[str],
    side: Side,
    rules: KenyRules,
    path: tuple[int, ...],
    captured: tuple[int, ...],
    king: bool,
    was_man: bool,
    banned: int,
    out: list[KenyMove],
) -> None:
    """Append every complete capture chain that continues ``path``."""
    sq = path[-1]
    enemy = PIECES[1 - side]
    steps = _capture_steps(board, sq, king, enemy, banned)
    if not steps:
        if captured:
            far = FAR_RANK[side]
            out.append(KenyMove(path, captured, was_man and (king or sq >> 3 == far)))
        return
    far = FAR_RANK[side]
    for d, victim, landings in steps:
        piece = board[victim]
        board[victim] = EMPTY
        for land in landings:
            crowned = king or (rules.promote_in_capture and land >> 3 == far)
            _capture_chains(
                board,
                side,
                rules,
                (*path, land),
                (*captured, victim),
                crowned,
                was_man,
                OPPOSITE[d],
                out,
            )
        board[victim] = piece


# Sets of squares as ints, square ``sq`` being bit ``sq`` (the position's own layout).
# The rules' tests shift sets right only and intersect them with masks below bit 62, so
# that their values stay machine integers in the compiled build (mypyc's fast integers
# hold 62 bits and a sign) unless a piece stands on g8 or h8.
_EVERY: Final = (1 << 64) - 1
_RANKS_1_TO_6: Final = (1 << 48) - 1
_BIT: Final = tuple(1 << sq for sq in range(64))
"""``_BIT[sq]``: the set of square ``sq`` alone."""
_NOT_FILES_AB = sum(1 << sq for sq in range(64) if sq % 8 >= 2)
_NOT_FILES_GH: Final = sum(1 << sq for sq in range(64) if sq % 8 <= 5)
_NOT_FILE_A = sum(1 << sq for sq in range(64) if sq % 8 != 0)
_NOT_FILE_H = sum(1 << sq for sq in range(64) if sq % 8 != 7)
_RAY_SET = tuple(tuple(sum(1 << t for t in ray) for ray in rays) for rays in RAY)
"""``_RAY_SET[sq][direction]``: the squares of ``RAY[sq][direction]`` as a set."""
_LINES_SET: Final = tuple(sum(rays) for rays in _RAY_SET)
"""``_LINES_SET[sq]``: the squares on the rank and file of ``sq`` but itself."""
_RAYS_OUT: Final = tuple(
    tuple(
        (d, ray, d in (NORTH, EAST), 8 if d in (NORTH, SOUTH) else 1)
        for d, ray in enumerate(rays)
        if ray
    )
    for rays in _RAY_SET
)
"""``_RAYS_OUT[sq]``: (direction, squares that way as a set, whether going that way raises
the square's index, how far one square that way moves a square's bit) for each direction
with a square that way."""


def _men_can_capture(men: int, enemy: int, occupied: int) -> bool:
    """Whether any of the ``men`` can jump an adjacent enemy piece (``occupied``: the set
    of the squares held)."""
    free = ~occupied
    ahead, aside = enemy >> 8, enemy >> 1
    # Northward and eastward at the man's square, southward and westward at the landing
    # square.
    return bool(
        men & (ahead & free >> 16 & _RANKS_1_TO_6 | aside & free >> 2 & _NOT_FILES_GH)
        | (men >> 16 & ahead | men >> 2 & _NOT_FILES_GH & aside) & free
    )


def _side_can_capture(own: int, enemy: int, kings: int) -> bool:
    """Whether any piece of the side whose pieces are ``own`` can capture."""
    occupied = own | enemy
    return _men_can_capture(own & ~kings, enemy, occupied) or _kings_can_capture(
        own & kings, enemy, occupied
    )


def _kings_can_capture(mine: int, enemy: int, occupied: int) -> bool:
    """Whether any of the kings ``mine`` can capture."""
    while mine:
        bit = mine & -mine
        if _king_can_capture(bit.bit_length() - 1, enemy, occupied, -1):
            return True
        mine ^= bit
    return False


def _king_can_capture(sq: int, enemy: int, occupied: int, banned: int) -> bool:
    """Whether a king on ``sq`` can capture (not in direction ``banned``), given the sets
    of enemy and occupied squares."""
    if not _LINES_SET[sq] & enemy:
        return False
    for d, ray, up, shift in _RAYS_OUT[sq]:
        pieces = ray & occupied
        if not pieces or d == banned:
            continue
        if up:
            first = pieces & -pieces
            beyond = first << shift
        else:
            first = 1 << (pieces.bit_length() - 1)
            beyond = first >> shift
        if first & enemy and beyond & ray and not beyond & occupied:
            return True
    return False


def capture_moves(position: KenyPosition) -> list[KenyMove]:
    """Every complete capture chain of the side to move."""
    side = position.turn
    cells = position.board
    board = list(cells)
    out: list[KenyMove] = []
    for sq, piece in enumerate(cells):
        if piece in PIECES[side]:
            board[sq] = EMPTY
            king = piece == KING[side]
            _capture_chains(board, side, position.rules, (sq,), (), king, not king, -1, out)
            board[sq] = piece
    return out


# The rules: quiet moves -------------------------------------------------------------------


def _friendly_jumps(
    board: list[str], side: Side, chains: bool, path: tuple[int, ...], out: list[KenyMove]
) -> None:
    """Append every friendly jump (and chain of them) continuing ``path``."""
    sq = path[-1]
    own, far = PIECES[side], FAR_RANK[side]
    for d in MAN_QUIET_DIRECTIONS[side]:
        over = NEIGHBOUR[sq][d]
        if over < 0 or board[over] not in own:
            continue
        land = NEIGHBOUR[over][d]
        if land < 0 or board[land] != EMPTY or land in path:
            continue
        longer = (*path, land)
        out.append(KenyMove(longer, (), land >> 3 == far))
        if chains:
            _friendly_jumps(board, side, chains, longer, out)


def quiet_moves(position: KenyPosition) -> list[KenyMove]:
    """Every non-capturing move of the side to move: steps, friendly jumps, king moves."""
    side = position.turn
    cells = position.board
    board = list(cells)
    far = FAR_RANK[side]
    out: list[KenyMove] = []
    for sq, piece in enumerate(cells):
        if piece == KING[side]:
            for d in DIRECTIONS:
                for t in RAY[sq][d]:
                    if board[t] != EMPTY:
                        break
                    out.append(KenyMove((sq, t)))
        elif piece == MAN[side]:
            for d in MAN_QUIET_DIRECTIONS[side]:
                t = NEIGHBOUR[sq][d]
                if t >= 0 and board[t] == EMPTY:
                    out.append(KenyMove((sq, t), (), t >> 3 == far))
            board[sq] = EMPTY
            _friendly_jumps(board, side, position.rules.jump_chains, (sq,), out)
            board[sq] = piece
    return out


def generate_moves(position: KenyPosition) -> list[KenyMove]:
    """Every legal move, ignoring whether the game is over."""
    captures = capture_moves(position)
    if captures and position.rules.compulsory_capture:
        return captures
    return captures + quiet_moves(position)


def _has_move(position: KenyPosition) -> bool:
    """Whether the side to move has any legal move (ignoring the draw count)."""
    white, black, kings, side = position.white, position.black, position.kings, position.turn
    own, enemy = (black, white) if side else (white, black)
    empty = _EVERY ^ (own | enemy)
    men = own & ~kings
    # Bit sq of each mask: the square that way from sq is empty (or, for jumps, own then
    # empty). Men step and jump forward (north for White) and sideways; kings step any way.
    sideways = (empty & _NOT_FILE_A) >> 1 | (empty & _NOT_FILE_H) << 1
    if side:
        forward = empty << 8
        jumps = own << 8 & empty << 16
    else:
        forward = empty >> 8
        jumps = own >> 8 & empty >> 16
    jumps |= _NOT_FILES_GH & own >> 1 & empty >> 2 | _NOT_FILES_AB & own << 1 & empty << 2
    if own & kings & (empty << 8 | empty >> 8 | sideways) or men & (forward | sideways | jumps):
        return True
    return _side_can_capture(own, enemy, kings)


def play_move(position: KenyPosition, move: KenyMove) -> KenyPosition:
    """The position after ``move`` (assumed legal): captured pieces gone, crowning, turn
    passed, the count of plies without a capture updated."""
    path, captured, promotes = move
    white, black, kings, turn, quiet, rules = position
    start, end = _BIT[path[0]], _BIT[path[-1]]
    if captured:
        taken = 0
        for sq in captured:
            taken |= _BIT[sq]
        # A king may land on a square it captured earlier in the chain.
        if kings & start or promotes:
            kings = kings & ~taken & ~start | end
        else:
            kings &= ~taken
        if turn:
            black, white = black & ~start | end, white & ~taken
        else:
            white, black = white & ~start | end, black & ~taken
        return _new(KenyPosition, (white, black, kings, _OTHER[turn], 0, rules))
    # A move without capture never ends where it started.
    moved = start | end
    if kings & start:
        kings ^= moved
    elif promotes:
        kings |= end
    if turn:
        black ^= moved
    else:
        white ^= moved
    return _new(KenyPosition, (white, black, kings, _OTHER[turn], quiet + 1, rules))


_OTHER: Final = (Side.BLACK, Side.WHITE)
"""The side that moves next, by side (faster than :attr:`Side.other`)."""
_new: Final = tuple.__new__
WHITE: Final = Side.WHITE
BLACK: Final = Side.BLACK
"""Builds a named tuple from its fields without the call of its ``__new__``."""


# The rules: end of game ------------------------------------------------------------------


def game_outcome(position: KenyPosition) -> Outcome | None:
    """The result the rules decide: the draw count first, then a side with no move."""
    limit = position.rules.draw_plies
    if position.quiet >= limit:
        return Outcome(None, f"drawn: {limit} plies in a row without a capture")
    if _has_move(position):
        return None
    loser = position.turn
    if not (position.black if loser else position.white):
        return Outcome(loser.other, f"{loser.title} has no pieces left")
    return Outcome(loser.other, f"{loser.title} has no legal move")


# The setup tag ------------------------------------------------------------------------------

_FEN_ITEM = compiled(r"(K?)([a-h][1-8])(?:-([a-h][1-8]))?\Z", IGNORECASE)


def _fen_squares(fen: str, item: str) -> tuple[bool, list[int]]:
    """(kings?, squares) of one FEN item: ``d4``, ``Kd4`` or a rectangle ``a2-h3``."""
    match = _FEN_ITEM.match(item)
    if match is None:
        raise fen_error(fen, f"{item!r} is not a square (a1..h8), a king (Kd4) or a range (a2-h3)")
    king, first, last = match.groups()
    a = SQUARE_INDEX[first.lower()]
    b = SQUARE_INDEX[(last or first).lower()]
    files = range(min(a % 8, b % 8), max(a % 8, b % 8) + 1)
    ranks = range(min(a // 8, b // 8), max(a // 8, b // 8) + 1)
    return bool(king), [r * 8 + f for r in ranks for f in files]


def parse_fen(fen: str, rules: KenyRules = DEFAULT_RULES) -> KenyPosition:
    """The position a ``FEN`` tag describes; raises :class:`SetupError` when it is invalid."""
    fields = fen_fields(fen, "Keny", extra={"H": "plies without a capture"})
    quiet = 0
    if "H" in fields.extra:
        count = read_number(fields.extra["H"])
        if count is None or count > rules.draw_plies:
            raise fen_error(fen, f"H needs a whole number of plies from 0 to {rules.draw_plies}")
        quiet = count
    board = [EMPTY] * 64
    for side in Side:
        for item in fen_items(fields.pieces[side]):
            king, squares = _fen_squares(fen, item)
            for sq in squares:
                name = SQUARE_NAMES[sq]
                if board[sq] != EMPTY:
                    raise fen_error(fen, f"square {name} is given twice")
                if not king and sq >> 3 == FAR_RANK[side]:
                    raise fen_error(
                        fen,
                        f"a {side.title.lower()} man on {name} stands on its far rank and "
                        f"would be a king; write K{name}",
                    )
                board[sq] = KING[side] if king else MAN[side]
    return KenyPosition.from_board("".join(board), fields.turn, quiet, rules)


def _ranges(squares: set[int]) -> list[tuple[int, int]]:
    """Cover ``squares`` with rectangles: runs along each rank, stacked when equal."""
    runs: dict[tuple[int, int], list[int]] = {}
    for rank in range(8):
        file = 0
        while file < 8:
            if rank * 8 + file not in squares:
                file += 1
                continue
            end = file
            while end + 1 < 8 and rank * 8 + end + 1 in squares:
                end += 1
            runs.setdefault((file, end), []).append(rank)
            file = end + 1
    rectangles = []
    for (first, last), ranks in runs.items():
        low = ranks[0]
        for i, rank in enumerate(ranks):
            if i + 1 == len(ranks) or ranks[i + 1] != rank + 1:
                rectangles.append((low * 8 + first, rank * 8 + last))
                if i + 1 < len(ranks):
                    low = ranks[i + 1]
    return sorted(rectangles)


def write_fen(position: KenyPosition) -> str:
    """The ``FEN`` tag value for ``position`` (squares grouped into ranges)."""
    fields = ["W" if position.turn is Side.WHITE else "B"]
    board = position.board
    for side in (Side.WHITE, Side.BLACK):
        items = []
        for prefix, char in (("", MAN[side]), ("K", KING[side])):
            squares = {sq for sq, piece in enumerate(board) if piece == char}
            for a, b in _ranges(squares):
                span = SQUARE_NAMES[a] if a == b else f"{SQUARE_NAMES[a]}-{SQUARE_NAMES[b]}"
                items.append(prefix + span)
        fields.append(("W" if side is Side.WHITE else "B") + ",".join(items))
    if position.quiet:
        fields.append(f"H{position.quiet}")
    return ":".join(fields)


# The move checker ---------------------------------------------------------------------------

MOVE_SHAPE = compiled(r"[a-h][1-8](?:[-x:][a-h][1-8])+", IGNORECASE)
"""Every move text read (:attr:`Keny.move_shape`): squares joined by ``-``, ``x`` or ``:``
(``c3-c4``, ``d4xd6xf6``, ``d4:d6:f6``), letters in either case; a text mixing the signs
is refused after it."""
_LISTED = 4


def _list_moves(moves: list[KenyMove], sign: str) -> str:
    """Up to a few moves written out, with the total when there are more."""
    written = ", ".join(write_move(m, sign) for m in moves[:_LISTED])
    return written if len(moves) <= _LISTED else f"{written} ({len(moves)} in all)"


def _segment(a: int, b: int) -> tuple[int, tuple[int, ...]]:
    """(direction, squares between) of the segment from ``a`` to ``b``, or KY204/KY206."""
    line = LINE.get((a, b))
    if line is not None:
        return line
    name_a, name_b = SQUARE_NAMES[a], SQUARE_NAMES[b]
    if a == b:
        raise IllegalMove(OUT_OF_REACH, f"a move from {name_a} to {name_b} goes nowhere")
    raise IllegalMove(NOT_IN_LINE, f"{name_b} is not on a rank or file with {name_a}")


def _legal_capture(
    squares: tuple[int, ...],
    spans: tuple[tuple[int, int, int], ...],
    side: int,
    rules: KenyRules,
    own: int,
    enemy: int,
    kings: int,
) -> tuple[KenyMove, KenyPosition] | None:
    """The capture chain ``squares`` describes (``spans``: its segments, each as its
    landing square, direction and set of the squares between) and the position after it
    when it is legal, else ``None`` (the verdict is then :func:`_check_capture`'s)."""
    start = squares[0]
    king = bool(kings >> start & 1)
    was_man = not king
    own ^= _BIT[start]
    far = FAR_RANK[side]
    banned = -1
    captured = []
    for b, direction, between in spans:
        occupied = own | enemy
        if occupied >> b & 1:
            return None
        victim_set = between & occupied
        if not victim_set & enemy or victim_set & (victim_set - 1):
            return None
        if king:
            if direction == banned:
                return None
            enemy ^= victim_set
            occupied ^= victim_set
            back = OPPOSITE[direction]
            if not _king_can_capture(b, enemy, occupied, back):
                victim = victim_set.bit_length() - 1
                for t in RAY[victim][direction]:
                    if occupied >> t & 1:
                        break
                    if _king_can_capture(t, enemy, occupied, back):
                        return None
        else:
            if between != victim_set:
                return None
            enemy ^= victim_set
            if rules.promote_in_capture and b >> 3 == far:
                king = True
        captured.append(victim_set.bit_length() - 1)
        banned = OPPOSITE[direction]
    end = squares[-1]
    occupied = own | enemy
    if (
        _king_can_capture(end, enemy, occupied, banned)
        if king
        else _men_can_capture(_BIT[end], enemy, occupied)
    ):
        return None
    promotes = was_man and (king or end >> 3 == far)
    move = _new(KenyMove, (squares, tuple(captured), promotes))
    # The kings left stand on the squares still held; the end square was empty or taken.
    kings &= own | enemy
    if king or promotes:
        kings |= _BIT[end]
    own |= _BIT[end]
    if side:
        return move, _new(KenyPosition, (enemy, own, kings, WHITE, 0, rules))
    return move, _new(KenyPosition, (own, enemy, kings, BLACK, 0, rules))


def _check_capture(position: KenyPosition, squares: tuple[int, ...], sign: str) -> KenyMove:
    """The capture chain ``squares`` describes, checked segment by segment."""
    side = position.turn
    enemy = PIECES[1 - side]
    board = list(position.board)
    start = squares[0]
    king = board[start] == KING[side]
    was_man = not king
    board[start] = EMPTY
    far = FAR_RANK[side]
    banned = -1
    captured: list[int] = []
    for a, b in pairwise(squares):
        name_a, name_b = SQUARE_NAMES[a], SQUARE_NAMES[b]
        direction, between = _segment(a, b)
        if board[b] != EMPTY:
            raise IllegalMove(OCCUPIED, f"{name_b} is occupied")
        if king:
            if direction == banned:
                raise IllegalMove(
                    TURNS_BACK,
                    f"a king may not turn back between two captures ({name_a}x{name_b})",
                )
            pieces = [sq for sq in between if board[sq] != EMPTY]
            if not pieces:
                raise IllegalMove(
                    NOTHING_CAPTURED,
                    f"there is no {side.other.title.lower()} piece between {name_a} and "
                    f"{name_b} to capture",
                )
            if board[pieces[0]] not in enemy:
                raise IllegalMove(
                    CAPTURE_BLOCKED,
                    f"the {side.title.lower()} piece on {SQUARE_NAMES[pieces[0]]} is in the way",
                )
            if len(pieces) > 1:
                named = ", ".join(SQUARE_NAMES[sq] for sq in pieces)
                raise IllegalMove(
                    CAPTURE_BLOCKED,
                    f"more than one piece stands between {name_a} and {name_b} ({named})",
                )
            victim = pieces[0]
            board[victim] = EMPTY
            ray = RAY[a][direction]
            allowed = _king_landings(board, ray[ray.index(victim) + 1 :], enemy, direction)
            if b not in allowed:
                named = ", ".join(SQUARE_NAMES[sq] for sq in allowed)
                raise IllegalMove(
                    MUST_LAND_TO_CONTINUE,
                    f"after taking {SQUARE_NAMES[victim]} the king must land where it "
                    f"can capture again: {named}",
                )
        else:
            if len(between) != 1:
                raise IllegalMove(
                    CAPTURE_BLOCKED,
                    f"a man captures an adjacent piece and lands just beyond it; "
                    f"{name_b} is {len(between) + 1} squares from {name_a}",
                )
            victim = between[0]
            if board[victim] not in enemy:
                raise IllegalMove(
                    NOTHING_CAPTURED,
                    f"there is no {side.other.title.lower()} piece on "
                    f"{SQUARE_NAMES[victim]} to capture",
                )
            board[victim] = EMPTY
            if position.rules.promote_in_capture and b >> 3 == far:
                king = True
        captured.append(victim)
        banned = OPPOSITE[direction]
    end = squares[-1]
    if _can_capture(board, end, king, enemy, banned):
        steps = _capture_steps(board, end, king, enemy, banned)
        going_on = [
            KenyMove((end, land), (victim,)) for _, victim, lands in steps for land in lands
        ]
        raise IllegalMove(
            CHAIN_STOPS,
            f"the capture must go on from {SQUARE_NAMES[end]}: {_list_moves(going_on, sign)}",
        )
    return KenyMove(squares, tuple(captured), was_man and (king or end >> 3 == far))


_STEP_MOVES: tuple[dict[tuple[int, ...], KenyMove], ...] = tuple(
    {
        (sq, t): KenyMove((sq, t), (), t >> 3 == FAR_RANK[side])
        for sq in range(64)
        for d in MAN_QUIET_DIRECTIONS[side]
        if (t := NEIGHBOUR[sq][d]) >= 0
    }
    for side in Side
)
"""``_STEP_MOVES[side][start, end]``: every step a man of ``side`` may make (forward or
sideways), as a move."""


def _check_quiet(
    position: KenyPosition, squares: tuple[int, ...], own: int, enemy: int
) -> KenyMove:
    """The quiet move or friendly-jump chain ``squares`` describes, checked segment by
    segment, then against a compulsory capture (``own`` and ``enemy``: the sets of the
    pieces of the side to move and of the other side)."""
    side, kings, rules = position.turn, position.kings, position.rules
    king = kings >> squares[0] & 1
    if not _legal_segments(squares, side, rules, king, own, own | enemy):
        _check_segments(position, squares, bool(king))
    if rules.compulsory_capture and _side_can_capture(own, enemy, kings):
        raise _capture_compulsory(position)
    return _new(KenyMove, (squares, (), not king and squares[-1] >> 3 == FAR_RANK[side]))


def _capture_compulsory(position: KenyPosition) -> IllegalMove:
    """The error for a quiet move or friendly jump while a capture is compulsory."""
    return IllegalMove(
        CAPTURE_COMPULSORY,
        f"a capture is compulsory: {_list_moves(capture_moves(position), 'x')}",
    )


_SPAN: Final[dict[tuple[int, int], tuple[int, int]]] = {
    (a, b): (d, sum(1 << sq for sq in between)) for (a, b), (d, between) in LINE.items()
}
"""``_SPAN[a, b]``: (direction, set of the squares strictly between) of a rank or file."""
_SLIDES: Final[dict[tuple[int, ...], tuple[int, int, KenyMove]]] = {
    (a, b): (between | 1 << b, 0, KenyMove((a, b))) for (a, b), (_, between) in _SPAN.items()
}
"""``_SLIDES[start, end]``: a king's slide along a rank or file, as a :data:`_QUIET` entry."""
_FRIENDLY_JUMP: tuple[dict[tuple[int, int], int], ...] = tuple(
    {
        (sq, NEIGHBOUR[over][d]): 1 << over
        for sq in range(64)
        for d in ways
        if (over := NEIGHBOUR[sq][d]) >= 0 and NEIGHBOUR[over][d] >= 0
    }
    for ways in MAN_QUIET_DIRECTIONS
)
"""``_FRIENDLY_JUMP[side][a, b]``: the square a man of ``side`` jumps going from a to b
(forward or sideways), as a set."""
_QUIET: Final[tuple[dict[tuple[int, ...], tuple[int, int, KenyMove]], ...]] = tuple(
    {
        **{(a, b): (1 << b, 0, move) for (a, b), move in steps.items()},
        **{
            (a, b): (1 << b, over, KenyMove((a, b), (), b >> 3 == FAR_RANK[side]))
            for (a, b), over in jumps.items()
        },
    }
    for side, steps, jumps in zip(Side, _STEP_MOVES, _FRIENDLY_JUMP, strict=True)
)
"""``_QUIET[side][start, end]``: a man's step forward or sideways and its jump over a piece
of its own side, each as the squares it needs empty, those it needs held by its side (sets)
and the move."""


def _legal_segments(
    squares: tuple[int, ...], side: Side, rules: KenyRules, king: int, own: int, occupied: int
) -> bool:
    """Whether every segment of a quiet move (other than a man's step) is legal: a king's
    slide along an empty line, or a man's friendly jumps chained as the rules allow.
    ``False`` leaves the verdict to :func:`_check_segments`."""
    if king:
        if len(squares) != 2:
            return False
        span = _SPAN.get((squares[0], squares[1]))
        return span is not None and not occupied & (span[1] | 1 << squares[1])
    if len(squares) > 2 and not rules.jump_chains:
        return False
    jumps = _FRIENDLY_JUMP[side]
    visited = 1 << squares[0]
    for a, b in pairwise(squares):
        over = jumps.get((a, b), 0)
        land = 1 << b
        if not own & over or (occupied | visited) & land:
            return False
        visited |= land
    return True


def _check_segments(position: KenyPosition, squares: tuple[int, ...], king: bool) -> None:
    """Check each segment of a quiet move or friendly-jump chain by the piece on its
    start square (a king when ``king``)."""
    side = position.turn
    board = position.board
    own, enemy = PIECES[side], PIECES[1 - side]
    backward = OPPOSITE[FORWARD[side]]
    segments = len(squares) - 1
    for i, (a, b) in enumerate(pairwise(squares)):
        name_a, name_b = SQUARE_NAMES[a], SQUARE_NAMES[b]
        direction, between = _segment(a, b)
        if b in squares[: i + 1]:
            raise IllegalMove(LANDS_TWICE, f"the move lands on {name_b} twice")
        if board[b] != EMPTY:
            raise IllegalMove(OCCUPIED, f"{name_b} is occupied")
        if king:
            if segments > 1:
                raise IllegalMove(OUT_OF_REACH, "a king's move without capture goes along one line")
            pieces = [sq for sq in between if board[sq] != EMPTY]
            if len(pieces) == 1 and board[pieces[0]] in enemy:
                raise IllegalMove(
                    CAPTURE_AS_QUIET,
                    f"it jumps the {side.other.title.lower()} piece on "
                    f"{SQUARE_NAMES[pieces[0]]}; a capture is written {name_a}x{name_b}",
                )
            if pieces:
                raise IllegalMove(
                    BLOCKED,
                    f"the way from {name_a} to {name_b} is blocked at {SQUARE_NAMES[pieces[0]]}",
                )
        elif len(between) > 1:
            raise IllegalMove(
                OUT_OF_REACH,
                f"{name_b} is out of reach from {name_a}; a man steps to a neighbouring "
                "square or jumps an adjacent piece",
            )
        elif between:
            over = between[0]
            if board[over] in enemy:
                raise IllegalMove(
                    CAPTURE_AS_QUIET,
                    f"it jumps the {side.other.title.lower()} piece on "
                    f"{SQUARE_NAMES[over]}; a capture is written {name_a}x{name_b}",
                )
            if direction == backward:
                raise IllegalMove(BACKWARD, "a man does not jump backward")
            if board[over] not in own:
                raise IllegalMove(
                    NOTHING_TO_JUMP,
                    f"there is no piece on {SQUARE_NAMES[over]} to jump over",
                )
            if i and not position.rules.jump_chains:
                raise IllegalMove(
                    NO_CHAIN, "the rules in force (single-jump) allow one friendly jump"
                )
        else:
            if direction == backward:
                raise IllegalMove(BACKWARD, "a man does not step backward")
            if segments > 1:
                raise IllegalMove(
                    OUT_OF_REACH,
                    f"a man's step to {name_b} is a whole move; only jumps chain",
                )


class _Text(NamedTuple):
    """A move text read: its squares and its separator (``-``, ``x`` or ``:``), the set of
    its start square, what makes a text of two squares joined by ``-`` a legal quiet move
    but for the compulsory capture (:data:`_QUIET` entries, ``None`` for no such move): as
    a White man's step or friendly jump, as a Black man's, as a king's slide; and for a
    capture, each segment as its landing square, direction and set of the squares between
    (``None`` when a segment is not along a rank or file); ``moved`` is the set of its first
    and last squares."""

    squares: tuple[int, ...]
    sign: str
    start: int
    moved: int
    white_man: tuple[int, int, KenyMove] | None
    black_man: tuple[int, int, KenyMove] | None
    king: tuple[int, int, KenyMove] | None
    spans: tuple[tuple[int, int, int], ...] | None


class _Malformed(NamedTuple):
    """A text that is no move, and why."""

    reason: str


def _read_text(text: str) -> _Text | _Malformed:
    """The squares and the separator ``text`` names, or why it names none (KY201)."""
    written = text.strip()
    lowered = written.lower()
    if MOVE_SHAPE.fullmatch(lowered) is None:
        return _Malformed(
            f"{written!r} is not a move: write squares a1..h8 joined by - (moves and friendly "
            "jumps) or by x or : (captures)"
        )
    if len(set(lowered[2::3])) > 1:
        return _Malformed(
            f"{written!r} mixes separators: a move uses - throughout, a capture x or : throughout"
        )
    squares = tuple(SQUARE_INDEX[lowered[i : i + 2]] for i in range(0, len(lowered), 3))
    sign = lowered[2]
    white_man = black_man = king = None
    spans = None
    if sign != "-":
        found = [_SPAN.get(pair) for pair in pairwise(squares)]
        if all(found):
            spans = tuple(
                (b, span[0], span[1])
                for b, span in zip(squares[1:], found, strict=True)
                if span is not None
            )
    elif len(squares) == 2:
        white_man, black_man = _QUIET[WHITE].get(squares), _QUIET[BLACK].get(squares)
        king = _SLIDES.get(squares)
    start, end = _BIT[squares[0]], _BIT[squares[-1]]
    return _Text(squares, sign, start, start | end, white_man, black_man, king, spans)


TEXT_CACHE: Final[TextCache[_Text | _Malformed]] = TextCache()
"""The move texts read: an archive writes the same few thousand over and over."""


def check_move(position: KenyPosition, text: str) -> KenyMove:
    """The legal move ``text`` names, or :class:`IllegalMove` saying why it is not one."""
    return check_and_play(position, text)[0]


def check_and_play(position: KenyPosition, text: str) -> tuple[KenyMove, KenyPosition]:
    """The legal move ``text`` names and the position after it, or :class:`IllegalMove`
    saying why it is not one."""
    white, black, kings, turn, quiet, rules = position
    side: int = turn  # a machine integer in the compiled build
    if quiet >= rules.draw_plies:
        raise IllegalMove(
            GAME_OVER,
            f"the game is over, drawn after {rules.draw_plies} plies in a row without a capture",
            show_legal=False,
        )
    read = TEXT_CACHE.get(text)
    if read is None:
        read = TEXT_CACHE.keep(text, _read_text(text))
    try:
        if isinstance(read, _Malformed):
            raise IllegalMove(MALFORMED, read.reason)
        squares, sign, start, moved, white_man, black_man, king, spans = read
        if side:
            own, enemy = black, white
        else:
            own, enemy = white, black
        if not own & start:
            raise IllegalMove(
                NO_OWN_PIECE,
                f"there is no {turn.title.lower()} piece on {SQUARE_NAMES[squares[0]]}",
            )
        if sign != "-":
            played = (
                None
                if spans is None
                else _legal_capture(squares, spans, side, rules, own, enemy, kings)
            )
            if played is None:
                move = _check_capture(position, squares, sign)
                return move, play_move(position, move)
            return played
        # A man's step or friendly jump, and a king's slide, with the squares it needs
        # empty and held, pass every segment check.
        occupied = own | enemy
        quiet_move = king if kings & start else black_man if side else white_man
        if quiet_move is None:
            move = _check_quiet(position, squares, own, enemy)
        else:
            needs_empty, needs_own, move = quiet_move
            if occupied & needs_empty or own & needs_own != needs_own:
                move = _check_quiet(position, squares, own, enemy)
            elif rules.compulsory_capture:
                men = own & ~kings
                free = ~occupied
                ahead, aside = enemy >> 8, enemy >> 1
                if (  # _men_can_capture, inlined: this runs on most plies
                    men & (ahead & free >> 16 & _RANKS_1_TO_6 | aside & free >> 2 & _NOT_FILES_GH)
                    | (men >> 16 & ahead | men >> 2 & _NOT_FILES_GH & aside) & free
                ) or (own & kings and _kings_can_capture(own & kings, enemy, occupied)):
                    raise _capture_compulsory(position)
        # A move without capture never ends where it started.
        if kings & start:
            kings ^= moved
        elif move[2]:  # promotes
            kings |= moved ^ start
        if side:
            after = (white, black ^ moved, kings, WHITE, quiet + 1, rules)
        else:
            after = (white ^ moved, black, kings, BLACK, quiet + 1, rules)
        return move, _new(KenyPosition, after)
    except IllegalMove:
        verdict = game_outcome(position)
        if verdict is not None:
            raise IllegalMove(
                GAME_OVER, f"the game is over: {verdict.reason}", show_legal=False
            ) from None
        raise


# The game --------------------------------------------------------------------------------


def _jumped_over(position: KenyPosition, move: KenyMove) -> tuple[int, ...]:
    """The own pieces a friendly jump (or chain) of ``move`` went over, ``position`` being
    the one after it; none for a capture or a king's slide."""
    end = move.path[-1]
    if move.captured or (position.board[end] in KING and not move.promotes):
        return ()
    return tuple(square for a, b in itertools.pairwise(move.path) for square in LINE[a, b][1])


@mypyc_attr(allow_interpreted_subclasses=True)
class Keny(Game[KenyPosition, KenyMove]):
    """Keny, Caucasian checkers, as ruled in ``shared/rulings.md`` section 3."""

    name: ClassVar[str] = "keny"
    code_prefix: ClassVar[str | None] = "KY"
    title: ClassVar[str] = "Keny (Caucasian checkers)"
    notations: ClassVar[tuple[str, ...]] = ("algebraic", "colon")
    move_shape: ClassVar[re.Pattern[str]] = MOVE_SHAPE
    results: ClassVar[tuple[str, ...]] = ("1-0", "0-1", "1/2-1/2", "*")

    def start(self, tags: Mapping[str, str]) -> KenyPosition:
        """The position of the ``FEN`` tag (default: the standard start) under the options
        of the ``Rules`` tag; a ``Notation`` tag must name one of :attr:`notations`."""
        with reading_tag("Rules"):
            rules = parse_rules(tags.get("Rules", ""))
        read_notation(tags, "Keny", self.notations)
        fen = tags.get("FEN")
        if fen is None:
            return START if rules is DEFAULT_RULES else START._replace(rules=rules)
        with reading_tag("FEN"):
            return parse_fen(fen, rules)

    def setup_tags(self, position: KenyPosition, notation: str | None = None) -> dict[str, str]:
        """``FEN`` always, ``Rules`` when an option differs from the rulings."""
        tags = {"FEN": write_fen(position)}
        options = position.rules.option_names()
        if options:
            tags["Rules"] = ",".join(options)
        return tags

    def identity(self, position: KenyPosition) -> Hashable:
        """The position with its count of plies without a capture set to 0 (a FEN that
        leaves the count out reads as 0)."""
        return position._replace(quiet=0) if position.quiet else position

    def legal_moves(self, position: KenyPosition) -> list[KenyMove]:
        """Every legal move; none once the draw count is reached."""
        if position.quiet >= position.rules.draw_plies:
            return []
        return generate_moves(position)

    def parse_move(self, position: KenyPosition, text: str) -> KenyMove:
        """The legal move ``text`` names (either notation), checked without generating
        every move; :class:`IllegalMove` with a KY2xx code otherwise."""
        return check_move(position, text)

    def format_move(
        self, position: KenyPosition, move: KenyMove, notation: str | None = None
    ) -> str:
        """``move`` written in ``notation``: captures with ``x`` (algebraic) or ``:`` (colon)."""
        chosen = (notation or "algebraic").lower()
        if chosen == "algebraic":
            return write_move(move, "x")
        if chosen == "colon":
            return write_move(move, ":")
        raise ValueError(f"unknown Keny notation {notation!r}; known: {', '.join(self.notations)}")

    def play(self, position: KenyPosition, move: KenyMove) -> KenyPosition:
        """The position after the legal ``move``."""
        return play_move(position, move)

    def advance(self, position: KenyPosition, text: str) -> tuple[KenyMove, KenyPosition]:
        """The legal move ``text`` names and the position after it, in one step."""
        return check_and_play(position, text)

    def advancer(self) -> Callable[[KenyPosition, str], tuple[KenyMove, KenyPosition]]:
        """:meth:`advance`'s function itself (a loop over plies calls it directly)."""
        return check_and_play

    def notation_of(self, text: str) -> str | None:
        """``colon`` or ``algebraic`` for a capture, ``None`` for a move both write alike."""
        if ":" in text:
            return "colon"
        if "x" in text.lower():
            return "algebraic"
        return None

    def notation_tags(self, tags: Mapping[str, str], notation: str) -> dict[str, str]:
        """A ``Notation`` tag already present is kept true; none is needed otherwise, since
        captures show their notation and other moves read alike in both."""
        return kept_notation(tags, notation)

    def outcome(self, position: KenyPosition) -> Outcome | None:
        """A draw once the count of plies without a capture reaches its limit; else a loss
        for the side to move when it has no legal move."""
        return game_outcome(position)

    def square_names(self) -> SquareNames:
        """Squares by name only; a range of names is the rectangle between (``a2-h3``)."""
        grid = {name: (i % 8, i // 8) for i, name in enumerate(SQUARE_NAMES)}
        return SquareNames(
            {name: 1 << i for i, name in enumerate(SQUARE_NAMES)}, (), grid, "a1 to h8"
        )

    def picture(
        self, position: KenyPosition, last: KenyMove | None = None, notation: str | None = None
    ) -> Picture:
        """The board (which writes no move: ``notation`` changes nothing), the own pieces
        the last move's friendly jumps went over marked, and who is to move with the count
        of plies without a capture, or how the game ended."""
        status = self.game_over(position) or (
            f"{position.turn.title} to move; {position.quiet} of {position.rules.draw_plies} "
            "plies without a capture"
        )
        over = () if last is None else _jumped_over(position, last)
        return Picture("keny", "Keny position", status, position, last, notation, marked=over)

    def render_text(
        self, position: KenyPosition, last: KenyMove | None = None, notation: str | None = None
    ) -> str:
        """The board from White's side (``w``/``b`` men, ``W``/``B`` kings), the squares of
        ``last`` in brackets, then who moves and the draw count (or how the game ended),
        and ``last`` written in ``notation``."""
        marked = set(last.path) | set(last.captured) if last is not None else set()
        header = "    " + "  ".join(FILES)
        lines = [header]
        board = position.board
        for rank in range(7, -1, -1):
            cells = []
            for file in range(8):
                sq = rank * 8 + file
                piece = board[sq]
                cells.append(f"[{piece}]" if sq in marked else f" {piece} ")
            lines.append(f"{rank + 1}  {''.join(cells)}  {rank + 1}")
        lines.append(header)
        status = self.game_over(position) or (
            f"{position.turn.title} to move; {position.quiet} of "
            f"{position.rules.draw_plies} plies without a capture"
        )
        if last is not None:
            status += f"; last move {self.format_move(position, last, notation)}"
        lines.append(status)
        return "\n".join(lines)
