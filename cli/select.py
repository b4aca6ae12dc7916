"""The ``select``, ``split`` and ``merge`` commands: games chosen, grouped and joined,
each written as its original text.

Registered by :mod:`cli.main` (``app.command()(select)``). The filters are
:mod:`notation.archive.select`'s, the groups :mod:`notation.archive.split`'s, the copies
:mod:`notation.check.identity`'s. Each command reports on standard error: the problems
met reading and a summary line, or with ``--format json`` one document. Exit status: 0,
1 when a game to write has no text to copy (past the reader's limits), 2 for a usage
error or an input that cannot be read (then nothing is written).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from cli.options import (
    AllowEmptyOption,
    DialectOption,
    EncodingOption,
    GameOption,
    OutputOption,
    PathsArgument,
    default_game,
    dialects_named,
    echo_problem,
    encoding_named,
    fail,
    game_named,
    guarded,
    plural,
    say,
    writable,
)
from notation.diagnostics import CODES, Diagnostic

if TYPE_CHECKING:
    from notation.check.identity import Occurrence

REPORT_VERSION = 1
"""The ``version`` field of the JSON reports; it changes when their schema changes."""

FORMS = ("text", "json")

FormatOption = Annotated[
    str,
    typer.Option(
        "--format",
        "-f",
        help="The report on standard error: text (problems and a summary line) or json "
        "(one document).",
    ),
]

T = TypeVar("T")


def _parsed(parse: Callable[[str], T], text: str, hint: str) -> T:
    try:
        return parse(text)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint=hint) from None


def _form(form: str) -> bool:
    """Whether the report is JSON; a usage error for an unknown form."""
    if form not in FORMS:
        raise typer.BadParameter(" or ".join(FORMS) + " expected", param_hint="--format")
    return form == "json"


class _Report:
    """Problems met reading: printed as they come, or kept for the JSON document."""

    def __init__(self, json: bool) -> None:
        self.json = json
        self.diagnostics: list[dict[str, Any]] = []

    def tell(self, diagnostic: Diagnostic) -> None:
        from notation.run.formats import diagnostic_dict

        if self.json:
            self.diagnostics.append(diagnostic_dict(diagnostic))
        else:
            echo_problem(diagnostic)

    def end(
        self, command: str, body: dict[str, Any], summary: str, refused: str | None, games: int
    ) -> None:
        """Report the end: the JSON document, or (when ``games`` were read) why nothing
        was written and ``summary``."""
        from notation.run.formats import json_document

        if self.json:
            document = {"format": f"notation-{command}", "version": REPORT_VERSION, **body}
            document["diagnostics"] = self.diagnostics
            document["refused"] = refused
            typer.echo(json_document(document), err=True, nl=False)
            return
        if games:
            if refused is not None:
                say(f"nothing written: {refused}")
            say(summary)


def _where(found: Occurrence) -> dict[str, Any]:
    return {"path": found.path, "index": found.index, "line": found.line}


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

    Standard error gets the problems met reading and "N of M games selected" (or, with
    --format json, one document saying where each game went). Exit status: 0, 1 when a
    game to write has no text to copy, 2 for a usage error or an input that cannot be
    read (then nothing is written).
    """
    from notation.archive import select as sel
    from notation.io.inputs import expand

    default = default_game(game)
    dialects = dialects_named(dialect)
    json = _form(form)
    if variant is not None:
        variant = game_named(variant, "--variant").name
    if code is not None and code not in CODES:
        raise typer.BadParameter(
            f"no diagnostic code {code!r} (see `notation codes`)", param_hint="--code"
        )
    if position is not None:
        _parsed(lambda fen: sel.check_position(fen, variant), position, "--position")
    filters = sel.Filters(
        result=None if result is None else _parsed(sel.check_result, result, "--result"),
        tags=tuple(_parsed(sel.parse_tag, t, "--tag") for t in tag or ()),
        variant=variant,
        plies=None if plies is None else _parsed(sel.parse_plies, plies, "--plies"),
        opening=() if opening is None else _parsed(sel.parse_opening, opening, "--opening"),
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
    report = _Report(json)
    copier = sel.Copier(report.tell, encoding_named(encoding), allow_empty)
    done = sel.select_games(
        inputs,
        sel.Selector(filters, default, dialects),
        copier,
        output=output,
        rest=rest,
        keep=json,
    )
    body = {
        "games": [
            {**_where(p.where), "selected": p.selected, "written": p.written} for p in done.placed
        ],
        "summary": {"games": done.games, "selected": done.selected, "exit_status": done.status},
    }
    summary = f"{done.selected} of {done.games} {plural(done.games, 'game')} selected"
    report.end("select", body, summary, done.refused, done.games)
    raise typer.Exit(done.status)


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

    Standard error gets one line per file written and a summary (or, with --format json,
    one document).
    """
    from notation.archive import select as sel
    from notation.archive.split import check_folder, grouping, split_games
    from notation.io.inputs import expand
    from notation.io.output import OutputError, display

    default = default_game(game)
    json = _form(form)
    group = _parsed(lambda text: grouping(text, default), by, "--by")
    inputs = list(expand(paths))
    try:
        check_folder(folder, inputs)
    except OutputError as error:
        fail(str(error))
    report = _Report(json)
    copier = sel.Copier(report.tell, encoding_named(encoding), allow_empty)
    done = split_games(inputs, group, folder, copier, force=force)
    if not json:
        for part in done.parts:
            say(f"{part.path}: {len(part.games)} {plural(len(part.games), 'game')}")
    body = {
        "files": [
            {"path": p.path, "value": p.value, "games": [_where(g) for g in p.games]}
            for p in done.parts
        ],
        "summary": {"games": done.games, "files": len(done.parts), "exit_status": done.status},
    }
    files = len(done.parts)
    summary = (
        f"{done.games} {plural(done.games, 'game')} in {files} {plural(files, 'file')} "
        f"of {display(folder)}"
    )
    report.end("split", body, summary, done.refused, done.games)
    raise typer.Exit(done.status)


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
    says so: "b.pdn:16: game 2 is a copy of a.pdn:1 game 1". Then a summary line (or, with
    --format json, one document). Nothing is written when an input cannot be read (exit 2).
    """
    from notation.archive import select as sel
    from notation.archive.merge import merge_games
    from notation.io.inputs import expand

    default = default_game(game)
    json = _form(form)
    inputs = list(expand(paths))
    writable(output, inputs)
    report = _Report(json)
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
        for dropped in done.dropped:
            say(dropped.message())
    body = {
        "dropped": [{**_where(d.where), "copy_of": _where(d.first)} for d in done.dropped],
        "summary": {
            "games": done.games,
            "written": done.written,
            "dropped": len(done.dropped),
            "exit_status": done.status,
        },
    }
    copies = len(done.dropped)
    summary = (
        f"{done.written} of {done.games} {plural(done.games, 'game')} written, "
        f"{copies} {'copy' if copies == 1 else 'copies'} left out"
    )
    report.end("merge", body, summary, done.refused, done.games)
    raise typer.Exit(done.status)
