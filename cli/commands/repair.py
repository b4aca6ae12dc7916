"""The ``repair`` command: score-sheet slips corrected where the rest of the game tells.

The run is :func:`notation.archive.mend.repair_files`; this module parses the options
and reports (:class:`cli.tally.Tally`).
"""

from __future__ import annotations

from typing import Annotated

import typer

from ..options import (
    AllowEmptyOption,
    DialectOption,
    EncodingOption,
    GameOption,
    InPlaceOption,
    OutputOption,
    PathsArgument,
    default_game,
    dialects_named,
    encoding_named,
    guarded,
    one_of,
)
from ..tally import FORMS, Tally


@guarded
def repair(
    paths: PathsArgument,
    output: OutputOption = None,
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
            help="The report on standard error: text (one line per problem) or json (one "
            "document).",
            metavar="NAME",
            callback=one_of("text", "json"),
        ),
    ] = "text",
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
) -> None:
    """Correct score-sheet slips: the move meant is the one after which the rest replays.

    A correction is made only when one candidate is clearly the likeliest; the text as
    written is kept in a comment on the ply ({was: 22-13}, {was: missing},
    {was: 22-13, deleted}), and everything else the record had is kept. A record with
    nothing to correct, or no clear correction, is written exactly as it was read, so a
    legal game never changes, and --in-place leaves a file that needs nothing untouched.

    Standard error gets one REC230 line per correction, what is left of each game
    (an illegal move with its candidates), and a summary. Exit status: 0 when every game
    replays after repair, 1 when one is left with an error (it is still written, as it
    was; a game with a syntax error is not, and nothing is written, unless --keep-broken),
    2 for a usage error or an input that cannot be read.
    """
    from notation.archive.mend import repair_files
    from notation.archive.rewrite import Options

    default = default_game(game)
    dialects = dialects_named(dialect)
    if form not in FORMS:
        raise typer.BadParameter(" or ".join(FORMS) + " expected", param_hint="--format")
    options = Options(
        output=output,
        in_place=in_place,
        keep_broken=keep_broken,
        encoding=encoding_named(encoding),
        allow_empty=allow_empty,
    )
    run = Tally("notation-repair", "corrected", "correction", json=form == "json")
    run.run(
        paths,
        lambda inputs, counted, say, tell: repair_files(
            inputs, options, counted, say, tell, default=default, dialects=dialects
        ),
    )


command = repair
"""The command :mod:`cli.main` registers."""
