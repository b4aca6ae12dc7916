"""Finding inputs: files, directories, glob patterns and standard input.

:func:`expand` turns the names given on the command line into inputs (directories are
searched recursively for records, patterns with ``*``, ``?`` or ``[`` are expanded, each
real folder and file once, links followed); names are made safe to show
(:func:`shown_name`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator

from notation.diagnostics import NO_RECORD, UNREADABLE
from notation.lazy import compiled, lazy_pattern
from notation.plain import Frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re
    from pathlib import Path
    from typing import TypeVar

    T = TypeVar("T")

RECORD_SUFFIXES = (".pdn", ".pgn")
"""Record files picked up when a directory is given."""

COMPRESSED_SUFFIXES = (".gz", ".bz2", ".xz", ".zst")
"""Compressed record files picked up too (``games.pdn.gz``)."""

# Compiled when a name holds what they match: an ASCII name holds no surrogate, and a
# printable one neither a surrogate nor a control character.
_SURROGATE = lazy_pattern("[\ud800-\udfff]")
_CONTROL = lazy_pattern("[\x00-\x1f\x7f-\x9f]")
_PATTERN = compiled(r"[*?[]")
_DESCRIPTOR = lazy_pattern(r"/dev/(std(in|out|err)|fd/[^/]+)|/proc/(self|thread-self|\d+)/fd/[^/]+")
"""The names of a process's open descriptors (``/dev/stdin``, ``/dev/fd/0``,
``/proc/self/fd/0``)."""


class ClosedStream(Exception):
    """A standard stream the command needs is closed; the message says which."""


def display_name(name: str) -> str:
    """``name`` as it can be shown and written in UTF-8: the bytes of a file name that
    are not UTF-8 (which Python holds as surrogate escapes) as backslash escapes,
    ``b"\\xff.pdn"`` as ``\\xff.pdn``."""
    if name.isascii() or _SURROGATE.search(name) is None:
        return name
    return _SURROGATE.sub(_escaped, name)


def shown_name(name: str) -> str:
    """``name`` as :func:`display_name` shows it, its control characters (a line break,
    an escape sequence) as backslash escapes too, so that a name is shown on one line and
    never drives a terminal."""
    if name.isprintable():
        return name
    return display_name(_CONTROL.sub(_escaped, name))


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"
    if code < 0x80:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def pure(name: str) -> str:
    """``name`` as :class:`pathlib.PurePosixPath` writes it: no empty or ``.`` parts, no
    slash at its end (``./a//b/`` is ``a/b``, an empty name ``.``)."""
    root = "//" if name[:2] == "//" and name[2:3] != "/" else "/" if name[:1] == "/" else ""
    return root + "/".join(part for part in name.split("/") if part not in ("", ".")) or "."


def joined(folder: str, name: str) -> str:
    """The path of ``name`` in ``folder`` (both as :func:`pure` writes them), as
    ``pathlib`` joins them: ``a`` in ``.`` is ``a``."""
    if folder == ".":
        return name
    return folder + name if folder.endswith("/") else f"{folder}/{name}"


class Input(Frozen):
    """One input of a run: a file (``path``), or standard input (``path`` is ``None``)."""

    _fields = ("name", "path")
    __slots__ = (*_fields, "tap")

    name: str
    """The name shown in diagnostics (made safe by :func:`shown_name`)."""
    path: str | None
    tap: Callable[[bytes], object] | None
    """Told each block of the file's bytes as a run reads them (not compared, not shown)."""

    def __init__(
        self,
        name: str,
        path: str | os.PathLike[str] | None,
    ) -> None:
        object.__setattr__(self, "name", shown_name(name))
        object.__setattr__(self, "path", None if path is None else os.fspath(path))
        object.__setattr__(self, "tap", None)

    def tapped(self, tap: Callable[[bytes], object]) -> Input:
        """This input, its bytes told to ``tap`` as a run reads them."""
        made = object.__new__(Input)
        object.__setattr__(made, "name", self.name)
        object.__setattr__(made, "path", self.path)
        object.__setattr__(made, "tap", tap)
        return made

    @property
    def size(self) -> int | None:
        """Size in bytes on disk, when known."""
        if self.path is None:
            return None
        try:
            return os.stat(self.path).st_size
        except OSError:
            return None


class Missing(Frozen):
    """A name given that matches no file (PDN106), or a folder without record files
    (``code`` PDN108)."""

    _fields = ("name", "reason", "code")
    __slots__ = _fields

    name: str
    reason: str
    code: str

    def __init__(
        self,
        name: str,
        reason: str,
        code: str = UNREADABLE,
    ) -> None:
        object.__setattr__(self, "name", shown_name(name))
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "code", code)


Named = str | os.PathLike[str] | Input | Missing
"""A name as the command line takes it (a str, or a path object), or an input found."""

NOT_A_NAME = "a source is a file, folder or pattern name (str or os.PathLike), not {}"


def given(paths: Iterable[T] | str | os.PathLike[str]) -> list[T | str | os.PathLike[str]]:
    """``paths`` as a list: one name alone stands for the list of it (a str is no list
    of one-letter names). :class:`TypeError` for bytes or an open file, whose lines
    would otherwise be taken for names."""
    if isinstance(paths, str | os.PathLike):
        return [paths]
    if isinstance(paths, bytes | bytearray) or hasattr(paths, "read"):
        raise TypeError(NOT_A_NAME.format(type(paths).__name__))
    return list(paths)


def name_of(source: object) -> str:
    """The name ``source`` is (a str, or a path object's); :class:`TypeError` for what is
    no name (bytes, a number)."""
    if not isinstance(source, str | os.PathLike):
        raise TypeError(NOT_A_NAME.format(type(source).__name__))
    name = os.fspath(source)
    if not isinstance(name, str):
        raise TypeError(NOT_A_NAME.format("a path of bytes"))
    return name


def inputs_of(paths: Iterable[Named] | str | os.PathLike[str]) -> list[Input | Missing]:
    """The inputs ``paths`` name (:func:`given`: each a name, expanded by :func:`expand`,
    or an input already found), in order; :class:`TypeError` for what is no name."""
    found: list[Input | Missing] = []
    for path in given(paths):
        if isinstance(path, Input | Missing):
            found.append(path)
        else:
            found.extend(expand([name_of(path)]))
    return found


def input_paths(inputs: Iterable[Input | Missing]) -> list[str]:
    """The files among ``inputs``, in order: what an output must not overwrite (standard
    input and names that match nothing are left out)."""
    return [item.path for item in inputs if isinstance(item, Input) and item.path is not None]


def reads_standard_input(inputs: Iterable[Input | Missing]) -> bool:
    """Whether standard input is among ``inputs`` (``-``)."""
    return any(isinstance(item, Input) and item.path is None for item in inputs)


def is_record_file(path: str | os.PathLike[str]) -> bool:
    """True for ``*.pdn``, ``*.pgn`` and those compressed (``*.pdn.gz``, ...)."""
    name = os.path.basename(pure(os.fspath(path))).lower()
    for suffix in COMPRESSED_SUFFIXES:
        name = name.removesuffix(suffix)
    return name.endswith(RECORD_SUFFIXES)


def names_a_descriptor(name: str) -> bool:
    """Whether ``name``, or a link it leads through, is the name of an open descriptor of
    the process that opens it (``/dev/stdin``, ``/dev/fd/N``, ``/proc/self/fd/N``): a
    stream the name does not lead back to once read."""
    return _descriptor_name(name) is not None


def own_descriptor(name: str) -> int | None:
    """The descriptor of this process that ``name`` (or a link it leads through) names:
    0 for ``/dev/stdin``, 1 for ``/dev/stdout``, N for ``/dev/fd/N`` and
    ``/proc/self/fd/N``; ``None`` for any other name (another process's descriptors
    included)."""
    path = _descriptor_name(name)
    if path is None:
        return None
    parts = path.split("/")
    if len(parts) == 3:  # /dev/stdin, /dev/stdout, /dev/stderr
        return _STANDARD.get(parts[2])
    if parts[1] == "proc" and parts[2] not in ("self", "thread-self", str(os.getpid())):
        return None
    number = parts[-1]
    return int(number) if number.isascii() and number.isdigit() else None


_STANDARD = {"stdin": 0, "stdout": 1, "stderr": 2}


def _descriptor_name(name: str) -> str | None:
    """The name of an open descriptor that ``name`` is or leads through a link to
    (:func:`names_a_descriptor`), as an absolute path."""
    path = os.path.abspath(name)
    for _ in range(40):
        if _DESCRIPTOR.fullmatch(path):
            return path
        try:
            link = os.readlink(path)
        except (OSError, ValueError):
            return None
        path = os.path.normpath(os.path.join(os.path.dirname(path), link))
    return None


def expand(names: Iterable[str]) -> Iterator[Input | Missing]:
    """The inputs named: ``-`` is standard input, directories are searched recursively
    for record files (in sorted order), and a name that is not a file but holds ``*``,
    ``?`` or ``[`` is a pattern (``**`` matches directories recursively).

    Symbolic links are followed, but each real directory is searched once and each real
    file given once per name (by device and inode), so link loops end. A folder that
    cannot be listed is a :class:`Missing` input (PDN106); a folder without record files
    one with the PDN108 code. Only regular files are picked up in folders and patterns
    (a FIFO named directly is read as a stream). An empty name is a :class:`Missing`
    input, not the current folder. ``-`` with standard input closed (the shell's ``<&-``)
    raises :class:`ClosedStream`."""
    for name in names:
        if name == "-":
            if sys.stdin is None:
                raise ClosedStream("cannot read standard input: it is closed")
            yield Input("-", None)
            continue
        if not name:
            # pathlib reads an empty name as the current folder: a variable left empty
            # must not turn into a search of wherever the command runs.
            yield Missing(name, "an empty name is no file or folder")
            continue
        if "\x00" in name:
            yield Missing(name, "a name cannot hold a NUL character")
            continue
        path = pure(name)
        try:
            mode: int | None = os.stat(path).st_mode
        except OSError as error:
            if error.errno not in (errno.ENOENT, errno.ENOTDIR):
                # A name too long, a loop of links, a folder not searchable: said as is.
                yield Missing(name, why(error))
                continue
            mode = None
        if mode is not None and stat.S_ISDIR(mode):
            found = list(_walk(path))
            yield from found
            if not found:
                yield Missing(name, _NO_RECORD_FILE, NO_RECORD)
        elif mode is not None:
            yield Input(name, path)
        elif _PATTERN.search(name):
            files, errors = _glob(name)
            yield from (Input(p, p) for p in files)
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


def read_once(inputs: Iterable[Input | Missing]) -> tuple[list[Input | Missing], list[str]]:
    """``inputs`` without the files named again (the same file, by any name: by device
    and inode, by real path when it cannot be reached), and the names of those left out,
    once each."""
    seen: set[object] = set()
    kept: list[Input | Missing] = []
    again: list[str] = []
    for item in inputs:
        if isinstance(item, Input) and item.path is not None:
            found = _identity(item.path)
            key: object = os.path.realpath(item.path) if found is None else found
            if key in seen:
                if item.name not in again:
                    again.append(item.name)
                continue
            seen.add(key)
        kept.append(item)
    return kept, again


def _listing(folder: str | os.PathLike[str]) -> list[os.DirEntry[str]] | Missing:
    """The entries of ``folder`` sorted by name, or why it cannot be listed."""
    try:
        with os.scandir(folder) as entries:
            return sorted(entries, key=lambda entry: entry.name)
    except OSError as error:
        return Missing(str(folder), why(error))


def _walk(top: str) -> Iterator[Input | Missing]:
    """The record files under ``top`` (as :func:`pure` writes it), depth first in sorted
    order, each real directory and file once; a folder that cannot be listed is a
    :class:`Missing` where it stands."""
    seen = {_identity(top)}
    stack: list[tuple[str, Iterator[os.DirEntry[str]]]] = []
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
        path = joined(folder, entry.name)
        try:
            is_dir = entry.is_dir()
            found = is_dir or (entry.is_file() and is_record_file(entry.name))
        except OSError:
            found = False
        if not found:
            broken = _broken_link(entry, path) if is_record_file(entry.name) else None
            if broken is not None:
                yield broken
            continue
        key = _identity(path)
        if key is None or key in seen:
            continue
        seen.add(key)
        if not is_dir:
            yield Input(path, path)
            continue
        listing = _listing(path)
        if isinstance(listing, Missing):
            yield listing
        else:
            stack.append((path, iter(listing)))


def _broken_link(entry: os.DirEntry[str], path: str) -> Missing | None:
    """Why the link ``entry`` (at ``path``) leads to no file, when it is a link that
    leads nowhere (to a missing file, or round a loop); ``None`` for anything else."""
    with contextlib.suppress(OSError):
        if not entry.is_symlink():
            return None
    try:
        os.stat(path)
    except OSError as error:
        nowhere = error.errno in (errno.ENOENT, errno.ENOTDIR)
        return Missing(path, why(error) + (" (a link to nothing)" if nowhere else ""))
    return None


def _glob(pattern: str) -> tuple[list[str], list[Missing]]:
    """The regular files matching ``pattern`` (``**`` any depth of folders, names that
    start with ``.`` only for a part that does), sorted, each real file once; and the
    folders that could not be listed."""
    import fnmatch
    from pathlib import Path

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
                try:
                    kept = entry.is_file() if last else entry.is_dir()
                except OSError:
                    kept = False
                if kept:
                    matched.append(folder / entry.name)
                elif last and (broken := _broken_link(entry, str(folder / entry.name))):
                    errors.append(broken)
        folders = matched
    files: list[str] = []
    unique: set[tuple[int, int] | None] = set()
    for found in sorted(folders):
        key = _identity(found)
        if key not in unique:
            unique.add(key)
            files.append(str(found))
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


_NO_RECORD_FILE = "no record file in this folder (*.pdn, *.pgn, compressed or not)"


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def kind_of(mode: int) -> str:
    """What a file of ``st_mode`` ``mode`` is, as a message names it (``a FIFO``)."""
    return next((name for test, name in _KINDS if test(mode)), "a special file")


def why(error: BaseException) -> str:
    """Why ``error`` stopped reading, as a message says it (``no such file or directory``)."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror[0].lower() + error.strerror[1:]
    return str(error) or type(error).__name__
