"""A validation run, as the ``validate`` command makes it: :func:`validate`.

The inputs are read through the one input path (:func:`notation.io.files.expand`), each
run of inputs with one game (the settings', else the configuration's override or table)
validated together: through the cache when the settings name one, in worker processes or
on a Dask cluster when they ask for them. The run's events are given, as reported (codes
selected and ignored, duplicates marked), to ``on_event`` as they come, with the bytes
read so far (:class:`Read`) and the lines meant for the person running it
(:class:`Note`); the :class:`~notation.run.formats.Summary` is returned.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator

from notation.check.report import GameReport
from notation.diagnostics import Diagnostic
from notation.io.files import Input, Missing, Named, inputs_of
from notation.plain import Frozen, Plain
from notation.read.sources import FileResult
from notation.run.config import Config
from notation.run.formats import Summary
from notation.run.policy import Policy, reported
from notation.run.settings import Games, Settings

# The reader, the validator and the worker processes (notation.run.batch) are imported
# when a file is to be validated: a run answered from the cache needs none of them.
TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import Any

    from notation.record.model import Record
    from notation.run.batch import Engine, Event


class Read(Frozen):
    """The bytes of the inputs read so far."""

    _fields = ("done",)
    __slots__ = _fields

    done: int

    def __init__(
        self,
        done: int,
    ) -> None:
        object.__setattr__(self, "done", done)


class Note(Frozen):
    """A line for the person running: a cache that cannot be used, or fewer processes
    than were asked for."""

    _fields = ("text",)
    __slots__ = _fields

    text: str

    def __init__(
        self,
        text: str,
    ) -> None:
        object.__setattr__(self, "text", text)


RunEvent = GameReport | Diagnostic | FileResult | Read | Note
"""What :func:`validate` gives ``on_event``: a game's report, a diagnostic about a file
as a whole, a file's end (these three as reported), progress, or a note."""


def validate(
    paths: Iterable[Named] | str | os.PathLike[str],
    settings: Settings | None = None,
    *,
    on_event: Callable[[RunEvent], None] | None = None,
) -> Summary:
    """Validate the records at ``paths`` (names as the command line takes them, or inputs
    already found) with ``settings`` (default: :class:`Settings`'s); each event goes to
    ``on_event`` as it comes, and the summary, with its exit status, is returned.
    :class:`notation.run.distributed.ClusterError` when the cluster asked for cannot be
    used or loses a task."""
    tell = on_event or _ignore
    run = validation_events(paths, settings)
    while True:
        try:
            event = next(run)
        except StopIteration as end:
            summary: Summary = end.value
            return summary
        tell(event)


def validation_events(
    paths: Iterable[Named] | str | os.PathLike[str], settings: Settings | None = None
) -> Generator[RunEvent, None, Summary]:
    """The events of :func:`validate`'s run, in order, as they come; its value, when it
    ends, is the summary. Closing it early ends the run (and its workers)."""
    chosen = settings or Settings()
    pending: deque[RunEvent] = deque()
    tell = pending.append
    inputs = inputs_of(paths)
    given = chosen.policy
    policy = given.with_files(file_policies(chosen.config, inputs, given, chosen.given))
    on_cluster = chosen.scheduler is not None and not chosen.trace
    workers = _workers(chosen.jobs, on_cluster, tell)
    started = _Started(chosen.jobs, workers, tell)
    said: set[str] = set()

    def warn(text: str) -> None:
        if text not in said:
            said.add(text)
            tell(Note(text))

    while pending:
        yield pending.popleft()
    with contextlib.ExitStack() as stack:
        cluster: Engine | None = None
        if on_cluster:
            from notation.run.distributed import connect

            assert chosen.scheduler is not None
            cluster = stack.enter_context(
                connect(
                    chosen.scheduler,
                    timeout=chosen.scheduler_timeout,
                    workers=workers if workers > 1 else None,
                )
            )

        def engine(group: list[Input | Missing], game: str | None) -> Iterator[Event]:
            run_of = functools.partial(
                _validate_inputs,
                game=game,
                encoding=chosen.encoding,
                jobs=workers,
                progress=lambda done: tell(Read(done)),
                keys=policy.duplicates,
                allow_empty=chosen.allow_empty,
                engine=cluster,
                dialects=chosen.dialects,
                started=started,
                trace=chosen.trace,
            )
            if chosen.cache is None:
                return run_of(group)
            from notation.run.cache import Cache, VerdictOptions

            options = VerdictOptions(game, chosen.encoding, chosen.allow_empty, chosen.dialects)
            return Cache(chosen.cache, options, warn).run(group, run_of, keys=policy.duplicates)

        events = reported(game_runs(chosen.config, inputs, chosen.game, engine), policy)
        while True:
            try:
                event = next(events)
            except StopIteration as end:
                summary: Summary = end.value
                break
            except Exception:
                while pending:
                    yield pending.popleft()
                raise
            # What was told while the event was made comes before it, as it happened.
            while pending:
                yield pending.popleft()
            yield event
        while pending:
            yield pending.popleft()
        return summary


def _validate_inputs(inputs: Iterable[Input | Missing], **options: Any) -> Iterator[Event]:
    """:func:`notation.run.batch.validate_inputs` of ``inputs`` with ``options``, imported
    when the first input comes (none comes when the cache answers for every file)."""
    given = iter(inputs)
    for first in given:
        from notation.run.batch import validate_inputs

        yield from validate_inputs(itertools.chain((first,), given), **options)
        return


def validate_one(
    record: Record, settings: Settings | None = None, *, path: str = "-"
) -> GameReport:
    """The verdict on ``record`` (from ``path``, ``-`` for none) as a run with ``settings``
    reports it: judged as the game the settings give (else the configuration's for
    ``path``) with their dialects, its diagnostics as their policy reports them."""
    from notation.check.validator import validate_record

    chosen = settings or Settings()
    file = None if path == "-" else path
    default = Games(chosen.game, chosen.config).of(path)
    report = validate_record(record, path=path, default=default, dialects=chosen.dialects)
    given = chosen.policy
    files = file_policies(chosen.config, [Input(path, file)], given, chosen.given)
    for _ in reported([report], given.with_files(files)):
        pass
    return report


def _ignore(event: RunEvent) -> None:
    """Drop ``event``."""


def file_policies(
    config: Config, inputs: Iterable[Input | Missing], policy: Policy, given: Iterable[str]
) -> dict[str, Policy]:
    """The policy of each input whose overrides change its ``select`` or ``ignore``, by
    name; those of ``given`` (given as options) are not overridden."""
    chosen = {}
    for item in inputs:
        if not config.overrides or not isinstance(item, Input) or item.path is None:
            continue
        select, ignore = (
            getattr(policy, key) if key in given else config.for_file(item.path, key) or ()
            for key in ("select", "ignore")
        )
        if (select, ignore) != (policy.select, policy.ignore):
            chosen[item.name] = Policy(
                select=select,
                ignore=ignore,
                fail_level=policy.fail_level,
                exit_zero=policy.exit_zero,
                duplicates=policy.duplicates,
            )
    return chosen


def game_runs(
    config: Config,
    inputs: list[Input | Missing],
    given: str | None,
    validate: Callable[[list[Input | Missing], str | None], Iterator[Event]],
) -> Iterator[Event]:
    """``validate`` over ``inputs`` in order, each run of inputs with one game (``given``,
    else the override's or file's ``game``) given it together."""

    games = Games(given, config)

    def game_of(item: Input | Missing) -> str | None:
        return games.name(item.path if isinstance(item, Input) else None)

    for game, group in itertools.groupby(inputs, key=game_of):
        yield from validate(list(group), game)


def _workers(asked: int, cluster: bool, tell: Callable[[RunEvent], None]) -> int:
    """The worker processes a run on this machine uses: ``asked`` (0: one per CPU), never
    more than the CPUs (a serial run for that reason says so). A cluster's are its own."""
    if asked == 1 or (cluster and asked <= 1):
        return asked
    from notation.run.batch import usable_cpus

    cpus = usable_cpus()
    if asked > cpus == 1:
        tell(Note(f"notation: {asked} processes asked for: 1 used (1 CPU)"))
    return min(asked or cpus, cpus)


class _Started(Plain):
    """Told how many processes a pool started: notes once when that is fewer than were
    asked for (0, one per CPU, asks for no number)."""

    _fields = ("asked", "cpus", "tell", "said")
    __slots__ = _fields

    asked: int
    cpus: int
    tell: Callable[[RunEvent], None]
    said: bool

    def __init__(
        self,
        asked: int,
        cpus: int,
        tell: Callable[[RunEvent], None],
        said: bool = False,
    ) -> None:
        self.asked = asked
        self.cpus = cpus
        self.tell = tell
        self.said = said

    def __call__(self, count: int) -> None:
        if self.said or count >= self.asked or self.asked <= self.cpus:
            return
        self.said = True
        used = "1 process" if count == 1 else f"{count} processes"
        why = f"{self.cpus} CPUs"
        if count < self.cpus:
            why += f", {count} task{'' if count == 1 else 's'} of work"
        self.tell(Note(f"notation: {self.asked} processes asked for: {used} used ({why})"))
