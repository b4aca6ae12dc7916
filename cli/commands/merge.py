"""The ``merge`` command: every game of every input written to one archive, copies left
out with ``--unique`` (:mod:`notation.archive.merge`)."""

from __future__ import annotations

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
    OutputOption,
    PathsArgument,
    ReportOption,
    configured,
    guarded,
    report_to,
    settings_of,
)


@guarded
def merge(
    paths: PathsArgument,
    output: OutputOption = None,
    report: ReportOption = None,
    unique: Annotated[
        bool,
        typer.Option(
            "--unique",
            help="Keep the first copy of each game (same game, start and main-line moves); "
            "report each copy left out.",
        ),
    ] = False,
    form: FormatOption = "text",
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
    config_file: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Write every game of every input, in input order, as its text, to one archive.

    With --unique a game that is a copy of an earlier one is left out, and the report
    says so: "b.pdn:16: game 2 is a copy of a.pdn:1 game 1"; a file named twice is read
    once, with a warning. Then a summary line (or, with
    --format json, one document). Nothing is written when an input cannot be read (exit 2).
    """
    from notation.archive.merge import merge as run
    from notation.archive.merge import merge_settings

    settings = settings_of(
        merge_settings,
        output=output,
        unique=unique,
        format=form,
        game=game,
        dialects=dialect,
        encoding=encoding,
        allow_empty=allow_empty,
        config=configured(config_file, isolated),
    )
    told = report_to(report, paths, records_on_stdout=output is None, output=output)
    with told.staged() as stage:
        done = run(paths, settings, tell=told.tell, stage=stage)
        told.finish(done)
    raise typer.Exit(done.status)


command = merge
"""The command :mod:`cli.main` registers."""
