"""The ``fix`` command: results, PlyCount, standard tags and setup tags made consistent.

Registered by :mod:`cli.main` (``app.command()(fix)``). The fixes are
:mod:`notation.archive.fix`'s; what is written, and when, is
:mod:`notation.archive.rewrite`'s policy: a record that needs nothing is written as its
original text, and a record read with a dialect (docs/dialects.md) is written canonically.
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
    KeepBrokenOption,
    OutputOption,
    PathsArgument,
    default_game,
    encoding_named,
    fail,
    guarded,
    plural,
    say,
)
from notation import diagnostics as codes
from notation.archive.fix import FIXES, fix_record
from notation.archive.rewrite import Edited, Options, RewriteError, rewrite
from notation.check.report import diagnostic_dict, json_document
from notation.check.validator import validate_record
from notation.diagnostics import Diagnostic, Severity
from notation.io.inputs import Found, expand

REPORT_FORMAT = "notation-fix"
"""The ``format`` field of the JSON report of ``fix --format json``."""

REPORT_VERSION = 1
"""The ``version`` field of that report; it changes when the schema changes."""

FORMS = ("text", "json")
"""The forms of the report."""

DIALECTS = frozenset(
    {codes.RESULT_DIALECT, codes.UNQUOTED_TAG, codes.FEN_UNKNOWN, codes.FEN_COUNTERS}
)
"""The notices of dialects read: a record with one is written canonically."""


@dataclass(slots=True)
class _Run:
    """What one fix run did: the counts, and the report when it is JSON."""

    json: bool
    games: int = 0
    fixed: int = 0
    changes: int = 0
    left: int = 0
    unchanged: int = 0
    verdicts: list[dict[str, Any]] = field(default_factory=list)
    diagnostics: list[dict[str, Any]] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)

    def count(self, found: Found, made: int, problems: list[Diagnostic]) -> None:
        """Count one game: ``made`` changes, ``problems`` what its validation finds."""
        self.games += 1
        self.changes += made
        if any(p.severity is Severity.ERROR for p in problems):
            self.left += 1
            outcome = "left"
        elif made:
            self.fixed += 1
            outcome = "fixed"
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
                    "outcome": outcome,
                    "changes": made,
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
            f"{self.games} {plural(self.games, 'game')}: {self.fixed} fixed "
            f"({self.changes} {plural(self.changes, 'change')}), "
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
                    "fixed": self.fixed,
                    "changes": self.changes,
                    "left": self.left,
                    "unchanged": self.unchanged,
                    "exit_status": status,
                },
            }
        )


def _flag(name: str, what: str) -> Any:
    return typer.Option(f"--{name}", help=what)


@guarded
def fix(
    paths: PathsArgument,
    output: OutputOption = None,
    in_place: InPlaceOption = False,
    results: Annotated[
        bool,
        _flag(
            "results",
            "Make the Result tag and the movetext's result agree with what the rules decide "
            "(where they decide nothing, with each other: the movetext's result wins).",
        ),
    ] = False,
    plycount: Annotated[
        bool, _flag("plycount", "Write a PlyCount tag with the main line's plies.")
    ] = False,
    tags: Annotated[
        bool,
        _flag(
            "tags",
            "Add the missing standard tags (Event Site Date Round White Black Result) as ?, "
            "and put them first, in PDN's order.",
        ),
    ] = False,
    fen: Annotated[
        bool,
        _flag(
            "fen", "Write the FEN tag in the canonical form: every square, no ranges or counters."
        ),
    ] = False,
    keep_broken: KeepBrokenOption = False,
    form: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="The report on standard error: text (one line per change or problem) or "
            "json (one document).",
        ),
    ] = "text",
    game: GameOption = None,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
) -> None:
    """Make records consistent: results, PlyCount, standard tags and setup tags.

    Without an option every fix is applied (--results --plycount --tags --fen). A record
    that needs nothing is written exactly as it was read (--in-place leaves a file that
    needs nothing untouched); a record read with a dialect (1:0, [Round 17], FEN counters,
    ...) is written in canonical PDN.

    Standard error gets one REC250 line per change, each dialect read and what the
    validator still finds, then a summary. Exit status: 0 when every game is valid, 1 when
    one has an error (it is still written, fixed as far as it can be; a game with a syntax
    error is not, and nothing is written, unless --keep-broken), 2 for a usage error or an
    input that cannot be read.
    """
    default = default_game(game)
    if form not in FORMS:
        raise typer.BadParameter(" or ".join(FORMS) + " expected", param_hint="--format")
    asked = {"results": results, "plycount": plycount, "tags": tags, "fen": fen}
    chosen = tuple(name for name in FIXES if asked[name]) or FIXES
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
        made = fix_record(record, chosen, path=path, default=default)
        read = sum(1 for d in record.diagnostics if d.code in DIALECTS)
        left = validate_record(record, path=path, default=default).diagnostics
        run.count(found, len(made) + read, left)
        changed = bool(made) or bool(read) or record.has_syntax_errors
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
