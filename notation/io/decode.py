"""Decoding: an input opened as a stream of text.

Text is UTF-8 with or without a BOM, or UTF-16 with or without one; a file that is not
UTF-8 is read as cp1251, cp1252 or latin-1, whichever its bytes and words suggest
(:func:`guess_legacy`), with a notice (PDN107), unless an encoding is chosen
(:func:`codec`). A file with a NUL byte in its first 256 KiB is binary, not a record:
opening it raises :class:`UnreadableInput`, as does any failure to read or decompress;
NUL bytes later end the text there. Compressed inputs are decompressed as they are read
(:mod:`notation.io.compressed`).
"""

from __future__ import annotations

import codecs
import contextlib
import io
import sys
from collections.abc import Callable, Iterator

from notation.diagnostics import ENCODING_GUESSED, Diagnostic
from notation.io.compressed import (
    SAMPLE,
    ByteStream,
    decompressed,
    is_archive,
    read_errors,
    read_some,
)
from notation.io.files import Input, why
from notation.lazy import lazy_pattern
from notation.plain import Plain

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import BinaryIO

    from _typeshed import WriteableBuffer

_MARKS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
"""Byte order marks and their encodings, the longer before those they start with."""
_DETECTED = ("utf-8", "utf-16")
"""The encodings a byte order mark chooses when none is given (UTF-32 is not detected)."""
_NEEDS_MARK = ("utf-16", "utf-32")
"""The encodings whose Python decoders refuse text that does not start with their mark."""
_LETTERS_THEN_DIGIT = lazy_pattern(r"([^\W\d_]+)([0-9]?)")
"""A word, with the digit that follows it, if one does (a square's rank after its file)."""
_WINDOWS_ONLY = bytes(range(0x80, 0xA0))
"""The bytes that are control codes in latin-1 and (all but five) punctuation in cp1252."""
_CONTROL_TEXT = lazy_pattern(r"[\x00-\x08\x0b\x0e-\x19\x1c-\x1f]")
"""Control characters no text record holds (a tab, line ends, a form feed, DOS's end of
file mark and an escape aside)."""


class UnreadableInput(Exception):
    """An input that cannot be read as records; the message says why."""


class TextSource(Plain):
    """An opened input: its text as a stream of chunks, and what was learned reading it."""

    _fields = (
        "name",
        "encoding",
        "notes",
        "failure",
        "compressed",
        "bom",
        "_stream",
        "_raw",
        "_first",
        "_errors",
    )
    __slots__ = _fields

    name: str
    encoding: str
    """The encoding the text is decoded with."""
    notes: list[Diagnostic]
    """Notices about the reading (PDN107), appended as they are found."""
    failure: str | None
    """Why reading stopped early, when it did: the text then ends where reading failed."""
    compressed: bool
    """Whether the input was decompressed as it was read."""
    bom: bytes
    """The byte order mark the text began with, if any (not part of the text)."""
    _stream: ByteStream | None
    _raw: BinaryIO | None
    _first: bytes
    _errors: str

    def __init__(
        self,
        name: str,
        encoding: str,
        notes: list[Diagnostic] | None = None,
        failure: str | None = None,
        compressed: bool = False,
        bom: bytes = b"",
        _stream: ByteStream | None = None,
        _raw: BinaryIO | None = None,
        _first: bytes = b"",
        _errors: str = "strict",
    ) -> None:
        self.name = name
        self.encoding = encoding
        self.notes = list() if notes is None else notes
        self.failure = failure
        self.compressed = compressed
        self.bom = bom
        self._stream = _stream
        self._raw = _raw
        self._first = _first
        self._errors = _errors

    @property
    def position(self) -> int:
        """Bytes read from the file so far (before decompression)."""
        try:
            return self._raw.tell() if self._raw is not None else 0
        except (OSError, ValueError):
            return 0

    def chunks(self) -> Iterator[str]:
        """The text in chunks, ``\\r\\n`` and ``\\r`` made ``\\n``. When reading or
        decompressing fails, or a NUL byte shows the rest is binary, the text ends there
        and ``failure`` says why."""
        decoder = codecs.getincrementaldecoder(self.encoding)(self._errors)
        plain = True
        lines = 0
        carry = ""
        raw = self._first
        while True:
            final = not raw
            pending = decoder.getstate()[0]
            try:
                text = decoder.decode(raw, final)
            except UnicodeDecodeError as error:
                data = pending + raw
                before = data[: error.start]
                self._recover(data, plain and before.isascii(), lines + before.count(b"\n") + 1)
                decoder = codecs.getincrementaldecoder(self.encoding)(self._errors)
                text = decoder.decode(data, final)
            plain = plain and raw.isascii()
            text = carry + text
            nul = text.find("\x00")
            if nul >= 0:
                text = text[:nul]
                line = lines + text.count("\n") + 1
                self.failure = (
                    f"a binary file (it holds NUL bytes from line {line}), not a text record"
                )
                final = True
            carry = "\r" if text.endswith("\r") and not final else ""
            text = text.removesuffix(carry).replace("\r\n", "\n").replace("\r", "\n")
            lines += text.count("\n")
            yield text
            if final:
                return
            raw = self._read()

    def _recover(self, data: bytes, plain: bool, line: int) -> None:
        """Choose how to go on from text that is not UTF-8 past the first sample: the
        guessed legacy encoding when all before it was ASCII, else UTF-8 with undecodable
        bytes replaced; either way with a notice."""
        self._errors = "replace"
        if plain:
            self.encoding = guess_legacy(data)
            self._errors = _guessed_errors(self.encoding)
            message = (
                f"{self.name} is not UTF-8 from line {line}: read as {self.encoding} "
                "(a guess; choose the encoding with --encoding)"
            )
        else:
            read_as = "UTF-8" if self.encoding == "utf-8" else self.encoding
            message = (
                f"{self.name} is not valid {read_as} from line {line}: undecodable bytes "
                "were replaced (choose the encoding with --encoding)"
            )
        self.notes.append(Diagnostic(ENCODING_GUESSED, message, line, 1, self.name))

    def _read(self) -> bytes:
        """The next bytes, or none at the end or once reading failed (see ``failure``)."""
        assert self._stream is not None
        if self.failure is not None:
            return b""
        data, error = read_some(self._stream, SAMPLE)
        if error is not None:
            self.failure = why(error)
        return data


def guess_legacy(data: bytes) -> str:
    """``cp1251`` when, read as cp1251, the words whose letters are Cyrillic (two or more)
    and the Cyrillic piece letters before a Latin square (``Крb5``, ``Фd4``) outnumber the
    other words that mix Latin and Cyrillic letters; else ``cp1252`` when ``data`` holds a
    byte from 0x80 to 0x9F and cp1252 defines each (Windows' quotes, dashes and euro sign,
    which latin-1 reads as control codes), else ``latin-1``.

    Western text read as cp1251 turns its accented letters into Cyrillic ones inside Latin
    words (``Gérard`` is ``Gйrard``) or into lone letters (Italian ``è`` is ``и``);
    Russian or Ukrainian text gives whole Cyrillic words, and a record's moves written
    with Cyrillic piece letters give Cyrillic runs before a file letter and a rank digit,
    which read as latin-1 would be accented letters starting a word (``Êðb5``).
    """
    text = data.decode("cp1251", errors="replace")
    cyrillic = mixed = 0
    for match in _LETTERS_THEN_DIGIT.finditer(text):
        word = match[1]
        if word.isascii():
            continue
        cyrillic_letters = sum(1 for c in word if "\u0400" <= c <= "\u04ff")
        last = word[-1]
        if cyrillic_letters == len(word) - 1 and last.isascii() and last.islower() and match[2]:
            cyrillic += 1
        elif cyrillic_letters and any(c.isascii() for c in word):
            mixed += 1
        elif cyrillic_letters >= 2:
            cyrillic += 1
    if cyrillic > mixed:
        return "cp1251"
    if len(data.translate(None, _WINDOWS_ONLY)) < len(data):
        try:
            data.decode("cp1252")
        except UnicodeDecodeError:
            return "latin-1"
        return "cp1252"
    return "latin-1"


@contextlib.contextmanager
def open_input(source: Input, encoding: str | None = None) -> Iterator[TextSource]:
    """Open an input for reading as text; ``encoding`` (a Python codec name) overrides
    detection. Raises :class:`UnreadableInput` when it cannot be opened or is binary, or
    when ``encoding`` is not a text encoding (see :func:`codec`)."""
    with contextlib.ExitStack() as stack:
        try:
            if encoding is not None:
                encoding = codec(encoding)
            if source.path is None:
                if sys.stdin is None:
                    raise UnreadableInput("standard input is closed")
                from notation.io.streams import stdin_bytes

                raw: BinaryIO = stdin_bytes(sys.stdin)
                if getattr(sys.stdin, "buffer", None) is None:
                    # A text stream: its text, decoded already, comes as UTF-8.
                    encoding = "utf-8"
            elif source.tap is None:
                raw = stack.enter_context(open(source.path, "rb"))
            else:
                raw = stack.enter_context(io.BufferedReader(_Tapped(source.path, source.tap)))
            stream = decompressed(raw)
            if is_archive(stream):
                stack.enter_context(stream)
            first, failed = read_some(stream, SAMPLE)
        except ValueError as error:
            raise UnreadableInput(str(error)) from error
        except read_errors() as error:
            raise UnreadableInput(why(error)) from error
        if failed is not None and not first:
            raise UnreadableInput(why(failed)) from failed
        opened = _decoding(source.name, stream, raw, first, encoding)
        opened.compressed = is_archive(stream)
        if failed is not None:
            opened.failure = why(failed)
        yield opened


class _Tapped(io.FileIO):
    """A file read in binary, each block of its bytes told to ``tap`` as it is read."""

    def __init__(self, path: str, tap: Callable[[bytes], object]) -> None:
        super().__init__(path, "rb")
        self.tap = tap

    def readinto(self, buffer: WriteableBuffer) -> int | None:
        count = super().readinto(buffer)
        if count:
            with memoryview(buffer) as view, view.cast("B") as data:
                self.tap(data[:count].tobytes())
        return count

    def readall(self) -> bytes:
        data = super().readall()
        self.tap(data)
        return data


def codec(name: str) -> str:
    """The canonical name of a text encoding for ``--encoding``; :class:`ValueError` with
    a plain message for an unknown codec, a non-text one (``rot13``, ``base64``,
    ``zlib_codec`` ...), one that cannot replace bytes it cannot decode (``idna``) or one
    that does not write the text it reads back as the same bytes (``unicode_escape``)."""
    try:
        info = codecs.lookup(name)
    except LookupError:
        raise ValueError(f"unknown encoding {name!r}") from None
    if not _decodes_to_text(info.name):
        raise ValueError(f"{name!r} is not a text encoding (it does not decode bytes to text)")
    import warnings

    with warnings.catch_warnings():
        # unicode_escape warns of escapes it does not know in the bytes tried.
        warnings.simplefilter("ignore", DeprecationWarning)
        replaces = _replaces(info.name)
        writes_back = replaces and _writes_back(info.name)
    if not replaces:
        raise ValueError(
            f"{name!r} cannot read records (its decoder fails on bytes it cannot decode "
            "instead of replacing them)"
        )
    if not writes_back:
        raise ValueError(
            f"{name!r} cannot read records (the text it reads is not written back as the "
            "same bytes: it reads escapes such as \\n, or gives record characters other "
            "bytes)"
        )
    return info.name


_PROBE = (
    b'[Event "C:\\u0041 x\\\\y\\n"]\r\n[Site "a\tb"]\n\n'
    b"1. 11-15 {a, b; c!?} 23-19 (2... 8-11) $1 1/2-1/2\n% line\n"
)
"""A record's bytes as a text encoding of ASCII holds them, backslashes included."""


def _writes_back(name: str) -> bool:
    """Whether codec ``name`` writes the text it reads of a record back as the same
    bytes (``unicode_escape`` reads a backslash and ``n`` as a line break, and writes a line
    break as a backslash and ``n``). A codec that does not read a record's ASCII bytes as
    text (UTF-32) is not judged by them."""
    text = codecs.decode(_PROBE, name, "replace")
    if "\ufffd" in text:
        return True
    try:
        written = codecs.encode(text, name)
    except (UnicodeError, ValueError):
        return False
    mark = next((mark for mark, _ in _MARKS if written.startswith(mark)), b"")
    return written.removeprefix(mark) == _PROBE


def _decodes_to_text(name: str) -> bool:
    """Whether codec ``name`` decodes bytes to text: its decoder gives ``str`` for no bytes
    (a codec of bytes to bytes or text to text gives bytes or refuses bytes)."""
    try:
        decoded = codecs.getincrementaldecoder(name)().decode(b"", True)
    except UnicodeError:
        return True  # a text encoding that refuses every byte (``undefined``)
    except Exception:
        return False
    return isinstance(decoded, str)


def _replaces(name: str) -> bool:
    """Whether codec ``name`` decodes any bytes with the ``replace`` error handler, as
    records in a chosen encoding are read (``idna``, ``punycode`` and ``undefined`` fail)."""
    mark = next((mark for mark, found in _MARKS if found == name), b"")
    try:
        codecs.getincrementaldecoder(name)("replace").decode(mark + bytes(range(256)), True)
    except (UnicodeError, ValueError):
        return False
    return True


def _decoding(
    name: str, stream: ByteStream, raw: BinaryIO, first: bytes, encoding: str | None
) -> TextSource:
    """The text source for ``first`` and what follows it, with its encoding found."""
    bom = next((mark for mark, _ in _MARKS if first.startswith(mark)), b"")

    def made(found: str, errors: str = "strict", start: bytes = first) -> TextSource:
        return TextSource(
            name, found, bom=bom, _stream=stream, _raw=raw, _first=start, _errors=errors
        )

    if encoding is not None:
        found = encoding
        marks = tuple(mark for mark, chosen in _MARKS if chosen == encoding)
        if encoding in _NEEDS_MARK and not first.startswith(marks):
            found = (_utf16(first) or "utf-16-le") if encoding == "utf-16" else "utf-32-le"
        _refuse_binary(codecs.getincrementaldecoder(found)("replace").decode(first))
        return made(found, "replace")
    for mark, found in _MARKS:
        if found in _DETECTED and first.startswith(mark):
            return made(found, start=first.removeprefix(codecs.BOM_UTF8))
    wide = _utf16(first)
    if wide is not None:
        return made(wide)
    _refuse_binary(first.decode("latin-1"))
    try:
        codecs.getincrementaldecoder("utf-8")().decode(first, final=len(first) < SAMPLE)
    except UnicodeDecodeError:
        legacy = guess_legacy(first)
        guessed = made(legacy, _guessed_errors(legacy))
        message = (
            f"{name} is not UTF-8: read as {guessed.encoding} "
            "(a guess; choose the encoding with --encoding)"
        )
        guessed.notes.append(Diagnostic(ENCODING_GUESSED, message, 1, 1, name))
        return guessed
    return made("utf-8")


def _guessed_errors(encoding: str) -> str:
    """How to decode text in the guessed legacy ``encoding``: cp1252, which leaves five
    bytes undefined, strictly, so that such a byte further on is told (a notice from its
    line) before it is replaced; cp1251 and latin-1 define every byte but cp1251's one."""
    return "strict" if encoding == "cp1252" else "replace"


def _utf16(first: bytes) -> str | None:
    """``utf-16-le`` or ``utf-16-be`` for text without a BOM in that encoding: the high
    byte of a quarter of the characters or more, and of four at least, is NUL (record
    syntax is ASCII), the first character's among them (a record starts with a tag, a
    comment, a move or a blank: UTF-8 text followed by UTF-16 is not UTF-16), the low
    byte of none, and the bytes decode as UTF-16 into text without NUL or other control
    characters (binary junk with a NUL byte or two is no UTF-16 text)."""
    pairs = len(first) // 2
    for high, encoding in ((1, "utf-16-le"), (0, "utf-16-be")):
        zeros = first[high : 2 * pairs : 2].count(0)
        if zeros < 4 or zeros * 4 < pairs or first[1 - high : 2 * pairs : 2].count(0):
            continue
        if first[high] != 0:
            continue
        try:
            text = codecs.getincrementaldecoder(encoding)().decode(first)
        except UnicodeDecodeError:
            continue
        if _CONTROL_TEXT.search(text) is None:
            return encoding
    return None


def _refuse_binary(text: str) -> None:
    if "\x00" in text:
        raise UnreadableInput("a binary file (it holds NUL bytes), not a text record")
