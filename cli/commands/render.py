"""The ``render`` command: a record's position drawn as text or SVG, or its games in the
HTML viewer."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from ..options import (
    OUTPUT,
    ConfigOption,
    DialectOption,
    EncodingOption,
    GameOption,
    IsolatedOption,
    OutputOption,
    ReportOption,
    at_least,
    configured,
    encoding_named,
    fail,
    guarded,
    one_of,
    report_to,
    settings_of,
    writable,
    write_out,
)
from ..progress import LateProgress, terminal

# What the command runs is imported in its body: building the command line costs only
# what defining its options needs.
if TYPE_CHECKING:
    from rich.progress import Progress, TaskID


@guarded
def render(
    source: Annotated[
        str,
        typer.Argument(help="A record file (also compressed), or - for stdin.", metavar="FILE"),
    ],
    index: Annotated[
        int,
        typer.Option(
            "--index",
            help="Which game of the file (1-based).",
            metavar="N",
            callback=at_least(1),
        ),
    ] = 1,
    ply: Annotated[
        int | None,
        typer.Option(
            "--ply",
            "-p",
            help="Show the position after this ply (default: the end).",
            metavar="N",
            callback=at_least(0),
        ),
    ] = None,
    form: Annotated[
        str,
        typer.Option(
            "--picture",
            help="text (a terminal diagram), svg, or html (a viewer page of every game).",
            metavar="NAME",
            callback=one_of("text", "svg", "html"),
        ),
    ] = "text",
    output: OutputOption = None,
    report: ReportOption = None,
    game: GameOption = None,
    dialect: DialectOption = None,
    encoding: EncodingOption = "auto",
    config_file: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Draw the position of a record at a ply, the last move marked.

    The record's problems are reported as `validate` reports them. Without --ply the end of
    the main line is drawn; when a ply of it is illegal there is no end to draw, so nothing
    is drawn (exit 1) and the message names the last ply that can be.
    """
    from notation.archive.runs import read_as
    from notation.io.files import expand
    from notation.pages.render import RenderError
    from notation.pages.render import render as draw
    from notation.run.settings import Games

    config = configured(config_file, isolated)
    chosen, dialects, config = settings_of(read_as, game=game, dialects=dialect, config=config)
    inputs = list(expand([source]))
    default = Games(chosen, config).of(inputs[0].name if len(inputs) == 1 else source)
    writable(output, inputs)
    told = report_to(report, [source], records_on_stdout=output is None, output=output)
    try:
        # While it shows, rich's display takes over standard output too: not when the
        # report goes there and that is not a terminal.
        shown = terminal(sys.stderr) and (told.err or told.file is not None or terminal(sys.stdout))
        with _Progress(form == "html" and not OUTPUT.quiet and shown) as progress:
            drawn = draw(
                source,
                inputs,
                form=form,
                index=index,
                ply=ply,
                default=default,
                dialects=dialects,
                encoding=encoding_named(encoding),
                tell=told.tell,
                progress=progress.games,
            )
    except RenderError as error:
        if error.option is None:
            fail(str(error))
        raise typer.BadParameter(str(error), param_hint=error.option) from None
    if drawn.note is not None:
        told.say(drawn.note)
    with told.staged() as stage:
        if drawn.drawn:
            write_out(output, drawn.write, stage)
        told.close()
    raise typer.Exit(drawn.status)


class _Progress(LateProgress):
    """The games replayed so far, on standard error after a second when ``shown`` (a
    terminal), as ``validate`` shows its progress."""

    def made(self) -> tuple[Progress, TaskID]:
        from rich.console import Console
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        bar = Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            TimeElapsedColumn(),
            # Lines printed above the display are never cut at its width.
            console=Console(stderr=True, soft_wrap=True),
            transient=True,
        )
        return bar, bar.add_task("", total=None)

    def games(self, done: int) -> None:
        """``done`` games replayed."""
        if self.due():
            self.update(description=f"{done} games drawn")


command = render
"""The command :mod:`cli.main` registers."""
