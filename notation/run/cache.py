"""The validation cache: a re-run over unchanged files answers from the cache.

For each input file, :class:`Cache` keeps one entry: the BLAKE2b digest of the file's
bytes, the code that made it (:func:`notation.version.code_version`: the toolkit's version
and its installed files) and the settings that change verdicts (:class:`VerdictOptions`),
and the events a run gave for the file (notices, one :class:`GameReport` per game, its
:class:`FileResult`), from which every report format is rebuilt. What a run reports is
decided after the cache (:mod:`notation.run.policy`), so ``--select``, ``--ignore``,
``--fail-level`` and ``--exit-zero`` are not part of the key, nor is ``--duplicates``:
an entry keeps each valid game's duplicate key when it was made with them, and REC208 is
found afresh over the whole run.

Entries live in ``<folder>/<code version>/``, one file per input name and settings, named by an
BLAKE2b digest of both keyed with the user's cache key (:func:`key_path`), so that nobody
else can tell which name an entry will have. Each starts with a header line holding the
format, a BLAKE2b digest of the rest and a BLAKE2b digest of the rest keyed with that
key: a damaged, truncated, foreign, copied or forged entry is told and ignored (with a
REC260 notice), never trusted.

The cache never follows a symbolic link and reads nothing but a regular file of at most
:data:`MAX_ENTRY_BYTES`: a link, a FIFO, a device or an oversized file where an entry
should be is ignored unread. It writes its markers (``.gitignore``, ``CACHEDIR.TAG``) only
into a folder it is making (made under another name and renamed into place, so that no run
sees it untagged); an existing folder without a tag is not a notation cache, and gets a
``.notation_cache`` folder of its own inside. A folder owned by another user (not root)
is not used. Entries are written to a new temporary file and renamed into place, so two
runs at once never leave a broken one and a link at an entry's name is replaced, not
followed. Standard input, what is not a regular file (a FIFO, a device), a file that
cannot be read and one whose reading failed part way are never cached, nor is a file of
more than :data:`MAX_EVENTS` events (games), so that memory stays flat. An entry keeps the
verdict on the bytes the run read, and only when their digest is the one looked up: a file
rewritten during its run is not kept. A cache that cannot be used or written is said once
(``warn``) and the run goes on uncached.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from _operator import _compare_digest as compare_digest
from collections import deque
from collections.abc import Callable, Iterable, Iterator

from notation import diagnostics as codes
from notation.check.report import GameReport
from notation.diagnostics import CODES, Candidate, Change, Diagnostic
from notation.games.sides import Outcome, Side
from notation.io.files import Input, Missing, joined, pure
from notation.io.output import display, feed_file
from notation.plain import Frozen, Plain
from notation.read.sources import FileResult
from notation.version import code_version

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import Any

    from notation.run.batch import Event

# The built-in BLAKE2 module, and above the constant-time comparison hmac falls back on:
# hashlib and hmac would load OpenSSL, about 2 ms of every cached run's start-up. A
# Python built without its own BLAKE2 gets hashlib's.
try:
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - CPython builds it unless told not to
    from hashlib import blake2b


class _Reading:
    """What :class:`json.JSONDecoder` gives json's scanner by default (the scanner reads
    these attributes of it)."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = {
        "-Infinity": -float("inf"),
        "Infinity": float("inf"),
        "NaN": float("nan"),
    }.__getitem__


# The C core of json, which the json package wraps in about 1 ms of imports that a run
# answered from the cache needs nothing else of: an entry's name is made, and its text
# read, as json.dumps and json.loads make and read them (:func:`_name_text`, :func:`_loads`);
# writing an entry imports json.
_scan: Callable[[str, int], tuple[Any, int]] | None = None
try:
    from _json import encode_basestring_ascii, make_scanner
except ImportError:  # pragma: no cover - CPython builds it: json.loads reads every entry
    from json.encoder import py_encode_basestring_ascii as encode_basestring_ascii
else:
    _scan = make_scanner(_Reading())  # type: ignore[arg-type]  # what it reads, as typed

MAX_EVENTS = 50_000
"""Most events kept for one file: a larger archive is not cached, so that a run's memory
stays flat however large its files."""

MAX_ENTRY_BYTES = 64 << 20
"""The largest entry written or read: an entry of :data:`MAX_EVENTS` games of about
0.8 KiB each is 40 MiB; what is larger at an entry's name is ignored unread."""

FORMAT = "notation-cache 3"
"""The first words of every entry; they change when the entry's layout does."""

FOLDER = ".notation_cache"
"""The folder the cache makes inside an existing folder that is not a notation cache."""

GITIGNORE = "# Made by notation: the whole folder is a cache.\n*\n"
SIGNATURE = "Signature: 8a477f597d28d172789f06886806bc55"
CACHEDIR_TAG = (
    f"{SIGNATURE}\n"
    "# This file is a cache directory tag created by notation.\n"
    "# For information about cache directory tags, see: https://bford.info/cachedir/\n"
)

MARKERS = {"CACHEDIR.TAG": CACHEDIR_TAG, ".gitignore": GITIGNORE}
"""The files a cache folder is made with."""

KEY_BYTES = 32
"""The length of the user's cache key."""

_FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
_NEW_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC


def checksum(data: bytes) -> str:
    """The unkeyed digest of an entry's content, in its header (hex)."""
    return blake2b(data, digest_size=32).hexdigest()


def signature(key: bytes, data: bytes) -> str:
    """The digest of ``data`` keyed with the cache key ``key`` (hex): an entry's name is
    made of its input's, its content signed with it."""
    return blake2b(data, digest_size=32, key=key).hexdigest()


def file_digest(path: str | os.PathLike[str]) -> str | None:
    """The digest of a file's bytes (hex), ``None`` when it cannot be read."""
    digest = blake2b(digest_size=32)
    return digest.hexdigest() if feed_file(path, digest.update) else None


class CacheUnusable(Exception):
    """The cache cannot be used in this run; the message says why."""


def key_path() -> str:
    """Where the user's cache key lives: ``$XDG_STATE_HOME/notation/cache-key``, else
    ``~/.local/state/notation/cache-key`` (never in a cache folder); :class:`CacheUnusable`
    when there is no home folder, or the one named is not an existing folder: a home folder
    is never made (a wrong ``HOME`` would have the key's folders made at the system's root,
    or relative to the current folder)."""
    state = os.environ.get("XDG_STATE_HOME", "")
    if os.path.isabs(state):
        return joined(pure(state), "notation/cache-key")
    # As pathlib's Path.home(): the user's folder, or "~" itself when none is known.
    home = os.path.expanduser("~")
    if home.startswith("~"):
        raise CacheUnusable("it has no key: neither XDG_STATE_HOME nor a home folder is set")
    home = pure(home)
    if not os.path.isabs(home) or not os.path.isdir(home):
        raise CacheUnusable(
            f"it has no key: the home folder {display(home)} "
            f"{'is not an absolute path' if not os.path.isabs(home) else 'does not exist'}"
            " (set XDG_STATE_HOME to a folder for the key)"
        )
    return joined(home, ".local/state/notation/cache-key")


def load_key(path: str | os.PathLike[str]) -> bytes:
    """The cache key at ``path``, made (32 random bytes, mode 0600) when there is none;
    :class:`CacheUnusable` when it is not a regular file of the user's that only the user
    can read."""
    shown = display(path)
    try:
        try:
            fd = os.open(path, _READ_FLAGS)
        except FileNotFoundError:
            _make_key(path)
            fd = os.open(path, _READ_FLAGS)
    except OSError as error:
        why = "it is a symbolic link" if error.errno == errno.ELOOP else _why(error)
        raise CacheUnusable(f"its key {shown} cannot be read: {why}") from None
    try:
        return _checked_key(fd, shown)
    finally:
        os.close(fd)


def _make_key(path: str | os.PathLike[str]) -> None:
    """Make the key at ``path`` whole or not at all: the first of two runs at once wins."""
    shown = display(path)
    folder, name = os.path.split(os.fspath(path))
    temp = os.path.join(folder, f".{name}.{os.urandom(6).hex()}")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        fd = os.open(temp, _NEW_FLAGS, 0o600)
        try:
            os.write(fd, os.urandom(KEY_BYTES))
            os.fsync(fd)
        finally:
            os.close(fd)
        with contextlib.suppress(FileExistsError):
            os.link(temp, path, follow_symlinks=False)
    except OSError as error:
        raise CacheUnusable(f"its key {shown} cannot be made: {_why(error)}") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)


def _checked_key(fd: int, shown: str) -> bytes:
    found = os.fstat(fd)
    if not stat.S_ISREG(found.st_mode):
        raise CacheUnusable(f"its key {shown} is not a regular file")
    if found.st_uid != os.geteuid():
        raise CacheUnusable(f"its key {shown} is owned by another user (uid {found.st_uid})")
    if found.st_mode & 0o077:
        mode = stat.S_IMODE(found.st_mode)
        raise CacheUnusable(f"its key {shown} can be read by others (mode {mode:04o}, not 0600)")
    key = os.read(fd, KEY_BYTES + 1)
    if len(key) != KEY_BYTES:
        raise CacheUnusable(f"its key {shown} is not {KEY_BYTES} bytes long")
    return key


class VerdictOptions(Frozen):
    """The options of a run that change the verdict on a file."""

    _fields = ("game", "encoding", "allow_empty", "dialects")
    __slots__ = _fields

    game: str | None
    """The game of records whose tags name none (``--game``)."""
    encoding: str | None
    """The encoding chosen (``None``: detected)."""
    allow_empty: bool
    """Whether a file without a record is accepted (else PDN108)."""
    dialects: frozenset[str]
    """The optional dialects read (``--dialect``)."""

    def __init__(
        self,
        game: str | None,
        encoding: str | None,
        allow_empty: bool,
        dialects: frozenset[str] = frozenset(),
    ) -> None:
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "encoding", encoding)
        object.__setattr__(self, "allow_empty", allow_empty)
        object.__setattr__(self, "dialects", dialects)

    def as_list(self) -> list[Any]:
        return [self.game, self.encoding, self.allow_empty, sorted(self.dialects)]


class _Pending(Plain):
    """An input validated in this run, and what it gave so far."""

    _fields = (
        "item",
        "entry",
        "digest",
        "keys",
        "events",
        "size",
        "notice",
        "complete",
        "failed",
        "read",
    )
    __slots__ = _fields

    item: Input | Missing
    entry: str | None
    """The name of the entry where its events are kept, or ``None`` when it is not cached."""
    digest: str
    keys: bool
    """Whether its run gives each valid game's duplicate key."""
    events: list[str]
    """Its events so far, each as JSON text (smaller in memory than as lists)."""
    size: int
    """The length of its events so far."""
    notice: Diagnostic | None
    """The REC260 notice to give before its events, when its entry was ignored."""
    complete: bool
    failed: bool
    """Whether reading it failed: it is then not kept."""
    read: blake2b | None
    """The digest of the bytes its run read: it is kept only when they are those of
    ``digest`` (a file rewritten during the run is not)."""

    def __init__(
        self,
        item: Input | Missing,
        entry: str | None,
        digest: str = "",
        keys: bool = False,
        notice: Diagnostic | None = None,
    ) -> None:
        self.item = item
        self.entry = entry
        self.digest = digest
        self.keys = keys
        self.events = []
        self.size = 0
        self.notice = notice
        self.complete = False
        self.failed = False
        self.read = None


class Cache:
    """The cache entries in ``folder`` for runs with ``settings``; ``warn`` is told, once,
    when the cache cannot be used or written. ``key`` authenticates the entries (by
    default the user's, :func:`load_key`)."""

    def __init__(
        self,
        folder: str | os.PathLike[str],
        settings: VerdictOptions,
        warn: Callable[[str], None],
        version: str | None = None,
        key: bytes | None = None,
    ) -> None:
        self.folder = pure(os.fspath(folder))
        self.settings = settings
        self.version = code_version() if version is None else version
        self.warn = warn
        self.writable = True
        self.key = key
        self._fd = -1
        """The version's folder, open while a run goes on."""

    def run(
        self,
        inputs: Iterable[Input | Missing],
        validate: Callable[[Iterable[Input | Missing]], Iterator[Event]],
        *,
        keys: bool = False,
    ) -> Iterator[Event]:
        """The events of ``validate(inputs)``, answered from the cache for each file whose
        entry holds its bytes, and kept in it for each other one; ``keys`` asks for
        duplicate keys (an entry without them then does not answer)."""
        try:
            if self.key is None:
                self.key = load_key(key_path())
            self._fd = self._open()
        except CacheUnusable as error:
            self.warn(f"notation: the cache is not used: {error}")
            yield from validate(inputs)
            return
        try:
            yield from self._run(inputs, validate, keys)
        finally:
            os.close(self._fd)
            self._fd = -1

    def _run(
        self,
        inputs: Iterable[Input | Missing],
        validate: Callable[[Iterable[Input | Missing]], Iterator[Event]],
        keys: bool,
    ) -> Iterator[Event]:
        order: deque[list[Event] | _Pending] = deque()

        def misses() -> Iterator[Input | Missing]:
            for item in inputs:
                found = self._lookup(item, keys)
                if isinstance(found, list):
                    order.append(found)
                    continue
                order.append(found)
                yield found.item

        def ready() -> Iterator[Event]:
            """The answers from the cache, and the entries to write, that come next."""
            while order:
                head = order[0]
                if isinstance(head, list):
                    order.popleft()
                    yield from head
                elif head.complete or _silent(head.item, self.settings.allow_empty):
                    order.popleft()
                    self._store(head)
                else:
                    return

        for event in validate(misses()):
            yield from ready()
            pending = order[0]
            assert isinstance(pending, _Pending)
            if pending.notice is not None:
                yield pending.notice
                pending.notice = None
            if pending.entry is not None:
                _record(pending, event)
            if isinstance(event, FileResult) or isinstance(pending.item, Missing):
                pending.complete = True
            yield event
        yield from ready()

    def _open(self) -> int:
        """The version's folder, opened (and made, with the cache folder, when missing)."""
        folder = os.path.abspath(self.folder)
        try:
            parent, name = os.path.split(folder)
            if not name:
                raise CacheUnusable(f"{display(folder)} is not a notation cache")
            try:
                above = os.open(parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
            except FileNotFoundError:
                os.makedirs(parent, exist_ok=True)
                above = os.open(parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
            try:
                root = _folder(folder, above, tagged=True)
            finally:
                os.close(above)
            try:
                if not _tagged(root):
                    folder = joined(folder, FOLDER)
                    above, root = root, -1
                    try:
                        root = _folder(folder, above, tagged=True)
                    finally:
                        os.close(above)
                    if not _tagged(root):
                        raise CacheUnusable(f"{display(folder)} is not a notation cache")
                return _folder(joined(folder, self.version), root)
            finally:
                if root != -1:
                    os.close(root)
        except OSError as error:
            raise CacheUnusable(f"cannot write {display(folder)}: {_why(error)}") from None

    def _lookup(self, item: Input | Missing, keys: bool) -> list[Event] | _Pending:
        """The cached events of ``item``, or what its run is to keep (a REC260 notice
        first when its entry was ignored)."""
        if isinstance(item, Missing) or item.path is None or not _regular(item.path):
            return _Pending(item, None)
        digest = file_digest(item.path)
        if digest is None:
            return _Pending(item, None)
        read = blake2b(digest_size=32)
        pending = _Pending(item.tapped(read.update), self._entry(item.name), digest, keys)
        pending.read = read
        assert pending.entry is not None
        try:
            data = _read(pending.entry, self._fd)
        except FileNotFoundError:
            return pending
        except OSError as error:
            if error.errno == errno.ELOOP:
                return self._ignored(pending, "it is a symbolic link")
            return self._ignored(pending, _why(error))
        except ValueError as error:
            return self._ignored(pending, str(error))
        try:
            body = self._body(data, item.name)
        except ValueError as error:
            return self._ignored(pending, str(error))
        if body["digest"] != pending.digest or (keys and not body["keys"]):
            return pending
        try:
            return [_event(e) for e in body["events"]]
        except (ValueError, TypeError, KeyError, IndexError):
            return self._ignored(pending, "its events are not a run's")

    def _ignored(self, pending: _Pending, why: str) -> _Pending:
        name = pending.item.name
        pending.notice = Diagnostic(
            codes.CACHE_IGNORED,
            f"the cache entry for {name} could not be trusted and was ignored ({why}); "
            "the file was validated afresh",
            1,
            1,
            name,
        )
        return pending

    def _mac(self, data: bytes) -> str:
        assert self.key is not None
        return signature(self.key, data)

    def _body(self, data: bytes, name: str) -> dict[str, Any]:
        """The entry's content, checked: ValueError says what is wrong with it."""
        head, _, rest = data.partition(b"\n")
        words = head.decode("ascii", "replace").rsplit(" ", 2)
        if len(words) != 3 or words[0] != FORMAT:
            raise ValueError("not a notation cache entry")
        if checksum(rest) != words[1]:
            raise ValueError("it is damaged or truncated")
        # As bytes: a damaged byte decodes to U+FFFD, a text compare_digest refuses.
        if not compare_digest(self._mac(rest).encode(), words[2].encode()):
            raise ValueError("it was not made with this user's cache key: copied or forged")
        body = _loads(rest)
        if not isinstance(body, dict) or not isinstance(body.get("events"), list):
            raise ValueError("it holds no events")
        if not isinstance(body.get("digest"), str) or not isinstance(body.get("keys"), bool):
            raise ValueError("its fields are not a cache entry's")
        if body.get("version") != self.version:
            raise ValueError(f"it was made by notation {body.get('version')}")
        if body.get("name") != name or body.get("settings") != self.settings.as_list():
            raise ValueError("it is another file's or other settings'")
        return body

    def _entry(self, name: str) -> str:
        key = _name_text([name, *self.settings.as_list()]).encode("utf-8", "surrogatepass")
        return self._mac(key)[:40]

    def _store(self, pending: _Pending) -> None:
        if pending.entry is None or pending.failed or not self.writable:
            return
        if pending.read is None or pending.read.hexdigest() != pending.digest:
            return
        assert isinstance(pending.item, Input)
        head = {
            "version": self.version,
            "name": pending.item.name,
            "settings": self.settings.as_list(),
            "digest": pending.digest,
            "keys": pending.keys,
        }
        text = f'{_json(head)[:-1]},"events":[{",".join(pending.events)}]}}'.encode("ascii")
        entry = f"{FORMAT} {checksum(text)} {self._mac(text)}\n".encode() + text
        if len(entry) > MAX_ENTRY_BYTES:
            return
        try:
            _replace(self._fd, pending.entry, entry)
        except OSError as error:
            where = display(joined(self.folder, self.version))
            self.writable = False
            self.warn(f"notation: the cache is not kept: cannot write {where}: {_why(error)}")


def _folder(path: str, parent: int, *, tagged: bool = False) -> int:
    """The folder ``path``, whose name is in ``parent``, opened without following a link;
    made when missing (``tagged``: with its markers, whole or not at all). OSError when it
    cannot be; CacheUnusable when it is a link, not a folder, or another user's."""
    name = os.path.basename(path)
    try:
        try:
            fd = os.open(name, _FOLDER_FLAGS, dir_fd=parent)
        except FileNotFoundError:
            _make(name, parent, tagged)
            fd = os.open(name, _FOLDER_FLAGS, dir_fd=parent)
    except OSError as error:
        if error.errno in (errno.ELOOP, errno.ENOTDIR) and os.path.islink(path):
            raise CacheUnusable(f"{display(path)} is a symbolic link") from None
        if error.errno == errno.ENOTDIR and os.path.lexists(path):
            raise CacheUnusable(f"{display(path)} is not a folder") from None
        raise
    owner = os.fstat(fd).st_uid
    if owner not in (os.geteuid(), 0):
        os.close(fd)
        raise CacheUnusable(f"{display(path)} is owned by another user (uid {owner})")
    return fd


def _make(name: str, parent: int, tagged: bool) -> None:
    """Make the folder ``name`` in ``parent``; a tagged one is made under another name,
    marked, and renamed into place, so that no run ever sees it without its tag (when two
    runs make it at once, the first one's stays)."""
    if not tagged:
        with contextlib.suppress(FileExistsError):
            os.mkdir(name, 0o700, dir_fd=parent)
        return
    temp = f".{name}.{os.urandom(6).hex()}.tmp"
    os.mkdir(temp, 0o700, dir_fd=parent)
    try:
        fd = os.open(temp, _FOLDER_FLAGS, dir_fd=parent)
        try:
            _mark(fd)
        finally:
            os.close(fd)
        os.rename(temp, name, src_dir_fd=parent, dst_dir_fd=parent)
    except OSError as error:
        fd = os.open(temp, _FOLDER_FLAGS, dir_fd=parent)
        try:
            for marker in MARKERS:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(marker, dir_fd=fd)
        finally:
            os.close(fd)
        os.rmdir(temp, dir_fd=parent)
        if error.errno not in (errno.EEXIST, errno.ENOTEMPTY):
            raise


def _tagged(folder: int) -> bool:
    """Whether ``folder`` holds a cache directory tag (a regular file, not a link)."""
    try:
        return _read("CACHEDIR.TAG", folder, len(SIGNATURE)).startswith(SIGNATURE.encode())
    except (OSError, ValueError):
        return False


def _mark(folder: int) -> None:
    """Tag a folder the cache is making as a cache that git and backups leave out."""
    for name, text in MARKERS.items():
        fd = os.open(name, _NEW_FLAGS, 0o644, dir_fd=folder)
        try:
            os.write(fd, text.encode("ascii"))
        finally:
            os.close(fd)


def _read(name: str, folder: int, limit: int = MAX_ENTRY_BYTES) -> bytes:
    """The bytes of the regular file ``name`` in ``folder``, opened without following a
    link or waiting on a FIFO; ValueError when it is not a regular file or is larger
    than ``limit`` (an entry: :data:`MAX_ENTRY_BYTES`), and then it is not read."""
    fd = os.open(name, _READ_FLAGS, dir_fd=folder)
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise ValueError("it is not a regular file")
        if found.st_size > MAX_ENTRY_BYTES:
            raise ValueError(f"it is larger than {MAX_ENTRY_BYTES >> 20} MiB")
        os.set_blocking(fd, True)
        chunks = []
        left = min(found.st_size, limit)
        while left > 0 and (chunk := os.read(fd, left)):
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _replace(folder: int, name: str, data: bytes) -> None:
    """Put ``data`` at ``name`` in ``folder``: written to a new file there and renamed over
    ``name``, so that a reader sees the old entry or the new one, and a link is replaced."""
    temp = f".{name}.{os.urandom(6).hex()}.tmp"
    fd = os.open(temp, _NEW_FLAGS, 0o600, dir_fd=folder)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        finally:
            os.close(fd)
        os.rename(temp, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp, dir_fd=folder)
        raise


def _why(error: OSError) -> str:
    why = error.strerror or str(error) or type(error).__name__
    return why[0].lower() + why[1:]


def _regular(path: str) -> bool:
    """Whether ``path`` is a regular file: a FIFO or a device is read once, as a stream."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _silent(item: Input | Missing, allow_empty: bool) -> bool:
    """Whether a run gives no event at all for ``item``: a folder without record files
    when empty inputs are allowed (see :func:`notation.read.sources.open_inputs`)."""
    return isinstance(item, Missing) and item.code == codes.NO_RECORD and allow_empty


def _record(pending: _Pending, event: Event) -> None:
    if len(pending.events) >= MAX_EVENTS or pending.size > MAX_ENTRY_BYTES:
        pending.entry, pending.events = None, []
        return
    if isinstance(event, GameReport):
        text = _json(_game_list(event))
    elif isinstance(event, FileResult):
        pending.failed = pending.failed or not event.readable
        text = _json(["f", event.path, event.encoding, event.readable])
    else:
        pending.failed = pending.failed or event.code == codes.UNREADABLE
        text = _json(["d", *_diagnostic_list(event)])
    pending.events.append(text)
    pending.size += len(text) + 1


def _json(data: object) -> str:
    import json

    return json.dumps(data, ensure_ascii=True, separators=(",", ":"))


def _name_text(values: list[Any]) -> str:
    """``json.dumps(values)`` of what an entry's name is made of: texts, ``None``, ``True``,
    ``False`` and lists of texts written here, any other value by json."""
    words = []
    for value in values:
        if isinstance(value, str):
            words.append(encode_basestring_ascii(value))
        elif value is None:
            words.append("null")
        elif value is True or value is False:
            words.append("true" if value else "false")
        elif isinstance(value, list) and all(isinstance(item, str) for item in value):
            words.append(f"[{', '.join(map(encode_basestring_ascii, value))}]")
        else:
            import json

            words.append(json.dumps(value))
    return f"[{', '.join(words)}]"


def _loads(data: bytes) -> Any:
    """``json.loads(data)``, an entry's text: ValueError ``it is not JSON`` where that
    raises a decoding error. A text that starts as an entry does, which json.loads reads
    as UTF-8, is read by json's own scanner; any other, or one the scanner does not read
    whole, by json.loads."""
    if _scan is not None and data.startswith(b'{"'):
        try:
            text = data.decode("utf-8", "surrogatepass")
            found, end = _scan(text, 0)
        except (ValueError, StopIteration):
            pass
        else:
            if end == len(text):
                return found
    import json

    try:
        return json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError("it is not JSON") from None


def _game_list(game: GameReport) -> list[Any]:
    outcome = None
    if game.outcome is not None:
        winner = None if game.outcome.winner is None else int(game.outcome.winner)
        outcome = [winner, game.outcome.reason]
    key = None if game.key is None else [game.key[0].hex(), game.key[1]]
    diagnostics = [_diagnostic_list(d) for d in game.diagnostics]
    fields = [game.index, game.path, game.game, game.plies, outcome, diagnostics]
    return ["g", *fields, game.line, game.column, key]


def _diagnostic_list(d: Diagnostic) -> list[Any]:
    candidates = [
        [[[c.kind, c.ply, list(c.was), list(c.now)] for c in k.changes], k.cost, k.rest]
        for k in d.candidates
    ]
    fields = [d.code, d.text, d.line, d.column, d.path, d.game, d.ply, d.move, list(d.legal)]
    return [*fields, d.game_at, candidates, d.chosen]


def _event(data: list[Any]) -> Event:
    """The event kept as ``data``; ValueError, TypeError, KeyError or IndexError when it is
    not one."""
    kind = data[0]
    if kind == "g":
        index, path, game, plies, outcome, diagnostics, line, column, key = data[1:]
        report = GameReport(_int(index), _str(path), _optional(game, str), _int(plies))
        if outcome is not None:
            winner, reason = outcome
            side = None if winner is None else Side(_int(winner))
            report.outcome = Outcome(side, _str(reason))
        report.diagnostics = [_diagnostic(d) for d in diagnostics]
        report.line, report.column = _int(line), _int(column)
        if key is not None:
            report.key = (bytes.fromhex(_str(key[0])), _int(key[1]))
        return report
    if kind == "f":
        path, encoding, readable = data[1:]
        return FileResult(_str(path), _optional(encoding, str), _bool(readable))
    if kind == "d":
        return _diagnostic(data[1:])
    raise ValueError(f"no event of kind {kind!r}")


def _diagnostic(data: list[Any]) -> Diagnostic:
    code, text, line, column, path, game, ply, move, legal, game_at, candidates, chosen = data
    if code not in CODES:
        raise ValueError(f"no diagnostic code {code!r}")
    return Diagnostic(
        code,
        _str(text),
        _int(line),
        _int(column),
        _str(path),
        _optional(game, int),
        _optional(ply, int),
        _optional(move, str),
        tuple(_str(m) for m in legal),
        _optional(game_at, int),
        tuple(_candidate(c) for c in candidates),
        _bool(chosen),
    )


def _candidate(data: list[Any]) -> Candidate:
    changes, cost, rest = data
    made = tuple(
        Change(_str(kind), _int(ply), tuple(map(_str, was)), tuple(map(_str, now)))
        for kind, ply, was, now in changes
    )
    if not isinstance(cost, int | float) or isinstance(cost, bool):
        raise TypeError("a cost is a number")
    return Candidate(made, float(cost), _int(rest))


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not an integer")
    return value


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not a string")
    return value


def _bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{value!r} is not true or false")
    return value


def _optional(value: object, kind: type[Any]) -> Any:
    if value is None:
        return None
    if not isinstance(value, kind) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not a {kind.__name__}")
    return value
