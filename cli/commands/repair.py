"""The ``repair`` command: score-sheet slips corrected where the rest of the game tells.

The run is :func:`notation.archive.mend.repair`; this module parses the options
and prints its report.
"""

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
def repair(
    paths: PathsArgument,
    output: OutputOption = None,
    report: ReportOption = None,
    in_place: InPlaceOption = False,
    keep_broken: Annotated[
        bool,
        typer.Option(
            "--keep-broken",
            help="Write games with a syntax error too, their text from the error on kept "
            "verbatim in comments (the exit status is still 1). Without it nothing is "
            "written when a game has one.",
        ),
    ] = False,
    form: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="The report: text (one line per problem) or json (one document).",
            metavar="NAME",
            callback=one_of("text", "json"),
        ),
    ] = "text",
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
    config_file: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Correct score-sheet slips: the move meant is the one after which the rest replays.

    A correction is made only when one candidate is clearly the likeliest; the text as
    written is kept in a comment on the ply ({was: 22-13}, {was: missing},
    {was: 22-13, deleted}), and everything else the record had is kept. A record with
    nothing to correct, or no clear correction, is written exactly as it was read, so a
    legal game never changes, and --in-place leaves a file that needs nothing untouched.
    A record is searched as the game validate judges it as: one naming no game, without
    --game, as international draughts or the game its setup and first moves fit
    (validate's REC221 notice, first in its report, names it).

    The report gets one REC230 line per correction, what is left of each game
    (an illegal move with its candidates), and a summary. Exit status: 0 when every game
    replays after repair, 1 when one is left with an error (it is still written, as it
    was; a game with a syntax error is not, and nothing is written, unless --keep-broken),
    2 for a usage error or an input that cannot be read.
    """
    from notation.archive.mend import repair as run
    from notation.archive.mend import repair_settings

    settings = settings_of(
        repair_settings,
        output=output,
        in_place=in_place,
        keep_broken=keep_broken,
        format=form,
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
        told.finish(done)
    raise typer.Exit(done.status)


command = repair
"""The command :mod:`cli.main` registers."""
