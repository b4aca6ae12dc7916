"""The ``render`` command: a record's position drawn as text or SVG, or its games in the
HTML viewer."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cli.options import (
    DialectOption,
    EncodingOption,
    GameOption,
    OutputOption,
    default_game,
    dialects_named,
    echo_problem,
    encoding_named,
    fail,
    guarded,
    writable,
    write_text,
)
from notation.diagnostics import Diagnostic, Severity

# What the command runs is imported in its body: building the command line costs only
# what defining its options needs.
if TYPE_CHECKING:
    from notation.games.base import AnyGame
    from notation.io.inputs import Input, Missing
    from notation.record.model import Record


@guarded
def render(
    source: Annotated[str, typer.Argument(help="A record file (also compressed), or - for stdin.")],
    index: Annotated[
        int, typer.Option("--index", "-i", help="Which game of the file (1-based).", min=1)
    ] = 1,
    ply: Annotated[
        int | None,
        typer.Option(
            "--ply", "-p", help="Show the position after this ply (default: the end).", min=0
        ),
    ] = None,
    form: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="text (a terminal diagram), svg, or html (a viewer page of every game).",
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
    from notation.check.replay import record_notation
    from notation.check.validator import validate_record
    from notation.games.registry import get_game
    from notation.io.inputs import expand
    from notation.render import render_svg

    if form not in ("text", "svg", "html"):
        raise typer.BadParameter("choose text, svg or html", param_hint="--format")
    default = default_game(game)
    dialects = dialects_named(dialect)
    inputs = list(expand([source]))
    writable(output, inputs)
    if form == "html":
        if ply is not None:
            raise typer.BadParameter("html shows every ply; leave out --ply", param_hint="--ply")
        _render_html(inputs, index, output, default, encoding_named(encoding), dialects)
    record, name, status = _record_at(inputs, index, encoding_named(encoding))
    if record is None:
        raise typer.Exit(status or 2)
    report = validate_record(record, path=name, default=default, trace=True, dialects=dialects)
    for problem in report.diagnostics:
        echo_problem(problem)
    replayed = report.replayed
    if report.game is None or replayed is None or replayed.start is None:
        raise typer.Exit(max(status, 1))
    found = get_game(report.game)
    legal = report.plies
    if ply is None and legal < len(record.moves.plies):
        fail_with = f"{name}: game {index}: ply {legal + 1} is illegal, so the game has no end"
        typer.echo(f"{fail_with} to draw; --ply {legal} draws the last legal position", err=True)
        raise typer.Exit(1)
    shown = legal if ply is None else ply
    if shown > legal:
        raise typer.BadParameter(f"game {index} has {legal} legal plies", param_hint="--ply")
    position, last = replayed.start, None
    if shown:
        step = replayed.steps[(shown - 1,)]
        if step.after is not None:
            position, last = step.after, step.move
    notation = record_notation(found, record)
    if form == "svg":
        picture = render_svg(found, position, last, notation)
    else:
        picture = found.render_text(position, last, notation) + "\n"
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
    from notation.check.validator import GameReport, validate_record
    from notation.io.inputs import Found, read_all
    from notation.render.html import reports_page

    if len(inputs) > 1:
        fail(f"render draws one file; {len(inputs)} files were named")
    status = 0
    reports: list[GameReport] = []
    for item in read_all(inputs, encoding):
        if isinstance(item, Found):
            report = validate_record(
                item.record, path=item.input.name, default=default, trace=True, dialects=dialects
            )
            reports.append(report)
            for problem in report.diagnostics:
                echo_problem(problem)
            status = max(status, int(not report.valid))
        elif isinstance(item, Diagnostic):
            echo_problem(item)
            if item.severity is Severity.ERROR:
                status = 2
    if not reports:
        raise typer.Exit(status or 2)
    if index > len(reports):
        fail(f"{reports[0].path} has no game {index}")
    write_text(output, reports_page(reports, first=index))
    raise typer.Exit(status)


def _record_at(
    inputs: list[Input | Missing], index: int, encoding: str | None
) -> tuple[Record | None, str, int]:
    """Game ``index`` of the one input named, its name, and the status reading it gave."""
    from notation.io.inputs import Found, read_all

    if len(inputs) > 1:
        fail(f"render draws one game of one file; {len(inputs)} files were named")
    status = 0
    name = inputs[0].name if inputs else "-"
    found: Record | None = None
    for item in read_all(inputs, encoding):
        if isinstance(item, Found):
            name = item.input.name
            if item.record.index == index:
                found = item.record
                break
        elif isinstance(item, Diagnostic):
            echo_problem(item)
            if item.severity is Severity.ERROR:
                status = 2
    if found is None and status == 0:
        fail(f"{name} has no game {index}")
    return found, name, status


command = render
"""The command :mod:`cli.main` registers."""
