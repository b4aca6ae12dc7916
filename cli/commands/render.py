"""The ``render`` command: a record's position drawn as text or SVG, or its games in the
HTML viewer."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..options import (
    DialectOption,
    EncodingOption,
    GameOption,
    OutputOption,
    at_least,
    default_game,
    dialects_named,
    echo_problem,
    encoding_named,
    fail,
    guarded,
    one_of,
    writable,
    write_text,
)

# What the command runs is imported in its body: building the command line costs only
# what defining its options needs.
if TYPE_CHECKING:
    from notation.games.base import AnyGame
    from notation.io.files import Input, Missing


@guarded
def render(
    source: Annotated[
        str,
        typer.Argument(help="A record file (also compressed), or - for stdin.", metavar="FILE"),
    ],
    index: Annotated[
        int,
        typer.Option(
            "--index",
            help="Which game of the file (1-based).",
            metavar="N",
            callback=at_least(1),
        ),
    ] = 1,
    ply: Annotated[
        int | None,
        typer.Option(
            "--ply",
            "-p",
            help="Show the position after this ply (default: the end).",
            metavar="N",
            callback=at_least(0),
        ),
    ] = None,
    form: Annotated[
        str,
        typer.Option(
            "--picture",
            help="text (a terminal diagram), svg, or html (a viewer page of every game).",
            metavar="NAME",
            callback=one_of("text", "svg", "html"),
        ),
    ] = "text",
    output: OutputOption = None,
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
) -> None:
    """Draw the position of a record at a ply, the last move marked.

    The record's problems are reported as `validate` reports them. Without --ply the end of
    the main line is drawn; when a ply of it is illegal there is no end to draw, so nothing
    is drawn (exit 1) and the message names the last ply that can be.
    """
    from notation.archive.draw import DrawError, NoPosition, drawing_at, judged, record_at
    from notation.io.files import expand
    from notation.pictures import render_svg

    if form not in ("text", "svg", "html"):
        raise typer.BadParameter("choose text, svg or html", param_hint="--picture")
    default = default_game(game)
    dialects = dialects_named(dialect)
    inputs = list(expand([source]))
    writable(output, inputs)
    try:
        if form == "html":
            if ply is not None:
                raise typer.BadParameter(
                    "html shows every ply; leave out --ply", param_hint="--ply"
                )
            _render_html(inputs, index, output, default, encoding_named(encoding), dialects)
        record, name, status = record_at(inputs, index, encoding_named(encoding), echo_problem)
    except DrawError as error:
        fail(str(error))
    if record is None:
        raise typer.Exit(status or 2)
    report = judged(record, name, default=default, dialects=dialects)
    for problem in report.diagnostics:
        echo_problem(problem)
    try:
        drawn = drawing_at(record, report, ply)
    except NoPosition as missing:
        legal = missing.legal
        if missing.why == "past":
            raise typer.BadParameter(
                f"game {index} has {legal} legal plies", param_hint="--ply"
            ) from None
        if missing.why == "unplayed":
            raise typer.Exit(max(status, 1)) from None
        fail_with = f"{name}: game {index}: ply {legal + 1} is illegal, so the game has no end"
        typer.echo(f"{fail_with} to draw; --ply {legal} draws the last legal position", err=True)
        raise typer.Exit(1) from None
    if form == "svg":
        picture = render_svg(drawn.game, drawn.position, drawn.last, drawn.notation)
    else:
        picture = drawn.game.render_text(drawn.position, drawn.last, drawn.notation) + "\n"
    write_text(output, picture)
    raise typer.Exit(status)


def _render_html(
    inputs: list[Input | Missing],
    index: int,
    output: Path | None,
    default: AnyGame | None,
    encoding: str | None,
    dialects: frozenset[str],
) -> None:
    """Write the viewer page of every game of the one input named, game ``index`` shown
    first; exit 1 when a record has an error (the page shows it), 2 when unreadable."""
    from notation.archive.draw import file_reports
    from notation.pages.html import reports_page

    reports, status = file_reports(
        inputs, index, encoding, echo_problem, default=default, dialects=dialects
    )
    if not reports:
        raise typer.Exit(status or 2)
    write_text(output, reports_page(reports, first=index))
    raise typer.Exit(status)


command = render
"""The command :mod:`cli.main` registers."""
