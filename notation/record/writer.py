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

from collections.abc import Iterable
from typing import TextIO

from notation.lazy import compiled
from notation.record.grammar import MAX_NAG
from notation.record.lexicon import MOVE_NUMBER_KEPT, MOVE_TOKEN, PLY_TOKEN, SUFFIX, TAG_NAME
from notation.record.model import MAX_DEPTH, RESULTS, Comment, Line, Ply, Record

WIDTH = 79
"""Longest output line (a single longer token gets a line of its own)."""

_NAME = compiled(TAG_NAME)
_BLANK = compiled(r"\s")


_NUMBER = compiled(MOVE_NUMBER_KEPT)
_SUFFIX = compiled(SUFFIX)
_BRACE_TAG = compiled(r"\n[ \t]*\[")


def _comment_problem(comment: Comment) -> str | None:
    """Why ``comment`` cannot be written so that it reads back the same, if it cannot."""
    text = comment.text
    if "\r" in text:
        return "a comment cannot hold a carriage return"
    if comment.kind == "brace":
        if "{" in text or "}" in text:
            return "a brace comment cannot hold a brace"
        if _BRACE_TAG.search(text):
            return "a line of a brace comment cannot start with '['"
        return None
    if "\n" in text:
        article = "an" if comment.kind == "escape" else "a"
        return f"{article} {comment.kind} comment cannot hold a line break"
    return None


def _comments_problem(comments: Iterable[Comment], where: str) -> tuple[str, str] | None:
    for i, comment in enumerate(comments):
        problem = _comment_problem(comment)
        if problem is not None:
            return f"{where}[{i}].text", problem
    return None


def _depth(line: Line) -> int:
    """How deep the variations of ``line`` nest (0 for none)."""
    deepest = 0
    stack = [(line, 0)]
    while stack:
        line, depth = stack.pop()
        deepest = max(deepest, depth)
        for ply in line.plies:
            stack.extend((variation, depth + 1) for variation in ply.variations_view)
    return deepest


def _ply_problem(ply: Ply) -> tuple[str, str] | None:
    """The field of ``ply`` that would not read back the same, and why."""
    text, suffix = ply.text, ply.suffix
    if ply.number is not None and not _NUMBER.fullmatch(ply.number):
        return "number", f"{ply.number!r} is not a move number"
    if not isinstance(text, str) or not MOVE_TOKEN.fullmatch(text) or _BLANK.search(text):
        return "text", f"{text!r} is not a move"
    if not isinstance(suffix, str) or not _SUFFIX.fullmatch(suffix):
        return "suffix", f"{suffix!r} is not a move-strength suffix"
    m = PLY_TOKEN.fullmatch(f"{text}{suffix}")
    if m is None or m.group(2) != text:
        return "text", f"{text!r} would read as a result"
    for i, nag in enumerate(ply.nags_view):
        if not isinstance(nag, int) or isinstance(nag, bool) or not 0 <= nag <= MAX_NAG:
            return f"nags[{i}]", f"{nag!r} is not a NAG (0 to {MAX_NAG})"
    return None


def _line_problem(line: Line, where: str) -> tuple[str, str] | None:
    """The first field of ``line`` (named from ``where``) that would not read back the
    same, and why."""
    problem = _comments_problem(line.comments, f"{where}.comments")
    if problem is not None:
        return problem
    for i, ply in enumerate(line.plies):
        at = f"{where}.plies[{i}]"
        found = _ply_problem(ply)
        if found is not None:
            return f"{at}.{found[0]}", found[1]
        problem = _comments_problem(ply.comments_view, f"{at}.comments")
        if problem is not None:
            return problem
        for j, variation in enumerate(ply.variations_view):
            problem = _line_problem(variation, f"{at}.variations[{j}]")
            if problem is not None:
                return problem
    return None


def why_unwritable(record: Record) -> tuple[str, str] | None:
    """The first field of ``record`` that PDN text cannot hold so that it reads back the
    same, and why (the field as a path such as ``moves.plies[3].text``, ``""`` for the
    record as a whole); ``None`` when :func:`write_record` writes it faithfully."""
    seen: dict[str, int] = {}
    for i, tag in enumerate(record.tags):
        if not isinstance(tag.name, str) or not _NAME.fullmatch(tag.name):
            return f"tags[{i}].name", f"{tag.name!r} is not a tag name"
        if tag.name in seen:
            return f"tags[{i}].name", (
                f"{tag.name!r} repeats the name of tags[{seen[tag.name]}] "
                "(the reader starts the next game there)"
            )
        seen[tag.name] = i
        if not isinstance(tag.value, str) or "\n" in tag.value or "\r" in tag.value:
            return f"tags[{i}].value", "a tag value cannot hold a line break"
    if _depth(record.moves) > MAX_DEPTH:
        return "moves", f"variations nested more than {MAX_DEPTH} levels deep"
    problem = _line_problem(record.moves, "moves")
    if problem is not None:
        return problem
    if record.result is not None and record.result not in RESULTS:
        return "result", f"{record.result!r} is not a result"
    if record.trailing and record.result is None:
        return "trailing", "comments after the result need a result"
    problem = _comments_problem(record.trailing, "trailing")
    if problem is not None:
        return problem
    if not (record.tags or record.moves.plies or record.moves.comments or record.result):
        return "", "the record is empty: it would write no text"
    return None


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
        """Write a comment of any kind."""
        if comment.kind == "brace":
            self.token("{" + comment.text + "}")
        elif comment.kind == "line":
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
        for nag in ply.nags_view:
            self.token(f"${nag}")
        for comment in ply.comments_view:
            self.comment(comment)
        for variation in ply.variations_view:
            self.token("(")
            self.line(variation)
            self.token(")")


def _escape(value: str) -> str:
    """A tag value with ``\\`` and ``"`` escaped."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_record(record: Record) -> str:
    """The canonical text of one record, ending with a newline: reading it gives back an
    equal record (:func:`same_record`).

    Raises :class:`ValueError` naming the game and the field, for a record that PDN text
    cannot hold so (see :func:`why_unwritable`): a repeated tag name, a line break in a
    tag value or in a
    ``;``/``%`` comment, a carriage return in any comment, a brace inside a brace comment
    or a line of it that starts with ``[`` (the reader may take it for the next game), a
    ply text that is not one move token, a bad number, suffix, NAG, result or tag name,
    variations nested deeper than the reader reads, an empty record.
    """
    problem = why_unwritable(record)
    if problem is not None:
        field, why = problem
        raise ValueError(f"game {record.index}: {field + ': ' if field else ''}{why}")
    head = [f'[{tag.name} "{_escape(tag.value)}"]\n' for tag in record.tags]
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
                tuple(ply.nags_view),
                tuple(_comment_key(c) for c in ply.comments_view),
                tuple(_line_key(v) for v in ply.variations_view),
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
