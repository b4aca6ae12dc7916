"""The ``repair`` command: score-sheet slips corrected where the rest of the game tells.

Registered by :mod:`cli.main` (``app.command()(repair)``). The search is
:mod:`notation.check.repair`'s; what is written, and when, is
:mod:`notation.archive.rewrite`'s policy, with one addition: a record that needs no
correction, or has none clear enough, is written as its original text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

import typer

from cli.options import (
    AllowEmptyOption,
    EncodingOption,
    GameOption,
    InPlaceOption,
    OutputOption,
    PathsArgument,
    default_game,
    encoding_named,
    fail,
    guarded,
    plural,
    say,
)
from notation.archive.rewrite import Edited, Options, RewriteError, rewrite
from notation.check.repair import repair_record
from notation.check.report import diagnostic_dict, json_document
from notation.check.validator import validate_record
from notation.diagnostics import Diagnostic, Severity
from notation.games.base import Game
from notation.games.registry import resolve_game
from notation.io.inputs import Found, expand

REPORT_FORMAT = "notation-repair"
"""The ``format`` field of the JSON report of ``repair --format json``."""

REPORT_VERSION = 1
"""The ``version`` field of that report; it changes when the schema changes."""

FORMS = ("text", "json")
"""The forms of the report."""


@dataclass(slots=True)
class _Run:
    """What one repair run did: the counts, and the report when it is JSON."""

    json: bool
    games: int = 0
    corrected: int = 0
    corrections: int = 0
    left: int = 0
    unchanged: int = 0
    verdicts: list[dict[str, Any]] = field(default_factory=list)
    diagnostics: list[dict[str, Any]] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)

    def count(self, found: Found, game: str | None, made: int, problems: list[Diagnostic]) -> None:
        """Count one game: ``made`` corrections, ``problems`` what is left of it."""
        self.games += 1
        self.corrections += made
        if any(p.severity is Severity.ERROR for p in problems):
            self.left += 1
            outcome = "left"
        elif made:
            self.corrected += 1
            outcome = "corrected"
        else:
            self.unchanged += 1
            outcome = "unchanged"
        if self.json:
            record = found.record
            line, column = record.pos
            self.verdicts.append(
                {
                    "path": found.input.name,
                    "index": record.index,
                    "line": line,
                    "column": column,
                    "game": game,
                    "outcome": outcome,
                    "corrections": made,
                }
            )

    def say(self, text: str) -> None:
        if self.json:
            self.messages.append(text)
        else:
            say(text)

    def tell(self, diagnostic: Diagnostic) -> None:
        self.diagnostics.append(diagnostic_dict(diagnostic))

    def summary(self) -> str:
        return (
            f"{self.games} {plural(self.games, 'game')}: {self.corrected} corrected "
            f"({self.corrections} {plural(self.corrections, 'correction')}), "
            f"{self.left} left with errors, {self.unchanged} unchanged"
        )

    def document(self, status: int) -> str:
        """The JSON report."""
        return json_document(
            {
                "format": REPORT_FORMAT,
                "version": REPORT_VERSION,
                "games": self.verdicts,
                "diagnostics": self.diagnostics,
                "messages": self.messages,
                "summary": {
                    "games": self.games,
                    "corrected": self.corrected,
                    "corrections": self.corrections,
                    "left": self.left,
                    "unchanged": self.unchanged,
                    "exit_status": status,
                },
            }
        )


@guarded
def repair(
    paths: PathsArgument,
    output: OutputOption = None,
    in_place: InPlaceOption = False,
    keep_broken: Annotated[
        bool,
        typer.Option(
            "--keep-broken",
            help="Write games with a syntax error too, their text from the error on kept "
            "verbatim in comments (the exit status is still 1). Without it nothing is "
            "written when a game has one.",
        ),
    ] = False,
    form: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="The report on standard error: text (one line per problem) or json (one "
            "document).",
        ),
    ] = "text",
    game: GameOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
) -> None:
    """Correct score-sheet slips: the move meant is the one after which the rest replays.

    A correction is made only when one candidate is clearly the likeliest; the text as
    written is kept in a comment on the ply ({was: 22-13}, {was: missing},
    {was: 22-13, deleted}), and everything else the record had is kept. A record with
    nothing to correct, or no clear correction, is written exactly as it was read, so a
    legal game never changes, and --in-place leaves a file that needs nothing untouched.

    Standard error gets one REC230 line per correction, what is left of each game
    (an illegal move with its candidates), and a summary. Exit status: 0 when every game
    replays after repair, 1 when one is left with an error (it is still written, as it
    was; a game with a syntax error is not, and nothing is written, unless --keep-broken),
    2 for a usage error or an input that cannot be read.
    """
    default = default_game(game)
    if form not in FORMS:
        raise typer.BadParameter(" or ".join(FORMS) + " expected", param_hint="--format")
    options = Options(
        output=output,
        in_place=in_place,
        keep_broken=keep_broken,
        encoding=encoding_named(encoding),
        allow_empty=allow_empty,
    )
    run = _Run(json=form == "json")

    def edit(found: Found) -> Edited:
        record, path = found.record, found.input.name
        resolved = resolve_game(record.tag_dict(), default)
        playable = resolved if isinstance(resolved, Game) else None
        made = [] if playable is None else repair_record(playable, record, path)
        left = validate_record(record, path=path, default=default).diagnostics
        run.count(found, None if playable is None else playable.name, len(made), left)
        # A syntax error is written, if at all, as every writing command writes it.
        changed = bool(made) or record.has_syntax_errors
        return Edited([*made, *left], changed=changed)

    try:
        status = rewrite(
            list(expand(paths)), edit, options, run.say, run.tell if run.json else None
        )
    except RewriteError as error:
        fail(str(error))
    if run.json:
        typer.echo(run.document(status), err=True, nl=False)
    elif run.games:
        say(run.summary())
    raise typer.Exit(status)
