"""Inputs of every command: files, directories, globs and standard input, read as text.

:func:`expand` turns the names given on the command line into inputs (directories are
searched recursively for records, patterns with ``*``, ``?`` or ``[`` are expanded, each
real folder and file once, links followed); :func:`open_input` opens one as a stream of
decoded text. :func:`open_inputs` is the one path from inputs to records: for each input
in turn it yields the notices found opening it, then the :class:`Opened` input, which
gives its records (PDN streamed, or the toolkit's JSON form read whole, told apart there
alone) or, for a parallel run, its PDN text in pieces; once that is read, why reading
stopped early if it did, the notices found reading, a PDN108 error if it held no record
and a :class:`FileResult`. :func:`read_all` (every record, with those diagnostics) and the
runs of :mod:`notation.check.batch` read their inputs through it.

Compressed archives (gzip, bzip2, xz, Zstandard) are recognised by their first bytes and
decompressed as they are read, archives joined end to end included; data cut short,
damaged, or followed by data that is not more of it, fails reading after what came
before (:class:`DamagedArchive`). Text is UTF-8 with or without a BOM, or UTF-16 with or
without one; a file that is not UTF-8 is read as cp1251 or latin-1, whichever its words
suggest (:func:`guess_legacy`), with a notice (PDN107), unless an encoding is chosen
(:func:`codec`). A file with NUL bytes at its start is binary, not a record: opening it
raises :class:`UnreadableInput`, as does any failure to read or decompress; NUL bytes
later end the text there (PDN106). A named input that yields no record is a PDN108 error
unless empty inputs are allowed.

:func:`split_games` cuts a text into pieces of whole games for parallel validation, only
at places where the record reader itself starts a new game.
"""

from __future__ import annotations

import bz2
import codecs
import contextlib
import fnmatch
import io
import itertools
import lzma
import os
import re
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Protocol

from notation.diagnostics import ENCODING_GUESSED, NO_RECORD, UNREADABLE, Diagnostic
from notation.record.jsonform import loads
from notation.record.model import Record
from notation.record.reader import MAX_GAME, RESULT_AT, TAG_LINE_AHEAD, read_records

RECORD_SUFFIXES = (".pdn", ".pgn")
"""Record files picked up when a directory is given."""

COMPRESSED_SUFFIXES = (".gz", ".bz2", ".xz", ".zst")
"""Compressed record files picked up too (``games.pdn.gz``)."""

SAMPLE = 1 << 18
"""Bytes read from the start of an input to tell its encoding, and at a time after that."""


class ByteStream(Protocol):
    """What reading needs of a stream of bytes, a file's or a decompressor's."""

    def read(self, size: int = -1, /) -> bytes:
        """Up to ``size`` bytes (all that is left when negative); ``b""`` at the end."""
        ...


class DamagedArchive(Exception):
    """A compressed stream that cannot be decompressed further; the message says why."""


class _Decompressing:
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

    def __enter__(self) -> _Decompressing:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


class _Zstd(_Decompressing):
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


@dataclass(frozen=True, slots=True)
class _Format:
    """A compression format the standard library decompresses."""

    name: str
    unit: str
    """What its data is made of, one after the other: members, streams."""
    new: Callable[[], _Decompressor]
    errors: tuple[type[Exception], ...]
    padding: bytes = b""
    """A byte that may pad the data after a unit (gzip and xz: NUL)."""


class _Units(_Decompressing):
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
            raise DamagedArchive(f"damaged {self._form.name} data ({_why(error)})") from None


def _trailing(name: str) -> DamagedArchive:
    return DamagedArchive(
        f"the {name} data is followed by data that is not {name} (trailing garbage)"
    )


_FEED = 1 << 16
"""Compressed bytes read at a time for gzip, bzip2 and xz (their output is bounded apart)."""

_GZIP = _Format("gzip", "member", _Inflate, (zlib.error,), b"\x00")
_BZIP2 = _Format("bzip2", "stream", bz2.BZ2Decompressor, (OSError,))
_XZ = _Format("xz", "stream", lzma.LZMADecompressor, (lzma.LZMAError,), b"\x00")

_MAGIC: dict[bytes, Callable[[BinaryIO], ByteStream]] = {
    b"\x1f\x8b": lambda raw: _Units(raw, _GZIP),
    b"BZh": lambda raw: _Units(raw, _BZIP2),
    b"\xfd7zXZ\x00": lambda raw: _Units(raw, _XZ),
    b"\x28\xb5\x2f\xfd": _Zstd,
}
_ARCHIVES = (_Units, _Zstd)
JSON_LIMIT = 256 * 2**20
"""Characters of a JSON document read at most: JSON is read whole, not streamed."""

_JSON_START = re.compile(r'\s*\{\s*"(?:[^"\\\n]|\\.)*"\s*:\s*["{\[\-0-9tfn]')
"""The start of a JSON object: ``{``, a key, ``:`` and a value (a PDN comment is not)."""
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
_TAG_START = re.compile(TAG_LINE_AHEAD)
_SURROGATE = re.compile("[\ud800-\udfff]")
_LETTERS_THEN_DIGIT = re.compile(r"([^\W\d_]+)([0-9]?)")
"""A word, with the digit that follows it, if one does (a square's rank after its file)."""
_PATTERN = re.compile(r"[*?[]")
_READ_ERRORS = (OSError, EOFError, lzma.LZMAError, zlib.error, DamagedArchive)


class UnreadableInput(Exception):
    """An input that cannot be read as records; the message says why."""


class ClosedStream(Exception):
    """A standard stream the command needs is closed; the message says which."""


def display_name(name: str) -> str:
    """``name`` as it can be shown and written in UTF-8: the bytes of a file name that
    are not UTF-8 (which Python holds as surrogate escapes) as backslash escapes,
    ``b"\\xff.pdn"`` as ``\\xff.pdn``."""
    if _SURROGATE.search(name) is None:
        return name
    return _SURROGATE.sub(_escaped, name)


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}"


@dataclass(frozen=True, slots=True)
class Input:
    """One input of a run: a file (``path``), or standard input (``path`` is ``None``)."""

    name: str
    """The name shown in diagnostics (made safe by :func:`display_name`)."""
    path: Path | None

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", display_name(self.name))

    @property
    def size(self) -> int | None:
        """Size in bytes on disk, when known."""
        if self.path is None:
            return None
        try:
            return self.path.stat().st_size
        except OSError:
            return None


@dataclass(frozen=True, slots=True)
class Missing:
    """A name given that matches no file (PDN106), or a folder without record files
    (``code`` PDN108)."""

    name: str
    reason: str
    code: str = UNREADABLE

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", display_name(self.name))


def input_paths(inputs: Iterable[Input | Missing]) -> list[Path]:
    """The files among ``inputs``, in order: what an output must not overwrite (standard
    input and names that match nothing are left out)."""
    return [item.path for item in inputs if isinstance(item, Input) and item.path is not None]


def reads_standard_input(inputs: Iterable[Input | Missing]) -> bool:
    """Whether standard input is among ``inputs`` (``-``)."""
    return any(isinstance(item, Input) and item.path is None for item in inputs)


def is_record_file(path: Path) -> bool:
    """True for ``*.pdn``, ``*.pgn`` and those compressed (``*.pdn.gz``, ...)."""
    name = path.name.lower()
    for suffix in COMPRESSED_SUFFIXES:
        name = name.removesuffix(suffix)
    return name.endswith(RECORD_SUFFIXES)


def expand(names: Iterable[str]) -> Iterator[Input | Missing]:
    """The inputs named: ``-`` is standard input, directories are searched recursively
    for record files (in sorted order), and a name that is not a file but holds ``*``,
    ``?`` or ``[`` is a pattern (``**`` matches directories recursively).

    Symbolic links are followed, but each real directory is searched once and each real
    file given once per name (by device and inode), so link loops end. A folder that
    cannot be listed is a :class:`Missing` input (PDN106); a folder without record files
    one with the PDN108 code. Only regular files are picked up in folders and patterns
    (a FIFO named directly is read as a stream). ``-`` with standard input closed (the
    shell's ``<&-``) raises :class:`ClosedStream`."""
    for name in names:
        if name == "-":
            if sys.stdin is None:
                raise ClosedStream("cannot read standard input: it is closed")
            yield Input("-", None)
            continue
        path = Path(name)
        if path.is_dir():
            found = list(_walk(path))
            yield from found
            if not found:
                yield Missing(name, _NO_RECORD_FILE, NO_RECORD)
        elif path.exists():
            yield Input(name, path)
        elif _PATTERN.search(name):
            files, errors = _glob(name)
            yield from (Input(str(p), p) for p in files)
            yield from errors
            if not files and not errors:
                yield Missing(name, "no file matches the pattern")
        else:
            yield Missing(name, "no such file or directory")


def _identity(path: str | os.PathLike[str]) -> tuple[int, int] | None:
    """The device and inode of what ``path`` leads to, or ``None`` when it leads nowhere."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino


def _listing(folder: Path) -> list[os.DirEntry[str]] | Missing:
    """The entries of ``folder`` sorted by name, or why it cannot be listed."""
    try:
        with os.scandir(folder) as entries:
            return sorted(entries, key=lambda entry: entry.name)
    except OSError as error:
        return Missing(str(folder), _why(error))


def _walk(top: Path) -> Iterator[Input | Missing]:
    """The record files under ``top``, depth first in sorted order, each real directory
    and file once; a folder that cannot be listed is a :class:`Missing` where it stands."""
    seen = {_identity(top)}
    stack: list[tuple[Path, Iterator[os.DirEntry[str]]]] = []
    listing = _listing(top)
    if isinstance(listing, Missing):
        yield listing
        return
    stack.append((top, iter(listing)))
    while stack:
        folder, entries = stack[-1]
        entry = next(entries, None)
        if entry is None:
            stack.pop()
            continue
        path = folder / entry.name
        try:
            is_dir = entry.is_dir()
            if not is_dir and not (entry.is_file() and is_record_file(path)):
                continue
        except OSError:
            continue
        key = _identity(path)
        if key is None or key in seen:
            continue
        seen.add(key)
        if not is_dir:
            yield Input(str(path), path)
            continue
        listing = _listing(path)
        if isinstance(listing, Missing):
            yield listing
        else:
            stack.append((path, iter(listing)))


def _glob(pattern: str) -> tuple[list[Path], list[Missing]]:
    """The regular files matching ``pattern`` (``**`` any depth of folders, names that
    start with ``.`` only for a part that does), sorted, each real file once; and the
    folders that could not be listed."""
    path = Path(pattern)
    parts = list(path.parts)
    folders = [Path(parts.pop(0))] if path.is_absolute() else [Path()]
    errors: list[Missing] = []
    seen: set[tuple[int, int] | None] = set()
    for at, part in enumerate(parts):
        last = at == len(parts) - 1
        if part == "**":
            folders = [d for folder in folders for d in _below(folder, seen, errors)]
            if last:
                part = "*"
            else:
                continue
        if not _PATTERN.search(part):
            joined = (folder / part for folder in folders)
            folders = [p for p in joined if (p.is_file() if last else p.is_dir())]
            continue
        matched = []
        for folder in folders:
            listing = _listing(folder)
            if isinstance(listing, Missing):
                errors.append(listing)
                continue
            for entry in listing:
                if entry.name.startswith(".") and not part.startswith("."):
                    continue
                if not fnmatch.fnmatch(entry.name, part):
                    continue
                with contextlib.suppress(OSError):
                    if entry.is_file() if last else entry.is_dir():
                        matched.append(folder / entry.name)
        folders = matched
    files: list[Path] = []
    unique: set[tuple[int, int] | None] = set()
    for found in sorted(folders):
        key = _identity(found)
        if key not in unique:
            unique.add(key)
            files.append(found)
    return files, errors


def _below(top: Path, seen: set[tuple[int, int] | None], errors: list[Missing]) -> Iterator[Path]:
    """``top`` and every folder below it whose name does not start with ``.``, each real
    folder once over the calls that share ``seen``; those that cannot be listed go to
    ``errors`` instead."""
    key = _identity(top)
    if key in seen:
        return
    seen.add(key)
    stack = [top]
    while stack:
        folder = stack.pop()
        listing = _listing(folder)
        if isinstance(listing, Missing):
            errors.append(listing)
            continue
        yield folder
        inner = []
        for entry in listing:
            if entry.name.startswith("."):
                continue
            with contextlib.suppress(OSError):
                if entry.is_dir():
                    key = _identity(folder / entry.name)
                    if key not in seen:
                        seen.add(key)
                        inner.append(folder / entry.name)
        stack.extend(reversed(inner))


@dataclass(slots=True)
class TextSource:
    """An opened input: its text as a stream of chunks, and what was learned reading it."""

    name: str
    encoding: str
    """The encoding the text is decoded with."""
    notes: list[Diagnostic] = field(default_factory=list)
    """Notices about the reading (PDN107), appended as they are found."""
    failure: str | None = None
    """Why reading stopped early, when it did: the text then ends where reading failed."""
    compressed: bool = False
    """Whether the input was decompressed as it was read."""
    bom: bytes = b""
    """The byte order mark the text began with, if any (not part of the text)."""
    _stream: ByteStream | None = None
    _raw: BinaryIO | None = None
    _first: bytes = b""
    _errors: str = "strict"

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
            message = (
                f"{self.name} is not UTF-8 from line {line}: read as {self.encoding} "
                "(a guess; choose the encoding with --encoding)"
            )
        else:
            message = (
                f"{self.name} is not valid UTF-8 from line {line}: undecodable bytes were "
                "replaced (choose the encoding with --encoding)"
            )
        self.notes.append(Diagnostic(ENCODING_GUESSED, message, line, 1, self.name))

    def _read(self) -> bytes:
        """The next bytes, or none at the end or once reading failed (see ``failure``)."""
        assert self._stream is not None
        if self.failure is not None:
            return b""
        data, error = _read_some(self._stream, SAMPLE)
        if error is not None:
            self.failure = _why(error)
        return data


def _read_some(stream: ByteStream, size: int) -> tuple[bytes, BaseException | None]:
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
    except _READ_ERRORS as error:
        return b"".join(parts), error
    return b"".join(parts), None


def guess_legacy(data: bytes) -> str:
    """``cp1251`` when, read as cp1251, the words whose letters are Cyrillic (two or more)
    and the Cyrillic piece letters before a Latin square (``Крb5``, ``Фd4``) outnumber the
    other words that mix Latin and Cyrillic letters, else ``latin-1``.

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
    return "cp1251" if cyrillic > mixed else "latin-1"


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
                raw: BinaryIO = sys.stdin.buffer
            else:
                raw = stack.enter_context(source.path.open("rb"))
            stream = _decompressed(raw)
            if isinstance(stream, _ARCHIVES):
                stack.enter_context(stream)
            first, failed = _read_some(stream, SAMPLE)
        except ValueError as error:
            raise UnreadableInput(str(error)) from error
        except _READ_ERRORS as error:
            raise UnreadableInput(_why(error)) from error
        if failed is not None and not first:
            raise UnreadableInput(_why(failed)) from failed
        opened = _decoding(source.name, stream, raw, first, encoding)
        opened.compressed = isinstance(stream, _ARCHIVES)
        if failed is not None:
            opened.failure = _why(failed)
        yield opened


@dataclass(frozen=True, slots=True)
class FileResult:
    """The end of one input file: how it was decoded, or that it could not be read."""

    path: str
    encoding: str | None
    readable: bool = True


_NO_RECORD_FILE = "no record file in this folder (*.pdn, *.pgn, compressed or not)"


def unreadable(name: str, why: str) -> Diagnostic:
    """The PDN106 error for an input that cannot be read."""
    return Diagnostic(UNREADABLE, f"cannot read {name}: {why}", 1, 1, name)


def no_record(name: str, why: str = "it holds no game") -> Diagnostic:
    """The PDN108 error for a named input that yields no record."""
    return Diagnostic(
        NO_RECORD, f"no record in {name}: {why} (--allow-empty accepts it)", 1, 1, name
    )


@dataclass(slots=True)
class Opened:
    """An input open for reading, as :func:`open_inputs` gives it: read it once, through
    :meth:`records` or (PDN only, for a parallel run) :meth:`pieces`, before asking for
    what follows it."""

    input: Input
    source: TextSource
    gave: bool = False
    """Whether reading it gave anything: a record, a diagnostic or a piece."""
    _json: bool | None = None
    _chunks: Iterator[str] = field(default_factory=lambda: iter(()))

    @property
    def is_json(self) -> bool:
        """Whether the input is a JSON document: a ``.json`` name (also compressed), or
        text that starts as a JSON object (a PDN text that starts with a ``{comment}`` is
        PDN)."""
        if self._json is None:
            chunks = self.source.chunks()
            head = ""
            for chunk in chunks:
                head += chunk
                if head.strip() or len(head) >= SAMPLE:
                    break
            self._json = _json_named(self.input) or _JSON_START.match(head) is not None
            self._chunks = itertools.chain((head,), chunks)
        return self._json

    def records(self, *, keep_text: bool = False) -> Iterator[Record | Diagnostic]:
        """The records that hold a game (:func:`holds_game`) and the diagnostics met
        reading them, in order: PDN streamed, or the JSON document read whole
        (:func:`json_records`). ``keep_text`` keeps each PDN record's text (see
        :func:`notation.record.reader.read_records`)."""
        name = self.input.name
        if self.is_json:
            made: Iterable[Record | Diagnostic] = json_records(name, self._chunks)
        else:
            made = read_records(self._chunks, path=name, keep_text=keep_text)
        for record in made:
            if isinstance(record, Diagnostic) or holds_game(record):
                self.gave = True
                yield record

    def pieces(self, games: int) -> Iterator[tuple[int, str]]:
        """The PDN text cut into pieces of about ``games`` games, as (first line, text)
        (:func:`split_games`); :class:`ValueError` for a JSON document, which is read
        whole."""
        if self.is_json:
            raise ValueError(f"{self.input.name} is a JSON document, not cut into pieces")
        head: list[str] = []
        size = 0
        for chunk in self._chunks:
            head.append(chunk)
            size += len(chunk)
            if size > MAX_GAME:
                break
        else:
            text = "".join(head)
            # Each cut comes before a line: with fewer lines than ``games`` (and no line too
            # long to read), split_games gives the whole text as one piece.
            if text.count("\n") < games:
                if text:
                    self.gave = True
                    yield 1, text
                return
        for piece in split_games(itertools.chain(head, self._chunks), games):
            self.gave = True
            yield piece


def open_inputs(
    inputs: Iterable[Input | Missing], encoding: str | None = None, *, allow_empty: bool = False
) -> Iterator[Opened | Diagnostic | FileResult]:
    """Each input in turn: the notices found opening it, the :class:`Opened` input, then
    (once it has been read) why reading stopped early if it did, the notices found
    reading it, and a :class:`FileResult` at its end.

    A missing input, one that cannot be opened and one whose reading fails part way are
    PDN106 errors; what was read before a failure is still read. An input whose reading
    gave nothing, and a folder without record files, are PDN108 errors unless
    ``allow_empty``. ``encoding`` overrides detection.
    """
    for item in inputs:
        if isinstance(item, Missing):
            if item.code == NO_RECORD:
                if not allow_empty:
                    yield no_record(item.name, item.reason)
            else:
                yield unreadable(item.name, item.reason)
            continue
        try:
            with open_input(item, encoding) as source:
                early = len(source.notes)
                yield from source.notes[:early]
                opened = Opened(item, source)
                yield opened
                if source.failure is not None:
                    yield unreadable(item.name, source.failure)
                yield from source.notes[early:]
                if not opened.gave and source.failure is None and not allow_empty:
                    yield no_record(item.name)
                yield FileResult(item.name, source.encoding)
        except UnreadableInput as error:
            yield unreadable(item.name, str(error))
            yield FileResult(item.name, None, readable=False)


def codec(name: str) -> str:
    """The canonical name of a text encoding for ``--encoding``; :class:`ValueError` with
    a plain message for an unknown codec or a non-text one (``rot13``, ``base64``,
    ``zlib_codec`` ...)."""
    try:
        info = codecs.lookup(name)
    except LookupError:
        raise ValueError(f"unknown encoding {name!r}") from None
    if not info._is_text_encoding:
        raise ValueError(f"{name!r} is not a text encoding (it does not decode bytes to text)")
    return info.name


@dataclass(frozen=True, slots=True)
class Found:
    """One record read from an input."""

    input: Input
    source: TextSource
    """The opened input; ``source.encoding`` is the encoding in use now."""
    record: Record


def read_all(
    inputs: Iterable[Input | Missing],
    encoding: str | None = None,
    *,
    allow_empty: bool = False,
    keep_text: bool = False,
) -> Iterator[Found | Diagnostic | FileResult]:
    """Every record of every input, in order, with the diagnostics met reading (PDN106
    unreadable, PDN107 encoding guessed) and a :class:`FileResult` at each input's end.

    PDN is streamed; the toolkit's JSON form (:func:`notation.record.jsonform.loads`) is
    read when the input is a JSON document (:attr:`Opened.is_json`), whole, up to
    :data:`JSON_LIMIT` characters: a larger one, or one that is not a record document, is
    a PDN106 error. ``keep_text`` keeps each record's text (see
    :func:`notation.record.reader.read_records`).
    """
    for item in open_inputs(inputs, encoding, allow_empty=allow_empty):
        if not isinstance(item, Opened):
            yield item
            continue
        for record in item.records(keep_text=keep_text):
            if isinstance(record, Diagnostic):
                yield record
            else:
                yield Found(item.input, item.source, record)


def read_paths(
    names: Iterable[str],
    *,
    encoding: str | None = None,
    allow_empty: bool = False,
    keep_text: bool = False,
) -> Iterator[tuple[str, Record] | Diagnostic]:
    """The records of the inputs named, as (name, record), in order, and the problems met.

    Names are expanded by :func:`expand` (files, also compressed or JSON, directories,
    glob patterns, ``-`` for standard input) and read by :func:`read_all`; ``encoding``
    overrides detection. A name that cannot be read, or holds no record (unless
    ``allow_empty``), is an error diagnostic; a guessed encoding, a PDN107 notice.
    ``keep_text`` keeps each PDN record's text.
    """
    for found in read_all(expand(names), encoding, allow_empty=allow_empty, keep_text=keep_text):
        if isinstance(found, Found):
            yield found.input.name, found.record
        elif isinstance(found, Diagnostic):
            yield found


def holds_game(record: Record) -> bool:
    """False for what the reader makes of text of only comments: no tags, no moves, no
    result and no problem. Such text is no record (an input of it is PDN108)."""
    return bool(record.tags or record.moves.plies or record.result or record.diagnostics)


def _json_named(item: Input) -> bool:
    """True for a file named ``*.json`` (or ``*.json.gz`` ...)."""
    if item.path is None:
        return False
    name = item.path.name.lower()
    for suffix in COMPRESSED_SUFFIXES:
        name = name.removesuffix(suffix)
    return name.endswith(".json")


def json_records(name: str, chunks: Iterable[str]) -> Iterator[Record | Diagnostic]:
    """The records of a JSON document read whole (up to :data:`JSON_LIMIT` characters),
    or the PDN106 error saying why there are none."""
    parts: list[str] = []
    size = 0
    for chunk in chunks:
        size += len(chunk)
        if size > JSON_LIMIT:
            yield unreadable(
                name,
                f"a JSON document of more than {JSON_LIMIT:,} characters "
                "(JSON is read whole, PDN as a stream)",
            )
            return
        parts.append(chunk)
    try:
        records = loads("".join(parts))
    except (ValueError, RecursionError) as error:
        yield unreadable(name, str(error) or type(error).__name__)
        return
    yield from records


def _decompressed(raw: BinaryIO) -> ByteStream:
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


def _decoding(
    name: str, stream: ByteStream, raw: BinaryIO, first: bytes, encoding: str | None
) -> TextSource:
    """The text source for ``first`` and what follows it, with its encoding found."""
    made = TextSource(name, encoding or "utf-8", _stream=stream, _raw=raw, _first=first)
    made.bom = next((mark for mark, _ in _MARKS if first.startswith(mark)), b"")
    if encoding is not None:
        made._errors = "replace"
        marks = tuple(mark for mark, found in _MARKS if found == encoding)
        if encoding in _NEEDS_MARK and not first.startswith(marks):
            made.encoding = (_utf16(first) or "utf-16-le") if encoding == "utf-16" else "utf-32-le"
        _refuse_binary(codecs.getincrementaldecoder(made.encoding)("replace").decode(first))
        return made
    for mark, found in _MARKS:
        if found in _DETECTED and first.startswith(mark):
            made.encoding = found
            made._first = first.removeprefix(codecs.BOM_UTF8)
            return made
    wide = _utf16(first)
    if wide is not None:
        made.encoding = wide
        return made
    _refuse_binary(first.decode("latin-1"))
    try:
        codecs.getincrementaldecoder("utf-8")().decode(first, final=len(first) < SAMPLE)
    except UnicodeDecodeError:
        made.encoding = guess_legacy(first)
        made._errors = "replace"
        message = (
            f"{name} is not UTF-8: read as {made.encoding} "
            "(a guess; choose the encoding with --encoding)"
        )
        made.notes.append(Diagnostic(ENCODING_GUESSED, message, 1, 1, name))
    return made


def _utf16(first: bytes) -> str | None:
    """``utf-16-le`` or ``utf-16-be`` for text without a BOM in that encoding: the high
    byte of many characters is NUL (record syntax is ASCII), the low byte of none, and the
    bytes decode as UTF-16 into text without NUL characters."""
    pairs = len(first) // 2
    for high, encoding in ((1, "utf-16-le"), (0, "utf-16-be")):
        zeros = first[high : 2 * pairs : 2].count(0)
        if not zeros or zeros * 4 < pairs or first[1 - high : 2 * pairs : 2].count(0):
            continue
        try:
            text = codecs.getincrementaldecoder(encoding)().decode(first)
        except UnicodeDecodeError:
            continue
        if "\x00" not in text:
            return encoding
    return None


def _refuse_binary(text: str) -> None:
    if "\x00" in text:
        raise UnreadableInput("a binary file (it holds NUL bytes), not a text record")


def _why(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror[0].lower() + error.strerror[1:]
    return str(error) or type(error).__name__


_TAG_PAIR = r'[ \t]*\[[ \t]*[A-Za-z][A-Za-z0-9_]*[ \t]*"(?:[^"\\\n]|\\.)*"[ \t]*\]'
_TAGS_ONLY = re.compile(rf"(?:{_TAG_PAIR})+[^\S\n]*")
"""A line of tag pairs and nothing else."""
_PLAIN_LINE = re.compile(r'(?!%)(?:[^\n{}();"\[]|\{[^{}\n]*\})*')
"""A line the reader reads the same way in any game that is outside comments and
variations: movetext and comments closed on the line, no variation, quote, ``;``
comment, tag or ``%`` escape."""
_COMMENT = re.compile(r"\{[^{}\n]*\}")
_RESULT_END = re.compile(rf"{RESULT_AT}\s*$")
_MOVES_FIRST = re.compile(r"[ \t]*[0-9A-Za-z]")
"""A line that starts with movetext: outside a comment, it holds movetext."""
_STRICT_RESULT = re.compile(rf'(?!%)[^\n{{}}();"\[]*{RESULT_AT}[^\S\n]*')
"""A line of movetext free of comments, variations, quotes and tags that ends with a
result: whatever state the reader is in before it, the game ends with a result after it."""


_SIMPLE_RUN = re.compile(rf'(?:(?:{_TAG_PAIR})++[^\S\n]*+\n|(?!%)[^\n{{}}();"\[]*+\n)*+')
"""Whole lines that are tag lines (:data:`_TAGS_ONLY`) or movetext free of comments,
variations, quotes, tags and ``%`` escapes, as many as follow."""
_BLANKS = re.compile(r"(?:[^\S\n]*+\n)*+")
_RESULT_LAST = re.compile(r"[*0125\u00bd][^\S\n]*+\n")
"""The end of a line whose last character may end a result (the last characters of the
tokens of :data:`RESULT_AT`): what :meth:`_Cuts.run` looks at more closely."""
_RESULT_TAIL = re.compile(rf"{RESULT_AT}[^\S\n]*+\n\Z")
_LONGEST_RESULT = len("1/2-1/2") - 1
"""How far before its last character a result token starts, at most."""


class _Cuts:
    """Where :func:`split_games` may cut: before a line where the reader surely starts a
    new game, the game before having ended with a result.

    The splitter follows the reader while it is sure of its state (between games, or in a
    game of plain lines, tag lines and blank lines: outside comments and variations). Then
    a cut comes before a tag line or a line with movetext that follows a line whose
    movetext ends with a result. A line it cannot read with certainty (a comment or
    variation left open, a quote, ``;`` or ``%``) leaves it unsure until the next tag
    line that follows a :data:`_STRICT_RESULT` line (blank lines between): that tag line
    starts a new game whether the reader is inside a comment or not, after a result.
    Lines of tags and plain movetext, most of an archive, are read many at a time
    (:meth:`run`), as :meth:`before` reads them one by one.
    """

    __slots__ = ("ended", "strict", "sure")

    def __init__(self) -> None:
        self.sure = True
        self.ended = False
        self.strict = False

    def before(self, line: str) -> bool:
        """Read ``line`` (without its newline); True when a piece may end before it."""
        if not line.strip():
            return False
        if not self.sure:
            cut = self.strict and _TAG_START.match(line) is not None
            self.strict = _STRICT_RESULT.fullmatch(line) is not None
            if not cut:
                return False
            self.sure = True
            self.ended = False
            self._sure(line)
            return True
        cut = self.ended and (_TAG_START.match(line) is not None or self._moves(line))
        if cut:
            self.ended = False
        self._sure(line)
        return cut

    def run(self, text: str, at: int) -> tuple[list[int], int]:
        """Read, the state being sure, the lines of ``text`` from ``at`` that are blank,
        tag lines or movetext free of comments, variations, quotes and escapes: the
        places a piece may end among them (as :meth:`before` tells them line by line),
        and where they end.

        Among such lines a cut comes before each line that is not blank and follows
        (blank lines between) a line that ends with a result: only lines that end in a
        result's last character are looked at one by one."""
        end = _reach(_SIMPLE_RUN, text, at, len(text))
        first = _reach(_BLANKS, text, at, end)
        if first == end:
            return [], end
        cuts = [first] if self.ended else []
        self.ended = False
        for found in _RESULT_LAST.finditer(text, first, end):
            # The line is plain movetext: it ends a game when it ends with a result.
            near = max(first, found.start() - _LONGEST_RESULT)
            if _RESULT_TAIL.search(text, near, found.end()) is None:
                continue
            after = _reach(_BLANKS, text, found.end(), end)
            if after < end:
                cuts.append(after)
            else:
                self.ended = True
        # The last line read that is not blank is a strict result line exactly when the
        # game ended on it (a tag line never is one).
        self.strict = self.ended
        return cuts, end

    def _moves(self, line: str) -> bool:
        """Whether ``line`` holds movetext outside comments (the state being sure)."""
        if _MOVES_FIRST.match(line):
            return True
        if _PLAIN_LINE.fullmatch(line) is None:
            return False
        return bool(_COMMENT.sub(" ", line).strip())

    def _sure(self, line: str) -> None:
        """Follow the reader over ``line`` while sure of its state."""
        self.strict = _STRICT_RESULT.fullmatch(line) is not None
        if _TAGS_ONLY.fullmatch(line):
            return
        if _PLAIN_LINE.fullmatch(line) is None:
            self.sure = False
            return
        outside = _COMMENT.sub(" ", line) if "{" in line else line
        if outside.strip():
            self.ended = _RESULT_END.search(outside) is not None


def _reach(pattern: re.Pattern[str], text: str, at: int, end: int) -> int:
    """Where ``pattern``, which matches the empty text too, ends matched at ``at``."""
    found = pattern.match(text, at, end)
    assert found is not None
    return found.end()


PIECE_CHARS = 1 << 21
"""Characters (about) after which a piece ends at its next cut, however few games it holds:
pieces of games with long comments stay small."""


def split_games(
    chunks: Iterable[str], games: int, chars: int = PIECE_CHARS
) -> Iterator[tuple[int, str]]:
    """Cut text into pieces of about ``games`` games, or about ``chars`` characters when
    that comes first, as (first line, text).

    Pieces end only where :class:`_Cuts` is sure the reader starts a new game after one
    that ended with a result, so each piece holds whole games and the reader reads each
    piece into the same records (shifted by the lines and games before it) as it reads
    the whole text. Pieces are made as the text is read.
    """
    pending: list[str] = []
    size = 0
    count = 0
    line = 1
    carry = ""
    skipping = False
    cuts = _Cuts()
    for chunk in chunks:
        if skipping:
            # The rest of a line longer than the reader reads: the piece keeps enough of it
            # for the reader to report it (PDN109) as it does reading the whole text.
            newline = chunk.find("\n")
            if newline < 0:
                continue
            chunk, skipping = chunk[newline:], False
        text = carry + chunk
        end = text.rfind("\n") + 1
        carry, text = text[end:], text[:end]
        if len(carry) > MAX_GAME:
            carry, skipping = carry[: MAX_GAME + 1], True
        at = start = 0
        while at < len(text):
            found, at = cuts.run(text, at) if cuts.sure else ([], at)
            if at < len(text):
                stop = text.index("\n", at) + 1
                if cuts.before(text[at : stop - 1]):
                    found.append(at)
                at = stop
            for cut in found:
                count += 1
                if count >= games or size + cut - start >= chars:
                    pending.append(text[start:cut])
                    piece = "".join(pending)
                    yield line, piece
                    line += piece.count("\n")
                    pending, start, count, size = [], cut, 0, 0
        pending.append(text[start:])
        size += len(text) - start
    pending.append(carry)
    piece = "".join(pending)
    if piece:
        yield line, piece
