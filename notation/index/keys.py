"""Small, dependency-light helpers of the index that ``find`` and ``tree`` need as much
as ``index``: a position's key, a list of ids as bytes, and a file's digest."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import os
from collections.abc import Iterable
from typing import Any

from notation.games.base import AnyGame, Position, Side


def position_key(game: AnyGame, position: Position) -> int:
    """The 64-bit key of ``position`` of ``game`` as ``select --position`` compares
    positions (:meth:`~notation.games.base.Game.identity`, in the form of
    :meth:`~notation.games.base.Game.key_identity`), the same in every process."""
    compared = game.key_identity(position)
    if isinstance(compared, tuple) and all(type(value) in _PLAIN for value in compared):
        # A tuple of plain values: its repr is already the same in every process.
        text = repr((game.name, compared))
    else:
        text = repr((game.name, _canonical(compared)))
    digest = hashlib.blake2b(text.encode(), digest_size=8, person=b"position")
    return int.from_bytes(digest.digest(), "big", signed=True)


_PLAIN = frozenset({int, str, bool, type(None), Side})
"""Types whose repr is the same in every process."""


def _canonical(value: Any) -> Any:
    """``value`` as equality compares it, its sets sorted and its enumerations made
    values: a form whose ``repr`` does not depend on the process (string hashes differ
    between processes)."""
    if isinstance(value, enum.Enum):
        return _canonical(value.value)
    if isinstance(value, frozenset | set):
        return ("set", sorted(repr(_canonical(item)) for item in value))
    if isinstance(value, tuple | list):
        return tuple(_canonical(item) for item in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        # Only what equality compares: a position's history (a field left out of its
        # comparison) is no part of it.
        compared = (f.name for f in dataclasses.fields(value) if f.compare)
        return tuple(_canonical(getattr(value, name)) for name in compared)
    return value


def pack_ids(ids: Iterable[int]) -> bytes:
    """Ids (at least 0) as bytes: each in base 128, low digits first, the high bit of a
    byte set when another byte of the same id follows."""
    out = bytearray()
    for value in ids:
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


def digest_file(path: str) -> tuple[bytes, int, int]:
    """The content digest, size and modification time (ns) of the file at ``path``."""
    digest = hashlib.blake2b(digest_size=16)
    with open(path, "rb") as handle:
        info = os.fstat(handle.fileno())
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.digest(), info.st_size, info.st_mtime_ns
