"""The one way the toolkit writes a file: atomically, and never over an input by accident.

:func:`check_target` refuses an output that cannot be written (a missing or read-only
folder, a folder given as the file, a socket, a block device, a link to nothing) or that
names one of the command's inputs (standard input included) without ``in_place``.
:func:`atomic_output` writes to a nameless or hidden temporary file in the target's folder
and renames it over the target only when the block succeeds; on any error, interruption
or kill the target is untouched and no partial file is left under its name. A character
device or a FIFO (``/dev/null``, a named pipe), and a name of one of the process's own
descriptors (``/dev/stdout``, ``/dev/fd/3``), are never replaced: what the block wrote is
held, then written into it in place when the block succeeds. :func:`spooled_stdout` does
the same for standard output: nothing is printed unless the block succeeds. Either way the
block can :meth:`Sink.abandon` its output, and a block that from some point on can fail
only in writing it can :meth:`Sink.release` it: what is held is written then, the rest as
it comes.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import functools
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager as ContextManager

from notation.io.files import own_descriptor, shown_name
from notation.plain import Protocol

# hashlib, secrets, shutil and tempfile are imported where used: writing to standard output
# (a report, most runs) needs none of them.
TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import hashlib
    from pathlib import Path
    from typing import IO

__all__ = [
    "OutputError",
    "Sink",
    "Stage",
    "atomic_output",
    "check_target",
    "display",
    "feed_file",
    "file_hash",
    "file_output",
    "flush_stdout",
    "same_file",
    "spooled_stdout",
    "staged_outputs",
    "write_stdout",
    "write_target",
]

TEMP_SUFFIX = ".notation-tmp"
"""The suffix of the hidden temporary file where the system cannot make a nameless one."""


class OutputError(Exception):
    """An output that cannot be written; the message says why in the user's terms."""


def display(path: str | os.PathLike[str]) -> str:
    """A path as it is shown to the user: undecodable bytes and control characters as
    backslash escapes, as :func:`~notation.io.files.shown_name` shows an input's name."""
    return shown_name(os.fspath(path))


def write_target(target: Path) -> Path:
    """The file that writing ``target`` replaces: a symbolic link's final target, so that
    the link itself stays a link."""
    if not target.is_symlink():
        return target
    from pathlib import Path

    return Path(os.path.realpath(target))


def check_target(
    target: Path,
    inputs: Iterable[str | os.PathLike[str]] = (),
    *,
    in_place: bool = False,
    stdin: bool = False,
    rewrites: bool = True,
) -> None:
    """Raise :class:`OutputError` unless ``target`` can be written as a command's output.

    ``inputs`` are the files the command reads: naming one of them is refused unless
    ``in_place`` says the user asked to rewrite it (``rewrites``: the command can, and the
    message says how). ``stdin`` says the command reads standard input too: when that is
    a file, naming it is refused as well.
    """
    shown = display(target)
    found = _status(target)
    if found is not None and stat.S_ISDIR(found.st_mode):
        raise OutputError(f"{shown} is a folder, not a file")
    if found is None or stat.S_ISREG(found.st_mode):
        folder = write_target(target).parent
        if not folder.is_dir():
            raise OutputError(f"cannot write {shown}: folder {display(folder)} does not exist")
    if not in_place and any(same_file(target, path) for path in inputs):
        how = ", or give --in-place to rewrite the input" if rewrites else ""
        raise OutputError(
            f"{shown} is an input of this command: it is not overwritten "
            f"(write to another file{how})"
        )
    if stdin and found is not None and _standard_input() == (found.st_dev, found.st_ino):
        raise OutputError(
            f"{shown} is an input of this command (read as standard input): it is not "
            "overwritten (write to another file)"
        )


def _status(target: Path) -> os.stat_result | None:
    """What ``target`` leads to, ``None`` when nothing is there yet; :class:`OutputError`
    for what an output can never be: a link to nothing, a socket, a block device (unless
    it is one of the process's own descriptors, open already)."""
    shown = display(target)
    try:
        found = os.stat(target)
    except FileNotFoundError:
        if target.is_symlink():
            raise OutputError(
                f"{shown} is a symbolic link to a file that does not exist: it is not "
                "written through (name the file itself)"
            ) from None
        return None
    except OSError as error:
        raise OutputError(f"cannot write {shown}: {_reason(error)}") from None
    if own_descriptor(os.fspath(target)) is not None:
        return found
    if stat.S_ISSOCK(found.st_mode):
        raise OutputError(f"cannot write {shown}: it is a socket, not a file")
    if stat.S_ISBLK(found.st_mode):
        raise OutputError(f"cannot write {shown}: it is a block device, not a file")
    return found


def _standard_input() -> tuple[int, int] | None:
    """The device and inode of standard input when it is a regular file."""
    try:
        found = os.fstat(0)
    except OSError:
        return None
    return (found.st_dev, found.st_ino) if stat.S_ISREG(found.st_mode) else None


def same_file(a: Path, b: str | os.PathLike[str]) -> bool:
    """Whether ``a`` and ``b`` name one file (by device and inode; by path when either
    is not there)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


class _Stream(Protocol):
    """What a :class:`Sink` writes its bytes into."""

    def write(self, data: memoryview, /) -> int | None: ...

    def flush(self) -> None: ...


class Sink:
    """Where a command's output text goes: encoded and buffered as it is written, and
    write errors (a full disk, an unencodable character) raised as :class:`OutputError`.
    What is still buffered when the output is given up is dropped, never written."""

    BUFFER = 1 << 20
    """Bytes held before they are written out."""

    def __init__(
        self,
        stream: _Stream,
        name: str,
        encoding: str,
        *,
        hashed: bool = False,
        release: Callable[[], _Through] | None = None,
    ) -> None:
        self._stream = stream
        self._name = name
        self._encoder = codecs.getincrementalencoder(encoding)()
        self._pending = bytearray()
        self.encoding = encoding
        self.written = 0
        """Bytes written so far."""
        self.hash = _sha256() if hashed else None
        """The hash of the bytes written so far, when asked for (``hashed``)."""
        self.abandoned = False
        """Set by :meth:`abandon`: the output is not to be committed."""

        self._release = release

    def abandon(self) -> None:
        """Give up this output: when its block ends, nothing is written or replaced
        (unless it was :meth:`released <release>`: what was written then stays)."""
        self.abandoned = True

    def release(self) -> None:
        """Say that from here on the block can fail only in writing its output: output
        held until the block ends (standard output, a device, a FIFO) is written out now,
        and what follows as it comes, so that a large output is not held (in memory, then
        on disk) and written twice. A file is still put in place only when the block
        ends."""
        release, self._release = self._release, None
        if release is not None:
            self.flush()
            self._stream = release()

    def reencode(self, encoding: str) -> None:
        """Encode what is written from now on in ``encoding`` (for a caller that knows the
        bytes written so far read the same in it)."""
        self._encoder = codecs.getincrementalencoder(encoding)()
        self.encoding = encoding

    def write(self, text: str, /) -> int:
        """Write ``text``; the number of characters written."""
        try:
            data = self._encoder.encode(text)
        except UnicodeEncodeError as error:
            raise OutputError(
                f"cannot write {self._name}: {error.object[error.start : error.end]!r} "
                f"cannot be written in {self.encoding}"
            ) from None
        self._pending += data
        self.written += len(data)
        if self.hash is not None:
            self.hash.update(data)
        if len(self._pending) >= self.BUFFER:
            self.flush()
        return len(text)

    def flush(self) -> None:
        """Write out what is buffered."""
        data, self._pending = self._pending, bytearray()
        try:
            view = memoryview(data)
            while view:
                view = view[self._stream.write(view) or 0 :]
            self._stream.flush()
        except OSError as error:
            raise OutputError(f"cannot write {self._name}: {_reason(error)}") from None


@contextlib.contextmanager
def atomic_output(
    target: Path,
    *,
    encoding: str = "utf-8",
    like: Path | None = None,
    hashed: bool = False,
    durable: bool = True,
    through: bool = True,
    stage: Stage | None = None,
) -> Iterator[Sink]:
    """A :class:`Sink` whose text replaces ``target`` when the block succeeds.

    The text goes to a temporary file in the target's folder (a nameless ``O_TMPFILE`` file
    where the system has them, so that a kill leaves nothing behind), which is flushed to
    disk and renamed over the target only at the end. The text is encoded in ``encoding``
    (``utf-8-sig`` starts the file with a byte order mark, as ``utf-16`` does). The new file
    keeps the permissions of ``like`` (by default the file it replaces, when there is one)
    and the owner and group of the file it replaces (when this user cannot give them to
    it, an :class:`OutputError`: the file is not replaced);
    ``hashed`` keeps a hash of what is written (:attr:`Sink.hash`). Without ``durable`` the
    text is not flushed to disk before the rename (for a cache, whose entries check
    themselves: a crash can then leave an empty or partial file, never a mixed one).

    A symbolic link is written through: the file it leads to is replaced, the link stays. A
    character device or a FIFO is not replaced either: the text is held (as
    :func:`spooled_stdout` holds it) and written into it, opened in place, at the end;
    without ``through`` (a file of the toolkit's own, such as a cache entry, where a FIFO
    would block) it is replaced as a file is. A name of one of the process's own
    descriptors (``/dev/stdout``, ``/dev/fd/N``, ``/proc/self/fd/N``, or a link to one) is
    that descriptor, whatever it leads to: the text is held and written into it at the
    end, where it stands (appending when it was opened to append, as a shell's ``>>``
    opens it). A socket, a block device and a link that
    leads nowhere are refused. Errors are :class:`OutputError`; the target is then
    untouched.

    With ``stage``, the file written is kept under a hidden name beside the target when
    the block succeeds, and replaces it only when the stage commits (:func:`staged_outputs`);
    the target must then be a file or nothing yet.
    """
    found = _status(target)
    if stage is not None and _written_into(target, found):
        raise OutputError(f"{display(target)} is not a file: it is not replaced")
    descriptor = own_descriptor(os.fspath(target)) if through else None
    if descriptor is not None:
        shown = display(target)
        opened = functools.partial(_opened_descriptor, descriptor, shown)
        with _held(shown, encoding, hashed, opened) as sink:
            yield sink
        return
    if through and found is not None and not stat.S_ISREG(found.st_mode):
        shown = display(target)
        with _held(shown, encoding, hashed, functools.partial(_opened_in_place, target)) as sink:
            yield sink
        return
    real = write_target(target)
    shown = display(target)
    model = like if like is not None else (real if real.exists() else None)
    try:
        temp = _Temp(real.parent, real.name)
    except OSError as error:
        raise OutputError(f"cannot write {shown}: {_reason(error)}") from None
    try:
        with os.fdopen(temp.fd, "wb", buffering=0, closefd=False) as stream:
            sink = Sink(stream, shown, encoding, hashed=hashed)
            yield sink
            if sink.abandoned:
                return
            sink.flush()
            try:
                if durable:
                    os.fsync(temp.fd)
                if real.exists():
                    _keep_owner(temp.fd, real, shown)
                if model is not None:
                    import shutil

                    shutil.copymode(model, temp.path)
                else:
                    os.fchmod(temp.fd, 0o666 & ~_umask())
                if stage is None:
                    temp.commit(real)
                else:
                    stage.ready.append((temp.keep(real), real, shown))
            except OSError as error:
                raise OutputError(f"cannot write {shown}: {_reason(error)}") from None
    finally:
        temp.discard()


def _written_into(target: Path, found: os.stat_result | None) -> bool:
    """Whether ``target`` (which leads to ``found``) is written into in place, not
    replaced: a device, a FIFO, or a descriptor of the process."""
    if found is not None and not stat.S_ISREG(found.st_mode):
        return True
    return own_descriptor(os.fspath(target)) is not None


def _keep_owner(fd: int, replaced: Path, shown: str) -> None:
    """Give the new file, open as ``fd``, the owner and group of the file it replaces;
    :class:`OutputError` when this user may not (the file is then not replaced)."""
    old = os.stat(replaced)
    new = os.fstat(fd)
    if (new.st_uid, new.st_gid) == (old.st_uid, old.st_gid):
        return
    try:
        os.fchown(fd, old.st_uid, old.st_gid)
    except PermissionError:
        raise OutputError(
            f"cannot write {shown}: it belongs to user {old.st_uid} and group {old.st_gid}, "
            "which cannot be kept by this user: it is left as it was"
        ) from None


class _Temp:
    """A temporary file in ``folder``: nameless where possible, else hidden and unique."""

    def __init__(self, folder: Path, name: str) -> None:
        self.folder = folder
        self.name = ""
        self.nameless = False
        flag = getattr(os, "O_TMPFILE", 0)
        if flag and os.path.isdir("/proc/self/fd"):
            try:
                self.fd = os.open(folder, flag | os.O_WRONLY, 0o600)
                self.nameless = True
                return
            except OSError as error:
                if error.errno not in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
                    raise
        import tempfile

        self.fd, self.name = tempfile.mkstemp(prefix=f".{name}.", suffix=TEMP_SUFFIX, dir=folder)

    @property
    def path(self) -> str:
        """A name that opens the file, for copying permissions onto it."""
        return f"/proc/self/fd/{self.fd}" if self.nameless else self.name

    def commit(self, target: Path) -> None:
        """Put the file in place of ``target``."""
        os.replace(self.keep(target), target)

    def keep(self, target: Path) -> str:
        """The file's hidden name beside ``target`` (given it now when it has none), which
        :meth:`discard` no longer removes: whoever takes the name renames or removes it."""
        if self.nameless:
            import secrets

            # A name is needed to rename over the target; it exists only for that instant.
            name = f".{target.name}.{secrets.token_hex(6)}{TEMP_SUFFIX}"
            folder = os.open(self.folder, os.O_RDONLY | os.O_DIRECTORY)
            try:
                # linkat(2) through /proc names the open file; a plain link(2) would not.
                os.link(f"/proc/self/fd/{self.fd}", name, dst_dir_fd=folder)
            finally:
                os.close(folder)
            self.name = os.path.join(self.folder, name)
        kept, self.name = self.name, ""
        return kept

    def discard(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self.fd)
        if self.name:
            with contextlib.suppress(OSError):
                os.unlink(self.name)


class Stage:
    """Files written in full, each under a hidden name beside its target, waiting to
    replace their targets together (:func:`staged_outputs`)."""

    def __init__(self) -> None:
        self.ready: list[tuple[str, Path, str]] = []
        """Each file written: its hidden name, its target and the target as shown."""
        self.folders: list[Path] = []
        """The folders made for the files, removed (when empty) unless the stage commits."""

    def output(self, target: Path) -> ContextManager[Sink]:
        """:func:`atomic_output` of ``target`` (a file or nothing yet), which replaces it
        only when the stage commits."""
        return atomic_output(target, stage=self)

    def discard(self) -> None:
        """Remove every file written and not put in place, then each folder made for
        them that is left empty."""
        for name, _, _ in self.ready:
            with contextlib.suppress(OSError):
                os.unlink(name)
        self.ready.clear()
        for folder in reversed(self.folders):
            with contextlib.suppress(OSError):
                folder.rmdir()
        self.folders.clear()


def file_output(target: Path, stage: Stage | None = None) -> ContextManager[Sink]:
    """:func:`atomic_output` of ``target``; with ``stage``, a file (or nothing yet) is
    replaced only when the stage commits, so that it goes in place with the stage's other
    files or not at all. A device, a FIFO or a descriptor of the process, which cannot wait
    for a stage, is written into when the block ends."""
    if stage is None or _written_into(target, _status(target)):
        return atomic_output(target)
    return stage.output(target)


@contextlib.contextmanager
def staged_outputs() -> Iterator[Stage]:
    """A :class:`Stage` for the block: the files written in it replace their targets
    only when the whole block succeeds, so that an error (a full disk, an interruption)
    leaves every target as it was and no file behind (nor a folder made for them:
    :attr:`Stage.folders`). A rename that fails at the end,
    which nothing short of the folder itself changing can make happen once every file is
    written beside its target, is an :class:`OutputError` naming it; the targets renamed
    before it keep their new text."""
    stage = Stage()
    try:
        yield stage
        for at, (name, target, shown) in enumerate(stage.ready):
            try:
                os.replace(name, target)
            except OSError as error:
                del stage.ready[:at]  # in place: not to be removed
                raise OutputError(f"cannot write {shown}: {_reason(error, atomic=False)}") from None
        stage.ready.clear()
        stage.folders.clear()
    finally:
        stage.discard()


SPOOL = 8 << 20
"""Bytes of held output kept in memory; more goes to a temporary file."""


@contextlib.contextmanager
def spooled_stdout(encoding: str = "utf-8") -> Iterator[Sink]:
    """A :class:`Sink` copied to standard output only when the block succeeds, so that a
    failed command prints nothing of its output. Standard output closed, or failing to
    take the text (a full disk, ``/dev/full``), is an :class:`OutputError`; a reader that
    went away (``| head``) is not."""
    with _held("standard output", encoding, False, lambda: _standard_output(encoding)) as sink:
        yield sink


class ReaderGone(Exception):
    """Standard output is a pipe its reader closed (``| head``), met where the signal
    that would have ended the process is ignored (while worker processes run)."""


def write_stdout(text: str, *, flush: bool = True) -> None:
    """Write ``text`` to standard output (and, with ``flush``, send it on now); standard
    output closed, or failing to take the text, is an :class:`OutputError`, its reader
    gone :class:`ReaderGone`."""
    if sys.stdout is None:
        raise OutputError("cannot write standard output: it is closed")
    try:
        sys.stdout.write(text)
        if flush:
            sys.stdout.flush()
    except BrokenPipeError:
        raise ReaderGone from None
    except OSError as error:
        raise OutputError(f"cannot write standard output: {_reason(error, atomic=False)}") from None


def flush_stdout() -> None:
    """Send on what was written to standard output; see :func:`write_stdout`."""
    write_stdout("")


@contextlib.contextmanager
def _held(
    name: str, encoding: str, hashed: bool, opened: Callable[[], ContextManager[IO[bytes]]]
) -> Iterator[Sink]:
    """A :class:`Sink` whose text is held (in memory up to :data:`SPOOL` bytes, then on
    disk) and written at the end of the block, when it succeeds, to what ``opened`` opens;
    or, once :meth:`Sink.release` is called, written there then and from then on."""
    with contextlib.ExitStack() as stack:
        held = _Held(stack)
        through: list[_Through] = []

        def release() -> _Through:
            through.append(_Through(stack.enter_context(opened()), name))
            through[0].send(held)
            return through[0]

        sink = Sink(held, name, encoding, hashed=hashed, release=release)
        yield sink
        if sink.abandoned:
            return
        sink.flush()
        if not through:
            with opened() as out:
                _Through(out, name).send(held)
        else:
            through[0].flush()


class _Held:
    """Where :func:`_held` holds text: a spool made when it is first written to (an output
    released before anything is written never needs one)."""

    def __init__(self, stack: contextlib.ExitStack) -> None:
        self.stack = stack
        self.spool: IO[bytes] | None = None

    def write(self, data: memoryview, /) -> int:
        if self.spool is None:
            import tempfile

            spool = tempfile.SpooledTemporaryFile(max_size=SPOOL)  # noqa: SIM115 (closed by stack)
            self.spool = self.stack.enter_context(spool)
        return self.spool.write(data)

    def flush(self) -> None:
        """Nothing: the text stays held."""


class _Through:
    """Standard output, or a device or FIFO opened in place, as a :class:`Sink` writes
    held text into it: errors as :class:`OutputError`, except that a reader that went away
    (``| head``) takes nothing more and is no error."""

    def __init__(self, out: IO[bytes], name: str) -> None:
        self.out = out
        self.name = name
        self.gone = False

    def send(self, held: _Held) -> None:
        """Write what ``held`` holds."""
        import shutil

        spool = held.spool
        if spool is not None:
            spool.seek(0)
            self._guarded(lambda: shutil.copyfileobj(spool, self.out))
        self.flush()

    def write(self, data: memoryview, /) -> int:
        self._guarded(lambda: self.out.write(data))
        return len(data)

    def flush(self) -> None:
        self._guarded(self.out.flush)

    def _guarded(self, act: Callable[[], object]) -> None:
        if self.gone:
            return
        try:
            act()
        except BrokenPipeError:
            # The reader went away: what it did not read is not wanted.
            self.gone = True
            _quiet(self.out)
        except OSError as error:
            raise OutputError(f"cannot write {self.name}: {_reason(error, atomic=False)}") from None


@contextlib.contextmanager
def _standard_output(encoding: str) -> Iterator[IO[bytes]]:
    if sys.stdout is None:
        raise OutputError("cannot write standard output: it is closed")
    from notation.io.streams import stdout_bytes

    yield stdout_bytes(sys.stdout, encoding)


@contextlib.contextmanager
def _opened_in_place(target: Path) -> Iterator[IO[bytes]]:
    """``target``, a character device or a FIFO, opened for writing as it is: never
    created, truncated or replaced (a FIFO waits here for its reader, as a shell's ``>``
    does)."""
    shown = display(target)
    try:
        fd = os.open(target, os.O_WRONLY | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as error:
        raise OutputError(f"cannot write {shown}: {_reason(error, atomic=False)}") from None
    with _closed(os.fdopen(fd, "wb"), shown) as out:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            # It was replaced by a file since it was looked at: that file is not written.
            raise OutputError(f"cannot write {shown}: it was replaced while the command ran")
        yield out


@contextlib.contextmanager
def _opened_descriptor(descriptor: int, shown: str) -> Iterator[IO[bytes]]:
    """The process's open ``descriptor``, for writing into it as it is: at its offset,
    or at the end when it was opened to append; never created, truncated or replaced.
    What standard output and standard error hold is sent on first, so that the text
    follows it."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
    try:
        fd = os.dup(descriptor)
    except OSError as error:
        raise OutputError(f"cannot write {shown}: {_reason(error, atomic=False)}") from None
    with _closed(os.fdopen(fd, "wb"), shown) as out:
        yield out


@contextlib.contextmanager
def _closed(out: IO[bytes], shown: str) -> Iterator[IO[bytes]]:
    """``out``, closed when the block ends; an error closing it is :class:`OutputError`."""
    try:
        yield out
    except BaseException:
        # What is still buffered is given up with the output: flushing it on closing fails
        # again (a full device), and that must not hide the error being raised. The
        # descriptor is closed all the same.
        with contextlib.suppress(OSError):
            out.close()
        raise
    try:
        out.close()
    except OSError as error:
        raise OutputError(f"cannot write {shown}: {_reason(error, atomic=False)}") from None


def _quiet(out: IO[bytes]) -> None:
    """Send what is left of ``out``, and what is later written to its descriptor, nowhere."""
    with contextlib.suppress(OSError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())


def file_hash(path: str | os.PathLike[str]) -> bytes | None:
    """The SHA-256 digest of a file's bytes (``None`` when it cannot be read), to tell
    whether an output would change it."""
    digest = _sha256()
    return digest.digest() if feed_file(path, digest.update) else None


def feed_file(path: str | os.PathLike[str], update: Callable[[bytes], object]) -> bool:
    """Give a file's bytes, block by block, to ``update`` (a digest's); ``False`` when
    the file cannot be read."""
    try:
        with open(path, "rb") as stream:
            while block := stream.read(1 << 20):
                update(block)
    except OSError:
        return False
    return True


def _reason(error: OSError, *, atomic: bool = True) -> str:
    """Why ``error`` stopped writing; ``atomic``: nothing of the output was written."""
    if error.errno == errno.ENOSPC:
        return "no space left on the device" + (" (nothing was written)" if atomic else "")
    if error.strerror:
        return error.strerror[0].lower() + error.strerror[1:]
    return str(error) or type(error).__name__


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _sha256() -> hashlib._Hash:
    """A new SHA-256 hash."""
    import hashlib

    return hashlib.sha256()
