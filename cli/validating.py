"""What ``validate`` does with its options, without Typer: the Typer command
(:mod:`cli.commands.validate`) and the quick path (:mod:`cli.quick`) both run it, so that
the two print and end alike.

:data:`VOCABULARY` lists the options as the command line spells them, each with what it
takes, and :class:`Options` their defaults; ``tests/cli/test_quick.py`` checks both against
the Typer command's, which also gives the help.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable

from notation.games.registry import GAMES
from notation.plain import Frozen, Plain
from notation.run.names import FORMATS

from .basics import OUTPUT, Found, colored, fail, look_up_config, note, plural, say, writable
from .progress import LateProgress, terminal

# What the run needs is imported in the functions: the quick path reads its options first.
TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from pathlib import Path
    from typing import NoReturn

    from rich.progress import Progress, TaskID

    from notation.run.formats import Page, Reporter, Writer
    from notation.run.settings import Settings, SettingsError
    from notation.run.validation import RunEvent


class Options(Plain):
    """The options of ``validate``, each as the Typer command hands it over."""

    _fields = (
        "paths",
        "game",
        "dialect",
        "format_",
        "output",
        "fail_level",
        "exit_zero",
        "select",
        "ignore",
        "statistics",
        "jobs",
        "duplicates",
        "encoding",
        "allow_empty",
        "scheduler",
        "scheduler_timeout",
        "cache_dir",
        "no_cache",
        "config_file",
        "isolated",
    )
    __slots__ = _fields

    def __init__(
        self,
        paths: list[str],
        game: str | None = None,
        dialect: list[str] | None = None,
        format_: str | None = None,
        output: Path | None = None,
        fail_level: str | None = None,
        exit_zero: bool = False,
        select: list[str] | None = None,
        ignore: list[str] | None = None,
        statistics: bool = False,
        jobs: int | None = None,
        duplicates: bool = False,
        encoding: str = "auto",
        allow_empty: bool = False,
        scheduler: str | None = None,
        scheduler_timeout: float = 10.0,
        cache_dir: str | None = None,
        no_cache: bool = False,
        config_file: Path | None = None,
        isolated: bool = False,
    ) -> None:
        self.paths = paths
        self.game = game
        self.dialect = dialect
        self.format_ = format_
        self.output = output
        self.fail_level = fail_level
        self.exit_zero = exit_zero
        self.select = select
        self.ignore = ignore
        self.statistics = statistics
        self.jobs = jobs
        self.duplicates = duplicates
        self.encoding = encoding
        self.allow_empty = allow_empty
        self.scheduler = scheduler
        self.scheduler_timeout = scheduler_timeout
        self.cache_dir = cache_dir
        self.no_cache = no_cache
        self.config_file = config_file
        self.isolated = isolated


class Spelled(Frozen):
    """An option of ``validate`` as the command line spells it: its ``names``, the field
    of :class:`Options` it sets, and what it takes: ``flag`` (nothing: it sets ``True``),
    ``text``, ``int``, ``float`` or ``path``; ``many`` when it may be repeated;
    ``choices``, taken in any case (:func:`cli.basics.one_of`), when it names one."""

    _fields = ("names", "field", "takes", "many", "choices")
    __slots__ = _fields
    names: tuple[str, ...]
    field: str
    takes: str
    many: bool
    choices: tuple[str, ...]

    def __init__(
        self,
        names: tuple[str, ...],
        field: str,
        takes: str,
        many: bool = False,
        choices: tuple[str, ...] = (),
    ) -> None:
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "field", field)
        object.__setattr__(self, "takes", takes)
        object.__setattr__(self, "many", many)
        object.__setattr__(self, "choices", choices)


FAIL_LEVELS = ("error", "warning")
"""The values of ``--fail-level``."""

VOCABULARY = (
    Spelled(("--game", "-g"), "game", "text", choices=tuple(GAMES)),
    Spelled(("--dialect",), "dialect", "text", many=True),
    Spelled(("--format", "-f"), "format_", "text", choices=FORMATS),
    Spelled(("--output", "-o"), "output", "path"),
    Spelled(("--fail-level",), "fail_level", "text", choices=FAIL_LEVELS),
    Spelled(("--exit-zero",), "exit_zero", "flag"),
    Spelled(("--select",), "select", "text", many=True),
    Spelled(("--ignore",), "ignore", "text", many=True),
    Spelled(("--statistics",), "statistics", "flag"),
    Spelled(("--jobs", "-j"), "jobs", "int"),
    Spelled(("--duplicates",), "duplicates", "flag"),
    Spelled(("--encoding",), "encoding", "text"),
    Spelled(("--allow-empty",), "allow_empty", "flag"),
    Spelled(("--scheduler",), "scheduler", "text"),
    Spelled(("--scheduler-timeout",), "scheduler_timeout", "float"),
    Spelled(("--cache-dir",), "cache_dir", "text"),
    Spelled(("--no-cache",), "no_cache", "flag"),
    Spelled(("--config",), "config_file", "path"),
    Spelled(("--isolated", "--no-config"), "isolated", "flag"),
)
"""The options of ``validate`` other than the common ones (:mod:`cli.vocabulary`)."""


class Prepared(Frozen):
    """A validation ready to run: its options, its configuration (:class:`Found`) and its
    settings, or the option that cannot be used (``unusable``). Nothing is said until it
    runs."""

    _fields = ("options", "found", "settings", "unusable")
    __slots__ = _fields
    options: Options
    found: Found
    settings: Settings | None
    unusable: SettingsError | None

    def __init__(
        self,
        options: Options,
        found: Found,
        settings: Settings | None,
        unusable: SettingsError | None,
    ) -> None:
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "found", found)
        object.__setattr__(self, "settings", settings)
        object.__setattr__(self, "unusable", unusable)

    def run(self) -> NoReturn:
        """Say the configuration files passed over, end on a configuration that cannot
        be used or (raised) an option that cannot, else validate and exit with the run's
        status."""
        self.found.said()
        if self.unusable is not None:
            raise self.unusable
        assert self.settings is not None
        _validate(self.options, self.settings)


def prepare(options: Options) -> Prepared:
    """The validation ``options`` ask for, its configuration looked up and its settings
    made, nothing said (:class:`Prepared`)."""
    from notation.run.settings import SettingsError, settings_from

    found = look_up_config(options.config_file, options.isolated)
    if found.problem is not None:
        return Prepared(options, found, None, None)
    try:
        settings = settings_from(
            config=found.config,
            game=options.game,
            dialects=options.dialect,
            format=options.format_,
            fail_level=options.fail_level,
            select=options.select,
            ignore=options.ignore,
            exit_zero=options.exit_zero,
            duplicates=options.duplicates,
            encoding=options.encoding,
            allow_empty=options.allow_empty,
            jobs=options.jobs,
            scheduler=options.scheduler,
            scheduler_timeout=options.scheduler_timeout,
            cache_dir=options.cache_dir,
            no_cache=options.no_cache,
        )
    except SettingsError as error:
        return Prepared(options, found, None, error)
    return Prepared(options, found, settings, None)


def _report_page() -> Page:
    """The HTML report's page (imported only when that report is asked for)."""
    from notation.pages.report import ReportPage

    return ReportPage()


def _validate(options: Options, settings: Settings) -> NoReturn:
    """Validate the inputs ``options`` name with ``settings``: the report on standard
    output (or ``--output``), progress and the summary on standard error; exit with the
    run's status."""
    from notation.io.files import Input, expand
    from notation.io.output import atomic_output, flush_stdout, spooled_stdout
    from notation.run.formats import reporters
    from notation.run.validation import validate as run_validation

    output = options.output
    inputs = list(expand(options.paths))
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
            from .display import ColoredTextReporter

            reporter = ColoredTextReporter(out)
        lost: tuple[type[Exception], ...] = ()
        if settings.scheduler is not None:  # only a run on a cluster can lose it
            from notation.run.distributed import ClusterError

            lost = (ClusterError,)
        try:
            summary = run_validation(inputs, settings, on_event=progress.shown_with(reporter))
        except lost as error:
            fail(str(error))
        reporter.finish(summary)
        if output is None:
            flush_stdout()
    if options.statistics:
        from notation.diagnostics import CODES

        for code, count in sorted(summary.codes.items(), key=lambda item: (-item[1], item[0])):
            known = CODES[code]
            say(f"{count:>6}  {code:<7} {known.severity:<8} {known.summary}")
    errors, warnings, notices = summary.errors, summary.warnings, summary.notices
    note(
        f"{summary.games} {plural(summary.games, 'game')} in "
        f"{summary.files} {plural(summary.files, 'file')}: "
        f"{errors} {plural(errors, 'error')}, "
        f"{warnings} {plural(warnings, 'warning')}, "
        f"{notices} {plural(notices, 'notice')}"
    )
    raise SystemExit(summary.exit_status)


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
        from notation.check.report import GameReport
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
