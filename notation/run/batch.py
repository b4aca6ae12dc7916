"""Validation runs over many inputs, in one process or several, in one deterministic order.

:func:`validate_inputs` yields, for each input in turn: the notices found opening it, one
:class:`GameReport` per game, notices found reading further, and a :class:`FileResult`; a
name that matches no file, or a file that cannot be read, is a PDN106 diagnostic, and one
without a record a PDN108. Both runs read their inputs through
:func:`notation.read.sources.open_inputs`, which tells PDN from the toolkit's JSON form. A
serial run validates each record as the opened input gives it. With ``jobs`` above 1, a
PDN input gives its text in pieces of whole games instead (:meth:`Opened.pieces`), which
worker processes validate, each read from its first line in the file (so lines and
columns are the file's); a JSON document is validated in this process. Pieces go to the
workers in batches of about :data:`BATCH_CHARS` characters, so the pieces of many small files
share one task; an :class:`Engine` runs the batches: worker processes of this machine
(:class:`Processes`), or a Dask cluster (:mod:`notation.run.distributed`). The results come
back (as tuples, :data:`Verdict`) in the order of a serial run with their game numbers
moved on by the games before the piece; a message reads its game number from that field,
so every message is the serial run's by construction. Only the workers know whether a PDN
input's pieces held a game, so that PDN108 error is made here.
"""

from __future__ import annotations

import operator
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator

from notation.check.dialects import NO_DIALECTS
from notation.check.validator import GameReport, validate_record
from notation.diagnostics import UNREADABLE, Diagnostic
from notation.games.base import AnyGame
from notation.games.registry import get_game, resolve_game
from notation.io.files import Input, Missing
from notation.plain import Frozen, Generic, Protocol, TypeVar
from notation.read.sources import FileResult, Opened, holds_game, no_record, open_inputs
from notation.record.model import Record

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    # Worker processes are imported when a pool starts: a run in one process needs neither.
    import multiprocessing.process
    from concurrent.futures import ProcessPoolExecutor
    from typing import Any, TypeAlias

    from notation.io.decode import TextSource

T = TypeVar("T")
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)

PIECE_GAMES = 500
"""Games (about) in each piece of a file validated by a worker process."""


Event = GameReport | Diagnostic | FileResult
"""What a run yields: a game's verdict, a diagnostic about a file, or a file's end."""


def validate_inputs(
    inputs: Iterable[Input | Missing],
    *,
    game: str | None = None,
    encoding: str | None = None,
    jobs: int = 1,
    piece_games: int = PIECE_GAMES,
    progress: Callable[[int], None] | None = None,
    keys: bool = False,
    allow_empty: bool = False,
    engine: Engine | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
    started: Callable[[int], None] | None = None,
    trace: bool = False,
) -> Iterator[Event]:
    """Validate every input; ``game`` names the game of records whose tags name none,
    ``encoding`` overrides detection, ``progress`` is told the bytes read so far, and
    ``keys`` asks for each record's duplicate-detection key. An input without a
    record is a PDN108 error unless ``allow_empty``. ``engine`` validates the pieces
    instead of at most ``jobs`` worker processes (:class:`Processes`, which tells
    ``started`` how many it starts). ``dialects`` are the optional dialects read
    (:mod:`notation.check.dialects`). ``trace`` keeps, in each report with a diagnostic,
    the record and its replay (``replayed``, for a picture of every ply); such a run is
    made in this process, whatever ``jobs`` and ``engine`` say."""
    counter = _Bytes(progress)
    if trace:
        default = None if game is None else get_game(game)
        yield from _serial(
            inputs, default, encoding, counter, keys, allow_empty, dialects, trace=trace
        )
        return
    if engine is not None:
        yield from _parallel(
            inputs, game, encoding, engine, piece_games, counter, keys, allow_empty, dialects
        )
        return
    if jobs <= 1:
        default = None if game is None else get_game(game)
        yield from _serial(inputs, default, encoding, counter, keys, allow_empty, dialects)
        return
    with Processes(jobs, started) as engine:
        yield from _parallel(
            inputs, game, encoding, engine, piece_games, counter, keys, allow_empty, dialects
        )


class _Bytes:
    """Bytes read so far over all inputs, reported to a progress callback."""

    def __init__(self, report: Callable[[int], None] | None) -> None:
        self.report = report
        self.done = 0

    def tell(self, source: TextSource) -> None:
        if self.report is not None:
            self.report(self.done + source.position)

    def close(self, source: TextSource) -> None:
        self.done += source.position
        if self.report is not None:
            self.report(self.done)


def _serial(
    inputs: Iterable[Input | Missing],
    default: AnyGame | None,
    encoding: str | None,
    counter: _Bytes,
    keys: bool,
    allow_empty: bool,
    dialects: frozenset[str],
    trace: bool = False,
) -> Iterator[Event]:
    for item in open_inputs(inputs, encoding, allow_empty=allow_empty):
        if isinstance(item, Opened):
            verdicts = _verdicts(
                item.records(keep_text=keys), item.input.name, default, keys, dialects, trace
            )
            yield from _counted(verdicts, item.source, counter)
        else:
            yield item


def _verdicts(
    records: Iterable[Record | Diagnostic],
    path: str,
    default: AnyGame | None,
    keys: bool,
    dialects: frozenset[str],
    trace: bool = False,
) -> Iterator[GameReport | Diagnostic]:
    """The verdict on each record, and the diagnostics met reading them, in order."""
    for record in records:
        if isinstance(record, Diagnostic):
            yield record
        else:
            yield result_of(record, path, default, keys, dialects, trace)


def _counted(items: Iterator[T], source: TextSource, counter: _Bytes) -> Iterator[T]:
    """``items`` read from ``source``, telling ``counter`` how far it got after each."""
    for item in items:
        yield item
        counter.tell(source)
    counter.close(source)


def result_of(
    record: Record,
    path: str,
    default: AnyGame | None,
    keys: bool = False,
    dialects: frozenset[str] = NO_DIALECTS,
    trace: bool = False,
) -> GameReport:
    """Validate one record into its :class:`GameReport`, with its duplicate key if asked
    (the main line it was made from is not kept: a run sends reports between processes):
    :func:`notation.check.identity.copy_key`'s, made from the main line replayed; and
    with ``trace`` its replay when it has a diagnostic."""
    report = validate_record(
        record, path=path, default=default, keep=keys, dialects=dialects, trace=trace
    )
    if keys:
        from notation.check.identity import key_of, written_key

        plies = len(record.moves.move_texts())
        whole = plies and len(report.main_line) == plies and not record.has_syntax_errors
        if report.game is not None and whole:
            report.key = key_of(get_game(report.game), report.main_line)
        else:
            judged = resolve_game(record.tag_dict(), default)
            if report.game is not None:
                judged = get_game(report.game)
            report.key = written_key(record, judged)
    report.main_line = []
    report.end = None
    if not report.diagnostics:
        report.replayed = None
    return report


def validate_piece(
    path: str,
    line: int,
    text: str,
    game: str | None,
    keys: bool,
    dialects: frozenset[str] = NO_DIALECTS,
) -> list[GameReport]:
    """Validate the games of one piece of a file, which starts at ``line`` of it (run in a
    worker process): lines are the file's, game numbers count from the piece's first."""
    from notation.record.reader import read_records

    default = None if game is None else get_game(game)
    records = read_records((text,), path=path, first_line=line, keep_text=keys)
    return [
        result_of(record, path, default, keys, dialects) for record in records if holds_game(record)
    ]


BATCH_CHARS = 1 << 16
"""Characters (about) of pieces sent to a worker as one task: the pieces of many small files
go together, so that a run over many of them does not pay a task for each, while a piece
of a large file (500 games) mostly goes alone."""

Piece = tuple[str, int, str]
"""A piece of a file to validate: its path, its first line in the file and its text."""


Verdict: TypeAlias = "tuple[Any, ...]"
"""A :class:`GameReport` as a worker sends it back: the values of its fields named in
:data:`SENT`, in that order. A tuple pickles in a third of the time a report takes."""

SENT = tuple(
    name for name in GameReport._fields if name not in ("path", "main_line", "end", "replayed")
)
"""The fields of a report a worker sends: all but the path (the piece's), the main line
and its end (never kept, see :func:`result_of`) and the replay (kept only in a serial
run)."""

_verdict = operator.attrgetter(*SENT)


def validate_pieces(
    pieces: list[Piece], game: str | None, keys: bool, dialects: frozenset[str] = NO_DIALECTS
) -> list[list[Verdict]]:
    """Validate a batch of pieces (:func:`validate_piece` each; run by a worker), each
    game's report made a :data:`Verdict`."""
    return [
        [_verdict(report) for report in validate_piece(path, line, text, game, keys, dialects)]
        for path, line, text in pieces
    ]


class Done(Protocol):
    """A task sent to an engine: its result once it is done."""

    def result(self) -> list[list[Verdict]]:
        """The task's result, waiting for it; its error, raised, if it failed."""
        ...


class Engine(Protocol):
    """Where the batches of pieces of a parallel run are validated: worker processes
    here (:class:`Processes`) or a cluster (:mod:`notation.run.distributed`)."""

    width: int
    """Tasks kept in flight: enough to keep every worker busy."""

    def submit(
        self, pieces: list[Piece], game: str | None, keys: bool, dialects: frozenset[str]
    ) -> Done:
        """Send :func:`validate_pieces` of the batch to a worker."""
        ...


class Pending(Protocol[R_co]):
    """A task sent to :meth:`Workers.call`: its result once it is done."""

    def result(self) -> R_co:
        """The task's result, waiting for it; its error, raised, if it failed."""
        ...


class Workers(Engine, Protocol):
    """An engine that also runs other tasks of a run on its workers (the index's replay,
    :mod:`notation.index.build`): worker processes here (:class:`Processes`) or a
    cluster's (:func:`notation.run.distributed.connect`)."""

    def call(self, task: Callable[..., R], /, *args: Any) -> Pending[R]:
        """Run ``task(*args)`` on a worker (both sent by pickle: ``task`` is a function
        of a module the workers import)."""
        ...


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity, where the system tells it)."""
    counted: Callable[[], int | None] | None = getattr(os, "process_cpu_count", None)
    if counted is not None:
        return counted() or 1
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class WorkerLost(Exception):
    """A worker process ended before its work was done (killed by a signal, by the
    kernel for memory): the run cannot be complete."""

    def __init__(self) -> None:
        super().__init__(
            "a worker process ended before its work was done (killed, or out of memory): "
            "the run is incomplete"
        )


class Processes:
    """Worker processes of this machine, for as long as it is open: ``jobs`` of them at
    most, and no more than the run has tasks for. The pool starts once ``jobs`` tasks
    wait or a result is first wanted (``started`` is told how many processes it has, 1
    for a run validated in this process); ``eager`` starts all ``jobs`` with it, for a
    run that waits for its first task's result before it has others to send (the
    index's, a file at a time). A batch of pieces whose result is wanted while it is the
    only task waiting, no pool started, is validated in this process: one task keeps one
    worker busy at most, so a run of one batch gains nothing from workers and would pay
    for starting one. Leaving the block on an error or a signal ends the workers at
    once."""

    def __init__(
        self, jobs: int, started: Callable[[int], None] | None = None, *, eager: bool = False
    ) -> None:
        self.width = 2 * jobs
        self.jobs = jobs
        self._started = started
        self._eager = eager
        self._pool: ProcessPoolExecutor | None = None
        self._others: set[multiprocessing.process.BaseProcess] = set()
        self._waiting: list[_Queued[Any]] = []

    def submit(
        self, pieces: list[Piece], game: str | None, keys: bool, dialects: frozenset[str]
    ) -> Done:
        return self._queue(True, validate_pieces, (pieces, game, keys, dialects))

    def call(self, task: Callable[..., R], /, *args: Any) -> Pending[R]:
        return self._queue(False, task, args)

    def _queue(self, here: bool, task: Callable[..., R], args: tuple[Any, ...]) -> _Queued[R]:
        queued: _Queued[R] = _Queued(self, task, args, here)
        if self._pool is None:
            self._waiting.append(queued)
            if len(self._waiting) >= self.jobs:
                self.start()
        else:
            queued.future = _sent(self._pool, task, args)
        return queued

    def wanted(self, queued: _Queued[R]) -> Pending[R]:
        """Where the result of ``queued``, not sent yet, comes from: the pool, started now,
        or this process for a batch of pieces waiting alone."""
        if self._pool is None and queued.here and self._waiting == [queued]:
            self._waiting = []
            if self._started is not None:
                self._started(1)
            return _Here(queued.task(*queued.args))
        self.start()
        assert queued.future is not None
        return queued.future

    def start(self) -> None:
        """Start the pool for the tasks waiting, if it has not started."""
        if self._pool is not None:
            return
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        count = self.jobs if self._eager else max(1, min(self.jobs, len(self._waiting)))
        # A worker killed leaves a pipe the pool's feeder thread may write to: a closed
        # pipe must be an error the pool reports (WorkerLost), not a signal that kills this
        # process without a word. Standard output read by no one still ends the command as
        # the signal would, once the workers are ended (notation.io.output.ReaderGone).
        _ignore_broken_pipes()
        self._others = set(multiprocessing.active_children())
        self._pool = ProcessPoolExecutor(count, initializer=worker_signals)
        if self._started is not None:
            self._started(count)
        for task in self._waiting:
            task.future = _sent(self._pool, task.task, task.args)
        self._waiting = []

    def __enter__(self) -> Processes:
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        pool = self._pool
        if pool is None:
            return
        if kind is None:
            pool.shutdown()
            return
        # Interrupted: no task's result is wanted any more, so the workers (the children
        # started with the pool) end now rather than after the tasks in flight.
        _ignore_broken_pipes()
        # The pool's own thread reaps the workers it sees die; waiting for it (rather than
        # joining them here too, where two threads would reap one child) means every
        # worker is reaped and known dead when the block is left.
        import multiprocessing

        workers = [p for p in multiprocessing.active_children() if p not in self._others]
        for worker in workers:
            worker.terminate()
        pool.shutdown(wait=True, cancel_futures=True)


def _sent(pool: ProcessPoolExecutor, task: Callable[..., R], args: tuple[Any, ...]) -> Pending[R]:
    """``task`` sent to ``pool``; :class:`WorkerLost` when a worker of the pool died."""
    from concurrent.futures import BrokenExecutor

    try:
        return pool.submit(task, *args)
    except BrokenExecutor:
        raise WorkerLost from None


def _ignore_broken_pipes() -> None:
    """A write to a closed pipe is an error (EPIPE), not the signal that ends the process
    (where the main thread can set it)."""
    import signal
    import threading  # the pool has imported it

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGPIPE, signal.SIG_IGN)


def worker_signals() -> None:
    """A worker leaves interrupting the run to its parent: Ctrl-C, sent to the whole
    terminal's process group, is ignored; a termination signal ends it at once."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


class _Queued(Generic[R]):
    """A task of :class:`Processes`, sent to the pool once it starts."""

    __slots__ = ("args", "future", "here", "processes", "task")

    def __init__(
        self, processes: Processes, task: Callable[..., R], args: tuple[Any, ...], here: bool
    ) -> None:
        self.processes = processes
        self.task = task
        self.args = args
        self.here = here
        """Whether it may run in this process (a batch of pieces, not a task of
        :meth:`Processes.call`)."""
        self.future: Pending[R] | None = None

    def result(self) -> R:
        from concurrent.futures import BrokenExecutor

        if self.future is None:
            self.future = self.processes.wanted(self)
        try:
            return self.future.result()
        except BrokenExecutor:
            raise WorkerLost from None


class _Here(Generic[R]):
    """The result of a task run in this process."""

    __slots__ = ("value",)

    def __init__(self, value: R) -> None:
        self.value = value

    def result(self) -> R:
        return self.value


class _Batch:
    """Pieces sent (or to be sent) to a worker as one task."""

    __slots__ = ("done", "pieces", "results", "size", "taken")

    def __init__(self) -> None:
        self.pieces: list[Piece] = []
        self.size = 0
        self.taken = 0
        self.done: Done | None = None
        self.results: list[list[Verdict]] | None = None
        """The task's results, fetched once (a cluster's would travel again each time)."""


class _Piece(Frozen):
    """A piece in the queue: the ``at``-th of its batch."""

    _fields = ("batch", "at")
    __slots__ = _fields

    batch: _Batch
    at: int

    def __init__(
        self,
        batch: _Batch,
        at: int,
    ) -> None:
        object.__setattr__(self, "batch", batch)
        object.__setattr__(self, "at", at)


def _parallel(
    inputs: Iterable[Input | Missing],
    game: str | None,
    encoding: str | None,
    engine: Engine,
    piece_games: int,
    counter: _Bytes,
    keys: bool,
    allow_empty: bool,
    dialects: frozenset[str],
) -> Iterator[Event]:
    queue: deque[Event | _Piece] = deque()
    batch = _Batch()
    """The batch being filled."""
    pending = 0
    """Batches sent whose results are not all taken."""
    games = pieces = 0
    """Games and pieces of the file being taken."""
    failed = False
    """Whether reading the file being taken failed part way."""

    def send() -> None:
        nonlocal batch, pending
        if batch.pieces:
            batch.done = engine.submit(batch.pieces, game, keys, dialects)
            pending += 1
            batch = _Batch()

    def take() -> Iterator[Event]:
        """The events of the oldest entry in the queue, waiting for its piece if need be."""
        nonlocal pending, games, pieces, failed
        done = queue.popleft()
        if isinstance(done, _Piece):
            if done.batch.done is None:
                send()
            assert done.batch.done is not None
            if done.batch.results is None:
                done.batch.results = done.batch.done.result()
            path = done.batch.pieces[done.at][0]
            results = done.batch.results[done.at]
            done.batch.results[done.at] = []
            done.batch.taken += 1
            if done.batch.taken == len(done.batch.pieces):
                pending -= 1
            pieces += 1
            yield from (_report(path, verdict, games) for verdict in results)
            games += len(results)
            return
        if isinstance(done, FileResult):
            # Pieces that hold no game: open_inputs saw pieces read, so it left this to us.
            if pieces and not games and not failed and not allow_empty:
                yield no_record(done.path)
            games = pieces = 0
            failed = False
        elif isinstance(done, Diagnostic) and done.code == UNREADABLE:
            failed = True
        yield done

    plan = _planned(inputs, game, encoding, piece_games, counter, keys, allow_empty, dialects)
    for item in plan:
        if isinstance(item, tuple):
            queue.append(_Piece(batch, len(batch.pieces)))
            batch.pieces.append(item)
            batch.size += len(item[2])
            if batch.size >= BATCH_CHARS:
                send()
        else:
            queue.append(item)
        while pending >= engine.width or (queue and not isinstance(queue[0], _Piece)):
            yield from take()
    send()
    while queue:
        yield from take()


def _planned(
    inputs: Iterable[Input | Missing],
    game: str | None,
    encoding: str | None,
    piece_games: int,
    counter: _Bytes,
    keys: bool,
    allow_empty: bool,
    dialects: frozenset[str],
) -> Iterator[Event | Piece]:
    """The events known without a worker, and (path, first line, text) for each piece.

    A JSON document is not cut into pieces: its records are validated here."""
    default = None if game is None else get_game(game)
    for item in open_inputs(inputs, encoding, allow_empty=allow_empty):
        if not isinstance(item, Opened):
            yield item
            continue
        name = item.input.name
        made: Iterator[GameReport | Diagnostic | Piece]
        if item.is_json:
            made = _verdicts(item.records(keep_text=keys), name, default, keys, dialects)
        else:
            made = ((name, line, text) for line, text in item.pieces(piece_games))
        yield from _counted(made, item.source, counter)


def _report(path: str, verdict: Verdict, games: int) -> GameReport:
    """A piece's verdict as the report of its game in its file: ``games`` came before the
    piece (its lines are the file's already: the worker read the piece from its first
    line). A message that gives its game number reads the ``game`` field, so no text
    changes."""
    report = GameReport(path=path, **dict(zip(SENT, verdict, strict=True)))
    if games:
        report.index += games
        report.diagnostics = [
            d if d.game is None else d.replace(game=d.game + games) for d in report.diagnostics
        ]
    return report
