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
    PathsArgument,
    default_game,
    dialects_named,
    echo,
    echo_problem,
    encoding_named,
    guarded,
    plural,
    status_of,
)

if TYPE_CHECKING:
    from notation.games.base import AnyGame

JsonOption = Annotated[bool, typer.Option("--json", help="Write JSON instead of text.")]


@guarded
def duplicates(
    paths: PathsArgument,
    json_: JsonOption = False,
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
        typer.Option("--ply", help="With --position: compare the positions after this ply.", min=1),
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

    default = default_game(game)
    dialects = dialects_named(dialect)
    if ply is not None and not position:
        raise typer.BadParameter("--ply goes with --position", param_hint="--ply")
    if position:
        chosen = encoding_named(encoding)
        _transpositions(paths, json_, ply, default, chosen, allow_empty, dialects)
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
        echo(json.dumps(dup.to_json(report), indent=2))
    else:
        echo(dup.render_text(report), nl=False)
    copies = sum(len(group.records) for group in report.groups)
    groups = len(report.groups)
    typer.echo(
        f"{groups} {plural(groups, 'group')} of duplicates "
        f"({copies} records) among {report.records} {plural(report.records, 'record')}",
        err=True,
    )
    raise typer.Exit(status_of(report.problems, bool(report.groups)))


def _transpositions(
    paths: list[str],
    json_: bool,
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
        echo(json.dumps(dup.transpositions_json(report), indent=2))
    else:
        echo(dup.render_transpositions(report), nl=False)
    reached = sum(len(group.records) for group in report.groups)
    groups = len(report.groups)
    typer.echo(
        f"{groups} {plural(groups, 'group')} of transpositions "
        f"({reached} records) among {report.records} {plural(report.records, 'record')}",
        err=True,
    )
    raise typer.Exit(status_of(report.problems, bool(report.groups)))


command = duplicates
"""The command :mod:`cli.main` registers."""
