"""The record model: what a PDN/PGN-style game record says, independent of any game's rules.

A :class:`Record` is tags plus a :class:`Line` of :class:`Ply` objects; each ply may carry
comments, NAGs, a move-strength suffix and alternative :class:`Line` variations. Every
element keeps the 1-based line and column where it was read, so that later layers can
report problems at their source. A line read from a plain movetext keeps its plies as text
until they are asked for (:meth:`Line.move_texts` reads them without making them).
"""

from __future__ import annotations

from collections.abc import Sequence

from notation.diagnostics import Diagnostic, Severity
from notation.plain import NamedTuple, Plain, Protocol

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import Literal, TypeAlias

MAX_DEPTH = 100
"""Deepest nesting of variations read; one level more is reported as PDN104."""

RESULTS: tuple[str, ...] = ("1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*")
"""Every result token the record syntax knows (PGN's and PDN's)."""

RESULT_DIALECTS: dict[str, str] = {
    "1:0": "1-0",
    "0:1": "0-1",
    "1/2:1/2": "1/2-1/2",
    "½-½": "1/2-1/2",
    "0.5-0.5": "1/2-1/2",
    "2:0": "2-0",
    "0:2": "0-2",
    "1:1": "1-1",
}
"""The results real files write in other forms, each with the result it is read as."""


_new = object.__new__


class SourcePos(NamedTuple):
    """A 1-based line and column in the source text."""

    line: int
    column: int


NOWHERE = SourcePos(0, 0)
"""Position of an element that was built in code rather than read from text."""

CommentKind: TypeAlias = 'Literal["brace", "line", "escape"]'


class Comment(Plain):
    """A comment: ``{text}`` (brace), ``; text`` (line) or a ``%`` escape line (escape)."""

    _fields = ("text", "kind", "pos")
    __slots__ = _fields

    text: str
    kind: CommentKind
    pos: SourcePos

    def __init__(
        self,
        text: str,
        kind: CommentKind = "brace",
        pos: SourcePos = NOWHERE,
    ) -> None:
        self.text = text
        self.kind = kind
        self.pos = pos


class Tag(Plain):
    """A tag pair ``[Name "value"]``; the value is stored unescaped."""

    _fields = ("name", "value", "pos")
    __slots__ = _fields

    name: str
    value: str
    pos: SourcePos

    def __init__(
        self,
        name: str,
        value: str,
        pos: SourcePos = NOWHERE,
    ) -> None:
        self.name = name
        self.value = value
        self.pos = pos


class Ply:
    """One player's turn as written: the move text and everything attached to it.

    ``number`` is the move number written just before this ply, as written (``"12."`` or
    ``"12..."``), or ``None``. ``comments`` follow the move; ``variations`` are
    alternatives to this ply, each starting from the position before it.

    A ply compares, prints and constructs like a dataclass of the fields ``text``, ``pos``,
    ``number``, ``suffix``, ``nags``, ``comments`` and ``variations``. It stores its
    position as two ints and makes its ``nags``, ``comments`` and ``variations`` lists
    when first asked for: most plies of an archive have none, and a read archive holds
    many plies. Code that only reads them reads :attr:`nags_view`, :attr:`comments_view`
    and :attr:`variations_view`, which make no empty list.
    """

    __slots__ = (
        "_column",
        "_comments",
        "_line",
        "_nags",
        "_variations",
        "number",
        "suffix",
        "text",
    )

    __match_args__ = ("text", "pos", "number", "suffix", "nags", "comments", "variations")
    FIELDS = __match_args__
    """The fields, in the order the constructor takes them."""

    def __init__(
        self,
        text: str,
        pos: SourcePos = NOWHERE,
        number: str | None = None,
        suffix: str = "",
        nags: list[int] | None = None,
        comments: list[Comment] | None = None,
        variations: list[Line] | None = None,
    ) -> None:
        self.text = text
        self._line, self._column = pos
        self.number = number
        self.suffix = suffix
        self._nags = nags
        self._comments = comments
        self._variations = variations

    @classmethod
    def read_at(cls, text: str, line: int, column: int, number: str | None, suffix: str) -> Ply:
        """A ply read at ``line`` and ``column``, with no NAGs, comments or variations yet
        (the reader's constructor: it makes no :class:`SourcePos`)."""
        ply: Ply = _new(cls)
        ply.text = text
        ply._line = line
        ply._column = column
        ply.number = number
        ply.suffix = suffix
        ply._nags = None
        ply._comments = None
        ply._variations = None
        return ply

    @property
    def pos(self) -> SourcePos:
        """Where the move was read (:data:`NOWHERE` for a ply built in code)."""
        return SourcePos(self._line, self._column)

    @pos.setter
    def pos(self, pos: SourcePos) -> None:
        self._line, self._column = pos

    @property
    def nags(self) -> list[int]:
        """The NAGs (``$n``) written after the move."""
        if self._nags is None:
            self._nags = []
        return self._nags

    @nags.setter
    def nags(self, nags: list[int]) -> None:
        self._nags = nags

    @property
    def comments(self) -> list[Comment]:
        """The comments written after the move."""
        if self._comments is None:
            self._comments = []
        return self._comments

    @comments.setter
    def comments(self, comments: list[Comment]) -> None:
        self._comments = comments

    @property
    def variations(self) -> list[Line]:
        """Alternatives to this ply, each from the position before it."""
        if self._variations is None:
            self._variations = []
        return self._variations

    @variations.setter
    def variations(self, variations: list[Line]) -> None:
        self._variations = variations

    @property
    def nags_view(self) -> Sequence[int]:
        """The NAGs, read only: empty (and no list made) for a ply that has none."""
        return self._nags or ()

    @property
    def comments_view(self) -> Sequence[Comment]:
        """The comments after the move, read only: empty (and no list made) for none."""
        return self._comments or ()

    @property
    def variations_view(self) -> Sequence[Line]:
        """The variations, read only: empty (and no list made) for a ply that has none."""
        return self._variations or ()

    def _values(self) -> tuple[object, ...]:
        """The fields' values, in order, read without making the lists a ply has not got."""
        return (
            self.text,
            self.pos,
            self.number,
            self.suffix,
            self._nags or [],
            self._comments or [],
            self._variations or [],
        )

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]  # mutable, so unhashable like a dataclass

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={v!r}" for n, v in zip(self.FIELDS, self._values(), strict=True))
        return f"Ply({fields})"


class PlySource(Protocol):
    """The plies of a line that were read but not yet made into :class:`Ply` objects."""

    def fill(self, line: Line) -> None:
        """Append the plies to ``line``'s (empty) ``plies`` and set its ``pos``."""

    def texts(self) -> list[str]:
        """The plies' move texts, in order, as their ``text`` will be."""


class Line:
    """A sequence of plies: the main line of a game or one variation.

    ``comments`` are those written before the first ply of the line; ``pos`` is where the
    line starts. A line compares, prints, constructs, copies and pickles like a dataclass
    of the fields ``plies``, ``comments`` and ``pos`` (it is not one: :mod:`dataclasses`'
    functions do not take it).

    The reader keeps the plies of a plain movetext (moves and move numbers only) as
    text, in a :class:`PlySource`, and makes them :class:`Ply` objects when ``plies`` or
    ``pos`` is first asked for: replaying such a line needs only its move texts
    (:meth:`move_texts`); :attr:`is_deferred` tells whether a line is still kept so.
    """

    __slots__ = ("_plies", "_pos", "_source", "comments")

    __match_args__ = ("plies", "comments", "pos")

    def __init__(
        self,
        plies: list[Ply] | None = None,
        comments: list[Comment] | None = None,
        pos: SourcePos = NOWHERE,
    ) -> None:
        self._plies: list[Ply] = [] if plies is None else plies
        self.comments: list[Comment] = [] if comments is None else comments
        self._pos = pos
        self._source: PlySource | None = None

    @classmethod
    def deferred(cls, source: PlySource) -> Line:
        """A line whose plies ``source`` makes when first asked for."""
        line: Line = _new(cls)
        line._plies = []
        line.comments = []
        line._pos = NOWHERE
        line._source = source
        return line

    @property
    def is_deferred(self) -> bool:
        """True while the plies are kept as text, not yet made: such a line's plies have
        neither NAGs, comments nor variations."""
        return self._source is not None

    def _fill(self) -> None:
        source = self._source
        if source is not None:
            # Made apart and published whole: a reader meanwhile (another thread) makes
            # them too, rather than see a part; a making that fails leaves the source.
            made = Line()
            source.fill(made)
            self._plies, self._pos = made._plies, made._pos
            self._source = None

    @property
    def plies(self) -> list[Ply]:
        """The plies, in order."""
        if self._source is not None:
            self._fill()
        return self._plies

    @plies.setter
    def plies(self, plies: list[Ply]) -> None:
        self._source = None
        self._plies = plies

    @property
    def pos(self) -> SourcePos:
        """Where the line starts: its first ply or opening comment (:data:`NOWHERE` for a
        line built in code)."""
        if self._source is not None:
            self._fill()
        return self._pos

    @pos.setter
    def pos(self, pos: SourcePos) -> None:
        if self._source is not None:
            self._fill()
        self._pos = pos

    def move_texts(self) -> list[str]:
        """The move texts of the plies, in order, made into no :class:`Ply`."""
        if self._source is not None:
            return self._source.texts()
        return [ply.text for ply in self._plies]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Line):
            return NotImplemented
        return (self.plies, self.comments, self.pos) == (other.plies, other.comments, other.pos)

    __hash__ = None  # type: ignore[assignment]  # mutable, so unhashable like a dataclass

    def __repr__(self) -> str:
        return f"Line(plies={self.plies!r}, comments={self.comments!r}, pos={self.pos!r})"

    def __getstate__(self) -> tuple[list[Ply], list[Comment], SourcePos]:
        return self.plies, self.comments, self.pos

    def __setstate__(self, state: tuple[list[Ply], list[Comment], SourcePos]) -> None:
        self._plies, self.comments, self._pos = state
        self._source = None


class Record(Plain):
    """One game record as read: tags, movetext, result and the problems found reading it.

    ``index`` is the 1-based number of the game in its source; ``diagnostics`` holds the
    syntax problems of this record (a record with a syntax error may be incomplete) and
    the notices of dialects read (see :data:`RESULT_DIALECTS` and docs/dialects.md).
    ``trailing`` holds comments written after the result. ``text`` is the game's source
    text when the reader was asked to keep it (``read_records(..., keep_text=True)``),
    else ``None``; it takes no part in comparisons.
    """

    _fields = ("tags", "moves", "result", "result_pos", "trailing", "pos", "index", "diagnostics")
    __slots__ = (*_fields, "text")

    tags: list[Tag]
    moves: Line
    result: str | None
    result_pos: SourcePos | None
    trailing: list[Comment]
    pos: SourcePos
    index: int
    diagnostics: list[Diagnostic]
    text: str | None

    def __init__(
        self,
        tags: list[Tag] | None = None,
        moves: Line | None = None,
        result: str | None = None,
        result_pos: SourcePos | None = None,
        trailing: list[Comment] | None = None,
        pos: SourcePos = NOWHERE,
        index: int = 1,
        diagnostics: list[Diagnostic] | None = None,
        text: str | None = None,
    ) -> None:
        self.tags = list() if tags is None else tags
        self.moves = Line() if moves is None else moves
        self.result = result
        self.result_pos = result_pos
        self.trailing = list() if trailing is None else trailing
        self.pos = pos
        self.index = index
        self.diagnostics = list() if diagnostics is None else diagnostics
        self.text = text

    @classmethod
    def read_at(
        cls, moves: Line, index: int, pos: SourcePos, diagnostics: list[Diagnostic]
    ) -> Record:
        """A record read at ``pos``, with no tags, result or trailing comments yet, and the
        list its reading fills with ``diagnostics`` (the reader's constructor: it makes no
        list it would replace)."""
        record: Record = _new(cls)
        record.tags = []
        record.moves = moves
        record.result = None
        record.result_pos = None
        record.trailing = []
        record.pos = pos
        record.index = index
        record.diagnostics = diagnostics
        record.text = None
        return record

    def tag(self, name: str) -> str | None:
        """The value of the first tag called ``name`` (case-sensitive), or ``None``."""
        for tag in self.tags:
            if tag.name == name:
                return tag.value
        return None

    def tag_pos(self, name: str) -> SourcePos:
        """Where the first tag called ``name`` is written, or the record's own position."""
        return next((tag.pos for tag in self.tags if tag.name == name), self.pos)

    def tag_dict(self) -> dict[str, str]:
        """The tags as a dict; the first of two same-named tags wins."""
        found: dict[str, str] = {}
        for tag in self.tags:
            found.setdefault(tag.name, tag.value)
        return found

    def set_tag(self, name: str, value: str) -> None:
        """Set the value of tag ``name``, appending it when absent."""
        for tag in self.tags:
            if tag.name == name:
                tag.value = value
                return
        self.tags.append(Tag(name, value))

    @property
    def has_syntax_errors(self) -> bool:
        """True when reading this record found a syntax error (a notice, such as a dialect
        read, is none)."""
        return any(d.severity is Severity.ERROR for d in self.diagnostics)
