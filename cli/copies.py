"""What ``select``, ``split`` and ``merge`` share: their options and their report on
standard error (the problems met reading and a summary line, or with ``--format json``
one document)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from notation.diagnostics import Diagnostic

from .options import echo_problem, note, one_of, say

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
        metavar="NAME",
        callback=one_of(*FORMS),
    ),
]

T = TypeVar("T")


def parsed(parse: Callable[[str], T], text: str, hint: str) -> T:
    try:
        return parse(text)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint=hint) from None


def json_form(form: str) -> bool:
    """Whether the report is JSON; a usage error for an unknown form."""
    if form not in FORMS:
        raise typer.BadParameter(" or ".join(FORMS) + " expected", param_hint="--format")
    return form == "json"


class Report:
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
            note(summary)


def where(found: Occurrence) -> dict[str, Any]:
    return {"path": found.path, "index": found.index, "line": found.line}
