"""The ``convert`` command: records rewritten in another notation, or between PDN and JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

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
    encoding_named,
    fail,
    guarded,
    say,
)
from notation import diagnostics as codes
from notation.diagnostics import Diagnostic
from notation.games.registry import GAMES

# What the command runs is imported in its body: building the command line costs only
# what defining its options needs.
if TYPE_CHECKING:
    from notation.archive.rewrite import Edit, Options
    from notation.games.base import AnyGame
    from notation.io.inputs import Found
    from notation.record.model import Record


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
        ),
    ] = None,
    to: Annotated[
        str | None,
        typer.Option(
            "--to", help="Output format: pdn or json (default: from -o's suffix, else pdn)."
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
    --keep-broken. The output (standard output, -o OUT, or each input with --in-place) is
    written only when the run succeeded.
    """
    from notation.archive.convert import convert_record, keep_notation
    from notation.archive.rewrite import Options
    from notation.check.validator import record_game
    from notation.games.base import Game

    default = default_game(game)
    dialects = dialects_named(dialect)
    form = to or ("json" if output is not None and output.suffix.lower() == ".json" else "pdn")
    if notation is not None:
        _check_notation(notation, default)
    options = Options(
        output=output,
        in_place=in_place,
        form=form,
        keep_broken=keep_broken,
        encoding=encoding_named(encoding),
        allow_empty=allow_empty,
    )

    def edit(found: Found) -> list[Diagnostic]:
        record = found.record
        if notation is None or record.has_syntax_errors:
            read = keep_notation(record, path=found.input.name, default=default, dialects=dialects)
            return [*record.diagnostics, *read]
        game = record_game(record, default, dialects)
        if not isinstance(game, Game):
            return [copied_unchanged(game, record, found.input.name)]
        if notation not in game.notations:
            return [_no_such_notation(game, notation, record, found.input.name)]
        return convert_record(
            record, game, notation, path=found.input.name, mark=keep_broken, dialects=dialects
        )

    _rewrite(paths, edit, options)


def _check_notation(notation: str, default: AnyGame | None) -> None:
    """Refuse a notation that no game (or the ``--game`` game) has."""
    games = [default] if default is not None else list(GAMES.values())
    if not any(notation in g.notations for g in games):
        known = sorted({n for g in games for n in g.notations})
        raise typer.BadParameter(
            f"no game has a notation {notation!r}; choose one of {', '.join(known)}",
            param_hint="--notation",
        )


def _no_such_notation(game: AnyGame, notation: str, record: Record, path: str) -> Diagnostic:
    message = (
        f"{game.title} has no notation {notation!r} (game ",
        f"); its notations are {', '.join(game.notations)}",
    )
    return Diagnostic.in_game(codes.NOT_CONVERTED, message, *record.pos, path, record.index)


def _rewrite(paths: list[str], edit: Edit, options: Options) -> None:
    """Run a command that writes records; exit with its status."""
    from notation.archive.rewrite import RewriteError, rewrite
    from notation.io.inputs import expand

    try:
        status = rewrite(list(expand(paths)), edit, options, say)
    except RewriteError as error:
        fail(str(error))
    raise typer.Exit(status)


command = convert
"""The command :mod:`cli.main` registers."""
