"""What the ``render`` command does, in one call: the position of a game of one file at a
ply drawn as a text diagram or an SVG picture, or every game of the file in the viewer
page (:mod:`notation.pages.html`), each game replayed once, as ``validate`` replays it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from notation.archive.draw import (
    DrawError,
    NoPosition,
    drawing_at,
    file_reports,
    judged,
    record_at,
)
from notation.check.dialects import NO_DIALECTS
from notation.check.report import GameReport
from notation.diagnostics import Diagnostic
from notation.games.base import AnyGame
from notation.io.files import Input, Missing
from notation.pages.html import Viewer, Writer
from notation.pictures import render_svg

FORMATS = ("text", "svg", "html")
"""What ``render`` draws: a text diagram, an SVG picture, or the viewer page."""


class RenderError(Exception):
    """A usage error: nothing is drawn, and the message says why; ``option`` is the
    option at fault, if one is."""

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


@dataclass(frozen=True, slots=True)
class Rendered:
    """What ``render`` made: the ``text`` to write or the ``viewer`` page to write
    (``None`` both: nothing was drawn), a ``note`` for the person running (why nothing
    was drawn), and the exit status."""

    text: str | None
    status: int
    note: str | None = None
    viewer: Viewer | None = None
    first: int = 1
    """The game the viewer page shows when it opens."""

    @property
    def drawn(self) -> bool:
        """Whether something was drawn, to be written (:meth:`write`)."""
        return self.text is not None or self.viewer is not None

    def write(self, out: Writer) -> None:
        """Write what was drawn to ``out``, the viewer page as it is made."""
        if self.viewer is not None:
            self.viewer.write(out, first=self.first)
        elif self.text is not None:
            out.write(self.text)


def render(
    source: str,
    inputs: list[Input | Missing],
    *,
    form: str = "text",
    index: int = 1,
    ply: int | None = None,
    default: AnyGame | None = None,
    dialects: frozenset[str] = NO_DIALECTS,
    encoding: str | None = None,
    tell: Callable[[Diagnostic], None] = lambda problem: None,
    progress: Callable[[int], None] | None = None,
) -> Rendered:
    """Draw game ``index`` (1-based) of the one input ``source`` names (``inputs``, as
    expanded) at ``ply`` (``None``: the end of its main line) in ``form`` (one of
    :data:`FORMATS`), or, in ``html``, every game of it, game ``index`` shown first.

    ``tell`` is given each problem of the records as ``validate`` reports it, and
    ``progress`` the number of games replayed so far (html). The status is 2 when the
    input cannot be read, else 1 when a record drawn has an error (or nothing could be
    drawn), else 0. :class:`RenderError` for a usage error."""
    if form not in FORMATS:
        raise RenderError("choose text, svg or html", "--picture")
    if form == "html" and ply is not None:
        raise RenderError("html shows every ply; leave out --ply", "--ply")
    if len(inputs) > 1:
        named = "is a folder of" if Path(source).is_dir() else "names"
        raise RenderError(
            f"render draws one file; {source} {named} {len(inputs)} record files: name one of them"
        )
    try:
        if form == "html":
            viewer = Viewer()

            def take(report: GameReport) -> None:
                viewer.add(report)
                if progress is not None:
                    progress(viewer.games)

            games, status = file_reports(
                inputs, index, encoding, tell, take, default=default, dialects=dialects
            )
            if not games:
                return Rendered(None, status or 2)
            return Rendered(None, status, viewer=viewer, first=index)
        record, name, status = record_at(inputs, index, encoding, tell)
    except DrawError as error:
        raise RenderError(str(error)) from None
    if record is None:
        return Rendered(None, status or 2)
    report = judged(record, name, default=default, dialects=dialects)
    for problem in report.diagnostics:
        tell(problem)
    if report.errors:
        status = max(status, 1)
    try:
        drawn = drawing_at(record, report, ply)
    except NoPosition as missing:
        legal = missing.legal
        if missing.why == "past":
            raise RenderError(f"game {index} has {legal} legal plies", "--ply") from None
        if missing.why == "unplayed":
            return Rendered(
                None,
                max(status, 1),
                f"{name}: game {index} was not replayed (see above), so there is no position "
                "to draw",
            )
        return Rendered(
            None,
            1,
            f"{name}: game {index}: ply {legal + 1} is illegal, so the game has no end to draw; "
            f"--ply {legal} draws the last legal position",
        )
    if form == "svg":
        text = render_svg(drawn.game, drawn.position, drawn.last, drawn.notation)
    else:
        text = drawn.game.render_text(drawn.position, drawn.last, drawn.notation) + "\n"
    return Rendered(text, status)
