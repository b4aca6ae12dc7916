"""The ``convert`` command: records rewritten in another notation, or between PDN and JSON."""

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
    notation_any_case,
    one_of,
    ran,
    report_to,
    settings_of,
)

# What the command runs is imported in its body: building the command line costs only
# what defining its options needs.


@guarded
def convert(
    paths: PathsArgument,
    output: OutputOption = None,
    report: ReportOption = None,
    in_place: InPlaceOption = False,
    notation: Annotated[
        str | None,
        typer.Option(
            "--notation",
            "-n",
            help="Rewrite the moves in this notation (see `notation games`).",
            metavar="NAME",
            callback=notation_any_case,
        ),
    ] = None,
    to: Annotated[
        str | None,
        typer.Option(
            "--to",
            help="Output format: pdn or json (default: from -o's suffix, else pdn).",
            metavar="NAME",
            callback=one_of("pdn", "json"),
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
    """Convert records between notations and between PDN and JSON, keeping everything else.

    A record is converted as the game validate judges it as (for one naming no game,
    without --game or a configured game: international draughts or the game its setup
    and first moves fit, with validate's REC221 notice naming it). Every problem is
    reported as validate reports it, and moves are judged by its replay. A game with an
    error (a syntax error, an illegal move, a result the rules contradict) fails the run
    (exit 1) and nothing is written, unless --keep-broken. The output (standard output, -o
    FILE, or each input with --in-place) is written only when the run succeeded.
    """
    from notation.archive.convert import convert as run
    from notation.archive.convert import convert_settings

    settings = settings_of(
        convert_settings,
        output=output,
        in_place=in_place,
        notation=notation,
        to=to,
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


command = convert
"""The command :mod:`cli.main` registers."""
