"""Diagnostics: every problem the reader or the validator finds, as data.

A :class:`Diagnostic` carries a stable code (listed in :data:`CODES`), a severity and
a plain message, plus where it happened: file, line, column, game number and ply.
Nothing in the library raises on malformed input; it returns diagnostics instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, MutableMapping
from enum import StrEnum

from notation.late import SOURCES
from notation.plain import Frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import Any


class Severity(StrEnum):
    """How bad a problem is; the CLI's exit status follows the worst one."""

    ERROR = "error"
    WARNING = "warning"
    NOTICE = "notice"


class Code(Frozen):
    """A stable diagnostic code and what it means."""

    _fields = ("code", "severity", "summary")
    __slots__ = _fields

    code: str
    severity: Severity
    summary: str

    def __init__(
        self,
        code: str,
        severity: Severity,
        summary: str,
    ) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "severity", severity)
        object.__setattr__(self, "summary", summary)


class _Codes(MutableMapping[str, Code]):
    """The codes by code. Each game registers its own codes when its module is imported,
    so a code not yet known, and a listing of them all, first call the sources of codes
    (:func:`add_source`: the game registry's imports every game)."""

    def __init__(self) -> None:
        self.known: dict[str, Code] = {}
        self.sources: list[Callable[[], object]] = SOURCES

    def _complete(self) -> dict[str, Code]:
        for source in self.sources:
            source()
        return self.known

    def __getitem__(self, code: str) -> Code:
        found = self.known.get(code)
        return found if found is not None else self._complete()[code]

    def __contains__(self, code: object) -> bool:
        return code in self.known or code in self._complete()

    def __setitem__(self, code: str, value: Code) -> None:
        self.known[code] = value

    def __delitem__(self, code: str) -> None:
        del self.known[code]

    def __iter__(self) -> Iterator[str]:
        return iter(self._complete())

    def __len__(self) -> int:
        return len(self._complete())


CODES = _Codes()
"""Every diagnostic code the toolkit can emit, by code (one table for all games)."""


def register(code: str, severity: Severity, summary: str) -> str:
    """Add a code to :data:`CODES` and return it; each code is registered once."""
    if code in CODES.known:
        raise ValueError(f"diagnostic code {code} registered twice")
    CODES.known[code] = Code(code, severity, summary)
    return code


def add_source(source: Callable[[], object]) -> None:
    """Have ``source`` called before :data:`CODES` answers that a code is unknown or lists
    every code: it registers the codes that are registered late (the package adds one that
    imports every game, through :mod:`notation.late`, so that this module knows no game)."""
    if source not in CODES.sources:
        CODES.sources.append(source)


# Record syntax (all games).
SYNTAX = register("PDN101", Severity.ERROR, "syntax error in the record")
UNTERMINATED_COMMENT = register("PDN102", Severity.ERROR, "a { comment is never closed")
UNTERMINATED_VARIATION = register("PDN103", Severity.ERROR, "a ( variation is never closed")
TOO_DEEP = register("PDN104", Severity.ERROR, "variations nested too deeply")
BAD_TAG = register("PDN105", Severity.ERROR, "malformed tag pair")
UNREADABLE = register("PDN106", Severity.ERROR, "the file cannot be read or decoded")
ENCODING_GUESSED = register(
    "PDN107", Severity.NOTICE, "the file is not UTF-8: its encoding was guessed"
)
NO_RECORD = register("PDN108", Severity.ERROR, "no record in this input")
LINE_TOO_LONG = register("PDN109", Severity.ERROR, "a line is longer than a game may be")
GAME_TOO_LONG = register("PDN110", Severity.ERROR, "a game is longer than the reader reads")
# Dialects of real files: read as the canonical form, with a notice; written canonically.
RESULT_DIALECT = register(
    "PDN111", Severity.NOTICE, "a result written in a dialect (1:0, ½-½, 0.5-0.5, ...) was read"
)
UNQUOTED_TAG = register(
    "PDN112", Severity.NOTICE, "a tag value written without quotes was read as the value"
)
FEN_UNKNOWN = register(
    "PDN113", Severity.NOTICE, 'a FEN tag "?" was read as no setup: the standard start'
)
FEN_COUNTERS = register(
    "PDN114", Severity.NOTICE, "a FEN tag's move counters (lidraughts' H and F) were ignored"
)
SHORT_CAPTURE = register(
    "PDN115",
    Severity.NOTICE,
    "a capture naming only its first landing square was read as the whole capture",
)
OTHER_SEPARATOR = register(
    "PDN116",
    Severity.NOTICE,
    "a move written with the other separator (- for x, x for -) was read as the one it names",
)
MARK_SKIPPED = register(
    "PDN117",
    Severity.NOTICE,
    "a byte order mark (U+FEFF) at the start of a game (files joined end to end) was skipped",
)
KEPT_BROKEN = register(
    "PDN118",
    Severity.ERROR,
    "the record was written by --keep-broken: a part of it is kept in comments, not read",
)
TAG_NAMED_AGAIN = register(
    "PDN119",
    Severity.WARNING,
    "a tag named again started a new game: the game before it holds tags alone",
)
# Record semantics shared by every game.
UNKNOWN_GAME = register("REC201", Severity.NOTICE, "game type not supported: syntax checked only")
BAD_SETUP = register("REC202", Severity.ERROR, "the setup position or game tags are invalid")
RESULT_MISMATCH = register(
    "REC203", Severity.ERROR, "the Result tag disagrees with the result in the movetext"
)
RESULT_CONTRADICTS_RULES = register(
    "REC204", Severity.ERROR, "the recorded result contradicts the result the rules decide"
)
RESULT_MISSING = register(
    "REC205", Severity.WARNING, "the rules decide the game but the record gives no result"
)
BAD_RESULT = register("REC206", Severity.ERROR, "the result is not one this game uses")
REPETITION = register(
    "REC207",
    Severity.WARNING,
    "a position occurred for the third time (a draw) and play or another result followed",
)
COUNTED_DRAW = register(
    "REC210",
    Severity.WARNING,
    "play or another result went on past a draw the rules give by counting moves",
)
DUPLICATE = register("REC208", Severity.WARNING, "duplicate: the same moves from the same start")
OTHER_GAME = register(
    "REC221",
    Severity.NOTICE,
    "the record names no game and its setup or first moves are not international draughts: "
    "judged as the game that replays the most of it",
)
CORRECTED = register(
    "REC230", Severity.NOTICE, "a score-sheet slip was corrected: the rest of the line replays"
)
SEARCH_BOUND = register(
    "REC231",
    Severity.NOTICE,
    "the search for slips reached its bound: some illegal moves have no suggestion",
)
FIXED = register("REC250", Severity.NOTICE, "notation fix changed the record")
NOT_CONVERTED = register(
    "REC209",
    Severity.ERROR,
    "the record cannot be converted to the notation asked for: its game has no such "
    "notation, or moves kept as written would be read otherwise in it",
)
CACHE_IGNORED = register(
    "REC260", Severity.NOTICE, "the cache entry could not be trusted and was ignored"
)


class Change(Frozen):
    """One slip undone in a line of a record (see :mod:`notation.check.repair`)."""

    _fields = ("kind", "ply", "was", "now")
    __slots__ = _fields

    kind: str
    """``replaced`` kinds (``character``, ``transposed``, ``reversed``, ``sign``,
    ``completed``, ``rewritten``), or ``left-out``, ``extra``, ``exchanged``."""
    ply: int
    """The game ply number of the first ply it concerns, counted in the line as it is
    once the changes before this one are made."""
    was: tuple[str, ...]
    """The texts as written (none for a ply left out)."""
    now: tuple[str, ...]
    """The texts they become (none for a ply deleted)."""

    def __init__(
        self,
        kind: str,
        ply: int,
        was: tuple[str, ...],
        now: tuple[str, ...],
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "ply", ply)
        object.__setattr__(self, "was", was)
        object.__setattr__(self, "now", now)


class Candidate(Frozen):
    """A correction that makes a line replay: one change, or two made in order."""

    _fields = ("changes", "cost", "rest")
    __slots__ = _fields

    changes: tuple[Change, ...]
    cost: float
    """How implausible it is (lower: likelier)."""
    rest: int
    """How many plies after its last change then replay."""

    def __init__(
        self,
        changes: tuple[Change, ...],
        cost: float,
        rest: int,
    ) -> None:
        object.__setattr__(self, "changes", changes)
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "rest", rest)


class Diagnostic(Frozen):
    """One problem found in a record, with its place in the source.

    The message of a diagnostic that names its game's number is made from ``text`` and
    ``game`` when it is read (see :meth:`in_game`), so a run that numbers games afresh
    changes the field, never the text."""

    _fields = (
        "code",
        "text",
        "line",
        "column",
        "path",
        "game",
        "ply",
        "move",
        "legal",
        "game_at",
        "candidates",
        "chosen",
    )
    __slots__ = _fields

    code: str
    text: str
    """The message, or (when ``game_at`` is set) the message without its game number."""
    line: int
    column: int
    path: str
    game: int | None
    ply: int | None
    move: str | None
    legal: tuple[str, ...]
    game_at: int | None
    """Where in ``text`` the message gives ``game``, when it does."""
    candidates: tuple[Candidate, ...]
    """For an illegal move: the corrections that make its line replay, likeliest first."""
    chosen: bool
    """Whether the first candidate is clear enough to be applied (``repair`` does)."""

    def __init__(
        self,
        code: str,
        text: str,
        line: int,
        column: int,
        path: str = "-",
        game: int | None = None,
        ply: int | None = None,
        move: str | None = None,
        legal: tuple[str, ...] = (),
        game_at: int | None = None,
        candidates: tuple[Candidate, ...] = (),
        chosen: bool = False,
    ) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "ply", ply)
        object.__setattr__(self, "move", move)
        object.__setattr__(self, "legal", legal)
        object.__setattr__(self, "game_at", game_at)
        object.__setattr__(self, "candidates", candidates)
        object.__setattr__(self, "chosen", chosen)

    def replace(self, **changes: Any) -> Diagnostic:
        """A copy with the fields named in ``changes`` set to their values (as
        :func:`dataclasses.replace` makes one); ``TypeError`` for a name that is no field."""
        values = {name: getattr(self, name) for name in self._fields}
        values.update(changes)
        return type(self)(**values)

    @classmethod
    def in_game(
        cls,
        code: str,
        message: tuple[str, str],
        line: int,
        column: int,
        path: str,
        game: int,
        ply: int | None = None,
        move: str | None = None,
        legal: tuple[str, ...] = (),
        *,
        candidates: tuple[Candidate, ...] = (),
        chosen: bool = False,
    ) -> Diagnostic:
        """A diagnostic of game number ``game`` whose message is ``message[0]``, the game
        number, then ``message[1]``."""
        before, after = message
        return cls(
            code,
            before + after,
            line,
            column,
            path,
            game,
            ply,
            move,
            legal,
            len(before),
            candidates,
            chosen,
        )

    @property
    def message(self) -> str:
        """The plain message, with the game number where it gives one."""
        at = self.game_at
        if at is None:
            return self.text
        return f"{self.text[:at]}{self.game}{self.text[at:]}"

    @property
    def severity(self) -> Severity:
        """The severity fixed for this diagnostic's code."""
        return CODES[self.code].severity

    @property
    def shown_path(self) -> str:
        """The path as a report shows it: an empty one (an input named by an empty
        string) as ``''``."""
        return self.path or "''"

    @property
    def place(self) -> str:
        """``path:line:col``, the path as :attr:`shown_path`."""
        return f"{self.shown_path}:{self.line}:{self.column}"

    def format(self) -> str:
        """Render as ``path:line:col: severity CODE message``."""
        return f"{self.place}: {self.severity} {self.code} {self.message}"
