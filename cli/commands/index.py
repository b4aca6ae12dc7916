"""The ``index`` command: an archive's games, verdicts and positions stored in an index
(:mod:`notation.index`), and the ``--db`` option that ``find`` and ``tree`` share.

Exit status: 0 when every input was indexed (games with errors are indexed with their
verdict), 2 for an input that cannot be read, an index that cannot be used, or a usage
error.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated

import typer

from notation.run.settings import setting

from ..options import (
    ConfigOption,
    DialectOption,
    EncodingOption,
    GameOption,
    IsolatedOption,
    PathsArgument,
    at_least,
    configured,
    default_game,
    dialects_named,
    echo_problem,
    encoding_named,
    fail,
    guarded,
    plural,
    say,
)

if TYPE_CHECKING:
    from notation.index.build import Workers
    from notation.index.db import Database
    from notation.run.config import Config

DB_VARIABLE = "NOTATION_DB"
"""The environment variable naming the index when ``--db`` does not."""

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="The index: an SQLite file, or a postgresql:// URL (default: NOTATION_DB, else "
        "the configuration's db, else notation.sqlite here).",
        metavar="DB",
    ),
]
"""``--db DB``: the index a command reads or writes."""


def database_target(given: str | None, config: Config) -> str:
    """``--db``, else ``NOTATION_DB``, else the configuration's ``db``, else the default."""
    target: str = given or os.environ.get(DB_VARIABLE) or setting(config, "db", None)
    return target


@contextlib.contextmanager
def opened_index(target: str, *, create: bool = False) -> Iterator[Database]:
    """The index at ``target`` for the block; one that cannot be used ends the command
    with a plain message and exit status 2."""
    from notation.index.db import IndexBusy, IndexUnusable, IndexVersionError
    from notation.index.schema import open_index

    try:
        db = open_index(target, create=create)
    except (IndexUnusable, IndexVersionError) as error:
        fail(str(error))
    try:
        yield db
    except (IndexBusy, IndexUnusable, IndexVersionError) as error:
        fail(str(error))
    finally:
        db.close()


@guarded
def index(
    paths: PathsArgument,
    db: DbOption = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            help="Replay in N processes at most (0: one per CPU); never more than the CPUs.",
            metavar="N",
        ),
    ] = None,
    prune: Annotated[
        bool, typer.Option("--prune", help="Drop the games of every file not given this time.")
    ] = False,
    wait: Annotated[
        float,
        typer.Option(
            "--wait",
            help="Seconds to wait for another index run writing the same index.",
            metavar="SECONDS",
            callback=at_least(0.0),
        ),
    ] = 10.0,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            help="Replay on the Dask cluster whose scheduler is at ADDRESS (tcp://host:port), "
            "or on a local one (local: --jobs workers), as validate --scheduler; this process "
            "stores the games. Needs notation[dask].",
            metavar="ADDRESS",
        ),
    ] = None,
    scheduler_timeout: Annotated[
        float,
        typer.Option(
            "--scheduler-timeout",
            help="Seconds, in all, to reach the scheduler and a first worker.",
            metavar="SECONDS",
            callback=at_least(0.1),
        ),
    ] = 10.0,
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    config_file: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Store every game of the inputs in an index, with its verdict and positions.

    Each game is replayed as `validate` replays it (the same --game and dialects). A file
    indexed before is read again only when its content changed; the games of a file gone
    are dropped (--prune: of every file not given). A summary line on standard error says
    how many games were added, updated, removed and left as they were. Exit status: 0
    when every input was indexed, 2 for an input that cannot be read or a usage error.
    """
    from notation.index.build import Settings
    from notation.index.build import index as build
    from notation.run.batch import usable_cpus
    from notation.run.config import MAX_JOBS
    from notation.run.distributed import ClusterError

    config = configured(config_file, isolated)
    default = default_game(setting(config, "game", game))
    dialects = setting(config, "dialects", dialect and dialects_named(dialect))
    if jobs is not None and not 0 <= jobs <= MAX_JOBS:
        raise typer.BadParameter(
            f"{jobs} is not a number of processes from 0 to {MAX_JOBS}", param_hint="--jobs"
        )
    asked: int = setting(config, "jobs", jobs)
    if "-" in paths:
        fail("an index holds files: standard input (-) cannot be indexed")
    settings = Settings(
        game=None if default is None else default.name,
        encoding=encoding_named(encoding),
        dialects=dialects,
        jobs=min(asked or usable_cpus(), usable_cpus()),
        prune=prune,
        wait=wait,
    )
    target = database_target(db, config)
    with contextlib.ExitStack() as stack:
        cluster = None
        if scheduler is not None:
            cluster = stack.enter_context(_cluster(scheduler, scheduler_timeout, asked))
        opened = stack.enter_context(opened_index(target, create=True))
        try:
            summary = build(paths, opened, settings, echo_problem, cluster)
        except ClusterError as error:
            fail(str(error))
    files = summary.files + summary.kept
    say(
        f"{files} {plural(files, 'file')} indexed ({summary.kept} as they were): "
        f"{summary.added} {plural(summary.added, 'game')} added, {summary.updated} updated, "
        f"{summary.removed} removed, {summary.unchanged} unchanged"
    )
    raise typer.Exit(summary.status)


@contextlib.contextmanager
def _cluster(address: str, timeout: float, jobs: int) -> Iterator[Workers]:
    """The workers of the Dask cluster of ``--scheduler`` (Dask is imported only then),
    joined as ``validate --scheduler`` joins it; one that cannot be used ends the command
    with a plain message and exit status 2."""
    from notation.index.build import cluster_workers
    from notation.run.distributed import ClusterError, connect

    try:
        with connect(address, timeout=timeout, workers=jobs if jobs > 1 else None) as engine:
            yield cluster_workers(engine)
    except ClusterError as error:
        fail(str(error))


command = index
