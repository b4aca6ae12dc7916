"""Indexing an archive: each input file read through the one input path
(:func:`notation.read.sources.open_inputs`), each game replayed by validate's one replay
(:func:`notation.check.validator.replay_main_line`) with validate's settings
(:class:`notation.run.settings.Settings`: ``--game``, else the configuration's game for
the file, its per-path overrides included; the dialects; the encoding), and stored
(:class:`notation.index.store.Store`).

Indexing is incremental: a file whose content digest and settings are those it was
indexed with is left as it is; a changed file's games are replaced; a file gone (a path
given, or a file under a folder given that is there, that no longer exists) has its games
dropped, and with ``prune`` so has every file not among the inputs. Every file is written in one
transaction, so an index that a kill interrupts holds each file as before the run or as
after it. The pieces of files (:meth:`notation.read.sources.Opened.pieces`) are replayed
by validate's workers (:class:`notation.run.batch.Workers`): its worker processes with
``jobs`` above 1, or the Dask cluster of ``validate --scheduler``; this process, the one
writer, stores them in input order.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from notation import diagnostics as codes
from notation.diagnostics import Diagnostic
from notation.games.registry import get_game
from notation.index.db import Database
from notation.index.entries import entries_of_piece, entry_of_record
from notation.index.keys import NotAFile, Stamp, digest_file
from notation.index.store import Entry, Store
from notation.index.target import Base
from notation.io.files import Input, Missing, expand, pure, shown_name, why
from notation.read.sources import FileResult, Opened, no_record, open_inputs, unreadable
from notation.run.batch import PIECE_GAMES, Pending, Processes, Workers, usable_cpus
from notation.run.settings import Games, Settings
from notation.version import code_version

PAUSE_VARIABLE = "NOTATION_INDEX_PAUSE"
"""Set by the tests of kills only: ``game:N`` stops the writer as it is about to store the
Nth game of the run (inside its file's transaction), ``file:N`` once the Nth file read in
the run is committed; the writer says ``paused at STEP:N`` on standard error and waits
there until it is killed."""


@dataclass(slots=True)
class Summary:
    """What an index run did."""

    files: int = 0
    """Input files read (changed or new)."""
    kept: int = 0
    """Input files left as they were."""
    added: int = 0
    updated: int = 0
    removed: int = 0
    unchanged: int = 0
    status: int = 0
    """0, or 2 when an input could not be read."""
    pruned: bool = False
    """Whether the files not given were dropped: asked for, and every input was read (an
    input that could not be read may have been meant to name them)."""
    problems: list[Diagnostic] = field(default_factory=list)

    def told(self, problem: Diagnostic, tell: Callable[[Diagnostic], None]) -> None:
        """Keep ``problem``, met reading the inputs, and tell ``tell``."""
        self.problems.append(problem)
        if problem.code in (codes.UNREADABLE, codes.NO_RECORD):
            self.status = 2
        tell(problem)


def nothing_to_store(
    paths: list[str],
    settings: Settings | None = None,
    *,
    prune: bool = False,
    tell: Callable[[Diagnostic], None] = lambda _: None,
) -> Summary | None:
    """The summary of :func:`index` run on ``paths`` when they name no file (each is
    missing, or a folder without record files), each problem told as :func:`index` tells
    it: such a run needs no index, and a new one need not be made. ``None`` when they name
    a file."""
    chosen = settings or Settings()
    inputs = list(expand(paths))
    if any(isinstance(item, Input) for item in inputs):
        return None
    summary = Summary()
    for item in inputs:
        if isinstance(item, Missing):
            _tell_missing(item, chosen, summary, tell)
    summary.pruned = prune and summary.status == 0
    return summary


def index(
    paths: list[str],
    db: Database,
    settings: Settings | None = None,
    *,
    prune: bool = False,
    wait: float = 10.0,
    tell: Callable[[Diagnostic], None] = lambda _: None,
    workers: Workers | None = None,
    base: Base | None = None,
) -> Summary:
    """Index the files ``paths`` name (files, folders, patterns:
    :func:`notation.io.files.expand`) into ``db``, each game judged as
    :func:`notation.run.validate` judges it with ``settings`` (see the module's notes); a
    file given more than once (named twice, by two paths, or also under a folder given) is
    read once, where it first comes. ``prune`` drops every indexed file not among the inputs
    (nothing when an input could not be read), and ``wait`` is how many seconds to wait
    for another writer of the index. ``tell`` is told each problem met reading the inputs
    as it is met. ``workers`` replay the pieces of files (default: :func:`replayers` of
    ``settings``). Files are stored by their names relative to ``base`` (default: the
    current folder). :class:`notation.run.distributed.ClusterError` when the cluster asked
    for cannot be used or loses a task."""
    chosen = settings or Settings()
    with contextlib.ExitStack() as stack:
        if workers is None:
            workers = stack.enter_context(replayers(chosen))
        return _index(paths, db, chosen, prune, wait, tell, workers, base or Base())


@contextlib.contextmanager
def replayers(settings: Settings) -> Iterator[Workers | None]:
    """The workers that replay the files of an index run, as those of a validation run
    with ``settings``: the Dask cluster at ``settings.scheduler``, joined as ``validate
    --scheduler`` joins it; else ``settings.jobs`` processes here (0: one per CPU; never
    more than the CPUs); else none (``None``: this process replays)."""
    if settings.scheduler is not None:
        from notation.run.distributed import connect

        local = settings.jobs if settings.jobs > 1 else None
        with connect(settings.scheduler, timeout=settings.scheduler_timeout, workers=local) as on:
            yield on
        return
    cpus = usable_cpus()
    jobs = min(settings.jobs or cpus, cpus)
    if jobs <= 1:
        yield None
        return
    with Processes(jobs, eager=True) as processes:
        yield processes


def signature(game: str | None, settings: Settings) -> str:
    """What the verdicts of a file read as ``game`` (for records whose tags name none)
    with ``settings`` depend on, the code that judges them included (another version or
    build of the toolkit may judge otherwise): a file indexed with others is read again."""
    return json.dumps(
        {
            "game": game,
            "encoding": settings.encoding,
            "dialects": sorted(settings.dialects),
            "code": code_version(),
        }
    )


def _index(
    paths: list[str],
    db: Database,
    settings: Settings,
    prune: bool,
    wait: float,
    tell: Callable[[Diagnostic], None],
    workers: Workers | None,
    base: Base,
) -> Summary:
    summary = Summary()
    inputs = list(expand(paths))

    def told(problem: Diagnostic) -> None:
        summary.told(problem, tell)

    with db.writer(wait):
        store = Store(db)
        known = store.files()
        given = {os.fsencode(base.stored(pure(name))) for name in paths}
        # A file gone under a folder given is dropped only when the folder is there: one
        # gone (a disk not mounted) says nothing of its files.
        there = {os.fsencode(base.stored(pure(name))) for name in paths if os.path.isdir(name)}
        chosen: list[_Chosen] = []
        own = _own_file(db)
        direct = {pure(name) for name in paths}
        read: set[str | tuple[int, int]] = set()
        named: set[str] = set()
        again: set[bytes] = set()
        """The names of files read under another name in this run."""
        for item in inputs:
            if isinstance(item, Missing):
                _tell_missing(item, settings, summary, tell)
                continue
            if item.path is None:
                continue
            try:
                info = os.stat(item.path)
                same: str | tuple[int, int] = (info.st_dev, info.st_ino)
            except OSError:
                same = item.path
            if same == own:
                # The index is never read as records; a folder given that holds it is not
                # an error, the index's own name given is (said once).
                if item.path in direct:
                    direct.discard(item.path)
                    told(unreadable(item.name, "it is the index this run writes, not a record"))
                continue
            if same in read:
                if item.path not in named:
                    again.add(os.fsencode(base.stored(item.path)))
                continue
            read.add(same)
            named.add(item.path)
            try:
                digest, stamp = digest_file(str(item.path))
            except NotAFile as error:
                told(unreadable(item.name, str(error)))
                continue
            except OSError as error:
                told(unreadable(item.name, (error.strerror or str(error)).lower()))
                continue
            game = _game_of(item, settings)
            signed = signature(game, settings)
            old = known.get(os.fsencode(base.stored(item.path)))
            if old is not None and old[1] == digest and old[2] == signed:
                if old[3] != stamp:
                    store.restamp(old[0], stamp)
                summary.kept += 1
                summary.unchanged += _games(db, old[0])
                continue
            chosen.append(_Chosen(item, digest, stamp, game, signed))
        _read(chosen, store, known, settings, summary, told, workers, base)
        summary.pruned = prune and summary.status == 0
        present = {
            os.fsencode(base.stored(item.path))
            for item in inputs
            if isinstance(item, Input) and item.path
        }
        missing = {
            os.fsencode(base.stored(pure(item.name)))
            for item in inputs
            if isinstance(item, Missing) and item.name
        }
        for source, (file, *_) in known.items():
            if source in present and source not in again:
                continue
            # A file indexed under a name it is now read under another by is held once.
            held = source in given or _covered(source, there)
            if (
                source in again
                or summary.pruned
                or (held and _gone(source, base, source not in missing, told))
            ):
                with db.transaction():
                    summary.removed += store.drop(file)
    return summary


def _gone(source: bytes, base: Base, tell: bool, told: Callable[[Diagnostic], None]) -> bool:
    """Whether no file is at the stored name ``source`` any more. One that cannot be
    looked at (a folder that cannot be searched) is not gone: it is told (when ``tell``;
    not when already told as an input that cannot be read) and its games are kept."""
    try:
        os.stat(base.located(source))
    except (FileNotFoundError, NotADirectoryError):
        return True
    except OSError as error:
        if tell:
            told(unreadable(shown_name(os.fsdecode(source)), f"{why(error)}: its games are kept"))
    return False


def _own_file(db: Database) -> tuple[int, int] | None:
    """The device and inode of the file holding ``db`` (``None``: a server's)."""
    from notation.index.sqlite import SQLite

    if not isinstance(db, SQLite):
        return None
    info = os.stat(db.path)
    return info.st_dev, info.st_ino


def _game_of(item: Input, settings: Settings) -> str | None:
    """The game of the records of ``item`` whose tags name none, as validate chooses it:
    ``--game``, else the configuration's for the file (its overrides first)."""
    return Games(settings.game, settings.config).name(item.path)


@dataclass(frozen=True, slots=True)
class _Chosen:
    """A file to read: its content's digest and stamp, its game and its settings'
    signature."""

    input: Input
    digest: bytes
    stamp: Stamp
    game: str | None
    signature: str


def _covered(path: bytes, given: set[bytes]) -> bool:
    """Whether ``path`` was given, or lies under a folder given (own names, as bytes)."""
    return any(path == name or path.startswith(name.rstrip(b"/") + b"/") for name in given)


def _tell_missing(
    item: Missing, settings: Settings, summary: Summary, tell: Callable[[Diagnostic], None]
) -> None:
    """Tell what ``validate`` says of a name that is no input (PDN106, or PDN108 unless
    ``--allow-empty``)."""
    if item.code != codes.NO_RECORD:
        summary.told(unreadable(item.name, item.reason), tell)
    elif not settings.allow_empty:
        summary.told(no_record(item.name, item.reason), tell)


def _games(db: Database, file: int) -> int:
    row = db.execute("SELECT games FROM files WHERE id = ?", (file,)).fetchone()
    return int(row[0]) if row else 0


class _Abandoned(Exception):
    """Reading a file failed part way: its transaction is rolled back."""


def _read(
    chosen: list[_Chosen],
    store: Store,
    known: dict[bytes, tuple[int, bytes, str, Stamp]],
    settings: Settings,
    summary: Summary,
    told: Callable[[Diagnostic], None],
    workers: Workers | None,
    base: Base,
) -> None:
    """Read each chosen file and store its games as they are replayed, one transaction
    per file; a file that cannot be read whole keeps what the index held of it. Once a
    file's last pieces are handed to ``workers``, the next file's first ones follow them,
    so that the workers do not wait while the writer ends a file."""
    files = {file.input.path: file for file in chosen}
    pause = _Pause(os.environ.get(PAUSE_VARIABLE, ""))
    items = iter(
        open_inputs(
            [file.input for file in chosen], settings.encoding, allow_empty=settings.allow_empty
        )
    )
    inputs = _Inputs(items, files, workers, settings.dialects, store.salt, told)
    current = inputs.next()
    while current is not None:
        opened, feed = current
        file = files[opened.input.path]
        source = base.stored(opened.input.path or "")
        old = known.get(os.fsencode(source))
        inputs.ended = False
        inputs.whole = True
        try:
            with store.db.transaction():
                before = store.drop(old[0]) if old is not None else 0
                stored = store.add_file(
                    shown_name(source),
                    os.fsencode(source),
                    file.digest,
                    file.stamp,
                    file.signature,
                )
                if feed is None:
                    entries = _entries(
                        opened, file.game, settings.dialects, store.salt, inputs.reading
                    )
                else:
                    entries = feed.entries(inputs.end)
                after = store.add_games(stored, pause.paced(entries))
                if not inputs.ended:
                    inputs.end()
                if not inputs.whole:
                    raise _Abandoned
        except _Abandoned:
            store.reload()
            current = inputs.following
            continue
        pause.passed("file")
        summary.files += 1
        summary.updated += min(before, after)
        summary.added += max(0, after - before)
        summary.removed += max(0, before - after)
        current = inputs.following


class _Inputs:
    """The inputs of an index run, opened in turn, each PDN input with the feed of its
    pieces to ``workers`` (none without workers); once the reading of the input being
    stored has ended, whether it was read whole and the input after it."""

    def __init__(
        self,
        items: Iterator[Opened | Diagnostic | FileResult],
        files: dict[str | None, _Chosen],
        workers: Workers | None,
        dialects: frozenset[str],
        salt: bytes,
        told: Callable[[Diagnostic], None],
    ) -> None:
        self.items = items
        self.files = files
        self.workers = workers
        self.dialects = dialects
        self.salt = salt
        self.told = told
        self.ended = False
        """Whether the reading of the input being stored has ended (:meth:`end`)."""
        self.whole = True
        """Whether it was read whole, once it ended."""
        self.following: tuple[Opened, _Feed | None] | None = None
        """The input after it, once it ended."""

    def next(self) -> tuple[Opened, _Feed | None] | None:
        """The next input opened, the problems met before it told; ``None`` after the
        last."""
        for item in self.items:
            if isinstance(item, Opened):
                if self.workers is None or item.is_json:
                    return item, None
                game = self.files[item.input.path].game
                return item, _Feed(self.workers, item, game, self.dialects, self.salt)
            if isinstance(item, Diagnostic):
                self.told(item)
        return None

    def reading(self, problem: Diagnostic) -> None:
        """Tell a problem met reading the records of the input being stored: one that
        makes it unreadable (a JSON document that is not one of records) means it was not
        read whole."""
        if problem.code in (codes.UNREADABLE, codes.NO_RECORD):
            self.whole = False
        self.told(problem)

    def end(self) -> _Feed | None:
        """End the reading of the input being stored and open the next: the next's feed,
        if it has one."""
        self.whole = _read_whole(self.items, self.told) and self.whole
        self.following = self.next()
        self.ended = True
        return None if self.following is None else self.following[1]


AHEAD = 2
"""Pieces kept in flight by an index run, in multiples of its workers' width (twice what
a validation keeps): the workers replay on while the writer commits a file and SQLite
copies its log into the index, which stops the writer for 0.2 to 0.3 s at a time in a
million-game index."""


class _Feed:
    """The pieces of one PDN input handed to workers in turn (keys of ``salt``), and
    their entries taken back in order."""

    def __init__(
        self,
        workers: Workers,
        opened: Opened,
        game: str | None,
        dialects: frozenset[str],
        salt: bytes,
    ) -> None:
        self.workers = workers
        self.name = opened.input.name
        self.pieces = iter(opened.pieces(PIECE_GAMES))
        self.options = (game, dialects, salt)
        self.waiting: deque[Pending[list[Entry]]] = deque()
        self.read = False
        """Whether every piece has been handed out."""

    def hand(self, most: int) -> None:
        """Hand pieces out until ``most`` are in flight or none is left."""
        while not self.read and len(self.waiting) < most:
            piece = next(self.pieces, None)
            if piece is None:
                self.read = True
                return
            line, text = piece
            self.waiting.append(
                self.workers.call(entries_of_piece, self.name, line, text, *self.options)
            )

    def entries(self, end: Callable[[], _Feed | None]) -> Iterator[Entry]:
        """The entries of every game of the input, in order, numbered in it. Once every
        piece is handed out, ``end`` is called, and the feed it gives (the next input's) hands
        its first pieces out too: the workers replay them while the writer ends this input."""
        most = AHEAD * self.workers.width + 1
        following: _Feed | None = None
        ending = True
        number = 0
        while True:
            self.hand(most)
            if self.read:
                if ending:
                    ending = False
                    following = end()
                if following is not None:
                    following.hand(most)
            if not self.waiting:
                return
            for entry in self.waiting.popleft().result():
                number += 1
                entry.number = number
                yield entry


class _Pause:
    """Where the writer stops for a test of kills (:data:`PAUSE_VARIABLE`): nowhere when
    ``asked`` is empty."""

    def __init__(self, asked: str) -> None:
        step, _, count = asked.partition(":")
        self.step = step
        self.at = int(count) if count.isdigit() else 0
        self.counts = {"game": 0, "file": 0}

    def passed(self, step: str) -> None:
        """Count a ``step`` passed; stop here if it is the one asked for."""
        if not self.at:
            return
        self.counts[step] += 1
        if step == self.step and self.counts[step] == self.at:
            os.write(2, f"paused at {step}:{self.at}\n".encode())
            while True:
                time.sleep(3600)

    def paced(self, entries: Iterator[Entry]) -> Iterator[Entry]:
        """``entries``, a game step passed before each."""
        if not self.at:
            return entries
        return self._counted(entries)

    def _counted(self, entries: Iterator[Entry]) -> Iterator[Entry]:
        for entry in entries:
            self.passed("game")
            yield entry


def _entries(
    opened: Opened,
    game: str | None,
    dialects: frozenset[str],
    salt: bytes,
    told: Callable[[Diagnostic], None],
) -> Iterator[Entry]:
    """The entry of each record of ``opened``, made in this process (keys of ``salt``)."""
    default = None if game is None else get_game(game)
    for record in opened.records(keep_text=True):
        if isinstance(record, Diagnostic):
            told(record)
        else:
            yield entry_of_record(
                record, opened.input.name, default, dialects, salt, opened.is_json
            )


def _read_whole(
    items: Iterator[Opened | Diagnostic | FileResult], told: Callable[[Diagnostic], None]
) -> bool:
    """Take what follows an input read, up to its end; whether it was read whole (and
    held a game, unless empty inputs are allowed)."""
    whole = True
    for item in items:
        if isinstance(item, FileResult):
            return whole and item.readable
        if isinstance(item, Diagnostic):
            told(item)
            whole = whole and item.code not in (codes.UNREADABLE, codes.NO_RECORD)
    return whole
