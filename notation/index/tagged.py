"""The games of each tag value, kept by chunk of games for ``find --tag`` and ``find
--player``.

For each chunk of games (:mod:`notation.index.postings`: at most
:data:`~notation.index.postings.CHUNK` consecutive games of one file) and each tag value
its games have (an id in ``tagvalues``: a tag's name and the value of its first pair of
that name, case folded), ``tagged`` holds one row: the places of those games in the
chunk, ascending, as 16-bit numbers (little-endian). A game's tag costs about 7 bytes so
(its 2, and its share of the rows and of the index on ``first``) where a row of its own
would cost about 11. The table's key is (``value``, ``first``), so that the games of a
value are read together; a file indexed again or removed takes its rows with it by the
range of its games' ids (:func:`drop`).
"""

from __future__ import annotations

import operator
import sys
from array import array
from collections.abc import Iterable
from itertools import chain, repeat

from notation.index.db import Database, Malformed


class Chunk:
    """The tag values of the games of one chunk, gathered to be stored (:meth:`rows`)."""

    __slots__ = ("first", "places")

    def __init__(self, first: int) -> None:
        self.first = first
        """The id of the chunk's first game."""
        self.places: dict[int, list[int]] = {}
        """The places in the chunk of the games of each tag value, ascending."""

    def add(self, game: int, values: Iterable[int]) -> None:
        """The tag values of the game ``game``, the chunk's games added in order."""
        place = game - self.first
        places = self.places
        for value in values:
            found = places.get(value)
            if found is None:
                places[value] = [place]
            else:
                found.append(place)

    def rows(self) -> list[tuple[int, int, bytes]]:
        """The rows (``value``, ``first``, ``games``) of the chunk, in the order of the
        table's key."""
        return [(value, self.first, _packed(self.places[value])) for value in sorted(self.places)]


def _packed(places: list[int]) -> bytes:
    numbers = array("H", places)
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers.tobytes()


def store(db: Database, rows: list[tuple[int, int, bytes]]) -> None:
    """Write the rows :meth:`Chunk.rows` made."""
    db.executemany("INSERT INTO tagged (value, first, games) VALUES (?, ?, ?)", rows)


def drop(db: Database, low: int, high: int) -> None:
    """Remove the rows of the games ``low`` to ``high`` (whole chunks)."""
    db.execute("DELETE FROM tagged WHERE first BETWEEN ? AND ?", (low, high))


def games(rows: Iterable[tuple[int, bytes]]) -> set[int]:
    """The ids of the games of rows (``first``, ``games``) of ``tagged``;
    :class:`~notation.index.db.Malformed` when a row's ``games`` is not as
    :meth:`Chunk.rows` writes it."""
    pairs = list(rows)
    if not pairs:
        return set()
    firsts, datas = zip(*pairs, strict=True)
    if any(map(operator.and_, map(len, datas), repeat(1))):
        raise Malformed("a row of tagged")
    places = array("H")
    places.frombytes(b"".join(map(bytes, datas)))
    if sys.byteorder == "big":
        places.byteswap()
    # Each row's first game repeated once for each of its places: no bytecode runs for
    # each game.
    counts = map(operator.rshift, map(len, datas), repeat(1))
    return set(map(operator.add, chain.from_iterable(map(repeat, firsts, counts)), places))
