"""The interface every game implements.

A game is an object (one instance per game, found in :mod:`notation.games`) that knows
its rules and notations. Positions and moves are the game's own immutable, hashable
values; the rest of the toolkit only passes them back to the game. Every game keeps
these promises:

- **Stateless.** A game object holds no state that changes: the same call with the same
  arguments gives the same answer, in any thread and any process. A game may cache what
  it computed, but only in bounded, module-level caches keyed by its immutable values and
  safe for threads (each process has its own), never on the game object: a
  :class:`TextCache` for what it read of a move text.
- **A position carries everything the rules need**: the pieces, the side to move, and
  the rule options the record's tags chose (``Rules``, a layout), so that ``play``,
  ``parse_move`` and ``outcome`` need nothing but the position. Notation preferences are
  not rules: a position may carry the notation its record is written in, to read and to
  list moves, but that takes no part in comparing or hashing positions.
- **parse_move reads every notation** in :attr:`Game.notations`, whatever notation the
  position carries, except where notations read one text as different moves (Cheversi's
  ``R`` is the English Rook and the French King): there the position's notation (the
  record's, chosen once for the whole record by :meth:`Game.start_record`) alone decides,
  so that no reading in another notation turns an illegal move into a legal one.

The validator drives a game like this::

    position = game.start_record(tags, texts)     # SetupError if the tags are wrong
    move, position = game.advance(position, text)  # IllegalMove if the text is no legal move
    game.outcome(position)                        # the result the rules decide, if any

``advance`` is the hot path (replaying reads every ply through it). It is ``parse_move``
then ``play``, which a game may do in one step, giving exactly what those two give (a
contract test holds every game to it). Reading a move should check the one move written,
without generating every legal move, whenever one check answers the question.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence

from notation.diagnostics import CODES, Code
from notation.games.sides import Outcome as Outcome
from notation.games.sides import Side as Side
from notation.plain import Generic, NamedTuple, Protocol, TypeVar

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re
    from typing import Any, ClassVar, TypeAlias


class HasTurn(Hashable, Protocol):
    """What every position carries: the side to move (and a hash)."""

    @property
    def turn(self) -> Side: ...


P = TypeVar("P", bound=HasTurn)
"""A game's position type: immutable, hashable, with a ``turn``."""

M = TypeVar("M", bound=Hashable)
"""A game's move type: immutable and hashable."""

V = TypeVar("V")

Position: TypeAlias = "Any"
"""A position of whatever game, as code that works for every game sees it."""

Move: TypeAlias = "Any"
"""A move of whatever game, as code that works for every game sees it."""

MAX_DIGITS = 9
"""Most digits a number read from a record's text may have (no game counts further)."""


def read_number(text: str, digits: int = MAX_DIGITS) -> int | None:
    """The whole number ``text`` writes in ASCII digits (at most ``digits`` of them), or
    ``None``: ``str.isdigit`` also accepts ``²`` and other digits ``int`` refuses, and
    ``int`` refuses thousands of digits."""
    if 0 < len(text) <= digits and text.isascii() and text.isdigit():
        return int(text)
    return None


class TextCache(dict[str, V]):
    """What a game read of each move text, by text: a module-level cache of at most
    ``size`` entries, emptied whole when full (cheaper on the hot path than keeping an
    order). Each operation of a dict is atomic, so threads share it safely: at worst two
    read a text twice. Look a text up with ``get``; keep what was read with :meth:`keep`."""

    __slots__ = ("size",)

    def __init__(self, size: int = 4096) -> None:
        super().__init__()
        self.size = size

    def keep(self, text: str, read: V) -> V:
        """Keep ``read`` for ``text`` (emptying the cache first when it is full); returns
        ``read``."""
        if len(self) >= self.size:
            self.clear()
        self[text] = read
        return read


class SetupError(ValueError):
    """The record's tags do not describe a valid start (bad FEN, layout, rule option).

    ``tag`` names the tag at fault, so that the problem is reported where it is written.
    """

    def __init__(self, message: str, tag: str | None = None) -> None:
        super().__init__(message)
        self.tag = tag


class reading_tag:  # lower case: used as a function, in with statements
    """Blame the :class:`SetupError` raised inside on the tag ``name`` (unless it names one).

    A class rather than a ``@contextmanager`` generator: every record's setup enters it.
    """

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, error: BaseException | None, trace: object) -> None:
        if isinstance(error, SetupError) and error.tag is None:
            error.tag = self.name


class IllegalMove(ValueError):
    """A move text that is malformed or not legal in the position.

    ``code`` is a code registered in :data:`notation.diagnostics.CODES`; ``str(error)``
    is the plain reason ("a capture of 3 pieces is available; 15x24 takes 1").
    ``show_legal`` says whether listing the legal moves helps the reader.
    """

    def __init__(self, code: str, message: str, *, show_legal: bool = True) -> None:
        super().__init__(message)
        self.code = code
        self.show_legal = show_legal

    def __reduce__(self) -> tuple[type[IllegalMove], tuple[str, str], dict[str, object]]:
        # Pickled as made (ValueError's way calls the class with its message alone).
        return type(self), (self.code, str(self)), vars(self)


class Picture(NamedTuple):
    """What the SVG picture of a position shows, as a game gives it to the picture layer
    (:mod:`notation.pictures`), which draws it in the drawing ``style`` names."""

    style: str
    """The drawing: ``"draughts"`` (a draughts board of any size, described by the fields
    below) or a game's own (``"keny"``, ``"kavaleria"``, ``"knight-fight"``,
    ``"cheversi"``)."""
    title: str
    """The picture's title (``"Keny position"``)."""
    status: str
    """The line under the board: who is to move, or how the rules ended the game."""
    position: Any
    last: Any
    """The move that led to ``position``, marked, or ``None``."""
    notation: str | None
    """The notation of what the picture names (the record's; ``None``: the game's)."""
    board: Any = None
    """A draughts board's squares (:class:`notation.games.flying.Board`)."""
    cell: int = 48
    """A draughts board's square width."""
    numbers: bool = True
    """Whether a draughts board's squares carry their numbers."""
    coordinates: bool = True
    """Whether a draughts board's frame carries its file letters and rank numbers."""
    marked: tuple[int, ...] = ()
    """Squares a game's own drawing marks beside the last move (Keny: the own pieces a
    friendly jump went over)."""


class SquareNames(NamedTuple):
    """How a position pattern (``find --pattern``) names the squares of a game of men and
    kings, whose positions hold ``white``, ``black`` and ``kings`` bitboards."""

    by_name: Mapping[str, int]
    """The bit of each square by its name, in lower case (maybe none)."""
    bits: Sequence[int]
    """The bit of each square by its number (index 0 unused); empty where squares have
    names only."""
    grid: Mapping[str, tuple[int, int]]
    """The (file, rank) of each name where a range of names is a rectangle (``a2-h3``);
    empty where ranges are of numbers."""
    hint: str
    """The squares, as an error names them (``1 to 32, or a1 to h8 by name``)."""


class SquareContents(NamedTuple):
    """How a position pattern names the squares of a game read square by square, and what
    each square of a position holds: ``""`` nothing, else the side (``W``/``B``) and the
    piece's letter (``""`` for a piece without one), or another word a game gives."""

    names: Mapping[str, int]
    """Each square's index by its names, in lower case."""
    hint: str
    """The squares, as an error names them (``A1 to J10``)."""
    letters: str
    """The piece letters a square may be prefixed with in a ``w:``/``b:`` group."""
    bare: str | None
    """The letter a square alone asks for; ``None``: any piece of the side."""
    groups: tuple[str, ...]
    """The groups a pattern may hold (``w``, ``b``, ``empty``, ``any``, and the game's)."""
    example: str
    """A pattern of the game, for an error message."""
    contents: Callable[[Any], tuple[str, ...]]
    """What each square of a position holds, by index."""


class Game(ABC, Generic[P, M]):
    """Rules, notations and pictures of one game, over its own position type ``P`` and
    move type ``M``."""

    name: ClassVar[str]
    """Name used everywhere: CLI, ``Variant`` tag, docs (``"brazilian"``)."""
    title: ClassVar[str]
    """Human name (``"Brazilian draughts"``)."""
    notations: ClassVar[tuple[str, ...]]
    """Names of the move notations; the first is the default for writing."""
    move_shape: ClassVar[re.Pattern[str]]
    """The shape of every move text the game reads, in any of its notations, for
    ``fullmatch`` on the text stripped of blanks around it. ``parse_move`` checks it first
    (after the end of the game): a text outside it is malformed; one inside it may still
    name no square of the board or no legal move. The record grammar knows no game: it
    reads any move-like token (:data:`notation.record.lexicon.MOVE_TOKEN`), and every move
    a game writes fits both that token and its shape."""
    results: ClassVar[tuple[str, ...]]
    """Result tokens a record of this game may carry."""
    gametype: ClassVar[str | None] = None
    """The PDN ``GameType`` number that names this game, if it has one."""
    threefold_repetition: ClassVar[bool] = False
    """Whether the third occurrence of a position is a draw; equal positions (``==``) are
    then exactly those that count as the same (pieces and side to move)."""
    code_prefix: ClassVar[str | None] = None
    """The prefix of the diagnostic codes the game's module registers for its own errors
    (``KY`` for Keny's ``KY201``...), or ``None`` when it has none."""
    draws_setup: ClassVar[bool] = False
    """Whether a new record's set-up is drawn from a seed (:meth:`new_tags`)."""

    # Positions -----------------------------------------------------------------

    @abstractmethod
    def start(self, tags: Mapping[str, str]) -> P:
        """The start position a record's tags describe (setup tag, layout, rule options).

        Raises :class:`SetupError` when a tag this game reads is invalid.
        """

    def fen_possible(self, fen: str) -> bool:
        """Whether some setup of this game may read the ``FEN`` ``fen`` (``False`` only when
        none can: a search then passes over the game's setups without reading each)."""
        return True

    def start_record(self, tags: Mapping[str, str], texts: Iterable[str]) -> P:
        """The start position of a record whose tags are ``tags`` and whose move texts
        (main line and variations) are ``texts``: :meth:`start`, in the reading the game
        chooses for the whole record where its tags leave one open (Cheversi: the language
        of its piece letters). By default :meth:`start`, ``texts`` unread. Every command
        that replays a record starts it so."""
        return self.start(tags)

    @abstractmethod
    def setup_tags(self, position: P, notation: str | None = None) -> dict[str, str]:
        """Tags that make a record start from ``position``: ``FEN`` among them, unless the
        game overrides :meth:`fen` (Knight Fight's start is its ``Layout``)."""

    def fen(self, position: P, notation: str | None = None) -> str:
        """``position`` as a ``FEN`` tag's value, squares written in ``notation``; a game's
        start too, which some games set up by other tags."""
        return self.setup_tags(position, notation)["FEN"]

    def turn(self, position: P) -> Side:
        """The side to move (every position carries it as ``turn``)."""
        return position.turn

    def identity(self, position: P) -> Hashable:
        """What identifies ``position`` when positions of different records are compared
        (transpositions, ``select --position``): by default the position itself; a game
        leaves out what its setup may or may not say (Keny's count of plies without a
        capture)."""
        return position

    def key_identity(self, position: P) -> Hashable:
        """:meth:`identity` in the form a key kept on disk is made of (an index's position
        keys): one that no internal layout of the game's positions enters. By default
        :meth:`identity` itself."""
        return self.identity(position)

    def key_identities(self, positions: Iterable[P]) -> Iterator[Hashable]:
        """:meth:`key_identity` of each of ``positions``, in order (a game may share work
        between the positions of one line)."""
        return map(self.key_identity, positions)

    def key_cells(self) -> Callable[[int], int] | None:
        """``None``, or for a game whose positions are ``(white, black, kings, turn)``
        bitboards and whose :meth:`key_identity` is the tuple of the three bitboards each
        turned by one function, and the turn: that function (an index makes its keys
        without building the tuples)."""
        return None

    # Moves ---------------------------------------------------------------------

    @abstractmethod
    def legal_moves(self, position: P) -> list[M]:
        """Every legal move in the position (empty when the game is over)."""

    @abstractmethod
    def parse_move(self, position: P, text: str) -> M:
        """The legal move that ``text`` names in the position, in any of the notations
        (where they read it differently, in the position's own; see the module's promises).

        Raises :class:`IllegalMove` with a code and plain reason otherwise, including when
        the game is already over.
        """

    @abstractmethod
    def format_move(self, position: P, move: M, notation: str | None = None) -> str:
        """``move`` (legal in ``position``) written in ``notation`` (default: the first)."""

    def format_line(self, line: Sequence[tuple[P, M]], notation: str | None = None) -> list[str]:
        """:meth:`format_move` of each (position, move) of ``line``, in order."""
        return [self.format_move(position, move, notation) for position, move in line]

    @abstractmethod
    def play(self, position: P, move: M) -> P:
        """The position after ``move``, which must be legal in ``position``."""

    def advance(self, position: P, text: str) -> tuple[M, P]:
        """The legal move ``text`` names and the position after it: :meth:`parse_move`
        then :meth:`play`, which a game may do in one step (replaying reads every ply so)."""
        move = self.parse_move(position, text)
        return move, self.play(position, move)

    def advancer(self) -> Callable[[P, str], tuple[M, P]]:
        """:meth:`advance` as a function of the position and the text, for a loop that
        reads many plies: a game whose ``advance`` only calls a function gives it."""
        return self.advance

    def line_advancer(self) -> Callable[[P, list[str]], tuple[P, int]] | None:
        """A function that replays move texts from a position when their moves are not
        wanted: it gives the position after its first plies and how many they are, each
        read as :meth:`advance` reads it, stopping at an illegal ply or before one it
        leaves to :meth:`advance` (so replaying reads on from there). ``None``, the
        default: replaying calls :meth:`advance` for each ply."""
        return None

    def notation_of(self, text: str) -> str | None:
        """Which of the game's notations a move text is written in, if it tells."""
        return None

    # Dialects ------------------------------------------------------------------------

    def read_other_separator(self, position: P, text: str) -> M | None:
        """The legal move ``text``, refused by :meth:`parse_move`, names when read with
        the other separator (a draughts step written ``32x28``, a capture ``30-39``);
        ``None`` when it names none or the game has no such dialect (the default)."""
        return None

    def read_short_capture(self, position: P, text: str) -> M | None:
        """The legal capture ``text``, refused by :meth:`parse_move`, names when read as a
        short capture, its start and first landing square only (DraughtsMind's ``1x10``
        for ``1x10x19``); ``None`` when it names none or the game has no such dialect (the
        default)."""
        return None

    # End of game -----------------------------------------------------------------

    @abstractmethod
    def outcome(self, position: P) -> Outcome | None:
        """The result the rules decide in ``position``, or ``None`` while play goes on."""

    def draw_rule(self, positions: Sequence[P]) -> tuple[int, str] | None:
        """The first draw the rules give by counting moves (beyond threefold repetition)
        along a main line, given as its positions (the start, then the position after each
        ply): the index of the position where the draw is reached and why; ``None`` when
        the line reaches none or the game has no such rule."""
        return None

    def scores(self, position: P) -> tuple[int, int] | None:
        """(White, Black) scores for games that keep score, else ``None``."""
        return None

    def result_for(self, outcome: Outcome) -> tuple[str, ...]:
        """Result tokens that agree with ``outcome`` (the first is the one to write)."""
        if outcome.winner is None:
            return ("1/2-1/2",)
        return ("1-0",) if outcome.winner is Side.WHITE else ("0-1",)

    # Records -----------------------------------------------------------------------

    def new_tags(self, seed: int | None = None) -> dict[str, str]:
        """Tags that name this game in a new record, and set it up where the game needs it
        (a random layout drawn from ``seed``, say)."""
        return {"Variant": self.name}

    def notation_tags(self, tags: Mapping[str, str], notation: str) -> dict[str, str]:
        """Tags to change so a record written in ``notation`` says so (e.g. ``GameType``)."""
        return {}

    # Diagnostic codes ----------------------------------------------------------------

    def diagnostic_codes(self) -> list[Code]:
        """The diagnostic codes of the game's own errors (those of :attr:`code_prefix`,
        which its module registers), in order."""
        prefix = self.code_prefix
        if prefix is None:
            return []
        found = [c for code, c in CODES.known.items() if code.startswith(prefix)]
        return sorted(found, key=lambda c: c.code)

    # Position patterns ---------------------------------------------------------------

    def square_names(self) -> SquareNames | None:
        """How a position pattern names the squares of a game of men and kings (whose
        material is counted); ``None`` (the default) for a game without men and kings."""
        return None

    def square_contents(self) -> SquareContents | None:
        """How a position pattern names and reads the squares of a game without men and
        kings; ``None`` (the default) where patterns cannot be asked of the game that way."""
        return None

    # Pictures ----------------------------------------------------------------------

    def picture(
        self, position: P, last: M | None = None, notation: str | None = None
    ) -> Picture | None:
        """What the SVG picture of ``position`` shows, ``last`` (the move that led to it)
        marked and what it names in ``notation``; ``None`` (the default) for a game
        without one (a page then shows its text diagram)."""
        return None

    @abstractmethod
    def render_text(self, position: P, last: M | None = None, notation: str | None = None) -> str:
        """A plain-text diagram of the position for the terminal, with what it names
        (moves, pieces) in ``notation`` (the record's; default: the game's)."""

    def game_over(self, position: P) -> str | None:
        """``"Game over: White wins (reason)"`` (or ``a draw``) when the rules decided the
        game in ``position``, for pictures; ``None`` while play goes on."""
        outcome = self.outcome(position)
        if outcome is None:
            return None
        who = "a draw" if outcome.winner is None else f"{outcome.winner.title} wins"
        return f"Game over: {who} ({outcome.reason})"

    def describe_moves(
        self, position: P, moves: Sequence[M], notation: str | None = None
    ) -> list[str]:
        """The moves written in ``notation`` (default: the game's own default), for messages."""
        return [self.format_move(position, move, notation) for move in moves]


AnyGame: TypeAlias = "Game[Any, Any]"
"""A game of whatever position and move types, as code that works for every game sees it."""
