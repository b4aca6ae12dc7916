"""Decompressing: gzip, bzip2, xz and Zstandard streams recognised by their first bytes and
decompressed as they are read, archives joined end to end included. Data cut short,
damaged, or followed by data that is not more of it, fails reading after what came before
(:class:`DamagedArchive`). Each format's library is imported when a file of it is read."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable

from notation.io.files import why
from notation.plain import Frozen, Protocol

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import BinaryIO, TypeGuard

SAMPLE = 1 << 18
"""Bytes read from the start of an input to tell its encoding, and at a time after that."""


class ByteStream(Protocol):
    """What reading needs of a stream of bytes, a file's or a decompressor's."""

    def read(self, size: int = -1, /) -> bytes:
        """Up to ``size`` bytes (all that is left when negative); ``b""`` at the end."""
        ...


class DamagedArchive(Exception):
    """A compressed stream that cannot be decompressed further; the message says why."""


class Decompressing:
    """What the decompressing streams share: :meth:`read` made of :meth:`read1`, and the
    error that stopped decompressing kept until the bytes decompressed before it are read,
    so that the games before the damage are read (the stream's :meth:`read1`)."""

    _failure: DamagedArchive | None = None

    def read(self, size: int = -1, /) -> bytes:
        parts: list[bytes] = []
        got = 0
        while size < 0 or got < size:
            part = self.read1(-1 if size < 0 else size - got)
            if not part:
                break
            parts.append(part)
            got += len(part)
        return b"".join(parts)

    def read1(self, size: int = -1, /) -> bytes:
        raise NotImplementedError

    def __enter__(self) -> Decompressing:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


class _Zstd(Decompressing):
    """A Zstandard stream (its frames one after the other) decompressed as it is read.

    Input is fed in :data:`_ZSTD_FEED` bytes at a time: a Zstandard block expands at most
    32768-fold, so what one feed gives stays bounded (4 MiB) however the archive was made. The
    ``zstandard`` library is imported on the first ``.zst`` input only; its errors, data
    that ends inside a frame, and data after a frame that is not one, are
    :class:`DamagedArchive` here, raised once what came before is read."""

    def __init__(self, raw: BinaryIO) -> None:
        import zstandard

        self._raw = raw
        self._error = zstandard.ZstdError
        self._new = zstandard.ZstdDecompressor().decompressobj
        self._frame = self._new()
        self._begun = False
        """Whether the current frame has been fed a byte."""
        self._ended = False
        """Whether a frame has ended."""
        self._held = b""
        self._at = 0

    def read1(self, size: int = -1, /) -> bytes:
        while self._at >= len(self._held):
            if self._failure is not None:
                raise self._failure
            data = self._raw.read(_ZSTD_FEED)
            if not data:
                if self._begun:
                    raise DamagedArchive("the Zstandard data ends inside a frame (truncated)")
                return b""
            self._held, self._at = self._fed(data), 0
        end = len(self._held) if size < 0 else self._at + size
        part = self._held[self._at : end]
        self._at += len(part)
        return part

    def _fed(self, data: bytes) -> bytes:
        """What ``data`` decompresses to, the frames it ends and begins included; an error
        is kept (``_failure``) behind what came before it."""
        out: list[bytes] = []
        while data:
            fresh = not self._begun
            self._begun = True
            try:
                out.append(self._frame.decompress(data))
            except self._error as error:
                self._failure = (
                    _trailing("Zstandard")
                    if fresh and self._ended
                    else DamagedArchive(f"damaged Zstandard data ({error})")
                )
                break
            if not self._frame.eof:
                break
            data = self._frame.unused_data
            self._frame, self._begun, self._ended = self._new(), False, True
        return out[0] if len(out) == 1 else b"".join(out)

    def __exit__(self, *exc: object) -> None:
        self._held = b""


_ZSTD_FEED = 1 << 7
"""Compressed bytes decompressed at a time: at most 4 MiB of output (a 32 MiB feed held with
its copies took a zst bomb's run to over 200 MiB)."""


class _Decompressor(Protocol):
    """One gzip member, bzip2 stream or xz stream being decompressed."""

    @property
    def eof(self) -> bool: ...

    @property
    def unused_data(self) -> bytes: ...

    @property
    def needs_input(self) -> bool: ...

    def decompress(self, data: bytes, max_length: int = -1, /) -> bytes: ...


class _Inflate:
    """A gzip member's :class:`_Decompressor` (zlib's, whose input left over is its
    ``unconsumed_tail``)."""

    def __init__(self) -> None:
        import zlib

        self._zlib = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)

    @property
    def eof(self) -> bool:
        return self._zlib.eof

    @property
    def unused_data(self) -> bytes:
        return self._zlib.unused_data

    @property
    def needs_input(self) -> bool:
        return not self._zlib.unconsumed_tail

    def decompress(self, data: bytes, max_length: int = -1, /) -> bytes:
        return self._zlib.decompress(self._zlib.unconsumed_tail + data, max(max_length, 0))


class _Format(Frozen):
    """A compression format the standard library decompresses."""

    _fields = ("name", "unit", "new", "errors", "padding")
    __slots__ = _fields

    name: str
    unit: str
    """What its data is made of, one after the other: members, streams."""
    new: Callable[[], _Decompressor]
    errors: tuple[type[Exception], ...]
    padding: bytes
    """A byte that may pad the data after a unit (gzip and xz: NUL)."""

    def __init__(
        self,
        name: str,
        unit: str,
        new: Callable[[], _Decompressor],
        errors: tuple[type[Exception], ...],
        padding: bytes = b"",
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "unit", unit)
        object.__setattr__(self, "new", new)
        object.__setattr__(self, "errors", errors)
        object.__setattr__(self, "padding", padding)


class _Units(Decompressing):
    """gzip members, or bzip2 or xz streams, one after the other (as ``cat a.gz b.gz``
    makes them), decompressed as they are read, at most :data:`SAMPLE` bytes at a time.

    Data that ends inside a unit, damaged data, and data after a unit that does not start
    another (which the standard library's readers of bzip2 and xz pass over silently) are
    :class:`DamagedArchive`, raised once what came before is read."""

    def __init__(self, raw: BinaryIO, form: _Format) -> None:
        self._raw = raw
        self._form = form
        self._unit = form.new()

    def read1(self, size: int = -1, /) -> bytes:
        limit = size if 0 < size < SAMPLE else SAMPLE
        form = self._form
        while True:
            unit = self._unit
            if unit.eof:
                rest = self._after(unit.unused_data)
                if not rest:
                    return b""
                self._unit = self._form.new()
                data = self._decompressed(rest, limit, after=True)
            elif unit.needs_input:
                chunk = self._raw.read(_FEED)
                data = self._decompressed(chunk, limit)
                if not chunk and not data and not self._unit.eof:
                    raise DamagedArchive(
                        f"the {form.name} data ends inside a {form.unit} (truncated)"
                    )
            else:
                data = self._decompressed(b"", limit)
            if data:
                return data

    def _after(self, data: bytes) -> bytes:
        """What follows the end of a unit, its padding passed over; ``b""`` at the end."""
        while True:
            if self._form.padding:
                data = data.lstrip(self._form.padding)
            if data:
                return data
            data = self._raw.read(_FEED)
            if not data:
                return b""

    def _decompressed(self, data: bytes, limit: int, after: bool = False) -> bytes:
        try:
            return self._unit.decompress(data, limit)
        except self._form.errors as error:
            if after:
                raise _trailing(self._form.name) from None
            raise DamagedArchive(f"damaged {self._form.name} data ({why(error)})") from None


def _trailing(name: str) -> DamagedArchive:
    return DamagedArchive(
        f"the {name} data is followed by data that is not {name} (trailing garbage)"
    )


_FEED = 1 << 16
"""Compressed bytes read at a time for gzip, bzip2 and xz (their output is bounded apart)."""


def _gzip(raw: BinaryIO) -> _Units:
    import zlib

    return _Units(raw, _Format("gzip", "member", _Inflate, (zlib.error,), b"\x00"))


def _bzip2(raw: BinaryIO) -> _Units:
    import bz2

    return _Units(raw, _Format("bzip2", "stream", bz2.BZ2Decompressor, (OSError,)))


def _xz(raw: BinaryIO) -> _Units:
    import lzma

    form = _Format("xz", "stream", lzma.LZMADecompressor, (lzma.LZMAError,), b"\x00")
    return _Units(raw, form)


_MAGIC: dict[bytes, Callable[[BinaryIO], ByteStream]] = {
    b"\x1f\x8b": _gzip,
    b"BZh": _bzip2,
    b"\xfd7zXZ\x00": _xz,
    b"\x28\xb5\x2f\xfd": _Zstd,
}
_ARCHIVES = (_Units, _Zstd)


def read_errors() -> tuple[type[Exception], ...]:
    """What reading a file or decompressing it may raise: the errors of ``lzma`` and
    ``zlib`` only once they are imported (nothing else raises them)."""
    errors: list[type[Exception]] = [OSError, EOFError, DamagedArchive]
    for name, error in (("lzma", "LZMAError"), ("zlib", "error")):
        module = sys.modules.get(name)
        if module is not None:
            errors.append(getattr(module, error))
    return tuple(errors)


def is_archive(stream: ByteStream) -> TypeGuard[Decompressing]:
    """Whether ``stream`` decompresses what it reads (one of :func:`decompressed`'s)."""
    return isinstance(stream, _ARCHIVES)


def read_some(stream: ByteStream, size: int) -> tuple[bytes, BaseException | None]:
    """Up to ``size`` bytes of ``stream``, and the error that stopped reading, if one did:
    the bytes a damaged archive gave before it broke off are kept."""
    parts: list[bytes] = []
    got = 0
    read = getattr(stream, "read1", stream.read)
    try:
        while got < size:
            part = read(size - got)
            if not part:
                break
            parts.append(part)
            got += len(part)
    except read_errors() as error:
        return b"".join(parts), error
    return b"".join(parts), None


def decompressed(raw: BinaryIO) -> ByteStream:
    """``raw``, or a stream decompressing it when it starts as a gzip, bzip2, xz or
    Zstandard file."""
    if not hasattr(raw, "peek"):
        # BinaryIO declares no ``readinto``, which BufferedReader reads with; the streams
        # given here (files, standard input, a test's BytesIO) all have it.
        raw = io.BufferedReader(raw)  # type: ignore[type-var]
    head = raw.peek(6)[:6]
    for magic, opener in _MAGIC.items():
        if head.startswith(magic):
            return opener(raw)
    return raw
