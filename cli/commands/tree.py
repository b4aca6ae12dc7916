"""The ``tree`` command: the moves played from a position in the games of an index
(:func:`notation.index.query.tree`), with their games and results.

Exit status: 0, 2 for a usage error (a position the game cannot read) or an index that
cannot be used.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from notation.games.registry import GAMES
from notation.index.target import index_base, index_target

from ..options import (
    ConfigOption,
    IsolatedOption,
    OutputOption,
    configured,
    game_named,
    guarded,
    notation_any_case,
    one_of,
    parsed,
    plural,
    write_text,
)
from .index import DbOption, opened_index, refuse_index_output, refuse_source_output

FORMS = ("text", "json")


@guarded
def tree(
    variant: Annotated[
        str,
        typer.Option(
            "--game",
            "-g",
            help="The game (`notation games`).",
            metavar="NAME",
            callback=one_of(*GAMES),
        ),
    ],
    db: DbOption = None,
    moves: Annotated[
        str | None,
        typer.Option(
            "--moves",
            help='The position these moves reach from the start ("22-18 11-15"), in any of '
            "the game's notations.",
            metavar="MOVES",
        ),
    ] = None,
    position: Annotated[
        str | None,
        typer.Option("--position", help="The position of this FEN.", metavar="FEN"),
    ] = None,
    layout: Annotated[
        str | None,
        typer.Option(
            "--layout",
            help="Knight Fight: the games' start, their Layout tag (needed: each layout is a "
            "start of its own, and a FEN does not name it).",
            metavar="LAYOUT",
        ),
    ] = None,
    notation: Annotated[
        str | None,
        typer.Option(
            "--notation",
            "-n",
            help="Write the moves in this notation.",
            metavar="NAME",
            callback=notation_any_case,
        ),
    ] = None,
    form: Annotated[
        str,
        typer.Option(
            "--format", "-f", help="text or json.", metavar="NAME", callback=one_of("text", "json")
        ),
    ] = "text",
    output: OutputOption = None,
    config_file: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """The moves played from a position in the indexed games, most played first.

    The position is --position's FEN, or the one --moves reach from the start (default:
    the start); for Knight Fight, in the layout --layout gives (needed: its games have no
    single start). It counts every game whose main line, as validate replayed it, reaches
    it by any move order, once per game; games with an error that do not reach it are left
    out and counted. Exit status: 0, 2 for a usage error or an index that cannot be used.
    """
    from notation.archive.filters import parse_opening
    from notation.index.query import NoPosition, single_start
    from notation.index.query import tree as grow

    game = game_named(variant)
    if form not in FORMS:
        raise typer.BadParameter("choose text or json", param_hint="--format")
    if moves is not None and position is not None:
        raise typer.BadParameter("give --moves or --position, not both", param_hint="--moves")
    if notation is not None and notation not in game.notations:
        raise typer.BadParameter(
            f"{game.title} has no notation {notation!r}; its notations are "
            + ", ".join(game.notations),
            param_hint="--notation",
        )
    if layout is None and not single_start(game):
        raise typer.BadParameter(
            f"{game.title} has no single start: each game's Layout tag sets its own, and a "
            "position is one of a layout; give the layout of the games to look at",
            param_hint="--layout",
        )
    if layout is not None and single_start(game):
        raise typer.BadParameter(
            f"{game.title} has a single start: no layout is given for it", param_hint="--layout"
        )
    start = None if layout is None else {"Layout": layout}
    words = () if moves is None else parsed(parse_opening, moves, "--moves")
    config = configured(config_file, isolated)
    target = index_target(db, config)
    refuse_index_output(output, target)
    with opened_index(target) as opened:
        refuse_source_output(output, opened, index_base(config))
        try:
            found = grow(opened, game, moves=words, fen=position, notation=notation, start=start)
        except NoPosition as error:
            hint = "--position" if position is not None else "--moves" if words else "--layout"
            raise typer.BadParameter(f"{game.title}: {error}", param_hint=hint) from None
    document = found.as_json()
    if form == "json":
        body = json.dumps(document, indent=1, ensure_ascii=False) + "\n"
    else:
        lines = [f"{document['position']}: {found.games} {plural(found.games, 'game')}"]
        if found.opening is not None:
            named = found.opening
            lines.append(
                f"opening {named.code}"
                + ("" if named.name is None else f" ({named.name})")
                + f", {named.source}"
            )
        for branch in found.moves:
            results = "  ".join(f"{r} {n}" for r, n in branch.results.items())
            lines.append(
                f"{branch.move:<12} {branch.games:>6} {plural(branch.games, 'game'):<5}  {results}"
            )
        if found.ended:
            lines.append(f"{found.ended} {plural(found.ended, 'game')} ended here")
        lines.append(
            f"{found.left_out} {plural(found.left_out, 'game')} of {game.name} with errors left out"
        )
        body = "\n".join(lines) + "\n"
    write_text(output, body)


command = tree
