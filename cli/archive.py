"""Archive commands: ``annotate``, ``stats`` and ``duplicates``.

The functions are Typer commands, registered by :mod:`cli.main` (``app.command()(annotate)``).
Exit status, as for every command: 0 when all was fine, 1 when a record has an error (or
duplicates were found), 2 for a usage error or an input that cannot be read.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from cli.options import (
    AllowEmptyOption,
    DialectOption,
    EncodingOption,
    GameOption,
    InPlaceOption,
    KeepBrokenOption,
    OutputOption,
    PathsArgument,
    copied_unchanged,
    default_game,
    dialects_named,
    echo,
    echo_problem,
    encoding_named,
    fail,
    guarded,
    plural,
    say,
)
from notation import diagnostics as codes
from notation.diagnostics import Diagnostic

if TYPE_CHECKING:
    from notation.games.base import AnyGame
    from notation.read.sources import Found

JsonOption = Annotated[bool, typer.Option("--json", help="Write JSON instead of text.")]


@guarded
def annotate(
    paths: PathsArgument,
    output: OutputOption = None,
    in_place: InPlaceOption = False,
    comments: Annotated[
        str | None,
        typer.Option(
            "--comments",
            "-c",
            help="A comment after each main-line ply: position ({[%fen ...]}) or scores "
            "({[%score W-B]}, Knight Fight and Cheversi).",
            metavar="KIND",
        ),
    ] = None,
    keep_broken: KeepBrokenOption = False,
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
) -> None:
    """Add PlyCount, FinalFEN, the decided result and a note at the first illegal move.

    The result is written when the record gives none and the rules decide one;
    optionally the position or the scores follow each ply as a comment.

    Everything the record had is kept; annotating twice changes nothing. Problems go to
    standard error, as `validate` reports them. A game with an error fails the run (exit 1)
    and nothing is written, unless --keep-broken (then the first illegal move is marked by a
    comment and a syntax error's text is kept in comments). The output (standard output, -o
    OUT, or each input with --in-place) is written only when the run succeeded.
    """
    from notation.archive.annotate import COMMENT_KINDS, annotate_record
    from notation.archive.rewrite import Options, RewriteError, rewrite
    from notation.games.base import Game
    from notation.games.registry import resolve_game
    from notation.io.files import expand

    default = default_game(game)
    dialects = dialects_named(dialect)
    if comments is not None and comments not in COMMENT_KINDS:
        raise typer.BadParameter(" or ".join(COMMENT_KINDS) + " expected", param_hint="--comments")
    options = Options(
        output=output,
        in_place=in_place,
        keep_broken=keep_broken,
        encoding=encoding_named(encoding),
        allow_empty=allow_empty,
    )

    def edit(found: Found) -> list[Diagnostic]:
        record, path = found.record, found.input.name
        game = resolve_game(record.tag_dict(), default)
        if not isinstance(game, Game):
            return [*record.diagnostics, copied_unchanged(game, record, path)]
        try:
            return annotate_record(record, default, comments=comments, path=path, dialects=dialects)
        except ValueError as error:
            fail(f"{path}: game {record.index}: {error}")

    try:
        status = rewrite(list(expand(paths)), edit, options, say)
    except RewriteError as error:
        fail(str(error))
    raise typer.Exit(status)


@guarded
def stats(
    paths: PathsArgument,
    json_: JsonOption = False,
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
) -> None:
    """Summarize an archive per game: results, lengths, first moves, invalid records.

    Results are given by side in counts and percentages, lengths as the average number
    of plies, and the five most common first moves.

    Exit status: 0, or 1 when a record has an error (the invalid records counted), 2 when
    an input cannot be read.
    """
    from notation.archive import stats as st

    default = default_game(game)
    collected = st.collect(
        paths,
        default,
        encoding=encoding_named(encoding),
        allow_empty=allow_empty,
        dialects=dialects_named(dialect),
    )
    for problem in collected.problems:
        echo_problem(problem)
    if json_:
        echo(json.dumps(st.to_json(collected), indent=2))
    else:
        echo(st.render_text(collected), nl=False)
    raise typer.Exit(_status(collected.problems, bool(collected.invalid)))


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
    raise typer.Exit(_status(report.problems, bool(report.groups)))


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
    raise typer.Exit(_status(report.problems, bool(report.groups)))


def _status(problems: list[Diagnostic], failed: bool) -> int:
    if any(p.code in (codes.UNREADABLE, codes.NO_RECORD) for p in problems):
        return 2
    return int(failed)
