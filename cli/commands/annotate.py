"""The ``annotate`` command: tags, results and comments added to records."""

from __future__ import annotations

from typing import Annotated

import typer

from ..options import (
    AllowEmptyOption,
    ConfigOption,
    DialectOption,
    EncodingOption,
    GameOption,
    InPlaceOption,
    IsolatedOption,
    KeepBrokenOption,
    OutputOption,
    PathsArgument,
    ReportOption,
    configured,
    guarded,
    one_of,
    ran,
    report_to,
    settings_of,
)


@guarded
def annotate(
    paths: PathsArgument,
    output: OutputOption = None,
    report: ReportOption = None,
    in_place: InPlaceOption = False,
    comments: Annotated[
        str | None,
        typer.Option(
            "--comments",
            "-c",
            help="A comment after each main-line ply: position ({[%fen ...]}) or scores "
            "({[%score W-B]}, Knight Fight and Cheversi).",
            metavar="KIND",
            callback=one_of("position", "scores"),
        ),
    ] = None,
    keep_broken: KeepBrokenOption = False,
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
    config_file: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Add PlyCount, FinalFEN, the decided result and a note at the first illegal move.

    The result is written when the record gives none and the rules decide one;
    optionally the position or the scores follow each ply as a comment.

    Everything the record had is kept; annotating twice changes nothing. Problems are
    reported as `validate` reports them. A game with an error fails the run (exit 1) and
    nothing is written, unless --keep-broken (then the first illegal move is marked by a
    comment and a syntax error's text is kept in comments). The output (standard output, -o
    FILE, or each input with --in-place) is written only when the run succeeded.
    """
    from notation.archive.annotate import annotate as run
    from notation.archive.annotate import annotate_settings

    settings = settings_of(
        annotate_settings,
        output=output,
        in_place=in_place,
        comments=comments,
        keep_broken=keep_broken,
        game=game,
        dialects=dialect,
        encoding=encoding,
        allow_empty=allow_empty,
        config=configured(config_file, isolated),
    )
    told = report_to(
        report,
        paths,
        records_on_stdout=output is None and not in_place,
        output=output,
        in_place=in_place,
    )
    with told.staged() as stage:
        done = ran(lambda: run(paths, settings, say=told.say, stage=stage))
        told.close()
    raise typer.Exit(done.status)


command = annotate
"""The command :mod:`cli.main` registers."""
