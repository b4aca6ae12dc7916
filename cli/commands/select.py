"""The ``select`` command: the games that match every filter, each written as its text.

The filters are :mod:`notation.archive.select`'s. Exit status: 0, 1 when a game to
write has no text to copy (past the reader's limits), 2 for a usage error or an input
that cannot be read (then nothing is written).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from notation.diagnostics import CODES

from ..copies import FormatOption, Report, json_form, parsed, where
from ..options import (
    AllowEmptyOption,
    DialectOption,
    EncodingOption,
    GameOption,
    OutputOption,
    PathsArgument,
    default_game,
    dialects_named,
    encoding_named,
    fail,
    game_named,
    guarded,
    plural,
    say,
    writable,
)


@guarded
def select(
    paths: PathsArgument,
    output: OutputOption = None,
    rest: Annotated[
        Path | None,
        typer.Option("--rest", help="Write the games not selected here.", metavar="REST"),
    ] = None,
    result: Annotated[
        str | None,
        typer.Option("--result", help="The result (the movetext's, else the Result tag's)."),
    ] = None,
    tag: Annotated[
        list[str] | None,
        typer.Option(
            "--tag",
            help="NAME=PATTERN: the tag's value matches the shell pattern, case ignored "
            "(repeatable: every one must match).",
            metavar="NAME=PATTERN",
        ),
    ] = None,
    variant: Annotated[
        str | None,
        typer.Option(
            "--variant",
            help="The game the record is replayed as (its GameType or Variant tag, else "
            "--game): a name of `notation games`.",
            metavar="NAME",
        ),
    ] = None,
    plies: Annotated[
        str | None,
        typer.Option(
            "--plies", help="Plies of the main line: MIN:MAX, MIN: or :MAX.", metavar="MIN:MAX"
        ),
    ] = None,
    opening: Annotated[
        str | None,
        typer.Option(
            "--opening",
            help='The main line starts with these moves ("22-18 11-15"), in any of the '
            "game's notations.",
            metavar="MOVES",
        ),
    ] = None,
    position: Annotated[
        str | None,
        typer.Option(
            "--position",
            help="The position of this FEN, side to move included, occurs in the main line.",
            metavar="FEN",
        ),
    ] = None,
    errors: Annotated[
        bool | None,
        typer.Option(
            "--errors/--no-errors",
            help="Games with (without) an error diagnostic.",
            show_default=False,
        ),
    ] = None,
    code: Annotated[
        str | None,
        typer.Option("--code", help="Games with a diagnostic of this code.", metavar="CODE"),
    ] = None,
    duplicates: Annotated[
        bool | None,
        typer.Option(
            "--duplicates/--unique",
            help="Games that are (are not) copies of an earlier game of the inputs.",
            show_default=False,
        ),
    ] = None,
    form: FormatOption = "text",
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
) -> None:
    """Write the games that match every filter, each as its text; --rest the others.

    Tag, result, game and plies filters read the records only; --opening parses the
    first plies; --position and --duplicates/--unique replay the main line; --errors,
    --no-errors and --code validate the game. A game with a syntax error is still
    selected by what was read of it.

    Standard error gets the problems met reading, a warning for a filter that matched
    fewer games than meant (a tag no game has, a result the games write otherwise: 2-0
    for 1-0), and "N of M games selected" (or, with --format json, one document saying
    where each game went). Exit status: 0, 1 when a
    game to write has no text to copy, 2 for a usage error or an input that cannot be
    read (then nothing is written).
    """
    from notation.archive import select as sel
    from notation.io.files import expand

    default = default_game(game)
    dialects = dialects_named(dialect)
    json = json_form(form)
    if variant is not None:
        variant = game_named(variant, "--variant").name
    if code is not None and code not in CODES:
        raise typer.BadParameter(
            f"no diagnostic code {code!r} (see `notation codes`)", param_hint="--code"
        )
    if position is not None:
        parsed(lambda fen: sel.check_position(fen, variant), position, "--position")
    filters = sel.Filters(
        result=None if result is None else parsed(sel.check_result, result, "--result"),
        tags=tuple(parsed(sel.parse_tag, t, "--tag") for t in tag or ()),
        variant=variant,
        plies=None if plies is None else parsed(sel.parse_plies, plies, "--plies"),
        opening=() if opening is None else parsed(sel.parse_opening, opening, "--opening"),
        position=position,
        errors=errors,
        code=code,
        duplicates=duplicates,
    )
    inputs = list(expand(paths))
    writable(output, inputs)
    writable(rest, inputs)
    if output is not None and rest is not None and output.resolve() == rest.resolve():
        fail("--output and --rest name the same file")
    report = Report(json)
    copier = sel.Copier(report.tell, encoding_named(encoding), allow_empty)
    selector = sel.Selector(filters, default, dialects)
    done = sel.select_games(
        inputs,
        selector,
        copier,
        output=output,
        rest=rest,
        keep=json,
    )
    body = {
        "games": [
            {**where(p.where), "selected": p.selected, "written": p.written} for p in done.placed
        ],
        "summary": {"games": done.games, "selected": done.selected, "exit_status": done.status},
        "warnings": selector.warnings(),
    }
    if not json:
        for warning in body["warnings"]:
            say(f"notation: warning: {warning}")
    summary = f"{done.selected} of {done.games} {plural(done.games, 'game')} selected"
    report.end("select", body, summary, done.refused, done.games)
    raise typer.Exit(done.status)


command = select
"""The command :mod:`cli.main` registers."""
