"""The ``duplicates`` command: the games recorded more than once, or the positions
reached by different move orders."""

from __future__ import annotations

from typing import Annotated

import typer

from ..options import (
    AllowEmptyOption,
    ConfigOption,
    DialectOption,
    EncodingOption,
    GameOption,
    IsolatedOption,
    OutputOption,
    PathsArgument,
    ReportFormatOption,
    at_least,
    configured,
    guarded,
    note,
    report_of,
    say,
    settings_of,
)


@guarded
def duplicates(
    paths: PathsArgument,
    form: ReportFormatOption = "text",
    output: OutputOption = None,
    position: Annotated[
        bool,
        typer.Option(
            "--position",
            help="List instead the positions games reach by different move orders "
            "(transpositions): the final position, or the one after --ply.",
        ),
    ] = False,
    ply: Annotated[
        int | None,
        typer.Option(
            "--ply",
            help="With --position: compare the positions after this ply.",
            metavar="N",
            callback=at_least(1),
        ),
    ] = None,
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
    config_file: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """List the games recorded more than once: same game, start and main-line moves.

    Moves are compared as moves, so every notation of a game matches. With --position,
    the positions reached by different move orders instead.

    Exit status: 0 when there is none, 1 when duplicates (or transpositions) were found,
    2 when an input cannot be read (then nothing is written).
    """
    from notation.archive.duplicates import duplicates as run
    from notation.archive.duplicates import duplicates_settings

    settings = settings_of(
        duplicates_settings,
        position=position,
        ply=ply,
        format=form,
        game=game,
        dialects=dialect,
        encoding=encoding,
        allow_empty=allow_empty,
        config=configured(config_file, isolated),
    )
    report = report_of(output, paths, lambda: run(paths, settings), settings.format)
    for warning in report.warnings:
        say(f"notation: warning: {warning}")
    note(report.summary())
    raise typer.Exit(report.status)


command = duplicates
"""The command :mod:`cli.main` registers."""
