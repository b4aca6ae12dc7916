"""Material and position patterns: what ``find --material`` and a position pattern ask of
a position, and whether a position gives it.

A material spec counts men and kings of each side, each count a number or a range::

    W=8-10,WK=0,B=7,BK=1+

(``W`` White's men, ``WK`` White's kings, ``B`` and ``BK`` Black's; ``N-M`` from N to M,
``N+`` N or more; a count not given is free). A position pattern requires some squares to
hold given pieces or to be empty, the rest free::

    w:22,23,K5 b:12-14 empty:18 any:30

(``w:`` squares holding White's pieces, ``b:`` Black's, ``empty:`` empty squares, ``any:``
squares holding a piece of either side; a square alone asks for a man, ``K`` before it for
a king, ``*`` for a man or a king; ``N-M`` is every square from N to M). Squares are
written in the game's notation: numbers, or names (``c3``) for a game written in
alphanumeric notation, and names only in Keny (whose ranges are rectangles, ``a2-h3``).

Material is counted in the games of men and kings: Brazilian, international, English and
Russian draughts, and Keny; Kavaleria, Knight Fight and Cheversi have none, and a spec
asked of one of them is refused (:class:`PatternError`). Patterns are read in every game;
in those three, squares by name (Kavaleria also by number) and no ranges. Each game says
how its squares are named and what they hold
(:meth:`~notation.games.base.Game.square_names`,
:meth:`~notation.games.base.Game.square_contents`):

- Kavaleria: ``w:C3,SA2,VA3 b:E1 empty:D4 any:G1``: a point alone asks for a cavalryman,
  ``S`` before it for a Sotnyk, ``V`` for the Voivode, ``*`` for any piece of the side.
- Cheversi: ``w:Ke4,d5 b:Qa1 empty:c3``: a square alone asks for any piece of the side,
  a letter (``K Q R B N``) before it for that piece.
- Knight Fight: ``w:E4 b:E10 empty:C3 dead:D5``: ``w:``/``b:`` the side's knight,
  ``empty:`` an accessible square without a knight, ``dead:`` an inaccessible square.
"""

from __future__ import annotations

from collections.abc import Iterator, Set
from typing import NamedTuple

from notation.games.base import AnyGame, Position, SquareContents, SquareNames
from notation.games.registry import GAMES
from notation.lazy import compiled

__all__ = [
    "MATERIAL_GAMES",
    "Material",
    "MaterialSpec",
    "Pattern",
    "PatternError",
    "check_material",
    "matches",
    "material_of",
    "parse_material",
    "parse_pattern",
]


class _MaterialGames(Set[str]):
    """The names of the games of men and kings (those whose squares a pattern names as
    bits, :meth:`~notation.games.base.Game.square_names`), each game asked when first
    looked up."""

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in GAMES and GAMES[name].square_names() is not None

    def __iter__(self) -> Iterator[str]:
        return (name for name in GAMES if name in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


MATERIAL_GAMES: Set[str] = _MaterialGames()
"""The games of men and kings, whose material is counted."""

KEYS = {"W": 0, "WK": 1, "B": 2, "BK": 3}
"""The counts of a material spec, in the order of :class:`Material`'s fields."""


class PatternError(ValueError):
    """A material spec or position pattern that cannot be read, or asked of a game that
    has no men and kings; ``str(error)`` says what is wrong."""


class Material(NamedTuple):
    """The men and kings of each side in a position."""

    white_men: int
    white_kings: int
    black_men: int
    black_kings: int


class MaterialSpec(NamedTuple):
    """The counts a material spec allows, in :class:`Material`'s order: each the least
    and the most (``None``: no bound above)."""

    ranges: tuple[tuple[int, int | None], ...]

    def admits(self, material: Material) -> bool:
        """Whether ``material`` has every count the spec allows."""
        return all(
            low <= count and (high is None or count <= high)
            for count, (low, high) in zip(material, self.ranges, strict=True)
        )


class Pattern(NamedTuple):
    """Squares required to hold given pieces or to be empty, as bit masks on the layout
    of the positions of ``game``."""

    game: str
    white_men: int = 0
    white_kings: int = 0
    white_any: int = 0
    black_men: int = 0
    black_kings: int = 0
    black_any: int = 0
    either: int = 0
    empty: int = 0
    cells: tuple[tuple[int, frozenset[str]], ...] = ()
    """For Kavaleria, Knight Fight and Cheversi: each square asked for, by index, and the
    contents it may hold (see :class:`_Cells`)."""


_COUNT = compiled(r"(\d{1,3})(?:(-)(\d{1,3})|(\+))?")


def parse_material(text: str) -> MaterialSpec:
    """The spec ``text`` writes (``W=8-10,WK=0,B=7,BK=1+``); :class:`PatternError` saying
    what is wrong otherwise."""
    ranges: list[tuple[int, int | None]] = [(0, None)] * len(KEYS)
    given: set[str] = set()
    items = [item.strip() for item in text.split(",")]
    if not text.strip():
        raise PatternError("empty material spec: give counts like W=8-10,WK=0,B=7,BK=1+")
    for item in items:
        key, equals, value = item.partition("=")
        key = key.strip().upper()
        if not equals:
            raise PatternError(f"material {item!r}: expected NAME=COUNT, e.g. W=8 or BK=0-1")
        if key not in KEYS:
            raise PatternError(
                f"material {item!r}: unknown count {key!r} "
                "(W White's men, WK White's kings, B Black's men, BK Black's kings)"
            )
        if key in given:
            raise PatternError(f"material {item!r}: {key} is given twice")
        given.add(key)
        found = _COUNT.fullmatch(value.strip())
        if found is None:
            raise PatternError(
                f"material {item!r}: {value.strip()!r} is not a count (N, N-M or N+)"
            )
        low = int(found[1])
        high: int | None = low
        if found[2]:
            high = int(found[3])
            if high < low:
                raise PatternError(f"material {item!r}: the range {low}-{high} is empty")
        elif found[4]:
            high = None
        ranges[KEYS[key]] = (low, high)
    return MaterialSpec(tuple(ranges))


def material_of(game: AnyGame, position: Position) -> Material:
    """The men and kings of each side in ``position`` (a position of ``game``)."""
    check_material(game.name)
    white, black, kings = position.white, position.black, position.kings
    return Material(
        (white & ~kings).bit_count(),
        (white & kings).bit_count(),
        (black & ~kings).bit_count(),
        (black & kings).bit_count(),
    )


def parse_pattern(text: str, game: AnyGame) -> Pattern:
    """The pattern ``text`` writes for positions of ``game``
    (``w:22,23,K5 b:12-14 empty:18``); :class:`PatternError` saying what is wrong
    otherwise."""
    cells = game.square_contents()
    if cells is not None:
        return _parse_cells(text, game, cells)
    check_material(game.name)
    names = game.square_names()
    assert names is not None  # check_material refused a game without
    squares = _Squares(game.title, names)
    masks = dict.fromkeys(Pattern._fields[1:-1], 0)
    asked: dict[int, str] = {}
    groups = text.split()
    if not groups:
        raise PatternError("empty pattern: give squares, e.g. w:22,23 b:K12 empty:18")
    for group in groups:
        side, colon, listed = group.partition(":")
        side = side.lower()
        if not colon or not listed:
            raise PatternError(
                f"pattern {group!r}: expected SIDE:SQUARES, e.g. w:22,K5 b:12 empty:18 any:30"
            )
        if side not in ("w", "b", "empty", "any"):
            raise PatternError(f"pattern {group!r}: unknown side {side!r} (w, b, empty or any)")
        for word in listed.split(","):
            kind, name = _kind(word, side, group)
            for bit in squares.read(name, group):
                if bit in asked:
                    raise PatternError(
                        f"pattern {group!r}: {word!r} asks again for a square"
                        f" {asked[bit]!r} asks for"
                    )
                asked[bit] = group
                masks[_field(side, kind)] |= bit
    return Pattern(
        game.name,
        masks["white_men"],
        masks["white_kings"],
        masks["white_any"],
        masks["black_men"],
        masks["black_kings"],
        masks["black_any"],
        masks["either"],
        masks["empty"],
    )


def matches(pattern: Pattern, game: AnyGame, position: Position) -> bool:
    """Whether ``position`` (of ``game``, the game ``pattern`` was read for) gives every
    square the pattern asks for."""
    if pattern.game != game.name:
        raise ValueError(f"a pattern for {pattern.game} asked of a {game.name} position")
    if pattern.cells:
        cells = game.square_contents()
        assert cells is not None  # a pattern of cells is read of a game with them
        contents = cells.contents(position)
        return all(contents[cell] in wanted for cell, wanted in pattern.cells)
    white, black, kings = position.white, position.black, position.kings
    men = ~kings
    return not (
        pattern.white_men & ~(white & men)
        or pattern.white_kings & ~(white & kings)
        or pattern.white_any & ~white
        or pattern.black_men & ~(black & men)
        or pattern.black_kings & ~(black & kings)
        or pattern.black_any & ~black
        or pattern.either & ~(white | black)
        or pattern.empty & (white | black)
    )


def check_material(name: str) -> None:
    """:class:`PatternError` when the game called ``name`` has no men and kings."""
    if name not in MATERIAL_GAMES:
        raise PatternError(
            f"{name} has no men and kings: material is counted in Brazilian, "
            "international, English and Russian draughts and Keny"
        )


def _kind(word: str, side: str, group: str) -> tuple[str, str]:
    """(``man``, ``king`` or ``any``, the square's text) of a word of a pattern group."""
    word = word.strip()
    kind = "man"
    if word[:1] in ("K", "*"):
        kind = "king" if word[0] == "K" else "any"
        word = word[1:]
        if side in ("empty", "any"):
            raise PatternError(f"pattern {group!r}: an {side} square takes no K or *")
    if not word:
        raise PatternError(f"pattern {group!r}: a square is missing")
    return kind, word


def _field(side: str, kind: str) -> str:
    if side in ("empty", "any"):
        return "empty" if side == "empty" else "either"
    colour = "white" if side == "w" else "black"
    return f"{colour}_{'men' if kind == 'man' else 'kings' if kind == 'king' else 'any'}"


class _Squares(NamedTuple):
    """How a game's squares are written in patterns, and their bits."""

    title: str
    names: SquareNames

    def read(self, text: str, group: str) -> list[int]:
        """The bits of a square or range of squares; :class:`PatternError` if none."""
        by_name, bits, grid, hint = self.names
        first, dash, last = text.lower().partition("-")
        if dash:
            if bits and first.isdigit() and last.isdigit():
                low, high = self._number(first, group), self._number(last, group)
                if high < low:
                    raise PatternError(f"pattern {group!r}: the range {text} is empty")
                return [bits[n] for n in range(low, high + 1)]
            if not bits and first in grid and last in grid:
                (f1, r1), (f2, r2) = grid[first], grid[last]
                return [
                    by_name[name]
                    for name, (f, r) in grid.items()
                    if min(f1, f2) <= f <= max(f1, f2) and min(r1, r2) <= r <= max(r1, r2)
                ]
            raise PatternError(f"pattern {group!r}: {text!r} is no range of squares ({hint})")
        if bits and text.isdigit():
            return [bits[self._number(text, group)]]
        if text.lower() in by_name:
            return [by_name[text.lower()]]
        raise PatternError(f"pattern {group!r}: {text!r} is not a square of {self.title} ({hint})")

    def _number(self, text: str, group: str) -> int:
        """The square number ``text`` writes (zeros before it read, up to three digits or
        the last square's)."""
        bits = self.names.bits
        digits = max(3, len(str(len(bits) - 1)))
        number = int(text) if len(text) <= digits else 0
        if not 1 <= number < len(bits):
            raise PatternError(
                f"pattern {group!r}: {text!r} is not a square of {self.title} ({self.names.hint})"
            )
        return number


# Games read square by square ------------------------------------------------------------


def _parse_cells(text: str, game: AnyGame, cells: SquareContents) -> Pattern:
    """A pattern of a game read square by square (see the module's documentation)."""
    asked: dict[int, tuple[str, frozenset[str]]] = {}
    groups = text.split()
    if not groups:
        raise PatternError(f"empty pattern: give squares, e.g. {cells.example}")
    for group in groups:
        side, colon, listed = group.partition(":")
        side = side.lower()
        if not colon or not listed:
            raise PatternError(f"pattern {group!r}: expected SIDE:SQUARES, e.g. {cells.example}")
        if side not in cells.groups:
            raise PatternError(
                f"pattern {group!r}: unknown side {side!r} ({', '.join(cells.groups[:-1])}"
                f" or {cells.groups[-1]})"
            )
        for word in listed.split(","):
            square, wanted = _cell(word.strip(), side, group, cells, game.title)
            if square in asked:
                raise PatternError(
                    f"pattern {group!r}: {word!r} asks again for a square"
                    f" {asked[square][0]!r} asks for"
                )
            asked[square] = (group, wanted)
    return Pattern(game.name, cells=tuple((sq, wanted) for sq, (_, wanted) in asked.items()))


def _cell(
    word: str, side: str, group: str, cells: SquareContents, title: str
) -> tuple[int, frozenset[str]]:
    """The square a word of a pattern group names and the contents it may hold."""
    letter: str | None = cells.bare
    name = word
    if word[:1] in (*cells.letters, "*") and word[1:].lower() in cells.names:
        letter, name = (None if word[0] == "*" else word[0]), word[1:]
        if side not in ("w", "b"):
            raise PatternError(f"pattern {group!r}: an {side} square takes no piece letter")
    square = cells.names.get(name.lower())
    if square is None:
        raise PatternError(f"pattern {group!r}: {word!r} is not a square of {title} ({cells.hint})")
    if side in ("empty", "dead"):
        return square, frozenset({"" if side == "empty" else "dead"})
    pieces = [*cells.letters, ""] if cells.bare == "" else list(cells.letters)
    colours = "WB" if side == "any" else side.upper()
    if side == "any" or letter is None:
        return square, frozenset(c + p for c in colours for p in pieces)
    return square, frozenset({colours + letter})
