"""Cheversi (Chess-Reversi): a placement game with chess pieces on an 8x8 board.

Each side places, one per ply, its King, Queen, two Rooks, two Bishops and two Knights;
White first, 16 plies in all, and pieces never move. Every EMPTY square earns a side one
point for each of its pieces that attacks it under chess rules; the higher score wins.
The rules enforced are those of ``shared/rulings.md`` section 5; the whole rule set is
the ordered list :data:`CHECKS` below, one named check per rule.

Setup tag ``FEN``: ``<ranks> <w|b> <last>``, e.g. ``8/8/8/8/8/2B5/1b6/K7 b c3``. The
ranks run from 8 down to 1 as in chess FEN (``KQRBN`` White, ``kqrbn`` Black, digits for
runs of empty squares); ``w``/``b`` is the side to place; ``last`` is the square of the
piece placed last (``-`` on the empty board). Tag ``Notation`` names the letters of the
record: ``en``, ``fr``, ``de``, ``ru``, ``uk`` or ``figurine`` (without it, the letters
tell). Cheversi has no rule options: a ``Rules`` tag must be empty.

Move text: a piece and a square, ``Ke4`` (:data:`MOVE_SHAPE`). A record is read in one
language: its ``Notation`` tag's, or without one the language its piece letters show as a
whole (:meth:`Cheversi.start_record`). Its letters are read in that language only, since
the languages read some letters as different pieces (``R`` is the English Rook and the
French King): a letter that is no piece of the record's language, or names a placement
the rules forbid, is an error, whose message says what the letter would be in another
language where that placement is legal. Figurines of either colour belong to no language
and are read in every record. Squares use the files ``a``-``h``; the Cyrillic look-alikes
``а в с е`` are read as ``a b c e``.

Diagnostic codes (all errors), in the order the checks run:

- CV203 the game is over (all 16 pieces placed, or the side to place has no legal
  placement; the latter replaces any later code when it applies)
- CV201 the text is not a piece and a square
- CV202 the piece letter is no piece in the record's notation
- CV206 White's first piece is not its King
- CV210 a queen call is ignored (the opponent just placed its Queen while this side's
  Queen was off the board)
- CV211 Black's 7th piece is not its Queen although its Queen is not placed yet
- CV205 the side has already placed every piece of that kind
- CV208 Black's King before Black's 8th ply
- CV204 the square is occupied
- CV207 the square touches no enemy piece (8-neighbourhood)
- CV209 a side's second Bishop on the colour of its first
- CV212 Black's King (its 8th ply) does not touch White's 8th piece
- CV213 White's 8th piece has no empty neighbour (Black's King could not touch it)
"""

from __future__ import annotations

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
    SquareContents,
    TextCache,
    reading_tag,
)
from notation.games.tags import no_rule_options, read_notation
from notation.lazy import compiled, escape
from notation.plain import NamedTuple

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re
    from typing import ClassVar, Final

# Board geometry ------------------------------------------------------------------
# Square index = 8 * rank + file, with a1 = 0, h1 = 7, a8 = 56, h8 = 63.

FILES = "abcdefgh"
SQUARE_NAMES: tuple[str, ...] = tuple(f"{FILES[s % 8]}{s // 8 + 1}" for s in range(64))
"""The name of every square by index."""

DARK: Final[tuple[bool, ...]] = tuple((s % 8 + s // 8) % 2 == 0 for s in range(64))
"""Whether a square is dark (a1 is dark, as on a chessboard)."""


def _steps(square: int, deltas: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    """Squares one step away from ``square`` by each (file, rank) delta, on the board."""
    file, rank = square % 8, square // 8
    return tuple(
        8 * (rank + dr) + file + df
        for df, dr in deltas
        if 0 <= file + df < 8 and 0 <= rank + dr < 8
    )


def _ray(square: int, df: int, dr: int) -> tuple[int, ...]:
    """Squares from ``square`` (excluded) along one direction to the edge, nearest first."""
    file, rank = square % 8 + df, square // 8 + dr
    squares = []
    while 0 <= file < 8 and 0 <= rank < 8:
        squares.append(8 * rank + file)
        file, rank = file + df, rank + dr
    return tuple(squares)


ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT_JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))

NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(
    _steps(s, ORTHOGONAL + DIAGONAL) for s in range(64)
)
"""The 8-neighbourhood of every square: where "touching" is looked up, and the King's attack."""

KNIGHT_TARGETS: Final[tuple[tuple[int, ...], ...]] = tuple(
    _steps(s, KNIGHT_JUMPS) for s in range(64)
)
"""The squares a Knight attacks from every square."""

RAYS: Final[dict[str, tuple[tuple[tuple[int, ...], ...], ...]]] = {
    kind: tuple(tuple(_ray(s, df, dr) for df, dr in directions) for s in range(64))
    for kind, directions in (
        ("R", ORTHOGONAL),
        ("B", DIAGONAL),
        ("Q", ORTHOGONAL + DIAGONAL),
    )
}
"""The lines a sliding piece attacks along from every square (each stops at a piece)."""

# Pieces and notations -------------------------------------------------------------

KINDS = "KQRBN"
"""The kinds of piece, in the order legal moves are listed."""

ALLOWED: Final[dict[str, int]] = {"K": 1, "Q": 1, "R": 2, "B": 2, "N": 2}
"""How many pieces of each kind a side places."""

PIECES_PER_SIDE = sum(ALLOWED.values())
TOTAL_PLIES: Final = 2 * PIECES_PER_SIDE
ALL_PLACED: Final = f"all {TOTAL_PLIES} pieces are on the board"
"""Why a game whose every piece is placed is over (its outcome's reason, before the score)."""

# A side's n-th ply comes when 2n-2 (White) or 2n-1 (Black) pieces are on the board.
BLACK_7TH: Final = 13
WHITE_8TH: Final = 14
BLACK_8TH: Final = 15

PIECE_NAMES = {"K": "King", "Q": "Queen", "R": "Rook", "B": "Bishop", "N": "Knight"}

NOTATIONS: tuple[str, ...] = ("en", "fr", "de", "ru", "uk", "figurine")
"""Every notation, by ``Notation`` tag value; the first is the default."""

LANGUAGES = {
    "en": "English",
    "fr": "French",
    "de": "German",
    "ru": "Russian",
    "uk": "Ukrainian",
    "figurine": "figurine",
}

LETTERS: dict[str, dict[str, str]] = {
    "en": {"K": "K", "Q": "Q", "R": "R", "B": "B", "N": "N"},
    "fr": {"K": "R", "Q": "D", "R": "T", "B": "F", "N": "C"},
    "de": {"K": "K", "Q": "D", "R": "T", "B": "L", "N": "S"},
    "ru": {"K": "Кр", "Q": "Ф", "R": "Л", "B": "С", "N": "К"},
    "uk": {"K": "Кр", "Q": "Ф", "R": "Т", "B": "С", "N": "К"},
}
"""The piece letters of each language, by kind."""

FIGURINES: dict[Side, dict[str, str]] = {
    Side.WHITE: {"K": "♔", "Q": "♕", "R": "♖", "B": "♗", "N": "♘"},
    Side.BLACK: {"K": "♚", "Q": "♛", "R": "♜", "B": "♝", "N": "♞"},
}
"""The figurines written for each side (either set is read for either side)."""

LETTER_NOTATIONS: tuple[str, ...] = tuple(n for n in NOTATIONS if n in LETTERS)
"""The notations written in letters, in the order that settles a tie between them."""

FIGURINE_READ: dict[str, str] = {
    token: kind for table in FIGURINES.values() for kind, token in table.items()
}
"""Figurine -> kind: figurines belong to no language, so every record reads them."""

READ_TOKENS: Final[dict[str, dict[str, str]]] = {
    notation: {
        **{token: kind for kind, token in LETTERS.get(notation, {}).items()},
        **FIGURINE_READ,
    }
    for notation in NOTATIONS
}
"""Piece token -> kind, as a record in each notation reads it: its own letters and the
figurines; a letter of another notation is no piece there."""

TOKEN_READINGS: dict[str, dict[str, str]] = {}
"""Letter -> {notation: kind} for every letter notation that has it (``R`` is the English
Rook and the French King), to say what a letter foreign to a record would be."""
for _notation in LETTER_NOTATIONS:
    for _kind, _token in LETTERS[_notation].items():
        TOKEN_READINGS.setdefault(_token, {})[_notation] = _kind

LETTER_OWNERS: dict[str, dict[str, str]] = {}
"""First character of a piece token -> {notation: kind} for every notation that uses it."""
for _notation in NOTATIONS:
    _tables = list(FIGURINES.values()) if _notation == "figurine" else [LETTERS[_notation]]
    for _table in _tables:
        for _kind, _token in _table.items():
            LETTER_OWNERS.setdefault(_token[:1], {})[_notation] = _kind


LOOK_ALIKE_FILES = {"а": "a", "в": "b", "с": "c", "е": "e"}
"""The Cyrillic letters read as the Latin files they look like."""

SQUARE_BY_TEXT: dict[str, int] = {}
"""Square text -> index, with the Cyrillic look-alike files а в с е read as a b c e."""
for _index, _name in enumerate(SQUARE_NAMES):
    SQUARE_BY_TEXT[_name] = _index
    for _cyrillic, _latin in LOOK_ALIKE_FILES.items():
        if _name[0] == _latin:
            SQUARE_BY_TEXT[_cyrillic + _name[1]] = _index

_PIECE_TOKENS = sorted(
    {token for table in (*LETTERS.values(), *FIGURINES.values()) for token in table.values()},
    key=lambda token: (-len(token), token),
)
MOVE_SHAPE = compiled(
    f"({'|'.join(map(escape, _PIECE_TOKENS))})([{FILES}{''.join(LOOK_ALIKE_FILES)}][1-8])"
)
"""Every move text read (:attr:`Cheversi.move_shape`): a piece token of any notation (the
letters of :data:`LETTERS`, either set of :data:`FIGURINES`), then a square (group 2, a
key of :data:`SQUARE_BY_TEXT`)."""

# Diagnostic codes ---------------------------------------------------------------------

MALFORMED = register("CV201", Severity.ERROR, "Cheversi move text is not a piece and a square")
UNKNOWN_PIECE = register(
    "CV202", Severity.ERROR, "Cheversi piece letter not in the record's notation"
)
GAME_OVER = register("CV203", Severity.ERROR, "Cheversi move after the end of the game")
OCCUPIED = register("CV204", Severity.ERROR, "Cheversi piece placed on an occupied square")
NONE_LEFT = register("CV205", Severity.ERROR, "Cheversi side has no piece of that kind left")
KING_FIRST = register("CV206", Severity.ERROR, "Cheversi: White's first piece must be its King")
NOT_TOUCHING = register("CV207", Severity.ERROR, "Cheversi piece touches no enemy piece")
BLACK_KING_EARLY = register(
    "CV208", Severity.ERROR, "Cheversi: Black's King placed before Black's 8th ply"
)
BISHOP_COLOUR = register(
    "CV209", Severity.ERROR, "Cheversi: a side's two Bishops on squares of one colour"
)
QUEEN_CALL = register("CV210", Severity.ERROR, "Cheversi queen call not answered with the Queen")
BLACK_QUEEN_SEVENTH = register(
    "CV211", Severity.ERROR, "Cheversi: Black's 7th ply must be its Queen when not yet placed"
)
KING_NOT_BY_LAST = register(
    "CV212", Severity.ERROR, "Cheversi: Black's King does not touch White's 8th piece"
)
LAST_BOXED_IN = register(
    "CV213", Severity.ERROR, "Cheversi: White's 8th piece has no empty neighbour"
)

# Positions and moves --------------------------------------------------------------------


class Placement(NamedTuple):
    """A ply: a piece of ``kind`` (``K Q R B N``) placed on ``square`` by the side to move."""

    kind: str
    square: int


class CheversiPosition(NamedTuple):
    """A Cheversi position.

    ``board`` has one character per square by index: ``KQRBN`` White, ``kqrbn`` Black,
    ``.`` empty. ``last`` is the square placed last (-1 on the empty board); ``ply`` is
    the number of pieces placed. ``notation`` is the one the record is written in (its
    ``Notation`` tag, or the one its letters show), used to read and to list moves; it is
    not part of the position's identity.
    """

    # A named tuple, not a frozen dataclass: every ply makes one, several times faster.
    board: str
    last: int
    ply: int
    notation: str = "en"

    @property
    def turn(self) -> Side:
        """The side to place (White places when the sides have as many pieces)."""
        return SIDES[self.ply & 1]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CheversiPosition) and self[:3] == other[:3]

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self[:3])


_new_tuple: Final = tuple.__new__
"""Makes a named tuple from its fields without its ``__new__`` (a Python function): every
ply makes a position."""

EMPTY_BOARD: Final = "." * 64
SIDES: Final = (Side.WHITE, Side.BLACK)
"""The sides by index, without the cost of building an enum member on the hot path."""

STARTS: Final[dict[str, CheversiPosition]] = {
    notation: CheversiPosition(EMPTY_BOARD, -1, 0, notation) for notation in NOTATIONS
}
"""The empty board of a record in each notation (positions are never changed: one each)."""


def _char(side: Side, kind: str) -> str:
    """The board character of a piece."""
    return kind if side is Side.WHITE else kind.lower()


def _owner(char: str) -> Side:
    """The side a (non-empty) board character belongs to."""
    return Side.WHITE if char.isupper() else Side.BLACK


def _ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ..."""
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number, 'th') }"


def _side_ply(position: CheversiPosition) -> int:
    """Which of its own plies (1-8) the side to move is about to make."""
    return position.ply // 2 + 1


def _queen_caller(position: CheversiPosition) -> int | None:
    """The square of the opponent's Queen that calls the mover's Queen now, if any."""
    last = position.last
    if last < 0:
        return None
    own, theirs = ("Q", "q") if position.ply & 1 == 0 else ("q", "Q")
    if position.board[last] == theirs and own not in position.board:
        return last
    return None


def _touches(board: str, square: int, side: Side) -> bool:
    """Whether ``square`` has a piece of ``side`` among its 8 neighbours."""
    upper = side is Side.WHITE
    for n in NEIGHBOURS[square]:
        char = board[n]
        if char != "." and char.isupper() == upper:
            return True
    return False


# The rules ------------------------------------------------------------------------------
# Each check takes (position, kind, square) for the piece the side to move would place and
# returns why that breaks its rule, or None. CHECKS runs them in order; the first failure
# is the verdict.

Check = Callable[[CheversiPosition, str, int], str | None]


def white_king_first(position: CheversiPosition, kind: str, square: int) -> str | None:
    """White's first ply is its King."""
    if position.ply == 0 and kind != "K":
        return "White's first piece must be its King"
    return None


def queen_call(position: CheversiPosition, kind: str, square: int) -> str | None:
    """A side that places its Queen while the other's is off the board calls that Queen."""
    caller = _queen_caller(position)
    if caller is not None and kind != "Q":
        mover = position.turn
        return (
            f"{mover.other.title} placed its Queen on {SQUARE_NAMES[caller]} while "
            f"{mover.title}'s Queen was not on the board, so {mover.title} must place its "
            "Queen now"
        )
    return None


def black_queen_seventh(position: CheversiPosition, kind: str, square: int) -> str | None:
    """Black's 7th ply is its Queen if the Queen is not on the board yet."""
    if position.ply == BLACK_7TH and kind != "Q" and "q" not in position.board:
        return "Black's 7th piece must be its Queen, which is not on the board yet"
    return None


def pieces_left(position: CheversiPosition, kind: str, square: int) -> str | None:
    """Each side places exactly its own pieces: no ninth piece, no third Rook."""
    side = position.turn
    if position.board.count(_char(side, kind)) >= ALLOWED[kind]:
        what = (
            f"its {PIECE_NAMES[kind]}" if ALLOWED[kind] == 1 else f"both its {PIECE_NAMES[kind]}s"
        )
        return f"{side.title} has already placed {what}"
    return None


def black_king_last(position: CheversiPosition, kind: str, square: int) -> str | None:
    """Black may not place its King before its 8th ply."""
    if kind == "K" and position.turn is Side.BLACK and position.ply < BLACK_8TH:
        return (
            "Black's King must be its last piece (its 8th ply); this is its "
            f"{_ordinal(_side_ply(position))}"
        )
    return None


def empty_square(position: CheversiPosition, kind: str, square: int) -> str | None:
    """A piece goes on an empty square."""
    char = position.board[square]
    if char != ".":
        owner = _owner(char)
        return f"{SQUARE_NAMES[square]} is occupied by {owner.title}'s {PIECE_NAMES[char.upper()]}"
    return None


def touches_enemy(position: CheversiPosition, kind: str, square: int) -> str | None:
    """Every piece after White's first touches (8 neighbours) a piece of the other side."""
    enemy = SIDES[(position.ply + 1) & 1]
    if position.ply > 0 and not _touches(position.board, square, enemy):
        return f"{SQUARE_NAMES[square]} touches no {enemy.title} piece"
    return None


def bishops_differ(position: CheversiPosition, kind: str, square: int) -> str | None:
    """A side's two Bishops stand on squares of different colours."""
    if kind != "B":
        return None
    side = position.turn
    other = position.board.find(_char(side, "B"))
    if other >= 0 and DARK[other] == DARK[square]:
        colour = "dark" if DARK[square] else "light"
        return (
            f"{SQUARE_NAMES[square]} is {colour}, like {side.title}'s other Bishop on "
            f"{SQUARE_NAMES[other]}; a side's Bishops must stand on different colours"
        )
    return None


def king_by_last(position: CheversiPosition, kind: str, square: int) -> str | None:
    """Black's 8th ply, its King, touches White's 8th piece (the piece placed last)."""
    if position.ply == BLACK_8TH and square not in NEIGHBOURS[position.last]:
        return f"Black's King must touch White's last piece, on {SQUARE_NAMES[position.last]}"
    return None


def last_has_room(position: CheversiPosition, kind: str, square: int) -> str | None:
    """White's 8th piece goes where it keeps an empty neighbour for Black's King."""
    if position.ply == WHITE_8TH and all(
        n == square or position.board[n] != "." for n in NEIGHBOURS[square]
    ):
        return (
            f"{SQUARE_NAMES[square]} has no empty neighbour, so Black's King could not "
            "touch White's last piece"
        )
    return None


CHECKS: tuple[tuple[str, Check], ...] = (
    (KING_FIRST, white_king_first),
    (QUEEN_CALL, queen_call),
    (BLACK_QUEEN_SEVENTH, black_queen_seventh),
    (NONE_LEFT, pieces_left),
    (BLACK_KING_EARLY, black_king_last),
    (OCCUPIED, empty_square),
    (NOT_TOUCHING, touches_enemy),
    (BISHOP_COLOUR, bishops_differ),
    (KING_NOT_BY_LAST, king_by_last),
    (LAST_BOXED_IN, last_has_room),
)
"""Every placement rule with its code, in the order they are checked."""


PIECE_CHARS: Final[tuple[dict[str, str], dict[str, str]]] = (
    {kind: kind for kind in KINDS},
    {kind: kind.lower() for kind in KINDS},
)
"""The board character of each kind of piece, White's then Black's."""

QUEENS: Final = ("Q", "q")

# Kinds by their index in KINDS (place_line reads a kind as its index).
KING: Final = 0
QUEEN: Final = 1
BISHOP: Final = 3

LIMITS: Final[tuple[int, ...]] = tuple(ALLOWED[kind] for kind in KINDS)
"""How many pieces of each kind a side places, by kind index."""

PIECE_INDEX: Final[dict[str, int]] = {
    **{kind: index for index, kind in enumerate(KINDS)},
    **{kind.lower(): 5 + index for index, kind in enumerate(KINDS)},
}
"""Board character -> kind index (White's), or 5 + kind index (Black's)."""

PIECE_CODES: Final[tuple[tuple[int, ...], tuple[int, ...]]] = (
    tuple(ord(kind) for kind in KINDS),
    tuple(ord(kind.lower()) for kind in KINDS),
)
"""The board character's code of each kind (by index), White's then Black's."""

BITS: Final[tuple[int, ...]] = tuple(1 << square for square in range(64))
"""The bit of every square in a mask of squares."""

NEAR: Final[tuple[int, ...]] = tuple(sum(BITS[n] for n in NEIGHBOURS[s]) for s in range(64))
"""The 8-neighbourhood of every square (:data:`NEIGHBOURS`) as a mask."""

SAME_COLOUR: Final[tuple[int, ...]] = tuple(
    sum(BITS[n] for n in range(64) if DARK[n] == DARK[s]) for s in range(64)
)
"""The squares of every square's colour, as a mask."""


def allowed(position: CheversiPosition, kind: str, square: int) -> bool:
    """Whether placing ``kind`` on ``square`` breaks none of :data:`CHECKS`: their tests in
    one function, for the placements that pass them all (most of those read)."""
    board, last, ply, _ = position
    return _allows(board, last, ply, kind, square)


def _allows(board: str, last: int, ply: int, kind: str, square: int) -> bool:
    """:func:`allowed`, given the position's fields."""
    black = ply & 1
    if ply == 0 and kind != "K":
        return False
    # queen_call
    if (
        kind != "Q"
        and last >= 0
        and board[last] == QUEENS[1 - black]
        and QUEENS[black] not in board
    ):
        return False
    if ply == BLACK_7TH and kind != "Q" and "q" not in board:
        return False
    char = PIECE_CHARS[black][kind]
    if board.count(char) >= ALLOWED[kind]:
        return False
    if kind == "K" and black and ply < BLACK_8TH:
        return False
    if board[square] != ".":
        return False
    if ply > 0:  # touches_enemy: upper case (before "a") is White, the enemy when Black places
        for n in NEIGHBOURS[square]:
            near = board[n]
            if near != "." and (near < "a") == (black == 1):
                break
        else:
            return False
    if kind == "B":
        other = board.find(char)
        if other >= 0 and DARK[other] == DARK[square]:
            return False
    if ply == BLACK_8TH and square not in NEIGHBOURS[last]:
        return False
    # last_has_room (a square is none of its own neighbours)
    return ply != WHITE_8TH or any(board[n] == "." for n in NEIGHBOURS[square])


def violation(position: CheversiPosition, kind: str, square: int) -> tuple[str, str] | None:
    """The code and reason of the first rule that placing ``kind`` on ``square`` breaks."""
    if allowed(position, kind, square):
        return None
    for code, check in CHECKS:
        reason = check(position, kind, square)
        if reason is not None:
            return code, reason
    return None


def _candidates(position: CheversiPosition) -> list[int]:
    """Squares worth trying: every square on the empty board, else empty squares by enemies."""
    board = position.board
    if position.ply == 0:
        return list(range(64))
    enemy_upper = position.turn is Side.BLACK
    found: set[int] = set()
    for square, char in enumerate(board):
        if char != "." and char.isupper() == enemy_upper:
            found.update(n for n in NEIGHBOURS[square] if board[n] == ".")
    return sorted(found)


def _placements(position: CheversiPosition) -> Iterator[Placement]:
    """The legal placements, in kind order then square order (generated lazily)."""
    if position.ply >= TOTAL_PLIES:
        return
    squares = _candidates(position)
    for kind in KINDS:
        for square in squares:
            if violation(position, kind, square) is None:
                yield Placement(kind, square)


def attacked_squares(board: str, square: int) -> Sequence[int]:
    """The squares the piece on ``square`` attacks under chess rules.

    King and Knight by their patterns; Queen, Rook and Bishop along lines that stop at the
    first piece in the way (whose square is attacked, though only empty squares score).
    """
    kind = board[square].upper()
    if kind == "K":
        return NEIGHBOURS[square]
    if kind == "N":
        return KNIGHT_TARGETS[square]
    targets = []
    for ray in RAYS[kind][square]:
        for target in ray:
            targets.append(target)
            if board[target] != ".":
                break
    return targets


def attack_counts(board: str) -> tuple[list[int], list[int]]:
    """How many White and how many Black pieces attack each square, by index."""
    counts: tuple[list[int], list[int]] = ([0] * 64, [0] * 64)
    for square, char in enumerate(board):
        if char != ".":
            hits = counts[char.islower()]
            for target in attacked_squares(board, square):
                hits[target] += 1
    return counts


STEPS_BY_CODE: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    {"K": NEIGHBOURS, "N": KNIGHT_TARGETS}.get(chr(code).upper(), ()) for code in range(128)
)
"""The squares a King or a Knight attacks from every square, by its board character's
code (nothing for other codes)."""

RAYS_BY_CODE: Final[tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]] = tuple(
    RAYS.get(chr(code).upper(), ()) for code in range(128)
)
"""The lines a Queen, a Rook or a Bishop attacks along from every square, by its board
character's code (nothing for other codes)."""

EMPTY_CODE: Final = ord(".")
LOWER_CODE: Final = ord("a")
"""The least code of a Black piece's character (White's are upper case, below it)."""


def score(board: str) -> tuple[int, int]:
    """(White, Black): every empty square earns one point per piece of a side attacking it."""
    cells = board.encode()
    white = black = 0
    for square in range(64):
        code = cells[square]
        if code == EMPTY_CODE:
            continue
        gained = 0
        steps = STEPS_BY_CODE[code]
        if steps:
            for target in steps[square]:
                if cells[target] == EMPTY_CODE:
                    gained += 1
        else:
            # A line scores up to the first piece in the way (attacked, not empty).
            for line in RAYS_BY_CODE[code][square]:
                for target in line:
                    if cells[target] != EMPTY_CODE:
                        break
                    gained += 1
        if code < LOWER_CODE:
            white += gained
        else:
            black += gained
    return white, black


# Setup tag ------------------------------------------------------------------------------


def _parse_fen(text: str, notation: str) -> CheversiPosition:
    """The position a ``FEN`` tag describes; :class:`SetupError` if it is not one."""
    fields = text.split()
    if len(fields) != 3:
        raise SetupError(f"FEN {text!r}: expected three fields, '<ranks> <w|b> <last square or ->'")
    ranks_text, side_text, last_text = fields
    ranks = ranks_text.split("/")
    if len(ranks) != 8:
        raise SetupError(f"FEN {text!r}: expected 8 ranks separated by '/', got {len(ranks)}")
    cells: list[str] = []
    for number, rank in zip(range(8, 0, -1), ranks, strict=True):
        row = ""
        for char in rank:
            if char in "12345678":
                row += "." * int(char)
            elif char.upper() in KINDS:
                row += char
            else:
                raise SetupError(f"FEN {text!r}: {char!r} is not a piece letter (KQRBN kqrbn)")
        if len(row) != 8:
            raise SetupError(f"FEN {text!r}: rank {number} has {len(row)} squares, not 8")
        cells.append(row)
    board = "".join(reversed(cells))
    if side_text not in ("w", "b"):
        raise SetupError(f"FEN {text!r}: the side to place must be w or b, not {side_text!r}")
    last = -1 if last_text == "-" else SQUARE_BY_TEXT.get(last_text, -2)
    if last == -2:
        raise SetupError(f"FEN {text!r}: {last_text!r} is not a square or '-'")
    position = CheversiPosition(board, last, 64 - board.count("."), notation)
    problem = _setup_problem(position, Side.WHITE if side_text == "w" else Side.BLACK)
    if problem is not None:
        raise SetupError(f"FEN {text!r}: {problem}")
    return position


def _setup_problem(position: CheversiPosition, side: Side) -> str | None:
    """Why ``position`` (with ``side`` to place) cannot arise in a game, if it cannot."""
    board = position.board
    counts = {s: sum(1 for c in board if c != "." and _owner(c) is s) for s in Side}
    white, black = counts[Side.WHITE], counts[Side.BLACK]
    for s in Side:
        for kind in KINDS:
            found = board.count(_char(s, kind))
            if found > ALLOWED[kind]:
                return (
                    f"{s.title} has {found} {PIECE_NAMES[kind]}s, but a side places {ALLOWED[kind]}"
                )
    if white - black not in (0, 1):
        return (
            f"White has {white} pieces and Black {black}; White places first and the sides "
            "alternate, so White has as many pieces as Black or one more"
        )
    if side is not position.turn:
        return f"with White {white} and Black {black} pieces it is {position.turn.title}'s turn"
    if white and "K" not in board:
        return "White's King is not on the board, but it is White's first piece"
    if "k" in board and black < PIECES_PER_SIDE:
        return "Black's King is on the board, but it is Black's last piece"
    for s in Side:
        first = board.find(_char(s, "B"))
        second = board.rfind(_char(s, "B"))
        if first != second and DARK[first] == DARK[second]:
            return f"{s.title}'s Bishops stand on squares of one colour"
    if position.ply > 1:
        for square, char in enumerate(board):
            if char != "." and not _touches(board, square, _owner(char).other):
                return f"{SQUARE_NAMES[square]} touches no piece of the other side"
    if position.ply == 0:
        return None if position.last < 0 else "the last square must be '-' on the empty board"
    if position.last < 0 or board[position.last] == ".":
        return "the last square must hold the piece placed last"
    if _owner(board[position.last]) is not side.other:
        return f"the piece placed last must be {side.other.title}'s"
    if ("Q" in board) != ("q" in board) and board[position.last].upper() != "Q":
        return "one Queen is on the board without the other, so it must be the piece placed last"
    if black == PIECES_PER_SIDE and board[position.last] != "k":
        return "Black's King must be the piece placed last"
    if position.ply == BLACK_8TH and all(board[n] != "." for n in NEIGHBOURS[position.last]):
        return "White's 8th piece has no empty neighbour for Black's King"
    return None


def _format_fen(position: CheversiPosition) -> str:
    """The ``FEN`` tag value of ``position``."""
    ranks = []
    for rank in range(7, -1, -1):
        row = position.board[8 * rank : 8 * rank + 8]
        text, run = "", 0
        for char in row:
            if char == ".":
                run += 1
                continue
            if run:
                text, run = text + str(run), 0
            text += char
        ranks.append(text + (str(run) if run else ""))
    last = SQUARE_NAMES[position.last] if position.last >= 0 else "-"
    return f"{'/'.join(ranks)} {'w' if position.turn is Side.WHITE else 'b'} {last}"


def _contents(position: CheversiPosition) -> tuple[str, ...]:
    """What each square holds, as a position pattern reads it: the side and the piece's
    letter (``WK``, ``BN``), nothing ``""``."""
    return tuple(
        "" if char == "." else ("W" + char if char.isupper() else "B" + char.upper())
        for char in position.board
    )


SQUARE_CONTENTS = SquareContents(
    {name: index for index, name in enumerate(SQUARE_NAMES)},
    "a1 to h8",
    "KQRBN",
    None,
    ("w", "b", "empty", "any"),
    "w:Ke4,d5 b:Qa1 empty:c3",
    _contents,
)
"""How a position pattern names the squares and reads them."""


# The game -------------------------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class Cheversi(Game[CheversiPosition, Placement]):
    """Cheversi (Chess-Reversi): rules, notations and pictures."""

    name: ClassVar[str] = "cheversi"
    code_prefix: ClassVar[str | None] = "CV"
    title: ClassVar[str] = "Cheversi (Chess-Reversi)"
    notations: ClassVar[tuple[str, ...]] = NOTATIONS
    move_shape: ClassVar[re.Pattern[str]] = MOVE_SHAPE
    results: ClassVar[tuple[str, ...]] = ("1-0", "0-1", "1/2-1/2", "*")

    # Positions ---------------------------------------------------------------------

    def start(self, tags: Mapping[str, str]) -> CheversiPosition:
        """The empty board or the ``FEN`` tag's position, in the ``Notation`` tag's notation."""
        no_rule_options(tags, "Cheversi")
        notation = read_notation(tags, "Cheversi", NOTATIONS) or NOTATIONS[0]
        fen = tags.get("FEN")
        if fen is None:
            return STARTS[notation]
        with reading_tag("FEN"):
            return _parse_fen(fen, notation)

    def start_record(self, tags: Mapping[str, str], texts: Iterable[str]) -> CheversiPosition:
        """:meth:`start`, read in the ``Notation`` tag's notation, or without one in the
        notation the record's move texts show as a whole (:func:`choose_notation`)."""
        if "Notation" in tags:
            return self.start(tags)
        no_rule_options(tags, "Cheversi")
        notation = choose_notation(texts)
        fen = tags.get("FEN")
        if fen is None:
            return STARTS[notation]
        with reading_tag("FEN"):
            return _parse_fen(fen, notation)

    def key_identity(self, position: CheversiPosition) -> Hashable:
        """The fields the position's equality compares (its notation left out), as a plain
        tuple: the key an index keeps on disk."""
        return position[:3]

    def setup_tags(self, position: CheversiPosition, notation: str | None = None) -> dict[str, str]:
        """``{"FEN": ...}`` for ``position`` (FEN piece letters are always English)."""
        return {"FEN": _format_fen(position)}

    # Moves -------------------------------------------------------------------------

    def legal_moves(self, position: CheversiPosition) -> list[Placement]:
        """Every legal placement, by kind (K Q R B N) then square (a1, b1, ... h8)."""
        return list(_placements(position))

    def parse_move(self, position: CheversiPosition, text: str) -> Placement:
        """The legal placement ``text`` names, its piece letter read in the record's
        notation (``position.notation``), figurines in any; :class:`IllegalMove` saying
        which rule fails, and what a letter would be, and legal, in another language."""
        return parse_placement(position, text)

    def advance(self, position: CheversiPosition, text: str) -> tuple[Placement, CheversiPosition]:
        """The legal placement ``text`` names and the position after it, in one step."""
        return place(position, text)

    def advancer(self) -> Callable[[CheversiPosition, str], tuple[Placement, CheversiPosition]]:
        """:meth:`advance`'s function itself (a loop over plies calls it directly)."""
        return place

    def line_advancer(
        self,
    ) -> Callable[[CheversiPosition, list[str]], tuple[CheversiPosition, int]]:
        """:func:`place_line`: a line replayed for its last position is read in one loop."""
        return place_line

    def format_move(
        self, position: CheversiPosition, move: Placement, notation: str | None = None
    ) -> str:
        """``move`` as piece and square (``Ke4``); figurines take the mover's colour."""
        notation = notation or NOTATIONS[0]
        if notation == "figurine":
            piece = FIGURINES[position.turn][move.kind]
        elif notation in LETTERS:
            piece = LETTERS[notation][move.kind]
        else:
            raise ValueError(f"unknown notation {notation!r}; known: {', '.join(NOTATIONS)}")
        return piece + SQUARE_NAMES[move.square]

    def play(self, position: CheversiPosition, move: Placement) -> CheversiPosition:
        """The position after ``move`` (assumed legal)."""
        return play_placement(position, move)

    def describe_moves(
        self, position: CheversiPosition, moves: Sequence[Placement], notation: str | None = None
    ) -> list[str]:
        """The moves written in ``notation`` (see :func:`shown_notation`), for messages."""
        shown = shown_notation(position, notation)
        return [self.format_move(position, move, shown) for move in moves]

    def notation_of(self, text: str) -> str | None:
        """The notation a move text is written in, when only one notation has its piece."""
        owners = LETTER_OWNERS.get(text.strip()[:1], {})
        return next(iter(owners)) if len(owners) == 1 else None

    # End of game -----------------------------------------------------------------------

    def outcome(self, position: CheversiPosition) -> Outcome | None:
        """The scored result after ply 16, or when the side to place has no legal placement."""
        if position.ply >= TOTAL_PLIES:
            reason = ALL_PLACED
        elif next(iter(_placements(position)), None) is None:
            reason = f"{position.turn.title} has no legal placement"
        else:
            return None
        white, black = score(position.board)
        winner = None if white == black else SIDES[0 if white > black else 1]
        return _new_tuple(Outcome, (winner, f"{reason}; score White {white}, Black {black}"))

    def scores(self, position: CheversiPosition) -> tuple[int, int]:
        """(White, Black): each empty square scores one point per piece attacking it."""
        return score(position.board)

    def attack_counts(self, position: CheversiPosition) -> tuple[list[int], list[int]]:
        """(White, Black) attacker counts of every square by index (a1 = 0), for heat maps."""
        return attack_counts(position.board)

    # Records ---------------------------------------------------------------------------

    def notation_tags(self, tags: Mapping[str, str], notation: str) -> dict[str, str]:
        """``{"Notation": notation}`` unless the tags already say so (English needs no tag)."""
        current = tags.get("Notation")
        if current == notation or (current is None and notation == NOTATIONS[0]):
            return {}
        return {"Notation": notation}

    # Pictures --------------------------------------------------------------------------

    def square_contents(self) -> SquareContents:
        """How a position pattern names and reads the squares (:data:`SQUARE_CONTENTS`)."""
        return SQUARE_CONTENTS

    def picture(
        self, position: CheversiPosition, last: Placement | None = None, notation: str | None = None
    ) -> Picture:
        """Both boards with their heat maps, pieces in ``notation``, and who is to place at
        which ply, or how the game ended."""
        outcome = self.outcome(position)
        if outcome is not None:
            status = f"Game over: {outcome.reason}"
        else:
            status = f"{position.turn.title} to place (ply {position.ply + 1} of {TOTAL_PLIES})"
        return Picture("cheversi", "Cheversi position", status, position, last, notation)

    def render_text(
        self, position: CheversiPosition, last: Placement | None = None, notation: str | None = None
    ) -> str:
        """The board (White upper case, Black lower case, last piece in brackets), beside it
        each side's heat map (how many of its pieces attack each empty square, ``.`` for
        none, the piece on an occupied square), then the status. Pieces are written in
        ``notation`` (see :func:`shown_notation`); a notation with a two-letter piece (ru,
        uk: Кр) is drawn in English letters, since the diagram has one character a square."""
        marked = last.square if last is not None else position.last
        shown = shown_notation(position, notation)
        if any(len(letter) > 1 for letter in LETTERS.get(shown, {}).values()):
            shown = NOTATIONS[0]
        board = position.board
        symbol = {c: piece_symbol(c, shown) for c in set(board) - {"."}}
        symbol["."] = "."
        counts = attack_counts(board)
        files = "    " + "  ".join(FILES)
        small = " ".join(FILES)
        lines = [f"{files}     {'White attacks':<15}   Black attacks"]
        for rank in range(7, -1, -1):
            cells = []
            heat: tuple[list[str], list[str]] = ([], [])
            for square in range(8 * rank, 8 * rank + 8):
                char = symbol[board[square]]
                cells.append(f"[{char}]" if square == marked else f" {char} ")
                for side_counts, row in zip(counts, heat, strict=True):
                    count = side_counts[square]
                    row.append(char if char != "." else str(count) if count else ".")
            lines.append(
                f"{rank + 1:>2} {''.join(cells)} {rank + 1}  "
                f"{' '.join(heat[0])}   {' '.join(heat[1])}"
            )
        lines.append(f"{files}     {small}   {small}")
        outcome = self.outcome(position)
        if outcome is not None:
            lines.append(f"Game over: {outcome.reason}")
        else:
            white, black = self.scores(position)
            lines.append(
                f"{position.turn.title} to place (ply {position.ply + 1} of {TOTAL_PLIES})"
            )
            lines.append(f"Score: White {white}, Black {black}")
        in_hand = [
            f"{side.title} "
            + (
                " ".join(
                    piece_symbol(_char(side, kind), shown).upper()
                    for kind in KINDS
                    for _ in range(ALLOWED[kind] - position.board.count(_char(side, kind)))
                )
                or "-"
            )
            for side in Side
        ]
        lines.append(f"In hand: {'; '.join(in_hand)}")
        return "\n".join(lines)


def piece_symbol(char: str, notation: str) -> str:
    """The board character ``char`` (``K`` a White King, ``n`` a Black Knight) written in
    ``notation``: its letter (upper case for White, lower for Black) or figurine."""
    side = Side.WHITE if char.isupper() else Side.BLACK
    kind = char.upper()
    if notation == "figurine":
        return FIGURINES[side][kind]
    letter = LETTERS[notation][kind]
    return letter if side is Side.WHITE else letter.lower()


def shown_notation(position: CheversiPosition, notation: str | None) -> str:
    """The notation to show a record's moves in: figurines when ``notation`` (the record's,
    as its moves tell) is figurine, else the record's language (``position.notation``),
    which decides how its letters read."""
    return "figurine" if notation == "figurine" else position.notation


def choose_notation(texts: Iterable[str]) -> str:
    """The notation a record without a ``Notation`` tag is read in, from its move texts:
    the letter notation that reads the most of their piece letters (a tie goes to the
    first of :data:`LETTER_NOTATIONS`, English first); ``figurine`` when they hold
    figurines and no letter, English when they hold no piece."""
    texts = list(texts)
    if not "".join(texts).strip(ENGLISH_TEXT):
        return NOTATIONS[0]  # every piece letter, if any, is English
    pieces: dict[str, int] = {}
    for text in texts:
        written = text.strip()
        read = TEXTS.get(written)
        if read is None:
            read = TEXTS.keep(written, _read_text(written))
        if read:
            piece = read[0]
            pieces[piece] = pieces.get(piece, 0) + 1
    counts = dict.fromkeys(LETTER_NOTATIONS, 0)
    figurines = False
    for piece, number in pieces.items():
        if piece in FIGURINE_READ:
            figurines = True
        for notation in TOKEN_READINGS.get(piece, {}):
            counts[notation] += number
    best = max(LETTER_NOTATIONS, key=counts.__getitem__)
    if counts[best]:
        return best
    return "figurine" if figurines else NOTATIONS[0]


def _read_text(written: str) -> tuple[str, int] | tuple[()]:
    """The piece token and the square of a stripped move text, or ``()`` outside
    :data:`MOVE_SHAPE`."""
    match = MOVE_SHAPE.fullmatch(written)
    if match is None:
        return ()
    return match[1], SQUARE_BY_TEXT[match[2]]


ENGLISH_TEXT: Final = "".join(LETTERS["en"].values()) + FILES + "12345678"
"""The characters of move texts in English letters (an English record's, as a rule)."""

TEXTS: TextCache[tuple[str, int] | tuple[()]] = TextCache()
"""The move texts read."""

Read = tuple[Placement, str, int, tuple[str, str]]
"""A move text as a record in one notation reads it: the placement, its kind and square,
and the board character it puts there for White and for Black."""

READS: Final[dict[str, TextCache[Read]]] = {notation: TextCache() for notation in NOTATIONS}
"""The move texts read that name a placement, by notation (:meth:`Cheversi.advance`)."""

CODES: Final[dict[str, TextCache[int]]] = {notation: TextCache() for notation in NOTATIONS}
"""The move texts read that name a placement, by notation, as one integer: the kind's
index in :data:`KINDS` times 64 plus the square (:func:`place_line`)."""


def _read_in(notation: str, text: str) -> Read | None:
    """What ``text`` (as written, blanks around it included) names in a record in
    ``notation``, kept in :data:`READS`; ``None`` when it names no placement there."""
    written = text.strip()
    read = TEXTS.get(written)
    if read is None:
        read = TEXTS.keep(written, _read_text(written))
    if not read:
        return None
    piece, square = read
    kind = READ_TOKENS[notation].get(piece)
    if kind is None:
        return None
    return READS[notation].keep(text, (Placement(kind, square), kind, square, (kind, kind.lower())))


def _code_in(notation: str, text: str) -> int:
    """:func:`_read_in`'s placement as :data:`CODES` keeps it (and kept there); -1 when
    ``text`` names no placement in ``notation``."""
    read = _read_in(notation, text)
    if read is None:
        return -1
    _, kind, square, _ = read
    return CODES[notation].keep(text, 64 * KINDS.index(kind) + square)


def _placement(position: CheversiPosition, written: str) -> Placement:
    """The legal placement a stripped move text names, its piece read in the record's
    notation (:data:`READ_TOKENS`); :class:`IllegalMove` otherwise, naming what the letter
    would be, and legal, in the other languages that read it as another piece."""
    read = TEXTS.get(written)
    if read is None:
        read = TEXTS.keep(written, _read_text(written))
    if not read:
        raise _not_a_placement(position.notation, written)
    piece, square = read
    kind = READ_TOKENS[position.notation].get(piece)
    if kind is None:
        others = _legal_elsewhere(position, piece, None, square)
        reason = _unknown_letter(position.notation, piece, hint=not others)
        raise IllegalMove(UNKNOWN_PIECE, f"{written}: {reason}{others}")
    if allowed(position, kind, square):
        return Placement(kind, square)
    found = violation(position, kind, square)
    if found is None:
        return Placement(kind, square)
    others = _legal_elsewhere(position, piece, kind, square)
    raise IllegalMove(found[0], f"{written}: {found[1]}{others}")


def _legal_elsewhere(position: CheversiPosition, piece: str, kind: str | None, square: int) -> str:
    """What the letter ``piece``, read as ``kind`` (or as nothing) in the record's
    notation, is in the other languages where it is another piece and its placement on
    ``square`` is legal, with the tag that reads the record so: ``"; in French R is the
    King: Kd4 would be legal (tag the record [Notation "fr"] to read it so)"``, or ``""``."""
    by_kind: dict[str, list[str]] = {}
    for notation, other in TOKEN_READINGS.get(piece, {}).items():
        if notation != position.notation and other != kind:
            by_kind.setdefault(other, []).append(notation)
    parts = []
    for other, notations in by_kind.items():
        if violation(position, other, square) is not None:
            continue
        languages = " and ".join(LANGUAGES[n] for n in notations)
        tags = " or ".join(f'[Notation "{n}"]' for n in notations)
        shown = _written(position, other, square)
        parts.append(
            f"; in {languages} {piece} is the {PIECE_NAMES[other]}: {shown} would be legal "
            f"(tag the record {tags} to read it so)"
        )
    return "".join(parts)


def _written(position: CheversiPosition, kind: str, square: int) -> str:
    """The placement of ``kind`` on ``square`` written in the record's notation."""
    if position.notation == "figurine":
        piece = FIGURINES[position.turn][kind]
    else:
        piece = LETTERS[position.notation][kind]
    return piece + SQUARE_NAMES[square]


def _not_a_placement(notation: str, written: str) -> IllegalMove:
    """Why a text outside :data:`MOVE_SHAPE` is no placement: an unknown piece letter before
    a square (CV202), or not a piece and a square at all (CV201)."""
    letter = written[:1]
    if written[1:] in SQUARE_BY_TEXT and (
        (letter.isalpha() and letter.isupper()) or letter in "♙♟"
    ):
        return IllegalMove(UNKNOWN_PIECE, f"{written}: {_unknown_letter(notation, letter)}")
    return IllegalMove(
        MALFORMED, f"{written}: not a placement; write a piece and a square, like Ke4"
    )


def _unknown_letter(notation: str, letter: str, *, hint: bool = True) -> str:
    """Why ``letter`` is no piece in a record in ``notation``; with ``hint``, what it is
    in the languages that have it."""
    if notation == "figurine":
        own = " ".join(FIGURINES[Side.WHITE].values())
    else:
        own = " ".join(LETTERS[notation].values())
    reason = f"{letter} is not a piece letter in {LANGUAGES[notation]} notation ({own})"
    languages_by_kind: dict[str, list[str]] = {}
    for other, kind in TOKEN_READINGS.get(letter, {}).items():
        languages_by_kind.setdefault(kind, []).append(LANGUAGES[other])
    if hint and languages_by_kind:
        meanings = ", ".join(
            f"the {PIECE_NAMES[kind]} in {' and '.join(languages)}"
            for kind, languages in languages_by_kind.items()
        )
        reason += f"; it is {meanings} (set the Notation tag)"
    return reason


def parse_placement(position: CheversiPosition, text: str) -> Placement:
    """The legal placement ``text`` names (:meth:`Cheversi.parse_move`)."""
    written = text.strip()
    if position.ply >= TOTAL_PLIES:
        raise IllegalMove(
            GAME_OVER,
            f"{written}: the game is over: all {TOTAL_PLIES} pieces are on the board",
            show_legal=False,
        )
    try:
        return _placement(position, written)
    except IllegalMove:
        if next(iter(_placements(position)), None) is None:
            raise IllegalMove(
                GAME_OVER,
                f"{written}: the game is over: {position.turn.title} has no legal placement",
                show_legal=False,
            ) from None
        raise


def play_placement(position: CheversiPosition, move: Placement) -> CheversiPosition:
    """The position after ``move``, assumed legal (:meth:`Cheversi.play`)."""
    board, _, ply, notation = position
    square = move.square
    char = move.kind.lower() if ply & 1 else move.kind
    return _new_tuple(
        CheversiPosition, (board[:square] + char + board[square + 1 :], square, ply + 1, notation)
    )


def place_line(position: CheversiPosition, texts: list[str]) -> tuple[CheversiPosition, int]:
    """The position after the first plies of ``texts`` and how many they are
    (:meth:`Cheversi.line_advancer`): each read and allowed as :func:`place` reads and
    allows it, stopping at the first it leaves to that. A position no record sets up (a
    last square off the board, a board of other characters) is left to :func:`place`
    whole."""
    # The board is kept as each side's squares and Bishops (bit masks) and the pieces
    # each side placed of each kind, :func:`_allows`'s rules tested on them, and written
    # once at the end.
    board, last, ply, notation = position
    if not -1 <= last < 64:
        return position, 0
    if board == EMPTY_BOARD:
        white = black = white_bishops = black_bishops = 0
        placed = [0] * 10
    else:
        found = _board_masks(board)
        if found is None:
            return position, 0
        white, black, white_bishops, black_bishops, placed = found
    codes = CODES[notation]
    # Whether the piece placed last is the Queen of the side that does not place next.
    queen_last = last >= 0 and board[last] == QUEENS[1 - (ply & 1)]
    read: list[int] = []
    for text in texts:
        code = codes.get(text)
        if code is None:
            code = _code_in(notation, text)
            if code < 0:
                break
        kind = code >> 6
        square = code & 63
        bit = BITS[square]
        side = ply & 1
        own = 5 * side + kind
        if (
            ply >= TOTAL_PLIES
            or placed[own] >= LIMITS[kind]
            or (white | black) & bit
            or (ply == 0 and kind != KING)
            or (queen_last and kind != QUEEN and not placed[5 * side + QUEEN])
            or (ply == BLACK_7TH and kind != QUEEN and not placed[5 + QUEEN])
            or (side and kind == KING and ply < BLACK_8TH)
            or (ply > 0 and not NEAR[square] & (white if side else black))
            or (ply == BLACK_8TH and not NEAR[last] & bit)
            or (ply == WHITE_8TH and not NEAR[square] & ~(white | black))
        ):
            break
        if side:
            if kind == BISHOP:
                if black_bishops & SAME_COLOUR[square]:
                    break
                black_bishops |= bit
            black |= bit
        else:
            if kind == BISHOP:
                if white_bishops & SAME_COLOUR[square]:
                    break
                white_bishops |= bit
            white |= bit
        placed[own] += 1
        read.append(code)
        queen_last = kind == QUEEN
        last = square
        ply += 1
    if not read:
        return position, 0
    cells = bytearray(board, "ascii")
    side = position.ply & 1
    for code in read:
        cells[code & 63] = PIECE_CODES[side][code >> 6]
        side ^= 1
    return _new_tuple(CheversiPosition, (cells.decode("ascii"), last, ply, notation)), len(read)


def _board_masks(board: str) -> tuple[int, int, int, int, list[int]] | None:
    """The squares of White's and of Black's pieces and of their Bishops (bit masks), and
    how many pieces of each kind each side has (White's by :data:`KINDS`, then Black's):
    :func:`place_line`'s board; ``None`` for a board holding another character."""
    white = black = white_bishops = black_bishops = 0
    placed = [0] * 10
    if len(board) != 64:
        return None
    for square, char in enumerate(board):
        if char == ".":
            continue
        piece = PIECE_INDEX.get(char)
        if piece is None:
            return None
        bit = BITS[square]
        placed[piece] += 1
        if piece < 5:
            white |= bit
            if piece == BISHOP:
                white_bishops |= bit
        else:
            black |= bit
            if piece == 5 + BISHOP:
                black_bishops |= bit
    return white, black, white_bishops, black_bishops, placed


def place(position: CheversiPosition, text: str) -> tuple[Placement, CheversiPosition]:
    """The legal placement ``text`` names and the position after it (:meth:`Cheversi.advance`):
    a text read before, of a placement the rules allow, without :func:`parse_placement`'s
    steps."""
    board, last, ply, notation = position
    read = READS[notation].get(text)
    if read is None:
        read = _read_in(notation, text)
    if read is not None and ply < TOTAL_PLIES:
        move, kind, square, chars = read
        if _allows(board, last, ply, kind, square):
            after = board[:square] + chars[ply & 1] + board[square + 1 :]
            return move, _new_tuple(CheversiPosition, (after, square, ply + 1, notation))
    move = parse_placement(position, text)
    return move, play_placement(position, move)
