"""The ``select`` command: the games that match every filter, each written as its text.

The filters are :mod:`notation.archive.select`'s. Exit status: 0, 1 when a game to
write has no text to copy (past the reader's limits), 2 for a usage error or an input
that cannot be read (then nothing is written).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from notation.games.registry import GAMES

from ..options import (
    AllowEmptyOption,
    CodeOption,
    ConfigOption,
    DialectOption,
    EncodingOption,
    ErrorsOption,
    FormatOption,
    IsolatedOption,
    OpeningOption,
    OutputOption,
    PathsArgument,
    PliesOption,
    PositionOption,
    ReportOption,
    ResultOption,
    TagOption,
    configured,
    fail,
    file_named,
    guarded,
    one_of,
    report_to,
    settings_of,
    standard_output_file,
)


def _a_file(value: Path | None) -> Path | None:
    """``--rest``'s file; ``-`` and other names of standard output (``/dev/stdout``) are
    refused: standard output has the games selected (or the report), and a file named
    ``-`` is never made."""
    from notation.io.files import own_descriptor
    from notation.io.output import display

    if value is not None and (str(value) == "-" or own_descriptor(str(value)) == 1):
        raise typer.BadParameter(
            f"{display(value)} is not a file: name one for the games not selected",
            param_hint="--rest",
        )
    return value


@guarded
def select(
    paths: PathsArgument,
    output: OutputOption = None,
    report: ReportOption = None,
    rest: Annotated[
        Path | None,
        typer.Option(
            "--rest",
            help="Write the games not selected here.",
            metavar="FILE",
            click_type=file_named,
            callback=_a_file,
        ),
    ] = None,
    result: ResultOption = None,
    tag: TagOption = None,
    plies: PliesOption = None,
    opening: OpeningOption = None,
    position: PositionOption = None,
    errors: ErrorsOption = None,
    code: CodeOption = None,
    duplicates: Annotated[
        bool | None,
        typer.Option(
            "--duplicates/--unique",
            help="Games that are (are not) copies of an earlier game of the inputs.",
            show_default=False,
        ),
    ] = None,
    form: FormatOption = "text",
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            "-g",
            help="Only games of this game (`notation games`): their GameType or Variant tag, "
            "or, for a record whose tags name none, this game.",
            metavar="NAME",
            callback=one_of(*GAMES),
        ),
    ] = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
    config_file: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Write the games that match every filter, each as its text; --rest the others.

    Tag, result, game and plies filters read the records only; --opening parses the
    first plies; --position and --duplicates/--unique replay the main line; --errors,
    --no-errors and --code validate the game. A game with a syntax error is still
    selected by what was read of it.

    The report gets the problems met reading, a warning for a filter that matched
    fewer games than meant (a tag no game has, a result the games write otherwise: 2-0
    for 1-0), and "N of M games selected" (or, with --format json, one document saying
    where each game went). Exit status: 0, 1 when a
    game to write has no text to copy, 2 for a usage error or an input that cannot be
    read (then nothing is written).
    """
    from notation.archive.select import select as run
    from notation.archive.select import select_settings

    settings = settings_of(
        select_settings,
        output=output,
        rest=rest,
        result=result,
        tags=tag or (),
        variant=game,
        plies=plies,
        opening=opening,
        position=position,
        errors=errors,
        code=code,
        duplicates=duplicates,
        format=form,
        game=game,
        dialects=dialect,
        encoding=encoding,
        allow_empty=allow_empty,
        config=configured(config_file, isolated),
    )
    if output is None and rest is not None and standard_output_file(rest):
        from notation.io.output import display

        fail(
            f"--rest {display(rest)} names standard output, where the games selected go: "
            "give them a file (-o FILE) or the rest another one"
        )
    told = report_to(report, paths, records_on_stdout=output is None, output=output, rest=rest)
    with told.staged() as stage:
        done = run(paths, settings, tell=told.tell, stage=stage)
        told.finish(done)
    raise typer.Exit(done.status)


command = select
"""The command :mod:`cli.main` registers."""
