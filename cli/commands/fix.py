"""The ``fix`` command: results, PlyCount, standard tags and setup tags made consistent.

The run is :func:`notation.archive.mend.fix`; this module parses the options and
prints its report.
"""

from __future__ import annotations

from typing import Annotated, Any

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


def _flag(name: str, what: str) -> Any:
    return typer.Option(f"--{name}", help=what)


@guarded
def fix(
    paths: PathsArgument,
    output: OutputOption = None,
    report: ReportOption = None,
    in_place: InPlaceOption = False,
    results: Annotated[
        bool,
        _flag(
            "results",
            "Make the Result tag and the movetext's result agree with what the rules decide "
            "(where they decide nothing, with each other: the movetext's result wins).",
        ),
    ] = False,
    plycount: Annotated[
        bool, _flag("plycount", "Write a PlyCount tag with the main line's plies.")
    ] = False,
    tags: Annotated[
        bool,
        _flag(
            "tags",
            "Add the missing standard tags (Event Site Date Round White Black Result) as ?, "
            "and put them first, in PDN's order.",
        ),
    ] = False,
    fen: Annotated[
        bool,
        _flag(
            "fen", "Write the FEN tag in the canonical form: every square, no ranges or counters."
        ),
    ] = False,
    keep_broken: KeepBrokenOption = False,
    form: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="The report: text (one line per change or problem) or json (one document).",
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
    """Make records consistent: results, PlyCount, standard tags and setup tags.

    Without an option every fix is applied (--results --plycount --tags --fen). A record
    that needs nothing is written exactly as it was read (--in-place leaves a file that
    needs nothing untouched); a record read with a dialect (1:0, [Round 17], FEN counters,
    ...) is written in canonical PDN. A record is fixed as the game validate judges it as:
    one naming no game, without --game or a configured game, as international draughts or
    the game its setup and first moves fit (validate's REC221 notice, first in its report,
    names it).

    The report gets one REC250 line per change, each dialect read and what the
    validator still finds, then a summary. Exit status: 0 when every game is valid, 1 when
    one has an error (it is still written, fixed as far as it can be; a game with a syntax
    error is not, and nothing is written, unless --keep-broken), 2 for a usage error or an
    input that cannot be read.
    """
    from notation.archive.mend import fix as run
    from notation.archive.mend import fix_settings

    settings = settings_of(
        fix_settings,
        output=output,
        in_place=in_place,
        results=results,
        plycount=plycount,
        tags=tags,
        fen=fen,
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


command = fix
"""The command :mod:`cli.main` registers."""
