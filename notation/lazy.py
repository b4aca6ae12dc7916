"""Regular expressions: compiled when first used, and kept between runs.

``re`` compiles a pattern in Python code (0.02 to 1 ms each, 3 to 4 ms for a one-game
validate's). :func:`compiled` is ``re.compile`` whose result (the program ``re`` hands to
its matching engine) is kept in the user's cache folder (``$XDG_CACHE_HOME/notation``, by
default ``~/.cache/notation``), one file per interpreter, and read back by the next run
instead of compiled again. A module's patterns that most runs never use (those of errors,
of rare layouts) are made with :func:`lazy_pattern`, so that importing the module does not
compile them. A run whose patterns the file holds does not import ``re`` (with what it
imports, 2.5 to 3 ms): the toolkit's modules take :func:`escape` and the flags from here.
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found, unused-ignore]  # re's engine, loaded by re
import marshal
import os
import stat
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re
    from typing import Any, TypeAlias

    Program: TypeAlias = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]
    Key: TypeAlias = tuple[str, int]
    Entry: TypeAlias = tuple[int, bytes]

IGNORECASE = 2
"""``re.IGNORECASE``."""
MULTILINE = 8
"""``re.MULTILINE``."""
DOTALL = 16
"""``re.DOTALL``."""
VERBOSE = 64
"""``re.VERBOSE``."""
_DEBUG = 128
"""``re.DEBUG``: such a pattern is compiled by ``re``, which prints its program."""

_SPECIAL = {ord(char): "\\" + char for char in "()[]{}?*+-|^$\\.&~# \t\n\r\v\f"}


def escape(text: str) -> str:
    """``re.escape(text)``: ``text`` with each character a pattern gives a meaning to
    escaped."""
    return text.translate(_SPECIAL)


KEPT_FOR = ((3, 11), (3, 12), (3, 13))
"""The interpreters whose ``re`` makes a program as :func:`_program` makes it (checked by
the tests on each): on any other, every pattern is compiled by ``re``, every run."""

MOST_KEPT = 2_000
"""The most programs the file keeps (a run's patterns are the toolkit's own, a few
hundred at most: no pattern a user gives is kept); once full, it is started afresh."""

MOST_BYTES = 16 << 20
"""The largest file read or written (a full file of the toolkit's patterns is a few MB)."""

_FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
_NEW_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC

_PRIME = 1_073_741_789
"""An entry's check is its bytes (its pattern's, its flags', its program's), read as a
number, modulo this prime (the largest under 2**30, so that the modulo is one pass): any
one byte changed changes it."""

_WORD = memoryview(b"").cast("I").itemsize
"""The size of the words the file keeps a program's code in (the engine's must match)."""

_kept: Kept | None = None
"""The file's entries, read when the first pattern is asked for."""
_made: dict[Key, Entry] = {}
"""The programs this run compiled (those the file lacks, or held damaged)."""
_added = False
"""A program was compiled that the file does not hold: written when the run ends."""


def kept_file() -> str | None:
    """The file that keeps the programs: in the user's cache folder, named by the
    interpreter's cache tag (``patterns.cpython-311.bin``); ``None`` when no cache folder
    is known or this interpreter's programs are not kept."""
    if sys.version_info[:2] not in KEPT_FOR or _sre.CODESIZE != _WORD:
        return None
    given = os.environ.get("XDG_CACHE_HOME")
    home = os.environ.get("HOME", "")
    top = given or os.path.join(home, ".cache")
    if not os.path.isabs(top) or os.path.realpath(given or home) == os.sep:
        return None  # the system's root as the home or cache folder: surely a mistake
    return os.path.join(top, "notation", f"patterns.{sys.implementation.cache_tag}.bin")


def _opened(folder: str, *, make: bool) -> int | None:
    """The folder ``folder`` (the cache folder's ``notation``) opened without following a
    link, when it is a folder of this user's (or the administrator's); ``make``: made
    first if need be (mode 0700) inside a cache folder that is there, or that is
    ``~/.cache`` inside a home folder that is there. A home folder, or
    ``$XDG_CACHE_HOME``, is never made (a wrong ``HOME`` would have folders made at the
    system's root)."""
    top = os.path.dirname(folder)
    try:
        if make and not os.path.isdir(folder):
            if not os.path.isdir(top):
                home = os.path.dirname(top)
                if os.environ.get("XDG_CACHE_HOME") or not os.path.isdir(home):
                    return None
                os.mkdir(top, 0o700)
            os.mkdir(folder, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return None
    try:
        fd = os.open(folder, _FOLDER_FLAGS)
    except OSError:
        return None
    if os.fstat(fd).st_uid not in (os.geteuid(), 0):
        os.close(fd)
        return None
    return fd


def _header() -> bytes:
    """The file's first line: the interpreter and engine it was made for."""
    return b"notation-patterns 4 %x %d %d %s\n" % (
        sys.hexversion,
        _sre.MAGIC,
        _sre.CODESIZE,
        sys.byteorder.encode(),
    )


def _check(key: Key, body: bytes) -> int:
    """The check of ``key``'s entry whose program's bytes are ``body``."""
    source, flags = key
    return _sum(source.encode("utf-8", "surrogatepass") + flags.to_bytes(4, "little") + body)


def _entry(key: Key, program: Program) -> Entry:
    """``program``, the program of ``key``, as the file keeps it: its check and its bytes
    (its flags, its number of groups and of code words, its code, then a line
    ``name=index`` for each named group)."""
    flags, code, groups, names, _ = program
    body = b"".join(
        (
            flags.to_bytes(4, "little"),
            groups.to_bytes(4, "little"),
            len(code).to_bytes(4, "little"),
            _words(code),
            "".join(f"{name}={index}\n" for name, index in names.items()).encode(),
        )
    )
    return _check(key, body), body


def _words(code: list[int]) -> bytes:
    """``code`` as the engine's words (native order, :data:`_WORD` bytes each)."""
    words = memoryview(bytearray(len(code) * _WORD)).cast("I")
    for at, op in enumerate(code):
        words[at] = op
    return words.tobytes()


def _decoded(key: Key, entry: Entry | None) -> Program | None:
    """The program ``key``'s entry holds, ``None`` when the entry is damaged (its bytes are
    not those its check was taken of) or holds no program of the engine's shape. The
    check guards against damage: a file is read only when it is of this user's (or the
    administrator's), who could as well change the toolkit's bytecode; what is read is
    bounded by the entry's bytes."""
    if entry is None:
        return None
    check, body = entry
    if len(body) < 12 or _check(key, body) != check:
        return None
    flags = int.from_bytes(body[:4], "little")
    groups = int.from_bytes(body[4:8], "little")
    end = 12 + _WORD * int.from_bytes(body[8:12], "little")
    if end > len(body):
        return None
    code = memoryview(body[12:end]).cast("I").tolist()
    by_index: list[str | None] = [None] * (groups + 1) if groups < len(body) else []
    names = {}
    try:
        for line in body[end:].decode().splitlines():
            name, _, number = line.partition("=")
            index = int(number)
            if not name.isidentifier() or not 0 < index <= groups or by_index[index]:
                return None
            names[name] = index
            by_index[index] = name
    except (UnicodeDecodeError, ValueError, IndexError):
        return None
    if not by_index:
        return None
    return flags, code, groups, names, tuple(by_index)


class Kept:
    """The entries of a file: its index, read whole, and its programs' bytes, each entry
    taken out (and its place checked) when its pattern is asked for."""

    __slots__ = ("_base", "_data", "_table")

    def __init__(self, table: dict[object, object], data: bytes, base: int) -> None:
        self._table = table
        self._data = data
        self._base = base

    def get(self, key: Key) -> Entry | None:
        """``key``'s entry: its check and its program's bytes; ``None`` when the file has
        none, or its place in the file is not one."""
        place = self._table.get(key)
        if not (type(place) is tuple and len(place) == 3):
            return None
        start, length, check = place
        end = len(self._data) - self._base
        if not (type(start) is int and type(length) is int and type(check) is int):
            return None
        if not 0 <= start <= start + length <= end:
            return None
        return check, self._data[self._base + start : self._base + start + length]

    def entries(self) -> dict[Key, Entry]:
        """Every entry whose key and place are such (to be written again)."""
        found = {}
        for key in self._table:
            if type(key) is tuple and len(key) == 2:
                source, flags = key
                entry = self.get(key) if type(source) is str and type(flags) is int else None
                if entry is not None:
                    found[source, flags] = entry
        return found


def _parsed(data: bytes) -> Kept | None:
    """The entries of the file whose bytes are ``data``, ``None`` when it is cut short,
    damaged, or made for another interpreter. After the header line come the index's
    length and check (four bytes each), the index (each pattern's program's place after it,
    its length and its check), then the programs."""
    at = len(_header())
    if data[:at] != _header() or len(data) < at + 8:
        return None
    size = int.from_bytes(data[at : at + 4], "little")
    base = at + 8 + size
    index = data[at + 8 : base]
    if len(index) != size or _sum(index) != int.from_bytes(data[at + 4 : at + 8], "little"):
        return None
    try:
        table = marshal.loads(index)  # checked: what was written
    except (EOFError, ValueError, TypeError, MemoryError):
        return None
    return Kept(table, data, base) if type(table) is dict else None


def _framed(entries: dict[Key, Entry]) -> bytes:
    """The bytes of a file of ``entries`` (:func:`_parsed` reads them)."""
    places: dict[Key, tuple[int, int, int]] = {}
    at = 0
    for key, (check, body) in entries.items():
        places[key] = (at, len(body), check)
        at += len(body)
    index = marshal.dumps(places)
    head = _header() + len(index).to_bytes(4, "little") + _sum(index).to_bytes(4, "little")
    return b"".join([head, index, *(body for _, body in entries.values())])


def _sum(data: bytes) -> int:
    """The check of ``data``: its bytes, read as a number, modulo :data:`_PRIME`."""
    return int.from_bytes(data, "little") % _PRIME


def _read(path: str) -> Kept | None:
    """The entries the file ``path`` holds, ``None`` when it cannot be read, is cut short,
    or was made for another interpreter. Only a regular file of this user's (or the
    administrator's) of at most :data:`MOST_BYTES`, in a folder that is no link, is read:
    a link, a FIFO or a device there is not opened or not waited on. An entry is checked
    when its pattern is asked for (:func:`_decoded`): a run reads the few it uses."""
    folder = _opened(os.path.dirname(path), make=False)
    if folder is None:
        return None
    try:
        fd = os.open(os.path.basename(path), _READ_FLAGS, dir_fd=folder)
    except OSError:
        return None
    finally:
        os.close(folder)
    try:
        found = os.fstat(fd)
        if (
            not stat.S_ISREG(found.st_mode)
            or found.st_uid not in (os.geteuid(), 0)
            or found.st_size > MOST_BYTES
        ):
            return None
        os.set_blocking(fd, True)
        with open(fd, "rb", closefd=False) as file:
            data = file.read(MOST_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    return _parsed(data)


def _load() -> Kept:
    """The entries the file holds (none when it is missing, damaged, or of another
    interpreter)."""
    global _kept
    path = kept_file()
    _kept = (_read(path) if path is not None else None) or Kept({}, b"", 0)
    return _kept


def _program(source: str, flags: int) -> Program:
    """The arguments ``re`` passes its engine for ``source`` and ``flags``, as
    ``re._compiler.compile`` makes them (the same on each interpreter of
    :data:`KEPT_FOR`)."""
    from re import _compiler, _parser  # type: ignore[attr-defined]

    parsed = _parser.parse(source, flags)
    code = [int(op) for op in _compiler._code(parsed, flags)]  # noqa: SLF001 (see KEPT_FOR)
    names = dict(parsed.state.groupdict)
    by_index: list[str | None] = [None] * parsed.state.groups
    for name, index in names.items():
        by_index[index] = name
    return (flags | parsed.state.flags, code, parsed.state.groups - 1, names, tuple(by_index))


def compiled(source: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)``, its program read from the file that keeps them
    (:func:`kept_file`) when the file holds it, else compiled and kept there when the run
    ends, unless bytecode is not written either (``sys.dont_write_bytecode``,
    ``PYTHONDONTWRITEBYTECODE``). For the toolkit's own patterns only: a pattern a user
    gives is compiled with ``re.compile``."""
    global _added
    key = (source, int(flags))
    if flags & _DEBUG or not 0 <= key[1] < 1 << 32:
        import re

        return re.compile(source, flags)
    kept = _load() if _kept is None else _kept
    program = _decoded(key, _made.get(key) or kept.get(key))
    if program is not None:
        try:
            made: re.Pattern[str] = _sre.compile(source, *program)
        except (TypeError, ValueError, RuntimeError, OverflowError):
            pass  # a damaged entry the engine refuses: compiled afresh, and kept again
        else:
            return made
    if sys.dont_write_bytecode or kept_file() is None:
        import re

        return re.compile(source, flags)
    program = _program(source, int(flags))
    _made[key] = _entry(key, program)
    if not _added:
        import atexit

        atexit.register(_write)
        _added = True
    made = _sre.compile(source, *program)
    return made


def keep() -> None:
    """Keep the programs this run compiled now, rather than as the interpreter exits (the
    command line's end calls it, where a signal still ends the run with its status)."""
    global _added
    if _added:
        import atexit

        atexit.unregister(_write)
        _added = False
        _write()


def _write() -> None:
    """Keep the programs compiled in this run with those the file holds (another run may
    have written it since this one read it): written whole under another name, readable
    by this user only, then put in its place, so that a reader never sees a part; nothing
    is written where it cannot be, nor through a link, nor in place of anything but a
    regular file."""
    path = kept_file()
    if path is None or not _made:
        return
    now = _read(path)
    merged = {**(now.entries() if now is not None else {}), **_made}
    if len(merged) > MOST_KEPT:
        merged = _made  # full (of patterns of older versions): afresh with this run's
    data = _framed(merged)
    if len(data) > MOST_BYTES:
        return
    folder = _opened(os.path.dirname(path), make=True)
    if folder is None:
        return
    name = os.path.basename(path)
    temporary = f".{name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    try:
        fd = os.open(temporary, _NEW_FLAGS, 0o600, dir_fd=folder)
        with open(fd, "wb") as file:
            file.write(data)
        if _other_than_a_file(name, folder):
            raise FileExistsError(name)
        os.replace(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException as error:  # a signal's SystemExit too: no file left behind
        try:  # noqa: SIM105 (contextlib is not imported for so little)
            os.unlink(temporary, dir_fd=folder)
        except OSError:
            pass
        if not isinstance(error, OSError):
            raise
    finally:
        os.close(folder)


def _other_than_a_file(name: str, folder: int) -> bool:
    """Whether something other than a regular file (a link, a FIFO, a folder) is at
    ``name`` in ``folder``."""
    try:
        found = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        return False
    return not stat.S_ISREG(found.st_mode)


class _LazyPattern:
    """A pattern's source and flags, answering as the compiled pattern once asked for
    anything of it (compiled then, once)."""

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        pattern = self._compiled
        if pattern is None:
            pattern = self._compiled = compiled(self._source, self._flags)
        return getattr(pattern, name)

    def __repr__(self) -> str:
        return f"lazy_pattern({self._source!r})"


def lazy_pattern(source: str, flags: int = 0) -> re.Pattern[str]:
    """What ``re.compile(source, flags)`` gives, compiled when one of its methods or
    attributes is first used: for a pattern that a run seldom uses (each use costs an
    attribute look-up more)."""
    made: Any = _LazyPattern(source, flags)
    return made  # type: ignore[no-any-return]
