"""The ``validate`` command: a validation run (:func:`notation.run.validation.validate`)
with its report on standard output or a file, and a progress bar and summary on standard
error."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from notation.diagnostics import CODES

from ..options import (
    OUTPUT,
    AllowEmptyOption,
    CacheDirOption,
    ConfigOption,
    DialectOption,
    EncodingOption,
    GameOption,
    IsolatedOption,
    NoCacheOption,
    PathsArgument,
    SchedulerTimeoutOption,
    colored,
    configured,
    fail,
    guarded,
    note,
    one_of,
    plural,
    settings_of,
    standard_output,
    writable,
)
from ..progress import LateProgress, terminal

# What the command runs is imported in its body: building the command line costs only
# what defining its options needs.
if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

    from notation.run.formats import Page, Reporter, Writer
    from notation.run.validation import RunEvent


def _report_page() -> Page:
    """The HTML report's page (imported only when that report is asked for)."""
    from notation.pages.report import ReportPage

    return ReportPage()


@guarded
def validate(
    paths: PathsArgument,
    game: GameOption = None,
    dialect: DialectOption = None,
    format_: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            help="Report format: text, json, jsonl, github, junit, sarif, html.",
            metavar="NAME",
            callback=one_of("text", "json", "jsonl", "github", "junit", "sarif", "html"),
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write the report here, not stdout (- for stdout).",
            metavar="FILE",
            callback=standard_output,
        ),
    ] = None,
    fail_level: Annotated[
        str | None,
        typer.Option(
            "--fail-level",
            help="Lowest severity that fails the run: error or warning.",
            metavar="NAME",
            callback=one_of("error", "warning"),
        ),
    ] = None,
    exit_zero: Annotated[
        bool, typer.Option("--exit-zero", help="Exit 0 even when records have problems.")
    ] = False,
    select: Annotated[
        list[str] | None,
        typer.Option(
            "--select",
            help="Report only these codes or code prefixes (BR2,REC207).",
            metavar="CODES",
        ),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option("--ignore", help="Do not report these codes or prefixes.", metavar="CODES"),
    ] = None,
    statistics: Annotated[
        bool, typer.Option("--statistics", help="Count each code on stderr after the report.")
    ] = False,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            help="Validate in N processes at most (0: one per CPU); never more than the CPUs.",
            metavar="N",
        ),
    ] = None,
    duplicates: Annotated[
        bool,
        typer.Option(
            "--duplicates",
            help="Also report (REC208) a game that repeats an earlier one: the same moves "
            "from the same start, in any notation.",
        ),
    ] = False,
    encoding: EncodingOption = "auto",
    allow_empty: AllowEmptyOption = False,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            help="Validate on the Dask cluster whose scheduler is at ADDRESS "
            "(tcp://host:port), or on a local one (local: --jobs workers, 0 or 1: one per "
            "CPU). Needs notation[dask].",
            metavar="ADDRESS",
        ),
    ] = None,
    scheduler_timeout: SchedulerTimeoutOption = 10.0,
    cache_dir: CacheDirOption = None,
    no_cache: NoCacheOption = False,
    config_file: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Replay every move of every game and report each problem.

    The report goes to standard output (or --output), the summary and progress to standard
    error. Exit status: 0 when no reported problem reaches --fail-level (or --exit-zero),
    1 when one does, 2 for a usage error or an input that cannot be read.
    """
    from notation.io.files import Input, expand
    from notation.io.output import atomic_output, flush_stdout, spooled_stdout
    from notation.run.distributed import ClusterError
    from notation.run.formats import reporters
    from notation.run.settings import settings_from
    from notation.run.validation import validate as run_validation

    from ..display import ColoredTextReporter

    settings = settings_of(
        settings_from,
        config=configured(config_file, isolated),
        game=game,
        dialects=dialect,
        format=format_,
        fail_level=fail_level,
        select=select,
        ignore=ignore,
        exit_zero=exit_zero,
        duplicates=duplicates,
        encoding=encoding,
        allow_empty=allow_empty,
        jobs=jobs,
        scheduler=scheduler,
        scheduler_timeout=scheduler_timeout,
        cache_dir=cache_dir,
        no_cache=no_cache,
    )
    inputs = list(expand(paths))
    writable(output, inputs)
    sizes = [item.size for item in inputs if isinstance(item, Input)]
    total = None if None in sizes else sum(s or 0 for s in sizes)
    # The bar shares the terminal with the report only when both are on it.
    shown = output is None and not OUTPUT.quiet and terminal(sys.stderr) and terminal(sys.stdout)
    with contextlib.ExitStack() as stack:
        out: Writer = _StandardOutput()
        if output is not None:
            out = stack.enter_context(atomic_output(output))
        elif settings.scheduler is not None and not settings.trace:
            # A cluster can be lost mid-run: the report is printed only once it is whole.
            out = stack.enter_context(
                spooled_stdout(getattr(sys.stdout, "encoding", None) or "utf-8")
            )
        progress = stack.enter_context(_Progress(total, shown))
        reporter = reporters(_report_page)[settings.format](out)
        if settings.format == "text" and output is None and colored(sys.stdout):
            reporter = ColoredTextReporter(out)
        try:
            summary = run_validation(inputs, settings, on_event=progress.shown_with(reporter))
        except ClusterError as error:
            fail(str(error))
        reporter.finish(summary)
        if output is None:
            flush_stdout()
    if statistics:
        for code, count in sorted(summary.codes.items(), key=lambda item: (-item[1], item[0])):
            known = CODES[code]
            typer.echo(f"{count:>6}  {code:<7} {known.severity:<8} {known.summary}", err=True)
    errors, warnings, notices = summary.errors, summary.warnings, summary.notices
    note(
        f"{summary.games} {plural(summary.games, 'game')} in "
        f"{summary.files} {plural(summary.files, 'file')}: "
        f"{errors} {plural(errors, 'error')}, "
        f"{warnings} {plural(warnings, 'warning')}, "
        f"{notices} {plural(notices, 'notice')}"
    )
    raise typer.Exit(summary.exit_status)


class _StandardOutput:
    """Writes to whatever ``sys.stdout`` is at the time (the progress bar redirects it);
    standard output closed or failing is an output error."""

    def write(self, text: str) -> int:
        from notation.io.output import write_stdout

        write_stdout(text, flush=False)
        return len(text)


class _Progress(LateProgress):
    """A progress bar on standard error, shown after a second when ``shown`` (a terminal);
    ``total`` is the bytes to read, when known."""

    def __init__(self, total: int | None, shown: bool) -> None:
        super().__init__(shown)
        self.total = total
        self.done = 0
        self.games = 0

    def read(self, done: int) -> None:
        """Bytes read so far."""
        self.done = done
        self._show()

    def game(self) -> None:
        """One more game validated."""
        self.games += 1
        self._show()

    def shown_with(self, reporter: Reporter) -> Callable[[RunEvent], None]:
        """What a run's events do: progress moves this bar, a note is said on standard
        error, and what is reported goes to ``reporter``."""
        from notation.check.validator import GameReport
        from notation.run.validation import Note, Read

        def take(event: RunEvent) -> None:
            if isinstance(event, Read):
                self.read(event.done)
            elif isinstance(event, Note):
                note(event.text)
            else:
                if isinstance(event, GameReport):
                    self.game()
                reporter.take(event)

        return take

    def _show(self) -> None:
        if self.due():
            self.update(completed=self.done, description=f"{self.games} games")

    def made(self) -> tuple[Progress, TaskID]:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            DownloadColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            DownloadColumn(),
            TimeElapsedColumn(),
            # Lines printed above the bar are never cut at its width.
            console=Console(stderr=True, soft_wrap=True),
            transient=True,
        )
        return bar, bar.add_task("validating", total=self.total)


command = validate
"""The command :mod:`cli.main` registers."""
