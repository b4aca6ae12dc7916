"""Indexing an archive: each input file read through the one input path
(:func:`notation.read.sources.open_inputs`), each game replayed by validate's one replay
(:func:`notation.check.validator.validate_record`, with validate's ``--game`` and
dialects), and stored (:class:`notation.index.store.Store`).

Indexing is incremental: a file whose content digest and settings are those it was
indexed with is left as it is; a changed file's games are replaced; a file gone (a path
given, or a file under a folder given, that no longer exists) has its games dropped, and
with ``prune`` so has every file not among the inputs. Every file is written in one
transaction, so an index that a kill interrupts holds each file as before the run or as
after it. With ``jobs`` above 1, worker processes replay pieces of the files
(:meth:`notation.read.sources.Opened.pieces`), or a Dask cluster's workers do (the cluster
``validate --scheduler`` connects to), and this process, the one writer, stores them in
input order.
"""

from __future__ import annotations

import json
import os
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError, ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from notation import diagnostics as codes
from notation.check.dialects import NO_DIALECTS
from notation.check.validator import validate_record
from notation.diagnostics import Diagnostic
from notation.games.base import AnyGame
from notation.games.registry import get_game
from notation.index.db import Database
from notation.index.keys import digest_file
from notation.index.store import Entry, Store, entry_of
from notation.io.files import Input, Missing, expand
from notation.read.sources import FileResult, Opened, holds_game, no_record, open_inputs, unreadable
from notation.record.model import Record
from notation.record.reader import read_records
from notation.record.writer import write_record
from notation.run.batch import PIECE_GAMES


@dataclass(frozen=True, slots=True)
class Settings:
    """How an index run reads and judges its inputs (validate's options)."""

    game: str | None = None
    """The game of records whose tags name none (``--game``)."""
    encoding: str | None = None
    dialects: frozenset[str] = NO_DIALECTS
    jobs: int = 1
    prune: bool = False
    """Drop every indexed file that is not among the inputs."""
    wait: float = 10.0
    """Seconds to wait for another writer of the index."""

    def signature(self) -> str:
        """What a file's verdicts depend on: a file indexed with other settings is read
        again."""
        return json.dumps(
            {"game": self.game, "encoding": self.encoding, "dialects": sorted(self.dialects)}
        )


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
    problems: list[Diagnostic] = field(default_factory=list)


def index(
    paths: list[str],
    db: Database,
    settings: Settings,
    tell: Callable[[Diagnostic], None] = lambda _: None,
    cluster: Workers | None = None,
) -> Summary:
    """Index the files ``paths`` name (files, folders, patterns:
    :func:`notation.io.files.expand`) into ``db`` (see the module's notes); ``tell`` is
    told each problem met reading them as it is met. ``cluster`` replays the pieces of
    files instead of ``settings.jobs`` processes here (``settings.jobs`` then sets how
    many pieces are in flight)."""
    summary = Summary()
    inputs = list(expand(paths))

    def told(problem: Diagnostic) -> None:
        summary.problems.append(problem)
        if problem.code in (codes.UNREADABLE, codes.NO_RECORD):
            summary.status = 2
        tell(problem)

    with db.writer(settings.wait):
        store = Store(db)
        known = store.files()
        signature = settings.signature()
        given = {item.name for item in inputs} | set(paths)
        chosen: list[tuple[Input, bytes, int, int]] = []
        for item in inputs:
            if isinstance(item, Missing) or item.path is None:
                if isinstance(item, Missing):
                    told(_missing(item))
                continue
            try:
                digest, size, mtime = digest_file(str(item.path))
            except OSError as error:
                told(unreadable(item.name, (error.strerror or str(error)).lower()))
                continue
            old = known.get(item.name)
            if old is not None and old[1] == digest and old[2] == signature:
                summary.kept += 1
                summary.unchanged += _games(db, old[0])
                continue
            chosen.append((item, digest, size, mtime))
        present = {item.name for item in inputs if isinstance(item, Input)}
        for path, (file, _, stored) in known.items():
            if path in present:
                continue
            if settings.prune or (_covered(path, given) and not os.path.exists(path)):
                with db.transaction():
                    summary.removed += store.drop(file, rekeyer(stored))
        _read(chosen, store, known, settings, signature, summary, told, cluster)
    return summary


def _covered(path: str, given: set[str]) -> bool:
    """Whether ``path`` was given, or lies under a folder given."""
    return any(path == name or path.startswith(name.rstrip("/") + "/") for name in given)


def _missing(item: Missing) -> Diagnostic:
    """What ``validate`` says of a name that is no input (PDN106, or PDN108)."""
    if item.code == codes.NO_RECORD:
        return no_record(item.name, item.reason)
    return unreadable(item.name, item.reason)


def _games(db: Database, file: int) -> int:
    row = db.execute("SELECT games FROM files WHERE id = ?", (file,)).fetchone()
    return int(row[0]) if row else 0


class _Abandoned(Exception):
    """Reading a file failed part way: its transaction is rolled back."""


def _read(
    chosen: list[tuple[Input, bytes, int, int]],
    store: Store,
    known: dict[str, tuple[int, bytes, str]],
    settings: Settings,
    signature: str,
    summary: Summary,
    told: Callable[[Diagnostic], None],
    cluster: Workers | None,
) -> None:
    """Read each chosen file and store its games as they are replayed, one transaction
    per file; a file that cannot be read whole keeps what the index held of it."""
    files = {item.name: (digest, size, mtime) for item, digest, size, mtime in chosen}
    default = None if settings.game is None else get_game(settings.game)
    pool = _pool(settings, cluster)
    items = iter(open_inputs([item for item, *_ in chosen], settings.encoding))
    try:
        for item in items:
            if not isinstance(item, Opened):
                if isinstance(item, Diagnostic):
                    told(item)
                continue
            name = item.input.name
            digest, size, mtime = files[name]
            old = known.get(name)
            try:
                with store.db.transaction():
                    before = store.drop(old[0], rekeyer(old[2])) if old is not None else 0
                    file = store.add_file(name, digest, size, mtime, signature)
                    if pool is None or item.is_json:
                        entries = _entries(item, default, settings, told)
                    else:
                        entries = pool.entries(item, settings)
                    after = store.add_games(file, entries)
                    if not _read_whole(items, told):
                        raise _Abandoned
            except _Abandoned:
                store.reload()
                continue
            summary.files += 1
            summary.updated += min(before, after)
            summary.added += max(0, after - before)
            summary.removed += max(0, before - after)
    finally:
        if pool is not None:
            pool.close()


def _entries(
    opened: Opened,
    default: AnyGame | None,
    settings: Settings,
    told: Callable[[Diagnostic], None],
) -> Iterator[Entry]:
    """The entry of each record of ``opened``, made in this process."""
    for record in opened.records(keep_text=True):
        if isinstance(record, Diagnostic):
            told(record)
        else:
            yield _entry(record, opened.input.name, default, settings, opened.is_json)


def _read_whole(
    items: Iterator[Opened | Diagnostic | FileResult], told: Callable[[Diagnostic], None]
) -> bool:
    """Take what follows an input read, up to its end; whether it was read whole."""
    whole = True
    for item in items:
        if isinstance(item, FileResult):
            return whole and item.readable
        if isinstance(item, Diagnostic):
            told(item)
            whole = whole and item.code != codes.UNREADABLE
    return whole


def _entry(
    record: Record, path: str, default: AnyGame | None, settings: Settings, rewrite: bool
) -> Entry:
    """The entry of one record, judged as validate judges it; ``rewrite``: its text is
    written out (a record of a JSON document has no PDN text of its own)."""
    if rewrite:
        try:
            record.text = write_record(record)
        except ValueError:
            record.text = None
    report = validate_record(
        record, path=path, default=default, trace=True, suggest=False, dialects=settings.dialects
    )
    return entry_of(record, report)


def rekeyer(signature: str) -> Callable[[str], tuple[int, ...] | None]:
    """What makes again the position keys of a game stored with the settings
    ``signature`` (:meth:`Settings.signature`), from its text as stored."""
    given = json.loads(signature)
    settings = Settings(game=given["game"], dialects=frozenset(given["dialects"]))
    default = None if settings.game is None else get_game(settings.game)

    def rekey(text: str) -> tuple[int, ...] | None:
        for record in read_records((text,), path="-"):
            if holds_game(record):
                return _entry(record, "-", default, settings, False).keys
        return None

    return rekey


def entries_of_piece(
    path: str, line: int, text: str, game: str | None, dialects: frozenset[str]
) -> list[Entry]:
    """The entries of the games of one piece of a file, which starts at ``line`` of it
    (run in a worker process): lines are the file's, game numbers count from the piece's
    first."""
    default = None if game is None else get_game(game)
    settings = Settings(game=game, dialects=dialects)
    records = read_records((text,), path=path, first_line=line, keep_text=True)
    return [
        _entry(record, path, default, settings, False) for record in records if holds_game(record)
    ]


class Pending(Protocol):
    """A task sent to a worker."""

    def result(self) -> list[Entry]:
        """Its result, waited for; its error, raised."""
        ...


class Workers(Protocol):
    """Where pieces of files are replayed: worker processes of this machine
    (``ProcessPoolExecutor``), or a Dask cluster's workers (:func:`cluster_workers`)."""

    def submit(self, task: Callable[..., list[Entry]], /, *args: Any) -> Pending:
        """Run ``task(*args)`` on a worker."""
        ...


def cluster_workers(engine: object) -> Workers:
    """The workers of the Dask cluster an engine of ``validate --scheduler`` is connected
    to (:func:`notation.run.distributed.connect`)."""
    return _ClusterWorkers(getattr(engine, "client"))  # noqa: B009


class _ClusterWorkers:
    def __init__(self, client: Any) -> None:
        self.client = client

    def submit(self, task: Callable[..., list[Entry]], /, *args: Any) -> Pending:
        return _ClusterTask(self.client.submit(task, *args, pure=False))


class _ClusterTask:
    """A piece sent to the cluster; a task the cluster loses is a
    :class:`~notation.run.distributed.ClusterError`."""

    def __init__(self, future: Any) -> None:
        self.future = future

    def result(self) -> list[Entry]:
        import distributed

        from notation.run.distributed import ClusterError

        try:
            found: list[Entry] = self.future.result()
        except (CancelledError, OSError, distributed.KilledWorker) as error:
            reason = " ".join(str(error).split())
            raise ClusterError(f"the Dask cluster lost a task: {reason}") from None
        except RuntimeError as error:
            # Raised by Dask when the workers cannot read the task (another notation).
            reason = " ".join(str(error).split())
            raise ClusterError(f"the Dask cluster cannot run the task: {reason}") from None
        return found


class _Pool:
    """Workers replaying the pieces of a file, a few pieces in flight for each."""

    def __init__(self, workers: Workers, width: int, close: Callable[[], None]) -> None:
        self.workers = workers
        self.width = width
        self.close = close

    def entries(self, opened: Opened, settings: Settings) -> Iterator[Entry]:
        """The entries of every game of ``opened`` (a PDN input), in order, numbered in
        the file."""
        waiting: deque[Pending] = deque()
        number = 0
        name = opened.input.name
        for line, text in opened.pieces(PIECE_GAMES):
            waiting.append(
                self.workers.submit(
                    entries_of_piece, name, line, text, settings.game, settings.dialects
                )
            )
            while len(waiting) > self.width:
                for entry in waiting.popleft().result():
                    number += 1
                    yield replace(entry, number=number)
        while waiting:
            for entry in waiting.popleft().result():
                number += 1
                yield replace(entry, number=number)


def _pool(settings: Settings, cluster: Workers | None) -> _Pool | None:
    """The workers of a run: the cluster's, else ``jobs`` processes here, else none."""
    if cluster is not None:
        return _Pool(cluster, 2 * max(1, settings.jobs), lambda: None)
    if settings.jobs <= 1:
        return None
    from notation.run.batch import worker_signals

    executor = ProcessPoolExecutor(settings.jobs, initializer=worker_signals)
    return _Pool(executor, 2 * settings.jobs, lambda: executor.shutdown(cancel_futures=True))
