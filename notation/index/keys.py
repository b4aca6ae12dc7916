"""Small, dependency-light helpers of the index that ``find`` and ``tree`` need as much
as ``index``: a position's key, a list of ids as bytes, and a file's digest."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import os
import stat
from collections.abc import Iterable, Iterator
from hashlib import blake2b
from typing import Any

from notation.games.base import AnyGame, Position
from notation.io.files import kind_of


def position_key(game: AnyGame, position: Position) -> int:
    """The 64-bit key of ``position`` of ``game`` as ``select --position`` compares
    positions (:meth:`~notation.games.base.Game.identity`, in the form of
    :meth:`~notation.games.base.Game.key_identity`, which no internal layout enters), the
    same in every process: the BLAKE2b digest of the game's name and of that form as
    :func:`_encoded` writes it, 8 bytes read as a little-endian signed number. Two
    positions that compare equal have one key; two that do not share one with a chance of
    2**-64."""
    return int.from_bytes(position_keys(game, (position,)), "little", signed=True)


def position_keys(game: AnyGame, positions: Iterable[Position]) -> bytes:
    """The keys of ``positions`` (:func:`position_key`), each as 8 little-endian bytes, in
    order: what ``array("q")`` reads on a little-endian machine."""
    named = blake2b(game.name.encode() + b"\0", digest_size=8, person=_PERSON)
    copy = named.copy
    digests = []
    for form in _forms(game, positions):
        hashed = copy()
        hashed.update(form)
        digests.append(hashed.digest())
    return b"".join(digests)


def _forms(game: AnyGame, positions: Iterable[Position]) -> Iterator[bytes]:
    """:func:`_encoded` of each position's key identity; for a game of bitboards
    (:meth:`~notation.games.base.Game.key_cells`) written straight from them, each
    bitboard of the line turned and written once."""
    cells = game.key_cells()
    if cells is None:
        yield from map(_encoded, game.key_identities(positions))
        return
    written: dict[int, bytes] = {}
    for white, black, kings, turn in positions:
        w = written.get(white)
        if w is None:
            w = written[white] = b"%d" % cells(white)
        b = written.get(black)
        if b is None:
            b = written[black] = b"%d" % cells(black)
        k = written.get(kings)
        if k is None:
            k = written[kings] = b"%d" % cells(kings)
        yield b"i%b,%b,%b,%d" % (w, b, k, turn)


_PERSON = b"position"

_IS_INT = int.__instancecheck__
"""``isinstance(value, int)``, callable by ``map`` without a Python frame."""

_FORMS: dict[int, bytes] = {}
"""The bytes form of a tuple of ``n`` integers, by ``n``."""


def _encoded(compared: object) -> bytes:
    """``compared`` (a position's identity) as bytes, distinct for values that do not
    compare equal and the same in every process: a tuple of integers (a draughts game's
    bitboards and side to move) as its numbers in decimal, anything else as the ``repr``
    of its :func:`_canonical` form; the first byte tells which."""
    if isinstance(compared, tuple) and all(map(_IS_INT, compared)):
        form = _FORMS.get(len(compared))
        if form is None:
            form = _FORMS[len(compared)] = b"i" + b",".join([b"%d"] * len(compared))
        return form % compared
    return b"r" + repr(_canonical(compared)).encode()


def _canonical(value: Any) -> Any:
    """``value`` as equality compares it, its sets sorted and its enumerations made
    values: a form whose ``repr`` does not depend on the process (string hashes differ
    between processes)."""
    kind = type(value)
    if kind is int or kind is str:
        return value
    if isinstance(value, enum.Enum):
        return _canonical(value.value)
    if isinstance(value, frozenset | set):
        return ("set", sorted(repr(_canonical(item)) for item in value))
    if isinstance(value, tuple | list):
        for item in value:
            if type(item) is not int:
                return tuple(_canonical(item) for item in value)
        return tuple(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple(_canonical(getattr(value, name)) for name in _compared(kind))
    return value


def _compared(kind: type) -> tuple[str, ...]:
    """The fields of the dataclass ``kind`` that its equality compares: a position's
    history (a field left out of its comparison) is no part of it."""
    names = _COMPARED.get(kind)
    if names is None:
        names = _COMPARED[kind] = tuple(f.name for f in dataclasses.fields(kind) if f.compare)
    return names


_COMPARED: dict[type, tuple[str, ...]] = {}


def pack_ids(ids: Iterable[int]) -> bytes:
    """Ids (at least 0) as bytes: each in base 128, low digits first, the high bit of a
    byte set when another byte of the same id follows."""
    out = bytearray()
    for value in ids:
        if value < 0x80:
            out.append(value)
            continue
        while value >= 0x80:
            out.append(value & 0x7F | 0x80)
            value >>= 7
        out.append(value)
    return bytes(out)


def unpack_ids(data: bytes) -> list[int]:
    """The ids :func:`pack_ids` wrote."""
    ids: list[int] = []
    value = shift = 0
    for byte in data:
        value |= (byte & 0x7F) << shift
        if byte & 0x80:
            shift += 7
        else:
            ids.append(value)
            value = shift = 0
    return ids


def nth_id(data: bytes, n: int) -> int | None:
    """The id at place ``n`` (from 0) of those :func:`pack_ids` wrote; ``None`` past the
    last."""
    value = shift = 0
    for byte in data:
        if n:
            n -= byte < 0x80
            continue
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value
        shift += 7
    return None


class NotAFile(OSError):
    """An input that is not a regular file (a FIFO, a device, a socket): an index holds
    files it can read again and tell changed, so it is refused unread."""


def digest_file(path: str) -> tuple[bytes, int, int]:
    """The content digest, size and modification time (ns) of the regular file at ``path``
    (:class:`NotAFile` for anything else, opened without waiting for a FIFO's writer)."""
    digest = hashlib.blake2b(digest_size=16)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    with os.fdopen(fd, "rb", closefd=True) as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotAFile(
                f"it is {kind_of(info.st_mode)}, not a file "
                "(an index holds files it can read again)"
            )
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.digest(), info.st_size, info.st_mtime_ns
