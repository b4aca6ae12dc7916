"""Small, dependency-light helpers of the index that ``find`` and ``tree`` need as much
as ``index``: a position's key, a list of ids as bytes, and a file's digest."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import os
import stat
import sys
import time
from array import array
from collections.abc import Callable, Iterable, Iterator
from hashlib import blake2b
from typing import TYPE_CHECKING, Any, cast

from notation.compiled import mypyc_attr
from notation.games.base import AnyGame, Position
from notation.io.files import kind_of
from notation.plain import Frozen

if TYPE_CHECKING:
    from mypy_extensions import i64

SALT_BYTES = 16
"""The length of an index's secret (:func:`new_salt`)."""


def new_salt() -> bytes:
    """A secret drawn for a new index, from which all its keys are made
    (:func:`position_key`): positions cannot be chosen to share a key without it."""
    return os.urandom(SALT_BYTES)


def position_key(game: AnyGame, position: Position, salt: bytes) -> int:
    """The 64-bit key of ``position`` of ``game`` in the index whose secret is ``salt``
    (:func:`new_salt`), as ``select --position`` compares positions
    (:meth:`~notation.games.base.Game.identity`, in the form of
    :meth:`~notation.games.base.Game.key_identity`, which no internal layout enters), the
    same in every process, as a signed number: for a game of bitboards
    (:meth:`~notation.games.base.Game.key_cells`) a Zobrist key (:func:`position_keys`),
    for the others the BLAKE2b digest keyed by ``salt`` of the game's name and of that
    form as :func:`_encoded` writes it, 8 bytes read as a little-endian signed number.
    Two positions that compare equal have one key; two that do not share one with a
    chance of 2**-64 to whoever does not know ``salt``."""
    return int.from_bytes(position_keys(game, (position,), salt), "little", signed=True)


def position_keys(game: AnyGame, positions: Iterable[Position], salt: bytes) -> bytes:
    """The keys of ``positions`` (:func:`position_key`) in the index of ``salt``, each as
    8 little-endian bytes, in order: what ``array("q")`` reads on a little-endian machine.

    A position of bitboards ``(white, black, kings, turn)`` has the Zobrist key of its
    cells: the exclusive or of a number for the side to move and one for each piece, by
    its role (a white piece, a black piece, a king: a king has its side's and the king's)
    and its cell (:meth:`~notation.games.base.Game.key_cells`), each number the first 8
    bytes of the BLAKE2b digest keyed by ``salt`` of the game's name, the role and the
    cell. A line's keys are made one from the last, by the pieces a move changed."""
    cells = game.key_cells()
    if cells is not None:
        return _zobrist_keys(_tables(salt, game.name, cells), positions)
    named = blake2b(game.name.encode() + b"\0", digest_size=8, key=salt, person=_PERSON)
    copy = named.copy
    digests = []
    for form in _encoded_line(game.key_identities(positions)):
        hashed = copy()
        hashed.update(form)
        digests.append(hashed.digest())
    return b"".join(digests)


def _zobrist_keys(tables: _Tables, positions: Iterable[Position]) -> bytes:
    """The Zobrist keys of ``positions``, positions of bitboards (:func:`position_keys`)."""
    # The tables typed as dicts (the compiled build looks them up as such; a number not
    # made yet is made by its table), the side to move 0 or 1 (a Side), and the numbers
    # kept as signed 64-bit values (the same bits), so that the compiled build works on
    # machine integers.
    whites: dict[int, int] = tables[0]
    blacks: dict[int, int] = tables[1]
    kings_: dict[int, int] = tables[2]
    white_turn: i64 = tables[3][0]
    black_turn: i64 = tables[3][1]
    found: list[int] = []
    key: i64 = 0
    w = b = k = 0
    for white, black, kings, turn in cast("Iterable[tuple[int, int, int, int]]", positions):
        if white != w:
            key ^= whites[white ^ w]
            w = white
        if black != b:
            key ^= blacks[black ^ b]
            b = black
        if kings != k:
            key ^= kings_[kings ^ k]
            k = kings
        found.append(key ^ (black_turn if turn else white_turn))
    keys = array("q", found)
    if sys.byteorder == "big":
        keys.byteswap()
    return keys.tobytes()


@mypyc_attr(native_class=False)
class _Numbers(dict[int, int]):
    """The Zobrist numbers of one role of one game's pieces (or of the side to move), by
    the bit of a square in the game's bitboards (or by the side): each made when first
    asked for, from the cell the game's ``key_cells`` turns the bit into and the index's
    secret."""

    def __init__(
        self, salt: bytes, name: str, role: str, cells: Callable[[int], int] | None
    ) -> None:
        super().__init__()
        self.salt = salt
        self.prefix = f"{name}\0{role}\0".encode()
        self.cells = cells

    def __missing__(self, bit: int) -> int:
        cell = int(bit) if self.cells is None else self.cells(bit).bit_length() - 1
        digest = blake2b(self.prefix + b"%d" % cell, digest_size=8, key=self.salt, person=_ZOBRIST)
        number = self[bit] = int.from_bytes(digest.digest(), "little", signed=True)
        return number


@mypyc_attr(native_class=False)
class _Changes(dict[int, int]):
    """The exclusive or of the Zobrist numbers (:class:`_Numbers`) of one role's pieces on
    the squares of a mask, by mask: what a move that changes those squares does to a key,
    made when first asked for (a line's moves change few distinct masks, and games share
    them)."""

    def __init__(self, numbers: _Numbers) -> None:
        super().__init__()
        self.numbers = numbers

    def __missing__(self, changed: int) -> int:
        numbers = self.numbers
        number = 0
        rest = changed
        while rest:
            bit = rest & -rest
            number ^= numbers[bit]
            rest ^= bit
        if len(self) >= _KEPT_CHANGES:
            self.clear()
        self[changed] = number
        return number


_KEPT_CHANGES = 1 << 16
"""The most masks a :class:`_Changes` keeps (it starts again when full)."""

_Tables = tuple[_Changes, _Changes, _Changes, _Numbers]
"""The Zobrist numbers of a game, those of pieces by the masks of squares changed: white
pieces, black pieces, kings; then those of the side to move."""

_TABLES: dict[tuple[bytes, str, Callable[[int], int]], _Tables] = {}
"""The numbers of each game, by the index's secret, the game's name and the function
turning its bitboards."""

_ZOBRIST = b"zobrist"


def _tables(salt: bytes, name: str, cells: Callable[[int], int]) -> _Tables:
    """The Zobrist numbers of the game ``name``, whose bitboards ``cells`` turns, in the
    index of ``salt``."""
    tables = _TABLES.get((salt, name, cells))
    if tables is None:
        tables = _TABLES[salt, name, cells] = (
            _Changes(_Numbers(salt, name, "white", cells)),
            _Changes(_Numbers(salt, name, "black", cells)),
            _Changes(_Numbers(salt, name, "king", cells)),
            _Numbers(salt, name, "turn", None),
        )
    return tables


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


def _encoded_line(identities: Iterable[object]) -> Iterator[bytes]:
    """:func:`_encoded` of each of ``identities`` (the positions of one line), the text
    of a part one position shares with another of the line (a Knight Fight layout, a
    game's rules, the side to move) made once."""
    known: dict[int, tuple[object, str]] = {}
    for compared in identities:
        if isinstance(compared, tuple) and all(map(_IS_INT, compared)):
            yield _encoded(compared)
            continue
        if isinstance(compared, enum.Enum):
            parts: tuple[Any, ...] | None = None
        elif isinstance(compared, tuple):
            parts = tuple(compared)
        elif dataclasses.is_dataclass(compared) and not isinstance(compared, type):
            parts = tuple(getattr(compared, name) for name in _compared(type(compared)))
        elif isinstance(compared, Frozen):
            parts = compared._values()  # noqa: SLF001 (its compared fields, as a dataclass's)
        else:
            parts = None
        if parts is None:
            yield _encoded(compared)
            continue
        # The repr of the tuple of the parts' canonical forms, written part by part.
        texts = []
        for part in parts:
            kind = type(part)
            if kind is int or kind is str:
                texts.append(repr(part))
            elif kind is tuple and _INT.issuperset(map(type, part)):
                texts.append(repr(part))  # integers only (a board): as _text writes it
            else:
                found = known.get(id(part))
                if found is None or found[0] is not part:
                    found = known[id(part)] = (part, _text(part))
                texts.append(found[1])
        text = ", ".join(texts)
        yield f"r({text},)".encode() if len(texts) == 1 else f"r({text})".encode()


_INT = frozenset((int,))


def _text(part: object) -> str:
    """The repr of ``part``'s :func:`_canonical` form."""
    if type(part) is tuple and _INT.issuperset(map(type, part)):
        return repr(part)  # integers only: their own canonical form
    return repr(_canonical(part))


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
    if isinstance(value, Frozen):
        # As the dataclass it may have been (Keny's rules, Knight Fight's layout until
        # schema 10): the keys of an index stay those its schema wrote.
        return tuple(_canonical(item) for item in value._values())  # noqa: SLF001
    return value


def _compared(kind: type) -> tuple[str, ...]:
    """The fields of the dataclass ``kind`` that its equality compares: a position's
    history (a field left out of its comparison) is no part of it."""
    names = _COMPARED.get(kind)
    if names is None:
        names = _COMPARED[kind] = tuple(f.name for f in dataclasses.fields(kind) if f.compare)
    return names


_COMPARED: dict[type, tuple[str, ...]] = {}


def set_up(tags: dict[str, str]) -> bool:
    """Whether a game of these setup tags starts from a position its record chooses (a
    ``FEN`` or a ``Layout``): one that whoever reads an index's secret could choose to
    share a key with another, so that a position's answer replays its games rather than
    trusting their keys, and no summary counts them."""
    return "FEN" in tags or "Layout" in tags


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


@mypyc_attr(native_class=False)
class NotAFile(OSError):
    """An input that is not a regular file (a FIFO, a device, a socket): an index holds
    files it can read again and tell changed, so it is refused unread."""


RACY_NS = 2_000_000_000
"""A file whose inode changed this recently (ns) before it was read may change again
within the same tick of a coarse file system clock without its stamp changing: its
stamp's change time is kept as -1, which no file has, so that ``find`` reads it."""

Stamp = tuple[int, int, int, int]
"""What ``find`` compares of a file to tell it unchanged without reading it: its size, its
modification time and its inode's change time (ns), and its inode number (as a signed
64-bit number). Writing a file changes its change time, which no user can set back (as
``touch -r`` sets back the modification time), and a file put in its place has another
inode or change time."""


def stamp_of(info: os.stat_result) -> Stamp:
    """The :data:`Stamp` of a file whose status is ``info``."""
    inode = info.st_ino if info.st_ino < 1 << 63 else info.st_ino - (1 << 64)
    return info.st_size, info.st_mtime_ns, info.st_ctime_ns, inode


def digest_file(path: str | bytes) -> tuple[bytes, Stamp]:
    """The content digest and the :data:`Stamp` of the regular file at ``path`` (its
    change time -1 when it changed within :data:`RACY_NS` of being read;
    :class:`NotAFile` for anything else, opened without waiting for a FIFO's writer)."""
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
    size, mtime, ctime, inode = stamp_of(info)
    if ctime > time.time_ns() - RACY_NS:
        ctime = -1
    return digest.digest(), (size, mtime, ctime, inode)
