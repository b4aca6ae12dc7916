"""Kavaleria: the rules, notations, setup tag and pictures of the game.

The rules are those of ``shared/rulings.md`` section 2 (seed 000).

Every rule of the game lives in this module (described in docs/rules/kavaleria.md). The
board geometry comes first, computed once at import; then pieces, positions, moves and
the diagnostic codes; the move-text reader; the :class:`Kavaleria` class (stepping,
promotion and turn passing in ``play``, the end of the game in ``outcome``); and the
rule functions it calls: setup tags (``FEN``, ``Rules``), move generation
(``_add_captures`` holds every capture rule) and the direct check of one written move
(``_check_move``, the same rules move by move, each failure with its code).

The board: 38 points in 7 rows ``A``..``G`` (``A`` nearest White). Rows A, C, E, G have
5 points, rows B, D, F have 6, numbered from White's left, in a brick layout: with ``x``
in half-steps, point ``i`` of a 5-point row sits at ``x = 2i`` and point ``j`` of a
6-point row at ``x = 2j - 1``. The six directions are east and west along the row and
the four diagonals (one row and one half-step per step).

Notations: ``coordinate`` (the default; ``C3-D4``, captures list every landing point
``C3xE4xE2``) and ``numeric`` (points numbered 1..38 from A1 to G5 in reading order:
``14-20``, ``14x26x24``). A move text tells its notation by its first character.

Setup tag ``FEN``: ``<turn>:W<pieces>:B<pieces>``; the turn is ``W`` or ``B``; pieces are
comma-separated points, a bare point being a cavalryman, ``S`` before it a Sotnyk and
``V`` a Voivode; ``A1-A5`` (or ``1-5``) is a range in numbering order. The standard start
is ``W:WA1,A2,VA3,A4,A5,B1-B6,C1-C5:BE1-E5,F1-F6,G1,G2,VG3,G4,G5``.

Rule options (tag ``Rules``, comma-separated, all off by default):
``no-backward`` (no piece but the Voivode moves or captures backward) and ``extra-turn``
(after a turn that captured, the same player moves again).

Diagnostic codes (all errors, raised as :class:`IllegalMove`):

=====  ===============================================================
KV201  the move text is malformed
KV202  a point that does not exist on the board
KV203  a move after the game ended (a Voivode was captured)
KV204  no piece on the starting point
KV205  the piece on the starting point belongs to the opponent
KV206  a step to a point that is not a neighbour (cavalryman, Voivode)
KV207  a Sotnyk move or a jump to a point not on a straight line
KV208  the point moved or jumped to is occupied
KV209  a cavalryman steps backward
KV210  a Sotnyk flies over a piece in its way
KV211  a capture over nothing
KV212  a capture over the player's own piece
KV213  a piece jumped a second time in one capture
KV214  a short jump that does not land right behind an adjacent piece
KV215  a Sotnyk jump over more than one piece
KV216  a jump after the one that took the Voivode
KV217  a backward move or capture under the ``no-backward`` option
=====  ===============================================================
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
    SquareContents,
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
from notation.lazy import compiled
from notation.plain import NamedTuple

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re
    from typing import ClassVar, Final

# Board geometry ----------------------------------------------------------------------

ROWS = "ABCDEFG"
"""Row letters, from White's side (A) to Black's side (G)."""

ROW_LENGTHS = (5, 6, 5, 6, 5, 6, 5)
"""Number of points in each row."""


def _half_step_x(row: int, number: int) -> int:
    """Horizontal place of point ``number`` (1-based) of ``row``, in half-steps."""
    return 2 * number if ROW_LENGTHS[row] == 5 else 2 * number - 1


POINT_NAMES: Final[tuple[str, ...]] = tuple(
    f"{ROWS[row]}{number}" for row in range(7) for number in range(1, ROW_LENGTHS[row] + 1)
)
"""Coordinate name of each point, by index 0..37 (numeric notation: index + 1)."""

POINT_COUNT = len(POINT_NAMES)
POINT_ROW: Final[tuple[int, ...]] = tuple(ROWS.index(name[0]) for name in POINT_NAMES)
POINT_X: tuple[int, ...] = tuple(
    _half_step_x(POINT_ROW[p], int(POINT_NAMES[p][1:])) for p in range(POINT_COUNT)
)
POINT_INDEX: dict[str, int] = {name: p for p, name in enumerate(POINT_NAMES)}
_AT: dict[tuple[int, int], int] = {(POINT_ROW[p], POINT_X[p]): p for p in range(POINT_COUNT)}

EAST, WEST, NORTH_EAST, NORTH_WEST, SOUTH_EAST, SOUTH_WEST = range(6)
DIRECTION_STEPS = ((0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1))
"""(rows, half-steps) of one step in each direction; north is towards row G."""
ALL_DIRECTIONS = tuple(range(6))


def _ray(point: int, direction: int) -> tuple[int, ...]:
    """The points met going from ``point`` in ``direction`` to the edge of the board."""
    drow, dx = DIRECTION_STEPS[direction]
    row, x = POINT_ROW[point] + drow, POINT_X[point] + dx
    points = []
    while (row, x) in _AT:
        points.append(_AT[row, x])
        row, x = row + drow, x + dx
    return tuple(points)


RAYS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(_ray(p, d) for d in ALL_DIRECTIONS) for p in range(POINT_COUNT)
)
"""``RAYS[p][d]``: the points on the line from ``p`` in direction ``d``, nearest first."""

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(ray[0] for ray in RAYS[p] if ray) for p in range(POINT_COUNT)
)
"""The up to six points next to each point."""

LINE: Final[tuple[dict[int, tuple[int, int]], ...]] = tuple(
    {q: (d, i + 1) for d in ALL_DIRECTIONS for i, q in enumerate(RAYS[p][d])}
    for p in range(POINT_COUNT)
)
"""``LINE[p][q]``: (direction, number of steps) from ``p`` to ``q`` when both share a line."""

FORWARD = {Side.WHITE: (NORTH_EAST, NORTH_WEST), Side.BLACK: (SOUTH_EAST, SOUTH_WEST)}
BACKWARD = {Side.WHITE: (SOUTH_EAST, SOUTH_WEST), Side.BLACK: (NORTH_EAST, NORTH_WEST)}
SIDEWAYS = (EAST, WEST)
FAR_ROW = {Side.WHITE: 6, Side.BLACK: 0}
"""The row where a side's cavalryman becomes a Sotnyk."""
_BACKWARD: Final = (BACKWARD[Side.WHITE], BACKWARD[Side.BLACK])
""":data:`BACKWARD` by side number (an enumeration's hash is a Python call)."""
_FAR_ROWS: Final = (FAR_ROW[Side.WHITE], FAR_ROW[Side.BLACK])
""":data:`FAR_ROW` by side number."""
_OTHER: Final = (Side.BLACK, Side.WHITE)
"""The side that moves next, by side (faster than :attr:`Side.other`)."""
_new: Final = tuple.__new__
"""Makes a named tuple of its fields without a Python call (positions and moves)."""

# Pieces and positions ----------------------------------------------------------------

EMPTY: Final = 0
CAVALRYMAN: Final = 1
SOTNYK: Final = 2
VOIVODE: Final = 3
KIND_NAMES = {CAVALRYMAN: "cavalryman", SOTNYK: "Sotnyk", VOIVODE: "Voivode"}
KIND_LETTERS = {CAVALRYMAN: "", SOTNYK: "S", VOIVODE: "V"}


def piece(side: Side, kind: int) -> int:
    """The board value of a ``kind`` piece of ``side`` (kind in the low two bits)."""
    return kind | (side << 2)


def owner(value: int) -> int:
    """The side (as its number, comparable with :class:`Side`) a non-empty board value has."""
    return value >> 2


WHITE_VOIVODE: Final = piece(Side.WHITE, VOIVODE)
BLACK_VOIVODE: Final = piece(Side.BLACK, VOIVODE)
_SOTNYKS: Final = (piece(Side.WHITE, SOTNYK), piece(Side.BLACK, SOTNYK))
"""Each side's Sotnyk, by side number."""

NO_BACKWARD: Final = "no-backward"
EXTRA_TURN: Final = "extra-turn"
RULE_OPTIONS = (EXTRA_TURN, NO_BACKWARD)
"""Names accepted in the ``Rules`` tag."""

COORDINATE = "coordinate"
NUMERIC = "numeric"

START_FEN = "W:WA1,A2,VA3,A4,A5,B1-B6,C1-C5:BE1-E5,F1-F6,G1,G2,VG3,G4,G5"


class KavaleriaPosition(NamedTuple):
    """A position: what stands on each point (by index), whose turn, and the rule options."""

    board: tuple[int, ...]
    turn: Side
    options: frozenset[str] = frozenset()


class KavaleriaMove(NamedTuple):
    """A move: the points visited (start, then each landing) and the pieces jumped.

    A step has two points and no pieces taken; a capture takes one piece per landing.
    """

    path: tuple[int, ...]
    taken: tuple[int, ...] = ()

    @property
    def is_capture(self) -> bool:
        """Whether the move jumps over pieces."""
        return bool(self.taken)


# Diagnostic codes --------------------------------------------------------------------

MALFORMED = register("KV201", Severity.ERROR, "Kavaleria: the move text is malformed")
NO_SUCH_POINT = register("KV202", Severity.ERROR, "Kavaleria: a point that is not on the board")
GAME_OVER = register("KV203", Severity.ERROR, "Kavaleria: a move after a Voivode was captured")
EMPTY_START = register("KV204", Severity.ERROR, "Kavaleria: no piece on the starting point")
NOT_YOURS = register("KV205", Severity.ERROR, "Kavaleria: the piece moved is the opponent's")
NOT_NEIGHBOUR = register(
    "KV206", Severity.ERROR, "Kavaleria: a step to a point that is not a neighbour"
)
NOT_ON_LINE = register(
    "KV207", Severity.ERROR, "Kavaleria: a move to a point not on a straight line"
)
OCCUPIED = register("KV208", Severity.ERROR, "Kavaleria: the point moved to is occupied")
STEP_BACKWARD = register("KV209", Severity.ERROR, "Kavaleria: a cavalryman steps backward")
BLOCKED = register("KV210", Severity.ERROR, "Kavaleria: a Sotnyk flies over a piece")
NOTHING_TAKEN = register("KV211", Severity.ERROR, "Kavaleria: a capture over nothing")
OWN_PIECE = register("KV212", Severity.ERROR, "Kavaleria: a capture over the player's own piece")
TAKEN_TWICE = register("KV213", Severity.ERROR, "Kavaleria: a piece jumped twice in one capture")
JUMP_TOO_LONG = register(
    "KV214", Severity.ERROR, "Kavaleria: a jump that does not land right behind the piece taken"
)
TWO_IN_THE_WAY = register("KV215", Severity.ERROR, "Kavaleria: a jump over more than one piece")
AFTER_VOIVODE = register("KV216", Severity.ERROR, "Kavaleria: a jump after the Voivode was taken")
OPTION_BACKWARD = register(
    "KV217", Severity.ERROR, "Kavaleria: a backward move under the no-backward rule option"
)

# Move text ---------------------------------------------------------------------------

_COORD_POINT = r"[A-Za-z][0-9]+"
MOVE_SHAPE = compiled(
    rf"(?P<{COORDINATE}>{_COORD_POINT}(?:-{_COORD_POINT}|(?:[xX]{_COORD_POINT})+))"
    rf"|(?P<{NUMERIC}>[0-9]+(?:-[0-9]+|(?:[xX][0-9]+)+))"
)
"""Every move text read (:attr:`Kavaleria.move_shape`), its group named by its notation:
``C3-D4``, ``C3xE4xE2`` (coordinate) or ``14-20``, ``14x26x24`` (numeric)."""
_COORD_POINTS = compiled(_COORD_POINT)
_NUMBERS = compiled(r"[0-9]+")


POINT_NUMBERS: Final[tuple[str, ...]] = tuple(str(point + 1) for point in range(POINT_COUNT))
"""Numeric name of each point, by index."""


def point_name(point: int, notation: str = COORDINATE) -> str:
    """The name of a point in ``notation``."""
    return str(point + 1) if notation == NUMERIC else POINT_NAMES[point]


_POINT_TOKENS: dict[str, int] = {
    token: p for p, name in enumerate(POINT_NAMES) for token in (name, name.lower(), str(p + 1))
}


def read_point(token: str) -> int | str:
    """The point a coordinate (``C3``) or number (``14``) names, or why there is none."""
    if token in _POINT_TOKENS:
        return _POINT_TOKENS[token]
    if token[:1].isdigit():
        number = read_number(token)
        if number is not None and 1 <= number <= POINT_COUNT:
            return number - 1
        shown = token if number is None else number
        return f"{shown} is not a point of the board (the points are numbered 1 to 38)"
    number = read_number(token[1:])
    name = token[0].upper() + (token[1:] if number is None else str(number))
    if name in POINT_INDEX:
        return POINT_INDEX[name]
    if name[0] not in ROWS:
        return f"{name} is not a point of the board (the rows are A to G)"
    size = ROW_LENGTHS[ROWS.index(name[0])]
    return f"{name} is not a point of the board (row {name[0]} has points 1 to {size})"


class Written(NamedTuple):
    """A move text read: its notation, its points, whether it is a capture; for a step
    between neighbours, the move and, by side, whether it goes backward and whether a
    cavalryman making it becomes a Sotnyk; for a capture whose every jump goes two steps
    along a line, each jump's direction, the point jumped over and the landing point."""

    notation: str
    points: tuple[int, ...]
    capture: bool
    step: KavaleriaMove | None
    backward: tuple[bool, bool]
    promotes: tuple[bool, bool]
    jumps: tuple[tuple[int, int, int], ...] | None


MOVE_TEXTS: Final[TextCache[Written | IllegalMove]] = TextCache()
"""The move texts read, by the text as written (blanks around it included)."""


def read_move_text(text: str) -> Written | IllegalMove:
    """What a move text says, or the error (KV201, KV202) it has."""
    read = MOVE_TEXTS.get(text)
    if read is None:
        read = MOVE_TEXTS.keep(text, _read_move_text(text))
    return read


def _read_move_text(text: str) -> Written | IllegalMove:
    """What a move text says, read."""
    text = text.strip()
    match = MOVE_SHAPE.fullmatch(text)
    if match is None:
        return IllegalMove(
            MALFORMED,
            f"{text!r} is not a Kavaleria move: write a step as C3-D4 (or 14-20) "
            "and a capture as C3xE4 or C3xE4xE2 (or 14x26x24)",
        )
    notation = COORDINATE if match.lastgroup == COORDINATE else NUMERIC
    tokens = (_COORD_POINTS if notation == COORDINATE else _NUMBERS).findall(text)
    points = []
    for token in tokens:
        point = read_point(token)
        if isinstance(point, str):
            return IllegalMove(NO_SUCH_POINT, point)
        points.append(point)
    capture = "-" not in text
    if capture:
        jumps = []
        for here, target in pairwise(points):
            line = LINE[here].get(target)
            if line is None or line[1] != 2:
                return Written(notation, tuple(points), True, None, _NO, _NO, None)
            jumps.append((line[0], RAYS[here][line[0]][0], target))
        return Written(notation, tuple(points), True, None, _NO, _NO, tuple(jumps))
    start, target = points
    line = LINE[start].get(target)
    if line is None or line[1] != 1:
        return Written(notation, tuple(points), False, None, _NO, _NO, None)
    rows = (POINT_ROW[start], POINT_ROW[target])
    return Written(
        notation,
        tuple(points),
        False,
        _new(KavaleriaMove, ((start, target), ())),
        (line[0] in _BACKWARD[0], line[0] in _BACKWARD[1]),
        (_FAR_ROWS[0] in rows, _FAR_ROWS[1] in rows),
        None,
    )


_NO: Final = (False, False)


def _contents(position: KavaleriaPosition) -> tuple[str, ...]:
    """What each point holds, as a position pattern reads it: a cavalryman ``W``/``B``,
    a Sotnyk ``WS``/``BS``, the Voivode ``WV``/``BV``, nothing ``""``."""
    letters = ("", "", "S", "V")
    return tuple(
        "" if value == 0 else "WB"[value >> 2] + letters[value & 3] for value in position.board
    )


SQUARE_CONTENTS = SquareContents(
    {
        **{name.lower(): index for index, name in enumerate(POINT_NAMES)},
        **{str(index + 1): index for index in range(len(POINT_NAMES))},
    },
    "A1 to G5, or 1 to 38",
    "SV",
    "",
    ("w", "b", "empty", "any"),
    "w:C3,VA3 b:E1 empty:D4",
    _contents,
)
"""How a position pattern names the points, by name or number, and reads them."""


# The game ----------------------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class Kavaleria(Game[KavaleriaPosition, KavaleriaMove]):
    """Kavaleria, the Ukrainian game of cavalrymen on a 38-point brick board."""

    name: ClassVar[str] = "kavaleria"
    code_prefix: ClassVar[str | None] = "KV"
    title: ClassVar[str] = "Kavaleria"
    notations: ClassVar[tuple[str, ...]] = (COORDINATE, NUMERIC)
    move_shape: ClassVar[re.Pattern[str]] = MOVE_SHAPE
    results: ClassVar[tuple[str, ...]] = ("1-0", "0-1", "1/2-1/2", "*")

    # Positions and setup tags ---------------------------------------------------------

    def start(self, tags: Mapping[str, str]) -> KavaleriaPosition:
        """The position given by the ``FEN`` tag (default: the standard start) and ``Rules``."""
        read_notation(tags, "Kavaleria", self.notations)
        rules = tags.get("Rules")
        options = _NO_OPTIONS
        if rules:
            with reading_tag("Rules"):
                options = parse_rules(rules)
        fen = tags.get("FEN")
        if fen is None:
            if not options:
                return _START
            board, turn = _START.board, _START.turn
        else:
            with reading_tag("FEN"):
                board, turn = parse_fen(fen)
        return _new(KavaleriaPosition, (board, turn, options))

    def setup_tags(
        self, position: KavaleriaPosition, notation: str | None = None
    ) -> dict[str, str]:
        """``FEN`` for the position (points written in ``notation``) and ``Rules`` if any."""
        tags = {"FEN": write_fen(position.board, position.turn, notation or COORDINATE)}
        if position.options:
            tags["Rules"] = ",".join(sorted(position.options))
        return tags

    def notation_tags(self, tags: Mapping[str, str], notation: str) -> dict[str, str]:
        """A ``Notation`` tag (where the record has one) naming ``notation``, and the
        ``FEN`` tag (where it is valid) with its points written in ``notation``."""
        changed = kept_notation(tags, notation)
        if "FEN" in tags:
            try:
                board, turn = parse_fen(tags["FEN"])
            except SetupError:
                return changed
            changed["FEN"] = write_fen(board, turn, notation)
        return changed

    # Moves ------------------------------------------------------------------------------

    def legal_moves(self, position: KavaleriaPosition) -> list[KavaleriaMove]:
        """Every legal step and every capture chain (each prefix of a chain is a move)."""
        if self.outcome(position) is not None:
            return []
        board, side = position.board, position.turn
        no_backward = NO_BACKWARD in position.options
        moves: list[KavaleriaMove] = []
        for point, value in enumerate(board):
            if not value or owner(value) != side:
                continue
            kind = value & 3
            directions = _directions(side, kind, no_backward, capture=False)
            if kind == SOTNYK:
                for d in directions:
                    for target in RAYS[point][d]:
                        if board[target]:
                            break
                        moves.append(KavaleriaMove((point, target)))
            else:
                for d in directions:
                    ray = RAYS[point][d]
                    if ray and not board[ray[0]]:
                        moves.append(KavaleriaMove((point, ray[0])))
            _add_captures(board, side, no_backward, point, point, kind, (point,), (), moves)
        return moves

    def notation_of(self, text: str) -> str | None:
        """``numeric`` for a text starting with a digit, ``coordinate`` with a letter."""
        first = text.strip()[:1]
        if first.isdigit():
            return NUMERIC
        return COORDINATE if first.isalpha() else None

    def parse_move(self, position: KavaleriaPosition, text: str) -> KavaleriaMove:
        """The legal move ``text`` names, checked directly against the rules."""
        return check_move(position, text)

    def format_move(
        self, position: KavaleriaPosition, move: KavaleriaMove, notation: str | None = None
    ) -> str:
        """``C3-D4`` / ``C3xE4xE2`` (coordinate) or ``14-20`` / ``14x26x24`` (numeric);
        :class:`ValueError` for another notation."""
        chosen = notation or COORDINATE
        if chosen not in self.notations:
            known = ", ".join(self.notations)
            raise ValueError(f"unknown Kavaleria notation {chosen!r}; known: {known}")
        names = [point_name(p, chosen) for p in move.path]
        return ("x" if move.taken else "-").join(names)

    def play(self, position: KavaleriaPosition, move: KavaleriaMove) -> KavaleriaPosition:
        """Move the piece, remove the pieces jumped, promote, and pass the turn."""
        return play_move(position, move)

    def advance(
        self, position: KavaleriaPosition, text: str
    ) -> tuple[KavaleriaMove, KavaleriaPosition]:
        """The legal move ``text`` names and the position after it."""
        return check_and_play(position, text)

    def advancer(
        self,
    ) -> Callable[[KavaleriaPosition, str], tuple[KavaleriaMove, KavaleriaPosition]]:
        """:meth:`advance`'s function itself (a loop over plies calls it directly)."""
        return check_and_play

    # End of game ----------------------------------------------------------------------

    def outcome(self, position: KavaleriaPosition) -> Outcome | None:
        """A win for the side whose opponent has lost its Voivode; otherwise ``None``.

        A side with no legal move does not end the game by rule (the record may stop there
        with any result).
        """
        board = position.board
        if WHITE_VOIVODE in board and BLACK_VOIVODE in board:
            return None
        return _voivode_lost(board)

    # Pictures ---------------------------------------------------------------------------

    def square_contents(self) -> SquareContents:
        """How a position pattern names and reads the squares (:data:`SQUARE_CONTENTS`)."""
        return SQUARE_CONTENTS

    def picture(
        self,
        position: KavaleriaPosition,
        last: KavaleriaMove | None = None,
        notation: str | None = None,
    ) -> Picture:
        """The board with its point names in ``notation`` and who is to move or how the
        game ended, with the rule options the record chose."""
        over = self.outcome(position)
        status = f"Game over: {over.reason}" if over else f"{position.turn.title} to move"
        if position.options:
            status += f" (rules: {', '.join(sorted(position.options))})"
        return Picture("kavaleria", "Kavaleria position", status, position, last, notation)

    def render_text(
        self,
        position: KavaleriaPosition,
        last: KavaleriaMove | None = None,
        notation: str | None = None,
    ) -> str:
        """The brick board, row G on top; ``[ ]`` marks the points of the last move."""
        marked = set(last.path) if last is not None else set()
        lines = []
        for row in reversed(range(7)):
            cells = [" "] * 27
            for p in range(POINT_COUNT):
                if POINT_ROW[p] != row:
                    continue
                col = 3 + 2 * POINT_X[p]
                cells[col] = _symbol(position.board[p])
                if p in marked:
                    cells[col - 1], cells[col + 1] = "[", "]"
            first = POINT_NAMES.index(f"{ROWS[row]}1")
            last_number = first + ROW_LENGTHS[row]
            span = f"{ROWS[row]}1-{ROWS[row]}{ROW_LENGTHS[row]} = {first + 1}-{last_number}"
            lines.append(f"{ROWS[row]} {''.join(cells)}   {span}".rstrip())
        over = self.outcome(position)
        status = f"Game over: {over.reason}." if over else f"{position.turn.title} to move."
        if position.options:
            status += f" Rules: {', '.join(sorted(position.options))}."
        lines.append(status)
        lines.append("White C cavalryman, S Sotnyk, V Voivode; Black c, s, v; . empty")
        return "\n".join(lines)


# Setup tags ----------------------------------------------------------------------------


def parse_rules(text: str) -> frozenset[str]:
    """The rule options a ``Rules`` tag names (comma-separated)."""
    options = set()
    for written, name in rule_options(text):
        if name not in RULE_OPTIONS:
            raise unknown_option(written, "Kavaleria", RULE_OPTIONS)
        options.add(name)
    return frozenset(options)


_FEN_ITEM = compiled(r"([SV]?)([A-Z]?[0-9]+)(?:-([A-Z]?[0-9]+))?")


SETUPS: TextCache[tuple[tuple[int, ...], Side]] = TextCache(256)
"""The ``FEN`` tags read (those refused are read again each time)."""


def parse_fen(text: str) -> tuple[tuple[int, ...], Side]:
    """The board and side to move a ``FEN`` tag describes."""
    setup = SETUPS.get(text)
    if setup is None:
        setup = SETUPS.keep(text, _parse_fen(text))
    return setup


def _parse_fen(text: str) -> tuple[tuple[int, ...], Side]:
    """The board and side to move a ``FEN`` tag describes, read."""
    fields = fen_fields(text, "Kavaleria")
    board = [EMPTY] * POINT_COUNT
    for side in Side:
        for item in fen_items(fields.pieces[side].upper()):
            for point, kind in _fen_item(text, item):
                if board[point]:
                    raise fen_error(text, f"{POINT_NAMES[point]} is given twice")
                if kind == CAVALRYMAN and POINT_ROW[point] == FAR_ROW[side]:
                    raise fen_error(
                        text,
                        f"a {side.title} cavalryman cannot stand on {POINT_NAMES[point]}, "
                        "where it would be a Sotnyk",
                    )
                board[point] = piece(side, kind)
    for side in Side:
        voivodes = [POINT_NAMES[p] for p, v in enumerate(board) if v == piece(side, VOIVODE)]
        if len(voivodes) > 1:
            raise fen_error(
                text,
                f"{side.title} has {len(voivodes)} Voivodes ({', '.join(voivodes)}); "
                "a side has at most one",
            )
    if WHITE_VOIVODE not in board and BLACK_VOIVODE not in board:
        raise fen_error(text, "neither side has a Voivode")
    return tuple(board), fields.turn


def _fen_item(text: str, item: str) -> list[tuple[int, int]]:
    """The (point, kind) pairs one FEN item (``A1``, ``SB3``, ``VG3``, ``B1-B6``) gives."""
    match = _FEN_ITEM.fullmatch(item)
    if match is None:
        raise fen_error(text, f"{item!r} is not a piece (e.g. C2, SB3, VA3, B1-B6)")
    letter, first, last = match.groups()
    kind = {"": CAVALRYMAN, "S": SOTNYK, "V": VOIVODE}[letter]
    ends = []
    for token in (first, last or first):
        point = read_point(token)
        if isinstance(point, str):
            raise fen_error(text, point)
        ends.append(point)
    if ends[1] < ends[0]:
        raise fen_error(text, f"the range {item} runs backwards")
    return [(p, kind) for p in range(ends[0], ends[1] + 1)]


_NO_OPTIONS: Final[frozenset[str]] = frozenset()
_START: Final = KavaleriaPosition(*_parse_fen(START_FEN), _NO_OPTIONS)
"""The standard start, without rule options."""


def write_fen(board: tuple[int, ...], turn: Side, notation: str = COORDINATE) -> str:
    """The ``FEN`` text for a board and side to move; runs of 3+ like pieces become ranges.

    In coordinate notation a range stays within one row; in numeric notation it may not.
    """
    fields = ["W" if turn is Side.WHITE else "B"]
    for side, letter in ((Side.WHITE, "W"), (Side.BLACK, "B")):
        items: list[str] = []
        run: list[int] = []
        for p, value in enumerate(board):
            if run and value == board[run[-1]] and _may_join(run[0], p, notation):
                run.append(p)
                continue
            if run:
                items.extend(_fen_run(run, board[run[0]] & 3, notation))
            run = [p] if value and owner(value) == side else []
        if run:
            items.extend(_fen_run(run, board[run[0]] & 3, notation))
        fields.append(letter + ",".join(items))
    return ":".join(fields)


def _may_join(first: int, point: int, notation: str) -> bool:
    """Whether ``point`` may end a FEN range that begins at ``first``."""
    return notation == NUMERIC or POINT_ROW[first] == POINT_ROW[point]


def _fen_run(run: list[int], kind: int, notation: str) -> list[str]:
    """FEN items for consecutive points holding the same piece."""
    letter = KIND_LETTERS[kind]
    if len(run) >= 3:
        return [f"{letter}{point_name(run[0], notation)}-{point_name(run[-1], notation)}"]
    return [f"{letter}{point_name(p, notation)}" for p in run]


# Move generation -------------------------------------------------------------------------


def _directions(side: Side, kind: int, no_backward: bool, capture: bool) -> tuple[int, ...]:
    """The directions a piece may move (or capture) in."""
    if kind == VOIVODE:
        return ALL_DIRECTIONS
    if kind == CAVALRYMAN and not capture:
        return FORWARD[side] + SIDEWAYS
    if no_backward:
        return FORWARD[side] + SIDEWAYS
    return ALL_DIRECTIONS


def _add_captures(
    board: tuple[int, ...],
    side: Side,
    no_backward: bool,
    start: int,
    here: int,
    kind: int,
    path: tuple[int, ...],
    taken: tuple[int, ...],
    moves: list[KavaleriaMove],
) -> None:
    """Add every capture chain going on from ``path`` (``start`` counts as empty)."""
    for d in _directions(side, kind, no_backward, capture=True):
        ray = RAYS[here][d]
        if kind == SOTNYK:
            i = 0
            while i < len(ray) and (ray[i] == start or not board[ray[i]]):
                i += 1
            if i == len(ray):
                continue
            victim, beyond = ray[i], ray[i + 1 :]
        else:
            if len(ray) < 2 or ray[0] == start or not board[ray[0]]:
                continue
            victim, beyond = ray[0], ray[1:2]
        if owner(board[victim]) == side or victim in taken:
            continue
        for landing in beyond:
            if landing != start and board[landing]:
                break
            chain, jumped = (*path, landing), (*taken, victim)
            moves.append(KavaleriaMove(chain, jumped))
            if board[victim] & 3 == VOIVODE:
                continue
            promoted = kind == CAVALRYMAN and POINT_ROW[landing] == FAR_ROW[side]
            _add_captures(
                board,
                side,
                no_backward,
                start,
                landing,
                SOTNYK if promoted else kind,
                chain,
                jumped,
                moves,
            )


# Checking one written move -----------------------------------------------------------------


def _check_move(
    position: KavaleriaPosition,
    points: tuple[int, ...],
    capture: bool,
    notation: str,
) -> KavaleriaMove:
    """The move ``points`` describe if the rules allow it; else :class:`IllegalMove`."""
    board, side = position.board, position.turn
    names = POINT_NUMBERS if notation == NUMERIC else POINT_NAMES
    start = points[0]
    value = board[start]
    if not value:
        raise IllegalMove(EMPTY_START, f"there is no piece on {names[start]}")
    if owner(value) != side:
        raise IllegalMove(
            NOT_YOURS,
            f"the piece on {names[start]} is {side.other.title}'s; {side.title} is to move",
        )
    kind = value & 3
    no_backward = NO_BACKWARD in position.options and kind != VOIVODE
    if not capture:
        target = points[1]
        if target == start:
            raise IllegalMove(NOT_NEIGHBOUR, f"a step must leave {names[start]}")
        line = LINE[start].get(target)
        if kind == SOTNYK:
            if line is None:
                raise IllegalMove(
                    NOT_ON_LINE, f"{names[target]} is not on a straight line from {names[start]}"
                )
        elif line is None or line[1] != 1:
            raise IllegalMove(
                NOT_NEIGHBOUR, f"{names[target]} is not a neighbour of {names[start]}"
            )
        direction, steps = line
        if direction in _BACKWARD[side]:
            if kind == CAVALRYMAN:
                raise IllegalMove(STEP_BACKWARD, "a cavalryman never steps backward")
            if no_backward:
                raise IllegalMove(
                    OPTION_BACKWARD, "the no-backward rule forbids a Sotnyk to move backward"
                )
        for on_the_way in RAYS[start][direction][: steps - 1]:
            if board[on_the_way]:
                raise IllegalMove(
                    BLOCKED,
                    f"the way from {names[start]} to {names[target]} is blocked at "
                    f"{names[on_the_way]}",
                )
        if board[target]:
            raise IllegalMove(OCCUPIED, f"{names[target]} is occupied")
        return _new(KavaleriaMove, ((start, target), ()))

    here = start
    taken: list[int] = []
    for target in points[1:]:
        if taken and board[taken[-1]] & 3 == VOIVODE:
            raise IllegalMove(
                AFTER_VOIVODE,
                f"the jump to {names[here]} took the {side.other.title} Voivode on "
                f"{names[taken[-1]]}, which ends the game; no jump may follow",
            )
        if target == here:
            raise IllegalMove(NOT_ON_LINE, f"a jump must leave {names[here]}")
        line = LINE[here].get(target)
        if line is None:
            raise IllegalMove(
                NOT_ON_LINE, f"{names[target]} is not on a straight line from {names[here]}"
            )
        direction, steps = line
        if no_backward and direction in _BACKWARD[side]:
            raise IllegalMove(
                OPTION_BACKWARD,
                f"the no-backward rule forbids a {KIND_NAMES[kind]} to capture backward",
            )
        between = RAYS[here][direction][: steps - 1]
        if kind != SOTNYK and steps > 2:
            raise IllegalMove(
                JUMP_TOO_LONG,
                f"a {KIND_NAMES[kind]} jumps over an adjacent piece onto the point right "
                f"behind it; {names[target]} is {steps} steps from {names[here]}",
            )
        in_the_way = [p for p in between if p != start and board[p]]
        if not in_the_way:
            raise IllegalMove(
                NOTHING_TAKEN,
                f"there is no piece between {names[here]} and {names[target]} to capture",
            )
        victim = in_the_way[0]
        if owner(board[victim]) == side:
            raise IllegalMove(OWN_PIECE, f"{names[victim]} holds {side.title}'s own piece")
        if victim in taken:
            raise IllegalMove(TAKEN_TWICE, f"{names[victim]} was already jumped in this capture")
        if len(in_the_way) > 1:
            passed = " and ".join(names[p] for p in in_the_way)
            raise IllegalMove(
                TWO_IN_THE_WAY,
                f"the jump from {names[here]} to {names[target]} passes over {passed}; "
                "a jump takes one piece",
            )
        if target != start and board[target]:
            raise IllegalMove(OCCUPIED, f"{names[target]} is occupied")
        taken.append(victim)
        here = target
        if kind == CAVALRYMAN and POINT_ROW[here] == FAR_ROW[side]:
            kind = SOTNYK
    return _new(KavaleriaMove, (tuple(points), tuple(taken)))


def _voivode_lost(board: tuple[int, ...]) -> Outcome:
    """The win of the side whose Voivode is on ``board`` (one side's has been taken)."""
    winner = Side.WHITE if WHITE_VOIVODE in board else Side.BLACK
    return Outcome(winner, f"{winner.title} captured the {winner.other.title} Voivode")


def check_move(position: KavaleriaPosition, text: str) -> KavaleriaMove:
    """The legal move ``text`` names, checked directly against the rules; else
    :class:`IllegalMove`."""
    return check_and_play(position, text)[0]


def play_move(position: KavaleriaPosition, move: KavaleriaMove) -> KavaleriaPosition:
    """The position after a legal move: the piece moved, the pieces jumped removed, a
    cavalryman that reached or crossed the far row promoted, the turn passed."""
    board = list(position.board)
    side: int = position.turn  # a machine integer in the compiled build
    path, taken = move
    value = board[path[0]]
    board[path[0]] = EMPTY
    for point in taken:
        board[point] = EMPTY
    if value & 3 == CAVALRYMAN:
        far = _FAR_ROWS[side]
        for point in path:
            if POINT_ROW[point] == far:
                value = _SOTNYKS[side]
                break
    board[path[-1]] = value
    result = tuple(board)
    options = position.options
    again = bool(taken) and EXTRA_TURN in options
    if again and WHITE_VOIVODE in result and BLACK_VOIVODE in result:
        return _new(KavaleriaPosition, (result, position.turn, options))
    return _new(KavaleriaPosition, (result, _OTHER[side], options))


def check_and_play(
    position: KavaleriaPosition, text: str
) -> tuple[KavaleriaMove, KavaleriaPosition]:
    """The legal move ``text`` names and the position after it (:meth:`Kavaleria.advance`);
    else :class:`IllegalMove`."""
    board, turn, options = position
    if board is not _ALIVE[0] and (WHITE_VOIVODE not in board or BLACK_VOIVODE not in board):
        over = _voivode_lost(board)
        raise IllegalMove(GAME_OVER, f"the game is over: {over.reason}", show_legal=False)
    side: int = turn  # a machine integer in the compiled build
    read = MOVE_TEXTS.get(text)
    if read is None:
        read = MOVE_TEXTS.keep(text, _read_move_text(text))
    if isinstance(read, IllegalMove):
        raise IllegalMove(read.code, str(read))
    notation, points, capture, step, backward, promotes, jumps = read
    if step is not None:
        # A step to a free neighbour in a direction the piece may take passes every check.
        start, target = points[0], points[1]
        value = board[start]
        if value and value >> 2 == side and not board[target]:
            kind = value & 3
            if (
                not backward[side]
                or kind == VOIVODE
                or (kind == SOTNYK and NO_BACKWARD not in options)
            ):
                after = list(board)
                after[start] = EMPTY
                promoted = kind == CAVALRYMAN and promotes[side]
                after[target] = _SOTNYKS[side] if promoted else value
                made = _ALIVE[0] = tuple(after)
                return step, _new(KavaleriaPosition, (made, _OTHER[side], options))
    if jumps is not None:
        taken = _jumped(board, side, options, points[0], jumps)
        if taken is not None:
            move = _new(KavaleriaMove, (points, taken))
            return move, play_move(position, move)
    move = _check_move(position, points, capture, notation)
    return move, play_move(position, move)


_ALIVE: Final[list[tuple[int, ...]]] = [()]
"""The board the last step made (from a board with both Voivodes, so it has both): the
next ply, which is most often played from it, need not look for them. One entry, compared
by identity and held, so that its identity is not reused."""


def _jumped(
    board: tuple[int, ...],
    side: int,
    options: frozenset[str],
    start: int,
    jumps: tuple[tuple[int, int, int], ...],
) -> tuple[int, ...] | None:
    """The pieces taken by a capture of jumps two steps long that passes every check of
    :func:`_check_move`; ``None`` when one fails (that function then says why)."""
    value = board[start]
    if not value or value >> 2 != side:
        return None
    no_backward = NO_BACKWARD in options and value & 3 != VOIVODE
    taken: list[int] = []
    for direction, victim, target in jumps:
        if taken and board[taken[-1]] & 3 == VOIVODE:
            return None
        if no_backward and direction in _BACKWARD[side]:
            return None
        jumped = board[victim]
        if victim == start or not jumped or jumped >> 2 == side or victim in taken:
            return None
        if target != start and board[target]:
            return None
        taken.append(victim)
    return tuple(taken)


# Pictures ----------------------------------------------------------------------------------


def _symbol(value: int) -> str:
    """One character for a board value."""
    if not value:
        return "."
    letter = "CSV"[(value & 3) - 1]
    return letter if owner(value) == Side.WHITE else letter.lower()
