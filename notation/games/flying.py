"""The draughts board and its move generation: the geometry of an n x n board, the fields
of its positions and moves, the squares a FEN piece list names, its text diagram, and
the one move generation of every draughts game, by the rules it is given.

Every draughts game plays on an n x n board (n even: 8, 10, 12, ...) whose dark squares
are numbered 1.. row by row from Black's side, White's men going toward row 0, and named
by file (a, b, ...) and rank (1..n). Men step diagonally forward and capture by short
jumps; captured pieces leave the board when the move is complete (Turkish strike), and
the side to move with no legal move loses. What differs is given to
:class:`DraughtsEngine`:

- ``size``: the board's side (even, from 4 up; its squares are named by file and rank
  only up to :data:`MAX_FILES` files, a to z);
- ``majority``: a capture must take the most pieces (FMJD); without it the player chooses
  freely, a capture once begun must be completed, and a flying king lands, behind each
  piece it takes, where it can capture again if it can anywhere (Russian);
- ``crown_mid_capture``: a man reaching the far row during a capture is crowned at once
  and captures on as a king (Russian); otherwise only a man that ends its move there is;
- ``flying_kings``: kings move and capture along whole diagonals (FMJD, Russian), or one
  step and one short jump at a time (English);
- ``men_capture_backward``: men capture backward as well as forward (FMJD, Russian), or
  forward only (English).

Positions are any ``(white, black, kings, turn)`` tuple of bitboards on the board's
layout (:class:`Board`), row 0 being the top rank and column 0 file a. A
game's position and move types subclass :class:`DraughtsPosition` and
:class:`DraughtsMove` (or, for a move with more fields, repeat its fields).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from notation.games.base import Outcome, Side
from notation.games.draughts_tuples import DraughtsMove as DraughtsMove
from notation.games.draughts_tuples import DraughtsPosition as DraughtsPosition
from notation.games.tags import fen_error
from notation.lazy import compiled

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re
    from typing import Any

Route = tuple[tuple[int, ...], int]
"""A capture route: the square numbers visited (start first) and the captured mask.

The search works on square numbers so that a route's path is already a move's path.
"""

Bitboards = tuple[int, int, int, Side]
"""A position as the move generation reads it: white, black, kings, side to move."""


FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"
"""The files' letters, a to z (:data:`string.ascii_lowercase`, without importing it)."""
MAX_FILES = len(FILE_LETTERS)
"""The most files a board's squares are named on, a to z: a larger board has square numbers
only (of any number of digits), and no alphanumeric notation."""

_CHUNK = 9
_CHUNK_MASK = (1 << _CHUNK) - 1
"""The layout bits :meth:`Board.cell_mask` looks up at once."""

DIRECTIONS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
"""North-west, north-east (toward the top rank, White's far row), south-west, south-east."""


def bits(mask: int) -> Iterable[int]:
    """The layout indexes of the set bits of ``mask``."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Board:
    """The geometry of an n x n draughts board: its dark squares, numbered 1.. row by row
    from Black's side, and the tables every draughts game on it reads.

    Positions are bitboards on the board's own layout, which is no concern of the games:
    they read and write squares through :attr:`bit` (a square's mask),
    :meth:`squares_in` (the squares of a mask), :attr:`row`, :attr:`column` and
    :attr:`grid`. The layout holds the dark squares only, in their order, with a spare
    (never occupied) bit after each pair of rows: square ``n`` is bit ``n - 1 + (n - 1) //
    size``, so that a step in each direction is one shift whatever the column (a step off
    the board's side lands on a spare bit) and every board up to 10 x 10 fits in 64 bits.
    The tables indexed by a layout index (:attr:`next`, :attr:`rays`, :attr:`square_of`)
    are the engine's.
    """

    def __init__(self, size: int) -> None:
        if size % 2 or size < 4:
            raise ValueError(f"a draughts board is n x n, n even from 4 up, not {size}")
        half = size // 2
        self.size = size
        self.squares = range(1, half * size + 1)
        """The square numbers."""
        self.files = FILE_LETTERS[:size] if size <= MAX_FILES else ""
        """The file letters, a first (none on a board of more than :data:`MAX_FILES` files)."""
        squares = self.squares
        self.row = [-1] + [(n - 1) // half for n in squares]
        """The row of each square number, row 0 the top rank (White's far row)."""
        self.column = [-1] + [2 * ((n - 1) % half) + 1 - self.row[n] % 2 for n in squares]
        """The column of each square number, column 0 file a."""
        self.grid = [[0] * size for _ in range(size)]
        """The square number at each row and column (0 on light squares)."""
        for n in squares:
            self.grid[self.row[n]][self.column[n]] = n
        self.index = [-1] + [n - 1 + (n - 1) // size for n in squares]
        """The layout index of each square number."""
        cells = self.index[-1] + 1
        self.bit = [0] + [1 << self.index[n] for n in squares]
        """The mask of each square number (index 0: none)."""
        self.square_at = {self.index[n]: n for n in squares}
        """The square number at each dark layout index."""
        self.square_of = [self.square_at.get(i, 0) for i in range(cells)]
        """The square number at each layout index (0 on a spare bit)."""
        self.name = [""] + [
            self.files[self.column[n]] + str(size - self.row[n]) if self.files else ""
            for n in squares
        ]
        """The algebraic name of each square number (``c3``; empty on a board too large to
        name its squares)."""
        self.number_of_name = {self.name[n]: n for n in squares if self.files}
        self.dark = sum(self.bit)
        """The mask of every dark square."""
        self.wide, self.narrow = half + 1, half
        """The shifts of a step: north-west ``>> wide``, north-east ``>> narrow``,
        south-west ``<< narrow``, south-east ``<< wide``."""

        def step(index: int, direction: int) -> int:
            square = self.square_of[index]
            if not square:
                return -1
            drow, dcol = DIRECTIONS[direction]
            row, col = self.row[square] + drow, self.column[square] + dcol
            return self.index[self.grid[row][col]] if 0 <= row < size and 0 <= col < size else -1

        self.next = [[step(i, d) for i in range(cells)] for d in range(4)]
        """The layout index one step away in each direction, by direction (-1 off the board)."""

        def ray(index: int, direction: int) -> tuple[int, ...]:
            out = []
            index = self.next[direction][index]
            while index >= 0:
                out.append(index)
                index = self.next[direction][index]
            return tuple(out)

        self.rays = [[ray(i, d) for d in range(4)] for i in range(cells)]
        """The layout indexes from each index (excluded) to the edge, by direction."""
        self.ray_mask = [
            [sum(1 << j for j in self.rays[i][d]) for d in range(4)] for i in range(cells)
        ]
        self.between = [[-1] * (len(squares) + 1) for _ in range(len(squares) + 1)]
        """The mask strictly between two squares on one diagonal, by square numbers; -1
        when they share none."""
        for n in squares:
            for d in range(4):
                mask = 0
                for j in self.rays[self.index[n]][d]:
                    self.between[n][self.square_at[j]] = mask
                    mask |= 1 << j
        nxt = self.next
        index = self.index
        self.forward = (
            [0] + [sum(1 << j for d in (0, 1) if (j := nxt[d][index[n]]) >= 0) for n in squares],
            [0] + [sum(1 << j for d in (2, 3) if (j := nxt[d][index[n]]) >= 0) for n in squares],
        )
        """A man's quiet steps from each square, by side: White toward row 0."""
        last = len(squares)
        self.promotion = (sum(self.bit[1 : half + 1]), sum(self.bit[last - half + 1 : last + 1]))
        """The row where each side's men are crowned, by side."""
        self._cell_tables: list[list[int]] = []

    def squares_in(self, mask: int) -> list[int]:
        """The square numbers of a mask, in increasing order."""
        square_of = self.square_of
        return [square_of[i] for i in bits(mask)]

    def cell_mask(self, mask: int) -> int:
        """The squares of a mask as bits ``size * row + column``: a form of a position's
        pieces that does not depend on the layout (the one its index keys are made of)."""
        out = 0
        for table in self._cell_tables or self._make_cell_tables():
            if not mask:
                break
            out |= table[mask & _CHUNK_MASK]
            mask >>= _CHUNK
        return out

    def _make_cell_tables(self) -> list[list[int]]:
        """:meth:`cell_mask`'s tables, one for each :data:`_CHUNK` bits of the layout, made
        when first asked for (most runs make no index key)."""
        size = self.size
        cell = [0] + [1 << (size * self.row[n] + self.column[n]) for n in self.squares]
        by_index = [cell[n] for n in self.square_of]
        by_index += [0] * (-len(by_index) % _CHUNK)
        self._cell_tables = [
            [
                sum(by_index[start + j] for j in range(_CHUNK) if value >> j & 1)
                for value in range(1 << _CHUNK)
            ]
            for start in range(0, len(by_index), _CHUNK)
        ]
        return self._cell_tables

    def after(
        self,
        position: Bitboards,
        path: Sequence[int],
        captured: Iterable[int],
        crowned: bool = False,
    ) -> Bitboards:
        """The bitboards after a move along ``path`` that takes the pieces on ``captured``
        (square numbers); a man that ends on its far row, or is ``crowned`` on the way,
        becomes a king."""
        white, black, kings, turn = position
        bit = self.bit
        start, end = bit[path[0]], bit[path[-1]]
        removed = 0
        for square in captured:
            removed |= bit[square]
        if removed:
            kings &= ~removed
            if turn:
                white &= ~removed
            else:
                black &= ~removed
        if kings & start:
            kings = (kings ^ start) | end
        elif crowned or end & self.promotion[turn]:
            kings |= end
        if turn:
            return white, (black ^ start) | end, kings, Side.WHITE
        return (white ^ start) | end, black, kings, Side.BLACK

    def captured_squares(self, captured: int) -> tuple[int, ...]:
        """The square numbers of a captured mask, in increasing order."""
        square_of = self.square_of
        if captured.bit_count() == 1:  # the common case: one piece taken
            return (square_of[captured.bit_length() - 1],)
        squares = []
        while captured:
            bit = captured & -captured
            captured ^= bit
            squares.append(square_of[bit.bit_length() - 1])
        return tuple(squares)


def square_pattern(size: int) -> str:
    """The regular expression of a square named by file and rank on an n x n board
    (``[a-h][1-8]``, ``[a-l](?:12|11|10|[1-9])``); a board of more than :data:`MAX_FILES`
    files names no square (``ValueError``)."""
    if size > MAX_FILES:
        raise ValueError(
            f"squares are named by file a to z: a board of at most {MAX_FILES} files, "
            f"not {size}; number its squares instead"
        )
    tens = "".join(f"{rank}|" for rank in range(size, 9, -1))
    ranks = f"(?:{tens}[1-9])" if tens else f"[1-{size}]"
    return f"[a-{FILE_LETTERS[size - 1]}]{ranks}"


def number_digits(size: int) -> int:
    """The most digits a square number of an n x n board is read with: its last square's,
    and two at least (a longer number is not a square at all, rather than one not on it)."""
    return max(2, len(str(size * size // 2)))


def _fen_token(board: Board) -> re.Pattern[str]:
    """One entry of a FEN piece list on ``board``: a king's ``k``, then a number, a range
    or a square named by file and rank (ranks up to 26 have two digits)."""
    number = f"[0-9]{{1,{number_digits(board.size)}}}"
    return compiled(rf"(k?)(?:({number})(?:-({number}))?|([a-z][0-9]{{1,2}}))")


def fen_squares(
    value: str, fen: str, board: Board, *, alphanumeric: bool
) -> list[tuple[int, bool]]:
    """The (square, is king) pairs a FEN piece list names (whitespace anywhere ignored):
    numbers of the squares of ``board``, ranges, and, with ``alphanumeric``, squares named
    by file and rank."""
    last = len(board.squares)
    names = board.number_of_name if alphanumeric else None
    pieces: list[tuple[int, bool]] = []
    field = "".join(value.split()).lower()
    if not field:
        return pieces
    shape = _fen_token(board)
    for token in field.split(","):
        if not token:
            raise fen_error(fen, "a piece list has an empty entry")
        match = shape.fullmatch(token)
        if match is None or (names is None and match.group(4)):
            raise fen_error(fen, f"{token!r} is not a square")
        king = bool(match.group(1))
        if names is not None and match.group(4):
            name = match.group(4)
            if name not in names:
                if compiled(square_pattern(board.size)).fullmatch(name):
                    raise fen_error(fen, f"{name} is a light square")
                raise fen_error(fen, f"there is no square {name}")
            pieces.append((names[name], king))
            continue
        first = int(match.group(2))
        final = int(match.group(3)) if match.group(3) else first
        for number in (first, final):
            if not 1 <= number <= last:
                raise fen_error(fen, f"there is no square {number}")
        if final < first:
            raise fen_error(fen, f"the range {first}-{final} runs backward")
        pieces.extend((n, king) for n in range(first, final + 1))
    return pieces


def fen_bitboards(
    pieces: tuple[str, str],
    fen: str,
    board: Board,
    *,
    alphanumeric: bool,
    name: Callable[[int], str] = str,
) -> tuple[int, int, int]:
    """The white, black and kings bitboards of a FEN tag's two piece lists (White's, then
    Black's; :func:`fen_squares` reads them). A square given twice and a man on the row
    where it is crowned are errors of the ``FEN`` tag, naming the square by ``name``."""
    boards = [0, 0]
    kings = 0
    for side in Side:
        for square, king in fen_squares(pieces[side], fen, board, alphanumeric=alphanumeric):
            bit = board.bit[square]
            if (boards[0] | boards[1]) & bit:
                raise fen_error(fen, f"square {name(square)} is given twice")
            if not king and board.promotion[side] & bit:
                raise fen_error(
                    fen,
                    f"a {side.title} man cannot stand on {name(square)}, the row where it is "
                    f"crowned; write K{name(square)} for a king",
                )
            boards[side] |= bit
            if king:
                kings |= bit
    return boards[0], boards[1], kings


def board_text(
    board: Board,
    position: tuple[int, int, int, Side],
    marked: set[int],
    status: str,
    *,
    numbered: bool = False,
) -> str:
    """The board of a (white, black, kings, turn) position from White's side, the squares
    ``marked`` (numbers) in brackets, then ``status``. Squares are labelled as the
    record's notation names them: files and ranks around the board (alphanumeric), or,
    when ``numbered``, each dark square's number beside it (numeric), as English
    diagrams are."""
    white, black, kings, _ = position
    size = board.size
    width = len(str(size))
    digits = len(str(size * size // 2))
    files = " " * (width + 2) + "".join(f" {f} " for f in board.files)
    lines = [] if numbered else [files]
    for row in range(size):
        cells = []
        for col in range(size):
            square = board.grid[row][col]
            if not square:
                cells.append(" " * (digits + 3) if numbered else "   ")
                continue
            bit = board.bit[square]
            char = "."
            if white & bit:
                char = "W" if kings & bit else "w"
            elif black & bit:
                char = "B" if kings & bit else "b"
            cell = f"[{char}]" if square in marked else f" {char} "
            cells.append(f"{square:>{digits}}{cell}" if numbered else cell)
        rank = size - row
        if numbered:
            lines.append(" " + "".join(cells))
        else:
            lines.append(f" {rank:>{width}} " + "".join(cells) + f" {rank}")
    if not numbered:
        lines.append(files)
    lines.append(status)
    return "\n".join(line.rstrip() for line in lines)


class DraughtsEngine(Board):
    """A board and the move generation of one set of draughts rules (see the module's
    docstring for what they may be).

    The functions are built once, as closures over the tables, so that the hot paths read
    no attribute.
    """

    def __init__(
        self,
        size: int,
        *,
        majority: bool,
        crown_mid_capture: bool,
        flying_kings: bool = True,
        men_capture_backward: bool = True,
    ) -> None:
        super().__init__(size)
        self.majority = majority
        """Whether a capture must take the most pieces."""
        self.crown_mid_capture = crown_mid_capture
        """Whether a man reaching the far row during a capture is crowned and captures on."""
        self.flying_kings = flying_kings
        """Whether kings move and capture along whole diagonals (else one step, one jump)."""
        self.men_capture_backward = men_capture_backward
        """Whether men capture backward as well as forward."""
        nxt, index, squares = self.next, self.index, self.squares
        square_of = self.square_of
        self.jumps = [()] + [
            tuple(
                (1 << over, square_of[land], 1 << land)
                for d in range(4)
                if (over := nxt[d][index[n]]) >= 0 and (land := nxt[d][over]) >= 0
            )
            for n in squares
        ]
        """A man's jumps from each square: (bit jumped over, landing square, landing bit)."""
        self.jumped = [0] + [sum(over for over, _, _ in self.jumps[n]) for n in squares]
        """The squares a man on each square could jump over, to rule out every jump at once."""
        if men_capture_backward:
            self.man_jumps = (self.jumps, self.jumps)
        else:  # White's men jump toward row 0 (to a lower square number), Black's away

            def forward_jumps(side: Side) -> list[tuple[tuple[int, int, int], ...]]:
                return [()] + [
                    tuple(j for j in self.jumps[n] if (j[1] < n) is (side is Side.WHITE))
                    for n in squares
                ]

            self.man_jumps = (forward_jumps(Side.WHITE), forward_jumps(Side.BLACK))
        """A man's jumps from each square, by side."""
        self.man_jumped = (
            [0] + [sum(over for over, _, _ in self.man_jumps[0][n]) for n in squares],
            [0] + [sum(over for over, _, _ in self.man_jumps[1][n]) for n in squares],
        )
        """The squares a man of each side could jump over from each square."""
        self.ray_bits = [()] + [
            tuple(tuple((square_of[j], 1 << j) for j in self.rays[index[n]][d]) for d in range(4))
            for n in squares
        ]
        """A king's rays from each square as (square, bit) pairs."""
        self.jump_over = [[0] * (len(squares) + 1) for _ in range(len(squares) + 1)]
        """The bit a man jumps over from one square to another, by square numbers; 0 when
        no jump joins them."""
        for n in squares:
            for over, land, _ in self.jumps[n]:
                self.jump_over[n][land] = over
        self.cross = [(1 << i) | sum(masks) for i, masks in enumerate(self.ray_mask)]
        """Each layout index and its four rays."""
        self._build(majority, crown_mid_capture, flying_kings, men_capture_backward)

    def _build(self, majority: bool, crown_mid_capture: bool, flying: bool, backward: bool) -> None:
        """Make the move generation's functions, as closures over the tables."""
        wide, narrow = self.wide, self.narrow
        nxt, ray_mask, jumps, jumped, ray_bits = (
            self.next,
            self.ray_mask,
            self.jumps,
            self.jumped,
            self.ray_bits,
        )
        man_jumps, man_jumped = self.man_jumps, self.man_jumped
        square_of, dark, promotions = self.square_of, self.dark, self.promotion
        cross = self.cross
        ray_nw, ray_ne, ray_sw, ray_se = ([masks[d] for masks in ray_mask] for d in range(4))
        white_side = Side.WHITE

        def can_capture(own: int, opp: int, kings: int, empty: int, turn: Side) -> bool:
            """Whether the side owning ``own`` (``turn``) has a capture."""
            own_kings = own & kings
            if own_kings:
                return can_capture_with_kings(own_kings, own ^ own_kings, opp, empty)
            # The enemies next to a man each way (mostly none: this runs on every quiet
            # ply), then the empty squares behind them.
            return bool(
                ((near := (own >> wide) & opp) and (near >> wide) & empty)
                or ((near := (own >> narrow) & opp) and (near >> narrow) & empty)
                or ((near := (own << narrow) & opp) and (near << narrow) & empty)
                or ((near := (own << wide) & opp) and (near << wide) & empty)
            )

        def can_capture_with_kings(own_kings: int, men: int, opp: int, empty: int) -> bool:
            """Whether a side with kings can capture, by one of its ``men`` or of its
            ``own_kings``."""
            # The squares from which a jump goes each way: an enemy next to them that way,
            # an empty square behind it (spare bits among them hold no piece).
            north_west = ((empty << wide) & opp) << wide
            north_east = ((empty << narrow) & opp) << narrow
            south_west = ((empty >> narrow) & opp) >> narrow
            south_east = ((empty >> wide) & opp) >> wide
            return bool(
                men & (north_west | north_east | south_west | south_east)
            ) or kings_can_capture(
                own_kings, dark ^ empty, north_west, north_east, south_west, south_east
            )

        def kings_can_capture(
            own_kings: int,
            occupied: int,
            north_west: int,
            north_east: int,
            south_west: int,
            south_east: int,
        ) -> bool:
            """Whether a king of ``own_kings`` can capture, given the squares from which a
            short jump goes each way (an enemy next to them that way, an empty square behind
            it): a king captures one way when one of them is on its ray, the king's own
            square included, with nothing between."""
            anywhere = north_west | north_east | south_west | south_east
            while own_kings:
                bit = own_kings & -own_kings
                own_kings ^= bit
                index = bit.bit_length() - 1
                if not cross[index] & anywhere:
                    continue
                # Toward row 0 (north) the nearest square is the highest bit.
                near = (bit | ray_nw[index]) & north_west
                if near and not (ray_nw[index] ^ ray_nw[near.bit_length() - 1]) & occupied:
                    return True
                near = (bit | ray_ne[index]) & north_east
                if near and not (ray_ne[index] ^ ray_ne[near.bit_length() - 1]) & occupied:
                    return True
                near = (bit | ray_sw[index]) & south_west
                if near:
                    near &= -near
                    if not (ray_sw[index] ^ ray_sw[near.bit_length() - 1]) & occupied:
                        return True
                near = (bit | ray_se[index]) & south_east
                if near:
                    near &= -near
                    if not (ray_se[index] ^ ray_se[near.bit_length() - 1]) & occupied:
                        return True
            return False

        def can_capture_by_rules(own: int, opp: int, kings: int, empty: int, turn: Side) -> bool:
            """Whether the side owning ``own`` (``turn``) has a capture, where men capture
            forward only or kings one jump at a time."""
            own_kings = own & kings
            men = own ^ own_kings
            if backward:
                north = south = men
            else:
                north, south = (0, men) if turn else (men, 0)
            if not flying:
                north |= own_kings
                south |= own_kings
            # The squares from which a jump goes each way: an enemy next to them that way,
            # an empty square behind it (spare bits among them hold no piece).
            north_west = ((empty << wide) & opp) << wide
            north_east = ((empty << narrow) & opp) << narrow
            south_west = ((empty >> narrow) & opp) >> narrow
            south_east = ((empty >> wide) & opp) >> wide
            if north & (north_west | north_east) or south & (south_west | south_east):
                return True
            return bool(
                flying
                and own_kings
                and kings_can_capture(
                    own_kings, dark ^ empty, north_west, north_east, south_west, south_east
                )
            )

        def has_quiet(own: int, kings: int, empty: int, turn: Side) -> bool:
            """Whether the side owning ``own`` has a move that captures nothing."""
            men = own & ~kings
            if turn is white_side:
                if (men >> wide) & empty or (men >> narrow) & empty:
                    return True
            elif (men << narrow) & empty or (men << wide) & empty:
                return True
            for index in bits(own & kings):
                for direction in range(4):
                    step = nxt[direction][index]
                    if step >= 0 and empty >> step & 1:
                        return True
            return False

        def king_can_capture(square: int, live: int, empty: int) -> bool:
            """Whether a king on ``square`` can jump one of the enemies ``live``."""
            for ray in ray_bits[square]:
                over = 0
                for _, bit in ray:
                    if over:
                        if empty & bit:
                            return True
                        break
                    if not empty & bit:
                        if not live & bit:
                            break
                        over = bit
            return False

        def jumper(
            jumps: list[tuple[tuple[int, int, int], ...]], jumped: list[int]
        ) -> Callable[
            [int, int, int, int, tuple[int, ...], int, list[Route], list[Route] | None], None
        ]:
            """The route search of a piece that captures by the short ``jumps`` (each
            square's jumps, and the squares they jump over)."""

            def man_routes(
                square: int,
                live: int,
                empty: int,
                captured: int,
                path: tuple[int, ...],
                promotion: int,
                out: list[Route],
                partial: list[Route] | None,
            ) -> None:
                """Extend a man's capture from ``square``; ``live`` are the enemies not yet
                jumped. With crowning mid-capture, a man landing on ``promotion`` goes on as
                a king."""
                done = True
                for over, land, land_bit in jumps[square]:
                    if live & over and empty & land_bit:
                        done = False
                        step = (*path, land)
                        taken = captured | over
                        if partial is not None:
                            partial.append((step, taken))
                        left = live ^ over
                        if land_bit & promotion:
                            crowned_routes(land, left, empty, taken, step, out, partial)
                        elif left & jumped[land]:
                            man_routes(land, left, empty, taken, step, promotion, out, partial)
                        else:  # no enemy next to the landing square: the route ends there
                            out.append((step, taken))
                if done:
                    out.append((path, captured))

            return man_routes

        men_routes = (
            jumper(man_jumps[0], man_jumped[0]),
            jumper(man_jumps[1], man_jumped[1]) if not backward else None,
        )
        short_king_routes = jumper(jumps, jumped)

        def king_routes(
            square: int,
            live: int,
            empty: int,
            captured: int,
            path: tuple[int, ...],
            out: list[Route],
            partial: list[Route] | None,
        ) -> None:
            """Extend a king's capture from ``square``; ``live`` are the enemies not yet
            jumped. Without the majority rule, behind each piece jumped the king lands
            where it can capture again if it can anywhere."""
            done = True
            for ray in ray_bits[square]:
                over = 0
                landings: list[int] = []
                for land, bit in ray:
                    if over:
                        if not empty & bit:
                            break
                        landings.append(land)
                    elif not empty & bit:
                        if not live & bit:
                            break
                        over = bit
                if not landings:
                    continue
                done = False
                left, taken = live ^ over, captured | over
                onward = (
                    landings
                    if majority
                    else [land for land in landings if king_can_capture(land, left, empty)]
                )
                for land in landings:
                    step = (*path, land)
                    if partial is not None:
                        partial.append((step, taken))
                    if not onward:
                        out.append((step, taken))
                    elif land in onward:
                        king_routes(land, left, empty, taken, step, out, partial)
            if done and captured:
                out.append((path, captured))

        def crowned_routes(
            square: int,
            live: int,
            empty: int,
            captured: int,
            path: tuple[int, ...],
            out: list[Route],
            partial: list[Route] | None,
        ) -> None:
            """Extend the capture of a man crowned on ``square`` on the way, as a king."""
            if flying:
                king_routes(square, live, empty, captured, path, out, partial)
            else:
                short_king_routes(square, live, empty, captured, path, 0, out, partial)

        def routes(position: Bitboards, partial: list[Route] | None = None) -> list[Route]:
            """Every complete capture route of the side to move (before any majority
            rule); ``partial`` collects every beginning of a route too (and, without the
            majority rule, a king's landings from which the capture could not go on),
            for error messages."""
            white, black, kings, turn = position
            own, opp = (black, white) if turn else (white, black)
            empty = dark ^ (white | black)
            out: list[Route] = []
            promotion = promotions[turn] if crown_mid_capture else 0
            own_kings = own & kings
            men = own ^ own_kings
            if backward:
                man_routes, side_jumps, side_jumped = men_routes[0], jumps, jumped
                north = south = men
            else:
                man_routes = men_routes[turn] or men_routes[0]
                side_jumps, side_jumped = man_jumps[turn], man_jumped[turn]
                north, south = (0, men) if turn else (men, 0)
            if not flying:  # a king captures as a man does, in all four directions
                north |= own_kings
                south |= own_kings
            starts = (  # the pieces that can jump an enemy next to them
                (north & (((empty << wide) & opp) << wide | ((empty << narrow) & opp) << narrow))
                | (south & (((empty >> narrow) & opp) >> narrow | ((empty >> wide) & opp) >> wide))
            )
            while starts:
                bit = starts & -starts
                starts ^= bit
                start = square_of[bit.bit_length() - 1]
                space = empty | bit
                if bit & own_kings:
                    short_king_routes(start, opp, space, 0, (start,), 0, out, partial)
                    continue
                if partial is not None:
                    man_routes(start, opp, space, 0, (start,), promotion, out, partial)
                    continue
                # man_routes' first jump, unrolled: most captures are one jump by a man.
                for over, land, land_bit in side_jumps[start]:
                    if opp & over and space & land_bit:
                        left = opp ^ over
                        if land_bit & promotion:
                            crowned_routes(land, left, space, over, (start, land), out, None)
                        elif left & side_jumped[land]:
                            man_routes(land, left, space, over, (start, land), promotion, out, None)
                        else:
                            out.append(((start, land), over))
            starts = own_kings if flying else 0
            while starts:
                bit = starts & -starts
                starts ^= bit
                start = square_of[bit.bit_length() - 1]
                king_routes(start, opp, empty | bit, 0, (start,), out, partial)
            return out

        square_bit = self.bit

        def piece_routes(position: Bitboards, square: int) -> list[Route]:
            """The complete capture routes of the piece on ``square`` (one of the side to
            move), before any majority rule: those of :func:`routes` that start there."""
            white, black, kings, turn = position
            own, opp = (black, white) if turn else (white, black)
            bit = square_bit[square]
            out: list[Route] = []
            if not own & bit:
                return out
            space = (dark ^ (white | black)) | bit
            start = (square,)
            if not bit & kings:
                man_routes = men_routes[0] if backward else men_routes[turn] or men_routes[0]
                promotion = promotions[turn] if crown_mid_capture else 0
                man_routes(square, opp, space, 0, start, promotion, out, None)
            elif flying:
                king_routes(square, opp, space, 0, start, out, None)
            else:
                short_king_routes(square, opp, space, 0, start, 0, out, None)
            # A piece without a jump leaves its bare start, which is no capture.
            return [route for route in out if route[1]]

        last_best: tuple[Any, tuple[Route, ...]] = (None, ())

        def best_routes(position: Bitboards) -> tuple[Route, ...]:
            """The capture routes the rules allow (with the majority rule, those taking the
            most pieces; empty when there is no capture).

            The last position's answer is kept (parsing a capture, diagnosing it and listing
            the legal moves ask for the same position): one pair, replaced whole, so that
            threads sharing it can at worst compute an answer twice, never read a wrong one.
            """
            nonlocal last_best
            last, found_routes = last_best
            if last == position:
                return found_routes
            found = routes(position)
            if len(found) < 2 or not majority:
                found_routes = tuple(found)
            else:
                most = max(captured.bit_count() for _, captured in found)
                found_routes = tuple(route for route in found if route[1].bit_count() == most)
            last_best = (position, found_routes)
            return found_routes

        self.can_capture: Callable[[int, int, int, int, Side], bool] = (
            can_capture if flying and backward else can_capture_by_rules
        )
        self.can_capture_with_kings: Callable[[int, int, int, int], bool] = can_capture_with_kings
        self.kings_can_capture: Callable[[int, int, int, int, int, int], bool] = kings_can_capture
        self.has_quiet: Callable[[int, int, int, Side], bool] = has_quiet
        self.routes: Callable[[Bitboards, list[Route] | None], list[Route]] = routes
        self.best_routes: Callable[[Bitboards], tuple[Route, ...]] = best_routes
        self.piece_routes: Callable[[Bitboards, int], list[Route]] = piece_routes

    def outcome(self, position: Bitboards) -> Outcome | None:
        """The side to move loses when it has no legal move; ``None`` while it has one."""
        white, black, kings, turn = position
        own, opp = (white, black) if turn is Side.WHITE else (black, white)
        empty = self.dark ^ (white | black)
        if self.has_quiet(own, kings, empty, turn) or self.can_capture(
            own, opp, kings, empty, turn
        ):
            return None
        return Outcome(turn.other, f"{turn.title} has no legal move")

    @staticmethod
    def result_for(outcome: Outcome) -> tuple[str, ...]:
        """The results that agree with ``outcome``: PDN's draughts forms first (``2-0``,
        ``0-2``, ``1-1``), then the chess forms."""
        if outcome.winner is None:
            return ("1-1", "1/2-1/2")
        return ("2-0", "1-0") if outcome.winner is Side.WHITE else ("0-2", "0-1")

    def quiet_moves(self, position: Bitboards, quiet: Sequence[Sequence[Any]]) -> list[Any]:
        """The moves that capture nothing (legal when no capture exists), in order, each
        taken from ``quiet`` (the game's prebuilt moves, by start and end square)."""
        white, black, kings, turn = position
        own = white if turn is Side.WHITE else black
        empty = self.dark ^ (white | black)
        square_at, forward = self.square_at, self.forward[turn]
        moves = []
        for index in bits(own):
            start = square_at[index]
            if kings >> index & 1:
                for ray in self.rays[index]:
                    for square in ray if self.flying_kings else ray[:1]:
                        if not empty >> square & 1:
                            break
                        moves.append(quiet[start][square_at[square]])
            else:
                moves.extend(quiet[start][square_at[j]] for j in bits(forward[start] & empty))
        moves.sort()
        return moves
