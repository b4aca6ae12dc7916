"""Where the games of an index are, by chunk: for each run of at most
:data:`~notation.index.postings.CHUNK` consecutive games of one file (the chunks of
:mod:`notation.index.postings`, by the id of their first game), a row of ``places``
giving the file and, as arrays, each game's line, number in the file, setup and opening.
``find`` lists the games a position's postings give (or its players', tags' or
opening's, or every game) from these rows, without reading a row of ``games`` for each.

A row's ``data`` starts with one byte per column (line, number, setup, opening) giving
the width of its numbers (1, 2, 4 or 8 bytes), followed by each column as an array of
little-endian unsigned numbers, one for each game of the chunk in the order of their ids;
a setup or opening the game has none of is 0 (ids start at 1).
"""

from __future__ import annotations

import sys
from array import array
from dataclasses import dataclass

from notation.index import postings
from notation.index.db import Database, Malformed

_CODES = {array(code).itemsize: code for code in "QLIHB"}
"""The array type code of each width in bytes (the narrowest name that has it)."""


@dataclass(frozen=True, slots=True)
class Places:
    """The games of a chunk: the columns of its row, indexed by a game's place in the
    chunk (its id less the chunk's first)."""

    file: int
    lines: array[int]
    numbers: array[int]
    setups: array[int]
    openings: array[int]


def pack(rows: list[tuple[int, int, int | None, int | None]]) -> bytes:
    """The ``data`` of a chunk whose games have ``rows`` (line, number, setup, opening)
    in the order of their ids."""
    columns = [[value or 0 for value in column] for column in zip(*rows, strict=True)]
    arrays = [array(_CODES[_width(max(column))], column) for column in columns]
    head = bytes(numbers.itemsize for numbers in arrays)
    return head + b"".join(_little(numbers).tobytes() for numbers in arrays)


def unpack(file: int, data: bytes) -> Places:
    """The columns :func:`pack` wrote; :class:`~notation.index.db.Malformed` when
    ``data`` is not as it writes them."""
    widths = data[:4]
    if len(widths) < 4 or not all(map(_CODES.__contains__, widths)):
        raise Malformed("a row of places")
    count, left = divmod(len(data) - 4, sum(widths))
    if left:
        raise Malformed("a row of places")
    columns = []
    at = 4
    for width in widths:
        numbers = array(_CODES[width])
        numbers.frombytes(data[at : at + width * count])
        columns.append(_little(numbers))
        at += width * count
    lines, numbers, setups, openings = columns
    return Places(file, lines, numbers, setups, openings)


def store(db: Database, file: int, low: int, high: int) -> None:
    """Write the rows of the games ``low`` to ``high`` (ids), the games of the file
    ``file`` just stored, by chunks from ``low`` on."""
    rows = db.execute(
        "SELECT id, line, number, setup, opening FROM games WHERE id BETWEEN ? AND ? ORDER BY id",
        (low, high),
    ).fetchall()
    written = []
    for start in range(0, len(rows), postings.CHUNK):
        some = rows[start : start + postings.CHUNK]
        written.append((some[0][0], file, pack([row[1:] for row in some])))
    db.executemany("INSERT INTO places (first, file, data) VALUES (?, ?, ?)", written)


def drop(db: Database, low: int, high: int) -> None:
    """Remove the rows of the games ``low`` to ``high`` (whole chunks)."""
    db.execute("DELETE FROM places WHERE first BETWEEN ? AND ?", (low, high))


def _width(value: int) -> int:
    return next(width for width in (1, 2, 4, 8) if value < 1 << 8 * width)


def _little(numbers: array[int]) -> array[int]:
    """``numbers`` turned between this machine's byte order and the rows'
    (little-endian)."""
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers
