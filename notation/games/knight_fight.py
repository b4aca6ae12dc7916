"""Knight Fight (Combat du Cavalier): rules, notations, setup tags and diagram.

Every rule of the game lives in this module (``shared/rulings.md`` section 4, which win
over the French source text where they differ). The board geometry comes first, then the layout of
numbers, the position and its setup tag, and last the :class:`KnightFight` game itself.

The game in brief: a 10x10 board (files A..J, ranks 1..10) carries the numbers 00..99,
one per square, in a layout that each record gives in its ``Layout`` tag. White places
its knight on rank 1, Black on rank 10; after that each ply is a chess knight's jump.
A knight never lands on an inaccessible square, on the other knight or on a square the
other knight attacks. Landing on ``ab`` (a != b) makes ``ba`` inaccessible; landing on a
double ``aa`` lets the mover remove one other accessible, unoccupied double. A square a
knight leaves becomes inaccessible. Each side scores the numbers it lands on; the game
ends the moment the side to move has no legal ply, and the higher score wins.

Where each rule lives: the squares a ply may land on, :func:`_targets` (with
:func:`_blocked` and :func:`_reach`); the doubles a ply may remove, :func:`_removable`;
the same rules checked for one written ply with a reason, ``KnightFight._check_landing``
and ``KnightFight._check_removal``; what a ply kills and scores, :meth:`KnightFight.play`;
the end and the winner, :meth:`KnightFight.outcome`.

Tags read by :meth:`KnightFight.start`:

``Layout`` (required)
    100 two-digit numbers, square by square in the order A1 B1 .. J1 A2 .. J2 .. J10
    (rank by rank from White's side, each rank from file A to J), separated by spaces
    and/or commas. Each number 00..99 must appear exactly once.
``FEN`` (optional; absent = the start: White to move, no knight placed)
    ``<turn>:W<square>:B<square>[:S<white>,<black>][:X<square>,<square>,...]`` where
    ``<turn>`` is ``W`` or ``B``; after ``W`` and ``B`` stands that knight's square, or
    ``-`` while it is not placed; ``S`` gives the two scores (default ``0,0``); ``X``
    lists the inaccessible squares (default none). A square is written by name (``E4``)
    or by its number in the layout (``37``). Fields after the turn come in any order.
    Example: ``B:WE4:BE8:S34,74:XC5,D2,A1``.
``Rules`` (optional)
    Comma-separated rule options. Knight Fight has none, so the tag must be empty.
``Notation`` (optional)
    ``squares`` or ``numbers``; every move text tells its notation by itself, so the tag
    is only checked for being one of the two.

Notations: ``squares`` writes the landing square (``C1``, ``D3``) and, after a double,
the removed double (``E5/B7``); ``numbers`` writes the same squares by their numbers
(``37``, ``55/22``). File letters may be lower case when read.

Diagnostic codes (all errors, raised as :class:`IllegalMove` by ``parse_move``):

- KF201 malformed move text
- KF202 a ply after the end of the game
- KF203 the landing square is not a knight's jump from the mover's knight (or is its own)
- KF204 the landing square is inaccessible
- KF205 the landing square holds the other knight
- KF206 the landing square is attacked by the other knight
- KF207 a placement off the mover's rank (rank 1 for White, rank 10 for Black)
- KF208 a removal written after landing on a square that is not a double
- KF209 the removed square is not a double
- KF210 the removed double is already inaccessible (or is the square the mover leaves)
- KF211 the removed double is occupied (by the other knight, or it is the landing square)
"""

from __future__ import annotations

import contextlib
import struct
from collections.abc import Callable, Hashable, Iterator, Mapping

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
    read_number,
    reading_tag,
)
from notation.games.tags import (
    FenFields,
    fen_error,
    fen_fields,
    fen_items,
    kept_notation,
    no_rule_options,
    read_notation,
)
from notation.lazy import compiled
from notation.plain import Frozen, NamedTuple

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re
    from typing import ClassVar, Final

# Board geometry -------------------------------------------------------------------------
# A square is an index 0..99: file (A=0 .. J=9) + 10 * (rank - 1). A1 = 0, J1 = 9,
# A2 = 10, J10 = 99. Sets of squares are int bitmasks with bit ``square`` set.

FILES = "ABCDEFGHIJ"
SIZE: Final = 10
SQUARES = range(SIZE * SIZE)
SQUARE_NAMES: tuple[str, ...] = tuple(f"{FILES[s % SIZE]}{s // SIZE + 1}" for s in SQUARES)
"""The name of each square: ``SQUARE_NAMES[0] == "A1"``."""
SQUARE_OF_NAME: dict[str, int] = {
    **{name: s for s, name in enumerate(SQUARE_NAMES)},
    **{name.lower(): s for s, name in enumerate(SQUARE_NAMES)},
}
"""Square index by name, upper or lower case."""
BIT: Final[tuple[int, ...]] = tuple(1 << s for s in SQUARES)
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def _jumps(square: int) -> tuple[int, ...]:
    """The squares a knight on ``square`` reaches in one jump, in index order."""
    file, rank = square % SIZE, square // SIZE
    return tuple(
        sorted(
            f + SIZE * r
            for f, r in ((file + df, rank + dr) for df, dr in KNIGHT_STEPS)
            if 0 <= f < SIZE and 0 <= r < SIZE
        )
    )


JUMPS: tuple[tuple[int, ...], ...] = tuple(_jumps(s) for s in SQUARES)
"""The knight's jumps from each square (also the squares a knight there attacks)."""
JUMP_MASK: Final[tuple[int, ...]] = tuple(sum(BIT[t] for t in JUMPS[s]) for s in SQUARES)
PLACEMENT_RANK: tuple[int, int] = (1, SIZE)
"""The rank each side places its knight on: White rank 1, Black rank 10."""
JUMP_TABLE: Final = bytes(t in JUMPS[s] for s in SQUARES for t in SQUARES)
"""Whether a knight jumps from square ``s`` to square ``t``: ``JUMP_TABLE[100 * s + t]``."""
PLACEMENT_ROW: Final[tuple[int, int]] = (0, SIZE - 1)
"""The row (rank - 1) each side places its knight on."""
PLACEMENT_MASK: Final[tuple[int, int]] = (
    sum(BIT[s] for s in SQUARES if s // SIZE + 1 == PLACEMENT_RANK[Side.WHITE]),
    sum(BIT[s] for s in SQUARES if s // SIZE + 1 == PLACEMENT_RANK[Side.BLACK]),
)
"""The squares of each side's placement rank, as bitmasks."""


def _squares(mask: int) -> Iterator[int]:
    """The squares of a bitmask in increasing order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# Diagnostic codes -----------------------------------------------------------------------

MALFORMED = register("KF201", Severity.ERROR, "malformed Knight Fight move text")
GAME_OVER = register("KF202", Severity.ERROR, "a ply after the end of the game")
NOT_A_JUMP = register("KF203", Severity.ERROR, "the landing square is not a knight's jump away")
DEAD_SQUARE = register("KF204", Severity.ERROR, "the landing square is inaccessible")
ON_KNIGHT = register("KF205", Severity.ERROR, "the landing square holds the other knight")
ATTACKED = register("KF206", Severity.ERROR, "the landing square is attacked by the other knight")
WRONG_RANK = register("KF207", Severity.ERROR, "a knight placed off its side's placement rank")
REMOVAL_NOT_ALLOWED = register(
    "KF208", Severity.ERROR, "a removal written after landing on a square that is not a double"
)
REMOVED_NOT_DOUBLE = register("KF209", Severity.ERROR, "the removed square is not a double")
REMOVED_DEAD = register("KF210", Severity.ERROR, "the removed double is already inaccessible")
REMOVED_OCCUPIED = register("KF211", Severity.ERROR, "the removed double is occupied")

# Layout of the numbers ------------------------------------------------------------------

_TWO_DIGITS = {f"{n:02d}": n for n in range(SIZE * SIZE)}
_DOUBLES = tuple(11 * n for n in range(SIZE))
"""The double numbers 00, 11, .. 99."""
REVERSED: Final[tuple[int, ...]] = tuple(
    -1 if n % 11 == 0 else n % 10 * 10 + n // 10 for n in range(SIZE * SIZE)
)
"""The number whose digits are those of each number reversed (``ba`` for ``ab``); -1 for a
double."""
_SQUARE_BYTES = bytes(SQUARES)
_DOUBLE_DIGIT = bytes(b"1"[0] if n in _DOUBLES else b"0"[0] for n in range(256))
"""By number, the binary digit ``1`` for a double and ``0`` for any other (a byte's
``translate`` table)."""
_NOT_A_NUMBER = 255
_DECIMAL = bytes(
    high * 10 + low if high < 10 and low < 10 else _NOT_A_NUMBER
    for high, low in (divmod(byte, 16) for byte in range(256))
)
"""By the byte ``bytes.fromhex`` reads from two decimal digits, the number they write; any
other byte to :data:`_NOT_A_NUMBER` (a ``translate`` table)."""
_HEX_DIGIT = bytes(b"x"[0] if chr(byte) in "0123456789ABCDEFabcdef" else 0 for byte in range(256))
"""By byte, ``x`` for a hexadecimal digit, 0 for any other (a ``translate`` table)."""
_BYTES: Final = struct.Struct(f"{SIZE * SIZE}B")
"""A layout's 100 bytes, read as a tuple of numbers (faster than ``tuple`` of the bytes)."""
_BLANKS: Final = " " * (SIZE * SIZE - 1)
"""The blanks between the numbers of a ``Layout`` tag as :meth:`Layout.text` writes it."""


def _squares_of(numbers: bytes) -> tuple[int, ...]:
    """The square of each number of a layout whose numbers are ``numbers``."""
    return tuple(bytes.maketrans(numbers, _SQUARE_BYTES)[: SIZE * SIZE])


def _doubles_of(numbers: bytes) -> int:
    """The bitmask of the squares whose number is a double, of a layout whose numbers are
    ``numbers``."""
    # Bit ``square`` of the binary digits read backwards is that square's.
    return int(numbers.translate(_DOUBLE_DIGIT)[::-1], 2)


def _quick_layout(text: str) -> Layout | None:
    """The layout of a well-formed ``Layout`` tag value, or ``None`` (well formed or not)
    for :meth:`Layout.parse`'s full reading to say."""
    # The form Layout.text writes, once each ", " is one blank: a blank every third
    # character, so that no two numbers adjoin.
    spaced = text.replace(", ", " ")
    written = len(spaced) == 3 * SIZE * SIZE - 1 and spaced[2::3] == _BLANKS
    try:
        # Reads pairs of hexadecimal digits with ASCII blanks between pairs only.
        read = bytes.fromhex(spaced if written else text.replace(",", " "))
    except ValueError:
        return None
    if len(read) != SIZE * SIZE or (not written and b"xxx" in text.encode().translate(_HEX_DIGIT)):
        return None  # not 100 numbers, or two with nothing between them
    numbers = read.translate(_DECIMAL)
    if _NOT_A_NUMBER in numbers:
        return None
    inverse = bytes.maketrans(numbers, _SQUARE_BYTES)
    # Each number once: the inverse permutation undoes it.
    if numbers.translate(inverse) != _SQUARE_BYTES:
        return None
    return Layout(_BYTES.unpack(numbers), _BYTES.unpack_from(inverse), _doubles_of(numbers))


@mypyc_attr(native_class=False)
class Layout(Frozen):
    """Which number each square carries: ``numbers[square]``, a permutation of 0..99;
    compared, hashed and shown by its numbers alone."""

    _fields = ("numbers",)
    __slots__ = ("doubles", "numbers", "squares")

    numbers: tuple[int, ...]
    squares: tuple[int, ...]
    """The square of each number: ``squares[number]`` (made from ``numbers`` unless given)."""
    doubles: int
    """Bitmask of the squares whose number is a double (00, 11, .., 99; made from
    ``numbers`` unless given)."""

    def __init__(
        self, numbers: tuple[int, ...], squares: tuple[int, ...] = (), doubles: int = -1
    ) -> None:
        if doubles < 0:
            as_bytes = bytes(numbers)
            squares, doubles = _squares_of(as_bytes), _doubles_of(as_bytes)
        object.__setattr__(self, "numbers", numbers)
        object.__setattr__(self, "squares", squares)
        object.__setattr__(self, "doubles", doubles)

    # Its own, not only Frozen's: mypyc compares a layout inside a compiled tuple comparison
    # (KnightFightPosition.__eq__) by identity unless its class defines __eq__ itself.
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and self.numbers == other.numbers

    def __hash__(self) -> int:
        return hash(self.numbers)

    @classmethod
    def parse(cls, text: str) -> Layout:
        """The layout a ``Layout`` tag describes; :class:`SetupError` says what is wrong."""
        quick = _quick_layout(text)
        if quick is not None:
            return quick
        # Blanks and commas separate the numbers (str.split's blanks are re's \s).
        tokens = text.replace(",", " ").split()
        for token in tokens:
            if token not in _TWO_DIGITS:
                raise SetupError(
                    f"the Layout tag holds {token!r}, which is not a two-digit number 00..99"
                )
        if len(tokens) != SIZE * SIZE:
            raise SetupError(
                f"the Layout tag holds {len(tokens)} numbers; it needs 100, "
                "one per square in the order A1 B1 .. J1 A2 .. J10"
            )
        numbers = tuple(_TWO_DIGITS[t] for t in tokens)
        if len(set(numbers)) == SIZE * SIZE:
            return cls(numbers)
        where: dict[int, list[int]] = {}
        for square, number in enumerate(numbers):
            where.setdefault(number, []).append(square)
        twice = ", ".join(
            f"{n:02d} (on {' and '.join(SQUARE_NAMES[s] for s in where[n])})"
            for n in sorted(where)
            if len(where[n]) > 1
        )
        lacks = ", ".join(f"{n:02d}" for n in range(SIZE * SIZE) if n not in where)
        raise SetupError(f"the Layout tag repeats {twice} and lacks {lacks}")

    def text(self) -> str:
        """The ``Layout`` tag value: numbers in square order, ranks separated by commas."""
        return ", ".join(
            " ".join(f"{n:02d}" for n in self.numbers[rank * SIZE : rank * SIZE + SIZE])
            for rank in range(SIZE)
        )


def random_layout(seed: int) -> str:
    """A ``Layout`` tag value drawn from ``seed``; the same seed gives the same layout."""
    import random  # for `new` alone (with what it imports, 1 ms of a validate's start)

    numbers = list(range(SIZE * SIZE))
    random.Random(seed).shuffle(numbers)
    return Layout(tuple(numbers)).text()


# Positions, moves and the landing rules ------------------------------------------------


class KnightFightPosition(NamedTuple):
    """A position: layout, side to move, knights (``None`` until placed), dead squares.

    ``dead`` is a bitmask of the inaccessible squares; ``scores`` is (White, Black).
    ``paths`` gives, for each side, the squares its knight has landed on in order, as far
    as known (from a ``FEN`` only the knight's square); it is history for pictures, so it
    takes no part in comparing positions.
    """

    # A named tuple, not a frozen dataclass: every ply makes one, several times faster.

    layout: Layout
    turn: Side
    knights: tuple[int | None, int | None]
    dead: int
    scores: tuple[int, int]
    paths: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KnightFightPosition) and self[:5] == other[:5]

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self[:5])


class KnightMove(NamedTuple):
    """A ply: the square the knight lands on, and the double it removes, if any."""

    to: int
    remove: int | None = None


_new: Final = tuple.__new__
"""``tuple.__new__``: makes a named tuple without the Python frame of its ``__new__``."""


def _start_position(layout: Layout) -> KnightFightPosition:
    """White to move, no knight placed, every square accessible, scores 0."""
    return _new(KnightFightPosition, (layout, Side.WHITE, (None, None), 0, (0, 0), ((), ())))


def _blocked(position: KnightFightPosition) -> int:
    """Squares the side to move may not land on: dead, the other knight and its attacks."""
    other = position.knights[1 - position.turn]
    if other is None:
        return position.dead
    return position.dead | BIT[other] | JUMP_MASK[other]


def _reach(position: KnightFightPosition) -> int:
    """Squares the side to move's knight could land on, before the landing rules."""
    own = position.knights[position.turn]
    return PLACEMENT_MASK[position.turn] if own is None else JUMP_MASK[own]


def _targets(position: KnightFightPosition) -> int:
    """The squares the side to move may land on."""
    return _reach(position) & ~_blocked(position)


def _removable(position: KnightFightPosition, to: int) -> int:
    """The doubles a knight landing on ``to`` may remove (``to`` must be a double)."""
    mask = position.layout.doubles & ~position.dead & ~BIT[to]
    for knight in position.knights:
        if knight is not None:
            mask &= ~BIT[knight]
    return mask


# Setup tag (FEN) ------------------------------------------------------------------------


def _fen_square(layout: Layout, fen: str, text: str, what: str) -> int:
    """A square written by name or by its number in a field of FEN ``fen``."""
    text = text.strip()
    if text in SQUARE_OF_NAME:
        return SQUARE_OF_NAME[text]
    if text in _TWO_DIGITS:
        return layout.squares[_TWO_DIGITS[text]]
    raise fen_error(fen, f"{text!r} for {what} is neither a square (E4) nor its number (37)")


def _fen_form(text: str) -> FenFields:
    """The fields of the ``FEN`` ``text``, each square written as a name or a number: what
    is checked before a layout is known."""
    fields = fen_fields(
        text,
        "Knight Fight",
        pieces="knight",
        extra={"S": "scores", "X": "inaccessible squares"},
        final_period=False,
    )
    for side in Side:
        value = fields.pieces[side].strip()
        if value != "-":
            _square_form(text, value, f"{side.title}'s knight")
    for part in fen_items(fields.extra.get("X", "")):
        _square_form(text, part, "an inaccessible square")
    return fields


def _square_form(fen: str, text: str, what: str) -> None:
    """Refuse ``text`` (a square in FEN ``fen``) unless it is a square's name or number."""
    text = text.strip()
    if text not in SQUARE_OF_NAME and text not in _TWO_DIGITS:
        raise fen_error(fen, f"{text!r} for {what} is neither a square (E4) nor its number (37)")


def _parse_fen(layout: Layout, text: str) -> KnightFightPosition:
    """The position a ``FEN`` tag describes, checked for consistency."""
    fields = _fen_form(text)
    turn = fields.turn
    knights: list[int | None] = [None, None]
    for side in Side:
        value = fields.pieces[side].strip()
        if value != "-":
            knights[side] = _fen_square(layout, text, value, f"{side.title}'s knight")
    scores = (0, 0)
    if "S" in fields.extra:
        written = fields.extra["S"]
        parts = [read_number(p.strip()) for p in written.split(",")]
        if len(parts) != 2 or parts[0] is None or parts[1] is None:
            raise fen_error(
                text, f"S gives scores {written!r}; write S<White>,<Black>, e.g. S34,74"
            )
        scores = (parts[0], parts[1])
    dead = 0
    for part in fen_items(fields.extra.get("X", "")):
        square = _fen_square(layout, text, part, "an inaccessible square")
        if dead & BIT[square]:
            raise fen_error(text, f"{SQUARE_NAMES[square]} is listed twice as inaccessible")
        dead |= BIT[square]
    white, black = knights
    for side, knight in zip(Side, knights, strict=True):
        if knight is not None and dead & BIT[knight]:
            raise fen_error(
                text,
                f"{side.title}'s knight stands on {SQUARE_NAMES[knight]}, which is listed "
                "as inaccessible",
            )
    if white is None and (black is not None or turn is Side.BLACK):
        raise fen_error(
            text,
            "White's knight is unplaced, so Black's knight must be unplaced too and White "
            "must be to move",
        )
    if white is not None and black is None:
        if turn is Side.WHITE:
            raise fen_error(text, "Black's knight is unplaced, so Black must be to move")
        if not PLACEMENT_MASK[Side.WHITE] & BIT[white]:
            raise fen_error(
                text,
                f"White's knight stands on {SQUARE_NAMES[white]} before Black has placed; "
                "it can only be on rank 1",
            )
    if white is not None and black is not None:
        if white == black:
            raise fen_error(text, f"both knights stand on {SQUARE_NAMES[white]}")
        if JUMP_MASK[white] & BIT[black]:
            raise fen_error(
                text,
                f"the knights on {SQUARE_NAMES[white]} and {SQUARE_NAMES[black]} attack "
                "each other, which no legal play reaches",
            )
    paths = ((), ()) if white is None else ((white,), () if black is None else (black,))
    return KnightFightPosition(layout, turn, (white, black), dead, scores, paths)


def _square_text(position: KnightFightPosition, square: int, notation: str) -> str:
    """A square in ``notation``: its name (``E4``) or its number in the layout (``37``)."""
    if notation == "numbers":
        return f"{position.layout.numbers[square]:02d}"
    return SQUARE_NAMES[square]


def _write_fen(position: KnightFightPosition, notation: str) -> str:
    """The ``FEN`` tag value of a position, squares written in ``notation``."""
    white, black = (
        None if k is None else _square_text(position, k, notation) for k in position.knights
    )
    dead = ",".join(_square_text(position, s, notation) for s in _squares(position.dead))
    return (
        f"{position.turn.title[0]}:W{white or '-'}:B{black or '-'}"
        f":S{position.scores[0]},{position.scores[1]}:X{dead}"
    )


# Move text ------------------------------------------------------------------------------

_HINT = (
    "write the landing square (E4) or its number (37), and after a double the removed "
    "double (E5/B7 or 55/22)"
)
_SQUARE_TEXT = r"[A-Ja-j](?:10|[1-9])"
_NUMBER_TEXT = r"[0-9]{2}"
MOVE_SHAPE = compiled(
    rf"(?P<squares>{_SQUARE_TEXT})(?:\s*/\s*(?P<removed_square>{_SQUARE_TEXT}))?"
    rf"|(?P<numbers>{_NUMBER_TEXT})(?:\s*/\s*(?P<removed_number>{_NUMBER_TEXT}))?"
)
"""Every move text read (:attr:`KnightFight.move_shape`): a landing square, and after a
double the removed one, both by name (``E4``, ``e5/B7``) or both by number (``37``,
``55/22``)."""
_SQUARE_PART = compiled(_SQUARE_TEXT)
_NUMBER_PART = compiled(_NUMBER_TEXT)
_OFF_BOARD = compiled(r"[A-Za-z]\d+")
_NUMBER = compiled(r"\d+")


def _malformed(text: str) -> IllegalMove:
    """Why a stripped text outside :data:`MOVE_SHAPE` is not a ply (KF201)."""
    if not text:
        return IllegalMove(MALFORMED, f"empty move text; {_HINT}")
    parts = text.split("/")
    if len(parts) > 2:
        return IllegalMove(MALFORMED, f"{text}: not a Knight Fight move; {_HINT}")
    for part in parts:
        problem = _part_problem(text, part.strip())
        if problem is not None:
            return problem
    return IllegalMove(MALFORMED, f"{text}: mixes squares and numbers; write E5/B7 or 55/22")


def _part_problem(text: str, part: str) -> IllegalMove | None:
    """Why one square of a move text is none (KF201), or ``None`` when it is one."""
    if _SQUARE_PART.fullmatch(part) or _NUMBER_PART.fullmatch(part):
        return None
    if _OFF_BOARD.fullmatch(part):
        return IllegalMove(
            MALFORMED, f"{text}: {part} is not a square of the board (files A..J, ranks 1..10)"
        )
    if _NUMBER.fullmatch(part):
        return IllegalMove(MALFORMED, f"{text}: {part} is not a two-digit square number 00..99")
    return IllegalMove(MALFORMED, f"{text}: not a Knight Fight move; {_HINT}")


def _read_text(text: str) -> tuple[bool, int, int | None] | IllegalMove:
    """Whether a stripped move text is in numbers notation, and its landing and removed
    squares (numbers notation: their numbers), or why it is not well formed (KF201)."""
    match = MOVE_SHAPE.fullmatch(text)
    if match is None:
        return _malformed(text)
    to, removed = match.group("squares", "removed_square")
    if to is not None:
        return False, SQUARE_OF_NAME[to], None if removed is None else SQUARE_OF_NAME[removed]
    to, removed = match.group("numbers", "removed_number")
    return True, int(to), None if removed is None else int(removed)


def _read_new(text: str) -> tuple[bool, int, int | None] | IllegalMove:
    """What a move text not in :data:`MOVE_TEXTS` writes (:func:`_read_text`), kept there
    unless it is a removal read from its two squares' texts."""
    landing, slash, removal = text.partition("/")
    if slash:
        # A landing read before is a text of no blank: a removal whose two squares are
        # such texts, in one notation, is read from theirs. It is not kept, so that the
        # many removals (up to 9,900 in squares notation) do not crowd the cache.
        first, second = MOVE_TEXTS.get(landing), MOVE_TEXTS.get(removal)
        if (
            isinstance(first, tuple)
            and isinstance(second, tuple)
            and first[2] is None
            and second[2] is None
            and first[0] == second[0]
        ):
            return first[0], first[1], second[1]
    return MOVE_TEXTS.keep(text, _read_text(text))


_STARTS: Final[TextCache[KnightFightPosition]] = TextCache(256)
"""The start position of each ``Layout`` tag value read: an archive may repeat a layout."""
MOVE_TEXTS: Final[TextCache[tuple[bool, int, int | None] | IllegalMove]] = TextCache()
"""The move texts read."""

_OTHER: Final = (Side.BLACK, Side.WHITE)
"""The side that moves next, by side (faster than :attr:`Side.other`)."""
_WHITE: Final = Side.WHITE
_BLACK: Final = Side.BLACK


def _contents(position: KnightFightPosition) -> tuple[str, ...]:
    """What each square holds, as a position pattern reads it: a side's knight ``W``/``B``,
    an inaccessible square ``dead``, nothing ``""``."""
    cells = ["dead" if position.dead >> square & 1 else "" for square in SQUARES]
    for side, square in zip("WB", position.knights, strict=True):
        if square is not None:
            cells[square] = side
    return tuple(cells)


SQUARE_CONTENTS = SquareContents(
    {name.lower(): index for index, name in enumerate(SQUARE_NAMES)},
    "A1 to J10",
    "",
    "",
    ("w", "b", "empty", "any", "dead"),
    "w:E1 b:E10 empty:C3 dead:D5",
    _contents,
)
"""How a position pattern names the squares and reads them (``dead:`` an inaccessible
square)."""


# The game -------------------------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class KnightFight(Game[KnightFightPosition, KnightMove]):
    """Knight Fight: two knights collecting numbered squares on a 10x10 board."""

    name: ClassVar[str] = "knight-fight"
    code_prefix: ClassVar[str | None] = "KF"
    title: ClassVar[str] = "Knight Fight"
    notations: ClassVar[tuple[str, ...]] = ("squares", "numbers")
    move_shape: ClassVar[re.Pattern[str]] = MOVE_SHAPE
    results: ClassVar[tuple[str, ...]] = ("1-0", "0-1", "1/2-1/2", "*")
    draws_setup: ClassVar[bool] = True

    # Positions -----------------------------------------------------------------------

    def start(self, tags: Mapping[str, str]) -> KnightFightPosition:
        """The position the ``Layout``, ``FEN``, ``Rules`` and ``Notation`` tags describe."""
        if "Rules" in tags:
            no_rule_options(tags, "Knight Fight")
        if "Notation" in tags:
            read_notation(tags, "Knight Fight", self.notations)
        text = tags.get("Layout")
        if text is None:
            raise SetupError(
                "the Layout tag is missing: every Knight Fight record gives the numbers "
                "of its squares",
                "Layout",
            )
        start = _STARTS.get(text)
        if start is None:
            layout = _quick_layout(text)
            if layout is None:
                with reading_tag("Layout"):
                    layout = Layout.parse(text)
            start = _STARTS.keep(text, _start_position(layout))
        fen = tags.get("FEN")
        if fen is None or not fen.strip():
            return start
        with reading_tag("FEN"):
            return _parse_fen(start.layout, fen)

    def fen_possible(self, fen: str) -> bool:
        """``False`` when no layout reads ``fen``: its fields or a square's form are wrong."""
        if not fen.strip():
            return True
        try:
            _fen_form(fen)
        except SetupError:
            return False
        return True

    def key_identity(self, position: KnightFightPosition) -> Hashable:
        """The fields the position's equality compares (its paths left out), as a plain
        tuple: the key an index keeps on disk."""
        return position[:5]

    def setup_tags(
        self, position: KnightFightPosition, notation: str | None = None
    ) -> dict[str, str]:
        """``Layout`` always; ``FEN`` unless the position is the start of a game."""
        tags = {"Layout": position.layout.text()}
        if position != _start_position(position.layout):
            tags["FEN"] = _write_fen(position, notation or self.notations[0])
        return tags

    def fen(self, position: KnightFightPosition, notation: str | None = None) -> str:
        """The ``FEN`` tag value of ``position``, a start (its knights not yet placed)
        included."""
        return _write_fen(position, notation or self.notations[0])

    # Moves ---------------------------------------------------------------------------

    def legal_moves(self, position: KnightFightPosition) -> list[KnightMove]:
        """Every legal ply: by landing square, each double first without a removal."""
        moves: list[KnightMove] = []
        doubles = position.layout.doubles
        for to in _squares(_targets(position)):
            moves.append(KnightMove(to))
            if doubles & BIT[to]:
                moves.extend(KnightMove(to, r) for r in _squares(_removable(position, to)))
        return moves

    def parse_move(self, position: KnightFightPosition, text: str) -> KnightMove:
        """The legal ply ``text`` names, in squares or numbers notation."""
        text = text.strip()
        targets = _targets(position)
        if not targets:
            raise IllegalMove(
                GAME_OVER,
                f"{text}: the game is over, {position.turn.title} has no legal ply "
                f"({self._score_text(position)})",
                show_legal=False,
            )
        move = self._read(position, text)
        if not targets & BIT[move.to]:
            self._check_landing(position, text, move.to)
        if move.remove is not None:
            self._check_removal(position, text, move.to, move.remove)
        return move

    def advance(
        self, position: KnightFightPosition, text: str
    ) -> tuple[KnightMove, KnightFightPosition]:
        """The legal ply ``text`` names and the position after it, in one step."""
        return advance(position, text)

    def advancer(
        self,
    ) -> Callable[[KnightFightPosition, str], tuple[KnightMove, KnightFightPosition]]:
        """:func:`advance` itself (a loop over plies calls it directly)."""
        return advance

    def line_advancer(
        self,
    ) -> Callable[[KnightFightPosition, list[str]], tuple[KnightFightPosition, int]]:
        """:func:`advance_line`: a line replayed for its last position is read in one loop."""
        return advance_line

    def _read(self, position: KnightFightPosition, text: str) -> KnightMove:
        """The ply a stripped text writes, legal or not (KF201 when it is not well formed)."""
        read = MOVE_TEXTS.get(text)
        if read is None:
            read = _read_new(text)
        if isinstance(read, IllegalMove):
            raise IllegalMove(read.code, str(read), show_legal=read.show_legal)
        numbers, to, removed = read
        if numbers:
            squares = position.layout.squares
            return KnightMove(squares[to], None if removed is None else squares[removed])
        return KnightMove(to, removed)

    def _check_landing(self, position: KnightFightPosition, text: str, to: int) -> None:
        """Raise the reason the mover may not land on ``to``, if any."""
        side = position.turn
        own, other = position.knights[side], position.knights[1 - side]
        label = self._label  # names are written only into errors
        if to == other:
            raise IllegalMove(
                ON_KNIGHT, f"{text}: {label(position, to)} holds {side.other.title}'s knight"
            )
        if own is None:
            rank = PLACEMENT_RANK[side]
            if to // SIZE + 1 != rank:
                raise IllegalMove(
                    WRONG_RANK,
                    f"{text}: {side.title} places its knight on rank {rank}, "
                    f"and {label(position, to)} is on rank {to // SIZE + 1}",
                )
        elif to == own:
            raise IllegalMove(
                NOT_A_JUMP, f"{text}: {side.title}'s knight already stands on {label(position, to)}"
            )
        elif not JUMP_MASK[own] & BIT[to]:
            raise IllegalMove(
                NOT_A_JUMP,
                f"{text}: {label(position, to)} is not a knight's jump from "
                f"{side.title}'s knight on {label(position, own)}",
            )
        if position.dead & BIT[to]:
            raise IllegalMove(DEAD_SQUARE, f"{text}: {label(position, to)} is inaccessible")
        if other is not None and JUMP_MASK[other] & BIT[to]:
            raise IllegalMove(
                ATTACKED,
                f"{text}: {label(position, to)} is attacked by {side.other.title}'s knight on "
                f"{label(position, other)}",
            )

    def _check_removal(
        self, position: KnightFightPosition, text: str, to: int, remove: int
    ) -> None:
        """Raise the reason the mover, landing on ``to``, may not remove ``remove``, if any."""
        side = position.turn
        doubles = position.layout.doubles
        label = self._label  # names are written only into errors
        if not doubles & BIT[to]:
            raise IllegalMove(
                REMOVAL_NOT_ALLOWED,
                f"{text}: {label(position, to)} is not a double, so no square may be removed",
            )
        if not doubles & BIT[remove]:
            raise IllegalMove(
                REMOVED_NOT_DOUBLE, f"{text}: {label(position, remove)} is not a double"
            )
        if remove == to:
            raise IllegalMove(
                REMOVED_OCCUPIED,
                f"{text}: {label(position, remove)} is the landing square itself; "
                "remove another double",
            )
        if remove == position.knights[1 - side]:
            raise IllegalMove(
                REMOVED_OCCUPIED,
                f"{text}: {label(position, remove)} holds {side.other.title}'s knight",
            )
        if remove == position.knights[side]:
            raise IllegalMove(
                REMOVED_DEAD,
                f"{text}: {label(position, remove)} is the square {side.title}'s knight leaves, "
                "which becomes inaccessible",
            )
        if position.dead & BIT[remove]:
            raise IllegalMove(
                REMOVED_DEAD, f"{text}: {label(position, remove)} is already inaccessible"
            )

    def format_move(
        self, position: KnightFightPosition, move: KnightMove, notation: str | None = None
    ) -> str:
        """``E5/B7`` in squares notation (the default), ``55/22`` in numbers notation."""
        notation = notation or self.notations[0]
        if notation not in self.notations:
            raise ValueError(f"unknown Knight Fight notation {notation!r}: squares or numbers")
        squares = (move.to,) if move.remove is None else (move.to, move.remove)
        return "/".join(_square_text(position, s, notation) for s in squares)

    def play(self, position: KnightFightPosition, move: KnightMove) -> KnightFightPosition:
        """The position after a legal ply: squares killed, score added, turn passed."""
        to = move.to
        layout = position.layout
        dead = position.dead
        white_paths, black_paths = position.paths
        white_score, black_score = position.scores
        number = layout.numbers[to]
        if position.turn:
            other, own = position.knights
            knights: tuple[int | None, int | None] = (other, to)
            black_score += number
            black_paths = (*black_paths, to)
        else:
            own, other = position.knights
            knights = (to, other)
            white_score += number
            white_paths = (*white_paths, to)
        if own is not None:
            dead |= BIT[own]
        reverse = REVERSED[number]
        if reverse >= 0:
            square = layout.squares[reverse]
            if square != other:
                dead |= BIT[square]
        elif move.remove is not None:
            dead |= BIT[move.remove]
        return KnightFightPosition(
            layout,
            _OTHER[position.turn],
            knights,
            dead,
            (white_score, black_score),
            (white_paths, black_paths),
        )

    def notation_of(self, text: str) -> str | None:
        """``squares`` for ``E4``-style texts, ``numbers`` for ``37``-style ones."""
        head = text.strip()[:1]
        if head.isascii() and head.isalpha():
            return "squares"
        if head.isascii() and head.isdigit():
            return "numbers"
        return None

    # End of game ---------------------------------------------------------------------

    def outcome(self, position: KnightFightPosition) -> Outcome | None:
        """Decided the moment the side to move has no legal ply: higher score wins."""
        if _targets(position):
            return None
        white, black = position.scores
        return Outcome.by_score(
            white,
            black,
            f"{position.turn.title} has no legal ply; final score {self._score_text(position)}",
        )

    def scores(self, position: KnightFightPosition) -> tuple[int, int]:
        """(White, Black): the sums of the numbers each knight has landed on."""
        return position.scores

    # Records -------------------------------------------------------------------------

    def new_tags(self, seed: int | None = None) -> dict[str, str]:
        """The ``Variant`` tag and a ``Layout`` drawn from ``seed`` (a random one when
        ``None``)."""
        if seed is None:
            import random

            seed = random.SystemRandom().randrange(2**32)
        return {"Variant": self.name, "Layout": random_layout(seed)}

    def notation_tags(self, tags: Mapping[str, str], notation: str) -> dict[str, str]:
        """The ``FEN`` tag rewritten in ``notation``, and a ``Notation`` tag kept in step."""
        out = kept_notation(tags, notation)
        fen, layout = tags.get("FEN"), tags.get("Layout")
        if fen and fen.strip() and layout is not None:
            with contextlib.suppress(SetupError):
                out["FEN"] = _write_fen(_parse_fen(Layout.parse(layout), fen), notation)
        return out

    # Pictures ------------------------------------------------------------------------

    def square_contents(self) -> SquareContents:
        """How a position pattern names and reads the squares (:data:`SQUARE_CONTENTS`)."""
        return SQUARE_CONTENTS

    def picture(
        self,
        position: KnightFightPosition,
        last: KnightMove | None = None,
        notation: str | None = None,
    ) -> Picture:
        """The board (its squares show both their names and numbers: ``notation`` changes
        nothing) and who is to move, or why the game ended."""
        outcome = self.outcome(position)
        status = f"{position.turn.title} to move" if outcome is None else outcome.reason
        return Picture("knight-fight", "Knight Fight position", status, position, last, notation)

    def render_text(
        self,
        position: KnightFightPosition,
        last: KnightMove | None = None,
        notation: str | None = None,
    ) -> str:
        """The numbers board, rank 10 on top: ``--`` dead, ``W``/``B`` before a knight's
        number and ``w``/``b`` before its earlier landings, ``*`` after the last landing,
        ``xx`` on the double the last ply removed; then each side's landings in order (each
        square with its number, so the same in both notations)."""
        numbers = position.layout.numbers
        white, black = position.knights
        visited = {square: "wb"[side] for side in Side for square in position.paths[side]}
        where = ["" if k is None else f" on {SQUARE_NAMES[k]}" for k in position.knights]
        lines = [
            f"Knight Fight: White {position.scores[0]}{where[0]}, "
            f"Black {position.scores[1]}{where[1]}; "
            + (self.game_over(position) or f"{position.turn.title} to move"),
            ("    " + "".join(f" {f}  " for f in FILES)).rstrip(),
        ]
        for rank in range(SIZE - 1, -1, -1):
            cells = []
            for square in range(rank * SIZE, rank * SIZE + SIZE):
                mark = "W" if square == white else "B" if square == black else " "
                if mark == " ":
                    mark = visited.get(square, " ")
                after = "*" if last is not None and square == last.to else " "
                if last is not None and square == last.remove:
                    body = "xx"
                elif position.dead & BIT[square]:
                    body = "--"
                else:
                    body = f"{numbers[square]:02d}"
                cells.append(f"{mark}{body}{after}")
            lines.append(f"{rank + 1:>3} {''.join(cells)}".rstrip())
        lines.append("W, B: knights  w, b: their landings  --: inaccessible  *: last landing")
        lines.append("xx: removed double")
        import textwrap  # for pictures alone (it imports re)

        for side in Side:
            path = position.paths[side]
            steps = " ".join(f"{SQUARE_NAMES[s]}={numbers[s]:02d}" for s in path) or "none yet"
            heading = f"{side.title}'s landings (score {position.scores[side]}): "
            lines.extend(textwrap.wrap(heading + steps, 78, subsequent_indent="    "))
        return "\n".join(lines)

    # Helpers -------------------------------------------------------------------------

    @staticmethod
    def _label(position: KnightFightPosition, square: int) -> str:
        """``E4 (37)``: a square with its number."""
        return f"{SQUARE_NAMES[square]} ({position.layout.numbers[square]:02d})"

    @staticmethod
    def _score_text(position: KnightFightPosition) -> str:
        """``White 120, Black 95``."""
        return f"White {position.scores[0]}, Black {position.scores[1]}"


_GAME: Final = KnightFight()
_LANDING: Final = tuple(KnightMove(square) for square in SQUARES)
"""The ply landing on each square without a removal."""
_ALONE: Final = tuple((square,) for square in SQUARES)
"""Each square alone in a tuple (that a path adds)."""
_POSITION: Final = KnightFightPosition
_MOVE: Final = KnightMove
"""The two named tuples, held where the compiled build reads them without a lookup."""
_HALF: Final = 50
"""Where a mask of squares splits in two: the squares below ``_HALF`` in the low half, the
others in the high one. :func:`advance_line` keeps the inaccessible squares as two masks of
50 bits, which the compiled build holds in machine integers (a mask of 100 bits is a Python
integer on every operation)."""
_HALF_MASK: Final = (1 << _HALF) - 1
_HALF_BIT: Final[tuple[int, ...]] = tuple(1 << square % _HALF for square in SQUARES)
"""Each square's bit in its half of a split mask."""


def advance(position: KnightFightPosition, text: str) -> tuple[KnightMove, KnightFightPosition]:
    """The legal ply ``text`` names and the position after it: for a text read before, of
    a ply the landing rules allow, what :meth:`KnightFight.play` makes, without
    :meth:`KnightFight.parse_move`'s steps."""
    read = MOVE_TEXTS.get(text)
    if read is None:
        read = _read_new(text)
    if isinstance(read, tuple):  # not IllegalMove
        numbers, to, removed = read
        layout, turn, knights, dead, scores, paths = position
        side: int = turn  # a machine integer in the compiled build
        if numbers:
            squares = layout.squares
            to = squares[to]
            if removed is not None:
                removed = squares[removed]
        white, black = knights
        if side:
            own, other = black, white
        else:
            own, other = white, black
        number = layout.numbers[to]
        reverse = REVERSED[number]  # -1 when ``to`` is a double
        if (
            (to // SIZE == PLACEMENT_ROW[side] if own is None else JUMP_TABLE[own * 100 + to])
            and not dead & BIT[to]
            and (other is None or (to != other and not JUMP_TABLE[other * 100 + to]))
            and (
                removed is None
                or (
                    # What _removable allows, on machine integers but the one mask.
                    reverse < 0
                    and REVERSED[layout.numbers[removed]] < 0
                    and removed != to
                    and removed != own
                    and removed != other
                    and not dead & BIT[removed]
                )
            )
        ):
            if own is not None:
                dead |= BIT[own]
            if reverse >= 0:
                square = layout.squares[reverse]
                if other is None or square != other:
                    dead |= BIT[square]
            elif removed is not None:
                dead |= BIT[removed]
            white_score, black_score = scores
            white_paths, black_paths = paths
            move = _LANDING[to] if removed is None else _new(_MOVE, (to, removed))
            if side:
                return move, _new(
                    _POSITION,
                    (
                        layout,
                        _WHITE,
                        (white, to),
                        dead,
                        (white_score, black_score + number),
                        (white_paths, black_paths + _ALONE[to]),
                    ),
                )
            return move, _new(
                _POSITION,
                (
                    layout,
                    _BLACK,
                    (to, black),
                    dead,
                    (white_score + number, black_score),
                    (white_paths + _ALONE[to], black_paths),
                ),
            )
    move = _GAME.parse_move(position, text)
    return move, _GAME.play(position, move)


def advance_line(
    position: KnightFightPosition, texts: list[str]
) -> tuple[KnightFightPosition, int]:
    """The position after the first plies of ``texts`` and how many they are
    (:meth:`KnightFight.line_advancer`): each read and allowed as :func:`advance` reads it,
    stopping at the first it leaves to that."""
    layout, turn, knights, dead, scores, paths = position
    numbers = layout.numbers
    squares = layout.squares
    side: int = turn
    white_knight, black_knight = knights
    white: int = -1 if white_knight is None else white_knight  # -1: not placed
    black: int = -1 if black_knight is None else black_knight
    low: int = dead & _HALF_MASK
    high: int = dead >> _HALF
    white_score, black_score = scores
    landings: list[int] = []
    for text in texts:
        read = MOVE_TEXTS.get(text)
        if read is None:
            read = _read_new(text)
        if not isinstance(read, tuple):
            break
        in_numbers, to, removed_read = read
        removed: int = -1 if removed_read is None else removed_read  # -1: none
        if in_numbers:
            to = squares[to]
            if removed >= 0:
                removed = squares[removed]
        if side:
            own, other = black, white
        else:
            own, other = white, black
        if own < 0:
            if to // SIZE != PLACEMENT_ROW[side]:
                break
        elif not JUMP_TABLE[own * 100 + to]:
            break
        if (high if to >= _HALF else low) & _HALF_BIT[to] or (
            other >= 0 and (to == other or JUMP_TABLE[other * 100 + to])
        ):
            break
        number = numbers[to]
        reverse = REVERSED[number]  # -1 when ``to`` is a double
        if removed >= 0 and (
            reverse >= 0
            or REVERSED[numbers[removed]] >= 0
            or removed in (to, own, other)
            or (high if removed >= _HALF else low) & _HALF_BIT[removed]
        ):
            break
        # The squares the ply kills: the one the knight leaves, and the reversed number's
        # (unless the other knight stands there) or the removed double.
        killed = removed
        if reverse >= 0:
            killed = squares[reverse]
            if killed == other:
                killed = -1
        if own >= _HALF:
            high |= _HALF_BIT[own]
        elif own >= 0:
            low |= _HALF_BIT[own]
        if killed >= _HALF:
            high |= _HALF_BIT[killed]
        elif killed >= 0:
            low |= _HALF_BIT[killed]
        if side:
            black = to
            black_score += number
        else:
            white = to
            white_score += number
        side = 1 - side
        landings.append(to)
    if not landings:
        return position, 0
    # The landings alternate, the side to move at the start landing first.
    white_paths = paths[0] + tuple(landings[turn::2])
    black_paths = paths[1] + tuple(landings[1 - turn :: 2])
    return _new(
        _POSITION,
        (
            layout,
            _BLACK if side else _WHITE,
            (None if white < 0 else white, None if black < 0 else black),
            low | high << _HALF,
            (white_score, black_score),
            (white_paths, black_paths),
        ),
    ), len(landings)
