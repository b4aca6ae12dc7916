"""The ``stats`` command: an archive summarized per game."""

from __future__ import annotations

import json

import typer

from ..options import (
    AllowEmptyOption,
    DialectOption,
    EncodingOption,
    GameOption,
    OutputOption,
    PathsArgument,
    ReportFormatOption,
    default_game,
    dialects_named,
    echo_problem,
    encoding_named,
    guarded,
    paths_written,
    report_json,
    status_of,
    write_report,
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
) -> None:
    """Summarize an archive per game: results, lengths, first moves, invalid records.

    Results are given by side in counts and percentages, lengths as the average number
    of plies, and the five most common first moves.

    Exit status: 0, or 1 when a record has an error (the invalid records counted), 2 when
    an input cannot be read.
    """
    from notation.archive import stats as st

    json_ = report_json(form)
    default = default_game(game)
    paths_written(output, paths)
    collected = st.collect(
        paths,
        default,
        encoding=encoding_named(encoding),
        allow_empty=allow_empty,
        dialects=dialects_named(dialect),
    )
    for problem in collected.problems:
        echo_problem(problem)
    if json_:
        write_report(output, json.dumps(st.to_json(collected), indent=2) + "\n")
    else:
        write_report(output, st.render_text(collected))
    raise typer.Exit(status_of(collected.problems, bool(collected.invalid)))


command = stats
"""The command :mod:`cli.main` registers."""
