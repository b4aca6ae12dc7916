"""The ``merge`` command: every game of every input written to one archive, copies left
out with ``--unique`` (:mod:`notation.archive.merge`)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..copies import FormatOption, Report, json_form, where
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
    guarded,
    plural,
    say,
    writable,
)


@guarded
def merge(
    paths: PathsArgument,
    output: OutputOption = None,
    unique: Annotated[
        bool,
        typer.Option(
            "--unique",
            help="Keep the first copy of each game (same game, start and main-line moves); "
            "report each copy left out.",
        ),
    ] = False,
    form: FormatOption = "text",
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
) -> None:
    """Write every game of every input, in input order, as its text, to one archive.

    With --unique a game that is a copy of an earlier one is left out, and standard error
    says so: "b.pdn:16: game 2 is a copy of a.pdn:1 game 1"; a file named twice is read
    once, with a warning. Then a summary line (or, with
    --format json, one document). Nothing is written when an input cannot be read (exit 2).
    """
    from notation.archive import select as sel
    from notation.archive.merge import merge_games
    from notation.io.files import expand

    default = default_game(game)
    json = json_form(form)
    inputs = list(expand(paths))
    writable(output, inputs)
    report = Report(json)
    copier = sel.Copier(report.tell, encoding_named(encoding), allow_empty)
    done = merge_games(
        inputs,
        copier,
        output=output,
        unique=unique,
        default=default,
        dialects=dialects_named(dialect),
    )
    if not json:
        for warning in done.warnings:
            say(f"notation: warning: {warning}")
        for dropped in done.dropped:
            say(dropped.message())
    body = {
        "dropped": [{**where(d.where), "copy_of": where(d.first)} for d in done.dropped],
        "summary": {
            "games": done.games,
            "written": done.written,
            "dropped": len(done.dropped),
            "exit_status": done.status,
        },
        "warnings": done.warnings,
    }
    copies = len(done.dropped)
    summary = (
        f"{done.written} of {done.games} {plural(done.games, 'game')} written, "
        f"{copies} {'copy' if copies == 1 else 'copies'} left out"
    )
    report.end("merge", body, summary, done.refused, done.games)
    raise typer.Exit(done.status)


command = merge
"""The command :mod:`cli.main` registers."""
