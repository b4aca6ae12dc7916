"""Streaming reader: a file of many games into :class:`Record` objects, one game at a time.

The input is split into games by a cheap line scan (never parsed as one text), and each
game's text is read by :func:`notation.record.grammar.parse_game` with its absolute start,
so every position and diagnostic refers to the file. Splitting rules:

- a game starts at the first non-blank line;
- a line that begins with a tag pair starts a new game once the current game has
  movetext (anything but tags and comments), after a blank line that follows the current
  game's tags, or when it repeats the name of one of them; a tag pair that repeats one
  of those names after other tag pairs on its line, the game holding tags alone, starts
  a new game there too (both cuts get a PDN119 warning); inside an unclosed ``{``
  comment, a line of whole tag pairs starts a new game (that comment is then reported,
  PDN102), any other line is comment text;
- a game also ends after a result token (a dialect one too, such as ``1:0``) at depth 0,
  outside comments, at the end of a line: later lines holding only comments still
  belong to it (trailing comments), the next line with movetext starts a new game; a
  tag pair right after a result on the same line (``0-1[Event "..."]``) also starts a
  new game;
- a game with movetext but no result, cut by the next game's tag pair, gets a PDN101
  "missing result" (PDN 3.0 separates games by a result or ``*``);
- a line that begins with a byte order mark (:data:`~notation.record.lexicon.MARK`) and
  then a tag pair is read as a line that begins with the tag pair: files that each begin
  with a mark, joined end to end, are read game by game, and the grammar skips the mark
  that starts a game with a PDN117 notice at its line and column.

Tag pairs, results, quotes and comments are the tokens of :mod:`notation.record.lexicon`;
:mod:`notation.record.boundaries` cuts a text for parallel runs only where these rules start a
game.

The text is read in chunks. Where a game may start, a *plain* game (tag lines, then
movetext lines without comments, variations, quotes or tags, cut by the next tag line,
with a result at most at the end of its last line) is taken whole by one regex
(``_PLAIN_GAME``, or near a source's end ``_PLAIN_START`` and a tag pair after it): the
rules above read it as one game. Anything else goes through the line scan up to the next
line where a game may start.

Memory stays bounded by :data:`MAX_GAME`, the one limit: a game longer than it is not
collected past the limit, and a single line longer than it (which no game can hold) is
skipped without being kept (both are reported with the game's tags only), so the reader
holds at most one game of ``MAX_GAME`` characters and one chunk. A line, and a token on
it (a move, a tag pair, a comment), may be as long as a game.
"""

from __future__ import annotations

import codecs
import io
import os
from collections.abc import Iterable, Iterator
from functools import cache

from notation.diagnostics import GAME_TOO_LONG, LINE_TOO_LONG, SYNTAX, TAG_NAMED_AGAIN, Diagnostic
from notation.lazy import compiled, lazy_pattern
from notation.record.grammar import parse_game
from notation.record.lexicon import (
    LEADING_TAGS,
    MARK,
    NO_RESULT_BEFORE,
    OPEN_QUOTE,
    PAREN_SUFFIX,
    QUOTED,
    RESULT_AT,
    STRUCTURE,
    TAG_AHEAD,
    TAG_LINE,
    TAG_NAME,
    TAG_NAME_AHEAD,
    TAG_PAIR,
)
from notation.record.model import Record

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re
    from typing import IO, TypeAlias

__all__ = ["MAX_GAME", "parse_game", "read_records", "read_string"]

Source: TypeAlias = "str | os.PathLike[str] | IO[str] | IO[bytes] | Iterable[str] | Iterable[bytes]"
"""What :func:`read_records` reads: a path, a text or binary stream, or lines."""

_TAG_START = compiled(TAG_AHEAD)
_TAG_NAMES = compiled(rf"\[[ \t]*+({TAG_NAME})")


class _ScanPatterns:
    """The patterns of the line scan (:class:`_Scan`), which a source of plain games only
    never needs: compiled when a scan first starts (:func:`_scan_patterns`)."""

    __slots__ = (
        "leading_tags",
        "result_end",
        "special",
        "struct",
        "tag_name",
        "tag_pair",
        "whole_tag_line",
    )

    def __init__(self) -> None:
        self.leading_tags = compiled(rf"{MARK}?+{LEADING_TAGS}")
        self.special = compiled(f"[{STRUCTURE}]")
        self.struct = compiled(rf"\{{[^}}\n]*\}}|\{{|\}}|{PAREN_SUFFIX}|[();\[]|{OPEN_QUOTE}")
        self.result_end = compiled(rf"{RESULT_AT}\s*$")
        self.tag_name = compiled(TAG_NAME_AHEAD)
        self.tag_pair = compiled(rf"[ \t]*+(\[[ \t]*+({TAG_NAME})[ \t]*+{QUOTED}[ \t]*+\])")
        self.whole_tag_line = lazy_pattern(TAG_LINE)
        """Used inside a comment left open only."""


@cache
def _scan_patterns() -> _ScanPatterns:
    """The line scan's patterns, compiled when first asked for."""
    return _ScanPatterns()


class _Scan:
    """The line scanner's view of the game being collected."""

    __slots__ = (
        "blanks",
        "brace",
        "broken",
        "column",
        "content",
        "depth",
        "ended",
        "gap",
        "head",
        "line",
        "lines",
        "names",
        "over",
        "patterns",
        "size",
        "spaces",
    )

    def __init__(self, line: int, column: int) -> None:
        self.patterns = _scan_patterns()
        self.lines: list[str] = []
        self.line = line
        self.column = column
        self.brace = False
        self.depth = 0
        self.content = False
        self.ended = False
        self.names: set[str] = set()
        """The names of the tag pairs read so far (cut ones included)."""
        self.gap = False
        """A blank line came after the tag pairs, before any movetext."""
        self.size = 0
        """Characters collected so far."""
        self.blanks: list[str] = []
        """The blank lines read since the last line collected: part of the game only if
        more of it follows (kept while the game could still hold them)."""
        self.spaces = 0
        """Characters of those blank lines."""
        self.over: tuple[str, str, int] | None = None
        """The limit the game passes, among those blank lines, if more of it follows."""
        self.broken: tuple[str, str, int] | None = None
        """The code, message and line of the limit the game passed, if it passed one."""
        self.head = ""
        """The leading tag lines of a broken game, which are all that is read of it."""

    def add(self, segment: str, number: int) -> None:
        """Collect ``segment`` (on line ``number``), unless the game passed a limit; a blank
        one is held until more of the game follows (:meth:`space`)."""
        if segment.isspace() or not segment:
            self.space(segment, len(segment), number)
            return
        if self.broken is not None:
            return
        self.size += len(segment)
        if self.spaces:  # blank lines held: part of the game, now that more of it follows
            self.size += self.spaces
            self.lines += self.blanks
            self.blanks, self.spaces = [], 0
        if self.size > MAX_GAME:
            self.fail(GAME_TOO_LONG, _GAME_TOO_LONG, number)
            return
        self.lines.append(segment)

    def space(self, segment: str, size: int, number: int) -> None:
        """Hold the blank ``segment`` of ``size`` characters on line ``number`` (or of a
        line too long to keep, ``segment`` then empty): it is part of the game, and counts
        toward its size, only if more of the game follows."""
        if self.broken is not None or self.over is not None:
            return
        self.spaces += size
        if self.size + self.spaces <= MAX_GAME:
            self.blanks.append(segment)
        else:
            self.blanks = []
            if size > MAX_GAME:
                self.over = (LINE_TOO_LONG, _LINE_TOO_LONG, number)
            else:
                self.over = (GAME_TOO_LONG, _GAME_TOO_LONG, number)

    def fail(self, code: str, message: str, number: int, cut: str = "") -> None:
        """Stop collecting the game: it passed a limit at line ``number``; ``cut`` is the
        kept start of that line when the line itself passed it (its whole leading tag pairs
        are read with the game's, so that a game type there still names the game). A limit
        passed before, among the blank lines held (:attr:`over`), is the one reported."""
        if self.broken is not None:
            return
        if self.over is not None:
            (code, message, number), cut = self.over, ""
        self.broken = (code, f"{message}: the game's movetext is not read", number)
        head = []
        for line in self.lines:
            if line.strip() and not _TAG_START.match(line):
                break
            head.append(line)
        if cut and len(head) == len(self.lines):
            leading = self.patterns.leading_tags.match(cut)
            assert leading is not None  # zero tags match too
            head.append(leading.group())
        self.head = "".join(head)
        self.lines, self.blanks = [], []

    def next_game(self, text: str, at: int) -> bool:
        """Whether the line at ``at`` of ``text`` starts the next game: a line that begins
        with a tag pair does after movetext, after a blank line that follows the tags, or
        when it repeats the name of a tag read before; inside an unclosed comment, a line
        of whole tag pairs does (any other line is comment text)."""
        if self.brace:
            return self.patterns.whole_tag_line.match(text, at) is not None
        m = self.patterns.tag_name.match(text, at)
        if m is None:
            return False
        return self.content or self.ended or self.gap or m.group(1) in self.names

    def named_again(self, text: str, at: int) -> str | None:
        """The name of the tag pair that starts the line at ``at`` of ``text`` when naming
        it again is all that starts the next game there (the game holds tags alone)."""
        if self.brace or self.content or self.ended or self.gap:
            return None
        m = self.patterns.tag_name.match(text, at)
        return m.group(1) if m is not None and m.group(1) in self.names else None

    def named_twice(self, segment: str) -> tuple[int, str] | None:
        """Where a tag pair ``segment`` starts with, after the first, names a tag the game
        holding tags alone named before (on an earlier line or earlier on this one), and
        the name: the next game starts there."""
        if self.brace or self.content or self.ended or self.gap or self.broken is not None:
            return None
        pair = self.patterns.tag_pair
        at = len(MARK) if segment.startswith(MARK) else 0
        named: list[str] = []
        while (m := pair.match(segment, at)) is not None:
            name = m.group(2)
            if named and (name in self.names or name in named):
                return m.start(1), name
            named.append(name)
            at = m.end()
        return None

    def analyse(self, segment: str) -> tuple[bool, bool, int | None]:
        """Scan one line (or the rest of one) and update the brace and paren state.

        Returns whether the segment holds movetext outside comments, whether that movetext
        ends with a result at depth 0, and the offset of a tag pair that follows a result
        on the same line (where the next game starts), if any.
        """
        patterns = self.patterns
        start = 0
        if self.brace:
            close = segment.find("}")
            if close < 0:
                return False, False, None
            self.brace = False
            start = close + 1
        elif segment.startswith("%"):
            return False, False, None
        elif _TAG_START.match(segment):
            leading = patterns.leading_tags.match(segment)
            assert leading is not None  # zero tags match too
            start = leading.end()
            if segment.startswith("[", start) or not segment[start:].strip():
                return False, False, None
        rest = segment[start:] if start else segment
        if not patterns.special.search(rest):
            if not rest.strip():
                return False, False, None
            return True, self.depth == 0 and bool(patterns.result_end.search(rest)), None
        outside: list[str] = []
        at = 0
        for m in patterns.struct.finditer(rest):
            token = m.group()
            first = token[0]
            if first == "{" and token.endswith("}") and len(token) > 1:
                outside.append(rest[at : m.start()])
                outside.append(" ")
                at = m.end()
            elif first == "{":
                outside.append(rest[at : m.start()])
                at = len(rest)
                self.brace = True
                break
            elif first == ";":
                outside.append(rest[at : m.start()])
                at = len(rest)
                break
            elif token == "(":
                self.depth += 1
            elif token == ")":
                self.depth = max(self.depth - 1, 0)
            elif first == "[" and self.depth == 0:
                before = "".join(outside) + rest[at : m.start()]
                if patterns.result_end.search(before) and _TAG_START.match(rest, m.start()):
                    return True, True, start + m.start()
        outside.append(rest[at:])
        text = "".join(outside)
        if not text.strip():
            return False, False, None
        return True, self.depth == 0 and bool(patterns.result_end.search(text)), None


MAX_GAME = 1 << 18
"""Longest game read (262,144 characters, lines between its first and last included, blank
ones too; blank lines before or after it are no part of it). A longer game is a PDN110
error at the line where it passes the limit; the reader keeps none of the rest and reports
the game with its tags only, its movetext not read. A single line longer than this that is
not blank is a PDN109 error at its start: the reader skips to the next newline without
keeping the line, and the game that holds it is reported with its tags only (the whole tag
pairs the line starts with among them). A blank one is skipped the same way, and is a
PDN109 error only inside a game (more of the game following it)."""

_GAME_TOO_LONG = f"the game is longer than {MAX_GAME:,} characters"
_LINE_TOO_LONG = f"the line is longer than a game may be ({MAX_GAME:,} characters)"

_INK = compiled(r"\S")
"""What makes a line not blank."""

_CHUNK = 1 << 18
"""Characters read from a file or seekable stream at a time."""

_DEFER = 1 << 14
"""Unread text beyond which a game cut by the end of the buffer is not waited for."""

_TAG_LINE = rf"(?:[ \t]*+{TAG_PAIR})++[^\S\n]*+\n"
_BLANKS = r"(?:[^\S\n]*+\n)*+"
_FIRST = rf"(?!{MARK})[^\s{STRUCTURE}%]"
"""The first character of a movetext line: not blank, structure, ``%`` or a byte order
mark. (The mark is a look-ahead, not in the class: ``re`` takes 0.3 ms to compile a class
that holds a character beyond U+00FF, 0.03 ms this one.)"""
_MOVES = rf"(?>[^\S\n]*+{_FIRST}(?:[^\n{STRUCTURE}]*[^\s{STRUCTURE}]|))"
_PLAIN = (
    rf"((?:{_TAG_LINE})++){_BLANKS}(?=[^\S\n]*{_FIRST})"
    rf"(?:{_MOVES}{NO_RESULT_BEFORE}[^\S\n]*+\n{_BLANKS})*+({_MOVES}[^\S\n]*+\n{_BLANKS})?"
)
_PLAIN_START = compiled(_PLAIN)
"""A plain game: tag lines, then lines of movetext free of comments, variations, quotes
and tags (none starting with a byte order mark), cut by the next line that starts with a
tag pair (group 1 is its tag lines, with no blank line between them, and group 2 its last
movetext line). Only its last movetext line may end with a result, as the line scan reads
results (``result_end``): were an earlier line to end with one, the line scan would start a
game on the next line. The line scan reads a plain game as one game, so it is taken whole.
``_PLAIN_START`` is the game whether cut or not: where it ends is where ``_PLAIN_GAME``
would cut it (no movetext line starts with a tag pair, so a shorter plain game is never
cut where the longest is not)."""


@cache
def _plain_game() -> re.Pattern[str]:
    """``_PLAIN_GAME``: ``_PLAIN_START`` followed by a tag pair, compiled when first asked
    for (a source's last 16,384 characters are read without it: a small file never needs
    it)."""
    return compiled(rf"{_PLAIN}(?={TAG_AHEAD})")


class _Names:
    """Tells whether tag lines name each tag once (a repeated name starts the next game).

    The games of an archive mostly share their tag names, in order: names equal to the
    last ones found distinct are distinct without building a set of them."""

    __slots__ = ("known",)

    def __init__(self) -> None:
        self.known: list[str] = []
        """The names of the last tag lines found distinct."""

    def distinct(self, tags: str) -> bool:
        """True when no two tag pairs of ``tags`` have the same name."""
        names = _TAG_NAMES.findall(tags)
        if names == self.known:
            return True
        if len(set(names)) < len(names):
            return False
        self.known = names
        return True


def _chunks(source: Source, whole: bool) -> Iterator[str]:
    """The source's text in chunks: ``\r\n`` and ``\r`` made ``\n``, a leading BOM dropped
    when the source is ``whole`` (not a piece of a larger text)."""
    if isinstance(source, str | os.PathLike):
        with open(source, "rb") as stream:
            yield from _normalized(_decoded(iter(lambda: stream.read(_CHUNK), b"")), whole)
    elif isinstance(source, io.TextIOBase):
        if isinstance(source, io.StringIO) or source.seekable():
            yield from _normalized(iter(lambda: source.read(_CHUNK), ""), whole)
        else:
            # Line by line, as they come, but never more than a chunk at once.
            yield from _normalized(iter(lambda: source.readline(_CHUNK), ""), whole)
    elif isinstance(source, io.RawIOBase | io.BufferedIOBase):
        read = getattr(source, "read1", source.read)
        yield from _normalized(_decoded(iter(lambda: read(_CHUNK), b"")), whole)
    else:
        yield from _normalized(_mixed(source), whole)


def _decoded(stream: Iterable[bytes]) -> Iterator[str]:
    """Decode binary chunks as UTF-8, replacing undecodable bytes."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    for raw in stream:
        yield decoder.decode(raw)
    yield decoder.decode(b"", final=True)


def _mixed(items: Iterable[str] | Iterable[bytes]) -> Iterator[str]:
    """Text chunks from an iterable of text or bytes (bytes decoded as UTF-8)."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    for item in items:
        if isinstance(item, bytes | bytearray):
            yield decoder.decode(bytes(item))
        else:
            yield item
    yield decoder.decode(b"", final=True)


def _normalized(chunks: Iterable[str], whole: bool) -> Iterator[str]:
    """Text chunks with ``\r\n`` and ``\r`` made ``\n`` (also across chunks), the BOM that
    starts a ``whole`` source dropped (a piece's is the start of one of its games)."""
    first = whole
    carry = False
    for chunk in chunks:
        if not chunk:
            continue
        if first:
            chunk = chunk.removeprefix("\ufeff")
            first = False
        if carry:
            chunk = "\r" + chunk
        carry = chunk.endswith("\r")
        if carry:
            chunk = chunk[:-1]
        if "\r" in chunk:
            chunk = chunk.replace("\r\n", "\n").replace("\r", "\n")
        if chunk:
            yield chunk
    if carry:
        yield "\n"


def read_records(
    source: Source, *, path: str = "-", keep_text: bool = False, first_line: int = 1
) -> Iterator[Record]:
    """Yield the records of ``source`` one by one, as soon as each game is complete.

    ``source`` is a file path, a text or binary stream, or an iterable of text or bytes
    chunks (lines, typically); bytes are decoded as UTF-8 with undecodable bytes
    replaced, and a leading BOM is dropped (unless ``first_line`` says the source is a
    piece of a larger text). ``path`` names the source in diagnostics (a
    path source names itself when ``path`` is left ``"-"``). Malformed text never raises:
    problems are in ``record.diagnostics``. Only a path that cannot be opened or read
    raises :class:`OSError`.

    ``first_line`` is the line number of the source's first line in a larger text (a
    piece of a file read apart), so that every position is the one in that text.

    With ``keep_text``, each record's ``text`` is its game's source text: from the start
    of its first line (or, for a game that starts after a result on the same line, from
    its first tag pair) to the end of its last line that is not blank, newline included,
    with ``\r\n`` and ``\r`` made ``\n``.

    The text is read in chunks; at each line where a game may start, a plain game
    (``_PLAIN_GAME``) is taken whole, and anything else goes through the line scan
    (:class:`_Scan`) up to the next line where a game may start.
    """
    if path == "-" and isinstance(source, str | os.PathLike):
        path = os.fspath(source)
    chunks = _chunks(source, first_line == 1)
    text = ""
    at = 0
    final = False
    index = 0
    number = first_line
    scan: _Scan | None = None
    names = _Names()
    while True:
        end = text.find("\n", at)
        stop = end if end >= 0 else len(text)
        if stop - at > MAX_GAME:
            # What starts a game at a line too long to keep is read in its first
            # characters (as many as split_games keeps of it), whatever the chunks.
            starts = scan is not None and (
                scan.ended or scan.next_game(text[at : at + MAX_GAME + 1], 0)
            )
            cut = text[at : at + MAX_GAME]
            blank = _INK.search(text, at, stop) is None
            size = stop - at
            at = stop + 1
            if end < 0:
                # Skip to the next newline, keeping nothing of the line.
                text, at = "", 0
                while not final:
                    chunk = next(chunks, None)
                    if chunk is None:
                        final = True
                        break
                    newline = chunk.find("\n")
                    stop = newline if newline >= 0 else len(chunk)
                    blank = blank and _INK.search(chunk, 0, stop) is None
                    if newline >= 0:
                        text = chunk[newline + 1 :]
                        break
            if blank:
                if scan is not None:
                    if scan.names and not scan.brace:
                        scan.gap = True
                    scan.space("", size, number)
                number += 1
                continue
            if scan is not None and starts:
                index += 1
                yield _finish(
                    scan, index, path, keep_text, missing=not scan.brace and not scan.ended
                )
                scan = None
            if scan is None:
                scan = _Scan(number, 1)
            scan.fail(LINE_TOO_LONG, _LINE_TOO_LONG, number, cut)
            scan.content = True
            number += 1
            continue
        if end < 0 and not final:
            chunk = next(chunks, None)
            if chunk is None:
                final = True
            else:
                text = text[at:] + chunk if at < len(text) else chunk
                at = 0
            continue
        if at >= len(text):
            break
        if scan is not None and scan.next_game(text, at):
            index += 1
            again = scan.named_again(text, at)
            record = _finish(
                scan, index, path, keep_text, missing=not scan.brace and not scan.ended
            )
            if again is not None and not record.has_syntax_errors:
                column = text.find("[", at) - at + 1
                record.diagnostics.append(_named_again(again, number, column, path, index))
            yield record
            scan = None
        if scan is None:
            near_end = len(text) - at < _DEFER
            if near_end:
                # _PLAIN_GAME's match, if any, is _PLAIN_START's (its quantifiers are
                # possessive but the last line's, and no movetext line starts with a tag
                # pair); the end of the source's last text cuts a plain game too.
                start = _PLAIN_START.match(text, at)
                m = start
                if (
                    m is not None
                    and _TAG_START.match(text, m.end()) is None
                    and (not final or m.end() < len(text))
                ):
                    m = None
            else:
                m = _plain_game().match(text, at)
                if m is None and final:
                    m = _PLAIN_START.match(text, at)
                    if m is not None and m.end() < len(text):
                        m = None
            if m is not None and m.end() - at <= MAX_GAME and names.distinct(m.group(1)):
                stop = m.end()
                index += 1
                game = text[at:stop]
                missing = m.start(2) < 0 and stop < len(text)
                yield _finish_text(game, number, 1, index, path, keep_text, missing=missing)
                number += game.count("\n")
                at = stop
                continue
            if not final and near_end:
                m = start
                if m is not None and m.end() == text.rfind("\n") + 1:
                    chunk = next(chunks, None)
                    if chunk is None:
                        final = True
                    else:
                        text = text[at:] + chunk
                        at = 0
                    continue
        segment = text[at : end + 1] if end >= 0 else text[at:]
        at += len(segment)
        column = 1
        while segment:
            if scan is None:
                if not segment.strip():
                    break
                scan = _Scan(number, column)
            twice = scan.named_twice(segment)
            if twice is not None:
                named, again = twice
                scan.add(segment[:named], number)
                index += 1
                record = _finish(scan, index, path, keep_text, missing=False)
                if not record.has_syntax_errors:
                    record.diagnostics.append(
                        _named_again(again, number, column + named, path, index)
                    )
                yield record
                scan = None
                segment, column = segment[named:], column + named
                continue
            # A tag pair at this point was seen before the segment was cut: the scan is
            # fresh here, or has no tag pair ahead.
            was_ended = scan.ended
            was_brace = scan.brace
            content, ends, split = scan.analyse(segment)
            if content and was_ended:
                if was_brace:
                    close = segment.find("}") + 1
                    scan.add(segment[:close], number)
                    segment, column = segment[close:], column + close
                index += 1
                yield _finish(scan, index, path, keep_text, missing=False)
                scan = _Scan(number, column)
                content, ends, split = scan.analyse(segment)
            if content:
                scan.content = True
                scan.ended = ends
            elif not scan.brace:
                if scan.names and not segment.strip():
                    scan.gap = True
                elif _TAG_START.match(segment):
                    scan.names.update(_TAG_NAMES.findall(segment))
            if split is None:
                scan.add(segment, number)
                break
            scan.add(segment[:split], number)
            index += 1
            yield _finish(scan, index, path, keep_text, missing=False)
            scan = None
            segment, column = segment[split:], column + split
        number += 1
    if scan is not None:
        index += 1
        yield _finish(scan, index, path, keep_text, missing=False)


def _finish(scan: _Scan, index: int, path: str, keep_text: bool, *, missing: bool) -> Record:
    """Parse the collected game; ``missing`` adds the missing-result error if apt."""
    if scan.broken is not None:
        code, message, number = scan.broken
        record = parse_game(scan.head, line=scan.line, index=index, path=path, column=scan.column)
        record.diagnostics.append(Diagnostic(code, message, number, 1, path, index))
        return record
    text = "".join(scan.lines)
    missing = missing and scan.content
    return _finish_text(text, scan.line, scan.column, index, path, keep_text, missing=missing)


def _finish_text(
    text: str, line: int, column: int, index: int, path: str, keep_text: bool, *, missing: bool
) -> Record:
    """Parse one game's text; ``missing`` (it has movetext and the next game's tags cut it)
    adds the missing-result error when the game has no result and no other error;
    ``keep_text`` keeps the text, up to its last line that is not blank, in the record."""
    record = parse_game(text, line=line, index=index, path=path, column=column)
    if keep_text:
        last = text.find("\n", len(text.rstrip()))
        record.text = text if last < 0 else text[: last + 1]
    if missing and record.result is None and not record.has_syntax_errors:
        body = text.rstrip()
        row = body.count("\n")
        end = len(body) - (body.rfind("\n") + 1) + 1
        if row == 0:
            end += column - 1
        record.diagnostics.append(
            Diagnostic(
                SYNTAX,
                "missing result: the game ends without a result before the next game's tags",
                line + row,
                end,
                path,
                index,
            )
        )
    return record


def _named_again(name: str, line: int, column: int, path: str, index: int) -> Diagnostic:
    """The PDN119 warning of game ``index``, of tags alone, cut where the tag ``name`` is
    named again (at ``line``, ``column``)."""
    return Diagnostic(
        TAG_NAMED_AGAIN,
        f"{name} is named again: a new game starts at this tag, and the game before it "
        f"holds tags alone (a game names each tag once; if one game's tags name {name} "
        "twice, keep one)",
        line,
        column,
        path,
        index,
    )


def read_string(text: str, path: str = "-") -> list[Record]:
    """All records of ``text`` (a whole file's content)."""
    return list(read_records((text,), path=path))
