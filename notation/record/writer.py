"""Writer: records back to canonical PDN/PGN-style text, and record comparison.

Canonical form: the tags one per line, ``[Name "value"]`` in record order (``\\`` and ``"``
escaped); one blank line; the movetext, tokens separated by single spaces and wrapped at
79 columns without ever breaking a token (a brace comment is one token, newlines inside
kept verbatim); a ``;`` comment ends its output line; a ``%`` escape has a line of its own;
a variation is written ``( ... )`` with spaces inside the parentheses. A record without
tags starts with its movetext. Records are separated by one blank line; the output ends
with a newline.

Reading the output gives the same record (positions aside), and writing that again
gives the same text. Two records that PDN itself cannot separate are the exception: a
record with no result followed by a record with no tags reads back as one game, as does
a record with neither movetext nor result followed by another.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TextIO

from notation.record.model import Comment, Line, Ply, Record
from notation.record.reader import TAG_AHEAD

WIDTH = 79
"""Longest output line (a single longer token gets a line of its own)."""

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_TAG_LINE = re.compile(rf"\n{TAG_AHEAD}")


class _Out:
    """Movetext output with wrapping at :data:`WIDTH` columns."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.column = 0

    def token(self, text: str) -> None:
        """Write one token, on a new line if it does not fit on the current one."""
        first = text.split("\n", 1)[0]
        if self.column and self.column + 1 + len(first) > WIDTH:
            self.parts.append("\n")
            self.column = 0
        if self.column:
            self.parts.append(" ")
            self.column += 1
        self.parts.append(text)
        if "\n" in text:
            self.column = len(text) - text.rfind("\n") - 1
        else:
            self.column += len(text)

    def newline(self) -> None:
        """End the current line, if anything is on it."""
        if self.column:
            self.parts.append("\n")
            self.column = 0

    def comment(self, comment: Comment) -> None:
        """Write a comment of any kind; refuse a text its kind cannot hold."""
        if "\r" in comment.text:
            raise ValueError(f"a comment cannot hold a carriage return: {comment.text!r}")
        if comment.kind == "brace":
            if "{" in comment.text or "}" in comment.text:
                raise ValueError(f"a brace comment cannot hold braces: {comment.text!r}")
            if _TAG_LINE.search(comment.text):
                raise ValueError(
                    f"a brace comment line cannot start like a tag pair: {comment.text!r}"
                )
            self.token("{" + comment.text + "}")
            return
        if "\n" in comment.text:
            raise ValueError(f"a {comment.kind} comment cannot hold a newline: {comment.text!r}")
        if comment.kind == "line":
            self.token(";" + comment.text)
            self.newline()
        else:
            self.newline()
            self.parts.append("%" + comment.text + "\n")

    def line(self, line: Line) -> None:
        """Write a line of plies with its leading comments."""
        for comment in line.comments:
            self.comment(comment)
        for ply in line.plies:
            self.ply(ply)

    def ply(self, ply: Ply) -> None:
        """Write one ply: number, move and suffix, NAGs, comments, variations."""
        if ply.number is not None:
            self.token(ply.number)
        self.token(ply.text + ply.suffix)
        for nag in ply._nags or ():
            self.token(f"${nag}")
        for comment in ply._comments or ():
            self.comment(comment)
        for variation in ply._variations or ():
            self.token("(")
            self.line(variation)
            self.token(")")


def _escape(value: str) -> str:
    """A tag value with ``\\`` and ``"`` escaped."""
    if "\n" in value or "\r" in value:
        raise ValueError(f"a tag value cannot hold a line break: {value!r}")
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_record(record: Record) -> str:
    """The canonical text of one record, ending with a newline.

    Raises :class:`ValueError` for what would not read back: a line break in a tag value
    or in a ``;``/``%`` comment, a carriage return in any comment, a brace inside a brace
    comment or a line of it that starts like a tag pair (the reader takes that for the
    next game), a bad tag name.
    """
    head = []
    for tag in record.tags:
        if not _NAME.fullmatch(tag.name):
            raise ValueError(f"not a tag name: {tag.name!r}")
        head.append(f'[{tag.name} "{_escape(tag.value)}"]\n')
    out = _Out()
    out.line(record.moves)
    if record.result is not None:
        out.token(record.result)
    for comment in record.trailing:
        out.comment(comment)
    out.newline()
    body = "".join(out.parts)
    if head and body:
        return "".join(head) + "\n" + body
    return "".join(head) + body


def write_records(records: Iterable[Record], stream: TextIO) -> None:
    """Write records to ``stream``, separated by one blank line."""
    first = True
    for record in records:
        if not first:
            stream.write("\n")
        stream.write(write_record(record))
        first = False


def _comment_key(comment: Comment) -> tuple[str, str]:
    return (comment.kind, comment.text)


def _line_key(line: Line) -> tuple[object, ...]:
    return (
        tuple(_comment_key(c) for c in line.comments),
        tuple(
            (
                ply.text,
                ply.number,
                ply.suffix,
                tuple(ply._nags or ()),
                tuple(_comment_key(c) for c in ply._comments or ()),
                tuple(_line_key(v) for v in ply._variations or ()),
            )
            for ply in line.plies
        ),
    )


def record_key(record: Record) -> tuple[object, ...]:
    """What a record says, without positions, index or diagnostics (hashable)."""
    return (
        tuple((tag.name, tag.value) for tag in record.tags),
        _line_key(record.moves),
        record.result,
        tuple(_comment_key(c) for c in record.trailing),
    )


def same_record(a: Record, b: Record) -> bool:
    """True when two records say the same: tags, movetext, result, trailing comments.

    Positions, the game index and diagnostics are ignored.
    """
    return record_key(a) == record_key(b)
