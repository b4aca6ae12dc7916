r"""The record grammar: one game's text (tag section and movetext) into a :class:`Record`.

The grammar is a parsimonious PEG, built on its public API, whose terminals are coarse
regular expressions made from the tokens of :mod:`notation.record.lexicon`: every token (a
tag pair, a whole ply with its move number and strength suffix, a comment, a NAG, a result)
is one regex that also eats the whitespace after it. Runs of tag pairs and of plies are
custom rules that match the run at once; the walk lexes them for their tokens. A plain
game of tags, plies and a result only (most games of an archive) is read before the
grammar is tried (:func:`_plain`), and a movetext of simple plies (no comment, suffix or
blank inside a move) is kept as text, its :class:`Ply` objects made when the record's line
is first asked for them; a game that also holds ``{`` comments and NAGs is read with the
grammar's own terminals, without building the grammar (:func:`_commented`), into the
record the grammar gives. The grammar is tolerant:
every text parses, and the tree walk turns the catch-all ``junk`` and ``stray`` tokens,
unclosed comments and unclosed variations into diagnostics. The walk stops reading the
movetext at the first syntax error (the record keeps the tags and every ply before it),
so that nothing after a gap is ever replayed as if it followed the last good move.

Lexical decisions (the grammar knows no game: all games share one move token; the
patterns are those of :mod:`notation.record.lexicon`):

- A move is one token: runs of letters (Latin, Greek, Cyrillic) and digits joined by
  ``-``, ``:`` or ``/``, the first run holding a digit, maybe after a chess symbol
  (``♔``-``♟``): ``22-18``, ``26x17x10``, ``c3:e5``, ``a3b4``, ``C3xE4xE2``, ``c3-c5-e5``,
  ``J10``, ``E5/B7``, ``77/33``, ``Ke4``, ``Крe4``, ``♔e4``, and also ``28x91`` or ``Ke9``:
  the game that replays the record judges the move (``there is no square 91``). Blanks
  may follow a ``-`` or ``:`` inside a move, as in ``1- 6``, and an ``x`` before a single
  digit ending the move, as in ``47x 9`` (column-aligned files pad one-digit squares so);
  any other blank ends the move, so ``28x19x 13x22`` and ``18x11x 8x15`` are two plies.
  ``foo``, ``22-`` or ``Ke4+`` are no move: junk.
- A result (``1-0 0-1 1/2-1/2 2-0 0-2 1-1 0-0``, or a dialect form of one:
  ``1:0 0:1 1/2:1/2 ½-½ 0.5-0.5 2:0 0:2 1:1``, read as the canonical result with a PDN111
  notice) only matches when no move character follows, so ``1-18`` is a move and ``1-1``
  a result, also in ``1-1*`` (the result ``1-1``, then a ``*`` after it, an error).
  ``*`` is always a result: the "forced move" use of ``*`` is not supported (PDN 3.0
  bans it; write ``$7``), so a ``*`` followed by more moves is reported as an error
  after the result.
- A strength suffix is glued to its move: ``!``, ``?!``, ``(!?!!!)``, ``(?)``.
- A move number is ``12.`` or ``12...``; ``1. ...`` (an ellipsis for the other side's
  move) is read as the number ``"1. ..."``. A number must be followed by a move.
- ``%`` starts an escape line only in the first column.

Dialects of tag pairs, each read with a notice (docs/dialects.md): an unquoted value of
one token (``[Round 17]``, PDN112), a ``Result`` tag holding a dialect result (PDN111), a
``FEN`` tag ``"?"`` (no setup: the tag is dropped, PDN113) and lidraughts' move counters
``:H0:F1`` at the end of a ``FEN`` tag (dropped, PDN114).

A byte order mark (:data:`~notation.record.lexicon.MARK`) that starts a game's text, as
it does where files that each begin with one are joined end to end, is skipped with a
PDN117 notice at its line and column; anywhere else it is a syntax error (PDN101).
"""

from __future__ import annotations

import gc
from _bisect import bisect_right  # bisect's own core: bisect.py re-exports it (0.25 ms)
from collections.abc import Sequence
from functools import cache
from itertools import takewhile
from operator import attrgetter

from notation.diagnostics import (
    BAD_TAG,
    FEN_COUNTERS,
    FEN_UNKNOWN,
    KEPT_BROKEN,
    MARK_SKIPPED,
    RESULT_DIALECT,
    SYNTAX,
    TOO_DEEP,
    UNQUOTED_TAG,
    UNTERMINATED_COMMENT,
    UNTERMINATED_VARIATION,
    Diagnostic,
)
from notation.lazy import compiled, lazy_pattern
from notation.plain import cast
from notation.record.lexicon import (
    BRACE_COMMENT,
    CHESS_SYMBOL,
    ESCAPE,
    LETTERS,
    LINE_COMMENT,
    MARK,
    MAX_MOVE,
    MOVE_END,
    MOVE_NUMBER,
    MOVE_RUN,
    NAG,
    OPEN_COMMENT,
    OPEN_QUOTE,
    PAREN_SUFFIX,
    PLY,
    RESULT,
    RESULT_FOLLOWED,
    TAG_AHEAD,
    TAG_NAME,
    TAG_PAIR_PARTS,
    TAG_VALUE,
    for_ascii,
    kept_message,
)
from notation.record.model import (
    MAX_DEPTH,
    NOWHERE,
    RESULT_DIALECTS,
    Comment,
    CommentKind,
    Line,
    Ply,
    Record,
    SourcePos,
    Tag,
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re

    from parsimonious.grammar import Grammar
    from parsimonious.nodes import Node, RegexNode

MAX_DIAGNOSTICS = 100
"""Most syntax diagnostics listed for one game; one more says how many were not listed."""

MAX_NAG = 999_999
"""Largest NAG (``$n``) read; a larger one is a syntax error (PGN's NAGs go to 255, PDN
files also use ``$902``)."""

_TAG = rf"{TAG_PAIR_PARTS}\s*+"
"""One tag pair and the blanks after it; the groups are the name and the raw value."""
_PLY = rf"{PLY}\s*+"
"""One ply and the blanks after it; the groups are the move number (or ``None``), the
move and the strength suffix (maybe ``""``)."""
_BLANKS = compiled(r"\s*+")
_TAIL = compiled(rf"(?:(?:({RESULT})|\*)\s*+)?+\Z")
_LEXED = attrgetter("lastindex")
"""True for a token's match (its groups matched), false for the empty match of a lexer."""


class _Forms:
    """A pattern compiled when first used, in the form that reads the text given: for a
    text of ASCII characters only, its form whose classes of letters are ASCII
    (:func:`for_ascii`), which reads such a text the same and compiles faster (the
    lexicon's letters cost ``re`` 0.3-0.5 ms a class); for any other, the pattern."""

    __slots__ = ("compiled", "sources")

    def __init__(self, source: str) -> None:
        self.sources = {True: for_ascii(source), False: source}
        """The source of each form, by whether it is for ASCII text."""
        self.compiled: dict[bool, re.Pattern[str]] = {}
        """The forms compiled so far, by whether they are for ASCII text."""

    def of(self, text: str) -> re.Pattern[str]:
        """The form that reads ``text``."""
        ascii_only = text.isascii()
        form = self.compiled.get(ascii_only)
        if form is None:
            form = self.compiled[ascii_only] = compiled(self.sources[ascii_only])
        return form


class _Lexer:
    """Runs of tokens of one pattern, each taken whole, one after the other."""

    __slots__ = ("run", "tokens")

    def __init__(self, token: str) -> None:
        # Compiled when first used: a plain game (the fast path) lexes no ply.
        self.tokens = _Forms(rf"{token}|")
        self.run = _Forms(rf"(?:{token})+")

    def lex(self, text: str, at: int) -> list[re.Match[str]]:
        """The tokens that follow one another from offset ``at`` of ``text`` (maybe none).

        The lexer matches a token, or the empty string where none starts, so iterating it
        from ``at`` gives the run's tokens, each taken whole as a possessive regex run of
        the token would take it, then one empty match, where the run ends.
        """
        return list(takewhile(_LEXED, self.tokens.of(text).finditer(text, at)))

    def end(self, text: str, pos: int) -> int | None:
        """Where the run from ``pos`` ends (where :meth:`lex` stops: no token gives
        characters back, and nothing follows the repeat); ``None`` for no token."""
        m = self.run.of(text).match(text, pos)
        return None if m is None else m.end()


TAGS = _Lexer(_TAG)
"""Tag pairs, each with the blanks after it."""
PLIES = _Lexer(_PLY)
"""Plies (number, move, suffix), each with the blanks after it."""


def _run(lexer: _Lexer, text: str, pos: int) -> int | None:
    """A custom rule of the grammar, bound to ``lexer`` (``tags``: :data:`TAGS`, ``plies``:
    :data:`PLIES`): where a run of its tokens from ``pos`` ends."""
    return lexer.end(text, pos)


_MOVE_REST = rf"[{LETTERS}]*+[0-9]{MOVE_RUN}*+(?:[-:/]{MOVE_RUN}++)*+"
_NUMERIC_MOVE = rf"(?![0-2][-:][0-2]{RESULT_FOLLOWED})[0-9]++(?:[-x:][0-9]++)++"
"""A simple move of numbered squares, tried first (the run reads it faster): its lookahead
refuses every result of that shape, and a few moves too (``1-2``), which the general
simple move then reads."""
_LETTER_MOVE = rf"(?>(?:{CHESS_SYMBOL}|[{LETTERS}]){_MOVE_REST})(?<!x)"
"""A simple move that starts with a letter or a chess symbol, tried before the general one:
no result starts so, so it needs no look-ahead for one."""
_DIGIT_MOVE = rf"(?>[0-9]{MOVE_RUN}*+(?:[-:/]{MOVE_RUN}++)*+)(?<!x)"
"""A simple move that starts with a digit, after the look-ahead for a result: with
:data:`_LETTER_MOVE`, every simple move. (Two classes of :data:`LETTERS`, each about
0.1 ms for ``re`` to compile, where a move of either start would hold three.)"""
_SIMPLE_BODY = rf"(?:{_NUMERIC_MOVE}|{_LETTER_MOVE}|(?!{RESULT}){_DIGIT_MOVE})"
_SIMPLE_RUN_TEXT = (
    rf"(?:(?:[0-9]++\.[ \n]++)?+(?=[^ \n]{{1,{MAX_MOVE}}}(?![^ \n])){_SIMPLE_BODY}(?:[ \n]++|\Z)"
    rf"(?:(?:[0-9]++\.[ \n]++)?+{_SIMPLE_BODY}(?<![^ \n]{{{MAX_MOVE + 1}}})(?:[ \n]++|\Z))*+)?+"
)
"""A run of simple plies: a move with no blank, no suffix and no final ``x``, maybe after a
number ending in one ``.``, each followed by spaces or newlines or by the end of the text.
A simple ply is one ply of the same number and move to :data:`PLY_TOKEN`, so that a plain
movetext of simple plies reads as its text's words that are not numbers
(:class:`_SimplePlies`). A move is at most :data:`MAX_MOVE` characters: the first one's
length is looked at ahead of it; every later one follows a space or a newline, so a look
behind its end, which costs less, tells whether it is longer (the run reads a third faster
than with a look-ahead for each, though ``re`` takes twice as long to compile it). (No
capturing group: one inside a possessive repeat makes Python 3.11's ``re`` raise
SystemError.)"""
_SIMPLE_RUN = _Forms(_SIMPLE_RUN_TEXT)
"""The run, compiled once a plain game's movetext is matched with it, so that a run whose
one game opens its movetext with a comment compiles neither form (the form for ASCII text
compiles in 40% of the time, and most games are such texts)."""


_SIMPLE_WORDS = lazy_pattern(r"(?:([0-9]++\.)[ \n]++)?+([^ \n]++)()[ \n]*+")
"""A simple ply of a simple run, with the groups of :data:`PLY_TOKEN` (number, move and an
empty suffix): in such a run, the words ending in ``.`` are the move numbers."""


class _SimplePlies:
    """The plies of a plain game's simple run (:data:`_SIMPLE_RUN`), kept as text: the
    walk makes them :class:`Ply` objects when the record's line is first asked for them."""

    __slots__ = ("end", "start", "walker", "words")

    def __init__(self, walker: _Walker, start: int, end: int) -> None:
        self.walker = walker
        self.start = start
        self.end = end
        self.words: list[str] | None = None
        """The move texts, once asked for: replay, an index and a filter each ask."""

    def fill(self, line: Line) -> None:
        """Append the plies to ``line``, as the walk of a lexed run does."""
        text = self.walker.text
        self.walker.plies(list(_SIMPLE_WORDS.finditer(text, self.start, self.end)), line, None)

    def texts(self) -> list[str]:
        """The move texts: the run's words that are not move numbers (one list, made
        when first asked for: not to be changed)."""
        words = self.words
        if words is None:
            text = self.walker.text[self.start : self.end]
            words = text.split()
            numbers = words[::3]
            # The common layout, a number before each pair of moves: in a simple run every
            # "." ends a number, so when the "."s are those of every third word's end, the
            # other words are the moves.
            if text.count(".") == len(numbers) == (" ".join(numbers) + " ").count(". "):
                del words[::3]
            else:
                words = [word for word in words if word[-1] != "."]
            self.words = words
        return words


class _PlainGame:
    """A game of blanks, a tag run, a ply run and a result, each but the blanks optional,
    then the end of the text: where its text starts (``first``), the matches of its tags
    and plies, and its ``tail`` (the result, maybe empty). A movetext of simple plies only
    (:data:`_SIMPLE_RUN`) is not lexed: ``simple`` is its span, and ``plies`` empty."""

    __slots__ = ("first", "plies", "simple", "tags", "tail")

    def __init__(
        self,
        first: int,
        tags: list[re.Match[str]],
        plies: list[re.Match[str]],
        simple: tuple[int, int] | None,
        tail: re.Match[str],
    ) -> None:
        self.first = first
        self.tags = tags
        self.plies = plies
        self.simple = simple
        self.tail = tail


def _plain(text: str) -> _PlainGame | None:
    """The plain game ``text`` holds, if it is one: tried before the grammar.

    Each part is matched possessively, as the grammar's ``full`` rule matches it; where
    ``full`` would read anything else (a comment, a NAG, a variation, a lone number, text
    after the result, ...), these parts cannot match it, so this fails and ``full`` reads
    the game. A plain game thus reads as it would through ``full``, with a few regular
    expressions instead of about twenty rule attempts.
    """
    blanks = _BLANKS.match(text)
    assert blanks is not None  # blanks match anywhere, if only the empty string
    at = blanks.end()
    tags = TAGS.lex(text, at)
    moves = tags[-1].end() if tags else at
    if text.startswith("{", moves):
        return None  # no part matches a comment
    run = _SIMPLE_RUN.of(text).match(text, moves)
    assert run is not None  # a run of none matches anywhere
    tail = _TAIL.match(text, run.end())
    plies: list[re.Match[str]] = []
    simple = None
    if tail is not None:
        if run.end() > moves:
            simple = (moves, run.end())
    else:
        plies = PLIES.lex(text, moves)
        tail = _TAIL.match(text, plies[-1].end() if plies else moves)
        if tail is None:
            return None
    return _PlainGame(at, tags, plies, simple, tail)


_COMMENT_RULE = rf"{BRACE_COMMENT}\s*"
_NAG_RULE = rf"{NAG}{MOVE_END}\s*"
_RESULT_RULE = rf"(?:({RESULT})|(\*))\s*"


class _Terminals:
    """The grammar's ``comment``, ``nag`` and ``result`` terminals, which
    :func:`_commented` reads with the same expressions: compiled when a game first needs
    them (:func:`_terminals`; a plain game does not)."""

    __slots__ = ("comment", "nag", "result")

    def __init__(self) -> None:
        self.comment = compiled(_COMMENT_RULE)
        self.nag = compiled(_NAG_RULE)
        self.result = compiled(_RESULT_RULE)


@cache
def _terminals() -> _Terminals:
    """The terminals, compiled when first asked for."""
    return _Terminals()


class _CommentedGame:
    """A game of blanks, a head of tag runs and ``{`` comments, then runs of plies,
    ``{`` comments and NAGs, a result and ``{`` comments after it, each maybe absent:
    where its text starts (``first``), the head's items as (offset, comment match or a
    tag run's tokens), and the movetext's items as (kind, offset, match or a ply run's
    tokens), kinds named as the grammar's rules."""

    __slots__ = ("first", "head", "top")

    def __init__(
        self,
        first: int,
        head: list[tuple[int, re.Match[str] | list[re.Match[str]]]],
        top: list[tuple[str, int, re.Match[str] | list[re.Match[str]]]],
    ) -> None:
        self.first = first
        self.head = head
        self.top = top


def _commented(text: str) -> _CommentedGame | None:
    """The game ``text`` holds, if its movetext has nothing but plies, ``{`` comments,
    NAGs and a result (then only comments): tried after :func:`_plain`, before the
    grammar.

    Each item is tried where ``full`` would try it, in the order of the grammar's
    alternatives, with the grammar's own expressions; where ``full`` would read anything
    else (a variation, a lone number, a ``;`` comment, an escape, a comment left open,
    junk, anything after the result but a comment), this gives up and ``full`` reads the
    game. Such a game thus reads as it would through ``full``, without the grammar.
    """
    terminals = _terminals()
    blanks = _BLANKS.match(text)
    assert blanks is not None  # blanks match anywhere, if only the empty string
    at = first = blanks.end()
    end = len(text)
    head: list[tuple[int, re.Match[str] | list[re.Match[str]]]] = []
    while at < end:
        # A run's tokens, which the walk takes (where a run ends is its last token's end).
        tags = TAGS.lex(text, at)
        if tags:
            head.append((at, tags))
            at = tags[-1].end()
            continue
        # Neither an escape (``%``) nor a ``;`` comment starts with ``{``.
        comment = terminals.comment.match(text, at)
        if comment is None:
            break
        head.append((at, comment))
        at = comment.end()
    top: list[tuple[str, int, re.Match[str] | list[re.Match[str]]]] = []
    ended = False
    while at < end:
        if not ended:
            plies = PLIES.lex(text, at)
            if plies:
                top.append(("plies", at, plies))
                at = plies[-1].end()
                continue
            result = terminals.result.match(text, at)
            if result is not None:
                top.append(("result", at, result))
                at = result.end()
                ended = True
                continue
        found = terminals.comment.match(text, at)
        if found is not None:
            top.append(("comment", at, found))
        elif not ended and (found := terminals.nag.match(text, at)) is not None:
            top.append(("nag", at, found))
        else:
            return None
        at = found.end()
    return _CommentedGame(first, head, top)


GRAMMAR_TEXT = rf"""
full        = ws head top*
head        = (tags / escape / lcomment / comment / badtag)*
top         = plies / result / comment / nag / number / variation / lcomment / escape
              / opencomment / junk / stray
element     = plies / comment / nag / number / variation / lcomment / escape / opencomment
              / junk
variation   = lparen element* rparen?
lparen      = ~r"\(\s*"
rparen      = ~r"\)\s*"
ws          = ~r"\s*"
badtag      = ~r"\[[^\n]*\s*"
escape      = ~r"{ESCAPE}\s*"
lcomment    = ~r"{LINE_COMMENT}\s*"
comment     = ~r"{_COMMENT_RULE}"
opencomment = ~r"{OPEN_COMMENT}"
nag         = ~r"{_NAG_RULE}"
result      = ~r"{_RESULT_RULE}"
number      = ~r"({MOVE_NUMBER})\s*"
junk        = ~r"(?!{RESULT}|\*)(?:[^\s(){{}}]+|\}})[\s\S]*"
stray       = ~r"\S[\s\S]*"
"""
"""The grammar of one game's text, in parsimonious syntax (a plain game, read by
:func:`_plain`, needs none of it). ``tags`` and ``plies`` are custom rules (:func:`_run` of
:data:`TAGS` and of :data:`PLIES`): runs of tag pairs and of plies (each ply: optional move
number, the move token, optional strength suffix), which the walk lexes again for their
tokens. Runs keep the number of parse nodes per game small, which is where parsimonious
spends its time.
"""


@cache
def _grammar() -> Grammar:
    """The grammar of :data:`GRAMMAR_TEXT`, built when a game first needs it (a plain game
    does not), its terminals matched with :mod:`re` (parsimonious picks ``regex``): the
    patterns use only syntax both modules read alike, and :mod:`re` matches them faster."""
    from types import MethodType

    from parsimonious.expressions import Regex
    from parsimonious.grammar import Grammar

    # Bound methods: parsimonious takes a Python function or method as a custom rule, and
    # the compiled build's functions are neither.
    rules = {"tags": MethodType(_run, TAGS), "plies": MethodType(_run, PLIES)}
    grammar = Grammar(GRAMMAR_TEXT, **rules)
    for expression in grammar.values():
        if isinstance(expression, Regex):
            expression.re = compiled(expression.re.pattern)
    return grammar


class _Unreadable(Exception):
    """The grammar could not read a game's text (its parse error), at offset ``pos``."""

    def __init__(self, message: str, pos: int) -> None:
        super().__init__(message)
        self.pos = pos


_PAREN_SCAN = lazy_pattern(
    rf"\{{[^}}]*\}}?|{LINE_COMMENT}|{ESCAPE}|{OPEN_QUOTE}|{PAREN_SUFFIX}|[()]"
)
"""What the depth scan skips (comments, escape lines, quotes, suffixes) or counts."""
_UNESCAPE = lazy_pattern(r"\\([\\\"])")
_TAG_AHEAD = lazy_pattern(TAG_AHEAD)
"""A tag pair ahead, maybe after a byte order mark: a mark before one is the mark of a file
joined to the one before."""
_tuple = tuple.__new__
_new = object.__new__
_WALKED: dict[type[Tag], str] = {Tag: "name value pos"}
if any(sorted(cls.__slots__) != sorted(names.split()) for cls, names in _WALKED.items()):
    raise ImportError("the walk sets every slot of Tag: update it with the model")
_FIRST_TOKEN = lazy_pattern(r"[^\s(){}]+|\S")
_LOOSE_TAG = lazy_pattern(
    rf'\[[ \t]*({TAG_NAME})[ \t]*(?:"({TAG_VALUE})"|([^\s"\[\]]+))[ \t]*\][ \t]*'
)
"""One tag pair whose value may be a single unquoted token (group 3), on a tag line."""
_FEN_COUNTERS = lazy_pattern(
    r"[ \t]*:[ \t]*(?:[Hh][ \t]*[0-9]+[ \t]*:[ \t]*)?[Ff][ \t]*[0-9]+(?=[ \t]*\.?[ \t]*\Z)"
)
"""lidraughts' move counters at the end of a FEN: ``:H<plies>:F<move>`` (or ``:F`` alone)."""


def _depth_cut(text: str) -> int | None:
    """Offset of the first ``(`` nested deeper than :data:`MAX_DEPTH`, if any."""
    if text.count("(") <= MAX_DEPTH:
        return None
    depth = 0
    for m in _PAREN_SCAN.finditer(text):
        token = m.group()
        if token == "(":
            depth += 1
            if depth > MAX_DEPTH:
                return m.start()
        elif token == ")":
            depth = max(depth - 1, 0)
    return None


def _too_long(token: str) -> str:
    """Why ``token``, longer than :data:`MAX_MOVE`, is no move."""
    return (
        f"unexpected {_show(token)} in movetext: a token of {len(token):,} characters, "
        f"longer than any move ({MAX_MOVE} characters)"
    )


def _show(text: str) -> str:
    """The first token of ``text`` as quoted in a message (at most 30 characters)."""
    m = _FIRST_TOKEN.search(text)
    token = m.group() if m else ""
    return repr(token if len(token) <= 30 else token[:27] + "...")


_COMMENT_KINDS: dict[str, CommentKind] = {
    "comment": "brace",
    "lcomment": "line",
    "escape": "escape",
}
"""The comment kind each comment rule reads."""


def _opening(line: Line, comment: Comment) -> None:
    """Add a comment written before the first ply of ``line``; the first one places it."""
    if line.pos is NOWHERE:
        line.pos = comment.pos
    line.comments.append(comment)


class _Walker:
    """Builds a :class:`Record` from the parse tree of one game's text."""

    __slots__ = (
        "column",
        "diagnostics",
        "failed",
        "index",
        "line",
        "parsed",
        "path",
        "starts",
        "text",
        "unlisted",
    )

    def __init__(
        self, text: str, parsed: str, line: int, column: int, index: int, path: str
    ) -> None:
        self.text = text
        self.parsed = parsed
        """What the grammar parsed: ``text``, or its start when nesting too deep cut it."""
        self.line = line
        self.column = column
        self.index = index
        self.path = path
        # Row r starts at offset starts[r]; it ends with an entry past the text, so that
        # the row after any offset's row has a start.
        starts = [0]
        find = text.find
        at = find("\n")
        while at >= 0:
            at += 1
            starts.append(at)
            at = find("\n", at)
        starts.append(len(text) + 1)
        self.starts = starts
        self.diagnostics: list[Diagnostic] = []
        self.failed = False
        self.unlisted: tuple[int, int] | None = None
        """How many diagnostics past :data:`MAX_DIAGNOSTICS` were not listed, and the
        offset of the first of them."""

    def base(self, row: int) -> int:
        """The offset whose column is 0 on ``row`` (the first row starts at ``column``)."""
        return self.starts[row] - 1 if row else -self.column

    def pos(self, offset: int) -> SourcePos:
        """Absolute line and column of ``offset`` in the game's text."""
        row = bisect_right(self.starts, offset) - 1
        return _tuple(SourcePos, (self.line + row, offset - self.base(row)))

    def error(self, code: str, message: str, offset: int) -> None:
        """Record a diagnostic at ``offset``; a movetext error stops the walk."""
        if code != BAD_TAG and code != KEPT_BROKEN:
            self.failed = True
        if len(self.diagnostics) >= MAX_DIAGNOSTICS:
            count, first = self.unlisted or (0, offset)
            self.unlisted = (count + 1, first)
            return
        where = self.pos(offset)
        self.diagnostics.append(
            Diagnostic(code, message, where.line, where.column, self.path, self.index)
        )

    def notice(self, code: str, message: str, where: SourcePos) -> None:
        """Record a notice at ``where``: a dialect read, which stops nothing."""
        self.diagnostics.append(
            Diagnostic(code, message, where.line, where.column, self.path, self.index)
        )

    def loose_tags(self, line: str, start: int, tags: list[Tag]) -> bool:
        """Read a tag line holding unquoted values (``[Round 17]``) into ``tags``, each
        unquoted value with a notice; False (nothing read) when it is not such a line."""
        found = []
        at = 0
        while at < len(line):
            m = _LOOSE_TAG.match(line, at)
            if m is None:
                return False
            found.append(m)
            at = m.end()
        if not any(m.group(3) is not None for m in found):
            return False
        for m in found:
            name, quoted, bare = m.groups()
            where = self.pos(start + m.start())
            if bare is None:
                value = _UNESCAPE.sub(r"\1", quoted) if "\\" in quoted else quoted
            else:
                value = bare
                message = f"the {name} tag's value {bare} has no quotes: read as {bare!r}"
                self.notice(UNQUOTED_TAG, message, where)
            tags.append(Tag(name, value, where))
        return True

    def read_result(self, written: str, offset: int) -> str:
        """The result ``written`` at ``offset`` stands for; a dialect form gets a notice."""
        canonical = RESULT_DIALECTS.get(written)
        if canonical is None:
            return written
        message = f"the result {written} is read as {canonical}"
        self.notice(RESULT_DIALECT, message, self.pos(offset))
        return canonical

    def tag_dialects(self, record: Record) -> None:
        """Read the dialects of a record's ``Result`` and ``FEN`` tags, each with a notice."""
        unknown = None
        found = len(self.diagnostics)
        for tag in record.tags:
            name = tag.name
            if name == "Result":
                canonical = RESULT_DIALECTS.get(tag.value.strip())
                if canonical is not None:
                    message = f"the Result tag's {tag.value.strip()} is read as {canonical}"
                    self.notice(RESULT_DIALECT, message, tag.pos)
                    tag.value = canonical
            elif name == "FEN":
                value = tag.value
                if value.strip() == "?":
                    message = 'FEN "?" gives no position: read as no setup (the standard start)'
                    self.notice(FEN_UNKNOWN, message, tag.pos)
                    unknown = tag
                    continue
                # Counters hold an F (most FEN values do not: the pattern is not compiled).
                m = _FEN_COUNTERS.search(value) if "F" in value or "f" in value else None
                if m is not None:
                    counters = "".join(m.group().split())
                    message = (
                        f"FEN {value!r}: the move counters {counters!r} (lidraughts' halfmove "
                        "clock and move number) are ignored"
                    )
                    self.notice(FEN_COUNTERS, message, tag.pos)
                    tag.value = value[: m.start()] + value[m.end() :]
        if unknown is not None:
            record.tags = [tag for tag in record.tags if tag is not unknown]
        if found < len(self.diagnostics):
            self.diagnostics.sort(key=attrgetter("line", "column"))

    def listed(self) -> list[Diagnostic]:
        """The diagnostics, and one that counts those past :data:`MAX_DIAGNOSTICS`."""
        if self.unlisted is not None:
            count, first = self.unlisted
            where = self.pos(first)
            message = f"{count} more syntax problems in this game are not listed"
            self.diagnostics.append(
                Diagnostic(SYNTAX, message, where.line, where.column, self.path, self.index)
            )
            self.unlisted = None
        return self.diagnostics

    def record(self, game: _PlainGame | _CommentedGame | Node) -> Record:
        """The record of a plain game, a commented one or a ``full`` tree."""
        if isinstance(game, _PlainGame):
            return self.plain(game)
        if isinstance(game, _CommentedGame):
            return self.commented(game)
        ws, head, top = game.children
        record = Record.read_at(Line(), self.index, self.pos(ws.end), self.diagnostics)
        moves = record.moves
        for item in head.children:
            node = item.children[0]
            kind = node.expr.name
            start = node.start
            if kind == "tags":
                self.tags(TAGS.lex(self.parsed, start), record.tags)
            elif kind == "badtag":
                line = node.text.split("\n", 1)[0].rstrip()
                if not self.loose_tags(line, start, record.tags):
                    line = line.strip()
                    line = line if len(line) <= 40 else line[:37] + "..."
                    self.error(BAD_TAG, f"malformed tag pair {line!r}", start)
            else:
                _opening(moves, self.comment(node))
        self.line_items(top.children, moves, record)
        return record

    def plain(self, game: _PlainGame) -> Record:
        """The record of a ``plain`` game: tags, plies and result, each maybe absent."""
        simple = game.simple
        moves = Line() if simple is None else Line.deferred(_SimplePlies(self, *simple))
        record = Record.read_at(moves, self.index, self.pos(game.first), self.diagnostics)
        if game.tags:
            self.tags(game.tags, record.tags)
        if game.plies:
            self.plies(game.plies, moves, None)
        tail = game.tail
        start = tail.start()
        if start < tail.end():
            written = tail.group(1)
            record.result = "*" if written is None else self.read_result(written, start)
            record.result_pos = self.pos(start)
        return record

    def commented(self, game: _CommentedGame) -> Record:
        """The record of a commented game, as :meth:`record` and :meth:`line_items`
        make it from the ``full`` tree of the same text."""
        record = Record.read_at(Line(), self.index, self.pos(game.first), self.diagnostics)
        moves = record.moves
        for start, opening in game.head:
            if isinstance(opening, list):
                self.tags(opening, record.tags)
            else:
                _opening(moves, Comment(opening.group(1), "brace", self.pos(start)))
        last: Ply | None = None
        ended = False
        for kind, start, found in game.top:
            if isinstance(found, list):
                last = self.plies(found, moves, None)
                if last is None:
                    break
                continue
            if kind == "comment":
                comment = Comment(found.group(1), "brace", self.pos(start))
                if ended:
                    record.trailing.append(comment)
                elif last is not None:
                    last.comments.append(comment)
                else:
                    _opening(moves, comment)
            elif kind == "nag":
                if last is None:
                    self.error(SYNTAX, f"NAG {_show(found.group())} before any move", start)
                    break
                digits = found.group(1).lstrip("0")
                if len(digits) > len(str(MAX_NAG)) or int(digits or "0") > MAX_NAG:
                    self.error(
                        SYNTAX, f"NAG {_show(found.group())} is larger than {MAX_NAG}", start
                    )
                    break
                last.nags.append(int(digits or "0"))
            else:
                written = found.group(1)
                record.result = "*" if written is None else self.read_result(written, start)
                record.result_pos = self.pos(start)
                ended = True
        return record

    def tags(self, matches: list[re.Match[str]], tags: list[Tag]) -> None:
        """Append the tag pairs of a lexed ``tags`` run to ``tags``."""
        starts = self.starts
        first = self.line
        new = _new
        pos = _tuple
        following = base = 0
        row = -1
        for m in matches:
            name, value = m.groups()
            if "\\" in value:
                value = _UNESCAPE.sub(r"\1", value)
            start = m.start()
            if start >= following:
                row += 1  # most tag pairs are on the row after the last one's
                if start >= starts[row + 1]:
                    row = bisect_right(starts, start) - 1
                base = starts[row] - 1 if row else -self.column
                following = starts[row + 1]
            tag = new(Tag)
            tag.name = name
            tag.value = value
            tag.pos = pos(SourcePos, (first + row, start - base))
            tags.append(tag)

    def comment(self, node: Node) -> Comment:
        """The comment of a ``comment``, ``lcomment`` or ``escape`` node."""
        text = cast("RegexNode", node).match.group(1)
        kind = _COMMENT_KINDS[node.expr.name]
        if kind == "line" and (kept := kept_message(text)) is not None:
            self.error(KEPT_BROKEN, kept, node.start)
        return Comment(text, kind, self.pos(node.start))

    def line_items(self, items: Sequence[Node], line: Line, record: Record | None) -> None:
        """Fill ``line`` from the ``top``/``element`` nodes ``items``.

        ``record`` is given for the main line, whose result and trailing comments it takes.
        """
        last: Ply | None = None
        pending: tuple[str, int] | None = None
        for item in items:
            if self.failed:
                return
            node = item.children[0]
            kind = node.expr.name
            if kind == "plies":
                last = self.plies(PLIES.lex(self.parsed, node.start), line, pending)
                pending = None
                if last is None:
                    return
            elif kind in _COMMENT_KINDS:
                comment = self.comment(node)
                if last is not None:
                    last.comments.append(comment)
                else:
                    _opening(line, comment)
            elif kind == "nag":
                if last is None:
                    self.error(SYNTAX, f"NAG {_show(node.text)} before any move", node.start)
                    return
                digits = cast("RegexNode", node).match.group(1).lstrip("0")
                if len(digits) > len(str(MAX_NAG)) or int(digits or "0") > MAX_NAG:
                    message = f"NAG {_show(node.text)} is larger than {MAX_NAG}"
                    self.error(SYNTAX, message, node.start)
                    return
                last.nags.append(int(digits or "0"))
            elif kind == "number":
                if pending is not None and self.dangling(pending):
                    return
                pending = (" ".join(cast("RegexNode", node).match.group(1).split()), node.start)
            elif kind == "variation" or kind == "result":
                if pending is not None and self.dangling(pending):
                    return
                pending = None
                if kind == "result":
                    self.result(node, items, record)
                    return
                if last is None:
                    self.error(SYNTAX, "variation before any move", node.start)
                    return
                last.variations.append(self.variation(node))
            elif kind == "opencomment":
                self.open_comment(node)
                return
            else:
                token = _FIRST_TOKEN.search(node.text)
                if token is not None and len(token.group()) > MAX_MOVE:
                    message = _too_long(token.group())
                else:
                    message = f"unexpected {_show(node.text)} in movetext"
                self.error(SYNTAX, message, node.start)
                return
        if pending is not None and not self.failed:
            self.dangling(pending)

    def plies(
        self, matches: list[re.Match[str]], line: Line, pending: tuple[str, int] | None
    ) -> Ply | None:
        """Append the plies of a lexed ``plies`` run to ``line``; return the last one.

        ``pending`` is a move number read alone before the run: it goes to the first ply,
        or is reported when that ply has its own number (the last ply is then ``None``).
        """
        text = self.text
        starts = self.starts
        plies = line.plies
        append = plies.append
        read_at = Ply.read_at
        at = matches[0].start()
        end = matches[-1].end()
        row = bisect_right(starts, at) - 1
        base = self.base(row)
        lineno = self.line + row
        following = starts[row + 1]
        ply = None
        find = text.find
        # A number to carry, an ellipsis to tidy or a blank inside a move: the rare case.
        intricate = (
            pending is not None
            or find("..", at, end) >= 0
            or find("\t", at, end) >= 0
            or find("- ", at, end) >= 0
            or find("x ", at, end) >= 0
            or find(": ", at, end) >= 0
        )
        for m in matches:
            number, move, suffix = m.groups()
            start = m.start(2)
            if start >= following:
                # A later row: not the first, whose columns start at ``column``.
                row = bisect_right(starts, start) - 1
                base = starts[row] - 1
                lineno = self.line + row
                following = starts[row + 1]
            if intricate:
                if number is None:
                    if pending is not None:
                        number = pending[0]
                        pending = None
                else:
                    if pending is not None:
                        if self.dangling(pending):
                            return None
                        pending = None
                    if number[-2] == "." and (
                        "... " in number or " ..." in number or "\n" in number
                    ):
                        number = " ".join(number.split())
                if " " in move or "\t" in move:
                    move = "".join(move.split())
                    if len(move) + len(suffix) > MAX_MOVE:
                        self.error(SYNTAX, _too_long(move + suffix), start)
                        return None
            ply = read_at(move, lineno, start - base, number, suffix)
            append(ply)
        if line.pos is NOWHERE:
            line.pos = plies[0].pos
        return ply

    def result(self, node: Node, items: Sequence[Node], record: Record | None) -> None:
        """Take the result ``node`` and the comments after it; anything else is an error."""
        if record is None:
            return
        written = cast("RegexNode", node).match.group(1)
        record.result = "*" if written is None else self.read_result(written, node.start)
        record.result_pos = self.pos(node.start)
        after = False
        for item in items:
            child = item.children[0]
            if not after:
                after = child is node
                continue
            kind = child.expr.name
            if kind in _COMMENT_KINDS:
                record.trailing.append(self.comment(child))
            elif kind == "opencomment":
                self.open_comment(child)
                return
            else:
                message = f"unexpected {_show(child.text)} after the result {record.result!r}"
                self.error(SYNTAX, message, child.start)
                return

    def dangling(self, pending: tuple[str, int]) -> bool:
        """Report a move number that no move follows; True when it is an error.

        ``12. ...`` (a number and the ellipsis PDN reads as an unknown move) may stand
        alone: it says nothing the record needs, and is dropped.
        """
        if pending[0].endswith(" ..."):
            return False
        self.error(SYNTAX, f"move number {pending[0]!r} is not followed by a move", pending[1])
        return True

    def open_comment(self, node: Node) -> None:
        """Report a ``{`` comment that is never closed or holds a nested ``{``."""
        if node.end >= len(self.text):
            self.error(UNTERMINATED_COMMENT, "comment '{' is never closed", node.start)
        else:
            self.error(SYNTAX, "'{' inside a comment (comments do not nest)", node.end)

    def variation(self, node: Node) -> Line:
        """The :class:`Line` of a ``variation`` node, reporting a missing ``)``."""
        _, elements, close = node.children
        line = Line(pos=self.pos(node.start))
        self.line_items(elements.children, line, None)
        if not close.children and not self.failed:
            if node.end >= len(self.text):
                found = "the end of the game"
            else:
                found = _show(self.text[node.end : node.end + 40])
            self.error(
                UNTERMINATED_VARIATION,
                f"variation '(' is never closed (found {found})",
                node.start,
            )
        return line


def _parse(text: str) -> _PlainGame | _CommentedGame | Node:
    """The plain or commented game ``text`` holds, or else its ``full`` tree; raises
    :class:`_Unreadable` for a text the grammar cannot read."""
    plain = _plain(text)
    if plain is not None:
        return plain
    commented = _commented(text)
    if commented is not None:
        return commented
    from parsimonious.exceptions import ParseError

    try:
        return _grammar()["full"].parse(text)
    except ParseError as error:
        raise _Unreadable(str(error), error.pos) from None


def parse_game(
    text: str, *, line: int = 1, index: int = 1, path: str = "-", column: int = 1
) -> Record:
    """Read one game's text into a :class:`Record`; never raises on malformed input.

    ``line`` and ``column`` give where ``text`` starts in its file, ``index`` the game's
    1-based number there and ``path`` the file's name: every position and diagnostic of
    the record is absolute. Syntax problems go to ``record.diagnostics``; a byte order
    mark that starts ``text``, right before a tag pair, is skipped with a PDN117 notice
    (elsewhere it is a PDN101 error).
    """
    if not text.startswith(MARK) or not _TAG_AHEAD.match(text):
        return _read_game(text, line, index, path, column)
    record = _read_game(text[len(MARK) :], line, index, path, column + len(MARK))
    message = (
        "a byte order mark (U+FEFF) starts the game: skipped, as the mark of a file "
        "joined to the one before"
    )
    record.diagnostics.insert(0, Diagnostic(MARK_SKIPPED, message, line, column, path, index))
    return record


def _read_game(text: str, line: int, index: int, path: str, column: int) -> Record:
    """:func:`parse_game` of a text that does not start with a byte order mark."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    cut = _depth_cut(text)
    parsed = text if cut is None else text[:cut]
    walker = _Walker(text, parsed, line, column, index, path)
    # The walk allocates many small acyclic objects; pausing the cyclic collector for one
    # game (refcounting still frees everything) roughly halves the time when a caller
    # keeps many records alive.
    collecting = gc.isenabled()
    if collecting:
        gc.disable()
    try:
        record = walker.record(_parse(parsed))
        walker.tag_dialects(record)
    except RecursionError:
        return _fallback(walker, TOO_DEEP, "variations nested too deeply", 0)
    except _Unreadable as error:
        return _fallback(walker, SYNTAX, f"unreadable text: {error}", error.pos)
    finally:
        if collecting:
            gc.enable()
    if cut is not None:
        record.diagnostics = [d for d in walker.listed() if d.code != UNTERMINATED_VARIATION]
        where = walker.pos(cut)
        record.diagnostics.append(
            Diagnostic(
                TOO_DEEP,
                f"variations nested more than {MAX_DEPTH} levels deep",
                where.line,
                where.column,
                path,
                index,
            )
        )
        return record
    record.diagnostics = walker.listed()
    return record


def _fallback(walker: _Walker, code: str, message: str, offset: int) -> Record:
    """A record holding only the tags, for a text the grammar could not walk."""
    walker.diagnostics = []
    walker.failed = False
    record = Record(index=walker.index, pos=NOWHERE)
    from parsimonious.exceptions import ParseError

    grammar = _grammar()
    try:
        start = grammar["ws"].match(walker.text).end
        head = grammar["head"].match(walker.text, start)
    except (ParseError, RecursionError):
        head = None
    if head is not None:
        for item in head.children:
            node = item.children[0]
            if node.expr.name == "tags":
                walker.tags(TAGS.lex(walker.text, node.start), record.tags)
    walker.error(code, message, offset)
    record.diagnostics = walker.diagnostics
    return record
