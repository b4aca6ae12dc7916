"""The ``split`` command: each group of games written to a file of its own
(:mod:`notation.archive.split`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..copies import FormatOption, Report, json_form, parsed, where
from ..options import (
    AllowEmptyOption,
    EncodingOption,
    GameOption,
    PathsArgument,
    default_game,
    encoding_named,
    fail,
    guarded,
    plural,
    say,
)


@guarded
def split(
    paths: PathsArgument,
    by: Annotated[
        str,
        typer.Option(
            "--by",
            help="Group by event, round, tag:NAME (a tag's value), game, or every:N (runs "
            "of N games).",
            metavar="GROUPING",
        ),
    ],
    folder: Annotated[
        Path,
        typer.Option(
            "--dir", "-d", help="The folder of the files (made when missing).", metavar="DIR"
        ),
    ],
    force: Annotated[
        bool, typer.Option("--force", help="Replace files of DIR that have the names.")
    ] = False,
    form: FormatOption = "text",
    game: GameOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
) -> None:
    """Write each group of games to a file of its own, every game to exactly one.

    A file is named by its group's value made a safe file name (lower case, letters and
    digits kept, other characters -, numbers padded to sort, unknown for a missing tag, -2
    after a name already taken, at most 255 bytes), and holds its games' texts in input
    order. Files are written once every input is read and every name is checked, each
    atomically; none when an input cannot be read or a file of that name exists (unless
    --force) (exit 2). An error writing removes the files written.

    Standard error gets a warning when no game has the tag grouped by, one line per file
    written and a summary (or, with --format json, one document).
    """
    from notation.archive import select as sel
    from notation.archive.split import check_folder, grouping, split_games, tag_grouped
    from notation.io.files import expand
    from notation.io.output import OutputError, display

    default = default_game(game)
    json = json_form(form)
    group = parsed(lambda text: grouping(text, default), by, "--by")
    inputs = list(expand(paths))
    try:
        check_folder(folder, inputs)
    except OutputError as error:
        fail(str(error))
    report = Report(json)
    copier = sel.Copier(report.tell, encoding_named(encoding), allow_empty)
    done = split_games(inputs, group, folder, copier, force=force, tag=tag_grouped(by))
    if not json:
        for warning in done.warnings:
            say(f"notation: warning: {warning}")
        for part in done.parts:
            say(f"{part.path}: {len(part.games)} {plural(len(part.games), 'game')}")
    body = {
        "files": [
            {"path": p.path, "value": p.value, "games": [where(g) for g in p.games]}
            for p in done.parts
        ],
        "summary": {"games": done.games, "files": len(done.parts), "exit_status": done.status},
        "warnings": done.warnings,
    }
    files = len(done.parts)
    summary = (
        f"{done.games} {plural(done.games, 'game')} in {files} {plural(files, 'file')} "
        f"of {display(folder)}"
    )
    report.end("split", body, summary, done.refused, done.games)
    raise typer.Exit(done.status)


command = split
"""The command :mod:`cli.main` registers."""
