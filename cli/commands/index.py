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

from ..options import (
    AllowEmptyOption,
    ConfigOption,
    DialectOption,
    EncodingOption,
    FilePathsArgument,
    GameOption,
    IsolatedOption,
    SchedulerTimeoutOption,
    at_least,
    configured,
    echo_problem,
    fail,
    guarded,
    note,
    plural,
    say,
)

if TYPE_CHECKING:
    from pathlib import Path

    from notation.index.db import Database
    from notation.index.target import Base


def _no_stream(value: str | None) -> str | None:
    """``--db``'s value; ``-`` is refused (a standard stream cannot hold an index, and a
    file named ``-`` is never made), and so is an empty name."""
    if value == "":
        raise typer.BadParameter(
            "an empty name is not an index: name an SQLite file or a postgresql:// URL",
            param_hint="--db",
        )
    if value == "-":
        raise typer.BadParameter(
            "- is not an index: name an SQLite file or a postgresql:// URL", param_hint="--db"
        )
    return value


DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="The index: an SQLite file, or a postgresql:// URL (default: NOTATION_DB, else "
        "the configuration's db, else notation.sqlite here).",
        metavar="DB",
        callback=_no_stream,
    ),
]
"""``--db DB``: the index a command reads or writes."""


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


def refuse_index_output(output: Path | None, target: str) -> None:
    """End the command (exit 2) before the index at ``target`` is opened when ``output``
    cannot be written, or is the index's own file."""
    if output is None:
        return
    from notation.index.target import index_file
    from notation.io.output import OutputError, check_target, display, same_file

    try:
        check_target(output)
    except OutputError as error:
        fail(str(error))
    own = index_file(target)
    if own is not None and same_file(output, own):
        fail(
            f"{display(output)} is the index this command reads: it is not overwritten "
            "(write to another file)"
        )


def refuse_source_output(output: Path | None, opened: Database, base: Base) -> None:
    """End the command (exit 2) when ``output`` is a file the index ``opened`` holds the
    games of (looked at from ``base``): an answer is never written over a source."""
    if output is None:
        return
    from notation.io.output import OutputError, check_target

    sources = [
        os.fsdecode(base.located(bytes(source)))
        for (source,) in opened.execute("SELECT source FROM files")
    ]
    try:
        check_target(output, sources, rewrites=False)
    except OutputError as error:
        fail(str(error))


@guarded
def index(
    paths: FilePathsArgument,
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
        bool,
        typer.Option(
            "--prune",
            help="Drop the games of every file not given this time (nothing when an input "
            "cannot be read).",
        ),
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
    scheduler_timeout: SchedulerTimeoutOption = 10.0,
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
    config_file: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Store every game of the inputs in an index, with its verdict and positions.

    Each game is replayed as `validate` replays it (the same --game and dialects). A file
    indexed before is read again only when its content changed; the games of a file gone
    are dropped (--prune: of every file not given, unless an input cannot be read). A
    summary line on standard error says how many games were added, updated, removed and
    left as they were. Exit status: 0 when every input was indexed, 2 for an input that
    cannot be read or a usage error.
    """
    from notation.index.build import index as build
    from notation.index.build import nothing_to_store, replayers
    from notation.index.target import index_base, index_file, index_target
    from notation.io.files import names_a_descriptor, shown_name
    from notation.io.output import display
    from notation.run.distributed import ClusterError
    from notation.run.settings import SettingsError, settings_from

    config = configured(config_file, isolated)
    try:
        settings = settings_from(
            config,
            game=game,
            dialects=dialect,
            encoding=encoding,
            allow_empty=allow_empty,
            jobs=jobs,
            scheduler=scheduler,
            scheduler_timeout=scheduler_timeout,
            no_cache=True,
        )
    except SettingsError as error:
        raise typer.BadParameter(error.message, param_hint=error.option) from None
    if "-" in paths:
        fail("an index holds files: standard input (-) cannot be indexed")
    for path in paths:
        if names_a_descriptor(path):
            fail(
                f"an index holds files: {shown_name(path)} names a stream of this process, "
                "not a file (standard input cannot be indexed)"
            )
    target = index_target(db, config)
    local = index_file(target)
    # A new index file is made only for a run that names a file to store.
    summary = (
        nothing_to_store(paths, settings, prune=prune, tell=echo_problem)
        if local is not None and not os.path.lexists(local)
        else None
    )
    if summary is None:
        try:
            with replayers(settings) as workers, opened_index(target, create=True) as opened:
                summary = build(
                    paths,
                    opened,
                    settings,
                    prune=prune,
                    wait=wait,
                    tell=echo_problem,
                    workers=workers,
                    base=index_base(config),
                )
        except ClusterError as error:
            fail(str(error))
        local = None
    if prune and not summary.pruned:
        say(
            "--prune skipped: an input could not be read, so no file was dropped for not "
            "being given"
        )
    files = summary.files + summary.kept
    note(
        f"{files} {plural(files, 'file')} indexed ({summary.kept} as they were): "
        f"{summary.added} {plural(summary.added, 'game')} added, {summary.updated} updated, "
        f"{summary.removed} removed, {summary.unchanged} unchanged"
    )
    if local is not None:
        note(f"{display(local)}: no index made: no file was given to store")
    raise typer.Exit(summary.status)


command = index
