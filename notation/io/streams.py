"""Standard streams in bytes: their buffers, or, where a program replaced them by text
streams without one (an ``io.StringIO``, a notebook's or a test runner's capture), those
text streams read and written through an encoding."""

from __future__ import annotations

import codecs
import io

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import BinaryIO, TextIO

    from _typeshed import ReadableBuffer, WriteableBuffer


def stdin_bytes(stream: TextIO) -> BinaryIO:
    """The bytes of ``stream``, standard input: its buffer, or its text in UTF-8 (read
    as UTF-8 whatever encoding is asked for: it is text already)."""
    buffer: BinaryIO | None = getattr(stream, "buffer", None)
    return io.BufferedReader(_Encoded(stream)) if buffer is None else buffer


def stdout_bytes(stream: TextIO, encoding: str) -> BinaryIO:
    """Where to write bytes of ``encoding`` for ``stream``, standard output: its buffer,
    or a writer that gives it their text."""
    buffer: BinaryIO | None = getattr(stream, "buffer", None)
    return io.BufferedWriter(_Decoded(stream, encoding)) if buffer is None else buffer


class _Encoded(io.RawIOBase):
    """A text stream read as its text's UTF-8 bytes."""

    def __init__(self, text: TextIO) -> None:
        self.text = text
        self.pending = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: WriteableBuffer, /) -> int:
        while not self.pending:
            chunk = self.text.read(1 << 16)
            if not chunk:
                return 0
            # A name's surrogate escapes as their bytes; a lone surrogate, which no
            # text holds, as the replacement character.
            try:
                self.pending = chunk.encode("utf-8", "surrogateescape")
            except UnicodeEncodeError:
                self.pending = chunk.encode("utf-8", "replace")
        with memoryview(buffer) as view:
            size = min(len(view), len(self.pending))
            view[:size] = self.pending[:size]
        self.pending = self.pending[size:]
        return size


class _Decoded(io.RawIOBase):
    """A text stream written bytes of ``encoding``, given it as text."""

    def __init__(self, text: TextIO, encoding: str) -> None:
        self.text = text
        self.decoder = codecs.getincrementaldecoder(encoding)()

    def writable(self) -> bool:
        return True

    def write(self, data: ReadableBuffer, /) -> int:
        with memoryview(data) as view:
            self.text.write(self.decoder.decode(view.tobytes()))
            return len(view)

    def flush(self) -> None:
        self.text.flush()
