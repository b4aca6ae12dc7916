"""The positions of an index: for each run of consecutive games (a *chunk*, at most
:data:`CHUNK` games of one file), every position of their main lines by its 64-bit key
(:func:`notation.index.keys.position_key`), with the game and the ply that reach it.

A chunk's positions are kept in rows of ``positions`` by bucket: the top ``bits`` bits of
the key (fewer for a small chunk, so that a row holds some tens of positions). A row's
``entries`` holds its positions sorted, after a first byte giving the plies' width, as two
arrays: each position's other bits of the key followed by the 12 bits of its game's place
in the chunk (big-endian, 8 bytes in buckets of 12 bits, 9 or 10 in narrower ones), and
the plies (1 byte, or 2 when a ply of the row is past 255). A position costs about 9
bytes where a row of its own would cost more than 20; the keys stay whole, and the games
of one file are dropped by the range of their ids (``first``).
"""

from __future__ import annotations

import bisect
import operator
import sys
from array import array
from collections.abc import Container, Iterable, Iterator, Sequence
from itertools import compress, islice, repeat

from notation.index.db import Database

CHUNK = 4096
"""Games of a chunk at most (their places in it take 12 bits)."""

PLACE_BITS = 12

BITS = (0, 4, 8, 12)
"""The bucket widths a chunk may use, in bits."""

ROW = 16
"""A chunk takes the widest bucket that leaves at least this many positions a row."""

_MASK = (1 << 64) - 1


def _bits_for(count: int) -> int:
    return max(bits for bits in BITS if bits == 0 or count >> bits >= ROW)


def _width(bits: int) -> int:
    """Bytes of an entry's key and place in a row of buckets of ``bits`` bits: the key's
    other bits, then the game's place in the chunk."""
    return (64 - bits + PLACE_BITS + 7) // 8


def pack(
    first: int, keys: Sequence[int], places: Sequence[int], plies: Sequence[int]
) -> list[tuple[int, int, int, bytes]]:
    """The rows (``bits``, ``bucket``, ``first``, ``entries``) of a chunk whose first game
    is ``first``: position ``i`` has the key ``keys[i]`` and is reached by the game
    ``first + places[i]`` at ply ``plies[i]``."""
    return pack_sorted(first, ordered(keys, places, plies))


def ordered(keys: Sequence[int], places: Sequence[int], plies: Sequence[int]) -> list[int]:
    """Each position (key ``keys[i]``, reached by the game at place ``places[i]`` at ply
    ``plies[i]``) as one number, sorted: its key (unsigned), its place, its ply."""
    lows = [place << _PLY_BITS | ply for place, ply in zip(places, plies, strict=True)]
    return by_key([key & _MASK for key in keys], lows)


def reached_at(place: int, count: int) -> range:
    """The place and ply of the positions of a game at ``place`` in its chunk, its start
    and ``count - 1`` plies, as :func:`by_key` takes them."""
    return range(place << _PLY_BITS, (place << _PLY_BITS) + count)


def by_key(keys: Iterable[int], lows: Iterable[int]) -> list[int]:
    """:func:`ordered` of the positions whose keys (unsigned) are ``keys``, and place and
    ply ``lows`` (:func:`reached_at`)."""
    # Operators mapped over the two: no bytecode runs for each position.
    return sorted(map(operator.or_, map(operator.lshift, keys, repeat(_LOW)), lows))


def often(numbers: list[int], least: int) -> set[int]:
    """The keys (signed) of the positions :func:`ordered` gave that are there at least
    ``least`` times."""
    keys = list(map(operator.rshift, numbers, repeat(_LOW)))
    found = set(compress(keys, map(operator.eq, keys, islice(keys, least - 1, None))))
    return {key - (1 << 64) if key >> 63 else key for key in found}


def pack_sorted(first: int, ordered: list[int]) -> list[tuple[int, int, int, bytes]]:
    """:func:`pack` of the positions :func:`ordered` gave."""
    bits = _bits_for(len(ordered))
    width = _width(bits)
    top = 64 + _LOW - bits
    # Every position written at once as _NUMBER bytes (big-endian, in C), its entry and
    # ply then cut out of them byte by byte with strides, not a position at a time.
    written = b"".join(map(int.to_bytes, ordered, repeat(_NUMBER)))
    count = len(ordered)
    entries = bytearray(count * width)
    offset = _NUMBER - _PLY_BITS // 8 - width
    for at in range(width):
        entries[at::width] = written[offset + at :: _NUMBER]
    # The entry's first byte keeps only its own bits (the others are the bucket's).
    head = (1 << (64 - bits + PLACE_BITS - 8 * (width - 1))) - 1
    if head < 0xFF:
        entries[0::width] = entries[0::width].translate(bytes(b & head for b in range(256)))
    high = written[_NUMBER - 2 :: _NUMBER]
    if (
        written[_NUMBER - 4 :: _NUMBER].count(0) + written[_NUMBER - 3 :: _NUMBER].count(0)
        < 2 * count
    ):
        raise OverflowError(f"a ply past {0xFFFF}")
    plies = written[_NUMBER - 1 :: _NUMBER]
    wide_plies = bytearray(2 * count)
    if high.count(0) < count:
        # Little-endian pairs (low byte, high byte), for the rows with a ply past 255.
        wide_plies[0::2] = plies
        wide_plies[1::2] = high
    rows: list[tuple[int, int, int, bytes]] = []
    start = 0
    while start < count:
        bucket = ordered[start] >> top
        end = bisect.bisect_left(ordered, (bucket + 1) << top, start)
        wide = high.count(0, start, end) < end - start
        data = bytearray([2 if wide else 1])
        data += entries[start * width : end * width]
        data += wide_plies[2 * start : 2 * end] if wide else plies[start:end]
        rows.append((bits, bucket, first, bytes(data)))
        start = end
    return rows


_NUMBER = 14
"""Bytes of a number :func:`ordered` gives (a 64-bit key, then the place and the ply)."""


_PLY_BITS = 32
"""Bits of a ply in the numbers :func:`ordered` gives."""

_LOW = PLACE_BITS + _PLY_BITS
"""Bits below the key in those numbers."""


def store(db: Database, rows: list[tuple[int, int, int, bytes]]) -> None:
    """Write the rows :func:`pack` made."""
    db.executemany("INSERT INTO positions (bits, bucket, first, entries) VALUES (?, ?, ?, ?)", rows)


def drop(db: Database, low: int, high: int) -> None:
    """Remove the positions of the games ``low`` to ``high`` (whole chunks)."""
    db.execute("DELETE FROM positions WHERE first BETWEEN ? AND ?", (low, high))


def reached(db: Database, key: int, skip: Container[int] = ()) -> dict[int, int]:
    """The games whose main line reaches a position of key ``key``, each with the first
    ply it does; the games of the chunks whose first game is in ``skip`` left out."""
    firsts: dict[int, int] = {}
    for first, places, plies in chunks(db, key):
        if first not in skip:
            firsts.update(zip([first + place for place in places], plies, strict=True))
    return firsts


def chunks(db: Database, key: int) -> Iterator[tuple[int, array[int], array[int]]]:
    """For each chunk where games reach a position of key ``key``, in no order: its first
    game, and the places in it of those games (ascending, each once) with the first ply
    each reaches the position at."""
    unsigned = key & _MASK
    for bits in BITS:
        bucket = unsigned >> (64 - bits) if bits else 0
        rows = db.execute(
            "SELECT first, entries FROM positions WHERE bits = ? AND bucket = ?", (bits, bucket)
        )
        width = _width(bits)
        wanted = (unsigned & ((1 << (64 - bits)) - 1)) << PLACE_BITS
        least = wanted.to_bytes(width, "big")
        most = (wanted | (1 << PLACE_BITS) - 1).to_bytes(width, "big")
        for first, entries in rows:
            places, plies = _found(bytes(entries), width, least, most)
            if places:
                yield first, places, plies


_LOW_NIBBLE = bytes(value & 0x0F for value in range(256))


def _found(data: bytes, width: int, least: bytes, most: bytes) -> tuple[array[int], array[int]]:
    """The places of the games of the row ``data`` whose entry lies from ``least`` to
    ``most`` (ascending, each once), with the first ply each reaches it at."""
    ply_width = data[0]
    count = (len(data) - 1) // (width + ply_width)

    def entry(i: int) -> bytes:
        return data[1 + i * width : 1 + (i + 1) * width]

    lo = bisect.bisect_left(range(count), least, key=entry)
    hi = bisect.bisect_right(range(count), most, lo=lo, key=entry)
    if lo == hi:
        return array("H"), array("B")
    plies = 1 + count * width
    reach = _little(
        array("H" if ply_width == 2 else "B", data[plies + ply_width * lo : plies + ply_width * hi])
    )
    # The place is the low 12 bits of an entry's last two bytes, read as little-endian
    # pairs (low byte, high nibble).
    span = data[1 + lo * width : 1 + hi * width]
    pairs = bytearray(2 * (hi - lo))
    pairs[0::2] = span[width - 1 :: width]
    pairs[1::2] = span[width - 2 :: width].translate(_LOW_NIBBLE)
    places = _little(array("H", pairs))
    if len(set(places)) < len(places):
        # A game reaching the key again: the entries of a game come in the order of
        # their plies, so its first is the one to keep.
        kept = [i for i in range(len(places)) if i == 0 or places[i] != places[i - 1]]
        places = array("H", [places[i] for i in kept])
        reach = array(reach.typecode, [reach[i] for i in kept])
    return places, reach


def every(db: Database) -> Iterator[tuple[int, int, int]]:
    """(game, ply, key) of every position the index holds, in no order."""
    for bits, bucket, first, entries in db.execute(
        "SELECT bits, bucket, first, entries FROM positions"
    ):
        data = bytes(entries)
        width = _width(bits)
        ply_width = data[0]
        count = (len(data) - 1) // (width + ply_width)
        plies = 1 + count * width
        reach = _little(array("H" if ply_width == 2 else "B", data[plies:]))
        top = bucket << (64 - bits) if bits else 0
        for i in range(count):
            value = int.from_bytes(data[1 + i * width : 1 + (i + 1) * width], "big")
            unsigned = top | value >> PLACE_BITS
            key = unsigned - (1 << 64) if unsigned >> 63 else unsigned
            yield first + (value & (1 << PLACE_BITS) - 1), reach[i], key


def _little(numbers: array[int]) -> array[int]:
    """``numbers`` turned between this machine's byte order and the rows' (little-endian:
    an index is read on machines of either order)."""
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers
