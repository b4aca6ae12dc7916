"""The ``convert`` command: records rewritten in another notation, or between PDN and JSON."""

from __future__ import annotations

from typing import Annotated

import typer

from ..options import (
    AllowEmptyOption,
    DialectOption,
    EncodingOption,
    GameOption,
    InPlaceOption,
    KeepBrokenOption,
    OutputOption,
    PathsArgument,
    default_game,
    dialects_named,
    encoding_named,
    guarded,
    notation_any_case,
    one_of,
    rewritten,
    say,
)

# What the command runs is imported in its body: building the command line costs only
# what defining its options needs.


@guarded
def convert(
    paths: PathsArgument,
    output: OutputOption = None,
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
) -> None:
    """Convert records between notations and between PDN and JSON, keeping everything else.

    Every problem is reported on standard error. A game that cannot be converted whole (a
    syntax error, an illegal move) fails the run (exit 1) and nothing is written, unless
    --keep-broken. The output (standard output, -o FILE, or each input with --in-place) is
    written only when the run succeeded.
    """
    from notation.archive.convert import check_notation, convert_files
    from notation.archive.rewrite import Options

    default = default_game(game)
    dialects = dialects_named(dialect)
    form = to or ("json" if output is not None and output.suffix.lower() == ".json" else "pdn")
    if notation is not None:
        try:
            check_notation(notation, default)
        except ValueError as error:
            raise typer.BadParameter(str(error), param_hint="--notation") from None
    options = Options(
        output=output,
        in_place=in_place,
        form=form,
        keep_broken=keep_broken,
        encoding=encoding_named(encoding),
        allow_empty=allow_empty,
    )
    rewritten(
        paths,
        lambda inputs: convert_files(
            inputs, options, say, notation=notation, default=default, dialects=dialects
        ),
    )


command = convert
"""The command :mod:`cli.main` registers."""
