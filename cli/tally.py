"""The run of a command that mends records (``repair``, ``fix``): its counts, its report.

Each game is counted as mended, left with errors, or unchanged; the run ends with a
summary line on standard error, or with ``--format json`` one JSON document there (the
records themselves go where :func:`notation.archive.rewrite.rewrite` writes them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn

import typer

from notation.diagnostics import Diagnostic, Severity

from .options import fail, note, plural, say

if TYPE_CHECKING:
    from notation.archive.mend import Counted
    from notation.io.files import Input, Missing
    from notation.read.sources import Found

Mend = Callable[
    [
        list["Input | Missing"],
        "Counted",
        Callable[[str], None],
        Callable[[Diagnostic], None] | None,
    ],
    int,
]
"""A mending command's run over its inputs: :func:`notation.archive.mend.fix_files` or
:func:`notation.archive.mend.repair_files` with its options bound."""

FORMS = ("text", "json")
"""The forms of the report."""

REPORT_VERSION = 1
"""The ``version`` field of the JSON reports; it changes when a schema changes."""


@dataclass(slots=True)
class Tally:
    """What one run did. ``report`` names the JSON document (``notation-repair``);
    ``mended`` what a mended game is (``corrected``) and ``unit`` one change to it
    (``correction``)."""

    report: str
    mended: str
    unit: str
    json: bool
    games: int = 0
    done: int = 0
    units: int = 0
    left: int = 0
    unchanged: int = 0
    verdicts: list[dict[str, Any]] = field(default_factory=list)
    diagnostics: list[dict[str, Any]] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)

    def count(
        self,
        found: Found,
        made: int,
        problems: list[Diagnostic],
        extra: dict[str, Any],
    ) -> None:
        """Count one game: ``made`` changes, ``problems`` what its validation finds;
        ``extra`` goes into its entry of the JSON report."""
        self.games += 1
        self.units += made
        if any(p.severity is Severity.ERROR for p in problems):
            self.left += 1
            outcome = "left"
        elif made:
            self.done += 1
            outcome = self.mended
        else:
            self.unchanged += 1
            outcome = "unchanged"
        if self.json:
            record = found.record
            line, column = record.pos
            entry: dict[str, Any] = {
                "path": found.input.name,
                "index": record.index,
                "line": line,
                "column": column,
                **extra,
                "outcome": outcome,
                f"{self.unit}s": made,
            }
            self.verdicts.append(entry)

    def say(self, text: str) -> None:
        if self.json:
            self.messages.append(text)
        else:
            say(text)

    def tell(self, diagnostic: Diagnostic) -> None:
        from notation.run.formats import diagnostic_dict

        self.diagnostics.append(diagnostic_dict(diagnostic))

    def summary(self) -> str:
        return (
            f"{self.games} {plural(self.games, 'game')}: {self.done} {self.mended} "
            f"({self.units} {plural(self.units, self.unit)}), "
            f"{self.left} left with errors, {self.unchanged} unchanged"
        )

    def document(self, status: int) -> str:
        """The JSON report."""
        from notation.run.formats import json_document

        return json_document(
            {
                "format": self.report,
                "version": REPORT_VERSION,
                "games": self.verdicts,
                "diagnostics": self.diagnostics,
                "messages": self.messages,
                "summary": {
                    "games": self.games,
                    self.mended: self.done,
                    f"{self.unit}s": self.units,
                    "left": self.left,
                    "unchanged": self.unchanged,
                    "exit_status": status,
                },
            }
        )

    def run(self, paths: list[str], mend: Mend) -> NoReturn:
        """Mend the records of ``paths`` with ``mend`` (given the inputs, :meth:`count`,
        :meth:`say` and, for the JSON report, :meth:`tell`), report, and exit with the
        status."""
        from notation.archive.rewrite import RewriteError
        from notation.io.files import expand

        try:
            status = mend(
                list(expand(paths)), self.count, self.say, self.tell if self.json else None
            )
        except RewriteError as error:
            fail(str(error))
        if self.json:
            typer.echo(self.document(status), err=True, nl=False)
        elif self.games:
            note(self.summary())
        raise typer.Exit(status)
