"""The record model: what a PDN/PGN-style game record says, independent of any game's rules.

A :class:`Record` is tags plus a :class:`Line` of :class:`Ply` objects; each ply may carry
comments, NAGs, a move-strength suffix and alternative :class:`Line` variations. Every
element keeps the 1-based line and column where it was read, so that later layers can
report problems at their source.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from notation.diagnostics import Diagnostic, Severity

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


class SourcePos(NamedTuple):
    """A 1-based line and column in the source text."""

    line: int
    column: int


NOWHERE = SourcePos(0, 0)
"""Position of an element that was built in code rather than read from text."""

CommentKind = Literal["brace", "line", "escape"]


@dataclass(slots=True)
class Comment:
    """A comment: ``{text}`` (brace), ``; text`` (line) or a ``%`` escape line (escape)."""

    text: str
    kind: CommentKind = "brace"
    pos: SourcePos = NOWHERE


@dataclass(slots=True)
class Tag:
    """A tag pair ``[Name "value"]``; the value is stored unescaped."""

    name: str
    value: str
    pos: SourcePos = NOWHERE


class Ply:
    """One player's turn as written: the move text and everything attached to it.

    ``number`` is the move number written just before this ply, as written (``"12."`` or
    ``"12..."``), or ``None``. ``comments`` follow the move; ``variations`` are
    alternatives to this ply, each starting from the position before it.

    A ply compares, prints and constructs like a dataclass of the fields ``text``, ``pos``,
    ``number``, ``suffix``, ``nags``, ``comments`` and ``variations``. It stores its
    position as two ints and makes its ``nags``, ``comments`` and ``variations`` lists
    when first asked for: most plies of an archive have none, and a read archive holds
    many plies. Code of this package that only reads them reads ``_nags``, ``_comments``
    and ``_variations`` (``None`` for none), so as not to make empty lists.
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


@dataclass(slots=True)
class Line:
    """A sequence of plies: the main line of a game or one variation.

    ``comments`` are those written before the first ply of the line.
    """

    plies: list[Ply] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)
    pos: SourcePos = NOWHERE


@dataclass(slots=True)
class Record:
    """One game record as read: tags, movetext, result and the problems found reading it.

    ``index`` is the 1-based number of the game in its source; ``diagnostics`` holds the
    syntax problems of this record (a record with a syntax error may be incomplete) and
    the notices of dialects read (see :data:`RESULT_DIALECTS` and docs/dialects.md).
    ``trailing`` holds comments written after the result. ``text`` is the game's source
    text when the reader was asked to keep it (``read_records(..., keep_text=True)``),
    else ``None``; it takes no part in comparisons.
    """

    tags: list[Tag] = field(default_factory=list)
    moves: Line = field(default_factory=Line)
    result: str | None = None
    result_pos: SourcePos | None = None
    trailing: list[Comment] = field(default_factory=list)
    pos: SourcePos = NOWHERE
    index: int = 1
    diagnostics: list[Diagnostic] = field(default_factory=list)
    text: str | None = field(default=None, compare=False, repr=False)

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
