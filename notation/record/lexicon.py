r"""The lexicon of the record syntax: every token's pattern, written once.

The grammar (:mod:`notation.record.grammar`), the reader's line scan
(:mod:`notation.record.reader`), the writer (:mod:`notation.record.writer`) and the
game-boundary splitter (:mod:`notation.record.boundaries`) build their regular expressions from
these pieces. Patterns are strings, to be composed; the few used whole are compiled here
too. Quantifiers are possessive where a token cannot give characters back (Python 3.11.5
reads them), which keeps every lexer free of backtracking.

- A tag pair is ``[Name "value"]``: a name of a letter then letters, digits and ``_``; a
  quoted value on one line, where ``\`` escapes the character after it.
- A result is one of :data:`notation.record.model.RESULTS` or of the dialect forms
  :data:`notation.record.model.RESULT_DIALECTS` (``1:0``, ``½-½``, ...). The grammar reads
  one only where no move character follows (:data:`RESULT_FOLLOWED`), so that ``1-18`` is a
  move; the reader's line scan, which looks back from the end of a line, only where the
  text before does not glue to it (:data:`RESULT_AT`).
- A move number is ``12.``, ``12...`` or ``12. ...``; a strength suffix ``!``, ``?!``,
  ``(!?)``; a NAG ``$n``.
- A move is one token of runs of letters (Latin, Greek, Cyrillic) and digits joined by
  ``-``, ``:`` or ``/`` (:data:`MOVE_PATTERN`), at most :data:`MAX_MOVE` characters.
- Comments are ``{...}`` (no brace inside), ``;`` to the end of the line, and a line that
  starts with ``%`` (an escape). ``{}();"[`` are the characters that open or close
  comments, variations, quotes and tag pairs (:data:`STRUCTURE`).
"""

from __future__ import annotations

from notation.lazy import compiled, escape
from notation.record.model import RESULT_DIALECTS, RESULTS

MAX_MOVE = 256
"""Longest move token read (characters, its strength suffix included). No move of any game
comes near it; a longer token is no move but a PDN101 syntax error, so that no move text
costs more than this to read, replay or quote."""

MARK = "\ufeff"
"""A byte order mark read as text (U+FEFF). At the start of a source it is the mark of the
source's encoding, dropped. At the start of a line where a game starts (files that each
begin with one, joined end to end) the grammar skips it with a PDN117 notice, and the
line is read as the same line without it (:data:`TAG_AHEAD`, :data:`TAG_NAME_AHEAD` and
:data:`TAG_LINE` read a line that begins with one and then a tag pair). Anywhere else it
is no token of the record syntax (PDN101)."""

# Tag pairs.
TAG_NAME = r"[A-Za-z][A-Za-z0-9_]*"
"""A tag's name."""
TAG_VALUE = r'[^"\\\n]*+(?:\\.[^"\\\n]*+)*+'
"""What a quoted tag value holds between its quotes, escapes unread."""
QUOTED = rf'"{TAG_VALUE}"'
"""A quoted string on one line: a tag value."""
OPEN_QUOTE = rf'"{TAG_VALUE}"?'
"""A quote in movetext, to its closing quote or the end of its line."""
TAG_PAIR = rf"\[[ \t]*+{TAG_NAME}[ \t]*+{QUOTED}[ \t]*+\]"
"""One whole tag pair."""
TAG_PAIR_PARTS = rf'\[[ \t]*+({TAG_NAME})[ \t]*+"({TAG_VALUE})"[ \t]*+\]'
"""One whole tag pair; the groups are its name and its raw value."""
TAG_AHEAD = rf"{MARK}?[ \t]*\[[ \t]*[A-Za-z]"
"""The start of a line that begins with a tag pair (maybe after a :data:`MARK`): where the
reader may start a game."""
TAG_NAME_AHEAD = rf"{MARK}?[ \t]*\[[ \t]*({TAG_NAME})"
"""The start of a line that begins with a tag pair (maybe after a :data:`MARK`); the group
is the tag's name."""
LEADING_TAGS = rf"(?:[ \t]*+{TAG_PAIR})*+"
"""The whole tag pairs a line starts with (maybe none)."""
TAG_LINE = rf"{MARK}?+{LEADING_TAGS}(?<=\])[^\S\n]*+(?:\n|\Z)"
"""A line of whole tag pairs and nothing else (maybe after a :data:`MARK`), its newline
included: where the reader starts a new game even inside an unclosed comment (after a result
line, or after any movetext)."""

# Results.
_WORDS = sorted((*(r for r in RESULTS if r != "*"), *RESULT_DIALECTS), key=len, reverse=True)
RESULT_WORD = "(?:" + "|".join(escape(word) for word in _WORDS) + ")"
"""A result other than ``*``: canonical (``1-0``, ``2-0``, ``1/2-1/2``, ...) or a dialect
form (``1:0``, ``½-½``, ``0.5-0.5``, ...). Every one of them is also a move token."""
RESULT_FOLLOWED = r"(?![^\s(){};%\[*])"
"""What may follow a result in movetext: a blank, a bracket, a comment, ``%``, ``[``, ``*``
or the end."""
RESULT = rf"{RESULT_WORD}{RESULT_FOLLOWED}"
"""A result other than ``*`` as the grammar reads it: no move character after it."""
RESULT_AT = rf"(?:(?<![^\s(){{}};%\].]){RESULT_WORD}|\*)"
"""A result token as the reader's line scan reads one, looking back from the end of a
line: ``*``, or a result not glued to the text before it."""
RESULT_LAST_CHARS = "".join(sorted({word[-1] for word in (*_WORDS, "*")}))
"""The characters a result token ends with."""
LONGEST_RESULT = max(map(len, _WORDS))
"""The length of the longest result token."""
NO_RESULT_BEFORE = r"(?<!\*)" + "".join(
    rf"(?<![\s%\].](?:{'|'.join(escape(w) for w in _WORDS if len(w) == size)}))"
    for size in sorted({len(word) for word in _WORDS})
)
"""Where the text before does not end with a result token (as :data:`RESULT_AT` reads one,
in text free of :data:`STRUCTURE`): one look-behind per length of token."""

# Movetext.
STRUCTURE = r'{}();"\['
"""The characters (in a character class) that open or close comments, variations, quotes
and tag pairs, and start ``;`` comments."""
MOVE_NUMBER = r"[0-9]++\.(?:\s*+\.\.\.|\.\.|)"
"""A move number as written: ``12.``, ``12...``, ``12....`` or ``12. ...`` (blanks and
newlines before the ellipsis)."""
MOVE_NUMBER_KEPT = r"[0-9]+\.(?:\.\.\.?| \.\.\.)?"
"""A move number as the reader keeps it, its blanks made one space: ``12.``, ``12...``,
``12....``, ``12. ...``."""
SUFFIX = r"(?:[!?]+|\([!?]+\)|)"
"""A move-strength suffix, glued to its move (maybe none)."""
PAREN_SUFFIX = r"\([!?]+\)"
"""A suffix in parentheses, which is no variation."""
NAG = r"\$([0-9]+)"
"""A NAG; the group is its number."""
BRACE_COMMENT = r"\{([^{}]*)\}"
"""A ``{`` comment; the group is its text."""
OPEN_COMMENT = r"\{[^{}]*"
"""A ``{`` comment never closed, or one holding a ``{``, up to where it fails."""
LINE_COMMENT = r";([^\n]*)"
"""A ``;`` comment; the group is its text."""
KEPT_MARKS = ("notation: kept as written from here: ", "notation: the movetext could not be kept: ")
"""How a line comment that ``--keep-broken`` wrote starts (after its blanks): the text
after it, or the movetext left out, was not read as moves (PDN118)."""

ESCAPE = r"(?<![^\n])%([^\n]*)"
"""A ``%`` escape line (``%`` in the first column only); the group is its text."""

LETTERS = r"A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u052F"
"""The letters a move may hold (in a character class): Latin (with its accented letters),
Greek, Cyrillic."""
MOVE_RUN = rf"[0-9{LETTERS}]"
"""A character of a run of a move: a digit or a letter."""
CHESS_SYMBOL = r"[\u2654-\u265F]"
"""A chess piece symbol (``♔``-``♟``), which may start a move."""
MOVE_END = r"(?![^\s(){};$*])"
"""What may follow a move token: a blank, a bracket, a comment, a NAG, ``*`` or the end."""
MOVE_BOUNDED = rf"(?=[^\s(){{}};$*]{{1,{MAX_MOVE}}}(?![^\s(){{}};$*]))"
"""A token of at most :data:`MAX_MOVE` characters up to its first blank starts here (the
walk bounds the rare move with a blank inside, such as ``22x 17``)."""
MOVE_PATTERN = (
    rf"(?>{CHESS_SYMBOL}?[{LETTERS}]*+[0-9]{MOVE_RUN}*+"
    rf"(?:(?:[-:][ \t]*+|/|(?<=x)[ \t]++(?=[0-9](?![^\s(){{}};$*!?]))){MOVE_RUN}++)*+)"
)
"""The game-neutral move token (without number, suffix or boundary): runs of letters and
digits joined by ``-``, ``:`` or ``/`` (or a blank after ``x`` before one digit), the first
run holding a digit, maybe after a chess symbol (``♔``-``♟``). Which of these a game reads
is the shape it declares (:attr:`notation.games.base.Game.move_shape`), and why it refuses
the others is its business. (Plain character ranges, not ``\\w``: they keep the ply lexer,
the hot path of reading, as fast as it was with the five games' own move shapes.)"""
_MOVE_TOKEN = rf"{MOVE_BOUNDED}{MOVE_PATTERN}{MOVE_END}"
PLY = rf"(?:({MOVE_NUMBER})\s*+|)(?!{RESULT}){MOVE_BOUNDED}({MOVE_PATTERN})({SUFFIX}){MOVE_END}"
"""One ply; the groups are the move number (or ``None``), the move and the strength suffix
(maybe ``""``). A result is never a ply, though every result but ``*`` is also a move
token."""
_PLY_TOKEN = rf"{PLY}\s*+"

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re

    MOVE_TOKEN: re.Pattern[str]
    """A whole move token, as the grammar lexes it (``MOVE_TOKEN.fullmatch(text)``)."""
    PLY_TOKEN: re.Pattern[str]
    """One ply (number, move, suffix) and the blanks after it, as the grammar lexes it."""

_COMPILED_LATER = {"MOVE_TOKEN": _MOVE_TOKEN, "PLY_TOKEN": _PLY_TOKEN}
"""Patterns compiled when first asked for: the writer and the filters use them, reading
does not (its lexers are the grammar's)."""


def for_ascii(pattern: str) -> str:
    """``pattern``, made of this module's tokens, for a text of ASCII characters only
    (``str.isascii``): its classes of :data:`LETTERS` cut to their ASCII letters and its
    :data:`CHESS_SYMBOL` made a class of no ASCII character, so that it reads such a text
    as ``pattern`` does, and ``re`` compiles it faster (a class that holds a character
    beyond U+00FF costs 0.1 to 0.5 ms, one of Latin-1 characters 0.03 to 0.05 ms)."""
    return pattern.replace(LETTERS, "A-Za-z").replace(CHESS_SYMBOL, r"[^\x00-\x7F]")


def __getattr__(name: str) -> re.Pattern[str]:
    pattern = _COMPILED_LATER.get(name)
    if pattern is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    made = globals()[name] = compiled(pattern)
    return made


def kept_message(comment: str) -> str | None:
    """PDN118's message for a line comment (its text after ``;``) that ``--keep-broken``
    wrote, saying what was not read and why; ``None`` for any other comment."""
    text = comment.lstrip()
    kept, left_out = KEPT_MARKS
    if text.startswith(kept):
        return f"kept as written from here by --keep-broken, not read as moves: {text[len(kept) :]}"
    if text.startswith(left_out):
        return f"the movetext was left out by --keep-broken: {text[len(left_out) :]}"
    return None
