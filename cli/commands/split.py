"""The ``split`` command: each group of games written to a file of its own
(:mod:`notation.archive.split`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..options import (
    AllowEmptyOption,
    ConfigOption,
    DialectOption,
    EncodingOption,
    FormatOption,
    GameOption,
    IsolatedOption,
    PathsArgument,
    ReportOption,
    configured,
    fail,
    guarded,
    report_to,
    settings_of,
    standard_output_file,
)


@guarded
def split(
    paths: PathsArgument,
    by: Annotated[
        str,
        typer.Option(
            "--by",
            help="Group by event, round, tag:NAME (a tag's value), game, or every:N (runs "
            "of N games).",
            metavar="GROUPING",
        ),
    ],
    folder: Annotated[
        Path,
        typer.Option(
            "--dir", "-d", help="The folder of the files (made when missing).", metavar="DIR"
        ),
    ],
    force: Annotated[
        bool, typer.Option("--force", help="Replace files of DIR that have the names.")
    ] = False,
    report: ReportOption = None,
    form: FormatOption = "text",
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
    config_file: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Write each group of games to a file of its own, every game to exactly one.

    A file is named by its group's value made a safe file name (lower case, letters and
    digits kept, other characters -, numbers padded to sort, unknown for a missing tag, -2
    after a name already taken, at most 255 bytes), and holds its games' texts in input
    order. Files are written once every input is read and every name is checked, and
    replace what they replace together, once every one is written; none when an input
    cannot be read, a file of that name exists (unless --force) or a folder or anything
    else but a file has the name (exit 2). An error writing (a full disk) leaves DIR as
    it was.

    --by game groups a record by the game validate judges it as: its GameType or Variant
    tag, else --game or the configuration's game, else, for a record naming no game,
    international draughts or the game its setup and first moves fit (with validate's
    REC221 notice naming it).

    The report gets the problems met reading, those REC221 notices, a warning when no
    game has the tag grouped by, one line per file written and a summary (or, with
    --format json, one document).
    """
    from notation.archive.split import SUFFIX, may_write, split_settings
    from notation.archive.split import split as run
    from notation.io.output import display

    settings = settings_of(
        split_settings,
        by=by,
        folder=folder,
        force=force,
        format=form,
        game=game,
        dialects=dialect,
        encoding=encoding,
        allow_empty=allow_empty,
        config=configured(config_file, isolated),
    )
    told = report_to(report, paths, records_on_stdout=False)
    if told.file is not None and may_write(folder, told.file):
        fail(
            f"--report {display(told.file)} names a {SUFFIX} file in {display(folder)}, where "
            "split writes its files: give the report another name or folder"
        )
    shared = _standard_output_among(folder) if told.file is None else None
    if shared is not None:
        fail(
            f"standard output is {display(shared)}, a {SUFFIX} file in {display(folder)}, "
            "where split writes its files: give the report a file (--report FILE)"
        )
    with told.staged() as stage:
        done = run(paths, settings, tell=told.tell, stage=stage)
        told.finish(done)
    raise typer.Exit(done.status)


def _standard_output_among(folder: Path) -> Path | None:
    """The file in ``folder`` that may be one split writes and that standard output was
    sent to, if there is one; none in a folder not there yet, or not readable (which
    split refuses as such)."""
    from notation.archive.split import may_write

    try:
        names = sorted(folder.iterdir())
    except OSError:
        return None
    return next(
        (name for name in names if standard_output_file(name) and may_write(folder, name)), None
    )


command = split
"""The command :mod:`cli.main` registers."""
