"""The ``stats`` command: an archive summarized per game."""

from __future__ import annotations

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
    configured,
    guarded,
    report_of,
    settings_of,
)


@guarded
def stats(
    paths: PathsArgument,
    form: ReportFormatOption = "text",
    output: OutputOption = None,
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
    config_file: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Summarize an archive per game: results, lengths, first moves, invalid records.

    Results are given by side in counts and percentages, lengths as the average number
    of plies, and the five most common first moves.

    Exit status: 0, or 1 when a record has an error (the invalid records counted), 2 when
    an input cannot be read (then nothing is written).
    """
    from notation.archive.stats import stats as run
    from notation.archive.stats import stats_settings

    settings = settings_of(
        stats_settings,
        format=form,
        game=game,
        dialects=dialect,
        encoding=encoding,
        allow_empty=allow_empty,
        config=configured(config_file, isolated),
    )
    collected = report_of(output, paths, lambda: run(paths, settings), settings.format)
    raise typer.Exit(collected.status)


command = stats
"""The command :mod:`cli.main` registers."""
