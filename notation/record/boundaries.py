"""The one game-boundary splitter: a text cut into pieces of whole games for parallel runs.

:func:`split_games` cuts only at places where the record reader itself starts a new game,
so each piece reads into the same records as the whole text does.
"""

from __future__ import annotations

from notation.lazy import compiled, escape
from notation.record.lexicon import (
    LONGEST_RESULT,
    MARK,
    RESULT_AT,
    RESULT_LAST_CHARS,
    STRUCTURE,
    TAG_LINE,
    TAG_PAIR,
)
from notation.record.reader import MAX_GAME

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re
    from collections.abc import Iterable, Iterator

_TAG_LINE = compiled(TAG_LINE)
"""A line of tag pairs and nothing else, its newline (or the end) included."""
_TAG_PAIR = rf"[ \t]*+{TAG_PAIR}"
_TAGS_ONLY = compiled(rf"{MARK}?+(?:{_TAG_PAIR})++[^\S\n]*+")
"""A line of tag pairs and nothing else (maybe after a byte order mark), without its
newline."""
_PLAIN_LINE = compiled(rf"(?!%)(?:[^\n{STRUCTURE}]|\{{[^{{}}\n]*\}})*")
"""A line the reader reads the same way in any game that is outside comments and
variations: movetext and comments closed on the line, no variation, quote, ``;``
comment, tag or ``%`` escape."""
_COMMENT = compiled(r"\{[^{}\n]*\}")
_RESULT_END = compiled(rf"{RESULT_AT}\s*$")
_MOVES_FIRST = compiled(r"[ \t]*[0-9A-Za-z]")
"""A line that starts with movetext: outside a comment, it holds movetext."""
_STRICT_RESULT = compiled(rf"(?!%)[^\n{STRUCTURE}]*{RESULT_AT}[^\S\n]*")
"""A line of movetext free of comments, variations, quotes and tags that ends with a
result: whatever state the reader is in before it, the game ends with a result after it."""


_SIMPLE_RUN = compiled(rf"(?:(?:{_TAG_PAIR})++[^\S\n]*+\n|(?!%)[^\n{STRUCTURE}]*+\n)*+")
"""Whole lines that are tag lines (:data:`_TAGS_ONLY`) or movetext free of comments,
variations, quotes, tags and ``%`` escapes, as many as follow."""
_BLANKS = compiled(r"(?:[^\S\n]*+\n)*+")
_INK = compiled(r"\S")
"""What makes a line not blank."""
_RESULT_LAST = compiled(rf"[{escape(RESULT_LAST_CHARS)}][^\S\n]*+\n")
"""The end of a line whose last character may end a result (the last characters of the
tokens of :data:`RESULT_AT`): what :meth:`_Cuts.run` looks at more closely."""
_RESULT_TAIL = compiled(rf"{RESULT_AT}[^\S\n]*+\n\Z")
_LONGEST_RESULT = LONGEST_RESULT - 1
"""How far before its last character a result token starts, at most."""


class _Cuts:
    """Where :func:`split_games` may cut: before a line where the reader surely starts a
    new game, the game before having ended with a result.

    The splitter follows the reader while it is sure of its state (between games, or in a
    game of plain lines, tag lines and blank lines: outside comments and variations). Then
    a cut comes before a tag line or a line with movetext that follows a line whose
    movetext ends with a result. A line it cannot read with certainty (a comment or
    variation left open, a quote, ``;`` or ``%``) leaves it unsure until the next tag
    line that follows a :data:`_STRICT_RESULT` line (blank lines between): that tag line
    starts a new game whether the reader is inside a comment or not, after a result.
    Lines of tags and plain movetext, most of an archive, are read many at a time
    (:meth:`run`), as :meth:`before` reads them one by one.
    """

    __slots__ = ("ended", "strict", "sure")

    def __init__(self) -> None:
        self.sure = True
        self.ended = False
        self.strict = False

    def before(self, line: str) -> bool:
        """Read ``line`` (without its newline); True when a piece may end before it."""
        if not line.strip():
            return False
        if not self.sure:
            cut = self.strict and _TAG_LINE.match(line) is not None
            self.strict = _STRICT_RESULT.fullmatch(line) is not None
            if not cut:
                return False
            self.sure = True
            self.ended = False
            self._sure(line)
            return True
        cut = self.ended and (_TAG_LINE.match(line) is not None or self._moves(line))
        if cut:
            self.ended = False
        self._sure(line)
        return cut

    def run(self, text: str, at: int) -> tuple[list[int], int]:
        """Read, the state being sure, the lines of ``text`` from ``at`` that are blank,
        tag lines or movetext free of comments, variations, quotes and escapes: the
        places a piece may end among them (as :meth:`before` tells them line by line),
        and where they end.

        Among such lines a cut comes before each line that is not blank and follows
        (blank lines between) a line that ends with a result: only lines that end in a
        result's last character are looked at one by one."""
        end = _reach(_SIMPLE_RUN, text, at, len(text))
        first = _reach(_BLANKS, text, at, end)
        if first == end:
            return [], end
        cuts = [first] if self.ended else []
        self.ended = False
        for found in _RESULT_LAST.finditer(text, first, end):
            # The line is plain movetext: it ends a game when it ends with a result.
            near = max(first, found.start() - _LONGEST_RESULT)
            if _RESULT_TAIL.search(text, near, found.end()) is None:
                continue
            after = _reach(_BLANKS, text, found.end(), end)
            if after < end:
                cuts.append(after)
            else:
                self.ended = True
        # The last line read that is not blank is a strict result line exactly when the
        # game ended on it (a tag line never is one).
        self.strict = self.ended
        return cuts, end

    def _moves(self, line: str) -> bool:
        """Whether ``line`` holds movetext outside comments (the state being sure)."""
        if _MOVES_FIRST.match(line):
            return True
        if _PLAIN_LINE.fullmatch(line) is None:
            return False
        return bool(_COMMENT.sub(" ", line).strip())

    def _sure(self, line: str) -> None:
        """Follow the reader over ``line`` while sure of its state."""
        self.strict = _STRICT_RESULT.fullmatch(line) is not None
        if _TAGS_ONLY.fullmatch(line):
            return
        if _PLAIN_LINE.fullmatch(line) is None:
            self.sure = False
            return
        outside = _COMMENT.sub(" ", line) if "{" in line else line
        if outside.strip():
            self.ended = _RESULT_END.search(outside) is not None


def _reach(pattern: re.Pattern[str], text: str, at: int, end: int) -> int:
    """Where ``pattern``, which matches the empty text too, ends matched at ``at``."""
    found = pattern.match(text, at, end)
    assert found is not None
    return found.end()


PIECE_CHARS = 1 << 21
"""Characters (about) after which a piece ends at its next cut, however few games it holds:
pieces of games with long comments stay small."""


def split_games(
    chunks: Iterable[str], games: int, chars: int = PIECE_CHARS
) -> Iterator[tuple[int, str]]:
    """Cut text into pieces of about ``games`` games, or about ``chars`` characters when
    that comes first, as (first line, text).

    Pieces end only where :class:`_Cuts` is sure the reader starts a new game after one
    that ended with a result, so each piece holds whole games and the reader reads each
    piece into the same records (shifted by the lines and games before it) as it reads
    the whole text. Pieces are made as the text is read.
    """
    pending: list[str] = []
    size = 0
    count = 0
    line = 1
    carry = ""
    skipping = blank = False
    cuts = _Cuts()
    for chunk in chunks:
        if skipping:
            # The rest of a line longer than the reader reads: the piece keeps enough of it
            # for the reader to read it as it does reading the whole text (a PDN109 error,
            # or a blank line).
            newline = chunk.find("\n")
            ink = _INK.search(chunk, 0, newline if newline >= 0 else len(chunk))
            if blank and ink is not None:
                carry, blank = carry + ink.group(), False
            if newline < 0:
                continue
            chunk, skipping = chunk[newline:], False
        text = carry + chunk
        end = text.rfind("\n") + 1
        carry, text = text[end:], text[:end]
        if len(carry) > MAX_GAME:
            # Its first characters, and one that is not blank if only later ones are not.
            ink = _INK.search(carry)
            blank = ink is None
            kept = carry[: MAX_GAME + 1]
            if ink is not None and ink.start() > MAX_GAME:
                kept += ink.group()
            carry, skipping = kept, True
        at = start = 0
        while at < len(text):
            found, at = cuts.run(text, at) if cuts.sure else ([], at)
            if at < len(text):
                stop = text.index("\n", at) + 1
                if cuts.before(text[at : stop - 1]):
                    found.append(at)
                at = stop
            for cut in found:
                count += 1
                if count >= games or size + cut - start >= chars:
                    pending.append(text[start:cut])
                    piece = "".join(pending)
                    yield line, piece
                    line += piece.count("\n")
                    pending, start, count, size = [], cut, 0, 0
        pending.append(text[start:])
        size += len(text) - start
    pending.append(carry)
    piece = "".join(pending)
    if piece:
        yield line, piece
