"""The verdict on one record (:class:`GameReport`), as a validation run gives it: what the
reports are written from, and a cached run rebuilds, without the validator; and what a
traced replay made of each ply (:class:`Replayed`)."""

from __future__ import annotations

from notation.diagnostics import Diagnostic, Severity
from notation.plain import Plain

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from notation.games.base import IllegalMove, Move, Outcome, Position
    from notation.record.model import Record


class Step(Plain):
    """What the replay of :func:`~notation.check.validator.validate_record` made of one ply."""

    _fields = ("before", "move", "after", "error", "short", "other", "diagnostic")
    __slots__ = _fields

    before: Position
    move: Move | None
    """The move the ply was read as (a short capture's whole capture too); ``None`` when
    the ply is illegal."""
    after: Position | None
    error: IllegalMove | None
    """Why the ply is illegal, when it is."""
    short: bool
    """Whether the ply is a short capture read as ``move`` (PDN115)."""
    other: bool
    """Whether the ply is ``move`` written with the other separator (PDN116)."""
    diagnostic: Diagnostic | None
    """What :func:`~notation.check.validator.validate_record` reports of the ply: its
    illegal move's error, or the notice of the dialect it was read by; ``None`` when it
    reports nothing of it (a ply read by a dialect whose notice it withholds, the
    correction it proposes for a later illegal ply reading that ply otherwise)."""

    def __init__(
        self,
        before: Position,
        move: Move | None = None,
        after: Position | None = None,
        error: IllegalMove | None = None,
        short: bool = False,
        other: bool = False,
        diagnostic: Diagnostic | None = None,
    ) -> None:
        self.before = before
        self.move = move
        self.after = after
        self.error = error
        self.short = short
        self.other = other
        self.diagnostic = diagnostic


Place = tuple[int, ...]
"""Where a ply is in its record: its index in the main line, then, for a ply of a
variation, the variation's index among those of that ply and the ply's index in it, and
so on."""


class Replayed(Plain):
    """A record with what the replay of
    :func:`~notation.check.validator.validate_record` made of each of its plies (asked for
    with ``trace``): what a picture of every ply needs, so that nothing replays the record
    again."""

    _fields = ("record", "start", "steps", "unreplayed")
    __slots__ = _fields

    record: Record
    start: Position | None
    """The start position; ``None`` when the record was not replayed."""
    steps: dict[Place, Step]
    """Each ply replayed, by its place; a ply after an illegal one of its line has none."""
    unreplayed: str | None
    """Why the record was not replayed (unsupported game, invalid setup, another game's
    moves), when it was not."""

    def __init__(
        self,
        record: Record,
        start: Position | None = None,
        steps: dict[Place, Step] | None = None,
        unreplayed: str | None = None,
    ) -> None:
        self.record = record
        self.start = start
        self.steps = dict() if steps is None else steps
        self.unreplayed = unreplayed


# Interpreted in the compiled build too: it is pickled between processes (--jobs, Dask),
# and a native class would be unpickled by calling it with no argument.
class GameReport(Plain):
    """The verdict on one record."""

    _fields = (
        "index",
        "path",
        "game",
        "plies",
        "outcome",
        "diagnostics",
        "main_line",
        "end",
        "line",
        "column",
        "key",
        "replayed",
    )
    __slots__ = _fields

    index: int
    path: str
    game: str | None
    """The game's name, or ``None`` when the record's game type is not supported."""
    plies: int
    """Plies of the main line replayed as legal."""
    outcome: Outcome | None
    """What the rules decided at the end of the main line, if anything."""
    diagnostics: list[Diagnostic]
    main_line: list[tuple[Position, Move]]
    """The main line's legal moves, each with the position before it, when kept."""
    end: Position | None
    """When the main line is kept: the position after its last legal move (its start when
    none is legal); ``None`` when the record was not replayed."""
    line: int
    """Where the record starts in its source (1-based; 0 for a record built in code)."""
    column: int
    key: tuple[bytes, int] | None
    """The duplicate-detection key of the record (:func:`notation.check.identity.copy_key`),
    when a run asks for it."""
    replayed: Replayed | None
    """The record and its replay, when kept (``trace``)."""

    def __init__(
        self,
        index: int,
        path: str,
        game: str | None,
        plies: int = 0,
        outcome: Outcome | None = None,
        diagnostics: list[Diagnostic] | None = None,
        main_line: list[tuple[Position, Move]] | None = None,
        end: Position | None = None,
        line: int = 0,
        column: int = 0,
        key: tuple[bytes, int] | None = None,
        replayed: Replayed | None = None,
    ) -> None:
        self.index = index
        self.path = path
        self.game = game
        self.plies = plies
        self.outcome = outcome
        self.diagnostics = list() if diagnostics is None else diagnostics
        self.main_line = list() if main_line is None else main_line
        self.end = end
        self.line = line
        self.column = column
        self.key = key
        self.replayed = replayed

    @property
    def errors(self) -> int:
        """Number of error diagnostics."""
        return sum(1 for d in self.diagnostics if d.severity is Severity.ERROR)

    @property
    def warnings(self) -> int:
        """Number of warning diagnostics."""
        return sum(1 for d in self.diagnostics if d.severity is Severity.WARNING)

    @property
    def valid(self) -> bool:
        """True when the record has no error."""
        return self.errors == 0
