"""The ``duplicates`` command: the games recorded more than once, or the positions
reached by different move orders."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from ..options import (
    AllowEmptyOption,
    DialectOption,
    EncodingOption,
    GameOption,
    OutputOption,
    PathsArgument,
    ReportFormatOption,
    at_least,
    default_game,
    dialects_named,
    echo_problem,
    encoding_named,
    guarded,
    note,
    paths_written,
    plural,
    report_json,
    status_of,
    write_report,
)

if TYPE_CHECKING:
    from pathlib import Path

    from notation.games.base import AnyGame


@guarded
def duplicates(
    paths: PathsArgument,
    form: ReportFormatOption = "text",
    output: OutputOption = None,
    position: Annotated[
        bool,
        typer.Option(
            "--position",
            help="List instead the positions games reach by different move orders "
            "(transpositions): the final position, or the one after --ply.",
        ),
    ] = False,
    ply: Annotated[
        int | None,
        typer.Option(
            "--ply",
            help="With --position: compare the positions after this ply.",
            metavar="N",
            callback=at_least(1),
        ),
    ] = None,
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
) -> None:
    """List the games recorded more than once: same game, start and main-line moves.

    Moves are compared as moves, so every notation of a game matches. With --position,
    the positions reached by different move orders instead.

    Exit status: 0 when there is none, 1 when duplicates (or transpositions) were found,
    2 when an input cannot be read.
    """
    from notation.archive import duplicates as dup

    json_ = report_json(form)
    default = default_game(game)
    paths_written(output, paths)
    dialects = dialects_named(dialect)
    if ply is not None and not position:
        raise typer.BadParameter("--ply goes with --position", param_hint="--ply")
    if position:
        chosen = encoding_named(encoding)
        _transpositions(paths, json_, output, ply, default, chosen, allow_empty, dialects)
    report = dup.find_duplicates(
        paths,
        default,
        encoding=encoding_named(encoding),
        allow_empty=allow_empty,
        dialects=dialects,
    )
    for problem in report.problems:
        echo_problem(problem)
    if json_:
        write_report(output, json.dumps(dup.to_json(report), indent=2) + "\n")
    else:
        write_report(output, dup.render_text(report))
    copies = sum(len(group.records) for group in report.groups)
    groups = len(report.groups)
    note(
        f"{groups} {plural(groups, 'group')} of duplicates "
        f"({copies} records) among {report.records} {plural(report.records, 'record')}"
    )
    raise typer.Exit(status_of(report.problems, bool(report.groups)))


def _transpositions(
    paths: list[str],
    json_: bool,
    output: Path | None,
    ply: int | None,
    default: AnyGame | None,
    encoding: str | None,
    allow_empty: bool,
    dialects: frozenset[str],
) -> NoReturn:
    """``duplicates --position``: the transposition groups, reported as duplicates are."""
    from notation.archive import duplicates as dup

    report = dup.find_transpositions(
        paths, default, ply=ply, encoding=encoding, allow_empty=allow_empty, dialects=dialects
    )
    for problem in report.problems:
        echo_problem(problem)
    if json_:
        write_report(output, json.dumps(dup.transpositions_json(report), indent=2) + "\n")
    else:
        write_report(output, dup.render_transpositions(report))
    reached = sum(len(group.records) for group in report.groups)
    groups = len(report.groups)
    note(
        f"{groups} {plural(groups, 'group')} of transpositions "
        f"({reached} records) among {report.records} {plural(report.records, 'record')}"
    )
    raise typer.Exit(status_of(report.problems, bool(report.groups)))


command = duplicates
"""The command :mod:`cli.main` registers."""
